import SpringModel
import Testing

/// Settling duration, first arrival and overshoot against their definitions.
@Suite("Settling, arrival, overshoot")
struct SettlingTests {
    static let u = Double.ulpOfOne / 2

    static let springs: [Spring] = [0.05, 0.3, 0.7, 0.99, 1 - 1e-9, 1, 1 + 1e-9, 1.5, 40, 1e6].map {
        try! Spring(naturalFrequency: 7, dampingRatio: $0)
    }
    static let starts: [(Double, Double)] = [(1, 0), (0, 3), (1, -20), (-2, 5), (1, 30)]

    @Test(
        "Settling duration is the last crossing of ε·s: |u(T)| ≤ ε·s < |u(T⁻)|, and |u| stays below after T",
        arguments: springs)
    func settlingDefinition(spring: Spring) {
        for (u0, v0) in Self.starts {
            let epsilon = 0.001
            let t = spring.exactSettlingDuration(initialDisplacement: u0, initialVelocity: v0, epsilon: epsilon)
            let distance = { (t: Double) in abs(spring.position(from: u0, target: 0, initialVelocity: v0, time: t)) }
            let reference = u0 != 0 ? abs(u0) : distance(Self.firstTurn(spring, v0: v0))
            let level = epsilon * reference
            #expect(t.isFinite && t >= 0)
            // The peak reference is computed here independently of the model's
            // extremum formula; the two agree to the value's few ulps, so the
            // level is known to within 8u relative (exact when u₀ ≠ 0).
            let slack = u0 != 0 ? 0 : 8 * Self.u * level
            #expect(distance(t) <= level + slack, "\(spring) u0=\(u0) v0=\(v0): |u(\(t))| = \(distance(t)) > \(level)")
            if t > 0 {
                #expect(
                    distance(t.nextDown) > level - slack, "\(spring) u0=\(u0) v0=\(v0): T=\(t) is not the last crossing"
                )
            }
            // Dense check after T, over 50 decay times or 20 periods.
            let horizon = max(50 / spring.decayRate, 20 * spring.response)
            var worst = 0.0
            for i in 1...4000 { worst = max(worst, distance(t + horizon * Double(i) / 4000)) }
            // A sampled excursion can only exceed the level by the value's rounding (a few u of s).
            #expect(worst <= level + 8 * Self.u * reference, "\(spring) u0=\(u0) v0=\(v0): \(worst) > \(level) after T")
        }
    }

    /// The first time the motion from the target with velocity `v0` turns
    /// (velocity changes sign), by bisection on the closed-form velocity —
    /// independent of the extremum formulas in the model.
    static func firstTurn(_ spring: Spring, v0: Double) -> Double {
        let speed = { (t: Double) in spring.velocity(from: 0.0, target: 0, initialVelocity: v0, time: t) }
        var high = 1 / spring.naturalFrequency
        while speed(high).sign == v0.sign && speed(high) != 0 { high *= 2 }
        var low = 0.0
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { return low }
            if speed(middle).sign == v0.sign && speed(middle) != 0 { low = middle } else { high = middle }
        }
    }

    @Test("Critical damping from rest: ω₀·T solves e^(−τ)(1 + τ) = 0.001, τ = 9.233413476451585730… (mpmath)")
    func criticalSettling() throws {
        let spring = try Spring(naturalFrequency: 2, dampingRatio: 1)
        // The bisection's one ulp and the value's few ulps at slope τe^(−τ): 16 ulps.
        #expect(abs(spring.exactSettlingDuration * 2 - 9.23341347645158573043133655587) <= 16 * Self.u * 9.24)
    }

    @Test("Settling duration is continuous through ζ = 1 (no envelope jump)")
    func continuousThroughCritical() throws {
        let critical = try Spring(naturalFrequency: 3, dampingRatio: 1).exactSettlingDuration
        for zeta in [1 - 1e-12, 1 - 1e-9, 1 + 1e-9, 1 + 1e-12] {
            let nearby = try Spring(naturalFrequency: 3, dampingRatio: zeta).exactSettlingDuration
            // dT/dζ is O(1/ω₀) at ζ = 1; 1e-6 relative is generous for |Δζ| ≤ 1e-9.
            #expect(abs(nearby - critical) <= 1e-6 * critical, "ζ=\(zeta): \(nearby) vs \(critical)")
        }
    }

    @Test(
        "The under-damped envelope bound is closed form, ≥ the exact duration, and within half a period of it",
        arguments: [0.05, 0.2, 0.5, 0.7])
    func envelopeBound(zeta: Double) throws {
        let spring = try Spring(naturalFrequency: 5, dampingRatio: zeta)
        let exact = spring.exactSettlingDuration
        let bound = try #require(spring.envelopeSettlingDuration())
        let omegaD = 5 * ((1 - zeta) * (1 + zeta)).squareRoot()
        #expect(bound >= exact * (1 - 8 * Self.u))
        #expect(bound - exact <= Double.pi / omegaD)
    }

    @Test("Undamped springs never settle; ε ≥ 1 settles at once")
    func edges() throws {
        #expect(try Spring(mass: 1, stiffness: 10, damping: 0).exactSettlingDuration == .infinity)
        #expect(Spring.smooth.exactSettlingDuration(epsilon: 1) == 0)
        #expect(Spring.smooth.exactSettlingDuration(initialDisplacement: 0, initialVelocity: 0) == 0)
    }

    @Test(
        "First arrival: u(T) = 0 to rounding, no earlier sign change; none for critical/over-damped from rest",
        arguments: springs)
    func arrival(spring: Spring) {
        for (u0, v0) in Self.starts {
            guard let t = spring.arrivalTime(initialDisplacement: u0, initialVelocity: v0) else {
                // No arrival: u keeps the sign of u₀ (sampled).
                for i in 1...2000 {
                    let x = spring.position(from: u0, target: 0, initialVelocity: v0, time: Double(i) / 100)
                    #expect(x == 0 || x.sign == u0.sign, "\(spring) u0=\(u0) v0=\(v0) crossed at \(Double(i) / 100)")
                }
                continue
            }
            let scale = abs(u0) + abs(v0) / spring.naturalFrequency
            let x = spring.position(from: u0, target: 0, initialVelocity: v0, time: t)
            // Rounding of T (a few ulps) times the speed at T, plus the value's own few ulps.
            let speed = abs(spring.velocity(from: u0, target: 0, initialVelocity: v0, time: t))
            #expect(abs(x) <= 8 * Self.u * (scale + speed * t), "\(spring) u0=\(u0) v0=\(v0): u(\(t)) = \(x)")
            if u0 != 0 {
                for i in 1..<100 {
                    let early = spring.position(from: u0, target: 0, initialVelocity: v0, time: t * Double(i) / 100)
                    #expect(early.sign == u0.sign || abs(early) <= 8 * Self.u * scale)
                }
            }
        }
    }

    @Test("Overshoot from rest: 100·e^(−πζ/√(1−ζ²)); bounce 0.3 overshoots 4.598791026026774 % (mpmath)")
    func overshoot() throws {
        // exp of an argument with ~6 roundings (16 ulps), plus ζ's own ~4 ulps
        // amplified by |d ln(overshoot)/dζ| = π/(1−ζ²)^(3/2) ≈ 8.6 at ζ = 0.7: 16 + 35 ulps.
        #expect(abs(Spring.bouncy.overshootPercent - 4.598791026026773920899706) <= 51 * Self.u * 4.6)
        for spring in Self.springs {
            let general = try #require(spring.overshootPercent(initialDisplacement: 1, initialVelocity: 0))
            #expect(abs(general - spring.overshootPercent) <= 1e-12 * 100, "\(spring)")
        }
        #expect(Spring.smooth.overshootPercent == 0)
        #expect(Spring.smooth.overshootPercent(initialDisplacement: 0, initialVelocity: 1) == nil)
    }
}
