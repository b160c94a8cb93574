/* bench/native.c - the native backend (cgen.c, native.c), three ratios, each
 * against a baseline measured in the same run (medians of repeated runs):
 *
 *   1. cold compile: mc_native_build with the cache off (render is not
 *      included; write the C, run $CC/cc, load nothing) against running the
 *      same compiler command alone on the same C file via fork/exec.
 *      Goal <= 1.2x.
 *   2. cached run: whole processes `build/minicc run --stage native swap.ir 7`
 *      with a warm cache against `build/minicc run swap.ir 7` (stage input),
 *      both by fork/exec with output to /dev/null, so process start, parsing,
 *      SSA + optimizer, cache lookup, fork of the child and dlopen are all
 *      in the native figure. Goal <= 1.5x.
 *   3. loop kernels: mc_native_call (fork, dlopen, run, in a child) against
 *      the interpreter's run path mc_code_run, both on the same optimized
 *      SSA. Reported as the interpreter's slowdown (mc_code_run time over
 *      native time), goal <= 8x on every kernel, judged on the native call
 *      as measured (fixed cost included). The fixed cost of one native call
 *      (an empty kernel, measured first) is printed, and the slowdown
 *      against the native time without it too, labelled: that is the
 *      compiled loop alone, the stricter figure for the code itself.
 *   4. cold native run with libtcc (issue 20, goal 5; only in a build with
 *      libtcc): mc_native_execute on a small function (swap, render +
 *      compile + fork + call + wait) with the compiler libtcc (in the child,
 *      nothing cached), against the same with the system compiler cold (the
 *      cache off) and cached (a warm cache: lookup, fork, dlopen). Goal: the
 *      tcc cold run <= 5 ms. Then the loop kernels of 3 called through tcc
 *      (compile included) against the system compiler's -O2 code: tcc does
 *      not optimize, which is why the system compiler stays the default.
 * Medians are printed, and the ratio of the best runs too: on a loaded
 * machine the medians of the process benchmarks mostly measure scheduling
 * (the native run has one more process to wake), the best runs the cost.
 * Results must agree (return value and buffers); the bench fails otherwise.
 * The cache is a private temporary directory, removed at the end. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

static const char *swap_ir = "func swap(i32 n) {\n"
                             "entry:\n    i0 = copy 0\n    jump head\n"
                             "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
                             "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
                             "body:\n    i1 = add i, 1\n    jump head\n"
                             "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";

/* R passes summing b[0..n) (SSA, nested loops, one load per element). */
static const char *sum_ir = "func sum(buf b, i32 n, i32 R) {\n"
                            "entry:\n  jump outer\n"
                            "outer:\n  r = phi [entry: 0], [latch: r1]\n  s = phi [entry: 0], [latch: t]\n"
                            "  c = lt r, R\n  branch c, inner, done\n"
                            "inner:\n  i = phi [outer: 0], [inner: i1]\n  t0 = phi [outer: s], [inner: t]\n"
                            "  x = load b, i\n  t = add t0, x\n  i1 = add i, 1\n  k = lt i1, n\n"
                            "  branch k, inner, latch\n"
                            "latch:\n  r1 = add r, 1\n  jump outer\n"
                            "done:\n  return s\n}\n";

/* An n x n nested loop of arithmetic and compares (SSA). */
static const char *nest_ir = "func nest(i32 n) {\n"
                             "entry:\n  jump oh\n"
                             "oh:\n  i = phi [entry: 0], [ol: i1]\n  acc = phi [entry: 0], [ol: a1]\n"
                             "  c = lt i, n\n  branch c, pre, done\n"
                             "pre:\n  jump ih\n"
                             "ih:\n  j = phi [pre: 0], [ih: j1]\n  a = phi [pre: acc], [ih: a1]\n"
                             "  m = mul i, j\n  x = add a, m\n  y = sub x, j\n  z = lt y, 0\n  a1 = add y, z\n"
                             "  j1 = add j, 1\n  k = lt j1, n\n  branch k, ih, ol\n"
                             "ol:\n  i1 = add i, 1\n  jump oh\n"
                             "done:\n  return acc\n}\n";

/* Mutable form: R passes storing i*i + r into b[0..n). */
static const char *fill_ir = "func fill(buf b, i32 n, i32 R) {\n"
                             "entry:\n  r = copy 0\n  jump oh\n"
                             "oh:\n  c = lt r, R\n  branch c, ib, done\n"
                             "ib:\n  i = copy 0\n  jump ih\n"
                             "ih:\n  v = mul i, i\n  v = add v, r\n  store b, i, v\n  i = add i, 1\n"
                             "  k = lt i, n\n  branch k, ih, ol\n"
                             "ol:\n  r = add r, 1\n  jump oh\n"
                             "done:\n  x = load b, 7\n  return x\n}\n";

static const char *empty_ir = "func empty() {\ne:\n  return 0\n}\n";

static McFunc *load_ssa(const char *text) {
    McDiags d;
    mc_diags_init(&d, "bench.ir", text, strlen(text));
    McModule *m = mc_parse("bench.ir", text, strlen(text), &d);
    if (!m) {
        mc_diags_print(&d, stderr, true);
        exit(1);
    }
    McFunc *f = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    if (!f || !mc_opt_run(f, NULL, NULL, &d)) {
        mc_diags_print(&d, stderr, true);
        exit(1);
    }
    mc_module_free(m);
    mc_diags_free(&d);
    return f;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* After median() sorted v. */
static double best(const double *v) { return v[0]; }

/* fork/exec argv with stdout and stderr to /dev/null; returns wall seconds,
 * and the exit status in *status. */
static double spawn(char *const argv[], int *status) {
    double t0 = mc_now();
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(1);
    }
    if (pid == 0) {
        int fd = open("/dev/null", O_WRONLY);
        if (fd >= 0) {
            dup2(fd, 1);
            dup2(fd, 2);
        }
        execvp(argv[0], argv);
        _exit(127);
    }
    int st = 0;
    waitpid(pid, &st, 0);
    double t = mc_now() - t0;
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    return t;
}

static void write_text(const char *path, const char *s) {
    FILE *fp = fopen(path, "w");
    if (!fp || fputs(s, fp) < 0 || fclose(fp) != 0) {
        perror(path);
        exit(1);
    }
}

/* ---- 1. cold compile ------------------------------------------------------------ */

static void bench_compile(const char *tmp) {
    enum { REPS = 9 };
    McFunc *f = load_ssa(sum_ir);
    char *src = mc_cgen_render(f);
    char cpath[512], sopath[512];
    snprintf(cpath, sizeof cpath, "%s/alone.c", tmp);
    snprintf(sopath, sizeof sopath, "%s/alone.so", tmp);
    write_text(cpath, src);
    const char *cc = getenv("CC");
    char *ccw = mc_xstrdup(cc && *cc ? cc : "cc");
    char *argv[64];
    int k = 0;
    for (char *t = strtok(ccw, " \t"); t && k < 50; t = strtok(NULL, " \t")) argv[k++] = t;
    const char *flags[] = {"-std=c11", "-O2", "-fPIC", "-shared", "-o", sopath, cpath};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) argv[k++] = (char *)flags[i];
    argv[k] = NULL;
    double alone[REPS], ours[REPS];
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.no_cache = true;
    for (int r = 0; r < REPS; r++) {
        int st;
        alone[r] = spawn(argv, &st);
        if (st != 0) {
            fprintf(stderr, "bench: the compiler alone failed (status %d)\n", st);
            exit(1);
        }
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        double t0 = mc_now();
        McNative *n = mc_native_build(f, src, &o, NULL, &d);
        ours[r] = mc_now() - t0;
        if (!n) {
            mc_diags_print(&d, stderr, false);
            exit(1);
        }
        mc_native_free(n);
        mc_diags_free(&d);
    }
    double a = median(alone, REPS), b = median(ours, REPS);
    printf("cold compile (sum kernel, %zu bytes of C): compiler alone %.1f ms, mc_native_build %.1f ms, "
           "ratio %.2fx (best of %d: %.2fx) (goal <= 1.2x)\n",
           strlen(src), a * 1e3, b * 1e3, b / a, REPS, best(ours) / best(alone));
    free(ccw);
    free(src);
    mc_func_free(f);
}

/* ---- 2. cached run, whole processes ---------------------------------------------- */

static void bench_cached_run(const char *tmp) {
    enum { REPS = 21 };
    const char *build = getenv("BUILD");
    char minicc[512], irpath[512];
    snprintf(minicc, sizeof minicc, "%s/minicc", build && *build ? build : "build");
    if (access(minicc, X_OK) != 0) {
        printf("cached run: skipped (%s not built)\n", minicc);
        return;
    }
    snprintf(irpath, sizeof irpath, "%s/swap.ir", tmp);
    write_text(irpath, swap_ir);
    char *input[] = {minicc, "run", irpath, "7", NULL};
    char *native[] = {minicc, "run", "--stage", "native", irpath, "7", NULL};
    int st;
    spawn(native, &st); /* warm the cache */
    if (st != 0) {
        fprintf(stderr, "bench: minicc run --stage native failed (status %d)\n", st);
        exit(1);
    }
    double a[REPS], b[REPS];
    for (int r = 0; r < REPS; r++) {
        a[r] = spawn(input, &st);
        if (st != 0) exit(1);
        b[r] = spawn(native, &st);
        if (st != 0) exit(1);
    }
    double x = median(a, REPS), y = median(b, REPS);
    printf("cached run (minicc run swap.ir 7, whole process): --stage input %.2f ms, --stage native %.2f ms, "
           "ratio %.2fx (best of %d: %.2fx) (goal <= 1.5x)\n",
           x * 1e3, y * 1e3, y / x, REPS, best(b) / best(a));
}

/* ---- 3. kernels --------------------------------------------------------------------- */

static McArgs kernel_args(const McFunc *f, int32_t buflen, const int32_t *scalars) {
    McArgs a;
    a.n = f->nparams;
    a.v = mc_xcalloc((size_t)a.n + 1, sizeof *a.v);
    int s = 0;
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind == MC_VAL_BUF) {
            a.v[p].is_buf = true;
            a.v[p].len = buflen;
            a.v[p].data = mc_xcalloc((size_t)buflen, sizeof(int32_t));
            for (int32_t i = 0; i < buflen; i++) a.v[p].data[i] = (i * 7) % 13 - 6;
        } else {
            a.v[p].scalar = scalars[s++];
        }
    }
    return a;
}

/* Returns the median native call time; *slowdown (if not NULL) gets the
 * median mc_code_run time over it. `fixed` is the fixed cost of one call,
 * subtracted for the second, labelled figure. */
static double bench_kernel(const char *name, const char *text, int32_t buflen, const int32_t *scalars,
                           const McNativeOptions *o, double fixed, double *slowdown) {
    enum { REPS = 5 };
    McFunc *f = load_ssa(text);
    McCode *code = mc_code_new(f);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_compile(f, o, NULL, &d);
    if (!n) {
        mc_diags_print(&d, stderr, false);
        exit(1);
    }
    double ti[REPS], tn[REPS];
    int64_t insts = 0;
    for (int r = 0; r < REPS; r++) {
        McArgs a = kernel_args(f, buflen, scalars), b = kernel_args(f, buflen, scalars);
        double t0 = mc_now();
        McOutcome x = mc_code_run(code, &a, INT64_MAX / 4);
        ti[r] = mc_now() - t0;
        McOutcome y;
        t0 = mc_now();
        if (!mc_native_call(n, &b, 60, &y, &d)) {
            mc_diags_print(&d, stderr, false);
            exit(1);
        }
        tn[r] = mc_now() - t0;
        if (!mc_outcome_same(&x, &a, &y, &b)) {
            char s1[200], s2[200];
            fprintf(stderr, "bench: %s: interpreter %s, native %s\n", name, mc_outcome_str(&x, s1, sizeof s1),
                    mc_outcome_str(&y, s2, sizeof s2));
            exit(1);
        }
        insts = x.insts;
        mc_args_free(&a);
        mc_args_free(&b);
    }
    double i = median(ti, REPS), nt = median(tn, REPS);
    if (slowdown) { /* a kernel of 3 (not the empty one, nor a run of 4) */
        double bi = best(ti), bn = best(tn), loop = nt - fixed > 1e-6 ? nt - fixed : 1e-6;
        printf("  %-6s %11lld insts: mc_code_run %7.2f ms (%6.1f M insts/s), native call %6.2f ms; "
               "interp/native %5.1fx (best of %d: %5.1fx); without the fixed call cost %5.2f ms: %5.1fx\n",
               name, (long long)insts, i * 1e3, (double)insts / i / 1e6, nt * 1e3, i / nt, REPS, bi / bn,
               loop * 1e3, i / loop);
        *slowdown = i / nt;
    }
    mc_native_free(n);
    mc_code_free(code);
    mc_diags_free(&d);
    mc_func_free(f);
    return nt;
}

/* ---- 4. cold native runs with libtcc -------------------------------------------- */

/* Median wall time of mc_native_execute(swap, 7) with options o (REPS runs). */
static double cold_run(const McFunc *f, const McNativeOptions *o, double *best_out) {
    enum { REPS = 21 };
    double t[REPS];
    for (int r = 0; r < REPS; r++) {
        McArgs a = kernel_args(f, 0, (const int32_t[]){7});
        McOutcome out;
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        double t0 = mc_now();
        bool ok = mc_native_execute(f, o, &a, &out, &d);
        t[r] = mc_now() - t0;
        if (!ok || out.kind != MC_RETURNED || out.value != 21) {
            mc_diags_print(&d, stderr, false);
            fprintf(stderr, "bench: swap(7) natively (%s) did not return 21\n", mc_native_compiler_name(o->compiler));
            exit(1);
        }
        mc_diags_free(&d);
        mc_args_free(&a);
    }
    double m = median(t, REPS);
    *best_out = best(t);
    return m;
}

static void bench_tcc(const char *cache) {
    if (!mc_native_tcc_available()) {
        printf("cold native run with libtcc: skipped (this minicc was built without libtcc)\n");
        return;
    }
    McFunc *f = load_ssa(swap_ir);
    McNativeOptions tcc, cold, warm;
    memset(&tcc, 0, sizeof tcc);
    tcc.compiler = MC_NATIVE_TCC;
    cold = tcc;
    cold.compiler = MC_NATIVE_SYSTEM;
    cold.no_cache = true;
    warm = cold;
    warm.no_cache = false;
    warm.cache_dir = cache;
    double bt, bc, bw;
    double t = cold_run(f, &tcc, &bt), c = cold_run(f, &cold, &bc), w = cold_run(f, &warm, &bw);
    printf("cold native run (swap 7: render, compile, fork, call; medians of 21):\n"
           "  tcc (in the child) %.2f ms, system cc cold %.2f ms, system cc cached %.2f ms\n"
           "  system cold / tcc %.1fx (best: %.1fx), system cached / tcc %.2fx (best: %.2fx)\n"
           "  tcc cold run %.2f ms (goal <= 5 ms): %s\n",
           t * 1e3, c * 1e3, w * 1e3, c / t, bc / bt, w / t, bw / bt, t * 1e3, t <= 0.005 ? "met" : "NOT met");
    mc_func_free(f);
    printf("loop kernels through tcc (compile included) against the system compiler's -O2 code:\n");
    const int32_t sum_s[] = {1000, 3000}, nest_s[] = {1500}, fill_s[] = {1000, 2000};
    struct {
        const char *name, *ir;
        int32_t buflen;
        const int32_t *s;
    } k[] = {{"sum", sum_ir, 1000, sum_s}, {"nest", nest_ir, 0, nest_s}, {"fill", fill_ir, 1000, fill_s}};
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        double sys = bench_kernel(k[i].name, k[i].ir, k[i].buflen, k[i].s, &warm, 0, NULL);
        double tc = bench_kernel(k[i].name, k[i].ir, k[i].buflen, k[i].s, &tcc, 0, NULL);
        printf("  %-6s system cc (cached) %6.2f ms, tcc %6.2f ms: tcc/system %.2fx\n", k[i].name, sys * 1e3,
               tc * 1e3, tc / sys);
    }
}

int main(void) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    char tmp[] = "/tmp/minicc-bench-native-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    char cache[600];
    snprintf(cache, sizeof cache, "%s/cache", tmp);
    setenv("XDG_CACHE_HOME", cache, 1); /* for the minicc processes of bench 2 */
    bench_compile(tmp);
    bench_cached_run(tmp);
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.cache_dir = cache;
    double empty = 0;
    for (int r = 0; r < 3; r++) empty = bench_kernel("empty", empty_ir, 0, NULL, &o, 0, NULL);
    printf("loop kernels (same optimized SSA; a native call includes fork + dlopen in the child):\n");
    printf("  fixed cost of one native call (fork, dlopen, wait; empty kernel): %.2f ms\n", empty * 1e3);
    const int32_t sum_s[] = {1000, 3000}, nest_s[] = {1500}, fill_s[] = {1000, 2000};
    double sd[3] = {0, 0, 0};
    bench_kernel("sum", sum_ir, 1000, sum_s, &o, empty, &sd[0]);
    bench_kernel("nest", nest_ir, 0, nest_s, &o, empty, &sd[1]);
    bench_kernel("fill", fill_ir, 1000, fill_s, &o, empty, &sd[2]);
    double worst = sd[0] > sd[1] ? sd[0] : sd[1];
    if (sd[2] > worst) worst = sd[2];
    printf("interpreter (mc_code_run) vs native call, worst kernel: %.1fx slower (goal <= 8x): %s\n", worst,
           worst <= 8.0 ? "met" : "NOT met");
    bench_tcc(cache);
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0) return 1;
    return 0;
}
