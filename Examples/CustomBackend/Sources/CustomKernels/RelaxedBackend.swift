import RealModule
import VectorKernels

/// Plain loops whose reduction may be reassociated: Σa² accumulates with
/// swift-numerics' `Relaxed.sum` and `Relaxed.multiplyAdd`, which allow the
/// optimiser to split the sum over several vector accumulators and to fuse
/// multiply and add, as a strict left-to-right loop may not.
///
/// Accuracy: add, subtract and scale are one rounding per element (bit for bit
/// with naive); axpy may fuse (within one rounding of the product); Σa² in any
/// order, within Higham's γ(N)·Σa² — the contract every backend owes.
public enum RelaxedBackend: KernelBackend {
    public static let name = "relaxed"

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "Relaxed",
            summary: "plain loops, Σa² and axpy with swift-numerics' Relaxed arithmetic",
            simdWidth: nil, library: "swift-numerics RealModule", core: nil, threads: 1, fusedAXPY: true)
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { c[i] = a[i] + b[i] }
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { c[i] = a[i] - b[i] }
    }

    @inlinable
    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        for i in 0..<count { a[i] += b[i] }
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        for i in 0..<count { a[i] -= b[i] }
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        for i in 0..<count { a[i] *= factor }
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { y[i] = Relaxed.multiplyAdd(alpha, x[i], y[i]) }
    }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        var sum = 0.0
        for i in 0..<count { sum = Relaxed.multiplyAdd(a[i], a[i], sum) }
        return sum
    }
}
