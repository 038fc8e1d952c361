import ODEReference
import SpringBenchBackends
import Testing
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// One backend as a test argument.
struct ODEBackendCase: Sendable, CustomTestStringConvertible {
    var backend: any KernelBackend.Type
    var testDescription: String { backend.name }
    static let all = Backends.all.map { ODEBackendCase(backend: $0) }
}

/// An N-point vector integrated through a backend moves each point exactly as
/// the same integrator moves that point alone as a `Double`.
///
/// Adaptive runs choose their steps from the norm of the whole vector, so the
/// scalar runs replay the vector run's accepted steps. The scalar runs use
/// ``RoundingTracked``, which also bounds how far an evaluation that fuses
/// `add(_:scaledBy:)` may stray. Hence:
/// - a backend whose axpy is not fused (naive, SIMD) does exactly the scalar
///   arithmetic per element: agreement **bit for bit**;
/// - a fused backend (OpenBLAS `daxpy`) agrees within the running bound.
@Suite("Integrating an N-point PointVector through every backend matches scalar integration")
struct BackendAgreementTests {
    /// 37 points: SIMD blocks plus a tail.
    static let count = 37
    static let omega = 2 * Double.pi / 0.5
    static let zeta = 0.3
    static let targets: [Double] = (0..<count).map { (i: Int) -> Double in
        let wobble: Double = 0.25 * Double(i % 5)
        return 1 + wobble - 0.1 * Double(i)
    }
    static let positions: [Double] = (0..<count).map { (i: Int) -> Double in sin(Double(i)) }
    static let velocities: [Double] = (0..<count).map { (i: Int) -> Double in Double(i % 7) - 3 }
    static let sampleTimes = [0.0123, 0.211, 0.5077, 0.93]
    /// Far above what either pair needs here (the runs print their counts).
    static let maximumSteps = 2_000

    enum Method: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case dormandPrince54, dormandPrince853, rungeKutta4, reboundRungeKutta, velocityVerlet, semiImplicitEuler
        var testDescription: String { rawValue }
    }

    @Test(
        "each point matches its scalar run (bit for bit unless axpy is fused)",
        arguments: ODEBackendCase.all, Method.allCases)
    func pointsMatchScalars(_ backendCase: ODEBackendCase, method: Method) throws {
        try check(backendCase.backend, method)
    }

    func check<B: KernelBackend>(_: B.Type, _ method: Method) throws {
        typealias V = PointVector<B, ZeroExtending>
        let system = LinearSpring(omega: Self.omega, zeta: Self.zeta, target: V(Self.targets))
        let x0 = V(Self.positions)
        let v0 = V(Self.velocities)

        // The vector run: final state and samples; for the pairs, its steps.
        var vectorStates: [PhaseState<V>] = []
        var stepSizes: [Double] = []
        switch method {
        case .dormandPrince54, .dormandPrince853:
            let pair: EmbeddedRungeKuttaPair = method == .dormandPrince54 ? .dormandPrince54 : .dormandPrince853
            var integrator = AdaptiveIntegrator(
                pair, system: system, relativeTolerance: 1e-10, absoluteTolerance: 1e-12)
            // A correct run takes 38 (DP853) or 307 (DP5) steps. A wrong kernel
            // can make the error estimate force millions of tiny steps, each
            // replayed 37 times below: bound the work so a failing run ends
            // as fast as a passing one.
            integrator.maximumSteps = Self.maximumSteps
            let (samples, solution) =
                try integrator
                .integrate(from: 0, position: x0, velocity: v0, sampledAt: Self.sampleTimes)
            vectorStates = samples
            stepSizes = solution.stepSizes
        case .rungeKutta4:
            vectorStates = [
                try ClassicRungeKutta4.pop.integrate(system, from: 0, to: 0.93, position: x0, velocity: v0).finalState
            ]
        case .reboundRungeKutta:
            vectorStates = [
                try ReboundRungeKutta.rebound.integrate(system, from: 0, to: 0.93, position: x0, velocity: v0)
                    .finalState
            ]
        case .velocityVerlet:
            vectorStates = [
                try VelocityVerlet.swiftUI300Hz.integrate(system, from: 0, to: 0.93, position: x0, velocity: v0)
                    .finalState
            ]
        case .semiImplicitEuler:
            vectorStates = [
                try SemiImplicitEuler.display120Hz.integrate(system, from: 0, to: 0.93, position: x0, velocity: v0)
                    .finalState
            ]
        }

        let fused = B.details.fusedAXPY
        var worst = (excess: 0.0, description: "")
        var largestDifference = 0.0
        for i in 0..<Self.count {
            let scalarSystem = LinearSpring(
                omega: Self.omega, zeta: Self.zeta, target: RoundingTracked(Self.targets[i]))
            let x = RoundingTracked(Self.positions[i])
            let v = RoundingTracked(Self.velocities[i])
            var scalarStates: [PhaseState<RoundingTracked>] = []
            switch method {
            case .dormandPrince54, .dormandPrince853:
                let pair: EmbeddedRungeKuttaPair = method == .dormandPrince54 ? .dormandPrince54 : .dormandPrince853
                let replay = try AdaptiveIntegrator(pair, system: scalarSystem)
                    .integrate(from: 0, position: x, velocity: v, stepSizes: stepSizes, recordingDenseOutput: true)
                scalarStates = Self.sampleTimes.map { replay.state(at: $0) }
            case .rungeKutta4:
                scalarStates = [
                    try ClassicRungeKutta4.pop.integrate(scalarSystem, from: 0, to: 0.93, position: x, velocity: v)
                        .finalState
                ]
            case .reboundRungeKutta:
                scalarStates = [
                    try ReboundRungeKutta.rebound.integrate(scalarSystem, from: 0, to: 0.93, position: x, velocity: v)
                        .finalState
                ]
            case .velocityVerlet:
                scalarStates = [
                    try VelocityVerlet.swiftUI300Hz.integrate(scalarSystem, from: 0, to: 0.93, position: x, velocity: v)
                        .finalState
                ]
            case .semiImplicitEuler:
                scalarStates = [
                    try SemiImplicitEuler.display120Hz.integrate(
                        scalarSystem, from: 0, to: 0.93, position: x, velocity: v
                    ).finalState
                ]
            }
            #expect(scalarStates.count == vectorStates.count)
            for (vectorState, scalarState) in zip(vectorStates, scalarStates) {
                for (vectorValue, tracked) in [
                    (vectorState.position.elements[i], scalarState.position),
                    (vectorState.velocity.elements[i], scalarState.velocity),
                ] {
                    let difference = abs(vectorValue - tracked.value)
                    largestDifference = max(largestDifference, difference)
                    let allowed = fused ? tracked.bound : 0
                    if difference > allowed || (!fused && vectorValue.bitPattern != tracked.value.bitPattern) {
                        Issue.record("point \(i): vector \(vectorValue), scalar \(tracked), difference \(difference)")
                    }
                    if tracked.bound > 0 { worst.excess = max(worst.excess, difference / tracked.bound) }
                }
            }
        }
        print(
            "ODE backends \(B.name) \(method): \(stepSizes.count) steps, largest difference \(largestDifference), largest difference/bound \(worst.excess)"
        )
    }
}
