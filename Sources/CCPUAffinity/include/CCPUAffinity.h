#ifndef SPRINGBENCH_CPU_AFFINITY_H
#define SPRINGBENCH_CPU_AFFINITY_H

/// The CPU the calling thread runs on now, or -1 when unknown.
int springbench_current_cpu(void);

/// Restricts the calling thread (and processes it starts later) to `cpu`;
/// 0 on success, -1 (errno set) when the system refuses.
int springbench_pin_to_cpu(int cpu);

/// How many CPUs the calling thread may run on (its affinity mask), or -1.
int springbench_allowed_cpu_count(void);

#endif
