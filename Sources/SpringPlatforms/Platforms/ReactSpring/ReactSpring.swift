import SpringModel

extension SpringPlatform {
    /// react-spring, JavaScript; its loop is ``ReactSpringLoop``.
    public static let reactSpring = SpringPlatform(
        name: "react-spring",
        source: "react-spring's config.ts (config.default, gentle, wobbly, stiff, slow, molasses)",
        loop: ReactSpringLoop.self,
        loopSummary:
            "semi-implicit Euler in whole 1 ms steps, ceil(frame ms) of them per frame (the first frame 17): its clock runs fast; done at precision min(1, 0.001·travel)",
        form: PlatformForm(keyword: "react-spring", family: ReactSpringFamily.self) { v in
            "config: { tension: \(PlatformForm.number(v[.tension] ?? .nan)), friction: \(PlatformForm.number(v[.friction] ?? .nan)), mass: \(PlatformForm.number(v[.mass] ?? .nan)) }"
        }
    )
}

/// react-spring (pmndrs/react-spring `packages/core/src/SpringValue.ts`
/// `advance` and `packages/rafz/src/index.ts`, commit
/// 3d2523de0f879e20869ab9add907540188bf6446): rafz hands each frame
/// `dt = min(64, now − last)` ms (the first frame the literal 16.667), and
/// `advance` takes `ceil(dt)` semi-implicit Euler steps of 1 ms with forces
/// `−tension·1e-6·(x − to) − friction·1e-3·v` over the mass (units per ms).
/// Each step first tests rest: `|v| ≤ restVelocity` (default precision/10 per
/// ms) and `|to − x| ≤ precision` (default `min(1, 0.001·|to − from|)`, 0.005
/// when from = to); the frame that finds it shows `to` exactly.
public struct ReactSpringLoop: PlatformLoop, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.reactSpring

    public var tension: Double
    public var friction: Double
    public var mass: Double
    /// `config.precision`; `nil` for react-spring's per-animation default.
    public var precision: Double?
    /// `config.restVelocity` in units per millisecond; `nil` for precision/10.
    public var restVelocity: Double?

    public init(
        tension: Double, friction: Double, mass: Double = 1, precision: Double? = nil, restVelocity: Double? = nil
    ) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.precision = precision
        self.restVelocity = restVelocity
    }

    /// react-spring's loop for a spring given canonically (tension = k, friction = c).
    public init(_ spring: Spring) {
        self.init(tension: spring.stiffness, friction: spring.damping, mass: spring.mass)
    }

    /// The frames from `from` to `to`; `initialVelocity` in units per second
    /// (react-spring's `config.velocity` is that over 1000).
    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let precision =
            self.precision.flatMap { $0 != 0 ? $0 : nil } ?? (from == to ? 0.005 : Swift.min(1, abs(to - from) * 0.001))
        let restVelocity = self.restVelocity.flatMap { $0 != 0 ? $0 : nil } ?? precision / 10
        var position = from
        var velocity = initialVelocity / 1000
        var steps = 0
        guard tension > 0 else {
            return PlatformAnimation.doneAtStart(Self.platform, clock: clock, start: from, keepsClock: true)
        }
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: true) {
            frame in
            let dt = frame == 1 ? 16.667 : Swift.min(64, clock.intervalMilliseconds(frame))
            let numberOfSteps = Int(dt.rounded(.up))  // ceil(dt / step), step = 1 ms
            var finished = false
            for _ in 0..<numberOfSteps {
                if !(abs(velocity) > restVelocity) {
                    finished = abs(to - position) <= precision
                    if finished { break }
                }
                let springForce = -tension * 0.000001 * (position - to)
                let dampingForce = -friction * 0.001 * velocity
                let acceleration = (springForce + dampingForce) / mass
                velocity = velocity + acceleration
                position = position + velocity
                steps += 1
            }
            if position.isNaN { finished = true }
            return (finished ? to : position, Double(steps) / 1000, finished)
        }
    }
}

extension ReactSpringLoop {
    /// react-spring's loop for `spring` at its default precision; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }
}
