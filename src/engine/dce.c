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
 * reached is removed. Arithmetic cannot trap, so removing it is exact. */
#include <stdlib.h>

#include "minicc/opt.h"
#include "minicc/util.h"

typedef struct Marker {
    bool *live;
    int32_t *work;
    int32_t nwork;
} Marker;

static void mark(Marker *m, McOperand o) {
    if (o.kind != MC_OPND_VALUE || m->live[o.v]) return;
    m->live[o.v] = true;
    m->work[m->nwork++] = o.v;
}

bool mc_pass_dce(McFunc *f) {
    int32_t nv = f->nvalues;
    Marker m;
    m.live = mc_xcalloc((size_t)nv + 1, sizeof *m.live);
    m.work = mc_xmalloc(((size_t)nv + 1) * sizeof *m.work);
    m.nwork = 0;
    int32_t *defblock = mc_xmalloc(((size_t)nv + 1) * sizeof *defblock);
    int32_t *defidx = mc_xmalloc(((size_t)nv + 1) * sizeof *defidx); /* >= 0 inst, < 0 phi ~index */
    for (int32_t v = 0; v < nv; v++) defblock[v] = MC_NONE;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            defblock[bl->phis[p].dest] = b;
            defidx[bl->phis[p].dest] = ~p;
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            if (in->dest != MC_NONE) {
                defblock[in->dest] = b;
                defidx[in->dest] = i;
            }
            if (mc_op_info[in->op].flags & (MC_OPF_READS | MC_OPF_WRITES | MC_OPF_TRAPS)) {
                if (in->dest != MC_NONE) mark(&m, mc_val(in->dest));
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark(&m, in->a[k]);
            }
        }
        if (bl->term.op != MC_OP_JUMP) mark(&m, bl->term.arg);
    }
    while (m.nwork > 0) {
        int32_t v = m.work[--m.nwork];
        int32_t b = defblock[v];
        if (b == MC_NONE) continue; /* a parameter */
        McBlock *bl = &f->blocks[b];
        if (defidx[v] < 0) {
            McPhi *phi = &bl->phis[~defidx[v]];
            for (int32_t a = 0; a < phi->nargs; a++) mark(&m, phi->args[a].val);
        } else {
            McInst *in = &bl->insts[defidx[v]];
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark(&m, in->a[k]);
        }
    }
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
    free(defidx);
    return changed;
}
