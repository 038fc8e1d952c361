import VectorKernels

extension AdaptiveIntegrator {
    /// One state advanced step by step with the integrator's pair, keeping its
    /// working memory between steps: what a frame loop holds on to.
    ///
    /// ``AdaptiveIntegrator/integrate(from:to:position:velocity:recordingDenseOutput:)``
    /// sets up its buffers and records every step, which is right for one run
    /// and wasteful for one step per display frame. A stepper sets up once;
    /// each ``step(by:)`` then runs the pair's stages into the same buffers and
    /// swaps the result in, so an N-point `PointVector` state is stepped
    /// without allocating (0 allocations per step, counted in the tests).
    ///
    /// ```swift
    /// var stepper = try integrator.makeStepper(position: x, velocity: v)
    /// for _ in 0..<frames {
    ///     try stepper.step(by: 1.0 / 120)
    ///     draw(stepper.position)
    /// }
    /// ```
    ///
    /// A step has the size it is given (no error control, as
    /// ``AdaptiveIntegrator/integrate(from:position:velocity:stepSizes:recordingDenseOutput:)``);
    /// ``localErrorEstimate`` says how large its error was estimated to be.
    public struct Stepper {
        @usableFromInline var core: RungeKuttaStepper<System>

        @inlinable
        init(core: RungeKuttaStepper<System>) {
            self.core = core
        }

        /// The time of ``state``.
        @inlinable public var time: Double { core.time }
        /// The position and velocity at ``time``.
        @inlinable public var state: PhaseState<Vector> { core.state }
        /// The position at ``time``.
        @inlinable public var position: Vector { core.state.first }
        /// The velocity at ``time``.
        @inlinable public var velocity: Vector { core.state.second }
        /// Acceleration evaluations so far, the first one at the start included.
        @inlinable public var functionEvaluations: Int { core.functionEvaluations }
        /// `h·‖Σ eⱼkⱼ‖` of the last step: its difference to the embedded
        /// solution (0 before the first step).
        @inlinable public var localErrorEstimate: Double { core.embeddedDifference }

        /// Advances ``state`` by one step of size `h`.
        ///
        /// - Throws: ``IntegrationError/invalidParameter(name:value:validRange:)``
        ///   when `h` is not finite and positive, and
        ///   ``IntegrationError/nonFiniteState(time:)`` when the step's result is
        ///   not finite; in both cases the stepper stays where it was.
        @inlinable
        public mutating func step(by h: Double) throws(IntegrationError) {
            guard h.isFinite, h > 0 else {
                throw .invalidParameter(name: "h", value: h, validRange: "finite and > 0")
            }
            let newTime = core.time + h
            guard newTime.isFinite else {
                throw .invalidParameter(name: "h", value: h, validRange: "finite, > 0 and with time + h finite")
            }
            try core.attemptUncontrolledStep(size: h)
            core.accept(stepSize: h, landingAt: newTime)
        }

        /// Starts again from `position` and `velocity` at `time`, copying them
        /// into the stepper's buffers (no allocation when their shapes are
        /// those of the current state).
        ///
        /// - Throws: ``IntegrationError/invalidParameter(name:value:validRange:)``
        ///   for a non-finite time and ``IntegrationError/nonFiniteInitialState``
        ///   for a non-finite state; the stepper is then unchanged.
        @inlinable
        public mutating func restart(at time: Double, position: Vector, velocity: Vector) throws(IntegrationError) {
            guard time.isFinite else { throw .invalidParameter(name: "time", value: time, validRange: "finite") }
            guard (position.magnitudeSquared + velocity.magnitudeSquared).isFinite else {
                throw .nonFiniteInitialState
            }
            core.restart(at: time, position: position, velocity: velocity)
        }
    }

    /// A ``Stepper`` at (`time`, `position`, `velocity`), with this
    /// integrator's system and pair (its tolerances and controller play no
    /// part: the caller chooses each step).
    ///
    /// - Throws: ``IntegrationError/invalidParameter(name:value:validRange:)``
    ///   for a non-finite time and ``IntegrationError/nonFiniteInitialState``
    ///   for a non-finite state.
    @inlinable
    public func makeStepper(at time: Double = 0, position: Vector, velocity: Vector) throws(IntegrationError) -> Stepper
    {
        guard time.isFinite else { throw .invalidParameter(name: "time", value: time, validRange: "finite") }
        let state = PhaseState(position, velocity)
        guard state.magnitudeSquared.isFinite else { throw .nonFiniteInitialState }
        return Stepper(
            core: RungeKuttaStepper(
                pair: pair, system: system, time: time, state: state, estimatingStiffness: false))
    }
}
