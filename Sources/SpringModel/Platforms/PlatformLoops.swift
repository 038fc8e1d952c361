/// Every platform's own run of one spring: what its frame loop shows and
/// when it declares the animation finished, side by side.
///
/// Each platform gets the spring in its own terms (SwiftUI's engine takes the
/// response and damping ratio; Rebound, Pop, react-spring, Motion and Flutter
/// the stiffness and damping over the mass; Android and Compose the stiffness
/// and damping ratio in binary32) and ends by its own rule in the value's
/// units: SwiftUI within 1 % of the change and |v|, |F| ≤ 0.06; Motion at its
/// 50 ms-grid duration; react-spring at `precision`; Rebound at 0.001
/// (absolute); Pop at its property threshold (1, a point); Android at
/// 0.75 px; Compose at its estimate for `visibilityThreshold` 0.01; Flutter
/// at 1e-3 (absolute). Guides/Platforms.md has each rule with its source.
public enum PlatformLoops {
    /// The platforms in report order.
    public static let names = [
        SwiftUIFluidLoop.platform, MotionGenerator.platform, ReactSpringLoop.platform, ReboundLoop.platform, PopLoop.platform,
        AndroidSpringLoop.platform, ComposeSpringEstimate.platform, FlutterSpring.platform,
    ]

    /// Every platform's run at `refreshRate` (call ``PlatformAnimation/check(from:to:initialVelocity:refreshRate:)`` first).
    /// - Parameter motionRestSpeed: Motion's `restSpeed` when the transition
    ///   sets one (its default transitions use 10); `nil` for Motion's default.
    public static func all(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double, refreshRate: Double,
        motionRestSpeed: Double? = nil
    ) -> [DisplayedMotion] {
        let perMass = (k: spring.stiffness / spring.mass, c: spring.damping / spring.mass)
        return [
            SwiftUIFluidLoop(spring).run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            MotionGenerator(
                stiffness: perMass.k, damping: perMass.c, origin: from, target: to, velocity: initialVelocity,
                restSpeed: motionRestSpeed)
                .run(refreshRate: refreshRate),
            ReactSpringLoop(spring).run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            ReboundLoop(spring).run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            PopLoop(spring).run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            AndroidSpringLoop(spring).run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            compose(spring, from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
            FlutterSpring.run(spring, from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate),
        ]
    }

    /// Compose: the closed form at the frame's whole-millisecond play time,
    /// ending on the first frame at or past its duration estimate.
    public static func compose(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double, refreshRate: Double,
        visibilityThreshold: Float = 0.01
    ) -> DisplayedMotion {
        let estimate = ComposeSpringEstimate.durationMilliseconds(
            stiffness: Float(spring.stiffness / spring.mass), dampingRatio: Float(spring.dampingRatio),
            from: from, to: to, initialVelocity: initialVelocity, visibilityThreshold: visibilityThreshold)
        return PlatformAnimation.record(ComposeSpringEstimate.platform, refreshRate: refreshRate, start: from, keepsClock: false) { frame in
            let milliseconds = (Double(frame) * 1000 / refreshRate).rounded(.down)
            if milliseconds >= Double(estimate) { return (to, 0, true) }
            let p = spring.propagator(time: milliseconds / 1000)
            return (to + p.positionFromDisplacement * (from - to) + p.positionFromVelocity * initialVelocity, 0, false)
        }
    }
}
