/* ssaalloc.c - register allocation on SSA form, before phi destruction
 * (Hack, Grund & Goos; Bouchez; Pereira & Palsberg).
 *
 * In strict SSA every use is dominated by its definition, so two values
 * interfere only when one is live where the other is defined, and the
 * interference graph is chordal: walking the definitions in dominance order
 * (the dominator tree in preorder, each block's phis and then its
 * instructions in order) and giving each the lowest register no live value
 * holds uses exactly MaxLive registers, the most values live at one point.
 *
 * 1. Spill first. The pressure of a point is the number of scalar values
 *    live after it plus its result (a block's top: its live-in values and
 *    all its phis; the entry's live-in includes the bound parameters). Each
 *    block is walked backwards; at every point with more than K values in
 *    registers, the one with the least spill cost (uses and definitions
 *    weighted 10^loop depth; ties: the higher handle) moves to a slot for
 *    its whole life, until K remain. Afterwards MaxLive over registers is at
 *    most K, so step 2 never runs out: with K >= MaxLive nothing is spilled.
 * 2. Colour in dominance order: at a block's top the registers of its
 *    live-in values are held; each phi takes the lowest free one; phis not
 *    used in the block are released; at each instruction the operands that
 *    die there are released and the result takes the lowest free register
 *    (released at once if it is never used). Spilled values get slots the
 *    same way (slots shared by values never live together). Unreachable
 *    blocks, which have no dominator and never run, come last: a value only
 *    they define gets a slot of its own (not counted as spilled).
 * 3. Destroy the phis into copies that respect the assignment: placement as
 *    for improved (a critical edge gets a block, otherwise the end of the
 *    predecessor or the top of the target); each edge's parallel copy is
 *    sequentialized over locations, not names: a copy is written once no
 *    other pending copy still reads its destination's location. When only
 *    cycles remain (a swap of two registers), the value in one destination
 *    is saved in a scratch value `$cycleN` first, in a register no value live
 *    across the edge holds or, when all K are held, in one scratch slot
 *    shared by all cycles (McAllocation.scratch_slots counts it; it holds no
 *    value's home, so nspilled stays 0). Copies whose two sides share a
 *    location are deleted from what the machine runs.
 * two-address=copies (x86-64): x = sub a, b must not give x b's register
 * (`mov x, a` would destroy b). There is no place for twoaddr.c's copy in
 * SSA form, so b, when it dies at the sub, is held until x is defined, as if
 * read once more just after it: step 1 counts it in that point's pressure,
 * step 2 releases it only after x took a register. x also prefers the
 * register of the copy's would-be source (a; for mul, and, or, xor the
 * operand that dies when the other lives on): released just before, it is
 * free, and the tile needs no mov.
 * The result is checked against the interference graph of the destroyed
 * function (built as for improved), like every allocation. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "minicc/verify.h"
#include "alloc_common.h"
#include "igraph.h"

static bool scalar(const McFunc *f, int32_t v) { return v >= 0 && f->values[v].kind == MC_VAL_I32; }

typedef struct Ssa {
    McFunc *f;
    McCfg *c;
    McLiveness *lv;
    int32_t K;
    bool *spilled;
    double *cost;
    McLocation *loc; /* grows with the scratch values */
    int32_t nloc;
    int32_t slots;   /* spill slots */
    int32_t *order;
    int32_t norder;
    bool *unreached; /* placed by place_unreachable */
    int32_t fresh;   /* next slot of place_unreachable (after the spill slots) */
    McCallCons *cons; /* calls=interfere: forbidden and preferred registers (of f's values), or NULL */
    bool twoaddr;     /* two-address=copies: x = sub a, b keeps x out of b's register (below) */
} Ssa;

/* two-address=copies: b of x = sub a, b (mc_alloc_two_address_candidate)
 * when it dies there: it is held until x is defined, as if read just after
 * the sub, so x interferes with b (counted in step 1's pressure, kept in
 * step 2's colouring). */
static int32_t held_b(const Ssa *s, const McInst *in) {
    if (!s->twoaddr || !mc_alloc_two_address_candidate(in) || !scalar(s->f, in->a[1].v)) return MC_NONE;
    return in->a[1].v;
}

/* ---- 1. spill until MaxLive <= K ------------------------------------------------- */

typedef struct Pressure {
    McSparse live;
    int32_t inreg; /* members of live not spilled */
} Pressure;

static void p_add(Ssa *s, Pressure *p, int32_t v) {
    if (mc_sparse_add(&p->live, v) && !s->spilled[v]) p->inreg++;
}
static void p_del(Ssa *s, Pressure *p, int32_t v) {
    if (mc_sparse_del(&p->live, v) && !s->spilled[v]) p->inreg--;
}

/* The cheapest value in registers among live (and `extra`, when not
 * MC_NONE and not in live). */
static int32_t cheapest(const Ssa *s, const McSparse *live, const int32_t *extra, int32_t nextra) {
    int32_t best = MC_NONE;
    for (int32_t i = 0; i < live->n + nextra; i++) {
        int32_t v = i < live->n ? live->list[i] : extra[i - live->n];
        if (s->spilled[v]) continue;
        if (best == MC_NONE || s->cost[v] < s->cost[best] || (s->cost[v] == s->cost[best] && v > best)) best = v;
    }
    return best;
}

/* Spill at a point whose values are p->live plus extra (not in live). */
static void relieve(Ssa *s, Pressure *p, const int32_t *extra, int32_t nextra) {
    int32_t over = p->inreg;
    for (int32_t i = 0; i < nextra; i++) over += !s->spilled[extra[i]];
    while (over > s->K) {
        int32_t v = cheapest(s, &p->live, extra, nextra);
        MC_ASSERT(v != MC_NONE);
        s->spilled[v] = true;
        if (mc_sparse_has(&p->live, v)) p->inreg--;
        over--;
    }
}

static void spill_block(Ssa *s, Pressure *p, int32_t b) {
    const McFunc *f = s->f;
    const McBlock *bl = &f->blocks[b];
    mc_sparse_clear(&p->live);
    p->inreg = 0;
    McValList out = mc_live_out(s->lv, b);
    for (int32_t i = 0; i < out.n; i++) p_add(s, p, out.v[i]);
    if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) && scalar(f, bl->term.arg.v))
        p_add(s, p, bl->term.arg.v);
    for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
        const McInst *in = &bl->insts[i];
        if (in->dest != MC_NONE && scalar(f, in->dest)) {
            /* the point after i: live after, plus the result */
            int32_t d = in->dest, hb = held_b(s, in), extra[2], nx = 0;
            if (!mc_sparse_has(&p->live, d)) extra[nx++] = d;
            if (hb != MC_NONE && !mc_sparse_has(&p->live, hb)) extra[nx++] = hb; /* b dies here: held */
            relieve(s, p, extra, nx);
            p_del(s, p, d);
        }
        int nops;
        const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
        for (int k = 0; k < nops; k++)
            if (mc_opnd_is_val(ops[k]) && scalar(f, ops[k].v)) p_add(s, p, ops[k].v);
    }
    /* the top: live-in and every phi */
    int32_t *extra = mc_xmalloc((size_t)(bl->nphis ? bl->nphis : 1) * sizeof *extra);
    int32_t n = 0;
    for (int32_t i = 0; i < bl->nphis; i++) {
        int32_t d = bl->phis[i].dest;
        if (scalar(f, d) && !mc_sparse_has(&p->live, d)) extra[n++] = d;
    }
    relieve(s, p, extra, n);
    free(extra);
}

/* ---- 2. colour in dominance order -------------------------------------------------- */

/* Holders of one location file (registers, or slots without bound). */
typedef struct File {
    int32_t *holder; /* value or MC_NONE */
    int32_t n, cap;  /* n in use (registers: K) */
    bool bounded;
} File;

static void file_reset(File *fl) {
    for (int32_t i = 0; i < fl->n; i++) fl->holder[i] = MC_NONE;
}

/* The lowest free location of fl for v, or -1 (bounded file full). */
static int32_t file_take(File *fl, int32_t v) {
    for (int32_t i = 0; i < fl->n; i++)
        if (fl->holder[i] == MC_NONE) {
            fl->holder[i] = v;
            return i;
        }
    if (fl->bounded) return -1;
    MC_GROW(fl->holder, fl->cap, fl->n + 1, 8);
    fl->holder[fl->n] = v;
    return fl->n++;
}

typedef struct Colour {
    File reg, slot;
    McSparse live;     /* backward scan */
    uint8_t *dies; /* per instruction of the block: bit k = operand k dies there; bit 3 = result unused */
    int32_t cap;
    int32_t *calldies; /* a call's arguments that die at it (any number): (instruction, value)
                          pairs, appended by the backward scan (so instructions descend) */
    int32_t ncalldies, capcalldies;
} Colour;

static void hold(Ssa *s, Colour *c, int32_t v) {
    McLocation l = s->loc[v];
    if (l.kind == MC_LOC_REG) c->reg.holder[l.index] = v;
    if (l.kind == MC_LOC_SLOT && l.index < c->slot.n) c->slot.holder[l.index] = v;
}

static void release(Ssa *s, Colour *c, int32_t v) {
    McLocation l = s->loc[v];
    if (l.kind == MC_LOC_REG && c->reg.holder[l.index] == v) c->reg.holder[l.index] = MC_NONE;
    if (l.kind == MC_LOC_SLOT && l.index < c->slot.n && c->slot.holder[l.index] == v) c->slot.holder[l.index] = MC_NONE;
}

/* v gets a location: the lowest free register, or a slot when spilled;
 * want (or -1): a register v prefers (two-address), taken when free. */
static void assign(Ssa *s, Colour *c, int32_t v, int32_t want) {
    if (s->loc[v].kind != MC_LOC_NONE) { /* a parameter placed before */
        hold(s, c, v);
        return;
    }
    if (!s->spilled[v] && s->cons) {
        /* calls=interfere: the preferred register when free and allowed, else
         * the lowest free allowed one; step 1 counted every register, so a
         * value live across a call may find none: it spills here */
        int32_t r = -1, pref = mc_call_cons_pref(s->cons, v);
        if (pref >= 0 && pref < s->K && c->reg.holder[pref] == MC_NONE && !mc_call_cons_forbids(s->cons, v, pref))
            r = pref;
        if (r < 0 && want >= 0 && c->reg.holder[want] == MC_NONE && !mc_call_cons_forbids(s->cons, v, want)) r = want;
        for (int32_t q = 0; q < s->K && r < 0; q++)
            if (c->reg.holder[q] == MC_NONE && !mc_call_cons_forbids(s->cons, v, q)) r = q;
        if (r >= 0) {
            c->reg.holder[r] = v;
            s->loc[v] = (McLocation){MC_LOC_REG, r};
            s->order[s->norder++] = v;
            return;
        }
        s->spilled[v] = true;
    }
    if (!s->spilled[v]) {
        int32_t r = -1;
        if (want >= 0 && c->reg.holder[want] == MC_NONE) c->reg.holder[r = want] = v;
        if (r < 0) r = file_take(&c->reg, v);
        MC_ASSERT(r >= 0); /* step 1 left at most K values in registers at every point */
        s->loc[v] = (McLocation){MC_LOC_REG, r};
    } else {
        int32_t k = file_take(&c->slot, v);
        s->loc[v] = (McLocation){MC_LOC_SLOT, k};
        if (k + 1 > s->slots) s->slots = k + 1;
    }
    s->order[s->norder++] = v;
}

/* An unreachable block never runs: every value it brings in or defines
 * that has no location yet gets a slot of its own (not counted as spilled). */
static void place_unreachable(Ssa *s, int32_t b) {
    const McBlock *bl = &s->f->blocks[b];
    McValList in = mc_live_in(s->lv, b);
    int32_t n = in.n + bl->nphis + bl->ninsts;
    for (int32_t i = 0; i < n; i++) {
        int32_t v = i < in.n ? in.v[i] : i < in.n + bl->nphis ? bl->phis[i - in.n].dest : bl->insts[i - in.n - bl->nphis].dest;
        if (v == MC_NONE || !scalar(s->f, v) || s->loc[v].kind != MC_LOC_NONE) continue;
        s->loc[v] = (McLocation){MC_LOC_SLOT, s->fresh++};
        s->unreached[v] = true;
        s->order[s->norder++] = v;
    }
}

static void colour_block(Ssa *s, Colour *c, int32_t b) {
    const McFunc *f = s->f;
    const McBlock *bl = &f->blocks[b];
    if (bl->ninsts > c->cap) {
        c->cap = bl->ninsts;
        c->dies = mc_xrealloc(c->dies, (size_t)c->cap);
    }
    /* deaths, by a backward scan */
    c->ncalldies = 0;
    mc_sparse_clear(&c->live);
    McValList out = mc_live_out(s->lv, b);
    for (int32_t i = 0; i < out.n; i++) mc_sparse_add(&c->live, out.v[i]);
    if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) && scalar(f, bl->term.arg.v))
        mc_sparse_add(&c->live, bl->term.arg.v);
    for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
        const McInst *in = &bl->insts[i];
        uint8_t m = 0;
        if (in->dest != MC_NONE && scalar(f, in->dest) && !mc_sparse_del(&c->live, in->dest)) m |= 8;
        const McCall *call = mc_inst_call(f, in);
        if (call) {
            for (int32_t k = 0; k < call->nargs; k++)
                if (mc_opnd_is_val(call->args[k]) && scalar(f, call->args[k].v) &&
                    mc_sparse_add(&c->live, call->args[k].v)) {
                    MC_GROW(c->calldies, c->capcalldies, c->ncalldies + 2, 16);
                    c->calldies[c->ncalldies++] = i;
                    c->calldies[c->ncalldies++] = call->args[k].v;
                }
        } else {
            for (int k = 0; k < mc_op_info[in->op].nargs; k++)
                if (mc_opnd_is_val(in->a[k]) && scalar(f, in->a[k].v) && mc_sparse_add(&c->live, in->a[k].v))
                    m |= (uint8_t)(1 << k);
        }
        c->dies[i] = m;
    }
    /* the top */
    file_reset(&c->reg);
    file_reset(&c->slot);
    McValList in = mc_live_in(s->lv, b);
    for (int32_t i = 0; i < in.n; i++)
        if (s->loc[in.v[i]].kind != MC_LOC_NONE) hold(s, c, in.v[i]);
    for (int32_t i = 0; i < in.n; i++)
        if (s->loc[in.v[i]].kind == MC_LOC_NONE) assign(s, c, in.v[i], -1); /* the entry's parameters */
    for (int32_t i = 0; i < bl->nphis; i++)
        if (scalar(f, bl->phis[i].dest)) assign(s, c, bl->phis[i].dest, -1);
    for (int32_t i = 0; i < bl->nphis; i++)
        if (scalar(f, bl->phis[i].dest) && !mc_sparse_has(&c->live, bl->phis[i].dest)) release(s, c, bl->phis[i].dest);
    for (int32_t i = 0; i < in.n; i++)
        if (!mc_sparse_has(&c->live, in.v[i])) release(s, c, in.v[i]); /* (never: live-in is used) */
    for (int32_t i = 0; i < bl->ninsts; i++) {
        const McInst *ins = &bl->insts[i];
        int32_t hb = (c->dies[i] & 2) ? held_b(s, ins) : MC_NONE, want = -1;
        if (s->twoaddr && ins->dest != MC_NONE && (hb != MC_NONE || mc_alloc_two_address_candidate(ins) ||
                                                   mc_alloc_two_address_commutative(ins))) {
            /* x prefers the register of the operand the copy would come from
             * (a; for mul, and, or, xor b when b dies and a lives on): free when
             * it dies here, then no move */
            int src = mc_alloc_two_address_commutative(ins) ? mc_alloc_two_address_source(c->dies[i]) : 0;
            if ((c->dies[i] & (1 << src)) && s->loc[ins->a[src].v].kind == MC_LOC_REG) want = s->loc[ins->a[src].v].index;
        }
        for (int k = 0; k < mc_op_info[ins->op].nargs; k++)
            if ((c->dies[i] & (1 << k)) && !(k == 1 && hb != MC_NONE)) release(s, c, ins->a[k].v);
        for (; c->ncalldies >= 2 && c->calldies[c->ncalldies - 2] == i; c->ncalldies -= 2)
            release(s, c, c->calldies[c->ncalldies - 1]);
        if (ins->dest != MC_NONE && scalar(f, ins->dest)) {
            assign(s, c, ins->dest, want);
            if (c->dies[i] & 8) release(s, c, ins->dest);
        }
        if (hb != MC_NONE) release(s, c, hb); /* b, held past x's definition */
    }
}

/* ---- 3. destruction by location ------------------------------------------------------ */

typedef struct Edge {
    Ssa *s;
    McDestroyed *x;
    int32_t counter;      /* $cycleN */
    int32_t scratch_slot; /* -1 until a cycle needs it */
    uint32_t *held;       /* K registers: == stamp when held across the current edge */
    uint32_t stamp;
    int32_t *readers;     /* per location key (K + slots + 1), zero between edges */
} Edge;

static int32_t key(const Ssa *s, McLocation l) { return l.kind == MC_LOC_REG ? l.index : s->K + l.index; }

static void add_copy(McFunc *f, int32_t block, int32_t at, int32_t dest, McOperand src) {
    McInst *in = at < 0 ? mc_block_inst_add(f, block) : mc_block_inst_insert(f, block, at);
    in->op = MC_OP_COPY;
    in->dest = dest;
    in->a[0] = src;
    in->a[0].loc = (McPos){0};
}

static void grow_loc(Ssa *s) {
    if (s->f->nvalues <= s->nloc) return;
    int32_t n = s->f->nvalues + 16;
    s->loc = mc_xrealloc(s->loc, (size_t)n * sizeof *s->loc);
    memset(s->loc + s->nloc, 0, (size_t)(n - s->nloc) * sizeof *s->loc);
    s->nloc = n;
}

/* The parallel copy dst[i] <- src[i] into block at `at` (-1: append), in
 * an order that is right by location (and therefore by name). */
static int32_t sequentialize(Edge *e, int32_t block, int32_t at, int32_t n, const int32_t *dst, McOperand *src) {
    Ssa *s = e->s;
    McFunc *f = s->f;
    int32_t nkeys = s->K + s->slots + 1, emitted = 0, left = n;
    int32_t *readers = e->readers; /* all zero here, and again on return */
    bool *done = mc_xcalloc((size_t)(n ? n : 1), sizeof *done);
    for (int32_t i = 0; i < n; i++)
        if (mc_opnd_is_val(src[i])) readers[key(s, s->loc[src[i].v])]++;
    while (left > 0) {
        int32_t pick = -1;
        for (int32_t i = 0; i < n && pick < 0; i++) {
            if (done[i]) continue;
            int32_t kd = key(s, s->loc[dst[i]]);
            int32_t self = mc_opnd_is_val(src[i]) && key(s, s->loc[src[i].v]) == kd;
            if (readers[kd] - self == 0) pick = i;
        }
        if (pick < 0) {
            /* only cycles: save the value one destination's location holds */
            for (pick = 0; done[pick]; pick++) {
            }
            int32_t kd = key(s, s->loc[dst[pick]]), u = MC_NONE;
            for (int32_t j = 0; j < n && u == MC_NONE; j++)
                if (!done[j] && j != pick && mc_opnd_is_val(src[j]) && key(s, s->loc[src[j].v]) == kd) u = src[j].v;
            MC_ASSERT(u != MC_NONE);
            char name[48];
            snprintf(name, sizeof name, "$cycle%d", ++e->counter);
            int32_t t = mc_func_value_new(f, name);
            if (t == MC_NONE) t = mc_func_value_fresh(f, name);
            grow_loc(s);
            int32_t r = 0;
            while (r < s->K && e->held[r] == e->stamp) r++;
            if (r < s->K) {
                s->loc[t] = (McLocation){MC_LOC_REG, r};
            } else {
                if (e->scratch_slot < 0) e->scratch_slot = s->slots;
                s->loc[t] = (McLocation){MC_LOC_SLOT, e->scratch_slot};
            }
            e->x->nscratch++;
            add_copy(f, block, at < 0 ? -1 : at + emitted, t, mc_val(u));
            emitted++;
            for (int32_t j = 0; j < n; j++)
                if (!done[j] && mc_opnd_is_val(src[j]) && src[j].v == u) {
                    src[j] = mc_val(t);
                    readers[kd]--;
                    readers[key(s, s->loc[t])]++;
                }
            continue;
        }
        add_copy(f, block, at < 0 ? -1 : at + emitted, dst[pick], src[pick]);
        emitted++;
        done[pick] = true;
        left--;
        if (mc_opnd_is_val(src[pick])) {
            int32_t ks = key(s, s->loc[src[pick].v]);
            if (ks < nkeys) readers[ks]--;
        }
    }
    free(done);
    return emitted;
}

/* Registers held across the edge b -> t: live out of b, live into t, t's phis. */
static void edge_held(Edge *e, int32_t b, int32_t t) {
    Ssa *s = e->s;
    e->stamp++;
    McValList o = mc_live_out(s->lv, b), in = mc_live_in(s->lv, t);
    for (int32_t i = 0; i < o.n; i++)
        if (s->loc[o.v[i]].kind == MC_LOC_REG) e->held[s->loc[o.v[i]].index] = e->stamp;
    for (int32_t i = 0; i < in.n; i++)
        if (s->loc[in.v[i]].kind == MC_LOC_REG) e->held[s->loc[in.v[i]].index] = e->stamp;
    const McBlock *tb = &s->f->blocks[t];
    for (int32_t i = 0; i < tb->nphis; i++)
        if (s->loc[tb->phis[i].dest].kind == MC_LOC_REG) e->held[s->loc[tb->phis[i].dest].index] = e->stamp;
}

typedef struct SsaEdges {
    Ssa *s;
    Edge *e;
    int32_t *dst;
    McOperand *src;
    int32_t cap;
} SsaEdges;

/* One edge's copies (mc_destroy_edges): its scalar phis only, sequentialized over locations. */
static int32_t ssa_emit(void *ctx, int32_t from, int32_t to, int32_t block, int32_t at, int32_t n, const int32_t *dst,
                        McOperand *src) {
    SsaEdges *w = ctx;
    if (n > w->cap) {
        w->cap = n;
        w->dst = mc_xrealloc(w->dst, (size_t)n * sizeof *w->dst);
        w->src = mc_xrealloc(w->src, (size_t)n * sizeof *w->src);
    }
    int32_t m = 0;
    for (int32_t i = 0; i < n; i++) {
        if (!scalar(w->s->f, dst[i])) continue;
        w->dst[m] = dst[i];
        w->src[m++] = src[i];
    }
    edge_held(w->e, from, to);
    return sequentialize(w->e, block, at, m, w->dst, w->src);
}

static void destroy(Ssa *s, McDestroyed *x, Edge *e, int32_t *head, int32_t *tail) {
    SsaEdges w = {s, e, NULL, NULL, 0};
    x->ncopies += mc_destroy_edges(s->f, MC_PLACE_CRITICAL, head, tail, ssa_emit, &w);
    free(w.dst);
    free(w.src);
}

/* ---- driver ---------------------------------------------------------------------------- */

/* Each value's spill cost: its uses and definitions, each weighted 10 to
 * the power of its block's loop depth (at most 9). */
static void spill_costs(Ssa *s) {
    const McFunc *f = s->f;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        double w = 1;
        for (int32_t i = 0; i < s->c->loop_depth[b] && i < 9; i++) w *= 10;
        for (int32_t i = 0; i < bl->nphis; i++) {
            s->cost[bl->phis[i].dest] += w;
            for (int32_t q = 0; q < bl->phis[i].nargs; q++)
                if (mc_opnd_is_val(bl->phis[i].args[q].val)) s->cost[bl->phis[i].args[q].val.v] += w;
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) s->cost[ops[k].v] += w;
            if (in->dest != MC_NONE) s->cost[in->dest] += w;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) s->cost[bl->term.arg.v] += w;
    }
}

/* Colour every block (nv values): the dominator tree in preorder, then the
 * unreachable blocks. */
static void colour_all(Ssa *s, int32_t nv) {
    const McFunc *f = s->f;
    Colour c;
    memset(&c, 0, sizeof c);
    c.reg.holder = mc_xmalloc((size_t)s->K * sizeof *c.reg.holder);
    c.reg.n = c.reg.cap = s->K;
    c.reg.bounded = true;
    mc_sparse_init(&c.live, nv);
    int32_t *stack = mc_xmalloc((size_t)(f->nblocks ? f->nblocks : 1) * sizeof *stack);
    int32_t sp = 0;
    if (s->c->nrpo > 0) stack[sp++] = s->c->rpo[0];
    while (sp > 0) {
        int32_t b = stack[--sp];
        colour_block(s, &c, b);
        for (int32_t k = s->c->ndom_children[b] - 1; k >= 0; k--) stack[sp++] = s->c->dom_children[b][k];
    }
    s->fresh = s->slots;
    for (int32_t b = 0; b < f->nblocks; b++)
        if (s->c->rpo_index[b] < 0) place_unreachable(s, b);
    s->slots = s->fresh;
    free(stack);
    free(c.reg.holder);
    free(c.slot.holder);
    free(c.dies);
    free(c.calldies);
    mc_sparse_free(&c.live);
}

/* Phi destruction on the coloured function: the copies on each edge, the
 * phis dropped, each instruction marked when it is a phi copy. Returns the
 * destroyed function's record; *scratch_slot is the slot a cycle needed, or
 * -1. */
static McDestroyed *destroy_all(Ssa *s, int32_t *scratch_slot) {
    McFunc *f = s->f;
    int regs = s->K;
    McDestroyed *x = mc_xcalloc(1, sizeof *x);
    x->norig_blocks = f->nblocks;
    int32_t *head = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *head);
    int32_t *tail = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *tail);
    Edge e = {s, x, 0, -1, mc_xcalloc((size_t)regs, sizeof(uint32_t)), 0,
              mc_xcalloc((size_t)(regs + s->slots + 1), sizeof(int32_t))};
    destroy(s, x, &e, head, tail);
    free(e.held);
    free(e.readers);
    *scratch_slot = e.scratch_slot;
    for (int32_t b = 0; b < f->nblocks; b++) f->blocks[b].nphis = 0;
    x->nedge_blocks = f->nblocks - x->norig_blocks;
    x->phi_copy = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *x->phi_copy);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        x->phi_copy[b] = mc_xcalloc((size_t)(bl->ninsts ? bl->ninsts : 1), 1);
        for (int32_t i = 0; i < bl->ninsts; i++)
            x->phi_copy[b][i] = b >= x->norig_blocks || i < head[b] || i >= bl->ninsts - tail[b];
    }
    free(head);
    free(tail);
    return x;
}

McAllocation *mc_allocate_ssa(const McFunc *ssa, int regs, int64_t limit, int form, const McAllocOptions *o,
                              McDiags *d) {
    const McInterrupt *stop = o->interrupt;
    if (ssa->form != MC_FORM_SSA) {
        mc_diag(d, mc_loc(ssa, ssa->loc), "phi destruction requires SSA form (function '%s' is not in SSA form)",
                ssa->name);
        return NULL;
    }
    Ssa s;
    memset(&s, 0, sizeof s);
    s.f = mc_func_clone(ssa);
    mc_func_compact_values(s.f);
    McFunc *f = s.f;
    s.K = regs;
    s.c = mc_cfg_build_loops(f);
    s.lv = mc_liveness_all(f, s.c);
    s.cons = mc_call_cons(f, o, regs); /* calls=interfere */
    s.twoaddr = o->two_address == MC_TWOADDR_COPIES;
    int32_t nv = f->nvalues;
    s.nloc = nv ? nv : 1;
    s.loc = mc_xcalloc((size_t)s.nloc, sizeof *s.loc);
    s.spilled = mc_xcalloc((size_t)s.nloc, sizeof *s.spilled);
    s.cost = mc_xcalloc((size_t)s.nloc, sizeof *s.cost);
    s.order = mc_xmalloc((size_t)s.nloc * sizeof *s.order);
    s.unreached = mc_xcalloc((size_t)s.nloc, sizeof *s.unreached);
    spill_costs(&s);
    /* 1. spill */
    Pressure p;
    mc_sparse_init(&p.live, nv);
    for (int32_t b = 0; b < f->nblocks; b++) spill_block(&s, &p, b);
    mc_sparse_free(&p.live);
    /* 2. colour */
    colour_all(&s, nv);
    /* values no block defines or uses (dead parameters) keep no location */
    int32_t nparams = f->nparams;
    uint8_t *bound = mc_xcalloc((size_t)(nparams ? nparams : 1), 1);
    McValList entry = f->nblocks ? mc_live_in(s.lv, 0) : (McValList){NULL, 0};
    for (int32_t i = 0; i < entry.n; i++)
        if (f->values[entry.v[i]].param != MC_NONE) bound[f->values[entry.v[i]].param] = 1;
    /* 3. destroy */
    int32_t scratch_slot;
    McDestroyed *x = destroy_all(&s, &scratch_slot);
    mc_liveness_free(s.lv);
    mc_cfg_free(s.c);
    x->f = f;
    f->form = MC_FORM_UNKNOWN;
    McDiags tmp;
    mc_diags_init(&tmp, NULL, NULL, 0);
    if (!mc_verify(f, MC_VERIFY_MUTABLE, &tmp)) {
        char line[256];
        mc_diag(d, mc_loc(ssa, ssa->loc), "internal error: phi destruction of '%s' produced invalid IR: %s", ssa->name,
                tmp.n ? mc_diag_line(&tmp, 0, line, sizeof line) : "?");
        mc_diags_free(&tmp);
        mc_destroyed_free(x);
        free(s.loc), free(s.spilled), free(s.cost), free(s.order), free(s.unreached), free(bound);
        mc_call_cons_free(s.cons);
        return NULL;
    }
    mc_diags_free(&tmp);
    McAllocation *a = mc_alloc_new(x, MC_ALLOC_SSA, regs);
    a->cons = s.cons; /* the values keep their handles (the scratch ones are unconstrained) */
    a->graph = mc_alloc_graph(x->f, limit, form, stop, d);
    if (!a->graph) {
        mc_allocation_free(a);
        free(s.loc), free(s.spilled), free(s.cost), free(s.order), free(s.unreached), free(bound);
        mc_call_cons_free(s.cons);
        return NULL;
    }
    grow_loc(&s);
    memcpy(a->loc, s.loc, (size_t)x->f->nvalues * sizeof *a->loc);
    memcpy(a->param_bound, bound, (size_t)(nparams ? nparams : 1));
    for (int32_t p2 = 0; p2 < nparams; p2++)
        if (!scalar(x->f, x->f->params[p2])) a->param_bound[p2] = 0;
    a->slots = s.slots;
    if (scratch_slot >= 0) {
        a->slots = scratch_slot + 1;
        a->scratch_slots = 1;
    }
    a->cost = s.cost;
    a->cost = mc_xrealloc(a->cost, (size_t)(x->f->nvalues ? x->f->nvalues : 1) * sizeof *a->cost);
    for (int32_t v = nv; v < x->f->nvalues; v++) a->cost[v] = 0;
    for (int32_t v = 0; v < nv; v++)
        if (a->loc[v].kind == MC_LOC_SLOT && !s.unreached[v]) a->nspilled++;
    a->order = s.order;
    a->norder = s.norder;
    free(s.loc);
    free(s.spilled);
    free(s.unreached);
    free(bound);
    mc_alloc_drop_copies(a);
    return a;
}
