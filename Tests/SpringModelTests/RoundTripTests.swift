import SpringModel
import Testing

/// parameterization → canonical `Spring` → parameterization.
///
/// Tolerances from counting roundings (u = 2⁻⁵³ each):
/// - scale-like parameters (durations, responses, stiffnesses, masses) go
///   through a few multiplications, divisions and square roots, each with
///   relative error ≤ u, and `√(fl(w²)) = w` exactly in binary floating point,
///   so they return within 4 ulps relative (`4u` below means 4·u·|x|);
/// - a damping ratio ζ returns within a few ulps of ζ. Bounce is `1 − ζ` or
///   `1/ζ − 1`: its error is a few ulps *of ζ* (absolute ≈ 1e-16), so its
///   relative error grows as `ζ/|bounce|` — 1e12 at bounce 1e-12. No canonical
///   form in `Double` (m, k, c) can do better: c holds `1 − bounce` to 1e-16.
///   Bounce 0 and ±1 are exact (ζ = 1 and 0 exactly; −1 is not a spring).
@Suite("Round trips through the canonical spring")
struct RoundTripTests {
    static let u = Double.ulpOfOne / 2
    static let durations: [Double] = [1e-3, 1e-2, 0.1, 0.5, 1, 3.7, 10, 100, 1e3]
    static let bounces: [Double] = [-0.999999, -0.9, -0.5, -1e-6, -1e-12, 0, 1e-12, 1e-6, 0.15, 0.3, 0.5, 0.9, 1]
    static let ratios: [Double] = [0, 1e-12, 0.1, 0.5, 1 - 1e-12, 1, 1 + 1e-12, 2, 1e3, 1e6]

    static func relative(_ x: Double, _ y: Double, ulps n: Double) -> Bool {
        abs(x - y) <= n * u * abs(y)
    }

    @Test(
        "SwiftUI duration/bounce: duration within 4 ulps, bounce within 8 ulps of max(ζ, 1/ζ); 0 and 1 exact",
        arguments: durations)
    func swiftUI(duration: Double) throws {
        for bounce in Self.bounces {
            let back = SwiftUIParameters(try SwiftUIParameters(duration: duration, bounce: bounce).spring)
            #expect(Self.relative(back.duration, duration, ulps: 4), "d=\(duration) b=\(bounce): \(back.duration)")
            let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
            let bound = 8 * Self.u * max(zeta, 1 / max(zeta, .leastNormalMagnitude), 1)
            #expect(abs(back.bounce - bounce) <= bound, "d=\(duration) b=\(bounce): \(back.bounce)")
            if bounce == 0 || bounce == 1 { #expect(back.bounce == bounce) }
            if abs(bounce) >= 0.1 { #expect(Self.relative(back.bounce, bounce, ulps: 24)) }
        }
    }

    @Test(
        "Bounce −1 and below is not a spring: an error naming bounce and its range; above 1 it is undamped, as SwiftUI clamps it"
    )
    func bounceRange() throws {
        for bounce in [-1.0, -1.5, .nan, .infinity] {
            let error = #expect(throws: SpringParameterError.self) {
                _ = try SwiftUIParameters(duration: 0.5, bounce: bounce)
            }
            #expect(
                error?.description
                    == "bounce must be a finite number greater than -1 (above 1 SwiftUI makes the spring undamped), got \(bounce)"
            )
        }
        for bounce in [1.0000001, 1.5, 40] {
            #expect(try SwiftUIParameters(duration: 0.5, bounce: bounce).spring.damping == 0)
            #expect(SwiftUISpring(duration: 0.5, bounce: bounce).decayConstant == 0)
        }
    }

    @Test("Response/damping ratio/mass: response 4 ulps, ζ 4 ulps, mass exact", arguments: durations)
    func response(response: Double) throws {
        for zeta in Self.ratios {
            for mass in [0.1, 1, 7] {
                let back = ResponseParameters(
                    try ResponseParameters(response: response, dampingRatio: zeta, mass: mass).spring)
                #expect(Self.relative(back.response, response, ulps: 4), "R=\(response) ζ=\(zeta) m=\(mass)")
                #expect(
                    Self.relative(back.dampingRatio, zeta, ulps: 4),
                    "R=\(response) ζ=\(zeta) m=\(mass): \(back.dampingRatio)")
                #expect(back.mass == mass)
            }
        }
    }

    @Test("UIKit damping ratio/response: as the response form", arguments: durations)
    func uiKit(response: Double) throws {
        for zeta in Self.ratios {
            let velocity = try RelativeVelocity(0)
            let back = UIKitParameters(
                try UIKitParameters(dampingRatio: zeta, response: response, initialVelocity: velocity).spring)
            #expect(Self.relative(back.response, response, ulps: 4))
            #expect(Self.relative(back.dampingRatio, zeta, ulps: 4))
        }
    }

    @Test(
        "Android stiffness/damping ratio: stiffness exact, ζ within 4 ulps",
        arguments: [1e-3, 0.5, 50, 200, 400, 1500, 10_000, 1e7])
    func android(stiffness: Double) throws {
        for zeta in Self.ratios {
            let back = AndroidSpringForce(try AndroidSpringForce(stiffness: stiffness, dampingRatio: zeta).spring)
            #expect(back.stiffness == stiffness)
            #expect(Self.relative(back.dampingRatio, zeta, ulps: 4), "k=\(stiffness) ζ=\(zeta)")
        }
    }

    @Test("Motion visualDuration/bounce in 0…0.95: duration 6 ulps, bounce 8 ulps of ζ", arguments: durations)
    func motion(visualDuration: Double) throws {
        for bounce in [0, 1e-12, 0.25, 0.5, 0.95] {
            let back = try MotionDurationParameters(
                try MotionDurationParameters(visualDuration: visualDuration, bounce: bounce).spring)
            #expect(Self.relative(back.visualDuration, visualDuration, ulps: 6))
            #expect(abs(back.bounce - bounce) <= 8 * Self.u)
        }
    }

    @Test("Motion cannot express ζ > 1 or ζ < 0.05: no inverse, an error saying why")
    func motionNoInverse() throws {
        for zeta in [0.0, 0.04, 1.5] {
            #expect(throws: SpringParameterError.self) {
                _ = try MotionDurationParameters(try Spring(naturalFrequency: 3, dampingRatio: zeta))
            }
        }
    }

    @Test("react-spring tension/friction/mass (identity, exact) and frequency/damping (4 ulps)")
    func reactSpring() throws {
        for (_, preset) in ReactSpringParameters.presets {
            #expect(ReactSpringParameters(preset.spring) == preset)
        }
        // react-spring raises a frequency below 0.01 to 0.01 (PlatformLoopTests).
        for frequency in Self.durations where frequency >= 0.01 {
            for zeta in Self.ratios {
                let form = try ReactSpringParameters(frequency: frequency, damping: zeta, mass: 3)
                let back = ReactSpringParameters(form.spring)
                #expect(Self.relative(back.frequency, frequency, ulps: 4))
                #expect(Self.relative(back.dampingRatio, zeta, ulps: 4))
            }
        }
    }

    @Test("Core Animation and Motion physics: identity, exact")
    func identities() throws {
        let ca = try CoreAnimationParameters(mass: 2, stiffness: 300, damping: 7)
        #expect(CoreAnimationParameters(ca.spring) == ca)
        let motion = try MotionParameters(stiffness: 300, damping: 7, mass: 2)
        #expect(MotionParameters(motion.spring) == motion)
    }

    /// Origami's linear maps round three times each way; the errors are ulps of
    /// the largest intermediate (|x|, 30, 194/3.62 ≈ 53.6 and the physical
    /// value over its slope), so the bound is absolute.
    @Test(
        "Rebound/Origami: within 8 ulps of the largest intermediate",
        arguments: [-23, -10, 0, 7, 8, 30, 40, 100, 1e4])
    func origami(value: Double) throws {
        let friction = max(value, -0.3)
        let params = try OrigamiParameters(origamiTension: value, origamiFriction: friction)
        let back = OrigamiParameters(params.spring)
        let tensionScale = abs(value) + 30 + (abs(params.spring.stiffness) + 194) / 3.62
        let frictionScale = abs(friction) + 8 + (abs(params.spring.damping) + 25) / 3
        #expect(abs(back.origamiTension - value) <= 8 * Self.u * tensionScale)
        #expect(abs(back.origamiFriction - friction) <= 8 * Self.u * frictionScale)
    }

    /// Pop: speed is linear (as Origami). Bounciness goes through
    /// `q = (nb − F)/(nb − 0.01)` and `b = q/(1 + √(1−q))`: an absolute error δ
    /// in the friction F (a few ulps of |F| + 25/3 + 8) moves bounciness by at
    /// most `42.5·δ/((nb − 0.01)·2√(1−q)) ≤ 42.5·δ/(nb − 0.01)` (b ≤ 0.47 on
    /// Pop's range, so 2√(1−q) = 2(1−b) ≥ 1), and an
    /// error in the tension moves nb by ≤ |nb'|·δT with |nb'| < 1 on Pop's range.
    @Test(
        "Pop bounciness/speed over [0, 20]²: absolute bound from the quadratic's conditioning",
        arguments: [0, 1e-12, 1, 4, 10, 20])
    func pop(bounciness: Double) throws {
        for speed in [0, 1e-12, 1, 12, 20] {
            let params = try PopParameters(bounciness: bounciness, speed: speed)
            let back = try PopParameters(params.spring)
            let (qcTension, qcFriction) = params.origami
            let deltaT = 16 * Self.u * (qcTension + 30 + (params.spring.stiffness + 194) / 3.62)
            // |nb'| < 1 on Pop's tension range 0.5…118; nb − 0.01 ≥ F − 0.01 since F ≤ nb.
            let deltaF = 16 * Self.u * (qcFriction + 8 + (params.spring.damping + 25) / 3) + 1 * deltaT
            let bound = 42.5 * deltaF / (qcFriction - 0.01) + 64 * Self.u * 20
            #expect(abs(back.bounciness - bounciness) <= bound, "b=\(bounciness) s=\(speed): \(back.bounciness)")
            #expect(abs(back.speed - speed) <= 34 / 199.5 * deltaT + 8 * Self.u * 20, "s=\(speed): \(back.speed)")
        }
    }

    @Test("Pop cannot express over-damped or very bouncy springs: no inverse there")
    func popNoInverse() throws {
        #expect(throws: SpringParameterError.self) {
            _ = try PopParameters(try Spring(naturalFrequency: 15, dampingRatio: 3))
        }
        #expect(throws: SpringParameterError.self) {
            _ = try PopParameters(try Spring(naturalFrequency: 15, dampingRatio: 0.01))
        }
    }

    /// T → ω₀ = τ(ζ)/T → T' = τ'(ζ')/ω₀': the bisection returns each crossing
    /// to one ulp; the crossing's sensitivity to the value's rounding is
    /// `κ = ε/(T·|u'(T)|)` per relative ulp of u(T), and u(T) carries ~4 ulps
    /// plus `λT` ulps from the exponential's argument.
    @Test("Settling duration/damping ratio: within (8 + 4κ(1 + λT)) ulps", arguments: [0.05, 0.5, 1, 1 + 1e-9, 3, 100])
    func settling(zeta: Double) throws {
        for duration in [1e-3, 0.3, 1, 1e3] {
            let params = try SettlingParameters(settlingDuration: duration, dampingRatio: zeta)
            let spring = params.spring
            let back = try SettlingParameters(spring)
            let slope = abs(spring.velocity(from: 1.0, target: 0, time: duration))
            let kappa = 0.001 / (duration * max(slope, .leastNormalMagnitude))
            let n = 8 + 4 * min(kappa, 1e6) * (1 + spring.decayRate * duration)
            #expect(
                Self.relative(back.settlingDuration, duration, ulps: n),
                "T=\(duration) ζ=\(zeta): \(back.settlingDuration) κ=\(kappa)")
            #expect(Self.relative(back.dampingRatio, zeta, ulps: 4))
        }
    }
}
