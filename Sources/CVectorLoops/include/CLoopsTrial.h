#ifndef SPRINGBENCH_LOOPS_TRIAL_H
#define SPRINGBENCH_LOOPS_TRIAL_H

#include <stddef.h>

/// The loops of a user's `--loops-library`, as `LoopsLibrary` resolved them.
typedef struct {
    void (*add)(const double *a, const double *b, double *c, ptrdiff_t n);
    void (*subtract)(const double *a, const double *b, double *c, ptrdiff_t n);
    void (*add_in_place)(double *a, const double *b, ptrdiff_t n);
    void (*subtract_in_place)(double *a, const double *b, ptrdiff_t n);
    void (*scale)(double *a, double s, ptrdiff_t n);
    void (*axpy)(double alpha, const double *x, double *y, ptrdiff_t n);
    double (*sum_of_squares)(const double *a, ptrdiff_t n);
    double *(*add_allocating)(const double *a, const double *b, ptrdiff_t n);
} springbench_loops_table;

/// How a trial ended.
enum {
    /// Every loop returned at every size (and the allocating add gave a block).
    SPRINGBENCH_TRIAL_PASSED = 0,
    /// A loop ended the trial's process with a signal (`signal`).
    SPRINGBENCH_TRIAL_CRASHED = 1,
    /// A loop had not returned when the deadline passed; the process was killed.
    SPRINGBENCH_TRIAL_HUNG = 2,
    /// The allocating add returned NULL.
    SPRINGBENCH_TRIAL_NULL = 3,
    /// The loop called `exit` (status in `signal`) instead of returning.
    SPRINGBENCH_TRIAL_EXITED = 4,
    /// The trial could not start (fork, pipe) or allocate its operands (`signal` holds errno).
    SPRINGBENCH_TRIAL_UNAVAILABLE = 5,
};

typedef struct {
    int outcome;
    /// The signal (CRASHED), exit status (EXITED) or errno (UNAVAILABLE).
    int signal;
    /// The loop in progress when it ended, in the table's order (0 add … 7 add_allocating); -1 none.
    int loop;
    /// Points of the call in progress.
    ptrdiff_t size;
} springbench_loops_trial_result;

/// Calls every loop of `table` once at each of `sizes` in a forked child
/// process, which runs nothing but this C code and the library's loops, so
/// that a loop that crashes, exits or never returns at a size the small
/// self-check did not try ends the trial, not the caller. The child reports
/// each call before making it through a pipe; the parent kills it (SIGKILL)
/// when `deadline_seconds` pass. Operands are finite values; the allocating
/// add's block is freed.
springbench_loops_trial_result springbench_loops_trial(
    const springbench_loops_table *table, const ptrdiff_t *sizes, int size_count, double deadline_seconds);

#endif
