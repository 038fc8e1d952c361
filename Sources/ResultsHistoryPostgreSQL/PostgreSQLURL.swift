import Foundation
import ResultsHistory

#if canImport(Glibc)
    import Glibc
#endif

/// A history's PostgreSQL server as `--database` names it:
/// `postgresql://[USER[:PASSWORD]@]HOST[:PORT]/DATABASE[?PARAMETER=VALUE&…]`
/// (`postgres://` is the same; libpq's URI form, with fewer parameters).
///
/// Checked whole before anything connects, each problem one
/// `HistoryDatabaseError` naming `--database` and the URL with its password
/// left out. The user, password and database are percent-decoded (a `@`,
/// `:` or `/` in a password is written `%40`, `%3A`, `%2F`); an IPv6 host
/// is written in brackets. Without a user, the login name is used (as libpq
/// does); without a port, 5432.
///
/// Parameters: `sslmode=disable` (the default: the server is expected on a
/// trusted network, or on this machine) or `sslmode=require` (TLS, with the
/// server's certificate and host name verified against the system's trust
/// roots: stricter than libpq's `require`, which verifies neither, so
/// `verify-full` is accepted as its other name); `connect_timeout=SECONDS`
/// (1…300, default 10): how long connecting and logging in may take. Any
/// other parameter is refused rather than ignored.
public struct PostgreSQLURL: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable { case disable, require }

    public var scheme: String
    public var user: String
    public var password: String?
    public var host: String
    public var port: Int
    public var database: String
    public var tls: TLSMode
    /// Seconds connecting and logging in may take.
    public var connectTimeout: Int
    /// The text as given (with its password): what a connection is made from.
    public private(set) var text: String

    public static let defaultPort = 5432
    public static let defaultConnectTimeout = 10
    /// The longest identifier PostgreSQL keeps (NAMEDATALEN − 1 bytes).
    public static let maximumNameBytes = 63

    /// The URL with its password left out, for messages.
    public var description: String { HistoryStores.redacted(text) }

    /// Parses and checks `text`; see the type's description for the form.
    public init(parsing text: String) throws(HistoryDatabaseError) {
        func refuse(_ reason: String) -> HistoryDatabaseError {
            HistoryDatabaseError(path: HistoryStores.redacted(text), reason: reason)
        }
        let form = "(postgresql://USER:PASSWORD@HOST[:PORT]/DATABASE)"
        guard let separator = text.range(of: "://"),
            HistoryStores.postgreSQLSchemes.contains(text[..<separator.lowerBound].lowercased())
        else { throw refuse("is not a PostgreSQL URL \(form)") }
        if text.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } == true }) {
            throw refuse("contains a space or control character; percent-encode it (%20)")
        }
        scheme = text[..<separator.lowerBound].lowercased()
        self.text = text
        var rest = Substring(text[separator.upperBound...])
        if rest.contains("#") {
            throw refuse("has a fragment (#…); a PostgreSQL URL has none, percent-encode # as %23")
        }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        // The user information ends at the last "@": an unencoded "@" in a
        // password still parses as libpq would.
        var userInformation: Substring?
        if let at = rest.lastIndex(of: "@") {
            userInformation = rest[..<at]
            rest = rest[rest.index(after: at)...]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<slash]
        let path = slash < rest.endIndex ? rest[rest.index(after: slash)...] : ""

        func decoded(_ part: Substring, _ what: String) throws(HistoryDatabaseError) -> String {
            guard let value = String(part).removingPercentEncoding else {
                throw refuse("has a malformed percent-encoding in its \(what)")
            }
            return value
        }
        if let userInformation {
            if let colon = userInformation.firstIndex(of: ":") {
                user = try decoded(userInformation[..<colon], "user")
                password = try decoded(userInformation[userInformation.index(after: colon)...], "password")
            } else {
                user = try decoded(userInformation, "user")
                password = nil
            }
            if user.isEmpty { throw refuse("has an empty user before \"@\" \(form)") }
        } else {
            user = Self.loginName()
            password = nil
            if user.isEmpty { throw refuse("names no user, and the login name is unknown \(form)") }
        }

        // HOST, [IPv6], HOST:PORT or [IPv6]:PORT.
        var hostPart: Substring
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw refuse("has an IPv6 host without its \"]\"") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw refuse("has text after the IPv6 host's \"]\"") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
        }
        host = try decoded(hostPart, "host")
        if host.isEmpty { throw refuse("names no host \(form)") }
        if host.contains(where: { "/?#@[]".contains($0) }) { throw refuse("has a malformed host \"\(host)\"") }
        if let portPart {
            guard !portPart.isEmpty, portPart.count <= 5, portPart.allSatisfy(\.isASCII),
                portPart.allSatisfy(\.isNumber),
                let number = Int(portPart), (1...65535).contains(number)
            else {
                // Only digits are echoed: text there may be a password that lost its "@".
                let digits = !portPart.isEmpty && portPart.allSatisfy { $0.isASCII && $0.isNumber }
                throw refuse(
                    (digits ? "has port \(portPart)" : "has a port that is not a number") + "; a port is in 1…65535")
            }
            port = number
        } else {
            port = Self.defaultPort
        }

        database = try decoded(path, "database name")
        if database.isEmpty { throw refuse("names no database; end it with /DATABASE \(form)") }
        if database.contains("/") { throw refuse("has a database name with \"/\"; percent-encode it (%2F)") }
        if database.utf8.count > Self.maximumNameBytes || user.utf8.count > Self.maximumNameBytes {
            throw refuse("has a user or database name longer than PostgreSQL's \(Self.maximumNameBytes) bytes")
        }
        if database.utf8.contains(0) || user.utf8.contains(0) || password?.utf8.contains(0) == true {
            throw refuse("contains a NUL byte (%00)")
        }

        tls = .disable
        connectTimeout = Self.defaultConnectTimeout
        var seen = Set<String>()
        for parameter in query.split(separator: "&", omittingEmptySubsequences: true) {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count == 2 ? try decoded(pair[1], "parameter \(name)") : ""
            guard seen.insert(name).inserted else { throw refuse("gives parameter \(name) twice") }
            switch name {
            case "sslmode":
                switch value {
                case "disable": tls = .disable
                case "require", "verify-full": tls = .require
                default:
                    throw refuse(
                        "has sslmode=\(value); use disable or require (TLS with the certificate verified; "
                            + "verify-full is the same)")
                }
            case "connect_timeout":
                guard let seconds = Int(value), (1...300).contains(seconds) else {
                    throw refuse("has connect_timeout=\(value); give whole seconds in 1…300")
                }
                connectTimeout = seconds
            default:
                throw refuse(
                    "has parameter \"\(name)\", which springbench does not use (known: sslmode, connect_timeout)")
            }
        }
    }

    /// The same server and credentials with another database (a test's fresh one).
    public func replacingDatabase(with name: String) -> String {
        var components = text
        if let mark = components.firstIndex(of: "?") { components = String(components[..<mark]) }
        let query = text.firstIndex(of: "?").map { String(text[$0...]) } ?? ""
        let authorityStart = components.range(of: "://")!.upperBound
        let afterAt =
            components[authorityStart...].lastIndex(of: "@").map { components.index(after: $0) } ?? authorityStart
        let slash = components[afterAt...].firstIndex(of: "/") ?? components.endIndex
        // Only RFC 3986's unreserved characters stay as they are: a path may hold "@" and ":",
        // but this parser (as libpq) ends the user information at the last "@" of the URL.
        let unreserved = CharacterSet(
            charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let encoded = name.addingPercentEncoding(withAllowedCharacters: unreserved) ?? name
        return String(components[..<slash]) + "/" + encoded + query
    }

    /// The login name, as libpq takes it when a URL names no user.
    static func loginName() -> String {
        if let name = getpwuid(geteuid())?.pointee.pw_name { return String(cString: name) }
        return ProcessInfo.processInfo.environment["USER"] ?? ""
    }
}
