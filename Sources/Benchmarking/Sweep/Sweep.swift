import VectorKernels

/// Counts the heap allocations `body` makes on the calling thread. Supplied by
/// an executable that links an allocation counter (a library must not replace
/// malloc for its users).
public typealias AllocationCounter = (_ body: () -> Void) -> Int

/// What a benchmark run reports while it runs.
public enum SweepProgress: Sendable {
    case probing(ProbePattern)
    case measuring(kernel: Kernel, size: Int, cell: Int, of: Int)
    case workload(name: String, backend: String, size: Int)
}

/// Times every kernel × backend × size of a plan.
///
/// Sizes run in ascending order; at each size every backend gets one set of
/// operands shared by its kernels, and each kernel's cells are sampled by the
/// ``InterleavedSampler``.
public struct Sweep {
    public var kernels: [Kernel]
    public var backends: [BenchmarkBackend]
    public var sizes: [Int]
    public var seed: UInt64
    public var sampler: InterleavedSampler

    public init(kernels: [Kernel], backends: [BenchmarkBackend], sizes: [Int], seed: UInt64, sampler: InterleavedSampler) {
        self.kernels = kernels
        self.backends = backends
        self.sizes = sizes
        self.seed = seed
        self.sampler = sampler
    }

    /// Runs the sweep; `probe` gives the bandwidth each kernel is compared with.
    public func run(probe: BandwidthProbeResult, progress: (SweepProgress) -> Void = { _ in }) -> [KernelMeasurement] {
        var rng = SplitMix64(seed: seed)
        let total = sizes.count * kernels.count * backends.count
        var measurements: [KernelMeasurement] = []
        for size in sizes.sorted() {
            // One set of operands per backend and size, shared by its kernels.
            let operations = backends.map { $0.kernelOperations(size: size, kernels: kernels, seed: seed) }
            for kernel in kernels {
                progress(.measuring(kernel: kernel, size: size, cell: measurements.count + 1, of: total))
                let cells = sampler.sample(operations.map { $0[kernel]! }, using: &rng)
                for (backend, cell) in zip(backends, cells) {
                    measurements.append(Self.measurement(
                        kernel: kernel, backend: backend.name, size: size, cell: cell, probe: probe,
                        seed: seed &+ UInt64(measurements.count)))
                }
            }
        }
        return measurements
    }

    package static func measurement(
        kernel: Kernel, backend: String, size: Int, cell: InterleavedSampler.CellSamples,
        probe: BandwidthProbeResult, seed: UInt64
    ) -> KernelMeasurement {
        let summary = SampleStatistics.summarize(cell.samples, seed: seed)
        let throughput = Throughput(kernel: kernel, size: size, nanosecondsPerOperation: summary.median)
        return KernelMeasurement(
            kernel: kernel, backend: backend, size: size, iterationsPerSample: cell.iterationsPerSample,
            samples: cell.samples, summary: summary, nanosecondsPerElement: throughput.nanosecondsPerElement,
            gigabytesPerSecond: throughput.gigabytesPerSecond,
            fractionOfBandwidth: throughput.fraction(of: probe.medianGigabytesPerSecond(kernel.probePattern)),
            allocationsPerOperation: cell.allocationsPerOperation)
    }
}

/// The throughput figures of one kernel call: computed here only, so every
/// report and summary prints the same numbers.
public struct Throughput: Sendable, Equatable {
    public var nanosecondsPerElement: Double
    /// Bytes the kernel must move (``Kernel/bytesPerElement``) per nanosecond.
    public var gigabytesPerSecond: Double

    public init(kernel: Kernel, size: Int, nanosecondsPerOperation: Double) {
        nanosecondsPerElement = nanosecondsPerOperation / Double(max(size, 1))
        gigabytesPerSecond = Double(kernel.bytesPerElement) * Double(size) / nanosecondsPerOperation
    }

    /// This throughput as a fraction of a ceiling in GB/s.
    public func fraction(of ceilingGigabytesPerSecond: Double) -> Double {
        gigabytesPerSecond / ceilingGigabytesPerSecond
    }
}
