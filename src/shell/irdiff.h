/* irdiff.h - the before/after view of optimizer passes (irdiff.c): the
 * prompt's `diff PASS...` and the workbench's `:diff`. */
#ifndef MINICC_SHELL_IRDIFF_H
#define MINICC_SHELL_IRDIFF_H

#include <stdbool.h>
#include <stdio.h>

#include "minicc/diag.h"
#include "minicc/interrupt.h"
#include "minicc/ir.h"

/* The most line pairs mc_ir_diff compares (its table's cells). */
#define MC_DIFF_MAX_CELLS (16 << 20)

/* The line diff of two listings: `- ` removed, `+ ` added, `  ` unchanged
 * lines within `context` of a change, longer unchanged runs as `  ... N
 * unchanged lines`. Returns the lines removed plus added, or -1 (nothing
 * printed) when the listings are too long to compare. */
int mc_ir_diff(const char *a, const char *b, int context, FILE *out);

/* Run each pass named (none: every pass in -O1 order) once, in order, on a
 * copy of ssa, printing `== PASS: N lines changed` and the diff of the
 * listing before and after it. False when a pass failed or was interrupted
 * (diagnostics in d); ssa is not changed. */
bool mc_show_pass_diffs(const McFunc *ssa, int npasses, char **passes, const McInterrupt *interrupt, FILE *out,
                        McDiags *d);

#endif
