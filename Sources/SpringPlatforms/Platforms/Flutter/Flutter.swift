import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

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
/// `tolerance.dart`, commit 04fbdcfac997f9bcbef805fe785ff71971ea16d2):
/// `isDone(t)` is `nearZero(x(t), 1e-3) && nearZero(dx(t), 1e-3)` on the
/// displacement from the end and the velocity of `_SpringSolution`
/// (absolute, the default `Tolerance`; `nearZero` is `−ε < a < ε`), checked by
/// the animation controller on each frame. The motion is Flutter's own
/// closed form (`FlutterSpringSolution`), not SpringBench's propagator:
/// near ζ = 1 Flutter's over- and under-damped coefficients cancel, and what
/// it shows carries that error.
public enum FlutterSpring {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.flutter

    /// The default tolerance (distance and velocity).
    public static let tolerance = 1e-3

    /// The first display frame at which `isDone` holds, at a steady `refreshRate`.
    public static func run(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double,
        tolerance: Double = FlutterSpring.tolerance
    ) -> DisplayedMotion {
        run(
            spring, from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate),
            tolerance: tolerance)
    }

    /// The first display frame at which `isDone` holds, each frame at the time `clock` gives it.
    public static func run(
        _ spring: Spring, from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock,
        tolerance: Double = FlutterSpring.tolerance
    ) -> DisplayedMotion {
        let solution = FlutterSpringSolution(spring, distance: from - to, velocity: initialVelocity)
        func state(_ frame: Int) -> (value: Double, done: Bool) {
            let time = clock.seconds(frame)
            let x = solution.x(time)
            let v = solution.dx(time)
            return (to + x, x > -tolerance && x < tolerance && v > -tolerance && v < tolerance)
        }
        if state(0).done {
            return PlatformAnimation.doneAtStart(platform, clock: clock, start: from, keepsClock: false)
        }
        return PlatformAnimation.record(platform, clock: clock, start: from, keepsClock: false) { frame in
            let shown = state(frame)
            return (shown.value, 0, shown.done)
        }
    }
}

/// Flutter's `_SpringSolution` (`spring_simulation.dart` at 04fbdcfa): the
/// regime from the sign of `c² − 4mk`, and each exponential as
/// `pow(e, r·t)`, in Flutter's order of operations.
struct FlutterSpringSolution {
    enum Form {
        case critical(r: Double, c1: Double, c2: Double)
        case overDamped(r1: Double, r2: Double, c1: Double, c2: Double)
        case underDamped(w: Double, r: Double, c1: Double, c2: Double)
    }

    let form: Form

    /// `_SpringSolution(spring, start - end, velocity)`.
    init(_ spring: Spring, distance: Double, velocity: Double) {
        let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
        let cmk = c * c - 4 * m * k
        if cmk > 0 {
            let r1 = (-c - cmk.squareRoot()) / (2.0 * m)
            let r2 = (-c + cmk.squareRoot()) / (2.0 * m)
            let c2 = (velocity - r1 * distance) / (r2 - r1)
            form = .overDamped(r1: r1, r2: r2, c1: distance - c2, c2: c2)
        } else if cmk < 0 {
            let w = (4.0 * m * k - c * c).squareRoot() / (2.0 * m)
            let r = -(c / 2.0 / m)
            form = .underDamped(w: w, r: r, c1: distance, c2: (velocity - r * distance) / w)
        } else {
            let r = -c / (2.0 * m)
            form = .critical(r: r, c1: distance, c2: velocity - (r * distance))
        }
    }

    /// The displacement from the end at `time` seconds.
    func x(_ time: Double) -> Double {
        switch form {
        case .critical(let r, let c1, let c2): (c1 + c2 * time) * pow(M_E, r * time)
        case .overDamped(let r1, let r2, let c1, let c2): c1 * pow(M_E, r1 * time) + c2 * pow(M_E, r2 * time)
        case .underDamped(let w, let r, let c1, let c2): pow(M_E, r * time) * (c1 * cos(w * time) + c2 * sin(w * time))
        }
    }

    /// The velocity at `time` seconds.
    func dx(_ time: Double) -> Double {
        switch form {
        case .critical(let r, let c1, let c2):
            let power = pow(M_E, r * time)
            return r * (c1 + c2 * time) * power + c2 * power
        case .overDamped(let r1, let r2, let c1, let c2):
            return c1 * r1 * pow(M_E, r1 * time) + c2 * r2 * pow(M_E, r2 * time)
        case .underDamped(let w, let r, let c1, let c2):
            let power = pow(M_E, r * time)
            let cosine = cos(w * time)
            let sine = sin(w * time)
            return power * (c2 * w * cosine - c1 * w * sine) + r * power * (c2 * sine + c1 * cosine)
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

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        FlutterSpring.run(
            spring, from: from, to: to, initialVelocity: initialVelocity, clock: clock, tolerance: tolerance)
    }
}
