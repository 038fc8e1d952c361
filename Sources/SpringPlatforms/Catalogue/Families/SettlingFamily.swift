import SpringModel

extension SpringParameterizationKind {
    /// SpringBench's exact settling form: a settling duration and a damping
    /// ratio (> 0), both required, and the settling threshold epsilon
    /// (default 0.001), `SettlingParameters`.
    public static let settling = SpringParameterizationKind(SettlingFamily.self)
}

/// SpringBench's exact settling form (`SettlingParameters`).
public enum SettlingFamily: SpringParameterizationFamily {
    public static var parameterizationType: (any SpringParameterization.Type)? { SettlingParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .settlingDuration, .seconds, .positive, default: nil,
                "time after which the motion from rest stays within epsilon"),
            SpringParameter(.dampingRatio, .dimensionless, .positive, default: nil, "damping ratio ζ"),
            SpringParameter(
                .epsilon, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: 0, includesLowerBound: false, upperBound: 1, includesUpperBound: false,
                    description: "greater than 0 and less than 1"),
                default: 0.001, "settling threshold relative to the initial displacement"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--exact-settling-duration", .settlingDuration), ("--damping-ratio", .dampingRatio), ("--epsilon", .epsilon)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try SettlingParameters(
            settlingDuration: value(.settlingDuration), dampingRatio: value(.dampingRatio), epsilon: value(.epsilon)
        ).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try SettlingParameters(spring, epsilon: epsilon)
        return [.settlingDuration: form.settlingDuration, .dampingRatio: form.dampingRatio, .epsilon: form.epsilon]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try SettlingParameters(spring, epsilon: epsilon) }
    }

    public static var units: [String: String] { ["settlingDuration": "s"] }
}
