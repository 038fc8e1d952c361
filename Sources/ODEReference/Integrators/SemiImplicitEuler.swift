import VectorKernels

/// Semi-implicit (symplectic) Euler: velocity first, then position with the
/// new velocity. First order; one evaluation per step.
///
/// ```
/// v₁ = v₀ + h·a(t₀, x₀, v₀)
/// x₁ = x₀ + h·v₁
/// ```
///
/// react-spring advances its springs this way in 1 ms steps (`SpringValue`'s
/// `advance`, with `tension`/`friction` scaled to milliseconds); animation code
/// that steps once per display frame uses the same update at 1/60 or 1/120 s.
/// For an undamped spring it conserves a perturbed energy (it is symplectic),
/// so its error is a phase drift rather than a decay.
@frozen
public struct SemiImplicitEuler: FixedStepScheme {
    public var stepSize: Double
    public var name: String

    public init(stepSize: Double, name: String? = nil) {
        self.stepSize = stepSize
        self.name = name ?? "semi-implicit Euler h=\(stepSize)"
    }

    /// react-spring: 1 ms steps.
    public static let reactSpring = SemiImplicitEuler(stepSize: 0.001, name: "semi-implicit Euler 1 ms (react-spring)")
    /// One step per frame of a 60 Hz display.
    public static let display60Hz = SemiImplicitEuler(stepSize: 1.0 / 60, name: "semi-implicit Euler 60 Hz frame")
    /// One step per frame of a 120 Hz display.
    public static let display120Hz = SemiImplicitEuler(stepSize: 1.0 / 120, name: "semi-implicit Euler 120 Hz frame")

    public var order: Int { 1 }
    public var evaluationsPerStep: Int { 1 }

    @inlinable
    public func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
    ) {
        system.acceleration(time: time, position: state.first, velocity: state.second, into: &scratch.pairs[0].first)
        state.second.add(scratch.pairs[0].first, scaledBy: h)
        state.first.add(state.second, scaledBy: h)
    }
}
