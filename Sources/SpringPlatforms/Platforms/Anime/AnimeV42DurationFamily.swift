import SpringModel

extension SpringParameterizationKind {
    /// anime.js v4.2+'s `spring({ bounce, duration })` (`AnimeV42DurationParameters`):
    /// bounce default 0.5 (clamped to −1…1), perceived duration default 628 ms
    /// (clamped to 10…10 000), both anime's own defaults.
    public static let animeV42Duration = SpringParameterizationKind(AnimeV42DurationFamily.self)
}

/// anime.js v4.2+'s `spring({ bounce, duration })` (`AnimeV42DurationParameters`):
/// SwiftUI's mapping with mass 1, stiffness and damping rounded to 3 decimals
/// and the damping capped at 300.
public enum AnimeV42DurationFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .animeV42 }

    public static var parameterizationType: (any SpringParameterization.Type)? { AnimeV42DurationParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .bounce, .dimensionless, .finite, default: 0.5, "bounce, clamped to -1...1 (anime's default 0.5)"),
            SpringParameter(
                .duration, .milliseconds, .finite, default: 628,
                "perceived duration in ms, clamped to 10...10000 (anime's default 628)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--anime-bounce", .bounce), ("--anime-duration", .duration)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try AnimeV42DurationParameters(bounce: value(.bounce), duration: value(.duration)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = AnimeV42DurationParameters(spring)
        return [.bounce: form.bounce, .duration: form.duration]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { AnimeV42DurationParameters(spring) }
    }

    public static var units: [String: String] { ["duration": "ms"] }
}
