import SpringModel

/// The shared shape of anime.js's physics families (``AnimeV3Family``,
/// ``AnimeV4Family``, ``AnimeV42Family``): mass, stiffness and damping with
/// anime's defaults 1, 100, 10, any finite value accepted and clamped to the
/// release's ranges as anime clamps them. The initial velocity is not a
/// family parameter: a run's own velocity becomes anime's progress velocity.
/// No command-line flags (the names are the canonical form's); `--preset`
/// and `match --to` reach them.
public protocol AnimePhysicsFamily: SpringParameterizationFamily {
    associatedtype Release: AnimeSpringRelease
}

extension AnimePhysicsFamily {
    public static var parameterizationType: (any SpringParameterization.Type)? {
        AnimeSpringParameters<Release>.self
    }

    public static var parameters: [SpringParameter] {
        let ranges = Release.ranges
        func clamped(_ range: ClosedRange<Double>) -> String {
            "clamped to \(PlatformForm.number(range.lowerBound))...\(PlatformForm.number(range.upperBound))"
        }
        return [
            SpringParameter(.mass, .mass, .finite, default: 1, "mass, \(clamped(ranges.mass)) (default 1)"),
            SpringParameter(
                .stiffness, .stiffness, .finite, default: 100, "stiffness, \(clamped(ranges.stiffness)) (default 100)"),
            SpringParameter(
                .damping, .damping, .finite, default: 10, "damping, \(clamped(ranges.damping)) (default 10)"),
        ]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try AnimeSpringParameters<Release>(mass: value(.mass), stiffness: value(.stiffness), damping: value(.damping))
            .spring
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        let form = AnimeSpringParameters<Release>(spring)
        return [.mass: form.mass, .stiffness: form.stiffness, .damping: form.damping]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        row { AnimeSpringParameters<Release>(spring) }
    }

    public static var units: [String: String] {
        ["stiffness": "mass/s²", "damping": "mass/s", "velocity": "1/s"]
    }
}
