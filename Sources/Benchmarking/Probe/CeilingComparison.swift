import DocumentValues

/// A kernel's throughput against its ceiling (``Kernel/ceilingPattern``):
/// the pattern run by the probe's loops on the kernel's own operands
/// (``KernelOperations/ceilings``), sampled in the same rounds at the largest
/// size. Same memory, same drift: what is left is the kernel's own cost.
///
/// In-place shapes have two loops (``ProbePattern/loopVariants``): the
/// faster of them in a round is that round's ceiling, and how far they
/// disagree is stated beside the fraction. With the in-place triad alone,
/// OpenBLAS's in-place kernels read 1.03–1.04 of it on their own operands
/// (intervals above 1.01); `a ± b` over the same bytes ran about 3 % faster
/// than `a += s·b`, and with it as the second loop they read ≤ 1.005.
public struct CeilingComparison: Codable, Sendable, Equatable {
    public var pattern: ProbePattern
    /// The ceiling's median rate over the rounds, in GB/s of counted bytes.
    @Checked<Positive> public var ceilingGigabytesPerSecond: Double
    /// Median over rounds of (kernel GB/s ÷ ceiling GB/s) within the round.
    @Checked<Positive> public var fraction: Double
    /// Bootstrap 95 % interval of that median.
    @Valid public var interval: ConfidenceInterval
    /// How far the ceiling's loops disagreed (|median over rounds of their
    /// time ratio − 1|, the largest over pairs; 0 with one loop).
    @Checked<NonNegative> public var loopSpread: Double
    /// Threads the ceiling ran on: a backend that runs threads per call (the parallel backend,
    /// threaded OpenBLAS) is held to the pattern run by that many threads at once, each on its
    /// part of the same operands (``BandwidthProbe``'s all-core pass); nil: one thread (and
    /// files from before it was recorded).
    @CheckedOptional<PositiveCount> public var threads: Int?

    public init(
        pattern: ProbePattern, ceilingGigabytesPerSecond: Double, fraction: Double, interval: ConfidenceInterval,
        loopSpread: Double = 0
    ) {
        self.pattern = pattern
        self.ceilingGigabytesPerSecond = ceilingGigabytesPerSecond
        self.fraction = fraction
        self.interval = interval
        self.loopSpread = loopSpread
    }

    /// Whether the kernel read above its ceiling beyond the stated spread:
    /// the whole interval above 1 + ``loopSpread``.
    public var exceedsCeiling: Bool { interval.lower > 1 + loopSpread }

    /// Pairs `kernelSamples[i]` with round *i* of the ceiling: the fastest of
    /// `loops[k][i]` (nanoseconds per call over the same number of elements).
    public init(
        kernel: Kernel, size: Int, kernelSamples: [Double], loops: [[Double]], seed: UInt64, threads: Int = 1
    ) {
        precondition(
            !kernelSamples.isEmpty && !loops.isEmpty && loops.allSatisfy { $0.count == kernelSamples.count },
            "one ceiling sample per round and loop")
        let ceilingSamples = kernelSamples.indices.map { round in loops.map { $0[round] }.min()! }
        var loopSpread = 0.0
        for first in loops.indices {
            for second in loops.indices where second > first {
                let ratio = SampleStatistics.median(zip(loops[first], loops[second]).map { $0 / $1 })
                loopSpread = max(loopSpread, abs(ratio - 1))
            }
        }
        let pattern = kernel.ceilingPattern
        let scale = Double(kernel.bytesPerElement) / Double(pattern.bytesPerElement)
        let fractions = zip(kernelSamples, ceilingSamples).map { kernelTime, ceilingTime in
            scale * ceilingTime / kernelTime
        }
        let summary = SampleStatistics.summarize(fractions, seed: seed)
        let ceilingMedian = SampleStatistics.median(ceilingSamples)
        self.init(
            pattern: pattern,
            ceilingGigabytesPerSecond: Double(pattern.bytesPerElement) * Double(size) / ceilingMedian,
            fraction: summary.median, interval: summary.medianInterval, loopSpread: loopSpread)
        self.threads = threads > 1 ? threads : nil
    }
}
