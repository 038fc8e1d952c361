/// A response (undamped period, seconds) and a damping ratio: SwiftUI's
/// `Spring(response:dampingRatio:)` and UIKit's / Core Animation's response form.
///
/// `k = (2π/response)²·m`, `c = 4π·ζ·m/response` (Guides/SpringFormulas.md). Exact inverse:
/// `response = 2π/ω₀`, `ζ = c/(2√(k·m))`, mass kept.
public struct ResponseParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "response/damping ratio"

    /// Undamped period `2π/ω₀` in seconds (> 0).
    public var response: Double
    /// Damping ratio ζ (≥ 0; > 1 is over-damped).
    public var dampingRatio: Double
    /// Mass (> 0), 1 in SwiftUI.
    public var mass: Double

    public init(response: Double, dampingRatio: Double, mass: Double = 1) throws(SpringParameterError) {
        try Check.positive(response, "response")
        try Check.nonNegative(dampingRatio, "dampingRatio")
        try Check.positive(mass, "mass")
        self.response = response
        self.dampingRatio = dampingRatio
        self.mass = mass
        _ = try Spring.validated(
            spring, blaming: "response", value: response, range: "a response giving a finite stiffness",
            damping: ("dampingRatio", dampingRatio, Spring.dampingRatioRange))
    }

    public init(_ spring: Spring) {
        response = spring.response
        dampingRatio = spring.dampingRatio
        mass = spring.mass
    }

    public var spring: Spring {
        Self.unchecked(response: response, dampingRatio: dampingRatio, mass: mass)
    }

    /// The spring for known-good constants (the catalogue's presets).
    static func unchecked(response: Double, dampingRatio: Double, mass: Double = 1) -> Spring {
        Spring(uncheckedFrequency: 2 * .pi / response, dampingRatio: dampingRatio, mass: mass)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("response", response), ("dampingRatio", dampingRatio), ("mass", mass)]
    }
}

extension Spring {
    /// SwiftUI's `Spring(response:dampingRatio:)` (mass 1).
    public init(response: Double, dampingRatio: Double) throws(SpringParameterError) {
        self = try ResponseParameters(response: response, dampingRatio: dampingRatio).spring
    }
}
