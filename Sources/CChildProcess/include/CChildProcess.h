#ifndef SPRINGBENCH_CHILD_PROCESS_H
#define SPRINGBENCH_CHILD_PROCESS_H

#include <sys/types.h>

/// What one standard stream of a child is connected to: `path` opened for it
/// (for reading on stream 0, else for writing, created and truncated), or,
/// when `path` is NULL, `descriptor` duplicated onto it; both unset (NULL and
/// -1): the parent's stream, inherited.
typedef struct {
    const char *path;
    int descriptor;
} springbench_stream;

/// Starts `executable` with `argv` and `envp` (NULL-terminated) by
/// posix_spawn: the three standard streams as `streams` says, in `directory`
/// when it is not NULL, every other descriptor closed, no signal blocked and
/// every signal at its default action (a parent that ignores SIGPIPE or runs
/// in a test runner's thread passes neither on). With `new_group` non-zero the
/// child leads a session and a process group of its own (both its pid, where
/// POSIX_SPAWN_SETSID exists; else a group only): what it starts joins the group
/// unless it makes one of its own, and keeps the session even then or when
/// orphaned, so `kill(-pid, …)` and a walk of the session reach them all. 0 and
/// `*pid` set, or an errno value.
int springbench_spawn(const char *executable, char *const argv[], char *const envp[], const char *directory,
                      const springbench_stream streams[3], int new_group, pid_t *pid);

/// A pipe whose both ends close on exec (`pipe2` with `O_CLOEXEC`, which
/// Swift's Glibc module hides): 0, or -1 with errno set.
int springbench_pipe(int ends[2]);

#endif
