// Streaming-store kernels for VectorKernels. The AVX version carries a target
// attribute and is chosen at run time, so a package depending on SpringBench
// builds this file with SwiftPM's defaults. No contraction: every loop rounds
// like its plain Swift twin.
#pragma STDC FP_CONTRACT OFF

#include "CVectorKernels.h"

#include <stdint.h>
#include <unistd.h>

#if defined(__x86_64__)
#include <immintrin.h>

static int cpu_has_avx(void) {
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx") ? 1 : 0;
    }
    return cached;
}

// Elements before `p` reaches `bytes` alignment (at most n). Doubles are
// 8-byte aligned, so every vector store after the head is aligned.
static ptrdiff_t head(const double *p, ptrdiff_t n, uintptr_t bytes) {
    uintptr_t misalign = (uintptr_t)p & (bytes - 1);
    ptrdiff_t h = misalign == 0 ? 0 : (ptrdiff_t)((bytes - misalign) / sizeof(double));
    return h < n ? h : n;
}

// One loop per ISA and operation: scalar head to the destination's vector
// alignment, two vectors per step (one 64-byte line with AVX, which the
// write-combining buffer then sends whole), scalar tail.
#define STREAMING_LOOP(NAME, ATTR, VEC, W, LOADU, STREAM, OP, SCALAR_OP)            \
    ATTR static void NAME(const double *a, const double *b, double *c, ptrdiff_t n) { \
        ptrdiff_t i = 0, h = head(c, n, (W) * sizeof(double));                        \
        for (; i < h; i++) c[i] = a[i] SCALAR_OP b[i];                                \
        for (; i + 2 * (W) <= n; i += 2 * (W)) {                                      \
            VEC x0 = OP(LOADU(a + i), LOADU(b + i));                                  \
            VEC x1 = OP(LOADU(a + i + (W)), LOADU(b + i + (W)));                      \
            STREAM(c + i, x0);                                                        \
            STREAM(c + i + (W), x1);                                                  \
        }                                                                             \
        for (; i + (W) <= n; i += (W)) STREAM(c + i, OP(LOADU(a + i), LOADU(b + i))); \
        _mm_sfence();                                                                 \
        for (; i < n; i++) c[i] = a[i] SCALAR_OP b[i];                                \
    }

STREAMING_LOOP(add_avx, __attribute__((target("avx"))), __m256d, 4, _mm256_loadu_pd, _mm256_stream_pd, _mm256_add_pd, +)
STREAMING_LOOP(subtract_avx, __attribute__((target("avx"))), __m256d, 4, _mm256_loadu_pd, _mm256_stream_pd, _mm256_sub_pd, -)
STREAMING_LOOP(add_sse, , __m128d, 2, _mm_loadu_pd, _mm_stream_pd, _mm_add_pd, +)
STREAMING_LOOP(subtract_sse, , __m128d, 2, _mm_loadu_pd, _mm_stream_pd, _mm_sub_pd, -)

void springbench_kernel_add_streaming(const double *a, const double *b, double *c, ptrdiff_t n) {
    if (cpu_has_avx()) add_avx(a, b, c, n); else add_sse(a, b, c, n);
}

void springbench_kernel_subtract_streaming(const double *a, const double *b, double *c, ptrdiff_t n) {
    if (cpu_has_avx()) subtract_avx(a, b, c, n); else subtract_sse(a, b, c, n);
}

#else  // no streaming store known here: the plain loops give the same results

void springbench_kernel_add_streaming(const double *a, const double *b, double *c, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i];
}

void springbench_kernel_subtract_streaming(const double *a, const double *b, double *c, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] - b[i];
}

#endif
