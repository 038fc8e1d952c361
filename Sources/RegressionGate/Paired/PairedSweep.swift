import Benchmarking
import VectorKernels

/// Times two builds side by side, sample by sample, in fresh processes.
///
/// For every kernel × backend × size both samplers calibrate, the larger
/// iteration count is used by both (the same work per sample), and then the
/// samples alternate between the builds (in a seeded random order within
/// each pair, after one untimed settling pair), so that sample *i* of the baseline and sample *i* of the
/// current build are taken within milliseconds of each other. The caller
/// pins both samplers to one CPU, so each pair also shares the CPU.
/// All of that is one *epoch*; the run repeats it with newly started
/// samplers `epochs` times.
///
/// Why, measured on this kind of 2-vCPU shared machine:
/// - the speed of unchanged code moved up to 2.4× between runs, and not by
///   one common factor (scalar code slowed more than SIMD code), so separate
///   runs cannot be made comparable to 10 % by repetition or by a reference
///   workload;
/// - samples taken back to back but on different vCPUs did not share that
///   state (one build ran fast while the other ran slow): the state belongs to
///   the CPU, hence the pinning;
/// - even pinned and paired, one pair of processes differed consistently by
///   up to 15 % (allocation-heavy cells) from another pair of the same binary:
///   a property of the process (its address-space layout, heap), not of the
///   code. Fresh processes each epoch make that bias a random draw per epoch,
///   which the comparison then treats as noise (one ratio per epoch).
public struct PairedSweep {
    public var configuration: SweepConfiguration
    /// `samples` is the number of pairs per cell in each epoch.
    public var policy: TimingPolicy
    public var epochs: Int
    public var probeTrials: Int
    public var probeMinimumElements: Int

    /// - Parameter plan: a validated plan; its `timing.samples` is the number
    ///   of pairs per cell in each epoch (workloads are not paired).
    public init(plan: BenchmarkPlan, epochs: Int) {
        precondition(epochs >= 1, "a paired run needs at least one epoch")
        self.configuration = plan.configuration
        self.policy = plan.timing
        self.epochs = epochs
        self.probeTrials = plan.probeTrials
        self.probeMinimumElements = plan.probeMinimumElements
    }

    /// Runs the paired sweep; returns one results file per side, each a
    /// complete `bench` results document with its own probe (from the first
    /// epoch), tied by a ``PairingRecord``.
    ///
    /// - Parameters:
    ///   - start: starts a fresh pair of samplers (baseline, current); called once per epoch.
    ///   - cpu: the CPU the samplers are pinned to (recorded).
    ///   - commandLine: recorded as each side's command line.
    public func run(
        pairingID: String, cpu: Int?, commandLine: String,
        start: () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel),
        progress: (_ epoch: Int, SweepProgress) -> Void = { _, _ in }
    ) throws(PairedRunError) -> (baseline: BenchmarkResults, current: BenchmarkResults) {
        let started = monotonicNanoseconds()
        var rng = SplitMix64(seed: configuration.seed)
        var machines: [MachineRecord] = []
        var probes: [BandwidthProbeResult] = []
        var labels: [String] = []
        // Per cell, in sweep order: iterations, samples and allocations of each side.
        var cells: [CellKey] = []
        for size in configuration.sizes.sorted() {
            for kernel in configuration.kernels {
                for backend in configuration.backends { cells.append(CellKey(kernel: kernel, backend: backend, size: size)) }
            }
        }
        var iterations = [Int](repeating: 1, count: cells.count)
        var samples = [[[Double]]](repeating: [[], []], count: cells.count)
        var allocations = [[Double?]](repeating: [nil, nil], count: cells.count)
        // What each sampler may be asked, from the memory its hello reports.
        var limits: [SamplerLimits?] = [nil, nil]
        func checked(_ request: SamplerRequest, _ index: Int, _ side: SamplerChannel) throws(PairedRunError) -> SamplerRequest {
            let known = limits[index] ?? SamplerLimits(physicalMemoryBytes: .infinity)
            if let reason = known.refusal(of: request, backendsAtSize: configuration.backends.count) {
                throw .beyondLimits(label: side.label, reason: reason)
            }
            return request
        }
        for epoch in 1...epochs {
            let (baseline, current) = try start()
            let sides = [baseline, current]
            defer { sides.forEach { $0.close() } }
            for side in sides {
                guard case .hello(let version, var machine) = try side.send(.hello) else {
                    throw .garbled(label: side.label, line: "a response other than hello")
                }
                guard version == SamplerProtocol.version else { throw .incompatible(label: side.label, version: version) }
                if let index = sides.firstIndex(where: { $0 === side }), machine.memoryBytes > 0 {
                    limits[index] = SamplerLimits(physicalMemoryBytes: Double(machine.memoryBytes))
                }
                if epoch == 1 {
                    machine.commandLine = commandLine
                    machines.append(machine)
                    labels.append(side.label)
                }
            }
            if epoch == 1 {
                guard machines[0].hostname == machines[1].hostname, machines[0].cpuModel == machines[1].cpuModel else {
                    throw .differentMachines(baseline: machines[0].comparisonSummary, current: machines[1].comparisonSummary)
                }
                for (index, side) in sides.enumerated() {
                    progress(epoch, .probing(.copy))
                    guard case .probe(let result) = try side.send(checked(
                        .probe(trials: probeTrials, minimumElements: probeMinimumElements, clock: policy.clock), index, side)) else {
                        throw .garbled(label: side.label, line: "a response other than probe")
                    }
                    probes.append(result)
                }
            }
            for (number, cell) in cells.enumerated() {
                progress(epoch, .measuring(kernel: cell.kernel, size: cell.size, cell: number + 1, of: cells.count))
                let prepare = SamplerRequest.prepare(
                    kernel: cell.kernel, backend: cell.backend, size: cell.size, seed: configuration.seed,
                    warmupNanoseconds: policy.warmupNanoseconds, minimumSampleNanoseconds: policy.minimumSampleNanoseconds, ceiling: nil)
                // Whichever side prepares (warms up) last starts with its data in
                // the caches, and that favours it in the first pair whatever the
                // pair's order: measured, the side always prepared last read
                // 3–4 % faster at 1 Mi points (96 % of those cells) in A/A runs.
                // So the preparing order is random too, and one settling pair,
                // untimed, goes before the timed ones.
                var count = 1
                for index in randomOrder(&rng) {
                    guard case .prepared(let calibrated) = try sides[index].send(checked(prepare, index, sides[index])) else {
                        throw .garbled(label: sides[index].label, line: "a response other than prepared")
                    }
                    count = max(count, calibrated)
                }
                iterations[number] = max(iterations[number], count)
                for pair in 0...policy.samples {
                    for index in randomOrder(&rng) {
                        guard case .sample(let nanoseconds) = try sides[index].send(checked(
                            .sample(iterations: count, clock: policy.clock, cell: nil, warm: nil, ceiling: nil), index, sides[index])) else {
                            throw .garbled(label: sides[index].label, line: "a response other than sample")
                        }
                        if pair > 0 { samples[number][index].append(nanoseconds) }
                    }
                }
                if epoch == epochs {
                    for index in sides.indices {
                        guard case .allocations(let perOperation) = try sides[index].send(.allocations(cell: nil)) else {
                            throw .garbled(label: sides[index].label, line: "a response other than allocations")
                        }
                        allocations[number][index] = perOperation
                    }
                }
            }
        }
        let elapsed = Double(monotonicNanoseconds() &- started) / 1e9
        let roles = ["baseline", "current"]
        let results = roles.indices.map { index -> BenchmarkResults in
            var sideConfiguration = configuration
            sideConfiguration.samples = policy.samples * epochs
            sideConfiguration.pairing = PairingRecord(
                id: pairingID, role: roles[index], baselineExecutable: labels[0], currentExecutable: labels[1],
                epochs: epochs, cpu: cpu)
            let measurements = cells.indices.map { number in
                Sweep.measurement(
                    kernel: cells[number].kernel, backend: cells[number].backend, size: cells[number].size,
                    cell: InterleavedSampler.CellSamples(
                        iterationsPerSample: iterations[number], samples: samples[number][index],
                        allocationsPerOperation: allocations[number][index]),
                    probe: probes[index], seed: configuration.seed &+ UInt64(number))
            }
            return BenchmarkResults(
                machine: machines[index], configuration: sideConfiguration, probe: probes[index],
                measurements: measurements, workloads: [], elapsedSeconds: elapsed)
        }
        return (results[0], results[1])
    }

    /// Baseline then current, or current then baseline, with equal odds.
    func randomOrder(_ rng: inout SplitMix64) -> [Int] {
        rng.next() & 1 == 0 ? [0, 1] : [1, 0]
    }
}
