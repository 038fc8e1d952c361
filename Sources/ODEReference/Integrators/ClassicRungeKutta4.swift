import VectorKernels

/// The classic fourth-order Runge–Kutta method on `y = (x, v)`: four
/// evaluations per step, weights 1/6, 1/3, 1/3, 1/6 (Kutta 1901; Hairer,
/// Nørsett, Wanner, *Solving ODEs I*, Table II.1.2).
///
/// Facebook's Rebound (and Origami/Pop, which share its physics) integrates
/// springs this way at a fixed 1 ms step (`SOLVER_TIMESTEP_SEC = 0.001`); its
/// interpolation of the remainder of a frame between two solver states is not
/// modelled here.
@frozen
public struct ClassicRungeKutta4: FixedStepScheme {
    public var stepSize: Double
    public var name: String

    public init(stepSize: Double, name: String? = nil) {
        self.stepSize = stepSize
        self.name = name ?? "RK4 h=\(stepSize)"
    }

    /// Rebound: 1 ms steps.
    public static let rebound = ClassicRungeKutta4(stepSize: 0.001, name: "RK4 1 ms (Rebound)")

    public var order: Int { 4 }
    public var evaluationsPerStep: Int { 4 }

    @inlinable
    public func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
    ) {
        // pairs[0...3] are k1…k4, pairs[4] the stage input.
        func derivative(_ index: Int, at t: Double, input: Int?) {
            if let input {
                scratch.pairs[index].first.overwrite(with: scratch.pairs[input].second)
                system.acceleration(
                    time: t, position: scratch.pairs[input].first, velocity: scratch.pairs[input].second,
                    into: &scratch.pairs[index].second)
            } else {
                scratch.pairs[index].first.overwrite(with: state.second)
                system.acceleration(
                    time: t, position: state.first, velocity: state.second, into: &scratch.pairs[index].second)
            }
        }
        derivative(0, at: time, input: nil)
        for i in 1...3 {
            let c = i == 3 ? 1.0 : 0.5
            scratch.pairs[4].overwrite(with: state)
            scratch.pairs[4].add(scratch.pairs[i - 1], scaledBy: c * h)
            derivative(i, at: time + c * h, input: 4)
        }
        state.add(scratch.pairs[0], scaledBy: h / 6)
        state.add(scratch.pairs[1], scaledBy: h / 3)
        state.add(scratch.pairs[2], scaledBy: h / 3)
        state.add(scratch.pairs[3], scaledBy: h / 6)
    }
}
