import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport

/// The parts of the reports that say what state was measured, how close to
/// the ceiling, and for which build: rendered from results whose answers are
/// known by construction.
@Suite("Reports: builds, cache check and ceilings")
struct BuildsAndChecksReportTests {
    /// Synthetic results (target CPU znver3) plus SwiftPM's default build, in
    /// which OpenBLAS is 2× faster than everything else for every kernel.
    static func twoBuilds() -> BenchmarkResults {
        var results = SyntheticResults.make(kernels: [.add, .axpy], withWorkloads: false)
        var machine = results.machine
        machine.targetCPU = "x86-64 (baseline, SSE2)"
        let other = SyntheticResults.make(kernels: [.add, .axpy], withWorkloads: false) { _, backend, _ in
            backend == "openblas" ? 0.5 : 1.0
        }
        results.otherBuilds = [BuildMeasurements(machine: machine, measurements: other.measurements)]
        return results
    }

    @Test("backend-choice.md answers per build, SwiftPM's default build first, each from its own measurements")
    func recommendationPerBuild() throws {
        let markdown = BackendChoiceReport.render(Self.twoBuilds()).markdown
        let paragraphs = markdown.components(separatedBy: "\n\n")
        let defaultAnswer = try #require(
            paragraphs.firstIndex { $0.hasPrefix("**Built with SwiftPM's default flags (x86-64 baseline, SSE2)**") })
        let targetAnswer = try #require(paragraphs.firstIndex { $0.hasPrefix("**Built with `-target-cpu znver3`**") })
        #expect(defaultAnswer < targetAnswer)
        #expect(paragraphs[defaultAnswer].contains("what a package that depends on SpringBench gets"))
        #expect(paragraphs[defaultAnswer].contains("use OpenBLAS**"))
        #expect(paragraphs[defaultAnswer].contains("was the fastest everywhere"))
        #expect(paragraphs[targetAnswer].contains("use SIMD**"))
        // One range table per build, under the build's own heading.
        let defaultRanges = markdown.markdownSection("### SwiftPM's default flags (x86-64 baseline, SSE2)")
        #expect(defaultRanges.contains { $0.hasPrefix("| add | 16 – 16 Mi | **OpenBLAS** | ≥ 2.00×") })
        let targetRanges = markdown.markdownSection("### `-target-cpu znver3`")
        #expect(targetRanges.contains { $0.hasPrefix("| add | 16 – 256 | **SIMD** |") })
        #expect(
            markdown.contains(
                "2 release builds (SwiftPM's default flags (x86-64 baseline, SSE2), `-target-cpu znver3`) sampled in the same rounds of one run"
            ))
        // Evidence and a plot per kernel and build.
        let attachments = BackendChoiceReport.render(Self.twoBuilds()).attachments.keys.sorted()
        #expect(
            attachments == [
                "plots/backend-choice-add-x86-64.svg", "plots/backend-choice-add-znver3.svg",
                "plots/backend-choice-axpy-x86-64.svg", "plots/backend-choice-axpy-znver3.svg",
            ])
    }

    @Test("performance.md puts both builds side by side with the ratio to the default build")
    func buildsSideBySide() {
        let markdown = PerformanceReport.render(Self.twoBuilds()).markdown
        #expect(markdown.contains("## Other builds"))
        // add, 4 Ki, OpenBLAS: default build 0.5 ns/element; znver3 0.2 + 30/4096 = 0.20732 → ratio 0.415.
        #expect(markdown.contains("| add | 4 Ki | OpenBLAS | 0.500 | 0.207 | 0.415× |"))
        #expect(markdown.contains("| add | 4 Ki | SIMD | 1.00 | 0.200 | 0.200× |"))
        #expect(!PerformanceReport.render(SyntheticResults.make()).markdown.contains("## Other builds"))
    }

    static func summary(_ median: Double, _ halfWidth: Double) -> SampleSummary {
        SampleSummary(
            count: 5, median: median, p10: median, p90: median, minimum: median, maximum: median, mad: 0,
            medianInterval: ConfidenceInterval(
                lower: median * (1 - halfWidth), upper: median * (1 + halfWidth), level: 0.95))
    }

    @Test("the cache check's verdict comes first, then every checked cell, flagged ones with their reason")
    func cacheCheckSection() {
        var results = SyntheticResults.make(kernels: [.add], withWorkloads: false)
        let size = 1 << 20
        let agrees = CacheCheck.Cell(
            kernel: .add, backend: "simd", size: size, build: nil, cacheState: .hot,
            sweep: Self.summary(1.03 * Double(size), 0.01), long: Self.summary(Double(size), 0.01), pairedRatio: 1.01,
            tolerance: 0.05)
        let flagged = CacheCheck.Cell(
            kernel: .add, backend: "naive", size: size, build: nil, cacheState: .hot,
            sweep: Self.summary(1.2 * Double(size), 0.01), long: Self.summary(Double(size), 0.01), pairedRatio: 1.19,
            tolerance: 0.05)
        results.cacheCheck = CacheCheck(minimumSampleNanoseconds: 5e7, samples: 5, tolerance: 0.05, cells: [agrees])
        let clean = PerformanceReport.render(results).markdown
        #expect(
            clean.contains(
                "**All 1 checked cells agree** with their long-sample measurement within 5.0 % (largest difference 3.0 %)"
            ))
        #expect(clean.contains("| add | 1 Mi | `-target-cpu znver3` | SIMD | 1.03 | 1.00 | 1.03× | 1.01× | agrees |"))
        results.cacheCheck?.cells.append(flagged)
        let marked = PerformanceReport.render(results).markdown
        #expect(
            marked.contains(
                "**1 of 2 checked cells differ** from their long-sample measurement by more than 5.0 % (largest difference 20 %); each is flagged below with the reason (in 0 of them the samples beside the long ones agree: noise)."
            ))
        results.cacheCheck?.cells[1].pairedRatio = 1.02
        #expect(
            PerformanceReport.render(results).markdown.contains(
                "and in every one the samples taken beside the long ones agree with them: noise in the medians"))
        #expect(
            marked.contains(
                "| add | 1 Mi | `-target-cpu znver3` | naive | 1.20 | 1.00 | 1.20× | 1.19× | **flagged**: sweep 20 % slower"
            ))
    }

    @Test(
        "the ceiling section states whether any kernel reads above its ceiling beyond the spread, and the fraction with its interval"
    )
    func ceilingSection() throws {
        var results = SyntheticResults.make(kernels: [.add, .axpy], withWorkloads: false)
        let largest = 1 << 24
        for index in results.measurements.indices where results.measurements[index].size == largest {
            let kernel = results.measurements[index].kernel
            results.measurements[index].ceiling = CeilingComparison(
                pattern: kernel.ceilingPattern, ceilingGigabytesPerSecond: 26, fraction: 0.8,
                interval: ConfidenceInterval(lower: 0.78, upper: 0.82, level: 0.95))
        }
        let within = PerformanceReport.render(results).markdown
        #expect(within.contains("## Against the ceiling at N = 16 Mi"))
        #expect(within.contains("**No kernel reads above its ceiling** beyond the spread stated"))
        #expect(within.contains("| add | `-target-cpu znver3` | SIMD | `add-nt` | 26.0 |"))
        #expect(
            within.contains("| add | `-target-cpu znver3` | SIMD | `add-nt` | 26.0 | 24.0 | 80.0 % [78.0, 82.0] | — |"))
        let axpy = try #require(
            results.measurements.firstIndex { $0.size == largest && $0.kernel == .axpy && $0.backend == "openblas" })
        results.measurements[axpy].ceiling?.interval = ConfidenceInterval(lower: 1.01, upper: 1.05, level: 0.95)
        results.measurements[axpy].ceiling?.fraction = 1.03
        results.measurements[axpy].ceiling?.loopSpread = 0.005
        let above = PerformanceReport.render(results).markdown
        #expect(above.contains("**1 cell read above the ceiling beyond the stated spread**: axpy on OpenBLAS"))
        #expect(above.contains("103 % [101, 105] **above** | 0.50 % |"))
        results.measurements[axpy].ceiling?.loopSpread = 0.02
        #expect(
            PerformanceReport.render(results).markdown.contains("**No kernel reads above its ceiling**"),
            "1.01 is within 1 + 2 %")
        #expect(!PerformanceReport.render(SyntheticResults.make()).markdown.contains("## Against the ceiling"))
    }
}
