/* tui.h - the full-screen workbench: `minicc --tui [--lesson LESSON] [--write-here] [FILE
 * [ARG...]]`, the `tui` command at the minicc> prompt, and the hidden batch
 * mode `minicc --tui-script KEYS [--size WxH] [--attrs] [--lesson LESSON]
 * [FILE [ARG...]]` that applies a key script without a terminal and prints
 * the final screen as text (for tests and figures). */
#ifndef MINICC_TUI_TUI_H
#define MINICC_TUI_TUI_H

#include <stdbool.h>
#include <stdio.h>

#include "shell/commands.h"
#include "shell/session.h"

/* argv[0] is "--tui". Returns the exit status: 0, or 2 when stdout/stdin is
 * not a terminal or the arguments are bad. */
int mc_tui_main(int argc, char **argv);
/* argv[0] is "--tui-script". */
int mc_tui_script_main(int argc, char **argv);
/* Run the workbench on an existing session (the `tui` command); lesson may
 * be NULL. Returns 0, or 2 (with a message on err) when there is no terminal. */
int mc_tui_run(McSession *s, const char *lesson, FILE *err);
/* Whether the workbench is on the screen now (so `tui` inside it says so). */
bool mc_tui_active(void);
/* The `tui` command of the prompt's command table (shell/commands.h); main.c registers it. */
McCmdStatus mc_cmd_tui(McSession *s, int argc, char **argv, FILE *out, FILE *err);
/* Its row of the command table, with the help text; main.c registers it
 * (mc_command_register), since the shell knows no front end. */
extern const McCommand mc_tui_command;
/* mc_command_line with the workbench's signature. */
int mc_tui_run_line(McSession *s, const char *line, bool bail, FILE *out, FILE *err);
/* Shared by the terminal and batch entries: parse [--lesson L] [--theme NAME] [FILE [ARG...]]
 * options after argv[first], load FILE and set the arguments. Returns false
 * with a message on err. */
bool mc_tui_setup(McSession *s, int argc, char **argv, int first, const char **lesson, const char **theme,
                  FILE *err);

#endif
