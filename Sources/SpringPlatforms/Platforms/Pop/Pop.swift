import SpringModel

extension SpringPlatform {
    /// Facebook's Pop (Objective-C); its loop is ``PopLoop``.
    public static let pop = SpringPlatform(
        name: "Pop",
        source: "Pop's POPSpringAnimation.h (springBounciness 4, springSpeed 12) and POPAnimationExtras.mm",
        loop: PopLoop.self,
        loopSummary:
            "textbook RK4 at 0.001f s with the same interpolated write-back; done at its property threshold (1 for points)",
        form: PlatformForm(keyword: "pop", family: PopFamily.self) { v in
            "animation.springBounciness = \(PlatformForm.number(v[.bounciness] ?? .nan)); animation.springSpeed = \(PlatformForm.number(v[.speed] ?? .nan))"
        }
    )
}

/// Pop (facebookarchive/pop `pop/POPSpringSolver.h`, `POPSpringAnimationInternal.h`,
/// commit 87d1f8b74cdaa4699d7a9f6be1ff5202014c581f): textbook RK4 on the
/// distance to the target with a step of `0.001f` (0.0010000000474974513 s),
/// an accumulator and the interpolated state written back, like Rebound;
/// the first rendered frame has dt = 0. Done when the last two shown values
/// are within threshold/5 of the target and of each other, or the solver
/// has converged (`|p| < t/2`, `v² < 25t`, `Δv² < 625t²`, already on the
/// first render), and the done render shows the target (`POPAnimator.mm`
/// `applyAnimationToValue`); the threshold is the
/// property's (1 for points and custom properties, 0.01 for opacity, 0.005 for scale).
public struct PopLoop: PlatformLoop, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.pop

    public var tension: Double
    public var friction: Double
    public var mass: Double
    public var threshold: Double

    public init(tension: Double, friction: Double, mass: Double = 1, threshold: Double = 1) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.threshold = threshold
    }

    public init(_ spring: Spring, threshold: Double = 1) {
        self.init(tension: spring.stiffness, friction: spring.damping, mass: spring.mass, threshold: threshold)
    }

    /// Pop's solver step, `Double(Float(0.001))`.
    public static let solverStep = Double(Float(0.001))

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let refreshRate = clock.refreshRate
        let h = Self.solverStep
        func acceleration(_ p: Double, _ v: Double) -> Double { p * (-tension / mass) - v * (friction / mass) }
        // The first render, at the start time (dt = 0): the solver leaves the
        // state as it is, the value written is `to − (to − from)`, and
        // `isDone` already applies its solver test (`lastDv` is 0).
        var value = to - (to - from), velocity = initialVelocity
        var accumulator = 0.0
        var lastDv = 0.0
        var simulated = 0.0
        var previous: Double? = value, previous2: Double? = nil
        var lastTime = 0.0
        let tp = threshold / 2, tv = 25.0 * threshold, ta = 625.0 * threshold * threshold
        if abs(to - from) < tp && velocity * velocity < tv {
            // `applyAnimationToValue` writes `toValue` on the done render.
            return DisplayedMotion(
                platform: Self.platform, refreshRate: refreshRate, values: [to], simulatedTimes: [0], doneFrame: 0,
                clock: clock)
        }
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: true) {
            frame in
            let time = clock.seconds(frame)
            let dt = time - lastTime
            lastTime = time
            var p = to - value
            var v = -velocity
            accumulator += dt
            var previousP = p, previousV = v
            var steps = 0
            while accumulator >= h {
                previousP = p
                previousV = v
                let aDp = v, aDv = acceleration(p, v)
                let half = h * 0.5
                var sp = p + aDp * half, sv = v + aDv * half
                let bDp = sv, bDv = acceleration(sp, sv)
                sp = p + bDp * half
                sv = v + bDv * half
                let cDp = sv, cDv = acceleration(sp, sv)
                sp = p + cDp * h
                sv = v + cDv * h
                let dDp = sv, dDv = acceleration(sp, sv)
                let dpdt = (aDp + (bDp + cDp) * 2.0 + dDp) * (1.0 / 6.0)
                let dvdt = (aDv + (bDv + cDv) * 2.0 + dDv) * (1.0 / 6.0)
                p = p + dpdt * h
                v = v + dvdt * h
                lastDv = dvdt
                accumulator -= h
                steps += 1
            }
            let alpha = accumulator / h
            p = p * alpha + previousP * (1 - alpha)
            v = v * alpha + previousV * (1 - alpha)
            simulated += steps > 0 ? (Double(steps) - 1 + alpha) * h : 0
            value = to - p
            velocity = -v
            previous2 = previous
            previous = value
            let t5 = threshold / 5
            var animationConverged = false
            if let pv = previous, let p2 = previous2 {
                animationConverged = !(abs(to - pv) >= t5 || abs(p2 - pv) >= t5)
            }
            let solverConverged = abs(p) < tp && v * v < tv && lastDv * lastDv < ta
            let done = animationConverged || solverConverged
            // On the done render `applyAnimationToValue` writes `toValue` (`finalizeProgress`).
            return (done ? to : value, simulated, done)
        }
    }
}

extension PopLoop {
    /// Pop's loop for `spring` at a point property's threshold (1); it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }
}
