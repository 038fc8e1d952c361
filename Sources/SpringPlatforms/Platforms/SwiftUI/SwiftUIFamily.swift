import SpringModel

extension SpringParameterizationKind {
    /// SwiftUI's `Spring(duration:bounce:)`: duration (default 0.5 s) and
    /// bounce (default 0), the defaults of SwiftUI and of `SwiftUIParameters`.
    public static let swiftUI = SpringParameterizationKind(SwiftUIFamily.self)
}

/// SwiftUI's `Spring(duration:bounce:)` (`SwiftUIParameters`).
public enum SwiftUIFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .swiftUI }

    public static var parameterizationType: (any SpringParameterization.Type)? { SwiftUIParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.duration, .seconds, .positive, default: 0.5, "perceptual duration 2π/ω₀"),
            SpringParameter(
                .bounce, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: -1, includesLowerBound: false, upperBound: .infinity, includesUpperBound: false,
                    description: "a finite number greater than -1 (above 1 SwiftUI makes the spring undamped)"),
                default: 0, "0 critically damped, 1 undamped, negative over-damped"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--duration", .duration), ("--bounce", .bounce)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try SwiftUIParameters(duration: value(.duration), bounce: value(.bounce)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = SwiftUIParameters(spring)
        return [.duration: form.duration, .bounce: form.bounce]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { SwiftUIParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "s"] }
}
