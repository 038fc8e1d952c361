/// A kernel's throughput against its ceiling (``Kernel/ceilingPattern``):
/// the pattern run by the probe's loops on the kernel's own operands
/// (``KernelOperations/ceilings``), sampled in the same rounds at the largest
/// size. Same memory, same drift: what is left is the kernel's own cost.
public struct CeilingComparison: Codable, Sendable, Equatable {
    public var pattern: ProbePattern
    /// The ceiling's median rate over the rounds, in GB/s of counted bytes.
    public var ceilingGigabytesPerSecond: Double
    /// Median over rounds of (kernel GB/s ÷ ceiling GB/s) within the round.
    public var fraction: Double
    /// Bootstrap 95 % interval of that median: the spread a reading above 1
    /// must exceed before the ceiling is in doubt.
    public var interval: ConfidenceInterval

    public init(pattern: ProbePattern, ceilingGigabytesPerSecond: Double, fraction: Double, interval: ConfidenceInterval) {
        self.pattern = pattern
        self.ceilingGigabytesPerSecond = ceilingGigabytesPerSecond
        self.fraction = fraction
        self.interval = interval
    }

    /// Whether the kernel read above its ceiling beyond the stated spread.
    public var exceedsCeiling: Bool { interval.lower > 1 }

    /// Pairs `kernelSamples[i]` with `ceilingSamples[i]` (both nanoseconds per
    /// call over the same number of elements, taken in round *i*).
    public init(
        kernel: Kernel, size: Int, kernelSamples: [Double], ceilingSamples: [Double], seed: UInt64
    ) {
        precondition(!kernelSamples.isEmpty && kernelSamples.count == ceilingSamples.count, "one ceiling sample per round")
        let pattern = kernel.ceilingPattern
        let scale = Double(kernel.bytesPerElement) / Double(pattern.bytesPerElement)
        let fractions = zip(kernelSamples, ceilingSamples).map { kernelTime, ceilingTime in scale * ceilingTime / kernelTime }
        let summary = SampleStatistics.summarize(fractions, seed: seed)
        let ceilingMedian = SampleStatistics.median(ceilingSamples)
        self.init(
            pattern: pattern,
            ceilingGigabytesPerSecond: Double(pattern.bytesPerElement) * Double(size) / ceilingMedian,
            fraction: summary.median, interval: summary.medianInterval)
    }
}
