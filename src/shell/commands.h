/* commands.h - the command table of the minicc> prompt, shared by every
 * front end that takes typed commands (the prompt, batch scripts, the
 * workbench's command line, lessons).
 *
 * Every command is one row of a table (sqlite3-shell style): name, aliases,
 * usage, a one-line summary, detail help, what its arguments complete to,
 * and a handler. A handler writes its output to `out` and its errors to
 * `err` (through mc_session_error, so scripts get `FILE:LINE: error:`), and
 * returns OK, ERROR or QUIT. A failed command leaves the session as it was.
 *
 * Commands may be typed as any unique prefix of a name or alias. A line may
 * hold several commands separated by `;`; `#` starts a comment; words are
 * split on blanks, except inside quotes or a bracketed list (`args [1, 2]`). */
#ifndef MINICC_REPL_COMMANDS_H
#define MINICC_REPL_COMMANDS_H

#include <stdio.h>

#include "shell/session.h"

typedef enum McCmdStatus { MC_CMD_OK = 0, MC_CMD_ERROR = 1, MC_CMD_QUIT = 2 } McCmdStatus;

typedef McCmdStatus (*McCmdFn)(McSession *s, int argc, char **argv, FILE *out, FILE *err);

typedef struct McCommand {
    const char *name;     /* full name */
    const char *aliases;  /* space-separated short forms, "" when none */
    const char *group;    /* "session", "showing", "pipeline", "execution", "pictures" */
    const char *usage;    /* `step [N]` */
    const char *summary;  /* one line */
    const char *detail;   /* several lines, each ending in \n */
    const char *complete; /* what the arguments complete to, one word per
                             argument position, the last repeating when it
                             ends in "...": file, block, value, pass, func,
                             command, view, setting, -, or words a|b|c */
    McCmdFn fn;
} McCommand;

/* The whole table, in help order. */
const McCommand *mc_commands(int *n);
/* Put a front end's command into the table, before the command named
 * `before` (at the end when NULL or unknown). The shell knows no front end:
 * main.c registers `lesson` (src/lesson) and `tui` (src/tui) at start-up,
 * before any command runs. At most 8. */
void mc_command_register(const McCommand *c, const char *before);
/* Exact name or alias, else a unique prefix of one. NULL when unknown or
 * ambiguous; then `why` (may be NULL) gets the reason, e.g.
 * `ambiguous command 'st': start, step, stepi`. */
const McCommand *mc_command_find(const char *word, char *why, size_t size);

/* Split one command into words. Returns the count (argv malloc'd, free with
 * mc_command_free_words), or -1 with a message in why (unterminated quote). */
int mc_command_split(const char *text, char ***argv, char *why, size_t size);
void mc_command_free_words(int argc, char **argv);

/* Run one command given as words (argv[0] the command). */
McCmdStatus mc_command_run(McSession *s, int argc, char **argv, FILE *out, FILE *err);
/* Run one line: comments stripped, `;`-separated commands in order.
 * With bail, stops at the first failing command. Returns ERROR if any
 * command failed, QUIT if one asked to quit (the rest are not run). */
McCmdStatus mc_command_line(McSession *s, const char *line, bool bail, FILE *out, FILE *err);
/* Run a script line by line; errors are reported as `name:LINE: error:`.
 * Returns the number of failed commands; *quit is set when a command asked
 * to quit (quit may be NULL). With bail, stops at the first failure. */
int mc_command_script(McSession *s, FILE *in, const char *name, bool bail, FILE *out, FILE *err, bool *quit);
/* Before `source` or `lesson` (s->cmd) goes one level deeper: false, with
 * `CMD: nested too deeply (more than 16)` and s->nest_abort set (so every
 * enclosing script and lesson stops too), at MC_MAX_NESTING. */
bool mc_session_nest_check(McSession *s, FILE *err);

/* ---- completion (engine-independent; the prompt adds readline) ---------- */

typedef enum McCompleteKind {
    MC_COMPLETE_NONE = 0, /* nothing to offer */
    MC_COMPLETE_WORDS,    /* the returned candidates */
    MC_COMPLETE_FILE,     /* a file name: the front end completes it itself */
} McCompleteKind;

/* Candidates for the word starting at byte `start` of `line` (the word is
 * line[start..end)). *out gets a malloc'd NULL-terminated array of
 * malloc'd strings that begin with the word (NULL when none). */
McCompleteKind mc_command_complete(McSession *s, const char *line, int start, int end, char ***out);
void mc_complete_free(char **list);

#endif
