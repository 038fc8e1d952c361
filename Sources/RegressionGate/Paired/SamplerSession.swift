import Benchmarking
import Foundation

/// The sampler's side of ``SamplerProtocol``: keeps one prepared kernel and
/// answers requests about it. `springbench sampler` wraps it in a loop over
/// standard input; tests drive it directly.
///
/// Requests are bounded by ``SamplerLimits`` (memory for operands, 10 s per
/// sample): one beyond them gets a `failure` reply naming the limit, never an
/// allocation abort or a sample that runs until killed.
public final class SamplerSession {
    let catalogue: BackendCatalogue
    let countAllocations: AllocationCounter?
    let makeMachine: () -> MachineRecord
    private lazy var machine: MachineRecord = makeMachine()
    /// Operands (and every kernel's operation on them) of every backend
    /// prepared at the current size and seed: kernels at one size share them,
    /// as in a ``Sweep``, and a sweep of several backends samples them in turns.
    private var operands: (size: Int, seed: UInt64, byBackend: [String: KernelOperations])?
    private var prepared: (key: CellKey, ceiling: Int?)?
    /// The calibrated nanoseconds per call of every cell prepared at the
    /// current size: what bounds a sample's iterations.
    private var nanosecondsPerCall: [CellRef: Double] = [:]
    let limits: SamplerLimits

    struct CellRef: Hashable {
        var key: CellKey
        var ceiling: Int?
    }

    /// Parameters:
    ///   - `catalogue`: the backends this build offers (with the gate's
    ///     deliberately doubled variants when a check asks for them).
    ///   - machine: the record sent in the hello (built lazily).
    ///   - limits: what requests may ask (this machine's memory; tests inject another).
    public init(
        catalogue: BackendCatalogue, countAllocations: AllocationCounter?, limits: SamplerLimits = .thisMachine,
        machine: @escaping () -> MachineRecord
    ) {
        self.catalogue = catalogue
        self.limits = limits
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
            if let refusal = limits.refusal(of: request) { return .failure(refusal) }
            operands = nil
            prepared = nil
            nanosecondsPerCall = [:]
            var probe = BandwidthProbe.sized(
                lastLevelCacheBytes: machine.lastLevelCacheBytes, trials: trials, minimumElements: minimumElements)
            probe.clock = clock
            return .probe(probe.run())
        case .prepare(let kernel, let backend, let size, let seed, let warmup, let minimum, let ceiling):
            guard size >= 1, warmup.isFinite, warmup >= 0, minimum.isFinite, minimum > 0 else {
                return .failure("prepare: size must be ≥ 1 and the sample duration positive")
            }
            let sameOperands = operands?.size == size && operands?.seed == seed
            let backendsAtSize =
                (sameOperands ? operands?.byBackend.count ?? 0 : 0)
                + (sameOperands && operands?.byBackend[backend] != nil ? 0 : 1)
            if let refusal = limits.refusal(of: request, backendsAtSize: backendsAtSize) { return .failure(refusal) }
            if !sameOperands {
                operands = nil  // free the old operands before allocating new ones
                prepared = nil
                nanosecondsPerCall = [:]
            }
            if operands?.byBackend[backend] == nil {
                // The harness floor is offered to every driver, never listed as a backend.
                guard let entry = backend == EmptyKernels.name ? .harnessFloor : catalogue[backend] else {
                    prepared = nil
                    return .failure(
                        "prepare: unknown backend \"\(backend)\"; this build has \(catalogue.names.joined(separator: ", "))"
                    )
                }
                var current = operands ?? (size, seed, [:])
                current.byBackend[backend] = entry.kernelOperations(size: size, kernels: Kernel.allCases, seed: seed)
                operands = current
            }
            let key = CellKey(kernel: kernel, backend: backend, size: size)
            guard let operation = operation(key, ceiling: ceiling) else {
                return .failure("prepare: \(backend) has no ceiling loop \(ceiling ?? 0) for \(kernel)")
            }
            prepared = (key, ceiling)
            let policy = TimingPolicy(samples: 1, minimumSampleNanoseconds: minimum, warmupNanoseconds: warmup)
            let calibration = operation.calibration(policy)
            nanosecondsPerCall[CellRef(key: key, ceiling: ceiling)] = calibration.nanosecondsPerCall
            return .prepared(
                iterations: min(
                    calibration.iterations,
                    SamplerLimits.maximumIterations(nanosecondsPerCall: calibration.nanosecondsPerCall)))
        case .sample(let iterations, let clock, let cell, let warm, let ceiling):
            let ref =
                cell.map { CellRef(key: $0, ceiling: ceiling) }
                ?? prepared.map { CellRef(key: $0.key, ceiling: $0.ceiling) }
            guard let ref, let operation = self.operation(ref.key, ceiling: ref.ceiling) else {
                return .failure("sample: \(missing(cell))")
            }
            guard iterations >= 1 else { return .failure("sample: iterations must be ≥ 1") }
            // A cell's calibration is what bounds its sample's length.
            guard let perCall = nanosecondsPerCall[ref] else {
                return .failure(
                    "sample: \(ref.key)\(ref.ceiling.map { " ceiling \($0)" } ?? "") was not prepared (calibrated), so its sample cannot be bounded"
                )
            }
            if let refusal = limits.refusal(of: request, nanosecondsPerCall: perCall) { return .failure(refusal) }
            if warm == true { operation.warm() }
            return .sample(nanoseconds: operation.sample(iterations: iterations, clock: clock))
        case .allocations(let cell):
            let operation =
                cell.map { self.operation($0, ceiling: nil) }
                ?? prepared.flatMap { self.operation($0.key, ceiling: $0.ceiling) }
            guard let operation else { return .failure("allocations: \(missing(cell))") }
            return .allocations(perOperation: operation.allocationsPerOperation(runs: 16, counter: countAllocations))
        case .quit:
            operands = nil
            prepared = nil
            nanosecondsPerCall = [:]
            return .bye
        }
    }

    /// The operation of `key` (or its ceiling's loop variant), if its backend was prepared at the current size.
    private func operation(_ key: CellKey, ceiling: Int?) -> TimedOperation? {
        guard operands?.size == key.size, let operations = operands?.byBackend[key.backend] else { return nil }
        guard let variant = ceiling else { return operations[key.kernel] }
        guard let loops = operations.ceilings[key.kernel], loops.indices.contains(variant) else { return nil }
        return loops[variant]
    }

    private func missing(_ cell: CellKey?) -> String {
        cell.map { "\($0) was not prepared at the current size" } ?? "no kernel prepared"
    }
}

extension SamplerSession {
    /// Answers requests read from standard input, one JSON line each, with one
    /// line each on standard output, until `bye` or the end of the input: the
    /// loop of `springbench sampler` and of the `springbench-sampler` product.
    public func serveStandardStreams() throws {
        let encoder = JSONEncoder(), decoder = JSONDecoder()
        while let line = readLine() {
            let response: SamplerResponse
            if let request = try? decoder.decode(SamplerRequest.self, from: Data(line.utf8)) {
                response = respond(to: request)
            } else {
                response = .failure("not a sampler request (protocol \(SamplerProtocol.version)): \(line.prefix(80))")
            }
            try FileHandle.standardOutput.write(contentsOf: try encoder.encode(response) + [UInt8(ascii: "\n")])
            if response == .bye { break }
        }
    }
}
