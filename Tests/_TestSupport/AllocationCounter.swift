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

    /// Whether counting works in this process: allocating one class instance
    /// through the Swift runtime must count at least once. A test that asserts
    /// zero allocations must check this first, or a broken interposer would
    /// make it pass vacuously.
    public static var isActive: Bool {
        count { blackHole(Probe()) } >= 1
    }

    private final class Probe {}
}

/// Keeps a value alive past the optimiser.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
