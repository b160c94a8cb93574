/* cmd_pipeline.c - the prompt's "pipeline" commands: ssa, opt, destroy,
 * alloc, interference, regs, sweep and emit: their handlers and their rows
 * of the command table. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cgen.h"
#include "minicc/limits.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
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

static Status cmd_destroy(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
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


static Status cmd_alloc(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    int64_t k = s->regs;
    int which = s->allocator;
    if (argc >= 2 && !mc_cmd_parse_count(s, err, "alloc", argv[1], 1, MC_MAX_REGS, &k)) return ERR;
    if (argc >= 3 && (which = mc_allocator_lookup(argv[2])) < 0)
        return mc_session_error(s, err, "alloc: unknown allocator '%s' (baseline, improved)", argv[2]), ERR;
    if (!mc_session_build_alloc(s, (int)k, (McAllocator)which, err)) return ERR;
    alloc_summary(s->alloc, out);
    return OK;
}

static Status cmd_interference(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    mc_show_interference(a, out);
    return OK;
}

static Status cmd_regs(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    const McAllocation *a = mc_session_allocation(s, err);
    if (!a) return ERR;
    fprintf(out, "# %s allocator, K = %d\n", mc_allocator_name(a->allocator), a->registers);
    mc_show_regs(a, out);
    return OK;
}

/* The same table as `minicc sweep` (mc_sweep_table). */
static Status cmd_sweep(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 2)) return ERR;
    int ks[MC_SWEEP_MAX_BUDGETS], nk = 0;
    McAllocator allocs[2] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED};
    int nallocs = 2;
    const char *list = argc >= 2 ? argv[1] : "8";
    int64_t max;
    if (strspn(list, "0123456789+-") == strlen(list)) {
        /* sweep MAX: K = 1..MAX */
        if (!mc_cmd_parse_count(s, err, "sweep", list, 1, MC_SWEEP_MAX_BUDGETS, &max)) return ERR;
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
    if (diverged < 0) mc_session_diags_error(s, &d, err, "sweep");
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
     "for small graphs (numbered rows and columns, `x` where two values interfere,\n"
     "`name!` a spilled value; the workbench draws the same matrix), and the order\n"
     "in which values got their location. A graph\n"
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
};
const int mc_ncmds_pipeline = (int)(sizeof mc_cmds_pipeline / sizeof mc_cmds_pipeline[0]);
