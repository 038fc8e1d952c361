import VectorKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An adaptive embedded Runge–Kutta integrator with error control and dense
/// output for second-order systems, generic over `VectorArithmetic`: the
/// numerical reference of SpringBench.
///
/// It integrates `y = (x, v)`, `y' = (v, a(t, x, v))` with an
/// ``EmbeddedRungeKuttaPair`` — ``EmbeddedRungeKuttaPair/dormandPrince54``
/// by default, ``EmbeddedRungeKuttaPair/dormandPrince853`` for tolerances near
/// 1e-12 — choosing steps so that each local error estimate stays below
/// `atol + rtol·max(‖yₙ‖, ‖yₙ₊₁‖)` in the Euclidean norm of the whole state
/// (Hairer's controller, ``StepSizeController``). Every run reports what it
/// did and the global error it promises (``IntegrationStatistics``).
///
/// ```swift
/// let spring = AccelerationField<Double> { _, x, v in -100 * (x - 1) - 10 * v }
/// let reference = AdaptiveIntegrator(.dormandPrince853, system: spring,
///                                    relativeTolerance: 1e-12, absoluteTolerance: 1e-14)
/// let run = try reference.integrate(from: 0, to: 2, position: 0, velocity: 0,
///                                   recordingDenseOutput: true)
/// let x = run.state(at: 0.37).position
/// ```
///
/// Because it only combines and scales whole vectors, the same integrator
/// moves an N-point `PointVector` through any backend. The stage arithmetic
/// works in place: each stage input, the solution and the error vector are one
/// `VectorArithmetic.formLinearCombination(base:terms:weights:factor:)` into
/// buffers allocated on the first step, so an attempt and an acceptance
/// allocate nothing. A run still records each step (its arrays grow) and dense
/// output, recorded or sampled, allocates its coefficients; a frame loop that
/// steps one state for ever keeps a ``Stepper`` instead, which allocates
/// nothing per step (counted in the tests).
///
/// Time runs forward (`end > start`).
public struct AdaptiveIntegrator<System: SecondOrderSystem> {
    public typealias Vector = System.Vector

    /// The system x'' = a(t, x, v).
    public var system: System
    /// The embedded pair.
    public var pair: EmbeddedRungeKuttaPair
    /// `rtol`: the allowed local error relative to ‖y‖ (≥ 0).
    public var relativeTolerance: Double
    /// `atol`: the allowed absolute local error, on the Euclidean norm of the
    /// whole phase state (≥ 0; not both tolerances 0).
    public var absoluteTolerance: Double
    /// The step-size controller (by default the pair's, from Hairer's code).
    public var controller: StepSizeController
    /// The largest step; `nil` means the whole interval.
    public var maximumStepSize: Double?
    /// The first step; `nil` means Hairer's estimate.
    public var initialStepSize: Double?
    /// The most steps (accepted and rejected) a run may take.
    public var maximumSteps: Int = 1_000_000

    public init(
        _ pair: EmbeddedRungeKuttaPair = .dormandPrince54, system: System,
        relativeTolerance: Double = 1e-10, absoluteTolerance: Double = 1e-12
    ) {
        self.system = system
        self.pair = pair
        self.relativeTolerance = relativeTolerance
        self.absoluteTolerance = absoluteTolerance
        self.controller = pair.defaultController
    }

    /// Integrates from `start` to `end`.
    ///
    /// `recordingDenseOutput`: keep each step's continuous extension,
    ///   for ``AdaptiveSolution/state(at:)`` (DOP853 pays 3 evaluations per
    ///   step for it; memory grows with the steps).
    @inlinable
    public func integrate(
        from start: Double, to end: Double, position: Vector, velocity: Vector,
        recordingDenseOutput: Bool = false
    ) throws(IntegrationError) -> AdaptiveSolution<Vector> {
        try validate(start: start, end: end)
        var collector = DenseOutputCollector<Vector>(mode: recordingDenseOutput ? .record : .none)
        let solution = try run(
            from: start, to: end, state: PhaseState(position, velocity), stepSizes: nil, collector: &collector)
        return solution.with(segments: collector.segments)
    }

    /// Integrates from `start` to the last of `times` (sorted, each ≥ `start`)
    /// and returns the state at each time from the dense output, without
    /// keeping the steps' extensions.
    @inlinable
    public func integrate(
        from start: Double, position: Vector, velocity: Vector, sampledAt times: [Double]
    ) throws(IntegrationError) -> (samples: [PhaseState<Vector>], solution: AdaptiveSolution<Vector>) {
        guard let end = times.last else {
            throw .invalidParameter(name: "times", value: .nan, validRange: "a non-empty sorted list")
        }
        try validate(start: start, end: end)
        for (i, t) in times.enumerated() where !t.isFinite || t < start || (i > 0 && t < times[i - 1]) {
            throw .invalidParameter(name: "times[\(i)]", value: t, validRange: "finite, ≥ start and sorted")
        }
        var collector = DenseOutputCollector<Vector>(mode: .sample(times))
        let solution = try run(
            from: start, to: end, state: PhaseState(position, velocity), stepSizes: nil, collector: &collector)
        return (collector.samples, solution)
    }

    /// Integrates with the given step sizes and no error control: to replay an
    /// adaptive run's steps (``AdaptiveSolution/stepSizes``) on another
    /// representation of the same state, or to measure the order of the pair.
    /// The error estimates are still computed and reported.
    @inlinable
    public func integrate(
        from start: Double, position: Vector, velocity: Vector, stepSizes: [Double],
        recordingDenseOutput: Bool = false
    ) throws(IntegrationError) -> AdaptiveSolution<Vector> {
        for (i, h) in stepSizes.enumerated() where !(h.isFinite && h > 0) {
            throw .invalidParameter(name: "stepSizes[\(i)]", value: h, validRange: "finite and > 0")
        }
        let end = stepSizes.reduce(start, +)
        try validate(start: start, end: end)
        var collector = DenseOutputCollector<Vector>(mode: recordingDenseOutput ? .record : .none)
        let solution = try run(
            from: start, to: end, state: PhaseState(position, velocity), stepSizes: stepSizes, collector: &collector)
        return solution.with(segments: collector.segments)
    }

    @inlinable
    func validate(start: Double, end: Double) throws(IntegrationError) {
        guard start.isFinite else { throw .invalidParameter(name: "start", value: start, validRange: "finite") }
        guard end.isFinite, end > start else {
            throw .invalidParameter(name: "end", value: end, validRange: "finite and > start (\(start))")
        }
        guard relativeTolerance.isFinite, relativeTolerance >= 0 else {
            throw .invalidParameter(name: "relativeTolerance", value: relativeTolerance, validRange: "finite and ≥ 0")
        }
        guard absoluteTolerance.isFinite, absoluteTolerance >= 0, absoluteTolerance + relativeTolerance > 0 else {
            throw .invalidParameter(
                name: "absoluteTolerance", value: absoluteTolerance,
                validRange: "finite and ≥ 0, and > 0 when relativeTolerance is 0")
        }
        if let hmax = maximumStepSize, !(hmax.isFinite && hmax > 0) {
            throw .invalidParameter(name: "maximumStepSize", value: hmax, validRange: "finite and > 0")
        }
        if let h0 = initialStepSize, !(h0.isFinite && h0 > 0) {
            throw .invalidParameter(name: "initialStepSize", value: h0, validRange: "finite and > 0")
        }
    }

    /// The step loop of Hairer's dopri5/dop853 (`dopcor`), handing each
    /// accepted attempt to `collector` before the stepper moves on (so it can
    /// build dense output). No closures: they allocate per call in
    /// unoptimised builds.
    @inlinable
    func run(
        from start: Double, to end: Double, state initial: PhaseState<Vector>, stepSizes fixedSteps: [Double]?,
        collector: inout DenseOutputCollector<Vector>
    ) throws(IntegrationError) -> AdaptiveSolution<Vector> {
        guard initial.magnitudeSquared.isFinite else { throw .nonFiniteInitialState }
        var log = RunLog(
            statistics: IntegrationStatistics(
                method: pair.name, relativeTolerance: relativeTolerance, absoluteTolerance: absoluteTolerance))
        var stepper = RungeKuttaStepper(
            pair: pair, system: system, time: start, state: initial,
            estimatingStiffness: controller.stabilityLimit != nil)

        if let fixedSteps {
            for h in fixedSteps {
                try stepper.attemptUncontrolledStep(size: h)
                log.record(stepSize: h, start: stepper.time, estimate: stepper.embeddedDifference)
                let newTime = stepper.time + h
                collector.collect(&stepper, stepSize: h, end: newTime)
                stepper.accept(stepSize: h, landingAt: newTime)
            }
        } else {
            let hmax = Swift.min(maximumStepSize ?? (end - start), end - start)
            let alpha = 1 / Double(pair.errorExponent) - 0.75 * controller.beta
            var h =
                initialStepSize.map { Swift.min($0, hmax) }
                ?? stepper.initialStepSize(
                    order: pair.errorExponent, relativeTolerance: relativeTolerance,
                    absoluteTolerance: absoluteTolerance, maximum: hmax)
            var previousError = 1e-4
            var rejectedLast = false
            var attempts = 0
            while true {
                attempts += 1
                if attempts > maximumSteps {
                    throw .tooManySteps(limit: maximumSteps, reachedTime: stepper.time)
                }
                if 0.1 * h <= abs(stepper.time) * Double.ulpOfOne / 2 || h < Double.leastNormalMagnitude {
                    throw .stepSizeUnderflow(time: stepper.time, stepSize: h)
                }
                var last = false
                if stepper.time + 1.01 * h >= end {
                    h = end - stepper.time
                    last = true
                }
                let estimate = stepper.attemptStep(size: h)
                let scale =
                    absoluteTolerance
                    + relativeTolerance * Swift.max(stepper.state.norm, stepper.candidate.norm)
                let error = estimate / scale
                if error <= 1 {
                    log.record(stepSize: h, start: stepper.time, estimate: stepper.embeddedDifference)
                    let newTime = last ? end : stepper.time + h
                    collector.collect(&stepper, stepSize: h, end: newTime)
                    stepper.accept(stepSize: h, landingAt: newTime)
                    if last { break }
                    var factor = pow(error, alpha) / pow(previousError, controller.beta) / controller.safety
                    factor = Swift.min(1 / controller.minimumFactor, Swift.max(1 / controller.maximumFactor, factor))
                    var next = Swift.min(h / factor, hmax)
                    if let limit = controller.stabilityLimit, stepper.stiffnessEstimate > 0 {
                        next = Swift.min(next, limit / stepper.stiffnessEstimate)
                    }
                    if rejectedLast { next = Swift.min(next, h) }
                    previousError = Swift.max(error, 1e-4)
                    rejectedLast = false
                    h = next
                } else {
                    // NaN also lands here and shrinks the step until it underflows.
                    let shrink =
                        error.isNaN
                        ? 1 / controller.minimumFactor
                        : Swift.min(1 / controller.minimumFactor, pow(error, alpha) / controller.safety)
                    h /= shrink
                    log.statistics.rejectedSteps += 1
                    rejectedLast = true
                }
            }
        }
        log.statistics.functionEvaluations = stepper.functionEvaluations
        return AdaptiveSolution(
            start: start, end: stepper.time, finalState: stepper.state, stepSizes: log.stepSizes,
            stepStarts: log.stepStarts, localErrorEstimates: log.estimates, statistics: log.statistics, segments: [])
    }
}

/// What a run does with the dense output of each accepted step.
@usableFromInline
internal struct DenseOutputCollector<Vector: VectorArithmetic> {
    @usableFromInline
    enum Mode {
        case none, record
        case sample([Double])
    }

    @usableFromInline let mode: Mode
    @usableFromInline var segments: [DenseOutputSegment<Vector>] = []
    @usableFromInline var samples: [PhaseState<Vector>] = []
    @usableFromInline var nextSample = 0

    @inlinable
    init(mode: Mode) {
        self.mode = mode
    }

    @inlinable
    mutating func collect<System: SecondOrderSystem>(
        _ stepper: inout RungeKuttaStepper<System>, stepSize h: Double, end: Double
    ) where System.Vector == Vector {
        switch mode {
        case .none:
            return
        case .record:
            segments.append(
                DenseOutputSegment(
                    start: stepper.time, stepSize: h, coefficients: stepper.denseOutputCoefficients(stepSize: h)))
        case .sample(let times):
            guard nextSample < times.count, times[nextSample] <= end else { return }
            let segment = DenseOutputSegment(
                start: stepper.time, stepSize: h, coefficients: stepper.denseOutputCoefficients(stepSize: h))
            while nextSample < times.count, times[nextSample] <= end {
                samples.append(segment.state(at: times[nextSample]))
                nextSample += 1
            }
        }
    }
}

/// The per-step records of a run.
@usableFromInline
internal struct RunLog {
    @usableFromInline var statistics: IntegrationStatistics
    @usableFromInline var stepSizes: [Double] = []
    @usableFromInline var stepStarts: [Double] = []
    @usableFromInline var estimates: [Double] = []

    @inlinable
    init(statistics: IntegrationStatistics) {
        self.statistics = statistics
    }

    @inlinable
    mutating func record(stepSize h: Double, start: Double, estimate: Double) {
        stepSizes.append(h)
        stepStarts.append(start)
        estimates.append(estimate)
        statistics.acceptedSteps += 1
        statistics.globalErrorBound += estimate
        statistics.largestLocalErrorEstimate = Swift.max(statistics.largestLocalErrorEstimate, estimate)
        statistics.smallestStep = Swift.min(statistics.smallestStep, h)
        statistics.largestStep = Swift.max(statistics.largestStep, h)
    }
}

extension AdaptiveSolution {
    @usableFromInline
    func with(segments: [DenseOutputSegment<Vector>]) -> Self {
        AdaptiveSolution(
            start: start, end: end, finalState: finalState, stepSizes: stepSizes, stepStarts: stepStarts,
            localErrorEstimates: localErrorEstimates, statistics: statistics, segments: segments)
    }
}
