import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the storage of large vectors comes from: huge-page-advised mappings,
/// of which a few freed ones are kept for the next large vector.
///
/// Why (Guides/MachineFacts.md, "Allocating large vectors"): glibc serves
/// every block over 32 MiB with a fresh `mmap`, whose 4 KiB pages each fault
/// on first write. Writing `a + b` into such a block cost 5.4–5.6 ns per
/// element at 4 Mi and 16 Mi points, against 0.42 into memory already
/// faulted in. Two remedies, both measured (fresh block per call, best of
/// 10–200, ns per element):
///
/// | points | malloc | mmap, 4 KiB pages | mmap + `MADV_HUGEPAGE` |
/// |---:|---:|---:|---:|
/// | 128 Ki (1 MiB) | 0.42 | 4.5 | 1.02 |
/// | 512 Ki (4 MiB) | 0.42 | 4.6 | 0.72 |
/// | 4 Mi (32 MiB) | 5.4 | 5.5 | 1.44 |
/// | 16 Mi (128 MiB) | 5.5 | 5.6 | 1.58 |
///
/// - Advising huge pages makes a fresh block 3.5–4× cheaper from 2 MiB on
///   (one fault and one 2 MiB clear per huge page instead of 512 faults);
///   below 2 MiB there is no huge page to get.
/// - Keeping freed blocks makes the next one free of faults altogether, which
///   is what an animation's `value = a + b` every frame needs: the previous
///   frame's value dies as the next is made. glibc does this itself below its
///   mmap threshold (at most 32 MiB), but its heap stays 4 KiB pages.
///
/// So vectors of at least ``thresholdBytes`` get a 2 MiB-aligned mapping,
/// rounded up to whole huge pages and advised `MADV_HUGEPAGE`; on release it
/// goes back to a cache of at most ``retainedLimit`` blocks and
/// ``retainedBytesLimit`` bytes (oldest dropped first), from which a request
/// takes the smallest block that fits and is no more than twice its size.
/// ``releaseRetained()`` returns the cache to the system.
public enum LargeBuffers {
    /// The huge page size on x86-64 Linux.
    public static let hugePageBytes = 2 << 20
    /// Requests from this many bytes on come from here (2 huge pages: below
    /// it, rounding up to whole huge pages would waste up to half the block).
    public static let thresholdBytes = 4 << 20
    /// Most freed blocks kept.
    public static let retainedLimit = 4
    /// Most bytes kept in freed blocks.
    public static let retainedBytesLimit = 512 << 20

    /// What the cache has done since the process started (for tests and reports).
    public struct Statistics: Sendable, Equatable {
        /// Blocks mapped from the system.
        public var mapped = 0
        /// Requests served from a kept block.
        public var reused = 0
        /// Blocks currently kept, and their bytes.
        public var retained = 0
        public var retainedBytes = 0
    }

    package struct Block: @unchecked Sendable {
        package var base: UnsafeMutableRawPointer
        package var bytes: Int

        package init(base: UnsafeMutableRawPointer, bytes: Int) {
            self.base = base
            self.bytes = bytes
        }
    }

    /// The freed blocks kept for reuse, oldest first, with the policy that
    /// picks and drops them.
    ///
    /// Its bookkeeping never allocates, in any build: the blocks sit in slots
    /// allocated once, and the kept bytes are a running total. (The first
    /// version kept an `Array` and summed it with `reduce`: in the debug build
    /// the unspecialised iteration called `malloc` once per kept block, so an
    /// allocation count of `a + b` rose with the blocks that other threads
    /// had left in the cache. Two threads releasing at once could also grow
    /// the array past its reserved room.)
    ///
    /// Not synchronised: ``LargeBuffers`` holds the process's one instance
    /// under a lock; tests make their own.
    package final class Retained: @unchecked Sendable {
        /// Most blocks kept after a ``keep(_:)`` and its ``dropOneOverLimit()``.
        let countLimit: Int
        /// Most bytes kept once every block over the limit is dropped.
        let bytesLimit: Int
        private let slots: UnsafeMutablePointer<Block>
        /// Blocks kept.
        package private(set) var count = 0
        /// Their bytes.
        package private(set) var bytes = 0

        package init(countLimit: Int, bytesLimit: Int) {
            precondition(countLimit >= 0 && bytesLimit >= 0)
            self.countLimit = countLimit
            self.bytesLimit = bytesLimit
            // One slot more than the limit: a kept block is counted before
            // the oldest is dropped.
            slots = .allocate(capacity: countLimit + 1)
        }

        deinit { slots.deallocate() }

        /// The kept blocks, oldest first (for tests).
        package var blocks: [Block] { (0..<count).map { slots[$0] } }

        /// Takes out the smallest kept block of at least `bytes` and at most
        /// twice that (a bigger one would waste more than it holds), or nil.
        package func take(fitting bytes: Int) -> Block? {
            var best = -1
            for index in 0..<count {
                let size = slots[index].bytes
                if size >= bytes, size / 2 <= bytes, best < 0 || size < slots[best].bytes { best = index }
            }
            return best >= 0 ? remove(at: best) : nil
        }

        /// Keeps `block` as the newest. Drop what goes over the limits with
        /// ``dropOneOverLimit()`` before the next `keep`, so the slots never
        /// overflow.
        package func keep(_ block: Block) {
            precondition(count <= countLimit, "LargeBuffers: kept a block without dropping the one over the limit")
            slots[count] = block
            count += 1
            bytes += block.bytes
        }

        /// Takes out the oldest block while more than ``countLimit`` blocks or
        /// ``bytesLimit`` bytes are kept; nil once within both.
        package func dropOneOverLimit() -> Block? {
            guard count > countLimit || bytes > bytesLimit, count > 0 else { return nil }
            return remove(at: 0)
        }

        /// Takes out the block in slot `index`; the newer ones move down, so
        /// slot 0 stays the oldest.
        private func remove(at index: Int) -> Block {
            let block = slots[index]
            for slot in index..<(count - 1) { slots[slot] = slots[slot + 1] }
            count -= 1
            bytes -= block.bytes
            return block
        }

        /// Takes out every block.
        package func takeAll() -> [Block] {
            let all = blocks
            count = 0
            bytes = 0
            return all
        }
    }

    struct State: @unchecked Sendable {
        let kept = Retained(countLimit: LargeBuffers.retainedLimit, bytesLimit: LargeBuffers.retainedBytesLimit)
        var mapped = 0
        var reused = 0

        var statistics: Statistics {
            Statistics(mapped: mapped, reused: reused, retained: kept.count, retainedBytes: kept.bytes)
        }
    }

    static let state = Mutex(State())

    /// The counters so far.
    public static var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Unmaps every kept block.
    public static func releaseRetained() {
        let blocks = state.withLock { $0.kept.takeAll() }
        for block in blocks { unmap(block) }
    }

    /// A block of at least `bytes` bytes, 2 MiB aligned, or nil when the
    /// system refuses the memory. Allocates nothing from the heap.
    @usableFromInline
    package static func acquire(bytes: Int) -> (base: UnsafeMutableRawPointer, bytes: Int)? {
        let kept = state.withLock { state -> Block? in
            guard let block = state.kept.take(fitting: bytes) else { return nil }
            state.reused += 1
            return block
        }
        if let kept { return (kept.base, kept.bytes) }
        guard let block = map(bytes: bytes) else { return nil }
        state.withLock { $0.mapped += 1 }
        return (block.base, block.bytes)
    }

    /// Gives a block back: kept for reuse, or unmapped when the cache is full.
    /// Allocates nothing from the heap. What goes over the limits is
    /// unmapped under the lock, so both limits hold whenever the lock is free
    /// (an unmap is rare: only when the cache is full).
    @usableFromInline
    package static func release(_ base: UnsafeMutableRawPointer, bytes: Int) {
        let block = Block(base: base, bytes: bytes)
        guard block.bytes <= retainedBytesLimit else { return unmap(block) }
        state.withLock { state in
            state.kept.keep(block)
            while let oldest = state.kept.dropOneOverLimit() { unmap(oldest) }
        }
    }

    /// A fresh mapping of `bytes` rounded up to whole huge pages, aligned to a
    /// huge page (a huge page can only back an aligned 2 MiB range).
    package static func map(bytes: Int) -> Block? {
        let page = hugePageBytes
        let (rounded, overflow) = bytes.addingReportingOverflow(page - 1)
        guard !overflow else { return nil }
        let size = rounded / page * page
        #if os(Linux)
            if mapsPages {
                let (span, spanOverflow) = size.addingReportingOverflow(page)
                guard !spanOverflow,
                    let raw = mmap(nil, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                    raw != MAP_FAILED
                else { return nil }
                let start = UInt(bitPattern: raw)
                let aligned = (start + UInt(page) - 1) / UInt(page) * UInt(page)
                let head = Int(aligned - start)
                if head > 0 { munmap(raw, head) }
                if page - head > 0 { munmap(UnsafeMutableRawPointer(bitPattern: aligned + UInt(size)), page - head) }
                let base = UnsafeMutableRawPointer(bitPattern: aligned)!
                _ = madvise(base, size, MADV_HUGEPAGE)  // advice only: a kernel without THP still gives the memory
                return Block(base: base, bytes: size)
            }
        #endif
        // The portable path: aligned heap memory, no page advice.
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, page, size) == 0, let raw else { return nil }
        return Block(base: raw, bytes: size)
    }

    package static func unmap(_ block: Block) {
        #if os(Linux)
            if mapsPages {
                munmap(block.base, block.bytes)
                return
            }
        #endif
        free(block.base)
    }

    /// Whether blocks are fresh `mmap`s advised `MADV_HUGEPAGE` (Linux) or
    /// `posix_memalign`ed heap memory (elsewhere, and on Linux with
    /// SPRINGBENCH_PORTABLE_FALLBACKS=1, how CI tests the portable path).
    /// Fixed for the process: a block is given back the way it was taken.
    package static let mapsPages: Bool = {
        #if os(Linux)
            return !portableFallbacksForced
        #else
            return false
        #endif
    }()
}
