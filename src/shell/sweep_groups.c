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

int mc_sweep_groups(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                    int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                    const McInterrupt *stop, McDiags *d) {
    McArgs ref;
    McOutcome want;
    if (!mc_sweep_reference(out, input, from, args, max_steps, stop, &ref, &want, d)) return -1;
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
            if (mc_interrupted(stop)) return mc_sweep_interrupted(out, &ref, d);
            McSweepCell c;
            McSweepCellKind kind = mc_sweep_cell(&c, ssa, allocs[w], ks[i], NULL, args, &want, &ref, max_steps, stop,
                                                 true, d);
            if (kind == MC_CELL_TOO_LARGE) {
                fprintf(out, "  %5s %8s %8s -", "", "", "");
                free(c.why);
                refused++;
                continue;
            }
            if (kind != MC_CELL_RAN) return mc_sweep_stop(out, &ref, kind, d);
            diverged += !c.same;
            fprintf(out, "  %5d %8lld %8lld %c", (int)c.stats.slots,
                    (long long)(c.stats.spill_reads + c.stats.spill_writes), (long long)c.stats.copies,
                    c.same ? '=' : '!');
        }
        fputc('\n', out);
    }
    fprintf(out, "(= agrees with stage input, ! diverges, - not run: graph over its size limit)\n");
    mc_sweep_summary(out, nk * nallocs, refused, diverged);
    mc_args_free(&ref);
    return diverged;
}
