import VectorKernels

/// The classic fourth-order Runge–Kutta method on `y = (x, v)`: four
/// evaluations per step, weights 1/6, 1/3, 1/3, 1/6 (Kutta 1901; Hairer,
/// Nørsett, Wanner, *Solving ODEs I*, Table II.1.2).
///
/// Facebook's Pop integrates springs this way at a fixed `0.001f` step.
/// Rebound does not: see ``ReboundRungeKutta``.
@frozen
public struct ClassicRungeKutta4: FixedStepScheme {
    public var stepSize: Double
    public var name: String

    public init(stepSize: Double, name: String? = nil) {
        self.stepSize = stepSize
        self.name = name ?? "RK4 h=\(stepSize)"
    }

    /// Pop: steps of `0.001f` (0.0010000000474974513 s).
    public static let pop = ClassicRungeKutta4(stepSize: Double(Float(0.001)), name: "RK4 0.001f s (Pop)")

    public var order: Int { 4 }
    public var evaluationsPerStep: Int { 4 }

    @inlinable
    public func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
    ) {
        rungeKuttaStages(system, time: time, by: h, state: &state, scratch: &scratch, staleFirstStage: false)
    }
}

/// Rebound's fixed-step integrator (facebook/rebound-js `src/Spring.js`
/// `advance`, commit 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70): RK4's stages
/// and weights, except that the first stage takes the spring force at the
/// position of the previous step's last stage (`tempPosition`, `x + h·v_c` of
/// that step) instead of the current position. That error is O(h²) in the
/// first stage's acceleration, so the scheme is third order: over 0.1 s of
/// Rebound's default spring at 1 ms it is 2.2e-8 of the travel off, where
/// RK4 is 3e-10 off. The first step of a run starts from the initial
/// position, as `setCurrentValue` syncs `tempPosition`.
@frozen
public struct ReboundRungeKutta: FixedStepScheme {
    public var stepSize: Double
    public var name: String

    public init(stepSize: Double = 0.001, name: String? = nil) {
        self.stepSize = stepSize
        self.name = name ?? "Rebound RK h=\(stepSize)"
    }

    /// Rebound: `SOLVER_TIMESTEP_SEC = 0.001`.
    public static let rebound = ReboundRungeKutta(stepSize: 0.001, name: "Rebound's RK 1 ms (stale first stage)")

    public var order: Int { 3 }
    public var evaluationsPerStep: Int { 4 }

    @inlinable
    public func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
    ) {
        rungeKuttaStages(system, time: time, by: h, state: &state, scratch: &scratch, staleFirstStage: true)
    }
}

/// RK4's four stages. `pairs[0...3]` hold k1…k4 and `pairs[4]` the stage
/// input, which after a step still holds the last stage's position: with
/// `staleFirstStage` the first stage's force is taken there (Rebound's
/// `tempPosition`; a fresh scratch holds the initial state).
@inlinable
func rungeKuttaStages<System: SecondOrderSystem>(
    _ system: System, time: Double, by h: Double,
    state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>, staleFirstStage: Bool
) {
    func derivative(_ index: Int, at t: Double, input: Int?) {
        if let input {
            scratch.pairs[index].first.assign(from: scratch.pairs[input].second)
            system.acceleration(
                time: t, position: scratch.pairs[input].first, velocity: scratch.pairs[input].second,
                into: &scratch.pairs[index].second)
        } else {
            scratch.pairs[index].first.assign(from: state.second)
            system.acceleration(
                time: t, position: state.first, velocity: state.second, into: &scratch.pairs[index].second)
        }
    }
    if staleFirstStage {
        scratch.pairs[0].first.assign(from: state.second)
        system.acceleration(
            time: time, position: scratch.pairs[4].first, velocity: state.second, into: &scratch.pairs[0].second)
    } else {
        derivative(0, at: time, input: nil)
    }
    for i in 1...3 {
        let c = i == 3 ? 1.0 : 0.5
        scratch.pairs[4].assign(from: state)
        scratch.pairs[4].add(scratch.pairs[i - 1], scaledBy: c * h)
        derivative(i, at: time + c * h, input: 4)
    }
    state.add(scratch.pairs[0], scaledBy: h / 6)
    state.add(scratch.pairs[1], scaledBy: h / 3)
    state.add(scratch.pairs[2], scaledBy: h / 3)
    state.add(scratch.pairs[3], scaledBy: h / 6)
}
