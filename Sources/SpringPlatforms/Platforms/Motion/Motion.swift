import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// Motion (formerly framer-motion), JavaScript; its loop is ``MotionLoop``.
    public static let motion = SpringPlatform(
        name: "Motion",
        source: "Motion's spring documentation (motion.dev): physics defaults stiffness 100, damping 10, mass 1",
        loop: MotionLoop.self,
        loopSummary:
            "evaluates the closed form at whole-millisecond frame times; playback ends at the first 50 ms grid point where its rest test holds (restDelta/restSpeed 0.5/2, or 0.005/0.01 below a travel of 5)",
        form: PlatformForm(keyword: "motion", family: PhysicalFamily.self) { v in
            "{ type: \"spring\", stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)), mass: \(PlatformForm.number(v[.mass] ?? .nan)) }"
        }
    )
}

/// Motion's spring generator and its playback (motiondivision/motion
/// `packages/motion-dom/src/animation/generators/spring.ts`,
/// `utils/calc-duration.ts`, `JSAnimation.ts`, commit
/// 1b037b0032578b52af94b06ff3920bfa0aaa5e36, v13.1.1).
///
/// The generator evaluates the closed form at `t` ms. Its own `done` is
/// `|v| ≤ restSpeed` (units/s) and `|target − x| ≤ restDelta`, with defaults
/// 0.01 and 0.005 when `|target − origin| < 5`, else 2 and 0.5; a
/// duration-based spring is done at `t ≥ duration`. Playback does not stop on
/// that flag: it precomputes the duration on a 50 ms grid (the first grid
/// time whose `next(t)` is done; infinite from 20 s) and ends on the first
/// frame whose time, rounded to whole ms, reaches it, showing the target.
public struct MotionGenerator: Sendable, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.motion

    public var stiffness: Double
    public var damping: Double
    public var mass: Double
    public var origin: Double
    public var target: Double
    /// Initial velocity in units per second (ignored by duration-based springs).
    public var velocity: Double
    public var restSpeed: Double
    public var restDelta: Double
    /// The duration in ms of a duration-based spring (`isResolvedFromDuration`), else `nil`.
    public var resolvedDuration: Double?

    public init(
        stiffness: Double, damping: Double, mass: Double = 1, origin: Double, target: Double, velocity: Double = 0,
        restSpeed: Double? = nil, restDelta: Double? = nil, resolvedDuration: Double? = nil
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
        self.origin = origin
        self.target = target
        self.velocity = resolvedDuration == nil ? velocity : 0
        let granular = abs(target - origin) < 5
        // `||=`: an explicit 0 takes the default too.
        self.restSpeed = restSpeed.flatMap { $0 != 0 ? $0 : nil } ?? (granular ? 0.01 : 2)
        self.restDelta = restDelta.flatMap { $0 != 0 ? $0 : nil } ?? (granular ? 0.005 : 0.5)
        self.resolvedDuration = resolvedDuration
    }

    /// `next(t)`: the value and Motion's own done flag at `t` milliseconds.
    /// The velocity is Motion's `secondsToMilliseconds(resolveVelocity(t))`:
    /// the product first, then `× 1000` (another order moves it by an ulp,
    /// which flips the rest test when the speed sits on `restSpeed`).
    public func next(_ t: Double) -> (value: Double, done: Bool) {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let delta = target - origin
        let v0 = -(velocity / 1000)  // units per ms, sign flipped
        let omega0 = (stiffness / mass).squareRoot() / 1000
        let current: Double, currentVelocity: Double
        if zeta < 1 {
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let a = (v0 + zeta * omega0 * delta) / omegaD
            let sinCoefficient = zeta * omega0 * a + delta * omegaD
            let cosCoefficient = zeta * omega0 * delta - a * omegaD
            let envelope = exp(-zeta * omega0 * t)
            let s = sin(omegaD * t), c = cos(omegaD * t)
            current = target - envelope * (a * s + delta * c)
            currentVelocity = envelope * (sinCoefficient * s + cosCoefficient * c) * 1000
        } else if zeta == 1 {
            let cc = v0 + omega0 * delta
            current = target - exp(-omega0 * t) * (delta + cc * t)
            currentVelocity = exp(-omega0 * t) * (omega0 * cc * t - v0) * 1000
        } else {
            let omegaD = omega0 * (zeta * zeta - 1).squareRoot()
            let p = (v0 + zeta * omega0 * delta) / omegaD
            let sinhCoefficient = zeta * omega0 * p - delta * omegaD
            let coshCoefficient = zeta * omega0 * delta - p * omegaD
            let envelope = exp(-zeta * omega0 * t)
            let capped = Swift.min(omegaD * t, 300)
            current =
                target - (envelope * ((v0 + zeta * omega0 * delta) * sinh(capped) + omegaD * delta * cosh(capped)))
                / omegaD
            currentVelocity = envelope * (sinhCoefficient * sinh(capped) + coshCoefficient * cosh(capped)) * 1000
        }
        let done: Bool
        if let duration = resolvedDuration {
            done = t >= duration
        } else {
            done = abs(currentVelocity) <= restSpeed && abs(target - current) <= restDelta
        }
        return (done ? target : current, done)
    }

    /// `calcGeneratorDuration`: the first 50 ms grid time at which `next` is
    /// done, `.infinity` from 20 000 ms; a duration-based spring's duration.
    public var calculatedDuration: Double {
        if let resolvedDuration, resolvedDuration != 0 { return resolvedDuration }
        var duration = 0.0
        var state = next(duration)
        while !state.done && duration < 20_000 {
            duration += 50
            state = next(duration)
        }
        return duration >= 20_000 ? .infinity : duration
    }

    /// Playback at `refreshRate`: frame n shows `next(round(n·1000/rate))` and
    /// the run ends on the first frame whose rounded time reaches
    /// ``calculatedDuration`` (never, for an infinite one).
    public func run(refreshRate: Double) -> DisplayedMotion { run(clock: .steady(refreshRate)) }

    /// Playback with each frame shown at the time `clock` gives it.
    public func run(clock: FrameClock) -> DisplayedMotion {
        let end = calculatedDuration
        if end <= 0 {
            return PlatformAnimation.doneAtStart(
                Self.platform, clock: clock, start: target, keepsClock: false)
        }
        return PlatformAnimation.record(Self.platform, clock: clock, start: origin, keepsClock: false) {
            frame in
            let t = (clock.milliseconds(frame)).rounded(.toNearestOrAwayFromZero)
            return t >= end ? (target, 0, true) : (next(t).value, 0, false)
        }
    }
}

/// Motion's playback of a physics spring as a ``PlatformLoop``: the
/// ``MotionGenerator`` for each run's origin, target and velocity, with the
/// stiffness and damping over the mass (Motion's mass 1).
public struct MotionLoop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .motion }

    /// Stiffness over the mass.
    public var stiffness: Double
    /// Damping over the mass.
    public var damping: Double
    /// The transition's `restSpeed`, `nil` for Motion's default.
    public var restSpeed: Double?

    /// Motion's playback of `spring` with the transition's `restSpeed` (`nil`: Motion's default).
    public init(_ spring: Spring, restSpeed: Double? = nil) {
        self.stiffness = spring.stiffness / spring.mass
        self.damping = spring.damping / spring.mass
        self.restSpeed = restSpeed
    }

    /// Motion's playback of `spring` with `options.motionRestSpeed`.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring, restSpeed: options.motionRestSpeed)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        MotionGenerator(
            stiffness: stiffness, damping: damping, origin: from, target: to, velocity: initialVelocity,
            restSpeed: restSpeed
        )
        .run(clock: clock)
    }
}
