import Foundation
import MachineFacts
import Testing
import VectorKernels

/// `CacheFacts` against its documented rules (its doc comments and Guides/MachineFacts.md), on
/// seeded random caches written as a fake sysfs tree, with every other source injected: the
/// operating system first, then sysconf, then CPUID; the last level is the highest level's
/// largest data or unified cache; sysfs sizes are binary (K = 1024); a CPU list counts each CPU.
@Suite("Cache facts: random sysfs trees and sources, each rule against its own oracle")
struct CacheFactsPropertyTests {
    struct Cache {
        var level: Int
        var type: String
        var bytes: Int
        var shared: [Int]  // the CPUs, written as a list of ranges

        /// sysfs's form of the size: bytes, or whole K, M or G.
        func sizeText(_ rng: inout SplitMix64) -> String {
            var units: [(String, Int)] = [("", 1)]
            for (suffix, unit) in [("K", 1 << 10), ("M", 1 << 20), ("G", 1 << 30)] where bytes % unit == 0 {
                units.append((suffix, unit))
            }
            let (suffix, unit) = units.randomElement(using: &rng)!
            return "\(bytes / unit)\(suffix)"
        }
    }

    /// A CPU set written as sysfs does: ascending ranges ("0-3,8,10-11").
    static func cpuList(_ cpus: [Int]) -> String {
        var parts: [String] = []
        var index = 0
        let sorted = cpus.sorted()
        while index < sorted.count {
            var end = index
            while end + 1 < sorted.count, sorted[end + 1] == sorted[end] + 1 { end += 1 }
            parts.append(end == index ? "\(sorted[index])" : "\(sorted[index])-\(sorted[end])")
            index = end + 1
        }
        return parts.joined(separator: ",")
    }

    /// Writes `caches` as `cpu0/cache/index*/` under a new directory; returns its path.
    static func sysfs(_ caches: [Cache], _ rng: inout SplitMix64) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-facts-\(UUID().uuidString)")
            .path
        for (index, cache) in caches.enumerated() {
            let directory = "\(root)/cpu0/cache/index\(index)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for (name, value) in [
                ("level", "\(cache.level)"), ("type", cache.type), ("size", cache.sizeText(&rng)),
                ("shared_cpu_list", cpuList(cache.shared)),
            ] {
                try Data((value + "\n").utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
            }
        }
        return root
    }

    static func randomCaches(_ rng: inout SplitMix64) -> [Cache] {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in
            let cpus = Array(
                Set((0..<Int.random(in: 1...6, using: &rng)).map { _ in Int.random(in: 0...15, using: &rng) }))
            return Cache(
                level: Int.random(in: 1...4, using: &rng),
                type: ["Data", "Instruction", "Unified"].randomElement(using: &rng)!,
                bytes: Int.random(in: 1...4096, using: &rng) << [0, 10, 20].randomElement(using: &rng)!,
                shared: cpus)
        }
    }

    @Test("random trees and sources: the OS's highest data/unified level, else sysconf, else CPUID; L2 from the same")
    func choosesBySource() throws {
        var rng = SplitMix64(seed: 4310)
        for _ in 0..<150 {
            let caches = Self.randomCaches(&rng)
            let root = try Self.sysfs(caches, &rng)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let sysconf3 = [0, -1, Int.random(in: 1...(1 << 30), using: &rng)].randomElement(using: &rng)!
            let sysconf2 = [0, Int.random(in: 1...(1 << 24), using: &rng)].randomElement(using: &rng)!
            let cpuid3 = [0, Int.random(in: 1...(1 << 30), using: &rng)].randomElement(using: &rng)!
            let cpuid2 = [0, Int.random(in: 1...(1 << 24), using: &rng)].randomElement(using: &rng)!
            let facts = CacheFacts.read(
                .init(
                    sysfsRoot: root, sysconfLevel3: { sysconf3 }, sysconfLevel2: { sysconf2 },
                    cpuid: { $0 == 3 ? cpuid3 : $0 == 2 ? cpuid2 : 0 }))
            // The oracle: the rules, applied by hand.
            let usable = caches.filter { $0.type != "Instruction" }
            let top = usable.map(\.level).max()
            let os = usable.filter { $0.level == top }.map(\.bytes).max() ?? 0
            let osL2 = usable.filter { $0.level == 2 }.map(\.bytes).max() ?? 0
            let sysconfLast = sysconf3 > 0 ? sysconf3 : sysconf2
            let cpuidLast = cpuid3 > 0 ? cpuid3 : cpuid2
            let expected: (Int, CacheFacts.Source, Int) =
                os > 0
                ? (os, .operatingSystem, osL2)
                : sysconfLast > 0
                    ? (sysconfLast, .sysconf, sysconf2) : cpuidLast > 0 ? (cpuidLast, .cpuid, cpuid2) : (0, .unknown, 0)
            let label =
                "\(caches.map { "L\($0.level) \($0.type) \($0.bytes)" }) sysconf \(sysconf3)/\(sysconf2) cpuid \(cpuid3)/\(cpuid2)"
            #expect(facts.lastLevelBytes == expected.0 && facts.source == expected.1, "\(label)")
            #expect(facts.secondLevelBytes == expected.2, "\(label)")
            #expect(
                facts.operatingSystemBytes == os && facts.sysconfBytes == sysconfLast && facts.cpuidBytes == cpuidLast)
            #expect(facts.levels.map(\.bytes) == caches.map(\.bytes), "\(label)")
            #expect(facts.levels.map(\.sharedCPUCount) == caches.map(\.shared.count), "\(label)")
            // A source that said nothing is no disagreement; one that differs from the value used is.
            let disagreeing =
                (facts.source != .sysconf && sysconfLast > 0 && sysconfLast != facts.lastLevelBytes ? 1 : 0)
                + (facts.source != .cpuid && cpuidLast > 0 && cpuidLast != facts.lastLevelBytes ? 1 : 0)
            #expect((facts.disagreement == nil) == (disagreeing == 0), "\(label): \(facts.disagreement ?? "nil")")
            if let text = facts.disagreement {
                #expect(
                    text.contains("sysconf reports")
                        == (facts.source != .sysconf && sysconfLast > 0 && sysconfLast != facts.lastLevelBytes))
                #expect(
                    text.contains("CPUID reports")
                        == (facts.source != .cpuid && cpuidLast > 0 && cpuidLast != facts.lastLevelBytes))
                #expect(text.hasSuffix("\(CacheFacts.format(facts.lastLevelBytes)) is used"))
            }
            // Without sysfs levels, the record names the fallback's L2 and L3 in whole KiB.
            if caches.isEmpty {
                var fallback: [String] = []
                if expected.2 > 0 { fallback.append("L2 \(expected.2 / 1024)K") }
                if expected.0 > 0, expected.0 != expected.2 { fallback.append("L3 \(expected.0 / 1024)K") }
                #expect(facts.descriptions == fallback, "\(label)")
            }
        }
    }

    @Test("sysfs sizes: digits then nothing, K, M or G, binary; anything else or an overflow is nil")
    func sizes() {
        var rng = SplitMix64(seed: 4311)
        for _ in 0..<2000 {
            let value = Int.random(in: 0...(1 << 20), using: &rng)
            #expect(CacheFacts.parseSize("\(value)") == value)
            #expect(CacheFacts.parseSize("\(value)K") == value * 1024)
            #expect(CacheFacts.parseSize("\(value)M") == value * 1024 * 1024)
            #expect(CacheFacts.parseSize("\(value)G") == value * 1024 * 1024 * 1024)
        }
        for text in ["", "K", "32k", "32KB", "32 K", "-32K", "0x20", "32K ", "9223372036854775807K", "99999999999G"] {
            #expect(CacheFacts.parseSize(text) == nil, "\(text)")
        }
        #expect(CacheFacts.parseSize("9223372036854775807") == Int.max)
    }

    @Test("a CPU list counts each CPU once per range end to end; a list it cannot read counts 0")
    func cpuLists() throws {
        var rng = SplitMix64(seed: 4312)
        for _ in 0..<200 {
            let cpus = Array(
                Set((0..<Int.random(in: 1...40, using: &rng)).map { _ in Int.random(in: 0...127, using: &rng) }))
            let root = try Self.sysfs([Cache(level: 2, type: "Unified", bytes: 1 << 20, shared: cpus)], &rng)
            defer { try? FileManager.default.removeItem(atPath: root) }
            let facts = CacheFacts.read(
                .init(sysfsRoot: root, sysconfLevel3: { 0 }, sysconfLevel2: { 0 }, cpuid: { _ in 0 }))
            #expect(facts.levels.first?.sharedCPUCount == cpus.count, "\(Self.cpuList(cpus))")
        }
    }

    @Test("sizes in words: whole GiB, else MiB (with a fraction when not whole), else whole KiB")
    func format() {
        var rng = SplitMix64(seed: 4313)
        for _ in 0..<2000 {
            let bytes = Int.random(in: 0...(1 << 36), using: &rng) >> Int.random(in: 0...20, using: &rng)
            let text = CacheFacts.format(bytes)
            if bytes >= 1 << 30, bytes % (1 << 30) == 0 {
                #expect(text == "\(bytes >> 30) GiB")
            } else if bytes >= 1 << 20 {
                #expect(
                    text.hasSuffix(" MiB") && Double(text.dropLast(4)) == Double(bytes) / 1_048_576, "\(bytes): \(text)"
                )
            } else {
                #expect(text == "\(bytes / 1024) KiB", "\(bytes): \(text)")
            }
        }
        #expect(CacheFacts.format(3 << 29) == "1536 MiB")
    }
}
