import Foundation

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

    /// Parses one count: what ``format(_:)`` prints, and the usual spellings.
    /// Whitespace anywhere is ignored (`4 Ki`, `1 048 576`).
    public static func parse(_ text: String) throws(ParseError) -> Int {
        let compact = String(text.unicodeScalars.filter { !$0.properties.isWhitespace })
        let suffixes: [(String, Double)] = [
            ("Ki", 1024), ("Mi", 1_048_576), ("Gi", 1_073_741_824), ("Ti", 1_099_511_627_776),
            ("k", 1e3), ("K", 1e3), ("M", 1e6), ("G", 1e9),
        ]
        var number = Substring(compact)
        var multiplier = 1.0
        for (suffix, factor) in suffixes where compact.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            multiplier = factor
            break
        }
        // Digits, a decimal point and an exponent only: no hex, "nan" or "inf".
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || ".eE+-".contains($0)) }),
            let value = Double(number), value.isFinite
        else { throw .notACount(text) }
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

    /// The one way SpringBench prints a point count: with a binary prefix when
    /// it is a whole multiple of one (`16`, `4 Ki`, `16 Mi`, `1 Ti`), otherwise
    /// in digits grouped by three with thin spaces (`1 000 000`), never rounded.
    /// ``parse(_:)`` reads every result back: `parse(format(n)) == n`.
    public static func format(_ count: Int) -> String {
        let units: [(Int, String)] = [(1 << 40, "Ti"), (1 << 30, "Gi"), (1 << 20, "Mi"), (1 << 10, "Ki")]
        for (unit, name) in units where count.magnitude >= UInt(unit) && count % unit == 0 {
            return "\(count / unit) \(name)"
        }
        return grouped(count)
    }

    /// A count given as a `Double` (an interpolated crossover or frame
    /// capacity): the nearest whole count if it prints without grouping or
    /// with a binary prefix, else three significant digits of the largest
    /// binary unit it reaches (`133 Ki`, `1.4 Mi`; within 0.5 % of the count,
    /// and below 1024 of its unit), else the whole number.
    public static func formatApproximate(_ count: Double) -> String {
        guard count.isFinite else { return count.isNaN ? "—" : (count < 0 ? "−∞" : "∞") }
        guard count >= 1 else {
            return count.formatted(.number.precision(.significantDigits(3)).locale(Locale(identifier: "en_US_POSIX")))
        }
        let rounded = Int(min(count.rounded(), Double(Int.max / 2)))
        let exact = format(rounded)
        if !exact.contains(thinSpace) { return exact }
        let units: [(Double, String)] = [
            (Double(1 << 40), "Ti"), (Double(1 << 30), "Gi"), (Double(1 << 20), "Mi"), (Double(1 << 10), "Ki"),
        ]
        for (index, (unit, name)) in units.enumerated() where count >= unit {
            let scaled = count / unit
            let digits = scaled >= 100 ? 0 : (scaled >= 10 ? 1 : 2)
            var text = String(format: "%.\(digits)f", scaled)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            // 1023.7 Ki rounds to "1024": that is one of the next unit.
            if text == "1024", index > 0 { return "1 " + units[index - 1].1 }
            return text + " " + name
        }
        return exact
    }

    static let thinSpace: Character = "\u{2009}"

    static func grouped(_ count: Int) -> String {
        let digits = String(count.magnitude)
        var groups: [Substring] = []
        var end = digits.endIndex
        while end > digits.startIndex {
            let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
            groups.insert(digits[start..<end], at: 0)
            end = start
        }
        return (count < 0 ? "-" : "") + groups.joined(separator: String(thinSpace))
    }
}
