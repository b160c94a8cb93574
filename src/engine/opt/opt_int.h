/* opt_int.h - private to the optimizer (src/engine/opt): what the passes
 * share beyond the public opt.h. */
#ifndef MINICC_OPT_INT_H
#define MINICC_OPT_INT_H

#include "minicc/opt.h"

/* GVN compares the phis of a block pairwise only when it has at most this
 * many (DCE reports MC_FX_FEWER_PHIS when a block falls to it). */
#define MC_GVN_PAIRWISE_PHIS 64

/* mc_opt_replace_uses for the operands of block b alone (true when one
 * was replaced). The rewrite only writes operands, so a pass may replace
 * and then drop definitions block by block, in one sweep instead of two. */
bool mc_opt_replace_block(McFunc *f, int32_t b, McOperand *repl);

/* The operands of in a pass reads and may rewrite, *n of them: a call's
 * arguments (docs/ir.md §3.2; the scalar ones are rewritten like any
 * operand, a buffer is never replaced by anything), or a[0 .. nargs). */
static inline McOperand *mc_opt_opnds(const McFunc *f, McInst *in, int *n) {
    McCall *c = mc_inst_call(f, in);
    if (c) {
        *n = (int)c->nargs;
        return c->args;
    }
    *n = mc_op_info[in->op].nargs;
    return in->a;
}

#endif
