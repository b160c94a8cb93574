/* layout.c - where the panes go (gdb-TUI-like named layouts) and the whole
 * screen: panes in boxes, the status bar, the command line and the key help.
 *
 *   step    IR listing | values over the edge record      (stepping a loop;
 *           on tall screens the registers for K below them)
 *   alloc   interference graph | registers                 (choosing K)
 *   c       IR listing | generated C and the native run    (the C backend)
 *   lesson  narration | IR listing over the edge record    (only with a lesson)
 * The log pane, the status bar and the command line are always at the
 * bottom. Sizes follow the terminal; 80x24 is the smallest comfortable one. */
#include <limits.h>
#include <string.h>

#include "wb.h"

static const char *const layout_names[] = {"step", "alloc", "c", "lesson", "source"};
enum { LAY_STEP, LAY_ALLOC, LAY_C, LAY_LESSON, LAY_SOURCE };

/* The layouts offered, in order: step, alloc, c, then source with a MiniC
 * program, then lesson with a lesson. */
static int lay_ids(const Wb *wb, int ids[5]) {
    int n = 0;
    ids[n++] = LAY_STEP;
    ids[n++] = LAY_ALLOC;
    ids[n++] = LAY_C;
    if (wb_source_available(wb)) ids[n++] = LAY_SOURCE;
    if (wb->lesson) ids[n++] = LAY_LESSON;
    return n;
}

int wb_nlayouts(const Wb *wb) {
    int ids[5];
    return lay_ids(wb, ids);
}

const char *wb_layout_name(const Wb *wb, int i) {
    int ids[5], n = lay_ids(wb, ids);
    return i >= 0 && i < n ? layout_names[ids[i]] : "?";
}

static void lay_place(Wb *wb, WbPane p, int x, int y, int w, int h) {
    if (w < 3 || h < 3) return;
    wb->places[wb->nplaces++] = (WbPlace){p, {x, y, w, h}};
}

/* Rows the edge record needs: header lines + one per phi. */
static int lay_edge_rows(Wb *wb) {
    int n = wb->edge.valid ? wb->edge.nphis : 3;
    return n + 6;
}

void wb_layout(Wb *wb) {
    wb->nplaces = 0;
    int W = wb->w, H = wb->h;
    if (wb->layout >= wb_nlayouts(wb)) wb->layout = 0;
    int logh = H / 5;
    if (logh < 4) logh = 4;
    if (logh > 10) logh = 10;
    int mainh = H - 2 - logh;
    if (mainh < 6) {
        /* Tiny terminal: the main area takes what there is, no log. */
        mainh = H - 2;
        logh = 0;
    }
    int left, ids[5];
    lay_ids(wb, ids);
    switch (ids[wb->layout]) {
    case LAY_SOURCE: { /* source: C | IR over values */
        left = W / 2;
        int vh = mainh * 2 / 5;
        lay_place(wb, WB_SRC, 0, 0, left, mainh);
        lay_place(wb, WB_IR, left, 0, W - left, mainh - vh);
        lay_place(wb, WB_VALUES, left, mainh - vh, W - left, vh);
        break;
    }
    case LAY_STEP: {
        left = W * 11 / 20;
        int eh = lay_edge_rows(wb);
        if (eh > mainh - 5) eh = mainh - 5;
        if (eh < 5) eh = mainh / 2;
        lay_place(wb, WB_IR, 0, 0, left, mainh);
        if (mainh >= 28) {
            /* Projector size: the registers for K under the edge record. */
            int rh = mainh / 3;
            lay_place(wb, WB_VALUES, left, 0, W - left, mainh - eh - rh);
            lay_place(wb, WB_EDGE, left, mainh - eh - rh, W - left, eh);
            lay_place(wb, WB_REGS, left, mainh - rh, W - left, rh);
        } else {
            lay_place(wb, WB_VALUES, left, 0, W - left, mainh - eh);
            lay_place(wb, WB_EDGE, left, mainh - eh, W - left, eh);
        }
        break;
    }
    case LAY_ALLOC:
        left = W * 3 / 5;
        lay_place(wb, WB_INTERF, 0, 0, left, mainh);
        lay_place(wb, WB_REGS, left, 0, W - left, mainh);
        break;
    case LAY_C:
        left = W * 9 / 20;
        lay_place(wb, WB_IR, 0, 0, left, mainh);
        lay_place(wb, WB_C, left, 0, W - left, mainh);
        break;
    default: { /* lesson */
        left = W / 2;
        int eh = lay_edge_rows(wb);
        if (eh > mainh / 2) eh = mainh / 2;
        lay_place(wb, WB_LESSON, 0, 0, left, mainh);
        lay_place(wb, WB_IR, left, 0, W - left, mainh - eh);
        lay_place(wb, WB_EDGE, left, mainh - eh, W - left, eh);
        break;
    }
    }
    if (logh > 0) lay_place(wb, WB_LOG, 0, mainh, W, logh);
    bool seen = false;
    for (int i = 0; i < wb->nplaces; i++)
        if (wb->places[i].pane == wb->focus) seen = true;
    if (!seen && wb->nplaces > 0) wb->focus = wb->places[0].pane;
}

int wb_pane_rows(const Wb *wb, WbPane p) {
    for (int i = 0; i < wb->nplaces; i++)
        if (wb->places[i].pane == p) return wb->places[i].r.h - 2 > 1 ? wb->places[i].r.h - 2 : 1;
    return 10;
}

uint16_t wb_reg_attr(int reg) { return (uint16_t)(MC_R_REG0 + (reg < 0 ? 0 : reg % MC_NREGCOLOURS)); }

int wb_draw_lines(Wb *wb, WbPane p, const McLines *l, McFrame *fr, McRect r) {
    int max = l->n - r.h;
    if (max < 0) max = 0;
    if (wb->follow[p] && (p == WB_LOG || p == WB_LESSON)) wb->scroll[p] = max;
    if (wb->scroll[p] > max) wb->scroll[p] = max;
    if (wb->scroll[p] < 0) wb->scroll[p] = 0;
    mc_lines_draw(l, wb->scroll[p], fr, r);
    return l->n;
}

static const WbDrawFn draw_fns[WB_NPANES] = {wb_draw_ir,   wb_draw_values, wb_draw_edge, wb_draw_interf,
                                             wb_draw_regs, wb_draw_c,      wb_draw_log,  wb_draw_lesson,
                                             wb_draw_source};

/* The status bar: function, stage, steps, K, position; then a message. */
static void lay_status(Wb *wb, McFrame *fr, int y) {
    McSession *s = wb->s;
    uint16_t a = MC_R_STATUS | MC_A_REVERSE;
    mc_frame_fill(fr, (McRect){0, y, fr->w, 1}, ' ', a);
    char buf[512];
    int n = 0;
    if (!s->input) {
        n = snprintf(buf, sizeof buf, " no function");
    } else {
        const char *state = "not started";
        int64_t steps = 0;
        char where[128] = "";
        if (s->interp) {
            steps = mc_interp_steps(s->interp);
            McOutcome o;
            if (mc_interp_finished(s->interp, &o)) {
                state = o.kind == MC_RETURNED ? "returned" : "trapped";
            } else {
                state = "running";
                int32_t b = mc_interp_block(s->interp);
                if (b == MC_NONE && s->interp_func->nblocks > 0) b = 0; /* at the start: entering entry */
                if (b >= 0) snprintf(where, sizeof where, " at %s", s->interp_func->blocks[b].name);
            }
        }
        n = snprintf(buf, sizeof buf, " %s | stage %s | step %lld | K=%d | %s%s", s->input->name,
                     mc_view_name(s->exec), (long long)steps, s->regs, state, where);
        if (s->phi_mode == MC_PHI_SEQUENTIAL && n < (int)sizeof buf)
            n += snprintf(buf + n, sizeof buf - (size_t)n, " | phis SEQUENTIAL");
    }
    if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
    mc_frame_text(fr, 0, y, fr->w, buf, a | MC_A_BOLD);
    const char *msg = wb->status[0] ? wb->status : "?:keys  ::command  q:quit";
    int room = fr->w - n - 3;
    if (room > 8) mc_frame_text(fr, n + 3, y, room, msg, a);
}

static void lay_cmdline(Wb *wb, McFrame *fr, int y) {
    mc_frame_fill(fr, (McRect){0, y, fr->w, 1}, ' ', 0);
    if (!wb->cmd_active) {
        const char *hint = wb->lesson && !wb->cursor.finished
                               ? (wb_lesson_asking(wb) ? "Enter: answer the question   : command   ? keys"
                                                       : "Enter: continue the lesson   : command   ? keys")
                               : wb_source_available(wb)
                                   ? "s line n block i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys"
                                   : "n step i inst c cont b back r restart +/- K l layout Tab focus : cmd ? keys";
        mc_frame_text(fr, 0, y, fr->w, hint, MC_R_DIM);
        return;
    }
    int pl = mc_frame_text(fr, 0, y, fr->w, wb->cmd_prompt, MC_R_PROMPT | MC_A_BOLD);
    int room = fr->w - pl - 1;
    if (room < 1) return;
    int start = 0;
    if (wb->cmd_point > room) start = wb->cmd_point - room;
    mc_frame_textn(fr, pl, y, room + 1, wb->cmd + start, wb->cmd_len - start, 0);
    fr->cur_x = pl + wb->cmd_point - start;
    fr->cur_y = y;
}

static void lay_help(McFrame *fr) {
    int n = 0, w = 0;
    for (; wb_help_lines[n]; n++)
        if ((int)strlen(wb_help_lines[n]) > w) w = (int)strlen(wb_help_lines[n]);
    McRect r = {0, 0, w + 4, n + 2};
    if (r.w > fr->w) r.w = fr->w;
    if (r.h > fr->h - 2) r.h = fr->h - 2;
    r.x = (fr->w - r.w) / 2;
    r.y = (fr->h - 2 - r.h) / 2;
    if (r.y < 0) r.y = 0;
    mc_frame_fill(fr, r, ' ', 0);
    mc_frame_box(fr, r, "keys (any key closes)", MC_R_FOCUS | MC_A_BOLD, MC_R_TITLE | MC_A_BOLD);
    for (int i = 0; i < n && i < r.h - 2; i++)
        mc_frame_text(fr, r.x + 2, r.y + 1 + i, r.w - 4, wb_help_lines[i], wb_help_lines[i][0] != ' ' ? MC_R_HEADING | MC_A_BOLD : 0);
}

void wb_render(Wb *wb, McFrame *fr) {
    if (fr->w != wb->w || fr->h != wb->h) mc_frame_resize(fr, wb->w, wb->h);
    else mc_frame_clear(fr);
    wb_layout(wb);
    for (int i = 0; i < wb->nplaces; i++) {
        WbPlace *pl = &wb->places[i];
        McRect in = {pl->r.x + 1, pl->r.y + 1, pl->r.w - 2, pl->r.h - 2};
        char title[160] = "";
        draw_fns[pl->pane](wb, fr, in, title, sizeof title);
        bool focus = pl->pane == wb->focus;
        char full[170];
        snprintf(full, sizeof full, "%s%s", focus ? "*" : "", title);
        mc_frame_box(fr, pl->r, full, focus ? (MC_R_FOCUS | MC_A_BOLD) : MC_R_BORDER,
                     MC_R_TITLE | (focus ? MC_A_BOLD : 0));
    }
    if (wb->h >= 2) lay_status(wb, fr, wb->h - 2);
    lay_cmdline(wb, fr, wb->h - 1);
    if (wb->help) lay_help(fr);
}
