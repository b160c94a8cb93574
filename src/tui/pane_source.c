/* pane_source.c - the C source of a MiniC program beside its IR (issue 19
 * §3): numbered lines, the line of the next thing to execute marked `=>`
 * and highlighted (the C line of the IR line the IR pane marks), the other
 * lines with code in the current block tinted as the IR pane tints the
 * block, and after the end `<-` on the line of the return or `!!` on the
 * line that trapped. It scrolls to follow execution. An IR line selected
 * with [ and ] marks its C line `->`. Until there is a position (or the
 * pane is scrolled by hand) it opens on the function, not the file's header
 * comment; a cut line ends in `>` and Left/Right scroll it sideways (`<`
 * where its start is scrolled away). (`s`, one C line, is
 * the prompt's `step line`: mc_session_step_line.) The number of each line
 * with code in the function shown is drawn on that line's colour band, the
 * colour its IR lines carry in the IR pane (pane_ir.c). */
#include <stdlib.h>
#include <string.h>

#include "wb.h"

bool wb_source_available(const Wb *wb) {
    size_t len = 0;
    return wb->s->module && wb->s->module->minic && mc_session_c_source(wb->s, &len) != NULL;
}

/* The C line where execution ended (the return or the trap), or 0; *trapped tells which. */
static int32_t end_line(Wb *wb, const McFunc *f, bool *trapped) {
    McSession *s = wb->s;
    McOutcome o;
    if (!s->interp || s->interp_func != f || !mc_interp_finished(s->interp, &o)) return 0;
    *trapped = o.kind == MC_TRAPPED;
    for (int i = s->last.n - 1; i >= 0; i--) {
        const McEvent *e = &s->last.v[i];
        if (e->block < 0 || e->block >= f->nblocks) continue;
        const McBlock *bl = &f->blocks[e->block];
        if (e->kind == MC_EV_TRAP && e->inst >= 0 && e->inst < bl->ninsts) return mc_minic_line_at(f, e->block, e->inst);
        if (e->kind == MC_EV_TRAP || e->kind == MC_EV_RETURN || e->kind == MC_EV_TERM)
            return mc_minic_line_at(f, e->block, bl->ninsts);
    }
    return 0;
}

/* Does block b of f have code from C line `line`? */
static bool block_has_line(const McFunc *f, int32_t b, int32_t line) {
    const McBlock *bl = &f->blocks[b];
    for (int32_t i = 0; i < bl->ninsts; i++)
        if (bl->insts[i].line == line) return true;
    return bl->has_term && bl->term.line == line;
}

/* Columns a source line takes (tabs to the next multiple of 4). */
static int src_width(const char *text, size_t n) {
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        if (text[i] == '\t') k = (k / 4 + 1) * 4;
        else if (text[i] != '\r') k++;
    }
    return k;
}

/* The C line where the function being run (or about to be) is defined:
 * the nearest line at or above its entry block's line that has its name
 * followed by `(`; 0 when not known. */
static int32_t func_line(Wb *wb, const char *src, size_t len) {
    const McFunc *f = wb->s->interp_func ? wb->s->interp_func : wb_exec_func(wb);
    if (!f || f->nblocks == 0) return 0;
    int32_t at = mc_block_line(f, 0);
    const char *name = mc_shown_name(f, f->name);
    size_t nl = strlen(name);
    for (int32_t line = at; line > 0 && nl; line--) {
        size_t n = 0;
        const char *text = mc_source_line(src, len, line, &n);
        if (!text) continue;
        for (size_t i = 0; i + nl < n; i++)
            if (memcmp(text + i, name, nl) == 0 && text[i + nl] == '(' &&
                (i == 0 || !(text[i - 1] == '_' || (text[i - 1] >= 'a' && text[i - 1] <= 'z') ||
                             (text[i - 1] >= 'A' && text[i - 1] <= 'Z') || (text[i - 1] >= '0' && text[i - 1] <= '9'))))
                return line;
    }
    return at;
}

int wb_draw_source(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    size_t len = 0;
    const char *src = mc_session_c_source(s, &len);
    if (!src) {
        snprintf(title, tsize, "source");
        mc_frame_text(fr, r.x + 1, r.y, r.w - 1, "no C source: the program is IR", MC_R_DIM);
        return 0;
    }
    const char *base = s->path ? strrchr(s->path, '/') : NULL;
    base = base ? base + 1 : s->path ? s->path : "?";
    const McFunc *f = s->interp_func;
    int32_t cur = s->interp && !mc_interp_finished(s->interp, NULL) ? mc_session_c_line(s) : 0;
    bool trapped = false;
    int32_t end = cur == 0 && f ? end_line(wb, f, &trapped) : 0;
    int32_t cur_block = MC_NONE;
    if (cur && s->interp) {
        cur_block = mc_interp_block(s->interp);
        if (cur_block == MC_NONE) cur_block = 0;
    }
    if (cur) snprintf(title, tsize, "C %s line %d", base, (int)cur);
    else snprintf(title, tsize, "C %s", base);
    int nlines = 0;
    for (size_t i = 0; i < len; i++) nlines += src[i] == '\n';
    if (len && src[len - 1] != '\n') nlines++;
    int32_t sel = wb_ir_selected_c_line(wb); /* the C line of the IR line selected with [ ] */
    int shown = sel ? sel : cur ? cur : end;
    int max = nlines - r.h;
    if (max < 0) max = 0;
    if ((wb->follow[WB_IR] || sel) && shown > 0 &&
        (shown - 1 < wb->scroll[WB_SRC] || shown - 1 >= wb->scroll[WB_SRC] + r.h))
        wb->scroll[WB_SRC] = shown - 1 - r.h / 3;
    if (shown == 0 && wb->follow[WB_SRC]) {
        /* Nothing to follow yet: open on the function, not the file's
         * header comment (until the pane is scrolled by hand). */
        int32_t head = func_line(wb, src, len);
        if (head > 0) wb->scroll[WB_SRC] = head - 1;
    }
    if (wb->scroll[WB_SRC] > max) wb->scroll[WB_SRC] = max;
    if (wb->scroll[WB_SRC] < 0) wb->scroll[WB_SRC] = 0;
    /* Sideways (Left, Right) no further than the widest line needs; a cut
     * line ends in `>`, a line whose start is scrolled away starts with `<`. */
    int widest = 0;
    for (int32_t line = 1; line <= nlines; line++) {
        size_t n = 0;
        const char *text = mc_source_line(src, len, line, &n);
        if (text && src_width(text, n) > widest) widest = src_width(text, n);
    }
    int hmax = widest - (r.w - 7) + 1;
    if (hmax < 0) hmax = 0;
    if (wb->hscroll[WB_SRC] > hmax) wb->hscroll[WB_SRC] = hmax;
    int hs = wb->hscroll[WB_SRC];
    /* The lines with code in the function shown (their bands). */
    const McFunc *shown_f = f ? f : wb_exec_func(wb);
    uint8_t *code = mc_xcalloc((size_t)nlines + 2, 1);
    if (shown_f) {
        for (int32_t b = 0; b < shown_f->nblocks; b++) {
            const McBlock *bl = &shown_f->blocks[b];
            for (int32_t i = 0; i < bl->ninsts; i++)
                if (bl->insts[i].line > 0 && bl->insts[i].line <= nlines) code[bl->insts[i].line] = 1;
            if (bl->has_term && bl->term.line > 0 && bl->term.line <= nlines) code[bl->term.line] = 1;
        }
    }
    for (int row = 0; row < r.h; row++) {
        int32_t line = wb->scroll[WB_SRC] + row + 1;
        if (line > nlines) break;
        size_t n = 0;
        const char *text = mc_source_line(src, len, line, &n);
        if (!text) break;
        int y = r.y + row;
        uint16_t a = MC_R_NORMAL;
        const char *mark = "  ";
        if (line == cur) {
            a = MC_R_CURLINE | MC_A_REVERSE | MC_A_BOLD;
            mark = "=>";
        } else if (line == end) {
            a = (trapped ? MC_R_ERROR : MC_R_GOOD) | MC_A_REVERSE | MC_A_BOLD;
            mark = trapped ? "!!" : "<-";
        } else if (line == sel) {
            a = MC_R_MORE | MC_A_REVERSE | MC_A_BOLD;
            mark = "->";
        } else if (cur_block != MC_NONE && f && block_has_line(f, cur_block, line)) {
            a = MC_R_CURBLOCK;
        }
        if (a != MC_R_NORMAL) mc_frame_fill(fr, (McRect){r.x, y, r.w, 1}, ' ', a);
        char num[16];
        snprintf(num, sizeof num, "%s%4d ", mark, (int)line);
        int x = mc_frame_text(fr, r.x, y, r.w, num, a == MC_R_NORMAL ? MC_R_DIM : a);
        if (code[line] && (a == MC_R_NORMAL || a == MC_R_CURBLOCK))
            mc_frame_text(fr, r.x + 2, y, r.w - 2, num + 2, (uint16_t)(MC_R_BAND0 + line % MC_NBANDS));
        /* tabs to spaces (every 4 columns) */
        char buf[512];
        size_t k = 0;
        for (size_t i = 0; i < n && k + 4 < sizeof buf; i++) {
            if (text[i] == '\t') {
                do buf[k++] = ' ';
                while (k % 4);
            } else if (text[i] != '\r') {
                buf[k++] = text[i];
            }
        }
        buf[k] = 0;
        int room = r.w - x;
        const char *from = (int)k > hs ? buf + hs : buf + k;
        mc_frame_text(fr, r.x + x, y, room, from, a);
        if (hs > 0 && k > 0 && room > 0) mc_frame_put(fr, r.x + x, y, '<', MC_R_MORE | MC_A_BOLD);
        if ((int)strlen(from) > room && room > 1) mc_frame_put(fr, r.x + r.w - 1, y, '>', MC_R_MORE | MC_A_BOLD);
    }
    free(code);
    return nlines;
}
