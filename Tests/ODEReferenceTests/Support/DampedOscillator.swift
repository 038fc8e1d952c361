import ODEReference
import Testing
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// The analytic solution of `x'' = −ω₀²(x − target) − 2ζω₀·x'` (Guides/SpringFormulas.md),
/// written here, independent of SpringModel, to judge the integrators.
struct DampedOscillator: Sendable, CustomTestStringConvertible {
    var omega: Double
    var zeta: Double
    var target: Double
    var position0: Double
    var velocity0: Double

    var testDescription: String {
        "ω₀=\(omega) ζ=\(zeta) x₀=\(position0) v₀=\(velocity0) target=\(target)"
    }

    /// `(u(t), u'(t))` with `u = x − target`.
    func displacementAndVelocity(at t: Double) -> (Double, Double) {
        let u0 = position0 - target
        let v0 = velocity0
        let w = omega
        if zeta < 1 {
            let lambda = zeta * w
            let wd = w * (1 - zeta * zeta).squareRoot()
            let decay = exp(-lambda * t)
            let b = (v0 + lambda * u0) / wd
            let (s, c) = (sin(wd * t), cos(wd * t))
            let u = decay * (u0 * c + b * s)
            let v = decay * (v0 * c - (wd * u0 + lambda * b) * s)
            return (u, v)
        } else if zeta == 1 {
            let decay = exp(-w * t)
            let slope = v0 + w * u0
            return (decay * (u0 + slope * t), decay * (v0 - w * slope * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w / (zeta + root)  // the slow root, without cancellation
            let r2 = -w * (zeta + root)
            let c1 = (v0 - r2 * u0) / (r1 - r2)
            let c2 = u0 - c1
            let (e1, e2) = (exp(r1 * t), exp(r2 * t))
            return (c1 * e1 + c2 * e2, c1 * r1 * e1 + c2 * r2 * e2)
        }
    }

    /// A bound on the rounding error of ``displacementAndVelocity(at:)``:
    /// each term is a product of a few correctly rounded operations and
    /// `exp`/`sin`/`cos` (whose arguments carry a relative error `u`, i.e. an
    /// absolute `u·ω₀t`), so `32u·M·(1 + ω₀t)·(1 + ω₀ + 2ζω₀)`, where `M` is the
    /// sum of the magnitudes of the terms (large near ζ = 1, where the
    /// textbook coefficients grow like `1/√|ζ² − 1|` and cancel) and the last
    /// factor covers the velocity's extra factors of the roots.
    func referenceRoundingBound(at t: Double) -> Double {
        let u0 = position0 - target
        let w = omega
        let magnitude: Double
        if zeta < 1 {
            let lambda = zeta * w
            let wd = w * (1 - zeta * zeta).squareRoot()
            magnitude = abs(u0) + abs((velocity0 + lambda * u0) / wd)
        } else if zeta == 1 {
            magnitude = abs(u0) + abs(velocity0 + w * u0) * (1 + t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w / (zeta + root)
            let r2 = -w * (zeta + root)
            let c1 = (velocity0 - r2 * u0) / (r1 - r2)
            magnitude = abs(c1) + abs(u0 - c1)
        }
        return 32 * unitRoundoff * magnitude * (1 + w * t) * (1 + w + 2 * zeta * w) + unitRoundoff * abs(target)
    }

    func position(at t: Double) -> Double { target + displacementAndVelocity(at: t).0 }
    func velocity(at t: Double) -> Double { displacementAndVelocity(at: t).1 }

    /// The Euclidean distance of a numerical state from the exact one.
    func error(of state: PhaseState<Double>, at t: Double) -> Double {
        let (u, v) = displacementAndVelocity(at: t)
        let dx = state.position - (target + u)
        let dv = state.velocity - v
        return (dx * dx + dv * dv).squareRoot()
    }

    /// How much the exact flow can expand a perturbation of `(x, v)` in the
    /// Euclidean norm: the energy `ω₀²u² + v²` never increases (its derivative
    /// is `−4ζω₀v² ≤ 0`) and lies between `min(1, ω₀²)` and `max(1, ω₀²)` times
    /// `u² + v²`, so `‖Φ(t, s)‖ ≤ max(ω₀, 1/ω₀)`.
    var expansionBound: Double { max(omega, 1 / omega) }

    /// The largest Euclidean norm of the state over `[0, ∞)` (by the same energy argument).
    var stateBound: Double {
        let u0 = position0 - target
        let energy = omega * omega * u0 * u0 + velocity0 * velocity0
        return abs(target) + energy.squareRoot() * max(1, 1 / omega)
    }

    var system: LinearSpring<Double> { LinearSpring(omega: omega, zeta: zeta, target: target) }
}

/// The same spring as a ``SecondOrderSystem`` over any vector: every element
/// follows `a = −ω₀²·(x − target) − 2ζω₀·v`, computed with the same operations
/// in the same order for a `Double` and for each element of a `PointVector`.
struct LinearSpring<Vector: VectorArithmetic>: SecondOrderSystem {
    var omega: Double
    var zeta: Double
    var target: Vector

    func acceleration(time: Double, position: Vector, velocity: Vector, into acceleration: inout Vector) {
        acceleration.scale(by: 0)
        acceleration.add(position, scaledBy: -omega * omega)
        acceleration.add(target, scaledBy: omega * omega)
        acceleration.add(velocity, scaledBy: -2 * zeta * omega)
    }
}

/// The unit roundoff of `Double`.
let unitRoundoff = Double.ulpOfOne / 2

/// `log₂(a / b)`: the observed order from errors at steps `h` and `h/2`.
func observedOrder(_ coarse: Double, _ fine: Double) -> Double {
    log2(coarse / fine)
}

extension LinearSpring: Sendable where Vector: Sendable {}
