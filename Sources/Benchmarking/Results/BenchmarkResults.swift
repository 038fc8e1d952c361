import DocumentValues

/// Everything one `springbench bench` run measured, as written to its JSON file.
///
/// The schema is versioned (``schema``); readers reject other versions. Times
/// are nanoseconds per operation (one kernel call over all N points) unless a
/// name says otherwise. `Benchmarks/schema/bench-results.schema.json` describes
/// the same structure as JSON Schema.
public struct BenchmarkResults: Codable, Sendable, Equatable {
    /// The schema identifier this file follows.
    public static let currentSchema = "springbench.bench-results/1"

    public var schema: String
    /// Where and how it was measured.
    public var machine: MachineRecord
    /// What was asked for.
    public var configuration: SweepConfiguration
    /// The machine's own bandwidth, measured in the same process and session.
    public var probe: BandwidthProbeResult
    /// One entry per kernel × backend × size.
    @UniqueElements public var measurements: [KernelMeasurement]
    /// End-to-end workloads (spring animation per frame).
    @UniqueElements public var workloads: [WorkloadMeasurement]
    /// Wall-clock seconds the whole run took, probe included.
    @Checked<NonNegative> public var elapsedSeconds: Double
    /// Other builds sampled in the same rounds (`bench --other-build`), e.g.
    /// SwiftPM's default flags beside a `-target-cpu` build.
    public var otherBuilds: [BuildMeasurements]?
    /// The long-sample check of the sweep's cache state (``CacheCheck``).
    public var cacheCheck: CacheCheck?
    /// The C yardstick sampled in the same rounds (``CYardstick``).
    public var yardstick: YardstickMeasurements?
    /// The other references sampled in the same rounds (``SweepReference``):
    /// the gcc `-O3 -march=native` loops, numpy; each named by its
    /// `BackendDetails.name`, which no other reference and no backend shares.
    @OptionalUniqueElements public var references: [YardstickMeasurements]?
    /// Each build's harness floor (``HarnessFloor``); nil in files from before it was measured.
    public var harnessFloor: [HarnessFloorMeasurement]?
    /// The parallel backend's thresholds as this run measured and used them;
    /// nil when the run did not time it (or in files from before it existed).
    public var parallel: ParallelThresholds?
    /// Animation-sized new values (``ValueTypeSweep``): each vector type beside C's malloc and
    /// C's loop into a buffer, in the same rounds; nil when not measured (and in older files).
    @OptionalUniqueElements public var valueTypes: [ValueTypeMeasurement]?

    public init(
        machine: MachineRecord, configuration: SweepConfiguration, probe: BandwidthProbeResult,
        measurements: [KernelMeasurement], workloads: [WorkloadMeasurement], elapsedSeconds: Double
    ) {
        self.schema = Self.currentSchema
        self.machine = machine
        self.configuration = configuration
        self.probe = probe
        self.measurements = measurements
        self.workloads = workloads
        self.elapsedSeconds = elapsedSeconds
    }
}

/// The settings of a sweep, recorded so a result can be reproduced.
public struct SweepConfiguration: Codable, Sendable, Equatable {
    @DistinctList public var kernels: [Kernel]
    @DistinctCheckedList<NonEmptyText> public var backends: [String]
    @DistinctCheckedList<PointCountRule> public var sizes: [Int]
    /// Samples per cell (kernel × backend × size).
    @Checked<PositiveCount> public var samples: Int
    /// Each sample runs enough iterations to last at least this long.
    @Checked<Positive> public var minimumSampleNanoseconds: Double
    @Checked<PositiveCount> public var openBLASThreads: Int
    public var quick: Bool
    /// Seed of the interleaving order and of the bootstrap.
    public var seed: UInt64
    /// What the samples were timed with.
    public var clock: SampleClock
    /// Set when the run was one side of a paired run (`compare-builds`): its
    /// samples were taken alternately with the other side's, and `compare`
    /// judges the two files pair by pair.
    public var pairing: PairingRecord?
    /// The CPU the run was pinned to (nil: not pinned, e.g. with more than one
    /// OpenBLAS thread, or where the system refused).
    @CheckedOptional<NonNegativeCount> public var pinnedCPU: Int?
    /// Executables of the other builds sampled in the same rounds.
    public var otherBuilds: [String]?
    /// Whether the C yardstick was sampled (nil in files from before it existed).
    public var yardstick: Bool?
    /// `--target-precision`: the half-width, as a fraction of the median, that
    /// sampling continued for (nil: a fixed number of samples).
    @CheckedOptional<OpenUnitInterval> public var targetPrecision: Double?
    /// `--precision-budget`: seconds of extra rounds each kernel and size could take.
    @CheckedOptional<Positive> public var precisionBudgetSeconds: Double?
    /// The gcc loops library sampled as a reference (`--loops-library`), if any.
    @CheckedOptional<NonEmptyText> public var loopsLibrary: String?
    /// Executables of the reference samplers (`--reference-sampler`), if any.
    public var referenceSamplers: [String]?

    public init(
        kernels: [Kernel], backends: [String], sizes: [Int], samples: Int,
        minimumSampleNanoseconds: Double, openBLASThreads: Int, quick: Bool, seed: UInt64,
        clock: SampleClock = .threadCPU, otherBuilds: [String]? = nil
    ) {
        self.clock = clock
        self.otherBuilds = otherBuilds
        self.kernels = kernels
        self.backends = backends
        self.sizes = sizes
        self.samples = samples
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
        self.openBLASThreads = openBLASThreads
        self.quick = quick
        self.seed = seed
    }
}

extension BenchmarkResults {
    /// The measured cells whose recorded 95 % median interval is wider than
    /// the run's target precision (half-width over median), in sweep order;
    /// empty without a target.
    public var cellsShortOfPrecision: [KernelMeasurement] {
        guard let target = configuration.targetPrecision else { return [] }
        return measurements.filter { $0.summary.relativeHalfWidth > target }
    }
}

/// One kernel on one backend at one size.
public struct KernelMeasurement: Codable, Sendable, Equatable {
    public var kernel: Kernel
    @Checked<NonEmptyText> public var backend: String
    /// Points (doubles) per operand.
    @Checked<PointCountRule> public var size: Int
    /// Kernel calls per timed sample.
    @Checked<PositiveCount> public var iterationsPerSample: Int
    /// Nanoseconds per kernel call, one value per sample, in the order taken.
    @CheckedList<Positive> public var samples: [Double]
    /// Summary of ``samples``.
    @Valid public var summary: SampleSummary
    /// Median nanoseconds per element.
    @Checked<Positive> public var nanosecondsPerElement: Double
    /// Counted bytes (``Kernel/bytesPerElement``) per second at the median, in GB/s (10⁹).
    @Checked<Positive> public var gigabytesPerSecond: Double
    /// ``gigabytesPerSecond`` (at the median) over the probe's median rate for
    /// the same access pattern: typical against typical. (Against the probe's
    /// best trial, as STREAM reports it, a kernel's median would be judged by
    /// the probe's luckiest pass.)
    @Checked<Positive> public var fractionOfBandwidth: Double
    /// Heap allocations per kernel call, counted (nil when counting is unavailable).
    @CheckedOptional<NonNegative> public var allocationsPerOperation: Double?
    /// The cache state the samples were taken in (nil in files from before it was recorded).
    public var cacheState: CacheState?
    /// At the sweep's largest size, when it streams from memory: the kernel
    /// against its ceiling pattern sampled in the same rounds
    /// (``fractionOfBandwidth`` is then its median fraction).
    public var ceiling: CeilingComparison?
    /// The time relative to the C yardstick timed in the same rounds
    /// (``ReferenceRatio``); nil when no reference was sampled, and in files
    /// from before it was recorded (the schema is unchanged: a reader that
    /// does not know the field ignores it).
    public var relative: ReferenceRatio?

    public init(
        kernel: Kernel, backend: String, size: Int, iterationsPerSample: Int, samples: [Double],
        summary: SampleSummary, nanosecondsPerElement: Double, gigabytesPerSecond: Double,
        fractionOfBandwidth: Double, allocationsPerOperation: Double?
    ) {
        self.kernel = kernel
        self.backend = backend
        self.size = size
        self.iterationsPerSample = iterationsPerSample
        self.samples = samples
        self.summary = summary
        self.nanosecondsPerElement = nanosecondsPerElement
        self.gigabytesPerSecond = gigabytesPerSecond
        self.fractionOfBandwidth = fractionOfBandwidth
        self.allocationsPerOperation = allocationsPerOperation
    }
}

/// Order statistics of a set of samples, with a bootstrap interval of the median.
public struct SampleSummary: Invariant {
    @Checked<PositiveCount> public var count: Int
    @Checked<Positive> public var median: Double
    @Checked<Positive> public var p10: Double
    @Checked<Positive> public var p90: Double
    @Checked<Positive> public var minimum: Double
    @Checked<Positive> public var maximum: Double
    /// Median absolute deviation from the median (unscaled).
    @Checked<NonNegative> public var mad: Double
    /// Percentile-bootstrap interval of the median.
    @Valid public var medianInterval: ConfidenceInterval

    /// Half the interval's width as a fraction of the median: the run's precision for this cell.
    public var relativeHalfWidth: Double { (medianInterval.upper - medianInterval.lower) / 2 / median }

    /// The smallest change of this median, as a fraction, that a second run
    /// with the same spread can tell from noise at the interval's confidence:
    /// the two intervals stop overlapping once the medians differ by the sum
    /// of their half-widths, twice ``relativeHalfWidth`` (a conservative rule:
    /// non-overlap of two 95 % intervals is a test at about the 0.6 % level,
    /// Schenker and Gentleman, *The American Statistician* 55(3), 2001).
    public var minimumDetectableChange: Double { 2 * relativeHalfWidth }

    public init(
        count: Int, median: Double, p10: Double, p90: Double, minimum: Double, maximum: Double,
        mad: Double, medianInterval: ConfidenceInterval
    ) {
        self.count = count
        self.median = median
        self.p10 = p10
        self.p90 = p90
        self.minimum = minimum
        self.maximum = maximum
        self.mad = mad
        self.medianInterval = medianInterval
    }
}

/// A two-sided confidence interval.
public struct ConfidenceInterval: Invariant {
    @Checked<Positive> public var lower: Double
    @Checked<Positive> public var upper: Double
    /// Nominal coverage, e.g. 0.95.
    @Checked<OpenUnitInterval> public var level: Double

    public init(lower: Double, upper: Double, level: Double) {
        self.lower = lower
        self.upper = upper
        self.level = level
    }

    public func overlaps(_ other: ConfidenceInterval) -> Bool {
        lower <= other.upper && other.lower <= upper
    }

    public func contains(_ value: Double) -> Bool {
        lower <= value && value <= upper
    }
}

/// An end-to-end workload at one size on one backend.
public struct WorkloadMeasurement: Codable, Sendable, Equatable {
    @Checked<NonEmptyText> public var workload: String
    @Checked<NonEmptyText> public var backend: String
    @Checked<PointCountRule> public var size: Int
    @Checked<PositiveCount> public var iterationsPerSample: Int
    @CheckedList<Positive> public var samples: [Double]
    @Valid public var summary: SampleSummary
    /// Median nanoseconds per point per frame.
    @Checked<Positive> public var nanosecondsPerElement: Double
    @CheckedOptional<NonNegative> public var allocationsPerOperation: Double?

    public init(
        workload: String, backend: String, size: Int, iterationsPerSample: Int, samples: [Double],
        summary: SampleSummary, nanosecondsPerElement: Double, allocationsPerOperation: Double?
    ) {
        self.workload = workload
        self.backend = backend
        self.size = size
        self.iterationsPerSample = iterationsPerSample
        self.samples = samples
        self.summary = summary
        self.nanosecondsPerElement = nanosecondsPerElement
        self.allocationsPerOperation = allocationsPerOperation
    }
}

extension SampleSummary {
    /// minimum ≤ p10 ≤ median ≤ p90 ≤ maximum, and the median's interval in order.
    public var invariantViolation: String? {
        guard minimum <= p10, p10 <= median, median <= p90, p90 <= maximum else {
            return
                "does not hold minimum ≤ p10 ≤ median ≤ p90 ≤ maximum (\(minimum), \(p10), \(median), \(p90), \(maximum))"
        }
        return medianInterval.invariantViolation.map { "medianInterval \($0)" }
    }
}

extension ConfidenceInterval {
    /// lower ≤ upper.
    public var invariantViolation: String? {
        lower <= upper ? nil : "has lower = \(lower) > upper = \(upper)"
    }
}

extension KernelMeasurement: UniquelyKeyed {
    public var uniqueKey: CellKey { key }
}

extension WorkloadMeasurement: UniquelyKeyed {
    /// `workload.backend.size`, e.g. `dp5-frame.simd.16384`.
    public var uniqueKey: String { "\(workload).\(backend).\(size)" }
}
