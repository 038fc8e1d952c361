import MachineFacts
import Testing

/// The CPUID reading against the operating system's, on the machine the tests
/// run on. Linux fills `/sys/devices/system/cpu/cpu0/cache/index*/size` on x86
/// from the same deterministic-cache-parameters leaf SpringBench reads (leaf 4
/// on Intel, 0x8000001D on AMD and Hygon: line size × partitions × ways × sets,
/// each field plus one; arch/x86/kernel/cpu/cacheinfo.c), and a guest's kernel
/// sees the same CPUID as its processes, so where both give a level they must
/// agree to the byte. Skipped where either has no figure (no sysfs cache
/// directory, a CPU without those leaves, not x86).
@Suite("CPUID's cache sizes are the operating system's, level by level")
struct CPUIDAgreementTests {
    @Test("levels 2 and 3: CPUID equals sysfs wherever both report one")
    func agrees() {
        let facts = CacheFacts.read(.live)
        var compared = 0
        for level in [2, 3] {
            let cpuid = CacheFacts.Sources.live.cpuid(level)
            let sysfs = facts.levels.filter { $0.level == level && $0.type != "Instruction" }.map(\.bytes).max() ?? 0
            guard cpuid > 0, sysfs > 0 else { continue }
            #expect(cpuid == sysfs, "L\(level): CPUID \(cpuid) bytes, sysfs \(sysfs) bytes")
            compared += 1
        }
        // Recorded, not required: the machines seen so far (Zen 3, Zen 4 VMs) compare both levels.
        if compared == 0 { print("CPUIDAgreementTests: no level with both figures on this machine") }
    }
}
