import Benchmarking
import Foundation
import Reporting
import SpringBenchCLI
import SpringBenchFiles
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// `export-results`, and `--export` on `bench` and `compare-builds`, in process.
@Suite struct ExportCommandTests {
    static func workspace() throws -> (directory: String, input: String, output: String) {
        try CLIRunner.resultsWorkspace()
    }

    @Test(
        "export-results writes each format, byte for byte what the exporter renders", arguments: ExportFormat.allCases)
    func exportResults(_ format: ExportFormat) throws {
        let (directory, input, output) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = output + "/export.\(format.rawValue)"
        let outcome = SpringBenchCLI.run([
            "export-results", "--input", input, "--format", format.rawValue, "--output", path,
        ])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("wrote") && outcome.stdout.contains("4 cells"), "\(outcome)")
        let expected = try Export.render(ExportCells.cells(of: try BenchmarkResults.load(from: input)), as: format)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == expected)
        #expect(CLIRunner.contents(of: output) == ["export.\(format.rawValue)"])
    }

    @Test("export-results --output - writes the export alone to standard output and no file")
    func exportToStandardOutput() throws {
        let (directory, input, output) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for format in ExportFormat.allCases {
            let outcome = SpringBenchCLI.run([
                "export-results", "--input", input, "--format", format.rawValue, "--output", "-",
            ])
            #expect(outcome.status == 0, "\(outcome)")
            let expected = try Export.render(ExportCells.cells(of: try BenchmarkResults.load(from: input)), as: format)
            #expect(outcome.stdout == expected, "\(format)")
        }
        #expect(CLIRunner.contents(of: output).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    /// The two files `compare-builds --keep` writes, tied by a pairing record.
    static func pair(in directory: String, id: String = "pair-1", otherID: String = "pair-1") throws -> (String, String)
    {
        var baseline = SyntheticRuns.results(seed: 4), current = SyntheticRuns.results(factor: 1.1, seed: 5)
        baseline.configuration.pairing = PairingRecord(
            id: id, role: "baseline", baselineExecutable: "a", currentExecutable: "b", epochs: 1, cpu: nil)
        current.configuration.pairing = PairingRecord(
            id: otherID, role: "current", baselineExecutable: "a", currentExecutable: "b", epochs: 1, cpu: nil)
        let paths = (directory + "/baseline.json", directory + "/current.json")
        try baseline.write(to: paths.0)
        try current.write(to: paths.1)
        return paths
    }

    @Test("export-results --baseline exports a kept pair: current plainly, the baseline with @baseline")
    func exportPair() throws {
        let (directory, _, output) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (baseline, current) = try Self.pair(in: directory)
        let outcome = SpringBenchCLI.run([
            "export-results", "--input", current, "--baseline", baseline, "--format", "bencher", "--output",
            output + "/pair.json",
        ])
        #expect(outcome.status == 0, "\(outcome)")
        let expected = try Export.render(
            ExportCells.paired(
                baseline: try BenchmarkResults.load(from: baseline), current: try BenchmarkResults.load(from: current)),
            as: .bencher)
        #expect(try String(contentsOfFile: output + "/pair.json", encoding: .utf8) == expected)
        #expect(expected.contains("\"add.simd.4Ki@baseline\"") && expected.contains("\"add.simd.4Ki\""))
    }

    @Test("export-results --baseline refuses a file of another pair: exit 2 naming --baseline, nothing written")
    func exportPairMismatch() throws {
        let (directory, _, output) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (baseline, current) = try Self.pair(in: directory, id: "pair-1", otherID: "pair-2")
        let outcome = SpringBenchCLI.run([
            "export-results", "--input", current, "--baseline", baseline, "--format", "csv", "--output",
            output + "/pair.csv",
        ])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1 && outcome.errorLines[0].contains("--baseline"), "\(outcome)")
        #expect(CLIRunner.contents(of: output).isEmpty)
    }

    /// (arguments with IN and OUT standing for the input file and the output
    /// directory, what the one error line must name).
    static let badInput: [([String], [String])] = [
        (
            ["export-results", "--input", "IN", "--format", "nope", "--output", "OUT/x"],
            ["--format", "csv, samples-csv, bencher, github-action-benchmark"]
        ),
        (["export-results", "--input", "IN", "--format", "CSV", "--output", "OUT/x"], ["--format"]),
        (["export-results", "--input", "IN", "--format", "csv", "--output", ""], ["--output"]),
        (["export-results", "--input", "IN", "--format", "csv", "--output", "OUT"], ["--output"]),
        (["export-results", "--input", "OUT/missing.json", "--format", "csv", "--output", "OUT/x"], ["--input"]),
        (["export-results", "--input", "OUT", "--format", "csv", "--output", "OUT/x"], ["--input"]),
        (
            ["bench", "--export", "xml=OUT/x.xml", "--output", "OUT/r.json"],
            ["--export", "csv, samples-csv, bencher, github-action-benchmark"]
        ),
        (["bench", "--export", "csv", "--output", "OUT/r.json"], ["--export", "FORMAT=PATH"]),
        (["bench", "--export", "csv=", "--output", "OUT/r.json"], ["--export"]),
        (["bench", "--export", "csv=OUT", "--output", "OUT/r.json"], ["--export"]),
        (
            ["bench", "--export", "csv=OUT/a", "--export", "bencher=OUT/a", "--output", "OUT/r.json"],
            ["--export", "twice"]
        ),
        (["bench", "--export", "csv=OUT/r.json", "--output", "OUT/r.json"], ["--export", "--output"]),
        (
            ["compare-builds", "/nonexistent/a", "/nonexistent/b", "--export", "json=OUT/x"],
            ["--export", "github-action-benchmark"]
        ),
    ]

    @Test("Bad export options: exit 2, one error line naming the option and the valid values, nothing written")
    func badOptions() throws {
        for (template, named) in Self.badInput {
            let (directory, input, output) = try Self.workspace()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // A small bench, so that a check that stopped refusing costs seconds, not a full sweep.
            let small =
                template.first == "bench"
                ? [
                    "--quick", "--kernels", "add", "--backends", "naive", "--sizes", "16", "--samples", "3",
                    "--probe-trials", "1", "--no-workloads", "--no-cache-check", "--no-yardstick",
                ] : []
            let arguments = (template + small).map {
                $0.replacingOccurrences(of: "IN", with: input).replacingOccurrences(of: "OUT", with: output)
            }
            let outcome = SpringBenchCLI.run(arguments)
            #expect(outcome.status == 2, "\(arguments): \(outcome)")
            #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome)")
            for name in named {
                #expect(outcome.errorLines.first?.contains(name) == true, "should name \(name): \(outcome)")
            }
            #expect(CLIRunner.contents(of: output).isEmpty, "\(arguments) left \(CLIRunner.contents(of: output))")
        }
    }

    /// The arguments of a bench that takes about a second.
    static let smallBench = [
        "--quick", "--kernels", "add", "--backends", "naive", "--sizes", "16", "--samples", "3",
        "--probe-trials", "1", "--no-workloads", "--no-cache-check", "--no-yardstick",
    ]

    @Test(
        "bench: an export that fails on a full disk leaves no results file either (one commit)", arguments: [2])
    func failedExportWritesNoResults(_ failing: Int) throws {
        let (directory, _, output) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data("kept".utf8).write(to: URL(fileURLWithPath: output + "/r.json"))
        // Write 1 stages the results, 2 the first export: the results were committed before it, once.
        let outcome = OutputTransaction.$failingWrite.withValue(WriteFault(failing: failing)) {
            SpringBenchCLI.run(
                [
                    "bench", "--output", output + "/r.json", "--export", "csv=\(output)/x.csv", "--export",
                    "bencher=\(output)/y.json",
                ] + Self.smallBench)
        }
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.first?.contains("No space left on device") == true, "\(outcome)")
        #expect(CLIRunner.contents(of: output) == ["r.json"])
        #expect(try String(contentsOfFile: output + "/r.json", encoding: .utf8) == "kept")
    }
}
