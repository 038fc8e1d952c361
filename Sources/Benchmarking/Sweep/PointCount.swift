/// Point counts as people write them: `4096`, `4Ki`, `16Mi`, `1e6`, `250k`.
public enum PointCount {
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        case notACount(String)
        case outOfRange(String, Int)

        public var description: String {
            switch self {
            case .notACount(let text):
                return "\"\(text)\" is not a point count (examples: 4096, 4Ki, 16Mi, 1e6, 250k)"
            case .outOfRange(let text, let maximum):
                return "\"\(text)\" is outside 1…\(maximum)"
            }
        }
    }

    /// Largest count accepted (2⁴⁰ points, 8 TiB per vector).
    public static let maximum = 1 << 40

    /// Parses one count.
    public static func parse(_ text: String) throws(ParseError) -> Int {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let suffixes: [(String, Double)] = [
            ("Ki", 1024), ("Mi", 1_048_576), ("Gi", 1_073_741_824), ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9),
        ]
        var number = Substring(trimmed)
        var multiplier = 1.0
        for (suffix, factor) in suffixes where trimmed.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            multiplier = factor
            break
        }
        guard let value = Double(number), value.isFinite else { throw .notACount(text) }
        let count = value * multiplier
        guard count >= 1, count <= Double(maximum) else { throw .outOfRange(text, maximum) }
        guard count == count.rounded() else { throw .notACount(text) }
        return Int(count)
    }

    /// Parses a comma-separated list.
    public static func parseList(_ text: String) throws(ParseError) -> [Int] {
        var counts: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            counts.append(try parse(String(part)))
        }
        return counts
    }

    /// `16`, `4 Ki`, `16 Mi` for powers of two; plain digits otherwise.
    public static func format(_ count: Int) -> String {
        if count >= 1 << 30, count % (1 << 30) == 0 { return "\(count >> 30) Gi" }
        if count >= 1 << 20, count % (1 << 20) == 0 { return "\(count >> 20) Mi" }
        if count >= 1 << 10, count % (1 << 10) == 0 { return "\(count >> 10) Ki" }
        return "\(count)"
    }
}

import Foundation
