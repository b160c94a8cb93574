/* minicc/opt.h - the SSA optimizer: a table of passes and a pass manager.
 *
 * Every pass works in place on a function in SSA form and keeps it in SSA
 * form; it returns what it did (McPassResult), changed or not. Passes build whatever
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

/* The passes, in -O1 order: each one's index in mc_pass_table. */
typedef enum McPassId {
    MC_PASS_SCCP,
    MC_PASS_COPYPROP,
    MC_PASS_GVN,
    MC_PASS_DCE,
    MC_PASS_SIMPLIFYCFG,
    MC_NPASSES
} McPassId;

/* What kind of modification a pass run made (McPassResult.effects). Each
 * one may undo another pass's fixed point that the rest of the run keeps;
 * McPass.keeps says which, and opt.c above the table says why. */
enum {
    MC_FX_FEWER_PHIS = 1 << 0,   /* dce: a block fell to MC_GVN_PAIRWISE_PHIS (64) phis or fewer */
    MC_FX_FOLD_SAME = 1 << 1,    /* simplifycfg: a branch with two equal targets became a jump */
    MC_FX_FOLD_CONST = 1 << 2,   /* simplifycfg: a branch on a constant became a jump */
    MC_FX_UNREACHABLE = 1 << 3,  /* simplifycfg: unreachable blocks removed */
    MC_FX_MERGED_PHIS = 1 << 4,  /* simplifycfg: a merged block had phis (their uses now read the operands) */
    MC_FX_MERGED_LOADS = 1 << 5, /* simplifycfg: a merged block's load may now share a block with an
                                    identical one, no store between */
    MC_FX_UNSETTLED = 1 << 6,    /* simplifycfg: its last sweep still changed something */
};

/* What one run of a pass did: one type for every pass. A pass's "changed"
 * is not always "f was modified": SCCP reports a change whenever it proves
 * a value constant, and a div or rem whose divisor may be zero keeps its
 * instruction with a constant value, so SCCP says "changed" in every round
 * while leaving the function as it was. The pass manager skips a pass that
 * would run on exactly the function it last left unmodified (a pass is a
 * function of the IR alone: the run would be identical), so it must know
 * which runs modified. For every other pass "changed" is "modified". */
typedef struct McPassResult {
    bool changed;       /* what --stats prints and what keeps the -O1 rounds going */
    bool modified;      /* an operand, phi, instruction, terminator or block changed */
    bool all_reachable; /* the entry now reaches every block (SCCP makes it so) */
    unsigned effects;   /* MC_FX_* bits, when modified */
} McPassResult;

/* Run a pass on f. reachable: the caller knows that the entry reaches
 * every block of f (simplifycfg then skips its first search for
 * unreachable ones; false is always right). */
typedef McPassResult (*McPassFn)(McFunc *f, bool reachable);

/* In McPass.keeps[j]: a run of this pass that modified f leaves pass j at
 * its fixed point (a pass j that found nothing to do before the run would
 * find nothing after it) unless the run had one of the effects fx. A 0
 * entry: it does not. keeps[j] of the pass itself: the pass would find
 * nothing to do in its own output. */
#define MC_KEEPS_UNLESS(fx) (0x80000000u | (unsigned)(fx))
#define MC_KEEPS_ALWAYS MC_KEEPS_UNLESS(0)

typedef struct McPass {
    const char *name;        /* as typed: --passes sccp,dce */
    McPassFn run;
    unsigned keeps[MC_NPASSES]; /* whose fixed points its modifications keep (MC_KEEPS_UNLESS) */
    const char *requires;    /* what the input must be */
    const char *invalidates; /* analyses a caller must rebuild afterwards */
    const char *help;        /* one line for `minicc print --passes help` and the prompt */
} McPass;

const McPass *mc_pass_table(int *n); /* all passes, in -O1 order (McPassId) */
const McPass *mc_pass_find(const char *name); /* NULL if unknown */
/* Does a run of p that modified f with these effects keep pass j's fixed point? */
bool mc_pass_keeps(const McPass *p, McPassId j, unsigned effects);

/* The passes themselves (one file each). */
McPassResult mc_pass_copyprop(McFunc *f, bool reachable);
McPassResult mc_pass_sccp(McFunc *f, bool reachable);
McPassResult mc_pass_gvn(McFunc *f, bool reachable);
McPassResult mc_pass_dce(McFunc *f, bool reachable);
McPassResult mc_pass_simplifycfg(McFunc *f, bool reachable);

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
