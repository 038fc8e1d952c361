import ODEReference
import Testing

/// A spring on the grid, with the interval it is integrated over.
struct SpringCase: Sendable, CustomTestStringConvertible {
    var oscillator: DampedOscillator
    var duration: Double
    var testDescription: String { "\(oscillator.testDescription) T=\(duration)" }

    /// Under-, critically and over-damped springs (including undamped, large
    /// damping ratios and zero displacement with velocity), soft to stiff.
    static let grid: [SpringCase] = {
        var cases: [SpringCase] = []
        for omega in [1.0, 2 * Double.pi / 0.5, 100] {
            for zeta in [0, 0.15, 0.7, 0.999, 1, 1.001, 1.5, 8] {
                for (x0, v0, target) in [(0.0, 0.0, 1.0), (2.0, -3.0, -0.5), (0.0, 5.0, 0.0)] {
                    let oscillator = DampedOscillator(
                        omega: omega, zeta: zeta, target: target, position0: x0, velocity0: v0)
                    // Ten undamped periods: long enough for the damped ones to settle
                    // (ζ = 8 keeps moving on its slow root, e^(−ω₀t/16)).
                    cases.append(SpringCase(oscillator: oscillator, duration: 10 * 2 * .pi / omega))
                }
            }
        }
        return cases
    }()
}

/// A pair with tolerances, as a test argument.
struct ToleranceCase: Sendable, CustomTestStringConvertible {
    var pair: EmbeddedRungeKuttaPair
    var relativeTolerance: Double
    var absoluteTolerance: Double
    var testDescription: String { "\(pair.name) rtol=\(relativeTolerance)" }

    static let all = [
        ToleranceCase(pair: .dormandPrince54, relativeTolerance: 1e-6, absoluteTolerance: 1e-8),
        ToleranceCase(pair: .dormandPrince54, relativeTolerance: 1e-10, absoluteTolerance: 1e-12),
        ToleranceCase(pair: .dormandPrince853, relativeTolerance: 1e-8, absoluteTolerance: 1e-10),
        ToleranceCase(pair: .dormandPrince853, relativeTolerance: 1e-12, absoluteTolerance: 1e-14),
    ]
}

/// The worst ratio of observed error to promised bound over a run, and where.
struct PromiseCheck {
    var worstRatio = 0.0
    var worstTime = 0.0
    var worstError = 0.0
    var maxError = 0.0
}

/// Evaluates `solution` against the closed form at every step end and at 7
/// points inside every step (dense output), and compares each error with
/// `K·errorBound(at:) + rounding`, where `K` is the flow's expansion bound and
/// the rounding allowance is `(steps so far + 1)·s·u·max‖y‖·K`: each step
/// rounds its `s` stage combinations once relative to ‖y‖, and those
/// perturbations propagate like local errors; the closed form's own rounding
/// (``DampedOscillator/referenceRoundingBound(at:)``) is added.
func checkPromise(_ solution: AdaptiveSolution<Double>, against spring: DampedOscillator, stages: Int) -> PromiseCheck {
    var check = PromiseCheck()
    let k = spring.expansionBound
    for (index, segment) in solution.segments.enumerated() {
        let rounding = Double(index + 1) * Double(stages) * unitRoundoff * spring.stateBound * k
        for fraction in [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 1.0] {
            let t =
                index == solution.segments.count - 1 && fraction == 1
                ? solution.end : segment.start + fraction * segment.stepSize
            let error = spring.error(of: segment.state(at: t), at: t)
            let promise =
                k * solution.errorBound(at: min(t, solution.end)) + rounding
                + spring.referenceRoundingBound(at: t)
            check.maxError = max(check.maxError, error)
            if error / promise > check.worstRatio {
                check.worstRatio = error / promise
                check.worstTime = t
                check.worstError = error
            }
        }
    }
    return check
}

@Suite("Adaptive integrators: observed error within the promised bound")
struct AdaptiveAccuracyTests {
    @Test(
        "error against the closed form ≤ K·Σ local estimates on the whole grid (step ends and dense output)",
        arguments: ToleranceCase.all)
    func errorWithinPromise(_ tolerance: ToleranceCase) throws {
        var worst = (ratio: 0.0, description: "")
        var largestError = 0.0
        for springCase in SpringCase.grid {
            let spring = springCase.oscillator
            let integrator = AdaptiveIntegrator(
                tolerance.pair, system: spring.system,
                relativeTolerance: tolerance.relativeTolerance, absoluteTolerance: tolerance.absoluteTolerance)
            let solution = try integrator.integrate(
                from: 0, to: springCase.duration, position: spring.position0, velocity: spring.velocity0,
                recordingDenseOutput: true)
            #expect(solution.end == springCase.duration)
            let check = checkPromise(solution, against: spring, stages: tolerance.pair.stageCount)
            largestError = max(largestError, check.maxError)
            if check.worstRatio > worst.ratio {
                worst = (
                    check.worstRatio,
                    "\(springCase.testDescription) t=\(check.worstTime) error=\(check.worstError) bound=\(solution.statistics.globalErrorBound) \(solution.statistics)"
                )
            }
        }
        print(
            "ODE promise \(tolerance.testDescription): worst error/bound = \(worst.ratio) at \(worst.description); largest error \(largestError)"
        )
        #expect(worst.ratio <= 1, "\(worst.description)")
    }

    @Test(
        "the statistics add up: evaluations = 2 + 6·attempts (DP5, FSAL) and 2 + 11·attempts + accepted (DOP853)",
        arguments: PairCase.all)
    func statisticsAddUp(_ pairCase: PairCase) throws {
        let spring = DampedOscillator(omega: 12, zeta: 0.2, target: 1, position0: 0, velocity0: 0)
        let integrator = AdaptiveIntegrator(
            pairCase.pair, system: spring.system, relativeTolerance: 1e-9, absoluteTolerance: 1e-11)
        let solution = try integrator.integrate(from: 0, to: 3, position: 0, velocity: 0)
        let s = solution.statistics
        let attempts = s.acceptedSteps + s.rejectedSteps
        // Initial f(y₀) and Hairer's starting-step probe: 2 evaluations.
        let expected =
            pairCase.pair.isFirstSameAsLast
            ? 2 + 6 * attempts
            : 2 + 11 * attempts + s.acceptedSteps
        #expect(s.functionEvaluations == expected, "\(s)")
        #expect(s.acceptedSteps == solution.stepSizes.count)
        #expect(abs(solution.stepSizes.reduce(0, +) - 3) <= 1e-12)
        #expect(s.globalErrorBound == solution.localErrorEstimates.reduce(0, +))
        #expect(s.largestLocalErrorEstimate <= s.globalErrorBound)
    }

    @Test("tighter tolerances never give larger errors or bounds", arguments: PairCase.all)
    func monotoneInTolerance(_ pairCase: PairCase) throws {
        let spring = DampedOscillator(omega: 2 * .pi / 0.5, zeta: 0.3, target: 1, position0: 0, velocity0: 0)
        var previous = (error: Double.infinity, bound: Double.infinity)
        for rtol in [1e-5, 1e-7, 1e-9, 1e-11] {
            let solution = try AdaptiveIntegrator(
                pairCase.pair, system: spring.system,
                relativeTolerance: rtol, absoluteTolerance: rtol / 100
            )
            .integrate(from: 0, to: 2, position: 0, velocity: 0)
            let error = spring.error(of: solution.finalState, at: 2)
            let roundoff = 100 * unitRoundoff * Double(solution.stepSizes.count) * spring.stateBound
            print(
                "ODE monotone \(pairCase.pair.name) rtol \(rtol): error \(error), bound \(solution.statistics.globalErrorBound), round-off level \(roundoff)"
            )
            // Non-increasing: when DOP853's stability limit sets the steps
            // (here it does up to rtol 1e-9), the run does not change.
            #expect(solution.statistics.globalErrorBound <= previous.bound, "rtol \(rtol)")
            // Below the round-off level the error no longer follows the tolerance.
            #expect(
                error <= previous.error || previous.error < roundoff,
                "rtol \(rtol): error \(error) after \(previous.error)")
            previous = (error, solution.statistics.globalErrorBound)
        }
    }
}
