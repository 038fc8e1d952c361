import Benchmarking
import ParallelKernels
import VectorKernels

/// Results with a parallel backend, every figure known in advance: SIMD's
/// model from ``SyntheticResults``, the parallel backend at `ratio(kernel, size)`
/// of SIMD's time, 9 samples per cell that move together round by round (so
/// each paired ratio is exactly the model's), thresholds from 64 Ki for every
/// operation but scale (never), and an all-core probe of 40 GB/s median, 44 best.
public enum ParallelResults {
    public static let allCoreMedian = 40.0
    public static let allCoreBest = 44.0
    /// Round factors shared by every cell: round *i* is this much slower than typical.
    static let rounds = [1.0, 1.02, 0.99, 1.05, 1.01, 0.98, 1.03, 1.0, 1.04]

    /// Default: half SIMD's time from 64 Ki on, SIMD's own below.
    public static func defaultRatio(_ kernel: Kernel, _ size: Int) -> Double { size >= 1 << 16 ? 0.5 : 1.0 }

    public static func make(threads: Int = 2, ratio: (Kernel, Int) -> Double = defaultRatio) -> BenchmarkResults {
        let backends = SyntheticResults.backends + [ParallelBackend.name]
        var results = SyntheticResults.make(backends: backends, withWorkloads: false) { kernel, backend, size in
            let simd = SyntheticResults.defaultModel(kernel, "simd", size)
            return backend == ParallelBackend.name
                ? simd * ratio(kernel, size) : SyntheticResults.defaultModel(kernel, backend, size)
        }
        results.measurements = results.measurements.map { cell in
            var cell = cell
            cell.samples = rounds.map { cell.summary.median * $0 }
            return cell
        }
        results.machine.backends.append(
            BackendRecord(
                name: ParallelBackend.name, displayName: "Parallel", summary: "SIMD across \(threads) threads",
                simdWidth: 8, library: nil, core: nil, threads: threads, fusedAXPY: false))
        results.probe.allCores = .init(
            threads: threads, pattern: .addStreaming, bestGigabytesPerSecond: allCoreBest,
            medianGigabytesPerSecond: allCoreMedian)
        results.parallel = ParallelThresholds(
            threads: threads, margin: 0.05,
            operations: ParallelBackend.Operation.allCases.map { operation in
                .init(
                    operation: operation, threshold: operation == .scale ? nil : 1 << 16,
                    ladder: [
                        .init(size: 1 << 14, simdNanoseconds: 1000, splitNanoseconds: 1100),
                        .init(
                            size: 1 << 16, simdNanoseconds: 4000, splitNanoseconds: operation == .scale ? 4000 : 2000),
                    ])
            })
        return results
    }
}
