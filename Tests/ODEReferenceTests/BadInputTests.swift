import ODEReference
import Testing

@Suite("Bad input gets an error naming the parameter")
struct BadInputTests {
    static let spring = DampedOscillator(omega: 10, zeta: 0.5, target: 1, position0: 0, velocity0: 0)

    @Test("adaptive: non-finite or reversed times, bad tolerances, non-finite state")
    func adaptive() {
        let system = Self.spring.system
        let integrator = AdaptiveIntegrator(system: system)
        #expect(
            throws: IntegrationError.invalidParameter(name: "end", value: 0, validRange: "finite and > start (1.0)")
        ) {
            try integrator.integrate(from: 1, to: 0, position: 0, velocity: 0)
        }
        #expect(throws: IntegrationError.self) { try integrator.integrate(from: .nan, to: 1, position: 0, velocity: 0) }
        #expect(throws: IntegrationError.nonFiniteInitialState) {
            try integrator.integrate(from: 0, to: 1, position: .infinity, velocity: 0)
        }
        var bad = integrator
        bad.relativeTolerance = -1
        #expect { try bad.integrate(from: 0, to: 1, position: 0, velocity: 0) } throws: { error in
            (error as? IntegrationError)?.description.contains("relativeTolerance") == true
        }
        bad = integrator
        bad.relativeTolerance = 0
        bad.absoluteTolerance = 0
        #expect { try bad.integrate(from: 0, to: 1, position: 0, velocity: 0) } throws: { error in
            (error as? IntegrationError)?.description.contains("absoluteTolerance") == true
        }
        #expect(throws: IntegrationError.self) {
            try integrator.integrate(from: 0, position: 0, velocity: 0, stepSizes: [0.1, -0.1])
        }
        #expect(throws: IntegrationError.self) {
            try integrator.integrate(from: 0, position: 0, velocity: 0, sampledAt: [0.5, 0.2])
        }
    }

    @Test("adaptive: a step limit that is too small is reported, not looped on")
    func tooManySteps() {
        var integrator = AdaptiveIntegrator(
            system: Self.spring.system, relativeTolerance: 1e-12, absoluteTolerance: 1e-14)
        integrator.maximumSteps = 10
        #expect { try integrator.integrate(from: 0, to: 10, position: 0, velocity: 0) } throws: { error in
            if case .tooManySteps(limit: 10, _) = error as? IntegrationError { return true }
            return false
        }
    }

    @Test("adaptive: a blow-up ends with an error instead of NaN results")
    func blowUp() {
        // x'' = x³ from x = 1, v = 1 reaches infinity at a finite time (≈ 1.4).
        let system = AccelerationField<Double> { _, x, _ in x * x * x }
        #expect(throws: IntegrationError.self) {
            try AdaptiveIntegrator(system: system).integrate(from: 0, to: 3, position: 1, velocity: 1)
        }
    }

    @Test("fixed step: bad step size or times")
    func fixedStep() {
        let system = Self.spring.system
        #expect(throws: IntegrationError.self) {
            try SemiImplicitEuler(stepSize: 0).integrate(system, from: 0, to: 1, position: 0, velocity: 0)
        }
        #expect(throws: IntegrationError.self) {
            try ClassicRungeKutta4(stepSize: .nan).integrate(system, from: 0, to: 1, position: 0, velocity: 0)
        }
        #expect(throws: IntegrationError.self) {
            try VelocityVerlet.swiftUI300Hz.integrate(system, from: 1, to: 0, position: 0, velocity: 0)
        }
    }

    @Test("fixed step: whole steps plus a partial last step land exactly on the end time")
    func fixedStepLanding() throws {
        let run = try SemiImplicitEuler.display60Hz.integrate(
            Self.spring.system, from: 0, to: 0.5, position: 0, velocity: 0)
        #expect(run.steps == 30 && run.finalPartialStep == 0)
        let partial = try ClassicRungeKutta4(stepSize: 0.001).integrate(
            Self.spring.system, from: 0, to: 0.0105, position: 0, velocity: 0)
        #expect(partial.steps == 10)
        #expect(abs(partial.finalPartialStep - 0.0005) < 1e-15)
        #expect(partial.functionEvaluations == 44)
    }
}
