import Benchmarking
import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport

extension RunsAlone {
    /// `compare-builds --target-precision` wired to the real run: epochs are
    /// added to the kept pair batch after batch, up to 100. An A/A run of this
    /// springbench at 16 points. The stopping rule itself (met, 100 epochs, the
    /// budget, the wider half, the names) is `PrecisionGoal`'s, tested on
    /// scripted runs in RegressionGateTests/PrecisionGoalTests.swift.
    @Suite(.serialized) struct CompareBuildsPrecisionTests {
        static func run(_ extra: [String]) throws -> (
            SpringBenchCLI.Outcome, BenchmarkResults, BenchmarkResults, String
        ) {
            let directory = CLIRunner.temporaryDirectory()
            let executable = CLIRunner.executable
            let outcome = SpringBenchCLI.run(
                [
                    "compare-builds", executable, executable, "--sizes", "16", "--kernels", "add", "--backends",
                    "naive",
                    "--samples", "3", "--probe-trials", "1", "--keep", directory + "/kept", "--format", "plain",
                ] + extra)
            let baseline = try BenchmarkResults.load(from: directory + "/kept/baseline.json")
            let current = try BenchmarkResults.load(from: directory + "/kept/current.json")
            return (outcome, baseline, current, directory)
        }

        @Test(
            "Epochs are added epoch after epoch up to 100: the kept pair holds them all, judged like one long run",
            .timeLimit(.minutes(8)))
        func epochsAdded() throws {
            let (outcome, baseline, current, directory) = try Self.run(["--epochs", "50", "--target-precision", "0.1%"])
            defer { try? FileManager.default.removeItem(atPath: directory) }
            #expect(outcome.status == 0 || outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("50 more epochs"), "\(outcome)")
            #expect(outcome.stderr.contains("in 100 epochs (100 epochs)"), "\(outcome)")
            for side in [baseline, current] {
                #expect(side.configuration.pairing?.epochs == 100)
                #expect(side.configuration.samples == 300)
                #expect(side.measurements.allSatisfy { $0.samples.count == 300 })
                #expect(side.measurements[0].summary.median == SampleStatistics.median(side.measurements[0].samples))
            }
            #expect(baseline.configuration.pairing?.isPair(of: current.configuration.pairing) == true)
            // `compare` of the kept pair reads 100 epochs of 3 pairs each.
            let judged = SpringBenchCLI.run([
                "compare", directory + "/kept/baseline.json", directory + "/kept/current.json", "--format", "plain",
            ])
            #expect(judged.status == 0 || judged.status == 1, "\(judged)")
            #expect(judged.stdout.contains("100 epochs"), "\(judged)")
        }
    }
}
