/// Android's `SpringForce` (androidx.dynamicanimation) and Compose's `spring()`:
/// a stiffness `ω₀²` and a damping ratio, mass 1, evaluated in closed form.
///
/// `k = stiffness`, `c = 2·ζ·√stiffness` (Guides/SpringFormulas.md). Exact inverse:
/// `stiffness = k/m`, `ζ` unchanged.
public struct AndroidSpringForce: SpringParameterization, Hashable {
    public static let parameterizationName = "Android stiffness/damping ratio"

    /// `SpringForce.STIFFNESS_*` (and Compose's `StiffnessMediumLow`).
    public enum Stiffness {
        public static let high = 10_000.0
        public static let medium = 1_500.0
        /// Compose only (`Spring.StiffnessMediumLow`).
        public static let mediumLow = 400.0
        public static let low = 200.0
        public static let veryLow = 50.0
    }

    /// `SpringForce.DAMPING_RATIO_*`.
    public enum DampingRatio {
        public static let highBouncy = 0.2
        public static let mediumBouncy = 0.5
        public static let lowBouncy = 0.75
        public static let noBouncy = 1.0
    }

    /// Stiffness `ω₀²` (> 0), in 1/s².
    public var stiffness: Double
    /// Damping ratio (≥ 0).
    public var dampingRatio: Double

    public init(stiffness: Double, dampingRatio: Double) throws(SpringParameterError) {
        try Check.positive(stiffness, "stiffness")
        try Check.nonNegative(dampingRatio, "dampingRatio")
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        _ = try Spring.validated(
            spring, blaming: "stiffness", value: stiffness, range: "a finite stiffness > 0",
            damping: ("dampingRatio", dampingRatio, Spring.dampingRatioRange))
    }

    public init(_ spring: Spring) {
        stiffness = spring.stiffness / spring.mass
        dampingRatio = spring.dampingRatio
    }

    /// `SpringForce()`'s defaults: STIFFNESS_MEDIUM, DAMPING_RATIO_MEDIUM_BOUNCY.
    public static let springForceDefault = try! AndroidSpringForce(
        stiffness: Stiffness.medium, dampingRatio: DampingRatio.mediumBouncy)
    /// Compose `spring()`'s defaults: StiffnessMedium, DampingRatioNoBouncy.
    public static let composeDefault = try! AndroidSpringForce(
        stiffness: Stiffness.medium, dampingRatio: DampingRatio.noBouncy)

    public var spring: Spring {
        Spring(uncheckedMass: 1, stiffness: stiffness, damping: 2 * dampingRatio * stiffness.squareRoot())
    }

    public var namedValues: [(name: String, value: Double)] {
        [("stiffness", stiffness), ("dampingRatio", dampingRatio)]
    }
}
