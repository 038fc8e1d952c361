#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`, computed as
/// SwiftUI computes it (``SwiftUISpring/init(settlingDuration:dampingRatio:epsilon:)``):
/// ζ clamped to `[ulpOfOne, 1]`, the duration to `[0.01, 10]` s, and ω₀ from
/// Newton's method on SwiftUI's envelope `ζ/√(1−ζ²)·e^(−ζω₀T) = ε`
/// (`e^(−ω₀T)(1 + ω₀T) = ε` at ζ = 1). Mass 1.
///
/// This is not the spring whose motion from rest really settles within ε at
/// `settlingDuration` (that is ``SettlingParameters``): for ζ < 1 the two
/// differ by 0.2–54 % in stiffness on the springs the tests try.
///
/// Inverse: the duration that solves SwiftUI's equation for the spring's ω₀
/// and ζ, for ζ ≤ 1 and a result in 0.01…10 s (SwiftUI clamps anything
/// else, so other springs have no SwiftUI settling form). SwiftUI's Newton
/// stops once a step is at most ε rad/s, so a round trip agrees to about
/// that, not to the last ulp.
public struct SwiftUISettlingParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "SwiftUI settlingDuration/dampingRatio"

    /// The settling duration as given, in seconds (SwiftUI clamps it to 0.01…10).
    public var settlingDuration: Double
    /// The damping ratio as given (SwiftUI clamps it to `ulpOfOne…1`).
    public var dampingRatio: Double
    /// SwiftUI's `epsilon` (default 0.001), also its Newton tolerance in rad/s.
    public var epsilon: Double

    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) throws(SpringParameterError) {
        try Check.positive(settlingDuration, "settlingDuration")
        try Check.nonNegative(dampingRatio, "dampingRatio")
        try SettlingParameters.checkEpsilon(epsilon)
        // SwiftUI's equation ζ/√(1−ζ²)·e^(−ζω₀T) = ε has a positive root only
        // when ζ/√(1−ζ²) > ε; below that SwiftUI's Newton lands on a negative
        // ω₀ and builds a spring that grows without bound.
        let zeta = Swift.min(Swift.max(dampingRatio, .ulpOfOne), 1)
        guard zeta == 1 || zeta / (1 - zeta * zeta).squareRoot() > epsilon else {
            let bound = epsilon / (1 + epsilon * epsilon).squareRoot()
            throw .outOfRange(
                parameter: "dampingRatio",
                validRange:
                    "above epsilon/√(1 + epsilon²) = \(bound), where SwiftUI's settling equation has a positive root",
                value: dampingRatio)
        }
        self.settlingDuration = settlingDuration
        self.dampingRatio = dampingRatio
        self.epsilon = epsilon
        guard swiftUISpring.spring != nil else {
            throw .outOfRange(
                parameter: "settlingDuration", validRange: "a duration for which SwiftUI's Newton iteration converges",
                value: settlingDuration)
        }
    }

    public init(_ spring: Spring) throws(SpringParameterError) {
        try self.init(spring, epsilon: 0.001)
    }

    /// The SwiftUI settling form of `spring` for `epsilon`.
    public init(_ spring: Spring, epsilon: Double) throws(SpringParameterError) {
        try SettlingParameters.checkEpsilon(epsilon)
        let zeta = spring.dampingRatio
        let omega0 = spring.naturalFrequency
        func unrepresentable(_ reason: String) -> SpringParameterError {
            .notRepresentable(parameterization: Self.parameterizationName, reason: reason)
        }
        guard zeta > 0, zeta <= 1 else {
            throw unrepresentable(
                "SwiftUI clamps the damping ratio to at most 1 (and above 0); this spring's is \(zeta)")
        }
        let duration: Double
        if zeta < 1 {
            // ζ/√(1−ζ²)·e^(−ζω₀T) = ε  ⇒  T = ln(ζ/(√(1−ζ²)·ε)) / (ζω₀)
            duration = log(zeta / ((1 - zeta * zeta).squareRoot() * epsilon)) / (zeta * omega0)
        } else {
            duration = Self.criticalSettlingProduct(epsilon: epsilon) / omega0
        }
        guard duration.isFinite, duration >= 0.01, duration <= 10 else {
            throw unrepresentable(
                "its SwiftUI settling duration (\(duration) s) is outside the 0.01…10 s SwiftUI clamps to")
        }
        self.settlingDuration = duration
        self.dampingRatio = zeta
        self.epsilon = epsilon
    }

    /// `x = ω₀T` with `e^(−x)(1 + x) = ε`: Newton on `x − ln(1 + x) − ln(1/ε)`,
    /// which is increasing and convex for x > 0, from above the root.
    static func criticalSettlingProduct(epsilon: Double) -> Double {
        let target = -log(epsilon)
        var x = target + log(1 + target) + 1
        for _ in 0..<100 {
            let next = x - (x - log1p(x) - target) * (1 + x) / x
            if next == x { break }
            x = next
        }
        return x
    }

    /// The spring as SwiftUI stores it.
    public var swiftUISpring: SwiftUISpring {
        SwiftUISpring(settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
    }

    public var spring: Spring {
        // The initializer checked that SwiftUI's values describe a spring.
        swiftUISpring.spring ?? Spring(uncheckedMass: 1, stiffness: .nan, damping: .nan)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("settlingDuration", settlingDuration), ("dampingRatio", dampingRatio), ("epsilon", epsilon)]
    }
}
