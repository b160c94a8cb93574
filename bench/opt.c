/* bench/opt.c - what the -O1 optimizer buys, in dynamic instructions.
 *
 * For every function of every .ir file in bench/kernels (kernels written the
 * way a naive front end emits them: copies before every use, recomputed address
 * arithmetic, constant flags guarding dead checks), run with the arguments of
 * the file's `# args:` line:
 *
 *   before  pruned SSA, unoptimized (what -O0 feeds the back ends)
 *   after   the same SSA after the -O1 pipeline
 *
 * and print McOutcome.insts of each (instructions executed, terminators not
 * counted), the ratio after / before and the geometric mean of the ratios.
 * Goal: geometric mean <= 0.80 (at least 20% fewer dynamic instructions).
 * Also the summed ratio over 200 generated programs (gen.h), for scale.
 * Every run must agree with the input interpreter, else the bench fails.
 * Run from the repository root (bench/run.sh does). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

static int failures;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Outcomes of input, -O0 SSA and -O1 SSA; false when they disagree. */
static bool measure(const McFunc *f, const McArgs *args, int64_t insts[3], const char *label) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    McFunc *opt = ssa ? mc_func_clone(ssa) : NULL;
    if (!opt || !mc_opt_run(opt, NULL, NULL, &d)) {
        fprintf(stderr, "%s: ", label);
        mc_diags_print(&d, stderr, false);
        mc_func_free(ssa);
        mc_func_free(opt);
        mc_diags_free(&d);
        return false;
    }
    const McFunc *stages[3] = {f, ssa, opt};
    McOutcome out[3];
    McArgs after[3];
    bool ok = true;
    for (int s = 0; s < 3; s++) {
        mc_args_copy(&after[s], args);
        out[s] = mc_run(stages[s], &after[s], 0);
        insts[s] = out[s].insts;
        if (s > 0 && !mc_outcome_same(&out[0], &after[0], &out[s], &after[s])) ok = false;
    }
    if (!ok) fprintf(stderr, "%s: outcomes disagree after optimization\n", label);
    for (int s = 0; s < 3; s++) mc_args_free(&after[s]);
    mc_func_free(ssa);
    mc_func_free(opt);
    mc_diags_free(&d);
    return ok;
}

/* The words after `# args:` in the file text, split at blanks (malloc'd). */
static int args_words(const char *src, char ***out) {
    const char *p = strstr(src, "# args:");
    *out = NULL;
    if (!p) return 0;
    p += strlen("# args:");
    const char *e = strchr(p, '\n');
    if (!e) e = p + strlen(p);
    char **w = mc_xmalloc(64 * sizeof *w);
    int n = 0;
    while (p < e && n < 64) {
        while (p < e && (*p == ' ' || *p == '\t')) p++;
        const char *s = p;
        while (p < e && *p != ' ' && *p != '\t') p++;
        if (p > s) w[n++] = mc_xstrndup(s, (size_t)(p - s));
    }
    *out = w;
    return n;
}

int main(void) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    const char *dir = "bench/kernels";
    DIR *dp = opendir(dir);
    if (!dp) {
        fprintf(stderr, "bench/opt: cannot open %s (run from the repository root)\n", dir);
        return 1;
    }
    char *names[256];
    int nfiles = 0;
    struct dirent *de;
    while ((de = readdir(dp)) && nfiles < 256) {
        size_t len = strlen(de->d_name);
        if (len > 3 && strcmp(de->d_name + len - 3, ".ir") == 0) names[nfiles++] = mc_xstrdup(de->d_name);
    }
    closedir(dp);
    qsort(names, (size_t)nfiles, sizeof *names, cmp_str);

    printf("dynamic instructions executed (terminators not counted), -O0 SSA vs -O1\n");
    printf("%-10s %10s %10s %10s %8s\n", "kernel", "input", "-O0 ssa", "-O1", "ratio");
    double logsum = 0;
    int nk = 0;
    for (int i = 0; i < nfiles; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        McDiags d;
        mc_diags_init(&d, path, NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(path, &d, &src);
        if (!m) {
            mc_diags_print(&d, stderr, false);
            failures++;
        }
        char **words = NULL;
        int nw = src ? args_words(src, &words) : 0;
        for (int32_t k = 0; m && k < m->nfuncs; k++) {
            McFunc *f = m->funcs[k];
            McArgs args;
            if (!mc_args_parse(f, nw, words, &args, &d)) {
                mc_diags_print(&d, stderr, false);
                failures++;
                continue;
            }
            int64_t insts[3];
            if (!measure(f, &args, insts, f->name)) {
                failures++;
            } else if (insts[1] > 0) {
                double r = (double)insts[2] / (double)insts[1];
                printf("%-10s %10lld %10lld %10lld %8.3f\n", f->name, (long long)insts[0], (long long)insts[1],
                       (long long)insts[2], r);
                logsum += log(r > 0 ? r : 1e-9);
                nk++;
            }
            mc_args_free(&args);
        }
        for (int w = 0; w < nw; w++) free(words[w]);
        free(words);
        free(src);
        mc_module_free(m);
        mc_diags_free(&d);
        free(names[i]);
    }
    double geo = nk ? exp(logsum / nk) : 1.0;
    printf("geometric mean of -O1 / -O0 over %d kernels: %.3f (%.1f%% fewer dynamic instructions; goal >= 20%%: %s)\n",
           nk, geo, (1 - geo) * 100, geo <= 0.80 ? "met" : "NOT met");

    int64_t gsum[3] = {0, 0, 0};
    for (uint64_t seed = 1; seed <= 200; seed++) {
        McFunc *f = mc_gen(seed, NULL);
        McArgs args;
        mc_gen_args(f, seed, &args);
        int64_t insts[3];
        char label[64];
        snprintf(label, sizeof label, "gen seed %llu", (unsigned long long)seed);
        if (!measure(f, &args, insts, label)) failures++;
        for (int s = 0; s < 3; s++) gsum[s] += insts[s];
        mc_args_free(&args);
        mc_func_free(f);
    }
    printf("200 generated programs (gen.h, not front-end style): -O0 %lld, -O1 %lld, ratio %.3f\n",
           (long long)gsum[1], (long long)gsum[2], gsum[1] ? (double)gsum[2] / (double)gsum[1] : 1.0);
    if (failures) printf("bench/opt: %d FAILURES\n", failures);
    return failures ? 1 : 0;
}
