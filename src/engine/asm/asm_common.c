/* asm_common.c - the pieces both emitters share (asm_int.h): the
 * parallel-move sequencer, read counts, fusable compares, ABI positions,
 * call saves, function headers, the arguments' check. */
#include <stdlib.h>
#include <string.h>

#include "asm_int.h"
#include "minicc/cfg.h"
#include "minicc/util.h"

/* ---- parallel moves ----------------------------------------------------------------- */

static bool same_place(McPmLoc a, McPmLoc b) { return a.kind == b.kind && a.reg == b.reg && a.off == b.off; }

/* Whether a pending move other than p[j] still reads the destination of p[j]. */
static bool blocked(const McPmMove *mv, const int *p, int m, int j) {
    for (int k = 0; k < m; k++)
        if (k != j && p[k] >= 0 && same_place(mv[p[k]].src, mv[p[j]].dst)) return true;
    return false;
}

void mc_asm_parallel_move(const McPmTarget *t, McPmMove *mv, int n) {
    /* 1. memory destinations: every register still holds its old value */
    for (int k = 0; k < n; k++)
        if (mv[k].dst.kind == MC_PM_MEM) t->emit(t->ctx, &mv[k]);
    /* 2. register destinations (rv64: only register sources here) */
    int *p = mc_xmalloc((size_t)(n ? n : 1) * sizeof *p);
    int m = 0;
    for (int k = 0; k < n; k++)
        if (mv[k].dst.kind == MC_PM_REG && (t->order == MC_PM_PASSES || mv[k].src.kind == MC_PM_REG)) p[m++] = k;
    McPmLoc park = {MC_PM_REG, true, t->scratch, 0};
    for (;;) {
        int w = 0; /* a move whose source is its destination is nothing */
        for (int j = 0; j < m; j++)
            if (!same_place(mv[p[j]].dst, mv[p[j]].src)) p[w++] = p[j];
        m = w;
        if (m == 0) break;
        bool progress = false;
        if (t->order == MC_PM_PASSES) {
            for (int j = 0; j < m; j++) {
                if (blocked(mv, p, m, j)) continue;
                t->emit(t->ctx, &mv[p[j]]);
                p[j] = -1;
                progress = true;
            }
            w = 0;
            for (int j = 0; j < m; j++)
                if (p[j] >= 0) p[w++] = p[j];
            m = w;
        } else {
            for (int j = 0; j < m && !progress; j++) {
                if (blocked(mv, p, m, j)) continue;
                t->emit(t->ctx, &mv[p[j]]);
                p[j] = p[m - 1];
                m--;
                progress = true;
            }
        }
        if (progress) continue;
        /* only cycles are left: the first pending destination's value moves to the scratch */
        McPmLoc d = mv[p[0]].dst;
        d.wide = true;
        McPmMove save = {park, d};
        t->emit(t->ctx, &save);
        for (int j = 0; j < m; j++)
            if (same_place(mv[p[j]].src, d)) {
                bool wide = mv[p[j]].src.wide;
                mv[p[j]].src = park;
                mv[p[j]].src.wide = wide;
            }
    }
    free(p);
    /* 3. rv64: constants and memory into registers, which read no register */
    if (t->order == MC_PM_REGS_FIRST)
        for (int k = 0; k < n; k++)
            if (mv[k].dst.kind == MC_PM_REG && mv[k].src.kind != MC_PM_REG) t->emit(t->ctx, &mv[k]);
}

/* ---- per-function facts ---------------------------------------------------------------- */

int32_t *mc_asm_count_uses(const McFunc *f) {
    int32_t *n = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *n);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            int k;
            const McOperand *o = mc_inst_opnds(f, &bl->insts[i], &k);
            for (int j = 0; j < k; j++)
                if (o[j].kind == MC_OPND_VALUE && o[j].v >= 0 && o[j].v < f->nvalues) n[o[j].v]++;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && bl->term.arg.kind == MC_OPND_VALUE && bl->term.arg.v >= 0 &&
            bl->term.arg.v < f->nvalues)
            n[bl->term.arg.v]++;
    }
    return n;
}

/* Block b's last instruction, when it is a compare whose only read is b's
 * branch (the candidates of mc_asm_fusable_blocks), else NULL. */
static const McInst *fusion_candidate(const McFunc *f, const int32_t *uses, int32_t b) {
    const McBlock *bl = &f->blocks[b];
    if (!bl->has_term || bl->term.op != MC_OP_BRANCH || bl->ninsts == 0) return NULL;
    const McInst *in = &bl->insts[bl->ninsts - 1];
    if (!(mc_op_info[in->op].flags & MC_OPF_CMP) || in->dest < 0) return NULL;
    if (bl->term.arg.kind != MC_OPND_VALUE || bl->term.arg.v != in->dest || uses[in->dest] != 1) return NULL;
    return in;
}

/* The old answer, from the whole liveness: for a compare in a place no
 * allocator makes (a kind other than register or slot, a negative index). */
static void fusable_by_liveness(const McAllocation *a, const int32_t *uses, bool *fuse) {
    const McFunc *f = a->f;
    McLiveness *live = mc_liveness_out(f, NULL);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McInst *in = fusion_candidate(f, uses, b);
        if (!in) continue;
        McLocation lc = a->loc[in->dest];
        bool dead = true;
        McValList out = mc_live_out(live, b);
        for (int32_t k = 0; k < out.n && dead; k++) {
            McLocation l = a->loc[out.v[k]];
            if (out.v[k] == in->dest || (lc.kind != MC_LOC_NONE && l.kind == lc.kind && l.index == lc.index))
                dead = false;
        }
        fuse[b] = dead;
    }
    mc_liveness_free(live);
}

/* (value, block) pairs, grouped by value afterwards (compressed rows). */
typedef struct VbList {
    int32_t *p; /* flattened (value, block) */
    int32_t n, cap;
    int32_t *start, *block; /* after vb_group: blocks of v at block[start[v] .. start[v+1]) */
} VbList;

static void vb_push(VbList *l, int32_t v, int32_t b) {
    if (l->n + 2 > l->cap) MC_GROW(l->p, l->cap, l->n + 2, 64);
    l->p[l->n++] = v;
    l->p[l->n++] = b;
}

static void vb_group(VbList *l, int32_t nv) {
    l->start = mc_xcalloc((size_t)nv + 1, sizeof *l->start);
    l->block = mc_xmalloc((size_t)(l->n / 2 + 1) * sizeof *l->block);
    for (int32_t i = 0; i < l->n; i += 2) l->start[l->p[i] + 1]++;
    for (int32_t v = 0; v < nv; v++) l->start[v + 1] += l->start[v];
    int32_t *fill = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *fill);
    memcpy(fill, l->start, (size_t)nv * sizeof *fill);
    for (int32_t i = 0; i < l->n; i += 2) l->block[fill[l->p[i]]++] = l->p[i + 1];
    free(fill);
    free(l->p);
    l->p = NULL;
}

static void vb_free(VbList *l) {
    free(l->p);
    free(l->start);
    free(l->block);
}

/* The walks of mc_asm_fusable_blocks. A group is the values in one
 * location (or a compare without one, alone): grp[v], and cgrp[b] the
 * group of block b's candidate compare (-1: none). */
typedef struct FuseWalk {
    const int32_t *pstart, *plist; /* predecessors, from the terminators */
    const int32_t *cgrp;
    bool *fuse;
    int32_t *cov;                 /* == g: a value of group g with no definition is live-in here */
    int32_t *defmark, *inmark, *outmark; /* == v: the block defines v / has it live-in / live-out */
    int32_t *stack, sp;
} FuseWalk;

/* A value of group g is live out of p: p's compare, if in g, does not fuse. */
static inline void live_out_of(FuseWalk *w, int32_t g, int32_t p) {
    if (w->cgrp[p] == g) w->fuse[p] = false;
}

/* The values of group g that no block defines, walked together: each is
 * live-in wherever it is upward exposed and at every block above, so their
 * union is one walk (a block visited once), marking cov. */
static void walk_undefined(FuseWalk *w, const VbList *use, const VbList *phiuse, const int32_t *vals, int32_t n,
                           int32_t g) {
    w->sp = 0;
    for (int32_t i = 0; i < n; i++) {
        int32_t v = vals[i];
        for (int32_t k = use->start[v]; k < use->start[v + 1]; k++) {
            int32_t b = use->block[k];
            if (w->cov[b] != g) w->cov[b] = g, w->stack[w->sp++] = b;
        }
        for (int32_t k = phiuse->start[v]; k < phiuse->start[v + 1]; k++) {
            int32_t p = phiuse->block[k];
            live_out_of(w, g, p);
            if (w->cov[p] != g) w->cov[p] = g, w->stack[w->sp++] = p;
        }
    }
    while (w->sp > 0) {
        int32_t b = w->stack[--w->sp];
        for (int32_t k = w->pstart[b]; k < w->pstart[b + 1]; k++) {
            int32_t p = w->plist[k];
            live_out_of(w, g, p);
            if (w->cov[p] != g) w->cov[p] = g, w->stack[w->sp++] = p;
        }
    }
}

/* v live at the end of p in its own walk; it stops where v is defined, is
 * live-in already, or where an undefined value of its group is live-in
 * (everything above was reached by that value's walk). */
static inline void own_out(FuseWalk *w, int32_t v, int32_t g, int32_t p) {
    if (w->outmark[p] != v) {
        w->outmark[p] = v;
        live_out_of(w, g, p);
    }
    if (w->defmark[p] == v || w->inmark[p] == v) return;
    w->inmark[p] = v;
    if (w->cov[p] != g) w->stack[w->sp++] = p;
}

static void walk_defined(FuseWalk *w, const VbList *use, const VbList *phiuse, const VbList *def, int32_t v,
                         int32_t g) {
    for (int32_t k = def->start[v]; k < def->start[v + 1]; k++) w->defmark[def->block[k]] = v;
    w->sp = 0;
    for (int32_t k = use->start[v]; k < use->start[v + 1]; k++) {
        int32_t b = use->block[k];
        if (w->inmark[b] == v) continue;
        w->inmark[b] = v;
        if (w->cov[b] != g) w->stack[w->sp++] = b;
    }
    for (int32_t k = phiuse->start[v]; k < phiuse->start[v + 1]; k++) own_out(w, v, g, phiuse->block[k]);
    while (w->sp > 0) {
        int32_t b = w->stack[--w->sp];
        for (int32_t k = w->pstart[b]; k < w->pstart[b + 1]; k++) own_out(w, v, g, w->plist[k]);
    }
}

static bool scalar_value(const McFunc *f, McOperand o) {
    return o.kind == MC_OPND_VALUE && o.v >= 0 && o.v < f->nvalues && f->values[o.v].kind == MC_VAL_I32;
}

bool *mc_asm_fusable_blocks(const McAllocation *a, const int32_t *uses) {
    const McFunc *f = a->f;
    int32_t nb = f->nblocks, nv = f->nvalues;
    bool *fuse = mc_xcalloc((size_t)(nb ? nb : 1), sizeof *fuse);
    /* The question (a value live out of the block that is the compare or
     * shares its location) is asked of the values in the candidates'
     * locations alone, as mc_liveness_out's equations restricted to them,
     * walked per location: the values whose definitions the allocator
     * deleted (a copy between two names of one location) are live from
     * their reads up to the entry, so their live-out pairs alone grow as
     * blocks x values; walked together (a block once per location) and
     * stopping the other walks where they are live-in, the cost follows the
     * blocks times the locations. */
    int32_t nreg = 0, nslot = 0, nnone = 0;
    int32_t *cgrp = mc_xmalloc((size_t)(nb ? nb : 1) * sizeof *cgrp);
    for (int32_t b = 0; b < nb; b++) {
        cgrp[b] = -1;
        const McInst *in = fusion_candidate(f, uses, b);
        if (!in) continue;
        fuse[b] = true;
        McLocation l = a->loc[in->dest];
        if (l.kind == MC_LOC_NONE) {
            nnone++;
            continue;
        }
        if ((l.kind != MC_LOC_REG && l.kind != MC_LOC_SLOT) || l.index < 0 || l.index >= INT32_MAX / 4) {
            free(cgrp);
            fusable_by_liveness(a, uses, fuse);
            return fuse;
        }
        int32_t *n = l.kind == MC_LOC_REG ? &nreg : &nslot;
        if (l.index >= *n) *n = l.index + 1;
    }
    if (nreg + nslot + nnone == 0) {
        free(cgrp);
        return fuse;
    }
    /* groups: registers [0, nreg), slots [nreg, nreg + nslot), then one per
     * candidate compare without a location */
    int32_t *grp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *grp);
    for (int32_t v = 0; v < nv; v++) {
        McLocation l = a->loc[v];
        grp[v] = -1;
        if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < nreg) grp[v] = l.index;
        if (l.kind == MC_LOC_SLOT && l.index >= 0 && l.index < nslot) grp[v] = nreg + l.index;
    }
    int32_t ng = nreg + nslot;
    for (int32_t b = 0; b < nb; b++) {
        if (!fuse[b]) continue;
        int32_t c = f->blocks[b].insts[f->blocks[b].ninsts - 1].dest;
        if (a->loc[c].kind == MC_LOC_NONE) grp[c] = ng++;
        cgrp[b] = grp[c];
    }
    for (int32_t v = 0; v < nv; v++)
        if (grp[v] >= 0 && f->values[v].kind != MC_VAL_I32) grp[v] = -1; /* liveness is of scalars */
    /* the local sets of the grouped values, as live.c finds them */
    VbList use = {0}, def = {0}, phiuse = {0};
    int32_t *ustamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *ustamp);
    int32_t *dstamp = mc_xmalloc((size_t)(nv ? nv : 1) * sizeof *dstamp);
    for (int32_t v = 0; v < nv; v++) ustamp[v] = dstamp[v] = -1;
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t q = 0; q < bl->nphis; q++) {
            const McPhi *ph = &bl->phis[q];
            if (ph->dest >= 0 && ph->dest < nv && grp[ph->dest] >= 0 && dstamp[ph->dest] != b) {
                dstamp[ph->dest] = b;
                vb_push(&def, ph->dest, b);
            }
            for (int32_t k = 0; k < ph->nargs; k++) {
                int32_t pred = ph->args[k].block;
                if (pred < 0 || pred >= nb || !scalar_value(f, ph->args[k].val) || grp[ph->args[k].val.v] < 0)
                    continue;
                vb_push(&phiuse, ph->args[k].val.v, pred);
            }
        }
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            const McOperand *ops;
            int nops;
            int32_t d = MC_NONE;
            if (i < bl->ninsts) {
                ops = mc_inst_opnds(f, &bl->insts[i], &nops);
                d = bl->insts[i].dest;
            } else {
                if (!bl->has_term || bl->term.op == MC_OP_JUMP) break;
                ops = &bl->term.arg;
                nops = 1;
            }
            for (int k = 0; k < nops; k++) {
                if (!scalar_value(f, ops[k]) || grp[ops[k].v] < 0) continue;
                int32_t v = ops[k].v;
                if (dstamp[v] == b || ustamp[v] == b) continue;
                ustamp[v] = b;
                vb_push(&use, v, b);
            }
            if (d >= 0 && d < nv && grp[d] >= 0 && dstamp[d] != b) {
                dstamp[d] = b;
                vb_push(&def, d, b);
            }
        }
    }
    free(ustamp);
    free(dstamp);
    vb_group(&use, nv);
    vb_group(&def, nv);
    vb_group(&phiuse, nv);
    /* predecessors from the terminators (a branch with both arms to one block counts once) */
    int32_t *pstart, *plist;
    mc_preds_from_terms(f, &pstart, &plist);
    /* the grouped values by group, those no block defines first */
    int32_t *gstart = mc_xcalloc((size_t)ng + 1, sizeof *gstart);
    for (int32_t v = 0; v < nv; v++)
        if (grp[v] >= 0) gstart[grp[v] + 1]++;
    for (int32_t g = 0; g < ng; g++) gstart[g + 1] += gstart[g];
    int32_t *gvals = mc_xmalloc((size_t)(gstart[ng] ? gstart[ng] : 1) * sizeof *gvals);
    int32_t *gfill = mc_xmalloc((size_t)(ng ? ng : 1) * sizeof *gfill);
    memcpy(gfill, gstart, (size_t)ng * sizeof *gfill);
    for (int pass = 0; pass < 2; pass++)
        for (int32_t v = 0; v < nv; v++)
            if (grp[v] >= 0 && (def.start[v] == def.start[v + 1]) == (pass == 0)) gvals[gfill[grp[v]]++] = v;
    FuseWalk w = {.pstart = pstart, .plist = plist, .cgrp = cgrp, .fuse = fuse};
    size_t nbb = (size_t)(nb ? nb : 1);
    w.cov = mc_xmalloc(nbb * sizeof *w.cov);
    w.defmark = mc_xmalloc(nbb * sizeof *w.defmark);
    w.inmark = mc_xmalloc(nbb * sizeof *w.inmark);
    w.outmark = mc_xmalloc(nbb * sizeof *w.outmark);
    w.stack = mc_xmalloc(nbb * sizeof *w.stack);
    for (int32_t b = 0; b < nb; b++) w.cov[b] = w.defmark[b] = w.inmark[b] = w.outmark[b] = -1;
    for (int32_t g = 0; g < ng; g++) {
        int32_t k = gstart[g];
        while (k < gstart[g + 1] && def.start[gvals[k]] == def.start[gvals[k] + 1]) k++;
        walk_undefined(&w, &use, &phiuse, gvals + gstart[g], k - gstart[g], g);
        for (; k < gstart[g + 1]; k++) walk_defined(&w, &use, &phiuse, &def, gvals[k], g);
    }
    free(w.cov);
    free(w.defmark);
    free(w.inmark);
    free(w.outmark);
    free(w.stack);
    free(gstart);
    free(gvals);
    free(gfill);
    free(pstart);
    free(plist);
    vb_free(&use);
    vb_free(&def);
    vb_free(&phiuse);
    free(grp);
    free(cgrp);
    return fuse;
}

bool *mc_asm_returns_computed(const McFunc *f) {
    bool *in = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *in);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        if (!bl->has_term || bl->term.op != MC_OP_RET || bl->term.arg.kind != MC_OPND_VALUE || bl->ninsts == 0)
            continue;
        const McInst *last = &bl->insts[bl->ninsts - 1];
        bool alu = (mc_op_info[last->op].flags & MC_OPF_ALU) != 0;
        in[b] = last->dest >= 0 && last->dest == bl->term.arg.v &&
                (alu || last->op == MC_OP_LOAD || last->op == MC_OP_CALL);
    }
    return in;
}

int32_t mc_asm_positions(const McFunc *g) {
    int32_t n = 0;
    for (int32_t k = 0; k < g->nparams; k++) n += g->values[g->params[k]].kind == MC_VAL_BUF ? 2 : 1;
    return n;
}

const McCallSave *mc_asm_callsave_at(const McAllocation *a, int32_t *cursor, int32_t b, int32_t i) {
    while (*cursor < a->ncallsaves &&
           (a->callsaves[*cursor].block < b || (a->callsaves[*cursor].block == b && a->callsaves[*cursor].inst < i)))
        (*cursor)++;
    if (*cursor < a->ncallsaves && a->callsaves[*cursor].block == b && a->callsaves[*cursor].inst == i)
        return &a->callsaves[*cursor];
    for (int32_t k = 0; k < a->ncallsaves; k++) /* out of order (not made so by the allocators) */
        if (a->callsaves[k].block == b && a->callsaves[k].inst == i) return &a->callsaves[k];
    return NULL;
}

void mc_asm_function_header(McStr *out, int32_t fn, const McFunc *f, bool comments) {
    mc_str_printf(out, "\n    .globl minicc_f%d\n    .type minicc_f%d, @function\nminicc_f%d:", (int)fn, (int)fn,
                  (int)fn);
    if (comments) {
        McStr sig;
        mc_str_init(&sig);
        mc_signature_str(f, &sig);
        mc_str_printf(out, "                          # %s", sig.s ? sig.s : "");
        mc_str_free(&sig);
    }
    mc_str_putc(out, '\n');
}

bool mc_asm_check_args(const McProgram *p, const McArgs *args, const char *target, McDiags *d) {
    const McFunc *f = p->alloc[0]->f;
    if (args->n != f->nparams) {
        mc_diag(d, (McLoc){0, 0}, "asm %s: %s takes %d argument(s), %d given", target, f->name, (int)f->nparams,
                (int)args->n);
        return false;
    }
    for (int32_t k = 0; k < args->n; k++)
        if (args->v[k].is_buf != (f->values[f->params[k]].kind == MC_VAL_BUF)) {
            mc_diag(d, (McLoc){0, 0}, "asm %s: argument %d of %s does not match its parameter's kind", target,
                    (int)k + 1, f->name);
            return false;
        }
    return true;
}

void mc_asm_magic_s32(uint32_t ad, uint64_t *m, int *p) {
    if (ad < 3) { /* not a divisor the magic sequences take (the predicates may ask of any constant) */
        *m = 0;
        *p = 32;
        return;
    }
    uint64_t nc = 0x7fffffffu - 0x80000000u % ad;
    for (int q = 32; q < 64; q++) {
        uint64_t two = (uint64_t)1 << q;
        if (two > nc * (ad - two % ad)) {
            *m = two / ad + 1;
            *p = q;
            return;
        }
    }
    *m = 0; /* not reached: p <= 63 always succeeds */
    *p = 63;
}

int64_t mc_asm_max_depth(const McAsmOptions *o) { return o->max_depth > 0 ? o->max_depth : MC_DEFAULT_MAX_DEPTH; }

/* ---- instruction patterns ---------------------------------------------------------------- */

int32_t mc_asm_template_cost(const char *tmpl) {
    int32_t n = 0;
    const char *s = tmpl ? tmpl : "";
    while (*s) {
        const char *e = strchr(s, '\n');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        bool note = s[0] == '#' || s[0] == ';';
        bool label = len > 0 && s[len - 1] == ':';
        if (len > 0 && !note && !label) n++;
        s += len;
        if (*s) s++;
    }
    return n;
}

static void fetch_one(const McAsmExpander *x, const char *name, size_t len) {
    char nm[32], buf[128];
    if (len == 0) return;
    if (len >= sizeof nm) mc_panic(__FILE__, __LINE__, "pattern operand name too long");
    memcpy(nm, name, len);
    nm[len] = 0;
    if (!x->operand(x->ctx, nm, buf, sizeof buf)) mc_panic(__FILE__, __LINE__, "unknown pattern operand {%s}", nm);
}

void mc_asm_expand(const McAsmExpander *x, const char *fetch, const char *tmpl) {
    for (const char *s = fetch ? fetch : ""; *s;) {
        size_t len = strcspn(s, " ");
        fetch_one(x, s, len);
        s += len;
        while (*s == ' ') s++;
    }
    McStr line;
    mc_str_init(&line);
    const char *s = tmpl ? tmpl : "";
    while (*s) {
        line.len = 0;
        if (line.s) line.s[0] = 0;
        for (; *s && *s != '\n'; s++) {
            if (*s != '{') {
                size_t run = strcspn(s, "{\n");
                mc_str_putn(&line, s, run);
                s += run - 1;
                continue;
            }
            const char *e = strchr(s, '}');
            if (!e || e - s - 1 >= 32) mc_panic(__FILE__, __LINE__, "bad placeholder in pattern template %s", tmpl);
            char nm[32], buf[128];
            memcpy(nm, s + 1, (size_t)(e - s - 1));
            nm[e - s - 1] = 0;
            if (!x->operand(x->ctx, nm, buf, sizeof buf))
                mc_panic(__FILE__, __LINE__, "unknown placeholder {%s} in pattern template", nm);
            mc_str_puts(&line, buf);
            s = e;
        }
        if (*s == '\n') s++;
        const char *t = line.s ? line.s : "";
        size_t len = line.len;
        if (len == 0) continue;
        if (t[0] == '#') x->line(x->ctx, MC_ASM_LINE_COMMENT, t[1] == ' ' ? t + 2 : t + 1);
        else if (t[0] == ';') x->line(x->ctx, MC_ASM_LINE_NOTE, t + 1);
        else if (t[len - 1] == ':') {
            line.s[len - 1] = 0;
            x->line(x->ctx, MC_ASM_LINE_LABEL, t);
        } else
            x->line(x->ctx, MC_ASM_LINE_INST, t);
    }
    mc_str_free(&line);
}

int32_t mc_asm_select(McTarget t, const McAsmMatch *m, const McAsmForm **form) {
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(t, &n);
    for (int32_t i = 0; i < n; i++) {
        const McAsmPattern *r = &p[i];
        if (r->what != m->what || !r->applies) continue;
        bool op = r->ops[0] < 0;
        for (const int *o = r->ops; *o >= 0 && !op; o++) op = *o == m->op;
        if (!op) continue;
        int v = r->applies(m);
        if (v < 0) continue;
        for (int32_t k = 0; k < r->nform; k++)
            if ((r->form[k].op < 0 || r->form[k].op == m->op) && r->form[k].variant == v) {
                *form = &r->form[k];
                return i;
            }
        mc_panic(__FILE__, __LINE__, "pattern %s has no form for %s case %d", r->name,
                 m->op >= 0 && m->op < MC_OP_COUNT ? mc_op_info[m->op].name : "-", v);
    }
    *form = NULL;
    return -1;
}
