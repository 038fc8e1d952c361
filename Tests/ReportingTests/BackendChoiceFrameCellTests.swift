import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport
import _TestSupport

/// backend-choice.md's "What fits in a 120 Hz frame" read back cell by cell,
/// against figures the test derives from its own workload model (the report's
/// formatting helpers only format).
///
/// Workloads, backends and sizes are given out of order (the table sorts by
/// workload, then backend name). Each workload × backend lands in a regime of
/// its own — every size fits (extrapolated), none fits (scaled down from the
/// smallest), the budget between two sizes (interpolated), and one size over
/// budget with a larger one under it again (the fitting run ends at the first
/// size over) — and every frame time carries its workload, backend and size
/// index, so a figure from a neighbouring row or size reads as another value.
@Suite("backend-choice.md's frame budget cell by cell")
struct BackendChoiceFrameCellTests {
    static let workloadNames = ["spring-step", "spring-frame"]
    static let backends = ["simd", "openblas", "naive"]
    static let sizes = [65_536, 256, 1 << 22, 4096, 1 << 20, 16]
    static let displayNames = ["naive": "naive", "simd": "SIMD", "openblas": "OpenBLAS"]
    static let budget = 1e9 / 120

    static let base: [String: Double] = [
        "spring-frame/naive": 1.0,  // 4 Mi at 1.5 ns/point: 6.3 ms, every size fits
        "spring-frame/openblas": 2.0,  // over between 1 Mi and 4 Mi
        "spring-frame/simd": 2.5,  // but 1000× at 4 Ki: over there, under again from 64 Ki
        "spring-step/naive": 600_000,  // 16 points already take 9.6 ms
        "spring-step/openblas": 300,  // over between 4 Ki and 64 Ki
        "spring-step/simd": 30,  // over between 64 Ki and 1 Mi
    ]

    /// ns per point per frame.
    static func perPoint(_ workload: String, _ backend: String, _ size: Int) -> Double {
        let s = Double(sizes.sorted().firstIndex(of: size)!)
        let b = Double(backends.firstIndex(of: backend)!)
        let w = Double(workloadNames.firstIndex(of: workload)!)
        let spike = workload == "spring-frame" && backend == "simd" && size == 4096 ? 1000.0 : 1
        return base["\(workload)/\(backend)"]! * (1 + 0.1 * s + 0.01 * b + 0.001 * w) * spike
    }

    static func frameTime(_ workload: String, _ backend: String, _ size: Int) -> Double {
        perPoint(workload, backend, size) * Double(size)
    }

    static let workloads: [WorkloadMeasurement] = workloadNames.flatMap { workload in
        backends.flatMap { backend in
            sizes.map { size in
                let median = frameTime(workload, backend, size)
                return WorkloadMeasurement(
                    workload: workload, backend: backend, size: size, iterationsPerSample: 1, samples: [median],
                    summary: SampleSummary(
                        count: 1, median: median, p10: median, p90: median, minimum: median, maximum: median, mad: 0,
                        medianInterval: ConfidenceInterval(lower: median, upper: median, level: 0.95)),
                    nanosecondsPerElement: perPoint(workload, backend, size), allocationsPerOperation: 0)
            }
        }
    }

    static func results(otherBuild: Bool = false, workloads: [WorkloadMeasurement] = workloads) -> BenchmarkResults {
        var results = SyntheticResults.make(
            kernels: [.add], backends: ["naive", "simd", "openblas"], sizes: [16, 4096], withWorkloads: false)
        results.workloads = workloads
        if otherBuild {
            var machine = results.machine
            machine.targetCPU = "x86-64 (baseline, SSE2)"
            let other = SyntheticResults.make(
                kernels: [.add], backends: ["naive", "simd", "openblas"], sizes: [16, 4096], withWorkloads: false
            ) { kernel, backend, size in 2 * SyntheticResults.defaultModel(kernel, backend, size) }
            results.otherBuilds = [BuildMeasurements(machine: machine, measurements: other.measurements)]
        }
        return results
    }

    static let header = [
        "Workload", "Backend", "Largest measured N that fits", "Frame time there", "Largest N that fits",
    ]

    /// The rows and the regime of each, computed here: sorted by workload and backend name; the
    /// fitting sizes are those below the first size over budget; the count interpolates linearly in
    /// N between that size and the one before, or scales the smallest or largest size.
    static func expected() -> (rows: [[String]], regimes: [String]) {
        var rows: [[String]] = []
        var regimes: [String] = []
        for workload in workloadNames.sorted() {
            for backend in backends.sorted() {
                let points = sizes.sorted().map { (size: $0, time: frameTime(workload, backend, $0)) }
                let firstOver = points.firstIndex { $0.time > budget }
                let fitting = points[..<(firstOver ?? points.count)]
                let count: Double
                let regime: String
                if let over = firstOver, over == 0 {
                    count = Double(points[0].size) * budget / points[0].time
                    regime = "none"
                } else if let over = firstOver {
                    let (low, high) = (points[over - 1], points[over])
                    count =
                        Double(low.size) + (budget - low.time) / (high.time - low.time)
                        * Double(high.size - low.size)
                    regime =
                        points[over...].contains { $0.time <= budget } ? "interpolated, fits again" : "interpolated"
                } else {
                    count = Double(points.last!.size) * budget / points.last!.time
                    regime = "extrapolated"
                }
                regimes.append(regime)
                rows.append([
                    workload, displayNames[backend]!,
                    fitting.last.map { NumberFormatting.size($0.size) + (firstOver == nil ? " (all fit)" : "") }
                        ?? "none (smallest, \(NumberFormatting.size(points[0].size)), does not)",
                    fitting.last.map { NumberFormatting.significant($0.time / 1e6) + " ms" } ?? "—",
                    "≈ " + NumberFormatting.approximateSize(count)
                        + (regime == "extrapolated" ? " (extrapolated)" : ""),
                ])
            }
        }
        return (rows, regimes)
    }

    static func frameSection(_ markdown: String) -> [Substring] {
        markdown.markdownSection("## What fits in a 120 Hz frame")
    }

    @Test("the model has every regime: extrapolated, interpolated, fits again above a size over, none")
    func modelShape() {
        #expect(
            Self.expected().regimes == [
                "extrapolated", "interpolated", "interpolated, fits again", "none", "interpolated", "interpolated",
            ])
    }

    @Test("one build: the section holds one table, rows by workload then backend name, every cell from its own row")
    func oneBuild() throws {
        let markdown = BackendChoiceReport.render(Self.results()).markdown
        let section = Self.frameSection(markdown)
        try #require(!section.isEmpty, "\(markdown)")
        #expect(!section.contains { $0.hasPrefix("Measured with") })
        let tables = MarkdownTableReader.tables(in: section.joined(separator: "\n"))
        try #require(tables.count == 1, "\(section)")
        #expect(tables[0].header == Self.header)
        #expect(tables[0].rows == Self.expected().rows, "\(tables[0])")
        // Only this section has the table, and it comes before the method and the evidence.
        #expect(MarkdownTableReader.tables(in: markdown).filter { $0.header == Self.header }.count == 1)
        let headings = markdown.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(
            Array(headings.prefix(4)) == [
                "## Per kernel and size range", "## What fits in a 120 Hz frame", "## How the verdicts are made",
                "## Evidence per kernel",
            ])
    }

    @Test("two builds: once, named by the sweep's own build, with the same rows")
    func twoBuilds() throws {
        let markdown = BackendChoiceReport.render(Self.results(otherBuild: true)).markdown
        let section = Self.frameSection(markdown)
        try #require(!section.isEmpty, "\(markdown)")
        #expect(section.contains("Measured with `-target-cpu znver3`."), "\(section)")
        #expect(!section.contains { $0.contains("SwiftPM's default flags") })
        let tables = MarkdownTableReader.tables(in: section.joined(separator: "\n"))
        try #require(tables.count == 1, "\(section)")
        #expect(tables[0].header == Self.header)
        #expect(tables[0].rows == Self.expected().rows, "\(tables[0])")
        #expect(MarkdownTableReader.tables(in: markdown).filter { $0.header == Self.header }.count == 1)
    }

    @Test("no workloads: no section and no table")
    func noWorkloads() {
        let markdown = BackendChoiceReport.render(Self.results(workloads: [])).markdown
        #expect(Self.frameSection(markdown).isEmpty)
        #expect(!MarkdownTableReader.tables(in: markdown).contains { $0.header == Self.header })
    }
}
