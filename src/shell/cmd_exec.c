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
#include "shell/show.h"
#include "shell/sweep.h"

static void print_outcome(McSession *s, FILE *out) {
    McOutcome o;
    if (!s->interp || !mc_interp_finished(s->interp, &o)) return;
    mc_outcome_print(s->interp_func, &o, mc_interp_args(s->interp), out);
}

static Status cmd_start(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_start(s, err)) return ERR;
    fprintf(out, "started %s (%s) with args ", s->interp_func->name, mc_view_name(s->exec));
    mc_args_format(&s->args, out);
    fputc('\n', out);
    mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

static Status report_stop(McSession *s, bool at_break, FILE *out) {
    if (at_break) {
        int32_t b = mc_interp_block(s->interp);
        fprintf(out, "breakpoint: %s\n", s->interp_func->blocks[b == MC_NONE ? 0 : b].name);
        mc_show_position(s->interp_func, s->interp, out);
    } else {
        print_outcome(s, out);
    }
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
    if (!mc_session_continue(s, &at_break, err)) return report_interrupt(s, out);
    return report_stop(s, at_break, out);
}

static Status cmd_continue(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "continue: the program is not running (try: start or run)"), ERR;
    if (mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        return OK;
    }
    bool at_break;
    if (!mc_session_continue(s, &at_break, err)) return report_interrupt(s, out);
    return report_stop(s, at_break, out);
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

static Status do_step(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst) {
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
    int64_t before = s->interp ? mc_interp_steps(s->interp) : 0;
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
    int64_t after = mc_interp_steps(s->interp);
    int64_t first = after - shown + 1, hidden = after - before - shown;
    if (hidden > 0 && s->last.n && s->last.v[from].kind == MC_EV_ENTER)
        fprintf(out, "(%lld earlier block%s not shown)\n", (long long)hidden, hidden == 1 ? "" : "s");
    mc_show_events(s->interp_func, s->last.v + from, s->last.n - from, first, s->phi_mode == MC_PHI_SEQUENTIAL, out);
    print_outcome(s, out);
    print_c_line(s, out);
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
    if (!mc_session_back(s, n, err)) return ERR;
    mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

static Status cmd_where(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) {
        fputs("not running (start begins, run runs to the end)\n", out);
        return OK;
    }
    mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

static Status cmd_break(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        if (s->nbreaks == 0) fputs("no breakpoints\n", out);
        for (int i = 0; i < s->nbreaks; i++) fprintf(out, "breakpoint at %s\n", s->breaks[i]);
        return OK;
    }
    for (int i = 1; i < argc; i++) {
        if (!mc_session_need_func(s, err)) return ERR;
        const char *name = mc_session_break_line(s, argv[i], err); /* MiniC: break LINE */
        if (name && !*name) return ERR;
        char *block = mc_xstrdup(name ? name : argv[i]);
        bool had = mc_session_has_break(s, block);
        if (!mc_session_break_add(s, block, err)) {
            free(block);
            return ERR;
        }
        fprintf(out, had ? "breakpoint at %s already set" : "breakpoint at %s", block);
        if (name) fprintf(out, " (line %s)", argv[i]);
        fputc('\n', out);
        free(block);
    }
    return OK;
}

static Status cmd_delete(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        int n = s->nbreaks;
        mc_session_break_clear(s);
        fprintf(out, "deleted %d breakpoint%s\n", n, n == 1 ? "" : "s");
        return OK;
    }
    for (int i = 1; i < argc; i++) {
        if (!mc_session_break_del(s, argv[i], err)) return ERR;
        fprintf(out, "deleted breakpoint at %s\n", argv[i]);
    }
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
    const McFunc *f = s->interp_func;
    Status st = OK;
    for (int i = 1; i < argc; i++) {
        int32_t v = mc_func_find_value(f, argv[i]);
        if (v == MC_NONE) {
            mc_session_error(s, err, "print: no value '%s' in %s", argv[i], f->name);
            st = ERR;
            continue;
        }
        if (f->values[v].kind == MC_VAL_BUF) {
            print_buffer(&mc_interp_args(s->interp)->v[f->values[v].param], argv[i], out);
            continue;
        }
        int32_t x;
        if (mc_interp_value(s->interp, v, &x)) fprintf(out, "%s = %ld\n", argv[i], (long)x);
        else fprintf(out, "%s is not assigned yet\n", argv[i]);
    }
    return st;
}

static Status cmd_values(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "values: the program is not running (try: start)"), ERR;
    const McFunc *f = s->interp_func;
    int w = 1;
    for (int32_t v = 0; v < f->nvalues; v++)
        if ((int)strlen(f->values[v].name) > w) w = (int)strlen(f->values[v].name);
    int shown = 0;
    for (int32_t v = 0; v < f->nvalues; v++) {
        int32_t x;
        if (f->values[v].kind == MC_VAL_BUF) {
            print_buffer(&mc_interp_args(s->interp)->v[f->values[v].param], f->values[v].name, out);
            shown++;
        } else if (mc_interp_value(s->interp, v, &x)) {
            fprintf(out, "%-*s = %ld\n", w, f->values[v].name, (long)x);
            shown++;
        }
    }
    if (!shown) fputs("(no values assigned yet)\n", out);
    return OK;
}

static Status cmd_set(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        fprintf(out, "phi-mode   %s\n", s->phi_mode == MC_PHI_SEQUENTIAL ? "sequential" : "parallel");
        fprintf(out, "stage      %s\n", mc_view_name(s->exec));
        fprintf(out, "max-steps  %lld\n", (long long)(s->max_steps ? s->max_steps : MC_DEFAULT_MAX_STEPS));
        fprintf(out, "regs       %d\n", s->regs);
        fprintf(out, "allocator  %s\n", mc_allocator_name(s->allocator));
        return OK;
    }
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
        if (view < 0)
            return mc_session_error(s, err, "set stage: unknown form '%s' (%s)", v,
                                    mc_stage_name_list(MC_NAME_VIEW, ", ", list, sizeof list)),
                   ERR;
        if (!mc_session_view(s, (McView)view, err)) return ERR;
        bool stopped = (McView)view != s->exec && mc_session_running(s);
        if ((McView)view != s->exec) mc_session_stop(s);
        s->exec = (McView)view;
        fprintf(out, "stage %s: start, step, run and list use the %s function\n", v, v);
        if (stopped) fputs("(the paused run was stopped: it ran another stage)\n", out);
    } else if (strcmp(k, "max-steps") == 0) {
        int64_t n;
        if (!mc_cmd_parse_count(s, err, "set max-steps", v, 1, MC_MAX_STEPS, &n)) return ERR;
        s->max_steps = n;
        fprintf(out, "max-steps %lld\n", (long long)n);
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
        if (a < 0) return mc_session_error(s, err, "set allocator: unknown allocator '%s' (baseline, improved)", v), ERR;
        if ((McAllocator)a != s->allocator) {
            mc_allocation_free(s->alloc);
            s->alloc = NULL;
        }
        s->allocator = (McAllocator)a;
        fprintf(out, "allocator %s\n", v);
    } else {
        return mc_session_error(s, err, "set: unknown setting '%s' (phi-mode, stage, max-steps, regs, allocator)", k), ERR;
    }
    return OK;
}

static Status cmd_machine(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_args(s, err)) return ERR;
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
    fprintf(out, "# machine: %s allocator, K = %d\n", mc_allocator_name(a->allocator), a->registers);
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
    const char *why = mc_shell_cache_unusable();
    if (!why) return;
    if (s->where_file && s->where_line > 0) fprintf(err, "%s:%d: ", s->where_file, s->where_line);
    else if (s->where_file) fprintf(err, "%s: ", s->where_file);
    fprintf(err, "warning: %s: no compile cache: %s; compiling in a private temporary directory\n",
            s->cmd ? s->cmd : "native", why);
}

static Status cmd_native(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_args(s, err)) return ERR;
    const McFunc *f = mc_session_pipeline_ssa(s, err);
    if (!f) return ERR;
    McNativeOptions no;
    memset(&no, 0, sizeof no);
    no.interrupt = s->interrupt;
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
    fprintf(out, "# native (C from %s)\n", s->opt ? "opt" : "ssa");
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
    o.phi_mode = s->phi_mode; /* sequential phis show which stage the mistake breaks */
    o.interrupt = s->interrupt;
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
     "the next C line (a loop written on one line runs to its end).\n",
     "", cmd_step},
    {"stepi", "si", "execution", "stepi [N]", "execute N instructions (a block entry with its phis counts as one)",
     "Ctrl-C stops it at the next block boundary (`stepi: interrupted`).\n", "", cmd_stepi},
    {"continue", "c", "execution", "continue", "run to the next breakpoint or the end",
     "Ctrl-C stops it between two blocks (`continue: interrupted` and the\n"
     "position).\n",
     "", cmd_continue},
    {"break", "b", "execution", "break [BLOCK|LINE...]", "stop before entering BLOCK (no BLOCK: list)",
     "With a MiniC (C) file loaded, a number is a C line: the breakpoint goes on\n"
     "the first block with code of that line.\n", "block...",
     cmd_break},
    {"delete", "d", "execution", "delete [BLOCK...]", "delete breakpoints (all without BLOCK)", "", "block...",
     cmd_delete},
    {"back", "", "execution", "back [N]", "step back N whole blocks (replays from the start)", "", "", cmd_back},
    {"where", "", "execution", "where", "where the interpreter stands", "", "", cmd_where},
    {"print", "p", "execution", "print NAME...", "the current value of a value or buffer", "", "value...", cmd_print},
    {"values", "", "execution", "values", "every value assigned so far, and the buffers", "", "", cmd_values},
    {"set", "", "execution", "set [SETTING VALUE]", "phi-mode, stage, max-steps, regs, allocator",
     "set phi-mode parallel|sequential   sequential assigns phis one at a time:\n"
     "                                   the classic swap bug, for teaching\n"
     "set stage input|ssa|opt|destroyed  the function start/step/run execute\n"
     "set max-steps N                    block-entry budget (default 100000,\n"
     "                                   at most 2^40, as --max-steps)\n"
     "set regs K                         K for regs/interference/machine\n"
     "                                   (1..4096, as --regs)\n"
     "set allocator baseline|improved    the allocator they use\n"
     "Without arguments, prints the settings.\n",
     "setting", cmd_set},
    {"machine", "", "execution", "machine", "execute the allocation, with spill counts",
     "Runs the allocated teaching machine (registers and slots only) on the\n"
     "arguments and prints the outcome and the dynamic counts. Ctrl-C stops\n"
     "it (`machine: interrupted`, nothing else printed).\n",
     "", cmd_machine},
    {"native", "", "execution", "native", "compile with the C backend and run natively",
     "The call runs in a child process under a 5 s time limit; Ctrl-C kills it\n"
     "(`native: interrupted`).\n",
     "", cmd_native},
    {"check", "", "execution", "check", "run every stage and compare (like `minicc check`)",
     "input, ssa, opt, alloc with K = 1, 2, 4, 16 (with `set allocator`), native:\n"
     "one line each, then `agree` or `diverge at STAGE` naming the first stage\n"
     "whose outcome (result, trap, final buffers) differs from input's. With\n"
     "`set phi-mode sequential`, input, ssa and opt run with the phi bug, so\n"
     "check shows the first stage it breaks. Ctrl-C stops it in any stage\n"
     "(`check: interrupted`, no table).\n",
     "", cmd_check},
};
const int mc_ncmds_execution = (int)(sizeof mc_cmds_execution / sizeof mc_cmds_execution[0]);
