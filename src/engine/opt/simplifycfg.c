/* simplifycfg.c - CFG simplification that keeps phis right.
 *
 * Pass contract
 *   requires:    SSA form
 *   produces:    SSA form where no branch has a constant condition or two
 *                equal targets, no block is unreachable, no empty block
 *                merely forwards to its successor (when that is safe for the
 *                successor's phis), and no block ends in a jump to a block
 *                whose only predecessor it is (the two are merged)
 *   invalidates: cfg (blocks removed, merged, retargeted, renumbered)
 *
 * Each sweep:
 *   1. `branch 3, T, F` becomes `jump T` (F loses its phi entries for this
 *      block); `branch c, L, L` becomes `jump L`;
 *   2. blocks the entry cannot reach are removed (with their phi entries);
 *   3. merging: A: ... jump B, where A is B's only predecessor: B's phis
 *      (one entry each) become their operand, B's instructions move to the
 *      end of A, A takes B's terminator, and B's successors' phis now name A.
 *      A chain of such blocks collapses into its head in one sweep;
 *   4. forwarding: an empty block B (no phis, no instructions, `jump S`) is
 *      bypassed: its predecessors jump to S directly. When S has phis this is
 *      only done if no predecessor of B already reaches S (one phi entry per
 *      predecessor), and each phi gets B's operand for every new predecessor
 *      (that operand dominates B, so it dominates every predecessor of B).
 * Sweeps repeat until nothing changes. A block that merging or forwarding
 * took out stays in the array, marked gone, until the last sweep (or until
 * step 2 removes blocks): removing renumbers every block and rewrites every
 * phi entry, and the sweeps after the first take out a few blocks each. A
 * gone block has no predecessor, no phi entry names it, and the sweeps
 * pass over it; the blocks that stay keep their order, so every decision
 * is the one made on the renumbered function.
 * Instructions only move from B into
 * A when A is the only way into B, so no load or store is reordered or runs
 * on a path where it did not run before; the same holds for a call
 * (docs/ir.md §3.2), which is never removed, duplicated or moved past a
 * load or store. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/opt.h"
#include "minicc/util.h"
#include "opt_int.h"

static void make_jump(McBlock *bl, int keep) {
    int32_t t = bl->term.target[keep];
    bl->term.op = MC_OP_JUMP;
    bl->term.arg = (McOperand){MC_OPND_NONE, 0, {0}};
    bl->term.tloc[0] = bl->term.tloc[keep];
    bl->term.target[0] = t;
    bl->term.target[1] = MC_NONE;
}

/* A block's terminator as the sweeps read it: the sweeps read every
 * block's kind and targets several times each, from 12 bytes per block
 * instead of the 88-byte blocks. Kept in step with every edit of a
 * terminator, phi or instruction below (term_of). */
typedef struct Term {
    int32_t target[2];
    uint8_t op;  /* MC_OP_RET when the block has no terminator (no successor) */
    bool empty;  /* no phi, no instruction */
} Term;

static Term term_of(const McBlock *bl) {
    Term t = {{bl->term.target[0], bl->term.target[1]}, bl->has_term ? bl->term.op : MC_OP_RET,
              bl->nphis == 0 && bl->ninsts == 0};
    return t;
}

/* As mc_block_succs. */
static int term_succs(const Term *t, int32_t out[2]) {
    if (t->op == MC_OP_JUMP) {
        out[0] = t->target[0];
        return 1;
    }
    if (t->op == MC_OP_BRANCH) {
        out[0] = t->target[0];
        out[1] = t->target[1];
        return 2;
    }
    return 0;
}

/* Blocks taken out by merging or forwarding, not yet removed, and every
 * block's Term. */
typedef struct Gone {
    bool *is;
    int32_t n;
    Term *term;
} Gone;

static void terms_build(const McFunc *f, Gone *g) {
    for (int32_t b = 0; b < f->nblocks; b++) g->term[b] = term_of(&f->blocks[b]);
}

/* Step 1: constant conditions and equal targets. */
static bool fold_branches(McFunc *f, const Gone *g, unsigned *fx) {
    bool changed = false;
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (g->is[b] || g->term[b].op != MC_OP_BRANCH) continue;
        McBlock *bl = &f->blocks[b];
        if (bl->term.target[0] == bl->term.target[1]) {
            *fx |= MC_FX_FOLD_SAME;
            make_jump(bl, 0);
            g->term[b] = term_of(bl);
            changed = true;
        } else if (bl->term.arg.kind == MC_OPND_CONST) {
            int keep = bl->term.arg.v != 0 ? 0 : 1;
            *fx |= MC_FX_FOLD_CONST;
            int32_t gone = bl->term.target[1 - keep];
            make_jump(bl, keep);
            g->term[b] = term_of(bl);
            mc_block_phi_drop_pred(f, gone, b);
            changed = true;
        }
    }
    return changed;
}

/* Remove the gone blocks and those also marked in extra (may be NULL). */
static void remove_gone(McFunc *f, Gone *g, const bool *extra) {
    if (extra)
        for (int32_t b = 0; b < f->nblocks; b++) g->is[b] |= extra[b];
    mc_func_remove_blocks(f, g->is);
    memset(g->is, 0, (size_t)f->nblocks * sizeof *g->is);
    g->n = 0;
    terms_build(f, g); /* renumbered */
}

/* Step 2: unreachable blocks (the gone ones are removed with them: no live
 * block jumps to one). */
static bool drop_unreachable(McFunc *f, Gone *g, unsigned *fx) {
    int32_t nb = f->nblocks;
    bool *seen = mc_xcalloc((size_t)nb + 1, sizeof *seen);
    int32_t *stack = mc_xmalloc(((size_t)nb + 1) * sizeof *stack);
    int32_t sp = 0, nseen = 1;
    seen[0] = true;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t b = stack[--sp], s[2];
        int ns = term_succs(&g->term[b], s);
        for (int i = 0; i < ns; i++)
            if (!seen[s[i]]) {
                seen[s[i]] = true;
                nseen++;
                stack[sp++] = s[i];
            }
    }
    bool changed = nseen < nb - g->n;
    if (changed) {
        *fx |= MC_FX_UNREACHABLE;
        for (int32_t b = 0; b < nb; b++) seen[b] = !seen[b];
        remove_gone(f, g, seen);
    }
    free(seen);
    free(stack);
    return changed;
}

/* Distinct predecessors as CSR arrays (kept up to date by merging). */
typedef struct Preds {
    int32_t *start, *list;
} Preds;

static void preds_build(const McFunc *f, const Gone *g, Preds *p) {
    int32_t nb = f->nblocks;
    p->start = mc_xcalloc((size_t)nb + 2, sizeof *p->start);
    for (int32_t b = 0; b < nb; b++) {
        if (g->is[b]) continue; /* a forwarded block still jumps */
        int32_t s[2];
        int ns = term_succs(&g->term[b], s);
        for (int i = 0; i < ns; i++)
            if (i == 0 || s[1] != s[0]) p->start[s[i] + 1]++;
    }
    for (int32_t b = 0; b < nb; b++) p->start[b + 1] += p->start[b];
    p->list = mc_xmalloc(((size_t)p->start[nb] + 1) * sizeof *p->list);
    int32_t *fill = mc_xmalloc(((size_t)nb + 1) * sizeof *fill);
    memcpy(fill, p->start, (size_t)nb * sizeof *fill);
    for (int32_t b = 0; b < nb; b++) {
        if (g->is[b]) continue;
        int32_t s[2];
        int ns = term_succs(&g->term[b], s);
        for (int i = 0; i < ns; i++)
            if (i == 0 || s[1] != s[0]) p->list[fill[s[i]]++] = b;
    }
    free(fill);
}

static void rename_pred(McFunc *f, Preds *p, int32_t s, int32_t from, int32_t to) {
    for (int32_t k = p->start[s]; k < p->start[s + 1]; k++)
        if (p->list[k] == from) p->list[k] = to;
    McBlock *bl = &f->blocks[s];
    for (int32_t q = 0; q < bl->nphis; q++)
        for (int32_t a = 0; a < bl->phis[q].nargs; a++)
            if (bl->phis[q].args[a].block == from) bl->phis[q].args[a].block = to;
}

/* Is s a successor of q? For a block not touched in this sweep that is
 * what the predecessor lists say (merging keeps them up to date), in O(1)
 * instead of a walk over s's list: s may be a join of thousands. */
static bool jumps_to(const Gone *g, int32_t q, int32_t s) {
    int32_t succ[2];
    int ns = term_succs(&g->term[q], succ);
    for (int i = 0; i < ns; i++)
        if (succ[i] == s) return true;
    return false;
}

/* Steps 3 and 4; what they take out is marked gone. */
/* Does block b hold a load? */
static bool has_load(const McBlock *bl) {
    for (int32_t i = 0; i < bl->ninsts; i++)
        if (bl->insts[i].op == MC_OP_LOAD) return true;
    return false;
}

/* Is there a load in bl after its last store (or call, which may store)? */
static bool load_after_store(const McBlock *bl) {
    for (int32_t i = bl->ninsts - 1; i >= 0 && bl->insts[i].op != MC_OP_STORE && bl->insts[i].op != MC_OP_CALL; i--)
        if (bl->insts[i].op == MC_OP_LOAD) return true;
    return false;
}

static bool merge_and_forward(McFunc *f, Gone *g, unsigned *fx) {
    int32_t nb = f->nblocks;
    Preds p;
    preds_build(f, g, &p);
    bool *dead = mc_xcalloc((size_t)nb + 1, sizeof *dead);
    memcpy(dead, g->is, (size_t)nb * sizeof *dead);
    bool *touched = mc_xcalloc((size_t)nb + 1, sizeof *touched);
    McOperand *repl = NULL; /* allocated at the first phi that goes: a sweep of a big function merges few */
    bool changed = false, replaced = false;

    for (int32_t a = 0; a < nb; a++) {
        if (dead[a]) continue;
        for (;;) {
            if (g->term[a].op != MC_OP_JUMP) break;
            int32_t b = g->term[a].target[0];
            if (b == a || b == 0 || p.start[b + 1] - p.start[b] != 1) break;
            McBlock *ab = &f->blocks[a], *bb = &f->blocks[b];
            if (bb->nphis > 0) *fx |= MC_FX_MERGED_PHIS;
            if (!(*fx & MC_FX_MERGED_LOADS) && has_load(bb) && load_after_store(ab)) *fx |= MC_FX_MERGED_LOADS;
            if (bb->nphis && !repl) repl = mc_xcalloc((size_t)f->nvalues + 1, sizeof *repl);
            for (int32_t q = 0; q < bb->nphis; q++) {
                MC_ASSERT(bb->phis[q].nargs == 1);
                repl[bb->phis[q].dest] = bb->phis[q].args[0].val;
                replaced = true;
            }
            bb->nphis = 0;
            int32_t n = bb->ninsts;
            McInst *src = bb->insts; /* b's array does not move while a's grows */
            for (int32_t i = 0; i < n; i++) *mc_block_inst_add(f, a) = src[i];
            ab = &f->blocks[a];
            bb = &f->blocks[b];
            bb->ninsts = 0;
            ab->term = bb->term;
            int32_t s[2] = {0, 0}; /* read only where set; GCC cannot tell */
            int ns = mc_block_succs(bb, s);
            for (int i = 0; i < ns; i++)
                if (i == 0 || s[1] != s[0]) rename_pred(f, &p, s[i], b, a);
            bb->term.op = MC_OP_RET; /* inert: the block is about to go */
            bb->term.arg = mc_const(0);
            g->term[a] = term_of(ab);
            g->term[b] = term_of(bb);
            dead[b] = true;
            changed = true;
        }
    }

    /* Forwarding reads the predecessor lists of this sweep, so a block whose
     * terminator or predecessors changed is left alone until the next
     * sweep: touched marks a bypassed block and its predecessors, into a
     * block that gained predecessors. A block may gain any number in one
     * sweep (each new predecessor is touched, so none is added twice):
     * one sweep per bypassed arm made a join of k empty arms cost k sweeps
     * over the whole function. */
    bool *into = mc_xcalloc((size_t)nb + 1, sizeof *into);
    /* Where a bypassed block's entry sits in its target's phis: the first
     * time a block with phis gains predecessors in this sweep, its first
     * phi's entries are scanned (pos[pred] = index); entries only change in
     * place or at the end, and only for touched blocks, which are not
     * bypassed again in this sweep. The rest of the function is not read. */
    int32_t *pos = NULL;
    bool *scanned = NULL;
    for (int32_t b = 1; b < nb; b++) {
        if (dead[b] || touched[b] || into[b] || !g->term[b].empty || g->term[b].op != MC_OP_JUMP) continue;
        int32_t s = g->term[b].target[0];
        if (s == b || touched[s]) continue;
        bool ok = true;
        for (int32_t k = p.start[b]; k < p.start[b + 1] && ok; k++) {
            int32_t q = p.list[k];
            if (touched[q] || into[q] || q == b) ok = false;
            else if (f->blocks[s].nphis && jumps_to(g, q, s)) ok = false;
        }
        if (!ok || p.start[b] == p.start[b + 1]) continue;
        /* Each phi of s: b's entry now belongs to b's first predecessor, and
         * every other predecessor of b gets a copy of it. */
        if (f->blocks[s].nphis && !pos) {
            pos = mc_xcalloc((size_t)nb + 1, sizeof *pos);
            scanned = mc_xcalloc((size_t)nb + 1, sizeof *scanned);
        }
        if (f->blocks[s].nphis && !scanned[s]) {
            const McPhi *first = &f->blocks[s].phis[0];
            for (int32_t q = first->nargs - 1; q >= 0; q--) /* the first entry for a block wins */
                if (first->args[q].block >= 0 && first->args[q].block < nb) pos[first->args[q].block] = q;
            scanned[s] = true;
        }
        for (int32_t ph = 0; ph < f->blocks[s].nphis; ph++) {
            McPhi *phi = &f->blocks[s].phis[ph];
            int32_t x = mc_phi_arg_find(phi, b, pos[b]);
            MC_ASSERT(x >= 0);
            McOperand val = phi->args[x].val;
            phi->args[x].block = p.list[p.start[b]];
            for (int32_t k = p.start[b] + 1; k < p.start[b + 1]; k++) mc_phi_arg_add(f, s, ph, p.list[k], val);
        }
        dead[b] = true;
        touched[b] = into[s] = true;
        for (int32_t k = p.start[b]; k < p.start[b + 1]; k++) {
            int32_t q = p.list[k];
            touched[q] = true;
            McBlock *qb = &f->blocks[q];
            for (int t = 0; t < (qb->term.op == MC_OP_BRANCH ? 2 : 1); t++)
                if (qb->term.target[t] == b) qb->term.target[t] = s;
            g->term[q] = term_of(qb);
        }
        changed = true;
    }
    if (changed) {
        if (replaced) mc_opt_replace_uses(f, repl); /* a sweep over every operand: only when a phi went */
        for (int32_t b = 0; b < nb; b++)
            if (dead[b] && !g->is[b]) g->is[b] = true, g->n++;
    }
    free(p.start);
    free(p.list);
    free(dead);
    free(touched);
    free(into);
    free(pos);
    free(scanned);
    free(repl);
    return changed;
}

/* effects: which kinds of change the run made, and MC_FX_UNSETTLED when
 * its last sweep still changed something (the sweeps ran out). */
McPassResult mc_pass_simplifycfg(McFunc *f, bool reachable) {
    bool changed = false, settled = false;
    unsigned fx = 0;
    Gone g = {mc_xcalloc((size_t)f->nblocks + 1, sizeof *g.is), 0,
              mc_xmalloc(((size_t)f->nblocks + 1) * sizeof *g.term)};
    terms_build(f, &g);
    for (int32_t sweep = 0; sweep <= f->nblocks - g.n + 1; sweep++) {
        bool c = fold_branches(f, &g, &fx);
        /* Merging and forwarding keep every block reachable that was (a
         * path through a merged or bypassed block now takes the new edge),
         * so after the first sweep (or from the start, when the caller knows
         * every block is reachable) only a fold can strand a block. */
        if ((sweep == 0 && !reachable) || c) c |= drop_unreachable(f, &g, &fx);
        c |= merge_and_forward(f, &g, &fx);
        if (!c) {
            settled = true;
            break;
        }
        changed = true;
    }
    if (g.n) remove_gone(f, &g, NULL);
    free(g.is);
    free(g.term);
    if (!settled) fx |= MC_FX_UNSETTLED;
    return (McPassResult){.changed = changed, .modified = changed, .effects = changed ? fx : 0};
}
