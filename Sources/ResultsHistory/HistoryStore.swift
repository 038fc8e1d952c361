import Benchmarking
import RegressionGate
import SpringBenchFiles
import Synchronization

/// A results history: what `springbench history` records into and reads.
///
/// ``HistoryDatabase`` (an SQLite file) is one; a server store (PostgreSQL, the
/// `ResultsHistoryPostgreSQL` product) is another, opened through
/// ``HistoryStores`` by its URL's scheme. Every store keeps the same meaning:
/// versioned migrations, a store of another application refused untouched,
/// one transaction per record, and the unique key commit + machine +
/// toolchain + configuration + target CPU + kind, so recording the same run
/// again is a no-op and concurrent recorders lose no row (Guides/History.md).
///
/// A store is used from one thread at a time; its calls block until done
/// and throw ``HistoryDatabaseError`` (naming `--database`) when it cannot be used.
public protocol HistoryStore: AnyObject {
    /// The store as messages name it: a path, or a URL with its password left out.
    var location: String { get }

    /// Records one run's cells in one transaction; the same commit, machine
    /// and build again is left as it was.
    func record(
        commit: String, branch: String?, machine: String, machineRecord: MachineRecord, kind: HistoryKind,
        cells: [HistoryCellRecord]
    ) throws -> RecordOutcome

    /// Every run, in the order recorded.
    func runs() throws -> [HistoryRun]

    /// Every cell recorded in any run, sorted.
    func cells() throws -> [CellKey]

    /// One cell's values per series, commits in the order they were first recorded.
    func history(of cell: CellKey) throws -> [HistorySeries: [HistoryCellValue]]

    /// The schema migrations applied, oldest first.
    func appliedMigrations() throws -> [String]

    func close() throws
}

extension HistoryStore {
    /// Records a results file (each cell's median and its interval, and its
    /// time relative to the reference timed in the same rounds when the run has one).
    public func record(_ results: BenchmarkResults, commit: String, branch: String?, machine: String?) throws
        -> RecordOutcome
    {
        try record(
            commit: commit, branch: branch, machine: machine ?? results.machine.hostname,
            machineRecord: results.machine, kind: .time,
            cells: results.measurements.map {
                (
                    $0.key, $0.summary.median, $0.summary.medianInterval.lower, $0.summary.medianInterval.upper,
                    $0.relative.map(HistoryRatio.init)
                )
            })
    }

    /// Records an instruction-count file (instructions per call).
    public func record(_ counts: InstructionCounts, commit: String, branch: String?, machine: String?) throws
        -> RecordOutcome
    {
        try record(
            commit: commit, branch: branch, machine: machine ?? counts.machine.hostname,
            machineRecord: counts.machine, kind: .instructions,
            cells: counts.entries.map {
                (CellKey(kernel: $0.kernel, backend: $0.backend, size: $0.size), $0.instructionsPerCall, nil, nil, nil)
            })
    }
}

/// Opens a history by what `--database` says: a URL whose scheme a store
/// was registered for (`postgresql://…`) opens that store; anything else is
/// the path of an SQLite ``HistoryDatabase``, as it always was.
///
/// ResultsHistory itself knows only SQLite, so that a user of SpringBenchCLI
/// does not build a server's client library unless asked: the `springbench`
/// tool registers PostgreSQL (`PostgreSQLHistory.register()`, product
/// `ResultsHistoryPostgreSQL`) before it runs a command, and a user's own
/// `@main` can do the same in one line.
public enum HistoryStores {
    /// Opens the store a URL names, creating its schema when `create` and it has none.
    public typealias Opener = @Sendable (_ url: String, _ create: Bool) throws -> any HistoryStore
    /// Checks a URL's form without connecting (for a command's `validate()`).
    public typealias Validator = @Sendable (_ url: String) throws -> Void

    struct Registration: Sendable {
        var validate: Validator
        var open: Opener
    }

    private static let registry = Mutex<[String: Registration]>([:])

    /// The URL schemes of PostgreSQL: named by `--database`, they are never a
    /// file path, registered or not (unregistered, they are exit 2 saying how
    /// to add PostgreSQL).
    public static let postgreSQLSchemes: Set<String> = ["postgresql", "postgres"]

    /// Registers the store opened by URLs of `scheme` (lowercase, without
    /// `://`); registering a scheme again replaces its opener.
    public static func register(
        scheme: String, validate: @escaping Validator = { _ in }, open: @escaping Opener
    ) {
        registry.withLock { $0[scheme.lowercased()] = Registration(validate: validate, open: open) }
    }

    /// The schemes registered so far, sorted.
    public static var registeredSchemes: [String] { registry.withLock { $0.keys.sorted() } }

    /// The lowercase scheme when `location` is `scheme://…` and the scheme is
    /// registered or PostgreSQL's; nil for a file path.
    public static func scheme(of location: String) -> String? {
        guard let separator = location.range(of: "://") else { return nil }
        let scheme = location[..<separator.lowerBound].lowercased()
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        let registered = registry.withLock { $0[scheme] != nil }
        return registered || postgreSQLSchemes.contains(scheme) ? scheme : nil
    }

    /// Checks `location` without opening anything: a URL's form, or the
    /// SQLite path as an output (`OutputTarget`). Throws
    /// ``HistoryDatabaseError`` for a URL, `OutputError` for a path.
    public static func validate(_ location: String) throws {
        guard let scheme = scheme(of: location) else {
            _ = try OutputTarget.file(location, option: "--database")
            return
        }
        try registration(for: scheme, location).validate(location)
    }

    /// Opens the history `location` names (see ``HistoryStores``).
    public static func open(_ location: String, create: Bool) throws -> any HistoryStore {
        guard let scheme = scheme(of: location) else {
            return try HistoryDatabase(target: OutputTarget.file(location, option: "--database"), create: create)
        }
        return try registration(for: scheme, location).open(location, create)
    }

    static func registration(for scheme: String, _ location: String) throws -> Registration {
        if let registration = registry.withLock({ $0[scheme] }) { return registration }
        throw HistoryDatabaseError(
            path: redacted(location),
            reason:
                "names a PostgreSQL server, but this program was built without PostgreSQL support "
                + "(add the ResultsHistoryPostgreSQL product and call `PostgreSQLHistory.register()` "
                + "before `SpringBenchCLI.main()`)")
    }

    /// `location` with a URL's password replaced by `***`, in the user
    /// information (`scheme://user:secret@host`, up to the last `@` before
    /// any `?`) and in a `password=` query parameter. More is hidden than
    /// needed rather than less: a password with an unencoded `@` or `/` is
    /// still hidden whole, and so is a "port" that is not a number (the
    /// password of `scheme://user:secret/db`, its host forgotten).
    public static func redacted(_ location: String) -> String {
        guard let separator = location.range(of: "://") else { return location }
        let rest = location[separator.upperBound...]
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        var result = String(location[..<separator.upperBound])
        let beforeQuery = rest[..<queryStart]
        if let at = beforeQuery.lastIndex(of: "@") {
            if let colon = beforeQuery[..<at].firstIndex(of: ":") {
                result += beforeQuery[...colon] + "***" + beforeQuery[at...]
            } else {
                result += beforeQuery
            }
        } else {
            let authority = beforeQuery[..<(beforeQuery.firstIndex(of: "/") ?? beforeQuery.endIndex)]
            if !authority.hasPrefix("["), let colon = authority.lastIndex(of: ":"),
                !authority[authority.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
            {
                result += beforeQuery[...colon] + "***" + beforeQuery[authority.endIndex...]
            } else {
                result += beforeQuery
            }
        }
        guard queryStart < rest.endIndex else { return result }
        let parameters = rest[rest.index(after: queryStart)...].split(separator: "&", omittingEmptySubsequences: false)
        result +=
            "?"
            + parameters.map { parameter in
                parameter.lowercased().hasPrefix("password=") ? parameter.prefix("password=".count) + "***" : parameter
            }.joined(separator: "&")
        return result
    }
}
