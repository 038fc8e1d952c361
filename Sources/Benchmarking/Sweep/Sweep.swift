import ParallelKernels
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
    /// Measuring where the parallel backend's `operation` starts to split.
    case parallelThreshold(ParallelBackend.Operation)
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
///
/// Each kernel at each size is one `SweepRound`; each concern adds its cells
/// in its own extension: this build's backends (`Sweep+OwnBackends.swift`),
/// other builds (`OtherBuild.swift`), the yardstick (`Yardstick.swift`), the
/// ceilings (`SweepCeilings.swift`) and the cache check (`CacheCheck.swift`).
/// Every seed comes from ``SweepSeeds``.
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
    /// Further references sampled in the same rounds (the gcc loops, numpy),
    /// after the yardstick; names unique.
    public var references: [SweepReference] = []

    public init(
        kernels: [Kernel], backends: [BenchmarkBackend], sizes: [Int], seed: UInt64, sampler: InterleavedSampler
    ) {
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
        /// Each reference's measurements, in ``Sweep/references`` order.
        public var references: [[KernelMeasurement]] = []
    }

    /// Runs the sweep; `probe` gives the bandwidth kernels are compared with
    /// where no ceiling is sampled beside them.
    public func run(
        probe: BandwidthProbeResult, progress: (SweepProgress) -> Void = { _ in }
    ) throws(OtherBuildError) -> Outcome {
        let seeds = SweepSeeds(run: seed)
        var rng = seeds.schedule()
        let sorted = sizes.sorted()
        let total = sorted.count * kernels.count * backends.count
        let checkSizes = cacheCheckSizes(sorted)
        var record = Record(otherBuilds: otherBuilds.count, references: references.count)
        for size in sorted {
            // One set of operands per backend and size, shared by its kernels.
            let own = ownOperations(size: size, seeds: seeds)
            let yardstick = yardstickOperations(size: size, seeds: seeds)
            let referenceCells = referenceCells(size: size, seeds: seeds)
            for kernel in kernels {
                progress(.measuring(kernel: kernel, size: size, cell: record.measurements.count + 1, of: total))
                var round = SweepRound(
                    kernel: kernel, size: size,
                    cacheState: CacheState.of(kernel, size: size, lastLevelCacheBytes: lastLevelCacheBytes))
                addOwnCells(to: &round, from: own)
                addOtherBuildCells(to: &round, seeds: seeds)
                addYardstickCell(to: &round, from: yardstick)
                addReferenceCells(to: &round, from: referenceCells)
                if samplesCeilings(round, largestSize: sorted.last) { round.addCeilings() }
                let long = longSamples(for: round, checkSizes: checkSizes)
                if long != nil { progress(.checking(kernel: kernel, size: size)) }
                let sampled = round.sample(sampler, warming: round.cacheState == .hot, long: long, using: &rng)
                try checkOtherBuilds()
                try checkReferences()
                for cell in sampled {
                    record.add(cell, of: round, checked: long != nil, probe: probe, seeds: seeds, sweep: self)
                }
            }
        }
        return Outcome(
            measurements: record.measurements,
            otherBuilds: zip(otherBuilds, record.otherBuilds).map {
                BuildMeasurements(machine: $0.machine, measurements: $1)
            },
            cacheCheck: cacheCheck.map {
                CacheCheck(
                    minimumSampleNanoseconds: $0.minimumSampleNanoseconds, samples: $0.samples,
                    tolerance: CacheCheck.defaultTolerance, cells: record.checkedCells)
            },
            yardstick: record.yardstick, references: record.references)
    }

    /// What a sweep has measured so far; the counts are the ordinals its
    /// seeds (``SweepSeeds``) are drawn by.
    struct Record {
        var measurements: [KernelMeasurement] = []
        /// One list per other build, in ``Sweep/otherBuilds`` order.
        var otherBuilds: [[KernelMeasurement]]
        var yardstick: [KernelMeasurement] = []
        /// One list per reference, in ``Sweep/references`` order.
        var references: [[KernelMeasurement]]
        var checkedCells: [CacheCheck.Cell] = []

        init(otherBuilds: Int, references: Int = 0) {
            self.otherBuilds = Array(repeating: [], count: otherBuilds)
            self.references = Array(repeating: [], count: references)
        }

        /// This build's and the other builds' measurements so far.
        var measured: Int { measurements.count + otherBuilds.map(\.count).reduce(0, +) }

        /// Records what one owner's cells of `round` gave (and, when the
        /// round was `checked`, its cache-check cell).
        mutating func add(
            _ cell: SweepRound.Sampled, of round: SweepRound, checked: Bool, probe: BandwidthProbeResult,
            seeds: SweepSeeds,
            sweep: Sweep
        ) {
            if case .reference(let index, _) = cell.owner {
                references[index].append(
                    Sweep.yardstickMeasurement(
                        cell, of: round, probe: probe, seed: seeds.reference(index, references[index].count)))
                return
            }
            guard cell.owner.isMeasured else {
                yardstick.append(
                    Sweep.yardstickMeasurement(cell, of: round, probe: probe, seed: seeds.yardstick(yardstick.count)))
                return
            }
            let seed = seeds.measurement(measured)
            let measurement = Sweep.measurement(
                kernel: round.kernel, backend: cell.owner.backend, size: round.size, cell: cell.samples, probe: probe,
                seed: seed, cacheState: round.cacheState,
                ceiling: Sweep.ceilingComparison(
                    cell, of: round, seed: seed, threads: sweep.ceilingThreads(of: cell.owner)))
            if let build = cell.owner.build {
                otherBuilds[build].append(measurement)
            } else {
                measurements.append(measurement)
            }
            if checked {
                checkedCells.append(
                    sweep.checkedCell(
                        cell, of: round, measurement: measurement, seed: seeds.cacheCheck(checkedCells.count)))
            }
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
