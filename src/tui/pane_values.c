/* pane_values.c - the values: every name live at the interpreter's position
 * with its value, the ones the last step changed marked `*` and
 * highlighted with their old value; below them, dimmed on one line, values
 * that still hold something but are no longer live; then the buffers, the
 * elements the last step stored to marked `*` and highlighted.
 *
 * For a MiniC program the temporaries the lowering made (`lt.L21`,
 * `load.L22.2`: an IR operation's name and a line) are left out unless
 * wb->show_temps (`:temps`), so the C variables are what the pane shows;
 * a line counts the hidden ones.
 *
 * "Live at the position" uses block liveness (cfg.h): before entering a
 * block from P it is live-out(P) (the phi operands of the edge included);
 * inside a block it is live-out scanned backwards to the next instruction. */
#include <stdlib.h>
#include <string.h>

#include "wb.h"

/* Is `name` of f a temporary of MiniC's lowering: OP.L<line>[.N], OP the
 * name of an IR operation? (C variables never are: a C name that is an IR
 * word is `$OP`, minic.h.) */
bool wb_value_is_temp(const McFunc *f, const char *name) {
    if (!f->c_names) return false;
    const char *dot = strchr(name, '.');
    if (!dot || dot[1] != 'L' || dot[2] < '0' || dot[2] > '9') return false;
    size_t n = (size_t)(dot - name);
    for (int op = 0; op < MC_OP_COUNT; op++)
        if (mc_op_info[op].name && strlen(mc_op_info[op].name) == n && strncmp(mc_op_info[op].name, name, n) == 0)
            return true;
    return false;
}

/* Mark the values live at the interpreter position in live[]. */
static void val_live_here(Wb *wb, const McFunc *f, uint8_t *live) {
    McSession *s = wb->s;
    memset(live, 0, (size_t)f->nvalues);
    int32_t b = mc_interp_block(s->interp), pc = mc_interp_pc(s->interp);
    if (b < 0 || !wb_ensure_live(wb, f)) {
        for (int32_t p = 0; p < f->nparams; p++) live[f->params[p]] = 1;
        return;
    }
    const McLiveness *L = wb->live;
    if (pc < 0) {
        int32_t pred = mc_interp_prev_block(s->interp);
        McValList set = pred >= 0 ? mc_live_out(L, pred) : mc_live_in(L, b);
        for (int32_t i = 0; i < set.n; i++) live[set.v[i]] = 1;
        if (pred < 0)
            for (int32_t p = 0; p < f->nparams; p++) live[f->params[p]] = 1;
        return;
    }
    McValList out = mc_live_out(L, b);
    for (int32_t i = 0; i < out.n; i++) live[out.v[i]] = 1;
    const McBlock *bl = &f->blocks[b];
    if (bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) live[bl->term.arg.v] = 1;
    for (int32_t i = bl->ninsts - 1; i >= pc; i--) {
        const McInst *in = &bl->insts[i];
        if (in->dest >= 0) live[in->dest] = 0;
        for (int k = 0; k < mc_op_info[in->op].nargs; k++)
            if (mc_opnd_is_val(in->a[k])) live[in->a[k].v] = 1;
    }
}

/* What the step now shown wrote: for each value, whether it was written
 * (VAL_NEW: undefined before; VAL_OLD: defined, its value then in was[]).
 * The source of truth is the session's events of the last execution
 * command (s->last), from its last block entry on: that is the last step
 * whether the command was one step (`n`, `i`), a continue (which keeps only
 * the last block's events), a replay to go back, or several steps typed at
 * the command line. A restart or a new stage has no events: nothing is
 * marked. The phi writes of the edge and the instruction results carry the
 * value before the write; the first write of a value in the step counts. */
enum { VAL_UNTOUCHED = 0, VAL_OLD = 1, VAL_NEW = 2 };

typedef struct ValMarks {
    uint8_t *how; /* VAL_* per value */
    int32_t *was;
} ValMarks;

static void val_note(ValMarks *m, int32_t nvalues, int32_t v, bool had_old, int32_t old) {
    if (v < 0 || v >= nvalues || m->how[v] != VAL_UNTOUCHED) return;
    m->how[v] = had_old ? VAL_OLD : VAL_NEW;
    m->was[v] = old;
}

static void val_marks(const McSession *s, const McFunc *f, ValMarks *m) {
    m->how = mc_xcalloc((size_t)f->nvalues + 1, 1);
    m->was = mc_xcalloc((size_t)f->nvalues + 1, sizeof *m->was);
    if (!s->interp || s->interp_func != f) return;
    const McSessionEvents *e = &s->last;
    int from = e->n;
    while (from > 0 && e->v[from - 1].kind != MC_EV_ENTER) from--;
    if (from > 0) from--; /* the last block entry itself (its phis follow) */
    for (int i = from; i < e->n; i++) {
        const McEvent *ev = &e->v[i];
        if (ev->kind == MC_EV_PHIS) {
            for (int32_t k = 0; k < ev->nphis; k++)
                val_note(m, f->nvalues, ev->phis[k].dest, ev->phis[k].had_old, ev->phis[k].old);
        } else if (ev->kind == MC_EV_INST && ev->block >= 0 && ev->block < f->nblocks && ev->inst >= 0 &&
                   ev->inst < f->blocks[ev->block].ninsts) {
            int32_t d = f->blocks[ev->block].insts[ev->inst].dest;
            if (d >= 0) val_note(m, f->nvalues, d, ev->had_old, ev->old);
        }
    }
}

/* The elements of buffer parameter `buf` that the step now shown stored
 * to (its MEM events, from the last block entry on, as val_marks): true in
 * stored[] (len elements); whether there was any. */
static bool val_stored(const McSession *s, const McFunc *f, int32_t buf, uint8_t *stored, int32_t len) {
    if (!s->interp || s->interp_func != f) return false;
    const McSessionEvents *e = &s->last;
    int from = e->n;
    while (from > 0 && e->v[from - 1].kind != MC_EV_ENTER) from--;
    if (from > 0) from--;
    bool any = false;
    for (int i = from; i < e->n; i++) {
        const McEvent *ev = &e->v[i];
        if (ev->kind == MC_EV_MEM && ev->is_store && ev->buf == buf && ev->index >= 0 && ev->index < len) {
            stored[ev->index] = 1;
            any = true;
        }
    }
    return any;
}

static void val_marks_free(ValMarks *m) {
    free(m->how);
    free(m->was);
}

/* Whether the last step changed v, now x: written, and new or different. */
static bool val_changed(const ValMarks *m, int32_t v, int32_t x) {
    return m->how[v] == VAL_NEW || (m->how[v] == VAL_OLD && m->was[v] != x);
}

static void val_line(const ValMarks *m, McLines *L, const McFunc *f, int32_t v, int32_t x, int w, bool dim) {
    bool changed = val_changed(m, v, x);
    uint16_t a = dim ? MC_R_DIM : MC_R_NORMAL;
    if (changed) a = MC_R_CHANGED | MC_A_BOLD;
    mc_lines_new(L);
    mc_lines_printf(L, a, "%c %-*s = %ld", changed ? '*' : ' ', w, mc_shown_name(f, f->values[v].name), (long)x);
    if (changed && m->how[v] == VAL_OLD) mc_lines_printf(L, MC_R_DIM, "   (was %ld)", (long)m->was[v]);
    else if (changed) mc_lines_put(L, "   (new)", MC_R_DIM);
}

/* Values as one wrapped line of `name=value` items after a label; the ones
 * the last step changed are highlighted. want(v) selects them. */
static void val_wrapped(Wb *wb, const ValMarks *m, McLines *L, const McFunc *f, const char *label, const uint8_t *live,
                        bool want_live, int width) {
    McSession *s = wb->s;
    mc_lines_new(L);
    mc_lines_put(L, label, MC_R_DIM);
    int col = (int)strlen(label);
    for (int32_t v = 0; v < f->nvalues; v++) {
        int32_t x;
        if (f->values[v].kind != MC_VAL_I32 || (live && (bool)live[v] != want_live) || !mc_interp_value(s->interp, v, &x))
            continue;
        if (!wb->show_temps && wb_value_is_temp(f, f->values[v].name)) continue;
        char item[96];
        int n = snprintf(item, sizeof item, " %s=%ld", mc_shown_name(f, f->values[v].name), (long)x);
        if (col + n > width && col > 0) {
            mc_lines_new(L);
            col = 0;
        }
        mc_lines_put(L, item, val_changed(m, v, x) ? (MC_R_CHANGED | MC_A_BOLD) : live ? MC_R_DIM : MC_R_NORMAL);
        col += n;
    }
}

/* The watch list (watch NAME, display NAME): each value now, a watch with
 * the value it had at the last check when a step changed it since. */
static void val_watch_list(Wb *wb, McLines *L) {
    McSession *s = wb->s;
    const McStops *st = &s->stops;
    if (!st->nw && !st->ndisp) return;
    mc_lines_new(L);
    mc_lines_put(L, "watch list:", MC_R_HEADING);
    for (int k = 0; k < st->nw + st->ndisp; k++) {
        bool watch = k < st->nw;
        const char *name = watch ? st->w[k].name : st->disp[k - st->nw];
        int32_t v = s->interp ? mc_func_find_value(s->interp_func, name) : MC_NONE, x = 0;
        bool has = v != MC_NONE && s->interp_func->values[v].kind == MC_VAL_I32 && mc_interp_value(s->interp, v, &x);
        mc_lines_new(L);
        mc_lines_printf(L, watch ? MC_R_BREAK | MC_A_BOLD : MC_R_DIM, "%s ", watch ? "watch  " : "display");
        if (has) mc_lines_printf(L, MC_R_NORMAL, "%s = %ld", name, (long)x);
        else mc_lines_printf(L, MC_R_NORMAL, "%s = -", name);
        if (watch && st->w[k].hits) mc_lines_printf(L, MC_R_DIM, "  (stopped %lld time%s)", (long long)st->w[k].hits,
                                                    st->w[k].hits == 1 ? "" : "s");
    }
}

int wb_draw_values(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    snprintf(title, tsize, "values");
    McLines L;
    mc_lines_init(&L);
    const McFunc *f = wb_exec_func(wb);
    if (!f) {
        mc_lines_text(&L, "no function loaded", MC_R_DIM);
    } else if (!s->interp || s->interp_func != f) {
        if (!s->have_args) {
            /* An example that fits the signature: 3 per i32, [1,2,3] per buf. */
            McStr ex;
            mc_str_init(&ex);
            mc_str_puts(&ex, ":args");
            for (int32_t p = 0; p < f->nparams; p++)
                mc_str_puts(&ex, f->values[f->params[p]].kind == MC_VAL_BUF ? " [1,2,3]" : " 3");
            mc_lines_text(&L, "no arguments yet; for example", MC_R_DIM);
            mc_lines_text(&L, ex.s, MC_R_NORMAL);
            mc_str_free(&ex);
        } else {
            mc_lines_text(&L, "not started (n steps)", MC_R_DIM);
            char *buf = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&buf, &len);
            if (m) {
                fputs("args: ", m);
                mc_args_format(&s->args, m);
                fclose(m);
                mc_lines_text(&L, buf, MC_R_NORMAL);
                free(buf);
            }
        }
    } else {
        uint8_t *live = mc_xcalloc((size_t)f->nvalues + 1, 1);
        ValMarks marks;
        val_marks(s, f, &marks);
        bool finished = mc_interp_finished(s->interp, NULL);
        if (!finished) val_live_here(wb, f, live);
        int w = 1;
        for (int32_t v = 0; v < f->nvalues; v++)
            if (f->values[v].kind == MC_VAL_I32 && (int)strlen(f->values[v].name) > w)
                w = (int)strlen(f->values[v].name);
        if (w > 12) w = 12;
        int shown = 0, dead = 0, temps = 0;
        if (finished) {
            /* The end: the outcome, then every value compactly. */
            McOutcome o;
            char buf[192];
            mc_interp_finished(s->interp, &o);
            mc_lines_text(&L, mc_outcome_str(&o, buf, sizeof buf), o.kind == MC_RETURNED ? (MC_R_GOOD | MC_A_BOLD) : (MC_R_ERROR | MC_A_BOLD));
            val_wrapped(wb, &marks, &L, f, "values:", NULL, false, r.w);
            shown = 1;
        }
        for (int32_t v = 0; v < f->nvalues && !finished; v++) {
            int32_t x;
            if (f->values[v].kind != MC_VAL_I32 || !mc_interp_value(s->interp, v, &x)) continue;
            if (!wb->show_temps && wb_value_is_temp(f, f->values[v].name)) {
                temps++;
                continue;
            }
            if (!finished && !live[v]) {
                dead++;
                continue;
            }
            val_line(&marks, &L, f, v, x, w, false);
            shown++;
        }
        if (!shown) mc_lines_text(&L, finished ? "(no values)" : "(nothing live)", MC_R_DIM);
        if (dead) val_wrapped(wb, &marks, &L, f, "not live:", live, false, r.w);
        if (temps) {
            mc_lines_new(&L);
            mc_lines_printf(&L, MC_R_DIM, "(%d temporar%s of the C hidden: :temps)", temps, temps == 1 ? "y" : "ies");
        }
        free(live);
        val_marks_free(&marks);
        const McArgs *a = mc_interp_args(s->interp);
        for (int32_t p = 0; p < f->nparams && a && p < a->n; p++) {
            if (!a->v[p].is_buf) continue;
            uint8_t *stored = mc_xcalloc((size_t)a->v[p].len + 1, 1);
            bool any = val_stored(s, f, f->params[p], stored, a->v[p].len);
            mc_lines_new(&L);
            mc_lines_printf(&L, any ? MC_R_CHANGED | MC_A_BOLD : MC_R_NORMAL, "%c %s", any ? '*' : ' ',
                            mc_shown_name(f, f->values[f->params[p]].name));
            mc_lines_put(&L, " = [", MC_R_NORMAL);
            for (int32_t k = 0; k < a->v[p].len; k++) {
                if (k) mc_lines_put(&L, ", ", MC_R_NORMAL);
                if (stored[k]) mc_lines_printf(&L, MC_R_CHANGED | MC_A_BOLD, "*%ld", (long)a->v[p].data[k]);
                else mc_lines_printf(&L, MC_R_NORMAL, "%ld", (long)a->v[p].data[k]);
            }
            mc_lines_put(&L, "]", MC_R_NORMAL);
            free(stored);
        }
    }
    val_watch_list(wb, &L);
    int n = wb_draw_lines(wb, WB_VALUES, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
