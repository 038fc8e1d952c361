import Foundation
import OpenBLASKernels

/// What a benchmark run measures and how: kernels × backends × sizes, the
/// timing policy, the bandwidth probe and the end-to-end workloads.
///
/// Start from a preset and change what you need; ``validated(against:limits:)``
/// checks every field before any work starts:
///
/// ```swift
/// var plan = BenchmarkPlan.quick(backends: catalogue.names)
/// plan.sizes = [16, 4096]
/// let results = try BenchmarkRun(plan: try plan.validated(against: catalogue), catalogue: catalogue).run()
/// ```
public struct BenchmarkPlan: Sendable, Equatable {
    /// The presets every command starts from; their defaults live here only.
    public enum Preset: String, Sendable, Codable, CaseIterable {
        /// `bench` and `make report`: six sizes from 16 to 16 Mi, 25 samples of ≥ 2 ms, workloads.
        case standard
        /// `bench --quick`: three sizes, 11 samples of ≥ 0.5 ms, a smaller probe (seconds).
        case quick
        /// `baseline save`: the standard sweep without the workloads.
        case gate
        /// `compare-builds`: sizes to 1 Mi, 3 pairs per cell and epoch, 4 probe
        /// trials, no workloads. Epochs, not pairs, carry the variance that
        /// matters there (each pair of processes has its own bias); 16 Mi cells
        /// took about 6 of the 7.5 minutes of an A/A run with them (measured here).
        case paired
    }

    public var preset: Preset
    public var kernels: [Kernel]
    public var backends: [String]
    /// Point counts, ascending after validation.
    public var sizes: [Int]
    public var timing: TimingPolicy
    /// Bandwidth-probe trials per pattern.
    public var probeTrials: Int
    /// The probe's arrays hold at least this many doubles (and 4× the last-level cache).
    public var probeMinimumElements: Int
    /// Wall-clock seconds after which the probe starts no further trial, once
    /// ``BandwidthProbe/minimumTrials`` are done (nil: all ``probeTrials``).
    /// 20 s for the 25-trial presets: 25 trials took 42 s in a release build
    /// on a 2-vCPU VM reporting a 260 MiB last-level cache (three 1 GiB
    /// arrays, 1.6 s a trial; 13 trials ran within the budget), while the
    /// 128 MiB arrays of an 8–32 MiB cache take about 0.2 s a trial.
    public var probeBudgetSeconds: Double?
    public var workloads: [SpringWorkload]
    public var workloadSizes: [Int]
    /// Sizes of the animation-sized value sweep (``ValueTypeSweep``), a subset of
    /// ``ValueTypeSweep/supportedSizes``; empty: not measured.
    public var valueTypeSizes: [Int]
    /// Threads OpenBLAS may use (set explicitly for every run, recorded).
    public var openBLASThreads: Int
    /// The most threads one call of the plan's backends runs (OpenBLAS:
    /// ``openBLASThreads``; others: `BackendDetails.threads`), set by
    /// ``validated(against:limits:)``. Above 1, samples must be timed by the
    /// wall clock, and the run starts their threads before it pins its sampling thread.
    public internal(set) var threadsPerCall = 1
    /// Whether ``TimingPolicy/clock`` was chosen (`--clock`). If not,
    /// ``validated(against:limits:)`` times a plan whose backends run threads
    /// by the wall clock; if so, it refuses `thread-cpu` for such a plan.
    public var clockIsExplicit = false
    /// Seed of the operands, the interleaving order and the bootstrap.
    public var seed: UInt64
    /// The long-sample check of the sweep's cache state (``CacheCheck``); nil: none.
    public var cacheCheck: TimingPolicy?
    /// Executables of other builds whose kernels are sampled in the same
    /// rounds (``OtherBuild``), e.g. SwiftPM's default build beside a
    /// `-target-cpu` one.
    public var otherBuilds: [String] = []
    /// Whether the C yardstick (``CYardstick``) is sampled beside the backends.
    public var yardstick = true
    /// A library of plain C loops built by gcc (``LoopsLibrary``) whose
    /// kernels are sampled as a reference row (``GCCLoops``); nil: none.
    public var loopsLibrary: String?
    /// Executables of reference samplers (numpy's, `Yardsticks/numpy/sampler.py`)
    /// whose one backend is sampled as a reference row.
    public var referenceSamplers: [String] = []

    /// The preset's plan over `backends`.
    public init(_ preset: Preset, backends: [String], seed: UInt64 = 2026) {
        self.preset = preset
        self.kernels = Kernel.allCases
        self.backends = backends
        self.openBLASThreads = 1
        self.seed = seed
        self.cacheCheck = preset == .standard ? CacheCheck.longSamples : nil
        // Every preset that is judged against runs made at other times times
        // the reference (issue 38); only the paired run, whose two sides share
        // every round, leaves it out.
        self.yardstick = preset != .paired
        switch preset {
        case .standard, .gate:
            sizes = [16, 256, 4 << 10, 64 << 10, 1 << 20, 16 << 20]
            timing = .standard
            probeTrials = 25
            probeMinimumElements = 1 << 24
            probeBudgetSeconds = 20
        case .quick:
            sizes = [16, 4 << 10, 1 << 20]
            timing = .quick
            probeTrials = 4
            probeMinimumElements = 1 << 23
        case .paired:
            sizes = [16, 256, 4 << 10, 64 << 10, 1 << 20]
            timing = .standard
            timing.samples = 3
            probeTrials = 4
            probeMinimumElements = 1 << 24
        }
        // The value sweep: 60 cells, about 4 s in the standard preset and 1 s in the quick one.
        valueTypeSizes = preset == .standard || preset == .quick ? ValueTypeSweep.defaultSizes : []
        switch preset {
        case .standard:
            workloads = SpringWorkload.allCases
            // Around where a 120 Hz frame budget runs out (an ODE step at 16 Mi points takes seconds).
            workloadSizes = [256, 4 << 10, 64 << 10, 256 << 10, 1 << 20, 4 << 20]
        case .quick:
            workloads = SpringWorkload.allCases
            workloadSizes = [4 << 10, 256 << 10]
        case .gate, .paired:
            workloads = []
            workloadSizes = []
        }
    }

    public static func standard(backends: [String]) -> BenchmarkPlan { BenchmarkPlan(.standard, backends: backends) }
    public static func quick(backends: [String]) -> BenchmarkPlan { BenchmarkPlan(.quick, backends: backends) }
    public static func gate(backends: [String]) -> BenchmarkPlan { BenchmarkPlan(.gate, backends: backends) }

    /// The machine limits a plan is checked against.
    public struct Limits: Sendable, Equatable {
        /// Bytes the run's operands may take.
        public var memoryBytes: Double
        /// Cores OpenBLAS may be given.
        public var cores: Int

        public init(memoryBytes: Double, cores: Int) {
            self.memoryBytes = memoryBytes
            self.cores = cores
        }

        /// 80 % of this machine's memory and its active cores.
        public static var thisMachine: Limits {
            Limits(
                memoryBytes: Double(ProcessInfo.processInfo.physicalMemory) * 0.8,
                cores: ProcessInfo.processInfo.activeProcessorCount)
        }
    }

    /// This plan with its lists sorted, or an error naming the first field out of range.
    ///
    /// Lists must be non-empty and free of repeats (a repeated backend would be
    /// compared with itself); sizes must be in 1…``PointCount/maximum`` and fit in memory.
    public func validated(
        against catalogue: BackendCatalogue, limits: Limits = .thisMachine
    ) throws(BenchmarkPlanError) -> BenchmarkPlan {
        func unique<T: Hashable>(_ items: [T], _ parameter: BenchmarkPlanError.Parameter, _ text: (T) -> String)
            throws(BenchmarkPlanError)
        {
            guard !items.isEmpty else { throw BenchmarkPlanError(parameter, "must name at least one item") }
            var seen = Set<T>()
            for item in items where !seen.insert(item).inserted {
                throw BenchmarkPlanError(parameter, "\(text(item)) appears more than once")
            }
        }
        try unique(kernels, .kernels) { $0.rawValue }
        try unique(backends, .backends) { $0 }
        for name in backends where catalogue[name] == nil {
            throw BenchmarkPlanError(
                .backends, "unknown backend \"\(name)\"; valid: \(catalogue.names.joined(separator: ", "))")
        }
        try unique(sizes, .sizes) { PointCount.format($0) }
        for size in sizes + workloadSizes where !(1...PointCount.maximum).contains(size) {
            throw BenchmarkPlanError(
                workloadSizes.contains(size) ? .workloadSizes : .sizes,
                "\(size) is outside 1…\(PointCount.format(PointCount.maximum))")
        }
        if !workloads.isEmpty { try unique(workloadSizes, .workloadSizes) { PointCount.format($0) } }
        for size in valueTypeSizes where !ValueTypeSweep.supportedSizes.contains(size) {
            throw BenchmarkPlanError(
                .valueTypeSizes,
                "\(size) is not one of \(ValueTypeSweep.supportedSizes.map(String.init).joined(separator: ", ")) (the sizes InlinePointVector is compiled for)"
            )
        }
        if !valueTypeSizes.isEmpty { try unique(valueTypeSizes, .valueTypeSizes) { String($0) } }
        if !otherBuilds.isEmpty { try unique(otherBuilds, .otherBuild) { $0 } }
        if !referenceSamplers.isEmpty { try unique(referenceSamplers, .referenceSampler) { $0 } }
        // Operands: three vectors per backend and build, plus one result of
        // add-alloc per build and the three arrays of each of two ceilings.
        let largest = sizes.max()!
        let builds = 1 + otherBuilds.count
        let references = (yardstick ? 1 : 0) + (loopsLibrary == nil ? 0 : 1) + referenceSamplers.count
        let needed = Double(largest) * 8 * Double(builds * (3 * backends.count + 1) + 6 + 4 * references)
        guard needed <= limits.memoryBytes else {
            throw BenchmarkPlanError(
                .sizes,
                "\(PointCount.format(largest)) points need about \(Int(needed / 1e9)) GB for \(backends.count) backends in \(builds) build(s); this machine allows \(Int(limits.memoryBytes / 1e9)) GB (80 % of memory)"
            )
        }
        guard (3...1000).contains(timing.samples) else {
            throw BenchmarkPlanError(.samples, "must be in 3…1000, got \(timing.samples)")
        }
        let milliseconds = timing.minimumSampleNanoseconds / 1e6
        guard milliseconds.isFinite, (0.01...1000).contains(milliseconds) else {
            throw BenchmarkPlanError(.minimumSampleMilliseconds, "must be in 0.01…1000, got \(milliseconds)")
        }
        guard (1...max(1, limits.cores)).contains(openBLASThreads) else {
            throw BenchmarkPlanError(.openBLASThreads, "must be in 1…\(max(1, limits.cores)), got \(openBLASThreads)")
        }
        let threaded = backendThreads(in: catalogue)
        let threads = threaded.map(\.1).max() ?? 1
        // A clock nobody chose follows the backends; a chosen one is checked.
        var timing = self.timing
        if threads > 1, !clockIsExplicit { timing.clock = .wall }
        guard timing.clock == .wall || threads == 1 else {
            let names = threaded.filter { $0.1 > 1 }.map { "\($0.0) (\($0.1) threads)" }.joined(separator: ", ")
            throw BenchmarkPlanError(
                .clock, "thread-cpu sees only the calling thread, and \(names) run more than one; use wall")
        }
        if let target = timing.targetPrecision {
            guard target.isFinite, (0.001...0.5).contains(target) else {
                throw BenchmarkPlanError(.targetPrecision, "must be in 0.1 %…50 %, got \(target * 100) %")
            }
            let seconds = timing.precisionBudgetNanoseconds / 1e9
            guard seconds.isFinite, (0.1...3600).contains(seconds) else {
                throw BenchmarkPlanError(.precisionBudget, "must be in 0.1…3600 seconds, got \(seconds)")
            }
        }
        guard (1...100).contains(probeTrials) else {
            throw BenchmarkPlanError(.probeTrials, "must be in 1…100, got \(probeTrials)")
        }
        var plan = self
        plan.timing = timing
        plan.threadsPerCall = threads
        // One clock for every sample of the run: the cache check's long samples are compared with the sweep's.
        plan.cacheCheck?.clock = timing.clock
        plan.sizes.sort()
        plan.workloadSizes.sort()
        plan.valueTypeSizes.sort()
        return plan
    }

    /// Threads one call of each of the plan's backends in `catalogue` runs
    /// (OpenBLAS: ``openBLASThreads``), in plan order; unknown names are left out.
    public func backendThreads(in catalogue: BackendCatalogue) -> [(String, Int)] {
        backends.compactMap { name in
            guard let backend = catalogue[name] else { return nil }
            return (name, name == OpenBLASBackend.name ? openBLASThreads : backend.details.threads)
        }
    }

    /// The record of this plan in a results file.
    public var configuration: SweepConfiguration {
        var configuration = SweepConfiguration(
            kernels: kernels, backends: backends, sizes: sizes, samples: timing.samples,
            minimumSampleNanoseconds: timing.minimumSampleNanoseconds, openBLASThreads: openBLASThreads,
            quick: preset == .quick, seed: seed, clock: timing.clock,
            otherBuilds: otherBuilds.isEmpty ? nil : otherBuilds)
        configuration.yardstick = yardstick
        configuration.loopsLibrary = loopsLibrary
        configuration.referenceSamplers = referenceSamplers.isEmpty ? nil : referenceSamplers
        configuration.targetPrecision = timing.targetPrecision
        configuration.precisionBudgetSeconds = timing.targetPrecision.map { _ in timing.precisionBudgetNanoseconds / 1e9
        }
        return configuration
    }

    /// The parallel threshold measurement's timing: 7 samples (quick: 5) of
    /// the kernels' length, by the wall clock (threads run).
    public var parallelTiming: TimingPolicy {
        TimingPolicy(
            samples: preset == .quick ? 5 : 7, minimumSampleNanoseconds: timing.minimumSampleNanoseconds,
            warmupNanoseconds: timing.warmupNanoseconds, clock: .wall)
    }

    /// The workloads' timing: half the samples (at least 3), the kernels' sample length.
    public var workloadTiming: TimingPolicy {
        TimingPolicy(
            samples: max(3, timing.samples / 2), minimumSampleNanoseconds: timing.minimumSampleNanoseconds,
            warmupNanoseconds: timing.warmupNanoseconds, clock: timing.clock)
    }

    /// The value sweep's timing: the kernels' samples and sample length, without a target
    /// precision (its cells are short and its ratios are medians of the same rounds).
    public var valueTypeTiming: TimingPolicy {
        TimingPolicy(
            samples: timing.samples, minimumSampleNanoseconds: timing.minimumSampleNanoseconds,
            warmupNanoseconds: timing.warmupNanoseconds, clock: timing.clock)
    }
}

/// A field of a ``BenchmarkPlan`` out of its valid range.
public struct BenchmarkPlanError: Error, Equatable, CustomStringConvertible {
    /// The plan's fields, named as the command line spells them.
    public enum Parameter: String, Sendable, CaseIterable {
        case kernels, backends, sizes, samples
        case minimumSampleMilliseconds = "min-sample-ms"
        case openBLASThreads = "openblas-threads"
        case clock
        case probeTrials = "probe-trials"
        case targetPrecision = "target-precision"
        case precisionBudget = "precision-budget"
        case workloadSizes = "workload-sizes"
        case valueTypeSizes = "value-type-sizes"
        case otherBuild = "other-build"
        case referenceSampler = "reference-sampler"
    }

    public var parameter: Parameter
    public var message: String

    public init(_ parameter: Parameter, _ message: String) {
        self.parameter = parameter
        self.message = message
    }

    public var description: String { "--\(parameter.rawValue): \(message)" }
}
