import Foundation
import SpringModel
import Testing
import VectorKernels

/// Every public initialiser and query of SpringModel, fed extreme and random
/// values: a thrown error or a finite answer, always within bounded time —
/// never a trap, a hang or a NaN presented as a value (Guides/BadInput.md).
@Suite struct RobustnessPropertyTests {
    static let extremes: [Double] = [
        0, -0.0, 5e-324, -5e-324, 2.2250738585072014e-308, 1e-308, 1e-200, 1e-17, 1e-9, 0.5,
        0.9999999999999999, 1, 1.0000000000000002, 2, 1e9, 1e200, 1e308, -1e308,
        .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, -1,
    ]

    static func values(seed: UInt64, count: Int = 24) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return extremes + (0..<count).map { _ in
            Double(sign: Bool.random(using: &rng) ? .plus : .minus, exponent: Int.random(in: -1070...1020, using: &rng),
                   significand: Double.random(in: 1..<2, using: &rng))
        }
    }

    /// Fails the test when `body` takes longer than five seconds: a hang
    /// detector with a wide margin (a call takes microseconds to a few
    /// milliseconds in a debug build), not a timing claim.
    static func bounded<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        #expect(clock.now - start < .seconds(5), "\(what()) took \(clock.now - start)")
        return result
    }

    /// Every query of a valid spring answers finitely (or +∞ where documented) in bounded time.
    static func checkQueries(_ spring: Spring, _ label: String) {
        let settling = bounded("\(label).settlingDuration") { spring.settlingDuration }
        #expect(!settling.isNaN && settling >= 0, "\(label): settling \(settling)")
        for (u0, v0) in [(1.0, 0.0), (0.0, 1.0), (-1e308, 1e308), (5e-324, 0.0), (1.0, -1e300)] {
            let motion = bounded("\(label).settlingDuration(\(u0), \(v0))") {
                spring.settlingDuration(initialDisplacement: u0, initialVelocity: v0)
            }
            #expect(!motion.isNaN && motion >= 0, "\(label): settling from (\(u0), \(v0)) is \(motion)")
            let arrival = bounded("\(label).arrivalTime") { spring.arrivalTime(initialDisplacement: u0, initialVelocity: v0) }
            #expect(arrival.map { !$0.isNaN && $0 >= 0 } ?? true, "\(label): arrival \(String(describing: arrival))")
            let overshoot = bounded("\(label).overshoot") { spring.overshootPercent(initialDisplacement: u0, initialVelocity: v0) }
            #expect(overshoot.map { !$0.isNaN } ?? true, "\(label): overshoot \(String(describing: overshoot))")
        }
        for t in [0, 1e-300, 0.016, 1, 1e6, 1e300, .greatestFiniteMagnitude] {
            let p = bounded("\(label).propagator(\(t))") { spring.propagator(time: t) }
            for (name, value) in [("a", p.positionFromDisplacement), ("b", p.positionFromVelocity),
                                  ("c", p.velocityFromDisplacement), ("d", p.velocityFromVelocity)] {
                #expect(value.isFinite, "\(label): propagator \(name) at t = \(t) is \(value)")
            }
            let x = spring.position(from: 0.0, target: 1.0, time: t)
            #expect(x.isFinite, "\(label): position at \(t) is \(x)")
        }
        for form in SpringParameterizationKind.all {
            _ = bounded("\(label) as \(form)") { try? form.values(for: spring, epsilon: 0.001) }
        }
    }

    @Test("Spring(mass:stiffness:damping:): an error naming a parameter, or a spring whose every query is finite",
          arguments: [UInt64(1), 2, 3])
    func physicalConstants(_ seed: UInt64) {
        let values = Self.values(seed: seed, count: 6)
        var springs = 0
        for mass in [1, 1e-300, 1e300, values[seed == 1 ? 0 : Int(seed)]] {
            for stiffness in values {
                for damping in values where damping.isNaN || damping >= 0 || damping == -1 {
                    let label = "Spring(m: \(mass), k: \(stiffness), c: \(damping))"
                    let spring: Spring
                    do {
                        spring = try Self.bounded(label) { try Spring(mass: mass, stiffness: stiffness, damping: damping) }
                    } catch {
                        #expect(!"\(error)".isEmpty)
                        continue
                    }
                    #expect(spring.dampingRatio.isFinite && spring.naturalFrequency.isFinite && spring.naturalFrequency > 0, "\(label)")
                    Self.checkQueries(spring, label)
                    springs += 1
                }
            }
        }
        #expect(springs > 50)  // the property saw valid springs, not only errors
    }

    @Test("Every parameterization's initialiser: an error naming its parameter, or a usable spring")
    func parameterizations() {
        let values = Self.values(seed: 9, count: 10)
        for a in values {
            for b in values {
                let attempts: [(String, () throws -> Spring)] = [
                    ("SwiftUI(\(a), \(b))", { try SwiftUIParameters(duration: a, bounce: b).spring }),
                    ("Response(\(a), \(b))", { try ResponseParameters(response: a, dampingRatio: b).spring }),
                    ("Settling(\(a), \(b))", { try SettlingParameters(settlingDuration: a, dampingRatio: b).spring }),
                    ("Android(\(a), \(b))", { try AndroidSpringForce(stiffness: a, dampingRatio: b).spring }),
                    ("Motion(\(a), \(b))", { try MotionDurationParameters(visualDuration: a, bounce: b).spring }),
                    ("ReactSpring(\(a), \(b))", { try ReactSpringParameters(tension: a, friction: b).spring }),
                    ("ReactFrequency(\(a), \(b))", { try ReactSpringParameters(frequency: a, damping: b).spring }),
                    ("Origami(\(a), \(b))", { try OrigamiParameters(origamiTension: a, origamiFriction: b).spring }),
                    ("Pop(\(a), \(b))", { try PopParameters(bounciness: a, speed: b).spring }),
                ]
                for (label, make) in attempts {
                    guard let spring = try? Self.bounded(label, make) else { continue }
                    #expect(spring.dampingRatio.isFinite && spring.naturalFrequency > 0 && spring.naturalFrequency.isFinite,
                            "\(label) built \(spring)")
                    _ = Self.bounded("\(label).settlingDuration") { spring.settlingDuration }
                }
            }
        }
    }

    @Test("A damping ratio of 1.1e-16 (bounce 0.9999999999999999) settles at the envelope bound, within one half period, at once")
    func nearlyUndampedSettles() throws {
        let spring = try Spring(duration: 1, bounce: 0.9999999999999999)
        let settling = Self.bounded("settlingDuration") { spring.settlingDuration }
        // Independent estimate: the last peak above ε lies where the envelope
        // e^(−λt)/√(1−ζ²) falls to ε, at most a half period π/ω_d later.
        let lambda = spring.dampingRatio * spring.naturalFrequency
        let envelopeBound = -log(0.001 * (1 - spring.dampingRatio * spring.dampingRatio).squareRoot()) / lambda
        let halfPeriod = Double.pi / spring.naturalFrequency
        #expect(settling.isFinite)
        #expect(settling <= envelopeBound * (1 + 1e-12) + halfPeriod && settling >= envelopeBound - 2 * halfPeriod,
                "settling \(settling), envelope \(envelopeBound)")
    }
}
