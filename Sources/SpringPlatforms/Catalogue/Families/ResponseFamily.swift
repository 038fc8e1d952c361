import SpringModel

extension SpringParameterizationKind {
    /// A response and a damping ratio (`ResponseParameters`), mass default 1.
    /// The damping ratio defaults to 1 (critically damped): SpringBench's
    /// default, since the type and SwiftUI's `Spring(response:dampingRatio:)` have none.
    public static let response = SpringParameterizationKind(ResponseFamily.self)
}

/// A response and a damping ratio (`ResponseParameters`).
public enum ResponseFamily: SpringParameterizationFamily {
    public static var parameterizationType: (any SpringParameterization.Type)? { ResponseParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.response, .seconds, .positive, default: nil, "undamped period 2π/ω₀"),
            SpringParameter(
                .dampingRatio, .dimensionless, .nonNegative, default: 1,
                "damping ratio ζ (SpringBench's default 1: critically damped)"),
            SpringParameter(.mass, .mass, .positive, default: 1, "mass m"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--response", .response), ("--damping-ratio", .dampingRatio), ("--mass", .mass)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try ResponseParameters(response: value(.response), dampingRatio: value(.dampingRatio), mass: value(.mass))
            .spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = ResponseParameters(spring)
        return [.response: form.response, .dampingRatio: form.dampingRatio, .mass: form.mass]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { ResponseParameters(spring) }
    }

    public static var units: [String: String] { ["response": "s"] }
}
