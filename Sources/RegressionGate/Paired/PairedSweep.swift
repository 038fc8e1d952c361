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
    /// Whether each side runs the bandwidth probe (first epoch). A run whose
    /// only use is the change between the two sides (`bisect`, `history check
    /// --confirm`) does without: the probe moves three arrays of four times the
    /// last-level cache, about 40 s per side in a debug build on a machine that
    /// reports a 260 MiB cache; its results carry `BandwidthProbeResult.notMeasured`
    /// and cannot be written.
    public var measuresProbe = true

    /// `plan`: a validated plan; its `timing.samples` is the number
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
    /// epoch), tied by a `PairingRecord`.
    ///
    /// Parameters:
    ///   - `start`: starts a fresh pair of samplers (baseline, current); called once per epoch.
    ///   - `cpu`: the CPU the samplers are pinned to (recorded).
    ///   - `commandLine`: recorded as each side's command line.
    public func run(
        pairingID: String, cpu: Int?, commandLine: String,
        start: () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel),
        progress: (_ epoch: Int, SweepProgress) -> Void = { _, _ in }
    ) throws(PairedRunError) -> (baseline: BenchmarkResults, current: BenchmarkResults) {
        let started = monotonicNanoseconds()
        let seeds = SweepSeeds(run: configuration.seed)
        var rng = seeds.schedule()
        var cells = PairedCell.sweepOrder(configuration)
        var sides = [Side(), Side()]  // baseline, current
        for epoch in 1...epochs {
            let (baseline, current) = try start()
            let channels = [baseline, current]
            defer { channels.forEach { $0.close() } }
            try greet(channels, sides: &sides, epoch: epoch, commandLine: commandLine)
            if epoch == 1 && measuresProbe {
                try probe(channels, sides: &sides) { progress(epoch, $0) }
            }
            for number in cells.indices {
                let key = cells[number].key
                progress(epoch, .measuring(kernel: key.kernel, size: key.size, cell: number + 1, of: cells.count))
                try measure(
                    &cells[number], on: channels, sides: sides, countingAllocations: epoch == epochs, using: &rng)
            }
        }
        let elapsed = Double(monotonicNanoseconds() &- started) / 1e9
        let roles = ["baseline", "current"]
        let results = roles.indices.map { index -> BenchmarkResults in
            var sideConfiguration = configuration
            sideConfiguration.samples = policy.samples * epochs
            sideConfiguration.pairing = PairingRecord(
                id: pairingID, role: roles[index], baselineExecutable: sides[0].label!,
                currentExecutable: sides[1].label!,
                epochs: epochs, cpu: cpu)
            let measurements = cells.enumerated().map { number, cell in
                Sweep.measurement(
                    kernel: cell.key.kernel, backend: cell.key.backend, size: cell.key.size,
                    cell: InterleavedSampler.CellSamples(
                        iterationsPerSample: cell.iterations, samples: cell.samples[index],
                        allocationsPerOperation: cell.allocations[index]),
                    probe: sides[index].probe ?? .notMeasured, seed: seeds.measurement(number))
            }
            return BenchmarkResults(
                machine: sides[index].machine!, configuration: sideConfiguration,
                probe: sides[index].probe ?? .notMeasured,
                measurements: measurements, workloads: [], elapsedSeconds: elapsed)
        }
        return (results[0], results[1])
    }

    /// What the run knows of one side: from its first hello and probe, and
    /// the limits its latest hello allows.
    struct Side {
        var label: String?
        var machine: MachineRecord?
        var probe: BandwidthProbeResult?
        /// What the sampler may be asked, from the memory its hello reports.
        var limits: SamplerLimits?

        /// `request`, unless it is beyond the side's limits.
        func checked(_ request: SamplerRequest, backendsAtSize: Int, label: String) throws(PairedRunError)
            -> SamplerRequest
        {
            let known = limits ?? SamplerLimits(physicalMemoryBytes: .infinity)
            if let reason = known.refusal(of: request, backendsAtSize: backendsAtSize) {
                throw .beyondLimits(label: label, reason: reason)
            }
            return request
        }
    }

    /// One cell of the paired run across its epochs: the iterations both
    /// sides use, and each side's samples and allocations (baseline, current).
    struct PairedCell {
        var key: CellKey
        var iterations = 1
        var samples: [[Double]] = [[], []]
        var allocations: [Double?] = [nil, nil]

        /// The cells of `configuration` in sweep order: sizes ascending, then kernels, then backends.
        static func sweepOrder(_ configuration: SweepConfiguration) -> [PairedCell] {
            configuration.sizes.sorted().flatMap { size in
                configuration.kernels.flatMap { kernel in
                    configuration.backends.map { PairedCell(key: CellKey(kernel: kernel, backend: $0, size: size)) }
                }
            }
        }
    }

    /// `request` for side `index`, checked against its limits.
    private func checked(
        _ request: SamplerRequest, _ index: Int, _ channel: SamplerChannel, _ sides: [Side]
    ) throws(PairedRunError) -> SamplerRequest {
        try sides[index].checked(request, backendsAtSize: configuration.backends.count, label: channel.label)
    }

    /// Says hello to both samplers: checks their protocol, takes the limits
    /// their memory allows and, in the first epoch, their records.
    private func greet(
        _ channels: [SamplerChannel], sides: inout [Side], epoch: Int, commandLine: String
    ) throws(PairedRunError) {
        for channel in channels {
            guard case .hello(let version, var machine) = try channel.send(.hello) else {
                throw .garbled(label: channel.label, line: "a response other than hello")
            }
            guard version == SamplerProtocol.version else {
                throw .incompatible(label: channel.label, version: version)
            }
            if let index = channels.firstIndex(where: { $0 === channel }), machine.memoryBytes > 0 {
                sides[index].limits = SamplerLimits(physicalMemoryBytes: Double(machine.memoryBytes))
            }
            if epoch == 1, let index = sides.firstIndex(where: { $0.label == nil }) {
                machine.commandLine = commandLine
                sides[index].machine = machine
                sides[index].label = channel.label
            }
        }
        if epoch == 1, let baseline = sides[0].machine, let current = sides[1].machine {
            guard baseline.hostname == current.hostname, baseline.cpuModel == current.cpuModel else {
                throw .differentMachines(baseline: baseline.comparisonSummary, current: current.comparisonSummary)
            }
        }
    }

    /// Each side's bandwidth probe, for its results file (first epoch only).
    private func probe(
        _ channels: [SamplerChannel], sides: inout [Side], progress: (SweepProgress) -> Void
    ) throws(PairedRunError) {
        for (index, channel) in channels.enumerated() {
            progress(.probing(.copy))
            guard
                case .probe(let result) = try channel.send(
                    checked(
                        .probe(trials: probeTrials, minimumElements: probeMinimumElements, clock: policy.clock), index,
                        channel, sides))
            else {
                throw .garbled(label: channel.label, line: "a response other than probe")
            }
            sides[index].probe = result
        }
    }

    /// One epoch of one cell: both sides prepare (in random order), the
    /// larger iteration count is used by both, then one untimed settling pair
    /// and `policy.samples` timed pairs, each in random order; in the last
    /// epoch, each side's allocations.
    private func measure(
        _ cell: inout PairedCell, on channels: [SamplerChannel], sides: [Side], countingAllocations: Bool,
        using rng: inout SplitMix64
    ) throws(PairedRunError) {
        let prepare = SamplerRequest.prepare(
            kernel: cell.key.kernel, backend: cell.key.backend, size: cell.key.size, seed: configuration.seed,
            warmupNanoseconds: policy.warmupNanoseconds, minimumSampleNanoseconds: policy.minimumSampleNanoseconds,
            ceiling: nil)
        // Whichever side prepares (warms up) last starts with its data in
        // the caches, and that favours it in the first pair whatever the
        // pair's order: measured, the side always prepared last read
        // 3–4 % faster at 1 Mi points (96 % of those cells) in A/A runs.
        // So the preparing order is random too, and one settling pair,
        // untimed, goes before the timed ones.
        var count = 1
        for index in randomOrder(&rng) {
            guard
                case .prepared(let calibrated) = try channels[index].send(
                    checked(prepare, index, channels[index], sides))
            else {
                throw .garbled(label: channels[index].label, line: "a response other than prepared")
            }
            count = max(count, calibrated)
        }
        cell.iterations = max(cell.iterations, count)
        for pair in 0...policy.samples {
            for index in randomOrder(&rng) {
                guard
                    case .sample(let nanoseconds) = try channels[index].send(
                        checked(
                            .sample(iterations: count, clock: policy.clock, cell: nil, warm: nil, ceiling: nil), index,
                            channels[index], sides))
                else {
                    throw .garbled(label: channels[index].label, line: "a response other than sample")
                }
                if pair > 0 { cell.samples[index].append(nanoseconds) }
            }
        }
        if countingAllocations {
            for index in channels.indices {
                guard case .allocations(let perOperation) = try channels[index].send(.allocations(cell: nil)) else {
                    throw .garbled(label: channels[index].label, line: "a response other than allocations")
                }
                cell.allocations[index] = perOperation
            }
        }
    }

    /// Baseline then current, or current then baseline, with equal odds.
    func randomOrder(_ rng: inout SplitMix64) -> [Int] {
        rng.next() & 1 == 0 ? [0, 1] : [1, 0]
    }
}
