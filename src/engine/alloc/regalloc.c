/* regalloc.c - register allocation by graph colouring (chapter §32.3), two
 * ways behind one call, mc_allocate.
 *
 * baseline (the chapter, reproducible to the number): colour the nodes
 * greedily in descending degree order, ties broken by name in byte order
 * (strcmp); each takes the lowest register no coloured neighbour holds, or a
 * fresh spill slot when all K are taken. No coalescing, no slot reuse.
 *
 * improved (Chaitin-Briggs):
 *   1. spill cost of every value: its uses and definitions, each weighted by
 *      the block's estimated frequency (10^loop depth x the probability of
 *      reaching it, branches splitting evenly), plus one write for a bound
 *      parameter;
 *   2. conservative coalescing of copy-related values (heaviest moves first):
 *      merge a and b when they do not interfere and either Briggs' test (the
 *      merged node has fewer than K neighbours of significant degree) or
 *      George's test (every neighbour of b already interferes with a or has
 *      insignificant degree) says colourability cannot suffer, sweeping the
 *      moves until a sweep merges nothing (a turned-down move is retested
 *      only when a merge changed what its tests read: see colour_improved);
 *   3. simplify: remove nodes of degree < K onto a stack; when none is left,
 *      push the node with the least spill metric optimistically (tried with
 *      cost/degree, cost/degree^2 and cost; the cheapest result is kept);
 *   4. select: pop, giving each node a register no coloured neighbour holds,
 *      preferring the register of a copy partner (biased colouring); a node
 *      with no free register is spilled; then a recolouring pass un-spills a
 *      node when its neighbours of one colour can all move elsewhere, or cost
 *      less than it (they are spilled instead);
 *   5. spill-slot colouring: spilled nodes that do not interfere share slots
 *      (again preferring a copy partner's slot);
 *   6. copies whose source and destination now share a location are deleted
 *      from the function the machine runs.
 * Steps 2-5 run three times - with coalescing, without, and with the
 * chapter's degree order for select - and the variant with the least
 * estimated spill traffic (step 1's weights over the final code) wins:
 * coalescing merges live ranges, which sometimes makes spilling dearer.
 * (When coalescing merges nothing, the variant without it would repeat the
 * same work to the same result and is skipped.)
 * The teaching machine takes slot operands directly, so a spilled value needs
 * no spill code and no rebuild: it simply lives in its slot.
 *
 * The switches (McAllocOptions, regalloc.h) turn each technique off or
 * change it: coalesce off/aggressive (no Briggs/George test), no bias (no
 * partners), no recolouring, no slot sharing, one spill metric or the
 * chapter's order, one variant. With a trace (McAllocTrace) every decision is
 * appended as an event, tagged with the variant and metric it belongs to,
 * in either form of the graph.
 *
 * Either way the result is checked: no two interfering values share a
 * location (an internal error otherwise).
 *
 * Dense graphs (interfere.c keeps them as a bit matrix) take the same
 * decisions in the same order: rows are read in ascending order from the
 * matrix and then the entries merges appended, exactly the order of the
 * adjacency rows; where a step only asks "does a neighbour hold register
 * r?" it ANDs v's row with the set of r's holders (K <= 64), and simplify
 * skips the neighbours already removed, so the work on a graph where
 * thousands of values are live at once is a few passes over its edges, not
 * dozens. tests/unit/test_regalloc.c compares both forms allocation for
 * allocation. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "alloc2.h"
#include "igraph.h"
#include "regalloc_test.h"

/* ---- names -------------------------------------------------------------------- */

static const char *const allocator_names[MC_ALLOC_COUNT] = {"improved", "baseline", "linear", "ssa"};

const char *mc_allocator_name(McAllocator a) {
    MC_ASSERT(a >= 0 && a < MC_ALLOC_COUNT);
    return allocator_names[a];
}

int mc_allocator_lookup(const char *name) {
    for (int a = 0; a < MC_ALLOC_COUNT; a++)
        if (strcmp(allocator_names[a], name) == 0) return a;
    return -1;
}

/* IG_FOR(g, v, t, BODY): BODY once for every neighbour t of v in graph g,
 * ascending, in either form. `continue` in BODY goes on to the next t;
 * BODY must not `break`. */
#define IG_FOR(g, v, t, ...)                                                                                  \
    do {                                                                                                      \
        if ((g)->bits) {                                                                                      \
            const uint64_t *r_##t = mc_igraph_bitrow((g), (v));                                               \
            for (int32_t w_##t = 0; w_##t < (g)->words; w_##t++)                                              \
                for (uint64_t x_##t = r_##t[w_##t]; x_##t; x_##t &= x_##t - 1) {                              \
                    int32_t t = w_##t * 64 + mc_ctz64(x_##t);                                                 \
                    __VA_ARGS__                                                                               \
                }                                                                                             \
        } else {                                                                                              \
            for (int32_t k_##t = 0; k_##t < (g)->degree[(v)]; k_##t++) {                                      \
                int32_t t = (g)->adj[(v)][k_##t];                                                             \
                __VA_ARGS__                                                                                   \
            }                                                                                                 \
        }                                                                                                     \
    } while (0)

const char *mc_location_str(McLocation l, char *buf, size_t size) {
    if (l.kind == MC_LOC_REG)
        snprintf(buf, size, "r%d", (int)l.index);
    else if (l.kind == MC_LOC_SLOT)
        snprintf(buf, size, "slot%d", (int)l.index);
    else
        snprintf(buf, size, "-");
    return buf;
}

static bool loc_eq(McLocation a, McLocation b) { return a.kind == b.kind && a.index == b.index; }

/* ---- the trace ------------------------------------------------------------------ */

static void tr_add(McAllocTrace *t, McTraceEvent e) {
    if (!t) return;
    if (t->n == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->ev = mc_xrealloc(t->ev, (size_t)t->cap * sizeof *t->ev);
    }
    t->ev[t->n++] = e;
}

static McTraceEvent tr_ev(int kind, int32_t v, int32_t w, int32_t reg) {
    McTraceEvent e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.v = v;
    e.w = w;
    e.reg = reg;
    return e;
}

/* An event of the work graph's current variant and metric. */
typedef struct Work Work;
static void tr_work(const Work *w, McTraceEvent e);

/* Dense rows: does a node of `set` (bits) sit in `row`? */
static bool meets(const uint64_t *row, const uint64_t *set, int32_t words) {
    for (int32_t i = 0; i < words; i++)
        if (row[i] & set[i]) return true;
    return false;
}

/* ---- baseline ---------------------------------------------------------------- */

typedef struct SortCtx {
    const McFunc *f;
    const double *cost; /* by_cost */
} SortCtx;

/* The chapter's order: descending degree, ties by name in byte order
 * (strcmp; names are unique, so the order is total). Each node's degree
 * and the first 16 bytes of its name (zero-padded, as two big-endian
 * numbers: they compare as strcmp does up to there) sit side by side in
 * one array, so the merge sort compares numbers in sequence and follows
 * a name pointer only when the first 16 bytes agree, where comparing
 * through the values' names read scattered strings at every step. */
typedef struct DegKey {
    int32_t deg, v;
    uint64_t p0, p1;
} DegKey;

static uint64_t name_prefix(const char *s, size_t *at) {
    uint64_t x = 0;
    for (int i = 0; i < 8; i++) {
        unsigned char ch = (unsigned char)s[*at];
        if (ch) (*at)++;
        x = x << 8 | ch;
    }
    return x;
}

/* Does a's name come before b's (a different node's)? The first 16
 * bytes decide unless they agree. */
static inline bool name_key_less(const McFunc *f, const DegKey *a, const DegKey *b) {
    if (a->p0 != b->p0) return a->p0 < b->p0;
    if (a->p1 != b->p1) return a->p1 < b->p1;
    return strcmp(f->values[a->v].name, f->values[b->v].name) < 0;
}

/* Sort key[0..n) by name (tmp: scratch of n); bottom-up merge sort whose
 * merge step picks its side without a branch (the names come in no
 * order, so a branch on the comparison would miss every other time). */
static void sort_names(const McFunc *f, DegKey *key, DegKey *tmp, int32_t n) {
    DegKey *src = key, *dst = tmp;
    for (int32_t width = 1; width < n; width *= 2) {
        for (int32_t lo = 0; lo < n; lo += 2 * width) {
            int32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) {
                const DegKey *x = &src[i], *y = &src[j];
                bool before = y->p0 < x->p0; /* y goes first */
                if (y->p0 == x->p0) before = name_key_less(f, y, x);
                int32_t take = before ? j : i;
                dst[k++] = src[take];
                j += before;
                i += !before;
            }
            while (i < mid) dst[k++] = src[i++];
            while (j < hi) dst[k++] = src[j++];
        }
        DegKey *t = src;
        src = dst;
        dst = t;
    }
    if (src != key) memcpy(key, src, (size_t)n * sizeof *key);
}

/* The chapter's order: a counting sort by descending degree, then each
 * group of one degree sorted by name. */
static void sort_degree_name(const McFunc *f, const int32_t *degree, int32_t *v, int32_t n) {
    DegKey *key = mc_xmalloc((size_t)(n ? n : 1) * sizeof *key);
    DegKey *tmp = mc_xmalloc((size_t)(n ? n : 1) * sizeof *tmp);
    int32_t maxd = 0;
    for (int32_t i = 0; i < n; i++)
        if (degree[v[i]] > maxd) maxd = degree[v[i]];
    /* at[maxd - d]: where the nodes of degree d start */
    int32_t *at = mc_xcalloc((size_t)maxd + 2, sizeof *at);
    for (int32_t i = 0; i < n; i++) at[maxd - degree[v[i]] + 1]++;
    for (int32_t d = 0; d <= maxd; d++) at[d + 1] += at[d];
    for (int32_t i = 0; i < n; i++) {
        size_t c = 0;
        DegKey *k = &key[at[maxd - degree[v[i]]]++];
        k->deg = degree[v[i]];
        k->v = v[i];
        k->p0 = name_prefix(f->values[v[i]].name, &c);
        k->p1 = name_prefix(f->values[v[i]].name, &c);
    }
    for (int32_t lo = 0, hi; lo < n; lo = hi) {
        for (hi = lo + 1; hi < n && key[hi].deg == key[lo].deg; hi++) continue;
        sort_names(f, key + lo, tmp + lo, hi - lo);
    }
    for (int32_t i = 0; i < n; i++) v[i] = key[i].v;
    free(at);
    free(key);
    free(tmp);
}

/* qsort has no context argument; a tiny merge sort does. */

/* Costliest first, then by handle. */
static int by_cost(const SortCtx *c, int32_t a, int32_t b) {
    if (c->cost[a] != c->cost[b]) return c->cost[a] > c->cost[b] ? -1 : 1;
    return (a > b) - (a < b);
}

static void sort_nodes(const SortCtx *c, int32_t *v, int32_t n, int (*cmp)(const SortCtx *, int32_t, int32_t)) {
    int32_t *tmp = mc_xmalloc((size_t)(n ? n : 1) * sizeof *tmp);
    for (int32_t width = 1; width < n; width *= 2) {
        for (int32_t lo = 0; lo < n; lo += 2 * width) {
            int32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = cmp(c, v[j], v[i]) < 0 ? v[j++] : v[i++];
            while (i < mid) tmp[k++] = v[i++];
            while (j < hi) tmp[k++] = v[j++];
        }
        memcpy(v, tmp, (size_t)n * sizeof *v);
    }
    free(tmp);
}

static void colour_baseline(McAllocation *a, McAllocTrace *tr) {
    const McFunc *f = a->f;
    const McIGraph *g = a->graph;
    int32_t K = a->registers;
    a->order = mc_xmalloc((size_t)(g->nnodes ? g->nnodes : 1) * sizeof *a->order);
    for (int32_t v = 0; v < g->nvalues; v++)
        if (g->node[v]) a->order[a->norder++] = v;
    sort_degree_name(f, g->degree, a->order, a->norder);
    int32_t *taken = mc_xcalloc((size_t)K, sizeof *taken); /* stamp per register */
    /* dense, K <= 64: "is r held around v?" is v's row AND r's holders */
    uint64_t *cset = g->bits && K <= 64 ? mc_xcalloc((size_t)K * (size_t)g->words, sizeof *cset) : NULL;
    for (int32_t i = 0; i < a->norder; i++) {
        int32_t v = a->order[i];
        if (tr) {
            McTraceEvent e = tr_ev(MC_TR_ORDER, v, -1, -1);
            e.n1 = g->degree[v];
            tr_add(tr, e);
        }
        if (cset) {
            int32_t r = 0;
            while (r < K && meets(mc_igraph_bitrow(g, v), cset + (size_t)r * (size_t)g->words, g->words)) r++;
            if (r < K) {
                a->loc[v] = (McLocation){MC_LOC_REG, r};
                cset[(size_t)r * (size_t)g->words + (size_t)(v >> 6)] |= (uint64_t)1 << (v & 63);
            } else {
                a->loc[v] = (McLocation){MC_LOC_SLOT, a->slots++};
                a->nspilled++;
            }
            if (tr) {
                tr_add(tr, tr_ev(MC_TR_COLOUR, v, -1, r < K ? r : -1));
                if (r >= K) tr_add(tr, tr_ev(MC_TR_SLOT, v, -1, a->loc[v].index));
            }
            continue;
        }
        IG_FOR(g, v, t, {
            McLocation l = a->loc[t];
            if (l.kind == MC_LOC_REG) taken[l.index] = i + 1;
        });
        int32_t r = 0;
        while (r < K && taken[r] == i + 1) r++;
        if (r < K)
            a->loc[v] = (McLocation){MC_LOC_REG, r};
        else {
            a->loc[v] = (McLocation){MC_LOC_SLOT, a->slots++};
            a->nspilled++;
        }
        if (tr) {
            tr_add(tr, tr_ev(MC_TR_COLOUR, v, -1, r < K ? r : -1));
            if (r >= K) tr_add(tr, tr_ev(MC_TR_SLOT, v, -1, a->loc[v].index));
        }
    }
    free(cset);
    free(taken);
    for (int32_t p = 0; p < f->nparams; p++) a->param_bound[p] = f->values[f->params[p]].kind == MC_VAL_I32;
}

/* ---- improved ---------------------------------------------------------------- */

/* The graph being coalesced: representatives, live adjacency, degrees.
 *
 * The neighbour rows start as the graph's own rows (one contiguous block:
 * a node's row is read in order, and rows of nodes next to each other sit
 * next to each other), never written: a row that a merge grows moves to its
 * own allocation, and one that rows_drop_dead shortens to a copy in store.
 * An alive entry of nb[v] is a representative adjacent to v: merges add
 * the merged node's edges to the survivor's row and the survivor to each
 * neighbour's row, so the alive entries of nb[a] are
 * exactly the representatives that interfere with a, and no edge set is
 * needed: "does a interfere with t?" is answered by stamping a's row. */
struct Work {
    const McIGraph *g;
    int32_t n;         /* nvalues */
    int32_t K;
    int32_t *rep;      /* union-find parent */
    int32_t **nb;      /* neighbours (may include merged-away nodes: skip !alive) */
    int32_t *nnb, *capnb;
    bool *owned;       /* nb[v] is its own allocation (else a graph row or a slice of store) */
    const McIGraph *dense; /* the graph when it is a bit matrix: v's row is its bit row (ascending),
                              then nb[v] (what merges added); NULL: nb[v] is the whole row */
    int32_t *store;    /* rows_drop_dead's copies of graph rows, back to back (or NULL) */
    int32_t *deg;      /* live neighbours of a representative */
    bool *alive;       /* a node that is its own representative */
    int32_t *mark;     /* scratch stamps */
    int32_t stamp;
    int32_t *changed_at; /* coalescing: the merge count when what v's tests read last changed */
    int32_t merges;
    bool plain;        /* mc_allocate_sweeps(plain_sweeps): recolouring looks at every spilled node in every
                          pass and reads whole rows (the loop its shortcuts must reproduce) */
    const McAllocOptions *opt; /* the switches */
    McAllocTrace *tr;  /* NULL, or where decisions are recorded */
    int8_t variant, metric; /* what the events recorded now belong to (McAllocVariant, McSpillMetric) */
    int32_t cause;     /* recolouring: the spilled node being helped */
};

/* NB_FOR(w, v, t, BODY): BODY for every entry t of v's row, in row order
 * (see Work); `continue` goes on, no `break`. */
#define NB_FOR(w, v, t, ...)                                                                                  \
    do {                                                                                                      \
        if ((w)->dense) IG_FOR((w)->dense, (v), t, __VA_ARGS__);                                              \
        for (int32_t n_##t = 0; n_##t < (w)->nnb[(v)]; n_##t++) {                                             \
            int32_t t = (w)->nb[(v)][n_##t];                                                                  \
            __VA_ARGS__                                                                                       \
        }                                                                                                     \
    } while (0)

static int32_t find(Work *w, int32_t v) {
    while (w->rep[v] != v) {
        w->rep[v] = w->rep[w->rep[v]];
        v = w->rep[v];
    }
    return v;
}

static void nb_push(Work *w, int32_t v, int32_t x) {
    if (w->nnb[v] == w->capnb[v]) {
        int32_t cap = w->capnb[v] ? w->capnb[v] * 2 : 4;
        int32_t *row = mc_xmalloc((size_t)cap * sizeof *row);
        if (w->nnb[v]) memcpy(row, w->nb[v], (size_t)w->nnb[v] * sizeof *row);
        if (w->owned[v]) free(w->nb[v]);
        w->nb[v] = row;
        w->capnb[v] = cap;
        w->owned[v] = true;
    }
    w->nb[v][w->nnb[v]++] = x;
}

/* Stamp the alive neighbours of a; returns the stamp. */
static int32_t mark_neighbours(Work *w, int32_t a) {
    int32_t st = ++w->stamp;
    NB_FOR(w, a, t, {
        if (w->alive[t]) w->mark[t] = st;
    });
    return st;
}

/* Representatives a and b interfere: b is an alive entry of a's row (see
 * Work). The shorter row is scanned. */
static bool interferes(Work *w, int32_t a, int32_t b) {
    if (w->dense && mc_bit_test(mc_igraph_bitrow(w->dense, a), b)) return w->alive[b];
    if (w->nnb[a] > w->nnb[b]) {
        int32_t t = a;
        a = b;
        b = t;
    }
    for (int32_t k = 0; k < w->nnb[a]; k++)
        if (w->nb[a][k] == b) return w->alive[b];
    return false;
}

static void work_init(Work *w, const McIGraph *g, int32_t K) {
    memset(w, 0, sizeof *w);
    w->g = g;
    w->n = g->nvalues;
    w->K = K;
    size_t n = (size_t)(w->n ? w->n : 1);
    w->rep = mc_xmalloc(n * sizeof *w->rep);
    w->nb = mc_xcalloc(n, sizeof *w->nb);
    w->nnb = mc_xcalloc(n, sizeof *w->nnb);
    w->capnb = mc_xcalloc(n, sizeof *w->capnb);
    w->owned = mc_xcalloc(n, sizeof *w->owned);
    w->deg = mc_xcalloc(n, sizeof *w->deg);
    w->alive = mc_xcalloc(n, sizeof *w->alive);
    w->mark = mc_xcalloc(n, sizeof *w->mark);
    w->changed_at = mc_xcalloc(n, sizeof *w->changed_at);
    if (g->bits) {
        /* rows stay in the graph's matrix; nb[v] collects what merges add */
        w->dense = g;
        w->store = NULL;
        for (int32_t v = 0; v < w->n; v++) {
            w->rep[v] = v;
            w->alive[v] = g->node[v];
            w->deg[v] = g->degree[v];
        }
        return;
    }
    w->store = NULL;
    for (int32_t v = 0; v < w->n; v++) {
        w->rep[v] = v;
        w->alive[v] = g->node[v];
        w->nb[v] = g->adj[v]; /* read only: full, so the first nb_push moves it */
        w->nnb[v] = w->capnb[v] = w->deg[v] = g->degree[v];
    }
}

static void tr_work(const Work *w, McTraceEvent e) {
    if (!w->tr) return;
    e.variant = w->variant;
    e.metric = w->metric;
    tr_add(w->tr, e);
}

static void work_free(Work *w) {
    for (int32_t v = 0; v < w->n; v++)
        if (w->owned[v]) free(w->nb[v]);
    free(w->nb);
    free(w->nnb);
    free(w->capnb);
    free(w->owned);
    free(w->store);
    free(w->rep);
    free(w->deg);
    free(w->alive);
    free(w->mark);
    free(w->changed_at);
}

/* After coalescing: keep only the alive entries of each alive row, in their
 * order, so that simplify, select and recolour (which run seven times)
 * read shorter rows and no alive flag for a neighbour. */
static void rows_drop_dead(Work *w) {
    if (w->merges == 0) return; /* the rows hold graph nodes, all alive */
    size_t at = 0;
    for (int32_t v = 0; v < w->n; v++) {
        if (!w->alive[v]) continue;
        int32_t *row = w->nb[v], m = w->nnb[v], k = 0;
        while (k < m && w->alive[row[k]]) k++;
        if (k == m) continue;
        if (!w->owned[v]) { /* a graph row (it never grew): shortened in a copy */
            if (!w->store) {
                size_t total = 0;
                for (int32_t u = 0; u < w->n; u++) total += (size_t)w->g->degree[u];
                w->store = mc_xmalloc((total ? total : 1) * sizeof *w->store);
            }
            int32_t *copy = w->store + at;
            at += (size_t)m;
            memcpy(copy, row, (size_t)k * sizeof *copy);
            for (int32_t j = k + 1; j < m; j++) /* row[k] is dead */
                if (w->alive[row[j]]) copy[k++] = row[j];
            w->nb[v] = copy;
        } else {
            for (int32_t j = k + 1; j < m; j++)
                if (w->alive[row[j]]) row[k++] = row[j];
        }
        w->nnb[v] = k;
    }
}

/* The conservative tests of merging b into a, counted in two passes over
 * the two rows (a's marked, b's read) instead of one marking and one
 * reading per test:
 *   n[0] Briggs: after merging a and b, the neighbours of degree >= K (a
 *        neighbour of both loses one degree in the merge); ok when < K;
 *   n[1] George (a, b): the neighbours of b of degree >= K that do not
 *        interfere with a; ok when 0;
 *   n[2] George (b, a): the same with a and b swapped.
 * The rows hold no alive node twice (a merge adds only new neighbours),
 * so with ge, a's neighbours of degree >= K, and eq, the common ones of
 * degree exactly K (the one each loses is what Briggs subtracts):
 * n[2] = ge - (common ones of degree >= K) and n[0] = n[1] + ge - eq.
 * Returns whether one of the tests lets the merge go ahead. */
static bool conservative(Work *w, int32_t a, int32_t b, int32_t n[3]) {
    int32_t in_a = ++w->stamp, K = w->K, ge = 0, only = 0, both = 0, eq = 0;
    const bool *alive = w->alive;
    const int32_t *deg = w->deg;
    int32_t *mark = w->mark;
    if (w->dense) {
        NB_FOR(w, a, t, {
            if (!alive[t]) continue;
            mark[t] = in_a;
            ge += deg[t] >= K;
        });
        NB_FOR(w, b, t, {
            if (!alive[t] || deg[t] < K) continue;
            if (mark[t] != in_a) {
                only++;
            } else {
                both++;
                eq += deg[t] == K;
            }
        });
    } else { /* the same, the rows in locals (a store to mark could be a row's length) */
        const int32_t *row = w->nb[a];
        for (int32_t k = 0, m = w->nnb[a]; k < m; k++) {
            int32_t t = row[k];
            if (!alive[t]) continue;
            mark[t] = in_a;
            ge += deg[t] >= K;
        }
        row = w->nb[b];
        for (int32_t k = 0, m = w->nnb[b]; k < m; k++) {
            int32_t t = row[k], d = deg[t];
            if (!alive[t] || d < K) continue;
            if (mark[t] != in_a) {
                only++;
            } else {
                both++;
                eq += d == K;
            }
        }
    }
    n[1] = only;
    n[2] = ge - both;
    n[0] = only + ge - eq;
    return n[0] < K || n[1] == 0 || n[2] == 0;
}

/* The tests above read a node's degree only as "at least K" and "at least
 * K + 1" (Briggs subtracts one for a common neighbour). */
static int32_t degree_class(const Work *w, int32_t d) { return (d >= w->K) + (d >= w->K + 1); }

/* Record that the tests of moves at v and at v's neighbours may answer
 * differently now. */
static void touch(Work *w, int32_t v) { w->changed_at[v] = w->merges; }
static void touch_row(Work *w, int32_t v) {
    NB_FOR(w, v, t, {
        if (w->alive[t]) touch(w, t);
    });
}

static void merge(Work *w, int32_t a, int32_t b) {
    /* b joins a. What a move's tests read (its ends' rows, the alive flags
     * and degree classes of the nodes in them) changes here only for a, for
     * b's neighbours (they lose b, some gain a), and for the rows holding a
     * node whose degree class moved: a itself, or a common neighbour that
     * loses b. Those nodes are touched, so that coalescing retests just
     * their moves. */
    w->merges++;
    int32_t class_a = degree_class(w, w->deg[a]);
    int32_t in_a = mark_neighbours(w, a);
    touch(w, a);
    /* b's row is read whole before anything is pushed to it (b is not
     * its own neighbour, so nb_push never grows nb[b] here) */
    NB_FOR(w, b, t, {
        if (!w->alive[t]) continue;
        touch(w, t);
        if (w->mark[t] != in_a) {
            w->mark[t] = in_a;
            nb_push(w, a, t);
            nb_push(w, t, a);
            w->deg[a]++;
        } else {
            int32_t before = degree_class(w, w->deg[t]);
            w->deg[t]--; /* t keeps a but loses b */
            if (degree_class(w, w->deg[t]) != before) touch_row(w, t);
        }
    });
    w->alive[b] = false;
    w->rep[b] = a;
    if (degree_class(w, w->deg[a]) != class_a) touch_row(w, a);
}

/* The moves, heaviest first (ties in move order). Depends on the graph
 * only: computed once per allocation, not once per variant. Weights are
 * >= 0 (10^loop depth), which order as their bits do: a stable radix sort
 * on the complemented bits, one pass per byte in which the weights differ
 * (they take a few values, so most bytes are skipped). Anything else (a
 * NaN) keeps the merge sort by weight. */
typedef struct MoveKey {
    uint64_t key;
    int32_t i;
} MoveKey;

static int32_t *move_order(const McIGraph *g) {
    int32_t nm = g->nmoves;
    int32_t *o = mc_xmalloc((size_t)(nm ? nm : 1) * sizeof *o);
    for (int32_t i = 0; i < nm; i++) o[i] = i;
    bool bits = true;
    for (int32_t i = 0; i < nm && bits; i++) bits = g->move_weight[i] >= 0;
    if (bits && nm > 1) {
        MoveKey *a = mc_xmalloc((size_t)nm * sizeof *a), *b = mc_xmalloc((size_t)nm * sizeof *b);
        uint64_t differ = 0;
        for (int32_t i = 0; i < nm; i++) {
            double wt = g->move_weight[i] == 0 ? 0.0 : g->move_weight[i]; /* -0.0 as 0 */
            uint64_t k;
            memcpy(&k, &wt, sizeof k);
            a[i] = (MoveKey){~k, i};
            differ |= a[i].key ^ a[0].key;
        }
        for (int shift = 0; shift < 64; shift += 8) {
            if (!((differ >> shift) & 0xff)) continue;
            int32_t at[257] = {0};
            for (int32_t i = 0; i < nm; i++) at[((a[i].key >> shift) & 0xff) + 1]++;
            for (int d = 0; d < 256; d++) at[d + 1] += at[d];
            for (int32_t i = 0; i < nm; i++) b[at[(a[i].key >> shift) & 0xff]++] = a[i];
            MoveKey *t = a;
            a = b;
            b = t;
        }
        for (int32_t i = 0; i < nm; i++) o[i] = a[i].i;
        free(a);
        free(b);
        return o;
    }
    int32_t *tmp = mc_xmalloc((size_t)(nm ? nm : 1) * sizeof *tmp);
    /* stable bottom-up merge sort by weight, descending */
    for (int32_t width = 1; width < nm; width *= 2) {
        for (int32_t lo = 0; lo < nm; lo += 2 * width) {
            int32_t mid = lo + width < nm ? lo + width : nm;
            int32_t hi = lo + 2 * width < nm ? lo + 2 * width : nm;
            int32_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi) tmp[k++] = g->move_weight[o[j]] > g->move_weight[o[i]] ? o[j++] : o[i++];
            while (i < mid) tmp[k++] = o[i++];
            while (j < hi) tmp[k++] = o[j++];
        }
        memcpy(o, tmp, (size_t)nm * sizeof *o);
    }
    free(tmp);
    return o;
}

static double weight_of_depth(int32_t depth) {
    double w = 1;
    for (int32_t i = 0; i < depth && i < 9; i++) w *= 10;
    return w;
}

/* Estimated execution frequency of each block: 10^(loop depth) times the
 * probability of reaching it along forward edges, where a branch splits
 * evenly between its successors inside the loop and an edge leaving a loop
 * is taken for sure (the loop ends eventually). Unreachable blocks get 0. */
static double *block_weights(const McFunc *f, const McCfg *c) {
    double *prob = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *prob);
    if (c->nrpo > 0) prob[c->rpo[0]] = 1;
    for (int32_t i = 0; i < c->nrpo; i++) {
        int32_t p = c->rpo[i];
        int32_t stay = 0, fwd = 0;
        for (int32_t k = 0; k < c->nsuccs[p]; k++) {
            int32_t s = c->succs[p][k];
            if (c->rpo_index[s] <= i) continue; /* back edge */
            fwd++;
            if (c->loop_depth[s] >= c->loop_depth[p]) stay++;
        }
        for (int32_t k = 0; k < c->nsuccs[p]; k++) {
            int32_t s = c->succs[p][k];
            if (c->rpo_index[s] <= i) continue;
            bool exits = c->loop_depth[s] < c->loop_depth[p];
            double share = stay == 0 ? 1.0 / fwd : exits ? 1.0 : 1.0 / stay;
            prob[s] += prob[p] * share;
        }
    }
    for (int32_t b = 0; b < f->nblocks; b++) prob[b] *= weight_of_depth(c->loop_depth[b]);
    return prob;
}

static void spill_costs(McAllocation *a, const double *weight) {
    const McFunc *f = a->f;
    a->cost = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *a->cost);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        double w = weight[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            for (int k = 0; k < mc_op_info[in->op].nargs; k++)
                if (mc_opnd_is_val(in->a[k])) a->cost[in->a[k].v] += w;
            if (in->dest != MC_NONE) a->cost[in->dest] += w;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) a->cost[bl->term.arg.v] += w;
    }
    for (int32_t p = 0; p < f->nparams; p++)
        if (a->param_bound[p]) a->cost[f->params[p]] += 1;
}

/* The trace of spill_costs: per node, its weighted occurrences block by
 * block (blocks ascending), the bound parameter's write, the total. */
static void trace_costs(const McAllocation *a, const double *weight, McAllocTrace *tr) {
    const McFunc *f = a->f;
    int32_t nv = f->nvalues;
    int32_t *cnt = mc_xcalloc((size_t)(nv ? nv : 1) * (size_t)(f->nblocks ? f->nblocks : 1), sizeof *cnt);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        int32_t *c = cnt + (size_t)b * (size_t)nv;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            for (int k = 0; k < mc_op_info[in->op].nargs; k++)
                if (mc_opnd_is_val(in->a[k])) c[in->a[k].v]++;
            if (in->dest != MC_NONE) c[in->dest]++;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) c[bl->term.arg.v]++;
    }
    for (int32_t v = 0; v < nv; v++) {
        if (!a->graph->node[v]) continue;
        double sum = 0;
        for (int32_t b = 0; b < f->nblocks; b++) {
            int32_t c = cnt[(size_t)b * (size_t)nv + (size_t)v];
            if (!c) continue;
            sum += c * weight[b];
            McTraceEvent e = tr_ev(MC_TR_COST, v, b, -1);
            e.n1 = c;
            e.y = weight[b];
            e.x = sum;
            tr_add(tr, e);
        }
        int32_t p = f->values[v].param;
        if (p != MC_NONE && a->param_bound[p]) {
            McTraceEvent e = tr_ev(MC_TR_COST, v, -1, -1);
            e.n1 = 1;
            e.y = 1;
            e.x = sum + 1;
            tr_add(tr, e);
        }
        McTraceEvent e = tr_ev(MC_TR_COST_TOTAL, v, -1, -1);
        e.x = a->cost[v];
        tr_add(tr, e);
    }
    free(cnt);
}

/* Per-representative lists of copy partners (for biased colour choice). */
typedef struct Partners {
    int32_t *start, *list;
} Partners;

static void partners_build(Partners *p, Work *w, const McIGraph *g, bool none) {
    int32_t n = w->n;
    p->start = mc_xcalloc((size_t)n + 1, sizeof *p->start);
    p->list = mc_xmalloc((size_t)(2 * g->nmoves + 1) * sizeof *p->list);
    if (none) return; /* bias=off: nobody has a partner */
    for (int32_t i = 0; i < g->nmoves; i++) {
        p->start[find(w, g->moves[i][0]) + 1]++;
        p->start[find(w, g->moves[i][1]) + 1]++;
    }
    for (int32_t v = 0; v < n; v++) p->start[v + 1] += p->start[v];
    int32_t *fill = mc_xmalloc((size_t)(n ? n : 1) * sizeof *fill);
    memcpy(fill, p->start, (size_t)n * sizeof *fill);
    for (int32_t i = 0; i < g->nmoves; i++) {
        int32_t x = find(w, g->moves[i][0]), y = find(w, g->moves[i][1]);
        p->list[fill[x]++] = y;
        p->list[fill[y]++] = x;
    }
    free(fill);
}

/* Spill metrics tried by simplify (Bernstein et al.: best of several). */
enum { METRIC_COST_DEG, METRIC_COST_DEG2, METRIC_COST, NMETRICS };

static double spill_metric(double cost, int32_t deg, int metric) {
    double d = (double)(deg ? deg : 1);
    return metric == METRIC_COST_DEG ? cost / d : metric == METRIC_COST_DEG2 ? cost / (d * d) : cost;
}

/* A monotone priority queue of (key, node), ties by node handle: a radix
 * heap. Simplify's keys are spill metrics, >= 0, and never fall below the
 * last one taken (a node's key only grows as its degree falls), which is
 * all a radix heap needs. A key >= 0 orders as its bits do, so an entry is
 * the 96-bit number (key bits, node); bucket i > 0 holds the entries whose
 * highest bit differing from the last one taken is bit i - 1, bucket 0
 * the last one taken itself. Pushing appends; taking the least scans the
 * lowest non-empty bucket once and spreads it over the buckets below.
 * Each entry moves down a few times, in sequential passes, where a binary
 * heap pays a random walk of log n steps per pop. Each node has one entry,
 * whose key may be stale (computed for a higher degree: at most the true
 * key); the scan brings the keys of the bucket it reads up to date and
 * drops the entries of removed nodes (see heap_pop). Where a lazy heap
 * pushed a stale entry back only once it was the least (half of its pops,
 * and a third were removed nodes), these entries move up or leave before
 * they are spread again. */
typedef struct RadixItem {
    uint64_t k; /* the key's bits */
    int32_t v;
    int32_t d; /* the degree the key was computed for */
} RadixItem;

enum { RADIX_BUCKETS = 97 };

typedef struct Heap {
    RadixItem *b[RADIX_BUCKETS];
    int32_t n[RADIX_BUCKETS], cap[RADIX_BUCKETS];
    uint64_t lk; /* the last entry taken (initially the least possible) */
    int32_t lv;
    uint64_t used[2]; /* the non-empty buckets, as bits */
} Heap;

static int hi_bit64(uint64_t x) {
#if defined(__GNUC__)
    return 63 - __builtin_clzll(x);
#else
    int b = 63;
    while (!((x >> b) & 1)) b--;
    return b;
#endif
}

static uint64_t key_bits(double key) {
    uint64_t k;
    memcpy(&k, &key, sizeof k);
    return k;
}

static int radix_bucket(const Heap *h, uint64_t k, int32_t v) {
    if (k != h->lk) return 33 + hi_bit64(k ^ h->lk);
    uint32_t y = (uint32_t)v ^ (uint32_t)h->lv;
    return y ? 1 + hi_bit64(y) : 0;
}

static void radix_grow(Heap *h, int i) {
    h->cap[i] = h->cap[i] ? h->cap[i] * 2 : 64;
    h->b[i] = mc_xrealloc(h->b[i], (size_t)h->cap[i] * sizeof *h->b[i]);
}

static inline void radix_put(Heap *h, int i, RadixItem it) {
    if (h->n[i] == h->cap[i]) radix_grow(h, i);
    h->b[i][h->n[i]++] = it;
    h->used[i >> 6] |= (uint64_t)1 << (i & 63);
}

/* v's entry: key, computed for degree d */
static void heap_push(Heap *h, double key, int32_t v, int32_t d) {
    MC_ASSERT(key >= 0);
    uint64_t k = key_bits(key);
    MC_ASSERT(k > h->lk || (k == h->lk && v >= h->lv)); /* monotone */
    radix_put(h, radix_bucket(h, k, v), (RadixItem){k, v, d});
}

/* The least entry by its node's true key, over the nodes still in the
 * graph (wdeg >= 0); v = MC_NONE when none is left. The entries of the
 * lowest bucket are checked before it is spread: a removed node's entry
 * is dropped (it would only move down the buckets to be thrown away when
 * taken), and an entry whose degree has fallen since its key was computed
 * gets its true key, which is at least its old one, so it stays in this
 * bucket or moves to a higher one. Every node keeps one entry with a key
 * at most its true key, so the least entry of a checked bucket, all of
 * whose keys are true, is the least true key: the entries taken are those
 * a lazy heap would take, in the same order. */
static int32_t heap_pop(Heap *h, const int32_t *wdeg, const double *cost, int metric) {
    while (h->n[0] == 0) {
        if (!(h->used[0] | h->used[1])) return MC_NONE;
        int i = h->used[0] ? mc_ctz64(h->used[0]) : 64 + mc_ctz64(h->used[1]);
        RadixItem *b = h->b[i];
        int32_t cnt = h->n[i], live = 0, m = 0;
        for (int32_t j = 0; j < cnt; j++) {
            RadixItem it = b[j];
            int32_t d = wdeg[it.v];
            if (d < 0) continue;
            if (d != it.d) {
                it.k = key_bits(spill_metric(cost[it.v], d, metric));
                it.d = d;
                int to = radix_bucket(h, it.k, it.v);
                if (to != i) {
                    radix_put(h, to, it);
                    continue;
                }
            }
            b[live] = it;
            if (b[live].k < b[m].k || (b[live].k == b[m].k && b[live].v < b[m].v)) m = live;
            live++;
        }
        h->n[i] = 0;
        h->used[i >> 6] &= ~((uint64_t)1 << (i & 63));
        if (live == 0) continue;
        h->lk = b[m].k;
        h->lv = b[m].v;
        for (int32_t j = 0; j < live; j++) radix_put(h, radix_bucket(h, b[j].k, b[j].v), b[j]);
    }
    int32_t v = h->b[0][--h->n[0]].v;
    if (h->n[0] == 0) h->used[0] &= ~(uint64_t)1;
    return v;
}

/* Empty h for the next run, keeping its buckets' storage. */
static void heap_reset(Heap *h) {
    for (int i = 0; i < RADIX_BUCKETS; i++) h->n[i] = 0;
    h->lk = 0;
    h->lv = 0;
    h->used[0] = h->used[1] = 0;
}

static void heap_free(Heap *h) {
    for (int i = 0; i < RADIX_BUCKETS; i++) free(h->b[i]);
}

/* Sort it[0..n) by (key bits, node), in place (tmp: scratch of n): the
 * order a heap of these entries pops them in. The entries come in
 * ascending node order, so a stable sort by the key bits alone is that
 * order: least significant byte first, skipping the bytes in which all
 * keys agree. */
static void radix_sort(RadixItem *it, RadixItem *tmp, int32_t n) {
    int32_t cnt[8][256];
    memset(cnt, 0, sizeof cnt);
    for (int32_t i = 0; i < n; i++)
        for (int d = 0; d < 8; d++) cnt[d][(it[i].k >> (8 * d)) & 255]++;
    RadixItem *src = it, *dst = tmp;
    for (int d = 0; d < 8; d++) {
        if (n == 0 || cnt[d][(src[0].k >> (8 * d)) & 255] == n) continue; /* one value: nothing moves */
        int32_t at = 0;
        for (int x = 0; x < 256; x++) {
            int32_t c = cnt[d][x];
            cnt[d][x] = at;
            at += c;
        }
        for (int32_t i = 0; i < n; i++) dst[cnt[d][(src[i].k >> (8 * d)) & 255]++] = src[i];
        RadixItem *t = src;
        src = dst;
        dst = t;
    }
    if (src != it) memcpy(it, src, (size_t)n * sizeof *it);
}

/* Simplify (degree < K first, else the least cost under `metric`, pushed
 * optimistically), then select: pop and take a register no coloured
 * neighbour holds, a copy partner's if possible. colour[v] = register or -1
 * (spilled) for every representative; order gets the select order. Returns
 * the number of nodes. */

/* The neighbours of each removed node that simplify removed after it (the
 * ones whose degree it lowered), stack entry by stack entry: exactly the
 * neighbours select has coloured when it pops the node (the others are
 * still uncoloured, -1). Select reads these instead of the rows: about half
 * the entries, back to back in the order it pops (where the rows sit in
 * node order and are visited at random). Only for rows as lists (the
 * dense form has its own bit sets). */
typedef struct Later {
    size_t *at;    /* stack entry i's neighbours: list[at[i]] .. list[at[i + 1] - 1] */
    int32_t *list;
} Later;

/* The arrays of simplify and select, allocated once for the runs of one
 * select_registers (each run needs the same sizes). */
typedef struct Scratch {
    int32_t *wdeg, *low, *stack, *taken;
    RadixItem *sorted, *tmp; /* METRIC_COST: the heap's entries in the order it pops them */
    Heap heap;
} Scratch;

static void scratch_init(Scratch *sc, int32_t n, int32_t K) {
    size_t m = (size_t)(n ? n : 1);
    sc->wdeg = mc_xmalloc(m * sizeof *sc->wdeg);
    sc->low = mc_xmalloc(m * sizeof *sc->low);
    sc->stack = mc_xmalloc(m * sizeof *sc->stack);
    sc->taken = mc_xmalloc((size_t)(K ? K : 1) * sizeof *sc->taken);
    sc->sorted = mc_xmalloc(m * sizeof *sc->sorted);
    sc->tmp = mc_xmalloc(m * sizeof *sc->tmp);
    memset(&sc->heap, 0, sizeof sc->heap);
}

static void scratch_free(Scratch *sc) {
    free(sc->wdeg);
    free(sc->low);
    free(sc->stack);
    free(sc->taken);
    free(sc->sorted);
    free(sc->tmp);
    heap_free(&sc->heap);
}

/* Simplify: remove a node of degree < K while there is one, else the
 * cheapest by the spill metric (optimistically); the removal order onto
 * sc->stack. Returns its size. With lt (rows as lists only), also records
 * each removed node's later-removed neighbours (see Later). */
static int32_t simplify(Work *w, const double *cost, int metric, Scratch *sc, Later *lt) {
    int32_t n = w->n, K = w->K;
    /* wdeg: degree among the nodes not yet removed; -1 once removed (or not
     * a representative), so a neighbour costs one read */
    int32_t *wdeg = sc->wdeg, *low = sc->low, *stack = sc->stack;
    int32_t nstack = 0, nlow = 0, remaining = 0;
    for (int32_t v = 0; v < n; v++) {
        wdeg[v] = -1;
        if (!w->alive[v]) continue;
        wdeg[v] = w->deg[v];
        remaining++;
    }
    for (int32_t v = n - 1; v >= 0; v--)
        if (wdeg[v] >= 0 && wdeg[v] < K) low[nlow++] = v;
    int32_t words = w->dense ? w->dense->words : 0;
    uint64_t *rem = NULL; /* dense: the nodes not yet removed, as bits */
    if (w->dense) {
        rem = mc_xcalloc((size_t)words, sizeof *rem);
        for (int32_t v = 0; v < n; v++)
            if (wdeg[v] >= 0) rem[v >> 6] |= (uint64_t)1 << (v & 63);
    }
    /* METRIC_COST: a node's key is its cost whatever its degree, so no
     * entry goes stale and none goes back: the heap would pop its entries
     * in the order of one sort by (key bits, node), which is read instead */
    bool sorted = metric == METRIC_COST;
    int32_t nsorted = 0, next = 0;
    Heap *heap = &sc->heap;
    heap_reset(heap);
    for (int32_t v = 0; v < n; v++) {
        if (wdeg[v] < K) continue;
        double key = spill_metric(cost[v], wdeg[v], metric);
        if (sorted) {
            MC_ASSERT(key >= 0);
            sc->sorted[nsorted++] = (RadixItem){key_bits(key), v, wdeg[v]};
        } else {
            heap_push(heap, key, v, wdeg[v]);
        }
    }
    if (sorted) radix_sort(sc->sorted, sc->tmp, nsorted);
    while (remaining > 0) {
        int32_t v = MC_NONE;
        while (nlow > 0 && v == MC_NONE) {
            int32_t c = low[--nlow];
            if (wdeg[c] >= 0) v = c;
        }
        while (v == MC_NONE && sorted) {
            MC_ASSERT(next < nsorted);
            int32_t c = sc->sorted[next++].v;
            if (wdeg[c] >= 0) v = c;
        }
        if (v == MC_NONE) {
            /* the least (true key, node) among the nodes left (see heap_pop) */
            v = heap_pop(heap, wdeg, cost, metric);
            MC_ASSERT(v != MC_NONE);
        }
        if (w->tr) {
            McTraceEvent e = tr_ev(MC_TR_PUSH, v, -1, -1);
            e.n1 = wdeg[v];
            e.n2 = K;
            e.flag = wdeg[v] >= K;
            e.x = spill_metric(cost[v], wdeg[v], metric);
            tr_work(w, e);
        }
        wdeg[v] = -1;
        remaining--;
        stack[nstack++] = v;
        if (rem) {
            /* the same neighbours in the same order, without visiting the
             * ones already removed */
            rem[v >> 6] &= ~((uint64_t)1 << (v & 63));
            const uint64_t *row = mc_igraph_bitrow(w->dense, v);
            for (int32_t i = 0; i < words; i++)
                for (uint64_t x = row[i] & rem[i]; x; x &= x - 1) {
                    int32_t t = i * 64 + mc_ctz64(x);
                    if (--wdeg[t] == K - 1) low[nlow++] = t;
                }
            for (int32_t k = 0; k < w->nnb[v]; k++) {
                int32_t t = w->nb[v][k];
                if (wdeg[t] >= 0 && --wdeg[t] == K - 1) low[nlow++] = t;
            }
        } else if (lt) {
            /* rows as lists (lt is only given then): v's row, read through
             * locals the stores cannot alias. About half the neighbours
             * are removed already, at random: they are skipped without a
             * branch (written and not counted, -1 stays -1; the list has
             * room for every row entry, twice what is ever counted). */
            const int32_t *row = w->nb[v];
            int32_t *list = lt->list;
            size_t at = lt->at[nstack - 1];
            for (int32_t k = 0, m = w->nnb[v]; k < m; k++) {
                int32_t t = row[k], d = wdeg[t], in = d >= 0;
                list[at] = t;
                at += (size_t)in;
                wdeg[t] = d - in;
                if (d == K) {
                    low[nlow++] = t;
#if defined(__GNUC__)
                    /* the node pushed last is taken next: fetch its row,
                     * which sits anywhere in memory, while this one is read */
                    __builtin_prefetch(w->nb[t]);
#endif
                }
            }
            lt->at[nstack] = at;
        } else {
            NB_FOR(w, v, t, {
                if (wdeg[t] >= 0 && --wdeg[t] == K - 1) low[nlow++] = t;
            });
        }
    }
    free(rem);
    return nstack;
}

/* Select: pop the stack, giving each node a copy partner's register when
 * free, else the lowest free one, else none (-1: it spills). Returns the
 * number of nodes coloured, in order. */
static int32_t select_colours(Work *w, const Partners *pt, const int32_t *stack, int32_t nstack, const Later *lt,
                              int32_t *taken, int32_t *colour, int32_t *order) {
    int32_t n = w->n, K = w->K;
    int32_t words = w->dense ? w->dense->words : 0;
    for (int32_t v = 0; v < n; v++) colour[v] = -1;
    memset(taken, 0, (size_t)K * sizeof *taken);
    int32_t norder = 0, st = 0;
    /* Dense rows and K <= 64: whether a register is taken around v is read
     * off per-register bit sets (v's row AND the set of the nodes holding
     * it), one register at a time and only as far as the choice needs. */
    uint64_t *cset = w->dense && K <= 64 ? mc_xcalloc((size_t)K * (size_t)words, sizeof *cset) : NULL;
    /* colour[t] >= 0 only for a node already given a register: the rows
     * hold representatives only, and colour starts at -1 */
    while (nstack > 0) {
        int32_t v = stack[--nstack];
#if defined(__GNUC__)
        /* The order is known: fetch the rows (and, further ahead, the row
         * pointers) of the nodes to come, which sit anywhere in memory. */
        if (!lt && nstack >= 8) __builtin_prefetch(w->nb[stack[nstack - 8]]);
        if (!lt && nstack >= 16) __builtin_prefetch(&w->nb[stack[nstack - 16]]);
#endif
        st++;
        int32_t r = -1, partner = -1;
        if (cset) {
            const uint64_t *row = mc_igraph_bitrow(w->dense, v);
            uint64_t known = 0, busy = 0; /* registers tested; of those, taken */
            for (int32_t k = 0; k < w->nnb[v]; k++) {
                int32_t t = w->nb[v][k];
                if (colour[t] >= 0) busy |= (uint64_t)1 << colour[t];
            }
            for (int32_t k = pt->start[v]; k <= pt->start[v + 1] && r < 0; k++) {
                int32_t c;
                if (k < pt->start[v + 1]) {
                    c = colour[pt->list[k]];
                    if (c < 0) continue;
                } else {
                    c = 0; /* then the lowest free register */
                }
                for (; c < K; c++) {
                    uint64_t bit = (uint64_t)1 << c;
                    if (!(known & bit) && !(busy & bit)) {
                        const uint64_t *set = cset + (size_t)c * (size_t)words;
                        for (int32_t i = 0; i < words; i++)
                            if (row[i] & set[i]) {
                                busy |= bit;
                                break;
                            }
                    }
                    known |= bit;
                    if (!(busy & bit)) {
                        r = c;
                        if (k < pt->start[v + 1]) partner = pt->list[k];
                        break;
                    }
                    if (k < pt->start[v + 1]) break; /* a partner's register: that one only */
                }
            }
            if (r >= 0) cset[(size_t)r * (size_t)words + (size_t)(v >> 6)] |= (uint64_t)1 << (v & 63);
        } else if (K <= 64) {
            /* the registers taken around v as bits, set without a branch on
             * whether a neighbour has one (-1 sets nothing) */
            uint64_t busy = 0;
            if (lt) {
                /* nstack is v's stack entry now */
                for (size_t k = lt->at[nstack]; k < lt->at[nstack + 1]; k++) {
                    int32_t c = colour[lt->list[k]];
                    busy |= (uint64_t)(c >= 0) << (c & 63);
                }
            } else {
                NB_FOR(w, v, t, {
                    int32_t c = colour[t];
                    busy |= (uint64_t)(c >= 0) << (c & 63);
                });
            }
            for (int32_t k = pt->start[v]; k < pt->start[v + 1] && r < 0; k++) {
                int32_t p = pt->list[k], c = colour[p];
                if (c >= 0 && !((busy >> c) & 1)) r = c, partner = p;
            }
            uint64_t free_regs = ~busy & (K == 64 ? ~(uint64_t)0 : ((uint64_t)1 << K) - 1);
            if (r < 0 && free_regs) r = mc_ctz64(free_regs);
        } else {
            if (lt) {
                for (size_t k = lt->at[nstack]; k < lt->at[nstack + 1]; k++) {
                    int32_t t = lt->list[k];
                    if (colour[t] >= 0) taken[colour[t]] = st;
                }
            } else {
                NB_FOR(w, v, t, {
                    if (colour[t] >= 0) taken[colour[t]] = st;
                });
            }
            for (int32_t k = pt->start[v]; k < pt->start[v + 1] && r < 0; k++) {
                int32_t p = pt->list[k];
                if (colour[p] >= 0 && taken[colour[p]] != st) r = colour[p], partner = p;
            }
            for (int32_t c = 0; c < K && r < 0; c++)
                if (taken[c] != st) r = c;
        }
        if (w->tr) {
            McTraceEvent e = tr_ev(MC_TR_COLOUR, v, partner, r);
            e.flag = partner >= 0;
            tr_work(w, e);
        }
        colour[v] = r;
        order[norder++] = v;
    }
    free(cset);
    return norder;
}

/* Chaitin-Briggs simplify and select over the work graph. */
static int32_t simplify_select(Work *w, const double *cost, const Partners *pt, int metric, Scratch *sc, Later *lt,
                               int32_t *colour, int32_t *order) {
    int32_t nstack = simplify(w, cost, metric, sc, lt);
    return select_colours(w, pt, sc->stack, nstack, lt, sc->taken, colour, order);
}

/* A register r a node u could move to: not r itself and held by no
 * neighbour of u. -1 if none. */
static int32_t free_colour(Work *w, const int32_t *colour, int32_t u, int32_t avoid, int32_t *taken) {
    int32_t st = ++w->stamp;
    NB_FOR(w, u, t, {
        if (colour[t] >= 0) taken[colour[t]] = st;
    });
    for (int32_t c = 0; c < w->K; c++)
        if (c != avoid && taken[c] != st) return c;
    return -1;
}

/* Recolouring asks "which register is free around u?" for every neighbour
 * of every spilled node; rescanning u's neighbours each time is
 * O(degree^2) per spilled node, which turns quadratic on graphs with
 * long-lived values. NbColours keeps, per node, how many live neighbours hold
 * each register, so the question costs O(K). It answers exactly as
 * free_colour does. Used when n x K counters fit in a modest table. */
typedef struct NbColours {
    int32_t *cnt; /* cnt[u * K + c]: alive neighbours of u coloured c; NULL = rescan */
    int32_t K;
    uint64_t *cset; /* dense rows, K <= 64: the nodes holding register c, as bits (else NULL) */
    int32_t words;
    uint64_t *valid; /* with cset: the nodes whose counts are filled in (the others are
                        counted from the sets when first asked) */
    int32_t *zeros;  /* with cnt: how many registers no neighbour of u holds, so "is any
                        register but r free around u?" costs O(1), not O(K) */
    uint8_t *filled;  /* adjacency rows: the nodes whose counts are filled in, from their
                         rows when first asked (recolouring asks about the neighbours of
                         the spilled nodes only); NULL with cset */
    uint64_t *held;   /* with filled and K <= 64: the registers u's neighbours hold (count > 0)
                         as bits, so the question recolouring asks most reads 8 bytes,
                         not u's counts in a table of n x K; kept up to date with the
                         counts once filled */
    uint64_t *dirty;  /* with filled: the spilled nodes recolour has to look at (again), as
                         bits (see recolour) */
    const Work *w;
} NbColours;

/* One neighbour of u moves from register `from` to `to` (-1: none). */
static inline void nbc_bump(NbColours *nc, int32_t u, int32_t from, int32_t to) {
    int32_t *cu = nc->cnt + (size_t)u * (size_t)nc->K;
    if (from >= 0 && --cu[from] == 0) {
        nc->zeros[u]++;
        if (nc->held) nc->held[u] &= ~((uint64_t)1 << from);
    }
    if (to >= 0 && cu[to]++ == 0) {
        nc->zeros[u]--;
        if (nc->held) nc->held[u] |= (uint64_t)1 << to;
    }
}

/* With filled: u's counts, from u's row when first asked. */
static inline int32_t *nbc_counts(NbColours *nc, const int32_t *colour, int32_t u) {
    int32_t *cu = nc->cnt + (size_t)u * (size_t)nc->K;
    if (!nc->filled[u]) {
        const Work *w = nc->w;
        const int32_t *row = w->nb[u];
        memset(cu, 0, (size_t)nc->K * sizeof *cu);
        if (nc->held) { /* K <= 64: the bits as the row is read, zeros from them */
            uint64_t m = 0;
            for (int32_t k = 0, n = w->nnb[u]; k < n; k++) {
                int32_t c = colour[row[k]];
                if (c < 0) continue;
                cu[c]++;
                m |= (uint64_t)1 << c;
            }
            nc->held[u] = m;
            nc->zeros[u] = nc->K - mc_popcount64(m);
        } else {
            for (int32_t k = 0; k < w->nnb[u]; k++)
                if (colour[row[k]] >= 0) cu[colour[row[k]]]++;
            int32_t z = 0;
            for (int32_t c = 0; c < nc->K; c++) z += cu[c] == 0;
            nc->zeros[u] = z;
        }
        nc->filled[u] = 1;
    }
    return cu;
}

/* With filled: spilled node v is to be looked at (again). */
static inline void nbc_dirty(NbColours *nc, int32_t v) { nc->dirty[v >> 6] |= (uint64_t)1 << (v & 63); }

/* With filled: the first dirty node from v on, or n. */
static inline int32_t nbc_next_dirty(const NbColours *nc, int32_t v, int32_t n) {
    if (v >= n) return n;
    int32_t i = v >> 6, words = (n + 63) / 64;
    uint64_t x = nc->dirty[i] & (~(uint64_t)0 << (v & 63));
    while (!x) {
        if (++i >= words) return n;
        x = nc->dirty[i];
    }
    return i * 64 + mc_ctz64(x);
}

/* With held: the registers u's neighbours hold, as bits. */
static inline uint64_t nbc_bits(NbColours *nc, const int32_t *colour, int32_t u) {
    if (!nc->filled[u]) (void)nbc_counts(nc, colour, u);
    return nc->held[u];
}

/* u's counts; with cset from the register sets when first asked (rows
 * are symmetric: u's count for c is how many of u's row hold c). */
static int32_t *nbc_row(NbColours *nc, const int32_t *colour, int32_t u) {
    if (nc->filled) return nbc_counts(nc, colour, u);
    int32_t *cu = nc->cnt + (size_t)u * (size_t)nc->K;
    if (!nc->valid || ((nc->valid[u >> 6] >> (u & 63)) & 1)) return cu;
    const Work *w = nc->w;
    const uint64_t *row = mc_igraph_bitrow(w->dense, u);
    for (int32_t c = 0; c < nc->K; c++) {
        const uint64_t *set = nc->cset + (size_t)c * (size_t)nc->words;
        int32_t m = 0;
        for (int32_t i = 0; i < nc->words; i++)
            if (row[i] & set[i]) m += mc_popcount64(row[i] & set[i]);
        cu[c] = m;
    }
    for (int32_t k = 0; k < w->nnb[u]; k++)
        if (colour[w->nb[u][k]] >= 0) cu[colour[w->nb[u][k]]]++;
    int32_t z = 0;
    for (int32_t c = 0; c < nc->K; c++) z += cu[c] == 0;
    nc->zeros[u] = z;
    nc->valid[u >> 6] |= (uint64_t)1 << (u & 63);
    return cu;
}

static void nbc_init(NbColours *nc, const Work *w, const int32_t *colour) {
    nc->K = w->K;
    nc->cnt = NULL;
    nc->cset = NULL;
    nc->valid = NULL;
    nc->zeros = NULL;
    nc->filled = NULL;
    nc->held = NULL;
    nc->dirty = NULL;
    nc->w = w;
    nc->words = w->dense ? w->dense->words : 0;
    if (w->dense && w->K <= 64) {
        nc->cset = mc_xcalloc((size_t)w->K * (size_t)nc->words, sizeof *nc->cset);
        for (int32_t v = 0; v < w->n; v++)
            if (w->alive[v] && colour[v] >= 0)
                nc->cset[(size_t)colour[v] * (size_t)nc->words + (size_t)(v >> 6)] |= (uint64_t)1 << (v & 63);
    }
    if ((size_t)w->n * (size_t)w->K > (size_t)16 * 1024 * 1024) return;
    if (nc->cset) {
        nc->cnt = mc_xcalloc((size_t)w->n * (size_t)w->K + 1, sizeof *nc->cnt);
        nc->zeros = mc_xcalloc((size_t)(w->n ? w->n : 1), sizeof *nc->zeros);
        nc->valid = mc_xcalloc((size_t)nc->words, sizeof *nc->valid);
        return;
    }
    if (w->dense) { /* K > 64: every count, from the rows */
        nc->cnt = mc_xcalloc((size_t)w->n * (size_t)w->K + 1, sizeof *nc->cnt);
        nc->zeros = mc_xcalloc((size_t)(w->n ? w->n : 1), sizeof *nc->zeros);
        for (int32_t v = 0; v < w->n; v++) {
            if (!w->alive[v] || colour[v] < 0) continue;
            NB_FOR(w, v, t, { nc->cnt[(size_t)t * (size_t)nc->K + (size_t)colour[v]]++; });
        }
        for (int32_t u = 0; u < w->n; u++) {
            const int32_t *cu = nc->cnt + (size_t)u * (size_t)nc->K;
            int32_t z = 0;
            for (int32_t c = 0; c < nc->K; c++) z += cu[c] == 0;
            nc->zeros[u] = z;
        }
        return;
    }
    /* adjacency rows: counts only for the nodes asked about, filled in
     * when first asked (nbc_counts) and kept up to date from then on */
    size_t n = (size_t)(w->n ? w->n : 1);
    nc->cnt = mc_xmalloc(((size_t)w->n * (size_t)w->K + 1) * sizeof *nc->cnt);
    nc->zeros = mc_xmalloc(n * sizeof *nc->zeros);
    nc->filled = mc_xcalloc(n, 1);
    nc->dirty = mc_xcalloc((n + 63) / 64, sizeof *nc->dirty);
    for (int32_t v = 0; v < w->n; v++)
        if (w->alive[v] && colour[v] < 0) nbc_dirty(nc, v);
    if (w->K <= 64) nc->held = mc_xmalloc(n * sizeof *nc->held);
}

/* With filled and u's counts or bits filled in: u (holding register cu)
 * has no free register besides cu, as recolour asks it. */
static inline bool nbc_stuck(const NbColours *nc, int32_t u, int32_t cu) {
    if (nc->held) {
        uint64_t all = nc->K >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nc->K) - 1;
        return !(~nc->held[u] & all & ~((uint64_t)1 << cu));
    }
    return nc->zeros[u] - (nc->cnt[(size_t)u * (size_t)nc->K + (size_t)cu] == 0) <= 0;
}

/* colour[x] = c, keeping the neighbour counts right (x is alive). */
static void nbc_set(NbColours *nc, const Work *w, int32_t *colour, int32_t x, int32_t c) {
    if (w->tr && colour[x] != c) tr_work(w, tr_ev(MC_TR_RECOLOUR, x, w->cause, c));
    if (nc->filled && colour[x] != c) {
        /* only the counts filled in so far. Marked dirty (see recolour):
         * x when it is spilled; when x leaves a register, the spilled
         * nodes next to x, and those next to a neighbour of x that x's
         * move leaves with a free register besides its own where it had
         * none (stuck). A neighbour whose counts are not filled in was
         * never asked about, so no spilled node was turned down for it. */
        int32_t from = colour[x];
        const int32_t *row = w->nb[x];
        if (c < 0) nbc_dirty(nc, x);
        for (int32_t k = 0, m = w->nnb[x]; k < m; k++) {
            int32_t t = row[k], ct = colour[t];
            if (from < 0) {
                if (nc->filled[t]) nbc_bump(nc, t, from, c);
                continue;
            }
            if (ct < 0) {
                nbc_dirty(nc, t);
                if (nc->filled[t]) nbc_bump(nc, t, from, c);
                continue;
            }
            if (!nc->filled[t]) continue;
            bool stuck = nbc_stuck(nc, t, ct);
            nbc_bump(nc, t, from, c);
            if (stuck && nc->cnt[(size_t)t * (size_t)nc->K + (size_t)from] == 0) {
                const int32_t *rt = w->nb[t];
                for (int32_t j = 0, mt = w->nnb[t]; j < mt; j++)
                    if (colour[rt[j]] < 0) nbc_dirty(nc, rt[j]);
            }
        }
    } else if (nc->valid && colour[x] != c) {
        /* only the counts filled in so far */
        const uint64_t *row = mc_igraph_bitrow(w->dense, x);
        for (int32_t i = 0; i < nc->words; i++)
            for (uint64_t y = row[i] & nc->valid[i]; y; y &= y - 1) nbc_bump(nc, i * 64 + mc_ctz64(y), colour[x], c);
        for (int32_t k = 0; k < w->nnb[x]; k++) {
            int32_t t = w->nb[x][k];
            if ((nc->valid[t >> 6] >> (t & 63)) & 1) nbc_bump(nc, t, colour[x], c);
        }
    } else if (nc->cnt && colour[x] != c)
        NB_FOR(w, x, t, { nbc_bump(nc, t, colour[x], c); });
    if (nc->cset && colour[x] != c) {
        uint64_t bit = (uint64_t)1 << (x & 63);
        if (colour[x] >= 0) nc->cset[(size_t)colour[x] * (size_t)nc->words + (size_t)(x >> 6)] &= ~bit;
        if (c >= 0) nc->cset[(size_t)c * (size_t)nc->words + (size_t)(x >> 6)] |= bit;
    }
    colour[x] = c;
}

static int32_t nbc_free(NbColours *nc, Work *w, const int32_t *colour, int32_t u, int32_t avoid,
                        int32_t *taken) {
    if (nc->held) {
        uint64_t m = ~nbc_bits(nc, colour, u) & (nc->K >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nc->K) - 1);
        if (avoid >= 0) m &= ~((uint64_t)1 << avoid);
        return m ? mc_ctz64(m) : -1;
    }
    if (!nc->cnt) return free_colour(w, colour, u, avoid, taken);
    const int32_t *row = nbc_row(nc, colour, u);
    for (int32_t c = 0; c < nc->K; c++)
        if (c != avoid && row[c] == 0) return c;
    return -1;
}

/* Whether nbc_free would find a register (its answer >= 0), in O(1) with
 * the counts: avoid is u's own register, so it is free around u unless a
 * neighbour holds it too. */
static bool nbc_any_free(NbColours *nc, Work *w, const int32_t *colour, int32_t u, int32_t avoid, int32_t *taken) {
    if (nc->held) {
        uint64_t all = nc->K >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << nc->K) - 1;
        return (~nbc_bits(nc, colour, u) & all & ~((uint64_t)1 << avoid)) != 0;
    }
    if (!nc->cnt) return free_colour(w, colour, u, avoid, taken) >= 0;
    const int32_t *row = nbc_row(nc, colour, u);
    return nc->zeros[u] - (row[avoid] == 0) > 0;
}

/* One spilled node v of recolour, when the rows are dense and the holders
 * of each register are bit sets: the same decisions as the loop in recolour,
 * reading v's neighbours one register at a time. Each register's conflict
 * is summed over its holders in row order (so it is the same number) but
 * only until it reaches cost[v] (sums of costs, which are >= 0, never
 * shrink: such a register cannot be picked); a register is movable unless
 * one of its holders has no other free register (the first such holder
 * settles it). Returns whether v changed. */
static bool recolour_dense(Work *w, NbColours *nc, const double *cost, int32_t *colour, int32_t v, double *conflict,
                           int32_t *taken) {
    int32_t K = w->K, words = nc->words;
    const uint64_t *row = mc_igraph_bitrow(w->dense, v);
    int32_t pick = -1;
    for (int32_t c = 0; c < K && pick < 0; c++) {
        const uint64_t *set = nc->cset + (size_t)c * (size_t)words;
        bool movable = true;
        for (int32_t i = 0; i < words && movable; i++)
            for (uint64_t x = row[i] & set[i]; x && movable; x &= x - 1)
                if (!nbc_any_free(nc, w, colour, i * 64 + mc_ctz64(x), c, taken)) movable = false;
        for (int32_t k = 0; k < w->nnb[v] && movable; k++) {
            int32_t u = w->nb[v][k];
            if (colour[u] == c && !nbc_any_free(nc, w, colour, u, c, taken)) movable = false;
        }
        if (movable) pick = c;
    }
    if (pick >= 0) {
        const uint64_t *set = nc->cset + (size_t)pick * (size_t)words;
        for (int32_t i = 0; i < words; i++)
            for (uint64_t x = row[i] & set[i]; x; x &= x - 1) {
                int32_t u = i * 64 + mc_ctz64(x);
                int32_t to = nbc_free(nc, w, colour, u, pick, taken);
                MC_ASSERT(to >= 0);
                nbc_set(nc, w, colour, u, to);
            }
        for (int32_t k = 0; k < w->nnb[v]; k++) {
            int32_t u = w->nb[v][k];
            if (colour[u] != pick) continue;
            int32_t to = nbc_free(nc, w, colour, u, pick, taken);
            MC_ASSERT(to >= 0);
            nbc_set(nc, w, colour, u, to);
        }
        nbc_set(nc, w, colour, v, pick);
        return true;
    }
    for (int32_t c = 0; c < K; c++) {
        const uint64_t *set = nc->cset + (size_t)c * (size_t)words;
        double sum = 0;
        for (int32_t i = 0; i < words && sum < cost[v]; i++)
            for (uint64_t x = row[i] & set[i]; x && sum < cost[v]; x &= x - 1) sum += cost[i * 64 + mc_ctz64(x)];
        for (int32_t k = 0; k < w->nnb[v] && sum < cost[v]; k++)
            if (colour[w->nb[v][k]] == c) sum += cost[w->nb[v][k]];
        conflict[c] = sum;
        if (sum < cost[v] && (pick < 0 || sum < conflict[pick])) pick = c;
    }
    if (pick < 0) return false;
    const uint64_t *set = nc->cset + (size_t)pick * (size_t)words;
    for (int32_t i = 0; i < words; i++)
        for (uint64_t x = row[i] & set[i]; x; x &= x - 1) nbc_set(nc, w, colour, i * 64 + mc_ctz64(x), -1);
    for (int32_t k = 0; k < w->nnb[v]; k++)
        if (colour[w->nb[v][k]] == pick) nbc_set(nc, w, colour, w->nb[v][k], -1);
    nbc_set(nc, w, colour, v, pick);
    return true;
}

/* Local improvement after select: a spilled node takes register r when
 * every neighbour holding r can move to another free register, or when the
 * neighbours holding r cost less than it (they are spilled instead). Each
 * step lowers (spilled cost, spilled count), so it terminates. Returns the
 * total cost of the spilled nodes. */
static double recolour(Work *w, const double *cost, int32_t *colour) {
    int32_t n = w->n, K = w->K;
    if (w->opt->no_recolour) {
        double total = 0;
        for (int32_t v = 0; v < n; v++)
            if (w->alive[v] && colour[v] < 0) total += cost[v];
        return total;
    }
    int32_t *taken = mc_xcalloc((size_t)K, sizeof *taken);
    double *conflict = mc_xmalloc((size_t)K * sizeof *conflict);
    int32_t *movable = mc_xmalloc((size_t)K * sizeof *movable);
    NbColours nc;
    nbc_init(&nc, w, colour);
    /* With filled, a spilled node is looked at only while it is dirty
     * (nc.dirty): at first, and after something its last answer read may
     * have changed. v was turned down because each register is held by a
     * neighbour it asked about that is stuck (has no free register besides
     * its own), and its holders cost at least cost[v]. That stays so while
     * no neighbour of v leaves its register and no stuck neighbour asked
     * about gets a free register, which happens only as one of its own
     * neighbours leaves a register: nbc_set marks v dirty then (a
     * neighbour taking a register adds a holder, which cannot help; a
     * node spilled is dirty). */
    uint64_t all = K >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << K) - 1; /* the K registers */
    uint64_t *dirty = w->plain ? NULL : nc.dirty;
    bool plain = w->plain;
    for (int pass = 0; pass < 4; pass++) {
        bool changed = false;
        /* with dirty, the dirty nodes in the same order, as they are
         * marked (a node behind v waits for the next pass) */
        for (int32_t v = dirty ? nbc_next_dirty(&nc, 0, n) : 0; v < n;
             v = dirty ? nbc_next_dirty(&nc, v + 1, n) : v + 1) {
            if (dirty) dirty[v >> 6] &= ~((uint64_t)1 << (v & 63));
            if (!w->alive[v] || colour[v] >= 0) continue;
            w->cause = v;
            if (nc.cset) {
                if (recolour_dense(w, &nc, cost, colour, v, conflict, taken)) changed = true;
                continue;
            }
            for (int32_t c = 0; c < K; c++) conflict[c] = 0;
            if (!nc.held)
                for (int32_t c = 0; c < K; c++) movable[c] = 1;
            if (nc.held) {
                /* nbc_any_free, inline, from the bits (this loop visits
                 * each neighbour of each spilled node per pass). The
                 * registers still open: mov, those no stuck holder has
                 * ruled out yet; low, those whose conflict is still below
                 * cost[v]. Once both are empty v is turned down whatever
                 * the rest of its row holds (a sum of costs >= 0 only
                 * grows), so the walk stops there. */
                uint64_t mov = all, low = cost[v] > 0 ? all : 0;
                const int32_t *row = w->nb[v]; /* adjacency rows: NB_FOR is this loop */
                if (plain) {
                    for (int32_t k = 0, m = w->nnb[v]; k < m; k++) {
                        int32_t u = row[k], cu = colour[u];
                        if (cu < 0) continue;
                        uint64_t bit = (uint64_t)1 << cu;
                        conflict[cu] += cost[u];
                        if ((mov & bit) && !(~nbc_bits(&nc, colour, u) & all & ~bit)) mov &= ~bit;
                    }
                } else {
                    double cv = cost[v]; /* a local: to the compiler, a store to conflict could change cost[v] */
                    for (int32_t k = 0, m = w->nnb[v]; k < m && (mov | low); k++) {
                        int32_t u = row[k], cu = colour[u];
                        if (cu < 0) continue;
                        uint64_t bit = (uint64_t)1 << cu;
                        if (low & bit) { /* past cost[v], a conflict cannot be picked: no longer summed */
                            conflict[cu] += cost[u];
                            if (!(conflict[cu] < cv)) low &= ~bit;
                        }
                        if ((mov & bit) && !(~nbc_bits(&nc, colour, u) & all & ~bit)) mov &= ~bit;
                    }
                    if (!(mov | low)) continue; /* turned down */
                }
                for (int32_t c = 0; c < K; c++) movable[c] = (mov >> c) & 1;
            } else if (nc.filled) {
                NB_FOR(w, v, u, {
                    int32_t cu = colour[u];
                    if (cu < 0) continue;
                    conflict[cu] += cost[u];
                    if (movable[cu]) {
                        const int32_t *cnt = nbc_counts(&nc, colour, u); /* before zeros[u]: fills it */
                        if (nc.zeros[u] - (cnt[cu] == 0) <= 0) movable[cu] = 0;
                    }
                });
            } else {
                NB_FOR(w, v, u, {
                    if (colour[u] < 0) continue;
                    conflict[colour[u]] += cost[u];
                    if (movable[colour[u]] && !nbc_any_free(&nc, w, colour, u, colour[u], taken))
                        movable[colour[u]] = 0;
                });
            }
            int32_t pick = -1;
            for (int32_t c = 0; c < K && pick < 0; c++)
                if (movable[c]) pick = c;
            if (pick >= 0) {
                NB_FOR(w, v, u, {
                    if (colour[u] != pick) continue;
                    int32_t to = nbc_free(&nc, w, colour, u, pick, taken);
                    MC_ASSERT(to >= 0);
                    nbc_set(&nc, w, colour, u, to);
                });
                nbc_set(&nc, w, colour, v, pick);
                changed = true;
                continue;
            }
            for (int32_t c = 0; c < K; c++)
                if (conflict[c] < cost[v] && (pick < 0 || conflict[c] < conflict[pick])) pick = c;
            if (pick >= 0) {
                NB_FOR(w, v, u, {
                    if (colour[u] == pick) nbc_set(&nc, w, colour, u, -1);
                });
                nbc_set(&nc, w, colour, v, pick);
                changed = true;
            }
        }
        if (!changed) break;
    }
    double total = 0;
    for (int32_t v = 0; v < n; v++)
        if (w->alive[v] && colour[v] < 0) total += cost[v];
    free(nc.cnt);
    free(nc.zeros);
    free(nc.cset);
    free(nc.valid);
    free(nc.filled);
    free(nc.held);
    free(nc.dirty);
    free(taken);
    free(conflict);
    free(movable);
    return total;
}

/* Variants of the improved colouring; mc_allocate keeps the one with the
 * least estimated spill traffic. */
enum { MODE_COALESCE, MODE_NO_COALESCE, MODE_DEGREE, NMODES };

/* The chapter's order (descending degree, ties by name) as a select order:
 * each node takes the lowest free register or is spilled. */
static int32_t degree_select(Work *w, const McFunc *f, int32_t *colour, int32_t *order) {
    int32_t n = w->n, norder = 0;
    for (int32_t v = 0; v < n; v++) {
        colour[v] = -1;
        if (w->alive[v]) order[norder++] = v;
    }
    sort_degree_name(f, w->deg, order, norder);
    int32_t *taken = mc_xcalloc((size_t)w->K, sizeof *taken);
    int32_t words = w->dense ? w->dense->words : 0;
    uint64_t *cset = w->dense && w->K <= 64 ? mc_xcalloc((size_t)w->K * (size_t)words, sizeof *cset) : NULL;
    for (int32_t i = 0; i < norder; i++) {
        int32_t v = order[i];
        if (w->tr) {
            McTraceEvent e = tr_ev(MC_TR_ORDER, v, -1, -1);
            e.n1 = w->deg[v];
            tr_work(w, e);
        }
        if (cset) {
            uint64_t busy = 0; /* registers held by what merges added to v's row */
            for (int32_t k = 0; k < w->nnb[v]; k++)
                if (colour[w->nb[v][k]] >= 0) busy |= (uint64_t)1 << colour[w->nb[v][k]];
            const uint64_t *row = mc_igraph_bitrow(w->dense, v);
            for (int32_t r = 0; r < w->K && colour[v] < 0; r++)
                if (!((busy >> r) & 1) && !meets(row, cset + (size_t)r * (size_t)words, words)) colour[v] = r;
            if (colour[v] >= 0) cset[(size_t)colour[v] * (size_t)words + (size_t)(v >> 6)] |= (uint64_t)1 << (v & 63);
            if (w->tr) tr_work(w, tr_ev(MC_TR_COLOUR, v, -1, colour[v]));
            continue;
        }
#if defined(__GNUC__)
        /* the order is known: fetch the rows (and, further ahead, the row
         * pointers) of the nodes to come, which sit anywhere in memory */
        if (i + 8 < norder) __builtin_prefetch(w->nb[order[i + 8]]);
        if (i + 16 < norder) __builtin_prefetch(&w->nb[order[i + 16]]);
#endif
        if (w->K <= 64) {
            /* the registers taken around v as bits (-1 sets nothing) */
            uint64_t busy = 0;
            NB_FOR(w, v, t, {
                int32_t c = colour[t];
                busy |= (uint64_t)(c >= 0) << (c & 63);
            });
            uint64_t free_regs = ~busy & (w->K == 64 ? ~(uint64_t)0 : ((uint64_t)1 << w->K) - 1);
            if (free_regs) colour[v] = mc_ctz64(free_regs);
        } else {
            NB_FOR(w, v, t, {
                if (colour[t] >= 0) taken[colour[t]] = i + 1;
            });
            for (int32_t r = 0; r < w->K && colour[v] < 0; r++)
                if (taken[r] != i + 1) colour[v] = r;
        }
        if (w->tr) tr_work(w, tr_ev(MC_TR_COLOUR, v, -1, colour[v]));
    }
    free(cset);
    free(taken);
    return norder;
}

/* 2. conservative coalescing, heaviest moves first, until nothing changes.
 * The answer is that of sweeping every move until a sweep merges
 * nothing, obtained with less work: a move whose ends are one node or
 * interfere stays so (merges only join nodes and add edges) and leaves
 * the list; a move the conservative tests turned down is retested only
 * when a merge since its test touched one of its ends (merge), since
 * otherwise the tests would read the same and answer the same. */
/* a, b as the test reads them; reg: the representative a merge keeps */
static void trace_move(Work *w, int test, int32_t a, int32_t b, int32_t keep, int32_t n1, int32_t n2, bool merged) {
    McTraceEvent e = tr_ev(MC_TR_MOVE, a, b, keep);
    e.test = (uint8_t)test;
    e.n1 = n1;
    e.n2 = n2;
    e.flag = merged;
    tr_work(w, e);
}

static void coalesce(McAllocation *a, Work *w, int mode, bool plain, const int32_t *order) {
    const McFunc *f = a->f;
    const McIGraph *g = a->graph;
    int32_t nmo = g->nmoves;
    int32_t *mo = mc_xmalloc((size_t)(nmo ? nmo : 1) * sizeof *mo); /* the list shrinks as moves leave it */
    memcpy(mo, order, (size_t)nmo * sizeof *mo);
    int32_t *tested = mc_xmalloc((size_t)(nmo ? nmo : 1) * sizeof *tested); /* merges when last tested */
    for (int32_t i = 0; i < nmo; i++) tested[i] = -1;
    for (bool changed = mode == MODE_COALESCE && w->opt->coalesce != MC_COALESCE_OFF; changed;) {
        changed = false;
        int32_t open = 0;
        for (int32_t i = 0; i < nmo; i++) {
            int32_t x = find(w, g->moves[mo[i]][0]), y = find(w, g->moves[mo[i]][1]);
            if (plain) mo[open] = mo[i], tested[open++] = -1; /* every move, every sweep */
            if (x == y) continue;
            if (!plain && tested[i] >= 0 && w->changed_at[x] <= tested[i] && w->changed_at[y] <= tested[i]) {
                mo[open] = mo[i], tested[open++] = tested[i]; /* turned down, and nothing it reads changed */
                continue;
            }
            if (interferes(w, x, y)) {
                if (w->tr) trace_move(w, MC_TEST_INTERFERE, x, y, x, 0, 0, false);
                continue;
            }
            /* bound parameters keep their own node as representative */
            int32_t keep = x, gone = y;
            if (f->values[y].param != MC_NONE) keep = y, gone = x;
            bool ok;
            if (w->opt->coalesce == MC_COALESCE_AGGRESSIVE) {
                ok = true;
                if (w->tr) trace_move(w, MC_TEST_AGGRESSIVE, keep, gone, keep, 0, 0, true);
            } else {
                int32_t n[3];
                ok = conservative(w, keep, gone, n);
                if (w->tr) { /* the counts are exact: each test as it answers */
                    trace_move(w, MC_TEST_BRIGGS, keep, gone, keep, n[0], w->K, n[0] < w->K);
                    if (n[0] >= w->K) trace_move(w, MC_TEST_GEORGE, keep, gone, keep, n[1], 0, n[1] == 0);
                    if (n[0] >= w->K && n[1] != 0)
                        trace_move(w, MC_TEST_GEORGE, gone, keep, keep, n[2], 0, n[2] == 0);
                }
            }
            if (ok) {
                merge(w, keep, gone);
                a->cost[keep] += a->cost[gone];
                a->ncoalesced++;
                changed = true;
            } else if (!plain) {
                mo[open] = mo[i], tested[open++] = w->merges;
            }
        }
        nmo = open;
    }
    free(tested);
    free(mo);
}

/* 3-4. simplify/select under three spill metrics; keep the cheapest: the
 * coloured nodes get their register in a->loc, the others go to spilled
 * (returns how many). */
static int32_t select_registers(McAllocation *a, Work *w, const Partners *pt, int mode, int32_t *spilled) {
    const McFunc *f = a->f;
    int32_t n = a->graph->nvalues;
    int32_t *colour = mc_xmalloc((size_t)(n ? n : 1) * sizeof *colour);
    int32_t *best_colour = mc_xmalloc((size_t)(n ? n : 1) * sizeof *best_colour);
    int32_t *order = mc_xmalloc((size_t)(n ? n : 1) * sizeof *order);
    a->order = mc_xmalloc((size_t)(n ? n : 1) * sizeof *a->order);
    double best = INFINITY;
    bool chapter = mode == MODE_DEGREE || w->opt->metric == MC_METRIC_CHAPTER;
    int first = 0, last = chapter ? 1 : NMETRICS;
    if (!chapter && w->opt->metric != MC_METRIC_BEST) {
        first = w->opt->metric - MC_METRIC_COST_DEGREE;
        last = first + 1;
    }
    /* select's lists (see Later), shared by the metrics' runs */
    Later later = {NULL, NULL}, *lt = NULL;
    if (!chapter && !w->dense) {
        size_t total = 0;
        for (int32_t v = 0; v < n; v++)
            if (w->alive[v]) total += (size_t)w->nnb[v];
        later.at = mc_xmalloc(((size_t)n + 1) * sizeof *later.at);
        later.list = mc_xmalloc((total ? total : 1) * sizeof *later.list);
        later.at[0] = 0;
        lt = &later;
    }
    Scratch sc;
    if (!chapter) scratch_init(&sc, n, w->K);
    for (int metric = first; metric < last; metric++) {
        w->metric = (int8_t)(chapter ? MC_METRIC_CHAPTER : MC_METRIC_COST_DEGREE + metric);
        int32_t norder = chapter ? degree_select(w, f, colour, order)
                                 : simplify_select(w, a->cost, pt, metric, &sc, lt, colour, order);
        double c = recolour(w, a->cost, colour);
        if (w->tr) {
            McTraceEvent e = tr_ev(MC_TR_SELECTED, -1, -1, -1);
            e.x = c;
            e.flag = c < best;
            tr_work(w, e);
        }
        if (c < best) {
            if (w->tr) w->tr->won_metric = w->metric;
            best = c;
            memcpy(best_colour, colour, (size_t)n * sizeof *colour);
            memcpy(a->order, order, (size_t)norder * sizeof *order);
            a->norder = norder;
        }
    }
    w->metric = 0;
    int32_t nsp = 0;
    for (int32_t v = 0; v < n; v++) {
        if (!w->alive[v]) continue;
        if (best_colour[v] >= 0)
            a->loc[v] = (McLocation){MC_LOC_REG, best_colour[v]};
        else
            spilled[nsp++] = v;
    }
    if (!chapter) scratch_free(&sc);
    free(later.at);
    free(later.list);
    free(colour);
    free(best_colour);
    free(order);
    return nsp;
}

/* 5. spill-slot colouring: costliest first, partner's slot preferred */
static void colour_slots(McAllocation *a, Work *w, const Partners *pt, int32_t *spilled, int32_t nsp) {
    const McFunc *f = a->f;
    int32_t st = w->stamp;
    SortCtx sc = {f, a->cost};
    sort_nodes(&sc, spilled, nsp, by_cost);
    int32_t *slot_taken = mc_xcalloc((size_t)(nsp ? nsp : 1), sizeof *slot_taken);
    /* dense: the nodes given a slot so far, as bits, so that only those
     * neighbours are visited */
    uint64_t *slotted = w->dense ? mc_xcalloc((size_t)w->dense->words, sizeof *slotted) : NULL;
    int32_t nslotted = 0;
    for (int32_t i = 0; i < nsp; i++) {
        int32_t v = spilled[i];
        st++;
        /* Every slot so far having one holder, a node neighbouring all the
         * slotted nodes finds every slot taken: a new one, at once. */
        bool all_taken = false;
        if (slotted && nslotted == a->slots && w->nnb[v] == 0) {
            const uint64_t *row = mc_igraph_bitrow(w->dense, v);
            int32_t m = 0;
            for (int32_t k = 0; k < w->dense->words; k++) m += mc_popcount64(row[k] & slotted[k]);
            all_taken = m == nslotted;
        }
        int32_t s = -1;
        if (all_taken || w->opt->no_slot_sharing) {
            s = a->slots++;
        } else {
            if (slotted) {
                const uint64_t *row = mc_igraph_bitrow(w->dense, v);
                for (int32_t k = 0; k < w->dense->words; k++)
                    for (uint64_t x = row[k] & slotted[k]; x; x &= x - 1)
                        slot_taken[a->loc[k * 64 + mc_ctz64(x)].index] = st;
                for (int32_t k = 0; k < w->nnb[v]; k++) {
                    int32_t t = w->nb[v][k];
                    if (w->alive[t] && a->loc[t].kind == MC_LOC_SLOT) slot_taken[a->loc[t].index] = st;
                }
            } else {
                NB_FOR(w, v, t, {
                    if (w->alive[t] && a->loc[t].kind == MC_LOC_SLOT) slot_taken[a->loc[t].index] = st;
                });
            }
            for (int32_t k = pt->start[v]; k < pt->start[v + 1] && s < 0; k++) {
                McLocation l = a->loc[pt->list[k]];
                if (l.kind == MC_LOC_SLOT && slot_taken[l.index] != st) s = l.index;
            }
            for (int32_t c = 0; c < a->slots && s < 0; c++)
                if (slot_taken[c] != st) s = c;
            if (s < 0) s = a->slots++;
        }
        if (w->tr) {
            int32_t holder = -1;
            for (int32_t j = 0; j < i && holder < 0; j++)
                if (a->loc[spilled[j]].index == s) holder = spilled[j];
            McTraceEvent e = tr_ev(MC_TR_SLOT, v, holder, s);
            e.flag = holder >= 0;
            e.x = a->cost[v];
            tr_work(w, e);
        }
        a->loc[v] = (McLocation){MC_LOC_SLOT, s};
        if (slotted) slotted[v >> 6] |= (uint64_t)1 << (v & 63), nslotted++;
    }
    free(slotted);
    free(slot_taken);
}

static void colour_improved(McAllocation *a, int mode, bool plain, const McAllocOptions *opt, McAllocTrace *tr,
                            const int32_t *order) {
    const McIGraph *g = a->graph;
    int32_t K = a->registers, n = g->nvalues;
    Work w;
    work_init(&w, g, K);
    w.opt = opt;
    w.tr = tr;
    w.variant = (int8_t)(MC_VARIANT_COALESCE + mode);
    w.plain = plain;
    coalesce(a, &w, mode, plain, order);
    for (int32_t v = 0; v < n; v++) a->alias[v] = find(&w, v);
    rows_drop_dead(&w);

    Partners pt;
    partners_build(&pt, &w, g, opt->no_bias);
    int32_t *spilled = mc_xmalloc((size_t)(n ? n : 1) * sizeof *spilled);
    int32_t nsp = select_registers(a, &w, &pt, mode, spilled);
    colour_slots(a, &w, &pt, spilled, nsp);
    a->nspilled = 0;
    for (int32_t v = 0; v < n; v++) {
        if (!g->node[v]) continue;
        a->loc[v] = a->loc[a->alias[v]];
        if (a->loc[v].kind == MC_LOC_SLOT) a->nspilled++;
    }
    free(spilled);
    free(pt.start);
    free(pt.list);
    work_free(&w);
}

/* 6. delete copies made redundant by the allocation. */
static void drop_redundant_copies(McAllocation *a) {
    McFunc *f = a->f;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            bool redundant = in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) &&
                             a->loc[in->dest].kind != MC_LOC_NONE && loc_eq(a->loc[in->dest], a->loc[in->a[0].v]);
            if (redundant) {
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

/* Spill traffic the allocation would cause under the block weights: every
 * slot operand or destination of an instruction the machine executes (copies
 * between equal locations are deleted) plus slot-bound parameters; each
 * remaining copy adds a little so that, at equal traffic, fewer copies win. */
static double estimate_traffic(const McAllocation *a, const McFunc *f, const double *weight) {
    double e = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        double w = weight[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && loc_eq(a->loc[in->dest], a->loc[in->a[0].v]))
                continue;
            if (in->op == MC_OP_COPY) e += 1e-3 * w;
            for (int k = 0; k < mc_op_info[in->op].nargs; k++)
                if (mc_opnd_is_val(in->a[k]) && a->loc[in->a[k].v].kind == MC_LOC_SLOT) e += w;
            if (in->dest != MC_NONE && a->loc[in->dest].kind == MC_LOC_SLOT) e += w;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) &&
            a->loc[bl->term.arg.v].kind == MC_LOC_SLOT)
            e += w;
    }
    for (int32_t p = 0; p < f->nparams; p++)
        if (a->param_bound[p] && a->loc[f->params[p]].kind == MC_LOC_SLOT) e += 1;
    return e;
}

/* ---- driver ------------------------------------------------------------------ */

/* The interference limit: $MINICC_MAX_INTERFERENCES when set (a positive
 * number), else the default; -1 with a diagnostic when it is malformed. */
static int64_t interference_limit(McDiags *d) {
    uint64_t v = MC_DEFAULT_MAX_INTERFERENCES;
    if (mc_env_number("MINICC_MAX_INTERFERENCES", false, (uint64_t)INT64_MAX, &v) < 0) {
        mc_diag(d, (McLoc){0, 0}, "$MINICC_MAX_INTERFERENCES must be a positive number, not '%s'",
                getenv("MINICC_MAX_INTERFERENCES"));
        return -1;
    }
    return (int64_t)v;
}

McAllocation *mc_allocate(const McFunc *ssa, McAllocator which, int regs, McDiags *d) {
    return mc_allocate_knobs(ssa, which, regs, NULL, d);
}

McAllocation *mc_allocate_sweeps(const McFunc *ssa, McAllocator which, int regs, bool plain_sweeps, McDiags *d) {
    McAllocKnobs k = {plain_sweeps, 0};
    return mc_allocate_knobs(ssa, which, regs, &k, d);
}

McAllocation *mc_allocate_knobs(const McFunc *ssa, McAllocator which, int regs, const McAllocKnobs *knobs,
                                McDiags *d) {
    return mc_allocate_full(ssa, which, regs, knobs, NULL, d);
}

McAllocation *mc_allocate_opts(const McFunc *ssa, McAllocator which, int regs, const McAllocOptions *o, McDiags *d) {
    return mc_allocate_full(ssa, which, regs, NULL, o, d);
}

McAllocation *mc_allocate_full(const McFunc *ssa, McAllocator which, int regs, const McAllocKnobs *knobs,
                               const McAllocOptions *opts, McDiags *d) {
    McAllocOptions none;
    mc_alloc_options_default(&none);
    const McAllocOptions *o = opts ? opts : &none;
    McAllocTrace *tr = o->trace;
    bool plain_sweeps = knobs && knobs->plain_sweeps;
    int form = knobs ? knobs->igraph_form : 0;
    if (regs < 1) {
        mc_diag(d, (McLoc){0, 0}, "at least one register is required (got %d)", regs);
        return NULL;
    }
    int64_t limit = interference_limit(d);
    if (limit < 0) return NULL;
    if (which == MC_ALLOC_LINEAR) return mc_allocate_linear(ssa, regs, limit, form, d);
    if (which == MC_ALLOC_SSA) return mc_allocate_ssa(ssa, regs, limit, form, d);
    McDestroyed *x = mc_destroy_phis_opts(ssa, which, o, d);
    if (!x) return NULL;
    if (tr) tr->won_variant = tr->won_metric = 0;
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
    if (which == MC_ALLOC_BASELINE) {
        a->graph = mc_interference_opts(x->f, which, NULL, limit, form, o, d);
        if (!a->graph) {
            mc_allocation_free(a);
            return NULL;
        }
        colour_baseline(a, tr);
    } else {
        McCfg *cfg = mc_cfg_build_loops(x->f);
        a->graph = mc_interference_opts(x->f, which, cfg->loop_depth, limit, form, o, d);
        if (!a->graph) {
            mc_cfg_free(cfg);
            mc_allocation_free(a);
            return NULL;
        }
        for (int32_t p = 0; p < a->f->nparams; p++) a->param_bound[p] = a->graph->node[a->f->params[p]] &&
                                                                          a->f->values[a->f->params[p]].kind == MC_VAL_I32;
        /* a parameter is bound only when it is live on entry */
        for (int32_t p = 0; p < a->f->nparams; p++)
            if (!a->graph->entry_live[a->f->params[p]]) a->param_bound[p] = 0;
        double *weight = block_weights(x->f, cfg);
        spill_costs(a, weight);
        if (tr) trace_costs(a, weight, tr);
        mc_cfg_free(cfg);
        double *cost0 = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *cost0);
        memcpy(cost0, a->cost, (size_t)nv * sizeof *cost0);
        /* the winner so far */
        McAllocation keep = {0};
        keep.loc = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *keep.loc);
        keep.alias = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *keep.alias);
        keep.cost = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *keep.cost);
        int32_t *mo = move_order(a->graph);
        double best = INFINITY;
        bool merged = true;
        int won_variant = 0, won_metric = 0;
        for (int mode = 0; mode < NMODES; mode++) {
            /* Coalescing that merged nothing leaves exactly the graph,
             * costs and partners of the variant without it, whose result
             * would then be the same and could not win (ties keep the
             * first). */
            if (o->variant != MC_VARIANT_BEST && mode != (int)o->variant - MC_VARIANT_COALESCE) continue;
            if (mode == MODE_NO_COALESCE && !merged && o->variant == MC_VARIANT_BEST) continue;
            if (tr) {
                McTraceEvent e = tr_ev(MC_TR_VARIANT, -1, -1, -1);
                e.variant = (int8_t)(MC_VARIANT_COALESCE + mode);
                e.n1 = MC_VARIANT_COALESCE + mode;
                tr_add(tr, e);
            }
            memcpy(a->cost, cost0, (size_t)nv * sizeof *cost0);
            memset(a->loc, 0, (size_t)nv * sizeof *a->loc);
            for (int32_t v = 0; v < nv; v++) a->alias[v] = v;
            free(a->order);
            a->order = NULL;
            a->norder = a->ncoalesced = a->slots = a->nspilled = 0;
            int32_t metric_before = tr ? tr->won_metric : 0;
            colour_improved(a, mode, plain_sweeps, o, tr, mo);
            if (mode == MODE_COALESCE) merged = a->ncoalesced > 0;
            double e = estimate_traffic(a, x->f, weight);
            if (tr) {
                McTraceEvent ev = tr_ev(MC_TR_ESTIMATE, -1, -1, -1);
                ev.variant = (int8_t)(MC_VARIANT_COALESCE + mode);
                ev.n1 = MC_VARIANT_COALESCE + mode;
                ev.x = e;
                ev.flag = e < best;
                tr_add(tr, ev);
                /* the metric kept is that of the variant kept */
                if (e < best) won_metric = tr->won_metric;
                tr->won_metric = metric_before;
            }
            if (e < best) {
                best = e;
                if (tr) won_variant = MC_VARIANT_COALESCE + mode;
                free(keep.order);
                keep.order = a->order;
                a->order = NULL;
                keep.norder = a->norder, keep.ncoalesced = a->ncoalesced;
                keep.slots = a->slots, keep.nspilled = a->nspilled;
                memcpy(keep.loc, a->loc, (size_t)nv * sizeof *a->loc);
                memcpy(keep.alias, a->alias, (size_t)nv * sizeof *a->alias);
                memcpy(keep.cost, a->cost, (size_t)nv * sizeof *a->cost);
            }
        }
        free(a->order);
        a->order = keep.order;
        a->norder = keep.norder, a->ncoalesced = keep.ncoalesced;
        a->slots = keep.slots, a->nspilled = keep.nspilled;
        memcpy(a->loc, keep.loc, (size_t)nv * sizeof *a->loc);
        memcpy(a->alias, keep.alias, (size_t)nv * sizeof *a->alias);
        memcpy(a->cost, keep.cost, (size_t)nv * sizeof *a->cost);
        free(keep.loc);
        free(keep.alias);
        free(keep.cost);
        if (tr) {
            tr->won_variant = won_variant;
            tr->won_metric = won_metric;
            McTraceEvent ev = tr_ev(MC_TR_WINNER, -1, -1, -1);
            ev.n1 = won_variant;
            ev.x = best;
            tr_add(tr, ev);
        }
        free(mo);
        free(cost0);
        free(weight);
        drop_redundant_copies(a);
    }
    char msg[256];
    if (!mc_allocation_check(a, msg, sizeof msg)) mc_panic(__FILE__, __LINE__, "register allocation: %s", msg);
    return a;
}

/* Dense graphs: the nodes of each location as bits, and every node's row
 * AND its location's nodes; O(nodes x words) instead of O(edges). true when
 * every node has a valid location shared with no neighbour. */
static bool dense_check_ok(const McAllocation *a) {
    const McIGraph *g = a->graph;
    int32_t K = a->registers, nkeys = K + a->slots;
    int32_t *start = mc_xcalloc((size_t)nkeys + 1, sizeof *start);
    bool ok = true;
    for (int32_t v = 0; v < g->nvalues && ok; v++) {
        if (!g->node[v]) continue;
        McLocation l = a->loc[v];
        if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < K)
            start[l.index + 1]++;
        else if (l.kind == MC_LOC_SLOT && l.index >= 0 && l.index < a->slots)
            start[K + l.index + 1]++;
        else
            ok = false;
    }
    if (!ok) {
        free(start);
        return false;
    }
    for (int32_t k = 0; k < nkeys; k++) start[k + 1] += start[k];
    int32_t *members = mc_xmalloc((size_t)(start[nkeys] ? start[nkeys] : 1) * sizeof *members);
    int32_t *fill = mc_xmalloc((size_t)(nkeys ? nkeys : 1) * sizeof *fill);
    memcpy(fill, start, (size_t)nkeys * sizeof *fill);
    for (int32_t v = 0; v < g->nvalues; v++) {
        if (!g->node[v]) continue;
        McLocation l = a->loc[v];
        members[fill[l.kind == MC_LOC_REG ? l.index : K + l.index]++] = v;
    }
    uint64_t *set = mc_xcalloc((size_t)g->words, sizeof *set);
    for (int32_t k = 0; k < nkeys && ok; k++) {
        if (start[k + 1] - start[k] < 2) continue;
        for (int32_t i = start[k]; i < start[k + 1]; i++) set[members[i] >> 6] |= (uint64_t)1 << (members[i] & 63);
        for (int32_t i = start[k]; i < start[k + 1] && ok; i++)
            if (meets(mc_igraph_bitrow(g, members[i]), set, g->words)) ok = false;
        for (int32_t i = start[k]; i < start[k + 1]; i++) set[members[i] >> 6] = 0;
    }
    free(set);
    free(fill);
    free(members);
    free(start);
    return ok;
}

bool mc_allocation_check(const McAllocation *a, char *msg, size_t size) {
    const McIGraph *g = a->graph;
    if (g->bits && dense_check_ok(a)) return true; /* else the scan below names the first violation */
    for (int32_t v = 0; v < g->nvalues; v++) {
        if (!g->node[v]) continue;
        McLocation l = a->loc[v];
        if (l.kind == MC_LOC_NONE || (l.kind == MC_LOC_REG && (l.index < 0 || l.index >= a->registers)) ||
            (l.kind == MC_LOC_SLOT && (l.index < 0 || l.index >= a->slots))) {
            snprintf(msg, size, "value %s has no valid location", a->f->values[v].name);
            return false;
        }
        IG_FOR(g, v, t, {
            if (loc_eq(l, a->loc[t])) {
                char buf[32];
                snprintf(msg, size, "interfering values %s and %s share %s", a->f->values[v].name,
                         a->f->values[t].name, mc_location_str(l, buf, sizeof buf));
                return false;
            }
        });
    }
    return true;
}

void mc_allocation_free(McAllocation *a) {
    if (!a) return;
    if (a->phi_copy)
        for (int32_t b = 0; b < a->f->nblocks; b++) free(a->phi_copy[b]);
    free(a->phi_copy);
    mc_func_free(a->f);
    mc_destroyed_free(a->destroyed);
    mc_igraph_free(a->graph);
    free(a->loc);
    free(a->order);
    free(a->alias);
    free(a->cost);
    free(a->param_bound);
    free(a);
}

void mc_allocation_print(const McAllocation *a, FILE *out) {
    const McFunc *f = a->f;
    fprintf(out, "# %s allocation of %s: %d register%s, %d slot%s, %d value%s spilled, %d coalesced, %d cop%s removed\n",
            mc_allocator_name(a->allocator), f->name, (int)a->registers,
            a->registers == 1 ? "" : "s", (int)a->slots, a->slots == 1 ? "" : "s", (int)a->nspilled,
            a->nspilled == 1 ? "" : "s", (int)a->ncoalesced, (int)a->removed_copies,
            a->removed_copies == 1 ? "y" : "ies");
    for (int32_t v = 0; v < f->nvalues; v++) {
        McLocation l = a->loc[v];
        if (l.kind == MC_LOC_NONE) continue;
        char buf[32];
        fprintf(out, "# %s -> %s", f->values[v].name, mc_location_str(l, buf, sizeof buf));
        if (a->alias[v] != v) fprintf(out, " (coalesced with %s)", f->values[a->alias[v]].name);
        if (f->values[v].param != MC_NONE && !a->param_bound[f->values[v].param]) fprintf(out, " (not bound on entry)");
        fputc('\n', out);
    }
    /* The destroyed function, copies intact: read back by name it means the
     * same thing (the machine's code, a->f, only does so through the shared
     * locations). The copies the machine skips are listed. */
    const McFunc *x = a->destroyed->f;
    for (int32_t b = 0; b < x->nblocks; b++)
        for (int32_t i = 0; i < x->blocks[b].ninsts; i++) {
            const McInst *in = &x->blocks[b].insts[i];
            if (in->op != MC_OP_COPY || !mc_opnd_is_val(in->a[0]) || a->loc[in->dest].kind == MC_LOC_NONE ||
                !loc_eq(a->loc[in->dest], a->loc[in->a[0].v]) || a->allocator == MC_ALLOC_BASELINE)
                continue;
            char buf[32];
            fprintf(out, "# deleted in %s: %s = copy %s (both in %s)\n", x->blocks[b].name, x->values[in->dest].name,
                    x->values[in->a[0].v].name, mc_location_str(a->loc[in->dest], buf, sizeof buf));
        }
    mc_func_print(x, out);
}
