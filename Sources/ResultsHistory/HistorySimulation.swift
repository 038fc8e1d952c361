import Foundation

/// Simulated histories of one timed cell, seeded and deterministic: the
/// measurement of ``StepDetector``'s false-alarm rate and power
/// (Guides/History.md; `HistorySimulationTests` runs it).
///
/// Noise model: each history draws σ uniformly in [0.01, 0.05]; each
/// commit's median is `level · exp(σ·z)`, z standard normal, so 95 % of a
/// history's per-commit medians lie within ±2 % (quiet) to ±10 % (noisy) of
/// its level — the spread of per-commit medians seen on this shared machine.
public enum HistorySimulation {
    /// What is injected into a history of `commits` commits.
    public enum Change: Sendable, Equatable {
        case none
        /// Every commit from `at` on is `1 + fraction` times slower.
        case step(fraction: Double, at: Int)
        /// A ramp over the last `commits` commits: from the first of them on, each
        /// `1 + perCommit` times slower than the one before (`commits − 1` rises, as
        /// a slide over those commits is measured).
        case drift(perCommit: Double, commits: Int)
    }

    /// SplitMix64 (Steele, Lea and Flood 2014): small, seeded, the same on every platform.
    public struct Generator: RandomNumberGenerator, Sendable {
        var state: UInt64
        public init(seed: UInt64) { state = seed }
        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// A standard normal value (Box–Muller).
        package mutating func normal() -> Double {
            let u = Double.random(in: Double.ulpOfOne..<1, using: &self)
            let v = Double.random(in: 0..<1, using: &self)
            return (-2 * Foundation.log(u)).squareRoot() * cos(2 * Double.pi * v)
        }
    }

    /// One history's per-commit medians (level 1000 ns).
    public static func history(
        commits: Int, change: Change, sigma: Double, using generator: inout Generator
    ) -> [Double] {
        (0..<commits).map { index in
            var level = 1000.0
            switch change {
            case .none: break
            case .step(let fraction, let at): if index >= at { level *= 1 + fraction }
            case .drift(let perCommit, let count):
                let start = commits - count
                if index > start { level *= pow(1 + perCommit, Double(index - start)) }
            }
            return level * exp(sigma * generator.normal())
        }
    }

    /// Rates over `histories` simulated histories.
    public struct Rates: Sendable, Equatable, CustomStringConvertible {
        /// Histories where `check` reported anything (a step or a slide at the newest commit).
        public var checkFindings: Double
        /// Histories where `check` reported a step.
        public var checkSteps: Double
        /// Histories where `check` reported a slide.
        public var checkSlides: Double
        /// Histories where the change-point method found any step (as the report marks them).
        public var anyStep: Double
        /// Histories where it found a step within ±2 commits of the injected one.
        public var stepPlaced: Double

        public var description: String {
            String(
                format: "check %.1f %% (step %.1f %%, slide %.1f %%), any step %.1f %%, step placed ±2 %.1f %%",
                checkFindings * 100, checkSteps * 100, checkSlides * 100, anyStep * 100, stepPlaced * 100)
        }
    }

    /// Simulates `histories` histories of `commits` commits with `change` and measures the detector.
    public static func rates(
        histories: Int = 1000, commits: Int = 200, change: Change, seed: UInt64,
        detector: StepDetector = StepDetector()
    ) -> Rates {
        var generator = Generator(seed: seed)
        var findings = 0, steps = 0, slides = 0, anyStep = 0, placed = 0
        for _ in 0..<histories {
            let sigma = Double.random(in: 0.01...0.05, using: &generator)
            let values = history(commits: commits, change: change, sigma: sigma, using: &generator)
            let points = values.enumerated().map { HistoryPoint(commit: "c\($0.offset)", value: $0.element) }
            let found = detector.checkTimed(points)
            if !found.isEmpty { findings += 1 }
            if found.contains(where: { if case .step = $0.kind { true } else { false } }) { steps += 1 }
            if found.contains(where: { if case .slide = $0.kind { true } else { false } }) { slides += 1 }
            let detected = detector.timedSteps(values)
            if !detected.isEmpty { anyStep += 1 }
            if case .step(_, let at) = change, detected.contains(where: { abs($0.index - at) <= 2 }) { placed += 1 }
        }
        let total = Double(histories)
        return Rates(
            checkFindings: Double(findings) / total, checkSteps: Double(steps) / total,
            checkSlides: Double(slides) / total, anyStep: Double(anyStep) / total, stepPlaced: Double(placed) / total)
    }
}
