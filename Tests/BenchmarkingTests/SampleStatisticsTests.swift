import Benchmarking
import Foundation
import Testing
import VectorKernels

/// The statistics the timing engine reports, against samples whose answers are known.
@Suite("Sample statistics")
struct SampleStatisticsTests {
    @Test("median of odd and even counts")
    func median() {
        #expect(SampleStatistics.median([3, 1, 2]) == 2)
        #expect(SampleStatistics.median([4, 1, 3, 2]) == 2.5)
        #expect(SampleStatistics.median([7]) == 7)
    }

    @Test("quantiles interpolate linearly between order statistics (Hyndman–Fan 7)")
    func quantiles() {
        let sorted = (1...11).map(Double.init)  // 1…11
        #expect(SampleStatistics.quantile(sorted: sorted, 0) == 1)
        #expect(SampleStatistics.quantile(sorted: sorted, 1) == 11)
        #expect(SampleStatistics.quantile(sorted: sorted, 0.1) == 2)
        #expect(SampleStatistics.quantile(sorted: sorted, 0.9) == 10)
        // numpy.percentile([1, 2, 3, 4], 10) == 1.3
        #expect(abs(SampleStatistics.quantile(sorted: [1, 2, 3, 4], 0.1) - 1.3) < 1e-15)
    }

    @Test("MAD: median absolute deviation from the median")
    func medianAbsoluteDeviation() {
        // Deviations from the median 2 are 1, 1, 0, 0, 2, 4, 7 → MAD 1.
        #expect(SampleStatistics.medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9]) == 1)
        #expect(SampleStatistics.medianAbsoluteDeviation([5, 5, 5]) == 0)
    }

    @Test("summary fields agree with the definitions")
    func summary() {
        let samples: [Double] = [10, 12, 11, 13, 100, 9, 11]
        let summary = SampleStatistics.summarize(samples)
        #expect(summary.count == 7)
        #expect(summary.median == 11)
        #expect(summary.minimum == 9 && summary.maximum == 100)
        #expect(summary.mad == 1)
        #expect(summary.medianInterval.contains(summary.median))
        #expect(summary.medianInterval.lower >= 9 && summary.medianInterval.upper <= 100)
    }

    @Test("the bootstrap interval is reproducible from its seed")
    func bootstrapIsSeeded() {
        let samples = (0..<25).map { Double($0 * $0 % 17) }
        let first = SampleStatistics.bootstrapMedianInterval(samples, seed: 9)
        let second = SampleStatistics.bootstrapMedianInterval(samples, seed: 9)
        #expect(first == second)
    }

    /// The interval's purpose: over many experiments, a 95 % interval must
    /// contain the true median about 95 % of the time. Draw 25-sample
    /// experiments from an exponential distribution (skewed like timings;
    /// true median ln 2). With 400 experiments the observed rate has standard
    /// error √(0.95·0.05/400) ≈ 0.011; accept within 3 standard errors.
    @Test("a 95 % bootstrap interval covers the true median about 95 % of the time")
    func bootstrapCoverage() {
        var rng = SplitMix64(seed: 2026)
        let experiments = 400
        var covered = 0
        for experiment in 0..<experiments {
            let samples = (0..<25).map { _ in -log(1 - Double.random(in: 0..<1, using: &rng)) }
            let interval = SampleStatistics.bootstrapMedianInterval(
                samples, level: 0.95, resamples: 1000, seed: UInt64(experiment))
            if interval.contains(log(2)) { covered += 1 }
        }
        let rate = Double(covered) / Double(experiments)
        let standardError = (0.95 * 0.05 / Double(experiments)).squareRoot()
        #expect(abs(rate - 0.95) <= 3 * standardError, "coverage \(rate)")
    }

    /// Hyndman–Fan type 7 on unevenly spaced data, where choosing the wrong
    /// order statistic shows (on evenly spaced data every linear rule agrees).
    /// Values printed by NumPy 2.4 (`numpy.percentile`, default method
    /// "linear"): `percentile([1, 2, 4, 8], [30, 50, 90])` = 1.9, 3.0, 6.8;
    /// `percentile([3, 1, 10, 6, 15], [10, 25, 75, 60])` = 1.8, 3.0, 10.0, 7.6.
    @Test(
        "quantiles on uneven data match NumPy's published values",
        arguments: [
            ([1.0, 2, 4, 8], 0.3, 1.9), ([1, 2, 4, 8], 0.5, 3.0), ([1, 2, 4, 8], 0.9, 6.8),
            ([1, 3, 6, 10, 15], 0.1, 1.8), ([1, 3, 6, 10, 15], 0.25, 3.0), ([1, 3, 6, 10, 15], 0.75, 10.0),
            ([1, 3, 6, 10, 15], 0.6, 7.6),
        ])
    func quantilesOnUnevenData(sorted: [Double], p: Double, expected: Double) {
        // Two roundings (a product and a sum) of values ≤ 16: within 1e-14.
        #expect(abs(SampleStatistics.quantile(sorted: sorted, p) - expected) < 1e-14)
    }

    @Test("summary's p10 and p90 are the type-7 quantiles")
    func summaryPercentiles() {
        // Sorted: 1, 3, 6, 10, 15, 21. p10 at position 0.5 → 2; p90 at 4.5 → 18.
        let summary = SampleStatistics.summarize([10, 1, 21, 6, 15, 3])
        #expect(summary.p10 == 2 && summary.p90 == 18)
        #expect(summary.median == 8)
    }

    /// The bootstrap's answer has an exact counterpart: drawing n of n sorted
    /// values with replacement, the resample's median (n odd) is at most the
    /// k-th value exactly when at least (n+1)/2 draws land among the k
    /// smallest, so P(median ≤ x₍ₖ₎) = P(Binomial(n, k/n) ≥ (n+1)/2). For
    /// 1…9 that is 0.0014, 0.0304, 0.1448, …, 0.8552, 0.9696, 0.9986 for
    /// k = 1, 2, 3, …, 6, 7, 8. A 90 % percentile interval is therefore [3, 7]
    /// (its tails 5 % fall between k = 2 and 3, and 6 and 7) and a 99 % one
    /// [2, 8]. With 20 000 resamples the count below each cut is binomial
    /// with a standard deviation of at most ~50, against margins of ≥ 70 at
    /// 99 % (sd 5) and ≥ 390 at 90 % (sd 24).
    @Test(
        "the bootstrap interval's ends are the exact resampling distribution's quantiles",
        arguments: [(0.90, 3.0, 7.0), (0.99, 2, 8)])
    func bootstrapMatchesExactDistribution(level: Double, lower: Double, upper: Double) {
        let samples = [5.0, 1, 9, 3, 7, 2, 8, 4, 6]
        func binomialTail(_ n: Int, _ p: Double, atLeast m: Int) -> Double {
            var total = 0.0
            for j in m...n {
                var choose = 1.0
                for i in 0..<j { choose = choose * Double(n - i) / Double(i + 1) }
                total += choose * pow(p, Double(j)) * pow(1 - p, Double(n - j))
            }
            return total
        }
        let cdf = (1...9).map { binomialTail(9, Double($0) / 9, atLeast: 5) }
        let tail = (1 - level) / 2
        // The exact quantiles of the resampling distribution.
        #expect(cdf[Int(lower) - 2] < tail && cdf[Int(lower) - 1] > tail)
        #expect(cdf[Int(upper) - 2] < 1 - tail && cdf[Int(upper) - 1] > 1 - tail)
        for seed: UInt64 in [1, 2, 3] {
            let interval = SampleStatistics.bootstrapMedianInterval(
                samples, level: level, resamples: 20_000, seed: seed)
            #expect(interval.lower == lower && interval.upper == upper, "seed \(seed): \(interval)")
        }
    }

    /// For an even count the median is the mean of the two middle draws. From
    /// [0, 1], a resample is {0, 0}, {0, 1} or {1, 1} with probabilities ¼, ½,
    /// ¼, so its median is 0.5 half the time: the 30 % and 70 % percentiles
    /// are both 0.5 (counts below 30 % and above 70 % are ~2 500 of 10 000,
    /// 25 standard deviations from either cut).
    @Test("the bootstrap median of an even count averages the two middle draws")
    func bootstrapEvenCount() {
        let interval = SampleStatistics.bootstrapMedianInterval([1, 0], level: 0.4, resamples: 10_000, seed: 7)
        #expect(interval.lower == 0.5 && interval.upper == 0.5, "\(interval)")
        let wide = SampleStatistics.bootstrapMedianInterval([1, 0], level: 0.9, resamples: 10_000, seed: 7)
        #expect(wide.lower == 0 && wide.upper == 1, "\(wide)")
    }
}
