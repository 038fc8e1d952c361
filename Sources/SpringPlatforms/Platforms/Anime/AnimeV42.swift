import SpringModel

extension SpringPlatform {
    /// anime.js v4.2+'s `spring({…})`; its loop is ``AnimeV42Loop``.
    public static let animeV42 = SpringPlatform(
        name: "anime.js v4.2+", shortName: "anime 4.2+",
        source:
            "juliangarnier/anime v4.4.1 (308c09346ffceeac67b27cbbe34881cbc8168e0f) src/easings/spring/index.js (as since v4.2.0 0d82be2a), src/core/clock.js, src/engine/engine.js, src/timer/timer.js",
        loop: AnimeV42Loop.self,
        loopSummary:
            "the WebKit closed form with a true over-damped branch at Date.now() + 12 ms, the engine capped at 240 fps (v4.3+); done at its settling duration: 0.02 s steps until |1 − p| < 5e-4 on 11 in a row",
        form: PlatformForm(keyword: "anime4.2", family: AnimeV42Family.self) { v in
            "ease: spring({ mass: \(PlatformForm.number(v[.mass] ?? .nan)), stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)), velocity: 0 })"
        }
    )
}

/// anime.js v4.2+'s `Spring` (juliangarnier/anime v4.2.0
/// 0d82be2a9428d5039e6814b337919d9a2c21eedb through v4.4.1
/// 308c09346ffceeac67b27cbbe34881cbc8168e0f, `src/easings/spring/index.js`,
/// the same file in every release between).
///
/// - Parameters: the physics object (``AnimeV42Parameters``: mass 1…10⁴,
///   stiffness and damping 1e-11…10⁴, velocity ±10⁴), or a bounce and
///   perceived duration (``AnimeV42DurationParameters``), which force mass 1,
///   velocity 0 and the rounded, capped stiffness and damping.
/// - Easing: ``AnimeSpringSolver`` with the true over-damped branch;
///   `ease(t)` is `t` at 0 and 1, else `solve(t · solverDuration)`.
/// - Settling duration (`compute`): as v4.0 but `<=` in the loop test: 11
///   consecutive resting samples, at most 3001 samples;
///   `settlingDuration = Math.round(solverDuration · 1000)` ms replaces the
///   animation's duration.
/// - The perceived duration (``perceivedDuration``, 628 ms unless a bounce or
///   duration is given: the constructor does not derive it from physics
///   values, anime#1118) only times the spring's own `onComplete`, which
///   fires once `t · settlingDuration ≥ perceivedDuration`.
public struct AnimeV42Spring: Sendable, Hashable {
    /// The physics values the solver uses (for a bounce/duration spring: mass
    /// 1, its rounded stiffness and damping, velocity 0).
    public let parameters: AnimeV42Parameters
    /// The perceived duration, ms (628 unless given).
    public let perceivedDuration: Double
    public let solver: AnimeSpringSolver
    /// `solverDuration`, seconds of spring time.
    public let solverDuration: Double
    /// `settlingDuration`, whole milliseconds.
    public let settlingDuration: Double

    /// `spring({ mass, stiffness, damping, velocity })`.
    public init(_ parameters: AnimeV42Parameters) {
        self.init(
            parameters, perceivedDuration: 628, solver: AnimeSpringSolver(parameters, overDamping: .exact))
    }

    /// `spring({ bounce, duration })`: mass 1 and velocity 0 are forced, and
    /// the solver takes the rounded stiffness and damping as they are (a
    /// damping that rounds to 0 stays 0: anime clamps before it rounds).
    public init(_ parameters: AnimeV42DurationParameters) {
        let physics =
            (try? AnimeV42Parameters(mass: 1, stiffness: parameters.stiffness, damping: parameters.damping))
            ?? AnimeV42Parameters.defaults
        let solver = AnimeSpringSolver(
            mass: 1, stiffness: parameters.stiffness, damping: parameters.damping, velocity: 0, overDamping: .exact,
            naturalFrequencyRange: AnimeSpringV42.naturalFrequencyRange)
        self.init(physics, perceivedDuration: parameters.effectiveDuration, solver: solver)
    }

    private init(_ parameters: AnimeV42Parameters, perceivedDuration: Double, solver: AnimeSpringSolver) {
        self.parameters = parameters
        self.perceivedDuration = perceivedDuration
        self.solver = solver
        solverDuration = AnimeSpringSearch.run(solver, inclusive: true)
        settlingDuration = AnimeMath.round(solverDuration * 1000, decimals: 0)
    }

    /// `ease(t)` (its `onComplete` bookkeeping aside).
    public func ease(_ t: Double) -> Double {
        t == 0 || t == 1 ? t : solver.solve(t * solverDuration)
    }

    /// Whether the spring's own `onComplete` has fired by `t` (it fires on
    /// the first `ease(t)` call with `t · settlingDuration ≥ perceivedDuration`).
    public func hasCompleted(at t: Double) -> Bool { t * settlingDuration >= perceivedDuration }
}

/// anime.js v4.2+'s run of a spring as a ``PlatformLoop``: ``AnimeV42Spring``
/// (the physics object) played as `AnimeV4Playback` describes, with the
/// engine clock of v4.3+ (240 fps) by default; v4.2.x ran the v4.0 clock (120 fps),
/// ``AnimeEngineClock/Generation/v4_0``.
///
/// The spring is written in anime's parameters by `AnimeV42Parameters.init(_:)`
/// (scaled into the ranges where a scale fits — mass ≥ 1 and k ≤ 10⁴ cap `k/m`
/// at 10⁴ — else clamped); the run's initial velocity becomes the progress
/// velocity `initialVelocity/(to − from)`, clamped to ±10⁴ (0 when
/// `from == to`, where nothing moves).
public struct AnimeV42Loop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .animeV42 }

    public var parameters: AnimeV42Parameters
    /// The engine clock: v4.3+ (default) or v4.2.x's.
    public var engine: AnimeEngineClock.Generation

    public init(_ parameters: AnimeV42Parameters, engine: AnimeEngineClock.Generation = .v4_3) {
        self.parameters = parameters
        self.engine = engine
    }

    /// anime v4.2+'s run of `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(AnimeV42Parameters(spring))
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        var parameters = self.parameters
        parameters.velocity = from == to ? 0 : initialVelocity / (to - from)
        let spring = AnimeV42Spring(parameters)
        return AnimeV4Playback.run(
            Self.platform, durationMilliseconds: spring.settlingDuration, solverDuration: spring.solverDuration,
            engine: engine, from: from, to: to, frames: clock, ease: spring.ease)
    }
}
