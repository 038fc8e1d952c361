import SpringModel

extension SpringPlatform {
    /// anime.js v3's `easing: 'spring(mass, stiffness, damping, velocity)'`;
    /// its loop is ``AnimeV3Loop``.
    public static let animeV3 = SpringPlatform(
        name: "anime.js v3", shortName: "anime 3",
        source:
            "juliangarnier/anime v3.2.2 (239158e83c7ca1e1d27ab5e556a18b58832b4c2f) src/index.js spring(), engine, setInstanceProgress",
        loop: AnimeV3Loop.self,
        loopSummary:
            "the WebKit closed form (over-damped shown as critical, velocity ≥ 0.1) at rAF time; its duration is the 1/6 s search ÷ 6, so it shows the spring's first τ_end/6 s, then jumps to the end",
        form: PlatformForm(keyword: "anime3", family: AnimeV3Family.self) { v in
            "easing: 'spring(\(PlatformForm.number(v[.mass] ?? .nan)), \(PlatformForm.number(v[.stiffness] ?? .nan)), \(PlatformForm.number(v[.damping] ?? .nan)), 0)'"
        }
    )
}

/// anime.js v3's spring easing (juliangarnier/anime v3.2.2, commit
/// 239158e83c7ca1e1d27ab5e556a18b58832b4c2f, `src/index.js` lines 76–121).
///
/// - Parameters: `minMax(…, .1, 100)` on mass, stiffness, damping and
///   velocity (defaults 1, 100, 10, 0: the velocity becomes 0.1).
/// - Easing: ``AnimeSpringSolver`` with over-damping shown as critical.
/// - Duration (`getDuration`): τ steps of `1/6` s from 1/6 until
///   `solver(τ) === 1` exactly (|y| below about 1e-16) on 16 consecutive
///   steps; then `duration = τ_end · (1/6) · 1000` ms — the extra ÷ 6
///   (anime#850) — which replaces the animation's duration.
/// - The easing, built with that duration, evaluates `τ = duration · t / 1000`:
///   at `t = elapsed/duration` that is the elapsed time itself, so the motion
///   shown is the spring's first `τ_end/6` seconds in real time; `t = 0` and
///   `t = 1` return themselves (the end jumps to 1).
///
/// The default spring gives τ_end = 10 s and 1666.67 ms.
public struct AnimeV3Spring: Sendable, Hashable {
    /// The parameters as given (the solver uses the clamped values).
    public let parameters: AnimeV3Parameters
    public let solver: AnimeSpringSolver
    /// The end of the 1/6 s search, τ_end, in seconds of spring time
    /// (`.infinity` if the search would pass ``maximumSearchSteps``).
    public let searchEnd: Double
    /// `getDuration()`: τ_end · (1/6) · 1000, in milliseconds.
    public let duration: Double

    /// anime v3's search has no cap. Within its clamped ranges the slowest
    /// decay is ζω₀ = c/2m ≥ 5e-4 /s, which ends the search after about
    /// 550 000 steps; SpringBench stops at 10⁶ (never reached there).
    public static let maximumSearchSteps = 1_000_000

    public init(_ parameters: AnimeV3Parameters) {
        self.parameters = parameters
        let solver = AnimeSpringSolver(parameters, overDamping: .asCritical)
        self.solver = solver
        searchEnd = Self.searchEnd(solver)
        duration = searchEnd * (1.0 / 6) * 1000
    }

    /// `getDuration`'s τ_end: τ_k is the sum of k steps of 1/6 added one at a time, as anime adds
    /// them, and τ_end is τ_e for the first step e whose 16 steps e−15…e all give
    /// `solver(τ) === 1` (`.infinity` when e would pass ``maximumSearchSteps``).
    ///
    /// The same e as anime's step-by-step loop, with far fewer solver calls: with r steps of
    /// ones ending at step p (and step p − r not one), no run of 16 can end before
    /// q = p + 16 − r, so q is tested first. If it is not one, no run can hold it, and the next
    /// candidate is q + 16; if it is, the steps back from q to p + 1 are tested until one is not
    /// (r becomes the ones ending at q) or all are (the run is complete). Before the spring rests,
    /// about one step in 16 is evaluated (the search of the slowest v3 spring made 550 000
    /// `exp`/`cos`/`sin` evaluations; the matcher builds thousands of springs).
    package static func searchEnd(_ solver: AnimeSpringSolver) -> Double {
        // `solver` as getDuration calls it: no duration, so progress = t.
        func isOne(_ t: Double) -> Bool { t == 1 || (t != 0 && solver.solve(t) == 1) }
        let frame = 1.0 / 6
        let settled = 16  // steps of ones that end the search
        var elapsed = 0.0  // τ_p
        var step = 0  // p
        var rest = 0  // r
        var ahead = [Double](repeating: 0, count: settled)  // τ_{p+1} … τ_q
        while true {
            let gap = settled - rest
            if step + gap > maximumSearchSteps { return .infinity }
            var t = elapsed
            for index in 0..<gap {
                t += frame
                ahead[index] = t
            }
            step += gap
            elapsed = t
            guard isOne(ahead[gap - 1]) else {
                rest = 0
                continue
            }
            var ones = 1
            while ones < gap && isOne(ahead[gap - 1 - ones]) { ones += 1 }
            if ones == gap { return elapsed }
            rest = ones
        }
    }

    /// The easing anime builds with ``duration``: `t = 0` and `t = 1` return
    /// themselves, else `solve(duration · t / 1000)`.
    public func easing(_ t: Double) -> Double {
        let progress = (duration * t) / 1000
        if t == 0 || t == 1 { return t }
        return solver.solve(progress)
    }
}

/// anime.js v3's run of a spring as a ``PlatformLoop``: the easing at each
/// `requestAnimationFrame` time, done at its duration.
///
/// anime v3 sets `startTime` at the first rAF callback after `play()`, so
/// frame 0 (that callback) shows the start and frame n the elapsed time
/// n·1000/rate ms (rAF timestamps, assumed exact): `t = min(elapsed, D)/D`,
/// value `from + eased·(to − from)`. On the first frame with elapsed ≥ D it
/// renders `t = 1` (the target) and completes.
///
/// The spring is written in anime's parameters by `AnimeV3Parameters.init(_:)`
/// (its motion scaled into v3's ranges where a scale fits, else clamped); the
/// run's initial velocity becomes anime's progress velocity
/// `initialVelocity/(to − from)`, clamped to 0.1…100 (0 when `from == to`,
/// where anime shows no motion at all).
public struct AnimeV3Loop: PlatformLoop, Hashable {
    public static var platform: SpringPlatform { .animeV3 }

    /// The parameters, velocity aside (each run sets its own).
    public var parameters: AnimeV3Parameters

    public init(_ parameters: AnimeV3Parameters) {
        self.parameters = parameters
    }

    /// anime v3's run of `spring`; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(AnimeV3Parameters(spring))
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        var parameters = self.parameters
        parameters.velocity = from == to ? 0 : initialVelocity / (to - from)
        let easing = AnimeV3Spring(parameters)
        let duration = easing.duration
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: false) {
            frame in
            let elapsed = clock.milliseconds(frame)
            if elapsed >= duration { return (from + 1 * (to - from), 0, true) }
            let t = Swift.min(Swift.max(elapsed, 0), duration) / duration
            return (from + easing.easing(t) * (to - from), 0, false)
        }
    }
}
