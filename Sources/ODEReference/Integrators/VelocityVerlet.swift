import VectorKernels

/// A half-step (kick–drift–kick) velocity-Verlet scheme at a fixed step:
/// SpringBench's interpretation of SwiftUI's 300 Hz spring stepping.
///
/// **This is an interpretation.** What is known (Guides/SpringFormulas.md) is only that
/// SwiftUI's animation engine advances springs at a fixed 300 Hz; the issue
/// calls it a "half-step scheme". Apple does not document the update, so
/// SpringBench models it with the standard half-step scheme of physics
/// engines — velocity Verlet, whose velocity moves in two half kicks around a
/// full position drift:
///
/// ```
/// v½ = v₀ + (h/2)·a(t₀, x₀, v₀)              half kick
/// x₁ = x₀ + h·v½                              drift
/// ṽ₁ = v₀ + h·a(t₀, x₀, v₀)                   predicted end velocity
/// v₁ = v½ + (h/2)·a(t₀ + h, x₁, ṽ₁)          half kick
/// ```
///
/// A spring's acceleration depends on velocity (damping), which plain velocity
/// Verlet leaves first order; evaluating the last kick at the Euler-predicted
/// velocity `ṽ₁` (Groot and Warren's modified velocity Verlet with λ = 1,
/// J. Chem. Phys. 107 (1997) 4423) keeps the scheme second order. Without
/// damping it is exactly velocity Verlet (symplectic, time-reversible). Two
/// evaluations per step. Its errors are those of *a* second-order 300 Hz
/// scheme, not measurements of SwiftUI.
@frozen
public struct VelocityVerlet: FixedStepScheme {
    public var stepSize: Double
    public var name: String

    public init(stepSize: Double, name: String? = nil) {
        self.stepSize = stepSize
        self.name = name ?? "velocity Verlet h=\(stepSize)"
    }

    /// The 300 Hz interpretation of SwiftUI's engine (see the type's discussion).
    public static let swiftUI300Hz = VelocityVerlet(
        stepSize: 1.0 / 300, name: "velocity Verlet 300 Hz (SwiftUI interpretation)")

    public var order: Int { 2 }
    public var evaluationsPerStep: Int { 2 }

    @inlinable
    public func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
    ) {
        // pairs[0].first: a₀; pairs[0].second: a₁; pairs[1].first: ṽ₁.
        system.acceleration(time: time, position: state.first, velocity: state.second, into: &scratch.pairs[0].first)
        scratch.pairs[1].first.assign(from: state.second)
        scratch.pairs[1].first.add(scratch.pairs[0].first, scaledBy: h)
        state.second.add(scratch.pairs[0].first, scaledBy: h / 2)
        state.first.add(state.second, scaledBy: h)
        system.acceleration(
            time: time + h, position: state.first, velocity: scratch.pairs[1].first, into: &scratch.pairs[0].second)
        state.second.add(scratch.pairs[0].second, scaledBy: h / 2)
    }
}
