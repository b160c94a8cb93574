/* session.c - the state behind the minicc> prompt (see session.h).
 *
 * Every operation here either succeeds and updates the session, or reports
 * on err and leaves the session exactly as it was: a student's loaded
 * function, arguments, breakpoints and paused interpreter are never lost to
 * a typo. Pipeline products are built lazily and dropped as a chain: a new
 * SSA drops the optimized function, the destroyed function and the
 * allocation built from it. */
#include "shell/session.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/minic.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "shell/frames.h"

void mc_session_init(McSession *s) {
    memset(s, 0, sizeof *s);
    s->regs = 4;
    s->allocator = MC_ALLOC_IMPROVED;
    s->destroy_mode = MC_ALLOC_IMPROVED;
    s->exec = MC_VIEW_INPUT;
    s->phi_mode = MC_PHI_PARALLEL;
    s->native_cc = MC_NATIVE_SYSTEM;
}

static void events_clear(McSessionEvents *e) {
    e->n = 0;
    e->nphis = 0;
}

void mc_session_free(McSession *s) {
    mc_session_stop(s);
    mc_session_drop_views(s, MC_VIEW_SSA);
    mc_module_free(s->module);
    free(s->path);
    free(s->src);
    mc_args_free(&s->args);
    mc_session_break_clear(s);
    free(s->breaks);
    mc_stops_free(&s->stops);
    free(s->last.v);
    free(s->last.phis);
    mc_str_free(&s->rec);
    free(s->rec_where);
    memset(s, 0, sizeof *s);
}

bool mc_session_error(McSession *s, FILE *err, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (s->where_file && s->where_line > 0) fprintf(err, "%s:%d: ", s->where_file, s->where_line);
    else if (s->where_file) fprintf(err, "%s: ", s->where_file);
    fputs("error: ", err);
    /* A message may quote a script's words: control characters shown (diag.h). */
    McStr m, shown;
    mc_str_init(&m);
    mc_str_init(&shown);
    mc_str_vprintf(&m, fmt, ap);
    int cols;
    for (size_t i = 0; i < m.len;)
        if (m.s[i] == '\n') mc_str_putc(&shown, m.s[i++]);
        else i += mc_visible_char(&shown, m.s + i, m.len - i, &cols);
    fprintf(err, "%s\n", shown.s ? shown.s : "");
    mc_str_free(&m);
    mc_str_free(&shown);
    va_end(ap);
    s->errors++;
    return false;
}

bool mc_session_interrupted(const McSession *s) { return mc_interrupted(s->interrupt); }

/* `CMD: interrupted` (the command that was running). */
static bool interrupted_error(McSession *s, FILE *err) {
    if (s->cmd) return mc_session_error(s, err, "%s: %s", s->cmd, MC_INTERRUPTED_MSG);
    return mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
}

/* ---- the program ---------------------------------------------------------- */

bool mc_session_need_func(McSession *s, FILE *err) {
    if (s->input) return true;
    if (s->cmd) return mc_session_error(s, err, "%s: no function loaded (try: load FILE)", s->cmd);
    return mc_session_error(s, err, "no function loaded (try: load FILE)");
}

static bool args_fit(const McFunc *f, const McArgs *a) {
    if (a->n != f->nparams) return false;
    for (int32_t p = 0; p < f->nparams; p++)
        if (a->v[p].is_buf != (f->values[f->params[p]].kind == MC_VAL_BUF)) return false;
    return true;
}

/* Switch to function f of the current module; keep arguments that fit. */
static void use_function(McSession *s, McFunc *f) {
    mc_session_stop(s);
    mc_session_drop_views(s, MC_VIEW_SSA);
    s->input = f;
    if (s->have_args && !args_fit(f, &s->args)) {
        mc_args_free(&s->args);
        s->have_args = false;
    }
    if (!s->have_args && f->nparams == 0) {
        mc_args_free(&s->args);
        s->have_args = true; /* nothing to set */
    }
}

bool mc_session_load(McSession *s, const char *path, FILE *err) {
    return mc_session_load_lang(s, path, MC_LANG_AUTO, err);
}

bool mc_session_load_lang(McSession *s, const char *path, McLang lang, FILE *err) {
    McDiags d;
    mc_diags_init(&d, path, NULL, 0);
    char *src = NULL;
    McModule *m = mc_load_file(path, lang, &d, &src);
    if (!m) {
        mc_diags_print(&d, err, true);
        int n = d.n;
        mc_diags_free(&d);
        free(src);
        if (s->module)
            return mc_session_error(s, err, "'%s' not loaded (%d error%s); still using %s", path, n,
                                    n == 1 ? "" : "s", s->path);
        return mc_session_error(s, err, "'%s' not loaded (%d error%s)", path, n, n == 1 ? "" : "s");
    }
    mc_diags_free(&d);
    McFunc *keep = NULL;
    if (s->input) keep = mc_module_find(m, s->input->name);
    if (!keep) keep = m->nfuncs > 0 ? m->funcs[0] : NULL;
    mc_session_stop(s);
    mc_session_drop_views(s, MC_VIEW_SSA);
    mc_module_free(s->module);
    free(s->path);
    free(s->src);
    s->module = m;
    s->path = mc_xstrdup(path);
    s->src = src;
    s->input = NULL;
    s->exec = MC_VIEW_INPUT;
    if (keep) use_function(s, keep);
    return true;
}

bool mc_session_select(McSession *s, const char *name, FILE *err) {
    if (!s->module) return mc_session_need_func(s, err);
    McFunc *f = mc_module_find(s->module, name);
    if (!f) {
        McStr names;
        mc_str_init(&names);
        for (int32_t i = 0; i < s->module->nfuncs; i++)
            mc_str_printf(&names, "%s%s", i ? ", " : "", s->module->funcs[i]->name);
        mc_session_error(s, err, "func: no function '%s' in %s (available: %s)", name, s->path, names.s ? names.s : "");
        mc_str_free(&names);
        return false;
    }
    if (f != s->input) {
        use_function(s, f);
        s->exec = MC_VIEW_INPUT;
    }
    return true;
}

bool mc_session_set_args(McSession *s, int argc, char **argv, FILE *err) {
    if (!mc_session_need_func(s, err)) return false;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McArgs a = {0};
    if (!mc_args_parse(s->input, argc, argv, &a, &d)) {
        for (int i = 0; i < d.n; i++) {
            /* mc_diag_text adds "error: "; the session adds the script position. */
            char *t = mc_diag_text(&d, i);
            mc_session_error(s, err, "args: %s", strncmp(t, "error: ", 7) == 0 ? t + 7 : t);
            free(t);
        }
        if (d.n == 0) mc_session_error(s, err, "args: bad arguments");
        mc_diags_free(&d);
        return false;
    }
    mc_diags_free(&d);
    mc_args_free(&s->args);
    s->args = a;
    s->have_args = true;
    return true;
}

bool mc_session_need_args(McSession *s, FILE *err) {
    if (!mc_session_need_func(s, err)) return false;
    if (s->have_args) return true;
    McStr b, ex;
    mc_str_init(&b);
    mc_str_init(&ex);
    for (int32_t p = 0; p < s->input->nparams; p++) {
        const McValue *v = &s->input->values[s->input->params[p]];
        bool buf = v->kind == MC_VAL_BUF;
        mc_str_printf(&b, "%s%s %s", p ? ", " : "", buf ? "buf" : "i32", v->name);
        mc_str_printf(&ex, "%s%s", p ? " " : "", buf ? "[1,2,3]" : "4");
    }
    mc_session_error(s, err, "%s%sno arguments for %s(%s) (try: args %s)", s->cmd ? s->cmd : "", s->cmd ? ": " : "",
                     s->input->name, b.s ? b.s : "", ex.s ? ex.s : "");
    mc_str_free(&ex);
    mc_str_free(&b);
    return false;
}

/* ---- pipeline products ---------------------------------------------------- */

void mc_session_drop_views(McSession *s, McView from) {
    /* The interpreter may run one of the views being dropped. */
    if (s->interp && s->exec >= from && s->exec != MC_VIEW_INPUT) mc_session_stop(s);
    if (from <= MC_VIEW_SSA) {
        mc_func_free(s->ssa);
        s->ssa = NULL;
    }
    if (from <= MC_VIEW_OPT) {
        mc_func_free(s->opt);
        s->opt = NULL;
        free(s->opt_note);
        s->opt_note = NULL;
        mc_opt_stats_free(&s->opt_stats);
        memset(&s->opt_stats, 0, sizeof s->opt_stats);
    }
    if (from <= MC_VIEW_DESTROYED) {
        mc_destroyed_free(s->destroyed);
        s->destroyed = NULL;
        mc_allocation_free(s->alloc);
        s->alloc = NULL;
    }
}

void mc_session_set_view(McSession *s, McView v, McFunc *f, const char *note) {
    MC_ASSERT(v == MC_VIEW_SSA || v == MC_VIEW_OPT);
    mc_session_drop_views(s, v);
    if (v == MC_VIEW_SSA) {
        s->ssa = f;
    } else {
        s->opt = f;
        s->opt_note = mc_xstrdup(note ? note : "");
    }
}

void mc_session_diags_error(McSession *s, const McDiags *d, FILE *err, const char *what) {
    for (int i = 0; i < d->n; i++) {
        char *t = mc_diag_text(d, i); /* whole, however long */
        mc_session_error(s, err, "%s: %s", what, strncmp(t, "error: ", 7) == 0 ? t + 7 : t);
        free(t);
    }
    if (d->n == 0) mc_session_error(s, err, "%s failed", what);
}

bool mc_session_build_ssa(McSession *s, int kind, FILE *err) {
    if (!mc_session_need_func(s, err)) return false;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McSsaStats st;
    memset(&st, 0, sizeof st);
    McFunc *f = mc_ssa_build(s->input, (McSsaKind)kind, &st, &d);
    if (!f) {
        mc_session_diags_error(s, &d, err, "ssa");
        mc_diags_free(&d);
        return false;
    }
    mc_diags_free(&d);
    mc_session_set_view(s, MC_VIEW_SSA, f, NULL);
    s->ssa_kind = kind;
    s->ssa_stats = st;
    return true;
}

bool mc_session_build_opt(McSession *s, int npasses, char **passes, FILE *err) {
    const McFunc *ssa = mc_session_view(s, MC_VIEW_SSA, err);
    if (!ssa) return false;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *f = mc_func_clone(ssa);
    bool ok = true;
    McStr note;
    mc_str_init(&note);
    McOptOptions o;
    mc_opt_options_default(&o);
    o.interrupt = s->interrupt; /* interrupted: the old product stays */
    McStr list;
    mc_str_init(&list);
    if (npasses == 0) {
        mc_str_puts(&note, "-O1");
    } else {
        for (int i = 0; i < npasses; i++) {
            mc_str_printf(&note, "%s%s", i ? " " : "", passes[i]);
            mc_str_printf(&list, "%s%s", i ? "," : "", passes[i]);
        }
        o.passes = list.s;
    }
    McOptStats st = {0};
    ok = mc_opt_run(f, &o, &st, &d);
    mc_str_free(&list);
    if (!ok) {
        mc_session_diags_error(s, &d, err, "opt");
        mc_diags_free(&d);
        mc_func_free(f);
        mc_str_free(&note);
        mc_opt_stats_free(&st);
        return false;
    }
    mc_diags_free(&d);
    mc_session_set_view(s, MC_VIEW_OPT, f, note.s);
    s->opt_stats = st;
    mc_str_free(&note);
    return true;
}

/* What destroy and alloc start from: opt when built, else ssa. */
const McFunc *mc_session_pipeline_ssa(McSession *s, FILE *err) {
    if (s->opt) return s->opt;
    return mc_session_view(s, MC_VIEW_SSA, err);
}

bool mc_session_build_destroyed(McSession *s, McAllocator mode, FILE *err) {
    const McFunc *ssa = mc_session_pipeline_ssa(s, err);
    if (!ssa) return false;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McDestroyed *x = mc_destroy_phis_opts(ssa, mode, &s->alloc_opts, &d);
    if (!x) {
        mc_session_diags_error(s, &d, err, "destroy");
        mc_diags_free(&d);
        return false;
    }
    mc_diags_free(&d);
    if (s->interp && s->exec == MC_VIEW_DESTROYED) mc_session_stop(s);
    mc_destroyed_free(s->destroyed);
    s->destroyed = x;
    s->destroy_mode = mode;
    return true;
}

/* The phi-destruction mode's name: a bug mode (naive, sequential) or the
 * allocator's own destruction. */
const char *mc_session_destroy_name(const McSession *s) {
    if (s->alloc_opts.destroy == MC_DESTROY_CORRECT) return mc_allocator_name(s->destroy_mode);
    return mc_alloc_option_values(mc_alloc_option_lookup("destroy"))[s->alloc_opts.destroy];
}

bool mc_session_build_alloc(McSession *s, int regs, McAllocator which, FILE *err) {
    if (regs < 1) return mc_session_error(s, err, "alloc: K must be at least 1");
    const McFunc *ssa = mc_session_pipeline_ssa(s, err);
    if (!ssa) return false;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McAllocOptions ao = s->alloc_opts;
    ao.interrupt = s->interrupt; /* interrupted: the old allocation stays */
    McAllocation *a = mc_allocate(ssa, which, regs, &ao, &d);
    if (!a && mc_interrupted(s->interrupt)) {
        mc_diags_free(&d);
        return interrupted_error(s, err);
    }
    if (!a) {
        mc_session_diags_error(s, &d, err, "alloc");
        mc_diags_free(&d);
        return false;
    }
    mc_diags_free(&d);
    mc_allocation_free(s->alloc);
    s->alloc = a;
    s->regs = regs;
    s->allocator = which;
    return true;
}

const McAllocation *mc_session_allocation(McSession *s, FILE *err) {
    if (s->alloc) return s->alloc;
    if (!mc_session_build_alloc(s, s->regs, s->allocator, err)) return NULL;
    return s->alloc;
}

const McFunc *mc_session_view(McSession *s, McView v, FILE *err) {
    if (!mc_session_need_func(s, err)) return NULL;
    switch (v) {
    case MC_VIEW_INPUT: return s->input;
    case MC_VIEW_SSA:
        if (!s->ssa && !mc_session_build_ssa(s, MC_SSA_PRUNED, err)) return NULL;
        return s->ssa;
    case MC_VIEW_OPT:
        if (!s->opt && !mc_session_build_opt(s, 0, NULL, err)) return NULL;
        return s->opt;
    case MC_VIEW_DESTROYED:
        if (!s->destroyed && !mc_session_build_destroyed(s, s->destroy_mode, err)) return NULL;
        return s->destroyed->f;
    default: return NULL;
    }
}

/* ---- execution -------------------------------------------------------------- */

/* Observer: deep-copy each event into s->last. PHIS records point into a
 * growable array, so their pointers are fixed up by fix_events. */
static void record_event(void *ctx, const McEvent *ev) {
    McSession *s = ctx;
    McSessionEvents *e = &s->last;
    MC_GROW(e->v, e->cap, e->n + 1, 64);
    McEvent c = *ev;
    if (ev->kind == MC_EV_PHIS) {
        MC_GROW(e->phis, e->capphis, e->nphis + ev->nphis, 64);
        memcpy(e->phis + e->nphis, ev->phis, (size_t)ev->nphis * sizeof *ev->phis);
        c.phis = (const McPhiUpdate *)(intptr_t)e->nphis; /* offset until fix_events */
        e->nphis += ev->nphis;
    }
    if (ev->outcome) {
        s->outcome = *ev->outcome;
        c.outcome = &s->outcome;
    }
    e->v[e->n++] = c;
}

static void fix_events(McSession *s) {
    McSessionEvents *e = &s->last;
    for (int i = 0; i < e->n; i++)
        if (e->v[i].kind == MC_EV_PHIS) e->v[i].phis = e->phis + (intptr_t)e->v[i].phis;
}

/* ---- checkpoints ----------------------------------------------------------- */

static void ckpt_drop(McSession *s) {
    for (int i = 0; i < s->nckpt; i++) mc_interp_free(s->ckpt[i]);
    free(s->ckpt);
    free(s->ckpt_steps);
    s->ckpt = NULL;
    s->ckpt_steps = NULL;
    s->nckpt = s->ckpt_max = 0;
    s->ckpt_func = NULL;
}

/* At a block boundary of the run: a checkpoint when the last one is
 * ckpt_spacing entries behind. A clone costs about its state: the values
 * (value, defined flag, buffer map), the buffers twice (current and as
 * given) and the interpreter itself. */
static void ckpt_take(McSession *s) {
    McInterp *in = s->interp;
    if (!in || mc_interp_pc(in) != -1 || mc_interp_finished(in, NULL)) return;
    int64_t steps = mc_interp_steps(in);
    if (s->ckpt_func != s->interp_func) {
        ckpt_drop(s);
        const McFunc *f = s->interp_func;
        size_t elems = 0;
        const McArgs *a = mc_interp_args(in);
        for (int32_t p = 0; p < a->n; p++) elems += (size_t)a->v[p].len;
        s->ckpt_size = 512 + 12 * (size_t)f->nvalues + 8 * elems + 32 * (size_t)f->nblocks;
        size_t max = MC_CKPT_BYTES / s->ckpt_size;
        s->ckpt_max = max > 4096 ? 4096 : max < 2 ? 2 : (int)max;
        s->ckpt = mc_xmalloc((size_t)s->ckpt_max * sizeof *s->ckpt);
        s->ckpt_steps = mc_xmalloc((size_t)s->ckpt_max * sizeof *s->ckpt_steps);
        s->ckpt_spacing = MC_CKPT_SPACING;
        s->ckpt_func = f;
    }
    int64_t last = s->nckpt ? s->ckpt_steps[s->nckpt - 1] : 0;
    if (steps < last + s->ckpt_spacing) return;
    if (s->nckpt == s->ckpt_max) {
        /* Full: keep every other one, twice as far apart. */
        int k = 0;
        for (int i = 0; i < s->nckpt; i++) {
            if (i % 2 == 0) mc_interp_free(s->ckpt[i]);
            else {
                s->ckpt[k] = s->ckpt[i];
                s->ckpt_steps[k++] = s->ckpt_steps[i];
            }
        }
        s->nckpt = k;
        s->ckpt_spacing *= 2;
        if (steps < s->ckpt_steps[k - 1] + s->ckpt_spacing) return;
    }
    s->ckpt[s->nckpt] = mc_interp_clone(in);
    s->ckpt_steps[s->nckpt++] = steps;
}

void mc_session_events_begin(McSession *s) { events_clear(&s->last); }
void mc_session_events_end(McSession *s) { fix_events(s); }
void mc_session_checkpoint(McSession *s) { ckpt_take(s); }

size_t mc_session_ckpt_bytes(const McSession *s) { return (size_t)s->nckpt * s->ckpt_size; }

void mc_session_stop(McSession *s) {
    mc_frames_drop(s); /* the callers' interpreters and checkpoints */
    ckpt_drop(s);
    if (s->interp) mc_interp_free(s->interp);
    s->interp = NULL;
    s->interp_func = NULL;
    events_clear(&s->last);
}

void mc_session_interp_options(McSession *s, McInterpOptions *o) {
    memset(o, 0, sizeof *o);
    o->max_steps = s->max_steps;
    o->max_depth = s->max_depth;
    o->phi_mode = s->phi_mode;
    o->observer = record_event;
    o->ctx = s;
    o->interrupt = s->interrupt;
}

bool mc_session_running(const McSession *s) { return s->interp && !mc_interp_finished(s->interp, NULL); }

bool mc_session_start(McSession *s, FILE *err) {
    if (!mc_session_need_args(s, err)) return false;
    const McFunc *f = mc_session_view(s, s->exec, err);
    if (!f) return false;
    McInterpOptions o;
    mc_session_interp_options(s, &o);
    McInterp *in = mc_interp_new(f, &s->args, &o);
    mc_session_stop(s);
    s->interp = in;
    s->interp_func = f;
    mc_session_watch_sync(s); /* nothing assigned yet */
    return true;
}

/* Events of long runs are not all kept: only those of the last block. */
#define RECORD_ALL_LIMIT 2000

bool mc_session_step(McSession *s, int64_t n, bool by_inst, FILE *err) {
    if (!s->interp && !mc_session_start(s, err)) return false;
    events_clear(&s->last);
    bool interrupted = false;
    for (int64_t i = 0; i < n; i++) {
        if (mc_interp_finished(s->interp, NULL)) break;
        /* Ctrl-C: stop between blocks (a block is short; the loop may not be). */
        if (i > 0 && mc_interp_pc(s->interp) == -1 && mc_interrupted(s->interrupt)) {
            interrupted = true;
            break;
        }
        if (s->last.n > RECORD_ALL_LIMIT && mc_interp_pc(s->interp) == -1) events_clear(&s->last);
        if (mc_interp_pc(s->interp) == -1) ckpt_take(s);
        if (by_inst) mc_interp_step_inst(s->interp);
        else mc_interp_step_block(s->interp);
    }
    fix_events(s);
    if (interrupted) return interrupted_error(s, err);
    return true;
}

/* The fast part of continue, from a block boundary (tested for a
 * breakpoint unless `first`). The blocks run on the fast path in chunks,
 * each starting from a checkpoint (mc_interp_clone) at a boundary that
 * stepping would pass, until a stop. Where stepping would only go on (a
 * chunk's end, entry number max-steps + 1 about to be tried, or a block
 * that returns, where the fast path also stops so that the stepping loop
 * runs the last block with its events), the caller's stepping loop takes
 * over there. At a real stop after entry N (a breakpoint, a trap inside a
 * block, the interrupt flag), the interpreter goes back to the checkpoint,
 * runs fast to the boundary after entry N - 1, and the caller steps the
 * last block again: the same state and the same events as stepping all
 * the way. A chunk is 16 entries per word of state a checkpoint copies
 * (values, blocks, buffer elements), at least 4096. Returns whether the
 * caller's next boundary is a first one (not tested: the fast run passed
 * it); sets *at_break / *interrupted for a stop at the starting boundary. */
static bool fast_to_last_block(McSession *s, const bool *bp, bool first, bool *at_break, bool *interrupted) {
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    if (!first) {
        int32_t b = mc_interp_block(in);
        if (b >= 0 && bp[b] && mc_session_stop_check(s, bp, b)) { /* hit counts, tbreak */
            *at_break = true;
            s->break_stops++;
            return false;
        }
        if (mc_interrupted(s->interrupt)) {
            *interrupted = true;
            return false;
        }
    }
    events_clear(&s->last);
    int64_t words = (int64_t)f->nvalues + f->nblocks;
    const McArgs *a = mc_interp_args(in);
    for (int32_t p = 0; p < a->n; p++) words += a->v[p].len;
    int64_t chunk = words > (INT64_C(1) << 40) ? INT64_C(1) << 44 : 16 * words;
    if (chunk < 4096) chunk = 4096;
    int64_t max_steps = s->max_steps > 0 ? s->max_steps : MC_DEFAULT_MAX_STEPS;
    bool *stop = mc_xmalloc((size_t)f->nblocks * sizeof *stop);
    for (int32_t b = 0; b < f->nblocks; b++) stop[b] = bp[b] || f->blocks[b].term.op == MC_OP_RET;
    McInterp *save = mc_interp_clone(in);
    bool replay = true;
    for (;;) {
        int64_t until = mc_interp_steps(in) + chunk;
        McStop st = mc_interp_continue_until(in, stop, until < max_steps ? until : max_steps);
        if (st == MC_STOP_END) break; /* returned or trapped in the block it began with */
        int32_t b = mc_interp_block(in);
        if (bp[b] || mc_interrupted(s->interrupt) || st == MC_STOP_INTERRUPT) break;
        if (st == MC_STOP_BREAK || mc_interp_steps(in) >= max_steps) {
            replay = false; /* stepping goes on from here */
            break;
        }
        mc_interp_free(save);
        save = mc_interp_clone(in);
        ckpt_take(s);
        if (s->progress) s->progress(s->progress_ctx, mc_interp_steps(in));
    }
    free(stop);
    if (replay) {
        int64_t n = mc_interp_steps(in);
        mc_interp_restore(in, save); /* the same object: front ends compare it to tell a restart */
        mc_interp_run_to(in, n - 1);
    }
    mc_interp_free(save);
    return replay;
}

bool mc_session_step_line(McSession *s, FILE *err) {
    size_t len;
    if (!mc_session_c_source(s, &len))
        return mc_session_error(s, err, "%s%sstepping by line needs a MiniC (C) file; %s is IR", s->cmd ? s->cmd : "",
                                s->cmd ? ": " : "", s->path ? s->path : "the program");
    if (!s->interp && !mc_session_start(s, err)) return false;
    events_clear(&s->last);
    int32_t from = mc_session_c_line(s);
    bool interrupted = false;
    for (int64_t i = 0; !mc_interp_finished(s->interp, NULL); i++) {
        if (i > 0 && mc_interp_pc(s->interp) == -1 && mc_interrupted(s->interrupt)) {
            interrupted = true;
            break;
        }
        if (s->last.n > RECORD_ALL_LIMIT && mc_interp_pc(s->interp) == -1) events_clear(&s->last);
        mc_interp_step_inst(s->interp);
        int32_t now = mc_session_c_line(s);
        if (now && now != from) break;
    }
    fix_events(s);
    if (interrupted) return interrupted_error(s, err);
    return true;
}

/* After a stop at a `break LINE` breakpoint, about to enter its block:
 * on to the line's first instruction in that block (gdb stops at the
 * line, not at the block that holds it), never past the terminator. */
static void run_to_line(McSession *s, int32_t line) {
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    while (!mc_interp_finished(in, NULL) && mc_session_c_line(s) != line) {
        int32_t b = mc_interp_block(in), pc = mc_interp_pc(in);
        if (pc >= 0 && b >= 0 && pc >= f->blocks[b].ninsts) break; /* the line is not in this block after all */
        mc_interp_step_inst(in);
    }
}

bool mc_session_continue(McSession *s, bool *at_break, FILE *err) {
    if (!s->interp && !mc_session_start(s, err)) return false;
    events_clear(&s->last);
    bool *bp = mc_session_break_array(s, s->interp_func);
    bool first = true;
    *at_break = false;
    bool entry = s->stop_at_entry;
    s->stop_at_entry = false;
    if (entry && mc_interp_block(s->interp) == MC_NONE && !mc_interp_finished(s->interp, NULL) && bp[0] &&
        (mc_session_stop_check(s, bp, 0) & 1)) {
        /* Not started yet: "about to enter" the entry block. */
        *at_break = true;
        s->break_stops++;
        free(bp);
        if (s->stops.stop_line) {
            run_to_line(s, s->stops.stop_line);
            fix_events(s);
        }
        return true;
    }
    /* Every stop is decided at a block boundary by mc_session_stop_check
     * (stops.h): a breakpoint and its condition, a watched value that the
     * block just run changed. Watches and conditions need every boundary,
     * so they keep the stepping loop; otherwise run fast to the stop. */
    bool interrupted = false;
    s->stops.hit[0] = 0;
    s->stops.last_stop = 0;
    /* The C line it starts on and the block it starts in (or is about to
     * enter): a second line breakpoint of that block stops inside it. */
    int32_t from_line = mc_session_c_line(s);
    bool in_start = true, entered = mc_interp_pc(s->interp) >= 0;
    if (!s->slow_continue && !mc_session_stops_need_stepping(s)) {
        /* Finish a block it starts inside by stepping (its events), then
         * from the boundary run fast to the stop and step the last block
         * again from a checkpoint. */
        while (!mc_interp_finished(s->interp, NULL) && (mc_interp_pc(s->interp) != -1 || !entered)) {
            first = false;
            entered = true;
            mc_interp_step_inst(s->interp);
            if (mc_session_line_stop_check(s, from_line)) {
                *at_break = true;
                s->break_stops++;
                break;
            }
        }
        if (!*at_break && !mc_interp_finished(s->interp, NULL))
            first = fast_to_last_block(s, bp, first, at_break, &interrupted);
    }
    /* Step block by block so only the last block's events are kept. */
    int64_t blocks = 0;
    while (!*at_break && !interrupted && !mc_interp_finished(s->interp, NULL)) {
        if (mc_interp_pc(s->interp) == -1) {
            if (!first && mc_session_stop_check(s, bp, mc_interp_block(s->interp))) {
                *at_break = true;
                s->break_stops++;
                break;
            }
            /* Ctrl-C: one volatile load per block, next to the events. */
            if (!first && mc_interrupted(s->interrupt)) {
                interrupted = true;
                break;
            }
            events_clear(&s->last);
            ckpt_take(s);
            if (s->progress && (++blocks & 0xffff) == 0) s->progress(s->progress_ctx, mc_interp_steps(s->interp));
        }
        first = false;
        mc_interp_step_inst(s->interp);
        if (mc_interp_pc(s->interp) >= 0) entered = true;
        else if (entered) in_start = false;
        if (in_start && mc_session_line_stop_check(s, from_line)) {
            *at_break = true;
            s->break_stops++;
        }
    }
    free(bp);
    if (*at_break && (s->stops.last_stop & 1) && s->stops.stop_line) run_to_line(s, s->stops.stop_line);
    fix_events(s);
    if (interrupted) return interrupted_error(s, err);
    return true;
}

/* The stepped function's own block entries (a call's callee blocks are
 * inside one step). */
static int64_t own_steps(const McInterp *in) { return mc_interp_steps(in) - mc_interp_call_steps(in); }

/* Put in (the session's interpreter or a clone of it) at the boundary after
 * `target` own block entries: from the nearest checkpoint at or before it
 * (the start when there is none) on the fast path, then stepping. False
 * when the interrupt flag stopped it short of the target. */
static bool seek_boundary(McSession *s, McInterp *in, int64_t target) {
    int k = s->ckpt_func == s->interp_func ? s->nckpt - 1 : -1;
    while (k >= 0 && s->ckpt_steps[k] > target) k--; /* total entries >= own entries: never past it */
    if (k >= 0) {
        mc_interp_restore(in, s->ckpt[k]);
    } else {
        McInterp *r = mc_interp_replay(in, 0);
        mc_interp_restore(in, r);
        mc_interp_free(r);
    }
    mc_interp_run_to(in, target);
    while (!mc_interrupted(s->interrupt) && !mc_interp_finished(in, NULL) &&
           !(own_steps(in) >= target && mc_interp_pc(in) == -1))
        mc_interp_step_inst(in);
    return mc_interp_finished(in, NULL) || (own_steps(in) >= target && mc_interp_pc(in) == -1);
}

/* seek_boundary to `bound`, then instruction by instruction to `tick`
 * ticks (mc_interp_ticks), which lie in the blocks after that boundary. */
static bool seek_tick(McSession *s, McInterp *in, int64_t bound, int64_t tick) {
    if (!seek_boundary(s, in, bound)) return false;
    while (!mc_interrupted(s->interrupt) && !mc_interp_finished(in, NULL) && mc_interp_ticks(in) < tick)
        mc_interp_step_inst(in);
    return mc_interp_ticks(in) == tick;
}

bool mc_session_back(McSession *s, int64_t n, FILE *err) {
    if (!s->interp) return mc_session_error(s, err, "back: the program is not running (try: start)");
    int64_t target = own_steps(s->interp) - n;
    if (target < 0) target = 0;
    /* Ctrl-C meanwhile: back where it started. */
    McInterp *in = s->interp, *keep = mc_interp_clone(in);
    bool done = seek_boundary(s, in, target);
    if (!done) mc_interp_restore(in, keep);
    mc_interp_free(keep);
    events_clear(&s->last);
    if (!done) return interrupted_error(s, err);
    mc_session_watch_sync(s); /* going back changes no watched value */
    return true;
}

bool mc_session_follow_stage(McSession *s, const McSessionPlace *was, char *why, size_t size, FILE *err) {
    why[0] = 0;
    if (!mc_session_start(s, err)) return false;
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    const char *stage = mc_view_name(s->exec);
    /* Forward on the fast path, a checkpoint every ckpt_spacing entries
     * (back and reverse steps work at once), then stepping to the boundary. */
    while (!mc_interp_finished(in, NULL) && own_steps(in) < was->steps && !mc_interrupted(s->interrupt)) {
        ckpt_take(s);
        int64_t to = mc_interp_steps(in) + s->ckpt_spacing, last = mc_interp_call_steps(in) + was->steps;
        int64_t before = mc_interp_steps(in);
        mc_interp_run_to(in, to < last ? to : last);
        if (mc_interp_steps(in) == before) break; /* a call inside a block: stepping takes over */
    }
    while (!mc_interrupted(s->interrupt) && !mc_interp_finished(in, NULL) &&
           !(own_steps(in) >= was->steps && mc_interp_pc(in) == -1))
        mc_interp_step_inst(in);
    events_clear(&s->last);
    if (mc_interrupted(s->interrupt)) {
        mc_session_stop(s);
        return interrupted_error(s, err);
    }
    McOutcome o;
    bool fin = mc_interp_finished(in, &o);
    if (fin != was->finished || own_steps(in) != was->steps) {
        snprintf(why, size, "%s's run %s after %lld blocks, %s's %s after %lld", stage,
                 fin ? "ended" : "goes on", (long long)own_steps(in), mc_view_name(was->view),
                 was->finished ? "ended" : "stood", (long long)was->steps);
    } else if (!fin) {
        int32_t b = mc_interp_block(in);
        const char *name = b == MC_NONE ? (f->nblocks ? f->blocks[0].name : "") : f->blocks[b].name;
        if (strcmp(name, was->block) != 0)
            snprintf(why, size, "after %lld blocks %s is about to enter %s, %s was about to enter %s (their blocks differ)",
                     (long long)was->steps, stage, name, mc_view_name(was->view), was->block);
    }
    if (why[0]) {
        mc_session_stop(s);
        return true;
    }
    mc_session_watch_sync(s);
    return true;
}

void mc_session_place(const McSession *s, McSessionPlace *p) {
    memset(p, 0, sizeof *p);
    p->view = s->exec;
    if (!s->interp) return;
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    p->running = true;
    p->finished = mc_interp_finished(in, NULL);
    p->steps = own_steps(in);
    p->inside = !p->finished && mc_interp_pc(in) != -1;
    if (p->inside) p->steps--; /* the boundary before the block it stands in */
    int32_t b = mc_interp_block(in);
    const char *name = b == MC_NONE ? (f->nblocks ? f->blocks[0].name : "") : f->blocks[b].name;
    snprintf(p->block, sizeof p->block, "%s", name);
}

/* The C line at in's position (mc_session_c_line for any interpreter). */
static int32_t line_of(const McFunc *f, const McInterp *in) {
    int32_t b = mc_interp_block(in), pc = mc_interp_pc(in);
    if (b == MC_NONE) b = 0, pc = -1;
    return mc_minic_line_at(f, b, pc);
}

/* One position of a reverse-step window: the ticks before it, its C line,
 * and the last boundary at or before it (own entries). */
typedef struct LinePos {
    int64_t tick, bound;
    int32_t line;
} LinePos;

/* Reverse step by C line in a window of the last `w` blocks: replays a
 * clone (without events) from the boundary w entries back to the current
 * position, noting each position's C line, and looks from the end for the
 * start of the last stretch of a line other than the current one. 1 found
 * (*at), 0 the window is too short, -1 none before (the first line), -2
 * interrupted. Counts the instructions replayed in *work. */
static int rs_window(McSession *s, int64_t w, LinePos *at, int64_t *work) {
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    int64_t t0 = mc_interp_ticks(in), from = own_steps(in) - w;
    if (from < 0) from = 0;
    int32_t cur = mc_interp_finished(in, NULL) ? 0 : line_of(f, in); /* after the end: back to the last line */
    McInterp *c = mc_interp_clone(in);
    mc_interp_set_observer(c, NULL, NULL);
    if (!seek_boundary(s, c, from)) {
        mc_interp_free(c);
        return -2;
    }
    LinePos *v = NULL;
    int64_t n = 0, cap = 0, bound = from;
    while (mc_interp_ticks(c) < t0 && !mc_interp_finished(c, NULL)) {
        if (mc_interp_pc(c) == -1) {
            bound = own_steps(c);
            if (mc_interrupted(s->interrupt)) break;
        }
        int32_t l = line_of(f, c);
        if (l) {
            if (n == cap) {
                cap = cap ? 2 * cap : 64;
                v = mc_xrealloc(v, (size_t)cap * sizeof *v);
            }
            v[n++] = (LinePos){mc_interp_ticks(c), bound, l};
        }
        mc_interp_step_inst(c);
        (*work)++;
    }
    bool stopped = mc_interp_ticks(c) < t0;
    mc_interp_free(c);
    int64_t i = n - 1;
    while (i >= 0 && v[i].line == cur) i--;
    int r;
    if (stopped) r = -2;
    else if (i < 0) r = from == 0 ? -1 : 0;
    else {
        int32_t l = v[i].line;
        while (i >= 0 && v[i].line == l) i--;
        if (i < 0 && from > 0) r = 0; /* the stretch may begin before the window */
        else {
            *at = v[i + 1];
            r = 1;
        }
    }
    free(v);
    return r;
}

bool mc_session_reverse_step(McSession *s, bool by_line, int64_t *work, FILE *err) {
    const char *cmd = by_line ? "reverse-step" : "reverse-stepi";
    size_t len;
    if (by_line && !mc_session_c_source(s, &len))
        return mc_session_error(s, err, "%s: stepping by line needs a MiniC (C) file; %s is IR (reverse-stepi goes "
                                "back one instruction, back one block)", cmd, s->path ? s->path : "the program");
    if (!s->interp) return mc_session_error(s, err, "%s: the program is not running (try: start)", cmd);
    McInterp *in = s->interp;
    int64_t t0 = mc_interp_ticks(in), dummy = 0;
    if (!work) work = &dummy;
    if (t0 == 0) return mc_session_error(s, err, "%s: at the start, nothing ran before", cmd);
    LinePos at = {t0 - 1, own_steps(in) - 1, 0};
    if (by_line) {
        /* Windows of 1, 2, 4, ... blocks back, until the line's start is in one. */
        int r = 0;
        for (int64_t w = 1; r == 0; w *= 2) r = rs_window(s, w, &at, work);
        if (r == -1) return mc_session_error(s, err, "%s: at the first C line, nothing ran before", cmd);
        if (r == -2) return interrupted_error(s, err);
    }
    McInterp *keep = mc_interp_clone(in);
    bool done = seek_tick(s, in, at.bound < 0 ? 0 : at.bound, at.tick);
    if (!done) mc_interp_restore(in, keep);
    mc_interp_free(keep);
    events_clear(&s->last);
    if (!done) return interrupted_error(s, err);
    mc_session_watch_sync(s);
    return true;
}

/* ---- breakpoints -------------------------------------------------------------- */

bool mc_session_has_break(const McSession *s, const char *block) {
    for (int i = 0; i < s->nbreaks; i++)
        if (strcmp(s->breaks[i], block) == 0) return true;
    return false;
}

bool *mc_session_break_array(const McSession *s, const McFunc *f) {
    bool *bp = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *bp);
    for (int i = 0; i < s->nbreaks; i++) {
        const char *colon = strchr(s->breaks[i], ':');
        int32_t b = mc_func_find_block(f, colon ? colon + 1 : s->breaks[i]);
        if (b != MC_NONE && mc_session_break_applies(s, s->breaks[i], f, f->blocks[b].name)) bp[b] = true;
    }
    return bp;
}

/* FUNC:BLOCK names a block of FUNC (f->name, or its C name); a plain BLOCK
 * one of the session's function, in every frame that runs it. */
bool mc_session_break_applies(const McSession *s, const char *brk, const McFunc *f, const char *block) {
    const char *colon = strchr(brk, ':');
    if (!colon) return strcmp(brk, block) == 0 && (!s->input || strcmp(f->name, s->input->name) == 0);
    size_t n = (size_t)(colon - brk);
    if (strcmp(colon + 1, block) != 0) return false;
    const char *shown = mc_shown_name(f, f->name);
    return (strlen(f->name) == n && strncmp(f->name, brk, n) == 0) || (strlen(shown) == n && strncmp(shown, brk, n) == 0);
}

/* The function FUNC of `break FUNC:BLOCK` in the loaded module (by its
 * name or its C name), or NULL. */
const McFunc *mc_session_break_func(const McSession *s, const char *brk) {
    const char *colon = strchr(brk, ':');
    if (!colon || !s->module) return NULL;
    for (int32_t i = 0; i < s->module->nfuncs; i++) {
        const McFunc *g = s->module->funcs[i];
        const char *b = mc_func_find_block(g, colon + 1) != MC_NONE ? g->blocks[mc_func_find_block(g, colon + 1)].name : NULL;
        if (b && mc_session_break_applies(s, brk, g, b)) return g;
    }
    return NULL;
}

bool mc_session_break_add(McSession *s, const char *block, FILE *err) {
    if (!mc_session_need_func(s, err)) return false;
    const char *colon = strchr(block, ':');
    if (colon && !mc_session_break_func(s, block)) {
        const char *fn = block;
        int n = (int)(colon - block);
        bool has = false;
        for (int32_t i = 0; i < s->module->nfuncs; i++) {
            const McFunc *g = s->module->funcs[i];
            const char *shown = mc_shown_name(g, g->name);
            if (((int)strlen(g->name) == n && strncmp(g->name, fn, (size_t)n) == 0) ||
                ((int)strlen(shown) == n && strncmp(shown, fn, (size_t)n) == 0))
                has = true;
        }
        if (!has) return mc_session_error(s, err, "break: no function '%.*s' (break FUNC:BLOCK)", n, fn);
        return mc_session_error(s, err, "break: no block '%s' in %.*s", colon + 1, n, fn);
    }
    /* A block of any form built so far will do: edge blocks exist only after
     * phi destruction, and the name stays meaningful across stages. */
    /* The running function, unless it is a callee being stepped (another function). */
    const McFunc *run = s->interp_func && strcmp(s->interp_func->name, s->input->name) == 0 ? s->interp_func : NULL;
    const McFunc *fs[] = {run, s->input, s->ssa, s->opt, s->destroyed ? s->destroyed->f : NULL};
    bool found = false;
    for (size_t i = 0; i < sizeof fs / sizeof fs[0]; i++)
        if (fs[i] && mc_func_find_block(fs[i], block) != MC_NONE) found = true;
    if (!found && !colon && s->interp_func && !run && mc_func_find_block(s->interp_func, block) != MC_NONE)
        return mc_session_error(s, err, "break: no block '%s' in %s (a block of %s: break %s:%s)", block,
                                s->input->name, s->interp_func->name, s->interp_func->name, block);
    if (!found && !colon) return mc_session_error(s, err, "break: no block '%s' in %s", block, s->input->name);
    if (mc_session_has_break(s, block)) return true;
    s->breaks = mc_xrealloc(s->breaks, (size_t)(s->nbreaks + 1) * sizeof *s->breaks);
    s->breaks[s->nbreaks++] = mc_xstrdup(block);
    mc_stops_add_plain(&s->stops, block); /* its number; no condition */
    return true;
}

bool mc_session_break_del(McSession *s, const char *block, FILE *err) {
    for (int i = 0; i < s->nbreaks; i++) {
        if (strcmp(s->breaks[i], block) == 0) {
            mc_session_break_forget(s, block);
            free(s->breaks[i]);
            memmove(&s->breaks[i], &s->breaks[i + 1], (size_t)(s->nbreaks - i - 1) * sizeof *s->breaks);
            s->nbreaks--;
            return true;
        }
    }
    return mc_session_error(s, err, "delete: no breakpoint at '%s'", block);
}

void mc_session_break_clear(McSession *s) {
    for (int i = 0; i < s->nbreaks; i++) free(s->breaks[i]);
    s->nbreaks = 0;
    mc_session_break_forget(s, NULL);
}

/* ---- the C source of a MiniC module ---------------------------------------- */

const char *mc_session_c_source(const McSession *s, size_t *len) {
    if (!s->module || !s->module->minic || !s->src) return NULL;
    *len = strlen(s->src);
    return s->src;
}

int32_t mc_session_c_line(const McSession *s) {
    if (!s->module || !s->module->minic || !s->interp || !s->interp_func) return 0;
    int32_t b = mc_interp_block(s->interp), pc = mc_interp_pc(s->interp);
    if (b == MC_NONE) b = 0, pc = -1; /* before the start: about to enter the entry */
    return mc_minic_line_at(s->interp_func, b, pc);
}

const char *mc_session_break_line(McSession *s, const char *word, FILE *err) {
    char *end;
    long line = strtol(word, &end, 10);
    if (*end || line < 1 || line > INT32_MAX) return NULL;
    const McFunc *f = s->interp_func ? s->interp_func : s->input;
    if (!s->module || !s->module->minic) {
        mc_session_error(s, err, "break: '%s' is a line number, but %s is not C (break BLOCK names a block)", word,
                         s->path);
        return "";
    }
    int32_t b = mc_minic_block_at_line(f, (int32_t)line);
    if (b == MC_NONE) {
        mc_session_error(s, err, "break: no code of %s on line %ld", mc_shown_name(f, f->name), line);
        return "";
    }
    return f->blocks[b].name;
}
