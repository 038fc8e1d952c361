import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport

@Suite("backend-choice.md: the answer first")
struct BackendChoiceReportTests {
    /// naive wins below 4 Ki, SIMD from 4 Ki on (a crossover); OpenBLAS never wins.
    static func crossoverResults() -> BenchmarkResults {
        SyntheticResults.make(kernels: [.add, .axpy], withWorkloads: false) { _, backend, size in
            switch backend {
            case "naive": return size < 4096 ? 0.2 : 1.2
            case "simd": return size < 4096 ? 0.5 : 0.3
            default: return 0.6
            }
        }
    }

    @Test("The first paragraph names the safest single backend and its worst-case ratio")
    func opensWithTheRecommendation() throws {
        let results = Self.crossoverResults()
        let recommendation = Recommendation(measurements: results.measurements)
        let report = BackendChoiceReport.render(results, recommendation: recommendation)
        let choice = try #require(recommendation.singleChoice)
        #expect(choice.backend == "simd")
        #expect(abs(choice.worstRatio - 2.5) < 1e-12)
        #expect(report.markdown.hasPrefix("# Which vector backend to use\n"))
        let opening = report.markdown.firstParagraphAfterTitle
        #expect(opening.hasPrefix("**If you use one backend for everything, use SIMD**"))
        #expect(opening.contains("never more than 2.50× the fastest"))
        #expect(opening.contains("at N = 16"))
        let firstSection = report.markdown.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(firstSection == "## Per kernel and size range")
    }

    @Test("\"fastest everywhere\" only when the choice is never behind; 3 % behind once is said with its ratio")
    func fastestEverywhereOnlyWhenNeverBehind() throws {
        // SIMD fastest everywhere except axpy at 64 Ki, where OpenBLAS is 3 % faster.
        let behind = SyntheticResults.make(kernels: [.add, .axpy], withWorkloads: false) { kernel, backend, size in
            switch backend {
            case "simd": return 1.0
            case "openblas": return kernel == .axpy && size == 65_536 ? 1.0 / 1.03 : 1.5
            default: return 2.0
            }
        }
        let opening = BackendChoiceReport.render(behind).markdown.firstParagraphAfterTitle
        #expect(opening.contains("never more than 1.03× the fastest"), "\(opening)")
        #expect(!opening.contains("fastest everywhere"), "\(opening)")
        let ahead = SyntheticResults.make(kernels: [.add], withWorkloads: false) { _, backend, _ in
            backend == "simd" ? 1.0 : 1.5
        }
        #expect(
            BackendChoiceReport.render(ahead).markdown.firstParagraphAfterTitle.contains("was the fastest everywhere."))
    }

    @Test("Each size range names its clear winner and margin, and crossovers give their sizes")
    func rangesAndCrossovers() {
        let report = BackendChoiceReport.render(Self.crossoverResults()).markdown
        #expect(report.contains("| add | 16 – 256 | **naive** | ≥ 2.50× (closest: SIMD at 16) |"))
        #expect(report.contains("| add | 4 Ki – 16 Mi | **SIMD** | ≥ 2.00× (closest: OpenBLAS at 4 Ki) |"))
        #expect(report.contains("naive → SIMD between 256 and 4 Ki"))
    }

    @Test("Overlapping intervals are rendered as \"no clear winner\", naming the backends that overlap")
    func noClearWinner() {
        // Default model: OpenBLAS is within SIMD's ±2 % interval from 4 Ki on.
        // The intervals leave at most (OpenBLAS upper ÷ SIMD lower) − 1 between
        // them: at 4 Ki (0.2 + 30/4096)·1.02 / (0.2·0.98) − 1 = 7.9 %, the
        // largest of the range; at 64 Ki (0.2 + 30/65536)·1.02 / 0.196 − 1 = 4.3 %.
        let report = BackendChoiceReport.render(SyntheticResults.make()).markdown
        #expect(report.contains("| add | 16 – 256 | **SIMD** |"))
        #expect(
            report.contains(
                "| add | 4 Ki – 16 Mi | no clear winner (SIMD, OpenBLAS equal within 7.9 %) | medians within 1.04× |"))
        #expect(
            report.contains("| 64 Ki | no clear winner (fastest median: SIMD; SIMD, OpenBLAS equal within 4.3 %) |"))
        #expect(!report.contains("**OpenBLAS**"))
    }

    @Test("When every backend ties everywhere the opening still gives a choice, and no winner is claimed")
    func allTied() {
        let results = SyntheticResults.make(kernels: [.scale], halfWidth: 0.2, withWorkloads: false) { _, backend, _ in
            backend == "naive" ? 1.1 : 1.0
        }
        let report = BackendChoiceReport.render(results).markdown
        #expect(report.firstParagraphAfterTitle.contains("No other backend wins clearly anywhere."))
        // ±20 % intervals, naive 1.1× the others: 1.1·1.2 / (1·0.8) − 1 = 65 %.
        #expect(report.contains("| scale | 16 – 16 Mi | no clear winner (naive, SIMD, OpenBLAS equal within 65 %) |"))
        #expect(report.contains("| scale | none |"))
    }

    @Test("The report carries the machine record and links one relative plot per kernel")
    func machineAndPlots() throws {
        let results = SyntheticResults.make()
        let report = BackendChoiceReport.render(results)
        expectMachineRecord(in: report.markdown, results.machine)
        #expect(
            report.attachments.keys.sorted()
                == results.configuration.kernels.map { "plots/backend-choice-\($0.rawValue).svg" }.sorted())
        for (path, svg) in report.attachments {
            #expect(report.markdown.contains("](\(path))"))
            let parsed = try #require(SVGInspector.parse(svg), "\(path) is not well-formed")
            #expect(parsed.elements(named: "path", class: "series").count == SyntheticResults.backends.count)
        }
    }
}

/// Every field of the machine record a reader needs appears in the report's last section.
func expectMachineRecord(
    in markdown: String, _ machine: MachineRecord, sourceLocation: SourceLocation = #_sourceLocation
) {
    let section = markdown.markdownSection("## Machine").joined(separator: "\n")
    #expect(!section.isEmpty, "no machine section", sourceLocation: sourceLocation)
    let lastHeading = markdown.split(separator: "\n").last { $0.hasPrefix("## ") }
    #expect(lastHeading == "## Machine", sourceLocation: sourceLocation)
    let expected = [
        "| CPU | Synthetic EPYC 7B13 \\<test\\> |", "| Logical cores | \(machine.logicalCores) |",
        machine.caches.joined(separator: ", "),
        "| Memory | 8 GiB |", machine.operatingSystem, machine.kernelRelease, machine.swiftCompiler,
        "| Build configuration | \(machine.buildConfiguration) |", "| Target CPU | \(machine.targetCPU) |",
        machine.date, "`\(machine.commandLine)`", "OpenBLAS 0.3.29", "| Zen |", "SIMD8\\<Double\\>",
    ]
    for text in expected {
        #expect(section.contains(text), "machine section lacks \(text)", sourceLocation: sourceLocation)
    }
}
