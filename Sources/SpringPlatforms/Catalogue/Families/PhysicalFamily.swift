import SpringModel

extension SpringParameterizationKind {
    /// The canonical `Spring(mass:stiffness:damping:)` (SwiftUI,
    /// `CASpringAnimation`, Motion's physics spring): stiffness and damping
    /// required, mass default 1. Over-damping is kept, not clamped.
    public static let physical = SpringParameterizationKind(PhysicalFamily.self)
}

/// The canonical `Spring(mass:stiffness:damping:)`; `convert` shows it as its canonical row.
public enum PhysicalFamily: SpringParameterizationFamily {
    public static var name: String { "mass/stiffness/damping" }

    public static var parameterizationType: (any SpringParameterization.Type)? { nil }

    public static var parameters: [SpringParameter] {
        [
            SpringParameter(.mass, .mass, .positive, default: 1, "mass m"),
            SpringParameter(.stiffness, .stiffness, .positive, default: nil, "stiffness k"),
            SpringParameter(.damping, .damping, .nonNegative, default: nil, "damping c, over-damping kept"),
        ]
    }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] {
        [("--stiffness", .stiffness), ("--damping", .damping), ("--mass", .mass)]
    }

    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        try Spring(mass: value(.mass), stiffness: value(.stiffness), damping: value(.damping))
    }

    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        [.mass: spring.mass, .stiffness: spring.stiffness, .damping: spring.damping]
    }

    public static func converted(
        _ spring: Spring, epsilon: Double
    ) -> Result<[(name: String, value: Double)], SpringParameterError>? {
        nil
    }

    public static var units: [String: String] { ["stiffness": "mass/s²", "damping": "mass/s"] }
}
