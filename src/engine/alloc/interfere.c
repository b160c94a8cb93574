/* interfere.c - the interference graph of a function after phi destruction
 * (chapter §32.3).
 *
 * Two live values need different locations. Block liveness
 * (mc_liveness_out in live.c: mc_liveness_all's sets over every block as the
 * chapter computes them, live-out only, and live-in of the entry) gives
 * live_out; each block is then
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
 * coalescer may remove.
 *
 * Size. A first scan finds the nodes and moves and counts the pairs the
 * edge scan would connect (duplicates included): what the caller's limit
 * is about (mc_interference_limited). While the count stays small enough
 * for adjacency rows (at most 16M pairs, below the limit and below the
 * matrix's size), the same scan stores the pairs, so a function takes one
 * scan, not two; past that it only counts, and a graph over the limit is
 * refused without having stored more. The edges are stored in one of two forms
 * with the same answers: adjacency rows built from a pair list (memory
 * proportional to the pairs), or, when that would take more memory than a
 * bit matrix over the values, the matrix (a function with 5,000 parameters
 * live at once has 25 million edges: 200 MB of rows, 12.5 MB of bits). The
 * matrix is filled a row at a time - at a definition d, row d |= the live
 * set, a word at a time - and made symmetric afterwards with 64 x 64 block
 * transposes, so building it costs O(definitions x values / 64), not
 * O(edges). */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "igraph.h"
#include "regalloc_test.h"

/* Graph under construction: the pairs the scan connects, duplicates
 * included, appended to fixed-size chunks (nothing is copied as they grow)
 * as groups (x, n, y1 .. yn), the pairs (x, y1) .. (x, yn): a definition is
 * paired with the whole live set at once, so a group is one header and the
 * live values back to back. finish() turns the pairs into sorted,
 * duplicate-free adjacency rows stored back to back in one block. No hash
 * set and no per-node vectors: the rows are built with two counting sorts,
 * so the cost is linear in the number of pairs and the memory is read and
 * written in order, which keeps large graphs (hundreds of thousands of
 * nodes) out of the cache-miss regime a hash table of edges falls into. */
#define CHUNK_INTS (1 << 16)

/* A graph as this file allocates it: the public part, then the block that
 * holds every adjacency row (what mc_igraph_free frees them by). */
typedef struct Graph {
    McIGraph g;         /* first: a McIGraph from here is a Graph */
    int32_t *adj_store; /* every adj row, back to back */
} Graph;

static Graph *graph_of(McIGraph *g) { return (Graph *)(void *)g; }

typedef struct Builder {
    McIGraph *g;
    const McFunc *f;
    const bool *sc;           /* sc[v]: v is a scalar (i32), a dense copy of the values' kinds */
    int32_t **chunk;          /* groups (x, n, y1 .. yn) */
    int32_t *chunk_used;      /* ints used in each chunk (the last one's: used) */
    int32_t nchunk, capchunk;
    int32_t used;             /* ints used in the last chunk */
    size_t nhalf;             /* half-edges stored: twice the pairs */
} Builder;

static void ensure(Builder *b, int32_t v) {
    if (!b->sc[v] || b->g->node[v]) return;
    b->g->node[v] = true;
    b->g->nnodes++;
}

static void store_free(Builder *b) {
    for (int32_t c = 0; c < b->nchunk; c++) free(b->chunk[c]);
    free(b->chunk);
    free(b->chunk_used);
    b->chunk = NULL;
    b->chunk_used = NULL;
    b->nchunk = b->capchunk = b->used = 0;
    b->nhalf = 0;
}

/* Pair x with every ys[i] other than `skip` (a group per chunk it spans). */
static void store_group(Builder *b, int32_t x, const int32_t *ys, int32_t n, int32_t skip) {
    int32_t i = 0;
    while (i < n) {
        if (b->nchunk == 0 || CHUNK_INTS - b->used < 3) {
            if (b->nchunk == b->capchunk) { /* two arrays, one capacity */
                b->capchunk = mc_grow_cap((size_t)b->capchunk, (size_t)b->nchunk + 1, 16);
                b->chunk = mc_xrealloc(b->chunk, (size_t)b->capchunk * sizeof *b->chunk);
                b->chunk_used = mc_xrealloc(b->chunk_used, (size_t)b->capchunk * sizeof *b->chunk_used);
            }
            if (b->nchunk > 0) b->chunk_used[b->nchunk - 1] = b->used;
            b->chunk[b->nchunk++] = mc_xmalloc(CHUNK_INTS * sizeof **b->chunk);
            b->used = 0;
        }
        int32_t *head = b->chunk[b->nchunk - 1] + b->used, *put = head + 2, *end = head + (CHUNK_INTS - b->used);
        for (; i < n && put < end; i++)
            if (ys[i] != skip) *put++ = ys[i];
        int32_t m = (int32_t)(put - head - 2);
        if (m > 0) {
            head[0] = x;
            head[1] = m;
            b->used += m + 2;
            b->nhalf += 2 * (size_t)m;
        }
    }
}

/* Rows from the stored pairs. Each pair gives two half-edges (from, to).
 * First they are bucketed by `to`; walking the buckets in increasing `to`
 * and appending `to` to row `from` then fills every row in ascending order,
 * so a duplicate is always the entry just written (last[from] == to) and is
 * dropped there. Each endpoint of a pair is a `from` once and a `to` once,
 * so the buckets by `to` and the rows by `from` have the same offsets
 * (start). The offsets are 32-bit when the half-edges allow (half the cache
 * lines of the random accesses), else 64-bit: the same code for both. */
#define FINISH_ROWS(NAME, OFF)                                                                                   \
    static void NAME(Builder *b) {                                                                               \
        McIGraph *g = b->g;                                                                                      \
        int32_t n = g->nvalues;                                                                                  \
        size_t nh = b->nhalf;                                                                                    \
        OFF *start = mc_xcalloc((size_t)n + 1, sizeof *start);                                                   \
        for (int32_t c = 0; c < b->nchunk; c++) {                                                                \
            const int32_t *p = b->chunk[c], *end = p + (c == b->nchunk - 1 ? b->used : b->chunk_used[c]);        \
            while (p < end) {                                                                                    \
                int32_t x = p[0], m = p[1];                                                                      \
                start[x + 1] += (OFF)m;                                                                          \
                for (int32_t i = 0; i < m; i++) start[p[2 + i] + 1]++;                                           \
                p += 2 + m;                                                                                      \
            }                                                                                                    \
        }                                                                                                        \
        for (int32_t v = 0; v < n; v++) start[v + 1] += start[v];                                                \
        int32_t *from = mc_xmalloc((nh ? nh : 1) * sizeof *from);                                                \
        struct {                                                                                                 \
            OFF fill;                                                                                            \
            int32_t last;                                                                                        \
        } *row = mc_xmalloc((size_t)(n ? n : 1) * sizeof *row);                                                  \
        for (int32_t v = 0; v < n; v++) row[v].fill = start[v];                                                  \
        for (int32_t c = 0; c < b->nchunk; c++) {                                                                \
            const int32_t *p = b->chunk[c], *end = p + (c == b->nchunk - 1 ? b->used : b->chunk_used[c]);        \
            while (p < end) {                                                                                    \
                int32_t x = p[0], m = p[1];                                                                      \
                OFF fx = row[x].fill; /* x is none of its ys */                                                  \
                for (int32_t i = 0; i < m; i++) {                                                                \
                    int32_t y = p[2 + i];                                                                        \
                    from[row[y].fill++] = x;                                                                     \
                    from[fx++] = y;                                                                              \
                }                                                                                                \
                row[x].fill = fx;                                                                                \
                p += 2 + m;                                                                                      \
            }                                                                                                    \
        }                                                                                                        \
        store_free(b);                                                                                           \
        int32_t *rows = mc_xmalloc((nh ? nh : 1) * sizeof *rows);                                                \
        for (int32_t v = 0; v < n; v++) {                                                                        \
            row[v].fill = start[v];                                                                              \
            row[v].last = MC_NONE;                                                                               \
        }                                                                                                        \
        for (int32_t to = 0; to < n; to++)                                                                       \
            for (OFF k = start[to]; k < start[to + 1]; k++) {                                                    \
                int32_t x = from[k];                                                                             \
                if (row[x].last == to) continue; /* duplicate pair */                                            \
                row[x].last = to;                                                                                \
                rows[row[x].fill++] = to;                                                                        \
            }                                                                                                    \
        free(from);                                                                                              \
        /* Compact the rows (duplicates left gaps) into the final block. */                                      \
        size_t total = 0;                                                                                        \
        for (int32_t v = 0; v < n; v++) total += (size_t)(row[v].fill - start[v]);                               \
        int32_t *store = graph_of(g)->adj_store = mc_xmalloc((total ? total : 1) * sizeof *store);                \
        size_t at = 0;                                                                                           \
        for (int32_t v = 0; v < n; v++) {                                                                        \
            size_t d = (size_t)(row[v].fill - start[v]);                                                         \
            g->degree[v] = (int32_t)d;                                                                           \
            g->adj[v] = d ? store + at : NULL;                                                                   \
            if (d) memcpy(store + at, rows + start[v], d * sizeof *rows);                                        \
            at += d;                                                                                             \
        }                                                                                                        \
        g->nedges = (int64_t)(total / 2);                                                                        \
        free(rows);                                                                                              \
        free(start);                                                                                             \
        free(row);                                                                                               \
    }

FINISH_ROWS(finish32, uint32_t)
FINISH_ROWS(finish64, size_t)

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
    if (g->nmoves == *cap) { /* two arrays, one capacity */
        *cap = (int32_t)mc_grow_cap((size_t)*cap, (size_t)g->nmoves + 1, 16);
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

/* ---- the dense form ---------------------------------------------------------- */

/* Transpose a 64 x 64 bit block in place: bit j of a[i] moves to bit i of
 * a[j] (the swap-halves method, six rounds). */
static void transpose64(uint64_t a[64]) {
    uint64_t m = 0x00000000FFFFFFFFULL;
    for (int j = 32; j; j >>= 1, m ^= m << j)
        for (int k = 0; k < 64; k = ((k | j) + 1) & ~j) {
            uint64_t t = ((a[k] >> j) ^ a[k | j]) & m;
            a[k] ^= t << j;
            a[k | j] ^= t;
        }
}

/* M |= M^T over the whole matrix, one pair of 64 x 64 blocks at a time. */
static void symmetrize(uint64_t *bits, int32_t words) {
    uint64_t a[64], b[64];
    for (int32_t bi = 0; bi < words; bi++)
        for (int32_t bj = bi; bj < words; bj++) {
            for (int r = 0; r < 64; r++) {
                a[r] = bits[((size_t)bi * 64 + (size_t)r) * (size_t)words + (size_t)bj];
                b[r] = bits[((size_t)bj * 64 + (size_t)r) * (size_t)words + (size_t)bi];
            }
            transpose64(b);
            for (int r = 0; r < 64; r++) a[r] |= b[r];
            for (int r = 0; r < 64; r++) bits[((size_t)bi * 64 + (size_t)r) * (size_t)words + (size_t)bj] = a[r];
            transpose64(a);
            for (int r = 0; r < 64; r++) bits[((size_t)bj * 64 + (size_t)r) * (size_t)words + (size_t)bi] = a[r];
        }
}

/* ---- the scan ------------------------------------------------------------------ */

/* SCAN_COUNT finds the nodes and the moves and counts the pairs the edge
 * scan connects (duplicates included: an upper bound on the edges, and what
 * the limit is about). While the count stays within what adjacency rows
 * may be built from (below the limit, below the size at which the bit
 * matrix is chosen, and at most STORE_CAP pairs, so that a refused graph
 * stays cheap), the same scan stores the pairs too, and the rows are built
 * from them; past that, it only counts, and SCAN_SPARSE or SCAN_DENSE adds
 * the edges in a second scan, to the pairs or to the bit matrix. */
enum { SCAN_COUNT, SCAN_SPARSE, SCAN_DENSE };

#define STORE_CAP ((int64_t)1 << 24)

typedef struct Scan {
    const McFunc *f;
    McIGraph *g;
    Builder *bld;
    const McLiveness *lv;
    McValList entry;
    bool improved;
    bool copy_exception; /* improved, unless copy-exception=off */
    bool param_edges;    /* the entry binding's pairwise edges (off: a planted bug) */
    const int32_t *loop_depth;
    int32_t movecap;
    int64_t pairs;     /* SCAN_COUNT */
    bool store;        /* SCAN_COUNT: storing the pairs as well */
    int64_t store_cap; /* stop storing past this many pairs */
    uint64_t *lbits;   /* SCAN_DENSE: the live set as bits */
} Scan;

/* SCAN_COUNT has just counted pairs: stop storing past the cap. */
static bool still_storing(Scan *s) {
    if (s->store && s->pairs > s->store_cap) {
        store_free(s->bld);
        s->store = false;
    }
    return s->store;
}

static void scan_live_add(Scan *s, Live *l, int32_t v) {
    if (l->pos[v] >= 0) return;
    live_add(l, v);
    if (s->lbits) s->lbits[v >> 6] |= (uint64_t)1 << (v & 63);
}

static void scan_live_del(Scan *s, Live *l, int32_t v) {
    if (l->pos[v] < 0) return;
    live_del(l, v);
    if (s->lbits) s->lbits[v >> 6] &= ~((uint64_t)1 << (v & 63));
}

/* Row v |= set, without v itself. */
static void dense_or(McIGraph *g, int32_t v, const uint64_t *set) {
    uint64_t *row = g->bits + (size_t)v * (size_t)g->words;
    for (int32_t w = 0; w < g->words; w++) row[w] |= set[w];
    row[v >> 6] &= ~((uint64_t)1 << (v & 63));
}

/* The values bound together on entry, pairwise. */
static void scan_entry(Scan *s, int mode) {
    const McFunc *f = s->f;
    int32_t n = 0;
    const int32_t *v;
    int32_t *scalars = NULL;
    if (!s->improved) {
        scalars = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *scalars);
        for (int32_t p = 0; p < f->nparams; p++)
            if (s->bld->sc[f->params[p]]) scalars[n++] = f->params[p];
        v = scalars;
    } else {
        n = s->entry.n;
        v = s->entry.v;
    }
    if (!s->param_edges) n = 0; /* param-edges=off: not connected (a planted bug); the nodes stay */
    if (mode == SCAN_COUNT) {
        if (!s->param_edges) {
            if (!s->improved)
                for (int32_t p = 0; p < f->nparams; p++) ensure(s->bld, f->params[p]);
            else
                for (int32_t i = 0; i < s->entry.n; i++) ensure(s->bld, s->entry.v[i]);
        }
        /* baseline: every scalar parameter, used or not; improved: only what
         * is live on entry is bound there */
        if (!s->improved)
            for (int32_t p = 0; p < f->nparams; p++) ensure(s->bld, f->params[p]);
        else
            for (int32_t i = 0; i < n; i++) ensure(s->bld, v[i]);
        s->pairs += (int64_t)n * (n - 1) / 2;
    }
    if (mode == SCAN_SPARSE || (mode == SCAN_COUNT && still_storing(s))) {
        /* scalars, every one a node already (the counting part) */
        for (int32_t i = 0; i < n; i++) store_group(s->bld, v[i], v + i + 1, n - i - 1, v[i]);
    } else if (mode == SCAN_DENSE && n > 1) {
        uint64_t *set = mc_xcalloc((size_t)s->g->words, sizeof *set);
        for (int32_t i = 0; i < n; i++) set[v[i] >> 6] |= (uint64_t)1 << (v[i] & 63);
        for (int32_t i = 0; i < n; i++) dense_or(s->g, v[i], set);
        free(set);
    }
    free(scalars);
}

static void scan(Scan *s, int mode) {
    const McFunc *f = s->f;
    McIGraph *g = s->g;
    const bool *sc = s->bld->sc;
    int32_t nv = f->nvalues;
    scan_entry(s, mode);
    if (mode == SCAN_DENSE) s->lbits = mc_xcalloc((size_t)g->words, sizeof *s->lbits);
    Live live = {mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), mc_xmalloc((size_t)(nv ? nv : 1) * sizeof(int32_t)), 0};
    for (int32_t v = 0; v < nv; v++) live.pos[v] = -1;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
#if defined(__GNUC__)
        /* the instructions two blocks on, read backwards when we get there */
        if (b + 2 < f->nblocks) {
            const McBlock *ahead = &f->blocks[b + 2];
            const char *p = (const char *)ahead->insts;
            size_t bytes = (size_t)ahead->ninsts * sizeof *ahead->insts;
            for (size_t off = 0; off < bytes && off < 1024; off += 64) __builtin_prefetch(p + off);
        }
#endif
        live.n = 0;
        McValList out = mc_live_out(s->lv, b);
        for (int32_t i = 0; i < out.n; i++)
            if (sc[out.v[i]]) scan_live_add(s, &live, out.v[i]);
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) && sc[bl->term.arg.v])
            scan_live_add(s, &live, bl->term.arg.v);
        if (mode == SCAN_COUNT)
            for (int32_t i = 0; i < live.n; i++) ensure(s->bld, live.list[i]);
        double w = s->improved ? weight_of_depth(s->loop_depth ? s->loop_depth[b] : 0) : 1;
        for (int32_t k = bl->ninsts - 1; k >= 0; k--) {
            const McInst *in = &bl->insts[k];
            int nargs;
            const McOperand *ops = mc_inst_opnds(f, in, &nargs); /* a call's arguments too */
            if (in->dest != MC_NONE) {
                int32_t d = in->dest;
                int32_t except = MC_NONE;
                if (s->improved && in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && sc[in->a[0].v]) {
                    if (in->a[0].v != d && mode == SCAN_COUNT) add_move(g, &s->movecap, d, in->a[0].v, w);
                    if (s->copy_exception) except = in->a[0].v;
                }
                scan_live_del(s, &live, d);
                if (mode == SCAN_COUNT) {
                    ensure(s->bld, d);
                    if (sc[d]) {
                        s->pairs += live.n - (except != MC_NONE && live.pos[except] >= 0);
                        /* the live set holds scalars only (nodes already) and not d */
                        if (still_storing(s)) store_group(s->bld, d, live.list, live.n, except);
                    }
                } else if (mode == SCAN_SPARSE) {
                    if (sc[d]) store_group(s->bld, d, live.list, live.n, except);
                } else if (sc[d] && live.n > 0) {
                    /* keep an edge to `except` only if an earlier definition made it */
                    const uint64_t *row = mc_igraph_bitrow(g, d);
                    bool had = except != MC_NONE && mc_bit_test(row, except);
                    dense_or(g, d, s->lbits);
                    if (except != MC_NONE && !had) {
                        uint64_t *word = g->bits + (size_t)d * (size_t)g->words + (size_t)(except >> 6);
                        *word &= ~((uint64_t)1 << (except & 63));
                    }
                }
            }
            for (int a = 0; a < nargs; a++)
                if (mc_opnd_is_val(ops[a]) && sc[ops[a].v]) {
                    scan_live_add(s, &live, ops[a].v);
                    if (mode == SCAN_COUNT) ensure(s->bld, ops[a].v);
                }
        }
        for (int32_t i = 0; i < live.n; i++) {
            int32_t v = live.list[i];
            live.pos[v] = -1;
            if (s->lbits) s->lbits[v >> 6] &= ~((uint64_t)1 << (v & 63));
        }
    }
    free(live.pos);
    free(live.list);
    free(s->lbits);
    s->lbits = NULL;
}

McIGraph *mc_interference_limited(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                                  McDiags *d) {
    return mc_interference_form(f, which, loop_depth, limit, 0, d);
}

McIGraph *mc_interference_form(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                               int form, McDiags *d) {
    return mc_interference_opts(f, which, loop_depth, limit, form, NULL, d);
}

McIGraph *mc_interference_opts(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                               int form, const McAllocOptions *o, McDiags *d) {
    for (int32_t b = 0; b < f->nblocks; b++) MC_ASSERT(f->blocks[b].nphis == 0);
    int32_t nv = f->nvalues;
    McIGraph *g = &((Graph *)mc_xcalloc(1, sizeof(Graph)))->g;
    g->nvalues = nv;
    g->node = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->node);
    g->degree = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->degree);
    bool *sc = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *sc);
    for (int32_t v = 0; v < nv; v++) sc[v] = f->values[v].kind == MC_VAL_I32;
    Builder bld = {g, f, sc, NULL, NULL, 0, 0, 0, 0};
    /* The bit matrix when it takes less memory than the pair list would
     * (8 bytes a pair, three lists at the peak of finish()): from
     * max(65536, matrix / 8) pairs on (matrix / 8 = 64 words^2 exactly). */
    int32_t words = (nv + 63) / 64;
    double matrix = (double)words * 64.0 * (double)words * 8.0;
    int64_t dense_from = form == 2 ? 0 : form == 1 || form == 3 ? INT64_MAX : (int64_t)(matrix / 8.0);
    if (dense_from < 65536) dense_from = form == 2 ? 0 : 65536;

    McLiveness *lv = mc_liveness_out(f, NULL); /* live-out sets, and live-in of the entry */
    Scan s = {f, g, &bld, lv, f->nblocks > 0 ? mc_live_in(lv, 0) : (McValList){NULL, 0}, which == MC_ALLOC_IMPROVED,
              !(o && o->no_copy_exception), !(o && o->no_param_edges), loop_depth, 0, 0, false, 0, NULL};
    /* form 3 (tests): never store, always the second scan */
    s.store_cap = STORE_CAP;
    if (limit > 0 && limit < s.store_cap) s.store_cap = limit;
    if (dense_from - 1 < s.store_cap) s.store_cap = dense_from - 1;
    s.store = form != 3 && s.store_cap >= 0;
    g->entry_live = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->entry_live);
    for (int32_t i = 0; i < s.entry.n; i++) g->entry_live[s.entry.v[i]] = true;
    scan(&s, SCAN_COUNT);
    g->pairs = s.pairs;
    if (o && mc_interrupted(o->interrupt)) { /* the count is the first of two passes over the function */
        store_free(&bld);
        if (d) mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        mc_liveness_free(lv);
        free(sc);
        mc_igraph_free(g);
        return NULL;
    }
    if (limit > 0 && s.pairs > limit) {
        store_free(&bld);
        if (d)
            mc_diag(d, (McLoc){0, 0},
                    MC_ALLOC_TOO_LARGE ": %d nodes, %lld interferences (at most %lld; "
                    "$MINICC_MAX_INTERFERENCES raises the limit)",
                    (int)g->nnodes, (long long)s.pairs, (long long)limit);
        mc_liveness_free(lv);
        free(sc);
        mc_igraph_free(g);
        return NULL;
    }
    bool dense = form == 2 || (form != 1 && form != 3 && s.pairs >= 65536 && matrix <= 8.0 * (double)s.pairs);
    MC_ASSERT(dense == (s.pairs >= dense_from));
    if (dense) {
        MC_ASSERT(!s.store);
        g->words = words ? words : 1;
        g->bits = mc_xcalloc((size_t)g->words * 64 * (size_t)g->words, sizeof *g->bits);
        scan(&s, SCAN_DENSE);
        symmetrize(g->bits, g->words);
        int64_t total = 0;
        for (int32_t v = 0; v < nv; v++) {
            const uint64_t *row = mc_igraph_bitrow(g, v);
            int32_t dg = 0;
            for (int32_t w = 0; w < g->words; w++) dg += mc_popcount64(row[w]);
            g->degree[v] = dg;
            total += dg;
        }
        g->nedges = total / 2;
    } else {
        g->adj = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *g->adj);
        if (!s.store) scan(&s, SCAN_SPARSE); /* the counting scan stopped storing */
        MC_ASSERT(bld.nhalf == 2 * (size_t)s.pairs);
        /* form 3 (tests) takes the 64-bit offsets too */
        if (bld.nhalf < UINT32_MAX && form != 3)
            finish32(&bld);
        else
            finish64(&bld);
    }
    mc_liveness_free(lv);
    free(sc);
    return g;
}

bool mc_alloc_too_large(const char *msg) {
    return msg && strncmp(msg, MC_ALLOC_TOO_LARGE, strlen(MC_ALLOC_TOO_LARGE)) == 0;
}

McIGraph *mc_interference(const McFunc *f, McAllocator which, const int32_t *loop_depth) {
    return mc_interference_limited(f, which, loop_depth, 0, NULL);
}

int32_t mc_igraph_neighbours(const McIGraph *g, int32_t v, int32_t *out) {
    if (v < 0 || v >= g->nvalues) return 0;
    if (!g->bits) {
        if (g->degree[v]) memcpy(out, g->adj[v], (size_t)g->degree[v] * sizeof *out);
        return g->degree[v];
    }
    const uint64_t *row = mc_igraph_bitrow(g, v);
    int32_t n = 0;
    for (int32_t w = 0; w < g->words; w++)
        for (uint64_t x = row[w]; x; x &= x - 1) out[n++] = w * 64 + mc_ctz64(x);
    return n;
}

bool mc_igraph_has(const McIGraph *g, int32_t a, int32_t b) {
    if (a == b) return false;
    if (a < 0 || b < 0 || a >= g->nvalues || b >= g->nvalues) return false;
    if (g->bits) return mc_bit_test(mc_igraph_bitrow(g, a), b);
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
    free(graph_of(g)->adj_store);
    free(g->adj);
    free(g->bits);
    free(g->node);
    free(g->degree);
    free(g->moves);
    free(g->move_weight);
    free(g->entry_live);
    free(g);
}
