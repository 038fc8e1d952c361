import SpringModel

/// Figma's `EasingFunctionSpring { mass, stiffness, damping, initialVelocity }`
/// (`FigmaSpringParameters`): `convert` shows it; the catalogue builds the
/// same spring as ``PhysicalFamily``. Figma publishes the field names only:
/// its solver, its units and how it sets a spring transition's duration are
/// not public, so no loop shows its motion.
public enum FigmaSpringFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .figma }

    public static var parameterizationType: (any SpringParameterization.Type)? { FigmaSpringParameters.self }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { FigmaSpringParameters(spring) }
    }

    public static var units: [String: String] { ["stiffness": "mass/s²", "damping": "mass/s"] }
}
