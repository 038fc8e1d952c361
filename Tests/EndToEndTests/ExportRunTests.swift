import Benchmarking
import Foundation
import Reporting
import SpringBenchCLI
import Testing
import _CLITestSupport
import _ResultsTestSupport

extension RunsAlone {
    /// `--export` on real runs: `bench` timing a cell, `compare-builds` starting this springbench twice.
    @Suite struct ExportRunTests {
        @Test("bench --export writes every export of the run it measured", .timeLimit(.minutes(5)))
        func benchExports() throws {
            let (directory, _, output) = try CLIRunner.resultsWorkspace()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let outcome = SpringBenchCLI.run([
                "bench", "--quick", "--kernels", "add", "--backends", "naive,simd", "--sizes", "16", "--samples", "3",
                "--probe-trials", "1", "--no-workloads", "--no-cache-check", "--no-yardstick", "--output",
                output + "/r.json", "--export", "csv=\(output)/cells.csv", "--export", "samples-csv=\(output)/s.csv",
                "--export", "github-action-benchmark=\(output)/gab/bench.json",
            ])
            #expect(outcome.status == 0, "\(outcome)")
            let cells = ExportCells.cells(of: try BenchmarkResults.load(from: output + "/r.json"))
            #expect(cells.map(\.name) == ["add.naive.16", "add.simd.16"])
            for (file, format) in [
                ("cells.csv", ExportFormat.csv), ("s.csv", .samplesCSV), ("gab/bench.json", .githubActionBenchmark),
            ] {
                #expect(
                    try String(contentsOfFile: output + "/" + file, encoding: .utf8)
                        == Export.render(cells, as: format), "\(file)")
            }
        }

        @Test(
            "compare-builds --export writes both sides of the pair it kept (A/A with this springbench)",
            .timeLimit(.minutes(5)))
        func compareBuildsExports() throws {
            let (directory, _, output) = try CLIRunner.resultsWorkspace()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let executable = CLIRunner.executable
            let outcome = SpringBenchCLI.run([
                "compare-builds", executable, executable, "--sizes", "16", "--kernels", "add", "--backends", "naive",
                "--epochs", "1", "--samples", "12", "--probe-trials", "1", "--keep", output + "/kept", "--export",
                "csv=\(output)/pair.csv", "--export", "bencher=\(output)/pair.json",
            ])
            // The exports are the subject here, not the verdict (an A/A run may flag by chance).
            #expect(outcome.status == 0 || outcome.status == 1, "\(outcome)")
            let cells = ExportCells.paired(
                baseline: try BenchmarkResults.load(from: output + "/kept/baseline.json"),
                current: try BenchmarkResults.load(from: output + "/kept/current.json"))
            #expect(cells.map(\.name) == ["add.naive.16", "add.naive.16@baseline"])
            #expect(cells.allSatisfy { $0.samples.count == 12 })
            #expect(try String(contentsOfFile: output + "/pair.csv", encoding: .utf8) == Export.render(cells, as: .csv))
            #expect(
                try String(contentsOfFile: output + "/pair.json", encoding: .utf8) == Export.render(cells, as: .bencher)
            )
        }
    }
}
