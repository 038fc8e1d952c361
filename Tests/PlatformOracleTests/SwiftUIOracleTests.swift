import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SwiftUI's `Spring`, ported for this test alone from ktiays/Respring
/// (whose tests compare it bit for bit with SwiftUI on iOS 17 / macOS 14),
/// `Sources/Respring/Spring*.swift` at commit 7e5c49cef123df61d46573b5d107e544da347e89,
/// keeping its operations and their order (scalar values: `magnitudeSquared`
/// is `x·x`, `sqrt(x·x)` is `|x|`). It shares no code with `SwiftUISpring`.
struct RespringPort {
    var angularFrequency: Double
    var decayConstant: Double
    var mass: Double

    static let tau = 2 * Double.pi

    init(duration: Double, bounce: Double) {
        var angularVelocityFactor = -Self.tau
        var dampingRatio = Double.infinity
        if bounce > -1 {
            dampingRatio = 1
            if bounce < 0 {
                dampingRatio = 1 / (bounce + 1)
            } else if bounce != 0 {
                dampingRatio = 0
                if bounce <= 1 { dampingRatio = 1 - bounce }
            }
            if dampingRatio <= 1 { angularVelocityFactor = Self.tau }
        }
        angularFrequency = sqrt(abs(1 - dampingRatio * dampingRatio)) * angularVelocityFactor / duration
        decayConstant = dampingRatio * Self.tau / duration
        mass = 1
    }

    init(response: Double, dampingRatio: Double) {
        let tauFactor = dampingRatio > 1 ? -Self.tau : Self.tau
        let dampingOffset = abs(1 - dampingRatio * dampingRatio)
        angularFrequency = (tauFactor * sqrt(dampingOffset)) / response
        decayConstant = (Self.tau * dampingRatio) / response
        mass = 1
    }

    init(mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool) {
        let naturalFrequency = sqrt(stiffness / mass)
        let dampingRatio = damping / (2 * mass)  // Respring's name; it is λ
        if dampingRatio > naturalFrequency && !allowOverDamping {
            angularFrequency = 0
            decayConstant = naturalFrequency
        } else {
            let oscillation = sqrt(abs(stiffness / mass - dampingRatio * dampingRatio))
            angularFrequency = dampingRatio > naturalFrequency ? -oscillation : oscillation
            decayConstant = dampingRatio
        }
        self.mass = mass
    }

    init(settlingDuration: Double, dampingRatio: Double, epsilon: Double) {
        let dampingRatio = min(max(dampingRatio, .ulpOfOne), 1)
        let duration = min(max(settlingDuration, 0.01), 10)
        let dampingSquaredDuration = dampingRatio * dampingRatio * duration
        let naturalFrequency = sqrt(1 - dampingRatio * dampingRatio)
        let dampingFrequencyRatio = dampingRatio / naturalFrequency
        let dampedTime = duration * dampingRatio
        func findRoot(
            initialGuess: Double, maxIterations: Int, response: (Double) -> Double, derivative: (Double) -> Double,
            result: inout Double
        ) -> Bool {
            var currentValue = initialGuess
            var timeScale = 1 / duration
            var remainingIterations = maxIterations
            var scaledValue = timeScale * currentValue
            var approximation = scaledValue
            defer { result = approximation }
            currentValue = response(approximation)
            let nextValue = approximation - currentValue / derivative(approximation)
            approximation = nextValue
            if nextValue.isInfinite || nextValue.isNaN { return false }
            if remainingIterations == 1 { return true }
            scaledValue = nextValue - response(nextValue) / derivative(approximation)
            approximation = scaledValue
            if scaledValue.isInfinite || scaledValue.isNaN { return false }
            remainingIterations -= 2
            if remainingIterations == 0 { return true }
            var difference = nextValue - scaledValue
            repeat {
                currentValue = scaledValue - response(scaledValue) / derivative(approximation)
                approximation = currentValue
                if currentValue.isInfinite || currentValue.isNaN { return false }
                timeScale = abs(currentValue - scaledValue)
                if timeScale <= epsilon { return difference <= epsilon * 1e5 }
                difference = scaledValue - currentValue
                scaledValue = currentValue
                remainingIterations -= 1
            } while remainingIterations > 0
            return true
        }
        func dampedOscillation(_ x: Double) -> Double { epsilon - abs(dampingFrequencyRatio * exp(-dampedTime * x)) }
        func dampedResponse(_ x: Double) -> Double {
            let squaredX = x * x
            let dampingTerm = squaredX * dampingSquaredDuration
            return dampingTerm / (exp(dampedTime * x) * squaredX * naturalFrequency)
        }
        func criticalResponse(_ x: Double) -> Double {
            var threshold = epsilon
            if x < 0 { threshold = -threshold }
            var response = duration * x
            response = exp(-response) * (response + 1) - threshold
            return response
        }
        func criticalDerivative(_ x: Double) -> Double { -duration * duration * x / exp(duration * x) }
        let critical = dampingRatio >= 1
        var rootValue = 0.0
        if !findRoot(
            initialGuess: 5, maxIterations: 12, response: critical ? criticalResponse : dampedOscillation,
            derivative: critical ? criticalDerivative : dampedResponse, result: &rootValue)
        {
            _ = findRoot(
                initialGuess: 1, maxIterations: 20, response: critical ? criticalResponse : dampedOscillation,
                derivative: critical ? criticalDerivative : dampedResponse, result: &rootValue)
        }
        var omega = rootValue
        let omegaSquared = omega * omega
        omega = omega * 2 * dampingRatio
        let halfOmega = omega / 2
        omega = abs(omegaSquared - halfOmega * halfOmega).squareRoot()
        let decay = rootValue >= halfOmega ? halfOmega : rootValue
        if rootValue < halfOmega { omega = 0 }
        angularFrequency = omega
        decayConstant = decay
        mass = 1
    }

    var duration: Double {
        Self.tau / sqrt(decayConstant * decayConstant + angularFrequency * abs(angularFrequency))
    }
    var dampingRatio: Double { decayConstant * duration / Self.tau }
    var bounce: Double {
        let halfDecay = decayConstant / 2
        let decaySquared = decayConstant * decayConstant
        let frequencySquared = angularFrequency * angularFrequency
        if angularFrequency >= 0 {
            let oscillationPeriod = -Self.tau / sqrt(frequencySquared + decaySquared)
            return (oscillationPeriod * halfDecay) / .pi + 1
        }
        let decayPeriod = Self.tau / sqrt(decaySquared - frequencySquared)
        return 1 / ((decayPeriod * halfDecay) / .pi) - 1
    }
    var stiffness: Double { mass * (angularFrequency * angularFrequency + decayConstant * decayConstant) }
    var damping: Double { decayConstant * 2 * mass }

    func value(target: Double, initialVelocity: Double, time: Double) -> Double {
        if angularFrequency > 0 {
            let sinval = sin(angularFrequency * time), cosval = cos(angularFrequency * time)
            let displacement =
                (target * decayConstant - initialVelocity) * (sinval / angularFrequency) + target * cosval
            return target - displacement * exp(-decayConstant * time)
        } else if angularFrequency < 0 {
            let negativeFreqMinusDamping = -angularFrequency - decayConstant
            let expTerm1 = exp(negativeFreqMinusDamping * time)
            let expTerm2 = exp((angularFrequency - decayConstant) * time)
            let dampingFactor = (decayConstant - angularFrequency) * expTerm1 + negativeFreqMinusDamping * expTerm2
            let scaleFactor = dampingFactor / (angularFrequency * 2) + 1
            let velocityFactor = (expTerm1 - expTerm2) / (angularFrequency * 2)
            return target * scaleFactor - initialVelocity * velocityFactor
        }
        let displacement = target + (target * decayConstant - initialVelocity) * time
        return target - displacement * exp(-decayConstant * time)
    }

    func velocity(target: Double, initialVelocity: Double, time: Double) -> Double {
        if angularFrequency > 0 {
            let dampingTerm = exp(-decayConstant * time)
            let sinval = sin(angularFrequency * time), cosval = cos(angularFrequency * time)
            let targetTerm = target * ((angularFrequency * sinval + decayConstant * cosval) * dampingTerm)
            let displacementFactor =
                (decayConstant * sinval - angularFrequency * cosval) * dampingTerm / angularFrequency
            let velocityTerm = (target * decayConstant - initialVelocity) * displacementFactor
            return velocityTerm + targetTerm
        } else if angularFrequency < 0 {
            let negativeFreqMinusDamping = -angularFrequency - decayConstant
            let dampingMinusFreq = angularFrequency - decayConstant
            let expTerm1 = exp(negativeFreqMinusDamping * time)
            let expTerm2 = exp(dampingMinusFreq * time)
            let term1 = negativeFreqMinusDamping * expTerm1
            let term2 = dampingMinusFreq * expTerm2
            let scaleFactor =
                ((decayConstant - angularFrequency) * term1 + negativeFreqMinusDamping * term2) / (angularFrequency * 2)
                + 1
            let velocityFactor = (term1 - term2) / (angularFrequency * 2)
            return target * scaleFactor - initialVelocity * velocityFactor
        }
        let dampingTerm = exp(-decayConstant * time)
        let timeFactor = (decayConstant * time - 1) * dampingTerm
        let velocityDelta = target * decayConstant - initialVelocity
        let dampedTarget = target * (decayConstant * dampingTerm)
        return velocityDelta * timeFactor + dampedTarget
    }

    func settlingDuration(target: Double, initialVelocity: Double, epsilon: Double) -> Double {
        if decayConstant == 0 { return .infinity }
        if angularFrequency <= 0 {
            var bestTime = -1.0
            var time = 0.0
            var bestDistance = Double.infinity
            for _ in 0..<1024 {
                let diff = value(target: target, initialVelocity: initialVelocity, time: time) - target
                let distance = sqrt(diff * diff)
                if distance.isNaN || distance.isInfinite { break }
                if bestDistance >= epsilon {
                    if distance < bestDistance {
                        bestTime = time
                        bestDistance = distance
                    }
                } else {
                    if distance >= epsilon {
                        bestDistance = .infinity
                    } else if time - bestTime > 1 {
                        return bestTime
                    }
                }
                time += 0.1
            }
            return 0
        }
        let scaled = target * decayConstant - initialVelocity
        let magnitude = (scaled * scaled).squareRoot() + sqrt(target * target)
        return max(0, -log(epsilon / magnitude) / decayConstant)
    }
}

/// SwiftUI's spring animation engine, ported for this test alone from
/// OpenSwiftUIProject/OpenSwiftUI
/// `Sources/OpenSwiftUICore/Animation/Animation/Spring/FluidSpringAnimation.swift`
/// at commit 7c4f2b07d70302142540a0ee4c03cf504b216a76 (`animate(value:time:context:)`,
/// `springDamping`), for a `Double` value with no blend. Frame n calls
/// `animate` at `n/rate` s with the state started at 0; `nil` (done) shows
/// the target. It shares no code with `SwiftUIFluidLoop`.
struct FluidSpringPort {
    var response: Double
    var dampingFraction: Double

    struct SpringState {
        var offset = 0.0, velocity = 0.0, force = 0.0, time = 0.0
        /// Frames (test bookkeeping, not SwiftUI's) whose distance test met equality: `tolerance² == remaining²`.
        var ties = 0
    }

    func animate(value: Double, time: Double, state springState: inout SpringState) -> Double? {
        let r = response
        let stiffness = min(r > 0 ? pow(2 * Double.pi / r, 2) : 1.0, 45000.0)
        if time - springState.time > 1.0 { springState.time = time - 1 / 60 }
        var t = springState.time
        while t < time {
            let criticalDamping = 2 * stiffness.squareRoot()
            let damping = -(criticalDamping * dampingFraction)
            var force = springState.force
            force *= 1 / 600
            force += springState.velocity
            springState.offset += force * (1 / 300)
            let dampedForce = force * damping
            var displacement = value
            displacement -= springState.offset
            displacement *= stiffness
            springState.force = dampedForce
            springState.force += displacement
            springState.velocity = springState.force
            springState.velocity *= 1 / 600
            springState.velocity += force
            t += 1 / 300
        }
        springState.time = t
        guard max(springState.velocity * springState.velocity, springState.force * springState.force) <= 0.0036
        else { return springState.offset }
        let tolerance = value * 0.01
        let remainingDistance = value - springState.offset
        if tolerance * tolerance == remainingDistance * remainingDistance { springState.ties += 1 }
        guard tolerance * tolerance > 0, tolerance * tolerance < remainingDistance * remainingDistance else {
            return nil
        }
        return springState.offset
    }

    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double, frames: Int)
        -> (values: [Double], done: Int?, clock: [Double]?)
    {
        runCountingTies(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate, frames: frames)
            .run
    }

    /// ``run(from:to:initialVelocity:refreshRate:frames:)`` and how many of its
    /// done tests met `tolerance² == remaining²` exactly.
    func runCountingTies(from: Double, to: Double, initialVelocity: Double, refreshRate: Double, frames: Int)
        -> (run: (values: [Double], done: Int?, clock: [Double]?), ties: Int)
    {
        runCountingTies(
            from: from, to: to, initialVelocity: initialVelocity, frameClock: .steady(refreshRate), frames: frames)
    }

    /// The same with frame n at the trace's time of frame n.
    func runCountingTies(from: Double, to: Double, initialVelocity: Double, frameClock: PortClock, frames: Int)
        -> (run: (values: [Double], done: Int?, clock: [Double]?), ties: Int)
    {
        var state = SpringState()
        state.velocity = initialVelocity
        var values = [from]
        var clock = [0.0]
        for n in stride(from: 1, through: frames, by: 1) {
            let offset = animate(value: to - from, time: frameClock.seconds(n), state: &state)
            values.append(offset.map { from + $0 } ?? to)
            clock.append(state.time)
            if offset == nil { return ((values, n, clock), state.ties) }
        }
        return ((values, nil, clock), state.ties)
    }
}

@Suite("SwiftUI's Spring and spring animation against ports of Respring and OpenSwiftUI, on seeded random inputs")
struct SwiftUIOracleTests {
    static let cases = PlatformOracleCases.regimeCases(count: TestDepth.scaled(quick: 8, deep: 40), seed: 29_001)

    /// SwiftUIFluidLoop's frame limit: 60 s of frames.
    static func frames(_ rate: Double) -> Int { Int((60 * rate).rounded(.up)) }

    @Test("the spring animation: every frame, the engine's clock and the done frame, bit for bit")
    func fluidLoop() throws {
        var count = 0
        for (_, c) in Self.cases {
            let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
            let loop = SwiftUIFluidLoop(spring)
            let port = FluidSpringPort(response: loop.response, dampingFraction: loop.dampingFraction)
            let shown = loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
            let oracle = port.run(
                from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate,
                frames: Self.frames(c.refreshRate))
            count += 1
            if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                Issue.record(
                    "SwiftUIFluidLoop(response: \(loop.response), dampingFraction: \(loop.dampingFraction)) \(c): \(why)"
                )
                return
            }
        }
        #expect(count == Self.cases.count)
    }

    @Test("the spring animation at its done rule: initial velocities one ulp either side of a done frame's flip")
    func fluidLoopAtDoneRule() throws {
        var random = PlatformOracleCases.Generator(state: 29_002)
        var flips = 0
        for index in 0..<TestDepth.scaled(quick: 6, deep: 40) {
            let response = random.logUniform(0.1...1.5)
            let fraction = [0.4, 0.825, 1, 1.6][index % 4]
            let rate = PlatformOracleCases.refreshRates[index % PlatformOracleCases.refreshRates.count]
            let travel = [100.0, 1, 0.05, -30][index % 4]
            let port = FluidSpringPort(response: response, dampingFraction: fraction)
            let loop = SwiftUIFluidLoop(response: response, dampingFraction: fraction)
            let frames = Self.frames(rate)
            // The done frame as a function of the initial velocity flips between two adjacent doubles:
            // there |v|, |force| or the remaining distance crosses 0.06² or 1 % of the change.
            guard
                let (below, above) = PlatformOracleCases.flip(
                    low: 1e-3, high: abs(travel) * 40,
                    { v in port.run(from: 0, to: travel, initialVelocity: v, refreshRate: rate, frames: frames).done })
            else { continue }
            flips += 1
            for v in [below.nextDown, below, above, above.nextUp] {
                let shown = loop.run(from: 0, to: travel, initialVelocity: v, refreshRate: rate)
                let oracle = port.run(from: 0, to: travel, initialVelocity: v, refreshRate: rate, frames: frames)
                if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                    Issue.record("response \(response) fraction \(fraction) 0 → \(travel) v \(v) at \(rate) Hz: \(why)")
                    return
                }
            }
        }
        #expect(flips > 0)
    }

    @Test("the spring animation's distance test met with equality (remaining² == (1 % of the change)²)")
    func fluidLoopDistanceTies() throws {
        // Squaring is injective on positive doubles, so the test meets equality only when the remaining
        // distance equals 1 % of the change exactly. `change − offset` is a multiple of ulp(offset), so the
        // changes here make 1 % of them a power of two on that lattice (0.390625 → 2⁻⁸, 6.25 → 2⁻⁴), and
        // the springs are slow enough for |v|, |force| ≤ 0.06 by then: the distance decides. Tiny initial
        // velocities move the remaining distance by less than one lattice step per ulp, so a done frame's
        // flip over the velocity lands on equality.
        var random = PlatformOracleCases.Generator(state: 29_005)
        var ties = 0
        for index in 0..<TestDepth.scaled(quick: 8, deep: 32) {
            let travel = [0.390625, 6.25, -0.390625, -6.25][index % 4]
            let response = abs(travel) < 1 ? random.uniform(1.5...4) : random.uniform(8...15)
            let fraction = [1, 0.825, 1.2, 0.7][(index / 4) % 4]
            let rate = PlatformOracleCases.refreshRates[index % PlatformOracleCases.refreshRates.count]
            let port = FluidSpringPort(response: response, dampingFraction: fraction)
            let loop = SwiftUIFluidLoop(response: response, dampingFraction: fraction)
            let frames = Self.frames(rate)
            guard
                let (below, above) = PlatformOracleCases.flip(
                    low: abs(travel) * 1e-7, high: abs(travel) * 1e-2,
                    { v in port.run(from: 0, to: travel, initialVelocity: v, refreshRate: rate, frames: frames).done })
            else { continue }
            for v in [below.nextDown, below, above, above.nextUp] {
                let (oracle, found) = port.runCountingTies(
                    from: 0, to: travel, initialVelocity: v, refreshRate: rate, frames: frames)
                ties += found
                let shown = loop.run(from: 0, to: travel, initialVelocity: v, refreshRate: rate)
                if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                    Issue.record("response \(response) fraction \(fraction) 0 → \(travel) v \(v) at \(rate) Hz: \(why)")
                    return
                }
            }
        }
        #expect(ties > 0, "no run met the distance test with equality: the test could not tell < from ≤")
    }

    @Test("Spring's initializers, getters, value and velocity at random times, and settlingDuration, bit for bit")
    func springMatchesRespring() throws {
        var random = PlatformOracleCases.Generator(state: 29_003)
        for index in 0..<TestDepth.scaled(quick: 300, deep: 5000) {
            let duration = random.logUniform(0.05...5)
            // Bounces in every branch: over-damped, 0 (critical), under-damped, 1 (undamped), above 1.
            let bounce: Double = [-0.9 * random.unit(), 0, random.unit(), 1, 1 + random.unit()][index % 5]
            let dampingRatio: Double = [0, random.uniform(0.01...0.99), 1, random.logUniform(1.01...8)][index % 4]
            let mass = random.logUniform(0.2...10)
            let stiffness = random.logUniform(1...5000)
            let damping = 2 * (stiffness * mass).squareRoot() * [0, 0.3, 1, 3][index % 4] * random.uniform(0.9...1.1)
            let allow = index % 2 == 0
            let pairs: [(String, SwiftUISpring, RespringPort)] = [
                (
                    "duration \(duration) bounce \(bounce)", SwiftUISpring(duration: duration, bounce: bounce),
                    RespringPort(duration: duration, bounce: bounce)
                ),
                (
                    "response \(duration) ζ \(dampingRatio)",
                    SwiftUISpring(response: duration, dampingRatio: dampingRatio),
                    RespringPort(response: duration, dampingRatio: dampingRatio)
                ),
                (
                    "m \(mass) k \(stiffness) c \(damping) allow \(allow)",
                    SwiftUISpring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allow),
                    RespringPort(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: allow)
                ),
                (
                    "settling \(duration) ζ \(dampingRatio)",
                    SwiftUISpring(settlingDuration: duration, dampingRatio: dampingRatio, epsilon: 0.001),
                    RespringPort(settlingDuration: duration, dampingRatio: dampingRatio, epsilon: 0.001)
                ),
            ]
            for (label, spring, port) in pairs {
                func same(_ a: Double, _ b: Double) -> Bool { a == b || (a.isNaN && b.isNaN) }
                let stored = [
                    (spring.angularFrequency, port.angularFrequency), (spring.decayConstant, port.decayConstant),
                    (spring.mass, port.mass), (spring.duration, port.duration), (spring.bounce, port.bounce),
                    (spring.dampingRatio, port.dampingRatio), (spring.stiffness, port.stiffness),
                    (spring.damping, port.damping),
                ]
                if let bad = stored.firstIndex(where: { !same($0.0, $0.1) }) {
                    Issue.record("\(label): stored value/getter #\(bad) \(stored[bad].0), Respring \(stored[bad].1)")
                    return
                }
                let target = [1, -37.5, 1e-3, 4000][index % 4] * random.uniform(0.5...2)
                let scale = abs(target) * random.logUniform(0.1...100)
                for v0 in [0, scale, -scale] {
                    for time in [0, random.uniform(0...0.2), random.uniform(0...3), random.logUniform(1e-4...20)] {
                        let got = (
                            spring.value(target: target, initialVelocity: v0, time: time),
                            spring.velocity(target: target, initialVelocity: v0, time: time)
                        )
                        let want = (
                            port.value(target: target, initialVelocity: v0, time: time),
                            port.velocity(target: target, initialVelocity: v0, time: time)
                        )
                        guard same(got.0, want.0), same(got.1, want.1) else {
                            Issue.record("\(label) target \(target) v0 \(v0) t \(time): \(got), Respring \(want)")
                            return
                        }
                    }
                    // ε placed on distances the 0.1 s grid itself computes (critical and over-damped), so
                    // that its `≥ ε` comparisons meet equality: every rising point and every tenth one.
                    var placed: [Double] = []
                    if port.angularFrequency <= 0 && port.decayConstant != 0 {
                        var time = 0.0
                        var previous = Double.infinity
                        for j in 0..<120 {
                            let d = port.value(target: target, initialVelocity: v0, time: time) - target
                            let distance = sqrt(d * d)
                            if distance.isFinite && distance > 0 && (distance > previous || j % 10 == 0) {
                                placed.append(distance)
                            }
                            previous = distance
                            time += 0.1
                        }
                    }
                    for epsilon in placed {
                        let settle = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
                        let want = port.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
                        guard same(settle, want) else {
                            Issue.record(
                                "\(label) settlingDuration target \(target) v0 \(v0) ε \(epsilon) (placed): \(settle), Respring \(want)"
                            )
                            return
                        }
                    }
                    let epsilon = [0.001, 1e-5, 0.05][index % 3]
                    let settle = spring.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
                    let want = port.settlingDuration(target: target, initialVelocity: v0, epsilon: epsilon)
                    guard same(settle, want) else {
                        Issue.record(
                            "\(label) settlingDuration target \(target) v0 \(v0) ε \(epsilon): \(settle), Respring \(want)"
                        )
                        return
                    }
                }
            }
        }
    }

    @Test("SwiftUIParameters ↔ Respring's Spring(duration:bounce:): stiffness, damping and back, within a few ulps")
    func durationBounceBothWays() throws {
        var random = PlatformOracleCases.Generator(state: 29_004)
        for index in 0..<TestDepth.scaled(quick: 400, deep: 20_000) {
            let duration = random.logUniform(0.02...10)
            let bounce: Double = [0, random.uniform(-0.95...0), random.uniform(0...1), 1][index % 4]
            let spring = try SwiftUIParameters(duration: duration, bounce: bounce).spring
            let port = RespringPort(duration: duration, bounce: bounce)
            // SwiftUIParameters forms k = (2π/d)² and c = 4π(1 − b)/d (or 4π/(d(1 + b))); Respring stores
            // ω = ±√|1−ζ²|·2π/d, λ = 2πζ/d, and the spring is k = m(λ² + ω|ω|), c = 2mλ (Respring's own
            // `stiffness` getter is m(ω² + λ²), SwiftUI's 2mλ² − k when over-damped: not the spring's).
            // Under-damped and critical: a few correctly rounded operations, 8 ulps. Over-damped,
            // λ² − ω² cancels: its relative error grows like ζ² (λ²/k = ζ²), so (4ζ² + 8) ulps.
            let u = Double.ulpOfOne
            let zeta = bounce < 0 ? 1 / (1 + bounce) : 1
            let bound = (4 * zeta * zeta + 8) * u
            let trueStiffness =
                port.mass
                * (port.decayConstant * port.decayConstant + port.angularFrequency * abs(port.angularFrequency))
            #expect(abs(spring.stiffness - trueStiffness) <= bound * spring.stiffness, "d \(duration) b \(bounce)")
            #expect(abs(spring.damping - port.damping) <= 8 * u * spring.damping, "d \(duration) b \(bounce)")
            // Back: SwiftUIParameters(spring) against Respring's getters of the same spring.
            let back = SwiftUIParameters(spring)
            let stored = RespringPort(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping, allowOverDamping: true)
            #expect(abs(back.duration - stored.duration) <= bound * back.duration, "d \(duration) b \(bounce)")
            // The bounce is 1 − ζ or 1/ζ − 1: an absolute bound of a few ulps of 1 (ζ ≤ 20 here).
            #expect(
                abs(back.bounce - stored.bounce) <= 64 * u, "d \(duration) b \(bounce): \(back.bounce) \(stored.bounce)"
            )
        }
    }
}
