import Benchmarking
import Foundation
import SpringBenchFiles
import SpringBenchSupport

extension Comparison {
    /// Markdown for a CI job summary: the verdict, how it was judged, then the
    /// table — regressions, inconclusive and improved cells in the open,
    /// unchanged cells folded away.
    public var markdown: String {
        var lines = ["### \(headline)", ""]
        lines.append(methodSentence)
        lines.append("")
        let notable = rows.filter { $0.verdict != .unchanged }
        let unchanged = rows.filter { $0.verdict == .unchanged }
        if !notable.isEmpty {
            lines += markdownTable(notable)
            lines.append("")
        }
        if !unchanged.isEmpty {
            lines.append("<details><summary>\(unchanged.count) unchanged cells</summary>")
            lines.append("")
            lines += markdownTable(unchanged)
            lines.append("")
            lines.append("</details>")
            lines.append("")
        }
        lines += coverageNotes.map { "- \($0)" }
        lines.append("")
        lines.append("Baseline `\(baselinePath)`: \(baselineMachine). Current `\(currentPath)`: \(currentMachine).")
        return lines.joined(separator: "\n")
    }

    /// Plain text for a terminal or a log.
    public var plainText: String {
        var lines = [headline, methodSentence.replacingOccurrences(of: "`", with: ""), ""]
        let header = ["cell", "baseline", "current", "change", intervalHeader, "verdict"]
        let body = rows.map { cells(of: $0).map { $0.replacingOccurrences(of: "**", with: "") } }
        let widths = header.indices.map { column in ([header] + body).map { $0[column].count }.max()! }
        for line in [header] + body {
            lines.append(
                zip(line, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                    .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        lines += coverageNotes
        lines.append("baseline \(baselinePath): \(baselineMachine)")
        lines.append("current  \(currentPath): \(currentMachine)")
        return lines.joined(separator: "\n")
    }

    /// JSON for other tools (schema `springbench.comparison/1`).
    public func json() throws -> String {
        struct Document: Encodable {
            let schema = "springbench.comparison/1"
            let verdict: String
            let headline: String
            let exitCode: Int32
            let measure: String
            let baseline: String
            let current: String
            let defaultThreshold: Double
            let kernelThresholds: [String: Double]
            let level: Double
            let acrossMachines: Bool
            let paired: Bool
            let separateRuns: SeparateRunsJudgement?
            let rows: [Row]
            let onlyInBaseline: [String]
            let onlyInCurrent: [String]
        }
        let document = Document(
            verdict: hasRegression ? "regression" : "no-regression", headline: headline, exitCode: exitCode,
            measure: measure.rawValue, baseline: baselinePath, current: currentPath,
            defaultThreshold: thresholds.defaultFraction, kernelThresholds: thresholds.kernelFractions,
            level: level, acrossMachines: acrossMachines, paired: paired, separateRuns: separateRuns, rows: rows,
            onlyInBaseline: onlyInBaseline.map(\.description), onlyInCurrent: onlyInCurrent.map(\.description))
        return try JSONOutput.string(document)
    }

    var intervalHeader: String {
        measure == .instructions ? "exact" : "\(Self.formatted(100 * level, digits: 0)) % interval"
    }

    var methodSentence: String {
        let overrides = thresholds.kernelFractions.sorted { $0.key < $1.key }
            .map { "\($0.key) \(Self.formatted(100 * $0.value, digits: 0)) %" }
        let threshold =
            "\(Self.formatted(100 * thresholds.defaultFraction, digits: 0)) %"
            + (overrides.isEmpty ? "" : " (\(overrides.joined(separator: ", ")))")
        let how: String
        if measure == .instructions {
            how = "Instruction counts are exact, so each change is a point"
        } else if paired {
            how =
                "Paired run (\(pairingSummary)): each change is the median over epochs of the per-pair ratios, with a \(Self.formatted(100 * level, digits: 0)) % distribution-free (sign-test) interval over epochs"
        } else {
            how =
                "Each change is the ratio of medians with a \(Self.formatted(100 * level, digits: 0)) % bootstrap interval"
        }
        if separateRuns != nil {
            let floor = Self.percent(SeparateRunsJudgement.floorFraction * thresholds.defaultFraction)
            return
                "\(how). Separate runs: each backend and size's shift common to its cells (\(SeparateRunsJudgement.minimumGroup) or more) is taken out and not judged; a kernel on a backend regressed when it is then slower at every size by more than a third of its threshold (\(floor) for +\(Self.formatted(100 * thresholds.defaultFraction, digits: 0)) %) and by more than its threshold on average over its sizes; any other cell whose interval lies wholly beyond +\(threshold) is inconclusive (a candidate: confirm it with `springbench compare-builds`). Measure: \(measure.rawValue)."
        }
        return
            "\(how); a cell regressed only when the whole interval lies beyond +\(threshold), improved when it lies below the mirror limit. Measure: \(measure.rawValue)."
    }

    var pairingSummary: String {
        guard let pairing = baselineInput.pairing else { return "" }
        let cpu = pairing.cpu.map { ", both pinned to CPU \($0)" } ?? ""
        return
            "the builds took turns sample by sample\(cpu), \(pairing.epochs) epoch\(pairing.epochs == 1 ? "" : "s") of freshly started processes"
    }

    var coverageNotes: [String] {
        var notes: [String] = []
        if let separateRuns {
            for family in separateRuns.families where family.regressed {
                let sizes = zip(family.sizes, family.ratios).map { "\(PointCount.format($0)): \(Self.percent($1 - 1))" }
                notes.append(
                    "\(family.kernel.rawValue) on \(family.backend): \(Self.percent(family.meanRatio - 1)) over its sizes after the shifts (\(sizes.joined(separator: ", ")))."
                )
            }
            let shifts = separateRuns.notableShifts(beyond: 0.03).map {
                "\($0.backend) at \(PointCount.format($0.size)) \(Self.percent($0.ratio - 1))"
            }
            notes.append(
                "Separate runs: the intervals cover the sampling noise within each run, not how far a shared machine moves between runs (on the 2-vCPU machine this was built on, the most-slowed cell of two runs of one binary was +23 % in the median pair when quiet and several times slower under load). "
                    + (shifts.isEmpty
                        ? "No backend and size shifted by more than 3 % as a whole."
                        : "Shifts taken out as the machine's (a change to a whole backend looks the same): \(shifts.joined(separator: ", ")).")
                    + " To gate on timings, time both builds side by side with `springbench compare-builds`.")
        } else if measure != .instructions, !paired {
            notes.append(
                "Several runs a side: each interval resamples the runs, so it covers how far the machine moved between them."
            )
        }
        if acrossMachines {
            notes.append(
                "Machines differ: compared as fractions of each run's own probe bandwidth, not absolute times.")
        }
        if !onlyInBaseline.isEmpty {
            notes.append(
                "Only in the baseline (not compared): \(onlyInBaseline.map(\.description).joined(separator: ", ")).")
        }
        if !onlyInCurrent.isEmpty {
            notes.append(
                "Only in the current results (no baseline yet): \(onlyInCurrent.map(\.description).joined(separator: ", "))."
            )
        }
        return notes
    }

    func cells(of row: Row) -> [String] {
        let interval =
            measure == .instructions
            ? "—"
            : "\(Self.percent(row.interval.lower - 1)) … \(Self.percent(row.interval.upper - 1))"
        return [
            row.cell.description,
            baselineInput.formatted(row.baseline, cell: row.cell),
            currentInput.formatted(row.current, cell: row.cell),
            Self.percent(row.interval.change),
            interval,
            row.verdict == .regressed ? "**regressed**" : row.verdict.rawValue,
        ]
    }

    func markdownTable(_ rows: [Row]) -> [String] {
        var table = MarkdownTable([
            ("cell", .left), ("baseline", .right), ("current", .right), ("change", .right), (intervalHeader, .right),
            ("verdict", .left),
        ])
        for row in rows { table.append(cells(of: row)) }
        return table.lines
    }
}
