#ifndef CSIGNALRELAY_H
#define CSIGNALRELAY_H

/// Installs handlers for SIGINT, SIGTERM and SIGHUP that write the signal's
/// number (one byte) to `descriptor` and do nothing else (write(2) is
/// async-signal-safe). A thread reading the other end of the pipe does the
/// cleanup in ordinary code. Returns 0, or -1 with errno set.
int springbench_signal_relay_install(int descriptor);

/// Restores the default action of `signal` and raises it again in the whole
/// process: the exit status then says the process died of that signal.
void springbench_signal_relay_die(int signal);

#endif
