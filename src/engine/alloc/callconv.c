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
 * `slots=` and everything else exactly.
 *
 * That is calls=save, the default. Under calls=interfere the allocators see
 * the convention themselves: mc_call_cons (at the end of this file) gives
 * each value of a function with calls (or of a program with calls) the
 * registers forbidden to it (every caller-saved one when it is live across
 * a call: it interferes with them) and a preferred register (the argument
 * register a parameter arrives in or an argument goes to, the result
 * register of a call's result or a returned value); every allocator honours
 * them and mc_allocation_check checks them. mc_alloc_calls then renames
 * nothing and finds no caller save to make (the values live across each
 * call are read from the function the allocator coloured, before redundant
 * copies were deleted); callee saves are made as always. */
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
    case MC_CONV_X64: return r < 8;   /* asm.c's x86-64 register order: rsi rdi r8 r9 r10 rax rcx rdx */
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
    if (c == MC_CONV_X64)
        snprintf(buf + at, at < size ? size - at : 0,
                 "; arguments and result in the ABI's registers (rdi rsi rdx rcx r8 r9, rax), moved at each call and return");
    else if (c == MC_CONV_RV64)
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
            if (tr) {
                McTraceEvent e = call_ev(MC_TR_CALL_SAFE, v, l.kind == MC_LOC_SLOT ? l.index : -1,
                                         l.kind == MC_LOC_REG ? l.index : -1, cs->block, cs->inst);
                e.flag = a->cons && a->cons->interfere; /* calls=interfere: kept out of the clobbered registers */
                tr_add(tr, e);
            }
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

/* The values live just after each site of f (an instruction is_site
 * accepts; the site's result excluded by the visitors), by a backward scan
 * of every block from its live-out set: visit(ctx, at, site, live) for the
 * sites from the last to the first, at counting down from nsites (the
 * site's index in block and instruction order). Returns what is left of
 * at: 0 when f has nsites sites. */
static int32_t each_site_live(const McFunc *f, int32_t nsites, bool (*is_site)(const McInst *in),
                              void (*visit)(void *ctx, int32_t at, const McInst *site, const bool *live), void *ctx) {
    McLiveness *lv = mc_liveness_all(f, NULL);
    bool *live = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *live);
    int32_t at = nsites;
    for (int32_t b = f->nblocks - 1; b >= 0; b--) {
        const McBlock *bl = &f->blocks[b];
        memset(live, 0, (size_t)f->nvalues * sizeof *live);
        McValList out = mc_live_out(lv, b);
        for (int32_t k = 0; k < out.n; k++) live[out.v[k]] = true;
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) live[bl->term.arg.v] = true;
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            const McInst *in = &bl->insts[i];
            if (is_site(in)) {
                if (at == 0) mc_panic(__FILE__, __LINE__, "the function has more sites than its table");
                visit(ctx, --at, in, live);
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
    return at;
}

static bool call_site(const McInst *in) { return in->op == MC_OP_CALL; }

/* The calls of f and the values live just after each (each_site_live). */
static int32_t each_call_live(const McFunc *f, int32_t ncalls,
                              void (*visit)(void *ctx, int32_t at, const McInst *call, const bool *live), void *ctx) {
    return each_site_live(f, ncalls, call_site, visit, ctx);
}

static void collect_visit(void *ctx, int32_t at, const McInst *call, const bool *live) {
    McAllocation *a = ctx;
    const McFunc *lf = a->cons && a->cons->interfere && a->destroyed && a->destroyed->f ? a->destroyed->f : a->f;
    collect_across(&a->callsaves[at], lf, live, call->dest);
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
    for (int32_t b = 0, c = 0; b < f->nblocks; b++) /* the calls' places in f */
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
            if (f->blocks[b].insts[i].op == MC_OP_CALL) {
                a->callsaves[c].block = b;
                a->callsaves[c++].inst = i;
            }
    /* calls=interfere: the values live across each call as the allocator saw
     * them, in the destroyed function before the copies made redundant were
     * deleted (the same calls in the same order, the same value handles).
     * Without a copy's definition its destination would look live from the
     * entry down to it, across calls it is not live across, and get saves it
     * does not need. calls=save keeps f, as before. */
    const McFunc *lf = a->cons && a->cons->interfere && a->destroyed && a->destroyed->f ? a->destroyed->f : f;
    if (each_call_live(lf, ncalls, collect_visit, a) != 0)
        mc_panic(__FILE__, __LINE__, "the destroyed function has fewer calls than the allocated one");
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
    /* x86-64: the fixed registers (rax rcx rdx) keep their values and take
     * no other: the constraints the colouring met stay met */
    uint64_t pinned = a->cons && a->cons->fixed ? mc_fixed_kind_regs(MC_FX_DIV_ACROSS) | mc_fixed_kind_regs(MC_FX_SHIFT_ACROSS) : 0;
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
    for (int32_t r = 0; r < K && r < 64; r++)
        if ((pinned >> r) & 1) {
            if (used[r]) to[r] = r;
            taken[r] = true;
        }
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
    /* calls=interfere: the colouring already respects the convention (and the
     * preferred registers are the convention's): nothing to rename */
    if ((a->ncallsaves > 0 || (o && o->program)) && a->registers > 0 && !(a->cons && a->cons->interfere))
        rename_registers(a, o ? o->trace : NULL);
    if (a->cons && o && o->trace)
        for (int32_t v = 0; v < a->cons->n && v < f->nvalues; v++) {
            if (a->cons->pref[v] < 0 || !a->graph->node[v]) continue;
            McTraceEvent e = tr_ev(MC_TR_PREFER_GOT, v, a->loc[v].index, a->cons->pref[v]);
            e.n1 = a->loc[v].kind;
            tr_add(o->trace, e);
        }
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
    const McCallCons *cc = a->cons;
    if (cc && v >= 0 && v < cc->n && cc->across[v] >= 0) {
        char why[160];
        mc_call_cons_forbid_str(cc, v, why, sizeof why);
        for (int32_t r = 0; r < a->registers; r++)
            if (mc_conv_caller_saved(cc->conv, a->registers, r)) {
                char rb[32];
                mc_alloc_reg_str(a, r, rb, sizeof rb);
                fprintf(out, "  %s interferes with %s: %s (%s is caller-saved under %s)\n", f->values[v].name, rb, why,
                        rb, mc_convention_name(cc->conv));
            }
    }
    for (int kind = 0; cc && cc->fixed && v >= 0 && v < cc->n && kind < MC_FX_KINDS; kind++) {
        if (cc->fx_site[kind][v] < 0) continue;
        char why[160], regs[64];
        fprintf(out, "  %s interferes with %s: %s\n", f->values[v].name,
                mc_call_cons_mask_str(a, mc_fixed_kind_regs(kind), regs, sizeof regs),
                mc_call_cons_fixed_str(cc, v, kind, why, sizeof why));
    }
    if (cc && v >= 0 && v < cc->n && cc->pref[v] >= 0) {
        char why[160], lb[32];
        McLocation l = a->loc[v];
        bool got = l.kind == MC_LOC_REG && l.index == cc->pref[v];
        char pb[32];
        fprintf(out, "  %s prefers %s: %s (%s); %s%s\n", f->values[v].name,
                mc_alloc_reg_str(a, cc->pref[v], pb, sizeof pb),
                mc_call_cons_pref_str(cc, v, why, sizeof why),
                cc->interfere ? "calls=interfere"
                : cc->pref_kind[v] == MC_PREF_ARG || cc->pref_kind[v] == MC_PREF_RESULT || cc->pref_kind[v] == MC_PREF_RETURN
                    ? "x86-64's ABI registers"
                    : "x86-64's fixed registers",
                got ? "it got it" : "it is in ", got ? "" : mc_alloc_location_str(a, l, lb, sizeof lb));
    }
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

/* ---- calls=interfere: the constraints every allocator honours ---------------------- */

static void set_pref(McCallCons *c, int32_t v, int32_t r, McPrefKind kind, int32_t index, int32_t call) {
    if (v < 0 || v >= c->n || r < 0 || c->pref[v] >= 0) return; /* the first reason wins */
    c->pref[v] = r;
    c->pref_kind[v] = (uint8_t)kind;
    c->pref_index[v] = index;
    c->pref_call[v] = call;
}

typedef struct ConsVisit {
    McCallCons *c;
    const McFunc *f;
} ConsVisit;

/* calls=interfere: a value live across a call interferes with the registers
 * it clobbers; backwards, so the first call a value crosses is the reason. */
static void cons_visit(void *ctx, int32_t at, const McInst *call, const bool *live) {
    const ConsVisit *cv = ctx;
    for (int32_t v = 0; v < cv->f->nvalues; v++)
        if (live[v] && v != call->dest && cv->f->values[v].kind != MC_VAL_BUF) cv->c->across[v] = at;
}

uint64_t mc_fixed_kind_regs(int kind) {
    switch (kind) {
    case MC_FX_DIV_ACROSS:
    case MC_FX_DIVISOR: return ((uint64_t)1 << MC_X64_RAX) | ((uint64_t)1 << MC_X64_RDX);
    case MC_FX_SHIFT_ACROSS:
    case MC_FX_SHIFTED:
    case MC_FX_SHIFT_DEST: return (uint64_t)1 << MC_X64_RCX;
    default: return 0;
    }
}

/* x86-64: the instructions whose tiles use fixed registers: div and rem by
 * a value (idiv), shl and shr by a value (the count in cl). */
static bool fixed_site(const McInst *in) {
    switch (in->op) {
    case MC_OP_DIV: case MC_OP_REM: case MC_OP_SHL: case MC_OP_SHR: return mc_opnd_is_val(in->a[1]);
    default: return false;
    }
}

static void forbid_fixed(McCallCons *c, const McFunc *f, int32_t v, int kind, int32_t site) {
    if (v < 0 || v >= c->n || f->values[v].kind == MC_VAL_BUF) return;
    c->fixed[v] |= mc_fixed_kind_regs(kind);
    c->fx_site[kind][v] = site; /* a backward scan: the first site in order is written last */
}

typedef struct FixedVisit {
    McCallCons *c;
    const McFunc *f;
} FixedVisit;

/* At a fixed-register site, the values live after it (its result
 * excluded) are live across it. */
static void fixed_visit(void *ctx, int32_t site, const McInst *in, const bool *live) {
    const FixedVisit *fv = ctx;
    McCallCons *c = fv->c;
    const McFunc *f = fv->f;
    bool div = in->op == MC_OP_DIV || in->op == MC_OP_REM;
    /* the count of a shift may stay in rcx: ecx gets its value */
    for (int32_t v = 0; v < f->nvalues; v++)
        if (live[v] && v != in->dest && (div || v != in->a[1].v))
            forbid_fixed(c, f, v, div ? MC_FX_DIV_ACROSS : MC_FX_SHIFT_ACROSS, site);
    if (div) {
        forbid_fixed(c, f, in->a[1].v, MC_FX_DIVISOR, site);
    } else {
        if (mc_opnd_is_val(in->a[0])) forbid_fixed(c, f, in->a[0].v, MC_FX_SHIFTED, site);
        forbid_fixed(c, f, in->dest, MC_FX_SHIFT_DEST, site);
    }
}

/* The fixed-register constraints of every site of f (each_site_live). */
static void fixed_cons(McCallCons *c, const McFunc *f) {
    FixedVisit fv = {c, f};
    each_site_live(f, c->nsites, fixed_site, fixed_visit, &fv);
}

/* x86-64's argument registers rdi rsi rdx rcx r8 r9 in the allocated
 * numbering (asm.c's table: rsi rdi r8 r9 r10 rax rcx rdx ...). */
const int32_t mc_x64_arg_reg[6] = {1, 0, 7, 6, 2, 3};

/* x86-64: a value read only as a scalar argument of one call, at one of
 * the six register positions, prefers that argument register (whatever
 * calls= says): computed there, it needs no move at the call. Positions
 * count as the ABI does (a buffer takes two). */
static void abi_arg_prefs(McCallCons *c, const McFunc *f) {
    int32_t *uses = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *uses);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            int nops;
            const McOperand *ops = mc_inst_opnds(f, &bl->insts[i], &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) uses[ops[k].v]++;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) uses[bl->term.arg.v]++;
    }
    for (int32_t b = 0, at = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op != MC_OP_CALL) continue;
            const McCall *call = mc_inst_call(f, in);
            for (int32_t k = 0, pos = 0; call && k < call->nargs && pos < 6; k++) {
                McOperand a = call->args[k];
                if (mc_opnd_is_val(a) && f->values[a.v].kind == MC_VAL_BUF) {
                    pos += 2;
                    continue;
                }
                if (mc_opnd_is_val(a) && uses[a.v] == 1 && mc_x64_arg_reg[pos] < c->K)
                    set_pref(c, a.v, mc_x64_arg_reg[pos], MC_PREF_ARG, pos, at);
                pos++;
            }
            at++;
        }
    free(uses);
}

McCallCons *mc_call_cons(const McFunc *f, const McAllocOptions *o, int32_t K) {
    bool x64 = o && o->convention == MC_CONV_X64 && K > MC_X64_RDX;
    bool interfere = o && o->calls == MC_CALLS_INTERFERE && K >= 1;
    if (!interfere && !x64) return NULL;
    int32_t ncalls = 0, nsites = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            ncalls += f->blocks[b].insts[i].op == MC_OP_CALL;
            nsites += x64 && fixed_site(&f->blocks[b].insts[i]);
        }
    if (ncalls == 0 && !o->program) interfere = false;
    if (!interfere && !x64) return NULL;
    McCallCons *c = mc_xcalloc(1, sizeof *c);
    int32_t n = f->nvalues;
    c->n = n;
    c->K = K;
    c->conv = o->convention;
    c->interfere = interfere;
    c->across = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->across);
    c->pref = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->pref);
    c->pref_kind = mc_xcalloc((size_t)(n ? n : 1), 1);
    c->pref_index = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->pref_index);
    c->pref_call = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->pref_call);
    for (int32_t v = 0; v < n; v++) c->across[v] = c->pref[v] = c->pref_call[v] = -1;
    for (int32_t r = 0; interfere && r < K && r < 64; r++)
        if (mc_conv_caller_saved(c->conv, K, r)) c->forbidden_bits |= (uint64_t)1 << r;
    c->ncalls = ncalls;
    c->call_name = mc_xcalloc((size_t)(ncalls ? ncalls : 1), sizeof *c->call_name);
    c->call_line = mc_xcalloc((size_t)(ncalls ? ncalls : 1), sizeof *c->call_line);
    c->call_col = mc_xcalloc((size_t)(ncalls ? ncalls : 1), sizeof *c->call_col);
    if (x64) {
        c->fixed = mc_xcalloc((size_t)(n ? n : 1), sizeof *c->fixed);
        for (int k = 0; k < MC_FX_KINDS; k++) {
            c->fx_site[k] = mc_xmalloc((size_t)(n ? n : 1) * sizeof *c->fx_site[k]);
            for (int32_t v = 0; v < n; v++) c->fx_site[k][v] = -1;
        }
        c->nsites = nsites;
        c->site_op = mc_xcalloc((size_t)(nsites ? nsites : 1), 1);
        c->site_line = mc_xcalloc((size_t)(nsites ? nsites : 1), sizeof *c->site_line);
        c->site_col = mc_xcalloc((size_t)(nsites ? nsites : 1), sizeof *c->site_col);
        /* the fixed instructions' preferences first (each saves a move at the
         * instruction): the dividend and the quotient rax, the remainder rdx,
         * the count rcx */
        for (int32_t b = 0, at = 0; b < f->nblocks; b++)
            for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
                const McInst *in = &f->blocks[b].insts[i];
                if (!fixed_site(in)) continue;
                McLoc l = mc_loc(f, in->loc);
                c->site_op[at] = (uint8_t)in->op;
                c->site_line[at] = (int32_t)l.line;
                c->site_col[at] = (int32_t)l.col;
                if (in->op == MC_OP_DIV || in->op == MC_OP_REM) {
                    if (in->dest != MC_NONE)
                        set_pref(c, in->dest, in->op == MC_OP_DIV ? MC_X64_RAX : MC_X64_RDX,
                                 in->op == MC_OP_DIV ? MC_PREF_QUOTIENT : MC_PREF_REMAINDER, 0, at);
                    if (mc_opnd_is_val(in->a[0])) set_pref(c, in->a[0].v, MC_X64_RAX, MC_PREF_DIVIDEND, 0, at);
                } else {
                    set_pref(c, in->a[1].v, MC_X64_RCX, MC_PREF_COUNT, 0, at);
                }
                at++;
            }
        fixed_cons(c, f);
        abi_arg_prefs(c, f);
    }
    /* parameters arrive in the argument registers (buffers take no register) */
    for (int32_t k = 0, ni = 0; interfere && k < f->nparams; k++) {
        int32_t pv = f->params[k];
        if (f->values[pv].kind == MC_VAL_BUF) continue;
        set_pref(c, pv, mc_conv_arg_reg(c->conv, K, ni), MC_PREF_PARAM, ni, -1);
        ni++;
    }
    /* calls in block and instruction order: their results and arguments
     * (x86-64: the result in rax always) */
    int32_t rr = x64 ? MC_X64_RAX : mc_conv_result_reg(c->conv, K);
    for (int32_t b = 0, at = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op != MC_OP_CALL) continue;
            const McCall *call = mc_inst_call(f, in);
            McLoc l = mc_loc(f, in->loc);
            c->call_name[at] = call ? call->name : "?";
            c->call_line[at] = (int32_t)l.line;
            c->call_col[at] = (int32_t)l.col;
            if (in->dest != MC_NONE) set_pref(c, in->dest, rr, MC_PREF_RESULT, 0, at);
            for (int32_t k = 0, ni = 0; interfere && call && k < call->nargs; k++) {
                McOperand a = call->args[k];
                if (mc_opnd_is_val(a) && f->values[a.v].kind == MC_VAL_BUF) continue;
                if (mc_opnd_is_val(a)) set_pref(c, a.v, mc_conv_arg_reg(c->conv, K, ni), MC_PREF_ARG, ni, at);
                ni++;
            }
            at++;
        }
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        if (bl->has_term && bl->term.op == MC_OP_RET && mc_opnd_is_val(bl->term.arg))
            set_pref(c, bl->term.arg.v, rr, MC_PREF_RETURN, 0, -1);
    }
    if (ncalls == 0 || !interfere) return c;
    /* the values live across each call (a backward scan per block, as find_calls) */
    ConsVisit cv = {c, f};
    each_call_live(f, ncalls, cons_visit, &cv);
    return c;
}

void mc_call_cons_free(McCallCons *c) {
    if (!c) return;
    free(c->across);
    free(c->pref);
    free(c->pref_kind);
    free(c->pref_index);
    free(c->pref_call);
    free(c->call_name);
    free(c->call_line);
    free(c->call_col);
    free(c->fixed);
    for (int k = 0; k < MC_FX_KINDS; k++) free(c->fx_site[k]);
    free(c->site_op);
    free(c->site_line);
    free(c->site_col);
    free(c);
}

void mc_call_cons_trace(const McCallCons *c, const McIGraph *g, McAllocTrace *tr) {
    if (!c || !tr) return;
    for (int32_t v = 0; v < c->n; v++) {
        if (g && (v >= g->nvalues || !g->node[v])) continue;
        if (c->across[v] >= 0) {
            McTraceEvent e = tr_ev(MC_TR_FORBID, v, -1, -1);
            e.n1 = c->across[v];
            tr_add(tr, e);
        }
        for (int k = 0; c->fixed && k < MC_FX_KINDS; k++)
            if (c->fx_site[k][v] >= 0) {
                McTraceEvent e = tr_ev(MC_TR_FORBID, v, -1, -1);
                e.n1 = c->fx_site[k][v];
                e.n2 = k + 1;
                tr_add(tr, e);
            }
        if (c->pref[v] >= 0) {
            McTraceEvent e = tr_ev(MC_TR_PREFER, v, c->pref_call[v], c->pref[v]);
            e.n1 = c->pref_kind[v];
            e.n2 = c->pref_index[v];
            tr_add(tr, e);
        }
    }
}

const char *mc_call_cons_pref_str(const McCallCons *c, int32_t v, char *buf, size_t size) {
    int32_t k = v >= 0 && v < c->n ? c->pref_call[v] : -1;
    /* k numbers a call for an argument or a result, a fixed-register site
     * (c->nsites of them) for the fixed registers' kinds */
    bool call = k >= 0 && k < c->ncalls;
    const char *name = call ? c->call_name[k] : "?";
    int line = call ? (int)c->call_line[k] : 0, col = call ? (int)c->call_col[k] : 0;
    switch (v >= 0 && v < c->n ? c->pref_kind[v] : MC_PREF_NONE) {
    case MC_PREF_PARAM: snprintf(buf, size, "parameter %d arrives there", (int)c->pref_index[v]); break;
    case MC_PREF_ARG:
        snprintf(buf, size, "argument %d of the call to %s at %d:%d goes there", (int)c->pref_index[v], name, line, col);
        break;
    case MC_PREF_RESULT: snprintf(buf, size, "the result of the call to %s at %d:%d arrives there", name, line, col); break;
    case MC_PREF_RETURN: snprintf(buf, size, "the returned value goes there"); break;
    case MC_PREF_DIVIDEND:
    case MC_PREF_QUOTIENT:
    case MC_PREF_REMAINDER:
    case MC_PREF_COUNT: {
        int32_t s = k >= 0 && k < c->nsites ? k : -1;
        int pk = c->pref_kind[v];
        snprintf(buf, size, "%s at %d:%d", pk == MC_PREF_DIVIDEND ? "idiv's dividend (eax)"
                                           : pk == MC_PREF_QUOTIENT ? "idiv's quotient (eax)"
                                           : pk == MC_PREF_REMAINDER ? "idiv's remainder (edx)"
                                                                     : "the variable shift's count (cl)",
                 s >= 0 ? (int)c->site_line[s] : 0, s >= 0 ? (int)c->site_col[s] : 0);
        break;
    }
    default: snprintf(buf, size, "no preference"); break;
    }
    return buf;
}

const char *mc_call_cons_forbid_str(const McCallCons *c, int32_t v, char *buf, size_t size) {
    int32_t k = v >= 0 && v < c->n ? c->across[v] : -1;
    if (k < 0)
        snprintf(buf, size, "live across no call");
    else
        snprintf(buf, size, "live across the call to %s at %d:%d", c->call_name[k], (int)c->call_line[k],
                 (int)c->call_col[k]);
    return buf;
}

const char *mc_call_cons_fixed_str(const McCallCons *c, int32_t v, int kind, char *buf, size_t size) {
    int32_t s = c->fixed && v >= 0 && v < c->n && kind >= 0 && kind < MC_FX_KINDS ? c->fx_site[kind][v] : -1;
    if (s < 0 || s >= c->nsites) {
        snprintf(buf, size, "no fixed-register instruction");
        return buf;
    }
    int line = (int)c->site_line[s], col = (int)c->site_col[s];
    const char *op = mc_op_info[c->site_op[s]].name;
    switch (kind) {
    case MC_FX_DIV_ACROSS: snprintf(buf, size, "live across the idiv at %d:%d (idiv writes edx:eax)", line, col); break;
    case MC_FX_DIVISOR:
        snprintf(buf, size, "the divisor of the idiv at %d:%d (the dividend goes into eax and cdq writes edx before idiv reads it)",
                 line, col);
        break;
    case MC_FX_SHIFT_ACROSS: snprintf(buf, size, "live across the %s by a variable count at %d:%d (the count goes into ecx)", op, line, col); break;
    case MC_FX_SHIFTED:
        snprintf(buf, size, "the shifted operand of the %s at %d:%d (the count goes into ecx first)", op, line, col);
        break;
    case MC_FX_SHIFT_DEST: snprintf(buf, size, "the result of the %s at %d:%d (it shifts by cl)", op, line, col); break;
    default: snprintf(buf, size, "?"); break;
    }
    return buf;
}

const char *mc_call_cons_mask_str(const McAllocation *a, uint64_t mask, char *buf, size_t size) {
    size_t at = 0;
    buf[0] = 0;
    for (int32_t r = 0; r < a->registers && r < 64; r++) {
        if (!((mask >> r) & 1)) continue;
        char rb[32];
        int w = snprintf(buf + at, at < size ? size - at : 0, "%s%s", at ? " " : "", mc_alloc_reg_str(a, r, rb, sizeof rb));
        if (w > 0) at += (size_t)w;
    }
    if (at == 0) snprintf(buf, size, "none");
    return buf;
}

const char *mc_call_cons_regs_str(const McAllocation *a, char *buf, size_t size) {
    const McCallCons *c = a->cons;
    size_t at = 0;
    buf[0] = 0;
    for (int32_t r = 0; r < c->K; r++) {
        if (!mc_conv_caller_saved(c->conv, c->K, r)) continue;
        char rb[32];
        int w = snprintf(buf + at, at < size ? size - at : 0, "%s%s", at ? " " : "", mc_alloc_reg_str(a, r, rb, sizeof rb));
        if (w > 0) at += (size_t)w;
    }
    if (at == 0) snprintf(buf, size, "none");
    return buf;
}
