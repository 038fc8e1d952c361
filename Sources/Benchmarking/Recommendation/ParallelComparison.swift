import ParallelKernels
import VectorKernels

/// The parallel backend against the best single-thread backend, per kernel
/// and size, and against the all-core bandwidth the probe measured: issue
/// 26's two bars for it, from one run.
///
/// - *Never slower*: at every kernel and size the parallel backend's time
///   over the best single-thread backend's, paired round by round as
///   ``YardstickComparison`` pairs a backend with C (median ratio, 95 %
///   bootstrap interval), is *slower* only when the whole interval lies above
///   1 + ``tolerance`` (and *faster* only below its mirror, 1 / (1 + tolerance):
///   ``YardstickComparison/verdict(_:noise:)``).
/// - *Bandwidth*: out-of-place add at the largest size whose operands stream
///   from memory, in GB/s, as a fraction of the probe's all-core `add-nt`
///   rate (median against median, typical against typical; the best is shown too).
public struct ParallelComparison: Sendable, Equatable {
    /// How much slower than the best single-thread backend the parallel one may be: 3 %.
    public static let tolerance = 0.03
    /// The fraction of the all-core streaming bandwidth out-of-place add must reach: 90 %.
    public static let bandwidthBar = 0.9

    public struct Row: Sendable, Equatable {
        public var kernel: Kernel
        public var size: Int
        public var parallelNanosecondsPerElement: Double
        /// The single-thread backend with the lowest median here.
        public var best: String
        public var bestNanosecondsPerElement: Double
        /// Median over rounds of parallel ÷ best (below 1: splitting pays).
        public var ratio: Double
        public var interval: ConfidenceInterval
        public var verdict: YardstickComparison.Verdict
        /// Whether calls of this size split (at or above the run's threshold for the kernel's operation).
        public var splits: Bool
        /// Median over rounds of parallel ÷ SIMD, whose code the backend runs below its
        /// threshold (nil without a SIMD cell): what is left there is operand placement.
        public var simdRatio: Double?
    }

    /// The bandwidth bar's figures.
    public struct Bandwidth: Sendable, Equatable {
        public var size: Int
        public var threads: Int
        public var parallelGigabytesPerSecond: Double
        public var allCoreMedianGigabytesPerSecond: Double
        public var allCoreBestGigabytesPerSecond: Double
        /// The all-core `add-nt` pass on the cell's own operands, sampled in the same rounds
        /// (``CeilingComparison/threads`` > 1); nil in files from before it was (then the probe's
        /// all-core rate, taken before the sweep, is the ceiling).
        public var sameRounds: CeilingComparison?
        /// The fraction the bar judges: the median over rounds of the per-round fraction of the
        /// same-rounds ceiling, else the cell's rate over the probe's all-core median.
        public var fractionOfMedian: Double {
            sameRounds?.fraction ?? parallelGigabytesPerSecond / allCoreMedianGigabytesPerSecond
        }
        public var fractionOfBest: Double { parallelGigabytesPerSecond / allCoreBestGigabytesPerSecond }
    }

    public var threads: Int
    public var rows: [Row]
    public var bandwidth: Bandwidth?
    public var thresholds: ParallelThresholds?

    /// The comparison of `results`; nil when the run did not time the parallel backend.
    public init?(_ results: BenchmarkResults) {
        let name = ParallelBackend.name
        let parallelCells = results.measurements.filter { $0.backend == name }
        guard !parallelCells.isEmpty else { return nil }
        threads = results.machine.threads(of: name)
        thresholds = results.parallel
        let single = results.measurements.filter { results.machine.threads(of: $0.backend) == 1 && $0.backend != name }
        rows = parallelCells.enumerated().compactMap { offset, cell in
            guard
                let best = single.filter({ $0.kernel == cell.kernel && $0.size == cell.size })
                    .min(by: { $0.summary.median < $1.summary.median })
            else { return nil }
            let paired = YardstickComparison.row(best: cell, yardstick: best, seed: 0x9A7A &+ UInt64(offset))
            let verdict = YardstickComparison.verdict(paired.interval, noise: Self.tolerance)
            let threshold = results.parallel?.threshold(for: ParallelThresholdMeasurement.operation(of: cell.kernel))
            let simd = single.first {
                $0.kernel == cell.kernel && $0.size == cell.size && $0.backend == SIMDBackend.name
            }
            return Row(
                kernel: cell.kernel, size: cell.size, parallelNanosecondsPerElement: cell.nanosecondsPerElement,
                best: best.backend, bestNanosecondsPerElement: best.nanosecondsPerElement, ratio: paired.ratio,
                interval: paired.interval, verdict: verdict,
                splits: threshold.map { cell.size >= $0 && cell.size >= ParallelBackend.minimumThreshold } ?? false,
                simdRatio: simd.map { YardstickComparison.row(best: cell, yardstick: $0, seed: 0x51D).ratio })
        }
        .sorted { ($0.kernel.sortIndex, $0.size) < ($1.kernel.sortIndex, $1.size) }
        let lastLevel = results.machine.cacheStateBytes
        if let allCores = results.probe.allCores,
            let add = parallelCells.filter({
                $0.kernel == .add && CacheState.of(.add, size: $0.size, lastLevelCacheBytes: lastLevel) == .memory
            })
            .max(by: { $0.size < $1.size })
        {
            let sameRounds = add.ceiling.flatMap { ($0.threads ?? 1) > 1 ? $0 : nil }
            bandwidth = Bandwidth(
                size: add.size, threads: sameRounds?.threads ?? allCores.threads,
                parallelGigabytesPerSecond: add.gigabytesPerSecond,
                allCoreMedianGigabytesPerSecond: allCores.medianGigabytesPerSecond,
                allCoreBestGigabytesPerSecond: allCores.bestGigabytesPerSecond, sameRounds: sameRounds)
        } else {
            bandwidth = nil
        }
    }

    /// Cells where the parallel backend is slower than the best single-thread one beyond the tolerance.
    public var slower: [Row] { rows.filter { $0.verdict == .slower } }

    /// The row with the highest ratio.
    public var worst: Row? { rows.max { $0.ratio < $1.ratio } }
}

extension Kernel {
    /// The kernel's place in ``Kernel/allCases``, for tables in report order.
    var sortIndex: Int { Kernel.allCases.firstIndex(of: self)! }
}
