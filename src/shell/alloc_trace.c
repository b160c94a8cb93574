/* alloc_trace.c - the allocation trace as text with every variant's
 * measured traffic, and the sweep table over one switch (alloc_trace.h). */
#include "shell/alloc_trace.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/run.h"
#include "minicc/util.h"
#include "shell/sweep.h"

/* Spill reads + writes of allocation a on a fresh copy of args; -1 when the
 * run did not finish normally (a trap counts: its traffic is still real). */
static long long measured(const McAllocation *a, const McArgs *args, int64_t max_steps) {
    if (mc_func_find_call(a->f, NULL, NULL)) return -1; /* its callees are not allocated here */
    McArgs run;
    mc_args_copy(&run, args);
    McMachineStats st;
    memset(&st, 0, sizeof st);
    mc_machine_run(a, &run, max_steps, &st);
    mc_args_free(&run);
    return st.valid ? (long long)(st.spill_reads + st.spill_writes) : -1;
}

bool mc_shell_print_alloc_trace(FILE *out, const McFunc *ssa, McAllocator which, int regs, const McAllocOptions *o,
                                const McArgs *args, int64_t max_steps, McDiags *d) {
    /* linear and ssa record their assignment, not their decisions; the
     * convention's call events are every allocator's (callconv.c) */
    McAllocOptions to = *o;
    McAllocTrace tr;
    mc_alloc_trace_init(&tr);
    to.trace = &tr;
    McAllocation *a = mc_allocate(ssa, which, regs, &to, d);
    if (!a) {
        mc_alloc_trace_free(&tr);
        return false;
    }
    mc_alloc_trace_print(&tr, a, out);
    if (which == MC_ALLOC_IMPROVED) {
        fprintf(out, "variants, each allocated alone:\n");
        for (int v = MC_VARIANT_COALESCE; v <= MC_VARIANT_DEGREE; v++) {
            McAllocOptions vo = *o;
            vo.trace = NULL;
            vo.variant = (McAllocVariant)v;
            McAllocTrace vt;
            mc_alloc_trace_init(&vt);
            vo.trace = &vt;
            McAllocation *b = mc_allocate(ssa, which, regs, &vo, d);
            if (!b) {
                mc_alloc_trace_free(&vt);
                mc_alloc_trace_free(&tr);
                mc_allocation_free(a);
                return false;
            }
            double est = 0;
            for (int32_t i = 0; i < vt.n; i++)
                if (vt.ev[i].kind == MC_TR_WINNER) est = vt.ev[i].x;
            fprintf(out, "  %-12s estimated %g", mc_alloc_option_values(mc_alloc_option_lookup("variant"))[v], est);
            if (args) {
                long long m = measured(b, args, max_steps);
                if (m >= 0) fprintf(out, ", measured %lld (spill reads + writes)", m);
            }
            fprintf(out, "%s\n", v == tr.won_variant ? "  <- kept" : "");
            mc_alloc_trace_free(&vt);
            mc_allocation_free(b);
        }
    }
    char msg[256];
    if (mc_alloc_trace_matches(&tr, a, msg, sizeof msg))
        fprintf(out, "trace replay: the assignment is the machine's\n");
    else
        fprintf(out, "trace replay: MISMATCH: %s\n", msg);
    mc_alloc_trace_free(&tr);
    mc_allocation_free(a);
    return true;
}

int mc_sweep_vary_table(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                        int64_t max_steps, const int *ks, int nk, McAllocator which, const McAllocOptions *base,
                        int sw, const McInterrupt *stop, McDiags *d) {
    McArgs ref;
    mc_args_copy(&ref, args);
    McOutcome want = mc_run_intr(input, &ref, max_steps, stop);
    if (want.kind == MC_INTERRUPTED) {
        mc_args_free(&ref);
        mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        return -1;
    }
    const char *name = mc_alloc_option_name(sw);
    const char *const *values = mc_alloc_option_values(sw);
    char buf[192];
    fprintf(out, "sweep %s (%s), %s allocator, varying %s: stage input gives %s\n", input->name, from,
            mc_allocator_name(which), name, mc_outcome_str(&want, buf, sizeof buf));
    /* a program with calls: the convention's traffic too (what `--vary calls` compares) */
    bool calls = mc_func_find_call(input, NULL, NULL);
    fprintf(out, "%4s  %-13s %6s %12s %12s %12s %12s %10s", "K", name, "slots", "spill_reads", "spill_writes",
            "traffic", "instructions", "copies");
    if (calls) fprintf(out, " %8s %8s %9s", "saves", "restores", "arg_moves");
    fprintf(out, "  %s\n", "result");
    int diverged = 0, runs = 0;
    for (int i = 0; i < nk; i++) {
        for (int v = 0; values[v]; v++) {
            if (mc_interrupted(stop)) {
                mc_args_free(&ref);
                mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
                return -1;
            }
            McAllocOptions o = *base;
            o.trace = NULL;
            char word[96], msg[256];
            snprintf(word, sizeof word, "%s=%s", name, values[v]);
            if (!mc_alloc_option_parse(&o, word, msg, sizeof msg)) mc_panic(__FILE__, __LINE__, "%s", msg);
            /* An interrupted allocation or run is no row: not a divergence. */
            McSweepCell c;
            McSweepCellKind kind = mc_sweep_cell(&c, ssa, which, ks[i], &o, args, &want, &ref, max_steps, stop, false, d);
            if (kind != MC_CELL_RAN) return mc_sweep_stop(out, &ref, kind, d);
            const McMachineStats *s = &c.stats;
            runs++;
            if (!c.same) diverged++;
            fprintf(out, "%4d  %-13s %6d %12lld %12lld %12lld %12lld %10lld", ks[i], values[v], (int)s->slots,
                    (long long)s->spill_reads, (long long)s->spill_writes, (long long)(s->spill_reads + s->spill_writes),
                    (long long)s->instructions, (long long)s->copies);
            if (calls)
                fprintf(out, " %8lld %8lld %9lld", (long long)s->saves, (long long)s->restores, (long long)s->arg_moves);
            fprintf(out, "  %s", c.same ? "agree" : "DIVERGE: ");
            if (!c.same) fputs(mc_outcome_str(&c.got, buf, sizeof buf), out);
            fputc('\n', out);
        }
    }
    if (diverged)
        fprintf(out, "%d of %d run%s diverge%s from stage input\n", diverged, runs, runs == 1 ? "" : "s",
                diverged == 1 ? "s" : "");
    else
        fprintf(out, "all %d runs agree with stage input\n", runs);
    mc_args_free(&ref);
    return diverged;
}
