#include "CLibEdit.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

static char prompt_text[256] = "> ";
static sdk_complete_fn complete_callback = NULL;

static char *prompt_function(EditLine *el) {
    (void)el;
    return prompt_text;
}

void sdk_el_set_prompt(const char *prompt) {
    strncpy(prompt_text, prompt, sizeof(prompt_text) - 1);
    prompt_text[sizeof(prompt_text) - 1] = '\0';
}

static unsigned char complete_trampoline(EditLine *el, int ch) {
    (void)ch;
    if (complete_callback == NULL) return CC_ERROR;
    const LineInfo *info = el_line(el);
    size_t before_length = (size_t)(info->cursor - info->buffer);
    size_t whole_length = (size_t)(info->lastchar - info->buffer);
    char before[4096];
    char whole[4096];
    if (whole_length >= sizeof(whole)) return CC_ERROR;
    memcpy(before, info->buffer, before_length);
    before[before_length] = '\0';
    memcpy(whole, info->buffer, whole_length);
    whole[whole_length] = '\0';
    return complete_callback(el, before, whole);
}

EditLine *sdk_el_open(const char *program, History *history, sdk_complete_fn complete) {
    EditLine *el = el_init(program, stdin, stdout, stderr);
    if (el == NULL) return NULL;
    complete_callback = complete;
    el_set(el, EL_EDITOR, "emacs");
    el_set(el, EL_SIGNAL, 1);
    el_set(el, EL_PROMPT, prompt_function);
    if (history != NULL) el_set(el, EL_HIST, history, history);
    el_set(el, EL_ADDFN, "sdkbench-complete", "complete a command word or argument", complete_trampoline);
    el_set(el, EL_BIND, "^I", "sdkbench-complete", NULL);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
    el_source(el, NULL);  // ~/.editrc, after our defaults so the user's bindings win
    return el;
}

const char *sdk_el_gets(EditLine *el, int *count, int *error) {
    errno = 0;
    const char *line = el_gets(el, count);
    *error = errno;
    return line;
}

void sdk_el_close(EditLine *el) { el_end(el); }

History *sdk_history_open(int size) {
    History *h = history_init();
    if (h == NULL) return NULL;
    HistEvent event;
    history(h, &event, H_SETSIZE, size);
    history(h, &event, H_SETUNIQUE, 1);
    return h;
}

void sdk_history_enter(History *h, const char *line) {
    HistEvent event;
    history(h, &event, H_ENTER, line);
}

int sdk_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}

int sdk_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

void sdk_history_close(History *h) { history_end(h); }

static volatile sig_atomic_t interrupt_flag = 0;
static volatile sig_atomic_t termination_flag = 0;

static void on_interrupt(int signo) {
    (void)signo;
    interrupt_flag = 1;
}

static void on_termination(int signo) {
    (void)signo;
    termination_flag = 1;
}

void sdk_signals_install(void) {
    struct sigaction action;
    memset(&action, 0, sizeof(action));
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a blocking read must come back with EINTR
    action.sa_handler = on_interrupt;
    sigaction(SIGINT, &action, NULL);
    action.sa_handler = on_termination;
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
}

int sdk_signals_take_interrupt(void) {
    int was = interrupt_flag;
    interrupt_flag = 0;
    return was;
}

int sdk_signals_termination_requested(void) { return termination_flag; }
