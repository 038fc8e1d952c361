import Synchronization
import Testing
import VectorKernels
import _TestSupport

/// The cache of huge-page blocks behind large vectors (`LargeBuffers`,
/// Guides/MachineFacts.md "Allocation"): which kept block a request gets,
/// which blocks are dropped, that the mappings are what the huge pages need,
/// and that nothing in it calls `malloc` — in any build, with other threads
/// using the cache at the same time. The policy is checked on private
/// `Retained` instances (the process's cache is shared with tests running in
/// parallel); the global entry points are checked for allocations and limits.
@Suite("Large buffers: the kept huge-page blocks")
struct LargeBuffersTests {
    typealias Block = LargeBuffers.Block
    static let mebibyte = 1 << 20

    /// A block that is never dereferenced: `Retained` only files addresses.
    static func block(_ id: UInt, mebibytes: Int) -> Block {
        Block(base: UnsafeMutableRawPointer(bitPattern: id << 21)!, bytes: mebibytes * mebibyte)
    }

    static func sizes(_ retained: LargeBuffers.Retained) -> [Int] {
        retained.blocks.map { $0.bytes / mebibyte }
    }

    @Test("a request gets the smallest kept block of at least its size and at most twice it")
    func takesSmallestFittingBlock() throws {
        let retained = LargeBuffers.Retained(countLimit: 4, bytesLimit: 512 * Self.mebibyte)
        for (id, size) in [(1, 16), (2, 6), (3, 10), (4, 8)] {
            retained.keep(Self.block(UInt(id), mebibytes: size))
            #expect(retained.dropOneOverLimit() == nil)
        }
        // 7 MiB: 8 and 10 fit; 8 is the smallest.
        let first = try #require(retained.take(fitting: 7 * Self.mebibyte))
        #expect(first.bytes == 8 * Self.mebibyte && first.base == Self.block(4, mebibytes: 8).base)
        #expect(Self.sizes(retained) == [16, 6, 10], "the others stay, oldest first")
        // 4 MiB: 6 fits; 10 and 16 are more than twice the request.
        #expect(retained.take(fitting: 4 * Self.mebibyte)?.bytes == 6 * Self.mebibyte)
        // 3 MiB: 10 and 16 are both more than twice 3 MiB.
        #expect(retained.take(fitting: 3 * Self.mebibyte) == nil)
        // Exactly half of the block still fits (16 / 2 <= 8).
        #expect(retained.take(fitting: 8 * Self.mebibyte)?.bytes == 10 * Self.mebibyte)
        #expect(retained.take(fitting: 8 * Self.mebibyte)?.bytes == 16 * Self.mebibyte)
        #expect(retained.count == 0 && retained.bytes == 0)
        #expect(retained.take(fitting: 1) == nil)
    }

    @Test("past the count limit the oldest block is dropped, one per kept block")
    func dropsOldestPastCountLimit() {
        let retained = LargeBuffers.Retained(countLimit: 3, bytesLimit: 1 << 40)
        var dropped: [Int] = []
        for size in [6, 8, 10, 12, 14, 16] {
            retained.keep(Self.block(UInt(size), mebibytes: size))
            while let oldest = retained.dropOneOverLimit() { dropped.append(oldest.bytes / Self.mebibyte) }
            #expect(retained.count <= 3)
        }
        #expect(dropped == [6, 8, 10])
        #expect(Self.sizes(retained) == [12, 14, 16])
        #expect(retained.bytes == (12 + 14 + 16) * Self.mebibyte)
    }

    @Test("past the byte limit the oldest blocks are dropped until the rest fit")
    func dropsOldestPastByteLimit() {
        let retained = LargeBuffers.Retained(countLimit: 8, bytesLimit: 40 * Self.mebibyte)
        for size in [10, 12, 14] {
            retained.keep(Self.block(UInt(size), mebibytes: size))
            #expect(retained.dropOneOverLimit() == nil)
        }
        // 36 + 30 = 66 MiB: 10 and 12 must go (44 > 40), then 14 + 30 = 44 > 40, 14 goes too.
        retained.keep(Self.block(30, mebibytes: 30))
        var dropped: [Int] = []
        while let oldest = retained.dropOneOverLimit() { dropped.append(oldest.bytes / Self.mebibyte) }
        #expect(dropped == [10, 12, 14])
        #expect(Self.sizes(retained) == [30] && retained.bytes == 30 * Self.mebibyte)
        #expect(retained.takeAll().map(\.bytes) == [30 * Self.mebibyte])
        #expect(retained.count == 0 && retained.bytes == 0)
    }

    @Test("keeping, taking and dropping blocks call malloc not once")
    func bookkeepingAllocatesNothing() throws {
        try #require(AllocationCounter.isActive)
        let retained = LargeBuffers.Retained(countLimit: 4, bytesLimit: 64 * Self.mebibyte)
        // Once untimed: the first calls may instantiate metadata
        // (Optional<Block> for one).
        retained.keep(Self.block(1, mebibytes: 6))
        blackHole(retained.dropOneOverLimit())
        blackHole(retained.take(fitting: 6 * Self.mebibyte))
        let count = AllocationCounter.count {
            for round in 0..<50 {
                for id in 0..<6 {
                    retained.keep(Self.block(UInt(id + 1), mebibytes: 6 + 2 * id))
                    while retained.dropOneOverLimit() != nil {}
                }
                blackHole(retained.take(fitting: (5 + round % 12) * Self.mebibyte))
            }
        }
        #expect(count == 0, "\(count) allocations in the cache's bookkeeping")
    }

    @Test("mappings are 2 MiB aligned, whole huge pages, writable, and fit the request")
    func mappingsFitHugePages() throws {
        for bytes in [LargeBuffers.thresholdBytes, LargeBuffers.thresholdBytes + 8, 7 * Self.mebibyte + 1] {
            let block = try #require(LargeBuffers.map(bytes: bytes))
            defer { LargeBuffers.unmap(block) }
            #expect(UInt(bitPattern: block.base) % UInt(LargeBuffers.hugePageBytes) == 0)
            #expect(block.bytes % LargeBuffers.hugePageBytes == 0)
            #expect(block.bytes >= bytes && block.bytes - bytes < LargeBuffers.hugePageBytes)
            let doubles = block.base.bindMemory(to: Double.self, capacity: block.bytes / 8)
            doubles[0] = 1
            doubles[block.bytes / 8 - 1] = 2
            #expect(doubles[0] + doubles[block.bytes / 8 - 1] == 3)
        }
        #expect(LargeBuffers.map(bytes: .max) == nil, "an overflowing size is refused, not wrapped")
    }

    final class Counts: Sendable {
        let values = Mutex<[Int]>([])
    }

    @Test("the shared cache allocates nothing and keeps its limits while four threads use it at once")
    func concurrentUseAllocatesNothing() throws {
        try #require(AllocationCounter.isActive)
        // Sizes that fit each other's blocks (within 2x) and some that do not.
        let sizes = [4, 5, 6, 7, 9, 12].map { $0 * Self.mebibyte }
        let allocations = Counts()
        // Once untimed: the cache's state is made on first use (its slots
        // are allocated then), and the unoptimised build instantiates the
        // metadata of the tuple acquire returns.
        if let block = LargeBuffers.acquire(bytes: sizes[0]) { LargeBuffers.release(block.base, bytes: block.bytes) }
        let mappedBefore = LargeBuffers.statistics.mapped
        let threads = (0..<4).map { thread in
            TestThread {
                // Two blocks held at a time, in locals: iterating an array
                // would itself allocate in the unoptimised build.
                var older: (base: UnsafeMutableRawPointer, bytes: Int)?
                var previous: (base: UnsafeMutableRawPointer, bytes: Int)?
                let count = AllocationCounter.count {
                    for round in 0..<60 {
                        let block = LargeBuffers.acquire(bytes: sizes[(round + thread) % sizes.count])
                        if let older { LargeBuffers.release(older.base, bytes: older.bytes) }
                        older = previous
                        previous = block
                    }
                    if let older { LargeBuffers.release(older.base, bytes: older.bytes) }
                    if let previous { LargeBuffers.release(previous.base, bytes: previous.bytes) }
                }
                allocations.values.withLock { $0.append(count) }
            }
        }
        for thread in threads { thread.join() }
        if LargeBuffers.mapsPages {
            #expect(allocations.values.withLock { $0 } == [0, 0, 0, 0])
        } else {
            // The portable path takes fresh blocks with posix_memalign, which the counter sees:
            // nothing else may allocate (other tests may map blocks meanwhile, hence ≤).
            let fresh = LargeBuffers.statistics.mapped - mappedBefore
            #expect(allocations.values.withLock { $0.reduce(0, +) } <= fresh)
        }
        let statistics = LargeBuffers.statistics
        #expect(statistics.retained <= LargeBuffers.retainedLimit)
        #expect(statistics.retainedBytes <= LargeBuffers.retainedBytesLimit)
        #expect(statistics.reused > 0, "the threads' blocks were never reused")
    }
}
