import VectorKernels

/// The result of an adaptive run: the final state, the accepted steps with
/// their error estimates, the statistics and, when recorded, the dense output
/// for evaluation at any time in the interval.
public struct AdaptiveSolution<Vector: VectorArithmetic> {
    /// The initial time.
    public let start: Double
    /// The final time.
    public let end: Double
    /// The state at ``end``.
    public let finalState: PhaseState<Vector>
    /// The accepted step sizes, in order (replay them with
    /// ``AdaptiveIntegrator/integrate(from:position:velocity:stepSizes:recordingDenseOutput:)``).
    public let stepSizes: [Double]
    /// The time at which each accepted step began.
    public let stepStarts: [Double]
    /// The local error estimate of each accepted step (absolute, Euclidean norm
    /// of the phase state).
    public let localErrorEstimates: [Double]
    /// `cumulativeErrorEstimates[n]` is the sum of the first `n + 1` local
    /// error estimates.
    public let cumulativeErrorEstimates: [Double]
    /// What the run did and the global error bound it promises.
    public let statistics: IntegrationStatistics
    /// One segment per accepted step when dense output was recorded, else empty.
    public let segments: [DenseOutputSegment<Vector>]

    @usableFromInline
    init(
        start: Double, end: Double, finalState: PhaseState<Vector>, stepSizes: [Double], stepStarts: [Double],
        localErrorEstimates: [Double], statistics: IntegrationStatistics,
        segments: [DenseOutputSegment<Vector>]
    ) {
        self.start = start
        self.end = end
        self.finalState = finalState
        self.stepSizes = stepSizes
        self.stepStarts = stepStarts
        self.localErrorEstimates = localErrorEstimates
        var sum = 0.0
        self.cumulativeErrorEstimates = localErrorEstimates.map {
            sum += $0
            return sum
        }
        self.statistics = statistics
        self.segments = segments
    }

    /// The index of the step whose interval holds `time` (clamped to the run).
    public func stepIndex(containing time: Double) -> Int {
        precondition(!stepStarts.isEmpty, "AdaptiveSolution: the run has no steps")
        var low = 0
        var high = stepStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stepStarts[mid] <= time { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The solution at `time`, from the dense output of the step that holds it.
    ///
    /// - Precondition: dense output was recorded and `start ≤ time ≤ end`.
    public func state(at time: Double) -> PhaseState<Vector> {
        precondition(!segments.isEmpty, "AdaptiveSolution.state(at:): dense output was not recorded")
        precondition(time >= start && time <= end, "AdaptiveSolution.state(at:): \(time) is outside [\(start), \(end)]")
        return segments[stepIndex(containing: time)].state(at: time)
    }

    /// The promised bound on the global error at `time` for a non-expanding flow
    /// (see ``IntegrationStatistics``): the estimates of every step before the
    /// one holding `time`, plus that step's own, which also covers its dense
    /// output to the same asymptotic accuracy.
    ///
    /// - Complexity: O(log n) for n steps.
    public func errorBound(at time: Double) -> Double {
        cumulativeErrorEstimates[stepIndex(containing: time)]
    }
}

extension AdaptiveSolution: Sendable where Vector: Sendable {}
