/// `CASpringAnimation`'s physical parameters, with its defaults mass 1,
/// stiffness 100, damping 10, initial velocity 0 (Apple's CASpringAnimation
/// documentation).
///
/// The conversion is the identity on mass, stiffness and damping (exact
/// inverse). `initialVelocity` is kept as given; Core Animation documents no
/// unit for it, UIKit's relative convention (see ``RelativeVelocity``) is the
/// usual reading. iOS 17's `CASpringAnimation(perceptualDuration:bounce:)` is
/// ``SwiftUIParameters``.
public struct CoreAnimationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Core Animation mass/stiffness/damping"

    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0
    ) throws(SpringParameterError) {
        _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        try Check.finite(initialVelocity, "initialVelocity")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    public init(_ spring: Spring) {
        mass = spring.mass
        stiffness = spring.stiffness
        damping = spring.damping
        initialVelocity = 0
    }

    /// `CASpringAnimation()`'s defaults.
    public static let defaults = try! CoreAnimationParameters()

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)]
    }
}
