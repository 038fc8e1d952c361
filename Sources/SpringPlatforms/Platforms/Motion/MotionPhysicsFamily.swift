import SpringModel

/// Motion's physics spring, stiffness, damping and mass (`MotionParameters`): `convert` shows it; the catalogue builds the same spring as ``PhysicalFamily``.
public enum MotionPhysicsFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .motion }

    public static var parameterizationType: (any SpringParameterization.Type)? { MotionParameters.self }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { MotionParameters(spring) }
    }

    public static var units: [String: String] { ["stiffness": "mass/s²", "damping": "mass/s"] }
}
