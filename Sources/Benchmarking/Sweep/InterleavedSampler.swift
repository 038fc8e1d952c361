import VectorKernels

/// The one sampling loop of every timed sweep (kernels, workloads, the
/// long-sample check): calibrate each cell, then take samples round by round
/// with the cells in a fresh seeded random order each round, so drift of a
/// shared machine (another process, frequency changes) hits every cell alike
/// instead of whichever happened to run last.
public struct InterleavedSampler {
    public var policy: TimingPolicy
    public var countAllocations: AllocationCounter?

    public init(policy: TimingPolicy, countAllocations: AllocationCounter?) {
        self.policy = policy
        self.countAllocations = countAllocations
    }

    /// What one cell gave.
    public struct CellSamples {
        public var iterationsPerSample: Int
        /// Nanoseconds per operation, in the order taken.
        public var samples: [Double]
        /// Heap allocations per operation, when an allocation counter was given.
        public var allocationsPerOperation: Double?

        public init(iterationsPerSample: Int, samples: [Double], allocationsPerOperation: Double?) {
            self.iterationsPerSample = iterationsPerSample
            self.samples = samples
            self.allocationsPerOperation = allocationsPerOperation
        }
    }

    /// Samples `cells` interleaved; `allocationRuns` caps the runs whose
    /// allocations are counted per cell.
    public func sample(
        _ cells: [TimedOperation], using rng: inout SplitMix64, allocationRuns: Int = 16
    ) -> [CellSamples] {
        let iterations = cells.map { $0.calibrate(policy) }
        var samples = [[Double]](repeating: [], count: cells.count)
        for index in cells.indices { samples[index].reserveCapacity(policy.samples) }
        for _ in 0..<policy.samples {
            for index in cells.indices.shuffled(using: &rng) {
                samples[index].append(cells[index].sample(iterations: iterations[index], clock: policy.clock))
            }
        }
        return cells.indices.map { index in
            let allocations = countAllocations.map { count -> Double in
                let runs = max(1, min(iterations[index], allocationRuns))
                return Double(count { cells[index].run(runs) }) / Double(runs)
            }
            return CellSamples(
                iterationsPerSample: iterations[index], samples: samples[index], allocationsPerOperation: allocations)
        }
    }
}
