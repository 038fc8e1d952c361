#if !(arch(x86_64) || arch(i386))
    #error("the exact references use Float80 (x87 extended precision), available on x86 only")
#endif

/// The floating-point bounds of Guides/ErrorBounds.md, with `Float80` exact references: the
/// production counterpart of the test support's bounds, used by the suite's
/// backend and law checks.
///
/// `u = 2⁻⁵³` (unit roundoff), `η = 2⁻¹⁰⁷⁴` (absolute error of a rounding that
/// underflows), `γ(k) = k·u/(1 − k·u)` (Higham, *Accuracy and Stability of
/// Numerical Algorithms*, §3.1). Every Double product is exact in Float80's
/// range; its 64-bit significand adds `u80 = 2⁻⁶⁴` per operation, which each
/// bound includes.
public enum ErrorBounds {
    public static let u = Double.ulpOfOne / 2
    public static let eta = Double.leastNonzeroMagnitude
    static let u80 = Float80.ulpOfOne / 2

    public static func gamma(_ k: Int) -> Double {
        let ku = Double(k) * u
        return ku / (1 - ku)
    }

    static func gamma80(_ k: Int) -> Float80 {
        let ku = Float80(k) * u80
        return ku / (1 - ku)
    }

    /// Whether two doubles are the same IEEE value bit for bit (any two NaNs agree).
    public static func identical(_ x: Double, _ y: Double) -> Bool {
        x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
    }

    /// `|result − (alpha·x + y)|` and its bound `u·|alpha·x| + u·|result| + 2η`
    /// (fused or not: at most the product's rounding and the sum's), plus the
    /// Float80 reference's own `2·u80·(|alpha·x| + |y|)`. An infinite result is
    /// legal only when the product or the sum leaves the finite range.
    public static func axpy(alpha: Double, x: Double, y: Double, result: Double) -> (error: Double, bound: Double) {
        let product = Float80(alpha) * Float80(x)
        let exact = product + Float80(y)
        let limit = Float80(Double.greatestFiniteMagnitude)
        if !result.isFinite {
            let legal = abs(product) >= limit || abs(exact) >= limit
            return (legal ? 0 : .infinity, 1)
        }
        let error = abs(Float80(result) - exact)
        let bound =
            Float80(u) * abs(product) + Float80(u) * abs(Float80(result)) + 2 * Float80(eta)
            + 2 * u80 * (abs(product) + abs(Float80(y)))
        return (Double(error), Double(bound))
    }

    /// `|computed − Σ values²|` and Higham's any-order bound `γ(N)·Σ + N·η`
    /// (plus the reference's `γ80(N)·Σ`). A sum beyond the finite range must be `+∞`.
    public static func sumOfSquares(_ values: [Double], result: Double) -> (error: Double, bound: Double) {
        var exact: Float80 = 0
        for value in values { exact += Float80(value) * Float80(value) }
        let n = values.count
        let limit = Float80(Double.greatestFiniteMagnitude)
        let bound = Float80(gamma(n)) * exact + Float80(n) * Float80(eta) + gamma80(n) * exact
        if exact - bound > limit { return (result == .infinity ? 0 : .infinity, 1) }
        if result == .infinity, exact + bound >= limit { return (0, 1) }
        if n == 0 { return (abs(result), 0) }
        return (Double(abs(Float80(result) - exact)), Double(max(bound, Float80(eta))))
    }
}
