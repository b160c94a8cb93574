/* workbench.c - the workbench's state and its actions (wb.h).
 *
 * Every action goes through the session (session.h) or the prompt's command
 * table, so the workbench behaves exactly like the minicc> prompt; what it
 * adds is memory of the last step: the values before it (to highlight what
 * changed), the edge taken and its phi record (to show the simultaneous
 * assignment in two phases), and caches of what the panes draw (listing
 * lines, liveness, the generated C) so that a redraw after a step costs
 * only the visible lines. Command output is captured with open_memstream
 * into the log pane. */
#include "wb.h"

#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "shell/frames.h"
#include "shell/show.h"
#include "minicc/cgen.h"
#include "minicc/limits.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

#define WB_LOG_MAX 3000 /* lines kept in the log pane */

const char *const wb_theme_names[WB_NTHEMES] = {"default", "projector", "light", "projector-light"};

bool wb_set_theme(Wb *wb, const char *name) {
    for (int i = 0; i < WB_NTHEMES; i++)
        if (strcmp(name, wb_theme_names[i]) == 0) {
            wb->theme = (WbTheme)i;
            return true;
        }
    return false;
}

const char *const wb_pane_names[WB_NPANES] = {"ir", "values", "edge", "interference", "regs", "c", "log", "lesson", "intervals", "source", "stack", "calls", "asm", "live"};

/* A stream that swallows output (building a view for drawing must not print). */
static FILE *wb_sink(void) {
    static FILE *sink;
    if (!sink) sink = fopen("/dev/null", "w");
    return sink;
}

void wb_init(Wb *wb, McSession *s, WbRunLine run, int w, int h) {
    memset(wb, 0, sizeof *wb);
    wb->s = s;
    wb->run_line = run;
    mc_lines_init(&wb->log);
    mc_str_init(&wb->rec);
    wb->focus = WB_IR;
    wb->follow[WB_IR] = true;
    wb->follow[WB_SRC] = true; /* until scrolled: the source opens on the function */
    wb->follow[WB_LOG] = true;
    wb->follow[WB_LESSON] = true;
    wb->last_from = wb->last_to = MC_NONE;
    wb->gen = 1;
    snprintf(wb->cmd_prompt, sizeof wb->cmd_prompt, "minicc> ");
    wb_resize(wb, w, h);
}

static void wb_drop_ir(Wb *wb) {
    for (int i = 0; i < wb->nir; i++) free(wb->ir[i].text);
    free(wb->ir);
    free(wb->ir_block_line);
    wb->ir = NULL;
    wb->ir_block_line = NULL;
    wb->nir = 0;
    wb->ir_func = NULL;
    mc_points_free(wb->ir_points);
    wb->ir_points = NULL;
}

static void wb_drop_live(Wb *wb) {
    mc_liveness_free(wb->live);
    mc_cfg_free(wb->cfg);
    wb->live = NULL;
    wb->cfg = NULL;
    wb->live_func = NULL;
}

void wb_free(Wb *wb) {
    wb_drop_ir(wb);
    wb_drop_live(wb);
    free(wb->c_text);
    free(wb->edge.phis);
    mc_lines_free(&wb->log);
    mc_str_free(&wb->rec);
    mc_lines_free(&wb->ig_lines);
    mc_lines_free(&wb->regs_lines);
    wb_ig_free(wb);
    wb_asm_free(wb);
    if (wb->lesson) {
        mc_lesson_cursor_free(&wb->cursor);
        mc_lesson_free(wb->lesson);
        mc_outdir_finish(&wb->lesson_out, false);
    }
    memset(wb, 0, sizeof *wb);
}

void wb_resize(Wb *wb, int w, int h) {
    wb->w = w;
    wb->h = h;
    wb_layout(wb);
}

/* ---- the log ---------------------------------------------------------------- */

void wb_log(Wb *wb, const char *text, uint16_t attr) {
    if (!text || !*text) return;
    /* Whole lines: the pane wraps them at its width of the moment. */
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\n");
        char *piece = mc_xstrndup(p, n);
        mc_lines_new(&wb->log);
        mc_lines_put(&wb->log, piece, attr);
        free(piece);
        if (!wb->follow[WB_LOG]) wb->log_unseen++;
        p += n;
        if (*p == '\n') p++;
    }
    if (wb->log.n > WB_LOG_MAX) {
        int drop = wb->log.n - WB_LOG_MAX;
        int rows = 0, w = wb->w - 2 > 1 ? wb->w - 2 : 1;
        for (int i = 0; i < drop; i++) {
            const McLine *ln = &wb->log.v[i];
            bool wraps = ln->len > 0 && ln->attr && (ln->attr[0] & MC_R_MASK) != MC_R_NORMAL;
            rows += ln->len <= w || !wraps ? 1 : (ln->len + w - 1) / w;
            free(wb->log.v[i].text);
            free(wb->log.v[i].attr);
        }
        memmove(wb->log.v, wb->log.v + drop, (size_t)(wb->log.n - drop) * sizeof *wb->log.v);
        wb->log.n -= drop;
        if (!wb->follow[WB_LOG]) wb->scroll[WB_LOG] = wb->scroll[WB_LOG] > rows ? wb->scroll[WB_LOG] - rows : 0;
    }
}

void wb_note(Wb *wb, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(wb->status, sizeof wb->status, fmt, ap);
    va_end(ap);
    /* The status bar cannot show a message wider than the screen: it
     * points to the log, so the log must have it (errors are there already). */
    if ((int)strlen(wb->status) > wb->w - 2) {
        for (int i = wb->log.n - 1; i >= 0 && i >= wb->log.n - 8; i--)
            if (strcmp(wb->log.v[i].text, wb->status) == 0) return;
        char *copy = mc_xstrdup(wb->status);
        wb_log(wb, copy, MC_R_DIM);
        free(copy);
    }
}

/* Output captured from one operation: out and err separately, so errors
 * can be shown in the error colour. */
typedef struct WbCapture {
    FILE *out, *err;
    char *obuf, *ebuf;
    size_t olen, elen;
} WbCapture;

static void cap_open(WbCapture *c) {
    memset(c, 0, sizeof *c);
    c->out = open_memstream(&c->obuf, &c->olen);
    c->err = open_memstream(&c->ebuf, &c->elen);
    if (!c->out) c->out = wb_sink();
    if (!c->err) c->err = wb_sink();
}

/* Close the streams, copy the text to the log; returns the out text (caller frees). */
static char *cap_close(Wb *wb, WbCapture *c, bool to_log) {
    if (c->out != wb_sink()) fclose(c->out);
    if (c->err != wb_sink()) fclose(c->err);
    if (to_log) {
        wb_log(wb, c->obuf, MC_R_NORMAL);
        wb_log(wb, c->ebuf, MC_R_ERROR);
    }
    if (c->ebuf && *c->ebuf) {
        /* The first error line goes to the status bar too. */
        char *nl = strchr(c->ebuf, '\n');
        if (nl) *nl = 0;
        wb_note(wb, "%s", c->ebuf);
    }
    free(c->ebuf);
    return c->obuf;
}

/* ---- caches ---------------------------------------------------------------------- */

const McFunc *wb_exec_func(Wb *wb) {
    McSession *s = wb->s;
    if (s->interp) return s->interp_func;
    if (!s->input) return NULL;
    return mc_session_view(s, s->exec, wb_sink());
}

void wb_ensure_ir(Wb *wb, const McFunc *f) {
    if (wb->ir_func == f && wb->ir_gen == wb->gen) return;
    wb_drop_ir(wb);
    if (!f) return;
    int cap = 16;
    for (int32_t b = 0; b < f->nblocks; b++) cap += 2 + f->blocks[b].nphis + f->blocks[b].ninsts;
    wb->ir = mc_xcalloc((size_t)cap, sizeof *wb->ir);
    wb->ir_block_line = mc_xcalloc((size_t)f->nblocks + 1, sizeof *wb->ir_block_line);
    McStr t;
    mc_str_init(&t);
    int n = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        wb->ir_block_line[b] = n;
        t.len = 0;
        mc_str_printf(&t, "%s:", bl->name);
        wb->ir[n++] = (WbIrLine){b, -2, 0, mc_xstrdup(t.s)};
        for (int32_t p = 0; p < bl->nphis; p++) {
            t.len = 0;
            mc_phi_str(f, &bl->phis[p], &t);
            wb->ir[n++] = (WbIrLine){b, -1, p, mc_xstrdup(t.s)};
        }
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            t.len = 0;
            if (i < bl->ninsts) mc_inst_str(f, &bl->insts[i], &t);
            else mc_term_str(f, &bl->term, &t);
            wb->ir[n++] = (WbIrLine){b, i, 0, mc_xstrdup(t.s)};
        }
    }
    mc_str_free(&t);
    wb->nir = n;
    wb->ir_func = f;
    wb->ir_gen = wb->gen;
    /* Copies inserted by phi destruction are marked in the listing. */
    McSession *s = wb->s;
    wb->ir_phi_copy = NULL;
    if (s->destroyed && f == s->destroyed->f) wb->ir_phi_copy = s->destroyed->phi_copy;
    if (s->alloc && f == s->alloc->f) wb->ir_phi_copy = s->alloc->phi_copy;
    McLiveness *lv = mc_liveness_all(f, NULL);
    wb->ir_points = mc_live_points(f, lv, false);
    mc_liveness_free(lv);
}

bool wb_ensure_live(Wb *wb, const McFunc *f) {
    if (wb->live_func == f && wb->live_gen == wb->gen && wb->live) return true;
    wb_drop_live(wb);
    if (!f) return false;
    wb->cfg = mc_cfg_build(f);
    wb->live = mc_liveness(f, wb->cfg);
    wb->live_func = f;
    wb->live_gen = wb->gen;
    return true;
}

const char *wb_ensure_c(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input) return NULL;
    const McFunc *f = mc_session_pipeline_ssa(s, wb_sink());
    if (!f) return NULL;
    if (wb->c_text && wb->c_func == f && wb->c_gen == wb->gen) return wb->c_text;
    char *c = mc_cgen_render(f);
    /* New C opens at the function, past the includes and helpers. */
    if (!wb->c_text || strcmp(c, wb->c_text) != 0) wb->c_at_body = true;
    free(wb->c_text);
    wb->c_text = c;
    wb->c_func = f;
    wb->c_gen = wb->gen;
    return wb->c_text;
}

const McAllocation *wb_allocation(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input) return NULL;
    if (s->alloc) return s->alloc;
    if (wb->alloc_failed && wb->alloc_fail_gen == wb->gen && wb->alloc_fail_func == s->input &&
        wb->alloc_fail_regs == s->regs && wb->alloc_fail_allocator == (int)s->allocator)
        return NULL; /* the same failure: it is in the log already */
    WbCapture c;
    cap_open(&c);
    const McAllocation *a = mc_session_allocation(s, c.err);
    free(cap_close(wb, &c, true));
    wb->alloc_failed = a == NULL;
    wb->alloc_fail_gen = wb->gen;
    wb->alloc_fail_func = s->input;
    wb->alloc_fail_regs = s->regs;
    wb->alloc_fail_allocator = (int)s->allocator;
    return a;
}

/* ---- execution ------------------------------------------------------------------- */

/* Remember the interpreter and its steps before an action (how many blocks
 * it ran). What the last step changed comes from the session's events of
 * the last step (pane_values.c), not from a diff around the action, which
 * would span every block a continue or a replay ran. */
void wb_snapshot(Wb *wb) {
    McSession *s = wb->s;
    wb->interp_before = s->interp;
    wb->steps_before = s->interp ? mc_interp_steps(s->interp) : 0;
}

static int count_enters(const McSessionEvents *e) {
    int enters = 0;
    for (int i = 0; i < e->n; i++)
        if (e->v[i].kind == MC_EV_ENTER) enters++;
    return enters;
}

/* The last edge taken and the last phi record among the session's last
 * events; false when they hold no phi record (the one kept stays). */
static bool note_last_edge(Wb *wb) {
    McSession *s = wb->s;
    const McSessionEvents *e = &s->last;
    int enters_after = 0, phis_at = -1;
    for (int i = e->n - 1; i >= 0; i--) {
        if (e->v[i].kind == MC_EV_PHIS) {
            phis_at = i;
            break;
        }
        if (e->v[i].kind == MC_EV_ENTER) enters_after++;
    }
    for (int i = e->n - 1; i >= 0; i--)
        if (e->v[i].kind == MC_EV_ENTER) {
            wb->last_from = e->v[i].pred;
            wb->last_to = e->v[i].block;
            break;
        }
    if (phis_at < 0) return false;
    const McEvent *ev = &e->v[phis_at];
    WbEdge *g = &wb->edge;
    free(g->phis);
    g->phis = mc_xmalloc((size_t)(ev->nphis ? ev->nphis : 1) * sizeof *g->phis);
    memcpy(g->phis, ev->phis, (size_t)ev->nphis * sizeof *g->phis);
    g->nphis = ev->nphis;
    g->valid = true;
    g->f = s->interp_func;
    g->block = ev->block;
    g->pred = ev->pred;
    g->step = mc_interp_steps(s->interp) - enters_after;
    g->sequential = s->phi_mode == MC_PHI_SEQUENTIAL;
    return true;
}

/* One line per block entered, and the outcome, in the log. */
static void log_run(Wb *wb, int64_t steps) {
    McSession *s = wb->s;
    const McFunc *f = s->interp_func;
    const McSessionEvents *e = &s->last;
    McStr t;
    mc_str_init(&t);
    int64_t k = steps - count_enters(e);
    for (int i = 0; i < e->n; i++) {
        const McEvent *ev = &e->v[i];
        if (ev->kind != MC_EV_ENTER) continue;
        k++;
        t.len = 0;
        if (ev->pred == MC_NONE) mc_str_printf(&t, "[%lld] %s", (long long)k, f->blocks[ev->block].name);
        else
            mc_str_printf(&t, "[%lld] %s <- %s", (long long)k, f->blocks[ev->block].name, f->blocks[ev->pred].name);
        wb_log(wb, t.s, MC_R_DIM);
    }
    McOutcome o;
    if (mc_interp_finished(s->interp, &o)) {
        char buf[192];
        t.len = 0;
        mc_str_printf(&t, "%s (after %lld block%s)", mc_outcome_str(&o, buf, sizeof buf), (long long)o.steps,
                      o.steps == 1 ? "" : "s");
        wb_log(wb, t.s, o.kind == MC_RETURNED ? MC_R_GOOD : MC_R_ERROR);
        wb_note(wb, "%s", t.s);
    }
    mc_str_free(&t);
}

/* A run of `steps` blocks whose events hold no phi record: replay its end
 * quietly until they do, and note that edge. The replay must land where
 * the run stopped: it is not interruptible (Ctrl-C during it is dropped),
 * and an interrupted run is not replayed at all (its edge record stays
 * empty). */
static void replay_to_phi_edge(Wb *wb, int64_t steps) {
    McSession *s = wb->s;
    const McInterrupt *stop = s->interrupt;
    s->interrupt = NULL;
    wb->quiet_exec = true;
    /* Back k blocks (a fast replay) and step them again with their
     * events, k growing until the last edge with phis is among them or
     * the whole run was stepped: the position is the same as after
     * stepping it all, but a fast `c` stays fast when it ends far from
     * its last phi edge. */
    /* A run that ended (returned or trapped) must end again: the step
     * budget traps on the attempt to enter one block more than it
     * counts, so the replay asks for one step beyond the count (a
     * finished interpreter takes no more). */
    int64_t more = mc_interp_finished(s->interp, NULL) ? 1 : 0;
    /* Inside a block (a `break LINE` stopped at its line): the replay goes
     * by whole blocks, so the position is put back after it. */
    McInterp *keep = !more && mc_interp_pc(s->interp) != -1 ? mc_interp_clone(s->interp) : NULL;
    int32_t from = wb->last_from, to = wb->last_to;
    for (int64_t tail = 64;; tail *= 8) {
        if (tail > steps) tail = steps;
        mc_session_back(s, tail, wb_sink());
        mc_session_step(s, tail + more, false, wb_sink());
        bool phis = false;
        for (int i = 0; i < s->last.n && !phis; i++) phis = s->last.v[i].kind == MC_EV_PHIS;
        if (phis || tail == steps) break;
    }
    if (s->interp) note_last_edge(wb);
    if (keep) {
        mc_interp_restore(s->interp, keep);
        mc_interp_free(keep);
        wb->last_from = from;
        wb->last_to = to;
    }
    mc_session_watch_sync(s); /* the replay reached the same values */
    wb->quiet_exec = false;
    s->interrupt = stop;
}

/* What the last execution action did: the last edge taken, the last phi
 * record (kept until another edge with phis is taken), a log line. */
void wb_after_exec(Wb *wb) {
    McSession *s = wb->s;
    wb->follow[WB_IR] = true;
    if (!s->interp) return;
    bool phis = note_last_edge(wb);
    int64_t steps = mc_interp_steps(s->interp);
    /* Long runs keep only the last block's events: when the last phi edge
     * is not among them, replay silently (deterministic) to find it. */
    int64_t ran = s->interp == wb->interp_before ? steps - wb->steps_before : steps;
    bool replay = !phis && !wb->quiet_exec && ran > count_enters(&s->last) && steps > 1 && !mc_session_interrupted(s);
    /* Into or out of a call, the interpreter is another frame's: no replay. */
    if (mc_frames_active(s) && s->interp != wb->interp_before) replay = false;
    if (replay) wb->edge.valid = false;
    if (wb->quiet_exec) return;
    log_run(wb, steps);
    if (replay) replay_to_phi_edge(wb, steps);
}

/* Open the command line with some text already typed (the batch editor;
 * the terminal front end copies it into readline). */
static void wb_open_cmd(Wb *wb, const char *text) {
    wb->cmd_active = true;
    snprintf(wb->cmd, sizeof wb->cmd, "%s", text);
    wb->cmd_len = wb->cmd_point = (int)strlen(wb->cmd);
    wb_prompt_text(wb, wb->cmd_prompt, sizeof wb->cmd_prompt);
}

/* Arguments missing: say so and offer the `args` command. */
static bool wb_need_args(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input) {
        wb_log(wb, "no function loaded (type :load FILE)", MC_R_ERROR);
        wb_note(wb, "no function loaded (type :load FILE)");
        return false;
    }
    if (s->have_args) return true;
    WbCapture c;
    cap_open(&c);
    mc_session_need_args(s, c.err);
    free(cap_close(wb, &c, true));
    wb_open_cmd(wb, "args ");
    return false;
}

/* After the end, n and c only say how the run ended. */
static bool wb_note_finished(Wb *wb) {
    McSession *s = wb->s;
    McOutcome o;
    if (!s->interp || !mc_interp_finished(s->interp, &o)) return false;
    char buf[192];
    wb_note(wb, "finished: %s (r restarts)", mc_outcome_str(&o, buf, sizeof buf));
    return true;
}

/* `display NAME...` after a step or a stop: into the log, as the prompt
 * prints it (the values pane lists them too). */
static void wb_log_displays(Wb *wb) {
    if (!wb->s->stops.ndisp) return;
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return;
    mc_session_show_displays(wb->s, m);
    fclose(m);
    if (len && buf[len - 1] == '\n') buf[len - 1] = 0;
    wb_log(wb, buf, MC_R_DIM);
    free(buf);
}

void wb_step(Wb *wb, bool by_inst) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!wb_need_args(wb)) return;
    if (wb_note_finished(wb)) return;
    wb_snapshot(wb);
    WbCapture c;
    cap_open(&c);
    /* A program with calls: over a call, and back to the caller at a return. */
    bool ok = mc_frames_active(s) ? mc_frames_step(s, 1, by_inst, false, NULL, c.err) : mc_session_step(s, 1, by_inst, c.err);
    if (ok) mc_session_watch_report(s, c.out);
    char *out = cap_close(wb, &c, true);
    if (ok) wb_after_exec(wb);
    if (ok && out && strncmp(out, "watch ", 6) == 0 && !wb->status[0]) {
        out[strcspn(out, "\n")] = 0;
        wb_note(wb, "%s", out); /* the step changed a watched value */
    }
    free(out);
    if (ok) wb_log_displays(wb);
}

void wb_step_line(Wb *wb) {
    McSession *s = wb->s;
    if (!wb_source_available(wb)) {
        wb_step(wb, false);
        return;
    }
    wb->status[0] = 0;
    if (!wb_need_args(wb)) return;
    if (wb_note_finished(wb)) return;
    wb_snapshot(wb);
    WbCapture c;
    cap_open(&c);
    bool ok = mc_session_step_line(s, c.err); /* the prompt's `step line` */
    free(cap_close(wb, &c, true));
    if (ok) wb_after_exec(wb);
}

/* `c` is the prompt's `continue` when the program is running and its `run`
 * when it is not (nothing started yet, or the interpreter was dropped by a
 * new stage or file): like `run`, it then honours a breakpoint on the entry
 * block before anything executes. Like `continue`, it first leaves the
 * position it stands at, so after `r` (the prompt's `start`) a breakpoint
 * on the entry block does not stop it. The stop is reported with the
 * prompt's words: `breakpoint: BLOCK` and the position. */
void wb_continue(Wb *wb) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!wb_need_args(wb)) return;
    if (wb_note_finished(wb)) return;
    wb_snapshot(wb);
    bool at_break = false;
    WbCapture c;
    cap_open(&c);
    bool ok = true;
    if (!s->interp) {
        ok = mc_session_start(s, c.err);
        s->stop_at_entry = ok; /* as the prompt's `run` does after start */
    }
    if (ok) ok = mc_frames_continue_applies(s) ? mc_frames_run(s, 0, &at_break, NULL, c.err) : mc_session_continue(s, &at_break, c.err);
    s->stop_at_entry = false;
    free(cap_close(wb, &c, true));
    if (!ok && s->interp && mc_session_interrupted(s)) {
        /* Ctrl-C: the panes show where it stopped (the status bar says
         * `interrupted`, from the session). */
        wb_after_exec(wb);
        return;
    }
    if (!ok) return;
    if (at_break && mc_interp_steps(s->interp) == 0) {
        /* Stopped before the entry block: no edge has been taken. */
        wb->edge.valid = false;
        wb->last_from = wb->last_to = MC_NONE;
    }
    wb_after_exec(wb);
    if (!at_break) return;
    int32_t b = mc_interp_block(s->interp);
    const McFunc *f = s->interp_func;
    char *pos = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&pos, &len);
    if (m) {
        mc_show_position(f, s->interp, m);
        fclose(m);
    }
    if (pos && len && pos[len - 1] == '\n') pos[len - 1] = 0;
    const char *block = f->nblocks ? f->blocks[b == MC_NONE ? 0 : b].name : "?";
    if (s->stops.last_stop == 2) wb_note(wb, "%s", s->stops.hit); /* a watch, no breakpoint */
    else if (s->stops.hit[0]) wb_note(wb, "breakpoint: %s, %s", block, s->stops.hit);
    else wb_note(wb, "breakpoint: %s", block);
    wb_log(wb, wb->status, MC_R_BREAK);
    if (pos) wb_log(wb, pos, MC_R_BREAK);
    free(pos);
    wb_log_displays(wb);
}

void wb_back(Wb *wb) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!s->interp) {
        wb_note(wb, "back: the program is not running (n steps, r restarts)");
        return;
    }
    if (mc_frames_active(s)) { /* a program with calls: by its own blocks, out of a callee at its start */
        wb_back_frames(wb);
        return;
    }
    wb_snapshot(wb);
    int64_t steps = mc_interp_steps(s->interp);
    /* To the start of the current block when inside one, else one block back:
     * both are the position after steps - 1 block entries. */
    int64_t target = steps - 1;
    if (target < 0) target = 0;
    WbCapture c;
    cap_open(&c);
    /* From the nearest checkpoint (session.c) to the block before the
     * target, then that block stepped with its events, so the values and
     * the edge are shown exactly as after stepping there; Ctrl-C during
     * the replay leaves the position where it was. */
    bool ok = mc_session_back(s, target > 0 ? steps - target + 1 : steps, c.err);
    if (ok && target > 0) mc_session_step(s, 1, false, c.err);
    mc_session_watch_sync(s); /* going back is no change to report */
    free(cap_close(wb, &c, false));
    if (!ok) {
        wb_note(wb, "back: interrupted; still at step %lld", (long long)mc_interp_steps(s->interp));
        wb_log(wb, wb->status, MC_R_ERROR);
        return;
    }
    wb->edge.valid = false;
    wb->last_from = wb->last_to = MC_NONE;
    wb->quiet_exec = true;
    wb_after_exec(wb);
    wb->quiet_exec = false;
    /* The last phi edge before the target, when that block had none. */
    if (!wb->edge.valid && target > 1) replay_to_phi_edge(wb, target);
    wb_note(wb, "back to step %lld", (long long)mc_interp_steps(s->interp));
    wb_log(wb, wb->status, MC_R_DIM);
}

void wb_reverse(Wb *wb, bool by_line) {
    McSession *s = wb->s;
    const char *what = by_line ? "S" : "I";
    wb->status[0] = 0;
    if (!s->interp) {
        wb_note(wb, "%s: the program is not running (n steps, r restarts)", what);
        return;
    }
    if (by_line && !wb_source_available(wb)) {
        wb_note(wb, "S goes back a C line of a MiniC program; here I goes back an instruction, b a block");
        return;
    }
    wb_snapshot(wb);
    WbCapture c;
    cap_open(&c);
    /* From the checkpoints (session.c); Ctrl-C leaves the position. */
    bool ok = mc_session_reverse_step(s, by_line, NULL, c.err);
    char *msg = cap_close(wb, &c, false);
    if (!ok) {
        const char *e = msg ? strstr(msg, "error: ") : NULL;
        char why[200];
        snprintf(why, sizeof why, "%s", e ? e + 7 : "interrupted");
        why[strcspn(why, "\n")] = 0;
        free(msg);
        wb_note(wb, "%s: %s", by_line ? "reverse-step" : "reverse-stepi", why);
        return;
    }
    free(msg);
    wb->edge.valid = false;
    wb->last_from = wb->last_to = MC_NONE;
    wb->quiet_exec = true;
    wb_after_exec(wb);
    wb->quiet_exec = false;
    int32_t line = mc_session_c_line(s);
    if (by_line) wb_note(wb, "back to the start of line %d (step %lld)", line, (long long)mc_interp_steps(s->interp));
    else wb_note(wb, "back one instruction (step %lld)", (long long)mc_interp_steps(s->interp));
    wb_log(wb, wb->status, MC_R_DIM);
}

void wb_quit(Wb *wb) {
    McSession *s = wb->s;
    bool run = wb->own_session && s->interp && mc_interp_steps(s->interp) > 0 && !mc_interp_finished(s->interp, NULL);
    bool lesson = wb->lesson && !wb->cursor.finished;
    if (!run && !lesson) {
        wb->quit = true;
        return;
    }
    char what[96];
    if (run && lesson)
        snprintf(what, sizeof what, "the run at step %lld and the lesson", (long long)mc_interp_steps(s->interp));
    else if (run) snprintf(what, sizeof what, "the run at step %lld", (long long)mc_interp_steps(s->interp));
    else snprintf(what, sizeof what, "the lesson");
    wb_note(wb, "quit and lose %s? q or y quits, another key stays", what);
    wb->quit_ask = true;
}

void wb_restart(Wb *wb) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!wb_need_args(wb)) return;
    wb_snapshot(wb);
    WbCapture c;
    cap_open(&c);
    bool ok = mc_session_start(s, c.err);
    free(cap_close(wb, &c, true));
    if (!ok) return;
    wb->edge.valid = false;
    wb->last_from = wb->last_to = MC_NONE;
    wb->follow[WB_IR] = true;
    wb_note(wb, "restarted: about to enter %s", s->interp_func->nblocks ? s->interp_func->blocks[0].name : "?");
    wb_log(wb, wb->status, MC_R_DIM);
}

int wb_command(Wb *wb, const char *line, bool to_log, char **text) {
    if (!wb->run_line) {
        wb_note(wb, "no command layer");
        return 1;
    }
    WbCapture c;
    cap_open(&c);
    int st = wb->run_line(wb->s, line, false, c.out, c.err);
    char *o = cap_close(wb, &c, to_log);
    if (text) *text = o;
    else free(o);
    wb->gen++;
    return st;
}

void wb_machine(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input || !s->have_args) {
        wb->have_machine = false;
        wb->machine_gen++;
        return;
    }
    const McAllocation *a = wb_allocation(wb);
    if (!a && mc_session_interrupted(s)) {
        /* Ctrl-C (or q) during the allocation: none is shown; m tries again. */
        wb_note(wb, "allocation interrupted: m allocates K = %d", s->regs);
        wb_log(wb, wb->status, MC_R_ERROR);
    }
    if (!a) return;
    McArgs args;
    mc_args_copy(&args, &s->args);
    McStageStats st;
    memset(&st, 0, sizeof st);
    McOutcome o = mc_machine_run_intr(a, &args, s->max_steps, s->interrupt, &st);
    if (o.kind == MC_INTERRUPTED) {
        /* Ctrl-C: no traffic to show for this allocation; m runs it again. */
        snprintf(wb->machine_result, sizeof wb->machine_result, "machine run interrupted (m runs it again)");
        wb->have_machine = true;
        wb->machine_gen++;
        wb->machine_alloc = a;
        mc_args_free(&args);
        wb_note(wb, "machine: %s", MC_INTERRUPTED_MSG);
        wb_log(wb, wb->status, MC_R_ERROR);
        return;
    }
    char buf[192];
    snprintf(wb->machine_result, sizeof wb->machine_result,
             "%s\nspill reads %lld, writes %lld\ninstructions %lld, copies %lld", mc_outcome_str(&o, buf, sizeof buf),
             (long long)st.spill_reads, (long long)st.spill_writes, (long long)st.instructions, (long long)st.copies);
    wb->have_machine = true;
    wb->machine_gen++;
    wb->machine_alloc = a;
    mc_args_free(&args);
}

void wb_budget(Wb *wb, int delta) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!s->input) {
        wb_note(wb, "no function loaded");
        return;
    }
    int k = s->regs + delta;
    if (k < 1) {
        wb_note(wb, "K is already 1");
        return;
    }
    if (k > MC_MAX_REGS) {
        wb_note(wb, "K is already %d (the largest budget)", MC_MAX_REGS);
        return;
    }
    WbCapture c;
    cap_open(&c);
    bool ok = mc_session_build_alloc(s, k, s->allocator, c.err);
    free(cap_close(wb, &c, true));
    if (!ok) return;
    wb->gen++;
    wb_machine(wb);
    const McAllocation *a = s->alloc;
    wb_note(wb, "K = %d: %d value%s spilled to %d slot%s", k, a->nspilled, a->nspilled == 1 ? "" : "s", a->slots,
            a->slots == 1 ? "" : "s");
    wb_log(wb, wb->status, MC_R_DIM);
}

void wb_next_allocator(Wb *wb) {
    static const McAllocator cycle[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR, MC_ALLOC_SSA};
    _Static_assert(sizeof cycle / sizeof cycle[0] == MC_ALLOC_COUNT, "every allocator");
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (!s->input) {
        wb_note(wb, "no function loaded");
        return;
    }
    int at = 0;
    while (cycle[at] != s->allocator) at++;
    McAllocator next = cycle[(at + 1) % MC_ALLOC_COUNT];
    WbCapture c;
    cap_open(&c);
    bool ok = mc_session_build_alloc(s, s->regs, next, c.err);
    free(cap_close(wb, &c, true));
    if (!ok) return;
    s->allocator = next;
    wb->gen++;
    wb_machine(wb);
    const McAllocation *a = s->alloc;
    wb_note(wb, "allocator %s (K = %d): %d value%s spilled to %d slot%s", mc_allocator_name(next), s->regs, a->nspilled,
            a->nspilled == 1 ? "" : "s", a->slots, a->slots == 1 ? "" : "s");
    wb_log(wb, wb->status, MC_R_DIM);
}

void wb_next_target(Wb *wb) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    McTarget next = (McTarget)((s->target + 1) % MC_TARGET_COUNT);
    char line[64];
    snprintf(line, sizeof line, "target %s", mc_target_name(next));
    if (wb_command(wb, line, true, NULL) != 0) return;
    wb_record(wb, line);
    if (mc_target_desc(next)) {
        wb_set_layout(wb, "asm");
        wb_note(wb, "target %s: the asm layout shows its assembly (t: next target)", mc_target_name(next));
    } else {
        wb_note(wb, "target chapter: the abstract machine r0..r(K-1), no assembly (t: next target)");
    }
}

void wb_toggle_pressure(Wb *wb) {
    wb->pressure = !wb->pressure;
    wb_note(wb, wb->pressure ? "pressure column on: values live after each point, MaxLive marked <"
                             : "pressure column off");
}

bool wb_set_stage(Wb *wb, const char *name) {
    char line[64];
    snprintf(line, sizeof line, "set stage %s", name);
    wb_log(wb, line, MC_R_PROMPT);
    char *text = NULL;
    int st = wb_command(wb, line, true, &text);
    wb->edge.valid = false;
    wb->last_from = wb->last_to = MC_NONE;
    wb->follow[WB_IR] = true;
    /* Whether the run went on in the new stage, or why it could not
     * (`set stage` says which; issue 29 §1). */
    const char *stop = text ? strstr(text, "(the paused run was stopped: ") : NULL;
    if (st == 0 && stop) {
        stop += strlen("(the paused run was stopped: ");
        int n = (int)strcspn(stop, "\n");
        if (n > 0 && stop[n - 1] == ')') n--;
        wb_note(wb, "stage %s; run stopped: %.*s", name, n, stop);
    } else if (st == 0 && text && strstr(text, "(the run goes on in ")) {
        wb_note(wb, "stage %s: the run goes on at step %lld", name,
                (long long)(wb->s->interp ? mc_interp_steps(wb->s->interp) : 0));
    }
    free(text);
    return st == 0;
}

void wb_next_stage(Wb *wb) {
    McSession *s = wb->s;
    if (!s->input) return;
    wb_set_stage(wb, mc_view_name((McView)((s->exec + 1) % MC_VIEW_COUNT)));
}

void wb_native(Wb *wb) {
    if (!wb_need_args(wb)) return;
    wb_log(wb, "native", MC_R_PROMPT);
    char *out = NULL;
    int st = wb_command(wb, "native", true, &out);
    if (mc_session_interrupted(wb->s)) { /* Ctrl-C: the last result stays; the status bar says why */
        free(out);
        return;
    }
    if (st == 0) snprintf(wb->c_result, sizeof wb->c_result, "%s", out ? out : "");
    else snprintf(wb->c_result, sizeof wb->c_result, "native: failed (see the log)");
    free(out);
    wb_note(wb, "native run done");
}

/* ---- layout, focus, scrolling -------------------------------------------------------------- */

void wb_next_layout(Wb *wb, int dir) {
    int ids[WB_MAX_LAYOUTS], n = wb_layout_cycle(wb, ids);
    wb->zoom = false;
    int at = -1; /* the current layout's place in the cycle (-1: chosen by name only) */
    for (int i = 0; i < n; i++)
        if (ids[i] == wb->layout) at = i;
    if (at < 0) at = dir > 0 ? -1 : 0;
    wb->layout = n ? ids[((at + dir) % n + n) % n] : 0;
    wb_layout(wb);
    wb_note(wb, "layout %s", wb_layout_name(wb, wb->layout));
}

bool wb_set_layout(Wb *wb, const char *name) {
    int i = wb_layout_lookup(wb, name); /* the l/L cycle's, and those chosen by name only */
    if (i < 0) return false;
    wb->layout = i;
    wb->zoom = false;
    wb_layout(wb);
    return true;
}

/* Focus moves over the layout's panes; zoomed, the next one fills the screen. */
void wb_focus_next(Wb *wb, int dir) {
    bool zoom = wb->zoom;
    wb->zoom = false;
    wb_layout(wb);
    if (wb->nplaces > 0) {
        int at = 0;
        for (int i = 0; i < wb->nplaces; i++)
            if (wb->places[i].pane == wb->focus) at = i;
        at = ((at + dir) % wb->nplaces + wb->nplaces) % wb->nplaces;
        wb->focus = wb->places[at].pane;
    }
    wb->zoom = zoom;
    wb_layout(wb);
}

bool wb_focus_name(Wb *wb, const char *name) {
    size_t n = strlen(name);
    bool zoom = wb->zoom, found = false;
    wb->zoom = false;
    wb_layout(wb);
    for (int i = 0; i < wb->nplaces && !found; i++)
        if (n > 0 && strncmp(wb_pane_names[wb->places[i].pane], name, n) == 0) {
            wb->focus = wb->places[i].pane;
            found = true;
        }
    wb->zoom = zoom;
    wb_layout(wb);
    return found;
}

void wb_scroll(Wb *wb, int delta) {
    WbPane p = wb->focus;
    if (delta == INT_MIN) {
        wb->scroll[p] = 0;
        wb->follow[p] = false;
    } else if (delta == INT_MAX) {
        wb->follow[p] = p == WB_LOG || p == WB_LESSON;
        wb->scroll[p] = INT_MAX / 2; /* clamped when drawn */
    } else {
        wb->scroll[p] += delta;
        if (wb->scroll[p] < 0) wb->scroll[p] = 0;
        wb->follow[p] = false;
    }
}

void wb_ir_select(Wb *wb, int dir) {
    const McFunc *f = wb_exec_func(wb);
    if (!f) {
        wb_note(wb, "no function loaded");
        return;
    }
    wb_ensure_ir(wb, f);
    if (wb->nir == 0) return;
    int at = wb->ir_sel - 1;
    if (at < 0 || at >= wb->nir) {
        /* Start where the IR pane is looking: its first line shown. */
        at = wb->scroll[WB_IR];
        if (at >= wb->nir) at = wb->nir - 1;
    } else {
        at += dir;
    }
    if (at < 0) at = 0;
    if (at >= wb->nir) at = wb->nir - 1;
    wb->ir_sel = at + 1;
    wb->follow[WB_IR] = false; /* the selection stays until a step moves the IR again */
    if (at < wb->scroll[WB_IR]) wb->scroll[WB_IR] = at;
    int rows = wb_pane_rows(wb, WB_IR);
    if (rows > 0 && at >= wb->scroll[WB_IR] + rows) wb->scroll[WB_IR] = at - rows + 1;
    int32_t line = wb_ir_selected_c_line(wb);
    if (line > 0) wb_note(wb, "IR line %d: C line %d", at + 1, (int)line);
    else wb_note(wb, "IR line %d%s", at + 1, wb_source_available(wb) ? ": no C line" : "");
}

int32_t wb_ir_selected_c_line(const Wb *wb) {
    if (wb->ir_sel <= 0 || wb->ir_sel > wb->nir || wb->follow[WB_IR]) return 0;
    const McFunc *f = wb_exec_func((Wb *)wb);
    const WbIrLine *ln = &wb->ir[wb->ir_sel - 1];
    if (!f || ln->block < 0 || ln->block >= f->nblocks) return 0;
    if (ln->what >= 0) return mc_minic_line_at(f, ln->block, ln->what);
    return mc_block_line(f, ln->block); /* a label or a phi: the block's line */
}

void wb_zoom(Wb *wb) {
    wb->zoom = !wb->zoom;
    wb_layout(wb);
    wb_note(wb, wb->zoom ? "zoomed %s (z: back)" : "%s back in its layout", wb_pane_names[wb->focus]);
}

void wb_hscroll(Wb *wb, int delta) {
    WbPane p = wb->focus;
    wb->hscroll[p] += delta;
    if (wb->hscroll[p] < 0) wb->hscroll[p] = 0;
}

/* ---- start ------------------------------------------------------------------------------ */

void wb_start(Wb *wb, const char *lesson, const char *theme) {
    McSession *s = wb->s;
    const char *env = getenv("MINICC_THEME");
    if (theme) {
        wb_set_theme(wb, theme); /* checked by mc_tui_setup */
    } else if (env && *env && !wb_set_theme(wb, env)) {
        McStr t;
        mc_str_init(&t);
        mc_str_printf(&t, "MINICC_THEME: unknown theme '%s' (default, projector, light, projector-light); using default", env);
        wb_log(wb, t.s, MC_R_ERROR);
        mc_str_free(&t);
    }
    if (s->input) {
        McStr t;
        mc_str_init(&t);
        mc_str_printf(&t, "loaded %s: %d function%s; showing %s", s->path, s->module->nfuncs,
                      s->module->nfuncs == 1 ? "" : "s", mc_shown_name(s->input, s->input->name));
        wb_log(wb, t.s, MC_R_DIM);
        mc_str_free(&t);
        if (!s->have_args) {
            wb_note(wb, "%s needs arguments: type :args and one value per parameter", s->input->name);
            wb_log(wb, wb->status, MC_R_DIM);
        } else {
            wb_note(wb, "n steps a block, ? lists the keys");
        }
    } else {
        wb_note(wb, "no file loaded: type :load FILE");
    }
    wb_machine(wb); /* Ctrl-C or q stop its allocation (tui.c): the program stays loaded */
    if (wb_source_available(wb)) wb_set_layout(wb, "source"); /* C, IR and values together */
    if (lesson) wb_lesson_open(wb, lesson);
}
