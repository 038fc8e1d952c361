#ifndef SPRINGBENCH_VECTOR_LOOPS_H
#define SPRINGBENCH_VECTOR_LOOPS_H

#include <stddef.h>

#include "CLoopsTrial.h"

/// The bandwidth probe's loops, in C with AVX intrinsics (SSE2 on an x86-64
/// without AVX), chosen at run time so the target needs no compiler flags.
///
/// The out-of-place loops take `streaming`: nonzero writes the result with
/// non-temporal (streaming) stores, which bypass the caches and go to memory
/// through write-combining buffers, so the destination costs no
/// read-for-ownership. That is the most traffic an out-of-place kernel can
/// avoid, hence the ceiling it is measured against (STREAM's add moved
/// 26 GB/s with streaming stores here, about 20.5 with ordinary ones). The
/// in-place loops and the sum are unrolled four vectors deep: measured here,
/// that moved as much as OpenBLAS's own daxpy (35.6 against 36.0 GB/s, best
/// of 30 over 16 Mi doubles), where a one-vector Swift loop fell 5 % short.
///
/// Every loop rounds exactly like the plain loop (`c[i] = a[i] + b[i]`, one
/// IEEE operation per element, no fused multiply-add), takes any `n >= 0` and
/// any 8-byte aligned pointers (a scalar head reaches the store alignment, a
/// scalar tail finishes), and ends streaming loops with a store fence, so the
/// results are visible to later loads. Destinations must not overlap sources.

/// Bytes per vector store on this CPU: 32 (AVX), 16 (SSE2, every x86-64), or
/// 0 when the platform has none and the loops are plain C (no streaming).
int springbench_vector_store_bytes(void);

/// `c[i] = a[i]`.
void springbench_copy(const double *a, double *c, ptrdiff_t n, int streaming);
/// `b[i] = s * c[i]`.
void springbench_scale(double s, const double *c, double *b, ptrdiff_t n, int streaming);
/// `c[i] = a[i] + b[i]`.
void springbench_add(const double *a, const double *b, double *c, ptrdiff_t n, int streaming);
/// `c[i] = a[i] - b[i]`.
void springbench_subtract(const double *a, const double *b, double *c, ptrdiff_t n, int streaming);
/// `a[i] = b[i] + s * c[i]` (multiply, then add).
void springbench_triad(double s, const double *b, const double *c, double *a, ptrdiff_t n, int streaming);
/// `a[i] *= s`.
void springbench_scale_in_place(double s, double *a, ptrdiff_t n);
/// `a[i] += s * b[i]` (multiply, then add).
void springbench_triad_in_place(double s, const double *b, double *a, ptrdiff_t n);
/// `a[i] *= s`, two vectors per step: a second loop of the same shape, so
/// that a ceiling can take the faster and state how far they disagree.
void springbench_scale_in_place_narrow(double s, double *a, ptrdiff_t n);
/// `a[i] += b[i]` (or `-=` when `subtract` is nonzero): the in-place triad's
/// traffic without its multiply, which cost about 3 % over 16 Mi doubles here.
void springbench_add_in_place(const double *b, double *a, ptrdiff_t n, int subtract);
/// `Σ a[i]`, in four vector accumulators (an order of its own).
double springbench_sum(const double *a, ptrdiff_t n);


/// The C yardstick (ReferenceLoops.c): every kernel as a plain C loop,
/// compiled for AVX2+FMA and chosen at run time when the CPU has both, for
/// the baseline otherwise; contraction on (axpy and Σa² may fuse). Measured
/// beside the backends, never chosen.
/// `"avx2,fma"` or `"baseline"`: which version runs on this CPU.
const char *springbench_reference_target(void);
/// `c[i] = a[i] + b[i]`; no overlap.
void springbench_reference_add(const double *a, const double *b, double *c, ptrdiff_t n);
/// `c[i] = a[i] - b[i]`; no overlap.
void springbench_reference_subtract(const double *a, const double *b, double *c, ptrdiff_t n);
/// `a[i] += b[i]`.
void springbench_reference_add_in_place(double *a, const double *b, ptrdiff_t n);
/// `a[i] -= b[i]`.
void springbench_reference_subtract_in_place(double *a, const double *b, ptrdiff_t n);
/// `a[i] *= s`.
void springbench_reference_scale(double *a, double s, ptrdiff_t n);
/// `y[i] += alpha * x[i]`.
void springbench_reference_axpy(double alpha, const double *x, double *y, ptrdiff_t n);
/// `Σ a[i]²` in 16 accumulators.
double springbench_reference_sum_of_squares(const double *a, ptrdiff_t n);
/// `a + b` into a fresh `malloc` block (free it), or NULL when refused.
double *springbench_reference_add_allocating(const double *a, const double *b, ptrdiff_t n);

/// Animation-sized values (ValueTypeSweep), by the yardstick's loops: `c = a + b`, `a - b`,
/// `a·s` and one frame `a + (b - a)·t` into a buffer the caller reuses (the floor)...
void springbench_value_add_into(const double *a, const double *b, double *c, ptrdiff_t n);
void springbench_value_subtract_into(const double *a, const double *b, double *c, ptrdiff_t n);
void springbench_value_scale_into(const double *a, double s, double *c, ptrdiff_t n);
void springbench_value_frame_into(const double *a, const double *b, double t, double *c, ptrdiff_t n);
/// ...and into a fresh `malloc` block, freed again after an opaque read (C's new value).
void springbench_value_add_malloc(const double *a, const double *b, ptrdiff_t n);
void springbench_value_subtract_malloc(const double *a, const double *b, ptrdiff_t n);
void springbench_value_scale_malloc(const double *a, double s, ptrdiff_t n);
void springbench_value_frame_malloc(const double *a, const double *b, double t, ptrdiff_t n);

/// The `-target-cpu` the Makefile built for (`-Xcc -DSPRINGBENCH_TARGET_CPU_NAME=…`),
/// or "" in a build without one (SwiftPM's defaults).
const char *springbench_build_target_cpu(void);

/// Does nothing, opaquely: the kernel of the harness floor (`HarnessFloor`).
void springbench_harness_empty(const double *a, double *c, ptrdiff_t n);

#endif
