#if canImport(Glibc)
import Glibc
#endif

/// A bandwidth-probe pattern on arrays of a kernel's own size, sampled in the
/// same rounds as the kernels it bounds: at the sweep's largest size, the
/// ceiling and the kernels meet the same drift of a shared machine, sample by
/// sample, instead of being measured minutes apart.
final class CeilingCell: SampledCell {
    let pattern: ProbePattern
    let elements: Int
    private let a: UnsafeMutablePointer<Double>
    private let b: UnsafeMutablePointer<Double>
    private let c: UnsafeMutablePointer<Double>
    private var inverse = false
    private var sink = 0.0

    /// - Precondition: `elements >= 1`.
    init(pattern: ProbePattern, elements: Int) {
        precondition(elements >= 1)
        self.pattern = pattern
        self.elements = elements
        a = BandwidthProbe.allocate(elements, value: 1.0)
        b = BandwidthProbe.allocate(elements, value: 2.0)
        c = BandwidthProbe.allocate(elements, value: 0.5)
    }

    deinit {
        blackHole(sink)
        free(a)
        free(b)
        free(c)
    }

    private var operation: TimedOperation {
        TimedOperation { [self] n in
            for _ in 0..<n {
                sink += BandwidthProbe.pass(pattern, a, b, c, elements, inverse: inverse)
                inverse.toggle()
            }
        }
    }

    func calibrate(_ policy: TimingPolicy) -> Int { operation.calibrate(policy) }
    func sample(iterations: Int, clock: SampleClock) -> Double { operation.sample(iterations: iterations, clock: clock) }
    func warm() { operation.run(1) }
    func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? { nil }
}

/// A kernel's throughput against its ceiling (``Kernel/ceilingPattern``)
/// sampled in the same rounds at the same size.
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
