import Foundation
import GRDB
import ResultsHistory
import SpringBenchFiles
import VectorKernels
import _ResultsTestSupport

/// Histories made and mutated for the read-only and fuzz tests (ResultsHistoryTests'
/// `HistoryRowTests`, StressTests' `HistoryFuzzTests`).
public enum HistoryFixture {
    public static func open(_ path: String, create: Bool) throws -> HistoryDatabase {
        try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: create)
    }

    /// A history at `path` of 3 commits: timed runs of 2 kernels × 2 backends × 2 sizes.
    public static func make(at path: String) throws {
        let history = try open(path, create: true)
        for commit in 0..<3 {
            let results = SyntheticResults.make(
                kernels: [.add, .axpy], backends: ["naive", "simd"], sizes: [16, 4096], halfWidth: 0.05
            ) { _, _, size in Double(commit + 1) * (size == 16 ? 2 : 0.5) }
            _ = try history.record(results, commit: TestCommit.id("c\(commit)"), branch: "main", machine: "box")
        }
        try history.close()
    }

    /// Everything a read command reads — runs, cells and every cell's history — as the
    /// number of rows and values read, and the values that are not finite and positive.
    public static func readEverything(_ history: HistoryDatabase) throws -> (count: Int, impossible: [Double]) {
        var count = try history.runs().count
        var impossible: [Double] = []
        for cell in try history.cells() {
            for (_, series) in try history.history(of: cell) {
                for value in series {
                    if !(value.value.isFinite && value.value > 0) { impossible.append(value.value) }
                    count += 1
                }
            }
        }
        return (count, impossible)
    }

    /// Runs raw SQL on a history, as a hand edit or another tool would (foreign keys off).
    public static func edit(_ path: String, _ sql: String) throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
    }

    /// SQL that rebuilds both tables without their constraints (as a foreign tool might), so that
    /// NULLs can go where the schema forbids them; rowids are kept.
    public static let loosened = """
        CREATE TABLE looseCell AS SELECT rowid AS r, * FROM cell; DROP TABLE cell;
        CREATE TABLE cell (runID, kernel, backend, size, value REAL, lower REAL, upper REAL,
            relativeTo, relative REAL, relativeLower REAL, relativeUpper REAL);
        INSERT INTO cell (rowid, runID, kernel, backend, size, value, lower, upper,
                relativeTo, relative, relativeLower, relativeUpper)
            SELECT r, runID, kernel, backend, size, value, lower, upper,
                relativeTo, relative, relativeLower, relativeUpper FROM looseCell;
        DROP TABLE looseCell;
        CREATE TABLE looseRun AS SELECT * FROM run; DROP TABLE run; ALTER TABLE looseRun RENAME TO run;

        """
}

/// One part of the history fuzz: `variants` mutated copies of a fresh history, each read as
/// the read commands read it. Every variant must read correctly or be refused with a
/// `HistoryDatabaseError` naming the database, and leave its bytes and directory unchanged.
public enum HistoryFuzz {
    public struct Tally: Sendable, CustomStringConvertible {
        public var valid = 0, refusedByRow = 0, refusedWhole = 0
        public var description: String {
            "\(valid) read, \(refusedByRow) refused by row, \(refusedWhole) refused whole"
        }
    }

    /// The tally and every problem found (empty when the property holds).
    public static func run(part: Int, variants: Int, in directory: String) throws -> (Tally, [String]) {
        let path = directory + "/base\(part).sqlite"
        try HistoryFixture.make(at: path)
        let base = try Data(contentsOf: URL(fileURLWithPath: path))
        var mutator = HistoryMutator(seed: 0x5B_4869 &+ UInt64(part) &* 0x1_0000_0001)
        var tally = Tally()
        var problems: [String] = []
        let variant = directory + "/variant\(part).sqlite"
        func entries() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
                $0.hasPrefix("variant\(part).")
            }.sorted()
        }
        for index in 0..<variants {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(variant + suffix) }
            let (bytes, what) = try mutator.variant(of: base, scratch: variant)
            try bytes.write(to: URL(fileURLWithPath: variant))
            let listing = entries()
            do {
                let history = try HistoryFixture.open(variant, create: false)
                defer { try? history.close() }
                let read = try HistoryFixture.readEverything(history)
                if !read.impossible.isEmpty { problems.append("variant \(index) (\(what)) read \(read.impossible)") }
                tally.valid += 1
            } catch let error as HistoryDatabaseError {
                if !error.description.hasPrefix("--database: \(variant) ") {
                    problems.append("variant \(index) (\(what)): \(error)")
                }
                if error.description.contains(", column ") { tally.refusedByRow += 1 } else { tally.refusedWhole += 1 }
            } catch {
                problems.append("variant \(index) (\(what)): \(type(of: error)) \(error), not a HistoryDatabaseError")
            }
            if (try? Data(contentsOf: URL(fileURLWithPath: variant))) != bytes {
                problems.append("variant \(index) (\(what)) changed by reading")
            }
            if entries() != listing { problems.append("variant \(index) (\(what)) left a file: \(entries())") }
        }
        return (tally, problems)
    }
}

/// Variants of a history file from a seeded generator: SQL edits (values of
/// every storage class in every column, garbage rows, deleted runs, a foreign
/// or future schema, another application id) and byte edits (truncation,
/// flipped bytes, a zeroed page, appended garbage).
public struct HistoryMutator {
    var generator: SplitMix64

    public init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    mutating func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(bound)) }

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
    public mutating func variant(of base: Data, scratch: String) throws -> (Data, String) {
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
        let edit = kind <= 2 && random(3) == 0 ? HistoryFixture.loosened + sql : sql
        do {
            try HistoryFixture.edit(scratch, edit)
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
