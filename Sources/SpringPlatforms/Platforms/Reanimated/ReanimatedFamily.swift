import SpringModel

extension SpringParameterizationKind {
    /// Reanimated 4's `withSpring` physics config (`ReanimatedParameters`):
    /// mass, stiffness and damping, defaults 4, 900, 120 (`GentleSpringConfig`).
    public static let reanimated = SpringParameterizationKind(ReanimatedFamily.self)
}

/// Reanimated 4's mass, stiffness and damping (`ReanimatedParameters`); no
/// flags of its own (`--mass/--stiffness/--damping` give the same spring).
public enum ReanimatedFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .reanimated }

    public static var parameterizationType: (any SpringParameterization.Type)? { ReanimatedParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.mass, .mass, .positive, default: ReanimatedParameters.gentle.mass, "mass (Gentle 4)"),
            SpringParameter(
                .stiffness, .stiffness, .positive, default: ReanimatedParameters.gentle.stiffness,
                "stiffness (Gentle 900)"),
            SpringParameter(
                .damping, .damping, .nonNegative, default: ReanimatedParameters.gentle.damping,
                "damping (Gentle 120); 0 makes Reanimated skip the animation"),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try ReanimatedParameters(mass: value(.mass), stiffness: value(.stiffness), damping: value(.damping)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = ReanimatedParameters(spring)
        return [.mass: form.mass, .stiffness: form.stiffness, .damping: form.damping]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { ReanimatedParameters(spring) }
    }

    public static var units: [String: String] { ["stiffness": "mass/s²", "damping": "mass/s"] }
}
