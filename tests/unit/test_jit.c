/* test_jit.c - the run path's machine code (exec/jit_x64.c) held to its
 * interpreter loop (run_exec.h): the same McCode built twice, one copy
 * interpreted (mc_code_jit_after -1), run on the same inputs, compared field by
 * field: outcome kind, value, trap text, steps, instructions and every
 * buffer; for exact code (mc_code_resume) also the stop reason and the whole
 * resume state (values, block, previous block, pc, steps, instructions, the
 * blocks marked left) after every stop, with random breakpoints and stops.
 * Inputs: every function of tests/ir, bench/kernels and the examples, as
 * written and in optimized SSA form; 1,200 generated programs (traps by
 * division and by index included); every operation and operand form on edge
 * values; dependent chains (the machine code's register cache) of one
 * operation and of mixed ones, trapping in the middle; loops long enough to
 * cross the interrupt polls. Budgets: the
 * default, 1, 2, just around the run's own steps and random ones (ending
 * inside loops); with no interrupt flag, a clear one and a set one.
 * Besides the interpreted copy, a second one compiles before its first run
 * and a third tiers up (mc_code_jit_after) after 1-60 interpreted entries
 * of a run, set again before every run, so that runs switch at many points.
 * On hosts without the compiler (not x86-64) all copies interpret and the
 * test only checks that mc_code_is_jit says so. A child process whose
 * mprotect refuses PROT_EXEC (a seccomp filter, as SELinux's deny_execmem
 * would) must get the interpreter and the same results. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

#include "chk_ir.h"
#include "engine/exec/run_int.h" /* the code's size (mc_jit_size) */

#if defined(__x86_64__) && !defined(_WIN32)
#define HAVE_JIT 1
#else
#define HAVE_JIT 0
#endif

#if defined(__linux__) && defined(__x86_64__)
#include <errno.h>
#include <signal.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_SECCOMP 1
#else
#define HAVE_SECCOMP 0
#endif

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* What the runs covered (the test fails when a kind never happened). */
typedef struct Tally {
    int kinds[3];     /* McOutcome kinds of plain runs */
    int div_traps, bounds_traps, limit_traps, interrupted;
    int stops[4];     /* McCodeStop of exact runs */
    int runs, long_runs;
    int tier_resets, tiered; /* runs that switched to machine code on the way */
} Tally;

/* Three codes of f: the interpreter; machine code from the start; and
 * machine code compiled by a run once it has interpreted `tier` entries
 * (tiering up, set again before every run so that runs cross the switch at
 * many points). */
typedef struct Trio {
    McCode *interp, *jit, *tier;
} Trio;

static Trio trio_new(const McFunc *f, bool exact, bool sequential) {
    Trio p;
    McCode **cs[3] = {&p.interp, &p.jit, &p.tier};
    for (int k = 0; k < 3; k++) *cs[k] = exact ? mc_code_new_exact(f, sequential) : mc_code_new(f);
    mc_code_jit_after(p.interp, -1);
    mc_code_jit_after(p.jit, 0);
    assert_false(mc_code_is_jit(p.interp));
    assert_int_equal(mc_code_is_jit(p.jit), HAVE_JIT);
    return p;
}

/* The tiering code, to switch after 1..60 entries of its next run. */
static void tier_again(Trio *p, Tally *t) {
    mc_code_jit_after(p->tier, 1 + (int64_t)rnd(60));
    assert_false(mc_code_is_jit(p->tier));
    t->tier_resets++;
}

static void trio_free(Trio *p) {
    mc_code_free(p->interp);
    mc_code_free(p->jit);
    mc_code_free(p->tier);
}

static void same_buffers(const McArgs *x, const McArgs *y) {
    assert_int_equal(x->n, y->n);
    for (int32_t p = 0; p < x->n; p++) {
        assert_int_equal(x->v[p].len, y->v[p].len);
        assert_int_equal(x->v[p].scalar, y->v[p].scalar);
        if (x->v[p].len) assert_memory_equal(x->v[p].data, y->v[p].data, (size_t)x->v[p].len * sizeof(int32_t));
    }
}

static void same_outcome(const McOutcome *x, const McOutcome *y) {
    if (x->kind != y->kind || x->value != y->value || strcmp(x->trap, y->trap) != 0 || x->steps != y->steps ||
        x->insts != y->insts) {
        char s1[200], s2[200];
        fail_msg("machine code: %s (steps %lld, insts %lld); interpreter: %s (steps %lld, insts %lld)",
                 mc_outcome_str(x, s1, sizeof s1), (long long)x->steps, (long long)x->insts,
                 mc_outcome_str(y, s2, sizeof s2), (long long)y->steps, (long long)y->insts);
    }
}

/* One plain run of the three codes; returns the machine code's outcome. */
static McOutcome run_trio(Trio *p, const McArgs *a, int64_t budget, const McInterrupt *stop, Tally *t) {
    McArgs x, y, z;
    mc_args_copy(&x, a);
    mc_args_copy(&y, a);
    mc_args_copy(&z, a);
    tier_again(p, t);
    McOutcome oy = mc_code_run_intr(p->interp, &y, budget, stop);
    McOutcome ox = mc_code_run_intr(p->jit, &x, budget, stop);
    McOutcome oz = mc_code_run_intr(p->tier, &z, budget, stop);
    same_outcome(&ox, &oy);
    same_buffers(&x, &y);
    same_outcome(&oz, &oy);
    same_buffers(&z, &y);
    if (mc_code_is_jit(p->tier)) t->tiered++;
    mc_args_free(&x);
    mc_args_free(&y);
    mc_args_free(&z);
    t->runs++;
    t->kinds[ox.kind]++;
    if (ox.kind == MC_INTERRUPTED) t->interrupted++;
    else if (ox.kind == MC_TRAPPED && strcmp(ox.trap, MC_DIV_ZERO_MSG) == 0) t->div_traps++;
    else if (ox.kind == MC_TRAPPED && strncmp(ox.trap, "buffer index", 12) == 0) t->bounds_traps++;
    else if (ox.kind == MC_TRAPPED) t->limit_traps++;
    if (ox.steps > 65536) t->long_runs++;
    return ox;
}

/* The plain runs of f on a: the default budget, then 1, 2, around the
 * run's own steps and a few random budgets below them, each with no flag,
 * a clear flag and (sometimes) a set one. */
static void plain_runs(const McFunc *f, const McArgs *a, Tally *t) {
    Trio p = trio_new(f, false, false);
    McInterrupt clear = 0, set = 1;
    McOutcome full = run_trio(&p, a, 0, NULL, t);
    int64_t budgets[10] = {1, 2, full.steps - 1, full.steps, full.steps + 1};
    int nb = 5;
    for (int k = 0; k < 5 && full.steps > 3; k++) budgets[nb++] = 3 + (int64_t)rnd((uint32_t)(full.steps - 2));
    for (int k = 0; k < nb; k++) {
        if (budgets[k] < 1) continue;
        run_trio(&p, a, budgets[k], k % 2 ? &clear : NULL, t);
    }
    run_trio(&p, a, 0, &clear, t);
    run_trio(&p, a, 0, &set, t);
    trio_free(&p);
}

/* Exact code from the start until it finishes: before every resume random
 * breakpoints and a random `until`; after it the same stop and state. */
static void exact_runs(const McFunc *f, const McArgs *a, int64_t budget, bool sequential, const McInterrupt *stop,
                       Tally *t) {
    Trio p = trio_new(f, true, sequential);
    tier_again(&p, t);
    McCode *code[3] = {p.interp, p.jit, p.tier};
    McArgs args[3];
    McCodeState st[3];
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1), nb = (size_t)f->nblocks;
    uint8_t *brk = mc_xcalloc(nb, 1);
    for (int k = 0; k < 3; k++) {
        mc_args_copy(&args[k], a);
        memset(&st[k], 0, sizeof st[k]);
        st[k].vals = mc_xcalloc(nv, sizeof *st[k].vals);
        for (int32_t i = 0; i < f->nparams; i++)
            if (!a->v[i].is_buf) st[k].vals[f->params[i]] = a->v[i].scalar;
        st[k].done = mc_xcalloc(nb, 1);
        st[k].block = 0;
        st[k].prev = MC_NONE;
        st[k].max_steps = budget > 0 ? budget : MC_DEFAULT_MAX_STEPS;
        st[k].brk = brk;
        st[k].stop = stop;
    }
    for (int round = 0; round < 60; round++) {
        uint32_t density = rnd(4);
        for (size_t b = 0; b < nb; b++) brk[b] = rnd(8) < density;
        int64_t until = rnd(3) == 0 ? INT64_MAX : st[0].steps + 1 + (int64_t)rnd(rnd(2) ? 5 : 300);
        McOutcome o[3];
        McCodeStop w[3];
        for (int k = 0; k < 3; k++) {
            st[k].until = until;
            memset(st[k].done, 0, nb);
            w[k] = mc_code_resume(code[k], &args[k], &st[k], &o[k]);
        }
        for (int k = 1; k < 3; k++) {
            assert_int_equal(w[k], w[0]);
            same_outcome(&o[k], &o[0]);
            same_buffers(&args[k], &args[0]);
            assert_int_equal(st[k].block, st[0].block);
            assert_int_equal(st[k].prev, st[0].prev);
            assert_int_equal(st[k].pc, st[0].pc);
            assert_int_equal(st[k].steps, st[0].steps);
            assert_int_equal(st[k].insts, st[0].insts);
            assert_memory_equal(st[k].vals, st[0].vals, nv * sizeof *st[0].vals);
            assert_memory_equal(st[k].done, st[0].done, nb);
        }
        t->stops[w[0]]++;
        if (w[0] == MC_CODE_FINISHED || w[0] == MC_CODE_INTERRUPTED) break;
    }
    if (mc_code_is_jit(p.tier)) t->tiered++;
    for (int k = 0; k < 3; k++) {
        free(st[k].vals);
        free(st[k].done);
        mc_args_free(&args[k]);
    }
    free(brk);
    trio_free(&p);
}

/* Plain and exact runs of f (as given, and in optimized SSA form when it is
 * not SSA yet) on generated arguments. */
static void every_way(const McFunc *f, const McArgs *a, Tally *t) {
    McInterrupt clear = 0;
    plain_runs(f, a, t);
    exact_runs(f, a, 0, false, NULL, t);
    exact_runs(f, a, 1 + (int64_t)rnd(100), rnd(2) == 0, rnd(2) ? &clear : NULL, t);
}

static void with_opt(const McFunc *f, const McArgs *a, Tally *t) {
    every_way(f, a, t);
    if (f->form == MC_FORM_SSA) return;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(ssa);
    assert_true(mc_opt_run(ssa, NULL, NULL, &d));
    every_way(ssa, a, t);
    mc_func_free(ssa);
    mc_diags_free(&d);
}

static void test_files(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("tests/ir/*.ir", 0, NULL, &g);
    glob("bench/kernels/*.ir", GLOB_APPEND, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 20);
    Tally t;
    memset(&t, 0, sizeof t);
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        assert_non_null(m);
        for (int32_t fi = 0; fi < m->nfuncs; fi++)
            for (uint64_t seed = 1; seed <= 4; seed++) {
                McArgs a;
                mc_gen_args(m->funcs[fi], seed * 7 + k, &a);
                with_opt(m->funcs[fi], &a, &t);
                mc_args_free(&a);
            }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    assert_true(t.kinds[MC_RETURNED] > 100 && t.limit_traps > 100 && t.bounds_traps > 10);
    assert_true(t.stops[MC_CODE_AT_BREAK] > 50 && t.stops[MC_CODE_AT_LIMIT] > 50);
}

static void test_generated(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t;
    memset(&t, 0, sizeof t);
    for (uint64_t seed = 1; seed <= 1200; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 110);
        McFunc *f = mc_gen(seed, &o);
        for (uint64_t k = 0; k < 2; k++) {
            McArgs a;
            mc_gen_args(f, seed * 31 + k, &a);
            every_way(f, &a, &t);
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    assert_true(t.kinds[MC_RETURNED] > 1000 && t.limit_traps > 1000);
    assert_true(t.div_traps > 20 && t.bounds_traps > 100);
    assert_true(t.stops[MC_CODE_AT_BREAK] > 500 && t.stops[MC_CODE_AT_LIMIT] > 500);
    assert_true(t.stops[MC_CODE_FINISHED] > 1000);
    assert_true(!HAVE_JIT || t.tiered > 1000);
}

/* Every ALU operation in every operand form (slot,slot; slot,imm; imm,slot
 * and, for div and rem, divisors 0 and -1 in slots and -1 as an immediate)
 * on edge values, as written (no folding): wrapping, compares, shift counts
 * masked, INT_MIN / -1; and stores and loads by immediates. */
static void test_operations(void **state) {
    (void)state;
    static const char *ops[] = {"add", "sub", "mul", "lt", "le", "eq", "ne", "and", "or", "xor", "shl", "shr",
                                "div", "rem"};
    static const int32_t edge[] = {0, 1, -1, 2, 7, 31, 32, 33, -32, 255, INT32_MAX, INT32_MIN, -7, 1 << 30};
    const int nops = (int)(sizeof ops / sizeof ops[0]), ne = (int)(sizeof edge / sizeof edge[0]);
    Tally t;
    memset(&t, 0, sizeof t);
    for (int op = 0; op < nops; op++)
        for (int c = 0; c < ne; c++) {
            McStr s;
            mc_str_init(&s);
            bool div = op >= 12;
            int32_t imm = div && edge[c] == 0 ? 3 : edge[c];
            mc_str_printf(&s, "func f(i32 x, i32 y, buf b) {\nentry:\n");
            mc_str_printf(&s, "  r1 = %s x, y\n  r2 = %s x, %ld\n  r3 = %s %ld, y\n", ops[op], ops[op], (long)imm,
                          ops[op], (long)imm);
            mc_str_printf(&s, "  r4 = %s x, x\n  s = xor r1, r2\n  s = xor s, r3\n  s = xor s, r4\n", ops[op]);
            mc_str_printf(&s, "  store b, 1, s\n  store b, 2, %ld\n  store b, y, x\n  z = load b, 0\n", (long)imm);
            mc_str_printf(&s, "  s = add s, z\n  c = %s s, %ld\n  branch c, yes, no\n", op >= 3 && op <= 6 ? ops[op] : "lt",
                          (long)imm);
            mc_str_printf(&s, "yes:\n  return s\nno:\n  t = sub 0, s\n  return t\n}\n");
            McModule *m = parse_text(s.s);
            for (int xi = 0; xi < ne; xi++)
                for (int yi = 0; yi < ne; yi += 1 + (xi % 3)) {
                    McArgs a;
                    a.n = 3;
                    a.v = mc_xcalloc(3, sizeof *a.v);
                    a.v[0].scalar = edge[xi];
                    a.v[1].scalar = edge[yi];
                    a.v[2].is_buf = true;
                    a.v[2].len = 4;
                    a.v[2].data = mc_xcalloc(4, sizeof(int32_t));
                    a.v[2].data[0] = edge[(xi + yi) % ne];
                    Trio p = trio_new(m->funcs[0], false, false);
                    run_trio(&p, &a, 0, NULL, &t);
                    trio_free(&p);
                    exact_runs(m->funcs[0], &a, 0, false, NULL, &t);
                    mc_args_free(&a);
                }
            mc_module_free(m);
            free(s.s);
        }
    assert_true(t.kinds[MC_RETURNED] > 500 && t.div_traps > 20 && t.bounds_traps > 500);
    /* Ten buffers and 300 values: buffer and slot displacements past a
     * byte (the encoder's 32-bit forms). */
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s, "func g(buf b0, buf b1, buf b2, buf b3, buf b4, buf b5, buf b6, buf b7, buf b8, buf b9, i32 n) {\n"
                      "entry:\n  v0 = copy n\n");
    for (int k = 1; k < 300; k++) mc_str_printf(&s, "  v%d = add v%d, %d\n", k, k - 1, k % 7 == 0 ? 100000 : k);
    mc_str_printf(&s, "  x = load b9, n\n  y = load b8, 1\n  z = add x, y\n  w = add z, v299\n"
                      "  store b9, 0, w\n  store b7, n, v150\n  return w\n}\n");
    McModule *m = parse_text(s.s);
    for (int32_t n = -1; n <= 4; n++) {
        McArgs a;
        a.n = 11;
        a.v = mc_xcalloc(11, sizeof *a.v);
        for (int b = 0; b < 10; b++) {
            a.v[b].is_buf = true;
            a.v[b].len = 2 + b % 3;
            a.v[b].data = mc_xcalloc((size_t)a.v[b].len, sizeof(int32_t));
            for (int32_t i = 0; i < a.v[b].len; i++) a.v[b].data[i] = 10 * b + i;
        }
        a.v[10].scalar = n;
        Trio p = trio_new(m->funcs[0], false, false);
        run_trio(&p, &a, 0, NULL, &t);
        trio_free(&p);
        exact_runs(m->funcs[0], &a, 0, false, NULL, &t);
        mc_args_free(&a);
    }
    mc_module_free(m);
    free(s.s);
}

/* Loops of 150,000 block entries, past the interrupt polls (every 65,536
 * entries for functions this small): budgets around the poll points, a clear
 * flag (the code is re-entered after every refill) and a set one (the run
 * stops at the first poll). */
static const char *long_ir =
    "func sum(buf b, i32 n, i32 R) {\n"
    "entry:\n  jump outer\n"
    "outer:\n  r = phi [entry: 0], [latch: r1]\n  s = phi [entry: 0], [latch: t]\n"
    "  c = lt r, R\n  branch c, inner, done\n"
    "inner:\n  i = phi [outer: 0], [inner: i1]\n  t0 = phi [outer: s], [inner: t]\n"
    "  x = load b, i\n  t = add t0, x\n  store b, i, t\n  i1 = add i, 1\n  k = lt i1, n\n"
    "  branch k, inner, latch\n"
    "latch:\n  r1 = add r, 1\n  jump outer\n"
    "done:\n  return s\n}\n"
    "func fill(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy 0\n  jump oh\n"
    "oh:\n  c = lt r, R\n  branch c, ib, done\n"
    "ib:\n  i = copy 0\n  jump ih\n"
    "ih:\n  v = mul i, i\n  v = add v, r\n  store b, i, v\n  i = add i, 1\n"
    "  k = lt i, n\n  branch k, ih, ol\n"
    "ol:\n  r = add r, 1\n  jump oh\n"
    "done:\n  x = load b, 7\n  return x\n}\n"
    "func divs(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy R\n  s = copy 0\n  jump oh\n"
    "oh:\n  i = copy 0\n  jump ih\n"
    "ih:\n  x = load b, i\n  q = div x, r\n  m = rem x, r\n  s = add s, q\n  s = xor s, m\n"
    "  i = add i, 1\n  k = lt i, n\n  branch k, ih, ol\n"
    "ol:\n  r = sub r, 1\n  jump oh\n}\n";

static void test_long_loops(void **state) {
    (void)state;
    McModule *m = parse_text(long_ir);
    Tally t;
    memset(&t, 0, sizeof t);
    McInterrupt clear = 0, set = 1;
    for (int32_t fi = 0; fi < m->nfuncs; fi++) {
        McArgs a;
        a.n = 3;
        a.v = mc_xcalloc(3, sizeof *a.v);
        a.v[0].is_buf = true;
        a.v[0].len = 500;
        a.v[0].data = mc_xcalloc(500, sizeof(int32_t));
        for (int32_t i = 0; i < 500; i++) a.v[0].data[i] = (int32_t)rnd(100) - 50;
        a.v[1].scalar = 500;
        a.v[2].scalar = 300;
        const McFunc *fs[2] = {m->funcs[fi], NULL};
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McFunc *ssa = NULL;
        if (m->funcs[fi]->form != MC_FORM_SSA) {
            ssa = mc_ssa_build(m->funcs[fi], MC_SSA_PRUNED, NULL, &d);
            assert_non_null(ssa);
            assert_true(mc_opt_run(ssa, NULL, NULL, &d));
            fs[1] = ssa;
        }
        for (int v = 0; v < 2 && fs[v]; v++) {
            Trio p = trio_new(fs[v], false, false);
            const int64_t budgets[] = {0, 65535, 65536, 65537, 65538, 131072, 131073, 100001, 1000000};
            for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
                run_trio(&p, &a, budgets[b], NULL, &t);
                run_trio(&p, &a, budgets[b], &clear, &t);
                run_trio(&p, &a, budgets[b], &set, &t);
            }
            trio_free(&p);
            exact_runs(fs[v], &a, 0, false, &clear, &t);
            exact_runs(fs[v], &a, 0, false, &set, &t);
            exact_runs(fs[v], &a, 200000, true, &clear, &t);
        }
        mc_func_free(ssa);
        mc_diags_free(&d);
        mc_args_free(&a);
    }
    mc_module_free(m);
    assert_true(t.long_runs > 40 && t.interrupted > 10 && t.div_traps > 0);
    assert_true(t.stops[MC_CODE_INTERRUPTED] > 0);
}

/* A loop around a dependent chain, the shape of the register cache
 * (jit_x64.c): `ops` lines of the body, n iterations of them. */
static McModule *chain_module(const char *ops) {
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s, "func chain(i32 n, i32 y, buf b) {\nentry:\n  s = copy y\n  t = add y, 3\n  i = copy 0\n"
                      "  jump head\nhead:\n  c = lt i, n\n  branch c, body, exit\n"
                      "body:\n%s  i = add i, 1\n  jump head\nexit:\n  r = xor s, t\n  return r\n}\n",
                  ops);
    McModule *m = parse_text(s.s);
    free(s.s);
    return m;
}

static McArgs chain_args(int32_t n, int32_t y) {
    McArgs a;
    a.n = 3;
    a.v = mc_xcalloc(3, sizeof *a.v);
    a.v[0].scalar = n;
    a.v[1].scalar = y;
    a.v[2].is_buf = true;
    a.v[2].len = 13; /* the chains index it by s & 15: 13..15 trap */
    a.v[2].data = mc_xcalloc(13, sizeof(int32_t));
    for (int32_t i = 0; i < 13; i++) a.v[2].data[i] = i * 3 - 20;
    return a;
}

/* Bytes of machine code of f (0 without the compiler). */
static size_t jit_bytes(const McFunc *f) {
    McCode *c = mc_code_new(f);
    mc_code_jit_after(c, 0);
    size_t n = mc_jit_size(c->jit);
    mc_code_free(c);
    return n;
}

/* Dependent chains, where the machine code keeps the value in eax from
 * one record to the next: 500 `s = add s, K`; mixed chains of add, sub,
 * mul, xor, shl, compares, div and rem with constants, other slots and the
 * chain's value on either side or both, loads and stores indexed by it
 * (traps by division and by index in the middle of a chain). Every way of
 * running (budgets stopping inside the loop, exact code with breakpoints)
 * agrees with the interpreter. And the chain reads no slot back: its code is
 * smaller than that of as many independent operations (each one's load). */
static void test_chains(void **state) {
    (void)state;
    Tally t;
    memset(&t, 0, sizeof t);
    McStr ops;
    mc_str_init(&ops);
    for (int k = 0; k < 500; k++) mc_str_printf(&ops, "  s = add s, %d\n", k % 3 == 0 ? 100000 + k : k);
    McModule *m = chain_module(ops.s);
    for (int32_t n = 0; n <= 40; n += 13) {
        McArgs a = chain_args(n, n - 7);
        with_opt(m->funcs[0], &a, &t);
        mc_args_free(&a);
    }
    if (HAVE_JIT) {
        ops.len = 0;
        for (int k = 0; k < 500; k++) mc_str_printf(&ops, "  t = add y, %d\n", k % 3 == 0 ? 100000 + k : k);
        McModule *ind = chain_module(ops.s);
        size_t dep = jit_bytes(m->funcs[0]), indep = jit_bytes(ind->funcs[0]);
        if (dep + 400 * 3 > indep) /* a load is at least 3 bytes */
            fail_msg("a chain of 500 adds is %zu bytes of machine code, 500 independent adds %zu: "
                     "the chain reads its value back from memory", dep, indep);
        mc_module_free(ind);
    }
    mc_module_free(m);
    static const char *const menu[] = {
        "  s = add s, %d\n", "  s = sub s, %d\n", "  s = mul s, %d\n", "  s = xor s, %d\n", "  s = shl s, %d\n",
        "  s = sub %d, s\n", "  s = shr s, %d\n", "  s = add s, t\n",  "  s = sub t, s\n",  "  s = mul s, s\n",
        "  s = xor y, s\n",  "  s = shl t, s\n",  "  s = lt s, t\n",   "  s = le %d, s\n",  "  t = add s, %d\n",
        "  s = div s, y\n",  "  s = rem t, s\n",  "  s = div s, %d\n", "  s = div s, -1\n", "  s = rem s, -1\n",
        "  t = copy s\n",    "  s = load b, s\n", "  store b, s, t\n", "  store b, 3, s\n",  "  s = and s, 15\n",
        "  s = or s, t\n",   "  t = load b, s\n", "  s = add t, t\n",  "  s = eq s, y\n",   "  s = ne 0, s\n",
        "  s = copy %d\n",   "  t = copy %d\n",   "  s = copy t\n",
    };
    const int nmenu = (int)(sizeof menu / sizeof menu[0]);
    for (int seed = 0; seed < 120; seed++) {
        ops.len = 0;
        int len = 5 + (int)rnd(seed % 4 == 0 ? 300 : 40);
        for (int k = 0; k < len; k++) {
            const char *form = menu[rnd((uint32_t)nmenu)];
            int32_t imm = (int32_t)rnd(9) - 2;
            if (strstr(form, "load") || strstr(form, "store")) mc_str_printf(&ops, "  s = and s, 15\n");
            if (rnd(4) == 0) imm = (int32_t)rnd(200000) - 100000;
            if (strstr(form, "div s, %d")) imm = imm ? imm : 7;
            mc_str_printf(&ops, form, imm);
        }
        McModule *mm = chain_module(ops.s);
        for (int r = 0; r < 2; r++) {
            /* y = 0 divides by zero in `div s, y`; a negative s indexes outside b */
            McArgs a = chain_args((int32_t)rnd(30), r == 0 ? (int32_t)rnd(7) - 3 : (int32_t)rnd(100000));
            with_opt(mm->funcs[0], &a, &t);
            mc_args_free(&a);
        }
        mc_module_free(mm);
    }
    free(ops.s);
    assert_true(t.kinds[MC_RETURNED] > 100 && t.div_traps > 20 && t.bounds_traps > 20 && t.limit_traps > 100);
    assert_true(t.stops[MC_CODE_AT_BREAK] > 100 && t.stops[MC_CODE_AT_LIMIT] > 100);
}

/* Tiering by default: a short run stays interpreted, a long one compiles
 * on the way; MINICC_JIT=0 when the code is made keeps it interpreted, and
 * mc_code_jit_after cannot override that. */
static void test_tiering_and_env(void **state) {
    (void)state;
    McModule *m = parse_text("func f(i32 n) {\nentry:\n  i = copy 0\n  jump h\n"
                             "h:\n  c = lt i, n\n  branch c, b, x\n"
                             "b:\n  i = add i, 1\n  jump h\nx:\n  return i\n}\n");
    setenv("MINICC_JIT", "0", 1);
    McCode *c0 = mc_code_new(m->funcs[0]), *e0 = mc_code_new_exact(m->funcs[0], false);
    mc_code_jit_after(c0, 0);
    setenv("MINICC_JIT", "1", 1);
    McCode *c1 = mc_code_new(m->funcs[0]);
    unsetenv("MINICC_JIT");
    McCode *c2 = mc_code_new(m->funcs[0]);
    McCode *cs[3] = {c0, c1, c2};
    const bool jit_after_long[3] = {false, HAVE_JIT, HAVE_JIT};
    for (int k = 0; k < 3; k++) {
        McArgs a;
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = 100; /* about 200 entries: interpreted */
        McOutcome o = mc_code_run(cs[k], &a, 0);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 100);
        assert_false(mc_code_is_jit(cs[k]));
        a.v[0].scalar = 20000; /* 40,000 entries: compiled on the way (where possible) */
        o = mc_code_run(cs[k], &a, 0);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 20000);
        assert_int_equal(o.steps, 40003);
        assert_int_equal(mc_code_is_jit(cs[k]), jit_after_long[k]);
        mc_args_free(&a);
        mc_code_free(cs[k]);
    }
    assert_false(mc_code_is_jit(e0));
    mc_code_free(e0);
    /* The threshold (docs/run-path.md: a run compiles once it has taken 2048 edges
     * plus 16 per record): budget-limited runs (a budget of B entries allows
     * B - 1 edges) compile from one budget on, at 2048 + 16 * records edges
     * (this function decodes into a handful of records). */
    int64_t first = 0;
    for (int64_t budget = 2040; budget <= 2048 + 16 * 10 + 2 && !first; budget++) {
        McCode *c = mc_code_new(m->funcs[0]);
        McArgs a;
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = 1 << 20;
        McOutcome o = mc_code_run(c, &a, budget);
        assert_int_equal(o.kind, MC_TRAPPED);
        assert_int_equal(o.steps, budget);
        if (mc_code_is_jit(c)) first = budget;
        mc_args_free(&a);
        mc_code_free(c);
    }
    if (HAVE_JIT) {
        int64_t edges = first - 1;
        assert_true(edges > 2048 && (edges - 2048) % 16 == 0 && (edges - 2048) / 16 <= 8);
    } else {
        assert_int_equal(first, 0);
    }
    mc_module_free(m);
}

#if HAVE_SECCOMP
/* In this process from now on, mprotect with PROT_EXEC fails with EACCES
 * (as under SELinux's deny_execmem). */
static bool refuse_exec_memory(void) {
    struct sock_filter prog[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, args[2])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog fp = {(unsigned short)(sizeof prog / sizeof prog[0]), prog};
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fp) == 0;
}
#endif

/* A host that refuses executable memory gets the interpreter: the same
 * results, no machine code, no message (in a child process whose mprotect
 * refuses PROT_EXEC). */
static void test_refused_exec_memory(void **state) {
    (void)state;
#if HAVE_SECCOMP
    McModule *m = parse_text("func f(i32 n) {\nentry:\n  i = copy 0\n  jump h\n"
                             "h:\n  c = lt i, n\n  branch c, b, x\n"
                             "b:\n  i = add i, 1\n  jump h\nx:\n  return i\n}\n");
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL); /* a crash ends the child (not cmocka's handler) */
        signal(SIGILL, SIG_DFL);
        signal(SIGBUS, SIG_DFL);
        if (!refuse_exec_memory()) _exit(3); /* no seccomp here: nothing to show */
        int bad = 0;
        for (int k = 0; k < 3; k++) {
            McCode *c = k == 2 ? mc_code_new_exact(m->funcs[0], false) : mc_code_new(m->funcs[0]);
            if (k == 1) mc_code_jit_after(c, 0); /* compile now: refused */
            if (mc_code_is_jit(c)) bad |= 1;
            McArgs a;
            a.n = 1;
            a.v = mc_xcalloc(1, sizeof *a.v);
            a.v[0].scalar = 20000; /* long enough to tier up */
            if (k < 2) {
                McOutcome o = mc_code_run(c, &a, 0);
                if (o.kind != MC_RETURNED || o.value != 20000 || o.steps != 40003) bad |= 2;
            } else {
                int32_t vals[8] = {0};
                vals[m->funcs[0]->params[0]] = 20000;
                uint8_t brk[8] = {0}, done[8] = {0};
                McCodeState st;
                memset(&st, 0, sizeof st);
                st.vals = vals;
                st.prev = MC_NONE;
                st.max_steps = MC_DEFAULT_MAX_STEPS;
                st.until = INT64_MAX;
                st.brk = brk;
                st.done = done;
                McOutcome o;
                if (mc_code_resume(c, &a, &st, &o) != MC_CODE_FINISHED || o.value != 20000 || o.steps != 40003)
                    bad |= 4;
            }
            if (mc_code_is_jit(c)) bad |= 8;
            mc_args_free(&a);
            mc_code_free(c);
        }
        /* The filter works: a direct request is refused. */
        void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED || mprotect(p, 4096, PROT_READ | PROT_EXEC) == 0) bad |= 16;
        _exit(bad);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 3) print_message("note: seccomp unavailable; refusal not simulated\n");
    else assert_int_equal(WEXITSTATUS(status), 0);
    mc_module_free(m);
#endif
}

int main(void) {
    unsetenv("MINICC_JIT");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiering_and_env),
        cmocka_unit_test(test_refused_exec_memory),
        cmocka_unit_test(test_operations),
        cmocka_unit_test(test_long_loops),
        cmocka_unit_test(test_chains),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
