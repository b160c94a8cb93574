/* pane_ir.c - the IR listing: the function being executed at its stage
 * (input / ssa / opt / destroyed), the current block tinted, the next
 * thing to execute marked `=>` and highlighted, breakpoints `*`, copies
 * inserted by phi destruction `+`; after the end, `<-` marks the return and
 * `!!` the instruction that trapped. The listing lines are cached (wb.h), so
 * a redraw formats only the visible rows; it scrolls to follow execution
 * until the user scrolls it by hand. `p` adds a column with the register
 * pressure after each point (points.c), the function's MaxLive marked `<`.
 * For a MiniC program each instruction line carries a colour band (two
 * cells before its text) in the colour of its C line, the colour the
 * source pane gives that line's number: every stage's IR ties to the C. */
#include <stdlib.h>
#include <string.h>

#include "wb.h"

_Static_assert(MC_R_BAND0 + MC_NBANDS <= MC_R_COUNT, "colour roles");

/* The C line of IR line ln (its instruction, terminator, or the block's
 * line for a phi), 0 for a label or IR without C lines. */
static int32_t ir_c_line(const McFunc *f, const WbIrLine *ln) {
    if (ln->what == -2) return 0;
    return mc_minic_line_at(f, ln->block, ln->what < 0 ? -1 : ln->what);
}

/* Line index of the interpreter position, or -1. */
static int ir_current_line(Wb *wb, const McFunc *f) {
    McSession *s = wb->s;
    if (!s->interp || s->interp_func != f || mc_interp_finished(s->interp, NULL)) return -1;
    int32_t b = mc_interp_block(s->interp);
    /* At the start (after r, or stopped by a breakpoint on the entry block)
     * the next thing to execute is the entry into blocks[0]. */
    if (b == MC_NONE && f->nblocks > 0) return wb->ir_block_line[0];
    if (b < 0 || b >= f->nblocks) return -1;
    int32_t pc = mc_interp_pc(s->interp);
    int line = wb->ir_block_line[b];
    if (pc < 0) return line;
    return line + 1 + f->blocks[b].nphis + pc;
}

/* When execution has finished: the line of the return or of the trapping
 * instruction (from the last events), or -1; *trapped tells which. */
static int ir_end_line(Wb *wb, const McFunc *f, bool *trapped) {
    McSession *s = wb->s;
    McOutcome o;
    if (!s->interp || s->interp_func != f || !mc_interp_finished(s->interp, &o)) return -1;
    *trapped = o.kind == MC_TRAPPED;
    for (int i = s->last.n - 1; i >= 0; i--) {
        const McEvent *e = &s->last.v[i];
        if (e->block < 0 || e->block >= f->nblocks) continue;
        const McBlock *bl = &f->blocks[e->block];
        int line = wb->ir_block_line[e->block];
        if (e->kind == MC_EV_TRAP && e->inst >= 0 && e->inst < bl->ninsts) return line + 1 + bl->nphis + e->inst;
        if (e->kind == MC_EV_TRAP || e->kind == MC_EV_RETURN || e->kind == MC_EV_TERM)
            return line + 1 + bl->nphis + bl->ninsts;
    }
    return -1;
}

/* The lines the step now shown ran (Python Tutor's "just executed" arrow
 * beside "next"): from the session's events of the last execution
 * command, from its last block entry on, as the values pane's `*` marks:
 * the phis of the edge it took, its instructions and its terminator. NULL
 * when nothing ran (not started, a restart, another function). */
static uint8_t *ir_ran_lines(Wb *wb, const McFunc *f) {
    McSession *s = wb->s;
    if (!s->interp || s->interp_func != f) return NULL;
    const McSessionEvents *e = &s->last;
    int from = e->n;
    while (from > 0 && e->v[from - 1].kind != MC_EV_ENTER) from--;
    if (from > 0) from--;
    uint8_t *ran = NULL;
    for (int i = from; i < e->n; i++) {
        const McEvent *ev = &e->v[i];
        if (ev->block < 0 || ev->block >= f->nblocks) continue;
        const McBlock *bl = &f->blocks[ev->block];
        int base = wb->ir_block_line[ev->block] + 1;
        if (!ran) ran = mc_xcalloc((size_t)wb->nir + 1, 1);
        if (ev->kind == MC_EV_PHIS) {
            for (int32_t k = 0; k < ev->nphis; k++)
                if (ev->phis[k].phi >= 0 && ev->phis[k].phi < bl->nphis) ran[base + ev->phis[k].phi] = 1;
        } else if (ev->kind == MC_EV_INST && ev->inst >= 0 && ev->inst < bl->ninsts) {
            ran[base + bl->nphis + ev->inst] = 1;
        } else if (ev->kind == MC_EV_TERM) {
            ran[base + bl->nphis + bl->ninsts] = 1;
        }
    }
    return ran;
}

int wb_draw_ir(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    const McFunc *f = wb_exec_func(wb);
    if (!f) {
        snprintf(title, tsize, "IR");
        mc_frame_text(fr, r.x + 1, r.y, r.w - 1, "no function loaded", MC_R_DIM);
        mc_frame_text(fr, r.x + 1, r.y + 1, r.w - 1, "type :load FILE", MC_R_DIM);
        return 0;
    }
    wb_ensure_ir(wb, f);
    const McPoints *pts = wb->pressure && r.w >= 30 ? wb->ir_points : NULL;
    if (pts)
        snprintf(title, tsize, "IR %s [%s] MaxLive %d", f->name, mc_view_name(s->exec), (int)pts->max);
    else
        snprintf(title, tsize, "IR %s [%s]", f->name, mc_view_name(s->exec));
    int cur = ir_current_line(wb, f);
    bool trapped = false;
    int end = cur < 0 ? ir_end_line(wb, f, &trapped) : -1;
    int32_t cur_block = cur >= 0 ? wb->ir[cur].block : MC_NONE;
    /* Keep the position visible, a third from the top when it jumps. */
    int max = wb->nir - r.h;
    if (max < 0) max = 0;
    int shown = cur >= 0 ? cur : end;
    if (wb->follow[WB_IR] && shown >= 0 && (shown < wb->scroll[WB_IR] || shown >= wb->scroll[WB_IR] + r.h)) {
        wb->scroll[WB_IR] = shown - r.h / 3;
    }
    if (wb->scroll[WB_IR] > max) wb->scroll[WB_IR] = max;
    if (wb->scroll[WB_IR] < 0) wb->scroll[WB_IR] = 0;
    bool *bp = s->nbreaks ? mc_session_break_array(s, f) : NULL;
    uint8_t *ran = ir_ran_lines(wb, f);
    bool bands = wb_source_available(wb);
    for (int row = 0; row < r.h; row++) {
        int i = wb->scroll[WB_IR] + row;
        if (i >= wb->nir) break;
        const WbIrLine *ln = &wb->ir[i];
        int y = r.y + row;
        uint16_t a = ln->block == cur_block ? MC_R_CURBLOCK : MC_R_NORMAL;
        if (i == cur) a = MC_R_CURLINE | MC_A_REVERSE | MC_A_BOLD;
        if (ln->block == cur_block || i == cur) mc_frame_fill(fr, (McRect){r.x, y, r.w, 1}, ' ', a);
        if (i == cur) mc_frame_text(fr, r.x, y, 2, "=>", a);
        if (i == end) {
            /* Where it ended: the trap, or the return. */
            a = (trapped ? MC_R_ERROR : MC_R_GOOD) | MC_A_REVERSE | MC_A_BOLD;
            mc_frame_fill(fr, (McRect){r.x, y, r.w, 1}, ' ', a);
            mc_frame_text(fr, r.x, y, 2, trapped ? "!!" : "<-", a);
        }
        if (ran && ran[i] && i != cur && i != end)
            mc_frame_text(fr, r.x, y, 2, " >", MC_R_CHANGED | MC_A_BOLD); /* just ran */
        if (i == wb->ir_sel - 1 && !wb->follow[WB_IR] && i != cur && i != end)
            mc_frame_text(fr, r.x, y, 2, "->", MC_R_MORE | MC_A_REVERSE | MC_A_BOLD); /* [ ] selected */
        if (ln->what == -2 && bp && bp[ln->block])
            mc_frame_put(fr, r.x + 2, y, mc_session_break_mark(s, f->blocks[ln->block].name), MC_R_BREAK | MC_A_BOLD);
        if (ln->what >= 0 && wb->ir_phi_copy && wb->ir_phi_copy[ln->block] &&
            ln->what < f->blocks[ln->block].ninsts && wb->ir_phi_copy[ln->block][ln->what])
            mc_frame_put(fr, r.x + 2, y, '+', MC_R_DIM | (a & ~MC_R_MASK));
        int32_t cl = bands && i != cur && i != end ? ir_c_line(f, ln) : 0;
        if (cl > 0 && r.w > 8) mc_frame_text(fr, r.x + 3, y, 2, "  ", (uint16_t)(MC_R_BAND0 + cl % MC_NBANDS));
        int indent = ln->what == -2 ? 3 : 5;
        int room = r.w - indent;
        /* pressure after the point: the top (last phi, or the label when
         * there are none) and each instruction */
        int32_t at = -3;
        const McBlock *bl = &f->blocks[ln->block];
        if (pts && ((ln->what == -1 && ln->phi == bl->nphis - 1) || (ln->what == -2 && bl->nphis == 0))) at = -1;
        if (pts && ln->what >= 0 && ln->what < bl->ninsts) at = ln->what;
        if (pts) room -= 5;
        mc_frame_text(fr, r.x + indent, y, room, ln->text, ln->what == -2 ? (a | MC_A_BOLD) : a);
        if ((int)strlen(ln->text) > room && room > 1)
            mc_frame_put(fr, r.x + indent + room - 1, y, '>', MC_R_MORE | MC_A_BOLD); /* cut: it goes on */
        if (at >= -1) {
            char num[16];
            bool top = ln->block == pts->max_block && at == pts->max_at;
            snprintf(num, sizeof num, "%3d%c", (int)mc_points_pressure(pts, ln->block, at), top ? '<' : ' ');
            mc_frame_text(fr, r.x + r.w - 4, y, 4, num, top ? (MC_R_SPILL | MC_A_BOLD) : (MC_R_DIM | (a & ~MC_R_MASK)));
        }
    }
    free(bp);
    free(ran);
    return wb->nir;
}
