import _TestSupport
import ODEReference
import SpringBenchBackends
import Testing
import VectorKernels

/// Per-step work of the fixed-step schemes is allocation-free for an N-point
/// vector once the buffers exist: a run of 4× the steps allocates exactly as
/// much as the shorter one. (The embedded pairs' driver still allocates a few
/// objects per step in the unoptimised builds tests run in; not asserted.)
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

    @Test("fixed-step schemes: the same allocations for 100 and 400 steps",
          arguments: [FixedStepSchemeCase.semiImplicitEuler, .rungeKutta4, .velocityVerlet])
    func fixedStep(_ scheme: FixedStepSchemeCase) throws {
        try #require(AllocationCounter.isActive)
        _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.01, position: Self.x0, velocity: Self.v0)  // warm-up
        let short = try allocations { _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.1, position: Self.x0, velocity: Self.v0) }
        let long = try allocations { _ = try scheme.scheme.integrate(Self.system, from: 0, to: 0.4, position: Self.x0, velocity: Self.v0) }
        #expect(long == short, "100 steps: \(short) allocations, 400 steps: \(long)")
    }
}

/// A fixed-step scheme as a test argument.
struct FixedStepSchemeCase: Sendable, CustomTestStringConvertible {
    var scheme: any FixedStepScheme
    var testDescription: String { scheme.name }
    static let semiImplicitEuler = FixedStepSchemeCase(scheme: SemiImplicitEuler(stepSize: 0.001))
    static let rungeKutta4 = FixedStepSchemeCase(scheme: ClassicRungeKutta4(stepSize: 0.001))
    static let velocityVerlet = FixedStepSchemeCase(scheme: VelocityVerlet(stepSize: 0.001))
}
