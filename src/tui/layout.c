/* layout.c - where the panes go (gdb-TUI-like named layouts) and the whole
 * screen: panes in boxes, the status bar, the command line and the key help.
 *
 * The layouts are a table (see `layouts` below); the log pane (except in
 * the `log` layout, which is mostly log), the status bar and the command
 * line are always at the bottom. Sizes follow the terminal: 80x24 is the
 * smallest comfortable one; from 150 columns layouts add a column. `z`
 * zooms the focused pane to the whole screen. Panes that cut content say
 * so: `>` at the end of a line that goes on, `<` where its start is
 * scrolled away, `v N more` / `^ N above` on the border. */
#include <limits.h>
#include <string.h>

#include "wb.h"

/* The main area (everything above the log) and the whole screen's size. */
typedef struct LayArea {
    int w, h;  /* the main area: columns, rows */
    int W, H;  /* the terminal */
} LayArea;

static void lay_place(Wb *wb, WbPane p, int x, int y, int w, int h) {
    if (w < 3 || h < 3) return;
    wb->places[wb->nplaces++] = (WbPlace){p, {x, y, w, h}};
}

/* Rows the edge record needs: header lines + one per phi. */
static int lay_edge_rows(Wb *wb) {
    int n = wb->edge.valid ? wb->edge.nphis : 3;
    return n + 6;
}

/* A column of values over the edge record (and the registers under them
 * when the column is tall enough to give each a useful height). */
static void lay_values_edge(Wb *wb, int x, int w, int h, bool regs) {
    if (wb_stack_wanted(wb) && h >= 15) { /* calls: values, the stack, the edge */
        int eh = lay_edge_rows(wb) < h / 4 ? lay_edge_rows(wb) : h / 4, sh = (h - eh) / 2;
        lay_place(wb, WB_VALUES, x, 0, w, h - eh - sh);
        lay_place(wb, WB_STACK, x, h - eh - sh, w, sh);
        lay_place(wb, WB_EDGE, x, h - eh, w, eh);
        return;
    }
    int eh = lay_edge_rows(wb);
    if (eh > h - 5) eh = h - 5;
    if (eh < 5) eh = h / 2;
    if (regs && h >= 28) {
        int rh = h / 3;
        lay_place(wb, WB_VALUES, x, 0, w, h - eh - rh);
        lay_place(wb, WB_EDGE, x, h - eh - rh, w, eh);
        lay_place(wb, WB_REGS, x, h - rh, w, rh);
    } else {
        lay_place(wb, WB_VALUES, x, 0, w, h - eh);
        lay_place(wb, WB_EDGE, x, h - eh, w, eh);
    }
}

/* Each layout places its panes in the main area; from 150 columns on most
 * add a column rather than stretch an 80-column picture. */
static void lay_step(Wb *wb, LayArea a) {
    if (a.w >= 150) {
        int left = a.w * 2 / 5, mid = a.w * 3 / 10;
        lay_place(wb, WB_IR, 0, 0, left, a.h);
        lay_values_edge(wb, left, mid, a.h, false);
        lay_place(wb, WB_REGS, left + mid, 0, a.w - left - mid, a.h);
        return;
    }
    int left = a.w * 11 / 20;
    lay_place(wb, WB_IR, 0, 0, left, a.h);
    lay_values_edge(wb, left, a.w - left, a.h, true);
}

static void lay_alloc(Wb *wb, LayArea a) {
    int x = 0;
    if (a.w >= 150) {
        x = a.w / 4;
        lay_place(wb, WB_IR, 0, 0, x, a.h);
    }
    int left = x + (a.w - x) * 3 / 5;
    int ch = 0; /* calls: the convention's saves under both, the whole width */
    if (wb_calls_wanted(wb) && a.h >= 12) {
        const McAllocation *al = wb_allocation(wb);
        int32_t lines = 2 + al->ncallsaves;
        for (int32_t c = 0; c < al->ncallsaves; c++) lines += al->callsaves[c].n > 0;
        ch = lines + 2 < a.h / 2 ? lines + 2 : a.h / 2;
    }
    lay_place(wb, WB_INTERF, x, 0, left - x, a.h - ch);
    lay_place(wb, WB_REGS, left, 0, a.w - left, a.h - ch);
    if (ch) lay_place(wb, WB_CALLS, x, a.h - ch, a.w - x, ch);
}

/* The live intervals (the picture linear scan works on) beside the registers. */
static void lay_intervals(Wb *wb, LayArea a) {
    int left = a.w * 7 / 10;
    lay_place(wb, WB_INTERVALS, 0, 0, left, a.h);
    lay_place(wb, WB_REGS, left, 0, a.w - left, a.h);
}

/* A MiniC program: its C source | the IR over the values (the C line and
 * the IR position side by side while stepping by line). */
static void lay_source(Wb *wb, LayArea a) {
    int left = a.w / 2;
    int vh = a.h * 2 / 5;
    lay_place(wb, WB_SRC, 0, 0, left, a.h);
    if (wb_stack_wanted(wb) && vh >= 8) { /* calls: the values beside the stack */
        int sw = (a.w - left) / 2;
        lay_place(wb, WB_IR, left, 0, a.w - left, a.h - vh);
        lay_place(wb, WB_VALUES, left, a.h - vh, a.w - left - sw, vh);
        lay_place(wb, WB_STACK, a.w - sw, a.h - vh, sw, vh);
        return;
    }
    lay_place(wb, WB_IR, left, 0, a.w - left, a.h - vh);
    lay_place(wb, WB_VALUES, left, a.h - vh, a.w - left, vh);
}

/* A real target: C (a MiniC program) and the IR beside the assembly, the
 * colour bands tying each C line to its IR and its instructions; from 150
 * columns three columns, else the C over the IR on the left; the live
 * pane under the assembly. */
/* The assembly over the live pane (the values live into the stepped
 * block in their locations): the live pane as tall as its table, at most
 * two fifths of the column (at least 3 rows: one line). */
static void lay_asm_live(Wb *wb, int x, int w, int h) {
    if (!mc_target_desc(wb->s->target)) { /* chapter: the asm pane says how to choose a target */
        lay_place(wb, WB_ASM, x, 0, w, h);
        return;
    }
    int lh = wb_live_lines(wb, w - 2) + 2, most = h * 2 / 5;
    if (lh > most) lh = most;
    if (lh < 3) lh = 3;
    if (h - lh < 5) {
        lay_place(wb, WB_ASM, x, 0, w, h);
        return;
    }
    lay_place(wb, WB_ASM, x, 0, w, h - lh);
    lay_place(wb, WB_LIVE, x, h - lh, w, lh);
}

static void lay_asm(Wb *wb, LayArea a) {
    bool src = wb_source_available(wb);
    if (a.w >= 150) {
        int cw = src ? a.w / 4 : 0, iw = a.w * 3 / 10;
        if (src) lay_place(wb, WB_SRC, 0, 0, cw, a.h);
        lay_place(wb, WB_IR, cw, 0, iw, a.h);
        lay_asm_live(wb, cw + iw, a.w - cw - iw, a.h);
        return;
    }
    int left = a.w * 2 / 5;
    if (src && a.h >= 12) {
        lay_place(wb, WB_SRC, 0, 0, left, a.h / 2);
        lay_place(wb, WB_IR, 0, a.h / 2, left, a.h - a.h / 2);
    } else {
        lay_place(wb, WB_IR, 0, 0, left, a.h);
    }
    lay_asm_live(wb, left, a.w - left, a.h);
}

static void lay_c(Wb *wb, LayArea a) {
    int left = a.w * 9 / 20;
    if (a.w >= 150) left = a.w * 2 / 5;
    lay_place(wb, WB_IR, 0, 0, left, a.h);
    if (a.w >= 150) {
        int cw = (a.w - left) * 3 / 5;
        lay_place(wb, WB_C, left, 0, cw, a.h);
        lay_values_edge(wb, left + cw, a.w - left - cw, a.h, false);
        return;
    }
    lay_place(wb, WB_C, left, 0, a.w - left, a.h);
}

/* A big log (for :sweep, :interference, :help): the IR above it, or beside
 * it on wide screens; the log takes the place of the usual one. */
static void lay_log(Wb *wb, LayArea a) {
    int H = a.h + wb->logh; /* the main area and the usual log's rows */
    if (a.w >= 150) {
        int left = a.w * 2 / 5;
        lay_place(wb, WB_IR, 0, 0, left, H);
        lay_place(wb, WB_LOG, left, 0, a.w - left, H);
        return;
    }
    int top = H / 3 < 6 ? (H < 12 ? 0 : 6) : H / 3;
    if (top) lay_place(wb, WB_IR, 0, 0, a.w, top);
    lay_place(wb, WB_LOG, 0, top, a.w, H - top);
}

static void lay_lesson(Wb *wb, LayArea a) {
    int left = a.w >= 150 ? a.w * 2 / 5 : a.w / 2;
    lay_place(wb, WB_LESSON, 0, 0, left, a.h);
    if (a.w >= 150) {
        int mid = (a.w - left) / 2;
        lay_place(wb, WB_IR, left, 0, mid, a.h);
        lay_values_edge(wb, left + mid, a.w - left - mid, a.h, false);
        return;
    }
    int eh = lay_edge_rows(wb);
    if (eh > a.h / 2) eh = a.h / 2;
    lay_place(wb, WB_IR, left, 0, a.w - left, a.h - eh);
    lay_place(wb, WB_EDGE, left, a.h - eh, a.w - left, eh);
}

/* The layouts, in the order l cycles through them. A row: its name, whether
 * it needs a lesson (those come last), whether it draws the log itself,
 * and its placement function. Add a layout by adding a row. */
static const struct {
    const char *name;
    bool lesson_only; /* only while a lesson is open */
    bool own_log;     /* places the log pane itself */
    void (*place)(Wb *wb, LayArea a);
    bool named_only;  /* outside the l/L cycle: `:layout NAME` only */
    bool source_only; /* only for a MiniC program (its C source) */
    bool target_only; /* in the l/L cycle only with a real target (`target`); by name always */
} layouts[] = {
    {"step", false, false, lay_step, false, false, false},    /* IR | values over the edge record (stepping a loop) */
    {"alloc", false, false, lay_alloc, false, false, false},  /* interference graph | registers (choosing K) */
    {"c", false, false, lay_c, false, false, false},          /* IR | generated C and the native run */
    {"log", false, true, lay_log, false, false, false},       /* a big log (sweeps, matrices, help) */
    {"source", false, false, lay_source, false, true, false}, /* C source | IR over values (MiniC) */
    {"asm", false, false, lay_asm, false, false, true},       /* (C over) IR | the target's assembly */
    {"lesson", true, false, lay_lesson, false, false, false}, /* narration | IR over the edge record */
    {"intervals", false, false, lay_intervals, true, false, false}, /* live intervals | registers */
};
enum { LAY_COUNT = sizeof layouts / sizeof layouts[0] };

/* Is layout i offered now (a lesson open, a MiniC program loaded)? */
static bool lay_available(const Wb *wb, int i) {
    return i >= 0 && i < LAY_COUNT && (!layouts[i].lesson_only || wb->lesson) &&
           (!layouts[i].source_only || wb_source_available(wb));
}

int wb_layout_cycle(const Wb *wb, int ids[WB_MAX_LAYOUTS]) {
    int n = 0;
    for (int i = 0; i < LAY_COUNT && n < WB_MAX_LAYOUTS; i++)
        if (lay_available(wb, i) && !layouts[i].named_only &&
            !(layouts[i].target_only && !mc_target_desc(wb->s->target)))
            ids[n++] = i;
    return n;
}

int wb_nlayouts(const Wb *wb) {
    int ids[WB_MAX_LAYOUTS];
    return wb_layout_cycle(wb, ids);
}

int wb_layout_lookup(const Wb *wb, const char *name) {
    for (int i = 0; i < LAY_COUNT; i++)
        if (strcmp(name, layouts[i].name) == 0 && lay_available(wb, i)) return i;
    return -1;
}

const char *wb_layout_name(const Wb *wb, int i) {
    (void)wb;
    return i >= 0 && i < LAY_COUNT ? layouts[i].name : "?";
}

/* The log's rows under the main area: a quarter of the screen, at least 6
 * (4 lines) and at most 14. */
static int lay_log_rows(int H) {
    int logh = H / 4;
    if (logh < 6) logh = 6;
    if (logh > 14) logh = 14;
    return logh;
}

void wb_layout(Wb *wb) {
    wb->nplaces = 0;
    int W = wb->w, H = wb->h;
    if (!lay_available(wb, wb->layout)) wb->layout = 0;
    int logh = lay_log_rows(H);
    int mainh = H - 2 - logh;
    if (mainh < 6) {
        /* Tiny terminal: the main area takes what there is, no log. */
        mainh = H - 2;
        logh = 0;
    }
    wb->logh = logh;
    if (wb->zoom) {
        /* One pane fills the screen above the status bar. */
        lay_place(wb, wb->focus, 0, 0, W, H - 2);
        if (wb->nplaces) return;
    }
    layouts[wb->layout].place(wb, (LayArea){W, mainh, W, H});
    if (logh > 0 && !layouts[wb->layout].own_log) lay_place(wb, WB_LOG, 0, mainh, W, logh);
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
    int widest = mc_lines_draw_h(l, wb->scroll[p], wb->hscroll[p], fr, r);
    /* Scrolled sideways no further than the widest line needs. */
    int hmax = widest - r.w + 1;
    if (hmax < 0) hmax = 0;
    if (wb->hscroll[p] > hmax) {
        wb->hscroll[p] = hmax;
        mc_frame_fill(fr, r, ' ', 0);
        mc_lines_draw_h(l, wb->scroll[p], wb->hscroll[p], fr, r);
    }
    return l->n;
}

/* On the bottom border: how many lines are above and below what the pane
 * shows (a pane never cuts content silently). */
static void lay_cut_marks(Wb *wb, McFrame *fr, const WbPlace *pl, int n) {
    int rows = pl->r.h - 2, top = wb->scroll[pl->pane];
    if (rows < 1 || n <= rows) return;
    if (top > n - rows) top = n - rows;
    if (top < 0) top = 0;
    int below = n - top - rows;
    char buf[64] = "";
    if (below > 0 && top > 0) snprintf(buf, sizeof buf, " ^ %d above, v %d more ", top, below);
    else if (below > 0) snprintf(buf, sizeof buf, " v %d more ", below);
    else snprintf(buf, sizeof buf, " ^ %d above ", top);
    int len = (int)strlen(buf);
    if (len > pl->r.w - 4) return;
    mc_frame_text(fr, pl->r.x + pl->r.w - 2 - len, pl->r.y + pl->r.h - 1, len, buf, MC_R_MORE | MC_A_BOLD);
}

static const WbDrawFn draw_fns[WB_NPANES] = {wb_draw_ir,   wb_draw_values, wb_draw_edge, wb_draw_interf,
                                             wb_draw_regs, wb_draw_c,      wb_draw_log,  wb_draw_lesson,
                                             wb_draw_intervals, wb_draw_source, wb_draw_stack,
                                             wb_draw_calls, wb_draw_asm, wb_draw_live};

/* The status bar: function, stage, steps, K, position; then a message. */
/* TEXT in W columns at (X, Y), never cut in the middle of a word: what
 * does not fit goes, whole words at a time, and `...` says so. */
static void lay_words(McFrame *fr, int x, int y, int w, const char *text, uint16_t a) {
    int len = (int)strlen(text);
    if (len <= w) {
        mc_frame_text(fr, x, y, w, text, a);
        return;
    }
    int cut = w - 3; /* room for "..." */
    while (cut > 0 && text[cut] != ' ') cut--;
    while (cut > 0 && text[cut - 1] == ' ') cut--;
    if (cut <= 0) return;
    mc_frame_textn(fr, x, y, cut, text, cut, a);
    mc_frame_text(fr, x + cut, y, 3, "...", a);
}

static void lay_status(Wb *wb, McFrame *fr, int y) {
    McSession *s = wb->s;
    uint16_t a = MC_R_STATUS | MC_A_REVERSE;
    mc_frame_fill(fr, (McRect){0, y, fr->w, 1}, ' ', a);
    /* The position in full, and short (" step 12 at exit K=4") for when a
     * message needs the room. */
    char buf[512], brief[640];
    int n = 0, nb = 0;
    if (!s->input) {
        n = nb = snprintf(buf, sizeof buf, " no function");
        snprintf(brief, sizeof brief, "%s", buf);
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
        n = snprintf(buf, sizeof buf, " %s | stage %s | step %lld | K=%d | %s%s", mc_shown_name(s->input, s->input->name),
                     mc_view_name(s->exec), (long long)steps, s->regs, state, where);
        if (s->phi_mode == MC_PHI_SEQUENTIAL && n < (int)sizeof buf)
            n += snprintf(buf + n, sizeof buf - (size_t)n, " | phis SEQUENTIAL");
        if (mc_target_desc(s->target) && n < (int)sizeof buf)
            n += snprintf(buf + n, sizeof buf - (size_t)n, " | %s", mc_target_name(s->target));
        nb = snprintf(brief, sizeof brief, " step %lld%s K=%d", (long long)steps, where[0] ? where : "", s->regs);
    }
    if (n >= (int)sizeof buf) n = (int)sizeof buf - 1;
    if (nb >= (int)sizeof brief) nb = (int)sizeof brief - 1;
    if (n > fr->w && nb <= fr->w) {
        /* A narrow screen: the short position rather than a cut one. */
        memcpy(buf, brief, (size_t)nb + 1);
        n = nb;
    }
    /* Drawn while `c` runs (tui.c): the steps so far and how to stop,
     * unless a message already says what runs (a lesson's commands). */
    char running[96];
    bool show_run = wb->running && !wb->status[0];
    if (show_run) snprintf(running, sizeof running, "RUNNING: step %lld (Ctrl-C stops)", (long long)wb->run_steps);
    bool have = show_run || wb->status[0] != 0;
    const char *msg = show_run ? running : have ? wb->status : "?:keys  ::command  q:quit";
    int len = (int)strlen(msg);
    wb->status_wide = false;
    if (!have || len <= fr->w - n - 3) {
        /* The full position and the message (the key hint cut if need be). */
        lay_words(fr, 0, y, fr->w, buf, a | MC_A_BOLD);
        if (fr->w - n - 3 > 8) lay_words(fr, n + 3, y, fr->w - n - 3, msg, a);
    } else if (len <= fr->w - nb - 3) {
        mc_frame_text(fr, 0, y, fr->w, brief, a | MC_A_BOLD);
        mc_frame_text(fr, nb + 3, y, fr->w - nb - 3, msg, a);
    } else if (len <= fr->w - 2) {
        /* A message longer than the room after the position: it takes the
         * whole bar until the next key. */
        wb->status_wide = true;
        mc_frame_text(fr, 1, y, fr->w - 1, msg, a | MC_A_BOLD);
    } else {
        /* Longer than the screen: its start, and where the rest is
         * (wb_note put the whole message in the log). */
        static const char more[] = " ... (all in the log)";
        int keep = fr->w - 1 - (int)strlen(more);
        wb->status_wide = true;
        /* Whole words only (a word longer than the room is cut). */
        int k = keep;
        while (k > 0 && msg[k] != ' ') k--;
        while (k > 0 && msg[k - 1] == ' ') k--;
        if (k > 0) keep = k;
        if (keep > 0) {
            mc_frame_textn(fr, 1, y, keep, msg, keep, a | MC_A_BOLD);
            mc_frame_text(fr, 1 + keep, y, fr->w - 1 - keep, more, a);
        }
    }
}

static void lay_cmdline(Wb *wb, McFrame *fr, int y) {
    mc_frame_fill(fr, (McRect){0, y, fr->w, 1}, ' ', 0);
    if (!wb->cmd_active) {
        if (wb->lesson && !wb->cursor.finished) {
            lay_words(fr, 0, y, fr->w,
                      wb_lesson_asking(wb) ? "type your answer (? and Enter: show it)   : command   F1 keys"
                                           : "Enter: continue the lesson   : command   ? keys",
                      MC_R_DIM);
            return;
        }
        /* Whole hints in their order; when they do not all fit, the least
         * useful go first (the rank: 0 stays longest). `? keys` (where the
         * rest are) always ends the line. */
        static const struct LayHint { const char *text; int rank; } src_hints[] = {
            {"s line", 0}, {"n block", 1}, {"i inst", 3}, {"c cont", 2}, {"b back", 4}, {"r restart", 6},
            {"+/- K", 7}, {"l layout", 8}, {"Tab focus", 9}, {": cmd", 5}, {NULL, 0}},
                                                     ir_hints[] = {
            {"n step", 0}, {"i inst", 2}, {"c cont", 1}, {"b back", 3}, {"r restart", 5},
            {"+/- K", 6}, {"l layout", 7}, {"Tab focus", 8}, {": cmd", 4}, {NULL, 0}};
        const struct LayHint *h = wb_source_available(wb) ? src_hints : ir_hints;
        static const char last[] = "? keys";
        int nh = 0, total = (int)strlen(last), drop_from = INT_MAX;
        for (; h[nh].text; nh++) total += (int)strlen(h[nh].text) + 1;
        /* Drop ranks from the highest until the rest fit. */
        for (int r = nh - 1; r >= 0 && total > fr->w; r--)
            for (int i = 0; i < nh; i++)
                if (h[i].rank == r) {
                    total -= (int)strlen(h[i].text) + 1;
                    drop_from = r;
                }
        char hint[160] = "";
        int hl = 0;
        for (int i = 0; i < nh; i++) {
            const char *t = h[i].text;
            if (h[i].rank >= drop_from) continue;
            int l = (int)strlen(t);
            memcpy(hint + hl, t, (size_t)l);
            hint[hl + l] = ' ';
            hl += l + 1;
        }
        memcpy(hint + hl, last, sizeof last);
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

static void lay_help(const Wb *wb, McFrame *fr) {
    int n = 0, w = 0;
    for (; wb_help_lines[n]; n++)
        if ((int)strlen(wb_help_lines[n]) > w) w = (int)strlen(wb_help_lines[n]);
    int per, pages = wb_help_pages(wb, &per);
    int page = wb->help_page < pages ? wb->help_page : pages - 1;
    int first = page * per, shown = n - first < per ? n - first : per;
    McRect r = {0, 0, w + 4, per + 2};
    if (r.w > fr->w) r.w = fr->w;
    if (r.h > fr->h - 2) r.h = fr->h - 2;
    r.x = (fr->w - r.w) / 2;
    r.y = (fr->h - 2 - r.h) / 2;
    if (r.y < 0) r.y = 0;
    char title[80];
    if (pages > 1)
        snprintf(title, sizeof title, "keys %d/%d (%s, any other key closes)", page + 1, pages,
                 page + 1 < pages ? "Space: next page" : "PgUp: back");
    else snprintf(title, sizeof title, "keys (any key closes)");
    mc_frame_fill(fr, r, ' ', 0);
    mc_frame_box(fr, r, title, MC_R_FOCUS | MC_A_BOLD, MC_R_TITLE | MC_A_BOLD);
    for (int i = 0; i < shown && i < r.h - 2; i++) {
        const char *l = wb_help_lines[first + i];
        mc_frame_text(fr, r.x + 2, r.y + 1 + i, r.w - 4, l, l[0] != ' ' ? MC_R_HEADING | MC_A_BOLD : 0);
    }
}

/* The projector theme: nothing dim (dim text washes out on a projector);
 * what matters is bold, and what changed or runs next is also in reverse
 * video, so it reads without colour too. */
static void lay_projector(McFrame *fr) {
    for (int i = 0; i < fr->w * fr->h; i++) {
        uint16_t a = fr->cells[i].attr;
        int role = a & MC_R_MASK;
        a &= (uint16_t)~MC_A_DIM;
        switch (role) {
        case MC_R_DIM: a = (uint16_t)((a & ~MC_R_MASK) | MC_R_NORMAL); break;
        case MC_R_CHANGED:
        case MC_R_CURLINE: a |= MC_A_BOLD | MC_A_REVERSE; break;
        case MC_R_BREAK:
        case MC_R_ERROR:
        case MC_R_GOOD:
        case MC_R_HEADING:
        case MC_R_TITLE:
        case MC_R_FOCUS:
        case MC_R_PROMPT:
        case MC_R_SPILL:
        case MC_R_MORE: a |= MC_A_BOLD; break;
        default:
            if (role >= MC_R_REG0) a |= MC_A_BOLD;
            break;
        }
        fr->cells[i].attr = a;
    }
}

/* The light theme: the dim attribute greys text too far on white; its
 * table gives hints a dark grey instead. */
static void lay_undim(McFrame *fr) {
    for (int i = 0; i < fr->w * fr->h; i++) fr->cells[i].attr &= (uint16_t)~MC_A_DIM;
}

void wb_render(Wb *wb, McFrame *fr) {
    if (fr->w != wb->w || fr->h != wb->h) mc_frame_resize(fr, wb->w, wb->h);
    else mc_frame_clear(fr);
    wb_layout(wb);
    for (int i = 0; i < wb->nplaces; i++) {
        WbPlace *pl = &wb->places[i];
        McRect in = {pl->r.x + 1, pl->r.y + 1, pl->r.w - 2, pl->r.h - 2};
        char title[160] = "";
        int n = draw_fns[pl->pane](wb, fr, in, title, sizeof title);
        bool focus = pl->pane == wb->focus;
        char full[200]; /* "*", the title, " (zoomed: z)" */
        snprintf(full, sizeof full, "%s%s%s", focus ? "*" : "", title, wb->zoom ? " (zoomed: z)" : "");
        mc_frame_box(fr, pl->r, full, focus ? (MC_R_FOCUS | MC_A_BOLD) : MC_R_BORDER,
                     MC_R_TITLE | (focus ? MC_A_BOLD : 0));
        lay_cut_marks(wb, fr, pl, n);
    }
    if (wb->h >= 2) lay_status(wb, fr, wb->h - 2);
    lay_cmdline(wb, fr, wb->h - 1);
    if (wb->help) lay_help(wb, fr);
    if (wb->theme == WB_THEME_PROJECTOR || wb->theme == WB_THEME_PROJECTOR_LIGHT) lay_projector(fr);
    else if (wb->theme == WB_THEME_LIGHT) lay_undim(fr);
}
