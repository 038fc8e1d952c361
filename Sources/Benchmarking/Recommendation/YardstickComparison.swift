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
    /// Differences inside this fraction are "equal within noise": the best
    /// backend is *slower* only when its ratio's interval lies entirely above
    /// `1 + noise`, *faster* when it lies entirely below 1.
    public static let noise = 0.03

    public enum Verdict: String, Sendable, Equatable {
        case faster
        case equal = "equal within noise"
        case slower
    }

    public struct Row: Sendable, Equatable {
        public var kernel: Kernel
        public var size: Int
        /// The backend with the lowest median at this kernel and size.
        public var best: String
        public var bestNanosecondsPerElement: Double
        public var yardstickNanosecondsPerElement: Double
        /// Median over rounds of best ÷ C (below 1: the backend is faster).
        public var ratio: Double
        public var interval: ConfidenceInterval
        public var verdict: Verdict
    }

    public var rows: [Row]

    /// The comparison of `results`' main build with its yardstick; nil when
    /// no yardstick was sampled.
    public init?(_ results: BenchmarkResults) {
        guard let yardstick = results.yardstick, !yardstick.measurements.isEmpty else { return nil }
        rows = yardstick.measurements.enumerated().compactMap { offset, c in
            let cells = results.measurements.filter { $0.kernel == c.kernel && $0.size == c.size }
            guard let best = cells.min(by: { $0.summary.median < $1.summary.median }) else { return nil }
            return Self.row(best: best, yardstick: c, seed: 0x9A2D &+ UInt64(offset))
        }
    }

    /// The row of one kernel and size from the best backend's cell and the
    /// yardstick's, paired sample by sample (round by round).
    public static func row(best: KernelMeasurement, yardstick c: KernelMeasurement, seed: UInt64) -> Row {
        let pairs = min(best.samples.count, c.samples.count)
        let ratios = (0..<pairs).map { best.samples[$0] / c.samples[$0] }
        let median = ratios.isEmpty ? .nan : SampleStatistics.median(ratios)
        let interval = ratios.isEmpty
            ? ConfidenceInterval(lower: .nan, upper: .nan, level: 0.95)
            : SampleStatistics.bootstrapMedianInterval(ratios, seed: seed)
        let verdict: Verdict = interval.upper < 1 ? .faster : interval.lower > 1 + noise ? .slower : .equal
        return Row(kernel: best.kernel, size: best.size, best: best.backend,
                   bestNanosecondsPerElement: best.nanosecondsPerElement,
                   yardstickNanosecondsPerElement: c.nanosecondsPerElement,
                   ratio: median, interval: interval, verdict: verdict)
    }

    /// Rows where the best backend is slower than C beyond the noise.
    public var slower: [Row] { rows.filter { $0.verdict == .slower } }

    /// The row with the highest ratio (the best backend's worst showing).
    public var worst: Row? { rows.max { $0.ratio < $1.ratio } }
}
