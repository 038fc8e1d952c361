import SpringModel

/// Core Animation's `CASpringAnimation` mass, stiffness and damping (`CoreAnimationParameters`): `convert` shows it; the catalogue builds the same spring as ``PhysicalFamily``.
public enum CoreAnimationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .coreAnimation }

    public static var parameterizationType: (any SpringParameterization.Type)? { CoreAnimationParameters.self }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { CoreAnimationParameters(spring) }
    }

    public static var units: [String: String] {
        ["stiffness": "mass/s²", "damping": "mass/s", "initialVelocity": "1/s"]
    }
}
