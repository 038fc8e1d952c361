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
        #expect(try fresh.appliedMigrations() == ["v1"])
        let empty = directory + "/empty.sqlite"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let migrated = try Self.open(empty)
        #expect(try migrated.appliedMigrations() == ["v1"])
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
}
