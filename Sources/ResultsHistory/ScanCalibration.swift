import Foundation

/// The p-value of the newest-level scan (``StepDetector/timedCandidates(_:)``):
/// the scan tries every start of a newer level within the window and keeps the
/// smallest exact Mann–Whitney p-value (``RankTests/mannWhitneyUpper(_:_:)``),
/// and the smallest of many p-values is small by chance more often than one
/// is (about 7× as often for 20 commits, K = 20). Without a change every
/// ordering of the commits' values is equally likely, so the distribution of
/// that smallest p-value depends only on the number of commits and the
/// starts tried, not on the noise: it is drawn here once per (commits,
/// window) from 100,000 seeded random orderings, and a scan's p-value is the
/// share of orderings whose smallest p-value is at most the one seen (with
/// one added above and below: never 0). Every start is tried in the
/// orderings, while the scan skips starts whose newer level is not far enough
/// above the older one, so the p-value errs only upwards.
enum ScanCalibration {
    /// Random orderings drawn per calibration.
    static let orderings = 100_000

    /// The longest newer level a scan tries: 10 commits. A check runs at
    /// every commit, so a step is judged while it is 2 to 10 commits old;
    /// older, the slide over the window is what sees it. Fewer starts tried
    /// cost less in the scan's p-value: 15 commits then 5 on a new level,
    /// every newer value above every older, give p ≈ 2.8·10⁻⁴ with 9 starts
    /// against ≈ 5·10⁻⁴ with all 16 of a 20-commit window (measured on random
    /// orderings), so a kernel slower in two cells of 120 counts. With 8
    /// (p ≈ 2·10⁻⁴) one cell of the corpus whose load had changed for the
    /// newest 5 runs counted as a step (Tests/StressTests/NoiseCorpusReplayTests).
    static let longestLevel = 10

    /// The starts a scan of `count` commits tries: the newer level is the
    /// commits from the start on, 2 to ``longestLevel`` of them, beginning
    /// within the last `window`, with at least 3 before it.
    static func starts(count: Int, window: Int) -> ClosedRange<Int>? {
        let first = max(3, count - min(window, longestLevel)), last = count - 2
        return first <= last ? first...last : nil
    }

    nonisolated(unsafe) private static var cache: [[Int]: [Double]] = [:]
    private static let lock = NSLock()

    /// The scan's p-value for the smallest Mann–Whitney p-value `smallest`
    /// seen over ``starts(count:window:)``.
    static func pValue(smallest: Double, count: Int, window: Int) -> Double {
        let null = distribution(count: count, window: window)
        // The number of orderings whose smallest p-value is ≤ `smallest` (with a little slack for rounding).
        var low = 0, high = null.count
        while low < high {
            let middle = (low + high) / 2
            if null[middle] <= smallest * (1 + 1e-9) { low = middle + 1 } else { high = middle }
        }
        return Double(low + 1) / Double(null.count + 1)
    }

    /// The sorted smallest p-values of ``orderings`` random orderings of `count` commits.
    static func distribution(count: Int, window: Int) -> [Double] {
        let key = [count, window]
        lock.lock()
        defer { lock.unlock() }
        if let known = cache[key] { return known }
        guard let starts = starts(count: count, window: window) else { return [] }
        let tails = starts.map { RankTests.mannWhitneyTail(newer: count - $0, older: $0) }
        var generator = HistorySimulation.Generator(seed: 0x5CA1_0038 &+ UInt64(count) &* 1_000 &+ UInt64(window))
        var ranks = Array(0..<count)
        var smallest = [Double](repeating: 1, count: orderings)
        for ordering in 0..<orderings {
            ranks.shuffle(using: &generator)
            // U of the newer group = (sum of its 0-based ranks) − m(m − 1)/2.
            var suffix = 0
            var best = 1.0
            var start = count - 1
            while start >= starts.lowerBound {
                suffix += ranks[start]
                if start <= starts.upperBound {
                    let m = count - start
                    best = min(best, tails[start - starts.lowerBound][suffix - m * (m - 1) / 2])
                }
                start -= 1
            }
            smallest[ordering] = best
        }
        smallest.sort()
        cache[key] = smallest
        return smallest
    }
}
