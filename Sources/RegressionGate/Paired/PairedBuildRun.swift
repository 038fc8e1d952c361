import Benchmarking
import Foundation
import SpringBenchFiles
import SpringBenchSupport

/// Two builds of SpringBench timed side by side, sample by sample, as
/// `springbench compare-builds` does it: each build's executable runs as
/// `EXECUTABLE sampler`, both pinned to the CPU this process runs on, started
/// afresh every epoch of a ``PairedSweep``.
///
/// ```swift
/// let run = PairedBuildRun(plan: plan, epochs: 16, baseline: .init(executable: "../base/springbench"),
///                          current: .init(executable: ".build/release/springbench"), commandLine: "…")
/// let cpu = run.pin()
/// let pair = try run.run(cpu: cpu)
/// let comparison = try pair.comparison(baselinePath: "base", currentPath: "current", thresholds: .init(), level: 0.99)
/// ```
public struct PairedBuildRun {
    /// One side of the pair: a springbench executable.
    public struct Build: Sendable, Equatable {
        public var executable: String
        /// Backends whose kernels the side runs twice: a deliberate regression
        /// (the hidden `--debug-doubled-*` options), for testing the gate.
        public var doubledBackends: [String]

        public init(executable: String, doubledBackends: [String] = []) {
            self.executable = executable
            self.doubledBackends = doubledBackends
        }

        /// How the side is named in messages and in its results.
        public var label: String {
            doubledBackends.isEmpty
                ? executable : "\(executable) (debug: \(doubledBackends.joined(separator: ",")) doubled)"
        }

        /// The arguments after `sampler`.
        func samplerArguments(openBLASThreads: Int) -> [String] {
            ["--openblas-threads", String(openBLASThreads)]
                + doubledBackends.flatMap { ["--debug-doubled-backend", $0] }
        }
    }

    /// A validated plan; its `timing.samples` is the number of pairs per cell in each epoch.
    public var plan: BenchmarkPlan
    public var epochs: Int
    public var baseline: Build
    public var current: Build
    /// Recorded as each side's command line.
    public var commandLine: String
    /// Whether the sides run the bandwidth probe (``PairedSweep/measuresProbe``):
    /// without it the pair gives its ``PairedResults/comparison(baselinePath:currentPath:thresholds:level:)``
    /// and cannot be written.
    public var measuresProbe = true

    public init(plan: BenchmarkPlan, epochs: Int, baseline: Build, current: Build, commandLine: String) {
        self.plan = plan
        self.epochs = epochs
        self.baseline = baseline
        self.current = current
        self.commandLine = commandLine
    }

    /// Pins this process, and so the samplers it starts, to the CPU it runs
    /// on: on a shared machine each vCPU has its own speed at any moment, and
    /// a pair must see the same one. Nil when not pinned (several OpenBLAS
    /// threads, or the system refused).
    public func pin() -> Int? {
        CPUAffinity.pinForSingleThreadedRun(threadsPerCall: plan.threadsPerCall)
    }

    /// Runs the ``PairedSweep`` with both samplers started afresh each epoch.
    ///
    /// Parameters:
    ///   - `cpu`: the CPU ``pin()`` pinned to (recorded).
    ///   - `pairingID`: ties the two results files together.
    public func run(
        cpu: Int?, pairingID: String = UUID().uuidString, progress: (_ epoch: Int, SweepProgress) -> Void = { _, _ in }
    ) throws(PairedRunError) -> PairedResults {
        let threads = plan.openBLASThreads
        let (baseline, current) = (self.baseline, self.current)
        var sweep = PairedSweep(plan: plan, epochs: epochs)
        sweep.measuresProbe = measuresProbe
        let pair = try sweep.run(
            pairingID: pairingID, cpu: cpu, commandLine: commandLine,
            start: { () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
                let baselineChannel = try ProcessSamplerChannel(
                    executable: baseline.executable, arguments: baseline.samplerArguments(openBLASThreads: threads),
                    label: baseline.label)
                let currentChannel = try ProcessSamplerChannel(
                    executable: current.executable, arguments: current.samplerArguments(openBLASThreads: threads),
                    label: current.label)
                return (baselineChannel, currentChannel)
            }, progress: progress)
        return PairedResults(baseline: pair.baseline, current: pair.current)
    }
}

/// The two results files of a paired run, tied by their `PairingRecord`.
public struct PairedResults: Sendable {
    public var baseline: BenchmarkResults
    public var current: BenchmarkResults

    public init(baseline: BenchmarkResults, current: BenchmarkResults) {
        self.baseline = baseline
        self.current = current
    }

    /// This run followed by `more`, a run of the same plan and builds: each
    /// cell's samples epoch after epoch (so every epoch keeps its place in
    /// ``ChangeInterval/paired(baseline:current:epochs:level:)``), epochs and
    /// samples added, summaries taken again (bootstrap seeds `seed + cell`).
    public func appending(_ more: PairedResults, seed: UInt64) -> PairedResults {
        func merged(_ first: BenchmarkResults, _ second: BenchmarkResults) -> BenchmarkResults {
            var result = first
            let added = Dictionary(second.measurements.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            result.measurements = first.measurements.enumerated().map { number, cell in
                guard let extra = added[cell.key] else { return cell }
                return Sweep.measurement(
                    kernel: cell.kernel, backend: cell.backend, size: cell.size,
                    cell: InterleavedSampler.CellSamples(
                        iterationsPerSample: cell.iterationsPerSample, samples: cell.samples + extra.samples,
                        allocationsPerOperation: cell.allocationsPerOperation ?? extra.allocationsPerOperation),
                    probe: first.probe, seed: seed &+ UInt64(number))
            }
            result.configuration.samples += second.configuration.samples
            if var pairing = result.configuration.pairing, let extra = second.configuration.pairing {
                pairing.epochs += extra.epochs
                result.configuration.pairing = pairing
            }
            result.elapsedSeconds += second.elapsedSeconds
            return result
        }
        return PairedResults(baseline: merged(baseline, more.baseline), current: merged(current, more.current))
    }

    /// Writes `baseline.json` and `current.json` into `directory` in one
    /// transaction: half a pair is no pair.
    public func write(to directory: OutputTarget) throws {
        try staged(to: directory).commit()
    }

    /// The pair staged for `directory`, to commit with the command's other outputs.
    public func staged(to directory: OutputTarget) throws -> OutputTransaction {
        let transaction = try OutputTransaction(directory)
        try transaction.write(try baseline.validatedEncoding().get(), at: "baseline.json")
        try transaction.write(try current.validatedEncoding().get(), at: "current.json")
        return transaction
    }

    /// The current side judged against the baseline, on raw time per call
    /// (both sides ran on one machine, in the same rounds).
    public func comparison(
        baselinePath: String, currentPath: String, thresholds: RegressionThresholds, level: Double
    ) throws(ComparisonError) -> Comparison {
        try Comparison(
            baseline: ComparisonInput(results: baseline, path: baselinePath, normalizedByBandwidth: false),
            current: ComparisonInput(results: current, path: currentPath, normalizedByBandwidth: false),
            thresholds: thresholds, level: level)
    }
}
