import SpringModel
import SpringPlatforms
import Testing

/// Every published number of Guides/SpringFormulas.md, each test naming its source.
///
/// Exact values were computed from the stated formulas with 30-digit
/// arithmetic (mpmath). Tolerances: a formula of n roundings (π and the
/// decimal constants count as one each) is within n·u relative of the exact
/// value; n is stated per check. Values Apple publishes rounded ("≈ 157.9")
/// are also checked against their printed precision.
@Suite("Published values (Guides/SpringFormulas.md)")
struct PublishedValueTests {
    static let u = Double.ulpOfOne / 2

    static func close(_ x: Double, _ exact: Double, roundings n: Double) -> Bool {
        abs(x - exact) <= n * u * abs(exact)
    }

    @Test("Apple, WWDC23 'Animate with springs': duration 0.5, bounce 0.3 → mass 1, stiffness ≈ 157.9, damping ≈ 17.6")
    func appleDurationBounceExample() throws {
        let spring = try Spring(duration: 0.5, bounce: 0.3)
        #expect(spring.mass == 1)
        #expect(abs(spring.stiffness - 157.9) < 0.05)
        #expect(abs(spring.damping - 17.6) < 0.05)
        // (2π/0.5)²: 2π, ÷, square → 4 roundings; 2(1−0.3)·(2π/0.5): 0.3, 1−, 2π, ÷, ·, · → 6.
        #expect(Self.close(spring.stiffness, 157.913670417429737901351855998012, roundings: 4))
        #expect(Self.close(spring.damping, 17.5929188601028421353908029463649, roundings: 6))
    }

    @Test("Apple, WWDC23: Spring(mass: 1, stiffness: 100, damping: 10) → duration ≈ 0.63, bounce ≈ 0.5")
    func appleMassStiffnessDampingExample() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(abs(spring.duration - 0.63) < 0.005)
        #expect(abs(spring.bounce - 0.5) < 0.005)
        #expect(Self.close(spring.duration, 0.628318530717958647692528676656, roundings: 3))
        #expect(spring.bounce == 0.5)  // 10/(2·10·1) = 0.5 exactly, 1 − 0.5 exactly
    }

    @Test(
        "SwiftUI presets (Apple's Spring documentation): smooth, snappy, bouncy damping at duration 0.5",
        arguments: [
            ("smooth", SwiftUIParameters.smooth, 0.0, 25.1327412287183459077011470662347),
            ("snappy", SwiftUIParameters.snappy, 0.15, 21.3628300444105940215459750063014),
            ("bouncy", SwiftUIParameters.bouncy, 0.3, 17.5929188601028421353908029463649),
        ])
    func presets(name: String, preset: SwiftUIParameters, bounce: Double, damping: Double) {
        #expect(preset.duration == 0.5 && preset.bounce == bounce, "\(name)")
        #expect(Self.close(preset.spring.damping, damping, roundings: 6), "\(name): \(preset.spring.damping)")
        #expect(Self.close(preset.spring.stiffness, 157.913670417429737901351855998012, roundings: 4))
    }

    @Test("SwiftUI extraBounce adds to the preset's bounce (Apple's Spring documentation)")
    func extraBounce() throws {
        #expect(try SwiftUIParameters.bouncy(extraBounce: 0.1).bounce == 0.3 + 0.1)
        #expect(try SwiftUIParameters.snappy(duration: 0.4, extraBounce: -0.05).bounce == 0.15 - 0.05)
        #expect(try SwiftUIParameters.smooth(extraBounce: 0.2) == SwiftUIParameters(duration: 0.5, bounce: 0.2))
    }

    @Test("SwiftUI allowOverDamping: false clamps to critical damping (Apple's Spring documentation)")
    func allowOverDamping() throws {
        let clamped = try Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: false)
        #expect(clamped.damping == 20 && clamped.dampingRatio == 1)
        let kept = try Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        #expect(kept.damping == 30)
        #expect(try Spring(mass: 1, stiffness: 100, damping: 10, allowOverDamping: false).damping == 10)
    }

    @Test("CASpringAnimation defaults (Apple's documentation): mass 1, stiffness 100, damping 10, velocity 0")
    func coreAnimationDefaults() {
        let spring = CoreAnimationParameters.defaults.spring
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
        #expect(CoreAnimationParameters.defaults.initialVelocity == 0)
    }

    @Test(
        "Android SpringForce constants (AOSP SpringForce.java, Compose Spring.kt) → mass 1, k, c = 2ζ√k",
        arguments: [
            (AndroidSpringForce.Stiffness.high, 10_000.0), (AndroidSpringForce.Stiffness.medium, 1_500.0),
            (AndroidSpringForce.Stiffness.mediumLow, 400.0), (AndroidSpringForce.Stiffness.low, 200.0),
            (AndroidSpringForce.Stiffness.veryLow, 50.0),
        ])
    func androidStiffness(constant: Double, published: Double) throws {
        #expect(constant == published)
        let ratios: [(Double, Double)] = [
            (AndroidSpringForce.DampingRatio.highBouncy, 0.2), (AndroidSpringForce.DampingRatio.mediumBouncy, 0.5),
            (AndroidSpringForce.DampingRatio.lowBouncy, 0.75), (AndroidSpringForce.DampingRatio.noBouncy, 1),
        ]
        for (ratio, value) in ratios {
            #expect(ratio == value)
            let spring = try AndroidSpringForce(stiffness: constant, dampingRatio: ratio).spring
            #expect(spring.mass == 1 && spring.stiffness == constant)
            // 2·ζ·√k: √, ·, · → 3 roundings (2· exact).
            let exact = Double(2 * Float80(value) * Float80(published).squareRoot())
            #expect(Self.close(spring.damping, exact, roundings: 3), "k=\(constant) ζ=\(ratio)")
        }
    }

    @Test("Android defaults: SpringForce() (MEDIUM, MEDIUM_BOUNCY) and Compose spring() (Medium, NoBouncy)")
    func androidDefaults() {
        let springForce = AndroidSpringForce.springForceDefault.spring
        #expect(springForce.mass == 1 && springForce.stiffness == 1500)
        #expect(Self.close(springForce.damping, 38.7298334620741688517926539978, roundings: 3))
        let compose = AndroidSpringForce.composeDefault.spring
        #expect(compose.stiffness == 1500)
        #expect(Self.close(compose.damping, 77.4596669241483377035853079956, roundings: 3))
    }

    @Test("Motion defaults (motion.dev spring docs): stiffness 100, damping 10, mass 1")
    func motionDefaults() {
        let spring = MotionParameters.defaults.spring
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10)
    }

    @Test(
        "Motion visualDuration/bounce: SwiftUI's mapping with 1.2× duration, ζ clamped to 0.05…1 (Guides/SpringFormulas.md)"
    )
    func motionVisualDuration() throws {
        let motion = try MotionDurationParameters(visualDuration: 0.5 / 1.2, bounce: 0.3).spring
        let swiftUI = try Spring(duration: 0.5, bounce: 0.3)
        #expect(Self.close(motion.stiffness, swiftUI.stiffness, roundings: 8))
        #expect(Self.close(motion.damping, swiftUI.damping, roundings: 12))
        #expect(try MotionDurationParameters(visualDuration: 1, bounce: 2).dampingRatio == 0.05)
        #expect(try MotionDurationParameters(visualDuration: 1, bounce: -1).dampingRatio == 1)
    }

    @Test(
        "react-spring presets (react-spring config.ts) → mass 1, stiffness = tension, damping = friction",
        arguments: [
            ("default", 170.0, 26.0), ("gentle", 120, 14), ("wobbly", 180, 12),
            ("stiff", 210, 20), ("slow", 280, 60), ("molasses", 280, 120),
        ])
    func reactSpringPresets(name: String, tension: Double, friction: Double) throws {
        let preset = try #require(ReactSpringParameters.presets.first { $0.name == name }).parameters
        #expect(preset.spring == (try Spring(mass: 1, stiffness: tension, damping: friction)))
    }

    @Test("react-spring frequency/damping form (Guides/SpringFormulas.md): tension = (2π/f)²·m, friction = 4π·ζ·m/f")
    func reactSpringFrequency() throws {
        let params = try ReactSpringParameters(frequency: 0.5, damping: 0.7, mass: 2)
        #expect(Self.close(params.tension, 2 * 157.913670417429737901351855998012, roundings: 5))
        #expect(Self.close(params.friction, 2 * 17.5929188601028421353908029463649, roundings: 7))
    }

    @Test("Rebound default config (Rebound SpringConfig.java): Origami (40, 7) → tension 230.2, friction 22")
    func reboundDefaults() {
        let spring = OrigamiParameters.defaults.spring
        #expect(spring.mass == 1)
        // (40 − 30)·3.62 + 194: 3.62 and two roundings → 3.
        #expect(Self.close(spring.stiffness, 230.2, roundings: 3))
        #expect(spring.damping == 22)  // (7 − 8)·3 + 25 is exact
    }

    @Test("Pop defaults (POPSpringAnimation.h: bounciness 4, speed 12) via POPAnimationExtras' bouncy conversion")
    func popDefaults() {
        let pop = PopParameters.defaults
        #expect(pop.bounciness == 4 && pop.speed == 12)
        let (qcTension, qcFriction) = pop.origami
        // About 25 roundings through the normalisations and the cubic; the cubic
        // cancels by < 2×, so 64u is an honest bound.
        #expect(Self.close(qcTension, 70.9117647058823529411764705882301, roundings: 16))
        #expect(Self.close(qcFriction, 9.82899321608141717792707293762808, roundings: 64))
        let spring = pop.spring
        #expect(spring.mass == 1)
        #expect(Self.close(spring.stiffness, 342.10058823529411764705882352941, roundings: 32))
        #expect(Self.close(spring.damping, 30.4869796482442515337812188128842, roundings: 128))
    }

    /// Pop's QC friction and the spring on each piece of `POPBouncy3NoBounce`
    /// (tension ≤ 18, ≤ 44, beyond), the oracle evaluated from the algorithm of
    /// facebook/pop's POPAnimationExtras.mm in exact rational arithmetic
    /// (Python `fractions`, printed to 36 digits) — independent of the
    /// Double code under test.
    @Test(
        "Pop's no-bounce fit on each of its three pieces",
        arguments: [
            // (bounciness, speed, qcTension, qcFriction, stiffness, damping)
            (
                4.0, 1.0, 6.36764705882352941176470588235294118, 3.51329739504713326764596716429893996,
                108.450882352941176470588235294117647, 11.5398921851413998029379014928968199
            ),
            (
                10, 2, 12.2352941176470588235294117647058824, 3.36776121651687458666612201087856031,
                129.691764705882352941176470588235294, 11.1032836495506237599983660326356809
            ),
            (
                4, 4, 23.9705882352941176470588235294117647, 6.39272209326889961453864720179567379,
                172.173529411764705882352941176470588, 20.1781662798066988436159416053870214
            ),
            (
                0, 6, 35.7058823529411764705882352941176471, 9.20761609851414614288622023203745166,
                214.655294117647058823529411764705882, 28.6228482955424384286586606961123550
            ),
        ])
    func popNoBounceFit(
        bounciness: Double, speed: Double, qcTension: Double, qcFriction: Double, stiffness: Double, damping: Double
    ) throws {
        let pop = try PopParameters(bounciness: bounciness, speed: speed)
        let origami = pop.origami
        // The same rounding budget as the defaults above; the damping's
        // (f − 8)·3 + 25 cancels by at most 3× here.
        #expect(Self.close(origami.tension, qcTension, roundings: 16))
        #expect(Self.close(origami.friction, qcFriction, roundings: 64))
        #expect(Self.close(pop.spring.stiffness, stiffness, roundings: 32))
        #expect(Self.close(pop.spring.damping, damping, roundings: 256))
    }
}
