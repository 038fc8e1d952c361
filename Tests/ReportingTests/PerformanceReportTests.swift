import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport

@Suite("performance.md: headline figures, tables, plots, probe, machine")
struct PerformanceReportTests {
    let results = SyntheticResults.make()
    var report: ReportDocument { PerformanceReport.render(results) }

    @Test("The report opens with the headline figures held to issue 5's bars")
    func headline() {
        let markdown = report.markdown
        #expect(markdown.hasPrefix("# Vector kernel performance\n"))
        let firstSection = markdown.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(firstSection == "## Headline figures")
        let headline = markdown.markdownSection("## Headline figures").joined(separator: "\n")
        // SIMD 0.12 vs naive 0.95 ns/element at 4 Ki.
        #expect(headline.contains("| magnitudeSquared: SIMD speed-up over naive at N = 4 Ki | 7.92× | ≥ 5× | yes |"))
        // In-place add at 16 Mi: SIMD 1.0 ns/element → 24 GB/s of the probe's 30.
        #expect(
            headline.contains(
                "| add-inplace: best fraction of its ceiling at N = 16 Mi | 80.0 % (SIMD, 24.0 GB/s) | ≥ 90 % at 16 Mi | **no** |"
            ))
        // OpenBLAS pays 30 ns per call: its best ratio ≤ 64 Ki is at 64 Ki.
        #expect(
            headline.contains(
                "| add: SIMD speed relative to OpenBLAS, worst N ≤ 64 Ki | 1.00× at N = 64 Ki | ≥ 0.95× | yes |"))
        #expect(
            headline.contains("| In-place and reused-destination kernels: most allocations per call | 0 | 0 | yes |"))
        #expect(headline.contains("| add-alloc: allocations per call (for contrast) | 1 |"))
        // Workload: 2 ns/point → 8.33 ms fits 1 Mi (2.1 ms), not 16 Mi (33.6 ms).
        #expect(headline.contains("| spring-closed-form | SIMD | 1 Mi | 2.10 ms | ≈ 3.97 Mi |"))
    }

    @Test("Every kernel × backend × size has a row in its kernel's table")
    func everyCellInTables() {
        let markdown = report.markdown
        for kernel in SyntheticResults.kernels {
            let section = markdown.markdownSection("### \(kernel.rawValue) — ")
            #expect(!section.isEmpty, "no table for \(kernel.rawValue)")
            let rows = section.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| N ") }
            #expect(rows.count == SyntheticResults.sizes.count * SyntheticResults.backends.count)
            for size in SyntheticResults.sizes {
                for backend in SyntheticResults.backends {
                    let prefix = "| \(NumberFormatting.size(size)) | — | \(results.machine.displayName(of: backend)) | "
                    #expect(rows.contains { $0.hasPrefix(prefix) }, "\(kernel.rawValue) lacks \(prefix)")
                }
            }
        }
        #expect(markdown.contains("| 4 Ki | — | SIMD | 0.200 | 0.194–0.210 | 120 | 400 % | 0 |"))
    }

    @Test("One log–log plot per kernel with a path per backend and the bandwidth limit, and one bar chart")
    func plots() throws {
        let attachments = report.attachments
        #expect(attachments.count == SyntheticResults.kernels.count + 1)
        for kernel in SyntheticResults.kernels {
            let path = "plots/performance-\(kernel.rawValue).svg"
            let svg = try #require(attachments[path].flatMap(SVGInspector.parse), "\(path) missing or malformed")
            #expect(report.markdown.contains("](\(path))"))
            #expect(svg.elements(named: "path", class: "series").count == SyntheticResults.backends.count)
            let references = svg.elements(named: "path", class: "reference").map(\.text)
            #expect(references.contains { $0.hasPrefix("bandwidth limit (\(kernel.bytesPerElement) B ÷ ") })
            #expect(
                svg.elements(named: "text", class: "tick-x").map(\.text) == [
                    "16", "256", "4 Ki", "64 Ki", "1 Mi", "16 Mi",
                ])
            for label in svg.elements(named: "text", class: "tick-y").map(\.text) {
                let value = try #require(Double(label))
                let mantissa = value / pow(10, log10(value).rounded(.down))
                #expect([1, 2, 5].contains { abs(mantissa - $0) < 1e-9 }, "y tick \(label)")
            }
        }
        let bars = try #require(attachments["plots/performance-bandwidth.svg"].flatMap(SVGInspector.parse))
        #expect(bars.elements(named: "path", class: "series").count == SyntheticResults.backends.count)
        #expect(bars.elements(named: "path", class: "reference").count == 2)
    }

    @Test("The probe table lists every pattern, and the machine record closes the report")
    func probeAndMachine() {
        let probe = report.markdown.markdownSection("## Bandwidth probe").joined(separator: "\n")
        for pattern in ProbePattern.allCases {
            #expect(probe.contains("| `\(pattern.rawValue)` | \(pattern.bytesPerElement) |"))
        }
        #expect(probe.contains("| `triad-inplace` | 24 | 30.0 | 28.0 | add-inplace, subtract-inplace, axpy |"))
        expectMachineRecord(in: report.markdown, results.machine)
    }

    @Test("Rendering is pure: the same results give the same document")
    func deterministic() {
        #expect(PerformanceReport.render(results) == PerformanceReport.render(results))
        #expect(BackendChoiceReport.render(results) == BackendChoiceReport.render(results))
    }
}

@Suite("performance.md: the C yardstick")
struct YardstickReportTests {
    /// Synthetic results with a C cell per kernel and size whose samples are
    /// the best backend's divided by `speedOfC` (round by round), so the
    /// ratio of every row is known: `speedOfC` < 1 makes C slower.
    func results(speedOfC: (Kernel, Int) -> Double) -> BenchmarkResults {
        var results = SyntheticResults.make(
            kernels: [.add, .magnitudeSquared], sizes: [16, 4096], withWorkloads: false)
        var yardstick: [KernelMeasurement] = []
        for index in results.measurements.indices {
            let samples = (0..<15).map { results.measurements[index].summary.median * (1 + 0.01 * Double($0 % 3)) }
            results.measurements[index].samples = samples
        }
        for kernel in [Kernel.add, .magnitudeSquared] {
            for size in [16, 4096] {
                let cells = results.measurements.filter { $0.kernel == kernel && $0.size == size }
                var c = cells.min { $0.summary.median < $1.summary.median }!
                c.backend = "c"
                c.samples = c.samples.map { $0 / speedOfC(kernel, size) }
                c.summary = SampleStatistics.summarize(c.samples)
                c.nanosecondsPerElement = c.summary.median / Double(size)
                yardstick.append(c)
            }
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: yardstick)
        return results
    }

    @Test("the headline counts the slower cells and names them; the section has a row per cell; tables gain C rows")
    func yardstickRendering() {
        // The best backend takes 1.25× C's time for add at 16 points, 0.8× elsewhere.
        let markdown = PerformanceReport.render(results { kernel, size in kernel == .add && size == 16 ? 1.25 : 0.8 })
            .markdown
        let headline = markdown.markdownSection("## Headline figures").joined(separator: "\n")
        #expect(headline.contains("in **1 of 4** kernel and size cells"))
        #expect(headline.contains(": add at 16."))
        let section = markdown.markdownSection("## Against C")
        let rows = section.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Kernel ") }
        #expect(rows.count == 4)
        #expect(rows.filter { $0.contains("**slower**") }.count == 1)
        #expect(rows.first { $0.hasPrefix("| add | 16 |") }?.contains("**slower**") == true)
        #expect(rows.filter { $0.contains("| faster |") }.count == 3)
        let addTable = markdown.markdownSection("### add — ")
        #expect(addTable.filter { $0.contains("*C (yardstick)*") }.count == 2)
    }

    /// The split section's rows when naive's add-alloc takes `allocating` ns
    /// longer than C's in every round and its add `reused` ns longer.
    func splitRows(allocating: Double, reused: Double) -> [Substring] {
        var results = SyntheticResults.make(
            kernels: [.add, .addAllocating], backends: ["naive"], sizes: [16], withWorkloads: false)
        var yardstick: [KernelMeasurement] = []
        for index in results.measurements.indices {
            let c = (0..<15).map { 4e6 + Double($0 % 4) * 10 }
            let gap = results.measurements[index].kernel == .addAllocating ? allocating : reused
            var cell = results.measurements[index]
            cell.backend = "c"
            cell.samples = c
            cell.summary = SampleStatistics.summarize(c)
            yardstick.append(cell)
            results.measurements[index].samples = c.map { $0 + gap }
            results.measurements[index].summary = SampleStatistics.summarize(results.measurements[index].samples)
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: yardstick)
        let section = PerformanceReport.render(results).markdown.markdownSection(
            "### The allocating add: the loop or the allocation?")
        #expect(section.contains { $0.contains("Guides/MachineFacts.md") })
        return section.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| N ") }
    }

    @Test(
        "the allocating add's split: a row per size with both gaps, their intervals and the allocation's excess, each in a unit that suits it"
    )
    func allocationSplitRendering() {
        #expect(
            splitRows(allocating: 30, reused: -2) == [
                "| 16 | naive | +30.0 ns [+30.0, +30.0] | −2.00 ns [−2.00, −2.00] | +32.0 ns |"
            ])
        #expect(
            splitRows(allocating: -3_273_860, reused: -9_768)
                == ["| 16 | naive | −3.27 ms [−3.27, −3.27] | −9.77 µs [−9.77, −9.77] | −3.26 ms |"])
    }

    @Test("no yardstick, no section and no C rows")
    func withoutYardstick() {
        let markdown = PerformanceReport.render(SyntheticResults.make(withWorkloads: false)).markdown
        #expect(!markdown.contains("## Against C"))
        #expect(!markdown.contains("C (yardstick)"))
    }
}
