/// A damped harmonic spring `m·x'' + c·x' + k·(x − target) = 0` in its canonical
/// physical form: mass `m`, stiffness `k` and damping `c`.
///
/// Every other description of a spring (SwiftUI's duration and bounce, Android's
/// stiffness and damping ratio, react-spring's tension and friction, …) is a
/// parameterization in `Parameterizations/` that converts to this form and,
/// where an inverse exists, back.
///
/// ```swift
/// let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
/// spring.dampingRatio      // 0.5
/// spring.duration          // 0.628… (2π/ω₀, SwiftUI's perceptual duration)
/// spring.bounce            // 0.5
/// ```
///
/// Derived quantities follow Guides/SpringFormulas.md: `ω₀ = √(k/m)`, `ζ = c / (2√(k·m))`.
@frozen
public struct Spring: Sendable, Hashable {
    /// Mass `m` (> 0).
    public let mass: Double
    /// Stiffness `k` (> 0), force per unit displacement.
    public let stiffness: Double
    /// Damping `c` (≥ 0), force per unit velocity.
    public let damping: Double

    /// A spring with the given physical constants, exactly as given (over-damped
    /// springs stay over-damped; see ``init(mass:stiffness:damping:allowOverDamping:)``
    /// for SwiftUI's clamping).
    ///
    /// - Throws: ``SpringParameterError/outOfRange(parameter:validRange:value:)``
    ///   for a non-positive or non-finite mass or stiffness, a negative or
    ///   non-finite damping, or constants whose `√(k/m)` is not a finite
    ///   positive number.
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringParameterError) {
        try Check.positive(mass, "mass")
        try Check.positive(stiffness, "stiffness")
        try Check.nonNegative(damping, "damping")
        let ratio = stiffness / mass
        guard ratio.isFinite, ratio > 0 else {
            throw .outOfRange(parameter: "stiffness / mass", validRange: "a finite number > 0", value: ratio)
        }
        let spring = Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping)
        // ζ = c/(2√k·√m) and the fast rate ≈ 2λ = c/m must be finite for the
        // closed form to be, with room for the sums of rates it forms (4·c/m).
        guard spring.dampingRatio.isFinite, (4 * (damping / mass)).isFinite,
              (4 * spring.dampingRatio * spring.naturalFrequency).isFinite else {
            throw .outOfRange(
                parameter: "damping", validRange: "a value giving a finite damping ratio c/(2√(k·m)) and rate c/m",
                value: damping)
        }
        self = spring
    }

    /// SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)`: when
    /// `allowOverDamping` is false, damping above critical (`c > 2√(k·m)`) is
    /// lowered to critical damping.
    ///
    /// The clamped spring has no inverse: every over-damping maps to the same
    /// critically damped spring.
    public init(
        mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool
    ) throws(SpringParameterError) {
        let exact = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        if allowOverDamping || exact.dampingRatio <= 1 {
            self = exact
        } else {
            self.init(uncheckedMass: mass, stiffness: stiffness, damping: exact.criticalDamping)
        }
    }

    @inlinable
    internal init(uncheckedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    /// A spring of natural frequency `ω₀` (rad/s), damping ratio `ζ` and mass `m`:
    /// `k = m·ω₀²`, `c = 2·m·ζ·ω₀`.
    public init(
        naturalFrequency: Double, dampingRatio: Double, mass: Double = 1
    ) throws(SpringParameterError) {
        try Check.positive(naturalFrequency, "naturalFrequency")
        try Check.nonNegative(dampingRatio, "dampingRatio")
        try Check.positive(mass, "mass")
        try self.init(
            mass: mass, stiffness: mass * naturalFrequency * naturalFrequency,
            damping: 2 * mass * dampingRatio * naturalFrequency)
    }
}

extension Spring {
    /// Natural (undamped) angular frequency `ω₀ = √(k/m)`, in radians per second.
    @inlinable
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio `ζ = c / (2√(k·m))`: < 1 under-damped, 1 critical, > 1 over-damped.
    ///
    /// Computed as `c / (2·√k·√m)` so that `k·m` cannot overflow; with `m = 1`
    /// and `k = w²` rounded, `√k` is `w` exactly, so SwiftUI's bounce 0 gives ζ = 1 exactly.
    @inlinable
    public var dampingRatio: Double {
        damping / (2 * stiffness.squareRoot() * mass.squareRoot())
    }

    /// Damping that makes this spring critical, `2√(k·m)`.
    @inlinable
    public var criticalDamping: Double { 2 * stiffness.squareRoot() * mass.squareRoot() }

    /// The undamped period `2π/ω₀` in seconds: SwiftUI's `response` and `duration`.
    @inlinable
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's perceptual `duration`, the same number as ``response``. It is
    /// not the time the motion takes to settle (see ``settlingDuration(epsilon:)``).
    @inlinable
    public var duration: Double { response }

    /// SwiftUI's bounce: `1 − ζ` for ζ ≤ 1, `1/ζ − 1` for ζ > 1 (in −1 < bounce ≤ 1).
    ///
    /// Near ζ = 1 this loses relative accuracy by the condition number
    /// `ζ/|1 − ζ|`: the error is a few ulps of ζ, not of bounce.
    @inlinable
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// Exponential decay rate `λ = ζ·ω₀ = c/(2m)` in 1/s: the under-damped
    /// envelope is `e^(−λt)`.
    @inlinable
    public var decayRate: Double { damping / (2 * mass) }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
}
