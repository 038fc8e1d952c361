import Benchmarking
import Foundation
import Testing
import _CLITestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every command that writes, against a table of filesystem situations, run
/// from a scratch working directory with relative paths: the right exit
/// code, one `error:` line naming the option, the target untouched on
/// refusal, and nothing left in TMPDIR (checked by ``CLIRunner``).
@Suite("Commands that write, in every filesystem situation")
struct FilesystemSituationTests {
    /// A small results file with every section (the fuzz tests' seed).
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/results.json").path

    /// A scratch working directory holding `in.json`, a file, a directory and links.
    static func workspace() throws -> String {
        let directory = CLIRunner.temporaryDirectory()
        try FileManager.default.copyItem(atPath: fixture, toPath: directory + "/in.json")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: directory + "/afile"))
        try FileManager.default.createDirectory(atPath: directory + "/adir", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop1", withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: directory + "/loop2", withDestinationPath: "loop1")
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/real.md"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link.md", withDestinationPath: "real.md")
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/dangling.md", withDestinationPath: "made/by/link.md")
        return directory
    }

    /// The commands that write a file, with `PATH` standing for the file.
    static let fileWriters: [(String, [String])] = [
        ("--summary-file", ["compare", "in.json", "in.json", "--format", "plain", "--summary-file", "PATH"]),
        ("--output-directory", ["baseline", "save", "x", "--from", "in.json", "--directory", "PATH"]),
        (
            "--output",
            [
                "bench", "--quick", "--kernels", "add", "--backends", "naive", "--sizes", "16", "--samples", "3",
                "--probe-trials", "1", "--no-workloads", "--no-cache-check", "--no-yardstick", "--output", "PATH",
            ]
        ),
    ]

    static func arguments(_ template: [String], _ path: String) -> [String] {
        template.map { $0 == "PATH" ? path : $0 }
    }

    @Test(
        "refused before any work: file as a directory, loops, long names; nothing changes",
        arguments: [
            "afile/x.json", "afile/deeper/x.json", "adir", "loop1", String(repeating: "n", count: 300),
            Array(repeating: "ab", count: 2100).joined(separator: "/") + "/x.json", "/sys/springbench-x/x.json",
        ])
    func refusedFileTargets(_ path: String) async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let before = CLIRunner.contents(of: directory)
        // baseline save names a directory (its file is PATH/x.json): an existing directory is right for it.
        for (option, template) in Self.fileWriters where !(option == "--output-directory" && path == "adir") {
            let given = option == "--output-directory" ? (path as NSString).deletingPathExtension : path
            let outcome = await CLIRunner.run(Self.arguments(template, given), in: directory, deadline: 60)
            #expect(outcome.status == 2, "\(outcome)")
            // One line on standard error and nothing on standard output: no
            // progress line was printed, so no work had started.
            #expect(outcome.errorLines.count == 1 && outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
            #expect(outcome.stdout.isEmpty, "\(outcome)")
            #expect(outcome.errorLines.first?.contains(option) == true, "\(outcome)")
            #expect(CLIRunner.contents(of: directory) == before, "\(outcome)")
        }
    }

    @Test("new one-letter and nested directories, symbolic links written through, dangling links followed")
    func acceptedFileTargets() async throws {
        for (option, template) in Self.fileWriters where option != "--output" {
            let directory = try Self.workspace()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            for (given, written) in [
                ("d/s.json", "d/s.json"), ("a/b/c/s.json", "a/b/c/s.json"),
                ("link.md", "real.md"), ("dangling.md", "made/by/link.md"),
            ] {
                let path = option == "--output-directory" ? (given as NSString).deletingLastPathComponent : given
                guard !path.isEmpty else { continue }
                let file = option == "--output-directory" ? path + "/x.json" : written
                let outcome = await CLIRunner.run(Self.arguments(template, path), in: directory, deadline: 60)
                #expect(outcome.status == 0, "\(outcome)")
                #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(outcome): no \(file)")
                #expect(!CLIRunner.contents(of: directory).contains { $0.contains(".springbench-") }, "\(outcome)")
            }
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/link.md")) == "real.md")
        }
    }

    @Test("report and its directory: new, nested, a file, the root")
    func reportDirectories() async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for given in ["r", "a/b/c"] {
            let outcome = await CLIRunner.run(
                ["report", "--input", "in.json", "--output-directory", given], in: directory, deadline: 120)
            #expect(outcome.status == 0, "\(outcome)")
            #expect(FileManager.default.fileExists(atPath: "\(directory)/\(given)/performance.md"))
            #expect(outcome.stdout.contains("wrote \(given)/performance.md"), "paths as given: \(outcome)")
        }
        let before = CLIRunner.contents(of: directory)
        for given in ["afile", "afile/r", "/", "loop1/r", ""] {
            let outcome = await CLIRunner.run(
                ["report", "--input", "in.json", "--output-directory", given], in: directory, deadline: 120)
            #expect(outcome.status == 2 && outcome.errorLines.count == 1, "\(outcome)")
            #expect(outcome.errorLines.first?.contains("--output-directory") == true, "\(outcome)")
        }
        #expect(CLIRunner.contents(of: directory) == before)
    }

    /// Every file of a report directory, with its contents.
    static func snapshot(_ directory: String) -> [String: String] {
        var files: [String: String] = [:]
        for path in CLIRunner.contents(of: directory) {
            if let text = try? String(contentsOfFile: directory + "/" + path, encoding: .utf8) { files[path] = text }
        }
        return files
    }

    @Test(
        "SIGTERM or SIGINT at any moment of report: the old set or the new one, nothing else",
        arguments: [
            (SIGTERM, 0.05), (SIGTERM, 0.3), (SIGINT, 0.6), (SIGTERM, 0.9), (SIGINT, 1.2), (SIGTERM, 1.5),
            (SIGHUP, 1.8),
        ])
    func interruptedReport(_ signal: Int32, _ after: Double) async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // The old set from another results file (the committed one), the new from in.json.
        #expect(
            await CLIRunner.run(
                ["report", "--input", CLIRunner.committedResults, "--output-directory", "old"], in: directory,
                deadline: 120
            ).status == 0)
        #expect(
            await CLIRunner.run(
                ["report", "--input", "in.json", "--output-directory", "new"], in: directory, deadline: 120
            )
            .status == 0)
        let old = Self.snapshot(directory + "/old"), new = Self.snapshot(directory + "/new")
        #expect(old != new)
        try FileManager.default.copyItem(atPath: directory + "/old", toPath: directory + "/r")
        let outcome = await CLIRunner.run(
            ["report", "--input", "in.json", "--output-directory", "r"], in: directory, deadline: 120,
            interrupt: (signal, after))
        #expect(outcome.status == 0 || outcome.signal == signal, "\(outcome)")
        let now = Self.snapshot(directory + "/r")
        // New files only ever arrive as a whole set (old plots not in the new set may stay).
        let isOld = now == old
        let isNew = new.allSatisfy { now[$0.key] == $0.value }
        #expect(isOld || isNew, "a mixed set after \(signal) at \(after) s: \(outcome)")
        if outcome.status == 0 { #expect(isNew) }
        #expect(!CLIRunner.contents(of: directory).contains { $0.contains(".springbench-") }, "staging left behind")
    }

    @Test(
        "bench --other-build interrupted or failing leaves no sampler log in TMPDIR and no results file",
        arguments: [(SIGTERM, 1.0), (SIGINT, 2.5), (SIGTERM, 4.0)])
    func interruptedOtherBuild(_ signal: Int32, _ after: Double) async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = Self.arguments(Self.fileWriters[2].1, "out/r.json") + ["--other-build", CLIRunner.executable]
        // The real probe (not ProbeStandIn's): the run must still be measuring when the signal comes.
        let outcome = await CLIRunner.run(
            arguments, in: directory, deadline: 120, interrupt: (signal, after),
            environment: [ProbeStandIn.variable: "0"])
        #expect(outcome.status == 0 || outcome.signal == signal, "\(outcome)")
        if outcome.signal != nil, FileManager.default.fileExists(atPath: directory + "/out") {
            // Only a signal after the commit (during teardown) may leave the directory, and then
            // with the whole results file in it.
            #expect(CLIRunner.contents(of: directory + "/out") == ["r.json"], "a partial set after \(signal)")
            #expect(
                (try? BenchmarkResults.load(from: directory + "/out/r.json")) != nil,
                "an interrupted run left an unreadable results file")
        }
        // CLIRunner records an issue for anything left in the run's TMPDIR.
    }

    @Test("two concurrent compare --summary-file runs lose no entry; two reports into one directory never mix")
    func concurrentWriters() async throws {
        let directory = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            _ = CLIRunner.runBlocking(
                ["compare", "in.json", "in.json", "--format", "plain", "--summary-file", "s/summary.md"],
                in: directory, deadline: 120)
        }
        let summary = (try? String(contentsOfFile: directory + "/s/summary.md", encoding: .utf8)) ?? ""
        let one = await CLIRunner.run(
            ["compare", "in.json", "in.json", "--format", "markdown"], in: directory, deadline: 120
        ).stdout
        let heading = one.split(separator: "\n").first.map(String.init) ?? "#"
        #expect(summary.components(separatedBy: heading).count - 1 == 4, "entries lost: \(summary.prefix(300))")
    }
}

extension RunsAlone {
    /// A real `bench` run writing through a new directory.
    @Suite struct FilesystemBenchTests {
        @Test("bench writes into a new one-letter directory, relative")
        func benchIntoNewDirectory() async throws {
            let directory = try FilesystemSituationTests.workspace()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let outcome = await CLIRunner.run(
                FilesystemSituationTests.arguments(FilesystemSituationTests.fileWriters[2].1, "d/r.json"),
                in: directory, deadline: 120)
            #expect(outcome.status == 0, "\(outcome)")
            #expect(FileManager.default.fileExists(atPath: directory + "/d/r.json"))
        }
    }
}
