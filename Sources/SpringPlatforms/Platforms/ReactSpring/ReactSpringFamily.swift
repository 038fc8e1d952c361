import SpringModel

extension SpringParameterizationKind {
    /// react-spring's tension and friction, defaults 170 and 26
    /// (`config.default`, `ReactSpringParameters.default`), mass default 1.
    public static let reactSpring = SpringParameterizationKind(ReactSpringFamily.self)
}

/// react-spring's tension, friction and mass (`ReactSpringParameters`).
public enum ReactSpringFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .reactSpring }

    public static var parameterizationType: (any SpringParameterization.Type)? { ReactSpringParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .tension, .stiffness, .positive, default: ReactSpringParameters.default.tension,
                "stiffness (config.default 170)"),
            SpringParameter(
                .friction, .damping, .nonNegative, default: ReactSpringParameters.default.friction,
                "damping (config.default 26)"),
            SpringParameter(.mass, .mass, .positive, default: 1, "mass"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--tension", .tension), ("--friction", .friction), ("--mass", .mass)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try ReactSpringParameters(tension: value(.tension), friction: value(.friction), mass: value(.mass)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = ReactSpringParameters(spring)
        return [.tension: form.tension, .friction: form.friction, .mass: form.mass]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { ReactSpringParameters(spring) }
    }

    public static var units: [String: String] { ["tension": "mass/s²", "friction": "mass/s"] }
}
