/* linear.c - linear-scan register allocation (Poletto & Sarkar 1999) and
 * the live intervals it works on.
 *
 * The linear order. Phi destruction as for `improved` (critical edges
 * split, parallel copies sequentialized), then the blocks of the phi-free
 * function in reverse postorder from the entry (so an edge block sits
 * between its source and its target, and a loop body between its header
 * and the code after it), unreachable blocks last in handle order. Every
 * instruction and every terminator gets an index in that order; index i has
 * two points: 2i where it reads its operands and 2i+1 where it writes its
 * result. Scalar parameters live on entry are written at point -1.
 *
 * The interval of a value is [first point, last point] over every point
 * where block liveness (live.c) says it is live: a block's live-in values
 * from its first read point, its live-out values to its terminator's write
 * point, each definition and each use. No holes: a value live in two
 * loops is live over everything between them (mc_intervals_print shows the
 * holes the interval covers).
 *
 * The scan: intervals by increasing start (ties by handle). Before each
 * one, the active intervals ending before it starts give their registers
 * back. When all K are held, the interval among the active ones and the
 * new one that ends furthest is spilled: if an active one ends later, the
 * new interval takes its register and it moves to a slot for its whole
 * life; otherwise the new one goes to a slot. A register is always the
 * lowest free one. Spilled intervals then share slots the same way (a second
 * scan, unbounded). The machine takes slot operands directly, so a spilled
 * value needs no spill code; copies whose two sides end up in one location
 * are deleted, as for improved. The result is checked against the
 * interference graph of the destroyed function (built as for improved), so
 * a wrong interval is an internal error, not a wrong answer (mc_allocate
 * checks every allocator's result: regalloc.c, check_or_panic). */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "alloc_common.h"
#include "igraph.h"

/* ---- intervals ------------------------------------------------------------------- */

static bool scalar_value(const McFunc *f, int32_t v) { return v >= 0 && f->values[v].kind == MC_VAL_I32; }

static void extend(McIntervals *iv, int32_t v, int32_t p) {
    if (p < iv->start[v]) iv->start[v] = p;
    if (p > iv->end[v]) iv->end[v] = p;
}

McIntervals *mc_intervals(const McFunc *f, const McLiveness *lv) {
    for (int32_t b = 0; b < f->nblocks; b++) MC_ASSERT(f->blocks[b].nphis == 0);
    McIntervals *iv = mc_xcalloc(1, sizeof *iv);
    int32_t nb = f->nblocks, nv = f->nvalues;
    iv->nblocks = nb;
    iv->nvalues = nv;
    iv->order = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *iv->order);
    iv->first = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *iv->first);
    iv->start = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *iv->start);
    iv->end = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *iv->end);
    for (int32_t v = 0; v < nv; v++) iv->start[v] = INT32_MAX, iv->end[v] = INT32_MIN;
    McCfg *c = mc_cfg_build_dom(f);
    bool *placed = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *placed);
    for (int32_t i = 0; i < c->nrpo; i++) {
        iv->order[iv->norder++] = c->rpo[i];
        placed[c->rpo[i]] = true;
    }
    for (int32_t b = 0; b < nb; b++)
        if (!placed[b]) iv->order[iv->norder++] = b;
    free(placed);
    mc_cfg_free(c);
    int32_t n = 0;
    for (int32_t k = 0; k < iv->norder; k++) {
        int32_t b = iv->order[k];
        iv->first[b] = n;
        n += f->blocks[b].ninsts + 1;
    }
    iv->nindex = n;
    McValList entry = nb > 0 ? mc_live_in(lv, 0) : (McValList){NULL, 0};
    for (int32_t i = 0; i < entry.n; i++)
        if (f->values[entry.v[i]].param != MC_NONE) extend(iv, entry.v[i], -1);
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        int32_t at = iv->first[b], term = at + bl->ninsts;
        McValList in = mc_live_in(lv, b), out = mc_live_out(lv, b);
        for (int32_t i = 0; i < in.n; i++) extend(iv, in.v[i], 2 * at);
        for (int32_t i = 0; i < out.n; i++) extend(iv, out.v[i], 2 * term + 1);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in_ = &bl->insts[i];
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in_, &nops); /* a call's arguments too */
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k]) && scalar_value(f, ops[k].v)) extend(iv, ops[k].v, 2 * (at + i));
            if (in_->dest != MC_NONE && scalar_value(f, in_->dest)) extend(iv, in_->dest, 2 * (at + i) + 1);
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg) &&
            scalar_value(f, bl->term.arg.v))
            extend(iv, bl->term.arg.v, 2 * term);
    }
    return iv;
}

void mc_intervals_free(McIntervals *iv) {
    if (!iv) return;
    free(iv->order);
    free(iv->first);
    free(iv->start);
    free(iv->end);
    free(iv);
}

/* ---- the scan -------------------------------------------------------------------- */

typedef struct Item {
    int32_t start, end, v;
} Item;

static int by_start(const void *x, const void *y) {
    const Item *a = x, *b = y;
    if (a->start != b->start) return a->start < b->start ? -1 : 1;
    return (a->v > b->v) - (a->v < b->v);
}

/* Active intervals by increasing (end, handle). */
static bool ends_before(const Item *a, const Item *b) { return a->end != b->end ? a->end < b->end : a->v < b->v; }

static void active_insert(Item *act, int32_t *n, Item it) {
    int32_t i = *n;
    while (i > 0 && ends_before(&it, &act[i - 1])) {
        act[i] = act[i - 1];
        i--;
    }
    act[i] = it;
    (*n)++;
}

/* A min-heap of free location numbers: the lowest free one first. */
typedef struct Heap {
    int32_t *v;
    int32_t n;
} Heap;

static void heap_push(Heap *h, int32_t x) {
    int32_t i = h->n++;
    while (i > 0 && h->v[(i - 1) / 2] > x) {
        h->v[i] = h->v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h->v[i] = x;
}

static int32_t heap_pop(Heap *h) {
    int32_t top = h->v[0], x = h->v[--h->n], i = 0;
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= h->n) break;
        if (c + 1 < h->n && h->v[c + 1] < h->v[c]) c++;
        if (h->v[c] >= x) break;
        h->v[i] = h->v[c];
        i = c;
    }
    if (h->n > 0) h->v[i] = x;
    return top;
}

/* Registers for items[0..n) (sorted by start); spilled ones are listed in
 * spilled (in start order) and get no location yet. */
static int32_t scan_registers(McAllocation *a, const Item *items, int32_t n, Item *spilled) {
    int32_t K = a->registers, nact = 0, nsp = 0;
    Item *act = mc_xmalloc((size_t)K * sizeof *act);
    Heap free_regs = {mc_xmalloc((size_t)K * sizeof(int32_t)), 0};
    for (int32_t r = 0; r < K; r++) heap_push(&free_regs, r);
    bool *is_spilled = mc_xcalloc((size_t)(a->f->nvalues ? a->f->nvalues : 1), sizeof *is_spilled);
    for (int32_t i = 0; i < n; i++) {
        Item it = items[i];
        int32_t expired = 0;
        while (expired < nact && act[expired].end < it.start) heap_push(&free_regs, a->loc[act[expired++].v].index);
        if (expired) {
            memmove(act, act + expired, (size_t)(nact - expired) * sizeof *act);
            nact -= expired;
        }
        if (nact < K) {
            a->loc[it.v] = (McLocation){MC_LOC_REG, heap_pop(&free_regs)};
            active_insert(act, &nact, it);
            continue;
        }
        Item last = act[nact - 1];
        if (last.end > it.end) {
            a->loc[it.v] = a->loc[last.v];
            a->loc[last.v] = (McLocation){MC_LOC_NONE, 0};
            is_spilled[last.v] = true;
            nact--;
            active_insert(act, &nact, it);
        } else {
            is_spilled[it.v] = true;
        }
    }
    for (int32_t i = 0; i < n; i++)
        if (is_spilled[items[i].v]) spilled[nsp++] = items[i];
    free(is_spilled);
    free(act);
    free(free_regs.v);
    return nsp;
}

/* calls=interfere: the scan with constraints. A register is free when no
 * active interval holds it; an interval live across a call may take only a
 * register the call does not clobber. It takes its preferred register when
 * that one is free and allowed, else the lowest free allowed one; when none
 * is, the active interval in an allowed register that ends furthest gives
 * its register up if it ends after the new one (it moves to a slot),
 * otherwise the new interval goes to a slot. */
static int32_t scan_registers_cons(McAllocation *a, const Item *items, int32_t n, Item *spilled) {
    int32_t K = a->registers, nact = 0, nsp = 0;
    const McCallCons *c = a->cons;
    Item *act = mc_xmalloc((size_t)K * sizeof *act);
    bool *busy = mc_xcalloc((size_t)K, sizeof *busy);
    bool *is_spilled = mc_xcalloc((size_t)(a->f->nvalues ? a->f->nvalues : 1), sizeof *is_spilled);
    for (int32_t i = 0; i < n; i++) {
        Item it = items[i];
        int32_t expired = 0;
        while (expired < nact && act[expired].end < it.start) busy[a->loc[act[expired++].v].index] = false;
        if (expired) {
            memmove(act, act + expired, (size_t)(nact - expired) * sizeof *act);
            nact -= expired;
        }
        int32_t r = -1, pref = mc_call_cons_pref(c, it.v);
        if (pref >= 0 && pref < K && !busy[pref] && !mc_call_cons_forbids(c, it.v, pref)) r = pref;
        for (int32_t q = 0; q < K && r < 0; q++)
            if (!busy[q] && !mc_call_cons_forbids(c, it.v, q)) r = q;
        if (r >= 0) {
            a->loc[it.v] = (McLocation){MC_LOC_REG, r};
            busy[r] = true;
            active_insert(act, &nact, it);
            continue;
        }
        int32_t victim = -1; /* the active interval in an allowed register ending furthest */
        for (int32_t k = nact - 1; k >= 0 && victim < 0; k--)
            if (!mc_call_cons_forbids(c, it.v, a->loc[act[k].v].index)) victim = k;
        if (victim >= 0 && act[victim].end > it.end) {
            Item last = act[victim];
            a->loc[it.v] = a->loc[last.v];
            a->loc[last.v] = (McLocation){MC_LOC_NONE, 0};
            is_spilled[last.v] = true;
            memmove(act + victim, act + victim + 1, (size_t)(nact - victim - 1) * sizeof *act);
            nact--;
            active_insert(act, &nact, it);
        } else {
            is_spilled[it.v] = true;
        }
    }
    for (int32_t i = 0; i < n; i++)
        if (is_spilled[items[i].v]) spilled[nsp++] = items[i];
    free(is_spilled);
    free(busy);
    free(act);
    return nsp;
}

/* Slots for the spilled intervals: the same scan with as many slots as it takes. */
static void scan_slots(McAllocation *a, const Item *sp, int32_t n) {
    Item *act = mc_xmalloc((size_t)(n ? n : 1) * sizeof *act);
    Heap free_slots = {mc_xmalloc((size_t)(n ? n : 1) * sizeof(int32_t)), 0};
    int32_t nact = 0;
    for (int32_t i = 0; i < n; i++) {
        Item it = sp[i];
        int32_t expired = 0;
        while (expired < nact && act[expired].end < it.start) heap_push(&free_slots, a->loc[act[expired++].v].index);
        if (expired) {
            memmove(act, act + expired, (size_t)(nact - expired) * sizeof *act);
            nact -= expired;
        }
        int32_t s = free_slots.n ? heap_pop(&free_slots) : a->slots++;
        a->loc[it.v] = (McLocation){MC_LOC_SLOT, s};
        active_insert(act, &nact, it);
        a->nspilled++;
    }
    free(act);
    free(free_slots.v);
}

McAllocation *mc_allocate_linear(const McFunc *ssa, int regs, int64_t limit, int form, const McAllocOptions *o,
                                 McDiags *d) {
    McDestroyed *x = mc_destroy_phis(ssa, MC_ALLOC_IMPROVED, d);
    if (!x) return NULL;
    if (o && o->two_address == MC_TWOADDR_COPIES) mc_alloc_two_address_rewrite(x, o->trace); /* twoaddr.c */
    McAllocation *a = mc_alloc_new(x, MC_ALLOC_LINEAR, regs);
    a->cons = mc_call_cons(a->f, o, regs); /* calls=interfere */
    a->graph = mc_alloc_graph(x->f, limit, form, o->interrupt, d);
    if (!a->graph) {
        mc_allocation_free(a);
        return NULL;
    }
    const McFunc *f = x->f;
    const McIGraph *g = a->graph;
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t v = f->params[p];
        a->param_bound[p] = g->node[v] && g->entry_live[v] && f->values[v].kind == MC_VAL_I32;
    }
    McLiveness *lv = mc_liveness_all(f, NULL);
    McIntervals *iv = mc_intervals(f, lv);
    mc_liveness_free(lv);
    int32_t n = 0;
    Item *items = mc_xmalloc((size_t)(g->nnodes ? g->nnodes : 1) * sizeof *items);
    for (int32_t v = 0; v < f->nvalues; v++) {
        if (!g->node[v]) continue;
        /* every node is defined, used or live somewhere, so it has an interval */
        MC_ASSERT(iv->start[v] <= iv->end[v]);
        items[n++] = (Item){iv->start[v], iv->end[v], v};
    }
    mc_intervals_free(iv);
    qsort(items, (size_t)n, sizeof *items, by_start);
    a->order = mc_xmalloc((size_t)(n ? n : 1) * sizeof *a->order);
    for (int32_t i = 0; i < n; i++) a->order[a->norder++] = items[i].v;
    Item *spilled = mc_xmalloc((size_t)(n ? n : 1) * sizeof *spilled);
    int32_t nsp = a->cons ? scan_registers_cons(a, items, n, spilled) : scan_registers(a, items, n, spilled);
    scan_slots(a, spilled, nsp);
    free(spilled);
    free(items);
    mc_alloc_drop_copies(a);
    return a;
}
