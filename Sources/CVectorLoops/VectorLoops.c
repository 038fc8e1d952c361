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

#define AVX __attribute__((target("avx")))

// Each loop is written out, AVX then SSE2: macros of macros would hide more
// than they save. V(i) computes a vector, ST streams it, PL stores it.

AVX static void copy_avx(const double *a, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm256_loadu_pd(a + (i))
#define ST(i) _mm256_stream_pd(c + (i), V(i))
#define PL(i) _mm256_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 4, COPY_S, ST); _mm_sfence(); } else { LOOP(c, 4, COPY_S, PL); }
#undef V
#undef ST
#undef PL
}
AVX static void scale_avx(double s, const double *c, double *b, ptrdiff_t n, int streaming) {
    __m256d vs = _mm256_set1_pd(s);
#define V(i) _mm256_mul_pd(vs, _mm256_loadu_pd(c + (i)))
#define ST(i) _mm256_stream_pd(b + (i), V(i))
#define PL(i) _mm256_store_pd(b + (i), V(i))
    if (streaming) { LOOP(b, 4, SCALE_S, ST); _mm_sfence(); } else { LOOP(b, 4, SCALE_S, PL); }
#undef V
#undef ST
#undef PL
}
AVX static void add_avx(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm256_add_pd(_mm256_loadu_pd(a + (i)), _mm256_loadu_pd(b + (i)))
#define ST(i) _mm256_stream_pd(c + (i), V(i))
#define PL(i) _mm256_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 4, ADD_S, ST); _mm_sfence(); } else { LOOP(c, 4, ADD_S, PL); }
#undef V
#undef ST
#undef PL
}
AVX static void subtract_avx(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm256_sub_pd(_mm256_loadu_pd(a + (i)), _mm256_loadu_pd(b + (i)))
#define ST(i) _mm256_stream_pd(c + (i), V(i))
#define PL(i) _mm256_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 4, SUB_S, ST); _mm_sfence(); } else { LOOP(c, 4, SUB_S, PL); }
#undef V
#undef ST
#undef PL
}
AVX static void triad_avx(double s, const double *b, const double *c, double *a, ptrdiff_t n, int streaming) {
    __m256d vs = _mm256_set1_pd(s);
#define V(i) _mm256_add_pd(_mm256_loadu_pd(b + (i)), _mm256_mul_pd(vs, _mm256_loadu_pd(c + (i))))
#define ST(i) _mm256_stream_pd(a + (i), V(i))
#define PL(i) _mm256_store_pd(a + (i), V(i))
    if (streaming) { LOOP(a, 4, TRIAD_S, ST); _mm_sfence(); } else { LOOP(a, 4, TRIAD_S, PL); }
#undef V
#undef ST
#undef PL
}
AVX static void scale_in_place_avx(double s, double *a, ptrdiff_t n) {
    __m256d vs = _mm256_set1_pd(s);
#define PL(i) _mm256_store_pd(a + (i), _mm256_mul_pd(_mm256_load_pd(a + (i)), vs))
    LOOP(a, 4, SCALE_IP_S, PL);
#undef PL
}
AVX static void triad_in_place_avx(double s, const double *b, double *a, ptrdiff_t n) {
    __m256d vs = _mm256_set1_pd(s);
#define PL(i) _mm256_store_pd(a + (i), _mm256_add_pd(_mm256_load_pd(a + (i)), _mm256_mul_pd(vs, _mm256_loadu_pd(b + (i)))))
    LOOP(a, 4, TRIAD_IP_S, PL);
#undef PL
}
AVX static void scale_in_place_narrow_avx(double s, double *a, ptrdiff_t n) {
    __m256d vs = _mm256_set1_pd(s);
#define PL(i) _mm256_store_pd(a + (i), _mm256_mul_pd(_mm256_load_pd(a + (i)), vs))
    LOOP2(a, 4, SCALE_IP_S, PL);
#undef PL
}
AVX static void add_in_place_avx(const double *b, double *a, ptrdiff_t n, int subtract) {
#define ADD_PL(i) _mm256_store_pd(a + (i), _mm256_add_pd(_mm256_load_pd(a + (i)), _mm256_loadu_pd(b + (i))))
#define SUB_PL(i) _mm256_store_pd(a + (i), _mm256_sub_pd(_mm256_load_pd(a + (i)), _mm256_loadu_pd(b + (i))))
#define ADD_IP_S(i) a[i] += b[i]
#define SUB_IP_S(i) a[i] -= b[i]
    if (subtract) { LOOP(a, 4, SUB_IP_S, SUB_PL); } else { LOOP(a, 4, ADD_IP_S, ADD_PL); }
#undef ADD_PL
#undef SUB_PL
}
AVX static double sum_avx(const double *a, ptrdiff_t n) {
    __m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
    ptrdiff_t i = 0;
    for (; i + 16 <= n; i += 16) {
        s0 = _mm256_add_pd(s0, _mm256_loadu_pd(a + i));
        s1 = _mm256_add_pd(s1, _mm256_loadu_pd(a + i + 4));
        s2 = _mm256_add_pd(s2, _mm256_loadu_pd(a + i + 8));
        s3 = _mm256_add_pd(s3, _mm256_loadu_pd(a + i + 12));
    }
    double lanes[4];
    _mm256_storeu_pd(lanes, _mm256_add_pd(_mm256_add_pd(s0, s1), _mm256_add_pd(s2, s3)));
    double sum = (lanes[0] + lanes[1]) + (lanes[2] + lanes[3]);
    for (; i < n; i++) sum += a[i];
    return sum;
}

static void copy_sse(const double *a, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm_loadu_pd(a + (i))
#define ST(i) _mm_stream_pd(c + (i), V(i))
#define PL(i) _mm_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 2, COPY_S, ST); _mm_sfence(); } else { LOOP(c, 2, COPY_S, PL); }
#undef V
#undef ST
#undef PL
}
static void scale_sse(double s, const double *c, double *b, ptrdiff_t n, int streaming) {
    __m128d vs = _mm_set1_pd(s);
#define V(i) _mm_mul_pd(vs, _mm_loadu_pd(c + (i)))
#define ST(i) _mm_stream_pd(b + (i), V(i))
#define PL(i) _mm_store_pd(b + (i), V(i))
    if (streaming) { LOOP(b, 2, SCALE_S, ST); _mm_sfence(); } else { LOOP(b, 2, SCALE_S, PL); }
#undef V
#undef ST
#undef PL
}
static void add_sse(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm_add_pd(_mm_loadu_pd(a + (i)), _mm_loadu_pd(b + (i)))
#define ST(i) _mm_stream_pd(c + (i), V(i))
#define PL(i) _mm_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 2, ADD_S, ST); _mm_sfence(); } else { LOOP(c, 2, ADD_S, PL); }
#undef V
#undef ST
#undef PL
}
static void subtract_sse(const double *a, const double *b, double *c, ptrdiff_t n, int streaming) {
#define V(i) _mm_sub_pd(_mm_loadu_pd(a + (i)), _mm_loadu_pd(b + (i)))
#define ST(i) _mm_stream_pd(c + (i), V(i))
#define PL(i) _mm_store_pd(c + (i), V(i))
    if (streaming) { LOOP(c, 2, SUB_S, ST); _mm_sfence(); } else { LOOP(c, 2, SUB_S, PL); }
#undef V
#undef ST
#undef PL
}
static void triad_sse(double s, const double *b, const double *c, double *a, ptrdiff_t n, int streaming) {
    __m128d vs = _mm_set1_pd(s);
#define V(i) _mm_add_pd(_mm_loadu_pd(b + (i)), _mm_mul_pd(vs, _mm_loadu_pd(c + (i))))
#define ST(i) _mm_stream_pd(a + (i), V(i))
#define PL(i) _mm_store_pd(a + (i), V(i))
    if (streaming) { LOOP(a, 2, TRIAD_S, ST); _mm_sfence(); } else { LOOP(a, 2, TRIAD_S, PL); }
#undef V
#undef ST
#undef PL
}
static void scale_in_place_sse(double s, double *a, ptrdiff_t n) {
    __m128d vs = _mm_set1_pd(s);
#define PL(i) _mm_store_pd(a + (i), _mm_mul_pd(_mm_load_pd(a + (i)), vs))
    LOOP(a, 2, SCALE_IP_S, PL);
#undef PL
}
static void triad_in_place_sse(double s, const double *b, double *a, ptrdiff_t n) {
    __m128d vs = _mm_set1_pd(s);
#define PL(i) _mm_store_pd(a + (i), _mm_add_pd(_mm_load_pd(a + (i)), _mm_mul_pd(vs, _mm_loadu_pd(b + (i)))))
    LOOP(a, 2, TRIAD_IP_S, PL);
#undef PL
}
static void scale_in_place_narrow_sse(double s, double *a, ptrdiff_t n) {
    __m128d vs = _mm_set1_pd(s);
#define PL(i) _mm_store_pd(a + (i), _mm_mul_pd(_mm_load_pd(a + (i)), vs))
    LOOP2(a, 2, SCALE_IP_S, PL);
#undef PL
}
static void add_in_place_sse(const double *b, double *a, ptrdiff_t n, int subtract) {
#define ADD_PL(i) _mm_store_pd(a + (i), _mm_add_pd(_mm_load_pd(a + (i)), _mm_loadu_pd(b + (i))))
#define SUB_PL(i) _mm_store_pd(a + (i), _mm_sub_pd(_mm_load_pd(a + (i)), _mm_loadu_pd(b + (i))))
    if (subtract) { LOOP(a, 2, SUB_IP_S, SUB_PL); } else { LOOP(a, 2, ADD_IP_S, ADD_PL); }
#undef ADD_PL
#undef SUB_PL
}
static double sum_sse(const double *a, ptrdiff_t n) {
    __m128d s0 = _mm_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
    ptrdiff_t i = 0;
    for (; i + 8 <= n; i += 8) {
        s0 = _mm_add_pd(s0, _mm_loadu_pd(a + i));
        s1 = _mm_add_pd(s1, _mm_loadu_pd(a + i + 2));
        s2 = _mm_add_pd(s2, _mm_loadu_pd(a + i + 4));
        s3 = _mm_add_pd(s3, _mm_loadu_pd(a + i + 6));
    }
    double lanes[2];
    _mm_storeu_pd(lanes, _mm_add_pd(_mm_add_pd(s0, s1), _mm_add_pd(s2, s3)));
    double sum = lanes[0] + lanes[1];
    for (; i < n; i++) sum += a[i];
    return sum;
}

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
