/* sweep_groups.c - the register-budget experiment with one column group
 * per allocator (sweep.h): `minicc sweep --allocators all` and the prompt's
 * `sweep LIST all`, the four allocators side by side
 * (baseline, improved, linear, ssa). */
#include <stdlib.h>
#include <string.h>

#include "shell/sweep.h"
#include "minicc/pipeline.h"
#include "minicc/run.h"

bool mc_sweep_parse_allocators(const char *s, McAllocator *allocs, int *n) {
    *n = 0;
    if (strcmp(s, "all") == 0) { /* the chapter's first, then in order of sophistication */
        static const McAllocator all[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR, MC_ALLOC_SSA};
        _Static_assert(sizeof all / sizeof all[0] == MC_ALLOC_COUNT, "every allocator");
        for (int a = 0; a < MC_ALLOC_COUNT; a++) allocs[(*n)++] = all[a];
        return true;
    }
    while (*s) {
        const char *c = strchr(s, ',');
        size_t len = c ? (size_t)(c - s) : strlen(s);
        char name[32];
        if (len == 0 || len >= sizeof name) return false;
        memcpy(name, s, len);
        name[len] = 0;
        int a = mc_allocator_lookup(name);
        if (a < 0 || *n >= MC_ALLOC_COUNT) return false;
        for (int i = 0; i < *n; i++)
            if (allocs[i] == (McAllocator)a) return false;
        allocs[(*n)++] = (McAllocator)a;
        s += len;
        if (*s == ',') {
            s++;
            if (!*s) return false;
        }
    }
    return *n > 0;
}

static int groups_interrupted(FILE *out, McArgs *ref, McDiags *d) {
    fflush(out);
    mc_args_free(ref);
    mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
    return -1;
}

int mc_sweep_groups(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                    int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                    const McInterrupt *stop, McDiags *d) {
    McArgs ref;
    mc_args_copy(&ref, args);
    McOutcome want = mc_run_intr(input, &ref, max_steps, stop);
    if (want.kind == MC_INTERRUPTED) return groups_interrupted(out, &ref, d);
    char buf[192];
    fprintf(out, "sweep %s (%s): stage input gives %s\n", input->name, from, mc_outcome_str(&want, buf, sizeof buf));
    fprintf(out, "%4s", "");
    for (int w = 0; w < nallocs; w++)
        fprintf(out, w + 1 < nallocs ? "  %-24s" : "  %s", mc_allocator_name(allocs[w]));
    fprintf(out, "\n%4s", "K");
    for (int w = 0; w < nallocs; w++) fprintf(out, w + 1 < nallocs ? "  %5s %8s %8s  " : "  %5s %8s %8s", "slots", "traffic", "copies");
    fputc('\n', out);
    int diverged = 0, refused = 0;
    for (int i = 0; i < nk; i++) {
        fprintf(out, "%4d", ks[i]);
        for (int w = 0; w < nallocs; w++) {
            if (mc_interrupted(stop)) return groups_interrupted(out, &ref, d);
            int nd = d->n;
            /* The allocator polls the flag too: one long allocation stops. */
            McAllocOptions ao;
            mc_alloc_options_default(&ao);
            ao.interrupt = stop;
            McAllocation *a = mc_allocate(ssa, allocs[w], ks[i], &ao, d);
            if (!a && mc_interrupted(stop)) {
                while (d->n > nd) free(d->v[--d->n].msg); /* its `interrupted`: said once below */
                return groups_interrupted(out, &ref, d);
            }
            if (!a && d->n > nd && mc_alloc_too_large(d->v[nd].msg)) {
                fprintf(out, "  %5s %8s %8s -", "", "", "");
                while (d->n > nd) free(d->v[--d->n].msg);
                refused++;
                continue;
            }
            if (!a) {
                fflush(out);
                mc_args_free(&ref);
                return -1;
            }
            McArgs run;
            mc_args_copy(&run, args);
            McStageStats s;
            memset(&s, 0, sizeof s);
            McOutcome got = mc_machine_run_intr(a, &run, max_steps, stop, &s);
            if (got.kind == MC_INTERRUPTED) {
                mc_args_free(&run);
                mc_allocation_free(a);
                return groups_interrupted(out, &ref, d);
            }
            bool same = mc_outcome_same(&want, &ref, &got, &run);
            diverged += !same;
            fprintf(out, "  %5d %8lld %8lld %c", (int)s.slots, (long long)(s.spill_reads + s.spill_writes),
                    (long long)s.copies, same ? '=' : '!');
            mc_args_free(&run);
            mc_allocation_free(a);
        }
        fputc('\n', out);
    }
    int total = nk * nallocs, runs = total - refused;
    fprintf(out, "(= agrees with stage input, ! diverges, - not run: graph over its size limit)\n");
    if (refused)
        fprintf(out, "%d of %d run%s not run (interference graph over its size limit)\n", refused, total,
                total == 1 ? "" : "s");
    if (diverged)
        fprintf(out, "%d of %d run%s diverge%s from stage input\n", diverged, runs, runs == 1 ? "" : "s",
                diverged == 1 ? "s" : "");
    else if (runs > 0)
        fprintf(out, "%s%d run%s with stage input\n", runs == 1 ? "" : "all ", runs, runs == 1 ? " agrees" : "s agree");
    mc_args_free(&ref);
    return diverged;
}
