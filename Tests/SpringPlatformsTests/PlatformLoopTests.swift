import SpringModel
import SpringPlatforms
import Testing

/// The platforms' frame loops and "done" rules against values computed by
/// independent Python ports of each platform's own code (repository and
/// commit beside each table), written for these tests and run with glibc's
/// libm. Loops that use only + − × ÷ (react-spring, Rebound, Pop) agree to
/// the last bit unless the operation order differs; the others through
/// `exp`, `sin`, `cos` and `pow`, each within an ulp. 1e-12 relative covers both.
@Suite("Platform frame loops and done rules match the platforms' own code")
struct PlatformLoopTests {
    static func close(_ a: Double, _ b: Double, relative: Double = 1e-12) -> Bool {
        a == b || abs(a - b) <= relative * Swift.max(abs(a), abs(b))
    }

    static func expectFrames(
        _ run: DisplayedMotion, _ expected: [Int: Double], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (frame, value) in expected.sorted(by: { $0.key < $1.key }) {
            guard frame < run.values.count else {
                Issue.record(
                    "\(run.platform): no frame \(frame) (\(run.values.count) frames)", sourceLocation: sourceLocation)
                return
            }
            #expect(
                close(run.values[frame], value),
                "\(run.platform) frame \(frame): \(run.values[frame]), platform \(value)",
                sourceLocation: sourceLocation)
        }
    }

    // pmndrs/react-spring 3d2523de0f879e20869ab9add907540188bf6446: the port
    // reproduces the project's own "Controller can animate a number" snapshot.
    @Test("react-spring: whole-millisecond steps per frame, precision rule, done frames at 60 and 120 Hz")
    func reactSpring() {
        let standard = ReactSpringLoop(tension: 170, friction: 26)
        let at60 = standard.run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(
            at60,
            [
                1: 0.022634843307857987, 2: 0.07615528894993949, 5: 0.30850531916036833, 10: 0.65308671803178198,
                41: 0.99882676410567361, 42: 1,
            ])
        #expect(at60.doneFrame == 42)
        let at120 = standard.run(from: 0, to: 1, refreshRate: 120)
        Self.expectFrames(
            at120, [1: 0.022634843307857987, 2: 0.048076354392837688, 10: 0.36988646779201845, 78: 0.99899073788907933])
        #expect(at120.doneFrame == 79)
        // 17 steps per 16.67 ms frame, 9 per 8.33 ms: the clock runs 2 % and 8 % fast.
        // (The first frame is 17 steps at any rate; drift is read at the frame before done.)
        let drift60: Double = 17.0 * 41 / (41 * 1000.0 / 60) - 1
        let simulated120: Double = 17.0 + 9 * 77
        let drift120: Double = simulated120 / (78 * 1000.0 / 120) - 1
        #expect(Self.close(at60.clockDrift!, drift60, relative: 1e-9))
        #expect(Self.close(at120.clockDrift!, drift120, relative: 1e-9))
        let wobbly = ReactSpringLoop(tension: 180, friction: 12)
        let wobbly60 = wobbly.run(from: 0, to: 100, refreshRate: 60)
        Self.expectFrames(wobbly60, [1: 2.5737459095098938, 10: 100.58769299376517, 54: 100.17584948489437])
        #expect(wobbly60.doneFrame == 55)
        #expect(wobbly.run(from: 0, to: 100, refreshRate: 120).doneFrame == 103)
    }

    @Test("react-spring's frequency form raises frequency to 0.01 and negative damping to 0")
    func reactSpringFrequency() throws {
        let clamped = try ReactSpringParameters(frequency: 0.005, damping: 1)
        #expect(Self.close(clamped.tension, 394784.17604357435) && Self.close(clamped.friction, 1256.6370614359173))
        let undamped = try ReactSpringParameters(frequency: 1, damping: -0.5)
        #expect(Self.close(undamped.tension, 39.478417604357432) && undamped.friction == 0)
        let plain = try ReactSpringParameters(frequency: 0.3, damping: 0.7)
        #expect(Self.close(plain.tension, 438.64908449286042) && Self.close(plain.friction, 29.321531433504738))
    }

    // facebook/rebound-js 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70.
    @Test("Rebound: its third-order step, the 1 ms first frame, interpolated write-back and rest rule")
    func rebound() {
        let loop = ReboundLoop(tension: 230.2, friction: 22)
        let at60 = loop.run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(
            at60,
            [
                1: 0.00011425836769833332, 2: 0.028267898204377126, 3: 0.097861670192132794,
                6: 0.41148197266138686, 10: 0.78425739150532536,
            ])
        #expect(at60.doneFrame == 54)
        let at120 = loop.run(from: 0, to: 1, refreshRate: 120)
        Self.expectFrames(at120, [2: 0.0075373424180152542, 10: 0.33667259852298648])
        #expect(at120.doneFrame == 110)
        // 100 bare steps of 1 ms: third order, 2.2e-8 off where RK4 is 3e-10 off.
        var state = (position: 0.0, velocity: 0.0, tempPosition: 0.0)
        for _ in 0..<100 {
            state = ReboundLoop.step(
                position: state.position, velocity: state.velocity, tempPosition: state.tempPosition,
                end: 1, tension: 230.2, friction: 22)
        }
        #expect(Self.close(state.position, 0.52986513474235286) && Self.close(state.velocity, 6.3422780962294141))
        #expect(abs(state.position - 0.52986511228436152561) > 2e-8)
    }

    // facebookarchive/pop 87d1f8b74cdaa4699d7a9f6be1ff5202014c581f.
    @Test("Pop: textbook RK4 at 0.001f, write-back, and its two convergence tests")
    func pop() {
        let loop = PopLoop(tension: 342.10058823529414, friction: 30.486979648244255, threshold: 0.01)
        let run = loop.run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(
            run,
            [
                1: 0.035806164227466963, 2: 0.12629864912097721, 3: 0.24109257334542311,
                6: 0.59794687037012006, 10: 0.8902658384677381,
                // The done render writes the target; the solver had reached 1.0018959630029978.
                27: 1,
            ])
        #expect(run.doneFrame == 27)
        #expect(
            PopLoop(tension: 342.10058823529414, friction: 30.486979648244255, threshold: 1).run(
                from: 0, to: 1, refreshRate: 60
            ).doneFrame == 9)
    }

    // androidx dynamicanimation SpringForce.java fd79a569793acda1e955ddefad9b964cff70909f.
    @Test("Android SpringAnimation: binary32 re-seeding each whole-millisecond frame, 0.75 px rule")
    func android() {
        let run = AndroidSpringLoop(stiffness: 1500, dampingRatio: 0.5).run(from: 0, to: 1000, refreshRate: 60)
        Self.expectFrames(
            run, [1: 153.02397155761719, 2: 491.30908203125, 6: 1158.525390625, 20: 1000.626708984375, 21: 1000])
        #expect(run.doneFrame == 21)
        // The same frames under other thresholds (0.75·change, 46.875·change per second): at frame 20
        // |x − T| = 0.627 and |v| = 69.72, so a change of 1.5 px (1.125, 70.3) ends there and 1.2 px (0.9, 56.25) does not.
        #expect(
            AndroidSpringLoop(stiffness: 1500, dampingRatio: 0.5, minimumVisibleChange: 1.5).run(
                from: 0, to: 1000, refreshRate: 60
            ).doneFrame == 20)
        #expect(
            AndroidSpringLoop(stiffness: 1500, dampingRatio: 0.5, minimumVisibleChange: 1.2).run(
                from: 0, to: 1000, refreshRate: 60
            ).doneFrame == 21)
    }

    // androidx compose SpringEstimation.kt 1d7dc4d109e12aa0d24aba1e4a024b996849f4ef.
    @Test("Compose's duration estimate in whole milliseconds, each regime")
    func compose() {
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 1500, dampingRatio: 0.5, initialVelocity: 0, initialDisplacement: 1000, delta: 1) == 364)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 200, dampingRatio: 1, initialVelocity: 0, initialDisplacement: 1, delta: 0.01) == 469)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 50, dampingRatio: 2, initialVelocity: 0, initialDisplacement: 100, delta: 0.01) == 4900)
        #expect(ComposeSpringEstimate.durationMilliseconds(stiffness: 200, dampingRatio: 1, from: 1, to: 0) == 469)
        // Truncated, not rounded: 641.58, 311.75, 938.80 and 2859.22 ms before truncation.
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 400, dampingRatio: 0.75, initialVelocity: 0, initialDisplacement: 100, delta: 0.01) == 641)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 10000, dampingRatio: 0.2, initialVelocity: 0, initialDisplacement: 500, delta: 1) == 311)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 50, dampingRatio: 1, initialVelocity: 0, initialDisplacement: 1, delta: 0.01) == 938)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 200, dampingRatio: 3, initialVelocity: 0, initialDisplacement: 10, delta: 0.01) == 2859)
        #expect(
            ComposeSpringEstimate.estimate(
                stiffness: 1500, dampingRatio: 0.75, initialVelocity: 2, initialDisplacement: 50, delta: 0.1) == 228)
    }

    // flutter/flutter spring_simulation.dart 04fbdcfac997f9bcbef805fe785ff71971ea16d2.
    @Test("Flutter: isDone with the default 1e-3 tolerance on a 60 Hz grid")
    func flutter() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        #expect(FlutterSpring.run(spring, from: 0, to: 1, refreshRate: 60).doneFrame == 87)
    }

    // motiondivision/motion 1b037b0032578b52af94b06ff3920bfa0aaa5e36: the port
    // reproduces the project's own spring.test.ts sequences.
    @Test("Motion: closed-form frames, rest thresholds by scale, playback ending on the 50 ms grid")
    func motion() {
        // The default transition for x (restSpeed 10); next(t) at unrounded frame times.
        let x = MotionGenerator(stiffness: 500, damping: 25, origin: 0, target: 100, restSpeed: 10)
        for (n, value) in [
            (1, 6.0046239771028809), (2, 20.517070404891953), (7, 99.973678057976741), (10, 112.00270955634468),
        ] {
            #expect(Self.close(x.next(Double(n) * 1000 / 60).value, value), "frame \(n)")
        }
        let run = x.run(refreshRate: 60)
        #expect(Self.close(run.values[1], x.next(17).value))  // playback rounds to whole ms
        #expect(x.calculatedDuration == 450)
        #expect(run.doneFrame == 27)
        #expect(x.run(refreshRate: 120).doneFrame == 54)
        #expect(
            MotionGenerator(stiffness: 500, damping: 25, origin: 0, target: 1, restSpeed: 10).run(refreshRate: 60)
                .doneFrame == 27)
        let physics = MotionGenerator(stiffness: 100, damping: 10, origin: 0, target: 1)
        #expect(physics.calculatedDuration == 1100)
        #expect(physics.run(refreshRate: 60).doneFrame == 66)
        #expect(physics.run(refreshRate: 120).doneFrame == 132)
        #expect(
            MotionGenerator(stiffness: 100, damping: 10, origin: 0, target: 100).run(refreshRate: 60).doneFrame == 63)
        #expect(
            MotionGenerator(stiffness: 550, damping: 30, origin: 0, target: 1, restSpeed: 10).run(refreshRate: 60)
                .doneFrame == 18)
        #expect(
            MotionGenerator(stiffness: 550, damping: 2 * 550.0.squareRoot(), origin: 1, target: 0, restSpeed: 10).run(
                refreshRate: 60
            ).doneFrame == 21)
    }

    @Test("Motion's forms: duration-based Newton springs, visualDuration's default bounce 0.3, clamps")
    func motionForms() throws {
        for (duration, bounce, k, c) in [
            (0.8, 0.25, 137.41358694003588, 17.583531232806475), (0.3, 0.0, 947.2880491901974, 61.556089843010575),
            (1.0, 0.5, 161.71950159162779, 12.716898269296165), (2.0, 0.9, 531.34753003144999, 4.6101953539148415),
            (0.05, 0.1, 28769.891760988987, 305.31041466940547), (0.5, 0.99, 24501.948583061036, 15.653098282148822),
            (0.005, 0.25, 879446.95641622995, 1406.6824986245181), (12, 0.25, 0.87944695641622994, 1.4066824986245181),
        ] {
            let form = try MotionPhysicalDurationParameters(duration: duration, bounce: bounce)
            #expect(
                Self.close(form.spring.stiffness, k, relative: 1e-11)
                    && Self.close(form.spring.damping, c, relative: 1e-11),
                "duration \(duration) bounce \(bounce): k \(form.spring.stiffness) c \(form.spring.damping), Motion \(k) \(c)"
            )
        }
        let functionForm = try MotionDurationParameters(visualDuration: 0.5)
        #expect(functionForm.bounce == 0.3)
        #expect(
            Self.close(functionForm.spring.stiffness, 109.66227112321511)
                && Self.close(functionForm.spring.damping, 14.660765716752367))
    }

    // OpenSwiftUI FluidSpringAnimation.swift 7c4f2b07d70302142540a0ee4c03cf504b216a76.
    @Test("SwiftUI's engine: 300 Hz kick-drift-kick, running ahead of the frame, its done rule")
    func swiftUIEngine() {
        let spring = SwiftUIFluidLoop(response: 0.5, dampingFraction: 0.825)
        let at60 = spring.run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(at60, [1: 0.016330968491415673])
        #expect(at60.doneFrame == 32)
        let at120 = spring.run(from: 0, to: 1, refreshRate: 120)
        Self.expectFrames(at120, [1: 0.0051394414123665964])
        #expect(at120.doneFrame == 64)
        let interactive = SwiftUIFluidLoop(response: 0.15, dampingFraction: 0.86).run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(interactive, [1: 0.14886210962935267])
        #expect(interactive.doneFrame == 12)
        let bouncy = SwiftUIFluidLoop(response: 0.5, dampingFraction: 0.7).run(from: 0, to: 1, refreshRate: 60)
        Self.expectFrames(bouncy, [1: 0.016502823284858161])
        #expect(bouncy.doneFrame == 46)
    }

    @Test("every loop ends within its limit and rejects what it cannot run", arguments: [1.0, 24, 60, 120, 240, 1000])
    func limits(_ rate: Double) throws {
        let spring = try Spring(mass: 1, stiffness: 1e-4, damping: 0)  // never settles
        for run in PlatformLoops.all(spring, from: 0, to: 1, initialVelocity: 0, refreshRate: rate) {
            #expect(run.values.count <= Int(PlatformAnimation.maximumDuration * rate) + 2, "\(run.platform)")
        }
        #expect(throws: SpringParameterError.self) {
            try PlatformAnimation.check(from: 0, to: .nan, initialVelocity: 0, refreshRate: 60)
        }
        // A loop given a rate the check refuses shows its start alone: no trap, no hang.
        for bad in [0, -60, .nan, .infinity, 0.5, 1e6] as [Double] {
            for run in PlatformLoops.all(Spring.bouncy, from: 0, to: 1, initialVelocity: 0, refreshRate: bad) {
                #expect(
                    run.values.count <= 2 && run.doneFrame == nil || run.doneFrame == 0, "\(run.platform) at \(bad) Hz")
            }
        }
        #expect(throws: SpringParameterError.self) {
            try PlatformAnimation.check(from: 0, to: 1, initialVelocity: 0, refreshRate: 0.5)
        }
    }
}
