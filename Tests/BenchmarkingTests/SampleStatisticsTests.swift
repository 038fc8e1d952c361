import VectorKernels
import Benchmarking
import Foundation
import Testing

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
}
