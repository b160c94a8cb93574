/* minicc/opt.h - the SSA optimizer: a table of passes and a pass manager.
 *
 * Every pass works in place on a function in SSA form and keeps it in SSA
 * form; it returns true when it changed something. Passes build whatever
 * analysis they need (cfg.h) themselves, so "invalidates" documents what a
 * caller holding an McCfg must rebuild.
 *
 * Semantics are preserved exactly, traps included: a load may trap, so no
 * pass moves a load or removes one (even one whose result is unused) unless
 * an identical access dominates it with nothing in between that could change
 * the answer - GVN reuses a load only when the same load ran earlier in the
 * same block with no store in between (gvn.c). Stores keep their order, and
 * nothing is moved across a possible trap.
 *
 * The -O1 pipeline (`sccp, copyprop, gvn, dce, simplifycfg`) is iterated
 * until no pass changes the function, at most max_iterations rounds.
 *
 * Implemented in opt.c and the passes sccp.c, copyprop.c, gvn.c, dce.c, simplifycfg.c (src/engine). */
#ifndef MINICC_OPT_H
#define MINICC_OPT_H

#include "diag.h"
#include "interrupt.h"
#include "ir.h"

typedef bool (*McPassFn)(McFunc *f); /* true when f changed */

typedef struct McPass {
    const char *name;        /* as typed: --passes sccp,dce */
    McPassFn run;
    const char *requires;    /* what the input must be */
    const char *invalidates; /* analyses a caller must rebuild afterwards */
    const char *help;        /* one line for `minicc print --passes help` and the prompt */
} McPass;

const McPass *mc_pass_table(int *n); /* all passes, in -O1 order */
const McPass *mc_pass_find(const char *name); /* NULL if unknown */

/* The passes themselves (one file each). */
bool mc_pass_copyprop(McFunc *f);
bool mc_pass_sccp(McFunc *f);
bool mc_pass_gvn(McFunc *f);
bool mc_pass_dce(McFunc *f);
bool mc_pass_simplifycfg(McFunc *f);

/* Per-pass statistics: sizes before and after each pass run. */
typedef struct McPassStat {
    const char *pass;   /* static string from the table */
    int32_t round;      /* 1-based round of the fixed-point loop */
    bool changed;
    int32_t insts[2];   /* [before, after]: instructions (terminators not counted) */
    int32_t phis[2];
    int32_t blocks[2];
} McPassStat;

typedef struct McOptStats {
    McPassStat *v; /* malloc'd */
    int32_t n, cap;
    int32_t rounds; /* rounds run */
} McOptStats;

void mc_opt_stats_free(McOptStats *s);

typedef struct McOptOptions {
    bool verify;        /* mc_verify(MC_VERIFY_SSA) after every pass (default true) */
    int max_iterations; /* rounds of the fixed-point loop (default 10) */
    const char *passes; /* comma-separated pass names run once, in order; NULL = -O1 */
    const McInterrupt *interrupt; /* looked at before every pass; when set, mc_opt_run
                                     fails with the diagnostic `interrupted` (NULL: never) */
} McOptOptions;

void mc_opt_options_default(McOptOptions *o);

/* Optimize f (SSA form) in place. Returns false with a diagnostic for an
 * unknown pass name, input not in SSA form, or a pass whose output fails
 * verification (an engine bug; the diagnostic names the pass, and f is left
 * as that pass produced it). st may be NULL. When the passes delete much of
 * f, it is compacted (as mc_func_compact would, in f's own arena): the
 * McFunc pointer stays, value handles are renumbered in their old order and
 * pointers into f's arrays are invalidated. */
bool mc_opt_run(McFunc *f, const McOptOptions *o, McOptStats *st, McDiags *d);

/* Sizes of a function: instructions, phis, blocks (any may be NULL). */
void mc_func_counts(const McFunc *f, int32_t *insts, int32_t *phis, int32_t *blocks);

/* Shared by the passes: replace every use of value v by repl[v] when
 * repl[v].kind != MC_OPND_NONE (chains x -> y -> 3 are followed). repl has
 * f->nvalues entries. Definitions are not touched. True when an operand
 * was replaced. */
bool mc_opt_replace_uses(McFunc *f, McOperand *repl);

#endif
