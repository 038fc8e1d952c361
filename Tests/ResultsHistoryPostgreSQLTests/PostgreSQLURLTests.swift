import Foundation
import ResultsHistory
import ResultsHistoryPostgreSQL
import Testing
import VectorKernels

#if PostgreSQL
    import _PostgreSQLTestSupport
#endif

/// `--database postgresql://…`: the URL's form, checked before anything
/// connects, and a server that is not there. No server needed.
@Suite struct PostgreSQLURLTests {
    @Test func readsEveryPartOfAURL() throws {
        let url = try PostgreSQLURL(
            parsing: "postgresql://ci%40runner:p%40ss%3Aw%2Frd@db.example.org:6543/bench%20history"
                + "?sslmode=require&connect_timeout=3")
        #expect(url.user == "ci@runner")
        #expect(url.password == "p@ss:w/rd")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.database == "bench history")
        #expect(url.tls == .require)
        #expect(url.connectTimeout == 3)
        #expect(!url.description.contains("p%40ss") && url.description.contains("ci%40runner:***@db.example.org"))
    }

    @Test func defaultsAndTheOtherSpellings() throws {
        let plain = try PostgreSQLURL(parsing: "postgres://u@localhost/history")
        #expect(plain.scheme == "postgres" && plain.port == 5432 && plain.password == nil)
        #expect(plain.tls == .disable && plain.connectTimeout == 10)
        let v6 = try PostgreSQLURL(parsing: "POSTGRESQL://u:p@[::1]:5433/h?sslmode=verify-full")
        #expect(v6.host == "::1" && v6.port == 5433 && v6.tls == .require)
        let noUser = try PostgreSQLURL(parsing: "postgresql://localhost:5432/h")
        #expect(!noUser.user.isEmpty, "the login name, as libpq takes it")
        // An unencoded "@" in a password: the user information ends at the last "@", as libpq reads it.
        let at = try PostgreSQLURL(parsing: "postgresql://u:p@ss@host/db")
        #expect(at.password == "p@ss" && at.host == "host")
    }

    static let refused: [(url: String, saying: String)] = [
        ("postgresql://u:s3cret@/db", "names no host"),
        ("postgresql://u:s3cret@:5432/db", "names no host"),
        ("postgresql://u:s3cret@host", "names no database"),
        ("postgresql://u:s3cret@host/", "names no database"),
        ("postgresql://u:s3cret@host:0/db", "has port 0; a port is in 1…65535"),
        ("postgresql://u:s3cret@host:65536/db", "has port 65536; a port is in 1…65535"),
        ("postgresql://u:s3cret@host:-1/db", "has a port that is not a number"),
        ("postgresql://u:s3cret@host:54x/db", "has a port that is not a number"),
        ("postgresql://u:s3cret@host:/db", "has a port that is not a number"),
        // A forgotten host: the password is read as a port, and must not be printed.
        ("postgresql://u:s3cret/db", "has a port that is not a number"),
        ("postgresql://u:s3cret@host:99999999999999999999/db", "a port is in 1…65535"),
        ("postgresql://u:s3cret@host/a/b", "database name with \"/\""),
        ("postgresql://u:s3cret@host/" + String(repeating: "d", count: 64), "longer than PostgreSQL's 63 bytes"),
        ("postgresql://u:s3cret@host/db?sslmode=prefer", "has sslmode=prefer"),
        ("postgresql://u:s3cret@host/db?connect_timeout=0", "connect_timeout=0"),
        ("postgresql://u:s3cret@host/db?connect_timeout=301", "connect_timeout=301"),
        ("postgresql://u:s3cret@host/db?application_name=x", "parameter \"application_name\""),
        ("postgresql://u:s3cret@host/db?sslmode=disable&sslmode=require", "gives parameter sslmode twice"),
        ("postgresql://u:s3%zzcret@host/db", "malformed percent-encoding in its password"),
        ("postgresql://u:s3cret@host/db#x", "has a fragment"),
        ("postgresql://u:s3cret@host/my db", "contains a space"),
        ("postgresql://:s3cret@host/db", "has an empty user"),
        ("postgresql://u:s3cret@[::1/db", "without its \"]\""),
        ("postgresql://u:s3cret@host/db%00", "NUL byte"),
        ("mysql://u:s3cret@host/db", "is not a PostgreSQL URL"),
    ]

    @Test(arguments: refused)
    func aMalformedURLIsRefusedNamingWhatIsWrongWithoutItsPassword(url: String, saying: String) {
        #expect {
            try PostgreSQLURL(parsing: url)
        } throws: { error in
            let message = "\(error)"
            return message.hasPrefix("--database: ") && message.contains(saying) && !message.contains("s3cret")
                && !message.contains("s3%zzcret")
        }
    }

    /// Every byte outside RFC 3986's unreserved set percent-encoded, as a careful client writes a URL.
    static func encoded(_ text: String) -> String {
        text.utf8.map { byte in
            let unreserved =
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
                || (byte >= 0x61 && byte <= 0x7A) || "-._~".utf8.contains(byte)
            return unreserved ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }.joined()
    }

    @Test("300 random URLs from their parts: every part reads back, and another database keeps the rest")
    func randomURLsReadBack() throws {
        var rng = SplitMix64(seed: 4330)
        let alphabet = Array("abcxyzABC019_-.~:@/?#%&= é")
        func word(_ range: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: range, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
        }
        for _ in 0..<300 {
            let user = word(1...8)
            let password: String? = Bool.random(using: &rng) ? word(1...10) : nil
            // A password may hold ":" as it is (RFC 3986 userinfo); the user ends at the first one.
            let literalColons = Bool.random(using: &rng)
            let host = Bool.random(using: &rng) ? "db\(Int.random(in: 0...99, using: &rng)).example.org" : "::1"
            let port: Int? = [nil, 1, 65535, Int.random(in: 1...65535, using: &rng)].randomElement(using: &rng)!
            // Names up to PostgreSQL's 63 bytes, "/" excluded (a name never holds one here).
            var database = String(word(1...63).filter { $0 != "/" })
            while database.utf8.count > PostgreSQLURL.maximumNameBytes { database.removeLast() }
            if database.isEmpty { database = "h" }
            var parameters: [String] = []
            let tls = Bool.random(using: &rng) ? ["disable", "require", "verify-full"].randomElement(using: &rng) : nil
            let timeout = Bool.random(using: &rng) ? Int.random(in: 1...300, using: &rng) : nil
            if let tls { parameters.append("sslmode=\(tls)") }
            if let timeout { parameters.append("connect_timeout=\(timeout)") }
            parameters.shuffle(using: &rng)
            let text =
                "postgresql://\(Self.encoded(user))\(password.map { ":" + (literalColons ? Self.encoded($0).replacingOccurrences(of: "%3A", with: ":") : Self.encoded($0)) } ?? "")@"
                + (host == "::1" ? "[::1]" : host) + (port.map { ":\($0)" } ?? "") + "/\(Self.encoded(database))"
                + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
            let url = try PostgreSQLURL(parsing: text)
            #expect(url.user == user && url.password == password && url.host == host, "\(text)")
            #expect(url.port == (port ?? PostgreSQLURL.defaultPort) && url.database == database, "\(text)")
            #expect(url.tls == (tls == nil || tls == "disable" ? .disable : .require), "\(text)")
            #expect(url.connectTimeout == (timeout ?? PostgreSQLURL.defaultConnectTimeout), "\(text)")
            let other = try PostgreSQLURL(
                parsing: url.replacingDatabase(with: "fresh db " + word(1...6).filter { $0 != "/" }))
            #expect(other.database.hasPrefix("fresh db "), "\(text)")
            #expect(
                other.user == url.user && other.password == url.password && other.host == url.host
                    && other.port == url.port && other.tls == url.tls && other.connectTimeout == url.connectTimeout,
                "\(text)")
        }
    }

    @Test func redactsPasswordsHoweverTheyAreWritten() {
        #expect(HistoryStores.redacted("postgresql://u:secret@h/db") == "postgresql://u:***@h/db")
        #expect(HistoryStores.redacted("postgresql://u:se@cr/et@h/db") == "postgresql://u:***@h/db")
        #expect(HistoryStores.redacted("postgresql://u@h/db") == "postgresql://u@h/db")
        #expect(HistoryStores.redacted("postgresql://h:5432/db") == "postgresql://h:5432/db")
        #expect(HistoryStores.redacted("postgresql://u:secret/db") == "postgresql://u:***/db", "a host forgotten")
        #expect(HistoryStores.redacted("postgresql://[::1]:5432/db") == "postgresql://[::1]:5432/db")
        #expect(
            HistoryStores.redacted("postgresql://h/db?password=secret&sslmode=disable")
                == "postgresql://h/db?password=***&sslmode=disable")
        #expect(HistoryStores.redacted(".springbench/history.sqlite") == ".springbench/history.sqlite")
    }

    // Registering and connecting need the store: with the package trait PostgreSQL only.
    #if PostgreSQL
        @Test func onlyPostgreSQLAndRegisteredSchemesAreURLs() {
            PostgreSQLHistory.register()
            #expect(HistoryStores.scheme(of: "postgresql://h/db") == "postgresql")
            #expect(HistoryStores.scheme(of: "Postgres://h/db") == "postgres")
            #expect(HistoryStores.scheme(of: ".springbench/history.sqlite") == nil)
            #expect(HistoryStores.scheme(of: "ftp://h/history.sqlite") == nil, "anything else is an SQLite path")
            #expect(HistoryStores.scheme(of: "dir/postgresql://x") == nil)
            #expect(Set(["postgres", "postgresql"]).isSubset(of: HistoryStores.registeredSchemes))
        }

        /// Nothing listening: refused at once, exit 2's message naming the server.
        @Test func aPortWithNothingListeningIsRefusedAtOnce() throws {
            let port = try SilentListener.closedPort()
            let start = ContinuousClock.now
            #expect {
                try PostgreSQLHistoryStore(url: "postgresql://u:s3cret@127.0.0.1:\(port)/db", create: true)
            } throws: { error in
                let message = "\(error)"
                return message.hasPrefix("--database: postgresql://u:***@127.0.0.1:\(port)/db cannot connect")
                    && message.contains("connection refused") && !message.contains("s3cret")
            }
            #expect(ContinuousClock.now - start < .seconds(5))
        }

        /// A server that accepts the connection and never answers: given up
        /// after connect_timeout, not waited on for ever.
        @Test func aServerThatNeverAnswersTimesOut() throws {
            let listener = try SilentListener()
            defer { listener.close() }
            let start = ContinuousClock.now
            #expect {
                try PostgreSQLHistoryStore(
                    url: "postgresql://u:s3cret@127.0.0.1:\(listener.port)/db?connect_timeout=1", create: false)
            } throws: { error in
                "\(error)".contains("no answer within the 1 s connect timeout")
            }
            let elapsed = ContinuousClock.now - start
            #expect(elapsed >= .milliseconds(900) && elapsed < .seconds(10), "\(elapsed)")
        }
    #endif
}
