/* live.c - block liveness of scalar values, the input of interference
 * (chapter §32.3) and of any pass that asks "is v live here?".
 *
 * Standard backward dataflow, for mutable form (names assigned many times)
 * and SSA alike:
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
 * Contract: requires a function whose operands name valid values (the
 * verifier's structural checks); produces live_in/live_out per block;
 * invalidated by any edit of the function. use/def are kept as sparse lists
 * so only live_in/live_out cost nblocks x nvalues bits.
 *
 * The worklist starts with every reachable block in postorder, so a forward
 * chain settles in one sweep; a block whose live_in changes queues its
 * predecessors again. mc_liveness gives unreachable blocks empty sets;
 * mc_liveness_all (the chapter's whole-graph view) computes them too. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"

/* Sparse per-block value lists sharing growable flat storage. */
typedef struct List {
    int32_t *v;
    int32_t n, cap;
} List;

static void list_push(List *l, int32_t x) {
    if (l->n == l->cap) {
        l->cap = l->cap ? l->cap * 2 : 64;
        l->v = mc_xrealloc(l->v, (size_t)l->cap * sizeof *l->v);
    }
    l->v[l->n++] = x;
}

static bool scalar(const McFunc *f, McOperand o) {
    return o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues && f->values[o.v].kind == MC_VAL_I32;
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
    /* use/def/phiuse of each block: slices [start[b], start[b+1]) of a list. */
    List use = {0}, def = {0}, phiuse = {0};
    int32_t *ustart = mc_xmalloc((size_t)(n + 1) * sizeof *ustart);
    int32_t *dstart = mc_xmalloc((size_t)(n + 1) * sizeof *dstart);
    int32_t *pstart = mc_xmalloc((size_t)(n + 1) * sizeof *pstart);
    /* ustamp[v] == b: v is in use[b]; dstamp[v] == b: v is in def[b]. */
    int32_t *ustamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *ustamp);
    int32_t *dstamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *dstamp);
    for (int32_t v = 0; v < nv; v++) ustamp[v] = dstamp[v] = MC_NONE;
    for (int32_t b = 0; b < n; b++) {
        const McBlock *bl = &f->blocks[b];
        ustart[b] = use.n;
        dstart[b] = def.n;
        for (int32_t p = 0; p < bl->nphis; p++) {
            int32_t d = bl->phis[p].dest;
            if (d < 0 || d >= nv || f->values[d].kind != MC_VAL_I32 || dstamp[d] == b) continue;
            dstamp[d] = b;
            list_push(&def, d);
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
                if (!bl->has_term) break;
                ops = &bl->term.arg;
                nops = 1;
            }
            for (int k = 0; k < nops; k++) {
                if (!scalar(f, ops[k])) continue;
                int32_t v = ops[k].v;
                if (dstamp[v] == b || ustamp[v] == b) continue; /* not upward exposed / already listed */
                ustamp[v] = b;
                list_push(&use, v);
            }
            if (d >= 0 && d < nv && f->values[d].kind == MC_VAL_I32 && dstamp[d] != b) {
                dstamp[d] = b;
                list_push(&def, d);
            }
        }
    }
    ustart[n] = use.n;
    dstart[n] = def.n;
    /* Phi operands, grouped by the predecessor they are read at the end of. */
    {
        List pairs = {0}; /* (pred, value) flattened */
        int32_t *cnt = mc_xcalloc((size_t)(n + 1), sizeof *cnt);
        for (int32_t s = 0; s < n; s++) {
            const McBlock *bl = &f->blocks[s];
            for (int32_t p = 0; p < bl->nphis; p++) {
                const McPhi *ph = &bl->phis[p];
                for (int32_t a = 0; a < ph->nargs; a++) {
                    int32_t pred = ph->args[a].block;
                    if (pred < 0 || pred >= n || !scalar(f, ph->args[a].val)) continue;
                    list_push(&pairs, pred);
                    list_push(&pairs, ph->args[a].val.v);
                    cnt[pred]++;
                }
            }
        }
        int32_t off = 0;
        for (int32_t b = 0; b < n; b++) {
            pstart[b] = off;
            off += cnt[b];
            cnt[b] = pstart[b];
        }
        pstart[n] = off;
        phiuse.v = mc_xmalloc((size_t)(off ? off : 1) * sizeof *phiuse.v);
        phiuse.n = phiuse.cap = off;
        for (int32_t i = 0; i < pairs.n; i += 2) phiuse.v[cnt[pairs.v[i]]++] = pairs.v[i + 1];
        free(pairs.v);
        free(cnt);
    }
    /* Worklist: FIFO over block handles, seeded in postorder. */
    int32_t *queue = mc_xmalloc((size_t)(n + 1) * sizeof *queue);
    bool *queued = mc_xcalloc((size_t)(n ? n : 1), sizeof *queued);
    int32_t head = 0, count = 0, cap = n + 1;
    for (int32_t i = c->nrpo - 1; i >= 0; i--) {
        queue[(head + count++) % cap] = c->rpo[i];
        queued[c->rpo[i]] = true;
    }
    if (all)
        for (int32_t b = n - 1; b >= 0; b--)
            if (c->rpo_index[b] < 0) {
                queue[(head + count++) % cap] = b;
                queued[b] = true;
            }
    McBitset tmp;
    mc_bs_init(&tmp, nv);
    while (count > 0) {
        int32_t b = queue[head];
        head = (head + 1) % cap;
        count--;
        queued[b] = false;
        McBitset *out = &l->live_out[b], *in = &l->live_in[b];
        for (int32_t k = pstart[b]; k < pstart[b + 1]; k++) mc_bs_add(out, phiuse.v[k]);
        for (int32_t k = 0; k < c->nsuccs[b]; k++) mc_bs_union(out, &l->live_in[c->succs[b][k]]);
        mc_bs_copy(&tmp, out);
        for (int32_t k = dstart[b]; k < dstart[b + 1]; k++) mc_bs_del(&tmp, def.v[k]);
        for (int32_t k = ustart[b]; k < ustart[b + 1]; k++) mc_bs_add(&tmp, use.v[k]);
        if (!mc_bs_union(in, &tmp)) continue;
        for (int32_t k = 0; k < c->npreds[b]; k++) {
            int32_t p = c->preds[b][k];
            if (queued[p] || (!all && c->rpo_index[p] < 0)) continue;
            queued[p] = true;
            queue[(head + count++) % cap] = p;
        }
    }
    mc_bs_free(&tmp);
    free(queue);
    free(queued);
    free(use.v);
    free(def.v);
    free(phiuse.v);
    free(ustart);
    free(dstart);
    free(pstart);
    free(ustamp);
    free(dstamp);
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
