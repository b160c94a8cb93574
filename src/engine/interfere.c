/* interfere.c - the interference graph of a function after phi destruction
 * (chapter §32.3).
 *
 * Two live values need different locations. Block liveness (live.c, over
 * every block as the chapter computes it) gives live_out; each block is then
 * scanned backwards from live_out ∪ the terminator's operand: at a
 * definition d, d joins the graph, leaves the live set and is connected to
 * every value still live (live after d); then the instruction's operands
 * join the live set. Buffers are typed resources and never nodes.
 *
 * Parameters are installed together before the entry block, so they must not
 * clobber one another: the baseline (the chapter) connects every scalar
 * parameter to every other, used or not. The improved graph binds only the
 * parameters live on entry (pairwise connected); a dead parameter gets no
 * location unless it is assigned later. It also applies Chaitin's copy
 * exception: `d = copy s` does not make d interfere with s, since both hold
 * the same value there; if either is redefined while the other is live, that
 * later definition adds the edge. The copies become the moves that the
 * coalescer may remove. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

/* Open-addressing hash set of edges keyed (min << 32 | max). */
typedef struct McEdgeSet {
    uint64_t *keys; /* 0 = empty (no edge is (0,0): self edges are never stored) */
    size_t cap, count;
} McEdgeSet;

static uint64_t edge_key(int32_t a, int32_t b) {
    uint32_t lo = (uint32_t)(a < b ? a : b), hi = (uint32_t)(a < b ? b : a);
    return ((uint64_t)lo << 32) | hi;
}

static size_t edge_hash(uint64_t k, size_t mask) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdULL;
    k ^= k >> 33;
    return (size_t)k & mask;
}

static bool edgeset_insert(McEdgeSet *s, uint64_t k); /* true if new */

static void edgeset_grow(McEdgeSet *s) {
    McEdgeSet n = {mc_xcalloc(s->cap ? s->cap * 2 : 256, sizeof(uint64_t)), s->cap ? s->cap * 2 : 256, 0};
    for (size_t i = 0; i < s->cap; i++)
        if (s->keys[i]) edgeset_insert(&n, s->keys[i]);
    free(s->keys);
    *s = n;
}

static bool edgeset_insert(McEdgeSet *s, uint64_t k) {
    if ((s->count + 1) * 2 > s->cap) edgeset_grow(s);
    size_t mask = s->cap - 1;
    for (size_t i = edge_hash(k, mask);; i = (i + 1) & mask) {
        if (s->keys[i] == k) return false;
        if (s->keys[i] == 0) {
            s->keys[i] = k;
            s->count++;
            return true;
        }
    }
}

static bool edgeset_has(const McEdgeSet *s, uint64_t k) {
    if (!s->cap) return false;
    size_t mask = s->cap - 1;
    for (size_t i = edge_hash(k, mask);; i = (i + 1) & mask) {
        if (s->keys[i] == k) return true;
        if (s->keys[i] == 0) return false;
    }
}

/* Graph under construction: adjacency vectors grown with realloc. */
typedef struct Builder {
    McIGraph *g;
    const McFunc *f;
    int32_t *cap; /* capacity of adj[v] */
} Builder;

static bool is_scalar(const McFunc *f, int32_t v) { return f->values[v].kind == MC_VAL_I32; }

static void ensure(Builder *b, int32_t v) {
    if (!is_scalar(b->f, v) || b->g->node[v]) return;
    b->g->node[v] = true;
    b->g->nnodes++;
}

static void adj_push(Builder *b, int32_t v, int32_t w) {
    McIGraph *g = b->g;
    if (g->degree[v] == b->cap[v]) {
        b->cap[v] = b->cap[v] ? b->cap[v] * 2 : 4;
        g->adj[v] = mc_xrealloc(g->adj[v], (size_t)b->cap[v] * sizeof **g->adj);
    }
    g->adj[v][g->degree[v]++] = w;
}

static void connect(Builder *b, int32_t x, int32_t y) {
    if (x == y || !is_scalar(b->f, x) || !is_scalar(b->f, y)) return;
    ensure(b, x);
    ensure(b, y);
    if (!edgeset_insert(b->g->set, edge_key(x, y))) return;
    adj_push(b, x, y);
    adj_push(b, y, x);
    b->g->nedges++;
}

/* A live set: dense membership plus a list for iteration (sparse set). */
typedef struct Live {
    int32_t *pos;  /* pos[v]: index in list, or -1 */
    int32_t *list;
    int32_t n;
} Live;

static void live_add(Live *l, int32_t v) {
    if (l->pos[v] >= 0) return;
    l->pos[v] = l->n;
    l->list[l->n++] = v;
}

static void live_del(Live *l, int32_t v) {
    int32_t p = l->pos[v];
    if (p < 0) return;
    int32_t last = l->list[--l->n];
    l->list[p] = last;
    l->pos[last] = p;
    l->pos[v] = -1;
}


static void add_move(McIGraph *g, int32_t *cap, int32_t d, int32_t s, double w) {
    if (g->nmoves == *cap) {
        *cap = *cap ? *cap * 2 : 16;
        g->moves = mc_xrealloc(g->moves, (size_t)*cap * sizeof *g->moves);
        g->move_weight = mc_xrealloc(g->move_weight, (size_t)*cap * sizeof *g->move_weight);
    }
    g->moves[g->nmoves][0] = d;
    g->moves[g->nmoves][1] = s;
    g->move_weight[g->nmoves++] = w;
}

static double weight_of_depth(int32_t depth) {
    double w = 1;
    for (int32_t i = 0; i < depth && i < 9; i++) w *= 10;
    return w;
}

static int cmp_i32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

/* ---- sparse block liveness ---------------------------------------------------
 *
 * The chapter's equations over every block (unreachable ones too):
 *     live_in[b]  = use[b] ∪ (live_out[b] − def[b]),  live_out[b] = ⋃ live_in[s]
 * with each set a sorted array, so memory follows the sizes of the sets, not
 * blocks x values (a 100k-block chain holds a handful of values per block).
 * Worklist from the last block backwards; a changed live_in queues the
 * predecessors. The result is the least fixed point, the same as any other
 * order computes. */

typedef struct Set {
    int32_t *v;
    int32_t n;
} Set;

typedef struct Sparse {
    int32_t nblocks;
    Set *in;
} Sparse;

static int32_t *set_merge(const int32_t *a, int32_t na, const int32_t *b, int32_t nb, int32_t *n) {
    int32_t *r = mc_xmalloc((size_t)(na + nb ? na + nb : 1) * sizeof *r);
    int32_t i = 0, j = 0, k = 0;
    while (i < na || j < nb) {
        if (j >= nb || (i < na && a[i] < b[j]))
            r[k++] = a[i++];
        else if (i >= na || b[j] < a[i])
            r[k++] = b[j++];
        else
            r[k++] = a[i++], j++;
    }
    *n = k;
    return r;
}

/* live_out[b] as a new sorted array. */
static int32_t *live_out_of(const McFunc *f, const Sparse *sp, int32_t b, int32_t *n) {
    int32_t succ[2];
    int ns = mc_block_succs(&f->blocks[b], succ);
    int32_t *r = mc_xmalloc(sizeof *r);
    *n = 0;
    for (int k = 0; k < ns; k++) {
        if (k == 1 && succ[1] == succ[0]) break;
        int32_t m;
        int32_t *u = set_merge(r, *n, sp->in[succ[k]].v, sp->in[succ[k]].n, &m);
        free(r);
        r = u;
        *n = m;
    }
    return r;
}

static Sparse *sparse_liveness(const McFunc *f) {
    int32_t nb = f->nblocks, nv = f->nvalues;
    Sparse *sp = mc_xcalloc(1, sizeof *sp);
    sp->nblocks = nb;
    sp->in = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *sp->in);
    /* use[b] (sorted) and a def stamp per value */
    Set *use = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *use);
    int32_t *mark = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *mark);
    for (int32_t v = 0; v < nv; v++) mark[v] = -1;
    int32_t *tmp = NULL, cap = 0;
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        int32_t n = 0;
        /* mark[v] = 2b: defined in b before any use; 2b+1: used first */
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            McOperand ops[3];
            int nops = 0;
            int32_t dest = MC_NONE;
            if (i < bl->ninsts) {
                const McInst *in = &bl->insts[i];
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) ops[nops++] = in->a[k];
                dest = in->dest;
            } else if (bl->has_term && bl->term.op != MC_OP_JUMP)
                ops[nops++] = bl->term.arg;
            for (int k = 0; k < nops; k++) {
                if (!mc_opnd_is_val(ops[k]) || f->values[ops[k].v].kind != MC_VAL_I32) continue;
                int32_t v = ops[k].v;
                if (mark[v] == 2 * b || mark[v] == 2 * b + 1) continue;
                mark[v] = 2 * b + 1;
                if (n == cap) {
                    cap = cap ? cap * 2 : 16;
                    tmp = mc_xrealloc(tmp, (size_t)cap * sizeof *tmp);
                }
                tmp[n++] = v;
            }
            if (dest != MC_NONE && mark[dest] != 2 * b + 1) mark[dest] = 2 * b;
        }
        use[b].v = mc_xmalloc((size_t)(n ? n : 1) * sizeof *use[b].v);
        sp->in[b].v = mc_xmalloc((size_t)(n ? n : 1) * sizeof *tmp);
        if (n > 0) {
            qsort(tmp, (size_t)n, sizeof *tmp, cmp_i32);
            memcpy(use[b].v, tmp, (size_t)n * sizeof *tmp);
            memcpy(sp->in[b].v, tmp, (size_t)n * sizeof *tmp);
        }
        use[b].n = n;
        sp->in[b].n = n;
    }
    free(tmp);
    /* predecessors */
    int32_t *pstart = mc_xcalloc((size_t)nb + 1, sizeof *pstart);
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (k == 0 || succ[1] != succ[0]) pstart[succ[k] + 1]++;
    }
    for (int32_t b = 0; b < nb; b++) pstart[b + 1] += pstart[b];
    int32_t *plist = mc_xmalloc((size_t)(pstart[nb] ? pstart[nb] : 1) * sizeof *plist);
    int32_t *fill = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *fill);
    memcpy(fill, pstart, (size_t)nb * sizeof *fill);
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (k == 0 || succ[1] != succ[0]) plist[fill[succ[k]]++] = b;
    }
    free(fill);
    /* def stamps again, per block, for the filter (mark[v] == 2b: defined
     * in b, so not live on entry unless used first) */
    int32_t *work = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *work);
    bool *queued = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *queued);
    int32_t nwork = 0;
    for (int32_t b = 0; b < nb; b++) work[nwork++] = b, queued[b] = true; /* pops the last block first */
    int32_t *defd = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *defd);
    for (int32_t v = 0; v < nv; v++) defd[v] = -1;
    while (nwork > 0) {
        int32_t b = work[--nwork];
        queued[b] = false;
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].dest != MC_NONE) defd[bl->insts[i].dest] = b;
        int32_t no, k = 0;
        int32_t *out = live_out_of(f, sp, b, &no);
        for (int32_t i = 0; i < no; i++)
            if (defd[out[i]] != b) out[k++] = out[i];
        int32_t nin;
        int32_t *in = set_merge(use[b].v, use[b].n, out, k, &nin);
        free(out);
        if (nin == sp->in[b].n) { /* in only grows: same size means same set */
            free(in);
            continue;
        }
        free(sp->in[b].v);
        sp->in[b].v = in;
        sp->in[b].n = nin;
        for (int32_t p = pstart[b]; p < pstart[b + 1]; p++)
            if (!queued[plist[p]]) {
                queued[plist[p]] = true;
                work[nwork++] = plist[p];
            }
    }
    for (int32_t b = 0; b < nb; b++) free(use[b].v);
    free(use);
    free(mark);
    free(defd);
    free(work);
    free(queued);
    free(pstart);
    free(plist);
    return sp;
}

static void sparse_free(Sparse *sp) {
    for (int32_t b = 0; b < sp->nblocks; b++) free(sp->in[b].v);
    free(sp->in);
    free(sp);
}

McIGraph *mc_interference(const McFunc *f, McAllocator which, const int32_t *loop_depth) {
    for (int32_t b = 0; b < f->nblocks; b++) MC_ASSERT(f->blocks[b].nphis == 0);
    int32_t nv = f->nvalues;
    McIGraph *g = mc_xcalloc(1, sizeof *g);
    g->nvalues = nv;
    g->node = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->node);
    g->adj = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->adj);
    g->degree = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->degree);
    g->set = mc_xcalloc(1, sizeof *g->set);
    Builder bld = {g, f, mc_xcalloc((size_t)(nv ? nv : 1), sizeof(int32_t))};
    int32_t movecap = 0;
    bool improved = which == MC_ALLOC_IMPROVED;

    Sparse *lv = sparse_liveness(f);

    if (!improved) {
        /* Every scalar parameter, used or not, pairwise. */
        for (int32_t p = 0; p < f->nparams; p++) ensure(&bld, f->params[p]);
        for (int32_t p = 0; p < f->nparams; p++)
            for (int32_t q = p + 1; q < f->nparams; q++) connect(&bld, f->params[p], f->params[q]);
    } else if (f->nblocks > 0) {
        /* Only what is live on entry is bound there; bound together. */
        const Set *in = &lv->in[0];
        for (int32_t i = 0; i < in->n; i++) {
            ensure(&bld, in->v[i]);
            for (int32_t j = i + 1; j < in->n; j++) connect(&bld, in->v[i], in->v[j]);
        }
    }
    g->entry_live = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->entry_live);
    if (f->nblocks > 0)
        for (int32_t i = 0; i < lv->in[0].n; i++) g->entry_live[lv->in[0].v[i]] = true;

    Live live = {mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), 0};
    for (int32_t v = 0; v < nv; v++) live.pos[v] = -1;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        live.n = 0;
        int32_t nout;
        int32_t *out = live_out_of(f, lv, b, &nout);
        for (int32_t i = 0; i < nout; i++)
            if (is_scalar(f, out[i])) live_add(&live, out[i]);
        free(out);
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) && is_scalar(f, bl->term.arg.v))
            live_add(&live, bl->term.arg.v);
        for (int32_t i = 0; i < live.n; i++) ensure(&bld, live.list[i]);
        double w = improved ? weight_of_depth(loop_depth ? loop_depth[b] : 0) : 1;
        for (int32_t k = bl->ninsts - 1; k >= 0; k--) {
            const McInst *in = &bl->insts[k];
            int nargs = mc_op_info[in->op].nargs;
            if (in->dest != MC_NONE) {
                int32_t d = in->dest;
                int32_t except = MC_NONE;
                if (improved && in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && is_scalar(f, in->a[0].v)) {
                    except = in->a[0].v;
                    if (except != d) add_move(g, &movecap, d, except, w);
                }
                ensure(&bld, d);
                live_del(&live, d);
                for (int32_t i = 0; i < live.n; i++)
                    if (live.list[i] != except) connect(&bld, d, live.list[i]);
            }
            for (int a = 0; a < nargs; a++)
                if (mc_opnd_is_val(in->a[a]) && is_scalar(f, in->a[a].v)) {
                    live_add(&live, in->a[a].v);
                    ensure(&bld, in->a[a].v);
                }
        }
        for (int32_t i = 0; i < live.n; i++) live.pos[live.list[i]] = -1;
    }
    free(live.pos);
    free(live.list);
    free(bld.cap);
    sparse_free(lv);
    for (int32_t v = 0; v < nv; v++)
        if (g->degree[v] > 1) qsort(g->adj[v], (size_t)g->degree[v], sizeof **g->adj, cmp_i32);
    return g;
}

bool mc_igraph_has(const McIGraph *g, int32_t a, int32_t b) {
    if (a == b) return false;
    return edgeset_has(g->set, edge_key(a, b));
}

void mc_igraph_free(McIGraph *g) {
    if (!g) return;
    for (int32_t v = 0; v < g->nvalues; v++) free(g->adj[v]);
    free(g->adj);
    free(g->node);
    free(g->degree);
    free(g->moves);
    free(g->move_weight);
    free(g->entry_live);
    if (g->set) free(g->set->keys);
    free(g->set);
    free(g);
}
