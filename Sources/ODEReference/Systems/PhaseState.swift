import VectorKernels

/// The state of a second-order system: position and velocity, moved as one
/// vector (SwiftUI's `AnimatablePair` plays the same role for an animation).
///
/// Integrators treat it as the first-order system `y' = (v, a(t, x, v))` and
/// measure it in the Euclidean norm `‖y‖ = √(‖x‖² + ‖v‖²)`.
public typealias PhaseState<Vector: VectorArithmetic> = AnimatablePair<Vector, Vector>

extension AnimatablePair where First == Second {
    /// A phase state from its position and velocity.
    @inlinable
    public init(position: First, velocity: First) {
        self.init(position, velocity)
    }

    /// The position (`AnimatablePair.first`).
    @inlinable
    public var position: First {
        get { first }
        set { first = newValue }
    }

    /// The velocity (`AnimatablePair.second`).
    @inlinable
    public var velocity: First {
        get { second }
        set { second = newValue }
    }
}

extension VectorArithmetic {
    /// `√magnitudeSquared`, the Euclidean norm.
    @inlinable
    internal var norm: Double { magnitudeSquared.squareRoot() }
}
