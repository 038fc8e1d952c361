import Benchmarking
import RegressionGate
import Testing
import _ResultsTestSupport

/// Several runs per side: the bootstrap resamples runs, then samples.
@Suite struct RunsComparisonTests {
    func runs(_ factors: [Double], seed: UInt64) -> [(ResultsDocument, String)] {
        factors.enumerated().map { index, factor in
            (
                .wallClock(SyntheticRuns.results(factor: factor, spread: 0.02, seed: seed &+ UInt64(index))),
                "run\(index).json"
            )
        }
    }

    @Test("A whole-run shift of unchanged code flags one run against another, but not interleaved runs")
    func runShiftsWidenTheInterval() throws {
        // One pair: the machine was 35 % slower during the second run.
        let single = try Comparison(baselines: runs([1.0], seed: 1), currents: runs([1.35], seed: 9))
        #expect(single.hasRegression)
        // The same machine states on both sides, as interleaved runs see them.
        let interleaved = try Comparison(
            baselines: runs([1.0, 1.35, 1.1], seed: 1), currents: runs([1.35, 1.0, 1.1], seed: 9))
        #expect(!interleaved.hasRegression)
        #expect(interleaved.rows.allSatisfy { $0.interval.upper > 1.1 || $0.interval.lower < 1 / 1.1 })
    }

    @Test("Doubled work is still flagged through run-to-run shifts")
    func doubledWorkIsFlagged() throws {
        let comparison = try Comparison(
            baselines: runs([1.0, 1.2, 1.1], seed: 1), currents: runs([2.0, 2.4, 2.2], seed: 9))
        #expect(comparison.regressions.count == SyntheticRuns.cells.count)
        #expect(comparison.exitCode == 1)
    }

    @Test("Runs of different machines on one side are refused")
    func mixedMachinesRefused() {
        let mixed: [(ResultsDocument, String)] = [
            (.wallClock(SyntheticRuns.results(seed: 1)), "a.json"),
            (.wallClock(SyntheticRuns.results(seed: 2, cpu: "Other CPU")), "b.json"),
        ]
        #expect(throws: ComparisonError.self) { _ = try Comparison(baselines: mixed, currents: runs([1.0], seed: 3)) }
    }
}
