#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

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
    /// The platform's name in runs and reports.
    public static let platform = "Motion"

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
    public func next(_ t: Double) -> (value: Double, done: Bool) {
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        let delta = target - origin
        let v0 = -(velocity / 1000)                     // units per ms, sign flipped
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
            currentVelocity = 1000 * envelope * (sinCoefficient * s + cosCoefficient * c)
        } else if zeta == 1 {
            let cc = v0 + omega0 * delta
            current = target - exp(-omega0 * t) * (delta + cc * t)
            currentVelocity = 1000 * exp(-omega0 * t) * (omega0 * cc * t - v0)
        } else {
            let omegaD = omega0 * (zeta * zeta - 1).squareRoot()
            let p = (v0 + zeta * omega0 * delta) / omegaD
            let sinhCoefficient = zeta * omega0 * p - delta * omegaD
            let coshCoefficient = zeta * omega0 * delta - p * omegaD
            let envelope = exp(-zeta * omega0 * t)
            let capped = Swift.min(omegaD * t, 300)
            current = target - (envelope * ((v0 + zeta * omega0 * delta) * sinh(capped) + omegaD * delta * cosh(capped))) / omegaD
            currentVelocity = 1000 * envelope * (sinhCoefficient * sinh(capped) + coshCoefficient * cosh(capped))
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
    public func run(refreshRate: Double) -> DisplayedMotion {
        let end = calculatedDuration
        if end <= 0 {
            return PlatformAnimation.doneAtStart(Self.platform, refreshRate: refreshRate, start: target, keepsClock: false)
        }
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: origin, keepsClock: false) { frame in
            let t = (Double(frame) * 1000 / refreshRate).rounded(.toNearestOrAwayFromZero)
            return t >= end ? (target, 0, true) : (next(t).value, 0, false)
        }
    }
}

/// Flutter's `SpringSimulation` (flutter/flutter
/// `packages/flutter/lib/src/physics/spring_simulation.dart` and
/// `tolerance.dart`): `isDone(t)` is `|x(t) − end| < 1e-3` and
/// `|v(t)| < 1e-3` (absolute, the default `Tolerance`), checked by the
/// animation controller on each frame.
public enum FlutterSpring {
    /// The platform's name in runs and reports.
    public static let platform = "Flutter"

    /// The default tolerance (distance and velocity).
    public static let tolerance = 1e-3

    /// The first display frame at which `isDone` holds.
    public static func run(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double,
        tolerance: Double = FlutterSpring.tolerance
    ) -> DisplayedMotion {
        func state(_ frame: Int) -> (value: Double, done: Bool) {
            let p = spring.propagator(time: Double(frame) / refreshRate)
            let x = to + p.positionFromDisplacement * (from - to) + p.positionFromVelocity * initialVelocity
            let v = p.velocityFromDisplacement * (from - to) + p.velocityFromVelocity * initialVelocity
            return (x, abs(x - to) < tolerance && abs(v) < tolerance)
        }
        if state(0).done { return PlatformAnimation.doneAtStart(platform, refreshRate: refreshRate, start: from, keepsClock: false) }
        return PlatformAnimation.record(platform, refreshRate: refreshRate, start: from, keepsClock: false) { frame in
            let shown = state(frame)
            return (shown.value, 0, shown.done)
        }
    }
}

/// Jetpack Compose's duration estimate (androidx
/// `compose/animation/animation-core/.../SpringEstimation.kt`, commit
/// 1d7dc4d109e12aa0d24aba1e4a024b996849f4ef, and `FloatSpringSpec`): the
/// time after which the motion stays within `visibilityThreshold` (default
/// 0.01, in the value's units) — the envelope for ζ < 1, Newton's method for
/// ζ ≥ 1 — truncated to whole milliseconds. Compose ends the animation then.
public enum ComposeSpringEstimate {
    /// The platform's name in runs and reports.
    public static let platform = "Compose"

    /// `Spring.DefaultDisplacementThreshold`.
    public static let defaultVisibilityThreshold = 0.01

    /// `FloatSpringSpec.getDurationNanos` in milliseconds (Compose works in
    /// binary32 here: stiffness, ratio and the scaled start are rounded).
    public static func durationMilliseconds(
        stiffness: Float, dampingRatio: Float, from: Double, to: Double, initialVelocity: Double = 0,
        visibilityThreshold: Float = 0.01
    ) -> Int64 {
        let displacement = (Float(from) - Float(to)) / visibilityThreshold
        let velocity = Float(initialVelocity) / visibilityThreshold
        if dampingRatio == 0 { return Int64.max / 1_000_000 }
        return estimate(
            stiffness: Double(stiffness), dampingRatio: Double(dampingRatio), initialVelocity: Double(velocity),
            initialDisplacement: Double(displacement), delta: 1)
    }

    /// `estimateAnimationDurationMillis` (Double arguments).
    public static func estimate(
        stiffness: Double, dampingRatio: Double, initialVelocity: Double, initialDisplacement: Double, delta: Double
    ) -> Int64 {
        let dampingCoefficient = 2.0 * dampingRatio * stiffness.squareRoot()
        let partialRoot = dampingCoefficient * dampingCoefficient - 4.0 * stiffness
        let rootReal = partialRoot < 0 ? 0 : partialRoot.squareRoot()
        let rootImaginary = partialRoot < 0 ? abs(partialRoot).squareRoot() : 0
        let first = (real: (-dampingCoefficient + rootReal) * 0.5, imaginary: rootImaginary * 0.5)
        let second = (-dampingCoefficient - rootReal) * 0.5
        if initialDisplacement == 0.0 && initialVelocity == 0.0 { return 0 }
        let v0 = initialDisplacement < 0 ? -initialVelocity : initialVelocity
        let p0 = abs(initialDisplacement)
        let t: Double
        if dampingRatio > 1.0 {
            t = overDamped(first.real, second, p0, v0, delta)
        } else if dampingRatio < 1.0 {
            let c2 = (v0 - first.real * p0) / first.imaginary
            t = log(delta / (p0 * p0 + c2 * c2).squareRoot()) / first.real
        } else {
            t = criticallyDamped(first.real, p0, v0, delta)
        }
        let milliseconds = t * 1000.0
        if milliseconds.isNaN { return 0 }
        if milliseconds >= 9.223372036854775807e18 { return .max }
        if milliseconds <= -9.223372036854775808e18 { return .min }
        return Int64(milliseconds)
    }

    static func criticallyDamped(_ r: Double, _ c1: Double, _ v0: Double, _ delta: Double) -> Double {
        let c2 = v0 - r * c1
        let t1 = log(abs(delta / c1)) / r
        let guess = log(abs(delta / c2))
        var t2 = guess
        for _ in 0...5 { t2 = guess - log(abs(t2 / r)) }
        t2 /= r
        var current: Double
        if !t1.isFinite { current = t2 } else if !t2.isFinite { current = t1 } else { current = Swift.max(t1, t2) }
        let inflection = -(r * c1 + c2) / (r * c2)
        let xInflection = c1 * exp(r * inflection) + c2 * inflection * exp(r * inflection)
        let signedDelta: Double
        if inflection.isNaN || inflection <= 0.0 {
            signedDelta = -delta
        } else if inflection > 0.0 && -xInflection < delta {
            if c2 < 0 && c1 > 0 { current = 0.0 }
            signedDelta = -delta
        } else {
            current = -(2.0 / r) - (c1 / c2)
            signedDelta = delta
        }
        var change = Double.greatestFiniteMagnitude
        var iterations = 0
        while change > 0.001 && iterations < 100 {
            iterations += 1
            let last = current
            let fn = (c1 + c2 * current) * exp(r * current) + signedDelta
            let fnPrime = (c2 * (r * current + 1) + c1 * r) * exp(r * current)
            current = current - fn / fnPrime
            change = abs(last - current)
        }
        return current
    }

    static func overDamped(_ r1: Double, _ r2: Double, _ p0: Double, _ v0: Double, _ delta: Double) -> Double {
        let c2 = (r1 * p0 - v0) / (r1 - r2)
        let c1 = p0 - c2
        let t1 = log(abs(delta / c1)) / r1
        let t2 = log(abs(delta / c2)) / r2
        var current: Double
        if !t1.isFinite { current = t2 } else if !t2.isFinite { current = t1 } else { current = Swift.max(t1, t2) }
        let inflection = log((c1 * r1) / (-c2 * r2)) / (r2 - r1)
        let signedDelta: Double
        if inflection.isNaN || inflection <= 0.0 {
            signedDelta = -delta
        } else if inflection > 0.0 && -(c1 * exp(r1 * inflection) + c2 * exp(r2 * inflection)) < delta {
            if c2 > 0.0 && c1 < 0.0 { current = 0.0 }
            signedDelta = -delta
        } else {
            current = log(-(c2 * r2 * r2) / (c1 * r1 * r1)) / (r1 - r2)
            signedDelta = delta
        }
        func fn(_ t: Double) -> Double { c1 * exp(r1 * t) + c2 * exp(r2 * t) + signedDelta }
        func fnPrime(_ t: Double) -> Double { c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t) }
        if abs(fnPrime(current)) < 0.0001 { return current }
        var change = Double.greatestFiniteMagnitude
        var iterations = 0
        while change > 0.001 && iterations < 100 {
            iterations += 1
            let last = current
            current = current - fn(current) / fnPrime(current)
            change = abs(last - current)
        }
        return current
    }
}
