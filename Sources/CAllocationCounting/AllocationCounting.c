// Counts heap allocations per thread by defining the malloc family in the
// executable that links this target. The dynamic linker resolves every shared
// library's malloc (libswiftCore's included) to the executable's definition, so
// nothing needs LD_PRELOAD. Each wrapper forwards to glibc's __libc_* entry
// points. Counters are thread-local, so tests running in parallel on other
// threads do not disturb a measurement.
//
// With SPRINGBENCH_ALLOCATION_BACKTRACE set in the environment, every counted
// allocation also writes its call stack to standard error (demangle with
// `swift demangle`): how a count that is one too many is traced to its caller.
// It found the unspecialised `reduce` of the debug build that made the
// huge-page cache's bookkeeping allocate (Guides/MachineFacts.md,
// "Allocation").
//
// Why not ordo-one/malloc-interposer: it needs LD_PRELOAD and sums counters
// over all threads, which a parallel test runner pollutes.
#include "CAllocationCounting.h"

#include <errno.h>
#include <execinfo.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void *__libc_valloc(size_t size);

static __thread int64_t allocation_count;
static __thread int counting_enabled;
/// Whether counted allocations print their stack (read when counting begins).
static int print_backtraces;

static void print_backtrace(void) {
    // Not counted, and not traced again: backtrace() may allocate the first
    // time (it loads the unwinder).
    counting_enabled = 0;
    void *frames[48];
    int depth = backtrace(frames, 48);
    static const char header[] = "springbench: counted allocation\n";
    (void)!write(STDERR_FILENO, header, sizeof header - 1);
    backtrace_symbols_fd(frames, depth, STDERR_FILENO);
    counting_enabled = 1;
}

static inline void note_allocation(void) {
    if (counting_enabled) {
        allocation_count += 1;
        if (__atomic_load_n(&print_backtraces, __ATOMIC_RELAXED)) {
            print_backtrace();
        }
    }
}

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

void free(void *pointer) {
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *valloc(size_t size) {
    note_allocation();
    return __libc_valloc(size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void springbench_allocation_counting_begin(void) {
    const char *trace = getenv("SPRINGBENCH_ALLOCATION_BACKTRACE");
    __atomic_store_n(&print_backtraces, trace != NULL && trace[0] != '\0' && trace[0] != '0', __ATOMIC_RELAXED);
    allocation_count = 0;
    counting_enabled = 1;
}

int64_t springbench_allocation_counting_end(void) {
    counting_enabled = 0;
    return allocation_count;
}
