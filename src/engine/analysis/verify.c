/* verify.c - the verifier of docs/ir.md §2: the safety net that every loaded
 * function and every pass result goes through.
 *
 * It runs in three layers, each reporting every error it finds:
 *
 *  1. Integrity: handles in range, known opcodes, every block terminated,
 *     targets that exist. A function failing here cannot even be given a CFG,
 *     so verification stops after this layer.
 *  2. Structure: the entry block is never a target; a phi's incoming entries
 *     are exactly the distinct predecessors of its block (no missing, extra or
 *     repeated entries; no phis in the entry block); operand kinds (a buffer
 *     only as the first operand of load/store, which must be a buffer; never
 *     assigned); every scalar used is defined somewhere.
 *  3. Form. SSA: each scalar has one definition (parameters count) and each
 *     use is dominated by it (a phi operand is a use at the end of its
 *     predecessor; within a block, the definition must come first). Mutable:
 *     no phis and every use is definitely assigned on every path from the
 *     entry. MC_VERIFY_INFER applies docs/ir.md §2: with phis the function must be
 *     SSA; without phis it is SSA if it passes the SSA rules, else it must
 *     pass definite assignment and is mutable.
 *
 * Unreachable blocks: their definitions count (a name defined twice is
 * defined twice even if one site never runs) and their uses must name defined
 * values, but dominance and definite assignment are not checked inside them:
 * no path from the entry reaches them, so "every path" holds vacuously. A use
 * in a reachable block whose only definition is in an unreachable block is not
 * dominated and is reported.
 *
 * Definite assignment costs O(uses) for names assigned once (for those it is
 * exactly dominance of the single definition) plus, for names assigned more
 * than once, backward searches from their uses (see check_mutable), so large
 * mostly-single-assignment functions and deep loop nests stay linear.
 *
 * Contract: requires nothing (this is what establishes the invariants);
 * produces diagnostics and, on success, f->form; invalidates nothing.
 * Diagnostics point at the offending token; synthesized IR (positions 0:0)
 * gets positionless messages that name the block and function instead. The
 * diagnostics it adds are sorted by position (positionless ones last), ties in
 * discovery order, so the output is deterministic. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"
#include "minicc/verify.h"

typedef struct V {
    McFunc *f;
    McDiags *d;      /* NULL when only the verdict matters */
    int errors;      /* errors found by the current layer or trial */
    const McCfg *cfg;
    int32_t *ndefs;  /* definitions per value (scalars only) */
    int32_t *defb;   /* block of the first definition (params: the entry) */
    int32_t *defpos; /* position in it: -2 param, -1 phi, i instruction */
    McPos *defloc;   /* where the first definition was written */
} V;

static McPos pick(McPos a, McPos b) { return mc_pos_known(a) ? a : b; }

#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static void err(V *v, McPos loc, int32_t block, const char *fmt, ...) {
    v->errors++;
    if (!v->d) return;
    va_list ap;
    va_start(ap, fmt);
    if (mc_pos_known(loc)) {
        mc_vdiag(v->d, mc_loc(v->f, loc), fmt, ap);
    } else {
        /* No position to point at: say where instead, after the message. */
        McStr b;
        mc_str_init(&b);
        mc_str_vprintf(&b, fmt, ap);
        if (block >= 0 && block < v->f->nblocks)
            mc_str_printf(&b, " (in block '%s' of function '%s')", v->f->blocks[block].name, v->f->name);
        else
            mc_str_printf(&b, " (in function '%s')", v->f->name);
        mc_diag(v->d, (McLoc){0, 0}, "%s", b.s);
        mc_str_free(&b);
    }
    va_end(ap);
}

static const char *bname(const V *v, int32_t b) { return v->f->blocks[b].name; }
static const char *vname(const V *v, int32_t x) { return v->f->values[x].name; }

static bool valid_value(const McFunc *f, int32_t x) { return x >= 0 && x < f->nvalues; }
static bool valid_block(const McFunc *f, int32_t b) { return b >= 0 && b < f->nblocks; }
static bool is_scalar_val(const McFunc *f, McOperand o) {
    return o.kind == MC_OPND_VALUE && f->values[o.v].kind == MC_VAL_I32;
}
static bool is_buf_val(const McFunc *f, McOperand o) {
    return o.kind == MC_OPND_VALUE && f->values[o.v].kind == MC_VAL_BUF;
}

/* Number of value operands of an instruction (checked opcode). */
static int inst_nargs(const McInst *in) { return mc_op_info[in->op].nargs; }
/* Whether operand k of an instruction must be a buffer. */
static bool wants_buffer(const McInst *in, int k) {
    return k == 0 && (in->op == MC_OP_LOAD || in->op == MC_OP_STORE);
}
static bool term_has_arg(const McTerm *t) { return t->op == MC_OP_RET || t->op == MC_OP_BRANCH; }

/* ---- layer 1: integrity ------------------------------------------------------ */

/* what names the operand's user; quoted: in quotes (an opcode's name, quoted
 * only when there is an error to report: this runs for every operand). */
static void check_operand(V *v, McOperand o, McPos at, int32_t b, const char *what, bool quoted) {
    if (o.kind == MC_OPND_CONST) return;
    if (o.kind == MC_OPND_VALUE && valid_value(v->f, o.v)) return;
    err(v, pick(o.loc, at), b, quoted ? "'%s' has %s operand" : "%s has %s operand", what,
        o.kind == MC_OPND_NONE ? "a missing" : "an invalid value handle as");
}

static void check_integrity(V *v) {
    McFunc *f = v->f;
    if (f->nblocks <= 0) {
        err(v, f->loc, MC_NONE, "function '%s' has no blocks", f->name);
        return;
    }
    for (int32_t p = 0; p < f->nparams; p++)
        if (!valid_value(f, f->params[p]) || f->values[f->params[p]].param != p)
            err(v, f->loc, MC_NONE, "parameter %d has an invalid value handle", (int)p);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            const McPhi *ph = &bl->phis[p];
            if (!valid_value(f, ph->dest)) {
                err(v, pick(ph->loc, bl->loc), b, "phi has an invalid destination handle");
                continue;
            }
            for (int32_t a = 0; a < ph->nargs; a++) {
                if (!valid_block(f, ph->args[a].block))
                    err(v, pick(ph->args[a].bloc, ph->loc), b, "phi for '%s' names an unknown block",
                        vname(v, ph->dest));
                check_operand(v, ph->args[a].val, pick(ph->args[a].bloc, ph->loc), b, "phi entry", false);
            }
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            McPos at = pick(in->loc, bl->loc);
            if (in->op >= MC_OP_COUNT || (mc_op_info[in->op].flags & MC_OPF_TERM)) {
                err(v, at, b, "instruction %d of block '%s' has an invalid opcode", (int)i, bname(v, b));
                continue;
            }
            const McOpInfo *oi = &mc_op_info[in->op];
            if (in->op == MC_OP_CALL) {
                const McCall *c = mc_inst_call(f, in);
                if (in->dest != MC_NONE && !valid_value(f, in->dest))
                    err(v, at, b, "'call' has an invalid destination handle");
                if (!c) {
                    err(v, at, b, "'call' has an invalid call-table number");
                    continue;
                }
                for (int32_t k = 0; k < c->nargs; k++) check_operand(v, c->args[k], at, b, "call", true);
                continue;
            }
            if (oi->has_dest && !valid_value(f, in->dest))
                err(v, at, b, "'%s' has an invalid destination handle", oi->name);
            else if (!oi->has_dest && in->dest != MC_NONE)
                err(v, at, b, "'%s' cannot have a destination", oi->name);
            for (int k = 0; k < oi->nargs; k++) check_operand(v, in->a[k], at, b, oi->name, true);
        }
        if (!bl->has_term) {
            err(v, bl->loc, b, "block '%s' has no terminator", bl->name);
            continue;
        }
        const McTerm *t = &bl->term;
        McPos at = pick(t->loc, bl->loc);
        if (t->op != MC_OP_RET && t->op != MC_OP_JUMP && t->op != MC_OP_BRANCH) {
            err(v, at, b, "block '%s' ends in an invalid terminator", bl->name);
            continue;
        }
        if (term_has_arg(t)) check_operand(v, t->arg, at, b, t->op == MC_OP_RET ? "'return'" : "'branch'", false);
        int nt = t->op == MC_OP_JUMP ? 1 : t->op == MC_OP_BRANCH ? 2 : 0;
        for (int k = 0; k < nt; k++)
            if (!valid_block(f, t->target[k]))
                err(v, pick(t->tloc[k], at), b, "block '%s' branches to an unknown block", bl->name);
    }
}

/* ---- layer 2: structure ---------------------------------------------------- */

/* A scalar-position operand: constants and scalars are fine. */
static void want_scalar(V *v, McOperand o, McPos at, int32_t b) {
    if (is_buf_val(v->f, o)) err(v, pick(o.loc, at), b, "buffer '%s' used as a scalar operand", vname(v, o.v));
}

static void check_phis(V *v, int32_t b, int32_t *seen) {
    const McFunc *f = v->f;
    const McCfg *c = v->cfg;
    const McBlock *bl = &f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++) {
        const McPhi *ph = &bl->phis[p];
        const char *dn = vname(v, ph->dest);
        McPos at = pick(ph->loc, bl->loc);
        if (f->values[ph->dest].kind == MC_VAL_BUF) err(v, at, b, "cannot assign to buffer '%s'", dn);
        if (b == 0) {
            err(v, at, b, "phi for '%s' is in the entry block '%s', which has no incoming edges", dn, bl->name);
            continue;
        }
        /* seen[q]: `mark` while q is a predecessor not yet named, `named` after. */
        const int32_t mark = 1, named = 2;
        for (int32_t k = 0; k < c->npreds[b]; k++) seen[c->preds[b][k]] = mark;
        for (int32_t a = 0; a < ph->nargs; a++) {
            const McPhiArg *pa = &ph->args[a];
            McPos aloc = pick(pa->bloc, at);
            if (seen[pa->block] == named)
                err(v, aloc, b, "phi for '%s' has more than one entry for '%s'", dn, bname(v, pa->block));
            else if (seen[pa->block] != mark)
                err(v, aloc, b, "phi for '%s' names '%s', which is not a predecessor of '%s'", dn,
                    bname(v, pa->block), bl->name);
            else
                seen[pa->block] = named;
            want_scalar(v, pa->val, aloc, b);
        }
        for (int32_t k = 0; k < c->npreds[b]; k++)
            if (seen[c->preds[b][k]] != named)
                err(v, at, b, "phi for '%s' has no entry for predecessor '%s'", dn, bname(v, c->preds[b][k]));
        /* Reset the marks this phi used so the next phi starts clean. */
        for (int32_t k = 0; k < c->npreds[b]; k++) seen[c->preds[b][k]] = -1;
        for (int32_t a = 0; a < ph->nargs; a++) seen[ph->args[a].block] = -1;
    }
}

static void check_structure(V *v) {
    McFunc *f = v->f;
    int32_t *seen = mc_xmalloc((size_t)f->nblocks * sizeof *seen);
    for (int32_t b = 0; b < f->nblocks; b++) seen[b] = -1;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        check_phis(v, b, seen);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            McPos at = pick(in->loc, bl->loc);
            if (in->op == MC_OP_BUFFER) {
                const McValue *bv = &f->values[in->dest];
                McOperand n = in->a[0];
                if (n.kind != MC_OPND_CONST || n.v < 1 || n.v > MC_BUFFER_MAX)
                    err(v, pick(n.loc, at), b, "buffer length outside [1, %d]", MC_BUFFER_MAX);
                if (bv->kind != MC_VAL_BUF)
                    err(v, at, b, "'%s' is defined by 'buffer' but is a scalar", vname(v, in->dest));
                else if (bv->param != MC_NONE)
                    err(v, at, b, "cannot assign to buffer '%s'", vname(v, in->dest));
                continue;
            }
            if (mc_op_info[in->op].has_dest && in->dest >= 0 && f->values[in->dest].kind == MC_VAL_BUF)
                err(v, at, b, "cannot assign to buffer '%s'", vname(v, in->dest));
            for (int k = 0; k < inst_nargs(in); k++) {
                McOperand o = in->a[k];
                if (!wants_buffer(in, k)) {
                    want_scalar(v, o, at, b);
                } else if (!is_buf_val(f, o)) {
                    char buf[32];
                    err(v, pick(o.loc, at), b, "'%s' is not a buffer", mc_opnd_str(f, o, buf, sizeof buf));
                }
            }
        }
        const McTerm *t = &bl->term;
        McPos at = pick(t->loc, bl->loc);
        if (term_has_arg(t)) want_scalar(v, t->arg, at, b);
        int32_t s[2];
        int ns = mc_block_succs(bl, s);
        for (int k = 0; k < ns; k++)
            if (s[k] == 0)
                err(v, pick(t->tloc[k], at), b, "block '%s' is the entry block and cannot be a branch target",
                    bname(v, 0));
    }
    free(seen);
}

/* ---- definitions and uses ---------------------------------------------------- */

/* Calls visit(v, value, use block, use position, loc, phi block) for every
 * scalar-position use of a scalar value, in block order: phi operands (as uses
 * at the end of their predecessor: position ninsts + 1, phi block given),
 * instruction operands (position i), the terminator (position ninsts). */
typedef void (*UseFn)(V *v, int32_t x, int32_t ub, int32_t upos, McPos loc, int32_t phib, void *ctx);

static void each_use_in_block(V *v, int32_t b, UseFn fn, void *ctx) {
    const McFunc *f = v->f;
    const McBlock *bl = &f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++) {
        const McPhi *ph = &bl->phis[p];
        if (b == 0) continue;
        for (int32_t a = 0; a < ph->nargs; a++) {
            const McPhiArg *pa = &ph->args[a];
            if (!is_scalar_val(f, pa->val)) continue;
            int32_t q = pa->block;
            fn(v, pa->val.v, q, f->blocks[q].ninsts + 1, pick(pa->val.loc, pick(pa->bloc, ph->loc)), b, ctx);
        }
    }
    for (int32_t i = 0; i < bl->ninsts; i++) {
        const McInst *in = &bl->insts[i];
        for (int k = 0; k < inst_nargs(in); k++)
            if (!wants_buffer(in, k) && is_scalar_val(f, in->a[k]))
                fn(v, in->a[k].v, b, i, pick(in->a[k].loc, pick(in->loc, bl->loc)), MC_NONE, ctx);
        const McCall *c = mc_inst_call(f, in);
        for (int32_t k = 0; c && k < c->nargs; k++)
            if (is_scalar_val(f, c->args[k]))
                fn(v, c->args[k].v, b, i, pick(c->args[k].loc, pick(in->loc, bl->loc)), MC_NONE, ctx);
    }
    const McTerm *t = &bl->term;
    if (term_has_arg(t) && is_scalar_val(f, t->arg))
        fn(v, t->arg.v, b, bl->ninsts, pick(t->arg.loc, pick(t->loc, bl->loc)), MC_NONE, ctx);
}

static void each_use(V *v, UseFn fn, void *ctx) {
    for (int32_t b = 0; b < v->f->nblocks; b++) each_use_in_block(v, b, fn, ctx);
}

/* Calls fn(v, value, block, pos, loc) for every definition of a scalar in
 * order: parameters, then each block's phis and instructions. */
typedef void (*DefFn)(V *v, int32_t x, int32_t b, int32_t pos, McPos loc);

static void each_def(V *v, DefFn fn) {
    const McFunc *f = v->f;
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t x = f->params[p];
        if (f->values[x].kind == MC_VAL_I32) fn(v, x, 0, -2, pick(f->values[x].loc, f->loc));
    }
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++)
            if (f->values[bl->phis[p].dest].kind == MC_VAL_I32)
                fn(v, bl->phis[p].dest, b, -1, pick(bl->phis[p].loc, bl->loc));
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (mc_op_info[in->op].has_dest && in->dest >= 0 && f->values[in->dest].kind == MC_VAL_I32)
                fn(v, in->dest, b, i, pick(in->loc, bl->loc));
        }
    }
}

static void count_def(V *v, int32_t x, int32_t b, int32_t pos, McPos loc) {
    if (v->ndefs[x]++ == 0) {
        v->defb[x] = b;
        v->defpos[x] = pos;
        v->defloc[x] = loc;
    }
}

static void report_undefined(V *v, int32_t x, int32_t ub, int32_t upos, McPos loc, int32_t phib, void *ctx) {
    (void)upos;
    bool *reported = ctx;
    if (v->ndefs[x] > 0 || reported[x]) return;
    reported[x] = true;
    err(v, loc, phib >= 0 ? phib : ub, "use of undefined value '%s'", vname(v, x));
}

/* Is the use of x at (ub, upos) preceded by its single definition on every
 * path? Uses in unreachable blocks are not checked. */
static bool single_def_reaches(const V *v, int32_t x, int32_t ub, int32_t upos) {
    if (v->cfg->rpo_index[ub] < 0) return true;
    if (v->defb[x] == ub) return v->defpos[x] < upos;
    return mc_cfg_dominates(v->cfg, v->defb[x], ub);
}

/* A phi operand naming a block that is not a predecessor was reported by the
 * structural layer; it is no use at the end of anything. */
static bool phi_use_ok(const V *v, int32_t ub, int32_t phib) {
    if (phib < 0) return true;
    const McCfg *c = v->cfg;
    for (int32_t k = 0; k < c->nsuccs[ub]; k++)
        if (c->succs[ub][k] == phib) return true;
    return false;
}

/* ---- layer 3: SSA ------------------------------------------------------------- */

static void ssa_use(V *v, int32_t x, int32_t ub, int32_t upos, McPos loc, int32_t phib, void *ctx) {
    (void)ctx;
    if (v->ndefs[x] != 1 || !phi_use_ok(v, ub, phib)) return;
    if (!single_def_reaches(v, x, ub, upos))
        err(v, loc, phib >= 0 ? phib : ub, "use of '%s' is not dominated by its definition", vname(v, x));
}

/* Why a name may not be assigned twice here: the function has phis. */
#define SSA_WHY "; a function with phis is in SSA form, where each name is defined once"

/* Report second and later definitions. Parameters come first, so they are
 * never the repeat; a block's definition is a repeat unless it is the
 * recorded first one (same block and position). */
static void ssa_defs(V *v) {
    const McFunc *f = v->f;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            int32_t x = bl->phis[p].dest;
            if (f->values[x].kind != MC_VAL_I32 || v->ndefs[x] < 2) continue;
            if (v->defb[x] == b && v->defpos[x] == -1) {
                /* First definition, unless an earlier phi of this block defined it too. */
                bool earlier = false;
                for (int32_t q = 0; q < p && !earlier; q++) earlier = bl->phis[q].dest == x;
                if (!earlier) continue;
            }
            McPos fl = v->defloc[x];
            if (mc_pos_known(fl))
                err(v, pick(bl->phis[p].loc, bl->loc), b, "'%s' is defined more than once (first at %d:%d)%s",
                    vname(v, x), (int)mc_loc(f, fl).line, (int)mc_loc(f, fl).col, SSA_WHY);
            else
                err(v, pick(bl->phis[p].loc, bl->loc), b, "'%s' is defined more than once%s", vname(v, x), SSA_WHY);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (!mc_op_info[in->op].has_dest || in->dest < 0) continue;
            int32_t x = in->dest;
            if (f->values[x].kind != MC_VAL_I32 || v->ndefs[x] < 2) continue;
            if (v->defb[x] == b && v->defpos[x] == i) continue;
            McPos fl = v->defloc[x];
            if (mc_pos_known(fl))
                err(v, pick(in->loc, bl->loc), b, "'%s' is defined more than once (first at %d:%d)%s", vname(v, x),
                    (int)mc_loc(f, fl).line, (int)mc_loc(f, fl).col, SSA_WHY);
            else
                err(v, pick(in->loc, bl->loc), b, "'%s' is defined more than once%s", vname(v, x), SSA_WHY);
        }
    }
}

/* SSA rules; returns the number of violations (reported when v->d is set). */
static int check_ssa(V *v) {
    int before = v->errors;
    ssa_defs(v);
    each_use(v, ssa_use, NULL);
    return v->errors - before;
}

/* ---- layer 3: mutable form (definite assignment) ------------------------------ */

/* A value assigned once is definitely assigned where its definition reaches
 * (dominance, as in SSA). A value assigned several times - a reassigned name,
 * or a phi destination after phi destruction - is checked use by use: the
 * use is fine when an assignment precedes it in its block, or when every
 * path from the entry into the block passes through a block that assigns it.
 * That is a backward search from the use that stops at assigning blocks and
 * at blocks one of them strictly dominates (an assignment is never undone,
 * so everything below an assigning block in the dominator tree has the
 * value). A search that fails to reach the entry proves every block it saw
 * safe; one that reaches it proves the path it found unsafe; both are
 * remembered per value. The cost follows the regions searched (the values'
 * live ranges outside the dominance regions of their assignments, so a deep
 * loop nest, whose inner loops every outer value is live across, stays
 * linear) and the memory is linear: no blocks x values sets. */

typedef struct DaUse {
    int32_t x, b; /* value, block of the use */
    McPos loc;
} DaUse;

typedef struct DaDef {
    int32_t x, b; /* value, assigning block */
} DaDef;

/* Counting sort of n records of `size` bytes by their leading int32 key
 * (the value) into a new array. */
static void *sort_by_value(const void *recs, int32_t n, size_t size, int32_t nvalues) {
    int32_t *start = mc_xcalloc((size_t)nvalues + 1, sizeof *start);
    const char *r = recs;
    for (int32_t i = 0; i < n; i++) start[*(const int32_t *)(r + (size_t)i * size) + 1]++;
    for (int32_t x = 0; x < nvalues; x++) start[x + 1] += start[x];
    char *out = mc_xmalloc((size_t)(n ? n : 1) * size);
    for (int32_t i = 0; i < n; i++) {
        int32_t x = *(const int32_t *)(r + (size_t)i * size);
        memcpy(out + (size_t)start[x]++ * size, r + (size_t)i * size, size);
    }
    free(start);
    return out;
}

/* An assigning block and its dominator-tree preorder number. */
typedef struct Cover {
    int32_t pre, b;
} Cover;

static int cmp_cover(const void *pa, const void *pb) {
    const Cover *a = pa, *b = pb;
    return (a->pre > b->pre) - (a->pre < b->pre);
}

/* Whether one of the blocks in cover (disjoint dominator subtrees, in
 * preorder) strictly dominates q. */
static bool below_cover(const McCfg *c, const Cover *cover, int32_t n, int32_t q) {
    int32_t lo = 0, hi = n, pre = c->dom_pre[q];
    while (lo < hi) { /* first cover block with preorder number > q's */
        int32_t mid = lo + (hi - lo) / 2;
        if (cover[mid].pre <= pre) lo = mid + 1;
        else hi = mid;
    }
    return lo > 0 && cover[lo - 1].b != q && mc_cfg_dominates(c, cover[lo - 1].b, q);
}

/* Scan every reachable block in order: single-definition uses are checked
 * at once; multiply-assigned ones are collected (into *uses, with the
 * assignments into *defs) unless an assignment earlier in the same block
 * covers them. */
static void scan_uses(V *v, DaUse **uses_out, int32_t *nuses_out, DaDef **defs_out, int32_t *ndefs_out) {
    const McFunc *f = v->f;
    const McCfg *c = v->cfg;
    int32_t n = f->nblocks;
    DaUse *uses = NULL;
    DaDef *defs = NULL;
    int32_t nuses = 0, capuses = 0, ndefs = 0, capdefs = 0;
    int32_t *local = mc_xmalloc((size_t)(f->nvalues ? f->nvalues : 1) * sizeof *local); /* block+1 of a local def */
    for (int32_t x = 0; x < f->nvalues; x++) local[x] = 0;
    for (int32_t b = 0; b < n; b++) {
        if (c->rpo_index[b] < 0) continue; /* unreachable: nothing to check */
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            const McInst *ins = i < bl->ninsts ? &bl->insts[i] : NULL;
            const McTerm *tm = &bl->term;
            int nops = term_has_arg(tm) ? 1 : 0;
            const McOperand *ops = ins ? mc_inst_opnds(f, ins, &nops) : &tm->arg; /* a call's arguments too */
            for (int k = 0; k < nops; k++) {
                McOperand o = ops[k];
                if ((ins && wants_buffer(ins, k)) || !is_scalar_val(f, o)) continue;
                int32_t x = o.v;
                McPos loc = ins ? pick(o.loc, pick(ins->loc, bl->loc)) : pick(o.loc, pick(tm->loc, bl->loc));
                if (v->ndefs[x] == 0) continue; /* reported as undefined */
                if (v->ndefs[x] == 1) {
                    if (!single_def_reaches(v, x, b, i))
                        err(v, loc, b, "'%s' may be used before it is assigned", vname(v, x));
                } else if (local[x] != b + 1) {
                    MC_GROW(uses, capuses, nuses + 1, 64);
                    uses[nuses++] = (DaUse){x, b, loc};
                }
            }
            if (ins && mc_op_info[ins->op].has_dest && ins->dest != MC_NONE && v->ndefs[ins->dest] > 1 &&
                local[ins->dest] != b + 1) { /* a call may have no destination */
                local[ins->dest] = b + 1;
                MC_GROW(defs, capdefs, ndefs + 1, 64);
                defs[ndefs++] = (DaDef){ins->dest, b};
            }
        }
    }
    free(local);
    *uses_out = uses;
    *nuses_out = nuses;
    *defs_out = defs;
    *ndefs_out = ndefs;
}

/* The state of check_multi_uses's searches: one generation (gen) per value,
 * one search number per search; the int32_t arrays are indexed by block. */
typedef struct DaSearch {
    const McCfg *c;
    int32_t *assigns; /* == gen: block assigns x */
    int32_t *safe;    /* == gen: x assigned at entry */
    int32_t *unsafe;  /* == gen: maybe not */
    int32_t *seen;    /* == search number */
    int32_t *stack;
    int32_t *trail;  /* blocks one search saw */
    int32_t *parent; /* toward the use */
    Cover *cover;    /* outermost assigners */
    int32_t ncover, entry, gen, search;
} DaSearch;

/* The assigning blocks of x (its records in sd from d on), and in s->cover
 * those of them no other one dominates, in dominator-tree preorder: their
 * subtrees are disjoint. Returns the index past x's records. */
static int32_t cover_assigners(DaSearch *s, const DaDef *sd, int32_t ndefs, int32_t d, int32_t x) {
    const McCfg *c = s->c;
    while (d < ndefs && sd[d].x < x) d++;
    int32_t ncover = 0;
    for (; d < ndefs && sd[d].x == x; d++) {
        s->assigns[sd[d].b] = s->gen;
        s->cover[ncover++] = (Cover){c->dom_pre[sd[d].b], sd[d].b};
    }
    qsort(s->cover, (size_t)ncover, sizeof *s->cover, cmp_cover);
    int32_t kept = 0;
    for (int32_t k = 0; k < ncover; k++)
        if (kept == 0 || !mc_cfg_dominates(c, s->cover[kept - 1].b, s->cover[k].b)) s->cover[kept++] = s->cover[k];
    s->ncover = kept;
    return d;
}

/* Search backwards from the top of b for a path from the entry that never
 * assigns the current value: true when there is one (its blocks become
 * unsafe), else everything the search saw becomes safe. */
static bool unassigned_path(DaSearch *s, int32_t b) {
    const McCfg *c = s->c;
    int32_t gen = s->gen, search = ++s->search;
    int32_t sp = 0, nt = 0;
    bool bad = false;
    s->stack[sp++] = b;
    s->trail[nt++] = b;
    s->seen[b] = search;
    s->parent[b] = MC_NONE;
    while (sp > 0) {
        int32_t q = s->stack[--sp];
        if (q == s->entry || s->unsafe[q] == gen) { /* the path found is unsafe */
            bad = true;
            for (int32_t r = q; r != MC_NONE; r = s->parent[r]) s->unsafe[r] = gen;
            break;
        }
        for (int32_t k = 0; k < c->npreds[q]; k++) {
            int32_t p = c->preds[q][k];
            if (c->rpo_index[p] < 0 || s->assigns[p] == gen || s->safe[p] == gen || s->seen[p] == search) continue;
            s->seen[p] = search;
            if (below_cover(c, s->cover, s->ncover, p)) {
                s->safe[p] = gen;
                continue;
            }
            s->parent[p] = q;
            s->stack[sp++] = p;
            s->trail[nt++] = p;
        }
    }
    if (!bad) /* everything the search saw is assigned on every path into it */
        for (int32_t t = 0; t < nt; t++) s->safe[s->trail[t]] = gen;
    return bad;
}

/* Check the collected uses of multiply-assigned values: each must be
 * assigned on every path from the entry. */
static void check_multi_uses(V *v, const DaUse *uses, int32_t nuses, const DaDef *defs, int32_t ndefs) {
    const McFunc *f = v->f;
    int32_t n = f->nblocks;
    DaUse *su = sort_by_value(uses, nuses, sizeof *uses, f->nvalues);
    DaDef *sd = sort_by_value(defs, ndefs, sizeof *defs, f->nvalues);
    DaSearch s;
    s.c = v->cfg;
    s.assigns = mc_xcalloc((size_t)n, sizeof *s.assigns);
    s.safe = mc_xcalloc((size_t)n, sizeof *s.safe);
    s.unsafe = mc_xcalloc((size_t)n, sizeof *s.unsafe);
    s.seen = mc_xcalloc((size_t)n, sizeof *s.seen);
    s.stack = mc_xmalloc((size_t)(n ? n : 1) * sizeof *s.stack);
    s.trail = mc_xmalloc((size_t)(n ? n : 1) * sizeof *s.trail);
    s.parent = mc_xmalloc((size_t)(n ? n : 1) * sizeof *s.parent);
    s.cover = mc_xmalloc((size_t)(ndefs ? ndefs : 1) * sizeof *s.cover);
    s.ncover = 0;
    s.entry = s.c->rpo[0];
    s.gen = 0;
    s.search = 0;
    int32_t d = 0;
    for (int32_t u = 0; u < nuses;) {
        int32_t x = su[u].x;
        s.gen++;
        d = cover_assigners(&s, sd, ndefs, d, x);
        /* A parameter is assigned before the entry block runs. */
        bool param = f->values[x].param != MC_NONE;
        for (; u < nuses && su[u].x == x; u++) {
            int32_t b = su[u].b;
            if (param || s.safe[b] == s.gen) continue;
            bool bad = s.unsafe[b] == s.gen;
            if (!bad && !below_cover(s.c, s.cover, s.ncover, b)) bad = unassigned_path(&s, b);
            if (bad)
                err(v, su[u].loc, b, "'%s' may be used before it is assigned", vname(v, x));
            else
                s.safe[b] = s.gen;
        }
    }
    free(s.cover);
    free(s.parent);
    free(s.trail);
    free(su);
    free(sd);
    free(s.assigns);
    free(s.safe);
    free(s.unsafe);
    free(s.seen);
    free(s.stack);
}

static int check_mutable(V *v) {
    int before = v->errors;
    DaUse *uses;
    DaDef *defs;
    int32_t nuses, ndefs;
    scan_uses(v, &uses, &nuses, &defs, &ndefs);
    if (nuses > 0) check_multi_uses(v, uses, nuses, defs, ndefs);
    free(uses);
    free(defs);
    return v->errors - before;
}

/* ---- driver -------------------------------------------------------------------- */

typedef struct Ranked {
    McDiag d;
    int order;
} Ranked;

static int cmp_ranked(const void *pa, const void *pb) {
    const Ranked *a = pa, *b = pb;
    bool ka = a->d.loc.line > 0, kb = b->d.loc.line > 0;
    if (ka != kb) return ka ? -1 : 1;
    if (ka) {
        if (a->d.loc.line != b->d.loc.line) return a->d.loc.line < b->d.loc.line ? -1 : 1;
        if (a->d.loc.col != b->d.loc.col) return a->d.loc.col < b->d.loc.col ? -1 : 1;
    }
    return a->order < b->order ? -1 : a->order > b->order;
}

/* Stable sort of diagnostics [from, d->n) by position. */
/* ---- local buffers and calls (docs/ir.md §3.2) ------------------------------- */

/* A local buffer (`b = buffer N`) is defined once, and its definition comes
 * before every use (load/store, call argument) on every path: it is never
 * renamed, so this is dominance in either form. Uses in unreachable blocks
 * only need a definition somewhere. */
static void check_buffers(V *v) {
    const McFunc *f = v->f;
    int32_t nv = f->nvalues ? f->nvalues : 1;
    int32_t *db = mc_xmalloc((size_t)nv * sizeof *db), *di = mc_xmalloc((size_t)nv * sizeof *di);
    bool any = false;
    for (int32_t x = 0; x < f->nvalues; x++) db[x] = -1;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op != MC_OP_BUFFER || f->values[in->dest].kind != MC_VAL_BUF) continue;
            any = true;
            if (db[in->dest] >= 0) {
                McLoc fl = mc_loc(f, f->blocks[db[in->dest]].insts[di[in->dest]].loc);
                err(v, pick(in->loc, f->blocks[b].loc), b, "buffer '%s' is defined more than once (first at %d:%d)",
                    vname(v, in->dest), (int)fl.line, (int)fl.col);
                continue;
            }
            db[in->dest] = b;
            di[in->dest] = i;
        }
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            const McCall *c = mc_inst_call(f, in);
            int32_t n = c ? c->nargs : (in->op == MC_OP_LOAD || in->op == MC_OP_STORE) ? 1 : 0;
            for (int32_t k = 0; k < n; k++) {
                McOperand o = c ? c->args[k] : in->a[0];
                if (!is_buf_val(f, o) || f->values[o.v].param != MC_NONE) continue;
                McPos at = pick(o.loc, pick(in->loc, bl->loc));
                int32_t x = o.v;
                if (db[x] < 0)
                    err(v, at, b, "use of undefined buffer '%s'", vname(v, x));
                else if (v->cfg->rpo_index[b] >= 0 &&
                         !(db[x] == b ? di[x] < i : mc_cfg_dominates(v->cfg, db[x], b)))
                    err(v, at, b, "use of buffer '%s' is not dominated by its definition", vname(v, x));
            }
        }
    }
    (void)any;
    free(db);
    free(di);
}

/* Calls against their callees; an unresolved call (callee NULL) is an
 * error only when `resolved` is required (mc_verify: a function handed to a
 * pass after loading has every call resolved; the parser reports unknown
 * names itself). */
static void check_calls(V *v, bool resolved) {
    const McFunc *f = v->f;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            const McCall *c = mc_inst_call(f, in);
            if (!c) continue;
            McPos at = pick(c->nloc, pick(in->loc, bl->loc));
            const McFunc *g = c->callee;
            if (!g) {
                if (resolved) err(v, at, b, "call to unknown function '%s'", c->name);
                continue;
            }
            if (c->nargs != g->nparams) {
                McLoc gl = mc_loc(g, g->loc);
                McStr sig;
                mc_str_init(&sig);
                mc_signature_str(g, &sig);
                err(v, at, b, "call to '%s' passes %d argument%s, but '%s' takes %d (%s, at %d:%d)", c->name,
                    (int)c->nargs, c->nargs == 1 ? "" : "s", c->name, (int)g->nparams, sig.s, (int)gl.line,
                    (int)gl.col);
                mc_str_free(&sig);
                continue;
            }
            for (int32_t k = 0; k < c->nargs; k++) {
                McOperand o = c->args[k];
                const McValue *pv = &g->values[g->params[k]];
                bool want_buf = pv->kind == MC_VAL_BUF;
                bool is_buf = o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues &&
                              f->values[o.v].kind == MC_VAL_BUF;
                if (want_buf == is_buf) continue;
                char buf[32];
                const char *what = mc_opnd_str(f, o, buf, sizeof buf);
                if (want_buf)
                    err(v, pick(o.loc, at), b,
                        "argument %d of the call to '%s' is %s '%s', but parameter '%s' of '%s' is a buf", (int)k + 1,
                        c->name, o.kind == MC_OPND_CONST ? "the constant" : "the scalar", what, pv->name, c->name);
                else
                    err(v, pick(o.loc, at), b,
                        "argument %d of the call to '%s' is the buffer '%s', but parameter '%s' of '%s' is an i32",
                        (int)k + 1, c->name, what, pv->name, c->name);
            }
        }
    }
}

bool mc_verify_calls(const McFunc *f, McDiags *d) {
    V v;
    memset(&v, 0, sizeof v);
    v.f = (McFunc *)f;
    v.d = d;
    check_calls(&v, false);
    return v.errors == 0;
}

static void sort_diags(McDiags *d, int from) {
    if (!d || d->n - from < 2) return;
    int n = d->n - from;
    Ranked *r = mc_xmalloc((size_t)n * sizeof *r);
    for (int i = 0; i < n; i++) {
        r[i].d = d->v[from + i];
        r[i].order = i;
    }
    qsort(r, (size_t)n, sizeof *r, cmp_ranked);
    for (int i = 0; i < n; i++) d->v[from + i] = r[i].d;
    free(r);
}

static bool has_phis(const McFunc *f) {
    for (int32_t b = 0; b < f->nblocks; b++)
        if (f->blocks[b].nphis > 0) return true;
    return false;
}

bool mc_verify(McFunc *f, McVerifyMode mode, McDiags *d) { return mc_verify_cfg(f, mode, NULL, d); }

bool mc_verify_cfg(McFunc *f, McVerifyMode mode, const McCfg *cfg, McDiags *d) {
    V v;
    memset(&v, 0, sizeof v);
    v.f = f;
    v.d = d;
    int first = d ? d->n : 0;
    check_integrity(&v);
    if (v.errors) {
        sort_diags(d, first);
        return false;
    }
    int32_t nv = f->nvalues ? f->nvalues : 1;
    McCfg *own = cfg ? NULL : mc_cfg_build_dom(f);
    v.cfg = cfg ? cfg : own;
    v.ndefs = mc_xcalloc((size_t)nv, sizeof *v.ndefs);
    v.defb = mc_xmalloc((size_t)nv * sizeof *v.defb);
    v.defpos = mc_xmalloc((size_t)nv * sizeof *v.defpos);
    v.defloc = mc_xcalloc((size_t)nv, sizeof *v.defloc);
    check_structure(&v);
    check_buffers(&v);
    if (f->ncalls) check_calls(&v, false); /* mid-parse, callees below are not resolved yet */
    each_def(&v, count_def);
    bool *reported = mc_xcalloc((size_t)nv, sizeof *reported);
    each_use(&v, report_undefined, reported);
    free(reported);

    bool phis = has_phis(f);
    McForm form = MC_FORM_UNKNOWN;
    if (mode == MC_VERIFY_SSA || (mode == MC_VERIFY_INFER && phis)) {
        check_ssa(&v);
        form = MC_FORM_SSA;
    } else if (mode == MC_VERIFY_MUTABLE && phis) {
        for (int32_t b = 0; b < f->nblocks; b++)
            for (int32_t p = 0; p < f->blocks[b].nphis; p++) {
                const McPhi *ph = &f->blocks[b].phis[p];
                err(&v, pick(ph->loc, f->blocks[b].loc), b, "phi for '%s' is not allowed in mutable form",
                    vname(&v, ph->dest));
            }
    } else if (mode == MC_VERIFY_MUTABLE) {
        check_mutable(&v);
        form = MC_FORM_MUTABLE;
    } else {
        /* Inference without phis: a silent SSA trial decides the form. */
        McDiags *save = v.d;
        int errs = v.errors;
        v.d = NULL;
        int bad = check_ssa(&v);
        v.d = save;
        v.errors = errs;
        if (bad == 0) {
            form = MC_FORM_SSA;
        } else {
            check_mutable(&v);
            form = MC_FORM_MUTABLE;
        }
    }
    bool ok = v.errors == 0;
    if (ok) f->form = form;
    mc_cfg_free(own);
    free(v.ndefs);
    free(v.defb);
    free(v.defpos);
    free(v.defloc);
    sort_diags(d, first);
    return ok;
}
