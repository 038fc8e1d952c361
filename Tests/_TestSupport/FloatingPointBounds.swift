import VectorKernels

/// The error bounds of Guides/ErrorBounds.md as the tests use them: thin wrappers that turn
/// `VectorKernels.ErrorBounds` (one implementation, shared with
/// `springbench verify`; its doc comments derive each bound) into a failure
/// message or nil.
public enum FloatingPointBounds {
    /// Unit roundoff of `Double`, 2⁻⁵³.
    public static let u = ErrorBounds.u
    /// Smallest subnormal, 2⁻¹⁰⁷⁴: the absolute error of a rounding that underflows.
    public static let eta = ErrorBounds.eta

    /// `γ(k) = k·u / (1 − k·u)` (Higham §3.1).
    public static func gamma(_ k: Int) -> Double { ErrorBounds.gamma(k) }

    /// Same IEEE value bit for bit, any two NaNs counting as the same.
    public static func identical(_ x: Double, _ y: Double) -> Bool { ErrorBounds.identical(x, y) }

    /// nil when `result` is within `u·|alpha·x| + u·|result| + 2η` of the exact
    /// `alpha·x + y` (fused or not), else what went wrong.
    public static func axpyViolation(alpha: Double, x: Double, y: Double, result: Double) -> String? {
        let (error, bound) = ErrorBounds.axpy(alpha: alpha, x: x, y: y, result: result)
        return error <= bound ? nil : "y=\(y) + \(alpha)*\(x) gave \(result): error \(error) > bound \(bound)"
    }

    /// nil when `result` is within `γ(N)·Σa² + N·η` of the exact sum of squares
    /// of `values` (any summation order), else what went wrong.
    public static func sumOfSquaresViolation(_ values: [Double], result: Double) -> String? {
        let (error, bound) = ErrorBounds.sumOfSquares(values, result: result)
        return error <= bound ? nil : "Σa² of \(values.count) values: got \(result), error \(error) > bound \(bound)"
    }
}
