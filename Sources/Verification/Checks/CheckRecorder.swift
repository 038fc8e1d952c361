/// Accumulates the cases of one check and keeps the worst: the case whose
/// measured value exceeds its tolerance by the largest factor (or, when all
/// hold, comes closest to it).
///
/// Tolerances may differ per case (a bound that grows with time or size); the
/// finished check reports the worst case's own value and tolerance. A tolerance
/// of 0 means "exact": any positive value violates it. NaN values violate.
package struct CheckRecorder {
    let name: String
    let section: VerificationSection
    let property: String
    let toleranceSource: String
    package private(set) var count = 0
    private var worstExcess = -Double.infinity
    private var worstValue = 0.0
    private var worstTolerance: Double?
    private var worstCase = "—"

    package init(_ name: String, _ section: VerificationSection, property: String, toleranceSource: String) {
        self.name = name
        self.section = section
        self.property = property
        self.toleranceSource = toleranceSource
    }

    /// How far past its tolerance a value is: ≤ 1 holds (a ratio for positive
    /// tolerances; 0 or +∞ for exact ones).
    static func excess(_ value: Double, tolerance: Double) -> Double {
        if value.isNaN || tolerance.isNaN { return .infinity }
        if tolerance > 0 { return value / tolerance }
        return value > 0 ? .infinity : 0
    }

    /// Records one case. `describe` is evaluated only when the case becomes the worst.
    package mutating func record(_ value: Double, tolerance: Double, _ describe: @autoclosure () -> String) {
        count += 1
        let excess = Self.excess(value, tolerance: tolerance)
        let worse =
            excess > worstExcess
            || (excess == worstExcess && excess.isInfinite && (value.isNaN || value > worstValue))
        if worse || count == 1 {
            worstExcess = excess
            worstValue = value
            worstTolerance = tolerance
            worstCase = describe()
        }
    }

    /// Records a yes/no case: `violated` counts as value 1 against tolerance 0.
    mutating func record(violated: Bool, _ describe: @autoclosure () -> String) {
        record(violated ? 1 : 0, tolerance: 0, describe())
    }

    /// Adds the cases `other` recorded, as if they had been recorded here one
    /// after another: its worst case competes with this one's under the same
    /// rule (an earlier case keeps a tie), and the counts add up.
    package mutating func absorb(_ other: CheckRecorder) {
        guard other.count > 0 else { return }
        let before = count
        record(other.worstValue, tolerance: other.worstTolerance ?? 0, other.worstCase)
        count = before + other.count
    }

    var holds: Bool { count == 0 || worstExcess <= 1 }

    /// The finished check. A violation is `.fails` unless `violationExpected`.
    package func finish(violationExpected: Bool = false) -> VerificationCheck {
        VerificationCheck(
            name: name, section: section, property: property,
            tolerance: worstTolerance == 0 ? nil : worstTolerance,
            toleranceSource: toleranceSource,
            worstCase: holds && worstTolerance == 0 && count > 0 ? "no case deviates (\(count) cases)" : worstCase,
            worstValue: worstValue,
            casesChecked: count,
            verdict: holds ? .holds : (violationExpected ? .expectedViolation : .fails))
    }
}

/// Short, locale-free number text for case descriptions.
func text(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return "\(value)"
}

/// Up to `limit` elements of `values`, with the count when it is longer.
func listText(_ values: [Double], limit: Int = 4) -> String {
    let shown = values.prefix(limit).map(text).joined(separator: ", ")
    return values.count > limit ? "[\(shown), … (\(values.count) elements)]" : "[\(shown)]"
}
