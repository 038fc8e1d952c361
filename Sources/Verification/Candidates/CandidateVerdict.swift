/// The catalogue's verdict on one damping formula.
public struct CandidateVerdict: Sendable, Codable, Hashable {
    public var name: String
    public var source: String
    public var formulaText: String
    public var expectation: DampingFormula.Expectation
    /// True when every property holds.
    public var accepted: Bool
    /// The violated properties, each with its worst case and by how much.
    public var violations: [Violation]
    /// Largest `|x_candidate(t) − x_reference(t)|` before the reference settles,
    /// over the motion cases, as a fraction of the distance.
    public var largestMotionError: Double
    /// The motion case where it occurred.
    public var largestMotionErrorCase: String
    /// The largest position error in each motion case (duration, bounce).
    public var motionErrors: [MotionError] = []

    /// Largest `|x_candidate − x_reference|` before settling for one spring.
    public struct MotionError: Sendable, Codable, Hashable {
        public var duration: Double
        public var bounce: Double
        public var candidateDamping: Double
        public var referenceDamping: Double
        public var largestPositionError: Double

        package init(
            duration: Double, bounce: Double, candidateDamping: Double, referenceDamping: Double,
            largestPositionError: Double
        ) {
            self.duration = duration
            self.bounce = bounce
            self.candidateDamping = candidateDamping
            self.referenceDamping = referenceDamping
            self.largestPositionError = largestPositionError
        }
    }

    public struct Violation: Sendable, Codable, Hashable {
        /// The property's short name (`critical-at-zero`).
        public var property: String
        /// The check's full name.
        public var check: String
        /// The worst case, with its numbers.
        public var worstCase: String
        public var worstValue: Double
        public var tolerance: Double?

        package init(property: String, check: String, worstCase: String, worstValue: Double, tolerance: Double?) {
            self.property = property
            self.check = check
            self.worstCase = worstCase
            self.worstValue = worstValue
            self.tolerance = tolerance
        }
    }

    public init(
        name: String, source: String, formulaText: String, expectation: DampingFormula.Expectation,
        accepted: Bool, violations: [Violation], largestMotionError: Double, largestMotionErrorCase: String
    ) {
        self.name = name
        self.source = source
        self.formulaText = formulaText
        self.expectation = expectation
        self.accepted = accepted
        self.violations = violations
        self.largestMotionError = largestMotionError
        self.largestMotionErrorCase = largestMotionErrorCase
    }

    /// `accepted` or `rejected: violates a, b, c`.
    public var summary: String {
        accepted ? "accepted" : "rejected: violates " + violations.map(\.property).joined(separator: ", ")
    }
}
