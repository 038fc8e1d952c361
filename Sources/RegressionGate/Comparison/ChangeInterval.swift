import Benchmarking
import Foundation
import VectorKernels

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

    /// The interval's larger half-width over the ratio (0.02: ± 2 %); ∞ when it is unbounded.
    public var relativeHalfWidth: Double {
        guard ratio > 0, lower.isFinite, upper.isFinite else { return .infinity }
        return max(upper - ratio, ratio - lower) / ratio
    }

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
    /// With two or more runs on each side the run, not the sample, is the
    /// unit: see `runsInterval(baseline:current:level:)`.
    /// Exact counts give a point interval.
    public static func estimate(
        baseline: CellObservation, current: CellObservation,
        level: Double = 0.99, resamples: Int = 2000, seed: UInt64 = 0x5EED
    ) -> ChangeInterval {
        let ratio = current.pointEstimate / baseline.pointEstimate
        guard let before = baseline.sampleRuns, let after = current.sampleRuns else {
            // One exact side: its uncertainty is that of the other side's median.
            if case .exact(let b) = baseline, let after = current.sampleRuns {
                let interval = SampleStatistics.bootstrapMedianInterval(
                    after.flatMap { $0 }, level: level, resamples: resamples, seed: seed)
                return ChangeInterval(ratio: ratio, lower: interval.lower / b, upper: interval.upper / b, level: level)
            }
            if case .exact(let c) = current, let before = baseline.sampleRuns {
                let interval = SampleStatistics.bootstrapMedianInterval(
                    before.flatMap { $0 }, level: level, resamples: resamples, seed: seed)
                return ChangeInterval(ratio: ratio, lower: c / interval.upper, upper: c / interval.lower, level: level)
            }
            return ChangeInterval(ratio: ratio, lower: ratio, upper: ratio, level: 1)
        }
        if before.count >= 2, after.count >= 2 {
            return runsInterval(baseline: before, current: after, level: level)
        }
        var rng = SplitMix64(seed: seed)
        let sortedBefore = before.map { $0.sorted() }, sortedAfter = after.map { $0.sorted() }
        var ratios = [Double](repeating: 0, count: resamples)
        for index in 0..<resamples {
            let b = resampledRunsMedian(sortedBefore, using: &rng)
            let c = resampledRunsMedian(sortedAfter, using: &rng)
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

    /// Paired samples (sample *i* of each side taken back to back, see
    /// ``PairedSweep``), stored epoch after epoch.
    ///
    /// The unit is the epoch: its ratio is the median of its pairs' ratios
    /// current/baseline, because the pairs of one epoch share a pair of
    /// processes and whatever bias those processes have (layout, heap), while
    /// epochs are independent draws of it. The change is the median of the
    /// epochs' ratios, its interval the distribution-free interval of a median
    /// from order statistics (the sign-test interval [r₍ₖ₎, r₍ₙ₋ₖ₊₁₎], which
    /// covers the median with probability 1 − 2·P(Binomial(n, ½) < k);
    /// Conover, *Practical Nonparametric Statistics*, §3.4): no assumption
    /// about the shape of the distribution, only independent epochs. With one
    /// epoch the pairs are the units. With too few units for `level` the
    /// interval is (0, ∞): nothing can be concluded.
    ///
    /// Both medians are taken of ratios, so an even count's median is the
    /// geometric mean of the middle two (`medianOfRatios(_:)`): swapping
    /// the builds then gives exactly the reciprocal change and interval,
    /// where the arithmetic mean of the middle two would not.
    public static func paired(baseline: [Double], current: [Double], epochs: Int, level: Double) -> ChangeInterval {
        precondition(baseline.count == current.count && !baseline.isEmpty, "paired samples come in pairs")
        let ratios = zip(current, baseline).map { $0 / $1 }
        let perEpoch = epochs >= 2 && ratios.count % epochs == 0 ? ratios.count / epochs : 0
        let units =
            perEpoch == 0
            ? ratios.sorted()
            : (0..<epochs).map { medianOfRatios(Array(ratios[($0 * perEpoch)..<(($0 + 1) * perEpoch)])) }
                .sorted()
        let median = medianOfRatios(units)
        guard let k = SignTest.rank(pairs: units.count, level: level) else {
            return ChangeInterval(ratio: median, lower: 0, upper: .infinity, level: level)
        }
        return ChangeInterval(ratio: median, lower: units[k - 1], upper: units[units.count - k], level: level)
    }

    /// The median of positive ratios on the log scale: the middle value, or
    /// for an even count the geometric mean of the middle two. Ratios are
    /// read either way round (B over A is the reciprocal of A over B), and
    /// this median is the one that follows: the median of the reciprocals is
    /// the reciprocal of the median.
    static func medianOfRatios(_ ratios: [Double]) -> Double {
        let sorted = ratios.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] * sorted[middle]).squareRoot()
    }

    /// Several runs per side: Welch's t interval on the logarithms of the
    /// runs' medians (Welch 1947, with the Welch–Satterthwaite degrees of
    /// freedom rounded down). Each run is one draw of "the machine's state";
    /// with the handful of runs a CI job can afford, a bootstrap over runs
    /// sees only those few values and gives intervals too narrow (measured
    /// here: 3 of 5 A/A compares flagged with 3 runs a side), where t's heavy
    /// tails for small samples keep the coverage. Logarithms make the
    /// interval one of the ratio.
    package static func runsInterval(baseline: [[Double]], current: [[Double]], level: Double) -> ChangeInterval {
        let logBefore = baseline.map { log(SampleStatistics.median($0)) }
        let logAfter = current.map { log(SampleStatistics.median($0)) }
        func meanAndVarianceOfMean(_ values: [Double]) -> (Double, Double) {
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
            return (mean, variance / Double(values.count))
        }
        let (meanBefore, varianceBefore) = meanAndVarianceOfMean(logBefore)
        let (meanAfter, varianceAfter) = meanAndVarianceOfMean(logAfter)
        let estimate = meanAfter - meanBefore
        let standardError = (varianceBefore + varianceAfter).squareRoot()
        guard standardError > 0 else {
            return ChangeInterval(ratio: exp(estimate), lower: exp(estimate), upper: exp(estimate), level: level)
        }
        let degrees =
            (varianceBefore + varianceAfter) * (varianceBefore + varianceAfter)
            / (varianceBefore * varianceBefore / Double(logBefore.count - 1) + varianceAfter * varianceAfter
                / Double(logAfter.count - 1))
        let t = StudentT.twoSidedQuantile(level: level, degreesOfFreedom: max(1, Int(degrees.rounded(.down))))
        return ChangeInterval(
            ratio: exp(estimate), lower: exp(estimate - t * standardError), upper: exp(estimate + t * standardError),
            level: level)
    }

    /// One replicate of a two-stage bootstrap (Davison & Hinkley, *Bootstrap
    /// Methods and their Application*, §3.8): draw runs with replacement, draw
    /// samples within each drawn run, and take the median of the runs'
    /// medians. Run-to-run shifts of a shared machine then widen the interval
    /// as they should; with one run it is the plain bootstrap of the median.
    static func resampledRunsMedian(_ runs: [[Double]], using rng: inout SplitMix64) -> Double {
        if runs.count == 1 { return resampledMedian(runs[0], using: &rng) }
        var medians = (0..<runs.count).map { _ in
            resampledMedian(runs[Int.random(in: 0..<runs.count, using: &rng)], using: &rng)
        }
        medians.sort()
        return SampleStatistics.quantile(sorted: medians, 0.5)
    }

    /// The median of one bootstrap resample of `sorted` (``SampleStatistics/resampledMedian(_:counts:using:)``).
    static func resampledMedian(_ sorted: [Double], using rng: inout SplitMix64) -> Double {
        var counts = [Int](repeating: 0, count: sorted.count)
        return SampleStatistics.resampledMedian(sorted, counts: &counts, using: &rng)
    }
}

/// Order statistics for a distribution-free interval of a median.
public enum SignTest {
    /// The rank k of the interval [x₍ₖ₎, x₍ₙ₋ₖ₊₁₎] over n sorted values: the
    /// largest k ≥ 1 with 2·P(Binomial(n, ½) ≤ k − 1) ≤ 1 − level, or nil.
    public static func rank(pairs n: Int, level: Double) -> Int? {
        var k: Int? = nil
        var cumulative = 0.0  // P(B ≤ j) after step j
        var logChoose = 0.0  // log C(n, j)
        let logHalfPower = Double(n) * log(0.5)
        for j in 0..<n {
            if j > 0 { logChoose += log(Double(n - j + 1)) - log(Double(j)) }
            cumulative += exp(logChoose + logHalfPower)  // now P(B ≤ j)
            if 2 * cumulative <= 1 - level { k = j + 1 } else { break }
        }
        return k
    }
}
