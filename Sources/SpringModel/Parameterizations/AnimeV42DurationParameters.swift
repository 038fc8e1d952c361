/// anime.js v4.2+'s `spring({ bounce, duration })`: SwiftUI's perceptual
/// mapping, with anime's clamps and roundings (juliangarnier/anime v4.2.0
/// 0d82be2a9428d5039e6814b337919d9a2c21eedb to v4.4.1
/// 308c09346ffceeac67b27cbbe34881cbc8168e0f, `src/easings/spring/index.js`,
/// `calculateSDFromBD`).
///
/// The bounce is clamped to −1…1 (default 0.5) and the perceived duration to
/// 10…10 000 ms (default 628); with `p` the duration in seconds, mass 1 and
/// velocity 0 are forced and
/// - `k = (2π/p)²`, clamped to 1e-11…10⁴ and rounded to 3 decimal places;
/// - `c = (1 − bounce)·4π/p` for bounce ≥ 0, `4π/(p·(1 + bounce))` below 0,
///   clamped to 1e-11…**300** and rounded to 3 decimal places.
///
/// So the default (and `{ bounce: 0.5 }`) is k 100.101, c 10.005, not the
/// physics default 100/10. The duration is anime's *perceived* duration; the
/// animation itself lasts the spring's settling duration (SpringPlatforms'
/// `AnimeV42Spring`). Inverse (``init(_:)``): the exact duration `2π/ω₀` and
/// bounce (1 − ζ, or 1/ζ − 1 over-damped) of the mass-1 spring with the same
/// motion, before anime's rounding (its own `calculateBDFromSD` rounds both to
/// 3 decimals); building from them rounds k and c again, and clamps c to 300.
public struct AnimeV42DurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "anime.js v4.2+ spring({ bounce, duration })"

    /// The bounce as given (anime clamps it to −1…1).
    public var bounce: Double
    /// The perceived duration as given, in milliseconds (anime clamps it to 10…10 000).
    public var duration: Double

    /// The largest damping anime computes from a bounce and duration ("to
    /// prevent insane values in the solver").
    public static let dampingCap = 300.0

    /// Any finite bounce and duration (anime clamps both).
    public init(bounce: Double = 0.5, duration: Double = 628) throws(SpringParameterError) {
        try Check.finite(bounce, "bounce")
        try Check.finite(duration, "duration")
        self.bounce = bounce
        self.duration = duration
    }

    /// The bounce and perceived duration (ms) of `spring`'s motion at mass 1:
    /// `2π/ω₀` and 1 − ζ (ζ ≤ 1) or 1/ζ − 1 (ζ > 1), unrounded.
    public init(_ spring: Spring) {
        let zeta = spring.dampingRatio
        duration = 2 * .pi / spring.naturalFrequency * 1000
        bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }

    /// `spring()`'s defaults: bounce 0.5, duration 628 ms.
    public static let defaults = AnimeV42DurationParameters(uncheckedBounce: 0.5, duration: 628)

    private init(uncheckedBounce bounce: Double, duration: Double) {
        self.bounce = bounce
        self.duration = duration
    }

    /// The bounce anime uses, clamped to −1…1.
    public var effectiveBounce: Double { AnimeSpringRanges.clamp(bounce, -1...1) }
    /// The perceived duration anime uses, clamped to 10…10 000 ms.
    public var effectiveDuration: Double { AnimeSpringRanges.clamp(duration, 10...10_000) }

    /// `calculateSDFromBD`'s stiffness: `(2π/p)²`, clamped, rounded to 3 decimals.
    public var stiffness: Double {
        let seconds = effectiveDuration / 1000
        let root = (2 * .pi) / seconds
        return AnimeMath.round(AnimeSpringRanges.clamp(root * root, 1e-11...10_000), decimals: 3)
    }

    /// `calculateSDFromBD`'s damping: clamped to 1e-11…300, rounded to 3 decimals.
    public var damping: Double {
        let seconds = effectiveDuration / 1000
        let bounce = effectiveBounce
        let raw = bounce >= 0 ? ((1 - bounce) * 4 * .pi) / seconds : (4 * .pi) / (seconds * (1 + bounce))
        return AnimeMath.round(AnimeSpringRanges.clamp(raw, 1e-11...Self.dampingCap), decimals: 3)
    }

    public var spring: Spring { Spring(uncheckedMass: 1, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("bounce", bounce), ("duration", duration)]
    }
}
