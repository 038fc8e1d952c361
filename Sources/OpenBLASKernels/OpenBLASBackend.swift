import COpenBLAS
import VectorKernels

/// Kernels from OpenBLAS's CBLAS interface: `cblas_daxpy`, `cblas_dscal`,
/// `cblas_dcopy` and `cblas_ddot`.
///
/// - add/subtract out of place: `dcopy(a → c)` then `daxpy(±1, b, c)`;
///   in place: `daxpy(±1, b, a)`. With alpha = ±1 the product is exact, so even
///   OpenBLAS's fused kernels round once per element and agree bit for bit with
///   `NaiveBackend`.
/// - axpy: `daxpy`, which on Haswell/Zen kernels fuses multiply and add (one
///   rounding; differs from `alpha * x + y` by at most one rounding of the
///   product, Guides/ErrorBounds.md).
/// - magnitudeSquared: `ddot(a, a)`, not `dnrm2`, which is 5–6× slower (Guides/MachineFacts.md).
///
/// OpenBLAS 0.3.21 short-cuts a factor of zero: `dscal(0)` writes +0 over NaN,
/// infinities and negative numbers, and `daxpy(0)` returns without reading `x`.
/// So that every backend honours IEEE 754 alike, this backend computes those
/// two cases with `SIMDBackend`'s loops (bit-identical to naive).
///
/// OpenBLAS's thread count is process-wide; this backend sets it to 1 before
/// its first kernel runs unless ``threadCount`` was set first.
public enum OpenBLASBackend: KernelBackend {
    public static let name = "openblas"

    /// Threads OpenBLAS may use per call (process-wide). Defaults to 1.
    public static var threadCount: Int {
        get {
            ensureConfigured()
            return Int(openblas_get_num_threads())
        }
        set {
            // fatalError, not precondition: -O builds drop a precondition's message.
            if newValue < 1 { fatalError("OpenBLASBackend.threadCount must be >= 1, got \(newValue)") }
            ensureConfigured()
            openblas_set_num_threads(Int32(clamping: newValue))
        }
    }

    /// OpenBLAS's build string, e.g. "OpenBLAS 0.3.21 NO_LAPACKE DYNAMIC_ARCH NO_AFFINITY Zen MAX_THREADS=64".
    public static var configuration: String {
        String(cString: openblas_get_config())
    }

    /// The library version parsed from ``configuration`` ("0.3.21"), or "unknown".
    public static var version: String {
        let words = configuration.split(separator: " ")
        guard words.count >= 2, words[0] == "OpenBLAS" else { return "unknown" }
        return String(words[1])
    }

    /// The kernel family OpenBLAS picked for this CPU at run time (e.g. "Zen", "Haswell").
    public static var coreName: String {
        String(cString: openblas_get_corename())
    }

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "OpenBLAS",
            summary: "OpenBLAS CBLAS: daxpy, dscal, dcopy+daxpy for add/subtract, ddot for Σa²",
            simdWidth: nil, library: "OpenBLAS \(version)", core: coreName,
            threads: threadCount, fusedAXPY: true)
    }

    @usableFromInline
    static func ensureConfigured() {
        _ = defaultThreadCountApplied
    }

    /// Largest count passed to one CBLAS call (`blasint` is 32-bit in Debian's build).
    @usableFromInline static let chunk = 1 << 30

    /// Runs `body(offset, count)` over `0..<count` in pieces CBLAS can index.
    @inlinable
    @inline(__always)
    static func inChunks(_ count: Int, _ body: (Int, Int32) -> Void) {
        var offset = 0
        while offset < count {
            let length = Swift.min(chunk, count - offset)
            body(offset, Int32(truncatingIfNeeded: length))
            offset += length
        }
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        combine(a, b, alpha: 1, into: c, count: count)
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        combine(a, b, alpha: -1, into: c, count: count)
    }

    /// `c = a + alpha * b` for alpha = ±1.
    @inlinable
    static func combine(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, alpha: Double,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        ensureConfigured()
        if UnsafePointer(c) == b, UnsafePointer(c) != a {
            // c = alpha * c + a: negate first when subtracting, then add a.
            // (Not when c is a too: negating c would negate a, and a − a
            // would come out as −2a. That case takes the in-place path
            // below: daxpy(alpha, c, c) gives c + alpha·c, exactly 2a or 0.)
            if alpha < 0 { inChunks(count) { o, n in cblas_dscal(n, -1, c + o, 1) } }
            inChunks(count) { o, n in cblas_daxpy(n, 1, a + o, 1, c + o, 1) }
            return
        }
        if UnsafePointer(c) != a {
            inChunks(count) { o, n in cblas_dcopy(n, a + o, 1, c + o, 1) }
        }
        inChunks(count) { o, n in cblas_daxpy(n, alpha, b + o, 1, c + o, 1) }
    }

    @inlinable
    public static func uncheckedAddInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        combine(a, b, alpha: 1, into: a, count: count)
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        combine(a, b, alpha: -1, into: a, count: count)
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        if factor == 0 {
            SIMDBackend.uncheckedScale(a, by: factor, count: count)
            return
        }
        ensureConfigured()
        inChunks(count) { o, n in cblas_dscal(n, factor, a + o, 1) }
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        if alpha == 0 {
            SIMDBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count)
            return
        }
        ensureConfigured()
        inChunks(count) { o, n in cblas_daxpy(n, alpha, x + o, 1, y + o, 1) }
    }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        ensureConfigured()
        var sum = 0.0
        inChunks(count) { o, n in sum += cblas_ddot(n, a + o, 1, a + o, 1) }
        return sum
    }
}

/// Applied once, before the first kernel or thread-count access: OpenBLAS's
/// default is one thread per core, which SpringBench never leaves implicit.
@usableFromInline
let defaultThreadCountApplied: Void = {
    openblas_set_num_threads(1)
}()
