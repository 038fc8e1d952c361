import Benchmarking
import Foundation
import GRDB
import ResultsHistory
import SpringBenchFiles
import Testing
import _ResultsTestSupport
import _TestSupport

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
        try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: create)
    }

    /// A history of 3 commits: timed runs of 2 kernels × 2 backends × 2 sizes and one instruction-count run.
    func makeHistory(_ name: String = "history.sqlite") throws -> String {
        let path = directory + "/" + name
        let history = try Self.open(path, create: true)
        for commit in 0..<3 {
            let results = SyntheticResults.make(
                kernels: [.add, .axpy], backends: ["naive", "simd"], sizes: [16, 4096], halfWidth: 0.05
            ) { _, _, size in Double(commit + 1) * (size == 16 ? 2 : 0.5) }
            _ = try history.record(results, commit: TestCommit.id("c\(commit)"), branch: "main", machine: "box")
        }
        try history.close()
        return path
    }

    /// Everything a read command reads: runs, cells and every cell's history.
    static func readEverything(_ history: HistoryDatabase) throws -> Int {
        var values = try history.runs().count
        for cell in try history.cells() {
            for (_, series) in try history.history(of: cell) {
                for value in series {
                    #expect(value.value.isFinite && value.value > 0)
                    values += 1
                }
            }
        }
        return values
    }

    /// The directory's entries (sidecar files included).
    func entries() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() }

    /// Runs raw SQL on a history, as a hand edit or another tool would.
    static func edit(_ path: String, _ sql: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

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

    /// SQL that rebuilds both tables without their constraints (as a foreign tool might), so that
    /// NULLs can go where the schema forbids them; rowids are kept.
    static let loosened = """
        CREATE TABLE looseCell AS SELECT rowid AS r, * FROM cell; DROP TABLE cell;
        CREATE TABLE cell (runID, kernel, backend, size, value REAL, lower REAL, upper REAL);
        INSERT INTO cell (rowid, runID, kernel, backend, size, value, lower, upper)
            SELECT r, runID, kernel, backend, size, value, lower, upper FROM looseCell;
        DROP TABLE looseCell;
        CREATE TABLE looseRun AS SELECT * FROM run; DROP TABLE run; ALTER TABLE looseRun RENAME TO run;

        """

    /// Variants: 500 in all (10,000 deep, as the JSON fuzz).
    static let variants = TestDepth.scaled(quick: 500, deep: 10_000)

    @Test(
        "Fuzz: 500 mutated history files (10,000 deep) read correctly or are refused naming the database; none changes",
        arguments: 0..<10)
    func fuzz(part: Int) throws {
        // Ten parts of a tenth each, with seeds of their own, so that they run in parallel.
        let path = try makeHistory("base\(part).sqlite")
        let base = try Data(contentsOf: URL(fileURLWithPath: path))
        var mutator = HistoryMutator(seed: 0x5B_4869 &+ UInt64(part) &* 0x1_0000_0001)
        var tally = (valid: 0, refusedByRow: 0, refusedWhole: 0)
        let variant = directory + "/variant\(part).sqlite"
        let variants = Self.variants / 10
        for index in 0..<variants {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(variant + suffix) }
            let (bytes, what) = try mutator.variant(of: base, scratch: variant)
            try bytes.write(to: URL(fileURLWithPath: variant))
            let listing = entries().filter { $0.hasPrefix("variant\(part).") }
            do {
                let history = try Self.open(variant, create: false)
                defer { try? history.close() }
                _ = try Self.readEverything(history)
                tally.valid += 1
            } catch let error as HistoryDatabaseError {
                #expect(error.description.hasPrefix("--database: \(variant) "), "variant \(index) (\(what)): \(error)")
                if error.description.contains(", column ") { tally.refusedByRow += 1 } else { tally.refusedWhole += 1 }
            } catch {
                Issue.record("variant \(index) (\(what)): \(type(of: error)) \(error), not a HistoryDatabaseError")
            }
            #expect(
                (try? Data(contentsOf: URL(fileURLWithPath: variant))) == bytes,
                "variant \(index) (\(what)) changed by reading")
            let after = entries().filter { $0.hasPrefix("variant\(part).") }
            #expect(after == listing, "variant \(index) (\(what)) left a file: \(after)")
        }
        print("fuzz history files, part \(part): \(tally)")
        // The mutations reach every outcome, or they test nothing.
        #expect(tally.valid > variants / 20, "\(tally)")
        #expect(tally.refusedByRow > variants / 10, "\(tally)")
        #expect(tally.refusedWhole > variants / 10, "\(tally)")
    }
}

/// Variants of a history file from a seeded generator: SQL edits (values of
/// every storage class in every column, garbage rows, deleted runs, a foreign
/// or future schema, another application id) and byte edits (truncation,
/// flipped bytes, a zeroed page, appended garbage).
struct HistoryMutator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func random(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    mutating func pick<T>(_ values: [T]) -> T { values[random(values.count)] }

    static let literals = [
        "NULL", "'fast'", "''", "X'00FF'", "-1", "0", "-0.0", "1.5", "9e999", "-9e999", "9223372036854775807",
        "'add'", "'simd'", "'time'", "'instructions'", "'magnitudeSquared'", "'1e3'", "'NaN'", "4096", "16",
        "1099511627777", "'a.b.c'", "3", "0.001",
    ]

    static let cellColumns = ["kernel", "backend", "size", "value", "lower", "upper", "runID"]
    static let runColumns = [
        "commitID", "branch", "machine", "toolchain", "configuration", "targetCPU", "kind", "recordedAt", "id",
    ]

    /// One variant's bytes and a description of what was done.
    mutating func variant(of base: Data, scratch: String) throws -> (Data, String) {
        let kind = random(10)
        if kind >= 6 { return byteVariant(of: base, kind: kind) }
        try base.write(to: URL(fileURLWithPath: scratch))
        let sql: String
        switch kind {
        case 0:
            sql = "UPDATE cell SET \(pick(Self.cellColumns)) = \(pick(Self.literals)) WHERE rowid = \(1 + random(25))"
        case 1:
            sql = "UPDATE run SET \(pick(Self.runColumns)) = \(pick(Self.literals)) WHERE id = \(1 + random(3))"
        case 2:
            let values = (0..<7).map { _ in pick(Self.literals) }.joined(separator: ", ")
            sql = "INSERT OR IGNORE INTO cell (runID, kernel, backend, size, value, lower, upper) VALUES (\(values))"
        case 3:
            sql = pick([
                "DELETE FROM run WHERE id = \(1 + random(3))", "DELETE FROM cell WHERE rowid % 3 = \(random(3))",
                "INSERT INTO run (commitID, machine, toolchain, configuration, targetCPU, kind, recordedAt) "
                    + "VALUES (\(pick(Self.literals)), 'box', 'Swift 6.3', 'release', 'x86-64', "
                    + "\(pick(Self.literals)), 'now')",
            ])
        case 4:
            sql = pick([
                "DROP TABLE cell", "DROP TABLE run", "ALTER TABLE run RENAME COLUMN kind TO flavour",
                "ALTER TABLE cell RENAME COLUMN value TO median", "CREATE TABLE extra (x)",
                "DELETE FROM grdb_migrations", "INSERT INTO grdb_migrations VALUES ('v9')",
                "DROP TABLE grdb_migrations",
                "ALTER TABLE cell ADD COLUMN note TEXT DEFAULT 'x'",
            ])
        default:
            sql = pick([
                "PRAGMA application_id = \(random(1 << 30))", "PRAGMA user_version = \(random(100))",
                "PRAGMA journal_mode = WAL", "VACUUM",
            ])
        }
        // A third of the SQL edits first drop the schema's constraints (NULLs where it forbids them).
        let edit = kind <= 2 && random(3) == 0 ? HistoryRowTests.loosened + sql : sql
        do {
            try HistoryRowTests.edit(scratch, edit)
        } catch {
            // SQLite refused the edit (a constraint, a missing table): the variant is what it left.
            return (try Data(contentsOf: URL(fileURLWithPath: scratch)), "\(sql) (refused by SQLite: \(error))")
        }
        return (try Data(contentsOf: URL(fileURLWithPath: scratch)), edit == sql ? sql : "loosened; " + sql)
    }

    mutating func byteVariant(of base: Data, kind: Int) -> (Data, String) {
        var bytes = [UInt8](base)
        switch kind {
        case 6:
            let length = random(bytes.count)
            bytes.removeSubrange(length...)
            return (Data(bytes), "truncated to \(length) bytes")
        case 7:
            let count = 1 + random(4)
            let inHeader = random(2) == 0
            for _ in 0..<count {
                bytes[inHeader ? random(100) : random(bytes.count)] ^= UInt8(1 + random(255))
            }
            return (Data(bytes), "\(count) bytes flipped\(inHeader ? " in the header" : "")")
        case 8:
            let page = random(bytes.count / 4096)
            for offset in (page * 4096)..<min(bytes.count, (page + 1) * 4096) { bytes[offset] = 0 }
            return (Data(bytes), "page \(page + 1) zeroed")
        default:
            let count = 1 + random(8192)
            bytes += (0..<count).map { _ in UInt8(random(256)) }
            return (Data(bytes), "\(count) garbage bytes appended")
        }
    }
}
