import Foundation
import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// Dropped frames and a changing rate (issue 42): each platform's loop on a frame-time trace
/// shows what the port of the platform's own code shows on the same frame times, frame for
/// frame, with the same done frame. The ports (PlatformDifferentialPorts.swift,
/// ReanimatedOracleTests.swift, SvelteOracleTests.swift, AnimeJSOracles.swift) read the trace through their own
/// `PortClock`.
@Suite("Frame-time traces: each loop against its platform's own code")
struct FrameTraceTests {
    struct Platform: Sendable {
        var name: String
        var emulation: @Sendable (Spring, Double, Double, FrameClock) -> DisplayedMotion
        var port: @Sendable (Spring, Double, Double, PortClock) -> PortRun
        var relative: Double
    }

    static func zeta(_ s: Spring) -> Double { s.damping / (2 * (s.stiffness * s.mass).squareRoot()) }

    static let platforms: [Platform] = [
        Platform(
            name: "Android",
            emulation: { s, from, to, clock in
                AndroidSpringLoop(stiffness: Float(s.stiffness / s.mass), dampingRatio: Float(zeta(s)))
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                AndroidSpringAnimationPort(stiffness: Float(s.stiffness / s.mass), dampingRatio: Float(zeta(s)))
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            }, relative: 0),
        Platform(
            name: "Compose",
            emulation: { s, from, to, clock in
                let (k, ratio) = (Float(s.stiffness / s.mass), Float(zeta(s)))
                let spring = try! Spring(naturalFrequency: Double(k).squareRoot(), dampingRatio: Double(ratio))
                return ComposeLoop(spring).run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                ComposeSpringPort(stiffness: Float(s.stiffness / s.mass), dampingRatio: Float(zeta(s)))
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            }, relative: 4 * 0x1p-24),
        Platform(
            name: "Flutter",
            emulation: { s, from, to, clock in FlutterLoop(s).run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                FlutterSpringPort(mass: s.mass, stiffness: s.stiffness, damping: s.damping)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            }, relative: 0),
        Platform(
            name: "Rebound",
            emulation: { s, from, to, clock in
                ReboundLoop(tension: s.stiffness / s.mass, friction: s.damping / s.mass)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                ReboundPort(tension: s.stiffness / s.mass, friction: s.damping / s.mass)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            }, relative: 0),
        Platform(
            name: "Reanimated 4",
            emulation: { s, from, to, clock in
                ReanimatedLoop(.physics(mass: s.mass, stiffness: s.stiffness, damping: s.damping))
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                Reanimated4Port(damping: s.damping, mass: s.mass, stiffness: s.stiffness, velocity: 0)
                    .run(from: from, to: to, clock: clock)
            }, relative: 1e-12),
        Platform(
            name: "Reanimated 3",
            emulation: { s, from, to, clock in
                Reanimated3Loop(.physics(mass: s.mass, stiffness: s.stiffness, damping: s.damping))
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                Reanimated3Port(damping: s.damping, mass: s.mass, stiffness: s.stiffness, velocity: 0)
                    .run(from: from, to: to, clock: clock)
            }, relative: 1e-12),
        Platform(
            name: "Svelte",
            emulation: { s, from, to, clock in SvelteLoop(s).run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                let tick = SvelteSpringParameters.perTick(s)
                return SveltePort(stiffness: tick.stiffness, damping: tick.damping)
                    .run(from: from, to: to, lastValue: from, clock: clock)
            }, relative: 1e-12),
        Platform(
            name: "SwiftUI",
            emulation: { s, from, to, clock in
                SwiftUIFluidLoop(s).run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                let loop = SwiftUIFluidLoop(s)
                let run = FluidSpringPort(response: loop.response, dampingFraction: loop.dampingFraction)
                    .runCountingTies(from: from, to: to, initialVelocity: 0, frameClock: clock, frames: clock.limit).run
                return (run.values, run.done)
            }, relative: 0),
        Platform(
            name: "Motion",
            emulation: { s, from, to, clock in MotionLoop(s).run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                let run = MotionPort(
                    stiffness: s.stiffness / s.mass, damping: s.damping / s.mass, mass: 1, velocity: 0,
                    restSpeed: nil, restDelta: nil, origin: from, target: to
                ).run(clock: clock, frames: clock.limit)
                return (run.values, run.done)
            }, relative: 0),
        Platform(
            name: "react-spring",
            emulation: { s, from, to, clock in
                ReactSpringLoop(tension: s.stiffness, friction: s.damping, mass: s.mass)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                let run = ReactSpringPort(tension: s.stiffness, friction: s.damping, mass: s.mass, velocity: 0)
                    .run(from: from, to: to, frameClock: clock, frames: clock.limit)
                return (run.values, run.done)
            }, relative: 0),
        Platform(
            name: "anime 3",
            emulation: { s, from, to, clock in AnimeV3Loop(AnimeV3Parameters(s)).run(from: from, to: to, clock: clock)
            },
            port: { s, from, to, clock in
                let p = AnimeV3Parameters(s)
                return AnimeV3Oracle([p.mass, p.stiffness, p.damping, 0]).frames(
                    from: from, to: to, clock: clock, limit: clock.limit)
            }, relative: 0),
        Platform(
            name: "anime 4.0",
            emulation: { s, from, to, clock in AnimeV4Loop(AnimeV4Parameters(s)).run(from: from, to: to, clock: clock)
            },
            port: { s, from, to, clock in
                let p = AnimeV4Parameters(s)
                let spring = AnimeV40Oracle(mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: 0)
                return AnimeV4EngineOracle.frames(
                    v4_3: false, duration: spring.duration, from: from, to: to, clock: clock, limit: clock.limit,
                    ease: spring.ease)
            }, relative: 0),
        Platform(
            name: "anime 4.2+",
            emulation: { s, from, to, clock in
                AnimeV42Loop(AnimeV42Parameters(s)).run(from: from, to: to, clock: clock)
            },
            port: { s, from, to, clock in
                let p = AnimeV42Parameters(s)
                let spring = AnimeV42Oracle(mass: p.mass, stiffness: p.stiffness, damping: p.damping, velocity: 0)
                return AnimeV4EngineOracle.frames(
                    v4_3: true, duration: spring.settlingDuration, from: from, to: to, clock: clock,
                    limit: clock.limit, ease: spring.ease)
            }, relative: 0),
        Platform(
            name: "Pop",
            emulation: { s, from, to, clock in
                PopLoop(tension: s.stiffness, friction: s.damping, mass: s.mass, threshold: 1)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            },
            port: { s, from, to, clock in
                PopPort(tension: s.stiffness, friction: s.damping, mass: s.mass, threshold: 1)
                    .run(from: from, to: to, initialVelocity: 0, clock: clock)
            }, relative: 0),
    ]

    static let springs: [Spring] = [
        try! Spring(mass: 1, stiffness: 246.74, damping: 21.99), try! Spring(mass: 1, stiffness: 600, damping: 14),
        try! Spring(mass: 2, stiffness: 150, damping: 40),
    ]

    /// The platforms report says every loop it shows is checked here: a new loop needs its port.
    @Test("Every platform with a loop has its port on the traces")
    func everyLoopIsChecked() {
        #expect(Self.platforms.map(\.name).sorted() == SpringPlatform.withLoops.map(\.shortName).sorted())
    }

    @Test(
        "Under a 50 ms hitch, a rate that halves and jitter, every frame and the done frame equal the port's",
        arguments: ["hitch", "drop", "jitter"])
    func traces(name: String) throws {
        var checked = 0
        for platform in Self.platforms {
            for rate in [60.0, 120] {
                let clock = try #require(FrameClock.named(name, at: rate))
                let portClock = PortClock(rate: rate, times: clock.times)
                for spring in Self.springs {
                    let shown = platform.emulation(spring, 0, 300, clock)
                    let oracle = platform.port(spring, 0, 300, portClock)
                    if let mismatch = PlatformOracleCases.mismatch(
                        shown, oracle, scale: 300, relative: platform.relative)
                    {
                        Issue.record("\(platform.name), \(clock.name), \(spring): \(mismatch)")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked == Self.platforms.count * 2 * Self.springs.count)
    }

    /// The trace really changes what is shown: on the 50 ms frame each loop jumps farther than on
    /// any steady frame, so a clock that ignored the trace would fail here; Svelte, whose clamp
    /// takes 33.3 ms of the gap, is the exception the report names.
    @Test("A 50 ms hitch shows as one larger step, at the hitched frame")
    func hitchIsSeen() throws {
        let clock = try #require(FrameClock.named("hitch", at: 60))
        let hitched = try #require((1..<clock.times!.count).first { clock.times![$0] - clock.times![$0 - 1] > 0.04 })
        for platform in Self.platforms {
            let shown = platform.emulation(Self.springs[0], 0, 300, clock)
            let steps = zip(shown.values.dropFirst(), shown.values).map { abs($0 - $1) }
            let largest = steps.indices.max { steps[$0] < steps[$1] }!
            if platform.name == "Svelte" {
                // Svelte clamps the elapsed time to 33.3 ms: the 50 ms frame advances it as a
                // shorter one, so its step there is not its largest.
                #expect(largest + 1 != hitched && steps[hitched - 1] < steps[largest], "Svelte")
                continue
            }
            #expect(
                largest + 1 == hitched, "\(platform.name): largest step at frame \(largest + 1), hitch at \(hitched)")
        }
    }
}
