import VectorKernels

// Closed-form motion with SwiftUI's `Spring` semantics, generic over
// `VectorArithmetic`. One scalar evaluation (``SpringPropagator``) serves every
// component; the vector work is the kernels `-` (once), `scale` and axpy
// (`add(_:scaledBy:)`), so an N-point vector moves through its backend.

extension Spring {
    /// The propagator of this spring over `time` seconds (≥ 0).
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
        var value = target
        value.add(start - target, scaledBy: p.positionFromDisplacement)
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
        var velocity = initialVelocity.scaled(by: p.velocityFromVelocity)
        velocity.add(start - target, scaledBy: p.velocityFromDisplacement)
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
        var force = (target - position).scaled(by: stiffness)
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
    ///
    /// Uses one subtraction, one scale and three axpy kernels on `V`.
    @inlinable
    public func update<V: VectorArithmetic>(
        value: inout V, velocity: inout V, target: V, deltaTime: Double
    ) {
        let p = propagator(time: deltaTime)
        let displacement = value - target
        value = target
        value.add(displacement, scaledBy: p.positionFromDisplacement)
        value.add(velocity, scaledBy: p.positionFromVelocity)
        velocity.scale(by: p.velocityFromVelocity)
        velocity.add(displacement, scaledBy: p.velocityFromDisplacement)
    }
}
