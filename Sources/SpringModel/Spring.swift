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
    ///   non-finite damping, constants whose `k/m` is not a finite positive
    ///   number (parameter `"stiffness / mass"`), or a damping (parameter
    ///   `"damping"`) other than 0 whose damping ratio is below the smallest
    ///   normal `Double` (2.2250738585072014e-308), or whose damping ratio or
    ///   rate `c/m` is within a factor 4 of overflowing (above 4.49e307).
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(SpringParameterError) {
        try Check.positive(mass, "mass")
        try Check.positive(stiffness, "stiffness")
        try Check.nonNegative(damping, "damping")
        let ratio = stiffness / mass
        guard ratio.isFinite, ratio > 0 else {
            throw .outOfRange(parameter: "stiffness / mass", validRange: "a finite number > 0", value: ratio)
        }
        let spring = Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping)
        guard spring.hasUsableDamping else {
            throw .outOfRange(parameter: "damping", validRange: Self.dampingRange, value: damping)
        }
        self = spring
    }

    /// The damping ``init(mass:stiffness:damping:)`` accepts, as its error states it.
    internal static let dampingRange =
        "0, or a value giving a damping ratio c/(2√(k·m)) from 2.2250738585072014e-308 to 4.49e307 "
        + "and a rate c/m below 4.49e307"

    /// Whether the damping keeps every quantity the closed form uses a normal,
    /// finite `Double`: ζ = c/(2√k·√m) is 0 or at least the smallest normal
    /// number (a subnormal ζ would carry a few significant bits into the decay
    /// rate ζ·ω₀), and ζ, the rate c/m and ζ·ω₀ stay a factor 4 below overflow,
    /// room for the sums of rates the over-damped closed form forms
    /// (`ζ + √(ζ²−1)`, `ζω₀ + μ`).
    internal var hasUsableDamping: Bool {
        let zeta = dampingRatio
        guard damping == 0 || zeta >= .leastNormalMagnitude else { return false }
        return (4 * zeta).isFinite && (4 * (damping / mass)).isFinite && (4 * zeta * naturalFrequency).isFinite
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
            // 2√k·√m rounds to ζ = 1 exactly unless it is subnormal (k·m below
            // ~1e-616); then take the representable damping just below it.
            if dampingRatio > 1 { self.init(uncheckedMass: mass, stiffness: stiffness, damping: self.damping.nextDown) }
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
    ///
    /// - Throws: ``SpringParameterError/outOfRange(parameter:validRange:value:)``
    ///   naming `naturalFrequency`, `dampingRatio` or `mass` when it is out of
    ///   range, or `naturalFrequency` (`dampingRatio`) when the stiffness
    ///   (damping) it gives is not usable: see ``init(mass:stiffness:damping:)``.
    public init(
        naturalFrequency: Double, dampingRatio: Double, mass: Double = 1
    ) throws(SpringParameterError) {
        try Check.positive(naturalFrequency, "naturalFrequency")
        try Check.nonNegative(dampingRatio, "dampingRatio")
        try Check.positive(mass, "mass")
        var stiffness = mass * naturalFrequency * naturalFrequency
        var damping = 2 * mass * dampingRatio * naturalFrequency
        // An intermediate product can overflow or underflow where the result does not.
        if !stiffness.isNormal { stiffness = Self.product(mass, naturalFrequency, naturalFrequency) }
        if damping != 0 && !damping.isNormal { damping = Self.product(2 * dampingRatio, mass, naturalFrequency) }
        self = try Self.validated(
            Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping),
            blaming: "naturalFrequency", value: naturalFrequency,
            range: "a finite number > 0 giving a finite, non-zero stiffness m·ω₀²",
            damping: ("dampingRatio", dampingRatio, Self.dampingRatioRange))
    }

    /// The damping ratios a parameterization accepts, as its error states it.
    internal static let dampingRatioRange =
        "0, or a damping ratio from 2.2250738585072014e-308 to 4.49e307 giving a finite damping"

    /// `a·b·c` without an intermediate overflow or underflow: the factors'
    /// significands (each in [1, 2)) are multiplied and their exponents added,
    /// so only the result can leave the range (two roundings, plus a
    /// subnormal result's own).
    internal static func product(_ a: Double, _ b: Double, _ c: Double) -> Double {
        guard a.isFinite, b.isFinite, c.isFinite, a != 0, b != 0, c != 0 else { return a * b * c }
        let significand = a.significand * b.significand * c.significand
        let exponent = a.exponent + b.exponent + c.exponent  // each in −1074…1023
        let sign: FloatingPointSign = (a.sign == b.sign) == (c.sign == .plus) ? .plus : .minus
        return Double(sign: sign, exponent: exponent, significand: significand)
    }
}

extension Spring {
    /// Natural (undamped) angular frequency `ω₀ = √(k/m)`, in radians per second.
    ///
    /// Where `k/m` is subnormal (fewer significant bits), computed as `√k/√m`.
    @inlinable
    public var naturalFrequency: Double {
        let ratio = stiffness / mass
        return ratio >= .leastNormalMagnitude ? ratio.squareRoot() : stiffness.squareRoot() / mass.squareRoot()
    }

    /// Damping ratio `ζ = c / (2√(k·m))`: < 1 under-damped, 1 critical, > 1 over-damped.
    ///
    /// Computed as `c / (2·√k·√m)` so that `k·m` cannot overflow; with `m = 1`
    /// and `k = w²` rounded, `√k` is `w` exactly, so SwiftUI's bounce 0 gives ζ = 1 exactly.
    /// Where `√k·√m` is subnormal (k·m below ~5e-616) both sides are scaled
    /// by 2⁶⁰⁰ first, so ζ keeps its full precision; where `2√k·√m` would
    /// overflow (k·m above ~8e615) the halving comes last.
    @inlinable
    public var dampingRatio: Double {
        let root = stiffness.squareRoot() * mass.squareRoot()
        if root >= .leastNormalMagnitude {
            return root <= .greatestFiniteMagnitude / 2 ? damping / (2 * root) : damping / root / 2
        }
        return (damping * 0x1p600) / (2 * (stiffness.squareRoot() * 0x1p300) * (mass.squareRoot() * 0x1p300))
    }

    /// Damping that makes this spring critical, `2√(k·m)`.
    @inlinable
    public var criticalDamping: Double { 2 * stiffness.squareRoot() * mass.squareRoot() }

    /// The undamped period `2π/ω₀` in seconds: SwiftUI's `response` and `duration`.
    @inlinable
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// SwiftUI's perceptual `duration`, the same number as ``response``. It is
    /// not the time the motion takes to settle (see ``exactSettlingDuration(epsilon:)``).
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
    ///
    /// For a mass above half the largest `Double` (where `2m` overflows),
    /// computed as `(c/m)/2`, the same number.
    @inlinable
    public var decayRate: Double {
        mass <= .greatestFiniteMagnitude / 2 ? damping / (2 * mass) : damping / mass / 2
    }
}

extension Spring: CustomStringConvertible {
    public var description: String {
        "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
}
