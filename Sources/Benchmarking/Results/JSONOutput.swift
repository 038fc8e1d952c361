import Foundation

/// How every `--format json` output is written: pretty-printed, keys sorted,
/// and the one rule for numbers JSON cannot hold — NaN and ±infinity are
/// written as `null` (a consumer reads "no finite value"), never as a string
/// or an invalid token.
public enum JSONOutput {
    /// A sentinel no finite number or real string value produces.
    static let nonFinite = "\u{1}springbench-non-finite\u{1}"

    public static func string<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: nonFinite, negativeInfinity: nonFinite, nan: nonFinite)
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        // The encoder escapes the sentinel's control characters as \u0001.
        let escaped = "\"\\u0001springbench-non-finite\\u0001\""
        return text.replacingOccurrences(of: escaped, with: "null")
    }

    /// A number as JSON text by the same rule (for hand-written documents).
    public static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }
}
