import SpringModel

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
/// at 1e-3 (absolute); anime.js at the duration its own search sets (its
/// mass, stiffness and damping scaled into each release's ranges).
/// Guides/Platforms.md has each rule with its source.
///
/// The loops are the registered platforms' (``SpringPlatform/all``), each a
/// ``PlatformLoop``.
public enum PlatformLoops {
    /// The platforms with a frame loop, in report order (``SpringPlatform/withLoops``).
    public static var platforms: [SpringPlatform] { SpringPlatform.withLoops }

    /// Every platform's run at `refreshRate` (call ``PlatformAnimation/check(from:to:initialVelocity:refreshRate:)`` first),
    /// in ``platforms`` order.
    /// `motionRestSpeed`: Motion's `restSpeed` when the transition
    ///   sets one (its default transitions use 10); `nil` for Motion's default.
    public static func all(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double, refreshRate: Double,
        motionRestSpeed: Double? = nil
    ) -> [DisplayedMotion] {
        all(
            spring, from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate),
            motionRestSpeed: motionRestSpeed)
    }

    /// Every platform's run with each frame shown at the time `clock` gives it.
    public static func all(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double, clock: FrameClock,
        motionRestSpeed: Double? = nil
    ) -> [DisplayedMotion] {
        let options = PlatformLoopOptions(motionRestSpeed: motionRestSpeed)
        return platforms.compactMap { platform in
            platform.loop?.init(spring, options: options)
                .run(from: from, to: to, initialVelocity: initialVelocity, clock: clock)
        }
    }

    /// Compose: the closed form at the frame's whole-millisecond play time,
    /// ending on the first frame at or past its duration estimate (``ComposeLoop``).
    public static func compose(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double, refreshRate: Double,
        visibilityThreshold: Float = 0.01
    ) -> DisplayedMotion {
        ComposeLoop(spring, visibilityThreshold: visibilityThreshold)
            .run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate)
    }
}
