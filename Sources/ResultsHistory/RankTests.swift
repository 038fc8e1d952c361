import Foundation

/// Distribution-free tests on one series' per-commit values (Guides/History.md,
/// "Steps and slides"): they assume only that, without a change, the commits'
/// values are exchangeable — not that they are normal, or one-peaked. Runs of
/// one binary on a shared machine are neither: a cell can sit at 1× in one
/// process and 2× in the next (the `parallel` backend at 1 Mi points on a
/// 2-vCPU VM, measured in Tests/Fixtures/noise-corpus), so a test that
/// measures a change in units of a scale would call every such jump a step.
public enum RankTests {
    /// The exact one-sided p-value of the Mann–Whitney test that `newer` lies
    /// above `older`: P(U ≥ u) when every assignment of the n₁ + n₂ values to
    /// the two groups is equally likely (Mann and Whitney, *Ann. Math. Statist.*
    /// 18(1), 1947, https://doi.org/10.1214/aoms/1177730491). U counts the
    /// pairs (newer, older) with the newer value larger; a tie counts as the
    /// newer value smaller, the least favourable way to break it, so with
    /// ties (medians repeat to the nanosecond) p only errs upwards.
    public static func mannWhitneyUpper(_ newer: [Double], _ older: [Double]) -> Double {
        guard !newer.isEmpty, !older.isEmpty else { return 1 }
        var u = 0
        for a in newer {
            for b in older where a > b { u += 1 }
        }
        return mannWhitneyTail(newer: newer.count, older: older.count)[u]
    }

    nonisolated(unsafe) private static var tails: [[Int]: [Double]] = [:]
    private static let lock = NSLock()

    /// P(U ≥ u) for u = 0 … m·n (and 0 at m·n + 1) under no change, for group
    /// sizes m (newer) and n (older), kept once computed. The null
    /// distribution of U is the coefficient list of the Gaussian binomial
    /// [m+n choose m]_q = ∏ᵢ₌₁ᵐ (1 − q^(n+i)) / (1 − q^i), built factor by
    /// factor (multiply by 1 − q^(n+i), then divide by 1 − q^i as a strided
    /// running sum) and divided by its sum, C(m + n, m).
    public static func mannWhitneyTail(newer m: Int, older n: Int) -> [Double] {
        precondition(m > 0 && n > 0, "groups of at least one value")
        lock.lock()
        defer { lock.unlock() }
        if let known = tails[[m, n]] { return known }
        let top = m * n
        var counts = [Double](repeating: 0, count: top + 1)
        counts[0] = 1
        for i in 1...m {
            let up = n + i
            if up <= top {
                for k in stride(from: top, through: up, by: -1) { counts[k] -= counts[k - up] }
            }
            if i <= top {
                for k in i...top { counts[k] += counts[k - i] }
            }
        }
        var tail = [Double](repeating: 0, count: top + 2)
        for k in stride(from: top, through: 0, by: -1) { tail[k] = tail[k + 1] + max(0, counts[k]) }
        let total = tail[0]
        let result = tail.map { min(1, $0 / total) }
        tails[[m, n]] = result
        return result
    }

    /// The one-sided p-value of the Mann–Kendall test for a rising trend in
    /// `values` (Kendall, *Rank Correlation Methods*, 1975): S = Σᵢ<ⱼ sign(xⱼ − xᵢ)
    /// and P(S ≥ s) under no trend, when every ordering is equally likely.
    /// S = n(n − 1)/2 − 2·I with I the orderings' inversions, whose
    /// distribution is the coefficient list of ∏ₖ₌₁ⁿ (1 + q + … + q^(k−1))
    /// (the Mahonian numbers), built by running sums: exact for every n, a
    /// tie counting as no pair. 1 for fewer than 3 values.
    public static func mannKendallUpper(_ values: [Double]) -> Double {
        let n = values.count
        guard n >= 3 else { return 1 }
        var s = 0
        for i in 0..<n {
            for j in (i + 1)..<n { s += values[j] > values[i] ? 1 : (values[j] < values[i] ? -1 : 0) }
        }
        let pairs = n * (n - 1) / 2
        // S ≥ s ⇔ I ≤ (pairs − s) / 2.
        let most = (pairs - s) / 2
        guard most >= 0 else { return 0 }
        var counts = [Double](repeating: 0, count: pairs + 1)
        counts[0] = 1
        var degree = 0
        for k in 2...n {
            // Multiply by 1 + q + … + q^(k−1): a sliding sum of width k.
            degree += k - 1
            var next = [Double](repeating: 0, count: pairs + 1)
            var window = 0.0
            for d in 0...degree {
                window += counts[d]
                if d - k >= 0 { window -= counts[d - k] }
                next[d] = window
            }
            counts = next
        }
        let total = counts.reduce(0, +)
        return min(1, counts[0...most].reduce(0, +) / total)
    }

    /// The Benjamini–Hochberg procedure (Benjamini and Hochberg, *J. R. Statist.
    /// Soc. B* 57(1), 1995, https://doi.org/10.1111/j.2517-6161.1995.tb02031.x)
    /// over `tests` hypotheses of which `pValues` are the ones with a candidate
    /// (the others count as p = 1): the largest k with p₍ₖ₎ ≤ k·q / tests,
    /// and every p-value up to it, is rejected. When nothing changed (every
    /// hypothesis true) the chance of any rejection is at most q, as for a
    /// family-wise procedure; when some cells did change, it keeps the
    /// expected share of false findings among the findings at most q, and a
    /// kernel slowed in several cells clears a lower bar than Holm's one cell
    /// at a time. Returns, per p-value in the order given, whether it is rejected.
    public static func benjaminiHochberg(_ pValues: [Double], tests: Int, rate q: Double) -> [Bool] {
        precondition(tests >= pValues.count, "more p-values than tests")
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var largest = 0
        for (rank, index) in order.enumerated() where pValues[index] <= Double(rank + 1) * q / Double(tests) {
            largest = rank + 1
        }
        var rejected = [Bool](repeating: false, count: pValues.count)
        for index in order.prefix(largest) { rejected[index] = true }
        return rejected
    }
}
