#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The heap buffer behind a ``PointVector``: 64-byte aligned so SIMD and BLAS
/// loops start on a cache line (OpenBLAS's ddot ran 1.2–1.3× slower on the
/// 16-byte offset of Swift arrays, Guides/MachineFacts.md).
@usableFromInline
internal final class PointStorage {
    @usableFromInline let base: UnsafeMutablePointer<Double>
    @usableFromInline let capacity: Int

    /// Byte alignment of every buffer.
    @usableFromInline static let alignment = 64

    /// The shared buffer of every empty vector, so `.zero` allocates nothing.
    @usableFromInline static let empty = PointStorage(uncheckedCapacity: 0)!

    /// Allocates room for `capacity` doubles, or returns nil when the size
    /// overflows or the system refuses the memory.
    @usableFromInline
    init?(uncheckedCapacity capacity: Int) {
        precondition(capacity >= 0)
        let (bytes, overflow) = max(capacity, 1).multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        if overflow { return nil }
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, PointStorage.alignment, bytes) == 0, let raw else { return nil }
        self.base = raw.bindMemory(to: Double.self, capacity: max(capacity, 1))
        self.capacity = capacity
    }

    @usableFromInline
    static func allocate(capacity: Int) -> PointStorage {
        guard let storage = PointStorage(uncheckedCapacity: capacity) else {
            allocationFailure(capacity)
        }
        return storage
    }

    @usableFromInline
    @inline(never)
    static func allocationFailure(_ capacity: Int) -> Never {
        preconditionFailure(
            "PointVector: cannot allocate \(capacity) doubles; use PointVector(validatingCount:) to get an error instead")
    }

    deinit {
        free(base)
    }
}
