import Benchmarking
import Foundation
import ResultsHistory
import Testing
import _HistoryTestSupport
import _ResultsTestSupport

/// Reading a history changes nothing, and every row is read through checked
/// conversions (`HistoryRow`): a wrong type, a NULL or an impossible value is a
/// `HistoryDatabaseError` naming the database, the table, the row and the
/// column. The fuzz mutates real history files (SQL and bytes) and reads each
/// variant the way `history list/show/check/report/export` do.
@Suite final class HistoryRowTests {
    let directory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "history-row-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static func open(_ path: String, create: Bool) throws -> HistoryDatabase {
        try HistoryFixture.open(path, create: create)
    }

    /// A history of 3 commits: timed runs of 2 kernels × 2 backends × 2 sizes (`HistoryFixture`).
    func makeHistory(_ name: String = "history.sqlite") throws -> String {
        try HistoryFixture.make(at: directory + "/" + name)
        return directory + "/" + name
    }

    /// Everything a read command reads; every value read must be finite and positive.
    static func readEverything(_ history: HistoryDatabase) throws -> Int {
        let read = try HistoryFixture.readEverything(history)
        #expect(read.impossible.isEmpty, "\(read.impossible)")
        return read.count
    }

    /// The directory's entries (sidecar files included).
    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

    static func edit(_ path: String, _ sql: String) throws { try HistoryFixture.edit(path, sql) }
    static let loosened = HistoryFixture.loosened

    @Test("Reading a history changes no byte and makes no journal file; new histories are in rollback mode")
    func readsChangeNothing() throws {
        let path = try makeHistory()
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let listing = entries()
        #expect(before[18] == 1 && before[19] == 1, "a new history is in rollback-journal mode (header bytes 18-19)")
        for _ in 0..<2 {
            let history = try Self.open(path, create: false)
            #expect(history.isReadOnly)
            #expect(try Self.readEverything(history) == 3 + 3 * 8)
            #expect(entries() == listing, "no -wal, -shm or -journal file while it is open")
            try history.close()
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(entries() == listing)
        // A read-only store refuses to write, naming the database.
        let reader = try Self.open(path, create: false)
        let results = SyntheticResults.make(kernels: [.add], backends: ["simd"], sizes: [16])
        #expect(throws: HistoryDatabaseError.self) {
            try reader.record(results, commit: TestCommit.id("c9"), branch: nil, machine: "box")
        }
        try reader.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(
        "A history an earlier springbench left in WAL mode is read without -wal or -shm; a record turns it to rollback")
    func walHistoriesAreReadImmutablyThenConverted() throws {
        let path = try makeHistory()
        try Self.edit(path, "PRAGMA journal_mode = WAL")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(before[18] == 2, "the edit left it in WAL mode")
        let listing = entries()
        let history = try Self.open(path, create: false)
        #expect(try Self.readEverything(history) == 3 + 3 * 8)
        #expect(entries() == listing)
        try history.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        let writer = try Self.open(path, create: true)
        try writer.close()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path))[18] == 1)
        #expect(entries() == listing)
    }

    @Test(
        "A wrong type, a NULL or an impossible value is refused naming the table, row and column",
        arguments: [
            ("UPDATE cell SET value = 'fast' WHERE rowid = 2", "table cell, row 2, column value: the text \"fast\""),
            ("UPDATE cell SET value = -1.5 WHERE rowid = 3", "table cell, row 3, column value: -1.5"),
            ("UPDATE cell SET lower = 9e9 WHERE rowid = 4", "table cell, row 4, column lower: 9000000000.0 is above"),
            ("UPDATE cell SET upper = X'00FF' WHERE rowid = 5", "table cell, row 5, column upper: a blob of 2 bytes"),
            (
                "UPDATE cell SET kernel = 'fft' WHERE rowid = 1",
                "table cell, row 1, column kernel: \"fft\" is not a kernel"
            ),
            ("UPDATE cell SET size = 'big' WHERE rowid = 6", "table cell, row 6, column size: the text \"big\""),
            ("UPDATE run SET kind = 'weekly' WHERE id = 2", "table run, row 2, column kind: \"weekly\" is not a kind"),
            // (A number stored in a TEXT column becomes text: SQLite's column affinity; a blob stays a blob.)
            ("UPDATE run SET machine = X'41' WHERE id = 1", "table run, row 1, column machine: a blob of 1 byte "),
            ("UPDATE run SET branch = X'0102' WHERE id = 3", "table run, row 3, column branch: a blob of 2 bytes"),
            (Self.loosened + "UPDATE cell SET value = NULL WHERE rowid = 7", "table cell, row 7, column value: NULL"),
            (Self.loosened + "UPDATE run SET kind = NULL WHERE id = 1", "table run, row 1, column kind: NULL"),
            ("UPDATE run SET commitID = '' WHERE id = 1", "table run, row 1, column commitID: the text \"\""),
        ])
    func impossibleValuesAreRefusedByRow(edit: String, expected: String) throws {
        let path = try makeHistory()
        try Self.edit(path, edit)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let history = try Self.open(path, create: false)
        defer { try? history.close() }
        let error = try #require(throws: HistoryDatabaseError.self) { _ = try Self.readEverything(history) }
        #expect(error.description.hasPrefix("--database: \(path) table "), "\(error)")
        #expect(error.description.contains(expected), "\(error)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test(
        "Fuzz: 500 mutated history files read correctly or are refused naming the database; none changes (10,000: StressTests)",
        arguments: 0..<10)
    func fuzz(part: Int) throws {
        // Ten parts of 50 with seeds of their own, run in parallel; StressTests' HistoryFuzzTests runs 10,000.
        let (tally, problems) = try HistoryFuzz.run(part: part, variants: 50, in: directory)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        // The mutations reach every outcome, or they test nothing.
        #expect(tally.valid > 2 && tally.refusedByRow > 5 && tally.refusedWhole > 5, "\(tally)")
    }
}
