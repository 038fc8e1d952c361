import COpenBLAS
import MachineFacts
import VectorKernels

/// OpenBLAS with threads: ``OpenBLASBackend``'s calls, each run with
/// OpenBLAS's thread count raised to ``threads`` and put back afterwards, so
/// the one-thread row and this one can share a run (OpenBLAS's count is
/// process-wide). The parallel backend's peer: a library's own threading
/// against SpringBench's pool.
///
/// OpenBLAS 0.3.21 itself decides per call whether to use its threads:
/// `daxpy` and `ddot` stay on one thread up to 10,000 points
/// (`interface/axpy.c`, `interface/dot.c`), `dscal` and `dcopy` likewise, so
/// below that this is ``OpenBLASBackend`` plus two thread-count calls.
/// Raising the count starts OpenBLAS's own worker threads the first time;
/// later calls only set a number. Not safe to call from several threads at
/// once (neither is changing ``OpenBLASBackend/threadCount``).
public enum OpenBLASThreadedBackend: KernelBackend {
    public static let name = "openblas-threaded"

    /// Threads each call may use: the process's usable cores (`CoreFacts.usable`).
    public static let threads = CoreFacts.current.usable

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "OpenBLAS threaded",
            summary: "OpenBLAS's kernels with \(threads) OpenBLAS threads per call (its own threshold decides)",
            simdWidth: nil, library: "OpenBLAS \(OpenBLASBackend.version)", core: OpenBLASBackend.coreName,
            threads: threads, fusedAXPY: true)
    }

    /// Runs `body` with OpenBLAS's thread count at ``threads``, then restores it.
    @inlinable
    static func threaded<T>(_ body: () -> T) -> T {
        OpenBLASBackend.ensureConfigured()
        let previous = openblas_get_num_threads()
        openblas_set_num_threads(Int32(clamping: threads))
        defer { openblas_set_num_threads(previous) }
        return body()
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        threaded { OpenBLASBackend.uncheckedAdd(a, b, into: c, count: count) }
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        threaded { OpenBLASBackend.uncheckedSubtract(a, b, into: c, count: count) }
    }

    @inlinable
    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        threaded { OpenBLASBackend.uncheckedAddInPlace(a, b, count: count) }
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        threaded { OpenBLASBackend.uncheckedSubtractInPlace(a, b, count: count) }
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        threaded { OpenBLASBackend.uncheckedScale(a, by: factor, count: count) }
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        threaded { OpenBLASBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count) }
    }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        threaded { OpenBLASBackend.uncheckedMagnitudeSquared(a, count: count) }
    }
}
