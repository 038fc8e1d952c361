// The parallel backend's worker pool (include/CWorkerPool.h says what it
// promises). One pool per process.
//
// Hand-off: a call publishes its work in one 64-bit `ticket` word
// (generation | parts | next part) and bumps the 32-bit `wake` word, on which
// sleeping workers wait with futex(2). Every thread claims parts by
// compare-and-swap on the ticket, so a worker that wakes late can only claim
// parts of the call whose generation it read: a successful claim of a part
// that is not yet done proves the caller is still waiting for that call, so
// its `body` and `context` are still the ones in place.
//
// Sleeping: on Linux with futex(2) on the `wake` word. Elsewhere (and on Linux
// when SPRINGBENCH_PORTABLE_FALLBACKS is set in the environment when the
// workers start, which is how CI tests the fallback) with a POSIX mutex and
// condition variable: the waiter re-checks `wake` under the mutex and the
// waker broadcasts under it, so a wake-up between the check and the wait
// cannot be lost. Only the sleep and the wake differ; the hand-off is the same.
#define _GNU_SOURCE
#include "CWorkerPool.h"
#include "CPortableFallbacks.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define POOL_PAUSE() _mm_pause()
#elif defined(__aarch64__)
#define POOL_PAUSE() __asm__ __volatile__("yield")
#else
#define POOL_PAUSE() ((void)0)
#endif

enum { MAX_THREADS = 256, PART_BITS = 16 };
#define PART_MASK ((UINT64_C(1) << PART_BITS) - 1)
/// How long a worker spins for the next call before it sleeps.
#define SPIN_NANOSECONDS 50000

static pthread_mutex_t run_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic uint64_t ticket;  // generation << 32 | parts << 16 | next part
static _Atomic uint32_t wake;    // bumped by every call and by stop
static _Atomic int sleepers;
static _Atomic ptrdiff_t remaining;
static _Atomic int stopping;
static springbench_pool_body current_body;
static void *current_context;
static uint32_t generation;
static long thread_count = 1;
static pthread_t workers[MAX_THREADS];
static _Atomic long threads_started;
static _Atomic long sleeping_wakes;
static _Atomic long thresholds[16] = {
    LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX,
    LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX, LONG_MAX};

static uint64_t monotonic_ns(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/// 1: futex(2); 0: the mutex and condition variable. Chosen under `run_lock`
/// before workers start, never while any runs.
static int sleeps_on_futex = 0;
static pthread_mutex_t sleep_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t sleep_signal = PTHREAD_COND_INITIALIZER;

static int futex_available(void) {
#if defined(__linux__)
    return !springbench_portable_fallbacks_forced();
#else
    return 0;
#endif
}

/// Sleeps while `*word == expected`; may return spuriously (callers re-check).
static void wait_while_equal(_Atomic uint32_t *word, uint32_t expected) {
#if defined(__linux__)
    if (sleeps_on_futex) {
        syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, NULL, NULL, 0);
        return;
    }
#endif
    pthread_mutex_lock(&sleep_lock);
    while (atomic_load(word) == expected) pthread_cond_wait(&sleep_signal, &sleep_lock);
    pthread_mutex_unlock(&sleep_lock);
}

/// Wakes every thread in `wait_while_equal(word, …)`; call after changing `*word`.
static void wake_all(_Atomic uint32_t *word) {
#if defined(__linux__)
    if (sleeps_on_futex) {
        syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
        return;
    }
#endif
    (void)word;
    pthread_mutex_lock(&sleep_lock);
    pthread_cond_broadcast(&sleep_signal);
    pthread_mutex_unlock(&sleep_lock);
}

/// Claims the next part of the current call; 0 when none is left.
static int claim(ptrdiff_t *part) {
    uint64_t seen = atomic_load_explicit(&ticket, memory_order_acquire);
    for (;;) {
        uint64_t next = seen & PART_MASK, parts = (seen >> PART_BITS) & PART_MASK;
        if (next >= parts) return 0;
        if (atomic_compare_exchange_weak_explicit(
                &ticket, &seen, seen + 1, memory_order_acq_rel, memory_order_acquire)) {
            *part = (ptrdiff_t)next;
            return 1;
        }
    }
}

static void work_while_parts_left(void) {
    ptrdiff_t part;
    while (claim(&part)) {
        current_body(current_context, part);
        atomic_fetch_sub_explicit(&remaining, 1, memory_order_release);
    }
}

static void *worker_main(void *unused) {
    (void)unused;
    for (;;) {
        uint32_t seen = atomic_load_explicit(&wake, memory_order_acquire);
        if (atomic_load_explicit(&stopping, memory_order_acquire)) return NULL;
        work_while_parts_left();
        // Spin for the next call, then sleep until `wake` moves.
        uint64_t started = monotonic_ns();
        int spins = 0;
        while (atomic_load_explicit(&wake, memory_order_acquire) == seen) {
            POOL_PAUSE();
            if (++spins % 256 == 0 && monotonic_ns() - started > SPIN_NANOSECONDS) {
                atomic_fetch_add(&sleepers, 1);
                // Returns at once when `wake` moved after `seen` was read: no lost wake-up.
                wait_while_equal(&wake, seen);
                atomic_fetch_sub(&sleepers, 1);
                started = monotonic_ns();
            }
        }
    }
}

static void stop_workers(void) {
    if (thread_count <= 1) return;
    atomic_store_explicit(&stopping, 1, memory_order_release);
    atomic_fetch_add(&wake, 1);
    wake_all(&wake);
    for (long i = 0; i < thread_count - 1; i++) pthread_join(workers[i], NULL);
    atomic_store_explicit(&stopping, 0, memory_order_release);
    thread_count = 1;
}

long springbench_pool_threads(void) {
    pthread_mutex_lock(&run_lock);
    long count = thread_count;
    pthread_mutex_unlock(&run_lock);
    return count;
}

long springbench_pool_set_threads(long threads) {
    if (threads < 1) threads = 1;
    if (threads > MAX_THREADS) threads = MAX_THREADS;
    pthread_mutex_lock(&run_lock);
    if (threads != thread_count) {
        stop_workers();
        sleeps_on_futex = futex_available();
        long started = 0;
        for (long i = 0; i < threads - 1; i++) {
            if (pthread_create(&workers[i], NULL, worker_main, NULL) != 0) break;
            started++;
        }
        atomic_fetch_add(&threads_started, started);
        thread_count = started + 1;
    }
    long count = thread_count;
    pthread_mutex_unlock(&run_lock);
    return count;
}

static _Thread_local long runs_on_this_thread = 0;

long springbench_pool_runs_on_this_thread(void) { return runs_on_this_thread; }

void springbench_pool_run(ptrdiff_t parts, springbench_pool_body body, void *context) {
    if (parts <= 0) return;
    runs_on_this_thread++;
    pthread_mutex_lock(&run_lock);
    if (thread_count <= 1 || parts == 1 || (uint64_t)parts > PART_MASK) {
        for (ptrdiff_t part = 0; part < parts; part++) body(context, part);
        pthread_mutex_unlock(&run_lock);
        return;
    }
    current_body = body;
    current_context = context;
    atomic_store_explicit(&remaining, parts, memory_order_relaxed);
    generation++;
    atomic_store_explicit(
        &ticket, (uint64_t)generation << 32 | (uint64_t)parts << PART_BITS, memory_order_release);
    // Sequentially consistent pair with the worker's `sleepers` increment and
    // futex check: either it is counted here, or its futex sees the new value.
    atomic_fetch_add(&wake, 1);
    if (atomic_load(&sleepers) > 0) {
        atomic_fetch_add_explicit(&sleeping_wakes, 1, memory_order_relaxed);
        wake_all(&wake);
    }
    work_while_parts_left();
    uint64_t spins = 0;
    while (atomic_load_explicit(&remaining, memory_order_acquire) != 0) {
        POOL_PAUSE();
        // A worker descheduled mid-part: give its CPU back now and then.
        if (++spins % 4096 == 0) sched_yield();
    }
    pthread_mutex_unlock(&run_lock);
}

const char *springbench_pool_sleep_mechanism(void) {
    pthread_mutex_lock(&run_lock);
    int futex = thread_count > 1 ? sleeps_on_futex : futex_available();
    pthread_mutex_unlock(&run_lock);
    return futex ? "futex" : "condition variable";
}

long springbench_pool_threads_started(void) { return atomic_load(&threads_started); }

long springbench_pool_sleeping_wakes(void) { return atomic_load(&sleeping_wakes); }

long springbench_pool_threshold(int operation) {
    if (operation < 0 || operation >= 16) return LONG_MAX;
    return atomic_load_explicit(&thresholds[operation], memory_order_relaxed);
}

void springbench_pool_set_threshold(int operation, long points) {
    if (operation < 0 || operation >= 16) return;
    atomic_store_explicit(&thresholds[operation], points, memory_order_relaxed);
}
