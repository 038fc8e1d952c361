/// anime.js's physics spring, `mass`, `stiffness`, `damping` and `velocity`,
/// with the ranges one release clamps them to (``AnimeSpringRelease``):
/// v3's `easing: 'spring(m, k, c, v)'`, v4.0's `createSpring({…})`, v4.2+'s
/// `spring({…})` (``AnimeV3Parameters``, ``AnimeV4Parameters``,
/// ``AnimeV42Parameters``).
///
/// anime.js clamps rather than rejects, so any finite value is accepted and
/// stored as given; the `effective…` values are the clamped ones its solver
/// uses. Defaults 1, 100, 10, 0 in every release (juliangarnier/anime v3.2.2
/// `src/index.js` `spring()`, v4.0.0 `src/spring.js`, v4.4.1
/// `src/easings/spring/index.js`). `velocity` is in progress per second
/// (fractions of the travel per second, positive toward the target); it is
/// part of anime's easing, not of the ``Spring``.
///
/// ``spring`` is the spring anime's solver evaluates: the clamped mass,
/// stiffness and damping, except where v4.0 clamps `√(k/m)` to 1000 rad/s
/// (masses below `k/10⁶`): there its ω₀ is 1000 with the damping ratio of the
/// clamped values (a mass of 0, which v4.0 accepts, gives an infinite ratio;
/// its solver treats every ratio ≥ 1 as critical, so ``spring`` is the
/// critically damped one). v3 and v4.0 show an over-damped spring as a
/// critically damped one of the same ω₀; that is the solver's behaviour, not
/// the parameters', and SpringPlatforms' `AnimeSpringSolver` models it.
///
/// The inverse ``init(_:)`` gives the same motion (`k/m`, `c/m`): the
/// spring's own values where they fit the release's ranges, else the scale of
/// them nearest to them that fits; where none does (v4.2+ caps `k/m` at 10⁴,
/// v3 at 10³) a scale between the bounds that bind, clamped, and ``spring``
/// then differs from the spring given. Velocity 0 (v3 clamps it to 0.1).
public struct AnimeSpringParameters<Release: AnimeSpringRelease>: SpringParameterization, Hashable {
    public static var parameterizationName: String { Release.parameterizationName }

    /// The mass as given.
    public var mass: Double
    /// The stiffness as given.
    public var stiffness: Double
    /// The damping as given.
    public var damping: Double
    /// The initial velocity as given, in progress per second.
    public var velocity: Double

    /// The values as written in anime.js; any finite number (anime clamps,
    /// ``effectiveMass`` and its siblings are the clamped values).
    public init(
        mass: Double = 1, stiffness: Double = 100, damping: Double = 10, velocity: Double = 0
    ) throws(SpringParameterError) {
        try Check.finite(mass, "mass")
        try Check.finite(stiffness, "stiffness")
        try Check.finite(damping, "damping")
        try Check.finite(velocity, "velocity")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.velocity = velocity
    }

    /// The values that show `spring`'s motion inside the release's ranges
    /// (its own where they fit, else the nearest scale of them that does),
    /// the nearest clamped scale where none does; velocity 0.
    public init(_ spring: Spring) {
        let fitted = Release.ranges.fitted(spring)
        mass = fitted.mass
        stiffness = fitted.stiffness
        damping = fitted.damping
        velocity = 0
    }

    /// The release's defaults: mass 1, stiffness 100, damping 10, velocity 0.
    public static var defaults: Self { Self(uncheckedMass: 1, stiffness: 100, damping: 10, velocity: 0) }

    private init(uncheckedMass mass: Double, stiffness: Double, damping: Double, velocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.velocity = velocity
    }

    /// The mass anime's solver uses (clamped).
    public var effectiveMass: Double { AnimeSpringRanges.clamp(mass, Release.ranges.mass) }
    /// The stiffness anime's solver uses (clamped).
    public var effectiveStiffness: Double { AnimeSpringRanges.clamp(stiffness, Release.ranges.stiffness) }
    /// The damping anime's solver uses (clamped).
    public var effectiveDamping: Double { AnimeSpringRanges.clamp(damping, Release.ranges.damping) }
    /// The velocity anime's solver uses (clamped), in progress per second.
    public var effectiveVelocity: Double { AnimeSpringRanges.clamp(velocity, Release.ranges.velocity) }

    /// `√(k/m)` as the release computes it (v4.0 and later clamp it to
    /// 1e-11…1000 rad/s), from the clamped values.
    public var naturalFrequency: Double {
        let omega = (effectiveStiffness / effectiveMass).squareRoot()
        guard let bounds = Release.naturalFrequencyRange else { return omega }
        return AnimeSpringRanges.clamp(omega, bounds)
    }

    /// `c / (2√(k·m))` from the clamped values (infinite for v4.0's mass 0).
    public var dampingRatio: Double {
        effectiveDamping / (2 * (effectiveStiffness * effectiveMass).squareRoot())
    }

    public var spring: Spring {
        let m = effectiveMass, k = effectiveStiffness, c = effectiveDamping
        if m > 0, naturalFrequency == (k / m).squareRoot() {
            return Spring(uncheckedMass: m, stiffness: k, damping: c)
        }
        let zeta = dampingRatio
        return Spring(
            uncheckedFrequency: naturalFrequency, dampingRatio: zeta.isFinite ? zeta : 1, mass: m > 0 ? m : 1)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity)]
    }
}

/// One anime.js release's spring API: its name and the ranges it clamps to.
public protocol AnimeSpringRelease: Sendable, Hashable {
    /// The parameterization's name (`"anime.js v3 spring(m, k, c, v)"`).
    static var parameterizationName: String { get }
    /// The ranges the release clamps mass, stiffness, damping and velocity to.
    static var ranges: AnimeSpringRanges { get }
    /// The range the release clamps `√(k/m)` to, `nil` where it does not.
    static var naturalFrequencyRange: ClosedRange<Double>? { get }
}

/// anime.js v3 (3.0–3.2.2): `minMax(value, .1, 100)` on each of mass,
/// stiffness, damping and velocity (juliangarnier/anime v3.2.2, commit
/// 239158e83c7ca1e1d27ab5e556a18b58832b4c2f, `src/index.js` lines 76–85), so a
/// velocity of 0 (the default) becomes 0.1. (The documentation's table at the
/// same tag, `documentation/index.html`, gives minimums of 0; the code clamps
/// to 0.1.)
public enum AnimeSpringV3: AnimeSpringRelease {
    public static let parameterizationName = "anime.js v3 spring(mass, stiffness, damping, velocity)"
    public static let ranges = AnimeSpringRanges(
        mass: 0.1...100, stiffness: 0.1...100, damping: 0.1...100, velocity: 0.1...100)
    public static let naturalFrequencyRange: ClosedRange<Double>? = nil
}

/// anime.js v4.0–4.1 `createSpring`: mass 0…1000, stiffness 1…1000, damping
/// 0.1…1000, velocity −1000…1000, and `√(k/m)` clamped to 1e-11…1000
/// (juliangarnier/anime v4.0.0, commit 3552e706433ebd22010c631d875b31f17a52985c,
/// `src/spring.js`).
public enum AnimeSpringV4: AnimeSpringRelease {
    public static let parameterizationName = "anime.js v4.0 createSpring({ mass, stiffness, damping, velocity })"
    public static let ranges = AnimeSpringRanges(
        mass: 0...1000, stiffness: 1...1000, damping: 0.1...1000, velocity: -1000...1000)
    public static let naturalFrequencyRange: ClosedRange<Double>? = 1e-11...1000
}

/// anime.js v4.2+ `spring({ mass, stiffness, damping, velocity })`: mass
/// 1…10⁴, stiffness and damping 1e-11…10⁴, velocity −10⁴…10⁴, `√(k/m)`
/// clamped to 1e-11…1000 (which these ranges never reach)
/// (juliangarnier/anime v4.2.0 0d82be2a9428d5039e6814b337919d9a2c21eedb to
/// v4.4.1 308c09346ffceeac67b27cbbe34881cbc8168e0f,
/// `src/easings/spring/index.js`, identical across them).
public enum AnimeSpringV42: AnimeSpringRelease {
    public static let parameterizationName = "anime.js v4.2+ spring({ mass, stiffness, damping, velocity })"
    public static let ranges = AnimeSpringRanges(
        mass: 1...10_000, stiffness: 1e-11...10_000, damping: 1e-11...10_000, velocity: -10_000...10_000)
    public static let naturalFrequencyRange: ClosedRange<Double>? = 1e-11...1000
}

/// anime.js v3's `spring(mass, stiffness, damping, velocity)` easing parameters.
public typealias AnimeV3Parameters = AnimeSpringParameters<AnimeSpringV3>
/// anime.js v4.0–4.1's `createSpring({ mass, stiffness, damping, velocity })`.
public typealias AnimeV4Parameters = AnimeSpringParameters<AnimeSpringV4>
/// anime.js v4.2+'s `spring({ mass, stiffness, damping, velocity })`.
public typealias AnimeV42Parameters = AnimeSpringParameters<AnimeSpringV42>

/// The ranges an anime.js release clamps a spring's parameters to.
public struct AnimeSpringRanges: Sendable, Hashable, CustomStringConvertible {
    public let mass: ClosedRange<Double>
    public let stiffness: ClosedRange<Double>
    public let damping: ClosedRange<Double>
    /// In progress per second.
    public let velocity: ClosedRange<Double>

    public init(
        mass: ClosedRange<Double>, stiffness: ClosedRange<Double>, damping: ClosedRange<Double>,
        velocity: ClosedRange<Double>
    ) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.velocity = velocity
    }

    public var description: String {
        "mass \(mass.lowerBound)...\(mass.upperBound), stiffness \(stiffness.lowerBound)...\(stiffness.upperBound), "
            + "damping \(damping.lowerBound)...\(damping.upperBound), velocity \(velocity.lowerBound)...\(velocity.upperBound)"
    }

    /// anime's `clamp(v, min, max)`: `v < min ? min : v > max ? max : v`
    /// (v3's `Math.min(Math.max(v, min), max)` is the same on numbers).
    @inlinable
    public static func clamp(_ value: Double, _ range: ClosedRange<Double>) -> Double {
        value < range.lowerBound ? range.lowerBound : value > range.upperBound ? range.upperBound : value
    }

    /// Mass, stiffness and damping with `spring`'s `k/m` and `c/m`: its own
    /// values where they fit the ranges, else scaled by the factor nearest 1
    /// that puts all three inside. Where no factor does, the geometric mean of
    /// the factors the binding lower and upper bounds ask for, then clamped:
    /// the violation split evenly in log scale (for a `k/m` above the
    /// release's largest this keeps the damping ratio whenever the damping
    /// itself fits). A damping of 0, below every release's range, is clamped.
    func fitted(_ spring: Spring) -> (mass: Double, stiffness: Double, damping: Double) {
        let m = spring.mass, k = spring.stiffness, c = spring.damping
        // The scale factors that keep each value inside its range.
        var lowest = Swift.max(mass.lowerBound / m, stiffness.lowerBound / k)
        var highest = Swift.min(mass.upperBound / m, stiffness.upperBound / k)
        if c > 0 {
            lowest = Swift.max(lowest, damping.lowerBound / c)
            highest = Swift.min(highest, damping.upperBound / c)
        }
        let between =
            lowest <= highest
            ? Swift.min(Swift.max(1, lowest), highest) : lowest.squareRoot() * highest.squareRoot()
        // Finite and non-zero, so that a damping of 0 stays 0 (an extreme spring's factor can overflow).
        let scale = Swift.min(Swift.max(between, .leastNormalMagnitude), .greatestFiniteMagnitude)
        let scaled = scale == 1 ? (m, k, c) : (scale * m, scale * k, scale * c)
        return (
            Self.clamp(scaled.0, mass), Self.clamp(scaled.1, stiffness), Self.clamp(scaled.2, damping)
        )
    }
}
