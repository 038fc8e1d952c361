/// A settling duration and a damping ratio: "stop within T seconds with this
/// much bounce".
///
/// The settling duration of a spring with damping ratio ζ scales as `1/ω₀`:
/// `T = τ(ζ)/ω₀`, where `τ(ζ)` is the settling duration of the `ω₀ = 1`
/// spring (``Spring/settlingDuration(epsilon:)``, a bisection root finder).
/// So `ω₀ = τ(ζ)/T`, mass 1, `c = 2ζω₀`. Inverse: `T` from the spring's own
/// settling duration with the same ε. ζ must be > 0 (an undamped spring never settles).
public struct SettlingParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "settling duration/damping ratio"

    /// Seconds after which the motion from rest stays within ε of the target.
    public var settlingDuration: Double
    /// Damping ratio ζ (> 0).
    public var dampingRatio: Double
    /// The settling threshold, relative to the initial displacement (0 < ε < 1).
    public var epsilon: Double

    public init(
        settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001
    ) throws(SpringParameterError) {
        try Check.positive(settlingDuration, "settlingDuration")
        try Check.positive(dampingRatio, "dampingRatio")
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw .outOfRange(parameter: "epsilon", validRange: "greater than 0 and less than 1", value: epsilon)
        }
        // The unit-frequency spring the settling time is solved on must itself be usable.
        guard (try? Spring(naturalFrequency: 1, dampingRatio: dampingRatio)) != nil else {
            throw .outOfRange(parameter: "dampingRatio", validRange: "a damping ratio giving a finite damping", value: dampingRatio)
        }
        self.settlingDuration = settlingDuration
        self.dampingRatio = dampingRatio
        self.epsilon = epsilon
        _ = try Spring.validated(
            spring, blaming: "settlingDuration", value: settlingDuration, range: "a duration giving a finite stiffness")
    }

    /// Throws for an undamped spring, which never settles.
    public init(_ spring: Spring) throws(SpringParameterError) {
        try self.init(spring, epsilon: 0.001)
    }

    public init(_ spring: Spring, epsilon: Double) throws(SpringParameterError) {
        guard spring.dampingRatio > 0 else {
            throw .notRepresentable(parameterization: Self.parameterizationName, reason: "an undamped spring never settles")
        }
        try self.init(
            settlingDuration: spring.settlingDuration(epsilon: epsilon), dampingRatio: spring.dampingRatio,
            epsilon: epsilon)
    }

    /// `τ(ζ)`: the settling duration of the unit-frequency spring, in radians.
    public var dimensionlessSettlingTime: Double {
        Spring(uncheckedFrequency: 1, dampingRatio: dampingRatio).settlingDuration(epsilon: epsilon)
    }

    public var spring: Spring {
        Spring(uncheckedFrequency: dimensionlessSettlingTime / settlingDuration, dampingRatio: dampingRatio)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("settlingDuration", settlingDuration), ("dampingRatio", dampingRatio), ("epsilon", epsilon)]
    }
}
