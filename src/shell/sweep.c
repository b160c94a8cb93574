/* sweep.c - the register-budget table (sweep.h) and the compile-cache note. */
#include "shell/sweep.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cgen.h"
#include "minicc/limits.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/run.h"
#include "minicc/util.h"

const char *mc_shell_cache_unusable(void) {
    static bool asked; /* front end: one warning per process */
    static char why[512];
    if (asked) return NULL;
    asked = true;
    char *dir = mc_native_cache_dir(NULL, why, sizeof why);
    if (dir) {
        free(dir);
        return NULL;
    }
    return why;
}

/* ---- the register-budget sweep ----------------------------------------------- */

bool mc_sweep_parse_budgets(const char *s, int *ks, int *nk) {
    *nk = 0;
    const char *dots = strstr(s, "..");
    int32_t a, b;
    if (dots) {
        if (mc_parse_i32(s, (size_t)(dots - s), &a) || mc_parse_i32(dots + 2, strlen(dots + 2), &b) || a < 1 ||
            b < a || b > MC_MAX_REGS || b - a >= MC_SWEEP_MAX_BUDGETS)
            return false;
        for (int k = a; k <= b; k++) ks[(*nk)++] = k;
        return true;
    }
    if (!strchr(s, ',')) {
        if (mc_parse_i32(s, strlen(s), &b) || b < 1 || b > MC_SWEEP_MAX_BUDGETS) return false;
        for (int k = 1; k <= b; k++) ks[(*nk)++] = k;
        return true;
    }
    while (*s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        if (mc_parse_i32(s, len, &a) || a < 1 || a > MC_MAX_REGS || *nk >= MC_SWEEP_MAX_BUDGETS) return false;
        ks[(*nk)++] = a;
        s += len;
        if (*s == ',') s++;
    }
    return *nk > 0;
}

McSweepCellKind mc_sweep_cell(McSweepCell *c, const McFunc *ssa, McAllocator which, int k, const McAllocOptions *o,
                              const McArgs *args, const McOutcome *want, const McArgs *ref, int64_t max_steps,
                              const McInterrupt *stop, bool refuse_too_large, McDiags *d) {
    memset(c, 0, sizeof *c);
    int nd = d->n;
    /* The allocator polls the flag too: one long allocation stops. */
    McAllocOptions ao;
    if (o) ao = *o;
    else mc_alloc_options_default(&ao);
    ao.interrupt = stop;
    if (mc_func_find_call(ssa, NULL, NULL)) { /* calls: the program of every function reached */
        McStageOptions so;
        mc_stage_options_default(&so);
        so.stage = MC_STAGE_ALLOC;
        so.regs = k;
        so.allocator = which;
        so.alloc_opts = &ao;
        so.convention = ao.convention;
        so.max_steps = max_steps;
        so.interrupt = stop;
        McArgs run;
        mc_args_copy(&run, args);
        bool ok = mc_alloc_program_execute(NULL, ssa, &so, &run, &c->got, &c->stats, d);
        c->same = ok && mc_outcome_same(want, ref, &c->got, &run);
        mc_args_free(&run);
        if (mc_interrupted(stop)) {
            while (d->n > nd) free(d->v[--d->n].msg);
            c->got.kind = MC_INTERRUPTED;
            return MC_CELL_INTERRUPTED;
        }
        return ok ? MC_CELL_RAN : MC_CELL_FAILED;
    }
    McAllocation *a = mc_allocate(ssa, which, k, &ao, d);
    if (!a && mc_interrupted(stop)) {
        while (d->n > nd) free(d->v[--d->n].msg); /* its `interrupted`: the table says it once */
        c->got.kind = MC_INTERRUPTED;
        return MC_CELL_INTERRUPTED;
    }
    if (!a && refuse_too_large && d->n > nd && mc_alloc_too_large(d->v[nd].msg)) {
        c->why = d->v[nd].msg; /* taken out of d with the rest of this allocation's diagnostics */
        d->v[nd].msg = NULL;
        while (d->n > nd) free(d->v[--d->n].msg);
        return MC_CELL_TOO_LARGE;
    }
    if (!a) return MC_CELL_FAILED;
    McArgs run;
    mc_args_copy(&run, args);
    c->got = mc_machine_run_intr(a, &run, max_steps, stop, &c->stats);
    c->same = mc_outcome_same(want, ref, &c->got, &run);
    mc_args_free(&run);
    mc_allocation_free(a);
    return c->got.kind == MC_INTERRUPTED ? MC_CELL_INTERRUPTED : MC_CELL_RAN;
}

int mc_sweep_table(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                       int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                       McDiags *d) {
    return mc_sweep_table_intr(out, input, ssa, from, args, max_steps, ks, nk, allocs, nallocs, NULL, d);
}

int mc_sweep_interrupted(FILE *out, McArgs *ref, McDiags *d) {
    fflush(out);
    mc_args_free(ref);
    mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
    return -1;
}

int mc_sweep_stop(FILE *out, McArgs *ref, McSweepCellKind kind, McDiags *d) {
    if (kind == MC_CELL_INTERRUPTED) return mc_sweep_interrupted(out, ref, d);
    fflush(out);
    mc_args_free(ref);
    return -1;
}

bool mc_sweep_reference(FILE *out, const McFunc *input, const char *from, const McArgs *args, int64_t max_steps,
                        const McInterrupt *stop, McArgs *ref, McOutcome *want, McDiags *d) {
    mc_args_copy(ref, args);
    *want = mc_run_intr(input, ref, max_steps, stop);
    if (want->kind == MC_INTERRUPTED) {
        mc_sweep_interrupted(out, ref, d);
        return false;
    }
    char buf[192];
    fprintf(out, "sweep %s (%s): stage input gives %s\n", input->name, from, mc_outcome_str(want, buf, sizeof buf));
    return true;
}

void mc_sweep_summary(FILE *out, int total, int refused, int diverged) {
    int runs = total - refused;
    if (refused)
        fprintf(out, "%d of %d run%s not run (interference graph over its size limit)\n", refused, total,
                total == 1 ? "" : "s");
    if (diverged)
        fprintf(out, "%d of %d run%s diverge%s from stage input\n", diverged, runs, runs == 1 ? "" : "s",
                diverged == 1 ? "s" : "");
    else if (runs > 0)
        fprintf(out, "%s%d run%s with stage input\n", runs == 1 ? "" : "all ", runs, runs == 1 ? " agrees" : "s agree");
}

int mc_sweep_table_intr(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                            int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                            const McInterrupt *stop, McDiags *d) {
    return mc_sweep_table_conv(out, input, ssa, from, args, max_steps, ks, nk, allocs, nallocs, MC_CONV_SPLIT, stop,
                               d);
}

int mc_sweep_table_conv(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                        int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                        McConvention conv, const McInterrupt *stop, McDiags *d) {
    McAllocOptions ao; /* the allocators as they are, under convention conv */
    mc_alloc_options_default(&ao);
    ao.convention = conv;
    McArgs ref;
    McOutcome want;
    if (!mc_sweep_reference(out, input, from, args, max_steps, stop, &ref, &want, d)) return -1;
    char buf[192];
    /* a function with calls: the convention's saves and restores too (before result) */
    bool calls = mc_func_find_call(ssa, NULL, NULL);
    if (calls && conv != MC_CONV_SPLIT)
        fprintf(out, "# convention %s: saves and restores are its traffic (apart from spills)\n",
                mc_convention_name(conv));
    fprintf(out, "%4s  %-9s %6s %12s %12s %12s %12s %10s  ", "K", "allocator", "slots", "spill_reads",
            "spill_writes", "traffic", "instructions", "copies");
    if (calls) fprintf(out, "%8s %8s  ", "saves", "restores");
    fprintf(out, "result\n");
    int diverged = 0, refused = 0;
    for (int i = 0; i < nk; i++) {
        for (int w = 0; w < nallocs; w++) {
            if (mc_interrupted(stop)) return mc_sweep_interrupted(out, &ref, d);
            McSweepCell c;
            McSweepCellKind kind = mc_sweep_cell(&c, ssa, allocs[w], ks[i], &ao, args, &want, &ref, max_steps, stop,
                                                 true, d);
            if (kind == MC_CELL_TOO_LARGE) {
                /* over the size limit: say so in the row and go on */
                fprintf(out, "%4d  %-9s  not run: %s\n", ks[i], mc_allocator_name(allocs[w]), c.why);
                free(c.why);
                refused++;
                continue;
            }
            if (kind != MC_CELL_RAN) return mc_sweep_stop(out, &ref, kind, d);
            const McMachineStats *s = &c.stats;
            if (!c.same) diverged++;
            fprintf(out, "%4d  %-9s %6d %12lld %12lld %12lld %12lld %10lld  ", ks[i],
                    mc_allocator_name(allocs[w]), (int)s->slots, (long long)s->spill_reads,
                    (long long)s->spill_writes, (long long)(s->spill_reads + s->spill_writes), (long long)s->instructions,
                    (long long)s->copies);
            if (calls) fprintf(out, "%8lld %8lld  ", (long long)s->saves, (long long)s->restores);
            fputs(c.same ? "agree" : "DIVERGE: ", out);
            if (!c.same) fputs(mc_outcome_str(&c.got, buf, sizeof buf), out);
            fputc('\n', out);
        }
    }
    mc_sweep_summary(out, nk * nallocs, refused, diverged);
    mc_args_free(&ref);
    return diverged;
}
