/* cmd_exec.c - the prompt's "execution" commands: run, start, step, stepi,
 * continue, break, delete, back, where, print, values, set, machine, native
 * and check: their handlers and their rows of the command table. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cgen.h"
#include "minicc/check.h"
#include "minicc/limits.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "shell/frames.h"
#include "shell/show.h"
#include "shell/sweep.h"

/* The outcome of a finished run; after running out of steps, a note on
 * err says the budget and how to raise it (the trap's text is the IR's). */
static void print_outcome(McSession *s, FILE *out, FILE *err) {
    McOutcome o;
    if (!s->interp || !mc_interp_finished(s->interp, &o)) return;
    mc_outcome_print(s->interp_func, &o, mc_interp_args(s->interp), out);
    if (o.kind == MC_TRAPPED && strcmp(o.trap, "execution step limit exceeded") == 0) {
        fflush(out);
        long long n = s->max_steps > 0 ? s->max_steps : MC_DEFAULT_MAX_STEPS;
        fprintf(err, "note: the step budget is %lld block entr%s; raise it with 'set max-steps N'\n", n, n == 1 ? "y" : "ies");
    }
}

static Status cmd_start(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_start(s, err)) return ERR;
    fprintf(out, "started %s (%s) with args ", mc_shown_name(s->interp_func, s->interp_func->name), mc_view_name(s->exec));
    mc_args_format(&s->args, out);
    fputc('\n', out);
    mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

static Status report_stop(McSession *s, bool at_break, FILE *out, FILE *err) {
    if (at_break) {
        int32_t b = mc_interp_block(s->interp);
        if (s->stops.last_stop != 2) /* a breakpoint (and maybe a watch too) */
            fprintf(out, "breakpoint: %s\n", s->interp_func->blocks[b == MC_NONE ? 0 : b].name);
        if (s->stops.hit[0]) fprintf(out, "%s\n", s->stops.hit); /* a watched value changed */
        mc_show_position(s->interp_func, s->interp, out);
    } else {
        print_outcome(s, out, err);
    }
    mc_session_show_displays(s, out);
    return OK;
}

/* After Ctrl-C stopped run, continue or step (the session said
 * `CMD: interrupted`): where it stands, after the last completed block. */
static Status report_interrupt(McSession *s, FILE *out) {
    if (s->interp && mc_session_interrupted(s)) mc_show_position(s->interp_func, s->interp, out);
    return ERR;
}

static Status cmd_run(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_start(s, err)) return ERR;
    bool at_break;
    s->stop_at_entry = true; /* `break entry; run` stops before the first block */
    if (mc_frames_continue_applies(s)) return mc_cmd_frames_continue(s, out, err);
    if (!mc_session_continue(s, &at_break, err)) return report_interrupt(s, out);
    return report_stop(s, at_break, out, err);
}

static Status cmd_continue(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "continue: the program is not running (try: start or run)"), ERR;
    if (mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        return OK;
    }
    if (mc_frames_continue_applies(s)) return mc_cmd_frames_continue(s, out, err);
    bool at_break;
    if (!mc_session_continue(s, &at_break, err)) return report_interrupt(s, out);
    return report_stop(s, at_break, out, err);
}

#define MAX_STEP_COUNT 1000000000LL
#define SHOW_BLOCKS 20 /* a projector screen's worth of `step N` */

/* MiniC: the C line the interpreter reached, `at line N: TEXT`. */
static void print_c_line(McSession *s, FILE *out) {
    size_t len, n;
    const char *src = mc_session_c_source(s, &len);
    int32_t line = mc_session_c_line(s);
    if (!src || !line || mc_interp_finished(s->interp, NULL)) return;
    const char *text = mc_source_line(src, len, line, &n);
    if (!text) return;
    while (n > 0 && (*text == ' ' || *text == '\t')) text++, n--;
    McStr shown;
    mc_str_init(&shown);
    mc_str_put_visible(&shown, text, n);
    fprintf(out, "at line %d: %s\n", line, shown.s ? shown.s : "");
    mc_str_free(&shown);
}

static Status do_step_plain(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst);
void mc_cmd_print_c_line(McSession *s, FILE *out);

/* A program with calls steps across frames (cmd_frames.c): into a call. */
static Status do_step(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst) {
    bool by_line = !by_inst && argc >= 2 && strcmp(argv[1], "line") == 0;
    if (!by_line && mc_frames_active(s)) return mc_cmd_frames_step(s, argc, argv, out, err, by_inst, true);
    return do_step_plain(s, argc, argv, out, err, by_inst);
}

Status mc_cmd_step_plain(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst) {
    return do_step_plain(s, argc, argv, out, err, by_inst);
}
void mc_cmd_print_outcome(McSession *s, FILE *out, FILE *err) { print_outcome(s, out, err); }

void mc_cmd_print_c_line(McSession *s, FILE *out) { print_c_line(s, out); }

static Status do_step_plain(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int64_t n = 1;
    bool by_line = !by_inst && argc >= 2 && strcmp(argv[1], "line") == 0; /* MiniC: `step line` */
    if (argc >= 2 && !by_line && !mc_cmd_parse_count(s, err, argv[0], argv[1], 1, MAX_STEP_COUNT, &n)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (s->interp && mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        fputs("(use start to run it again, or back to step backwards)\n", out);
        return OK;
    }
    /* The stepped function's own block entries (a call's are not shown). */
    int64_t before = s->interp ? mc_interp_steps(s->interp) - mc_interp_call_steps(s->interp) : 0;
    if (by_line ? !mc_session_step_line(s, err) : !mc_session_step(s, n, by_inst, err))
        return report_interrupt(s, out);
    /* Show at most the last SHOW_BLOCKS blocks; the record itself may hold
     * only the last blocks of a long step (session.c keeps recent events). */
    int total = 0, from = 0;
    for (int i = 0; i < s->last.n; i++)
        if (s->last.v[i].kind == MC_EV_ENTER) total++;
    int shown = total;
    if (total > SHOW_BLOCKS) {
        int skip = total - SHOW_BLOCKS;
        for (from = 0; from < s->last.n; from++)
            if (s->last.v[from].kind == MC_EV_ENTER && skip-- == 0) break;
        shown = SHOW_BLOCKS;
    }
    int64_t after = mc_interp_steps(s->interp) - mc_interp_call_steps(s->interp);
    int64_t first = after - shown + 1, hidden = after - before - shown;
    if (hidden > 0 && s->last.n && s->last.v[from].kind == MC_EV_ENTER)
        fprintf(out, "(%lld earlier block%s not shown)\n", (long long)hidden, hidden == 1 ? "" : "s");
    mc_show_events(s->interp_func, s->last.v + from, s->last.n - from, first, s->phi_mode == MC_PHI_SEQUENTIAL, out);
    print_outcome(s, out, err);
    print_c_line(s, out);
    mc_session_watch_report(s, out);
    mc_session_show_displays(s, out);
    return OK;
}

static Status cmd_step(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_step(s, argc, argv, out, err, false);
}

static Status cmd_stepi(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_step(s, argc, argv, out, err, true);
}

static Status cmd_back(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int64_t n = 1;
    if (argc >= 2 && !mc_cmd_parse_count(s, err, "back", argv[1], 1, MAX_STEP_COUNT, &n)) return ERR;
    if (!(s->nframes > 0 ? mc_frames_back(s, n, err) : mc_session_back(s, n, err))) return ERR;
    if (s->nframes > 0) mc_frames_print(s, 0, out);
    else mc_show_position(s->interp_func, s->interp, out);
    mc_session_show_displays(s, out);
    return OK;
}

/* reverse-step / reverse-stepi: gdb's, from the checkpoints (session.c). */
static Status do_reverse(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_line) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!mc_session_reverse_step(s, by_line, NULL, err)) return ERR;
    mc_show_position(s->interp_func, s->interp, out);
    print_c_line(s, out);
    mc_session_show_displays(s, out);
    return OK;
}

static Status cmd_reverse_step(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_reverse(s, argc, argv, out, err, true);
}

static Status cmd_reverse_stepi(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_reverse(s, argc, argv, out, err, false);
}

static Status cmd_where(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) {
        fputs("not running (start begins, run runs to the end)\n", out);
        return OK;
    }
    if (s->nframes > 0) mc_frames_print(s, 0, out); /* in a callee: which one */
    else mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

/* Every value a condition names is an i32 value of g. */
static bool cond_names_in(McSession *s, const char *cmd, const McCond *c, const McFunc *g, FILE *err) {
    for (int i = 0; i < c->n; i++)
        for (int k = 0; k < 2; k++) {
            const char *name = c->cmp[i].name[k];
            if (!name) continue;
            int32_t v = mc_func_find_value(g, name);
            if (v == MC_NONE) return mc_session_error(s, err, "%s: no value '%s' in %s", cmd, name, g->name);
            if (g->values[v].kind == MC_VAL_BUF)
                return mc_session_error(s, err, "%s: '%s' is a buffer (conditions, watch and display take i32 values)",
                                        cmd, name);
        }
    return true;
}

/* `break BLOCK... ` or `break BLOCK if COND` (tbreak: one-shot). */
static Status do_break(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool once) {
    const char *cmd = once ? "tbreak" : "break";
    int cond_at = 0;
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "if") == 0) {
            cond_at = i;
            break;
        }
    if (cond_at && cond_at != 2)
        return mc_session_error(s, err, "%s: a condition belongs to one block (usage: %s BLOCK if COND)", cmd, cmd), ERR;
    if (cond_at && cond_at + 1 >= argc)
        return mc_session_error(s, err, "%s: missing condition after 'if' (for example: %s %s if i > 3)", cmd, cmd,
                                argv[1]),
               ERR;
    McStr cond;
    mc_str_init(&cond);
    for (int i = cond_at ? cond_at + 1 : argc; i < argc; i++) mc_str_printf(&cond, "%s%s", cond.len ? " " : "", argv[i]);
    int nblocks = cond_at ? 1 : argc - 1;
    if (cond_at) {
        /* Check the condition before adding anything: a failed command changes nothing. */
        McCond c;
        char why[256];
        if (!mc_cond_parse(cond.s, &c, why, sizeof why)) {
            mc_session_error(s, err, "%s: bad condition '%s': %s", cmd, cond.s, why);
            mc_str_free(&cond);
            return ERR;
        }
        /* FUNC:BLOCK: the condition reads FUNC's values (the frame that stops). */
        const McFunc *g = s->input ? mc_session_break_func(s, argv[1]) : NULL;
        bool known = g ? cond_names_in(s, cmd, &c, g, err) : mc_session_cond_check(s, cmd, &c, err);
        mc_cond_free(&c);
        if (!known) {
            mc_str_free(&cond);
            return ERR;
        }
    }
    for (int i = 1; i <= nblocks; i++) {
        const char *line = NULL;
        if (s->input) {
            line = mc_session_break_line(s, argv[i], err); /* MiniC: a number is a C line */
            if (line && !*line) {
                mc_str_free(&cond);
                return ERR;
            }
        }
        char *block = mc_xstrdup(line ? line : argv[i]);
        /* Say exactly what happened: a new breakpoint (numbered when the
         * block has others, which stay as they were), or none when an
         * identical one is there. */
        bool existed;
        int others = mc_session_break_count(s, block);
        int32_t cline = line ? (int32_t)strtol(argv[i], NULL, 10) : 0; /* break LINE stops at the line */
        int num = mc_session_break_put_line(s, block, cline, cond_at ? cond.s : NULL, once, &existed, err);
        if (num < 0) {
            free(block);
            mc_str_free(&cond);
            return ERR;
        }
        bool numbered = existed ? others > 1 : others > 0;
        fputs(once ? "temporary breakpoint" : "breakpoint", out);
        if (numbered) fprintf(out, " %d", num);
        fprintf(out, " at %s", block);
        if (cond_at) fprintf(out, " if %s", cond.s);
        if (existed) fputs(" already set", out);
        if (line) fprintf(out, " (line %s)", argv[i]);
        if (!existed && others) {
            fputs(", beside ", out);
            mc_session_break_describe(s, block, num, out);
        }
        fputc('\n', out);
        free(block);
    }
    mc_str_free(&cond);
    return OK;
}

static Status cmd_break(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        if (s->nbreaks == 0) fputs("no breakpoints\n", out);
        for (int i = 0; i < s->nbreaks; i++) fprintf(out, "breakpoint at %s\n", s->breaks[i]);
        return OK;
    }
    return do_break(s, argc, argv, out, err, false);
}

static Status cmd_tbreak(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "tbreak: missing BLOCK (usage: tbreak BLOCK [if COND])"), ERR;
    return do_break(s, argc, argv, out, err, true);
}

static bool all_digits(const char *w) { return *w && strspn(w, "0123456789") == strlen(w); }

static Status cmd_delete(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        int n = s->nbreaks + s->stops.nw;
        mc_session_break_clear(s);
        while (s->stops.nw) mc_session_stop_delete(s, s->stops.w[0].number);
        fprintf(out, "deleted %d breakpoint%s\n", n, n == 1 ? "" : "s");
        return OK;
    }
    for (int i = 1; i < argc; i++) {
        /* A number from `info breakpoints`, unless a block has that name. */
        if (all_digits(argv[i]) && !mc_session_has_break(s, argv[i])) {
            if (!mc_session_stop_delete(s, atoi(argv[i])))
                return mc_session_error(s, err, "delete: no breakpoint or watch number %s (see: info breakpoints)",
                                        argv[i]),
                       ERR;
            fprintf(out, "deleted %s\n", argv[i]);
            continue;
        }
        if (!mc_session_break_del(s, argv[i], err)) return ERR;
        fprintf(out, "deleted breakpoint at %s\n", argv[i]);
    }
    return OK;
}

static Status cmd_watch(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "watch: missing NAME (usage: watch NAME...)"), ERR;
    for (int i = 1; i < argc; i++) {
        if (!mc_session_watch_add(s, argv[i], err)) return ERR;
        fprintf(out, "watching %s\n", argv[i]);
    }
    return OK;
}

static Status cmd_display(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    for (int i = 1; i < argc; i++)
        if (!mc_session_display_add(s, argv[i], err)) return ERR;
    if (argc < 2 && !s->stops.ndisp) fputs("no displays\n", out);
    else if (s->interp) mc_session_show_displays(s, out);
    else {
        fputs("display:", out);
        for (int i = 0; i < s->stops.ndisp; i++) fprintf(out, " %s", s->stops.disp[i]);
        fputs(" (shown after every step once running)\n", out);
    }
    return OK;
}

static Status cmd_undisplay(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    McStops *st = &s->stops;
    if (argc < 2) {
        for (int i = 0; i < st->ndisp; i++) free(st->disp[i]);
        fprintf(out, "no displays (removed %d)\n", st->ndisp);
        st->ndisp = 0;
        return OK;
    }
    for (int a = 1; a < argc; a++) {
        int i = 0;
        while (i < st->ndisp && strcmp(st->disp[i], argv[a]) != 0) i++;
        if (i == st->ndisp) return mc_session_error(s, err, "undisplay: '%s' is not displayed", argv[a]), ERR;
        free(st->disp[i]);
        memmove(&st->disp[i], &st->disp[i + 1], (size_t)(st->ndisp - i - 1) * sizeof *st->disp);
        st->ndisp--;
        fprintf(out, "no longer displaying %s\n", argv[a]);
    }
    return OK;
}

static Status cmd_info(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc != 2 || strncmp(argv[1], "breakpoints", strlen(argv[1])) != 0)
        return mc_session_error(s, err, "info: usage: info breakpoints (also: info b)"), ERR;
    mc_session_info_breakpoints(s, out);
    return OK;
}

static void print_buffer(const McArg *a, const char *name, FILE *out) {
    fprintf(out, "%s = [", name);
    for (int32_t i = 0; i < a->len; i++) fprintf(out, "%s%ld", i ? ", " : "", (long)a->data[i]);
    fputs("]\n", out);
}

static Status cmd_print(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "print: missing NAME (usage: print NAME...)"), ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "print: the program is not running (try: start)"), ERR;
    const McFunc *f;
    const McInterp *in = mc_frames_interp(s, s->frame_sel, &f); /* `frame N` */
    Status st = OK;
    for (int i = 1; i < argc; i++) {
        int32_t v = mc_func_find_value(f, argv[i]);
        if (v == MC_NONE && f->c_names && mc_is_reserved(argv[i], strlen(argv[i]))) { /* MiniC's `load` is `$load` */
            char ir[64];
            snprintf(ir, sizeof ir, "$%s", argv[i]);
            v = mc_func_find_value(f, ir);
        }
        if (v == MC_NONE) {
            mc_session_error(s, err, "print: no value '%s' in %s", argv[i], f->name);
            st = ERR;
            continue;
        }
        if (f->values[v].kind == MC_VAL_BUF) {
            const McArg *b = mc_frames_buffer(s, s->frame_sel, v); /* a parameter or a local buffer */
            if (b) print_buffer(b, argv[i], out);
            else fprintf(out, "%s is not made yet (a local buffer)\n", argv[i]);
            continue;
        }
        int32_t x;
        if (mc_interp_value(in, v, &x)) fprintf(out, "%s = %ld\n", argv[i], (long)x);
        else fprintf(out, "%s is not assigned yet\n", argv[i]);
    }
    return st;
}

static Status cmd_values(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "values: the program is not running (try: start)"), ERR;
    const McFunc *f;
    const McInterp *in = mc_frames_interp(s, s->frame_sel, &f); /* `frame N` */
    int w = 1;
    for (int32_t v = 0; v < f->nvalues; v++)
        if ((int)strlen(mc_shown_name(f, f->values[v].name)) > w) w = (int)strlen(mc_shown_name(f, f->values[v].name));
    int shown = 0;
    for (int32_t v = 0; v < f->nvalues; v++) {
        int32_t x;
        if (f->values[v].kind == MC_VAL_BUF) {
            const McArg *b = mc_frames_buffer(s, s->frame_sel, v); /* NULL: a local buffer not made yet */
            if (b) print_buffer(b, mc_shown_name(f, f->values[v].name), out);
            shown += b != NULL;
        } else if (mc_interp_value(in, v, &x)) {
            fprintf(out, "%-*s = %ld\n", w, mc_shown_name(f, f->values[v].name), (long)x);
            shown++;
        }
    }
    if (!shown) fputs("(no values assigned yet)\n", out);
    return OK;
}

/* set alloc [LIST...]: the allocator's switches (regalloc.h); alone, the table. */
static Status set_alloc(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 3) {
        mc_alloc_options_print(&s->alloc_opts, out);
        return OK;
    }
    McAllocOptions o = s->alloc_opts;
    for (int i = 2; i < argc; i++) {
        char msg[512];
        if (!mc_alloc_option_parse(&o, argv[i], msg, sizeof msg))
            return mc_session_error(s, err, "set alloc: %s", msg), ERR;
    }
    o.convention = s->alloc_opts.convention; /* `default` resets the switches, not `set convention` */
    char now[512], was[512];
    if (strcmp(mc_alloc_options_str(&o, now, sizeof now), mc_alloc_options_str(&s->alloc_opts, was, sizeof was)) != 0) {
        /* the allocation and the destroyed function follow the switches */
        mc_allocation_free(s->alloc);
        s->alloc = NULL;
        if (o.destroy != s->alloc_opts.destroy || o.split_all != s->alloc_opts.split_all ||
            o.save_all != s->alloc_opts.save_all)
            mc_session_drop_views(s, MC_VIEW_DESTROYED);
    }
    s->alloc_opts = o;
    char buf[512];
    fprintf(out, "alloc %s\n", mc_alloc_options_str(&o, buf, sizeof buf));
    return OK;
}

static Status cmd_set(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        fprintf(out, "phi-mode   %s\n", s->phi_mode == MC_PHI_SEQUENTIAL ? "sequential" : "parallel");
        fprintf(out, "stage      %s\n", mc_view_name(s->exec));
        fprintf(out, "max-steps  %lld\n", (long long)(s->max_steps ? s->max_steps : MC_DEFAULT_MAX_STEPS));
        fprintf(out, "max-depth  %lld\n", (long long)(s->max_depth ? s->max_depth : MC_DEFAULT_MAX_DEPTH));
        fprintf(out, "regs       %d\n", s->regs);
        fprintf(out, "allocator  %s\n", mc_allocator_name(s->allocator));
        fprintf(out, "cc         %s\n", mc_native_compiler_name(s->native_cc));
        if (s->alloc_opts.convention != MC_CONV_SPLIT) /* listed when not the default */
            fprintf(out, "convention %s\n", mc_convention_name(s->alloc_opts.convention));
        if (s->target != MC_TARGET_CHAPTER) /* the same */
            fprintf(out, "target     %s\n", mc_target_name(s->target));
        if (s->asm_bug != MC_ASM_BUG_NONE) /* the same */
            fprintf(out, "asm-bug    %s\n", mc_asm_bug_name(s->asm_bug));
        return OK;
    }
    if (strcmp(argv[1], "alloc") == 0) return set_alloc(s, argc, argv, out, err);
    if (argc < 3) return mc_session_error(s, err, "set: missing value for '%s' (see: help set)", argv[1]), ERR;
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    const char *k = argv[1], *v = argv[2];
    if (strcmp(k, "phi-mode") == 0) {
        McPhiMode m;
        if (strcmp(v, "parallel") == 0) m = MC_PHI_PARALLEL;
        else if (strcmp(v, "sequential") == 0) m = MC_PHI_SEQUENTIAL;
        else return mc_session_error(s, err, "set phi-mode: unknown mode '%s' (parallel, sequential)", v), ERR;
        bool stopped = m != s->phi_mode && mc_session_running(s);
        if (m != s->phi_mode) mc_session_stop(s);
        s->phi_mode = m;
        fprintf(out, "phi-mode %s%s\n", v,
                m == MC_PHI_SEQUENTIAL ? ": phis assigned one at a time (the classic bug, for teaching)" : "");
        if (stopped) fputs("(the paused run was stopped: the mode applies from the start)\n", out);
    } else if (strcmp(k, "stage") == 0) {
        int view = mc_view_lookup(v);
        char list[64];
        if (view < 0 && strcmp(v, "asm") == 0)
            return mc_session_error(s, err,
                                    "set stage: asm is not stepped (it runs as a process on the target): `asm --run` "
                                    "runs it, `check` compares it with the other stages"),
                   ERR;
        if (view < 0)
            return mc_session_error(s, err, "set stage: unknown form '%s' (%s)", v,
                                    mc_stage_name_list(MC_NAME_VIEW, ", ", list, sizeof list)),
                   ERR;
        if (!mc_session_view(s, (McView)view, err)) return ERR;
        McSessionPlace was;
        mc_session_place(s, &was);
        bool carry = (McView)view != s->exec && was.running;
        if ((McView)view != s->exec) mc_session_stop(s);
        s->exec = (McView)view;
        fprintf(out, "stage %s: start, step, run and list use the %s function\n", v, v);
        if (!carry) return OK;
        /* The run goes on in the new stage at the same block entry count
         * when the stages correspond there (issue 29 §1). */
        char why[320];
        if (!mc_session_follow_stage(s, &was, why, sizeof why, err)) return ERR;
        if (why[0]) {
            fprintf(out, "(the paused run was stopped: %s)\n", why);
        } else {
            fprintf(out, "(the run goes on in %s after as many blocks%s)\n", v,
                    was.inside ? ", at the start of its block: the stages' instructions differ" : "");
            mc_show_position(s->interp_func, s->interp, out);
        }
    } else if (strcmp(k, "max-steps") == 0) {
        int64_t n;
        if (!mc_cmd_parse_count(s, err, "set max-steps", v, 1, MC_MAX_STEPS, &n)) return ERR;
        s->max_steps = n;
        fprintf(out, "max-steps %lld\n", (long long)n);
    } else if (strcmp(k, "max-depth") == 0) {
        int64_t n;
        if (!mc_cmd_parse_count(s, err, "set max-depth", v, 1, MC_MAX_DEPTH, &n)) return ERR;
        bool stopped = n != s->max_depth && mc_session_running(s);
        if (n != s->max_depth) mc_session_stop(s);
        s->max_depth = n;
        fprintf(out, "max-depth %lld\n", (long long)n);
        if (stopped) fputs("(the paused run was stopped: the limit applies from the start)\n", out);
    } else if (strcmp(k, "regs") == 0) {
        int64_t n;
        if (!mc_cmd_parse_count(s, err, "set regs", v, 1, MC_MAX_REGS, &n)) return ERR;
        if (n != s->regs) {
            mc_allocation_free(s->alloc);
            s->alloc = NULL;
        }
        s->regs = (int)n;
        fprintf(out, "regs %d\n", s->regs);
    } else if (strcmp(k, "allocator") == 0) {
        int a = mc_allocator_lookup(v);
        if (a < 0) return mc_session_error(s, err, "set allocator: unknown allocator '%s' (baseline, improved, linear, ssa)", v), ERR;
        if ((McAllocator)a != s->allocator) {
            mc_allocation_free(s->alloc);
            s->alloc = NULL;
        }
        s->allocator = (McAllocator)a;
        fprintf(out, "allocator %s\n", v);
    } else if (strcmp(k, "convention") == 0) {
        int cv = mc_convention_lookup(v);
        if (cv < 0) return mc_session_error(s, err, "set convention: unknown convention '%s' (%s)", v, mc_convention_names()), ERR;
        if ((McConvention)cv != s->alloc_opts.convention) {
            mc_allocation_free(s->alloc);
            s->alloc = NULL;
        }
        s->alloc_opts.convention = (McConvention)cv;
        char buf[256];
        fprintf(out, "convention %s\n# %s\n", v, mc_convention_describe((McConvention)cv, s->regs, buf, sizeof buf));
    } else if (strcmp(k, "cc") == 0) {
        int c = mc_native_compiler_lookup(v);
        if (c < 0) return mc_session_error(s, err, "set cc: unknown compiler '%s' (system, tcc)", v), ERR;
        if (c == MC_NATIVE_TCC && !mc_native_tcc_available())
            return mc_session_error(s, err, "set cc: %s", MC_NATIVE_NO_TCC_MSG), ERR;
        s->native_cc = (McNativeCompiler)c;
        fprintf(out, "cc %s: native %s\n", v,
                c == MC_NATIVE_TCC ? "compiles in process with libtcc (no cache)" : "runs the system C compiler (cached)");
    } else if (strcmp(k, "target") == 0) {
        if (!mc_cmd_set_target(s, v, out, err)) return ERR;
    } else if (strcmp(k, "asm-bug") == 0) {
        int b = mc_asm_bug_lookup(v);
        if (b < 0) return mc_session_error(s, err, "set asm-bug: unknown bug '%s' (%s)", v, mc_asm_bug_names()), ERR;
        s->asm_bug = (McAsmBug)b;
        fprintf(out, "asm-bug %s%s\n", v,
                b == MC_ASM_BUG_NONE ? "" : ": planted in x86-64's emitter for asm, select, check (rv64 has no such constraint)");
    } else {
        return mc_session_error(s, err, "set: unknown setting '%s' (phi-mode, stage, max-steps, max-depth, regs, allocator, alloc, convention, cc, target, asm-bug)", k), ERR;
    }
    return OK;
}

/* machine for a program with calls: stage alloc's program (every function
 * reached, allocated alike) on the machine with frames. */
static Status machine_program(McSession *s, FILE *out, FILE *err) {
    McStageOptions o;
    mc_stage_options_default(&o);
    o.stage = MC_STAGE_ALLOC;
    o.regs = s->regs;
    o.allocator = s->allocator;
    o.opt_level = s->opt ? 1 : 0;
    o.max_steps = s->max_steps;
    o.max_depth = s->max_depth;
    o.alloc_opts = &s->alloc_opts;
    o.convention = s->alloc_opts.convention;
    o.interrupt = s->interrupt;
    McArgs args;
    mc_args_copy(&args, &s->args);
    McStageStats st;
    McOutcome oc;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    bool ok = mc_alloc_execute(s->input, &o, &args, &oc, &st, &d);
    if (!ok || oc.kind == MC_INTERRUPTED || mc_session_interrupted(s)) {
        if (ok || mc_interrupted(s->interrupt)) mc_session_error(s, err, "machine: %s", MC_INTERRUPTED_MSG);
        else mc_session_diags_error(s, &d, err, "machine");
        mc_diags_free(&d);
        mc_args_free(&args);
        return ERR;
    }
    mc_diags_free(&d);
    fprintf(out, "# machine: %s allocator, K = %d, convention %s", mc_allocator_name(s->allocator), s->regs,
            mc_convention_name(s->alloc_opts.convention));
    char sw[512];
    if (strcmp(mc_alloc_options_str(&s->alloc_opts, sw, sizeof sw), "default") != 0) fprintf(out, ", alloc %s", sw);
    fprintf(out, " (every function the run reaches)\n");
    mc_outcome_print(s->input, &oc, &args, out);
    fprintf(out, "stats: instructions=%lld copies=%lld spill_reads=%lld spill_writes=%lld registers=%d slots=%d "
            "calls=%lld saves=%lld restores=%lld arg_moves=%lld\n",
            (long long)st.instructions, (long long)st.copies, (long long)st.spill_reads, (long long)st.spill_writes,
            (int)st.registers, (int)st.slots, (long long)st.calls, (long long)st.saves, (long long)st.restores,
            (long long)st.arg_moves);
    mc_args_free(&args);
    return OK;
}

static Status cmd_machine(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_args(s, err)) return ERR;
    if (mc_func_find_call(s->input, NULL, NULL)) return machine_program(s, out, err);
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    McArgs args;
    mc_args_copy(&args, &s->args);
    McStageStats st;
    memset(&st, 0, sizeof st);
    McOutcome o = mc_machine_run_intr(a, &args, s->max_steps, s->interrupt, &st);
    if (o.kind == MC_INTERRUPTED || mc_session_interrupted(s)) {
        mc_args_free(&args);
        return mc_session_error(s, err, "machine: %s", MC_INTERRUPTED_MSG), ERR;
    }
    fprintf(out, "# machine: %s allocator, K = %d", mc_allocator_name(a->allocator), a->registers);
    char sw[512];
    if (strcmp(mc_alloc_options_str(&s->alloc_opts, sw, sizeof sw), "default") != 0) fprintf(out, ", alloc %s", sw);
    fputc('\n', out);
    mc_outcome_print(a->f, &o, &args, out);
    fprintf(out, "stats: instructions=%lld copies=%lld spill_reads=%lld spill_writes=%lld registers=%d slots=%d\n",
            (long long)st.instructions, (long long)st.copies, (long long)st.spill_reads, (long long)st.spill_writes,
            a->registers, a->slots);
    mc_args_free(&args);
    return OK;
}

/* Stage native without a compile cache: one warning per process
 * (mc_shell_cache_unusable), placed like the session's errors. */
static void cache_warning(McSession *s, FILE *err) {
    if (s->native_cc == MC_NATIVE_TCC) return; /* libtcc needs no cache */
    const char *why = mc_shell_cache_unusable();
    if (!why) return;
    if (s->where_file && s->where_line > 0) fprintf(err, "%s:%d: ", s->where_file, s->where_line);
    else if (s->where_file) fprintf(err, "%s: ", s->where_file);
    fprintf(err, "warning: %s: no compile cache: %s; compiling in a private temporary directory\n",
            s->cmd ? s->cmd : "native", why);
}

static Status cmd_native(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    /* native [--timeout SECONDS]: the time limit of this one call */
    double timeout = 0;
    if (argc >= 2 && strcmp(argv[1], "--timeout") == 0) {
        if (argc < 3) return mc_session_error(s, err, "native: --timeout needs a number of seconds"), ERR;
        int bad = mc_timeout_parse(argv[2], &timeout);
        if (bad == 3)
            return mc_session_error(s, err, "native: --timeout expects a number, got '%s'", argv[2]), ERR;
        if (bad == 1)
            return mc_session_error(s, err, "native: --timeout must be a positive number of seconds, got '%s'",
                                    argv[2]),
                   ERR;
        if (bad == 2)
            return mc_session_error(s, err, "native: --timeout is too large: %s (at most %d seconds)", argv[2],
                                    MC_MAX_TIMEOUT),
                   ERR;
        argv += 2;
        argc -= 2;
    }
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_args(s, err)) return ERR;
    const McFunc *f = mc_session_pipeline_ssa(s, err);
    if (!f) return ERR;
    McNativeOptions no;
    memset(&no, 0, sizeof no);
    no.timeout = timeout;
    no.interrupt = s->interrupt;
    no.compiler = s->native_cc;
    no.max_depth = s->max_depth; /* 0: the default, as at the other stages */
    cache_warning(s, err);
    McArgs args;
    mc_args_copy(&args, &s->args);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McOutcome o;
    memset(&o, 0, sizeof o);
    bool ran = mc_native_execute(f, &no, &args, &o, &d);
    if (o.kind == MC_INTERRUPTED || mc_session_interrupted(s)) {
        mc_diags_free(&d);
        mc_args_free(&args);
        return mc_session_error(s, err, "native: %s", MC_INTERRUPTED_MSG), ERR;
    }
    if (!ran) {
        mc_diags_print(&d, err, false);
        mc_diags_free(&d);
        mc_args_free(&args);
        return mc_session_error(s, err, "native: cannot run the C backend"), ERR;
    }
    mc_diags_free(&d);
    fprintf(out, "# native (C from %s%s)\n", s->opt ? "opt" : "ssa",
            s->native_cc == MC_NATIVE_TCC ? ", compiled by libtcc" : "");
    mc_outcome_print(f, &o, &args, out);
    mc_args_free(&args);
    return OK;
}

static Status cmd_check(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_args(s, err)) return ERR;
    if (s->phi_mode == MC_PHI_SEQUENTIAL)
        fputs("# phi-mode sequential: input, ssa and opt assign phis one at a time\n", out);
    McStageOptions o;
    mc_stage_options_default(&o);
    o.allocator = s->allocator;
    o.max_steps = s->max_steps;
    o.max_depth = s->max_depth;
    o.phi_mode = s->phi_mode; /* sequential phis show which stage the mistake breaks */
    o.alloc_opts = &s->alloc_opts; /* so do the destruction bug modes (`destroy naive`) */
    o.convention = s->alloc_opts.convention;
    o.interrupt = s->interrupt;
    o.native_cc = s->native_cc;
    o.target = MC_TARGET_CHAPTER; /* both asm rows (x86-64, rv64), whatever the session's target */
    o.asm_bug = s->asm_bug;       /* `set asm-bug`: the x86-64 row only */
    McCheck c;
    cache_warning(s, err); /* a row is stage native */
    mc_check_run(s->input, &s->args, &o, &c);
    if (c.interrupted) {
        mc_check_free(&c);
        return mc_session_error(s, err, "check: %s", MC_INTERRUPTED_MSG), ERR;
    }
    mc_check_print(s->input, &c, out);
    mc_check_free(&c);
    return OK; /* a divergence is a finding, not a failed command */
}

/* Completion offers the settings after `set` (commands.c). */
bool mc_cmd_is_set(const McCommand *c) { return c->fn == cmd_set; }

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_execution[] = {
    {"run", "r", "execution", "run", "run from the start to the end or a breakpoint",
     "Starts afresh (like start) and runs until the function returns or traps,\n"
     "or until it is about to enter a block with a breakpoint. A breakpoint on\n"
     "the entry block stops before anything runs, as gdb does.\n"
     "It runs at the run path's speed and stops exactly where stepping would,\n"
     "in the same state (see continue).\n"
     "Ctrl-C stops it between two blocks: `run: interrupted` and the position,\n"
     "from which step and continue go on.\n",
     "", cmd_run},
    {"start", "", "execution", "start", "start the interpreter before the entry block",
     "Executes the function of the current stage (set stage) with the arguments.\n", "", cmd_start},
    {"step", "s", "execution", "step [N|line]", "execute N whole blocks, showing each edge's phi table",
     "Each block entered shows the edge's phi assignment as one simultaneous\n"
     "table (each phi, what it reads, old -> new value), then every instruction\n"
     "with its result and the branch taken. Ctrl-C stops a long step between\n"
     "two blocks (`step: interrupted` and the position).\n"
     "With a MiniC (C) file loaded, the step ends with the C line reached\n"
     "(`at line N: ...`), and `step line` runs instruction by instruction to\n"
     "the next C line (a loop written on one line runs to its end).\n"
     "In a program with calls, step enters a call and stops before the\n"
     "callee's entry block (next runs it as one instruction: see help next).\n",
     "", cmd_step},
    {"stepi", "si", "execution", "stepi [N]", "execute N instructions (a block entry with its phis counts as one)",
     "Ctrl-C stops it at the next block boundary (`stepi: interrupted`).\n"
     "A call is entered, as step enters it (nexti runs it as one).\n", "", cmd_stepi},
    {"continue", "c", "execution", "continue", "run to the next breakpoint or the end",
     "The rest of the block it stands in is stepped; the blocks after that run\n"
     "on the run path's pre-decoded code, which stops before a block with a\n"
     "breakpoint, at a trap or at the step budget exactly where stepping would\n"
     "(the same steps, values, buffers and block); the last block is stepped\n"
     "again from a checkpoint, so step's record, the workbench's markers and\n"
     "back work as after stepping. Ctrl-C stops it between two blocks\n"
     "(`continue: interrupted` and the position), looked at every few\n"
     "thousand blocks.\n",
     "", cmd_continue},
    {"break", "b", "execution", "break [BLOCK|LINE... | BLOCK if COND]", "stop before entering BLOCK (no BLOCK: list)",
     "With `if COND`, only when COND holds as the block is about to be entered:\n"
     "comparisons (< <= > >= == !=) of values and i32 constants, joined by\n"
     "`and` and `or` (and binds tighter), for example `break head if i >= 3 and\n"
     "a != b`. A value not assigned yet makes its comparison false. A block\n"
     "may hold several breakpoints (two C lines of one block, a condition and\n"
     "a tbreak): each keeps its own kind, condition and hit count, and the\n"
     "block stops when any holds; the same one twice is `already set`. info\n"
     "breakpoints lists them with their numbers and hit counts.\n"
     "With a MiniC (C) file loaded, a number is a C line: the breakpoint goes on\n"
     "the first block with code of that line, and a stop there runs on to the\n"
     "line's first instruction (gdb stops at the line, not at its block).\n"
     "FUNC:BLOCK is a block of another function (break fib:base): it stops in\n"
     "every frame of FUNC, and run and continue step into calls to reach it.\n",
     "block...", cmd_break},
    {"tbreak", "", "execution", "tbreak BLOCK [if COND]", "a breakpoint deleted after its first stop", "", "block",
     cmd_tbreak},
    {"watch", "", "execution", "watch NAME...", "stop run/continue when a value changes (old -> new)",
     "run and continue stop after the block that changed NAME (its phis or\n"
     "its instructions), about to enter the next one, and say `watch NAME: OLD\n"
     "-> NEW` (- for not assigned); step and stepi report a change after the\n"
     "step. delete N removes it (N from info breakpoints).\n",
     "value...", cmd_watch},
    {"display", "", "execution", "display [NAME...]", "values shown after every step, run and continue",
     "", "value...", cmd_display},
    {"undisplay", "", "execution", "undisplay [NAME...]", "stop displaying NAME (all without NAME)", "", "value...",
     cmd_undisplay},
    {"info", "", "execution", "info breakpoints", "breakpoints and watches: numbers, hit counts, conditions", "",
     "", cmd_info},
    {"delete", "d", "execution", "delete [BLOCK...|N...]", "delete breakpoints or watches (all without BLOCK)",
     "N is a number from info breakpoints (a breakpoint or a watch).\n", "block...", cmd_delete},
    {"back", "", "execution", "back [N]", "step back N whole blocks (replays from the nearest checkpoint)",
     "The replay runs on the run path's code, as continue does (deterministic:\n"
     "the same state as the first time). In a callee, back past its start\n"
     "leaves it: the rest of the way back is taken in the caller.\n", "", cmd_back},
    {"reverse-step", "rs", "execution", "reverse-step", "back to the start of the C line run before this one (MiniC)",
     "gdb's reverse-step: the position goes back to the first instruction of\n"
     "the last stretch of another C line run before it (step line undoes).\n"
     "It replays from the nearest checkpoint, a few blocks at a time, so its\n"
     "cost does not grow with the steps taken. Ctrl-C leaves the position where\n"
     "it was.\n",
     "", cmd_reverse_step},
    {"reverse-stepi", "rsi", "execution", "reverse-stepi", "back one instruction (a block entry with its phis is one)",
     "gdb's reverse-stepi, from the nearest checkpoint; Ctrl-C leaves the\n"
     "position where it was.\n",
     "", cmd_reverse_stepi},
    {"where", "", "execution", "where", "where the interpreter stands", "", "", cmd_where},
    {"print", "p", "execution", "print NAME...", "the current value of a value or buffer", "", "value...", cmd_print},
    {"values", "", "execution", "values", "every value assigned so far, and the buffers", "", "", cmd_values},
    {"set", "", "execution", "set [SETTING VALUE]", "phi-mode, stage, max-steps, max-depth, regs, allocator, alloc, convention, cc, target, asm-bug",
     "set phi-mode parallel|sequential   sequential assigns phis one at a time:\n"
     "                                   the classic swap bug, for teaching\n"
     "set stage input|ssa|opt|destroyed  the function start/step/run execute (a\n"
     "                                   paused run goes on there after as many\n"
     "                                   blocks when the stages correspond)\n"
     "set max-steps N                    block-entry budget (default 100000,\n"
     "                                   at most 2^40, as --max-steps)\n"
     "set max-depth N                    frames a run with calls may have at once\n"
     "                                   (default 10000, as --max-depth)\n"
     "set regs K                         K for regs/interference/machine\n"
     "                                   (1..4096, as --regs)\n"
     "set allocator baseline|improved    the allocator they use (or linear,\n"
     "                                   ssa; see help alloc)\n"
     "set alloc [NAME=VALUE,...]         the allocator's switches (alone: the\n"
     "                                   table, also `show alloc-opts`; e.g.\n"
     "                                   calls=interfere, see help alloc)\n"
     "set convention split|caller-saved|callee-saved\n"
     "                                   the calling convention of alloc, machine,\n"
     "                                   check and sweep for programs with calls\n"
     "                                   (as --convention; default split, listed\n"
     "                                   by `set` when changed)\n"
     "set cc system|tcc                  the compiler of native and check (as --cc):\n"
     "                                   system runs $CC (cached), tcc compiles in\n"
     "                                   process with libtcc (builds that have it)\n"
     "set target chapter|x86-64|rv64     the machine asm and select emit for (as\n"
     "                                   `target NAME`; listed by `set` when not\n"
     "                                   chapter)\n"
     "set asm-bug NAME                   a planted bug of x86-64's emitter for asm,\n"
     "                                   select, check and the asm layout (as\n"
     "                                   --asm-bug): none, two-address, no-cdq,\n"
     "                                   shift-count, no-caller-saves,\n"
     "                                   no-callee-saves (listed by `set` when set)\n"
     "Without arguments, prints the settings.\n",
     "setting", cmd_set},
    {"machine", "", "execution", "machine", "execute the allocation, with spill counts",
     "Runs the allocated teaching machine (registers and slots only) on the\n"
     "arguments and prints the outcome and the dynamic counts. Ctrl-C stops\n"
     "it (`machine: interrupted`, nothing else printed).\n",
     "", cmd_machine},
    {"native", "", "execution", "native [--timeout S]", "compile with the C backend and run natively",
     "The call runs in a child process under a 5 s time limit (--timeout S sets\n"
     "another, 0 < S <= 3600; past it: `trap: time limit exceeded`); Ctrl-C\n"
     "kills it (`native: interrupted`). `set cc tcc` compiles with libtcc in that\n"
     "child instead of running the system compiler.\n",
     "", cmd_native},
    {"check", "", "execution", "check", "run every stage and compare (like `minicc check`)",
     "input, ssa, opt, alloc with K = 1, 2, 4, 16 (with `set allocator`), native,\n"
     "asm x86-64, asm rv64 (a target whose tools are missing is `not run`,\n"
     "no divergence):\n"
     "one line each, then `agree` or `diverge at STAGE` naming the first stage\n"
     "whose outcome (result, trap, final buffers) differs from input's. With\n"
     "`set phi-mode sequential`, input, ssa and opt run with the phi bug, so\n"
     "check shows the first stage it breaks; with `set asm-bug NAME` the asm\n"
     "x86-64 row runs a planted bug of its emitter (`diverge at asm x86-64`;\n"
     "rv64 is unaffected). Ctrl-C stops it in any stage\n"
     "(`check: interrupted`, no table).\n",
     "", cmd_check},
};
const int mc_ncmds_execution = (int)(sizeof mc_cmds_execution / sizeof mc_cmds_execution[0]);
