/* repl.h - the interactive minicc> prompt (GNU readline) and batch mode.
 *
 * The prompt reads lines with readline, history (kept in
 * $XDG_STATE_HOME/minicc/history, else ~/.local/state/minicc/history) and
 * completion (the glue it shares with the workbench: shell/terminal.h), and
 * hands every line to the command table (shell/commands.h). rl_readline_name is "minicc", so
 * ~/.inputrc can say `$if minicc`. */
#ifndef MINICC_REPL_REPL_H
#define MINICC_REPL_REPL_H

#include "shell/session.h"

/* Run the prompt on the terminal until quit or end of input. Returns the
 * process exit status (0). */
int mc_repl_run(McSession *s);

/* Batch mode (-c, -x, stdin not a terminal): SIGINT sets the flag, so the
 * command running stops with `CMD: interrupted` and the batch ends (exit
 * status 1); a second SIGINT before that kills the process. */
void mc_repl_batch_interrupts(McSession *s);

#endif
