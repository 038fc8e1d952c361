// The PostgreSQL tier: with the package trait PostgreSQL (`make check`), against SPRINGBENCH_POSTGRES_URL.
#if PostgreSQL
    import Benchmarking
    import Foundation
    import ResultsHistory
    import ResultsHistoryPostgreSQL
    import Testing
    import _PostgreSQLTestSupport
    import _ResultsTestSupport
    import _CLITestSupport

    import SpringBenchCLI

    /// `springbench history --database postgresql://…`: the commands of
    /// ``HistoryCLITests`` against a PostgreSQL server, each test in a fresh
    /// database (issue 27, item 7). In process, PostgreSQL is registered as the
    /// `springbench` tool registers it; the child processes are the tool itself.
    @Suite(.enabled(if: PostgreSQLTestServer.available, PostgreSQLTestServer.skipReason))
    struct PostgreSQLHistoryCLITests {
        init() { PostgreSQLHistory.register() }

        static func write(_ values: [Kernel: Double], to file: String) throws {
            try SyntheticResults.historyCommit(values).write(to: file)
        }

        @Test func recordListShowAndCheckRoundTrip() throws {
            try PostgreSQLTestServer.withFreshDatabase { database in
                let directory = CLIRunner.temporaryDirectory()
                let file = directory + "/r.json"
                try Self.write([.add: 0.2, .scale: 0.3, .axpy: 0.4], to: file)
                let arguments = [
                    "history", "record", file, "--commit", TestCommit.id("abc123"), "--branch", "main", "--database",
                    database,
                ]
                let first = SpringBenchCLI.run(arguments)
                #expect(first.status == 0 && first.stdout.contains("recorded"), "\(first)")
                let second = SpringBenchCLI.run(arguments)
                #expect(second.status == 0 && second.stdout.contains("already recorded"), "\(second)")
                let list = SpringBenchCLI.run(["history", "list", "--database", database])
                let lines = list.stdout.split(separator: "\n")
                #expect(
                    list.status == 0 && lines.count == 1 && lines[0].hasPrefix(TestCommit.id("abc123") + "\tmain\t"),
                    "\(list)")
                #expect(lines.first?.contains("3 cells") == true, "\(list)")
                let show = SpringBenchCLI.run(["history", "show", "add.simd.4096", "--database", database])
                let add = try #require(
                    SyntheticResults.historyCommit([.add: 0.2, .scale: 0.3, .axpy: 0.4]).measurements.first {
                        $0.key.kernel == .add
                    })
                let value = String(format: "%.6g", add.summary.median)
                #expect(
                    show.status == 0 && show.stdout.contains(TestCommit.id("abc123") + "\tmain\t\(value)"), "\(show)")
                let check = SpringBenchCLI.run(["history", "check", "--database", database])
                #expect(check.status == 0, "\(check)")
                let reports = directory + "/Reports"
                let report = SpringBenchCLI.run([
                    "history", "report", "--database", database, "--output-directory", reports,
                ])
                #expect(report.status == 0, "\(report)")
                #expect(FileManager.default.fileExists(atPath: reports + "/history.md"))
            }
        }

        /// Two runners share one history: runner-a's add steps +10 % at
        /// commit20, runner-b stays flat. `check` names runner-a's step only,
        /// and `show` keeps the two series apart.
        @Test func twoMachinesShareAHistoryWithoutMixing() throws {
            try PostgreSQLTestServer.withFreshDatabase { database in
                let directory = CLIRunner.temporaryDirectory()
                var generator = HistorySimulation.Generator(seed: 5)
                for commit in 0..<25 {
                    for machine in ["runner-a", "runner-b"] {
                        func noisy(_ level: Double) -> Double {
                            level
                                * HistorySimulation.history(commits: 1, change: .none, sigma: 0.01, using: &generator)[
                                    0]
                                / 1000
                        }
                        let step = machine == "runner-a" && commit >= 20 ? 1.10 : 1.0
                        let file = directory + "/\(machine)-\(commit).json"
                        try Self.write([.add: noisy(0.2 * step), .scale: noisy(0.3), .axpy: noisy(0.4)], to: file)
                        let record = SpringBenchCLI.run([
                            "history", "record", file, "--commit", TestCommit.id("commit\(commit)"), "--machine",
                            machine,
                            "--database", database,
                        ])
                        #expect(record.status == 0, "\(record)")
                    }
                }
                let check = SpringBenchCLI.run(["history", "check", "--database", database])
                #expect(check.status == 1, "\(check)")
                let findings = check.stdout.split(separator: "\n").filter {
                    $0.contains(": step") || $0.contains(": slide")
                }
                #expect(findings.count == 1, "\(check)")
                #expect(findings.first?.hasPrefix("add.simd.4Ki on runner-a,") == true, "\(check)")
                #expect(findings.first?.contains(TestCommit.id("commit20")) == true, "\(check)")
                let show = SpringBenchCLI.run(["history", "show", "add.simd.4096", "--database", database])
                let headers = show.stdout.split(separator: "\n").filter { $0.hasPrefix("add.simd.4Ki on") }
                #expect(
                    headers.count == 2 && headers[0].contains("runner-a") && headers[1].contains("runner-b"), "\(show)")
                #expect(
                    show.stdout.split(separator: "\n").filter {
                        $0.hasPrefix("  " + TestCommit.id("commit").prefix(12))
                    }.count == 50, "\(show)")
            }
        }

        /// Two (and four) `springbench history record` processes started
        /// together on a database none has migrated: they race to create the
        /// schema, then to write; every row is there.
        @Test func recordProcessesStartedTogetherLoseNoRow() async throws {
            for round in 0..<4 {
                try await PostgreSQLTestServer.withFreshDatabaseAsync { database in
                    let directory = CLIRunner.temporaryDirectory()
                    let sides = round < 3 ? ["a", "b"] : ["a", "b", "c", "d"]
                    for side in sides {
                        try Self.write([.add: 0.2, .scale: 0.3, .axpy: 0.4], to: directory + "/\(side).json")
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
                    let history = try PostgreSQLHistoryStore(url: database, create: false)
                    defer { try? history.close() }
                    let runs = try history.runs()
                    #expect(
                        Set(runs.map(\.commit)) == Set(sides.map { TestCommit.id("\($0)\(round)") })
                            && runs.count == sides.count)
                    #expect(runs.allSatisfy { $0.cells == 3 }, "\(runs)")
                    #expect(try history.appliedMigrations() == ["v1", "v2"])
                }
            }
        }

        @Test func aForeignDatabaseIsRefusedAndLeftAsItWas() throws {
            try PostgreSQLTestServer.withFreshDatabase { database in
                try PostgreSQLTestServer.execute(
                    database, "CREATE TABLE notes (id integer PRIMARY KEY, body text)",
                    "INSERT INTO notes VALUES (1, 'mine')")
                let before = try PostgreSQLTestServer.snapshot(database)
                let file = CLIRunner.temporaryDirectory() + "/r.json"
                try Self.write([.add: 0.2, .scale: 0.3, .axpy: 0.4], to: file)
                for arguments in [
                    ["history", "record", file, "--commit", TestCommit.id("abc"), "--database", database],
                    ["history", "list", "--database", database], ["history", "check", "--database", database],
                ] {
                    let outcome = SpringBenchCLI.run(arguments)
                    #expect(outcome.status == 2, "\(arguments[1]): \(outcome)")
                    #expect(outcome.errorLines.count == 1, "\(outcome)")
                    let line = outcome.errorLines.first ?? ""
                    #expect(line.hasPrefix("error: --database: postgresql://") && line.contains(":***@"), "\(outcome)")
                    #expect(line.contains("another application"), "\(outcome)")
                }
                #expect(try PostgreSQLTestServer.snapshot(database) == before)
            }
        }
    }

    /// `--database postgresql://…` without a server: the URL checked before any
    /// work, an absent server refused within the timeout. Always run.
    @Suite struct PostgreSQLHistoryOptionTests {
        init() { PostgreSQLHistory.register() }

        @Test(arguments: [
            ("postgresql://ci:s3cret@127.0.0.1:70000/history", "has port 70000; a port is in 1…65535"),
            ("postgresql://ci:s3cret@/history", "names no host"),
            ("postgres://ci:s3cret@localhost", "names no database"),
            ("postgresql://ci:s3cret@localhost/history?sslmode=allow", "sslmode=allow"),
        ])
        func aMalformedURLIsExit2BeforeAnyWork(url: String, saying: String) throws {
            let file = CLIRunner.temporaryDirectory() + "/r.json"
            try SyntheticResults.historyCommit([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: file)
            for arguments in [
                ["history", "record", file, "--commit", TestCommit.id("abc"), "--database", url],
                ["history", "list", "--database", url], ["history", "show", "add.simd.16", "--database", url],
            ] {
                let outcome = SpringBenchCLI.run(arguments)
                #expect(outcome.status == 2, "\(outcome)")
                #expect(
                    outcome.errorLines.count == 1 && outcome.errorLines[0].hasPrefix("error: --database: "),
                    "\(outcome)")
                #expect(outcome.stderr.contains(saying) && !outcome.stderr.contains("s3cret"), "\(outcome)")
            }
        }

        /// The tool itself (a child process): PostgreSQL registered by its main,
        /// nothing listening on the port, exit 2 at once naming --database.
        @Test func noServerIsExit2WithinTheTimeout() async throws {
            let port = try SilentListener.closedPort()
            let url = "postgresql://ci:s3cret@127.0.0.1:\(port)/history"
            for command in [["list"], ["check"], ["show", "add.simd.16"]] {
                // Refused at once; the deadline only stops a hang (a loaded test run starts children slowly).
                let outcome = await CLIRunner.run(["history"] + command + ["--database", url], deadline: 30)
                #expect(outcome.status == 2, "\(outcome)")
                #expect(
                    outcome.errorLines.first?.hasPrefix(
                        "error: --database: postgresql://ci:***@127.0.0.1:\(port)/history")
                        == true, "\(outcome)")
                #expect(
                    outcome.stderr.contains("connection refused") && !outcome.stderr.contains("s3cret"), "\(outcome)")
            }
        }

        /// A server that accepts and never answers: exit 2 after connect_timeout, not a hang.
        @Test func aServerThatNeverAnswersIsExit2AfterTheConnectTimeout() async throws {
            let listener = try SilentListener()
            defer { listener.close() }
            let url = "postgresql://ci:s3cret@127.0.0.1:\(listener.port)/history?connect_timeout=2"
            let file = CLIRunner.temporaryDirectory() + "/r.json"
            try SyntheticResults.historyCommit([.add: 0.2, .scale: 0.3, .axpy: 0.4]).write(to: file)
            let outcome = await CLIRunner.run(
                ["history", "record", file, "--commit", TestCommit.id("abc"), "--database", url], deadline: 30)
            #expect(outcome.status == 2 && outcome.seconds >= 1.9, "\(outcome)")
            #expect(outcome.stderr.contains("no answer within the 2 s connect timeout"), "\(outcome)")
        }
    }
#endif
