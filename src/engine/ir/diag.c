/* diag.c - collecting and printing `FILE:LINE:COL: error: MESSAGE`. */
#include "minicc/diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

void mc_diags_init(McDiags *d, const char *file, const char *src, size_t srclen) {
    memset(d, 0, sizeof *d);
    d->file = file ? mc_xstrdup(file) : NULL;
    d->src = src;
    d->srclen = srclen;
}

void mc_diags_clear(McDiags *d) {
    for (int i = 0; i < d->n; i++) free(d->v[i].msg);
    d->n = 0;
}

void mc_diags_free(McDiags *d) {
    mc_diags_clear(d);
    free(d->v);
    free(d->file);
    memset(d, 0, sizeof *d);
}

void mc_vdiag(McDiags *d, McLoc loc, const char *fmt, va_list ap) {
    if (!d) return;
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 8;
        d->v = mc_xrealloc(d->v, (size_t)d->cap * sizeof *d->v);
    }
    McStr b;
    mc_str_init(&b);
    mc_str_vprintf(&b, fmt, ap);
    /* A message may quote the file (a name, a token) or a compiler's
     * output: shown visibly (see diag.h), its line breaks kept. */
    McStr shown;
    mc_str_init(&shown);
    int cols;
    for (size_t i = 0; i < b.len;)
        if (b.s[i] == '\n') mc_str_putc(&shown, b.s[i++]);
        else i += mc_visible_char(&shown, b.s + i, b.len - i, &cols);
    mc_str_free(&b);
    d->v[d->n].loc = loc;
    d->v[d->n].msg = mc_str_take(&shown);
    d->n++;
}

void mc_diags_limit(McDiags *d, int max) {
    d->limit = max;
    d->counted = 0;
    d->full = false;
}

bool mc_vdiag_capped(McDiags *d, McLoc loc, const char *fmt, va_list ap) {
    if (d->full) return false;
    if (d->counted == d->limit) {
        mc_diag(d, loc, "too many errors, giving up");
        d->full = true;
        return false;
    }
    d->counted++;
    mc_vdiag(d, loc, fmt, ap);
    return true;
}

void mc_diag(McDiags *d, McLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mc_vdiag(d, loc, fmt, ap);
    va_end(ap);
}

char *mc_diag_text(const McDiags *d, int i) {
    const McDiag *g = &d->v[i];
    McStr b;
    mc_str_init(&b);
    /* The file name shown like the message (an escape sequence in it must
     * not reach the terminal either). */
    const char *file = d->file ? d->file : g->loc.line > 0 ? "<input>" : NULL;
    if (file) mc_str_put_visible(&b, file, strlen(file));
    if (g->loc.line > 0) mc_str_printf(&b, ":%d:%d: error: ", g->loc.line, g->loc.col);
    else if (file) mc_str_puts(&b, ": error: ");
    else mc_str_puts(&b, "error: ");
    mc_str_puts(&b, g->msg);
    return mc_str_take(&b);
}

const char *mc_diag_line(const McDiags *d, int i, char *buf, size_t size) {
    if (!size) return buf;
    char *t = mc_diag_text(d, i);
    size_t n = strlen(t);
    if (n < size) {
        memcpy(buf, t, n + 1);
    } else {
        /* Too long for buf: its start and its end, so that neither where
         * it is nor the reason (often last, after a quoted name) is lost. */
        static const char gap[] = " ... ";
        size_t room = size - 1, g = sizeof gap - 1;
        if (room <= g + 2) {
            memcpy(buf, t, room);
            buf[room] = 0;
        } else {
            size_t head = (room - g) / 2, tail = room - g - head;
            while (tail > 0 && (t[n - tail] & 0xc0) == 0x80) tail--; /* whole UTF-8 characters */
            while (head > 0 && (t[head] & 0xc0) == 0x80) head--;
            memcpy(buf, t, head);
            memcpy(buf + head, gap, g);
            memcpy(buf + head + g, t + n - tail, tail);
            buf[head + g + tail] = 0;
        }
    }
    free(t);
    return buf;
}

/* The length of a well-formed UTF-8 sequence at s (n bytes left) for a
 * code point of at least U+00A0 (so not a C1 control), or 0. */
static size_t utf8_printable(const unsigned char *s, size_t n) {
    size_t len = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 && s[0] < 0xe0 ? 2 : 0;
    if (!len || len > n) return 0;
    for (size_t i = 1; i < len; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    uint32_t cp = len == 2 ? (uint32_t)(s[0] & 0x1f) << 6 | (s[1] & 0x3f)
                  : len == 3 ? (uint32_t)(s[0] & 0x0f) << 12 | (uint32_t)(s[1] & 0x3f) << 6 | (s[2] & 0x3f)
                             : (uint32_t)(s[0] & 0x07) << 18 | (uint32_t)(s[1] & 0x3f) << 12 |
                                   (uint32_t)(s[2] & 0x3f) << 6 | (s[3] & 0x3f);
    bool overlong = (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000);
    if (cp < 0xa0 || overlong || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return len;
}

size_t mc_visible_char(McStr *b, const char *s, size_t n, int *cols) {
    unsigned char c = (unsigned char)s[0];
    if (c == '\t' || (c >= 0x20 && c < 0x7f)) {
        if (b) mc_str_putc(b, (char)c);
        *cols = 1;
        return 1;
    }
    if (c < 0x20 || c == 0x7f) {
        if (b) {
            mc_str_putc(b, '^');
            mc_str_putc(b, c == 0x7f ? '?' : (char)(c + '@'));
        }
        *cols = 2;
        return 1;
    }
    size_t len = utf8_printable((const unsigned char *)s, n);
    if (len) {
        if (b) mc_str_putn(b, s, len);
        *cols = 1;
        return len;
    }
    if (b) mc_str_printf(b, "\\x%02x", c);
    *cols = 4;
    return 1;
}

void mc_str_put_visible(McStr *b, const char *s, size_t n) {
    int cols;
    for (size_t i = 0; i < n;) i += mc_visible_char(b, s + i, n - i, &cols);
}

char *mc_visible_dup(const char *s, size_t n) {
    McStr b;
    mc_str_init(&b);
    mc_str_put_visible(&b, s, n);
    return mc_str_take(&b);
}

/* Print source line `line` (1-based) and a caret under column `col`, the
 * line shown with mc_str_put_visible (an escape sequence in a file must
 * not reach the terminal) and the caret under the character it points at:
 * a tab in the prefix stays a tab, a character shown in k columns (^[,
 * \x9b) gives k blanks. */
static void print_caret(const McDiags *d, FILE *out, int line, int col) {
    if (!d->src || line <= 0) return;
    const char *p = d->src, *end = d->src + d->srclen;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n') l++;
    if (p >= end && line > 1 && !(p == end && d->srclen && end[-1] == '\n')) return;
    const char *e = p;
    while (e < end && *e != '\n') e++;
    size_t n = (size_t)(e - p), at = (size_t)col - 1; /* col 0: past the end */
    McStr shown, under;
    mc_str_init(&shown);
    mc_str_init(&under);
    /* A very long line: CARET_WINDOW bytes around the column, the cut ends
     * marked "...", so the caret still points at its character. */
    enum { CARET_WINDOW = 512 };
    if (n > CARET_WINDOW) {
        size_t from = at > CARET_WINDOW / 2 ? at - CARET_WINDOW / 2 : 0;
        if (from > n - CARET_WINDOW) from = n - CARET_WINDOW;
        while (from > 0 && (p[from] & 0xc0) == 0x80) from--; /* a whole UTF-8 character */
        size_t to = from + CARET_WINDOW;
        while (to < n && (p[to] & 0xc0) == 0x80) to++;
        if (from > 0) {
            mc_str_puts(&shown, "...");
            mc_str_puts(&under, "   ");
        }
        bool cut_end = to < n;
        p += from;
        n = to - from;
        at -= from;
        if (cut_end) e = NULL; /* "..." after the line below */
    }
    int cols;
    for (size_t i = 0; i < n;) {
        size_t k = mc_visible_char(&shown, p + i, n - i, &cols);
        if (i < at) {
            if (p[i] == '\t') mc_str_putc(&under, '\t');
            else
                for (int c = 0; c < cols; c++) mc_str_putc(&under, ' ');
        }
        i += k;
    }
    if (!e) mc_str_puts(&shown, "...");
    fprintf(out, "  %s\n  %s^\n", shown.s ? shown.s : "", under.s ? under.s : "");
    mc_str_free(&shown);
    mc_str_free(&under);
}

void mc_diags_print(const McDiags *d, FILE *out, bool caret) {
    for (int i = 0; i < d->n; i++) {
        char *t = mc_diag_text(d, i); /* whole, however long */
        fprintf(out, "%s\n", t);
        free(t);
        if (caret) print_caret(d, out, d->v[i].loc.line, d->v[i].loc.col);
    }
}
