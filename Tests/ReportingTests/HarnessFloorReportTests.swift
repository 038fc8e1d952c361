import Benchmarking
import Foundation
import Reporting
import Testing

/// The harness floor in performance.md: the paragraph with each build's floor,
/// and the ‡ mark exactly on the cells within 2× of their own build's floor.
@Suite("performance.md: the harness floor and the cells it marks")
struct HarnessFloorReportTests {
    static func results(ownFloor: Double, otherFloor: Double?) throws -> BenchmarkResults {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/results.json")
        var results = try BenchmarkResults.decodeChecked(Data(contentsOf: url)).get()
        let interval = { (value: Double) in ConfidenceInterval(lower: value * 0.99, upper: value * 1.01, level: 0.95) }
        results.harnessFloor = [
            HarnessFloorMeasurement(
                build: results.machine.targetCPU, nanosecondsPerCall: ownFloor,
                interval: interval(ownFloor))
        ]
        if let otherFloor, let other = results.otherBuilds?.first {
            results.harnessFloor!.append(
                HarnessFloorMeasurement(
                    build: other.machine.targetCPU, nanosecondsPerCall: otherFloor,
                    interval: interval(otherFloor)))
        }
        return results
    }

    /// The ns/element cell of `backend` at `size` in the add table of the own build.
    static func addCell(_ markdown: String, size: String, backend: String) -> String? {
        let table = markdown.components(separatedBy: "### add — ").dropFirst().first ?? ""
        for line in table.split(separator: "\n") where line.hasPrefix("| \(size) |") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if cells.count > 3, cells[2] == backend { return cells[3] }
        }
        return nil
    }

    @Test("cells within 2× of the floor are marked, the others not; the paragraph gives each build's floor")
    func marks() throws {
        // Fixture medians per call at 16 points: naive 8.40 ns, SIMD 9.15, OpenBLAS 31.0, C 17.5.
        let results = try Self.results(ownFloor: 5, otherFloor: 6)
        let markdown = PerformanceReport.render(results).markdown
        #expect(Self.addCell(markdown, size: "16", backend: "naive") == "0.525 ‡")  // 8.40 < 10
        #expect(Self.addCell(markdown, size: "16", backend: "SIMD") == "0.572 ‡")  // 9.15 < 10
        #expect(Self.addCell(markdown, size: "16", backend: "OpenBLAS") == "1.93")  // 31.0 ≥ 10
        #expect(Self.addCell(markdown, size: "16", backend: "*C (yardstick)*") == "*1.10*")  // 17.5 ≥ 10
        #expect(Self.addCell(markdown, size: "16 Mi", backend: "naive") == "1.47")
        #expect(
            markdown.contains(
                "5.00 ns per call for the haswell build [4.95, 5.05]; 6.00 ns per call for the x86-64 (baseline, SSE2) build"
            ))
        #expect(markdown.contains("is marked ‡"))
        // The other build's own floor marks its cells: 10.7 < 12 and 8.63 < 12.
        let other = markdown.components(separatedBy: "## Other builds").dropFirst().first ?? ""
        let naiveRow = other.split(separator: "\n").first { $0.hasPrefix("| add | 16 | naive |") } ?? ""
        #expect(naiveRow.contains("0.669 ‡"), "\(naiveRow)")
    }

    @Test("a floor far below every call marks nothing; without a floor there is no paragraph")
    func noMarks() throws {
        let low = PerformanceReport.render(try Self.results(ownFloor: 0.5, otherFloor: 0.5)).markdown
        #expect(Self.addCell(low, size: "16", backend: "naive") == "0.525")
        var none = try Self.results(ownFloor: 1, otherFloor: nil)
        none.harnessFloor = nil
        let markdown = PerformanceReport.render(none).markdown
        #expect(!markdown.contains("harness floor") && !markdown.contains("‡"))
    }
}
