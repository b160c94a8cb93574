/* pane_edge.c - the edge record: the phis of the last edge taken into a
 * phi block, shown as one parallel assignment in two visible phases:
 *
 *     head <- body   step 4
 *     (a, b, i) := (b, a, i1)
 *     1. read all        2. then write all
 *     a reads b  = 2     a: 1 -> 2
 *     b reads a  = 1     b: 2 -> 1
 *     i reads i1 = 1     i: 0 -> 1
 *
 * Phase 1 happens completely before phase 2, which is why the swap works.
 * With `set phi-mode sequential` the record shows the one-at-a-time
 * assignment and points at the read that saw an already overwritten value.
 * When the pane is narrow the two phases are stacked. */
#include <string.h>

#include "wb.h"

static const char *edge_opnd(const McFunc *f, McOperand o, char *buf, size_t size) {
    return mc_opnd_str(f, o, buf, size);
}

int wb_draw_edge(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    const WbEdge *e = &wb->edge;
    bool valid = e->valid && s->interp && e->f == s->interp_func && mc_interp_steps(s->interp) >= e->step;
    const McFunc *f = valid ? e->f : NULL;
    if (!valid) {
        snprintf(title, tsize, "edge");
        const McFunc *xf = wb_exec_func(wb);
        int32_t nphis = 0;
        for (int32_t b = 0; xf && b < xf->nblocks; b++) nphis += xf->blocks[b].nphis;
        if (xf && nphis == 0) {
            mc_lines_text(&L, "this function has no phis", MC_R_DIM);
            if (s->exec == MC_VIEW_DESTROYED)
                mc_lines_text(&L, "phi destruction made them copies\n(marked + in the listing)", MC_R_DIM);
        } else {
            mc_lines_text(&L, "no edge with phis taken yet", MC_R_DIM);
            mc_lines_text(&L, "step (n) into a block with phis:", MC_R_DIM);
            mc_lines_text(&L, "its phis read all, then write all", MC_R_DIM);
        }
    } else {
        /* target <- source, as the body and the prompt's step display say it */
        snprintf(title, tsize, "edge %s <- %s", f->blocks[e->block].name, f->blocks[e->pred].name);
        char buf[64];
        if (wb->last_to != MC_NONE && (wb->last_to != e->block || wb->last_from != e->pred) &&
            mc_interp_steps(s->interp) > e->step) {
            mc_lines_new(&L);
            mc_lines_printf(&L, MC_R_DIM, "last edge %s <- %s has no phis", f->blocks[wb->last_to].name,
                            wb->last_from >= 0 ? f->blocks[wb->last_from].name : "start");
        }
        mc_lines_new(&L);
        mc_lines_printf(&L, MC_R_HEADING | MC_A_BOLD, "%s <- %s", f->blocks[e->block].name, f->blocks[e->pred].name);
        mc_lines_printf(&L, MC_R_DIM, "   step %lld%s", (long long)e->step, e->sequential ? "   SEQUENTIAL" : "");
        /* (a, b) := (b, a) */
        mc_lines_new(&L);
        mc_lines_put(&L, "(", 0);
        for (int32_t k = 0; k < e->nphis; k++)
            mc_lines_printf(&L, 0, "%s%s", k ? ", " : "", f->values[e->phis[k].dest].name);
        mc_lines_put(&L, ") := (", 0);
        for (int32_t k = 0; k < e->nphis; k++)
            mc_lines_printf(&L, 0, "%s%s", k ? ", " : "", edge_opnd(f, e->phis[k].src, buf, sizeof buf));
        mc_lines_put(&L, ")", 0);
        /* Column widths. */
        int wd = 1, ws = 1, wv = 1, wo = 1;
        for (int32_t k = 0; k < e->nphis; k++) {
            const McPhiUpdate *u = &e->phis[k];
            char num[16];
            int n = (int)strlen(f->values[u->dest].name);
            if (n > wd) wd = n;
            n = (int)strlen(edge_opnd(f, u->src, buf, sizeof buf));
            if (n > ws) ws = n;
            n = snprintf(num, sizeof num, "%ld", (long)u->value);
            if (n > wv) wv = n;
            n = u->had_old ? snprintf(num, sizeof num, "%ld", (long)u->old) : 1;
            if (n > wo) wo = n;
        }
        if (e->sequential) {
            mc_lines_text(&L, "one at a time (the classic bug):", MC_R_HEADING);
            for (int32_t k = 0; k < e->nphis; k++) {
                const McPhiUpdate *u = &e->phis[k];
                char old[16];
                if (u->had_old) snprintf(old, sizeof old, "%ld", (long)u->old);
                else snprintf(old, sizeof old, "-");
                mc_lines_new(&L);
                mc_lines_printf(&L, 0, "%d. %-*s := %-*s = %*ld   %*s -> %ld", (int)k + 1, wd, f->values[u->dest].name, ws,
                                edge_opnd(f, u->src, buf, sizeof buf), wv, (long)u->value, wo, old, (long)u->value);
                for (int32_t j = 0; j < k && mc_opnd_is_val(u->src); j++)
                    if (e->phis[j].dest == u->src.v) {
                        mc_lines_printf(&L, MC_R_ERROR | MC_A_BOLD, " <- new %s!", f->values[u->src.v].name);
                        break;
                    }
            }
        } else {
            int col1 = 3 + wd + 7 + ws + 3 + wv; /* "   a reads b = 2" */
            int col2 = wd + 2 + wo + 4 + wv;     /* "a: 1 -> 2" */
            if (col2 < 12) col2 = 12;
            bool side = col1 + 2 + col2 <= r.w;
            if (side) {
                mc_lines_new(&L);
                mc_lines_put(&L, "1. read all", MC_R_HEADING | MC_A_BOLD);
                mc_lines_pad(&L, col1 + 2, 0);
                mc_lines_put(&L, "2. write all", MC_R_HEADING | MC_A_BOLD);
            } else {
                mc_lines_text(&L, "1. read all", MC_R_HEADING | MC_A_BOLD);
            }
            for (int32_t k = 0; k < e->nphis; k++) {
                const McPhiUpdate *u = &e->phis[k];
                mc_lines_new(&L);
                mc_lines_printf(&L, 0, "   %-*s reads %-*s = %*ld", wd, f->values[u->dest].name, ws,
                                edge_opnd(f, u->src, buf, sizeof buf), wv, (long)u->value);
                if (side) {
                    mc_lines_pad(&L, col1 + 2, 0);
                    char old[16];
                    if (u->had_old) snprintf(old, sizeof old, "%ld", (long)u->old);
                    else snprintf(old, sizeof old, "-");
                    bool ch = !u->had_old || u->old != u->value;
                    mc_lines_printf(&L, ch ? (MC_R_CHANGED | MC_A_BOLD) : 0, "%-*s: %*s -> %ld", wd,
                                    f->values[u->dest].name, wo, old, (long)u->value);
                }
            }
            if (!side) {
                mc_lines_text(&L, "2. then write all", MC_R_HEADING | MC_A_BOLD);
                for (int32_t k = 0; k < e->nphis; k++) {
                    const McPhiUpdate *u = &e->phis[k];
                    char old[16];
                    if (u->had_old) snprintf(old, sizeof old, "%ld", (long)u->old);
                    else snprintf(old, sizeof old, "-");
                    bool ch = !u->had_old || u->old != u->value;
                    mc_lines_new(&L);
                    mc_lines_printf(&L, ch ? (MC_R_CHANGED | MC_A_BOLD) : 0, "   %-*s: %*s -> %ld", wd,
                                    f->values[u->dest].name, wo, old, (long)u->value);
                }
            }
        }
    }
    int n = wb_draw_lines(wb, WB_EDGE, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
