import Benchmarking
import Foundation

/// One commit's value of one cell in a history: the per-commit median
/// (nanoseconds per call) or the instruction count, oldest first.
public struct HistoryPoint: Sendable, Equatable {
    public var commit: String
    public var value: Double

    public init(commit: String, value: Double) {
        self.commit = commit
        self.value = value
    }
}

/// A change of level between two commits: `index` is the first commit of the new level.
public struct HistoryStep: Sendable, Equatable {
    public var index: Int
    /// New level over old level (1.10: 10 % slower).
    public var ratio: Double

    public init(index: Int, ratio: Double) {
        self.index = index
        self.ratio = ratio
    }
}

/// What `history check` found in one series.
public struct HistoryFinding: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A slower level that runs to the newest commit, starting at `step.index`.
        case step(HistoryStep)
        /// An accumulated change over the last `commits` commits (Theil–Sen).
        case slide(accumulated: Double, commits: Int)
    }

    public var kind: Kind
    public var commits: [String]
    /// The one-sided p-value of the finding's rank test (``RankTests``): the
    /// Mann–Whitney test of the new level against the commits before it for a
    /// step, the Mann–Kendall test of the window for a slide. Nil for exact
    /// counts, which need no test.
    public var pValue: Double?

    public init(kind: Kind, commits: [String], pValue: Double? = nil) {
        self.kind = kind
        self.commits = commits
        self.pValue = pValue
    }

    public var description: String {
        let test = pValue.map { String(format: ", p = %.2g", $0) } ?? ""
        switch kind {
        case .step(let step):
            return String(
                format: "step %+.1f %% at commit %@ (the newest %d on the new level%@)", (step.ratio - 1) * 100,
                commits[step.index], commits.count - step.index, test)
        case .slide(let accumulated, let count):
            return String(
                format: "slide %+.1f %% over the last %d commits (Theil–Sen%@)", accumulated * 100, count, test)
        }
    }
}

/// Steps and slides in a series of per-commit values (Guides/History.md).
///
/// - Instruction counts are deterministic: every change is a step.
/// - Times: binary segmentation on the logarithms of the per-commit medians
///   with a two-segment statistic (a CUSUM split), where σ̂ is
///   the robust per-commit noise (1.4826 · MAD of successive differences ÷ √2).
///   A split is kept when |mean₂ − mean₁| ÷ (σ̂ √(1/n₁ + 1/n₂)) exceeds
///   ``StepDetector/criticalValue`` and the change is at least
///   ``StepDetector/minimumEffect``. A slide is the Theil–Sen slope over the
///   last K commits, with the detected steps taken out, times K − 1.
public struct StepDetector: Sendable, Equatable {
    /// The two-segment statistic a split must exceed.
    public var criticalValue: Double
    /// The smallest relative change reported as a step (0.03: 3 %), either
    /// way: a rise to at least 1.03 of the level before, or a fall to at most 1/1.03 of it.
    public var minimumEffect: Double
    /// The accumulated slide over the window that is a finding (0.10: 10 %).
    public var threshold: Double
    /// Commits the slide is measured over (K).
    public var window: Int

    public init(criticalValue: Double = 4.5, minimumEffect: Double = 0.03, threshold: Double = 0.10, window: Int = 20) {
        self.criticalValue = criticalValue
        self.minimumEffect = minimumEffect
        self.threshold = threshold
        self.window = window
    }

    /// Every change of an exact count: each commit whose value differs from the one before.
    public static func exactSteps(_ values: [Double]) -> [HistoryStep] {
        guard values.count >= 2 else { return [] }
        return (1..<values.count).compactMap { index in
            values[index] == values[index - 1]
                ? nil : HistoryStep(index: index, ratio: values[index] / values[index - 1])
        }
    }

    /// The robust noise of one commit's log value: 1.4826 · MAD of successive differences ÷ √2.
    package static func noise(_ logs: [Double]) -> Double {
        guard logs.count >= 3 else { return 0 }
        let differences = zip(logs.dropFirst(), logs).map { $0 - $1 }
        let center = median(differences)
        return 1.4826 * median(differences.map { abs($0 - center) }) / 2.squareRoot()
    }

    /// Change points of timed values (positive), oldest first.
    public func timedSteps(_ values: [Double]) -> [HistoryStep] {
        let logs = values.map { Foundation.log($0) }
        let sigma = max(Self.noise(logs), 1e-4)
        var prefix = [0.0]
        for value in logs { prefix.append(prefix.last! + value) }
        func mean(_ range: Range<Int>) -> Double {
            (prefix[range.upperBound] - prefix[range.lowerBound]) / Double(range.count)
        }
        var found: [Int] = []
        var pending = [0..<values.count]
        while let segment = pending.popLast() {
            guard segment.count >= 2 else { continue }
            var best: (index: Int, statistic: Double)?
            for split in (segment.lowerBound + 1)..<segment.upperBound {
                let left = segment.lowerBound..<split, right = split..<segment.upperBound
                let difference = abs(mean(right) - mean(left))
                let statistic =
                    difference / (sigma * (1 / Double(left.count) + 1 / Double(right.count)).squareRoot())
                if statistic > (best?.statistic ?? -1) { best = (split, statistic) }
            }
            guard let best, best.statistic > criticalValue else { continue }
            let left = segment.lowerBound..<best.index, right = best.index..<segment.upperBound
            // The effect on the log scale, so a step down is judged as its mirror up
            // (1/1.03 as 1.03): |exp(d) − 1| would let a 3 % rise pass and its mirror fall not.
            guard abs(mean(right) - mean(left)) >= Foundation.log(1 + minimumEffect) else { continue }
            found.append(best.index)
            pending.append(left)
            pending.append(right)
        }
        found.sort()
        // Each step's ratio: the level after it over the level before it, between its neighbours.
        let bounds = [0] + found + [values.count]
        return found.enumerated().map { offset, index in
            let before = bounds[offset]..<index, after = index..<bounds[offset + 2]
            return HistoryStep(index: index, ratio: exp(mean(after) - mean(before)))
        }
    }

    /// The Theil–Sen slope (median of pairwise slopes) of `values` against their index.
    package static func theilSen(_ values: [Double]) -> Double {
        var slopes: [Double] = []
        for i in values.indices {
            for j in values.indices where j > i { slopes.append((values[j] - values[i]) / Double(j - i)) }
        }
        return slopes.isEmpty ? 0 : median(slopes)
    }

    /// The false-alarm rate of one `history check` of unchanged code over all
    /// its timed series (``decide(_:tests:)``).
    public static let familyRate = 0.05

    /// The candidate findings of one timed series, each with its p-value; a
    /// whole check keeps those that the Benjamini–Hochberg procedure over
    /// every series rejects (``decide(_:tests:)``), and ``checkTimed(_:)``
    /// does so for one series alone.
    ///
    /// - Step: a newer level of 2 to 8 commits reaching the newest (one
    ///   disturbed run is never a step by itself; `ScanCalibration.longestLevel`),
    ///   starting within the last K commits, whose median is above the median of the commits
    ///   before it among the last 4K by at least ``minimumEffect`` and at
    ///   least three times those older commits' spread (1.4826 · MAD: the
    ///   between-run noise the history itself shows). Each such start
    ///   is tried and the smallest exact Mann–Whitney p-value kept; its
    ///   p-value is that of the scan (`ScanCalibration`). A start where a
    ///   Theil–Sen line fits the K commits before it and the newer level
    ///   better than two levels is a ramp, left to the slide.
    /// - Slide: the Theil–Sen slope over the last K commits times K − 1
    ///   beyond ``threshold`` and beyond three times the window's spread
    ///   about that line, its p-value the exact Mann–Kendall test of the
    ///   window, with the step found (if any) taken out first.
    public func timedCandidates(_ points: [HistoryPoint]) -> [HistoryFinding] {
        let values = points.map(\.value)
        let commits = points.map(\.commit)
        guard values.count >= 3 else { return [] }
        let logs = values.map { Foundation.log($0) }
        var findings: [HistoryFinding] = []
        let windowStart = max(0, values.count - window)
        // The newer level is tested against the commits before it among the
        // last 4K (older history is not today's machine, nor today's code).
        let seen = min(values.count, 4 * window), offset = values.count - seen
        let tail = Array(logs[offset...])
        var tried: [(p: Double, index: Int, effect: Double)] = []
        for start in ScanCalibration.starts(count: seen, window: window) ?? 1...0 {
            let newer = Array(tail[start...]), older = Array(tail[..<start])
            let level = Self.median(older)
            // Two newer commits must both be above: the median of two is their
            // mean, which one disturbed run can carry alone.
            let effect = (newer.count == 2 ? newer.min()! : Self.median(newer)) - level
            // At least the minimum effect, and at least three times the
            // between-run spread the older commits show (1.4826 · MAD).
            guard effect >= Foundation.log(1 + minimumEffect),
                effect >= 3 * 1.4826 * Self.median(older.map { abs($0 - level) })
            else { continue }
            // A ramp is a slide, not a step: a line fits the neighbourhood better than two levels.
            let from = max(0, start - window)
            if Self.lineFitsBetter(Array(tail[from...]), split: start - from) { continue }
            tried.append((RankTests.mannWhitneyUpper(newer, older), offset + start, effect))
        }
        // The test is the smallest p-value. Where the level starts, among the
        // starts within 10× of it (a start one commit early, its first commit
        // an old one, can test as strongly), is where two levels (medians) fit
        // the commits seen with the smallest sum of absolute residuals.
        let smallest = tried.map(\.p).min()
        let best = smallest.flatMap { p in
            tried.filter { $0.p <= 10 * p }.min {
                Self.levelError(tail, split: $0.index - offset) < Self.levelError(tail, split: $1.index - offset)
            }
        }
        var slideLogs = logs
        if let best {
            findings.append(
                HistoryFinding(
                    kind: .step(HistoryStep(index: best.index, ratio: exp(best.effect))), commits: commits,
                    pValue: ScanCalibration.pValue(smallest: smallest!, count: seen, window: window)))
            // The newer level found is not also a slide: it is taken out of the window.
            for index in best.index..<slideLogs.count { slideLogs[index] -= best.effect }
        }
        // Only that level: taking out every change point the report draws is
        // not a test. On the real corpus a "step" down found among one cell's
        // two modes, taken out, left a rising window behind (+114 % slides in
        // A/A histories).
        let recent = Array(slideLogs[windowStart...])
        if recent.count >= 3 {
            let slope = Self.theilSen(recent)
            let accumulated = exp(slope * Double(recent.count - 1)) - 1
            // As for a step: beyond the threshold, and beyond three times the
            // window's own spread about its line (1.4826 · MAD of the residuals).
            let residuals = recent.enumerated().map { $1 - slope * Double($0) }
            let center = Self.median(residuals)
            let spread = 1.4826 * Self.median(residuals.map { abs($0 - center) })
            if accumulated > threshold, slope * Double(recent.count - 1) >= 3 * spread {
                findings.append(
                    HistoryFinding(
                        kind: .slide(accumulated: accumulated, commits: recent.count), commits: commits,
                        pValue: RankTests.mannKendallUpper(recent)))
            }
        }
        return findings
    }

    /// What `history check` reports for one timed series judged alone: its
    /// candidates that the Benjamini–Hochberg procedure keeps over the series' two tests.
    public func checkTimed(_ points: [HistoryPoint]) -> [HistoryFinding] {
        let candidates = timedCandidates(points)
        return zip(candidates, decide(candidates, tests: 2)).filter(\.1).map(\.0)
    }

    /// Which candidates a check keeps: those whose change reaches
    /// ``threshold`` (a step's new level, a slide's accumulated change) and
    /// that the Benjamini–Hochberg procedure at ``familyRate`` rejects over
    /// `tests` tests (two per timed series: a step and a slide; a candidate
    /// below the threshold counts as a test not rejected). The chance that a
    /// check of unchanged code reports anything timed is then at most 5 %,
    /// however many cells it judges; a smaller change stays a candidate,
    /// printed: on this VM, rebuilding the same code in another directory
    /// moved 16-point cells of untouched kernels by 3–9 %.
    public func decide(_ candidates: [HistoryFinding], tests: Int) -> [Bool] {
        let eligible = candidates.indices.filter { reachesThreshold(candidates[$0]) }
        let rejected = RankTests.benjaminiHochberg(
            eligible.map { candidates[$0].pValue ?? 0 }, tests: max(tests, candidates.count), rate: Self.familyRate)
        var kept = [Bool](repeating: false, count: candidates.count)
        for (index, isRejected) in zip(eligible, rejected) { kept[index] = isRejected }
        return kept
    }

    /// Whether a finding's change reaches ``threshold``: a step's new level, a slide's accumulated change.
    public func reachesThreshold(_ finding: HistoryFinding) -> Bool {
        switch finding.kind {
        case .step(let step): return step.ratio >= 1 + threshold
        case .slide(let accumulated, _): return accumulated >= threshold
        }
    }

    /// The fewest commits a new level needs before a check of `tests` tests
    /// can keep it in a series of `count` commits: the smallest m whose
    /// strongest evidence (every newer value above every older one, as the
    /// scan's p-value) clears the first bar, ``familyRate`` / tests; nil when
    /// no m within the window can. The smallest change a check can see is
    /// then ``minimumEffect``, held that long.
    public func commitsNeeded(count: Int, tests: Int) -> Int? {
        let seen = min(count, 4 * window)
        guard let starts = ScanCalibration.starts(count: seen, window: window) else { return nil }
        return (2...(seen - starts.lowerBound)).first { m in
            let smallest = RankTests.mannWhitneyTail(newer: m, older: seen - m)[m * (seen - m)]
            return ScanCalibration.pValue(smallest: smallest, count: seen, window: window)
                <= Self.familyRate / Double(max(1, tests))
        }
    }

    /// Whether a Theil–Sen line fits `logs` with a smaller sum of absolute
    /// residuals than two levels (medians) split at `split`.
    static func lineFitsBetter(_ logs: [Double], split: Int) -> Bool {
        let slope = theilSen(logs)
        let intercept = median(logs.enumerated().map { $1 - slope * Double($0) })
        let lineError = logs.enumerated().reduce(0) { $0 + abs($1.element - intercept - slope * Double($1.offset)) }
        return lineError < levelError(logs, split: split)
    }

    /// The sum of absolute residuals of two levels (medians) split at `split`.
    static func levelError(_ logs: [Double], split: Int) -> Double {
        let left = median(Array(logs[..<split])), right = median(Array(logs[split...]))
        return logs.enumerated().reduce(0) { $0 + abs($1.element - ($1.offset < split ? left : right)) }
    }

    /// What `history check` reports for an instruction-count series: the
    /// newest commit's count above the one before (any increase).
    public static func checkExact(_ points: [HistoryPoint]) -> [HistoryFinding] {
        guard points.count >= 2, let last = exactSteps(points.map(\.value)).last, last.index == points.count - 1,
            last.ratio > 1
        else { return [] }
        return [HistoryFinding(kind: .step(last), commits: points.map(\.commit))]
    }

    /// The one median of the project (``SampleStatistics/median(_:)``), NaN for no values.
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? .nan : SampleStatistics.median(values)
    }
}
