/* shrink.c - the program reducer: given a function that shows a failure (an
 * interestingness predicate, for example "stage alloc at K=2 disagrees with
 * the interpreter"), find a much smaller function that still shows it.
 *
 * Contract: requires a verified function and matching arguments; produces a
 * new verified function (and arguments) for which the predicate still holds;
 * invalidates nothing (the input is not changed).
 *
 * It is a greedy delta-debugging loop over the IR. Each edit makes a
 * candidate from the current best: turn a branch into a jump (dropping the
 * blocks that become unreachable), merge a block into its only predecessor,
 * delete a phi or an instruction (uses of a deleted SSA value become 0),
 * replace an instruction by a copy of one of its operands, replace an operand
 * by 0, drop unused parameters, shorten and zero the arguments. After every
 * edit unreachable blocks are removed and uses of names that no longer have
 * a definition become the constant 0; then the candidate is re-verified and
 * invalid candidates are discarded, so only valid programs reach the
 * predicate. Every accepted edit makes the program strictly smaller (fewer
 * blocks, instructions, phis or value operands, or smaller arguments), so the
 * loop terminates; it stops at a fixed point or after max_tries candidates. */
#include <stdlib.h>
#include <string.h>

#include "minicc/gen.h"
#include "minicc/util.h"
#include "minicc/verify.h"

typedef struct Shrink {
    McFunc *best;
    McArgs args;
    McShrinkPred pred;
    void *ctx;
    int64_t max_tries;
    McShrinkStats st;
} Shrink;

static bool out_of_tries(const Shrink *s) { return s->max_tries > 0 && s->st.tried >= s->max_tries; }

/* ---- edits' building blocks ------------------------------------------------------ */

static void for_each_use(McFunc *f, int32_t v, McOperand repl) {
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            for (int k = 0; k < mc_op_info[in->op].nargs; k++)
                if (in->a[k].kind == MC_OPND_VALUE && in->a[k].v == v) in->a[k] = repl;
        }
        for (int32_t p = 0; p < bl->nphis; p++)
            for (int32_t a = 0; a < bl->phis[p].nargs; a++)
                if (bl->phis[p].args[a].val.kind == MC_OPND_VALUE && bl->phis[p].args[a].val.v == v)
                    bl->phis[p].args[a].val = repl;
        if ((bl->term.op == MC_OP_RET || bl->term.op == MC_OP_BRANCH) && bl->term.arg.kind == MC_OPND_VALUE &&
            bl->term.arg.v == v)
            bl->term.arg = repl;
    }
}

/* Remove blocks not reachable from the entry (iterative search). */
static void drop_unreachable(McFunc *f) {
    if (f->nblocks == 0) return;
    bool *seen = mc_xcalloc((size_t)f->nblocks, sizeof *seen);
    int32_t *stack = mc_xmalloc((size_t)f->nblocks * sizeof *stack);
    int32_t sp = 0;
    seen[0] = true;
    stack[sp++] = 0;
    while (sp) {
        int32_t b = stack[--sp], s[2];
        int n = mc_block_succs(&f->blocks[b], s);
        for (int i = 0; i < n; i++)
            if (s[i] >= 0 && s[i] < f->nblocks && !seen[s[i]]) {
                seen[s[i]] = true;
                stack[sp++] = s[i];
            }
    }
    bool any = false;
    for (int32_t b = 0; b < f->nblocks; b++) {
        seen[b] = !seen[b]; /* now: dead */
        any |= seen[b];
    }
    if (any) mc_func_remove_blocks(f, seen);
    free(seen);
    free(stack);
}

/* Uses of scalar names that have no definition left become 0. */
static void repair_undefined(McFunc *f) {
    bool *def = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *def);
    for (int32_t p = 0; p < f->nparams; p++) def[f->params[p]] = true;
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) def[bl->phis[p].dest] = true;
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].dest >= 0) def[bl->insts[i].dest] = true;
    }
    for (int32_t v = 0; v < f->nvalues; v++)
        if (!def[v]) for_each_use(f, v, mc_const(0));
    free(def);
}

static void tidy(McFunc *f) {
    drop_unreachable(f);
    repair_undefined(f);
}

static void remove_phi(McFunc *f, int32_t b, int32_t p) {
    McBlock *bl = &f->blocks[b];
    memmove(&bl->phis[p], &bl->phis[p + 1], (size_t)(bl->nphis - p - 1) * sizeof *bl->phis);
    bl->nphis--;
}

static int32_t count_defs(const McFunc *f, int32_t v) {
    int32_t n = 0;
    for (int32_t p = 0; p < f->nparams; p++) n += f->params[p] == v;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) n += bl->phis[p].dest == v;
        for (int32_t i = 0; i < bl->ninsts; i++) n += bl->insts[i].dest == v;
    }
    return n;
}

/* Which (block, index) is the k-th instruction; false past the end. */
static bool nth_inst(const McFunc *f, int64_t k, int32_t *b, int32_t *i) {
    for (int32_t x = 0; x < f->nblocks; x++) {
        if (k < f->blocks[x].ninsts) {
            *b = x;
            *i = (int32_t)k;
            return true;
        }
        k -= f->blocks[x].ninsts;
    }
    return false;
}

static bool nth_phi(const McFunc *f, int64_t k, int32_t *b, int32_t *p) {
    for (int32_t x = 0; x < f->nblocks; x++) {
        if (k < f->blocks[x].nphis) {
            *b = x;
            *p = (int32_t)k;
            return true;
        }
        k -= f->blocks[x].nphis;
    }
    return false;
}

/* The k-th operand slot of the function: instruction operands, phi
 * arguments, terminator arguments, in block order. */
static McOperand *nth_opnd(McFunc *f, int64_t k) {
    for (int32_t x = 0; x < f->nblocks; x++) {
        McBlock *bl = &f->blocks[x];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            int n = mc_op_info[in->op].nargs;
            for (int a = 0; a < n; a++) {
                if (k == 0) return &in->a[a];
                k--;
            }
        }
        for (int32_t p = 0; p < bl->nphis; p++)
            for (int32_t a = 0; a < bl->phis[p].nargs; a++) {
                if (k == 0) return &bl->phis[p].args[a].val;
                k--;
            }
        if (bl->has_term && (bl->term.op == MC_OP_RET || bl->term.op == MC_OP_BRANCH)) {
            if (k == 0) return &bl->term.arg;
            k--;
        }
    }
    return NULL;
}

/* ---- trying a candidate ---------------------------------------------------------- */

/* Takes ownership of cand (and of cargs when not NULL). */
static bool try_cand(Shrink *s, McFunc *cand, McArgs *cargs) {
    s->st.tried++;
    if (!mc_verify(cand, MC_VERIFY_INFER, NULL)) {
        s->st.invalid++;
        mc_func_free(cand);
        if (cargs) mc_args_free(cargs);
        return false;
    }
    McArgs trial;
    mc_args_copy(&trial, cargs ? cargs : &s->args);
    bool keep = s->pred(s->ctx, cand, &trial);
    mc_args_free(&trial);
    if (!keep) {
        mc_func_free(cand);
        if (cargs) mc_args_free(cargs);
        return false;
    }
    s->st.accepted++;
    mc_func_free(s->best);
    s->best = cand;
    if (cargs) {
        mc_args_free(&s->args);
        s->args = *cargs;
    }
    return true;
}

/* ---- the edits ------------------------------------------------------------------- */

/* Candidate for edit `kind` at position k, or NULL when k is past the end or
 * the edit does not apply there. *end is set when k is past the end. */
enum {
    E_BRANCH_T, /* branch c, T, F -> jump T */
    E_BRANCH_F, /* branch c, T, F -> jump F */
    E_MERGE,    /* a block with one predecessor that jumps to it is merged into it */
    E_PHI_ZERO, /* delete a phi; uses become 0 */
    E_PHI_ARG,  /* delete a phi; uses become its first argument */
    E_FWD_A,    /* x = op a, b: delete, uses of x become a (copy propagation) */
    E_FWD_B,    /* ... uses of x become b */
    E_INST,     /* delete an instruction */
    E_INST_COPY_A, /* x = op a, b -> x = copy a */
    E_INST_COPY_B, /* x = op a, b -> x = copy b */
    E_INST_ZERO,   /* x = op ... -> x = copy 0 */
    E_OPND_ZERO,   /* an operand -> 0 */
    E_COUNT
};

/* The edit helpers' answer when k is past the end of their kind. */
static McFunc *past_end(bool *end) {
    *end = true;
    return NULL;
}

/* E_BRANCH_T, E_BRANCH_F: the branch ending block k becomes a jump to one side. */
static McFunc *edit_branch(const McFunc *best, int kind, int64_t k, bool *end) {
    if (k >= best->nblocks) return past_end(end);
    const McBlock *bl = &best->blocks[k];
    if (!bl->has_term || bl->term.op != MC_OP_BRANCH) return NULL;
    McFunc *f = mc_func_clone(best);
    McBlock *nb = &f->blocks[k];
    int32_t keep = nb->term.target[kind == E_BRANCH_T ? 0 : 1];
    int32_t lose = nb->term.target[kind == E_BRANCH_T ? 1 : 0];
    nb->term.op = MC_OP_JUMP;
    nb->term.arg = (McOperand){MC_OPND_NONE, 0, {0}};
    nb->term.target[0] = keep;
    nb->term.target[1] = MC_NONE;
    if (lose != keep) mc_block_phi_drop_pred(f, lose, (int32_t)k);
    tidy(f);
    return f;
}

/* E_MERGE: block k jumps to a block c it is the only predecessor of; c's
 * phis, instructions and terminator move into k. */
static McFunc *edit_merge(const McFunc *best, int64_t k, bool *end) {
    if (k >= best->nblocks) return past_end(end);
    const McBlock *bl = &best->blocks[k];
    if (!bl->has_term || bl->term.op != MC_OP_JUMP) return NULL;
    int32_t c = bl->term.target[0];
    if (c == 0 || c == (int32_t)k) return NULL;
    int32_t npred = 0;
    for (int32_t x = 0; x < best->nblocks; x++) {
        int32_t s[2];
        int n = mc_block_succs(&best->blocks[x], s);
        for (int j = 0; j < n; j++) npred += s[j] == c;
    }
    if (npred != 1) return NULL;
    McFunc *f = mc_func_clone(best);
    int32_t kb = (int32_t)k;
    /* c's phis have one entry (from k): they become copies at the end of k */
    for (int32_t p = 0; p < f->blocks[c].nphis; p++) {
        McPhi ph = f->blocks[c].phis[p];
        McInst *in = mc_block_inst_add(f, kb);
        in->op = MC_OP_COPY;
        in->dest = ph.dest;
        in->a[0] = ph.nargs ? ph.args[0].val : mc_const(0);
    }
    for (int32_t j = 0; j < f->blocks[c].ninsts; j++) {
        McInst src = f->blocks[c].insts[j];
        McInst *in = mc_block_inst_add(f, kb);
        *in = src;
    }
    f->blocks[kb].term = f->blocks[c].term;
    /* successors of c now have k as predecessor */
    int32_t s[2];
    int n = mc_block_succs(&f->blocks[kb], s);
    for (int j = 0; j < n; j++) {
        McBlock *sb = &f->blocks[s[j]];
        for (int32_t p = 0; p < sb->nphis; p++)
            for (int32_t a = 0; a < sb->phis[p].nargs; a++)
                if (sb->phis[p].args[a].block == c) sb->phis[p].args[a].block = kb;
    }
    f->blocks[c].nphis = 0;
    f->blocks[c].ninsts = 0;
    f->blocks[c].term.op = MC_OP_RET;
    f->blocks[c].term.arg = mc_const(0);
    f->blocks[c].term.target[0] = f->blocks[c].term.target[1] = MC_NONE;
    tidy(f); /* c is unreachable now */
    return f;
}

/* E_PHI_ZERO, E_PHI_ARG: delete the k-th phi; its uses become 0 or its first argument. */
static McFunc *edit_phi(const McFunc *best, int kind, int64_t k, bool *end) {
    int32_t b, i;
    if (!nth_phi(best, k, &b, &i)) return past_end(end);
    const McPhi *ph = &best->blocks[b].phis[i];
    McOperand repl = mc_const(0);
    if (kind == E_PHI_ARG) {
        if (ph->nargs == 0) return NULL;
        repl = ph->args[0].val;
        if (repl.kind == MC_OPND_VALUE && repl.v == ph->dest) return NULL;
        if (repl.kind == MC_OPND_CONST && repl.v == 0) return NULL;
    }
    McFunc *f = mc_func_clone(best);
    int32_t dest = ph->dest;
    remove_phi(f, b, i);
    if (count_defs(f, dest) == 0) for_each_use(f, dest, repl);
    tidy(f);
    return f;
}

/* E_FWD_A, E_FWD_B: delete the k-th instruction x = op a, b; uses of x become a or b. */
static McFunc *edit_forward(const McFunc *best, int kind, int64_t k, bool *end) {
    int32_t b, i;
    if (!nth_inst(best, k, &b, &i)) return past_end(end);
    const McInst *in = &best->blocks[b].insts[i];
    int which = kind == E_FWD_A ? 0 : 1;
    if (!mc_op_info[in->op].has_dest || in->op == MC_OP_LOAD || which >= mc_op_info[in->op].nargs) return NULL;
    /* For a name assigned several times (mutable form) this rewrites the
     * uses of every assignment: a coarse guess that the verifier and the
     * predicate accept or reject like any other candidate. */
    McOperand src = in->a[which];
    int32_t dest = in->dest;
    McFunc *f = mc_func_clone(best);
    mc_block_inst_remove(f, b, i);
    for_each_use(f, dest, src);
    tidy(f);
    return f;
}

/* E_INST: delete the k-th instruction; when its value has no other definition, uses become 0. */
static McFunc *edit_delete_inst(const McFunc *best, int64_t k, bool *end) {
    int32_t b, i;
    if (!nth_inst(best, k, &b, &i)) return past_end(end);
    McFunc *f = mc_func_clone(best);
    int32_t dest = f->blocks[b].insts[i].dest;
    mc_block_inst_remove(f, b, i);
    if (dest >= 0 && count_defs(f, dest) == 0) for_each_use(f, dest, mc_const(0));
    tidy(f);
    return f;
}

/* E_INST_COPY_A, E_INST_COPY_B, E_INST_ZERO: the k-th instruction x = op a, b
 * becomes x = copy a, x = copy b or x = copy 0. */
static McFunc *edit_to_copy(const McFunc *best, int kind, int64_t k, bool *end) {
    int32_t b, i;
    if (!nth_inst(best, k, &b, &i)) return past_end(end);
    const McInst *in = &best->blocks[b].insts[i];
    if (!mc_op_info[in->op].has_dest) return NULL;
    McOperand src;
    if (kind == E_INST_ZERO) {
        if (in->op == MC_OP_COPY && in->a[0].kind == MC_OPND_CONST && in->a[0].v == 0) return NULL;
        src = mc_const(0);
    } else {
        int which = kind == E_INST_COPY_A ? 0 : 1;
        if (in->op == MC_OP_COPY || in->op == MC_OP_LOAD || which >= mc_op_info[in->op].nargs) return NULL;
        src = in->a[which];
    }
    McFunc *f = mc_func_clone(best);
    McInst *ni = &f->blocks[b].insts[i];
    ni->op = MC_OP_COPY;
    ni->a[0] = src;
    ni->a[1] = ni->a[2] = (McOperand){MC_OPND_NONE, 0, {0}};
    return f;
}

/* E_OPND_ZERO: the k-th operand slot (not a buffer, not already 0) becomes 0. */
static McFunc *edit_operand_zero(const McFunc *best, int64_t k, bool *end) {
    McFunc *probe = (McFunc *)best; /* nth_opnd only reads here */
    McOperand *o = nth_opnd(probe, k);
    if (!o) return past_end(end);
    if (o->kind == MC_OPND_CONST && o->v == 0) return NULL;
    if (o->kind == MC_OPND_VALUE && best->values[o->v].kind == MC_VAL_BUF) return NULL;
    McFunc *f = mc_func_clone(best);
    *nth_opnd(f, k) = mc_const(0);
    return f;
}

/* Dispatch on the kind of edit (see the enum above). */
static McFunc *edit(const McFunc *best, int kind, int64_t k, bool *end) {
    *end = false;
    switch (kind) {
    case E_BRANCH_T:
    case E_BRANCH_F: return edit_branch(best, kind, k, end);
    case E_MERGE: return edit_merge(best, k, end);
    case E_PHI_ZERO:
    case E_PHI_ARG: return edit_phi(best, kind, k, end);
    case E_FWD_A:
    case E_FWD_B: return edit_forward(best, kind, k, end);
    case E_INST: return edit_delete_inst(best, k, end);
    case E_INST_COPY_A:
    case E_INST_COPY_B:
    case E_INST_ZERO: return edit_to_copy(best, kind, k, end);
    case E_OPND_ZERO: return edit_operand_zero(best, k, end);
    default: return past_end(end);
    }
}

/* Parameters no instruction uses are removed, with their arguments. */
static bool drop_unused_params(Shrink *s) {
    bool changed = false;
    for (int32_t p = 0; p < s->best->nparams && !out_of_tries(s); p++) {
        const McFunc *b = s->best;
        int32_t v = b->params[p];
        bool used = false;
        for (int32_t x = 0; x < b->nblocks && !used; x++) {
            const McBlock *bl = &b->blocks[x];
            for (int32_t i = 0; i < bl->ninsts && !used; i++)
                for (int a = 0; a < mc_op_info[bl->insts[i].op].nargs; a++)
                    used |= bl->insts[i].a[a].kind == MC_OPND_VALUE && bl->insts[i].a[a].v == v;
            for (int32_t q = 0; q < bl->nphis && !used; q++)
                for (int32_t a = 0; a < bl->phis[q].nargs; a++)
                    used |= bl->phis[q].args[a].val.kind == MC_OPND_VALUE && bl->phis[q].args[a].val.v == v;
            used |= (bl->term.op == MC_OP_RET || bl->term.op == MC_OP_BRANCH) &&
                    bl->term.arg.kind == MC_OPND_VALUE && bl->term.arg.v == v;
            for (int32_t i = 0; i < bl->ninsts && !used; i++) used |= bl->insts[i].dest == v;
        }
        if (used) continue;
        McFunc *f = mc_func_clone(b);
        f->values[v].param = MC_NONE;
        f->values[v].kind = MC_VAL_I32;
        for (int32_t q = p; q + 1 < f->nparams; q++) {
            f->params[q] = f->params[q + 1];
            f->values[f->params[q]].param = q;
        }
        f->nparams--;
        McArgs na;
        mc_args_copy(&na, &s->args);
        if (na.v && p < na.n) {
            free(na.v[p].data);
            memmove(&na.v[p], &na.v[p + 1], (size_t)(na.n - p - 1) * sizeof *na.v);
            na.n--;
        }
        if (try_cand(s, f, &na)) {
            changed = true;
            p--;
        }
    }
    return changed;
}

/* Arguments: scalars to 0, buffers shortened from the end, elements to 0. */
static bool shrink_args(Shrink *s) {
    bool changed = false;
    for (int32_t p = 0; p < s->args.n && !out_of_tries(s); p++) {
        McArg *a = &s->args.v[p];
        if (!a->is_buf) {
            if (a->scalar == 0) continue;
            McArgs na;
            mc_args_copy(&na, &s->args);
            na.v[p].scalar = 0;
            if (try_cand(s, mc_func_clone(s->best), &na)) changed = true;
            continue;
        }
        while (s->args.v[p].len > 0 && !out_of_tries(s)) {
            McArgs na;
            mc_args_copy(&na, &s->args);
            na.v[p].len--;
            if (!try_cand(s, mc_func_clone(s->best), &na)) break;
            changed = true;
        }
        for (int32_t e = 0; e < s->args.v[p].len && !out_of_tries(s); e++) {
            if (s->args.v[p].data[e] == 0) continue;
            McArgs na;
            mc_args_copy(&na, &s->args);
            na.v[p].data[e] = 0;
            if (try_cand(s, mc_func_clone(s->best), &na)) changed = true;
        }
    }
    return changed;
}

McFunc *mc_shrink(const McFunc *f, McArgs *args, McShrinkPred pred, void *ctx, int64_t max_tries,
                  McShrinkStats *stats) {
    Shrink s;
    memset(&s, 0, sizeof s);
    s.best = mc_func_clone(f);
    mc_args_copy(&s.args, args);
    s.pred = pred;
    s.ctx = ctx;
    s.max_tries = max_tries;
    bool changed = true;
    while (changed && !out_of_tries(&s)) {
        changed = false;
        for (int kind = 0; kind < E_COUNT && !out_of_tries(&s); kind++) {
            for (int64_t k = 0; !out_of_tries(&s); k++) {
                bool end;
                McFunc *cand = edit(s.best, kind, k, &end);
                if (end) break;
                if (!cand) continue;
                if (try_cand(&s, cand, NULL)) {
                    changed = true;
                    k--; /* the same position holds something new (or the next item) */
                }
            }
        }
        changed |= drop_unused_params(&s);
        changed |= shrink_args(&s);
    }
    mc_args_free(args);
    *args = s.args;
    if (stats) *stats = s.st;
    return s.best;
}
