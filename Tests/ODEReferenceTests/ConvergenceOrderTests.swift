import ODEReference
import Testing

/// A method whose global error at a fixed step `h` is measured.
struct MethodCase: Sendable, CustomTestStringConvertible {
    var name: String
    var order: Int
    /// Steps per unit time at the coarsest level; each level doubles them.
    var coarsestStepsPerUnit: Int
    var levels: Int
    /// The states at the ends of `steps` steps of size `h`.
    var run: @Sendable (_ spring: DampedOscillator, _ h: Double, _ steps: Int) throws -> [PhaseState<Double>]

    var testDescription: String { name }

    static func pair(_ pair: EmbeddedRungeKuttaPair, coarsest: Int, levels: Int) -> MethodCase {
        MethodCase(name: pair.name, order: pair.order, coarsestStepsPerUnit: coarsest, levels: levels) {
            spring, h, steps in
            let solution = try AdaptiveIntegrator(pair, system: spring.system)
                .integrate(
                    from: 0, position: spring.position0, velocity: spring.velocity0,
                    stepSizes: Array(repeating: h, count: steps), recordingDenseOutput: true)
            // A segment evaluated at its start is exactly the step's initial state.
            return solution.segments.dropFirst().map { $0.state(at: $0.start) } + [solution.finalState]
        }
    }

    static func scheme<S: FixedStepScheme>(
        _ make: @escaping @Sendable (Double) -> S, order: Int, coarsest: Int, levels: Int
    ) -> MethodCase {
        MethodCase(
            name: String(make(1).name.prefix { $0 != "h" }), order: order,
            coarsestStepsPerUnit: coarsest, levels: levels
        ) { spring, h, steps in
            make(h).trajectory(
                spring.system, from: 0, steps: steps,
                position: spring.position0, velocity: spring.velocity0)
        }
    }

    static let all: [MethodCase] = [
        .pair(.dormandPrince54, coarsest: 4, levels: 7),
        .pair(.dormandPrince853, coarsest: 2, levels: 6),
        .scheme({ ClassicRungeKutta4(stepSize: $0) }, order: 4, coarsest: 8, levels: 6),
        .scheme({ VelocityVerlet(stepSize: $0) }, order: 2, coarsest: 64, levels: 5),
        .scheme({ SemiImplicitEuler(stepSize: $0) }, order: 1, coarsest: 256, levels: 5),
    ]
}

/// The measured order of convergence: the largest error over the step ends of
/// `[0, 2]` at `h, h/2, h/4, …` on a damped spring (ω₀ = 2π, so one period per
/// unit time).
///
/// The observed order between two levels is `log₂(e(h)/e(h/2)) = p + O(h)`.
/// The test uses the finest pair of levels whose errors both lie between the
/// round-off floor `100·u·steps·max‖y‖` (each step rounds the state by a few
/// `u·‖y‖`, accumulating at most linearly; at 100× that, round-off moves the
/// observed order by less than 0.05) and `0.01·max‖y‖` (coarser levels do not
/// resolve the motion, or are outside the stability region), and accepts
/// `|observed − p| ≤ 0.3`: the
/// next error term is below 2^0.3 − 1 ≈ 23 % of the leading one there. A wrong
/// coefficient drops the order to 4 or less, far outside the margin.
@Suite("Convergence: each method shows its theoretical order")
struct ConvergenceOrderTests {
    static let springs = [
        DampedOscillator(omega: 2 * .pi, zeta: 0.1, target: 1, position0: 0, velocity0: 0),
        DampedOscillator(omega: 2 * .pi, zeta: 1, target: 0, position0: 1, velocity0: 3),
        DampedOscillator(omega: 2 * .pi, zeta: 2.5, target: -1, position0: 0.5, velocity0: 0),
    ]

    @Test("the largest global error over [0, 2] shrinks like h^p", arguments: MethodCase.all, springs)
    func measuredOrder(_ method: MethodCase, spring: DampedOscillator) throws {
        let duration = 2.0
        var errors: [Double] = []
        var stepCounts: [Int] = []
        for level in 0..<method.levels {
            let steps = Int(duration) * method.coarsestStepsPerUnit << level
            let h = duration / Double(steps)
            let states = try method.run(spring, h, steps)
            #expect(states.count == steps)
            errors.append(states.enumerated().map { spring.error(of: $1, at: Double($0 + 1) * h) }.max() ?? .nan)
            stepCounts.append(steps)
        }
        let orders = zip(errors, errors.dropFirst()).map { observedOrder($0, $1) }
        let valid = errors.indices.filter {
            errors[$0] > 100 * unitRoundoff * Double(stepCounts[$0]) * spring.stateBound
                && errors[$0] < 0.01 * spring.stateBound
        }
        let finest = try #require(
            valid.last.flatMap { $0 > 0 && valid.contains($0 - 1) ? orders[$0 - 1] : nil },
            "fewer than two levels above round-off: errors \(errors)")
        print(
            "ODE order \(method.name) \(spring.testDescription): errors \(errors) observed orders \(orders), finest valid \(finest)"
        )
        #expect(abs(finest - Double(method.order)) <= 0.3, "observed \(orders), expected \(method.order)")
    }

    @Test("dense output between steps converges like h^min(p, q+1)", arguments: PairCase.all)
    func denseOutputOrder(_ pairCase: PairCase) throws {
        let pair = pairCase.pair
        let spring = ConvergenceOrderTests.springs[0]
        let expected = min(pair.order, pair.denseOutputOrder + 1)
        var errors: [Double] = []
        for steps in [16, 32, 64].map({ $0 * (pair.order == 8 ? 1 : 2) }) {
            let h = 2.0 / Double(steps)
            let solution = try AdaptiveIntegrator(pair, system: spring.system).integrate(
                from: 0, position: spring.position0, velocity: spring.velocity0,
                stepSizes: Array(repeating: h, count: steps), recordingDenseOutput: true)
            var worst = 0.0
            for segment in solution.segments {
                for fraction in [0.25, 0.5, 0.75] {
                    let t = segment.start + fraction * h
                    worst = max(worst, spring.error(of: segment.state(at: t), at: t))
                }
            }
            errors.append(worst)
        }
        let orders = zip(errors, errors.dropFirst()).map { observedOrder($0, $1) }
        print("ODE dense order \(pair.name): errors \(errors) observed \(orders)")
        #expect(abs(orders.last! - Double(expected)) <= 0.3, "observed \(orders), expected \(expected)")
    }

    @Test("one step's dense-output error at θ = 1/2 shrinks like h^(q+1)", arguments: PairCase.all)
    func denseOutputLocalOrder(_ pairCase: PairCase) throws {
        let pair = pairCase.pair
        let spring = ConvergenceOrderTests.springs[0]
        var errors: [Double] = []
        let sizes = pair.order == 8 ? [0.2, 0.1, 0.05] : [0.1, 0.05, 0.025]
        for h in sizes {
            let solution = try AdaptiveIntegrator(pair, system: spring.system).integrate(
                from: 0, position: spring.position0, velocity: spring.velocity0,
                stepSizes: [h], recordingDenseOutput: true)
            errors.append(spring.error(of: solution.state(at: h / 2), at: h / 2))
        }
        let orders = zip(errors, errors.dropFirst()).map { observedOrder($0, $1) }
        print("ODE dense local order \(pair.name): errors \(errors) observed \(orders)")
        #expect(abs(orders.last! - Double(pair.denseOutputOrder + 1)) <= 0.3, "observed \(orders)")
    }

    @Test("a pair with one wrong coefficient loses its order (the measurement can fail)")
    func brokenPairLosesOrder() throws {
        var broken = EmbeddedRungeKuttaPair.dormandPrince54
        broken.coefficients[4][2] *= 1.001
        let spring = ConvergenceOrderTests.springs[0]
        var errors: [Double] = []
        for steps in [64, 128, 256] {
            let h = 2.0 / Double(steps)
            let state = try AdaptiveIntegrator(broken, system: spring.system).integrate(
                from: 0, position: spring.position0, velocity: spring.velocity0,
                stepSizes: Array(repeating: h, count: steps)
            ).finalState
            errors.append(spring.error(of: state, at: 2))
        }
        let observed = observedOrder(errors[1], errors[2])
        #expect(abs(observed - 5) > 0.3, "observed \(observed)")
    }
}
