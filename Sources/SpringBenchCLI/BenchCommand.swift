import ArgumentParser
import Benchmarking
import Foundation

/// `springbench bench`: times every kernel × backend × size against this
/// machine's measured bandwidth and writes a results file.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the vector kernels on every backend over point counts, against the machine's bandwidth.",
        discussion: """
            Each kernel × backend × size gets a warm-up, an iteration count that makes every sample last at \
            least --min-sample-ms, and --samples samples taken with the backends interleaved. OpenBLAS runs \
            with --openblas-threads threads (default 1).
            """
    )

    @OptionGroup(title: "Measurement")
    var sweep: SweepOptions

    @Flag(help: "Skip the end-to-end spring workloads.")
    var noWorkloads = false

    @Option(help: "Where to write the results JSON.")
    var output = "Reports/data/bench-results.json"

    func validate() throws {
        _ = try plan()
        try OutputLocation.checkFile(output, option: "--output")
    }

    func plan() throws -> BenchmarkPlan {
        var plan = try sweep.plan(.standard)
        if noWorkloads { plan.workloads = [] }
        return plan
    }

    func run() throws {
        try exitingOnUsageError {
            let results = BenchmarkSession.run(try plan())
            do {
                try results.write(to: output)
            } catch {
                throw UsageError("--output: cannot write \(output): \(error)")
            }
            print(BenchSummary(results: results, output: output).text)
        }
    }
}

/// Runs a benchmark plan with the process's catalogue, allocation counter and
/// a progress display: the one place the CLI starts a benchmark run.
enum BenchmarkSession {
    static func run(_ plan: BenchmarkPlan, catalogue: BackendCatalogue = CommandContext.catalogue) -> BenchmarkResults {
        let display = ProgressDisplay()
        defer { display.finish() }
        return BenchmarkRun(
            plan: plan, catalogue: catalogue, commandLine: invocation,
            countAllocations: CommandContext.countAllocations
        ).run { event in display.show(event) }
    }
}

/// Progress on standard error: one live line on a terminal, plain lines otherwise (CI logs).
final class ProgressDisplay {
    let isTerminal = isatty(STDERR_FILENO) == 1
    var lastWidth = 0

    func show(_ event: SweepProgress) {
        switch event {
        case .probing(let pattern): show("probe: \(pattern.rawValue)")
        case .measuring(let kernel, let size, let cell, let total):
            show("[\(cell)/\(total)] \(kernel.rawValue) at \(PointCount.format(size)) points")
        case .workload(let name, let backend, let size):
            show("workload \(name) on \(backend) at \(PointCount.format(size)) points")
        }
    }

    func show(_ message: String) {
        if isTerminal {
            let padding = String(repeating: " ", count: max(0, lastWidth - message.count))
            printErrorRaw("\r\(message)\(padding)")
            lastWidth = message.count
        } else {
            printError(message)
        }
    }

    func finish() {
        if isTerminal { printErrorRaw("\r" + String(repeating: " ", count: lastWidth) + "\r") }
    }

    private func printErrorRaw(_ text: String) {
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}

/// The short text `bench` prints when it is done: every figure comes from the
/// module that computes it (``FrameBudget``, ``Recommendation``), formatted as
/// the reports format it.
struct BenchSummary {
    let results: BenchmarkResults
    let output: String

    var text: String {
        let recommendation = Recommendation(measurements: results.measurements)
        let machine = results.machine
        var lines = [
            "wrote \(output): \(results.measurements.count) measurements in \(String(format: "%.1f", results.elapsedSeconds)) s",
            "probe (best GB/s): " + results.probe.patterns.map {
                "\($0.pattern.rawValue) \(String(format: "%.1f", $0.bestGigabytesPerSecond))"
            }.joined(separator: ", "),
        ]
        for capacity in FrameBudget.capacities(results.workloads) {
            lines.append(
                "\(capacity.workload) on \(machine.displayName(of: capacity.backend)): ≈ \(PointCount.formatApproximate(capacity.points)) points fit a 120 Hz frame\(capacity.extrapolated ? " (extrapolated)" : "")")
        }
        for advice in recommendation.kernels {
            let ranges = advice.ranges.map { range in
                let sizes = range.fromSize == range.toSize
                    ? PointCount.format(range.fromSize)
                    : "\(PointCount.format(range.fromSize))–\(PointCount.format(range.toSize))"
                return "\(sizes): \(range.winner.map(machine.displayName(of:)) ?? "no clear winner")"
            }.joined(separator: "; ")
            lines.append("\(advice.kernel.rawValue): \(ranges)")
        }
        return lines.joined(separator: "\n")
    }
}
