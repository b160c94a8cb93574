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

bool *mc_asm_fusable_blocks(const McAllocation *a, const int32_t *uses) {
    const McFunc *f = a->f;
    bool *fuse = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *fuse);
    McLiveness *live = mc_liveness_out(f, NULL);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        if (!bl->has_term || bl->term.op != MC_OP_BRANCH || bl->ninsts == 0) continue;
        const McInst *in = &bl->insts[bl->ninsts - 1];
        if (!(mc_op_info[in->op].flags & MC_OPF_CMP) || in->dest < 0) continue;
        if (bl->term.arg.kind != MC_OPND_VALUE || bl->term.arg.v != in->dest || uses[in->dest] != 1) continue;
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

int64_t mc_asm_max_depth(const McAsmOptions *o) { return o->max_depth > 0 ? o->max_depth : MC_DEFAULT_MAX_DEPTH; }
