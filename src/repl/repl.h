/* repl.h - the interactive minicc> prompt (GNU readline) and batch mode.
 *
 * The prompt is the only part of minicc that includes readline: it reads
 * lines with history (kept in $XDG_STATE_HOME/minicc/history, else
 * ~/.local/state/minicc/history) and completion, and hands every line to
 * the command table (commands.h). rl_readline_name is "minicc", so
 * ~/.inputrc can say `$if minicc`. */
#ifndef MINICC_REPL_REPL_H
#define MINICC_REPL_REPL_H

#include "session.h"

/* Run the prompt on the terminal until quit or end of input. Returns the
 * process exit status (0). */
int mc_repl_run(McSession *s);

/* The history file's path (malloc'd), or NULL when neither XDG_STATE_HOME
 * nor HOME is set to an absolute path. Creates nothing: the prompt makes
 * its directory, minicc/ under an existing base and the base only when the
 * directory above it exists (never a missing $HOME); otherwise it keeps
 * history for the session only, with one warning. */
char *mc_repl_history_path(void);

/* The process's Ctrl-C flag (one per process: there is one terminal). The
 * prompt points s->interrupt at it; the workbench sets it from its own
 * SIGINT handler while a key's work runs. */
McInterrupt *mc_repl_interrupt_flag(void);

/* Batch mode (-c, -x, stdin not a terminal): SIGINT sets the flag, so the
 * command running stops with `CMD: interrupted` and the batch ends (exit
 * status 1); a second SIGINT before that kills the process. */
void mc_repl_batch_interrupts(McSession *s);

#endif
