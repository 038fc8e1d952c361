import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// Jetpack Compose's `spring()` (androidx.compose.animation.core); its loop is
    /// ``ComposeLoop``.
    public static let jetpackCompose = SpringPlatform(
        name: "Jetpack Compose", shortName: "Compose",
        source: "androidx.compose.animation.core Spring.kt and spring() (StiffnessMedium, DampingRatioNoBouncy)",
        loop: ComposeLoop.self,
        loopSummary:
            "the closed form at whole-millisecond play time; ends at its duration estimate for visibilityThreshold 0.01",
        form: PlatformForm(keyword: "compose", family: AndroidFamily.self) { v in
            "spring(dampingRatio = \(PlatformForm.float(v[.dampingRatio] ?? .nan)), stiffness = \(PlatformForm.float(v[.stiffness] ?? .nan)))"
        }
    )
}

/// Compose's run of a spring as a ``PlatformLoop``: the closed form at the
/// frame's whole-millisecond play time (frame 0 at play time 0, as
/// `SuspendAnimation.kt` `animate()` runs its first frame), showing the
/// target from the first frame at or past
/// ``ComposeSpringEstimate/durationMilliseconds(stiffness:dampingRatio:from:to:initialVelocity:visibilityThreshold:)``.
public struct ComposeLoop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .jetpackCompose }

    /// The spring Compose's `FloatSpringSpec` evaluates.
    public var spring: Spring
    /// `visibilityThreshold`, in the value's units.
    public var visibilityThreshold: Float

    /// Compose's run of `spring` at `visibilityThreshold` (default 0.01).
    public init(_ spring: Spring, visibilityThreshold: Float = 0.01) {
        self.spring = spring
        self.visibilityThreshold = visibilityThreshold
    }

    /// Compose's run of `spring` at the default threshold; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let refreshRate = clock.refreshRate
        let spring = self.spring
        let estimate = ComposeSpringEstimate.durationMilliseconds(
            stiffness: Float(spring.stiffness / spring.mass), dampingRatio: Float(spring.dampingRatio),
            from: from, to: to, initialVelocity: initialVelocity, visibilityThreshold: visibilityThreshold)
        // `animate()` runs its first frame at play time 0: an estimate of 0 or
        // less (a start within the threshold) ends it there, showing the target.
        if estimate <= 0 {
            return DisplayedMotion(
                platform: Self.platform, refreshRate: refreshRate, values: [to], simulatedTimes: nil, doneFrame: 0,
                clock: clock)
        }
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: false) {
            frame in
            let milliseconds = (clock.milliseconds(frame)).rounded(.down)
            if milliseconds >= Double(estimate) { return (to, 0, true) }
            let p = spring.propagator(time: milliseconds / 1000)
            return (to + p.positionFromDisplacement * (from - to) + p.positionFromVelocity * initialVelocity, 0, false)
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
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.jetpackCompose

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
