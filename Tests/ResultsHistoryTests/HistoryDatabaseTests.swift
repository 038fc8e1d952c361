import Benchmarking
import Foundation
import GRDB
import ResultsHistory
import SpringBenchFiles
import Testing
import _ResultsTestSupport

/// A class, so that each test's scratch directory is removed when the test ends.
@Suite final class HistoryDatabaseTests {
    let directory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static func open(_ path: String, create: Bool = true) throws -> HistoryDatabase {
        try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: create)
    }

    @Test func migratesANewFileAndAnEmptyOne() throws {
        let fresh = try Self.open(directory + "/new/dir/history.sqlite")
        #expect(try fresh.appliedMigrations() == ["v1", "v2"])
        let empty = directory + "/empty.sqlite"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let migrated = try Self.open(empty)
        #expect(try migrated.appliedMigrations() == ["v1", "v2"])
        let mode = try DatabaseQueue(path: empty).read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        #expect(mode == "delete", "rollback-journal mode: reads make no -wal or -shm file")
    }

    @Test func recordingTheSameCommitMachineAndBuildAgainChangesNothing() throws {
        let history = try Self.open(directory + "/history.sqlite")
        let results = SyntheticResults.make(kernels: [.add], backends: ["simd"], sizes: [4096])
        #expect(try history.record(results, commit: "abc", branch: "main", machine: nil) == .recorded(cells: 1))
        #expect(try history.record(results, commit: "abc", branch: "main", machine: nil) == .alreadyRecorded)
        #expect(try history.runs().count == 1)
        #expect(try history.record(results, commit: "abc", branch: "main", machine: "other") == .recorded(cells: 1))
        #expect(try history.runs().count == 2)
    }

    /// Every recorded figure comes back in its own field: each cell's median and
    /// both ends of its interval, for several cells of distinct sizes, oldest run first.
    @Test func recordedCellsComeBackFieldByField() throws {
        let history = try Self.open(directory + "/history.sqlite")
        let sizes = [16, 4096]
        let runs = (1...2).map { run in
            SyntheticResults.make(kernels: [.add, .axpy], backends: ["simd"], sizes: sizes, halfWidth: 0.1) {
                kernel, _, size in Double(run) * (kernel == .add ? 1 : 3) * (size == 16 ? 2 : 0.5)
            }
        }
        for (index, results) in runs.enumerated() {
            #expect(
                try history.record(results, commit: "commit\(index)", branch: "main", machine: "box")
                    == .recorded(cells: 4))
        }
        for cell in runs[0].measurements {
            let series = try history.history(of: cell.key)
            let values = try #require(series.values.first, "\(cell.key)")
            #expect(series.count == 1 && values.map(\.commit) == ["commit0", "commit1"], "\(cell.key)")
            for (recorded, results) in zip(values, runs) {
                let expected = try #require(results.measurements.first { $0.key == cell.key })
                #expect(recorded.value == expected.summary.median, "\(cell.key)")
                #expect(recorded.lower == expected.summary.medianInterval.lower, "\(cell.key)")
                #expect(recorded.upper == expected.summary.medianInterval.upper, "\(cell.key)")
                #expect(recorded.lower! < recorded.value && recorded.value < recorded.upper!, "\(cell.key)")
            }
        }
    }

    /// A key as `CellKey.description` writes it (plain, Ki, Mi or Gi) reads back as the same
    /// cell, and as the plain count too, for sizes of every suffix up to the largest allowed.
    @Test func cellKeysRoundTripAtEverySuffix() {
        let sizes = [1, 16, 1000, 1024, 3 << 10, 1 << 20, 5 << 20, 16 << 20, 1 << 30, 7 << 30, PointCount.maximum]
        for size in sizes {
            let key = CellKey(kernel: .axpy, backend: "open.blas", size: size)
            #expect(CellKey(historyKey: key.description) == key, "\(key.description)")
            #expect(CellKey(historyKey: "axpy.open.blas.\(size)") == key, "\(size)")
        }
        #expect(CellKey(historyKey: "add.simd.16Mi")?.size == 16 << 20)
        #expect(CellKey(historyKey: "add.simd.2Gi")?.size == 2 << 30)
    }

    @Test func readsCellKeysInBothSpellings() {
        #expect(CellKey(historyKey: "add.simd.4096") == CellKey(kernel: .add, backend: "simd", size: 4096))
        #expect(CellKey(historyKey: "add.simd.4Ki") == CellKey(kernel: .add, backend: "simd", size: 4096))
        #expect(CellKey(historyKey: "add.simd") == nil)
        #expect(CellKey(historyKey: "nope.simd.16") == nil)
    }

    @Test("a read of a missing history or an empty file is refused, saying which, and makes nothing")
    func readingNothingIsRefused() throws {
        let missing = directory + "/missing.sqlite"
        let absent = try #require(throws: HistoryDatabaseError.self) { try Self.open(missing, create: false) }
        #expect(absent.description.contains("missing.sqlite does not exist; record results first"), "\(absent)")
        let empty = directory + "/empty.sqlite"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let blank = try #require(throws: HistoryDatabaseError.self) { try Self.open(empty, create: false) }
        #expect(blank.description.contains("empty.sqlite is an empty file, not a history yet"), "\(blank)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["empty.sqlite"])
        #expect(FileManager.default.contents(atPath: empty) == Data())
    }

    /// Results whose cells carry a ratio to a reference, as a run with the C yardstick has.
    static func withRatios() -> BenchmarkResults {
        var results = SyntheticResults.make(kernels: [.add, .axpy], backends: ["simd"], sizes: [16, 4096])
        for index in results.measurements.indices {
            let median = 0.25 + Double(index) * 0.5
            results.measurements[index].relative = ReferenceRatio(
                reference: "c", median: median,
                medianInterval: ConfidenceInterval(lower: median * 0.9, upper: median * 1.2, level: 0.95))
        }
        return results
    }

    @Test("each cell's ratio to the reference is kept (schema v2) and read back; instruction counts have none")
    func ratiosComeBack() throws {
        let history = try Self.open(directory + "/history.sqlite")
        let results = Self.withRatios()
        _ = try history.record(results, commit: "abc", branch: "main", machine: nil)
        for measurement in results.measurements {
            let values = try history.history(of: measurement.key).values.flatMap { $0 }
            let ratio = try #require(measurement.relative)
            #expect(
                values.map(\.relative) == [
                    HistoryRatio(
                        reference: "c", median: ratio.median, lower: ratio.medianInterval.lower,
                        upper: ratio.medianInterval.upper)
                ], "\(measurement.key)")
        }
        let plain = SyntheticResults.make(kernels: [.add], backends: ["simd"], sizes: [16])
        _ = try history.record(plain, commit: "def", branch: "main", machine: nil)
        let cell = CellKey(kernel: .add, backend: "simd", size: 16)
        #expect(try history.history(of: cell).values.flatMap { $0 }.map { $0.relative == nil } == [false, true])
    }

    @Test("a v1 history (before the ratios) is read as it is, unchanged; record migrates it to v2")
    func versionOneHistoriesAreRead() throws {
        let path = directory + "/old.sqlite"
        let history = try Self.open(path)
        _ = try history.record(Self.withRatios(), commit: "abc", branch: "main", machine: nil)
        try history.close()
        // Back to the v1 schema, as an earlier springbench left it.
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            for column in ["relativeTo", "relative", "relativeLower", "relativeUpper"] {
                try db.execute(sql: "ALTER TABLE cell DROP COLUMN \(column)")
            }
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = 'v2'")
        }
        try queue.close()
        let before = FileManager.default.contents(atPath: path)
        let reader = try Self.open(path, create: false)
        #expect(try reader.appliedMigrations() == ["v1"])
        let values = try reader.history(of: CellKey(kernel: .add, backend: "simd", size: 16)).values.flatMap { $0 }
        #expect(values.count == 1 && values[0].relative == nil && values[0].value > 0)
        try reader.close()
        #expect(FileManager.default.contents(atPath: path) == before, "a read migrated the file")
        let writer = try Self.open(path)
        #expect(try writer.appliedMigrations() == ["v1", "v2"])
        _ = try writer.record(Self.withRatios(), commit: "def", branch: "main", machine: nil)
        #expect(
            try writer.history(of: CellKey(kernel: .add, backend: "simd", size: 16)).values.flatMap { $0 }
                .map { $0.relative != nil } == [false, true])
    }

    @Test(
        "a ratio partly NULL, not positive or outside its interval is refused naming the row and column",
        arguments: [
            ("UPDATE cell SET relativeLower = NULL", "partly NULL"),
            ("UPDATE cell SET relative = -1", "relative"),
            ("UPDATE cell SET relativeUpper = relative / 2", "outside its interval"),
            ("UPDATE cell SET relativeTo = ''", "relativeTo"),
        ])
    func impossibleRatiosAreRefused(_ edit: String, _ named: String) throws {
        let path = directory + "/bad.sqlite"
        let history = try Self.open(path)
        _ = try history.record(Self.withRatios(), commit: "abc", branch: "main", machine: nil)
        try history.close()
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: edit) }
        try queue.close()
        let reader = try Self.open(path, create: false)
        let error = try #require(throws: HistoryDatabaseError.self) {
            try reader.history(of: CellKey(kernel: .add, backend: "simd", size: 16))
        }
        #expect(error.description.contains("table cell, row") && error.description.contains(named), "\(error)")
    }

    @Test("a history named like another database's journal, WAL or shm file is refused and not made")
    func companionNamesAreRefused() throws {
        let path = directory + "/h.sqlite"
        _ = try Self.open(path)
        for suffix in ["-journal", "-wal", "-shm"] {
            for create in [true, false] {
                let error = try #require(throws: HistoryDatabaseError.self) {
                    try Self.open(path + suffix, create: create)
                }
                #expect(error.description.contains("is where SQLite keeps the \(suffix.dropFirst()) file"), "\(error)")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["h.sqlite"])
        // Without such a database beside it, the name is an ordinary one.
        _ = try Self.open(directory + "/other.sqlite-wal")
    }

    @Test("opening a history makes its -journal, -wal and -shm inputs of the command, before they exist")
    func companionsAreInputs() throws {
        let path = directory + "/h.sqlite"
        _ = try Self.open(path)
        try CommandInputs.$current.withValue(CommandInputs()) {
            let history = try Self.open(path, create: false)
            defer { try? history.close() }
            for suffix in ["-journal", "-wal", "-shm"] {
                #expect(!FileManager.default.fileExists(atPath: path + suffix))
                #expect(CommandInputs.input(at: path + suffix)?.hasSuffix("h.sqlite\(suffix)") == true, "\(suffix)")
            }
            #expect(CommandInputs.input(at: path + ".shm") == nil)
        }
    }
}
