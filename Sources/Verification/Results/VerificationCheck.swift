/// One verified property: what was checked, the tolerance it was judged by and
/// where that tolerance comes from, the worst case found, and the verdict.
///
/// A check's ``worstCase`` is the input that came closest to (or went furthest
/// past) the tolerance, so a reader can reproduce it; ``worstValue`` is the
/// measured quantity there (an error, a difference, a count of mismatches) and
/// ``ratio`` is `worstValue / tolerance` where both are numbers.
public struct VerificationCheck: Sendable, Hashable, Codable {
    /// A stable dotted identifier (`closed-form.vs-reference`,
    /// `backend.simd.add`), used by tests and in the JSON file.
    public var name: String
    /// The report section the check belongs to.
    public var section: VerificationSection
    /// The property, in one sentence.
    public var property: String
    /// The tolerance in the unit of ``worstValue``; nil for exact (bit-for-bit,
    /// yes/no) properties.
    public var tolerance: Double?
    /// Where the tolerance comes from (a bound's derivation, a published rounding).
    public var toleranceSource: String
    /// The parameters of the worst case found.
    public var worstCase: String
    /// The measured value at the worst case.
    public var worstValue: Double
    /// The number of cases evaluated.
    public var casesChecked: Int
    /// Whether the property held.
    public var verdict: Verdict

    public init(
        name: String, section: VerificationSection, property: String, tolerance: Double?,
        toleranceSource: String, worstCase: String, worstValue: Double, casesChecked: Int, verdict: Verdict
    ) {
        self.name = name
        self.section = section
        self.property = property
        self.tolerance = tolerance
        self.toleranceSource = toleranceSource
        self.worstCase = worstCase
        self.worstValue = worstValue
        self.casesChecked = casesChecked
        self.verdict = verdict
    }

    /// `worstValue / tolerance`, or nil when the tolerance is not a positive number.
    /// One line: the check, its verdict and its worst case (for test messages and logs).
    public var summary: String {
        "\(name) \(verdict.rawValue): \(property); worst: \(worstCase.prefix(300))"
    }

    public var ratio: Double? {
        guard let tolerance, tolerance > 0 else { return nil }
        return worstValue / tolerance
    }
}

/// The outcome of a check.
public enum Verdict: String, Sendable, Hashable, Codable, CaseIterable {
    /// The property holds within its tolerance.
    case holds
    /// SpringBench's own code breaks the property: the suite fails.
    case fails
    /// The property is broken by behaviour that is documented and expected (the
    /// truncating length policy, a rejected candidate formula, an integrating
    /// platform's step error beyond a visual threshold): reported as a finding,
    /// not a failure.
    case expectedViolation = "expected-violation"
}

/// The sections of the verification report, in report order.
public enum VerificationSection: String, Sendable, Hashable, Codable, CaseIterable {
    case referenceIntegrator = "reference-integrator"
    case closedForm = "closed-form"
    case backends
    case vectorLaws = "vector-laws"
    case conversions
    case candidates
    case fixedStepSchemes = "fixed-step-schemes"

    /// A heading for reports.
    public var title: String {
        switch self {
        case .referenceIntegrator: return "The reference integrator"
        case .closedForm: return "Closed form vs the numerical reference"
        case .backends: return "Backends vs naive"
        case .vectorLaws: return "Vector-arithmetic laws"
        case .conversions: return "Conversion formulas"
        case .candidates: return "Candidate damping formulas"
        case .fixedStepSchemes: return "Fixed-step schemes"
        }
    }
}
