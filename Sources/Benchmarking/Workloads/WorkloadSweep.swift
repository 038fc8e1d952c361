import VectorKernels

/// Times the end-to-end spring workloads for every backend and size, with the
/// backends interleaved like the kernels.
public struct WorkloadSweep {
    public var workloads: [SpringWorkload]
    public var backends: [BenchmarkBackend]
    public var sizes: [Int]
    public var seed: UInt64
    public var sampler: InterleavedSampler

    public init(
        workloads: [SpringWorkload], backends: [BenchmarkBackend], sizes: [Int], seed: UInt64,
        sampler: InterleavedSampler
    ) {
        self.workloads = workloads
        self.backends = backends
        self.sizes = sizes
        self.seed = seed
        self.sampler = sampler
    }

    /// Whether every backend's median frame is over the 120 Hz budget, so the
    /// workload need not be measured at larger sizes: ``FrameBudget`` uses
    /// each backend's first size over the budget and nothing beyond it.
    /// (Measured here, spring-dp54-step at 4 Mi points, 0.8 s a frame, took
    /// 30 s of a 190 s `bench --other-build` run.)
    package static func isBeyondBudget(_ cells: [InterleavedSampler.CellSamples]) -> Bool {
        !cells.isEmpty
            && cells.allSatisfy {
                !$0.samples.isEmpty && SampleStatistics.median($0.samples) > FrameBudget.frameNanoseconds
            }
    }

    public func run(progress: (SweepProgress) -> Void = { _ in }) -> [WorkloadMeasurement] {
        let seeds = SweepSeeds(run: seed)
        var rng = seeds.schedule()
        var results: [WorkloadMeasurement] = []
        var finished: Set<SpringWorkload> = []
        for size in sizes.sorted() {
            for workload in workloads where !finished.contains(workload) {
                let operations = backends.map { backend -> TimedOperation in
                    progress(.workload(name: workload.rawValue, backend: backend.name, size: size))
                    return backend.workloadOperation(workload, size: size, seed: seeds.operands)
                }
                let cells = sampler.sample(operations, using: &rng, allocationRuns: 8)
                if Self.isBeyondBudget(cells) { finished.insert(workload) }
                for (backend, cell) in zip(backends, cells) {
                    let summary = SampleStatistics.summarize(cell.samples, seed: seeds.workload(results.count))
                    results.append(
                        WorkloadMeasurement(
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
