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
 * The switches of McAllocOptions vary the improved strategy (split=all: an
 * edge block for every edge into a phi block; copies=temps: the baseline's
 * save-all temporaries in place of sequentializing), and two bug modes, for
 * either allocator, destroy wrongly on purpose: naive puts each edge's
 * copies (sequentialized) at the end of the predecessor even when it
 * branches (the lost-copy problem); sequential writes each edge's copies in
 * phi order with no temporaries (the swap problem).
 * All re-verify the result as mutable form (MC_VERIFY_MUTABLE): the same
 * destination is now assigned on several edges, so the SSA verifier would
 * (rightly) reject it. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "minicc/verify.h"
#include "alloc_common.h"

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

/* prefix followed by n in decimal (n >= 0), into buf (room for the prefix
 * and 11 more): "$edge12" without snprintf, which cost as much as the rest
 * of creating the block. */
static const char *numbered(char *buf, const char *prefix, int32_t n) {
    size_t len = strlen(prefix);
    memcpy(buf, prefix, len);
    char digits[12];
    int nd = 0;
    do {
        digits[nd++] = (char)('0' + n % 10);
        n /= 10;
    } while (n > 0);
    while (nd > 0) buf[len++] = digits[--nd];
    buf[len] = 0;
    return buf;
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
    bool *done;        /* per copy of the edge being sequentialized (room for ncap) */
    int32_t *ready;
    int32_t ncap;
    int32_t counter;   /* scratch names */
    int32_t saves;     /* save-all temporaries: one group per edge */
} Seq;

static void seq_reserve(Seq *s, int32_t nvalues) {
    if (nvalues <= s->cap) return;
    int32_t ncap = (int32_t)mc_grow_cap((size_t)s->cap, (size_t)nvalues, 64); /* two arrays, one capacity */
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
    if (n > s->ncap) { /* kept from edge to edge: one allocation, not two per edge */
        s->ncap = n;
        s->done = mc_xrealloc(s->done, (size_t)n * sizeof *s->done);
        s->ready = mc_xrealloc(s->ready, (size_t)n * sizeof *s->ready);
    }
    bool *done = s->done;
    int32_t *ready = s->ready;
    if (n) memset(done, 0, (size_t)n * sizeof *done);
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
        int32_t t = new_value(f, numbered(name, "$cycle", ++s->counter));
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
    return emitted;
}

/* How an edge's parallel copy is written (McAllocOptions): sequentialized
 * (the default), the chapter's save-all temporaries, or - the swap bug -
 * one copy after the other in phi order with no temporaries. */
enum { EMIT_SEQUENTIALIZE, EMIT_SAVE_ALL, EMIT_IN_ORDER };

static int32_t emit_copies(McFunc *f, Seq *s, int how, int32_t block, int32_t at, int32_t n, const int32_t *dst,
                           McOperand *src, McDestroyed *x) {
    if (how == EMIT_SEQUENTIALIZE) return sequentialize(f, s, block, at, n, dst, src, x);
    int32_t emitted = 0;
    if (how == EMIT_IN_ORDER) {
        for (int32_t i = 0; i < n; i++) {
            if (mc_opnd_is_val(src[i]) && src[i].v == dst[i]) continue;
            add_copy(f, block, at < 0 ? -1 : at + emitted, dst[i], src[i], (McPos){0});
            emitted++;
        }
        return emitted;
    }
    int32_t *temps = mc_xmalloc((size_t)(n ? n : 1) * sizeof *temps);
    char name[48];
    s->saves++;
    for (int32_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "$save%d_%d", s->saves, i);
        temps[i] = new_value(f, name);
        add_copy(f, block, at < 0 ? -1 : at + emitted, temps[i], src[i], (McPos){0});
        emitted++;
    }
    for (int32_t i = 0; i < n; i++) {
        add_copy(f, block, at < 0 ? -1 : at + emitted, dst[i], mc_val(temps[i]), (McPos){0});
        emitted++;
    }
    free(temps);
    return emitted;
}

/* Where the copies go (improved placement, or the two variations of the
 * switches and bug modes). */

/* The walk over the edges that carry phi copies, shared with the SSA-based
 * allocator (alloc_common.h): for each edge b -> t whose target has phis,
 * the parallel copy of t's phis goes where `place` says, and emit writes it. */
int32_t mc_destroy_edges(McFunc *f, int place, int32_t *head, int32_t *tail, McEdgeEmit emit, void *ctx) {
    int32_t norig = f->nblocks, counter = 0;
    int32_t copies = 0;
    int32_t *hint = mc_phi_arg_hints(f);
    int32_t *npreds = mc_xcalloc((size_t)(norig ? norig : 1), sizeof *npreds);
    for (int32_t b = 0; b < norig; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (k == 0 || succ[1] != succ[0]) npreds[succ[k]]++;
    }
    int32_t *dst = NULL;
    McOperand *src = NULL;
    int32_t cap = 0;
    for (int32_t b = 0; b < norig; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        int32_t hints[2] = {hint[2 * b], hint[2 * b + 1]};
        if (ns == 2 && succ[0] == succ[1] && f->blocks[succ[0]].nphis > 0 && place != MC_PLACE_ALL_EDGES) {
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
            if (place == MC_PLACE_PREDECESSOR && k == 1 && succ[1] == succ[0]) continue;
            if (nphis > cap) {
                cap = nphis;
                dst = mc_xrealloc(dst, (size_t)cap * sizeof *dst);
                src = mc_xrealloc(src, (size_t)cap * sizeof *src);
            }
            for (int32_t i = 0; i < nphis; i++) {
                dst[i] = f->blocks[t].phis[i].dest;
                src[i] = incoming(f, t, i, b, hints[k]);
            }
            int32_t n;
            if (place == MC_PLACE_PREDECESSOR || (place == MC_PLACE_CRITICAL && ns == 1)) {
                /* the naive bug mode puts them there even when b branches */
                n = emit(ctx, b, t, b, -1, nphis, dst, src);
                tail[b] += n;
            } else if (place == MC_PLACE_CRITICAL && npreds[t] == 1) {
                n = emit(ctx, b, t, t, head[t], nphis, dst, src);
                head[t] += n;
            } else {
                char name[48];
                int32_t e = new_block(f, numbered(name, "$edge", ++counter));
                n = emit(ctx, b, t, e, -1, nphis, dst, src);
                mc_block_set_jump(f, e, t);
                f->blocks[b].term.target[k] = e;
            }
            copies += n;
        }
    }
    free(npreds);
    free(hint);
    free(dst);
    free(src);
    return copies;
}

typedef struct Improved {
    McFunc *f;
    Seq s;
    int how;
    McDestroyed *x;
} Improved;

static int32_t improved_emit(void *ctx, int32_t from, int32_t to, int32_t block, int32_t at, int32_t n,
                             const int32_t *dst, McOperand *src) {
    (void)from;
    (void)to;
    Improved *m = ctx;
    return emit_copies(m->f, &m->s, m->how, block, at, n, dst, src, m->x);
}

static void destroy_improved(McFunc *f, McDestroyed *x, int32_t *head, int32_t *tail, int place, int how) {
    Improved m = {f, {0}, how, x};
    x->ncopies += mc_destroy_edges(f, place, head, tail, improved_emit, &m);
    free(m.s.readers);
    free(m.s.writer);
    free(m.s.done);
    free(m.s.ready);
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

/* Room for what destruction adds, so that no array grows and moves while it
 * is added: the copies destroy_improved puts into existing blocks (at the
 * end of a predecessor with one successor, at the top of a target with one
 * predecessor; an edge's parallel copy of n phis takes at most 2n copies: n,
 * plus one scratch copy per cycle of at least two; save-all exactly 2n),
 * and at most one edge block and n new values (scratch values, save-all and
 * baseline temporaries) per edge into a block with n phis. Edge blocks are
 * new and their instruction arrays grow on their own. */
static int32_t *copy_room(const McFunc *f, int place, int32_t *more_values, int32_t *more_blocks) {
    int32_t nb = f->nblocks;
    int32_t *extra = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *extra);
    *more_values = *more_blocks = 0;
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (f->blocks[succ[k]].nphis > 0) {
                *more_values += f->blocks[succ[k]].nphis;
                *more_blocks += 1;
            }
    }
    if (place == MC_PLACE_ALL_EDGES) return extra;
    int32_t *npreds = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *npreds);
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++)
            if (k == 0 || succ[1] != succ[0]) npreds[succ[k]]++;
    }
    for (int32_t b = 0; b < nb; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        if (ns == 2 && succ[0] == succ[1] && f->blocks[succ[0]].nphis > 0) ns = 1;
        for (int k = 0; k < ns; k++) {
            int32_t t = succ[k], room = 2 * f->blocks[t].nphis;
            if (room == 0) continue;
            if (place == MC_PLACE_PREDECESSOR || ns == 1)
                extra[b] += room;
            else if (npreds[t] == 1)
                extra[t] += room;
        }
    }
    free(npreds);
    return extra;
}

McDestroyed *mc_destroy_phis(const McFunc *ssa, McAllocator which, McDiags *d) {
    return mc_destroy_phis_opts(ssa, which, NULL, d);
}

McDestroyed *mc_destroy_phis_opts(const McFunc *ssa, McAllocator which, const McAllocOptions *o, McDiags *d) {
    McAllocOptions none;
    mc_alloc_options_default(&none);
    if (!o) o = &none;
    if (ssa->form != MC_FORM_SSA) {
        mc_diag(d, mc_loc(ssa, ssa->loc), "phi destruction requires SSA form (function '%s' is not in SSA form)", ssa->name);
        return NULL;
    }
    McDestroyed *x = mc_xcalloc(1, sizeof *x);
    int place = MC_PLACE_CRITICAL; /* baseline: edge blocks everywhere (destroy_baseline) */
    if (o->destroy == MC_DESTROY_NAIVE)
        place = MC_PLACE_PREDECESSOR;
    else if (which == MC_ALLOC_BASELINE || (o->destroy != MC_DESTROY_SEQUENTIAL && o->split_all))
        place = MC_PLACE_ALL_EDGES;
    /* The optimizer leaves the values of deleted instructions in the table
     * (at 200k instructions, 60% of it): without them every per-value array
     * of destruction, interference and allocation is that much smaller. The
     * copy drops them as it goes (mc_func_clone_compact: the renumbering of
     * mc_func_compact_values) and leaves room for the copies to come. */
    int32_t more_values, more_blocks;
    int32_t *room = copy_room(ssa, place, &more_values, &more_blocks);
    McFunc *f = mc_func_clone_compact(ssa, room, more_values, more_blocks);
    free(room);
    x->f = f;
    x->norig_blocks = f->nblocks;
    int32_t *head = mc_xcalloc((size_t)f->nblocks, sizeof *head);
    int32_t *tail = mc_xcalloc((size_t)f->nblocks, sizeof *tail);
    if (o->destroy == MC_DESTROY_NAIVE)
        destroy_improved(f, x, head, tail, place, EMIT_SEQUENTIALIZE);
    else if (o->destroy == MC_DESTROY_SEQUENTIAL)
        destroy_improved(f, x, head, tail, place, EMIT_IN_ORDER);
    else if (which == MC_ALLOC_BASELINE)
        destroy_baseline(f, x);
    else
        destroy_improved(f, x, head, tail, place, o->save_all ? EMIT_SAVE_ALL : EMIT_SEQUENTIALIZE);
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
    if (o->no_self_check) {
        f->form = MC_FORM_MUTABLE; /* what the check below would find */
        return x;
    }
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
