// With the package trait PostgreSQL only (libpq).
#if PostgreSQL
    import CLibPQ
    import Foundation
    import ResultsHistory

    #if canImport(Glibc)
        import Glibc
    #endif

    /// One statement and its parameters, sent to the server separately from the
    /// SQL (`$1`, `$2`, … in the text; libpq's `PQsendQueryParams`), so no value is
    /// ever spliced into SQL. Written as a string literal with interpolations: each
    /// interpolated value becomes a parameter; `\(unescaped: text)` is SQL text
    /// (for this module's own fragments only, never a user's value).
    package struct PostgreSQLQuery: ExpressibleByStringInterpolation, Sendable {
        package var sql: String
        /// Each parameter in PostgreSQL's text input form; nil is SQL NULL.
        package var parameters: [String?]

        package init(sql: String, parameters: [String?] = []) {
            self.sql = sql
            self.parameters = parameters
        }

        package init(stringLiteral value: String) { self.init(sql: value) }

        package init(stringInterpolation: Interpolation) {
            self.init(sql: stringInterpolation.sql, parameters: stringInterpolation.parameters)
        }

        package struct Interpolation: StringInterpolationProtocol {
            var sql = ""
            var parameters: [String?] = []

            package init(literalCapacity: Int, interpolationCount: Int) {
                sql.reserveCapacity(literalCapacity + 3 * interpolationCount)
            }

            package mutating func appendLiteral(_ literal: String) { sql += literal }

            package mutating func appendInterpolation(_ value: (some PostgreSQLParameter)?) {
                parameters.append(value?.postgreSQLText)
                sql += "$\(parameters.count)"
            }

            package mutating func appendInterpolation(unescaped text: String) { sql += text }
        }
    }

    /// A value sent as a statement's parameter, in PostgreSQL's text input form.
    package protocol PostgreSQLParameter {
        var postgreSQLText: String { get }
    }

    extension String: PostgreSQLParameter {
        package var postgreSQLText: String { self }
    }

    extension Int64: PostgreSQLParameter {
        package var postgreSQLText: String { String(self) }
    }

    extension Int32: PostgreSQLParameter {
        package var postgreSQLText: String { String(self) }
    }

    extension Double: PostgreSQLParameter {
        /// Swift's shortest text that reads back as the same double (PostgreSQL's
        /// `float8in` reads it exactly), `Infinity`, `-Infinity` or `NaN`.
        package var postgreSQLText: String {
            if isNaN { return "NaN" }
            if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
            return "\(self)"
        }
    }

    /// One row of a result, each column as PostgreSQL's text output (nil: NULL)
    /// with its type's OID.
    package struct PostgreSQLRow: Sendable {
        package var values: [String?]
        package var types: [UInt32]
    }

    /// A column's value read from PostgreSQL's text output, refusing a column of
    /// another type (a schema that is not ours).
    package protocol PostgreSQLDecodable {
        /// The value, or nil when `text` (nil: NULL) of type `type` is not one.
        static func decode(_ text: String?, type: UInt32) -> Self?
    }

    /// PostgreSQL's type OIDs (`pg_type.oid`, fixed for the built-in types).
    package enum PostgreSQLType {
        static let text: Set<UInt32> = [25, 1043, 19, 1042, 18]  // text, varchar, name, bpchar, "char"
        package static let int8: UInt32 = 20
        package static let int4: UInt32 = 23
        static let int2: UInt32 = 21
        package static let float8: UInt32 = 701
        static let float4: UInt32 = 700
    }

    extension String: PostgreSQLDecodable {
        package static func decode(_ text: String?, type: UInt32) -> String? {
            PostgreSQLType.text.contains(type) ? text : nil
        }
    }

    extension Int64: PostgreSQLDecodable {
        package static func decode(_ text: String?, type: UInt32) -> Int64? {
            guard [PostgreSQLType.int8, PostgreSQLType.int4, PostgreSQLType.int2].contains(type) else { return nil }
            return text.flatMap { Int64($0) }
        }
    }

    extension Int32: PostgreSQLDecodable {
        package static func decode(_ text: String?, type: UInt32) -> Int32? {
            guard [PostgreSQLType.int4, PostgreSQLType.int2].contains(type) else { return nil }
            return text.flatMap { Int32($0) }
        }
    }

    extension Double: PostgreSQLDecodable {
        package static func decode(_ text: String?, type: UInt32) -> Double? {
            guard type == PostgreSQLType.float8 || type == PostgreSQLType.float4, let text else { return nil }
            switch text {
            case "Infinity": return .infinity
            case "-Infinity": return -.infinity
            case "NaN": return .nan
            default: return Double(text)
            }
        }
    }

    extension Optional: PostgreSQLDecodable where Wrapped: PostgreSQLDecodable {
        package static func decode(_ text: String?, type: UInt32) -> Wrapped?? {
            guard let text else { return .some(nil) }
            return Wrapped.decode(text, type: type).map { .some($0) }
        }
    }

    /// One connection to a PostgreSQL server through libpq, used synchronously.
    ///
    /// libpq's asynchronous calls (`PQconnectStartParams`/`PQconnectPoll`,
    /// `PQsendQueryParams`/`PQconsumeInput`) on a non-blocking socket, waited on
    /// with `poll(2)` against a deadline, so nothing waits forever:
    /// - connecting and logging in are bounded by the URL's `connect_timeout`
    ///   (10 s by default) as a whole;
    /// - every statement by the server's `statement_timeout` (set at login)
    ///   and, should the server stop answering altogether, by
    ///   ``operationTimeout`` here, after which the connection is closed.
    ///
    /// The URL's settings override libpq's environment variables (`PGHOST`,
    /// `PGSSLMODE`, …); what the URL does not give, libpq may take from its
    /// documented places: a password from `PGPASSWORD` or `~/.pgpass`, a
    /// client certificate from `~/.postgresql/`. Every failure is a
    /// ``HistoryDatabaseError`` naming `--database` and the URL without its password.
    package final class PostgreSQLSession {
        /// How long one statement may run on the server (`statement_timeout`), in seconds.
        package static let statementTimeout = 30
        /// How long the client waits for one answer before giving the connection up, in seconds.
        package static let operationTimeout = 45

        package let url: PostgreSQLURL
        private var connection: OpaquePointer?

        package var location: String { url.description }
        var server: String { "\(url.host):\(url.port)" }

        /// Connects and logs in, within the URL's `connect_timeout`.
        package init(url: PostgreSQLURL) throws(HistoryDatabaseError) {
            self.url = url
            // The URL's `require` verifies the certificate and host name against the system's
            // trust roots (PostgreSQLURL): libpq's verify-full with the system's bundle (libpq 15
            // has no `sslrootcert=system`; 16 added it).
            var tls: [(String, String?)] = [("sslmode", "disable")]
            if url.tls == .require {
                guard let roots = Self.systemTrustRoots() else {
                    throw HistoryDatabaseError(
                        path: url.description,
                        reason: "cannot set up TLS (sslmode=require): no system trust roots in "
                            + Self.trustRootCandidates.joined(separator: ", "))
                }
                tls = [("sslmode", "verify-full"), ("sslrootcert", roots)]
            }
            let settings: [(String, String?)] =
                [
                    ("host", url.host), ("port", String(url.port)), ("user", url.user), ("password", url.password),
                    ("dbname", url.database), ("gssencmode", "disable"),
                ] + tls + [
                    ("application_name", "springbench"),
                    ("options", "-c statement_timeout=\(Self.statementTimeout * 1000)"),
                    // Not used by the asynchronous connect; the deadline below is.
                    ("connect_timeout", String(url.connectTimeout)),
                ]
            let given = settings.compactMap { key, value in value.map { (key, $0) } }
            let keywords = given.map { strdup($0.0) }
            let values = given.map { strdup($0.1) }
            defer { (keywords + values).forEach { free($0) } }
            let connection = (keywords.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { keywordList in
                (values.map { UnsafePointer($0) } + [nil]).withUnsafeBufferPointer { valueList in
                    PQconnectStartParams(keywordList.baseAddress, valueList.baseAddress, 0)
                }
            }
            guard let connection else {
                throw HistoryDatabaseError(path: url.description, reason: "cannot connect: out of memory")
            }
            self.connection = connection
            // The server's errors then carry their SQLSTATE, which ``explain(_:)`` reads.
            PQsetErrorVerbosity(connection, PQERRORS_VERBOSE)
            let deadline = Self.deadline(seconds: url.connectTimeout)
            var polling = PGRES_POLLING_WRITING
            do throws(HistoryDatabaseError) {
                while true {
                    guard PQstatus(connection) != CONNECTION_BAD, polling != PGRES_POLLING_FAILED else {
                        throw failure(connecting: true, "connecting")
                    }
                    if polling == PGRES_POLLING_OK { break }
                    try wait(
                        forWriting: polling == PGRES_POLLING_WRITING, until: deadline,
                        late:
                            "no answer within the \(url.connectTimeout) s connect timeout (connect_timeout=N in the URL)",
                        connecting: true)
                    polling = PQconnectPoll(connection)
                }
                guard PQsetnonblocking(connection, 1) == 0 else { throw failure(connecting: true, "connecting") }
            } catch {
                closeAfterFailure()  // a timed-out wait has closed it already
                throw error
            }
        }

        /// Where Linux distributions keep the system's trust roots as one PEM bundle
        /// (Debian and Ubuntu, Fedora and RHEL, openSUSE, Alpine).
        static let trustRootCandidates = [
            "/etc/ssl/certs/ca-certificates.crt", "/etc/pki/tls/certs/ca-bundle.crt", "/etc/ssl/ca-bundle.pem",
            "/etc/ssl/cert.pem",
        ]

        /// The first of `candidates` that is a readable file.
        package static func systemTrustRoots(_ candidates: [String] = trustRootCandidates) -> String? {
            candidates.first { access($0, R_OK) == 0 }
        }

        deinit {
            if let connection { PQfinish(connection) }
        }

        /// Runs one statement and returns its rows.
        @discardableResult
        package func query(_ query: PostgreSQLQuery, _ what: String) throws(HistoryDatabaseError) -> [PostgreSQLRow] {
            guard let connection else {
                throw HistoryDatabaseError(
                    path: location, reason: "was closed while \(what) (an earlier answer timed out)")
            }
            let deadline = Self.deadline(seconds: Self.operationTimeout)
            let late =
                "did not answer within \(Self.operationTimeout) s (\(what)); is the server overloaded or stuck?"
            let parameters = query.parameters.map { $0.flatMap { strdup($0) } }
            defer { parameters.forEach { free($0) } }
            let sent = parameters.map { $0.map { UnsafePointer($0) } }.withUnsafeBufferPointer { list in
                PQsendQueryParams(
                    connection, query.sql, Int32(list.count), nil, list.baseAddress, nil, nil, 0)
            }
            do throws(HistoryDatabaseError) {
                guard sent == 1 else { throw failure(what) }
                // Sends what is queued, then reads until the statement's last result.
                while true {
                    let flushed = PQflush(connection)
                    if flushed == 0 { break }
                    if flushed < 0 { throw failure(what) }
                    try wait(forWriting: true, until: deadline, late: late)
                    guard PQconsumeInput(connection) == 1 else { throw failure(what) }
                }
                var results: [OpaquePointer] = []
                defer { results.forEach { PQclear($0) } }
                while true {
                    while PQisBusy(connection) == 1 {
                        try wait(forWriting: false, until: deadline, late: late)
                        guard PQconsumeInput(connection) == 1 else { throw failure(what) }
                    }
                    guard let result = PQgetResult(connection) else { break }
                    results.append(result)
                }
                // A failed statement's error result is the one that counts.
                guard
                    let result = results.first(where: { PQresultStatus($0) == PGRES_FATAL_ERROR }) ?? results.last
                else { throw failure(what) }
                switch PQresultStatus(result) {
                case PGRES_TUPLES_OK, PGRES_COMMAND_OK: return Self.rows(of: result)
                case PGRES_FATAL_ERROR: throw failure(what, result: result)
                default:
                    throw HistoryDatabaseError(
                        path: location,
                        reason: "failed while \(what) (libpq: \(String(cString: PQresStatus(PQresultStatus(result)))))")
                }
            } catch {
                if PQstatus(connection) == CONNECTION_BAD { closeAfterFailure() }
                throw error
            }
        }

        /// Runs statements of SQL text without parameters, one by one.
        package func execute(_ statements: String..., what: String) throws(HistoryDatabaseError) {
            for statement in statements { try query(PostgreSQLQuery(sql: statement), what) }
        }

        /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
        package func transaction<T>(_ what: String, _ body: () throws(HistoryDatabaseError) -> T)
            throws(HistoryDatabaseError)
            -> T
        {
            try execute("BEGIN", what: what)
            let value: T
            do {
                value = try body()
            } catch {
                _ = try? execute("ROLLBACK", what: what)
                throw error
            }
            try execute("COMMIT", what: what)
            return value
        }

        /// Decodes a row, a failure being a ``HistoryDatabaseError`` (a column of
        /// another type, a NULL where none may be, or another number of columns:
        /// not our schema).
        package func decode<each Column: PostgreSQLDecodable>(_ row: PostgreSQLRow, as _: (repeat each Column).Type)
            throws(HistoryDatabaseError) -> (repeat each Column)
        {
            var index = 0
            func next<C: PostgreSQLDecodable>(_: C.Type) throws(HistoryDatabaseError) -> C {
                defer { index += 1 }
                guard index < row.values.count, let value = C.decode(row.values[index], type: row.types[index]) else {
                    throw HistoryDatabaseError(
                        path: location,
                        reason: "has a column of an unexpected type (column \(index + 1) of \(row.values.count): "
                            + "\(index < row.values.count ? "type \(row.types[index]), " : "")expected \(C.self))")
                }
                return value
            }
            let decoded = (repeat try next((each Column).self))
            guard index == row.values.count else {
                throw HistoryDatabaseError(
                    path: location,
                    reason:
                        "has a column of an unexpected type (\(row.values.count) columns where \(index) were expected)")
            }
            return decoded
        }

        package func close() throws(HistoryDatabaseError) {
            guard let connection else { return }
            self.connection = nil
            PQfinish(connection)
        }

        private func closeAfterFailure() {
            if let connection { PQfinish(connection) }
            connection = nil
        }

        // MARK: - Waiting

        static func deadline(seconds: Int) -> Double { monotonicSeconds() + Double(seconds) }

        static func monotonicSeconds() -> Double {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
        }

        /// Waits until the connection's socket is ready (for writing, or for
        /// reading) or `deadline` passes; past it, the connection is closed and
        /// `late` thrown.
        private func wait(forWriting writing: Bool, until deadline: Double, late: String, connecting: Bool = false)
            throws(HistoryDatabaseError)
        {
            guard let connection else { throw failure("waiting") }
            let socket = PQsocket(connection)
            guard socket >= 0 else { throw failure(connecting: connecting, "waiting for the server") }
            while true {
                let left = deadline - Self.monotonicSeconds()
                if left <= 0 {
                    closeAfterFailure()
                    throw HistoryDatabaseError(
                        path: location, reason: connecting ? "cannot connect to \(server): \(late)" : late)
                }
                var descriptor = pollfd(
                    fd: socket, events: Int16(writing ? POLLOUT : POLLIN), revents: 0)
                let ready = poll(&descriptor, 1, Int32(min(left * 1000 + 1, 60_000)))
                if ready > 0 { return }
                if ready < 0, errno != EINTR {
                    let reason = String(cString: strerror(errno))
                    closeAfterFailure()
                    throw HistoryDatabaseError(path: location, reason: "cannot wait for \(server): \(reason)")
                }
            }
        }

        // MARK: - Results and errors

        static func rows(of result: OpaquePointer) -> [PostgreSQLRow] {
            let columns = PQnfields(result)
            let types = (0..<columns).map { PQftype(result, $0) }
            return (0..<PQntuples(result)).map { row in
                PostgreSQLRow(
                    values: (0..<columns).map { column in
                        PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column))
                    }, types: types)
            }
        }

        /// The failure of `what`, from the statement's error result or the connection's message.
        private func failure(connecting: Bool = false, _ what: String, result: OpaquePointer? = nil)
            -> HistoryDatabaseError
        {
            if let result {
                func field(_ code: Character) -> String? {
                    PQresultErrorField(result, Int32(code.asciiValue!)).map { String(cString: $0) }
                }
                return HistoryDatabaseError(
                    path: location,
                    reason: Self.explain(
                        .server(
                            state: field("C") ?? "?", message: field("M") ?? "an error", detail: field("D")),
                        host: url.host, port: url.port, connectTimeout: url.connectTimeout, what: what))
            }
            let message = connection.flatMap { PQerrorMessage($0) }.map { String(cString: $0) } ?? ""
            return HistoryDatabaseError(
                path: location,
                reason: Self.explain(
                    Self.classify(libpqMessage: message, connecting: connecting), host: url.host, port: url.port,
                    connectTimeout: url.connectTimeout, what: what, connecting: connecting))
        }

        /// What libpq reported, sorted into what a user acts on.
        package enum Failure: Equatable, Sendable {
            /// The server's own error, with its SQLSTATE.
            case server(state: String, message: String, detail: String?)
            case refused
            case hostNotFound
            case tlsUnsupported
            case lost
            /// libpq's own message, when none of the above.
            case other(String)
        }

        /// Reads libpq's message (`PQerrorMessage`, verbose: a server's error
        /// carries `SEVERITY:  SQLSTATE: message`; libpq 15's wording of its own).
        package static func classify(libpqMessage: String, connecting: Bool) -> Failure {
            let text = libpqMessage.trimmingCharacters(in: .whitespacesAndNewlines)
            let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines {
                // "…failed: FATAL:  28P01: password authentication failed for user "x""
                for severity in ["FATAL:  ", "ERROR:  ", "PANIC:  "] {
                    guard let start = line.range(of: severity) else { continue }
                    let rest = line[start.upperBound...]
                    let parts = rest.split(separator: ":", maxSplits: 1)
                    if parts.count == 2, parts[0].count == 5,
                        parts[0].allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) })
                    {
                        let detail = lines.first { $0.hasPrefix("DETAIL:") }.map {
                            String($0.dropFirst("DETAIL:".count)).trimmingCharacters(in: .whitespaces)
                        }
                        return .server(
                            state: String(parts[0]),
                            message: parts[1].trimmingCharacters(in: .whitespaces), detail: detail)
                    }
                }
            }
            if text.contains("Connection refused") { return .refused }
            if text.contains("could not translate host name") { return .hostNotFound }
            if text.contains("server does not support SSL") { return .tlsUnsupported }
            if !connecting
                && (text.contains("server closed the connection") || text.contains("no connection to the server")
                    || text.contains("connection not open"))
            {
                return .lost
            }
            let first = lines.first ?? "no message"
            // libpq 15 starts a connection failure with `connection to server at "H" (A), port P failed: `.
            if let failed = first.range(of: " failed: ") { return .other(String(first[failed.upperBound...])) }
            return .other(first)
        }

        /// What went wrong, for a user: the server's own message and SQLSTATE when
        /// it sent one, the kind of connection failure otherwise. Never the password
        /// (libpq's messages do not carry it).
        package static func explain(
            _ failure: Failure, host: String, port: Int, connectTimeout: Int, what: String, connecting: Bool = false
        ) -> String {
            let server = "\(host):\(port)"
            switch failure {
            case .server(let state, let message, let detail):
                switch state {
                case "28P01", "28000":
                    return
                        "was refused: the server at \(server) said \"\(message)\" (SQLSTATE \(state)); check the user and password"
                case "3D000":
                    return
                        "names a database the server at \(server) does not have: \"\(message)\" (SQLSTATE \(state)); create it first"
                case "57014":
                    return "took longer than the \(statementTimeout) s statement timeout (\(what))"
                default:
                    return
                        "failed while \(what): the server said \"\(message)\"\(detail.map { "; \($0)" } ?? "") (SQLSTATE \(state))"
                }
            case .refused:
                return
                    "cannot connect to \(server): connection refused (is PostgreSQL running and listening on that port?)"
            case .hostNotFound:
                return "cannot connect to \(server): host \"\(host)\" not found"
            case .tlsUnsupported:
                return "cannot connect to \(server): the server does not offer TLS, which sslmode=require needs"
            case .lost:
                return "lost its connection to \(server) while \(what)"
            case .other(let message):
                return connecting
                    ? "cannot connect to \(server): \(message)" : "failed while \(what) (libpq: \(message))"
            }
        }
    }
#endif
