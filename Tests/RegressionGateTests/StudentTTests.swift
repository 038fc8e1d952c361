import Benchmarking
import RegressionGate
import Testing

/// The t quantiles behind the several-runs interval, against published tables
/// (Abramowitz & Stegun, table 26.10).
@Suite struct StudentTTests {
    @Test(
        "Two-sided 99 % and 95 % quantiles match the table to 3 decimals",
        arguments: [
            (1, 0.99, 63.657), (2, 0.99, 9.925), (3, 0.99, 5.841), (4, 0.99, 4.604), (10, 0.99, 3.169),
            (3, 0.95, 3.182), (7, 0.95, 2.365), (30, 0.95, 2.042),
        ])
    func quantiles(degrees: Int, level: Double, expected: Double) {
        let t = StudentT.twoSidedQuantile(level: level, degreesOfFreedom: degrees)
        #expect(abs(t - expected) < 1e-3 * expected)
    }
}
