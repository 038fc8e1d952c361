import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// `fit` on recorded frames (issue 42): frames from each platform's own loop, through SpringBench's
/// loops and through the ports of the platforms' own code, at 60 and 120 Hz, with Gaussian noise of
/// 0.1 px on a 200 px travel and one frame dropped, must give back the stiffness and damping ratio
/// within 1 % and name the platform in at least 90 % of the recordings; a cubic-Bézier motion must
/// be called "not a spring".
@Suite("fit: recorded frames back to their spring and platform")
struct FitRecoveryTests {
    /// Springs inside every platform's range (mass 1), one per recording in turn.
    static let springs: [(stiffness: Double, dampingRatio: Double)] = [
        (246.74, 0.7), (400, 0.5), (170, 0.85), (300, 0.6), (120, 0.75),
    ]

    struct Recording: CustomStringConvertible {
        var name: String
        var platform: SpringPlatform
        var spring: Spring
        var rate: Double
        var motion: RecordedMotion
        var description: String { "\(name) \(rate) Hz k \(spring.stiffness) ζ \(spring.dampingRatio)" }
    }

    /// The frames up to the platform's done frame, with noise and one interior frame dropped.
    static func record(
        _ name: String, _ platform: SpringPlatform, _ spring: Spring, rate: Double, values: [Double], done: Int?,
        rng: inout SplitMix64
    ) -> Recording {
        let end = Swift.min(values.count - 1, done ?? values.count - 1)
        var frames = Array(0...end)
        frames.remove(at: 2 + Int(rng.next() % UInt64(Swift.max(1, frames.count - 4))))
        let noisy = frames.map { values[$0] + 0.1 * gaussian(&rng) }
        return Recording(
            name: name, platform: platform, spring: spring, rate: rate,
            motion: RecordedMotion(times: frames.map { Double($0) / rate }, values: noisy))
    }

    static func gaussian(_ rng: inout SplitMix64) -> Double {
        let u = (Double(rng.next() >> 11) + 0.5) / 0x1p53, v = Double(rng.next() >> 11) / 0x1p53
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    static func recordings() throws -> [Recording] {
        var rng = SplitMix64(seed: 0xF17_2026_1129)
        var out: [Recording] = []
        var turn = 0
        for platform in SpringPlatform.withLoops {
            for rate in [60.0, 120] {
                let s = springs[turn % springs.count]
                turn += 1
                let spring = try Spring(naturalFrequency: s.stiffness.squareRoot(), dampingRatio: s.dampingRatio)
                let shown = platform.loop!.init(spring, options: PlatformLoopOptions())
                    .run(from: 0, to: 200, initialVelocity: 0, refreshRate: rate)
                out.append(
                    record(
                        "loop \(platform.name)", platform, spring, rate: rate, values: shown.values,
                        done: shown.doneFrame,
                        rng: &rng))
            }
        }
        // Through the ports of every platform's own code, the ones the frame-time traces check the
        // loops against (FrameTraceTests.platforms: PlatformDifferentialPorts.swift, the Reanimated,
        // Svelte, SwiftUI, Motion, react-spring and anime.js oracles), at a steady rate.
        for port in FrameTraceTests.platforms {
            let platform = try #require(SpringPlatform.withLoops.first { $0.shortName == port.name }, "\(port.name)")
            for rate in [60.0, 120] {
                let s = springs[turn % springs.count]
                turn += 1
                let spring = try Spring(naturalFrequency: s.stiffness.squareRoot(), dampingRatio: s.dampingRatio)
                let run = port.port(spring, 0, 200, .steady(rate))
                out.append(
                    record(
                        "port \(port.name)", platform, spring, rate: rate, values: run.values, done: run.done, rng: &rng
                    ))
            }
        }
        return out
    }

    @Test("≥ 90 % of recordings give k and ζ within 1 % and the right platform")
    func recovers() throws {
        let all = try Self.recordings()
        var failures: [String] = []
        for recording in all {
            let result = try SpringFit(recording: recording.motion).fit()
            let best = result.best
            let k = best.spring.stiffness / best.spring.mass
            let kOK = abs(k / recording.spring.stiffness - 1) <= 0.01
            let zetaOK = abs(best.spring.dampingRatio / recording.spring.dampingRatio - 1) <= 0.01
            let named = best.platform == recording.platform
            if !(kOK && zetaOK && named && result.isSpring) {
                failures.append(
                    "\(recording): got \(best.name), k \(k), ζ \(best.spring.dampingRatio), spring \(result.isSpring); "
                        + result.ranked.filter { $0.platform == recording.platform || $0.platform == best.platform }.map
                    {
                        "\($0.name) \(String(format: "%.4f", $0.rms)) done \($0.doneFrame.map(String.init) ?? "-")\($0.endsOnDone ? "*" : "") v0 \(String(format: "%.1f", $0.initialVelocity)) k \(String(format: "%.2f", $0.spring.stiffness)) z \(String(format: "%.4f", $0.spring.dampingRatio))"
                    }.joined(separator: "; ")
                        + " last \(Int((recording.motion.times.last! * recording.rate).rounded()))")
            }
        }
        let rate = 1 - Double(failures.count) / Double(all.count)
        #expect(all.count == 4 * SpringPlatform.withLoops.count)
        #expect(rate >= 0.9, "\(failures.count) of \(all.count) failed:\n\(failures.joined(separator: "\n"))")
        // Measured 56 of 56 (2026-11-29, every loop and every port): a loss of more than one is a
        // regression, though above the bar.
        #expect(failures.count <= 1, "\(failures.joined(separator: "\n"))")
        print(
            "fit recovery: \(all.count - failures.count) of \(all.count); failures:\n\(failures.joined(separator: "\n"))"
        )
    }

    /// A harder set, not the one the rules were tuned on: another seed and other springs, a
    /// travel downwards from 50 to −100, three frames at rest before the start and the clock
    /// starting at 1.234 s, values rounded to 0.25 px after the noise, and one frame shown twice
    /// (a stall) besides the dropped one.
    @Test("The same on recordings with a start offset, quantised values and a repeated frame")
    func recoversHarder() throws {
        var rng = SplitMix64(seed: 0xB11D_0042)
        let springs: [(Double, Double)] = [(200, 0.65), (500, 0.45), (90, 0.9), (320, 0.55)]
        var failures: [String] = []
        var count = 0
        for (index, platform) in SpringPlatform.withLoops.enumerated() {
            for rate in [60.0, 120] {
                let (k, zeta) = springs[(index * 2 + (rate == 60 ? 0 : 1)) % springs.count]
                let spring = try Spring(naturalFrequency: k.squareRoot(), dampingRatio: zeta)
                let shown = platform.loop!.init(spring, options: PlatformLoopOptions())
                    .run(from: 50, to: -100, initialVelocity: 0, refreshRate: rate)
                let end = Swift.min(shown.values.count - 1, shown.doneFrame ?? shown.values.count - 1)
                var frames = Array(0...end)
                frames.remove(at: 2 + Int(rng.next() % UInt64(frames.count - 4)))
                var values = frames.map { shown.values[$0] + 0.1 * Self.gaussian(&rng) }
                let stall = 3 + Int(rng.next() % UInt64(values.count - 6))
                values[stall] = values[stall - 1]
                values = values.map { ($0 * 4).rounded() / 4 }
                let times = [-3.0, -2, -1].map { 1.234 + $0 / rate } + frames.map { 1.234 + Double($0) / rate }
                let motion = RecordedMotion(times: times, values: [values[0], values[0], values[0]] + values)
                let result = try SpringFit(recording: motion).fit()
                let best = result.best
                count += 1
                let ok =
                    abs(best.spring.stiffness / k - 1) <= 0.01 && abs(best.spring.dampingRatio / zeta - 1) <= 0.01
                    && best.platform == platform && result.isSpring
                if !ok {
                    failures.append(
                        "\(platform.name) \(rate) Hz k \(k) ζ \(zeta): got \(best.name) k \(best.spring.stiffness) ζ \(best.spring.dampingRatio) spring \(result.isSpring)"
                    )
                }
            }
        }
        print(
            "fit recovery (harder): \(count - failures.count) of \(count); failures:\n\(failures.joined(separator: "\n"))"
        )
        #expect(Double(failures.count) <= 0.1 * Double(count), "\(failures.joined(separator: "\n"))")
    }

    /// CSS `cubic-bezier(x1, y1, x2, y2)` at progress x: y of the curve point whose x is `x`,
    /// by bisection on the curve parameter (the curve's x is monotone for x1, x2 in 0…1).
    static func cubicBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
        func coordinate(_ a: Double, _ b: Double, _ u: Double) -> Double {
            3 * (1 - u) * (1 - u) * u * a + 3 * (1 - u) * u * u * b + u * u * u
        }
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if coordinate(x1, x2, mid) < x { low = mid } else { high = mid }
        }
        return coordinate(y1, y2, (low + high) / 2)
    }

    @Test(
        "A cubic-Bézier motion is not a spring",
        arguments: [
            (0.25, 0.1, 0.25, 1.0, 0.5), (0.42, 0.0, 0.58, 1.0, 0.4), (0.0, 0.0, 0.58, 1.0, 0.4),
            (0.42, 0.0, 1.0, 1.0, 0.3), (0.2, 0.0, 0.0, 1.0, 0.6), (0.34, 1.56, 0.64, 1.0, 0.5),
        ])
    func bezierIsNotASpring(x1: Double, y1: Double, x2: Double, y2: Double, duration: Double) throws {
        var rng = SplitMix64(seed: UInt64(x1 * 1000 + y1 * 100 + x2 * 10 + duration * 7919))
        let frames = Array(0...Int((duration * 60).rounded()) + 3)
        let values = frames.map { n in
            200 * Self.cubicBezier(x1, y1, x2, y2, at: Swift.min(1, Double(n) / 60 / duration)) + 0.1
                * Self.gaussian(&rng)
        }
        let result = try SpringFit(recording: RecordedMotion(times: frames.map { Double($0) / 60 }, values: values))
            .fit()
        #expect(!result.isSpring, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) \(duration) s: \(result.verdict)")
        #expect(result.verdict.hasPrefix("not a spring"))
    }

    /// Random recordings over the range the acceptance names (no tuning on them): k 80…600 and ζ
    /// 0.3…1 at mass 1, a travel of ±(50…400) px from a random start, 60 or 120 Hz, 0.1 px noise
    /// and one frame dropped, through a random platform's loop.
    @Test("Random recordings: k and ζ within 1 % and the platform named in ≥ 90 %")
    func recoversRandom() throws {
        var rng = SplitMix64(seed: 0x0BAD_CAFE_0042)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * Double(rng.next() >> 11) / 0x1p53
        }
        let loops = SpringPlatform.withLoops
        var failures: [String] = []
        let count = TestDepth.scaled(quick: 40, deep: 200)
        for _ in 0..<count {
            let platform = loops[Int(rng.next() % UInt64(loops.count))]
            let rate = rng.next() % 2 == 0 ? 60.0 : 120
            let k = exp(uniform(log(80)...log(600))), zeta = uniform(0.3...1)
            let from = uniform(-200...200)
            let to = from + (rng.next() % 2 == 0 ? 1 : -1) * uniform(50...400)
            let spring = try Spring(naturalFrequency: k.squareRoot(), dampingRatio: zeta)
            let shown = platform.loop!.init(spring, options: PlatformLoopOptions())
                .run(from: from, to: to, initialVelocity: 0, refreshRate: rate)
            let recording = Self.record(
                platform.name, platform, spring, rate: rate, values: shown.values, done: shown.doneFrame, rng: &rng)
            let result = try SpringFit(recording: recording.motion).fit()
            let best = result.best
            let ok =
                abs(best.spring.stiffness / k - 1) <= 0.01 && abs(best.spring.dampingRatio / zeta - 1) <= 0.01
                && best.platform == platform && result.isSpring
            if !ok {
                failures.append(
                    "\(recording): got \(best.name) k \(best.spring.stiffness) ζ \(best.spring.dampingRatio) spring \(result.isSpring); tied \(result.indistinguishable); "
                        + result.ranked.filter { $0.platform == platform || $0.platform == best.platform }.map {
                            "\($0.name) rms \($0.rms) done \($0.doneFrame ?? -1) v0 \($0.initialVelocity) k \($0.spring.stiffness)"
                        }.joined(separator: "; ")
                        + " last \(Int((recording.motion.times.last! * rate).rounded())) travel \(to - from)"
                )
            }
        }
        print(
            "fit recovery (random): \(count - failures.count) of \(count); failures:\n\(failures.joined(separator: "\n"))"
        )
        #expect(Double(failures.count) <= 0.1 * Double(count), "\(failures.joined(separator: "\n"))")
    }
}
