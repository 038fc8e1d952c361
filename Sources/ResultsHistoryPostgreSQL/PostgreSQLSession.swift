// With the package trait PostgreSQL only (postgres-nio).
#if PostgreSQL
    import Foundation
    import PostgresNIO
    import ResultsHistory

    /// One connection to a PostgreSQL server, used synchronously.
    ///
    /// postgres-nio is asynchronous; the history's API (``HistoryStore``) is
    /// not. The bridge is a `PostgresConnection` on SwiftNIO's shared event-loop
    /// group and its `EventLoopFuture` API: the calling thread waits on a
    /// semaphore for the future, which completes on the event loop's own thread.
    /// Not a `PostgresClient` driven by a `Task` with a semaphore around it: a
    /// thread of Swift's cooperative pool (two of them on a 2-core machine)
    /// blocked on a semaphore waiting for work that needs that same pool can
    /// deadlock, and `SpringBenchCLI.run` is called from such threads (the test
    /// runner's tasks). An event loop needs no pool thread, so waiting is safe on
    /// any thread but the event loop's own, which is refused.
    ///
    /// Nothing waits forever: connecting and logging in are bounded by the URL's
    /// `connect_timeout` (10 s by default); every statement by the server's
    /// `statement_timeout` (set at login) and, should the server stop answering
    /// altogether, by ``operationTimeout`` here, after which the connection is
    /// closed. Every failure is a ``HistoryDatabaseError`` naming `--database` and
    /// the URL without its password.
    package final class PostgreSQLSession {
        /// How long one statement may run on the server (`statement_timeout`).
        package static let statementTimeout: TimeAmount = .seconds(30)
        /// How long the client waits for one answer before giving the connection up.
        package static let operationTimeout: TimeAmount = .seconds(45)

        package let url: PostgreSQLURL
        let connection: PostgresConnection
        let logger: Logger

        package var location: String { url.description }

        /// Connects and logs in, within the URL's `connect_timeout`.
        package init(url: PostgreSQLURL) throws(HistoryDatabaseError) {
            self.url = url
            var logger = Logger(label: "springbench.history.postgresql")
            logger.logLevel = .critical
            self.logger = logger
            let tls: PostgresConnection.Configuration.TLS
            switch url.tls {
            case .disable: tls = .disable
            case .require:
                do {
                    tls = .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
                } catch {
                    throw HistoryDatabaseError(path: url.description, reason: "cannot set up TLS (\(error))")
                }
            }
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: tls)
            configuration.options.connectTimeout = .seconds(Int64(url.connectTimeout))
            configuration.options.additionalStartupParameters = [
                ("application_name", "springbench"),
                ("statement_timeout", "\(Self.statementTimeout.nanoseconds / 1_000_000)"),
            ]
            let eventLoop = MultiThreadedEventLoopGroup.singleton.any()
            let future = PostgresConnection.connect(
                on: eventLoop, configuration: configuration, id: Int.random(in: 1...Int.max), logger: logger)
            // A little past the connect timeout: postgres-nio's own deadline fails the future first.
            connection = try Self.wait(
                for: future, seconds: Double(url.connectTimeout) + 2, url: url, doing: "connecting",
                onTimeout: {
                    future.whenSuccess { connection in _ = connection.close() as EventLoopFuture<Void> }
                })
        }

        deinit {
            if !connection.isClosed { _ = connection.close() as EventLoopFuture<Void> }
        }

        /// Runs one statement and returns its rows.
        @discardableResult
        package func query(_ query: PostgresQuery, _ what: String) throws(HistoryDatabaseError) -> [PostgresRow] {
            let connection = self.connection
            return try Self.wait(
                for: connection.query(query, logger: logger), seconds: Double(Self.operationTimeout.nanoseconds) / 1e9,
                url: url, doing: what, onTimeout: { _ = connection.close() as EventLoopFuture<Void> }
            ).rows
        }

        /// Runs statements of SQL text without parameters, one by one.
        package func execute(_ statements: String..., what: String) throws(HistoryDatabaseError) {
            for statement in statements { try query(PostgresQuery(unsafeSQL: statement), what) }
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

        /// Decodes a row, a failure being a ``HistoryDatabaseError`` (a column of another type: not our schema).
        package func decode<each Column: PostgresDecodable>(_ row: PostgresRow, as type: (repeat each Column).Type)
            throws(HistoryDatabaseError) -> (repeat each Column)
        {
            do {
                return try row.decode(type)
            } catch {
                throw HistoryDatabaseError(path: location, reason: "has a column of an unexpected type (\(error))")
            }
        }

        package func close() throws(HistoryDatabaseError) {
            let connection = self.connection
            guard !connection.isClosed else { return }
            _ = try Self.wait(
                for: connection.close() as EventLoopFuture<Void>, seconds: 5, url: url, doing: "closing", onTimeout: {})
        }

        /// Blocks the calling thread until `future` completes or `seconds` pass.
        static func wait<T: Sendable>(
            for future: EventLoopFuture<T>, seconds: Double, url: PostgreSQLURL, doing what: String,
            onTimeout: @escaping @Sendable () -> Void
        ) throws(HistoryDatabaseError) -> T {
            if future.eventLoop.inEventLoop {
                // Waiting here would stop the very loop that completes the future.
                throw HistoryDatabaseError(path: url.description, reason: "cannot be used from an event-loop thread")
            }
            let outcome = Outcome<T>()
            future.whenComplete { result in outcome.complete(result) }
            guard let result = outcome.wait(seconds: seconds) else {
                onTimeout()
                throw HistoryDatabaseError(
                    path: url.description,
                    reason:
                        "did not answer within \(Int(seconds.rounded())) s (\(what)); is the server overloaded or stuck?"
                )
            }
            switch result {
            case .success(let value): return value
            case .failure(let error):
                throw HistoryDatabaseError(path: url.description, reason: explain(error, url, what))
            }
        }

        /// A one-shot result handed from the event loop to a waiting thread.
        final class Outcome<T: Sendable>: @unchecked Sendable {
            private let lock = NSLock()
            private let done = DispatchSemaphore(value: 0)
            private var result: Result<T, any Error>?

            func complete(_ result: Result<T, any Error>) {
                lock.withLock { self.result = result }
                done.signal()
            }

            func wait(seconds: Double) -> Result<T, any Error>? {
                guard done.wait(timeout: .now() + seconds) == .success else { return nil }
                return lock.withLock { result }
            }
        }

        /// What went wrong, for a user: the server's own message when it sent one
        /// (postgres-nio's `description` hides everything on purpose), the kind
        /// of connection failure otherwise. Never the password.
        static func explain(_ error: any Error, _ url: PostgreSQLURL, _ what: String) -> String {
            let server = "\(url.host):\(url.port)"
            guard let error = error as? PSQLError else { return "failed while \(what) (\(error))" }
            switch error.code {
            case .server:
                let message = error.serverInfo?[.message] ?? "an error"
                let state = error.serverInfo?[.sqlState] ?? "?"
                let detail = error.serverInfo?[.detail].map { "; \($0)" } ?? ""
                switch state {
                case "28P01", "28000":
                    return
                        "was refused: the server at \(server) said \"\(message)\" (SQLSTATE \(state)); check the user and password"
                case "3D000":
                    return
                        "names a database the server at \(server) does not have: \"\(message)\" (SQLSTATE \(state)); create it first"
                case "57014":
                    return
                        "took longer than the \(statementTimeout.nanoseconds / 1_000_000_000) s statement timeout (\(what))"
                default:
                    return "failed while \(what): the server said \"\(message)\"\(detail) (SQLSTATE \(state))"
                }
            case .connectionError:
                return "cannot connect to \(server): \(describeConnectionFailure(error.underlying, url))"
            case .sslUnsupported:
                return "cannot connect to \(server): the server does not offer TLS, which sslmode=require needs"
            case .failedToAddSSLHandler, .receivedUnencryptedDataAfterSSLRequest:
                return "cannot connect to \(server): TLS could not be set up"
            case .authMechanismRequiresPassword:
                return "was refused: the server at \(server) asks for a password; give one in the URL (USER:PASSWORD@)"
            case .unsupportedAuthMechanism:
                return "was refused: the server at \(server) asks for a login method postgres-nio does not support"
            case .saslError:
                return "was refused: the server at \(server) rejected the login (SCRAM); check the user and password"
            case .serverClosedConnection, .uncleanShutdown:
                return "lost its connection to \(server) while \(what)"
            case .clientClosedConnection:
                return "was closed while \(what) (an earlier answer timed out)"
            case .queryCancelled:
                return "had a statement cancelled while \(what)"
            default:
                return "failed while \(what) (postgres-nio: \(error.code))"
            }
        }

        static func describeConnectionFailure(_ underlying: (any Error)?, _ url: PostgreSQLURL) -> String {
            guard let underlying else { return "the connection failed" }
            if let channel = underlying as? ChannelError, case .connectTimeout = channel {
                return "no answer within the \(url.connectTimeout) s connect timeout (connect_timeout=N in the URL)"
            }
            if let connection = underlying as? NIOConnectionError {
                let refused = connection.connectionErrors.contains { attempt in
                    (attempt.error as? IOError)?.errnoCode == ECONNREFUSED
                }
                if refused { return "connection refused (is PostgreSQL running and listening on that port?)" }
                if connection.connectionErrors.isEmpty, connection.dnsAError != nil || connection.dnsAAAAError != nil {
                    return "host \"\(url.host)\" not found"
                }
                if let first = connection.connectionErrors.first {
                    if let io = first.error as? IOError { return String(cString: strerror(io.errnoCode)).lowercased() }
                    return "\(first.error)"
                }
                return "host \"\(url.host)\" has no address to connect to"
            }
            if let io = underlying as? IOError {
                if io.errnoCode == ECONNREFUSED {
                    return "connection refused (is PostgreSQL running and listening on that port?)"
                }
                return String(cString: strerror(io.errnoCode)).lowercased()
            }
            if underlying is NIOConnectionError || "\(underlying)".contains("connectTimeout") {
                return "no answer within the \(url.connectTimeout) s connect timeout (connect_timeout=N in the URL)"
            }
            return "\(underlying)"
        }
    }
#endif
