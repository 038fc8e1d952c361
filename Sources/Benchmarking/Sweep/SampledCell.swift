/// Something the ``InterleavedSampler`` can time: a kernel of a backend in
/// this process (``TimedOperation``), the same kernel in another build's
/// process, or a bandwidth-probe pattern sampled beside the kernels it bounds.
public protocol SampledCell {
    /// Warms up and returns the iterations that make a sample last at least
    /// `policy.minimumSampleNanoseconds`.
    func calibrate(_ policy: TimingPolicy) -> Int
    /// Nanoseconds per operation over one batch of `iterations`, by `clock`.
    func sample(iterations: Int, clock: SampleClock) -> Double
    /// Untimed operations (``CacheState/warmingCalls``), so that the next
    /// sample finds the cell's operands in the caches as far as their size
    /// allows.
    func warm()
    /// Heap allocations per operation over `runs` operations, or nil when
    /// nothing counts them.
    func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double?
}

extension TimedOperation: SampledCell {
    public func warm() {
        run(CacheState.warmingCalls)
    }

    public func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? {
        counter.map { count in Double(count { run(runs) }) / Double(runs) }
    }
}

/// The cache state a cell's samples are taken in, named in results and reports.
public enum CacheState: String, Codable, Sendable, CaseIterable {
    /// The operands fit in the last-level cache, and untimed calls before
    /// every sample bring them in: each sample times the kernel on data as
    /// resident as repeated calls leave it. (Without them, the other cells'
    /// samples in between evict them: at 1 Mi points three backends' operands
    /// are 72 MiB, two builds' 144 MiB, against a 32 MiB cache.)
    case hot
    /// The operands exceed the last-level cache: every call streams them from
    /// memory whatever ran before, so no warming call is made.
    case memory

    /// Untimed calls before each sample of a hot cell. One call is not enough:
    /// Zen 3's L3 is filled by L2 evictions and took several passes to settle.
    /// Measured at 1 Mi points with two builds' operands cycling (sweep
    /// samples of 2 ms beside 50 ms ones, `bench --other-build`), the worst
    /// cell read 40 % slower than its long samples after 1 call, 42 % after 2,
    /// 33 % after 3, 16 % after 4, and 7 % after 8. Eight calls cost 4 ms per
    /// sample at 1 Mi and nothing that matters below.
    public static let warmingCalls = 8

    /// The state of `kernel` at `size` points on a machine whose last-level
    /// cache holds `lastLevelCacheBytes` (0 when unknown: treated as hot, so
    /// the warming call is made rather than skipped).
    public static func of(_ kernel: Kernel, size: Int, lastLevelCacheBytes: Int) -> CacheState {
        guard lastLevelCacheBytes > 0 else { return .hot }
        let (bytes, overflow) = size.multipliedReportingOverflow(by: kernel.operandBytesPerElement)
        return !overflow && bytes <= lastLevelCacheBytes ? .hot : .memory
    }
}
