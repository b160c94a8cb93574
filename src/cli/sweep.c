/* sweep.c - `minicc sweep`, the chapter's register-budget experiment
 * (§32.4).
 *
 *   minicc sweep FILE [--regs LIST] [--func NAME] [-O0|-O1] [--max-steps N] [--] ARG...
 *
 * runs the function at stage input once, then at stage alloc with both
 * allocators for every K in LIST (`1..16`, the default; `8` means 1..8;
 * `1,2,4,16`), each on fresh copies of the arguments, and prints one table
 * row per (K, allocator): spill slots, spill reads and writes, their sum,
 * instructions, phi copies executed, and whether the outcome (return value or
 * trap, final buffers) agrees with stage input. Semantic agreement comes
 * first; the traffic columns only mean something on agreeing rows. Exit 0
 * when every row agrees, 1 otherwise. The table itself is mc_sweep_table
 * (common.c), shared with the prompt's `sweep`. `--allocators all` (or
 * `linear,ssa`, ...) prints instead one column group per allocator named
 * (mc_sweep_groups): slots, traffic and copies side by side. `--vary
 * convention` compares the calling conventions (mc_sweep_conventions):
 * saves and restores apart from spills; `--convention NAME` sets the one a
 * `--vary SWITCH` table uses. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "shell/alloc_trace.h"
#include "shell/sweep.h"
#include "minicc/asm.h"
#include "minicc/limits.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* ---- sweep --------------------------------------------------------------------- */

int mc_cli_sweep(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts me = {.cmd = "sweep"}; /* for messages before the shared parser runs */
    const char *regs = "1..16", *allocators = NULL, *vary = NULL;
    bool regs_given = false;
    char **rest = mc_xmalloc(((size_t)argc + 1) * sizeof *rest);
    int n = 0;
    bool dashdash = false;
    /* --regs takes a list here, not the single K of the shared parser. */
    for (int i = 0; i < argc; i++) {
        if (!dashdash && strcmp(argv[i], "--") == 0) dashdash = true;
        if (!dashdash && strcmp(argv[i], "--regs") == 0) {
            if (i + 1 >= argc) {
                free(rest);
                return mc_cli_error(&me, "--regs needs a value");
            }
            regs = argv[++i];
            regs_given = true;
            continue;
        }
        if (!dashdash && strncmp(argv[i], "--regs=", 7) == 0) {
            regs = argv[i] + 7;
            regs_given = true;
            continue;
        }
        if (!dashdash && strcmp(argv[i], "--allocators") == 0) {
            if (i + 1 >= argc) {
                free(rest);
                return mc_cli_error(&me, "--allocators needs a value");
            }
            allocators = argv[++i];
            continue;
        }
        /* --vary NAME: one of the allocator's switches over all its values */
        if (!dashdash && strcmp(argv[i], "--vary") == 0) {
            if (i + 1 >= argc) {
                free(rest);
                return mc_cli_error(&me, "--vary needs a value");
            }
            vary = argv[++i];
            continue;
        }
        if (!dashdash && strncmp(argv[i], "--vary=", 7) == 0) {
            vary = argv[i] + 7;
            continue;
        }
        rest[n++] = argv[i];
    }
    rest[n] = NULL;
    int *ks = mc_xmalloc(MC_SWEEP_MAX_BUDGETS * sizeof *ks), nk;
    if (!mc_sweep_parse_budgets(regs, ks, &nk)) {
        free(rest);
        free(ks);
        return mc_cli_error(&me, "--regs expects N, A..B or a,b,c (budgets 1..%d, at most %d of them), got '%s'",
                            MC_MAX_REGS, MC_SWEEP_MAX_BUDGETS, regs);
    }
    McAllocator groups[MC_ALLOC_COUNT];
    int ngroups = 0;
    if (allocators && !mc_sweep_parse_allocators(allocators, groups, &ngroups)) {
        free(rest);
        free(ks);
        return mc_cli_error(&me, "--allocators expects all or names separated by commas (baseline, improved, linear, ssa), got '%s'",
                            allocators);
    }
    if (allocators && vary) {
        free(rest);
        free(ks);
        return mc_cli_error(&me, "choose one of --allocators and --vary");
    }
    /* --vary convention: the calling conventions (not a switch of the allocator) */
    bool conventions = vary && strcmp(vary, "convention") == 0;
    int sw = vary && !conventions ? mc_alloc_option_lookup(vary) : -1;
    if (vary && !conventions && sw < 0) {
        char names[256];
        size_t at = 0;
        for (int k = 0; k < mc_alloc_option_count(); k++)
            at += (size_t)snprintf(names + at, sizeof names - at, "%s%s", k ? ", " : "", mc_alloc_option_name(k));
        free(rest);
        free(ks);
        return mc_cli_error(&me, "--vary: unknown allocator switch '%s' (%s)", vary, names);
    }
    McCliOpts o;
    unsigned accepted = MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_MAX_STEPS | MC_CLI_ARGS | MC_CLI_ALLOC_OPT;
    if (vary) accepted |= MC_CLI_ALLOCATOR;
    if (!conventions) accepted |= MC_CLI_CONVENTION; /* the groups table (--allocators) uses split */
    accepted |= MC_CLI_TARGET;
    int st = mc_cli_opts_parse(n, rest, accepted, &o);
    free(rest);
    if (st == 0 && vary && (o.given & MC_CLI_TARGET)) {
        st = mc_cli_error(&o, "choose one of --target and --vary");
        mc_cli_opts_free(&o);
    }
    /* --target T: the allocators on T's register file under T's convention (one K) */
    const McTargetDesc *td = st == 0 && (o.given & MC_CLI_TARGET) ? mc_target_desc(o.stage.target) : NULL;
    if (td && (regs_given || (o.given & MC_CLI_CONVENTION))) {
        st = mc_cli_error(&o, "--target %s fixes the registers (K = %d) and the convention: drop %s",
                          mc_target_name(o.stage.target), (int)td->nregs, regs_given ? "--regs" : "--convention");
        mc_cli_opts_free(&o);
    }
    if (st == 0 && ngroups && (o.given & MC_CLI_CONVENTION)) {
        st = mc_cli_error(&o, "--convention: the --allocators table runs under split; use the plain table or "
                              "--vary convention");
        mc_cli_opts_free(&o);
    } else if (st == 0 && !vary && (o.given & MC_CLI_ALLOC_OPT)) {
        st = mc_cli_error(&o, "--alloc-opt needs --vary NAME (the plain table compares the allocators as they are)");
        mc_cli_opts_free(&o);
    }
    if (st) {
        free(ks);
        return st;
    }
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        free(ks);
        return st;
    }
    McArgs args;
    if ((st = mc_cli_args(&o, p.func, &args))) {
        mc_cli_program_free(&p);
        mc_cli_opts_free(&o);
        free(ks);
        return st;
    }
    McDiags d;
    mc_diags_init(&d, o.file, NULL, 0);
    McFunc *ssa = mc_pipeline_prepare(p.func, o.stage.opt_level, &d);
    if (!ssa) {
        mc_cli_print_diags(&o, &d);
        st = 2;
    } else {
        static const McAllocator both[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
        static const McAllocator all[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR, MC_ALLOC_SSA};
        char from[8];
        snprintf(from, sizeof from, "-O%d", o.stage.opt_level);
        if (td) {
            char buf[512];
            fprintf(stdout, "# target %s, on the teaching machine: %s\n", mc_target_name(o.stage.target),
                    mc_convention_describe_named(td->convention, td->nregs, td->reg, buf, sizeof buf));
            ks[0] = td->nregs;
            nk = 1;
        }
        int diverged = td ? mc_sweep_table_conv(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk,
                                                ngroups ? groups : all, ngroups ? ngroups : 4, td->convention, NULL, &d)
                       : conventions ? mc_sweep_conventions(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk,
                                                          o.stage.allocator, &o.alloc, NULL, &d)
                       : ngroups ? mc_sweep_groups(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk, groups,
                                                 ngroups, NULL, &d)
                       : vary  ? mc_sweep_vary_table(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk,
                                                     o.stage.allocator, &o.alloc, sw, NULL, &d)
                               : mc_sweep_table_conv(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk, both,
                                                     2, o.stage.convention, NULL, &d);
        if (diverged < 0) {
            mc_cli_print_diags(&o, &d);
            st = 2;
        } else
            st = diverged ? 1 : 0;
    }
    fflush(stdout);
    mc_func_free(ssa);
    mc_args_free(&args);
    mc_diags_free(&d);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    free(ks);
    return st;
}
