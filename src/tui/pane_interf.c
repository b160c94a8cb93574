/* pane_interf.c - the interference graph for the current budget K: an
 * adjacency matrix (an adjacency list when the graph is too big for the
 * pane), every node coloured by its register, spilled values marked `!`
 * with their slot, and the order in which the allocator coloured them.
 * `+` and `-` change K; the allocation is recomputed and so is this pane. */
#include <stdlib.h>
#include <string.h>

#include "shell/picture.h"
#include "minicc/regalloc.h"
#include "wb.h"

static uint16_t ig_attr(const McPicValue *x) {
    if (x->loc.kind == MC_LOC_REG) return wb_reg_attr(x->loc.index) | MC_A_BOLD;
    if (x->loc.kind == MC_LOC_SLOT) return MC_R_SPILL | MC_A_BOLD;
    return MC_R_DIM;
}

/* `a` or `a!` for a spilled value. */
static void ig_name(McLines *L, const McPicValue *x, int w) {
    mc_lines_printf(L, ig_attr(x), "%s%s", x->name, x->spilled ? "!" : "");
    int n = x->name_len + (x->spilled ? 1 : 0);
    if (w > n) mc_lines_printf(L, 0, "%*s", w - n, "");
}

/* The matrix renderer's pieces (picture.h) as attributed text. */
typedef struct IgPut {
    McLines *L;
    const McPicValues *t;
    bool fresh; /* the next piece starts a line */
} IgPut;

static void ig_put(void *ctx, McMatrixPart part, int32_t node, const char *text) {
    IgPut *c = ctx;
    uint16_t a = 0;
    switch (part) {
    case MC_MX_NEWLINE: c->fresh = true; return;
    case MC_MX_NAME:
    case MC_MX_WHERE:
    case MC_MX_EDGE: a = ig_attr(mc_pic_value(c->t, node)); break;
    case MC_MX_NUMBER:
    case MC_MX_DIAG:
    case MC_MX_NONE: a = MC_R_DIM; break;
    case MC_MX_SPACE: a = 0; break;
    }
    if (c->fresh) mc_lines_new(c->L);
    c->fresh = false;
    mc_lines_put(c->L, text, a);
}

/* The picture (picture.h) as lines for a pane `width` columns wide. */
static void ig_lines(const McAllocation *a, int width, McLines *L) {
    McIgPicture p;
    mc_ig_picture(a, MC_PIC_PANE_LIMITS(width), &p);
    const McPicValues *t = &p.vals;
    int32_t m = p.nnodes;
    int w = p.width_marked < 1 ? 1 : p.width_marked > 14 ? 14 : p.width_marked;
    mc_lines_new(L);
    mc_lines_printf(L, 0, "%d node%s, %lld edge%s, %d spilled", m, m == 1 ? "" : "s", (long long)p.nedges,
                    p.nedges == 1 ? "" : "s", p.nspilled);
    /* Legend: the register colours. */
    mc_lines_new(L);
    mc_lines_put(L, "registers:", MC_R_DIM);
    for (int k = 0; k < p.registers && k < 16; k++) mc_lines_printf(L, wb_reg_attr(k) | MC_A_BOLD, " r%d", k);
    if (p.registers > 16) mc_lines_put(L, " ...", MC_R_DIM);
    if (p.nspilled) mc_lines_put(L, "  x! spilled", MC_R_SPILL | MC_A_BOLD);
    IgPut put = {L, t, true};
    if (!mc_ig_matrix(&p, width, ig_put, &put)) {
        /* One row per node with its neighbours; a summary of a big graph
         * has the picture's first rows, each with the neighbours that fit
         * the pane, then `+N`. */
        for (int32_t i = 0; i < p.nrows; i++) {
            const McIgRow *row = &p.rows[i];
            const McPicValue *x = mc_pic_value(t, row->value);
            mc_lines_new(L);
            ig_name(L, x, w);
            mc_lines_printf(L, ig_attr(x), " %-5s", x->where);
            mc_lines_printf(L, MC_R_DIM, " %3d:", row->degree);
            int col = w + 11;
            int32_t k = 0;
            for (; k < row->nkept; k++) {
                const McPicValue *y = mc_pic_value(t, row->neighbours[k]);
                int len = y->name_len + (y->spilled ? 1 : 0);
                if (p.summary && col + 1 + len > width && k > 0) break;
                mc_lines_put(L, " ", 0);
                ig_name(L, y, 0);
                col += 1 + len;
            }
            if (k < row->nneighbours) mc_lines_printf(L, MC_R_DIM, " +%d", (int)(row->nneighbours - k));
        }
        if (p.nrows < m) {
            mc_lines_new(L);
            mc_lines_printf(L, MC_R_DIM, "... and %d more nodes", (int)(m - p.nrows));
        }
    }
    mc_lines_new(L);
    mc_lines_put(L, "colouring order:", MC_R_HEADING);
    mc_lines_new(L);
    int col = 0;
    for (int32_t i = 0; i < p.norder; i++) {
        const McPicValue *x = mc_pic_value(t, p.order[i]);
        int n = x->name_len + 4;
        if (col > 0 && col + n > width) {
            mc_lines_new(L);
            col = 0;
        }
        mc_lines_printf(L, MC_R_DIM, "%s%d.", col ? " " : "", (int)i + 1);
        ig_name(L, x, 0);
        col += n + (i >= 9 ? 1 : 0);
    }
    if (p.order_more) mc_lines_printf(L, MC_R_DIM, " ... and %d more", (int)p.order_more);
    if (!p.norder && !p.order_more) mc_lines_put(L, "-", MC_R_DIM);
    mc_ig_picture_free(&p);
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
    if (!a) mc_lines_text(&L, s->input ? "no allocation (see the log)" : "no function loaded", MC_R_DIM);
    else ig_lines(a, r.w, &L);
    int n = wb_draw_lines(wb, WB_INTERF, &L, fr, r);
    mc_lines_free(&wb->ig_lines);
    wb->ig_lines = L;
    wb->ig_key = a;
    wb->ig_gen = wb->gen;
    wb->ig_w = r.w;
    return n;
}
