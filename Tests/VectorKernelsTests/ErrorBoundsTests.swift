import Testing
import VectorKernels

/// The production error bounds (Guides/ErrorBounds.md) against their formulas
/// evaluated independently in Float80: a bound that is too tight fails correct
/// kernels, one too loose passes wrong ones, and either hides in a suite that
/// only uses the bound.
@Suite("Error bounds: the formulas, evaluated independently")
struct ErrorBoundsTests {
    /// γ(k) = k·u/(1 − k·u) (Higham §3.1) in Float80, whose 64-bit significand
    /// leaves the Double result correctly rounded to within 1 ulp.
    @Test("γ(k) = ku/(1 − ku)", arguments: [1, 2, 3, 10, 1000, 1 << 20, 1_000_000_007, 1 << 40])
    func gamma(k: Int) {
        let ku = Float80(k) * 0x1p-53
        let expected = Double(ku / (1 - ku))
        let got = ErrorBounds.gamma(k)
        #expect(abs(got - expected) <= expected.ulp, "γ(\(k)) = \(got), expected \(expected)")
        // γ(k) exceeds k·u: the first-order term alone is not a bound.
        #expect(got > Double(k) * 0x1p-53)
    }

    /// axpy: |r − (αx + y)| ≤ u·|αx| + u·|r| + 2η, plus Float80's own 2⁻⁶⁴ per
    /// operation on the exact value. α = 3, x = 0.1, y = 1: the bound is
    /// u·0.3 + u·1.3 + tiny ≈ 1.6u ≈ 1.78e-16; a result 1 ulp (2.2e-16) off the
    /// rounded exact value is outside, the rounded value itself inside.
    @Test("axpy's bound admits one rounding of the product and one of the sum, not more")
    func axpyBound() {
        let exact = Float80(3) * Float80(0.1) + 1
        let rounded = Double(exact)
        let (error, bound) = ErrorBounds.axpy(alpha: 3, x: 0.1, y: 1, result: rounded)
        let u: Float80 = 0x1p-53, u80: Float80 = 0x1p-64
        let expectedBound =
            u * abs(Float80(3) * Float80(0.1)) + u * Float80(rounded)
            + 2 * Float80(Double.leastNonzeroMagnitude) + 2 * u80 * (abs(Float80(3) * Float80(0.1)) + 1)
        #expect(abs(Float80(bound) - expectedBound) <= expectedBound * 0x1p-52)
        #expect(error <= bound)
        let (farError, farBound) = ErrorBounds.axpy(alpha: 3, x: 0.1, y: 1, result: rounded.nextUp.nextUp)
        #expect(farError > farBound)
    }

    /// Σa²: |r − Σa²| ≤ γ(n)·Σa² + n·η (+ γ₈₀(n)·Σa² for the Float80 sum).
    @Test("Σa²'s bound is γ(n) times the sum")
    func sumOfSquaresBound() {
        let values = (1...100).map { 1 / Double($0) }
        var exact: Float80 = 0
        for v in values { exact += Float80(v) * Float80(v) }
        let (error, bound) = ErrorBounds.sumOfSquares(values, result: Double(exact))
        let ku = Float80(100) * 0x1p-53, ku80 = Float80(100) * 0x1p-64
        let expected = ku / (1 - ku) * exact + 100 * Float80(Double.leastNonzeroMagnitude) + ku80 / (1 - ku80) * exact
        #expect(abs(Float80(bound) - expected) <= expected * 0x1p-50)
        #expect(error <= bound)
        let outside = Double(exact + 2 * expected)
        let (farError, farBound) = ErrorBounds.sumOfSquares(values, result: outside)
        #expect(farError > farBound)
    }
}
