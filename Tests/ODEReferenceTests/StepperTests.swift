import ODEReference
import SpringBenchBackends
import Testing
import VectorKernels

/// ``AdaptiveIntegrator/Stepper``: the persistent form of the pairs' fixed-step
/// replay. Its steps must be the replay's steps bit for bit (the same stage
/// arithmetic, buffers kept instead of rebuilt), it must refuse bad steps
/// without moving, and a restart must be a fresh start.
@Suite("AdaptiveIntegrator.Stepper")
struct StepperTests {
    static let steps = [0.01, 0.004, 0.0173, 0.01, 0.0005, 0.03, 0.01]
    static let system = LinearSpring<Double>(omega: 14, zeta: 0.2, target: 1)

    @Test(
        "steps equal integrate(stepSizes:) bit for bit, with its local error estimates",
        arguments: PairCase.all)
    func matchesReplay(_ pair: PairCase) throws {
        let integrator = AdaptiveIntegrator(pair.pair, system: Self.system)
        let replay = try integrator.integrate(from: 0.25, position: -0.3, velocity: 2, stepSizes: Self.steps)
        var stepper = try integrator.makeStepper(at: 0.25, position: -0.3, velocity: 2)
        var estimates: [Double] = []
        for h in Self.steps {
            try stepper.step(by: h)
            estimates.append(stepper.localErrorEstimate)
        }
        #expect(stepper.position.bitPattern == replay.finalState.position.bitPattern)
        #expect(stepper.velocity.bitPattern == replay.finalState.velocity.bitPattern)
        #expect(stepper.time == replay.end)
        #expect(estimates == replay.localErrorEstimates)
        #expect(stepper.functionEvaluations == replay.statistics.functionEvaluations)
    }

    @Test(
        "on an N-point vector each point moves as the scalar stepper moves it",
        arguments: ODEBackendCase.all)
    func vectorMatchesScalar(_ backendCase: ODEBackendCase) throws {
        try check(backendCase.backend)
        func check<B: KernelBackend>(_: B.Type) throws {
            typealias V = PointVector<B, ZeroExtending>
            let block = PointVector<B, ZeroExtending>.linearCombinationBlock
            let n = 2 * block + 3  // blocks and a tail
            let x0 = (0..<n).map { Double($0 % 11) / 5 - 1 }, v0 = (0..<n).map { Double($0 % 3) - 1 }
            let vectorSystem = LinearSpring(omega: 14, zeta: 0.2, target: V(repeating: 1, count: n))
            var vectorStepper = try AdaptiveIntegrator(.dormandPrince54, system: vectorSystem)
                .makeStepper(position: V(x0), velocity: V(v0))
            for h in Self.steps { try vectorStepper.step(by: h) }
            let scalar = AdaptiveIntegrator(.dormandPrince54, system: Self.system)
            // Spot points: block starts and ends, the tail.
            for i in [0, 1, block - 1, block, block + 1, 2 * block, n - 1] {
                var stepper = try scalar.makeStepper(position: x0[i], velocity: v0[i])
                for h in Self.steps { try stepper.step(by: h) }
                let (x, v) = (vectorStepper.position[i], vectorStepper.velocity[i])
                if B.self == NaiveBackend.self || B.self == SIMDBackend.self {
                    #expect(x.bitPattern == stepper.position.bitPattern, "\(B.name) point \(i)")
                    #expect(v.bitPattern == stepper.velocity.bitPattern, "\(B.name) point \(i)")
                } else {
                    // A fused axpy rounds once where the scalar path rounds twice.
                    #expect(
                        abs(x - stepper.position) <= 1e-12 && abs(v - stepper.velocity) <= 1e-11,
                        "\(B.name) point \(i): \(x) vs \(stepper.position), \(v) vs \(stepper.velocity)")
                }
            }
        }
    }

    @Test(
        "a bad step size is refused by name and the stepper does not move",
        arguments: [0, -0.01, .nan, .infinity, -.infinity, 1e308])
    func badStep(_ h: Double) throws {
        var stepper = try AdaptiveIntegrator(system: Self.system).makeStepper(at: 1e308, position: 0.5, velocity: 0)
        let before = (stepper.time, stepper.position, stepper.velocity, stepper.functionEvaluations)
        let error = #expect(throws: IntegrationError.self) { try stepper.step(by: h) }
        #expect(error?.parameterName == "h", "\(String(describing: error))")
        #expect(stepper.time == before.0 && stepper.position == before.1 && stepper.velocity == before.2)
        #expect(stepper.functionEvaluations == before.3)
    }

    @Test("a step whose result overflows throws nonFiniteState and leaves the last finite state")
    func blowUp() throws {
        let explosive = AccelerationField<Double> { _, x, _ in 1e307 * x }
        var stepper = try AdaptiveIntegrator(system: explosive).makeStepper(position: 1, velocity: 0)
        try stepper.step(by: 1e-160)
        let (x, v, t) = (stepper.position, stepper.velocity, stepper.time)
        #expect(throws: IntegrationError.nonFiniteState(time: t + 10)) { try stepper.step(by: 10) }
        #expect(stepper.position == x && stepper.velocity == v && stepper.time == t)
        try stepper.step(by: 1e-160)  // still usable
        #expect(stepper.position.isFinite && stepper.time > t)
    }

    @Test("restart is a fresh start; non-finite input is refused and changes nothing", arguments: PairCase.all)
    func restart(_ pair: PairCase) throws {
        let integrator = AdaptiveIntegrator(pair.pair, system: Self.system)
        var reused = try integrator.makeStepper(position: 3, velocity: -1)
        for h in Self.steps { try reused.step(by: h) }
        try reused.restart(at: 2, position: 0.1, velocity: 0.7)
        var fresh = try integrator.makeStepper(at: 2, position: 0.1, velocity: 0.7)
        #expect(reused.time == 2 && reused.position == 0.1 && reused.velocity == 0.7)
        for h in Self.steps {
            try reused.step(by: h)
            try fresh.step(by: h)
            #expect(reused.position.bitPattern == fresh.position.bitPattern)
            #expect(reused.velocity.bitPattern == fresh.velocity.bitPattern)
            #expect(reused.localErrorEstimate == fresh.localErrorEstimate)
        }
        let before = (reused.time, reused.position, reused.velocity)
        #expect(throws: IntegrationError.nonFiniteInitialState) {
            try reused.restart(at: 0, position: .nan, velocity: 0)
        }
        #expect(throws: IntegrationError.nonFiniteInitialState) {
            try reused.restart(at: 0, position: 0, velocity: -.infinity)
        }
        let error = #expect(throws: IntegrationError.self) { try reused.restart(at: .nan, position: 0, velocity: 0) }
        #expect(error?.parameterName == "time", "\(String(describing: error))")
        #expect(reused.time == before.0 && reused.position == before.1 && reused.velocity == before.2)
        #expect(throws: IntegrationError.nonFiniteInitialState) {
            _ = try integrator.makeStepper(position: .infinity, velocity: 0)
        }
    }
}

extension IntegrationError {
    /// The parameter an ``invalidParameter(name:value:validRange:)`` names.
    var parameterName: String? {
        guard case .invalidParameter(let name, _, _) = self else { return nil }
        return name
    }
}
