import Benchmarking
import RegressionGate
import Testing
import _ResultsTestSupport

/// What `compare` concludes on samples whose truth the test chose.
@Suite struct ComparisonVerdictTests {
    @Test("Unchanged code (same spread, other seed) shows no regression and exit 0")
    func unchangedPasses() throws {
        let comparison = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(seed: 99))
        #expect(comparison.exitCode == 0)
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.improvements.isEmpty)
        #expect(comparison.markdown.hasPrefix("### No regression"))
    }

    @Test("A run 30 % slower everywhere is a regression in every cell, exit 1")
    func thirtyPercentSlowerRegresses() throws {
        let comparison = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(factor: 1.3, seed: 2))
        #expect(comparison.exitCode == 1)
        #expect(comparison.regressions.count == SyntheticRuns.cells.count)
        #expect(comparison.headline.hasPrefix("Regression in "))
        #expect(comparison.markdown.hasPrefix("### Regression"))
        for row in comparison.rows {
            #expect(row.interval.lower > 1.1 && row.interval.contains(1.3))
        }
    }

    @Test("A faster run passes and says improved")
    func fasterIsImproved() throws {
        let comparison = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(factor: 0.7, seed: 2))
        #expect(comparison.exitCode == 0)
        #expect(comparison.improvements.count == SyntheticRuns.cells.count)
        #expect(comparison.headline.contains("improved"))
        #expect(comparison.markdown.contains("| improved |"))
    }

    @Test("Only the slowed backend's cells regress")
    func regressionIsLocalised() throws {
        let comparison = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(seed: 2, factorFor: ["simd": 2]))
        #expect(Set(comparison.regressions.map(\.cell.backend)) == ["simd"])
        #expect(comparison.regressions.count == 2)
    }

    @Test("A change near the threshold with overlapping intervals is not flagged")
    func nearThresholdIsNotFlagged() throws {
        // 12 % slower with ±30 % spread and 11 samples: the interval reaches
        // below +10 %, so the change is not proven beyond the threshold.
        let comparison = try SyntheticRuns.compare(
            SyntheticRuns.results(spread: 0.3, count: 11, seed: 1),
            SyntheticRuns.results(factor: 1.12, spread: 0.3, count: 11, seed: 2))
        #expect(comparison.exitCode == 0)
        #expect(comparison.regressions.isEmpty)
        #expect(comparison.rows.allSatisfy { $0.interval.lower < 1.1 })
        #expect(!comparison.inconclusive.isEmpty)
    }

    @Test("A per-kernel threshold override decides for that kernel only")
    func perKernelThreshold() throws {
        let baseline = SyntheticRuns.results(spread: 0.01, seed: 1)
        let current = SyntheticRuns.results(factor: 1.2, spread: 0.01, seed: 2)
        let comparison = try SyntheticRuns.compare(
            baseline, current, thresholds: RegressionThresholds(defaultFraction: 0.1, kernelFractions: ["add": 0.5]))
        #expect(Set(comparison.regressions.map(\.cell.kernel)) == [.axpy, .magnitudeSquared])
        #expect(comparison.rows.filter { $0.cell.kernel == .add }.allSatisfy { $0.verdict == .unchanged })
    }

    @Test("The bootstrap is seeded: the same inputs give the same intervals")
    func reproducible() throws {
        let first = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(factor: 1.05, seed: 2))
        let second = try SyntheticRuns.compare(
            SyntheticRuns.results(seed: 1), SyntheticRuns.results(factor: 1.05, seed: 2))
        #expect(first.rows == second.rows)
    }

    @Test("Swapping baseline and current swaps regressed and improved")
    func symmetry() throws {
        let slow = SyntheticRuns.results(factor: 1.5, seed: 2), fast = SyntheticRuns.results(seed: 1)
        let forward = try SyntheticRuns.compare(fast, slow), backward = try SyntheticRuns.compare(slow, fast)
        #expect(forward.regressions.count == backward.improvements.count)
        #expect(forward.improvements.count == backward.regressions.count)
    }

    @Test("Instruction counts are exact: 2× is a regression, equal is unchanged, the interval is a point")
    func instructionCounts() throws {
        let baseline = SyntheticRuns.counts(perElement: [:])
        let doubled = SyntheticRuns.counts(perElement: ["simd": 3.0])
        let regressed = try Comparison(
            baseline: .instructions(baseline), baselinePath: "b", current: .instructions(doubled), currentPath: "c")
        #expect(regressed.exitCode == 1)
        #expect(Set(regressed.regressions.map(\.cell.backend)) == ["simd"])
        #expect(regressed.rows.allSatisfy { $0.interval.lower == $0.interval.upper })
        let same = try Comparison(
            baseline: .instructions(baseline), baselinePath: "b", current: .instructions(baseline), currentPath: "c")
        #expect(same.exitCode == 0 && same.rows.allSatisfy { $0.verdict == .unchanged })
        let improved = try Comparison(
            baseline: .instructions(doubled), baselinePath: "b", current: .instructions(baseline), currentPath: "c")
        #expect(improved.exitCode == 0 && improved.improvements.count == 2)
    }

    @Test("An 11 % exact change regresses at 10 % and not at 15 %")
    func exactThreshold() throws {
        let baseline = SyntheticRuns.counts(perElement: ["simd": 2.0])
        let current = SyntheticRuns.counts(perElement: ["simd": 2.22])
        let strict = try Comparison(
            baseline: .instructions(baseline), baselinePath: "b", current: .instructions(current), currentPath: "c")
        #expect(strict.regressions.count == 2)
        let lenient = try Comparison(
            baseline: .instructions(baseline), baselinePath: "b", current: .instructions(current), currentPath: "c",
            thresholds: RegressionThresholds(defaultFraction: 0.15))
        #expect(lenient.regressions.isEmpty)
    }
}
