import Benchmarking
import Foundation

/// One commit's value of one cell in a history: the per-commit median
/// (nanoseconds per call) or the instruction count, oldest first.
public struct HistoryPoint: Sendable, Equatable {
    public var commit: String
    public var value: Double

    public init(commit: String, value: Double) {
        self.commit = commit
        self.value = value
    }
}

/// A change of level between two commits: `index` is the first commit of the new level.
public struct HistoryStep: Sendable, Equatable {
    public var index: Int
    /// New level over old level (1.10: 10 % slower).
    public var ratio: Double

    public init(index: Int, ratio: Double) {
        self.index = index
        self.ratio = ratio
    }
}

/// What `history check` found in one series.
public struct HistoryFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A slower level that runs to the newest commit, starting at `step.index`.
        case step(HistoryStep)
        /// An accumulated change over the last `commits` commits (Theil–Sen).
        case slide(accumulated: Double, commits: Int)
    }

    public var kind: Kind
    public var commits: [String]

    public var description: String {
        switch kind {
        case .step(let step):
            return String(
                format: "step %+.1f %% at commit %@ (the newest is on the new level)", (step.ratio - 1) * 100,
                commits[step.index])
        case .slide(let accumulated, let count):
            return String(
                format: "slide %+.1f %% over the last %d commits (Theil–Sen)", accumulated * 100, count)
        }
    }
}

/// Steps and slides in a series of per-commit values (Guides/History.md).
///
/// - Instruction counts are deterministic: every change is a step.
/// - Times: binary segmentation on the logarithms of the per-commit medians
///   with a two-segment statistic (a CUSUM split), where σ̂ is
///   the robust per-commit noise (1.4826 · MAD of successive differences ÷ √2).
///   A split is kept when |mean₂ − mean₁| ÷ (σ̂ √(1/n₁ + 1/n₂)) exceeds
///   ``StepDetector/criticalValue`` and the change is at least
///   ``StepDetector/minimumEffect``. A slide is the Theil–Sen slope over the
///   last K commits, with the detected steps taken out, times K − 1.
public struct StepDetector: Sendable, Equatable {
    /// The two-segment statistic a split must exceed.
    public var criticalValue: Double
    /// The smallest relative change reported as a step (0.03: 3 %), either
    /// way: a rise to at least 1.03 of the level before, or a fall to at most 1/1.03 of it.
    public var minimumEffect: Double
    /// The accumulated slide over the window that is a finding (0.10: 10 %).
    public var threshold: Double
    /// Commits the slide is measured over (K).
    public var window: Int

    public init(criticalValue: Double = 4.5, minimumEffect: Double = 0.03, threshold: Double = 0.10, window: Int = 20) {
        self.criticalValue = criticalValue
        self.minimumEffect = minimumEffect
        self.threshold = threshold
        self.window = window
    }

    /// Every change of an exact count: each commit whose value differs from the one before.
    public static func exactSteps(_ values: [Double]) -> [HistoryStep] {
        guard values.count >= 2 else { return [] }
        return (1..<values.count).compactMap { index in
            values[index] == values[index - 1]
                ? nil : HistoryStep(index: index, ratio: values[index] / values[index - 1])
        }
    }

    /// The robust noise of one commit's log value: 1.4826 · MAD of successive differences ÷ √2.
    static func noise(_ logs: [Double]) -> Double {
        guard logs.count >= 3 else { return 0 }
        let differences = zip(logs.dropFirst(), logs).map { $0 - $1 }
        let center = median(differences)
        return 1.4826 * median(differences.map { abs($0 - center) }) / 2.squareRoot()
    }

    /// Change points of timed values (positive), oldest first.
    public func timedSteps(_ values: [Double]) -> [HistoryStep] {
        let logs = values.map { Foundation.log($0) }
        let sigma = max(Self.noise(logs), 1e-4)
        var prefix = [0.0]
        for value in logs { prefix.append(prefix.last! + value) }
        func mean(_ range: Range<Int>) -> Double {
            (prefix[range.upperBound] - prefix[range.lowerBound]) / Double(range.count)
        }
        var found: [Int] = []
        var pending = [0..<values.count]
        while let segment = pending.popLast() {
            guard segment.count >= 2 else { continue }
            var best: (index: Int, statistic: Double)?
            for split in (segment.lowerBound + 1)..<segment.upperBound {
                let left = segment.lowerBound..<split, right = split..<segment.upperBound
                let difference = abs(mean(right) - mean(left))
                let statistic =
                    difference / (sigma * (1 / Double(left.count) + 1 / Double(right.count)).squareRoot())
                if statistic > (best?.statistic ?? -1) { best = (split, statistic) }
            }
            guard let best, best.statistic > criticalValue else { continue }
            let left = segment.lowerBound..<best.index, right = best.index..<segment.upperBound
            // The effect on the log scale, so a step down is judged as its mirror up
            // (1/1.03 as 1.03): |exp(d) − 1| would let a 3 % rise pass and its mirror fall not.
            guard abs(mean(right) - mean(left)) >= Foundation.log(1 + minimumEffect) else { continue }
            found.append(best.index)
            pending.append(left)
            pending.append(right)
        }
        found.sort()
        // Each step's ratio: the level after it over the level before it, between its neighbours.
        let bounds = [0] + found + [values.count]
        return found.enumerated().map { offset, index in
            let before = bounds[offset]..<index, after = index..<bounds[offset + 2]
            return HistoryStep(index: index, ratio: exp(mean(after) - mean(before)))
        }
    }

    /// The Theil–Sen slope (median of pairwise slopes) of `values` against their index.
    static func theilSen(_ values: [Double]) -> Double {
        var slopes: [Double] = []
        for i in values.indices {
            for j in values.indices where j > i { slopes.append((values[j] - values[i]) / Double(j - i)) }
        }
        return slopes.isEmpty ? 0 : median(slopes)
    }

    /// What `history check` reports for one timed series: a slower level
    /// reaching the newest commit that began within the last K commits, and
    /// the accumulated slide over the last K commits beyond ``threshold``.
    public func checkTimed(_ points: [HistoryPoint]) -> [HistoryFinding] {
        let values = points.map(\.value)
        let commits = points.map(\.commit)
        guard values.count >= 3 else { return [] }
        let steps = timedSteps(values)
        var logs = values.map { Foundation.log($0) }
        var findings: [HistoryFinding] = []
        let windowStart = max(0, values.count - window)
        // A ramp is cut into steps by the split search; inside the window a
        // step is kept only when two levels fit better than a line (L1).
        var kept: [HistoryStep] = []
        for step in steps {
            let segment = Array(logs[windowStart...])
            let local = step.index - windowStart
            if local > 0, local < segment.count, Self.lineFitsBetter(segment, split: local) { continue }
            kept.append(step)
        }
        if let last = kept.last, last.index >= windowStart, last.ratio > 1 + minimumEffect {
            findings.append(HistoryFinding(kind: .step(last), commits: commits))
        }
        // Take the kept steps out before measuring the slide.
        for step in kept {
            for index in step.index..<logs.count { logs[index] -= Foundation.log(step.ratio) }
        }
        let recent = Array(logs[windowStart...])
        if recent.count >= 3 {
            let accumulated = exp(Self.theilSen(recent) * Double(recent.count - 1)) - 1
            if accumulated > threshold {
                findings.append(
                    HistoryFinding(kind: .slide(accumulated: accumulated, commits: recent.count), commits: commits))
            }
        }
        return findings
    }

    /// Whether a Theil–Sen line fits `logs` with a smaller sum of absolute
    /// residuals than two levels (medians) split at `split`.
    static func lineFitsBetter(_ logs: [Double], split: Int) -> Bool {
        let slope = theilSen(logs)
        let intercept = median(logs.enumerated().map { $1 - slope * Double($0) })
        let lineError = logs.enumerated().reduce(0) { $0 + abs($1.element - intercept - slope * Double($1.offset)) }
        let left = median(Array(logs[..<split])), right = median(Array(logs[split...]))
        let levelError = logs.enumerated().reduce(0) { $0 + abs($1.element - ($1.offset < split ? left : right)) }
        return lineError < levelError
    }

    /// What `history check` reports for an instruction-count series: the
    /// newest commit's count above the one before (any increase).
    public static func checkExact(_ points: [HistoryPoint]) -> [HistoryFinding] {
        guard points.count >= 2, let last = exactSteps(points.map(\.value)).last, last.index == points.count - 1,
            last.ratio > 1
        else { return [] }
        return [HistoryFinding(kind: .step(last), commits: points.map(\.commit))]
    }

    /// The one median of the project (``SampleStatistics/median(_:)``), NaN for no values.
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : SampleStatistics.median(values)
    }
}
