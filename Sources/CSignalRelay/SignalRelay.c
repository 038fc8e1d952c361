#define _GNU_SOURCE
#include "CSignalRelay.h"
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

static volatile int relay_descriptor = -1;

static void relay(int signal) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal;
    if (relay_descriptor >= 0) {
        (void)write(relay_descriptor, &byte, 1);
    }
    errno = saved;
}

int springbench_signal_relay_install(int descriptor) {
    relay_descriptor = descriptor;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = relay;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    int signals[] = {SIGINT, SIGTERM, SIGHUP};
    for (unsigned i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

void springbench_signal_relay_die(int signal) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    sigaction(signal, &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), signal);
    // The signal is fatal once delivered; should it be held up, leave anyway.
    _exit(128 + signal);
}
