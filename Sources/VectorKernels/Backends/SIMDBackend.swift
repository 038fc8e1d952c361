import CVectorKernels
import Synchronization

/// Explicit Swift `SIMD` loops with a scalar tail and no alignment assumptions.
///
/// Widths were chosen by measurement on the target machine (AMD EPYC, Swift 6.3,
/// `-O`, baseline x86-64 build), best of 15 × 2000 calls, ns per element:
///
/// | kernel | N | SIMD2 | SIMD4 | SIMD8 |
/// |---|---|---|---|---|
/// | add | 256 | 0.70 | 0.37 | 0.30 |
/// | add | 4096 | 0.60 | 0.41 | 0.34 |
/// | Σa² (4 accumulators) | 4096 | 0.21 | 0.18 | 0.17 |
/// | Σa² (4 accumulators) | 16 | 0.47 | 0.61 | 1.32 |
///
/// so the elementwise kernels step 8 doubles at a time and magnitudeSquared
/// keeps four `SIMD4` accumulators (16 doubles per step): as fast as SIMD8 in
/// cache and it leaves only 0…15 elements to the narrower loops at small N.
///
/// Elementwise kernels round exactly like ``NaiveBackend`` (axpy is not fused),
/// so they agree with it bit for bit. magnitudeSquared reorders the sum into
/// lanes; its error stays within `γ(N)·Σ a[i]²` and is in practice smaller than
/// the naive sum's, being a partly pairwise order.
public enum SIMDBackend: KernelBackend {
    public static let name = "simd"

    /// Doubles per step in the elementwise kernels.
    public static let elementwiseWidth = SIMD8<Double>.scalarCount

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "SIMD",
            summary: "Swift SIMD8<Double> loops (Σa²: four SIMD4 accumulators), scalar tail",
            simdWidth: elementwiseWidth, library: nil, core: nil, threads: 1, fusedAXPY: false)
    }

    @usableFromInline typealias Wide = SIMD8<Double>
    @usableFromInline typealias Narrow = SIMD4<Double>

    @inlinable
    @inline(__always)
    internal static func load<V: SIMD>(_ p: UnsafePointer<Double>, _ i: Int, as: V.Type) -> V
    where V.Scalar == Double {
        UnsafeRawPointer(p + i).loadUnaligned(as: V.self)
    }

    @inlinable
    @inline(__always)
    internal static func store<V: SIMD>(_ v: V, _ p: UnsafeMutablePointer<Double>, _ i: Int)
    where V.Scalar == Double {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
    }

    /// Applies `vector` to full `Wide` chunks of `0..<count` and `scalar` to the rest.
    ///
    /// The main loop does two chunks per iteration: with one, `scale` ran
    /// 1.1–1.9× slower than the naive loop LLVM unrolls itself (AVX2 build,
    /// 256–64 Ki points).
    @inlinable
    @inline(__always)
    internal static func forEachChunk(
        count: Int, vector: (Int) -> Void, scalar: (Int) -> Void
    ) {
        let width = Wide.scalarCount
        var i = 0
        while i &+ 2 &* width <= count {
            vector(i)
            vector(i &+ width)
            i &+= 2 &* width
        }
        if i &+ width <= count {
            vector(i)
            i &+= width
        }
        while i < count {
            scalar(i)
            i &+= 1
        }
    }

    /// Out-of-place add and subtract from this many elements on write their
    /// result with streaming stores (a C loop: Swift has no non-temporal
    /// store): where the three operands (24 bytes per element) overflow the
    /// last-level cache, every call streams from memory anyway, and an
    /// ordinary store would first read each destination line (the
    /// read-for-ownership) and then evict it as dirty, an eighth of the
    /// traffic more. Measured at 16 Mi points (Guides/MachineFacts.md): 0.998
    /// ns/element with ordinary stores, 72 % of the streaming ceiling; in the
    /// cache, streaming would send a result the caller is about to read to
    /// memory, so below the threshold the Swift loop stays. Results are the
    /// same bits (one IEEE add per element either way).
    ///
    /// The threshold follows ``lastLevelCacheBytes``. VectorKernels reads no
    /// machine facts itself (it builds on every Swift platform; Guides/Portability.md):
    /// until a program sets the size, it is unknown and taken as 32 MiB. The
    /// springbench tool, `Benchmarking` and `ParallelBackend`
    /// set it from `MachineFacts`' `CacheFacts.current` (`MachineTuning.apply()`
    /// in ParallelKernels) — the one value the machine record, the cache states
    /// and the reports use too (the operating system's, not `sysconf`'s: on a VM
    /// they disagree, and with `sysconf`'s 384 MiB a 16 Mi add never streamed).
    public static var streamingThreshold: Int { streamingThresholdValue.load(ordering: .relaxed) }

    /// The last-level cache in bytes the streaming threshold is computed from,
    /// 0 when unknown (taken as 32 MiB). Set it before or between calls; a
    /// negative value is taken as 0. Results are the same bits at any value.
    public static var lastLevelCacheBytes: Int {
        get { lastLevelCacheBytesValue.load(ordering: .relaxed) }
        set {
            let bytes = max(0, newValue)
            lastLevelCacheBytesValue.store(bytes, ordering: .relaxed)
            streamingThresholdValue.store(streamingThreshold(lastLevelCacheBytes: bytes), ordering: .relaxed)
        }
    }

    private static let lastLevelCacheBytesValue = Atomic<Int>(0)
    private static let streamingThresholdValue = Atomic<Int>(streamingThreshold(lastLevelCacheBytes: 0))

    /// The threshold for a last-level cache of `lastLevelCacheBytes` (0:
    /// unknown, taken as 32 MiB): the first count whose three operands overflow it.
    public static func streamingThreshold(lastLevelCacheBytes: Int) -> Int {
        (lastLevelCacheBytes > 0 ? lastLevelCacheBytes : 32 << 20) / 24 + 1
    }

    /// A bound below every plausible ``streamingThreshold`` (a 1.5 MiB
    /// cache), so small calls skip reading the lazily initialised one. A
    /// computed constant: a stored `static let` costs a global accessor call
    /// in every caller's module (15 instructions of a 16-point add).
    @inlinable static var streamingFloor: Int { 1 << 16 }

    /// Whether `c = a ± b` streams: large enough, and `c` is not an operand
    /// (in place, the line is read anyway and stays useful in cache).
    @inlinable
    @inline(__always)
    internal static func streams(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, _ c: UnsafeMutablePointer<Double>, count: Int
    ) -> Bool {
        count >= streamingFloor && count >= streamingThreshold && UnsafePointer(c) != a && UnsafePointer(c) != b
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        if streams(a, b, c, count: count) { return springbench_kernel_add_streaming(a, b, c, count) }
        cachedAdd(a, b, into: c, count: count)
    }

    /// `c = a + b` with ordinary stores (the in-place forms and every size in cache).
    @inlinable
    package static func cachedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        forEachChunk(
            count: count,
            vector: { store(load(a, $0, as: Wide.self) + load(b, $0, as: Wide.self), c, $0) },
            scalar: { c[$0] = a[$0] + b[$0] })
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        if streams(a, b, c, count: count) { return springbench_kernel_subtract_streaming(a, b, c, count) }
        cachedSubtract(a, b, into: c, count: count)
    }

    /// `c = a - b` with ordinary stores.
    @inlinable
    package static func cachedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        forEachChunk(
            count: count,
            vector: { store(load(a, $0, as: Wide.self) - load(b, $0, as: Wide.self), c, $0) },
            scalar: { c[$0] = a[$0] - b[$0] })
    }

    @inlinable
    public static func uncheckedAddInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        cachedAdd(a, b, into: a, count: count)
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        cachedSubtract(a, b, into: a, count: count)
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        let f = Wide(repeating: factor)
        forEachChunk(
            count: count,
            vector: { store(load(a, $0, as: Wide.self) * f, a, $0) },
            scalar: { a[$0] *= factor })
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        let f = Wide(repeating: alpha)
        forEachChunk(
            count: count,
            vector: { store(load(y, $0, as: Wide.self) + f * load(x, $0, as: Wide.self), y, $0) },
            scalar: { y[$0] += alpha * x[$0] })
    }

    /// Whether this build's target has FMA (``SPRINGBENCH_BUILD_HAS_FMA``), as a
    /// property: the constant tested in place made every build without FMA
    /// warn that the fused branch is never executed.
    @inlinable
    static var buildHasFMA: Bool { SPRINGBENCH_BUILD_HAS_FMA != 0 }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        if buildHasFMA { return fusedMagnitudeSquared(a, count: count) }
        let width = Narrow.scalarCount
        var s0 = Narrow(), s1 = Narrow(), s2 = Narrow(), s3 = Narrow()
        var i = 0
        while i &+ 4 &* width <= count {
            let x0 = load(a, i, as: Narrow.self)
            let x1 = load(a, i &+ width, as: Narrow.self)
            let x2 = load(a, i &+ 2 &* width, as: Narrow.self)
            let x3 = load(a, i &+ 3 &* width, as: Narrow.self)
            s0 += x0 * x0
            s1 += x1 * x1
            s2 += x2 * x2
            s3 += x3 * x3
            i &+= 4 &* width
        }
        while i &+ width <= count {
            let x = load(a, i, as: Narrow.self)
            s0 += x * x
            i &+= width
        }
        var sum = ((s0 + s1) + (s2 + s3)).sum()
        while i < count {
            sum += a[i] * a[i]
            i &+= 1
        }
        return sum
    }

    /// `Σ a[i]²` with fused multiply-adds, for builds whose target has FMA
    /// (a compile-time constant, ``SPRINGBENCH_BUILD_HAS_FMA``): eight `SIMD4`
    /// accumulators, 32 doubles per step, because a fused multiply-add has a
    /// 4-cycle latency and two issue per cycle on Zen 3 and Haswell, so eight
    /// independent chains keep both units busy; the unfused loop needs only
    /// four (an add's latency is 3, and the multiplies are off the chain).
    /// Each step rounds once instead of twice, so the sum stays within
    /// Guides/ErrorBounds.md's `γ(N)·Σ a[i]²` (Higham §3.1 counts at most
    /// N roundings on any term's path; fusing removes one per element).
    @inlinable
    package static func fusedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        let width = Narrow.scalarCount
        var s0 = Narrow(), s1 = Narrow(), s2 = Narrow(), s3 = Narrow()
        var s4 = Narrow(), s5 = Narrow(), s6 = Narrow(), s7 = Narrow()
        var i = 0
        while i &+ 8 &* width <= count {
            let x0 = load(a, i, as: Narrow.self), x1 = load(a, i &+ width, as: Narrow.self)
            let x2 = load(a, i &+ 2 &* width, as: Narrow.self), x3 = load(a, i &+ 3 &* width, as: Narrow.self)
            let x4 = load(a, i &+ 4 &* width, as: Narrow.self), x5 = load(a, i &+ 5 &* width, as: Narrow.self)
            let x6 = load(a, i &+ 6 &* width, as: Narrow.self), x7 = load(a, i &+ 7 &* width, as: Narrow.self)
            s0.addProduct(x0, x0)
            s1.addProduct(x1, x1)
            s2.addProduct(x2, x2)
            s3.addProduct(x3, x3)
            s4.addProduct(x4, x4)
            s5.addProduct(x5, x5)
            s6.addProduct(x6, x6)
            s7.addProduct(x7, x7)
            i &+= 8 &* width
        }
        while i &+ width <= count {
            let x = load(a, i, as: Narrow.self)
            s0.addProduct(x, x)
            i &+= width
        }
        var sum = (((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))).sum()
        while i < count {
            sum.addProduct(a[i], a[i])
            i &+= 1
        }
        return sum
    }
}
