/* why.c - why two values interfere, or why not (regalloc.h): the scan of
 * interfere.c for one pair. Each block is walked backwards from its
 * live-out set plus the terminator's operand; a definition of one value
 * while the other is live after it is an interference point, unless the
 * definition is `x = copy y` of the other one and the graph applies
 * Chaitin's copy exception (every allocator but baseline). The earliest
 * point in block and instruction order is reported. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

static bool scalar(const McFunc *f, int32_t v) { return v >= 0 && v < f->nvalues && f->values[v].kind == MC_VAL_I32; }

/* (b, i) before (b2, i2) in block, then instruction order. */
static bool earlier(int32_t b, int32_t i, int32_t b2, int32_t i2) { return b2 < 0 || b < b2 || (b == b2 && i < i2); }

McWhyKind mc_interference_why(const McFunc *f, McAllocator which, int32_t x, int32_t y, McWhy *w) {
    return mc_interference_why_opts(f, which, NULL, x, y, w);
}

McWhyKind mc_interference_why_opts(const McFunc *f, McAllocator which, const McAllocOptions *o, int32_t x,
                                   int32_t y, McWhy *w) {
    memset(w, 0, sizeof *w);
    w->block = w->inst = w->copy_block = w->copy_inst = -1;
    w->def = w->live = MC_NONE;
    bool baseline = which == MC_ALLOC_BASELINE;
    /* The switches bind baseline and improved only (linear and ssa take none). */
    bool switched = o && (which == MC_ALLOC_BASELINE || which == MC_ALLOC_IMPROVED);
    bool copy_exception = !baseline && !(switched && o->no_copy_exception);
    bool param_edges = !(switched && o->no_param_edges);
    if (!scalar(f, x) || !scalar(f, y) || x == y) return w->kind = MC_WHY_NOT_SCALAR;
    int32_t px = f->values[x].param, py = f->values[y].param;
    McLiveness *lv = mc_liveness_all(f, NULL);
    McValList entry = f->nblocks ? mc_live_in(lv, 0) : (McValList){NULL, 0};
    bool ex = false, ey = false;
    for (int32_t i = 0; i < entry.n; i++) ex |= entry.v[i] == x, ey |= entry.v[i] == y;
    bool params = param_edges && px != MC_NONE && py != MC_NONE && (baseline || (ex && ey));
    bool *live = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *live);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        McValList out = mc_live_out(lv, b);
        live[x] = live[y] = false;
        for (int32_t i = 0; i < out.n; i++)
            if (out.v[i] == x || out.v[i] == y) live[out.v[i]] = true;
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) &&
            (bl->term.arg.v == x || bl->term.arg.v == y))
            live[bl->term.arg.v] = true;
        for (int32_t k = bl->ninsts - 1; k >= 0; k--) {
            const McInst *in = &bl->insts[k];
            int32_t d = in->dest;
            if (d == x || d == y) {
                int32_t other = d == x ? y : x;
                if (live[other]) {
                    bool copy = in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && in->a[0].v == other;
                    if (copy && copy_exception) {
                        if (earlier(b, k, w->copy_block, w->copy_inst)) w->copy_block = b, w->copy_inst = k;
                    } else if (earlier(b, k, w->block, w->inst)) {
                        w->block = b, w->inst = k, w->def = d, w->live = other;
                    }
                }
                live[d] = false;
            }
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
            for (int a = 0; a < nops; a++)
                if (mc_opnd_is_val(ops[a]) && (ops[a].v == x || ops[a].v == y)) live[ops[a].v] = true;
        }
    }
    free(live);
    mc_liveness_free(lv);
    if (w->block >= 0) return w->kind = MC_WHY_DEF;
    if (params) return w->kind = MC_WHY_PARAMS;
    if (w->copy_block >= 0) return w->kind = MC_WHY_COPY;
    return w->kind = MC_WHY_NONE;
}
