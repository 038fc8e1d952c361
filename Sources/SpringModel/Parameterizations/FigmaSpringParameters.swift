/// Figma's `EasingFunctionSpring { mass, stiffness, damping, initialVelocity }`
/// (figma/plugin-typings v1.133.0, commit 83bfe81d9616ab759702f657eb18ef153f83e8ae,
/// `plugin-api.d.ts` line 5686; the REST API's `easingFunctionSpring` has
/// mass, stiffness and damping only: figma/rest-api-spec v0.37.0, commit
/// 5fb71bdf8b2ad8b02d74f0318b7bf1a13b922b61, `openapi/openapi.yaml` 6163–6176).
///
/// What is documented: the field names and that they are numbers. What is not:
/// units, defaults, ranges, the unit of `initialVelocity`, the solver Figma
/// runs, and how it decides a spring transition's duration (a prototype
/// transition carries its own `duration`). The conversion is therefore the
/// identity on mass, stiffness and damping, read as the physical constants of
/// `m·x'' + c·x' + k·x = 0` (exact inverse), and `initialVelocity` is kept as
/// given. Figma's named presets (GENTLE, QUICK, BOUNCY, SLOW) arrive through
/// the API as a bare `type`, without numbers.
public struct FigmaSpringParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Figma easingFunctionSpring"

    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    /// Kept as given; Figma documents no unit for it.
    public var initialVelocity: Double

    /// Figma documents no defaults: mass, stiffness and damping are required;
    /// `initialVelocity` 0 is SpringBench's choice.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0)
        throws(SpringParameterError)
    {
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

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("initialVelocity", initialVelocity)]
    }
}
