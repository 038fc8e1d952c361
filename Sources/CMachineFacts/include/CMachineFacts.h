#ifndef CMACHINEFACTS_H
#define CMACHINEFACTS_H

/// The size in bytes of the largest data or unified cache of `level` that
/// CPUID describes (Intel leaf 4, AMD leaf 0x8000001D), or 0 when CPUID does
/// not say (another architecture, an old CPU, a hypervisor hiding it).
long springbench_cpuid_cache_bytes(int level);

#endif
