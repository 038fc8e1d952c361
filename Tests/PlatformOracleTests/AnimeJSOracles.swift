import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Independent re-expressions of anime.js's springs and frame loops, written
// for the tests from the upstream sources (juliangarnier/anime), line by line
// and in JavaScript's own shape: the spring objects with their fields, the
// engine clock with its raw `_elapsedTime` / `_scheduledTime` fields started
// as a fresh page starts them, and the render step. They share no code with
// SpringPlatforms; the tests compare the two on fixed and seeded inputs.

/// JavaScript's `Math.round` for the non-negative values anime rounds
/// (durations, stiffness and damping): halves away from zero, which for
/// x ≥ 0 is halves toward +∞.
func jsMathRound(_ x: Double) -> Double {
    precondition(!(x < 0), "the oracles only round non-negative values")
    return x.rounded(.toNearestOrAwayFromZero)
}

/// juliangarnier/anime v3.2.2, commit 239158e83c7ca1e1d27ab5e556a18b58832b4c2f,
/// `src/index.js` lines 74–121 (`spring(string, duration)`), and the engine's
/// use of it: `normalizePropertyTweens` (line 644, the duration override),
/// `setAnimationsProgress` (958–959), `setInstanceProgress` and `tick`.
struct AnimeV3Oracle {
    let mass: Double, stiffness: Double, damping: Double, velocity: Double
    let w0: Double, zeta: Double, wd: Double, a: Double, b: Double

    /// `params` as `parseEasingParameters` returns them (nil = not given).
    init(_ params: [Double?]) {
        func minMax(_ val: Double, _ min: Double, _ max: Double) -> Double { Swift.min(Swift.max(val, min), max) }
        mass = minMax(params[0] ?? 1, 0.1, 100)
        stiffness = minMax(params[1] ?? 100, 0.1, 100)
        damping = minMax(params[2] ?? 10, 0.1, 100)
        velocity = minMax(params[3] ?? 0, 0.1, 100)
        w0 = sqrt(stiffness / mass)
        zeta = damping / (2 * sqrt(stiffness * mass))
        wd = zeta < 1 ? w0 * sqrt(1 - zeta * zeta) : 0
        a = 1
        b = zeta < 1 ? (zeta * w0 + -velocity) / wd : -velocity + w0
    }

    func solver(_ t: Double, duration: Double?) -> Double {
        var progress = (duration ?? 0) != 0 ? (duration! * t) / 1000 : t
        if zeta < 1 {
            progress = exp(-progress * zeta * w0) * (a * cos(wd * progress) + b * sin(wd * progress))
        } else {
            progress = (a + b * progress) * exp(-progress * w0)
        }
        if t == 0 || t == 1 { return t }
        return 1 - progress
    }

    func getDuration() -> Double {
        let frame = 1.0 / 6
        var elapsed = 0.0
        var rest = 0
        while true {
            elapsed += frame
            if solver(elapsed, duration: nil) == 1 {
                rest += 1
                if rest >= 16 { break }
            } else {
                rest = 0
            }
        }
        return elapsed * frame * 1000
    }

    /// The values shown at rAF frames 0, 1, … (frame 0 sets `startTime`) and
    /// the frame on which `engineTime >= insDuration` completes the instance.
    func frames(from: Double, to: Double, refreshRate: Double, limit: Int) -> (values: [Double], done: Int?) {
        frames(from: from, to: to, clock: .steady(refreshRate), limit: limit)
    }

    /// The same on a frame-time trace: rAF callback n's timestamp is the trace's time n.
    func frames(from: Double, to: Double, clock: PortClock, limit: Int) -> (values: [Double], done: Int?) {
        let duration = getDuration()
        var values: [Double] = []
        for n in 0...limit {
            let startTime = 0.0, now = clock.milliseconds(n)
            let insTime = now - startTime
            if insTime >= duration {
                let elapsed = Swift.min(Swift.max(duration, 0), duration) / duration
                values.append(from + (solver(elapsed, duration: duration) * (to - from)))
                return (values, n)
            }
            if n == 0 {
                values.append(from)
                continue
            }
            let elapsed = Swift.min(Swift.max(insTime - 0 - 0, 0), duration) / duration
            values.append(from + (solver(elapsed, duration: duration) * (to - from)))
        }
        return (values, nil)
    }
}

/// The solve step common to anime v4's `Spring` classes.
private func animeV4Solve(_ time: Double, zeta: Double, w0: Double, wd: Double, b: Double, exactOverDamping: Bool)
    -> Double
{
    var t = time
    if zeta < 1 {
        t = exp(-t * zeta * w0) * (1 * cos(wd * t) + b * sin(wd * t))
    } else if !exactOverDamping || zeta == 1 {
        t = (1 + b * t) * exp(-t * w0)
    } else {
        t = ((1 + b) * exp((-zeta * w0 + wd) * t) + (1 - b) * exp((-zeta * w0 - wd) * t)) / 2
    }
    return 1 - t
}

/// juliangarnier/anime v4.0.0, commit 3552e706433ebd22010c631d875b31f17a52985c,
/// `src/spring.js` (`class Spring`, `createSpring`).
struct AnimeV40Oracle {
    let timeStep = 0.02, restThreshold = 0.0005, restDuration = 200.0, maxDuration = 60000.0
    let m: Double, s: Double, d: Double, v: Double
    private(set) var w0 = 0.0, zeta = 0.0, wd = 0.0, b = 0.0, solverDuration = 0.0, duration = 0.0

    init(mass: Double? = nil, stiffness: Double? = nil, damping: Double? = nil, velocity: Double? = nil) {
        func clamp(_ v: Double, _ min: Double, _ max: Double) -> Double { v < min ? min : v > max ? max : v }
        let K = 1e3
        m = clamp(mass ?? 1, 0, K)
        s = clamp(stiffness ?? 100, 1, K)
        d = clamp(damping ?? 10, 0.1, K)
        v = clamp(velocity ?? 0, -K, K)
        let maxRestSteps = restDuration / timeStep / K
        let maxIterations = maxDuration / timeStep / K
        w0 = clamp(sqrt(s / m), 1e-11, K)
        zeta = d / (2 * sqrt(s * m))
        wd = zeta < 1 ? w0 * sqrt(1 - zeta * zeta) : 0
        b = zeta < 1 ? (zeta * w0 + -v) / wd : -v + w0
        var solverTime = 0.0, restSteps = 0.0, iterations = 0.0
        while restSteps < maxRestSteps && iterations < maxIterations {
            if abs(1 - solve(solverTime)) < restThreshold { restSteps += 1 } else { restSteps = 0 }
            solverDuration = solverTime
            solverTime += timeStep
            iterations += 1
        }
        duration = jsMathRound(solverDuration * K) * 1
    }

    func solve(_ time: Double) -> Double {
        animeV4Solve(time, zeta: zeta, w0: w0, wd: wd, b: b, exactOverDamping: false)
    }

    func ease(_ t: Double) -> Double { t == 0 || t == 1 ? t : solve(t * solverDuration) }
}

/// juliangarnier/anime v4.4.1, commit 308c09346ffceeac67b27cbbe34881cbc8168e0f,
/// `src/easings/spring/index.js` (`class Spring`, `spring`; the file is the
/// same from v4.2.0 0d82be2a9428d5039e6814b337919d9a2c21eedb on).
struct AnimeV42Oracle {
    let timeStep = 0.02, restThreshold = 0.0005, restDuration = 200.0, maxDuration = 60000.0
    var bn: Double, pd: Double, m: Double, s: Double, d: Double, v: Double
    private(set) var w0 = 0.0, zeta = 0.0, wd = 0.0, b = 0.0, solverDuration = 0.0, settlingDuration = 0.0

    init(
        bounce: Double? = nil, duration: Double? = nil, mass: Double? = nil, stiffness: Double? = nil,
        damping: Double? = nil, velocity: Double? = nil
    ) {
        func clamp(_ v: Double, _ min: Double, _ max: Double) -> Double { v < min ? min : v > max ? max : v }
        func round3(_ v: Double) -> Double { jsMathRound(v * 1000) / 1000 }
        let K = 1e3, minValue = 1e-11, maxSpringParamValue = K * 10, timeScale = 1.0
        let hasBounceOrDuration = bounce != nil || duration != nil
        bn = clamp(bounce ?? 0.5, -1, 1)
        pd = clamp(duration ?? 628, 10 * timeScale, maxSpringParamValue * timeScale)
        m = clamp(mass ?? 1, 1, maxSpringParamValue)
        s = clamp(stiffness ?? 100, minValue, maxSpringParamValue)
        d = clamp(damping ?? 10, minValue, maxSpringParamValue)
        v = clamp(velocity ?? 0, -maxSpringParamValue, maxSpringParamValue)
        if hasBounceOrDuration {
            // calculateSDFromBD
            let pds = pd / K
            m = 1
            v = 0
            s = pow((2 * Double.pi) / pds, 2)
            if bn >= 0 {
                d = ((1 - bn) * 4 * Double.pi) / pds
            } else {
                d = (4 * Double.pi) / (pds * (1 + bn))
            }
            s = round3(clamp(s, minValue, maxSpringParamValue))
            d = round3(clamp(d, minValue, 300))
        }
        // compute
        let maxRestSteps = restDuration / timeStep / K
        let maxIterations = maxDuration / timeStep / K
        w0 = clamp(sqrt(s / m), minValue, K)
        zeta = d / (2 * sqrt(s * m))
        if zeta < 1 {
            wd = w0 * sqrt(1 - zeta * zeta)
            b = (zeta * w0 + -v) / wd
        } else if zeta == 1 {
            wd = 0
            b = -v + w0
        } else {
            wd = w0 * sqrt(zeta * zeta - 1)
            b = (zeta * w0 + -v) / wd
        }
        var solverTime = 0.0, restSteps = 0.0, iterations = 0.0
        while restSteps <= maxRestSteps && iterations <= maxIterations {
            if abs(1 - solve(solverTime)) < restThreshold { restSteps += 1 } else { restSteps = 0 }
            solverDuration = solverTime
            solverTime += timeStep
            iterations += 1
        }
        settlingDuration = jsMathRound(solverDuration * K) * timeScale
    }

    func solve(_ time: Double) -> Double {
        animeV4Solve(time, zeta: zeta, w0: w0, wd: wd, b: b, exactOverDamping: true)
    }

    func ease(_ t: Double) -> Double { t == 0 || t == 1 ? t : solve(t * solverDuration) }
}

/// anime v4's engine, timer and render for one animation with a spring ease:
/// `Engine.update` and `Clock.requestTick` (v4.0.0 `src/engine.js`,
/// `src/clock.js`; v4.4.1 `src/engine/engine.js`, `src/core/clock.js`),
/// `Timer.resume` (`_startTime = now() − 12`) and `render` (the tween's
/// `clamp(time, 0, D)/D` through `ease`, `interpolate`).
///
/// Times are `Date.now()` relative to the animation's creation (frame 0, a
/// whole millisecond); the engine is a fresh page's: created 100 s earlier
/// (`_elapsedTime` = its init time), `_scheduledTime` 0 in absolute time,
/// i.e. −`epoch` here, with `epoch` a `Date.now()` of 2023.
struct AnimeV4EngineOracle {
    /// v4.0–4.2.x compare the previous update's time; v4.3+ the current one.
    let comparesPreviousUpdate: Bool
    let frameDuration: Double
    private var elapsedTime: Double
    private var scheduledTime: Double

    init(v4_3: Bool) {
        let epoch = 1_700_000_000_000.0
        comparesPreviousUpdate = !v4_3
        frameDuration = v4_3 ? 1e3 / 240 : jsMathRound(1e3 / 120)
        elapsedTime = -100_000
        scheduledTime = 0 - epoch
    }

    mutating func requestTick(_ time: Double) -> Bool {
        let scheduled = scheduledTime
        let compared: Double
        if comparesPreviousUpdate {
            compared = elapsedTime
            elapsedTime += (time - elapsedTime)
        } else {
            compared = time
            elapsedTime = time
        }
        if compared < scheduled { return false }
        let frameDelta = compared - scheduled
        scheduledTime += frameDelta < frameDuration ? frameDuration : frameDelta
        return true
    }

    /// The value each display frame shows and the completing frame.
    static func frames(
        v4_3: Bool, duration: Double, from: Double, to: Double, refreshRate: Double, limit: Int,
        ease: (Double) -> Double
    ) -> (values: [Double], done: Int?) {
        frames(
            v4_3: v4_3, duration: duration, from: from, to: to, clock: .steady(refreshRate), limit: limit, ease: ease)
    }

    /// The same on a frame-time trace: `Date.now()` at frame n is the trace's time n in whole ms.
    static func frames(
        v4_3: Bool, duration: Double, from: Double, to: Double, clock: PortClock, limit: Int,
        ease: (Double) -> Double
    ) -> (values: [Double], done: Int?) {
        var engine = AnimeV4EngineOracle(v4_3: v4_3)
        let startTime = 0 - 12.0
        var values = [from + (to - from) * ease(0)]
        for n in 1...limit {
            let now = floor(clock.milliseconds(n))
            guard engine.requestTick(now) else {
                values.append(values[n - 1])
                continue
            }
            let time = (now - startTime) * 1 * 1
            let currentTime = Swift.min(Swift.max(time, -0), duration)
            let tweenTime = Swift.min(Swift.max(currentTime - 0, 0), duration)
            values.append(from + (to - from) * ease(tweenTime / duration))
            if currentTime >= duration { return (values, n) }
        }
        return (values, nil)
    }
}
