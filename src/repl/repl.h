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
 * nor HOME is set. */
char *mc_repl_history_path(void);

#endif
