import VectorKernels
@testable import Benchmarking
@testable import RegressionGate

/// Results files made up in the test, so the verdicts can be checked against
/// a known truth: samples drawn from a seeded log-normal-like spread around a
/// chosen median, scaled by a chosen factor for the "current" run.
enum SyntheticResults {
    static let cells: [(Kernel, String, Int)] = [
        (.add, "simd", 4096), (.add, "naive", 4096), (.axpy, "simd", 16), (.magnitudeSquared, "openblas", 1 << 20),
    ]

    static func machine(cpu: String = "Test CPU") -> MachineRecord {
        MachineRecord(
            cpuModel: cpu, logicalCores: 2, caches: [], lastLevelCacheBytes: 32 << 20, memoryBytes: 1 << 34,
            cpuFeatures: ["avx2"], operatingSystem: "Test OS", kernelRelease: "6", swiftCompiler: "Swift 6.3",
            buildConfiguration: "release", targetCPU: "x86-64 (baseline, SSE2)", backends: [], date: "2026-01-01T00:00:00Z",
            commandLine: "test", hostname: "test")
    }

    /// `samples` values per cell around `median × factor`, spread ± `spread` (uniform), seeded.
    static func samples(median: Double, factor: Double, spread: Double, count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in median * factor * (1 + Double.random(in: -spread...spread, using: &rng)) }
    }

    static func results(
        factor: Double = 1, spread: Double = 0.05, count: Int = 25, seed: UInt64 = 1,
        cpu: String = "Test CPU", probeGigabytesPerSecond: Double = 25, factorFor: [String: Double] = [:]
    ) -> BenchmarkResults {
        let probe = BandwidthProbeResult(
            elements: 1 << 24, bytesPerArray: 8 << 24, trials: 4,
            patterns: ProbePattern.allCases.map {
                .init(pattern: $0, bestGigabytesPerSecond: probeGigabytesPerSecond, medianGigabytesPerSecond: probeGigabytesPerSecond)
            })
        let measurements = cells.enumerated().map { index, cell in
            let (kernel, backend, size) = cell
            let values = samples(median: Double(size) * 0.5, factor: factorFor[backend] ?? factor, spread: spread,
                                 count: count, seed: seed &+ UInt64(index) &* 7919)
            return Sweep.measurement(
                kernel: kernel, backend: backend, size: size,
                cell: InterleavedSampler.CellSamples(iterationsPerSample: 100, samples: values, allocationsPerOperation: 0),
                probe: probe, seed: 1)
        }
        let configuration = SweepConfiguration(
            kernels: Array(Set(cells.map(\.0))), backends: Array(Set(cells.map(\.1))), sizes: Array(Set(cells.map(\.2))),
            samples: count, minimumSampleNanoseconds: 5e5, openBLASThreads: 1, quick: true, seed: seed)
        return BenchmarkResults(machine: machine(cpu: cpu), configuration: configuration, probe: probe,
                                measurements: measurements, workloads: [], elapsedSeconds: 1)
    }

    static func counts(perElement: [String: Double], cpu: String = "Test CPU") -> InstructionCounts {
        let entries = cells.map { kernel, backend, size in
            let perCall = (perElement[backend] ?? 1.5) * Double(size)
            return InstructionCountEntry(
                kernel: kernel, backend: backend, size: size,
                regionInstructions: [1000 + UInt64(2 * perCall), 1000 + UInt64(10 * perCall)], callsPerRegion: [2, 10])
        }
        return InstructionCounts(machine: machine(cpu: cpu), valgrindVersion: "valgrind-3.19.0", callsPerRegion: [2, 10], entries: entries)
    }

    static func compare(_ baseline: BenchmarkResults, _ current: BenchmarkResults,
                        thresholds: RegressionThresholds = RegressionThresholds(), acrossMachines: Bool = false) throws(ComparisonError) -> Comparison {
        try Comparison(baseline: .wallClock(baseline), baselinePath: "baseline.json",
                       current: .wallClock(current), currentPath: "current.json",
                       thresholds: thresholds, acrossMachines: acrossMachines)
    }
}
