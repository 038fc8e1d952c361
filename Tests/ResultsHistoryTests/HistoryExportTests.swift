import Benchmarking
import Foundation
import Reporting
import ResultsHistory
import Testing
import _ResultsTestSupport

/// `history export`: a history's cells at one commit in each format, checked
/// with the same format checks as `bench`'s exports (ExportFormatTests).
@Suite struct HistoryExportTests {
    static let fast = HistorySeries(
        machine: "runner-1", toolchain: "Swift 6.3", configuration: "release", targetCPU: "znver4", kind: .time)
    static let other = HistorySeries(
        machine: "runner-2", toolchain: "Swift 6.3", configuration: "release", targetCPU: "haswell", kind: .time)
    static let counts = HistorySeries(
        machine: "runner-1", toolchain: "Swift 6.3", configuration: "release", targetCPU: "znver4",
        kind: .instructions)

    static let add = CellKey(kernel: .add, backend: "simd", size: 4096)
    static let axpy = CellKey(kernel: .axpy, backend: "naive", size: 16)

    static func value(_ commit: String, _ value: Double, interval: Bool = true) -> HistoryCellValue {
        HistoryCellValue(
            commit: commit, branch: "main", value: value, lower: interval ? value * 0.98 : nil,
            upper: interval ? value * 1.03 : nil)
    }

    static let histories: [(CellKey, [HistorySeries: [HistoryCellValue]])] = [
        (add, [fast: [value("c1", 1000), value("c2", 1100)], counts: [value("c2", 5000, interval: false)]]),
        (axpy, [fast: [value("c1", 20), value("c2", 21)]]),
    ]

    @Test("One series: plain names, the commit's medians and intervals, ns/element and GB/s derived exactly")
    func oneSeries() throws {
        let cells = HistoryExport.cells(at: "c2", histories: Self.histories)
        #expect(cells.map(\.name) == ["add.simd.4Ki", "axpy.naive.16"])
        let add = try #require(cells.first)
        #expect(add.median == 1100 && add.intervalLower == 1100 * 0.98 && add.intervalUpper == 1100 * 1.03)
        #expect(add.intervalLevel == 0.95)
        #expect(add.nanosecondsPerElement == 1100.0 / 4096)
        #expect(add.gigabytesPerSecond == Double(Kernel.add.bytesPerElement * 4096) / 1100)
        #expect(add.samples.isEmpty && add.p10.isNaN && add.fractionOfCeiling.isNaN)
        #expect(add.targetCPU == "znver4" && add.buildConfiguration == "release")
        // The older commit's values, not the newest's.
        #expect(HistoryExport.cells(at: "c1", histories: Self.histories).first?.median == 1000)
        // Instruction counts are not time: a commit with only counts exports nothing.
        let countsOnly: [(CellKey, [HistorySeries: [HistoryCellValue]])] = [
            (Self.add, [Self.counts: [Self.value("c3", 7000, interval: false)]])
        ]
        #expect(HistoryExport.cells(at: "c3", histories: countsOnly).isEmpty)
    }

    @Test("Several series: each name suffixed with its machine, target and configuration, all unique")
    func severalSeries() throws {
        var histories = Self.histories
        histories[0].1[Self.other] = [Self.value("c2", 1500)]
        let cells = HistoryExport.cells(at: "c2", histories: histories)
        #expect(
            Set(cells.map(\.name)) == [
                "add.simd.4Ki@runner-1/znver4/release", "add.simd.4Ki@runner-2/haswell/release",
                "axpy.naive.16@runner-1/znver4/release",
            ])
        for format in [ExportFormat.csv, .bencher, .githubActionBenchmark] {
            _ = try Export.render(cells, as: format)
        }
    }

    @Test("Each format passes its published-format check; nothing that is not finite is written")
    func formats() throws {
        let cells = HistoryExport.cells(at: "c2", histories: Self.histories)
        let bencher = try Export.render(cells, as: .bencher)
        let bencherDocument = try JSONSerialization.jsonObject(with: Data(bencher.utf8))
        #expect(BencherCheck.problems(bencherDocument).isEmpty, "\(BencherCheck.problems(bencherDocument))")
        let latency = try JSONDecoder().decode([String: [String: [String: Double]]].self, from: Data(bencher.utf8))
        #expect(latency["add.simd.4Ki"]?["latency"] == ["value": 1100, "lower_value": 1078, "upper_value": 1133])

        let action = try Export.render(cells, as: .githubActionBenchmark)
        let actionDocument = try JSONSerialization.jsonObject(with: Data(action.utf8))
        #expect(
            ActionBenchmarkCheck.problems(actionDocument).isEmpty, "\(ActionBenchmarkCheck.problems(actionDocument))")
        #expect(!action.contains("nan") && !action.contains("inf") && !action.contains("(?)"), "\(action)")

        let csv = try #require(RFC4180.parse(try Export.render(cells, as: .csv)))
        #expect(csv.first == CellsCSVHeader.names)
        let median = try #require(CellsCSVHeader.names.firstIndex(of: "median_ns"))
        let p10 = try #require(CellsCSVHeader.names.firstIndex(of: "p10_ns"))
        #expect(csv.dropFirst().map { $0[median] } == ["1100.0", "21.0"])
        #expect(csv.dropFirst().allSatisfy { $0[p10].isEmpty }, "a history keeps no percentiles")
    }

    @Test("A cell's ratio to its same-rounds reference (schema v2) is exported in the relative columns")
    func ratiosAreExported() throws {
        let ratio = HistoryRatio(reference: "gcc", median: 1.25, lower: 1.2, upper: 1.3)
        var withRatio = Self.value("c2", 1100)
        withRatio.relative = ratio
        let histories: [(CellKey, [HistorySeries: [HistoryCellValue]])] = [
            (Self.add, [Self.fast: [withRatio]]), (Self.axpy, [Self.fast: [Self.value("c2", 21)]]),
        ]
        let cells = HistoryExport.cells(at: "c2", histories: histories)
        #expect(cells.map(\.relative) == [ratio, nil])
        let csv = try #require(RFC4180.parse(try Export.render(cells, as: .csv)))
        let columns = ["relative_to", "relative_median", "relative_lower", "relative_upper"].map {
            CellsCSVHeader.names.firstIndex(of: $0)
        }
        let rows = csv.dropFirst().map { row in columns.map { $0.map { row[$0] } ?? "missing" } }
        #expect(rows == [["gcc", "1.25", "1.2", "1.3"], ["", "", "", ""]])
    }

    @Test("Commit prefixes: 7 or more characters name a recorded commit; fewer only an exact id")
    func commitPrefixes() {
        func run(_ commit: String, _ id: Int64) -> HistoryRun {
            HistoryRun(id: id, commit: commit, branch: nil, series: Self.fast, recordedAt: "", cells: 1)
        }
        let runs = [run("abcdef0123", 1), run("abcdef0999", 2), run("abcdef0123", 3), run("c2", 4)]
        #expect(HistoryExport.commits(matching: "abcdef0", in: runs) == ["abcdef0123", "abcdef0999"])
        #expect(HistoryExport.commits(matching: "abcdef01", in: runs) == ["abcdef0123"])
        #expect(HistoryExport.commits(matching: "abcdef", in: runs).isEmpty)
        #expect(HistoryExport.commits(matching: "c2", in: runs) == ["c2"])
        #expect(HistoryExport.newestCommit(in: runs) == "c2")
    }
}
