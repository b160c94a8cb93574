/* regalloc_int.h - private to the improved allocator's files: the work
 * graph that coalescing builds and simplify, select and recolouring read,
 * and the calls between them. regalloc.c (costs, slots, the driver, the
 * check) calls coalesce.c (the work graph, conservative coalescing),
 * simplify.c (simplify and select under each spill metric, the chapter's
 * order) and recolour.c (recolouring after select). Not for callers: they
 * use mc_allocate. */
#ifndef MINICC_REGALLOC_INT_H
#define MINICC_REGALLOC_INT_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "igraph.h"
#include "regalloc_test.h"
#include "alloc_common.h"

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

static inline void tr_add(McAllocTrace *t, McTraceEvent e) {
    if (!t) return;
    MC_GROW(t->ev, t->cap, t->n + 1, 256);
    t->ev[t->n++] = e;
}

static inline McTraceEvent tr_ev(int kind, int32_t v, int32_t w, int32_t reg) {
    McTraceEvent e;
    memset(&e, 0, sizeof e);
    e.kind = (uint8_t)kind;
    e.v = v;
    e.w = w;
    e.reg = reg;
    return e;
}

/* Dense rows: does a node of `set` (bits) sit in `row`? */
static inline bool meets(const uint64_t *row, const uint64_t *set, int32_t words) {
    for (int32_t i = 0; i < words; i++)
        if (row[i] & set[i]) return true;
    return false;
}

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
typedef struct Work {
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
    bool plain;        /* McAllocKnobs.plain_sweeps: recolouring looks at every spilled node in every
                          pass and reads whole rows (the loop its shortcuts must reproduce) */
    const McAllocOptions *opt; /* the switches */
    McAllocTrace *tr;  /* NULL, or where decisions are recorded */
    int8_t variant, metric; /* what the events recorded now belong to (McAllocVariant, McSpillMetric) */
    int32_t cause;     /* recolouring: the spilled node being helped */
    McAllocCounts *counts; /* NULL, or where coalescing counts its work (regalloc_test.h) */
    bool check_held;   /* McAllocKnobs.check_held */
    const McInterrupt *stop; /* McAllocOptions.interrupt: coalescing and the metrics stop short when set */
    struct Held *held; /* coalescing: the counts of turned-down moves, kept across merges (coalesce.c) */
    /* calls=interfere (alloc_common.h): per representative after coalescing, whether a
       member is live across a call (the caller-saved registers are forbidden to it) and
       the preferred register (a member's, the representative's own first), or -1. NULL:
       no constraints, select and recolouring run as without calls. */
    const struct McCallCons *cons;
    bool *cons_across;
    uint64_t *cons_fixed; /* per representative: the union of its members' fixed-register masks */
    int32_t *cons_pref;
} Work;

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

static inline int32_t find(Work *w, int32_t v) {
    while (w->rep[v] != v) {
        w->rep[v] = w->rep[w->rep[v]];
        v = w->rep[v];
    }
    return v;
}

static inline void tr_work(const Work *w, McTraceEvent e) {
    if (!w->tr) return;
    e.variant = w->variant;
    e.metric = w->metric;
    tr_add(w->tr, e);
}

/* Per-representative lists of copy partners (for biased colour choice). */
typedef struct Partners {
    int32_t *start, *list;
} Partners;

/* Variants of the improved colouring; mc_allocate keeps the one with the
 * least estimated spill traffic. */
enum { MODE_COALESCE, MODE_NO_COALESCE, MODE_DEGREE, NMODES };

/* coalesce.c */
void mc_ra_work_init(Work *w, const McIGraph *g, int32_t K);
void mc_ra_work_free(Work *w);
/* After coalescing: keep only the alive entries of each alive row. */
void mc_ra_rows_drop_dead(Work *w);
/* The moves, heaviest first (ties in move order); once per allocation. */
int32_t *mc_ra_move_order(const McIGraph *g);
/* Conservative coalescing of the variant `mode` (see coalesce.c). */
void mc_ra_coalesce(McAllocation *a, Work *w, int mode, bool plain, const int32_t *order);
void mc_ra_partners_build(Partners *p, Work *w, const McIGraph *g, bool none);

/* simplify.c: simplify/select under the spill metrics (or the chapter's
 * order), recoloured, the cheapest kept: registers into a->loc, the other
 * nodes into spilled; returns how many spilled. */
int32_t mc_ra_select_registers(McAllocation *a, Work *w, const Partners *pt, int mode, int32_t *spilled);

/* recolour.c: local improvement after select; returns the total cost of
 * the nodes left spilled. */
double mc_ra_recolour(Work *w, const double *cost, int32_t *colour);

/* regalloc.c: the chapter's order, descending degree, ties by name. */
void mc_ra_sort_degree_name(const McFunc *f, const int32_t *degree, int32_t *v, int32_t n);

#endif
