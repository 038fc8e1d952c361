import Benchmarking
import Foundation

/// How `compare` decides on two runs made at different times, one run a side.
///
/// Within-run intervals say nothing about how far a shared machine moves
/// between runs, and it moves a lot: on the noise corpus
/// (`Tests/Fixtures/noise-corpus`, 60 runs of one binary on a 2-vCPU VM), the
/// most-slowed cell of an A/A pair was +23 % in the median pair on a quiet
/// machine and several times slower under load, and judged cell by cell,
/// `compare` of consecutive A/A runs exited 1 in 7 to 14 of 19 pairs. What the
/// corpus shows of the machine's moods:
/// they move a whole backend at one size at once (its threads, its cache
/// state), or flip one cell between modes; a change in one kernel's code moves
/// that kernel at every size. So:
///
/// 1. Each backend and size with at least ``minimumGroup`` cells has its
///    common shift taken out: the median of its cells' log changes. The shift
///    is printed, never judged: with one run a side, the machine's and the
///    code's cannot be told apart (`compare-builds` times both builds side by
///    side and can).
/// 2. A kernel on a backend regresses when, after those shifts, it is slower
///    at every size it was measured at by more than ``floorFraction`` of its
///    threshold (the lower end of each size's interval), and by more than its
///    threshold on average over its sizes (the mean of the log changes of the
///    medians). Then every cell of it is a regression.
/// 3. Any other cell whose own interval lies wholly beyond the threshold is a
///    candidate (``CellVerdict/inconclusive``): printed, exit 0.
///
/// Replayed on every ordered pair of the corpus's runs (380 per condition,
/// `StressTests.NoiseCorpusReplayTests`): A/A pairs with any regression
/// 0.8 % quiet, 1.8 % under bursty load, 1.8 % beside a compile; +20 % added
/// to one kernel of a single-threaded backend at every size found in 96–100 %
/// of pairs (replayed on the runs' medians: the corpus keeps no samples, and
/// requiring each interval's lower end beyond the floor only removes
/// findings). A change at one size only, or to a whole backend, is not seen
/// here: that is what `compare-builds` is for.
public struct SeparateRunsJudgement: Codable, Sendable, Equatable {
    /// Cells of one backend and size needed before their common shift is taken out.
    public static let minimumGroup = 5
    /// Every size of a regressed kernel is slower by more than this fraction of its threshold.
    public static let floorFraction = 1.0 / 3.0

    /// One backend and size's shift common to its cells (the current run ÷ the baseline).
    public struct GroupShift: Codable, Sendable, Equatable {
        public var backend: String
        public var size: Int
        public var cells: Int
        public var ratio: Double
    }

    /// One kernel on one backend over its sizes, with the shifts taken out.
    public struct Family: Codable, Sendable, Equatable {
        public var kernel: Kernel
        public var backend: String
        /// Sizes in increasing order, and each one's ratio after its group's shift.
        public var sizes: [Int]
        public var ratios: [Double]
        /// exp(mean of the log ratios): the family's change over its sizes.
        public var meanRatio: Double
        public var threshold: Double
        public var regressed: Bool
    }

    public var shifts: [GroupShift]
    public var families: [Family]

    /// One cell's point estimates, the lower end of its change's interval
    /// (a ratio) and the threshold that applies to it.
    public struct Cell: Sendable {
        public var key: CellKey
        public var baseline: Double
        public var current: Double
        public var lower: Double
        public var threshold: Double

        public init(key: CellKey, baseline: Double, current: Double, lower: Double, threshold: Double) {
            self.key = key
            self.baseline = baseline
            self.current = current
            self.lower = lower
            self.threshold = threshold
        }
    }

    public init(cells: [Cell]) {
        let usable = cells.filter { $0.baseline > 0 && $0.current > 0 && $0.baseline.isFinite && $0.current.isFinite }
        let logChange = Dictionary(uniqueKeysWithValues: usable.map { ($0.key, log($0.current / $0.baseline)) })
        struct Group: Hashable {
            var backend: String
            var size: Int
        }
        var shift: [Group: Double] = [:]
        var shifts: [GroupShift] = []
        let groups = Dictionary(grouping: usable) { Group(backend: $0.key.backend, size: $0.key.size) }
        for (group, members) in groups.sorted(by: { ($0.key.backend, $0.key.size) < ($1.key.backend, $1.key.size) })
        where members.count >= Self.minimumGroup {
            let median = SampleStatistics.median(members.map { logChange[$0.key]! })
            shift[group] = median
            shifts.append(
                GroupShift(backend: group.backend, size: group.size, cells: members.count, ratio: exp(median)))
        }
        struct FamilyKey: Hashable {
            var kernel: Kernel
            var backend: String
        }
        let byFamily = Dictionary(grouping: usable) { FamilyKey(kernel: $0.key.kernel, backend: $0.key.backend) }
        families = byFamily.map { key, members in
            let sorted = members.sorted { $0.key.size < $1.key.size }
            let shifts = sorted.map { shift[Group(backend: $0.key.backend, size: $0.key.size)] ?? 0 }
            let residuals = zip(sorted, shifts).map { logChange[$0.key]! - $1 }
            let lowerResiduals = zip(sorted, shifts).map { $0.lower > 0 ? log($0.lower) - $1 : -.infinity }
            let threshold = sorted.map(\.threshold).min() ?? 0
            let mean = residuals.reduce(0, +) / Double(residuals.count)
            let regressed =
                mean > log1p(threshold) && lowerResiduals.allSatisfy { $0 > log1p(Self.floorFraction * threshold) }
            return Family(
                kernel: key.kernel, backend: key.backend, sizes: sorted.map(\.key.size), ratios: residuals.map(exp),
                meanRatio: exp(mean), threshold: threshold, regressed: regressed)
        }.sorted { ($0.kernel.rawValue, $0.backend) < ($1.kernel.rawValue, $1.backend) }
        self.shifts = shifts
    }

    /// Whether `cell` belongs to a regressed kernel-and-backend family.
    public func regressed(_ cell: CellKey) -> Bool {
        families.contains { $0.regressed && $0.kernel == cell.kernel && $0.backend == cell.backend }
    }

    /// The shifts beyond `fraction` either way, largest first: what the machine (or a change to a
    /// whole backend) did between the runs.
    public func notableShifts(beyond fraction: Double) -> [GroupShift] {
        shifts.filter { abs(log($0.ratio)) > log1p(fraction) }.sorted { abs(log($0.ratio)) > abs(log($1.ratio)) }
    }
}
