import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// Every public initialiser and query of SpringModel, fed extreme and random
/// values: a thrown error naming one of the call's parameters, or a finite
/// answer (or the documented +∞, NaN or nil), always within bounded time —
/// never a trap, a hang or a NaN presented as a value (Guides/BadInput.md).
///
/// The inputs are a fixed list of extremes (±0, subnormals, 1e-308, 1e±308,
/// ±greatestFiniteMagnitude, NaN, ±∞, values next to 1) and values drawn from
/// `SplitMix64` with fixed seeds over the whole exponent range: a fixed number
/// of cases, so a failure reproduces and nothing shrinks for minutes.
@Suite("Robustness: extreme and random inputs")
struct RobustnessPropertyTests {
    static let extremes: [Double] = [
        0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .leastNormalMagnitude, 1e-308, 1e-200,
        1e-17, 1e-9, 0.001, 0.5, 0.9999999999999999, 1, 1.0000000000000002, 2, 20, 1e9, 1e154, 1e200,
        1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .nan, .infinity, -.infinity, -1,
    ]

    /// The extremes, then `count` values with random sign and exponent.
    static func values(seed: UInt64, count: Int) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return extremes
            + (0..<count).map { _ in
                Double(
                    sign: Bool.random(using: &rng) ? .plus : .minus,
                    exponent: Int.random(in: -1074...1023, using: &rng),
                    significand: Double.random(in: 1..<2, using: &rng))
            }
    }

    /// A hang detector, not a timing claim: every call takes microseconds to
    /// milliseconds, so half a second is a wide margin. A call over the limit
    /// runs once more and fails only if it is over the limit again — a hang
    /// or a slow loop repeats, a pause of the whole process on a busy machine
    /// does not.
    static func bounded<T>(_ what: @autoclosure () -> String, _ body: () throws -> T) rethrows -> T {
        let limit = Duration.milliseconds(500)
        let clock = ContinuousClock()
        var result: T?
        let first = try clock.measure { result = try body() }
        if first >= limit {
            let second = try clock.measure { result = try body() }
            #expect(second < limit, "\(what()) took \(first), then \(second)")
        }
        return result!
    }

    /// Calls `make` within bounded time: a spring, or an error that names one
    /// of `parameters` (and says so in its message).
    static func attempt<E: Error & CustomStringConvertible>(
        _ label: String, naming parameters: Set<String>, parameter: (E) -> String,
        _ make: () throws(E) -> Spring
    ) -> Spring? {
        do {
            return try bounded(label) { try make() }
        } catch let error as E {
            // A ratio's error names both parameters ("stiffness / mass").
            let name = parameter(error)
            #expect(
                name.components(separatedBy: " / ").allSatisfy(parameters.contains),
                "\(label): the error names \(name): \(error)")
            #expect(error.description.contains(name), "\(label): \(error)")
            return nil
        } catch {
            Issue.record("\(label): unexpected \(error)")
            return nil
        }
    }

    static func attempt(
        _ label: String, naming parameters: Set<String>, _ make: () throws(SpringParameterError) -> Spring
    ) -> Spring? {
        attempt(label, naming: parameters, parameter: \.parameter, make)
    }

    /// A lower bound on the settling duration from rest (ε = 0.001) that does
    /// not use the code under test: the motion decays no faster than its
    /// slowest rate (peaks e^(−λt) under-damped, e^(−ω₀t)(1 + ω₀t) critical,
    /// at least e^(−|r₁|t) over-damped).
    static func settlingLowerBound(_ spring: Spring) -> Double {
        let zeta = spring.dampingRatio, omega = spring.naturalFrequency
        if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            return log(1000) / (zeta * omega) - .pi / omegaD
        }
        let slowRate = zeta == 1 ? omega : omega / (zeta + (zeta - 1).squareRoot() * (zeta + 1).squareRoot())
        return log(1000) / slowRate
    }

    /// Every query of a valid spring: finite where finite is promised, the
    /// documented value elsewhere, always in bounded time.
    static func checkQueries(_ spring: Spring, _ label: String, thorough: Bool = true) {
        let zeta = spring.dampingRatio
        for (name, value) in [
            ("naturalFrequency", spring.naturalFrequency), ("dampingRatio", zeta),
            ("decayRate", spring.decayRate), ("response", spring.response), ("bounce", spring.bounce),
            ("overshootPercent", spring.overshootPercent),
        ] {
            #expect(value.isFinite, "\(label).\(name) = \(value)")
        }
        // 2√(k·m) exceeds the largest Double for k·m above ~8e615: +∞ then, never NaN.
        #expect(!spring.criticalDamping.isNaN && spring.criticalDamping >= 0, "\(label)")
        #expect(
            spring.decayRate >= 0 && (zeta > 0 || spring.decayRate == 0), "\(label): decay rate \(spring.decayRate)")
        #expect(spring.naturalFrequency > 0 && zeta >= 0, "\(label)")

        // Settling from rest: finite, or +∞ only undamped or where the duration exceeds the largest Double.
        let settling = bounded("\(label).settlingDuration") { spring.exactSettlingDuration }
        #expect(!settling.isNaN && settling >= 0, "\(label): settling \(settling)")
        if settling == .infinity {
            #expect(
                zeta == 0 || !(settlingLowerBound(spring) < .greatestFiniteMagnitude),
                "\(label): settling +∞ with a lower bound of \(settlingLowerBound(spring))")
        }
        let envelope = spring.envelopeSettlingDuration()
        #expect(
            zeta < 1 ? envelope.map { !$0.isNaN && $0 >= 0 } == true : envelope == nil,
            "\(label): envelope \(String(describing: envelope))")
        guard thorough else { return }

        for epsilon in [Double.leastNonzeroMagnitude, 1e-300, 0.5, 1, 2, 0, -1, .infinity, .nan] {
            let t = bounded("\(label).exactSettlingDuration(epsilon: \(epsilon))") {
                spring.exactSettlingDuration(epsilon: epsilon)
            }
            if epsilon.isNaN {
                #expect(t.isNaN, "\(label) ε = NaN: \(t)")
            } else if epsilon <= 0 {
                #expect(t == .infinity, "\(label) ε = \(epsilon): \(t)")
            } else if epsilon >= 1 {
                #expect(t == 0, "\(label) ε = \(epsilon): \(t)")
            } else {
                #expect(!t.isNaN && t >= 0, "\(label) ε = \(epsilon): \(t)")
            }
        }
        let states: [(Double, Double)] = [
            (1, 0), (0, 1), (-1e308, 1e308), (.greatestFiniteMagnitude, -.greatestFiniteMagnitude),
            (.leastNonzeroMagnitude, 0), (1e-300, 1e300), (1e-300, -1e300), (1, -1e300), (-1, 1),
        ]
        for (u0, v0) in states {
            let t = bounded("\(label).settlingDuration(\(u0), \(v0))") {
                spring.exactSettlingDuration(initialDisplacement: u0, initialVelocity: v0)
            }
            #expect(!t.isNaN && t >= 0, "\(label): settling from (\(u0), \(v0)) is \(t)")
            let arrival = bounded("\(label).arrivalTime(\(u0), \(v0))") {
                spring.arrivalTime(initialDisplacement: u0, initialVelocity: v0)
            }
            #expect(arrival.map { $0.isFinite && $0 >= 0 } ?? true, "\(label): arrival \(String(describing: arrival))")
            let overshoot = bounded("\(label).overshootPercent(\(u0), \(v0))") {
                spring.overshootPercent(initialDisplacement: u0, initialVelocity: v0)
            }
            #expect(
                overshoot.map { !$0.isNaN && $0 >= 0 } ?? (u0 == 0),
                "\(label): overshoot \(String(describing: overshoot))")
        }
        // The settling time depends on the state's direction only: a span of 2e308 is (−1, 1) scaled.
        let huge = spring.exactSettlingDuration(initialDisplacement: -1e308, initialVelocity: 1e308)
        let unit = spring.exactSettlingDuration(initialDisplacement: -1, initialVelocity: 1)
        #expect(huge == unit || abs(huge - unit) <= 1e-12 * unit, "\(label): \(huge) vs \(unit)")
        // Non-finite states have no direction.
        #expect(spring.exactSettlingDuration(initialDisplacement: .infinity, initialVelocity: 0).isNaN)
        #expect(spring.arrivalTime(initialDisplacement: .nan, initialVelocity: 0) == nil)

        let times: [Double] = [
            0, .leastNonzeroMagnitude, 1e-300, 0.016, 1, 1e6, 1e17, 1e300, .greatestFiniteMagnitude, .infinity,
        ]
        for t in times {
            let p = bounded("\(label).propagator(time: \(t))") { spring.propagator(time: t) }
            for (name, value) in [
                ("a", p.positionFromDisplacement), ("b", p.positionFromVelocity),
                ("c", p.velocityFromDisplacement), ("d", p.velocityFromVelocity),
            ] {
                #expect(value.isFinite, "\(label): propagator \(name) at t = \(t) is \(value)")
            }
            #expect(spring.position(from: 0.0, target: 1.0, initialVelocity: 0.5, time: t).isFinite, "\(label) x(\(t))")
            #expect(spring.velocity(from: 0.0, target: 1.0, initialVelocity: 0.5, time: t).isFinite, "\(label) v(\(t))")
            #expect(!spring.force(target: 1.0, initialVelocity: 0.5, time: t).isNaN, "\(label) force(\(t))")
            // From −1e308 to 1e308: finite unless the motion itself leaves the Double range (an overshoot past 1.8e308).
            let x = spring.position(from: -1e308, target: 1e308, time: t)
            #expect(
                spring.overshootPercent < 35 ? x.isFinite : !x.isNaN, "\(label): x(\(t)) from -1e308 to 1e308 is \(x)")
            var value = -1e308, velocity = 0.0
            spring.update(value: &value, velocity: &velocity, target: 1e308, deltaTime: t)
            #expect(!value.isNaN && !velocity.isNaN, "\(label): update by \(t) gave \(value), \(velocity)")
        }
        // Before the start: the state at 0. NaN time: NaN (no trap).
        for t in [-1.0, -1e308, -.infinity] {
            #expect(spring.propagator(time: t) == spring.propagator(time: 0), "\(label) at t = \(t)")
            #expect(spring.position(from: 2.0, target: 1.0, time: t) == 2, "\(label) at t = \(t)")
        }
        #expect(spring.propagator(time: .nan).positionFromDisplacement.isNaN)

        // Every conversion: values that are all finite, or an error saying why.
        for kind in SpringParameterizationKind.all {
            do {
                let values = try bounded("\(label) as \(kind)") { try kind.values(for: spring, epsilon: 0.001) }
                #expect(values.values.allSatisfy { $0.isFinite }, "\(label) as \(kind): \(values)")
            } catch {
                #expect(!"\(error)".isEmpty)
            }
        }
        let badEpsilon = #expect(throws: SpringParameterError.self, "\(label) in the settling form with ε = 0") {
            try SpringParameterizationKind.settling.values(for: spring, epsilon: 0)
        }
        #expect(badEpsilon?.parameter == "epsilon", "\(label): \(String(describing: badEpsilon))")
        let forms: [(String, [(name: String, value: Double)])] = [
            ("SwiftUI", SwiftUIParameters(spring).namedValues), ("response", ResponseParameters(spring).namedValues),
            ("UIKit", UIKitParameters(spring).namedValues),
            ("Core Animation", CoreAnimationParameters(spring).namedValues),
            ("Android", AndroidSpringForce(spring).namedValues), ("Motion", MotionParameters(spring).namedValues),
            ("react-spring", ReactSpringParameters(spring).namedValues),
            ("Origami", OrigamiParameters(spring).namedValues),
            (
                "react-spring frequency",
                [
                    ("frequency", ReactSpringParameters(spring).frequency),
                    ("dampingRatio", ReactSpringParameters(spring).dampingRatio),
                ]
            ),
        ]
        for (form, values) in forms {
            #expect(values.allSatisfy { $0.value.isFinite }, "\(label) as \(form): \(values)")
        }
    }

    @Test(
        "Spring(mass:stiffness:damping:): an error naming a parameter, or a spring whose every query answers",
        arguments: [UInt64(1), 2, 3])
    func physicalConstants(_ seed: UInt64) {
        let values = Self.values(seed: seed, count: 5)
        var rng = SplitMix64(seed: seed &+ 100)
        var springs = 0
        for mass in [1, 1e-300, 1e300, values.randomElement(using: &rng)!] {
            for stiffness in values {
                for damping in values where damping.isNaN || damping >= 0 || damping == -1 {
                    let label = "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
                    guard
                        let spring = Self.attempt(
                            label, naming: ["mass", "stiffness", "damping"],
                            {
                                () throws(SpringParameterError) in
                                try Spring(mass: mass, stiffness: stiffness, damping: damping)
                            })
                    else { continue }
                    // Thorough checks on a sample (they dominate the run time); the cheap ones on all.
                    Self.checkQueries(spring, label, thorough: Int.random(in: 0..<6, using: &rng) == 0)
                    springs += 1
                    let clamped = Self.attempt(
                        label + " clamped", naming: ["mass", "stiffness", "damping"],
                        {
                            () throws(SpringParameterError) in
                            try Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: false)
                        })
                    #expect(
                        clamped.map { $0.dampingRatio <= 1 } == true, "\(label) clamped: \(String(describing: clamped))"
                    )
                }
            }
        }
        #expect(springs > 50)  // the property saw valid springs, not only errors
    }

    @Test("Every parameterization's initialiser: an error naming its own parameter, or a spring whose queries answer")
    func parameterizations() {
        let values = Self.values(seed: 9, count: 8)
        var rng = SplitMix64(seed: 19)
        var springs = 0
        for a in values {
            for b in values {
                let c = values.randomElement(using: &rng)!
                let attempts: [(String, Set<String>, () throws(SpringParameterError) -> Spring)] = [
                    (
                        "Spring(naturalFrequency: \(a), dampingRatio: \(b), mass: \(c))",
                        ["naturalFrequency", "dampingRatio", "mass"],
                        { () throws(SpringParameterError) in try Spring(naturalFrequency: a, dampingRatio: b, mass: c) }
                    ),
                    (
                        "Spring(duration: \(a), bounce: \(b))", ["duration", "bounce"],
                        { () throws(SpringParameterError) in try Spring(duration: a, bounce: b) }
                    ),
                    (
                        "SwiftUIParameters.snappy(duration: \(a), extraBounce: \(b))", ["duration", "bounce"],
                        { () throws(SpringParameterError) in
                            try SwiftUIParameters.snappy(duration: a, extraBounce: b).spring
                        }
                    ),
                    (
                        "Spring(response: \(a), dampingRatio: \(b))", ["response", "dampingRatio"],
                        { () throws(SpringParameterError) in try Spring(response: a, dampingRatio: b) }
                    ),
                    (
                        "ResponseParameters(\(a), \(b), mass: \(c))", ["response", "dampingRatio", "mass"],
                        { () throws(SpringParameterError) in
                            try ResponseParameters(response: a, dampingRatio: b, mass: c).spring
                        }
                    ),
                    (
                        "SettlingParameters(\(a), \(b), epsilon: \(c))",
                        ["settlingDuration", "dampingRatio", "epsilon"],
                        { () throws(SpringParameterError) in
                            try SettlingParameters(settlingDuration: a, dampingRatio: b, epsilon: c).spring
                        }
                    ),
                    (
                        "SettlingParameters(\(a), \(b))", ["settlingDuration", "dampingRatio", "epsilon"],
                        { () throws(SpringParameterError) in
                            try SettlingParameters(settlingDuration: a, dampingRatio: b).spring
                        }
                    ),
                    (
                        "AndroidSpringForce(\(a), \(b))", ["stiffness", "dampingRatio"],
                        { () throws(SpringParameterError) in
                            try AndroidSpringForce(stiffness: a, dampingRatio: b).spring
                        }
                    ),
                    (
                        "MotionParameters(\(a), \(b), mass: \(c))", ["stiffness", "damping", "mass"],
                        { () throws(SpringParameterError) in
                            try MotionParameters(stiffness: a, damping: b, mass: c).spring
                        }
                    ),
                    (
                        "MotionDurationParameters(\(a), \(b))", ["visualDuration", "bounce"],
                        { () throws(SpringParameterError) in
                            try MotionDurationParameters(visualDuration: a, bounce: b).spring
                        }
                    ),
                    (
                        "ReactSpringParameters(tension: \(a), friction: \(b), mass: \(c))",
                        ["tension", "friction", "mass"],
                        { () throws(SpringParameterError) in
                            try ReactSpringParameters(tension: a, friction: b, mass: c).spring
                        }
                    ),
                    (
                        "ReactSpringParameters(frequency: \(a), damping: \(b), mass: \(c))",
                        ["frequency", "damping", "mass"],
                        { () throws(SpringParameterError) in
                            try ReactSpringParameters(frequency: a, damping: b, mass: c).spring
                        }
                    ),
                    (
                        "OrigamiParameters(\(a), \(b))", ["origamiTension", "origamiFriction"],
                        { () throws(SpringParameterError) in
                            try OrigamiParameters(origamiTension: a, origamiFriction: b).spring
                        }
                    ),
                    (
                        "PopParameters(\(a), \(b))", ["bounciness", "speed"],
                        { () throws(SpringParameterError) in try PopParameters(bounciness: a, speed: b).spring }
                    ),
                    (
                        "CoreAnimationParameters(\(c), \(a), \(b), initialVelocity: \(c))",
                        ["mass", "stiffness", "damping", "initialVelocity"],
                        { () throws(SpringParameterError) in
                            try CoreAnimationParameters(mass: c, stiffness: a, damping: b, initialVelocity: c).spring
                        }
                    ),
                    (
                        "UIKitParameters(\(b), \(a), mass: \(c))", ["dampingRatio", "response", "mass"],
                        { () throws(SpringParameterError) in
                            try UIKitParameters(
                                dampingRatio: b, response: a, mass: c, initialVelocity: RelativeVelocity(0.5)
                            ).spring
                        }
                    ),
                ]
                for (label, parameters, make) in attempts {
                    guard let spring = Self.attempt(label, naming: parameters, make) else { continue }
                    Self.checkQueries(spring, label, thorough: false)
                    springs += 1
                }
            }
        }
        #expect(springs > 200)
    }

    @Test(
        "The catalogue's makeSpring: an error naming the kind's own parameters, or a spring",
        arguments: SpringParameterizationKind.all)
    func catalogue(kind: SpringParameterizationKind) {
        let values = Self.values(seed: 31, count: 4)
        let names = kind.parameters.map(\.name)
        var rng = SplitMix64(seed: 41)
        for _ in 0..<300 {
            var given: [SpringParameter.Name: Double] = [:]
            for name in names where Bool.random(using: &rng) || kind.parameter(name)?.isRequired == true {
                given[name] = values.randomElement(using: &rng)!
            }
            let label = "\(kind).makeSpring(\(given))"
            _ = Self.attempt(label, naming: Set(names.map(\.rawValue)), parameter: \SpringCatalogueError.parameter) {
                () throws(SpringCatalogueError) in try kind.makeSpring(given)
            }
        }
    }

    @Test("RelativeVelocity: an error naming its parameter, or a finite velocity; a span of 2e308 does not overflow")
    func relativeVelocity() throws {
        let values = Self.values(seed: 51, count: 6)
        for a in values {
            for b in values {
                for (from, to) in [(-b, b), (a, b), (0, b)] {
                    do {
                        let relative = try Self.bounded("RelativeVelocity(absolute: \(a), from: \(from), to: \(to))") {
                            try RelativeVelocity(absolute: a, from: from, to: to)
                        }
                        #expect(relative.value.isFinite)
                    } catch let error as SpringParameterError {
                        #expect(["initialVelocity", "from", "to"].contains(error.parameter), "\(error)")
                    } catch {
                        Issue.record("\(error)")
                    }
                    do {
                        let absolute = try RelativeVelocity(a).absolute(from: from, to: to)
                        #expect(absolute.isFinite, "\(a) of \(from) → \(to) is \(absolute)")
                    } catch {
                        #expect(["relativeVelocity", "from", "to"].contains(error.parameter), "\(error)")
                    }
                }
            }
        }
        // −1e308 → 1e308 spans 2e308: a quarter of it per second is 5e307 per second.
        #expect(try RelativeVelocity(0.25).absolute(from: -1e308, to: 1e308) == 5e307)
        #expect(try RelativeVelocity(0).absolute(from: -1e308, to: 1e308) == 0)
        #expect(try RelativeVelocity(absolute: 1e308, from: -1e308, to: 1e308).value == 0.5)
        #expect(throws: SpringParameterError.self) { try RelativeVelocity(absolute: 1e308, from: 0, to: 1e-308) }
        #expect(throws: SpringParameterError.self) { try RelativeVelocity(4).absolute(from: -1e308, to: 1e308) }
    }

    // MARK: - Regressions

    /// The settling duration from rest of the ω₀ = 1 spring with a tiny ζ, in
    /// `Float80`, from the peaks alone: peaks at `θ = nπ` have heights
    /// `e^(−nπζ/√(1−ζ²))`; the last above ε is `n* = ⌈X⌉ − 1` with
    /// `X = ln(1/ε)·√(1−ζ²)/(πζ)`, and `|u| ≈ peak·cos(θ − n*π)` falls to ε a
    /// phase `arccos(ε/peak)` after it (to within ζ of a radian).
    static func peakEstimate(zeta: Double, epsilon: Double = 0.001) -> (time: Double, halfPeriod: Double) {
        let z = Float80(zeta)
        let omegaD = ((1 - z) * (1 + z)).squareRoot()
        let x = logl(1 / Float80(epsilon)) * omegaD / (Float80.pi * z)
        let last = x.rounded(.up) - 1
        let peak = expl(-last * Float80.pi * z / omegaD)
        let phase = acosl(Swift.min(1, Float80(epsilon) / peak))
        return (Double((last * Float80.pi + phase) / omegaD), Double(Float80.pi / omegaD))
    }

    @Test(
        "A damping ratio of 1.1e-16 (bounce 0.9999999999999999) settles at once, at the envelope bound within a period")
    func nearlyUndampedSettles() throws {
        let spring = try Spring(duration: 1, bounce: 0.9999999999999999)
        let settling = Self.bounded("settlingDuration") { spring.exactSettlingDuration }
        // Independent estimate: the envelope e^(−λt)/√(1−ζ²) falls to ε at most a half period after the last peak above ε.
        let zeta = spring.dampingRatio
        let lambda = zeta * spring.naturalFrequency
        let envelopeBound = -log(0.001 * ((1 - zeta) * (1 + zeta)).squareRoot()) / lambda
        let period = 2 * Double.pi / spring.naturalFrequency
        #expect(settling.isFinite && settling > 9e15)
        #expect(
            abs(settling - envelopeBound) <= period + 4 * envelopeBound.ulp,
            "settling \(settling), envelope \(envelopeBound)")
        // The same spring at unit frequency against the peaks' own count.
        let unit = try Spring(naturalFrequency: 1, dampingRatio: zeta)
        let estimate = Self.peakEstimate(zeta: unit.dampingRatio)
        #expect(abs(unit.exactSettlingDuration - estimate.time) <= estimate.halfPeriod + 4 * estimate.time.ulp)
    }

    @Test(
        "Lightly damped springs settle at the last peak above ε, within a half period, for every peak count",
        arguments: [1e-6, 1e-9, 1e-10, 1e-11, 1e-12, 3e-13, 1e-13, 1e-14, 1e-15, 1e-17, 1e-20, 1e-100, 1e-300])
    func lightlyDamped(zeta: Double) throws {
        // 1e-12…1e-14 are 2⁴¹…2⁴⁸ peaks: the peaks are too close in height to
        // tell apart by evaluating them, and counting on from the closed form
        // by evaluations once landed 16 half periods early.
        let spring = try Spring(naturalFrequency: 1, dampingRatio: zeta)
        let settling = Self.bounded("settlingDuration ζ = \(zeta)") { spring.exactSettlingDuration }
        let estimate = Self.peakEstimate(zeta: spring.dampingRatio)
        #expect(settling.isFinite)
        #expect(
            abs(settling - estimate.time) <= estimate.halfPeriod + 4 * estimate.time.ulp,
            "ζ = \(zeta): \(settling) vs \(estimate.time) (half period \(estimate.halfPeriod))")
        let bound = try #require(spring.envelopeSettlingDuration())
        #expect(settling <= bound * (1 + 4 * .ulpOfOne))
    }

    @Test(
        "stiffness 1e-308, damping 1e-308 (springbench convert): a valid spring; its settling exceeds the largest Double"
    )
    func tinyStiffnessAndDamping() throws {
        let spring = try SpringParameterizationKind.physical.makeSpring([.stiffness: 1e-308, .damping: 1e-308])
        #expect(spring == (try Spring(stiffness: 1e-308, damping: 1e-308)))
        #expect(abs(spring.naturalFrequency - 1e-154) <= 2 * (1e-154).ulp)
        #expect(abs(spring.dampingRatio - 5e-155) <= 4 * (5e-155).ulp)
        // λ = 5e-309: the motion decays by e^(−1) every 2e308 s, so ε = 0.001 takes ln(1000)/λ ≈ 1.4e309 s.
        #expect(Self.settlingLowerBound(spring) == .infinity)
        #expect(Self.bounded("settlingDuration") { spring.exactSettlingDuration } == .infinity)
        // A looser band is reached in representable time: ln(1/0.999)/λ ≈ 2.0e305 s.
        let loose = spring.exactSettlingDuration(epsilon: 0.999)
        #expect(abs(loose - log(1 / 0.999) / spring.decayRate) <= 1e-9 * loose)
        Self.checkQueries(spring, "Spring(stiffness: 1e-308, damping: 1e-308)")
        // The conversions springbench convert shows: finite values, or the reason there are none.
        #expect(throws: SpringParameterError.self) { try SettlingParameters(spring) }
        #expect(SwiftUIParameters(spring).duration.isFinite && SwiftUIParameters(spring).bounce.isFinite)
        // A damping whose ratio would be subnormal carries a few bits into λ: refused, naming damping.
        let error = #expect(throws: SpringParameterError.self) {
            try Spring(stiffness: 1, damping: .leastNonzeroMagnitude)
        }
        #expect(error?.parameter == "damping")
    }

    @Test(
        "A spring moving from -1e308 to 1e308 (a span of 2e308): finite values, the direct path's values where it has them"
    )
    func spanOf2e308() throws {
        for spring in [Spring.smooth, Spring.snappy, try Spring(response: 1000, dampingRatio: 1)] {
            let settling = spring.exactSettlingDuration
            #expect(spring.position(from: -1e308, target: 1e308, time: 0) == -1e308)
            #expect(spring.position(from: -1e308, target: 1e308, time: 100 * settling) == 1e308)
            for i in 1...20 {
                let t = settling * Double(i) / 10
                let x = spring.position(from: -1e308, target: 1e308, time: t)
                // Half the span, moved as the direct path moves it, doubled: exactly.
                let half = spring.position(from: -0.5e308, target: 0.5e308, time: t)
                #expect(x.isFinite && x == 2 * half, "t = \(t): \(x) vs 2·\(half)")
                var value = -1e308, velocity = 0.0
                spring.update(value: &value, velocity: &velocity, target: 1e308, deltaTime: t)
                #expect(value == x)
                #expect(velocity == spring.velocity(from: -1e308, target: 1e308, time: t))
                #expect(velocity == 2 * spring.velocity(from: -0.5e308, target: 0.5e308, time: t))
            }
            // Settling, arrival and overshoot of the half-span motion are the unit motion's (to rounding).
            func close(_ a: Double?, _ b: Double?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                return a == b || abs(a - b) <= 1e-13 * abs(b)
            }
            #expect(close(spring.exactSettlingDuration(initialDisplacement: -1e308, initialVelocity: 0), settling))
            #expect(close(spring.arrivalTime(initialDisplacement: -1e308), spring.arrivalTime(initialDisplacement: -1)))
            #expect(
                close(
                    spring.overshootPercent(initialDisplacement: -1e308, initialVelocity: 0),
                    spring.overshootPercent(initialDisplacement: -1, initialVelocity: 0)))
        }
        // A slow spring's velocity over the span is representable: about 2e308·ω₀/e at its largest.
        let slow = try Spring(response: 1000, dampingRatio: 1)
        for t in [1.0, 100, 1000] {
            #expect(slow.velocity(from: -1e308, target: 1e308, time: t).isFinite)
        }
        // The force of a soft spring over the span: 1e-10·2e308.
        let soft = try Spring(stiffness: 1e-10, damping: 1)
        #expect(
            soft.force(target: 1e308, position: -1e308, velocity: 0.0) == 2
                * soft.force(target: 0.5e308, position: -0.5e308, velocity: 0.0))
    }

    @Test(
        "Inputs that used to trap: ε ≤ 0 or NaN, a negative or NaN time, a non-spring propagator, a settling form with ε = 0"
    )
    func formerTraps() throws {
        let spring = Spring.bouncy
        #expect(spring.exactSettlingDuration(epsilon: 0) == .infinity)
        #expect(spring.exactSettlingDuration(epsilon: -1) == .infinity)
        #expect(spring.exactSettlingDuration(epsilon: .nan).isNaN)
        #expect(spring.exactSettlingDuration(epsilon: .infinity) == 0)
        #expect(spring.envelopeSettlingDuration(epsilon: .nan) == nil)
        #expect(spring.envelopeSettlingDuration(epsilon: 0) == .infinity)
        let error = #expect(throws: SpringParameterError.self) { try SettlingParameters(spring, epsilon: 0) }
        #expect(error?.parameter == "epsilon")
        #expect(throws: SpringParameterError.self) {
            try SpringParameterizationKind.settling.values(for: spring, epsilon: .nan)
        }
        #expect(spring.propagator(time: -1) == spring.propagator(time: 0))
        var value = 3.0, velocity = 1.0
        spring.update(value: &value, velocity: &velocity, target: 2, deltaTime: -0.5)
        #expect(value == 3 && velocity == 1)
        for (omega, zeta, time) in [
            (-1.0, 0.5, 1.0), (0, 0.5, 1), (.infinity, 0.5, 1), (1, -1, 1), (1, .nan, 1), (1, 0.5, .nan),
        ] {
            let p = SpringPropagator(naturalFrequency: omega, dampingRatio: zeta, time: time)
            #expect(
                p.positionFromDisplacement.isNaN && p.velocityFromVelocity.isNaN,
                "ω₀ = \(omega), ζ = \(zeta), t = \(time)")
        }
        #expect(spring.exactSettlingDuration(initialDisplacement: .nan, initialVelocity: 0).isNaN)
        #expect(spring.overshootPercent(initialDisplacement: .infinity, initialVelocity: 0) == nil)
    }

    @Test("Extreme ranges: tiny ε and tiny displacements against huge velocities settle where the logarithms say")
    func extremeRanges() throws {
        // Critical, ω₀ = 1, from rest: e^(−t)(1 + t) = ε, solved in Float80 by bisection.
        func criticalTime(_ logLevel: Float80, _ u0: Float80 = 1, _ v0: Float80 = 0) -> Double {
            var low: Float80 = 0, high: Float80 = 10_000
            for _ in 0..<200 {
                let middle = (low + high) / 2
                if logl(abs(u0 + (u0 + v0) * middle)) - middle > logLevel { low = middle } else { high = middle }
            }
            return Double(low)
        }
        let critical = try Spring(naturalFrequency: 1, dampingRatio: 1)
        let t1 = critical.exactSettlingDuration(epsilon: 1e-300)
        #expect(abs(t1 - criticalTime(logl(Float80(1e-300 as Double)))) <= 1e-12 * t1)
        let t2 = critical.exactSettlingDuration(epsilon: .leastNonzeroMagnitude)
        #expect(abs(t2 - criticalTime(logl(Float80(Double.leastNonzeroMagnitude)))) <= 1e-12 * t2)
        // The reference is |u₀| = 1e-300 however large the velocity: the band is 1e-303 wide.
        let t3 = critical.exactSettlingDuration(initialDisplacement: 1e-300, initialVelocity: 1e300)
        let level = logl(Float80(1e-303 as Double))
        #expect(abs(t3 - criticalTime(level - logl(Float80(1e300 as Double)), 1e-300 / 1e300, 1)) <= 1e-12 * t3)
        // An arrival below the phase's underflow is still the time it is.
        let slow = try Spring(naturalFrequency: 1e-100, dampingRatio: 0.5)
        let arrival = try #require(slow.arrivalTime(initialDisplacement: 1e-200, initialVelocity: -1))
        #expect(abs(arrival - 1e-200) <= 1e-15 * 1e-200)
        #expect(slow.arrivalTime(initialDisplacement: 1e-300, initialVelocity: -1e300) == 0)
    }

    @Test(
        "Constants whose products leave the normal range keep their precision: ζ, ω₀, λ, and c in the natural-frequency form"
    )
    func extremeProducts() throws {
        // 2m overflows for m = 1e308: λ = c/(2m) = 0.5 all the same.
        let massive = try Spring(mass: 1e308, stiffness: 1e308, damping: 1e308)
        #expect(massive.decayRate == 0.5 && massive.dampingRatio == 0.5 && massive.naturalFrequency == 1)
        #expect(
            abs(massive.exactSettlingDuration - (try Spring(mass: 1, stiffness: 1, damping: 1)).exactSettlingDuration)
                <= 1e-15)
        let k = Double.leastNormalMagnitude / 0x1p24 * 3, m = k  // subnormal: √k·√m ≈ 4e-315
        let spring = try Spring(mass: m, stiffness: k, damping: k)
        #expect(abs(spring.dampingRatio - 0.5) <= 4 * (0.5).ulp)
        let light = try Spring(mass: 1e20, stiffness: 1e-300, damping: 0)
        #expect(abs(light.naturalFrequency - 1e-160) <= 4 * (1e-160).ulp)
        // 2·m·ζ overflows in the natural-frequency form where c = 2·m·ζ·ω₀ = 2e300 does not.
        let heavy = try Spring(naturalFrequency: 1e-10, dampingRatio: 1e10, mass: 1e300)
        #expect(abs(heavy.damping - 2e300) <= 4 * (2e300).ulp && abs(heavy.dampingRatio - 1e10) <= 4 * (1e10).ulp)
    }
}
