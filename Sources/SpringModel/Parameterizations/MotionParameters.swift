/// Motion's (framer-motion) physics spring: stiffness, damping, mass with its
/// defaults 100, 10, 1 (Motion's `spring` documentation). Identity conversion,
/// exact inverse.
public struct MotionParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Motion stiffness/damping/mass"

    public var stiffness: Double
    public var damping: Double
    public var mass: Double

    public init(stiffness: Double = 100, damping: Double = 10, mass: Double = 1) throws(SpringParameterError) {
        _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    public init(_ spring: Spring) {
        stiffness = spring.stiffness
        damping = spring.damping
        mass = spring.mass
    }

    /// Motion's physics defaults.
    public static let defaults = try! MotionParameters()

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("stiffness", stiffness), ("damping", damping), ("mass", mass)]
    }
}

/// Motion's `visualDuration` + `bounce` spring: SwiftUI's mapping with a 1.2×
/// duration factor and the damping ratio clamped to 0.05…1.
///
/// `k = (2π/(1.2·visualDuration))²`, `c = 2·clamp(1 − bounce, 0.05, 1)·√k`,
/// mass 1 (Guides/SpringFormulas.md). Motion clamps rather than rejects: bounce < 0 acts as 0,
/// bounce > 0.95 as 0.95; this type stores the bounce as given and clamps in
/// ``spring``. Inverse only for 0.05 ≤ ζ ≤ 1 (bounce 0…0.95); other springs throw.
public struct MotionDurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Motion visualDuration/bounce"

    /// Perceptual duration in seconds (> 0).
    public var visualDuration: Double
    /// Bounce, effective range 0…0.95.
    public var bounce: Double

    public init(visualDuration: Double, bounce: Double) throws(SpringParameterError) {
        try Check.positive(visualDuration, "visualDuration")
        try Check.finite(bounce, "bounce")
        self.visualDuration = visualDuration
        self.bounce = bounce
        _ = try Spring.validated(
            spring, blaming: "visualDuration", value: visualDuration,
            range: "a duration giving a finite, non-zero stiffness (about 1e-153…1e153 s)")
    }

    public init(_ spring: Spring) throws(SpringParameterError) {
        let zeta = spring.dampingRatio
        guard zeta >= 0.05, zeta <= 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "damping ratio \(zeta) is outside Motion's 0.05...1 (bounce 0...0.95)")
        }
        visualDuration = spring.response / 1.2
        bounce = 1 - zeta
    }

    /// The damping ratio Motion uses, `clamp(1 − bounce, 0.05, 1)`.
    public var dampingRatio: Double { Swift.min(Swift.max(1 - bounce, 0.05), 1) }

    public var spring: Spring {
        Spring(uncheckedFrequency: 2 * .pi / (1.2 * visualDuration), dampingRatio: dampingRatio)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("visualDuration", visualDuration), ("bounce", bounce)]
    }
}
