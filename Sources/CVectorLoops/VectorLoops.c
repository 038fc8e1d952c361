// The probe's loops. The AVX versions carry a target attribute and are chosen
// at run time, so the target needs no compiler flags (a package that depends
// on SpringBench builds it with SwiftPM's defaults). FMA contraction is off:
// every loop must round like its plain Swift twin.
#pragma STDC FP_CONTRACT OFF

#include "CVectorLoops.h"

#include <stdint.h>

#if defined(__x86_64__)
#include <immintrin.h>

static int has_avx(void) {
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx") ? 1 : 0;
    }
    return cached;
}

int springbench_vector_store_bytes(void) { return has_avx() ? 32 : 16; }

// Elements before `p + head` is aligned to `bytes` (at most n).
static ptrdiff_t head_count(const double *p, ptrdiff_t n, uintptr_t bytes) {
    uintptr_t misalign = (uintptr_t)p & (bytes - 1);
    ptrdiff_t head = misalign == 0 ? 0 : (ptrdiff_t)((bytes - misalign) / sizeof(double));
    return head < n ? head : n;
}

// A scalar head up to the destination's vector alignment, four vectors per
// step, single vectors, a scalar tail. SCALAR(i) does element i; VECTOR(i)
// does `width` elements from i.
#define LOOP(dst, width, SCALAR, VECTOR)                                          \
    do {                                                                          \
        ptrdiff_t i = 0, head = head_count((dst), n, (width) * sizeof(double));   \
        for (; i < head; i++) { SCALAR(i); }                                      \
        for (; i + 4 * (width) <= n; i += 4 * (width)) {                          \
            VECTOR(i); VECTOR(i + (width)); VECTOR(i + 2 * (width)); VECTOR(i + 3 * (width)); \
        }                                                                         \
        for (; i + (width) <= n; i += (width)) { VECTOR(i); }                     \
        for (; i < n; i++) { SCALAR(i); }                                         \
    } while (0)

// The same with two vectors per step: the in-place loops' second variant.
#define LOOP2(dst, width, SCALAR, VECTOR)                                         \
    do {                                                                          \
        ptrdiff_t i = 0, head = head_count((dst), n, (width) * sizeof(double));   \
        for (; i < head; i++) { SCALAR(i); }                                      \
        for (; i + 2 * (width) <= n; i += 2 * (width)) { VECTOR(i); VECTOR(i + (width)); } \
        for (; i + (width) <= n; i += (width)) { VECTOR(i); }                     \
        for (; i < n; i++) { SCALAR(i); }                                         \
    } while (0)

#define COPY_S(i) c[i] = a[i]
#define SCALE_S(i) b[i] = s * c[i]
#define ADD_S(i) c[i] = a[i] + b[i]
#define SUB_S(i) c[i] = a[i] - b[i]
#define TRIAD_S(i) a[i] = b[i] + s * c[i]
#define SCALE_IP_S(i) a[i] *= s
#define TRIAD_IP_S(i) a[i] += s * b[i]
#define ADD_IP_S(i) a[i] += b[i]
#define SUB_IP_S(i) a[i] -= b[i]

#define CONCAT_(a, b) a##b
#define CONCAT(a, b) CONCAT_(a, b)

// AVX: 4 doubles per vector, compiled for AVX by attribute.
#define SUFFIX _avx
#define ATTR __attribute__((target("avx")))
#define VEC __m256d
#define W 4
#define VLOAD _mm256_load_pd
#define VLOADU _mm256_loadu_pd
#define VSTORE _mm256_store_pd
#define VSTOREU _mm256_storeu_pd
#define VSTREAM _mm256_stream_pd
#define VADD _mm256_add_pd
#define VSUB _mm256_sub_pd
#define VMUL _mm256_mul_pd
#define VSET1 _mm256_set1_pd
#define VZERO _mm256_setzero_pd
#include "VectorLoopsBody.inc"
#undef SUFFIX
#undef ATTR
#undef VEC
#undef W
#undef VLOAD
#undef VLOADU
#undef VSTORE
#undef VSTOREU
#undef VSTREAM
#undef VADD
#undef VSUB
#undef VMUL
#undef VSET1
#undef VZERO

// SSE2: 2 doubles per vector, every x86-64.
#define SUFFIX _sse
#define ATTR
#define VEC __m128d
#define W 2
#define VLOAD _mm_load_pd
#define VLOADU _mm_loadu_pd
#define VSTORE _mm_store_pd
#define VSTOREU _mm_storeu_pd
#define VSTREAM _mm_stream_pd
#define VADD _mm_add_pd
#define VSUB _mm_sub_pd
#define VMUL _mm_mul_pd
#define VSET1 _mm_set1_pd
#define VZERO _mm_setzero_pd
#include "VectorLoopsBody.inc"

#define DISPATCH(call_avx, call_sse) do { if (has_avx()) { call_avx; } else { call_sse; } } while (0)

void springbench_copy(const double *a, double *c, ptrdiff_t n, int streaming) {
    DISPATCH(copy_avx(a, c, n, streaming), copy_sse(a, c, n, streaming));
}
void springbench_scale(double s, const double *c, double *b, ptrdiff_t n, int streaming) {
    DISPATCH(scale_avx(s, c, b, n, streaming), scale_sse(s, c, b, n, streaming));
}
void springbench_add(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
    DISPATCH(add_avx(a, b, c, n, streaming), add_sse(a, b, c, n, streaming));
}
void springbench_subtract(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
    DISPATCH(subtract_avx(a, b, c, n, streaming), subtract_sse(a, b, c, n, streaming));
}
void springbench_triad(double s, const double *b, const double *c, double *a, ptrdiff_t n, int streaming) {
    DISPATCH(triad_avx(s, b, c, a, n, streaming), triad_sse(s, b, c, a, n, streaming));
}
void springbench_scale_in_place(double s, double *a, ptrdiff_t n) {
    DISPATCH(scale_in_place_avx(s, a, n), scale_in_place_sse(s, a, n));
}
void springbench_triad_in_place(double s, const double *b, double *a, ptrdiff_t n) {
    DISPATCH(triad_in_place_avx(s, b, a, n), triad_in_place_sse(s, b, a, n));
}
void springbench_scale_in_place_narrow(double s, double *a, ptrdiff_t n) {
    DISPATCH(scale_in_place_narrow_avx(s, a, n), scale_in_place_narrow_sse(s, a, n));
}
void springbench_add_in_place(const double *b, double *a, ptrdiff_t n, int subtract) {
    DISPATCH(add_in_place_avx(b, a, n, subtract), add_in_place_sse(b, a, n, subtract));
}
double springbench_sum(const double *a, ptrdiff_t n) {
    return has_avx() ? sum_avx(a, n) : sum_sse(a, n);
}

#else  // no vector stores known here: plain loops, so callers still get the right results

int springbench_vector_store_bytes(void) { return 0; }
void springbench_copy(const double *a, double *c, ptrdiff_t n, int streaming) { (void)streaming; for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i]; }
void springbench_scale(double s, const double *c, double *b, ptrdiff_t n, int streaming) { (void)streaming; for (ptrdiff_t i = 0; i < n; i++) b[i] = s * c[i]; }
void springbench_add(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) { (void)streaming; for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i]; }
void springbench_subtract(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) { (void)streaming; for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] - b[i]; }
void springbench_triad(double s, const double *b, const double *c, double *a, ptrdiff_t n, int streaming) { (void)streaming; for (ptrdiff_t i = 0; i < n; i++) a[i] = b[i] + s * c[i]; }
void springbench_scale_in_place(double s, double *a, ptrdiff_t n) { for (ptrdiff_t i = 0; i < n; i++) a[i] *= s; }
void springbench_triad_in_place(double s, const double *b, double *a, ptrdiff_t n) { for (ptrdiff_t i = 0; i < n; i++) a[i] += s * b[i]; }
void springbench_scale_in_place_narrow(double s, double *a, ptrdiff_t n) { springbench_scale_in_place(s, a, n); }
void springbench_add_in_place(const double *b, double *a, ptrdiff_t n, int subtract) {
    for (ptrdiff_t i = 0; i < n; i++) a[i] = subtract ? a[i] - b[i] : a[i] + b[i];
}
double springbench_sum(const double *a, ptrdiff_t n) { double sum = 0; for (ptrdiff_t i = 0; i < n; i++) sum += a[i]; return sum; }

#endif
