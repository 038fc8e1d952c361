import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// React Native Reanimated 4's `withSpring`; its loop is ``ReanimatedLoop``.
    public static let reanimated = SpringPlatform(
        name: "React Native Reanimated 4", shortName: "Reanimated 4",
        source:
            "software-mansion/react-native-reanimated packages/react-native-reanimated/src/animation/spring/ (spring.ts 01e4626e, springUtils.ts 0893dd90, springConfigs.ts 178a31ed): GentleSpringConfig mass 4, stiffness 900, damping 120",
        loop: ReanimatedLoop.self,
        loopSummary:
            "the closed form re-started each frame from the shown value and velocity over min(frame gap, 64 ms), ζ ≥ 1 run as critical with ω₀; done when the energy ½kx² + ½mv² is at most 6e-9 of the start's, then snaps",
        form: PlatformForm(keyword: "reanimated", family: ReanimatedFamily.self) { v in
            "withSpring(target, { mass: \(PlatformForm.number(v[.mass] ?? .nan)), stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)) })"
        }
    )
}

/// React Native Reanimated 4's `withSpring` on one number, frame by frame
/// (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring/spring.ts`, commit
/// 01e4626eaf1e4038f3ab69a98ff08ba7d056e2ee, and `springUtils.ts`, commit
/// 0893dd90898156277b8708ff82ad3f724f259f4b; which 4.x release each stored
/// commit belongs to is not known here).
///
/// `onStart` (at frame 0) sets `x0 = from − to`, the velocity to
/// `config.velocity`, ζ, ω₀ and ω₁ from the config (in duration mode the
/// stiffness is solved first, `ReanimatedDurationParameters`), and the
/// start energy `E0 = ½k·x0² + ½m·config.velocity²`. Each later frame
/// (`springOnFrame`) takes `Δt = min(now − lastTimestamp, 64)` ms, advances
/// the exact solution from the current value and velocity by Δt (the
/// under-damped formula for ζ < 1, the critically damped one with ω₀ for
/// ζ ≥ 1: an over-damped spring moves as the critical spring of the same
/// k/m), and ends, showing `to`, when `E0 = 0` or `E/E0 ≤ energyThreshold`
/// (6e-9), or with `overshootClamping` when the value leaves
/// [to, to + x0]. A config with a non-positive stiffness, damping, mass,
/// damping ratio or threshold, or a duration of 0, snaps to `to` on the
/// first frame.
///
/// Frame times: Reanimated's `now` is the frame's timestamp in ms; the loop
/// assumes the frames' display times `n·1000/refreshRate` (as a rAF
/// timestamp gives them), with the animation started on frame 0. A run keeps
/// a clock (``DisplayedMotion/simulatedTimes``, the sum of the Δt it advanced
/// by) only where it falls behind the display: frame gaps above 64 ms.
public struct ReanimatedLoop: PlatformLoop, Hashable {
    public static let platform = SpringPlatform.reanimated

    /// The two forms of `withSpring`'s config.
    public enum Configuration: Sendable, Hashable {
        /// `{ mass, stiffness, damping }`.
        case physics(mass: Double, stiffness: Double, damping: Double)
        /// `{ duration, dampingRatio }` (duration in **milliseconds**); the
        /// stiffness is solved at the start for the run's `x0` and velocity,
        /// at `mass` (`config.mass`, default 4).
        case duration(milliseconds: Double, dampingRatio: Double, mass: Double)
    }

    public var configuration: Configuration
    /// `energyThreshold` (default 6e-9).
    public var energyThreshold: Double
    /// `overshootClamping` (default false).
    public var overshootClamping: Bool

    public init(_ configuration: Configuration, energyThreshold: Double = 6e-9, overshootClamping: Bool = false) {
        self.configuration = configuration
        self.energyThreshold = energyThreshold
        self.overshootClamping = overshootClamping
    }

    /// The physics config `{ mass, stiffness, damping }` of `spring`.
    public init(_ spring: Spring) {
        self.init(.physics(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping))
    }

    /// The physics config of `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }

    /// What `onStart` computes: ζ, ω₀, ω₁, the stiffness and mass the energy
    /// rule uses, and whether the config is invalid (`skipAnimation`).
    struct Start {
        var zeta: Double
        var omega0: Double
        var omega1: Double
        var stiffness: Double
        var mass: Double
        var skip: Bool
    }

    func start(displacement x0: Double, velocity v0: Double) -> Start {
        switch configuration {
        case .physics(let m, let k, let c):
            // `checkIfConfigIsValid`: a value `<= 0` is invalid (a NaN is not).
            let skip = [k, c, m, energyThreshold].contains { $0 <= 0 }
            let zeta = c / (2 * (k * m).squareRoot())
            let omega0 = (k / m).squareRoot()
            let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
            return Start(zeta: zeta, omega0: omega0, omega1: omega1, stiffness: k, mass: m, skip: skip)
        case .duration(let milliseconds, let zeta, let m):
            // The physics defaults (900, 120) are valid; `duration: 0` skips too.
            let skip = [zeta, m, energyThreshold].contains { $0 <= 0 } || milliseconds < 0 || milliseconds == 0
            guard !skip else { return Start(zeta: 0, omega0: 0, omega1: 0, stiffness: 0, mass: m, skip: true) }
            let k = ReanimatedDurationParameters.stiffness(
                duration: milliseconds, dampingRatio: zeta, mass: m, energyThreshold: energyThreshold,
                displacement: x0, velocity: v0)
            let omega0 = (k / m).squareRoot()
            let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
            return Start(zeta: zeta, omega0: omega0, omega1: omega1, stiffness: k, mass: m, skip: false)
        }
    }

    /// One frame's step from displacement `x0` (`current − to`) and velocity
    /// `v0` over `t` seconds: `underDampedSpringCalculations` or
    /// `criticallyDampedSpringCalculations`, as Reanimated 4 writes them.
    /// Returns the new displacement and velocity.
    static func step(x0: Double, v0: Double, zeta: Double, omega0: Double, omega1: Double, t: Double) -> (
        displacement: Double, velocity: Double
    ) {
        if zeta < 1 {
            let sin1 = sin(omega1 * t)
            let cos1 = cos(omega1 * t)
            let envelope = exp(-zeta * omega0 * t)
            let frag1 = envelope * (sin1 * ((v0 + zeta * omega0 * x0) / omega1) + x0 * cos1)
            let velocity = -zeta * omega0 * frag1 + envelope * (cos1 * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin1)
            return (frag1, velocity)
        }
        let envelope = exp(-omega0 * t)
        let displacement = envelope * (x0 + (v0 + omega0 * x0) * t)
        let velocity = envelope * -omega0 * (x0 + (v0 + omega0 * x0) * t) + envelope * (v0 + omega0 * x0)
        return (displacement, velocity)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let x0 = from - to
        let setup = start(displacement: x0, velocity: initialVelocity)
        let initialEnergy = ReanimatedDurationParameters.energy(
            displacement: x0, velocity: initialVelocity, stiffness: setup.stiffness, mass: setup.mass)
        var current = from
        var velocity = initialVelocity
        var lastTimestamp = 0.0
        var simulated = 0.0
        // Its clock is the display's unless a frame gap exceeds 64 ms.
        return PlatformAnimation.record(
            Self.platform, clock: clock, start: from, keepsClock: clock.longestIntervalMilliseconds > 64
        ) {
            frame in
            if setup.skip { return (to, simulated, true) }
            let now = clock.milliseconds(frame)
            let deltaTime = Swift.min(now - lastTimestamp, 64)
            lastTimestamp = now
            let t = deltaTime / 1000
            simulated += t
            let next = Self.step(
                x0: current - to, v0: velocity, zeta: setup.zeta, omega0: setup.omega0, omega1: setup.omega1, t: t)
            current = to + next.displacement
            velocity = next.velocity
            if overshootClamping {
                let leftBound = x0 >= 0 ? to : to + x0
                let rightBound = leftBound + abs(x0)
                if current < leftBound || current > rightBound { return (to, simulated, true) }
            }
            let energy = ReanimatedDurationParameters.energy(
                displacement: to - current, velocity: velocity, stiffness: setup.stiffness, mass: setup.mass)
            if initialEnergy == 0 || energy / initialEnergy <= energyThreshold { return (to, simulated, true) }
            return (current, simulated, false)
        }
    }
}
