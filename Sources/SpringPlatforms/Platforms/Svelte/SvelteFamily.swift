import SpringModel

extension SpringParameterizationKind {
    /// Svelte's `Spring` options (`SvelteSpringParameters`): stiffness and
    /// damping per 60 Hz tick (defaults 0.15, 0.8) and precision (0.01). The
    /// spring is the one whose 60 Hz samples the recurrence reproduces: exact
    /// at 60 Hz only (Svelte's motion depends on the frame rate).
    public static let svelte = SpringParameterizationKind(SvelteFamily.self)
}

/// Svelte's stiffness, damping (per 60 Hz tick) and precision (`SvelteSpringParameters`).
public enum SvelteFamily: SpringParameterizationFamily {
    public static var platform: SpringPlatform? { .svelte }

    public static var parameterizationType: (any SpringParameterization.Type)? { SvelteSpringParameters.self }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(
                .stiffness, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: 0, includesLowerBound: false, upperBound: 1, includesUpperBound: true,
                    description: SvelteSpringParameters.stiffnessRange),
                default: 0.15, "stiffness per 60 Hz tick (default 0.15; Spring clamps to 0...1)"),
            SpringParameter(
                .damping, .dimensionless,
                SpringParameter.ValidRange(
                    lowerBound: 0, includesLowerBound: true, upperBound: 1, includesUpperBound: false,
                    description: SvelteSpringParameters.dampingRange),
                default: 0.8, "damping per 60 Hz tick (default 0.8; Spring clamps to 0...1)"),
            SpringParameter(
                .precision, .dimensionless, .positive, default: 0.01,
                "done when the step and the distance are below it, in the value's units (default 0.01); not part of the spring"
            ),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try SvelteSpringParameters(stiffness: value(.stiffness), damping: value(.damping), precision: value(.precision))
            .spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = try SvelteSpringParameters(spring)
        return [.stiffness: form.stiffness, .damping: form.damping, .precision: form.precision]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { () throws(SpringParameterError) in try SvelteSpringParameters(spring) }
    }
}
