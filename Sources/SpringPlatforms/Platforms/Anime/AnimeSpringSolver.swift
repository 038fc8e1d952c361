import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// The closed form every anime.js spring evaluates: WebKit's `spring.js`
/// solution for unit travel, `y(τ)` from 1 at τ = 0 toward 0, and progress
/// `1 − y` (juliangarnier/anime v3.2.2 239158e8 `src/index.js` 76–97, v4.0.0
/// 3552e706 `src/spring.js` `solve`/`compute`, v4.2.0 0d82be2a – v4.4.1
/// 308c0934 `src/easings/spring/index.js` `solve`/`compute`).
///
/// With ω₀ = √(k/m) (v4 clamps it to 1e-11…1000), ζ = c/(2√(k·m)) and the
/// initial velocity `v` in progress per second:
/// - ζ < 1: `y = e^(−ζω₀τ)(cos ω_d τ + b sin ω_d τ)`, ω_d = ω₀√(1 − ζ²),
///   `b = (ζω₀ − v)/ω_d`;
/// - ζ ≥ 1 in v3 and v4.0, ζ = 1 exactly in v4.2+: `y = (1 + bτ)e^(−ω₀τ)`,
///   `b = ω₀ − v` — so v3 and v4.0 show an over-damped spring as the
///   critically damped one of the same ω₀;
/// - ζ > 1 in v4.2+: `y = ((1 + b)e^((−ζω₀ + ω_d)τ) + (1 − b)e^((−ζω₀ − ω_d)τ))/2`,
///   ω_d = ω₀√(ζ² − 1), `b = (ζω₀ − v)/ω_d`.
///
/// The operations are anime's, in its order, on glibc's `exp`, `cos`, `sin`
/// (V8's fdlibm ports may differ by an ulp).
public struct AnimeSpringSolver: Sendable, Hashable {
    /// How a release treats ζ ≥ 1.
    public enum OverDamping: Sendable, Hashable {
        /// v3 and v4.0–4.1: every ζ ≥ 1 uses the critically damped formula.
        case asCritical
        /// v4.2+: ζ = 1 critical, ζ > 1 the over-damped exponentials.
        case exact
    }

    public let overDamping: OverDamping
    /// ω₀ as the release computes it, rad/s.
    public let naturalFrequency: Double
    /// ζ as the release computes it.
    public let dampingRatio: Double
    /// `wd`: ω₀√(1 − ζ²), ω₀√(ζ² − 1) (v4.2+ over-damped), or 0.
    public let dampedFrequency: Double
    /// `b`, the sine (or τ, or exponential-difference) coefficient.
    public let coefficient: Double

    /// The solver for the clamped values `mass`, `stiffness`, `damping`,
    /// `velocity` (progress per second); `naturalFrequencyRange` is the clamp
    /// v4 applies to √(k/m) (`nil` for v3).
    public init(
        mass: Double, stiffness: Double, damping: Double, velocity: Double, overDamping: OverDamping,
        naturalFrequencyRange: ClosedRange<Double>?
    ) {
        self.overDamping = overDamping
        var w0 = (stiffness / mass).squareRoot()
        if let range = naturalFrequencyRange { w0 = AnimeSpringRanges.clamp(w0, range) }
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        naturalFrequency = w0
        dampingRatio = zeta
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            dampedFrequency = wd
            coefficient = (zeta * w0 + -velocity) / wd
        } else if zeta == 1 || overDamping == .asCritical {
            dampedFrequency = 0
            coefficient = -velocity + w0
        } else {
            let wd = w0 * (zeta * zeta - 1).squareRoot()
            dampedFrequency = wd
            coefficient = (zeta * w0 + -velocity) / wd
        }
    }

    /// The solver of `parameters` (its clamped values) for its release.
    public init<Release>(_ parameters: AnimeSpringParameters<Release>, overDamping: OverDamping) {
        self.init(
            mass: parameters.effectiveMass, stiffness: parameters.effectiveStiffness,
            damping: parameters.effectiveDamping, velocity: parameters.effectiveVelocity, overDamping: overDamping,
            naturalFrequencyRange: Release.naturalFrequencyRange)
    }

    /// `y(τ)`: the remaining fraction of the travel at spring time `tau` (seconds).
    @inlinable
    public func displacement(_ tau: Double) -> Double {
        let zeta = dampingRatio, w0 = naturalFrequency, wd = dampedFrequency, b = coefficient
        if zeta < 1 {
            return exp(-tau * zeta * w0) * (1 * cos(wd * tau) + b * sin(wd * tau))
        }
        if zeta == 1 || overDamping == .asCritical {
            return (1 + b * tau) * exp(-tau * w0)
        }
        return ((1 + b) * exp((-zeta * w0 + wd) * tau) + (1 - b) * exp((-zeta * w0 - wd) * tau)) / 2
    }

    /// `solve(τ)` = `1 − y(τ)`: progress at spring time `tau` (seconds).
    @inlinable
    public func solve(_ tau: Double) -> Double { 1 - displacement(tau) }
}

/// anime.js v4's engine clock (`Clock.requestTick`, `src/core/clock.js`): the
/// engine updates on an animation frame only when its schedule allows, so at
/// refresh rates above its frame-rate cap some frames show the previous value.
///
/// - ``Generation/v4_0`` (v4.0.0 3552e706 through v4.2.x): the cap is 120 fps,
///   `_frameDuration = round(1000/120)` = 8 ms, and the test compares the
///   *previous* update's time with the schedule (`elapsedTime` is read before
///   it is overwritten): the update after a skipped one always runs.
/// - ``Generation/v4_3`` (v4.3.0 423d4cbb through v4.4.1 308c0934): the cap is
///   240 fps, `_frameDuration = 1000/240` ms unrounded, and the test compares
///   the current time.
///
/// Times are `Date.now()`: whole milliseconds. The clock starts idle (its
/// last update and schedule long past), as on a page where no other anime.js
/// animation is running: the first two updates always run.
public struct AnimeEngineClock: Sendable, Hashable {
    /// Which engine clock.
    public enum Generation: String, Sendable, Hashable, CaseIterable {
        case v4_0 = "v4.0–4.2"
        case v4_3 = "v4.3+"

        /// The engine's `_frameDuration`, ms.
        public var frameDuration: Double {
            switch self {
            case .v4_0: return AnimeMath.mathRound(1000.0 / 120)
            case .v4_3: return 1000.0 / 240
            }
        }
    }

    public let generation: Generation
    /// `_elapsedTime` (v4.0) or `_lastTickTime` (v4.3): the last update's time;
    /// `nil` while it is long past.
    private var lastUpdate: Double?
    /// `_scheduledTime`; `nil` while it is long past.
    private var scheduled: Double?

    public init(_ generation: Generation) {
        self.generation = generation
    }

    /// `requestTick(time)` for an update at `time` (ms): whether the engine
    /// renders on it.
    public mutating func requestTick(_ time: Double) -> Bool {
        let frameDuration = generation.frameDuration
        switch generation {
        case .v4_0:
            let previous = lastUpdate
            lastUpdate = time
            guard let schedule = scheduled else {
                // An idle engine: both times long past, so the previous one is
                // not before the schedule, and the schedule catches up with it.
                scheduled = previous
                return true
            }
            guard let elapsed = previous, elapsed >= schedule else { return false }
            let delta = elapsed - schedule
            scheduled = schedule + (delta < frameDuration ? frameDuration : delta)
            return true
        case .v4_3:
            lastUpdate = time
            guard let schedule = scheduled else {
                scheduled = time
                return true
            }
            if time < schedule { return false }
            let delta = time - schedule
            scheduled = schedule + (delta < frameDuration ? frameDuration : delta)
            return true
        }
    }
}
