import Benchmarking
import CAllocationCounting
import OpenBLASKernels
import SpringBenchBackends

/// The timed sweep of `baseline save`: `bench`'s sweep timed by the thread's
/// CPU time (see `Sweep.runForGate`), optionally with some backends doing
/// their work twice for the gate's A/B check.
enum GateMeasurement {
    static func validatedDoubled(_ names: [String]) throws -> Set<String> {
        for name in names where Backends.named(name) == nil {
            throw UsageError("--debug-doubled-backend: unknown backend \"\(name)\"; valid: \(Backends.names.joined(separator: ", "))")
        }
        return Set(names)
    }

    static func runSweep(
        configuration: SweepConfiguration, policy: TimingPolicy, probeTrials: Int, doubled: Set<String>
    ) throws -> BenchmarkResults {
        if !doubled.isEmpty { printError("debug: \(doubled.sorted().joined(separator: ", ")) run their kernels twice (a deliberate regression)") }
        let started = monotonicNanoseconds()
        OpenBLASBackend.threadCount = configuration.openBLASThreads
        let display = ProgressDisplay()
        let records = configuration.backends.compactMap { Backends.named($0)?.details }.map {
            BackendRecord(name: $0.name, summary: $0.summary, simdWidth: $0.simdWidth, library: $0.library,
                          core: $0.core, threads: $0.threads, fusedAXPY: $0.fusedAXPY)
        }
        let machine = MachineRecord.current(backends: records, commandLine: CommandLine.arguments.joined(separator: " "))
        let probe = BandwidthProbe.sized(
            lastLevelCacheBytes: machine.lastLevelCacheBytes, trials: probeTrials,
            minimumElements: configuration.quick ? 1 << 23 : 1 << 24
        ).run { display.show("probe: \($0.rawValue)") }
        let counter: AllocationCounter = { body in
            springbench_allocation_counting_begin()
            body()
            return Int(springbench_allocation_counting_end())
        }
        let sweep = Sweep(configuration: configuration, policy: policy, countAllocations: counter)
        let measurements = sweep.runForGate(probe: probe, doubled: doubled) { event in
            if case .measuring(let kernel, let size, let cell, let total) = event {
                display.show("[\(cell)/\(total)] \(kernel.rawValue) at \(PointCount.format(size)) points")
            }
        }
        display.finish()
        let elapsed = Double(monotonicNanoseconds() &- started) / 1e9
        return BenchmarkResults(machine: machine, configuration: configuration, probe: probe,
                                measurements: measurements, workloads: [], elapsedSeconds: elapsed)
    }
}
