/* bench/pipeline.c - does the whole back end scale linearly?
 *
 * For generated functions (gen.h, mutable form, so SSA construction has real
 * work; ifs and loops of at most 300 instructions each, so a bigger function is
 * more of the same rather than a differently shaped one) of about 10k, 100k
 * and 200k instructions (and 400k, judged by no goal: the doubling once both
 * sizes have outgrown the last-level cache), printed to text first:
 *
 *   baseline  parse + verify of the text (mc_parse verifies)
 *   pipeline  parse + verify -> pruned SSA -> -O1 optimizer -> phi
 *             destruction -> interference -> register allocation (improved,
 *             K = 8), which is what `--stage alloc` does before it runs
 *             anything. Two variants: "checked" is what the stages do:
 *             SSA construction and phi destruction verify their own output,
 *             the optimizer verifies the function after every pass (a
 *             teaching safety net); "fast" verifies once, after the
 *             optimizer (SSA construction and phi destruction skip their
 *             self-checks, the optimizer its per-pass ones). Both check
 *             the allocation (mc_allocation_check).
 *
 * Each phase is also timed on its own (destroy and interference separately,
 * then mc_allocate, which repeats them before colouring). Times are process
 * CPU seconds, the minimum of a few repetitions, so other processes on the
 * machine disturb them little; the repetitions of the sizes are interleaved
 * so that the size ratios compare like conditions.
 *
 * The process keeps freed memory for the next run (mc_memory_keep, as
 * minicc's main() does), and the minor page faults of the best run are
 * printed: repeated runs should need none at any size.
 *
 * Goals, checked in this run (on the fast pipeline; the checked one is
 * printed beside it):
 *   pipeline / baseline <= 20 at every size;
 *   pipeline / baseline <= 6 at 100k (issue 20, goal 4), with the phases
 *   as multiples of the baseline;
 *   time(200k) / time(100k) <= 2.3 for the pipeline (near-linear).
 * A phase whose own doubling is above 2.3 is marked and reported with the
 * working set beside the machine's last-level cache: every phase executes
 * 2.0x the instructions at twice the size (callgrind, see docs/benchmarks.md), so a
 * phase above 2.3 is one whose data stopped fitting in the cache, which the
 * table makes visible rather than hides. Exit status 1 when a goal is
 * missed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* The phases; the "1" ones are the fast variant's (no self-checks). */
enum { P_PARSE, P_SSA, P_SSA1, P_OPT, P_OPT1, P_DESTROY, P_DESTROY1, P_INTERF, P_ALLOC, P_ALLOC1, P_COUNT };
static const char *const phase_name[P_COUNT] = {"parse+verify",   "ssa (checked)", "ssa (fast)",
                                                "opt (checked)",  "opt (fast)",    "destroy (ch.)",
                                                "destroy (fast)", "interf.",       "alloc (checked)",
                                                "alloc (fast)"};

typedef struct Row {
    int32_t target;             /* requested size */
    int32_t insts, phis, blocks; /* of the generated (mutable) function */
    size_t bytes;               /* text size */
    size_t ir_bytes;            /* arena bytes of the SSA function (the optimizer's working set) */
    double t[P_COUNT];          /* best CPU seconds per phase */
    double pipeline;            /* parse + ssa + opt + allocate, checked (allocate includes destroy + interference) */
    double fast;                /* the same, fast */
    long faults;                /* fewest minor page faults of one run */
} Row;

/* One seed for every size: with pieces capped at 300 instructions the
 * generator makes the same decisions until the size runs out, so the
 * smaller function is a prefix of the bigger one (like with like). */
static char *gen_text(uint64_t seed, int32_t size, size_t *len, int32_t *insts, int32_t *phis, int32_t *blocks) {
    McGenOptions o;
    mc_gen_options_default(&o);
    o.size = size;
    o.form = MC_GEN_MUTABLE;
    o.max_vars = 16;
    o.max_construct = 300;
    o.opaque = true;       /* nothing folds away: every phase sees the whole function */ /* a uniform sequence of pieces: sizes compare like with like */
    McFunc *f = mc_gen(seed, &o);
    mc_func_counts(f, insts, phis, blocks);
    char *buf = NULL;
    FILE *m = open_memstream(&buf, len);
    mc_func_print(f, m);
    fclose(m);
    mc_func_free(f);
    return buf;
}

/* The last-level cache as the kernel describes it (sysfs), -1 if unknown. */
static long llc_bytes(void) {
    long best = -1;
    for (int i = 0; i < 8; i++) {
        char path[96], buf[64];
        snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
        FILE *fp = fopen(path, "r");
        if (!fp) continue;
        if (fgets(buf, sizeof buf, fp)) {
            char *end;
            long v = strtol(buf, &end, 10);
            if (*end == 'K') v *= 1024;
            else if (*end == 'M') v *= 1024 * 1024;
            if (v > best) best = v;
        }
        fclose(fp);
    }
    return best;
}

static void fail_diags(const char *what, McDiags *d) {
    char line[512];
    fprintf(stderr, "pipeline bench: %s failed: %s\n", what, d->n ? mc_diag_line(d, 0, line, sizeof line) : "?");
    exit(2);
}

static long minor_faults(void) {
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_minflt : 0;
}

/* One full run; adds each phase's CPU time to t[]. */
static void run_once(const char *src, size_t len, double t[P_COUNT], size_t *ir_bytes, long *faults) {
    long f0 = minor_faults();
    McDiags d;
    mc_diags_init(&d, "bench.ir", src, len);
    double c0 = mc_cpu_now();
    McModule *m = mc_parse("bench.ir", src, len, &d);
    double c1 = mc_cpu_now();
    if (!m) fail_diags("parse", &d);
    McFunc *ssa = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    double c2 = mc_cpu_now();
    if (!ssa) fail_diags("ssa", &d);
    McFunc *ssa_fast = mc_ssa_build_opts(m->funcs[0], MC_SSA_PRUNED, NULL, false, &d);
    double c2f = mc_cpu_now();
    if (!ssa_fast) fail_diags("ssa (fast)", &d);
    mc_func_free(ssa_fast);
    c2f -= c2;
    McFunc *ssa1 = mc_func_clone(ssa);
    *ir_bytes = ssa1->arena.total; /* a fresh copy: no space left behind by construction */
    double c2b = mc_cpu_now();
    if (!mc_opt_run(ssa, NULL, NULL, &d)) fail_diags("opt", &d);
    double c3 = mc_cpu_now();
    McOptOptions oo;
    mc_opt_options_default(&oo);
    oo.verify = false;
    if (!mc_opt_run(ssa1, &oo, NULL, &d) || !mc_verify(ssa1, MC_VERIFY_SSA, &d)) fail_diags("opt (fast)", &d);
    double c3b = mc_cpu_now();
    mc_func_free(ssa1);
    c3b -= c3;
    c3 -= c2b;
    McAllocOptions fast;
    mc_alloc_options_default(&fast);
    fast.no_self_check = true;
    double c4f = mc_cpu_now();
    McDestroyed *x = mc_destroy_phis_opts(ssa, MC_ALLOC_IMPROVED, &fast, &d);
    if (!x) fail_diags("destroy (fast)", &d);
    mc_destroyed_free(x);
    c4f = mc_cpu_now() - c4f;
    double c4s = mc_cpu_now();
    x = mc_destroy_phis(ssa, MC_ALLOC_IMPROVED, &d);
    double c4 = mc_cpu_now();
    if (!x) fail_diags("destroy", &d);
    McIGraph *g = mc_interference(x->f, MC_ALLOC_IMPROVED, NULL);
    double c5 = mc_cpu_now();
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 8, NULL, &d);
    double c6 = mc_cpu_now();
    if (!a) fail_diags("allocate", &d);
    McAllocation *af = mc_allocate(ssa, MC_ALLOC_IMPROVED, 8, &fast, &d);
    double c6f = mc_cpu_now() - c6;
    if (!af) fail_diags("allocate (fast)", &d);
    mc_allocation_free(af);
    t[P_PARSE] = c1 - c0;
    t[P_SSA] = c2 - c1;
    t[P_SSA1] = c2f;
    t[P_OPT] = c3;
    t[P_OPT1] = c3b;
    t[P_DESTROY] = c4 - c4s;
    t[P_DESTROY1] = c4f;
    t[P_INTERF] = c5 - c4;
    t[P_ALLOC] = c6 - c5;
    t[P_ALLOC1] = c6f;
    mc_allocation_free(a);
    mc_igraph_free(g);
    mc_destroyed_free(x);
    mc_func_free(ssa);
    mc_module_free(m);
    mc_diags_free(&d);
    *faults = minor_faults() - f0;
}

static void row_start(Row *r) {
    for (int p = 0; p < P_COUNT; p++) r->t[p] = 1e30;
    r->pipeline = r->fast = 1e30;
    r->faults = -1;
}

static void row_add(Row *r, const char *src) {
    double t[P_COUNT];
    long faults;
    run_once(src, r->bytes, t, &r->ir_bytes, &faults);
    if (r->faults < 0 || faults < r->faults) r->faults = faults;
    for (int p = 0; p < P_COUNT; p++)
        if (t[p] < r->t[p]) r->t[p] = t[p];
    double whole = t[P_PARSE] + t[P_SSA] + t[P_OPT] + t[P_ALLOC];
    if (whole < r->pipeline) r->pipeline = whole;
    double fast = t[P_PARSE] + t[P_SSA1] + t[P_OPT1] + t[P_ALLOC1];
    if (fast < r->fast) r->fast = fast;
}

/* Repetitions of all sizes interleaved (10k 100k 200k 10k 100k ...): the
 * ratios between sizes then compare runs made under the same conditions,
 * and a slow spell of the machine (other processes, frequency) shows in
 * every size alike instead of in one of them. */
static void measure_rows(Row *rows, int n, uint64_t seed, const int *reps) {
    char *src[8];
    int most = 0;
    for (int i = 0; i < n; i++) {
        src[i] = gen_text(seed, rows[i].target, &rows[i].bytes, &rows[i].insts, &rows[i].phis, &rows[i].blocks);
        row_start(&rows[i]);
        if (reps[i] > most) most = reps[i];
    }
    for (int k = 0; k < most; k++)
        for (int i = 0; i < n; i++)
            if (k < reps[i]) row_add(&rows[i], src[i]);
    for (int i = 0; i < n; i++) free(src[i]);
}

int main(int argc, char **argv) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    /* 400k is measured too, but judged by no goal: it shows the doubling
     * once both sizes have outgrown the last-level cache. */
    int32_t sizes[] = {10000, 100000, 200000, 400000};
    int reps[] = {7, 7, 7, 3};
    int nsizes = 4;
    if (argc > 1 && strcmp(argv[1], "--quick") == 0) { /* for smoke tests */
        sizes[1] = 20000;
        sizes[2] = 40000;
        reps[0] = reps[1] = reps[2] = 1;
        nsizes = 3;
    }
    Row rows[4];
    memset(rows, 0, sizeof rows);
    for (int i = 0; i < nsizes; i++) rows[i].target = sizes[i];
    measure_rows(rows, nsizes, 20261130u, reps);
    /* The goal's pair: 100k and 200k (20k and 40k when quick). */
    const Row *lo = &rows[1], *hi = &rows[2];
    bool beyond = nsizes == 4;
    int failures = 0;
    printf("pipeline scale: generated mutable functions, CPU seconds (best of %d run%s%s), improved allocator K=8\n\n",
           reps[1], reps[1] == 1 ? "" : "s", beyond ? "; 3 at 400k" : "");
    printf("%-14s", "phase");
    for (int i = 0; i < nsizes; i++) printf(" %11dk", rows[i].target / 1000);
    printf("   %s%s\n", "x(2n)/x(n)", beyond ? "  400k/200k" : "");
    for (int p = 0; p < P_COUNT; p++) {
        printf("%-14s", phase_name[p]);
        for (int i = 0; i < nsizes; i++) printf(" %12.4f", rows[i].t[p]);
        double g = lo->t[p] > 0 ? hi->t[p] / lo->t[p] : 0;
        bool bad = g > 2.3 && hi->t[p] > 0.05;
        printf("   %5.2f", g);
        if (beyond) printf("  %10.2f", hi->t[p] > 0 ? rows[3].t[p] / hi->t[p] : 0);
        printf("%s\n", bad ? "  <- above 2.3 (reported)" : "");
    }
    double gp = hi->pipeline / lo->pipeline;
    double gf = hi->fast / lo->fast;
    printf("%-14s", "pipe (checked)");
    for (int i = 0; i < nsizes; i++) printf(" %12.4f", rows[i].pipeline);
    printf("   %5.2f", gp);
    if (beyond) printf("  %10.2f", rows[3].pipeline / hi->pipeline);
    printf("\n%-14s", "pipe (fast)");
    for (int i = 0; i < nsizes; i++) printf(" %12.4f", rows[i].fast);
    printf("   %5.2f", gf);
    if (beyond) printf("  %10.2f", rows[3].fast / hi->fast);
    printf("\n");
    printf("%-14s", "instructions");
    for (int i = 0; i < nsizes; i++) printf(" %12d", rows[i].insts);
    printf("\n%-14s", "blocks");
    for (int i = 0; i < nsizes; i++) printf(" %12d", rows[i].blocks);
    printf("\n%-14s", "us / instr.");
    for (int i = 0; i < nsizes; i++) printf(" %12.3f", rows[i].fast / (rows[i].insts ? rows[i].insts : 1) * 1e6);
    printf("   (the fast pipeline's time per instruction: flat while the work is linear and the data fits the cache)");
    printf("\n%-14s", "page faults");
    for (int i = 0; i < nsizes; i++) printf(" %12ld", rows[i].faults);
    printf("   (minor faults of the best run: memory the kernel had to hand out again, ~2 us a page on a VM)");
    printf("\n%-14s", "text bytes");
    for (int i = 0; i < nsizes; i++) printf(" %12zu", rows[i].bytes);
    printf("\n%-14s", "SSA IR MB");
    for (int i = 0; i < nsizes; i++) printf(" %12.1f", (double)rows[i].ir_bytes / (1024.0 * 1024.0));
    long l3 = llc_bytes();
    if (l3 > 0)
        printf("   (last-level cache %.0f MB: a phase whose data outgrows it slows down per instruction)",
               (double)l3 / (1024.0 * 1024.0));
    printf("\n\n");
    for (int i = 0; i < 3; i++) {
        double ratio = rows[i].fast / rows[i].t[P_PARSE];
        double rc = rows[i].pipeline / rows[i].t[P_PARSE];
        bool ok = ratio <= 20.0;
        printf("%6dk: pipeline / (parse + verify) = %6.2f fast, %6.2f checked   (goal <= 20)  %s\n",
               rows[i].target / 1000, ratio, rc, ok ? "ok" : "MISSED");
        if (!ok) failures++;
    }
    /* Issue 20, goal 4: the whole (fast) pipeline at 100k <= 6x parse +
     * verify, and where its time goes (allocate = phi destruction +
     * interference + the colouring: three variants x spill metrics). */
    {
        const Row *r = &rows[1];
        double ratio = r->fast / r->t[P_PARSE];
        double colour = r->t[P_ALLOC1] - r->t[P_DESTROY1] - r->t[P_INTERF];
        if (colour < 0) colour = 0;
        bool ok = ratio <= 6.0;
        printf("%6dk: pipeline / (parse + verify) = %6.2f fast, %6.2f checked   (goal <= 6, issue 20 goal 4)  %s\n",
               r->target / 1000, ratio, r->pipeline / r->t[P_PARSE], ok ? "met" : "NOT met");
        if (!ok) failures++;
        printf("        where the fast pipeline's time goes at %dk (x parse + verify): parse+verify 1.00, ssa %.2f, "
               "opt %.2f, destroy %.2f, interference %.2f, colouring %.2f\n",
               r->target / 1000, r->t[P_SSA1] / r->t[P_PARSE], r->t[P_OPT1] / r->t[P_PARSE],
               r->t[P_DESTROY1] / r->t[P_PARSE], r->t[P_INTERF] / r->t[P_PARSE], colour / r->t[P_PARSE]);
        printf("        the checked pipeline's self-checks (x parse + verify): ssa %.2f, opt %.2f, destroy %.2f\n",
               (r->t[P_SSA] - r->t[P_SSA1]) / r->t[P_PARSE], (r->t[P_OPT] - r->t[P_OPT1]) / r->t[P_PARSE],
               (r->t[P_DESTROY] - r->t[P_DESTROY1]) / r->t[P_PARSE]);
    }
    bool lin = gf <= 2.3;
    printf("pipeline %dk / %dk = %.2f fast, %.2f checked   (goal <= 2.3)  %s\n", hi->target / 1000,
           lo->target / 1000, gf, gp, lin ? "ok" : "MISSED");
    if (!lin) failures++;
    if (beyond)
        printf("pipeline 400k / 200k = %.2f fast, %.2f checked   (no goal: both sizes beyond the cache)\n",
               rows[3].fast / hi->fast, rows[3].pipeline / hi->pipeline);
    /* A known weak spot, shown rather than hidden: with this seed the
     * optimizer (GVN, copy propagation) leaves a number of values live
     * across most of the function that grows with its length, so the
     * interference graph grows quadratically (edges / nodes rises), and the
     * improved allocator's recolouring step, which re-scans the neighbours of
     * each neighbour of a spilled node, more than that. Not counted in the
     * goals: the graph itself is quadratic. */
    Row st[2];
    memset(st, 0, sizeof st);
    st[0].target = 25000;
    st[1].target = 50000;
    const int one[2] = {1, 1};
    measure_rows(st, 2, 20461130u, one);
    printf("\nstress (seed 20461130, long-lived values after GVN), CPU seconds:\n");
    printf("%-14s %12s %12s   %s\n", "phase", "25k", "50k", "x(2n)/x(n)");
    for (int p = 0; p < P_COUNT; p++)
        printf("%-14s %12.4f %12.4f   %5.2f\n", phase_name[p], st[0].t[p], st[1].t[p],
               st[0].t[p] > 0 ? st[1].t[p] / st[0].t[p] : 0);
    if (failures) printf("pipeline bench: %d goal(s) missed\n", failures);
    return failures ? 1 : 0;
}
