/* dce.c - dead-code elimination (mark and sweep over SSA def-use).
 *
 * Pass contract
 *   requires:    SSA form
 *   produces:    SSA form without pure instructions or phis whose results
 *                are never used (directly or through other live values)
 *   invalidates: nothing: blocks and edges are unchanged
 *
 * Roots are everything with an effect the program can observe: stores,
 * loads (a load may trap, so it stays even when its result is unused, and so
 * do the values its index needs), a div or rem whose divisor is not a
 * non-zero constant (it may trap `division by zero`: treated like a load),
 * and terminator operands; and every call (docs/ir.md §3.2: it may store,
 * trap or not return), with its arguments, even when its result is unused.
 * A local buffer nothing uses has no effect and goes. Liveness flows from a live value to the operands
 * of its definition; what is never reached is removed. The rest of the
 * arithmetic cannot trap (a div or rem by a non-zero constant included:
 * INT_MIN / -1 wraps), so removing it is exact.
 *
 * Marking is one backward sweep in memory order (a definition usually comes
 * before its uses), with a work list only for operands whose definition the
 * sweep has already passed, instead of chasing every definition at random:
 * on a function larger than the cache that is most of this pass's time. The
 * sweep records where it passed each definition, so the pass reads the
 * function once more only where it removes: the blocks of the dead
 * definitions, found from those records. */
#include <stdlib.h>

#include "minicc/opt.h"
#include "minicc/util.h"
#include "opt_int.h"

typedef struct Marker {
    bool *live;
    int32_t *work;
    int32_t nwork;
    int32_t *defblock, *defslot; /* where the sweep passed each definition (MC_NONE: not yet) */
} Marker;

/* Mark o live. The sweep below walks the function backwards, so a value
 * whose definition is still ahead of it gets its operands marked when the
 * sweep reaches the definition; only one whose definition the sweep has
 * passed (a phi's operand from a later block, a value defined later in
 * layout order) goes to the work list. Parameters have no definition. */
static inline void mark(Marker *m, McOperand o) {
    if (o.kind != MC_OPND_VALUE || m->live[o.v]) return;
    m->live[o.v] = true;
    if (m->defblock[o.v] != MC_NONE) m->work[m->nwork++] = o.v;
}

static void mark_operands(Marker *m, const McFunc *f, int32_t v) {
    const McBlock *bl = &f->blocks[m->defblock[v]];
    int32_t s = m->defslot[v];
    if (s < bl->nphis) {
        const McPhi *phi = &bl->phis[s];
        for (int32_t a = 0; a < phi->nargs; a++) mark(m, phi->args[a].val);
    } else {
        const McInst *in = &bl->insts[s - bl->nphis];
        int nops;
        const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
        for (int k = 0; k < nops; k++) mark(m, ops[k]);
    }
}

/* effects: MC_FX_FEWER_PHIS when a block that had more than
 * MC_GVN_PAIRWISE_PHIS phis now has at most that many (the pass manager
 * keeps GVN's fixed point across DCE otherwise, opt.c). */
McPassResult mc_pass_dce(McFunc *f, bool reachable) {
    (void)reachable; /* edges are left alone */
    int32_t nv = f->nvalues;
    Marker m;
    m.live = mc_xcalloc((size_t)nv + 1, sizeof *m.live);
    m.work = mc_xmalloc(((size_t)nv + 1) * sizeof *m.work);
    m.nwork = 0;
    m.defblock = mc_xmalloc(((size_t)nv + 1) * sizeof *m.defblock);
    m.defslot = mc_xmalloc(((size_t)nv + 1) * sizeof *m.defslot); /* phis 0.., then instructions */
    for (int32_t v = 0; v < nv; v++) m.defblock[v] = MC_NONE;
    /* One backward sweep: roots (effects and terminator operands) and the
     * operands of every live definition met on the way, in memory order. A
     * definition counts as passed once its operands have been dealt with (in
     * SSA no instruction reads its own result, and a phi that reads its own
     * is live already when it does). */
    for (int32_t b = f->nblocks - 1; b >= 0; b--) {
        McBlock *bl = &f->blocks[b];
        if (bl->term.op != MC_OP_JUMP) mark(&m, bl->term.arg);
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            McInst *in = &bl->insts[i];
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
            if ((mc_op_info[in->op].flags & (MC_OPF_READS | MC_OPF_WRITES)) || mc_inst_may_trap(in)) {
                if (in->dest != MC_NONE) m.live[in->dest] = true;
                for (int k = 0; k < nops; k++) mark(&m, ops[k]);
            } else if (in->dest != MC_NONE && m.live[in->dest]) {
                for (int k = 0; k < nops; k++) mark(&m, ops[k]);
            }
            if (in->dest != MC_NONE) {
                m.defblock[in->dest] = b;
                m.defslot[in->dest] = bl->nphis + i;
            }
        }
        for (int32_t p = bl->nphis - 1; p >= 0; p--) {
            int32_t d = bl->phis[p].dest;
            if (m.live[d])
                for (int32_t a = 0; a < bl->phis[p].nargs; a++) mark(&m, bl->phis[p].args[a].val);
            m.defblock[d] = b;
            m.defslot[d] = p;
        }
    }
    /* What the sweep had passed already: the work list, in any order; the
     * sweep is over, so every value it makes live goes on the list too (a
     * parameter, never passed, never does). */
    while (m.nwork > 0) mark_operands(&m, f, m.work[--m.nwork]);
    /* Every definition the sweep passed that is not live goes (effects and
     * possible traps were marked live): its block is known, so only those
     * blocks are swept again, found from the value table, not the IR. */
    bool changed = false;
    unsigned fx = 0;
    bool *drop = NULL;
    for (int32_t v = 0; v < nv; v++) {
        if (m.defblock[v] == MC_NONE || m.live[v]) continue;
        if (!drop) drop = mc_xcalloc((size_t)f->nblocks + 1, sizeof *drop);
        drop[m.defblock[v]] = true;
    }
    for (int32_t b = 0; drop && b < f->nblocks; b++) {
        if (!drop[b]) continue;
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t p = 0; p < bl->nphis; p++)
            if (m.live[bl->phis[p].dest]) bl->phis[k++] = bl->phis[p];
        if (k != bl->nphis) {
            changed = true;
            if (bl->nphis > MC_GVN_PAIRWISE_PHIS && k <= MC_GVN_PAIRWISE_PHIS) fx |= MC_FX_FEWER_PHIS;
        }
        bl->nphis = k;
        k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            if (in->dest == MC_NONE || m.live[in->dest] || mc_inst_may_trap(in))
                bl->insts[k++] = *in;
        }
        changed |= k != bl->ninsts;
        bl->ninsts = k;
    }
    free(drop);
    free(m.live);
    free(m.work);
    free(m.defblock);
    free(m.defslot);
    return (McPassResult){.changed = changed, .modified = changed, .effects = fx};
}
