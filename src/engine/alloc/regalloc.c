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
 *      only when a merge changed what its tests read, from its counts kept
 *      up to date across merges: see coalesce.c);
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
 * Either way the result is checked, as linear scan's and the SSA
 * allocator's are: no two interfering values share a location (an internal
 * error otherwise, check_or_panic).
 *
 * This file has the names, the baseline, step 1 (costs), step 5 (slots),
 * step 6, the driver and the check; coalesce.c has step 2 (and the work
 * graph it builds, declared in regalloc_int.h), simplify.c steps 3 and 4
 * (and the chapter's order as a select order), recolour.c the recolouring
 * of step 4.
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
#include "alloc_common.h"
#include "igraph.h"
#include "regalloc_int.h"
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

const char *mc_location_str(McLocation l, char *buf, size_t size) {
    if (l.kind == MC_LOC_REG)
        snprintf(buf, size, "r%d", (int)l.index);
    else if (l.kind == MC_LOC_SLOT)
        snprintf(buf, size, "slot%d", (int)l.index);
    else
        snprintf(buf, size, "-");
    return buf;
}

const char *mc_alloc_reg_str(const McAllocation *a, int32_t r, char *buf, size_t size) {
    if (a && a->reg_name && r >= 0 && r < a->registers)
        snprintf(buf, size, "%s", a->reg_name[r]);
    else
        snprintf(buf, size, "r%d", (int)r);
    return buf;
}

const char *mc_alloc_location_str(const McAllocation *a, McLocation l, char *buf, size_t size) {
    if (l.kind == MC_LOC_REG) return mc_alloc_reg_str(a, l.index, buf, size);
    return mc_location_str(l, buf, size);
}

static bool loc_eq(McLocation a, McLocation b) { return a.kind == b.kind && a.index == b.index; }

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
void mc_ra_sort_degree_name(const McFunc *f, const int32_t *degree, int32_t *v, int32_t n) {
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
    mc_ra_sort_degree_name(f, g->degree, a->order, a->norder);
    int32_t *taken = mc_xcalloc((size_t)K, sizeof *taken); /* stamp per register */
    /* dense, K <= 64: "is r held around v?" is v's row AND r's holders */
    uint64_t *cset = g->bits && K <= 64 && !a->cons ? mc_xcalloc((size_t)K * (size_t)g->words, sizeof *cset) : NULL;
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
        /* calls=interfere: a value live across a call interferes with the
         * registers the call clobbers; a preferred register comes first */
        for (int32_t c = 0; a->cons && c < K; c++)
            if (mc_call_cons_forbids(a->cons, v, c)) taken[c] = i + 1;
        int32_t r = 0, pref = mc_call_cons_pref(a->cons, v);
        if (pref >= 0 && pref < K && taken[pref] != i + 1)
            r = pref;
        else
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
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) a->cost[ops[k].v] += w;
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
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) c[ops[k].v]++;
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
                            const int32_t *order, const McAllocKnobs *knobs) {
    const McIGraph *g = a->graph;
    int32_t K = a->registers, n = g->nvalues;
    Work w;
    mc_ra_work_init(&w, g, K);
    w.opt = opt;
    w.tr = tr;
    w.variant = (int8_t)(MC_VARIANT_COALESCE + mode);
    w.plain = plain;
    w.counts = knobs ? knobs->counts : NULL;
    w.check_held = knobs && knobs->check_held;
    w.stop = opt->interrupt;
    mc_ra_coalesce(a, &w, mode, plain, order);
    for (int32_t v = 0; v < n; v++) a->alias[v] = find(&w, v);
    mc_ra_rows_drop_dead(&w);
    if (a->cons) { /* calls=interfere: the constraints of each representative (its members') */
        w.cons = a->cons;
        w.cons_across = mc_xcalloc((size_t)(n ? n : 1), sizeof *w.cons_across);
        w.cons_fixed = mc_xcalloc((size_t)(n ? n : 1), sizeof *w.cons_fixed);
        w.cons_pref = mc_xmalloc((size_t)(n ? n : 1) * sizeof *w.cons_pref);
        for (int32_t v = 0; v < n; v++) w.cons_pref[v] = -1;
        for (int32_t v = 0; v < n; v++) w.cons_pref[v] = g->node[v] && a->alias[v] == v ? mc_call_cons_pref(a->cons, v) : -1;
        for (int32_t v = 0; v < n; v++) {
            if (!g->node[v]) continue;
            int32_t r = a->alias[v];
            if (v < a->cons->n && a->cons->across[v] >= 0) w.cons_across[r] = true;
            w.cons_fixed[r] |= mc_call_cons_fixed(a->cons, v);
            if (w.cons_pref[r] < 0) w.cons_pref[r] = mc_call_cons_pref(a->cons, v);
        }
    }

    Partners pt;
    mc_ra_partners_build(&pt, &w, g, opt->no_bias);
    int32_t *spilled = mc_xmalloc((size_t)(n ? n : 1) * sizeof *spilled);
    int32_t nsp = mc_ra_select_registers(a, &w, &pt, mode, spilled);
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
    free(w.cons_across);
    free(w.cons_fixed);
    free(w.cons_pref);
    mc_ra_work_free(&w);
}

/* What one colouring variant writes into an allocation: a snapshot saves it
 * (the variant that won so far, or the state every variant starts from) and
 * puts it back. order is handed over, not copied: save takes a->order (a
 * keeps none), restore gives the snapshot's back (a's own is freed). */
typedef struct Snapshot {
    int32_t nv;
    McLocation *loc;
    int32_t *alias;
    double *cost;
    int32_t *order;
    int32_t norder, ncoalesced, slots, nspilled;
} Snapshot;

static void snapshot_init(Snapshot *s, int32_t nv) {
    memset(s, 0, sizeof *s);
    s->nv = nv;
    s->loc = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s->loc);
    s->alias = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s->alias);
    s->cost = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s->cost);
}

static void snapshot_save(Snapshot *s, McAllocation *a) {
    free(s->order);
    s->order = a->order;
    a->order = NULL;
    s->norder = a->norder, s->ncoalesced = a->ncoalesced;
    s->slots = a->slots, s->nspilled = a->nspilled;
    memcpy(s->loc, a->loc, (size_t)s->nv * sizeof *s->loc);
    memcpy(s->alias, a->alias, (size_t)s->nv * sizeof *s->alias);
    memcpy(s->cost, a->cost, (size_t)s->nv * sizeof *s->cost);
}

static void snapshot_restore(McAllocation *a, Snapshot *s) {
    free(a->order);
    a->order = s->order;
    s->order = NULL;
    a->norder = s->norder, a->ncoalesced = s->ncoalesced;
    a->slots = s->slots, a->nspilled = s->nspilled;
    memcpy(a->loc, s->loc, (size_t)s->nv * sizeof *s->loc);
    memcpy(a->alias, s->alias, (size_t)s->nv * sizeof *s->alias);
    memcpy(a->cost, s->cost, (size_t)s->nv * sizeof *s->cost);
}

static void snapshot_free(Snapshot *s) {
    free(s->order);
    free(s->loc);
    free(s->alias);
    free(s->cost);
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
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k]) && a->loc[ops[k].v].kind == MC_LOC_SLOT) e += w;
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

/* The allocation was interrupted: a (may be NULL) is freed, nothing is
 * returned, and the diagnostic says so. */
static McAllocation *interrupted(McAllocation *a, McDiags *d) {
    mc_allocation_free(a);
    if (d) mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
    return NULL;
}

/* Every allocator's result is checked against the interference graph of
 * the function it allocates: no two interfering values share a location,
 * every node has one. A violation is the allocator's bug, an internal
 * error, never a wrong answer. */
static void check_or_panic(McAllocation *a, const McAllocKnobs *knobs) {
    if (knobs && knobs->plant) knobs->plant(a);
    char msg[256];
    if (!mc_allocation_check(a, msg, sizeof msg))
        mc_panic(__FILE__, __LINE__, "%s register allocation: %s", mc_allocator_name(a->allocator), msg);
}

/* The improved allocator's variants (coalescing on, off, ...: o->variant
 * picks one or MC_VARIANT_BEST tries them all), each from the same start
 * (costs, no locations, identity aliases); the one with the least
 * estimated traffic (ties: the first) is kept in a. false when stop was
 * set before they finished (a then holds no complete allocation). */
static bool best_variant(McAllocation *a, const McFunc *f, const double *weight, const McAllocOptions *o) {
    McAllocTrace *tr = o->trace;
    const McAllocKnobs *knobs = o->knobs;
    bool plain_sweeps = knobs && knobs->plain_sweeps;
    Snapshot start, keep;
    snapshot_init(&start, a->f->nvalues);
    snapshot_init(&keep, a->f->nvalues);
    snapshot_save(&start, a);
    int32_t *mo = mc_ra_move_order(a->graph);
    double best = INFINITY;
    bool merged = true;
    int won_variant = 0, won_metric = 0;
    for (int mode = 0; mode < NMODES && !mc_interrupted(o->interrupt); mode++) {
        /* Coalescing that merged nothing leaves exactly the graph, costs
         * and partners of the variant without it, whose result would then
         * be the same and could not win (ties keep the first). */
        if (o->variant != MC_VARIANT_BEST && mode != (int)o->variant - MC_VARIANT_COALESCE) continue;
        if (mode == MODE_NO_COALESCE && !merged && o->variant == MC_VARIANT_BEST) continue;
        if (tr) {
            McTraceEvent e = tr_ev(MC_TR_VARIANT, -1, -1, -1);
            e.variant = (int8_t)(MC_VARIANT_COALESCE + mode);
            e.n1 = MC_VARIANT_COALESCE + mode;
            tr_add(tr, e);
        }
        snapshot_restore(a, &start);
        int32_t metric_before = tr ? tr->won_metric : 0;
        colour_improved(a, mode, plain_sweeps, o, tr, mo, knobs);
        if (mode == MODE_COALESCE) merged = a->ncoalesced > 0;
        double e = estimate_traffic(a, f, weight);
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
            snapshot_save(&keep, a);
        }
    }
    bool done = !mc_interrupted(o->interrupt); /* a variant stopped short: nothing is kept */
    if (done) snapshot_restore(a, &keep);
    snapshot_free(&keep);
    snapshot_free(&start);
    free(mo);
    if (done && tr) {
        tr->won_variant = won_variant;
        tr->won_metric = won_metric;
        McTraceEvent ev = tr_ev(MC_TR_WINNER, -1, -1, -1);
        ev.n1 = won_variant;
        ev.x = best;
        tr_add(tr, ev);
    }
    return done;
}

enum { IMPROVED_OK, IMPROVED_NO_GRAPH, IMPROVED_INTERRUPTED };

/* The improved allocator on the destroyed function x->f into a: the
 * interference graph, bound parameters, spill costs, the best variant, and
 * the copies it made redundant deleted. */
static int allocate_improved(McAllocation *a, const McDestroyed *x, const McAllocOptions *o, int64_t limit,
                             McDiags *d) {
    int form = o->knobs ? o->knobs->igraph_form : 0;
    McCfg *cfg = mc_cfg_build_loops(x->f);
    a->graph = mc_interference_opts(x->f, MC_ALLOC_IMPROVED, cfg->loop_depth, limit, form, o, d);
    if (!a->graph) {
        mc_cfg_free(cfg);
        return IMPROVED_NO_GRAPH;
    }
    if (o->trace) mc_call_cons_trace(a->cons, a->graph, o->trace);
    /* a parameter is bound only when it is a scalar live on entry */
    for (int32_t p = 0; p < a->f->nparams; p++) {
        int32_t v = a->f->params[p];
        a->param_bound[p] = a->graph->node[v] && a->f->values[v].kind == MC_VAL_I32 && a->graph->entry_live[v];
    }
    double *weight = block_weights(x->f, cfg);
    spill_costs(a, weight);
    if (o->trace) trace_costs(a, weight, o->trace);
    mc_cfg_free(cfg);
    bool done = best_variant(a, x->f, weight, o);
    free(weight);
    if (!done) return IMPROVED_INTERRUPTED;
    mc_alloc_drop_copies(a); /* 6. delete copies made redundant by the allocation */
    return IMPROVED_OK;
}

McAllocation *mc_allocate(const McFunc *ssa, McAllocator which, int regs, const McAllocOptions *opts, McDiags *d) {
    McAllocOptions none;
    mc_alloc_options_default(&none);
    const McAllocOptions *o = opts ? opts : &none;
    int form = o->knobs ? o->knobs->igraph_form : 0;
    if (regs < 1) {
        mc_diag(d, (McLoc){0, 0}, "at least one register is required (got %d)", regs);
        return NULL;
    }
    int64_t limit = interference_limit(d);
    if (limit < 0) return NULL;
    if (mc_interrupted(o->interrupt)) return interrupted(NULL, d);
    McAllocation *a;
    int32_t tr_from = o->trace ? o->trace->n : 0; /* two-address=copies: the rewrites it records */
    if (which == MC_ALLOC_LINEAR || which == MC_ALLOC_SSA) {
        a = which == MC_ALLOC_LINEAR ? mc_allocate_linear(ssa, regs, limit, form, o, d)
                                     : mc_allocate_ssa(ssa, regs, limit, form, o, d);
        if (!a) return NULL;
        if (o->trace) mc_call_cons_trace(a->cons, a->graph, o->trace);
        /* linear and ssa record no decisions, only their outcome: the
         * assignment before the convention's renaming (mc_alloc_calls adds
         * its call events after it, as for baseline and improved) */
        if (o->trace) {
            o->trace->won_variant = o->trace->won_metric = 0;
            for (int32_t v = 0; v < a->f->nvalues; v++) {
                if (a->loc[v].kind == MC_LOC_NONE) continue;
                McTraceEvent e = tr_ev(MC_TR_FINAL, v, -1, a->loc[v].index);
                e.n1 = (int32_t)a->loc[v].kind;
                tr_add(o->trace, e);
            }
        }
    } else {
        McDestroyed *x = mc_destroy_phis_opts(ssa, which, o, d);
        if (!x) return NULL;
        if (o->trace) o->trace->won_variant = o->trace->won_metric = 0;
        if (o->two_address == MC_TWOADDR_COPIES) mc_alloc_two_address_rewrite(x, o->trace); /* twoaddr.c */
        a = mc_alloc_new(x, which, regs);
        a->cons = mc_call_cons(a->f, o, regs); /* calls=interfere: forbidden and preferred registers */
        if (which == MC_ALLOC_BASELINE) {
            a->graph = mc_interference_opts(x->f, which, NULL, limit, form, o, d);
            if (a->graph && o->trace) mc_call_cons_trace(a->cons, a->graph, o->trace);
            if (a->graph) colour_baseline(a, o->trace);
        } else {
            int r = allocate_improved(a, x, o, limit, d);
            if (r == IMPROVED_INTERRUPTED) return interrupted(a, d);
        }
        if (!a->graph) {
            mc_allocation_free(a);
            return NULL;
        }
    }
    if (mc_interrupted(o->interrupt)) return interrupted(a, d);
    if (o->two_address == MC_TWOADDR_COPIES && which != MC_ALLOC_SSA) mc_alloc_two_address_fold(a);
    check_or_panic(a, o->knobs);
    mc_alloc_calls(a, o); /* the convention's saves (callconv.c): nothing without calls */
    a->reg_name = o->reg_name;
    if (o->two_address == MC_TWOADDR_COPIES && o->trace) { /* where the two-address copies ended */
        if (which == MC_ALLOC_SSA)
            mc_alloc_two_address_ssa(a, o->trace);
        else
            mc_alloc_two_address_report(a, o->trace, tr_from);
    }
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

/* calls=interfere: no value live across a call sits in a register the call
 * clobbers (it interferes with those registers). */
static bool cons_check(const McAllocation *a, char *msg, size_t size) {
    const McCallCons *c = a->cons;
    for (int32_t v = 0; c && v < c->n && v < a->f->nvalues; v++) {
        McLocation l = a->loc[v];
        if (!a->graph->node[v] || l.kind != MC_LOC_REG || !mc_call_cons_forbids(c, v, l.index)) continue;
        char why[160], rb[32];
        mc_alloc_reg_str(a, l.index, rb, sizeof rb);
        if (c->across[v] >= 0 && mc_conv_caller_saved(c->conv, c->K, l.index)) {
            snprintf(msg, size, "value %s is in %s but interferes with it: %s (%s is caller-saved under %s)",
                     a->f->values[v].name, rb, mc_call_cons_forbid_str(c, v, why, sizeof why), rb,
                     mc_convention_name(c->conv));
            return false;
        }
        for (int k = 0; k < MC_FX_KINDS; k++)
            if (c->fx_site[k][v] >= 0 && ((mc_fixed_kind_regs(k) >> l.index) & 1)) {
                snprintf(msg, size, "value %s is in %s but interferes with it: %s", a->f->values[v].name, rb,
                         mc_call_cons_fixed_str(c, v, k, why, sizeof why));
                return false;
            }
        snprintf(msg, size, "value %s is in %s but interferes with it", a->f->values[v].name, rb);
        return false;
    }
    return true;
}

bool mc_allocation_check(const McAllocation *a, char *msg, size_t size) {
    const McIGraph *g = a->graph;
    if (!cons_check(a, msg, size)) return false;
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
                         a->f->values[t].name, mc_alloc_location_str(a, l, buf, sizeof buf));
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
    mc_alloc_calls_free(a);
    mc_call_cons_free(a->cons);
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
        fprintf(out, "# %s -> %s", f->values[v].name, mc_alloc_location_str(a, l, buf, sizeof buf));
        if (a->alias[v] != v) fprintf(out, " (coalesced with %s)", f->values[a->alias[v]].name);
        if (f->values[v].param != MC_NONE && !a->param_bound[f->values[v].param]) fprintf(out, " (not bound on entry)");
        fputc('\n', out);
    }
    mc_alloc_calls_print(a, out);
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
                    x->values[in->a[0].v].name, mc_alloc_location_str(a, a->loc[in->dest], buf, sizeof buf));
        }
    mc_func_print(x, out);
}
