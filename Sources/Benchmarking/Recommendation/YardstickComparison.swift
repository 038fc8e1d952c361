/// How the best backend compares with the C yardstick (``CYardstick``), per
/// kernel and size: the figure that says how far Swift is from C on the
/// machine the run was on.
///
/// Both were sampled in the same rounds, so each round gives one ratio
/// (the best backend's sample over C's): the ratio's median, with a
/// percentile-bootstrap 95 % interval, is the comparison. Pairing by round
/// cancels the machine's drift, which moves unchanged code 2–10 % between
/// runs here. What is left is the difference between the two cells'
/// operands (separate arrays, placed differently in memory), which
/// ``noise`` allows for.
public struct YardstickComparison: Sendable, Equatable {
    /// Differences inside this fraction, either way, are "equal within
    /// noise" (``verdict(_:noise:)``).
    public static let noise = 0.03

    /// The verdict on a ratio's interval, `noise` allowed either way: *slower*
    /// only when the interval lies entirely above `1 + noise`, *faster* only
    /// when it lies entirely below `1 / (1 + noise)`.
    ///
    /// The two limits are one limit seen from both sides: C over the backend
    /// is the reciprocal ratio, and its verdict is the mirror (slower ↔
    /// faster). A limit of 1 for *faster* would call a 1 % lead faster and a
    /// 2 % lag equal — "equal within 3 %" in one direction only.
    public static func verdict(_ interval: ConfidenceInterval, noise: Double = noise) -> Verdict {
        interval.upper < 1 / (1 + noise) ? .faster : interval.lower > 1 + noise ? .slower : .equal
    }

    public enum Verdict: String, Sendable, Equatable {
        case faster
        case equal = "equal within noise"
        case slower
    }

    public struct Row: Sendable, Equatable {
        public var kernel: Kernel
        public var size: Int
        /// The single-thread backend with the lowest median at this kernel and size.
        public var best: String
        public var bestNanosecondsPerElement: Double
        public var yardstickNanosecondsPerElement: Double
        /// Median over rounds of best ÷ C (below 1: the backend is faster).
        public var ratio: Double
        public var interval: ConfidenceInterval
        public var verdict: Verdict
    }

    public var rows: [Row]

    /// The allocating add's distance from C, split per size into the
    /// arithmetic and the allocation: how much longer the best `add-alloc`
    /// backend takes per call than C's `malloc`, loop and `free`, beside how
    /// much longer the same backend's `add` into a reused vector takes than
    /// C's loop alone. Each is the median over rounds of the paired
    /// difference (both sides sampled in the same round), so the machine's
    /// drift cancels; what the first has beyond the second is the
    /// allocation's own cost beyond `malloc` and `free` (a Swift result is a
    /// reference-counted object, Guides/MachineFacts.md, "The C yardstick").
    public struct AllocationSplit: Sendable, Equatable {
        public var size: Int
        /// The backend with the lowest `add-alloc` median at this size.
        public var backend: String
        /// Median over rounds of (backend's add-alloc − C's), ns per call.
        public var allocatingGap: Double
        public var allocatingGapInterval: ConfidenceInterval
        /// Median over rounds of (the same backend's add − C's), ns per call.
        public var reusedGap: Double
        public var reusedGapInterval: ConfidenceInterval
        /// What allocating and releasing the result costs the backend per
        /// call beyond C's `malloc` and `free`: ``allocatingGap`` − ``reusedGap``.
        public var allocationExcess: Double { allocatingGap - reusedGap }
    }

    /// One split per size where `add-alloc` and `add` were both measured,
    /// for the backends and for C; in size order.
    public var allocationSplits: [AllocationSplit]

    /// The comparison of `results`' main build with its yardstick; nil when
    /// no yardstick was sampled.
    public init?(_ results: BenchmarkResults) {
        guard let yardstick = results.yardstick, !yardstick.measurements.isEmpty else { return nil }
        rows = yardstick.measurements.enumerated().compactMap { offset, c in
            // C runs one thread: so do the backends it is held against.
            let cells = results.measurements.filter {
                $0.kernel == c.kernel && $0.size == c.size && results.machine.threads(of: $0.backend) == 1
            }
            guard let best = cells.min(by: { $0.summary.median < $1.summary.median }) else { return nil }
            return Self.row(best: best, yardstick: c, seed: 0x9A2D &+ UInt64(offset))
        }
        allocationSplits = Set(yardstick.measurements.map(\.size)).sorted().compactMap { size in
            func c(_ kernel: Kernel) -> KernelMeasurement? {
                yardstick.measurements.first { $0.kernel == kernel && $0.size == size }
            }
            guard let cAllocating = c(.addAllocating), let cReused = c(.add),
                let best = results.measurements.filter({
                    $0.kernel == .addAllocating && $0.size == size && results.machine.threads(of: $0.backend) == 1
                })
                .min(by: { $0.summary.median < $1.summary.median }),
                let reused = results.measurements.first(where: {
                    $0.kernel == .add && $0.size == size && $0.backend == best.backend
                }),
                let allocating = Self.pairedDifference(
                    best.samples, cAllocating.samples, seed: 0xA110C &+ UInt64(size)),
                let arithmetic = Self.pairedDifference(reused.samples, cReused.samples, seed: 0xADD &+ UInt64(size))
            else { return nil }
            return AllocationSplit(
                size: size, backend: best.backend,
                allocatingGap: allocating.median, allocatingGapInterval: allocating.interval,
                reusedGap: arithmetic.median, reusedGapInterval: arithmetic.interval)
        }
    }

    /// The median over rounds of `a[i] − b[i]` and its 95 % bootstrap
    /// interval; nil when there is no pair.
    static func pairedDifference(_ a: [Double], _ b: [Double], seed: UInt64) -> (
        median: Double, interval: ConfidenceInterval
    )? {
        let differences = zip(a, b).map { $0 - $1 }
        guard !differences.isEmpty else { return nil }
        return (SampleStatistics.median(differences), SampleStatistics.bootstrapMedianInterval(differences, seed: seed))
    }

    /// The row of one kernel and size from the best backend's cell and the
    /// yardstick's, paired sample by sample (round by round).
    public static func row(best: KernelMeasurement, yardstick c: KernelMeasurement, seed: UInt64) -> Row {
        let pairs = min(best.samples.count, c.samples.count)
        let ratios = (0..<pairs).map { best.samples[$0] / c.samples[$0] }
        let median = ratios.isEmpty ? .nan : SampleStatistics.median(ratios)
        let interval =
            ratios.isEmpty
            ? ConfidenceInterval(lower: .nan, upper: .nan, level: 0.95)
            : SampleStatistics.bootstrapMedianInterval(ratios, seed: seed)
        let verdict = Self.verdict(interval)
        return Row(
            kernel: best.kernel, size: best.size, best: best.backend,
            bestNanosecondsPerElement: best.nanosecondsPerElement,
            yardstickNanosecondsPerElement: c.nanosecondsPerElement,
            ratio: median, interval: interval, verdict: verdict)
    }

    /// Rows where the best backend is slower than C beyond the noise.
    public var slower: [Row] { rows.filter { $0.verdict == .slower } }

    /// The row with the highest ratio (the best backend's worst showing).
    public var worst: Row? { rows.max { $0.ratio < $1.ratio } }
}
