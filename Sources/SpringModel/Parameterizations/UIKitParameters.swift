/// UIKit's `UISpringTimingParameters(dampingRatio:initialVelocity:)` in its
/// response form: a damping ratio, a response and a **relative** initial velocity.
///
/// The spring is the response form of Guides/SpringFormulas.md (`k = (2π/response)²·m`,
/// `c = 4π·ζ·m/response`); the velocity is relative to the distance (see
/// ``RelativeVelocity``). UIKit's duration-only form (`UIViewPropertyAnimator`
/// with `dampingRatio`) derives its stiffness from the animator's duration by
/// an undocumented rule, so it is not modelled. Exact inverse, like ``ResponseParameters``.
public struct UIKitParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "UIKit damping ratio/response"

    public var dampingRatio: Double
    public var response: Double
    public var mass: Double
    /// The initial velocity as a fraction of the distance per second.
    public var initialVelocity: RelativeVelocity

    public init(
        dampingRatio: Double, response: Double, mass: Double = 1, initialVelocity: RelativeVelocity
    ) throws(SpringParameterError) {
        let form = try ResponseParameters(response: response, dampingRatio: dampingRatio, mass: mass)
        self.dampingRatio = form.dampingRatio
        self.response = form.response
        self.mass = form.mass
        self.initialVelocity = initialVelocity
    }

    public init(_ spring: Spring) {
        let form = ResponseParameters(spring)
        dampingRatio = form.dampingRatio
        response = form.response
        mass = form.mass
        initialVelocity = try! RelativeVelocity(0)
    }

    public var spring: Spring {
        Spring(uncheckedFrequency: 2 * .pi / response, dampingRatio: dampingRatio, mass: mass)
    }

    public var namedValues: [(name: String, value: Double)] {
        [
            ("dampingRatio", dampingRatio), ("response", response), ("mass", mass),
            ("initialVelocity", initialVelocity.value),
        ]
    }
}
