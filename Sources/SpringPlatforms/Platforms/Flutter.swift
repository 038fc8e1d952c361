import SpringModel

extension SpringPlatform {
    /// Flutter's `SpringSimulation`; its loop is ``FlutterLoop``.
    public static let flutter = SpringPlatform(
        name: "Flutter",
        source:
            "flutter/flutter packages/flutter/lib/src/physics/spring_simulation.dart and tolerance.dart (default Tolerance 1e-3)",
        loop: FlutterLoop.self,
        loopSummary: "the closed form at frame time; done when |x − end| and |v| are both below 1e-3 (absolute)",
        form: PlatformForm(keyword: "flutter", family: PhysicalFamily.self) { v in
            "SpringDescription(mass: \(PlatformForm.number(v[.mass] ?? .nan)), stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)))"
        }
    )
}

/// Flutter's `SpringSimulation` (flutter/flutter
/// `packages/flutter/lib/src/physics/spring_simulation.dart` and
/// `tolerance.dart`): `isDone(t)` is `|x(t) − end| < 1e-3` and
/// `|v(t)| < 1e-3` (absolute, the default `Tolerance`), checked by the
/// animation controller on each frame.
public enum FlutterSpring {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.flutter

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
        if state(0).done {
            return PlatformAnimation.doneAtStart(platform, refreshRate: refreshRate, start: from, keepsClock: false)
        }
        return PlatformAnimation.record(platform, refreshRate: refreshRate, start: from, keepsClock: false) { frame in
            let shown = state(frame)
            return (shown.value, 0, shown.done)
        }
    }
}

/// Flutter's run of a spring as a ``PlatformLoop``: ``FlutterSpring/run(_:from:to:initialVelocity:refreshRate:tolerance:)``
/// at the default tolerance.
public struct FlutterLoop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .flutter }

    /// The spring Flutter's `SpringSimulation` evaluates (its mass, stiffness and damping).
    public var spring: Spring
    /// `Tolerance.distance` and `Tolerance.velocity` (absolute).
    public var tolerance: Double

    /// Flutter's run of `spring` at `tolerance`.
    public init(_ spring: Spring, tolerance: Double = FlutterSpring.tolerance) {
        self.spring = spring
        self.tolerance = tolerance
    }

    /// Flutter's run of `spring` at the default tolerance; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        FlutterSpring.run(
            spring, from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate, tolerance: tolerance
        )
    }
}
