import ODEReference
import SpringModel
import VectorKernels

/// End-to-end work an animation engine does per display frame for N points
/// moved by one spring, timed like the kernels.
public enum SpringWorkload: String, CaseIterable, Sendable {
    /// One 120 Hz frame of the exact closed-form step: the spring's propagator
    /// (four scalars, computed once) applied to N displacements and velocities
    /// with the backend's kernels — a copy, two scales and two axpys, no allocation.
    case closedFormFrame = "spring-closed-form-frame"
    /// One Dormand–Prince 5(4) step of the ODE reference over a 120 Hz frame,
    /// as a frame loop runs it (an `AdaptiveIntegrator.Stepper` kept across
    /// frames): six acceleration evaluations, the fused stage combinations and
    /// the error estimate, through the backend's kernels, no allocation.
    case odeStep = "spring-dp54-step"

    /// The spring every workload animates: SwiftUI's `.bouncy` (duration 0.5, bounce 0.3).
    @usableFromInline package static let spring = try! Spring(
        mass: 1, stiffness: 157.91367041742973, damping: 17.59291886010284)
    @usableFromInline package static let frameSeconds = FrameBudget.frameSeconds
}

/// N points' displacements from the target and velocities.
@usableFromInline
package final class SpringState<Backend: KernelBackend> {
    @usableFromInline package typealias Vector = PointVector<Backend, ZeroExtending>
    @usableFromInline package var displacement: Vector
    @usableFromInline package var velocity: Vector
    @usableFromInline var scratch: Vector
    @usableFromInline let propagator: SpringPropagator
    @usableFromInline let integrator: AdaptiveIntegrator<SpringAcceleration<Backend>>
    /// Made on the first ODE frame (its buffers are eleven states' worth).
    @usableFromInline var stepper: AdaptiveIntegrator<SpringAcceleration<Backend>>.Stepper?

    @inlinable
    package init(size: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        displacement = Vector((0..<size).map { _ in Double.random(in: -1...1, using: &rng) })
        velocity = Vector(repeating: 0, count: size)
        scratch = Vector(repeating: 0, count: size)
        let spring = SpringWorkload.spring
        propagator = SpringPropagator(
            naturalFrequency: spring.naturalFrequency, dampingRatio: spring.dampingRatio,
            time: SpringWorkload.frameSeconds)
        integrator = AdaptiveIntegrator(
            .dormandPrince54,
            system: SpringAcceleration(
                stiffnessOverMass: spring.stiffness / spring.mass,
                dampingOverMass: spring.damping / spring.mass))
    }

    /// The timed operation of `workload` on this state.
    @inlinable
    package func operation(_ workload: SpringWorkload) -> TimedOperation {
        switch workload {
        case .closedFormFrame: return TimedOperation { n in self.closedFormFrames(n) }
        case .odeStep: return TimedOperation { n in self.odeSteps(n) }
        }
    }

    /// The displacements and velocities `workload` has moved: the ODE
    /// workload's live in its stepper (nothing is copied back per frame).
    @inlinable
    package func moved(by workload: SpringWorkload) -> (displacement: Vector, velocity: Vector) {
        if workload == .odeStep, let stepper { return (stepper.position, stepper.velocity) }
        return (displacement, velocity)
    }

    /// `n` frames of u ← A·u + B·v, v ← C·u + D·v, in place.
    @inlinable
    func closedFormFrames(_ n: Int) {
        var u = Vector(), v = Vector(), s = Vector()
        swap(&u, &displacement)
        swap(&v, &velocity)
        swap(&s, &scratch)
        let p = propagator
        for _ in 0..<n {
            s.assign(from: u)
            s.scale(by: p.velocityFromDisplacement)
            s.add(v, scaledBy: p.velocityFromVelocity)  // s = new velocity
            u.scale(by: p.positionFromDisplacement)
            u.add(v, scaledBy: p.positionFromVelocity)  // u = new displacement
            swap(&v, &s)
        }
        // Keep the motion from decaying to subnormals over millions of frames.
        if u.magnitudeSquared < 1e-100 * Double(u.count) { u.scale(by: 1e50) }
        swap(&u, &displacement)
        swap(&v, &velocity)
        swap(&s, &scratch)
    }

    /// `n` single Dormand–Prince steps of one frame each.
    @inlinable
    func odeSteps(_ n: Int) {
        do {
            var stepper = try self.stepper ?? integrator.makeStepper(position: displacement, velocity: velocity)
            self.stepper = nil  // unique buffers while stepping
            for _ in 0..<n {
                try stepper.step(by: SpringWorkload.frameSeconds)
            }
            // Keep the motion from decaying to subnormals over millions of frames.
            let position = stepper.position
            if position.magnitudeSquared < 1e-100 * Double(position.count) {
                try stepper.restart(
                    at: 0, position: position.scaled(by: 1e50), velocity: stepper.velocity.scaled(by: 1e50))
            }
            self.stepper = stepper
        } catch {
            preconditionFailure("a frame step of a stable spring cannot fail: \(error)")
        }
    }
}

/// `a = −(k/m)·u − (c/m)·v` for displacement `u` from the target, written in
/// one pass (``PointVector/formLinearCombination(_:scaledBy:_:scaledBy:)``),
/// as a system written for `PointVector` would.
@usableFromInline
struct SpringAcceleration<Backend: KernelBackend>: SecondOrderSystem {
    @usableFromInline package typealias Vector = PointVector<Backend, ZeroExtending>
    @usableFromInline let stiffnessOverMass: Double
    @usableFromInline let dampingOverMass: Double

    @inlinable
    init(stiffnessOverMass: Double, dampingOverMass: Double) {
        self.stiffnessOverMass = stiffnessOverMass
        self.dampingOverMass = dampingOverMass
    }

    @inlinable
    func acceleration(time: Double, position: Vector, velocity: Vector, into acceleration: inout Vector) {
        acceleration.formLinearCombination(position, scaledBy: -stiffnessOverMass, velocity, scaledBy: -dampingOverMass)
    }
}
