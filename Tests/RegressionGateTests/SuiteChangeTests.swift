import Benchmarking
import Foundation
import RegressionGate
import Testing

/// The verdict's first line ends with the suite's geometric-mean change and
/// its interval, computed from the cells' own intervals.
@Suite struct SuiteChangeTests {
    @Test("The normal quantile: 1.959964 at 95 %, 2.575829 at 99 %")
    func normalQuantile() {
        #expect(abs(StudentT.normalTwoSidedQuantile(level: 0.95) - 1.959_963_985) < 1e-8)
        #expect(abs(StudentT.normalTwoSidedQuantile(level: 0.99) - 2.575_829_304) < 1e-8)
    }

    @Test("Geometric mean of the ratios, interval from the cells' log-scale errors; exact cells add none")
    func suiteChange() throws {
        let z = 2.575_829_304
        // Two cells: +10 % with log-width 2·z·0.02, −10 % (ratio 1/1.1) with log-width 2·z·0.04.
        let rows = [
            Self.row(16, ratio: 1.1, se: 0.02, z: z),
            Self.row(256, ratio: 1 / 1.1, se: 0.04, z: z),
        ]
        let change = try #require(Comparison.suiteChange(of: rows, level: 0.99))
        #expect(abs(change.ratio - 1) < 1e-12)  // the two cancel in the geometric mean
        let se = (0.02 * 0.02 + 0.04 * 0.04).squareRoot() / 2
        #expect(abs(log(change.upper) - z * se) < 1e-9)
        #expect(abs(log(change.lower) + z * se) < 1e-9)
        let exact = try #require(
            Comparison.suiteChange(of: [Self.exactRow(16, ratio: 1.21)], level: 1))
        #expect(abs(change.level - 0.99) < 1e-12)
        #expect(abs(exact.ratio - 1.21) < 1e-12 && exact.lower == exact.upper)
        #expect(Comparison.describe(exact) == "+21 % [+21 %, +21 %]")
        #expect(Comparison.suiteChange(of: [], level: 0.99) == nil)
    }

    static func row(_ size: Int, ratio: Double, se: Double, z: Double) -> Comparison.Row {
        Comparison.Row(
            cell: CellKey(kernel: .add, backend: "simd", size: size), baseline: 100, current: 100 * ratio,
            interval: ChangeInterval(
                ratio: ratio, lower: ratio * exp(-z * se), upper: ratio * exp(z * se), level: 0.99),
            threshold: 0.05, verdict: .unchanged)
    }

    static func exactRow(_ size: Int, ratio: Double) -> Comparison.Row {
        Comparison.Row(
            cell: CellKey(kernel: .add, backend: "simd", size: size), baseline: 100, current: 100 * ratio,
            interval: ChangeInterval(ratio: ratio, lower: ratio, upper: ratio, level: 1), threshold: 0.05,
            verdict: .regressed)
    }
}
