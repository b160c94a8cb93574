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
        mc_cli_print_diags(&d);
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

/* Parse a budget list: `N` (1..N), `A..B`, or `a,b,c`. 0 ok, 2 error. */
static int parse_budgets(const char *s, int *ks, int *nk) {
    *nk = 0;
    const char *dots = strstr(s, "..");
    int32_t a, b;
    if (dots) {
        if (mc_parse_i32(s, (size_t)(dots - s), &a) || mc_parse_i32(dots + 2, strlen(dots + 2), &b) || a < 1 ||
            b < a || b > 1024)
            return 2;
        for (int k = a; k <= b; k++) ks[(*nk)++] = k;
        return 0;
    }
    if (!strchr(s, ',')) {
        if (mc_parse_i32(s, strlen(s), &b) || b < 1 || b > 1024) return 2;
        for (int k = 1; k <= b; k++) ks[(*nk)++] = k;
        return 0;
    }
    while (*s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        if (mc_parse_i32(s, len, &a) || a < 1 || a > 1 << 20 || *nk >= 1024) return 2;
        ks[(*nk)++] = a;
        s += len;
        if (*s == ',') s++;
    }
    return *nk ? 0 : 2;
}

int mc_cli_sweep(int argc, char **argv) {
    const char *regs = "1..16";
    char **rest = mc_xmalloc(((size_t)argc + 1) * sizeof *rest);
    int n = 0;
    bool dashdash = false;
    for (int i = 0; i < argc; i++) {
        if (!dashdash && strcmp(argv[i], "--") == 0) dashdash = true;
        if (!dashdash && strcmp(argv[i], "--regs") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "minicc sweep: option '--regs' needs a value\n");
                free(rest);
                return 2;
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
    int *ks = mc_xmalloc(1024 * sizeof *ks), nk;
    if (parse_budgets(regs, ks, &nk)) {
        fprintf(stderr, "minicc sweep: --regs expects N, A..B or a,b,c (budgets >= 1), got '%s'\n", regs);
        free(rest);
        free(ks);
        return 2;
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
    McArgs ref;
    mc_args_copy(&ref, &args);
    McOutcome want = mc_run(p.func, &ref, o.stage.max_steps);
    char buf[160];
    McFunc *ssa = mc_alloc_input(p.func, o.stage.opt_level, &d);
    if (!ssa) {
        mc_cli_print_diags(&d);
        st = 2;
        goto out;
    }
    printf("sweep %s (-O%d): stage input gives %s\n", p.func->name, o.stage.opt_level,
           mc_outcome_str(&want, buf, sizeof buf));
    printf("%4s  %-9s %6s %12s %12s %12s %12s %10s  %s\n", "K", "allocator", "slots", "spill_reads", "spill_writes",
           "traffic", "instructions", "copies", "result");
    int diverged = 0;
    for (int i = 0; i < nk; i++) {
        for (int which = 0; which < 2; which++) {
            McAllocator al = which == 0 ? MC_ALLOC_BASELINE : MC_ALLOC_IMPROVED;
            McAllocation *a = mc_allocate(ssa, al, ks[i], &d);
            if (!a) {
                mc_cli_print_diags(&d);
                st = 2;
                goto out;
            }
            McArgs run;
            mc_args_copy(&run, &args);
            McStageStats s;
            McOutcome got = mc_machine_run(a, &run, o.stage.max_steps, &s);
            bool same = mc_outcome_same(&want, &ref, &got, &run);
            if (!same) diverged++;
            printf("%4d  %-9s %6d %12lld %12lld %12lld %12lld %10lld  %s", ks[i], which == 0 ? "baseline" : "improved",
                   (int)s.slots, (long long)s.spill_reads, (long long)s.spill_writes,
                   (long long)(s.spill_reads + s.spill_writes), (long long)s.instructions, (long long)s.copies,
                   same ? "agree" : "DIVERGE: ");
            if (!same) fputs(mc_outcome_str(&got, buf, sizeof buf), stdout);
            fputc('\n', stdout);
            mc_args_free(&run);
            mc_allocation_free(a);
        }
    }
    if (diverged)
        printf("%d of %d runs diverge from stage input\n", diverged, 2 * nk);
    else
        printf("all %d runs agree with stage input\n", 2 * nk);
    st = diverged ? 1 : 0;
out:
    fflush(stdout);
    mc_func_free(ssa);
    mc_args_free(&ref);
    mc_args_free(&args);
    mc_diags_free(&d);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    free(ks);
    return st;
}
