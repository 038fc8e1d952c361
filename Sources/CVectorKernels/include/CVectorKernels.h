#ifndef SPRINGBENCH_VECTOR_KERNELS_H
#define SPRINGBENCH_VECTOR_KERNELS_H

#include <stddef.h>

/// What `VectorKernels` needs from C: streaming-store loops (Swift has no
/// non-temporal store) and two facts about the build and the machine.

/// 1 when the Swift module importing this header is compiled for a CPU with
/// fused multiply-add (`-target-cpu haswell` or later): the clang importer
/// sees the same target as the Swift compiler, so the value is a compile-time
/// constant of the build, not of the machine it runs on.
#ifdef __FMA__
#define SPRINGBENCH_BUILD_HAS_FMA 1
#else
#define SPRINGBENCH_BUILD_HAS_FMA 0
#endif

/// `c[i] = a[i] + b[i]` with streaming (non-temporal) stores: the result goes
/// to memory through write-combining buffers, skipping the read-for-ownership
/// an ordinary store pays for a line not in cache, and does not evict the
/// operands. AVX when the CPU has it (chosen at run time; the target needs no
/// compiler flags), SSE2 otherwise, a plain loop off x86-64. Rounds exactly
/// like the plain loop (one IEEE add per element). Ends with a store fence.
/// `c` must not overlap `a` or `b`; any 8-byte aligned pointers, any `n >= 0`.
void springbench_kernel_add_streaming(const double *a, const double *b, double *c, ptrdiff_t n);

/// `c[i] = a[i] - b[i]`, as ``springbench_kernel_add_streaming``.
void springbench_kernel_subtract_streaming(const double *a, const double *b, double *c, ptrdiff_t n);



#endif
