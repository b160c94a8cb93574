/* frames.c - the session's stack of paused interpreters, for stepping into
 * calls (frames.h), and the stepping loops that use it: step and next,
 * continue and finish across frames, back across a call's entry. */
#include "shell/frames.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"
#include "shell/session.h"
#include "shell/show.h"

static void ckpt_free(McInterp **ck, int n, int64_t *steps) {
    for (int i = 0; i < n; i++) mc_interp_free(ck[i]);
    free(ck);
    free(steps);
}

/* The innermost frame's checkpoints move into fr (and the session's are
 * emptied), or back. */
static void ckpt_save(McSession *s, McShellFrame *fr) {
    fr->ckpt = s->ckpt;
    fr->ckpt_steps = s->ckpt_steps;
    fr->nckpt = s->nckpt;
    fr->ckpt_max = s->ckpt_max;
    fr->ckpt_spacing = s->ckpt_spacing;
    fr->ckpt_size = s->ckpt_size;
    fr->ckpt_func = s->ckpt_func;
    s->ckpt = NULL;
    s->ckpt_steps = NULL;
    s->nckpt = s->ckpt_max = 0;
    s->ckpt_func = NULL;
}

static void ckpt_load(McSession *s, const McShellFrame *fr) {
    ckpt_free(s->ckpt, s->nckpt, s->ckpt_steps);
    s->ckpt = fr->ckpt;
    s->ckpt_steps = fr->ckpt_steps;
    s->nckpt = fr->nckpt;
    s->ckpt_max = fr->ckpt_max;
    s->ckpt_spacing = fr->ckpt_spacing;
    s->ckpt_size = fr->ckpt_size;
    s->ckpt_func = fr->ckpt_func;
}

void mc_frames_drop(McSession *s) {
    for (int i = 0; i < s->nframes; i++) {
        mc_interp_free(s->frames[i].interp);
        ckpt_free(s->frames[i].ckpt, s->frames[i].nckpt, s->frames[i].ckpt_steps);
    }
    free(s->frames);
    s->frames = NULL;
    s->nframes = s->capframes = 0;
    s->frame_sel = 0;
}

int mc_frames_depth(const McSession *s) { return s->interp ? s->nframes + 1 : 0; }

McInterp *mc_frames_interp(const McSession *s, int k, const McFunc **f) {
    if (k <= 0 || k > s->nframes) {
        if (f) *f = s->interp_func;
        return s->interp;
    }
    const McShellFrame *fr = &s->frames[s->nframes - k];
    if (f) *f = fr->func;
    return fr->interp;
}

static const McCall *call_at(const McInterp *in, const McFunc *f) {
    if (!in || mc_interp_finished(in, NULL)) return NULL;
    int32_t b = mc_interp_block(in), pc = mc_interp_pc(in);
    if (b == MC_NONE || pc < 0 || pc >= f->blocks[b].ninsts) return NULL;
    const McInst *i = &f->blocks[b].insts[pc];
    return i->op == MC_OP_CALL ? mc_inst_call(f, i) : NULL;
}

const McCall *mc_frames_at_call(const McSession *s) { return call_at(s->interp, s->interp_func); }

/* Block entries left to the innermost frame: the budget less every frame's. */
static int64_t budget_left(const McSession *s) {
    int64_t left = s->max_steps > 0 ? s->max_steps : MC_DEFAULT_MAX_STEPS;
    left -= mc_interp_steps(s->interp);
    for (int i = 0; i < s->nframes; i++) left -= mc_interp_steps(s->frames[i].interp);
    return left;
}

bool mc_frames_can_enter(const McSession *s) {
    const McCall *c = mc_frames_at_call(s);
    if (!c || !c->callee) return false;
    int64_t depth = s->max_depth > 0 ? s->max_depth : MC_DEFAULT_MAX_DEPTH;
    /* No budget or depth left: the call traps as one instruction. */
    if (budget_left(s) < 1 || depth - mc_frames_depth(s) < 1) return false;
    for (int32_t k = 0; k < c->nargs; k++)
        for (int32_t j = 0; j < k; j++)
            if (c->args[k].kind == MC_OPND_VALUE && c->args[j].kind == MC_OPND_VALUE && c->args[k].v == c->args[j].v &&
                s->interp_func->values[c->args[k].v].kind == MC_VAL_BUF)
                return false;
    return true;
}

bool mc_frames_enter(McSession *s) {
    if (!mc_frames_can_enter(s)) return false;
    const McCall *c = mc_frames_at_call(s);
    const McFunc *g = c->callee;
    McArgs a;
    a.n = g->nparams;
    a.v = mc_xcalloc((size_t)(g->nparams ? g->nparams : 1), sizeof *a.v);
    for (int32_t k = 0; k < g->nparams; k++) {
        McOperand o = c->args[k];
        if (g->values[g->params[k]].kind == MC_VAL_BUF) {
            const McArg *b = mc_interp_buffer(s->interp, o.v);
            MC_ASSERT(b);
            a.v[k].is_buf = true;
            a.v[k].len = b->len;
            if (b->len) {
                a.v[k].data = mc_xmalloc((size_t)b->len * sizeof *a.v[k].data);
                memcpy(a.v[k].data, b->data, (size_t)b->len * sizeof *a.v[k].data);
            }
        } else if (o.kind == MC_OPND_CONST) {
            a.v[k].scalar = o.v;
        } else {
            MC_ASSERT(mc_interp_value(s->interp, o.v, &a.v[k].scalar));
        }
    }
    McInterpOptions o;
    mc_session_interp_options(s, &o);
    int64_t depth = s->max_depth > 0 ? s->max_depth : MC_DEFAULT_MAX_DEPTH;
    o.max_steps = budget_left(s);
    o.max_depth = depth - mc_frames_depth(s);
    McInterp *in = mc_interp_new(g, &a, &o);
    mc_args_free(&a);
    MC_GROW(s->frames, s->capframes, s->nframes + 1, 8);
    McShellFrame *fr = &s->frames[s->nframes++];
    memset(fr, 0, sizeof *fr);
    fr->interp = s->interp;
    fr->func = s->interp_func;
    ckpt_save(s, fr);
    s->interp = in;
    s->interp_func = g;
    s->frame_sel = 0;
    mc_session_watch_sync(s);
    return true;
}

/* Drop the innermost frame; its caller stays at the call unless `execute`. */
static void frames_pop(McSession *s, bool execute) {
    MC_ASSERT(s->nframes > 0);
    McShellFrame *fr = &s->frames[--s->nframes];
    mc_interp_free(s->interp);
    s->interp = fr->interp;
    s->interp_func = fr->func;
    ckpt_load(s, fr);
    s->frame_sel = 0;
    mc_session_watch_sync(s);
    if (execute) mc_interp_step_inst(s->interp); /* the call, as one instruction */
}

bool mc_frames_return(McSession *s) {
    if (s->nframes == 0 || !mc_interp_finished(s->interp, NULL)) return false;
    frames_pop(s, true);
    return true;
}

const McArg *mc_frames_buffer(const McSession *s, int k, int32_t v) {
    const McFunc *f;
    McInterp *in = mc_frames_interp(s, k, &f);
    while (k > 0 && k <= s->nframes) {
        const McCall *c = call_at(in, f);
        int32_t p = MC_NONE;
        for (int32_t j = 0; c && j < c->nargs; j++)
            if (c->args[j].kind == MC_OPND_VALUE && c->args[j].v == v) p = j;
        if (p == MC_NONE || c->callee->values[c->callee->params[p]].kind != MC_VAL_BUF) break;
        v = c->callee->params[p];
        in = mc_frames_interp(s, --k, &f);
    }
    return mc_interp_buffer(in, v);
}

static void print_buffer_short(const McArg *b, FILE *out) {
    fputc('[', out);
    for (int32_t i = 0; b && i < b->len && i < 8; i++) fprintf(out, "%s%ld", i ? ", " : "", (long)b->data[i]);
    if (b && b->len > 8) fputs(", ...", out);
    fputc(']', out);
}

void mc_frames_print(const McSession *s, int k, FILE *out) {
    const McFunc *f;
    McInterp *in = mc_frames_interp(s, k, &f);
    fprintf(out, "#%d %s(", k, mc_shown_name(f, f->name));
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t p = f->params[i], x;
        fprintf(out, "%s%s = ", i ? ", " : "", mc_shown_name(f, f->values[p].name));
        if (f->values[p].kind == MC_VAL_BUF) print_buffer_short(mc_frames_buffer(s, k, p), out);
        else if (mc_interp_value(in, p, &x)) fprintf(out, "%ld", (long)x);
        else fputc('-', out);
    }
    fputs(") ", out);
    McOutcome o;
    int32_t b = mc_interp_block(in), pc = mc_interp_pc(in);
    if (mc_interp_finished(in, &o)) {
        char buf[192];
        fprintf(out, "finished: %s\n", mc_outcome_str(&o, buf, sizeof buf));
    } else if (b == MC_NONE) {
        fprintf(out, "at the start: about to enter %s\n", f->nblocks ? f->blocks[0].name : "?");
    } else if (pc < 0) {
        fprintf(out, "about to enter %s\n", mc_block_name(f, b));
    } else {
        McStr t;
        mc_str_init(&t);
        const McBlock *bl = &f->blocks[b];
        if (pc < bl->ninsts) mc_inst_str(f, &bl->insts[pc], &t);
        else mc_term_str(f, &bl->term, &t);
        fprintf(out, "in %s, %s: %s\n", bl->name, k > 0 ? "at" : "next", t.s);
        mc_str_free(&t);
    }
}

bool mc_frames_view_begin(McSession *s) {
    if (s->frame_sel <= 0 || s->frame_sel > s->nframes) return false;
    McShellFrame *fr = &s->frames[s->nframes - s->frame_sel];
    McInterp *in = s->interp;
    const McFunc *f = s->interp_func;
    s->interp = fr->interp;
    s->interp_func = fr->func;
    fr->interp = in;
    fr->func = f;
    return true;
}

void mc_frames_view_end(McSession *s, bool swapped) {
    if (swapped) mc_frames_view_begin(s); /* the same swap undoes it */
}

/* ---- stepping across frames ------------------------------------------------ */

static bool has_call(const McFunc *f) {
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
            if (f->blocks[b].insts[i].op == MC_OP_CALL) return true;
    return false;
}

bool mc_frames_active(const McSession *s) {
    if (s->nframes > 0) return true;
    const McFunc *f = s->interp_func ? s->interp_func : s->input;
    return f && has_call(f);
}

#define SHOW_BLOCKS 20 /* as step shows: the last blocks of a long step */

/* Print the events recorded for the innermost frame since the last flush
 * (at most its last SHOW_BLOCKS blocks), numbered by its own entries. */
static void flush(McSession *s, bool sequential, FILE *out, bool last) {
    mc_session_events_end(s);
    const McSessionEvents *e = &s->last;
    int total = 0, from = 0;
    for (int i = 0; i < e->n; i++) total += e->v[i].kind == MC_EV_ENTER;
    int shown = total;
    if (total > SHOW_BLOCKS) {
        int skip = total - SHOW_BLOCKS;
        for (from = 0; from < e->n; from++)
            if (e->v[from].kind == MC_EV_ENTER && skip-- == 0) break;
        shown = SHOW_BLOCKS;
        if (out) fprintf(out, "(%d earlier block%s not shown)\n", total - shown, total - shown == 1 ? "" : "s");
    }
    int64_t own = mc_interp_steps(s->interp) - mc_interp_call_steps(s->interp);
    if (out && e->n > from) mc_show_events(s->interp_func, e->v + from, e->n - from, own - shown + 1, sequential, out);
    if (!last) mc_session_events_begin(s); /* the last step's stay for the workbench */
}

static void say_enter(McSession *s, FILE *out) {
    if (!out) return;
    fprintf(out, "entering %s, depth %d\n", mc_shown_name(s->interp_func, s->interp_func->name), mc_frames_depth(s));
    mc_frames_print(s, 0, out);
}

/* The innermost frame finished inside a call: back to its callers, each
 * executing its call (a trap goes down to the outermost frame). */
static void unwind_returns(McSession *s, bool sequential, FILE *out) {
    while (s->nframes > 0 && mc_interp_finished(s->interp, NULL)) {
        McOutcome o;
        mc_interp_finished(s->interp, &o);
        s->frame_ret = o;
        const char *callee = mc_shown_name(s->interp_func, s->interp_func->name);
        char name[128];
        snprintf(name, sizeof name, "%s", callee);
        if (out) flush(s, sequential, out, false);
        mc_frames_return(s);
        if (!out) continue;
        if (o.kind == MC_RETURNED)
            fprintf(out, "%s returned %ld to %s, depth %d\n", name, (long)o.value,
                    mc_shown_name(s->interp_func, s->interp_func->name), mc_frames_depth(s));
        else
            fprintf(out, "%s trapped (%s): back in %s, depth %d\n", name, o.trap,
                    mc_shown_name(s->interp_func, s->interp_func->name), mc_frames_depth(s));
        flush(s, sequential, out, false);
    }
}

bool mc_frames_step(McSession *s, int64_t n, bool by_inst, bool into, FILE *out, FILE *err) {
    if (!s->interp && !mc_session_start(s, err)) return false;
    bool seq = s->phi_mode == MC_PHI_SEQUENTIAL, interrupted = false;
    s->frame_sel = 0;
    mc_session_events_begin(s);
    for (int64_t i = 0; i < n && !mc_interp_finished(s->interp, NULL); i++) {
        if (i > 0 && mc_interp_pc(s->interp) == -1 && mc_interrupted(s->interrupt)) {
            interrupted = true;
            break;
        }
        if (into && mc_frames_can_enter(s)) {
            flush(s, seq, out, false);
            mc_frames_enter(s);
            say_enter(s, out);
            continue;
        }
        do {
            if (mc_interp_pc(s->interp) == -1) mc_session_checkpoint(s);
            mc_interp_step_inst(s->interp);
        } while (!by_inst && !mc_interp_finished(s->interp, NULL) && mc_interp_pc(s->interp) != -1 &&
                 !(into && mc_frames_can_enter(s)));
        if (into && !by_inst && mc_frames_can_enter(s)) { /* a block step stops in the callee */
            flush(s, seq, out, false);
            mc_frames_enter(s);
            say_enter(s, out);
            continue;
        }
        if (s->nframes > 0 && mc_interp_finished(s->interp, NULL)) unwind_returns(s, seq, out);
    }
    flush(s, seq, out, true);
    if (interrupted) {
        if (s->cmd) return mc_session_error(s, err, "%s: %s", s->cmd, MC_INTERRUPTED_MSG);
        return mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
    }
    return true;
}

/* Whether a stop can be inside a call: then continue steps into calls. */
static bool need_descend(const McSession *s) { return s->nbreaks > 0 || mc_session_stops_need_stepping(s); }

bool mc_frames_continue_applies(const McSession *s) {
    return s->nframes > 0 || (mc_frames_active(s) && need_descend(s));
}

bool mc_frames_run(McSession *s, int until_depth, bool *at_break, FILE *out, FILE *err) {
    if (!s->interp && !mc_session_start(s, err)) return false;
    *at_break = false;
    s->frame_sel = 0;
    s->stops.hit[0] = 0;
    s->stops.last_stop = 0;
    if (!need_descend(s)) {
        /* No stop inside a call: each frame runs to its end on the fast
         * path, then its caller takes over. */
        for (;;) {
            s->stop_at_entry = false;
            if (!mc_session_continue(s, at_break, err)) return false;
            if (*at_break || s->nframes == 0) return true;
            int32_t d = mc_frames_depth(s);
            mc_session_events_begin(s); /* the record: the caller's call, as it ran */
            unwind_returns(s, false, NULL);
            if (until_depth && mc_frames_depth(s) <= until_depth && mc_frames_depth(s) < d) break;
            if (mc_interp_finished(s->interp, NULL)) break;
        }
        mc_session_events_end(s);
        (void)out;
        return true;
    }
    bool *bp = mc_session_break_array(s, s->interp_func);
    const McFunc *bpf = s->interp_func;
    bool first = true, interrupted = false, entry = s->stop_at_entry;
    s->stop_at_entry = false;
    mc_session_events_begin(s);
    while (!mc_interp_finished(s->interp, NULL) || s->nframes > 0) {
        if (mc_interp_finished(s->interp, NULL)) {
            int32_t d = mc_frames_depth(s);
            unwind_returns(s, false, NULL);
            mc_session_events_begin(s);
            if (until_depth && mc_frames_depth(s) <= until_depth && mc_frames_depth(s) < d) break;
            continue;
        }
        if (bpf != s->interp_func) {
            free(bp);
            bp = mc_session_break_array(s, s->interp_func);
            bpf = s->interp_func;
        }
        if (mc_interp_pc(s->interp) == -1) {
            int32_t b = mc_interp_block(s->interp);
            if ((!first || entry) && mc_session_stop_check(s, bp, b == MC_NONE ? 0 : b)) {
                *at_break = true;
                s->break_stops++;
                break;
            }
            if (!first && mc_interrupted(s->interrupt)) {
                interrupted = true;
                break;
            }
            mc_session_events_begin(s);
            mc_session_checkpoint(s);
        }
        first = false;
        entry = false;
        if (mc_frames_can_enter(s)) {
            mc_frames_enter(s);
            entry = true; /* a breakpoint on the callee's entry block stops before it runs */
            continue;
        }
        mc_interp_step_inst(s->interp);
    }
    free(bp);
    mc_session_events_end(s);
    if (interrupted) {
        if (s->cmd) return mc_session_error(s, err, "%s: %s", s->cmd, MC_INTERRUPTED_MSG);
        return mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
    }
    return true;
}

bool mc_frames_back(McSession *s, int64_t n, FILE *err) {
    if (!s->interp) return mc_session_error(s, err, "back: the program is not running (try: start)");
    s->frame_sel = 0;
    /* Back past a callee's start: its frame goes and the caller stands at
     * the call again, the rest of the way back taken there. */
    while (s->nframes > 0) {
        int64_t own = mc_interp_steps(s->interp) - mc_interp_call_steps(s->interp);
        if (n <= own) break;
        n -= own;
        frames_pop(s, false);
    }
    if (n == 0) {
        mc_session_events_begin(s);
        return true;
    }
    return mc_session_back(s, n, err);
}
