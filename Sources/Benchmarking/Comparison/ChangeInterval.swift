/// The ratio current ÷ baseline of one cell's medians, with a confidence interval.
public struct ChangeInterval: Codable, Sendable, Equatable {
    /// Median of the current samples over median of the baseline samples (1 = unchanged, 1.3 = 30 % slower).
    public var ratio: Double
    public var lower: Double
    public var upper: Double
    /// Nominal coverage of [lower, upper]; 1 when both sides are exact counts.
    public var level: Double

    public init(ratio: Double, lower: Double, upper: Double, level: Double) {
        self.ratio = ratio
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    /// The change as a signed fraction: +0.3 is 30 % slower.
    public var change: Double { ratio - 1 }

    /// Whether `ratio` lies in [lower, upper].
    public func contains(_ ratio: Double) -> Bool { lower <= ratio && ratio <= upper }

    /// Compares `current` with `baseline`.
    ///
    /// Samples: a percentile bootstrap of the ratio of medians. Each replicate
    /// resamples both sets with replacement (a pair of resamples, drawn from one
    /// seeded generator) and takes median(current*) ÷ median(baseline*); the
    /// interval is the replicates' (1 − level)/2 and (1 + level)/2 quantiles
    /// (Efron & Tibshirani, *An Introduction to the Bootstrap*, ch. 13). No
    /// normality is assumed and the two runs need not have equal sample counts.
    /// Exact counts give a point interval.
    public static func estimate(
        baseline: CellObservation, current: CellObservation,
        level: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> ChangeInterval {
        let ratio = current.pointEstimate / baseline.pointEstimate
        guard case .samples(let before) = baseline, case .samples(let after) = current else {
            // One exact side: its uncertainty is that of the other side's median.
            switch (baseline, current) {
            case (.exact(let b), .samples(let c)):
                let interval = SampleStatistics.bootstrapMedianInterval(c, level: level, resamples: resamples, seed: seed)
                return ChangeInterval(ratio: ratio, lower: interval.lower / b, upper: interval.upper / b, level: level)
            case (.samples(let b), .exact(let c)):
                let interval = SampleStatistics.bootstrapMedianInterval(b, level: level, resamples: resamples, seed: seed)
                return ChangeInterval(ratio: ratio, lower: c / interval.upper, upper: c / interval.lower, level: level)
            default:
                return ChangeInterval(ratio: ratio, lower: ratio, upper: ratio, level: 1)
            }
        }
        var rng = SplitMix64(seed: seed)
        let sortedBefore = before.sorted(), sortedAfter = after.sorted()
        var ratios = [Double](repeating: 0, count: resamples)
        for index in 0..<resamples {
            let b = resampledMedian(sortedBefore, using: &rng)
            let c = resampledMedian(sortedAfter, using: &rng)
            ratios[index] = c / b
        }
        ratios.sort()
        let tail = (1 - level) / 2
        return ChangeInterval(
            ratio: ratio,
            lower: SampleStatistics.quantile(sorted: ratios, tail),
            upper: SampleStatistics.quantile(sorted: ratios, 1 - tail),
            level: level)
    }

    /// The median of one bootstrap resample of `sorted`: draws ranks, so no sort per replicate.
    static func resampledMedian(_ sorted: [Double], using rng: inout SplitMix64) -> Double {
        let n = sorted.count
        var counts = [Int](repeating: 0, count: n)
        for _ in 0..<n { counts[Int.random(in: 0..<n, using: &rng)] += 1 }
        let lowerMiddle = (n - 1) / 2, upperMiddle = n / 2
        var seen = 0
        var lower = Double.nan
        for rank in 0..<n where counts[rank] > 0 {
            seen += counts[rank]
            if lower.isNaN, seen > lowerMiddle { lower = sorted[rank] }
            if seen > upperMiddle { return (lower + sorted[rank]) / 2 }
        }
        return sorted[n - 1]
    }
}
