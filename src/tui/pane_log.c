/* pane_log.c - the log: commands typed at the command line with their
 * output (captured through the command layer), one line per block entered,
 * outcomes and errors. It keeps whole lines and wraps them at the pane's
 * width when drawn, so a resize rewraps them. It sticks to the end until
 * scrolled back; then the title counts the lines that arrived since. */
#include "wb.h"

/* Command output (tables, listings) is not wrapped but scrolls sideways
 * (Left, Right) with the pane's `>` and `<` marks; the rest is prose
 * (commands, errors, notes) and wraps. */
static bool log_wraps(const McLine *ln) { return ln->len > 0 && ln->attr && (ln->attr[0] & MC_R_MASK) != MC_R_NORMAL; }

/* Rows a line takes at width w. */
static int log_rows(const McLine *ln, int w) { return ln->len <= w || !log_wraps(ln) ? 1 : (ln->len + w - 1) / w; }

int wb_draw_log(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    const McLines *l = &wb->log;
    int w = r.w > 1 ? r.w : 1;
    int total = 0;
    for (int i = 0; i < l->n; i++) total += log_rows(&l->v[i], w);
    int max = total - r.h;
    if (max < 0) max = 0;
    if (wb->follow[WB_LOG]) wb->scroll[WB_LOG] = max;
    if (wb->scroll[WB_LOG] > max) wb->scroll[WB_LOG] = max;
    if (wb->scroll[WB_LOG] < 0) wb->scroll[WB_LOG] = 0;
    if (wb->scroll[WB_LOG] == max) wb->follow[WB_LOG] = true; /* back at the end: follow it again */
    if (wb->follow[WB_LOG]) wb->log_unseen = 0;
    if (wb->log_unseen)
        snprintf(title, tsize, "log (%d new line%s below: End shows them)", wb->log_unseen,
                 wb->log_unseen == 1 ? "" : "s");
    else snprintf(title, tsize, "log");
    /* Find the line holding the first row shown, then draw row by row. */
    int row = 0, i = 0;
    while (i < l->n && row + log_rows(&l->v[i], w) <= wb->scroll[WB_LOG]) row += log_rows(&l->v[i++], w);
    int skip = wb->scroll[WB_LOG] - row; /* rows of line i above the pane */
    int widest = 0;
    for (int k = 0; k < l->n; k++)
        if (!log_wraps(&l->v[k]) && l->v[k].len > widest) widest = l->v[k].len;
    int hmax = widest - w + 1;
    if (wb->hscroll[WB_LOG] > (hmax > 0 ? hmax : 0)) wb->hscroll[WB_LOG] = hmax > 0 ? hmax : 0;
    for (int y = 0; y < r.h && i < l->n; i++, skip = 0) {
        const McLine *ln = &l->v[i];
        if (!log_wraps(ln)) {
            McLines one = {(McLine *)ln, 1, 1};
            mc_lines_draw_h(&one, 0, wb->hscroll[WB_LOG], fr, (McRect){r.x, r.y + y, r.w, 1});
            y++;
            continue;
        }
        for (int k = skip; k < log_rows(ln, w) && y < r.h; k++, y++) {
            int from = k * w, n = ln->len - from < w ? ln->len - from : w;
            for (int c = 0; c < n; c++) {
                unsigned char ch = (unsigned char)ln->text[from + c];
                char out = ch == '\t' ? ' ' : (ch < 32 || ch > 126) ? '?' : (char)ch;
                mc_frame_put(fr, r.x + c, r.y + y, out, ln->attr ? ln->attr[from + c] : 0);
            }
        }
    }
    return total;
}
