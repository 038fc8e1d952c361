import PropertyBased
import SpringModel
import Testing

/// The closed form on random springs, states and times, against the Float80
/// reference, and the semigroup law of `update`: two steps `t₁`, `t₂` land
/// where one step `t₁ + t₂` does.
@Suite("Closed form on random inputs")
struct PropagatorPropertyTests {
    static let u = Double.ulpOfOne / 2

    /// A damping ratio from two random draws: for `k ≤ 0`, `10^exponent`
    /// (log-uniform in 1e-3…1e6); for k in 1…15, 1 − 10^−k or 1 + 10^−k.
    static func dampingRatio(_ k: Int, _ exponent: Double) -> Double {
        if k <= 0 { return Double.pow10(exponent) }
        return exponent < 1.5 ? 1 - Double.pow10(-Double(k)) : 1 + Double.pow10(-Double(k))
    }

    /// The error allowed at `time` (see ``ClosedFormAccuracyTests``): 1e-12 of
    /// the scale plus the phase conditioning of lightly damped springs.
    static func tolerance(_ spring: Spring, time t: Double) -> Double {
        let zeta = spring.dampingRatio
        guard zeta < 1 else { return 1e-12 }
        let omegaD = spring.naturalFrequency * ((1 - zeta) * (1 + zeta)).squareRoot()
        let lambda = spring.decayRate
        return 1e-12 + 8 * u * omegaD * t * (1 + lambda * t) * Double.exp(-lambda * t)
    }

    @Test("position and velocity within tolerance of the Float80 reference")
    func randomAgainstReference() async {
        await propertyCheck(
            count: 2000, input: Gen.int(in: -3...15), Gen.double(in: -3...6), Gen.double(in: -3...3),
            Gen.double(in: -10...10), Gen.double(in: -10...10), Gen.double(in: -6...4)
        ) { k, exponent, logDuration, u0, v0Scaled, logTime in
            let zeta = Self.dampingRatio(k, exponent)
            let omega = 2 * Double.pi / Double.pow10(logDuration)
            let spring = try! Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
            let w = spring.naturalFrequency
            let v0 = v0Scaled * w
            let t = Double.pow10(logTime)
            let scale = abs(u0) + abs(v0) / w
            guard scale > 0 else { return }
            let exact = ExtendedPrecisionSpring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
                .state(u0: u0, v0: v0, time: t)
            let x = spring.position(from: u0, target: 0, initialVelocity: v0, time: t)
            let v = spring.velocity(from: u0, target: 0, initialVelocity: v0, time: t)
            let error = max(
                Double(abs(Float80(x) - exact.position)) / scale, Double(abs(Float80(v) - exact.velocity)) / (w * scale)
            )
            #expect(error <= Self.tolerance(spring, time: t), "\(spring) u0=\(u0) v0=\(v0) t=\(t)")
        }
    }

    /// Each step is within `tol` of exact (in units of the scale, velocity
    /// over ω₀); the second step maps the first step's error through the
    /// propagator, whose norm in those units is its largest column sum `‖P‖`.
    /// So two steps differ from the exact state by ≤ (‖P(t₂)‖ + 1)·tol.
    @Test("update(t₁) then update(t₂) equals the exact state at t₁ + t₂ within (‖P(t₂)‖ + 1)·tolerance")
    func semigroup() async {
        await propertyCheck(
            count: 1000, input: Gen.int(in: -3...15), Gen.double(in: -3...6), Gen.double(in: -2...2),
            Gen.double(in: -10...10), Gen.double(in: -4...1), Gen.double(in: -4...1)
        ) { k, exponent, logDuration, u0, logT1, logT2 in
            let zeta = Self.dampingRatio(k, exponent)
            let omega = 2 * Double.pi / Double.pow10(logDuration)
            let spring = try! Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
            let w = spring.naturalFrequency
            let (t1, t2) = (Double.pow10(logT1), Double.pow10(logT2))
            var x = u0 + 3, v = -2 * w
            let scale = abs(u0) + 2
            spring.update(value: &x, velocity: &v, target: 3, deltaTime: t1)
            spring.update(value: &x, velocity: &v, target: 3, deltaTime: t2)
            let exact = ExtendedPrecisionSpring(mass: 1, stiffness: spring.stiffness, damping: spring.damping)
                .state(u0: u0, v0: -2 * w, time: t1 + t2)
            let p = spring.propagator(time: t2)
            let norm = max(
                abs(p.positionFromDisplacement) + abs(p.velocityFromDisplacement) / w,
                abs(p.positionFromVelocity) * w + abs(p.velocityFromVelocity))
            let tolerance = (norm + 1) * max(Self.tolerance(spring, time: t1), Self.tolerance(spring, time: t1 + t2))
            // x − 3 rounds once more: u·|x| relative to the scale.
            let error = max(
                Double(abs(Float80(x) - 3 - exact.position)) - Self.u * abs(x),
                Double(abs(Float80(v) - exact.velocity)) / w)
            #expect(error / scale <= tolerance, "\(spring) u0=\(u0) t1=\(t1) t2=\(t2): \(error / scale)")
        }
    }
}

extension Double {
    static func pow10(_ x: Double) -> Double { Glibc.pow(10, x) }
    static func exp(_ x: Double) -> Double { Glibc.exp(x) }
}

#if canImport(Glibc)
    import Glibc
#endif
