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
    d->v[d->n].loc = loc;
    d->v[d->n].msg = mc_str_take(&b);
    d->n++;
}

void mc_diag(McDiags *d, McLoc loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mc_vdiag(d, loc, fmt, ap);
    va_end(ap);
}

const char *mc_diag_line(const McDiags *d, int i, char *buf, size_t size) {
    const McDiag *g = &d->v[i];
    if (g->loc.line > 0)
        snprintf(buf, size, "%s:%d:%d: error: %s", d->file ? d->file : "<input>", g->loc.line, g->loc.col,
                 g->msg);
    else if (d->file)
        snprintf(buf, size, "%s: error: %s", d->file, g->msg);
    else
        snprintf(buf, size, "error: %s", g->msg);
    return buf;
}

/* Print source line `line` (1-based) and a caret under column `col`. Tabs in
 * the prefix are kept so the caret lines up in a terminal. */
static void print_caret(const McDiags *d, FILE *out, int line, int col) {
    if (!d->src || line <= 0) return;
    const char *p = d->src, *end = d->src + d->srclen;
    for (int l = 1; l < line && p < end; p++)
        if (*p == '\n') l++;
    if (p >= end && line > 1 && !(p == end && d->srclen && end[-1] == '\n')) return;
    const char *e = p;
    while (e < end && *e != '\n') e++;
    size_t n = (size_t)(e - p);
    if (n > 512) n = 512; /* very long lines: show the start only */
    fprintf(out, "  %.*s\n  ", (int)n, p);
    for (int c = 1; c < col && (size_t)(c - 1) < n; c++) fputc(p[c - 1] == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

void mc_diags_print(const McDiags *d, FILE *out, bool caret) {
    char buf[4096];
    for (int i = 0; i < d->n; i++) {
        fprintf(out, "%s\n", mc_diag_line(d, i, buf, sizeof buf));
        if (caret) print_caret(d, out, d->v[i].loc.line, d->v[i].loc.col);
    }
}
