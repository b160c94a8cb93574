/* commands.c - the command table of the minicc> prompt and its handlers.
 *
 * Help is data: each row carries its usage, summary and detail text, so
 * `help`, the man page and completion all read the same table. Handlers
 * check their arguments before touching the session, report through
 * mc_session_error, and leave the session unchanged on failure. */
#include "shell/commands.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/cfg.h"
#include "minicc/check.h"
#include "minicc/limits.h"
#include "minicc/cgen.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "shell/outfile.h"
#include "shell/show.h"
#include "shell/sweep.h"

typedef McCmdStatus Status;
#define OK MC_CMD_OK
#define ERR MC_CMD_ERROR

/* ---- argument helpers ------------------------------------------------------- */

/* A count argument in [lo, hi]; names the command and the bad word. */
static bool parse_count(McSession *s, FILE *err, const char *cmd, const char *word, int64_t lo, int64_t hi,
                        int64_t *out) {
    const char *p = word;
    bool digits = *p != 0;
    if (*p == '-' || *p == '+') p++;
    if (!*p) digits = false;
    for (; *p; p++)
        if (!isdigit((unsigned char)*p)) digits = false;
    if (!digits) {
        mc_session_error(s, err, "%s: '%s' is not a number", cmd, word);
        return false;
    }
    errno = 0;
    long long v = strtoll(word, NULL, 10);
    if (errno == ERANGE || v < lo || v > hi) {
        mc_session_error(s, err, "%s: %s is out of range (%lld..%lld)", cmd, word, (long long)lo, (long long)hi);
        return false;
    }
    *out = v;
    return true;
}

static bool too_many(McSession *s, FILE *err, int argc, char **argv, int max) {
    if (argc - 1 <= max) return false;
    mc_session_error(s, err, "%s: unexpected argument '%s' (see: help %s)", argv[0], argv[max + 1], argv[0]);
    return true;
}


static const char *form_name(McForm f) {
    return f == MC_FORM_SSA ? "SSA form" : f == MC_FORM_MUTABLE ? "mutable form" : "unverified";
}

static void func_summary(const McFunc *f, FILE *out) {
    McStr s;
    mc_str_init(&s);
    mc_signature_str(f, &s);
    fprintf(out, "%s: %s, %d block%s\n", s.s + 5, form_name(f->form), f->nblocks, f->nblocks == 1 ? "" : "s");
    mc_str_free(&s);
}

/* The function start/step/list/cfg work on: the running one, else the exec view. */
static const McFunc *exec_func(McSession *s, FILE *err) {
    if (s->interp) return s->interp_func;
    return mc_session_view(s, s->exec, err);
}

static const McFunc *view_arg(McSession *s, int argc, char **argv, FILE *err) {
    if (argc < 2) return exec_func(s, err);
    int v = mc_view_lookup(argv[1]);
    if (v < 0) {
        char list[64];
        mc_session_error(s, err, "%s: unknown form '%s' (%s)", argv[0], argv[1],
                         mc_stage_name_list(MC_NAME_VIEW, ", ", list, sizeof list));
        return NULL;
    }
    return mc_session_view(s, (McView)v, err);
}

/* Report engine diagnostics as `CMD: MESSAGE` errors. */
static void print_diags_err_cmd(McSession *s, const McDiags *d, FILE *err, const char *cmd) {
    char buf[1024];
    for (int i = 0; i < d->n; i++) {
        const char *line = mc_diag_line(d, i, buf, sizeof buf);
        if (strncmp(line, "error: ", 7) == 0) line += 7;
        mc_session_error(s, err, "%s: %s", cmd, line);
    }
    if (d->n == 0) mc_session_error(s, err, "%s failed", cmd);
}

/* ---- session ------------------------------------------------------------------- */

static Status cmd_load(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) {
        if (!s->module) return mc_session_error(s, err, "load: missing FILE (usage: load FILE)"), ERR;
        fprintf(out, "%s\n", s->path);
        return OK;
    }
    if (too_many(s, err, argc, argv, 1)) return ERR;
    if (!mc_session_load(s, argv[1], err)) return ERR;
    if (s->quiet_load) return OK;
    fprintf(out, "loaded %s: %d function%s\n", s->path, s->module->nfuncs, s->module->nfuncs == 1 ? "" : "s");
    if (s->input) func_summary(s->input, out);
    return OK;
}

static Status cmd_func(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    if (!s->module) return mc_session_need_func(s, err), ERR;
    if (argc < 2) {
        for (int32_t i = 0; i < s->module->nfuncs; i++) {
            fputs(s->module->funcs[i] == s->input ? "* " : "  ", out);
            func_summary(s->module->funcs[i], out);
        }
        return OK;
    }
    bool had = s->have_args && s->input->nparams > 0;
    if (!mc_session_select(s, argv[1], err)) return ERR;
    func_summary(s->input, out);
    if (had && !s->have_args) fputs("args: (not set: the old arguments do not fit these parameters)\n", out);
    return OK;
}

static Status cmd_args(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (!mc_session_need_func(s, err)) return ERR;
    if (argc >= 2 && !mc_session_set_args(s, argc - 1, argv + 1, err)) return ERR;
    if (s->input->nparams == 0) {
        fprintf(out, "args: (%s takes no arguments)\n", s->input->name);
    } else if (!s->have_args) {
        fputs("args: (not set)\n", out);
    } else {
        fputs("args: ", out);
        mc_args_format(&s->args, out);
        fputc('\n', out);
    }
    return OK;
}

static Status cmd_reset(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
    mc_session_stop(s);
    mc_session_drop_views(s, MC_VIEW_SSA);
    s->exec = MC_VIEW_INPUT;
    fputs("reset: execution stopped, pipeline products dropped\n", out);
    return OK;
}

bool mc_session_nest_check(McSession *s, FILE *err) {
    if (s->source_depth < MC_MAX_NESTING) return true;
    /* Stop every enclosing script and lesson too: a script that sources
     * itself twice would otherwise run 2^16 times. */
    s->nest_abort = true;
    return mc_session_error(s, err, "%s: nested too deeply (more than %d)", s->cmd, MC_MAX_NESTING);
}

static Status cmd_source(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "source: missing FILE (usage: source FILE)"), ERR;
    if (too_many(s, err, argc, argv, 1)) return ERR;
    if (!mc_session_nest_check(s, err)) return ERR;
    char why[256];
    FILE *in = mc_open_input(argv[1], why, sizeof why); /* a regular file only (util.h) */
    if (!in) return mc_session_error(s, err, "source: cannot open '%s': %s", argv[1], why), ERR;
    char *name = mc_xstrdup(argv[1]);
    const char *wf = s->where_file;
    int wl = s->where_line;
    s->source_depth++;
    bool quit = false;
    int failed = mc_command_script(s, in, name, false, out, err, &quit);
    s->source_depth--;
    s->where_file = wf;
    s->where_line = wl;
    fclose(in);
    free(name);
    if (quit) return MC_CMD_QUIT;
    return failed ? ERR : OK;
}

static const char *const groups[] = {"session", "showing", "pipeline", "execution", "pictures"};

static Status cmd_help(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    int n;
    const McCommand *t = mc_commands(&n);
    if (too_many(s, err, argc, argv, 1)) return ERR;
    if (argc >= 2) {
        char why[256];
        const McCommand *c = mc_command_find(argv[1], why, sizeof why);
        if (!c) return mc_session_error(s, err, "help: %s", why), ERR;
        fprintf(out, "usage: %s\n%s\n", c->usage, c->summary);
        if (c->aliases[0]) fprintf(out, "aliases: %s\n", c->aliases);
        if (c->detail[0]) fprintf(out, "\n%s", c->detail);
        return OK;
    }
    for (size_t g = 0; g < sizeof groups / sizeof groups[0]; g++) {
        fprintf(out, "%c%s:\n", toupper((unsigned char)groups[g][0]), groups[g] + 1);
        for (int i = 0; i < n; i++)
            if (strcmp(t[i].group, groups[g]) == 0) fprintf(out, "  %-34s %s\n", t[i].usage, t[i].summary);
    }
    fputs("Commands may be shortened to a unique prefix; `help COMMAND` tells more.\n", out);
    return OK;
}

static Status cmd_quit(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    (void)out;
    if (too_many(s, err, argc, argv, 0)) return ERR;
    return MC_CMD_QUIT;
}

/* ---- showing ------------------------------------------------------------------------- */

static Status cmd_list(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = exec_func(s, err);
    if (!f) return ERR;
    int32_t only = MC_NONE;
    if (argc >= 2) {
        only = mc_func_find_block(f, argv[1]);
        if (only == MC_NONE) return mc_session_error(s, err, "list: no block '%s' in %s", argv[1], f->name), ERR;
    }
    int32_t pb = MC_NONE, pc = -1;
    bool finished = s->interp && mc_interp_finished(s->interp, NULL);
    if (s->interp && !finished) {
        pb = mc_interp_block(s->interp);
        pc = mc_interp_pc(s->interp);
        if (pb == MC_NONE) pb = 0; /* before the start: about to enter the entry */
    }
    bool *bp = mc_session_break_array(s, f);
    uint8_t *const *copies = s->exec == MC_VIEW_DESTROYED && s->destroyed && f == s->destroyed->f
                                 ? (uint8_t *const *)s->destroyed->phi_copy
                                 : NULL;
    mc_show_listing(f, only, pb, pc, bp, copies, out);
    free(bp);
    if (finished && f == s->interp_func) mc_show_position(f, s->interp, out);
    return OK;
}

static void print_func(const McFunc *f, FILE *out) { mc_func_print(f, out); }

static Status cmd_show(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    if (argc < 2) {
        const McFunc *f = exec_func(s, err);
        if (!f) return ERR;
        print_func(f, out);
        return OK;
    }
    const char *w = argv[1];
    int v = mc_view_lookup(w);
    if (v >= 0) {
        const McFunc *f = mc_session_view(s, (McView)v, err);
        if (!f) return ERR;
        if (v == MC_VIEW_SSA) fprintf(out, "# ssa (%s)\n", mc_ssa_kind_name((McSsaKind)s->ssa_kind));
        else if (v == MC_VIEW_OPT) fprintf(out, "# opt (%s)\n", s->opt_note);
        else if (v == MC_VIEW_DESTROYED) fprintf(out, "# destroyed (%s)\n", mc_allocator_name(s->destroy_mode));
        print_func(f, out);
        return OK;
    }
    if (strcmp(w, "allocated") == 0 || strcmp(w, "alloc") == 0) {
        const McAllocation *a = mc_session_allocation(s, err);
        if (!a) return ERR;
        fprintf(out, "# allocated (%s, K = %d)\n", mc_allocator_name(a->allocator), a->registers);
        mc_allocation_print(a, out);
        return OK;
    }
    if (strcmp(w, "c") == 0) {
        const McFunc *f = mc_session_pipeline_ssa(s, err);
        if (!f) return ERR;
        char *c = mc_cgen_render(f);
        fputs(c, out);
        free(c);
        return OK;
    }
    return mc_session_error(s, err, "show: unknown form '%s' (input, ssa, opt, destroyed, allocated, c)", w), ERR;
}

static Status cmd_cfg(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = view_arg(s, argc, argv, err);
    if (!f) return ERR;
    McCfg *c = mc_cfg_build(f);
    mc_show_cfg(f, c, out);
    mc_cfg_free(c);
    return OK;
}

static Status cmd_dom(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = view_arg(s, argc, argv, err);
    if (!f) return ERR;
    McCfg *c = mc_cfg_build(f);
    mc_show_dom(f, c, out);
    mc_cfg_free(c);
    return OK;
}

static Status cmd_live(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    const McFunc *f = view_arg(s, argc, argv, err);
    if (!f) return ERR;
    McCfg *c = mc_cfg_build(f);
    McLiveness *l = mc_liveness(f, c);
    mc_show_live(f, l, out);
    mc_liveness_free(l);
    mc_cfg_free(c);
    return OK;
}

static Status cmd_passes(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
    int n;
    const McPass *p = mc_pass_table(&n);
    for (int i = 0; i < n; i++) {
        fprintf(out, "  %-12s %s\n", p[i].name, p[i].help);
        fprintf(out, "  %-12s requires: %s; invalidates: %s\n", "", p[i].requires, p[i].invalidates);
    }
    fputs("-O1 runs them in this order until nothing changes; `opt PASS...` runs the ones named, once.\n", out);
    if (s->opt && s->opt_stats.n > 0) {
        fprintf(out, "last opt (%s):\n", s->opt_note);
        fprintf(out, "  %-5s %-12s %-7s %-13s %-11s %s\n", "round", "pass", "changed", "instructions", "phis",
                "blocks");
        for (int32_t i = 0; i < s->opt_stats.n; i++) {
            const McPassStat *st = &s->opt_stats.v[i];
            char a[32], b[32], c[32];
            snprintf(a, sizeof a, "%d -> %d", st->insts[0], st->insts[1]);
            snprintf(b, sizeof b, "%d -> %d", st->phis[0], st->phis[1]);
            snprintf(c, sizeof c, "%d -> %d", st->blocks[0], st->blocks[1]);
            fprintf(out, "  %-5d %-12s %-7s %-13s %-11s %s\n", st->round, st->pass, st->changed ? "yes" : "no", a, b,
                    c);
        }
    }
    return OK;
}

/* ---- pipeline ---------------------------------------------------------------------- */

static Status cmd_ssa(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
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

static Status cmd_destroy(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    int mode = s->destroy_mode;
    if (argc >= 2 && (mode = mc_allocator_lookup(argv[1])) < 0)
        return mc_session_error(s, err, "destroy: unknown mode '%s' (baseline, improved)", argv[1]), ERR;
    if (!mc_session_build_destroyed(s, (McAllocator)mode, err)) return ERR;
    const McDestroyed *x = s->destroyed;
    fprintf(out, "destroy (%s, from %s): %d edge block%s, %d cop%s", mc_allocator_name((McAllocator)mode),
            s->opt ? "opt" : "ssa", x->nedge_blocks, x->nedge_blocks == 1 ? "" : "s", x->ncopies,
            x->ncopies == 1 ? "y" : "ies");
    if (x->nscratch) fprintf(out, ", %d scratch value%s for copy cycles", x->nscratch, x->nscratch == 1 ? "" : "s");
    fputc('\n', out);
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
    fputc('\n', out);
}

#define MAX_REGS MC_MAX_REGS /* minicc/limits.h: the same bound as --regs */

static Status cmd_alloc(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 2)) return ERR;
    int64_t k = s->regs;
    int which = s->allocator;
    if (argc >= 2 && !parse_count(s, err, "alloc", argv[1], 1, MAX_REGS, &k)) return ERR;
    if (argc >= 3 && (which = mc_allocator_lookup(argv[2])) < 0)
        return mc_session_error(s, err, "alloc: unknown allocator '%s' (baseline, improved)", argv[2]), ERR;
    if (!mc_session_build_alloc(s, (int)k, (McAllocator)which, err)) return ERR;
    alloc_summary(s->alloc, out);
    return OK;
}

static Status cmd_interference(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    mc_show_interference(a, out);
    return OK;
}

static Status cmd_regs(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    fprintf(out, "# %s allocator, K = %d\n", mc_allocator_name(a->allocator), a->registers);
    mc_show_regs(a, out);
    return OK;
}

/* The same table as `minicc sweep` (mc_sweep_table). */
static Status cmd_sweep(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 2)) return ERR;
    int ks[MC_SWEEP_MAX_BUDGETS], nk = 0;
    McAllocator allocs[2] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
    int nallocs = 2;
    const char *list = argc >= 2 ? argv[1] : "8";
    int64_t max;
    if (strspn(list, "0123456789+-") == strlen(list)) {
        /* sweep MAX: K = 1..MAX */
        if (!parse_count(s, err, "sweep", list, 1, MC_SWEEP_MAX_BUDGETS, &max)) return ERR;
        for (int k = 1; k <= max; k++) ks[nk++] = k;
    } else if (!mc_sweep_parse_budgets(list, ks, &nk)) {
        return mc_session_error(s, err, "sweep: expected MAX, A..B or a,b,c (budgets 1..%d, at most %d of them), got '%s'",
                                MC_MAX_REGS, MC_SWEEP_MAX_BUDGETS, list),
               ERR;
    }
    if (argc >= 3) {
        int which = mc_allocator_lookup(argv[2]);
        if (which < 0)
            return mc_session_error(s, err, "sweep: unknown allocator '%s' (baseline, improved)", argv[2]), ERR;
        allocs[0] = (McAllocator)which;
        nallocs = 1;
    }
    if (!mc_session_need_args(s, err)) return ERR;
    const McFunc *ssa = mc_session_pipeline_ssa(s, err);
    if (!ssa) return ERR;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    int diverged = mc_sweep_table_intr(out, s->input, ssa, s->opt ? "from opt" : "from ssa", &s->args,
                                           s->max_steps, ks, nk, allocs, nallocs, s->interrupt, &d);
    if (diverged < 0) print_diags_err_cmd(s, &d, err, "sweep");
    mc_diags_free(&d);
    return diverged < 0 ? ERR : OK;
}

static Status cmd_emit(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
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

/* ---- execution ------------------------------------------------------------------------- */

static void print_outcome(McSession *s, FILE *out) {
    McOutcome o;
    if (!s->interp || !mc_interp_finished(s->interp, &o)) return;
    mc_outcome_print(s->interp_func, &o, mc_interp_args(s->interp), out);
}

static Status cmd_start(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
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
    if (too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_start(s, err)) return ERR;
    bool at_break;
    s->stop_at_entry = true; /* `break entry; run` stops before the first block */
    if (!mc_session_continue(s, &at_break, err)) return report_interrupt(s, out);
    return report_stop(s, at_break, out);
}

static Status cmd_continue(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
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

static Status do_step(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    int64_t n = 1;
    if (argc >= 2 && !parse_count(s, err, argv[0], argv[1], 1, MAX_STEP_COUNT, &n)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (s->interp && mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        fputs("(use start to run it again, or back to step backwards)\n", out);
        return OK;
    }
    int64_t before = s->interp ? mc_interp_steps(s->interp) : 0;
    if (!mc_session_step(s, n, by_inst, err)) return report_interrupt(s, out);
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
    return OK;
}

static Status cmd_step(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_step(s, argc, argv, out, err, false);
}

static Status cmd_stepi(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    return do_step(s, argc, argv, out, err, true);
}

static Status cmd_back(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 1)) return ERR;
    int64_t n = 1;
    if (argc >= 2 && !parse_count(s, err, "back", argv[1], 1, MAX_STEP_COUNT, &n)) return ERR;
    if (!mc_session_back(s, n, err)) return ERR;
    mc_show_position(s->interp_func, s->interp, out);
    return OK;
}

static Status cmd_where(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (too_many(s, err, argc, argv, 0)) return ERR;
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
        bool had = mc_session_has_break(s, argv[i]);
        if (!mc_session_break_add(s, argv[i], err)) return ERR;
        fprintf(out, had ? "breakpoint at %s already set\n" : "breakpoint at %s\n", argv[i]);
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
    if (too_many(s, err, argc, argv, 0)) return ERR;
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
    if (too_many(s, err, argc, argv, 2)) return ERR;
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
        if (!parse_count(s, err, "set max-steps", v, 1, MC_MAX_STEPS, &n)) return ERR;
        s->max_steps = n;
        fprintf(out, "max-steps %lld\n", (long long)n);
    } else if (strcmp(k, "regs") == 0) {
        int64_t n;
        if (!parse_count(s, err, "set regs", v, 1, MAX_REGS, &n)) return ERR;
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
    if (too_many(s, err, argc, argv, 0)) return ERR;
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
    if (too_many(s, err, argc, argv, 0)) return ERR;
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
    if (too_many(s, err, argc, argv, 0)) return ERR;
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

/* ---- pictures ----------------------------------------------------------------------------- */

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Run Graphviz's `dot -Tfmt` with standard input and output on the given
 * files: no file name is ever on its command line, so a name such as
 * `-O.png` cannot become an option. 0 ok, 127 when dot is missing, else
 * dot's status. */
static int run_dot(const char *fmt, FILE *in, FILE *picture) {
    char t[16];
    snprintf(t, sizeof t, "-T%s", fmt);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        if (dup2(fileno(in), STDIN_FILENO) < 0 || dup2(fileno(picture), STDOUT_FILENO) < 0) _exit(126);
        execlp("dot", "dot", t, (char *)NULL);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_dot(const char *what, const McFunc *f, const McAllocation *a, FILE *fp) {
    if (a) {
        mc_dot_interference(a, fp);
    } else if (strcmp(what, "cfg") == 0) {
        mc_dot_cfg(f, fp);
    } else {
        McCfg *c = mc_cfg_build(f);
        mc_dot_dom(f, c, fp);
        mc_cfg_free(c);
    }
}

/* Copy the rest of `from` into the open output. */
static bool copy_stream(FILE *from, FILE *to) {
    char buf[8192];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, from)) > 0)
        if (fwrite(buf, 1, n, to) != n) return false;
    return !ferror(from);
}

static Status cmd_dot(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 2) return mc_session_error(s, err, "dot: missing picture (usage: dot cfg|interference|dom [FILE])"), ERR;
    if (too_many(s, err, argc, argv, 2)) return ERR;
    const char *what = argv[1];
    const McFunc *f = NULL;
    const McAllocation *a = NULL;
    if (strcmp(what, "cfg") == 0 || strcmp(what, "dom") == 0) {
        if (!(f = exec_func(s, err))) return ERR;
    } else if (strcmp(what, "interference") == 0) {
        if (!(a = mc_session_allocation(s, err))) return ERR;
    } else {
        return mc_session_error(s, err, "dot: unknown picture '%s' (cfg, interference, dom)", what), ERR;
    }
    const char *file = argc >= 3 ? argv[2] : NULL;
    if (!file) {
        write_dot(what, f, a, out);
        return OK;
    }
    const char *fmt = NULL;
    if (!ends_with(file, ".dot") && !ends_with(file, ".gv")) {
        /* A picture: the extension names Graphviz's output format. */
        static const char *const formats[] = {"png", "svg", "pdf", "jpg", "jpeg", "gif", "bmp", "ps", "eps",
                                              "tif", "tiff", "webp", "ico", "json", "xdot", "plain", "fig",
                                              "imap", "cmapx", "vml", "svgz"};
        const char *dot = strrchr(file, '.');
        const char *slash = strrchr(file, '/');
        if (dot && (!slash || dot > slash))
            for (size_t i = 0; i < sizeof formats / sizeof formats[0]; i++)
                if (strcmp(dot + 1, formats[i]) == 0) fmt = formats[i];
        if (!fmt)
            return mc_session_error(s, err,
                                    "dot: cannot tell the picture format of '%s': name it .dot or .gv for DOT "
                                    "text, or .png, .svg, .pdf, .jpg, .gif, ... for a picture",
                                    file), ERR;
    }
    McOutFile o; /* in a lesson: only inside the lesson's directory for files */
    if (!fmt) {
        if (!mc_outfile_open(s, file, &o, out, err)) return ERR;
        write_dot(what, f, a, o.fp);
        if (!mc_outfile_commit(s, &o, err)) return ERR;
        fprintf(out, "wrote %s\n", file);
        return OK;
    }
    /* Graphviz reads the DOT text from one anonymous temporary file and
     * draws into another; FILE is written only when it succeeded. */
    FILE *text = tmpfile(), *picture = tmpfile();
    if (!text || !picture) {
        if (text) fclose(text);
        if (picture) fclose(picture);
        return mc_session_error(s, err, "dot: cannot create a temporary file: %s", strerror(errno)), ERR;
    }
    write_dot(what, f, a, text);
    bool written = fflush(text) == 0 && !ferror(text);
    rewind(text);
    fflush(out);
    int st = written ? run_dot(fmt, text, picture) : -1;
    fclose(text);
    Status r = OK;
    if (!written) {
        r = ERR, mc_session_error(s, err, "dot: cannot write a temporary file");
    } else if (st == 127) {
        r = ERR, mc_session_error(s, err,
                                  "dot: Graphviz's `dot` is not installed, so %s cannot be drawn (install it with "
                                  "`apt-get install graphviz`, or write the DOT text with `dot %s %s.dot`)",
                                  file, what, what);
    } else if (st != 0) {
        r = ERR, mc_session_error(s, err, "dot: Graphviz failed to draw %s (status %d)", file, st);
    } else if (!mc_outfile_open(s, file, &o, out, err)) {
        r = ERR;
    } else {
        rewind(picture);
        if (!copy_stream(picture, o.fp)) {
            mc_outfile_abort(&o);
            r = ERR, mc_session_error(s, err, "dot: cannot write '%s': %s", file, strerror(errno ? errno : EIO));
        } else if (!mc_outfile_commit(s, &o, err)) {
            r = ERR;
        }
    }
    fclose(picture);
    if (r == OK) fprintf(out, "wrote %s\n", file);
    return r;
}

/* ---- the table ---------------------------------------------------------------------------- */

static const McCommand table[] = {
    /* session */
    {"load", "", "session", "load FILE", "load an IR file (the old one stays if this one has errors)",
     "Parses and verifies every function of FILE. The function of the same name\n"
     "stays selected (else the first one); its arguments and breakpoints are kept\n"
     "when they still fit. A file with errors is reported with line:column and a\n"
     "caret, and the previously loaded module stays. Without FILE, prints the\n"
     "current file name.\n",
     "file", cmd_load},
    {"func", "", "session", "func [NAME]", "select a function of the loaded file, or list them",
     "Without NAME lists the functions of the loaded file (* marks the current\n"
     "one) with their form and size.\n",
     "func", cmd_func},
    {"args", "", "session", "args [ARG...]", "set the arguments: integers, buffers as [1,2,3]",
     "One argument per parameter, in order: an integer for an i32 parameter, a\n"
     "bracketed list such as [3, -1, 4] (or []) for a buf parameter. Bad\n"
     "arguments are reported and the old ones are kept. Without ARG, prints them.\n",
     "-", cmd_args},
    {"reset", "", "session", "reset", "stop execution and drop the pipeline products",
     "The loaded module, the function, the arguments and the breakpoints stay;\n"
     "the interpreter and ssa/opt/destroyed/allocation are dropped and the\n"
     "stage goes back to input.\n",
     "", cmd_reset},
    {"source", "", "session", "source FILE", "run the commands of a script file",
     "Runs FILE line by line as if typed; `#` comments and blank lines are\n"
     "ignored; errors are reported as FILE:LINE: error: ... and the script goes\n"
     "on with its next line. Scripts and lessons nest at most 16 deep (counted\n"
     "together); deeper, the command fails with `nested too deeply` and every\n"
     "enclosing script and lesson stops.\n",
     "file", cmd_source},
    {"help", "h ?", "session", "help [COMMAND]", "list the commands, or explain one", "", "command", cmd_help},
    {"quit", "q exit", "session", "quit", "leave minicc (also Ctrl-D)", "", "", cmd_quit},
    /* showing */
    {"list", "l", "showing", "list [BLOCK]", "list the function being executed, with the position",
     "Lists the function start/step use (see `set stage`), or one BLOCK.\n"
     "Gutter: => the next thing to execute, * a breakpoint, + a copy inserted by\n"
     "phi destruction.\n",
     "block", cmd_list},
    {"show", "", "showing", "show [WHAT]", "print input, ssa, opt, destroyed, allocated or c",
     "Prints the function in the IR text format (it can be loaded back), building\n"
     "the stage with default options when it was not built yet: ssa = pruned SSA,\n"
     "opt = the -O1 pipeline, destroyed = improved phi destruction, allocated =\n"
     "the allocation with `# NAME -> rN` comments, c = the C backend's code.\n",
     "input|ssa|opt|destroyed|allocated|c", cmd_show},
    {"cfg", "", "showing", "cfg [FORM]", "predecessors, successors, loop depth, reverse postorder",
     "FORM is input, ssa, opt or destroyed (default: the stage being executed).\n", "input|ssa|opt|destroyed",
     cmd_cfg},
    {"dom", "", "showing", "dom [FORM]", "immediate dominators, dominance frontiers, dominator tree", "",
     "input|ssa|opt|destroyed", cmd_dom},
    {"live", "", "showing", "live [FORM]", "live-in and live-out values of every block",
     "A phi's operand is live out of the predecessor it comes from; a phi's\n"
     "destination is defined at the top of its block.\n",
     "input|ssa|opt|destroyed", cmd_live},
    {"passes", "", "showing", "passes", "the optimizer's passes, and what the last opt did", "", "", cmd_passes},
    /* pipeline */
    {"ssa", "", "pipeline", "ssa [minimal|semi|pruned]", "build SSA form (default pruned)",
     "Places phis at iterated dominance frontiers (minimal: for every variable;\n"
     "semi: for names live across blocks; pruned: only where live) and renames.\n"
     "Drops opt, destroyed and the allocation built from the old SSA.\n",
     "minimal|semi|pruned", cmd_ssa},
    {"opt", "", "pipeline", "opt [PASS...]", "optimize the SSA (-O1, or the passes named, once each)",
     "Without PASS runs the -O1 pipeline to a fixed point; with PASS names runs\n"
     "those passes once each, in order (see `passes`). Works on a copy of the SSA.\n",
     "pass...", cmd_opt},
    {"destroy", "", "pipeline", "destroy [baseline|improved]", "replace phis by copies on edges",
     "baseline: the chapter's edge blocks $edgeN, every source saved first;\n"
     "improved: splits only critical edges and sequentializes parallel copies.\n"
     "Starts from opt when it was built, else from ssa. `list` after\n"
     "`set stage destroyed` marks the inserted copies with +.\n",
     "baseline|improved", cmd_destroy},
    {"alloc", "", "pipeline", "alloc K [baseline|improved]", "allocate registers with K registers",
     "Phi destruction, interference graph and colouring with K registers (default\n"
     "4) and the chosen allocator (default improved). See interference, regs,\n"
     "machine.\n",
     "- baseline|improved", cmd_alloc},
    {"interference", "ig", "pipeline", "interference", "the interference graph: adjacency, degrees, colouring order",
     "Adjacency list with each value's degree and location, the adjacency matrix\n"
     "for small graphs, and the order in which values got their location. A graph\n"
     "of more than 20000 edges is summarised (its first 100 nodes, no neighbours).\n"
     "Allocation refuses a graph over $MINICC_MAX_INTERFERENCES interferences\n"
     "(default 150000000) with an error.\n",
     "", cmd_interference},
    {"regs", "", "pipeline", "regs", "where each value lives: register or spill slot", "", "", cmd_regs},
    {"sweep", "", "pipeline", "sweep [LIST] [baseline|improved]", "the register-budget table of minicc sweep",
     "For K = 1..N when LIST is a number N (default 8, at most 1024), or the\n"
     "budgets of LIST (A..B or a,b,c, as `minicc sweep --regs`), and\n"
     "both allocators (or the one named) allocates the SSA function (opt when\n"
     "built), runs the allocated machine on fresh copies of the arguments and\n"
     "prints the table of `minicc sweep`: slots, spill reads and writes, their\n"
     "sum (traffic), instructions, phi copies executed, and whether the outcome\n"
     "agrees with stage input (the input function interpreted).\n"
     "Ctrl-C stops it between allocations or in a run: the rows so far stay,\n"
     "then `sweep: interrupted`.\n",
     "- baseline|improved", cmd_sweep},
    {"emit", "", "pipeline", "emit [FILE]", "the C backend's code (to FILE or the screen)",
     "Writes the C of the SSA function (opt when built). In a lesson, FILE must\n"
     "be a relative name inside the lesson's directory for files (see: help\n"
     "lesson).\n",
     "file", cmd_emit},
    /* execution */
    {"run", "r", "execution", "run", "run from the start to the end or a breakpoint",
     "Starts afresh (like start) and runs until the function returns or traps,\n"
     "or until it is about to enter a block with a breakpoint. A breakpoint on\n"
     "the entry block stops before anything runs, as gdb does.\n"
     "Ctrl-C stops it between two blocks: `run: interrupted` and the position,\n"
     "from which step and continue go on.\n",
     "", cmd_run},
    {"start", "", "execution", "start", "start the interpreter before the entry block",
     "Executes the function of the current stage (set stage) with the arguments.\n", "", cmd_start},
    {"step", "s", "execution", "step [N]", "execute N whole blocks, showing each edge's phi table",
     "Each block entered shows the edge's phi assignment as one simultaneous\n"
     "table (each phi, what it reads, old -> new value), then every instruction\n"
     "with its result and the branch taken. Ctrl-C stops a long step between\n"
     "two blocks (`step: interrupted` and the position).\n",
     "", cmd_step},
    {"stepi", "si", "execution", "stepi [N]", "execute N instructions (a block entry with its phis counts as one)",
     "Ctrl-C stops it at the next block boundary (`stepi: interrupted`).\n", "", cmd_stepi},
    {"continue", "c", "execution", "continue", "run to the next breakpoint or the end",
     "Ctrl-C stops it between two blocks (`continue: interrupted` and the\n"
     "position).\n",
     "", cmd_continue},
    {"break", "b", "execution", "break [BLOCK...]", "stop before entering BLOCK (no BLOCK: list)", "", "block...",
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
    /* pictures */
    {"dot", "", "pictures", "dot cfg|interference|dom [FILE]", "Graphviz DOT of a graph (FILE.png/.svg... draws it)",
     "Writes DOT text to the screen or FILE. The interference graph is coloured\n"
     "by register; spilled values are dashed boxes. A FILE ending in .dot or .gv\n"
     "gets the DOT text; any other extension Graphviz knows (.png, .svg, .pdf,\n"
     ".jpg, .gif, .ps, ...) runs Graphviz's dot with that output format, when\n"
     "it is installed (DOT text on its standard input, the picture on its\n"
     "standard output, so a name such as -O.png is never an option; FILE is\n"
     "written only when it succeeds). Other names are refused. In a lesson,\n"
     "FILE must be a relative name inside the lesson's directory for files.\n",
     "cfg|interference|dom file", cmd_dot},
};

/* The table with the front ends' commands put in (mc_command_register):
 * rebuilt on each registration, which happens at start-up only. */
enum { NTABLE = (int)(sizeof table / sizeof table[0]), MAX_REGISTERED = 8 };
static McCommand merged[NTABLE + MAX_REGISTERED];
static int nmerged;

const McCommand *mc_commands(int *n) {
    if (nmerged == 0) {
        memcpy(merged, table, sizeof table);
        nmerged = NTABLE;
    }
    *n = nmerged;
    return merged;
}

void mc_command_register(const McCommand *c, const char *before) {
    int n;
    mc_commands(&n);
    MC_ASSERT(n < NTABLE + MAX_REGISTERED);
    int at = n;
    for (int i = 0; i < n && before; i++)
        if (strcmp(merged[i].name, before) == 0) at = i;
    memmove(&merged[at + 1], &merged[at], (size_t)(n - at) * sizeof merged[0]);
    merged[at] = *c;
    nmerged = n + 1;
}

static bool has_alias(const McCommand *c, const char *w, size_t len, bool prefix) {
    const char *p = c->aliases;
    while (*p) {
        while (*p == ' ') p++;
        const char *e = p;
        while (*e && *e != ' ') e++;
        size_t n = (size_t)(e - p);
        if (n && (prefix ? n >= len : n == len) && strncmp(p, w, len) == 0) return true;
        p = e;
    }
    return false;
}

const McCommand *mc_command_find(const char *word, char *why, size_t size) {
    size_t len = strlen(word);
    int n;
    const McCommand *all = mc_commands(&n);
    for (int i = 0; i < n; i++)
        if (strcmp(all[i].name, word) == 0 || has_alias(&all[i], word, len, false)) return &all[i];
    const McCommand *found = NULL;
    int matches = 0;
    McStr list;
    mc_str_init(&list);
    for (int i = 0; i < n && len > 0; i++) {
        if (strncmp(all[i].name, word, len) == 0 || has_alias(&all[i], word, len, true)) {
            mc_str_printf(&list, "%s%s", matches ? ", " : "", all[i].name);
            found = &all[i];
            matches++;
        }
    }
    if (matches == 1) {
        mc_str_free(&list);
        return found;
    }
    if (why) {
        if (matches > 1) snprintf(why, size, "ambiguous command '%s': %s", word, list.s);
        else snprintf(why, size, "unknown command '%s' (try: help)", word);
    }
    mc_str_free(&list);
    return NULL;
}

/* ---- lines and scripts ------------------------------------------------------------------ */

int mc_command_split(const char *text, char ***argv, char *why, size_t size) {
    int argc = 0, cap = 8;
    char **v = mc_xmalloc((size_t)cap * sizeof *v);
    const char *p = text;
    McStr w;
    mc_str_init(&w);
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
        if (!*p) break;
        w.len = 0;
        if (w.s) w.s[0] = 0;
        int depth = 0;
        while (*p && (depth > 0 || !(*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))) {
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (*p && *p != q) mc_str_putc(&w, *p++);
                if (!*p) {
                    snprintf(why, size, "unterminated %c quote", q);
                    mc_str_free(&w);
                    mc_command_free_words(argc, v);
                    *argv = NULL;
                    return -1;
                }
                p++;
                if (w.len == 0) mc_str_puts(&w, ""); /* "" is an empty word */
                continue;
            }
            if (*p == '[') depth++;
            if (*p == ']' && depth > 0) depth--;
            mc_str_putc(&w, *p++);
        }
        if (argc + 1 >= cap) {
            cap *= 2;
            v = mc_xrealloc(v, (size_t)cap * sizeof *v);
        }
        v[argc++] = mc_xstrdup(w.s ? w.s : "");
    }
    mc_str_free(&w);
    v[argc] = NULL;
    *argv = v;
    return argc;
}

void mc_command_free_words(int argc, char **argv) {
    if (!argv) return;
    for (int i = 0; i < argc; i++) free(argv[i]);
    free(argv);
}

McCmdStatus mc_command_run(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc < 1) return OK;
    char why[512];
    const McCommand *c = mc_command_find(argv[0], why, sizeof why);
    if (!c) return mc_session_error(s, err, "%s", why), ERR;
    /* Handlers name themselves by their full name in messages. */
    char *typed = argv[0];
    const char *outer = s->cmd;
    argv[0] = (char *)c->name;
    s->cmd = c->name;
    McCmdStatus st = c->fn(s, argc, argv, out, err);
    s->cmd = outer;
    argv[0] = typed;
    if (s->source_depth == 0) s->nest_abort = false; /* back at the top: unwound */
    return st;
}

/* Split a line into `;`-separated commands, dropping a `#` comment; quotes
 * protect both. Returns malloc'd pieces. */
static int split_commands(const char *line, char ***pieces) {
    int n = 0, cap = 4;
    char **v = mc_xmalloc((size_t)cap * sizeof *v);
    const char *p = line, *start = line;
    char q = 0;
    for (;; p++) {
        char ch = *p;
        if (q) {
            if (ch == q) q = 0;
            if (ch) continue;
        } else if (ch == '"' || ch == '\'') {
            q = ch;
            continue;
        }
        if (ch == 0 || (!q && (ch == ';' || ch == '#'))) {
            if (n == cap) v = mc_xrealloc(v, (size_t)(cap *= 2) * sizeof *v);
            v[n++] = mc_xstrndup(start, (size_t)(p - start));
            if (ch == 0 || ch == '#') break;
            start = p + 1;
        }
    }
    *pieces = v;
    return n;
}

McCmdStatus mc_command_line(McSession *s, const char *line, bool bail, FILE *out, FILE *err) {
    char **pieces;
    int n = split_commands(line, &pieces);
    McCmdStatus result = OK;
    for (int i = 0; i < n; i++) {
        char **argv;
        char why[128];
        int argc = mc_command_split(pieces[i], &argv, why, sizeof why);
        McCmdStatus st;
        if (s->where_by_command) s->where_line = i + 1; /* -c:N: */
        if (argc < 0) {
            mc_session_error(s, err, "%s", why);
            st = ERR;
        }
        else {
            st = mc_command_run(s, argc, argv, out, err);
        }
        mc_command_free_words(argc, argv);
        fflush(out);
        if (mc_session_interrupted(s)) {
            /* Ctrl-C ends the whole line; a command that finished anyway
             * (its work is not polled) leaves the word to the line. */
            if (st != ERR) mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
            result = ERR;
            break;
        }
        if (st == MC_CMD_QUIT) {
            result = MC_CMD_QUIT;
            break;
        }
        if (st == ERR) {
            result = ERR;
            if (bail || s->nest_abort) break;
        }
    }
    for (int i = 0; i < n; i++) free(pieces[i]);
    free(pieces);
    return result;
}

int mc_command_script(McSession *s, FILE *in, const char *name, bool bail, FILE *out, FILE *err, bool *quit) {
    McStr line;
    mc_str_init(&line);
    int failed = 0, lineno = 0, got = 0;
    if (quit) *quit = false;
    const char *outer_file = s->where_file; /* a read error is reported where the script was run */
    int outer_line = s->where_line;
    bool by_command = s->where_by_command; /* `-c 'source F'`: F's lines count */
    s->where_by_command = false;
    /* Scripts are read line by line (batch mode reads a pipe as it comes),
     * at most the input limit in all (util.h), and a NUL byte ends them: a
     * line is text, and what follows a NUL would be silently dropped. */
    char why[256];
    size_t budget;
    bool limit_ok = mc_input_limit(&budget, why, sizeof why);
    while (limit_ok && (got = mc_read_line(in, &line, &budget, why, sizeof why)) > 0) {
        lineno++;
        s->where_file = name;
        s->where_line = lineno;
        if (mc_session_interrupted(s)) { /* Ctrl-C ends the script (and a batch) */
            mc_session_error(s, err, "%s", MC_INTERRUPTED_MSG);
            failed++;
            break;
        }
        if (memchr(line.s, 0, line.len)) {
            mc_session_error(s, err, "NUL byte in script (the script is not read further)");
            failed++;
            break;
        }
        while (line.len > 0 && line.s[line.len - 1] == '\r') line.s[--line.len] = 0;
        McCmdStatus st = mc_command_line(s, line.s, bail, out, err);
        if (mc_session_interrupted(s)) { /* mc_command_line said so and failed */
            failed++;
            break;
        }
        if (st == MC_CMD_QUIT) {
            if (quit) *quit = true;
            break;
        }
        if (st == ERR) {
            failed++;
            if (bail || s->nest_abort) break;
        }
    }
    if (!limit_ok || got < 0) {
        s->where_file = outer_file;
        s->where_line = outer_line;
        mc_session_error(s, err, "cannot read %s: %s", name, why);
        failed++;
    }
    mc_str_free(&line);
    s->where_file = NULL;
    s->where_line = 0;
    s->where_by_command = by_command;
    return failed;
}

/* ---- completion ------------------------------------------------------------------------- */

typedef struct Cands {
    char **v;
    int n, cap;
    const char *word;
    size_t len;
} Cands;

static void cand(Cands *c, const char *s) {
    if (strncmp(s, c->word, c->len) != 0) return;
    for (int i = 0; i < c->n; i++)
        if (strcmp(c->v[i], s) == 0) return;
    if (c->n + 2 > c->cap) {
        c->cap = c->cap ? c->cap * 2 : 16;
        c->v = mc_xrealloc(c->v, (size_t)c->cap * sizeof *c->v);
    }
    c->v[c->n++] = mc_xstrdup(s);
    c->v[c->n] = NULL;
}

static void cand_words(Cands *c, const char *spec, size_t len) {
    const char *p = spec, *end = spec + len;
    while (p < end) {
        const char *e = p;
        while (e < end && *e != '|') e++;
        char *w = mc_xstrndup(p, (size_t)(e - p));
        cand(c, w);
        free(w);
        p = e < end ? e + 1 : e;
    }
}

void mc_complete_free(char **list) {
    if (!list) return;
    for (char **p = list; *p; p++) free(*p);
    free(list);
}

McCompleteKind mc_command_complete(McSession *s, const char *line, int start, int end, char ***out) {
    *out = NULL;
    Cands c = {0};
    char *word = mc_xstrndup(line + start, (size_t)(end - start));
    c.word = word;
    c.len = strlen(word);
    /* Only the text after the last `;` matters. */
    int from = 0;
    for (int i = 0; i < start; i++)
        if (line[i] == ';') from = i + 1;
    char *before = mc_xstrndup(line + from, (size_t)(start - from));
    char **argv;
    char why[64];
    int argc = mc_command_split(before, &argv, why, sizeof why);
    free(before);
    McCompleteKind kind = MC_COMPLETE_WORDS;
    int n;
    const McCommand *t = mc_commands(&n);
    if (argc < 0) {
        kind = MC_COMPLETE_NONE;
    } else if (argc == 0) {
        for (int i = 0; i < n; i++) cand(&c, t[i].name);
    } else {
        const McCommand *cmd = mc_command_find(argv[0], NULL, 0);
        /* Which spec word applies to argument number argc (1-based)? */
        const char *spec = cmd ? cmd->complete : "";
        const char *p = spec;
        size_t slen = 0;
        for (int k = 1;; k++) {
            while (*p == ' ') p++;
            const char *e = p;
            while (*e && *e != ' ') e++;
            slen = (size_t)(e - p);
            if (k == argc || !*e) {
                if (k != argc && !(slen > 3 && strncmp(e - 3, "...", 3) == 0)) slen = 0;
                break;
            }
            p = e;
        }
        if (slen > 3 && strncmp(p + slen - 3, "...", 3) == 0) slen -= 3;
        /* Names of the running function, else of the stage that would run
         * (only if already built: completing never builds anything). */
        const McFunc *f = s->input;
        if (s->interp) f = s->interp_func;
        else if (s->exec == MC_VIEW_SSA && s->ssa) f = s->ssa;
        else if (s->exec == MC_VIEW_OPT && s->opt) f = s->opt;
        else if (s->exec == MC_VIEW_DESTROYED && s->destroyed) f = s->destroyed->f;
        if (cmd && cmd->fn == cmd_set) {
            if (argc == 1) cand_words(&c, "phi-mode|stage|max-steps|regs|allocator", 39);
            else if (argc == 2 && strcmp(argv[1], "phi-mode") == 0) cand_words(&c, "parallel|sequential", 19);
            else if (argc == 2 && strcmp(argv[1], "stage") == 0) {
                char views[64];
                mc_stage_name_list(MC_NAME_VIEW, "|", views, sizeof views);
                cand_words(&c, views, strlen(views));
            }
            else if (argc == 2 && strcmp(argv[1], "allocator") == 0) cand_words(&c, "baseline|improved", 17);
        } else if (slen == 4 && strncmp(p, "file", 4) == 0) {
            kind = MC_COMPLETE_FILE;
        } else if (slen == 5 && strncmp(p, "block", 5) == 0) {
            for (int32_t b = 0; f && b < f->nblocks; b++) cand(&c, f->blocks[b].name);
        } else if (slen == 5 && strncmp(p, "value", 5) == 0) {
            for (int32_t v = 0; f && v < f->nvalues; v++) cand(&c, f->values[v].name);
        } else if (slen == 4 && strncmp(p, "pass", 4) == 0) {
            int np;
            const McPass *ps = mc_pass_table(&np);
            for (int i = 0; i < np; i++) cand(&c, ps[i].name);
        } else if (slen == 4 && strncmp(p, "func", 4) == 0) {
            for (int32_t i = 0; s->module && i < s->module->nfuncs; i++) cand(&c, s->module->funcs[i]->name);
        } else if (slen == 7 && strncmp(p, "command", 7) == 0) {
            for (int i = 0; i < n; i++) cand(&c, t[i].name);
        } else if (slen > 1 || (slen == 1 && *p != '-')) {
            cand_words(&c, p, slen);
        }
    }
    mc_command_free_words(argc, argv);
    free(word);
    if (kind == MC_COMPLETE_WORDS && c.n == 0) kind = MC_COMPLETE_NONE;
    *out = c.v;
    return kind;
}
