import ODEReference
import SpringBenchBackends
import Testing
import VectorKernels
import _TestSupport

/// Per-step work is allocation-free for an N-point vector once the buffers
/// exist: one step of every fixed-step scheme and of the adaptive pairs'
/// ``AdaptiveIntegrator/Stepper`` allocates nothing (counted in the
/// unoptimised build the tests run in), and a fixed-step run of 4× the steps
/// allocates exactly as much as the shorter one.
@Suite("Allocations: stepping an N-point vector does not allocate per step")
struct AllocationTests {
    typealias V = PointVector<SIMDBackend, ZeroExtending>
    static let system = LinearSpring(omega: 12, zeta: 0.3, target: V(repeating: 1, count: 1000))
    static let x0 = V(repeating: 0, count: 1000)
    static let v0 = V(repeating: 0.5, count: 1000)

    func allocations(_ body: () throws -> Void) throws -> Int {
        var thrown: (any Error)?
        let count = AllocationCounter.count {
            do { try body() } catch { thrown = error }
        }
        if let thrown { throw thrown }
        return count
    }

    @Test(
        "fixed-step schemes: the same allocations for 100 and 400 steps",
        arguments: [FixedStepSchemeCase.semiImplicitEuler, .rungeKutta4, .velocityVerlet])
    func fixedStep(_ scheme: FixedStepSchemeCase) throws {
        try #require(AllocationCounter.isActive)
        // Warm-up.
        _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.01, position: Self.x0, velocity: Self.v0)
        let short = try allocations {
            _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.1, position: Self.x0, velocity: Self.v0)
        }
        let long = try allocations {
            _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.4, position: Self.x0, velocity: Self.v0)
        }
        #expect(long == short, "100 steps: \(short) allocations, 400 steps: \(long)")
    }

    @Test("fixed-step schemes: 0 allocations per step", arguments: FixedStepSchemeCase.every)
    func fixedStepAdvance(_ scheme: FixedStepSchemeCase) throws {
        try #require(AllocationCounter.isActive)
        var state = PhaseState(Self.x0, Self.v0)
        var scratch = FixedStepScratch(like: state)
        let h = scheme.scheme.stepSize
        scheme.scheme.advance(Self.system, time: 0, by: h, state: &state, scratch: &scratch)  // buffers made unique
        let allocations = try allocations {
            for i in 1...20 {
                scheme.scheme.advance(Self.system, time: Double(i) * h, by: h, state: &state, scratch: &scratch)
            }
        }
        #expect(allocations == 0, "\(scheme.scheme.name): \(allocations) allocations in 20 steps")
    }

    @Test("adaptive pairs' Stepper: 0 allocations per step", arguments: PairCase.all)
    func adaptiveStepper(_ pair: PairCase) throws {
        try #require(AllocationCounter.isActive)
        let integrator = AdaptiveIntegrator(pair.pair, system: Self.system)
        // Every buffer is made at set-up (a buffer left shared with x0 or v0
        // would be copied on the second step, inside the count). The first
        // step runs outside the count: in an unoptimised build it may be the
        // process's first use of a generic type, whose metadata the runtime
        // allocates once.
        var stepper = try integrator.makeStepper(position: Self.x0, velocity: Self.v0)
        try stepper.step(by: 0.001)
        let allocations = try allocations {
            for _ in 0..<20 { try stepper.step(by: 0.001) }
        }
        #expect(allocations == 0, "\(pair.pair.name): \(allocations) allocations in 20 steps")
        #expect(stepper.functionEvaluations == 1 + 21 * (pair.pair.stageCount - (pair.pair.isFirstSameAsLast ? 1 : 0)))
    }
}

/// A fixed-step scheme as a test argument.
struct FixedStepSchemeCase: Sendable, CustomTestStringConvertible {
    var scheme: any FixedStepScheme
    var testDescription: String { scheme.name }
    static let semiImplicitEuler = FixedStepSchemeCase(scheme: SemiImplicitEuler(stepSize: 0.001))
    static let rungeKutta4 = FixedStepSchemeCase(scheme: ClassicRungeKutta4(stepSize: 0.001))
    static let velocityVerlet = FixedStepSchemeCase(scheme: VelocityVerlet(stepSize: 0.001))
    static let rebound = FixedStepSchemeCase(scheme: ReboundRungeKutta(stepSize: 0.001))
    static let every = [semiImplicitEuler, rungeKutta4, velocityVerlet, rebound]
}
