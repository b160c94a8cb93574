/* simplify.c - the improved allocator's steps 3 and 4 (regalloc.c):
 * simplify under a spill metric (a radix heap of the optimistic
 * candidates; one sort for the plain cost), select with biased colouring,
 * the chapter's degree order as a select order, and the choice of the
 * cheapest recoloured result over the metrics. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "regalloc_int.h"

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
    MC_GROW(h->b[i], h->cap[i], (size_t)h->cap[i] + 1, 64);
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
    /* calls=interfere: a node live across a call interferes with the F
     * registers the call clobbers, neighbours that are never removed: its
     * degree counts them, so it is trivially colourable only when fewer
     * than K - F of its neighbours are left */
    int32_t forbidden = 0;
    for (int32_t r = 0; w->cons && w->cons->interfere && r < K; r++) forbidden += mc_conv_caller_saved(w->cons->conv, K, r);
    for (int32_t v = 0; v < n; v++) {
        wdeg[v] = -1;
        if (!w->alive[v]) continue;
        wdeg[v] = w->deg[v] + (w->cons && w->cons_across[v] ? forbidden : 0);
        /* x86-64: the fixed registers forbidden to it count too (those not counted already) */
        if (w->cons && w->cons_fixed[v]) {
            uint64_t extra = w->cons_fixed[v];
            if (w->cons_across[v]) extra &= ~w->cons->forbidden_bits;
            wdeg[v] += (int32_t)mc_popcount64(extra);
        }
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

/* A node takes (stamps) its fixed registers (x86-64) and, live across a call under
 * calls=interfere, the caller-saved registers. */
static void cons_take(const Work *w, int32_t v, int32_t *taken, int32_t st) {
    for (int32_t c = 0; c < w->K && c < 64; c++)
        if ((w->cons_fixed[v] >> c) & 1) taken[c] = st;
    if (!w->cons_across[v]) return;
    for (int32_t c = 0; c < w->K; c++)
        if (mc_conv_caller_saved(w->cons->conv, w->K, c)) taken[c] = st;
}

/* Select: pop the stack, giving each node a copy partner's register when
 * free, else the lowest free one, else none (-1: it spills). Returns the
 * number of nodes coloured, in order. */
/* taken[c] = st for every register c a neighbour of v holds (v's stack
 * entry nstack of lt, the later neighbours, when there is one). */
static inline void mark_taken(const Work *w, int32_t v, const Later *lt, int32_t nstack, const int32_t *colour,
                              int32_t *taken, int32_t st) {
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
}

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
    uint64_t *cset = w->dense && K <= 64 && !w->cons ? mc_xcalloc((size_t)K * (size_t)words, sizeof *cset) : NULL;
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
        if (w->cons) {
            /* calls=interfere: the neighbours' registers and, for a node live
             * across a call, the registers the call clobbers are taken; then a
             * copy partner's register, the preferred one, the lowest free */
            mark_taken(w, v, lt, nstack, colour, taken, st);
            cons_take(w, v, taken, st);
            for (int32_t k = pt->start[v]; k < pt->start[v + 1] && r < 0; k++) {
                int32_t p = pt->list[k];
                if (colour[p] >= 0 && taken[colour[p]] != st) r = colour[p], partner = p;
            }
            int32_t pref = w->cons_pref[v];
            if (r < 0 && pref >= 0 && pref < K && taken[pref] != st) r = pref;
            for (int32_t c = 0; c < K && r < 0; c++)
                if (taken[c] != st) r = c;
        } else if (cset) {
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
            mark_taken(w, v, lt, nstack, colour, taken, st);
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

/* The chapter's order (descending degree, ties by name) as a select order:
 * each node takes the lowest free register or is spilled. */
static int32_t degree_select(Work *w, const McFunc *f, int32_t *colour, int32_t *order) {
    int32_t n = w->n, norder = 0;
    for (int32_t v = 0; v < n; v++) {
        colour[v] = -1;
        if (w->alive[v]) order[norder++] = v;
    }
    mc_ra_sort_degree_name(f, w->deg, order, norder);
    int32_t *taken = mc_xcalloc((size_t)w->K, sizeof *taken);
    int32_t words = w->dense ? w->dense->words : 0;
    uint64_t *cset = w->dense && w->K <= 64 && !w->cons ? mc_xcalloc((size_t)w->K * (size_t)words, sizeof *cset) : NULL;
    for (int32_t i = 0; i < norder; i++) {
        int32_t v = order[i];
        if (w->tr) {
            McTraceEvent e = tr_ev(MC_TR_ORDER, v, -1, -1);
            e.n1 = w->deg[v];
            tr_work(w, e);
        }
        if (w->cons) { /* calls=interfere: as select_colours, without partners */
            NB_FOR(w, v, t, {
                if (colour[t] >= 0) taken[colour[t]] = i + 1;
            });
            cons_take(w, v, taken, i + 1);
            int32_t pref = w->cons_pref[v];
            if (pref >= 0 && pref < w->K && taken[pref] != i + 1) colour[v] = pref;
            for (int32_t r = 0; r < w->K && colour[v] < 0; r++)
                if (taken[r] != i + 1) colour[v] = r;
            if (w->tr) tr_work(w, tr_ev(MC_TR_COLOUR, v, -1, colour[v]));
            continue;
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

/* 3-4. simplify/select under three spill metrics; keep the cheapest: the
 * coloured nodes get their register in a->loc, the others go to spilled
 * (returns how many). */
int32_t mc_ra_select_registers(McAllocation *a, Work *w, const Partners *pt, int mode, int32_t *spilled) {
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
        if (metric > first && mc_interrupted(w->stop)) break; /* the driver keeps nothing */
        w->metric = (int8_t)(chapter ? MC_METRIC_CHAPTER : MC_METRIC_COST_DEGREE + metric);
        int32_t norder = chapter ? degree_select(w, f, colour, order)
                                 : simplify_select(w, a->cost, pt, metric, &sc, lt, colour, order);
        double c = mc_ra_recolour(w, a->cost, colour);
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
