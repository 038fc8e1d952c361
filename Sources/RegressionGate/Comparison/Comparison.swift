import Benchmarking
import Foundation

/// The judgement of a current run against a baseline, cell by cell.
///
/// ```swift
/// let comparison = try Comparison(baseline: old, current: new)
/// print(comparison.markdown)          // verdict first, then the table
/// exit(comparison.exitCode)           // 0 no regression, 1 regression
/// ```
public struct Comparison: Sendable {
    /// One cell's row.
    public struct Row: Codable, Sendable, Equatable {
        public var cell: CellKey
        /// Point estimates (medians, or exact counts) in the input's unit.
        public var baseline: Double
        public var current: Double
        public var interval: ChangeInterval
        /// The threshold fraction that applied to this cell.
        public var threshold: Double
        public var verdict: CellVerdict

        package init(
            cell: CellKey, baseline: Double, current: Double, interval: ChangeInterval, threshold: Double,
            verdict: CellVerdict
        ) {
            self.cell = cell
            self.baseline = baseline
            self.current = current
            self.interval = interval
            self.threshold = threshold
            self.verdict = verdict
        }
    }

    public var baselinePath: String
    public var currentPath: String
    public var measure: ComparisonInput.Measure
    public var thresholds: RegressionThresholds
    /// Nominal coverage of each interval (1 for exact counts).
    public var level: Double
    /// Rows sorted by verdict (regressions first), then by cell.
    public var rows: [Row]
    public var onlyInBaseline: [CellKey]
    public var onlyInCurrent: [CellKey]
    public var baselineMachine: String
    public var currentMachine: String
    /// Whether the machines differed (allowed only with `acrossMachines`).
    public var acrossMachines: Bool
    /// Whether the two inputs are the sides of one paired run, judged pair by
    /// pair (``ChangeInterval/paired(baseline:current:epochs:level:)``).
    public var paired: Bool
    /// For two runs made at different times (not paired, not exact counts,
    /// one run on at least one side): the shifts taken out and the verdict of
    /// each kernel on each backend (``SeparateRunsJudgement``); nil otherwise.
    public var separateRuns: SeparateRunsJudgement?

    let baselineInput: ComparisonInput
    let currentInput: ComparisonInput

    /// Compares two inputs.
    ///
    /// Parameters:
    ///   - `acrossMachines`: allow inputs whose `MachineRecord.isComparable(with:)`
    ///     is false; wall-clock inputs must then be bandwidth-normalised.
    ///   - level: coverage of each bootstrap interval. 0.99 by default: a run
    ///     judges dozens of cells, and a 95 % interval would stray past the
    ///     threshold in one cell of twenty by chance alone.
    /// - Throws: ``ComparisonError`` when the inputs cannot be compared.
    public init(
        baseline: ComparisonInput, current: ComparisonInput,
        thresholds: RegressionThresholds = RegressionThresholds(),
        acrossMachines: Bool = false, level: Double = 0.99, seed: UInt64 = 0x5EED
    ) throws(ComparisonError) {
        guard (baseline.measure == .instructions) == (current.measure == .instructions),
            baseline.clock == current.clock
        else {
            throw .differentMeasures(baseline: baseline.path, current: current.path)
        }
        let paired = Self.arePaired(baseline, current)
        let sameMachine =
            baseline.measure == .instructions
            ? Self.countsComparable(baseline.machine, current.machine)
            : paired || baseline.machine.isComparable(with: current.machine)
        if !sameMachine, !acrossMachines {
            throw .differentMachines(
                baseline: baseline.machine.comparisonSummary, current: current.machine.comparisonSummary)
        }
        let common = Set(baseline.observations.keys).intersection(current.observations.keys).sorted()
        guard !common.isEmpty else { throw .noOverlap(baseline: baseline.path, current: current.path) }
        var rows: [Row] = []
        for (index, cell) in common.enumerated() {
            let before = baseline.observations[cell]!, after = current.observations[cell]!
            let interval: ChangeInterval
            if paired, case .samples(let b) = before, case .samples(let c) = after, b.count == c.count, !b.isEmpty {
                interval = ChangeInterval.paired(
                    baseline: b, current: c, epochs: baseline.pairing?.epochs ?? 1, level: level)
            } else {
                interval = ChangeInterval.estimate(
                    baseline: before, current: after, level: level, seed: seed &+ UInt64(index))
            }
            let threshold = thresholds.fraction(for: cell.kernel)
            rows.append(
                Row(
                    cell: cell, baseline: before.pointEstimate, current: after.pointEstimate,
                    interval: interval, threshold: threshold, verdict: CellVerdict(interval, threshold: threshold)))
        }
        // Separate runs: a cell regresses only with its kernel on its backend at every size, after
        // each backend and size's common shift; other cells beyond the threshold are candidates.
        if baseline.measure != .instructions, !paired,
            baseline.observations.values.contains(where: \.isSingleRun)
                || current.observations.values.contains(where: \.isSingleRun)
        {
            let judgement = SeparateRunsJudgement(
                cells: rows.map {
                    .init(
                        key: $0.cell, baseline: $0.baseline, current: $0.current, lower: $0.interval.lower,
                        threshold: $0.threshold)
                })
            for index in rows.indices {
                if judgement.regressed(rows[index].cell) {
                    rows[index].verdict = .regressed
                } else if rows[index].verdict == .regressed {
                    rows[index].verdict = .inconclusive
                }
            }
            separateRuns = judgement
        }
        rows.sort { ($0.verdict, $0.cell) < ($1.verdict, $1.cell) }
        self.baselinePath = baseline.path
        self.currentPath = current.path
        self.measure = current.measure
        self.thresholds = thresholds
        self.level = baseline.measure == .instructions ? 1 : level
        self.rows = rows
        self.onlyInBaseline = Set(baseline.observations.keys).subtracting(current.observations.keys).sorted()
        self.onlyInCurrent = Set(current.observations.keys).subtracting(baseline.observations.keys).sorted()
        self.baselineMachine = baseline.machine.comparisonSummary
        self.currentMachine = current.machine.comparisonSummary
        self.acrossMachines = !sameMachine
        self.paired = paired
        self.baselineInput = baseline
        self.currentInput = current
    }

    /// Whether two inputs are the two sides of one paired run: the same
    /// pairing id, opposite roles, timed with the same clock.
    static func arePaired(_ baseline: ComparisonInput, _ current: ComparisonInput) -> Bool {
        (baseline.pairing?.isPair(of: current.pairing) ?? false)
            && baseline.measure == .wallClock && current.measure == .wallClock
    }

    /// Whether two instruction-count runs may be compared: the same build
    /// (compiler, configuration, target CPU) always matters; the CPU model
    /// matters only for backends backed by a library (OpenBLAS picks its code
    /// for the CPU it finds), not for Swift code compiled for a fixed target.
    public static func countsComparable(_ baseline: MachineRecord, _ current: MachineRecord) -> Bool {
        let sameBuild =
            baseline.swiftCompiler == current.swiftCompiler
            && baseline.buildConfiguration == current.buildConfiguration && baseline.targetCPU == current.targetCPU
        let dispatchesOnCPU = (baseline.backends + current.backends).contains { $0.library != nil }
        return sameBuild && (!dispatchesOnCPU || baseline.cpuModel == current.cpuModel)
    }

    public var regressions: [Row] { rows.filter { $0.verdict == .regressed } }
    public var improvements: [Row] { rows.filter { $0.verdict == .improved } }
    public var inconclusive: [Row] { rows.filter { $0.verdict == .inconclusive } }

    /// Whether any cell regressed beyond doubt.
    public var hasRegression: Bool { !regressions.isEmpty }

    /// 1 when a cell regressed, 0 otherwise (improvements pass).
    public var exitCode: Int32 { hasRegression ? 1 : 0 }

    /// The one-line verdict that heads every format, ending with the suite's
    /// geometric-mean change and its interval (``suiteChange``).
    public var headline: String {
        let suite = suiteChange.map { "; suite geometric mean \(Self.describe($0))" } ?? ""
        if hasRegression {
            let named = regressions.prefix(5).map { "\($0.cell) (\(Self.percent($0.interval.change)))" }
            let more = regressions.count > 5 ? " and \(regressions.count - 5) more" : ""
            return "Regression in \(named.joined(separator: ", "))\(more)\(suite)"
        }
        var notes: [String] = ["\(rows.count) cells compared"]
        if !improvements.isEmpty { notes.append("\(improvements.count) improved") }
        if !inconclusive.isEmpty { notes.append("\(inconclusive.count) inconclusive") }
        return "No regression (\(notes.joined(separator: ", ")))\(suite)"
    }

    /// The suite's change as one figure: the geometric mean of the cells'
    /// ratios, exp(mean log ratioᵢ), with an interval at ``level`` from the
    /// cells' own intervals: each cell's log-scale standard error is its
    /// interval's log-width over 2·z, the mean's is √(Σ seᵢ²)/n (cells
    /// measured independently), and the interval is exp(mean ± z·se). It
    /// says how far the suite moved as a whole beyond the measurements'
    /// noise; cells with exact counts add no uncertainty. Nil without rows.
    public var suiteChange: ChangeInterval? { Self.suiteChange(of: rows, level: level) }

    /// ``suiteChange`` of `rows` judged at `level`.
    package static func suiteChange(of rows: [Row], level: Double) -> ChangeInterval? {
        let usable = rows.filter { $0.interval.ratio > 0 && $0.interval.lower > 0 && $0.interval.upper > 0 }
        guard !usable.isEmpty else { return nil }
        let z = level < 1 ? StudentT.normalTwoSidedQuantile(level: level) : 1
        let logs = usable.map { log($0.interval.ratio) }
        let mean = logs.reduce(0, +) / Double(logs.count)
        let variance = usable.reduce(0.0) { total, row in
            let se = level < 1 ? (log(row.interval.upper) - log(row.interval.lower)) / (2 * z) : 0
            return total + se * se
        }
        let se = variance.squareRoot() / Double(usable.count)
        return ChangeInterval(ratio: exp(mean), lower: exp(mean - z * se), upper: exp(mean + z * se), level: level)
    }

    /// "+1.2 % [−0.3 %, +2.8 %] (99 %)".
    package static func describe(_ change: ChangeInterval) -> String {
        "\(percent(change.change)) [\(percent(change.lower - 1)), \(percent(change.upper - 1))]"
            + (change.level < 1 ? " (\(formatted(100 * change.level, digits: 0)) %)" : "")
    }

    static func percent(_ change: Double) -> String {
        let value = 100 * change
        return (value >= 0 ? "+" : "−") + formatted(abs(value), digits: abs(value) < 10 ? 1 : 0) + " %"
    }

    static func formatted(_ value: Double, digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }
}
