import Benchmarking
import Foundation

/// One `history check` of timed series (Guides/History.md, "Steps and
/// slides"): every cell's candidates, and which of them the whole check keeps.
///
/// Before the tests, each run's common shift is taken out per group of cells
/// that share a backend and a size (at least ``minimumGroup`` cells): the
/// median, over the group's cells, of each cell's log value minus that cell's
/// median over the history. A shared machine moves a whole run (a compile
/// beside it, a noisy neighbour, another host under the CI label), and moves
/// cells of one kind alike — threaded backends far more than single-threaded
/// ones, memory-bound sizes unlike cache-resident ones; a change to one
/// kernel moves one cell of each group. On the real corpus, 15 quiet runs
/// followed by 5 beside a compile made 13 cells "steps" without this and
/// none with it. Each run's shift depends only on that run's own values and
/// on medians over all runs, so runs that were exchangeable stay so and the
/// rank tests stay exact. What it cannot tell apart — a whole backend or
/// size slower at once, machine or code — is printed as a group shift, never
/// a finding: `--confirm` or `compare-builds` decide that.
public struct HistoryCheck: Sendable {
    /// Cells of one backend and size needed before their common shift is taken out.
    public static let minimumGroup = 5

    public struct Item: Sendable {
        public var series: HistorySeries
        public var cell: CellKey
        public var finding: HistoryFinding
        /// Whether the whole check keeps it: the Benjamini–Hochberg step over
        /// every test keeps it and it is not ``alone``.
        public var kept: Bool
        /// Cleared the Benjamini–Hochberg step, but its kernel on its backend,
        /// judged at other sizes of the same series, moved at none of them
        /// (no candidate there with p ≤ ``StepDetector/familyRate``): left a
        /// candidate (`HistoryCheck.leavingOutLoneSizes(_:)`).
        public var alone: Bool = false
    }

    /// A shift common to one group's cells at the newest commits (the
    /// candidates of the group's shift series).
    public struct GroupShift: Sendable {
        public var series: HistorySeries
        public var backend: String
        public var size: Int
        public var finding: HistoryFinding
    }

    public var items: [Item]
    public var groupShifts: [GroupShift]
    /// Timed series judged (cells, per series of the history).
    public var series: Int
    /// Tests in the family: a step and a slide per series.
    public var tests: Int { 2 * series }
    /// The fewest commits a new level needs to count, for the longest series.
    public var commitsNeeded: Int?

    /// Checks `series`: per history series (machine and build), each cell's points, oldest first.
    public init(_ series: [HistorySeries: [CellKey: [HistoryPoint]]], detector: StepDetector) {
        var candidates: [Item] = []
        var shifts: [GroupShift] = []
        var count = 0, longest = 0
        for (key, cells) in series.sorted(by: { $0.key < $1.key }) {
            let (normalized, groups) = Self.withoutRunShifts(cells)
            for (cell, points) in normalized.sorted(by: { $0.key < $1.key }) {
                count += 1
                longest = max(longest, points.count)
                candidates += detector.timedCandidates(points).map {
                    Item(series: key, cell: cell, finding: $0, kept: false)
                }
            }
            for (group, points) in groups.sorted(by: { ($0.key.backend, $0.key.size) < ($1.key.backend, $1.key.size) })
            {
                shifts += detector.timedCandidates(points).map {
                    GroupShift(series: key, backend: group.backend, size: group.size, finding: $0)
                }
            }
        }
        let kept = detector.decide(candidates.map(\.finding), tests: 2 * count)
        items = Self.leavingOutLoneSizes(
            zip(candidates, kept).map { item, isKept in
                var item = item
                item.kept = isKept
                return item
            }, judged: series.mapValues { Set($0.keys) })

        groupShifts = shifts
        self.series = count
        commitsNeeded = count == 0 ? nil : detector.commitsNeeded(count: longest, tests: 2 * count)
    }

    /// The kept findings.
    public var findings: [Item] { items.filter(\.kept) }

    /// `items` with each kept finding that is alone at its size left a
    /// candidate (``Item/alone``): its series judges its kernel on its backend
    /// at another size (`judged`: each series' cells), and no candidate of
    /// that kernel and backend at another size has p ≤ ``StepDetector/familyRate``.
    ///
    /// A change to a kernel's code moves its calls at every size, by more or
    /// less; the time of one size alone moves when code placement does (the
    /// alignment of a hot loop, measured on this VM: one real slow build of
    /// `axpy` moved untouched kernels' 16-point cells by +13 to +18 % in every
    /// run, and `compare`, which judges every size, named only `axpy`). A kernel
    /// judged at one size only is judged as before. What this cannot see is a
    /// change at one size only, such as a cache level's: it is printed as a
    /// candidate, and `--confirm` (a paired run of the two builds) counts it.
    public static func leavingOutLoneSizes(_ items: [Item], judged: [HistorySeries: Set<CellKey>]) -> [Item] {
        struct Family: Hashable {
            var series: HistorySeries
            var kernel: Kernel
            var backend: String
        }
        func family(_ series: HistorySeries, _ cell: CellKey) -> Family {
            Family(series: series, kernel: cell.kernel, backend: cell.backend)
        }
        var sizes: [Family: Set<Int>] = [:]
        for (series, cells) in judged {
            for cell in cells { sizes[family(series, cell), default: []].insert(cell.size) }
        }
        // The sizes where each family has a candidate significant on its own.
        var moved: [Family: Set<Int>] = [:]
        for item in items where (item.finding.pValue ?? 0) <= StepDetector.familyRate {
            moved[family(item.series, item.cell), default: []].insert(item.cell.size)
        }
        return items.map { item in
            let key = family(item.series, item.cell)
            guard item.kept, (sizes[key]?.count ?? 0) > 1,
                moved[key, default: []].subtracting([item.cell.size]).isEmpty
            else { return item }
            var item = item
            item.kept = false
            item.alone = true
            return item
        }
    }

    struct Group: Hashable {
        var backend: String
        var size: Int
    }

    /// `cells` with each run's common shift per group taken out, and each
    /// group's shift series (its level at each commit, as a ratio to 1).
    static func withoutRunShifts(
        _ cells: [CellKey: [HistoryPoint]]
    ) -> ([CellKey: [HistoryPoint]], [Group: [HistoryPoint]]) {
        var members: [Group: [CellKey]] = [:]
        for cell in cells.keys { members[Group(backend: cell.backend, size: cell.size), default: []].append(cell) }
        var normalized = cells
        var shifts: [Group: [HistoryPoint]] = [:]
        for (group, groupCells) in members where groupCells.count >= minimumGroup {
            // Each cell's typical level: its median log value over the history.
            var level: [CellKey: Double] = [:]
            var byCommit: [String: [Double]] = [:]
            var order: [String] = []
            for cell in groupCells {
                let logs = cells[cell]!.map { Foundation.log($0.value) }
                level[cell] = SampleStatistics.median(logs)
                for point in cells[cell]! {
                    if byCommit[point.commit] == nil { order.append(point.commit) }
                    byCommit[point.commit, default: []].append(Foundation.log(point.value) - level[cell]!)
                }
            }
            var shift: [String: Double] = [:]
            for (commit, deviations) in byCommit where deviations.count >= minimumGroup {
                shift[commit] = SampleStatistics.median(deviations)
            }
            for cell in groupCells {
                normalized[cell] = cells[cell]!.map {
                    HistoryPoint(commit: $0.commit, value: $0.value / exp(shift[$0.commit] ?? 0))
                }
            }
            shifts[group] = order.compactMap { commit in
                shift[commit].map { HistoryPoint(commit: commit, value: exp($0)) }
            }
        }
        return (normalized, shifts)
    }
}
