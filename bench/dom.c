/* bench/dom.c - dominators and the back end on a wide join.
 *
 * An if-else-if chain of N arms joining in one block, the shape a lowered
 * `switch` gives (entry; cI: t = eq x, I; branch t, aI, c(I+1); aI: r = mul
 * x, K; jump done; a default; done: return r), at N = 8k, 16k and 32k arms:
 *
 *   dominators  mc_cfg_build_dom (edges, reverse postorder, Lengauer-Tarjan,
 *               dominator tree) and mc_cfg_build (the same plus dominance
 *               frontiers and loops) on the mutable function;
 *   pipeline    parse + verify -> pruned SSA (one phi of N + 1 entries) ->
 *               -O1 optimizer (verifying after every pass, as the opt stage
 *               does) -> the run path (mc_run, which builds the pre-decoded
 *               code) -> register allocation with both allocators at K = 4,
 *               i.e. what `minicc check` does apart from native code; once
 *               with arms `r = mul x, K` and once with every arm and the
 *               default `r = copy 5` ("pipe.(=5)"): the phi stays constant
 *               while SCCP marks its edges one by one, then SCCP empties the
 *               arms and simplifycfg bypasses them all into the join.
 *
 * The baseline, measured in the same run: the same chains through the
 * dominator iteration cfg.c used before (Cooper, Harvey and Kennedy's, kept
 * here over the built graph's predecessors and reverse postorder), whose
 * time grows with the square of the arms.
 *
 * Goal, checked in this run: doubling the arms costs at most 2.3x the time
 * (16k/8k and 32k/16k), for the dominators and for both pipelines. Times are
 * process CPU seconds, the best of several repetitions, the sizes
 * interleaved so that a slow spell of the machine hits all of them. Exit
 * status 1 when a goal is missed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "chk_ref.h"

enum { NSIZES = 3, T_DOM, T_CFG, T_PIPE, T_CHK, T_PIPE5, P_PARSE, P_SSA, P_OPT, P_RUN, P_ALLOCI, P_ALLOCB, T_N };
static const char *const phase_name[] = {"parse+verify", "ssa", "opt", "run", "alloc impr.", "alloc base."};
static const int32_t arms[NSIZES] = {8000, 16000, 32000};

/* The chain as IR text (malloc'd). */
static char *switch_text(int32_t n, bool constant, size_t *len) {
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    fprintf(m, "func sw(i32 x) {\nentry:\n    r = copy -1\n    jump c0\n");
    for (int32_t i = 0; i < n; i++) {
        fprintf(m, "c%d:\n    t = eq x, %d\n    branch t, a%d, ", (int)i, (int)i, (int)i);
        if (i + 1 < n) fprintf(m, "c%d\n", (int)i + 1);
        else fprintf(m, "dflt\n");
        if (constant) fprintf(m, "a%d:\n    r = copy 5\n    jump done\n", (int)i);
        else fprintf(m, "a%d:\n    r = mul x, %d\n    jump done\n", (int)i, (int)(i % 97 + 2));
    }
    fprintf(m, "dflt:\n    r = copy %d\n    jump done\ndone:\n    return r\n}\n", constant ? 5 : 7);
    fclose(m);
    return buf;
}

static void fail(const char *what, McDiags *d) {
    char line[512];
    fprintf(stderr, "dom bench: %s failed: %s\n", what, d && d->n ? mc_diag_line(d, 0, line, sizeof line) : "?");
    exit(2);
}

typedef struct Size {
    char *src, *src5; /* arms r = mul x, K; arms r = copy 5 */
    size_t len, len5;
    McModule *m; /* parsed once for the dominator timings */
    double t[T_N];
    int32_t blocks;
    int64_t ret, ret5;
} Size;

static void best(double *slot, double t) {
    if (t < *slot) *slot = t;
}

/* The pipeline on one text: best total into *total, best phases into
 * phase[0..6) unless NULL; returns what the function returned on 77. */
static int64_t pipeline(const char *src, size_t len, double *total, double *phase) {
    McDiags d;
    mc_diags_init(&d, "switch.ir", src, len);
    double p[7];
    p[0] = mc_cpu_now();
    McModule *m = mc_parse("switch.ir", src, len, &d);
    if (!m) fail("parse", &d);
    p[1] = mc_cpu_now();
    McFunc *ssa = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    if (!ssa) fail("ssa", &d);
    p[2] = mc_cpu_now();
    if (!mc_opt_run(ssa, NULL, NULL, &d)) fail("opt", &d);
    p[3] = mc_cpu_now();
    char arg[] = "77", *argv[] = {arg};
    McArgs a;
    if (!mc_args_parse(ssa, 1, argv, &a, &d)) fail("args", &d);
    McOutcome out = mc_run(ssa, &a, 0);
    p[4] = mc_cpu_now();
    McAllocation *ai = mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, NULL, &d);
    p[5] = mc_cpu_now();
    McAllocation *ab = ai ? mc_allocate(ssa, MC_ALLOC_BASELINE, 4, NULL, &d) : NULL;
    if (!ab) fail("allocate", &d);
    p[6] = mc_cpu_now();
    best(total, p[6] - p[0]);
    for (int k = 0; phase && k < 6; k++) best(&phase[k], p[k + 1] - p[k]);
    if (out.kind != MC_RETURNED) fail("run", NULL);
    mc_allocation_free(ai);
    mc_allocation_free(ab);
    mc_args_free(&a);
    mc_func_free(ssa);
    mc_module_free(m);
    mc_diags_free(&d);
    return out.value;
}

static void measure(Size *s, int with_chk) {
    const McFunc *f = s->m->funcs[0];
    /* The dominators take about a millisecond: time a batch of builds. */
    enum { BATCH = 20 };
    double c0 = mc_cpu_now();
    for (int k = 0; k < BATCH; k++) mc_cfg_free(mc_cfg_build_dom(f));
    double c1 = mc_cpu_now();
    for (int k = 0; k < BATCH; k++) mc_cfg_free(mc_cfg_build(f));
    double c2 = mc_cpu_now();
    best(&s->t[T_DOM], (c1 - c0) / BATCH);
    best(&s->t[T_CFG], (c2 - c1) / BATCH);
    if (with_chk) {
        McCfg *c = mc_cfg_build_dom(f);
        int32_t *idom = mc_xmalloc((size_t)c->nblocks * sizeof *idom);
        double k0 = mc_cpu_now();
        chk_idom(c, idom);
        best(&s->t[T_CHK], mc_cpu_now() - k0);
        for (int32_t b = 0; b < c->nblocks; b++)
            if (idom[b] != c->idom[b]) {
                fprintf(stderr, "dom bench: CHK and Lengauer-Tarjan disagree at block %d\n", (int)b);
                exit(2);
            }
        free(idom);
        mc_cfg_free(c);
    }
    s->ret = pipeline(s->src, s->len, &s->t[T_PIPE], &s->t[P_PARSE]);
    s->ret5 = pipeline(s->src5, s->len5, &s->t[T_PIPE5], NULL);
}

int main(void) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    Size s[NSIZES];
    for (int i = 0; i < NSIZES; i++) {
        memset(&s[i], 0, sizeof s[i]);
        s[i].src = switch_text(arms[i], false, &s[i].len);
        s[i].src5 = switch_text(arms[i], true, &s[i].len5);
        McDiags d;
        mc_diags_init(&d, "switch.ir", s[i].src, s[i].len);
        s[i].m = mc_parse("switch.ir", s[i].src, s[i].len, &d);
        if (!s[i].m) fail("parse", &d);
        mc_diags_free(&d);
        s[i].blocks = s[i].m->funcs[0]->nblocks;
        for (int t = T_DOM; t < T_N; t++) s[i].t[t] = 1e30;
    }
    /* Interleaved repetitions; CHK (seconds at 32k) only twice. */
    for (int k = 0; k < 7; k++)
        for (int i = 0; i < NSIZES; i++) measure(&s[i], k < 2);

    printf("wide join: an if-else-if chain of N arms joining in one block (a lowered switch)\n");
    printf("CPU seconds, best of 7 (CHK: of 2); ratio = time / time at half the arms\n");
    printf("%-7s %7s %11s %6s %11s %6s %10s %6s %10s %6s %10s %6s\n", "arms", "blocks", "dominators", "ratio",
           "cfg+df", "ratio", "pipeline", "ratio", "pipe.(=5)", "ratio", "CHK (old)", "ratio");
    double worst_dom = 0, worst_pipe = 0;
    const int cols[5] = {T_DOM, T_CFG, T_PIPE, T_PIPE5, T_CHK};
    for (int i = 0; i < NSIZES; i++) {
        char r[5][16];
        for (int c = 0; c < 5; c++) {
            snprintf(r[c], sizeof r[c], "%s", "-");
            if (i == 0) continue;
            double ratio = s[i].t[cols[c]] / s[i - 1].t[cols[c]];
            snprintf(r[c], sizeof r[c], "%.2fx", ratio);
            if (c < 2 && ratio > worst_dom) worst_dom = ratio;
            if ((c == 2 || c == 3) && ratio > worst_pipe) worst_pipe = ratio;
        }
        printf("%-7d %7d %11.5f %6s %11.5f %6s %10.4f %6s %10.4f %6s %10.4f %6s\n", (int)arms[i], (int)s[i].blocks,
               s[i].t[T_DOM], r[0], s[i].t[T_CFG], r[1], s[i].t[T_PIPE], r[2], s[i].t[T_PIPE5], r[3], s[i].t[T_CHK],
               r[4]);
    }
    printf("pipeline by phase, arms r = mul x, K (CPU seconds at %d / %d / %d arms; ratios 16k/8k, 32k/16k):\n", (int)arms[0],
           (int)arms[1], (int)arms[2]);
    for (int k = 0; k < 6; k++) {
        const double *a = &s[0].t[P_PARSE + k], *b = &s[1].t[P_PARSE + k], *c = &s[2].t[P_PARSE + k];
        printf("  %-13s %9.4f %9.4f %9.4f   %5.2fx %5.2fx\n", phase_name[k], *a, *b, *c, *b / *a, *c / *b);
    }
    for (int i = 0; i < NSIZES; i++)
        if (s[i].ret != 77 * (77 % 97 + 2) || s[i].ret5 != 5) {
            fprintf(stderr, "dom bench: %d arms returned %lld\n", (int)arms[i], (long long)s[i].ret);
            return 2;
        }
    printf("Lengauer-Tarjan / CHK at %d arms: %.1fx faster\n", (int)arms[NSIZES - 1],
           s[NSIZES - 1].t[T_CHK] / s[NSIZES - 1].t[T_DOM]);
    bool ok_dom = worst_dom <= 2.3, ok_pipe = worst_pipe <= 2.3;
    printf("doubling the arms: dominators at most %.2fx, pipeline at most %.2fx (goal <= 2.3x each): %s\n", worst_dom,
           worst_pipe, ok_dom && ok_pipe ? "met" : "NOT met");
    for (int i = 0; i < NSIZES; i++) {
        free(s[i].src);
        free(s[i].src5);
        mc_module_free(s[i].m);
    }
    return ok_dom && ok_pipe ? 0 : 1;
}
