// CPUID's view of the caches: "deterministic cache parameters", Intel SDM
// vol. 2A, CPUID leaf 04H; AMD APM vol. 3, CPUID Fn8000_001D. Both encode a
// cache as EAX[4:0] type (1 data, 2 instruction, 3 unified), EAX[7:5] level,
// EBX ways−1 [31:22], partitions−1 [21:12], line size−1 [11:0], ECX sets−1.
// Under a hypervisor these are what the host lets through, so they are
// recorded beside the operating system's view, never preferred to it.
#include "CMachineFacts.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <string.h>

long springbench_cpuid_cache_bytes(int level) {
    unsigned eax, ebx, ecx, edx;
    if (!__get_cpuid(0, &eax, &ebx, &ecx, &edx)) return 0;
    unsigned max_leaf = eax;
    char vendor[13];
    memcpy(vendor, &ebx, 4);
    memcpy(vendor + 4, &edx, 4);
    memcpy(vendor + 8, &ecx, 4);
    vendor[12] = 0;
    unsigned leaf;
    if (strcmp(vendor, "AuthenticAMD") == 0 || strcmp(vendor, "HygonGenuine") == 0) {
        if (!__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) || eax < 0x8000001Du) return 0;
        // Fn8000_001D is valid only with TopologyExtensions (Fn8000_0001 ECX bit 22).
        if (!__get_cpuid(0x80000001u, &eax, &ebx, &ecx, &edx) || !(ecx & (1u << 22))) return 0;
        leaf = 0x8000001Du;
    } else {
        if (max_leaf < 4) return 0;
        leaf = 4;
    }
    long best = 0;
    for (unsigned sub = 0; sub < 16; sub++) {
        __cpuid_count(leaf, sub, eax, ebx, ecx, edx);
        unsigned type = eax & 0x1f;
        if (type == 0) break;
        if ((int)((eax >> 5) & 0x7) != level || type == 2) continue;
        long ways = ((ebx >> 22) & 0x3ff) + 1, partitions = ((ebx >> 12) & 0x3ff) + 1;
        long line = (ebx & 0xfff) + 1, sets = (long)ecx + 1;
        long bytes = ways * partitions * line * sets;
        if (bytes > best) best = bytes;
    }
    return best;
}
#else
long springbench_cpuid_cache_bytes(int level) {
    (void)level;
    return 0;
}
#endif
