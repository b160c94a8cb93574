/* opt_int.h - private to the optimizer (src/engine/opt): what the pass
 * manager needs from a pass beyond the public McPassFn.
 *
 * A pass's "changed" (what --stats prints and what keeps the rounds going)
 * is not always "f was modified": SCCP reports a change whenever it proves a
 * value constant, and a div or rem whose divisor may be zero keeps its
 * instruction with a constant value, so SCCP says "changed" in every round
 * while leaving the function as it was. The pass manager skips a pass that
 * would run on exactly the function it last left unmodified (a pass is a
 * function of the IR alone: the run would be identical), so it must know
 * which runs modified. For every other pass "changed" is "modified". */
#ifndef MINICC_OPT_INT_H
#define MINICC_OPT_INT_H

#include "minicc/opt.h"

/* mc_pass_sccp, also telling whether f was modified (an operand, phi,
 * instruction, terminator or block changed). */
bool mc_sccp_run(McFunc *f, bool *modified);

/* GVN compares the phis of a block pairwise only when it has at most this
 * many. */
#define MC_GVN_PAIRWISE_PHIS 64

/* mc_pass_dce, also telling whether a block that had more than
 * MC_GVN_PAIRWISE_PHIS phis now has at most that many (the pass manager
 * keeps GVN's fixed point across DCE otherwise, opt.c). */
bool mc_dce_run(McFunc *f, bool *fewer_phis);

/* What a simplifycfg run did, for the pass manager to decide which other
 * passes' fixed points it kept (opt.c). */
typedef struct McCfgChanges {
    bool fold_same;    /* a branch with two equal targets became a jump (its condition lost a use) */
    bool fold_const;   /* a branch on a constant became a jump (phi entries dropped) */
    bool unreachable;  /* unreachable blocks removed (phi entries dropped) */
    bool merged_phis;  /* a merged block had phis (their uses now read the operands) */
    bool merged_loads; /* a merged block's load may now share a block with an identical one,
                          no store between (its block had a load after its last store) */
    bool settled;      /* the run ended with a sweep that changed nothing */
} McCfgChanges;

/* mc_pass_simplifycfg, also telling what it did (*c). reachable: the caller
 * knows that the entry reaches every block of f (the first sweep need not
 * look for unreachable ones). */
bool mc_simplifycfg_run(McFunc *f, McCfgChanges *c, bool reachable);

/* mc_opt_replace_uses for the operands of block b alone (true when one
 * was replaced). The rewrite only writes operands, so a pass may replace
 * and then drop definitions block by block, in one sweep instead of two. */
bool mc_opt_replace_block(McFunc *f, int32_t b, McOperand *repl);

#endif
