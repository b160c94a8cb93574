/* pane_intervals.c - the live intervals of the current allocation as bars
 * over the linear order (shell/intervals.h), the picture linear scan works
 * on: a second way to see interference next to the graph (bars that
 * overlap in a column interfere, except a copy's two sides). Registers in
 * their colours, slots in the spill colour, holes dim. `:layout intervals`. */
#include <string.h>

#include "shell/intervals.h"
#include "minicc/regalloc.h"
#include "wb.h"

/* Beyond this many instructions the picture would be mostly rounding. */
#define IV_MAX_INSTRUCTIONS 20000

int wb_draw_intervals(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    const McAllocation *a = wb_allocation(wb);
    snprintf(title, tsize, "intervals K=%d (%s)", s->regs, a ? mc_allocator_name(a->allocator) : "-");
    int32_t ninsts = 0;
    if (a)
        for (int32_t b = 0; b < a->destroyed->f->nblocks; b++) ninsts += a->destroyed->f->blocks[b].ninsts + 1;
    if (!a) {
        mc_lines_text(&L, s->input ? "no allocation (see the log)" : "no function loaded", MC_R_DIM);
    } else if (ninsts > IV_MAX_INSTRUCTIONS) {
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_DIM, "%d instructions: too many for bars (at most %d here)", (int)ninsts,
                        IV_MAX_INSTRUCTIONS);
    } else {
        McIvPicture p;
        int nw = 0;
        for (int32_t v = 0; v < a->destroyed->f->nvalues; v++) {
            int w = (int)strlen(a->destroyed->f->values[v].name);
            if (w > nw) nw = w;
        }
        if (nw > 12) nw = 12;
        int room = r.w - nw - 8;
        mc_iv_picture(a, room < 8 ? 8 : room, &p);
        nw = p.name_w < nw ? p.name_w : nw;
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING, "%d values, %d instructions", (int)p.nrows, (int)p.nindex);
        if (p.per > 1) mc_lines_printf(&L, MC_R_DIM, " (%d a column)", (int)p.per);
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_DIM, "%-*s %-6s %s", nw, "", "", p.blocks);
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_DIM, "%-*s %-6s %s", nw, "", "", p.ruler);
        for (int32_t i = 0; i < p.nrows; i++) {
            const McIvRow *row = &p.rows[i];
            McLocation l = a->loc[row->value];
            uint16_t at = l.kind == MC_LOC_REG ? wb_reg_attr(l.index) : MC_R_SPILL;
            mc_lines_new(&L);
            mc_lines_printf(&L, 0, "%-*.*s ", nw, nw, a->destroyed->f->values[row->value].name);
            mc_lines_printf(&L, at | MC_A_BOLD, "%-6s ", row->where);
            /* runs of one character, one attribute each */
            for (int c = 0; row->bar[c];) {
                int e = c;
                while (row->bar[e] == row->bar[c]) e++;
                char ch = row->bar[c];
                uint16_t ca = ch == '=' || ch == '#' ? (at | MC_A_BOLD) : MC_R_DIM;
                mc_lines_printf(&L, ca, "%.*s", e - c, row->bar + c);
                c = e;
            }
        }
        mc_lines_new(&L);
        mc_lines_text(&L, "= register  # slot  . hole  | block start", MC_R_DIM);
        mc_iv_picture_free(&p);
    }
    int n = wb_draw_lines(wb, WB_INTERVALS, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
