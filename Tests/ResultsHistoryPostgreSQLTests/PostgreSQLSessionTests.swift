import Foundation
import ResultsHistory
import Testing

#if PostgreSQL
    import ResultsHistoryPostgreSQL

    /// `PostgreSQLSession`'s parts that need no server: statements and their
    /// parameters, reading PostgreSQL's text output, and libpq's messages turned
    /// into what a user acts on (PostgreSQLTests runs the same against a server).
    @Suite struct PostgreSQLSessionTests {
        @Test("Each interpolated value is a parameter ($1, $2, …), never SQL text; nil is NULL")
        func interpolationsAreParameters() {
            let name = "x'); DROP TABLE run; --"
            let branch: String? = nil
            let query: PostgreSQLQuery =
                "SELECT \(name), \(branch), \(Int64(-7)), \(Int32(3)), \(0.1 + 0.2) FROM \(unescaped: "cell")"
            #expect(query.sql == "SELECT $1, $2, $3, $4, $5 FROM cell")
            #expect(query.parameters == [name, nil, "-7", "3", "0.30000000000000004"])
            let plain: PostgreSQLQuery = "SELECT 1"
            #expect(plain.sql == "SELECT 1" && plain.parameters.isEmpty)
        }

        static let doubles: [Double] = [
            0.1, 1.0 / 3, 5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -0.0, 123_456_789.125, 1e21,
        ]

        @Test("A double's text reads back as the same double", arguments: doubles)
        func doublesRoundTrip(value: Double) throws {
            let text = value.postgreSQLText
            let back = try #require(Double.decode(text, type: PostgreSQLType.float8))
            #expect(back.bitPattern == value.bitPattern, "\(value) → \(text) → \(back)")
        }

        @Test func specialDoublesAndTypes() throws {
            #expect(Double.infinity.postgreSQLText == "Infinity" && (-Double.infinity).postgreSQLText == "-Infinity")
            #expect(Double.nan.postgreSQLText == "NaN")
            #expect(Double.decode("-Infinity", type: PostgreSQLType.float8) == -.infinity)
            #expect(try #require(Double.decode("NaN", type: PostgreSQLType.float8)).isNaN)
            // A column of another type is refused, not converted.
            #expect(Double.decode("1.5", type: PostgreSQLType.int8) == nil)
            #expect(Int64.decode("12", type: 25) == nil && Int64.decode("12", type: PostgreSQLType.int4) == 12)
            #expect(Int32.decode("3000000000", type: PostgreSQLType.int4) == nil)
            #expect(String.decode("a", type: PostgreSQLType.float8) == nil && String.decode("a", type: 25) == "a")
            // NULL: only an optional column takes it.
            #expect(String.decode(nil, type: 25) == nil)
            #expect((String?).decode(nil, type: 25) == .some(nil))
            #expect((Int64?).decode("x", type: PostgreSQLType.int8) == nil)
        }

        /// libpq 15's own wording (read off `psql` against PostgreSQL 15 here; the
        /// server's errors in verbose form, with the SQLSTATE).
        static let messages: [(message: String, failure: PostgreSQLSession.Failure)] = [
            (
                "connection to server at \"127.0.0.1\", port 1 failed: Connection refused\n\tIs the server running "
                    + "on that host and accepting TCP/IP connections?\n", .refused
            ),
            (
                "could not translate host name \"nohost.invalid\" to address: Name or service not known\n",
                .hostNotFound
            ),
            (
                "connection to server at \"127.0.0.1\", port 54339 failed: server does not support SSL, but SSL "
                    + "was required\n", .tlsUnsupported
            ),
            (
                "connection to server at \"127.0.0.1\", port 54339 failed: FATAL:  28P01: password authentication "
                    + "failed for user \"ci\"\nLOCATION:  auth_failed, auth.c:326\n",
                .server(state: "28P01", message: "password authentication failed for user \"ci\"", detail: nil)
            ),
            (
                "connection to server at \"db\" (10.0.0.2), port 5432 failed: FATAL:  3D000: database \"h\" does "
                    + "not exist\n",
                .server(state: "3D000", message: "database \"h\" does not exist", detail: nil)
            ),
            (
                "connection to server at \"db\" (10.0.0.2), port 5432 failed: server certificate for \"db\" does "
                    + "not match host name \"db.example.org\"\n",
                .other("server certificate for \"db\" does not match host name \"db.example.org\"")
            ),
        ]

        @Test("libpq's messages are sorted into what a user acts on", arguments: messages.indices)
        func classifiesLibpqMessages(index: Int) {
            let (message, failure) = Self.messages[index]
            #expect(PostgreSQLSession.classify(libpqMessage: message, connecting: true) == failure)
        }

        @Test func aLostConnectionIsNamedOnlyAfterConnecting() {
            let lost = "server closed the connection unexpectedly\n\tThis probably means the server terminated "
            #expect(PostgreSQLSession.classify(libpqMessage: lost, connecting: false) == .lost)
            #expect(PostgreSQLSession.classify(libpqMessage: lost, connecting: true) != .lost)
        }

        @Test func explanationsNameTheServerAndWhatToDo() {
            func explain(_ failure: PostgreSQLSession.Failure, _ connecting: Bool = true) -> String {
                PostgreSQLSession.explain(
                    failure, host: "db", port: 5432, connectTimeout: 10, what: "recording", connecting: connecting)
            }
            #expect(explain(.refused).contains("db:5432: connection refused (is PostgreSQL running"))
            #expect(explain(.hostNotFound) == "cannot connect to db:5432: host \"db\" not found")
            // SQLSTATE class 28 is "invalid authorization specification" (PostgreSQL's appendix A):
            // both of its codes are a login problem; no other class is.
            for state in ["28P01", "28000"] {
                #expect(
                    explain(.server(state: state, message: "m", detail: nil)).contains("check the user and password"))
            }
            for state in ["08006", "42501", "53300", "XX000", "2F000"] {
                #expect(
                    !explain(.server(state: state, message: "m", detail: nil)).contains("check the user"), "\(state)")
            }
            #expect(explain(.server(state: "3D000", message: "m", detail: nil)).contains("create it first"))
            #expect(explain(.server(state: "57014", message: "m", detail: nil)).contains("30 s statement timeout"))
            #expect(
                explain(.server(state: "23505", message: "dup", detail: "Key (id)=(1)"), false)
                    == "failed while recording: the server said \"dup\"; Key (id)=(1) (SQLSTATE 23505)")
            #expect(explain(.other("boom")) == "cannot connect to db:5432: boom")
            #expect(explain(.other("boom"), false) == "failed while recording (libpq: boom)")
        }

        @Test("sslmode=require needs the system's trust roots: the first readable bundle, or none")
        func trustRoots() throws {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let bundle = directory.appendingPathComponent("bundle.pem").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: bundle))
            let missing = directory.appendingPathComponent("missing.pem").path
            #expect(PostgreSQLSession.systemTrustRoots([missing, bundle]) == bundle)
            #expect(PostgreSQLSession.systemTrustRoots([missing]) == nil)
        }
    }
#endif
