/* bench/alloc4.c - the four allocators side by side (issue 16 §3):
 * baseline (the chapter), improved (Chaitin-Briggs), linear (linear scan)
 * and ssa (colouring of the SSA form), measured in one run on the same
 * programs and arguments.
 *
 * Quality: every function of tests/ir and bench/kernels (small deterministic
 * arguments, -O0 and -O1) and 100 generated programs (gen.h, seeds 1..100,
 * -O1), at K = 2, 3, 4, 6 and 8: the summed dynamic spill traffic (spill
 * reads + writes executed by the allocated machine), spill slots and
 * phi-destruction copies executed of each allocator, and each as a ratio to
 * baseline's. Every run must agree with the input interpreter, and the SSA
 * allocator must spill no value when K >= MaxLive of its SSA function
 * (checked on every program at K = MaxLive): else the bench fails.
 *
 * Time: mc_allocate (phi destruction, interference graph, allocation, the
 * check) on generated functions of about 10k and 100k instructions (the
 * SSA form at -O0 of bench/pipeline.c's generator settings), best CPU time of
 * 3 runs, each allocator as a ratio to baseline's time on the same function.
 * Every allocator builds the interference graph (for the check and the
 * views), so the times differ only by the allocation itself; no goal is set
 * on them. Run from the repository root (bench/run.sh does). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/util.h"

#define NK 5
#define NA MC_ALLOC_COUNT
static const int ks[NK] = {2, 3, 4, 6, 8};
static const McAllocator order[NA] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR, MC_ALLOC_SSA};

typedef struct Totals {
    double traffic[NA], slots[NA], copies[NA];
    int runs;
} Totals;

static int failures, maxlive_checked, maxlive_spilled;

static void measure(const char *label, const McFunc *f, const McArgs *args, int opt, Totals *tot) {
    McArgs ref;
    mc_args_copy(&ref, args);
    McOutcome want = mc_run(f, &ref, 0);
    McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
    if (!ssa) {
        fprintf(stderr, "%s: cannot build SSA\n", label);
        failures++;
        mc_args_free(&ref);
        return;
    }
    for (int k = 0; k <= NK; k++) {
        int32_t ml = mc_max_live(ssa);
        int K = k < NK ? ks[k] : (ml > 0 ? ml : 1); /* k == NK: the SSA allocator at MaxLive */
        for (int w = 0; w < NA; w++) {
            if (k == NK && order[w] != MC_ALLOC_SSA) continue;
            McAllocation *a = mc_allocate(ssa, order[w], K, NULL, NULL);
            McArgs run;
            mc_args_copy(&run, args);
            McStageStats st;
            McOutcome got = mc_machine_run(a, &run, 0, &st);
            if (!mc_outcome_same(&want, &ref, &got, &run)) {
                fprintf(stderr, "%s -O%d K=%d %s: DIVERGES from the input stage\n", label, opt, K,
                        mc_allocator_name(order[w]));
                failures++;
            }
            if (k == NK) {
                maxlive_checked++;
                if (a->nspilled) {
                    maxlive_spilled++;
                    fprintf(stderr, "%s -O%d: ssa spilled %d values at K = MaxLive = %d\n", label, opt, a->nspilled,
                            K);
                    failures++;
                }
            } else {
                tot[k].traffic[w] += (double)(st.spill_reads + st.spill_writes);
                tot[k].slots[w] += st.slots;
                tot[k].copies[w] += (double)st.copies;
            }
            mc_args_free(&run);
            mc_allocation_free(a);
        }
        if (k < NK) tot[k].runs++;
    }
    mc_func_free(ssa);
    mc_args_free(&ref);
}

static void kernel_args(const McFunc *f, McArgs *a) {
    a->n = f->nparams;
    a->v = mc_xcalloc((size_t)(a->n ? a->n : 1), sizeof *a->v);
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind == MC_VAL_BUF) {
            a->v[p].is_buf = true;
            a->v[p].len = 6;
            a->v[p].data = mc_xmalloc(6 * sizeof(int32_t));
            for (int i = 0; i < 6; i++) a->v[p].data[i] = (i * 7 + p) % 5 + 1;
        } else
            a->v[p].scalar = 3 + (p * 5) % 11;
    }
}

static int by_name(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

static int kernels(const char *dir, Totals *tot) {
    DIR *d = opendir(dir);
    if (!d) return 0;
    struct dirent *e;
    char **names = NULL;
    int nn = 0, n = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 4 || strcmp(e->d_name + len - 3, ".ir") != 0) continue;
        names = mc_xrealloc(names, (size_t)(nn + 1) * sizeof *names);
        names[nn++] = mc_xstrdup(e->d_name);
    }
    closedir(d);
    qsort(names, (size_t)nn, sizeof *names, by_name);
    for (int i = 0; i < nn; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        McDiags dg;
        mc_diags_init(&dg, path, NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(path, &dg, &src);
        for (int32_t fi = 0; m && fi < m->nfuncs; fi++) {
            McArgs args;
            kernel_args(m->funcs[fi], &args);
            char label[1200];
            snprintf(label, sizeof label, "%s:%s", path, m->funcs[fi]->name);
            for (int opt = 0; opt <= 1; opt++) measure(label, m->funcs[fi], &args, opt, tot);
            mc_args_free(&args);
            n++;
        }
        mc_module_free(m);
        free(src);
        mc_diags_free(&dg);
        free(names[i]);
    }
    free(names);
    return n;
}

/* A big optimized SSA function, as bench/pipeline.c generates them. */
static McFunc *big(int32_t size, int32_t *insts) {
    McGenOptions o;
    mc_gen_options_default(&o);
    o.size = size;
    o.form = MC_GEN_MUTABLE;
    o.max_vars = 16;
    o.max_construct = 300;
    o.opaque = true;
    McFunc *f = mc_gen(7, &o);
    McFunc *ssa = mc_pipeline_prepare(f, 0, NULL); /* -O0: the optimizer would fold a third away */
    mc_func_free(f);
    int32_t p, b;
    mc_func_counts(ssa, insts, &p, &b);
    return ssa;
}

int main(void) {
    mc_memory_keep();
    Totals tot[NK];
    memset(tot, 0, sizeof tot);
    double t0 = mc_now();
    int nkern = kernels("tests/ir", tot) + kernels("bench/kernels", tot);
    for (uint64_t seed = 1; seed <= 100; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 20 + (int32_t)(seed % 5) * 15;
        McFunc *f = mc_gen(seed, &go);
        McArgs args;
        mc_gen_args(f, seed, &args);
        char label[64];
        snprintf(label, sizeof label, "gen seed %llu", (unsigned long long)seed);
        measure(label, f, &args, 1, tot);
        mc_args_free(&args);
        mc_func_free(f);
    }
    printf("four allocators, %d kernel functions (-O0 and -O1) + 100 generated (-O1), %.1fs; ratios to baseline\n",
           nkern, mc_now() - t0);
    printf("%4s %6s  %-9s %12s %8s %8s %8s %10s %8s\n", "K", "runs", "allocator", "traffic", "ratio", "slots", "ratio",
           "copies", "ratio");
    for (int k = 0; k < NK; k++)
        for (int w = 0; w < NA; w++) {
            const Totals *t = &tot[k];
            printf("%4d %6d  %-9s %12.0f %7.3fx %8.0f %7.3fx %10.0f %7.3fx\n", ks[k], t->runs,
                   mc_allocator_name(order[w]), t->traffic[w], t->traffic[0] > 0 ? t->traffic[w] / t->traffic[0] : 0,
                   t->slots[w], t->slots[0] > 0 ? t->slots[w] / t->slots[0] : 0, t->copies[w],
                   t->copies[0] > 0 ? t->copies[w] / t->copies[0] : 0);
        }
    printf("ssa at K = MaxLive of its SSA function spilled nothing on %d of %d programs (goal: all)\n",
           maxlive_checked - maxlive_spilled, maxlive_checked);
    /* time */
    const int32_t sizes[] = {10000, 100000};
    printf("\nallocation time (mc_allocate, best of 3, K = 8), ratio to baseline on the same function:\n");
    printf("%8s  %-9s %10s %8s\n", "instrs", "allocator", "seconds", "ratio");
    for (int s = 0; s < 2; s++) {
        int32_t n;
        McFunc *ssa = big(sizes[s], &n);
        double base = 0;
        for (int w = 0; w < NA; w++) {
            double best = 1e30;
            for (int rep = 0; rep < 3; rep++) {
                double c0 = mc_cpu_now();
                McAllocation *a = mc_allocate(ssa, order[w], 8, NULL, NULL);
                double c1 = mc_cpu_now();
                if (!a) {
                    fprintf(stderr, "%d instructions, %s: allocation failed\n", (int)n, mc_allocator_name(order[w]));
                    failures++;
                    break;
                }
                mc_allocation_free(a);
                if (c1 - c0 < best) best = c1 - c0;
            }
            if (w == 0) base = best;
            printf("%8d  %-9s %10.3f %7.2fx\n", (int)n, mc_allocator_name(order[w]), best, base > 0 ? best / base : 0);
        }
        mc_func_free(ssa);
    }
    if (failures) printf("%d failures (see above)\n", failures);
    return failures ? 1 : 0;
}
