/// Figma Motion's `{ bounce, duration }` spring, labelled **unconfirmed**.
///
/// What Figma publishes: the Motion timeline's `MotionEasing.easingFunctionSpring` is a
/// `NormalizedSpring { bounce }` with bounce in 0…1, and `figma.motion.physicalSpringToNormalized(
/// { mass, stiffness, damping })` returns a bounce (figma/plugin-typings, commit 2843802b, added
/// 2026-06-24, `plugin-api.d.ts` lines 2681–2696 and 5725); the duration is the keyframe's or
/// transition's own. What it does not publish: the formula from `{ bounce, duration }` to the motion.
/// The design-tokens community group's spring proposal (design-tokens/community-group issue #429,
/// 2026-07-10) reports Figma's form as `{ bounce, duration }` and likens it to SwiftUI's
/// `spring(duration:bounce:)`.
///
/// SpringBench therefore reads it with SwiftUI's mapping (``SwiftUIParameters``): mass 1,
/// `k = (2π/duration)²`, `ζ = 1 − bounce`. That mapping is an assumption, named as such wherever
/// the form is shown (Guides/SpringFormulas.md, "Figma Motion"). Inverse: every spring with
/// 0 ≤ ζ ≤ 1; an over-damped spring has no Figma bounce (its range starts at 0).
public struct FigmaNormalizedParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Figma Motion bounce/duration (unconfirmed)"

    /// Duration in seconds (> 0), read as SwiftUI's perceptual duration `2π/ω₀`.
    public var duration: Double
    /// Bounce, 0…1 (Figma's `NormalizedSpring` range).
    public var bounce: Double

    public init(duration: Double, bounce: Double) throws(SpringParameterError) {
        try Check.positive(duration, "duration")
        guard bounce.isFinite, bounce >= 0, bounce <= 1 else {
            throw .outOfRange(parameter: "bounce", validRange: "0...1 (Figma's NormalizedSpring)", value: bounce)
        }
        _ = try SwiftUIParameters(duration: duration, bounce: bounce)
        self.duration = duration
        self.bounce = bounce
    }

    public init(_ spring: Spring) throws(SpringParameterError) {
        let form = SwiftUIParameters(spring)
        guard form.bounce >= 0, form.bounce <= 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason:
                    "its bounce is 0...1 and this spring's would be \(form.bounce) (damping ratio \(spring.dampingRatio): over-damped)"
            )
        }
        duration = form.duration
        bounce = form.bounce
    }

    public var spring: Spring { SwiftUIParameters(uncheckedDuration: duration, bounce: bounce).spring }

    public var namedValues: [(name: String, value: Double)] { [("duration", duration), ("bounce", bounce)] }
}
