import VectorKernels

/// A second-order system `x'' = a(t, x, x')`: what the integrators of this
/// module advance.
///
/// The module knows nothing of springs or their parameterizations: a system
/// only says how it accelerates. A damped spring, for example, is
/// `a = −(k/m)·(x − target) − (c/m)·v`.
///
/// The acceleration is written into a buffer the integrator owns, so that a
/// heap-backed vector (an N-point `PointVector`) is stepped without
/// allocating once its buffers exist.
public protocol SecondOrderSystem {
    /// The type of a position (and of a velocity and an acceleration).
    associatedtype Vector: VectorArithmetic

    /// Writes `a(time, position, velocity)` into `acceleration`.
    ///
    /// `acceleration`: a buffer of the right shape whose previous
    ///   contents are arbitrary (an earlier acceleration or a copy of the
    ///   state); overwrite it, e.g. `assign(from: position)`, `scale(by:)`,
    ///   then `add(_:scaledBy:)` (one pass each, no allocation).
    func acceleration(time: Double, position: Vector, velocity: Vector, into acceleration: inout Vector)
}

/// A ``SecondOrderSystem`` made from a closure.
///
/// ```swift
/// // x'' = −ω²·x − 2ζω·x'
/// let spring = AccelerationField<Double> { _, x, v in -ω * ω * x - 2 * ζ * ω * v }
/// ```
public struct AccelerationField<Vector: VectorArithmetic>: SecondOrderSystem {
    @usableFromInline
    internal let body: (Double, Vector, Vector, inout Vector) -> Void

    /// A system whose acceleration is returned by `acceleration` (simple, but a
    /// heap-backed vector allocates the result on every evaluation).
    public init(_ acceleration: @escaping (_ time: Double, _ position: Vector, _ velocity: Vector) -> Vector) {
        self.body = { time, position, velocity, result in result = acceleration(time, position, velocity) }
    }

    /// A system that writes its acceleration into the integrator's buffer (the
    /// contract of ``SecondOrderSystem/acceleration(time:position:velocity:into:)``).
    public init(
        inPlace acceleration:
            @escaping (_ time: Double, _ position: Vector, _ velocity: Vector, _ result: inout Vector) -> Void
    ) {
        self.body = acceleration
    }

    @inlinable
    public func acceleration(time: Double, position: Vector, velocity: Vector, into acceleration: inout Vector) {
        body(time, position, velocity, &acceleration)
    }
}
