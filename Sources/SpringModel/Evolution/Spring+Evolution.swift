import VectorKernels

// Closed-form motion with SwiftUI's `Spring` semantics, generic over
// `VectorArithmetic`. One scalar evaluation (``SpringPropagator``) serves every
// component; the vector work is the kernels `-` (once), `scale` and axpy
// (`add(_:scaledBy:)`), so an N-point vector moves through its backend.
//
// Range: `from − target` can overflow where the motion itself is
// representable (from −1e308 to 1e308 spans 2e308). Each function checks the
// displacement with one `magnitudeSquared` reduction; when that is not finite
// (a component beyond ~1.3e154, or one that overflowed) it computes the same
// expression on halved operands and doubles the result. Halving and doubling
// are exact away from subnormal numbers, so the result is bit for bit the one
// the direct path gives wherever that is finite. A result that is itself
// beyond the largest `Double` (a force k·x of 1e400, an overshoot past 1.8e308)
// overflows to ±∞, as IEEE arithmetic does; NaN or infinite inputs propagate.

extension Spring {
    /// The propagator of this spring over `time` seconds: a negative time
    /// gives the state at 0, `+∞` the limit (see
    /// ``SpringPropagator/init(naturalFrequency:dampingRatio:time:)``).
    @inlinable
    public func propagator(time: Double) -> SpringPropagator {
        SpringPropagator(naturalFrequency: naturalFrequency, dampingRatio: dampingRatio, time: time)
    }

    /// The position at `time` of a value that starts at `from` with velocity
    /// `initialVelocity` (units per second) and is pulled toward `target`.
    ///
    /// Computed as `target + a·(from − target) + b·v₀` with the propagator's `a`, `b`.
    @inlinable
    public func position<V: VectorArithmetic>(
        from start: V, target: V, initialVelocity: V = .zero, time: Double
    ) -> V {
        let p = propagator(time: time)
        let displacement = start - target
        guard displacement.magnitudeSquared.isFinite else {
            // target/2 + a·(from/2 − target/2) + (b/2)·v₀, doubled.
            var value = target.scaled(by: 0.5)
            value.add(start.scaled(by: 0.5) - target.scaled(by: 0.5), scaledBy: p.positionFromDisplacement)
            value.add(initialVelocity, scaledBy: p.positionFromVelocity * 0.5)
            value.scale(by: 2)
            return value
        }
        var value = target
        value.add(displacement, scaledBy: p.positionFromDisplacement)
        value.add(initialVelocity, scaledBy: p.positionFromVelocity)
        return value
    }

    /// The velocity (units per second) at `time` of the motion of
    /// ``position(from:target:initialVelocity:time:)``.
    @inlinable
    public func velocity<V: VectorArithmetic>(
        from start: V, target: V, initialVelocity: V = .zero, time: Double
    ) -> V {
        let p = propagator(time: time)
        let displacement = start - target
        guard displacement.magnitudeSquared.isFinite else {
            var velocity = initialVelocity.scaled(by: p.velocityFromVelocity * 0.5)
            velocity.add(start.scaled(by: 0.5) - target.scaled(by: 0.5), scaledBy: p.velocityFromDisplacement)
            velocity.scale(by: 2)
            return velocity
        }
        var velocity = initialVelocity.scaled(by: p.velocityFromVelocity)
        velocity.add(displacement, scaledBy: p.velocityFromDisplacement)
        return velocity
    }

    /// SwiftUI's `value(target:initialVelocity:time:)`: the position at `time` of
    /// a value that starts at zero and moves toward `target` (the amount of change).
    @inlinable
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        position(from: .zero, target: target, initialVelocity: initialVelocity, time: time)
    }

    /// SwiftUI's `velocity(target:initialVelocity:time:)`, the derivative of
    /// ``value(target:initialVelocity:time:)``.
    @inlinable
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        velocity(from: .zero, target: target, initialVelocity: initialVelocity, time: time)
    }

    /// The spring force on a value at `position` moving with `velocity`:
    /// `k·(target − position) − c·velocity` (SwiftUI's `force(target:position:velocity:)`).
    @inlinable
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        let displacement = target - position
        guard displacement.magnitudeSquared.isFinite else {
            var force = (target.scaled(by: 0.5) - position.scaled(by: 0.5)).scaled(by: stiffness)
            force.add(velocity, scaledBy: -damping * 0.5)
            force.scale(by: 2)
            return force
        }
        var force = displacement.scaled(by: stiffness)
        force.add(velocity, scaledBy: -damping)
        return force
    }

    /// SwiftUI's `force(target:initialVelocity:time:)`: the force at `time` along
    /// the motion of ``value(target:initialVelocity:time:)``.
    @inlinable
    public func force<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: Double) -> V {
        force(
            target: target, position: value(target: target, initialVelocity: initialVelocity, time: time),
            velocity: velocity(target: target, initialVelocity: initialVelocity, time: time))
    }

    /// Advances `value` and `velocity` by `deltaTime` seconds toward `target`
    /// exactly (closed form, no integration error), as SwiftUI's
    /// `update(value:velocity:target:deltaTime:)` does for a custom animation.
    /// A negative `deltaTime` acts as 0.
    ///
    /// Uses one subtraction, one scale, three axpy kernels and one
    /// `magnitudeSquared` (the range check above) on `V`.
    @inlinable
    public func update<V: VectorArithmetic>(
        value: inout V, velocity: inout V, target: V, deltaTime: Double
    ) {
        let p = propagator(time: deltaTime)
        let displacement = value - target
        guard displacement.magnitudeSquared.isFinite else {
            let half = value.scaled(by: 0.5) - target.scaled(by: 0.5)
            value = target.scaled(by: 0.5)
            value.add(half, scaledBy: p.positionFromDisplacement)
            value.add(velocity, scaledBy: p.positionFromVelocity * 0.5)
            value.scale(by: 2)
            velocity.scale(by: p.velocityFromVelocity * 0.5)
            velocity.add(half, scaledBy: p.velocityFromDisplacement)
            velocity.scale(by: 2)
            return
        }
        value = target
        value.add(displacement, scaledBy: p.positionFromDisplacement)
        value.add(velocity, scaledBy: p.positionFromVelocity)
        velocity.scale(by: p.velocityFromVelocity)
        velocity.add(displacement, scaledBy: p.velocityFromDisplacement)
    }
}
