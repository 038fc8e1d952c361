import SpringModel

/// UIKit's damping ratio and response (`UIKitParameters`): `convert` shows it; the catalogue does not build from it.
public enum UIKitFamily: SpringParameterizationFamily {
    public static var parameterizationType: (any SpringParameterization.Type)? { UIKitParameters.self }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { UIKitParameters(spring) }
    }

    public static var units: [String: String] { ["response": "s", "initialVelocity": "1/s"] }
}
