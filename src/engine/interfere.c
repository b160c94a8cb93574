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

#include "minicc/cfg.h"
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

static int cmp_i32(const void *a, const void *b) {
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
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

    McCfg *cfg = mc_cfg_build(f);
    McLiveness *lv = mc_liveness_all(f, cfg);

    if (!improved) {
        /* Every scalar parameter, used or not, pairwise. */
        for (int32_t p = 0; p < f->nparams; p++) ensure(&bld, f->params[p]);
        for (int32_t p = 0; p < f->nparams; p++)
            for (int32_t q = p + 1; q < f->nparams; q++) connect(&bld, f->params[p], f->params[q]);
    } else if (f->nblocks > 0) {
        /* Only what is live on entry is bound there; bound together. */
        const McBitset *in = &lv->live_in[0];
        for (int32_t v = mc_bs_next(in, 0); v >= 0; v = mc_bs_next(in, v + 1)) {
            ensure(&bld, v);
            for (int32_t w = mc_bs_next(in, v + 1); w >= 0; w = mc_bs_next(in, w + 1)) connect(&bld, v, w);
        }
    }

    Live live = {mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), 0};
    for (int32_t v = 0; v < nv; v++) live.pos[v] = -1;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        live.n = 0;
        const McBitset *out = &lv->live_out[b];
        for (int32_t v = mc_bs_next(out, 0); v >= 0; v = mc_bs_next(out, v + 1))
            if (is_scalar(f, v)) live_add(&live, v);
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
    mc_liveness_free(lv);
    mc_cfg_free(cfg);
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
    if (g->set) free(g->set->keys);
    free(g->set);
    free(g);
}
