import ArgumentParser
import Benchmarking
import Foundation
import OpenBLASKernels
import RegressionGate
import Reporting
import SpringBenchFiles

/// `springbench compare-builds`: times two builds side by side, sample by
/// sample, and judges the current one against the baseline.
package struct CompareBuildsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "compare-builds",
        abstract:
            "Time two builds taking turns, sample by sample, and judge: exit 0 no regression, 1 regression, 2 unusable input.",
        discussion: """
            BASELINE and CURRENT are springbench executables (e.g. ../base/.build/release/springbench and \
            .build/release/springbench; the same one twice is an A/A check). Each runs as `EXECUTABLE sampler`, \
            timing only when asked, and both are pinned to the CPU this command runs on. For every kernel × \
            backend × size both calibrate, then take --samples pairs of samples (default 3 here), alternating \
            A B / B A in a seeded order, each pair within milliseconds. That is one epoch; --epochs (default 16) \
            repeats it with freshly started samplers, so a process's own bias (its memory layout) becomes noise. \
            Per cell the change is the median over epochs of the per-pair ratios, with a distribution-free \
            (sign-test) interval over epochs; a cell regressed only when the whole interval lies above \
            1 + threshold. Pairing cancels what a shared machine does to both builds alike, which separate runs \
            cannot: use this for a timed CI gate. --keep DIR also writes DIR/baseline.json and DIR/current.json \
            (results files tied by a pairing id) for `springbench compare` to judge again. The measurement \
            options are `bench`'s, except the defaults: sizes 16,256,4Ki,64Ki,1Mi, 3 pairs per epoch, 4 probe trials \
            (the bandwidth probe runs only for --keep or --export, whose files record it); --output and \
            --no-workloads do not apply.
            """
    )

    @Argument(help: "The baseline build's springbench executable.")
    var baselineExecutable: String

    @Argument(help: "The current build's springbench executable.")
    var currentExecutable: String

    @Option(help: "Also write the two paired results files to this directory (baseline.json, current.json).")
    package var keep: String?

    @Option(name: .customLong("debug-doubled-baseline"), help: .hidden)
    var doubledBaseline: [String] = []

    @Option(name: .customLong("debug-doubled-current"), help: .hidden)
    var doubledCurrent: [String] = []

    @OptionGroup(title: "Measurement (as for `springbench bench`)")
    var sweep: SweepOptions

    @OptionGroup(title: "Verdict")
    package var verdict: VerdictOptions

    @OptionGroup(title: "Exports (both sides: the current build's cells, then the baseline's named @baseline)")
    package var exports: ExportOptions

    @Option(
        parsing: .unconditional,
        help: "Epochs: times both samplers are started afresh, 1…100 (the interval's units; at least 8 for 99 %).")
    var epochs = 16

    // Defaults (sizes to 1 Mi, 3 pairs per epoch, 4 probe trials) are BenchmarkPlan's `.paired` preset.

    /// Units (epochs, or pairs with one epoch) the sign-test interval needs for the confidence level.
    static func minimumUnits(level: Double) -> Int {
        (1...1000).first { SignTest.rank(pairs: $0, level: level) != nil } ?? 1000
    }

    /// Checks every option before a minute of measuring starts.
    package func validate() throws {
        _ = try sweep.plan(.paired)
        _ = try exports.requests()
    }

    /// The paired run the options ask for: the `.paired` preset changed by
    /// the measurement options, --epochs (checked against --confidence) and
    /// each side's executable and doubled backends.
    package func pairedRun() throws -> PairedBuildRun {
        let plan = try sweep.plan(.paired)
        let policy = plan.timing
        guard (1...100).contains(epochs) else { throw UsageError("--epochs must be in 1…100, got \(epochs)") }
        let needed = Self.minimumUnits(level: verdict.level)
        if epochs >= 2, epochs < needed {
            throw UsageError(
                "--epochs: a \(verdict.confidence) % interval over epochs needs at least \(needed) epochs, got \(epochs)"
            )
        }
        if epochs == 1, policy.samples < needed {
            throw UsageError(
                "--samples: with one epoch a \(verdict.confidence) % interval needs at least \(needed) pairs, got \(policy.samples)"
            )
        }
        _ = try DebugDoubling.catalogue(doubledBaseline + doubledCurrent, announce: false)
        var run = PairedBuildRun(
            plan: plan, epochs: epochs,
            baseline: PairedBuildRun.Build(executable: baselineExecutable, doubledBackends: doubledBaseline),
            current: PairedBuildRun.Build(executable: currentExecutable, doubledBackends: doubledCurrent),
            commandLine: invocation)
        // The verdict compares the sides with each other and needs no bandwidth probe; the
        // kept pair (results files) and the exports (fraction of the ceiling) do.
        run.measuresProbe = keep != nil || !exports.exports.isEmpty
        return run
    }

    /// --target-precision as a fraction and the budget in seconds for all
    /// the added epochs (--precision-budget, default 600 s); nil without
    /// --target-precision.
    package func precisionGoal() throws -> (target: Double, budgetSeconds: Double)? {
        try sweep.precision().map { ($0.target, $0.budgetSeconds ?? 600) }
    }

    package func run() throws {
        var exitCode: Int32 = 0
        try exitingOnUsageError {
            let thresholds = try verdict.validatedThresholds()
            let run = try pairedRun()
            if !doubledBaseline.isEmpty || !doubledCurrent.isEmpty {
                printError("debug: backends run their kernels twice (a deliberate regression) on a side")
            }
            // Fail before a minute of measuring, not after; nothing is created yet.
            let keepTarget = try keep.map { try OutputLocation.directory($0, option: "--keep") }
            // An export may not be one of the kept pair's files (it would replace it).
            var kept: [(option: String, target: OutputTarget)] = []
            for file in keepTarget.map({ _ in ["baseline.json", "current.json"] }) ?? [] {
                kept.append(
                    ("--keep", try OutputLocation.file(keepTarget!.path.appending(file).string, option: "--keep")))
            }
            let exportRequests = try exports.requests(reserved: kept)
            let cpu = run.pin()
            if cpu == nil {
                printError(
                    "warning: the samplers are not pinned to one CPU (several OpenBLAS threads, or the system refused); pairs may see different CPUs"
                )
            }
            let precision = try precisionGoal()
            var pair: PairedResults
            let started = Date()
            do {
                let display = ProgressDisplay()
                pair = try run.run(cpu: cpu) { epoch, event in
                    switch event {
                    case .probing: display.show("epoch \(epoch)/\(epochs): probe")
                    case .measuring(let kernel, let size, let cell, let total):
                        display.show(
                            "epoch \(epoch)/\(epochs): [\(cell)/\(total)] \(kernel.rawValue) at \(PointCount.format(size)) points"
                        )
                    case .workload, .checking, .parallelThreshold: break
                    }
                }
                display.finish()
            } catch let error as PairedRunError {
                throw UsageError(error.description)
            }
            if let precision {
                pair = try addEpochs(
                    to: pair, run: run, cpu: cpu, target: precision.target,
                    budgetSeconds: precision.budgetSeconds, firstBatchSeconds: -started.timeIntervalSinceNow,
                    thresholds: thresholds)
            }
            // The kept pair, the exports and the summary file land together or not at all.
            var outputs = StagedOutputs()
            if let keepTarget {
                do {
                    try outputs.stage(option: "--keep") { try pair.staged(to: keepTarget) }
                } catch {
                    throw UsageError("--keep \(keepTarget.display): cannot write the pair: \(error)")
                }
            }
            try outputs.stageExports(
                ExportCells.paired(baseline: pair.baseline, current: pair.current), to: exportRequests,
                option: "--export")
            let comparison: Comparison
            do {
                comparison = try pair.comparison(
                    baselinePath: keep.map { "\($0)/baseline.json" } ?? baselineExecutable,
                    currentPath: keep.map { "\($0)/current.json" } ?? currentExecutable,
                    thresholds: thresholds, level: verdict.level)
            } catch let error as ComparisonError {
                throw UsageError(error.description)
            }
            exitCode = try verdict.publish(comparison, with: outputs)
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}

extension CompareBuildsCommand {
    /// The pair judged, an error being unusable input.
    static func judged(_ pair: PairedResults, thresholds: RegressionThresholds, level: Double) throws -> Comparison {
        do {
            return try pair.comparison(
                baselinePath: "baseline", currentPath: "current", thresholds: thresholds, level: level)
        } catch {
            throw UsageError(error.description)
        }
    }

    static func measured(_ run: PairedBuildRun, cpu: Int?, pairingID: String?) throws -> PairedResults {
        do {
            return try run.run(cpu: cpu, pairingID: pairingID ?? UUID().uuidString)
        } catch {
            throw UsageError(error.description)
        }
    }

    /// `--target-precision` (``PrecisionGoal``): batches of `--epochs` more
    /// epochs of this run, each with its seed offset by the epochs before it.
    func addEpochs(
        to first: PairedResults, run: PairedBuildRun, cpu: Int?, target: Double, budgetSeconds: Double,
        firstBatchSeconds: Double, thresholds: RegressionThresholds
    ) throws -> PairedResults {
        let started = Date()
        let level = verdict.level
        return try PrecisionGoal(target: target, budgetSeconds: budgetSeconds).refine(
            first, batchEpochs: run.epochs, firstBatchSeconds: firstBatchSeconds,
            widths: { pair in
                try Self.judged(pair, thresholds: thresholds, level: level).rows.map {
                    PrecisionGoal.Width(cell: $0.cell, halfWidth: $0.interval.relativeHalfWidth)
                }
            },
            measure: { epochs, before in
                var more = run
                more.epochs = epochs
                more.plan.seed = run.plan.seed &+ UInt64(before)
                return try Self.measured(more, cpu: cpu, pairingID: first.current.configuration.pairing?.id)
            },
            append: { $0.appending($1, seed: run.plan.seed) },
            spentSeconds: { firstBatchSeconds - started.timeIntervalSinceNow },
            announce: { printError($0) }
        ).pair
    }
}

/// `springbench sampler`: the side of a paired run that `compare-builds`
/// starts; reads one JSON request per line and answers each with one line.
package struct SamplerCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "sampler", abstract: "Internal: one build's side of `compare-builds`.", shouldDisplay: false)

    @Option package var openblasThreads = 1

    @Option(name: .customLong("debug-doubled-backend"))
    package var doubledBackends: [String] = []

    package func run() throws {
        try exitingOnUsageError {
            let catalogue = try DebugDoubling.catalogue(doubledBackends, announce: false)
            guard (1...ProcessInfo.processInfo.activeProcessorCount).contains(openblasThreads) else {
                throw UsageError(
                    "--openblas-threads must be in 1…\(ProcessInfo.processInfo.activeProcessorCount), got \(openblasThreads)"
                )
            }
            OpenBLASBackend.threadCount = openblasThreads
            let session = SamplerSession(
                catalogue: catalogue, countAllocations: CommandContext.countAllocations,
                machine: {
                    MachineRecord.current(
                        backends: CommandContext.catalogue.backends.map(\.details), commandLine: invocation)
                })
            try session.serveStandardStreams()
        }
    }
}
