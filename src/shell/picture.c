/* picture.c - the registers and interference pictures as plain data (picture.h). */
#include "shell/picture.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

static void values_init(McPicValues *t, const McAllocation *a) {
    const McFunc *f = a->f;
    t->f = f;
    t->n = f->nvalues;
    t->v = mc_xcalloc((size_t)(t->n ? t->n : 1), sizeof *t->v);
    for (int32_t v = 0; v < t->n; v++) {
        McPicValue *x = &t->v[v];
        x->name = f->values[v].name;
        x->name_len = (int)strlen(x->name);
        x->loc = a->loc[v];
        x->spilled = x->loc.kind == MC_LOC_SLOT;
        mc_alloc_location_str(a, x->loc, x->where, sizeof x->where);
    }
    memset(&t->unknown, 0, sizeof t->unknown);
    t->unknown.name = "?";
    t->unknown.name_len = 1;
    mc_location_str(t->unknown.loc, t->unknown.where, sizeof t->unknown.where);
}

/* ---- registers ------------------------------------------------------------------- */

void mc_regs_picture(const McAllocation *a, McRegsPicture *p) {
    memset(p, 0, sizeof *p);
    values_init(&p->vals, a);
    p->registers = a->registers;
    p->slots = a->slots;
    p->nspilled = a->nspilled;
    int32_t n = p->vals.n;
    p->rows = mc_xmalloc((size_t)(n ? n : 1) * sizeof *p->rows);
    bool *seen = mc_xcalloc((size_t)a->registers + 1, 1);
    for (int32_t v = 0; v < n; v++) {
        const McPicValue *x = &p->vals.v[v];
        if (x->loc.kind == MC_LOC_NONE) continue;
        McRegsRow *r = &p->rows[p->nrows++];
        r->value = v;
        r->alias = a->alias && a->alias[v] != v && a->alias[v] >= 0 ? a->alias[v] : MC_NONE;
        if (x->name_len > p->width) p->width = x->name_len;
        if (x->loc.kind == MC_LOC_REG && x->loc.index < a->registers && !seen[x->loc.index]) {
            seen[x->loc.index] = true;
            p->used++;
        }
    }
    free(seen);
}

void mc_regs_picture_free(McRegsPicture *p) {
    free(p->vals.v);
    free(p->rows);
    memset(p, 0, sizeof *p);
}

/* ---- interference graph ------------------------------------------------------------ */

void mc_ig_picture(const McAllocation *a, McIgLimits lim, McIgPicture *p) {
    memset(p, 0, sizeof *p);
    values_init(&p->vals, a);
    const McIGraph *g = a->graph;
    p->allocator = a->allocator;
    p->registers = a->registers;
    p->nspilled = a->nspilled;
    p->graph_nodes = g->nnodes;
    p->nedges = g->nedges;
    p->summary = g->nedges > MC_PIC_LIST_MAX_EDGES;
    int32_t nv = g->nvalues < p->vals.n ? g->nvalues : p->vals.n;
    p->node = mc_xmalloc((size_t)(nv + 1) * sizeof *p->node);
    for (int32_t v = 0; v < nv; v++) {
        if (!g->node[v]) continue;
        p->node[p->nnodes++] = v;
        const McPicValue *x = &p->vals.v[v];
        if (x->name_len > p->width) p->width = x->name_len;
        if (x->name_len + x->spilled > p->width_marked) p->width_marked = x->name_len + x->spilled;
    }
    p->nrows = p->summary && p->nnodes > lim.summary_rows ? lim.summary_rows : p->nnodes;
    int32_t keep = p->summary ? lim.summary_neighbours : INT32_MAX;
    /* The neighbours kept: all of a listed graph (at most twice its edges),
     * at most `keep` per row of a summary. */
    int64_t total = 0;
    for (int32_t i = 0; i < p->nrows; i++) {
        int32_t d = g->degree[p->node[i]];
        total += d < keep ? d : keep;
    }
    p->rows = mc_xcalloc((size_t)(p->nrows ? p->nrows : 1), sizeof *p->rows);
    p->store_ = mc_xmalloc((size_t)(total ? total : 1) * sizeof *p->store_);
    int32_t *buf = mc_xmalloc((size_t)(g->nvalues ? g->nvalues : 1) * sizeof *buf);
    int64_t at = 0;
    for (int32_t i = 0; i < p->nrows; i++) {
        McIgRow *r = &p->rows[i];
        r->value = p->node[i];
        r->degree = g->degree[r->value];
        r->neighbours = p->store_ + at;
        if (keep == 0) {
            r->nneighbours = r->degree;
            continue;
        }
        r->nneighbours = mc_igraph_neighbours(g, r->value, buf);
        r->nkept = r->nneighbours < keep ? r->nneighbours : keep;
        if (at + r->nkept > total) r->nkept = (int32_t)(total - at); /* degree disagrees: never past the store */
        memcpy(p->store_ + at, buf, (size_t)r->nkept * sizeof *buf);
        at += r->nkept;
    }
    free(buf);
    if (!p->summary && p->nnodes <= lim.matrix_max) {
        int32_t m = p->nnodes;
        p->adj = mc_xcalloc((size_t)(m ? m * m : 1), sizeof *p->adj);
        for (int32_t i = 0; i < m; i++)
            for (int32_t j = 0; j < m; j++) p->adj[i * m + j] = i != j && mc_igraph_has(g, p->node[i], p->node[j]);
    }
    p->order = a->order;
    p->norder = p->summary && a->norder > lim.summary_rows ? lim.summary_rows : a->norder;
    p->order_more = a->norder - p->norder;
}

void mc_ig_picture_free(McIgPicture *p) {
    free(p->vals.v);
    free(p->node);
    free(p->rows);
    free(p->adj);
    free(p->store_);
    memset(p, 0, sizeof *p);
}

/* ---- the adjacency matrix ------------------------------------------------------------ */

static void mx_printf(McMatrixPut put, void *ctx, McMatrixPart part, int32_t node, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;

static void mx_printf(McMatrixPut put, void *ctx, McMatrixPart part, int32_t node, const char *fmt, ...) {
    char buf[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    put(ctx, part, node, buf);
}

bool mc_ig_matrix(const McIgPicture *p, int width, McMatrixPut put, void *ctx) {
    int32_t m = p->nnodes;
    if (m <= 0 || !p->adj) return false;
    int w = p->width_marked < 1 ? 1 : p->width_marked > 14 ? 14 : p->width_marked;
    int head = 3 + w + 7; /* "NN name  where  " */
    int cw = m >= 10 && (int64_t)head + 3 * (int64_t)m <= width ? 3 : 2;
    if ((int64_t)head + (int64_t)cw * m > width) return false;
    if (cw == 2 && m >= 10) {
        mx_printf(put, ctx, MC_MX_SPACE, MC_NONE, "%*s", head, "");
        for (int32_t j = 0; j < m; j++) {
            if (j + 1 < 10) mx_printf(put, ctx, MC_MX_SPACE, MC_NONE, "%*s", cw, "");
            else mx_printf(put, ctx, MC_MX_NUMBER, MC_NONE, "%*d", cw, (int)((j + 1) / 10 % 10));
        }
        put(ctx, MC_MX_NEWLINE, MC_NONE, "");
    }
    mx_printf(put, ctx, MC_MX_SPACE, MC_NONE, "%*s", head, "");
    for (int32_t j = 0; j < m; j++)
        mx_printf(put, ctx, MC_MX_NUMBER, MC_NONE, "%*d", cw, cw == 3 ? (int)(j + 1) : (int)((j + 1) % 10));
    put(ctx, MC_MX_NEWLINE, MC_NONE, "");
    for (int32_t i = 0; i < m; i++) {
        int32_t v = p->node[i];
        const McPicValue *x = mc_pic_value(&p->vals, v);
        mx_printf(put, ctx, MC_MX_NUMBER, v, "%2d ", (int)i + 1);
        int n = x->name_len + (x->spilled ? 1 : 0);
        mx_printf(put, ctx, MC_MX_NAME, v, "%s%s", x->name, x->spilled ? "!" : "");
        if (w > n) mx_printf(put, ctx, MC_MX_SPACE, MC_NONE, "%*s", w - n, "");
        mx_printf(put, ctx, MC_MX_WHERE, v, " %-5s ", x->where);
        for (int32_t j = 0; j < m; j++) {
            bool edge = p->adj[i * m + j];
            mx_printf(put, ctx, i == j ? MC_MX_DIAG : edge ? MC_MX_EDGE : MC_MX_NONE, p->node[j], "%*s", cw,
                      i == j ? "\\" : edge ? "x" : ".");
        }
        put(ctx, MC_MX_NEWLINE, MC_NONE, "");
    }
    return true;
}
