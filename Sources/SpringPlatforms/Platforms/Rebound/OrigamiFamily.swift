import SpringModel

extension SpringParameterizationKind {
    /// Rebound's / Origami's tension and friction, defaults 40 and 7
    /// (`OrigamiParameters.defaults`).
    public static let origami = SpringParameterizationKind(OrigamiFamily.self)
}

/// Rebound's / Origami's tension and friction (`OrigamiParameters`).
public enum OrigamiFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .rebound }

    public static var parameterizationType: (any SpringParameterization.Type)? { OrigamiParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .origamiTension, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: OrigamiParameters.minimumTension, includesLowerBound: false,
                    upperBound: .infinity, includesUpperBound: false,
                    description: "finite and greater than \(OrigamiParameters.minimumTension)"),
                default: OrigamiParameters.defaults.origamiTension, "Origami tension (stiffness 3.62·(t − 30) + 194)"),
            SpringParameter(
                .origamiFriction, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: OrigamiParameters.minimumFriction, includesLowerBound: true,
                    upperBound: .infinity, includesUpperBound: false,
                    description: "finite and at least \(OrigamiParameters.minimumFriction)"),
                default: OrigamiParameters.defaults.origamiFriction, "Origami friction (damping 3·(f − 8) + 25)"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--origami-tension", .origamiTension), ("--origami-friction", .origamiFriction)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try OrigamiParameters(origamiTension: value(.origamiTension), origamiFriction: value(.origamiFriction)).spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = OrigamiParameters(spring)
        return [.origamiTension: form.origamiTension, .origamiFriction: form.origamiFriction]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { OrigamiParameters(spring) }
    }
}
