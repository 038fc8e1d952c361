import VectorKernels

/// The one sampling loop of every timed sweep (kernels, workloads, the
/// long-sample check, other builds, ceilings): calibrate each cell, then take
/// samples round by round with the cells in a fresh seeded random order each
/// round, so drift of a shared machine (another process, frequency changes)
/// hits every cell alike instead of whichever happened to run last.
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
        /// Nanoseconds per operation, in the order taken: sample *i* of every
        /// cell of one call was taken in round *i*.
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
    ///
    /// - Parameter warming: per cell, whether one untimed operation goes
    ///   right before each of its samples (``CacheState/hot``); nil: none.
    public func sample(
        _ cells: [any SampledCell], warming: [Bool]? = nil, using rng: inout SplitMix64, allocationRuns: Int = 16
    ) -> [CellSamples] {
        precondition(warming == nil || warming!.count == cells.count, "one warming flag per cell")
        let iterations = cells.map { $0.calibrate(policy) }
        var samples = [[Double]](repeating: [], count: cells.count)
        for index in cells.indices { samples[index].reserveCapacity(policy.samples) }
        for _ in 0..<policy.samples {
            for index in cells.indices.shuffled(using: &rng) {
                if warming?[index] == true { cells[index].warm() }
                samples[index].append(cells[index].sample(iterations: iterations[index], clock: policy.clock))
            }
        }
        return cells.indices.map { index in
            let runs = max(1, min(iterations[index], allocationRuns))
            return CellSamples(
                iterationsPerSample: iterations[index], samples: samples[index],
                allocationsPerOperation: cells[index].allocationsPerOperation(runs: runs, counter: countAllocations))
        }
    }
}
