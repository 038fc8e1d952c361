/// The sweep's own check of the cache state it claims: at the sizes where the
/// operands outgrow the per-core L2 cache but fit the last-level cache (where
/// evictions by the other cells' samples would show), every cell is measured
/// again with long samples, right after the sweep's samples of its kernel. A
/// long sample runs the kernel for at least 50 ms, so whatever state the first
/// call finds is amortised over dozens of calls: the two medians agree when
/// the sweep's samples really timed resident data.
public struct CacheCheck: Codable, Sendable, Equatable {
    /// Each long sample lasts at least this long.
    public var minimumSampleNanoseconds: Double
    /// Long samples per cell.
    public var samples: Int
    /// The largest |sweep median ÷ long median − 1| that agrees.
    public var tolerance: Double
    public var cells: [Cell]

    public init(minimumSampleNanoseconds: Double, samples: Int, tolerance: Double, cells: [Cell]) {
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
        self.samples = samples
        self.tolerance = tolerance
        self.cells = cells
    }

    /// The check's timing: 5 samples of at least 50 ms.
    public static let longSamples = TimingPolicy(samples: 5, minimumSampleNanoseconds: 50e6, warmupNanoseconds: 5e6)
    /// Agreement within 5 %.
    public static let defaultTolerance = 0.05

    /// The sizes to check: those where some kernel is hot
    /// (``CacheState/hot``) but the largest operand set (24 bytes a point)
    /// exceeds the L2 cache. With an unknown L2, every size where a kernel is hot.
    public static func sizes(_ sizes: [Int], lastLevelCacheBytes: Int, secondLevelCacheBytes: Int) -> [Int] {
        sizes.filter { size in
            let largest = size.multipliedReportingOverflow(by: 24)
            let leavesL2 = largest.overflow || largest.partialValue > secondLevelCacheBytes
            let someHot = Kernel.allCases.contains { CacheState.of($0, size: size, lastLevelCacheBytes: lastLevelCacheBytes) == .hot }
            return leavesL2 && someHot
        }
    }

    /// One cell's two medians and the verdict.
    public struct Cell: Codable, Sendable, Equatable {
        public var kernel: Kernel
        public var backend: String
        public var size: Int
        /// The build measured, when it is not the one that ran the sweep (its target CPU).
        public var build: String?
        public var cacheState: CacheState
        /// The sweep's median and interval, ns per call.
        public var sweepMedian: Double
        public var sweepInterval: ConfidenceInterval
        /// The long samples' median and interval, ns per call.
        public var longMedian: Double
        public var longInterval: ConfidenceInterval
        /// sweepMedian ÷ longMedian.
        public var ratio: Double
        /// Nil when the medians agree within the tolerance; otherwise why not.
        public var flag: String?

        public init(
            kernel: Kernel, backend: String, size: Int, build: String?, cacheState: CacheState,
            sweep: SampleSummary, long: SampleSummary, tolerance: Double
        ) {
            self.kernel = kernel
            self.backend = backend
            self.size = size
            self.build = build
            self.cacheState = cacheState
            sweepMedian = sweep.median
            sweepInterval = sweep.medianInterval
            longMedian = long.median
            longInterval = long.medianInterval
            ratio = sweep.median / long.median
            flag = Self.flag(ratio: ratio, sweep: sweep.medianInterval, long: long.medianInterval, tolerance: tolerance)
        }

        /// Why a ratio outside the tolerance is what it is.
        static func flag(ratio: Double, sweep: ConfidenceInterval, long: ConfidenceInterval, tolerance: Double) -> String? {
            guard ratio.isFinite else { return "no usable samples" }
            guard abs(ratio - 1) > tolerance else { return nil }
            let percent = Int((abs(ratio - 1) * 100).rounded())
            if sweep.overlaps(long) {
                return "\(percent) % apart, but the two medians' intervals overlap: this machine's noise, not the cache state"
            }
            if ratio > 1 {
                return "sweep \(percent) % slower: its samples did not find the operands resident (the cache is shared with other tenants, or the operands nearly fill it)"
            }
            return "sweep \(percent) % faster: the long samples ran slower (drift of the machine between the two, or the long runs evicted their own data)"
        }
    }

    /// The flagged cells.
    public var flagged: [Cell] { cells.filter { $0.flag != nil } }
}
