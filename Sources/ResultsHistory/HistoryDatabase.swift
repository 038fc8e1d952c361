import Benchmarking
import Foundation
import GRDB
import RegressionGate
import SpringBenchFiles

#if canImport(Glibc)
    import Glibc
#endif

/// Why a history database cannot be used: the option, the path (or the URL,
/// its password left out) and what is wrong.
public struct HistoryDatabaseError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "--database: \(path) \(reason)" }
}

/// What a run is: a timed results file or an instruction-count file.
public enum HistoryKind: String, Sendable, Codable, CaseIterable {
    case time
    case instructions
}

/// The build a row belongs to: rows are compared only within one series.
public struct HistorySeries: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var machine: String
    public var toolchain: String
    public var configuration: String
    public var targetCPU: String
    public var kind: HistoryKind

    public init(machine: String, toolchain: String, configuration: String, targetCPU: String, kind: HistoryKind) {
        self.machine = machine
        self.toolchain = toolchain
        self.configuration = configuration
        self.targetCPU = targetCPU
        self.kind = kind
    }

    public var description: String {
        "\(machine), \(toolchain), \(configuration), target \(targetCPU), \(kind.rawValue)"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

/// One recorded run (one results file at one commit).
public struct HistoryRun: Sendable, Equatable {
    public var id: Int64
    public var commit: String
    public var branch: String?
    public var series: HistorySeries
    public var recordedAt: String
    public var cells: Int

    public init(id: Int64, commit: String, branch: String?, series: HistorySeries, recordedAt: String, cells: Int) {
        self.id = id
        self.commit = commit
        self.branch = branch
        self.series = series
        self.recordedAt = recordedAt
        self.cells = cells
    }
}

/// One cell's value at one commit.
public struct HistoryCellValue: Sendable, Equatable {
    public var commit: String
    public var branch: String?
    /// Median nanoseconds per call, or instructions per call.
    public var value: Double
    public var lower: Double?
    public var upper: Double?
    /// The time relative to the reference timed in the same rounds
    /// (`ReferenceRatio`); nil for instruction counts, runs without a
    /// reference and histories recorded before schema `v2`.
    public var relative: HistoryRatio?

    public init(
        commit: String, branch: String?, value: Double, lower: Double?, upper: Double?, relative: HistoryRatio? = nil
    ) {
        self.commit = commit
        self.branch = branch
        self.value = value
        self.lower = lower
        self.upper = upper
        self.relative = relative
    }
}

/// A cell's `ReferenceRatio` as the history keeps it (`RatioFigures`).
public typealias HistoryRatio = RatioFigures

/// One cell as `record` stores it.
public typealias HistoryCellRecord = (
    key: CellKey, value: Double, lower: Double?, upper: Double?, relative: HistoryRatio?
)

/// What `record` did with one file.
public enum RecordOutcome: Sendable, Equatable {
    case recorded(cells: Int)
    case alreadyRecorded
}

/// The results history: an SQLite database (GRDB) in rollback-journal mode
/// with a busy timeout, so concurrent writers wait for each other instead of
/// failing.
///
/// Commands that only read (`list`, `show`, `check`, `report`, `export`:
/// `create: false`) open it read-only and change nothing: no migration, no
/// journal file, the file byte for byte as it was (also on read-only files and
/// media). A history made by an earlier springbench in WAL mode is read as an
/// immutable file when no writer has it open (no `-wal` file), so no `-wal`
/// or `-shm` file appears; the next `history record` turns it to rollback mode.
/// Every value read goes through `HistoryRow`'s checked conversions.
///
/// A database is only ever opened for writing once it is known to be one of
/// ours (SQLite's `application_id` header field, then the schema's
/// migrations); a file that is not SQLite, is corrupt or belongs to another
/// application is refused, untouched (Guides/History.md).
///
/// The default ``HistoryStore``: `--database PATH`.
public final class HistoryDatabase: HistoryStore {
    /// `PRAGMA application_id` of a SpringBench history: "SBHi".
    public static let applicationID: Int32 = 0x5342_4869
    /// The default path, under the working directory.
    public static let defaultPath = ".springbench/history.sqlite"
    /// How long a writer waits for another's lock.
    public static let busyTimeout: TimeInterval = 30

    let queue: DatabaseQueue
    public let path: String
    /// Where the history was read from when a killed writer left a hot
    /// journal (``restoringHotJournal(_:display:)``); removed with this object.
    private let restoredCopy: RunTemporaryDirectory?
    /// True when a hot journal was found: what was read is the history as its
    /// journal restores it, from a copy; the file itself was left as it was.
    public var readThroughHotJournal: Bool { restoredCopy != nil }
    /// Opened for reading only (`create: false`).
    public let isReadOnly: Bool
    /// Whether the cells have the relative columns (schema `v2`): a history
    /// recorded before them is still read, its ratios nil.
    let hasRelativeColumns: Bool
    /// The path as given (``HistoryStore/location``).
    public var location: String { path }

    /// The versioned schema. A migration, once released, is never edited: the next change is a new one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            try db.create(table: "run") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("commitID", .text).notNull()
                table.column("branch", .text)
                table.column("machine", .text).notNull()
                table.column("toolchain", .text).notNull()
                table.column("configuration", .text).notNull()
                table.column("targetCPU", .text).notNull()
                table.column("kind", .text).notNull()
                table.column("recordedAt", .text).notNull()
                table.uniqueKey(["commitID", "machine", "toolchain", "configuration", "targetCPU", "kind"])
            }
            try db.create(table: "cell") { table in
                table.column("runID", .integer).notNull().references("run", onDelete: .cascade)
                table.column("kernel", .text).notNull()
                table.column("backend", .text).notNull()
                table.column("size", .integer).notNull()
                table.column("value", .double).notNull()
                table.column("lower", .double)
                table.column("upper", .double)
                table.primaryKey(["runID", "kernel", "backend", "size"])
            }
        }
        // Each cell's time relative to the reference timed in the same rounds (issue 38);
        // NULL for instruction counts and runs without one.
        migrator.registerMigration("v2") { db in
            try db.alter(table: "cell") { table in
                table.add(column: "relativeTo", .text)
                table.add(column: "relative", .double)
                table.add(column: "relativeLower", .double)
                table.add(column: "relativeUpper", .double)
            }
        }
        return migrator
    }

    static func configuration(readOnly: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.readonly = readOnly
        configuration.busyMode = .timeout(busyTimeout)
        return configuration
    }

    /// The SQLite URI that opens `path` for reading without creating a file:
    /// `mode=ro`, or `immutable=1` for a database in WAL mode (header byte 18
    /// is 2) that no connection has open (no `-wal` file): SQLite would
    /// otherwise make `-wal` and `-shm` files even for a read-only connection.
    /// (The system SQLite reads URI file names: Debian builds it with SQLITE_USE_URI.)
    static func readOnlyLocation(_ path: String) -> String {
        var absolute = path
        if !absolute.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                absolute = String(cString: buffer) + "/" + path
            }
        }
        var encoded = ""
        for byte in absolute.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"), 0..<0x20, 0x7f...:
                encoded += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            default:
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        var header = [UInt8](repeating: 0, count: 20)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = Glibc.read(descriptor, &header, header.count)
            Glibc.close(descriptor)
        }
        let wal = header[18] == 2 && Glibc.access(path + "-wal", F_OK) != 0
        return "file://" + encoded + (wal ? "?immutable=1" : "?mode=ro")
    }

    /// Opens (creating when `create` and there is no file, or an empty one)
    /// the history at `target`; refuses anything that is not ours.
    public init(target: OutputTarget, create: Bool) throws {
        let path = target.path.string
        self.path = target.display
        let display = target.display
        func refuse(_ reason: String) -> HistoryDatabaseError { HistoryDatabaseError(path: display, reason: reason) }
        // A database named like another database's journal or write-ahead log would be taken
        // for it (and removed as a stale journal by SQLite's next write there).
        for suffix in ["-journal", "-wal", "-shm"] where path.hasSuffix(suffix) {
            let base = String(path.dropLast(suffix.count))
            // The header only: the database beside it may be large.
            let handle = FileHandle(forReadingAtPath: base)
            let header = (try? handle?.read(upToCount: 16)) ?? nil
            try? handle?.close()
            if header == Data("SQLite format 3\0".utf8) {
                throw refuse(
                    "is where SQLite keeps the \(suffix.dropFirst()) file of the database \(String(display.dropLast(suffix.count))); name another file"
                )
            }
        }
        var status = stat()
        if stat(path, &status) != 0 || status.st_size == 0 {
            guard create else {
                throw refuse(
                    stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
                        ? "is an empty file, not a history yet; record results first (`springbench history record`)"
                        : "does not exist; record results first (`springbench history record`)")
            }
            try Self.createDatabase(at: target, display: display)
        } else if status.st_mode & S_IFMT != S_IFREG {
            throw refuse("is not a regular file")
        }
        // A hot journal (a writer killed while committing) cannot be rolled back by a
        // read-only connection: reads and the inspection go to a restored copy.
        let restored = try Self.restoringHotJournal(path, display: display)
        let readPath = restored.map { $0.path + "/history.sqlite" } ?? path
        // A read command reads through the connection it inspected with.
        let inspected = try Self.inspect(path: readPath, display: display, keepingReader: !create)
        // No output of the command may replace the history it reads or records into.
        CommandInputs.register(path, as: "the history --database")
        // Its journal and write-ahead log are the database too, whether or not they exist now.
        CommandInputs.register(
            companionsOf: path, shownAs: display, suffixes: ["-journal", "-wal", "-shm"],
            as: "the history --database's companion")
        restoredCopy = create ? nil : restored
        if create { restored?.remove() }
        isReadOnly = !create
        if !create {
            guard let queue = inspected else { preconditionFailure("a read inspects through the connection it keeps") }
            do {
                // Read as it is: a history from before `v2` has no ratios; only `record` migrates.
                let applied = try queue.read { try Self.migrator.appliedIdentifiers($0) }
                guard applied.contains("v1") else {
                    throw refuse(
                        "has an older schema (migrations applied: \(applied.sorted())); "
                            + "`springbench history record` brings it up to date")
                }
                hasRelativeColumns = applied.contains("v2")
                self.queue = queue
            } catch let error as HistoryDatabaseError {
                throw error
            } catch {
                throw refuse("cannot be opened for reading (\(error))")
            }
            return
        }
        do {
            let queue = try Self.whileBusy {
                try DatabaseQueue(path: path, configuration: Self.configuration(readOnly: false))
            }
            try InterruptCleanup.uninterruptible { try Self.whileBusy { try Self.migrate(queue) } }
            hasRelativeColumns = true
            // A history an earlier springbench kept in WAL mode goes to rollback mode, so that
            // reads make no -wal or -shm file; another connection holding it open leaves it in WAL.
            if try queue.read({ try String.fetchOne($0, sql: "PRAGMA journal_mode") }) == "wal" {
                InterruptCleanup.uninterruptible {
                    try? queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA journal_mode = DELETE") }
                }
            }
            self.queue = queue
        } catch {
            throw refuse("cannot be opened for writing (\(error))")
        }
    }

    /// SQLite's journal header magic: a rollback journal whose header holds it
    /// was synced before the database's pages were overwritten, so it is needed
    /// to restore them (https://www.sqlite.org/fileformat.html, "The Rollback
    /// Journal"; until then the header is zeros and the journal is not hot).
    static let journalMagic: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7]

    /// Whether `path` has a hot journal: `-journal` begins with the magic and no
    /// live writer holds SQLite's RESERVED lock (byte 0x40000001) on the file —
    /// a live writer's journal is not hot; readers wait for its commit instead.
    static func hasHotJournal(_ path: String) -> Bool {
        let journal = open(path + "-journal", O_RDONLY | O_CLOEXEC)
        guard journal >= 0 else { return false }
        var magic = [UInt8](repeating: 0, count: journalMagic.count)
        let count = Glibc.read(journal, &magic, magic.count)
        Glibc.close(journal)
        guard count == magic.count, magic == journalMagic else { return false }
        let database = open(path, O_RDONLY | O_CLOEXEC)
        guard database >= 0 else { return false }
        defer { Glibc.close(database) }
        var lock = flock()
        lock.l_type = Int16(F_WRLCK)
        lock.l_whence = Int16(SEEK_SET)
        lock.l_start = 0x4000_0001
        lock.l_len = 1
        guard fcntl(database, F_GETLK, &lock) == 0 else { return false }
        return lock.l_type == Int16(F_UNLCK)
    }

    /// When `path` has a hot journal: a copy of the journal, then of the
    /// database, in a temporary directory of this run, rolled back there by a
    /// read-write connection, i.e. the history as it was before the killed
    /// transaction. The file and its journal are not touched (the next
    /// `history record` rolls them back in place). Nil when there is none.
    static func restoringHotJournal(_ path: String, display: String) throws -> RunTemporaryDirectory? {
        guard hasHotJournal(path) else { return nil }
        func refuse(_ reason: String) -> HistoryDatabaseError { HistoryDatabaseError(path: display, reason: reason) }
        let directory: RunTemporaryDirectory
        do {
            directory = try RunTemporaryDirectory(purpose: "history")
        } catch {
            throw refuse("has a hot journal (a writer was killed) and no copy could be made to read it: \(error)")
        }
        let copy = directory.path + "/history.sqlite"
        do {
            // The journal first: a commit finishing meanwhile leaves a journal older than the copy, which
            // restores the state before that commit, never a mix.
            try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
            try FileManager.default.copyItem(atPath: path, toPath: copy)
            let restoring = try DatabaseQueue(path: copy, configuration: configuration(readOnly: false))
            _ = try restoring.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM sqlite_master") }
            try restoring.close()
        } catch {
            directory.remove()
            throw refuse("has a hot journal (a writer was killed) that could not be rolled back in a copy: \(error)")
        }
        return directory
    }

    /// Refuses, without writing a byte, a file that is not a SpringBench history.
    /// `keepingReader`: returns the read-only connection it inspected through
    /// (a read command then reads with it: one connection per command, not two).
    @discardableResult
    static func inspect(path: String, display: String, keepingReader: Bool = false) throws -> DatabaseQueue? {
        func refuse(_ reason: String) -> HistoryDatabaseError { HistoryDatabaseError(path: display, reason: reason) }
        // Only the header is read: a database is not a document (InputFile's
        // 1 GiB bound is for documents read whole).
        guard let handle = FileHandle(forReadingAtPath: path) else { throw refuse("cannot be read") }
        let header = Array((try? handle.read(upToCount: 16)) ?? Data())
        try? handle.close()
        guard header == Array("SQLite format 3\0".utf8) else {
            throw refuse("is not an SQLite database (no \"SQLite format 3\" header); name a new file")
        }
        // Opened through ``readOnlyLocation(_:)``: the look makes no -wal or -shm file.
        do {
            return try whileBusy {
                let reader = try DatabaseQueue(
                    path: readOnlyLocation(path), configuration: configuration(readOnly: true))
                var kept = false
                defer { if !kept { try? reader.close() } }
                try reader.read { db in
                    let check = try String.fetchAll(db, sql: "PRAGMA quick_check")
                    guard check == ["ok"] else {
                        throw refuse(
                            "is a corrupt SQLite database (quick_check: \(check.prefix(3).joined(separator: "; ")))")
                    }
                    let application = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                    guard application == applicationID else {
                        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                        throw refuse(
                            "is an SQLite database of another application (application_id \(application), tables: "
                                + "\(tables.isEmpty ? "none" : tables.prefix(5).joined(separator: ", "))), "
                                + "not a SpringBench history; name a new file")
                    }
                    let applied = try migrator.appliedIdentifiers(db)
                    let known = Set(migrator.migrations)
                    guard applied.isSubset(of: known) else {
                        throw refuse(
                            "has schema migrations this springbench does not know (\(applied.subtracting(known).sorted())); "
                                + "use a newer springbench")
                    }
                }
                kept = keepingReader
                return kept ? reader : nil
            }
        } catch let error as HistoryDatabaseError {
            throw error
        } catch {
            throw refuse("is not a usable SQLite database (\(error))")
        }
    }

    /// Makes a migrated database beside the target and links it into place
    /// (`link(2)` fails when a file is already there: a concurrent first
    /// writer's database is never replaced). An empty file at the path is
    /// replaced under a lock on it.
    static func createDatabase(at target: OutputTarget, display: String) throws {
        func refuse(_ reason: String) -> HistoryDatabaseError { HistoryDatabaseError(path: display, reason: reason) }
        var directory = target.existingAncestor
        for component in target.missing {
            directory.append(component)
            if mkdir(directory.string, 0o755) != 0, errno != EEXIST {
                throw refuse("cannot be created (mkdir \(directory): \(String(cString: strerror(errno))))")
            }
        }
        let path = target.path.string
        // Built in a directory of its own beside the target, registered with InterruptCleanup: a
        // SIGINT, SIGTERM or SIGHUP at any moment removes it, so nothing is left but the history
        // (linked into place whole) or nothing at all.
        var template = Array(target.directory.appending(".springbench-history-XXXXXX").string.utf8CString)
        let made: (String, Int)? = InterruptCleanup.uninterruptible {
            guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return nil }
            let directory = String(cString: made)
            return (directory, InterruptCleanup.register(directory: directory))
        }
        guard let (stagingDirectory, token) = made else {
            throw refuse("cannot be created (mkdtemp: \(String(cString: strerror(errno))))")
        }
        let staging = stagingDirectory + "/history.sqlite"
        defer {
            InterruptCleanup.uninterruptible {
                for suffix in ["", "-wal", "-shm", "-journal"] { unlink(staging + suffix) }
                rmdir(stagingDirectory)
                InterruptCleanup.unregister(token)
            }
        }
        do {
            let queue = try DatabaseQueue(path: staging, configuration: configuration(readOnly: false))
            try migrate(queue)
            try queue.close()
        } catch {
            throw refuse("cannot be created (\(error))")
        }
        debugPause("creation")  // the staged history made, not yet in place
        if link(staging, path) == 0 { return }
        guard errno == EEXIST else { throw refuse("cannot be created (\(String(cString: strerror(errno))))") }
        // An empty file is there: replace it under its lock, unless another writer already did.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { Glibc.close(descriptor) }
        flock(descriptor, LOCK_EX)
        var held = stat(), current = stat()
        guard fstat(descriptor, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino,
            current.st_size == 0
        else { return }
        if rename(staging, path) != 0 {
            throw refuse("cannot be created (\(String(cString: strerror(errno))))")
        }
    }

    /// Holds the run for the seconds `SPRINGBENCH_DEBUG_PAUSE=POINT=SECONDS` names (at most 10),
    /// when `point` is its POINT: tests signal a `history record` process at that moment.
    static func debugPause(_ point: String) {
        guard let setting = getenv("SPRINGBENCH_DEBUG_PAUSE").map({ String(cString: $0) }),
            setting.hasPrefix(point + "="), let seconds = Double(setting.dropFirst(point.count + 1)),
            seconds > 0, seconds <= 10
        else { return }
        usleep(UInt32(seconds * 1e6))
    }

    /// Runs `body` again while SQLite answers "busy" or "locked", for up to
    /// ``busyTimeout`` (with 5–50 ms pauses). SQLite's own busy handler does
    /// not cover every case: a connection opening while another switches the
    /// file to WAL or recovers it gets SQLITE_BUSY at once (seen here with
    /// two `history record` processes started together).
    static func whileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try body()
            } catch let error as DatabaseError
                where error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
            {
                if Date() > deadline { throw error }
                usleep(UInt32.random(in: 5_000...50_000))
            }
        }
    }

    /// Applies the migrations; a concurrent writer that applied them first is not an error.
    static func migrate(_ queue: DatabaseQueue) throws {
        for attempt in 1...3 {
            do {
                try migrator.migrate(queue)
                return
            } catch {
                if try queue.read({ try migrator.hasCompletedMigrations($0) }) { return }
                if attempt == 3 { throw error }
            }
        }
    }

    /// The schema migrations applied, oldest first.
    public func appliedMigrations() throws -> [String] {
        try access { try Self.migrator.appliedIdentifiers($0) }.sorted()
    }

    public func close() throws {
        try queue.close()
        restoredCopy?.remove()
    }

    /// A read or write; an SQLite error (a full disk, a lock held past the
    /// busy timeout) is thrown as a ``HistoryDatabaseError`` naming the path.
    func access<T>(writing: Bool = false, _ body: (Database) throws -> T) throws -> T {
        do {
            return try Self.whileBusy { writing ? try queue.write(body) : try queue.read(body) }
        } catch let error as DatabaseError {
            throw HistoryDatabaseError(
                path: path, reason: "could not be \(writing ? "written" : "read") (\(error.description))")
        }
    }

    // MARK: - Recording

    /// Records one run's cells in one transaction; the same commit, machine
    /// and build again is left as it was.
    public func record(
        commit: String, branch: String?, machine: String, machineRecord: MachineRecord, kind: HistoryKind,
        cells: [HistoryCellRecord]
    ) throws -> RecordOutcome {
        // With interrupts held off (InterruptCleanup): a SIGINT, SIGTERM or SIGHUP during the
        // transaction takes effect after its commit, so it never leaves a hot journal behind.
        try InterruptCleanup.uninterruptible {
            try recordTransaction(commit, branch, machine, machineRecord, kind, cells)
        }
    }

    private func recordTransaction(
        _ commit: String, _ branch: String?, _ machine: String, _ machineRecord: MachineRecord, _ kind: HistoryKind,
        _ cells: [HistoryCellRecord]
    ) throws -> RecordOutcome {
        try access(writing: true) { db in
            try db.execute(
                sql: """
                    INSERT INTO run (commitID, branch, machine, toolchain, configuration, targetCPU, kind, recordedAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT DO NOTHING
                    """,
                arguments: [
                    commit, branch, machine, machineRecord.swiftCompiler, machineRecord.buildConfiguration,
                    machineRecord.targetCPU, kind.rawValue, ISO8601DateFormatter().string(from: Date()),
                ])
            guard db.changesCount == 1 else { return .alreadyRecorded }
            Self.debugPause("record")  // inside the transaction: the journal is hot
            let run = db.lastInsertedRowID
            for (key, value, lower, upper, relative) in cells {
                try db.execute(
                    sql: """
                        INSERT INTO cell (runID, kernel, backend, size, value, lower, upper,
                            relativeTo, relative, relativeLower, relativeUpper)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        run, key.kernel.rawValue, key.backend, key.size, value, lower, upper, relative?.reference,
                        relative?.median, relative?.lower, relative?.upper,
                    ])
            }
            return .recorded(cells: cells.count)
        }
    }

    // MARK: - Queries

    private static func series(_ row: HistoryRow) throws(HistoryDatabaseError) -> HistorySeries {
        HistorySeries(
            machine: try row.text("machine"), toolchain: try row.text("toolchain"),
            configuration: try row.text("configuration"), targetCPU: try row.text("targetCPU"),
            kind: try row.kind("kind"))
    }

    /// Every run, in the order recorded.
    public func runs() throws -> [HistoryRun] {
        try access { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT run.*, (SELECT COUNT(*) FROM cell WHERE cell.runID = run.id) AS cells
                    FROM run ORDER BY id
                    """
            ).map { (raw: Row) throws -> HistoryRun in
                let row = HistoryRow(raw, table: "run", rowIDColumn: "id", path: path)
                return HistoryRun(
                    id: try row.integer("id", in: 1...Int64.max), commit: try row.text("commitID"),
                    branch: try row.optionalText("branch"), series: try Self.series(row),
                    recordedAt: try row.text("recordedAt"), cells: Int(try row.integer("cells", in: 0...Int64.max)))
            }
        }
    }

    /// Every cell recorded in any run.
    public func cells() throws -> [CellKey] {
        try access { db in
            Set(
                try Row.fetchAll(db, sql: "SELECT rowid AS cellRow, kernel, backend, size FROM cell").map {
                    (raw: Row) throws -> CellKey in
                    let row = HistoryRow(raw, table: "cell", rowIDColumn: "cellRow", path: path)
                    return CellKey(
                        kernel: try row.kernel("kernel"), backend: try row.text("backend"),
                        size: Int(try row.integer("size", in: 1...(1 << 40))))
                }
            ).sorted()
        }
    }

    /// One cell's values per series, commits in the order they were first recorded.
    /// The relative columns, or NULLs in a history read before its `v2` (a read command does not migrate).
    private var relativeColumns: String {
        hasRelativeColumns
            ? "cell.relativeTo, cell.relative, cell.relativeLower, cell.relativeUpper"
            : "NULL AS relativeTo, NULL AS relative, NULL AS relativeLower, NULL AS relativeUpper"
    }

    /// A cell's ratio: all four columns or none; a positive median inside a positive interval.
    static func ratio(_ values: HistoryRow) throws(HistoryDatabaseError) -> HistoryRatio? {
        let reference = try values.optionalText("relativeTo")
        let median = try values.number("relative", above: 0, optional: true)
        let lower = try values.number("relativeLower", above: 0, optional: true)
        let upper = try values.number("relativeUpper", above: 0, optional: true)
        guard let reference, let median, let lower, let upper else {
            if reference != nil || median != nil || lower != nil || upper != nil {
                throw values.refuse("relative", "the ratio's columns are partly NULL (all four or none)")
            }
            return nil
        }
        guard !reference.isEmpty else { throw values.refuse("relativeTo", "is empty") }
        guard lower <= median, median <= upper else {
            throw values.refuse("relative", "\(median) lies outside its interval \(lower)…\(upper)")
        }
        return HistoryRatio(reference: reference, median: median, lower: lower, upper: upper)
    }

    public func history(of cell: CellKey) throws -> [HistorySeries: [HistoryCellValue]] {
        try access { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT run.*, cell.rowid AS cellRow, cell.value, cell.lower, cell.upper, \(relativeColumns)
                    FROM cell JOIN run ON run.id = cell.runID
                    WHERE cell.kernel = ? AND cell.backend = ? AND cell.size = ? ORDER BY run.id
                    """, arguments: [cell.kernel.rawValue, cell.backend, cell.size])
            var result: [HistorySeries: [HistoryCellValue]] = [:]
            for raw in rows {
                let run = HistoryRow(raw, table: "run", rowIDColumn: "id", path: path)
                let values = HistoryRow(raw, table: "cell", rowIDColumn: "cellRow", path: path)
                let lower = try values.number("lower", above: 0, optional: true)
                let upper = try values.number("upper", above: 0, optional: true)
                if let lower, let upper, lower > upper {
                    throw values.refuse("lower", "\(lower) is above the upper end \(upper)")
                }
                result[try Self.series(run), default: []].append(
                    HistoryCellValue(
                        commit: try run.text("commitID"), branch: try run.optionalText("branch"),
                        value: try values.number("value", above: 0)!, lower: lower, upper: upper,
                        relative: try Self.ratio(values)))
            }
            return result
        }
    }
}

extension CellKey {
    /// Reads `add.simd.4096`, `add.simd.4Ki` (the form `description` writes)
    /// or any size spelling `PointCount.parse(_:)` reads (`1Ti`, `1000`).
    public init?(historyKey text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3, let kernel = Kernel(rawValue: parts[0]) else { return nil }
        let backend = parts[1..<(parts.count - 1)].joined(separator: ".")
        guard !backend.isEmpty, let size = try? PointCount.parse(parts[parts.count - 1]) else { return nil }
        self.init(kernel: kernel, backend: backend, size: size)
    }
}
