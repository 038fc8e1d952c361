import ArgumentParser
import BenchmarkWorkloads
import Benchmarking
import CAllocationCounting
import Foundation
import OpenBLASKernels
import SpringBenchBackends
import VectorKernels

/// `springbench bench`: times every kernel × backend × size against this
/// machine's measured bandwidth and writes a results file.
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time the vector kernels on every backend over point counts, against the machine's bandwidth.",
        discussion: """
            Sizes accept 4096, 4Ki, 16Mi, 1e6 or 250k. Each kernel × backend × size gets a warm-up, an \
            iteration count that makes every sample last at least --min-sample-ms, and --samples samples \
            taken with the backends interleaved. OpenBLAS runs with --openblas-threads threads (default 1).
            """
    )

    static let defaultSizes = [16, 256, 4 << 10, 64 << 10, 1 << 20, 16 << 20]
    static let quickSizes = [16, 4 << 10, 1 << 20]
    /// Sizes of the end-to-end spring workloads: around where a 120 Hz frame
    /// budget runs out (an ODE step at 16 Mi points takes seconds).
    static let workloadSizes = [256, 4 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20]
    static let quickWorkloadSizes = [4 << 10, 256 << 10]

    @Option(help: "Comma-separated kernels (\(Kernel.allCases.map(\.rawValue).joined(separator: ", "))); default all.")
    var kernels: String?

    @Option(help: "Comma-separated backends (\(Backends.names.joined(separator: ", "))); default all.")
    var backends: String?

    @Option(help: "Comma-separated point counts; default 16,256,4Ki,64Ki,1Mi,16Mi (quick: 16,4Ki,1Mi).")
    var sizes: String?

    @Flag(help: "A short run for smoke tests: fewer sizes and samples, a smaller probe (≤ 30 s).")
    var quick = false

    @Option(help: "Samples per cell, 3…1000 (default 25; quick 11).")
    var samples: Int?

    @Option(name: .customLong("min-sample-ms"), help: "Minimum duration of one sample in milliseconds, 0.01…1000 (default 2; quick 0.5).")
    var minimumSampleMilliseconds: Double?

    @Option(help: "Threads OpenBLAS may use, 1…\(ProcessInfo.processInfo.activeProcessorCount) (default 1).")
    var openblasThreads = 1

    @Option(help: "What samples are timed with: thread-cpu (default; immune to waiting for a core on a shared machine) or wall (required when --openblas-threads > 1).")
    var clock: SampleClock?

    @Option(help: "Bandwidth-probe trials per pattern, 1…100 (default 25, as many as the kernel samples, so the two medians are alike; quick 4).")
    var probeTrials: Int?

    @Flag(help: "Skip the end-to-end spring workloads.")
    var noWorkloads = false

    @Option(help: "Seed of the interleaving order and the bootstrap.")
    var seed: UInt64 = 2026

    @Option(help: "Where to write the results JSON.")
    var output = "Reports/data/bench-results.json"

    func run() throws {
        try exitingOnUsageError {
            let (configuration, policy, probeTrials) = try validatedConfiguration()
            let workloadSizes = noWorkloads ? [] : (quick ? Self.quickWorkloadSizes : Self.workloadSizes)
            let results = try Self.runSweep(
                configuration: configuration, policy: policy, probeTrials: probeTrials, workloadSizes: workloadSizes)
            do {
                try results.write(to: output)
            } catch {
                throw UsageError("\(error)")
            }
            print(BenchSummary(results: results, output: output).text)
        }
    }

    func validatedConfiguration() throws -> (SweepConfiguration, TimingPolicy, Int) {
        let kernelList: [Kernel] = try kernels.map { text in
            try text.split(separator: ",").map { name in
                guard let kernel = Kernel(rawValue: String(name)) else {
                    throw UsageError("--kernels: unknown kernel \"\(name)\"; valid: \(Kernel.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return kernel
            }
        } ?? Kernel.allCases
        let backendList: [String] = try backends.map { text in
            try text.split(separator: ",").map { name in
                guard Backends.named(String(name)) != nil else {
                    throw UsageError("--backends: unknown backend \"\(name)\"; valid: \(Backends.names.joined(separator: ", "))")
                }
                return String(name)
            }
        } ?? Backends.names
        let sizeList: [Int]
        do {
            sizeList = try sizes.map { text throws(PointCount.ParseError) in try PointCount.parseList(text) }
                ?? (quick ? Self.quickSizes : Self.defaultSizes)
        } catch {
            throw UsageError("--sizes: \(error)")
        }
        guard !kernelList.isEmpty, !backendList.isEmpty, !sizeList.isEmpty else {
            throw UsageError("--kernels, --backends and --sizes must each name at least one item")
        }
        // Operands: three vectors per backend, plus one result of add-alloc.
        let largest = sizeList.max()!
        let needed = Double(largest) * 8 * Double(3 * backendList.count + 1)
        let available = Double(ProcessInfo.processInfo.physicalMemory) * 0.8
        guard needed <= available else {
            throw UsageError(
                "--sizes: \(largest) points need about \(Int(needed / 1e9)) GB for \(backendList.count) backends; this machine allows \(Int(available / 1e9)) GB (80 % of memory)")
        }
        let base = quick ? TimingPolicy.quick : TimingPolicy.standard
        let sampleCount = samples ?? base.samples
        guard (3...1000).contains(sampleCount) else { throw UsageError("--samples must be in 3…1000, got \(sampleCount)") }
        let minimumMilliseconds = minimumSampleMilliseconds ?? base.minimumSampleNanoseconds / 1e6
        guard minimumMilliseconds.isFinite, (0.01...1000).contains(minimumMilliseconds) else {
            throw UsageError("--min-sample-ms must be in 0.01…1000, got \(minimumMilliseconds)")
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard (1...cores).contains(openblasThreads) else {
            throw UsageError("--openblas-threads must be in 1…\(cores), got \(openblasThreads)")
        }
        let sampleClock = clock ?? (openblasThreads > 1 ? .wall : .threadCPU)
        guard sampleClock == .wall || openblasThreads == 1 else {
            throw UsageError("--clock thread-cpu sees only the calling thread; with --openblas-threads \(openblasThreads) use --clock wall")
        }
        let trials = probeTrials ?? (quick ? 4 : 25)
        guard (1...100).contains(trials) else { throw UsageError("--probe-trials must be in 1…100, got \(trials)") }
        let policy = TimingPolicy(samples: sampleCount, minimumSampleNanoseconds: minimumMilliseconds * 1e6,
                                  warmupNanoseconds: base.warmupNanoseconds, clock: sampleClock)
        let configuration = SweepConfiguration(
            kernels: kernelList, backends: backendList, sizes: sizeList.sorted(), samples: sampleCount,
            minimumSampleNanoseconds: policy.minimumSampleNanoseconds, openBLASThreads: openblasThreads,
            quick: quick, seed: seed, clock: sampleClock)
        return (configuration, policy, trials)
    }

    /// Runs probe and sweep with a progress display and returns the results.
    /// - Parameter doubled: backends that do their work twice (a deliberate
    ///   regression for the gate's own checks; empty in normal use).
    static func runSweep(
        configuration: SweepConfiguration, policy: TimingPolicy, probeTrials: Int, workloadSizes: [Int],
        doubled: Set<String> = []
    ) throws -> BenchmarkResults {
        let started = monotonicNanoseconds()
        OpenBLASBackend.threadCount = configuration.openBLASThreads
        var configuration = configuration
        configuration.pinnedCPU = pinForSingleThreadedRun(openBLASThreads: configuration.openBLASThreads)
        let display = ProgressDisplay()
        let records = configuration.backends.compactMap { Backends.named($0)?.details }
        let machine = MachineRecord.current(backends: records, commandLine: invocation)
        var bandwidthProbe = BandwidthProbe.sized(
            lastLevelCacheBytes: machine.lastLevelCacheBytes, trials: probeTrials,
            minimumElements: configuration.quick ? 1 << 23 : 1 << 24)
        bandwidthProbe.clock = configuration.clock
        let probe = bandwidthProbe.run { display.show("probe: \($0.rawValue)") }
        let counter: AllocationCounter = { body in
            springbench_allocation_counting_begin()
            body()
            return Int(springbench_allocation_counting_end())
        }
        let sweep = Sweep(configuration: configuration, policy: policy, countAllocations: counter)
        let measurements = sweep.run(probe: probe, doubled: doubled) { event in
            switch event {
            case .probing(let pattern): display.show("probe: \(pattern.rawValue)")
            case .measuring(let kernel, let size, let cell, let total):
                display.show("[\(cell)/\(total)] \(kernel.rawValue) at \(PointCount.format(size)) points")
            case .workload(let name, let backend, let size):
                display.show("workload \(name) on \(backend) at \(PointCount.format(size)) points")
            }
        }
        let workloadPolicy = TimingPolicy(
            samples: max(3, policy.samples / 2), minimumSampleNanoseconds: policy.minimumSampleNanoseconds,
            warmupNanoseconds: policy.warmupNanoseconds, clock: policy.clock)
        let workloads = WorkloadSweep(
            workloads: SpringWorkload.allCases, backends: configuration.backends, sizes: workloadSizes,
            policy: workloadPolicy, countAllocations: counter, seed: configuration.seed
        ).run { event in
            if case .workload(let name, let backend, let size) = event {
                display.show("workload \(name) on \(backend) at \(PointCount.format(size)) points")
            }
        }
        display.finish()
        let elapsed = Double(monotonicNanoseconds() &- started) / 1e9
        return BenchmarkResults(machine: machine, configuration: configuration, probe: probe,
                                measurements: measurements, workloads: workloads, elapsedSeconds: elapsed)
    }
}

/// Pins a single-threaded run to the CPU it is on, so that probe and kernels
/// are measured on one CPU: on a shared VM each vCPU has its own speed at any
/// moment, and a thread that migrates mixes them. Measured here: four quick
/// sweeps pinned against four unpinned, the median p10–p90 spread of a cell
/// fell from 17.6 % to 12.8 % of its median (90th percentile 58 % to 43 %).
/// Not with several OpenBLAS threads, which need their own CPUs.
func pinForSingleThreadedRun(openBLASThreads: Int) -> Int? {
    guard openBLASThreads == 1, let cpu = CPUAffinity.currentCPU(), CPUAffinity.pin(to: cpu) else { return nil }
    return cpu
}

/// Progress on standard error: one live line on a terminal, plain lines otherwise (CI logs).
final class ProgressDisplay {
    let isTerminal = isatty(STDERR_FILENO) == 1
    var lastWidth = 0

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

/// The short text `bench` prints when it is done.
struct BenchSummary {
    let results: BenchmarkResults
    let output: String

    var text: String {
        let recommendation = Recommendation(measurements: results.measurements)
        var lines = [
            "wrote \(output): \(results.measurements.count) measurements in \(String(format: "%.1f", results.elapsedSeconds)) s",
            "probe (best GB/s): " + results.probe.patterns.map {
                "\($0.pattern.rawValue) \(String(format: "%.1f", $0.bestGigabytesPerSecond))"
            }.joined(separator: ", "),
        ]
        for capacity in FrameBudget.capacities(results.workloads) {
            lines.append(
                "\(capacity.workload) on \(capacity.backend): \(Int(capacity.points)) points fit a 120 Hz frame\(capacity.extrapolated ? " (extrapolated)" : "")")
        }
        for advice in recommendation.kernels {
            let ranges = advice.ranges.map { range in
                let sizes = range.fromSize == range.toSize
                    ? PointCount.format(range.fromSize)
                    : "\(PointCount.format(range.fromSize))–\(PointCount.format(range.toSize))"
                return "\(sizes): \(range.winner ?? "no clear winner")"
            }.joined(separator: "; ")
            lines.append("\(advice.kernel.rawValue): \(ranges)")
        }
        return lines.joined(separator: "\n")
    }
}

extension SampleClock: ExpressibleByArgument {}
