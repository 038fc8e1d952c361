import SpringModel

extension SpringPlatform {
    /// anime.js v4.0–4.1's `createSpring({ mass, stiffness, damping, velocity })`;
    /// its loop is ``AnimeV4Loop``.
    public static let animeV4 = SpringPlatform(
        name: "anime.js v4.0", shortName: "anime 4.0",
        source:
            "juliangarnier/anime v4.0.0 (3552e706433ebd22010c631d875b31f17a52985c) src/spring.js, clock.js, engine.js, timer.js, render.js",
        loop: AnimeV4Loop.self,
        loopSummary:
            "the WebKit closed form (over-damped shown as critical) at Date.now() + 12 ms, the engine capped at 120 fps; done at its duration: 0.02 s steps until |1 − p| < 5e-4 on 10 in a row (cap 60 s)",
        form: PlatformForm(keyword: "anime4.0", family: AnimeV4Family.self) { v in
            "ease: createSpring({ mass: \(PlatformForm.number(v[.mass] ?? .nan)), stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)), velocity: 0 })"
        }
    )
}

/// anime.js v4.0–4.1's `Spring` (juliangarnier/anime v4.0.0, commit
/// 3552e706433ebd22010c631d875b31f17a52985c, `src/spring.js`).
///
/// - Parameters: mass 0…1000, stiffness 1…1000, damping 0.1…1000, velocity
///   ±1000 (``AnimeV4Parameters``); √(k/m) clamped to 1e-11…1000.
/// - Easing: ``AnimeSpringSolver``, over-damping shown as critical;
///   `ease(t)` is `t` at 0 and 1, else `solve(t · solverDuration)`.
/// - Duration (`compute`): τ = 0, 0.02, 0.04, … (accumulated); a sample rests
///   when `|1 − solve(τ)| < 0.0005`; the search stops after 10 consecutive
///   resting samples (`restDuration / timeStep / K` = 10) or 3000 samples
///   (60 s); `solverDuration` is the last sample's τ and
///   `duration = Math.round(solverDuration · 1000)` ms, the animation's duration.
public struct AnimeV4Spring: Sendable, Hashable {
    public let parameters: AnimeV4Parameters
    public let solver: AnimeSpringSolver
    /// `solverDuration`, seconds of spring time.
    public let solverDuration: Double
    /// `duration`, whole milliseconds.
    public let duration: Double

    public init(_ parameters: AnimeV4Parameters) {
        self.parameters = parameters
        let solver = AnimeSpringSolver(parameters, overDamping: .asCritical)
        self.solver = solver
        let search = AnimeSpringSearch.run(solver, inclusive: false)
        solverDuration = search
        duration = AnimeMath.round(search * 1000, decimals: 0)
    }

    /// `ease(t)`.
    public func ease(_ t: Double) -> Double {
        t == 0 || t == 1 ? t : solver.solve(t * solverDuration)
    }
}

/// The rest search of anime.js v4's `compute()`: the constants are anime's
/// (`timeStep` .02, `restThreshold` .0005, `restDuration` 200 ms,
/// `maxDuration` 60 000 ms, `K` 1000), the bounds computed as it computes them.
enum AnimeSpringSearch {
    static let timeStep = 0.02
    static let restThreshold = 0.0005
    static let maximumRestSteps = 200 / timeStep / 1000
    static let maximumIterations = 60_000 / timeStep / 1000

    /// `solverDuration`. v4.0 loops `while (restSteps < maxRestSteps &&
    /// iterations < maxIterations)`; v4.2+ (`inclusive`) with `<=`: 11
    /// resting samples and up to 3001 iterations.
    static func run(_ solver: AnimeSpringSolver, inclusive: Bool) -> Double {
        var solverTime = 0.0
        var restSteps = 0.0
        var iterations = 0.0
        var solverDuration = 0.0
        while inclusive
            ? (restSteps <= maximumRestSteps && iterations <= maximumIterations)
            : (restSteps < maximumRestSteps && iterations < maximumIterations)
        {
            if abs(1 - solver.solve(solverTime)) < restThreshold {
                restSteps += 1
            } else {
                restSteps = 0
            }
            solverDuration = solverTime
            solverTime += timeStep
            iterations += 1
        }
        return solverDuration
    }
}

/// anime.js v4's run of a spring-eased animation: the frames an animation
/// with `ease: spring` and a duration of `durationMilliseconds` shows, shared
/// by ``AnimeV4Loop`` and ``AnimeV42Loop``.
///
/// Frame 0 is the animation's creation (`init` renders `t = 0`: the start),
/// assumed at a display frame and a whole millisecond. `resume()` sets the
/// start time to `Date.now() − 12` ("forces the timer to advance by at least
/// one frame"), so on frame n ≥ 1, if the engine clock (``AnimeEngineClock``)
/// lets it update, the animation time is `⌊n·1000/rate⌋ + 12` ms (`Date.now()`
/// is whole milliseconds), the tween's `t = clamp(time, 0, D)/D` and the value
/// `from + (to − from)·ease(t)` (`interpolate`, unrounded for a number
/// property; CSS values are rounded to 4 decimals). A frame the engine skips
/// shows the previous value. On the first update with time ≥ D it renders
/// `t = 1` and completes. The clock reported is the spring time `t·τ_end`.
enum AnimeV4Playback {
    static func run(
        _ platform: SpringPlatform, durationMilliseconds duration: Double, solverDuration: Double,
        engine generation: AnimeEngineClock.Generation, from: Double, to: Double, frames: FrameClock,
        ease: (Double) -> Double
    ) -> DisplayedMotion {
        var engine = AnimeEngineClock(generation)
        // `_startTime = now() − 12` at creation, which is time 0.
        let startTime = 0.0 - 12
        var shown = from
        var clock = 0.0
        return PlatformAnimation.record(platform, clock: frames, start: from, keepsClock: true) { frame in
            let now = (frames.milliseconds(frame)).rounded(.down)
            guard engine.requestTick(now) else { return (shown, clock, false) }
            let time = now - startTime
            let t = Swift.min(Swift.max(time, 0), duration) / duration
            clock = t * solverDuration
            shown = from + (to - from) * ease(t)
            return (shown, clock, time >= duration)
        }
    }
}

/// anime.js v4.0–4.1's run of a spring as a ``PlatformLoop``:
/// ``AnimeV4Spring`` played as `AnimeV4Playback` describes, with the v4.0
/// engine clock (120 fps).
///
/// The spring is written in anime's parameters by `AnimeV4Parameters.init(_:)`
/// (scaled into v4.0's ranges where a scale fits, else clamped); the run's
/// initial velocity becomes the progress velocity `initialVelocity/(to − from)`,
/// clamped to ±1000 (0 when `from == to`, where nothing moves).
public struct AnimeV4Loop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .animeV4 }

    public var parameters: AnimeV4Parameters

    public init(_ parameters: AnimeV4Parameters) {
        self.parameters = parameters
    }

    /// anime v4.0's run of `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(AnimeV4Parameters(spring))
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        var parameters = self.parameters
        parameters.velocity = from == to ? 0 : initialVelocity / (to - from)
        let spring = AnimeV4Spring(parameters)
        return AnimeV4Playback.run(
            Self.platform, durationMilliseconds: spring.duration, solverDuration: spring.solverDuration,
            engine: .v4_0, from: from, to: to, frames: clock, ease: spring.ease)
    }
}
