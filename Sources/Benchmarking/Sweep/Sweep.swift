import SpringBenchBackends
import VectorKernels

/// Counts the heap allocations `body` makes on the calling thread. Supplied by
/// an executable that links an allocation counter (a library must not replace
/// malloc for its users).
public typealias AllocationCounter = (_ body: () -> Void) -> Int

/// What a sweep reports while it runs.
public enum SweepProgress: Sendable {
    case probing(ProbePattern)
    case measuring(kernel: Kernel, size: Int, cell: Int, of: Int)
    case workload(name: String, backend: String, size: Int)
}

/// Times every kernel × backend × size of a configuration.
///
/// Sizes run in ascending order. Within a size and kernel, every backend is
/// calibrated, then samples are taken round by round with the backends in a
/// fresh seeded random order each round, so drift of the machine (another
/// process, frequency changes) hits all backends alike instead of whichever
/// happened to run last.
public struct Sweep {
    public var configuration: SweepConfiguration
    public var policy: TimingPolicy
    public var countAllocations: AllocationCounter?

    public init(configuration: SweepConfiguration, policy: TimingPolicy, countAllocations: AllocationCounter?) {
        self.configuration = configuration
        self.policy = policy
        self.countAllocations = countAllocations
    }

    /// Runs the sweep; `probe` gives the bandwidth each kernel is compared with.
    public func run(probe: BandwidthProbeResult, progress: (SweepProgress) -> Void = { _ in }) -> [KernelMeasurement] {
        run(probe: probe, progress: progress) { size, name in
            Backends.withBackend(named: name, operationFactory(size: size))
        }
    }

    func operationFactory(size: Int) -> KernelOperationFactory {
        KernelOperationFactory(size: size, kernels: configuration.kernels, seed: configuration.seed)
    }

    /// The sweep, with `operations(size, backendName)` giving a backend's
    /// timed operations at a size (built through a `BackendVisitor`, so they
    /// are specialised for the concrete backend).
    func run(
        probe: BandwidthProbeResult, progress: (SweepProgress) -> Void,
        operations makeOperations: (Int, String) -> [Kernel: TimedOperation]?
    ) -> [KernelMeasurement] {
        var rng = SplitMix64(seed: configuration.seed)
        let total = configuration.sizes.count * configuration.kernels.count * configuration.backends.count
        var done = 0
        var measurements: [KernelMeasurement] = []
        for size in configuration.sizes.sorted() {
            // One set of operands per backend and size, shared by its kernels.
            let operations = configuration.backends.map { name -> [Kernel: TimedOperation] in
                guard let operations = makeOperations(size, name) else {
                    preconditionFailure("unknown backend \(name); validate names before sweeping")
                }
                return operations
            }
            for kernel in configuration.kernels {
                progress(.measuring(kernel: kernel, size: size, cell: done + 1, of: total))
                let cells = operations.map { $0[kernel]! }
                let iterations = cells.map { $0.calibrate(policy) }
                var samples = [[Double]](repeating: [], count: cells.count)
                for _ in 0..<policy.samples {
                    for index in cells.indices.shuffled(using: &rng) {
                        samples[index].append(cells[index].sample(iterations: iterations[index], clock: policy.clock))
                    }
                }
                for (index, backend) in configuration.backends.enumerated() {
                    let allocations = countAllocations.map { count -> Double in
                        let runs = max(1, min(iterations[index], 16))
                        return Double(count { cells[index].run(runs) }) / Double(runs)
                    }
                    measurements.append(Self.measurement(
                        kernel: kernel, backend: backend, size: size, iterations: iterations[index],
                        samples: samples[index], allocations: allocations, probe: probe,
                        seed: configuration.seed &+ UInt64(measurements.count)))
                    done += 1
                }
            }
        }
        return measurements
    }

    static func measurement(
        kernel: Kernel, backend: String, size: Int, iterations: Int, samples: [Double],
        allocations: Double?, probe: BandwidthProbeResult, seed: UInt64
    ) -> KernelMeasurement {
        let summary = SampleStatistics.summarize(samples, seed: seed)
        let perElement = summary.median / Double(max(size, 1))
        let gigabytesPerSecond = Double(kernel.bytesPerElement * size) / summary.median
        return KernelMeasurement(
            kernel: kernel, backend: backend, size: size, iterationsPerSample: iterations, samples: samples,
            summary: summary, nanosecondsPerElement: perElement, gigabytesPerSecond: gigabytesPerSecond,
            fractionOfBandwidth: gigabytesPerSecond / probe.medianGigabytesPerSecond(kernel.probePattern),
            allocationsPerOperation: allocations)
    }
}
