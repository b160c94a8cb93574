/* pane_interf.c - the interference graph for the current budget K: an
 * adjacency matrix (an adjacency list when the graph is too big for the
 * pane), every node coloured by its register, spilled values marked `!`
 * with their slot, and the order in which the allocator coloured them.
 * `+` and `-` change K; the allocation is recomputed and so is this pane. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "wb.h"

#define LIST_MAX 500
#define BIG_EDGES 20000

static uint16_t ig_attr(const McAllocation *a, int32_t v) {
    McLocation l = a->loc[v];
    if (l.kind == MC_LOC_REG) return wb_reg_attr(l.index) | MC_A_BOLD;
    if (l.kind == MC_LOC_SLOT) return MC_R_SPILL | MC_A_BOLD;
    return MC_R_DIM;
}

/* `a` or `a!` for a spilled value. */
static void ig_name(McLines *L, const McAllocation *a, int32_t v, int w) {
    const char *name = a->f->values[v].name;
    bool spilled = a->loc[v].kind == MC_LOC_SLOT;
    mc_lines_printf(L, ig_attr(a, v), "%s%s", name, spilled ? "!" : "");
    int n = (int)strlen(name) + (spilled ? 1 : 0);
    if (w > n) mc_lines_printf(L, 0, "%*s", w - n, "");
}

int wb_draw_interf(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    const McAllocation *a = wb_allocation(wb);
    snprintf(title, tsize, "interference K=%d", s->regs);
    if (a) snprintf(title, tsize, "interference K=%d (%s)", a->registers,
                    mc_allocator_name(a->allocator));
    /* The lines depend only on the allocation and the width: keep them. */
    if (a && wb->ig_key == a && wb->ig_gen == wb->gen && wb->ig_w == r.w) {
        mc_lines_free(&L);
        return wb_draw_lines(wb, WB_INTERF, &wb->ig_lines, fr, r);
    }
    if (!a) {
        mc_lines_text(&L, s->input ? "no allocation (see the log)" : "no function loaded", MC_R_DIM);
    } else {
        const McFunc *f = a->f;
        const McIGraph *g = a->graph;
        int32_t nv = g->nvalues < f->nvalues ? g->nvalues : f->nvalues;
        int32_t *nodes = mc_xmalloc((size_t)(nv + 1) * sizeof *nodes);
        int32_t m = 0;
        int w = 1;
        for (int32_t v = 0; v < nv; v++)
            if (g->node[v]) {
                nodes[m++] = v;
                int n = (int)strlen(f->values[v].name) + (a->loc[v].kind == MC_LOC_SLOT ? 1 : 0);
                if (n > w) w = n;
            }
        if (w > 14) w = 14;
        bool big = g->nedges > BIG_EDGES;
        mc_lines_new(&L);
        mc_lines_printf(&L, 0, "%d node%s, %lld edge%s, %d spilled", m, m == 1 ? "" : "s", (long long)g->nedges,
                        g->nedges == 1 ? "" : "s", a->nspilled);
        /* Legend: the register colours. */
        mc_lines_new(&L);
        mc_lines_put(&L, "registers:", MC_R_DIM);
        for (int k = 0; k < a->registers && k < 16; k++) mc_lines_printf(&L, wb_reg_attr(k) | MC_A_BOLD, " r%d", k);
        if (a->registers > 16) mc_lines_put(&L, " ...", MC_R_DIM);
        if (a->nspilled) mc_lines_put(&L, "  x! spilled", MC_R_SPILL | MC_A_BOLD);
        /* Cells are 3 columns wide once numbers have two digits, if that fits. */
        int cw = m >= 10 && 3 + w + 7 + 3 * m <= r.w ? 3 : 2;
        int matrix_w = 3 + w + 7 + cw * m;
        if (m > 0 && m <= 60 && matrix_w <= r.w) {
            /* Column numbers, then one row per node. */
            mc_lines_new(&L);
            mc_lines_printf(&L, 0, "%*s", 3 + w + 7, "");
            for (int32_t j = 0; j < m; j++)
                mc_lines_printf(&L, MC_R_DIM, "%*d", cw, cw == 3 ? (int)(j + 1) : (int)((j + 1) % 10));
            char where[32];
            for (int32_t i = 0; i < m; i++) {
                int32_t v = nodes[i];
                mc_lines_new(&L);
                mc_lines_printf(&L, MC_R_DIM, "%2d ", (int)i + 1);
                ig_name(&L, a, v, w);
                mc_lines_printf(&L, ig_attr(a, v), " %-5s ", mc_location_str(a->loc[v], where, sizeof where));
                for (int32_t j = 0; j < m; j++) {
                    const char *cell = i == j ? "\\" : mc_igraph_has(g, v, nodes[j]) ? "x" : ".";
                    mc_lines_printf(&L, cell[0] == 'x' ? ig_attr(a, nodes[j]) : MC_R_DIM, "%*s", cw, cell);
                }
            }
        } else {
            /* One row per node with its neighbours; for a big graph (more
             * than BIG_EDGES edges) at most LIST_MAX rows, each with the
             * neighbours that fit the pane, then `+N`: a dense graph of
             * thousands of nodes would otherwise build millions of cells. */
            char where[32];
            int32_t *row = mc_xmalloc((size_t)(g->nvalues ? g->nvalues : 1) * sizeof *row);
            int32_t shown = big && m > LIST_MAX ? LIST_MAX : m;
            for (int32_t i = 0; i < shown; i++) {
                int32_t v = nodes[i];
                mc_lines_new(&L);
                ig_name(&L, a, v, w);
                mc_lines_printf(&L, ig_attr(a, v), " %-5s", mc_location_str(a->loc[v], where, sizeof where));
                mc_lines_printf(&L, MC_R_DIM, " %3d:", g->degree[v]);
                int32_t n = mc_igraph_neighbours(g, v, row);
                int col = w + 11;
                for (int32_t k = 0; k < n; k++) {
                    int len = (int)strlen(f->values[row[k]].name) + (a->loc[row[k]].kind == MC_LOC_SLOT ? 1 : 0);
                    if (big && col + 1 + len > r.w && k > 0) {
                        mc_lines_printf(&L, MC_R_DIM, " +%d", (int)(n - k));
                        break;
                    }
                    mc_lines_put(&L, " ", 0);
                    ig_name(&L, a, row[k], 0);
                    col += 1 + len;
                }
            }
            if (shown < m) {
                mc_lines_new(&L);
                mc_lines_printf(&L, MC_R_DIM, "... and %d more nodes", (int)(m - shown));
            }
            free(row);
        }
        mc_lines_new(&L);
        mc_lines_put(&L, "colouring order:", MC_R_HEADING);
        mc_lines_new(&L);
        int col = 0;
        int32_t norder = big && a->norder > LIST_MAX ? LIST_MAX : a->norder;
        for (int32_t i = 0; i < norder; i++) {
            int32_t v = a->order[i];
            int n = (int)strlen(f->values[v].name) + 4;
            if (col > 0 && col + n > r.w) {
                mc_lines_new(&L);
                col = 0;
            }
            mc_lines_printf(&L, MC_R_DIM, "%s%d.", col ? " " : "", (int)i + 1);
            ig_name(&L, a, v, 0);
            col += n + (i >= 9 ? 1 : 0);
        }
        if (norder < a->norder) mc_lines_printf(&L, MC_R_DIM, " ... and %d more", (int)(a->norder - norder));
        if (!a->norder) mc_lines_put(&L, "-", MC_R_DIM);
        free(nodes);
    }
    int n = wb_draw_lines(wb, WB_INTERF, &L, fr, r);
    mc_lines_free(&wb->ig_lines);
    wb->ig_lines = L;
    wb->ig_key = a;
    wb->ig_gen = wb->gen;
    wb->ig_w = r.w;
    return n;
}
