import SpringModel

extension SpringParameterizationKind {
    /// Android's `SpringForce` stiffness (required) and damping ratio, whose
    /// default 0.5 is `SpringForce()`'s `DAMPING_RATIO_MEDIUM_BOUNCY`
    /// (`AndroidSpringForce.springForceDefault`).
    public static let android = SpringParameterizationKind(AndroidFamily.self)
}

/// Android's `SpringForce` stiffness and damping ratio (`AndroidSpringForce`).
public enum AndroidFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .androidSpringForce }

    public static var parameterizationType: (any SpringParameterization.Type)? { AndroidSpringForce.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .stiffness, .perSecondSquared, .positive, default: nil,
                "SpringForce stiffness ω₀² (HIGH 10000, MEDIUM 1500, LOW 200, VERY_LOW 50)"),
            SpringParameter(
                .dampingRatio, .dimensionless, .nonNegative,
                default: AndroidSpringForce.springForceDefault.dampingRatio,
                "damping ratio ζ (SpringForce() default MEDIUM_BOUNCY 0.5)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--android-stiffness", .stiffness), ("--damping-ratio", .dampingRatio)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try AndroidSpringForce(stiffness: value(.stiffness), dampingRatio: value(.dampingRatio)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = AndroidSpringForce(spring)
        return [.stiffness: form.stiffness, .dampingRatio: form.dampingRatio]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { AndroidSpringForce(spring) }
    }

    public static var units: [String: String] { ["stiffness": "mass/s²"] }
}
