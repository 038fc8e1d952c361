import CVectorLoops
import ParallelKernels
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// Measures this machine's single-thread memory bandwidth for each access
/// pattern of ``ProbePattern``, STREAM-style (McCalpin): arrays far larger
/// than the last-level cache, each pattern timed `trials` times, the best rate
/// reported (plus the median). Rates count the bytes the pattern must move
/// (8 per double read or written), not write-allocate traffic.
///
/// The loops are C loops of its own (`CVectorLoops`: AVX intrinsics, four
/// vectors per step), independent of the backends, so the probe measures the
/// machine, not a backend; the streaming patterns (`copy-nt`, …) write with
/// non-temporal stores, the ceiling of out-of-place kernels.
public struct BandwidthProbe {
    public var elements: Int
    public var trials: Int
    /// The clock each pass is timed with: the sweep's, so kernels and probe
    /// are measured alike.
    public var clock: SampleClock = .wall
    /// Threads of the all-core `add-nt` pass, taken in every trial after the
    /// single-thread patterns (on the parallel backend's pool); 1: none.
    /// Timed by the wall clock whatever ``clock`` says: a thread's CPU time
    /// does not see the other threads.
    public var allCoreThreads = 1
    /// Wall-clock nanoseconds after which no further trial starts, once
    /// ``minimumTrials`` (or every trial, if fewer were asked) are done; nil:
    /// every trial runs. The probe's arrays are 4× the last-level cache, and
    /// some machines report a large one (a 2-vCPU VM on a 260 MiB L3: three
    /// 1 GiB arrays, 1.6 s a trial in a release build): the budget bounds the
    /// single-thread trials there, while 128 MiB arrays (an 8–32 MiB cache)
    /// run every trial within it. The all-core passes, when asked for, follow
    /// with one pass per trial that ran. The result records the trials that ran.
    public var budgetNanoseconds: Double?
    /// The fewest trials a budget leaves, so that each pattern still has a
    /// best and a median of several passes (a choice, not a measured bound;
    /// STREAM's own default is 10).
    public static let minimumTrials = 5

    /// Parameters:
    ///   - `elements`: doubles per array; at least 4× the last-level cache is
    ///     "far beyond" it.
    public init(elements: Int, trials: Int) {
        precondition(elements >= 1024, "probe arrays must hold at least 1024 doubles")
        precondition(trials >= 1)
        self.elements = elements
        self.trials = trials
    }

    /// A probe sized at 4× the last-level cache (at least 16 Mi doubles, 128 MiB per array).
    /// With ``ProbeStandIn`` on (the tool's own tests), ``ProbeStandIn/elements``.
    public static func sized(lastLevelCacheBytes: Int, trials: Int, minimumElements: Int = 1 << 24) -> BandwidthProbe {
        if ProbeStandIn.isOn { return BandwidthProbe(elements: ProbeStandIn.elements, trials: trials) }
        let fromCache = (4 * lastLevelCacheBytes / 8 + 15) / 16 * 16
        return BandwidthProbe(elements: max(minimumElements, fromCache), trials: trials)
    }

    public func run(progress: (ProbePattern) -> Void = { _ in }) -> BandwidthProbeResult {
        run(progress: progress, now: clock.now, wallNow: monotonicNanoseconds)
    }

    /// Whether another trial starts after `done` trials took `elapsed` wall-clock nanoseconds.
    func continues(afterTrials done: Int, elapsed: UInt64) -> Bool {
        guard done < trials else { return false }
        guard let budgetNanoseconds, done >= min(trials, Self.minimumTrials) else { return true }
        return Double(elapsed) < budgetNanoseconds
    }

    /// ``run(progress:)`` timed by `now` (passes) and `wallNow` (the budget):
    /// tests script the clocks, so what they assert about rates and trials does
    /// not depend on the machine.
    package func run(
        progress: (ProbePattern) -> Void = { _ in }, now: () -> UInt64, wallNow: () -> UInt64 = monotonicNanoseconds
    ) -> BandwidthProbeResult {
        let arrays = Arrays(elements: elements)
        let (a, b, c) = (arrays.a, arrays.b, arrays.c)
        var sink = 0.0
        var rates: [ProbePattern: [Double]] = [:]
        let started = wallNow()
        var done = 0
        // Interleave the patterns trial by trial so drift hits them alike.
        while continues(afterTrials: done, elapsed: wallNow() &- started) {
            let trial = done
            done += 1
            for pattern in ProbePattern.allCases {
                if trial == 0 { progress(pattern) }
                let start = now()
                sink += Self.pass(pattern, a, b, c, elements, inverse: trial % 2 == 1)
                let nanoseconds = Double(now() &- start)
                rates[pattern, default: []].append(Double(pattern.bytesPerElement * elements) / nanoseconds)
            }
        }
        var allCoreRates: [Double] = []
        if allCoreThreads > 1 {
            for trial in 0..<done {
                let start = monotonicNanoseconds()
                Self.allCorePass(a, b, c, elements, threads: allCoreThreads, inverse: trial % 2 == 1)
                let nanoseconds = Double(monotonicNanoseconds() &- start)
                allCoreRates.append(Double(ProbePattern.addStreaming.bytesPerElement * elements) / nanoseconds)
            }
        }
        blackHole(sink)
        withExtendedLifetime(arrays) {}  // the passes used its pointers
        var result = BandwidthProbeResult(
            elements: elements, bytesPerArray: elements * 8, trials: done,
            patterns: ProbePattern.allCases.map { pattern in
                let values = rates[pattern]!
                return .init(
                    pattern: pattern, bestGigabytesPerSecond: values.max()!,
                    medianGigabytesPerSecond: SampleStatistics.median(values))
            })
        result.vectorStoreBytes = Self.vectorStoreBytes
        if !allCoreRates.isEmpty {
            result.allCores = .init(
                threads: allCoreThreads, pattern: .addStreaming, bestGigabytesPerSecond: allCoreRates.max()!,
                medianGigabytesPerSecond: SampleStatistics.median(allCoreRates))
        }
        return result
    }

    /// The three arrays of a probe pass (1, 2 and ½ everywhere), freed with it.
    package final class Arrays {
        package let a: UnsafeMutablePointer<Double>
        package let b: UnsafeMutablePointer<Double>
        package let c: UnsafeMutablePointer<Double>

        package init(elements: Int) {
            a = BandwidthProbe.allocate(elements, value: 1.0)
            b = BandwidthProbe.allocate(elements, value: 2.0)
            c = BandwidthProbe.allocate(elements, value: 0.5)
        }

        deinit {
            free(a)
            free(b)
            free(c)
        }
    }

    package static func allocate(_ count: Int, value: Double) -> UnsafeMutablePointer<Double> {
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, 64, count * 8) == 0, let raw else {
            fatalError("bandwidth probe: cannot allocate \(count * 8) bytes")
        }
        let pointer = raw.bindMemory(to: Double.self, capacity: count)
        pointer.initialize(repeating: value, count: count)  // first touch: fault every page now
        return pointer
    }

    /// One `add-nt` pass with `threads` threads, each on its own contiguous part.
    static func allCorePass(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>, _ c: UnsafeMutablePointer<Double>,
        _ n: Int, threads: Int, inverse: Bool
    ) {
        ParallelBackend.forEachPart(count: n, parts: threads) { start, length in
            blackHole(pass(.addStreaming, a + start, b + start, c + start, length, inverse: inverse))
        }
    }

    /// Bytes per vector store of the probe's loops on this CPU (32 with AVX,
    /// 16 with SSE2, 0 for plain C loops without streaming stores).
    public static var vectorStoreBytes: Int { Int(springbench_vector_store_bytes()) }

    /// One pass of `pattern` over `n` elements (any `n >= 1`) by loop
    /// `variant` (< ``ProbePattern/loopVariants``); returns a value that
    /// depends on the work.
    @inline(never)
    package static func pass(
        _ pattern: ProbePattern, _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>,
        _ c: UnsafeMutablePointer<Double>, _ n: Int, inverse: Bool, variant: Int = 0
    ) -> Double {
        // The factor alternates between s and 1/s over trials so in-place
        // values neither grow nor shrink.
        let factor = inverse ? 1 / 1.000_000_1 : 1.000_000_1
        let small = 1e-9
        let streaming: Int32 = pattern.usesStreamingStores ? 1 : 0
        switch pattern {
        case .copy, .copyStreaming:
            springbench_copy(a, c, n, streaming)
            return c[n - 1]
        case .scale, .scaleStreaming:
            springbench_scale(factor, c, b, n, streaming)
            return b[n - 1]
        case .add, .addStreaming:
            springbench_add(a, b, c, n, streaming)
            return c[n - 1]
        case .triad, .triadStreaming:
            springbench_triad(small, b, c, a, n, streaming)
            return a[n - 1]
        case .scaleInPlace:
            if variant == 0 {
                springbench_scale_in_place(factor, a, n)
            } else {
                springbench_scale_in_place_narrow(factor, a, n)
            }
            return a[n - 1]
        case .triadInPlace:
            // Variant 1 adds and subtracts by turns, so values stay bounded.
            if variant == 0 {
                springbench_triad_in_place(small, b, a, n)
            } else {
                springbench_add_in_place(b, a, n, inverse ? 1 : 0)
            }
            return a[n - 1]
        case .read:
            return springbench_sum(a, n)
        }
    }
}
