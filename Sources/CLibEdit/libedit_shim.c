#include "CLibEdit.h"
#include "CSignals.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>
#include <wchar.h>

static char prompt_text[256] = "> ";
static int cancel_flag = 0;
static sdk_complete_fn complete_callback = NULL;
/* Background output while the prompt shows: a byte on this pipe wakes the reader, which hands
   the editor NOTIFY_KEY, bound to a function that prints the output above the line and redraws. */
static int notify_pipe[2] = {-1, -1};
static sdk_notify_fn notify_callback = NULL;
/* ^\ never arrives as a character: with ISIG on (libedit keeps it) the terminal turns it into SIGQUIT. */
#define NOTIFY_KEY 0x1C

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

/// Reads one character, decoding UTF-8. SIGINT or SIGTERM during the read ends it with EINTR:
/// libedit's own reader retries once after EINTR and would swallow a Ctrl-C.
static int read_character(EditLine *el, wchar_t *out) {
    (void)el;
    unsigned char bytes[4];
    int have = 0, need = 1;
    for (;;) {
        // A signal that arrived while the editor was busy (not blocked in read) counts too.
        if (sdk_signals_termination_requested() || sdk_signals_interrupt_pending()) {
            errno = EINTR;
            return -1;
        }
        if (have == 0 && notify_pipe[0] >= 0) {
            struct pollfd fds[2] = {{STDIN_FILENO, POLLIN, 0}, {notify_pipe[0], POLLIN, 0}};
            if (poll(fds, 2, -1) < 0) {
                if (errno == EINTR) continue;
                return -1;
            }
            if (fds[1].revents & POLLIN) {
                char drain[64];
                while (read(notify_pipe[0], drain, sizeof(drain)) > 0) {
                }
                *out = NOTIFY_KEY;
                return 1;
            }
        }
        ssize_t count = read(STDIN_FILENO, bytes + have, 1);
        if (count == 1) {
            if (have == 0) {
                unsigned char lead = bytes[0];
                need = lead < 0x80 ? 1 : (lead >> 5) == 6 ? 2 : (lead >> 4) == 14 ? 3 : (lead >> 3) == 30 ? 4 : 1;
            } else if ((bytes[have] & 0xC0) != 0x80) {
                *out = 0xFFFD;  // a broken sequence: drop it rather than mis-decode what follows
                return 1;
            }
            have++;
            if (have == need) break;
            continue;
        }
        if (count == 0) return 0;
        if (errno == EINTR) {
            // el_gets then returns NULL with errno EINTR; the caller resets the editor.
            if (sdk_signals_termination_requested() || sdk_signals_interrupt_pending()) {
                errno = EINTR;
                return -1;
            }
            continue;
        }
        return -1;
    }
    if (need == 1) {
        *out = bytes[0] < 0x80 ? bytes[0] : 0xFFFD;
    } else {
        wchar_t value = bytes[0] & (0x7F >> need);
        for (int i = 1; i < need; i++) value = (value << 6) | (bytes[i] & 0x3F);
        *out = value;
    }
    return 1;
}

/// ^C read as a byte (a tty without ISIG): show ^C, end the line, and mark it cancelled.
static unsigned char cancel_line(EditLine *el, int ch) {
    (void)ch;
    cancel_flag = 1;
    const LineInfo *info = el_line(el);
    el_cursor(el, (int)(info->lastchar - info->cursor));
    el_insertstr(el, "^C");
    return CC_NEWLINE;
}

/// The notify key: print what background work wrote, then redraw the prompt and the line.
static unsigned char notify_trampoline(EditLine *el, int ch) {
    (void)el;
    (void)ch;
    if (notify_callback != NULL) notify_callback();
    return CC_REDISPLAY;
}

void sdk_el_notify(void) {
    if (notify_pipe[1] < 0) return;
    char byte = 1;
    (void)write(notify_pipe[1], &byte, 1);
}

void sdk_el_set_notify(sdk_notify_fn notify) { notify_callback = notify; }

int sdk_el_take_cancel(void) {
    int was = cancel_flag;
    cancel_flag = 0;
    return was;
}

EditLine *sdk_el_open(const char *program, History *h, sdk_complete_fn complete) {
    EditLine *el = el_init(program, stdin, stdout, stderr);
    if (el == NULL) return NULL;
    complete_callback = complete;
    el_set(el, EL_EDITOR, "emacs");
    // No EL_SIGNAL: its handler puts the tty in cooked mode and re-raises, expecting the process to die.
    el_set(el, EL_GETCFN, read_character);
    el_set(el, EL_PROMPT, prompt_function);
    // `history` is the function; `h` the list it manages (the names must not shadow each other).
    if (h != NULL) el_set(el, EL_HIST, history, h);
    el_set(el, EL_ADDFN, "sdkbench-complete", "complete a command word or argument", complete_trampoline);
    el_set(el, EL_BIND, "^I", "sdkbench-complete", NULL);
    el_set(el, EL_ADDFN, "sdkbench-cancel", "cancel the line being typed", cancel_line);
    el_set(el, EL_BIND, "^C", "sdkbench-cancel", NULL);
    el_set(el, EL_BIND, "^R", "em-inc-search-prev", NULL);
    if (notify_pipe[0] < 0 && pipe(notify_pipe) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(notify_pipe[i], F_SETFL, fcntl(notify_pipe[i], F_GETFL) | O_NONBLOCK);
            fcntl(notify_pipe[i], F_SETFD, FD_CLOEXEC);
        }
    }
    el_set(el, EL_ADDFN, "sdkbench-notify", "print background output above the line", notify_trampoline);
    el_set(el, EL_BIND, "\034", "sdkbench-notify", NULL);
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

int sdk_history_lines(History *h, const char **lines, int capacity) {
    HistEvent event;
    int count = 0;
    for (int more = history(h, &event, H_FIRST); more != -1 && count < capacity; more = history(h, &event, H_NEXT)) {
        lines[count++] = event.str;
    }
    return count;
}

void sdk_history_clear(History *h) {
    HistEvent event;
    history(h, &event, H_CLEAR);
}

void sdk_history_close(History *h) { history_end(h); }
