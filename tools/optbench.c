/* optbench.c - the -O1 optimizer alone on one IR file, as bench/pipeline.c
 * runs its "fast" variant (verify once at the end): parse, pruned SSA, then
 * REPS times optimize a fresh copy; prints the best and median CPU seconds.
 * Built against two libraries (cc ... tools/optbench.c LIB.a -lm), it
 * compares two optimizers interleaved; under callgrind use REPS = 1. `make
 * tools`, which `make check` runs, builds it as build/tools/optbench.
 *
 * usage: optbench FILE.ir [REPS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: optbench FILE.ir [REPS]\n");
        return 2;
    }
    mc_memory_keep();
    int reps = argc > 2 ? atoi(argv[2]) : 5;
    if (reps < 1) reps = 1;
    size_t len;
    char *src = mc_read_file(argv[1], &len);
    if (!src) {
        perror(argv[1]);
        return 2;
    }
    McDiags d;
    mc_diags_init(&d, argv[1], src, len);
    McModule *m = mc_parse(argv[1], src, len, &d);
    if (!m) return 2;
    McFunc *ssa = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    if (!ssa) return 2;
    double *t = malloc((size_t)reps * sizeof *t);
    for (int r = 0; r < reps; r++) {
        McFunc *f = mc_func_clone(ssa);
        McOptOptions oo;
        mc_opt_options_default(&oo);
        oo.verify = false;
        double c0 = mc_cpu_now();
        if (!mc_opt_run(f, &oo, NULL, &d)) return 2;
        t[r] = mc_cpu_now() - c0;
        if (!mc_verify(f, MC_VERIFY_SSA, &d)) return 2;
        mc_func_free(f);
    }
    qsort(t, (size_t)reps, sizeof *t, cmp_double);
    printf("%.4f %.4f\n", t[0], t[reps / 2]);
    return 0;
}
