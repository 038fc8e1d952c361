import VectorKernels

/// Counts the heap allocations `body` makes on the calling thread. Supplied by
/// an executable that links an allocation counter (a library must not replace
/// malloc for its users).
public typealias AllocationCounter = (_ body: () -> Void) -> Int

/// What a benchmark run reports while it runs.
public enum SweepProgress: Sendable {
    case probing(ProbePattern)
    case measuring(kernel: Kernel, size: Int, cell: Int, of: Int)
    case checking(kernel: Kernel, size: Int)
    case workload(name: String, backend: String, size: Int)
}

/// Times every kernel × backend × size of a plan.
///
/// Sizes run in ascending order; at each size every backend gets one set of
/// operands shared by its kernels, and each kernel's cells — this build's
/// backends, then any other build's — are sampled together by the
/// ``InterleavedSampler``:
/// - in the cache state ``CacheState/of(_:size:lastLevelCacheBytes:)`` names
///   (untimed calls before each sample when the operands fit the cache);
/// - at the largest size, when its operands stream from memory, with each
///   cell's ceiling pattern (``Kernel/ceilingPattern``, every loop variant)
///   on that cell's own operands sampled in the same rounds;
/// - at the cache-boundary sizes (``CacheCheck/sizes(_:lastLevelCacheBytes:secondLevelCacheBytes:)``),
///   with the cache check's long samples taken inside the same rounds.
public struct Sweep {
    public var kernels: [Kernel]
    public var backends: [BenchmarkBackend]
    public var sizes: [Int]
    public var seed: UInt64
    public var sampler: InterleavedSampler
    /// Decides each cell's cache state (0: unknown, every cell warmed).
    public var lastLevelCacheBytes = 0
    /// With ``lastLevelCacheBytes``, which sizes the cache check covers.
    public var secondLevelCacheBytes = 0
    /// The long-sample check's timing; nil: no check.
    public var cacheCheck: TimingPolicy?
    /// Builds sampled beside this one.
    public var otherBuilds: [any OtherBuild] = []
    /// The C yardstick (``CYardstick``), sampled in the same rounds as a
    /// reference; nil: none.
    public var yardstick: BenchmarkBackend?

    public init(kernels: [Kernel], backends: [BenchmarkBackend], sizes: [Int], seed: UInt64, sampler: InterleavedSampler) {
        self.kernels = kernels
        self.backends = backends
        self.sizes = sizes
        self.seed = seed
        self.sampler = sampler
    }

    /// What a sweep measured.
    public struct Outcome {
        public var measurements: [KernelMeasurement]
        /// One per other build, in ``otherBuilds`` order.
        public var otherBuilds: [BuildMeasurements]
        public var cacheCheck: CacheCheck?
        /// The yardstick's measurements, if it was sampled.
        public var yardstick: [KernelMeasurement] = []
    }

    /// Runs the sweep; `probe` gives the bandwidth kernels are compared with
    /// where no ceiling is sampled beside them.
    public func run(
        probe: BandwidthProbeResult, progress: (SweepProgress) -> Void = { _ in }
    ) throws(OtherBuildError) -> Outcome {
        var rng = SplitMix64(seed: seed)
        let sorted = sizes.sorted()
        let total = sorted.count * kernels.count * backends.count
        let checkSizes = cacheCheck == nil ? [] : CacheCheck.sizes(
            sorted, lastLevelCacheBytes: lastLevelCacheBytes, secondLevelCacheBytes: secondLevelCacheBytes)
        var measurements: [KernelMeasurement] = []
        var others = [[KernelMeasurement]](repeating: [], count: otherBuilds.count)
        var checkedCells: [CacheCheck.Cell] = []
        var yardstickMeasurements: [KernelMeasurement] = []
        for size in sorted {
            // One set of operands per backend and size, shared by its kernels.
            let operations = backends.map { $0.kernelOperations(size: size, kernels: kernels, seed: seed) }
            let yardstickOperations = yardstick?.kernelOperations(size: size, kernels: kernels, seed: seed)
            for kernel in kernels {
                progress(.measuring(kernel: kernel, size: size, cell: measurements.count + 1, of: total))
                let state = CacheState.of(kernel, size: size, lastLevelCacheBytes: lastLevelCacheBytes)
                var cells: [any SampledCell] = operations.map { $0[kernel]! }
                var owners: [(build: Int?, backend: String)] = backends.map { (nil, $0.name) }
                for (index, build) in otherBuilds.enumerated() {
                    for name in build.backendNames where backends.contains(where: { $0.name == name }) {
                        cells.append(build.cell(CellKey(kernel: kernel, backend: name, size: size), seed: seed))
                        owners.append((index, name))
                    }
                }
                // The yardstick's cell last: no ceiling, no cache check.
                let yardstickCell = yardstickOperations?[kernel].map { operation -> Int in
                    cells.append(operation)
                    return cells.count - 1
                }
                // At the largest size, streaming from memory: every cell's
                // ceiling pattern on that cell's own operands, in the same rounds.
                var ceilings: [Int: [Int]] = [:]  // owner → cell indices, one per loop variant
                if size == sorted.last && state == .memory {
                    for (index, owner) in owners.enumerated() {
                        let loops: [any SampledCell] = owner.build.map {
                            otherBuilds[$0].ceilings(CellKey(kernel: kernel, backend: owner.backend, size: size), seed: seed)
                        } ?? operations[index].ceilings[kernel] ?? []
                        guard !loops.isEmpty else { continue }
                        ceilings[index] = loops.indices.map { cells.count + $0 }
                        cells += loops
                    }
                }
                let checked = cacheCheck.flatMap { policy in
                    checkSizes.contains(size)
                        ? InterleavedSampler.LongSamples(policy: policy, cells: cells.indices.map { $0 < owners.count }) : nil
                }
                if checked != nil { progress(.checking(kernel: kernel, size: size)) }
                let samples = sampler.sample(cells, warming: state == .hot, long: checked, using: &rng)
                try checkOtherBuilds()
                if let yardstickCell, let yardstick {
                    yardstickMeasurements.append(Self.measurement(
                        kernel: kernel, backend: yardstick.name, size: size, cell: samples[yardstickCell], probe: probe,
                        seed: seed &+ 0x9A2D &+ UInt64(yardstickMeasurements.count), cacheState: state))
                }
                for (index, owner) in owners.enumerated() {
                    let cellSeed = seed &+ UInt64(measurements.count + others.map(\.count).reduce(0, +))
                    let comparison = ceilings[index].map { loops in
                        CeilingComparison(kernel: kernel, size: size, kernelSamples: samples[index].samples,
                                          loops: loops.map { samples[$0].samples }, seed: cellSeed)
                    }
                    let measurement = Self.measurement(
                        kernel: kernel, backend: owner.backend, size: size, cell: samples[index], probe: probe,
                        seed: cellSeed, cacheState: state, ceiling: comparison)
                    if let build = owner.build { others[build].append(measurement) } else { measurements.append(measurement) }
                    if checked != nil {
                        let cell = samples[index]
                        checkedCells.append(CacheCheck.Cell(
                            kernel: kernel, backend: owner.backend, size: size,
                            build: owner.build.map { otherBuilds[$0].machine.targetCPU }, cacheState: state,
                            sweep: measurement.summary,
                            long: SampleStatistics.summarize(cell.longSamples, seed: seed &+ UInt64(checkedCells.count)),
                            pairedRatio: SampleStatistics.median(zip(cell.pairedSamples, cell.longSamples).map { $0 / $1 }),
                            tolerance: CacheCheck.defaultTolerance))
                    }
                }
            }
        }
        return Outcome(
            measurements: measurements,
            otherBuilds: zip(otherBuilds, others).map { BuildMeasurements(machine: $0.machine, measurements: $1) },
            cacheCheck: cacheCheck.map {
                CacheCheck(minimumSampleNanoseconds: $0.minimumSampleNanoseconds, samples: $0.samples,
                           tolerance: CacheCheck.defaultTolerance, cells: checkedCells)
            },
            yardstick: yardstickMeasurements)
    }

    private func checkOtherBuilds() throws(OtherBuildError) {
        for build in otherBuilds {
            if let failure = build.failure { throw OtherBuildError(build: build.machine.targetCPU, message: failure) }
        }
    }

    package static func measurement(
        kernel: Kernel, backend: String, size: Int, cell: InterleavedSampler.CellSamples,
        probe: BandwidthProbeResult, seed: UInt64, cacheState: CacheState? = nil, ceiling: CeilingComparison? = nil
    ) -> KernelMeasurement {
        let summary = SampleStatistics.summarize(cell.samples, seed: seed)
        let throughput = Throughput(kernel: kernel, size: size, nanosecondsPerOperation: summary.median)
        var measurement = KernelMeasurement(
            kernel: kernel, backend: backend, size: size, iterationsPerSample: cell.iterationsPerSample,
            samples: cell.samples, summary: summary, nanosecondsPerElement: throughput.nanosecondsPerElement,
            gigabytesPerSecond: throughput.gigabytesPerSecond,
            fractionOfBandwidth: ceiling?.fraction
                ?? throughput.fraction(of: probe.medianGigabytesPerSecond(kernel.ceilingPattern)),
            allocationsPerOperation: cell.allocationsPerOperation)
        measurement.cacheState = cacheState
        measurement.ceiling = ceiling
        return measurement
    }
}

/// The throughput figures of one kernel call: computed here only, so every
/// report and summary prints the same numbers.
public struct Throughput: Sendable, Equatable {
    public var nanosecondsPerElement: Double
    /// Bytes the kernel must move (``Kernel/bytesPerElement``) per nanosecond.
    public var gigabytesPerSecond: Double

    public init(kernel: Kernel, size: Int, nanosecondsPerOperation: Double) {
        nanosecondsPerElement = nanosecondsPerOperation / Double(max(size, 1))
        gigabytesPerSecond = Double(kernel.bytesPerElement) * Double(size) / nanosecondsPerOperation
    }

    /// This throughput as a fraction of a ceiling in GB/s.
    public func fraction(of ceilingGigabytesPerSecond: Double) -> Double {
        gigabytesPerSecond / ceilingGigabytesPerSecond
    }
}
