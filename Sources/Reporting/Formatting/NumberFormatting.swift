import Benchmarking
import Foundation

/// How reports print numbers: a fixed number of significant digits, sizes with
/// binary prefixes (`4 Ki`, `16 Mi`), byte counts in KiB/MiB/GiB.
///
/// Every function is locale-independent (a report must read the same on every
/// machine) and total: NaN prints as an em dash, infinities as `∞`.
public enum NumberFormatting {
    /// `value` rounded to `digits` significant digits, in plain decimal notation
    /// between 10⁻⁴ and 10¹⁵ and in scientific notation (`1.2e-7`) outside.
    ///
    /// Integers of more than `digits` digits are printed whole (1234, not 1.23e3):
    /// rounding them away hides nothing a reader needs and reads worse.
    /// Trailing zeros are kept (`0.100`) so a column shows its precision, unless
    /// `trimmingZeros` is set (for tick labels).
    public static func significant(_ value: Double, digits: Int = 3, trimmingZeros: Bool = false) -> String {
        precondition(digits >= 1, "digits must be at least 1, got \(digits)")
        guard value.isFinite else { return value.isNaN ? "—" : (value < 0 ? "−∞" : "∞") }
        if value == 0 { return "0" }
        let magnitude = Int(log10(abs(value)).rounded(.down))
        let text: String
        if magnitude < -4 || magnitude >= 15 {
            text = String(format: "%.*e", digits - 1, value)
                .replacingOccurrences(of: "e+0", with: "e").replacingOccurrences(of: "e-0", with: "e-")
                .replacingOccurrences(of: "e+", with: "e")
            return trimmingZeros ? trimZerosOfMantissa(text) : text
        }
        let decimals = max(0, digits - 1 - magnitude)
        text = String(format: "%.*f", decimals, value)
        return trimmingZeros ? trimZeros(text) : text
    }

    /// A ratio such as a speed-up, as `2.31×`.
    public static func ratio(_ value: Double, digits: Int = 3) -> String {
        value.isNaN ? "—" : significant(value, digits: digits) + "×"
    }

    /// A fraction as a percentage with `digits` significant digits: `0.934` → `93.4 %`.
    public static func percent(_ fraction: Double, digits: Int = 3) -> String {
        fraction.isNaN ? "—" : significant(fraction * 100, digits: digits) + " %"
    }

    /// A verdict without a clear winner: "SIMD, OpenBLAS equal within 3.2 %"
    /// (the largest difference the intervals leave possible), or the tied
    /// names alone when no bound is known.
    public static func tie(_ names: [String], equalWithin: Double?) -> String {
        let who = names.joined(separator: ", ")
        guard let bound = equalWithin, bound.isFinite else { return "\(who) overlap" }
        return "\(who) equal within \(percent(bound, digits: 2))"
    }

    /// A point count: `PointCount.format(_:)`.
    public static func size(_ count: Int) -> String { PointCount.format(count) }

    /// An interpolated point count: `PointCount.formatApproximate(_:)`.
    public static func approximateSize(_ count: Double) -> String { PointCount.formatApproximate(count) }

    /// Bytes with binary units: `32 KiB`, `31.3 GiB`.
    public static func bytes(_ count: Int) -> String {
        let units: [(Double, String)] = [(0x1p40, "TiB"), (0x1p30, "GiB"), (0x1p20, "MiB"), (0x1p10, "KiB")]
        for (unit, name) in units where Double(count) >= unit {
            return significant(Double(count) / unit, digits: 3, trimmingZeros: true) + " " + name
        }
        return "\(count) B"
    }

    static func trimZeros(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var trimmed = Substring(text)
        while trimmed.hasSuffix("0") { trimmed = trimmed.dropLast() }
        if trimmed.hasSuffix(".") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    static func trimZerosOfMantissa(_ text: String) -> String {
        guard let e = text.firstIndex(of: "e") else { return trimZeros(text) }
        return trimZeros(String(text[..<e])) + text[e...]
    }
}
