import SpringModel
import Testing

/// Closed-form position and velocity against ``ExtendedPrecisionSpring``
/// (textbook formulas in Float80), relative to the motion's scale
/// `s = |u₀| + |v₀|/ω₀` (velocity: `ω₀·s`).
///
/// Tolerance 1e-12 (the requirement). The analysis behind it: the
/// propagator's coefficients carry a few ulps each, and the inputs ω₀ and ζ
/// are themselves rounded (a few ulps); the motion's sensitivity to a relative
/// change δ in ζ or ω₀ is at most `δ·max(1, ω_d·t)·e^(−λt)`-ish, which on this
/// grid is ≤ ~30u ≈ 3e-15. So the grid passes with three orders of magnitude to
/// spare, and a formula with cancellation (the textbook over-damped form in
/// Double loses ~1/√(ζ²−1), i.e. 1e-8 at ζ = 1 + 1e-15) fails it.
@Suite("Closed form vs extended-precision reference")
struct ClosedFormAccuracyTests {
    static let durations: [Double] = [1e-3, 0.5, 1e3]
    static let times: [Double] = [0, 1e-9, 1e-6, 1e-3, 0.01, 0.1, 0.25, 0.5, 1, 2, 5, 10, 100, 1e3, 1e4]
    /// ζ = 1 ± 10^−k (k = 1…15), exactly 1, and over-damped up to 1e6.
    static let nearCritical: [Double] =
        (1...15).flatMap { k in [1 - pow10(-k), 1 + pow10(-k)] } + [1]
    static let overDamped: [Double] = [1.5, 2, 2.5, 10, 1e2, 1e3, 1e4, 1e5, 1e6]
    /// Initial (u₀, v₀/ω₀): from rest, zero displacement with velocity, mixed signs.
    static let starts: [(Double, Double)] = [(1, 0), (0, 1), (1, -3), (-2, 0.5), (1, 1e3)]

    static func pow10(_ k: Int) -> Double { Double("1e\(k)")! }

    struct Miss: CustomStringConvertible {
        var description: String
    }

    /// The largest error of position and velocity over the grid, relative to the scale.
    static func worstError(
        zetas: [Double], durations: [Double] = durations, times: [Double] = times,
        phaseAware: Bool = false
    ) -> (worst: Double, misses: [Miss]) {
        var worst = 0.0
        var misses: [Miss] = []
        for duration in durations {
            let omega = 2 * Double.pi / duration
            for zeta in zetas {
                let spring = try! Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
                let reference = ExtendedPrecisionSpring(
                    mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
                let w = spring.naturalFrequency
                for (u0, v0Scaled) in starts {
                    let v0 = v0Scaled * w
                    let scale = abs(u0) + abs(v0) / w
                    for t in times {
                        let position = spring.position(from: u0, target: 0, initialVelocity: v0, time: t)
                        let velocity = spring.velocity(from: u0, target: 0, initialVelocity: v0, time: t)
                        let exact = reference.state(u0: u0, v0: v0, time: t)
                        let positionError = Double(abs(Float80(position) - exact.position)) / scale
                        let velocityError = Double(abs(Float80(velocity) - exact.velocity)) / (w * scale)
                        let error = max(positionError, velocityError)
                        // Phase conditioning for lightly damped springs: a relative
                        // error of ~8u in ω_d shifts the phase by 8u·ω_d·t.
                        var tolerance = 1e-12
                        if phaseAware {
                            let lambda = zeta * w
                            let omegaD = w * ((1 - zeta) * (1 + zeta)).squareRoot()
                            tolerance +=
                                8 * (Double.ulpOfOne / 2) * omegaD * t * (1 + lambda * t) * Double.exp(-lambda * t)
                        }
                        if !(error <= tolerance) {
                            misses.append(
                                Miss(
                                    description:
                                        "ζ=\(zeta) d=\(duration) u0=\(u0) v0=\(v0) t=\(t): x=\(position) v=\(velocity) "
                                        + "exact (\(exact.position), \(exact.velocity)) error \(error) > \(tolerance)"))
                        }
                        worst = max(worst, error.isNaN ? .infinity : error)
                    }
                }
            }
        }
        return (worst, misses)
    }

    @Test("ζ = 1 ± 10^−k, k = 1…15, and ζ = 1: position and velocity within 1e-12 of the scale")
    func nearCriticalDamping() {
        let (worst, misses) = Self.worstError(zetas: Self.nearCritical)
        #expect(misses.isEmpty, "\(misses.count) misses, first: \(misses.prefix(3))")
        print("near-critical worst error / scale: \(worst)")
    }

    @Test("Over-damped up to ζ = 1e6, t up to 1e4 s: within 1e-12 of the scale, no NaN")
    func overDamped() {
        let (worst, misses) = Self.worstError(zetas: Self.overDamped)
        #expect(misses.isEmpty, "\(misses.count) misses, first: \(misses.prefix(3))")
        print("over-damped worst error / scale: \(worst)")
    }

    @Test("Under-damped ζ = 0…0.9: within 1e-12 plus the phase conditioning 8u·ω_d·t·e^(−λt)")
    func underDamped() {
        let (worst, misses) = Self.worstError(zetas: [0, 0.1, 0.5, 0.9, 0.99], phaseAware: true)
        #expect(misses.isEmpty, "\(misses.count) misses, first: \(misses.prefix(3))")
        print("under-damped worst error / scale (phase-aware): \(worst)")
    }

    @Test("Large ζ·ω₀·t gives finite values that decay to the target", arguments: [1e3, 1e6, 1e12])
    func noOverflowAtLargeTimes(zeta: Double) throws {
        let spring = try Spring(naturalFrequency: 2 * .pi / 1e-3, dampingRatio: zeta)
        for t in [1.0, 1e2, 1e4, 1e8] {
            let p = spring.propagator(time: t)
            for c in [
                p.positionFromDisplacement, p.positionFromVelocity, p.velocityFromDisplacement, p.velocityFromVelocity,
            ] {
                #expect(c.isFinite, "ζ=\(zeta) t=\(t): \(p)")
            }
        }
        // The slow rate is ω₀/(ζ + √(ζ²−1)) ≈ 6283/(2ζ): by t = 1e4·(2ζ/6283)·40 the
        // displacement is below e^(−40·…) and the value equals the target.
        let settled = 1e4 * zeta / 6283 * 40
        #expect(spring.position(from: 1.0, target: 5, initialVelocity: -3, time: settled) == 5)
        #expect(spring.velocity(from: 1.0, target: 5, initialVelocity: -3, time: settled) == 0)
    }
}
