// sched_getcpu and the CPU_SET macros are GNU extensions that Swift's Glibc
// module does not expose; these wrappers do. Elsewhere (and on Linux with
// SPRINGBENCH_PORTABLE_FALLBACKS=1) there is no affinity: every call says so
// with -1 and errno ENOSYS, and callers record the facts as unknown.
#define _GNU_SOURCE
#include "CCPUAffinity.h"
#include "CPortableFallbacks.h"

#include <errno.h>

static int unsupported(void) {
    errno = ENOSYS;
    return -1;
}

#if defined(__linux__)
#include <sched.h>

int springbench_current_cpu(void) {
    if (springbench_portable_fallbacks_forced()) return unsupported();
    return sched_getcpu();
}

int springbench_pin_to_cpu(int cpu) {
    if (springbench_portable_fallbacks_forced()) return unsupported();
    if (cpu < 0 || cpu >= CPU_SETSIZE) {
        errno = EINVAL;
        return -1;
    }
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set);
}

int springbench_allowed_cpu_count(void) {
    if (springbench_portable_fallbacks_forced()) return unsupported();
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
#else
int springbench_current_cpu(void) { return unsupported(); }
int springbench_pin_to_cpu(int cpu) {
    (void)cpu;
    return unsupported();
}
int springbench_allowed_cpu_count(void) { return unsupported(); }
#endif
