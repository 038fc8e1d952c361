/// SwiftUI's `Spring(duration:bounce:)`: a perceptual duration and a bounce.
///
/// Mass 1, `k = (2π/duration)²`, `c = 4π(1 − bounce)/duration` for bounce ≥ 0
/// and `c = 4π/(duration·(1 + bounce))` for bounce < 0 (Guides/SpringFormulas.md, from Apple's
/// "Animate with springs", WWDC 2023), i.e. `ζ = 1 − bounce` or `1/(1 + bounce)`.
/// Bounce 0 is critically damped, 1 undamped, negative over-damped.
///
/// ```swift
/// let spring = try SwiftUIParameters(duration: 0.5, bounce: 0.3).spring
/// // stiffness 157.91…, damping 17.59…
/// ```
///
/// Inverse: every spring has a duration `2π/ω₀` and a bounce in `(−1, 1]`.
/// Near bounce 0 the bounce survives the trip to the nearest ulps of ζ, not of
/// bounce (condition number `ζ/|1 − ζ|`).
public struct SwiftUIParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "SwiftUI duration/bounce"

    /// Perceptual duration in seconds (> 0), `2π/ω₀`.
    public var duration: Double
    /// Bounce, `> −1`; above 1 SwiftUI makes the spring undamped (as 1).
    public var bounce: Double

    public init(duration: Double = 0.5, bounce: Double = 0) throws(SpringParameterError) {
        try Check.positive(duration, "duration")
        guard bounce.isFinite, bounce > -1 else {
            throw .outOfRange(
                parameter: "bounce",
                validRange: "a finite number greater than -1 (above 1 SwiftUI makes the spring undamped)", value: bounce
            )
        }
        self.init(uncheckedDuration: duration, bounce: bounce)
        _ = try Spring.validated(
            spring, blaming: "duration", value: duration, range: "a duration giving a finite stiffness")
    }

    internal init(uncheckedDuration duration: Double, bounce: Double) {
        self.duration = duration
        self.bounce = bounce
    }

    public init(_ spring: Spring) {
        self.init(uncheckedDuration: spring.duration, bounce: spring.bounce)
    }

    /// The damping ratio: `1 − bounce` (bounce ≥ 0) or `1/(1 + bounce)`; a
    /// bounce above 1 is undamped (ζ = 0), as SwiftUI clamps it.
    public var dampingRatio: Double { bounce >= 0 ? Swift.max(1 - bounce, 0) : 1 / (1 + bounce) }

    public var spring: Spring {
        Spring(uncheckedFrequency: 2 * .pi / duration, dampingRatio: dampingRatio)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("duration", duration), ("bounce", bounce)]
    }

    /// `.smooth`: duration 0.5, bounce 0.
    public static let smooth = SwiftUIParameters(uncheckedDuration: 0.5, bounce: 0)
    /// `.snappy`: duration 0.5, bounce 0.15.
    public static let snappy = SwiftUIParameters(uncheckedDuration: 0.5, bounce: 0.15)
    /// `.bouncy`: duration 0.5, bounce 0.3.
    public static let bouncy = SwiftUIParameters(uncheckedDuration: 0.5, bounce: 0.3)

    /// `.smooth(duration:extraBounce:)`: bounce `0 + extraBounce`.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(SpringParameterError) -> Self {
        try Self(duration: duration, bounce: 0 + extraBounce)
    }

    /// `.snappy(duration:extraBounce:)`: bounce `0.15 + extraBounce`.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(SpringParameterError) -> Self {
        try Self(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// `.bouncy(duration:extraBounce:)`: bounce `0.3 + extraBounce`.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(SpringParameterError) -> Self {
        try Self(duration: duration, bounce: 0.3 + extraBounce)
    }
}

extension Spring {
    /// SwiftUI's `Spring(duration:bounce:)` (see ``SwiftUIParameters``).
    public init(duration: Double = 0.5, bounce: Double = 0) throws(SpringParameterError) {
        self = try SwiftUIParameters(duration: duration, bounce: bounce).spring
    }

    /// SwiftUI's `.smooth` spring (duration 0.5, bounce 0).
    public static var smooth: Spring { SwiftUIParameters.smooth.spring }
    /// SwiftUI's `.snappy` spring (duration 0.5, bounce 0.15).
    public static var snappy: Spring { SwiftUIParameters.snappy.spring }
    /// SwiftUI's `.bouncy` spring (duration 0.5, bounce 0.3).
    public static var bouncy: Spring { SwiftUIParameters.bouncy.spring }
}
