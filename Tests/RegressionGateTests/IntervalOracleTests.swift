import Benchmarking
import Foundation
import RegressionGate
import Testing

/// The gate's intervals and verdict rules against values worked by hand from
/// their definitions (Welch's t interval on log run medians, the sign-test
/// order statistics, the one-exact-side interval) and against published
/// t quantiles — none computed by the code under test.
@Suite("Gate intervals: worked examples")
struct IntervalOracleTests {
    /// Runs of one sample each, so a run's median is the value itself.
    static func runs(_ logs: [Double]) -> CellObservation { .runs(logs.map { [exp($0)] }) }

    /// Baseline log medians 0, 0.1, −0.1 (mean 0, s² = 0.01, s²/n = 0.01/3);
    /// current 0.2, 0.4, 0.3, 0.3 (mean 0.3, s² = 0.02/3, s²/n = 0.02/12).
    /// SE = √(0.01/3 + 0.02/12) = √0.005. Welch–Satterthwaite:
    /// ν = 0.005² / ((0.01/3)²/2 + (0.02/12)²/3) = 3.857…, floored to 3;
    /// t₀.₉₉₅,₃ = 5.840909 (Abramowitz & Stegun 26.10). The interval is
    /// exp(0.3 ± 5.840909·√0.005).
    @Test("several runs: Welch's interval on log medians, as worked by hand")
    func welchIntervalWorkedByHand() {
        let interval = ChangeInterval.estimate(
            baseline: Self.runs([0, 0.1, -0.1]), current: Self.runs([0.2, 0.4, 0.3, 0.3]), level: 0.99)
        let halfWidth = 5.840909 * 0.005.squareRoot()
        // The table's t has 7 digits (error ≤ 5e-7, relative 1e-7); exp and
        // the sums add a few ulps: 1e-6 relative is ample and far tighter than
        // any wrong variance (n instead of n − 1 moves the bounds by ~10 %).
        #expect(abs(interval.ratio / exp(0.3) - 1) < 1e-12)
        #expect(abs(interval.lower / exp(0.3 - halfWidth) - 1) < 1e-6, "\(interval)")
        #expect(abs(interval.upper / exp(0.3 + halfWidth) - 1) < 1e-6, "\(interval)")
        #expect(interval.level == 0.99)
    }

    /// Same data at 95 %: ν is still 3, t₀.₉₇₅,₃ = 3.182446.
    @Test("several runs at 95 %: the t quantile of the level asked for")
    func welchIntervalAtNinetyFive() {
        let interval = ChangeInterval.estimate(
            baseline: Self.runs([0, 0.1, -0.1]), current: Self.runs([0.2, 0.4, 0.3, 0.3]), level: 0.95)
        let halfWidth = 3.182446 * 0.005.squareRoot()
        #expect(abs(interval.lower / exp(0.3 - halfWidth) - 1) < 1e-6, "\(interval)")
        #expect(abs(interval.upper / exp(0.3 + halfWidth) - 1) < 1e-6, "\(interval)")
    }

    /// Unequal sizes where the degrees of freedom decide: baseline logs
    /// 0, 0.2, 0.4, 0.6, 0.8 (mean 0.4, s² = 0.1, s²/n = 0.02); current
    /// 1, 1.02 (mean 1.01, s² = 0.0002, s²/n = 0.0001). ν = 0.0201² /
    /// (0.02²/4 + 0.0001²/1) = 4.0397… → 4; t₀.₉₉₅,₄ = 4.604095.
    @Test("several runs: Welch–Satterthwaite degrees of freedom, unequal variances")
    func welchDegreesOfFreedom() {
        let interval = ChangeInterval.estimate(
            baseline: Self.runs([0, 0.2, 0.4, 0.6, 0.8]), current: Self.runs([1, 1.02]), level: 0.99)
        let halfWidth = 4.604095 * 0.0201.squareRoot()
        #expect(abs(interval.ratio / exp(0.61) - 1) < 1e-12)
        #expect(abs(interval.lower / exp(0.61 - halfWidth) - 1) < 1e-6, "\(interval)")
        #expect(abs(interval.upper / exp(0.61 + halfWidth) - 1) < 1e-6, "\(interval)")
    }

    /// The sign test over 16 epochs: P(B ≤ 2) = 137/65536 (2× = 0.0042 ≤ 0.01),
    /// P(B ≤ 3) = 697/65536 (2× = 0.0213 > 0.01), so at 99 % the interval runs
    /// from the 3rd-lowest to the 3rd-highest epoch; at 95 % (2·P(B ≤ 3) ≤ 0.05,
    /// 2·P(B ≤ 4) = 2·2517/65536 = 0.0768 > 0.05) from the 4th to the 4th.
    @Test("paired: the interval's ends are the sign test's order statistics", arguments: [(0.99, 3), (0.95, 4)])
    func pairedOrderStatistics(level: Double, rank: Int) {
        // Epoch ratios 1.01 … 1.16 in shuffled order, one pair per epoch.
        let epochRatios = (1...16).map { 1 + Double($0) / 100 }
        let order = [7, 2, 15, 0, 9, 4, 12, 1, 14, 6, 3, 11, 8, 13, 5, 10]
        let baseline = order.map { _ in 2.0 }
        let current = order.map { 2.0 * epochRatios[$0] }
        let interval = ChangeInterval.paired(baseline: baseline, current: current, epochs: 16, level: level)
        #expect(interval.lower == epochRatios[rank - 1])
        #expect(interval.upper == epochRatios[16 - rank])
        // Median of 16 ratios: the geometric mean of the 8th and 9th (the median on the log scale).
        #expect(abs(interval.ratio - (epochRatios[7] * epochRatios[8]).squareRoot()) < 1e-15)
    }

    @Test("paired: an epoch's unit is the median of its pairs, and the interval ranks epochs, not pairs")
    func pairedEpochUnits() {
        // 8 epochs of 3 pairs; epoch e has ratios (1 + e/100)·{0.5, 1, 10}: its
        // median is 1 + e/100 whatever the outliers. n = 8 at 95 %: P(B ≤ 0) =
        // 1/256 (2× ≤ 0.05), P(B ≤ 1) = 9/256 (2× = 0.07 > 0.05) → rank 1.
        var baseline: [Double] = [], current: [Double] = []
        for epoch in 1...8 {
            for factor in [0.5, 1, 10] {
                baseline.append(4)
                current.append(4 * (1 + Double(epoch) / 100) * factor)
            }
        }
        let interval = ChangeInterval.paired(baseline: baseline, current: current, epochs: 8, level: 0.95)
        #expect(abs(interval.lower - 1.01) < 1e-12)
        #expect(abs(interval.upper - 1.08) < 1e-12)
        // The median of 8 epoch ratios: √(1.04 · 1.05), on the log scale.
        #expect(abs(interval.ratio - (1.04 * 1.05).squareRoot()) < 1e-12)
    }

    @Test(
        "sign-test ranks against exact binomial tails",
        arguments: [
            // (n, level, rank): the largest k with 2·P(B(n, ½) ≤ k − 1) ≤ 1 − level.
            (16, 0.99, 3), (16, 0.95, 4), (8, 0.95, 1), (10, 0.95, 2), (20, 0.95, 6), (20, 0.99, 4),
            (5, 0.95, nil), (6, 0.95, 1), (7, 0.99, nil), (8, 0.99, 1),
        ] as [(Int, Double, Int?)])
    func signTestRanks(n: Int, level: Double, rank: Int?) {
        #expect(SignTest.rank(pairs: n, level: level) == rank)
    }

    /// With an exact baseline b, the change's interval is the current median's
    /// interval divided by b; with an exact current c, c divided by the
    /// baseline's interval, ends swapped.
    @Test("one exact side: the other side's median interval, scaled")
    func oneExactSide() {
        let samples = (0..<21).map { 100 + Double(($0 * 37) % 21) }
        let median = SampleStatistics.bootstrapMedianInterval(samples, level: 0.99, resamples: 2000, seed: 0x5EED)
        #expect(median.lower < median.upper)
        let exactBaseline = ChangeInterval.estimate(baseline: .exact(50), current: .samples(samples), level: 0.99)
        #expect(exactBaseline.lower == median.lower / 50 && exactBaseline.upper == median.upper / 50)
        #expect(exactBaseline.ratio == 110.0 / 50)
        let exactCurrent = ChangeInterval.estimate(baseline: .samples(samples), current: .exact(50), level: 0.99)
        #expect(exactCurrent.lower == 50 / median.upper && exactCurrent.upper == 50 / median.lower)
        let bothExact = ChangeInterval.estimate(baseline: .exact(40), current: .exact(50))
        #expect(bothExact.lower == 1.25 && bothExact.upper == 1.25 && bothExact.ratio == 1.25)
    }

    /// The verdict rules at a 10 % threshold: slower means a ratio above 1.1,
    /// faster below 1/1.1 = 0.90909…; a regression needs the whole interval
    /// above 1.1, an improvement the whole interval below 1/1.1.
    @Test(
        "verdict rules and threshold directions",
        arguments: [
            (1.12, 1.20, CellVerdict.regressed),
            (1.05, 1.20, .inconclusive),  // reaches past 1.1 but not wholly
            (1.0999, 1.2, .inconclusive),
            (0.95, 1.05, .unchanged),
            (0.9091, 1.0999, .unchanged),  // inside [1/1.1, 1.1]
            (0.80, 0.905, .improved),  // below 1/1.1 (but not below 1 − 0.1)
            (0.80, 0.95, .inconclusive),
            (0.85, 1.15, .inconclusive),
        ])
    func verdictRules(lower: Double, upper: Double, expected: CellVerdict) {
        let interval = ChangeInterval(ratio: (lower + upper) / 2, lower: lower, upper: upper, level: 0.99)
        #expect(CellVerdict(interval, threshold: 0.10) == expected)
    }

    /// More rows of Abramowitz & Stegun's table 26.10 (odd and even degrees,
    /// where the series for t's distribution differ).
    @Test(
        "t quantiles: more degrees of freedom",
        arguments: [
            (5, 0.99, 4.032), (9, 0.99, 3.250), (15, 0.99, 2.947), (25, 0.99, 2.787), (6, 0.99, 3.707),
            (5, 0.95, 2.571), (9, 0.95, 2.262), (15, 0.95, 2.131), (25, 0.95, 2.060), (2, 0.95, 4.303),
            (1, 0.95, 12.706),
        ])
    func moreQuantiles(degrees: Int, level: Double, expected: Double) {
        let t = StudentT.twoSidedQuantile(level: level, degreesOfFreedom: degrees)
        #expect(abs(t - expected) <= 5e-4 + 1e-4 * expected, "t(\(degrees), \(level)) = \(t)")
    }
}
