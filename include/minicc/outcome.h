/* minicc/outcome.h - the arguments a function runs with and the outcome
 * of a run (args.c): what every executor takes and gives back (the
 * stepping interpreter interp.h, the run path run.h, the allocated machine
 * regalloc.h, the C backend cgen.h), so that their results compare with
 * mc_outcome_same.
 *
 * Implemented in args.c (src/engine). */
#ifndef MINICC_OUTCOME_H
#define MINICC_OUTCOME_H

#include <stdio.h>

#include "diag.h"
#include "interrupt.h"
#include "ir.h"

/* The block-entry budget of a run when the caller gives none (trap
 * `execution step limit exceeded`). */
#define MC_DEFAULT_MAX_STEPS 100000
/* The frames a run may have at once when the caller gives no limit (the
 * function run is frame 1; a call beyond traps `call depth limit exceeded`,
 * docs/ir.md §3.2). */
#define MC_DEFAULT_MAX_DEPTH 10000
#define MC_DEPTH_TRAP_MSG "call depth limit exceeded"

/* ---- arguments ------------------------------------------------------------ */

typedef struct McArg {
    bool is_buf;    /* matches the parameter's kind */
    int32_t scalar; /* i32 parameter */
    int32_t *data;  /* buf parameter: malloc'd contents (NULL when empty) */
    int32_t len;
} McArg;

typedef struct McArgs {
    McArg *v;  /* one per parameter, in order */
    int32_t n;
} McArgs;

/* Parse command-line style arguments for f: an integer for an i32 parameter,
 * a bracketed list `[3,-1,4]` (spaces allowed, `[]` empty) for a buf
 * parameter. Wrong count, a list for an i32, a number for a buf, an
 * out-of-range number or a malformed list is a diagnostic naming the
 * argument; returns false and leaves *out empty. */
bool mc_args_parse(const McFunc *f, int argc, char *const *argv, McArgs *out, McDiags *d);
void mc_args_copy(McArgs *dst, const McArgs *src); /* deep copy */
void mc_args_free(McArgs *a);
/* One line `NAME = [a, b, c]` per buffer parameter, in order. */
void mc_args_print_buffers(const McFunc *f, const McArgs *a, FILE *out);
/* Arguments as they would be typed: `4 [1, 2, 3]`. */
void mc_args_format(const McArgs *a, FILE *out);

/* ---- outcomes ------------------------------------------------------------- */

/* MC_INTERRUPTED: the caller's interrupt flag (interrupt.h) stopped the run
 * before it finished; trap holds MC_INTERRUPTED_MSG and steps/insts what ran.
 * Buffers hold the effects so far; front ends report it as a failed command,
 * not as a result. */
typedef enum McOutcomeKind { MC_RETURNED = 0, MC_TRAPPED = 1, MC_INTERRUPTED = 2 } McOutcomeKind;

typedef struct McOutcome {
    McOutcomeKind kind;
    int32_t value;   /* the returned value */
    char trap[128];  /* the trap message, without "trap: " */
    int64_t steps;   /* block entries */
    int64_t insts;   /* instructions executed (terminators not counted) */
} McOutcome;

/* `return V` or `trap: MESSAGE`, then the buffer lines (docs/ir.md §5 output). */
void mc_outcome_print(const McFunc *f, const McOutcome *o, const McArgs *a, FILE *out);
/* Same return/trap (kind, value or message) and same final buffers. */
bool mc_outcome_same(const McOutcome *x, const McArgs *xa, const McOutcome *y, const McArgs *ya);
/* One-line summary for tables: `return 12` / `trap: ...`. */
const char *mc_outcome_str(const McOutcome *o, char *buf, size_t size);

#endif
