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
        /// Long samples (``LongSamples``), each taken right after the sample
        /// of its round; empty when none were asked for.
        public var longSamples: [Double] = []
        /// The samples of the rounds that took a long sample, in order: the
        /// short half of each pair.
        public var pairedSamples: [Double] = []

        public init(iterationsPerSample: Int, samples: [Double], allocationsPerOperation: Double?) {
            self.iterationsPerSample = iterationsPerSample
            self.samples = samples
            self.allocationsPerOperation = allocationsPerOperation
        }
    }

    /// Long samples taken inside the rounds (the cache check): for the cells
    /// marked, `policy.samples` of the rounds, spread evenly, add one sample
    /// of at least `policy.minimumSampleNanoseconds` right after the cell's
    /// ordinary one, so the long and the ordinary samples meet the same drift.
    public struct LongSamples {
        public var policy: TimingPolicy
        public var cells: [Bool]

        public init(policy: TimingPolicy, cells: [Bool]) {
            self.policy = policy
            self.cells = cells
        }

        /// Whether round `round` of `rounds` takes a long sample.
        func isLongRound(_ round: Int, of rounds: Int) -> Bool {
            let count = min(policy.samples, rounds)
            return (round + 1) * count / rounds > round * count / rounds
        }
    }

    /// Samples `cells` interleaved; `allocationRuns` caps the runs whose
    /// allocations are counted per cell.
    ///
    /// `warming`: whether the warming calls (``SampledCell/warm()``)
    ///   go right before each sample (``CacheState/hot``).
    public func sample(
        _ cells: [any SampledCell], warming: Bool = false, long: LongSamples? = nil,
        using rng: inout SplitMix64, allocationRuns: Int = 16, precisionCells: [Bool]? = nil,
        now: () -> UInt64 = monotonicNanoseconds
    ) -> [CellSamples] {
        precondition(long == nil || long!.cells.count == cells.count, "one long-sample flag per cell")
        precondition(precisionCells == nil || precisionCells!.count == cells.count, "one precision flag per cell")
        let iterations = cells.map { $0.calibrate(policy) }
        let longIterations = cells.indices.map { index in
            long.flatMap { $0.cells[index] ? cells[index].calibrate($0.policy) : nil }
        }
        var results = iterations.map { CellSamples(iterationsPerSample: $0, samples: [], allocationsPerOperation: nil) }
        for index in cells.indices { results[index].samples.reserveCapacity(policy.samples) }
        // With a target precision, whole rounds continue past `policy.samples` (so sample i of
        // every cell still comes from round i) until every flagged cell meets it or the budget ends.
        var round = 0
        var extraStarted: UInt64?
        while true {
            if round >= policy.samples {
                guard let target = policy.targetPrecision, round < policy.maximumSamples else { break }
                let started = extraStarted ?? now()
                extraStarted = started
                if Double(now() &- started) >= policy.precisionBudgetNanoseconds { break }
                let unmet = cells.indices.contains { index in
                    (precisionCells?[index] ?? true)
                        && SampleStatistics.orderStatisticHalfWidth(results[index].samples) > target
                }
                if !unmet { break }
            }
            defer { round += 1 }
            let longRound = round < policy.samples && long?.isLongRound(round, of: policy.samples) == true
            for index in cells.indices.shuffled(using: &rng) {
                if warming { cells[index].warm() }
                let sample = cells[index].sample(iterations: iterations[index], clock: policy.clock)
                results[index].samples.append(sample)
                if longRound, let longIterations = longIterations[index] {
                    results[index].longSamples.append(
                        cells[index].sample(iterations: longIterations, clock: policy.clock))
                    results[index].pairedSamples.append(sample)
                }
            }
        }
        for index in cells.indices {
            let runs = max(1, min(iterations[index], allocationRuns))
            results[index].allocationsPerOperation = cells[index].allocationsPerOperation(
                runs: runs, counter: countAllocations)
        }
        return results
    }
}
