import ArgumentParser
import Benchmarking
import Foundation

/// The measurement options of `bench`, `recommend`, `baseline save` and
/// `compare-builds`: each command starts from its own preset of
/// ``BenchmarkPlan`` and these options change it.
package struct SweepOptions: ParsableArguments {
    package init() {}

    @Option(help: "Comma-separated kernels (\(Kernel.allCases.map(\.rawValue).joined(separator: ", "))); default all.")
    var kernels: String?

    @Option(help: "Comma-separated backends (\(CommandContext.catalogue.names.joined(separator: ", "))); default all.")
    var backends: String?

    @Option(
        parsing: .unconditional,
        help:
            "Comma-separated point counts such as 4096, 4Ki, 16Mi, 1e6, 250k; default: the preset's (bench: 16,256,4Ki,64Ki,1Mi,16Mi; quick: 16,4Ki,1Mi)."
    )
    var sizes: String?

    @Flag(help: "A short run for smoke tests: fewer sizes and samples, a smaller probe (≤ 30 s).")
    var quick = false

    @Option(parsing: .unconditional, help: "Samples per cell, 3…1000 (default 25; quick 11).")
    var samples: Int?

    @Option(
        name: .customLong("min-sample-ms"), parsing: .unconditional,
        help: "Minimum duration of one sample in milliseconds, 0.01…1000 (default 2; quick 0.5).")
    var minimumSampleMilliseconds: Double?

    @Option(
        parsing: .unconditional,
        help: "Threads OpenBLAS may use, 1…\(ProcessInfo.processInfo.activeProcessorCount) (default 1).")
    var openblasThreads = 1

    @Option(
        help:
            "What samples are timed with: thread-cpu (immune to waiting for a core on a shared machine; the default when every backend runs one thread) or wall (the default, and required, when a backend runs threads: parallel, --openblas-threads > 1)."
    )
    var clock: SampleClock?

    @Option(
        parsing: .unconditional,
        help:
            "Bandwidth-probe trials per pattern, 1…100, all run (default 25, as many as the kernel samples, so the two medians are alike, but no trial starts after 20 s once 5 are done: the arrays are 4× the last-level cache; quick 4)."
    )
    var probeTrials: Int?

    @Option(
        help:
            "Sample until every cell's interval is within ± this percentage, such as 2% (0.1%…50%): bench takes more samples per cell (its 95 % median interval; --samples is then the least, default 5); compare-builds adds epochs (the change's interval at --confidence, up to 100 epochs)."
    )
    var targetPrecision: String?

    @Option(
        parsing: .unconditional,
        help:
            "With --target-precision: seconds of extra sampling, 0.1…3600: per kernel and size for bench (default 10), in all for compare-builds (default 600)."
    )
    var precisionBudget: Double?

    @Option(parsing: .unconditional, help: "Seed of the operands, the interleaving order and the bootstrap.")
    var seed: UInt64 = 2026

    /// `--target-precision` as a fraction and `--precision-budget` in seconds,
    /// checked; nil without --target-precision. `bench` puts them in the plan
    /// (samples per cell); `compare-builds` adds epochs (``PairedPrecision``).
    func precision() throws -> (target: Double, budgetSeconds: Double?)? {
        guard let targetPrecision else {
            if precisionBudget != nil { throw ValidationError("--precision-budget: only with --target-precision") }
            return nil
        }
        let text = targetPrecision.trimmingCharacters(in: .whitespaces)
        guard text.hasSuffix("%"), let percent = Double(text.dropLast().trimmingCharacters(in: .whitespaces)),
            percent.isFinite, (0.1...50).contains(percent)
        else {
            throw ValidationError(
                "--target-precision: must be a percentage in 0.1%…50%, such as 2%, got \"\(targetPrecision)\"")
        }
        if let precisionBudget, !(precisionBudget.isFinite && (0.1...3600).contains(precisionBudget)) {
            throw ValidationError("--precision-budget: must be in 0.1…3600 seconds, got \(precisionBudget)")
        }
        return (percent / 100, precisionBudget)
    }

    /// The measurement options given on the command line (those left at their defaults are not
    /// told apart from absent ones: --openblas-threads 1, --seed 2026).
    var given: [String] {
        var names: [String] = []
        if kernels != nil { names.append("--kernels") }
        if backends != nil { names.append("--backends") }
        if sizes != nil { names.append("--sizes") }
        if quick { names.append("--quick") }
        if samples != nil { names.append("--samples") }
        if minimumSampleMilliseconds != nil { names.append("--min-sample-ms") }
        if openblasThreads != 1 { names.append("--openblas-threads") }
        if clock != nil { names.append("--clock") }
        if probeTrials != nil { names.append("--probe-trials") }
        if targetPrecision != nil { names.append("--target-precision") }
        if precisionBudget != nil { names.append("--precision-budget") }
        if seed != 2026 { names.append("--seed") }
        return names
    }

    /// The plan: `preset` (or `quick` when --quick is given), changed by the
    /// options given, validated against the catalogue and this machine.
    package func plan(_ preset: BenchmarkPlan.Preset) throws -> BenchmarkPlan {
        let catalogue = CommandContext.catalogue
        // A gate compares single-threaded code by default: threaded backends need the wall clock,
        // which a shared machine's waits for a core disturb (name them with --backends to include them).
        let defaultBackends =
            preset == .standard || quick
            ? catalogue.names : catalogue.backends.filter { $0.details.threads == 1 }.map(\.name)
        var plan = BenchmarkPlan(quick ? .quick : preset, backends: defaultBackends, seed: seed)
        if let kernels {
            plan.kernels = try kernels.split(separator: ",", omittingEmptySubsequences: false).map { name in
                guard let kernel = Kernel(rawValue: String(name)) else {
                    throw ValidationError(
                        "--kernels: unknown kernel \"\(name)\"; valid: \(Kernel.allCases.map(\.rawValue).joined(separator: ", "))"
                    )
                }
                return kernel
            }
        }
        if let backends {
            plan.backends = backends.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        if let sizes {
            do {
                plan.sizes = try PointCount.parseList(sizes)
            } catch {
                throw ValidationError("--sizes: \(error)")
            }
        }
        if let samples { plan.timing.samples = samples }
        if let precision = try precision(), preset != .paired {
            plan.timing.targetPrecision = precision.target
            if samples == nil { plan.timing.samples = 5 }
            if let budget = precision.budgetSeconds { plan.timing.precisionBudgetNanoseconds = budget * 1e9 }
        }
        if let minimumSampleMilliseconds {
            guard minimumSampleMilliseconds.isFinite, (0.01...1000).contains(minimumSampleMilliseconds) else {
                throw ValidationError("--min-sample-ms: must be in 0.01…1000, got \(minimumSampleMilliseconds)")
            }
            plan.timing.minimumSampleNanoseconds = minimumSampleMilliseconds * 1e6
        }
        plan.openBLASThreads = openblasThreads
        // Threads run: the wall clock, the only one that sees them (a thread's CPU time does not).
        plan.timing.clock = clock ?? ((plan.backendThreads(in: catalogue).map(\.1).max() ?? 1) > 1 ? .wall : .threadCPU)
        plan.clockIsExplicit = clock != nil
        // Trials asked for are all run: the time budget is only the default's.
        if let probeTrials { (plan.probeTrials, plan.probeBudgetSeconds) = (probeTrials, nil) }
        do {
            return try plan.validated(against: catalogue)
        } catch {
            throw ValidationError(error.description)
        }
    }
}

extension SampleClock: ExpressibleByArgument {}
