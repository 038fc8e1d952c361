import SpringModel
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The spring model's queries where they are easy to get subtly wrong: forces
/// with a non-zero velocity, the overflow-safe (halved) paths with a velocity,
/// arrival when the motion starts at the target, arrival and overshoot in every
/// damping regime, and `update` with both a displacement and a velocity.
///
/// Oracles: the force law `k·(target − x) − c·v` evaluated in `Float80`, and
/// ``ExtendedPrecisionSpring`` (the textbook solution in `Float80`) for the
/// motion; arrival and overshoot are checked against their definitions (the
/// first zero of u(t), the extremum of |u| after it), found on the `Float80`
/// solution by sampling and bisection — never through the code under test.
@Suite("Spring queries at their edges")
struct EdgeQueryTests {
    /// Under-, critically and over-damped springs, mass ≠ 1 where it matters.
    static let springs: [(name: String, spring: Spring)] = [
        ("under ζ=0.2", try! Spring(mass: 1, stiffness: 100, damping: 4)),
        ("under ζ=0.6, m=2.5", try! Spring(mass: 2.5, stiffness: 90, damping: 18)),
        ("critical ω=8", try! Spring(mass: 1, stiffness: 64, damping: 16)),
        ("over ζ=1.5, m=0.5", try! Spring(mass: 0.5, stiffness: 50, damping: 15)),
        ("over ζ=4", try! Spring(mass: 1, stiffness: 25, damping: 40)),
    ]

    /// Slow springs (ω₀ ≤ 0.3) for motions across a span beyond the largest
    /// `Double`: their velocities and overshoots stay representable.
    static let slowSprings: [(name: String, spring: Spring)] = [
        ("slow under ζ=0.2", try! Spring(mass: 1, stiffness: 0.04, damping: 0.08)),
        ("slow critical ω=0.3", try! Spring(mass: 2, stiffness: 0.18, damping: 1.2)),
        ("slow over ζ=2", try! Spring(mass: 1, stiffness: 0.0625, damping: 1)),
    ]

    /// From −1.6e308 to 0.3e308: `from − target` overflows, every position on
    /// the way (overshoot below 53 %) and every velocity does not.
    static let hugeFrom = -1.6e308, hugeTarget = 0.3e308, hugeVelocity = 1e307

    static func reference(_ spring: Spring) -> ExtendedPrecisionSpring {
        ExtendedPrecisionSpring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
    }

    static func relativeError(_ actual: Double, _ expected: Float80) -> Float80 {
        expected == 0 ? abs(Float80(actual)) : abs(Float80(actual) - expected) / abs(expected)
    }

    // MARK: Forces

    @Test("force(target:position:velocity:) is k·(target − x) − c·v with a non-zero velocity")
    func forceWithVelocity() {
        for (name, spring) in Self.springs {
            let k = Float80(spring.stiffness), c = Float80(spring.damping)
            for (target, position, velocity) in [(1.0, 0.25, 3.0), (0, 0, -2), (-4, 2, 0.5), (1, 1, 1)] {
                let force = spring.force(target: target, position: position, velocity: velocity)
                let exact = k * (Float80(target) - Float80(position)) - c * Float80(velocity)
                let scale = k * abs(Float80(target) - Float80(position)) + c * abs(Float80(velocity))
                #expect(
                    abs(Float80(force) - exact) <= 4 * 0x1p-53 * scale,
                    "\(name): force(\(target), \(position), \(velocity)) = \(force), exact \(exact)")
            }
        }
    }

    @Test("the overflow-safe force path keeps the damping term whole")
    func forceHalvedPath() throws {
        // target − position = 2e308 overflows; the force 0.5·2e308 − 0.3·1e307 does not.
        let spring = try Spring(mass: 1, stiffness: 0.5, damping: 0.3)
        let force = spring.force(target: 1e308, position: -1e308, velocity: 1e307)
        let exact = Float80(0.5) * (Float80(1e308) + Float80(1e308)) - Float80(0.3) * Float80(1e307)
        #expect(force.isFinite)
        #expect(Self.relativeError(force, exact) < 1e-15, "force \(force), exact \(exact)")
    }

    @Test("force(target:initialVelocity:time:) along a motion with an initial velocity")
    func forceAlongMotion() {
        for (name, spring) in Self.springs {
            let reference = Self.reference(spring)
            let k = Float80(spring.stiffness), c = Float80(spring.damping)
            for time in [0.0, 0.05, 0.3, 1.1] {
                // value(target:) starts at 0: displacement u₀ = −target.
                let (u, v) = reference.state(u0: -2, v0: 7, time: time)
                let exact = -k * u - c * v
                let force = spring.force(target: 2.0, initialVelocity: 7.0, time: time)
                let scale = k * 2 + c * 7
                #expect(
                    abs(Float80(force) - exact) <= 1e-13 * scale,
                    "\(name) t=\(time): force \(force), exact \(exact)")
            }
        }
    }

    // MARK: Halved paths and update

    @Test("position and velocity across an overflowing span keep the velocity term whole")
    func halvedMotionWithVelocity() {
        for (name, spring) in Self.slowSprings {
            let reference = Self.reference(spring)
            for time in [0.5, 3.0, 11.0] {
                // The motion is linear in (u₀, v₀): compute it for half the state, then double.
                let (u, v) = reference.state(
                    u0: Self.hugeFrom / 2 - Self.hugeTarget / 2, v0: Self.hugeVelocity / 2, time: time)
                let position = spring.position(
                    from: Self.hugeFrom, target: Self.hugeTarget, initialVelocity: Self.hugeVelocity, time: time)
                let velocity = spring.velocity(
                    from: Self.hugeFrom, target: Self.hugeTarget, initialVelocity: Self.hugeVelocity, time: time)
                let exactPosition = Float80(Self.hugeTarget) + 2 * u
                let exactVelocity = 2 * v
                let span: Float80 = 1.9e308
                let velocityScale = Float80(spring.naturalFrequency) * span + Float80(Self.hugeVelocity)
                #expect(position.isFinite && velocity.isFinite, "\(name) t=\(time)")
                #expect(
                    abs(Float80(position) - exactPosition) <= 1e-13 * span,
                    "\(name) t=\(time): position \(position), exact \(exactPosition)")
                #expect(
                    abs(Float80(velocity) - exactVelocity) <= 1e-13 * velocityScale,
                    "\(name) t=\(time): velocity \(velocity), exact \(exactVelocity)")
            }
        }
    }

    @Test("update with a displacement and a velocity matches the exact motion, on both paths")
    func updateWithDisplacementAndVelocity() {
        let ordinary = Self.springs.map { ($0.name, $0.spring, 3.0, -1.0, 5.0, [0.016, 0.25]) }
        let huge = Self.slowSprings.map {
            ($0.name, $0.spring, Self.hugeFrom, Self.hugeTarget, Self.hugeVelocity, [0.5, 4.0])
        }
        for (name, spring, start, target, v0, times) in ordinary + huge {
            let reference = Self.reference(spring)
            for deltaTime in times {
                var value = start, velocity = v0
                spring.update(value: &value, velocity: &velocity, target: target, deltaTime: deltaTime)
                // Half the state, doubled (exact in Float80, and the motion is linear).
                let (u, v) = reference.state(u0: start / 2 - target / 2, v0: v0 / 2, time: deltaTime)
                let exactValue = Float80(target) + 2 * u
                let exactVelocity = 2 * v
                let scale = abs(Float80(start) - Float80(target)) + abs(Float80(v0))
                let velocityScale =
                    Float80(spring.naturalFrequency) * scale
                    + Float80(spring.damping / spring.mass) * abs(Float80(v0))
                #expect(
                    abs(Float80(value) - exactValue) <= 1e-13 * scale,
                    "\(name) from \(start) dt=\(deltaTime): value \(value), exact \(exactValue)")
                #expect(
                    abs(Float80(velocity) - exactVelocity) <= 1e-13 * velocityScale,
                    "\(name) from \(start) dt=\(deltaTime): velocity \(velocity), exact \(exactVelocity)")
            }
        }
    }

    // MARK: Arrival

    /// The first zero of u(t) on the `Float80` solution, by sampling then
    /// bisection, or nil if u keeps its sign up to `horizon`.
    static func firstZero(_ reference: ExtendedPrecisionSpring, u0: Double, v0: Double, horizon: Double) -> Float80? {
        let steps = 20_000
        // Start just after 0 when u₀ = 0, where the sign is the velocity's.
        let start = u0 == 0 ? horizon / Double(steps) / 1000 : 0
        var previousTime = start
        var previous = reference.state(u0: u0, v0: v0, time: start).position
        for i in 1...steps {
            let time = start + (horizon - start) * Double(i) / Double(steps)
            let value = reference.state(u0: u0, v0: v0, time: time).position
            if value == 0 { return Float80(time) }
            if (value < 0) != (previous < 0) {
                var low = Float80(previousTime), high = Float80(time)
                for _ in 0..<80 {
                    let middle = (low + high) / 2
                    let u = reference.state(u0: u0, v0: v0, time: Double(middle)).position
                    if (u < 0) == (previous < 0) { low = middle } else { high = middle }
                }
                return (low + high) / 2
            }
            previousTime = time
            previous = value
        }
        return nil
    }

    @Test("a motion starting at the target with a velocity arrives when it comes back, or never")
    func arrivalFromTheTarget() throws {
        for (name, spring) in Self.springs {
            #expect(spring.arrivalTime(initialDisplacement: 0, initialVelocity: 0) == 0, "\(name): at rest there")
            for v0 in [1.0, -3.0] {
                let arrival = spring.arrivalTime(initialDisplacement: 0, initialVelocity: v0)
                if spring.dampingRatio < 1 {
                    // Back at the target after half a damped period, π/ω_d.
                    let zeta = Float80(spring.dampingRatio)
                    let halfPeriod =
                        Float80.pi / (Float80(spring.naturalFrequency) * ((1 - zeta) * (1 + zeta)).squareRoot())
                    let time = try #require(arrival, "\(name) v0=\(v0)")
                    #expect(
                        Self.relativeError(time, halfPeriod) < 1e-13,
                        "\(name) v0=\(v0): \(time), expected \(halfPeriod)")
                } else {
                    #expect(arrival == nil, "\(name) v0=\(v0): it never comes back, got \(String(describing: arrival))")
                }
            }
        }
    }

    @Test("arrival in every regime is the first zero of the exact motion")
    func arrivalIsTheFirstZero() throws {
        for (name, spring) in Self.springs {
            let reference = Self.reference(spring)
            let omega = spring.naturalFrequency
            let horizon =
                40
                / (spring.dampingRatio < 1
                    ? spring.decayRate
                    : omega / (spring.dampingRatio + (spring.dampingRatio * spring.dampingRatio - 1).squareRoot()))
            for (u0, v0) in [
                (1.0, 0.0), (1, -3 * omega), (-2, 0.5 * omega), (1, -0.8 * omega), (1, -12 * omega), (-1, 5 * omega),
            ] {
                let arrival = spring.arrivalTime(initialDisplacement: u0, initialVelocity: v0)
                let zero = Self.firstZero(reference, u0: u0, v0: v0, horizon: Swift.min(horizon, 60))
                switch (arrival, zero) {
                case let (time?, exact?):
                    #expect(
                        Self.relativeError(time, exact) < 1e-12,
                        "\(name) u0=\(u0) v0=\(v0): \(time), first zero \(exact)")
                case (nil, nil):
                    break
                default:
                    Issue.record(
                        "\(name) u0=\(u0) v0=\(v0): arrival \(String(describing: arrival)), first zero \(String(describing: zero))"
                    )
                }
            }
        }
    }

    @Test("a critically damped spring arrives at −u₀/(v₀ + ω₀u₀)")
    func criticalArrivalClosedForm() throws {
        let spring = try Spring(mass: 1, stiffness: 64, damping: 16)
        // u₀ = 1, v₀ = −3ω₀: t = −1/(−3ω₀ + ω₀) = 1/(2ω₀) = 1/16.
        #expect(spring.arrivalTime(initialDisplacement: 1, initialVelocity: -24) == 0.0625)
        #expect(
            spring.arrivalTime(initialDisplacement: 1, initialVelocity: -8) == nil,
            "v₀ = −ω₀u₀ only tends to the target")
    }

    // MARK: Overshoot

    @Test("overshoot from rest is |u(π/ω_d)|/u₀ of the exact motion")
    func overshootFromRest() {
        for (name, spring) in Self.springs {
            guard spring.dampingRatio < 1 else {
                #expect(spring.overshootPercent == 0, "\(name)")
                continue
            }
            let zeta = Float80(spring.dampingRatio)
            let peak = Float80.pi / (Float80(spring.naturalFrequency) * ((1 - zeta) * (1 + zeta)).squareRoot())
            let exact = 100 * abs(Self.reference(spring).state(u0: 1, v0: 0, time: Double(peak)).position)
            #expect(
                Self.relativeError(spring.overshootPercent, exact) < 1e-12,
                "\(name): \(spring.overshootPercent)%, exact \(exact)%")
        }
    }

    @Test("overshoot with an initial velocity is the largest |u| after arrival, in every regime")
    func overshootWithVelocity() {
        for (name, spring) in Self.springs {
            let reference = Self.reference(spring)
            let omega = spring.naturalFrequency
            for (u0, v0) in [(1.0, -3 * omega), (1, 2 * omega), (-1, 4 * omega), (1, -12 * omega)] {
                guard let percent = spring.overshootPercent(initialDisplacement: u0, initialVelocity: v0) else {
                    Issue.record("\(name) u0=\(u0) v0=\(v0): nil")
                    continue
                }
                guard let arrival = spring.arrivalTime(initialDisplacement: u0, initialVelocity: v0) else {
                    #expect(percent == 0, "\(name) u0=\(u0) v0=\(v0): never arrives, overshoot \(percent)")
                    continue
                }
                // The extremum after arrival: the zero of v(t) in (arrival, arrival + window).
                let window =
                    spring.dampingRatio < 1
                    ? Double.pi / spring.naturalFrequency / (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()
                    : 40 / omega
                var largest: Float80 = 0
                let steps = 50_000
                for i in 1...steps {
                    let time = arrival + window * Double(i) / Double(steps)
                    largest = Swift.max(largest, abs(reference.state(u0: u0, v0: v0, time: time).position))
                }
                let exact = 100 * largest / abs(Float80(u0))
                // Sampling finds the peak to O((step·ω)²) relative, below 1e-6 here.
                #expect(
                    Self.relativeError(percent, exact) < 1e-5 || (exact < 1e-9 && percent < 1e-9),
                    "\(name) u0=\(u0) v0=\(v0): \(percent)%, exact ≈ \(exact)%")
            }
        }
    }

    // MARK: react-spring with a mass

    @Test("react-spring's tension and friction of a spring are k and c, also with m ≠ 1")
    func reactSpringWithMass() throws {
        let spring = try Spring(mass: 3, stiffness: 170, damping: 26)
        let parameters = ReactSpringParameters(spring)
        #expect(parameters.tension == 170 && parameters.friction == 26 && parameters.mass == 3)
        #expect(parameters.spring == spring)
    }

    // MARK: Conversions of a spring whose mass is not 1

    @Test("Android's stiffness of a spring with mass is k/m = ω₀² (SpringForce has no mass), ζ kept")
    func androidFromMassiveSpring() throws {
        let spring = try Spring(mass: 4, stiffness: 400, damping: 24)  // ω₀ = 10, ζ = 0.3
        let android = AndroidSpringForce(spring)
        #expect(android.stiffness == 100)
        #expect(abs(android.dampingRatio - 0.3) <= 2 * Double.ulpOfOne * 0.3)
        // Back to a unit-mass spring with the same motion.
        #expect(abs(android.spring.naturalFrequency - 10) <= 4 * Double.ulpOfOne * 10)
        #expect(abs(android.spring.dampingRatio - 0.3) <= 4 * Double.ulpOfOne * 0.3)
    }

    @Test("UIKit parameters with a mass build that mass: k = (2π/response)²·m, c = 2ζ·(2π/response)·m")
    func uikitWithMass() throws {
        let uikit = try UIKitParameters(
            dampingRatio: 0.4, response: 0.5, mass: 2.5, initialVelocity: RelativeVelocity(0))
        let spring = uikit.spring
        let omega = 2 * Double.pi / 0.5
        #expect(spring.mass == 2.5)
        #expect(abs(spring.stiffness - omega * omega * 2.5) <= 8 * Double.ulpOfOne * omega * omega * 2.5)
        #expect(abs(spring.damping - 2 * 0.4 * omega * 2.5) <= 8 * Double.ulpOfOne * 2 * 0.4 * omega * 2.5)
        let back = UIKitParameters(spring)
        #expect(back.mass == 2.5)
        #expect(abs(back.response - 0.5) <= 8 * Double.ulpOfOne * 0.5)
    }

    // MARK: The undamped propagator past the largest phase

    @Test("an undamped spring beyond the largest phase repeats with its period 2π/ω₀")
    func undampedPeriodicBeyondOverflow() throws {
        let omega = 1e10
        let period = 2 * Double.pi / omega
        // Times whose phase ω₀t overflows; the reduced time falls in either half
        // of the period, so both halves are checked.
        var halves: Set<Bool> = []
        for k in 1...40 {
            let time = Double(k) * 1e299
            let reduced = fmod(time, period)
            halves.insert(reduced >= period / 2)
            let far = SpringPropagator(naturalFrequency: omega, dampingRatio: 0, time: time)
            let near = SpringPropagator(naturalFrequency: omega, dampingRatio: 0, time: reduced)
            #expect(far.positionFromDisplacement == near.positionFromDisplacement, "t=\(time)")
            #expect(far.positionFromVelocity == near.positionFromVelocity, "t=\(time)")
            #expect(far.velocityFromDisplacement == near.velocityFromDisplacement, "t=\(time)")
            #expect(far.velocityFromVelocity == near.velocityFromVelocity, "t=\(time)")
        }
        #expect(halves == [true, false], "the times must reach both halves of the period")
    }
}
