import ODEReference
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Each fixed-step scheme pinned to its own definition, not only to its order.
///
/// A semi-implicit Euler turned explicit, a Verlet whose last kick reads the
/// wrong velocity, an RK4 whose third stage starts from the wrong slope: each
/// keeps the order of accuracy of the scheme it replaces, so convergence checks
/// pass. Here the scheme's definition (the update its documentation states,
/// written out again in `Float80`, one line per formula) is stepped side by side
/// with the implementation on a damped spring driven by a time-dependent force,
/// so the time each evaluation is made at matters too. The two agree to
/// rounding (`Double` against `Float80`: a few ulps per step, bounded below by
/// `1e-12` of the motion over 300 steps); any of the neighbours above misses by
/// 1e-6 or more.
///
/// The adaptive integrator's stiffness estimate is pinned by what it is for:
/// DOP853 keeps `h·ρ ≤ 3` once it has seen the fast mode of an over-damped
/// spring, for the whole run, at every scale of the state.
@Suite("Fixed-step schemes pinned to their definitions")
struct PinnedTrajectoryTests {
    // x'' = −ω²x − 2ζωx' + F·cos(Ωt)
    static let omega = 6.0, zeta = 0.3, force = 2.0, drive = 4.5

    static func acceleration(_ t: Float80, _ x: Float80, _ v: Float80) -> Float80 {
        let w = Float80(omega)
        return -w * w * x - 2 * Float80(zeta) * w * v + Float80(force) * cosl(Float80(drive) * t)
    }

    static var system: AccelerationField<Double> {
        AccelerationField { t, x, v in -omega * omega * x - 2 * zeta * omega * v + force * cos(drive * t) }
    }

    enum Definition: String, CaseIterable, Sendable {
        case semiImplicitEuler, velocityVerlet, rungeKutta4

        /// One step of the definition in `Float80`.
        func step(_ t: Float80, _ x: Float80, _ v: Float80, _ h: Float80) -> (Float80, Float80) {
            let a = PinnedTrajectoryTests.acceleration
            switch self {
            case .semiImplicitEuler:
                // v₁ = v₀ + h·a(t₀, x₀, v₀); x₁ = x₀ + h·v₁
                let v1 = v + h * a(t, x, v)
                return (x + h * v1, v1)
            case .velocityVerlet:
                // v½ = v₀ + h/2·a₀; x₁ = x₀ + h·v½; ṽ₁ = v₀ + h·a₀; v₁ = v½ + h/2·a(t₀+h, x₁, ṽ₁)
                let a0 = a(t, x, v)
                let half = v + h / 2 * a0
                let x1 = x + h * half
                let predicted = v + h * a0
                return (x1, half + h / 2 * a(t + h, x1, predicted))
            case .rungeKutta4:
                // y' = (v, a); k1…k4 at t, t+h/2, t+h/2, t+h; weights 1/6, 1/3, 1/3, 1/6.
                let k1 = (v, a(t, x, v))
                let y2 = (x + h / 2 * k1.0, v + h / 2 * k1.1)
                let k2 = (y2.1, a(t + h / 2, y2.0, y2.1))
                let y3 = (x + h / 2 * k2.0, v + h / 2 * k2.1)
                let k3 = (y3.1, a(t + h / 2, y3.0, y3.1))
                let y4 = (x + h * k3.0, v + h * k3.1)
                let k4 = (y4.1, a(t + h, y4.0, y4.1))
                return (
                    x + h / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0),
                    v + h / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1)
                )
            }
        }

        func scheme(stepSize h: Double) -> any FixedStepScheme {
            switch self {
            case .semiImplicitEuler: SemiImplicitEuler(stepSize: h)
            case .velocityVerlet: VelocityVerlet(stepSize: h)
            case .rungeKutta4: ClassicRungeKutta4(stepSize: h)
            }
        }
    }

    @Test("each step of the trajectory equals the definition's, to rounding", arguments: Definition.allCases)
    func trajectoryMatchesDefinition(_ definition: Definition) {
        let h = 0.01, steps = 300, start = 0.25
        let (x0, v0) = (1.5, -2.0)
        let trajectory = definition.scheme(stepSize: h)
            .trajectory(Self.system, from: start, steps: steps, position: x0, velocity: v0)
        #expect(trajectory.count == steps)
        var (x, v) = (Float80(x0), Float80(v0))
        var worst: Float80 = 0
        for i in 0..<steps {
            (x, v) = definition.step(Float80(start) + Float80(i) * Float80(h), x, v, Float80(h))
            // The motion's scale: |x| ≲ 2, |v| ≲ 12.
            let error = Swift.max(
                abs(Float80(trajectory[i].first) - x) / 2, abs(Float80(trajectory[i].second) - v) / 12)
            worst = Swift.max(worst, error)
        }
        #expect(worst < 1e-12, "\(definition): worst deviation from the definition \(worst) of the motion's scale")
    }

    @Test("integrate lands on the end with a partial step made by the same definition", arguments: Definition.allCases)
    func partialStepMatchesDefinition(_ definition: Definition) throws {
        let h = 0.02, start = 0.1, end = 0.1 + 0.02 * 7 + 0.0075
        let run = try definition.scheme(stepSize: h)
            .integrate(Self.system, from: start, to: end, position: 0.5, velocity: 1)
        #expect(run.steps == 7)
        var (x, v) = (Float80(0.5), Float80(1))
        for i in 0..<7 { (x, v) = definition.step(Float80(start) + Float80(i) * Float80(h), x, v, Float80(h)) }
        let reached = start + 7 * h
        (x, v) = definition.step(Float80(reached), x, v, Float80(end - reached))
        #expect(abs(run.finalPartialStep - (end - reached)) <= 1e-15)
        #expect(
            abs(Float80(run.finalState.first) - x) < 1e-13 && abs(Float80(run.finalState.second) - v) < 1e-12,
            "\(definition): end state (\(run.finalState.first), \(run.finalState.second)), definition (\(x), \(v))")
    }

    @Test("a partial last step is judged relative to the step: at h = 1e-10 s, 3.5 steps end with a half step")
    func partialStepIsRelative() throws {
        // Time measured in units where 1e-10 is one step of a fast system.
        let fast = AccelerationField<Double> { _, x, _ in -1e20 * x }
        let run = try SemiImplicitEuler(stepSize: 1e-10).integrate(fast, from: 0, to: 3.5e-10, position: 1, velocity: 0)
        #expect(run.steps == 3)
        #expect(abs(run.finalPartialStep - 0.5e-10) <= 1e-24, "partial step \(run.finalPartialStep)")
        #expect(run.functionEvaluations == 4)
    }

    @Test("the pinned comparison tells each scheme from its near neighbours")
    func neighboursAreToldApart() {
        // The oracle would catch the textbook neighbours: each differs from the
        // definition by far more than the 1e-12 allowed above.
        let h: Float80 = 0.01
        var explicitEuler = (Float80(1.5), Float80(-2.0)), semiImplicit = explicitEuler
        var plainVerlet = explicitEuler, modifiedVerlet = explicitEuler
        for i in 0..<300 {
            let t = 0.25 + Float80(i) * h
            let a = Self.acceleration(t, explicitEuler.0, explicitEuler.1)
            explicitEuler = (explicitEuler.0 + h * explicitEuler.1, explicitEuler.1 + h * a)
            semiImplicit = Definition.semiImplicitEuler.step(t, semiImplicit.0, semiImplicit.1, h)
            // Verlet whose last kick reads v½ instead of ṽ₁.
            let a0 = Self.acceleration(t, plainVerlet.0, plainVerlet.1)
            let half = plainVerlet.1 + h / 2 * a0
            let x1 = plainVerlet.0 + h * half
            plainVerlet = (x1, half + h / 2 * Self.acceleration(t + h, x1, half))
            modifiedVerlet = Definition.velocityVerlet.step(t, modifiedVerlet.0, modifiedVerlet.1, h)
        }
        #expect(abs(explicitEuler.0 - semiImplicit.0) > 1e-6)
        #expect(abs(plainVerlet.0 - modifiedVerlet.0) > 1e-6)
    }

    // MARK: The stiffness estimate

    /// x'' = −x − 5x' (ω₀ = 1, ζ = 2.5): eigenvalues −(2.5 ± √5.25), so the
    /// spectral radius is ρ = 2.5 + √5.25 ≈ 4.79 and the slow rate ≈ 0.209.
    static var stiff: AccelerationField<Double> { AccelerationField { _, x, v in -x - 5 * v } }
    static let spectralRadius = 2.5 + 5.25.squareRoot()

    static func dop853Run(scale: Double) throws -> AdaptiveSolution<Double> {
        // A loose tolerance: accuracy alone would let the steps grow past 3/ρ.
        let integrator = AdaptiveIntegrator(
            .dormandPrince853, system: stiff, relativeTolerance: 1e-5, absoluteTolerance: 1e-7 * scale)
        return try integrator.integrate(from: 0, to: 80, position: scale, velocity: 0)
    }

    @Test("DOP853 keeps h·ρ ≤ 3 after the fast mode has died out")
    func stabilityLimitHolds() throws {
        let solution = try Self.dop853Run(scale: 1)
        let steps = solution.stepSizes
        #expect(steps.count > 20)
        // The first step is taken before any estimate exists; every later one is limited.
        let worst = steps.dropFirst().map { $0 * Self.spectralRadius }.max() ?? 0
        #expect(worst <= 3 * (1 + 1e-3), "largest h·ρ after the first step: \(worst)")
        // And the limit binds: late steps sit at it, not far below.
        let late = steps.suffix(steps.count / 2).map { $0 * Self.spectralRadius }
        #expect((late.max() ?? 0) > 2.5, "late h·ρ up to \(late.max() ?? 0)")
    }

    @Test("the stiffness estimate does not depend on the state's scale", arguments: [-40, 40])
    func estimateIsScaleFree(_ exponent: Int) throws {
        // A linear system scaled by a power of two, with atol scaled alike, must take
        // exactly the same steps: every quantity scales exactly, and the estimate's
        // round-off guard is relative to the state.
        let reference = try Self.dop853Run(scale: 1).stepSizes
        let scaled = try Self.dop853Run(scale: scalbn(1.0, exponent)).stepSizes
        #expect(scaled == reference, "2^\(exponent): \(scaled.count) steps against \(reference.count)")
    }
}
