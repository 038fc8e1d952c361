import SpringModel

extension SpringPlatform {
    /// Facebook's Rebound (Java), whose configuration uses Origami's scale; its loop is
    /// ``ReboundLoop`` (rebound-js).
    public static let rebound = SpringPlatform(
        name: "Rebound",
        source: "Rebound's SpringConfig.java and OrigamiValueConverter.java (default Origami tension 40, friction 7)",
        loop: ReboundLoop.self,
        loopSummary:
            "a third-order Runge–Kutta variant (stale first stage) at 1 ms, a 1 ms first frame, the remainder interpolated back into its state each frame: its clock runs slow; done at |v| < 0.001 and |x − end| ≤ 0.001",
        form: PlatformForm(keyword: "rebound", family: OrigamiFamily.self) { v in
            "SpringConfig.fromOrigamiTensionAndFriction(\(PlatformForm.number(v[.origamiTension] ?? .nan)), \(PlatformForm.number(v[.origamiFriction] ?? .nan)))"
        }
    )
}

/// Rebound (facebook/rebound-js `src/Spring.js` and `src/SpringSystem.js`,
/// commit 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70): fixed 1 ms steps of a
/// Runge–Kutta scheme whose first stage takes the spring force at the
/// position left over from the previous step's last stage (`tempPosition`),
/// not at the current one — third order, not fourth; the frame's time (at
/// most 64 ms; the first frame after the system was idle is 1 ms) goes into
/// an accumulator, and the state is written back interpolated between the
/// last two steps, so each frame loses part of a step. At rest when
/// `|v| < restSpeedThreshold` (0.001) and `|end − x| ≤
/// displacementFromRestThreshold` (0.001), absolute, then it snaps to the end.
public struct ReboundLoop: PlatformLoop, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.rebound

    public var tension: Double
    public var friction: Double
    public var restSpeedThreshold = 0.001
    public var displacementFromRestThreshold = 0.001

    public init(tension: Double, friction: Double) {
        self.tension = tension
        self.friction = friction
    }

    /// Rebound's loop for a spring given canonically (mass 1: tension = k/m, friction = c/m).
    public init(_ spring: Spring) {
        self.init(tension: spring.stiffness / spring.mass, friction: spring.damping / spring.mass)
    }

    /// One of Rebound's 1 ms steps: `(position, velocity, tempPosition)` in and out.
    @inlinable
    public static func step(
        position: Double, velocity: Double, tempPosition: Double, end: Double, tension: Double, friction: Double,
        h: Double = 0.001
    ) -> (position: Double, velocity: Double, tempPosition: Double) {
        let aVelocity = velocity
        let aAcceleration = tension * (end - tempPosition) - friction * velocity
        var temp = position + aVelocity * h * 0.5
        var tempVelocity = velocity + aAcceleration * h * 0.5
        let bVelocity = tempVelocity
        let bAcceleration = tension * (end - temp) - friction * tempVelocity
        temp = position + bVelocity * h * 0.5
        tempVelocity = velocity + bAcceleration * h * 0.5
        let cVelocity = tempVelocity
        let cAcceleration = tension * (end - temp) - friction * tempVelocity
        temp = position + cVelocity * h
        tempVelocity = velocity + cAcceleration * h
        let dVelocity = tempVelocity
        let dAcceleration = tension * (end - temp) - friction * tempVelocity
        let dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
        let dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
        return (position + dxdt * h, velocity + dvdt * h, temp)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let h = 0.001
        var position = from, velocity = initialVelocity
        var previousPosition = from, previousVelocity = initialVelocity
        var tempPosition = from  // setCurrentValue → setAtRest syncs it
        var accumulator = 0.0
        var simulated = 0.0
        var time = 0.0, lastTime = -1.0
        func atRest() -> Bool {
            abs(velocity) < restSpeedThreshold && (abs(to - position) <= displacementFromRestThreshold || tension == 0)
        }
        if atRest() {
            return PlatformAnimation.doneAtStart(Self.platform, clock: clock, start: from, keepsClock: true)
        }
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: true) { frame in
            time += clock.intervalMilliseconds(frame)
            if lastTime == -1 { lastTime = time - 1 }
            let elapsed = time - lastTime
            lastTime = time
            accumulator += Swift.min(elapsed / 1000, 0.064)
            var steps = 0
            while accumulator >= h {
                accumulator -= h
                if accumulator < h {
                    previousPosition = position
                    previousVelocity = velocity
                }
                (position, velocity, tempPosition) = Self.step(
                    position: position, velocity: velocity, tempPosition: tempPosition, end: to,
                    tension: tension, friction: friction, h: h)
                steps += 1
            }
            if accumulator > 0 {
                let alpha = accumulator / h
                position = position * alpha + previousPosition * (1 - alpha)
                velocity = velocity * alpha + previousVelocity * (1 - alpha)
                if steps > 0 { simulated += (Double(steps) - 1 + alpha) * h }
            } else {
                simulated += Double(steps) * h
            }
            let done = atRest()
            if done { position = to }
            return (position, simulated, done)
        }
    }
}

extension ReboundLoop {
    /// Rebound's loop for `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }
}
