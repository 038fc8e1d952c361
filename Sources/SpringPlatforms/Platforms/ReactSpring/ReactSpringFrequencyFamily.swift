import SpringModel

extension SpringParameterizationKind {
    /// react-spring's `frequency` (required, seconds: the response) and
    /// `damping` (the damping ratio, default 1), mass default 1, through
    /// `ReactSpringParameters.init(frequency:damping:mass:)`.
    public static let reactSpringFrequency = SpringParameterizationKind(ReactSpringFrequencyFamily.self)
}

/// react-spring's `frequency` and `damping` (`ReactSpringParameters.init(frequency:damping:mass:)`).
public enum ReactSpringFrequencyFamily: SpringParameterizationFamily {
    public static var name: String { "react-spring frequency/damping" }

    public static var platform: SpringPlatform? { .reactSpring }

    public static var parameterizationType: (any SpringParameterization.Type)? { ReactSpringParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .frequency, .seconds, .finite, default: nil,
                "period: the response 2π/ω₀ (react-spring raises it to at least 0.01)"),
            SpringParameter(
                .damping, .dimensionless, .finite, default: 1,
                "damping ratio ζ (react-spring sets a negative one to 0)"),
            SpringParameter(.mass, .mass, .positive, default: 1, "mass"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--react-frequency", .frequency), ("--react-damping", .damping)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try ReactSpringParameters(frequency: value(.frequency), damping: value(.damping), mass: value(.mass)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = ReactSpringParameters(spring)
        return [.frequency: form.frequency, .damping: form.dampingRatio, .mass: form.mass]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        .success([
            ("frequency", ReactSpringParameters(spring).frequency),
            ("damping", ReactSpringParameters(spring).dampingRatio),
        ])
    }

    public static var units: [String: String] { ["frequency": "s"] }
}
