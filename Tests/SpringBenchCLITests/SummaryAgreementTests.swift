import Benchmarking
import Foundation
import Reporting
import SpringBenchCLI
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// One answer per question: what `bench` prints and what the reports print
/// come from the same computation.
@Suite struct SummaryAgreementTests {
    @Test("The bench summary and performance.md print the same frame capacity for every workload and backend")
    func frameCapacitiesAgree() throws {
        let results = SyntheticResults.make()
        let summary = BenchSummary(results: results, output: "x.json").text
        let report = PerformanceReport.render(results).markdown
        let capacities = FrameBudget.capacities(results.workloads)
        #expect(!capacities.isEmpty)
        for capacity in capacities {
            let figure = "≈ " + PointCount.formatApproximate(capacity.points)
            let name = results.machine.displayName(of: capacity.backend)
            #expect(summary.contains("\(capacity.workload) on \(name): \(figure) points"), "\(summary)")
            let row = report.split(separator: "\n").first {
                $0.contains(capacity.workload) && $0.contains("| \(name) |") && $0.contains("≈")
            }
            #expect(row?.contains(figure) == true, "performance.md row \(row ?? "missing") lacks \(figure)")
        }
    }

    @Test("The catalogue error and ArgumentParser's own errors get the one `error:` prefix")
    func errorPrefix() {
        #expect(SpringBenchCLI.errorLine("Error: Unknown option '--x'") == "error: Unknown option '--x'")
        #expect(
            SpringBenchCLI.errorLine("--sizes: 16 appears more than once")
                == "error: --sizes: 16 appears more than once")
    }
}

/// The version is defined once and the CHANGELOG's newest entry matches it.
@Suite struct VersionTests {
    @Test("--version prints SpringBenchVersion.current, and the CHANGELOG's newest entry is that version")
    func versionInOnePlace() async throws {
        let outcome = await CLIRunner.run(["--version"], deadline: 30)
        #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == SpringBenchVersion.current)
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let newest = changelog.split(separator: "\n").first { $0.hasPrefix("## ") && $0 != "## Unreleased" }
        #expect(newest == "## \(SpringBenchVersion.current)", "\(newest ?? "none")")
    }
}
