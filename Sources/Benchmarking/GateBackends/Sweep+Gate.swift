#if canImport(Glibc)
import Glibc
#endif

extension Sweep {
    /// The regression gate's sweep: ``run(probe:progress:)`` with two changes.
    ///
    /// - Samples are the measuring thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`)
    ///   per call, not wall time. On a 2-vCPU machine where other jobs build
    ///   (load average 7 measured while this was written), wall-clock medians
    ///   of unchanged code moved 0.3–4.6× between runs, because the thread
    ///   waits its turn for a core; no interval drawn from one run's samples
    ///   can see that. CPU time leaves out the other jobs' turns and keeps what
    ///   the code itself costs (including its page faults); for these
    ///   single-threaded kernels it equals wall time on an idle machine.
    /// - Backends in `doubled` are replaced by ``DoubledWorkBackend`` of
    ///   themselves and recorded under their own names: a run that the gate
    ///   must flag (tests and `--debug-doubled-backend` only).
    ///
    /// Otherwise it follows ``run(probe:progress:)`` step for step (same seeded
    /// interleaving, calibration and allocation counts). If `Sweep` took a
    /// backend resolver and a clock, this copy could go.
    public func runForGate(probe: BandwidthProbeResult, doubled: Set<String>, progress: (SweepProgress) -> Void = { _ in }) -> [KernelMeasurement] {
        var rng = SplitMix64(seed: configuration.seed)
        let total = configuration.sizes.count * configuration.kernels.count * configuration.backends.count
        var done = 0
        var measurements: [KernelMeasurement] = []
        for size in configuration.sizes.sorted() {
            let operations = configuration.backends.map { name -> [Kernel: TimedOperation] in
                let factory = KernelOperationFactory(size: size, kernels: configuration.kernels, seed: configuration.seed)
                guard let operations = GateBackends.withBackend(named: name, doubled: doubled, factory) else {
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
                        samples[index].append(Self.cpuTimeSample(cells[index], iterations: iterations[index]))
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

    /// CPU nanoseconds of the calling thread per operation over one batch.
    static func cpuTimeSample(_ operation: TimedOperation, iterations: Int) -> Double {
        let start = threadCPUNanoseconds()
        operation.run(iterations)
        return Double(threadCPUNanoseconds() &- start) / Double(iterations)
    }
}

/// CPU time the calling thread has run, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}
