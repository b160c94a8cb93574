/* sweep_conv.c - the calling conventions side by side (sweep.h): `minicc
 * sweep --vary convention` and the prompt's `sweep LIST vary convention`.
 * The same experiment as the register-budget table, one row per K and
 * convention, with the traffic the convention causes (saves and restores
 * around calls and in prologues) apart from spill traffic, so a class can
 * see where all caller-saved pays (at every call) and where all
 * callee-saved pays (once per entered function). */
#include <stdlib.h>
#include <string.h>

#include "shell/sweep.h"
#include "minicc/pipeline.h"

int mc_sweep_conventions(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                         int64_t max_steps, const int *ks, int nk, McAllocator which, const McAllocOptions *o,
                         const McInterrupt *stop, McDiags *d) {
    McArgs ref;
    McOutcome want;
    if (!mc_sweep_reference(out, input, from, args, max_steps, stop, &ref, &want, d)) return -1;
    fprintf(out, "# %s allocator; saves and restores: the convention's traffic (apart from spills)\n",
            mc_allocator_name(which));
    fprintf(out, "%4s  %-13s %6s %10s %8s %8s %8s %12s  %s\n", "K", "convention", "slots", "spills", "calls",
            "saves", "restores", "instructions", "result");
    int diverged = 0, refused = 0;
    char buf[192];
    for (int i = 0; i < nk; i++)
        for (int cv = 0; cv < MC_CONV_COUNT; cv++) {
            if (mc_interrupted(stop)) return mc_sweep_interrupted(out, &ref, d);
            McAllocOptions ao;
            if (o) ao = *o;
            else mc_alloc_options_default(&ao);
            ao.trace = NULL;
            ao.convention = (McConvention)cv;
            McSweepCell c;
            McSweepCellKind kind = mc_sweep_cell(&c, ssa, which, ks[i], &ao, args, &want, &ref, max_steps, stop,
                                                 true, d);
            if (kind == MC_CELL_TOO_LARGE) {
                fprintf(out, "%4d  %-13s  not run: %s\n", ks[i], mc_convention_name((McConvention)cv), c.why);
                free(c.why);
                refused++;
                continue;
            }
            if (kind != MC_CELL_RAN) return mc_sweep_stop(out, &ref, kind, d);
            const McMachineStats *s = &c.stats;
            diverged += !c.same;
            fprintf(out, "%4d  %-13s %6d %10lld %8lld %8lld %8lld %12lld  %s", ks[i],
                    mc_convention_name((McConvention)cv), (int)s->slots, (long long)(s->spill_reads + s->spill_writes),
                    (long long)s->calls, (long long)s->saves, (long long)s->restores, (long long)s->instructions,
                    c.same ? "agree" : "DIVERGE: ");
            if (!c.same) fputs(mc_outcome_str(&c.got, buf, sizeof buf), out);
            fputc('\n', out);
        }
    mc_sweep_summary(out, nk * MC_CONV_COUNT, refused, diverged);
    mc_args_free(&ref);
    return diverged;
}
