/// The coefficients of an explicit embedded Runge–Kutta pair with a
/// continuous extension (dense output): everything ``AdaptiveIntegrator``
/// needs to know about a method.
///
/// Stages are numbered from 0. Stage `i` evaluates the derivative at
/// `t + c[i]·h` and `y + h·Σ_{j<i} a[i][j]·k[j]`; the step's result is
/// `y + h·Σ b[j]·k[j]` and its local error estimate is built from
/// `h·Σ errorWeights[j]·k[j]` (and, for DOP853, a third-order difference).
///
/// Dense output uses Hairer's form (*Solving ODEs I*, §II.6; `contd5`/`contd8`
/// in dopri5.f and dop853.f): with `θ = (t − t₀)/h`, `θ′ = 1 − θ`, `Δ = y₁ − y₀`,
/// ```
/// y(t₀ + θh) = y₀ + θ(Δ + θ′(h·k₀ − Δ + θ(2Δ − h(k₀ + k_end) + θ′(r₅ + θ(r₆ + θ′(r₇ + θ·r₈))))))
/// ```
/// where `k_end = f(t₀ + h, y₁)` and each `r` is `h·Σ denseOutputRows[m][j]·K[j]`
/// over the *extended* stages `K`: the method's stages, then `k_end` unless the
/// last stage already is it (FSAL), then the extra stages of
/// ``extraStageNodes``/``extraStageCoefficients``.
///
/// The two pairs SpringBench uses are ``dormandPrince54`` and
/// ``dormandPrince853``. A copy with one coefficient changed is how a test
/// shows that the verification notices a wrong integrator.
public struct EmbeddedRungeKuttaPair: Sendable, Equatable, CustomStringConvertible {
    /// A short name for reports (`DP5(4)`, `DOP853`).
    public var name: String
    /// The order of the propagated solution (local extrapolation).
    public var order: Int
    /// The order of the embedded solution the error is estimated against.
    public var embeddedOrder: Int
    /// The order of the continuous extension (dense output).
    public var denseOutputOrder: Int
    /// The exponent the step-size controller uses: the local error estimate
    /// behaves like `h^errorExponent` (Hairer uses 5 for dopri5, 8 for dop853).
    public var errorExponent: Int

    /// The nodes `c[i]`.
    public var nodes: [Double]
    /// The coefficients `a[i][j]`, row `i` with `i` entries.
    public var coefficients: [[Double]]
    /// The weights `b[j]` of the propagated solution.
    public var weights: [Double]
    /// `e[j] = b[j] − b̂[j]`: the difference to the embedded solution.
    public var errorWeights: [Double]
    /// DOP853 only: the weights of its third-order solution `b̃`, used with
    /// ``errorWeights`` in Hairer's combined estimate
    /// `‖e₅‖² / √(‖e₅‖² + 0.01·‖e₃‖²)`, `e₃ = h·Σ(b − b̃)·k`.
    public var thirdOrderWeights: [Double]?

    /// Nodes of the extra stages evaluated for dense output only.
    public var extraStageNodes: [Double]
    /// Coefficients of the extra stages, over the extended stages before each.
    public var extraStageCoefficients: [[Double]]
    /// The rows `r₅, r₆, …` of the dense-output polynomial, over the extended stages.
    public var denseOutputRows: [[Double]]

    /// The step-size controller's defaults for this pair (Hairer's codes).
    public var defaultController: StepSizeController

    public init(
        name: String, order: Int, embeddedOrder: Int, denseOutputOrder: Int, errorExponent: Int,
        nodes: [Double], coefficients: [[Double]], weights: [Double], errorWeights: [Double],
        thirdOrderWeights: [Double]? = nil,
        extraStageNodes: [Double] = [], extraStageCoefficients: [[Double]] = [],
        denseOutputRows: [[Double]], defaultController: StepSizeController
    ) {
        self.name = name
        self.order = order
        self.embeddedOrder = embeddedOrder
        self.denseOutputOrder = denseOutputOrder
        self.errorExponent = errorExponent
        self.nodes = nodes
        self.coefficients = coefficients
        self.weights = weights
        self.errorWeights = errorWeights
        self.thirdOrderWeights = thirdOrderWeights
        self.extraStageNodes = extraStageNodes
        self.extraStageCoefficients = extraStageCoefficients
        self.denseOutputRows = denseOutputRows
        self.defaultController = defaultController
    }

    /// The number of stages of one step (including an FSAL stage).
    @inlinable
    public var stageCount: Int { nodes.count }

    /// Whether the last stage is evaluated at the step's result
    /// (`c = 1`, `a[s−1] == b`): "first same as last", so an accepted step's
    /// last derivative is the next step's first.
    @inlinable
    public var isFirstSameAsLast: Bool {
        let last = stageCount - 1
        return nodes[last] == 1 && weights[last] == 0
            && Array(coefficients[last]) == Array(weights[0..<last])
    }

    /// The index of `k_end = f(t + h, y₁)` in the extended stages.
    @inlinable
    public var endDerivativeIndex: Int { isFirstSameAsLast ? stageCount - 1 : stageCount }

    /// The number of extended stages (method, `k_end`, extras).
    @inlinable
    public var extendedStageCount: Int { endDerivativeIndex + 1 + extraStageNodes.count }

    /// The weights `b̂ = b − e` of the embedded solution.
    public var embeddedWeights: [Double] {
        zip(weights, errorWeights).map { $0 - $1 }
    }

    /// The weights `b_j(θ)` of the dense output at `θ`, over the extended
    /// stages: `y(t₀ + θh) = y₀ + h·Σ b_j(θ)·K[j]`. For checking the continuous
    /// order conditions.
    public func denseOutputWeights(at theta: Double) -> [Double] {
        let n = extendedStageCount
        let end = endDerivativeIndex
        let t1 = 1 - theta
        var b = [Double](repeating: 0, count: n)
        let full = weights + [Double](repeating: 0, count: n - weights.count)
        for j in 0..<n {
            let first: Double = j == 0 ? 1 : 0
            let last: Double = j == end ? 1 : 0
            var value = theta * full[j]
            value += theta * t1 * (first - full[j])
            value += theta * theta * t1 * (2 * full[j] - first - last)
            // r5, r6, … alternate the factors θ′, θ, θ′, θ after θ²θ′.
            var factor = theta * theta * t1
            for (m, row) in denseOutputRows.enumerated() {
                factor *= m % 2 == 0 ? t1 : theta
                value += factor * (j < row.count ? row[j] : 0)
            }
            b[j] = value
        }
        return b
    }

    public var description: String { name }
}

/// Hairer's step-size controller (*Solving ODEs I*, §II.4, and the PI
/// "Lund stabilization" of §IV.2 as coded in dopri5.f/dop853.f):
///
/// `h_new = h / clamp(err^α / err_prev^β / safety, 1/maxFactor, 1/minFactor)`,
/// `α = 1/errorExponent − 0.75·β`, where `err` is the local error estimate
/// divided by `atol + rtol·max(‖y₀‖, ‖y₁‖)`; a step is accepted when `err ≤ 1`,
/// after a rejection the step does not grow.
///
/// One addition to Hairer's codes, for a *reference*: the step is also kept
/// below `stabilityLimit / ρ`, where `ρ = ‖f(y₁) − f(Y)‖ / ‖y₁ − Y‖` is the
/// spectral-radius estimate of Hairer's stiffness detection (two evaluations
/// at `t + h`), the largest seen in the run (a fast mode shows while it is
/// excited and must stay resolved after it has decayed). Without it, DOP853
/// steps a mildly stiff problem (an over-damped spring with ζ = 8, once its
/// fast mode has died out) at the edge of its stability region, where the
/// round-off in the dead mode grows, the error estimate misses it and the
/// dense output amplifies it: errors 10⁴× the promised bound on the test grid.
public struct StepSizeController: Sendable, Equatable {
    /// Multiplies the optimal step (Hairer: 0.9).
    public var safety: Double
    /// The smallest ratio `h_new / h` (Hairer: 0.2 for dopri5, 0.333 for dop853).
    public var minimumFactor: Double
    /// The largest ratio `h_new / h` (Hairer: 10 for dopri5, 6 for dop853).
    public var maximumFactor: Double
    /// The PI controller's `β` (Hairer: 0.04 for dopri5, 0 for dop853).
    public var beta: Double

    /// The largest `h·ρ` allowed (`nil`: no limit, as in Hairer's codes).
    /// DOP853 uses 3, half its stability boundary on the negative real axis
    /// (≈ −6); DP5(4), whose error control copes at its boundary, none.
    public var stabilityLimit: Double?

    public init(
        safety: Double = 0.9, minimumFactor: Double, maximumFactor: Double, beta: Double,
        stabilityLimit: Double? = nil
    ) {
        self.safety = safety
        self.minimumFactor = minimumFactor
        self.maximumFactor = maximumFactor
        self.beta = beta
        self.stabilityLimit = stabilityLimit
    }
}
