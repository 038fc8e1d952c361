#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// react-spring's `tension` (stiffness), `friction` (damping) and `mass`, with
/// its presets, and its `frequency` + `damping` form.
///
/// Identity conversion (exact inverse). The frequency form (react-spring's
/// `config.frequency`, `config.damping`) is `tension = (2π/frequency)²·mass`,
/// `friction = 4π·damping·mass/frequency` (Guides/SpringFormulas.md): `frequency` is the
/// response and `damping` the damping ratio, read back by ``frequency`` and
/// ``dampingRatio``. react-spring itself integrates with semi-implicit Euler in
/// 1 ms steps; this is the exact motion that integration approximates.
public struct ReactSpringParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "react-spring tension/friction"

    public var tension: Double
    public var friction: Double
    public var mass: Double

    public init(tension: Double, friction: Double, mass: Double = 1) throws(SpringParameterError) {
        try Check.positive(tension, "tension")
        try Check.nonNegative(friction, "friction")
        try Check.positive(mass, "mass")
        _ = try Spring.validated(
            Spring(uncheckedMass: mass, stiffness: tension, damping: friction),
            blaming: "tension", value: tension, range: "a tension giving a finite tension / mass",
            damping: (
                "friction", friction,
                "0, or a friction giving a damping ratio from 2.2250738585072014e-308 to 4.49e307 "
                    + "and a rate friction/mass below 4.49e307"
            ))
        self.tension = tension
        self.friction = friction
        self.mass = mass
    }

    /// react-spring's frequency/damping form, with react-spring's own edge
    /// rules (`mergeConfig` in `packages/core/src/AnimationConfig.ts`, commit
    /// 3d2523de0f879e20869ab9add907540188bf6446): a frequency below 0.01 s
    /// is raised to 0.01 and a negative damping set to 0 before converting.
    /// The values are stored as given; ``tension`` and ``friction`` come from
    /// the raised ones.
    public init(frequency: Double, damping: Double = 1, mass: Double = 1) throws(SpringParameterError) {
        try Check.finite(frequency, "frequency")
        try Check.finite(damping, "damping")
        try Check.positive(mass, "mass")
        let usedFrequency = Swift.max(frequency, 0.01)
        let usedDamping = Swift.max(damping, 0)
        let spring = try Spring.validated(
            Spring(
                uncheckedMass: mass, stiffness: pow(2 * .pi / usedFrequency, 2) * mass,
                damping: 4 * .pi * usedDamping * mass / usedFrequency),
            blaming: "frequency", value: frequency, range: "a period giving a finite tension",
            damping: (
                "damping", damping,
                "0, or a damping ratio from 2.2250738585072014e-308 to 4.49e307 giving a finite friction"
            ))
        self.init(spring)
    }

    public init(_ spring: Spring) {
        tension = spring.stiffness
        friction = spring.damping
        mass = spring.mass
    }

    /// The frequency form's `frequency` (= response, seconds).
    public var frequency: Double { spring.response }
    /// The frequency form's `damping` (= damping ratio).
    public var dampingRatio: Double { spring.dampingRatio }

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: tension, damping: friction) }

    public var namedValues: [(name: String, value: Double)] {
        [("tension", tension), ("friction", friction), ("mass", mass)]
    }

    private init(uncheckedTension tension: Double, friction: Double) {
        self.tension = tension
        self.friction = friction
        self.mass = 1
    }

    /// `config.default`: 170/26.
    public static let `default` = Self(uncheckedTension: 170, friction: 26)
    /// `config.gentle`: 120/14.
    public static let gentle = Self(uncheckedTension: 120, friction: 14)
    /// `config.wobbly`: 180/12.
    public static let wobbly = Self(uncheckedTension: 180, friction: 12)
    /// `config.stiff`: 210/20.
    public static let stiff = Self(uncheckedTension: 210, friction: 20)
    /// `config.slow`: 280/60.
    public static let slow = Self(uncheckedTension: 280, friction: 60)
    /// `config.molasses`: 280/120.
    public static let molasses = Self(uncheckedTension: 280, friction: 120)

    /// Every preset with its react-spring name.
    public static let presets: [(name: String, parameters: Self)] = [
        ("default", .default), ("gentle", .gentle), ("wobbly", .wobbly),
        ("stiff", .stiff), ("slow", .slow), ("molasses", .molasses),
    ]
}
