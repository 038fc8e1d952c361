#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// The linear map that moves a spring's state by `time` seconds:
///
///     u(t) = positionFromDisplacement · u₀ + positionFromVelocity · v₀
///     v(t) = velocityFromDisplacement · u₀ + velocityFromVelocity · v₀
///
/// with `u = x − target` and `v = x'`. Four scalars describe the motion of any
/// number of points, so an N-point vector moves with one evaluation of these
/// coefficients plus two axpy kernels per output (see `Spring+Evolution.swift`).
///
/// Accuracy: each coefficient is computed with a few ulps of error relative to
/// the motion's scale (`1` for the position coefficients, `ω₀` and `1/ω₀`
/// scaled appropriately) in every regime — no cancellation as ζ → 1 from either
/// side, no overflow or `0·∞` at large ζ·ω₀·t. Lightly damped springs at large
/// phase `ω_d·t` inherit the problem's own conditioning: a relative change of
/// one ulp in `ω₀` moves the phase by `ulp·ω_d·t`.
@frozen
public struct SpringPropagator: Sendable, Hashable {
    /// ∂u(t)/∂u₀ (dimensionless).
    public var positionFromDisplacement: Double
    /// ∂u(t)/∂v₀ (seconds).
    public var positionFromVelocity: Double
    /// ∂v(t)/∂u₀ (1/seconds).
    public var velocityFromDisplacement: Double
    /// ∂v(t)/∂v₀ (dimensionless).
    public var velocityFromVelocity: Double

    @inlinable
    public init(
        positionFromDisplacement: Double, positionFromVelocity: Double,
        velocityFromDisplacement: Double, velocityFromVelocity: Double
    ) {
        self.positionFromDisplacement = positionFromDisplacement
        self.positionFromVelocity = positionFromVelocity
        self.velocityFromDisplacement = velocityFromDisplacement
        self.velocityFromVelocity = velocityFromVelocity
    }

    /// The propagator of a spring with natural frequency `ω₀` and damping ratio
    /// `ζ` over `time` seconds.
    ///
    /// All regimes share one shape, `e^(−λt)·(C ± λS)` and `e^(−λt)·S`, with
    /// `S = sin(ω_d t)/ω_d`, `t` or `sinh(μt)/μ` and `C` its cosine partner:
    /// - ζ < 1: `sin`/`cos` of `ω_d·t`, `ω_d = ω₀√((1−ζ)(1+ζ))` (no cancellation in `1 − ζ²`);
    /// - ζ = 1: the critical limit;
    /// - ζ > 1: rewritten on the slow root `r₁ = −ω₀/(ζ + √(ζ²−1))` (no
    ///   cancellation at large ζ) as `e^(r₁t)` times `g = 1 − e^(−2μt)` computed
    ///   by `expm1`, so nothing cancels as ζ → 1⁺ and nothing overflows at large t.
    ///
    /// `time = +∞` gives the limit: all zeros for a damped spring (the motion
    /// has died out); an undamped spring, which has no limit, is evaluated at
    /// the largest finite time. A negative `time` gives the state at time 0
    /// (the identity map): the motion starts at 0, and nothing earlier is
    /// modelled.
    ///
    /// Arguments that describe no spring — `ω₀` not finite and > 0, `ζ` not
    /// finite and ≥ 0, or a NaN `time` — give NaN in every coefficient (no
    /// trap), so every value computed from the propagator is NaN. ``Spring``'s
    /// initializers validate their parameters and only ever pass valid ones:
    /// use ``Spring/propagator(time:)`` to have bad parameters reported as an
    /// error when the spring is made.
    @inlinable
    public init(naturalFrequency omega: Double, dampingRatio zeta: Double, time: Double) {
        guard omega.isFinite, omega > 0, zeta.isFinite, zeta >= 0, !time.isNaN else {
            self.init(
                positionFromDisplacement: .nan, positionFromVelocity: .nan,
                velocityFromDisplacement: .nan, velocityFromVelocity: .nan)
            return
        }
        if time == .infinity {
            if zeta > 0 {
                self.init(
                    positionFromDisplacement: 0, positionFromVelocity: 0,
                    velocityFromDisplacement: 0, velocityFromVelocity: 0)
                return
            }
            self.init(naturalFrequency: omega, dampingRatio: zeta, time: .greatestFiniteMagnitude)
            return
        }
        let time = time > 0 ? time : 0
        if zeta < 1 {
            self = Self.underDamped(omega: omega, zeta: zeta, time: time)
        } else if zeta == 1 {
            self = Self.critical(omega: omega, time: time)
        } else {
            self = Self.overDamped(omega: omega, zeta: zeta, time: time)
        }
    }

    @usableFromInline
    internal static func underDamped(omega: Double, zeta: Double, time t: Double) -> Self {
        let lambda = zeta * omega
        let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
        let envelope = exp(-lambda * t)
        // Died out: exactly the limit (sin and cos of a phase beyond the
        // largest double would otherwise turn 0·NaN into NaN).
        if envelope == 0 {
            return Self(
                positionFromDisplacement: 0, positionFromVelocity: 0,
                velocityFromDisplacement: 0, velocityFromVelocity: 0)
        }
        var theta = omegaD * t
        if !theta.isFinite {
            // Undamped and beyond the largest phase: the motion is periodic, so
            // evaluate one period's worth of time (fmod is exact; the phase of
            // such a time is defined only to the period's rounding anyway).
            theta = omegaD * fmod(t, 2 * Double.pi / omegaD)
        }
        // sin(θ)/ω_d keeps full relative accuracy as ω_d → 0 (sin is accurate for small θ).
        let sine = sin(theta) / omegaD
        let cosine = cos(theta)
        let es = envelope * sine
        return Self(
            positionFromDisplacement: envelope * cosine + lambda * es,
            positionFromVelocity: es,
            velocityFromDisplacement: -omega * (omega * es),
            velocityFromVelocity: envelope * cosine - lambda * es)
    }

    @usableFromInline
    internal static func critical(omega: Double, time t: Double) -> Self {
        let envelope = exp(-omega * t)
        if envelope == 0 {
            return Self(
                positionFromDisplacement: 0, positionFromVelocity: 0,
                velocityFromDisplacement: 0, velocityFromVelocity: 0)
        }
        let es = envelope * t
        return Self(
            positionFromDisplacement: envelope + omega * es,
            positionFromVelocity: es,
            velocityFromDisplacement: -omega * (omega * es),
            velocityFromVelocity: envelope - omega * es)
    }

    @usableFromInline
    internal static func overDamped(omega: Double, zeta: Double, time t: Double) -> Self {
        // √(ζ−1)·√(ζ+1) rather than √(ζ²−1): exact-ish near 1, no overflow for huge ζ.
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let slowRate = omega / (zeta + root)  // |r₁|, stable for large ζ
        let fastRate = zeta * omega + mu  // |r₂|
        let slow = exp(-slowRate * t)  // e^(r₁t)
        let x = 2 * mu * t
        let g = -expm1(-x)  // 1 − e^(−2μt), accurate for small x
        let es = slow * (g / (2 * mu))  // e^(−λt)·sinh(μt)/μ
        let velocityFromVelocity: Double
        if x <= 1 {
            velocityFromVelocity = slow - fastRate * es
        } else {
            // e^(r₁t)·(|r₂|e^(−2μt) − |r₁|)/(2μ): avoids 1 − |r₂|/(2μ) cancelling at large ζ.
            velocityFromVelocity = slow * ((fastRate * exp(-x) - slowRate) / (2 * mu))
        }
        return Self(
            positionFromDisplacement: slow + slowRate * es,
            positionFromVelocity: es,
            velocityFromDisplacement: -omega * (omega * es),
            velocityFromVelocity: velocityFromVelocity)
    }
}
