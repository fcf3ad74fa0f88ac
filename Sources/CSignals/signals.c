#include "CSignals.h"

#include <pthread.h>
#include <semaphore.h>
#include <signal.h>
#include <string.h>

static volatile sig_atomic_t interrupt_flag = 0;
static volatile sig_atomic_t termination_flag = 0;

/* Every SIGINT, SIGTERM or SIGHUP counted, so a wait can tell a second signal from the first. */
static volatile sig_atomic_t signal_count = 0;

/* Posted by the handlers, once per signal: a thread sleeps on it instead of polling the flags. */
static sem_t signal_arrived;
static pthread_once_t signal_arrived_once = PTHREAD_ONCE_INIT;
static sdk_signal_watch_fn signal_watch_callback = NULL;

static void init_signal_arrived(void) { sem_init(&signal_arrived, 0, 0); }

/* The signals the handlers count. */
static void handled_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT);
    sigaddset(set, SIGTERM);
    sigaddset(set, SIGHUP);
}

static void *watch_signals(void *unused) {
    (void)unused;
    // This thread never takes a signal itself: delivered here, it would not interrupt the
    // blocking read or wait that should see EINTR.
    sigset_t handled;
    handled_signals(&handled);
    pthread_sigmask(SIG_BLOCK, &handled, NULL);
    for (;;) {
        if (sem_wait(&signal_arrived) != 0) continue;  // EINTR
        signal_watch_callback();
    }
    return NULL;
}

int sdk_signals_watch(sdk_signal_watch_fn callback) {
    pthread_once(&signal_arrived_once, init_signal_arrived);
    signal_watch_callback = callback;
    pthread_t thread;
    if (pthread_create(&thread, NULL, watch_signals, NULL) != 0) return -1;
    pthread_detach(thread);
    return 0;
}

static void on_interrupt(int signo) {
    (void)signo;
    interrupt_flag = 1;
    signal_count++;
    sem_post(&signal_arrived);
}

static void on_termination(int signo) {
    (void)signo;
    termination_flag = 1;
    signal_count++;
    sem_post(&signal_arrived);
}

void sdk_signals_install(void) {
    pthread_once(&signal_arrived_once, init_signal_arrived);
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a blocking read must come back with EINTR
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = on_termination;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    // A parent may hand down a mask blocking these (posix_spawn keeps the caller's mask, and
    // test runners and supervisors block signals in their threads): unblocked here, or SIGTERM
    // would wait until the command in hand ended.
    sigset_t handled;
    handled_signals(&handled);
    pthread_sigmask(SIG_UNBLOCK, &handled, NULL);
}

int sdk_signals_take_interrupt(void) {
    int was = interrupt_flag;
    interrupt_flag = 0;
    return was;
}

int sdk_signals_interrupt_pending(void) { return interrupt_flag; }

int sdk_signals_termination_requested(void) { return termination_flag; }

int sdk_signals_count(void) { return signal_count; }
