/* intervals.c - the live-interval picture (intervals.h). Liveness per
 * point (points.c) marks the instructions where a value is live: the live
 * set between two instructions marks both, a definition marks its own;
 * inside [start, end] (mc_intervals) the rest are holes. */
#include "shell/intervals.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"

typedef struct ByStart {
    const McIntervals *iv;
} ByStart;

static int32_t *sort_rows(const McIntervals *iv, const McIGraph *g, int32_t *n) {
    int32_t *v = mc_xmalloc((size_t)(g->nnodes ? g->nnodes : 1) * sizeof *v);
    *n = 0;
    for (int32_t x = 0; x < g->nvalues && x < iv->nvalues; x++)
        if (g->node[x] && iv->start[x] <= iv->end[x]) v[(*n)++] = x;
    /* insertion sort by (start, handle): stable and small pictures */
    for (int32_t i = 1; i < *n; i++) {
        int32_t x = v[i], j = i;
        while (j > 0 && (iv->start[v[j - 1]] > iv->start[x] || (iv->start[v[j - 1]] == iv->start[x] && v[j - 1] > x))) {
            v[j] = v[j - 1];
            j--;
        }
        v[j] = x;
    }
    return v;
}

void mc_iv_picture(const McAllocation *a, int max_cols, McIvPicture *p) {
    memset(p, 0, sizeof *p);
    const McFunc *f = a->destroyed->f;
    McLiveness *lv = mc_liveness_all(f, NULL);
    McIntervals *iv = mc_intervals(f, lv);
    McPoints *pt = mc_live_points(f, lv, true);
    if (max_cols < 8) max_cols = 8;
    int32_t n = iv->nindex;
    p->nindex = n;
    p->per = n <= max_cols ? 1 : (n + max_cols - 1) / max_cols;
    int32_t cols = n ? (n + p->per - 1) / p->per : 1; /* cells */
    /* short functions: up to three characters a cell, so block names fit */
    int32_t cw = p->per == 1 && n > 0 ? max_cols / n : 1;
    if (cw > 3) cw = 3;
    if (cw < 1) cw = 1;
    p->cw = cw;
    p->cols = cols * cw;
    int32_t W = p->cols;
    p->blocks = mc_xmalloc((size_t)W + 1);
    p->ruler = mc_xmalloc((size_t)W + 1);
    memset(p->blocks, ' ', (size_t)W);
    memset(p->ruler, '-', (size_t)W);
    p->blocks[W] = p->ruler[W] = 0;
    bool *start_col = mc_xcalloc((size_t)cols, sizeof *start_col);
    for (int32_t k = 0; k < iv->norder; k++) {
        int32_t b = iv->order[k], c = iv->first[b] / p->per;
        if (c >= cols || start_col[c]) continue;
        start_col[c] = true;
        p->ruler[c * cw] = '|';
    }
    for (int32_t k = 0; k < iv->norder; k++) {
        int32_t b = iv->order[k], c = iv->first[b] / p->per;
        if (c >= cols || p->blocks[c * cw] != ' ') continue;
        const char *name = f->blocks[b].name;
        for (int32_t j = 0; name[j] && c * cw + j < W && (j == 0 || (c * cw + j) % cw || !start_col[(c * cw + j) / cw]);
             j++)
            p->blocks[c * cw + j] = name[j];
    }
    int32_t nrows;
    int32_t *vals = sort_rows(iv, a->graph, &nrows);
    int32_t *row_of = mc_xmalloc((size_t)(f->nvalues ? f->nvalues : 1) * sizeof *row_of);
    for (int32_t v = 0; v < f->nvalues; v++) row_of[v] = -1;
    p->rows = mc_xcalloc((size_t)(nrows ? nrows : 1), sizeof *p->rows);
    p->nrows = nrows;
    /* live[r][c] */
    bool *live = mc_xcalloc((size_t)(nrows ? nrows : 1) * (size_t)cols, sizeof *live);
    for (int32_t r = 0; r < nrows; r++) {
        row_of[vals[r]] = r;
        int w = (int)strlen(f->values[vals[r]].name);
        if (w > p->name_w) p->name_w = w;
    }
#define MARK(v, idx)                                                                                         \
    do {                                                                                                     \
        int32_t r_ = row_of[(v)];                                                                            \
        if (r_ >= 0 && (idx) >= 0 && (idx) < n) live[(size_t)r_ * (size_t)cols + (size_t)((idx) / p->per)] = true; \
    } while (0)
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        int32_t first = iv->first[b];
        for (int32_t at = -1; at < bl->ninsts; at++) {
            McValList l = mc_points_live(pt, b, at);
            for (int32_t i = 0; i < l.n; i++) {
                if (at >= 0) MARK(l.v[i], first + at);
                MARK(l.v[i], first + at + 1);
            }
        }
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].dest != MC_NONE) MARK(bl->insts[i].dest, first + i);
    }
#undef MARK
    for (int32_t r = 0; r < nrows; r++) {
        int32_t v = vals[r];
        McIvRow *row = &p->rows[r];
        row->value = v;
        mc_alloc_location_str(a, a->loc[v], row->where, sizeof row->where);
        row->bar = mc_xmalloc((size_t)W + 1);
        int32_t s = iv->start[v] < 0 ? 0 : iv->start[v] / 2, e = iv->end[v] < 0 ? 0 : iv->end[v] / 2;
        char on = a->loc[v].kind == MC_LOC_SLOT ? '#' : '=';
        for (int32_t c = 0; c < cols; c++) {
            bool in = c >= s / p->per && c <= e / p->per;
            char ch = start_col[c] ? ':' : ' ';
            if (live[(size_t)r * (size_t)cols + (size_t)c])
                ch = on;
            else if (in)
                ch = '.';
            for (int32_t k = 0; k < cw; k++) row->bar[c * cw + k] = k == 0 || ch != ':' ? ch : ' ';
        }
        row->bar[W] = 0;
    }
    free(live);
    free(row_of);
    free(vals);
    free(start_col);
    mc_points_free(pt);
    mc_intervals_free(iv);
    mc_liveness_free(lv);
}

void mc_iv_picture_free(McIvPicture *p) {
    for (int32_t r = 0; r < p->nrows; r++) free(p->rows[r].bar);
    free(p->rows);
    free(p->blocks);
    free(p->ruler);
    memset(p, 0, sizeof *p);
}

void mc_show_intervals(const McAllocation *a, int max_cols, FILE *out) {
    McIvPicture p;
    mc_iv_picture(a, max_cols, &p);
    const McFunc *f = a->destroyed->f;
    fprintf(out, "# live intervals of %s (%s, K = %d): %d value%s over %d instructions in reverse postorder", f->name,
            mc_allocator_name(a->allocator), a->registers, (int)p.nrows, p.nrows == 1 ? "" : "s", (int)p.nindex);
    if (p.per > 1) fprintf(out, ", %d instructions a column", (int)p.per);
    fputc('\n', out);
    int w = p.name_w, lw = 6;
    int bl = (int)strlen(p.blocks);
    while (bl > 0 && p.blocks[bl - 1] == ' ') bl--;
    fprintf(out, "%-*s %-*s %.*s\n", w, "", lw, "", bl, p.blocks);
    fprintf(out, "%-*s %-*s %s\n", w, "", lw, "", p.ruler);
    for (int32_t r = 0; r < p.nrows; r++) {
        const McIvRow *row = &p.rows[r];
        /* no trailing blanks */
        int len = (int)strlen(row->bar);
        while (len > 0 && (row->bar[len - 1] == ' ' || row->bar[len - 1] == ':')) len--;
        fprintf(out, "%-*s %-*s %.*s\n", w, f->values[row->value].name, lw, row->where, len, row->bar);
    }
    fputs("# = live in a register, # live in a slot, . a hole (inside the interval, not live), | a block starts;\n"
          "# every allocator keeps a value in one location for its whole life (no splitting)\n",
          out);
    mc_iv_picture_free(&p);
}
