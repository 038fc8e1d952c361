import VectorKernels

/// A fixed-step integrator of the kind animation systems run each frame:
/// SpringBench reproduces them to measure their error against the adaptive
/// reference, per scheme and step size.
///
/// A scheme advances `(x, v)` by one step of a given size; ``integrate(_:from:to:position:velocity:)``
/// repeats it at ``stepSize``. Schemes are generic over `VectorArithmetic`
/// and work in a ``FixedStepScratch`` allocated once per run.
public protocol FixedStepScheme: Sendable, CustomStringConvertible {
    /// A short name for reports (`semi-implicit Euler 1 ms`).
    var name: String { get }
    /// The order of accuracy (global error `O(h^order)`).
    var order: Int { get }
    /// The step, in the system's time unit (seconds for springs).
    var stepSize: Double { get }
    /// Acceleration evaluations per step.
    var evaluationsPerStep: Int { get }

    /// Advances `state` from `time` by `h`.
    func advance<System: SecondOrderSystem>(
        _ system: System, time: Double, by h: Double,
        state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>)
}

/// Working buffers of a fixed-step scheme, shaped like the state (allocated on
/// first use, reused afterwards).
public struct FixedStepScratch<Vector: VectorArithmetic> {
    @usableFromInline var pairs: [PhaseState<Vector>]

    /// Buffers shaped like `state`.
    @inlinable
    public init(like state: PhaseState<Vector>) {
        pairs = Array(repeating: state, count: 5)
    }
}

/// The outcome of a fixed-step run.
public struct FixedStepRun<Vector: VectorArithmetic> {
    /// The scheme's name.
    public var scheme: String
    /// The step size used.
    public var stepSize: Double
    /// The state at the end time.
    public var finalState: PhaseState<Vector>
    /// Whole steps of ``stepSize`` taken.
    public var steps: Int
    /// The size of a last, shorter step that landed on the end time, or 0 when
    /// the interval was a whole number of steps.
    public var finalPartialStep: Double
    /// Acceleration evaluations.
    public var functionEvaluations: Int

    @inlinable
    public init(
        scheme: String, stepSize: Double, finalState: PhaseState<Vector>, steps: Int,
        finalPartialStep: Double, functionEvaluations: Int
    ) {
        self.scheme = scheme
        self.stepSize = stepSize
        self.finalState = finalState
        self.steps = steps
        self.finalPartialStep = finalPartialStep
        self.functionEvaluations = functionEvaluations
    }
}

extension FixedStepRun: Sendable where Vector: Sendable {}

extension FixedStepScheme {
    public var description: String { name }

    /// Integrates from `start` to `end` in steps of ``stepSize``; when the
    /// interval is not a whole number of steps (to within 1e-9 of a step), a
    /// last shorter step lands on `end`. Step `i` starts at `start + i·h`
    /// (no accumulated drift).
    @inlinable
    public func integrate<System: SecondOrderSystem>(
        _ system: System, from start: Double, to end: Double,
        position: System.Vector, velocity: System.Vector
    ) throws(IntegrationError) -> FixedStepRun<System.Vector> {
        let h = stepSize
        guard h.isFinite, h > 0 else {
            throw .invalidParameter(name: "stepSize", value: h, validRange: "finite and > 0")
        }
        guard start.isFinite else { throw .invalidParameter(name: "start", value: start, validRange: "finite") }
        guard end.isFinite, end >= start else {
            throw .invalidParameter(name: "end", value: end, validRange: "finite and ≥ start (\(start))")
        }
        var state = PhaseState(position, velocity)
        guard state.magnitudeSquared.isFinite else { throw .nonFiniteInitialState }
        let exactSteps = (end - start) / h
        var whole = exactSteps.rounded(.down)
        if exactSteps - whole > 1 - 1e-9 { whole += 1 }
        guard whole < Double(Int.max / 16) else {
            throw .invalidParameter(name: "end", value: end, validRange: "within \(Int.max / 16) steps of start")
        }
        let steps = Int(whole)
        var scratch = FixedStepScratch(like: state)
        for i in 0..<steps {
            advance(system, time: start + Double(i) * h, by: h, state: &state, scratch: &scratch)
        }
        let reached = start + Double(steps) * h
        var partial = 0.0
        if end - reached > 1e-9 * h {
            partial = end - reached
            advance(system, time: reached, by: partial, state: &state, scratch: &scratch)
        }
        guard state.magnitudeSquared.isFinite else { throw .nonFiniteState(time: end) }
        return FixedStepRun(
            scheme: name, stepSize: h, finalState: state, steps: steps, finalPartialStep: partial,
            functionEvaluations: (steps + (partial > 0 ? 1 : 0)) * evaluationsPerStep)
    }

    /// The state after each of `count` steps of ``stepSize`` from `start`
    /// (element 0 is the state after the first step): the motion as an
    /// animation engine produces it, for plots and per-step error tables.
    @inlinable
    public func trajectory<System: SecondOrderSystem>(
        _ system: System, from start: Double, steps count: Int,
        position: System.Vector, velocity: System.Vector
    ) -> [PhaseState<System.Vector>] {
        precondition(count >= 0, "trajectory: steps must be ≥ 0, got \(count)")
        var state = PhaseState(position, velocity)
        var scratch = FixedStepScratch(like: state)
        var result: [PhaseState<System.Vector>] = []
        result.reserveCapacity(count)
        for i in 0..<count {
            advance(system, time: start + Double(i) * stepSize, by: stepSize, state: &state, scratch: &scratch)
            result.append(state)
        }
        return result
    }
}
