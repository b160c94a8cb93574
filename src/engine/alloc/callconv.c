/* callconv.c - calling conventions on the abstract machine (docs/ir.md
 * §3.3) and what one makes an allocated function do around its calls.
 *
 * A convention splits r0..r(K-1) into caller-saved registers (clobbered by
 * every call) and callee-saved ones (preserved by every callee), and names
 * the registers carrying the arguments and the result. Every allocator
 * (baseline, improved, linear, ssa) colours a function with calls as it
 * colours one without, its liveness seeing a call's arguments as uses; then
 * mc_alloc_calls, the one step all four share, makes the allocation respect
 * the convention:
 *   - around each call, every value live across it that sits in a
 *     caller-saved register is saved to a save slot before the call and
 *     restored after it (caller saves);
 *   - every callee-saved register the function writes is saved in its
 *     prologue and restored before it returns (callee saves), when the
 *     function is entered by a call.
 * Values live across a call in a callee-saved register or a spill slot
 * need nothing. So the convention decides the traffic a class compares with
 * `sweep --vary convention`: all caller-saved pays at every call, all
 * callee-saved once per entered function, split somewhere between.
 * The save slots are a separate area of the frame (McAllocation.save_slots),
 * not the allocator's spill slots: a function without calls keeps its
 * `slots=` and everything else exactly. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

#include "alloc_common.h"
#include "regalloc_int.h"
#include "regalloc_test.h"

static const char *const conv_names[MC_CONV_ALL] = {"split", "caller-saved", "callee-saved", "x86-64", "rv64"};

const char *mc_convention_name(McConvention c) {
    return c >= 0 && c < MC_CONV_ALL ? conv_names[c] : "?";
}

int mc_convention_lookup(const char *name) {
    for (int i = 0; i < MC_CONV_COUNT; i++)
        if (strcmp(conv_names[i], name) == 0) return i;
    return -1;
}

const char *mc_convention_names(void) { return "split, caller-saved, callee-saved"; }

/* split: the lower half, rounded up, is caller-saved. */
static int32_t split_half(int32_t K) { return (K + 1) / 2; }

bool mc_conv_caller_saved(McConvention c, int32_t K, int32_t r) {
    switch (c) {
    case MC_CONV_CALLER: return true;
    case MC_CONV_CALLEE: return false;
    case MC_CONV_X64: return r < 5;   /* asm.c's x86-64 register order */
    case MC_CONV_RV64: return r < 13; /* asm.c's rv64 register order */
    default: return r < split_half(K);
    }
}

int32_t mc_conv_arg_reg(McConvention c, int32_t K, int32_t i) {
    switch (c) {
    case MC_CONV_CALLER: return i < K ? i : -1;
    case MC_CONV_CALLEE:
    case MC_CONV_X64:
    case MC_CONV_RV64: return -1; /* the targets' ABI registers are not in the allocated file */
    default: return i < split_half(K) ? i : -1;
    }
}

int32_t mc_conv_result_reg(McConvention c, int32_t K) {
    return c == MC_CONV_CALLEE || c == MC_CONV_X64 || c == MC_CONV_RV64 || K < 1 ? -1 : 0;
}

static size_t put_regs(char *buf, size_t size, size_t at, McConvention c, int32_t K, const char *const *names,
                       bool caller) {
    bool any = false;
    for (int32_t r = 0; r < K; r++) {
        if (mc_conv_caller_saved(c, K, r) != caller) continue;
        int w = names ? snprintf(buf + at, at < size ? size - at : 0, " %s", names[r])
                      : snprintf(buf + at, at < size ? size - at : 0, " r%d", (int)r);
        if (w > 0) at += (size_t)w;
        any = true;
    }
    if (!any) {
        int w = snprintf(buf + at, at < size ? size - at : 0, " none");
        if (w > 0) at += (size_t)w;
    }
    return at;
}

const char *mc_convention_describe(McConvention c, int32_t K, char *buf, size_t size) {
    return mc_convention_describe_named(c, K, NULL, buf, size);
}

const char *mc_convention_describe_named(McConvention c, int32_t K, const char *const *names, char *buf,
                                         size_t size) {
    size_t at = 0;
    int w = snprintf(buf, size, "%s with K=%d: caller-saved", mc_convention_name(c), (int)K);
    if (w > 0) at = (size_t)w;
    at = put_regs(buf, size, at, c, K, names, true);
    int32_t nargs = 0;
    while (nargs < K && mc_conv_arg_reg(c, K, nargs) >= 0) nargs++;
    int32_t res = mc_conv_result_reg(c, K);
    if (nargs > 0)
        w = snprintf(buf + at, at < size ? size - at : 0, " (arguments r0..r%d, result r%d), callee-saved",
                     (int)nargs - 1, (int)res);
    else
        w = snprintf(buf + at, at < size ? size - at : 0, ", callee-saved");
    if (w > 0) at += (size_t)w;
    at = put_regs(buf, size, at, c, K, names, false);
    if (c == MC_CONV_X64 || c == MC_CONV_RV64)
        snprintf(buf + at, at < size ? size - at : 0,
                 "; arguments and result in the target's ABI registers, outside the allocated ones");
    else if (nargs == 0)
        snprintf(buf + at, at < size ? size - at : 0, "; arguments in incoming slots, result in the result slot");
    else
        snprintf(buf + at, at < size ? size - at : 0, "; further arguments in incoming slots");
    return buf;
}

/* ---- the allocation's side of the convention ---------------------------------- */

static McTraceEvent call_ev(int kind, int32_t v, int32_t slot, int32_t reg, int32_t b, int32_t i) {
    McTraceEvent e = tr_ev(kind, v, slot, reg);
    e.n1 = b;
    e.n2 = i;
    return e;
}

/* The scalars live after the call at (b, i), its result excluded, ascending. */
static void collect_across(McCallSave *cs, const McFunc *f, const bool *live, int32_t dest) {
    int32_t n = 0;
    for (int32_t v = 0; v < f->nvalues; v++) n += live[v] && v != dest && f->values[v].kind != MC_VAL_BUF;
    cs->across = mc_xmalloc((size_t)(n ? n : 1) * sizeof *cs->across);
    for (int32_t v = 0; v < f->nvalues; v++)
        if (live[v] && v != dest && f->values[v].kind != MC_VAL_BUF) cs->across[cs->nacross++] = v;
}

/* The caller saves of call cs: its values in caller-saved registers. */
static void save_call(McAllocation *a, McCallSave *cs, const McAllocOptions *o) {
    bool planted = o && ((o->knobs && o->knobs->no_caller_saves) || o->saves == MC_SAVES_NO_CALLER);
    McAllocTrace *tr = o ? o->trace : NULL;
    cs->value = mc_xmalloc((size_t)(cs->nacross ? cs->nacross : 1) * sizeof *cs->value);
    cs->slot = mc_xmalloc((size_t)(cs->nacross ? cs->nacross : 1) * sizeof *cs->slot);
    for (int32_t k = 0; k < cs->nacross; k++) {
        int32_t v = cs->across[k];
        McLocation l = a->loc[v];
        bool clobbered = l.kind == MC_LOC_REG && mc_conv_caller_saved(a->convention, a->registers, l.index);
        if (!clobbered) {
            if (tr)
                tr_add(tr, call_ev(MC_TR_CALL_SAFE, v, l.kind == MC_LOC_SLOT ? l.index : -1,
                                   l.kind == MC_LOC_REG ? l.index : -1, cs->block, cs->inst));
            continue;
        }
        McTraceEvent e = call_ev(MC_TR_CALL_SAVE, v, planted ? -1 : cs->n, l.index, cs->block, cs->inst);
        e.flag = planted;
        if (tr) tr_add(tr, e);
        if (planted) continue;
        cs->value[cs->n] = v;
        cs->slot[cs->n] = cs->n;
        cs->n++;
    }
}

/* The calls of f and the scalars live across each (a backward scan per block). */
static void find_calls(McAllocation *a) {
    const McFunc *f = a->f;
    int32_t ncalls = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) ncalls += f->blocks[b].insts[i].op == MC_OP_CALL;
    if (ncalls == 0) return;
    a->callsaves = mc_xcalloc((size_t)ncalls, sizeof *a->callsaves);
    a->ncallsaves = ncalls;
    McLiveness *lv = mc_liveness_all(f, NULL);
    bool *live = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *live);
    int32_t at = ncalls; /* blocks and instructions backwards fill the table from its end */
    for (int32_t b = f->nblocks - 1; b >= 0; b--) {
        const McBlock *bl = &f->blocks[b];
        memset(live, 0, (size_t)f->nvalues * sizeof *live);
        McValList out = mc_live_out(lv, b);
        for (int32_t k = 0; k < out.n; k++) live[out.v[k]] = true;
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) live[bl->term.arg.v] = true;
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            const McInst *in = &bl->insts[i];
            if (in->op == MC_OP_CALL) {
                McCallSave *cs = &a->callsaves[--at];
                cs->block = b;
                cs->inst = i;
                collect_across(cs, f, live, in->dest);
            }
            if (in->dest != MC_NONE) live[in->dest] = false;
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) live[ops[k].v] = true;
        }
    }
    free(live);
    mc_liveness_free(lv);
}

/* The convention's renaming (a function of a program with calls): registers
 * are interchangeable within a function (arguments and results move
 * through the convention's registers explicitly), so a permutation of
 * them is as valid as the allocator's colouring. Registers whose values
 * are live across more than one call (static count) go to callee-saved
 * registers (one prologue save instead of a save at each call), the
 * others to caller-saved ones (no save unless live across a call); a
 * register already of its class keeps its number. */
static void rename_registers(McAllocation *a, McAllocTrace *tr) {
    int32_t K = a->registers;
    int32_t *across = mc_xcalloc((size_t)K, sizeof *across), *to = mc_xmalloc((size_t)K * sizeof *to);
    bool *used = mc_xcalloc((size_t)K, sizeof *used), *taken = mc_xcalloc((size_t)K, sizeof *taken);
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (a->loc[v].kind == MC_LOC_REG) used[a->loc[v].index] = true;
    for (int32_t c = 0; c < a->ncallsaves; c++)
        for (int32_t k = 0; k < a->callsaves[c].nacross; k++) {
            McLocation l = a->loc[a->callsaves[c].across[k]];
            if (l.kind == MC_LOC_REG) across[l.index]++;
        }
    for (int32_t r = 0; r < K; r++) to[r] = -1;
    /* by descending calls across, ties by number: wanting callee-saved first */
    int32_t *order = mc_xmalloc((size_t)K * sizeof *order);
    for (int32_t r = 0; r < K; r++) order[r] = r;
    for (int32_t i = 1; i < K; i++)
        for (int32_t j = i; j > 0 && across[order[j]] > across[order[j - 1]]; j--) {
            int32_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    /* pass 0: keep a register of its class; 1: a free one of its class; 2: any free one */
    for (int pass = 0; pass < 3; pass++)
        for (int32_t i = 0; i < K; i++) {
            int32_t r = order[i];
            if (!used[r] || to[r] >= 0) continue;
            bool callee = across[r] > 1;
            if (pass == 0 && !taken[r] && mc_conv_caller_saved(a->convention, K, r) != callee) to[r] = r;
            for (int32_t q = 0; pass > 0 && to[r] < 0 && q < K; q++)
                if (!taken[q] && (pass == 2 || mc_conv_caller_saved(a->convention, K, q) != callee)) to[r] = q;
            if (to[r] >= 0) taken[to[r]] = true;
        }
    for (int32_t r = 0; r < K; r++)
        if (used[r] && to[r] != r && tr) {
            McTraceEvent e = tr_ev(MC_TR_RENAME, -1, to[r], r);
            e.n1 = across[r];
            e.flag = !mc_conv_caller_saved(a->convention, K, to[r]);
            tr_add(tr, e);
        }
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (a->loc[v].kind == MC_LOC_REG) a->loc[v].index = to[a->loc[v].index];
    free(order);
    free(across);
    free(to);
    free(used);
    free(taken);
}

void mc_alloc_calls(McAllocation *a, const McAllocOptions *o) {
    const McFunc *f = a->f;
    a->convention = o ? o->convention : MC_CONV_SPLIT;
    find_calls(a);
    /* a function with calls always; a leaf when the pipeline says it is called */
    if ((a->ncallsaves > 0 || (o && o->program)) && a->registers > 0) rename_registers(a, o ? o->trace : NULL);
    int32_t maxn = 0;
    for (int32_t c = 0; c < a->ncallsaves; c++) {
        save_call(a, &a->callsaves[c], o);
        if (a->callsaves[c].n > maxn) maxn = a->callsaves[c].n;
    }
    /* callee saves: every callee-saved register that holds a value */
    bool planted = o && ((o->knobs && o->knobs->no_callee_saves) || o->saves == MC_SAVES_NO_CALLEE);
    bool *used = mc_xcalloc((size_t)a->registers, sizeof *used);
    for (int32_t v = 0; v < f->nvalues; v++)
        if (a->loc[v].kind == MC_LOC_REG && a->loc[v].index < a->registers) used[a->loc[v].index] = true;
    a->callee_saves = mc_xmalloc((size_t)a->registers * sizeof *a->callee_saves);
    for (int32_t r = 0; r < a->registers; r++) {
        if (!used[r] || mc_conv_caller_saved(a->convention, a->registers, r)) continue;
        if (o && o->trace && a->ncallsaves > 0) {
            McTraceEvent e = tr_ev(MC_TR_CALLEE_SAVE, -1, planted ? -1 : maxn + a->ncallee_saves, r);
            e.flag = planted;
            tr_add(o->trace, e);
        }
        if (!planted) a->callee_saves[a->ncallee_saves++] = r;
    }
    free(used);
    a->save_slots = maxn + a->ncallee_saves;
}

void mc_alloc_calls_free(McAllocation *a) {
    for (int32_t c = 0; c < a->ncallsaves; c++) {
        free(a->callsaves[c].value);
        free(a->callsaves[c].slot);
        free(a->callsaves[c].across);
    }
    free(a->callsaves);
    free(a->callee_saves);
}

void mc_alloc_calls_why(const McAllocation *a, int32_t v, FILE *out) {
    const McFunc *f = a->f;
    for (int32_t c = 0; c < a->ncallsaves; c++) {
        const McCallSave *cs = &a->callsaves[c];
        bool across = false;
        for (int32_t k = 0; k < cs->nacross && !across; k++) across = cs->across[k] == v;
        if (!across) continue;
        const McInst *in = &f->blocks[cs->block].insts[cs->inst];
        const McCall *call = mc_inst_call(f, in);
        McLoc at = mc_loc(f, in->loc);
        McLocation l = a->loc[v];
        char lb[32];
        fprintf(out, "  %s is live across the call to %s at %d:%d: ", f->values[v].name, call ? call->name : "?",
                (int)at.line, (int)at.col);
        bool saved = false;
        for (int32_t k = 0; k < cs->n; k++) saved |= cs->value[k] == v;
        if (l.kind == MC_LOC_REG && mc_conv_caller_saved(a->convention, a->registers, l.index))
            fprintf(out, "in caller-saved %s, which the call clobbers under %s: %s\n",
                    mc_alloc_location_str(a, l, lb, sizeof lb), mc_convention_name(a->convention),
                    saved ? "saved before it, restored after" : "NOT saved");
        else if (l.kind == MC_LOC_REG)
            fprintf(out, "in callee-saved %s under %s: kept (the callee preserves it)\n",
                    mc_alloc_location_str(a, l, lb, sizeof lb), mc_convention_name(a->convention));
        else
            fprintf(out, "in %s: kept (a call clobbers no slot)\n", mc_alloc_location_str(a, l, lb, sizeof lb));
    }
}

/* The call lines of mc_allocation_print: nothing for a function without calls. */
void mc_alloc_calls_print(const McAllocation *a, FILE *out) {
    if (a->ncallsaves == 0) return;
    char buf[256];
    fprintf(out, "# convention %s\n",
            mc_convention_describe_named(a->convention, a->registers, a->reg_name, buf, sizeof buf));
    for (int32_t c = 0; c < a->ncallsaves; c++) {
        const McCallSave *cs = &a->callsaves[c];
        const McInst *in = &a->f->blocks[cs->block].insts[cs->inst];
        const McCall *call = mc_inst_call(a->f, in);
        fprintf(out, "# call %s at %d:%d in %s:", call ? call->name : "?", (int)mc_loc(a->f, in->loc).line, (int)mc_loc(a->f, in->loc).col,
                a->f->blocks[cs->block].name);
        if (cs->n == 0) fprintf(out, " no caller saves");
        for (int32_t k = 0; k < cs->n; k++) {
            char lb[32];
            fprintf(out, " save %s (%s) in save%d;", a->f->values[cs->value[k]].name,
                    mc_alloc_location_str(a, a->loc[cs->value[k]], lb, sizeof lb), (int)cs->slot[k]);
        }
        fputc('\n', out);
    }
    if (a->ncallee_saves > 0) {
        fprintf(out, "# prologue saves callee-saved");
        for (int32_t k = 0; k < a->ncallee_saves; k++) {
            char rb[32];
            fprintf(out, " %s", mc_alloc_reg_str(a, a->callee_saves[k], rb, sizeof rb));
        }
        fputc('\n', out);
    }
}
