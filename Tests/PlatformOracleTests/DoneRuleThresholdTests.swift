import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

/// Reanimated 4 and 3, Svelte and anime.js placed exactly on their done
/// rules' thresholds, and the regime cases (exactly critical, large
/// velocities of both signs, tiny and large travels) through the ports of
/// `ReanimatedOracleTests`, `SvelteOracleTests` and `AnimeJSOracles`.
///
/// A configurable threshold is bisected on its bit pattern to the smallest
/// value with which the port is done by a chosen frame: there the compared
/// quantity (energy ratio, speed, distance, step) equals the threshold, or
/// is its next double for a strict `<`. The loop must then agree with the
/// port at that threshold and one ulp either side. anime.js's thresholds
/// are fixed, so the stiffness is bisected instead, to two adjacent doubles
/// whose durations differ. There `<` and `≤` cannot be told apart by any
/// input: `1 − y` is a multiple of 2⁻⁵³ (exact by Sterbenz for y in ½…2),
/// and the double nearest 5e-4 is not, so the two never meet.
///
/// Squaring is monotone and injective on positive normal doubles, so a rule
/// that squares both sides (`v² < θ²`) decides as `|v| < θ` does; what these
/// tests catch is a squared quantity against a plain threshold (`v² < θ`).
@Suite("Done rules at their thresholds: Reanimated, Svelte and anime.js against their ports")
struct DoneRuleThresholdTests {
    static let cases = PlatformOracleCases.regimeCases(
        count: TestDepth.scaled(quick: 6, deep: 28), seed: 29_201, undamped: false)

    /// The loop and the port at `threshold` and one ulp either side; the first mismatch, if any.
    static func compareAround(
        _ threshold: Double, _ label: String,
        _ run: (Double) -> (DisplayedMotion, (values: [Double], done: Int?))
    ) -> String? {
        for theta in PlatformOracleCases.eitherSide(threshold) {
            let (shown, oracle) = run(theta)
            if let why = PlatformOracleCases.mismatch(shown, oracle, scale: 1, relative: 0) {
                return "\(label) at threshold \(theta): \(why)"
            }
        }
        return nil
    }

    /// The threshold in `(0, high]` at which `port(θ)` is first done by the
    /// frame before its done frame at `defaultThreshold`.
    static func placed(
        defaultThreshold: Double, high: Double, _ port: (Double) -> (values: [Double], done: Int?)
    ) -> Double? {
        guard let done = port(defaultThreshold).done, done > 1 else { return nil }
        return PlatformOracleCases.boundary(low: 0x1p-1074, high: high) { theta in
            (port(theta).done ?? .max) <= done - 1
        }
    }

    @Test("the regime cases (ζ = 1 exactly, large velocities, tiny and large travels) through the ports")
    func regimeCasesAgree() throws {
        for (_, c) in Self.cases {
            let r4 = (
                ReanimatedLoop(.physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping)).run(
                    from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                Reanimated4Port(damping: c.damping, mass: c.mass, stiffness: c.stiffness, velocity: c.velocity).run(
                    from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
            let r3 = (
                Reanimated3Loop(.physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping)).run(
                    from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                Reanimated3Port(damping: c.damping, mass: c.mass, stiffness: c.stiffness, velocity: c.velocity).run(
                    from: c.from, to: c.to, refreshRate: c.refreshRate)
            )
            let tick = SvelteSpringParameters.perTick(
                try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
            let svelte = (
                SvelteLoop(stiffness: tick.stiffness, damping: tick.damping).run(
                    from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                SveltePort(stiffness: tick.stiffness, damping: tick.damping).run(
                    from: c.from, to: c.to, lastValue: c.from - c.velocity / c.refreshRate, refreshRate: c.refreshRate)
            )
            for (name, (shown, oracle)) in [("Reanimated 4", r4), ("Reanimated 3", r3), ("Svelte", svelte)] {
                if let why = PlatformOracleCases.mismatch(shown, oracle, scale: PlatformOracleCases.scale(c)) {
                    Issue.record("\(name) \(c): \(why)")
                    return
                }
            }
        }
    }

    @Test("Reanimated 4: energy/E0 exactly at energyThreshold, and one ulp either side")
    func reanimated4() throws {
        var placed = 0
        for (_, c) in Self.cases {
            func port(_ theta: Double) -> Reanimated4Port {
                Reanimated4Port(
                    damping: c.damping, mass: c.mass, stiffness: c.stiffness, energyThreshold: theta,
                    velocity: c.velocity)
            }
            guard
                let threshold = Self.placed(
                    defaultThreshold: 6e-9, high: 1e300,
                    { port($0).run(from: c.from, to: c.to, refreshRate: c.refreshRate) })
            else { continue }
            placed += 1
            if let why = Self.compareAround(
                threshold, "Reanimated 4 \(c)",
                { theta in
                    (
                        ReanimatedLoop(
                            .physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping), energyThreshold: theta
                        ).run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                        port(theta).run(from: c.from, to: c.to, refreshRate: c.refreshRate)
                    )
                })
            {
                Issue.record(Comment(rawValue: why))
                return
            }
        }
        #expect(placed > 0)
    }

    @Test("Reanimated 3: |v| exactly at restSpeedThreshold and |x| at restDisplacementThreshold, ± one ulp")
    func reanimated3() throws {
        var placed = 0
        for (_, c) in Self.cases {
            for onSpeed in [true, false] {
                func thresholds(_ theta: Double) -> (speed: Double, displacement: Double) {
                    onSpeed ? (theta, 1e300) : (1e300, theta)
                }
                func port(_ theta: Double) -> Reanimated3Port {
                    let (speed, displacement) = thresholds(theta)
                    return Reanimated3Port(
                        damping: c.damping, mass: c.mass, stiffness: c.stiffness,
                        restDisplacementThreshold: displacement, restSpeedThreshold: speed, velocity: c.velocity)
                }
                guard
                    let threshold = Self.placed(
                        defaultThreshold: onSpeed ? 2 : 0.01, high: 1e300,
                        { port($0).run(from: c.from, to: c.to, refreshRate: c.refreshRate) })
                else { continue }
                placed += 1
                if let why = Self.compareAround(
                    threshold, "Reanimated 3 \(onSpeed ? "speed" : "displacement") \(c)",
                    { theta in
                        let (speed, displacement) = thresholds(theta)
                        return (
                            Reanimated3Loop(
                                .physics(mass: c.mass, stiffness: c.stiffness, damping: c.damping),
                                restDisplacementThreshold: displacement, restSpeedThreshold: speed
                            ).run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                            port(theta).run(from: c.from, to: c.to, refreshRate: c.refreshRate)
                        )
                    })
                {
                    Issue.record(Comment(rawValue: why))
                    return
                }
            }
        }
        #expect(placed > 0)
    }

    @Test("Svelte: |d| or |T − x| exactly at precision (strict), and one ulp either side, in all three versions")
    func svelte() throws {
        var placed = 0
        for (_, c) in Self.cases {
            let tick = SvelteSpringParameters.perTick(
                try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
            for (version, implementation, clamps) in [
                (SveltePort.Version.springClass, SvelteLoop.Implementation.springClass, true),
                (.store5, .store, true), (.store3, .store, false),
            ] {
                func port(_ theta: Double) -> (values: [Double], done: Int?) {
                    SveltePort(stiffness: tick.stiffness, damping: tick.damping, precision: theta, version: version)
                        .run(
                            from: c.from, to: c.to, lastValue: c.from - c.velocity / c.refreshRate,
                            refreshRate: c.refreshRate)
                }
                guard let threshold = Self.placed(defaultThreshold: 0.01, high: 1e300, port) else { continue }
                placed += 1
                if let why = Self.compareAround(
                    threshold, "Svelte \(version) \(c)",
                    { theta in
                        (
                            SvelteLoop(
                                stiffness: tick.stiffness, damping: tick.damping, precision: theta,
                                implementation: implementation, clampsElapsedTime: clamps
                            ).run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate),
                            port(theta)
                        )
                    })
                {
                    Issue.record(Comment(rawValue: why))
                    return
                }
            }
        }
        #expect(placed > 0)
    }

    @Test("anime.js 3, 4.0 and 4.2+: stiffnesses one ulp either side of a duration's flip at the rest threshold")
    func anime() throws {
        var random = PlatformOracleCases.Generator(state: 29_202)
        var flips = 0
        for _ in 0..<TestDepth.scaled(quick: 4, deep: 30) {
            let mass = random.logUniform(0.5...5)
            let damping = random.logUniform(2...40)
            let velocity = random.uniform(-20...20)
            let low = random.logUniform(5...60)
            let upper = low * random.uniform(1.05...1.6)
            // v4.2+ (physics): settlingDuration and solverDuration.
            if let (a, b) = PlatformOracleCases.flip(
                low: low, high: upper,
                { k in AnimeV42Oracle(mass: mass, stiffness: k, damping: damping, velocity: velocity).settlingDuration }
            ) {
                flips += 1
                for k in [a.nextDown, a, b, b.nextUp] {
                    let oracle = AnimeV42Oracle(mass: mass, stiffness: k, damping: damping, velocity: velocity)
                    let spring = AnimeV42Spring(
                        try AnimeV42Parameters(mass: mass, stiffness: k, damping: damping, velocity: velocity))
                    guard
                        spring.settlingDuration == oracle.settlingDuration
                            && spring.solverDuration == oracle.solverDuration
                    else {
                        Issue.record(
                            "anime 4.2 m \(mass) k \(k) c \(damping) v \(velocity): \(spring.settlingDuration) ms, oracle \(oracle.settlingDuration) ms"
                        )
                        return
                    }
                }
            }
            // v4.0: duration and solverDuration.
            if let (a, b) = PlatformOracleCases.flip(
                low: low, high: upper,
                { k in AnimeV40Oracle(mass: mass, stiffness: k, damping: damping, velocity: velocity).duration })
            {
                flips += 1
                for k in [a.nextDown, a, b, b.nextUp] {
                    let oracle = AnimeV40Oracle(mass: mass, stiffness: k, damping: damping, velocity: velocity)
                    let spring = AnimeV4Spring(
                        try AnimeV4Parameters(mass: mass, stiffness: k, damping: damping, velocity: velocity))
                    guard spring.duration == oracle.duration && spring.solverDuration == oracle.solverDuration else {
                        Issue.record(
                            "anime 4.0 m \(mass) k \(k) c \(damping) v \(velocity): \(spring.duration) ms, oracle \(oracle.duration) ms"
                        )
                        return
                    }
                }
            }
            // v3 (clamps to 0.1…100): `solver(τ) === 1` on 16 samples; the duration.
            let v3Velocity = abs(velocity) + 0.1
            let v3Low = min(low, 60)
            if let (a, b) = PlatformOracleCases.flip(
                low: v3Low, high: min(v3Low * 1.5, 100),
                { k in AnimeV3Oracle([mass, k, damping, v3Velocity]).getDuration() })
            {
                flips += 1
                for k in [a.nextDown, a, b, b.nextUp] {
                    let want = AnimeV3Oracle([mass, k, damping, v3Velocity]).getDuration()
                    let spring = AnimeV3Spring(
                        try AnimeV3Parameters(mass: mass, stiffness: k, damping: damping, velocity: v3Velocity))
                    guard spring.duration == want else {
                        Issue.record(
                            "anime 3 m \(mass) k \(k) c \(damping) v \(v3Velocity): \(spring.duration) ms, oracle \(want) ms"
                        )
                        return
                    }
                }
            }
        }
        #expect(flips > 0)
    }
}
