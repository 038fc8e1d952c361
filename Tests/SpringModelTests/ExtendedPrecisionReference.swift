#if canImport(Glibc)
    import Glibc
#endif

/// The textbook solution of `m·x'' + c·x' + k·(x − target) = 0` (Guides/SpringFormulas.md),
/// evaluated in `Float80`, independent of the closed form under test.
///
/// Why it is trustworthy to far below 1e-12 of the motion's scale:
/// - Precision: `Float80` has a 64-bit significand (`u80 = 2⁻⁶⁴ ≈ 5.4e-20`,
///   2048× finer than `Double`) and glibc's `expl`, `sinl`, `cosl`, `sinhl`,
///   `coshl` are accurate to a few `u80` on x86_64.
/// - Form: in each regime it uses a textbook form in which no subtraction
///   cancels by more than a small, bounded factor:
///   ζ < 1 `e^(−λt)(u₀cos ω_d t + (v₀+λu₀)/ω_d · sin ω_d t)` (no cancellation as
///   ω_d → 0: `sin(ω_d t)/ω_d` is a quotient of accurate numbers);
///   ζ = 1 the critical form;
///   1 < ζ ≤ 2 `e^(−λt)(u₀cosh μt + (v₀+λu₀)/μ · sinh μt)` (no cancellation as
///   μ → 0, and `e^(−λt)·cosh μt` is a product of accurate factors; values below
///   `e^(−700)` of the scale are returned as 0, which keeps `coshl` finite);
///   ζ > 2 the two-exponential form with `r₂ = −(λ+μ)`, `r₁ = ω₀²/r₂`
///   (Vieta, no cancellation) and `C₁ = (v₀ − r₂u₀)/(r₁−r₂)`,
///   `C₂ = (r₁u₀ − v₀)/(r₁−r₂)` with `r₁ − r₂ = 2μ ≥ 2√3·ω₀`, so `|C₁|, |C₂|` are
///   at most ~2× the scale.
///   Every term is then bounded by a small multiple of the scale, arguments of
///   `exp` are < ~1e4 where the result matters, so the total error is below
///   ~1e4·u80 ≈ 5e-16 of the scale — and typically 1e-18.
/// - Independence: different formulas in different precision from
///   `SpringPropagator` (which uses `expm1`, the slow root `−ω₀/(ζ+√(ζ²−1))` and
///   one shape for all regimes), from the exact `Double` inputs `m`, `k`, `c`.
///   The ODE reference of the verification issue cross-checks both.
struct ExtendedPrecisionSpring {
    let omega: Float80
    let zeta: Float80

    init(mass: Double, stiffness: Double, damping: Double) {
        let m = Float80(mass), k = Float80(stiffness), c = Float80(damping)
        omega = sqrtl(k / m)
        zeta = c / (2 * sqrtl(k * m))
    }

    /// `(u(t), v(t))` for `u(0) = u0`, `u'(0) = v0`.
    func state(u0: Double, v0: Double, time: Double) -> (position: Float80, velocity: Float80) {
        let u0 = Float80(u0), v0 = Float80(v0), t = Float80(time)
        let w = omega, z = zeta
        let lambda = z * w
        if z < 1 {
            let wd = w * sqrtl((1 - z) * (1 + z))
            let e = expl(-lambda * t), s = sinl(wd * t), c = cosl(wd * t)
            let position = e * (u0 * c + (v0 + lambda * u0) / wd * s)
            let velocity = e * (v0 * c - (w * w * u0 + lambda * v0) / wd * s)
            return (position, velocity)
        }
        if z == 1 {
            let e = expl(-w * t)
            return (e * (u0 + (v0 + w * u0) * t), e * (v0 - w * (v0 + w * u0) * t))
        }
        let mu = w * sqrtl((z - 1) * (z + 1))
        if z <= 2 {
            let slowRate = w * w / (lambda + mu)  // λ − μ without cancellation
            if slowRate * t > 700 { return (0, 0) }
            let e = expl(-lambda * t), ch = coshl(mu * t), sh = sinhl(mu * t) / mu
            let position = e * (u0 * ch + (v0 + lambda * u0) * sh)
            let velocity = e * (v0 * ch - (w * w * u0 + lambda * v0) * sh)
            return (position, velocity)
        }
        let r2 = -(lambda + mu)
        let r1 = w * w / r2
        let c1 = (v0 - r2 * u0) / (2 * mu)
        let c2 = (r1 * u0 - v0) / (2 * mu)
        let e1 = expl(r1 * t), e2 = expl(r2 * t)
        return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
    }
}
