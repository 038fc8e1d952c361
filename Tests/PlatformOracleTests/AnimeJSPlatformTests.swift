import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// anime.js's three spring APIs against the independent ports in
/// `AnimeJSOracles.swift` (juliangarnier/anime v3.2.2 239158e8, v4.0.0
/// 3552e706, v4.4.1 308c0934) and against values printed by the upstream code
/// itself (node 20 running those tags' `src/index.js`, `src/spring.js` and
/// `src/easings/spring/index.js`, which use V8's fdlibm-derived `exp`, `sin`,
/// `cos`: within 1e-12 relative of glibc's, and the same durations).
@Suite("anime.js springs: easing, clamps, duration rule and frame loop as its own code has them")
struct AnimeJSPlatformTests {
    static func close(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool {
        a == b || abs(a - b) <= relative * Swift.max(abs(a), abs(b), 1e-300)
    }

    // MARK: Values printed by the upstream code

    @Test("v3: durations and easings printed by anime v3.2.2's own spring()")
    func v3Upstream() throws {
        // (parameters, duration ms, ease(0.1), ease(0.37), ease(0.9))
        let cases: [([Double], Double, Double, Double, Double)] = [
            ([1, 100, 10, 0], 1666.6666666666663, 0.70086935147438989, 0.99405468516366324, 0.99936714507536173),
            ([1, 100, 30, 0], 1111.1111111111115, 0.30869472560339850, 0.91690496228361718, 0.99950514076558894),
            ([2, 50, 3, 5], 8694.4444444444107, 0.79975432498366317, 1.0729740131252030, 1.0004556276613568),
            (
                [0.5, 80, 12.649110640673518, 0], 972.22222222222240, 0.35094890455125238, 0.94174006829557710,
                0.99981305457628344
            ),
            ([0, 200, 0, -3], 12833.333333333332, 1.5065512058266879, 0.92716462963020396, 0.99774981496610426),
        ]
        for (p, duration, e1, e37, e9) in cases {
            let spring = AnimeV3Spring(
                try AnimeV3Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            #expect(spring.duration == duration, "\(p)")
            for (t, expected) in [(0.1, e1), (0.37, e37), (0.9, e9)] {
                #expect(Self.close(spring.easing(t), expected), "\(p) t=\(t): \(spring.easing(t)) vs \(expected)")
            }
        }
    }

    @Test("v4.0: durations, ω₀ clamp and easings printed by anime v4.0.0's own createSpring()")
    func v4Upstream() throws {
        // (mass, stiffness, damping, velocity), duration ms, solverDuration, ease(0.1), ease(0.37), ease(0.9)
        let cases: [([Double], Double, Double, Double, Double, Double)] = [
            ([1, 100, 10, 0], 1740, 1.7400000000000011, 0.73185419841163291, 0.98462128050907194, 0.99959106108052209),
            ([1, 100, 30, 0], 1180, 1.1800000000000006, 0.33013234984953421, 0.93184135306722893, 0.99971620892688451),
            ([2, 50, 3, 5], 9780, 9.7799999999998803, 0.53164212394118815, 0.91534167201563632, 0.99825998349712541),
            ([0.0001, 1000, 1, 0], 200, 0.19999999999999998, 0.99999995671577391, 1, 1),
            (
                [1, 100, 0.1, -3], 59980, 59.980000000003777, 1.7745684405002242, 1.0497696994842414,
                0.95288927681885027
            ),
        ]
        for (p, duration, solverDuration, e1, e37, e9) in cases {
            let spring = AnimeV4Spring(
                try AnimeV4Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            #expect(spring.duration == duration && spring.solverDuration == solverDuration, "\(p)")
            for (t, expected) in [(0.1, e1), (0.37, e37), (0.9, e9)] {
                #expect(Self.close(spring.ease(t), expected), "\(p) t=\(t): \(spring.ease(t)) vs \(expected)")
            }
        }
        // mass 1e-4: √(k/m) = 3162 is clamped to 1000 rad/s.
        #expect(
            try AnimeV4Spring(AnimeV4Parameters(mass: 0.0001, stiffness: 1000, damping: 1)).solver.naturalFrequency
                == 1000)
    }

    @Test("v4.2+: mapping, 3-decimal rounding, the 300 damping cap and settling durations printed by anime v4.4.1")
    func v42Upstream() throws {
        // bounce/duration: (bounce, duration ms), k, c, settling ms, solverDuration, ease(0.1), ease(0.37), ease(0.9)
        let mapped: [((Double?, Double?), Double, Double, Double, Double, Double, Double, Double)] = [
            (
                (0.5, nil), 100.101, 10.005, 1760, 1.7600000000000011, 0.74189291463280160, 0.98243450467401294,
                0.99966346714378529
            ),
            (
                (0, nil), 100.101, 20.01, 1200, 1.2000000000000006, 0.33759254155479157, 0.93594907070144306,
                0.99976052573668595
            ),
            (
                (-0.5, 300), 438.649, 83.776, 1580, 1.5800000000000010, 0.55610914631173403, 0.95949021358043418,
                0.99963133251772907
            ),
            (
                (0.9, 10), 10000, 125.664, 320, 0.32000000000000001, 1.0407920185799757, 1.0004736066411568,
                1.0000000171686760
            ),
            (
                (0.999, 2000), 9.87, 0.006, 60000, 60.000000000003780, 0.017838688332879160, 0.24333423897037465,
                0.14956079136687461
            ),
            (
                (-1, 100), 3947.842, 300, 760, 0.76000000000000034, 0.63172511953852850, 0.97827717038729745,
                0.99991606695450685
            ),
        ]
        for ((bounce, duration), k, c, settling, solverDuration, e1, e37, e9) in mapped {
            let form = try AnimeV42DurationParameters(bounce: bounce ?? 0.5, duration: duration ?? 628)
            #expect(form.stiffness == k && form.damping == c, "\(form): k \(form.stiffness), c \(form.damping)")
            let spring = AnimeV42Spring(form)
            #expect(spring.settlingDuration == settling && spring.solverDuration == solverDuration, "\(form)")
            for (t, expected) in [(0.1, e1), (0.37, e37), (0.9, e9)] {
                #expect(Self.close(spring.ease(t), expected), "\(form) t=\(t): \(spring.ease(t)) vs \(expected)")
            }
        }
        // physics: (m, k, c, v), settling, solverDuration, ease(0.1), ease(0.37), ease(0.9)
        let physics: [([Double], Double, Double, Double, Double, Double)] = [
            ([1, 100, 10, 0], 1760, 1.7600000000000011, 0.74146643581520277, 0.98252281135404718, 0.99966040973778370),
            (
                [2, 300, 60, -3], 1480, 1.4800000000000009, 0.41395551223831106, 0.95218371033240579,
                0.99966895591874139
            ),
            ([1, 100, 20, 0], 1200, 1.2000000000000006, 0.33737273379315558, 0.93583009445255161, 0.99975928585974816),
        ]
        for (p, settling, solverDuration, e1, e37, e9) in physics {
            let spring = AnimeV42Spring(
                try AnimeV42Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            #expect(spring.settlingDuration == settling && spring.solverDuration == solverDuration, "\(p)")
            #expect(spring.perceivedDuration == 628, "physics values keep the default perceived duration (anime#1118)")
            for (t, expected) in [(0.1, e1), (0.37, e37), (0.9, e9)] {
                #expect(Self.close(spring.ease(t), expected), "\(p) t=\(t): \(spring.ease(t)) vs \(expected)")
            }
        }
    }

    @Test(
        "The facts ../shared/FORMS.md pins: v3 default 1666.7 ms (τ_end 10 s); v4.2 default and { bounce: .5 } settle at 1760 ms"
    )
    func formsExamples() throws {
        let v3 = AnimeV3Spring(.defaults)
        #expect(Self.close(v3.searchEnd, 10, relative: 1e-14))
        #expect(Self.close(v3.duration, 1666.6666666666667, relative: 1e-14))
        #expect(v3.parameters.effectiveVelocity == 0.1, "v3 clamps the default velocity 0 to 0.1")
        let physics = AnimeV42Spring(AnimeV42Parameters.defaults)
        let mapped = AnimeV42Spring(AnimeV42DurationParameters.defaults)
        #expect(physics.settlingDuration == 1760 && mapped.settlingDuration == 1760)
        #expect(mapped.parameters.stiffness == 100.101 && mapped.parameters.damping == 10.005)
        #expect(AnimeV4Spring(.defaults).duration == 1740)
    }

    // MARK: Seeded random parameters against the ports

    /// A value log-uniform in 10^`exponents`, sometimes 0, negative or one
    /// of the range ends, so the clamps are crossed from both sides.
    static func parameter(_ rng: inout SplitMix64, exponents: ClosedRange<Double>, ends: [Double]) -> Double {
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return ends.randomElement(using: &rng)!
        case 1: return -pow(10, Double.random(in: exponents, using: &rng))
        case 2: return 0
        default: return pow(10, Double.random(in: exponents, using: &rng))
        }
    }

    /// (mass, stiffness, damping, velocity): random, plus ζ = 1 exactly
    /// (c = 2√(km) with km a perfect square) and over-damped cases.
    static func cases(seed: UInt64, count: Int, ends: [Double], exponents: ClosedRange<Double>) -> [[Double]] {
        var rng = SplitMix64(seed: seed)
        var out: [[Double]] = [
            [1, 100, 20, 0], [4, 25, 20, 0], [1, 100, 20, 3], [1, 100, 20, -3], [1, 100, 60, -2],
        ]
        for _ in 0..<count {
            let m = parameter(&rng, exponents: exponents, ends: ends)
            let k = parameter(&rng, exponents: exponents, ends: ends)
            var c = parameter(&rng, exponents: exponents, ends: ends)
            if Bool.random(using: &rng), m > 0, k > 0 {
                // Near and at critical damping, and over-damped.
                c = 2 * (k * m).squareRoot() * [1, 1, 0.999, 1.001, 1.5, 4].randomElement(using: &rng)!
            }
            let v = parameter(&rng, exponents: -2...2.5, ends: [0, 0.1, 100, -1000, 1000, 10_000])
            out.append([m, k, c, v])
        }
        return out
    }

    @Test("v3 against its port: the clamps (velocity 0 → 0.1), over-damping as critical, the 1/6 s search and ÷ 6")
    func v3Oracle() throws {
        let cases = Self.cases(
            seed: 0xA3, count: TestDepth.scaled(quick: 60, deep: 1500), ends: [0.1, 100],
            exponents: -1.5...2.5)
        for p in cases {
            let oracle = AnimeV3Oracle(p)
            let spring = AnimeV3Spring(
                try AnimeV3Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            let duration = oracle.getDuration()
            #expect(spring.duration == duration, "\(p): \(spring.duration) vs \(duration)")
            for t in [0, 1e-3, 0.05, 0.2, 0.5, 0.77, 0.999, 1] {
                #expect(spring.easing(t) == oracle.solver(t, duration: duration), "\(p) t=\(t)")
            }
        }
    }

    @Test(
        "v4.0 against its port: clamps (mass 0, √(k/m) ≤ 1000), over-damping as critical, 10 resting samples, 60 s cap")
    func v4Oracle() throws {
        let cases = Self.cases(
            seed: 0xA40, count: TestDepth.scaled(quick: 60, deep: 1500), ends: [0, 0.1, 1, 1000],
            exponents: -4...3.5)
        for p in cases {
            let oracle = AnimeV40Oracle(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3])
            let spring = AnimeV4Spring(
                try AnimeV4Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            #expect(spring.duration == oracle.duration && spring.solverDuration == oracle.solverDuration, "\(p)")
            for t in [0, 1e-3, 0.05, 0.2, 0.5, 0.77, 0.999, 1] {
                #expect(spring.ease(t) == oracle.ease(t), "\(p) t=\(t)")
            }
        }
    }

    @Test(
        "v4.2+ against its port: physics clamps, the true over-damped branch, bounce/duration rounding and the 300 cap")
    func v42Oracle() throws {
        let cases = Self.cases(
            seed: 0xA42, count: TestDepth.scaled(quick: 60, deep: 1500), ends: [1e-11, 1, 10_000],
            exponents: -2...4.5)
        for p in cases {
            let oracle = AnimeV42Oracle(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3])
            let spring = AnimeV42Spring(
                try AnimeV42Parameters(mass: p[0], stiffness: p[1], damping: p[2], velocity: p[3]))
            #expect(
                spring.settlingDuration == oracle.settlingDuration && spring.solverDuration == oracle.solverDuration,
                "\(p)")
            for t in [0, 1e-3, 0.05, 0.2, 0.5, 0.77, 0.999, 1] {
                #expect(spring.ease(t) == oracle.ease(t), "\(p) t=\(t)")
            }
        }
        var rng = SplitMix64(seed: 0xB42)
        for _ in 0..<TestDepth.scaled(quick: 60, deep: 1500) {
            let bounce = Double.random(in: -1.3...1.3, using: &rng)
            let duration = pow(10, Double.random(in: 0.5...4.3, using: &rng))
            let oracle = AnimeV42Oracle(bounce: bounce, duration: duration)
            let form = try AnimeV42DurationParameters(bounce: bounce, duration: duration)
            #expect(form.stiffness == oracle.s && form.damping == oracle.d, "bounce \(bounce), duration \(duration)")
            #expect(form.damping <= 300)
            let spring = AnimeV42Spring(form)
            #expect(spring.settlingDuration == oracle.settlingDuration, "bounce \(bounce), duration \(duration)")
            #expect(spring.perceivedDuration == oracle.pd)
            for t in [0.05, 0.5, 0.999] {
                #expect(spring.ease(t) == oracle.ease(t), "bounce \(bounce), duration \(duration), t=\(t)")
            }
        }
    }

    // MARK: Frame loops

    static let refreshRates: [Double] = [60, 120, 144]

    @Test("v3 loop: the easing at rAF times, done at its duration (60, 120, 144 Hz)")
    func v3Frames() throws {
        var rng = SplitMix64(seed: 0xF3)
        var springs: [[Double]] = [[1, 100, 10], [1, 100, 30], [0.5, 80, 3]]
        for _ in 0..<TestDepth.scaled(quick: 6, deep: 60) {
            springs.append([
                pow(10, Double.random(in: -1...1, using: &rng)), pow(10, Double.random(in: 0...2, using: &rng)),
                pow(10, Double.random(in: -0.5...1.5, using: &rng)),
            ])
        }
        for p in springs {
            for rate in Self.refreshRates {
                for (from, to, velocity) in [(0.0, 100.0, 0.0), (10.0, -30.0, 120.0), (0.0, 1.0, -2.0)] {
                    let parameters = try AnimeV3Parameters(mass: p[0], stiffness: p[1], damping: p[2])
                    let run = AnimeV3Loop(parameters).run(
                        from: from, to: to, initialVelocity: velocity, refreshRate: rate)
                    let oracle = AnimeV3Oracle([p[0], p[1], p[2], velocity / (to - from)]).frames(
                        from: from, to: to, refreshRate: rate, limit: Int(60 * rate))
                    #expect(run.doneFrame == oracle.done, "\(p) \(rate) Hz")
                    #expect(run.values == oracle.values, "\(p) \(rate) Hz, \(from)→\(to) v \(velocity)")
                }
            }
        }
        // The default: 1666.67 ms, done on the first frame at or after it.
        let run = AnimeV3Loop(.defaults).run(from: 0, to: 1, refreshRate: 60)
        #expect(run.doneFrame == 100 && run.values[100] == 1)
        #expect(run.values[99] != 1)
    }

    @Test(
        "v4.0 and v4.2+ loops: Date.now() + 12 ms, the engine's frame-rate cap, done at the duration (60, 120, 144 Hz)")
    func v4Frames() throws {
        var rng = SplitMix64(seed: 0xF4)
        var springs: [[Double]] = [[1, 100, 10], [1, 100, 30], [2, 300, 8]]
        for _ in 0..<TestDepth.scaled(quick: 6, deep: 60) {
            springs.append([
                pow(10, Double.random(in: 0...1, using: &rng)), pow(10, Double.random(in: 0...2.8, using: &rng)),
                pow(10, Double.random(in: -0.5...1.5, using: &rng)),
            ])
        }
        for p in springs {
            for rate in Self.refreshRates + [240] {
                for (from, to, velocity) in [(0.0, 100.0, 0.0), (10.0, -30.0, 120.0), (0.0, 1.0, -2.0)] {
                    let v = velocity / (to - from)
                    let limit = Int(60 * rate)
                    let v40 = AnimeV40Oracle(mass: p[0], stiffness: p[1], damping: p[2], velocity: v)
                    let run40 = AnimeV4Loop(try AnimeV4Parameters(mass: p[0], stiffness: p[1], damping: p[2]))
                        .run(from: from, to: to, initialVelocity: velocity, refreshRate: rate)
                    let oracle40 = AnimeV4EngineOracle.frames(
                        v4_3: false, duration: v40.duration, from: from, to: to, refreshRate: rate, limit: limit,
                        ease: v40.ease)
                    #expect(run40.doneFrame == oracle40.done && run40.values == oracle40.values, "v4.0 \(p) \(rate) Hz")

                    let v42 = AnimeV42Oracle(mass: p[0], stiffness: p[1], damping: p[2], velocity: v)
                    let parameters = try AnimeV42Parameters(mass: p[0], stiffness: p[1], damping: p[2])
                    for v4_3 in [true, false] {
                        let run = AnimeV42Loop(parameters, engine: v4_3 ? .v4_3 : .v4_0)
                            .run(from: from, to: to, initialVelocity: velocity, refreshRate: rate)
                        let oracle = AnimeV4EngineOracle.frames(
                            v4_3: v4_3, duration: v42.settlingDuration, from: from, to: to, refreshRate: rate,
                            limit: limit, ease: v42.ease)
                        #expect(
                            run.doneFrame == oracle.done && run.values == oracle.values,
                            "v4.2 (engine v4.3: \(v4_3)) \(p) \(rate) Hz")
                    }
                }
            }
        }
    }

    @Test("v4.0's 120 fps engine skips frames at 144 Hz (each skip repeats a value); v4.3+'s 240 fps one does not")
    func engineSkips() throws {
        let parameters = AnimeV4Parameters.defaults
        let run = AnimeV4Loop(parameters).run(from: 0, to: 100, refreshRate: 144)
        let repeats = (1..<(run.doneFrame ?? run.values.count)).filter { run.values[$0] == run.values[$0 - 1] }
        // 144 Hz frames are 6–7 ms apart and the engine needs 8 ms: about one in eight is skipped
        // (the figures Guides/Platforms.md quotes: 32 of 249 at 144 Hz, 197 of 415 at 240 Hz).
        #expect(
            repeats.count == 32 && run.doneFrame == 249, "\(repeats.count) repeated frames, done \(run.doneFrame ?? -1)"
        )
        let at240 = AnimeV4Loop(parameters).run(from: 0, to: 100, refreshRate: 240)
        let repeats240 = (1..<(at240.doneFrame ?? at240.values.count)).filter {
            at240.values[$0] == at240.values[$0 - 1]
        }
        #expect(repeats240.count == 197 && at240.doneFrame == 415)
        let modern = AnimeV42Loop(AnimeV42Parameters.defaults).run(from: 0, to: 100, refreshRate: 144)
        #expect((1..<(modern.doneFrame ?? 1)).allSatisfy { modern.values[$0] != modern.values[$0 - 1] })
        // Every 60 Hz frame renders in both.
        let at60 = AnimeV4Loop(parameters).run(from: 0, to: 100, refreshRate: 60)
        #expect((1..<(at60.doneFrame ?? 1)).allSatisfy { at60.values[$0] != at60.values[$0 - 1] })
        // Frame 1 shows Date.now() 16 ms + 12 ms into the spring.
        let spring = AnimeV4Spring(parameters)
        #expect(at60.values[1] == 0 + (100 - 0) * spring.ease(28 / 1740))
        #expect(at60.doneFrame == 104, "1740 ms − 12 ms → the first frame with ⌊n·1000/60⌋ ≥ 1728")
    }

    @Test("Loops take the run's velocity as progress per second, clamped (v3 ≥ 0.1), and show nothing when from == to")
    func velocities() throws {
        let loop = AnimeV42Loop(AnimeV42Parameters.defaults)
        let run = loop.run(from: 0, to: 200, initialVelocity: 400, refreshRate: 60)
        let spring = AnimeV42Spring(try AnimeV42Parameters(velocity: 2))
        #expect(run.values[1] == 200 * spring.ease((16 + 12) / spring.settlingDuration))
        let still = AnimeV3Loop(.defaults).run(from: 5, to: 5, initialVelocity: 30, refreshRate: 60)
        #expect(still.values.allSatisfy { $0 == 5 } && still.doneFrame == 100)
        let negative = AnimeV3Loop(.defaults).run(from: 0, to: 1, initialVelocity: -5, refreshRate: 60)
        let positive = AnimeV3Loop(.defaults).run(from: 0, to: 1, initialVelocity: 0.1, refreshRate: 60)
        #expect(negative.values == positive.values, "v3 clamps a negative velocity to 0.1")
    }

    // MARK: Parameters and forms

    @Test("Inverse: the spring's own values where they fit a release's ranges, else scaled into them, else clamped")
    func inverse() throws {
        // SwiftUI .bouncy: k 157.9 > v3's 100 at mass 1, so v3 scales the mass down.
        let bouncy = Spring.bouncy
        let v3 = AnimeV3Parameters(bouncy)
        #expect(
            Self.close(v3.stiffness, 100, relative: 1e-15)
                && Self.close(v3.mass, 100 / bouncy.stiffness, relative: 1e-15))
        #expect(Self.close(v3.spring.stiffness / v3.spring.mass, bouncy.stiffness, relative: 1e-14))
        #expect(Self.close(v3.spring.damping / v3.spring.mass, bouncy.damping, relative: 1e-14))
        let v42 = AnimeV42Parameters(bouncy)
        #expect(v42.mass == 1 && v42.stiffness == bouncy.stiffness && v42.damping == bouncy.damping)
        // Android HIGH stiffness 10 000 at ζ 0.2 fits v4.2 (k/m = 10⁴) but not v4.0 at mass 1 (k ≤ 1000).
        let stiff = try AndroidSpringForce(stiffness: 10_000, dampingRatio: 0.2).spring
        #expect(AnimeV42Parameters(stiff).spring == stiff)
        let v4 = AnimeV4Parameters(stiff)
        #expect(Self.close(v4.stiffness, 1000, relative: 1e-15) && Self.close(v4.mass, 0.1, relative: 1e-15))
        // k/m = 4·10⁴ fits no v4.2 scale: clamped, the spring differs.
        let tooStiff = try Spring(mass: 1, stiffness: 40_000, damping: 40)
        let clamped = AnimeV42Parameters(tooStiff)
        #expect(clamped.stiffness == 10_000 && clamped.spring != tooStiff)
        // … at the scale that splits the violation (mass 1 and k 2·10⁴ asked for factors 1 and 0.25: 0.5),
        // which keeps the damping ratio.
        #expect(clamped.mass == 1 && clamped.damping == 20 && clamped.spring.dampingRatio == tooStiff.dampingRatio)
        // Android's default (k 1500, ζ 0.5) in v3 (k/m ≤ 1000): ω₀ √1000, ζ still 0.5.
        let android = AnimeV3Parameters(AndroidSpringForce.springForceDefault.spring)
        #expect(Self.close(android.spring.dampingRatio, 0.5, relative: 1e-12))
        #expect(Self.close(android.spring.naturalFrequency, 1000.0.squareRoot(), relative: 1e-12))
        // Duration form: duration 2π/ω₀ in ms and bounce 1 − ζ (or 1/ζ − 1).
        let form = AnimeV42DurationParameters(bouncy)
        #expect(Self.close(form.duration, 500, relative: 1e-14) && Self.close(form.bounce, 0.3, relative: 1e-14))
        let over = AnimeV42DurationParameters(try Spring(naturalFrequency: 10, dampingRatio: 2))
        #expect(Self.close(over.bounce, -0.5, relative: 1e-15))
    }

    @Test("Non-finite parameters are refused, naming the parameter; anything finite is clamped as anime clamps it")
    func badInput() throws {
        for name in ["mass", "stiffness", "damping", "velocity"] {
            for value in [Double.nan, .infinity, -.infinity] {
                let error = #expect(throws: SpringParameterError.self) {
                    _ = try AnimeV4Parameters(
                        mass: name == "mass" ? value : 1, stiffness: name == "stiffness" ? value : 100,
                        damping: name == "damping" ? value : 10, velocity: name == "velocity" ? value : 0)
                }
                #expect(error?.parameter == name)
            }
        }
        #expect(throws: SpringParameterError.self) { _ = try AnimeV42DurationParameters(bounce: .nan) }
        #expect(throws: SpringParameterError.self) { _ = try AnimeV42DurationParameters(duration: -.infinity) }
        // v4.0 accepts mass 0 (and clamps negatives to it): ω₀ is clamped to 1000, ζ is infinite → critical.
        let massless = try AnimeV4Parameters(mass: -3)
        #expect(massless.effectiveMass == 0 && massless.naturalFrequency == 1000)
        #expect(massless.spring.naturalFrequency == 1000 && massless.spring.dampingRatio == 1)
        #expect(AnimeV4Spring(massless).duration > 0)
        let clampedV3 = try AnimeV3Parameters(mass: 1e9, stiffness: -1, damping: 0, velocity: -7)
        #expect(
            clampedV3.effectiveMass == 100 && clampedV3.effectiveStiffness == 0.1 && clampedV3.effectiveDamping == 0.1
                && clampedV3.effectiveVelocity == 0.1)
        // The slowest v3 spring the ranges allow still ends its search.
        let slowest = AnimeV3Spring(try AnimeV3Parameters(mass: 100, stiffness: 0.1, damping: 0.1, velocity: 100))
        #expect(slowest.duration.isFinite && slowest.searchEnd < Double(AnimeV3Spring.maximumSearchSteps) / 6)
    }

    @Test("Platforms and forms: keywords, paste code, presets")
    func platformsAndForms() throws {
        #expect(SpringPlatform.matchTarget("anime3") == .animeV3)
        #expect(SpringPlatform.matchTarget("anime4.0") == .animeV4)
        #expect(SpringPlatform.matchTarget("anime4.2") == .animeV42)
        let values: [SpringParameter.Name: Double] = [.mass: 1, .stiffness: 100, .damping: 10]
        #expect(SpringPlatform.animeV3.form?.code(values) == "easing: 'spring(1, 100, 10, 0)'")
        #expect(
            SpringPlatform.animeV4.form?.code(values)
                == "ease: createSpring({ mass: 1, stiffness: 100, damping: 10, velocity: 0 })")
        #expect(
            SpringPlatform.animeV42.form?.code(values)
                == "ease: spring({ mass: 1, stiffness: 100, damping: 10, velocity: 0 })")
        for (name, kind) in [
            ("anime3", SpringParameterizationKind.animeV3), ("anime4.0", .animeV4), ("anime4.2", .animeV42),
            ("anime4.2-bounce-duration", .animeV42Duration),
        ] {
            let preset = try #require(SpringPreset.named(name))
            #expect(preset.parameterization == kind)
            #expect(try kind.makeSpring(preset.values) == preset.spring)
        }
        #expect(SpringPreset.animeV42BounceDuration.spring.stiffness == 100.101)
    }
}
