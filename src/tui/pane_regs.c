/* pane_regs.c - where each value lives for the current K (register or
 * spill slot, coalesced values named), and the spill traffic of the last
 * run of the allocated machine (recomputed when K changes; `m` reruns it). */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "wb.h"

int wb_draw_regs(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    snprintf(title, tsize, "registers K=%d", s->regs);
    const McAllocation *a = wb_allocation(wb);
    if (a && wb->regs_key == a && wb->regs_gen == wb->gen && wb->regs_mgen == wb->machine_gen && wb->regs_w == r.w) {
        mc_lines_free(&L);
        return wb_draw_lines(wb, WB_REGS, &wb->regs_lines, fr, r);
    }
    if (!a) {
        mc_lines_text(&L, s->input ? "no allocation (see the log)" : "no function loaded", MC_R_DIM);
    } else {
        const McFunc *f = a->f;
        int w = 1;
        for (int32_t v = 0; v < f->nvalues; v++)
            if (a->loc[v].kind != MC_LOC_NONE && (int)strlen(f->values[v].name) > w) w = (int)strlen(f->values[v].name);
        if (w > 14) w = 14;
        char where[32];
        for (int32_t v = 0; v < f->nvalues; v++) {
            McLocation l = a->loc[v];
            if (l.kind == MC_LOC_NONE) continue;
            uint16_t at = l.kind == MC_LOC_REG ? (wb_reg_attr(l.index) | MC_A_BOLD) : (MC_R_SPILL | MC_A_BOLD);
            mc_lines_new(&L);
            mc_lines_printf(&L, 0, "%-*s -> ", w, f->values[v].name);
            mc_lines_printf(&L, at, "%s", mc_location_str(l, where, sizeof where));
            if (a->alias && a->alias[v] != v && a->alias[v] >= 0)
                mc_lines_printf(&L, MC_R_DIM, "  (= %s)", f->values[a->alias[v]].name);
        }
        int used = 0;
        bool *seen = mc_xcalloc((size_t)a->registers + 1, 1);
        for (int32_t v = 0; v < f->nvalues; v++)
            if (a->loc[v].kind == MC_LOC_REG && a->loc[v].index < a->registers && !seen[a->loc[v].index]) {
                seen[a->loc[v].index] = true;
                used++;
            }
        free(seen);
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "%d of %d register%s used, %d slot%s", used, a->registers,
                        a->registers == 1 ? "" : "s", a->slots, a->slots == 1 ? "" : "s");
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "last machine run (K=%d):", a->registers);
        if (wb->have_machine) mc_lines_text(&L, wb->machine_result, MC_R_NORMAL);
        else mc_lines_text(&L, s->have_args ? "(m runs it)" : "(set :args first)", MC_R_DIM);
    }
    int n = wb_draw_lines(wb, WB_REGS, &L, fr, r);
    mc_lines_free(&wb->regs_lines);
    wb->regs_lines = L;
    wb->regs_key = a;
    wb->regs_gen = wb->gen;
    wb->regs_mgen = wb->machine_gen;
    wb->regs_w = r.w;
    return n;
}
