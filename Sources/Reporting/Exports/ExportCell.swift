import Benchmarking

/// One kernel × backend × size cell of one build, as the exports write it
/// (Guides/Exports.md): what `bench` and `compare-builds` measured, or what a
/// history gives back for a commit.
///
/// Plain numbers on purpose: the exports take any list of cells (a results
/// file's, a paired run's, a history's) and never emit a number that is not
/// finite — a CSV field is left empty, a JSON value left out instead.
public struct ExportCell: Sendable, Equatable {
    /// The benchmark's name, unique within one export: `add.simd.4Ki`, with
    /// `@build` appended for the cells of a build other than the primary one.
    public var name: String
    /// Which build measured it: its target CPU in a results file (`znver3`,
    /// `x86-64`), `baseline` or `current` in a paired run.
    public var build: String
    /// The `-target-cpu` the build was compiled for.
    public var targetCPU: String
    /// `release` or `debug`.
    public var buildConfiguration: String
    public var kernel: String
    public var backend: String
    /// Points per operand.
    public var size: Int
    /// Kernel calls per timed sample.
    public var iterationsPerSample: Int
    /// Nanoseconds per kernel call, one per sample, in the order taken (round by round).
    public var samples: [Double]
    /// Median nanoseconds per call.
    public var median: Double
    /// The median's interval (ns per call) and its nominal coverage (0.95).
    public var intervalLower: Double
    public var intervalUpper: Double
    public var intervalLevel: Double
    public var p10: Double
    public var p90: Double
    /// Median nanoseconds per element.
    public var nanosecondsPerElement: Double
    /// Counted bytes per second at the median, GB/s (10⁹).
    public var gigabytesPerSecond: Double
    /// GB/s over the ceiling the run measured for the same access pattern.
    public var fractionOfCeiling: Double
    /// Heap allocations per call; nil when not counted.
    public var allocationsPerCall: Double?
    /// `hot` or `memory`; nil in files from before it was recorded.
    public var cacheState: String?
    /// The time relative to the reference timed in the same rounds
    /// (`ReferenceRatio`); nil when the run had none.
    public var relative: ExportRatio?

    public init(
        name: String, build: String, targetCPU: String, buildConfiguration: String, kernel: String, backend: String,
        size: Int, iterationsPerSample: Int, samples: [Double], median: Double, intervalLower: Double,
        intervalUpper: Double, intervalLevel: Double, p10: Double, p90: Double, nanosecondsPerElement: Double,
        gigabytesPerSecond: Double, fractionOfCeiling: Double, allocationsPerCall: Double?, cacheState: String?,
        relative: ExportRatio? = nil
    ) {
        self.name = name
        self.build = build
        self.targetCPU = targetCPU
        self.buildConfiguration = buildConfiguration
        self.kernel = kernel
        self.backend = backend
        self.size = size
        self.iterationsPerSample = iterationsPerSample
        self.samples = samples
        self.median = median
        self.intervalLower = intervalLower
        self.intervalUpper = intervalUpper
        self.intervalLevel = intervalLevel
        self.p10 = p10
        self.p90 = p90
        self.nanosecondsPerElement = nanosecondsPerElement
        self.gigabytesPerSecond = gigabytesPerSecond
        self.fractionOfCeiling = fractionOfCeiling
        self.allocationsPerCall = allocationsPerCall
        self.cacheState = cacheState
        self.relative = relative
    }

    /// A results file's cell, measured by `build` (`suffix` appended to its name).
    public init(_ measurement: KernelMeasurement, build: String, machine: MachineRecord, nameSuffix: String?) {
        let summary = measurement.summary
        self.init(
            name: measurement.key.description + (nameSuffix.map { "@" + $0 } ?? ""), build: build,
            targetCPU: machine.targetCPU, buildConfiguration: machine.buildConfiguration,
            kernel: measurement.kernel.rawValue, backend: measurement.backend, size: measurement.size,
            iterationsPerSample: measurement.iterationsPerSample, samples: measurement.samples,
            median: summary.median, intervalLower: summary.medianInterval.lower,
            intervalUpper: summary.medianInterval.upper, intervalLevel: summary.medianInterval.level,
            p10: summary.p10, p90: summary.p90, nanosecondsPerElement: measurement.nanosecondsPerElement,
            gigabytesPerSecond: measurement.gigabytesPerSecond, fractionOfCeiling: measurement.fractionOfBandwidth,
            allocationsPerCall: measurement.allocationsPerOperation, cacheState: measurement.cacheState?.rawValue,
            relative: measurement.relative.map(ExportRatio.init))
    }
}

/// A cell's time relative to a reference timed in the same rounds, as exported (`RatioFigures`).
public typealias ExportRatio = RatioFigures

/// The cells an export writes, from the documents SpringBench makes.
public enum ExportCells {
    /// A results file's own cells (named plainly), then each other build's
    /// (`--other-build`), named with `@` and the build's target CPU (`#2`,
    /// `#3` added when two builds share one). References and workloads are
    /// not exported.
    public static func cells(of results: BenchmarkResults) -> [ExportCell] {
        var labels: Set<String> = [results.machine.targetCPU]
        var cells = results.measurements.map {
            ExportCell($0, build: results.machine.targetCPU, machine: results.machine, nameSuffix: nil)
        }
        for other in results.otherBuilds ?? [] {
            var label = other.machine.targetCPU, copy = 1
            while labels.contains(label) {
                copy += 1
                label = "\(other.machine.targetCPU)#\(copy)"
            }
            labels.insert(label)
            cells += other.measurements.map { ExportCell($0, build: label, machine: other.machine, nameSuffix: label) }
        }
        return cells
    }

    /// A paired run (`compare-builds`): the current build's cells named
    /// plainly, as `bench` names them, then the baseline's with `@baseline`.
    /// Each side's samples are its halves of the pairs, pair by pair.
    public static func paired(baseline: BenchmarkResults, current: BenchmarkResults) -> [ExportCell] {
        current.measurements.map { ExportCell($0, build: "current", machine: current.machine, nameSuffix: nil) }
            + baseline.measurements.map {
                ExportCell($0, build: "baseline", machine: baseline.machine, nameSuffix: "baseline")
            }
    }
}
