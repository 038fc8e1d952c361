import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Svelte's spring, ported from its own JavaScript for this test alone
/// (sveltejs/svelte `packages/svelte/src/motion/spring.js` at tag
/// svelte@5.56.10, commit 56a036f4ce873a24ee6631a06d03d372523d7a9b: `tick_spring`,
/// the `Spring` class's and the `spring` store's loop tasks; Svelte 3.59.2's
/// `src/runtime/motion/spring.ts`, commit 06553d9b0927bcd9016842abef749a226b86dd9e,
/// for the store without the elapsed-time clamp). It shares no code with `SvelteLoop`.
struct SveltePort {
    enum Version {
        /// `new Spring(value, opts)` in 5.17+ (clamped options, clamped elapsed time).
        case springClass
        /// `spring(value, opts)` in 5.17+ (clamped elapsed time).
        case store5
        /// `spring(value, opts)` in Svelte 3.59.2 (and 4, and 5.0–5.16).
        case store3
    }

    var stiffness = 0.15
    var damping = 0.8
    var precision = 0.01
    var version = Version.springClass

    /// `tick_spring` for a number; `settled` is cleared when it moves.
    func tickSpring(
        _ ctx: inout (invMass: Double, dt: Double, settled: Bool), _ lastValue: Double, _ currentValue: Double,
        _ targetValue: Double, _ opts: (stiffness: Double, damping: Double, precision: Double)
    ) -> Double {
        let delta = targetValue - currentValue
        let guarded = ctx.dt == 0 || ctx.dt.isNaN ? 1.0 / 60 : ctx.dt  // `ctx.dt || 1 / 60`
        let velocity = (currentValue - lastValue) / guarded
        let spring = opts.stiffness * delta
        let damper = opts.damping * velocity
        let acceleration = (spring - damper) * ctx.invMass
        let d = (velocity + acceleration) * ctx.dt
        if abs(d) < opts.precision && abs(delta) < opts.precision {
            return targetValue
        }
        ctx.settled = false
        return currentValue + d
    }

    /// Created at `from`, `set(to)` at timestamp 0 with the spring last at
    /// `lastValue`; frame n ticks at `n·1000/rate`. Frame 0 shows `from`.
    func run(from: Double, to: Double, lastValue: Double, refreshRate: Double) -> (values: [Double], done: Int?) {
        run(from: from, to: to, lastValue: lastValue, clock: .steady(refreshRate))
    }

    /// The same, frame n ticking at the trace's time of frame n.
    func run(from: Double, to: Double, lastValue: Double, clock: PortClock) -> (values: [Double], done: Int?) {
        func clamp(_ n: Double, _ min: Double, _ max: Double) -> Double { Swift.max(min, Swift.min(max, n)) }
        let opts =
            version == .springClass
            ? (stiffness: clamp(stiffness, 0, 1), damping: clamp(damping, 0, 1), precision: precision)
            : (stiffness: stiffness, damping: damping, precision: precision)
        if version != .springClass && stiffness >= 1 && damping >= 1 {
            return ([to], 0)  // `store.set(value = target_value)` at once
        }
        var value = from
        var last = lastValue
        var lastTime = 0.0
        var values = [from]
        for n in stride(from: 1, through: clock.limit, by: 1) {
            let now = clock.milliseconds(n)
            let elapsed = version == .store3 ? now - lastTime : Swift.min(now - lastTime, 1000 / 30)
            var ctx = (invMass: 1.0, dt: (elapsed * 60) / 1000, settled: true)
            let next = tickSpring(&ctx, last, value, to, opts)
            lastTime = now
            last = value
            value = next
            values.append(value)
            if ctx.settled { return (values, n) }
        }
        return (values, nil)
    }
}

@Suite("Svelte's Spring and spring store against a port of its own code; the 60 Hz mapping")
struct SvelteOracleTests {
    static let seeded = PlatformOracleCases.seeded(count: TestDepth.scaled(quick: 24, deep: 400), seed: 20_261_127)

    /// The per-tick values of a case's spring (the loop's own mapping,
    /// checked separately against the roots in ``mappingIsExactAt60Hz()``).
    static func perTick(_ c: PlatformOracleCases.Case) throws -> (stiffness: Double, damping: Double) {
        SvelteSpringParameters.perTick(try Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
    }

    @Test(
        "Spring class (5.17+), store (5.17+) and store (3.x–5.16): frame by frame and done frame, seeded and at thresholds"
    )
    func framesAgree() throws {
        var mismatches: [String] = []
        var count = 0
        for c in Self.seeded + PlatformOracleCases.thresholds {
            let tick = try Self.perTick(c)
            for (version, implementation, clamps) in [
                (SveltePort.Version.springClass, SvelteLoop.Implementation.springClass, true),
                (.store5, .store, true), (.store3, .store, false),
            ] {
                let loop = SvelteLoop(
                    stiffness: tick.stiffness, damping: tick.damping, implementation: implementation,
                    clampsElapsedTime: clamps)
                let shown = loop.run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
                let port = SveltePort(stiffness: tick.stiffness, damping: tick.damping, version: version)
                let oracle = port.run(
                    from: c.from, to: c.to, lastValue: c.from - c.velocity / c.refreshRate, refreshRate: c.refreshRate)
                count += 1
                if let why = PlatformOracleCases.mismatch(shown, oracle, scale: PlatformOracleCases.scale(c)) {
                    mismatches.append("\(version) \(c): \(why)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(count) runs differ: \(mismatches.prefix(4))")
    }

    @Test("the class clamps stiffness and damping to 0...1; the store sets the value at once when both are ≥ 1")
    func clamps() {
        for (k, c) in [(1.7, 0.3), (0.2, 1.4), (2.0, 2.0), (-0.1, 0.5)] {
            let shown = SvelteLoop(stiffness: k, damping: c).run(from: 0, to: 100, refreshRate: 60)
            let port = SveltePort(stiffness: k, damping: c).run(from: 0, to: 100, lastValue: 0, refreshRate: 60)
            #expect(PlatformOracleCases.mismatch(shown, port, scale: 100) == nil, "k \(k) c \(c)")
            let clamped = SvelteLoop(stiffness: Swift.max(0, Swift.min(1, k)), damping: Swift.max(0, Swift.min(1, c)))
            #expect(clamped.run(from: 0, to: 100, refreshRate: 60).values == shown.values)
        }
        let instant = SvelteLoop(stiffness: 1, damping: 1, implementation: .store).run(
            from: 0, to: 100, refreshRate: 60)
        #expect(instant.values == [100] && instant.doneFrame == 0)
    }

    /// ../shared/FORMS.md §2, re-derived: 0 → 100 with stiffness 0.1, damping 0.25.
    @Test("frame-rate dependence: k 0.1, c 0.25, 0 → 100 overshoots 23.4 % at 60 Hz, 9.6 % at 120, 6.5 % at 144")
    func frameRateDependence() throws {
        let loop = SvelteLoop(stiffness: 0.1, damping: 0.25)
        for (rate, overshoot, settle) in [(60.0, 23.4, 0.950), (120, 9.6, 0.492), (144, 6.5, 0.368)] {
            let run = loop.run(from: 0, to: 100, refreshRate: rate)
            let port = SveltePort(stiffness: 0.1, damping: 0.25).run(from: 0, to: 100, lastValue: 0, refreshRate: rate)
            #expect(PlatformOracleCases.mismatch(run, port, scale: 100) == nil)
            let peak = try #require(run.values.max())
            #expect(abs((peak - 100) - overshoot) < 0.05, "\(rate) Hz: overshoot \(peak - 100) %")
            let done = try #require(run.doneTime)
            #expect(abs(done - settle) < 1 / rate, "\(rate) Hz: done at \(done) s")
        }
    }

    @Test("elapsed time is clamped to 33.3 ms since 5.17 (12 Hz: 2 ticks per frame), not in Svelte 3")
    func elapsedClamp() throws {
        let modern = SvelteLoop().run(from: 0, to: 100, refreshRate: 12)
        let legacy = SvelteLoop(implementation: .store, clampsElapsedTime: false).run(from: 0, to: 100, refreshRate: 12)
        // dt = 2 ticks against 5: from rest the first step is (0 + k·100)·dt.
        #expect(abs(modern.values[1] - 0.15 * 100 * 2) < 1e-12 && abs(legacy.values[1] - 0.15 * 100 * 5) < 1e-12)
        #expect(abs(try #require(modern.clockDrift) - (12 / 30 - 1)) < 1e-12)
        #expect(legacy.simulatedTimes == nil)
    }

    @Test("the per-tick mapping has the spring's roots at 60 Hz: Svelte's 60 Hz frames are the spring's samples")
    func mappingIsExactAt60Hz() throws {
        var random = PlatformOracleCases.Generator(state: 7)
        for index in 0..<TestDepth.scaled(quick: 40, deep: 400) {
            let omega0 = random.logUniform(1...40)
            let zeta = index % 5 == 0 ? 1 : random.uniform(0...3)
            let spring = try Spring(naturalFrequency: omega0, dampingRatio: zeta)
            let form = try SvelteSpringParameters(spring)
            // The recurrence's roots are e^(r·h): z₁ + z₂ = 2 − c − k and z₁·z₂ = 1 − c.
            let h = 1.0 / 60
            let lambda = zeta * omega0
            let product = exp(-2 * lambda * h)
            let sum: Double =
                zeta < 1
                ? 2 * exp(-lambda * h) * cos(omega0 * (1 - zeta * zeta).squareRoot() * h)
                : zeta == 1
                    ? 2 * exp(-omega0 * h)
                    : exp((-lambda + omega0 * (zeta * zeta - 1).squareRoot()) * h)
                        + exp((-lambda - omega0 * (zeta * zeta - 1).squareRoot()) * h)
            #expect(abs((1 - form.damping) - product) <= 1e-14, "ζ \(zeta) ω₀ \(omega0)")
            #expect(abs((2 - form.damping - form.stiffness) - sum) <= 1e-14, "ζ \(zeta) ω₀ \(omega0)")
            // Back to the spring.
            #expect(abs(form.spring.naturalFrequency / omega0 - 1) <= 1e-9, "ζ \(zeta) ω₀ \(omega0)")
            #expect(abs(form.spring.dampingRatio - zeta) <= 1e-9 * Swift.max(1, zeta), "ζ \(zeta) ω₀ \(omega0)")
            // At 60 Hz the frames (before done) are the spring through x₋₁ = x₀ = 0, target 1:
            // the spring that leaves 0 at −h with the velocity v that brings it back to 0 at 0.
            let one = spring.propagator(time: h)
            let vStart = -1 * (1 - one.positionFromDisplacement) / one.positionFromVelocity
            let run = SvelteLoop(spring, precision: 1e-9).run(from: 0, to: 1, refreshRate: 60)
            let end = Swift.min(run.doneFrame ?? run.values.count, 120)
            for n in 0..<end {
                let p = spring.propagator(time: Double(n + 1) * h)
                let exact = 1 + p.positionFromDisplacement * -1 + p.positionFromVelocity * vStart
                #expect(abs(run.values[n] - exact) < 1e-11, "ζ \(zeta) ω₀ \(omega0) frame \(n)")
            }
        }
    }

    @Test("the default Spring (0.15, 0.8) has real roots 0.8 and 0.25 per tick: an over-damped spring, ζ ≈ 1.447")
    func defaults() throws {
        let spring = try SvelteSpringParameters().spring
        #expect(abs(spring.stiffness - 3600 * log(0.8) * log(0.25)) <= 1e-12 * spring.stiffness)
        #expect(abs(spring.damping + 60 * (log(0.8) + log(0.25))) <= 1e-12 * spring.damping)
        #expect(abs(spring.dampingRatio - 1.4469) < 1e-4)
        let run = SvelteLoop(spring).run(from: 0, to: 100, refreshRate: 60)
        #expect(run.values.allSatisfy { $0 <= 100 })
        let loop = SvelteLoop(spring)
        #expect(abs(loop.stiffness - 0.15) < 1e-14 && abs(loop.damping - 0.8) < 1e-14)
    }
}
