import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Reanimated 4's `withSpring`, ported from its own TypeScript for this test
/// alone (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring/spring.ts` at commit
/// 01e4626eaf1e4038f3ab69a98ff08ba7d056e2ee and `springUtils.ts` at commit
/// 0893dd90898156277b8708ff82ad3f724f259f4b): the config merge, `onStart`,
/// `springOnFrame`, `bisectRoot` and `calculateNewStiffnessToMatchDuration`,
/// with `animation` as a mutable object, as the code has it. It shares no
/// code with `ReanimatedLoop`.
struct Reanimated4Port {
    // `defaultConfig`: GentleSpringConfig, GentleSpringConfigWithDuration, then the rest.
    var damping = 120.0
    var mass = 4.0
    var stiffness = 900.0
    var duration = 550.0
    var dampingRatio = 1.0
    var overshootClamping = false
    var energyThreshold = 6e-9
    var velocity = 0.0
    /// `!!(userConfig?.duration || userConfig?.dampingRatio)`.
    var useDuration = false

    final class Animation {
        var current = 0.0, toValue = 0.0, velocity = 0.0, lastTimestamp = 0.0, startTimestamp = 0.0
        var startValue = 0.0, zeta = 0.0, omega0 = 0.0, omega1 = 0.0, initialEnergy = 0.0
    }

    func getEnergy(_ displacement: Double, _ velocity: Double, _ stiffness: Double, _ mass: Double) -> Double {
        let potentialEnergy = 0.5 * stiffness * (displacement * displacement)
        let kineticEnergy = 0.5 * mass * (velocity * velocity)
        return potentialEnergy + kineticEnergy
    }

    func bisectRoot(min: Double, max: Double, func f: (Double) -> Double, precision: Double, maxIterations: Int)
        -> Double
    {
        var min = min
        var max = max
        let direction: Double = f(max) >= f(min) ? 1 : -1
        var idx = maxIterations
        var current = (max + min) / 2
        while abs(f(current)) > precision && idx > 0 {
            idx -= 1
            if f(current) * direction < 0 { min = current } else { max = current }
            current = (min + max) / 2
        }
        return current
    }

    func calculateNewStiffnessToMatchDuration(_ x0: Double, _ v0: Double) -> Double {
        let zeta = dampingRatio
        let threshold = energyThreshold
        let m = mass
        let targetDuration = duration
        func energyDiffForStiffness(_ stiffness: Double) -> Double {
            let settlingDuration = (targetDuration * 1.5) / 1000
            let omega0 = (stiffness / m).squareRoot() * zeta
            let xtk = (x0 + (v0 + x0 * omega0) * settlingDuration) * exp(-omega0 * settlingDuration)
            let vtk =
                (x0 + (v0 + x0 * omega0) * settlingDuration) * exp(-omega0 * settlingDuration) * -omega0
                + (v0 + x0 * omega0) * exp(-omega0 * settlingDuration)
            let e0 = getEnergy(x0, v0, stiffness, m)
            let etk = getEnergy(xtk, vtk, stiffness, m)
            return etk / e0 - threshold
        }
        return bisectRoot(
            min: 2.220446049250313e-16, max: 8e3, func: energyDiffForStiffness, precision: energyThreshold * 1e-3,
            maxIterations: 100)
    }

    /// Frame 0 is `onStart` at timestamp 0; frame n is `springOnFrame` at `n·1000/rate`.
    func run(from value: Double, to toValue: Double, refreshRate: Double) -> (values: [Double], done: Int?) {
        run(from: value, to: toValue, clock: .steady(refreshRate))
    }

    /// Frame n's `springOnFrame` at the trace's time of frame n.
    func run(from value: Double, to toValue: Double, clock: PortClock) -> (values: [Double], done: Int?) {
        var config = self
        let skipAnimation =
            [config.stiffness, config.damping, config.dampingRatio, config.mass, config.energyThreshold].contains {
                $0 <= 0
            } || config.duration < 0 || config.duration == 0
        let animation = Animation()
        animation.toValue = toValue
        // onStart(animation, value, now = 0, previousAnimation = undefined)
        animation.current = value
        var stiffness = config.stiffness
        let x0 = value - toValue
        animation.startValue = x0
        animation.velocity = config.velocity
        if !skipAnimation {
            if config.useDuration {
                stiffness = config.calculateNewStiffnessToMatchDuration(x0, animation.velocity)
                config.stiffness = stiffness
            }
            if config.useDuration {
                animation.zeta = config.dampingRatio
                animation.omega0 = (stiffness / config.mass).squareRoot()
            } else {
                animation.zeta = config.damping / (2 * (config.stiffness * config.mass).squareRoot())
                animation.omega0 = (config.stiffness / config.mass).squareRoot()
            }
            animation.omega1 = animation.omega0 * (1 - animation.zeta * animation.zeta).squareRoot()
        }
        animation.initialEnergy = getEnergy(x0, config.velocity, config.stiffness, config.mass)
        animation.lastTimestamp = 0
        animation.startTimestamp = 0

        var values = [value]
        for n in stride(from: 1, through: clock.limit, by: 1) {
            let now = clock.milliseconds(n)
            // springOnFrame(animation, now)
            if skipAnimation {
                values.append(toValue)
                return (values, n)
            }
            let deltaTime = Swift.min(now - animation.lastTimestamp, 64)
            animation.lastTimestamp = now
            let t = deltaTime / 1000
            let v0 = animation.velocity
            let x0 = animation.current - toValue
            let (zeta, omega0, omega1) = (animation.zeta, animation.omega0, animation.omega1)
            let newPosition: Double
            let newVelocity: Double
            if zeta < 1 {
                let sin1 = sin(omega1 * t)
                let cos1 = cos(omega1 * t)
                let underDampedEnvelope = exp(-zeta * omega0 * t)
                let underDampedFrag1 = underDampedEnvelope * (sin1 * ((v0 + zeta * omega0 * x0) / omega1) + x0 * cos1)
                newPosition = toValue + underDampedFrag1
                newVelocity =
                    -zeta * omega0 * underDampedFrag1 + underDampedEnvelope
                    * (cos1 * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin1)
            } else {
                let criticallyDampedEnvelope = exp(-omega0 * t)
                newPosition = toValue + criticallyDampedEnvelope * (x0 + (v0 + omega0 * x0) * t)
                newVelocity =
                    criticallyDampedEnvelope * -omega0 * (x0 + (v0 + omega0 * x0) * t) + criticallyDampedEnvelope
                    * (v0 + omega0 * x0)
            }
            animation.current = newPosition
            animation.velocity = newVelocity
            // isAnimationTerminatingCalculation(animation, config)
            var terminating = false
            if config.overshootClamping {
                let leftBound = animation.startValue >= 0 ? toValue : toValue + animation.startValue
                let rightBound = leftBound + abs(animation.startValue)
                if animation.current < leftBound || animation.current > rightBound { terminating = true }
            }
            if !terminating {
                let currentEnergy = getEnergy(
                    toValue - animation.current, animation.velocity, config.stiffness, config.mass)
                terminating =
                    animation.initialEnergy == 0 || currentEnergy / animation.initialEnergy <= config.energyThreshold
            }
            if terminating {
                animation.velocity = 0
                animation.current = toValue
                values.append(toValue)
                return (values, n)
            }
            values.append(animation.current)
        }
        return (values, nil)
    }
}

/// Reanimated 3's `withSpring`, ported from its own TypeScript for this test
/// alone (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring.ts` at commit
/// b0b11b6fe782b5d889fe87378fc3f508c08b60a8 and `springUtils.ts` at commit
/// f443c2734bc453d974653006be28dd4a614a1c18; the same rules as
/// `src/reanimated2/animation/` at 019ddf15). It shares no code with `Reanimated3Loop`.
struct Reanimated3Port {
    // `defaultConfig`
    var damping = 10.0
    var mass = 1.0
    var stiffness = 100.0
    var overshootClamping = false
    var restDisplacementThreshold = 0.01
    var restSpeedThreshold = 2.0
    var velocity = 0.0
    var duration = 2000.0
    var dampingRatio = 0.5
    var useDuration = false

    func calculateNewMassToMatchDuration(_ x0: Double, _ v0: Double) -> Double {
        let k = stiffness
        let zeta = dampingRatio
        let threshold = restSpeedThreshold
        let duration = self.duration
        func durationForMass(_ mass: Double) -> Double {
            let amplitude = (mass * v0 * v0 + k * x0 * x0) / (exp(1 - 0.5 * zeta) * k)
            let c = zeta * 2 * (k * mass).squareRoot()
            return 1000 * ((-2 * mass) / c) * log((threshold * 0.01) / amplitude) - duration
        }
        // bisectRoot({ min: 0, max: 100, func: durationForMass })
        let accuracy = 0.00005
        var min = 0.0
        var max = 100.0
        var idx = 20
        var current = (max + min) / 2
        while abs(durationForMass(current)) > accuracy && idx > 0 {
            idx -= 1
            if durationForMass(current) < 0 { min = current } else { max = current }
            current = (min + max) / 2
        }
        return current
    }

    func run(from value: Double, to toValue: Double, refreshRate: Double) -> (values: [Double], done: Int?) {
        run(from: value, to: toValue, clock: .steady(refreshRate))
    }

    /// Frame n's `springOnFrame` at the trace's time of frame n.
    func run(from value: Double, to toValue: Double, clock: PortClock) -> (values: [Double], done: Int?) {
        let skipAnimation =
            [stiffness, damping, dampingRatio, restDisplacementThreshold, restSpeedThreshold, mass].contains {
                $0 <= 0
            } || duration < 0 || duration == 0
        // onStart
        var current = value
        let startValue = value
        var animationVelocity = velocity
        var mass = self.mass
        let x0Start = toValue - value
        var zeta = 0.0
        var omega0 = 0.0
        var omega1 = 0.0
        if !skipAnimation {
            if useDuration { mass = calculateNewMassToMatchDuration(x0Start, animationVelocity) }
            if useDuration {
                zeta = dampingRatio
                omega0 = (stiffness / mass).squareRoot()
            } else {
                zeta = damping / (2 * (stiffness * self.mass).squareRoot())
                omega0 = (stiffness / self.mass).squareRoot()
            }
            omega1 = omega0 * (1 - zeta * zeta).squareRoot()
        }
        var lastTimestamp = 0.0
        let startTimestamp = 0.0

        var values = [value]
        for n in stride(from: 1, through: clock.limit, by: 1) {
            let now = clock.milliseconds(n)
            let timeFromStart = now - startTimestamp
            if useDuration && timeFromStart >= duration {
                values.append(toValue)
                return (values, n)
            }
            if skipAnimation {
                values.append(toValue)
                return (values, n)
            }
            let deltaTime = Swift.min(now - lastTimestamp, 64)
            lastTimestamp = now
            let t = deltaTime / 1000
            let v0 = -animationVelocity
            let x0 = toValue - current
            if zeta < 1 {
                let sin1 = sin(omega1 * t)
                let cos1 = cos(omega1 * t)
                let underDampedEnvelope = exp(-zeta * omega0 * t)
                let underDampedFrag1 = underDampedEnvelope * (sin1 * ((v0 + zeta * omega0 * x0) / omega1) + x0 * cos1)
                current = toValue - underDampedFrag1
                animationVelocity =
                    zeta * omega0 * underDampedFrag1 - underDampedEnvelope
                    * (cos1 * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin1)
            } else {
                let criticallyDampedEnvelope = exp(-omega0 * t)
                current = toValue - criticallyDampedEnvelope * (x0 + (v0 + omega0 * x0) * t)
                animationVelocity = criticallyDampedEnvelope * (v0 * (t * omega0 - 1) + t * x0 * omega0 * omega0)
            }
            let isOvershooting =
                overshootClamping
                ? (current > toValue && startValue < toValue) || (current < toValue && startValue > toValue) : false
            let isVelocity = abs(animationVelocity) < restSpeedThreshold
            let isDisplacement = abs(toValue - current) < restDisplacementThreshold
            if !useDuration && (isOvershooting || (isVelocity && isDisplacement)) {
                values.append(toValue)
                return (values, n)
            }
            values.append(current)
        }
        return (values, nil)
    }
}

@Suite("Reanimated withSpring (v4 and v3) against ports of its own code")
struct ReanimatedOracleTests {
    static let seeded = PlatformOracleCases.seeded(count: TestDepth.scaled(quick: 24, deep: 400), seed: 20_261_126)

    static func check(
        _ cases: [PlatformOracleCases.Case], _ name: String,
        _ run: (PlatformOracleCases.Case) -> (DisplayedMotion, (values: [Double], done: Int?))
    ) {
        var mismatches: [String] = []
        for c in cases {
            let (shown, oracle) = run(c)
            if let why = PlatformOracleCases.mismatch(shown, oracle, scale: PlatformOracleCases.scale(c)) {
                mismatches.append("\(c): \(why)")
            }
        }
        #expect(
            mismatches.isEmpty, "\(name): \(mismatches.count) of \(cases.count) runs differ: \(mismatches.prefix(4))")
    }

    @Test("Reanimated 4 physics config: frame by frame, done frame, on seeded springs and at its thresholds")
    func reanimated4Physics() throws {
        Self.check(Self.seeded + PlatformOracleCases.thresholds, "Reanimated 4") { c in
            let loop = ReanimatedLoop(.physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
            let port = Reanimated4Port(damping: c.damping, mass: c.mass, stiffness: c.stiffness, velocity: c.velocity)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
    }

    @Test("Reanimated 4 duration config (stiffness solved per run, velocity included) and overshootClamping")
    func reanimated4Duration() throws {
        let cases = Self.seeded.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        Self.check(cases, "Reanimated 4 duration") { c in
            // Duration 100…1500 ms from the spring's period; ζ from the spring (over-damped included).
            let milliseconds = (2 * Double.pi / (c.stiffness / c.mass).squareRoot() * 1000).rounded()
            let zeta = c.damping / (2 * (c.stiffness * c.mass).squareRoot())
            let loop = ReanimatedLoop(.duration(milliseconds: milliseconds, dampingRatio: zeta, mass: c.mass))
            let port = Reanimated4Port(
                mass: c.mass, duration: milliseconds, dampingRatio: zeta, velocity: c.velocity, useDuration: true)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
        Self.check(cases, "Reanimated 4 overshootClamping") { c in
            let loop = ReanimatedLoop(
                .physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping), overshootClamping: true)
            let port = Reanimated4Port(
                damping: c.damping, mass: c.mass, stiffness: c.stiffness, overshootClamping: true, velocity: c.velocity)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
    }

    @Test("Reanimated 3 physics config: frame by frame, done frame, on seeded springs and at its thresholds")
    func reanimated3Physics() throws {
        Self.check(Self.seeded + PlatformOracleCases.thresholds, "Reanimated 3") { c in
            let loop = Reanimated3Loop(.physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
            let port = Reanimated3Port(damping: c.damping, mass: c.mass, stiffness: c.stiffness, velocity: c.velocity)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
    }

    @Test("Reanimated 3 duration config (mass solved per run, cut at the duration) and overshootClamping")
    func reanimated3Duration() throws {
        let cases = Self.seeded.enumerated().filter { $0.offset % 3 == 0 }.map(\.element)
        Self.check(cases, "Reanimated 3 duration") { c in
            let milliseconds = (4 * Double.pi / (c.stiffness / c.mass).squareRoot() * 1000).rounded()
            let zeta = c.damping / (2 * (c.stiffness * c.mass).squareRoot())
            let loop = Reanimated3Loop(
                .duration(milliseconds: milliseconds, dampingRatio: zeta, stiffness: c.stiffness))
            let port = Reanimated3Port(
                stiffness: c.stiffness, velocity: c.velocity, duration: milliseconds, dampingRatio: zeta,
                useDuration: true)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
        Self.check(cases, "Reanimated 3 overshootClamping") { c in
            let loop = Reanimated3Loop(
                .physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping), overshootClamping: true)
            let port = Reanimated3Port(
                damping: c.damping, mass: c.mass, stiffness: c.stiffness, overshootClamping: true, velocity: c.velocity)
            return (
                loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                port.run(from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
        }
    }

    @Test("The loops the registry builds from a spring are the physics configs (mass, stiffness, damping as given)")
    func registryLoops() throws {
        let spring = try Spring(mass: 2, stiffness: 300, damping: 20)
        #expect(
            ReanimatedLoop(spring, options: PlatformLoopOptions())
                == ReanimatedLoop(.physics(mass: 2, stiffness: 300, damping: 20)))
        #expect(
            Reanimated3Loop(spring, options: PlatformLoopOptions())
                == Reanimated3Loop(.physics(mass: 2, stiffness: 300, damping: 20)))
    }

    // MARK: Pinned numbers (../shared/FORMS.md §1, re-derived here)

    @Test("v4 duration form: 550 ms, ζ 1, m 4 gives k ≈ 899 (the Gentle physics preset); u values; the 8000 cap")
    func reanimated4DurationNumbers() throws {
        let port = Reanimated4Port(duration: 550, dampingRatio: 1, useDuration: true)
        let k = port.calculateNewStiffnessToMatchDuration(-1, 0)
        #expect(abs(k - 899) < 0.5, "k \(k)")
        #expect(
            k
                == ReanimatedDurationParameters.stiffness(
                    duration: 550, dampingRatio: 1, mass: 4, energyThreshold: 6e-9, displacement: -1, velocity: 0))
        #expect(try ReanimatedDurationParameters().spring.stiffness == k)
        // From rest the solve does not depend on the travel (up to the bisection's rounding).
        for x0 in [-1e-3, 0.5, 100, -4000.0] {
            let other = port.calculateNewStiffnessToMatchDuration(x0, 0)
            #expect(abs(other - k) <= 1e-9 * k, "x0 \(x0): \(other)")
        }
        // u = λT solving e^(−2u)((1 + u)² + ζ²u²) = 6e-9.
        for (zeta, u) in [(0.5, 12.138), (0.75, 12.246), (0.92, 12.328), (1.0, 12.368)] {
            let solved = ReanimatedDurationParameters.energyDecayProduct(dampingRatio: zeta, energyThreshold: 6e-9)
            #expect(abs(solved - u) < 5e-4, "ζ \(zeta): u \(solved)")
            // k = m·(u/(ζT))² is what the bisection approaches.
            let T = 1.5 * 0.55
            let exact = 4 * pow(solved / (zeta * T), 2)
            let bisected = Reanimated4Port(duration: 550, dampingRatio: zeta, useDuration: true)
                .calculateNewStiffnessToMatchDuration(-1, 0)
            #expect(abs(bisected - exact) <= 2e-4 * exact, "ζ \(zeta): bisection \(bisected), exact \(exact)")
        }
        // 150 ms: the exact stiffness is 12 086, above the 8000 the bisection searches.
        let capped = try ReanimatedDurationParameters(duration: 0.15, dampingRatio: 1).spring.stiffness
        #expect(abs(capped - 8000) < 1e-9, "\(capped)")
        let uncapped = 4 * pow(12.368 / (1.5 * 0.15), 2)
        #expect(abs(uncapped - 12_086) < 5)
    }

    @Test("v3 duration form: k 100, ζ 0.5, 2000 ms solves m 10.0, 0.653, 0.347 for travels 1, 100, 1000")
    func reanimated3DurationNumbers() throws {
        // FORMS.md prints 10.0, 0.653 and 0.347: within half a unit of the last digit.
        for (travel, mass, halfUnit) in [(1.0, 10.0, 0.05), (100, 0.653, 5e-4), (1000, 0.347, 5e-4)] {
            let port = Reanimated3Port(duration: 2000, dampingRatio: 0.5, useDuration: true)
            let solved = port.calculateNewMassToMatchDuration(travel, 0)
            #expect(abs(solved - mass) < halfUnit, "travel \(travel): m \(solved)")
            // From rest D(m) = 1000·√(m/k)/ζ·ln(x0²·e^(ζ/2 − 1)/0.02): the root in closed form, which
            // 20 halvings of [0, 100] find to within 100/2²¹.
            let root = pow(2000 * 0.5 / (1000 * log(travel * travel * exp(0.25 - 1) / 0.02)), 2) * 100
            #expect(abs(solved - root) <= 100 / 0x1p21, "travel \(travel): m \(solved), root \(root)")
            let form = try Reanimated3DurationParameters(travel: travel)
            #expect(form.mass == solved)
            #expect(
                Reanimated3DurationParameters.mass(
                    duration: 2000, dampingRatio: 0.5, stiffness: 100, restSpeedThreshold: 2, displacement: -travel,
                    velocity: 0) == solved)
        }
        // The cut: 2000 ms is frame 120 at 60 Hz and 240 at 120 Hz, whatever is left.
        let loop = Reanimated3Loop(.duration(milliseconds: 2000, dampingRatio: 0.5, stiffness: 100))
        #expect(loop.run(from: 0, to: 100, refreshRate: 60).doneFrame == 120)
        #expect(loop.run(from: 0, to: 100, refreshRate: 120).doneFrame == 240)
        #expect(loop.run(from: 0, to: 100, refreshRate: 144).doneFrame == 288)
    }

    @Test("ζ ≥ 1 runs as critical damping with ω₀: an over-damped config moves like the critical spring of its k/m")
    func overDampedIsCritical() throws {
        let over = ReanimatedLoop(.physics(mass: 1, stiffness: 400, damping: 100)).run(from: 0, to: 1, refreshRate: 60)
        let critical = ReanimatedLoop(.physics(mass: 1, stiffness: 400, damping: 40)).run(
            from: 0, to: 1, refreshRate: 60)
        #expect(over.values == critical.values && over.doneFrame == critical.doneFrame)
        let spring = try Spring(mass: 1, stiffness: 400, damping: 40)
        // The per-frame restart is exact: at ≥ 15.6 Hz the frames are the closed form's (ζ = 1).
        #expect(over.largestError(against: spring, from: 0, to: 1, initialVelocity: 0) < 1e-12)
        let trueOver = try Spring(mass: 1, stiffness: 400, damping: 100)
        #expect(over.largestError(against: trueOver, from: 0, to: 1, initialVelocity: 0) > 0.1)
    }

    @Test("a frame gap above 64 ms advances the motion by 64 ms only (12 Hz: the clock runs 23 % slow)")
    func timeDilation() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        for run in [
            ReanimatedLoop(spring).run(from: 0, to: 1, refreshRate: 12),
            Reanimated3Loop(spring).run(from: 0, to: 1, refreshRate: 12),
        ] {
            let clock = try #require(run.simulatedTimes)
            #expect(abs(clock[5] - 5 * 0.064) < 1e-15)
            let p = spring.propagator(time: 0.064 * 5)
            #expect(abs(run.values[5] - (1 - p.positionFromDisplacement)) < 1e-12)
            #expect(abs(try #require(run.clockDrift) - (0.064 * 12 - 1)) < 1e-12)
        }
        // At 60 Hz the clock is the display's: the run keeps none.
        #expect(ReanimatedLoop(spring).run(from: 0, to: 1, refreshRate: 60).simulatedTimes == nil)
    }

    @Test("done rules: v4's energy ratio 6e-9 (relative), v3's |v| < 2 and |x − to| < 0.01 (absolute)")
    func doneRules() throws {
        // v4: relative, so the travel does not move the done frame (from rest).
        let gentle = ReanimatedLoop(ReanimatedParameters.gentle.spring)
        let small = gentle.run(from: 0, to: 1, refreshRate: 60)
        let large = gentle.run(from: 0, to: 1000, refreshRate: 60)
        #expect(small.doneFrame == large.doneFrame && small.doneFrame != nil)
        // v3: absolute, so a longer travel takes longer, and a travel below 0.01 from rest ends on frame 1.
        let v3 = Reanimated3Loop(Reanimated3Parameters.defaults.spring)
        let one = try #require(v3.run(from: 0, to: 1, refreshRate: 60).doneFrame)
        let thousand = try #require(v3.run(from: 0, to: 1000, refreshRate: 60).doneFrame)
        #expect(thousand > one)
        #expect(v3.run(from: 0, to: 0.009, refreshRate: 60).doneFrame == 1)
        // Both end showing the target exactly.
        #expect(small.values.last == 1 && large.values.last == 1000)
        // An invalid config (damping 0) snaps on frame 1.
        let undamped = try Spring(mass: 1, stiffness: 100, damping: 0)
        for run in [
            ReanimatedLoop(undamped).run(from: 0, to: 1, refreshRate: 60),
            Reanimated3Loop(undamped).run(from: 0, to: 1, refreshRate: 60),
        ] {
            #expect(run.doneFrame == 1 && run.values == [0, 1])
        }
    }
}
