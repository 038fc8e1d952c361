import VectorKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The working memory and single-step arithmetic of an embedded pair, shared by
/// every driver of ``AdaptiveIntegrator`` and by ``AdaptiveIntegrator/Stepper``.
///
/// All buffers are allocated once (as copies of the initial state, made unique
/// on their first write); a step then only forms linear combinations into them
/// (``VectorArithmetic/formLinearCombination(base:terms:weights:factor:)``), so
/// an N-point ``PointVector`` state steps without allocating. The stage
/// derivatives are kept as two arrays, velocities and accelerations, so that
/// a stage input is one fused combination per component.
@usableFromInline
internal struct RungeKuttaStepper<System: SecondOrderSystem> {
    @usableFromInline package typealias Vector = System.Vector
    @usableFromInline typealias State = PhaseState<Vector>

    @usableFromInline let pair: EmbeddedRungeKuttaPair
    @usableFromInline let system: System

    /// The current time and state (the start of the next step).
    @usableFromInline var time: Double
    @usableFromInline var state: State
    /// The extended stage derivatives `kⱼ = (velocities[j], accelerations[j])`;
    /// `k₀ = f(time, state)` between steps.
    @usableFromInline var velocities: [Vector]
    @usableFromInline var accelerations: [Vector]
    /// The input of the stage being evaluated.
    @usableFromInline var stageInput: State
    /// The result of the last attempted step.
    @usableFromInline var candidate: State
    /// Scratch for error vectors.
    @usableFromInline var scratch: State
    /// Whether `k[endDerivativeIndex]` holds `f(time + h, candidate)`.
    @usableFromInline var hasEndDerivative = false
    @usableFromInline var functionEvaluations = 0
    /// Properties of `pair`, computed once.
    @usableFromInline let firstSameAsLast: Bool
    @usableFromInline let endIndex: Int
    @usableFromInline let thirdOrderDifference: [Double]?
    /// The last stage before `k_end` evaluated at `t + h` (DP5: 5, DOP853: 11),
    /// if any and if the controller uses it (a stability limit): `f` at two
    /// points of the same time gives a stiffness estimate.
    @usableFromInline let stiffnessStageIndex: Int?
    /// The largest `‖f(y₁) − f(Y)‖ / ‖y₁ − Y‖` over the steps so far (Hairer's
    /// stiffness detection quantity divided by `h`): an estimate of the
    /// spectral radius of the Jacobian, 0 until known.
    @usableFromInline var stiffnessEstimate = 0.0
    /// `h·‖Σ eⱼkⱼ‖` of the last attempt: the difference to the embedded
    /// solution, an asymptotic upper bound of the propagated solution's local
    /// error (for DOP853 more conservative than the controller's estimate).
    @usableFromInline var embeddedDifference = 0.0

    /// Where a stage's input lives.
    @usableFromInline
    enum Source { case state, candidate, stageInput }

    /// - Parameter estimatingStiffness: keep ``stiffnessEstimate`` (two more
    ///   differences and norms per step); only a controller with a stability
    ///   limit reads it.
    @inlinable
    init(pair: EmbeddedRungeKuttaPair, system: System, time: Double, state: State, estimatingStiffness: Bool) {
        self.pair = pair
        self.system = system
        self.time = time
        // Every buffer its own from the start (buffers trade places between
        // steps, so one still shared with the caller's state would be copied
        // on some later step).
        self.state = Self.ownCopy(of: state)
        self.velocities = (0..<pair.extendedStageCount).map { _ in Self.ownCopy(of: state.second) }
        self.accelerations = (0..<pair.extendedStageCount).map { _ in Self.ownCopy(of: state.second) }
        self.stageInput = Self.ownCopy(of: state)
        self.candidate = Self.ownCopy(of: state)
        self.scratch = Self.ownCopy(of: state)
        self.firstSameAsLast = pair.isFirstSameAsLast
        self.endIndex = pair.endDerivativeIndex
        self.thirdOrderDifference = pair.thirdOrderWeights.map { third in
            zip(pair.weights, third).map { $0 - $1 }
        }
        let endIndex = pair.endDerivativeIndex
        self.stiffnessStageIndex = estimatingStiffness ? (0..<endIndex).last { pair.nodes[$0] == 1 } : nil
        evaluateDerivative(at: time, of: .state, into: 0)
    }

    /// A copy of `value` that shares no storage with it (``VectorArithmetic/assign(from:)``
    /// into a copy that is not uniquely referenced).
    @inlinable
    static func ownCopy<V: VectorArithmetic>(of value: V) -> V {
        var copy = value
        copy.assign(from: value)
        return copy
    }

    /// `kⱼ` as a phase state (shares the stage buffers).
    @inlinable
    func stage(_ j: Int) -> State {
        State(velocities[j], accelerations[j])
    }

    /// `k[index] = (v, a(t, x, v))` for the state at `source`.
    @inlinable
    mutating func evaluateDerivative(at t: Double, of source: Source, into index: Int) {
        // Disjoint stored properties: read the input, write the stage.
        switch source {
        case .state:
            velocities[index].assign(from: state.second)
            system.acceleration(time: t, position: state.first, velocity: state.second, into: &accelerations[index])
        case .candidate:
            velocities[index].assign(from: candidate.second)
            system.acceleration(
                time: t, position: candidate.first, velocity: candidate.second, into: &accelerations[index])
        case .stageInput:
            // The stage's velocity is its input's: the buffers trade places
            // (no copy), except for the stage the stiffness estimate reads
            // back from `stageInput`. The next stage input overwrites it whole.
            if index == stiffnessStageIndex {
                velocities[index].assign(from: stageInput.second)
            } else {
                swap(&velocities[index], &stageInput.second)
            }
            system.acceleration(
                time: t, position: stageInput.first, velocity: velocities[index], into: &accelerations[index])
        }
        functionEvaluations += 1
    }

    /// `stageInput = state + h·Σ row[j]·k[j]`.
    @inlinable
    mutating func formStageInput(row: [Double], stepSize h: Double) {
        stageInput.first.formLinearCombination(base: state.first, terms: velocities, weights: row, factor: h)
        stageInput.second.formLinearCombination(base: state.second, terms: accelerations, weights: row, factor: h)
    }

    /// Attempts one step of size `h` from (`time`, `state`): fills the stages and
    /// `candidate`, and returns the local error estimate in the Euclidean norm
    /// of the phase state (absolute, not divided by the tolerance).
    @inlinable
    mutating func attemptStep(size h: Double) -> Double {
        let s = pair.stageCount
        let fsal = firstSameAsLast
        let lastComputed = fsal ? s - 1 : s
        for i in 1..<lastComputed {
            formStageInput(row: pair.coefficients[i], stepSize: h)
            evaluateDerivative(at: time + pair.nodes[i] * h, of: .stageInput, into: i)
        }
        candidate.first.formLinearCombination(base: state.first, terms: velocities, weights: pair.weights, factor: h)
        candidate.second.formLinearCombination(
            base: state.second, terms: accelerations, weights: pair.weights, factor: h)
        hasEndDerivative = false
        if fsal {
            evaluateDerivative(at: time + h, of: .candidate, into: s - 1)
            hasEndDerivative = true
            estimateStiffness()
        }

        let fifth = weightedNorm(pair.errorWeights)
        embeddedDifference = abs(h) * fifth
        guard let thirdDifference = thirdOrderDifference else { return abs(h) * fifth }
        let e3 = weightedNorm(thirdDifference)
        let denominator = fifth * fifth + 0.01 * e3 * e3
        return denominator > 0 ? abs(h) * fifth * fifth / denominator.squareRoot() : 0
    }

    /// ``attemptStep(size:)`` for a step taken without error control: throws
    /// when the candidate is not finite (the state is left as it was).
    @inlinable
    mutating func attemptUncontrolledStep(size h: Double) throws(IntegrationError) {
        _ = attemptStep(size: h)
        guard candidate.magnitudeSquared.isFinite else { throw .nonFiniteState(time: time + h) }
    }

    /// `‖Σ weights[j]·k[j]‖`.
    @inlinable
    mutating func weightedNorm(_ weights: [Double]) -> Double {
        scratch.first.formLinearCombination(base: nil, terms: velocities, weights: weights, factor: 1)
        scratch.second.formLinearCombination(base: nil, terms: accelerations, weights: weights, factor: 1)
        return scratch.norm
    }

    /// Makes sure `k[endDerivativeIndex] = f(time + h, candidate)`.
    @inlinable
    mutating func ensureEndDerivative(stepSize h: Double) {
        guard !hasEndDerivative else { return }
        evaluateDerivative(at: time + h, of: .candidate, into: endIndex)
        hasEndDerivative = true
        estimateStiffness()
    }

    /// Sets ``stiffnessEstimate`` from `k_end` and the last stage at `t + h`,
    /// while `stageInput` still holds that stage's input.
    @inlinable
    mutating func estimateStiffness() {
        guard let last = stiffnessStageIndex else { return }
        scratch.assign(from: stage(endIndex))
        scratch -= stage(last)
        let numerator = scratch.norm
        scratch.assign(from: candidate)
        scratch -= stageInput
        let denominator = scratch.norm
        // The largest value seen: a fast mode shows during its transient and
        // must stay resolved after it has decayed, or round-off in it grows.
        // Differences at round-off level carry no information about f.
        if denominator > 1e4 * Double.ulpOfOne * candidate.norm, numerator.isFinite {
            stiffnessEstimate = Swift.max(stiffnessEstimate, numerator / denominator)
        }
    }

    /// The dense-output coefficients `[y₀, Δ, r₃, r₄, r₅, …]` of the attempted
    /// step (evaluating the extra stages), before ``accept(stepSize:landingAt:)``.
    @inlinable
    mutating func denseOutputCoefficients(stepSize h: Double) -> [State] {
        ensureEndDerivative(stepSize: h)
        let end = endIndex
        for (m, node) in pair.extraStageNodes.enumerated() {
            formStageInput(row: pair.extraStageCoefficients[m], stepSize: h)
            evaluateDerivative(at: time + node * h, of: .stageInput, into: end + 1 + m)
        }
        let k0 = stage(0)
        var delta = candidate
        delta -= state
        var r3 = k0.scaled(by: h)
        r3 -= delta
        var r4 = delta.scaled(by: 2)
        r4.add(k0, scaledBy: -h)
        r4.add(stage(end), scaledBy: -h)
        var result = [state, delta, r3, r4]
        for row in pair.denseOutputRows {
            var r = State(Vector.zero, Vector.zero)
            r.first.formLinearCombination(base: nil, terms: velocities, weights: row, factor: h)
            r.second.formLinearCombination(base: nil, terms: accelerations, weights: row, factor: h)
            result.append(r)
        }
        return result
    }

    /// Moves to the end of the attempted step: `state = candidate`,
    /// `k[0] = f(time + h, candidate)` (the buffers trade places; nothing is
    /// copied).
    @inlinable
    mutating func accept(stepSize h: Double, landingAt newTime: Double) {
        ensureEndDerivative(stepSize: h)
        swap(&state, &candidate)
        let end = endIndex
        // Through the buffer: Array.swapAt allocates in unoptimised builds.
        velocities.withUnsafeMutableBufferPointer { $0.swapAt(0, end) }
        accelerations.withUnsafeMutableBufferPointer { $0.swapAt(0, end) }
        time = newTime
        hasEndDerivative = false
    }

    /// Starts again from (`newTime`, `position`, `velocity`), copying into the
    /// existing buffers, and evaluates `k₀` there.
    @inlinable
    mutating func restart(at newTime: Double, position: Vector, velocity: Vector) {
        time = newTime
        state.first.assign(from: position)
        state.second.assign(from: velocity)
        hasEndDerivative = false
        stiffnessEstimate = 0
        embeddedDifference = 0
        evaluateDerivative(at: newTime, of: .state, into: 0)
    }
}

extension RungeKuttaStepper {
    /// Hairer's starting step (*Solving ODEs I*, §II.4, and `hinit` in
    /// dopri5.f/dop853.f), in the Euclidean norm scaled by
    /// `sk = atol + rtol·‖y₀‖`: a first guess `0.01·‖y₀‖/‖f₀‖`, refined with an
    /// explicit Euler step's estimate of the second derivative so that the
    /// local error of a method of order `order` is about 0.01.
    @inlinable
    mutating func initialStepSize(order: Int, relativeTolerance: Double, absoluteTolerance: Double, maximum: Double)
        -> Double
    {
        let sk = absoluteTolerance + relativeTolerance * state.norm
        let dnf = stage(0).magnitudeSquared / (sk * sk)
        let dny = state.magnitudeSquared / (sk * sk)
        var h = (dnf <= 1e-10 || dny <= 1e-10) ? 1e-6 : (dny / dnf).squareRoot() * 0.01
        h = Swift.min(h, maximum)
        formStageInput(row: [1], stepSize: h)
        evaluateDerivative(at: time + h, of: .stageInput, into: 1)
        scratch.assign(from: stage(1))
        scratch -= stage(0)
        let secondDerivative = scratch.norm / sk / h
        let der12 = Swift.max(secondDerivative, dnf.squareRoot())
        let h1 =
            der12 <= 1e-15
            ? Swift.max(1e-6, h * 1e-3)
            : pow(0.01 / der12, 1 / Double(order))
        return Swift.min(100 * h, h1, maximum)
    }
}
