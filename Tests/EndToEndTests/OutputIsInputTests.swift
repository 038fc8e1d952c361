import Benchmarking
import Foundation
import ResultsHistory
import SpringBenchCLI
import SpringBenchFiles
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// No output may be one of the command's inputs (issue 39): each case used to
/// replace its input (a database turned into a CSV, a results file into its
/// own export) with exit 0. Every case is exit 2 naming the output's option
/// and the input, and every input is left byte for byte.
@Suite struct OutputIsInputTests {
    /// A scratch directory with a results file `r.json`, a history `h.sqlite` holding it, and an
    /// executable script `sampler`.
    static func scratch() throws -> String {
        let directory = CLIRunner.temporaryDirectory()
        let results = SyntheticResults.historyCommit([.add: 0.2, .scale: 0.3, .axpy: 0.4])
        try results.write(to: directory + "/r.json")
        let history = try HistoryDatabase(
            target: OutputTarget.file(directory + "/h.sqlite", option: "--database"), create: true)
        _ = try history.record(results, commit: TestCommit.id("one"), branch: nil, machine: "box")
        try history.close()
        FileManager.default.createFile(
            atPath: directory + "/sampler", contents: Data("#!/bin/sh\nexit 0\n".utf8),
            attributes: [.posixPermissions: 0o755])
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.json", withDestinationPath: "r.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/history.md", withDestinationPath: "h.sqlite")
        return directory
    }

    static func contents(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name)
        }
        return files
    }

    @Test(
        "Refused, naming the output and the input; nothing changes",
        arguments: [
            (
                ["export-results", "--input", "@/r.json", "--format", "csv", "--output", "@/r.json"], "--output",
                "--input"
            ),
            (
                ["export-results", "--input", "@/r.json", "--format", "csv", "--output", "@/link.json"], "--output",
                "--input"
            ),
            (
                ["export-results", "--input", "@/link.json", "--format", "bencher", "--output", "@/sub/../r.json"],
                "--output", "--input"
            ),
            (
                ["history", "export", "--database", "@/h.sqlite", "--format", "csv", "--output", "@/h.sqlite"],
                "--output", "--database"
            ),
            (
                ["baseline", "save", "r", "--from", "@/r.json", "--output-directory", "@"], "--output-directory",
                "--from"
            ),
            (["bench", "--quick", "--other-build", "@/sampler", "--output", "@/sampler"], "--output", "--other-build"),
            (
                ["bench", "--quick", "--reference-sampler", "@/sampler", "--export", "csv=@/sampler"], "--export",
                "--reference-sampler"
            ),
            (["compare", "@/r.json", "@/r.json", "--summary-file", "@/link.json"], "--summary-file", "the input file"),
            // The report's own file name (history.md) given to the database, by a link: caught as it commits.
            (
                ["history", "report", "--database", "@/history.md", "--output-directory", "@"], "--output-directory",
                "the history --database"
            ),
            (
                [
                    "compare-builds", "@/sampler", "@/sampler", "--keep", "@/kept", "--export",
                    "csv=@/kept/current.json",
                ], "--export",
                "--keep"
            ),
        ])
    func refused(arguments: [String], output: String, input: String) throws {
        let directory = try Self.scratch()
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        let before = Self.contents(directory)
        // Paths written "@/…" are the scratch directory's (cases run in parallel: no chdir).
        let outcome = SpringBenchCLI.run(
            arguments.map { $0 == "@" ? directory : $0.replacingOccurrences(of: "@/", with: directory + "/") })
        #expect(outcome.status == 2, "\(arguments): \(outcome)")
        let line = outcome.errorLines.first.map(String.init) ?? ""
        #expect(outcome.errorLines.count == 1, "\(arguments): \(outcome.stderr)")
        #expect(line.contains(output) && line.contains(input), "\(arguments): \(line)")
        #expect(Self.contents(directory) == before, "\(arguments) changed the directory")
    }

    @Test("baseline save --from refuses the measurement options it would ignore, naming them")
    func baselineFromRefusesMeasurementOptions() throws {
        let directory = try Self.scratch()
        for (extra, named) in [
            (["--instructions"], "--instructions"), (["--samples", "5"], "--samples"),
            (["--kernels", "add", "--quick"], "--kernels, --quick"),
        ] {
            let outcome = SpringBenchCLI.run(
                ["baseline", "save", "b", "--from", directory + "/r.json", "--output-directory", directory + "/out"]
                    + extra)
            #expect(outcome.status == 2, "\(extra): \(outcome)")
            #expect(outcome.stderr.contains("--from copies") && outcome.stderr.contains(named), "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/out"))
        }
        let plain = SpringBenchCLI.run(
            ["baseline", "save", "b", "--from", directory + "/r.json", "--output-directory", directory + "/out"])
        #expect(plain.status == 0, "\(plain)")
    }
}
