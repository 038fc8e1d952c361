import Benchmarking
import Foundation
import MachineFacts
import ParallelKernels
import Reporting
import Testing
import VectorKernels
import _ResultsTestSupport

/// A fake `/sys/devices/system/cpu` with the caches given.
final class FakeSysfs: Sendable {
    let root: String

    init(_ caches: [(level: String, type: String, size: String, shared: String)]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("sysfs-\(UUID().uuidString)").path
        for (index, cache) in caches.enumerated() {
            let directory = "\(root)/cpu0/cache/index\(index)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, value) in [
                ("level", cache.level), ("type", cache.type), ("size", cache.size), ("shared_cpu_list", cache.shared),
            ] {
                try Data((value + "\n").utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
            }
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func sources(sysconf3: Int = 0, sysconf2: Int = 0, cpuid3: Int = 0, cpuid2: Int = 0) -> CacheFacts.Sources {
        CacheFacts.Sources(
            sysfsRoot: root, sysconfLevel3: { sysconf3 }, sysconfLevel2: { sysconf2 },
            cpuid: { $0 == 3 ? cpuid3 : $0 == 2 ? cpuid2 : 0 })
    }
}

/// The Zen 4 VM of Guides/MachineFacts.md ("Machines differ"): the OS shows 32 MiB of L3, sysconf 384 MiB.
func zen4VM(l3: String = "32768K") throws -> FakeSysfs {
    try FakeSysfs([
        ("1", "Data", "32K", "0"), ("1", "Instruction", "32K", "0"), ("2", "Unified", "1024K", "0"),
        ("3", "Unified", l3, "0-1"),
    ])
}

@Suite("Machine facts: the cache size from one place, the OS's view first")
struct CacheFactsTests {
    @Test("sysconf reporting the host's 384 MiB loses to the OS's 32 MiB, and the disagreement is said")
    func disagreeingSources() throws {
        let sysfs = try zen4VM()
        let facts = CacheFacts.read(sysfs.sources(sysconf3: 402_653_184, sysconf2: 1 << 20, cpuid3: 32 << 20))
        #expect(facts.lastLevelBytes == 32 << 20 && facts.source == .operatingSystem)
        #expect(facts.secondLevelBytes == 1 << 20)
        #expect(facts.sysconfBytes == 402_653_184 && facts.cpuidBytes == 32 << 20)
        #expect(facts.disagreement == "sysconf reports 384 MiB; the operating system (sysfs)'s 32 MiB is used")
        #expect(facts.descriptions == ["L1d 32K", "L1i 32K", "L2 1024K", "L3 32768K"])
        #expect(facts.levels.last?.sharedCPUCount == 2)
    }

    @Test("agreeing sources: no disagreement")
    func agreeingSources() throws {
        let sysfs = try zen4VM()
        #expect(CacheFacts.read(sysfs.sources(sysconf3: 32 << 20, cpuid3: 32 << 20)).disagreement == nil)
    }

    @Test("missing or unreadable sysfs files fall back to sysconf, then CPUID, then unknown")
    func fallbacks() throws {
        let empty = try FakeSysfs([])
        let fromSysconf = CacheFacts.read(empty.sources(sysconf3: 8 << 20, sysconf2: 512 << 10, cpuid3: 16 << 20))
        #expect(
            fromSysconf.lastLevelBytes == 8 << 20 && fromSysconf.source == .sysconf
                && fromSysconf.secondLevelBytes == 512 << 10)
        #expect(fromSysconf.disagreement == "CPUID reports 16 MiB; the sysconf's 8 MiB is used")
        #expect(fromSysconf.descriptions == ["L2 512K", "L3 8192K"])
        let fromCPUID = CacheFacts.read(empty.sources(sysconf3: -1, cpuid3: 16 << 20))
        #expect(fromCPUID.lastLevelBytes == 16 << 20 && fromCPUID.source == .cpuid)
        let unknown = CacheFacts.read(empty.sources())
        #expect(unknown.lastLevelBytes == 0 && unknown.source == .unknown && unknown.descriptions.isEmpty)
        // Garbage in the files is skipped, not trusted.
        let garbage = try FakeSysfs([
            ("x", "Unified", "32K", "0"), ("3", "Unified", "lots", "0"),
            ("3", "Unified", "99999999999999999999G", "0"), ("2", "Unified", "2M", "0-1,4"),
        ])
        let read = CacheFacts.read(garbage.sources(sysconf3: 64 << 20))
        #expect(read.levels.count == 1 && read.lastLevelBytes == 2 << 20 && read.levels[0].sharedCPUCount == 3)
    }

    @Test(
        "every consumer follows the injected size: 1 MiB and 1 GiB of last-level cache", arguments: [1 << 20, 1 << 30])
    func consumers(_ lastLevel: Int) throws {
        let sysfs = try zen4VM(l3: "\(lastLevel >> 10)K")
        let facts = CacheFacts.read(sysfs.sources(sysconf3: 402_653_184))
        #expect(facts.lastLevelBytes == lastLevel)
        // Streaming stores: from the first count whose three operands overflow the cache.
        let threshold = SIMDBackend.streamingThreshold(lastLevelCacheBytes: facts.lastLevelBytes)
        #expect(threshold == lastLevel / 24 + 1)
        #expect(threshold * 24 > lastLevel && (threshold - 1) * 24 <= lastLevel)
        // Cache states: add (24 bytes a point) is hot up to the cache, in memory beyond.
        #expect(CacheState.of(.add, size: lastLevel / 24, lastLevelCacheBytes: facts.lastLevelBytes) == .hot)
        #expect(CacheState.of(.add, size: lastLevel / 24 + 1, lastLevelCacheBytes: facts.lastLevelBytes) == .memory)
        // The cache check: sizes leaving the 1 MiB L2 with some kernel hot.
        let sizes = [16, 4096, 65536, 1 << 20, 1 << 24]
        let checked = CacheCheck.sizes(
            sizes, lastLevelCacheBytes: facts.lastLevelBytes, secondLevelCacheBytes: facts.secondLevelBytes)
        #expect(checked == sizes.filter { $0 * 24 > (1 << 20) && $0 * 8 <= lastLevel })
        // The probe: 4× the cache, at least 16 Mi doubles.
        let probe = BandwidthProbe.sized(lastLevelCacheBytes: facts.lastLevelBytes, trials: 1)
        #expect(probe.elements == max(1 << 24, 4 * lastLevel / 8))
        // The report states the source and the disagreement.
        var record = SyntheticRuns.machine()
        record.lastLevelCacheBytes = facts.lastLevelBytes
        record.cacheSources = CacheSourcesRecord(facts)
        #expect(
            record.markdownSection.contains(
                "| Cache size read | from the operating system (sysfs); sysconf reports 384 MiB; the operating system (sysfs)'s \(CacheFacts.format(lastLevel)) is used |"
            ))
    }

    @Test("this machine: one value everywhere — the threshold, the record and the facts agree")
    func oneValueEverywhere() {
        MachineTuning.apply()  // what the tool and the catalogue do before any timing
        let facts = CacheFacts.current
        #expect(facts == CacheFacts.read(.live))
        #expect(
            SIMDBackend.streamingThreshold == SIMDBackend.streamingThreshold(lastLevelCacheBytes: facts.lastLevelBytes))
        let record = MachineRecord.current(backends: [], commandLine: "test")
        #expect(record.lastLevelCacheBytes == facts.lastLevelBytes)
        #expect(record.cacheBytes(level: 2) == facts.secondLevelBytes || facts.levels.isEmpty)
        #expect(record.cacheSources == CacheSourcesRecord(facts))
    }
}
