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
    private let arrays: BandwidthProbe.Arrays
    private var inverse = false
    private var sink = 0.0

    /// - Precondition: `elements >= 1`.
    /// - Parameter staggered: whether the arrays start on different offsets
    ///   within a page (``BandwidthProbe/Arrays``).
    init(pattern: ProbePattern, elements: Int, staggered: Bool) {
        precondition(elements >= 1)
        self.pattern = pattern
        self.elements = elements
        arrays = BandwidthProbe.Arrays(elements: elements, staggered: staggered)
    }

    deinit {
        blackHole(sink)
    }

    private var operation: TimedOperation {
        TimedOperation { [self] n in
            for _ in 0..<n {
                sink += BandwidthProbe.pass(pattern, arrays.a, arrays.b, arrays.c, elements, inverse: inverse)
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
/// sampled in the same rounds at the same size, on two placements of arrays.
public struct CeilingComparison: Codable, Sendable, Equatable {
    public var pattern: ProbePattern
    /// The ceiling's median rate over the rounds (the faster placement of
    /// each round), in GB/s of counted bytes.
    public var ceilingGigabytesPerSecond: Double
    /// Median over rounds of (kernel GB/s ÷ ceiling GB/s) within the round.
    public var fraction: Double
    /// Bootstrap 95 % interval of that median.
    public var interval: ConfidenceInterval
    /// How far apart the two placements of the very same ceiling loop ran
    /// (|median over rounds of their time ratio − 1|): where arrays lie in
    /// memory moves a streaming loop, and the kernel's operands lie elsewhere
    /// again, so a fraction above 1 by less than this says nothing.
    public var placementSpread: Double

    public init(pattern: ProbePattern, ceilingGigabytesPerSecond: Double, fraction: Double, interval: ConfidenceInterval,
                placementSpread: Double = 0) {
        self.pattern = pattern
        self.ceilingGigabytesPerSecond = ceilingGigabytesPerSecond
        self.fraction = fraction
        self.interval = interval
        self.placementSpread = placementSpread
    }

    /// Whether the kernel read above its ceiling beyond the stated spread:
    /// the whole interval above 1 + ``placementSpread``.
    public var exceedsCeiling: Bool { interval.lower > 1 + placementSpread }

    /// Pairs `kernelSamples[i]` with the ceiling samples of round *i* (both
    /// nanoseconds per call over the same number of elements): each array of
    /// `placements` holds one placement's samples, and the faster placement
    /// of a round is that round's ceiling.
    public init(
        kernel: Kernel, size: Int, kernelSamples: [Double], placements: [[Double]], seed: UInt64
    ) {
        precondition(!kernelSamples.isEmpty && !placements.isEmpty
                     && placements.allSatisfy { $0.count == kernelSamples.count }, "one ceiling sample per round and placement")
        let ceilingSamples = kernelSamples.indices.map { round in placements.map { $0[round] }.min()! }
        let pattern = kernel.ceilingPattern
        let scale = Double(kernel.bytesPerElement) / Double(pattern.bytesPerElement)
        let fractions = zip(kernelSamples, ceilingSamples).map { kernelTime, ceilingTime in scale * ceilingTime / kernelTime }
        let summary = SampleStatistics.summarize(fractions, seed: seed)
        let ceilingMedian = SampleStatistics.median(ceilingSamples)
        var spread = 0.0
        for first in placements.indices {
            for second in placements.indices where second > first {
                let ratio = SampleStatistics.median(zip(placements[first], placements[second]).map { $0 / $1 })
                spread = max(spread, abs(ratio - 1))
            }
        }
        self.init(
            pattern: pattern,
            ceilingGigabytesPerSecond: Double(pattern.bytesPerElement) * Double(size) / ceilingMedian,
            fraction: summary.median, interval: summary.medianInterval, placementSpread: spread)
    }
}
