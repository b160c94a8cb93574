/* pane_regs.c - where each value lives for the current K (register or
 * spill slot, coalesced values named), and the spill traffic of the last
 * run of the allocated machine (recomputed when K changes; `m` reruns it).
 * While `.` steps the allocator's decisions, only the locations decided so
 * far are shown (`?` for the others), so the final assignment does not
 * appear before the decisions reach it. */
#include <stdlib.h>

#include "shell/picture.h"
#include "minicc/regalloc.h"
#include "wb.h"

int wb_draw_regs(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    snprintf(title, tsize, "registers K=%d [destroyed]", s->regs); /* the values of the destroyed code */
    const McAllocation *a = wb_allocation(wb);
    McLocation *at_step = wb_ig_locations(wb, a);
    if (at_step) snprintf(title, tsize, "registers K=%d at decision %d", s->regs, wb->ig_step);
    if (a && !at_step && wb->regs_key == a && wb->regs_gen == wb->gen && wb->regs_mgen == wb->machine_gen && wb->regs_w == r.w) {
        mc_lines_free(&L);
        return wb_draw_lines(wb, WB_REGS, &wb->regs_lines, fr, r);
    }
    if (!a) {
        mc_lines_text(&L, s->input ? "no allocation (see the log)" : "no function loaded", MC_R_DIM);
    } else {
        McRegsPicture p;
        mc_regs_picture(a, &p);
        int w = p.width < 1 ? 1 : p.width > 14 ? 14 : p.width;
        for (int32_t i = 0; i < p.nrows; i++) {
            const McRegsRow *row = &p.rows[i];
            const McPicValue *x = mc_pic_value(&p.vals, row->value);
            McLocation loc = x->loc;
            char where[32];
            snprintf(where, sizeof where, "%s", x->where);
            if (at_step) { /* as decided so far (a coalesced value: its partner's) */
                loc = at_step[row->value];
                if (loc.kind == MC_LOC_NONE && row->alias != MC_NONE) loc = at_step[row->alias];
                if (loc.kind == MC_LOC_NONE) snprintf(where, sizeof where, "?");
                else mc_location_str(loc, where, sizeof where);
            }
            uint16_t at = loc.kind == MC_LOC_REG    ? (wb_reg_attr(loc.index) | MC_A_BOLD)
                          : loc.kind == MC_LOC_NONE ? MC_R_DIM
                                                    : (MC_R_SPILL | MC_A_BOLD);
            mc_lines_new(&L);
            mc_lines_printf(&L, 0, "%-*s -> ", w, x->name);
            mc_lines_printf(&L, at, "%s", where);
            if (row->alias != MC_NONE) mc_lines_printf(&L, MC_R_DIM, "  (= %s)", mc_pic_value(&p.vals, row->alias)->name);
        }
        if (at_step) {
            mc_lines_new(&L);
            mc_lines_printf(&L, MC_R_DIM, "? undecided; at the end:");
        }
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "%d of %d register%s used, %d slot%s", p.used, p.registers,
                        p.registers == 1 ? "" : "s", p.slots, p.slots == 1 ? "" : "s");
        mc_regs_picture_free(&p);
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "last machine run (K=%d):", a->registers);
        if (wb->have_machine) mc_lines_text(&L, wb->machine_result, MC_R_NORMAL);
        else mc_lines_text(&L, s->have_args ? "(m runs it)" : "(set :args first)", MC_R_DIM);
    }
    int n = wb_draw_lines(wb, WB_REGS, &L, fr, r);
    if (at_step) { /* not cached: it changes with every `.` */
        free(at_step);
        mc_lines_free(&L);
        wb->regs_key = NULL;
        return n;
    }
    mc_lines_free(&wb->regs_lines);
    wb->regs_lines = L;
    wb->regs_key = a;
    wb->regs_gen = wb->gen;
    wb->regs_mgen = wb->machine_gen;
    wb->regs_w = r.w;
    return n;
}
