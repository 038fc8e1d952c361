/* SpringBench's gcc yardstick: every kernel as a plain C loop, the way a C
 * programmer writes it (no intrinsics, no pragmas, no hand unrolling), for
 * `gcc -O3 -march=native -shared -fPIC`. `make report` builds it into
 * .build-yardsticks/ and `springbench bench --loops-library PATH` loads it
 * with dlopen and times it in the same rounds as the backends
 * (Guides/MachineFacts.md, "The yardsticks").
 *
 * Σa² is the plain one-accumulator loop: without -ffast-math gcc keeps the
 * sum's order, so it is bound by the add's latency. That is what plain C
 * gets; the clang yardstick in Sources/CVectorLoops shows what 16
 * accumulators get.
 */
#include <stddef.h>
#include <stdlib.h>

#ifndef SPRINGBENCH_LOOPS_DESCRIPTION
#define SPRINGBENCH_LOOPS_DESCRIPTION "compiler and flags not recorded (built without -DSPRINGBENCH_LOOPS_DESCRIPTION)"
#endif

const char *springbench_loops_description(void) { return SPRINGBENCH_LOOPS_DESCRIPTION; }

void springbench_loops_add(const double *restrict a, const double *restrict b, double *restrict c, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i];
}

void springbench_loops_subtract(const double *restrict a, const double *restrict b, double *restrict c, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] - b[i];
}

void springbench_loops_add_in_place(double *restrict a, const double *restrict b, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) a[i] += b[i];
}

void springbench_loops_subtract_in_place(double *restrict a, const double *restrict b, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) a[i] -= b[i];
}

void springbench_loops_scale(double *a, double s, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) a[i] *= s;
}

void springbench_loops_axpy(double alpha, const double *restrict x, double *restrict y, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) y[i] += alpha * x[i];
}

double springbench_loops_sum_of_squares(const double *a, ptrdiff_t n) {
    double sum = 0;
    for (ptrdiff_t i = 0; i < n; i++) sum += a[i] * a[i];
    return sum;
}

/* c = a + b into a fresh block, as C writes an allocating add; the caller frees it. */
double *springbench_loops_add_allocating(const double *restrict a, const double *restrict b, ptrdiff_t n) {
    double *c = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (c == NULL) return NULL;
    springbench_loops_add(a, b, c, n);
    return c;
}
