/* cmd_pipeline.c - the prompt's "pipeline" commands: ssa, opt, destroy,
 * alloc, interference, regs, sweep and emit: their handlers and their rows
 * of the command table. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/asm.h"
#include "minicc/cgen.h"
#include "minicc/limits.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "shell/alloc_trace.h"
#include "shell/intervals.h"
#include "shell/irdiff.h"
#include "shell/outfile.h"
#include "shell/show.h"
#include "shell/sweep.h"

static Status cmd_ssa(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int kind = MC_SSA_PRUNED;
    if (argc >= 2 && (kind = mc_ssa_kind_lookup(argv[1])) < 0)
        return mc_session_error(s, err, "ssa: unknown kind '%s' (minimal, semi, pruned)", argv[1]), ERR;
    if (!mc_session_build_ssa(s, kind, err)) return ERR;
    const McSsaStats *st = &s->ssa_stats;
    if (st->was_ssa) fprintf(out, "ssa (%s): %s is already in SSA form (kept as it is)\n", mc_ssa_kind_name(kind), s->input->name);
    else
        fprintf(out, "ssa (%s): %d phi%s placed, %d variable%s, %d new version%s", mc_ssa_kind_name(kind), st->phis,
                st->phis == 1 ? "" : "s", st->variables, st->variables == 1 ? "" : "s", st->versions,
                st->versions == 1 ? "" : "s");
    if (!st->was_ssa) {
        if (st->dropped_blocks) fprintf(out, ", %d unreachable block%s dropped", st->dropped_blocks,
                                        st->dropped_blocks == 1 ? "" : "s");
        fputc('\n', out);
    }
    int32_t counts[MC_SSA_KIND_COUNT];
    mc_ssa_phi_counts(s->input, counts);
    if (!st->was_ssa && counts[0] >= 0)
        fprintf(out, "phis by placement: minimal %d, semi %d, pruned %d\n", counts[MC_SSA_MINIMAL], counts[MC_SSA_SEMI],
                counts[MC_SSA_PRUNED]);
    return OK;
}

static Status cmd_opt(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (!mc_session_need_func(s, err)) return ERR;
    for (int i = 1; i < argc; i++)
        if (!mc_pass_find(argv[i]))
            return mc_session_error(s, err, "opt: unknown pass '%s' (see: passes)", argv[i]), ERR;
    if (!mc_session_build_opt(s, argc - 1, argv + 1, err)) return ERR;
    int32_t i0, p0, b0, i1, p1, b1;
    mc_func_counts(s->ssa, &i0, &p0, &b0);
    mc_func_counts(s->opt, &i1, &p1, &b1);
    fprintf(out, "opt (%s): instructions %d -> %d, phis %d -> %d, blocks %d -> %d", s->opt_note, i0, i1, p0, p1, b0,
            b1);
    if (s->opt_stats.rounds > 1) fprintf(out, " (%d rounds)", s->opt_stats.rounds);
    fputc('\n', out);
    return OK;
}

/* `diff [PASS...]`: what each pass changes in the listing (irdiff.c). */
static Status cmd_diff(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (!mc_session_need_func(s, err)) return ERR;
    for (int i = 1; i < argc; i++)
        if (!mc_pass_find(argv[i]))
            return mc_session_error(s, err, "diff: unknown pass '%s' (see: passes)", argv[i]), ERR;
    const McFunc *ssa = mc_session_view(s, MC_VIEW_SSA, err);
    if (!ssa) return ERR;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    bool ok = mc_show_pass_diffs(ssa, argc - 1, argv + 1, s->interrupt, out, &d);
    if (!ok) {
        if (mc_session_interrupted(s)) mc_session_error(s, err, "diff: %s", MC_INTERRUPTED_MSG);
        else mc_session_diags_error(s, &d, err, "diff");
    }
    mc_diags_free(&d);
    return ok ? OK : ERR;
}

static Status cmd_destroy(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int mode = s->destroy_mode;
    McDestroyBug bug = s->alloc_opts.destroy;
    if (argc >= 2 && strcmp(argv[1], "naive") == 0)
        bug = MC_DESTROY_NAIVE;
    else if (argc >= 2 && strcmp(argv[1], "sequential") == 0)
        bug = MC_DESTROY_SEQUENTIAL;
    else if (argc >= 2 && ((mode = mc_allocator_lookup(argv[1])) < 0 || mode > MC_ALLOC_BASELINE))
        return mc_session_error(s, err, "destroy: unknown mode '%s' (baseline, improved, naive, sequential)", argv[1]),
               ERR;
    else if (argc >= 2)
        bug = MC_DESTROY_CORRECT;
    McDestroyBug was = s->alloc_opts.destroy;
    s->alloc_opts.destroy = bug;
    if (!mc_session_build_destroyed(s, (McAllocator)mode, err)) {
        s->alloc_opts.destroy = was;
        return ERR;
    }
    if (bug != was) { /* the allocation (machine, check) destroys the same way */
        mc_allocation_free(s->alloc);
        s->alloc = NULL;
    }
    const McDestroyed *x = s->destroyed;
    fprintf(out, "destroy (%s, from %s): %d edge block%s, %d cop%s", mc_session_destroy_name(s),
            s->opt ? "opt" : "ssa", x->nedge_blocks, x->nedge_blocks == 1 ? "" : "s", x->ncopies,
            x->ncopies == 1 ? "y" : "ies");
    if (x->nscratch) fprintf(out, ", %d scratch value%s for copy cycles", x->nscratch, x->nscratch == 1 ? "" : "s");
    fputc('\n', out);
    if (bug == MC_DESTROY_NAIVE)
        fputs("(bug mode: copies at the end of each predecessor, no edge splitting - the lost-copy problem;\n"
              " alloc, machine and check destroy this way until `destroy baseline|improved`)\n",
              out);
    else if (bug == MC_DESTROY_SEQUENTIAL)
        fputs("(bug mode: each edge's copies written one by one, no temporaries - the swap problem;\n"
              " alloc, machine and check destroy this way until `destroy baseline|improved`)\n",
              out);
    return OK;
}

static void alloc_summary(const McAllocation *a, FILE *out) {
    int32_t used = 0;
    bool seen[4096] = {0};
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (a->loc[v].kind == MC_LOC_REG && a->loc[v].index < 4096 && !seen[a->loc[v].index]) {
            seen[a->loc[v].index] = true;
            used++;
        }
    fprintf(out, "alloc (%s, K = %d): %d node%s, %d register%s used, %d spilled to %d slot%s", mc_allocator_name(a->allocator),
            a->registers, a->graph->nnodes, a->graph->nnodes == 1 ? "" : "s", used, used == 1 ? "" : "s", a->nspilled,
            a->slots, a->slots == 1 ? "" : "s");
    if (a->ncoalesced) fprintf(out, ", %d coalesced", a->ncoalesced);
    if (a->removed_copies) fprintf(out, ", %d cop%s removed", a->removed_copies, a->removed_copies == 1 ? "y" : "ies");
    if (a->scratch_slots) fprintf(out, ", %d slot%s only for copy cycles", a->scratch_slots, a->scratch_slots == 1 ? "" : "s");
    fputc('\n', out);
}


/* With calls, the prepared program (the function and the callees it owns,
 * which the session's ssa is not: each callee is allocated alike), owned by
 * the caller, and *ssa points at it; NULL (and *ssa unchanged) without. */
static McFunc *session_program(McSession *s, const McFunc **ssa, McDiags *d) {
    McFunc *program = mc_func_find_call(*ssa, NULL, NULL) ? mc_pipeline_prepare(s->input, s->opt ? 1 : 0, d) : NULL;
    if (program) *ssa = program;
    return program;
}

/* alloc target [ALLOCATOR] [--trace] [--why X Y]: the session's function
 * allocated as stage asm allocates it for the session's real target (its
 * register file, convention, two-address copies and fixed registers; what
 * `minicc print --stage allocated --target T` shows), every register by its
 * real name. The session's own allocation (regs, machine, check) is not
 * touched: it stays the teaching machine's. */
static Status alloc_target(McSession *s, const char *allocator, bool trace, const char *wx, const char *wy, FILE *out,
                           FILE *err) {
    const McTargetDesc *td = mc_target_desc(s->target);
    if (!td)
        return mc_session_error(s, err,
                                "alloc target: the target is %s; choose a real one first (target x86-64 or target rv64)",
                                mc_target_name(s->target)),
               ERR;
    int which = s->allocator;
    if (allocator && (which = mc_allocator_lookup(allocator)) < 0)
        return mc_session_error(s, err, "alloc: unknown allocator '%s' (baseline, improved, linear, ssa)", allocator),
               ERR;
    const McFunc *ssa = mc_session_pipeline_ssa(s, err);
    if (!ssa) return ERR;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *program = session_program(s, &ssa, &d);
    McAllocOptions ao = s->alloc_opts;
    mc_target_alloc_options(s->target, &ao);
    bool ok = true;
    if (trace)
        ok = mc_shell_print_alloc_trace(out, ssa, (McAllocator)which, td->nregs, &ao,
                                        s->have_args ? &s->args : NULL, s->max_steps, &d);
    McAllocation *a = ok ? mc_allocate(ssa, (McAllocator)which, td->nregs, &ao, &d) : NULL;
    int32_t vx = MC_NONE, vy = MC_NONE;
    if (a && wx) {
        vx = mc_func_find_value(a->destroyed->f, wx);
        vy = mc_func_find_value(a->destroyed->f, wy);
        if (vx == MC_NONE || vy == MC_NONE) {
            mc_session_error(s, err, "alloc target: no value '%s' in the allocated function", vx == MC_NONE ? wx : wy);
            mc_allocation_free(a);
            a = NULL;
            d.n = 0; /* reported */
        }
    }
    if (!a) {
        if (d.n) mc_session_diags_error(s, &d, err, "alloc target");
        mc_diags_free(&d);
        mc_func_free(program);
        return ERR;
    }
    if (wx) {
        mc_show_why(a, &ao, vx, vy, out);
    } else {
        fprintf(out, "# target %s, %s allocator, K = %d\n", mc_target_name(s->target), mc_allocator_name(a->allocator),
                a->registers);
        mc_show_regs(a, out);
        mc_show_calls(a, out);
    }
    mc_allocation_free(a);
    mc_diags_free(&d);
    mc_func_free(program);
    return OK;
}

static Status cmd_alloc(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    /* --trace anywhere after alloc: print every decision too */
    bool trace = false;
    const char *why[2] = {NULL, NULL};
    char *words[4];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "--trace") == 0) {
            trace = true;
            continue;
        }
        if (i > 0 && strcmp(argv[i], "--why") == 0) {
            if (i + 2 >= argc) return mc_session_error(s, err, "alloc: --why needs two value names"), ERR;
            why[0] = argv[i + 1];
            why[1] = argv[i + 2];
            i += 2;
            continue;
        }
        if (n == 4) return mc_cmd_too_many(s, err, argc, argv, 3), ERR;
        words[n++] = argv[i];
    }
    if (mc_cmd_too_many(s, err, n, words, 2)) return ERR;
    if (n >= 2 && strcmp(words[1], "target") == 0) {
        if (trace && why[0])
            return mc_session_error(s, err, "alloc target: --trace or --why, not both"), ERR;
        return alloc_target(s, n >= 3 ? words[2] : NULL, trace, why[0], why[1], out, err);
    }
    if (why[0])
        return mc_session_error(s, err, "alloc: --why is for alloc target (on the teaching machine: interference --why X Y)"),
               ERR;
    int64_t k = s->regs;
    int which = s->allocator;
    if (n >= 2 && !mc_cmd_parse_count(s, err, "alloc", words[1], 1, MC_MAX_REGS, &k)) return ERR;
    if (n >= 3 && (which = mc_allocator_lookup(words[2])) < 0)
        return mc_session_error(s, err, "alloc: unknown allocator '%s' (baseline, improved, linear, ssa)", words[2]), ERR;
    if (!mc_session_build_alloc(s, (int)k, (McAllocator)which, err)) return ERR;
    if (trace) {
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        const McFunc *ssa = mc_session_pipeline_ssa(s, err);
        bool ok = ssa && mc_shell_print_alloc_trace(out, ssa, (McAllocator)which, (int)k, &s->alloc_opts,
                                                    s->have_args ? &s->args : NULL, s->max_steps, &d);
        if (!ok && d.n) mc_session_diags_error(s, &d, err, "alloc");
        mc_diags_free(&d);
        if (!ok) return ERR;
    }
    alloc_summary(s->alloc, out);
    return OK;
}

/* interference --why X Y: the point that makes them interfere, or why not. */
static Status interference_why(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 4) return mc_session_error(s, err, "interference: --why needs two value names"), ERR;
    if (mc_cmd_too_many(s, err, argc, argv, 3)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    const McFunc *f = a->destroyed->f;
    int32_t v[2];
    for (int k = 0; k < 2; k++) {
        v[k] = mc_func_find_value(f, argv[2 + k]);
        if (v[k] == MC_NONE)
            return mc_session_error(s, err, "interference: no value '%s' in the allocated function", argv[2 + k]),
                   ERR;
    }
    mc_show_why(a, &s->alloc_opts, v[0], v[1], out);
    return OK;
}

static Status cmd_interference(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc >= 2 && strcmp(argv[1], "--why") == 0) return interference_why(s, argc, argv, out, err);
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    mc_show_interference(a, out);
    return OK;
}

/* intervals [WIDTH]: the live-interval picture of the allocation. */
static Status cmd_intervals(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int64_t width = 72;
    if (argc >= 2 && !mc_cmd_parse_count(s, err, "intervals", argv[1], 8, 4096, &width)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    mc_show_intervals(a, (int)width, out);
    return OK;
}

static Status cmd_regs(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    fprintf(out, "# %s allocator, K = %d\n", mc_allocator_name(a->allocator), a->registers);
    mc_show_regs(a, out);
    mc_show_calls(a, out); /* with calls: what the convention makes of each */
    return OK;
}

/* The same table as `minicc sweep` (mc_sweep_table). */
static Status cmd_sweep(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    /* `vary NAME` (anywhere after sweep): one allocator switch over its values */
    int sw = -1;
    bool conventions = false; /* `vary convention`: the calling conventions (sweep_conv.c) */
    char *words[3];
    int nw = 0;
    for (int i = 0; i < argc; i++) {
        if (i > 0 && strcmp(argv[i], "vary") == 0) {
            if (i + 1 >= argc) return mc_session_error(s, err, "sweep: vary needs a switch name (see: set alloc)"), ERR;
            if (strcmp(argv[++i], "convention") == 0) conventions = true;
            else if ((sw = mc_alloc_option_lookup(argv[i])) < 0)
                return mc_session_error(s, err, "sweep: unknown allocator switch '%s' (see: set alloc)", argv[i]), ERR;
            continue;
        }
        if (nw == 3) return mc_cmd_too_many(s, err, argc, argv, 2), ERR;
        words[nw++] = argv[i];
    }
    argc = nw;
    argv = words;
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    int ks[MC_SWEEP_MAX_BUDGETS], nk = 0;
    McAllocator allocs[2] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
    int nallocs = 2;
    const char *list = argc >= 2 ? argv[1] : "8";
    int64_t max;
    /* sweep target [ALLOCATORS]: the session's real target's register file and convention */
    const McTargetDesc *td = NULL;
    if (strcmp(list, "target") == 0) {
        td = mc_target_desc(s->target);
        if (!td)
            return mc_session_error(s, err, "sweep target: the target is %s; choose a real one first (target x86-64 "
                                            "or target rv64)",
                                    mc_target_name(s->target)),
                   ERR;
        if (sw >= 0 || conventions)
            return mc_session_error(s, err, "sweep target: the target fixes the convention; vary is not for it"), ERR;
        ks[nk++] = td->nregs;
    } else if (strspn(list, "0123456789+-") == strlen(list)) {
        /* sweep MAX: K = 1..MAX */
        if (!mc_cmd_parse_count(s, err, "sweep", list, 1, MC_SWEEP_MAX_BUDGETS, &max)) return ERR;
        for (int k = 1; k <= max; k++) ks[nk++] = k;
    } else if (!mc_sweep_parse_budgets(list, ks, &nk)) {
        return mc_session_error(s, err, "sweep: expected MAX, A..B or a,b,c (budgets 1..%d, at most %d of them), got '%s'",
                                MC_MAX_REGS, MC_SWEEP_MAX_BUDGETS, list),
               ERR;
    }
    McAllocator groups[MC_ALLOC_COUNT];
    int ngroups = 0;
    if (argc >= 3) {
        int which = mc_allocator_lookup(argv[2]);
        if (which >= 0) {
            allocs[0] = (McAllocator)which;
            nallocs = 1;
        } else if (!mc_sweep_parse_allocators(argv[2], groups, &ngroups)) {
            return mc_session_error(s, err,
                                    "sweep: unknown allocator '%s' (baseline, improved, linear, ssa, all, or names "
                                    "separated by commas)",
                                    argv[2]),
                   ERR;
        }
    }
    if (!mc_session_need_args(s, err)) return ERR;
    const McFunc *ssa = mc_session_pipeline_ssa(s, err);
    if (!ssa) return ERR;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *program = session_program(s, &ssa, &d);
    McAllocOptions ao = s->alloc_opts;
    if (td) {
        static const McAllocator all[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR, MC_ALLOC_SSA};
        char buf[512];
        fprintf(out, "# target %s, on the teaching machine: %s\n", mc_target_name(s->target),
                mc_convention_describe_named(td->convention, td->nregs, td->reg, buf, sizeof buf));
        if (argc < 3) {
            memcpy(groups, all, sizeof all);
            ngroups = 4;
        } else if (!ngroups) {
            groups[0] = allocs[0];
            ngroups = 1;
        }
    }
    int diverged = td ? mc_sweep_table_conv(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                            s->max_steps, ks, nk, groups, ngroups, td->convention, s->interrupt, &d)
                   : conventions ? mc_sweep_conventions(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                                      s->max_steps, ks, nk, nallocs == 1 ? allocs[0] : s->allocator,
                                                      &ao, s->interrupt, &d)
                   : ngroups ? mc_sweep_groups(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                             s->max_steps, ks, nk, groups, ngroups, s->interrupt, &d)
                   : sw >= 0
                       ? mc_sweep_vary_table(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                             s->max_steps, ks, nk, nallocs == 1 ? allocs[0] : s->allocator,
                                             &ao, sw, s->interrupt, &d)
                       : mc_sweep_table_conv(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                             s->max_steps, ks, nk, allocs, nallocs, ao.convention, s->interrupt,
                                             &d);
    if (diverged < 0) mc_session_diags_error(s, &d, err, "sweep");
    mc_func_free(program);
    mc_diags_free(&d);
    return diverged < 0 ? ERR : OK;
}

static Status cmd_emit(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = mc_session_pipeline_ssa(s, err);
    if (!f) return ERR;
    char *c = mc_cgen_render(f);
    if (argc >= 2) {
        McOutFile o; /* in a lesson: only inside the lesson's directory for files */
        if (!mc_outfile_open(s, argv[1], &o, out, err)) {
            free(c);
            return ERR;
        }
        fputs(c, o.fp);
        free(c);
        if (!mc_outfile_commit(s, &o, err)) return ERR;
        fprintf(out, "wrote C for %s (from %s) to %s\n", f->name, s->opt ? "opt" : "ssa", argv[1]);
        return OK;
    }
    fputs(c, out);
    free(c);
    return OK;
}

/* ---- the rows, in help order ------------------------------------------------ */

const McCommand mc_cmds_pipeline[] = {
    {"ssa", "", "pipeline", "ssa [minimal|semi|pruned]", "build SSA form (default pruned)",
     "Places phis at iterated dominance frontiers (minimal: for every variable;\n"
     "semi: for names live across blocks; pruned: only where live) and renames.\n"
     "Drops opt, destroyed and the allocation built from the old SSA.\n",
     "minimal|semi|pruned", cmd_ssa},
    {"opt", "", "pipeline", "opt [PASS...]", "optimize the SSA (-O1, or the passes named, once each)",
     "Without PASS runs the -O1 pipeline to a fixed point; with PASS names runs\n"
     "those passes once each, in order (see `passes`). Works on a copy of the SSA.\n",
     "pass...", cmd_opt},
    {"diff", "", "pipeline", "diff [PASS...]", "what each optimizer pass changes in the IR (before/after)",
     "Runs each PASS once, in order (none: every pass in -O1 order), on a copy\n"
     "of the SSA and prints after `== PASS: N lines changed` the listing's diff:\n"
     "`- ` lines the pass removed, `+ ` lines it added, two unchanged lines\n"
     "around each change (longer runs as `... N unchanged lines`). opt and the\n"
     "session stay as they were. In the workbench `:diff` shows it in the big\n"
     "log, removed lines red and added ones green.\n",
     "pass...", cmd_diff},
    {"destroy", "", "pipeline", "destroy [MODE]", "replace phis by copies on edges",
     "MODE is baseline, improved (the default), naive or sequential.\n"
     "baseline: the chapter's edge blocks $edgeN, every source saved first;\n"
     "improved: splits only critical edges and sequentializes parallel copies.\n"
     "Two bug modes for the bug hunt (the same as `set alloc destroy=...`):\n"
     "naive: each edge's copies at the end of the predecessor, no splitting (the\n"
     "lost-copy problem); sequential: each edge's copies one by one with no\n"
     "temporaries (the swap problem). alloc, machine and check then destroy\n"
     "phis the same way, until `destroy baseline` or `destroy improved`.\n"
     "Starts from opt when it was built, else from ssa. `list` after\n"
     "`set stage destroyed` marks the inserted copies with +.\n",
     "baseline|improved|naive|sequential", cmd_destroy},
    {"alloc", "", "pipeline", "alloc K|target [ALLOCATOR] [--trace]", "allocate registers with K registers",
     "Phi destruction, interference graph and colouring with K registers (default\n"
     "4) and the chosen allocator (default improved; baseline, improved, linear\n"
     "or ssa), under the switches of `set alloc` (baseline and improved). See\n"
     "interference, regs, machine, intervals.\n"
     "baseline: the chapter's allocator to the number: an edge block for every\n"
     "edge into a phi block, greedy colouring by descending degree, a fresh slot\n"
     "per uncoloured value.\n"
     "improved: Chaitin-Briggs with critical-edge splitting, sequentialized\n"
     "copies, the copy exception, conservative coalescing, spill costs, biased\n"
     "colouring, recolouring and slot sharing (the best of three variants; each\n"
     "technique has a switch, see `set alloc`).\n"
     "linear: linear scan (Poletto & Sarkar) over live intervals in reverse\n"
     "postorder (see `intervals`): intervals by start, the lowest free register,\n"
     "and when all K are held the interval that ends furthest goes to a slot\n"
     "for its whole life; slots are shared the same way.\n"
     "ssa: colours the SSA form before phi destruction: spills the cheapest\n"
     "values until at most K are live at every point (MaxLive, see `live\n"
     "--points`), colours in dominance order (never more than MaxLive\n"
     "registers), then turns the phis into copies ordered by location; a copy\n"
     "cycle saves one value in a free register or one scratch slot.\n"
     "--trace prints every decision in order (baseline, improved): spill costs\n"
     "and their terms, coalescing tests (Briggs, George: the numbers compared),\n"
     "the simplify stack (optimistic pushes marked), colour choices (biased ones\n"
     "name the copy partner), recolourings, slots; for improved each variant\n"
     "and metric tried, the winner, every variant's estimated and measured\n"
     "traffic (with the arguments). linear and ssa list the assignment they\n"
     "made. With calls, every allocator's trace then has the convention's\n"
     "renaming, each value live across each call (saved or kept) and the\n"
     "prologue's callee saves. Under `set alloc calls=interfere` every\n"
     "allocator keeps the values live across a call out of the registers it\n"
     "clobbers (they interfere; the trace and `interference --why` name the\n"
     "call) and gives parameters, arguments and results the convention's\n"
     "registers when free; no renaming, no caller saves. Last, a replay\n"
     "check of the final assignment.\n"
     "alloc target [ALLOCATOR] [--trace | --why X Y], with a real target set by\n"
     "`target`: the function allocated as stage asm allocates it (the target's\n"
     "registers, its convention, x86-64's two-address copies and fixed\n"
     "registers), each register by its real name; --trace with the constraints\n"
     "and their reasons (a value live across an idiv kept out of rax and rdx),\n"
     "--why X Y why two values interfere there. The session's own allocation\n"
     "(regs, machine, check) is not changed.\n",
     "target baseline|improved|linear|ssa", cmd_alloc},
    {"interference", "ig", "pipeline", "interference [--why X Y]", "the interference graph: adjacency, degrees, colouring order",
     "Adjacency list with each value's degree and location, the adjacency matrix\n"
     "for small graphs (numbered rows and columns, `x` where two values interfere,\n"
     "`name!` a spilled value; the workbench draws the same matrix), and the order\n"
     "in which values got their location. A graph\n"
     "of more than 20000 edges is summarised (its first 100 nodes, no neighbours).\n"
     "Allocation refuses a graph over $MINICC_MAX_INTERFERENCES interferences\n"
     "(default 150000000) with an error.\n"
     "--why X Y names the point where one of them is defined while the other is\n"
     "live (the earliest), or the rule that binds parameters together, or why\n"
     "they do not interfere: never live at once, or only at a copy between\n"
     "them (Chaitin's copy exception: every allocator but baseline).\n",
     "- value value", cmd_interference},
    {"regs", "", "pipeline", "regs", "where each value lives: register or spill slot",
     "Each value's register or spill slot. With calls, then what the convention\n"
     "makes of each call: the registers a call clobbers (the caller-saved ones),\n"
     "the prologue's callee saves, and at each call the values live across it,\n"
     "kept or saved, the saves as parallel moves around the call.\n",
     "", cmd_regs},
    {"intervals", "", "pipeline", "intervals [WIDTH]", "live intervals as bars over the linear order",
     "One row per value of the allocation (K and allocator as for regs) over the\n"
     "instructions in the order linear scan works in (blocks in reverse\n"
     "postorder, each block's start marked |): = live in a register, # live in\n"
     "a slot, . a hole (inside the interval but not live). Bars are at most\n"
     "WIDTH columns (default 72, 8..4096); a longer function shares columns.\n",
     "", cmd_intervals},
    {"sweep", "", "pipeline", "sweep [LIST] [ALLOC|all|A,B] [vary NAME]", "the register-budget table of minicc sweep",
     "For K = 1..N when LIST is a number N (default 8, at most 1024), or the\n"
     "budgets of LIST (A..B or a,b,c, as `minicc sweep --regs`), and\n"
     "both allocators (or the one named) allocates the SSA function (opt when\n"
     "built), runs the allocated machine on fresh copies of the arguments and\n"
     "prints the table of `minicc sweep`: slots, spill reads and writes, their\n"
     "sum (traffic), instructions, phi copies executed, and whether the outcome\n"
     "agrees with stage input (the input function interpreted).\n"
     "vary NAME: one allocator (default: set allocator) with the switches of\n"
     "`set alloc`, one row per K and value of switch NAME (as `minicc sweep\n"
     "--vary NAME`). vary convention: one row per K and calling convention\n"
     "(split, caller-saved, callee-saved) with calls, saves and restores, the\n"
     "convention's traffic apart from spills (a program with calls; see set).\n"
     "Ctrl-C stops it in an allocation or a run: the rows so far stay,\n"
     "then `sweep: interrupted`. `all` (or names separated by commas) prints\n"
     "one column group per allocator instead: slots, traffic and copies of\n"
     "each, `=` when it agrees with stage input, `!` when it diverges.\n"
     "sweep target [ALLOC|A,B]: with a real target (see: target), the four\n"
     "allocators (or those named) with its registers (x86-64 10, rv64 24) and\n"
     "its convention, on the teaching machine, as `minicc sweep --target`.\n",
     "- baseline|improved|linear|ssa|all|target", cmd_sweep},
    {"emit", "", "pipeline", "emit [FILE]", "the C backend's code (to FILE or the screen)",
     "Writes the C of the SSA function (opt when built). In a lesson, FILE must\n"
     "be a relative name inside the lesson's directory for files (see: help\n"
     "lesson).\n",
     "file", cmd_emit},
};
const int mc_ncmds_pipeline = (int)(sizeof mc_cmds_pipeline / sizeof mc_cmds_pipeline[0]);
