import CVectorKernels
import CWorkerPool
import MachineFacts
import VectorKernels

/// `SIMDBackend`'s loops, with large vectors split across cores by a
/// persistent worker pool (`CWorkerPool`: threads started once, a call wakes
/// them, no thread per call).
///
/// A call below its operation's threshold (``threshold(for:)``) is exactly
/// `SIMDBackend`'s; above it, the vector is cut into one part per thread at
/// 64-byte boundaries of the index, each part runs SIMD's loop, and the caller
/// works on one part itself. Elementwise results are bit for bit SIMD's (and
/// so naive's); Σa² adds the parts' sums in part order, so for a given thread
/// count it is deterministic and stays within `γ(N)·Σ a[i]²`
/// (Guides/ErrorBounds.md: any summation order is). Out-of-place add and
/// subtract stream their stores in every part when the whole call is at or
/// above `SIMDBackend.streamingThreshold`.
///
/// Thresholds are chosen by measurement: `springbench bench` times this
/// backend split against SIMD side by side on a ladder of sizes, sets each
/// operation's threshold to the smallest size from which splitting is faster
/// at every larger size (or never), records them in the results and prints
/// the line to set them in your app (``setThreshold(_:for:)``). Until set,
/// the defaults are ``defaultThresholds``. On a machine where threads gain
/// nothing (one core, or cores that share one memory channel) the
/// measurement says "never" and this backend is SIMD.
///
/// Time a threaded backend with the wall clock: a thread's CPU time does not
/// see the other threads' work.
public enum ParallelBackend: KernelBackend {
    public static let name = "parallel"

    /// The operations, each with its own threshold.
    public enum Operation: String, CaseIterable, Sendable, Codable {
        case add, subtract, addInPlace, subtractInPlace, scale, axpy, magnitudeSquared

        /// The operation's slot in the pool's threshold table.
        @inlinable
        var slot: Int32 {
            switch self {
            case .add: return 0
            case .subtract: return 1
            case .addInPlace: return 2
            case .subtractInPlace: return 3
            case .scale: return 4
            case .axpy: return 5
            case .magnitudeSquared: return 6
            }
        }

        /// The kernel name results use (`add-inplace`, `magnitudeSquared`).
        public var kernelName: String {
            switch self {
            case .add: return "add"
            case .subtract: return "subtract"
            case .addInPlace: return "add-inplace"
            case .subtractInPlace: return "subtract-inplace"
            case .scale: return "scale"
            case .axpy: return "axpy"
            case .magnitudeSquared: return "magnitudeSquared"
            }
        }
    }

    /// No threshold is below this: a hand-off to a spinning worker costs a
    /// few hundred nanoseconds, more than an 8 Ki-point add in cache takes.
    /// A computed constant, so a small call's check inlines to one compare: as
    /// a stored `static let` it cost a global accessor call in the caller's
    /// module, and calls of 16 points ran 13–20 % slower than SIMD's.
    @inlinable public static var minimumThreshold: Int { 1 << 13 }

    /// Thresholds before a measurement sets them: 512 Ki points for every
    /// operation, where on the developers' 2-vCPU Zen 4 VM splitting won for
    /// every kernel (Guides/MachineFacts.md, "The parallel backend").
    public static let defaultThresholds: [Operation: Int] = Dictionary(
        uniqueKeysWithValues: Operation.allCases.map { ($0, 1 << 19) })

    /// Threads a large call uses, the caller included. Defaults to the
    /// process's usable cores (`CoreFacts.usable`); set it before or between calls.
    public static var threadCount: Int {
        get {
            ensureConfigured()
            return springbench_pool_threads()
        }
        set {
            if newValue < 1 { stopOnMisuse("ParallelBackend.threadCount must be >= 1, got \(newValue)") }
            ensureConfigured()
            _ = springbench_pool_set_threads(newValue)
        }
    }

    /// The points from which `operation` splits, nil for never.
    public static func threshold(for operation: Operation) -> Int? {
        ensureConfigured()
        let points = springbench_pool_threshold(operation.slot)
        return points == Int.max ? nil : points
    }

    /// Sets the points from which `operation` splits (nil: never); values
    /// below ``minimumThreshold`` are raised to it.
    public static func setThreshold(_ points: Int?, for operation: Operation) {
        ensureConfigured()
        springbench_pool_set_threshold(operation.slot, points.map { max(minimumThreshold, $0) } ?? Int.max)
    }

    /// Every operation's threshold, nil for never.
    public static var thresholds: [Operation: Int?] {
        Dictionary(uniqueKeysWithValues: Operation.allCases.map { ($0, threshold(for: $0)) })
    }

    /// How the pool's idle workers sleep: "futex" on Linux, "condition variable" elsewhere
    /// (and on Linux with SPRINGBENCH_PORTABLE_FALLBACKS=1 set before the pool starts).
    public static var sleepMechanism: String { String(cString: springbench_pool_sleep_mechanism()) }

    /// Calls that woke a sleeping worker since the process began (a run of large
    /// calls should mostly find its workers spinning).
    public static var sleepingWakes: Int { springbench_pool_sleeping_wakes() }

    /// Worker threads the pool has started in this process (tests: not one per call).
    public static var threadsStarted: Int { springbench_pool_threads_started() }
    /// Split calls (and ``forEachPart(count:parts:_:)`` calls) the calling
    /// thread has made: a thread-local count that no other thread's work
    /// changes, for tests of where calls split.
    public static var splitCallsOnThisThread: Int { springbench_pool_runs_on_this_thread() }

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "Parallel",
            summary: "SIMD's loops split across \(threadCount) threads by a persistent pool above a measured size",
            simdWidth: SIMDBackend.elementwiseWidth, library: nil, core: nil, threads: threadCount,
            fusedAXPY: false)
    }

    @usableFromInline static let configured: Void = {
        MachineTuning.apply()
        _ = springbench_pool_set_threads(CoreFacts.current.usable)
        for (operation, points) in defaultThresholds {
            springbench_pool_set_threshold(operation.slot, points)
        }
    }()

    @inlinable
    static func ensureConfigured() { _ = configured }

    /// Whether a call of `count` points of `operation` splits.
    @inlinable
    @inline(__always)
    static func splits(_ operation: Operation, _ count: Int) -> Bool {
        guard count >= minimumThreshold else { return false }
        ensureConfigured()
        return count >= springbench_pool_threshold(operation.slot)
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        guard splits(.add, count) else { return SIMDBackend.uncheckedAdd(a, b, into: c, count: count) }
        split(.add, a: a, b: b, c: c, count: count)
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        guard splits(.subtract, count) else { return SIMDBackend.uncheckedSubtract(a, b, into: c, count: count) }
        split(.subtract, a: a, b: b, c: c, count: count)
    }

    @inlinable
    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        guard splits(.addInPlace, count) else { return SIMDBackend.uncheckedAddInPlace(a, b, count: count) }
        split(.addInPlace, a: UnsafePointer(a), b: b, c: a, count: count)
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        guard splits(.subtractInPlace, count) else {
            return SIMDBackend.uncheckedSubtractInPlace(a, b, count: count)
        }
        split(.subtractInPlace, a: UnsafePointer(a), b: b, c: a, count: count)
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        guard splits(.scale, count) else { return SIMDBackend.uncheckedScale(a, by: factor, count: count) }
        split(.scale, a: UnsafePointer(a), b: nil, c: a, factor: factor, count: count)
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        guard splits(.axpy, count) else { return SIMDBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count) }
        split(.axpy, a: x, b: nil, c: y, factor: alpha, count: count)
    }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        guard splits(.magnitudeSquared, count) else { return SIMDBackend.uncheckedMagnitudeSquared(a, count: count) }
        return split(.magnitudeSquared, a: a, b: nil, c: nil, count: count)
    }

    /// Runs `operation` over `count` points split across the pool, whatever the
    /// threshold (the measurement times this against SIMD); returns Σa² for
    /// `.magnitudeSquared`, 0 otherwise. `parts` defaults to ``defaultParts(count:)``.
    @discardableResult
    @usableFromInline
    static func split(
        _ operation: Operation, a: UnsafePointer<Double>?, b: UnsafePointer<Double>?,
        c: UnsafeMutablePointer<Double>?, factor: Double = 0, count: Int, parts: Int? = nil
    ) -> Double {
        ensureConfigured()
        let parts = max(1, min(parts ?? defaultParts(count: count), max(1, count / 8)))
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: parts) { partials in
            partials.initialize(repeating: 0)
            var job = ParallelJob(
                operation: operation, a: a, b: b, c: c, factor: factor, count: count, parts: parts,
                streams: (operation == .add || operation == .subtract) && count >= SIMDBackend.streamingThreshold
                    && UnsafePointer(c) != a && UnsafePointer(c) != b,
                partials: partials.baseAddress!)
            withUnsafeMutablePointer(to: &job) { springbench_pool_run(parts, runPart, $0) }
            var sum = 0.0
            for partial in partials { sum += partial }
            return sum
        }
    }

    /// Parts per thread of a split call. More parts than threads, claimed one
    /// by one, bound what a worker the system deschedules mid-call can hold
    /// up: the other threads take the parts it has not claimed. On this
    /// shared 2-vCPU VM, with one part per thread, a compile on the other
    /// core made split calls 1.4–3.5× slower than SIMD's; the caller then
    /// waited for a worker stuck in half the vector.
    public static let partsPerThread = 4

    /// No part is smaller than this (points), so each carries far more work than its hand-off.
    public static let minimumPartLength = 1 << 12

    /// The parts of a split call of `count` points: ``partsPerThread`` per
    /// thread, fewer when parts would be shorter than ``minimumPartLength``,
    /// at least one per thread. A function of `count` and the thread count
    /// only, so a Σa² sums in the same order every time.
    static func defaultParts(count: Int) -> Int {
        let threads = springbench_pool_threads()
        return max(threads, min(threads * partsPerThread, count / minimumPartLength))
    }

    /// Part `part` of `parts` of a split call of `count` points: its first
    /// index and its length. Parts are contiguous, in order, cut at multiples
    /// of 8 (64 bytes of doubles), and the last one ends at `count`.
    public static func partRange(part: Int, parts: Int, count: Int) -> (start: Int, length: Int) {
        ParallelJob.range(part: part, parts: parts, count: count)
    }

    /// Forces every call of `operation` on `a` to split into `parts` pieces,
    /// for the threshold measurement and tests: Σa² for `.magnitudeSquared`.
    @discardableResult
    public static func splitCall(
        _ operation: Operation, a: UnsafePointer<Double>?, b: UnsafePointer<Double>?,
        c: UnsafeMutablePointer<Double>?, factor: Double = 0, count: Int, parts: Int? = nil
    ) -> Double {
        split(operation, a: a, b: b, c: c, factor: factor, count: count, parts: parts)
    }
}

extension ParallelBackend {
    /// Runs `body(start, length)` for each of `parts` (default: the thread
    /// count) pieces of `0..<count`, cut at multiples of 8, on the pool's
    /// threads at once; returns when all are done. `body` runs concurrently
    /// and must only touch its own piece. For measurements that need every
    /// core on the same work (the bandwidth probe's all-core pass).
    public static func forEachPart(count: Int, parts: Int? = nil, _ body: (_ start: Int, _ length: Int) -> Void) {
        ensureConfigured()
        let parts = max(1, min(parts ?? springbench_pool_threads(), max(1, count / 8)))
        withoutActuallyEscaping(body) { body in
            var job = ClosureJob(body: body, count: count, parts: parts)
            withUnsafeMutablePointer(to: &job) { springbench_pool_run(parts, runClosurePart, $0) }
        }
    }
}

/// A ``ParallelBackend/forEachPart(count:parts:_:)`` call, as the pool's threads see it.
struct ClosureJob {
    var body: (Int, Int) -> Void
    var count: Int
    var parts: Int
}

let runClosurePart: springbench_pool_body = { context, part in
    let job = context!.assumingMemoryBound(to: ClosureJob.self)
    let (start, length) = ParallelJob.range(part: part, parts: job.pointee.parts, count: job.pointee.count)
    if length > 0 { job.pointee.body(start, length) }
}

/// One split call, as the pool's threads see it.
@usableFromInline
struct ParallelJob {
    var operation: ParallelBackend.Operation
    var a: UnsafePointer<Double>?
    var b: UnsafePointer<Double>?
    var c: UnsafeMutablePointer<Double>?
    var factor: Double
    var count: Int
    var parts: Int
    var streams: Bool
    var partials: UnsafeMutablePointer<Double>

    /// Part `part`'s first index and length: `count` cut into `parts` pieces at multiples of 8.
    static func range(part: Int, parts: Int, count: Int) -> (start: Int, length: Int) {
        let blocks = (count + 7) / 8
        let start = min(count, (blocks * part / parts) * 8)
        let end = part == parts - 1 ? count : min(count, (blocks * (part + 1) / parts) * 8)
        return (start, end - start)
    }

    func run(part: Int) {
        let (start, n) = Self.range(part: part, parts: parts, count: count)
        guard n > 0 else { return }
        switch operation {
        case .add:
            if streams { return springbench_kernel_add_streaming(a! + start, b! + start, c! + start, n) }
            SIMDBackend.cachedAdd(a! + start, b! + start, into: c! + start, count: n)
        case .subtract:
            if streams { return springbench_kernel_subtract_streaming(a! + start, b! + start, c! + start, n) }
            SIMDBackend.cachedSubtract(a! + start, b! + start, into: c! + start, count: n)
        case .addInPlace: SIMDBackend.cachedAdd(a! + start, b! + start, into: c! + start, count: n)
        case .subtractInPlace: SIMDBackend.cachedSubtract(a! + start, b! + start, into: c! + start, count: n)
        case .scale: SIMDBackend.uncheckedScale(c! + start, by: factor, count: n)
        case .axpy: SIMDBackend.uncheckedAXPY(alpha: factor, x: a! + start, y: c! + start, count: n)
        case .magnitudeSquared: partials[part] = SIMDBackend.uncheckedMagnitudeSquared(a! + start, count: n)
        }
    }
}

/// The pool's entry point for a part of a split call.
@usableFromInline
let runPart: springbench_pool_body = { context, part in
    context!.assumingMemoryBound(to: ParallelJob.self).pointee.run(part: part)
}
