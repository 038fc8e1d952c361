import Benchmarking
import VectorKernels

/// Results with references outside SpringBench (gcc loops, numpy) beside the
/// backends, every cell's samples a known factor times one drift shared by
/// all cells of its round, so each paired ratio is exact.
public enum ReferenceResults {
    /// The default factors: per kernel and size, each backend's and reference's time over the drift.
    public static let factors: [CellKey: Double] = {
        var factors: [CellKey: Double] = [:]
        func set(_ kernel: Kernel, _ size: Int, _ values: [String: Double]) {
            for (name, value) in values { factors[CellKey(kernel: kernel, backend: name, size: size)] = value }
        }
        // 16 points: outside the bar's sizes (256…16 Mi), left out however it compares.
        set(.add, 16, ["naive": 3, "simd": 2, "openblas": 4, "gcc": 1, "numpy": 50])
        // simd best; gcc the best reference, 1.25× faster: slower beyond the noise.
        set(.add, 256, ["naive": 1.5, "simd": 1.0, "openblas": 1.2, "gcc": 0.8, "numpy": 3])
        // simd best; OpenBLAS the best reference at 1.01: SpringBench faster.
        set(.add, 4096, ["naive": 1.5, "simd": 1.0, "openblas": 1.01, "gcc": 1.02, "numpy": 1.3])
        // OpenBLAS both best backend and best reference: ratio 1, equal.
        set(.axpy, 256, ["naive": 1.5, "simd": 1.0, "openblas": 0.8, "gcc": 0.9, "numpy": 2])
        // simd best, gcc 2 % faster: within the noise.
        set(.axpy, 4096, ["naive": 1.5, "simd": 1.0, "openblas": 1.1, "gcc": 0.98, "numpy": 1.2])
        return factors
    }()

    /// The rounds' drift, shared by every cell (the pairing must cancel it).
    public static let drift = (0..<25).map { 100 * (1 + 0.3 * Double(($0 * 7) % 11)) }

    public static func make(
        factors: [CellKey: Double] = factors, openBLASThreads: Int = 1, extraBackends: [String: Double] = [:]
    ) -> BenchmarkResults {
        let kernels = Array(Set(factors.keys.map(\.kernel))).sorted { $0.rawValue < $1.rawValue }
        let sizes = Set(factors.keys.map(\.size)).sorted()
        var results = SyntheticResults.make(
            kernels: kernels, backends: ["naive", "simd", "openblas"], sizes: sizes, withWorkloads: false)
        results.configuration.openBLASThreads = openBLASThreads
        func cell(_ template: KernelMeasurement, _ name: String, _ factor: Double) -> KernelMeasurement {
            var cell = template
            cell.backend = name
            cell.samples = drift.map { $0 * factor * Double(cell.size) }
            cell.summary = SampleStatistics.summarize(cell.samples)
            cell.nanosecondsPerElement = cell.summary.median / Double(cell.size)
            return cell
        }
        let templates = results.measurements.filter { $0.backend == "naive" }
        results.measurements = results.measurements.map { cell($0, $0.backend, factors[$0.key] ?? 1) }
        for (name, factor) in extraBackends {
            results.measurements += templates.map { cell($0, name, factor) }
        }
        results.references = ["gcc", "numpy"].map { name in
            YardstickMeasurements(
                details: BackendDetails(
                    name: name, displayName: name == "gcc" ? "gcc loops" : "numpy", summary: "synthetic",
                    simdWidth: nil, library: name == "gcc" ? "gcc 12.2.0, -O3 -march=native" : "numpy 2.4.6",
                    core: nil, threads: 1, fusedAXPY: false),
                measurements: templates.map { template in
                    cell(
                        template, name,
                        factors[CellKey(kernel: template.kernel, backend: name, size: template.size)] ?? 1)
                })
        }
        return results
    }
}
