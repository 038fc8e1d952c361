import SpringModel

extension SpringParameterizationKind {
    /// Motion's duration-based spring, `{ duration, bounce }`
    /// (`MotionPhysicalDurationParameters`): defaults 0.8 s and 0.3,
    /// Motion's; ω₀ from Motion's own Newton iteration.
    public static let motionPhysicalDuration = SpringParameterizationKind(MotionPhysicalDurationFamily.self)
}

/// Motion's duration-based spring `{ duration, bounce }` (`MotionPhysicalDurationParameters`).
public enum MotionPhysicalDurationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .motion }

    public static var parameterizationType: (any SpringParameterization.Type)? { MotionPhysicalDurationParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.duration, .seconds, .positive, default: 0.8, "duration, clamped to 0.01...10 like Motion"),
            SpringParameter(
                .bounce, .dimensionless, .finite, default: 0.3,
                "bounce, clamped to 0...0.95 like Motion (Motion's default 0.3)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--motion-duration", .duration), ("--motion-bounce", .bounce)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try MotionPhysicalDurationParameters(duration: value(.duration), bounce: value(.bounce)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try MotionPhysicalDurationParameters(spring)
        return [.duration: form.duration, .bounce: form.bounce]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try MotionPhysicalDurationParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "s"] }
}
