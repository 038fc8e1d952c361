import SpringModel

extension SpringParameterizationKind {
    /// Reanimated 3's `withSpring` duration config
    /// (`Reanimated3DurationParameters`): duration in seconds (Reanimated's
    /// milliseconds / 1000, default 2), damping ratio (default 0.5),
    /// `config.stiffness` (default 100) and the travel (default 100, points or
    /// pixels): Reanimated 3 solves the mass for the travel, from rest.
    public static let reanimated3Duration = SpringParameterizationKind(Reanimated3DurationFamily.self)
}

/// Reanimated 3's duration, damping ratio, stiffness and travel (`Reanimated3DurationParameters`).
public enum Reanimated3DurationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .reanimated3 }

    public static var parameterizationType: (any SpringParameterization.Type)? { Reanimated3DurationParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .duration, .seconds, .positive, default: 2,
                "duration (Reanimated's ms / 1000; default 2): the animation is cut there"),
            SpringParameter(.dampingRatio, .dimensionless, .positive, default: 0.5, "damping ratio (default 0.5)"),
            SpringParameter(.stiffness, .stiffness, .positive, default: 100, "config.stiffness (default 100)"),
            SpringParameter(
                .travel, .dimensionless, .positive, default: 100,
                "|to − from| in the value's units (SpringBench's default 100): the solved mass depends on it"),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try Reanimated3DurationParameters(
            duration: value(.duration), dampingRatio: value(.dampingRatio), stiffness: value(.stiffness),
            travel: value(.travel)
        ).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try Reanimated3DurationParameters(spring)
        return [
            .duration: form.duration, .dampingRatio: form.dampingRatio, .stiffness: form.stiffness,
            .travel: form.travel,
        ]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try Reanimated3DurationParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "s", "stiffness": "mass/s²"] }
}
