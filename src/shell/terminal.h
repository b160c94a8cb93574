/* terminal.h - what the two terminal front ends share: the prompt
 * (src/repl) and the workbench's command line (src/tui) both read lines with
 * GNU readline, complete them from the command table, keep one history file
 * and stop long commands with Ctrl-C through one flag. This is the glue;
 * each front end keeps its own loop and signal handlers.
 *
 * Implemented in terminal.c (src/shell), one of the three files that include
 * readline (with src/repl/repl.c and src/tui/tui.c). */
#ifndef MINICC_SHELL_TERMINAL_H
#define MINICC_SHELL_TERMINAL_H

#include "shell/session.h"

/* ---- history ---------------------------------------------------------------- */

/* The history file's path (malloc'd), or NULL when neither XDG_STATE_HOME
 * nor HOME is set to an absolute path. Creates nothing. */
char *mc_term_history_path(void);
/* The same with its directory made by the XDG rule: minicc/ under an
 * existing base, the base ($XDG_STATE_HOME, or ~/.local/state with
 * ~/.local) only when the directory above it exists; a missing $HOME is
 * never created. NULL with the reason in why when there is none. */
char *mc_term_history_file(McStr *why);
/* Add line to readline's history unless it is blank or repeats the last
 * entry, and append it to the file hist (may be NULL) at once, so a crash
 * or a kill keeps it. */
void mc_term_history_add(const char *line, const char *hist);

/* ---- completion ------------------------------------------------------------- */

/* Make readline complete for session s (rl_attempted_completion_function):
 * the command table's candidates (mc_command_complete), readline's file
 * names where the table says FILE. Returns the session it completed for
 * before (the workbench opened from the prompt gives it back on leaving);
 * NULL frees what the last completion kept. */
McSession *mc_term_completion(McSession *s);

/* ---- Ctrl-C ------------------------------------------------------------------ */

/* The process's Ctrl-C flag (one per process: there is one terminal). The
 * prompt and the workbench point s->interrupt at it and set it from their
 * own SIGINT handlers while a command runs. */
McInterrupt *mc_term_interrupt_flag(void);

#endif
