import SpringModel

extension SpringParameterizationKind {
    /// Pop's `springBounciness` and `springSpeed`, each in 0…20, defaults 4
    /// and 12 (`PopParameters.defaults`).
    public static let pop = SpringParameterizationKind(PopFamily.self)
}

/// Pop's `springBounciness` and `springSpeed` (`PopParameters`).
public enum PopFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .pop }

    public static var parameterizationType: (any SpringParameterization.Type)? { PopParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .bounciness, .dimensionless, .closed(0...20), default: PopParameters.defaults.bounciness,
                "springBounciness"),
            SpringParameter(
                .speed, .dimensionless, .closed(0...20), default: PopParameters.defaults.speed, "springSpeed"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--pop-bounciness", .bounciness), ("--pop-speed", .speed)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try PopParameters(bounciness: value(.bounciness), speed: value(.speed)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try PopParameters(spring)
        return [.bounciness: form.bounciness, .speed: form.speed]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try PopParameters(spring) }
    }

    public static var units: [String: String] { ["bounciness": "(Pop units)", "speed": "(Pop units)"] }
}
