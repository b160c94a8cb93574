/* sweep.c - `minicc sweep`, the chapter's register-budget experiment
 * (§32.4), and the register allocator's two `minicc print` stages.
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
 * when every row agrees, 1 otherwise.
 *
 *   minicc print FILE --stage destroyed|allocated [--regs K]
 *                [--allocator baseline|improved] [-O0|-O1] [--stats]
 *
 * shows the IR after phi destruction, or the allocated function preceded by
 * one `# NAME -> r0` / `# NAME -> slot1` comment line per value (the text
 * still parses). print.c hands these two stages to mc_cli_print_alloc. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "minicc/limits.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* ---- print --stage destroyed|allocated ----------------------------------------- */

static void print_graph_stats(const McAllocation *a, FILE *out) {
    const McIGraph *g = a->graph;
    const McFunc *f = a->f;
    fprintf(out, "# interference: %d nodes, %lld edges, %d moves\n", (int)g->nnodes, (long long)g->nedges,
            (int)g->nmoves);
    for (int32_t v = 0; v < g->nvalues; v++) {
        if (!g->node[v]) continue;
        fprintf(out, "#   %s (degree %d):", f->values[v].name, (int)g->degree[v]);
        for (int32_t k = 0; k < g->degree[v]; k++) fprintf(out, " %s", f->values[g->adj[v][k]].name);
        fputc('\n', out);
    }
    fprintf(out, "# colouring order:");
    for (int32_t i = 0; i < a->norder; i++) fprintf(out, " %s", f->values[a->order[i]].name);
    fputc('\n', out);
}

static int print_one(const McCliOpts *o, const McFunc *f, bool allocated, FILE *out) {
    McDiags d;
    mc_diags_init(&d, o->file, NULL, 0);
    int st = 0;
    McFunc *ssa = mc_alloc_input(f, o->stage.opt_level, &d);
    if (ssa && !allocated) {
        McDestroyed *x = mc_destroy_phis(ssa, o->stage.allocator, &d);
        if (x) {
            if (o->stats)
                fprintf(out, "# phi destruction (%s): %d edge blocks, %d copies, %d cycle scratch values\n",
                        o->stage.allocator == MC_ALLOC_BASELINE ? "baseline" : "improved", (int)x->nedge_blocks,
                        (int)x->ncopies, (int)x->nscratch);
            mc_func_print(x->f, out);
            mc_destroyed_free(x);
        } else
            st = 2;
    } else if (ssa) {
        McAllocation *a = mc_allocate(ssa, o->stage.allocator, o->stage.regs, &d);
        if (a) {
            if (o->stats) print_graph_stats(a, out);
            mc_allocation_print(a, out);
            mc_allocation_free(a);
        } else
            st = 2;
    } else
        st = 2;
    mc_func_free(ssa);
    if (st) {
        fflush(out);
        mc_cli_print_diags(o, &d);
    }
    mc_diags_free(&d);
    return st;
}

int mc_cli_print_alloc(int argc, char **argv) {
    const char *stage = NULL;
    int at = -1;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (strcmp(argv[i], "--stage") == 0 && i + 1 < argc) {
            stage = argv[i + 1];
            at = i;
        } else if (strncmp(argv[i], "--stage=", 8) == 0) {
            stage = argv[i] + 8;
            at = i;
        }
    }
    if (!stage || (strcmp(stage, "destroyed") != 0 && strcmp(stage, "allocated") != 0)) return -1;
    bool allocated = strcmp(stage, "allocated") == 0;
    /* Drop the --stage word(s); the shared parser knows only pipeline stages. */
    char **rest = mc_xmalloc(((size_t)argc + 1) * sizeof *rest);
    int n = 0, skip = argv[at][7] == '=' ? 1 : 2;
    for (int i = 0; i < argc; i++)
        if (i < at || i >= at + skip) rest[n++] = argv[i];
    rest[n] = NULL;
    McCliOpts o;
    int st = mc_cli_opts_parse(n, rest, MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_REGS | MC_CLI_ALLOCATOR | MC_CLI_STATS, &o);
    free(rest);
    if (st) return st;
    if (!allocated && (o.given & MC_CLI_REGS))
        st = mc_cli_error(&o, "--regs needs --stage allocated");
    if (st) {
        mc_cli_opts_free(&o);
        return st;
    }
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    if (o.func) {
        st = print_one(&o, p.func, allocated, stdout);
    } else {
        for (int32_t i = 0; i < p.mod->nfuncs && st == 0; i++) {
            if (i > 0) fputc('\n', stdout);
            st = print_one(&o, p.mod->funcs[i], allocated, stdout);
        }
    }
    fflush(stdout);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return st;
}

/* ---- sweep --------------------------------------------------------------------- */

int mc_cli_sweep(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts me = {.cmd = "sweep"}; /* for messages before the shared parser runs */
    const char *regs = "1..16";
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
            continue;
        }
        if (!dashdash && strncmp(argv[i], "--regs=", 7) == 0) {
            regs = argv[i] + 7;
            continue;
        }
        rest[n++] = argv[i];
    }
    rest[n] = NULL;
    int *ks = mc_xmalloc(MC_CLI_MAX_BUDGETS * sizeof *ks), nk;
    if (!mc_cli_parse_budgets(regs, ks, &nk)) {
        free(rest);
        free(ks);
        return mc_cli_error(&me, "--regs expects N, A..B or a,b,c (budgets 1..%d, at most %d of them), got '%s'",
                            MC_MAX_REGS, MC_CLI_MAX_BUDGETS, regs);
    }
    McCliOpts o;
    int st = mc_cli_opts_parse(n, rest, MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_MAX_STEPS | MC_CLI_ARGS, &o);
    free(rest);
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
    McFunc *ssa = mc_alloc_input(p.func, o.stage.opt_level, &d);
    if (!ssa) {
        mc_cli_print_diags(&o, &d);
        st = 2;
    } else {
        static const McAllocator both[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
        char from[8];
        snprintf(from, sizeof from, "-O%d", o.stage.opt_level);
        int diverged = mc_cli_sweep_table(stdout, p.func, ssa, from, &args, o.stage.max_steps, ks, nk, both, 2, &d);
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
