import DocumentValues
import ParallelKernels
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// The parallel backend's thresholds as one run measured them: for each
/// operation, SIMD's loop and the same loop split across the pool, side by
/// side (interleaved, wall clock) on a ladder of sizes, and the size from
/// which splitting wins.
///
/// The rule: an operation splits from the smallest ladder size at which the
/// split call's median is at least ``margin`` faster than SIMD's **and** stays
/// so at every larger size measured; when no size qualifies, never. So a
/// threshold is never set where splitting was slower or within the margin,
/// and sizes between two ladder points inherit the decision of the larger
/// one's neighbour below (both measured faster). The run sets the backend's
/// thresholds to these before it times anything else.
public struct ParallelThresholds: Codable, Sendable, Equatable {
    /// Threads a split call used (the caller included).
    @Checked<PositiveCount> public var threads: Int
    /// How much faster (as a fraction of SIMD's time) splitting must be to count as a win.
    @Checked<OpenUnitInterval> public var margin: Double
    /// Why nothing was measured (one usable core), or nil.
    public var skipped: String?
    @UniqueElements public var operations: [OperationThreshold]

    public init(threads: Int, margin: Double, skipped: String? = nil, operations: [OperationThreshold]) {
        self.threads = threads
        self.margin = margin
        self.skipped = skipped
        self.operations = operations
    }

    /// One operation's measurement and decision.
    public struct OperationThreshold: Codable, Sendable, Equatable, UniquelyKeyed {
        public var operation: ParallelBackend.Operation
        /// Points from which calls split; nil: never.
        @CheckedOptional<PositiveCount> public var threshold: Int?
        @UniqueElements public var ladder: [LadderPoint]

        public init(operation: ParallelBackend.Operation, threshold: Int?, ladder: [LadderPoint]) {
            self.operation = operation
            self.threshold = threshold
            self.ladder = ladder
        }

        public var uniqueKey: String { operation.kernelName }
    }

    /// One size of the ladder: median nanoseconds per call of each side.
    public struct LadderPoint: Codable, Sendable, Equatable, UniquelyKeyed {
        @Checked<PositiveCount> public var size: Int
        @Checked<Positive> public var simdNanoseconds: Double
        @Checked<Positive> public var splitNanoseconds: Double

        public init(size: Int, simdNanoseconds: Double, splitNanoseconds: Double) {
            self.size = size
            self.simdNanoseconds = simdNanoseconds
            self.splitNanoseconds = splitNanoseconds
        }

        /// Split time over SIMD time (below 1: splitting wins).
        public var ratio: Double { splitNanoseconds / simdNanoseconds }

        public var uniqueKey: String { String(size) }
    }

    /// The threshold `ladder` (ascending sizes) supports with `margin`: the
    /// smallest size from which every point's ratio is ≤ 1 − margin; nil when
    /// the largest size does not qualify.
    public static func decide(_ ladder: [LadderPoint], margin: Double) -> Int? {
        var threshold: Int?
        for point in ladder.sorted(by: { $0.size > $1.size }) {
            guard point.ratio <= 1 - margin else { break }
            threshold = point.size
        }
        return threshold
    }

    /// The threshold of `operation`, or nil (never, or not measured).
    public func threshold(for operation: ParallelBackend.Operation) -> Int? {
        operations.first { $0.operation == operation }?.threshold
    }

    /// Sets the backend's thresholds to these (operations not measured keep theirs).
    public func apply() {
        for entry in operations { ParallelBackend.setThreshold(entry.threshold, for: entry.operation) }
    }

    /// The Swift an app runs to use these thresholds, one line per operation.
    public var swiftSettings: [String] {
        operations.map { entry in
            "ParallelBackend.setThreshold(\(entry.threshold.map(String.init) ?? "nil"), for: .\(entry.operation))"
        }
    }
}

/// Measures ``ParallelThresholds`` on this machine.
public struct ParallelThresholdMeasurement {
    /// The operations to decide (the run's kernels' operations).
    public var operations: [ParallelBackend.Operation]
    /// Ascending sizes: powers of 4 from 16 Ki to the run's largest size.
    public var ladder: [Int]
    public var policy: TimingPolicy
    public var margin = 0.05
    public var seed: UInt64
    /// The last-level cache, for each size's cache state (warming calls when hot).
    public var lastLevelCacheBytes: Int

    public init(
        operations: [ParallelBackend.Operation], largestSize: Int, policy: TimingPolicy, seed: UInt64,
        lastLevelCacheBytes: Int
    ) {
        self.operations = operations
        self.ladder = Self.ladder(upTo: largestSize)
        self.policy = policy
        self.seed = seed
        self.lastLevelCacheBytes = lastLevelCacheBytes
    }

    /// Powers of 4 from 16 Ki up to `largest` (at least 16 Ki; empty when `largest` is below it).
    public static func ladder(upTo largest: Int) -> [Int] {
        var sizes: [Int] = []
        var size = 1 << 14
        while size <= largest {
            sizes.append(size)
            size *= 4
        }
        return sizes
    }

    /// The operation each kernel calls (the allocating add: add).
    public static func operation(of kernel: Kernel) -> ParallelBackend.Operation {
        switch kernel {
        case .add, .addAllocating: return .add
        case .subtract: return .subtract
        case .addInPlace: return .addInPlace
        case .subtractInPlace: return .subtractInPlace
        case .scale: return .scale
        case .axpy: return .axpy
        case .magnitudeSquared: return .magnitudeSquared
        }
    }

    public func run(progress: (ParallelBackend.Operation) -> Void = { _ in }) -> ParallelThresholds {
        let threads = ParallelBackend.threadCount
        guard threads > 1 else {
            return ParallelThresholds(
                threads: 1, margin: margin, skipped: "one usable core: the backend is SIMD at every size",
                operations: operations.map { .init(operation: $0, threshold: nil, ladder: []) })
        }
        guard let largest = ladder.last else {
            return ParallelThresholds(
                threads: threads, margin: margin, skipped: "no size of the run reaches 16 Ki points",
                operations: operations.map { .init(operation: $0, threshold: nil, ladder: []) })
        }
        let operands = Operands(count: largest, seed: seed)
        var rng = SplitMix64(seed: seed)
        let sampler = InterleavedSampler(policy: policy, countAllocations: nil)
        var entries: [ParallelThresholds.OperationThreshold] = []
        for operation in operations {
            progress(operation)
            var points: [ParallelThresholds.LadderPoint] = []
            for size in ladder {
                let cells = [
                    operands.operation(operation, size: size, split: false),
                    operands.operation(operation, size: size, split: true),
                ]
                let hot = size * operation.operandBytesPerElement <= lastLevelCacheBytes
                let samples = sampler.sample(cells, warming: hot, using: &rng)
                points.append(
                    .init(
                        size: size, simdNanoseconds: SampleStatistics.median(samples[0].samples),
                        splitNanoseconds: SampleStatistics.median(samples[1].samples)))
            }
            entries.append(
                .init(
                    operation: operation, threshold: ParallelThresholds.decide(points, margin: margin), ladder: points))
        }
        withExtendedLifetime(operands) {}
        return ParallelThresholds(threads: threads, margin: margin, operations: entries)
    }

    /// Three arrays of the ladder's largest size, values in [-1, 1].
    final class Operands {
        let a: UnsafeMutablePointer<Double>
        let b: UnsafeMutablePointer<Double>
        let c: UnsafeMutablePointer<Double>

        init(count: Int, seed: UInt64) {
            a = .allocate(capacity: count)
            b = .allocate(capacity: count)
            c = .allocate(capacity: count)
            var rng = SplitMix64(seed: seed)
            for i in 0..<count {
                a[i] = Double.random(in: -1...1, using: &rng)
                b[i] = Double.random(in: -1...1, using: &rng)
                c[i] = 0
            }
        }

        deinit {
            a.deallocate()
            b.deallocate()
            c.deallocate()
        }

        /// `operation` on the first `size` points, by SIMD or split across the pool.
        func operation(_ operation: ParallelBackend.Operation, size: Int, split: Bool) -> TimedOperation {
            let (a, b, c) = (self.a, self.b, self.c)
            // In place, y += 1e-9·x and a *= 1 keep values bounded however many calls run.
            let factor = operation == .scale ? 1.0 : 1e-9
            return TimedOperation { iterations in
                var sink = 0.0
                for _ in 0..<iterations {
                    if split {
                        sink += ParallelBackend.splitCall(
                            operation, a: operation.readsDestination ? UnsafePointer(c) : UnsafePointer(a),
                            b: UnsafePointer(b), c: c, factor: factor, count: size)
                    } else {
                        switch operation {
                        case .add: SIMDBackend.uncheckedAdd(a, b, into: c, count: size)
                        case .subtract: SIMDBackend.uncheckedSubtract(a, b, into: c, count: size)
                        case .addInPlace: SIMDBackend.uncheckedAddInPlace(c, b, count: size)
                        case .subtractInPlace: SIMDBackend.uncheckedSubtractInPlace(c, b, count: size)
                        case .scale: SIMDBackend.uncheckedScale(c, by: factor, count: size)
                        case .axpy: SIMDBackend.uncheckedAXPY(alpha: factor, x: a, y: c, count: size)
                        case .magnitudeSquared: sink += SIMDBackend.uncheckedMagnitudeSquared(a, count: size)
                        }
                    }
                }
                blackHole(sink)
            }
        }
    }
}

extension ParallelBackend.Operation {
    /// Whether the split call's first operand is its destination (`a += b`, `a -= b`, `a *= s`).
    var readsDestination: Bool {
        switch self {
        case .addInPlace, .subtractInPlace, .scale: return true
        case .add, .subtract, .axpy, .magnitudeSquared: return false
        }
    }

    /// Bytes of operands per point (three arrays out of place, two in place, one for scale and Σa²).
    var operandBytesPerElement: Int {
        switch self {
        case .add, .subtract: return 24
        case .addInPlace, .subtractInPlace, .axpy: return 16
        case .scale, .magnitudeSquared: return 8
        }
    }
}
