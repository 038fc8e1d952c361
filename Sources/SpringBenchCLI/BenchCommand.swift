import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import Reporting
import SpringBenchFiles

/// `springbench bench`: times every kernel × backend × size against this
/// machine's measured bandwidth and writes a results file.
package struct BenchCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the vector kernels on every backend over point counts, against the machine's bandwidth.",
        discussion: """
            Each kernel × backend × size gets a warm-up, an iteration count that makes every sample last at \
            least --min-sample-ms, and --samples samples taken with the backends interleaved. Where a \
            kernel's operands fit the last-level cache, 8 untimed calls go before every sample (hot); \
            beyond it, every call streams from memory. At the sizes where operands leave L2 but fit the \
            last-level cache, the same cells also take 9 samples of 25 ms inside the same rounds (the cache \
            check). At the largest size the kernels are sampled beside their ceiling pattern. \
            --other-build EXECUTABLE samples another springbench build's kernels in the same rounds (make \
            report passes SwiftPM's default build beside the -target-cpu one). OpenBLAS runs with \
            --openblas-threads threads (default 1). --loops-library PATH and --reference-sampler EXECUTABLE \
            add reference rows sampled in the same rounds (gcc -O3 -march=native loops, numpy; make report \
            passes both when gcc and numpy are present), compared with the best single-thread backend in \
            performance.md.
            """
    )

    @OptionGroup(title: "Measurement")
    var sweep: SweepOptions

    @Flag(help: "Skip the end-to-end spring workloads.")
    var noWorkloads = false

    @Flag(
        help:
            "Skip the animation-sized values (InlinePointVector, PointVector and a [Double] struct making a new value, beside C's malloc + loop + free)."
    )
    var noValueTypes = false

    @Flag(help: "Skip the long-sample check of the cache state.")
    var noCacheCheck = false

    @Flag(help: "Skip the C yardstick (plain C loops for this CPU, sampled beside the backends as a reference row).")
    var noYardstick = false

    @Option(
        help:
            "Another springbench build (its executable) whose kernels are sampled in the same rounds as this build's; repeatable."
    )
    var otherBuild: [String] = []

    @Option(
        help: ArgumentHelp(
            "A shared library of plain C loops (Yardsticks/gcc/loops.c built by gcc -O3 -march=native; make report builds it) whose kernels are sampled beside the backends as a reference row.",
            valueName: "path"))
    var loopsLibrary: String?

    @Option(
        help: ArgumentHelp(
            "A program speaking the sampler protocol with one backend (numpy's: Yardsticks/numpy/sampler.py), sampled beside the backends as a reference row; repeatable.",
            valueName: "executable"))
    var referenceSampler: [String] = []

    @Option(help: "Where to write the results JSON.")
    package var output = "Reports/data/bench-results.json"

    @OptionGroup(title: "Exports")
    var exports: ExportOptions

    package func validate() throws {
        _ = try plan()
        _ = try exportRequests()
    }

    /// The exports, checked against each other and against --output; no output is one of the
    /// programs or libraries the run loads.
    package func exportRequests() throws -> [ExportRequest] {
        let requests = try exports.requests(reserved: [
            ("--output", try OutputLocation.file(output, option: "--output"))
        ])
        for (option, path) in [("--output", output)] + requests.map({ ("--export", $0.target.display) }) {
            try OutputLocation.refuse((option, path), ifInput: loadedFiles)
        }
        return requests
    }

    /// The programs and libraries the run starts or loads: inputs no output may replace.
    var loadedFiles: [(option: String, path: String?)] {
        otherBuild.map { ("--other-build", $0) } + referenceSampler.map { ("--reference-sampler", $0) }
            + [("--loops-library", loopsLibrary)]
    }

    package func plan() throws -> BenchmarkPlan {
        var plan = try sweep.plan(.standard)
        if noWorkloads { plan.workloads = [] }
        if noValueTypes { plan.valueTypeSizes = [] }
        if noCacheCheck { plan.cacheCheck = nil }
        if noYardstick { plan.yardstick = false }
        for path in otherBuild where !FileManager.default.isExecutableFile(atPath: path) {
            throw ValidationError(
                "--other-build: \(path) is not an executable file; pass a built springbench (e.g. .build/release/springbench)"
            )
        }
        plan.otherBuilds = otherBuild
        if let loopsLibrary {
            do {
                _ = try LoopsLibrary(path: loopsLibrary)
            } catch {
                throw ValidationError(error.description)
            }
        }
        plan.loopsLibrary = loopsLibrary
        for path in referenceSampler where !FileManager.default.isExecutableFile(atPath: path) {
            throw ValidationError(
                "--reference-sampler: \(path) is not an executable file; pass a sampler program (e.g. Yardsticks/numpy/sampler.py)"
            )
        }
        plan.referenceSamplers = referenceSampler
        do {
            return try plan.validated(against: CommandContext.catalogue)
        } catch {
            throw ValidationError(error.description)
        }
    }

    package func run() throws {
        try exitingOnUsageError {
            let target = try OutputLocation.file(output, option: "--output")
            let exportRequests = try self.exportRequests()
            for case (let option, let path?) in loadedFiles { CommandInputs.register(path, as: "\(option)'s file") }
            let results = try BenchmarkSession.run(try plan())
            // The results and every export land together or not at all.
            var outputs = StagedOutputs()
            try outputs.stage(option: "--output") { try results.staged(to: target) }
            try outputs.stageExports(ExportCells.cells(of: results), to: exportRequests, option: "--export")
            try outputs.commit()
            print(BenchSummary(results: results, output: output).text)
        }
    }
}

/// Runs a benchmark plan with the process's catalogue, allocation counter and
/// a progress display: the one place the CLI starts a benchmark run.
enum BenchmarkSession {
    static func run(_ plan: BenchmarkPlan, catalogue: BackendCatalogue = CommandContext.catalogue) throws
        -> BenchmarkResults
    {
        let display = ProgressDisplay()
        defer { display.finish() }
        var run = BenchmarkRun(
            plan: plan, catalogue: catalogue, commandLine: invocation,
            countAllocations: CommandContext.countAllocations)
        if let path = plan.loopsLibrary {
            do {
                let library = try LoopsLibrary(path: path)
                // Every loop at every size of the run, in a child process first:
                // a crash or a hang there ends this command with exit 2, not the tool.
                try library.trial(sizes: plan.sizes)
                run.loopsLibrary = library
            } catch {
                throw UsageError(error.description)
            }
        }
        run.startReferenceSampler = { path throws(OtherBuildError) in
            do {
                let channel = try ProcessSamplerChannel(executable: path, label: path)
                return try SamplerOtherBuild(
                    channel: channel,
                    thisMachine: MachineRecord.current(
                        backends: catalogue.backends.map(\.details), commandLine: invocation),
                    reference: true
                ).reference
            } catch let error as PairedRunError {
                throw OtherBuildError(option: "--reference-sampler", build: path, message: error.description)
            } catch let error as OtherBuildError {
                throw error
            } catch {
                throw OtherBuildError(option: "--reference-sampler", build: path, message: "\(error)")
            }
        }
        run.startOtherBuild = { path throws(OtherBuildError) in
            do {
                let channel = try ProcessSamplerChannel(
                    executable: path, arguments: ["--openblas-threads", String(plan.openBLASThreads)], label: path)
                return try SamplerOtherBuild(
                    channel: channel,
                    thisMachine: MachineRecord.current(
                        backends: catalogue.backends.map(\.details), commandLine: invocation))
            } catch let error as PairedRunError {
                throw OtherBuildError(build: path, message: error.description)
            } catch let error as OtherBuildError {
                throw error
            } catch {
                throw OtherBuildError(build: path, message: "\(error)")
            }
        }
        do {
            return try run.run { event in display.show(event) }
        } catch {
            throw UsageError(error.description)
        }
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
        case .checking(let kernel, let size):
            show("cache check: \(kernel.rawValue) at \(PointCount.format(size)) points, long samples")
        case .workload(let name, let backend, let size):
            show("workload \(name) on \(backend) at \(PointCount.format(size)) points")
        case .parallelThreshold(let operation):
            show("parallel: where \(operation.kernelName) starts to split")
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
        Console.writeError(text)
    }
}

/// The short text `bench` prints when it is done: every figure comes from the
/// module that computes it (``FrameBudget``, ``Recommendation``), formatted as
/// the reports format it.
package struct BenchSummary {
    let results: BenchmarkResults
    let output: String

    /// "2.0 %", "0.35 %": a fraction as the summary prints it.
    static func percent(_ fraction: Double) -> String {
        String(format: fraction >= 0.01 ? "%.1f %%" : "%.2f %%", fraction * 100)
    }

    package var text: String {
        let recommendation = Recommendation(measurements: results.measurements)
        let machine = results.machine
        var lines = [
            "wrote \(output): \(results.measurements.count) measurements in \(String(format: "%.1f", results.elapsedSeconds)) s",
            "probe (best GB/s): "
                + results.probe.patterns.map {
                    "\($0.pattern.rawValue) \(String(format: "%.1f", $0.bestGigabytesPerSecond))"
                }.joined(separator: ", "),
        ]
        if let widest = results.measurements.max(by: {
            $0.summary.minimumDetectableChange < $1.summary.minimumDetectableChange
        }) {
            let changes = results.measurements.map(\.summary.minimumDetectableChange)
            lines.append(
                "smallest change a second run could see (95 % intervals apart): median "
                    + "\(Self.percent(SampleStatistics.median(changes))), largest \(Self.percent(widest.summary.minimumDetectableChange)) (\(widest.key))"
            )
        }
        if let target = results.configuration.targetPrecision {
            let short = results.cellsShortOfPrecision
            let most = results.measurements.map(\.summary.count).max() ?? 0
            lines.append(
                "target precision ±\(Self.percent(target)): reached in \(results.measurements.count - short.count) of "
                    + "\(results.measurements.count) cells (up to \(most) samples)"
                    + (short.isEmpty
                        ? ""
                        : "; could not get there: "
                            + short.map { "\($0.key) (±\(Self.percent($0.summary.relativeHalfWidth)))" }
                            .joined(separator: ", ")))
        }
        if let comparison = YardstickComparison(results) {
            let slower = comparison.slower.map { "\($0.kernel.rawValue) at \(PointCount.format($0.size))" }
            lines.append(
                "against the C yardstick: best backend slower beyond \(Int(YardstickComparison.noise * 100)) % in "
                    + "\(slower.count) of \(comparison.rows.count) cells"
                    + (slower.isEmpty ? "" : " (" + slower.joined(separator: ", ") + ")"))
        }
        for capacity in FrameBudget.capacities(results.workloads) {
            lines.append(
                "\(capacity.workload) on \(machine.displayName(of: capacity.backend)): ≈ \(PointCount.formatApproximate(capacity.points)) points fit a \(FrameBudget.displayName) frame\(capacity.extrapolated ? " (extrapolated)" : "")"
            )
        }
        for advice in recommendation.kernels {
            let ranges = advice.ranges.map { range in
                let sizes =
                    range.fromSize == range.toSize
                    ? PointCount.format(range.fromSize)
                    : "\(PointCount.format(range.fromSize))–\(PointCount.format(range.toSize))"
                return "\(sizes): "
                    + (range.winner.map(machine.displayName(of:))
                        ?? "no clear winner (\(NumberFormatting.tie(range.tied.map(machine.displayName(of:)), equalWithin: range.equalWithin)))")
            }.joined(separator: "; ")
            lines.append("\(advice.kernel.rawValue): \(ranges)")
        }
        return lines.joined(separator: "\n")
    }

    package init(results: BenchmarkResults, output: String) {
        self.results = results
        self.output = output
    }
}
