import CCPUAffinity
import CPortableFallbacks

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The cores this process may use, read once, from one place.
///
/// Three limits apply and any may be the tightest: the CPUs online
/// (`sysconf(_SC_NPROCESSORS_ONLN)`), the CPUs the process's affinity mask
/// allows (`sched_getaffinity`, as `taskset` or a container runtime sets it),
/// and a cgroup v2 CPU quota (`cpu.max`, "200000 100000" = two CPUs' worth of
/// time), which a container gets from `docker run --cpus`. ``usable`` is the
/// smallest, the quota rounded up. The parallel backend sizes its pool from
/// it, and the bench plan checks thread counts against it, so the two cannot
/// disagree.
///
/// Read ``current`` before the process pins itself to one CPU (the bench run
/// does, when nothing runs threads): the affinity mask is the calling thread's.
public struct CoreFacts: Sendable, Equatable {
    /// CPUs online, 0 when unknown.
    public var online: Int
    /// CPUs the affinity mask allows, 0 when unknown.
    public var affinity: Int
    /// The cgroup's CPU quota in CPUs (quota / period), nil when there is none.
    public var quota: Double?
    /// Cores a parallel computation may use: the smallest known limit, at least 1.
    public var usable: Int

    public init(online: Int, affinity: Int, quota: Double?) {
        self.online = online
        self.affinity = affinity
        self.quota = quota
        var limits = [online, affinity].filter { $0 > 0 }
        if let quota, quota.isFinite, quota > 0 { limits.append(Int(min(quota.rounded(.up), 1e6))) }
        self.usable = max(1, limits.min() ?? 1)
    }

    /// Where the facts come from; tests inject their own.
    public struct Sources: Sendable {
        public var online: @Sendable () -> Int
        public var affinity: @Sendable () -> Int
        /// The text of the process's cgroup `cpu.max`, nil when there is none.
        public var cgroupCPUMax: @Sendable () -> String?

        public init(
            online: @escaping @Sendable () -> Int, affinity: @escaping @Sendable () -> Int,
            cgroupCPUMax: @escaping @Sendable () -> String?
        ) {
            self.online = online
            self.affinity = affinity
            self.cgroupCPUMax = cgroupCPUMax
        }

        /// This machine's: the CPUs online (POSIX), and on Linux the affinity mask
        /// and the cgroup's quota; elsewhere (and with SPRINGBENCH_PORTABLE_FALLBACKS=1)
        /// those two are unknown.
        public static let live = Sources(
            online: { Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))) },
            affinity: { Int(springbench_allowed_cpu_count()) },
            cgroupCPUMax: {
                #if os(Linux)
                    if springbench_portable_fallbacks_forced() == 0 {
                        return CoreFacts.liveCPUMax(cgroupRoot: "/sys/fs/cgroup", selfCgroup: "/proc/self/cgroup")
                    }
                #endif
                return nil
            })
    }

    /// This process's cores, read once per process.
    public static let current = read(.live)

    public static func read(_ sources: Sources) -> CoreFacts {
        CoreFacts(
            online: max(0, sources.online()), affinity: max(0, sources.affinity()),
            quota: sources.cgroupCPUMax().flatMap(parseCPUMax))
    }

    /// The quota in CPUs of a cgroup v2 `cpu.max` text ("max 100000": none;
    /// "150000 100000": 1.5); nil for no quota or text that is not that form.
    public static func parseCPUMax(_ text: String) -> Double? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard words.count == 2, words[0] != "max", let quota = Double(words[0]), let period = Double(words[1]),
            quota > 0, period > 0, quota.isFinite, period.isFinite
        else { return nil }
        return quota / period
    }

    /// The `cpu.max` of the cgroup `/proc/self/cgroup` names (cgroup v2's
    /// "0::/path" line), else the root's; nil without cgroup v2.
    package static func liveCPUMax(cgroupRoot: String, selfCgroup: String) -> String? {
        if let membership = CacheFacts.readText(selfCgroup),
            let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") })
        {
            let path = line.dropFirst(3)
            if !path.contains(".."), let text = CacheFacts.readText(cgroupRoot + path + "/cpu.max") { return text }
        }
        return CacheFacts.readText(cgroupRoot + "/cpu.max")
    }
}
