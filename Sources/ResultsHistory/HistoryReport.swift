import Benchmarking
import Foundation
import Reporting

/// `Reports/history.md`: one trend per kernel × backend × size, a line per
/// series (machine and build), each detected step a dashed vertical line.
public enum HistoryReport {
    /// The steps of one series: exact for instruction counts, the change-point method for times.
    public static func steps(_ values: [HistoryCellValue], kind: HistoryKind, detector: StepDetector) -> [HistoryStep] {
        let numbers = values.map(\.value)
        return kind == .instructions ? StepDetector.exactSteps(numbers) : detector.timedSteps(numbers)
    }

    /// The report and its plots, from every cell's history.
    public static func render(
        _ histories: [(CellKey, [HistorySeries: [HistoryCellValue]])], detector: StepDetector = StepDetector()
    ) -> ReportDocument {
        var markdown = """
            # Results history

            One plot per kernel × backend × size, one line per machine and build, commits in the order
            they were recorded. A dashed vertical line marks a detected step (instruction counts: every
            change; times: the change-point method of Guides/History.md). Written by `springbench history report`.


            """
        var attachments: [String: String] = [:]
        for (cell, bySeries) in histories {
            var series: [PlotSeries] = []
            var marks: [PlotReferenceLine] = []
            var lines: [String] = []
            for (key, values) in bySeries.sorted(by: { $0.key < $1.key }) {
                let unit = key.kind == .instructions ? "instructions per call" : "ns per call"
                series.append(
                    PlotSeries(
                        name: "\(key.machine) \(key.targetCPU) (\(key.kind.rawValue))",
                        values.enumerated().map { (x: Double($0.offset + 1), y: $0.element.value) }))
                for step in steps(values, kind: key.kind, detector: detector) {
                    let label = String(
                        format: "step %+.1f %% at %@", (step.ratio - 1) * 100,
                        String(values[step.index].commit.prefix(10)))
                    marks.append(.vertical(label, x: Double(step.index + 1)))
                    lines.append("- \(key): \(label) (\(unit))")
                }
            }
            let name = "plots/history-\(cell.kernel.rawValue)-\(cell.backend)-\(cell.size).svg"
            let plot = LinePlot(
                title: "\(cell): history", xAxis: PlotAxis(title: "commit (order recorded)"),
                yAxis: PlotAxis(title: bySeries.keys.contains { $0.kind == .time } ? "ns per call" : "per call"),
                series: series, referenceLines: marks)
            attachments[name] = plot.svg()
            markdown += "## \(cell)\n\n![\(cell) history](\(name))\n\n"
            markdown += lines.isEmpty ? "No step detected.\n\n" : lines.joined(separator: "\n") + "\n\n"
        }
        return ReportDocument(path: "history.md", markdown: markdown, attachments: attachments)
    }
}
