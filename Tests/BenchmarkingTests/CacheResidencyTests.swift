import Benchmarking
import Foundation
import Testing

/// The measured share of the last-level cache (`CacheResidency`): the
/// decision from rates is checked on curves measured on real machines and on
/// the shapes that must not fool it; the measurement itself runs on a
/// simulated machine (a clock that a read advances by the bytes over the
/// rate the curve gives), so nothing here depends on this machine's speed.
@Suite("Cache residency")
struct CacheResidencyTests {
    static let mebibyte = 1 << 20

    static func points(_ rates: [(Int, Double)]) -> [CacheResidency.Point] {
        rates.map { CacheResidency.Point(bytes: $0.0 * mebibyte, gigabytesPerSecond: $0.1) }
    }

    /// Measured on the 2-vCPU Intel Xeon VM (sysfs: 2 MiB L2, 260 MiB L3) with
    /// a four-accumulator AVX2 read loop, best of three 10 ms timings per set.
    static let sharedXeon = points([
        (4, 30.0), (8, 29.5), (16, 29.5), (32, 29.3), (64, 29.3), (128, 16.8), (256, 13.5), (512, 13.3),
        (1040, 13.8),
    ])

    @Test("The shared Xeon VM keeps 64 MiB of its reported 260 MiB")
    func sharedVirtualMachine() throws {
        let decision = CacheResidency.decide(points: Self.sharedXeon, lastLevelCacheBytes: 260 * Self.mebibyte)
        #expect(decision.residentBytes == 64 * Self.mebibyte)
        let threshold = try #require(decision.threshold)
        #expect(abs(threshold - (30.0 * 13.8).squareRoot()) < 1e-12)
        // 128 MiB, read at 16.8 GB/s (partly resident), is not counted: its operands would be warmed for nothing.
        #expect(16.8 < threshold && threshold < 29.3)
    }

    @Test("A machine that keeps its whole reported cache gets exactly the reported size, never more")
    func wholeCacheIsCapped() {
        // Zen 4 (32 MiB per CCX, sysfs): every set up to 32 MiB at cache speed, memory at 128 MiB.
        let zen4 = Self.points([(2, 62), (4, 61), (8, 60), (16, 58), (32, 50), (128, 21)])
        #expect(
            CacheResidency.decide(points: zen4, lastLevelCacheBytes: 32 * Self.mebibyte).residentBytes
                == 32 * Self.mebibyte)
        // A 260 MiB cache whose 512 MiB set (the first power of two above it) still reads fast: capped at 260.
        let generous = Self.points([(4, 40), (64, 39), (256, 38), (512, 35), (1040, 12)])
        #expect(
            CacheResidency.decide(points: generous, lastLevelCacheBytes: 260 * Self.mebibyte).residentBytes
                == 260 * Self.mebibyte)
    }

    @Test("No step (a debug build's loop is slower than memory) decides nothing; the reported size stays")
    func flatCurveDecidesNothing() {
        let debug = Self.points([(4, 3.1), (8, 3.0), (16, 3.1), (64, 3.0), (1040, 2.9)])
        let decision = CacheResidency.decide(points: debug, lastLevelCacheBytes: 260 * Self.mebibyte)
        #expect(decision.residentBytes == nil && decision.threshold == nil)
        var record = MachineRecord.example(lastLevelCacheBytes: 260 * Self.mebibyte)
        record.cacheResidency = CacheResidency(points: debug, residentBytes: nil, thresholdGigabytesPerSecond: nil)
        #expect(record.cacheStateBytes == 260 * Self.mebibyte)
        record.cacheResidency?.residentBytes = 64 * Self.mebibyte
        #expect(record.cacheStateBytes == 64 * Self.mebibyte)
        // Just under the step's minimum ratio is still no step.
        let shallow = Self.points([(4, 1.24 * 10), (8, 12), (1040, 10)])
        #expect(CacheResidency.decide(points: shallow, lastLevelCacheBytes: 8 * Self.mebibyte).residentBytes == nil)
    }

    @Test("A slow outlier below the resident size does not shrink it; a set past the step never counts")
    func outliers() {
        var dipped = Self.sharedXeon
        dipped[1].gigabytesPerSecond = 14  // 8 MiB slowed by a neighbour during all three timings
        #expect(
            CacheResidency.decide(points: dipped, lastLevelCacheBytes: 260 * Self.mebibyte).residentBytes
                == 64 * Self.mebibyte)
        // Too few points to tell cache from memory.
        #expect(CacheResidency.decide(points: Array(Self.sharedXeon.suffix(2)), lastLevelCacheBytes: 0) == (nil, nil))
    }

    @Test("Working sets double from twice the L2 to the reported last level, then 4× it for the memory")
    func workingSets() {
        let m = Self.mebibyte
        #expect(
            CacheResidency.workingSets(lastLevelCacheBytes: 260 * m, secondLevelCacheBytes: 2 * m)
                == [4, 8, 16, 32, 64, 128, 256, 512, 1040].map { $0 * m })
        #expect(
            CacheResidency.workingSets(lastLevelCacheBytes: 32 * m, secondLevelCacheBytes: m)
                == [2, 4, 8, 16, 32, 128].map { $0 * m })
        // The memory's set is at least 64 MiB (an 8 MiB Zen 3 share) and at most 2 GiB.
        #expect(
            CacheResidency.workingSets(lastLevelCacheBytes: 8 * m, secondLevelCacheBytes: 512 << 10)
                == [1, 2, 4, 8, 64].map { $0 * m })
        #expect(CacheResidency.workingSets(lastLevelCacheBytes: 1 << 30, secondLevelCacheBytes: m).last == 2 << 30)
        // Nothing to measure: no last level, none above the L2, or too large for a memory set beyond it.
        #expect(CacheResidency.workingSets(lastLevelCacheBytes: 0, secondLevelCacheBytes: m).isEmpty)
        #expect(CacheResidency.workingSets(lastLevelCacheBytes: m, secondLevelCacheBytes: m).isEmpty)
        #expect(CacheResidency.workingSets(lastLevelCacheBytes: 2 << 30, secondLevelCacheBytes: m).isEmpty)
        #expect(CacheResidency.measure(lastLevelCacheBytes: 0, secondLevelCacheBytes: 0) == nil)
    }

    /// A machine that reads `rate(bytes)` GB/s: each read advances the clock by its bytes over that rate.
    final class SimulatedMachine: @unchecked Sendable {
        var now: UInt64 = 1_000_000
        var reads: [Int] = []
        let rate: (Int) -> Double
        init(rate: @escaping (Int) -> Double) { self.rate = rate }
        func read(_ pointer: UnsafePointer<Double>, _ count: Int) -> Double {
            reads.append(count)
            now += UInt64((Double(count * 8) / rate(count * 8)).rounded())
            return pointer[count - 1]
        }
    }

    @Test("The measurement reads every set and recovers the simulated machine's share")
    func measurementOnASimulatedMachine() throws {
        let m = Self.mebibyte
        // Sysfs says 4 MiB of L3 over a 512 KiB L2; this process keeps 2 MiB of it.
        let machine = SimulatedMachine { bytes in bytes <= 2 * m ? 40 : bytes <= 4 * m ? 18 : 12 }
        let residency = try #require(
            CacheResidency.measure(
                lastLevelCacheBytes: 4 * m, secondLevelCacheBytes: 512 << 10, minimumNanoseconds: 200_000,
                now: { machine.now }, read: machine.read))
        #expect(residency.points.map(\.bytes) == [1, 2, 4, 64].map { $0 * m })
        for point in residency.points {
            #expect(abs(point.gigabytesPerSecond - machine.rate(point.bytes)) < 1e-3 * point.gigabytesPerSecond)
        }
        #expect(residency.residentBytes == 2 * m)
        // Two untimed reads, then three timings of at least one read each, for every set.
        for bytes in residency.points.map(\.bytes) {
            #expect(machine.reads.filter { $0 == bytes / 8 }.count >= 5)
        }
        // A results file carries it, and decoding gives it back.
        var record = MachineRecord.example(lastLevelCacheBytes: 4 * m)
        record.cacheResidency = residency
        let decoded = try JSONDecoder().decode(MachineRecord.self, from: JSONEncoder().encode(record))
        #expect(decoded.cacheResidency == residency && decoded.cacheStateBytes == 2 * m)
    }
}

extension MachineRecord {
    /// A record with only the cache size that matters here.
    static func example(lastLevelCacheBytes: Int) -> MachineRecord {
        MachineRecord(
            cpuModel: "test", logicalCores: 2, caches: [], lastLevelCacheBytes: lastLevelCacheBytes, memoryBytes: 0,
            cpuFeatures: [], operatingSystem: "Linux", kernelRelease: "6", swiftCompiler: "Swift 6.3",
            buildConfiguration: "release", targetCPU: "x86-64", backends: [], date: "2026-11-28T00:00:00Z",
            commandLine: "springbench bench", hostname: "test")
    }
}
