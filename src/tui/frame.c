/* frame.c - the character grid every pane draws into (frame.h). Plain C:
 * the terminal front end, the batch mode and the tests all read the same
 * grid, so what a test snapshots is exactly what a projector shows. */
#include "frame.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

void mc_frame_init(McFrame *fr, int w, int h) {
    memset(fr, 0, sizeof *fr);
    mc_frame_resize(fr, w, h);
}

void mc_frame_resize(McFrame *fr, int w, int h) {
    if (w < 1) w = 1;
    if (h < 1) h = 1;
    if (w != fr->w || h != fr->h) {
        free(fr->cells);
        fr->cells = mc_xcalloc((size_t)w * (size_t)h, sizeof *fr->cells);
        fr->w = w;
        fr->h = h;
    }
    mc_frame_clear(fr);
}

void mc_frame_free(McFrame *fr) {
    free(fr->cells);
    memset(fr, 0, sizeof *fr);
}

void mc_frame_clear(McFrame *fr) {
    for (int i = 0; i < fr->w * fr->h; i++) {
        fr->cells[i].ch = ' ';
        fr->cells[i].attr = 0;
    }
    fr->cur_x = fr->cur_y = -1;
}

McCell *mc_frame_at(McFrame *fr, int x, int y) {
    if (x < 0 || y < 0 || x >= fr->w || y >= fr->h) return NULL;
    return &fr->cells[y * fr->w + x];
}

void mc_frame_put(McFrame *fr, int x, int y, char ch, uint16_t attr) {
    McCell *c = mc_frame_at(fr, x, y);
    if (!c) return;
    c->ch = ch;
    c->attr = attr;
}

int mc_frame_textn(McFrame *fr, int x, int y, int maxw, const char *s, int n, uint16_t attr) {
    if (y < 0 || y >= fr->h) return 0;
    if (maxw > fr->w - x) maxw = fr->w - x; /* nothing past the right edge */
    int col = 0;
    for (int i = 0; i < n && s[i] && col < maxw; i++, col++) {
        unsigned char ch = (unsigned char)s[i];
        char out = ch == '\t' ? ' ' : (ch < 32 || ch > 126) ? '?' : (char)ch;
        mc_frame_put(fr, x + col, y, out, attr);
    }
    return col;
}

int mc_frame_text(McFrame *fr, int x, int y, int maxw, const char *s, uint16_t attr) {
    return mc_frame_textn(fr, x, y, maxw, s, (int)strlen(s), attr);
}

void mc_frame_fill(McFrame *fr, McRect r, char ch, uint16_t attr) {
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) mc_frame_put(fr, x, y, ch, attr);
}

void mc_frame_attr(McFrame *fr, McRect r, uint16_t attr) {
    for (int y = r.y; y < r.y + r.h; y++)
        for (int x = r.x; x < r.x + r.w; x++) {
            McCell *c = mc_frame_at(fr, x, y);
            if (c) c->attr = attr;
        }
}

void mc_frame_box(McFrame *fr, McRect r, const char *title, uint16_t border, uint16_t title_attr) {
    if (r.w < 2 || r.h < 2) return;
    int x1 = r.x + r.w - 1, y1 = r.y + r.h - 1;
    for (int x = r.x + 1; x < x1; x++) {
        mc_frame_put(fr, x, r.y, MC_CH_HLINE, border);
        mc_frame_put(fr, x, y1, MC_CH_HLINE, border);
    }
    for (int y = r.y + 1; y < y1; y++) {
        mc_frame_put(fr, r.x, y, MC_CH_VLINE, border);
        mc_frame_put(fr, x1, y, MC_CH_VLINE, border);
    }
    mc_frame_put(fr, r.x, r.y, MC_CH_ULCORNER, border);
    mc_frame_put(fr, x1, r.y, MC_CH_URCORNER, border);
    mc_frame_put(fr, r.x, y1, MC_CH_LLCORNER, border);
    mc_frame_put(fr, x1, y1, MC_CH_LRCORNER, border);
    if (title && *title && r.w > 4) {
        mc_frame_put(fr, r.x + 1, r.y, ' ', title_attr);
        int n = mc_frame_text(fr, r.x + 2, r.y, r.w - 4, title, title_attr);
        if (r.x + 2 + n < x1) mc_frame_put(fr, r.x + 2 + n, r.y, ' ', title_attr);
    }
}

static char frame_plain(char ch) {
    switch (ch) {
    case MC_CH_HLINE: return '-';
    case MC_CH_VLINE: return '|';
    case MC_CH_ULCORNER:
    case MC_CH_URCORNER:
    case MC_CH_LLCORNER:
    case MC_CH_LRCORNER: return '+';
    default: return ch;
    }
}

void mc_frame_dump(const McFrame *fr, FILE *out) {
    char *row = mc_xmalloc((size_t)fr->w + 1);
    for (int y = 0; y < fr->h; y++) {
        int n = 0;
        for (int x = 0; x < fr->w; x++) row[n++] = frame_plain(fr->cells[y * fr->w + x].ch);
        while (n > 0 && row[n - 1] == ' ') n--;
        row[n] = 0;
        fprintf(out, "%s\n", row);
    }
    free(row);
}

void mc_frame_dump_attrs(const McFrame *fr, FILE *out) {
    static const char letters[] = ".bftkcvxesdpqhgm";
    char *row = mc_xmalloc((size_t)fr->w + 1);
    for (int y = 0; y < fr->h; y++) {
        int n = 0;
        for (int x = 0; x < fr->w; x++) {
            int role = fr->cells[y * fr->w + x].attr & MC_R_MASK;
            char ch;
            if (role >= MC_R_REG0) ch = (char)('0' + (role - MC_R_REG0) % 10);
            else if (role < (int)sizeof letters - 1) ch = letters[role];
            else ch = '?';
            row[n++] = ch;
        }
        while (n > 0 && row[n - 1] == '.') n--;
        row[n] = 0;
        fprintf(out, "%s\n", row);
    }
    free(row);
}

void mc_frame_dump_flags(const McFrame *fr, FILE *out) {
    char *row = mc_xmalloc((size_t)fr->w + 1);
    for (int y = 0; y < fr->h; y++) {
        int n = 0;
        for (int x = 0; x < fr->w; x++) {
            uint16_t a = fr->cells[y * fr->w + x].attr;
            bool b = a & MC_A_BOLD, r = a & MC_A_REVERSE;
            row[n++] = a & MC_A_DIM ? 'd' : b && r ? 'B' : b ? 'b' : r ? 'r' : a & MC_A_UNDERLINE ? 'u' : '.';
        }
        while (n > 0 && row[n - 1] == '.') n--;
        row[n] = 0;
        fprintf(out, "%s\n", row);
    }
    free(row);
}

/* ---- styled lines ------------------------------------------------------------ */

void mc_lines_init(McLines *l) { memset(l, 0, sizeof *l); }

void mc_lines_clear(McLines *l) {
    for (int i = 0; i < l->n; i++) {
        free(l->v[i].text);
        free(l->v[i].attr);
    }
    l->n = 0;
}

void mc_lines_free(McLines *l) {
    mc_lines_clear(l);
    free(l->v);
    memset(l, 0, sizeof *l);
}

McLine *mc_lines_new(McLines *l) {
    MC_GROW(l->v, l->cap, l->n + 1, 32);
    McLine *ln = &l->v[l->n++];
    ln->text = mc_xcalloc(1, 1);
    ln->attr = NULL;
    ln->len = 0;
    ln->fixed = false;
    return ln;
}

void mc_lines_put(McLines *l, const char *s, uint16_t attr) {
    McLine *ln = l->n ? &l->v[l->n - 1] : mc_lines_new(l);
    int add = (int)strlen(s);
    if (!add) return;
    ln->text = mc_xrealloc(ln->text, (size_t)(ln->len + add + 1));
    ln->attr = mc_xrealloc(ln->attr, (size_t)(ln->len + add) * sizeof *ln->attr);
    memcpy(ln->text + ln->len, s, (size_t)add + 1);
    for (int i = 0; i < add; i++) ln->attr[ln->len + i] = attr;
    ln->len += add;
}

void mc_lines_printf(McLines *l, uint16_t attr, const char *fmt, ...) {
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < (int)sizeof buf) {
        mc_lines_put(l, buf, attr);
        return;
    }
    McStr s;
    mc_str_init(&s);
    va_start(ap, fmt);
    mc_str_vprintf(&s, fmt, ap);
    va_end(ap);
    mc_lines_put(l, s.s, attr);
    mc_str_free(&s);
}

void mc_lines_pad(McLines *l, int col, uint16_t attr) {
    McLine *ln = l->n ? &l->v[l->n - 1] : mc_lines_new(l);
    char sp[2] = " ";
    while (ln->len < col) {
        mc_lines_put(l, sp, attr);
        ln = &l->v[l->n - 1];
    }
}

void mc_lines_text(McLines *l, const char *s, uint16_t attr) {
    while (s && *s) {
        const char *nl = strchr(s, '\n');
        size_t n = nl ? (size_t)(nl - s) : strlen(s);
        char *piece = mc_xstrndup(s, n);
        mc_lines_new(l);
        mc_lines_put(l, piece, attr);
        free(piece);
        s += n;
        if (nl) s++;
    }
}

void mc_lines_draw(const McLines *l, int first, McFrame *fr, McRect r) {
    for (int row = 0; row < r.h; row++) {
        int i = first + row;
        if (i < 0 || i >= l->n) continue;
        const McLine *ln = &l->v[i];
        for (int k = 0; k < ln->len && k < r.w; k++) {
            unsigned char ch = (unsigned char)ln->text[k];
            char out = ch == '\t' ? ' ' : (ch < 32 || ch > 126) ? '?' : (char)ch;
            mc_frame_put(fr, r.x + k, r.y + row, out, ln->attr ? ln->attr[k] : 0);
        }
    }
}

int mc_lines_draw_h(const McLines *l, int first, int left, McFrame *fr, McRect r) {
    int widest = 0;
    for (int i = 0; i < l->n; i++)
        if (!l->v[i].fixed && l->v[i].len > widest) widest = l->v[i].len;
    for (int row = 0; row < r.h; row++) {
        int i = first + row;
        if (i < 0 || i >= l->n) continue;
        const McLine *ln = &l->v[i];
        int off = ln->fixed ? 0 : left;
        for (int k = off; k < ln->len && k - off < r.w; k++) {
            unsigned char ch = (unsigned char)ln->text[k];
            char out = ch == '\t' ? ' ' : (ch < 32 || ch > 126) ? '?' : (char)ch;
            mc_frame_put(fr, r.x + k - off, r.y + row, out, ln->attr ? ln->attr[k] : 0);
        }
        if (r.w < 2) continue;
        if (ln->len - off > r.w) mc_frame_put(fr, r.x + r.w - 1, r.y + row, '>', MC_R_MORE | MC_A_BOLD);
        if (off > 0 && ln->len > 0) mc_frame_put(fr, r.x, r.y + row, '<', MC_R_MORE | MC_A_BOLD);
    }
    return widest;
}
