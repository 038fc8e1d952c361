import CVectorLoops
import DocumentValues

#if canImport(Glibc)
    import Glibc
#endif

/// How much data this process can keep in the last-level cache, measured.
///
/// The size the machine reports is the cache's, not this process's share of
/// it. On a 2-vCPU VM of an Intel Xeon whose sysfs reports a 260 MiB L3, a
/// read loop over one array ran at 29.5 GB/s up to 64 MiB, 16.8 GB/s at
/// 128 MiB and 13.5 GB/s from 256 MiB on (the memory's rate): the other
/// tenants keep the rest. Trusting the 260 MiB labelled the 16 Mi cells (128–
/// 384 MiB of operands) *hot* and gave each sample 8 warming calls that warmed
/// nothing: 177 of the 463 s of `make report`'s bench, for cells that ran at
/// the memory's rate anyway (Guides/MachineFacts.md, "The cache a process
/// keeps").
///
/// `measure(lastLevelCacheBytes:secondLevelCacheBytes:now:read:)` reads
/// working sets that double from twice the L2 to the reported last level,
/// then one of 4× it (the memory's rate), and ``decide(points:lastLevelCacheBytes:)``
/// turns the rates into ``residentBytes``. Every cell's cache state, the cache
/// check's sizes, the parallel thresholds' warming and the probe's arrays use
/// ``MachineRecord/cacheStateBytes``, which is this value when measured.
public struct CacheResidency: Codable, Sendable, Equatable {
    /// One working set and the best read rate over it.
    public struct Point: Codable, Sendable, Equatable {
        @Checked<PositiveCount> public var bytes: Int
        @Checked<Positive> public var gigabytesPerSecond: Double

        public init(bytes: Int, gigabytesPerSecond: Double) {
            self.bytes = bytes
            self.gigabytesPerSecond = gigabytesPerSecond
        }
    }

    /// Working sets in ascending order; the last is the memory's (4× the reported cache).
    public var points: [Point]
    /// The largest working set still read at cache speed (a power of two, at
    /// most the reported last level); nil when the rates show no cache step
    /// (a debug build's loop is slower than memory), and the reported size is used.
    public var residentBytes: Int?
    /// The rate a working set must reach to count as resident: the geometric
    /// mean of the first point's (in the last level, past L2) and the memory's.
    public var thresholdGigabytesPerSecond: Double?

    public init(points: [Point], residentBytes: Int?, thresholdGigabytesPerSecond: Double?) {
        self.points = points
        self.residentBytes = residentBytes
        self.thresholdGigabytesPerSecond = thresholdGigabytesPerSecond
    }

    /// The smallest ratio of the cache's rate to the memory's that counts as a
    /// step. Release builds measured 2.2× here (29.5 against 13.5 GB/s); a
    /// debug build's read loop is slower than memory everywhere (ratio ≈ 1).
    public static let minimumStep = 1.25

    /// The resident size the rates show, with the threshold it used.
    ///
    /// A working set is resident when its rate reaches the geometric mean of
    /// the first point's and the last (memory) point's; the resident size is
    /// the largest such set below the memory's, capped at `lastLevelCacheBytes`.
    /// Noise on a shared machine only slows a pass and each point is the best
    /// of several, so a slow outlier can only lower the estimate, never raise it.
    public static func decide(points: [Point], lastLevelCacheBytes: Int) -> (
        residentBytes: Int?, threshold: Double?
    ) {
        guard points.count >= 3, let first = points.first, let memory = points.last,
            first.gigabytesPerSecond >= minimumStep * memory.gigabytesPerSecond
        else { return (nil, nil) }
        let threshold = (first.gigabytesPerSecond * memory.gigabytesPerSecond).squareRoot()
        let resident = points.dropLast().filter { $0.gigabytesPerSecond >= threshold }.map(\.bytes).max()
        return (resident.map { lastLevelCacheBytes > 0 ? min($0, lastLevelCacheBytes) : $0 }, threshold)
    }

    /// The working sets measured for a machine whose caches are reported as
    /// `lastLevelCacheBytes` and `secondLevelCacheBytes`: powers of two from
    /// twice the L2 (at least 1 MiB) up to the first at or above the last
    /// level, then 4× the last level (at least 64 MiB, at most 2 GiB). Empty
    /// when the last level is unknown or not above the L2.
    public static func workingSets(lastLevelCacheBytes: Int, secondLevelCacheBytes: Int) -> [Int] {
        guard lastLevelCacheBytes > 0, lastLevelCacheBytes <= 1 << 40 else { return [] }
        var size = 1 << 20
        while size < 2 * secondLevelCacheBytes { size *= 2 }
        guard size <= lastLevelCacheBytes else { return [] }
        var sets: [Int] = []
        while size < lastLevelCacheBytes {
            sets.append(size)
            size *= 2
        }
        sets.append(size)
        // The memory's working set must lie beyond every cache set, or there is no reference.
        let memory = min(max(4 * lastLevelCacheBytes, 64 << 20), 2 << 30)
        guard memory > size else { return [] }
        sets.append(memory)
        return sets.count >= 3 ? sets : []
    }

    /// Reads each working set (two untimed passes, then three timings of at
    /// least `minimumNanoseconds` each, the best kept) and decides. `read`
    /// reads its doubles and returns something that depends on them; tests
    /// inject both it and `now`.
    public static func measure(
        lastLevelCacheBytes: Int, secondLevelCacheBytes: Int, minimumNanoseconds: UInt64 = 5_000_000,
        now: () -> UInt64 = monotonicNanoseconds,
        read: (UnsafePointer<Double>, Int) -> Double = { springbench_sum($0, $1) }
    ) -> CacheResidency? {
        let sets = workingSets(lastLevelCacheBytes: lastLevelCacheBytes, secondLevelCacheBytes: secondLevelCacheBytes)
        guard let largest = sets.last else { return nil }
        let buffer = BandwidthProbe.allocate(largest / 8, value: 1.0)
        defer { free(buffer) }
        var sink = 0.0
        var points: [Point] = []
        for bytes in sets {
            let count = bytes / 8
            let reading = UnsafePointer(buffer)
            sink += read(reading, count) + read(reading, count)
            var best = 0.0
            for _ in 0..<3 {
                let start = now()
                var passes = 0
                var elapsed: UInt64 = 0
                repeat {
                    sink += read(reading, count)
                    passes += 1
                    elapsed = now() &- start
                } while elapsed < minimumNanoseconds
                best = max(best, Double(bytes) * Double(passes) / Double(max(elapsed, 1)))
            }
            points.append(Point(bytes: bytes, gigabytesPerSecond: best))
        }
        blackHole(sink)
        let (resident, threshold) = decide(points: points, lastLevelCacheBytes: lastLevelCacheBytes)
        return CacheResidency(points: points, residentBytes: resident, thresholdGigabytesPerSecond: threshold)
    }
}
