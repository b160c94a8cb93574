/* common.h - helpers shared by the one-shot commands (run, check, print,
 * emit-c, sweep, ...), so every command parses options, loads files, picks the
 * function and reports mistakes the same way.
 *
 * A typical handler:
 *
 *     int mc_cli_foo(int argc, char **argv) {
 *         McCliOpts o;
 *         int st = mc_cli_opts_parse(argc, argv, MC_CLI_FUNC | MC_CLI_ARGS, &o);
 *         if (st) return st;                    // 2, message already on stderr
 *         McCliProgram p;
 *         if ((st = mc_cli_load(&o, &p))) return st;   // diagnostics with carets
 *         McArgs args;
 *         if ((st = mc_cli_args(&o, p.func, &args))) { mc_cli_program_free(&p); return st; }
 *         ...
 *         mc_args_free(&args);
 *         mc_cli_program_free(&p);
 *         return 0;
 *     }
 *
 * Option syntax (only the options in `accepted` are recognised; others are
 * "unknown option"): the first positional word is FILE (`-` for standard input). After FILE, a word
 * that parses as an integer (so `-5` too) or starts with '[' is an ARG even
 * without `--`; after `--` every word is an ARG. A list split by the shell
 * (`[1, -2, 3]` unquoted) is joined back into one ARG up to its ']'. Options may also be written
 * `--name=value`. Every mistake prints `minicc CMD: error: MESSAGE` on stderr and
 * gives exit status 2. Nothing here calls exit(). */
#ifndef MINICC_CLI_COMMON_H
#define MINICC_CLI_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "minicc/diag.h"
#include "minicc/interp.h"
#include "minicc/ir.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"

/* Options a command accepts (bit set passed to mc_cli_opts_parse). */
enum {
    MC_CLI_FUNC = 1u << 0,      /* --func NAME */
    MC_CLI_STAGE = 1u << 1,     /* --stage input|ssa|opt|alloc|native */
    MC_CLI_REGS = 1u << 2,      /* --regs K (K >= 1) */
    MC_CLI_ALLOCATOR = 1u << 3, /* --allocator baseline|improved|linear|ssa */
    MC_CLI_OPT = 1u << 4,       /* -O0 | -O1 */
    MC_CLI_MAX_STEPS = 1u << 5, /* --max-steps N (N >= 1) */
    MC_CLI_STATS = 1u << 6,     /* --stats */
    MC_CLI_TIMEOUT = 1u << 7,   /* --timeout SECONDS (> 0) */
    MC_CLI_KEEP_C = 1u << 8,    /* --keep-c DIR */
    MC_CLI_ARGS = 1u << 9,      /* ARG... after FILE */
    MC_CLI_NO_FILE = 1u << 10,  /* FILE is optional */
    MC_CLI_ALLOC_OPT = 1u << 11, /* --alloc-opt LIST (the allocator's switches; repeatable) */
    MC_CLI_TRACE_ALLOC = 1u << 12, /* --trace-alloc */
    MC_CLI_CC = 1u << 13,       /* --cc system|tcc (native) */
    MC_CLI_LANG = 1u << 14,     /* --lang c|ir (minic.h; default: by FILE's name) */
    MC_CLI_MAX_DEPTH = 1u << 15, /* --max-depth N (N >= 1): frames of a run with calls */
    MC_CLI_CONVENTION = 1u << 16, /* --convention split|caller-saved|callee-saved (regalloc.h) */
    MC_CLI_TARGET = 1u << 17,   /* --target x86-64|rv64 (asm.h; stage asm, emit-asm, print --stage selected) */
    MC_CLI_KEEP_ASM = 1u << 18, /* --keep-asm DIR (stage asm) */
    MC_CLI_TARGETS = 1u << 19,  /* --targets LIST (check: the asm rows; x86-64, rv64, all) */
    MC_CLI_NO_COMMENTS = 1u << 20, /* --no-comments (emit-asm) */
    MC_CLI_TRACE_SELECT = 1u << 21, /* --trace-select (emit-asm) */
    MC_CLI_ASM_BUG = 1u << 22,  /* --asm-bug NAME (asm.h: a planted bug of x86-64's emitter) */
};

typedef struct McCliOpts {
    const char *cmd;      /* command name (argv[0]), for messages */
    const char *file;     /* FILE, or NULL if MC_CLI_NO_FILE and none given */
    const char *func;     /* --func, or NULL for the first function */
    McStageOptions stage; /* --stage --regs --allocator -O --max-steps --max-depth --timeout --keep-c */
    bool stats;           /* --stats */
    bool live;            /* print --live (print.c takes the word itself) */
    const char *why;      /* print --stage allocated --why X,Y (print.c) */
    McAllocOptions alloc; /* --alloc-opt (stage.alloc_opts points here after parsing) */
    bool trace_alloc;     /* --trace-alloc */
    bool no_comments;     /* --no-comments */
    bool trace_select;    /* --trace-select */
    unsigned targets;     /* --targets (check: the asm rows): 1 x86-64, 2 rv64; 0 (none given) or 3: both */
    int lang;             /* --lang: McLang (minic.h), MC_LANG_AUTO when not given */
    unsigned given;       /* MC_CLI_* bits of the options actually given */
    char **args;          /* ARG words (malloc'd array of pointers into argv or owned) */
    int nargs;
    char **owned;         /* ARGs joined from several words (`[1,` `2]`), malloc'd */
    int nowned;
} McCliOpts;

/* Parse argv (argv[0] = command name). Returns 0, or 2 after printing the
 * mistake. On success free with mc_cli_opts_free. */
int mc_cli_opts_parse(int argc, char **argv, unsigned accepted, McCliOpts *o);
void mc_cli_opts_free(McCliOpts *o);

/* A loaded file and the selected function. */
typedef struct McCliProgram {
    McModule *mod; /* the whole module (owned) */
    McFunc *func;  /* o->func, or the first function (borrowed from mod) */
    char *src;     /* the file's text (owned), for carets */
} McCliProgram;

/* All of standard input (malloc'd, *len bytes), at most the input limit
 * (util.h); NULL with why on a read error or a longer input. */
char *mc_cli_read_stdin(size_t *len, char *why, size_t size);

/* Load o->file (`-`: standard input, named `<stdin>` in diagnostics) and
 * select the function. Returns 0, or 2 after printing the
 * diagnostics (`FILE:LINE:COL: error: M` with the source line and a caret;
 * an unknown --func lists the available names). */
int mc_cli_load(const McCliOpts *o, McCliProgram *p);
void mc_cli_program_free(McCliProgram *p);

/* Parse o->args for f (mc_args_parse). Returns 0, or 2 after printing. */
int mc_cli_args(const McCliOpts *o, const McFunc *f, McArgs *out);

/* Print diagnostics to stderr: one with a position as `FILE:LINE:COL: error:
 * MESSAGE` with its source line and a caret, one without (a file that cannot
 * be read, a --keep-c directory that cannot be written) as `minicc CMD:
 * error: MESSAGE`. */
void mc_cli_print_diags(const McCliOpts *o, const McDiags *d);

/* Print `minicc CMD: error: MESSAGE` to stderr (a mistake with no file
 * position; those with one are `FILE:LINE:COL: error: MESSAGE`); returns 2. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
int mc_cli_error(const McCliOpts *o, const char *fmt, ...);

/* `minicc CMD --help` (or `-h`) anywhere before `--`: print the command's
 * usage line and summary (cli.h) on stdout and return true; the handler
 * then returns 0 without doing anything else. */
bool mc_cli_help(int argc, char **argv);

/* Exit status for an outcome: 0 returned, 3 trapped. */
int mc_cli_outcome_status(const McOutcome *out);

/* After an outcome that ran out of steps (`trap: execution step limit
 * exceeded`, a text the IR fixes), a note on stderr: `note: the step budget
 * is N block entries; raise it with --max-steps N`. True when printed. */
bool mc_cli_step_note(const McOutcome *out, const McCliOpts *o);

/* That warning for one-shot command o->cmd:
 * `minicc CMD: warning: no compile cache: WHY; compiling in a private temporary directory`. */
void mc_cli_cache_warning(const McCliOpts *o);

#endif
