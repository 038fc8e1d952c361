#ifndef SPRINGBENCH_PORTABLE_FALLBACKS_H
#define SPRINGBENCH_PORTABLE_FALLBACKS_H

/// 1 when the environment asks for the portable fallbacks on a platform that
/// has something better: SPRINGBENCH_PORTABLE_FALLBACKS set, not empty and not
/// "0". Read once per process (the first call decides). CI runs the spring
/// library's tests so on Linux (Guides/Portability.md): the worker pool sleeps
/// on a condition variable instead of a futex, large buffers come from
/// posix_memalign instead of mmap, and machine facts read as unknown, as on a
/// platform without Linux's interfaces.
int springbench_portable_fallbacks_forced(void);

#endif
