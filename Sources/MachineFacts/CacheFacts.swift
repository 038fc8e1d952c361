import CMachineFacts
import CPortableFallbacks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's caches, read once, from one place.
///
/// Three sources can describe a cache and, on virtual machines, they disagree:
/// seen on an AMD EPYC Zen 4 VM (Guides/MachineFacts.md, "Machines differ"),
/// the operating system (`/sys/devices/system/cpu/cpu0/cache/index*/`) shows a
/// 32 MiB L3 while glibc's `sysconf(_SC_LEVEL3_CACHE_SIZE)` reports the host's
/// 384 MiB. The operating system's view wins (it is what the scheduler and the
/// hypervisor present to this guest); `sysconf` and CPUID are read too,
/// recorded, and a disagreement is stated. Every consumer — the streaming
/// threshold, each cell's cache state, the cache check's sizes, the probe's
/// arrays, the reports — reads ``current`` (through the machine record), so two
/// modules cannot act on two different sizes.
public struct CacheFacts: Sendable, Equatable {
    /// One cache as the operating system lists it for CPU 0.
    public struct Level: Sendable, Equatable {
        public var level: Int
        /// "Data", "Instruction" or "Unified", as sysfs writes it.
        public var type: String
        public var bytes: Int
        /// sysfs's own text ("32K"), for the record.
        public var sizeText: String
        /// CPUs sharing it (`shared_cpu_list`), 0 when unknown.
        public var sharedCPUCount: Int

        public init(level: Int, type: String, bytes: Int, sizeText: String, sharedCPUCount: Int) {
            self.level = level
            self.type = type
            self.bytes = bytes
            self.sizeText = sizeText
            self.sharedCPUCount = sharedCPUCount
        }

        /// "L1d 32K", "L3 32768K": the record's form.
        public var description: String {
            "L\(level)\(type == "Data" ? "d" : type == "Instruction" ? "i" : "") \(sizeText)"
        }
    }

    /// Where ``lastLevelBytes`` came from.
    public enum Source: String, Sendable, Equatable {
        case operatingSystem = "operating system (sysfs)"
        case sysconf = "sysconf"
        case cpuid = "CPUID"
        case unknown = "unknown"
    }

    /// The operating system's caches (empty when sysfs says nothing).
    public var levels: [Level]
    /// The last-level (largest level, data or unified) cache in bytes: the one
    /// value every consumer reads; 0 when no source knows.
    public var lastLevelBytes: Int
    /// The L2 data or unified cache in bytes (0 when unknown).
    public var secondLevelBytes: Int
    public var source: Source
    /// What each source said of the last level (0: it said nothing).
    public var operatingSystemBytes: Int
    public var sysconfBytes: Int
    public var cpuidBytes: Int

    /// The sources that disagree with the one used, in words; nil when they agree.
    public var disagreement: String? {
        var others: [String] = []
        if source != .sysconf, sysconfBytes > 0, sysconfBytes != lastLevelBytes {
            others.append("sysconf reports \(Self.format(sysconfBytes))")
        }
        if source != .cpuid, cpuidBytes > 0, cpuidBytes != lastLevelBytes {
            others.append("CPUID reports \(Self.format(cpuidBytes))")
        }
        guard !others.isEmpty else { return nil }
        return "\(others.joined(separator: " and ")); the \(source.rawValue)'s \(Self.format(lastLevelBytes)) is used"
    }

    /// Record-form descriptions of the levels ("L1d 32K"), or the fallback source's last level.
    public var descriptions: [String] {
        if !levels.isEmpty { return levels.map(\.description) }
        var fallback: [String] = []
        if secondLevelBytes > 0 { fallback.append("L2 \(secondLevelBytes >> 10)K") }
        if lastLevelBytes > 0, lastLevelBytes != secondLevelBytes { fallback.append("L3 \(lastLevelBytes >> 10)K") }
        return fallback
    }

    /// Where the facts are read from; tests inject every part.
    public struct Sources: Sendable {
        /// The directory holding `cpu0/cache/index*/` (`/sys/devices/system/cpu`).
        public var sysfsRoot: String
        /// `sysconf(_SC_LEVEL3_CACHE_SIZE)` then `_SC_LEVEL2_CACHE_SIZE` (≤ 0: unknown).
        public var sysconfLevel3: @Sendable () -> Int
        public var sysconfLevel2: @Sendable () -> Int
        /// CPUID's size of the largest cache of a level (0: unknown).
        public var cpuid: @Sendable (Int) -> Int

        public init(
            sysfsRoot: String, sysconfLevel3: @escaping @Sendable () -> Int,
            sysconfLevel2: @escaping @Sendable () -> Int, cpuid: @escaping @Sendable (Int) -> Int
        ) {
            self.sysfsRoot = sysfsRoot
            self.sysconfLevel3 = sysconfLevel3
            self.sysconfLevel2 = sysconfLevel2
            self.cpuid = cpuid
        }

        /// This machine's: on Linux sysfs, glibc's sysconf and CPUID; elsewhere (and
        /// with SPRINGBENCH_PORTABLE_FALLBACKS=1) ``unknown``, recorded as unknown.
        public static let live: Sources = {
            #if os(Linux)
                if springbench_portable_fallbacks_forced() == 0 {
                    return Sources(
                        sysfsRoot: "/sys/devices/system/cpu",
                        sysconfLevel3: { Int(sysconf(Int32(_SC_LEVEL3_CACHE_SIZE))) },
                        sysconfLevel2: { Int(sysconf(Int32(_SC_LEVEL2_CACHE_SIZE))) },
                        cpuid: { Int(springbench_cpuid_cache_bytes(Int32($0))) })
                }
            #endif
            return unknown
        }()

        /// Sources that know nothing (no sysfs directory, every size 0): the
        /// facts read as unknown, and what depends on them takes its documented default.
        public static let unknown = Sources(
            sysfsRoot: "", sysconfLevel3: { 0 }, sysconfLevel2: { 0 }, cpuid: { _ in 0 })
    }

    /// This machine's caches, read once per process.
    public static let current = read(.live)

    /// Reads every source and chooses: the operating system, else sysconf, else CPUID.
    public static func read(_ sources: Sources) -> CacheFacts {
        var levels: [Level] = []
        for index in 0..<(sources.sysfsRoot.isEmpty ? 0 : 16) {
            let directory = "\(sources.sysfsRoot)/cpu0/cache/index\(index)/"
            guard let levelText = readText(directory + "level"), let level = Int(levelText),
                let type = readText(directory + "type"), let size = readText(directory + "size"),
                let bytes = parseSize(size), bytes > 0
            else { continue }
            let shared = readText(directory + "shared_cpu_list").map(countCPUs) ?? 0
            levels.append(Level(level: level, type: type, bytes: bytes, sizeText: size, sharedCPUCount: shared))
        }
        let unifiedOrData = levels.filter { $0.type != "Instruction" }
        let operatingSystem = unifiedOrData.max { ($0.level, $0.bytes) < ($1.level, $1.bytes) }?.bytes ?? 0
        let operatingSystemL2 = unifiedOrData.filter { $0.level == 2 }.map(\.bytes).max() ?? 0
        let sysconf3 = max(0, sources.sysconfLevel3()), sysconf2 = max(0, sources.sysconfLevel2())
        let sysconfLast = sysconf3 > 0 ? sysconf3 : sysconf2
        let cpuid3 = max(0, sources.cpuid(3)), cpuid2 = max(0, sources.cpuid(2))
        let cpuidLast = cpuid3 > 0 ? cpuid3 : cpuid2
        let (chosen, source, second): (Int, Source, Int) =
            operatingSystem > 0
            ? (operatingSystem, .operatingSystem, operatingSystemL2)
            : sysconfLast > 0
                ? (sysconfLast, .sysconf, sysconf2)
                : cpuidLast > 0
                    ? (cpuidLast, .cpuid, cpuid2)
                    : (0, .unknown, 0)
        return CacheFacts(
            levels: levels, lastLevelBytes: chosen, secondLevelBytes: second, source: source,
            operatingSystemBytes: operatingSystem, sysconfBytes: sysconfLast, cpuidBytes: cpuidLast)
    }

    /// "32K", "1M", "512" (bytes) as sysfs writes sizes; nil for anything else.
    public static func parseSize(_ text: String) -> Int? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int(digits) else { return nil }
        let (multiplied, overflow): (Int, Bool)
        switch text.dropFirst(digits.count) {
        case "": (multiplied, overflow) = (value, false)
        case "K": (multiplied, overflow) = value.multipliedReportingOverflow(by: 1 << 10)
        case "M": (multiplied, overflow) = value.multipliedReportingOverflow(by: 1 << 20)
        case "G": (multiplied, overflow) = value.multipliedReportingOverflow(by: 1 << 30)
        default: return nil
        }
        return overflow ? nil : multiplied
    }

    /// CPUs in a list like "0-3,8,10-11" (0 when it cannot be read).
    static func countCPUs(_ list: String) -> Int {
        var count = 0
        for part in list.split(separator: ",") {
            let ends = part.split(separator: "-").compactMap { Int($0) }
            if ends.count == 1 {
                count += 1
            } else if ends.count == 2, ends[1] >= ends[0] {
                count += ends[1] - ends[0] + 1
            } else {
                return 0
            }
        }
        return count
    }

    /// A small text file's contents without surrounding whitespace (nil when unreadable).
    static func readText(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = Glibc.read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return nil }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        return String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    /// "32 MiB", "384 MiB", "1.5 MiB", "512 KiB".
    public static func format(_ bytes: Int) -> String {
        if bytes >= 1 << 30, bytes % (1 << 30) == 0 { return "\(bytes >> 30) GiB" }
        if bytes >= 1 << 20 {
            return bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(Double(bytes) / Double(1 << 20)) MiB"
        }
        return "\(bytes >> 10) KiB"
    }
}
