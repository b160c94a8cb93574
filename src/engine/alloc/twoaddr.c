/* twoaddr.c - x86-64's two-address constraint made visible to the allocator
 * (the switch two-address=copies, regalloc.h).
 *
 * x86-64's `sub x, b` computes x - b into x: `x = sub a, b` is a copy of a
 * into x's register, then the sub. When the allocator gives x the register
 * of b (b dies at the sub, so they do not interfere) that copy would
 * destroy b before the sub reads it; the emitter (x64.c) then goes through
 * its scratch r11. Here the constraint becomes IR the allocator sees, as
 * compilers do: before the interference graph is built, each
 *     x = sub a, b        becomes        x = copy a
 *                                        x = sub x, b
 * in the destroyed (phi-free, mutable) function. x is defined by the copy
 * while b is live (the sub reads it), so x interferes with b and never gets
 * its register; x and a are copy-related, so a coalescing allocator merges
 * them when it can (then the copy shares one location, is deleted, and the
 * emitter writes the one instruction `sub x, b`); when it cannot, the copy
 * is the `mov x, a` the emitter would have written anyway.
 *
 * Which instructions: sub with a second operand that is a value (a
 * constant second operand cannot share x's register, and `x = sub a, c`
 * into a third register is one lea), unless x is a already or a is b
 * (`sub x, x` is right whatever x holds). A constant first operand is
 * rewritten too (`x = copy 0; x = sub x, b`: the negation -b with x
 * kept out of b's register).
 *
 * The commutative mul, and, or, xor of two values (x neither, a not b) are
 * rewritten as well, so that the copy can be coalesced: the copy comes from
 * the operand that dies at the instruction when the other lives on
 *     x = and a, b  (b dies, a lives on)  becomes  x = copy b
 *                                                  x = and x, a
 * (x may share b's register; a is live after, so x interferes with it
 * anyway), otherwise from a. Which operands die is read from a liveness of
 * the destroyed function, before the rewrite. Not rewritten:
 *   - add: into a third register it is one lea, so a copy the coalescer
 *     keeps would be a mov the tile never needs (measured: longer listings);
 *   - shl and shr: the emitter moves a variable count into ecx before it
 *     writes x, so x may share b's register; div and rem go through
 *     edx:eax and write x last: three-address already;
 *   - anything for the ssa allocator: it colours the SSA form, where x
 *     cannot be defined twice; it holds b until x is defined and prefers
 *     the register of the copy's would-be source instead (ssaalloc.c), and
 *     mc_alloc_two_address_ssa tells the trace where each x went
 *     (MC_TR_TWOADDR_SSA).
 *
 * After the allocation, an instruction whose copy was deleted (improved, linear)
 * reads a again in the machine's function (mc_alloc_two_address_fold): x
 * and a share the location, and `x = sub x, b` with no write of x before
 * it would make liveness on that function (the convention's saves, the
 * emitter's fused compare) see x live back over paths where only a lives.
 *
 * The trace records each rewrite (MC_TR_TWOADDR) before the allocator's own
 * events, and after the allocation where each copy ended
 * (MC_TR_TWOADDR_COPY): one location (no instruction) or kept. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "alloc_common.h"
#include "regalloc_int.h" /* tr_ev, tr_add */

bool mc_alloc_two_address_candidate(const McInst *in) {
    if (in->op != MC_OP_SUB || in->dest == MC_NONE || !mc_opnd_is_val(in->a[1])) return false;
    if (in->a[1].v == in->dest) return false; /* x = sub a, x: not from SSA; a copy would destroy b */
    if (mc_opnd_is_val(in->a[0]) && (in->a[0].v == in->dest || in->a[0].v == in->a[1].v)) return false;
    return true;
}

bool mc_alloc_two_address_commutative(const McInst *in) {
    if (in->op != MC_OP_MUL && in->op != MC_OP_AND && in->op != MC_OP_OR && in->op != MC_OP_XOR) return false;
    if (in->dest == MC_NONE || !mc_opnd_is_val(in->a[0]) || !mc_opnd_is_val(in->a[1])) return false;
    return in->a[0].v != in->dest && in->a[1].v != in->dest && in->a[0].v != in->a[1].v;
}

/* Per instruction of block b, which of a[0] (bit 0) and a[1] (bit 1) die
 * there (not live after it), by a backward scan from live-out. */
static void block_deaths(const McFunc *f, const McLiveness *lv, int32_t b, McSparse *live, uint8_t *dies) {
    const McBlock *bl = &f->blocks[b];
    mc_sparse_clear(live);
    McValList out = mc_live_out(lv, b);
    for (int32_t i = 0; i < out.n; i++) mc_sparse_add(live, out.v[i]);
    if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) mc_sparse_add(live, bl->term.arg.v);
    for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
        const McInst *in = &bl->insts[i];
        if (in->dest != MC_NONE) mc_sparse_del(live, in->dest);
        uint8_t m = 0;
        for (int k = 0; k < 2 && !mc_inst_call(f, in) && k < mc_op_info[in->op].nargs; k++)
            if (mc_opnd_is_val(in->a[k]) && !mc_sparse_has(live, in->a[k].v)) m |= (uint8_t)(1 << k);
        dies[i] = m;
        int nops;
        const McOperand *ops = mc_inst_opnds(f, in, &nops);
        for (int k = 0; k < nops; k++)
            if (mc_opnd_is_val(ops[k])) mc_sparse_add(live, ops[k].v);
    }
}

int mc_alloc_two_address_source(uint8_t dies) { return (dies & 2) && !(dies & 1) ? 1 : 0; }

int32_t mc_alloc_two_address_rewrite(McDestroyed *x, McAllocTrace *tr) {
    McFunc *f = x->f;
    int32_t n = 0;
    McLiveness *lv = mc_liveness_all(f, NULL);
    McSparse live;
    mc_sparse_init(&live, f->nvalues);
    for (int32_t b = 0; b < f->nblocks; b++) {
        int32_t old = f->blocks[b].ninsts, added = 0;
        for (int32_t i = 0; i < old; i++)
            if (mc_alloc_two_address_candidate(&f->blocks[b].insts[i]) ||
                mc_alloc_two_address_commutative(&f->blocks[b].insts[i]))
                added++;
        if (!added) continue;
        uint8_t *dies = mc_xcalloc((size_t)old, 1);
        block_deaths(f, lv, b, &live, dies);
        /* the phi-destruction marks follow their instructions; the inserted
         * copies are not phi copies */
        uint8_t *mark = mc_xcalloc((size_t)(old + added), 1);
        int32_t i = 0; /* the instruction's index now */
        for (int32_t j = 0; j < old; j++, i++) {
            McInst in = f->blocks[b].insts[i];
            bool comm = mc_alloc_two_address_commutative(&in);
            if (!comm && !mc_alloc_two_address_candidate(&in)) {
                mark[i] = x->phi_copy[b][j];
                continue;
            }
            /* commutative: the copy's source is the operand that dies here
             * when the other lives on (x may then share its register) */
            int src = comm ? mc_alloc_two_address_source(dies[j]) : 0;
            McOperand from = in.a[src], other = in.a[1 - src];
            /* x = copy a, just before, at the instruction's place in the source */
            McInst *c = mc_block_inst_insert(f, b, i);
            memset(c, 0, sizeof *c);
            c->op = MC_OP_COPY;
            c->dest = in.dest;
            c->a[0] = from;
            c->loc = in.loc;
            c->line = in.line;
            i++;
            McInst *s = &f->blocks[b].insts[i]; /* x = OP x, b */
            s->a[0] = mc_val(in.dest);
            s->a[0].loc = from.loc;
            s->a[1] = other;
            mark[i] = x->phi_copy[b][j];
            if (tr) {
                McTraceEvent e = tr_ev(MC_TR_TWOADDR, in.dest, mc_opnd_is_val(from) ? from.v : -1, other.v);
                e.n1 = in.op;
                e.n2 = mc_opnd_is_val(from) ? 0 : from.v;
                e.flag = src == 1; /* the operands swapped: b dies here, a lives on */
                tr_add(tr, e);
            }
            n++;
        }
        free(dies);
        free(x->phi_copy[b]);
        x->phi_copy[b] = mark;
    }
    mc_sparse_free(&live);
    mc_liveness_free(lv);
    return n;
}

static bool same_loc(McLocation p, McLocation q) { return p.kind == q.kind && p.index == q.index; }

static bool two_address_op(int op) {
    return op == MC_OP_SUB || op == MC_OP_MUL || op == MC_OP_AND || op == MC_OP_OR || op == MC_OP_XOR;
}

void mc_alloc_two_address_fold(McAllocation *a) {
    const McFunc *x = a->destroyed->f;
    McFunc *f = a->f;
    int32_t *src = mc_xmalloc((size_t)(x->nvalues ? x->nvalues : 1) * sizeof *src);
    for (int32_t v = 0; v < x->nvalues; v++) src[v] = -1;
    bool any = false;
    for (int32_t b = 0; b < x->nblocks; b++)
        for (int32_t i = 1; i < x->blocks[b].ninsts; i++) {
            const McInst *c = &x->blocks[b].insts[i - 1], *in = &x->blocks[b].insts[i];
            if (two_address_op(in->op) && mc_opnd_is_val(in->a[0]) && in->a[0].v == in->dest && c->op == MC_OP_COPY &&
                c->dest == in->dest && mc_opnd_is_val(c->a[0]) && same_loc(a->loc[in->dest], a->loc[c->a[0].v])) {
                src[in->dest] = c->a[0].v;
                any = true;
            }
        }
    for (int32_t b = 0; any && b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            McInst *in = &f->blocks[b].insts[i];
            if (!two_address_op(in->op) || !mc_opnd_is_val(in->a[0]) || in->a[0].v != in->dest || src[in->dest] < 0)
                continue;
            const McInst *c = i > 0 ? &f->blocks[b].insts[i - 1] : NULL;
            if (c && c->op == MC_OP_COPY && c->dest == in->dest) continue; /* the copy is still there (baseline) */
            in->a[0].v = src[in->dest];
        }
    free(src);
}

void mc_alloc_two_address_report(const McAllocation *a, McAllocTrace *tr, int32_t from) {
    if (!tr) return;
    int32_t end = tr->n;
    for (int32_t i = from; i < end; i++) {
        McTraceEvent e = tr->ev[i];
        if (e.kind != MC_TR_TWOADDR) continue;
        e.kind = MC_TR_TWOADDR_COPY;
        e.flag = e.w >= 0 && a->loc[e.v].kind != MC_LOC_NONE && same_loc(a->loc[e.v], a->loc[e.w]);
        tr_add(tr, e);
    }
}

void mc_alloc_two_address_ssa(const McAllocation *a, McAllocTrace *tr) {
    if (!tr) return;
    const McFunc *f = a->destroyed->f; /* its phi copies all there: which operands die is the SSA form's */
    McLiveness *lv = mc_liveness_all(f, NULL);
    McSparse live;
    mc_sparse_init(&live, f->nvalues);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        uint8_t *dies = mc_xcalloc((size_t)(bl->ninsts ? bl->ninsts : 1), 1);
        block_deaths(f, lv, b, &live, dies);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            bool comm = mc_alloc_two_address_commutative(in);
            if (!comm && !mc_alloc_two_address_candidate(in)) continue;
            int src = comm ? mc_alloc_two_address_source(dies[i]) : 0;
            McOperand from = in->a[src], other = in->a[1 - src];
            McTraceEvent e = tr_ev(MC_TR_TWOADDR_SSA, in->dest, mc_opnd_is_val(from) ? from.v : -1, other.v);
            e.n1 = in->op;
            e.n2 = comm ? src : mc_opnd_is_val(from) ? 0 : from.v; /* commutative: swapped; sub: the constant */
            e.flag = mc_opnd_is_val(from) && a->loc[in->dest].kind == MC_LOC_REG && same_loc(a->loc[in->dest], a->loc[from.v]);
            tr_add(tr, e);
        }
        free(dies);
    }
    mc_sparse_free(&live);
    mc_liveness_free(lv);
}

/* `a`, or the constant */
static const char *opnd(const McAllocation *a, int32_t v, int32_t c, char *buf, size_t size) {
    if (v < 0)
        snprintf(buf, size, "%d", (int)c);
    else
        snprintf(buf, size, "%s", v < a->f->nvalues ? a->f->values[v].name : "?");
    return buf;
}

void mc_alloc_two_address_event_str(const McTraceEvent *e, const McAllocation *a, char *buf, size_t size) {
    const char *x = e->v >= 0 && e->v < a->f->nvalues ? a->f->values[e->v].name : "?";
    const char *b = e->reg >= 0 && e->reg < a->f->nvalues ? a->f->values[e->reg].name : "?";
    const char *op = e->n1 >= 0 && e->n1 < MC_OP_COUNT ? mc_op_info[e->n1].name : "?";
    bool sub = e->n1 == MC_OP_SUB;
    char av[64], lx[32], la[32], lb[32];
    opnd(a, e->w, sub ? e->n2 : 0, av, sizeof av);
    switch (e->kind) {
    case MC_TR_TWOADDR:
        if (e->flag) /* commutative, swapped: the source reads x = OP b, a */
            snprintf(buf, size,
                     "two-address: %s = %s %s, %s becomes %s = copy %s; %s = %s %s, %s (%s dies here, %s lives on: "
                     "%s may share %s's register; %s now interferes with %s)",
                     x, op, b, av, x, av, x, op, x, b, av, b, x, av, x, b);
        else
            snprintf(buf, size,
                     "two-address: %s = %s %s, %s becomes %s = copy %s; %s = %s %s, %s (%s now interferes with %s)", x,
                     op, av, b, x, av, x, op, x, b, x, b);
        break;
    case MC_TR_TWOADDR_COPY:
        mc_alloc_location_str(a, a->loc[e->v], lx, sizeof lx);
        if (e->flag)
            snprintf(buf, size, "two-address copy %s = copy %s: both in %s: no instruction (%s %s, %s alone)",
                     x, av, lx, op, x, b);
        else if (e->w < 0)
            snprintf(buf, size, "two-address copy %s = copy %s: the constant into %s: kept (one move)", x, av, lx);
        else
            snprintf(buf, size, "two-address copy %s = copy %s: %s in %s, %s in %s: kept (one move)", x, av, x, lx, av,
                     mc_alloc_location_str(a, a->loc[e->w], la, sizeof la));
        break;
    case MC_TR_TWOADDR_SSA: {
        mc_alloc_location_str(a, a->loc[e->v], lx, sizeof lx);
        mc_alloc_location_str(a, a->loc[e->reg], lb, sizeof lb);
        char why[512];
        if (sub && e->w < 0)
            snprintf(why, sizeof why, "%s held until %s is defined (they interfere)", b, x);
        else if (sub)
            snprintf(why, sizeof why, "%s held until %s is defined (they interfere), %s prefers %s's register", b, x, x,
                     av);
        else if (e->n2)
            snprintf(why, sizeof why, "%s prefers %s's register (%s dies here, %s lives on)", x, av, av, b);
        else
            snprintf(why, sizeof why, "%s prefers %s's register", x, av);
        if (e->flag)
            snprintf(buf, size, "two-address (ssa): %s = %s %s, %s: %s: both in %s: no move (%s %s, %s)", x, op,
                     e->n2 && !sub ? b : av, e->n2 && !sub ? av : b, why, lx, op, x, b);
        else if (e->w < 0)
            snprintf(buf, size, "two-address (ssa): %s = %s %s, %s: %s: %s in %s, %s in %s", x, op, av, b, why, x, lx, b,
                     lb);
        else
            snprintf(buf, size, "two-address (ssa): %s = %s %s, %s: %s: %s in %s, %s in %s, %s in %s", x, op,
                     e->n2 && !sub ? b : av, e->n2 && !sub ? av : b, why, x, lx, av,
                     mc_alloc_location_str(a, a->loc[e->w], la, sizeof la), b, lb);
        break;
    }
    default: snprintf(buf, size, "?"); break;
    }
}
