import Benchmarking
import Foundation
import RegressionGate
import Testing
import VectorKernels
import _ResultsTestSupport
import _TestSupport

/// `springbench compare`'s verdict in every format, cell by cell, from inputs
/// whose every figure the test chose: exact observations (so each change is a
/// known point), one sampled cell (inconclusive), a kernel with its own
/// threshold, and a cell on each side only.
@Suite("compare's tables and JSON cell by cell")
struct ComparisonTableTests {
    /// (cell, baseline ns, current ns). Each figure differs, and each verdict
    /// group with two rows lists them out of cell order here.
    static let exactCells: [(CellKey, Double, Double)] = [
        (CellKey(kernel: .add, backend: "simd", size: 4096), 2000, 3000),  // +50 %, regressed
        (CellKey(kernel: .magnitudeSquared, backend: "naive", size: 64), 500, 505),  // +1.0 %, unchanged
        (CellKey(kernel: .axpy, backend: "simd", size: 256), 300, 240),  // −20 %, improved
        (CellKey(kernel: .add, backend: "naive", size: 16), 100, 130),  // +30 %, regressed
        (CellKey(kernel: .scale, backend: "openblas", size: 1 << 20), 3e6, 2.97e6),  // −1.0 %, unchanged
    ]
    static let sampledCell = CellKey(kernel: .axpy, backend: "naive", size: 16)
    /// Median 636 over an exact 600: +6 %, an interval wide enough to reach past axpy's 5 %.
    static let sampled: [Double] = [500, 550, 600, 636, 680, 720, 760]
    static let onlyBaseline = CellKey(kernel: .subtract, backend: "simd", size: 16)
    static let onlyCurrent = CellKey(kernel: .scale, backend: "naive", size: 16)
    static let thresholds = RegressionThresholds(defaultFraction: 0.10, kernelFractions: ["axpy": 0.05])

    static func inputs() -> (ComparisonInput, ComparisonInput) {
        var before: [CellKey: CellObservation] = [onlyBaseline: .exact(7)]
        var after: [CellKey: CellObservation] = [onlyCurrent: .exact(8)]
        for (cell, baseline, current) in exactCells {
            before[cell] = .exact(baseline)
            after[cell] = .exact(current)
        }
        before[sampledCell] = .exact(600)
        after[sampledCell] = .samples(sampled)
        let machine = SyntheticRuns.machine()
        return (
            ComparisonInput(path: "base.json", measure: .wallClock, machine: machine, observations: before),
            ComparisonInput(path: "pr.json", measure: .wallClock, machine: machine, observations: after)
        )
    }

    static func comparison() throws -> Comparison {
        let (baseline, current) = inputs()
        return try Comparison(baseline: baseline, current: current, thresholds: thresholds)
    }

    /// The documented order: regressed, inconclusive, improved, unchanged; within
    /// a verdict by cell (kernel in `Kernel.allCases` order, backend name, size).
    static let expectedOrder: [(CellKey, CellVerdict)] = [
        (CellKey(kernel: .add, backend: "naive", size: 16), .regressed),
        (CellKey(kernel: .add, backend: "simd", size: 4096), .regressed),
        (sampledCell, .inconclusive),
        (CellKey(kernel: .axpy, backend: "simd", size: 256), .improved),
        (CellKey(kernel: .scale, backend: "openblas", size: 1 << 20), .unchanged),
        (CellKey(kernel: .magnitudeSquared, backend: "naive", size: 64), .unchanged),
    ]

    /// Time as the tables print it (hand-written, the documented units).
    static let printed: [CellKey: (String, String)] = [
        CellKey(kernel: .add, backend: "naive", size: 16): ("100.0 ns", "130.0 ns"),
        CellKey(kernel: .add, backend: "simd", size: 4096): ("2.00 µs", "3.00 µs"),
        sampledCell: ("600.0 ns", "636.0 ns"),
        CellKey(kernel: .axpy, backend: "simd", size: 256): ("300.0 ns", "240.0 ns"),
        CellKey(kernel: .scale, backend: "openblas", size: 1 << 20): ("3.00 ms", "2.97 ms"),
        CellKey(kernel: .magnitudeSquared, backend: "naive", size: 64): ("500.0 ns", "505.0 ns"),
    ]

    /// "+1.0 %", "−20 %": one decimal below 10 %, none from 10 % on.
    static func percent(_ change: Double) -> String {
        let value = 100 * change
        return (value >= 0 ? "+" : "−") + String(format: abs(value) < 10 ? "%.1f" : "%.0f", abs(value)) + " %"
    }

    /// Nanoseconds as the tables print them: ms and µs with two decimals, ns with one.
    static func time(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1e6 { return String(format: "%.2f ms", nanoseconds / 1e6) }
        if nanoseconds >= 1e3 { return String(format: "%.2f µs", nanoseconds / 1e3) }
        return String(format: "%.1f ns", nanoseconds)
    }

    static func ratio(of cell: CellKey) -> Double {
        if cell == sampledCell { return 636.0 / 600 }
        let (_, baseline, current) = exactCells.first { $0.0 == cell }!
        return current / baseline
    }

    @Test("the inputs give the verdicts the checks rely on, in the documented order")
    func rowOrder() throws {
        let comparison = try Self.comparison()
        #expect(comparison.rows.map(\.cell) == Self.expectedOrder.map(\.0))
        #expect(comparison.rows.map(\.verdict) == Self.expectedOrder.map(\.1))
        let sampled = try #require(comparison.rows.first { $0.cell == Self.sampledCell })
        #expect(sampled.interval.lower < 1.05 && sampled.interval.upper > 1.05)
    }

    /// The cells a row must show, from the test's own figures; the sampled
    /// cell's interval is the bootstrap's, taken from the row.
    static func expectedCells(_ cell: CellKey, _ verdict: CellVerdict, _ comparison: Comparison) -> [String] {
        let ratio = ratio(of: cell)
        let (lower, upper) =
            cell == sampledCell
            ? comparison.rows.first { $0.cell == cell }.map { ($0.interval.lower, $0.interval.upper) }!
            : (ratio, ratio)
        return [
            cell.description, printed[cell]!.0, printed[cell]!.1, percent(ratio - 1),
            "\(percent(lower - 1)) … \(percent(upper - 1))",
            verdict == .regressed ? "**regressed**" : verdict.rawValue,
        ]
    }

    @Test("Markdown: notable rows in the open, unchanged folded away, every cell, the headline first")
    func markdownTables() throws {
        let comparison = try Self.comparison()
        let header = ["cell", "baseline", "current", "change", "99 % interval", "verdict"]
        let tables = MarkdownTableReader.tables(in: comparison.markdown)
        try #require(tables.count == 2)
        #expect(tables.allSatisfy { $0.header == header })
        let expected = Self.expectedOrder.map { Self.expectedCells($0.0, $0.1, comparison) }
        #expect(tables[0].rows == Array(expected.prefix(4)), "\(tables[0])")
        #expect(tables[1].rows == Array(expected.suffix(2)), "\(tables[1])")
        #expect(comparison.markdown.contains("<details><summary>2 unchanged cells</summary>\n\n| cell |"))
        #expect(comparison.markdown.hasPrefix("### Regression in add.naive.16 (+30 %), add.simd.4Ki (+50 %); "))
        #expect(comparison.markdown.contains("beyond +10 % (axpy 5 %)"))
        #expect(comparison.markdown.contains("Only in the baseline (not compared): subtract.simd.16."))
        #expect(comparison.markdown.contains("Only in the current results (no baseline yet): scale.naive.16."))
        let machine = "Test CPU (2 CPUs, release build for znver3)"
        #expect(comparison.markdown.hasSuffix("Baseline `base.json`: \(machine). Current `pr.json`: \(machine)."))
    }

    @Test("Markdown: a backend name from a file cannot break the table (one writer, cells escaped)")
    func markdownCellsEscaped() throws {
        let cell = CellKey(kernel: .add, backend: "mine|fast", size: 16)
        let machine = SyntheticRuns.machine()
        let comparison = try Comparison(
            baseline: ComparisonInput(
                path: "a.json", measure: .wallClock, machine: machine, observations: [cell: .exact(100)]),
            current: ComparisonInput(
                path: "b.json", measure: .wallClock, machine: machine, observations: [cell: .exact(150)]),
            thresholds: Self.thresholds)
        let table = try #require(MarkdownTableReader.tables(in: comparison.markdown).first)
        #expect(table.header.count == 6)
        #expect(
            table.rows == [["add.mine|fast.16", "100.0 ns", "150.0 ns", "+50 %", "+50 % … +50 %", "**regressed**"]])
        #expect(comparison.markdown.contains("| add.mine\\|fast.16 |"))
    }

    @Test("plain text: the same rows in the same order, column by column")
    func plainTextTable() throws {
        let comparison = try Self.comparison()
        let lines = comparison.plainText.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("cell ") })
        let split = { (line: String) in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        #expect(split(lines[start]) == ["cell", "baseline", "current", "change", "99 % interval", "verdict"])
        let expected = Self.expectedOrder.map {
            Self.expectedCells($0.0, $0.1, comparison).map { $0.replacingOccurrences(of: "**", with: "") }
        }
        #expect(Array(lines[(start + 1)...].prefix(expected.count)).map(split) == expected)
    }

    @Test("JSON: every field's value, rows in the documented order")
    func jsonFields() throws {
        let comparison = try Self.comparison()
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(comparison.json().utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "schema", "verdict", "headline", "exitCode", "measure", "baseline", "current", "defaultThreshold",
                "kernelThresholds", "level", "acrossMachines", "paired", "separateRuns", "rows", "onlyInBaseline",
                "onlyInCurrent",
            ])
        // One run a side: the judgement of separate runs, its shifts and one entry per kernel and backend.
        let separate = try #require(object["separateRuns"] as? [String: Any])
        #expect(Set(separate.keys) == ["shifts", "families"])
        let families = try #require(separate["families"] as? [[String: Any]])
        #expect(families.count == Set(comparison.rows.map { "\($0.cell.kernel).\($0.cell.backend)" }).count)
        #expect(object["schema"] as? String == "springbench.comparison/1")
        #expect(object["verdict"] as? String == "regression")
        #expect(object["headline"] as? String == comparison.headline)
        #expect((object["headline"] as? String)?.hasPrefix("Regression in add.naive.16 (+30 %), add.simd.4Ki") == true)
        #expect(object["exitCode"] as? Int == 1)
        #expect(object["measure"] as? String == ComparisonInput.Measure.wallClock.rawValue)
        #expect(object["baseline"] as? String == "base.json")
        #expect(object["current"] as? String == "pr.json")
        #expect(object["defaultThreshold"] as? Double == 0.10)
        #expect(object["kernelThresholds"] as? [String: Double] == ["axpy": 0.05])
        #expect(object["level"] as? Double == 0.99)
        #expect(object["acrossMachines"] as? Bool == false)
        #expect(object["paired"] as? Bool == false)
        #expect(object["onlyInBaseline"] as? [String] == ["subtract.simd.16"])
        #expect(object["onlyInCurrent"] as? [String] == ["scale.naive.16"])
        let rows = try #require(object["rows"] as? [[String: Any]])
        try #require(rows.count == Self.expectedOrder.count)
        for (row, (cell, verdict)) in zip(rows, Self.expectedOrder) {
            let key = try #require(row["cell"] as? [String: Any])
            #expect(key["kernel"] as? String == cell.kernel.rawValue)
            #expect(key["backend"] as? String == cell.backend)
            #expect(key["size"] as? Int == cell.size)
            let baseline = cell == Self.sampledCell ? 600 : Self.exactCells.first { $0.0 == cell }!.1
            let current = cell == Self.sampledCell ? 636 : Self.exactCells.first { $0.0 == cell }!.2
            #expect(row["baseline"] as? Double == baseline, "\(cell)")
            #expect(row["current"] as? Double == current, "\(cell)")
            #expect(row["threshold"] as? Double == (cell.kernel == .axpy ? 0.05 : 0.10), "\(cell)")
            #expect(row["verdict"] as? String == verdict.rawValue, "\(cell)")
            let interval = try #require(row["interval"] as? [String: Any])
            let ratio = try #require(interval["ratio"] as? Double)
            #expect(abs(ratio - Self.ratio(of: cell)) <= 1e-15 * ratio, "\(cell)")
            if cell == Self.sampledCell {
                #expect(interval["level"] as? Double == 0.99)
                #expect((interval["lower"] as? Double).map { $0 < ratio } == true)
                #expect((interval["upper"] as? Double).map { $0 > 1.05 } == true)
            } else {
                #expect(interval["lower"] as? Double == ratio && interval["upper"] as? Double == ratio, "\(cell)")
                #expect(interval["level"] as? Double == 1, "\(cell)")
            }
        }
    }

    /// `compare-builds`' paired sides: 17 pairs per cell (odd, so each side's
    /// median is one of its samples), current = baseline × the cell's factor in
    /// every pair, so each change and its sign-test interval are that factor.
    @Test("paired (compare-builds): the rows, their order and every cell, and the method named")
    func pairedTable() throws {
        let factors: [(CellKey, Double)] = [
            (CellKey(kernel: .axpy, backend: "simd", size: 16), 0.75),
            (CellKey(kernel: .add, backend: "simd", size: 16), 1.25),
            (CellKey(kernel: .add, backend: "naive", size: 256), 1.02),
            (CellKey(kernel: .add, backend: "naive", size: 16), 1.4),
        ]
        let base = (0..<17).map { 1000 + 10 * Double($0 * 7 % 17) }
        var before: [CellKey: CellObservation] = [:], after: [CellKey: CellObservation] = [:]
        for (cell, factor) in factors {
            before[cell] = .samples(base)
            after[cell] = .samples(base.map { $0 * factor })
        }
        let machine = SyntheticRuns.machine()
        var baseline = ComparisonInput(path: "b.json", measure: .wallClock, machine: machine, observations: before)
        var current = ComparisonInput(path: "c.json", measure: .wallClock, machine: machine, observations: after)
        baseline.pairing = PairingRecord(
            id: "p", role: "baseline", baselineExecutable: "a", currentExecutable: "b", epochs: 1, cpu: 1)
        current.pairing = PairingRecord(
            id: "p", role: "current", baselineExecutable: "a", currentExecutable: "b", epochs: 1, cpu: 1)
        let comparison = try Comparison(baseline: baseline, current: current)
        #expect(comparison.paired)
        let order = [
            (factors[3], CellVerdict.regressed), (factors[1], .regressed), (factors[0], .improved),
            (factors[2], .unchanged),
        ]
        let expected = order.map { entry, verdict -> [String] in
            let (cell, factor) = entry
            let change = Self.percent(factor - 1)
            return [
                cell.description, Self.time(1080), Self.time(1080 * factor), change, "\(change) … \(change)",
                verdict == .regressed ? "**regressed**" : verdict.rawValue,
            ]
        }
        let tables = MarkdownTableReader.tables(in: comparison.markdown)
        try #require(tables.count == 2)
        #expect(tables[0].rows + tables[1].rows == expected, "\(comparison.markdown)")
        #expect(
            comparison.markdown.contains(
                "Paired run (the builds took turns sample by sample, both pinned to CPU 1, 1 epoch of freshly "
                    + "started processes): each change is the median over epochs of the per-pair ratios, with a "
                    + "99 % distribution-free (sign-test) interval over epochs"))
        #expect(!comparison.markdown.contains("Separate runs"))
    }

    /// The order of cells, computed apart from `CellKey`'s own `<`: kernel by
    /// its place in `Kernel.allCases`, then backend name, then size.
    static func independentlyBefore(_ a: CellKey, _ b: CellKey) -> Bool {
        let ka = Kernel.allCases.firstIndex(of: a.kernel)!, kb = Kernel.allCases.firstIndex(of: b.kernel)!
        if ka != kb { return ka < kb }
        if a.backend != b.backend { return a.backend < b.backend }
        return a.size < b.size
    }

    @Test(
        "rows on random cells: by verdict, then kernel, backend, size — in the rows, the plain table and the JSON",
        arguments: 0..<8)
    func rowOrderOnRandomCells(seed: UInt64) throws {
        var random = SplitMix64(seed: 0xC0DE + seed)
        let backends = ["naive", "simd", "openblas", "parallel", "gcc"]
        let sizes = [16, 64, 256, 4096, 1 << 20, 1 << 24]
        var before: [CellKey: CellObservation] = [:], after: [CellKey: CellObservation] = [:]
        for _ in 0..<40 {
            let cell = CellKey(
                kernel: Kernel.allCases.randomElement(using: &random)!,
                backend: backends.randomElement(using: &random)!,
                size: sizes.randomElement(using: &random)!)
            // Exact counts, so each cell's verdict is its change's: +50 %, −50 % or none.
            let change = [1.0, 1.5, 0.5].randomElement(using: &random)!
            before[cell] = .exact(1000)
            after[cell] = .exact(1000 * change)
        }
        let machine = SyntheticRuns.machine()
        let comparison = try Comparison(
            baseline: ComparisonInput(path: "a.json", measure: .wallClock, machine: machine, observations: before),
            current: ComparisonInput(path: "b.json", measure: .wallClock, machine: machine, observations: after),
            thresholds: RegressionThresholds(defaultFraction: 0.10))
        let rank: [CellVerdict: Int] = [.regressed: 0, .inconclusive: 1, .improved: 2, .unchanged: 3]
        let expected = comparison.rows.map { ($0.cell, $0.verdict) }.sorted {
            rank[$0.1]! != rank[$1.1]! ? rank[$0.1]! < rank[$1.1]! : Self.independentlyBefore($0.0, $1.0)
        }
        #expect(comparison.rows.map(\.cell) == expected.map(\.0))
        #expect(Set(comparison.rows.map(\.verdict)).count >= 2, "the seed should mix verdicts")
        // The plain table lists the cells in the same order.
        let listed = comparison.plainText.split(separator: "\n").compactMap { line -> String? in
            let first = String(line.split(separator: " ").first ?? "")
            return expected.contains { $0.0.description == first } ? first : nil
        }
        #expect(listed == expected.map(\.0.description))
        // And so does the JSON.
        let json = try JSONSerialization.jsonObject(with: Data(try comparison.json().utf8)) as? [String: Any]
        let rows = try #require(json?["rows"] as? [[String: Any]])
        #expect(rows.count == expected.count)
    }
}
