/* live.c - block liveness of scalar values, the input of interference
 * (chapter §32.3) and of any pass that asks "is v live here?".
 *
 * The result is the least solution of the standard backward equations, for
 * mutable form (names assigned many times) and SSA alike:
 *
 *     live_in[b]  = use[b] ∪ (live_out[b] − def[b])
 *     live_out[b] = phiuse[b] ∪ ⋃ live_in[s] over the successors s of b
 *
 * use[b] holds the scalars read in b before any assignment in b (instruction
 * operands, then the terminator's operand); def[b] every scalar assigned in b,
 * phi destinations included (they are written at the top of the block, so
 * they never reach live_in). phiuse[b] is the set of phi operands that the
 * successors of b read on the edge from b: a phi operand is a use at the end
 * of its predecessor. Buffers are excluded everywhere: they are typed
 * resources, never scalar locations.
 *
 * How: one worklist per variable ("path exploration"). From every block
 * where v is upward exposed (or every predecessor that feeds v to a phi), walk
 * predecessors backward, adding v to live_out of each predecessor and to its
 * live_in unless the predecessor assigns v, and stop where v is already
 * live-in. Each (block, variable) pair enters a worklist at most once, so the
 * cost is proportional to the size of the answer. The walks emit (variable,
 * block) pairs in variable order; a stable counting sort by block turns them
 * into one ascending array per block (compressed rows), so memory, too,
 * follows the answer rather than blocks x values: a 200k-instruction function
 * whose blocks each hold a handful of live values needs a few megabytes, not
 * the hundreds a bit set per block over every value would take. A block-at-a-time worklist
 * (round-robin in postorder) reaches the same fixpoint but needs one sweep
 * per loop-nesting level around a use, each sweep touching whole bit sets: on
 * 5000 nested loops that is cubic. tests/unit/test_cfg.c checks this solver
 * against that plain iterative one.
 *
 * Contract: requires a function whose operands name valid values (the
 * verifier's integrity checks); produces live_in/live_out per block;
 * invalidated by any edit of the function. mc_liveness works on the blocks
 * reachable from the entry (unreachable blocks get empty sets and feed
 * nothing); mc_liveness_all (the chapter's whole-graph view) solves the same
 * equations over every block, which leaves the reachable blocks' sets
 * unchanged. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"

/* (variable, block) pairs grouped by variable: CSR built from a flat list. */
typedef struct Groups {
    int32_t *start; /* nv + 1 offsets */
    int32_t *block; /* blocks of variable v: block[start[v] .. start[v+1]) */
} Groups;

typedef struct Pairs {
    int32_t *v; /* flattened (variable, block) */
    int32_t n, cap;
} Pairs;

static void pairs_grow(Pairs *p, int32_t need) { MC_GROW(p->v, p->cap, need, 128); }

static inline void pairs_push(Pairs *p, int32_t var, int32_t block) {
    if (p->n + 2 > p->cap) pairs_grow(p, p->n + 2);
    p->v[p->n++] = var;
    p->v[p->n++] = block;
}

static void group(Groups *g, Pairs *p, int32_t nv) {
    g->start = mc_xcalloc((size_t)nv + 1, sizeof *g->start);
    int32_t n = p->n / 2;
    g->block = mc_xmalloc((size_t)(n ? n : 1) * sizeof *g->block);
    for (int32_t i = 0; i < p->n; i += 2) g->start[p->v[i] + 1]++;
    for (int32_t v = 0; v < nv; v++) g->start[v + 1] += g->start[v];
    int32_t *fill = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *fill);
    for (int32_t v = 0; v < nv; v++) fill[v] = g->start[v];
    for (int32_t i = 0; i < p->n; i += 2) g->block[fill[p->v[i]]++] = p->v[i + 1];
    free(fill);
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
}

static void groups_free(Groups *g) {
    free(g->start);
    free(g->block);
}

/* isv[v]: v is a scalar, a dense copy of the values' kinds (the values
 * themselves are 24 bytes apart: a cache miss per operand on large functions). */
static bool scalar(const McFunc *f, const bool *isv, McOperand o) {
    return o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues && isv[o.v];
}

static bool scalar_dest(const McFunc *f, const bool *isv, int32_t d) { return d >= 0 && d < f->nvalues && isv[d]; }

/* Rows by block from (variable, block) pairs listed in variable order: a
 * stable counting sort, so each row comes out ascending. */
static void rows(Pairs *p, int32_t n, int32_t **start_out, int32_t **vals_out) {
    int32_t *start = mc_xcalloc((size_t)n + 1, sizeof *start);
    int32_t m = p->n / 2;
    int32_t *vals = mc_xmalloc((size_t)(m ? m : 1) * sizeof *vals);
    for (int32_t i = 0; i < p->n; i += 2) start[p->v[i + 1] + 1]++;
    for (int32_t b = 0; b < n; b++) start[b + 1] += start[b];
    int32_t *fill = mc_xmalloc((size_t)(n ? n : 1) * sizeof *fill);
    memcpy(fill, start, (size_t)n * sizeof *fill);
    for (int32_t i = 0; i < p->n; i += 2) vals[fill[p->v[i + 1]]++] = p->v[i];
    free(fill);
    free(p->v);
    p->v = NULL;
    p->n = p->cap = 0;
    *start_out = start;
    *vals_out = vals;
}

/* Predecessor lists taken from the terminators (every block; a branch with
 * both arms to one block counts once), for callers without a McCfg. */
void mc_preds_from_terms(const McFunc *f, int32_t **pstart_out, int32_t **plist_out) {
    int32_t nb = f->nblocks;
    int32_t *pstart = mc_xcalloc((size_t)nb + 1, sizeof *pstart);
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2] = {0, 0}; /* read only where set; GCC cannot tell */
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if ((k == 0 || succ[1] != succ[0]) && succ[k] >= 0 && succ[k] < nb) pstart[succ[k] + 1]++;
    }
    for (int32_t b = 0; b < nb; b++) pstart[b + 1] += pstart[b];
    int32_t *plist = mc_xmalloc((size_t)(pstart[nb] ? pstart[nb] : 1) * sizeof *plist);
    int32_t *fill = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *fill);
    memcpy(fill, pstart, (size_t)nb * sizeof *fill);
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2] = {0, 0};
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if ((k == 0 || succ[1] != succ[0]) && succ[k] >= 0 && succ[k] < nb) plist[fill[succ[k]]++] = b;
    }
    free(fill);
    *pstart_out = pstart;
    *plist_out = plist;
}

/* Phase 1: predecessors as compressed rows, from the CFG (its lists) or,
 * without one, from the terminators. */
static void preds_rows(const McFunc *f, const McCfg *c, int32_t **pstart_out, int32_t **plist_out) {
    if (!c) {
        mc_preds_from_terms(f, pstart_out, plist_out);
        return;
    }
    int32_t n = f->nblocks;
    int32_t *pstart = mc_xcalloc((size_t)n + 1, sizeof *pstart);
    for (int32_t b = 0; b < n; b++) pstart[b + 1] = pstart[b] + c->npreds[b];
    int32_t *plist = mc_xmalloc((size_t)(pstart[n] ? pstart[n] : 1) * sizeof *plist);
    for (int32_t b = 0; b < n; b++)
        if (c->npreds[b]) memcpy(plist + pstart[b], c->preds[b], (size_t)c->npreds[b] * sizeof *plist);
    *pstart_out = pstart;
    *plist_out = plist;
}

/* The local sets of every block taking part, grouped by variable. */
typedef struct Local {
    Groups uses;    /* use[b]: scalars read in b before any assignment in b */
    Groups defs;    /* def[b]: scalars assigned in b, phi destinations included */
    Groups phiuses; /* phiuse[b]: phi operands read on the edge from b */
} Local;

/* The scan that finds them: (variable, block) lists and per-value stamps. */
typedef struct Scan {
    const McFunc *f;
    const bool *in_graph; /* blocks taking part */
    bool *isv;            /* isv[v]: v is a scalar */
    int32_t *ustamp;      /* == b: v already in use[b] */
    int32_t *dstamp;      /* == b: v in def[b] */
    Pairs up, dp, pp;     /* upward-exposed uses, definitions, phi uses */
} Scan;

/* Each list allocated once at a bound (at most an operand, a definition,
 * a phi entry each). */
static void scan_presize(Scan *s) {
    const McFunc *f = s->f;
    int64_t nops = 0, ndefs = 0, nargs = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        nops += 3 * (int64_t)bl->ninsts + 1;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McCall *c = mc_inst_call(f, &bl->insts[i]);
            if (c) nops += c->nargs;
        }
        ndefs += bl->ninsts + bl->nphis;
        for (int32_t p = 0; p < bl->nphis; p++) nargs += bl->phis[p].nargs;
    }
    if (2 * nops < INT32_MAX && 2 * ndefs < INT32_MAX && 2 * nargs < INT32_MAX) {
        pairs_grow(&s->up, (int32_t)(2 * nops));
        pairs_grow(&s->dp, (int32_t)(2 * ndefs));
        pairs_grow(&s->pp, (int32_t)(2 * nargs));
    }
}

/* Block b's phis: their destinations are definitions, their operands uses
 * at the end of the predecessor they come from. */
static void scan_phis(Scan *s, int32_t b) {
    const McFunc *f = s->f;
    const McBlock *bl = &f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++) {
        const McPhi *ph = &bl->phis[p];
        if (scalar_dest(f, s->isv, ph->dest) && s->dstamp[ph->dest] != b) {
            s->dstamp[ph->dest] = b;
            pairs_push(&s->dp, ph->dest, b);
        }
        for (int32_t a = 0; a < ph->nargs; a++) {
            int32_t pred = ph->args[a].block;
            if (pred < 0 || pred >= f->nblocks || !s->in_graph[pred] || !scalar(f, s->isv, ph->args[a].val)) continue;
            pairs_push(&s->pp, ph->args[a].val.v, pred);
        }
    }
}

/* Block b's instructions, then its terminator's operand, in order: an
 * operand not yet defined in b is upward exposed. */
static void scan_insts(Scan *s, int32_t b) {
    const McFunc *f = s->f;
    const McBlock *bl = &f->blocks[b];
    for (int32_t i = 0; i <= bl->ninsts; i++) {
        const McOperand *ops;
        int nops;
        int32_t d = MC_NONE;
        if (i < bl->ninsts) {
            const McInst *in = &bl->insts[i];
            ops = mc_inst_opnds(f, in, &nops); /* a call's arguments are uses */
            d = in->dest;
        } else {
            if (!bl->has_term || bl->term.op == MC_OP_JUMP) break;
            ops = &bl->term.arg;
            nops = 1;
        }
        for (int k = 0; k < nops; k++) {
            if (!scalar(f, s->isv, ops[k])) continue;
            int32_t v = ops[k].v;
            if (s->dstamp[v] == b || s->ustamp[v] == b) continue; /* not upward exposed / already listed */
            s->ustamp[v] = b;
            pairs_push(&s->up, v, b);
        }
        if (scalar_dest(f, s->isv, d) && s->dstamp[d] != b) {
            s->dstamp[d] = b;
            pairs_push(&s->dp, d, b);
        }
    }
}

/* Phase 2: upward-exposed uses, definitions and phi uses of the blocks
 * taking part, as (variable, block) pairs grouped by variable. */
static void local_sets(const McFunc *f, const bool *in_graph, Local *loc) {
    int32_t n = f->nblocks, nv = f->nvalues;
    Scan s = {.f = f, .in_graph = in_graph};
    scan_presize(&s);
    s.isv = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s.isv);
    for (int32_t v = 0; v < nv; v++) s.isv[v] = f->values[v].kind == MC_VAL_I32;
    s.ustamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s.ustamp);
    s.dstamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *s.dstamp);
    for (int32_t v = 0; v < nv; v++) s.ustamp[v] = s.dstamp[v] = MC_NONE;
    for (int32_t b = 0; b < n; b++) {
#if defined(__GNUC__)
        /* the instructions two blocks on (separate arrays: a cache miss
         * each on a large function) */
        if (b + 2 < n) {
            const char *ahead = (const char *)f->blocks[b + 2].insts;
            size_t bytes = (size_t)f->blocks[b + 2].ninsts * sizeof(McInst);
            for (size_t off = 0; off < bytes && off < 1024; off += 64) __builtin_prefetch(ahead + off);
        }
#endif
        if (!in_graph[b]) continue;
        scan_phis(&s, b);
        scan_insts(&s, b);
    }
    free(s.ustamp);
    free(s.dstamp);
    free(s.isv);
    group(&loc->uses, &s.up, nv);
    group(&loc->defs, &s.dp, nv);
    group(&loc->phiuses, &s.pp, nv);
}

/* The state of the per-variable walks (phase 3). inmark[b] == v says v is
 * in live_in[b] (likewise outmark), so no per-variable clearing is needed;
 * every new member is emitted as a (variable, block) pair. */
typedef struct Walk {
    int32_t *defmark, *inmark, *outmark; /* == v: block defines v / has v live-in / live-out */
    int32_t *stack, sp;                  /* blocks where v became live-in, to walk from */
    Pairs inp, outp;                     /* the answer as (variable, block) pairs */
    bool in_entry_only;                  /* record live-in pairs of block 0 only */
    const int32_t *pstart, *plist;       /* predecessors (phase 1) */
    const bool *in_graph;                /* blocks taking part */
} Walk;

static void walk_init(Walk *w, int32_t n, const Local *loc, int32_t nv) {
    /* the answer holds at least the uses' blocks, typically a few times
     * more: start the lists there */
    int64_t seen = (int64_t)loc->uses.start[nv] + loc->phiuses.start[nv];
    if (8 * seen + 2 < INT32_MAX) {
        pairs_grow(&w->outp, (int32_t)(8 * seen + 2));
        if (!w->in_entry_only) pairs_grow(&w->inp, (int32_t)(8 * seen + 2));
    }
    w->defmark = mc_xmalloc((size_t)(n ? n : 1) * sizeof *w->defmark);
    w->inmark = mc_xmalloc((size_t)(n ? n : 1) * sizeof *w->inmark);
    w->outmark = mc_xmalloc((size_t)(n ? n : 1) * sizeof *w->outmark);
    w->stack = mc_xmalloc((size_t)(n ? n : 1) * sizeof *w->stack);
    for (int32_t b = 0; b < n; b++) w->defmark[b] = w->inmark[b] = w->outmark[b] = MC_NONE;
}

/* v is live at the end of block p (read by a successor or a phi on the edge
 * from p): p's live-out gets v, and so does its live-in, to be walked from,
 * unless p defines v or has it already. */
static void live_out_at(Walk *w, int32_t v, int32_t p) {
    if (w->outmark[p] != v) {
        w->outmark[p] = v;
        pairs_push(&w->outp, v, p);
    }
    if (w->defmark[p] == v || w->inmark[p] == v) return;
    w->inmark[p] = v;
    if (!w->in_entry_only || p == 0) pairs_push(&w->inp, v, p);
    w->stack[w->sp++] = p;
}

/* Variable v: mark its defining blocks, seed from its uses and phi uses,
 * and walk backward. */
static void walk_variable(Walk *w, const Local *loc, int32_t v) {
    for (int32_t k = loc->defs.start[v]; k < loc->defs.start[v + 1]; k++) w->defmark[loc->defs.block[k]] = v;
    w->sp = 0;
    for (int32_t k = loc->uses.start[v]; k < loc->uses.start[v + 1]; k++) {
        int32_t b = loc->uses.block[k];
        if (w->inmark[b] == v) continue;
        w->inmark[b] = v;
        if (!w->in_entry_only || b == 0) pairs_push(&w->inp, v, b);
        w->stack[w->sp++] = b;
    }
    for (int32_t k = loc->phiuses.start[v]; k < loc->phiuses.start[v + 1]; k++)
        live_out_at(w, v, loc->phiuses.block[k]);
    while (w->sp > 0) {
        int32_t b = w->stack[--w->sp];
        for (int32_t k = w->pstart[b]; k < w->pstart[b + 1]; k++)
            if (w->in_graph[w->plist[k]]) live_out_at(w, v, w->plist[k]);
    }
}

static void walk_free(Walk *w) {
    free(w->defmark);
    free(w->inmark);
    free(w->outmark);
    free(w->stack);
}

/* The four phases: predecessors, local sets, one backward walk per
 * variable (in increasing order), and the walks' pairs sorted into rows by
 * block (phase 4). */
static McLiveness *liveness(const McFunc *f, const McCfg *c, bool all, bool in_entry_only) {
    int32_t n = f->nblocks, nv = f->nvalues;
    MC_ASSERT(!c || c->nblocks == n);
    MC_ASSERT(c || all);
    McLiveness *l = mc_xcalloc(1, sizeof *l);
    l->nblocks = n;
    l->nvalues = nv;
    int32_t *pstart, *plist;
    preds_rows(f, c, &pstart, &plist);
    /* Blocks taking part: reachable ones, or every block for mc_liveness_all. */
    bool *in_graph = mc_xmalloc((size_t)(n ? n : 1) * sizeof *in_graph);
    for (int32_t b = 0; b < n; b++) in_graph[b] = all || c->rpo_index[b] >= 0;
    Local loc;
    local_sets(f, in_graph, &loc);
    Walk w = {.in_entry_only = in_entry_only, .pstart = pstart, .plist = plist, .in_graph = in_graph};
    walk_init(&w, n, &loc, nv);
    for (int32_t v = 0; v < nv; v++)
        if (loc.uses.start[v] != loc.uses.start[v + 1] || loc.phiuses.start[v] != loc.phiuses.start[v + 1])
            walk_variable(&w, &loc, v);
    rows(&w.inp, n, &l->in_start, &l->in);
    rows(&w.outp, n, &l->out_start, &l->out);
    walk_free(&w);
    free(in_graph);
    free(pstart);
    free(plist);
    groups_free(&loc.uses);
    groups_free(&loc.defs);
    groups_free(&loc.phiuses);
    return l;
}

McLiveness *mc_liveness(const McFunc *f, const McCfg *c) { return liveness(f, c, false, false); }

McLiveness *mc_liveness_all(const McFunc *f, const McCfg *c) { return liveness(f, c, true, false); }

McLiveness *mc_liveness_out(const McFunc *f, const McCfg *c) { return liveness(f, c, true, true); }

McValList mc_live_in(const McLiveness *l, int32_t b) {
    MC_ASSERT(b >= 0 && b < l->nblocks);
    return (McValList){l->in + l->in_start[b], l->in_start[b + 1] - l->in_start[b]};
}

McValList mc_live_out(const McLiveness *l, int32_t b) {
    MC_ASSERT(b >= 0 && b < l->nblocks);
    return (McValList){l->out + l->out_start[b], l->out_start[b + 1] - l->out_start[b]};
}

static bool list_has(McValList s, int32_t v) {
    int32_t lo = 0, hi = s.n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (s.v[mid] < v)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < s.n && s.v[lo] == v;
}

bool mc_live_in_has(const McLiveness *l, int32_t b, int32_t v) { return list_has(mc_live_in(l, b), v); }

bool mc_live_out_has(const McLiveness *l, int32_t b, int32_t v) { return list_has(mc_live_out(l, b), v); }

void mc_liveness_free(McLiveness *l) {
    if (!l) return;
    free(l->in_start);
    free(l->in);
    free(l->out_start);
    free(l->out);
    free(l);
}
