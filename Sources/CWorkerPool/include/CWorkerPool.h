#ifndef SPRINGBENCH_WORKER_POOL_H
#define SPRINGBENCH_WORKER_POOL_H

#include <stddef.h>

/// A persistent pool of worker threads for the parallel backend: threads are
/// started once (and again only when the thread count changes), never per
/// call. A call hands out `parts` pieces of work; the caller works too, so a
/// pool of `threads` runs `threads - 1` workers.
///
/// Between calls a worker spins for a few tens of microseconds (a run of
/// calls pays no wake-up) and then sleeps, so an idle pool costs no CPU: on a
/// futex on Linux, on a POSIX condition variable elsewhere (and on Linux when
/// the environment sets SPRINGBENCH_PORTABLE_FALLBACKS=1 as the workers start).
/// Calls from several threads at once are served one after another.

/// One piece of a call: `body(context, part)` for `part` in `0..<parts`.
typedef void (*springbench_pool_body)(void *context, ptrdiff_t part);

/// Threads a call uses (the caller included); 1 until configured.
long springbench_pool_threads(void);

/// Sets the thread count (the caller included), clamped to 1…256: stops the
/// current workers and starts `threads - 1` new ones. Returns the count set.
long springbench_pool_set_threads(long threads);

/// Runs `body` on every part in `0..<parts`, spread over the pool's threads,
/// and returns when all are done. Parts run in no fixed order; each runs once.
void springbench_pool_run(ptrdiff_t parts, springbench_pool_body body, void *context);

/// Calls of `springbench_pool_run` made by the calling thread (a thread-local
/// count: other threads' calls, other tests', never change it). Tests check
/// where a backend's calls split.
long springbench_pool_runs_on_this_thread(void);

/// How idle workers sleep: "futex" or "condition variable" (the running
/// workers' mechanism, or the one the next start would choose).
const char *springbench_pool_sleep_mechanism(void);

/// Worker threads started since the process began (tests: the pool starts
/// threads when configured, never per call).
long springbench_pool_threads_started(void);

/// Calls that woke a sleeping worker since the process began (tests and the
/// report: a run of large calls should mostly find its workers spinning).
long springbench_pool_sleeping_wakes(void);

/// The parallel backend's per-operation thresholds (points from which a call
/// is split; `LONG_MAX` = never), stored atomically so any thread may read
/// them per call. `operation` < 16.
long springbench_pool_threshold(int operation);
void springbench_pool_set_threshold(int operation, long points);

#endif
