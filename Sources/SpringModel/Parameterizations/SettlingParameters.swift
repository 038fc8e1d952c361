/// SpringBench's exact settling form: a settling duration and a damping ratio,
/// "stop within T seconds with this much bounce", where T is the time after
/// which the motion from rest really stays within ε of the target.
///
/// Not SwiftUI's `Spring(settlingDuration:dampingRatio:)`, which solves an
/// envelope estimate instead and builds a stiffer or softer spring (0.2–54 % in
/// stiffness for ζ < 1 on the springs the tests try): that one is ``SwiftUISettlingParameters``.
///
/// The settling duration of a spring with damping ratio ζ scales as `1/ω₀`:
/// `T = τ(ζ)/ω₀`, where `τ(ζ)` is the settling duration of the `ω₀ = 1`
/// spring (``Spring/exactSettlingDuration(epsilon:)``, a bisection root finder).
/// So `ω₀ = τ(ζ)/T`, mass 1, `c = 2ζω₀`. Inverse: `T` from the spring's own
/// settling duration with the same ε. ζ must be > 0 (an undamped spring never settles).
public struct SettlingParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "exact settling duration/damping ratio"

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
        try Self.checkEpsilon(epsilon)
        // The unit-frequency spring the settling time is solved on must itself
        // be usable, and settle in a representable time.
        do {
            _ = try Spring(naturalFrequency: 1, dampingRatio: dampingRatio)
        } catch {
            throw .outOfRange(parameter: "dampingRatio", validRange: Self.dampingRatioRange, value: dampingRatio)
        }
        self.settlingDuration = settlingDuration
        self.dampingRatio = dampingRatio
        self.epsilon = epsilon
        guard dimensionlessSettlingTime.isFinite else {
            throw .outOfRange(parameter: "dampingRatio", validRange: Self.dampingRatioRange, value: dampingRatio)
        }
        _ = try Spring.validated(
            spring, blaming: "settlingDuration", value: settlingDuration,
            range: "a duration giving a finite, non-zero stiffness")
    }

    static let dampingRatioRange =
        "a damping ratio from 2.2250738585072014e-308 to 4.49e307 whose unit-frequency settling time "
        + "(about ln(1/epsilon)/dampingRatio when small) is below the largest Double"

    static func checkEpsilon(_ epsilon: Double) throws(SpringParameterError) {
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw .outOfRange(parameter: "epsilon", validRange: "greater than 0 and less than 1", value: epsilon)
        }
    }

    /// Throws for an undamped spring, which never settles.
    public init(_ spring: Spring) throws(SpringParameterError) {
        try self.init(spring, epsilon: 0.001)
    }

    /// The settling form of `spring` for threshold `epsilon`.
    ///
    /// - Throws: the `epsilon` range error (checked before anything is
    ///   computed), or ``SpringParameterError/notRepresentable(parameterization:reason:)``
    ///   for an undamped spring, which never settles, and for one whose
    ///   settling duration exceeds the largest `Double`.
    public init(_ spring: Spring, epsilon: Double) throws(SpringParameterError) {
        try Self.checkEpsilon(epsilon)
        guard spring.dampingRatio > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName, reason: "an undamped spring never settles")
        }
        let duration = spring.exactSettlingDuration(epsilon: epsilon)
        guard duration.isFinite, duration > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "its settling duration (\(duration) s for epsilon \(epsilon)) is not a finite number > 0")
        }
        try self.init(settlingDuration: duration, dampingRatio: spring.dampingRatio, epsilon: epsilon)
    }

    /// `τ(ζ)`: the settling duration of the unit-frequency spring, in radians.
    public var dimensionlessSettlingTime: Double {
        Spring(uncheckedFrequency: 1, dampingRatio: dampingRatio).exactSettlingDuration(epsilon: epsilon)
    }

    public var spring: Spring {
        Spring(uncheckedFrequency: dimensionlessSettlingTime / settlingDuration, dampingRatio: dampingRatio)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("settlingDuration", settlingDuration), ("dampingRatio", dampingRatio), ("epsilon", epsilon)]
    }
}
