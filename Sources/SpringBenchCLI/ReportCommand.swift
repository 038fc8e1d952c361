import ArgumentParser
import Benchmarking
import Reporting
import SpringBenchFiles

/// `springbench report`: turns a results file into the performance and
/// backend-choice reports.
package struct ReportCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "report",
        abstract:
            "Write Reports/performance.md and Reports/backend-choice.md (with SVG plots) from a bench results file."
    )

    @Option(help: "A results file from `springbench bench`.")
    package var input = "Reports/data/bench-results.json"

    @Option(help: "The directory the reports and their plots/ go to.")
    package var outputDirectory = "Reports"

    package func validate() throws {
        _ = try OutputLocation.directory(outputDirectory, option: "--output-directory")
    }

    package func run() throws {
        try exitingOnUsageError {
            let target = try OutputLocation.directory(outputDirectory, option: "--output-directory")
            let results: BenchmarkResults
            do {
                results = try BenchmarkResults.load(from: input)
            } catch {
                throw UsageError("--input: \(error)")
            }
            let documents = [PerformanceReport.render(results), BackendChoiceReport.render(results)]
            do {
                for path in try ReportWriter.write(documents, to: target) { print("wrote \(path)") }
            } catch let error as OutputError {
                throw UsageError(error.description)
            } catch {
                throw UsageError("--output-directory: \(error)")
            }
        }
    }
}
