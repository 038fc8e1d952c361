import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Motion's spring generator and playback, ported for this test alone from
/// motiondivision/motion at commit 1b037b0032578b52af94b06ff3920bfa0aaa5e36
/// (v13.1.1): `packages/motion-dom/src/animation/generators/spring.ts`
/// (`findSpring`, `getSpringOptions`, `spring`, `next`),
/// `generators/utils/calc-duration.ts` and `JSAnimation.ts` (`currentTime =
/// Math.round(timestamp − startTime)`, finished at `currentTime ≥
/// totalDuration`). Operations in the TypeScript's order. It shares no code
/// with `MotionGenerator`.
struct MotionPort {
    // The options a transition hands `spring()`; nil is `undefined`.
    var stiffness: Double?
    var damping: Double?
    var mass: Double?
    /// ms (Motion converts a transition's seconds before the generator).
    var duration: Double?
    var bounce: Double?
    /// s.
    var visualDuration: Double?
    /// units per second.
    var velocity = 0.0
    var restSpeed: Double?
    var restDelta: Double?
    var origin: Double
    var target: Double

    static func clamp(_ min: Double, _ max: Double, _ v: Double) -> Double { v > max ? max : v < min ? min : v }

    static func findSpring(duration: Double, bounce: Double) -> (stiffness: Double, damping: Double, duration: Double) {
        let velocity = 0.0, mass = 1.0, safeMin = 0.001
        let dampingRatio = clamp(0.05, 1, 1 - bounce)
        let duration = clamp(0.01, 10.0, duration / 1000)
        func calcAngularFreq(_ w: Double, _ z: Double) -> Double { w * (1 - z * z).squareRoot() }
        let envelope: (Double) -> Double
        let derivative: (Double) -> Double
        if dampingRatio < 1 {
            envelope = { undampedFreq in
                let exponentialDecay = undampedFreq * dampingRatio
                let delta = exponentialDecay * duration
                let a = exponentialDecay - velocity
                let b = calcAngularFreq(undampedFreq, dampingRatio)
                let c = exp(-delta)
                return safeMin - (a / b) * c
            }
            derivative = { undampedFreq in
                let exponentialDecay = undampedFreq * dampingRatio
                let delta = exponentialDecay * duration
                let d = delta * velocity + velocity
                let e = pow(dampingRatio, 2) * pow(undampedFreq, 2) * duration
                let f = exp(-delta)
                let g = calcAngularFreq(pow(undampedFreq, 2), dampingRatio)
                let factor: Double = -envelope(undampedFreq) + safeMin > 0 ? -1 : 1
                return (factor * ((d - e) * f)) / g
            }
        } else {
            envelope = { undampedFreq in
                let a = exp(-undampedFreq * duration)
                let b = (undampedFreq - velocity) * duration + 1
                return -safeMin + a * b
            }
            derivative = { undampedFreq in
                let a = exp(-undampedFreq * duration)
                let b = (velocity - undampedFreq) * (duration * duration)
                return a * b
            }
        }
        var result = 5 / duration
        for _ in 1..<12 { result = result - envelope(result) / derivative(result) }
        let ms = duration * 1000
        if result.isNaN { return (100, 10, ms) }
        let stiffness = pow(result, 2) * mass
        return (stiffness, dampingRatio * 2 * (mass * stiffness).squareRoot(), ms)
    }

    /// The generator: `next(t)` and its `calculatedDuration` (nil for a physics spring).
    struct Generator {
        var next: (Double) -> (value: Double, done: Bool)
        var calculatedDuration: Double?
    }

    func generator() -> Generator {
        var stiffness = self.stiffness ?? 100, damping = self.damping ?? 10, mass = self.mass ?? 1
        var velocity = -(velocity / 1000)
        var duration: Double? = nil
        var isResolvedFromDuration = false
        let physics = self.stiffness != nil || self.damping != nil || self.mass != nil
        if !physics && (self.duration != nil || bounce != nil || visualDuration != nil) {
            velocity = 0
            if let visualDuration, visualDuration != 0 {
                let root = (2 * Double.pi) / (visualDuration * 1.2)
                stiffness = root * root
                damping = 2 * Self.clamp(0.05, 1, 1 - (bounce ?? 0)) * stiffness.squareRoot()
                mass = 1
            } else {
                let derived = Self.findSpring(duration: self.duration ?? 800, bounce: bounce ?? 0.3)
                (stiffness, damping, duration) = (derived.stiffness, derived.damping, derived.duration)
                mass = 1
                isResolvedFromDuration = true
            }
        }
        let initialVelocity = velocity
        let dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        let initialDelta = target - origin
        let undampedAngularFreq = (stiffness / mass).squareRoot() / 1000
        let isGranularScale = abs(initialDelta) < 5
        let restSpeed = self.restSpeed.flatMap { $0 != 0 ? $0 : nil } ?? (isGranularScale ? 0.01 : 2)
        let restDelta = self.restDelta.flatMap { $0 != 0 ? $0 : nil } ?? (isGranularScale ? 0.005 : 0.5)
        let target = self.target
        let resolveSpring: (Double) -> Double
        let resolveVelocity: (Double) -> Double
        if dampingRatio < 1 {
            let angularFreq = undampedAngularFreq * (1 - dampingRatio * dampingRatio).squareRoot()
            let A = (initialVelocity + dampingRatio * undampedAngularFreq * initialDelta) / angularFreq
            resolveSpring = { t in
                let envelope = exp(-dampingRatio * undampedAngularFreq * t)
                return target - envelope * (A * sin(angularFreq * t) + initialDelta * cos(angularFreq * t))
            }
            let sinCoeff = dampingRatio * undampedAngularFreq * A + initialDelta * angularFreq
            let cosCoeff = dampingRatio * undampedAngularFreq * initialDelta - A * angularFreq
            resolveVelocity = { t in
                let envelope = exp(-dampingRatio * undampedAngularFreq * t)
                return envelope * (sinCoeff * sin(angularFreq * t) + cosCoeff * cos(angularFreq * t))
            }
        } else if dampingRatio == 1 {
            resolveSpring = { t in
                target - exp(-undampedAngularFreq * t)
                    * (initialDelta + (initialVelocity + undampedAngularFreq * initialDelta) * t)
            }
            let C = initialVelocity + undampedAngularFreq * initialDelta
            resolveVelocity = { t in exp(-undampedAngularFreq * t) * (undampedAngularFreq * C * t - initialVelocity) }
        } else {
            let dampedAngularFreq = undampedAngularFreq * (dampingRatio * dampingRatio - 1).squareRoot()
            resolveSpring = { t in
                let envelope = exp(-dampingRatio * undampedAngularFreq * t)
                let freqForT = min(dampedAngularFreq * t, 300)
                return target
                    - (envelope
                        * ((initialVelocity + dampingRatio * undampedAngularFreq * initialDelta) * sinh(freqForT)
                            + dampedAngularFreq * initialDelta * cosh(freqForT)))
                    / dampedAngularFreq
            }
            let P = (initialVelocity + dampingRatio * undampedAngularFreq * initialDelta) / dampedAngularFreq
            let sinhCoeff = dampingRatio * undampedAngularFreq * P - initialDelta * dampedAngularFreq
            let coshCoeff = dampingRatio * undampedAngularFreq * initialDelta - P * dampedAngularFreq
            resolveVelocity = { t in
                let envelope = exp(-dampingRatio * undampedAngularFreq * t)
                let freqForT = min(dampedAngularFreq * t, 300)
                return envelope * (sinhCoeff * sinh(freqForT) + coshCoeff * cosh(freqForT))
            }
        }
        let next: (Double) -> (value: Double, done: Bool) = { t in
            let current = resolveSpring(t)
            let done: Bool
            if !isResolvedFromDuration {
                let currentVelocity = resolveVelocity(t) * 1000  // secondsToMilliseconds
                done = abs(currentVelocity) <= restSpeed && abs(target - current) <= restDelta
            } else {
                done = t >= duration!
            }
            return (done ? target : current, done)
        }
        let calculated: Double? = isResolvedFromDuration ? (duration == 0 ? nil : duration) : nil
        return Generator(next: next, calculatedDuration: calculated)
    }

    /// `calcGeneratorDuration`.
    static func calcGeneratorDuration(_ generator: Generator) -> Double {
        var duration = 0.0
        var state = generator.next(duration)
        while !state.done && duration < 20_000 {
            duration += 50
            state = generator.next(duration)
        }
        return duration >= 20_000 ? .infinity : duration
    }

    /// Playback: frame n at `n·1000/rate` ms, `currentTime = Math.round(…)`;
    /// finished (showing the target) once it reaches the duration.
    func run(refreshRate: Double, frames: Int) -> (values: [Double], done: Int?, clock: [Double]?) {
        run(clock: .steady(refreshRate), frames: frames)
    }

    /// The same with frame n at the trace's time of frame n.
    func run(clock: PortClock, frames: Int) -> (values: [Double], done: Int?, clock: [Double]?) {
        let generator = generator()
        let total = generator.calculatedDuration ?? Self.calcGeneratorDuration(generator)
        if total <= 0 { return ([target], 0, nil) }
        var values = [origin]
        for n in stride(from: 1, through: frames, by: 1) {
            let currentTime = jsMathRound(clock.milliseconds(n))
            if currentTime >= total {
                values.append(target)
                return (values, n, nil)
            }
            values.append(generator.next(currentTime).value)
        }
        return (values, nil, nil)
    }
}

/// react-spring's spring, ported for this test alone from pmndrs/react-spring
/// at commit 3d2523de0f879e20869ab9add907540188bf6446: `SpringValue.advance`
/// (`packages/core/src/SpringValue.ts` 172–326, one number, no bounce or
/// clamp) driven by rafz (`packages/rafz/src/index.ts` 168: `dt = prevTs ?
/// min(64, ts − prevTs) : 16.667`), `mergeConfig` (`AnimationConfig.ts`
/// 163–193). Frame n is the rAF callback at `n·1000/rate` ms. It shares no
/// code with `ReactSpringLoop`.
struct ReactSpringPort {
    var tension: Double
    var friction: Double
    var mass = 1.0
    var precision: Double?
    var restVelocity: Double?
    /// units per ms (`config.velocity`).
    var velocity = 0.0

    /// `mergeConfig`'s frequency/damping form.
    static func merged(frequency: Double, damping: Double, mass: Double) -> (tension: Double, friction: Double) {
        var frequency = frequency, damping = damping
        if frequency < 0.01 { frequency = 0.01 }
        if damping < 0 { damping = 0 }
        return (pow((2 * Double.pi) / frequency, 2) * mass, (4 * Double.pi * damping * mass) / frequency)
    }

    func run(from: Double, to: Double, refreshRate: Double, frames: Int)
        -> (values: [Double], done: Int?, clock: [Double]?)
    {
        run(from: from, to: to, frameClock: .steady(refreshRate), frames: frames)
    }

    /// The same with the rAF callback of frame n at the trace's time of frame n.
    func run(from: Double, to: Double, frameClock: PortClock, frames: Int)
        -> (values: [Double], done: Int?, clock: [Double]?)
    {
        var values = [from]
        var clock = [0.0]
        if tension <= 0 { return (values, 0, clock) }
        var lastPosition = from
        var lastVelocity: Double? = nil
        var elapsedSteps = 0
        var prevTs = 0.0
        for n in stride(from: 1, through: frames, by: 1) {
            let ts = frameClock.milliseconds(n)
            let dt = n == 1 ? 16.667 : min(64, ts - prevTs)
            prevTs = ts
            var finished = false
            var position = lastPosition
            let v0 = velocity
            let precision =
                self.precision.flatMap { $0 != 0 ? $0 : nil } ?? (from == to ? 0.005 : min(1, abs(to - from) * 0.001))
            var velocity = lastVelocity ?? v0
            let restVelocity = self.restVelocity.flatMap { $0 != 0 ? $0 : nil } ?? precision / 10
            let step = 1.0
            let numSteps = Int((dt / step).rounded(.up))
            for _ in 0..<numSteps {
                let isMoving = abs(velocity) > restVelocity
                if !isMoving {
                    finished = abs(to - position) <= precision
                    if finished { break }
                }
                let springForce = -tension * 0.000001 * (position - to)
                let dampingForce = -friction * 0.001 * velocity
                let acceleration = (springForce + dampingForce) / mass
                velocity = velocity + acceleration * step
                position = position + velocity * step
                elapsedSteps += 1
            }
            lastVelocity = velocity
            if position.isNaN { finished = true }
            lastPosition = position
            values.append(finished ? to : position)
            clock.append(Double(elapsedSteps) / 1000)
            if finished { return (values, n, clock) }
        }
        return (values, nil, clock)
    }
}

@Suite("Motion's and react-spring's springs against ports of their own code, on seeded random inputs")
struct MotionReactSpringOracleTests {
    static let cases = PlatformOracleCases.regimeCases(count: TestDepth.scaled(quick: 8, deep: 40), seed: 29_101)

    static func frames(_ rate: Double) -> Int { Int((60 * rate).rounded(.up)) }

    static func motionPort(_ c: PlatformOracleCases.Case, restSpeed: Double? = nil, restDelta: Double? = nil)
        -> MotionPort
    {
        MotionPort(
            stiffness: c.stiffness / c.mass, damping: c.damping / c.mass, mass: 1, velocity: c.velocity,
            restSpeed: restSpeed, restDelta: restDelta, origin: c.from, target: c.to)
    }

    static func motionGenerator(_ c: PlatformOracleCases.Case, restSpeed: Double? = nil, restDelta: Double? = nil)
        -> MotionGenerator
    {
        MotionGenerator(
            stiffness: c.stiffness / c.mass, damping: c.damping / c.mass, origin: c.from, target: c.to,
            velocity: c.velocity, restSpeed: restSpeed, restDelta: restDelta)
    }

    @Test("Motion: every frame, the done frame, the 50 ms duration, and next(t) at random times, bit for bit")
    func motion() throws {
        var random = PlatformOracleCases.Generator(state: 29_102)
        for (_, c) in Self.cases {
            let spring = try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
            let shown = MotionLoop(spring).run(
                from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
            let port = Self.motionPort(c)
            let oracle = port.run(refreshRate: c.refreshRate, frames: Self.frames(c.refreshRate))
            if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                Issue.record("MotionLoop \(c): \(why)")
                return
            }
            let generator = Self.motionGenerator(c)
            let next = port.generator().next
            #expect(generator.calculatedDuration == MotionPort.calcGeneratorDuration(port.generator()))
            for t in [0, random.uniform(0...50), random.uniform(0...2000), random.logUniform(1...30_000)] {
                let (got, want) = (generator.next(t), next(t))
                guard got.value == want.value, got.done == want.done else {
                    Issue.record("MotionGenerator \(c) next(\(t)): \(got), Motion \(want)")
                    return
                }
            }
        }
    }

    @Test("Motion's rest test placed exactly on restSpeed and on restDelta, and one ulp either side")
    func motionAtRestThresholds() throws {
        var placed = 0
        for (regime, c) in Self.cases where c.refreshRate == 60 && regime != .undamped {
            // The 50 ms grid point at which the generator is done with the default thresholds.
            let port = Self.motionPort(c)
            let end = MotionPort.calcGeneratorDuration(port.generator())
            guard end.isFinite, end > 0 else { continue }
            let defaults = abs(c.to - c.from) < 5 ? (0.01, 0.005) : (2.0, 0.5)
            // Bisect one threshold (the other one huge) for "done by the grid point `end`".
            for speed in [true, false] {
                func done(_ threshold: Double) -> Bool {
                    let p =
                        speed
                        ? Self.motionPort(c, restSpeed: threshold, restDelta: 1e300)
                        : Self.motionPort(c, restSpeed: 1e300, restDelta: threshold)
                    return MotionPort.calcGeneratorDuration(p.generator()) <= end
                }
                guard
                    let threshold = PlatformOracleCases.boundary(
                        low: 0x1p-1074, high: speed ? defaults.0 : defaults.1, done)
                else { continue }
                placed += 1
                for theta in PlatformOracleCases.eitherSide(threshold) {
                    let (restSpeed, restDelta) = speed ? (theta, 1e300) : (1e300, theta)
                    let generator = Self.motionGenerator(c, restSpeed: restSpeed, restDelta: restDelta)
                    let oracle = Self.motionPort(c, restSpeed: restSpeed, restDelta: restDelta)
                    let want = MotionPort.calcGeneratorDuration(oracle.generator())
                    guard generator.calculatedDuration == want else {
                        Issue.record(
                            "\(c) \(speed ? "restSpeed" : "restDelta") \(theta): duration \(generator.calculatedDuration) ms, Motion \(want) ms"
                        )
                        return
                    }
                    let shown = generator.run(refreshRate: c.refreshRate)
                    if let why = PlatformOracleCases.mismatch(
                        shown, oracle.run(refreshRate: c.refreshRate, frames: Self.frames(c.refreshRate)), exact: true)
                    {
                        Issue.record("\(c) \(speed ? "restSpeed" : "restDelta") \(theta): \(why)")
                        return
                    }
                }
            }
        }
        #expect(placed > 0)
    }

    @Test("Motion's visualDuration/bounce and duration/bounce forms against getSpringOptions and findSpring")
    func motionParameterizations() throws {
        var random = PlatformOracleCases.Generator(state: 29_103)
        for index in 0..<TestDepth.scaled(quick: 300, deep: 10_000) {
            let bounce: Double = [0, random.uniform(0...0.95), random.uniform(-1...0), random.uniform(0.95...1.5)][
                index % 4]
            // visualDuration: Motion's own k and c (mass 1). SpringBench forms k = ω₀² and c = 2ζω₀ from
            // ω₀ = 2π/(1.2·d); Motion k = root², c = 2ζ√k: √(root²) is root up to one rounding, so 4 ulps.
            let visual = random.logUniform(0.01...10)
            let parameters = try MotionDurationParameters(visualDuration: visual, bounce: bounce)
            let motion = MotionPort(bounce: bounce, visualDuration: visual, origin: 0, target: 1)
            let root = (2 * Double.pi) / (visual * 1.2)
            let k = root * root
            let c = 2 * MotionPort.clamp(0.05, 1, 1 - bounce) * k.squareRoot()
            let u = Double.ulpOfOne
            let spring = parameters.spring
            #expect(
                abs(spring.stiffness - k) <= 4 * u * k && abs(spring.damping - c) <= 4 * u * c, "\(visual) \(bounce)")
            _ = motion
            // Back (ζ in 0.05…1): the inverse's visualDuration and bounce give the spring again.
            if let back = try? MotionDurationParameters(spring) {
                let r2 = (2 * Double.pi) / (back.visualDuration * 1.2)
                #expect(abs(r2 * r2 - k) <= 16 * u * k, "\(visual) \(bounce) back")
                #expect(abs(MotionPort.clamp(0.05, 1, 1 - back.bounce) - spring.dampingRatio) <= 4 * u)
            }
            // duration/bounce: findSpring's Newton iteration, in ms as Motion takes it; bit for bit when
            // the seconds survive ×1000 ÷ 1000 (SpringBench takes seconds), otherwise skipped.
            let seconds = random.logUniform(0.005...12)
            guard (seconds * 1000) / 1000 == seconds else { continue }
            let physical = try MotionPhysicalDurationParameters(duration: seconds, bounce: bounce).spring
            let found = MotionPort.findSpring(duration: seconds * 1000, bounce: bounce)
            #expect(
                physical.stiffness == found.stiffness && physical.damping == found.damping && physical.mass == 1,
                "duration \(seconds) bounce \(bounce): \(physical.stiffness)/\(physical.damping), Motion \(found)")
        }
    }

    @Test("Motion's duration-based spring: findSpring's spring, velocity ignored, done at the duration, every frame")
    func motionDurationBased() throws {
        var random = PlatformOracleCases.Generator(state: 29_106)
        for index in 0..<TestDepth.scaled(quick: 40, deep: 400) {
            // Whole milliseconds, as a transition's seconds × 1000 usually are; bounces in every clamp region.
            let milliseconds = (random.logUniform(5...12_000)).rounded()
            let bounce: Double = [0, random.uniform(0...0.95), random.uniform(-1...0), 0.97][index % 4]
            let (from, to) = PlatformOracleCases.regimeTravels[index % PlatformOracleCases.regimeTravels.count]
            let velocity: Double = [0, 300, -4000][index % 3]
            let rate = PlatformOracleCases.refreshRates[index % PlatformOracleCases.refreshRates.count]
            let found = MotionPort.findSpring(duration: milliseconds, bounce: bounce)
            let generator = MotionGenerator(
                stiffness: found.stiffness, damping: found.damping, origin: from, target: to, velocity: velocity,
                resolvedDuration: found.duration)
            let port = MotionPort(
                duration: milliseconds, bounce: bounce, velocity: velocity, origin: from, target: to)
            let label = "duration \(milliseconds) ms bounce \(bounce) \(from) → \(to) v \(velocity) at \(rate) Hz"
            if let why = PlatformOracleCases.mismatch(
                generator.run(refreshRate: rate), port.run(refreshRate: rate, frames: Self.frames(rate)), exact: true)
            {
                Issue.record("MotionGenerator \(label): \(why)")
                return
            }
            let next = port.generator().next
            for t in [0, random.uniform(0...found.duration), found.duration.nextDown, found.duration] {
                let (got, want) = (generator.next(t), next(t))
                guard got.value == want.value, got.done == want.done else {
                    Issue.record("MotionGenerator \(label) next(\(t)): \(got), Motion \(want)")
                    return
                }
            }
        }
    }

    @Test("react-spring: every frame, its step clock and the done frame, bit for bit")
    func reactSpring() throws {
        for (_, c) in Self.cases {
            let loop = ReactSpringLoop(tension: c.stiffness, friction: c.damping, mass: c.mass)
            let shown = loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
            let port = ReactSpringPort(
                tension: c.stiffness, friction: c.damping, mass: c.mass, velocity: c.velocity / 1000)
            let oracle = port.run(
                from: c.from, to: c.to, refreshRate: c.refreshRate, frames: Self.frames(c.refreshRate))
            if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                Issue.record("ReactSpringLoop \(c): \(why)")
                return
            }
        }
    }

    @Test("react-spring's rest test placed exactly on restVelocity and on precision, and one ulp either side")
    func reactSpringAtRestThresholds() throws {
        var placed = 0
        for (regime, c) in Self.cases where regime != .undamped && (c.refreshRate == 60 || c.refreshRate == 12) {
            let base = ReactSpringPort(
                tension: c.stiffness, friction: c.damping, mass: c.mass, velocity: c.velocity / 1000)
            let frames = Self.frames(c.refreshRate)
            guard let doneFrame = base.run(from: c.from, to: c.to, refreshRate: c.refreshRate, frames: frames).done,
                doneFrame > 1
            else { continue }
            let target = doneFrame - 1  // force the done one frame earlier: a threshold the run meets exactly
            let defaultPrecision = c.from == c.to ? 0.005 : min(1, abs(c.to - c.from) * 0.001)
            for onVelocity in [true, false] {
                func port(_ theta: Double) -> ReactSpringPort {
                    var p = base
                    if onVelocity {
                        (p.restVelocity, p.precision) = (theta, 1e300)
                    } else {
                        (p.restVelocity, p.precision) = (1e300, theta)
                    }
                    return p
                }
                func done(_ theta: Double) -> Bool {
                    guard
                        let n = port(theta).run(from: c.from, to: c.to, refreshRate: c.refreshRate, frames: target).done
                    else { return false }
                    return n <= target
                }
                guard
                    let threshold = PlatformOracleCases.boundary(
                        low: 0x1p-1074, high: max(defaultPrecision, 1e6), done)
                else { continue }
                placed += 1
                for theta in PlatformOracleCases.eitherSide(threshold) {
                    let p = port(theta)
                    let loop = ReactSpringLoop(
                        tension: c.stiffness, friction: c.damping, mass: c.mass, precision: p.precision,
                        restVelocity: p.restVelocity)
                    let shown = loop.run(
                        from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
                    let oracle = p.run(from: c.from, to: c.to, refreshRate: c.refreshRate, frames: frames)
                    if let why = PlatformOracleCases.mismatch(shown, oracle, exact: true) {
                        Issue.record("\(c) \(onVelocity ? "restVelocity" : "precision") \(theta): \(why)")
                        return
                    }
                }
            }
        }
        #expect(placed > 0)
    }

    @Test("react-spring's frequency/damping form against mergeConfig, bit for bit, and back within a few ulps")
    func reactSpringFrequencyDamping() throws {
        var random = PlatformOracleCases.Generator(state: 29_104)
        for index in 0..<TestDepth.scaled(quick: 300, deep: 10_000) {
            let frequency = index % 7 == 0 ? random.uniform(-1...0.01) : random.logUniform(0.01...5)
            let damping = [0, random.uniform(0...1), 1, random.uniform(1...5), -random.unit()][index % 5]
            let mass = random.logUniform(0.1...10)
            guard let parameters = try? ReactSpringParameters(frequency: frequency, damping: damping, mass: mass)
            else {
                Issue.record("frequency \(frequency) damping \(damping) mass \(mass) rejected")
                return
            }
            let want = ReactSpringPort.merged(frequency: frequency, damping: damping, mass: mass)
            #expect(
                parameters.tension == want.tension && parameters.friction == want.friction,
                "f \(frequency) d \(damping) m \(mass): \(parameters.tension)/\(parameters.friction), react-spring \(want)"
            )
            // Back: the frequency and damping ratio read from the spring give its tension and friction again.
            guard damping > 0 else { continue }
            let again = ReactSpringPort.merged(
                frequency: parameters.frequency, damping: parameters.dampingRatio, mass: mass)
            let u = Double.ulpOfOne
            #expect(abs(again.tension - want.tension) <= 16 * u * want.tension, "f \(frequency) back")
            #expect(abs(again.friction - want.friction) <= 16 * u * want.friction, "f \(frequency) back")
        }
    }

    @Test("Core Animation and Figma: the identity on mass, stiffness and damping, both ways, on random springs")
    func identities() throws {
        var random = PlatformOracleCases.Generator(state: 29_105)
        for _ in 0..<TestDepth.scaled(quick: 200, deep: 5000) {
            let (m, k) = (random.logUniform(0.01...100), random.logUniform(0.1...1e5))
            let c = random.unit() < 0.2 ? 0 : random.logUniform(1e-3...1e4)
            let v = random.uniform(-50...50)
            let ca = try CoreAnimationParameters(mass: m, stiffness: k, damping: c, initialVelocity: v)
            let figma = try FigmaSpringParameters(mass: m, stiffness: k, damping: c, initialVelocity: v)
            for spring in [ca.spring, figma.spring] {
                #expect(spring.mass == m && spring.stiffness == k && spring.damping == c)
            }
            let back = (CoreAnimationParameters(ca.spring), FigmaSpringParameters(figma.spring))
            #expect(back.0.mass == m && back.0.stiffness == k && back.0.damping == c)
            #expect(back.1.mass == m && back.1.stiffness == k && back.1.damping == c)
        }
    }
}
