// The store exists with the package trait PostgreSQL (libpq); PostgreSQLURL does not need it.
#if PostgreSQL
    import Benchmarking
    import ResultsHistory

    /// Makes `--database postgresql://…` (and `postgres://…`) open a
    /// ``PostgreSQLHistoryStore``. The `springbench` tool calls it before
    /// `SpringBenchCLI.main()`; a package's own `@main` does the same:
    ///
    /// ```swift
    /// PostgreSQLHistory.register()
    /// SpringBenchCLI.main(adding: [BenchmarkBackend(MyBackend.self)])
    /// ```
    public enum PostgreSQLHistory {
        public static func register() {
            for scheme in HistoryStores.postgreSQLSchemes.sorted() {
                HistoryStores.register(
                    scheme: scheme, validate: { _ = try PostgreSQLURL(parsing: $0) },
                    open: { url, create in try PostgreSQLHistoryStore(url: url, create: create) })
            }
        }
    }

    /// The results history on a PostgreSQL server, shared by many machines: the
    /// same tables and meaning as `HistoryDatabase` (Guides/History.md,
    /// "PostgreSQL").
    ///
    /// - The history lives in the connection's current schema (the first of its
    ///   `search_path`, normally `public`) of the URL's database. A schema with
    ///   no tables becomes a history on the first record; one that has tables but
    ///   not the marker `springbench_history` (one row, the application id
    ///   0x53424869 "SBHi") belongs to another application and is refused
    ///   before anything is written.
    /// - Migrations are versioned and recorded in `springbench_migrations`; they
    ///   run in one transaction under `pg_advisory_xact_lock`, so of two first
    ///   recorders one creates the schema and the other finds it made.
    /// - `record` is one transaction: `INSERT … ON CONFLICT DO NOTHING` on the
    ///   run's unique key, then its cells. A concurrent recorder of the same key
    ///   waits for the first to commit and then records nothing; recorders of
    ///   different keys do not wait for each other.
    public final class PostgreSQLHistoryStore: HistoryStore {
        /// The marker's application id: "SBHi", as SQLite's `application_id` of a `HistoryDatabase`.
        public static let applicationID: Int32 = HistoryDatabase.applicationID
        /// The `pg_advisory_xact_lock` key migrations run under (one per database).
        static let migrationLock: Int64 = 0x5342_4869_0000_0001

        let session: PostgreSQLSession
        /// Whether the cells have the relative columns (schema `v2`).
        private(set) var hasRelativeColumns = true
        public var location: String { session.location }

        /// The versioned schema, oldest first. A migration, once released, is
        /// never edited: the next change is a new one. The same tables as
        /// ``HistoryDatabase``'s `v1`, in PostgreSQL's types.
        static let migrations: [(identifier: String, statements: [String])] = [
            (
                "v1",
                [
                    """
                    CREATE TABLE run (
                        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                        commit_id text NOT NULL,
                        branch text,
                        machine text NOT NULL,
                        toolchain text NOT NULL,
                        configuration text NOT NULL,
                        target_cpu text NOT NULL,
                        kind text NOT NULL CHECK (kind IN ('time', 'instructions')),
                        recorded_at timestamptz NOT NULL DEFAULT now(),
                        UNIQUE (commit_id, machine, toolchain, configuration, target_cpu, kind)
                    )
                    """,
                    """
                    CREATE TABLE cell (
                        run_id bigint NOT NULL REFERENCES run (id) ON DELETE CASCADE,
                        kernel text NOT NULL,
                        backend text NOT NULL,
                        size bigint NOT NULL,
                        value double precision NOT NULL,
                        lower double precision,
                        upper double precision,
                        PRIMARY KEY (run_id, kernel, backend, size)
                    )
                    """,
                    "CREATE INDEX cell_by_key ON cell (kernel, backend, size)",
                ]
            ),
            // Each cell's time relative to the reference timed in the same rounds (issue 38).
            (
                "v2",
                [
                    """
                    ALTER TABLE cell ADD COLUMN relative_to text, ADD COLUMN relative double precision,
                        ADD COLUMN relative_lower double precision, ADD COLUMN relative_upper double precision
                    """
                ]
            ),
        ]

        /// Connects to the server `url` names and checks (creating, when `create`
        /// and the schema is empty) the history there; refuses anything that is
        /// not ours, unchanged.
        public init(url: String, create: Bool) throws {
            session = try PostgreSQLSession(url: PostgreSQLURL(parsing: url))
            do {
                try prepare(create: create)
            } catch {
                try? session.close()
                throw error
            }
        }

        /// What is in the current schema.
        enum State: Equatable {
            case empty
            case ours(applied: [String])
        }

        func refuse(_ reason: String) -> HistoryDatabaseError { HistoryDatabaseError(path: location, reason: reason) }

        /// Reads, without writing anything, whether the current schema is empty or
        /// a history of this springbench's (or an older one's) schema.
        func inspect() throws(HistoryDatabaseError) -> State {
            let schemaRows = try session.query("SELECT current_schema()::text", "reading the schema")
            var currentSchema: String?
            if let row = schemaRows.first { currentSchema = try session.decode(row, as: (String?).self) }
            guard let schema = currentSchema else {
                throw refuse("has no schema to keep a history in (none of the search_path exists)")
            }
            let tables = try session.query(
                """
                SELECT c.relname::text FROM pg_catalog.pg_class c
                JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
                WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
                ORDER BY c.relname
                """, "reading the schema"
            ).map { row throws(HistoryDatabaseError) in try session.decode(row, as: String.self) }
            if tables.isEmpty { return .empty }
            func foreign(_ why: String) -> HistoryDatabaseError {
                refuse(
                    "is a PostgreSQL database of another application (\(why); schema \(schema), tables: "
                        + "\(tables.prefix(5).joined(separator: ", "))\(tables.count > 5 ? ", …" : "")), "
                        + "not a SpringBench history; name a new database")
            }
            guard tables.contains("springbench_history") else { throw foreign("no springbench_history marker") }
            let marker = try session.query(
                "SELECT application_id FROM springbench_history", "reading the marker"
            ).map { row throws(HistoryDatabaseError) in try session.decode(row, as: Int32.self) }
            guard marker == [Self.applicationID] else {
                throw foreign("springbench_history holds \(marker.map { String($0, radix: 16) }), not 53424869")
            }
            guard tables.contains("springbench_migrations") else { throw foreign("no springbench_migrations table") }
            let applied = try session.query(
                "SELECT identifier FROM springbench_migrations ORDER BY identifier", "reading the migrations"
            ).map { row throws(HistoryDatabaseError) in try session.decode(row, as: String.self) }
            let known = Set(Self.migrations.map(\.identifier))
            let unknown = Set(applied).subtracting(known)
            guard unknown.isEmpty else {
                throw refuse(
                    "has schema migrations this springbench does not know (\(unknown.sorted())); use a newer springbench"
                )
            }
            return .ours(applied: applied)
        }

        /// Inspects; creates or migrates the schema when needed, in one
        /// transaction under the migration lock, inspecting again under it.
        func prepare(create: Bool) throws(HistoryDatabaseError) {
            let all = Self.migrations.map(\.identifier)
            switch try inspect() {
            case .ours(let applied) where applied.sorted() == all.sorted(): return
            case .ours(let applied) where !create && applied.contains("v1"):
                // Read as it is: a history from before `v2` has no ratios; only `record` migrates.
                hasRelativeColumns = applied.contains("v2")
                return
            case .empty where !create:
                throw refuse("has no SpringBench history yet; record results first (`springbench history record`)")
            default: break
            }
            try session.transaction("migrating the schema") { () throws(HistoryDatabaseError) in
                try session.query(
                    "SELECT pg_advisory_xact_lock(\(Self.migrationLock))", "waiting for the migration lock")
                let applied: [String]
                switch try inspect() {
                case .ours(let done): applied = done
                case .empty:
                    try session.execute(
                        """
                        CREATE TABLE springbench_history (
                            application_id integer PRIMARY KEY,
                            created_at timestamptz NOT NULL DEFAULT now()
                        )
                        """,
                        "INSERT INTO springbench_history (application_id) VALUES (\(Self.applicationID))",
                        """
                        CREATE TABLE springbench_migrations (
                            identifier text PRIMARY KEY,
                            applied_at timestamptz NOT NULL DEFAULT now()
                        )
                        """, what: "creating the history")
                    applied = []
                }
                for (identifier, statements) in Self.migrations where !applied.contains(identifier) {
                    for statement in statements {
                        try session.query(PostgreSQLQuery(sql: statement), "applying migration \(identifier)")
                    }
                    try session.query(
                        "INSERT INTO springbench_migrations (identifier) VALUES (\(identifier))",
                        "applying migration \(identifier)")
                }
            }
        }

        // MARK: - HistoryStore

        public func appliedMigrations() throws -> [String] {
            try session.query(
                "SELECT identifier FROM springbench_migrations ORDER BY identifier", "reading the migrations"
            )
            .map { row throws(HistoryDatabaseError) in try session.decode(row, as: String.self) }
        }

        public func close() throws { try session.close() }

        /// Cells per `INSERT`: 11 parameters each, within the protocol's 65,535.
        static let cellsPerStatement = 1000
        static let columnsPerCell = 11

        public func record(
            commit: String, branch: String?, machine: String, machineRecord: MachineRecord, kind: HistoryKind,
            cells: [HistoryCellRecord]
        ) throws -> RecordOutcome {
            try session.transaction("recording") { () throws(HistoryDatabaseError) -> RecordOutcome in
                let inserted = try session.query(
                    """
                    INSERT INTO run (commit_id, branch, machine, toolchain, configuration, target_cpu, kind)
                    VALUES (\(commit), \(branch), \(machine), \(machineRecord.swiftCompiler), \
                    \(machineRecord.buildConfiguration), \(machineRecord.targetCPU), \(kind.rawValue))
                    ON CONFLICT DO NOTHING
                    RETURNING id
                    """, "recording the run")
                guard let row = inserted.first else { return .alreadyRecorded }
                let run = try session.decode(row, as: Int64.self)
                var start = cells.startIndex
                while start < cells.endIndex {
                    let chunk = cells[start..<min(start + Self.cellsPerStatement, cells.endIndex)]
                    var parameters: [String?] = []
                    parameters.reserveCapacity(chunk.count * Self.columnsPerCell)
                    var rows: [String] = []
                    for (key, value, lower, upper, relative) in chunk {
                        let first = parameters.count + 1
                        rows.append(
                            "(" + (first..<first + Self.columnsPerCell).map { "$\($0)" }.joined(separator: ", ") + ")")
                        parameters += [
                            run.postgreSQLText, key.kernel.rawValue, key.backend, Int64(key.size).postgreSQLText,
                            value.postgreSQLText, lower?.postgreSQLText, upper?.postgreSQLText, relative?.reference,
                            relative?.median.postgreSQLText, relative?.lower.postgreSQLText,
                            relative?.upper.postgreSQLText,
                        ]
                    }
                    try session.query(
                        PostgreSQLQuery(
                            sql: "INSERT INTO cell (run_id, kernel, backend, size, value, lower, upper, "
                                + "relative_to, relative, relative_lower, relative_upper) VALUES "
                                + rows.joined(separator: ", "), parameters: parameters), "recording the cells")
                    start = chunk.endIndex
                }
                return .recorded(cells: cells.count)
            }
        }

        static let seriesColumns = "r.machine, r.toolchain, r.configuration, r.target_cpu, r.kind"

        func series(
            _ machine: String, _ toolchain: String, _ configuration: String, _ targetCPU: String, _ kind: String
        )
            throws(HistoryDatabaseError) -> HistorySeries
        {
            guard let kind = HistoryKind(rawValue: kind) else { throw refuse("has a run of unknown kind \"\(kind)\"") }
            return HistorySeries(
                machine: machine, toolchain: toolchain, configuration: configuration, targetCPU: targetCPU, kind: kind)
        }

        public func runs() throws -> [HistoryRun] {
            try session.query(
                PostgreSQLQuery(
                    sql: """
                        SELECT r.id, r.commit_id, r.branch, \(Self.seriesColumns),
                            to_char(r.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
                            (SELECT count(*) FROM cell c WHERE c.run_id = r.id)
                        FROM run r ORDER BY r.id
                        """), "listing the runs"
            ).map { row throws(HistoryDatabaseError) in
                let (id, commit, branch, machine, toolchain, configuration, targetCPU, kind, recordedAt, cells) =
                    try session.decode(
                        row, as: (Int64, String, String?, String, String, String, String, String, String, Int64).self)
                return HistoryRun(
                    id: id, commit: commit, branch: branch,
                    series: try series(machine, toolchain, configuration, targetCPU, kind), recordedAt: recordedAt,
                    cells: Int(cells))
            }
        }

        public func cells() throws -> [CellKey] {
            try session.query("SELECT DISTINCT kernel, backend, size FROM cell", "listing the cells").compactMap {
                row throws(HistoryDatabaseError) in
                let (kernel, backend, size) = try session.decode(row, as: (String, String, Int64).self)
                return Kernel(rawValue: kernel).map { CellKey(kernel: $0, backend: backend, size: Int(size)) }
            }.sorted()
        }

        /// The relative columns, or typed NULLs in a history read before its `v2`.
        var relativeColumns: String {
            hasRelativeColumns
                ? "c.relative_to, c.relative, c.relative_lower, c.relative_upper"
                : "NULL::text, NULL::double precision, NULL::double precision, NULL::double precision"
        }

        /// A cell's ratio: all four columns or none, a positive median inside its interval.
        func ratio(_ reference: String?, _ median: Double?, _ lower: Double?, _ upper: Double?, cell: CellKey)
            throws(HistoryDatabaseError) -> HistoryRatio?
        {
            guard let reference, let median, let lower, let upper else {
                if reference != nil || median != nil || lower != nil || upper != nil {
                    throw refuse("has a cell \(cell) whose ratio's columns are partly NULL (all four or none)")
                }
                return nil
            }
            guard !reference.isEmpty, lower > 0, lower.isFinite, upper.isFinite, lower <= median, median <= upper
            else {
                throw refuse(
                    "has a cell \(cell) with an impossible ratio to \"\(reference)\": \(median) in \(lower)…\(upper)")
            }
            return HistoryRatio(reference: reference, median: median, lower: lower, upper: upper)
        }

        public func history(of cell: CellKey) throws -> [HistorySeries: [HistoryCellValue]] {
            let rows = try session.query(
                """
                SELECT r.commit_id, r.branch, r.machine, r.toolchain, r.configuration, r.target_cpu, r.kind,
                    c.value, c.lower, c.upper, \(unescaped: relativeColumns)
                FROM cell c JOIN run r ON r.id = c.run_id
                WHERE c.kernel = \(cell.kernel.rawValue) AND c.backend = \(cell.backend) AND c.size = \(Int64(cell.size))
                ORDER BY r.id
                """, "reading \(cell)")
            var result: [HistorySeries: [HistoryCellValue]] = [:]
            for row in rows {
                let (
                    commit, branch, machine, toolchain, configuration, targetCPU, kind, value, lower, upper,
                    relativeTo, relative, relativeLower, relativeUpper
                ) = try session.decode(
                    row,
                    as: (
                        String, String?, String, String, String, String, String, Double, Double?, Double?, String?,
                        Double?, Double?, Double?
                    ).self)
                result[try series(machine, toolchain, configuration, targetCPU, kind), default: []].append(
                    HistoryCellValue(
                        commit: commit, branch: branch, value: value, lower: lower, upper: upper,
                        relative: try ratio(relativeTo, relative, relativeLower, relativeUpper, cell: cell)))
            }
            return result
        }
    }
#endif
