import CAllocationCounting

/// Counts heap allocations made by the current thread while `body` runs.
///
/// The malloc family of the test executable is replaced by
/// `CAllocationCounting`, whose counters are thread-local, so tests running in
/// parallel on other threads do not disturb the count.
public enum AllocationCounter {
    public static func count(_ body: () -> Void) -> Int {
        springbench_allocation_counting_begin()
        body()
        return Int(springbench_allocation_counting_end())
    }

    /// Whether counting works in this process: an allocation through the Swift
    /// runtime (libswiftCore's swift_slowAlloc, which calls malloc from a
    /// shared library) must count at least once. A test that asserts zero
    /// allocations must check this first, or a broken interposer would make it
    /// pass vacuously. (A class instance would do in debug builds, but the
    /// optimiser may place it on the stack in release builds.)
    public static var isActive: Bool {
        count {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
            blackHole(memory)
            memory.deallocate()
        } >= 1
    }
}

/// Keeps a value alive past the optimiser.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
