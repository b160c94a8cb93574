/* coalesce.c - the improved allocator's work graph and its conservative
 * coalescing (steps 2 and the partners of step 4 in regalloc.c's account):
 * representatives and their live rows, Briggs' and George's tests, merges,
 * and the retesting of only the moves a merge could have changed, from
 * counts kept up to date across merges (Held). */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "regalloc_int.h"

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
    int64_t reads = 0;
    NB_FOR(w, a, t, {
        reads++;
        if (w->alive[t]) w->mark[t] = st;
    });
    if (w->counts) w->counts->row_reads += reads;
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

void mc_ra_work_init(Work *w, const McIGraph *g, int32_t K) {
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


void mc_ra_work_free(Work *w) {
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
void mc_ra_rows_drop_dead(Work *w) {
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
 * so with ge, a's neighbours of degree >= K, only, b's neighbours of
 * degree >= K not next to a, both, the common ones of degree >= K, and eq,
 * the common ones of degree exactly K (the one each loses is what Briggs
 * subtracts): n[1] = only, n[2] = ge - both and n[0] = only + ge - eq.
 * conservative_counts fills c[] = {ge, only, both, eq}; conservative_tests
 * turns them into n[] and says whether one of the tests lets the merge go
 * ahead. */
enum { C_GE, C_ONLY, C_BOTH, C_EQ, NCOUNTS };

static void conservative_counts(Work *w, int32_t a, int32_t b, int32_t c[NCOUNTS]) {
    int32_t in_a = ++w->stamp, K = w->K, ge = 0, only = 0, both = 0, eq = 0;
    int64_t reads = 0;
    const bool *alive = w->alive;
    const int32_t *deg = w->deg;
    int32_t *mark = w->mark;
    if (w->dense) {
        NB_FOR(w, a, t, {
            reads++;
            if (!alive[t]) continue;
            mark[t] = in_a;
            ge += deg[t] >= K;
        });
        NB_FOR(w, b, t, {
            reads++;
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
        reads = (int64_t)w->nnb[a] + w->nnb[b];
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
    if (w->counts) w->counts->tests++, w->counts->row_reads += reads;
    c[C_GE] = ge;
    c[C_ONLY] = only;
    c[C_BOTH] = both;
    c[C_EQ] = eq;
}

static bool conservative_tests(const Work *w, const int32_t c[NCOUNTS], int32_t n[3]) {
    n[1] = c[C_ONLY];
    n[2] = c[C_GE] - c[C_BOTH];
    n[0] = c[C_ONLY] + c[C_GE] - c[C_EQ];
    return n[0] < w->K || n[1] == 0 || n[2] == 0;
}

/* Held counts. A move turned down is usually retested after merges that
 * changed its ends' rows only by a node or two: b replaced by a in the row
 * of one of b's neighbours. Its four counts are kept (per move, with the
 * ends they were counted for) and brought up to date at each merge in time
 * proportional to b's row, so that the retest reads them instead of two
 * whole rows: on a graph where thousands of values interfere and every
 * merge touches every move, the retests after n merges cost n rows, not
 * n^2. The answers, and so the merges and the trace, are those of counting
 * afresh (tests/unit/test_regalloc.c checks every held count against a
 * fresh one).
 *
 * A merge of b into a changes a count of a move (A, B) (neither a nor b)
 * only
 *   - through the membership of b and a in the rows of A and B: b leaves
 *     them, and a joins every row b was in (merge's delta, computed for the
 *     moves at b's neighbours from the rows as they were); or
 *   - through a node whose degree class (degree_class) moved: a (when its
 *     class moved), or a common neighbour of a and b losing b. Those are
 *     the touch_row calls, which drop the held counts of the moves at the
 *     node's neighbours (inval).
 * The moves at a itself lose theirs (a's row grew); those at b have an end
 * no longer alive. */
typedef struct Held {
    int32_t *head, *tail; /* per node: its list of move ends (entry 2m + side), -1 when empty */
    int32_t *next;        /* per entry */
    bool *gone;           /* per move: left the list (merged, interfering, or one node) */
    int32_t *A, *B;       /* per move: the (keep, gone) the counts are of; -1 none */
    int32_t *seq;         /* per move: w->merges when the counts were taken */
    int32_t *seen;        /* per move: the merge that last brought it up to date */
    int32_t (*c)[NCOUNTS];
    int32_t *inval;       /* per node: the merge that last dropped the counts of the moves at it */
    int32_t *in_b;        /* per node: stamp, in b's row (merge) */
} Held;

static Held *held_new(const McIGraph *g) {
    Held *h = mc_xcalloc(1, sizeof *h);
    int32_t n = g->nvalues ? g->nvalues : 1, nm = g->nmoves ? g->nmoves : 1;
    h->head = mc_xmalloc((size_t)n * sizeof *h->head);
    h->tail = mc_xmalloc((size_t)n * sizeof *h->tail);
    h->inval = mc_xcalloc((size_t)n, sizeof *h->inval);
    h->in_b = mc_xcalloc((size_t)n, sizeof *h->in_b);
    h->next = mc_xmalloc((size_t)nm * 2 * sizeof *h->next);
    h->gone = mc_xcalloc((size_t)nm, sizeof *h->gone);
    h->A = mc_xmalloc((size_t)nm * sizeof *h->A);
    h->B = mc_xmalloc((size_t)nm * sizeof *h->B);
    h->seq = mc_xcalloc((size_t)nm, sizeof *h->seq);
    h->seen = mc_xcalloc((size_t)nm, sizeof *h->seen);
    h->c = mc_xcalloc((size_t)nm, sizeof *h->c);
    for (int32_t v = 0; v < n; v++) h->head[v] = h->tail[v] = -1;
    for (int32_t m = 0; m < g->nmoves; m++) {
        h->A[m] = h->B[m] = -1;
        for (int side = 0; side < 2; side++) {
            int32_t v = g->moves[m][side], e = 2 * m + side;
            h->next[e] = -1;
            if (h->tail[v] < 0) h->head[v] = e;
            else h->next[h->tail[v]] = e;
            h->tail[v] = e;
        }
    }
    return h;
}

static void held_free(Held *h) {
    if (!h) return;
    free(h->head);
    free(h->tail);
    free(h->inval);
    free(h->in_b);
    free(h->next);
    free(h->gone);
    free(h->A);
    free(h->B);
    free(h->seq);
    free(h->seen);
    free(h->c);
    free(h);
}

/* The held counts of move m, when they are those of (keep, gone) now. */
static const int32_t *held_counts(const Work *w, int32_t m, int32_t keep, int32_t gone) {
    const Held *h = w->held;
    if (!h || h->A[m] != keep || h->B[m] != gone) return NULL;
    if (h->seq[m] < h->inval[keep] || h->seq[m] < h->inval[gone]) return NULL;
    return h->c[m];
}

static void held_put(Work *w, int32_t m, int32_t keep, int32_t gone, const int32_t c[NCOUNTS]) {
    Held *h = w->held;
    if (!h) return;
    h->A[m] = keep;
    h->B[m] = gone;
    h->seq[m] = w->merges;
    memcpy(h->c[m], c, sizeof h->c[m]);
}

/* What node t of class cls adds to the counts of (A, B) when it sits in
 * A's row (in_A) and in B's (in_B). */
static void contrib(int32_t c[NCOUNTS], bool in_A, bool in_B, int cls, int sign) {
    if (cls < 1) return;
    c[C_GE] += sign * in_A;
    c[C_ONLY] += sign * (in_B && !in_A);
    c[C_BOTH] += sign * (in_A && in_B);
    c[C_EQ] += sign * (in_A && in_B && cls == 1);
}

/* merge's delta (see Held): before b joins a, with a's row stamped in_a
 * in w->mark, bring up to date the held counts of the moves at b's alive
 * neighbours, as if a's degree class stays (when it moves, touch_row drops
 * them all). */
static int32_t degree_class(const Work *w, int32_t d);
static void held_merge(Work *w, int32_t a, int32_t b, int32_t in_a) {
    Held *h = w->held;
    int32_t M = w->merges, ca = degree_class(w, w->deg[a]), cb = degree_class(w, w->deg[b]);
    int64_t reads = 0;
    NB_FOR(w, b, t, {
        reads++;
        if (w->alive[t]) h->in_b[t] = M;
    });
    NB_FOR(w, b, t, {
        if (!w->alive[t]) continue;
        for (int32_t e = h->head[t], prev = -1; e >= 0;) {
            int32_t m = e >> 1, nx = h->next[e];
            reads++;
            if (h->gone[m]) { /* unlink */
                if (prev < 0) h->head[t] = nx;
                else h->next[prev] = nx;
                if (h->tail[t] == e) h->tail[t] = prev;
                e = nx;
                continue;
            }
            prev = e;
            e = nx;
            if (h->seen[m] == M) continue;
            h->seen[m] = M;
            int32_t A = h->A[m], B = h->B[m];
            if (A < 0 || A == a || B == a || A == b || B == b || !w->alive[A] || !w->alive[B] ||
                h->seq[m] < h->inval[A] || h->seq[m] < h->inval[B])
                continue;
            bool bA = h->in_b[A] == M, bB = h->in_b[B] == M;
            bool aA = w->mark[A] == in_a, aB = w->mark[B] == in_a;
            contrib(h->c[m], aA, aB, ca, -1);
            contrib(h->c[m], bA, bB, cb, -1);
            contrib(h->c[m], aA || bA, aB || bB, ca, +1);
        }
    });
    if (w->counts) w->counts->row_reads += reads;
    /* b's moves are a's now */
    if (h->head[b] >= 0) {
        if (h->head[a] < 0) h->head[a] = h->head[b];
        else h->next[h->tail[a]] = h->head[b];
        h->tail[a] = h->tail[b];
        h->head[b] = h->tail[b] = -1;
    }
    h->inval[a] = M;
}

/* The tests above read a node's degree only as "at least K" and "at least
 * K + 1" (Briggs subtracts one for a common neighbour). */
static int32_t degree_class(const Work *w, int32_t d) { return (d >= w->K) + (d >= w->K + 1); }

/* Record that the tests of moves at v and at v's neighbours may answer
 * differently now. */
static void touch(Work *w, int32_t v) { w->changed_at[v] = w->merges; }
static void touch_row(Work *w, int32_t v) {
    int64_t reads = 0;
    NB_FOR(w, v, t, {
        reads++;
        if (!w->alive[t]) continue;
        touch(w, t);
        if (w->held) w->held->inval[t] = w->merges; /* t's moves may count v in another class now */
    });
    if (w->counts) w->counts->row_reads += reads;
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
    if (w->held) held_merge(w, a, b, in_a);
    touch(w, a);
    /* b's row is read whole before anything is pushed to it (b is not
     * its own neighbour, so nb_push never grows nb[b] here) */
    int64_t reads = 0;
    NB_FOR(w, b, t, {
        reads++;
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
    if (w->counts) w->counts->row_reads += reads, w->counts->merges++;
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

int32_t *mc_ra_move_order(const McIGraph *g) {
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

void mc_ra_partners_build(Partners *p, Work *w, const McIGraph *g, bool none) {
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

void mc_ra_coalesce(McAllocation *a, Work *w, int mode, bool plain, const int32_t *order) {
    const McFunc *f = a->f;
    const McIGraph *g = a->graph;
    int32_t nmo = g->nmoves;
    int32_t *mo = mc_xmalloc((size_t)(nmo ? nmo : 1) * sizeof *mo); /* the list shrinks as moves leave it */
    memcpy(mo, order, (size_t)nmo * sizeof *mo);
    int32_t *tested = mc_xmalloc((size_t)(nmo ? nmo : 1) * sizeof *tested); /* merges when last tested */
    for (int32_t i = 0; i < nmo; i++) tested[i] = -1;
    bool testing = mode == MODE_COALESCE && w->opt->coalesce == MC_COALESCE_CONSERVATIVE;
    if (testing && !plain && nmo > 0) w->held = held_new(g);
    for (bool changed = mode == MODE_COALESCE && w->opt->coalesce != MC_COALESCE_OFF; changed;) {
        changed = false;
        int32_t open = 0;
        if (w->counts) w->counts->sweeps++, w->counts->visits += nmo;
        for (int32_t i = 0; i < nmo; i++) {
            if ((i & 255) == 0 && mc_interrupted(w->stop)) { /* the driver sees the flag and keeps nothing */
                changed = false;
                break;
            }
            int32_t x = find(w, g->moves[mo[i]][0]), y = find(w, g->moves[mo[i]][1]);
            if (plain) mo[open] = mo[i], tested[open++] = -1; /* every move, every sweep */
            if (x == y) {
                if (w->held) w->held->gone[mo[i]] = true;
                continue;
            }
            if (!plain && tested[i] >= 0 && w->changed_at[x] <= tested[i] && w->changed_at[y] <= tested[i]) {
                mo[open] = mo[i], tested[open++] = tested[i]; /* turned down, and nothing it reads changed */
                continue;
            }
            if (interferes(w, x, y)) {
                if (w->tr) trace_move(w, MC_TEST_INTERFERE, x, y, x, 0, 0, false);
                if (w->held) w->held->gone[mo[i]] = true;
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
                int32_t n[3], c[NCOUNTS];
                const int32_t *hc = plain ? NULL : held_counts(w, mo[i], keep, gone);
                if (w->counts) w->counts->answered++;
                if (hc) {
                    memcpy(c, hc, sizeof c);
                    if (w->check_held) {
                        int32_t fresh[NCOUNTS];
                        McAllocCounts *counted = w->counts;
                        w->counts = NULL; /* the check's work is not coalescing's */
                        conservative_counts(w, keep, gone, fresh);
                        w->counts = counted;
                        if (memcmp(fresh, c, sizeof c) != 0)
                            mc_panic(__FILE__, __LINE__, "coalescing: held counts of move %d are stale", mo[i]);
                    }
                } else {
                    conservative_counts(w, keep, gone, c);
                    held_put(w, mo[i], keep, gone, c);
                }
                ok = conservative_tests(w, c, n);
                if (w->tr) { /* the counts are exact: each test as it answers */
                    trace_move(w, MC_TEST_BRIGGS, keep, gone, keep, n[0], w->K, n[0] < w->K);
                    if (n[0] >= w->K) trace_move(w, MC_TEST_GEORGE, keep, gone, keep, n[1], 0, n[1] == 0);
                    if (n[0] >= w->K && n[1] != 0)
                        trace_move(w, MC_TEST_GEORGE, gone, keep, keep, n[2], 0, n[2] == 0);
                }
            }
            if (ok) {
                if (w->held) w->held->gone[mo[i]] = true;
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
    held_free(w->held);
    w->held = NULL;
    free(tested);
    free(mo);
}
