import Benchmarking
import Foundation
import GRDB
import ResultsHistory
import SpringBenchCLI
import SpringBenchFiles
import SpringBenchSupport
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// `springbench history`: the acceptance cases of issue 27's first half.
@Suite struct HistoryCLITests {
    static let cells: [Kernel] = [.add, .scale, .axpy]

    static func results(_ perElement: [Kernel: Double]) -> BenchmarkResults {
        SyntheticResults.historyCommit(perElement)
    }

    /// A history of `commits` commits recorded into a new database: per-commit
    /// noise σ (log-normal, seeded); add steps +10 % from commit 20 and scale
    /// drifts +1 % per commit when `injected`.
    static func fixture(commits: Int, injected: Bool, sigma: Double, seed: UInt64) throws -> String {
        let path = CLIRunner.temporaryDirectory() + "/history.sqlite"
        let history = try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: true)
        var generator = HistorySimulation.Generator(seed: seed)
        for commit in 0..<commits {
            func noisy(_ level: Double) -> Double {
                level * HistorySimulation.history(commits: 1, change: .none, sigma: sigma, using: &generator)[0] / 1000
            }
            let add = injected && commit >= 20 ? 1.10 : 1.0
            let scale = injected ? pow(1.01, Double(commit)) : 1.0
            let values: [Kernel: Double] = [.add: noisy(0.2 * add), .scale: noisy(0.3 * scale), .axpy: noisy(0.4)]
            _ = try history.record(results(values), commit: "commit\(commit)", branch: "main", machine: nil)
        }
        try history.close()
        return path
    }

    @Test func checkNamesTheInjectedStepAndDrift() throws {
        let database = try Self.fixture(commits: 30, injected: true, sigma: 0.01, seed: 1)
        let outcome = SpringBenchCLI.run(["history", "check", "--database", database])
        #expect(outcome.status == 1, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("add.simd.4Ki") && $0.contains("step +") && $0.contains("commit20") })
        #expect(lines.contains { $0.hasPrefix("scale.simd.4Ki") && $0.contains("slide +") })
        #expect(!lines.contains { $0.hasPrefix("axpy") }, "\(outcome)")
        #expect(!lines.contains { $0.hasPrefix("add.simd.4Ki") && $0.contains("slide") }, "\(outcome)")
    }

    @Test("--window sets the commits a slide is measured over: +1 % a commit is a slide over 20, not over 6")
    func windowReachesTheSlide() throws {
        let database = try Self.fixture(commits: 30, injected: true, sigma: 0.002, seed: 3)
        func slides(_ window: String) -> [Substring] {
            let outcome = SpringBenchCLI.run(["history", "check", "--database", database, "--window", window])
            return outcome.stdout.split(separator: "\n").filter {
                $0.hasPrefix("scale.simd.4Ki") && $0.contains("slide +") && !$0.contains("candidate")
            }
        }
        // 1.01¹⁹ − 1 = 20.8 % over 20 commits; 1.01⁵ − 1 = 5.1 % over 6, below the 10 % threshold.
        #expect(!slides("20").isEmpty)
        #expect(slides("6").isEmpty, "\(slides("6"))")
    }

    /// The real slow build (Tests/Fixtures/noise-corpus/slow-axpy.csv, NoiseCorpusReplayTests)
    /// through the command: naive axpy's three cells are the findings; the four 16-point cells
    /// code placement moved are printed as candidates alone at their size and, without
    /// `--confirm`, do not count (with it, a paired run would judge them).
    @Test("history check on the real slow build: 3 findings (axpy.naive); the cells alone at their size are candidates")
    func realSlowBuildThroughTheCommand() throws {
        let path = CLIRunner.temporaryDirectory() + "/history.sqlite"
        let history = try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: true)
        let machine = Self.results([.add: 1, .scale: 1, .axpy: 1]).machine
        for (index, run) in try NoiseCorpus.runs("slow-axpy").enumerated() {
            let cells = run.sorted { $0.key < $1.key }.map { ($0.key, $0.value, nil, nil, nil) as HistoryCellRecord }
            _ = try history.record(
                commit: String(format: "c%03d", index), branch: "main", machine: "corpus", machineRecord: machine,
                kind: .time, cells: cells)
        }
        try history.close()
        let outcome = SpringBenchCLI.run(["history", "check", "--database", path])
        #expect(outcome.status == 1, "\(outcome)")
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.contains("history check: 3 findings"), "\(outcome.stdout)")
        let alone = lines.filter { $0.contains("candidate, alone at its size") }.map { $0.prefix { $0 != " " } }
        #expect(
            Set(alone) == [
                "add-inplace.naive.16", "subtract.parallel.16", "subtract.simd.16", "subtract-inplace.simd.16",
            ],
            "\(outcome.stdout)")
    }

    @Test("history export writes one commit's cells; a bad format or commit is exit 2 with nothing written")
    func export() throws {
        let database = try Self.fixture(commits: 30, injected: true, sigma: 0.01, seed: 1)
        let directory = (database as NSString).deletingLastPathComponent
        let output = directory + "/bench.json"
        let newest = SpringBenchCLI.run(
            ["history", "export", "--database", database, "--format", "bencher", "--output", output])
        #expect(newest.status == 0, "\(newest)")
        let history = try HistoryDatabase(target: OutputTarget.file(database, option: "--database"), create: false)
        defer { try? history.close() }
        let recorded = try history.history(of: CellKey(kernel: .add, backend: "simd", size: 4096)).values.first ?? []
        let document = try JSONDecoder().decode(
            [String: [String: [String: Double]]].self, from: Data(contentsOf: URL(fileURLWithPath: output)))
        #expect(Set(document.keys) == ["add.simd.4Ki", "scale.simd.4Ki", "axpy.simd.4Ki"])
        #expect(document["add.simd.4Ki"]?["latency"]?["value"] == recorded.last?.value)

        let older = SpringBenchCLI.run([
            "history", "export", "--database", database, "--format", "csv", "--output", directory + "/c5.csv",
            "--commit", "commit5",
        ])
        #expect(older.status == 0, "\(older)")
        let csv = try String(contentsOfFile: directory + "/c5.csv", encoding: .utf8)
        let value = try #require(recorded.first { $0.commit == "commit5" }?.value)
        #expect(csv.contains("add.simd.4Ki,") && csv.contains(",\(value),"), "\(csv)")

        for (arguments, named) in [
            (["--format", "samples-csv"], "--format"), (["--format", "xml"], "--format"),
            (["--format", "csv", "--commit", "nope"], "--commit"),
        ] {
            let outcome = SpringBenchCLI.run(
                ["history", "export", "--database", database, "--output", directory + "/bad.out"] + arguments)
            #expect(outcome.status == 2 && outcome.stderr.contains(named), "\(arguments): \(outcome)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/bad.out"))
        }
    }

    @Test func checkPassesAnAAHistoryOf200Commits() throws {
        let database = try Self.fixture(commits: 200, injected: false, sigma: 0.02, seed: 2)
        let outcome = SpringBenchCLI.run(["history", "check", "--database", database])
        #expect(outcome.status == 0, "\(outcome)")
    }

    @Test func reportMarksTheSteps() throws {
        let database = try Self.fixture(commits: 30, injected: true, sigma: 0.01, seed: 1)
        let reports = CLIRunner.temporaryDirectory() + "/Reports"
        let outcome = SpringBenchCLI.run(["history", "report", "--database", database, "--output-directory", reports])
        #expect(outcome.status == 0, "\(outcome)")
        let markdown = try String(contentsOfFile: reports + "/history.md", encoding: .utf8)
        #expect(markdown.contains("## add.simd.4Ki"))
        let svg = try String(contentsOfFile: reports + "/plots/history-add-simd-4096.svg", encoding: .utf8)
        let marks = try #require(SVGInspector.parse(svg)).elements(named: "path", class: "reference")
        #expect(marks.contains { $0.text.contains("step +") && $0.text.contains("commit20") }, "\(marks.map(\.text))")
        let flat = try String(contentsOfFile: reports + "/plots/history-axpy-simd-4096.svg", encoding: .utf8)
        #expect(try #require(SVGInspector.parse(flat)).elements(named: "path", class: "reference").isEmpty)
    }

    /// Instruction counts are exact: any increase at the newest commit fails
    /// `check`, naming the cell; a decrease does not.
    @Test func anInstructionCountIncreaseAtTheNewestCommitIsAStep() throws {
        let directory = CLIRunner.temporaryDirectory()
        let database = directory + "/history.sqlite"
        for (commit, simd) in [("c1", 1.5), ("c2", 1.5), ("c3", 1.6), ("c4", 1.5)] {
            let file = directory + "/\(commit).json"
            try SyntheticRuns.counts(perElement: ["simd": simd]).write(to: file)
            let record = SpringBenchCLI.run([
                "history", "record", file, "--commit", TestCommit.id(commit), "--database", database,
            ])
            #expect(record.status == 0, "\(record)")
            let check = SpringBenchCLI.run(["history", "check", "--database", database])
            let lines = check.stdout.split(separator: "\n").filter { $0.contains(": step") }
            if commit == "c3" {
                #expect(check.status == 1, "\(check)")
                #expect(
                    lines.contains {
                        $0.hasPrefix("add.simd.4Ki") && $0.contains("instructions") && $0.contains(TestCommit.id("c3"))
                    })
                #expect(lines.contains { $0.hasPrefix("axpy.simd.16") })
                #expect(!lines.contains { $0.hasPrefix("add.naive") }, "\(check)")
            } else {
                #expect(check.status == 0, "\(commit): \(check)")
            }
        }
    }

    @Test func recordTwiceKeepsOneRunAndShowListsIt() throws {
        let directory = CLIRunner.temporaryDirectory()
        let file = directory + "/r.json"
        try Self.results([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: file)
        let database = directory + "/db/history.sqlite"
        let arguments = [
            "history", "record", file, "--commit", TestCommit.id("abc123"), "--branch", "main", "--database", database,
        ]
        let first = SpringBenchCLI.run(arguments)
        #expect(first.status == 0 && first.stdout.contains("recorded"), "\(first)")
        let second = SpringBenchCLI.run(arguments)
        #expect(second.status == 0 && second.stdout.contains("already recorded"), "\(second)")
        let list = SpringBenchCLI.run(["history", "list", "--database", database])
        #expect(list.stdout.split(separator: "\n").count == 1, "\(list)")
        let show = SpringBenchCLI.run(["history", "show", "add.simd.4096", "--database", database])
        #expect(show.status == 0 && show.stdout.contains(TestCommit.id("abc123")), "\(show)")
        let unknown = SpringBenchCLI.run(["history", "show", "add.simd", "--database", database])
        #expect(unknown.status == 2 && unknown.errorLines.count == 1, "\(unknown)")
    }

    /// Two (and four) processes at once on a new database: both race to
    /// create it, then to write. Five rounds, as the race is not every time.
    @Test func twoRecordProcessesStartedTogetherLoseNoRow() async throws {
        for round in 0..<5 {
            let directory = CLIRunner.temporaryDirectory()
            let database = directory + "/history.sqlite"
            let sides = round < 3 ? ["a", "b"] : ["a", "b", "c", "d"]
            for side in sides {
                try Self.results([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: directory + "/\(side).json")
            }
            let outcomes = await withTaskGroup(of: CLIRunner.Outcome.self) { group in
                for side in sides {
                    group.addTask {
                        await CLIRunner.run([
                            "history", "record", directory + "/\(side).json", "--commit",
                            TestCommit.id("\(side)\(round)"),
                            "--database", database,
                        ])
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for outcome in outcomes { #expect(outcome.status == 0, "\(outcome)") }
            let history = try HistoryDatabase(target: OutputTarget.file(database, option: "--database"), create: false)
            let runs = try history.runs()
            #expect(Set(runs.map(\.commit)) == Set(sides.map { TestCommit.id("\($0)\(round)") }))
            #expect(runs.allSatisfy { $0.cells == 3 }, "\(runs)")
            try history.close()
        }
    }

    /// `--commit` is resolved by git in the working directory and stored as a
    /// full id: HEAD recorded at two commits is two runs, not one "already
    /// recorded"; what git cannot resolve (here or outside a repository) is
    /// exit 2 naming `--commit`, with the database left as it was; a full id
    /// is stored as given (lowercased) even outside a repository.
    @Test func recordStoresTheFullIdOfEveryRevision() async throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let repository = directory + "/repository", outside = directory + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        func git(_ arguments: [String]) throws -> String {
            let run = try ChildProcess.capture(
                executable: "/usr/bin/env",
                arguments: [
                    "git", "-C", repository, "-c", "user.name=t", "-c", "user.email=t@t.invalid",
                    "-c", "commit.gpgsign=false",
                ] + arguments)
            guard case .exited(0) = run.termination else { throw CocoaError(.fileWriteUnknown) }
            return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        _ = try ChildProcess.capture(executable: "/usr/bin/env", arguments: ["git", "init", "-q", repository])
        _ = try git(["commit", "-q", "--allow-empty", "-m", "one"])
        let first = try git(["rev-parse", "HEAD"])
        let file = directory + "/r.json", database = directory + "/history.sqlite"
        try Self.results([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: file)
        func record(_ commit: String?, in place: String) async -> CLIRunner.Outcome {
            await CLIRunner.run(
                ["history", "record", file, "--database", database] + (commit.map { ["--commit", $0] } ?? []),
                in: place)
        }
        func commits() throws -> [String] {
            let history = try HistoryDatabase(target: OutputTarget.file(database, option: "--database"), create: false)
            defer { try? history.close() }
            return try history.runs().map(\.commit)
        }
        let head = await record("HEAD", in: repository)
        #expect(head.status == 0 && head.stdout.contains(first), "\(head)")
        _ = try git(["commit", "-q", "--allow-empty", "-m", "two"])
        let second = try git(["rev-parse", "HEAD"])
        let again = await record(nil, in: repository)
        #expect(again.status == 0 && again.stdout.contains("recorded \(file)"), "\(again)")
        let short = await record(String(first.prefix(9)), in: repository)
        #expect(short.status == 0 && short.stdout.contains("already recorded at \(first)"), "\(short)")
        #expect(try commits() == [first, second])

        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        for (commit, place) in [("nope", repository), ("HEAD", outside), (String(first.prefix(9)), outside)] {
            let refused = await record(commit, in: place)
            #expect(refused.status == 2 && refused.errorLines.count == 1, "\(commit): \(refused)")
            #expect(refused.errorLines.first?.contains("--commit \"\(commit)\"") == true, "\(refused)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        let full = await record(TestCommit.id("outside").uppercased(), in: outside)
        #expect(full.status == 0, "\(full)")
        #expect(try commits() == [first, second, TestCommit.id("outside")])
    }

    enum Unusable: String, CaseIterable { case text, corrupt, foreign, noSchema }

    static func make(_ kind: Unusable, at path: String) throws {
        switch kind {
        case .text:
            try Data(String(repeating: "not a database\n", count: 300).utf8).write(to: URL(fileURLWithPath: path))
        case .corrupt:
            let history = try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: true)
            _ = try history.record(
                results([.add: 0.2, .scale: 0.3, .axpy: 0.4]), commit: "c", branch: nil, machine: nil)
            try history.close()
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for index in 100..<min(bytes.count, 8000) { bytes[index] = 0xA5 }
            try bytes.write(to: URL(fileURLWithPath: path))
        case .foreign:
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
                try db.execute(sql: "INSERT INTO notes (body) VALUES ('mine')")
            }
            try queue.close()
        case .noSchema:
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: "PRAGMA user_version = 7") }
            try queue.close()
        }
    }

    @Test(arguments: Unusable.allCases) func anUnusableDatabaseIsRefusedAndLeftAsItWas(kind: Unusable) throws {
        let directory = CLIRunner.temporaryDirectory()
        let database = directory + "/history.sqlite"
        try Self.make(kind, at: database)
        let file = directory + "/r.json"
        try Self.results([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: file)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        for arguments in [
            ["history", "record", file, "--commit", TestCommit.id("abc"), "--database", database],
            ["history", "list", "--database", database], ["history", "check", "--database", database],
        ] {
            let outcome = SpringBenchCLI.run(arguments)
            #expect(outcome.status == 2, "\(kind) \(arguments[1]): \(outcome)")
            #expect(outcome.errorLines.count == 1, "\(outcome)")
            #expect(outcome.errorLines.first?.contains("--database: \(database)") == true, "\(outcome)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before, "\(kind) was modified")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == listing)
    }

    @Test("Read commands change no byte of the history; a text value is exit 2 naming the table, row and column")
    func readCommandsChangeNothingAndRefuseTextValues() throws {
        let database = try Self.fixture(commits: 12, injected: false, sigma: 0.01, seed: 3)
        let directory = (database as NSString).deletingLastPathComponent
        let reports = directory + "/reports"
        let reads: [[String]] = [
            ["history", "list"], ["history", "show", "add.simd.4096"], ["history", "check"],
            ["history", "report", "--output-directory", reports],
            ["history", "export", "--format", "csv", "--output", directory + "/cells.csv"],
        ]
        func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: database)) }
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
                $0.hasPrefix("history.sqlite")
            }.sorted()
        }
        let before = try bytes()
        for arguments in reads {
            let outcome = SpringBenchCLI.run(arguments + ["--database", database])
            #expect(outcome.status == 0, "\(arguments): \(outcome)")
            #expect(try bytes() == before, "\(arguments) changed the history")
            #expect(entries() == ["history.sqlite"], "\(arguments) left \(entries())")
        }
        // A hand edit puts text where a number belongs.
        let queue = try DatabaseQueue(path: database)
        let row = try queue.write { db -> Int64 in
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
            let row = try Int64.fetchOne(
                db,
                sql: "SELECT rowid FROM cell WHERE kernel = 'add' AND backend = 'simd' ORDER BY rowid LIMIT 1 OFFSET 4")!
            try db.execute(sql: "UPDATE cell SET value = 'fast' WHERE rowid = ?", arguments: [row])
            return row
        }
        try queue.close()
        let edited = try bytes()
        for arguments in reads.dropFirst() {
            let outcome = SpringBenchCLI.run(arguments + ["--database", database])
            #expect(outcome.status == 2, "\(arguments): \(outcome)")
            #expect(
                outcome.stderr.contains(
                    "--database: \(database) table cell, row \(row), column value: the text \"fast\" where a number is required"
                ),
                "\(arguments): \(outcome.stderr)")
            #expect(try bytes() == edited, "\(arguments) changed the history")
            #expect(entries() == ["history.sqlite"], "\(arguments) left \(entries())")
        }
    }

    @Test("SIGTERM or SIGINT at any moment of creating a history: a whole one or none, and no temporary file")
    func interruptedCreationLeavesNothing() async throws {
        let directory = CLIRunner.temporaryDirectory()
        try Self.results([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: directory + "/r.json")
        var interrupted = 0
        // Delays across the whole run; a third of the runs are held 0.3 s with the history staged and
        // not yet in place, a third inside the record's transaction (the moments a signal used to
        // leave a temporary file, or a hot journal that read commands cannot open).
        for (index, after) in stride(from: 0.0, through: 0.36, by: 0.012).enumerated() {
            let name = "h\(index).sqlite"
            let outcome = await CLIRunner.run(
                ["history", "record", "r.json", "--commit", TestCommit.id("c"), "--database", name], in: directory,
                deadline: 60, interrupt: ([SIGINT, SIGTERM, SIGHUP][(index / 3) % 3], after),
                environment: ["SPRINGBENCH_DEBUG_PAUSE": ["creation=0.3", "record=0.3", ""][index % 3]])
            #expect(outcome.status == 0 || outcome.signal != nil, "\(outcome)")
            if outcome.signal != nil { interrupted += 1 }
            if FileManager.default.fileExists(atPath: directory + "/" + name) {
                let history = try HistoryDatabase(
                    target: OutputTarget.file(directory + "/" + name, option: "--database"), create: false)
                #expect(try [0, 1].contains(history.runs().count), "\(name)")
                try history.close()
            }
            #expect(
                !CLIRunner.contents(of: directory).contains {
                    $0.contains(".springbench-") || $0.hasSuffix("-journal")
                },
                "left after a signal at \(after) s: \(CLIRunner.contents(of: directory))")
        }
        // The delays reach into the run (a process start alone takes longer than the first ones).
        #expect(interrupted >= 8, "\(interrupted) of 31 runs were interrupted")
    }
}
