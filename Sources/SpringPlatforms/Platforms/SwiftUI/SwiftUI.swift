import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// Apple's SwiftUI `Spring` (iOS 17, macOS 14); its loop is ``SwiftUIFluidLoop``.
    public static let swiftUI = SpringPlatform(
        name: "SwiftUI",
        source: "Apple's SwiftUI Spring documentation (smooth, snappy, bouncy; init(duration:bounce:)) "
            + "and WWDC23 'Animate with springs'",
        loop: SwiftUIFluidLoop.self,
        loopSummary:
            "steps the spring at a fixed 300 Hz (kick–drift–kick) and shows the step at or after each frame; done within 1 % of the change with |v|, |force| ≤ 0.06",
        form: PlatformForm(keyword: "swiftui", family: SwiftUIFamily.self) { v in
            ".spring(duration: \(PlatformForm.number(v[.duration] ?? .nan)), bounce: \(PlatformForm.number(v[.bounce] ?? .nan)))"
        }
    )
}

/// SwiftUI's spring animation engine (OpenSwiftUI
/// `Sources/OpenSwiftUICore/Animation/Animation/Spring/FluidSpringAnimation.swift`,
/// commit 7c4f2b07d70302142540a0ee4c03cf504b216a76): fixed 1/300 s
/// kick–drift–kick steps with the force carried from the previous step
/// (starting at 0), `k = min((2π/response)², 45000)`, `c = 2√k·dampingFraction`,
/// mass 1; each frame steps while the engine's time is before the frame's
/// (so it runs up to 1/300 s ahead) and shows that state. Done when
/// `|v| ≤ 0.06` and `|force| ≤ 0.06` and the value is within 1 % of the change.
public struct SwiftUIFluidLoop: PlatformLoop, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.swiftUI

    public var response: Double
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// The animation SwiftUI runs for `spring` (`Animation.spring(spring)`:
    /// its response and damping ratio; the mass does not enter).
    public init(_ spring: Spring) {
        self.init(response: spring.response, dampingFraction: spring.dampingRatio)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let change = to - from
        let k = Swift.min(response > 0 ? pow(2 * Double.pi / response, 2) : 1.0, 45000.0)
        let c = -(2 * k.squareRoot() * dampingFraction)
        var offset = 0.0, velocity = initialVelocity, force = 0.0
        var engineTime = 0.0
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: true) {
            frame in
            let time = clock.seconds(frame)
            if time - engineTime > 1.0 { engineTime = time - 1 / 60 }
            var t = engineTime
            while t < time {
                let halfVelocity = force * (1 / 600) + velocity
                offset += halfVelocity * (1 / 300)
                force = halfVelocity * c + (change - offset) * k
                velocity = force * (1 / 600) + halfVelocity
                t += 1 / 300
            }
            engineTime = t
            let moving = Swift.max(velocity * velocity, force * force) > 0.0036
            let tolerance = change * 0.01
            let remaining = change - offset
            let done = !moving && !(tolerance * tolerance > 0 && tolerance * tolerance < remaining * remaining)
            return (done ? to : from + offset, engineTime, done)
        }
    }
}

extension SwiftUIFluidLoop {
    /// The animation SwiftUI runs for `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }
}
