import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// A loop that keeps its platform's own clock (`simulatedTimes`: Rebound's
/// and Pop's fixed steps with the remainder interpolated back into the
/// state, react-spring's whole milliseconds, …) reports how far that clock
/// drifts from display time; `Reports/platforms.md` prints the drift. The
/// clock must be the time the shown motion is at: every value shown while the
/// spring moves is the exact spring at that frame's clock, up to the
/// platform's integration error. A clock that counts one step too many or too
/// few (1 ms per frame) moves the exact value by ~|v|·1 ms per frame, which
/// adds up to percents of the travel within a few frames.
///
/// Bound: 0.5 % of the scale (travel + |v₀|/ω₀). The integrators here are
/// third- and fourth-order at 1 ms (local error ~1e-12 of the scale per
/// step), and the interpolation writes back a state off the true curve by
/// at most h²/8·|x''| ≤ 1.25e-7·ω₀²·scale per frame, ≤ 5e-5 of the scale at
/// ω₀ ≤ 20, so ≤ 0.5 % even summed over 100 frames.
///
/// SwiftUI is left out: its engine steps kick–drift–kick at 1/300 s with the
/// force carried from the previous step, so its motion trails the exact
/// spring by about half a step (|v|/600 s: 1.9 % of the scale on frame 4 of a
/// ζ = 0.15 spring at ω₀ = 17.5) — its own behaviour, pinned bit for bit
/// against the OpenSwiftUI port in `SwiftUIOracleTests`. So are anime.js 3
/// and 4.0 on over-damped springs, which they show as critically damped
/// (their own code; `AnimeJSPlatformTests`).
@Suite("Each platform's own clock is the time its shown motion is at")
struct PlatformClockTests {
    @Test("values shown while moving equal the exact spring at the platform's clock, within 0.5 % of the scale")
    func clockMatchesMotion() throws {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_C10C)
        var clocked = Set<String>()
        for platform in SpringPlatform.withLoops {
            let loopType = try #require(platform.loop)
            if platform.name == "SwiftUI" { continue }
            for i in 0..<8 {
                let omega = random.uniform(3...20)
                let zeta = [0.15, 0.5, 1.0, 1.8][i % 4]
                if zeta > 1, ["anime.js v3", "anime.js v4.0"].contains(platform.name) { continue }
                let spring = try Spring(naturalFrequency: omega, dampingRatio: zeta)
                let velocity: Double = [0, 400, -250, 0][i % 4]
                let rate = [60.0, 144, 59.94, 120][i / 2]
                let shown = loopType.init(spring, options: PlatformLoopOptions())
                    .run(from: 0, to: 100, initialVelocity: velocity, refreshRate: rate)
                guard let clock = shown.simulatedTimes else { continue }
                clocked.insert(platform.name)
                let scale = 100 + abs(velocity) / omega
                let end = Swift.min(shown.doneFrame ?? shown.values.count, shown.values.count, clock.count)
                for frame in 1..<end {
                    let exact = spring.position(from: 0.0, target: 100.0, initialVelocity: velocity, time: clock[frame])
                    let error = abs(shown.values[frame] - exact) / scale
                    if error > 0.005 {
                        Issue.record(
                            "\(platform.name) ω \(omega) ζ \(zeta) v \(velocity) at \(rate) Hz: frame \(frame) shows \(shown.values[frame]) at clock \(clock[frame]) s, the exact spring there is \(exact) (\(error * 100) % of the scale)"
                        )
                        break
                    }
                }
            }
        }
        // The platforms whose loops keep a clock of their own are all checked.
        #expect(clocked.count >= 2, "\(clocked)")
    }
}
