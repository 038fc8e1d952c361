/// Something the ``InterleavedSampler`` can time: a kernel of a backend in
/// this process (``TimedOperation``), the same kernel in another build's
/// process, or a bandwidth-probe pattern sampled beside the kernels it bounds.
public protocol SampledCell {
    /// Warms up and returns the iterations that make a sample last at least
    /// `policy.minimumSampleNanoseconds`.
    func calibrate(_ policy: TimingPolicy) -> Int
    /// Nanoseconds per operation over one batch of `iterations`, by `clock`.
    func sample(iterations: Int, clock: SampleClock) -> Double
    /// One untimed operation, so that the next sample finds the cell's
    /// operands in the caches as far as their size allows.
    func warm()
    /// Heap allocations per operation over `runs` operations, or nil when
    /// nothing counts them.
    func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double?
}

extension TimedOperation: SampledCell {
    public func warm() {
        run(1)
    }

    public func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? {
        counter.map { count in Double(count { run(runs) }) / Double(runs) }
    }
}

/// The cache state a cell's samples are taken in, named in results and reports.
public enum CacheState: String, Codable, Sendable, CaseIterable {
    /// The operands fit in the last-level cache, and one untimed call before
    /// every sample brings them in: each sample times the kernel on resident
    /// data, as an animation that touches its vectors every frame sees them.
    /// (Without it, the other backends' samples in between evict them: at 1 Mi
    /// points three backends' operands are 72 MiB against a 32 MiB cache.)
    case hot
    /// The operands exceed the last-level cache: every call streams them from
    /// memory whatever ran before, so no warming call is made.
    case memory

    /// The state of `kernel` at `size` points on a machine whose last-level
    /// cache holds `lastLevelCacheBytes` (0 when unknown: treated as hot, so
    /// the warming call is made rather than skipped).
    public static func of(_ kernel: Kernel, size: Int, lastLevelCacheBytes: Int) -> CacheState {
        guard lastLevelCacheBytes > 0 else { return .hot }
        let (bytes, overflow) = size.multipliedReportingOverflow(by: kernel.operandBytesPerElement)
        return !overflow && bytes <= lastLevelCacheBytes ? .hot : .memory
    }
}
