/// What an adaptive run did and the error it promises.
///
/// ## The promise
/// Each accepted step `n` comes with a local error estimate `ℓₙ = h·‖Σ eⱼkⱼ‖`
/// (absolute, in the Euclidean norm of the phase state `(x, v)`): the
/// difference between the propagated solution and the embedded one (4th order
/// for DP5(4), 5th for DOP853). The controller keeps its own estimate (the same
/// for DP5(4); for DOP853 Hairer's sharper `‖e₅‖²/√(‖e₅‖² + 0.01‖e₃‖²)`)
/// below `atol + rtol·max(‖yₙ‖, ‖yₙ₊₁‖)`; the promise uses `ℓₙ`, which is
/// larger. By Lady Windermere's fan
/// (Hairer, Nørsett, Wanner, *Solving ODEs I*, §II.3), the global error at the
/// end of step `N` is at most `Σ ‖Φ(t_N, tₙ₊₁)‖·ℓₙ`, where `Φ` propagates
/// perturbations along the exact flow. ``globalErrorBound`` is `Σ ℓₙ`: the
/// bound for a flow that does not expand perturbations in this norm
/// (`‖Φ‖ ≤ 1`). For a flow that expands by at most `K`, multiply by `K`
/// (a damped spring: `K = max(ω₀, 1/ω₀)`, from its non-increasing energy
/// `ω₀²x² + v²`). The estimates are asymptotic: they bound the true local
/// errors as `h → 0` (both pairs propagate the higher-order solution, whose
/// local error is smaller than `ℓₙ` by a factor `O(h)` for DP5(4) and `O(h³)`
/// for DOP853), which the test suite checks against closed forms on a grid.
/// Rounding adds about `u·‖y‖` per step on top.
public struct IntegrationStatistics: Sendable, Equatable, CustomStringConvertible {
    /// The pair's name (`DP5(4)`, `DOP853`).
    public var method: String
    /// The requested relative tolerance.
    public var relativeTolerance: Double
    /// The requested absolute tolerance (on the Euclidean norm of the whole state).
    public var absoluteTolerance: Double
    /// Steps accepted.
    public var acceptedSteps = 0
    /// Steps rejected by the error test (each one repeated with a smaller step).
    public var rejectedSteps = 0
    /// Evaluations of the acceleration (derivative of the phase state).
    public var functionEvaluations = 0
    /// `Σ ℓₙ` over accepted steps: the promised global error bound for a
    /// non-expanding flow (see the type's discussion).
    public var globalErrorBound = 0.0
    /// The largest local error estimate of an accepted step.
    public var largestLocalErrorEstimate = 0.0
    /// The smallest and largest accepted step, in the time unit of the system.
    public var smallestStep = Double.infinity
    public var largestStep = 0.0

    public init(method: String, relativeTolerance: Double, absoluteTolerance: Double) {
        self.method = method
        self.relativeTolerance = relativeTolerance
        self.absoluteTolerance = absoluteTolerance
    }

    public var description: String {
        "\(method) rtol \(relativeTolerance) atol \(absoluteTolerance): \(acceptedSteps) steps accepted, "
            + "\(rejectedSteps) rejected, \(functionEvaluations) evaluations, "
            + "global error bound \(globalErrorBound)"
    }
}
