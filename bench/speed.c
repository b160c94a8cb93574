/* bench/speed.c - issue 20, goals 1 and 2, on five loop kernels with random
 * data (bench/kernels: bubble.ir, sieve.ir, hash.ir, matmul.ir,
 * dotprefix.ir), each parsed, put in SSA form and optimized (-O1) once:
 *
 *   1. the run path (mc_code_run, run.c) against native code: the C
 *      backend's rendering of the same optimized SSA, compiled once by the
 *      system compiler (cgen.h) and dlopen()ed into this process; only the
 *      call of its entry is timed (no fork, no compiler). Goal: the
 *      geometric mean of run path / native <= 5x. The run path runs its
 *      machine code (exec/jit_x64.c; the first call tiers up); its
 *      interpreter loop (mc_code_jit_after -1, as with MINICC_JIT=0) is
 *      timed beside it, and so are mc_code_new and the compilation.
 *   2. `run` at the prompt (and `c` in the workbench): mc_session_start
 *      (not timed) and mc_session_continue to the end in a session on the
 *      kernel's optimized view (`set stage opt`), with a breakpoint on the
 *      entry block, which the run never enters again, so the stop test
 *      runs on every edge; against the run path on the same function.
 *      Goal: geometric mean <= 3x. The same with slow_continue set (every
 *      block stepped with its events, as before the fast path) is printed
 *      beside it, from 1/20 of the calls.
 *
 * Then dependent chains (issue 26): a loop whose body is 500 `s = add s, K`
 * (each operation waits for the one before), and 500 of mixed add, sub,
 * mul, xor and shl with constants and another value, each in optimized
 * SSA form, run by the run path's machine code and by its interpreter loop:
 * the machine code must not be the slower of the two (it was 1.4x slower
 * on the first while it read every value back from its slot).
 *
 * Every call gets fresh copies of the same random inputs (a fixed-seed
 * generator; copying is not timed). Each round times N calls of each
 * executor; the rounds interleave the executors and each one's fastest
 * call counts (on a machine shared with other jobs, a call the neighbours
 * slowed down says nothing about the code; the short native calls would
 * otherwise escape the interruptions that the longer ones collect).
 * Outcomes (value, trap, buffers, steps, instructions) must agree; the
 * bench fails otherwise, or when a goal is missed. */
#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "shell/session.h"

enum { ROUNDS = 5, MAXP = 4 };

/* A kernel: its file, its scalar arguments, and per buffer parameter its
 * length and the range of its random contents [lo, hi]. */
typedef struct Kernel {
    const char *name;
    int32_t len[MAXP];   /* buffers: length; scalars: value */
    int32_t lo[MAXP], hi[MAXP];
    int reps;
} Kernel;

static const Kernel kernels[] = {
    {"bubble", {300, 300}, {-1000, 0}, {1000, 0}, 40},
    {"sieve", {30000, 30000}, {0, 0}, {1, 0}, 80},
    {"hash", {20000, 1024, 20000}, {0, 0, 0}, {1023, 0, 0}, 150},
    {"matmul", {576, 576, 576, 24}, {-50, -50, 0, 0}, {50, 50, 0, 0}, 150},
    {"dotprefix", {10000, 10000, 10000}, {-1000, -1000, 0}, {1000, 1000, 0}, 250},
};
#define NK ((int)(sizeof kernels / sizeof kernels[0]))

static uint32_t rng = 20261201u;
static int32_t rnd(int32_t lo, int32_t hi) {
    rng = rng * 1664525u + 1013904223u;
    return lo + (int32_t)((rng >> 8) % (uint32_t)(hi - lo + 1));
}

static McArgs make_args(const McFunc *f, const Kernel *k) {
    McArgs a;
    a.n = f->nparams;
    a.v = mc_xcalloc((size_t)a.n + 1, sizeof *a.v);
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind == MC_VAL_BUF) {
            a.v[p].is_buf = true;
            a.v[p].len = k->len[p];
            a.v[p].data = mc_xcalloc((size_t)k->len[p], sizeof(int32_t));
            for (int32_t i = 0; i < k->len[p]; i++) a.v[p].data[i] = rnd(k->lo[p], k->hi[p]);
        } else {
            a.v[p].scalar = k->len[p];
        }
    }
    return a;
}

/* The kernel in a session (the prompt's and the workbench's), executing
 * its optimized view as `set stage opt` does, with the given arguments. */
static const McFunc *load(McSession *s, const char *name, const Kernel *k, McArgs *a) {
    char path[256];
    snprintf(path, sizeof path, "bench/kernels/%s.ir", name);
    mc_session_init(s);
    if (!mc_session_load(s, path, stderr)) {
        fprintf(stderr, "bench/speed: cannot load %s (run from the repository root)\n", path);
        exit(1);
    }
    s->exec = MC_VIEW_OPT;
    s->max_steps = INT64_MAX / 4;
    *a = make_args(s->input, k);
    char **w = mc_xcalloc((size_t)a->n + 1, sizeof *w);
    for (int32_t p = 0; p < a->n; p++) {
        McStr t;
        mc_str_init(&t);
        if (!a->v[p].is_buf) {
            mc_str_printf(&t, "%ld", (long)a->v[p].scalar);
        } else {
            mc_str_printf(&t, "[");
            for (int32_t i = 0; i < a->v[p].len; i++) mc_str_printf(&t, "%s%ld", i ? "," : "", (long)a->v[p].data[i]);
            mc_str_printf(&t, "]");
        }
        w[p] = t.s;
    }
    if (!mc_session_set_args(s, a->n, w, stderr)) exit(1);
    for (int32_t p = 0; p < a->n; p++) free(w[p]);
    free(w);
    const McFunc *f = mc_session_view(s, MC_VIEW_OPT, stderr);
    if (!f) exit(1);
    return f;
}

static void reset(McArgs *dst, const McArgs *src) {
    for (int32_t p = 0; p < src->n; p++)
        if (src->v[p].is_buf) memcpy(dst->v[p].data, src->v[p].data, (size_t)src->v[p].len * sizeof(int32_t));
}

typedef struct Native {
    McNative *n;
    void *h;
    McCgenEntry entry;
} Native;

static Native native_load(const McFunc *f, const char *cache) {
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.cache_dir = cache;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    Native nv;
    nv.n = mc_native_compile(f, &o, NULL, &d);
    if (!nv.n) {
        mc_diags_print(&d, stderr, false);
        exit(1);
    }
    mc_diags_free(&d);
    nv.h = dlopen(mc_native_so_path(nv.n), RTLD_NOW | RTLD_LOCAL);
    void *sym = nv.h ? dlsym(nv.h, MC_CGEN_ENTRY) : NULL;
    if (!sym) {
        fprintf(stderr, "bench/speed: dlopen: %s\n", dlerror());
        exit(1);
    }
    memcpy(&nv.entry, &sym, sizeof nv.entry);
    return nv;
}

/* The fastest of 200 decodings of f (mc_code_new) and compilations of the
 * result into machine code (mc_code_jit_after 0: translating, mapping). */
static void code_costs(const McFunc *f, double *t_new, double *t_jit) {
    *t_new = *t_jit = INFINITY;
    for (int i = 0; i < 200; i++) {
        double t0 = mc_now();
        McCode *c = mc_code_new(f);
        double t1 = mc_now();
        mc_code_jit_after(c, 0);
        double t2 = mc_now();
        mc_code_free(c);
        if (t1 - t0 < *t_new) *t_new = t1 - t0;
        if (t2 - t1 < *t_jit) *t_jit = t2 - t1;
    }
}

/* One native call with the host's calling convention (native.c's child does the same). */
static McOutcome native_call(const Native *nv, McArgs *a) {
    int32_t scalars[MAXP] = {0}, lens[MAXP] = {0}, trap[3] = {0, 0, 0};
    int32_t *bufs[MAXP] = {NULL};
    for (int32_t p = 0; p < a->n; p++) {
        scalars[p] = a->v[p].scalar;
        bufs[p] = a->v[p].data;
        lens[p] = a->v[p].len;
    }
    McOutcome o;
    memset(&o, 0, sizeof o);
    o.value = nv->entry(scalars, bufs, lens, trap);
    if (trap[0] != MC_CGEN_TRAP_NONE) {
        o.kind = MC_TRAPPED;
        snprintf(o.trap, sizeof o.trap, "buffer index %ld outside [0,%ld)", (long)trap[1], (long)trap[2]);
    }
    return o;
}

enum { X_RUN, X_NATIVE, X_FAST, X_STEP, X_INTERP, NX };
static const char *xname[NX] = {"run path", "native", "fast continue", "stepping continue", "interpreted run path"};

/* One call; for X_FAST the session's `run`: start (copies the arguments,
 * not timed) and continue to the end, with the kernel's entry block as a
 * breakpoint (never stopped at again: the stop test runs on every edge);
 * X_STEP the same with slow_continue set (every block stepped, as before
 * the fast path: the baseline of goal 2, reported only). */
static double run_one(int x, McSession *s, const McCode *code, const McCode *icode, const Native *nv, McArgs *a,
                      McOutcome *o) {
    double t0 = mc_now();
    switch (x) {
    case X_RUN: *o = mc_code_run(code, a, INT64_MAX / 4); break;
    case X_INTERP: *o = mc_code_run(icode, a, INT64_MAX / 4); break;
    case X_NATIVE: *o = native_call(nv, a); break;
    default: {
        s->slow_continue = x == X_STEP;
        if (!mc_session_start(s, stderr)) exit(1);
        bool at_break = false;
        t0 = mc_now();
        if (!mc_session_continue(s, &at_break, stderr) || at_break) exit(1);
        double t = mc_now() - t0;
        mc_interp_finished(s->interp, o);
        reset(a, mc_interp_args(s->interp));
        return t;
    }
    }
    return mc_now() - t0;
}

/* A loop of n iterations around a chain of 500 operations on s. */
static McFunc *chain_func(bool mixed) {
    static const char *const ops[] = {"add", "sub", "mul", "xor", "shl"};
    McStr t;
    mc_str_init(&t);
    mc_str_printf(&t, "func chain(i32 n, i32 y) {\nentry:\n  s = copy y\n  i = copy 0\n  jump head\n"
                      "head:\n  c = lt i, n\n  branch c, body, exit\nbody:\n");
    for (int k = 0; k < 500; k++) {
        if (!mixed) mc_str_printf(&t, "  s = add s, %d\n", 7 * k + 1);
        else if (k % 3 == 2) mc_str_printf(&t, "  s = %s s, y\n", ops[k % 4]);
        else mc_str_printf(&t, "  s = %s s, %d\n", ops[k % 5], k % 5 == 4 ? k % 7 : 3 * k + 1);
    }
    mc_str_printf(&t, "  i = add i, 1\n  jump head\nexit:\n  return s\n}\n");
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McModule *m = mc_parse("chain.ir", t.s, t.len, &d);
    McFunc *ssa = m ? mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d) : NULL;
    if (!ssa || !mc_opt_run(ssa, NULL, NULL, &d)) {
        mc_diags_print(&d, stderr, false);
        exit(1);
    }
    mc_module_free(m);
    mc_diags_free(&d);
    free(t.s);
    return ssa;
}

/* The chains: the fastest of ROUNDS x 5 runs of each; returns the number
 * of failures (a disagreement, or machine code slower than the loop). */
static int chains(void) {
    int fails = 0;
    printf("\ndependent chains, a loop of 20,000 iterations around 500 operations, optimized SSA;\n"
           "ms: the fastest of %d runs; jit = the run path's machine code, interp = its interpreter loop\n",
           ROUNDS * 5);
    printf("%-10s %8s %10s %10s\n", "chain", "jit ms", "interp ms", "interp/jit");
    for (int mixed = 0; mixed < 2; mixed++) {
        McFunc *f = chain_func(mixed);
        McCode *jit = mc_code_new(f), *loop = mc_code_new(f);
        mc_code_jit_after(jit, 0);
        mc_code_jit_after(loop, -1);
        McArgs a;
        a.n = 2;
        a.v = mc_xcalloc(2, sizeof *a.v);
        a.v[0].scalar = 20000;
        a.v[1].scalar = 12345;
        double best[2] = {INFINITY, INFINITY};
        McOutcome o[2];
        for (int r = 0; r < ROUNDS * 5; r++)
            for (int x = 0; x < 2; x++) {
                double t0 = mc_now();
                o[x] = mc_code_run(x == 0 ? jit : loop, &a, INT64_MAX / 4);
                double t = mc_now() - t0;
                if (t < best[x]) best[x] = t;
            }
        if (o[0].kind != MC_RETURNED || !mc_outcome_same(&o[0], &a, &o[1], &a) || o[0].steps != o[1].steps) {
            fprintf(stderr, "bench/speed: chain: the machine code and the loop disagree\n");
            fails++;
        }
        double ratio = best[1] / best[0];
        printf("%-10s %8.2f %10.2f %9.2fx%s\n", mixed ? "mixed" : "add", best[0] * 1e3, best[1] * 1e3, ratio,
               mc_code_is_jit(jit) && ratio < 1.0 ? "  (machine code slower: FAIL)" : "");
        if (mc_code_is_jit(jit) && ratio < 1.0) fails++;
        mc_args_free(&a);
        mc_code_free(jit);
        mc_code_free(loop);
        mc_func_free(f);
    }
    return fails;
}

int main(void) {
    mc_memory_keep();
    char tmp[] = "/tmp/minicc-bench-speed-XXXXXX";
    if (!mkdtemp(tmp)) {
        perror("mkdtemp");
        return 1;
    }
    char cache[600];
    snprintf(cache, sizeof cache, "%s/cache", tmp);
    int fails = 0;
    double logr[NK], logf[NK], logs[NK], logi[NK];
    printf("loop kernels, random data, optimized SSA; ms: the fastest of %d rounds of N timed calls\n"
           "(stepping: N/20 calls a round); fast = the session's run with the fast continue, step = the\n"
           "same with slow_continue (every block stepped with events, as before); interp = the run path's\n"
           "interpreter loop (MINICC_JIT=0); new, jit: mc_code_new and compiling its records (best of 200)\n",
           ROUNDS);
    printf("%-10s %5s %10s %9s %8s %9s %8s %8s %8s %8s %9s %9s %11s %7s %7s\n", "kernel", "N", "IR insts", "native ms",
           "run ms", "interp ms", "fast ms", "step ms", "run/nat", "int/nat", "fast/run", "step/run", "insts/s run",
           "new us", "jit us");
    for (int ki = 0; ki < NK; ki++) {
        const Kernel *k = &kernels[ki];
        McSession sess;
        McArgs orig, work[NX];
        const McFunc *f = load(&sess, k->name, k, &orig);
        if (!mc_session_break_add(&sess, f->blocks[0].name, stderr)) exit(1);
        McCode *code = mc_code_new(f), *icode = mc_code_new(f);
        mc_code_jit_after(icode, -1);
        Native nv = native_load(f, cache);
        for (int x = 0; x < NX; x++) mc_args_copy(&work[x], &orig);
        double bestt[NX];
        McOutcome out[NX];
        for (int x = 0; x < NX; x++) bestt[x] = INFINITY;
        for (int r = 0; r < ROUNDS; r++)
            for (int x = 0; x < NX; x++) {
                int reps = x == X_STEP ? (k->reps + 19) / 20 : k->reps; /* stepping is slow */
                for (int i = 0; i < reps; i++) {
                    reset(&work[x], &orig);
                    double t = run_one(x, &sess, code, icode, &nv, &work[x], &out[x]);
                    if (t < bestt[x]) bestt[x] = t;
                }
            }
        for (int x = 1; x < NX; x++)
            if (!mc_outcome_same(&out[0], &work[0], &out[x], &work[x]) ||
                (x >= X_FAST && (out[x].steps != out[0].steps || out[x].insts != out[0].insts))) {
                char s1[200], s2[200];
                fprintf(stderr, "bench/speed: %s: run path %s, %s %s\n", k->name,
                        mc_outcome_str(&out[0], s1, sizeof s1), xname[x], mc_outcome_str(&out[x], s2, sizeof s2));
                fails++;
            }
        double rr = bestt[X_RUN] / bestt[X_NATIVE], fr = bestt[X_FAST] / bestt[X_RUN];
        double ir = bestt[X_INTERP] / bestt[X_NATIVE], t_new, t_jit;
        code_costs(f, &t_new, &t_jit);
        logr[ki] = log(rr);
        logi[ki] = log(ir);
        logf[ki] = log(fr);
        logs[ki] = log(bestt[X_STEP] / bestt[X_RUN]);
        printf("%-10s %5d %10lld %9.3f %8.3f %9.3f %8.3f %8.3f %7.2fx %7.2fx %8.2fx %8.1fx %10.0fM %7.1f %7.1f\n",
               k->name, k->reps, (long long)out[0].insts, bestt[X_NATIVE] * 1e3, bestt[X_RUN] * 1e3,
               bestt[X_INTERP] * 1e3, bestt[X_FAST] * 1e3, bestt[X_STEP] * 1e3, rr, ir, fr,
               bestt[X_STEP] / bestt[X_RUN], (double)out[0].insts / bestt[X_RUN] / 1e6, t_new * 1e6, t_jit * 1e6);
        for (int x = 0; x < NX; x++) mc_args_free(&work[x]);
        mc_args_free(&orig);
        dlclose(nv.h);
        mc_native_free(nv.n);
        mc_code_free(code);
        mc_code_free(icode);
        mc_session_free(&sess);
    }
    double gr = 0, gf = 0, gs = 0, gi = 0;
    for (int ki = 0; ki < NK; ki++) {
        gi += logi[ki] / NK;
        gr += logr[ki] / NK;
        gf += logf[ki] / NK;
        gs += logs[ki] / NK;
    }
    gr = exp(gr);
    gf = exp(gf);
    gs = exp(gs);
    gi = exp(gi);
    printf("goal 1: run path / native, geometric mean over %d kernels: %.2fx (goal <= 5x): %s "
           "(interpreter loop: %.2fx)\n", NK, gr, gr <= 5.0 ? "met" : "NOT met", gi);
    printf("goal 2: fast continue / run path, geometric mean over %d kernels: %.2fx (goal <= 3x): %s "
           "(stepping continue: %.1fx)\n", NK, gf, gf <= 3.0 ? "met" : "NOT met", gs);
    fails += chains();
    char cmd[700];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    if (system(cmd) != 0) fails++;
    return fails || gr > 5.0 || gf > 3.0 ? 1 : 0;
}
