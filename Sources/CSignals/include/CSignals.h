#ifndef SDKBENCH_CSIGNALS_H
#define SDKBENCH_CSIGNALS_H

// The signal flags the REPL, the script runner and every mode poll, and the semaphore a
// watching thread sleeps on: apart from libedit, so a mode that never edits a line links none.

/// SIGINT and SIGTERM handlers installed without SA_RESTART so a blocking read returns EINTR.
void sdk_signals_install(void);
/// Whether SIGINT arrived since the last call (clears the flag).
int sdk_signals_take_interrupt(void);
/// Whether a SIGINT is waiting to be taken (leaves the flag as it is).
int sdk_signals_interrupt_pending(void);
/// Whether SIGTERM (or SIGHUP) arrived.
int sdk_signals_termination_requested(void);
/// How many SIGINT, SIGTERM and SIGHUP arrived since the handlers were installed.
int sdk_signals_count(void);
/// Called on the watching thread after each SIGINT, SIGTERM or SIGHUP.
typedef void (*sdk_signal_watch_fn)(void);
/// Starts a thread that calls `callback` after each signal the handlers count (call once).
/// Returns 0, or -1 when the thread cannot start.
int sdk_signals_watch(sdk_signal_watch_fn callback);

#endif
