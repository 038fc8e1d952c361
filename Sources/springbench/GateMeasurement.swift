import Benchmarking
import SpringBenchBackends

/// The timed sweep of `baseline save`: `bench`'s sweep without the workloads,
/// optionally with some backends doing their work twice for the gate's A/B check.
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
        if !doubled.isEmpty {
            printError("debug: \(doubled.sorted().joined(separator: ", ")) run their kernels twice (a deliberate regression)")
        }
        return try BenchCommand.runSweep(
            configuration: configuration, policy: policy, probeTrials: probeTrials, workloadSizes: [], doubled: doubled)
    }
}
