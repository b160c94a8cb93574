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
 * cost is proportional to the size of the answer. A block-at-a-time worklist
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

static void pairs_push(Pairs *p, int32_t var, int32_t block) {
    if (p->n + 2 > p->cap) {
        p->cap = p->cap ? p->cap * 2 : 128;
        p->v = mc_xrealloc(p->v, (size_t)p->cap * sizeof *p->v);
    }
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

static bool scalar(const McFunc *f, McOperand o) {
    return o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues && f->values[o.v].kind == MC_VAL_I32;
}

static bool scalar_dest(const McFunc *f, int32_t d) {
    return d >= 0 && d < f->nvalues && f->values[d].kind == MC_VAL_I32;
}

static McLiveness *liveness(const McFunc *f, const McCfg *c, bool all) {
    int32_t n = f->nblocks, nv = f->nvalues;
    MC_ASSERT(c->nblocks == n);
    McLiveness *l = mc_xcalloc(1, sizeof *l);
    l->nblocks = n;
    l->nvalues = nv;
    l->live_in = mc_xmalloc((size_t)(n ? n : 1) * sizeof *l->live_in);
    l->live_out = mc_xmalloc((size_t)(n ? n : 1) * sizeof *l->live_out);
    for (int32_t b = 0; b < n; b++) {
        mc_bs_init(&l->live_in[b], nv);
        mc_bs_init(&l->live_out[b], nv);
    }
    /* Blocks taking part: reachable ones, or every block for mc_liveness_all. */
    bool *in_graph = mc_xmalloc((size_t)(n ? n : 1) * sizeof *in_graph);
    for (int32_t b = 0; b < n; b++) in_graph[b] = all || c->rpo_index[b] >= 0;

    /* Upward-exposed uses, definitions and phi uses, as (variable, block). */
    Pairs up = {0}, dp = {0}, pp = {0};
    int32_t *ustamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *ustamp); /* v in use[b] */
    int32_t *dstamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *dstamp); /* v in def[b] */
    for (int32_t v = 0; v < nv; v++) ustamp[v] = dstamp[v] = MC_NONE;
    for (int32_t b = 0; b < n; b++) {
        if (!in_graph[b]) continue;
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            const McPhi *ph = &bl->phis[p];
            if (scalar_dest(f, ph->dest) && dstamp[ph->dest] != b) {
                dstamp[ph->dest] = b;
                pairs_push(&dp, ph->dest, b);
            }
            for (int32_t a = 0; a < ph->nargs; a++) {
                int32_t pred = ph->args[a].block;
                if (pred < 0 || pred >= n || !in_graph[pred] || !scalar(f, ph->args[a].val)) continue;
                pairs_push(&pp, ph->args[a].val.v, pred);
            }
        }
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            const McOperand *ops;
            int nops;
            int32_t d = MC_NONE;
            if (i < bl->ninsts) {
                const McInst *in = &bl->insts[i];
                ops = in->a;
                nops = in->op < MC_OP_COUNT ? mc_op_info[in->op].nargs : 0;
                if (nops > 3) nops = 3;
                d = in->dest;
            } else {
                if (!bl->has_term || bl->term.op == MC_OP_JUMP) break;
                ops = &bl->term.arg;
                nops = 1;
            }
            for (int k = 0; k < nops; k++) {
                if (!scalar(f, ops[k])) continue;
                int32_t v = ops[k].v;
                if (dstamp[v] == b || ustamp[v] == b) continue; /* not upward exposed / already listed */
                ustamp[v] = b;
                pairs_push(&up, v, b);
            }
            if (scalar_dest(f, d) && dstamp[d] != b) {
                dstamp[d] = b;
                pairs_push(&dp, d, b);
            }
        }
    }
    free(ustamp);
    free(dstamp);
    Groups uses, defs, phiuses;
    group(&uses, &up, nv);
    group(&defs, &dp, nv);
    group(&phiuses, &pp, nv);

    /* Per variable: mark its defining blocks, seed, and walk backward. The
     * variables are taken 64 at a time, one bit-set word column: the walks
     * read and write two small per-block word arrays that stay in cache, and
     * each finished column is stored into the blocks' sets once. */
    int32_t *defmark = mc_xmalloc((size_t)(n ? n : 1) * sizeof *defmark);
    int32_t *stack = mc_xmalloc((size_t)(n ? n : 1) * sizeof *stack);
    uint64_t *colin = mc_xmalloc((size_t)(n ? n : 1) * sizeof *colin);
    uint64_t *colout = mc_xmalloc((size_t)(n ? n : 1) * sizeof *colout);
    for (int32_t b = 0; b < n; b++) defmark[b] = MC_NONE;
    for (int32_t w = 0; w * 64 < nv; w++) {
        int32_t v0 = w * 64, v1 = v0 + 64 < nv ? v0 + 64 : nv;
        if (uses.start[v0] == uses.start[v1] && phiuses.start[v0] == phiuses.start[v1]) continue;
        memset(colin, 0, (size_t)n * sizeof *colin);
        memset(colout, 0, (size_t)n * sizeof *colout);
        for (int32_t v = v0; v < v1; v++) {
            if (uses.start[v] == uses.start[v + 1] && phiuses.start[v] == phiuses.start[v + 1]) continue;
            const uint64_t bit = (uint64_t)1 << (v & 63);
            for (int32_t k = defs.start[v]; k < defs.start[v + 1]; k++) defmark[defs.block[k]] = v;
            int32_t sp = 0;
            for (int32_t k = uses.start[v]; k < uses.start[v + 1]; k++) {
                int32_t b = uses.block[k];
                if (colin[b] & bit) continue;
                colin[b] |= bit;
                stack[sp++] = b;
            }
            for (int32_t k = phiuses.start[v]; k < phiuses.start[v + 1]; k++) {
                int32_t p = phiuses.block[k];
                colout[p] |= bit;
                if (defmark[p] == v || (colin[p] & bit)) continue;
                colin[p] |= bit;
                stack[sp++] = p;
            }
            while (sp > 0) {
                int32_t b = stack[--sp];
                for (int32_t k = 0; k < c->npreds[b]; k++) {
                    int32_t p = c->preds[b][k];
                    if (!in_graph[p]) continue;
                    colout[p] |= bit;
                    if (defmark[p] == v || (colin[p] & bit)) continue;
                    colin[p] |= bit;
                    stack[sp++] = p;
                }
            }
        }
        for (int32_t b = 0; b < n; b++) {
            l->live_in[b].w[w] = colin[b];
            l->live_out[b].w[w] = colout[b];
        }
    }
    free(colin);
    free(colout);
    free(defmark);
    free(stack);
    free(in_graph);
    groups_free(&uses);
    groups_free(&defs);
    groups_free(&phiuses);
    return l;
}

McLiveness *mc_liveness(const McFunc *f, const McCfg *c) { return liveness(f, c, false); }

McLiveness *mc_liveness_all(const McFunc *f, const McCfg *c) { return liveness(f, c, true); }

void mc_liveness_free(McLiveness *l) {
    if (!l) return;
    for (int32_t b = 0; b < l->nblocks; b++) {
        mc_bs_free(&l->live_in[b]);
        mc_bs_free(&l->live_out[b]);
    }
    free(l->live_in);
    free(l->live_out);
    free(l);
}
