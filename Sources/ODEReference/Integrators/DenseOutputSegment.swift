import VectorKernels

/// The continuous extension of one accepted step: the solution at any time in
/// `[start, start + stepSize]`, with the pair's dense-output order.
public struct DenseOutputSegment<Vector: VectorArithmetic> {
    /// The step's start time.
    public let start: Double
    /// The step size.
    public let stepSize: Double
    /// `[y₀, Δ, r₃, r₄, r₅, …]` of Hairer's nested form.
    @usableFromInline let coefficients: [PhaseState<Vector>]

    @inlinable
    init(start: Double, stepSize: Double, coefficients: [PhaseState<Vector>]) {
        self.start = start
        self.stepSize = stepSize
        self.coefficients = coefficients
    }

    /// The step's end time.
    @inlinable
    public var end: Double { start + stepSize }

    /// The interpolated state at `time` (meant for `start ≤ time ≤ end`;
    /// outside it extrapolates).
    ///
    /// - Complexity: one pass over the state per coefficient (5 for DP5(4),
    ///   8 for DOP853).
    @inlinable
    public func state(at time: Double) -> PhaseState<Vector> {
        let theta = (time - start) / stepSize
        let theta1 = 1 - theta
        let last = coefficients.count - 1
        // Innermost first: r_last, then alternately ·θ or ·θ′ and + r_j.
        var result = coefficients[last]
        var j = last
        while j > 1 {
            // The factor in front of coefficient j: θ for odd j, θ′ for even j.
            result.scale(by: j % 2 == 1 ? theta : theta1)
            j -= 1
            result += coefficients[j]
        }
        result.scale(by: theta)
        result += coefficients[0]
        return result
    }
}

extension DenseOutputSegment: Sendable where Vector: Sendable {}
