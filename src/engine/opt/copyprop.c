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

#include "minicc/cfg.h"
#include "minicc/opt.h"
#include "minicc/util.h"
#include "opt_int.h"

/* The value an operand stands for under the replacements found so far. */
static McOperand follow(const McOperand *repl, McOperand o) {
    while (o.kind == MC_OPND_VALUE && repl[o.v].kind != MC_OPND_NONE) o = repl[o.v];
    return o;
}

/* Which phis must be looked at again: a phi found not trivial stays so until
 * the value one of its operands resolved to is itself replaced (the two
 * operands that differed are enough: one of them has to change). Each such
 * value keeps a list of the phis (positions in function order) that read it. */
typedef struct Watch {
    int32_t *head;      /* per value: first node, -1 = none */
    int32_t (*node)[2]; /* phi position, next node */
    int32_t n, cap;
    McBitset dirty;     /* per phi position: look again */
} Watch;

static void watch(Watch *w, int32_t value, int32_t pos) {
    MC_GROW(w->node, w->cap, w->n + 1, 1024);
    w->node[w->n][0] = pos;
    w->node[w->n][1] = w->head[value];
    w->head[value] = w->n++;
}

/* value was just replaced: every phi that read it looks again. */
static void wake(Watch *w, int32_t value) {
    for (int32_t k = w->head[value]; k >= 0; k = w->node[k][1]) mc_bs_add(&w->dirty, w->node[k][0]);
    w->head[value] = -1;
}

McPassResult mc_pass_copyprop(McFunc *f, bool reachable) {
    (void)reachable; /* edges are left alone */
    McOperand *repl = mc_xcalloc((size_t)f->nvalues + 1, sizeof *repl); /* kind NONE = keep */
    /* Decide first, rewrite once. A round reads every operand through the
     * replacements found so far (follow), which is what it would read had
     * the earlier rounds' replacements been written into the function, so
     * the decisions are the same. The rounds after the first look only at
     * the phis an operand of which has been replaced since they were last
     * looked at (the others would come out the same), still in function
     * order, instead of sweeping every phi again. */
    /* The phis in function order (blocks in order), the order the rounds
     * decide in; nothing moves until the rewrite at the end. */
    int32_t ncand = 0, cap = 64;
    McPhi **cand = mc_xmalloc((size_t)cap * sizeof *cand);
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
            MC_GROW(cand, cap, ncand + 1, 64);
            cand[ncand++] = &bl->phis[p];
        }
    }
    /* Rounds over the phis (a copy is decided in the first sweep: its one
     * operand is never itself). Stop after a round that found nothing. A
     * phi made dirty by one later in the order is looked at next round, by
     * one earlier in this round, as a full round would. */
    Watch w = {NULL, NULL, 0, 0, {NULL, 0, 0}};
    w.head = mc_xmalloc(((size_t)f->nvalues + 1) * sizeof *w.head);
    for (int32_t v = 0; v < f->nvalues; v++) w.head[v] = -1;
    mc_bs_init(&w.dirty, ncand);
    for (int32_t c = 0; c < ncand; c++) mc_bs_add(&w.dirty, c);
    bool progress = true;
    while (progress) {
        progress = false;
        for (int32_t c = mc_bs_next(&w.dirty, 0); c >= 0; c = mc_bs_next(&w.dirty, c + 1)) {
            mc_bs_del(&w.dirty, c);
            McPhi *phi = cand[c];
            McOperand same = {MC_OPND_NONE, 0, {0}};
            bool trivial = true;
            for (int32_t a = 0; a < phi->nargs && trivial; a++) {
                McOperand o = follow(repl, phi->args[a].val);
                if (o.kind == MC_OPND_VALUE && o.v == phi->dest) continue; /* itself */
                if (same.kind == MC_OPND_NONE) {
                    same = o;
                } else if (!mc_opnd_eq(same, o)) {
                    trivial = false;
                    if (same.kind == MC_OPND_VALUE) watch(&w, same.v, c);
                    if (o.kind == MC_OPND_VALUE) watch(&w, o.v, c);
                }
            }
            if (!trivial || same.kind == MC_OPND_NONE) continue;
            repl[phi->dest] = same;
            wake(&w, phi->dest);
            found = progress = true;
        }
    }
    free(w.head);
    free(w.node);
    mc_bs_free(&w.dirty);
    free(cand);
    if (found) { /* write the replacements and drop what they replace, block by block: one sweep */
        for (int32_t b = 0; b < f->nblocks; b++) {
            mc_opt_replace_block(f, b, repl);
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
    return (McPassResult){.changed = found, .modified = found};
}
