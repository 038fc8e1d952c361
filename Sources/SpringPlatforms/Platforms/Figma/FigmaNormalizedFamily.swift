import SpringModel

extension SpringParameterizationKind {
    /// Figma Motion's `{ bounce, duration }` (`FigmaNormalizedParameters`), read with SwiftUI's
    /// mapping: an assumption, as Figma does not publish its formula.
    public static let figmaNormalized = SpringParameterizationKind(FigmaNormalizedFamily.self)
}

/// Figma Motion's `{ bounce, duration }` (`FigmaNormalizedParameters`), unconfirmed: Figma
/// publishes the fields and the bounce's range, not the mapping.
public enum FigmaNormalizedFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .figma }

    public static var parameterizationType: (any SpringParameterization.Type)? { FigmaNormalizedParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .duration, .seconds, .positive, default: nil,
                "duration, read as SwiftUI's perceptual duration 2π/ω₀ (unconfirmed)"),
            SpringParameter(
                .bounce, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: 0, includesLowerBound: true, upperBound: 1, includesUpperBound: true,
                    description: "0...1 (Figma's NormalizedSpring)"),
                default: 0, "0 critically damped, 1 undamped (unconfirmed mapping: ζ = 1 − bounce)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--figma-duration", .duration), ("--figma-bounce", .bounce)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try FigmaNormalizedParameters(duration: value(.duration), bounce: value(.bounce)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try FigmaNormalizedParameters(spring)
        return [.duration: form.duration, .bounce: form.bounce]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try FigmaNormalizedParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "s"] }
}
