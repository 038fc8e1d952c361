import VectorKernels

/// Order statistics and the bootstrap, written for benchmark samples.
///
/// Benchmarks on a shared machine have skewed, heavy-tailed times, so
/// SpringBench summarises with the median and quantiles, measures spread with
/// the median absolute deviation, and gives the median's uncertainty as a
/// percentile-bootstrap interval (Efron & Tibshirani, *An Introduction to the
/// Bootstrap*, ch. 13) — no normality assumed.
public enum SampleStatistics {
    /// The `p`-quantile of `sorted` (ascending), interpolating linearly between
    /// order statistics (Hyndman & Fan's definition 7, R's and NumPy's default).
    ///
    /// - Precondition: `sorted` is non-empty and ascending; `0 <= p <= 1`.
    public static func quantile(sorted: [Double], _ p: Double) -> Double {
        precondition(!sorted.isEmpty, "quantile of no samples")
        precondition((0...1).contains(p), "quantile p must be in 0...1, got \(p)")
        let position = p * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = position - Double(lower)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * fraction
    }

    /// The median (mean of the two middle values for an even count).
    /// Half the width of a distribution-free 95 % interval for the median of
    /// `samples`, as a fraction of the median: the order statistics at ranks
    /// n/2 ∓ 1.96·√n/2 (the binomial count of samples below the median,
    /// normal approximation; Conover, *Practical Nonparametric Statistics*,
    /// §3.2). Cheap enough to recompute every round, so the sampler stops on
    /// it; reports use the bootstrap interval of ``summarize(_:seed:)``.
    /// Infinite below 6 samples, where the ranks leave the sample.
    public static func orderStatisticHalfWidth(_ samples: [Double]) -> Double {
        let n = samples.count
        guard n >= 6 else { return .infinity }
        let sorted = samples.sorted()
        let spread = 1.96 * Double(n).squareRoot() / 2
        let lower = max(0, Int((Double(n) / 2 - spread).rounded(.down)))
        let upper = min(n - 1, Int((Double(n) / 2 + spread).rounded(.up)))
        let middle = median(samples)
        guard middle > 0 else { return .infinity }
        return (sorted[upper] - sorted[lower]) / 2 / middle
    }

    public static func median(_ samples: [Double]) -> Double {
        quantile(sorted: samples.sorted(), 0.5)
    }

    /// The median absolute deviation from the median, unscaled. Multiply by
    /// 1.4826 for a consistent estimate of a normal distribution's σ.
    public static func medianAbsoluteDeviation(_ samples: [Double]) -> Double {
        let center = median(samples)
        return median(samples.map { abs($0 - center) })
    }

    /// A percentile-bootstrap confidence interval of the median.
    ///
    /// - Parameters:
    ///   - level: nominal coverage, e.g. 0.95.
    ///   - resamples: bootstrap replicates (2 000 gives the 2.5 % and 97.5 %
    ///     percentiles to about ±1 % in coverage).
    ///   - seed: makes the interval reproducible.
    /// The coverage of every results file's median interval (``SampleSummary/medianInterval``).
    public static let medianIntervalLevel = 0.95

    public static func bootstrapMedianInterval(
        _ samples: [Double], level: Double = medianIntervalLevel, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> ConfidenceInterval {
        precondition(!samples.isEmpty, "bootstrap of no samples")
        precondition(level > 0 && level < 1, "level must be in (0, 1), got \(level)")
        let sorted = samples.sorted()
        var rng = SplitMix64(seed: seed)
        var counts = [Int](repeating: 0, count: sorted.count)
        var medians = (0..<resamples).map { _ in resampledMedian(sorted, counts: &counts, using: &rng) }
        medians.sort()
        let tail = (1 - level) / 2
        return ConfidenceInterval(
            lower: quantile(sorted: medians, tail), upper: quantile(sorted: medians, 1 - tail), level: level)
    }

    /// The median of one bootstrap resample of `sorted` (its values drawn
    /// with replacement). A resample's median depends only on which ranks
    /// were drawn: count how often each rank is drawn and walk the counts to
    /// the middle rank(s), O(n) instead of a sort. `counts` is scratch space
    /// of `sorted.count` zeros, left zeroed; the one implementation behind
    /// every bootstrap of a median here (one run's, and the gate's two-stage one).
    public static func resampledMedian(
        _ sorted: [Double], counts: inout [Int], using rng: inout SplitMix64
    ) -> Double {
        let n = sorted.count
        precondition(n > 0 && counts.count == n, "resample of no samples, or scratch of the wrong size")
        for _ in 0..<n { counts[rng.index(below: n)] += 1 }
        defer { for rank in 0..<n { counts[rank] = 0 } }
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

    /// Median, p10, p90, extremes, MAD and the bootstrap interval of the median.
    public static func summarize(_ samples: [Double], seed: UInt64 = 0x5EED) -> SampleSummary {
        let sorted = samples.sorted()
        return SampleSummary(
            count: samples.count,
            median: quantile(sorted: sorted, 0.5),
            p10: quantile(sorted: sorted, 0.1),
            p90: quantile(sorted: sorted, 0.9),
            minimum: sorted[0], maximum: sorted[sorted.count - 1],
            mad: medianAbsoluteDeviation(samples),
            medianInterval: bootstrapMedianInterval(samples, seed: seed))
    }
}
