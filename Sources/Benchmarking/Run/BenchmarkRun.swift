import OpenBLASKernels
import ParallelKernels
import SpringBenchSupport
import VectorKernels

/// The benchmark run: a validated plan in, results out.
///
/// Sets OpenBLAS's thread count, pins a single-threaded run to the CPU it
/// starts on, measures the machine's bandwidth, times every kernel cell and
/// then the workloads, and records the machine:
///
/// ```swift
/// let plan = try BenchmarkPlan.quick(backends: catalogue.names).validated(against: catalogue)
/// let results = try BenchmarkRun(plan: plan, catalogue: catalogue).run()
/// try results.write(to: "bench-results.json")
/// ```
public struct BenchmarkRun {
    public var plan: BenchmarkPlan
    public var catalogue: BackendCatalogue
    /// The command line recorded in the results (and reports).
    public var commandLine: String
    /// Counts heap allocations; supplied by an executable that links a counter.
    public var countAllocations: AllocationCounter?

    /// - Precondition: `plan` was validated against `catalogue`.
    public init(
        plan: BenchmarkPlan, catalogue: BackendCatalogue, commandLine: String = "",
        countAllocations: AllocationCounter? = nil
    ) {
        self.plan = plan
        self.catalogue = catalogue
        self.commandLine = commandLine
        self.countAllocations = countAllocations
    }

    /// Starts the sampler of each of the plan's other builds (``OtherBuild``)
    /// from its executable; called after the run has pinned itself, so that
    /// they share its CPU.
    public var startOtherBuild: (String) throws(OtherBuildError) -> any OtherBuild = { path throws(OtherBuildError) in
        throw OtherBuildError(build: path, message: "this program cannot start other builds")
    }

    /// The plan's loops library, loaded (``LoopsLibrary``): set by whoever
    /// validated ``BenchmarkPlan/loopsLibrary``; nil: no gcc yardstick.
    public var loopsLibrary: LoopsLibrary?

    /// Starts each of the plan's reference samplers (numpy's) from its
    /// executable, after the run has pinned itself, as ``startOtherBuild``.
    public var startReferenceSampler: (String) throws(OtherBuildError) -> SweepReference = {
        path throws(OtherBuildError) in
        throw OtherBuildError(
            option: "--reference-sampler", build: path, message: "this program cannot start reference samplers")
    }

    /// Measures how much of the last-level cache the run can keep
    /// (``CacheResidency``), from the reported last-level and L2 sizes and the
    /// plan's clock; tests inject a machine's answer.
    public var measureResidency:
        (_ lastLevelCacheBytes: Int, _ secondLevelCacheBytes: Int, _ clock: SampleClock) ->
            CacheResidency? = { lastLevel, second, clock in
                CacheResidency.measure(
                    lastLevelCacheBytes: lastLevel, secondLevelCacheBytes: second, now: clock.now)
            }

    /// Starts the plan's other builds and reference samplers, and installs its loops library.
    func startChildren(backends: [BenchmarkBackend]) throws(OtherBuildError) -> (
        otherBuilds: [any OtherBuild], references: [SweepReference]
    ) {
        var otherBuilds: [any OtherBuild] = []
        var references: [SweepReference] = []
        for path in plan.otherBuilds { otherBuilds.append(try startOtherBuild(path)) }
        if let loopsLibrary {
            GCCLoops.install(loopsLibrary)
            references.append(SweepReference(.gccLoops))
        }
        for path in plan.referenceSamplers {
            let reference = try startReferenceSampler(path)
            let taken = Set(backends.map(\.name) + [CYardstick.name] + references.map(\.name))
            guard !taken.contains(reference.name) else {
                throw OtherBuildError(
                    option: "--reference-sampler", build: path,
                    message: "names its backend \"\(reference.name)\", which a backend or another reference already has"
                )
            }
            references.append(reference)
        }
        return (otherBuilds, references)
    }

    public func run(progress: (SweepProgress) -> Void = { _ in }) throws(OtherBuildError) -> BenchmarkResults {
        let started = monotonicNanoseconds()
        OpenBLASBackend.threadCount = plan.openBLASThreads
        let backends = plan.backends.map { name -> BenchmarkBackend in
            guard let backend = catalogue[name] else {
                preconditionFailure("backend \(name) is not in the catalogue; validate the plan first")
            }
            return backend
        }
        var configuration = plan.configuration
        // The sampling thread is pinned to the CPU it runs on (each vCPU of a shared
        // machine has its own speed at any moment). Threads inherit their creator's
        // CPU mask, so a threaded backend's threads must exist first: the pool is
        // configured here, and OpenBLAS started its threads when it loaded. Other
        // builds and samplers start after the pin in a single-threaded run, to share
        // its CPU; in a threaded run before it, so their own threads keep every core.
        let threaded = plan.threadsPerCall > 1
        if threaded { _ = ParallelBackend.threadCount }
        var children = threaded ? try startChildren(backends: backends) : nil
        configuration.pinnedCPU = CPUAffinity.pinSamplingThread()
        if children == nil { children = try startChildren(backends: backends) }
        var machine = MachineRecord.current(backends: backends.map(\.details), commandLine: commandLine)
        // What this process can keep in the cache decides every cell's state (CacheResidency).
        machine.cacheResidency =
            ProbeStandIn.isOn
            ? nil
            : measureResidency(machine.lastLevelCacheBytes, machine.cacheBytes(level: 2), plan.timing.clock)
        var bandwidthProbe = BandwidthProbe.sized(
            lastLevelCacheBytes: machine.cacheStateBytes, trials: plan.probeTrials,
            minimumElements: plan.probeMinimumElements)
        bandwidthProbe.clock = plan.timing.clock
        bandwidthProbe.budgetNanoseconds = plan.probeBudgetSeconds.map { $0 * 1e9 }
        let runsParallel = plan.backends.contains(ParallelBackend.name)
        if runsParallel { bandwidthProbe.allCoreThreads = ParallelBackend.threadCount }
        let probe = bandwidthProbe.run { progress(.probing($0)) }
        // Before any cell: the parallel backend's cells run with the thresholds this machine supports.
        let parallel =
            runsParallel
            ? ParallelThresholdMeasurement(
                operations: ParallelBackend.Operation.allCases.filter { operation in
                    plan.kernels.contains { ParallelThresholdMeasurement.operation(of: $0) == operation }
                },
                largestSize: plan.sizes.max() ?? 0, policy: plan.parallelTiming, seed: plan.seed,
                lastLevelCacheBytes: machine.cacheStateBytes
            ).run { progress(.parallelThreshold($0)) } : nil
        parallel?.apply()
        var sweep = Sweep(
            kernels: plan.kernels, backends: backends, sizes: plan.sizes, seed: plan.seed,
            sampler: InterleavedSampler(policy: plan.timing, countAllocations: countAllocations))
        sweep.lastLevelCacheBytes = machine.cacheStateBytes
        sweep.secondLevelCacheBytes = machine.cacheBytes(level: 2)
        sweep.cacheCheck = plan.cacheCheck
        sweep.yardstick = plan.yardstick ? .cYardstick : nil
        sweep.otherBuilds = children!.otherBuilds
        sweep.references = children!.references
        let outcome = try sweep.run(probe: probe, progress: progress)
        let floor = HarnessFloor.measure(
            build: machine.targetCPU, others: sweep.otherBuilds,
            sampler: InterleavedSampler(policy: plan.timing, countAllocations: nil), seeds: SweepSeeds(run: plan.seed))
        let workloads = WorkloadSweep(
            workloads: plan.workloads, backends: backends, sizes: plan.workloads.isEmpty ? [] : plan.workloadSizes,
            seed: plan.seed,
            sampler: InterleavedSampler(policy: plan.workloadTiming, countAllocations: countAllocations)
        ).run(progress: progress)
        let valueTypes = ValueTypeSweep(
            sizes: plan.valueTypeSizes, seed: plan.seed,
            sampler: InterleavedSampler(policy: plan.valueTypeTiming, countAllocations: countAllocations)
        ).run(progress: progress)
        let elapsed = Double(monotonicNanoseconds() &- started) / 1e9
        var results = BenchmarkResults(
            machine: machine, configuration: configuration, probe: probe,
            measurements: outcome.measurements, workloads: workloads, elapsedSeconds: elapsed)
        results.otherBuilds = outcome.otherBuilds.isEmpty ? nil : outcome.otherBuilds
        results.cacheCheck = outcome.cacheCheck
        results.harnessFloor = floor.isEmpty ? nil : floor
        results.parallel = parallel
        results.valueTypes = valueTypes.isEmpty ? nil : valueTypes
        results.yardstick =
            plan.yardstick
            ? YardstickMeasurements(details: CYardstick.details, measurements: outcome.yardstick) : nil
        results.references =
            sweep.references.isEmpty
            ? nil
            : zip(sweep.references, outcome.references).map {
                YardstickMeasurements(details: $0.details, measurements: $1)
            }
        results.attachReferenceRatios()
        return results
    }
}
