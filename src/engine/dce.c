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
 * do the values its index needs), and terminator operands. Liveness flows
 * from a live value to the operands of its definition; what is never
 * reached is removed. Arithmetic cannot trap, so removing it is exact.
 *
 * Marking is one backward sweep in memory order (a definition usually comes
 * before its uses), with a work list only for operands defined at or after
 * the sweep's position, instead of chasing every definition at random: on a
 * function larger than the cache that is most of this pass's time. */
#include <stdlib.h>

#include "minicc/opt.h"
#include "minicc/util.h"

typedef struct Marker {
    bool *live;
    int32_t *work;
    int32_t nwork;
    const int32_t *defblock, *defslot; /* where each value is defined (MC_NONE: a parameter) */
    int32_t block, slot;               /* the sweep's position */
} Marker;

/* Mark o live. The sweep below walks the function backwards, so a value
 * defined before the sweep's position gets its operands marked when the
 * sweep reaches its definition; only one defined at or after the position
 * (a phi's operand from a later block, a value defined later in layout
 * order) goes to the work list. */
static void mark(Marker *m, McOperand o) {
    if (o.kind != MC_OPND_VALUE || m->live[o.v]) return;
    m->live[o.v] = true;
    int32_t b = m->defblock[o.v];
    if (b != MC_NONE && (b > m->block || (b == m->block && m->defslot[o.v] >= m->slot))) m->work[m->nwork++] = o.v;
}

static void mark_operands(Marker *m, const McFunc *f, int32_t v) {
    const McBlock *bl = &f->blocks[m->defblock[v]];
    int32_t s = m->defslot[v];
    if (s < bl->nphis) {
        const McPhi *phi = &bl->phis[s];
        for (int32_t a = 0; a < phi->nargs; a++) mark(m, phi->args[a].val);
    } else {
        const McInst *in = &bl->insts[s - bl->nphis];
        for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark(m, in->a[k]);
    }
}

bool mc_pass_dce(McFunc *f) {
    int32_t nv = f->nvalues;
    Marker m;
    m.live = mc_xcalloc((size_t)nv + 1, sizeof *m.live);
    m.work = mc_xmalloc(((size_t)nv + 1) * sizeof *m.work);
    m.nwork = 0;
    int32_t *defblock = mc_xmalloc(((size_t)nv + 1) * sizeof *defblock);
    int32_t *defslot = mc_xmalloc(((size_t)nv + 1) * sizeof *defslot); /* phis 0.., then instructions */
    for (int32_t v = 0; v < nv; v++) defblock[v] = MC_NONE;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            defblock[bl->phis[p].dest] = b;
            defslot[bl->phis[p].dest] = p;
        }
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].dest != MC_NONE) {
                defblock[bl->insts[i].dest] = b;
                defslot[bl->insts[i].dest] = bl->nphis + i;
            }
    }
    m.defblock = defblock;
    m.defslot = defslot;
    /* One backward sweep: roots (effects and terminator operands) and the
     * operands of every live definition met on the way, in memory order. */
    for (int32_t b = f->nblocks - 1; b >= 0; b--) {
        McBlock *bl = &f->blocks[b];
        m.block = b;
        m.slot = bl->nphis + bl->ninsts;
        if (bl->term.op != MC_OP_JUMP) mark(&m, bl->term.arg);
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            McInst *in = &bl->insts[i];
            m.slot = bl->nphis + i;
            if (mc_op_info[in->op].flags & (MC_OPF_READS | MC_OPF_WRITES | MC_OPF_TRAPS)) {
                if (in->dest != MC_NONE) m.live[in->dest] = true;
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark(&m, in->a[k]);
            } else if (in->dest != MC_NONE && m.live[in->dest]) {
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark(&m, in->a[k]);
            }
        }
        for (int32_t p = bl->nphis - 1; p >= 0; p--) {
            m.slot = p;
            if (m.live[bl->phis[p].dest])
                for (int32_t a = 0; a < bl->phis[p].nargs; a++) mark(&m, bl->phis[p].args[a].val);
        }
    }
    /* What the sweep had passed already: the work list, in any order; the
     * sweep is over, so every value it makes live goes on the list too. */
    m.block = -1;
    while (m.nwork > 0) mark_operands(&m, f, m.work[--m.nwork]);
    bool changed = false;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t p = 0; p < bl->nphis; p++)
            if (m.live[bl->phis[p].dest]) bl->phis[k++] = bl->phis[p];
        changed |= k != bl->nphis;
        bl->nphis = k;
        k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            if (in->dest == MC_NONE || m.live[in->dest] || (mc_op_info[in->op].flags & MC_OPF_TRAPS))
                bl->insts[k++] = *in;
        }
        changed |= k != bl->ninsts;
        bl->ninsts = k;
    }
    free(m.live);
    free(m.work);
    free(defblock);
    free(defslot);
    return changed;
}
