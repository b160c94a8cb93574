/* allocdump.c - a developer's driver for the improved allocator's colouring
 * (tools/alloc_compare.sh compiles it against a libminicc.a; `make tools`,
 * which `make check` runs, builds it as build/tools/allocdump so it keeps
 * compiling).
 *
 *   allocdump SEED SIZE K [SWITCHES] [trace|time N]
 *
 * generates the function bench/pipeline.c generates (mutable, opaque, at
 * most 16 variables, pieces of at most 300 instructions; the bench's seed
 * is 20261130, its stress seed 20461130), parses its text back as the
 * bench does, builds pruned SSA, runs -O1 and allocates it with the
 * improved allocator at K registers under SWITCHES (the prompt's
 * `name=value,...` list, or - for the defaults). It prints the allocation
 * (mc_allocation_print), with `trace` also the allocation trace; with
 * `time N` it prints nothing but the best CPU seconds of N mc_allocate
 * calls (for profiling: callgrind sees N calls of mc_allocate). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/diag.h"
#include "minicc/gen.h"
#include "minicc/ir.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

static void fail(const char *what, McDiags *d) {
    char line[512];
    fprintf(stderr, "allocdump: %s failed: %s\n", what, d->n ? mc_diag_line(d, 0, line, sizeof line) : "?");
    exit(2);
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: allocdump SEED SIZE K [SWITCHES|-] [trace|time N]\n");
        return 2;
    }
    mc_memory_keep();
    uint64_t seed = strtoull(argv[1], NULL, 10);
    McGenOptions go;
    mc_gen_options_default(&go);
    go.size = atoi(argv[2]);
    go.form = MC_GEN_MUTABLE;
    go.max_vars = 16;
    go.max_construct = 300;
    go.opaque = true;
    int K = atoi(argv[3]);
    const char *sw = argc > 4 ? argv[4] : "-";
    bool trace = argc > 5 && strcmp(argv[5], "trace") == 0;
    int reps = argc > 6 && strcmp(argv[5], "time") == 0 ? atoi(argv[6]) : 0;

    McFunc *g = mc_gen(seed, &go);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    mc_func_print(g, m);
    fclose(m);
    mc_func_free(g);
    McDiags d;
    mc_diags_init(&d, "gen.ir", buf, len);
    McModule *mod = mc_parse("gen.ir", buf, len, &d);
    if (!mod) fail("parse", &d);
    McFunc *ssa = mc_ssa_build(mod->funcs[0], MC_SSA_PRUNED, NULL, &d);
    if (!ssa) fail("ssa", &d);
    McOptOptions oo;
    mc_opt_options_default(&oo);
    oo.verify = false;
    if (!mc_opt_run(ssa, &oo, NULL, &d)) fail("opt", &d);

    McAllocOptions ao;
    mc_alloc_options_default(&ao);
    if (strcmp(sw, "-") != 0) {
        char err[256];
        if (!mc_alloc_option_parse(&ao, sw, err, sizeof err)) {
            fprintf(stderr, "allocdump: %s\n", err);
            return 2;
        }
    }
    if (reps > 0) {
        double best = 1e30;
        for (int i = 0; i < reps; i++) {
            double t0 = mc_cpu_now();
            McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, K, &ao, &d);
            double t1 = mc_cpu_now();
            if (!a) fail("allocate", &d);
            mc_allocation_free(a);
            if (t1 - t0 < best) best = t1 - t0;
        }
        printf("%.4f\n", best);
    } else {
        McAllocTrace tr;
        mc_alloc_trace_init(&tr);
        if (trace) ao.trace = &tr;
        McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, K, &ao, &d);
        if (!a) fail("allocate", &d);
        mc_allocation_print(a, stdout);
        if (trace) mc_alloc_trace_print(&tr, a, stdout);
        mc_allocation_free(a);
        mc_alloc_trace_free(&tr);
    }
    mc_func_free(ssa);
    mc_module_free(mod);
    mc_diags_free(&d);
    free(buf);
    return 0;
}
