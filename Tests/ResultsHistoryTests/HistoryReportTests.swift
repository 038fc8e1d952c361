import Benchmarking
import Foundation
import ResultsHistory
import Testing

/// history.md line by line: each cell's section in the order given, its
/// series sorted by name, every step with its own sign, size, commit and
/// unit — from histories whose steps the test placed.
@Suite("history.md, every step line")
struct HistoryReportTests {
    static func values(_ numbers: [Double], tag: String) -> [HistoryCellValue] {
        numbers.enumerated().map { index, value in
            HistoryCellValue(
                commit: "\(tag)\(index)" + String(repeating: "f", count: 30), branch: "main", value: value, lower: nil,
                upper: nil)
        }
    }

    static let timed = HistorySeries(
        machine: "a-box", toolchain: "Swift 6.3", configuration: "release", targetCPU: "znver3", kind: .time)
    static let counted = HistorySeries(
        machine: "b-box", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64", kind: .instructions)

    @Test("sections in the order given, series by name, each step's sign, size, commit and unit")
    func stepLines() {
        // Ten commits at 100 ns, ten at 110 (a ±0.02 % wobble); counts 100, 100, 120, 120, 90.
        let wobble = (0..<20).map { (($0 < 10 ? 100.0 : 110.0) * (1 + ($0 % 2 == 0 ? 2e-4 : -2e-4))) }
        let add = CellKey(kernel: .add, backend: "simd", size: 4096)
        let axpy = CellKey(kernel: .axpy, backend: "naive", size: 16)
        let histories: [(CellKey, [HistorySeries: [HistoryCellValue]])] = [
            (
                axpy,
                [
                    Self.counted: Self.values([100, 100, 120, 120, 90], tag: "cnt"),
                    Self.timed: Self.values(wobble, tag: "tim"),
                ]
            ),
            (add, [Self.timed: Self.values(Array(repeating: 50, count: 6), tag: "flat")]),
        ]
        let markdown = HistoryReport.render(histories).markdown
        let body = markdown.components(separatedBy: "\n## ").dropFirst().map { section in
            section.split(separator: "\n").filter { !$0.hasPrefix("![") }.map(String.init)
        }
        let commit = { (tag: String, index: Int) in String("\(tag)\(index)ffffffffff".prefix(10)) }
        #expect(
            body == [
                [
                    "axpy.naive.16",
                    "- \(Self.timed): step +10.0 % at \(commit("tim", 10)) (ns per call)",
                    "- \(Self.counted): step +20.0 % at \(commit("cnt", 2)) (instructions per call)",
                    "- \(Self.counted): step -25.0 % at \(commit("cnt", 4)) (instructions per call)",
                ],
                ["add.simd.4Ki", "No step detected."],
            ], "\(markdown)")
    }
}
