import CVectorLoops
import DocumentValues
import Foundation
import MachineFacts
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

/// Where, when and how a result was measured. Every result file carries one,
/// and every report ends with it.
public struct MachineRecord: Codable, Sendable, Equatable {
    public var cpuModel: String
    /// Logical CPUs online.
    @Checked<PositiveCount> public var logicalCores: Int
    /// Cache sizes by level and type, e.g. "L1d 32 KiB", as the kernel reports them.
    public var caches: [String]
    /// Last-level cache size in bytes (0 when unknown).
    @Checked<NonNegativeCount> public var lastLevelCacheBytes: Int
    @Checked<NonNegativeCount> public var memoryBytes: Int
    /// Instruction-set features that matter here (avx2, fma, avx512f), as /proc/cpuinfo lists them.
    public var cpuFeatures: [String]
    public var operatingSystem: String
    public var kernelRelease: String
    /// The Swift compiler that built this binary (compile-time check).
    public var swiftCompiler: String
    /// "release" or "debug".
    public var buildConfiguration: String
    /// The `-target-cpu` the binary was built for ("x86-64" baseline unless chosen).
    public var targetCPU: String
    /// Backend details: SIMD width, library version, core, threads.
    @UniqueElements public var backends: [BackendRecord]
    /// ISO 8601 time the run started.
    public var date: String
    /// The command line that produced the result.
    public var commandLine: String
    public var hostname: String
    /// What each source said of the last-level cache and which one
    /// ``lastLevelCacheBytes`` came from (nil in files from before it was recorded).
    public var cacheSources: CacheSourcesRecord?
    /// How much of the last-level cache this process could keep, measured by
    /// the run (``CacheResidency``); nil when not measured.
    public var cacheResidency: CacheResidency?

    public init(
        cpuModel: String, logicalCores: Int, caches: [String], lastLevelCacheBytes: Int, memoryBytes: Int,
        cpuFeatures: [String], operatingSystem: String, kernelRelease: String, swiftCompiler: String,
        buildConfiguration: String, targetCPU: String, backends: [BackendRecord], date: String,
        commandLine: String, hostname: String
    ) {
        self.cpuModel = cpuModel
        self.logicalCores = logicalCores
        self.caches = caches
        self.lastLevelCacheBytes = lastLevelCacheBytes
        self.memoryBytes = memoryBytes
        self.cpuFeatures = cpuFeatures
        self.operatingSystem = operatingSystem
        self.kernelRelease = kernelRelease
        self.swiftCompiler = swiftCompiler
        self.buildConfiguration = buildConfiguration
        self.targetCPU = targetCPU
        self.backends = backends
        self.date = date
        self.commandLine = commandLine
        self.hostname = hostname
    }

    /// The cache size every cell's state is decided by: the measured
    /// ``CacheResidency/residentBytes`` when the run measured one, else
    /// ``lastLevelCacheBytes``.
    public var cacheStateBytes: Int {
        cacheResidency?.residentBytes ?? lastLevelCacheBytes
    }

    /// Whether two records describe the same kind of machine and build, so that
    /// their absolute times may be compared.
    public func isComparable(with other: MachineRecord) -> Bool {
        cpuModel == other.cpuModel && logicalCores == other.logicalCores
            && buildConfiguration == other.buildConfiguration && targetCPU == other.targetCPU
    }
}

/// A backend as recorded in a result: its `BackendDetails` on the measuring machine.
public typealias BackendRecord = BackendDetails

extension BackendDetails: UniquelyKeyed {
    public var uniqueKey: String { name }
}

extension MachineRecord {
    /// Reads this machine's record from /proc, /sys and the build itself.
    public static func current(backends: [BackendRecord], commandLine: String) -> MachineRecord {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let firstValue: (String) -> String? = { key in
            cpuinfo.split(separator: "\n").first { $0.hasPrefix(key) }
                .flatMap { $0.split(separator: ":", maxSplits: 1).last }
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let flags = Set((firstValue("flags") ?? "").split(separator: " ").map(String.init))
        let features = ["sse2", "avx", "avx2", "fma", "avx512f"].filter { flags.contains($0) }
        let caches = CacheFacts.current
        let osRelease = (try? String(contentsOfFile: "/etc/os-release", encoding: .utf8)) ?? ""
        let prettyName = osRelease.split(separator: "\n").first { $0.hasPrefix("PRETTY_NAME=") }
            .map { String($0.dropFirst("PRETTY_NAME=".count)).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        var names = utsname()
        uname(&names)
        let release = withUnsafeBytes(of: &names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let formatter = ISO8601DateFormatter()
        var record = MachineRecord(
            cpuModel: firstValue("model name") ?? "unknown",
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            caches: caches.descriptions, lastLevelCacheBytes: caches.lastLevelBytes,
            memoryBytes: Int(clamping: ProcessInfo.processInfo.physicalMemory),
            cpuFeatures: features,
            operatingSystem: prettyName ?? "Linux", kernelRelease: release,
            swiftCompiler: BuildInfo.swiftCompiler, buildConfiguration: BuildInfo.configuration,
            targetCPU: BuildInfo.targetCPU, backends: backends,
            date: formatter.string(from: Date()), commandLine: commandLine,
            hostname: ProcessInfo.processInfo.hostName)
        record.cacheSources = CacheSourcesRecord(caches)
        return record
    }

    /// The size of the data (or unified) cache of `level`, from ``caches``
    /// ("L2 512K"), or 0 when not recorded.
    public func cacheBytes(level: Int) -> Int {
        for description in caches {
            let parts = description.split(separator: " ")
            guard parts.count == 2, parts[0] == "L\(level)" || parts[0] == "L\(level)d" else { continue }
            return Self.bytes(String(parts[1]))
        }
        return 0
    }

    /// "512K" as bytes, by the rule the sizes were read with (0 when unreadable).
    static func bytes(_ size: String) -> Int {
        CacheFacts.parseSize(size) ?? 0
    }
}

/// Facts fixed when the binary was built.
public enum BuildInfo {
    public static var configuration: String {
        #if DEBUG
            return "debug"
        #else
            return "release"
        #endif
    }

    /// Set by the Makefile's `TARGET_CPU=...` (which passes `-target-cpu` and a
    /// matching `-D SPRINGBENCH_TARGET_CPU_...` flag); baseline x86-64 otherwise.
    public static var targetCPU: String {
        let named = String(cString: springbench_build_target_cpu())
        if !named.isEmpty { return named }
        #if SPRINGBENCH_TARGET_CPU_ZNVER3
            return "znver3"
        #elseif SPRINGBENCH_TARGET_CPU_HASWELL
            return "haswell"
        #elseif SPRINGBENCH_TARGET_CPU_NATIVE
            return "native"
        #elseif SPRINGBENCH_TARGET_CPU_CUSTOM
            return "custom (see the Makefile's TARGET_CPU)"
        #else
            return "x86-64 (baseline, SSE2)"
        #endif
    }

    public static var swiftCompiler: String {
        #if compiler(>=6.4)
            return "Swift 6.4 or later"
        #elseif compiler(>=6.3)
            return "Swift 6.3"
        #elseif compiler(>=6.2)
            return "Swift 6.2"
        #else
            return "Swift 6.1"
        #endif
    }
}

extension MachineRecord {
    /// How reports name the backend called `name`: its recorded
    /// `BackendDetails.displayName`, or the name itself.
    public func displayName(of name: String) -> String {
        backends.first { $0.name == name }?.displayName ?? name
    }

    /// Threads one call of the backend called `name` ran, as recorded (1 when not recorded).
    public func threads(of name: String) -> Int {
        backends.first { $0.name == name }?.threads ?? 1
    }
}

/// The cache size each source reported, as a results file records it.
public struct CacheSourcesRecord: Codable, Sendable, Equatable {
    /// The source of ``MachineRecord/lastLevelCacheBytes``: "operating system
    /// (sysfs)", "sysconf", "CPUID" or "unknown".
    @Checked<NonEmptyText> public var chosen: String
    /// What each source said of the last level in bytes (0: nothing).
    @Checked<NonNegativeCount> public var operatingSystemBytes: Int
    @Checked<NonNegativeCount> public var sysconfBytes: Int
    @Checked<NonNegativeCount> public var cpuidBytes: Int
    /// The disagreement in words, when a source disagrees with the one used.
    public var disagreement: String?

    public init(_ facts: CacheFacts) {
        chosen = facts.source.rawValue
        operatingSystemBytes = facts.operatingSystemBytes
        sysconfBytes = facts.sysconfBytes
        cpuidBytes = facts.cpuidBytes
        disagreement = facts.disagreement
    }
}
