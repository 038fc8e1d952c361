import VectorKernels

/// Times the end-to-end spring workloads for every backend and size, with the
/// backends interleaved like the kernels.
public struct WorkloadSweep {
    public var workloads: [SpringWorkload]
    public var backends: [BenchmarkBackend]
    public var sizes: [Int]
    public var seed: UInt64
    public var sampler: InterleavedSampler

    public init(workloads: [SpringWorkload], backends: [BenchmarkBackend], sizes: [Int], seed: UInt64,
                sampler: InterleavedSampler) {
        self.workloads = workloads
        self.backends = backends
        self.sizes = sizes
        self.seed = seed
        self.sampler = sampler
    }

    public func run(progress: (SweepProgress) -> Void = { _ in }) -> [WorkloadMeasurement] {
        var rng = SplitMix64(seed: seed)
        var results: [WorkloadMeasurement] = []
        for size in sizes.sorted() {
            for workload in workloads {
                let operations = backends.map { backend -> TimedOperation in
                    progress(.workload(name: workload.rawValue, backend: backend.name, size: size))
                    return backend.workloadOperation(workload, size: size, seed: seed)
                }
                let cells = sampler.sample(operations, using: &rng, allocationRuns: 8)
                for (backend, cell) in zip(backends, cells) {
                    let summary = SampleStatistics.summarize(cell.samples, seed: seed &+ UInt64(results.count))
                    results.append(WorkloadMeasurement(
                        workload: workload.rawValue, backend: backend.name, size: size,
                        iterationsPerSample: cell.iterationsPerSample, samples: cell.samples, summary: summary,
                        nanosecondsPerElement: summary.median / Double(size),
                        allocationsPerOperation: cell.allocationsPerOperation))
                }
            }
        }
        return results
    }
}
