/* minicc/cfg.h - CFG analyses: predecessors, reverse postorder, dominators
 * (Lengauer-Tarjan), dominator tree, dominance frontiers, loop depth,
 * and block liveness.
 *
 * An McCfg is a snapshot of one function's CFG; it owns its storage (malloc)
 * and is invalidated by any change to blocks or terminators: drop it with
 * mc_cfg_free and build it again. All algorithms are iterative (no recursion)
 * so 100k-block functions are fine. Unreachable blocks have rpo_index -1,
 * idom MC_NONE and are skipped by the dominance-based analyses.
 *
 * Implemented in cfg.c, live.c (src/engine). */
#ifndef MINICC_CFG_H
#define MINICC_CFG_H

#include "ir.h"

typedef struct McCfg {
    int32_t nblocks;
    int32_t **preds;   /* preds[b]: distinct predecessor handles, in block order */
    int32_t *npreds;
    int32_t **succs;   /* succs[b]: distinct successor handles */
    int32_t *nsuccs;
    int32_t *rpo;      /* reachable blocks in reverse postorder; rpo[0] = entry */
    int32_t nrpo;
    int32_t *rpo_index; /* position of each block in rpo, -1 if unreachable */
    int32_t *idom;     /* immediate dominator; idom[entry] = entry; MC_NONE unreachable */
    int32_t **dom_children; /* dominator tree children, in rpo order */
    int32_t *ndom_children;
    int32_t *dom_pre, *dom_post; /* dominator-tree pre/post numbers for O(1) dominance */
    int32_t **df;      /* dominance frontier of each block (distinct, sorted by handle) */
    int32_t *ndf;
    int32_t *loop_depth; /* natural-loop nesting depth (0 outside loops) */
} McCfg;

McCfg *mc_cfg_build(const McFunc *f); /* preds, succs, rpo, idom, dom tree, df, loops */
/* Only preds, succs, rpo, idom and the dominator tree (df, ndf and
 * loop_depth NULL): for the verifier and passes that need no more. */
McCfg *mc_cfg_build_dom(const McFunc *f);
/* The same without dom_pre and dom_post (NULL: mc_cfg_dominates must not be
 * called on it): for GVN, which only walks the dominator tree. */
McCfg *mc_cfg_build_domtree(const McFunc *f);
/* The same plus df and ndf (loop_depth NULL): for SSA construction. */
McCfg *mc_cfg_build_df(const McFunc *f);
/* The same plus loop_depth (df, ndf NULL): for spill costs. */
McCfg *mc_cfg_build_loops(const McFunc *f);
void mc_cfg_free(McCfg *c);
/* a dom b (reflexive), O(1). An unreachable block is dominated only by
 * itself and dominates nothing else; out-of-range handles give false. */
bool mc_cfg_dominates(const McCfg *c, int32_t a, int32_t b);

/* Finding a phi's entry for a predecessor by scanning is O(k) at a join of
 * k predecessors, so doing it for each of the k edges is quadratic (a
 * lowered switch of 32k arms). mc_phi_arg_hints(f) gives, for each edge
 * slot 2 * b + k (successor k of block b), the position of b's entry in the
 * first phi of that successor, or -1 (malloc'd, 2 * nblocks entries; the
 * caller frees it). All phis of a block normally list their predecessors in
 * one order, so mc_phi_arg_find(phi, pred, hint) finds the entry at once and
 * scans only when the hint misses; it returns the index or -1. */
int32_t *mc_phi_arg_hints(const McFunc *f);
static inline int32_t mc_phi_arg_find(const McPhi *phi, int32_t pred, int32_t hint) {
    if (hint >= 0 && hint < phi->nargs && phi->args[hint].block == pred) return hint;
    for (int32_t q = 0; q < phi->nargs; q++)
        if (phi->args[q].block == pred) return q;
    return -1;
}

/* Bit sets over value handles. */
typedef struct McBitset {
    uint64_t *w;
    int32_t nbits, nwords;
} McBitset;

void mc_bs_init(McBitset *s, int32_t nbits);
void mc_bs_free(McBitset *s);
static inline bool mc_bs_has(const McBitset *s, int32_t i) { return (s->w[i >> 6] >> (i & 63)) & 1; }
static inline void mc_bs_add(McBitset *s, int32_t i) { s->w[i >> 6] |= (uint64_t)1 << (i & 63); }
static inline void mc_bs_del(McBitset *s, int32_t i) { s->w[i >> 6] &= ~((uint64_t)1 << (i & 63)); }
void mc_bs_copy(McBitset *dst, const McBitset *src);        /* same size */
bool mc_bs_union(McBitset *dst, const McBitset *src);       /* true if dst changed */
void mc_bs_clear(McBitset *s);
int32_t mc_bs_count(const McBitset *s);
/* Iterate: for (int32_t i = mc_bs_next(s, 0); i >= 0; i = mc_bs_next(s, i + 1)) */
int32_t mc_bs_next(const McBitset *s, int32_t from);

/* Block liveness over scalar values (buffers excluded), for mutable or SSA
 * form. A phi's operand is a use at the end of the corresponding predecessor
 * (it is in that predecessor's live-out); a phi's destination is defined at
 * the top of its block (not in live-in). Solved with one backward worklist
 * per variable, so time and memory follow the size of the answer (see
 * live.c); unreachable blocks get empty sets. Each set is an ascending array
 * of value handles (compressed rows: block b's live-in set is
 * in[in_start[b] .. in_start[b + 1])); read them through the functions below. */
typedef struct McLiveness {
    int32_t nblocks, nvalues;
    int32_t *in_start, *in;   /* nblocks + 1 offsets; the values */
    int32_t *out_start, *out;
} McLiveness;

/* A read-only view of one set: v[0..n), ascending. */
typedef struct McValList {
    const int32_t *v;
    int32_t n;
} McValList;

McLiveness *mc_liveness(const McFunc *f, const McCfg *c);
/* The same equations solved over every block, unreachable ones included (the
 * chapter's whole-graph view, used by the interference graph). Sets of
 * reachable blocks are identical to mc_liveness. c may be NULL: the
 * predecessors are then taken from the terminators (no dominators needed). */
McLiveness *mc_liveness_all(const McFunc *f, const McCfg *c);
/* Predecessors of every block from the terminators alone (no McCfg; a
 * branch with both arms to one block counts once), as compressed rows:
 * block b's are (*plist)[(*pstart)[b] .. (*pstart)[b + 1]) (both malloc'd). */
void mc_preds_from_terms(const McFunc *f, int32_t **pstart, int32_t **plist);
/* mc_liveness_all's live-out sets of every block and live-in set of the
 * entry; every other live-in set is left EMPTY (what the interference scan
 * reads, without the cost of recording the rest). */
McLiveness *mc_liveness_out(const McFunc *f, const McCfg *c);
McValList mc_live_in(const McLiveness *l, int32_t b);
McValList mc_live_out(const McLiveness *l, int32_t b);
bool mc_live_in_has(const McLiveness *l, int32_t b, int32_t v);  /* binary search */
bool mc_live_out_has(const McLiveness *l, int32_t b, int32_t v);
void mc_liveness_free(McLiveness *l);

/* Per-point liveness and register pressure (points.c), for SSA or mutable
 * form. Block b has ninsts + 1 points: its top (index -1: after the phis,
 * which are simultaneous; in the entry, the bound parameters) and the point
 * after each instruction i. The live set of a point holds the scalar values
 * live after it; its pressure counts them plus what the point defines (an
 * instruction's result, every phi of the top: a result nobody reads still
 * needs a location when it is written). MaxLive of a block is its greatest
 * pressure (at its first point with it), of the function the greatest over
 * all blocks (the first block in handle order with it). With as many
 * registers as MaxLive, an SSA function needs no spill (ssaalloc.c). */
typedef struct McPoints {
    int32_t nblocks;
    int32_t *first;     /* per block: index of its top point; point first[b] + 1 + i is after instruction i */
    int32_t npoints;
    int32_t *set_start; /* per point (npoints + 1 offsets) into vals; NULL from mc_max_live_points */
    int32_t *vals;      /* the live sets, each ascending */
    int32_t *pressure;  /* per point */
    int32_t *block_max, *block_max_at; /* per block: MaxLive and its point (-1 top, else instruction) */
    int32_t max, max_block, max_at;    /* the function's MaxLive and where (max_block MC_NONE: no block) */
} McPoints;

/* lv: the function's liveness (mc_liveness_all). with_sets false: pressure
 * only (no live sets stored; memory linear in the points). */
McPoints *mc_live_points(const McFunc *f, const McLiveness *lv, bool with_sets);
/* The live set after point `at` (-1 top, else instruction) of block b
 * (requires with_sets). */
McValList mc_points_live(const McPoints *p, int32_t b, int32_t at);
int32_t mc_points_pressure(const McPoints *p, int32_t b, int32_t at);
void mc_points_free(McPoints *p);
/* MaxLive of f (its own liveness). */
int32_t mc_max_live(const McFunc *f);

#endif
