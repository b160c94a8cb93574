/* pane_interf.c - the interference graph for the current budget K: an
 * adjacency matrix (an adjacency list when the graph is too big for the
 * pane), every node coloured by its register, spilled values marked `!`
 * with their slot, and the order in which the allocator coloured them.
 * `+` and `-` change K; the allocation is recomputed and so is this pane.
 *
 * The colouring-order stepper: `.` replaces the graph by the allocator's
 * decisions (its trace, regalloc.h) one at a time - the simplify stack
 * grows, then select pops it and colours appear, then recolourings and
 * slots - and `,` takes one back (back to the graph before the first). Only
 * the decisions that made the allocation are stepped: the winning variant
 * and spill metric (`alloc K --trace` at the prompt prints them all). */
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

/* ---- the stepper ------------------------------------------------------------------ */

void wb_ig_free(Wb *wb) {
    mc_alloc_trace_free(&wb->ig_trace);
    free(wb->ig_trace_ev);
    wb->ig_trace_ev = NULL;
    wb->ig_trace_n = 0;
    wb->ig_trace_key = NULL;
}

/* The trace of allocation a (the same inputs as the session's, so the same
 * decisions), and the decisions the stepper shows. false if it cannot be made. */
static bool ig_trace_build(Wb *wb, const McAllocation *a) {
    if (wb->ig_trace_key == a && wb->ig_trace_gen == wb->gen) return true;
    wb_ig_free(wb);
    McSession *s = wb->s;
    const McFunc *ssa = s->opt ? s->opt : s->ssa; /* what the allocation was made from */
    if (!ssa) return false;
    McAllocOptions o = s->alloc_opts;
    o.trace = &wb->ig_trace;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McAllocation *b = mc_allocate(ssa, a->allocator, a->registers, &o, &d);
    mc_diags_free(&d);
    if (!b) return false;
    mc_allocation_free(b);
    const McAllocTrace *t = &wb->ig_trace;
    wb->ig_trace_ev = malloc((size_t)(t->n ? t->n : 1) * sizeof *wb->ig_trace_ev);
    if (!wb->ig_trace_ev) return false;
    for (int32_t i = 0; i < t->n; i++) {
        int k = t->ev[i].kind;
        bool shown = k == MC_TR_MOVE || k == MC_TR_PUSH || k == MC_TR_ORDER || k == MC_TR_COLOUR ||
                     k == MC_TR_RECOLOUR || k == MC_TR_SLOT || k == MC_TR_WINNER;
        if (shown && mc_alloc_trace_on_path(t, i)) wb->ig_trace_ev[wb->ig_trace_n++] = i;
    }
    wb->ig_trace_key = a;
    wb->ig_trace_gen = wb->gen;
    return true;
}

void wb_ig_step(Wb *wb, int delta) {
    wb->status[0] = 0;
    const McAllocation *a = wb_allocation(wb);
    if (!a || !ig_trace_build(wb, a)) {
        wb_note(wb, "no allocation to step (see the log)");
        return;
    }
    int n = (int)wb->ig_trace_n, k = wb->ig_step + delta;
    if (k < 0) k = 0;
    if (k > n) {
        wb->ig_step = n;
        wb_note(wb, "that was the last of %d decisions (, steps back)", n);
        return;
    }
    wb->ig_step = k;
    if (k == 0)
        wb_note(wb, "interference graph (. steps the allocator's decisions)");
    else
        wb_note(wb, "decision %d of %d", k, n);
}

McLocation *wb_ig_locations(Wb *wb, const McAllocation *a) {
    if (!a || wb->ig_step <= 0 || !ig_trace_build(wb, a)) return NULL;
    const McAllocTrace *t = &wb->ig_trace;
    int32_t nv = a->f->nvalues, step = wb->ig_step < wb->ig_trace_n ? wb->ig_step : wb->ig_trace_n;
    McLocation *loc = mc_xcalloc((size_t)(nv ? nv : 1), sizeof *loc);
    for (int32_t k = 0; k < step; k++) {
        const McTraceEvent *e = &t->ev[wb->ig_trace_ev[k]];
        if (e->v < 0 || e->v >= nv) continue;
        if (e->kind == MC_TR_COLOUR || e->kind == MC_TR_RECOLOUR)
            loc[e->v] = e->reg >= 0 ? (McLocation){MC_LOC_REG, e->reg} : (McLocation){MC_LOC_NONE, 0};
        else if (e->kind == MC_TR_SLOT)
            loc[e->v] = (McLocation){MC_LOC_SLOT, e->reg};
    }
    return loc;
}

/* The first `step` decisions: the stack and the locations they built, and
 * the decisions themselves, the last one bold. */
static void ig_step_lines(Wb *wb, const McAllocation *a, int width, int height, McLines *L) {
    const McAllocTrace *t = &wb->ig_trace;
    const McFunc *f = a->f;
    int32_t nv = f->nvalues, step = wb->ig_step;
    McLocation *loc = calloc((size_t)(nv ? nv : 1), sizeof *loc);
    int8_t *state = calloc((size_t)(nv ? nv : 1), 1); /* 1 on the stack, 2 optimistic, 3 popped */
    int32_t *stack = malloc((size_t)(t->n ? t->n : 1) * sizeof *stack);
    int32_t nstack = 0;
    if (!loc || !state || !stack) {
        free(loc);
        free(state);
        free(stack);
        mc_lines_text(L, "out of memory", MC_R_DIM);
        return;
    }
    for (int32_t k = 0; k < step; k++) {
        const McTraceEvent *e = &t->ev[wb->ig_trace_ev[k]];
        if (e->v < 0 || e->v >= nv) continue;
        if (e->kind == MC_TR_PUSH) {
            stack[nstack++] = e->v;
            state[e->v] = e->flag ? 2 : 1;
        } else if (e->kind == MC_TR_COLOUR || e->kind == MC_TR_RECOLOUR) {
            if (state[e->v] == 1 || state[e->v] == 2) state[e->v] = 3;
            loc[e->v] = e->reg >= 0 ? (McLocation){MC_LOC_REG, e->reg} : (McLocation){MC_LOC_NONE, 0};
        } else if (e->kind == MC_TR_SLOT) {
            loc[e->v] = (McLocation){MC_LOC_SLOT, e->reg};
        }
    }
    mc_lines_new(L);
    mc_lines_printf(L, MC_R_HEADING, "decision %d of %d", (int)step, (int)wb->ig_trace_n);
    mc_lines_printf(L, MC_R_DIM, "  (. next  , back)");
    /* The stack, bottom first; popped entries go, optimistic ones end in ?. */
    mc_lines_new(L);
    mc_lines_put(L, "stack:", MC_R_DIM);
    int col = 6, shown = 0;
    for (int32_t k = 0; k < nstack; k++) {
        int32_t v = stack[k];
        if (state[v] == 3) continue;
        int len = (int)strlen(f->values[v].name) + 2;
        if (col + len > width) {
            mc_lines_new(L);
            col = 0;
        }
        mc_lines_printf(L, state[v] == 2 ? MC_R_SPILL : 0, " %s%s", f->values[v].name, state[v] == 2 ? "?" : "");
        col += len;
        shown++;
    }
    if (!shown) mc_lines_put(L, " -", MC_R_DIM);
    /* The locations so far, in handle order. */
    mc_lines_new(L);
    mc_lines_put(L, "located:", MC_R_DIM);
    col = 8;
    shown = 0;
    for (int32_t v = 0; v < nv; v++) {
        if (loc[v].kind == MC_LOC_NONE) continue;
        char buf[32];
        mc_location_str(loc[v], buf, sizeof buf);
        int len = (int)(strlen(f->values[v].name) + strlen(buf)) + 2;
        if (col + len > width) {
            mc_lines_new(L);
            col = 0;
        }
        uint16_t at = loc[v].kind == MC_LOC_REG ? wb_reg_attr(loc[v].index) | MC_A_BOLD : MC_R_SPILL | MC_A_BOLD;
        mc_lines_printf(L, at, " %s=%s", f->values[v].name, buf);
        col += len;
        shown++;
    }
    if (!shown) mc_lines_put(L, " -", MC_R_DIM);
    /* The decisions, as many of the latest as the pane holds. */
    mc_lines_new(L);
    mc_lines_put(L, "decisions:", MC_R_HEADING);
    int room = height - (int)L->n - 1;
    if (room < 1) room = 1;
    int32_t first = step > room ? step - room : 0;
    for (int32_t k = first; k < step; k++) {
        char buf[256];
        mc_alloc_trace_event_str(t, wb->ig_trace_ev[k], a, buf, sizeof buf);
        mc_lines_new(L);
        mc_lines_printf(L, k == step - 1 ? MC_A_BOLD : 0, "%3d %s", (int)k + 1, buf);
    }
    free(loc);
    free(state);
    free(stack);
}

int wb_draw_interf(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    const McAllocation *a = wb_allocation(wb);
    snprintf(title, tsize, "interference K=%d", s->regs);
    /* The graph is of the code after phi destruction (with its $cycle
     * temporaries), whatever stage the IR pane shows: the title says so. */
    if (a) snprintf(title, tsize, "interference K=%d (%s) [destroyed]", a->registers,
                    mc_allocator_name(a->allocator));
    if (a && wb->ig_step > 0 && ig_trace_build(wb, a)) {
        if (wb->ig_step > wb->ig_trace_n) wb->ig_step = wb->ig_trace_n;
        snprintf(title, tsize, "interference K=%d (%s): decisions", a->registers, mc_allocator_name(a->allocator));
        ig_step_lines(wb, a, r.w, r.h, &L);
        int n = wb_draw_lines(wb, WB_INTERF, &L, fr, r);
        mc_lines_free(&L);
        wb->ig_key = NULL; /* the graph's lines are rebuilt when the stepper is left */
        return n;
    }
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
