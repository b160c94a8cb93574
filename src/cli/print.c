/* print.c - `minicc print FILE [--func NAME] [--stage input|ssa|opt|destroyed|allocated]
 *            [--ssa minimal|semi|pruned] [--passes a,b,c] [--stats] [-O0|-O1]`
 *
 * Prints the IR after a stage in the text format (docs/ir.md §1), so the output
 * reads back with the parser and can be fed to any other command. Without
 * --func every function of the file is printed. --ssa picks the phi
 * placement policy; --passes runs the named optimizer passes once each, in
 * order, instead of the -O1 pipeline (and implies --stage opt). --stats adds
 * `#` comment lines before each function: phi counts of the three SSA
 * policies side by side and, for stage opt, one line per pass run with the
 * sizes before and after. `--passes help` lists the passes. --live prints
 * the function with a `# live: ... [N]` comment after every point (the
 * values live there and the register pressure, MaxLive marked), still
 * parseable (mc_show_live_points).
 *
 * --stage, --ssa and --passes are taken out of argv here (the stages
 * destroyed and allocated go to print_alloc_stage below), and every
 * value is checked before the file is read; mistakes read `minicc print:
 * error: MESSAGE` (an option that belongs to another stage, such as --regs
 * without --stage allocated, is one), exit 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "shell/alloc_trace.h"
#include "minicc/asm.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "shell/show.h"

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
        if (o->live)
            mc_show_live_points(f, out);
        else
            mc_func_print(f, out);
        return 0;
    }
    McDiags d;
    mc_diags_init(&d, o->file, NULL, 0);
    McSsaStats ss;
    McOptOptions oo;
    mc_opt_options_default(&oo);
    oo.passes = passes;
    McOptStats os;
    memset(&os, 0, sizeof os);
    McPrepare pp;
    mc_prepare_default(&pp);
    pp.ssa_kind = kind;
    pp.ssa_stats = &ss;
    pp.opt_level = stage == MC_STAGE_OPT;
    pp.opt = &oo;
    pp.opt_stats = &os;
    McFunc *g = mc_pipeline_prepare_with(f, &pp, &d);
    int st = 0;
    if (stage == MC_STAGE_OPT) {
        if (o->stats) {
            for (int32_t i = 0; i < os.n; i++) {
                const McPassStat *s = &os.v[i];
                fprintf(out, "# round %d %-11s %s insts %d -> %d, phis %d -> %d, blocks %d -> %d\n", (int)s->round,
                        s->pass, s->changed ? "changed  " : "unchanged", (int)s->insts[0], (int)s->insts[1],
                        (int)s->phis[0], (int)s->phis[1], (int)s->blocks[0], (int)s->blocks[1]);
            }
        }
    } else if (g && o->stats) {
        if (ss.was_ssa)
            fprintf(out, "# ssa: the input is already in SSA form (unchanged)\n");
        else
            fprintf(out, "# ssa (%s): %d phis placed, %d versioned names, %d unreachable blocks dropped\n",
                    mc_ssa_kind_name(kind), (int)ss.phis, (int)ss.versions, (int)ss.dropped_blocks);
    }
    mc_opt_stats_free(&os);
    if (g) {
        if (o->live)
            mc_show_live_points(g, out);
        else
            mc_func_print(g, out);
        mc_func_free(g);
    } else {
        fflush(out);
        mc_cli_print_diags(o, &d);
        st = 2;
    }
    mc_diags_free(&d);
    return st;
}

/* ---- the register allocator's stages: destroyed, allocated ------------------
 *
 *   minicc print FILE --stage destroyed|allocated [--regs K]
 *                [--allocator baseline|improved] [-O0|-O1] [--stats]
 *
 * show the IR after phi destruction, or the allocated function preceded by
 * one `# NAME -> r0` / `# NAME -> slot1` comment line per value (the text
 * still parses). */

static void print_graph_stats(const McAllocation *a, FILE *out) {
    const McIGraph *g = a->graph;
    const McFunc *f = a->f;
    fprintf(out, "# interference: %d nodes, %lld edges, %d moves\n", (int)g->nnodes, (long long)g->nedges,
            (int)g->nmoves);
    int32_t *row = mc_xmalloc((size_t)(g->nvalues ? g->nvalues : 1) * sizeof *row);
    for (int32_t v = 0; v < g->nvalues; v++) {
        if (!g->node[v]) continue;
        fprintf(out, "#   %s (degree %d):", f->values[v].name, (int)g->degree[v]);
        int32_t n = mc_igraph_neighbours(g, v, row);
        for (int32_t k = 0; k < n; k++) fprintf(out, " %s", f->values[row[k]].name);
        fputc('\n', out);
    }
    free(row);
    fprintf(out, "# colouring order:");
    for (int32_t i = 0; i < a->norder; i++) fprintf(out, " %s", f->values[a->order[i]].name);
    fputc('\n', out);
}

/* The file printed has calls: under calls=interfere every function is
 * allocated as stage alloc allocates a function of a program with calls
 * (McAllocOptions.program: a leaf's parameters and returned value prefer
 * the convention's registers too). calls=save prints each function as
 * before. */
static bool print_program_has_calls;

static int print_one(const McCliOpts *o, const McFunc *f, bool allocated, FILE *out) {
    McDiags d;
    mc_diags_init(&d, o->file, NULL, 0);
    int st = 0;
    McFunc *ssa = mc_pipeline_prepare(f, o->stage.opt_level, &d);
    if (ssa && !allocated && o->stage.allocator == MC_ALLOC_SSA) {
        /* The ssa allocator destroys the phis by its locations, so its
         * destruction depends on K: the allocation's destroyed function. */
        McAllocation *a = mc_allocate(ssa, MC_ALLOC_SSA, o->stage.regs, NULL, &d);
        if (a) {
            const McDestroyed *x = a->destroyed;
            fprintf(out, "# phi destruction by the ssa allocator's locations (K = %d)\n", (int)a->registers);
            if (o->stats)
                fprintf(out, "# phi destruction (ssa): %d edge blocks, %d copies, %d cycle scratch values\n",
                        (int)x->nedge_blocks, (int)x->ncopies, (int)x->nscratch);
            if (o->live)
                mc_show_live_points(x->f, out);
            else
                mc_func_print(x->f, out);
            mc_allocation_free(a);
        } else
            st = 2;
    } else if (ssa && !allocated) {
        McDestroyed *x = mc_destroy_phis_opts(ssa, o->stage.allocator, &o->alloc, &d);
        if (x) {
            if (o->stats)
                fprintf(out, "# phi destruction (%s): %d edge blocks, %d copies, %d cycle scratch values\n",
                        mc_allocator_name(o->stage.allocator), (int)x->nedge_blocks,
                        (int)x->ncopies, (int)x->nscratch);
            if (o->live)
                mc_show_live_points(x->f, out);
            else
                mc_func_print(x->f, out);
            mc_destroyed_free(x);
        } else
            st = 2;
    } else if (ssa) {
        McAllocation *a = NULL;
        /* --target: the target's register file and convention, as stage asm
         * allocates (mc_asm_allocate), its registers by their real names */
        McAllocOptions ao = o->alloc;
        int regs = o->stage.regs;
        const McTargetDesc *td = mc_target_desc(o->stage.target);
        if (td) {
            regs = td->nregs;
            mc_target_alloc_options(o->stage.target, &ao);
        }
        if (ao.calls == MC_CALLS_INTERFERE && print_program_has_calls) ao.program = true;
        if (o->trace_alloc && !mc_shell_print_alloc_trace(out, ssa, o->stage.allocator, regs, &ao, NULL, 0, &d))
            st = 2;
        else
            a = mc_allocate(ssa, o->stage.allocator, regs, &ao, &d);
        if (a && o->why) {
            /* --why X,Y: why they interfere in this allocation's graph, or why not */
            const char *comma = strchr(o->why, ',');
            char x[256];
            snprintf(x, sizeof x, "%.*s", (int)(comma - o->why), o->why);
            int32_t vx = mc_func_find_value(a->destroyed->f, x), vy = mc_func_find_value(a->destroyed->f, comma + 1);
            if (vx == MC_NONE || vy == MC_NONE) {
                mc_cli_error(o, "--why: no value '%s' in %s after phi destruction", vx == MC_NONE ? x : comma + 1,
                             f->name);
                st = 2;
            } else
                mc_show_why(a, &ao, vx, vy, out);
            mc_allocation_free(a);
        } else if (a) {
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

/* print --stage destroyed|allocated: -1 when argv names neither. */
static int print_alloc_stage(int argc, char **argv, bool live, const char *why) {
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
    const McStageName *row = stage ? mc_stage_name_find(stage, MC_NAME_PRINT) : NULL;
    if (!row || row->stage >= 0) return -1; /* destroyed and allocated are print's own */
    bool allocated = row->view < 0;         /* destroyed is also a view; allocated is not */
    /* Drop the --stage word(s); the shared parser knows only pipeline stages. */
    char **rest = mc_xmalloc(((size_t)argc + 1) * sizeof *rest);
    int n = 0, skip = argv[at][7] == '=' ? 1 : 2;
    for (int i = 0; i < argc; i++)
        if (i < at || i >= at + skip) rest[n++] = argv[i];
    rest[n] = NULL;
    if (strcmp(row->name, "selected") == 0) { /* the tiles of a real target (emit_asm.c) */
        if (live || why) {
            free(rest);
            McCliOpts me = {.cmd = argv[0]};
            return mc_cli_error(&me, "%s needs another stage than selected", live ? "--live" : "--why");
        }
        int sst = mc_cli_print_selected(n, rest);
        free(rest);
        return sst;
    }
    McCliOpts o;
    int st = mc_cli_opts_parse(n, rest,
                               MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_REGS | MC_CLI_ALLOCATOR | MC_CLI_STATS |
                                   MC_CLI_ALLOC_OPT | MC_CLI_TRACE_ALLOC | MC_CLI_CONVENTION | MC_CLI_TARGET,
                               &o);
    free(rest);
    if (st) return st;
    o.live = live;
    o.why = why;
    if (why && !allocated)
        st = mc_cli_error(&o, "--why needs --stage allocated");
    else if (why && (!strchr(why, ',') || strchr(why, ',') == why || !strchr(why, ',')[1] ||
                     strchr(strchr(why, ',') + 1, ',')))
        st = mc_cli_error(&o, "--why expects two value names separated by a comma, got '%s'", why);
    else if (!allocated && (o.given & MC_CLI_REGS) && o.stage.allocator != MC_ALLOC_SSA)
        st = mc_cli_error(&o, "--regs needs --stage allocated");
    else if (allocated && live)
        st = mc_cli_error(&o, "--live needs --stage input, ssa, opt or destroyed");
    else if (!allocated && o.trace_alloc)
        st = mc_cli_error(&o, "--trace-alloc needs --stage allocated");
    else if (!allocated && (o.given & MC_CLI_TARGET))
        st = mc_cli_error(&o, "--target needs --stage allocated or selected");
    else if ((o.given & MC_CLI_TARGET) && (o.given & (MC_CLI_REGS | MC_CLI_CONVENTION)))
        st = mc_cli_error(&o, "--target %s fixes the registers (K = %d) and the convention: drop %s",
                          mc_target_name(o.stage.target), (int)mc_target_desc(o.stage.target)->nregs,
                          (o.given & MC_CLI_REGS) ? "--regs" : "--convention");
    if (st) {
        mc_cli_opts_free(&o);
        return st;
    }
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    print_program_has_calls = false;
    for (int32_t i = 0; i < p.mod->nfuncs; i++) print_program_has_calls |= mc_func_find_call(p.mod->funcs[i], NULL, NULL);
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

/* Is arg the option `name`, alone or as `name=VALUE`? */
static bool is_option(const char *arg, const char *name) {
    size_t n = strlen(name);
    return strncmp(arg, name, n) == 0 && (arg[n] == 0 || arg[n] == '=');
}

/* --passes a,b,c: known pass names, none empty, at most 64 (opt.c's limit).
 * Checked before the file is loaded so a typo is an option mistake. */
static int check_passes(const McCliOpts *me, const char *passes) {
    int npass, count = 0;
    const McPass *t = mc_pass_table(&npass);
    for (const char *p = passes;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0)
            return mc_cli_error(me, "--passes expects pass names separated by commas (see --passes help), got '%s'",
                                passes);
        bool known = false;
        for (int i = 0; i < npass && !known; i++) known = strlen(t[i].name) == len && strncmp(t[i].name, p, len) == 0;
        if (!known) {
            McStr names;
            mc_str_init(&names);
            for (int i = 0; i < npass; i++) {
                if (i) mc_str_puts(&names, ", ");
                mc_str_puts(&names, t[i].name);
            }
            int st = mc_cli_error(me, "unknown pass '%.*s' (passes: %s)", (int)len, p, names.s);
            mc_str_free(&names);
            return st;
        }
        if (++count > 64) return mc_cli_error(me, "--passes names more than 64 passes");
        if (!comma) return 0;
        p = comma + 1;
    }
}

/* The words print handles itself, and the rest (argv[0] first, NULL-terminated, with room for one more word). */
typedef struct PrintWords {
    const char *stage_name, *ssa_name, *passes;
    const char *why; /* --why X,Y */
    bool live;       /* --live */
    char **rest;
    int n;
} PrintWords;

/* Takes --stage, --ssa and --passes out of argv into *w; 0 ok, 2 reported (w->rest freed). */
static int print_take_options(const McCliOpts *me, int argc, char **argv, PrintWords *w) {
    w->stage_name = w->ssa_name = w->passes = w->why = NULL;
    w->live = false;
    w->rest = mc_xmalloc(((size_t)argc + 2) * sizeof *w->rest);
    int n = 0;
    bool dashdash = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        const char **slot = NULL, *name = NULL;
        if (i > 0 && !dashdash) {
            if (strcmp(a, "--") == 0) dashdash = true;
            else if (strcmp(a, "--live") == 0) {
                w->live = true;
                continue;
            } else if (is_option(a, "--stage")) slot = &w->stage_name, name = "--stage";
            else if (is_option(a, "--ssa")) slot = &w->ssa_name, name = "--ssa";
            else if (is_option(a, "--passes")) slot = &w->passes, name = "--passes";
            else if (is_option(a, "--why")) slot = &w->why, name = "--why";
        }
        if (!slot) {
            w->rest[n++] = argv[i];
            /* The value of another option is never one of ours (`--func --ssa`). */
            if (i > 0 && !dashdash && i + 1 < argc &&
                (strcmp(a, "--func") == 0 || strcmp(a, "--regs") == 0 || strcmp(a, "--allocator") == 0 ||
                 strcmp(a, "--alloc-opt") == 0))
                w->rest[n++] = argv[++i];
            continue;
        }
        if (a[strlen(name)] == '=') {
            *slot = a + strlen(name) + 1;
        } else if (i + 1 < argc) {
            *slot = argv[++i];
        } else {
            free(w->rest);
            return mc_cli_error(me, "%s needs a value", name);
        }
    }
    w->rest[n] = NULL;
    w->n = n;
    return 0;
}

/* Checks --ssa, --passes and --stage into *kind, *stage and *row (NULL without --stage); 0 ok, 2 reported. */
static int print_check_values(const McCliOpts *me, const PrintWords *w, int *kind, int *stage,
                              const McStageName **row) {
    int st = 0;
    *kind = MC_SSA_PRUNED;
    if (w->ssa_name && (*kind = mc_ssa_kind_lookup(w->ssa_name)) < 0)
        st = mc_cli_error(me, "unknown SSA policy '%s' (minimal, semi or pruned)", w->ssa_name);
    else if (w->passes)
        st = check_passes(me, w->passes);
    *stage = MC_STAGE_INPUT;
    *row = w->stage_name ? mc_stage_name_find(w->stage_name, MC_NAME_PRINT) : NULL;
    bool alloc_stage = *row && (*row)->stage < 0; /* destroyed, allocated */
    if (st == 0 && w->stage_name && !*row) {
        char list[128];
        mc_stage_name_list(MC_NAME_PRINT, ", ", list, sizeof list);
        if (mc_stage_lookup(w->stage_name) < 0)
            st = mc_cli_error(me, "unknown stage '%s' (stages: %s)", w->stage_name, list);
        else
            st = mc_cli_error(me, "print has no stage '%s' (stages: %s)", w->stage_name, list);
    } else if (*row && !alloc_stage) {
        *stage = (*row)->stage;
    }
    return st;
}

/* The register allocator's stages (destroyed, allocated): hands the words on to print_alloc_stage. */
static int print_alloc_dispatch(const McCliOpts *me, PrintWords *w) {
    int st = 0;
    if (w->ssa_name) st = mc_cli_error(me, "--ssa needs --stage ssa or opt");
    else if (w->passes) st = mc_cli_error(me, "--passes needs --stage opt");
    if (st == 0) {
        char word[32];
        snprintf(word, sizeof word, "--stage=%s", w->stage_name);
        memmove(w->rest + 2, w->rest + 1, (size_t)w->n * sizeof *w->rest); /* n - 1 words and the NULL */
        w->rest[1] = word;
        st = print_alloc_stage(w->n + 1, w->rest, w->live, w->why);
        MC_ASSERT(st >= 0);
    }
    return st;
}

/* Checks the parsed options against --passes and --ssa and settles the stage to print; 0 ok, 2 reported. */
static int print_settle_stage(McCliOpts *o, const PrintWords *w) {
    if (w->why) return mc_cli_error(o, "--why needs --stage allocated");
    if (o->given & MC_CLI_REGS) return mc_cli_error(o, "--regs needs --stage allocated");
    if (o->given & MC_CLI_ALLOCATOR) return mc_cli_error(o, "--allocator needs --stage destroyed or allocated");
    if (o->given & MC_CLI_ALLOC_OPT) return mc_cli_error(o, "--alloc-opt needs --stage destroyed or allocated");
    if (o->given & MC_CLI_TRACE_ALLOC) return mc_cli_error(o, "--trace-alloc needs --stage allocated");
    if (o->given & MC_CLI_TARGET) return mc_cli_error(o, "--target needs --stage allocated or selected");
    if (w->passes) {
        if (!(o->given & MC_CLI_STAGE)) o->stage.stage = MC_STAGE_OPT;
        if (o->stage.stage != MC_STAGE_OPT) return mc_cli_error(o, "--passes needs --stage opt");
        if ((o->given & MC_CLI_OPT) && o->stage.opt_level == 0)
            return mc_cli_error(o, "--passes and -O0 contradict each other (-O0 runs no optimizer pass)");
    }
    if (w->ssa_name) {
        /* Like --passes: --ssa alone means "show the SSA", never ignored. */
        if (!(o->given & MC_CLI_STAGE)) o->stage.stage = MC_STAGE_SSA;
        if (o->stage.stage == MC_STAGE_INPUT) return mc_cli_error(o, "--ssa needs --stage ssa or opt");
    }
    if ((o->given & MC_CLI_OPT) && o->stage.opt_level == 0 && o->stage.stage == MC_STAGE_OPT)
        o->stage.stage = MC_STAGE_SSA;
    return 0;
}

/* Loads the file and prints --func's function, or every function of the file; returns an exit status. */
static int print_program_funcs(const McCliOpts *o, McSsaKind kind, const char *passes) {
    McCliProgram p;
    int st;
    if ((st = mc_cli_load(o, &p))) return st;
    if (o->func) {
        st = print_func(o, p.func, kind, passes, stdout);
    } else {
        for (int32_t i = 0; i < p.mod->nfuncs && st == 0; i++) {
            if (i > 0) fputc('\n', stdout);
            st = print_func(o, p.mod->funcs[i], kind, passes, stdout);
        }
    }
    fflush(stdout);
    mc_cli_program_free(&p);
    return st;
}

int mc_cli_print(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts me = {.cmd = argc > 0 ? argv[0] : "print"}; /* for messages before the shared parser runs */
    /* --stage (print has stages of its own: destroyed, allocated), --ssa and
     * --passes are handled here; the shared parser gets the other words. */
    PrintWords w;
    int st = print_take_options(&me, argc, argv, &w);
    if (st) return st;
    if (w.passes && strcmp(w.passes, "help") == 0) {
        list_passes();
        free(w.rest);
        return 0;
    }
    int kind, stage;
    const McStageName *row;
    st = print_check_values(&me, &w, &kind, &stage, &row);
    if (st == 0 && row && row->stage < 0) { /* destroyed, allocated */
        st = print_alloc_dispatch(&me, &w);
        free(w.rest);
        return st;
    }
    if (st) {
        free(w.rest);
        return st;
    }
    McCliOpts o;
    st = mc_cli_opts_parse(w.n, w.rest,
                           MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_STATS | MC_CLI_REGS | MC_CLI_ALLOCATOR |
                               MC_CLI_ALLOC_OPT | MC_CLI_TRACE_ALLOC | MC_CLI_CONVENTION | MC_CLI_TARGET,
                           &o);
    free(w.rest);
    if (st) return st;
    o.stage.stage = (McStage)stage;
    o.live = w.live;
    if (w.stage_name) o.given |= MC_CLI_STAGE;
    if ((st = print_settle_stage(&o, &w)) == 0) st = print_program_funcs(&o, (McSsaKind)kind, w.passes);
    mc_cli_opts_free(&o);
    return st;
}
