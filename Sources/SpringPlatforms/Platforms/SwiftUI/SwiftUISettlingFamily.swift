import SpringModel

extension SpringParameterizationKind {
    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`, computed as
    /// SwiftUI does (`SwiftUISettlingParameters`): both required, epsilon
    /// default 0.001. SwiftUI clamps ζ to at most 1 and the duration to 0.01…10 s.
    public static let swiftUISettling = SpringParameterizationKind(SwiftUISettlingFamily.self)
}

/// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)` (`SwiftUISettlingParameters`).
public enum SwiftUISettlingFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .swiftUI }

    public static var parameterizationType: (any SpringParameterization.Type)? { SwiftUISettlingParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .settlingDuration, .seconds, .positive, default: nil,
                "SwiftUI's settling duration (an envelope estimate; clamped to 0.01...10)"),
            SpringParameter(
                .dampingRatio, .dimensionless, .nonNegative, default: nil,
                "damping ratio ζ (SwiftUI clamps it to at most 1)"),
            SpringParameter(
                .epsilon, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: 0, includesLowerBound: false, upperBound: 1, includesUpperBound: false,
                    description: "greater than 0 and less than 1"),
                default: 0.001, "SwiftUI's epsilon"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--settling-duration", .settlingDuration), ("--damping-ratio", .dampingRatio), ("--epsilon", .epsilon)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try SwiftUISettlingParameters(
            settlingDuration: value(.settlingDuration), dampingRatio: value(.dampingRatio), epsilon: value(.epsilon)
        ).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try SwiftUISettlingParameters(spring, epsilon: epsilon)
        return [.settlingDuration: form.settlingDuration, .dampingRatio: form.dampingRatio, .epsilon: form.epsilon]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try SwiftUISettlingParameters(spring, epsilon: epsilon) }
    }

    public static var units: [String: String] { ["settlingDuration": "s"] }
}
