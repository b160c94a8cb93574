/* alloc_common.c - what the allocators share (alloc_common.h): the empty
 * allocation around a destroyed function, the deletion of copies whose two
 * sides share a location, and the interference graph linear and ssa check
 * against. regalloc.c (baseline, improved), linear.c and ssaalloc.c use
 * them; the sparse set they and points.c walk with is util.h's McSparse. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "alloc_common.h"
#include "igraph.h"

McAllocation *mc_alloc_new(McDestroyed *x, McAllocator which, int regs) {
    McAllocation *a = mc_xcalloc(1, sizeof *a);
    a->allocator = which;
    a->registers = regs;
    a->destroyed = x;
    a->f = mc_func_clone(x->f);
    a->f->form = x->f->form;
    int32_t nv = a->f->nvalues, nb = a->f->nblocks;
    a->phi_copy = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *a->phi_copy);
    for (int32_t b = 0; b < nb; b++) {
        int32_t n = a->f->blocks[b].ninsts;
        a->phi_copy[b] = mc_xmalloc((size_t)(n ? n : 1));
        memcpy(a->phi_copy[b], x->phi_copy[b], (size_t)n);
    }
    a->loc = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *a->loc);
    a->alias = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *a->alias);
    for (int32_t v = 0; v < nv; v++) a->alias[v] = v;
    a->param_bound = mc_xcalloc((size_t)(a->f->nparams ? a->f->nparams : 1), 1);
    return a;
}

void mc_alloc_drop_copies(McAllocation *a) {
    McFunc *f = a->f;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && a->loc[in->dest].kind != MC_LOC_NONE &&
                a->loc[in->dest].kind == a->loc[in->a[0].v].kind &&
                a->loc[in->dest].index == a->loc[in->a[0].v].index) {
                a->removed_copies++;
                continue;
            }
            bl->insts[k] = bl->insts[i];
            a->phi_copy[b][k] = a->phi_copy[b][i];
            k++;
        }
        bl->ninsts = k;
    }
}

McIGraph *mc_alloc_graph(const McFunc *f, int64_t limit, int form, const McInterrupt *stop, McDiags *d) {
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.interrupt = stop;
    return mc_interference_opts(f, MC_ALLOC_IMPROVED, NULL, limit, form, &o, d);
}
