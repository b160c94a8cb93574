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

#endif
