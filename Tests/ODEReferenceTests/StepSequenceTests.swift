import ODEReference
import Testing
import VectorKernels
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The adaptive integrator's *step sequence* against an independent
/// re-expression of Hairer's controllers (``HairerStepOracle``): every
/// accepted step's start and size, the rejection count, the derivative
/// evaluations and the first step, on seeded random springs (every damping
/// regime, both velocity signs, forced and unforced, any tolerance, with and
/// without a largest or a first step). Accuracy inside the bound says nothing
/// about these: a changed history term or safety factor moves every step while
/// the solution stays within tolerance, and the step counts a report prints
/// are then wrong.
///
/// Tolerance: none. The oracle performs the integrator's operations in the
/// same order (stage sums as `formLinearCombination` documents them, the same
/// norms and controller expressions), so every step size and start must be
/// equal bit for bit. A looser bound would not do: the error estimate is a
/// difference of nearly equal terms (`Σ eⱼkⱼ`, ~1e-8 of them at rtol 1e-10),
/// so a mere reordering of its sum moves steps by ~1e-8 relative. Should the
/// integrator's summation order change on purpose, the oracle's `combine`
/// changes with it.
@Suite("Adaptive integrator: step sequences equal Hairer's controllers")
struct StepSequenceTests {
    struct Case: CustomStringConvertible {
        var omega: Double
        var zeta: Double
        var forcing: Double
        var forcingFrequency: Double
        var start: Double
        var end: Double
        var position: Double
        var velocity: Double
        var rtol: Double
        var atol: Double
        var maximumStepSize: Double?
        var initialStepSize: Double?

        func acceleration(_ t: Double, _ x: Double, _ v: Double) -> Double {
            -omega * omega * (x - 1) - 2 * zeta * omega * v + forcing * sin(forcingFrequency * t)
        }

        var description: String {
            "ω \(omega) ζ \(zeta) F \(forcing)·sin(\(forcingFrequency)t) t \(start)…\(end) x \(position) v \(velocity) "
                + "rtol \(rtol) atol \(atol) hmax \(maximumStepSize.map { "\($0)" } ?? "-") "
                + "h0 \(initialStepSize.map { "\($0)" } ?? "-")"
        }
    }

    /// `count` seeded cases: ζ = 0, under-, exactly critically and
    /// over-damped in turn; velocities of both signs, zero and large; a
    /// forcing in every other case; a largest step in every third, a first
    /// step in every fifth.
    static func cases(count: Int, seed: UInt64) -> [Case] {
        var rng = SplitMix64(seed: seed)
        func logUniform(_ low: Double, _ high: Double) -> Double {
            exp(Double.random(in: log(low)...log(high), using: &rng))
        }
        return (0..<count).map { i in
            let omega = logUniform(0.5, 200)
            let zeta: Double =
                switch i % 4 {
                case 0: 0
                case 1: Double.random(in: 0.01...0.99, using: &rng)
                case 2: 1
                default: logUniform(1.01, 12)
                }
            let start = Double.random(in: -2...3, using: &rng)
            // 0.5 to 25 natural periods' worth of ω·t: tens to thousands of steps.
            let span = logUniform(0.5, 25) / omega * 2 * .pi
            let velocityScale: Double =
                switch i % 3 {
                case 0: 0
                case 1: omega
                default: -50 * omega
                }
            let rtol = logUniform(1e-11, 1e-5)
            return Case(
                omega: omega, zeta: zeta,
                forcing: i % 2 == 0 ? 0 : Double.random(in: -2...2, using: &rng) * omega * omega,
                forcingFrequency: logUniform(0.2, 3) * omega,
                start: start, end: start + span,
                position: Double.random(in: -3...3, using: &rng),
                velocity: velocityScale * Double.random(in: 0.1...1, using: &rng),
                rtol: rtol, atol: rtol * logUniform(1e-3, 1e2),
                maximumStepSize: i % 3 == 2 ? span / Double.random(in: 5...40, using: &rng) : nil,
                initialStepSize: i % 5 == 4 ? span * logUniform(1e-6, 0.5) : nil)
        }
    }

    static let pairs: [(pair: EmbeddedRungeKuttaPair, method: HairerStepOracle.Method)] = [
        (.dormandPrince54, HairerStepOracle.dopri5), (.dormandPrince853, HairerStepOracle.dop853),
    ]

    static func same(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern }

    /// The integrator's run against the oracle's; the first difference, or nil.
    static func difference(_ c: Case, pair: EmbeddedRungeKuttaPair, method: HairerStepOracle.Method) throws -> String? {
        var integrator = AdaptiveIntegrator(
            pair, system: AccelerationField<Double> { t, x, v in c.acceleration(t, x, v) },
            relativeTolerance: c.rtol, absoluteTolerance: c.atol)
        integrator.maximumStepSize = c.maximumStepSize
        integrator.initialStepSize = c.initialStepSize
        let run = try integrator.integrate(from: c.start, to: c.end, position: c.position, velocity: c.velocity)
        let oracle = HairerStepOracle.integrate(
            method, acceleration: c.acceleration, from: c.start, to: c.end, position: c.position,
            velocity: c.velocity, relativeTolerance: c.rtol, absoluteTolerance: c.atol,
            maximumStepSize: c.maximumStepSize, initialStepSize: c.initialStepSize)
        let accepted = oracle.accepted
        let statistics = run.statistics
        if run.stepSizes.count != accepted.count || statistics.acceptedSteps != accepted.count {
            return "accepted steps \(run.stepSizes.count) (statistics \(statistics.acceptedSteps)), "
                + "Hairer \(accepted.count)"
        }
        if statistics.rejectedSteps != oracle.rejections {
            return "rejected steps \(statistics.rejectedSteps), Hairer \(oracle.rejections)"
        }
        if statistics.functionEvaluations != oracle.functionEvaluations {
            return "evaluations \(statistics.functionEvaluations), Hairer \(oracle.functionEvaluations)"
        }
        for (n, step) in accepted.enumerated() {
            if !same(run.stepSizes[n], step.size) || !same(run.stepStarts[n], step.start) {
                return "step \(n): h \(run.stepSizes[n]) from \(run.stepStarts[n]), "
                    + "Hairer h \(step.size) from \(step.start)"
            }
        }
        if run.end != c.end { return "ended at \(run.end), not \(c.end)" }
        return nil
    }

    static func check(count: Int, seed: UInt64) throws {
        for c in cases(count: count, seed: seed) {
            for (pair, method) in pairs {
                if let difference = try difference(c, pair: pair, method: method) {
                    Issue.record("\(pair.name), \(c): \(difference)")
                    return  // the first mismatch is the one to read
                }
            }
        }
    }

    @Test("random springs, forced and free, every regime: the same steps, rejections and evaluations")
    func randomCases() throws {
        try Self.check(count: TestDepth.scaled(quick: 24, deep: 400), seed: 0x5EED_0029)
    }

    @Test("the cases reach every branch: rejections, a largest step, the stiffness cap, a rejected first step")
    func casesCoverTheController() throws {
        // Without this a run could agree only because it never rejects.
        var rejections = 0
        var rejectedFirst = 0
        var capped = 0
        for c in Self.cases(count: 24, seed: 0x5EED_0029) {
            for (_, method) in Self.pairs {
                let run = HairerStepOracle.integrate(
                    method, acceleration: c.acceleration, from: c.start, to: c.end, position: c.position,
                    velocity: c.velocity, relativeTolerance: c.rtol, absoluteTolerance: c.atol,
                    maximumStepSize: c.maximumStepSize, initialStepSize: c.initialStepSize)
                rejections += run.rejections
                if run.attempts.first?.accepted == false { rejectedFirst += 1 }
                if let hmax = c.maximumStepSize, run.accepted.dropLast().contains(where: { $0.size == hmax }) {
                    capped += 1
                }
            }
        }
        #expect(rejections >= 10, "\(rejections) rejections")
        #expect(rejectedFirst >= 1, "\(rejectedFirst) runs rejected their first step")
        #expect(capped >= 1, "\(capped) runs stepped at the largest step")
    }

    @Test("the first step is Hairer's HINIT: accepted at once on a gentle spring", arguments: [0, 1])
    func firstStep(_ index: Int) throws {
        let (pair, method) = Self.pairs[index]
        let c = Case(
            omega: 3, zeta: 0.3, forcing: 0, forcingFrequency: 1, start: 0, end: 4, position: 0, velocity: 2,
            rtol: 1e-8, atol: 1e-10)
        let oracle = HairerStepOracle.integrate(
            method, acceleration: c.acceleration, from: 0, to: 4, position: 0, velocity: 2,
            relativeTolerance: 1e-8, absoluteTolerance: 1e-10)
        let run = try AdaptiveIntegrator(
            pair, system: AccelerationField<Double> { t, x, v in c.acceleration(t, x, v) }, relativeTolerance: 1e-8,
            absoluteTolerance: 1e-10
        ).integrate(from: 0, to: 4, position: 0, velocity: 2)
        try #require(oracle.attempts.first?.accepted == true)
        #expect(Self.same(run.stepSizes[0], oracle.initialStepSize))
        // The first five steps, one by one (the PI history term acts from the second).
        for n in 0..<5 {
            #expect(Self.same(run.stepSizes[n], oracle.accepted[n].size), "step \(n)")
        }
        #expect(try Self.difference(c, pair: pair, method: method) == nil)
    }

    @Test("a stiff over-damped spring: DOP853's steps are capped at 3/ρ, as the oracle caps them")
    func stiffnessCap() throws {
        let c = Case(
            omega: 40, zeta: 8, forcing: 0, forcingFrequency: 1, start: 0, end: 6, position: 0, velocity: 0,
            rtol: 1e-10, atol: 1e-12)
        let oracle = HairerStepOracle.integrate(
            HairerStepOracle.dop853, acceleration: c.acceleration, from: 0, to: 6, position: 0, velocity: 0,
            relativeTolerance: 1e-10, absoluteTolerance: 1e-12)
        // Once ρ stops growing the cap 3/ρ binds and the steps repeat one size
        // (the error control alone would let them grow as the transient dies).
        let sizes = Dictionary(grouping: oracle.accepted.dropLast(), by: \.size)
        let repeated = sizes.values.map(\.count).max() ?? 0
        #expect(repeated >= 100, "\(repeated) steps of one size")
        #expect(try Self.difference(c, pair: .dormandPrince853, method: HairerStepOracle.dop853) == nil)
    }
}
