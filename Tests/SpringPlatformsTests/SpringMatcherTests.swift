import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// `springbench match`: exact where the target can show the source exactly,
/// round trips within the residuals stated, stated residuals true when
/// recomputed from the platforms' loops directly, no NaN, deterministic.
@Suite struct SpringMatchTests {
    /// A seeded spring: ω₀ in 3…40 rad/s, ζ in 0.05…1.6.
    static func spring(_ rng: inout SplitMix64) -> Spring {
        let omega = 3 * exp(Double.random(in: 0...log(40.0 / 3), using: &rng))
        let zeta = Double.random(in: 0.05...1.6, using: &rng)
        return try! Spring(naturalFrequency: omega, dampingRatio: zeta)
    }

    static func velocity(_ rng: inout SplitMix64, travel: Double) -> Double {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return 0
        case 1: return travel * Double.random(in: 0.1...5, using: &rng)
        case 2: return -travel * Double.random(in: 0.1...5, using: &rng)
        default: return travel * Double.random(in: -40...40, using: &rng)
        }
    }

    static func relative(_ a: Double, _ b: Double) -> Double { abs(a - b) / Swift.max(abs(b), 1e-300) }

    @Test("The exact spring at its frames → Flutter (the closed form at frame time): parameters within 1e-9")
    func exactToFlutter() throws {
        var rng = SplitMix64(seed: 28)
        for trial in 0..<TestDepth.scaled(quick: 24, deep: 120) {
            let source = Self.spring(&rng)
            let travel = [100.0, 1, 640, -250][trial % 4]
            let velocity = Self.velocity(&rng, travel: travel)
            let matcher = SpringMatcher(
                source: .exact(source, epsilon: 0.001), target: .flutter, refreshRates: [60, 120], from: 0, to: travel,
                initialVelocity: velocity)
            let result = try matcher.match()
            #expect(
                Self.relative(result.spring.stiffness, source.stiffness) < 1e-9,
                "trial \(trial): \(result.spring) vs \(source)")
            #expect(
                abs(result.spring.damping - source.damping) < 1e-9 * Swift.max(source.damping, source.criticalDamping),
                "trial \(trial): \(result.spring) vs \(source)")
            #expect(result.residual < 1e-9 && result.unrepresentable == nil, "trial \(trial)")
        }
    }

    /// The largest difference between two runs over the frames before either is done (from frame 1).
    static func motionDifference(_ a: DisplayedMotion, _ b: DisplayedMotion, travel: Double, frames: Int? = nil)
        -> Double
    {
        let moving =
            frames
            ?? Swift.max(2, Swift.min(a.doneFrame ?? a.values.count, b.doneFrame ?? b.values.count, a.values.count))
        var worst = 0.0
        for n in 1..<Swift.max(2, moving) {
            let x = n < a.values.count ? a.values[n] : 0
            let y = n < b.values.count ? b.values[n] : 0
            worst = Swift.max(worst, abs(x - y) / abs(travel))
        }
        return worst
    }

    /// A target's spring built from the match's values through the family, independently of the matcher.
    static func rebuilt(_ result: SpringMatcher.Result) throws -> Spring {
        let family = try #require(result.target.form?.family)
        return try family.makeSpring { result.values[$0] ?? .nan }
    }

    static func run(_ platform: SpringPlatform, _ spring: Spring, to travel: Double, velocity: Double, rate: Double)
        -> DisplayedMotion
    {
        platform.loop!.init(spring, options: PlatformLoopOptions())
            .run(from: 0, to: travel, initialVelocity: velocity, refreshRate: rate)
    }

    @Test("Stated residuals are true: recomputed from the family and the two loops directly, rate by rate")
    func statedResidualsAreTrue() throws {
        var rng = SplitMix64(seed: 29)
        let targets = SpringPlatform.matchTargets
        let sources = SpringPlatform.matchTargets
        for trial in 0..<TestDepth.scaled(quick: 16, deep: 64) {
            let sourcePlatform = sources[trial % sources.count]
            let target = targets[(trial * 3 + 1) % targets.count]
            let spring = Self.spring(&rng)
            let travel = [100.0, 37][trial % 2]
            let velocity = Self.velocity(&rng, travel: travel)
            let rates = [[60.0, 120], [60], [144, 90]][trial % 3]
            let result = try SpringMatcher(
                source: .platform(sourcePlatform, spring, PlatformLoopOptions()), target: target, refreshRates: rates,
                from: 0, to: travel, initialVelocity: velocity
            ).match()
            let built = try Self.rebuilt(result)
            for (index, rate) in rates.enumerated() {
                let a = Self.run(sourcePlatform, spring, to: travel, velocity: velocity, rate: rate)
                let b = Self.run(target, built, to: travel, velocity: velocity, rate: rate)
                let recomputed = Self.motionDifference(a, b, travel: travel)
                #expect(
                    abs(recomputed - result.rates[index].motionResidual) <= 1e-12,
                    "trial \(trial) \(sourcePlatform.shortName)→\(target.shortName) at \(rate) Hz: \(recomputed) vs \(result.rates[index].motionResidual)"
                )
                #expect(result.rates[index].shownResidual >= result.rates[index].motionResidual)
                #expect(result.rates[index].targetDone == b.doneTime && result.rates[index].sourceDone == a.doneTime)
            }
            let finite = result.residual.isFinite && result.values.values.allSatisfy { $0.isFinite }
            #expect(finite, "trial \(trial)")
        }
    }

    @Test("On a frame-time trace the stated figures are true: both loops run on the trace directly")
    func traceResidualsAreTrue() throws {
        var rng = SplitMix64(seed: 42)
        let platforms = SpringPlatform.matchTargets
        for trial in 0..<TestDepth.scaled(quick: 8, deep: 40) {
            let sourcePlatform = platforms[(trial * 5) % platforms.count]
            let target = platforms[(trial * 3 + 1) % platforms.count]
            let spring = Self.spring(&rng)
            let travel = [100.0, -37][trial % 2]
            let velocity = Self.velocity(&rng, travel: travel)
            let rate = [60.0, 120][trial % 2]
            let matcher = SpringMatcher(
                source: .platform(sourcePlatform, spring, PlatformLoopOptions()), target: target,
                refreshRates: [rate], from: 0, to: travel, initialVelocity: velocity)
            let result = try matcher.match()
            let built = try Self.rebuilt(result)
            // A steady clock gives the rate's own figures.
            let steady = matcher.onTrace(result, clock: .steady(rate))
            #expect(steady.motionResidual == result.rates[0].motionResidual, "trial \(trial)")
            #expect(steady.shownResidual == result.rates[0].shownResidual, "trial \(trial)")
            #expect(steady.sourceDone == result.rates[0].sourceDone && steady.targetDone == result.rates[0].targetDone)
            for name in FrameClock.traceNames {
                let clock = try #require(FrameClock.named(name, at: rate))
                let traced = matcher.onTrace(result, clock: clock)
                let a = sourcePlatform.loop!.init(spring, options: PlatformLoopOptions())
                    .run(from: 0, to: travel, initialVelocity: velocity, clock: clock)
                let b = target.loop!.init(built, options: PlatformLoopOptions())
                    .run(from: 0, to: travel, initialVelocity: velocity, clock: clock)
                let label = "trial \(trial) \(sourcePlatform.shortName)→\(target.shortName) on \(clock.name)"
                #expect(abs(Self.motionDifference(a, b, travel: travel) - traced.motionResidual) <= 1e-12, "\(label)")
                #expect(traced.shownResidual >= traced.motionResidual, "\(label)")
                #expect(traced.sourceDone == a.doneTime && traced.targetDone == b.doneTime, "\(label)")
                // The done times are the trace's own frame times.
                if let done = a.doneFrame { #expect(traced.sourceDone == clock.times![done], "\(label)") }
                let jump = (1...(b.doneFrame ?? b.values.count - 1)).map { abs(b.values[$0] - b.values[$0 - 1]) }.max()!
                #expect(traced.targetJump == jump / abs(travel), "\(label)")
            }
        }
    }

    @Test("The exact source on a trace: the closed form at the trace's times, done on the first frame after settling")
    func exactSourceOnTrace() throws {
        let spring = try Spring(mass: 1, stiffness: 300, damping: 12)
        let clock = try #require(FrameClock.named("jitter", at: 60))
        let run = ShownSpring.exact(spring, epsilon: 0.001).run(from: 0, to: 50, initialVelocity: 10, clock: clock)
        let settle = spring.exactSettlingDuration(initialDisplacement: -50, initialVelocity: 10, epsilon: 0.001)
        let done = try #require(run.doneFrame)
        let times = try #require(clock.times)
        #expect(times[done] >= settle && times[done - 1] < settle, "done \(done) at \(times[done]), settles \(settle)")
        #expect(run.values.count == done + 1)
        for n in stride(from: 0, through: done, by: 7) {
            // x(t) = 50 + e^(−ζω₀t)·(A cos ω_d t + B sin ω_d t), from x(0) = 0, x′(0) = 10.
            let zw = 6.0, wd = (300.0 - 36).squareRoot(), t = times[n]
            let a = -50.0, b = (10 + zw * a) / wd
            let exact = 50 + exp(-zw * t) * (a * cos(wd * t) + b * sin(wd * t))
            #expect(abs(run.values[n] - exact) <= 1e-9, "frame \(n)")
        }
    }

    @Test("A → B → A returns the source's motion within the two residuals stated")
    func roundTrips() throws {
        var rng = SplitMix64(seed: 30)
        let targets = SpringPlatform.matchTargets
        for trial in 0..<TestDepth.scaled(quick: 12, deep: 48) {
            let a = targets[trial % targets.count]
            let b = targets[(trial * 5 + 2) % targets.count]
            let spring = Self.spring(&rng)
            let travel = 100.0
            let velocity = Self.velocity(&rng, travel: travel)
            let rate = [60.0, 120][trial % 2]
            let there = try SpringMatcher(
                source: .platform(a, spring, PlatformLoopOptions()), target: b, refreshRates: [rate], from: 0,
                to: travel, initialVelocity: velocity
            ).match()
            let back = try SpringMatcher(
                source: .platform(b, there.spring, PlatformLoopOptions()), target: a, refreshRates: [rate], from: 0,
                to: travel, initialVelocity: velocity
            ).match()
            let original = Self.run(a, spring, to: travel, velocity: velocity, rate: rate)
            let middle = Self.run(b, there.spring, to: travel, velocity: velocity, rate: rate)
            let returned = Self.run(a, back.spring, to: travel, velocity: velocity, rate: rate)
            let common = [original, middle, returned].map { $0.doneFrame ?? $0.values.count }.min()!
            let difference = Self.motionDifference(original, returned, travel: travel, frames: common)
            #expect(
                difference <= there.residual + back.residual + 1e-12,
                "trial \(trial) \(a.shortName)→\(b.shortName)→\(a.shortName): \(difference) > \(there.residual) + \(back.residual)"
            )
        }
    }

    @Test("Deterministic, and finite or refused on extreme inputs")
    func extremes() throws {
        let cases: [(Spring, Double, Double)] = [
            (try Spring(stiffness: 1e6, damping: 1e4), 100, 1e6), (try Spring(stiffness: 1e-4, damping: 0), 100, 0),
            (try Spring(stiffness: 100, damping: 0), 1e-6, 0), (try Spring(stiffness: 100, damping: 1e3), 1e9, -1e12),
            (try Spring(mass: 1e-3, stiffness: 5, damping: 0.01), 100, 0),
        ]
        // The slow spring (k = 1e-4, undamped) and the far-out ones run each loop for its 60 s
        // limit: the unit tier takes the stiff and the tiny-travel cases, make check all five.
        let chosen = TestDepth.isDeep ? Array(cases.indices) : [0, 2]
        for (spring, travel, velocity) in chosen.map({ cases[$0] }) {
            for target in SpringPlatform.matchTargets {
                let matcher = SpringMatcher(
                    source: .exact(spring, epsilon: 0.001), target: target, refreshRates: [60], from: 0, to: travel,
                    initialVelocity: velocity)
                do {
                    let first = try matcher.match()
                    let second = try matcher.match()
                    #expect(first.values == second.values && first.rates == second.rates, "\(target.shortName)")
                    let finite =
                        first.values.values.allSatisfy { $0.isFinite }
                        && first.rates.allSatisfy { $0.motionResidual.isFinite && $0.shownResidual.isFinite }
                    #expect(finite, "\(target.shortName) \(spring): \(first.values)")
                } catch {
                    #expect(!error.description.isEmpty)
                }
            }
        }
    }

    @Test("A spring the target cannot be given is said so, and the nearest it can show is answered")
    func unrepresentable() throws {
        // Pop's springBounciness and springSpeed are limited to 0…20 each (POPSpringAnimation).
        let stiff = try Spring(naturalFrequency: 400, dampingRatio: 0.05)
        let result = try SpringMatcher(
            source: .exact(stiff, epsilon: 0.001), target: .pop, refreshRates: [60], from: 0, to: 100,
            initialVelocity: 0
        ).match()
        #expect(result.unrepresentable != nil, "\(result.values)")
        #expect(result.residual.isFinite)
    }

    @Test("A stiffness the target clamps down, with the damping in range, is said so too")
    func clampedDown() throws {
        // anime.js v3 clamps the stiffness to 1000 and leaves a damping of 1 as it is: k = 2000 loses
        // only stiffness, downwards (anime3's form represents it as k/m 1000, c/m 1).
        let target = try #require(SpringPlatform.matchTargets.first { $0.form?.keyword == "anime3" })
        let fast = try Spring(mass: 1, stiffness: 2000, damping: 1)
        let result = try SpringMatcher(
            source: .exact(fast, epsilon: 0.001), target: target, refreshRates: [60], from: 0, to: 100,
            initialVelocity: 0
        ).match()
        #expect(result.spring.stiffness / result.spring.mass < 2000 * (1 - 1e-6), "\(result.spring)")
        #expect(result.unrepresentable != nil, "\(result.values) → \(result.spring)")
    }
}
