// The C yardstick: the kernels as a C programmer writes them, compiled for
// the CPU they run on. Each loop is plain C (no intrinsics), built twice from
// one macro: once with the target attribute "avx2,fma" (what
// `gcc -O3 -march=native` gives on an AVX2+FMA machine) and once for the
// baseline; the first is chosen at run time when the CPU has AVX2 and FMA.
// Contraction is on, as in GCC's default C mode: `y + a*x` may become one
// fused multiply-add. The Σa² loop keeps 16 independent accumulators, the
// usual hand-unrolled form (a single accumulator is a 4-cycle dependency
// chain per element that no C compiler may reorder without -ffast-math).
#pragma STDC FP_CONTRACT ON

#include "CVectorLoops.h"

#include <stdlib.h>

#define REFERENCE_LOOPS(SUFFIX, ATTR)                                                              \
    ATTR static void add##SUFFIX(const double *restrict a, const double *restrict b,                \
                                 double *restrict c, ptrdiff_t n) {                                \
        for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i];                                       \
    }                                                                                              \
    ATTR static void subtract##SUFFIX(const double *restrict a, const double *restrict b,           \
                                      double *restrict c, ptrdiff_t n) {                           \
        for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] - b[i];                                       \
    }                                                                                              \
    ATTR static void add_in_place##SUFFIX(double *restrict a, const double *restrict b, ptrdiff_t n) { \
        for (ptrdiff_t i = 0; i < n; i++) a[i] += b[i];                                             \
    }                                                                                              \
    ATTR static void subtract_in_place##SUFFIX(double *restrict a, const double *restrict b,        \
                                               ptrdiff_t n) {                                      \
        for (ptrdiff_t i = 0; i < n; i++) a[i] -= b[i];                                             \
    }                                                                                              \
    ATTR static void scale##SUFFIX(double *a, double s, ptrdiff_t n) {                              \
        for (ptrdiff_t i = 0; i < n; i++) a[i] *= s;                                                \
    }                                                                                              \
    ATTR static void axpy##SUFFIX(double alpha, const double *restrict x, double *restrict y,       \
                                  ptrdiff_t n) {                                                   \
        for (ptrdiff_t i = 0; i < n; i++) y[i] += alpha * x[i];                                     \
    }                                                                                              \
    ATTR static void scale_to##SUFFIX(const double *restrict a, double s, double *restrict c,       \
                                      ptrdiff_t n) {                                               \
        for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] * s;                                          \
    }                                                                                              \
    ATTR static void frame##SUFFIX(const double *restrict a, const double *restrict b, double t,    \
                                   double *restrict c, ptrdiff_t n) {                              \
        for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + (b[i] - a[i]) * t;                          \
    }                                                                                              \
    ATTR static double sum_of_squares##SUFFIX(const double *a, ptrdiff_t n) {                       \
        double s[16] = {0};                                                                        \
        ptrdiff_t i = 0;                                                                           \
        for (; i + 16 <= n; i += 16)                                                               \
            for (int j = 0; j < 16; j++) s[j] += a[i + j] * a[i + j];                              \
        for (; i < n; i++) s[0] += a[i] * a[i];                                                    \
        for (int width = 8; width > 0; width /= 2)                                                 \
            for (int j = 0; j < width; j++) s[j] += s[j + width];                                  \
        return s[0];                                                                               \
    }

#if defined(__x86_64__)
// The widest instruction set present, chosen at run time, so the yardstick is
// the fair reference on every x86-64 machine (an AVX2 build lost 1.2–1.6× to
// gcc -march=native on an AVX-512 machine: ../shared/SPEC.md §8).
REFERENCE_LOOPS(_avx512, __attribute__((target("avx512f,avx512vl,avx512bw,avx512dq,fma,avx2"))))
REFERENCE_LOOPS(_native, __attribute__((target("avx2,fma"))))

/// 2: AVX-512 (F, VL, BW, DQ), 1: AVX2 and FMA, 0: baseline.
static int cpu_level(void) {
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vl") &&
            __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512dq"))
            cached = 2;
        else
            cached = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") ? 1 : 0;
    }
    return cached;
}
#define PICK(name, ...)                                                                            \
    (cpu_level() == 2 ? name##_avx512(__VA_ARGS__)                                                 \
                      : cpu_level() == 1 ? name##_native(__VA_ARGS__) : name##_baseline(__VA_ARGS__))
const char *springbench_reference_target(void) {
    return cpu_level() == 2 ? "avx512" : cpu_level() == 1 ? "avx2,fma" : "baseline";
}
#else
#define PICK(name, ...) name##_baseline(__VA_ARGS__)
const char *springbench_reference_target(void) { return "baseline"; }
#endif
REFERENCE_LOOPS(_baseline, )

void springbench_reference_add(const double *a, const double *b, double *c, ptrdiff_t n) { PICK(add, a, b, c, n); }
void springbench_reference_subtract(const double *a, const double *b, double *c, ptrdiff_t n) { PICK(subtract, a, b, c, n); }
void springbench_reference_add_in_place(double *a, const double *b, ptrdiff_t n) { PICK(add_in_place, a, b, n); }
void springbench_reference_subtract_in_place(double *a, const double *b, ptrdiff_t n) { PICK(subtract_in_place, a, b, n); }
void springbench_reference_scale(double *a, double s, ptrdiff_t n) { PICK(scale, a, s, n); }
void springbench_reference_axpy(double alpha, const double *x, double *y, ptrdiff_t n) { PICK(axpy, alpha, x, y, n); }
double springbench_reference_sum_of_squares(const double *a, ptrdiff_t n) { return PICK(sum_of_squares, a, n); }

double *springbench_reference_add_allocating(const double *a, const double *b, ptrdiff_t n) {
    double *c = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (c) springbench_reference_add(a, b, c, n);
    return c;
}

// Animation-sized values (ValueTypeSweep): each operation as C writes it into a buffer the
// caller reuses (the arithmetic's floor), and into a fresh malloc block that is freed again
// (what a new value costs in C). The block escapes to an opaque reader before it is freed, so
// the compiler may drop neither the loop nor the allocation.
static double *value_block(ptrdiff_t n) {
    double *c = malloc((size_t)(n > 0 ? n : 1) * sizeof(double));
    if (c == NULL) abort();
    return c;
}
static void value_release(double *c) {
    __asm__ volatile("" : : "r"(c) : "memory");
    free(c);
}
void springbench_value_add_into(const double *a, const double *b, double *c, ptrdiff_t n) { PICK(add, a, b, c, n); }
void springbench_value_subtract_into(const double *a, const double *b, double *c, ptrdiff_t n) {
    PICK(subtract, a, b, c, n);
}
void springbench_value_scale_into(const double *a, double s, double *c, ptrdiff_t n) { PICK(scale_to, a, s, c, n); }
void springbench_value_frame_into(const double *a, const double *b, double t, double *c, ptrdiff_t n) {
    PICK(frame, a, b, t, c, n);
}
void springbench_value_add_malloc(const double *a, const double *b, ptrdiff_t n) {
    double *c = value_block(n);
    PICK(add, a, b, c, n);
    value_release(c);
}
void springbench_value_subtract_malloc(const double *a, const double *b, ptrdiff_t n) {
    double *c = value_block(n);
    PICK(subtract, a, b, c, n);
    value_release(c);
}
void springbench_value_scale_malloc(const double *a, double s, ptrdiff_t n) {
    double *c = value_block(n);
    PICK(scale_to, a, s, c, n);
    value_release(c);
}
void springbench_value_frame_malloc(const double *a, const double *b, double t, ptrdiff_t n) {
    double *c = value_block(n);
    PICK(frame, a, b, t, c, n);
    value_release(c);
}

#define SPRINGBENCH_STRING2(x) #x
#define SPRINGBENCH_STRING(x) SPRINGBENCH_STRING2(x)
const char *springbench_build_target_cpu(void) {
#if defined(SPRINGBENCH_TARGET_CPU_NAME)
    return SPRINGBENCH_STRING(SPRINGBENCH_TARGET_CPU_NAME);
#else
    return "";
#endif
}

// The harness floor's kernel: an opaque call that does nothing (the asm tells
// the compiler memory may change, so no call is elided or hoisted).
__attribute__((noinline)) void springbench_harness_empty(const double *a, double *c, ptrdiff_t n) {
    (void)a;
    (void)c;
    (void)n;
    __asm__ volatile("" ::: "memory");
}
