import Dispatch
import ODEReference
import SpringModel
import Synchronization
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

// Closed form (SpringModel's SpringPropagator) against the reference
// integrator, and the reference integrator's own order of convergence.

extension VerificationSuite {
    /// One spring of the grid: natural frequency, damping ratio, initial state
    /// and target, and the interval.
    struct GridCase {
        var omega: Double
        var zeta: Double
        var position: Double
        var velocity: Double
        var target: Double
        var duration: Double

        var description: String {
            "ω₀=\(text(omega)) ζ=\(text(zeta)) x₀=\(text(position)) v₀=\(text(velocity)) target=\(text(target)) T=\(text(duration))"
        }
    }

    /// Under-, critically and over-damped springs, ζ = 1 ± 10⁻ᵏ, large ζ,
    /// long times, zero displacement with velocity.
    var closedFormGrid: [GridCase] {
        let omegas = thorough ? [0.5, 1, 2 * Double.pi / 0.5, 60, 300] : [1, 2 * Double.pi / 0.5, 60]
        let exponents = thorough ? Array(1...12) : [2, 5, 8]
        var zetas: [Double] = [0, 0.15, 0.7, 1, 1.5, 8, 50]
        for k in exponents {
            zetas.append(1 - pow(10, -Double(k)))
            zetas.append(1 + pow(10, -Double(k)))
        }
        if thorough { zetas += [0.01, 3, 200, 1000] }
        let starts: [(Double, Double, Double)] = [(0, 0, 1), (2, -3, -0.5), (0, 5, 0)]
        let longest = thorough ? 200.0 : 40.0
        var cases: [GridCase] = []
        for omega in omegas {
            for zeta in zetas.sorted() {
                // Large ζ with a stiff spring is a stiff ODE: an explicit pair
                // needs ~ζω₀·T steps; keep those to the softer springs.
                if zeta * omega > 4000 { continue }
                for (x0, v0, target) in starts {
                    // Long enough to settle, at most `longest` seconds and ~1000 periods
                    // (a tight-tolerance reference needs ~100 steps per period).
                    let settle = 25 / omega + 6 / (zeta * omega + 0.01) + (zeta > 1 ? 8 * zeta / omega : 0)
                    cases.append(
                        GridCase(
                            omega: omega, zeta: zeta, position: x0, velocity: v0, target: target,
                            duration: min(longest, settle, 6000 / omega)))
                }
            }
        }
        return cases.enumerated().filter { $0.offset % max(1, closedFormSampling) == 0 }.map(\.element)
    }

    func closedFormChecks() -> [VerificationCheck] {
        let recorder: @Sendable () -> CheckRecorder = {
            CheckRecorder(
                "closed-form.vs-reference", .closedForm,
                property:
                    "SpringModel's closed-form position and velocity agree with the ODE reference at every step end and inside every step (dense output)",
                toleranceSource:
                    "K·Σℓₙ (the reference's promised global error: its local estimates summed, times the flow's expansion bound K = max(ω₀, 1/ω₀)) + (n+1)·s·u·K·max‖y‖ (rounding of the reference's n steps of s stages) + 16u·max‖y‖·max(1, ω₀)·(1 + ω₀t) (the closed form's few ulps per coefficient and its phase conditioning, SpringPropagator's documented accuracy)"
            )
        }
        // Each spring's integration is independent: the grid's springs run on every
        // core, each into a recorder of its own, merged in grid order (the same worst
        // case and count as recording them one after another).
        let grid = closedFormGrid
        let parts = Mutex([CheckRecorder?](repeating: nil, count: grid.count))
        DispatchQueue.concurrentPerform(iterations: grid.count) { index in
            var part = recorder()
            closedFormCase(grid[index], into: &part)
            parts.withLock { $0[index] = part }
        }
        var merged = recorder()
        for part in parts.withLock({ $0 }) { merged.absorb(part!) }
        return [merged.finish()]
    }

    /// One spring of the grid against the reference, at four points of every step.
    func closedFormCase(_ gridCase: GridCase, into recorder: inout CheckRecorder) {
        let u = ErrorBounds.u
        let system = SpringODE(
            stiffness: gridCase.omega * gridCase.omega, damping: 2 * gridCase.zeta * gridCase.omega,
            target: gridCase.target)
        let integrator = AdaptiveIntegrator(
            referencePair, system: system,
            relativeTolerance: relativeTolerance, absoluteTolerance: absoluteTolerance)
        guard let spring = try? Spring(naturalFrequency: gridCase.omega, dampingRatio: gridCase.zeta) else {
            recorder.record(.nan, tolerance: 0, "\(gridCase.description): Spring(naturalFrequency:dampingRatio:) threw")
            return
        }
        let solution: AdaptiveSolution<Double>
        do {
            solution = try integrator.integrate(
                from: 0, to: gridCase.duration, position: gridCase.position, velocity: gridCase.velocity,
                recordingDenseOutput: true)
        } catch {
            recorder.record(.nan, tolerance: 0, "\(gridCase.description): the reference failed: \(error)")
            return
        }
        let k = system.expansionBound
        let stateBound = system.stateBound(position: gridCase.position, velocity: gridCase.velocity)
        let stages = Double(referencePair.stageCount)
        var promised = 0.0
        for (index, segment) in solution.segments.enumerated() {
            promised += solution.localErrorEstimates[index]
            let rounding = Double(index + 1) * stages * u * stateBound * k
            for fraction in [0.25, 0.5, 0.75, 1.0] {
                let last = index == solution.segments.count - 1 && fraction == 1
                let t = last ? solution.end : min(segment.start + fraction * segment.stepSize, solution.end)
                let state = segment.state(at: t)
                let x = spring.position(
                    from: gridCase.position, target: gridCase.target, initialVelocity: gridCase.velocity, time: t)
                let v = spring.velocity(
                    from: gridCase.position, target: gridCase.target, initialVelocity: gridCase.velocity, time: t)
                let error = ((state.first - x) * (state.first - x) + (state.second - v) * (state.second - v))
                    .squareRoot()
                let closedForm = 16 * u * stateBound * max(1, gridCase.omega) * (1 + gridCase.omega * t)
                let tolerance = k * promised + rounding + closedForm
                recorder.record(
                    error, tolerance: tolerance,
                    "\(gridCase.description) at t=\(text(t)): closed form (\(x), \(v)), reference (\(state.first), \(state.second))"
                )
            }
        }
    }

    /// The reference pair's order, measured: global error at t = 2 with fixed
    /// steps h, h/2, … against the closed form on three springs. (An
    /// over-damped spring is left out: its fast mode decays so quickly that the
    /// error jumps from instability to round-off within one halving, leaving no
    /// asymptotic range to measure; the grid check covers its accuracy.)
    func referenceIntegratorChecks() -> [VerificationCheck] {
        var recorder = CheckRecorder(
            "reference.order", .referenceIntegrator,
            property:
                "the reference pair (\(referencePair.name)) converges with its theoretical order \(referencePair.order) (global error at t = 2 with fixed steps h, h/2, …)",
            toleranceSource:
                "|observed − p| ≤ 0.5 (a wrong coefficient drops the order by at least one; 0.5 separates the two while allowing the pre-asymptotic term), taken between the finest two levels whose errors are above 100·u·steps·max‖y‖ and the coarser error below 1e-3·max‖y‖ (asymptotic regime; round-off moves the order by < 0.05 there; the next error term is < 2^0.3 − 1 of the leading one); a wrong coefficient drops the order by one or more"
        )
        let springs: [(omega: Double, zeta: Double, x0: Double, v0: Double, target: Double)] = [
            (2 * .pi, 0.1, 0, 0, 1), (2 * .pi, 1, 1, 3, 0), (2 * .pi, 0.5, 0.5, 2, -1),
        ]
        let coarsest = referencePair.order >= 8 ? 2 : 4
        let levels = referencePair.order >= 8 ? 9 : 10
        for spring in springs {
            let system = SpringODE(
                stiffness: spring.omega * spring.omega, damping: 2 * spring.zeta * spring.omega, target: spring.target)
            let description = "ω₀=2π ζ=\(text(spring.zeta)) x₀=\(text(spring.x0)) v₀=\(text(spring.v0))"
            guard let closed = try? Spring(naturalFrequency: spring.omega, dampingRatio: spring.zeta) else { continue }
            let exactX = closed.position(from: spring.x0, target: spring.target, initialVelocity: spring.v0, time: 2)
            let exactV = closed.velocity(from: spring.x0, target: spring.target, initialVelocity: spring.v0, time: 2)
            var errors: [(steps: Int, error: Double)] = []
            for level in 0..<levels {
                let steps = 2 * coarsest << level
                let h = 2 / Double(steps)
                let integrator = AdaptiveIntegrator(referencePair, system: system)
                guard
                    let run = try? integrator.integrate(
                        from: 0, position: spring.x0, velocity: spring.v0,
                        stepSizes: Array(repeating: h, count: steps))
                else {
                    errors.append((steps, .nan))
                    continue
                }
                let dx = run.finalState.first - exactX
                let dv = run.finalState.second - exactV
                errors.append((steps, (dx * dx + dv * dv).squareRoot()))
            }
            let bound = system.stateBound(position: spring.x0, velocity: spring.v0)
            var observed = Double.nan
            var used =
                "no two levels in the asymptotic regime above round-off; errors by steps: "
                + errors.map { "\($0.steps): \($0.error)" }.joined(separator: ", ")
            for i in stride(from: errors.count - 2, through: 0, by: -1) {
                let floor = 100 * ErrorBounds.u * Double(errors[i + 1].steps) * bound
                // Both errors above the round-off floor, and the coarser one small
                // enough (< 1e-3·max‖y‖) to be in the asymptotic regime, not the
                // unstable one of a stiff spring at large steps.
                if errors[i + 1].error > floor, errors[i].error > floor, errors[i].error < 1e-3 * bound {
                    observed = log2(errors[i].error / errors[i + 1].error)
                    used =
                        "\(errors[i].steps)→\(errors[i + 1].steps) steps: errors \(errors[i].error) → \(errors[i + 1].error)"
                    break
                }
            }
            recorder.record(
                abs(observed - Double(referencePair.order)), tolerance: 0.5,
                "\(description): observed order \(text(observed)) (\(used))")
        }
        return [recorder.finish()]
    }
}
