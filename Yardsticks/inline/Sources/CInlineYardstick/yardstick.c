#include "CInlineYardstick.h"
#include <stdlib.h>

void yardstick_add_malloc_free(const double *a, const double *b, ptrdiff_t n) {
    double *c = malloc(sizeof(double) * (size_t)n);
    if (c == NULL) abort();
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i];
    // The result escapes to an opaque reader: the compiler may not drop the loop or the malloc.
    __asm__ volatile("" : : "r"(c) : "memory");
    free(c);
}

void yardstick_add_into(const double *a, const double *b, double *c, ptrdiff_t n) {
    for (ptrdiff_t i = 0; i < n; i++) c[i] = a[i] + b[i];
}
