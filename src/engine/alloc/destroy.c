/* destroy.c - phi destruction (chapter §32.2): SSA to mutable form by turning
 * every phi into copies on its incoming edges.
 *
 * A phi says which assignment happens on each incoming edge, so its copies
 * belong on that edge: an unconditional copy at the end of a branching
 * predecessor would also run on the other path, and copies at the top of the
 * merge no longer know which edge was taken.
 *
 * Two strategies (McAllocator):
 *   baseline  exactly the chapter: for each block in order, for each
 *             terminator target in order (a `branch c, L, L` has two), if the
 *             target has phis, a new block `$edgeN` (N counting from 1) is
 *             appended; it first saves every phi source into `$edgeN_copyI`
 *             and only then writes every destination, then jumps to the
 *             target. Conservative, but any copy cycle is handled.
 *   improved  an edge gets its own block only when it is critical (its source
 *             has two distinct successors and its target two distinct
 *             predecessors); otherwise the copies go at the end of the source
 *             (single successor; a `branch c, L, L` becomes `jump L`) or the
 *             top of the target (single predecessor). Each edge's parallel
 *             copy is sequentialized: a copy is emitted once nothing pending
 *             still reads its destination; when only cycles remain, one
 *             scratch value `$cycleN` saves one destination to break the
 *             cycle.
 * Both re-verify the result as mutable form (MC_VERIFY_MUTABLE): the same
 * destination is now assigned on several edges, so the SSA verifier would
 * (rightly) reject it. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* A name built from a format; the value or block is created fresh even if
 * the input happens to use the name already (then `NAME.1`, ...). */
static int32_t new_value(McFunc *f, const char *name) {
    int32_t v = mc_func_value_new(f, name);
    return v != MC_NONE ? v : mc_func_value_fresh(f, name);
}

static int32_t new_block(McFunc *f, const char *name) {
    int32_t b = mc_func_block_add(f, name);
    return b != MC_NONE ? b : mc_func_block_fresh(f, name);
}

/* The operand phi `p` of block `t` takes on the edge from `pred`. */
static McOperand incoming(const McFunc *f, int32_t t, int32_t p, int32_t pred, int32_t hint) {
    const McPhi *phi = &f->blocks[t].phis[p];
    int32_t i = mc_phi_arg_find(phi, pred, hint); /* hint: mc_phi_arg_hints, linear at wide joins */
    if (i >= 0) return phi->args[i].val;
    mc_panic(__FILE__, __LINE__, "phi %d of block %s has no entry for %s", p, f->blocks[t].name,
             f->blocks[pred].name);
}

static void add_copy(McFunc *f, int32_t block, int32_t at, int32_t dest, McOperand src, McPos loc) {
    McInst *in = at < 0 ? mc_block_inst_add(f, block) : mc_block_inst_insert(f, block, at);
    in->op = MC_OP_COPY;
    in->dest = dest;
    in->a[0] = src;
    in->a[0].loc = (McPos){0};
    in->loc = loc;
}

/* ---- baseline --------------------------------------------------------------- */

static void destroy_baseline(McFunc *f, McDestroyed *x) {
    int32_t norig = f->nblocks, counter = 0;
    int32_t *hint = mc_phi_arg_hints(f);
    char name[64];
    for (int32_t b = 0; b < norig; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++) {
            int32_t t = succ[k];
            int32_t nphis = f->blocks[t].nphis;
            if (nphis == 0) continue;
            counter++;
            snprintf(name, sizeof name, "$edge%d", counter);
            int32_t e = new_block(f, name);
            int32_t *temps = mc_xmalloc((size_t)nphis * sizeof *temps);
            /* Save every source before writing any destination. */
            for (int32_t i = 0; i < nphis; i++) {
                snprintf(name, sizeof name, "$edge%d_copy%d", counter, i);
                temps[i] = new_value(f, name);
                add_copy(f, e, -1, temps[i], incoming(f, t, i, b, hint[2 * b + k]), f->blocks[t].phis[i].loc);
            }
            for (int32_t i = 0; i < nphis; i++)
                add_copy(f, e, -1, f->blocks[t].phis[i].dest, mc_val(temps[i]), f->blocks[t].phis[i].loc);
            free(temps);
            mc_block_set_jump(f, e, t);
            f->blocks[b].term.target[k] = e;
            x->ncopies += 2 * nphis;
        }
    }
    free(hint);
}

/* ---- improved --------------------------------------------------------------- */

/* Scratch state for sequentializing parallel copies, sized by nvalues. */
typedef struct Seq {
    int32_t *readers;  /* readers[v]: pending copies that read value v */
    int32_t *writer;   /* writer[v]: pending copy index writing v, or MC_NONE */
    int32_t cap;
    int32_t counter;   /* scratch names */
} Seq;

static void seq_reserve(Seq *s, int32_t nvalues) {
    if (nvalues <= s->cap) return;
    int32_t ncap = s->cap ? s->cap : 64;
    while (ncap < nvalues) ncap *= 2;
    s->readers = mc_xrealloc(s->readers, (size_t)ncap * sizeof *s->readers);
    s->writer = mc_xrealloc(s->writer, (size_t)ncap * sizeof *s->writer);
    for (int32_t i = s->cap; i < ncap; i++) {
        s->readers[i] = 0;
        s->writer[i] = MC_NONE;
    }
    s->cap = ncap;
}

/* Emit the parallel copy dst[i] <- src[i] (i < n, destinations distinct) as
 * sequential copies into `block` at `at` (-1: append). Returns the number of
 * instructions emitted. */
static int32_t sequentialize(McFunc *f, Seq *s, int32_t block, int32_t at, int32_t n, const int32_t *dst,
                             McOperand *src, McDestroyed *x) {
    int32_t emitted = 0;
    bool *done = mc_xcalloc((size_t)(n ? n : 1), sizeof *done);
    int32_t *ready = mc_xmalloc((size_t)(n ? n : 1) * sizeof *ready);
    int32_t nready = 0, left = 0;
    seq_reserve(s, f->nvalues + n + 1);
    for (int32_t i = 0; i < n; i++) {
        if (mc_opnd_is_val(src[i]) && src[i].v == dst[i]) {
            done[i] = true; /* a = a: nothing to do */
            continue;
        }
        left++;
        s->writer[dst[i]] = i;
        if (mc_opnd_is_val(src[i])) s->readers[src[i].v]++;
    }
    for (int32_t i = n - 1; i >= 0; i--) /* reversed: the stack pops them in phi order */
        if (!done[i] && s->readers[dst[i]] == 0) ready[nready++] = i;
    int32_t scan = 0;
    while (left > 0) {
        while (nready > 0) {
            int32_t i = ready[--nready];
            add_copy(f, block, at < 0 ? -1 : at + emitted, dst[i], src[i], (McPos){0});
            emitted++;
            done[i] = true;
            left--;
            s->writer[dst[i]] = MC_NONE;
            if (mc_opnd_is_val(src[i])) {
                int32_t v = src[i].v;
                if (--s->readers[v] == 0 && s->writer[v] != MC_NONE) ready[nready++] = s->writer[v];
            }
        }
        if (left == 0) break;
        /* Only cycles remain: save one destination in a scratch value and let
         * its readers read the scratch instead; that copy becomes ready. */
        while (done[scan]) scan++;
        int32_t d = dst[scan];
        char name[48];
        snprintf(name, sizeof name, "$cycle%d", ++s->counter);
        int32_t t = new_value(f, name);
        seq_reserve(s, f->nvalues);
        x->nscratch++;
        add_copy(f, block, at < 0 ? -1 : at + emitted, t, mc_val(d), (McPos){0});
        emitted++;
        for (int32_t j = 0; j < n; j++)
            if (!done[j] && mc_opnd_is_val(src[j]) && src[j].v == d) {
                src[j] = mc_val(t);
                s->readers[t]++;
            }
        s->readers[d] = 0;
        ready[nready++] = scan;
    }
    free(done);
    free(ready);
    return emitted;
}

static void destroy_improved(McFunc *f, McDestroyed *x, int32_t *head, int32_t *tail) {
    int32_t norig = f->nblocks, counter = 0;
    int32_t *hint = mc_phi_arg_hints(f);
    int32_t *npreds = mc_xcalloc((size_t)norig, sizeof *npreds);
    for (int32_t b = 0; b < norig; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (k == 0 || succ[1] != succ[0]) npreds[succ[k]]++;
    }
    Seq s = {0};
    int32_t *dst = NULL;
    McOperand *src = NULL;
    int32_t cap = 0;
    for (int32_t b = 0; b < norig; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        if (ns == 2 && succ[0] == succ[1] && f->blocks[succ[0]].nphis > 0) {
            /* Both edges lead to the same block: the copies may go at the end. */
            McTerm *term = &f->blocks[b].term;
            term->op = MC_OP_JUMP;
            term->arg.kind = MC_OPND_NONE;
            term->target[1] = MC_NONE;
            ns = 1;
        }
        for (int k = 0; k < ns; k++) {
            int32_t t = succ[k];
            int32_t nphis = f->blocks[t].nphis;
            if (nphis == 0) continue;
            if (nphis > cap) {
                cap = nphis;
                dst = mc_xrealloc(dst, (size_t)cap * sizeof *dst);
                src = mc_xrealloc(src, (size_t)cap * sizeof *src);
            }
            for (int32_t i = 0; i < nphis; i++) {
                dst[i] = f->blocks[t].phis[i].dest;
                src[i] = incoming(f, t, i, b, hint[2 * b + k]);
            }
            int32_t n;
            if (ns == 1) {
                n = sequentialize(f, &s, b, -1, nphis, dst, src, x);
                tail[b] += n;
            } else if (npreds[t] == 1) {
                n = sequentialize(f, &s, t, head[t], nphis, dst, src, x);
                head[t] += n;
            } else {
                char name[48];
                snprintf(name, sizeof name, "$edge%d", ++counter);
                int32_t e = new_block(f, name);
                n = sequentialize(f, &s, e, -1, nphis, dst, src, x);
                mc_block_set_jump(f, e, t);
                f->blocks[b].term.target[k] = e;
            }
            x->ncopies += n;
        }
    }
    free(npreds);
    free(hint);
    free(dst);
    free(src);
    free(s.readers);
    free(s.writer);
}

/* C source lines (McInst.line, MiniC) for what destruction added: a phi's
 * copies take the line of the phi's block, which is the block itself for
 * copies at its head (head[b] of them) and the jump's target for copies at
 * the end of a predecessor or in an edge block; an edge block's jump too. */
static void carry_lines(McFunc *f, const McDestroyed *x, const int32_t *head) {
    int32_t *own = mc_xmalloc((size_t)(f->nblocks ? f->nblocks : 1) * sizeof *own);
    bool any = false;
    for (int32_t b = 0; b < f->nblocks; b++) any |= (own[b] = mc_block_line(f, b)) != 0; /* once per block */
    for (int32_t b = 0; any && b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        int32_t to = bl->term.op == MC_OP_JUMP ? own[bl->term.target[0]] : own[b];
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (x->phi_copy[b][i] && !bl->insts[i].line)
                bl->insts[i].line = b < x->norig_blocks && i < head[b] ? own[b] : to;
        if (!bl->term.line && b >= x->norig_blocks) bl->term.line = to;
    }
    free(own);
}

McDestroyed *mc_destroy_phis(const McFunc *ssa, McAllocator which, McDiags *d) {
    if (ssa->form != MC_FORM_SSA) {
        mc_diag(d, mc_loc(ssa, ssa->loc), "phi destruction requires SSA form (function '%s' is not in SSA form)", ssa->name);
        return NULL;
    }
    McDestroyed *x = mc_xcalloc(1, sizeof *x);
    McFunc *f = mc_func_clone(ssa);
    /* The optimizer leaves the values of deleted instructions in the table
     * (at 200k instructions, 60% of it): without them every per-value array
     * of destruction, interference and allocation is that much smaller. */
    mc_func_compact_values(f);
    x->f = f;
    x->norig_blocks = f->nblocks;
    int32_t *head = mc_xcalloc((size_t)f->nblocks, sizeof *head);
    int32_t *tail = mc_xcalloc((size_t)f->nblocks, sizeof *tail);
    if (which == MC_ALLOC_BASELINE)
        destroy_baseline(f, x);
    else
        destroy_improved(f, x, head, tail);
    for (int32_t b = 0; b < f->nblocks; b++) f->blocks[b].nphis = 0;
    x->nedge_blocks = f->nblocks - x->norig_blocks;
    x->phi_copy = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *x->phi_copy);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        x->phi_copy[b] = mc_xcalloc((size_t)(bl->ninsts ? bl->ninsts : 1), 1);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            bool copy = b >= x->norig_blocks || i < head[b] || i >= bl->ninsts - tail[b];
            x->phi_copy[b][i] = copy;
        }
    }
    carry_lines(f, x, head);
    free(head);
    free(tail);
    f->form = MC_FORM_UNKNOWN;
    McDiags tmp;
    mc_diags_init(&tmp, NULL, NULL, 0);
    if (!mc_verify(f, MC_VERIFY_MUTABLE, &tmp)) {
        char line[256];
        mc_diag(d, mc_loc(ssa, ssa->loc), "internal error: phi destruction of '%s' produced invalid IR: %s", ssa->name,
                tmp.n ? mc_diag_line(&tmp, 0, line, sizeof line) : "?");
        mc_diags_free(&tmp);
        mc_destroyed_free(x);
        return NULL;
    }
    mc_diags_free(&tmp);
    return x;
}

void mc_destroyed_free(McDestroyed *x) {
    if (!x) return;
    if (x->phi_copy && x->f)
        for (int32_t b = 0; b < x->f->nblocks; b++) free(x->phi_copy[b]);
    free(x->phi_copy);
    mc_func_free(x->f);
    free(x);
}
