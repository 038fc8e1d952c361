// sched_getcpu and the CPU_SET macros are GNU extensions that Swift's Glibc
// module does not expose; these two wrappers do.
#define _GNU_SOURCE
#include "CCPUAffinity.h"

#include <errno.h>
#include <sched.h>

int springbench_current_cpu(void) {
    return sched_getcpu();
}

int springbench_pin_to_cpu(int cpu) {
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
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
    return CPU_COUNT(&set);
}
