/* interfere.c - the interference graph of a function after phi destruction
 * (chapter §32.3).
 *
 * Two live values need different locations. Block liveness
 * (mc_liveness_all in live.c: over every block as the chapter computes it,
 * sparse sets) gives live_out; each block is then
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

/* Graph under construction: every connect() call appends the pair to one
 * flat list, duplicates included; finish() turns the list into sorted,
 * duplicate-free adjacency rows stored back to back in one block. No hash
 * set and no per-node vectors: the rows are built with two counting sorts,
 * so the cost is linear in the number of pairs and the memory is read and
 * written in order, which keeps large graphs (hundreds of thousands of
 * nodes) out of the cache-miss regime a hash table of edges falls into. */
typedef struct Builder {
    McIGraph *g;
    const McFunc *f;
    int32_t *pairs; /* x0 y0 x1 y1 ... */
    size_t npairs, cap; /* in pairs */
} Builder;

static bool is_scalar(const McFunc *f, int32_t v) { return f->values[v].kind == MC_VAL_I32; }

static void ensure(Builder *b, int32_t v) {
    if (!is_scalar(b->f, v) || b->g->node[v]) return;
    b->g->node[v] = true;
    b->g->nnodes++;
}

static void connect(Builder *b, int32_t x, int32_t y) {
    if (x == y || !is_scalar(b->f, x) || !is_scalar(b->f, y)) return;
    ensure(b, x);
    ensure(b, y);
    if (b->npairs == b->cap) {
        b->cap = b->cap ? b->cap * 2 : 1024;
        b->pairs = mc_xrealloc(b->pairs, b->cap * 2 * sizeof *b->pairs);
    }
    b->pairs[2 * b->npairs] = x;
    b->pairs[2 * b->npairs + 1] = y;
    b->npairs++;
}

/* Rows from the pair list. Each pair gives two half-edges (from, to).
 * First they are bucketed by `to`; walking the buckets in increasing `to`
 * and appending `to` to row `from` then fills every row in ascending order,
 * so a duplicate is always the entry just written and is dropped there. */
static void finish(Builder *b) {
    McIGraph *g = b->g;
    int32_t n = g->nvalues;
    size_t nh = 2 * b->npairs;
    size_t *tstart = mc_xcalloc((size_t)n + 1, sizeof *tstart);
    size_t *rstart = mc_xcalloc((size_t)n + 1, sizeof *rstart);
    for (size_t i = 0; i < nh; i++) {
        tstart[b->pairs[i] + 1]++; /* as `to` */
        rstart[b->pairs[i] + 1]++; /* as `from`: each endpoint is both once */
    }
    for (int32_t v = 0; v < n; v++) tstart[v + 1] += tstart[v], rstart[v + 1] += rstart[v];
    int32_t *from = mc_xmalloc((nh ? nh : 1) * sizeof *from);
    size_t *fill = mc_xmalloc((size_t)(n ? n : 1) * sizeof *fill);
    memcpy(fill, tstart, (size_t)n * sizeof *fill);
    for (size_t i = 0; i < nh; i += 2) {
        int32_t x = b->pairs[i], y = b->pairs[i + 1];
        from[fill[y]++] = x;
        from[fill[x]++] = y;
    }
    free(b->pairs);
    b->pairs = NULL;
    int32_t *rows = mc_xmalloc((nh ? nh : 1) * sizeof *rows);
    memcpy(fill, rstart, (size_t)n * sizeof *fill);
    for (int32_t to = 0; to < n; to++)
        for (size_t k = tstart[to]; k < tstart[to + 1]; k++) {
            int32_t x = from[k];
            if (fill[x] > rstart[x] && rows[fill[x] - 1] == to) continue; /* duplicate pair */
            rows[fill[x]++] = to;
        }
    free(from);
    free(tstart);
    /* Compact the rows (duplicates left gaps) into the final block. */
    size_t total = 0;
    for (int32_t v = 0; v < n; v++) total += fill[v] - rstart[v];
    g->adj_store = mc_xmalloc((total ? total : 1) * sizeof *g->adj_store);
    size_t at = 0;
    for (int32_t v = 0; v < n; v++) {
        size_t d = fill[v] - rstart[v];
        g->degree[v] = (int32_t)d;
        g->adj[v] = d ? g->adj_store + at : NULL;
        if (d) memcpy(g->adj_store + at, rows + rstart[v], d * sizeof *rows);
        at += d;
    }
    g->nedges = (int64_t)(total / 2);
    free(rows);
    free(rstart);
    free(fill);
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

McIGraph *mc_interference(const McFunc *f, McAllocator which, const int32_t *loop_depth) {
    for (int32_t b = 0; b < f->nblocks; b++) MC_ASSERT(f->blocks[b].nphis == 0);
    int32_t nv = f->nvalues;
    McIGraph *g = mc_xcalloc(1, sizeof *g);
    g->nvalues = nv;
    g->node = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->node);
    g->adj = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->adj);
    g->degree = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->degree);
    Builder bld = {g, f, NULL, 0, 0};
    int32_t movecap = 0;
    bool improved = which == MC_ALLOC_IMPROVED;

    McLiveness *lv = mc_liveness_all(f, NULL);
    McValList entry = f->nblocks > 0 ? mc_live_in(lv, 0) : (McValList){NULL, 0};

    if (!improved) {
        /* Every scalar parameter, used or not, pairwise. */
        for (int32_t p = 0; p < f->nparams; p++) ensure(&bld, f->params[p]);
        for (int32_t p = 0; p < f->nparams; p++)
            for (int32_t q = p + 1; q < f->nparams; q++) connect(&bld, f->params[p], f->params[q]);
    } else if (f->nblocks > 0) {
        /* Only what is live on entry is bound there; bound together. */
        for (int32_t i = 0; i < entry.n; i++) {
            ensure(&bld, entry.v[i]);
            for (int32_t j = i + 1; j < entry.n; j++) connect(&bld, entry.v[i], entry.v[j]);
        }
    }
    g->entry_live = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->entry_live);
    for (int32_t i = 0; i < entry.n; i++) g->entry_live[entry.v[i]] = true;

    Live live = {mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), 0};
    for (int32_t v = 0; v < nv; v++) live.pos[v] = -1;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        live.n = 0;
        McValList out = mc_live_out(lv, b);
        for (int32_t i = 0; i < out.n; i++)
            if (is_scalar(f, out.v[i])) live_add(&live, out.v[i]);
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
    finish(&bld);
    mc_liveness_free(lv);
    return g;
}

bool mc_igraph_has(const McIGraph *g, int32_t a, int32_t b) {
    if (a == b) return false;
    if (a < 0 || b < 0 || a >= g->nvalues || b >= g->nvalues) return false;
    /* binary search in the shorter row */
    if (g->degree[a] > g->degree[b]) {
        int32_t t = a;
        a = b;
        b = t;
    }
    const int32_t *row = g->adj[a];
    int32_t lo = 0, hi = g->degree[a];
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (row[mid] < b)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->degree[a] && row[lo] == b;
}

void mc_igraph_free(McIGraph *g) {
    if (!g) return;
    free(g->adj_store);
    free(g->adj);
    free(g->node);
    free(g->degree);
    free(g->moves);
    free(g->move_weight);
    free(g->entry_live);
    free(g);
}
