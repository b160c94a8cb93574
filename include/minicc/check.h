/* minicc/check.h - the chapter's acceptance test: run one function through
 * every stage on fresh copies of the same arguments and find the first stage
 * whose outcome differs (docs/ir.md §5 `check`). Shared by `minicc check`, the
 * prompt's `check` and lessons, so they all compare the same way.
 *
 * Implemented in check.c (src/engine). */
#ifndef MINICC_CHECK_H
#define MINICC_CHECK_H

#include <stdio.h>

#include "outcome.h"
#include "pipeline.h"

#define MC_CHECK_MAX_ROWS 24 /* 8 stages, plus a row per other allocator that disagrees at an alloc row */

typedef struct McCheckRow {
    McStage stage;
    int regs;           /* alloc: K */
    char label[24];     /* `input`, `alloc K=2`, ... */
    bool ran;           /* false: the stage could not run (see error) */
    bool refused;       /* not run, and no divergence: an alloc row whose interference graph is
                           over its size limit, an asm row whose target's tools are missing
                           (error says why) */
    char error[256];    /* why it could not run */
    McOutcome outcome;  /* when ran */
    McArgs args;        /* the arguments after the run (final buffers) */
} McCheckRow;

typedef struct McCheck {
    McCheckRow rows[MC_CHECK_MAX_ROWS];
    int nrows;
    int diverged;       /* index of the first row that differs from row 0, or -1 */
    bool nonterminating; /* every stage ran out of steps or time */
    bool interrupted;   /* base->interrupt was set: the rows are incomplete and
                           mean nothing (stopped after the stage that saw it) */
} McCheck;

/* Run input, ssa, opt, alloc with K = 1, 2, 4, 16, native, asm x86-64 and
 * asm rv64 (base->target MC_TARGET_X64 or MC_TARGET_RV64 keeps that asm row
 * only: `check --targets`; MC_TARGET_CHAPTER, the default, both); an
 * asm row whose target's tools are missing is refused (not run, no
 * divergence: `not run: WHY`); each alloc
 * row also runs the other allocators at its K and adds a row (`alloc K=2
 * linear`) for each one that disagrees. native is labelled `native tcc`
 * when base->native_cc is MC_NATIVE_TCC (check shows which compiler ran;
 * plain `native` is the system compiler). `base`
 * supplies the shared options (opt level, allocator, step budget, time
 * limit, phi mode, interrupt flag); its stage and regs are ignored. */
void mc_check_run(const McFunc *f, const McArgs *args, const McStageOptions *base, McCheck *out);
void mc_check_free(McCheck *c);

/* Two outcomes agree when mc_outcome_same says so, or when neither
 * finished: the interpreters' step budget and native code's time limit are
 * the same verdict ("did not finish"), and the buffers of a run that was cut
 * off depend on where it was cut, so they are not compared. */
bool mc_outcome_agree(const McOutcome *x, const McArgs *xa, const McOutcome *y, const McArgs *ya);

/* One aligned line per stage (`alloc K=2   return 21; b = [1, 2]`), then
 * `agree` or `diverge at STAGE` (an asm row: `diverge at asm x86-64`). */
void mc_check_print(const McFunc *f, const McCheck *c, FILE *out);

#endif
