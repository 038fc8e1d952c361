import Benchmarking

/// Another build sampled through its sampler (``SamplerProtocol``): the
/// `OtherBuild` of `springbench bench --other-build EXECUTABLE`. Each of
/// its cells is a request away; the sweep interleaves them with its own.
public final class SamplerOtherBuild: OtherBuild {
    let channel: SamplerChannel
    public let machine: MachineRecord
    public private(set) var failure: String?
    /// What the build's sampler may be asked (from the memory its hello reports).
    let limits: SamplerLimits

    /// Greets the sampler on `channel` and checks it runs on this machine.
    ///
    /// A reference sampler (`reference`: numpy's, `Yardsticks/numpy/sampler.py`)
    /// is a child of this process by construction; its record is its own
    /// reading of the machine, so only the CPU model must agree (a Python
    /// program may spell the host name otherwise), and it must offer exactly
    /// one backend: the reference.
    public init(channel: SamplerChannel, thisMachine: MachineRecord, reference: Bool = false) throws(OtherBuildError) {
        let option = reference ? "--reference-sampler" : "--other-build"
        self.channel = channel
        let reply: SamplerResponse
        do {
            reply = try channel.send(.hello)
        } catch {
            throw OtherBuildError(option: option, build: channel.label, message: error.description)
        }
        guard case .hello(let version, let machine) = reply else {
            throw OtherBuildError(
                option: option, build: channel.label,
                message: "answered a hello with something else; is it a springbench executable?")
        }
        guard version == SamplerProtocol.version else {
            throw OtherBuildError(
                option: option, build: channel.label,
                message: PairedRunError.incompatible(label: channel.label, version: version).description)
        }
        if reference {
            guard machine.cpuModel == thisMachine.cpuModel else {
                throw OtherBuildError(
                    option: option, build: channel.label,
                    message: "reports another CPU (\(machine.cpuModel)); it must run here")
            }
            guard machine.backends.count == 1 else {
                throw OtherBuildError(
                    option: option, build: channel.label,
                    message: "offers \(machine.backends.count) backends; a reference sampler offers exactly one")
            }
        } else if machine.hostname != thisMachine.hostname || machine.cpuModel != thisMachine.cpuModel {
            throw OtherBuildError(
                build: channel.label,
                message: "reports another machine (\(machine.comparisonSummary)); both builds must run here")
        }
        self.machine = machine
        self.limits = SamplerLimits(
            physicalMemoryBytes: machine.memoryBytes > 0 ? Double(machine.memoryBytes) : .infinity)
    }

    deinit { channel.close() }

    /// This sampler's one backend as a reference row of a `Sweep` (for a
    /// sampler greeted with `reference: true`): its cells are requests, as
    /// an other build's are; the sweep holds this object for the run.
    public var reference: SweepReference {
        let details = machine.backends[0]
        return SweepReference(
            details: details,
            cells: { [self] size, kernels, seed in
                Dictionary(
                    uniqueKeysWithValues: kernels.map {
                        ($0, cell(CellKey(kernel: $0, backend: details.name, size: size), seed: seed))
                    })
            },
            failure: { [self] in failure })
    }

    public var backendNames: [String] { machine.backends.map(\.name) }

    public func cell(_ key: CellKey, seed: UInt64) -> any SampledCell {
        Cell(build: self, key: key, seed: seed, ceiling: nil)
    }

    public func ceilings(_ key: CellKey, seed: UInt64) -> [any SampledCell] {
        (0..<key.kernel.ceilingPattern.loopVariants).map { Cell(build: self, key: key, seed: seed, ceiling: $0) }
    }

    /// Sends `request`; on any failure records it and returns nil.
    /// Requests beyond the sampler's ``SamplerLimits`` are not sent: that is a failure too.
    func send(_ request: SamplerRequest) -> SamplerResponse? {
        guard failure == nil else { return nil }
        if let reason = limits.refusal(of: request) {
            failure = PairedRunError.beyondLimits(label: channel.label, reason: reason).description
            return nil
        }
        do {
            return try channel.send(request)
        } catch {
            failure = error.description
            return nil
        }
    }

    final class Cell: SampledCell {
        let build: SamplerOtherBuild
        let key: CellKey
        let seed: UInt64
        let ceiling: Int?
        /// Set by ``warm()``: the next sample request carries the warming call
        /// (one round trip instead of two).
        var warmNext = false

        init(build: SamplerOtherBuild, key: CellKey, seed: UInt64, ceiling: Int?) {
            self.build = build
            self.key = key
            self.seed = seed
            self.ceiling = ceiling
        }

        func calibrate(_ policy: TimingPolicy) -> Int {
            let request = SamplerRequest.prepare(
                kernel: key.kernel, backend: key.backend, size: key.size, seed: seed,
                warmupNanoseconds: policy.warmupNanoseconds, minimumSampleNanoseconds: policy.minimumSampleNanoseconds,
                ceiling: ceiling)
            guard case .prepared(let iterations)? = build.send(request) else {
                build.fail(ifAnswered: "a response other than prepared")
                return 1
            }
            return max(1, iterations)
        }

        func sample(iterations: Int, clock: SampleClock) -> Double {
            let warm = warmNext
            warmNext = false
            guard
                case .sample(let nanoseconds)? = build.send(
                    .sample(iterations: iterations, clock: clock, cell: key, warm: warm, ceiling: ceiling))
            else {
                build.fail(ifAnswered: "a response other than sample")
                return .nan
            }
            return nanoseconds
        }

        func warm() { warmNext = true }

        func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? {
            guard case .allocations(let perOperation)? = build.send(.allocations(cell: key)) else {
                build.fail(ifAnswered: "a response other than allocations")
                return nil
            }
            return perOperation
        }
    }

    /// Records a garbled answer (a transport failure is already recorded).
    func fail(ifAnswered message: String) {
        if failure == nil { failure = PairedRunError.garbled(label: channel.label, line: message).description }
    }
}
