#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a ``PointStorage``'s elements live.
@usableFromInline
internal struct PointStorageHeader {
    /// The first element, 64-byte aligned so SIMD and BLAS loops start on a
    /// cache line (OpenBLAS's ddot ran 1.2–1.3× slower on the 16-byte offset
    /// of Swift arrays, Guides/MachineFacts.md).
    @usableFromInline var base: UnsafeMutablePointer<Double>
    /// Elements that fit from `base` on.
    @usableFromInline var capacity: Int
    /// Bytes of the ``LargeBuffers`` block holding the elements, or 0 when
    /// they sit in the object itself.
    @usableFromInline var blockBytes: Int
}

/// The heap buffer behind a ``PointVector``: one allocation per vector.
///
/// Up to ``LargeBuffers/thresholdBytes`` the elements are tail-allocated in
/// the object (one `malloc`; the object header and a separate `posix_memalign`
/// buffer were two, and at 16 points the second cost about a third of an
/// allocating `+`). From there on the object holds a huge-page block from
/// ``LargeBuffers``, which a released vector hands back for the next one.
///
/// Not `Sendable` (ManagedBuffer opts out); ``PointVector`` is, because the
/// elements are mutated only through a uniquely referenced owner (copy on
/// write), exactly like Array's buffer.
@usableFromInline
internal final class PointStorage: ManagedBuffer<PointStorageHeader, Double> {
    /// Byte alignment of every buffer.
    @usableFromInline static let alignment = 64

    /// The shared buffer of every empty vector, so `.zero` allocates nothing
    /// (never written: it has no elements).
    @usableFromInline nonisolated(unsafe) static let empty = PointStorage.make(capacity: 0)!

    /// The header, read through its address: the `header` property is a
    /// class property, whose every access the runtime checks for exclusivity
    /// (`swift_beginAccess`, about 110 instructions of a 16-point `+` under
    /// callgrind).
    @inlinable var storedHeader: PointStorageHeader { withUnsafeMutablePointerToHeader { $0.pointee } }

    /// The first element.
    @inlinable var base: UnsafeMutablePointer<Double> { storedHeader.base }

    /// Elements that fit (``ManagedBuffer/capacity`` counts the alignment padding too).
    @inlinable var elementCapacity: Int { storedHeader.capacity }

    /// Room for `capacity` doubles, or nil when the size overflows or the
    /// system refuses the memory.
    @usableFromInline
    static func make(capacity: Int) -> PointStorage? {
        precondition(capacity >= 0)
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        if overflow { return nil }
        if bytes >= LargeBuffers.thresholdBytes {
            guard let block = LargeBuffers.acquire(bytes: bytes) else { return nil }
            let buffer = create(minimumCapacity: 0) { _ in
                PointStorageHeader(
                    base: block.base.bindMemory(to: Double.self, capacity: capacity), capacity: capacity,
                    blockBytes: block.bytes)
            }
            return unsafeDowncast(buffer, to: PointStorage.self)
        }
        // Padding to reach the alignment from the elements' 8-byte start.
        let padding = alignment / MemoryLayout<Double>.stride - 1
        let buffer = create(minimumCapacity: capacity + padding) { buffer in
            buffer.withUnsafeMutablePointerToElements { elements in
                let address = UInt(bitPattern: elements)
                let aligned = (address + UInt(alignment) - 1) & ~UInt(alignment - 1)
                return PointStorageHeader(
                    base: UnsafeMutablePointer(bitPattern: aligned)!, capacity: capacity, blockBytes: 0)
            }
        }
        return unsafeDowncast(buffer, to: PointStorage.self)
    }

    @usableFromInline
    static func allocate(capacity: Int) -> PointStorage {
        guard let storage = make(capacity: capacity) else {
            allocationFailure(capacity)
        }
        return storage
    }

    @usableFromInline
    @inline(never)
    static func allocationFailure(_ capacity: Int) -> Never {
        preconditionFailure(
            "PointVector: cannot allocate \(capacity) doubles; use PointVector(validatingCount:) to get an error instead"
        )
    }

    deinit {
        let header = storedHeader
        if header.blockBytes > 0 {
            LargeBuffers.release(UnsafeMutableRawPointer(header.base), bytes: header.blockBytes)
        }
    }
}
