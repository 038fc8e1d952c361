// With the package trait PostgreSQL only: the server helpers use the store's libpq session.
#if PostgreSQL
    import Foundation
    import ResultsHistoryPostgreSQL
    import Testing

    #if canImport(Glibc)
        import Glibc
    #endif

    /// The PostgreSQL server the PostgreSQL suites run against:
    /// `SPRINGBENCH_POSTGRES_URL` (`bash .ci/postgres-start` starts one on this
    /// machine and prints the line to export; `.ci/run` does both). Its role
    /// needs CREATEDB: each test works in a database of its own, made empty and
    /// dropped after, so runs and tests do not see each other's rows.
    ///
    /// Without the variable the suites are skipped, saying so; under CI
    /// (`CI=true`) `PostgreSQLHistoryServerTests` fails instead, so that a CI run
    /// that lost its server cannot pass without having tested PostgreSQL.
    public enum PostgreSQLTestServer {
        public static let variable = "SPRINGBENCH_POSTGRES_URL"

        /// The server's URL, nil when the variable is unset or empty.
        public static let url: String? = {
            let value = ProcessInfo.processInfo.environment[variable] ?? ""
            return value.isEmpty ? nil : value
        }()

        public static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"

        public static var available: Bool { url != nil }

        public static let skipReason: Comment =
            "SPRINGBENCH_POSTGRES_URL is unset: PostgreSQL tests skipped (`eval \"$(bash .ci/postgres-start)\"` starts a server and sets it)"

        /// Runs `body` with the URL of a new, empty database on the server,
        /// dropped afterwards (its connections ended) whether `body` throws or not.
        public static func withFreshDatabase<T>(_ body: (String) throws -> T) throws -> T {
            let (name, database) = try createDatabase()
            defer { dropDatabase(name) }
            return try body(database)
        }

        /// ``withFreshDatabase(_:)`` for an `async` body.
        public static func withFreshDatabaseAsync<T>(_ body: (String) async throws -> T) async throws -> T {
            let (name, database) = try createDatabase()
            defer { dropDatabase(name) }
            return try await body(database)
        }

        static func server() throws -> PostgreSQLURL {
            guard let url else { throw PostgreSQLTestServerError(message: "\(variable) is unset") }
            return try PostgreSQLURL(parsing: url)
        }

        static func createDatabase() throws -> (name: String, url: String) {
            let server = try server()
            let name = "springbench_test_\(UInt64.random(in: 0...UInt64.max).hex)"
            try execute(server.text, "CREATE DATABASE \(name)")
            return (name, server.replacingDatabase(with: name))
        }

        static func dropDatabase(_ name: String) {
            guard let server = try? server() else { return }
            do {
                try execute(server.text, "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
            } catch {
                Issue.record("could not drop the test database \(name): \(error)")
            }
        }

        /// Runs statements (no parameters) on the database `url` names: a test's setup.
        public static func execute(_ url: String, _ statements: String...) throws {
            let session = try PostgreSQLSession(url: PostgreSQLURL(parsing: url))
            defer { try? session.close() }
            for statement in statements { try session.query(PostgreSQLQuery(sql: statement), "test setup") }
        }

        /// The first column of every row `sql` returns, as text (`::text` it in the query).
        public static func strings(_ url: String, _ sql: String) throws -> [String] {
            let session = try PostgreSQLSession(url: PostgreSQLURL(parsing: url))
            defer { try? session.close() }
            return try session.query(PostgreSQLQuery(sql: sql), "test look-up").map { row in
                let value: String? = try session.decode(row, as: (String?).self)
                return value ?? "NULL"
            }
        }

        /// Every table and its row count in the database's current schema: what
        /// a refused command must leave exactly as it was.
        public static func snapshot(_ url: String) throws -> [String: Int] {
            var result: [String: Int] = [:]
            for table in try strings(
                url,
                "SELECT c.relname::text FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                    + "WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p', 'v', 'm', 'f')")
            {
                result[table] = Int(try strings(url, "SELECT count(*)::text FROM \"\(table)\"").first ?? "") ?? -1
            }
            return result
        }
    }

    struct PostgreSQLTestServerError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    extension UInt64 {
        fileprivate var hex: String { String(self, radix: 16) }
    }

    /// A TCP port on 127.0.0.1 that accepts connections (the kernel completes
    /// them) but never answers: a server that hangs. Nothing else is needed to
    /// test the connect timeout, and no traffic leaves this machine.
    public final class SilentListener {
        public let port: Int
        private let socket: Int32

        public init() throws {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    Glibc.bind(socket, address, length) == 0 && listen(socket, 16) == 0
                        && getsockname(socket, address, &length) == 0
                }
            }
            guard socket >= 0, bound else {
                Glibc.close(socket)
                throw PostgreSQLTestServerError(
                    message: "cannot listen on 127.0.0.1: \(String(cString: strerror(errno)))")
            }
            self.socket = socket
            port = Int(UInt16(bigEndian: address.sin_port))
        }

        /// A port on 127.0.0.1 where nothing listens (one that was just free).
        public static func closedPort() throws -> Int {
            let listener = try SilentListener()
            listener.close()
            return listener.port
        }

        public func close() { Glibc.close(socket) }
    }
#endif
