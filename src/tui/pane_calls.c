/* pane_calls.c - what the calling convention makes of the allocation's
 * calls (callconv.c), under the registers in the alloc layout when the
 * function has calls: the registers every call clobbers (the caller-saved
 * ones), the prologue's callee saves, and at each call the values live
 * across it, kept or saved, the saves as parallel moves in the edge
 * record's style:
 *
 *     split K=4: a call clobbers r0 r1; r2 r3 callee-saved
 *     prologue (save1, save2) := (r2, r3), restored at return
 *     48:16 quicksort: across it hi r3 kept, p r1 saved
 *       (save0) := (r1)   call   (r1) := (save0)
 *
 * Nothing here for a function without calls (the pane is not placed). */
#include <stdlib.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "wb.h"

bool wb_calls_wanted(Wb *wb) {
    const McAllocation *a = wb_allocation(wb);
    return a && a->ncallsaves > 0;
}

/* (save0, save1) := (r0, r1), or the other way round (to_slots false). */
static void moves(McLines *L, const int32_t *reg, const int32_t *slot, int32_t n, bool to_slots) {
    for (int side = 0; side < 2; side++) {
        mc_lines_put(L, side ? " := (" : "(", 0);
        for (int32_t k = 0; k < n; k++) {
            if (k) mc_lines_put(L, ", ", 0);
            if ((side == 0) == to_slots) mc_lines_printf(L, MC_R_SPILL | MC_A_BOLD, "save%d", (int)slot[k]);
            else mc_lines_printf(L, wb_reg_attr(reg[k]) | MC_A_BOLD, "r%d", (int)reg[k]);
        }
        mc_lines_put(L, ")", 0);
    }
}

static void regs_of_class(McLines *L, const McAllocation *a, bool caller) {
    bool any = false;
    for (int32_t r = 0; r < a->registers; r++) {
        if (mc_conv_caller_saved(a->convention, a->registers, r) != caller) continue;
        mc_lines_printf(L, wb_reg_attr(r) | MC_A_BOLD, " r%d", (int)r);
        any = true;
    }
    if (!any) mc_lines_put(L, " none", MC_R_DIM);
}

int wb_draw_calls(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McLines L;
    mc_lines_init(&L);
    const McAllocation *a = wb_allocation(wb);
    snprintf(title, tsize, "calls");
    if (!a || a->ncallsaves == 0) {
        mc_lines_text(&L, "no calls", MC_R_DIM);
    } else {
        const McFunc *f = a->f;
        snprintf(title, tsize, "calls: %d, convention %s", (int)a->ncallsaves, mc_convention_name(a->convention));
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "%s K=%d: a call clobbers", mc_convention_name(a->convention),
                        (int)a->registers);
        regs_of_class(&L, a, true);
        mc_lines_put(&L, ";", MC_R_HEADING);
        regs_of_class(&L, a, false);
        mc_lines_put(&L, " callee-saved", MC_R_HEADING);
        mc_lines_new(&L);
        if (a->ncallee_saves == 0) {
            mc_lines_put(&L, "prologue: no callee-saved register written", MC_R_DIM);
        } else {
            int32_t *slot = mc_xmalloc((size_t)a->ncallee_saves * sizeof *slot);
            for (int32_t k = 0; k < a->ncallee_saves; k++) slot[k] = a->save_slots - a->ncallee_saves + k;
            mc_lines_put(&L, "prologue ", MC_R_HEADING);
            moves(&L, a->callee_saves, slot, a->ncallee_saves, true);
            mc_lines_put(&L, ", restored at return", MC_R_DIM);
            free(slot);
        }
        for (int32_t c = 0; c < a->ncallsaves; c++) {
            const McCallSave *cs = &a->callsaves[c];
            const McInst *in = &f->blocks[cs->block].insts[cs->inst];
            const McCall *call = mc_inst_call(f, in);
            McLoc at = mc_loc(f, in->loc);
            mc_lines_new(&L);
            mc_lines_printf(&L, MC_R_HEADING | MC_A_BOLD, "%d:%d %s", (int)at.line, (int)at.col,
                            call ? mc_shown_name(f, call->name) : "?");
            mc_lines_put(&L, ":", MC_R_HEADING);
            if (cs->nacross == 0) mc_lines_put(&L, " nothing live across it", MC_R_DIM);
            else mc_lines_put(&L, " across it", MC_R_DIM);
            for (int32_t k = 0; k < cs->nacross; k++) {
                int32_t v = cs->across[k];
                McLocation l = a->loc[v];
                bool saved = false;
                for (int32_t j = 0; j < cs->n; j++) saved |= cs->value[j] == v;
                char lb[32];
                mc_lines_printf(&L, 0, "%s %s ", k ? "," : "", mc_shown_name(f, f->values[v].name));
                mc_lines_printf(&L, l.kind == MC_LOC_REG ? wb_reg_attr(l.index) | MC_A_BOLD : MC_R_SPILL | MC_A_BOLD,
                                "%s", mc_location_str(l, lb, sizeof lb));
                bool clobbered = l.kind == MC_LOC_REG && mc_conv_caller_saved(a->convention, a->registers, l.index);
                mc_lines_put(&L, saved ? " saved" : clobbered ? " NOT saved" : " kept",
                             saved ? MC_R_CHANGED : clobbered ? MC_R_ERROR : MC_R_DIM);
            }
            if (cs->n == 0) continue;
            int32_t *reg = mc_xmalloc((size_t)cs->n * sizeof *reg);
            for (int32_t k = 0; k < cs->n; k++) reg[k] = a->loc[cs->value[k]].index;
            mc_lines_new(&L);
            mc_lines_put(&L, "  ", 0);
            moves(&L, reg, cs->slot, cs->n, true);
            mc_lines_put(&L, "   call   ", MC_R_DIM);
            moves(&L, reg, cs->slot, cs->n, false);
            free(reg);
        }
    }
    int n = wb_draw_lines(wb, WB_CALLS, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
