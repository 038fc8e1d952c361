import Benchmarking
import Foundation
import ResultsHistory
import Testing
import _ResultsTestSupport

/// history.md's plots: each step's dashed line stands on the first commit of
/// the new level — at the same x on screen as that commit's point of the
/// series, for exact counts and for times, wherever the step falls.
@Suite("history.md plots: a step's line stands on the step's commit")
struct HistoryPlotTests {
    /// The screen points of an SVG path's `d` ("M x y L x y …").
    static func points(_ d: String) -> [(Double, Double)] {
        let numbers = d.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    @Test("counts change at commits 3 and 7, a time level at commit 9: each line at its commit's x", arguments: [3, 9])
    func lineOnStepCommit(_ timedStep: Int) throws {
        let counts: [Double] = [100, 100, 100, 130, 130, 130, 130, 90, 90, 90, 90, 90]
        let times = (0..<12).map { (($0 < timedStep ? 100.0 : 125.0) * (1 + ($0 % 2 == 0 ? 2e-4 : -2e-4))) }
        let key = CellKey(kernel: .add, backend: "simd", size: 4096)
        let counted = HistorySeries(
            machine: "b-box", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64",
            kind: .instructions)
        let timed = HistorySeries(
            machine: "a-box", toolchain: "Swift 6.3", configuration: "release", targetCPU: "znver3", kind: .time)
        let document = HistoryReport.render([
            (
                key,
                [
                    counted: HistoryReportTests.values(counts, tag: "n"),
                    timed: HistoryReportTests.values(times, tag: "t"),
                ]
            )
        ])
        let attachment = try #require(document.attachments.values.first)
        let svg = try #require(SVGInspector.parse(attachment))
        let series = svg.elements(named: "path", class: "series").map { Self.points($0.attributes["d"] ?? "") }
        try #require(series.count == 2 && series.allSatisfy { $0.count == 12 })
        let lines = svg.elements(named: "path", class: "reference").map { Self.points($0.attributes["d"] ?? "") }
        // Every series has its points at the same x per commit; the lines are at commits 3, 7 and the timed step.
        let commitX = series[0].map(\.0)
        #expect(series[1].map(\.0) == commitX)
        let lineX = lines.map { line in line.first!.0 }
        #expect(lines.allSatisfy { $0.count == 2 && $0[0].0 == $0[1].0 })
        #expect(Set(lineX) == Set([commitX[3], commitX[7], commitX[timedStep]]), "\(lineX) vs \(commitX)")
    }
}
