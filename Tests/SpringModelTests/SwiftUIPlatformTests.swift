import SpringModel
import Testing

/// SwiftUI's own numbers. The oracle is an independent port of
/// ktiays/Respring (`Sources/Respring/`, commit
/// 7e5c49cef123df61d46573b5d107e544da347e89; its tests compare it bit for bit
/// with SwiftUI on iOS 17 / macOS 14) written in Python for these tests, run
/// with glibc's libm: values agree to a few ulps (`exp`, `log`, `sin` and
/// `cos` are each within an ulp, and each figure goes through a handful).
@Suite("SwiftUI's Spring: its own settling estimate, settling initializer and getters")
struct SwiftUIPlatformTests {
    static func close(_ a: Double, _ b: Double, ulps: Double = 16) -> Bool {
        a == b || abs(a - b) <= ulps * Swift.max(abs(a), abs(b)).ulp
    }

    struct Row: Sendable, CustomTestStringConvertible {
        var name: String
        var spring: SwiftUISpring
        var angularFrequency, decayConstant, stiffness, damping, duration, bounce, dampingRatio, settling: Double
        var testDescription: String { name }
    }

    /// Table from the Python port (target 1, v0 0, ε 0.001).
    static let rows: [Row] = [
        Row(
            name: ".smooth", spring: SwiftUISpring(duration: 0.5, bounce: 0),
            angularFrequency: 0, decayConstant: 12.566370614359172, stiffness: 157.91367041742973,
            damping: 25.132741228718345, duration: 0.5, bounce: 0, dampingRatio: 1, settling: 0.79999999999999993),
        Row(
            name: ".snappy", spring: SwiftUISpring(duration: 0.5, bounce: 0.15),
            angularFrequency: 6.6197464861455808, decayConstant: 10.681415022205297, stiffness: 157.91367041742973,
            damping: 21.362830044410593, duration: 0.5, bounce: 0.15000000000000002, dampingRatio: 0.84999999999999998,
            settling: 0.87682712250534756),
        Row(
            name: ".bouncy", spring: SwiftUISpring(duration: 0.5, bounce: 0.3),
            angularFrequency: 8.9741836348990063, decayConstant: 8.7964594300514207, stiffness: 157.9136704174297,
            damping: 17.592918860102841, duration: 0.50000000000000011, bounce: 0.29999999999999982,
            dampingRatio: 0.70000000000000018, settling: 1.0447130905120119),
        Row(
            name: "duration 0.3 bounce 0.5", spring: SwiftUISpring(duration: 0.3, bounce: 0.5),
            angularFrequency: 18.137993642342177, decayConstant: 10.471975511965978, stiffness: 438.64908449286031,
            damping: 20.943951023931955, duration: 0.30000000000000004, bounce: 0.49999999999999989,
            dampingRatio: 0.50000000000000011, settling: 0.89263600908580532),
        Row(
            name: "mass 1 stiffness 100 damping 10", spring: SwiftUISpring(mass: 1, stiffness: 100, damping: 10),
            angularFrequency: 8.6602540378443873, decayConstant: 5, stiffness: 100.00000000000001, damping: 10,
            duration: 0.62831853071795862, bounce: 0.5, dampingRatio: 0.5, settling: 1.7399029496420382),
        Row(
            name: "response 0.4 dampingRatio 1.5", spring: SwiftUISpring(response: 0.4, dampingRatio: 1.5),
            angularFrequency: -17.562036827601816, decayConstant: 23.561944901923447, stiffness: 863.59038509531865,
            damping: 47.123889803846893, duration: 0.40000000000000008, bounce: -0.33333333333333348,
            dampingRatio: 1.5000000000000002, settling: 1.2),
        Row(
            name: "k 100 c 30 allowOverDamping",
            spring: SwiftUISpring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true),
            angularFrequency: -11.180339887498949, decayConstant: 15, stiffness: 350, damping: 30,
            duration: 0.62831853071795862, bounce: -0.33333333333333337, dampingRatio: 1.5, settling: 1.9000000000000006
        ),
        Row(
            name: "k 100 c 30 clamped to critical", spring: SwiftUISpring(mass: 1, stiffness: 100, damping: 30),
            angularFrequency: 0, decayConstant: 10, stiffness: 100, damping: 20,
            duration: 0.62831853071795862, bounce: 0, dampingRatio: 1, settling: 0.99999999999999989),
        Row(
            name: "duration 0.7 bounce -0.2", spring: SwiftUISpring(duration: 0.7, bounce: -0.2),
            angularFrequency: -6.7319842576924138, decayConstant: 11.21997376282069, stiffness: 171.20742328420314,
            damping: 22.439947525641379, duration: 0.69999999999999996, bounce: -0.19999999999999984,
            dampingRatio: 1.2499999999999998, settling: 1.7000000000000004),
    ]

    @Test("stored values, getters and settlingDuration match SwiftUI's", arguments: rows)
    func getters(_ row: Row) {
        let s = row.spring
        for (name, actual, expected) in [
            ("angularFrequency", s.angularFrequency, row.angularFrequency),
            ("decayConstant", s.decayConstant, row.decayConstant),
            ("stiffness", s.stiffness, row.stiffness), ("damping", s.damping, row.damping),
            ("duration", s.duration, row.duration), ("bounce", s.bounce, row.bounce),
            ("dampingRatio", s.dampingRatio, row.dampingRatio), ("settlingDuration", s.settlingDuration, row.settling),
        ] {
            #expect(Self.close(actual, expected), "\(row.name) \(name): \(actual), SwiftUI \(expected)")
        }
    }

    @Test(
        "the settling estimate is not the exact settling time: .bouncy 1.0447 s against 0.8187 s, .smooth 0.8 against 0.7348"
    )
    func estimateAgainstExact() {
        #expect(Self.close(Spring.bouncy.swiftUISettlingDuration, 1.0447130905120119))
        #expect(Self.close(Spring.smooth.swiftUISettlingDuration, 0.79999999999999993))
        #expect(abs(Spring.bouncy.exactSettlingDuration - 0.8187) < 5e-5)
        #expect(abs(Spring.smooth.exactSettlingDuration - 0.7348) < 5e-5)
    }

    struct SettlingRow: Sendable, CustomTestStringConvertible {
        var duration, zeta, stiffness, damping, ownEstimate: Double
        var testDescription: String { "T \(duration) ζ \(zeta)" }
    }

    /// `Spring(settlingDuration:dampingRatio:)` from the Python port, clamped
    /// inputs included (ζ to [ulp, 1], T to [0.01, 10]).
    static let settlingRows: [SettlingRow] = [
        SettlingRow(
            duration: 1.0, zeta: 0.5, stiffness: 161.71950159118902, damping: 12.716898269278913,
            ownEstimate: 1.4002792639500965),
        SettlingRow(
            duration: 0.5, zeta: 0.8, stiffness: 323.58949158768456, damping: 28.781749398958926,
            ownEstimate: 0.66997526294494847),
        SettlingRow(
            duration: 2.0, zeta: 0.2, stiffness: 176.80544552492393, damping: 5.3187283521522168,
            ownEstimate: 3.0853407602966576),
        SettlingRow(
            duration: 0.7, zeta: 1.0, stiffness: 173.99168250431629, damping: 26.381181361289816,
            ownEstimate: 0.79999999999999993),
        SettlingRow(
            duration: 0.005, zeta: 0.5, stiffness: 1617195.0159118902, damping: 1271.6898269278913,
            ownEstimate: 0.021018146340365571),
        SettlingRow(
            duration: 20, zeta: 0.3, stiffness: 3.6748095212847089, damping: 1.1501875619491351,
            ownEstimate: 12.801512268985189),
        SettlingRow(
            duration: 1.0, zeta: 1.5, stiffness: 85.255924427114948, damping: 18.466826952902867,
            ownEstimate: 1.0999999999999999),
        SettlingRow(
            duration: 0.5, zeta: 3.0, stiffness: 341.02369770845979, damping: 36.933653905805734,
            ownEstimate: 0.59999999999999998),
        SettlingRow(
            duration: 2, zeta: 20, stiffness: 21.313978412048069, damping: 9.2334128927603079,
            ownEstimate: 2.1000000000000005),
        SettlingRow(
            duration: 11, zeta: 0.9, stiffness: 0.71924047752911358, damping: 1.5265448395623129,
            ownEstimate: 9.7932618778275806),
        SettlingRow(
            duration: 0.5, zeta: 0.3, stiffness: 1469.9238085138843, damping: 23.003751238982705,
            ownEstimate: 0.82018222711493516),
    ]

    @Test(
        "Spring(settlingDuration:dampingRatio:) builds SwiftUI's spring, not the exact-settling one",
        arguments: settlingRows)
    func settlingInitializer(_ row: SettlingRow) throws {
        let s = SwiftUISpring(settlingDuration: row.duration, dampingRatio: row.zeta)
        #expect(Self.close(s.stiffness, row.stiffness, ulps: 64), "stiffness \(s.stiffness), SwiftUI \(row.stiffness)")
        #expect(Self.close(s.damping, row.damping, ulps: 64), "damping \(s.damping), SwiftUI \(row.damping)")
        #expect(
            Self.close(s.settlingDuration, row.ownEstimate, ulps: 64),
            "estimate \(s.settlingDuration), SwiftUI \(row.ownEstimate)")
        let form = try SwiftUISettlingParameters(settlingDuration: row.duration, dampingRatio: row.zeta)
        #expect(Self.close(form.spring.stiffness, row.stiffness, ulps: 64))
        // The exact-settling form is a different spring for ζ < 1: its
        // stiffness differs by more than ten times SwiftUI's Newton tolerance
        // (a step of ε = 1e-3 rad/s moves the stiffness by under 2e-4 here).
        if row.zeta < 1, row.duration >= 0.01, row.duration <= 10 {
            let exact = try SettlingParameters(settlingDuration: row.duration, dampingRatio: row.zeta).spring
            let gap = abs(exact.stiffness / row.stiffness - 1)
            print("settling T \(row.duration) ζ \(row.zeta): exact-settling stiffness differs from SwiftUI's by \(gap)")
            #expect(gap > 1e-3, "exact-settling stiffness \(exact.stiffness) vs SwiftUI \(row.stiffness)")
        }
    }

    @Test(
        "over-damped: SwiftUI's stiffness is 2mλ² − k and its velocity adds the target; the true values are reported beside them"
    )
    func overDampedGetters() throws {
        let s = SwiftUISpring(duration: 0.7, bounce: -0.2)
        let trueSpring = try #require(s.spring)
        let omega0Squared = (2 * Double.pi / 0.7) * (2 * Double.pi / 0.7)
        #expect(Self.close(trueSpring.stiffness, omega0Squared, ulps: 8))
        #expect(Self.close(s.stiffness, 2 * s.decayConstant * s.decayConstant - omega0Squared, ulps: 8))
        #expect(s.gettersDifferFromTrueSpring)
        // SwiftUI's velocity from the port: 3.918503301573137; the derivative is 1.2 less.
        #expect(Self.close(s.velocity(target: 1.2, initialVelocity: 0.1, time: 0.2), 3.918503301573137, ulps: 64))
        let h = 1e-6
        let derivative =
            (s.value(target: 1.2, initialVelocity: 0.1, time: 0.2 + h)
                - s.value(target: 1.2, initialVelocity: 0.1, time: 0.2 - h)) / (2 * h)
        #expect(abs(s.trueVelocity(target: 1.2, initialVelocity: 0.1, time: 0.2) - derivative) < 1e-7)
        // Under-damped and critical springs have no such gap.
        #expect(!SwiftUISpring(duration: 0.5, bounce: 0.3).gettersDifferFromTrueSpring)
    }

    @Test("edges: bounce above 1 is undamped and never settles; the stored values describe the canonical spring")
    func edges() throws {
        let s = SwiftUISpring(duration: 0.5, bounce: 1.7)
        #expect(s.decayConstant == 0)
        #expect(s.settlingDuration == .infinity)
        for spring in [Spring.bouncy, Spring.smooth, try Spring(mass: 2, stiffness: 30, damping: 40)] {
            let back = try #require(SwiftUISpring(spring).spring)
            #expect(
                Self.close(back.stiffness, spring.stiffness, ulps: 8)
                    && Self.close(back.damping, spring.damping, ulps: 8))
        }
    }
}
