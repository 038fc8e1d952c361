#ifndef SPRINGBENCH_ALLOCATION_COUNTING_H
#define SPRINGBENCH_ALLOCATION_COUNTING_H

#include <stdint.h>

/// Starts counting heap allocations made by the calling thread (and resets the count).
void springbench_allocation_counting_begin(void);

/// Stops counting on the calling thread and returns how many allocations it saw
/// since the matching begin: calls of malloc, calloc, realloc, posix_memalign,
/// aligned_alloc, memalign and valloc (a realloc counts as one allocation).
int64_t springbench_allocation_counting_end(void);

#endif
