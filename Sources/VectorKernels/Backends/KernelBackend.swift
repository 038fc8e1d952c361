/// A set of vector kernels over contiguous `Double` storage.
///
/// A backend implements the unchecked kernels below on raw pointers; callers use
/// the checked entry points of the protocol extension (`add(_:_:into:)`,
/// `scale(_:by:)`, …), which take `Span`/`MutableSpan`, check lengths once and
/// then call the kernel. Backends are stateless namespaces (usually enums), so
/// generic code specialises and inlines them.
///
/// Accuracy every backend must honour (Guides/ErrorBounds.md):
/// - add, subtract and scale round each element once, so they agree bit for bit
///   with ``NaiveBackend``;
/// - axpy may fuse the multiply and add; then an element differs from
///   `alpha * x + y` by at most one rounding of the product;
/// - magnitudeSquared may sum in any order, within `γ(N)·Σ a[i]²`
///   (Higham, *Accuracy and Stability of Numerical Algorithms*, §3.1).
/// - NaN and infinities propagate as IEEE 754 says, also for a factor of 0.
public protocol KernelBackend: Sendable {
    /// A stable identifier used on the command line and in results (`naive`, `simd`, `openblas`).
    static var name: String { get }

    /// What this backend is on this machine: SIMD width, library and version, threads.
    static var details: BackendDetails { get }

    /// `c[i] = a[i] + b[i]` for `i < count`. `c` may be `a` or `b` itself but must not
    /// overlap them otherwise.
    static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int)

    /// `c[i] = a[i] - b[i]` for `i < count`, with the aliasing rules of ``uncheckedAdd(_:_:into:count:)``.
    static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int)

    /// `a[i] += b[i]` for `i < count`.
    static func uncheckedAddInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int)

    /// `a[i] -= b[i]` for `i < count`.
    static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int)

    /// `a[i] *= factor` for `i < count`.
    static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int)

    /// `y[i] += alpha * x[i]` for `i < count`.
    static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int)

    /// `Σ a[i]²` for `i < count`.
    static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double
}
