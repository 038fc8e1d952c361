import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// React Native Reanimated 3's `withSpring`; its loop is ``Reanimated3Loop``.
    public static let reanimated3 = SpringPlatform(
        name: "React Native Reanimated 3", shortName: "Reanimated 3",
        source:
            "software-mansion/react-native-reanimated packages/react-native-reanimated/src/animation/ (3.x: spring.ts b0b11b6f, springUtils.ts f443c273): defaults mass 1, stiffness 100, damping 10, restDisplacementThreshold 0.01, restSpeedThreshold 2",
        loop: Reanimated3Loop.self,
        loopSummary:
            "the closed form re-started each frame from the shown value and velocity over min(frame gap, 64 ms), ζ ≥ 1 run as critical with ω₀; done when |v| < 2 and |x − to| < 0.01 (absolute, value units), then snaps",
        form: PlatformForm(keyword: "reanimated3", family: Reanimated3Family.self) { v in
            "withSpring(target, { mass: \(PlatformForm.number(v[.mass] ?? .nan)), stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)) })"
        }
    )
}

/// React Native Reanimated 3's `withSpring` on one number, frame by frame
/// (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring.ts`, commit
/// b0b11b6fe782b5d889fe87378fc3f508c08b60a8, and `springUtils.ts`, commit
/// f443c2734bc453d974653006be28dd4a614a1c18: the 3.x monorepo layout of
/// 3.16–3.19; the same rules as `src/reanimated2/animation/` of 3.0–3.15.
/// Which release each stored commit belongs to is not known here).
///
/// The frame step is Reanimated 4's with the signs flipped (`x0 = to − current`,
/// `v0 = −velocity`), and ζ ≥ 1 again runs the critically damped formula with
/// ω₀. The rules differ:
/// - physics config: done, showing `to`, on the first frame after the step
///   where `|v| < restSpeedThreshold` (2 units/s) **and**
///   `|to − x| < restDisplacementThreshold` (0.01 units), both absolute and
///   strict, or with `overshootClamping` when the value has crossed `to`;
/// - duration config: the mass is solved at the start for this run's travel
///   (`Reanimated3DurationParameters.mass(duration:dampingRatio:stiffness:restSpeedThreshold:displacement:velocity:)`),
///   and the animation ends, showing `to`, on the first frame whose time since
///   the start is at least `duration`; the rest thresholds are not used.
///
/// A non-positive stiffness, damping, damping ratio, mass or threshold, or a
/// duration of 0, snaps to `to` on the first frame. Frame times are the
/// display times `n·1000/refreshRate` ms (as a rAF timestamp gives them), the
/// animation started on frame 0; Δt = min(frame gap, 64 ms). A run keeps a
/// clock (the sum of the Δt) only where it falls behind the display: frame
/// gaps above 64 ms.
public struct Reanimated3Loop: PlatformLoop, Hashable {
    public static let platform = SpringPlatform.reanimated3

    /// The two forms of `withSpring`'s config.
    public enum Configuration: Sendable, Hashable {
        /// `{ mass, stiffness, damping }`.
        case physics(mass: Double, stiffness: Double, damping: Double)
        /// `{ duration, dampingRatio }` (duration in **milliseconds**) with
        /// `config.stiffness` (default 100): the mass is solved at the start.
        case duration(milliseconds: Double, dampingRatio: Double, stiffness: Double)
    }

    public var configuration: Configuration
    /// `restDisplacementThreshold` (default 0.01, value units).
    public var restDisplacementThreshold: Double
    /// `restSpeedThreshold` (default 2, value units per second).
    public var restSpeedThreshold: Double
    /// `overshootClamping` (default false).
    public var overshootClamping: Bool

    public init(
        _ configuration: Configuration, restDisplacementThreshold: Double = 0.01, restSpeedThreshold: Double = 2,
        overshootClamping: Bool = false
    ) {
        self.configuration = configuration
        self.restDisplacementThreshold = restDisplacementThreshold
        self.restSpeedThreshold = restSpeedThreshold
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

    /// One frame's step as Reanimated 3 writes it: from `x0 = to − current`
    /// and `v0 = −velocity` over `t` seconds; returns the new value and velocity.
    static func step(
        to: Double, x0: Double, v0: Double, zeta: Double, omega0: Double, omega1: Double, t: Double
    ) -> (value: Double, velocity: Double) {
        if zeta < 1 {
            let sin1 = sin(omega1 * t)
            let cos1 = cos(omega1 * t)
            let envelope = exp(-zeta * omega0 * t)
            let frag1 = envelope * (sin1 * ((v0 + zeta * omega0 * x0) / omega1) + x0 * cos1)
            let velocity = zeta * omega0 * frag1 - envelope * (cos1 * (v0 + zeta * omega0 * x0) - omega1 * x0 * sin1)
            return (to - frag1, velocity)
        }
        let envelope = exp(-omega0 * t)
        let value = to - envelope * (x0 + (v0 + omega0 * x0) * t)
        let velocity = envelope * (v0 * (t * omega0 - 1) + t * x0 * omega0 * omega0)
        return (value, velocity)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let stiffness: Double
        var mass: Double
        let damping: Double
        var dampingRatio: Double
        var durationMilliseconds: Double?
        switch configuration {
        case .physics(let m, let k, let c):
            (mass, stiffness, damping, dampingRatio) = (m, k, c, 0.5)
        case .duration(let milliseconds, let zeta, let k):
            (mass, stiffness, damping, dampingRatio) = (1, k, 10, zeta)
            durationMilliseconds = milliseconds
        }
        // `checkIfConfigIsValid` (a value `<= 0` is invalid, a NaN is not) and `duration === 0`.
        let skip =
            [stiffness, damping, dampingRatio, restDisplacementThreshold, restSpeedThreshold, mass].contains { $0 <= 0 }
            || (durationMilliseconds ?? 0) < 0 || durationMilliseconds == 0
        let zeta: Double
        let omega0: Double
        if let milliseconds = durationMilliseconds {
            if !skip {
                mass = Reanimated3DurationParameters.mass(
                    duration: milliseconds, dampingRatio: dampingRatio, stiffness: stiffness,
                    restSpeedThreshold: restSpeedThreshold, displacement: to - from, velocity: initialVelocity)
            }
            zeta = dampingRatio
            omega0 = (stiffness / mass).squareRoot()
        } else {
            zeta = damping / (2 * (stiffness * mass).squareRoot())
            omega0 = (stiffness / mass).squareRoot()
        }
        let omega1 = omega0 * (1 - zeta * zeta).squareRoot()
        var current = from
        var velocity = initialVelocity
        var lastTimestamp = 0.0
        var simulated = 0.0
        // Its clock is the display's unless a frame gap exceeds 64 ms.
        return PlatformAnimation.record(
            Self.platform, clock: clock, start: from, keepsClock: clock.longestIntervalMilliseconds > 64
        ) {
            frame in
            let now = clock.milliseconds(frame)
            // `timeFromStart = now − startTimestamp`, the start being frame 0 at 0 ms.
            if let milliseconds = durationMilliseconds, now >= milliseconds { return (to, simulated, true) }
            if skip { return (to, simulated, true) }
            let deltaTime = Swift.min(now - lastTimestamp, 64)
            lastTimestamp = now
            let t = deltaTime / 1000
            simulated += t
            let next = Self.step(
                to: to, x0: to - current, v0: -velocity, zeta: zeta, omega0: omega0, omega1: omega1, t: t)
            current = next.value
            velocity = next.velocity
            guard durationMilliseconds == nil else { return (current, simulated, false) }
            let overshooting = overshootClamping && ((current > to && from < to) || (current < to && from > to))
            let resting = abs(velocity) < restSpeedThreshold && abs(to - current) < restDisplacementThreshold
            if overshooting || resting { return (to, simulated, true) }
            return (current, simulated, false)
        }
    }
}
