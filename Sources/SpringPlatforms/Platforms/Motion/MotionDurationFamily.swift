import SpringModel

extension SpringParameterizationKind {
    /// Motion's `visualDuration` (required) and `bounce`
    /// (`MotionDurationParameters`). The bounce defaults to 0.3, Motion's own
    /// default in its `spring(visualDuration, bounce)` function form (and
    /// `MotionDurationParameters.init(visualDuration:bounce:)`'s). Motion
    /// clamps the bounce to 0…0.95.
    public static let motionDuration = SpringParameterizationKind(MotionDurationFamily.self)
}

/// Motion's `visualDuration` and `bounce` (`MotionDurationParameters`).
public enum MotionDurationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .motion }

    public static var parameterizationType: (any SpringParameterization.Type)? { MotionDurationParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.visualDuration, .seconds, .positive, default: nil, "perceptual duration, 1.2× SwiftUI's"),
            SpringParameter(
                .bounce, .dimensionless, .finite, default: 0.3,
                "bounce, clamped to 0...0.95 like Motion (Motion's default 0.3)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--motion-visual-duration", .visualDuration), ("--motion-bounce", .bounce)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try MotionDurationParameters(visualDuration: value(.visualDuration), bounce: value(.bounce)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try MotionDurationParameters(spring)
        return [.visualDuration: form.visualDuration, .bounce: form.bounce]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try MotionDurationParameters(spring) }
    }

    public static var units: [String: String] { ["visualDuration": "s"] }
}
