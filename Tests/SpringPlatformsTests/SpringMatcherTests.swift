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
