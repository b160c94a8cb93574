/* points.c - liveness at every program point and register pressure
 * (MaxLive), from block liveness (live.c): each block is walked backwards
 * from its live-out set plus the terminator's operand; after instruction i
 * the set is what is live there; removing i's result and adding its
 * operands gives the set before it. The set before the first instruction
 * is the top's (live-in plus the phis that are read). See cfg.h. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"

static bool scalar_val(const McFunc *f, int32_t v) { return v >= 0 && f->values[v].kind == MC_VAL_I32; }

static int cmp_i32(const void *x, const void *y) {
    int32_t a = *(const int32_t *)x, b = *(const int32_t *)y;
    return (a > b) - (a < b);
}

typedef struct Out {
    int32_t *vals;
    size_t n, cap;
} Out;

/* Record the set of point pt (sorted) into o, at set_start[pt]. */
static void record(McPoints *p, Out *o, int32_t pt, const McSparse *s) {
    MC_GROW(o->vals, o->cap, o->n + (size_t)s->n, 1024);
    /* points of a block are filled backwards: remember where and sort later */
    p->set_start[pt] = (int32_t)o->n;
    memcpy(o->vals + o->n, s->list, (size_t)s->n * sizeof *o->vals);
    qsort(o->vals + o->n, (size_t)s->n, sizeof *o->vals, cmp_i32);
    o->n += (size_t)s->n;
}

McPoints *mc_live_points(const McFunc *f, const McLiveness *lv, bool with_sets) {
    McPoints *p = mc_xcalloc(1, sizeof *p);
    int32_t nb = f->nblocks, nv = f->nvalues;
    p->nblocks = nb;
    p->first = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *p->first);
    for (int32_t b = 0; b < nb; b++) {
        p->first[b] = p->npoints;
        p->npoints += f->blocks[b].ninsts + 1;
    }
    p->pressure = mc_xcalloc((size_t)(p->npoints ? p->npoints : 1), sizeof *p->pressure);
    p->block_max = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *p->block_max);
    p->block_max_at = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *p->block_max_at);
    /* per point: where its set starts (unsorted order of blocks is fine) and its length */
    int32_t *len = NULL;
    Out o = {NULL, 0, 0};
    if (with_sets) {
        p->set_start = mc_xcalloc((size_t)p->npoints + 1, sizeof *p->set_start);
        len = mc_xcalloc((size_t)(p->npoints ? p->npoints : 1), sizeof *len);
    }
    McSparse s;
    mc_sparse_init(&s, nv);
    p->max = 0;
    p->max_block = MC_NONE;
    p->max_at = -1;
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        mc_sparse_clear(&s);
        McValList out = mc_live_out(lv, b);
        for (int32_t i = 0; i < out.n; i++) mc_sparse_add(&s, out.v[i]);
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) && scalar_val(f, bl->term.arg.v))
            mc_sparse_add(&s, bl->term.arg.v);
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            const McInst *in = &bl->insts[i];
            int32_t pt = p->first[b] + 1 + i;
            bool def = in->dest != MC_NONE && scalar_val(f, in->dest);
            p->pressure[pt] = s.n + (def && !mc_sparse_has(&s, in->dest));
            if (with_sets) {
                record(p, &o, pt, &s);
                len[pt] = s.n;
            }
            if (def) mc_sparse_del(&s, in->dest);
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments are uses */
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k]) && scalar_val(f, ops[k].v)) mc_sparse_add(&s, ops[k].v);
        }
        int32_t top = p->first[b];
        McValList in = mc_live_in(lv, b);
        for (int32_t i = 0; i < in.n; i++) mc_sparse_add(&s, in.v[i]); /* (already there: live-in is read) */
        int32_t extra = 0;
        for (int32_t i = 0; i < bl->nphis; i++)
            if (scalar_val(f, bl->phis[i].dest) && !mc_sparse_has(&s, bl->phis[i].dest)) extra++;
        p->pressure[top] = s.n + extra;
        if (with_sets) {
            record(p, &o, top, &s);
            len[top] = s.n;
        }
        p->block_max[b] = p->pressure[top];
        p->block_max_at[b] = -1;
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (p->pressure[top + 1 + i] > p->block_max[b]) {
                p->block_max[b] = p->pressure[top + 1 + i];
                p->block_max_at[b] = i;
            }
        if (p->max_block == MC_NONE || p->block_max[b] > p->max) {
            p->max = p->block_max[b];
            p->max_block = b;
            p->max_at = p->block_max_at[b];
        }
    }
    mc_sparse_free(&s);
    if (with_sets) {
        /* sets were recorded backwards within each block: lay them out in point order */
        int32_t *vals = mc_xmalloc((o.n ? o.n : 1) * sizeof *vals);
        int32_t *start = mc_xmalloc(((size_t)p->npoints + 1) * sizeof *start);
        int32_t at = 0;
        for (int32_t pt = 0; pt < p->npoints; pt++) {
            start[pt] = at;
            memcpy(vals + at, o.vals + p->set_start[pt], (size_t)len[pt] * sizeof *vals);
            at += len[pt];
        }
        start[p->npoints] = at;
        free(p->set_start);
        free(o.vals);
        free(len);
        p->set_start = start;
        p->vals = vals;
    }
    return p;
}

McValList mc_points_live(const McPoints *p, int32_t b, int32_t at) {
    MC_ASSERT(p->set_start && b >= 0 && b < p->nblocks);
    int32_t pt = p->first[b] + 1 + at;
    return (McValList){p->vals + p->set_start[pt], p->set_start[pt + 1] - p->set_start[pt]};
}

int32_t mc_points_pressure(const McPoints *p, int32_t b, int32_t at) { return p->pressure[p->first[b] + 1 + at]; }

void mc_points_free(McPoints *p) {
    if (!p) return;
    free(p->first);
    free(p->set_start);
    free(p->vals);
    free(p->pressure);
    free(p->block_max);
    free(p->block_max_at);
    free(p);
}

int32_t mc_max_live(const McFunc *f) {
    McLiveness *lv = mc_liveness_all(f, NULL);
    McPoints *p = mc_live_points(f, lv, false);
    int32_t m = p->max;
    mc_points_free(p);
    mc_liveness_free(lv);
    return m;
}
