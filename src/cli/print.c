/* print.c - `minicc print FILE [--func NAME] [--stage input|ssa|opt]
 *            [--ssa minimal|semi|pruned] [--passes a,b,c] [--stats] [-O0|-O1]`
 *
 * Prints the IR after a stage in the text format (spec §1), so the output
 * reads back with the parser and can be fed to any other command. Without
 * --func every function of the file is printed. --ssa picks the phi
 * placement policy; --passes runs the named optimizer passes once each, in
 * order, instead of the -O1 pipeline (and implies --stage opt). --stats adds
 * `#` comment lines before each function: phi counts of the three SSA
 * policies side by side and, for stage opt, one line per pass run with the
 * sizes before and after. `--passes help` lists the passes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "minicc/opt.h"
#include "minicc/ssa.h"

static void list_passes(void) {
    int n;
    const McPass *t = mc_pass_table(&n);
    printf("passes (the -O1 pipeline runs them in this order until nothing changes):\n");
    for (int i = 0; i < n; i++)
        printf("  %-12s %s\n  %-12s requires %s; invalidates %s\n", t[i].name, t[i].help, "", t[i].requires,
               t[i].invalidates);
}

/* Print one function at the requested stage; returns an exit status. */
static int print_func(const McCliOpts *o, McFunc *f, McSsaKind kind, const char *passes, FILE *out) {
    McStage stage = o->stage.stage;
    if (o->stats) {
        int32_t counts[MC_SSA_KIND_COUNT];
        mc_ssa_phi_counts(f, counts);
        int32_t ni, np, nb;
        mc_func_counts(f, &ni, &np, &nb);
        fprintf(out, "# %s: input %s form: %d instructions, %d phis, %d blocks\n", f->name,
                f->form == MC_FORM_SSA ? "SSA" : "mutable", (int)ni, (int)np, (int)nb);
        fprintf(out, "# phis by SSA policy: minimal=%d semi=%d pruned=%d\n", (int)counts[MC_SSA_MINIMAL],
                (int)counts[MC_SSA_SEMI], (int)counts[MC_SSA_PRUNED]);
    }
    if (stage == MC_STAGE_INPUT) {
        mc_func_print(f, out);
        return 0;
    }
    McDiags d;
    mc_diags_init(&d, o->file, NULL, 0);
    McSsaStats ss;
    McFunc *g = mc_ssa_build(f, kind, &ss, &d);
    int st = 0;
    if (g && stage == MC_STAGE_OPT) {
        McOptOptions oo;
        mc_opt_options_default(&oo);
        oo.passes = passes;
        McOptStats os;
        memset(&os, 0, sizeof os);
        bool ok = mc_opt_run(g, &oo, &os, &d);
        if (o->stats) {
            for (int32_t i = 0; i < os.n; i++) {
                const McPassStat *s = &os.v[i];
                fprintf(out, "# round %d %-11s %s insts %d -> %d, phis %d -> %d, blocks %d -> %d\n", (int)s->round,
                        s->pass, s->changed ? "changed  " : "unchanged", (int)s->insts[0], (int)s->insts[1],
                        (int)s->phis[0], (int)s->phis[1], (int)s->blocks[0], (int)s->blocks[1]);
            }
        }
        mc_opt_stats_free(&os);
        if (!ok) {
            mc_func_free(g);
            g = NULL;
        }
    } else if (g && o->stats) {
        if (ss.was_ssa)
            fprintf(out, "# ssa: the input is already in SSA form (unchanged)\n");
        else
            fprintf(out, "# ssa (%s): %d phis placed, %d versioned names, %d unreachable blocks dropped\n",
                    mc_ssa_kind_name(kind), (int)ss.phis, (int)ss.versions, (int)ss.dropped_blocks);
    }
    if (g) {
        mc_func_print(g, out);
        mc_func_free(g);
    } else {
        fflush(out);
        mc_cli_print_diags(&d);
        st = 2;
    }
    mc_diags_free(&d);
    return st;
}

int mc_cli_print(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    /* --stage destroyed|allocated: the register allocator's stages (sweep.c). */
    int alloc_st = mc_cli_print_alloc(argc, argv);
    if (alloc_st >= 0) return alloc_st;
    /* --ssa and --passes are this command's own options: take them out
     * before the shared parser sees argv. */
    const char *ssa_name = NULL, *passes = NULL;
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    int n = 0;
    bool dashdash = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!dashdash && strcmp(a, "--") == 0) dashdash = true;
        const char **slot = NULL;
        const char *val = NULL;
        if (!dashdash && strncmp(a, "--ssa", 5) == 0 && (a[5] == 0 || a[5] == '=')) slot = &ssa_name;
        if (!dashdash && strncmp(a, "--passes", 8) == 0 && (a[8] == 0 || a[8] == '=')) slot = &passes;
        if (!slot) {
            rest[n++] = argv[i];
            continue;
        }
        const char *eq = strchr(a, '=');
        if (eq) {
            val = eq + 1;
        } else if (i + 1 < argc) {
            val = argv[++i];
        } else {
            fprintf(stderr, "minicc print: option '%s' needs a value\n", a);
            free(rest);
            return 2;
        }
        *slot = val;
    }
    rest[n] = NULL;
    if (passes && strcmp(passes, "help") == 0) {
        list_passes();
        free(rest);
        return 0;
    }
    int kind = MC_SSA_PRUNED;
    if (ssa_name && (kind = mc_ssa_kind_lookup(ssa_name)) < 0) {
        fprintf(stderr, "minicc print: unknown SSA policy '%s' (minimal, semi or pruned)\n", ssa_name);
        free(rest);
        return 2;
    }
    McCliOpts o;
    int st = mc_cli_opts_parse(n, rest, MC_CLI_FUNC | MC_CLI_STAGE | MC_CLI_OPT | MC_CLI_STATS, &o);
    free(rest);
    if (st) return st;
    if (passes) {
        if (!(o.given & MC_CLI_STAGE)) o.stage.stage = MC_STAGE_OPT;
        if (o.stage.stage != MC_STAGE_OPT) {
            st = mc_cli_error(&o, "--passes needs --stage opt");
            mc_cli_opts_free(&o);
            return st;
        }
    }
    if (ssa_name) {
        /* Like --passes: --ssa alone means "show the SSA", never ignored. */
        if (!(o.given & MC_CLI_STAGE)) o.stage.stage = MC_STAGE_SSA;
        if (o.stage.stage == MC_STAGE_INPUT) {
            st = mc_cli_error(&o, "--ssa needs --stage ssa or opt");
            mc_cli_opts_free(&o);
            return st;
        }
    }
    McStage stage = o.stage.stage;
    if (stage != MC_STAGE_INPUT && stage != MC_STAGE_SSA && stage != MC_STAGE_OPT) {
        st = mc_cli_error(&o, "print shows the IR of stage input, ssa or opt, not '%s'", mc_stage_name(stage));
        mc_cli_opts_free(&o);
        return st;
    }
    if ((o.given & MC_CLI_OPT) && o.stage.opt_level == 0 && stage == MC_STAGE_OPT) o.stage.stage = MC_STAGE_SSA;
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    if (o.func) {
        st = print_func(&o, p.func, (McSsaKind)kind, passes, stdout);
    } else {
        for (int32_t i = 0; i < p.mod->nfuncs && st == 0; i++) {
            if (i > 0) fputc('\n', stdout);
            st = print_func(&o, p.mod->funcs[i], (McSsaKind)kind, passes, stdout);
        }
    }
    fflush(stdout);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return st;
}
