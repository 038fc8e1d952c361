import SpringModel

/// A platform's shown motion: its frame loop, re-expressed from the
/// platform's own code, run on one scalar value.
///
/// A conforming value holds the platform's parameters in its own terms (its
/// stored properties: react-spring's tension and friction in units per ms,
/// Android's binary32 stiffness and damping ratio, …), built from a canonical
/// `Spring` by ``init(_:options:)``. ``run(from:to:initialVelocity:refreshRate:)``
/// returns the frames the platform shows, its own clock where it keeps one,
/// and the frame on which its own "done" rule ends the animation, as a
/// ``DisplayedMotion`` named by ``platform``.
///
/// To add a platform: a folder `Platforms/<Name>/` whose `<Name>.swift` has the
/// ``SpringPlatform`` (`extension SpringPlatform { public static let … =
/// SpringPlatform(name:source:loop:) }`) and its loop conforming here, then
/// one line in ``SpringPlatform/all``. Runs, the comparison, the platforms
/// report and `springbench convert`'s endings pick it up from there.
public protocol PlatformLoop: Sendable {
    /// The platform this loop emulates.
    static var platform: SpringPlatform { get }

    /// The loop that runs `spring` as the platform does by default, with the
    /// per-transition settings in `options` where the platform reads them.
    init(_ spring: Spring, options: PlatformLoopOptions)

    /// The frames from `from` to `to`, each shown at the time `clock` gives it (a steady rate
    /// or a trace of frame times); `initialVelocity` in units per second. Call
    /// ``PlatformAnimation/check(from:to:initialVelocity:refreshRate:)`` first.
    func run(from: Double, to: Double, initialVelocity: Double, clock: FrameClock) -> DisplayedMotion
}

extension PlatformLoop {
    /// The frames at a steady `refreshRate` frames per second.
    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }
}

/// Per-transition settings a platform's loop may read; each platform ignores
/// the ones that are not its own.
public struct PlatformLoopOptions: Sendable, Hashable {
    /// Motion's `restSpeed` when the transition sets one (its default
    /// transitions use 10); `nil` for Motion's default.
    public var motionRestSpeed: Double?

    /// The options; every setting `nil` takes the platform's default.
    public init(motionRestSpeed: Double? = nil) {
        self.motionRestSpeed = motionRestSpeed
    }
}
