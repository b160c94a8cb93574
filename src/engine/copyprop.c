/* copyprop.c - copy propagation over SSA.
 *
 * Pass contract
 *   requires:    SSA form
 *   produces:    SSA form with no `copy` instructions and no trivial phis
 *                (a phi whose operands are all one value v, or itself, is v)
 *   invalidates: nothing: blocks and edges are unchanged
 *
 * In SSA, `x = copy v` means x and v are the same value everywhere x is
 * visible (v's definition dominates x's, which dominates every use of x), so
 * every use of x can read v and the copy goes. The same holds for a trivial
 * phi. Removing a trivial phi can make another phi trivial (a loop that only
 * carries a value around), so the phis are revisited until nothing changes. Copies
 * and phis cannot trap, so nothing observable moves. */
#include <stdlib.h>

#include "minicc/opt.h"
#include "minicc/util.h"

/* The value an operand stands for under the replacements found so far. */
static McOperand follow(const McOperand *repl, McOperand o) {
    while (o.kind == MC_OPND_VALUE && repl[o.v].kind != MC_OPND_NONE) o = repl[o.v];
    return o;
}

/* A copy or phi that may still turn out to stand for another value, in the
 * order of the function (blocks in order; in a block its copies, then its
 * phis), which is the order the rounds below decide in. */
typedef struct Cand {
    int32_t block;
    int32_t index; /* >= 0: instruction; < 0: phi ~index */
} Cand;

bool mc_pass_copyprop(McFunc *f) {
    McOperand *repl = mc_xcalloc((size_t)f->nvalues + 1, sizeof *repl); /* kind NONE = keep */
    /* Decide first, rewrite once. A round reads every operand through the
     * replacements found so far (follow), which is what it would read had
     * the earlier rounds' replacements been written into the function, so
     * the decisions are the same; the rounds after the first only revisit
     * the phis not yet replaced instead of sweeping the whole function. */
    int32_t ncand = 0, cap = 64;
    Cand *cand = mc_xmalloc((size_t)cap * sizeof *cand);
    bool found = false;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            if (in->op != MC_OP_COPY || repl[in->dest].kind != MC_OPND_NONE) continue;
            McOperand src = follow(repl, in->a[0]);
            if (src.kind == MC_OPND_VALUE && src.v == in->dest) continue; /* not valid SSA */
            repl[in->dest] = src;
            found = true;
        }
        for (int32_t p = 0; p < bl->nphis; p++) {
            if (ncand == cap) {
                cap *= 2;
                cand = mc_xrealloc(cand, (size_t)cap * sizeof *cand);
            }
            cand[ncand++] = (Cand){b, ~p};
        }
    }
    /* Rounds over the phis (a copy is decided in the first sweep: its one
     * operand is never itself). Stop after a round that found nothing. */
    bool progress = true;
    while (progress) {
        progress = false;
        int32_t keep = 0;
        for (int32_t c = 0; c < ncand; c++) {
            McPhi *phi = &f->blocks[cand[c].block].phis[~cand[c].index];
            if (repl[phi->dest].kind != MC_OPND_NONE) continue;
            McOperand same = {MC_OPND_NONE, 0, {0}};
            bool trivial = true;
            for (int32_t a = 0; a < phi->nargs && trivial; a++) {
                McOperand o = follow(repl, phi->args[a].val);
                if (o.kind == MC_OPND_VALUE && o.v == phi->dest) continue; /* itself */
                if (same.kind == MC_OPND_NONE)
                    same = o;
                else if (!mc_opnd_eq(same, o))
                    trivial = false;
            }
            if (!trivial || same.kind == MC_OPND_NONE) {
                cand[keep++] = cand[c];
                continue;
            }
            repl[phi->dest] = same;
            found = progress = true;
        }
        ncand = keep;
    }
    free(cand);
    if (found) {
        mc_opt_replace_uses(f, repl);
        for (int32_t b = 0; b < f->nblocks; b++) {
            McBlock *bl = &f->blocks[b];
            int32_t k = 0;
            for (int32_t i = 0; i < bl->ninsts; i++)
                if (!(bl->insts[i].op == MC_OP_COPY && repl[bl->insts[i].dest].kind != MC_OPND_NONE))
                    bl->insts[k++] = bl->insts[i];
            bl->ninsts = k;
            k = 0;
            for (int32_t p = 0; p < bl->nphis; p++)
                if (repl[bl->phis[p].dest].kind == MC_OPND_NONE) bl->phis[k++] = bl->phis[p];
            bl->nphis = k;
        }
    }
    free(repl);
    return found;
}
