import SpringModel

extension SpringParameterizationKind {
    /// Reanimated 4's `withSpring` duration config
    /// (`ReanimatedDurationParameters`): duration in seconds (Reanimated's
    /// milliseconds / 1000, default 0.55) and damping ratio (default 1),
    /// mass 4; the stiffness is Reanimated's bisection from rest.
    public static let reanimatedDuration = SpringParameterizationKind(ReanimatedDurationFamily.self)
}

/// Reanimated 4's duration and damping ratio (`ReanimatedDurationParameters`).
public enum ReanimatedDurationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .reanimated }

    public static var parameterizationType: (any SpringParameterization.Type)? { ReanimatedDurationParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .duration, .seconds, .positive, default: 0.55,
                "perceptual duration (Reanimated's ms / 1000; Gentle 0.55); it settles by about 1.5×"),
            SpringParameter(.dampingRatio, .dimensionless, .positive, default: 1, "damping ratio (Gentle 1)"),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try ReanimatedDurationParameters(duration: value(.duration), dampingRatio: value(.dampingRatio)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try ReanimatedDurationParameters(spring)
        return [.duration: form.duration, .dampingRatio: form.dampingRatio]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try ReanimatedDurationParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "s"] }
}
