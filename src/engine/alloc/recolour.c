/* recolour.c - the improved allocator's recolouring after select (step 4
 * in regalloc.c): a spilled node takes a register when the neighbours
 * holding it can all move to another free register, or cost less than it
 * (they are spilled instead); per-node neighbour counts and register bits
 * answer "which register is free around u?" without rescanning rows. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "regalloc_int.h"

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

/* nbc_any_free, inline, from the bits (this loop visits each neighbour of
 * each spilled node per pass): conflict[c], the cost of v's neighbours
 * holding c, and movable[c], whether they can all move to another free
 * register. The registers still open: mov, those no stuck holder has ruled
 * out yet; low, those whose conflict is still below cost[v]. Once both are
 * empty v is turned down whatever the rest of its row holds (a sum of costs
 * >= 0 only grows), so the walk stops there, and this returns false. */
static bool conflicts_held(Work *w, NbColours *nc, const double *cost, const int32_t *colour, int32_t v,
                           double *conflict, int32_t *movable) {
    int32_t K = w->K;
    uint64_t all = K >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << K) - 1; /* the K registers */
    uint64_t mov = all, low = cost[v] > 0 ? all : 0;
    const int32_t *row = w->nb[v]; /* adjacency rows: NB_FOR is this loop */
    if (w->plain) {
        for (int32_t k = 0, m = w->nnb[v]; k < m; k++) {
            int32_t u = row[k], cu = colour[u];
            if (cu < 0) continue;
            uint64_t bit = (uint64_t)1 << cu;
            conflict[cu] += cost[u];
            if ((mov & bit) && !(~nbc_bits(nc, colour, u) & all & ~bit)) mov &= ~bit;
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
            if ((mov & bit) && !(~nbc_bits(nc, colour, u) & all & ~bit)) mov &= ~bit;
        }
        if (!(mov | low)) return false; /* turned down */
    }
    for (int32_t c = 0; c < K; c++) movable[c] = (mov >> c) & 1;
    return true;
}

/* Spilled node v, without the dense colour sets: takes the first register
 * whose holders can all move, else the cheapest one whose holders cost less
 * than v (they are spilled). Returns whether a colour changed. */
static bool recolour_sparse(Work *w, NbColours *nc, const double *cost, int32_t *colour, int32_t v, double *conflict,
                            int32_t *movable, int32_t *taken) {
    int32_t K = w->K;
    for (int32_t c = 0; c < K; c++) conflict[c] = 0;
    if (!nc->held)
        for (int32_t c = 0; c < K; c++) movable[c] = 1;
    if (nc->held) {
        if (!conflicts_held(w, nc, cost, colour, v, conflict, movable)) return false;
    } else if (nc->filled) {
        NB_FOR(w, v, u, {
            int32_t cu = colour[u];
            if (cu < 0) continue;
            conflict[cu] += cost[u];
            if (movable[cu]) {
                const int32_t *cnt = nbc_counts(nc, colour, u); /* before zeros[u]: fills it */
                if (nc->zeros[u] - (cnt[cu] == 0) <= 0) movable[cu] = 0;
            }
        });
    } else {
        NB_FOR(w, v, u, {
            if (colour[u] < 0) continue;
            conflict[colour[u]] += cost[u];
            if (movable[colour[u]] && !nbc_any_free(nc, w, colour, u, colour[u], taken))
                movable[colour[u]] = 0;
        });
    }
    int32_t pick = -1;
    for (int32_t c = 0; c < K && pick < 0; c++)
        if (movable[c]) pick = c;
    if (pick >= 0) {
        NB_FOR(w, v, u, {
            if (colour[u] != pick) continue;
            int32_t to = nbc_free(nc, w, colour, u, pick, taken);
            MC_ASSERT(to >= 0);
            nbc_set(nc, w, colour, u, to);
        });
        nbc_set(nc, w, colour, v, pick);
        return true;
    }
    for (int32_t c = 0; c < K; c++)
        if (conflict[c] < cost[v] && (pick < 0 || conflict[c] < conflict[pick])) pick = c;
    if (pick >= 0) {
        NB_FOR(w, v, u, {
            if (colour[u] == pick) nbc_set(nc, w, colour, u, -1);
        });
        nbc_set(nc, w, colour, v, pick);
        return true;
    }
    return false;
}

/* The total cost of the nodes left spilled. */
static double spilled_cost(const Work *w, const double *cost, const int32_t *colour) {
    double total = 0;
    for (int32_t v = 0; v < w->n; v++)
        if (w->alive[v] && colour[v] < 0) total += cost[v];
    return total;
}

/* Local improvement after select: a spilled node takes register r when
 * every neighbour holding r can move to another free register, or when the
 * neighbours holding r cost less than it (they are spilled instead). Each
 * step lowers (spilled cost, spilled count), so it terminates. Returns the
 * total cost of the spilled nodes. */
double mc_ra_recolour(Work *w, const double *cost, int32_t *colour) {
    int32_t n = w->n, K = w->K;
    /* calls=interfere: recolouring does not know the forbidden registers, so a
     * function with constraints keeps select's colours */
    if (w->opt->no_recolour || w->cons) return spilled_cost(w, cost, colour);
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
    uint64_t *dirty = w->plain ? NULL : nc.dirty;
    for (int pass = 0; pass < 4; pass++) {
        if (pass > 0 && mc_interrupted(w->stop)) break; /* each pass leaves a colouring; the driver keeps none */
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
            if (recolour_sparse(w, &nc, cost, colour, v, conflict, movable, taken)) changed = true;
        }
        if (!changed) break;
    }
    double total = spilled_cost(w, cost, colour);
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
