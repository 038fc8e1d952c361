import ODEReference
import VectorKernels

/// The spring ODE `m·x'' + c·x' + k·(x − target) = 0` as a second-order
/// system for the reference integrator: it knows only the three constants,
/// nothing of SpringModel's closed forms. Damping may be negative (a candidate
/// formula's mistake), which the ODE integrates like any other.
public struct SpringODE: SecondOrderSystem, Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var target: Double

    public init(mass: Double = 1, stiffness: Double, damping: Double, target: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.target = target
    }

    @inlinable
    public func acceleration(time: Double, position: Double, velocity: Double, into acceleration: inout Double) {
        acceleration = -(stiffness * (position - target) + damping * velocity) / mass
    }

    /// `ω₀ = √(k/m)`.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// How much the exact flow can expand a perturbation of `(x, v)` in the
    /// Euclidean norm when `c ≥ 0`: the energy `ω₀²u² + v²` never increases, so
    /// `‖Φ(t, s)‖ ≤ max(ω₀, 1/ω₀)` (the factor of `IntegrationStatistics`'s promise).
    public var expansionBound: Double {
        let omega = naturalFrequency
        return max(omega, 1 / omega)
    }

    /// The largest Euclidean norm of `(x, v)` over `t ≥ 0` from `(x₀, v₀)`
    /// when `c ≥ 0` (same energy argument).
    public func stateBound(position x0: Double, velocity v0: Double) -> Double {
        let omega = naturalFrequency
        let u0 = x0 - target
        let energy = omega * omega * u0 * u0 + v0 * v0
        return abs(target) + energy.squareRoot() * max(1, 1 / omega)
    }
}

/// Sampled motion of the reference integrator, with the error it promises.
struct ReferenceMotion {
    var positions: [Double]
    var velocities: [Double]
    /// The promised global error bound `K·Σℓ` at the last sample (non-expanding
    /// flows; for negative damping it is the sum of local estimates only).
    var promisedError: Double
}

extension VerificationSuite {
    /// Integrates `system` from `(x₀, v₀)` at t = 0 with the reference pair and
    /// samples it at `times` (sorted, ≥ 0).
    func referenceMotion(
        _ system: SpringODE, position x0: Double, velocity v0: Double, at times: [Double]
    ) throws -> ReferenceMotion {
        let integrator = AdaptiveIntegrator(
            referencePair, system: system,
            relativeTolerance: relativeTolerance, absoluteTolerance: absoluteTolerance)
        var sampleTimes = times
        var prefix: [PhaseState<Double>] = []
        while let first = sampleTimes.first, first == 0 {
            prefix.append(PhaseState(x0, v0))
            sampleTimes.removeFirst()
        }
        guard !sampleTimes.isEmpty else {
            return ReferenceMotion(positions: prefix.map(\.first), velocities: prefix.map(\.second), promisedError: 0)
        }
        let (samples, solution) = try integrator.integrate(
            from: 0, position: x0, velocity: v0, sampledAt: sampleTimes)
        let all = prefix + samples
        let k = system.damping >= 0 ? system.expansionBound : 1
        return ReferenceMotion(
            positions: all.map(\.first), velocities: all.map(\.second),
            promisedError: k * solution.statistics.globalErrorBound)
    }
}
