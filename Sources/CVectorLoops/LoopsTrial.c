#define _GNU_SOURCE
#include "CLoopsTrial.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/// One record per call, written before the call.
typedef struct {
    int loop;
    int null_block;
    ptrdiff_t size;
} trial_record;

static void write_record(int fd, int loop, ptrdiff_t size, int null_block) {
    trial_record record = {loop, null_block, size};
    const char *bytes = (const char *)&record;
    size_t done = 0;
    while (done < sizeof record) {
        ssize_t count = write(fd, bytes + done, sizeof record - done);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) _exit(120);
        done += (size_t)count;
    }
}

static int trial_fd = -1;

/// Registered last in the child, so run first when a loop calls `exit`: the
/// parent's own exit handlers (which remove its temporary directories) must
/// not run in the child. Reports the status and ends the child at once.
static void child_exit(int status, void *unused) {
    (void)unused;
    write_record(trial_fd, -2, status, 0);
    _exit(122);
}

/// The child: only async-signal-tolerant work after fork (malloc is fork-safe in glibc).
static void run_child(const springbench_loops_table *table, const ptrdiff_t *sizes, int size_count, int fd) {
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGHUP, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    // A crash ends the child at once: no inherited backtrace or crash handler runs in it.
    signal(SIGSEGV, SIG_DFL);
    signal(SIGBUS, SIG_DFL);
    signal(SIGILL, SIG_DFL);
    signal(SIGFPE, SIG_DFL);
    signal(SIGABRT, SIG_DFL);
    signal(SIGTRAP, SIG_DFL);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    trial_fd = fd;
    on_exit(child_exit, NULL);
    for (int index = 0; index < size_count; index++) {
        ptrdiff_t n = sizes[index];
        size_t count = n > 0 ? (size_t)n : 1;
        double *a = malloc(count * sizeof(double));
        double *b = malloc(count * sizeof(double));
        double *c = malloc(count * sizeof(double));
        if (!a || !b || !c) _exit(121);
        for (size_t i = 0; i < count; i++) {
            a[i] = (double)(i % 7) * 0.75 + 0.5;
            b[i] = 2.0 - (double)(i % 5) * 0.25;
            c[i] = 0.0;
        }
        write_record(fd, 0, n, 0);
        table->add(a, b, c, n);
        write_record(fd, 1, n, 0);
        table->subtract(a, b, c, n);
        write_record(fd, 2, n, 0);
        table->add_in_place(c, b, n);
        write_record(fd, 3, n, 0);
        table->subtract_in_place(c, b, n);
        write_record(fd, 4, n, 0);
        table->scale(c, 1.5, n);
        write_record(fd, 5, n, 0);
        table->axpy(0.5, a, c, n);
        write_record(fd, 6, n, 0);
        volatile double sum = table->sum_of_squares(a, n);
        (void)sum;
        write_record(fd, 7, n, 0);
        double *block = table->add_allocating(a, b, n);
        if (!block) {
            write_record(fd, 7, n, 1);
            _exit(0);
        }
        free(block);
        free(a);
        free(b);
        free(c);
    }
    write_record(fd, -1, 0, 0);
    _exit(0);
}

static double now_seconds(void) {
    struct timespec time;
    clock_gettime(CLOCK_MONOTONIC, &time);
    return (double)time.tv_sec + (double)time.tv_nsec * 1e-9;
}

springbench_loops_trial_result springbench_loops_trial(
    const springbench_loops_table *table, const ptrdiff_t *sizes, int size_count, double deadline_seconds) {
    springbench_loops_trial_result result = {SPRINGBENCH_TRIAL_UNAVAILABLE, 0, -1, 0};
    int ends[2];
    if (pipe2(ends, O_CLOEXEC) != 0) {
        result.signal = errno;
        return result;
    }
    pid_t child = fork();
    if (child < 0) {
        result.signal = errno;
        close(ends[0]);
        close(ends[1]);
        return result;
    }
    if (child == 0) {
        close(ends[0]);
        run_child(table, sizes, size_count, ends[1]);
    }
    close(ends[1]);
    trial_record last = {-1, 0, 0};
    int exit_status = -1;
    int finished = 0;
    int timed_out = 0;
    double deadline = now_seconds() + deadline_seconds;
    trial_record record;
    size_t filled = 0;
    while (!finished) {
        double left = deadline - now_seconds();
        if (left <= 0) {
            timed_out = 1;
            break;
        }
        struct pollfd poll_fd = {ends[0], POLLIN, 0};
        int ready = poll(&poll_fd, 1, (int)(left * 1000) + 1);
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) continue;
        ssize_t count = read(ends[0], (char *)&record + filled, sizeof record - filled);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;  // the child ended (or closed the pipe)
        filled += (size_t)count;
        if (filled == sizeof record) {
            filled = 0;
            if (record.loop == -2) {
                exit_status = (int)record.size;
                continue;
            }
            last = record;
            if (record.loop == -1 && !record.null_block) finished = 1;
        }
    }
    close(ends[0]);
    if (timed_out) kill(child, SIGKILL);
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    result.loop = last.loop;
    result.size = last.size;
    if (timed_out) {
        result.outcome = SPRINGBENCH_TRIAL_HUNG;
    } else if (WIFSIGNALED(status)) {
        result.outcome = SPRINGBENCH_TRIAL_CRASHED;
        result.signal = WTERMSIG(status);
    } else if (last.null_block) {
        result.outcome = SPRINGBENCH_TRIAL_NULL;
    } else if (exit_status >= 0) {
        result.outcome = SPRINGBENCH_TRIAL_EXITED;
        result.signal = exit_status;
    } else if (WIFEXITED(status) && WEXITSTATUS(status) == 121) {
        result.outcome = SPRINGBENCH_TRIAL_UNAVAILABLE;
        result.signal = ENOMEM;
    } else if (finished && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        result.outcome = SPRINGBENCH_TRIAL_PASSED;
        result.loop = -1;
    } else {
        result.outcome = SPRINGBENCH_TRIAL_EXITED;
        result.signal = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
    }
    return result;
}
