/// A vector of N points (one `Double` per point) whose arithmetic runs on a
/// kernel backend, under a length policy.
///
/// `PointVector` is a copy-on-write value: `var b = a; b.scale(by: 2)` copies
/// the storage once and leaves `a` unchanged. Once a vector owns its storage
/// uniquely, the in-place operations (`+=`, `-=`, `scale(by:)`,
/// `add(_:scaledBy:)`) and the destination forms (`add(_:_:into:)`,
/// `subtract(_:_:into:)`) allocate nothing; `+` and `-` allocate the result, as
/// SwiftUI-style arithmetic must.
///
/// ```swift
/// var position = PointVector<SIMDBackend, ZeroExtending>([0, 0, 0])
/// let velocity: PointVector<SIMDBackend, ZeroExtending> = [1, 2, 3]
/// position.add(velocity, scaledBy: 1.0 / 120)     // one frame, no allocation
/// ```
///
/// Lengths follow `Policy`: ``ZeroExtending`` (missing elements are zeros, the
/// law-abiding default) or ``Truncating`` (the seed `AnimatableVector`'s rule).
@frozen
public struct PointVector<Backend: KernelBackend, Policy: LengthPolicy> {
    /// Owns the elements; only its identity and reference count are used on
    /// the hot paths (copy on write).
    @usableFromInline internal var storage: PointStorage  // assign only through replaceStorage(with:)
    /// `storage.base`, kept here: reading it through the storage object's
    /// header costs a metadata lookup per access (ManagedBuffer's layout is
    /// resilient), which multiplied a 16-point add's instructions by four.
    @usableFromInline internal var base: UnsafeMutablePointer<Double>
    @usableFromInline internal var _count: Int

    @inlinable
    internal init(storage: PointStorage, count: Int) {
        self.storage = storage
        self.base = storage.base
        self._count = count
    }

    /// Replaces the storage (and the cached base pointer with it).
    @inlinable
    internal mutating func replaceStorage(with fresh: PointStorage) {
        storage = fresh
        base = fresh.base
    }

    /// An empty vector (no allocation).
    @inlinable
    public init() {
        self.init(storage: .empty, count: 0)
    }

    /// A vector of `count` copies of `value`.
    ///
    /// - Precondition: `count >= 0` and the memory is available; for counts that
    ///   come from users, ``init(validatingCount:repeating:)`` reports instead.
    @inlinable
    public init(repeating value: Double, count: Int) {
        if count < 0 { stopOnMisuse("PointVector: count must be >= 0, got \(count)") }
        self.init(uninitializedCount: count)
        base.update(repeating: value, count: count)
    }

    /// A vector of `count` copies of `value`, or an error naming the problem when
    /// `count` is negative or does not fit in memory.
    public init(validatingCount count: Int, repeating value: Double = 0) throws(PointVectorError) {
        guard count >= 0 else { throw .negativeCount(count) }
        if count == 0 {
            self.init()
            return
        }
        guard let storage = PointStorage.make(capacity: count) else {
            throw .outOfMemory(count: count)
        }
        storage.base.initialize(repeating: value, count: count)
        self.init(storage: storage, count: count)
    }

    /// A vector holding `elements` in order.
    @inlinable
    public init(_ elements: some Sequence<Double>) {
        let array = Array(elements)
        self.init(uninitializedCount: array.count)
        array.withUnsafeBufferPointer { source in
            if let from = source.baseAddress { base.update(from: from, count: source.count) }
        }
    }

    @inlinable
    internal init(uninitializedCount count: Int) {
        if count == 0 {
            self.init()
        } else {
            self.init(storage: .allocate(capacity: count), count: count)
        }
    }

    /// The elements as an array.
    @inlinable
    public var elements: [Double] {
        Array(UnsafeBufferPointer(start: base, count: _count))
    }

    /// Calls `body` with the elements' contiguous storage.
    @inlinable
    public func withUnsafeBufferPointer<R, E>(
        _ body: (UnsafeBufferPointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        try body(UnsafeBufferPointer(start: base, count: _count))
    }

    /// Calls `body` with the elements' contiguous storage for writing, copying
    /// it first if it is shared.
    @inlinable
    public mutating func withUnsafeMutableBufferPointer<R, E>(
        _ body: (UnsafeMutableBufferPointer<Double>) throws(E) -> R
    ) throws(E) -> R {
        makeUnique()
        return try body(UnsafeMutableBufferPointer(start: base, count: _count))
    }

    /// Whether two vectors share one buffer (a test hook for copy-on-write).
    @inlinable
    public func sharesStorage(with other: Self) -> Bool {
        storage === other.storage && _count > 0
    }
}

/// Why a ``PointVector`` could not be created.
public enum PointVectorError: Error, Equatable, CustomStringConvertible {
    case negativeCount(Int)
    case outOfMemory(count: Int)

    public var description: String {
        switch self {
        case .negativeCount(let count):
            return "point count must be 0 or more, got \(count)"
        case .outOfMemory(let count):
            let (bytes, overflow) = count.multipliedReportingOverflow(by: 8)
            let size = overflow ? "more than \(Int.max) bytes" : "\(bytes) bytes"
            return "point count \(count) needs \(size), which this machine cannot allocate; use fewer points"
        }
    }
}

// The storage is mutated only through a uniquely referenced owner (copy on
// write), exactly like Array's buffer.
extension PointVector: @unchecked Sendable {}

extension PointVector: ExpressibleByArrayLiteral {
    @inlinable
    public init(arrayLiteral elements: Double...) {
        self.init(elements)
    }
}

extension PointVector: CustomStringConvertible {
    public var description: String { elements.description }
}
