import Foundation
import ResultsHistory
import Testing

/// The step detector's σ̂ is the noise of *one* commit's log value (Guides/History.md):
/// successive differences of independent values with noise σ have noise σ√2,
/// so 1.4826 · MAD(differences) estimates σ√2 and is divided by √2. Checked on
/// seeded Gaussian noise of known σ over 20 000 commits, where the MAD
/// estimator's standard error is about 1.67·σ/√n ≈ 1.2 % (and the differences'
/// dependence adds less than that): within 5 %, while an estimate of the
/// differences' own noise is 41 % high.
@Suite("history: the noise estimate is one commit's, not one difference's")
struct NoiseEstimateTests {
    /// Standard normal deviates from the simulator's seeded SplitMix64 stream: the same on every machine.
    static func gaussian(count: Int, seed: UInt64) -> [Double] {
        var generator = HistorySimulation.Generator(seed: seed)
        return (0..<count).map { _ in generator.normal() }
    }

    @Test("σ̂ of independent commits with σ = 0.5 %, 2 % and 10 % on any level is σ within 5 %")
    func estimatesOneCommit() {
        for (sigma, seed) in [(0.005, UInt64(1)), (0.02, 2), (0.1, 3)] {
            let logs = Self.gaussian(count: 20_000, seed: seed).map { log(250.0) + sigma * $0 }
            let estimate = StepDetector.noise(logs)
            #expect(abs(estimate / sigma - 1) < 0.05, "σ \(sigma): σ̂ \(estimate)")
        }
    }

    /// A step of 6 % in 30 + 30 commits of 1 % noise: with σ̂ = σ its statistic is about
    /// 0.058/(0.01·√(2/30)) ≈ 22.7, far past 4.5; the level change is found where it is.
    @Test("a 6 % step in 1 % noise is found at its commit")
    func findsTheStep() throws {
        let noise = Self.gaussian(count: 60, seed: 7)
        let values = (0..<60).map { 100 * exp(0.01 * noise[$0]) * ($0 >= 30 ? 1.06 : 1) }
        let steps = StepDetector().timedSteps(values)
        #expect(steps.map(\.index) == [30], "\(steps)")
    }
}

/// Read backwards, a history has the opposite slope and the same noise: the
/// medians behind both (of pairwise slopes, of successive differences and of
/// their deviations) treat an even count's two middle values alike, so no
/// direction of time is favoured. Checked on seeded noisy series of even and
/// odd pair counts.
@Suite("history: a series read backwards has the opposite slope and the same noise")
struct TimeReversalTests {
    @Test("Theil–Sen slope negates and σ̂ stays, bit for bit up to the sign, on 40 seeded series")
    func reversed() {
        for (offset, count) in (4...43).enumerated() {
            let noise = NoiseEstimateTests.gaussian(count: count, seed: 100 + UInt64(offset))
            let logs = (0..<count).map { 0.002 * Double($0) + 0.01 * noise[$0] }
            let backwards = Array(logs.reversed())
            #expect(
                StepDetector.theilSen(backwards) == -StepDetector.theilSen(logs),
                "\(count) commits: \(StepDetector.theilSen(backwards)) vs \(StepDetector.theilSen(logs))")
            #expect(StepDetector.noise(backwards) == StepDetector.noise(logs), "\(count) commits")
        }
    }
}

/// The simulator behind the detector's measured false-alarm rate and power
/// (Guides/History.md): without noise its histories are exactly the change
/// injected — a step from commit `at` on, a ramp of `commits − 1` rises over
/// the last `commits` commits — so the rates are measured against the commit
/// the change really starts at.
@Suite("history simulation: without noise, exactly the change injected")
struct SimulationShapeTests {
    @Test("a 10 % step at commit 5 of 12; a 1 % ramp over the last 4 of 10; nothing")
    func shapes() {
        var generator = HistorySimulation.Generator(seed: 9)
        let step = HistorySimulation.history(
            commits: 12, change: .step(fraction: 0.1, at: 5), sigma: 0, using: &generator)
        #expect(step == Array(repeating: 1000, count: 5) + Array(repeating: 1000 * 1.1, count: 7), "\(step)")
        let ramp = HistorySimulation.history(
            commits: 10, change: .drift(perCommit: 0.01, commits: 4), sigma: 0, using: &generator)
        #expect(ramp == Array(repeating: 1000, count: 7) + (1...3).map { 1000 * pow(1.01, Double($0)) }, "\(ramp)")
        let flat = HistorySimulation.history(commits: 6, change: .none, sigma: 0, using: &generator)
        #expect(flat == Array(repeating: 1000, count: 6))
    }
}
