#ifndef SDKBENCH_CLIBEDIT_H
#define SDKBENCH_CLIBEDIT_H

// Fixed-argument wrappers around libedit's variadic el_set / el_get / history, which Swift
// cannot call. The signal flags its reader honours are CSignals'.
#include <histedit.h>

/// Called on the editor's thread when background output waits: it prints it above the line,
/// which libedit then redraws.
typedef void (*sdk_notify_fn)(void);
/// Wakes the editor to call the notify function; safe from any thread.
void sdk_el_notify(void);
void sdk_el_set_notify(sdk_notify_fn notify);

/// Called on TAB with the line before the cursor and the whole line; returns a CC_* code.
typedef unsigned char (*sdk_complete_fn)(EditLine *el, const char *before_cursor, const char *whole_line);

/// Opens an editor on stdin/stdout: emacs bindings, ~/.editrc, libedit's own signal handling,
/// TAB bound to `complete`, history `history` attached (may be NULL).
EditLine *sdk_el_open(const char *program, History *history, sdk_complete_fn complete);
/// Sets the text the prompt function returns (copied).
void sdk_el_set_prompt(const char *prompt);
/// Reads one line; `count` gets the byte count, -1 on error (errno kept).
const char *sdk_el_gets(EditLine *el, int *count, int *error);
void sdk_el_close(EditLine *el);
/// Whether the line just returned was cancelled with Ctrl-C (clears the mark).
int sdk_el_take_cancel(void);

History *sdk_history_open(int size);
void sdk_history_enter(History *history, const char *line);
int sdk_history_load(History *history, const char *path);
int sdk_history_save(History *history, const char *path);
/// Fills `lines` with up to `capacity` history lines, newest first; they stay valid until the
/// history changes. Returns how many.
int sdk_history_lines(History *history, const char **lines, int capacity);
void sdk_history_clear(History *history);
void sdk_history_close(History *history);

#endif
