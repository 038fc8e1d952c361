import ArgumentParser
import Benchmarking
import Reporting

/// `springbench export-results`: an existing results file in a dashboard's
/// format. (`springbench export` is kept for exporting springs as CSS.)
package struct ExportResultsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "export-results",
        abstract:
            "Write a results file's cells as CSV, samples CSV, Bencher Metric Format or github-action-benchmark JSON.",
        discussion: """
            csv: one row per kernel × backend × size; samples-csv: one row per sample with its round; bencher: \
            Bencher Metric Format JSON (latency, throughput, nanoseconds-per-element, gigabytes-per-second); \
            github-action-benchmark: its customSmallerIsBetter JSON (ns per call). CSV follows RFC 4180 with \
            CRLF line ends. No NaN or infinity is ever written (Guides/Exports.md). With --baseline, the two \
            files of `compare-builds --keep DIR` are exported together: --input DIR/current.json named as bench \
            names cells, --baseline DIR/baseline.json with @baseline.
            """
    )

    @Option(help: "A results file from `springbench bench` (or DIR/current.json of `compare-builds --keep DIR`).")
    var input: String

    @Option(help: "csv, samples-csv, bencher or github-action-benchmark.")
    var format: String

    @Option(help: "Where to write the export (- for standard output).")
    package var output: String

    @Option(help: "The baseline side of a paired run (DIR/baseline.json of `compare-builds --keep DIR`).")
    var baseline: String?

    package func validate() throws {
        _ = try ExportOptions.format(format, option: "--format")
        try ExportOutput.validate(output)
        try OutputLocation.refuse(("--output", output), ifInput: [("--input", input), ("--baseline", baseline)])
    }

    package func run() throws {
        try exitingOnUsageError {
            let format = try ExportOptions.format(format, option: "--format")
            let results = try Self.load(input, option: "--input")
            var cells = ExportCells.cells(of: results)
            if let baseline {
                let base = try Self.load(baseline, option: "--baseline")
                guard let pairing = base.configuration.pairing, pairing.isPair(of: results.configuration.pairing),
                    pairing.role == "baseline"
                else {
                    throw UsageError(
                        "--baseline: \(baseline) is not the baseline side of \(input)'s paired run (configuration.pairing: same id, role baseline)"
                    )
                }
                cells = ExportCells.paired(baseline: base, current: results)
            }
            try ExportOutput.write(cells, as: format, to: output) {
                "wrote \($0): \(cells.count) cells as \(format.rawValue)"
            }
        }
    }

    static func load(_ path: String, option: String) throws -> BenchmarkResults {
        do {
            return try BenchmarkResults.load(from: path)
        } catch {
            throw UsageError("\(option): \(error)")
        }
    }
}
