/* bench/asm_emit.c - issue 31 §6: the compile time of `minicc emit-asm`,
 * instruction selection and the assembly text, against the pipeline's own
 * time before it.
 *
 * A generated function (mc_gen, mutable form, loops and ifs, every
 * operator; pieces capped at 300 instructions as in bench/pipeline.c)
 * printed as IR text of at least 10,000 lines (and one of about twice as
 * many, for the growth). For each target, in this process:
 *   pipeline  what emit-asm does before emitting: mc_parse of the text
 *             (load and verify), then mc_asm_allocate (SSA, -O1, the
 *             improved allocator on the target's register file under its
 *             convention: x86-64 K = 10, rv64 K = 24)
 *   emit      mc_asm_emit of that allocated program as emit-asm calls it
 *             (no harness, comments on, the tile listing built)
 * Times are process CPU seconds (clock_gettime(CLOCK_PROCESS_CPUTIME_ID)),
 * the fastest of REPS repetitions, sizes and targets interleaved.
 * Goal (issue 31 §6): emitting takes less than the pipeline's own time
 * (emit / pipeline < 1) for both targets at both sizes; a miss at either
 * makes the bench exit 1. `--smoke`: a 600-line function, one repetition,
 * no goal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "minicc/asm.h"
#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/util.h"

enum { REPS = 5, NSIZES = 2, NT = 2 };
static const McTarget targets[NT] = {MC_TARGET_X64, MC_TARGET_RV64};

static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The generated function's IR text of at least min_lines lines (malloc'd). */
static char *gen_text(int32_t size, int min_lines, size_t *len, int *lines) {
    McGenOptions o;
    mc_gen_options_default(&o);
    o.size = size;
    o.form = MC_GEN_MUTABLE;
    o.max_vars = 16;
    o.max_construct = 300;
    o.opaque = true; /* nothing folds away: the optimizer leaves the emitter a function of this size */
    char *buf = NULL;
    for (;;) {
        McFunc *f = mc_gen(2026, &o);
        FILE *m = open_memstream(&buf, len);
        mc_func_print(f, m);
        fclose(m);
        mc_func_free(f);
        *lines = 0;
        for (const char *p = buf; *p; p++) *lines += *p == '\n';
        if (*lines >= min_lines) return buf;
        free(buf);
        o.size += o.size / 4; /* the generator's size is in instructions: grow until the text is long enough */
    }
}

static void fail(const char *what, McDiags *d) {
    fprintf(stderr, "bench/asm_emit: %s failed:\n", what);
    for (int i = 0; i < d->n && i < 5; i++) fprintf(stderr, "  %s\n", d->v[i].msg);
    exit(1);
}

/* One repetition for target t: the pipeline's and the emitter's CPU
 * seconds, and (apart, after the emit) one mc_liveness_out of the allocated
 * function: what the emitters computed for their fusable compares before
 * they asked the values in the compares' locations alone (asm_common.c),
 * shown for comparison. */
static void run_once(const char *text, size_t len, McTarget t, double *pipe, double *emit, double *live,
                     size_t *bytes, int32_t *insts) {
    McDiags d;
    mc_diags_init(&d, "bench.ir", text, len);
    double t0 = cpu_now();
    McModule *m = mc_parse("bench.ir", text, len, &d);
    if (!m) fail("parse", &d);
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = t;
    McProgram p;
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d)) fail("mc_asm_allocate", &d);
    double t1 = cpu_now();
    McAsmListing listing = {0};
    char *asm_text = mc_asm_emit(&p, &o, NULL, &listing, &d);
    double t2 = cpu_now();
    if (!asm_text) fail("mc_asm_emit", &d);
    McLiveness *lv = mc_liveness_out(p.alloc[0]->f, NULL);
    double t3 = cpu_now();
    mc_liveness_free(lv);
    *pipe = t1 - t0;
    *emit = t2 - t1;
    *live = t3 - t2;
    *bytes = strlen(asm_text);
    int32_t n = 0;
    for (int32_t i = 0; i < listing.n; i++) n += listing.tile[i].cost;
    *insts = n;
    free(asm_text);
    mc_asm_listing_free(&listing);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_module_free(m);
    mc_diags_free(&d);
}

int main(int argc, char **argv) {
    bool smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
    int reps = smoke ? 1 : REPS;
    int nsizes = smoke ? 1 : NSIZES;
    const int min_lines[NSIZES] = {smoke ? 600 : 10000, 20000};
    const int32_t gen_size[NSIZES] = {smoke ? 500 : 6000, 12000};
    char *text[NSIZES];
    size_t len[NSIZES];
    int lines[NSIZES];
    for (int s = 0; s < nsizes; s++) text[s] = gen_text(gen_size[s], min_lines[s], &len[s], &lines[s]);
    double best_pipe[NSIZES][NT], best_emit[NSIZES][NT], best_live[NSIZES][NT];
    size_t bytes[NSIZES][NT];
    int32_t insts[NSIZES][NT];
    for (int s = 0; s < nsizes; s++)
        for (int t = 0; t < NT; t++) best_pipe[s][t] = best_emit[s][t] = best_live[s][t] = 1e30;
    for (int r = 0; r < reps; r++)
        for (int s = 0; s < nsizes; s++)
            for (int t = 0; t < NT; t++) {
                double p, e, l;
                run_once(text[s], len[s], targets[t], &p, &e, &l, &bytes[s][t], &insts[s][t]);
                if (p < best_pipe[s][t]) best_pipe[s][t] = p;
                if (e < best_emit[s][t]) best_emit[s][t] = e;
                if (l < best_live[s][t]) best_live[s][t] = l;
            }
    printf("asm_emit: emit-asm's instruction selection and text against the pipeline before it (parse + SSA + "
           "-O1 + improved allocator), CPU seconds, best of %d\n",
           reps);
    printf("%8s %-7s %10s %10s %10s %10s %8s %12s\n", "IR lines", "target", "pipeline", "emit", "emit/pipe",
           "liveness", "KB asm", "instructions");
    bool missed = false, missed2 = false;
    for (int s = 0; s < nsizes; s++)
        for (int t = 0; t < NT; t++) {
            double ratio = best_emit[s][t] / (best_pipe[s][t] > 1e-9 ? best_pipe[s][t] : 1e-9);
            printf("%8d %-7s %10.4f %10.4f %9.2fx %10.4f %8zu %12d\n", lines[s], mc_target_name(targets[t]),
                   best_pipe[s][t], best_emit[s][t], ratio, best_live[s][t], bytes[s][t] / 1024, (int)insts[s][t]);
            if (ratio >= 1.0) *(s == 0 ? &missed : &missed2) = true;
        }
    if (nsizes == NSIZES)
        for (int t = 0; t < NT; t++)
            printf("%s: %d -> %d lines: pipeline %.2fx, emit %.2fx, liveness %.2fx\n", mc_target_name(targets[t]),
                   lines[0], lines[1], best_pipe[1][t] / best_pipe[0][t], best_emit[1][t] / best_emit[0][t],
                   best_live[1][t] / best_live[0][t]);
    printf("goal: emit < pipeline for both targets at %d lines: %s", lines[0], missed ? "missed" : "met");
    if (nsizes == NSIZES) printf(", at %d lines: %s", lines[1], missed2 ? "missed" : "met");
    printf("\n");
    for (int s = 0; s < nsizes; s++) free(text[s]);
    if (smoke) return 0;
    return missed || missed2 ? 1 : 0;
}
