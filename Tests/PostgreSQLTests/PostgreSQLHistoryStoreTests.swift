// The PostgreSQL tier: with the package trait PostgreSQL (`make check`), against SPRINGBENCH_POSTGRES_URL.
#if PostgreSQL
    import Benchmarking
    import Foundation
    import ResultsHistory
    import ResultsHistoryPostgreSQL
    import Synchronization
    import Testing
    import _PostgreSQLTestSupport
    import _ResultsTestSupport

    /// Under CI the PostgreSQL suites must run: a CI run without its server fails here.
    @Suite struct PostgreSQLHistoryServerTests {
        @Test func aServerIsConfiguredUnderCI() {
            #expect(
                !PostgreSQLTestServer.inCI || PostgreSQLTestServer.available,
                "CI=true but SPRINGBENCH_POSTGRES_URL is unset: .ci/run starts PostgreSQL (.ci/postgres-start) and exports it"
            )
        }
    }

    /// ``PostgreSQLHistoryStore`` against a real server, each test in a fresh
    /// database: the same behaviours as ``HistoryDatabase``'s.
    @Suite(.enabled(if: PostgreSQLTestServer.available, PostgreSQLTestServer.skipReason))
    struct PostgreSQLHistoryStoreTests {
        static func results() -> BenchmarkResults {
            SyntheticResults.make(kernels: [.add, .scale], backends: ["simd"], sizes: [1024, 4096])
        }

        @Test func migratesAFreshDatabaseOnceAndMarksItOurs() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                #expect(try store.appliedMigrations() == ["v1", "v2"])
                try store.close()
                let again = try PostgreSQLHistoryStore(url: url, create: false)
                #expect(try again.appliedMigrations() == ["v1", "v2"])
                #expect(try again.runs().isEmpty)
                try again.close()
                #expect(
                    try PostgreSQLTestServer.strings(url, "SELECT application_id::text FROM springbench_history")
                        == ["\(0x5342_4869)"])
            }
        }

        @Test func anEmptyDatabaseIsNotMadeAHistoryByAReader() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                #expect {
                    try PostgreSQLHistoryStore(url: url, create: false)
                } throws: { "\($0)".contains("has no SpringBench history yet") }
                let tables = try PostgreSQLTestServer.snapshot(url)
                #expect(tables.isEmpty, "\(tables)")
            }
        }

        @Test func recordingTheSameCommitMachineAndBuildAgainChangesNothing() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? store.close() }
                let results = Self.results()
                #expect(try store.record(results, commit: "abc", branch: "main", machine: nil) == .recorded(cells: 4))
                #expect(try store.record(results, commit: "abc", branch: "main", machine: nil) == .alreadyRecorded)
                #expect(try store.runs().count == 1)
                #expect(
                    try store.record(results, commit: "abc", branch: "main", machine: "other") == .recorded(cells: 4))
                let runs = try store.runs()
                #expect(runs.map(\.series.machine) == [results.machine.hostname, "other"])
                #expect(runs.allSatisfy { $0.cells == 4 && $0.branch == "main" && $0.recordedAt.hasSuffix("Z") })
                #expect(
                    try store.cells() == [
                        CellKey(kernel: .add, backend: "simd", size: 1024),
                        CellKey(kernel: .add, backend: "simd", size: 4096),
                        CellKey(kernel: .scale, backend: "simd", size: 1024),
                        CellKey(kernel: .scale, backend: "simd", size: 4096),
                    ])
            }
        }

        /// Values cross the wire as text (libpq's text format): each double, the smallest
        /// subnormal and the largest finite included, must come back bit for bit.
        @Test func everyDoubleComesBackBitForBit() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? store.close() }
                let values: [Double] = [0.1 + 0.2, 1.0 / 3, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308]
                for (index, value) in values.enumerated() {
                    _ = try store.record(
                        commit: "c\(index)", branch: nil, machine: "m", machineRecord: Self.results().machine,
                        kind: .time,
                        cells: [(CellKey(kernel: .add, backend: "simd", size: 16), value, value, value.nextUp, nil)])
                }
                let read = try #require(try store.history(of: CellKey(kernel: .add, backend: "simd", size: 16)).first)
                #expect(read.value.map(\.value.bitPattern) == values.map(\.bitPattern), "\(read.value.map(\.value))")
                #expect(read.value.map { $0.upper?.bitPattern } == values.map(\.nextUp.bitPattern))
            }
        }

        /// Two machines record the same commit and build: two series, each with its own values.
        @Test func rowsOfTwoMachinesNeverMix() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? store.close() }
                let machine = Self.results().machine
                let cell = CellKey(kernel: .add, backend: "simd", size: 4096)
                for (commit, values) in [("c1", (1.0, 2.0)), ("c2", (1.1, 2.2))] {
                    _ = try store.record(
                        commit: commit, branch: nil, machine: "runner-a", machineRecord: machine, kind: .time,
                        cells: [
                            (
                                cell, values.0, values.0 * 0.9, values.0 * 1.1,
                                HistoryRatio(
                                    reference: "c", median: values.0 / 2, lower: values.0 * 0.45,
                                    upper: values.0 * 0.55)
                            )
                        ])
                    _ = try store.record(
                        commit: commit, branch: nil, machine: "runner-b", machineRecord: machine, kind: .time,
                        cells: [(cell, values.1, nil, nil, nil)])
                }
                let history = try store.history(of: cell)
                #expect(history.count == 2)
                let a = try #require(history.first { $0.key.machine == "runner-a" }?.value)
                let b = try #require(history.first { $0.key.machine == "runner-b" }?.value)
                #expect(a.map(\.value) == [1.0, 1.1] && a.map(\.commit) == ["c1", "c2"])
                #expect(a[0].lower == 0.9 && a[0].upper == 1.1)
                // The ratio to the reference (schema v2) comes back column by column.
                #expect(
                    a[1].relative == HistoryRatio(reference: "c", median: 0.55, lower: 1.1 * 0.45, upper: 1.1 * 0.55))
                #expect(b.allSatisfy { $0.relative == nil })
                #expect(b.map(\.value) == [2.0, 2.2] && b.allSatisfy { $0.lower == nil && $0.upper == nil })
            }
        }

        /// A history recorded before schema v2 is read as it is (no ratios, no migration); a record migrates it.
        @Test func aVersionOneHistoryIsReadThenMigratedByRecord() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let cell = CellKey(kernel: .add, backend: "simd", size: 4096)
                let machine = Self.results().machine
                let ratio = HistoryRatio(reference: "c", median: 0.5, lower: 0.4, upper: 0.6)
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                _ = try store.record(
                    commit: "c1", branch: nil, machine: "m", machineRecord: machine, kind: .time,
                    cells: [(cell, 1, nil, nil, ratio)])
                try store.close()
                try PostgreSQLTestServer.execute(
                    url,
                    "ALTER TABLE cell DROP COLUMN relative_to, DROP COLUMN relative, DROP COLUMN relative_lower, "
                        + "DROP COLUMN relative_upper",
                    "DELETE FROM springbench_migrations WHERE identifier = 'v2'")
                let reader = try PostgreSQLHistoryStore(url: url, create: false)
                #expect(try reader.history(of: cell).values.flatMap { $0 }.map(\.relative) == [nil])
                #expect(try reader.appliedMigrations() == ["v1"], "a read migrated the history")
                try reader.close()
                let writer = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? writer.close() }
                #expect(try writer.appliedMigrations() == ["v1", "v2"])
                _ = try writer.record(
                    commit: "c2", branch: nil, machine: "m", machineRecord: machine, kind: .time,
                    cells: [(cell, 1, nil, nil, ratio)])
                #expect(try writer.history(of: cell).values.flatMap { $0 }.map(\.relative) == [nil, ratio])
            }
        }

        /// More cells than one INSERT carries (1,000 per statement): all of them, in one transaction.
        @Test func aRunOfManyCellsIsRecordedWhole() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? store.close() }
                let cells = (1...2500).map {
                    (CellKey(kernel: .axpy, backend: "simd", size: $0), Double($0), Double?.none, Double?.none)
                }
                let outcome = try store.record(
                    commit: "big", branch: nil, machine: "m", machineRecord: Self.results().machine,
                    kind: .instructions,
                    cells: cells.map { ($0.0, value: $0.1, lower: $0.2, upper: $0.3, relative: nil) })
                #expect(outcome == .recorded(cells: 2500))
                #expect(try store.runs().map(\.cells) == [2500])
                #expect(
                    try store.history(of: CellKey(kernel: .axpy, backend: "simd", size: 1777)).first?.value.first?.value
                        == 1777)
            }
        }

        /// A record that fails part-way (a cell twice: the cell table's key
        /// refuses the second) leaves nothing behind, not a run without its
        /// cells: the same record made right is then recorded, not "already recorded".
        @Test func aRecordThatFailsPartWayLeavesNothing() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let store = try PostgreSQLHistoryStore(url: url, create: true)
                defer { try? store.close() }
                let machine = Self.results().machine
                let cell = CellKey(kernel: .add, backend: "simd", size: 16)
                let other = CellKey(kernel: .add, backend: "simd", size: 32)
                #expect(throws: HistoryDatabaseError.self) {
                    try store.record(
                        commit: "c", branch: nil, machine: "m", machineRecord: machine, kind: .time,
                        cells: [(other, 1, nil, nil, nil), (cell, 1, nil, nil, nil), (cell, 2, nil, nil, nil)])
                }
                #expect(try store.runs().isEmpty)
                #expect(
                    try store.record(
                        commit: "c", branch: nil, machine: "m", machineRecord: machine, kind: .time,
                        cells: [(other, 1, nil, nil, nil), (cell, 1, nil, nil, nil)]) == .recorded(cells: 2))
                #expect(try store.runs().map(\.cells) == [2])
            }
        }

        /// Two recorders, each with its own connection, on a database neither
        /// has migrated yet: they race to create the schema, then to write; every
        /// row is there, and the commit both record is there once.
        @Test func twoConcurrentRecordersLoseNoRow() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                let results = Self.results()
                let commits = 15
                let outcomes = Mutex<[String: [RecordOutcome]]>([:])
                let failures = Mutex<[String]>([])
                DispatchQueue.concurrentPerform(iterations: 2) { side in
                    let name = side == 0 ? "a" : "b"
                    do {
                        let store = try PostgreSQLHistoryStore(url: url, create: true)
                        defer { try? store.close() }
                        var mine: [RecordOutcome] = []
                        for commit in 0..<commits {
                            mine.append(
                                try store.record(results, commit: "\(name)\(commit)", branch: nil, machine: nil))
                            mine.append(try store.record(results, commit: "shared\(commit)", branch: nil, machine: nil))
                        }
                        outcomes.withLock { $0[name] = mine }
                    } catch {
                        failures.withLock { $0.append("\(name): \(error)") }
                    }
                }
                #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
                let store = try PostgreSQLHistoryStore(url: url, create: false)
                defer { try? store.close() }
                let runs = try store.runs()
                let expected = Set((0..<commits).flatMap { ["a\($0)", "b\($0)", "shared\($0)"] })
                #expect(Set(runs.map(\.commit)) == expected && runs.count == expected.count, "\(runs.map(\.commit))")
                #expect(runs.allSatisfy { $0.cells == 4 })
                let all = outcomes.withLock { $0.values.flatMap { $0 } }
                #expect(all.filter { $0 == .alreadyRecorded }.count == commits, "each shared commit recorded once")
            }
        }

        @Test func aDatabaseOfAnotherApplicationIsRefusedAndLeftAsItWas() throws {
            for setup in [
                ["CREATE TABLE notes (id integer PRIMARY KEY, body text)", "INSERT INTO notes VALUES (1, 'mine')"],
                ["CREATE TABLE run (id integer)", "CREATE TABLE cell (id integer)"],
                [
                    "CREATE TABLE springbench_history (application_id integer)",
                    "INSERT INTO springbench_history VALUES (7)",
                ],
                ["CREATE VIEW report AS SELECT 1 AS one"],
            ] {
                try PostgreSQLTestServer.withFreshDatabase { url in
                    for statement in setup { try PostgreSQLTestServer.execute(url, statement) }
                    let before = try PostgreSQLTestServer.snapshot(url)
                    for create in [true, false] {
                        #expect {
                            try PostgreSQLHistoryStore(url: url, create: create)
                        } throws: { error in
                            "\(error)".contains("is a PostgreSQL database of another application")
                                && "\(error)".contains("name a new database")
                        }
                    }
                    #expect(try PostgreSQLTestServer.snapshot(url) == before, "\(setup) was modified")
                }
            }
        }

        @Test("the refusal names up to five of the other application's tables, in name order, with … for more")
        func aRefusalNamesUpToFiveTables() throws {
            for count in [1, 4, 5, 6, 9] {
                let names = (0..<count).map { "t\(9 - $0)x\($0)" }  // created in reverse name order
                try PostgreSQLTestServer.withFreshDatabase { url in
                    for name in names { try PostgreSQLTestServer.execute(url, "CREATE TABLE \(name) (id integer)") }
                    let listed = names.sorted().prefix(5).joined(separator: ", ") + (count > 5 ? ", …" : "")
                    #expect {
                        try PostgreSQLHistoryStore(url: url, create: true)
                    } throws: { error in
                        "\(error)".contains("tables: \(listed)), not a SpringBench history")
                    }
                }
            }
        }

        @Test func aHistoryOfANewerSpringBenchIsRefused() throws {
            try PostgreSQLTestServer.withFreshDatabase { url in
                try PostgreSQLHistoryStore(url: url, create: true).close()
                try PostgreSQLTestServer.execute(url, "INSERT INTO springbench_migrations (identifier) VALUES ('v99')")
                #expect {
                    try PostgreSQLHistoryStore(url: url, create: true)
                } throws: { "\($0)".contains("schema migrations this springbench does not know ([\"v99\"])") }
            }
        }

        @Test func aWrongPasswordOrAMissingDatabaseIsNamedWithoutThePassword() throws {
            let server = try PostgreSQLURL(parsing: try #require(PostgreSQLTestServer.url))
            let wrong = "postgresql://\(server.user):not-the-password@\(server.host):\(server.port)/\(server.database)"
            #expect {
                try PostgreSQLHistoryStore(url: wrong, create: true)
            } throws: { error in
                "\(error)".contains("was refused") && "\(error)".contains("28P01")
                    && !"\(error)".contains("not-the-password")
            }
            #expect {
                try PostgreSQLHistoryStore(
                    url: server.replacingDatabase(with: "springbench_no_such_database"), create: true)
            } throws: { error in
                "\(error)".contains("does not have") && !"\(error)".contains(server.password ?? "\u{0}")
            }
        }
    }
#endif
