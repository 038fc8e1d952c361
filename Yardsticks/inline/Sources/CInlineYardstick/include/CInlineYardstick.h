#ifndef SPRINGBENCH_INLINE_YARDSTICK_H
#define SPRINGBENCH_INLINE_YARDSTICK_H
#include <stddef.h>
/// `a + b` into a fresh malloc block, then freed: C's allocating add.
void yardstick_add_malloc_free(const double *a, const double *b, ptrdiff_t n);
/// `c = a + b` into a buffer the caller reuses: the arithmetic's floor.
void yardstick_add_into(const double *a, const double *b, double *c, ptrdiff_t n);
#endif
