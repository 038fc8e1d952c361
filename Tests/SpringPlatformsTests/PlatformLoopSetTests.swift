import SpringModel
import SpringPlatforms
import Testing

/// The platform loops on a larger, seeded set: 24 springs (stiffness 30–3000,
/// ζ 0.1–2.5), four motions and four refresh rates, against ports of each
/// platform's code run in Python (`Scripts/oracles/platform_table.py`, seed
/// 20261124; each port names its repository and commit). Compared: the frame
/// on which each platform declares the animation done, and the value it shows
/// on frame 5 when it is still moving there. Rebound's port animates 0 → 1.
@Suite("Platform loops on a seeded set of springs against ports of the platforms' code")
struct PlatformLoopSetTests {
    static func close(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-12 * Swift.max(abs(a), abs(b))
    }

    static let cases:
        [(
            stiffness: Double, damping: Double, dampingRatio: Double, from: Double, to: Double, rate: Double,
            reactDone: Int, reactFrame5: Double, reboundDone: Int, reboundFrame5: Double, androidDone: Int,
            androidFrame5: Double, popDone: Int, composeMilliseconds: Int64
        )] = [
            (
                50, 7.0710678118654755, 0.5, 10, 10.5, 90, 113, 10.045563974214604, 192, 0.039964514732525193, 1,
                10.001473426818848, 80, 1147
            ),
            (
                1500, 86.669621321429574, 1.1189, 0, 1, 60, 19, 0.79305187927232557, 29, 0.67367805415225812, 2,
                0.34358417987823486, 18, 212
            ),
            (
                50, 2.8284271247461903, 0.20000000000000001, 0, 1, 90, 284, 0.099284251411136851, 470,
                0.042328486779319843, 10, 0.070959754288196564, 275, 3270
            ),
            (
                50, 27.093503427943755, 1.9157999999999999, 250, -40, 240, 701, 242.50189897958614, 1047,
                0.0047406925831015266, 728, 247.56381225585938, 1480, 5199
            ),
            (
                245.51599999999999, 15.668950188190657, 0.5, 10, 10.5, 240, 160, 10.070100603648172, 251,
                0.024466973698656348, 1, 10.000961303710938, 102, 517
            ),
            (
                400, 30, 0.75, 250, -40, 240, 78, 193.95682197858824, 131, 0.037190395377774445, 92, 231.06362915039062,
                175, 712
            ),
            (
                200, 5.6568542494923806, 0.20000000000000001, 250, -40, 60, 114, 88.465922086733727, 155,
                0.35641439708722361, 102, 96.385467529296875, 228, 3639
            ),
            (
                50, 34.313063663858408, 2.4262999999999999, 10, 10.5, 90, 380, 10.028536737888453, 458,
                0.02872095027094234, 1, 10.001338005065918, 287, 2596
            ),
            (
                1452.723, 76.229207000991423, 1, 0, 1, 240, 48, 0.42317494837895625, 95, 0.10873178933481789, 7,
                0.17772203683853149, 60, 174
            ),
            (
                200, 28.284271247461902, 1, 10, 10.5, 120, 73, 10.088563195438946, 110, 0.077554122178526211, 1,
                10.002968788146973, 69, 412
            ),
            (
                50, 15.549278118292179, 1.0994999999999999, 10, 10.5, 90, 137, 10.038815622903694, 187,
                0.03580970062691273, 1, 10.001429557800293, 107, 978
            ),
            (
                1500, 77.459666924148337, 1, 0, 100, 60, 15, 84.195556318454322, 22, 0.72137558200803675, 11,
                83.069053649902344, 22, 303
            ),
            (
                200, 28.284271247461902, 1, 0, 1, 120, 73, 0.17712639087789994, 110, 0.077554122178526211, 9,
                0.11530458927154541, 75, 469
            ),
            (
                1500, 58.094750193111253, 0.75, 0, 100, 240, 40, 50.000458970517371, 97, 0.12090863624600748, 43,
                20.152515411376953, 89, 331
            ),
            (
                1500, 73.478240044247116, 0.9486, 250, -40, 60, 13, -0.89656856339082047, 17, 0.74425977737375137, 11,
                2.2672178745269775, 22, 310
            ),
            (
                200, 21.213203435596427, 0.75, 0, 1, 90, 47, 0.26770848175353057, 64, 0.13083062362456679, 6,
                0.20286132395267487, 52, 473
            ),
            (
                50, 14.142135623730951, 1, 0, 100, 60, 78, 12.397444459267525, 100, 0.079592815695448516, 60,
                11.760640144348145, 109, 1662
            ),
            (400, 40, 1, 0, 1, 90, 39, 0.37934106658910488, 60, 0.20645845823703268, 5, 0.30097073316574097, 40, 331),
            (
                200, 21.213203435596427, 0.75, 0, 1, 240, 111, 0.10815057685592502, 183, 0.019434346007742662, 16,
                0.034670371562242508, 147, 473
            ),
            (
                400, 30, 0.75, 0, 100, 90, 33, 43.689141885733925, 46, 0.22993789377896726, 31, 34.225379943847656, 61,
                641
            ),
            (
                1500, 15.491933384829668, 0.20000000000000001, 0, 1, 120, 86, 1.176108134533244, 128,
                0.58798738850927457, 3, 0.38316458463668823, 88, 597
            ),
            (
                200, 28.284271247461902, 1, 0, 1, 60, 39, 0.34252907395808257, 54, 0.2380215027731315, 5,
                0.32788226008415222, 37, 469
            ),
            (
                1909.796, 17.480485119126413, 0.20000000000000001, 250, -40, 60, 41, -171.67380589562114, 64,
                1.4951693535171955, 41, -180.11050415039062, 83, 1177
            ),
            (
                1500, 97.591434357734485, 1.2599, 250, -40, 120, 42, 95.6706921274519, 69, 0.31283928199151967, 40,
                131.35823059082031, 80, 552
            ),
        ]

    @Test("done frames and frame-5 values of react-spring, Rebound, Android and Pop; Compose's estimate")
    func doneFrames() {
        var mismatches: [String] = []
        func note(_ ok: Bool, _ what: @autoclosure () -> String) { if !ok { mismatches.append(what()) } }
        for c in Self.cases {
            let label = "k \(c.stiffness) ζ \(c.dampingRatio) \(c.from) → \(c.to) at \(c.rate) Hz"
            let react = ReactSpringLoop(tension: c.stiffness, friction: c.damping).run(
                from: c.from, to: c.to, refreshRate: c.rate)
            note(
                (react.doneFrame ?? -1) == c.reactDone,
                "\(label): react-spring done \(react.doneFrame ?? -1), port \(c.reactDone)")
            if c.reactDone == -1 || c.reactDone > 5 {
                note(Self.close(react.values[5], c.reactFrame5), "\(label): react-spring frame 5")
            }
            let rebound = ReboundLoop(tension: c.stiffness, friction: c.damping).run(
                from: 0, to: 1, refreshRate: c.rate)
            note(
                (rebound.doneFrame ?? -1) == c.reboundDone,
                "\(label): Rebound done \(rebound.doneFrame ?? -1), port \(c.reboundDone)")
            if c.reboundDone == -1 || c.reboundDone > 5 {
                note(Self.close(rebound.values[5], c.reboundFrame5), "\(label): Rebound frame 5")
            }
            let android = AndroidSpringLoop(stiffness: Float(c.stiffness), dampingRatio: Float(c.dampingRatio))
                .run(from: c.from, to: c.to, refreshRate: c.rate)
            note(
                (android.doneFrame ?? -1) == c.androidDone,
                "\(label): Android done \(android.doneFrame ?? -1), port \(c.androidDone)")
            if c.androidDone == -1 || c.androidDone > 5 {
                note(Self.close(android.values[5], c.androidFrame5), "\(label): Android frame 5")
            }
            let pop = PopLoop(tension: c.stiffness, friction: c.damping, threshold: 0.01).run(
                from: c.from, to: c.to, refreshRate: c.rate)
            note((pop.doneFrame ?? -1) == c.popDone, "\(label): Pop done \(pop.doneFrame ?? -1), port \(c.popDone)")
            let compose = ComposeSpringEstimate.estimate(
                stiffness: c.stiffness, dampingRatio: c.dampingRatio, initialVelocity: 0,
                initialDisplacement: (c.from - c.to) / 0.01, delta: 1)
            note(compose == c.composeMilliseconds, "\(label): Compose \(compose) ms, port \(c.composeMilliseconds)")
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(6))")
    }
}
