import CVectorLoops
import DocumentValues
import VectorKernels

/// An operation that makes a **new** value, as an animation does every frame (issue 41).
public enum ValueOperation: String, Codable, Sendable, CaseIterable, Hashable {
    /// `c = a + b`.
    case addAllocating = "add-alloc"
    /// `c = a - b`.
    case subtractAllocating = "subtract-alloc"
    /// `c = a.scaled(by: s)`.
    case scaleToNew = "scale-new"
    /// One animation frame, `c = from + (to - from).scaled(by: t)`, written as a Swift user writes
    /// it (three new values in Swift; C computes it in one loop, as a C programmer would).
    case frame

    /// The expression, for tables.
    public var expression: String {
        switch self {
        case .addAllocating: return "a + b"
        case .subtractAllocating: return "a − b"
        case .scaleToNew: return "a · s"
        case .frame: return "from + (to − from) · t"
        }
    }
}

/// The vector types (and C's two ways) that ``ValueTypeSweep`` times side by side.
public enum ValueSubject: String, Codable, Sendable, CaseIterable, Hashable {
    /// `InlinePointVector`: the points inline in the value, no heap.
    case inline
    /// `PointVector` over `SIMDBackend`: heap storage, copy-on-write.
    case pointVector = "point-vector"
    /// A struct over `[Double]` with `zip`/`map` arithmetic: the Swift user's baseline.
    case arrayStruct = "array-struct"
    /// C: `malloc`, the loop, `free` (the yardstick's loops, clang with the CPU's widest target).
    case cMalloc = "c-malloc"
    /// C: the loop into a buffer the caller reuses: the arithmetic's floor, no new value.
    case cBuffer = "c-buffer"

    /// The subjects this system can time (``ValueSubject/inline`` needs `InlineArray`: macOS 26 and its peers).
    public static var available: [ValueSubject] {
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) { return allCases }
        return allCases.filter { $0 != .inline }
    }

    /// The name in tables.
    public var displayName: String {
        switch self {
        case .inline: return "InlinePointVector"
        case .pointVector: return "PointVector (SIMD)"
        case .arrayStruct: return "[Double] struct"
        case .cMalloc: return "C malloc + loop + free"
        case .cBuffer: return "C loop into a buffer"
        }
    }
}

/// One operation × subject × size of the value-type sweep.
public struct ValueTypeMeasurement: Codable, Sendable, Equatable {
    public var operation: ValueOperation
    public var subject: ValueSubject
    @Checked<PointCountRule> public var size: Int
    @Checked<PositiveCount> public var iterationsPerSample: Int
    @CheckedList<Positive> public var samples: [Double]
    @Valid public var summary: SampleSummary
    @CheckedOptional<NonNegative> public var allocationsPerOperation: Double?

    public init(
        operation: ValueOperation, subject: ValueSubject, size: Int, iterationsPerSample: Int, samples: [Double],
        summary: SampleSummary, allocationsPerOperation: Double?
    ) {
        self.operation = operation
        self.subject = subject
        self.size = size
        self.iterationsPerSample = iterationsPerSample
        self.samples = samples
        self.summary = summary
        self.allocationsPerOperation = allocationsPerOperation
    }
}

extension ValueTypeMeasurement: UniquelyKeyed {
    /// `operation.subject.size`, e.g. `frame.inline.256`.
    public var uniqueKey: String { "\(operation.rawValue).\(subject.rawValue).\(size)" }
}

/// Times animation-sized new values (issue 41): every ``ValueOperation`` for every
/// ``ValueSubject`` at each size, all subjects of one operation and size in the same rounds
/// (``InterleavedSampler``), so the ratios to C hold whatever the machine's speed that minute.
///
/// Every call goes through a function the optimiser cannot see into (`@inline(never)` in Swift,
/// an extern function in C) with the operands passed as an app's frame update passes them, so no
/// call is hoisted out of the loop or dropped, and each subject pays one call. The inline type's
/// count is part of its type, so the sizes are those of ``supportedSizes``.
public struct ValueTypeSweep {
    /// The sizes the inline type is compiled for.
    public static let supportedSizes = [16, 32, 64, 128, 256]
    /// `bench`'s sizes: the ends and the middle of issue 41's animation range.
    public static let defaultSizes = [16, 64, 256]

    public var sizes: [Int]
    public var operations: [ValueOperation]
    public var subjects: [ValueSubject]
    public var seed: UInt64
    public var sampler: InterleavedSampler

    public init(
        sizes: [Int], operations: [ValueOperation] = ValueOperation.allCases,
        subjects: [ValueSubject] = ValueSubject.available, seed: UInt64, sampler: InterleavedSampler
    ) {
        precondition(sizes.allSatisfy(Self.supportedSizes.contains), "sizes outside ValueTypeSweep.supportedSizes")
        self.sizes = sizes
        self.operations = operations
        self.subjects = subjects
        self.seed = seed
        self.sampler = sampler
    }

    /// Measurements in (operation, size, subject) order: the order of the enums and of `sizes` ascending.
    public func run(progress: (SweepProgress) -> Void = { _ in }) -> [ValueTypeMeasurement] {
        let seeds = SweepSeeds(run: seed)
        var rng = seeds.schedule()
        var results: [ValueTypeMeasurement] = []
        for operation in operations {
            for size in sizes.sorted() {
                progress(.workload(name: "new value \(operation.rawValue)", backend: "every vector type", size: size))
                let operands = ValueOperands(size: size, seed: seeds.operands)
                let cells = sampler.sample(
                    subjects.map { operands.operation(operation, subject: $0) }, using: &rng, allocationRuns: 8)
                for (subject, cell) in zip(subjects, cells) {
                    results.append(
                        ValueTypeMeasurement(
                            operation: operation, subject: subject, size: size,
                            iterationsPerSample: cell.iterationsPerSample, samples: cell.samples,
                            summary: SampleStatistics.summarize(cell.samples, seed: seeds.workload(results.count)),
                            allocationsPerOperation: cell.allocationsPerOperation))
                }
            }
        }
        return results
    }
}

/// The operands of one size, in each subject's form (the same values in every form).
package struct ValueOperands {
    package let a: [Double], b: [Double]
    /// `s` of `a · s` and `t` of the frame.
    package let factor = 0.375

    package init(size: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        a = (0..<size).map { _ in Double.random(in: -1...1, using: &rng) }
        b = (0..<size).map { _ in Double.random(in: -1...1, using: &rng) }
    }

    /// What one call of `operation` gives for `subject`, through the very functions the sweep
    /// times (nil for C's malloc row, whose block is freed inside the call).
    package func result(_ operation: ValueOperation, subject: ValueSubject) -> [Double]? {
        func once<V: VectorArithmetic>(_ a: V, _ b: V) -> V {
            var c = a
            switch operation {
            case .addAllocating: valueAdd(a, b, &c)
            case .subtractAllocating: valueSubtract(a, b, &c)
            case .scaleToNew: valueScale(a, factor, &c)
            case .frame: valueFrame(a, b, factor, &c)
            }
            return c
        }
        switch subject {
        case .inline:
            guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else { return nil }
            switch a.count {
            case 16: return once(InlinePointVector<16>(a), .init(b)).elements
            case 32: return once(InlinePointVector<32>(a), .init(b)).elements
            case 64: return once(InlinePointVector<64>(a), .init(b)).elements
            case 128: return once(InlinePointVector<128>(a), .init(b)).elements
            case 256: return once(InlinePointVector<256>(a), .init(b)).elements
            default: return nil
            }
        case .pointVector: return once(PointVector<SIMDBackend, ZeroExtending>(a), .init(b)).elements
        case .arrayStruct: return once(ArrayVector(a), ArrayVector(b)).values
        case .cMalloc: return nil
        case .cBuffer:
            var c = [Double](repeating: .nan, count: a.count)
            switch operation {
            case .addAllocating: springbench_value_add_into(a, b, &c, a.count)
            case .subtractAllocating: springbench_value_subtract_into(a, b, &c, a.count)
            case .scaleToNew: springbench_value_scale_into(a, factor, &c, a.count)
            case .frame: springbench_value_frame_into(a, b, factor, &c, a.count)
            }
            return c
        }
    }

    package func operation(_ operation: ValueOperation, subject: ValueSubject) -> TimedOperation {
        switch subject {
        case .inline: return inlineOperation(operation)
        case .pointVector: return swiftOperation(operation, PointVector<SIMDBackend, ZeroExtending>(a), .init(b))
        case .arrayStruct: return swiftOperation(operation, ArrayVector(a), ArrayVector(b))
        case .cMalloc, .cBuffer: return cOperation(operation, intoBuffer: subject == .cBuffer)
        }
    }

    private func inlineOperation(_ operation: ValueOperation) -> TimedOperation {
        guard #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) else {
            preconditionFailure("InlinePointVector needs the 2025 systems (ValueSubject.available leaves it out)")
        }
        switch a.count {
        case 16: return swiftOperation(operation, InlinePointVector<16>(a), .init(b))
        case 32: return swiftOperation(operation, InlinePointVector<32>(a), .init(b))
        case 64: return swiftOperation(operation, InlinePointVector<64>(a), .init(b))
        case 128: return swiftOperation(operation, InlinePointVector<128>(a), .init(b))
        case 256: return swiftOperation(operation, InlinePointVector<256>(a), .init(b))
        default: preconditionFailure("no InlinePointVector for \(a.count) points (ValueTypeSweep.supportedSizes)")
        }
    }

    /// The loop every Swift subject runs: locals in, each call's new value stored where the
    /// caller keeps it. One loop per operation on purpose: each calls its opaque function
    /// directly, where a shared loop over a closure would add an indirect call to every timed
    /// call, of the order of the 3 ns an `InlinePointVector<16>` addition takes (not measured).
    private func swiftOperation<V: VectorArithmetic>(_ operation: ValueOperation, _ a: V, _ b: V) -> TimedOperation {
        let factor = self.factor
        switch operation {
        case .addAllocating:
            return TimedOperation { n in
                var c = a
                for _ in 0..<n { valueAdd(a, b, &c) }
                blackHole(c)
            }
        case .subtractAllocating:
            return TimedOperation { n in
                var c = a
                for _ in 0..<n { valueSubtract(a, b, &c) }
                blackHole(c)
            }
        case .scaleToNew:
            return TimedOperation { n in
                var c = a
                for _ in 0..<n { valueScale(a, factor, &c) }
                blackHole(c)
            }
        case .frame:
            return TimedOperation { n in
                var c = a
                for _ in 0..<n { valueFrame(a, b, factor, &c) }
                blackHole(c)
            }
        }
    }

    private func cOperation(_ operation: ValueOperation, intoBuffer: Bool) -> TimedOperation {
        let a = CArray(self.a), b = CArray(self.b), c = CArray(self.a.map { _ in 0 })
        let count = self.a.count, factor = self.factor
        switch (operation, intoBuffer) {
        case (.addAllocating, false):
            return TimedOperation { n in for _ in 0..<n { springbench_value_add_malloc(a.base, b.base, count) } }
        case (.addAllocating, true):
            return TimedOperation { n in for _ in 0..<n { springbench_value_add_into(a.base, b.base, c.base, count) } }
        case (.subtractAllocating, false):
            return TimedOperation { n in for _ in 0..<n { springbench_value_subtract_malloc(a.base, b.base, count) } }
        case (.subtractAllocating, true):
            return TimedOperation { n in
                for _ in 0..<n { springbench_value_subtract_into(a.base, b.base, c.base, count) }
            }
        case (.scaleToNew, false):
            return TimedOperation { n in for _ in 0..<n { springbench_value_scale_malloc(a.base, factor, count) } }
        case (.scaleToNew, true):
            return TimedOperation { n in
                for _ in 0..<n { springbench_value_scale_into(a.base, factor, c.base, count) }
            }
        case (.frame, false):
            return TimedOperation { n in
                for _ in 0..<n { springbench_value_frame_malloc(a.base, b.base, factor, count) }
            }
        case (.frame, true):
            return TimedOperation { n in
                for _ in 0..<n { springbench_value_frame_into(a.base, b.base, factor, c.base, count) }
            }
        }
    }
}

/// Doubles at a fixed address for the C loops, freed with the operation that holds them.
private final class CArray {
    let base: UnsafeMutablePointer<Double>

    init(_ values: [Double]) {
        base = .allocate(capacity: max(values.count, 1))
        base.initialize(from: values, count: values.count)
    }

    deinit { base.deallocate() }
}

// One opaque call per operation and subject: operands by value, the new value into the caller's
// variable, as an app's frame update writes it.
@inline(never) func valueAdd<V: VectorArithmetic>(_ a: V, _ b: V, _ c: inout V) { c = a + b }
@inline(never) func valueSubtract<V: VectorArithmetic>(_ a: V, _ b: V, _ c: inout V) { c = a - b }
@inline(never) func valueScale<V: VectorArithmetic>(_ a: V, _ s: Double, _ c: inout V) { c = a.scaled(by: s) }
@inline(never) func valueFrame<V: VectorArithmetic>(_ from: V, _ to: V, _ t: Double, _ c: inout V) {
    c = from + (to - from).scaled(by: t)
}

/// The Swift user's baseline (issue 41): a struct over `[Double]`, arithmetic by `zip` and `map`.
package struct ArrayVector: VectorArithmetic {
    package var values: [Double]

    package init(_ values: [Double]) { self.values = values }

    package static var zero: ArrayVector { ArrayVector([]) }
    package static func + (lhs: ArrayVector, rhs: ArrayVector) -> ArrayVector {
        ArrayVector(zip(lhs.values, rhs.values).map(+))
    }
    package static func - (lhs: ArrayVector, rhs: ArrayVector) -> ArrayVector {
        ArrayVector(zip(lhs.values, rhs.values).map(-))
    }
    package static func += (lhs: inout ArrayVector, rhs: ArrayVector) { lhs = lhs + rhs }
    package static func -= (lhs: inout ArrayVector, rhs: ArrayVector) { lhs = lhs - rhs }
    package mutating func scale(by factor: Double) { values = values.map { $0 * factor } }
    package var magnitudeSquared: Double { values.reduce(0) { $0 + $1 * $1 } }
}
