#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Svelte's `Spring` (and legacy `spring` store) options: `stiffness` and
/// `damping` per 60 Hz tick (dimensionless, the class clamps both to 0…1),
/// defaults 0.15 and 0.8, and `precision` (value units, default 0.01).
///
/// Svelte does not integrate a spring ODE. Each frame it steps
/// `x_{n+1} = x_n + (v + k·(T − x_n) − c·v)·dt` with `v = (x_n − x_{n−1})/dt` and
/// `dt` the frame's time in 60 Hz ticks (sveltejs/svelte
/// `packages/svelte/src/motion/spring.js`, `tick_spring`, tag svelte@5.56.10,
/// commit 56a036f4ce873a24ee6631a06d03d372523d7a9b): with `e = T − x`,
/// `e_{n+1} = (2 − c − k·dt)·e_n − (1 − c)·e_{n−1}`. The damping acts per tick
/// and only the spring term scales with `dt`, so the motion depends on the
/// frame rate.
///
/// The conversion is **exact at 60 Hz** (`dt = 1`) and only there: the
/// recurrence's two characteristic roots `z₁, z₂` (of
/// `z² − (2 − c − k)z + (1 − c)`) are the spring's `e^(r₁h), e^(r₂h)`, `h = 1/60 s`,
/// so `c = 1 − z₁z₂ = 1 − e^(−2ζω₀h)` and `k = (1 − z₁)(1 − z₂)`. Every
/// solution of the recurrence at 60 Hz is then the spring sampled at 60 Hz;
/// Svelte's start from rest (`x_{−1} = x₀`) is the spring's motion through
/// those two points, which leaves with a small velocity, not with 0. The
/// spring is mass 1. `precision` is Svelte's done rule, not part of the
/// spring: it is stored and passed on, and the inverse gives the default 0.01.
///
/// Inverse (``init(_:)``): every spring with `ζω₀ > 0` or `ζ = 0`; it throws when
/// the stiffness per tick is above 1 (Svelte's `Spring` would clamp it:
/// `ω₀` above about 60 rad/s for ζ near 1). Forward (``spring``): throws for a
/// damping per tick outside 0…1 (1 stops the motion in one tick, a first-order
/// decay), a stiffness per tick ≤ 0, or roots that are real and negative (the
/// motion alternates sign every tick: no spring sampled at 60 Hz does that).
public struct SvelteSpringParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Svelte stiffness/damping (per 60 Hz tick)"

    /// The 60 Hz tick the per-tick parameters are exact at, in seconds.
    public static let tick = 1.0 / 60

    /// The stiffnesses per tick this form takes, as its error states them:
    /// Svelte's `Spring` clamps to 0…1, and 0 is no spring.
    public static let stiffnessRange = "a number > 0 and <= 1"
    /// The dampings per tick this form takes: Svelte's `Spring` clamps to
    /// 0…1, and 1 stops the motion in one tick (a first-order decay, no spring).
    public static let dampingRange = "a number >= 0 and < 1"

    /// `stiffness` per tick (0 < k ≤ 1 in Svelte's `Spring`).
    public var stiffness: Double
    /// `damping` per tick (0 ≤ c < 1 for a spring).
    public var damping: Double
    /// `precision` in the value's units (> 0): Svelte's done rule.
    public var precision: Double

    public init(stiffness: Double = 0.15, damping: Double = 0.8, precision: Double = 0.01) throws(SpringParameterError)
    {
        guard stiffness > 0, stiffness <= 1 else {
            throw .outOfRange(parameter: "stiffness", validRange: Self.stiffnessRange, value: stiffness)
        }
        guard damping >= 0, damping < 1 else {
            throw .outOfRange(parameter: "damping", validRange: Self.dampingRange, value: damping)
        }
        try Check.positive(precision, "precision")
        self.stiffness = stiffness
        self.damping = damping
        self.precision = precision
        _ = try roots()
    }

    /// The per-tick parameters whose 60 Hz recurrence is `spring` sampled at 60 Hz.
    public init(_ spring: Spring) throws(SpringParameterError) {
        let (stiffness, damping) = Self.perTick(spring)
        let omega0 = spring.naturalFrequency
        guard stiffness <= 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason:
                    "its stiffness per 60 Hz tick (\(stiffness)) is above 1, which Svelte's Spring clamps to 1 (ω₀ \(omega0) rad/s is too fast for 60 Hz ticks)"
            )
        }
        guard stiffness > 0, damping < 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "its 60 Hz step rounds to stiffness \(stiffness), damping \(damping) per tick")
        }
        self.stiffness = stiffness
        self.damping = damping
        self.precision = 0.01
    }

    /// The stiffness and damping per 60 Hz tick whose recurrence has
    /// `spring`'s characteristic roots at 60 Hz, unchecked (a stiffness above
    /// 1 is what Svelte's `Spring` would clamp):
    /// `c = 1 − e^(−2ζω₀h)`, `k = (1 − z₁)(1 − z₂)`, each written without cancellation.
    public static func perTick(_ spring: Spring) -> (stiffness: Double, damping: Double) {
        let h = tick
        let zeta = spring.dampingRatio
        let omega0 = spring.naturalFrequency
        let lambda = zeta * omega0
        let damping = -expm1(-2 * lambda * h)
        let stiffness: Double
        if zeta < 1 {
            // |z| = e^(−λh), arg z = ω_d·h: k = (1 − e^(−λh))² + 4e^(−λh)·sin²(ω_d·h/2).
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let decay = expm1(-lambda * h)
            let half = sin(omegaD * h / 2)
            stiffness = decay * decay + 4 * exp(-lambda * h) * half * half
        } else if zeta == 1 {
            let decay = expm1(-omega0 * h)
            stiffness = decay * decay
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let slow = -omega0 / (zeta + root)
            let fast = -omega0 * (zeta + root)
            stiffness = expm1(slow * h) * expm1(fast * h)
        }
        return (stiffness, damping)
    }

    /// The spring whose 60 Hz samples the recurrence reproduces (mass 1).
    public var spring: Spring {
        // Validated in `init`.
        guard let rates = try? roots() else { return Spring(uncheckedMass: 1, stiffness: .nan, damping: .nan) }
        return Spring(uncheckedMass: 1, stiffness: rates.stiffness, damping: rates.damping)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("stiffness", stiffness), ("damping", damping), ("precision", precision)]
    }

    /// The continuous spring's `k = ω₀²` and `c = 2ζω₀` (mass 1) from the
    /// recurrence's roots at 60 Hz.
    func roots() throws(SpringParameterError) -> (stiffness: Double, damping: Double) {
        let rate = 1 / Self.tick
        let sum = 2 - damping - stiffness  // z₁ + z₂
        let product = 1 - damping  // z₁·z₂
        let discriminant = sum * sum - 4 * product
        let omegaSquared: Double
        let twiceDecay: Double
        if discriminant < 0 {
            // z = √p·e^(±iθ): λ = −ln(p)/(2h), ω_d = θ/h.
            let lambda = -log1p(-damping) * rate / 2
            let omegaD = atan2((-discriminant).squareRoot(), sum) * rate
            omegaSquared = lambda * lambda + omegaD * omegaD
            twiceDecay = 2 * lambda
        } else {
            guard sum > 0 else {
                throw .notRepresentable(
                    parameterization: Self.parameterizationName,
                    reason:
                        "stiffness \(stiffness) and damping \(damping) per tick make the motion alternate sign every tick"
                )
            }
            // 1 − z for each root, the small one from the product (1 − z₁)(1 − z₂) = k.
            let large = (damping + stiffness + discriminant.squareRoot()) / 2
            let small = stiffness / large
            let r1 = log1p(-small) * rate
            let r2 = log1p(-large) * rate
            omegaSquared = r1 * r2
            twiceDecay = -(r1 + r2)
        }
        let spring = Spring(uncheckedMass: 1, stiffness: omegaSquared, damping: twiceDecay)
        do {
            _ = try Spring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
        } catch {
            throw .outOfRange(
                parameter: "stiffness", validRange: "a stiffness per tick giving a finite spring", value: stiffness)
        }
        return (omegaSquared, twiceDecay)
    }
}
