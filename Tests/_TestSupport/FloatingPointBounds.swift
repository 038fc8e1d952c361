#if !(arch(x86_64) || arch(i386))
#error("the exact references use Float80 (x87 extended precision), available on x86 only")
#endif

/// Error bounds of SPEC §2, computed from the inputs of each check.
///
/// Notation: `u = 2⁻⁵³` is the unit roundoff of `Double` (round to nearest),
/// `η = 2⁻¹⁰⁷⁴` the smallest subnormal, which bounds the absolute error of a
/// rounding that underflows, and `γ(k) = k·u / (1 − k·u)` (Higham, *Accuracy
/// and Stability of Numerical Algorithms*, §3.1).
///
/// The "exact" references are evaluated in `Float80` (64-bit significand,
/// `u80 = 2⁻⁶⁴`): every `Double` and every product of two doubles' exponents
/// fits its range, so the only reference error is its own rounding, which each
/// bound below adds explicitly.
public enum FloatingPointBounds {
    public static let u = Double.ulpOfOne / 2
    public static let eta = Double.leastNonzeroMagnitude
    public static let u80 = Float80.ulpOfOne / 2

    public static func gamma(_ k: Int) -> Double {
        let ku = Double(k) * u
        return ku / (1 - ku)
    }

    static func gamma80(_ k: Int) -> Float80 {
        let ku = Float80(k) * u80
        return ku / (1 - ku)
    }

    /// Whether two results are the same IEEE 754 value bit for bit, counting any
    /// two NaNs as the same (payload propagation is not specified across
    /// instruction sequences).
    public static func identical(_ x: Double, _ y: Double) -> Bool {
        x.bitPattern == y.bitPattern || (x.isNaN && y.isNaN)
    }

    /// Checks one element of `y + alpha * x` computed as `result`.
    ///
    /// Whether or not the multiply and add are fused, `result` is `RN(s')` where
    /// `s'` is the exact `s = alpha·x + y` with at most the product's rounding
    /// (`|s' − s| ≤ u·|alpha·x| + η`), and `|RN(s') − s'| ≤ u·|RN(s')| + η`.
    /// So `|result − s| ≤ u·|alpha·x| + u·|result| + 2η`. The Float80 reference
    /// adds at most `2·u80·(|alpha·x| + |y|)`.
    /// - Returns: nil when within the bound, else a description of the excess.
    public static func axpyViolation(alpha: Double, x: Double, y: Double, result: Double) -> String? {
        let product = Float80(alpha) * Float80(x)
        let exact = product + Float80(y)
        if !result.isFinite {
            // Legal only when the unfused product or the sum leaves the finite range.
            let limit = Float80(Double.greatestFiniteMagnitude)
            return abs(product) >= limit || abs(exact) >= limit ? nil
                : "y=\(y) + \(alpha)*\(x) gave \(result), exact \(exact)"
        }
        let error = abs(Float80(result) - exact)
        let bound = Float80(u) * abs(product) + Float80(u) * abs(Float80(result)) + 2 * Float80(eta)
            + 2 * u80 * (abs(product) + abs(Float80(y)))
        return error <= bound ? nil : "y=\(y) + \(alpha)*\(x) gave \(result): error \(error) > bound \(bound)"
    }

    /// Checks a computed `Σ a[i]²` of `values` in any summation order.
    ///
    /// Higham's bound for a dot product of length N in any order is
    /// `γ(N)·Σ a[i]²` (the N products' roundings and N − 1 additions; SPEC §2
    /// quotes `γ(N−1)` for the sum of already exact squares). Squares that
    /// underflow add at most `η` each: bound `γ(N)·Σ + N·η`. The Float80
    /// reference adds `γ80(N)·Σ`. A sum beyond the finite range must be `+∞`.
    public static func sumOfSquaresViolation(_ values: [Double], result: Double) -> String? {
        var exact: Float80 = 0
        for value in values { exact += Float80(value) * Float80(value) }
        let n = values.count
        let limit = Float80(Double.greatestFiniteMagnitude)
        let bound = Float80(gamma(n)) * exact + Float80(n) * Float80(eta) + gamma80(n) * exact
        if exact - bound > limit {
            return result == .infinity ? nil : "Σa² of \(n) values overflows, got \(result)"
        }
        if result == .infinity, exact + bound >= limit { return nil }
        let error = abs(Float80(result) - exact)
        return error <= bound ? nil : "Σa² of \(n) values: got \(result), exact \(exact), error \(error) > bound \(bound)"
    }
}
