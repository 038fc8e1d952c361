import Benchmarking

/// The sampler's side of ``SamplerProtocol``: keeps one prepared kernel and
/// answers requests about it. `springbench sampler` wraps it in a loop over
/// standard input; tests drive it directly.
public final class SamplerSession {
    let catalogue: BackendCatalogue
    let countAllocations: AllocationCounter?
    let makeMachine: () -> MachineRecord
    private lazy var machine: MachineRecord = makeMachine()
    /// Operands (and every kernel's operation on them) of the last backend and
    /// size prepared: kernels at one size share them, as in a ``Sweep``.
    private var operands: (backend: String, size: Int, seed: UInt64, operations: [Kernel: TimedOperation])?
    private var prepared: TimedOperation?

    /// - Parameters:
    ///   - catalogue: the backends this build offers (with the gate's
    ///     deliberately doubled variants when a check asks for them).
    ///   - machine: the record sent in the hello (built lazily).
    public init(catalogue: BackendCatalogue, countAllocations: AllocationCounter?, machine: @escaping () -> MachineRecord) {
        self.catalogue = catalogue
        self.countAllocations = countAllocations
        self.makeMachine = machine
    }

    public func respond(to request: SamplerRequest) -> SamplerResponse {
        switch request {
        case .hello:
            return .hello(protocolVersion: SamplerProtocol.version, machine: machine)
        case .probe(let trials, let minimumElements, let clock):
            guard (1...100).contains(trials), minimumElements >= 1024 else {
                return .failure("probe: trials must be in 1…100 and minimumElements ≥ 1024")
            }
            operands = nil
            prepared = nil
            var probe = BandwidthProbe.sized(
                lastLevelCacheBytes: machine.lastLevelCacheBytes, trials: trials, minimumElements: minimumElements)
            probe.clock = clock
            return .probe(probe.run())
        case .prepare(let kernel, let backend, let size, let seed, let warmup, let minimum):
            guard size >= 1, warmup >= 0, minimum > 0 else {
                return .failure("prepare: size must be ≥ 1 and the sample duration positive")
            }
            if operands?.backend != backend || operands?.size != size || operands?.seed != seed {
                operands = nil  // free the old operands before allocating new ones
                guard let entry = catalogue[backend] else {
                    prepared = nil
                    return .failure("prepare: unknown backend \"\(backend)\"; this build has \(catalogue.names.joined(separator: ", "))")
                }
                operands = (backend, size, seed, entry.kernelOperations(size: size, kernels: Kernel.allCases, seed: seed))
            }
            let operation = operands!.operations[kernel]!
            prepared = operation
            let policy = TimingPolicy(samples: 1, minimumSampleNanoseconds: minimum, warmupNanoseconds: warmup)
            return .prepared(iterations: operation.calibrate(policy))
        case .sample(let iterations, let clock):
            guard let prepared else { return .failure("sample: no kernel prepared") }
            guard iterations >= 1 else { return .failure("sample: iterations must be ≥ 1") }
            return .sample(nanoseconds: prepared.sample(iterations: iterations, clock: clock))
        case .allocations:
            guard let prepared else { return .failure("allocations: no kernel prepared") }
            guard let countAllocations else { return .allocations(perOperation: nil) }
            let runs = 16
            return .allocations(perOperation: Double(countAllocations { prepared.run(runs) }) / Double(runs))
        case .quit:
            operands = nil
            self.prepared = nil
            return .bye
        }
    }
}
