import SpringModel

extension SpringParameterizationKind {
    /// Reanimated 3's `withSpring` physics config (`Reanimated3Parameters`):
    /// mass, stiffness and damping, defaults 1, 100, 10.
    public static let reanimated3 = SpringParameterizationKind(Reanimated3Family.self)
}

/// Reanimated 3's mass, stiffness and damping (`Reanimated3Parameters`); no
/// flags of its own (`--mass/--stiffness/--damping` give the same spring).
public enum Reanimated3Family: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .reanimated3 }

    public static var parameterizationType: (any SpringParameterization.Type)? { Reanimated3Parameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.mass, .mass, .positive, default: Reanimated3Parameters.defaults.mass, "mass (default 1)"),
            SpringParameter(
                .stiffness, .stiffness, .positive, default: Reanimated3Parameters.defaults.stiffness,
                "stiffness (default 100)"),
            SpringParameter(
                .damping, .damping, .nonNegative, default: Reanimated3Parameters.defaults.damping,
                "damping (default 10); 0 makes Reanimated skip the animation"),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try Reanimated3Parameters(mass: value(.mass), stiffness: value(.stiffness), damping: value(.damping)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = Reanimated3Parameters(spring)
        return [.mass: form.mass, .stiffness: form.stiffness, .damping: form.damping]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { Reanimated3Parameters(spring) }
    }

    public static var units: [String: String] { ["stiffness": "mass/s²", "damping": "mass/s"] }
}
