// posix_spawn with the GNU file actions (chdir, closefrom) that Swift's Glibc
// module hides. Why not Foundation's Process: on Swift 6.3.1 its run() crashed
// (SIGSEGV in findMaximumOpenFromProcSelfFD) when threads started processes
// and opened descriptors at the same time (Guides/MachineFacts.md, "Child
// processes"); posix_spawn takes no process-wide state.
#define _GNU_SOURCE
#include "CChildProcess.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

int springbench_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int springbench_spawn(const char *executable, char *const argv[], char *const envp[], const char *directory,
                      const springbench_stream streams[3], int new_group, pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    for (int stream = 0; stream < 3 && result == 0; stream++) {
        if (streams[stream].path != NULL) {
            int flags = stream == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC;
            result = posix_spawn_file_actions_addopen(&actions, stream, streams[stream].path, flags, 0644);
        } else if (streams[stream].descriptor >= 0) {
            result = posix_spawn_file_actions_adddup2(&actions, streams[stream].descriptor, stream);
        }
    }
    if (result == 0 && directory != NULL) result = posix_spawn_file_actions_addchdir_np(&actions, directory);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &all);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
    if (new_group) {
#ifdef POSIX_SPAWN_SETSID
        // A session of its own (also a group of its own): everything it starts keeps the session
        // even when it makes groups of its own or is orphaned, so it can still be found and stopped.
        flags |= POSIX_SPAWN_SETSID;
#else
        flags |= POSIX_SPAWN_SETPGROUP;
        if (result == 0) result = posix_spawnattr_setpgroup(&attributes, 0);
#endif
    }
    if (result == 0) result = posix_spawnattr_setflags(&attributes, flags);
    if (result == 0) result = posix_spawn(pid, executable, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}
