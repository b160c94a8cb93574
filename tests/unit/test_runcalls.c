/* test_runcalls.c - calls and local buffers (docs/ir.md §3.2) on the run
 * path, held to the stepping interpreter (mc_interp_run, the reference):
 * each function is decoded three times (the interpreter loop only, machine
 * code compiled before the first run, and machine code tiered up after 1-60
 * interpreted entries of a run) and every run compared with the
 * interpreter's field by field: outcome kind, value, trap text, steps,
 * instructions and every buffer. Inputs: hand-written programs (recursion,
 * mutual recursion, a buffer passed down a recursive sort and written by
 * the callees, a trap in a callee after stores, local buffers made afresh
 * in a loop, a call whose argument is a fused compare's result, calls
 * without destination), and 600 generated modules (mc_gen_module, 1-4
 * helpers, both forms), at the default budget and depth, at budgets around
 * the run's own steps (the budget counts block entries in every frame) and
 * at small depth limits. Recursion 10,000 and 150,000 deep runs on heap
 * frames (never the C stack; the sanitizer build runs this too). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/util.h"
#include "minicc/verify.h"

#if defined(__x86_64__) && !defined(_WIN32)
#define HAVE_JIT 1
#else
#define HAVE_JIT 0
#endif

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

typedef struct Tally {
    int returned, bounds, div, limit, depth, runs;
} Tally;

static void same(const McOutcome *x, const McOutcome *y, const McArgs *ax, const McArgs *ay, const char *what) {
    if (x->kind != y->kind || x->value != y->value || strcmp(x->trap, y->trap) != 0 || x->steps != y->steps ||
        x->insts != y->insts) {
        char s1[200], s2[200];
        fail_msg("%s: %s (steps %lld, insts %lld); interpreter: %s (steps %lld, insts %lld)", what,
                 mc_outcome_str(x, s1, sizeof s1), (long long)x->steps, (long long)x->insts,
                 mc_outcome_str(y, s2, sizeof s2), (long long)y->steps, (long long)y->insts);
    }
    assert_int_equal(ax->n, ay->n);
    for (int32_t p = 0; p < ax->n; p++) {
        assert_int_equal(ax->v[p].len, ay->v[p].len);
        if (ax->v[p].len) assert_memory_equal(ax->v[p].data, ay->v[p].data, (size_t)ax->v[p].len * sizeof(int32_t));
    }
}

/* One run of f on a with the budget and depth: the interpreter, then the
 * three codes; returns the interpreter's outcome. */
static McOutcome run_all(const McFunc *f, McCode *const code[3], const McArgs *a, int64_t steps, int64_t depth,
                         Tally *t) {
    static const char *what[3] = {"interpreter loop", "machine code", "tiered"};
    McArgs ref;
    mc_args_copy(&ref, a);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = steps;
    io.max_depth = depth;
    McOutcome want = mc_interp_run(f, &ref, &io);
    mc_code_jit_after(code[2], 1 + (int64_t)rnd(60));
    for (int k = 0; k < 3; k++) {
        McArgs x;
        mc_args_copy(&x, a);
        McOutcome got = mc_code_run_limits(code[k], &x, steps, depth, NULL);
        same(&got, &want, &x, &ref, what[k]);
        mc_args_free(&x);
    }
    t->runs++;
    if (want.kind == MC_RETURNED) t->returned++;
    else if (strcmp(want.trap, MC_DEPTH_TRAP_MSG) == 0) t->depth++;
    else if (strcmp(want.trap, MC_DIV_ZERO_MSG) == 0) t->div++;
    else if (strncmp(want.trap, "buffer index", 12) == 0) t->bounds++;
    else t->limit++;
    mc_args_free(&ref);
    return want;
}

/* f at the defaults, at budgets around its own steps and a few random
 * ones, and at depth limits 1, 2, 3 and a random one. */
static void every_limit(const McFunc *f, const McArgs *a, Tally *t) {
    McCode *code[3];
    for (int k = 0; k < 3; k++) code[k] = mc_code_new(f);
    mc_code_jit_after(code[0], -1);
    mc_code_jit_after(code[1], 0);
    assert_false(mc_code_is_jit(code[0]));
    assert_int_equal(mc_code_is_jit(code[1]), HAVE_JIT);
    McOutcome full = run_all(f, code, a, 0, 0, t);
    int64_t budgets[8] = {1, 2, full.steps - 1, full.steps, full.steps + 1};
    int nb = 5;
    for (int k = 0; k < 3 && full.steps > 3; k++) budgets[nb++] = 3 + (int64_t)rnd((uint32_t)(full.steps - 2));
    for (int k = 0; k < nb; k++)
        if (budgets[k] >= 1) run_all(f, code, a, budgets[k], 0, t);
    for (int64_t d = 1; d <= 3; d++) run_all(f, code, a, 0, d, t);
    run_all(f, code, a, 0, 4 + (int64_t)rnd(20), t);
    for (int k = 0; k < 3; k++) mc_code_free(code[k]);
}

static McModule *parse(const char *src) {
    McDiags d;
    mc_diags_init(&d, "<test>", NULL, 0);
    McModule *m = mc_parse("<test>", src, strlen(src), &d);
    if (!m || d.n) {
        mc_diags_print(&d, stderr, false);
        fail_msg("does not parse");
    }
    for (int32_t i = 0; i < m->nfuncs; i++) assert_true(mc_verify(m->funcs[i], MC_VERIFY_INFER, &d));
    mc_diags_free(&d);
    return m;
}

/* Arguments of f from words ("6", "[1,2,3]"), as the command line gives them. */
static McArgs args_of(const McFunc *f, const char *text) {
    char *copy = mc_xstrdup(text), *argv[8];
    int argc = 0;
    for (char *w = strtok(copy, " "); w && argc < 8; w = strtok(NULL, " ")) argv[argc++] = w;
    McArgs a;
    McDiags d;
    mc_diags_init(&d, "<args>", NULL, 0);
    assert_true(mc_args_parse(f, argc, argv, &a, &d));
    mc_diags_free(&d);
    free(copy);
    return a;
}

/* fib and ack; mutual recursion; a recursive quicksort of a buffer passed
 * down (the callees' stores are the result); a trap in a callee after
 * stores; a local buffer made afresh in a loop and passed to a callee; a
 * fused compare's result passed as an argument (so it must be written);
 * calls without a destination. */
static const char *programs =
    "func main(i32 n, buf b) {\n"
    "entry:\n"
    "    f = call fib(n)\n"
    "    call qsort(b, 0, 5)\n"
    "    e = call even(n)\n"
    "    l = call loc(n)\n"
    "    c = lt n, 7\n"
    "    branch c, yes, no\n"
    "yes:\n"
    "    x = call pick(c, f, e)\n"
    "    s = add x, l\n"
    "    return s\n"
    "no:\n"
    "    x2 = call pick(c, f, e)\n"
    "    t = call trap(b, n)\n"
    "    u = add t, x2\n"
    "    return u\n"
    "}\n"
    "func fib(i32 n) {\n"
    "entry:\n"
    "    c = lt n, 2\n"
    "    branch c, base, rec\n"
    "base:\n"
    "    return n\n"
    "rec:\n"
    "    a = sub n, 1\n"
    "    x = call fib(a)\n"
    "    b = sub n, 2\n"
    "    y = call fib(b)\n"
    "    r = add x, y\n"
    "    return r\n"
    "}\n"
    "func even(i32 n) {\n"
    "entry:\n"
    "    z = le n, 0\n"
    "    branch z, yes, more\n"
    "yes:\n"
    "    return 1\n"
    "more:\n"
    "    m = sub n, 1\n"
    "    r = call odd(m)\n"
    "    return r\n"
    "}\n"
    "func odd(i32 n) {\n"
    "entry:\n"
    "    z = le n, 0\n"
    "    branch z, no, more\n"
    "no:\n"
    "    return 0\n"
    "more:\n"
    "    m = sub n, 1\n"
    "    r = call even(m)\n"
    "    return r\n"
    "}\n"
    "func pick(i32 c, i32 a, i32 b) {\n"
    "entry:\n"
    "    branch c, x, y\n"
    "x:\n"
    "    return a\n"
    "y:\n"
    "    return b\n"
    "}\n"
    /* qsort(b, lo, hi): sorts b[lo..hi) (Lomuto partition, recursion on both halves) */
    "func qsort(buf b, i32 lo, i32 hi) {\n"
    "entry:\n"
    "    n = sub hi, lo\n"
    "    small = lt n, 2\n"
    "    branch small, done, part\n"
    "done:\n"
    "    return 0\n"
    "part:\n"
    "    last = sub hi, 1\n"
    "    p = load b, last\n"
    "    i = copy lo\n"
    "    j = copy lo\n"
    "    jump head\n"
    "head:\n"
    "    more = lt j, last\n"
    "    branch more, body, fin\n"
    "body:\n"
    "    x = load b, j\n"
    "    lo2 = lt x, p\n"
    "    branch lo2, swap, next\n"
    "swap:\n"
    "    y = load b, i\n"
    "    store b, i, x\n"
    "    store b, j, y\n"
    "    i = add i, 1\n"
    "    jump next\n"
    "next:\n"
    "    j = add j, 1\n"
    "    jump head\n"
    "fin:\n"
    "    y = load b, i\n"
    "    store b, last, y\n"
    "    store b, i, p\n"
    "    call qsort(b, lo, i)\n"
    "    i1 = add i, 1\n"
    "    call qsort(b, i1, hi)\n"
    "    return 0\n"
    "}\n"
    "func trap(buf b, i32 n) {\n"
    "entry:\n"
    "    store b, 0, 77\n"
    "    k = sub n, 4\n"
    "    v = load b, k\n"
    "    store b, 1, v\n"
    "    return v\n"
    "}\n"
    /* loc(n): a local buffer made afresh n times, filled by a callee */
    "func loc(i32 n) {\n"
    "entry:\n"
    "    i = copy 0\n"
    "    s = copy 0\n"
    "    jump head\n"
    "head:\n"
    "    c = lt i, n\n"
    "    branch c, body, out\n"
    "body:\n"
    "    lb = buffer 3\n"
    "    v = load lb, 1\n"
    "    s = add s, v\n"
    "    call fill(lb, i)\n"
    "    w = load lb, 1\n"
    "    s = add s, w\n"
    "    i = add i, 1\n"
    "    jump head\n"
    "out:\n"
    "    return s\n"
    "}\n"
    /* SSA: i's last use is the call after i2 = add i, 1, so i and i2 must
     * not share a slot (the call's arguments are uses for the coalescing) */
    "func sum(i32 n) {\n"
    "entry:\n"
    "    jump head\n"
    "head:\n"
    "    i = phi [entry: 0], [body: i2]\n"
    "    s = phi [entry: 0], [body: s2]\n"
    "    c = lt i, n\n"
    "    branch c, body, out\n"
    "body:\n"
    "    i2 = add i, 1\n"
    "    r = call pick(1, i, 0)\n"
    "    s2 = add s, r\n"
    "    jump head\n"
    "out:\n"
    "    return s\n"
    "}\n"
    "func fill(buf b, i32 v) {\n"
    "entry:\n"
    "    store b, 1, v\n"
    "    return v\n"
    "}\n";

static void test_programs(void **state) {
    (void)state;
    McModule *m = parse(programs);
    static const char *inputs[] = {"0 [5,3,9,1,7]", "6 [1,2,3,4,5]", "9 [9,8,7,6,5,4]", "12 [0,0,0,0,0]",
                                   "20 [3,1,2,3,1]", "4 [2,1]", "8 [4,4,1,1,0]"};
    Tally t;
    memset(&t, 0, sizeof t);
    for (size_t k = 0; k < sizeof inputs / sizeof inputs[0]; k++) {
        McArgs a = args_of(m->funcs[0], inputs[k]);
        every_limit(m->funcs[0], &a, &t);
        mc_args_free(&a);
    }
    /* Each function alone too (fib, qsort, loc: generated arguments). */
    for (int32_t fi = 1; fi < m->nfuncs; fi++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            McArgs a;
            mc_gen_args(m->funcs[fi], seed, &a);
            if (strcmp(m->funcs[fi]->name, "fib") == 0) a.v[0].scalar = (int32_t)(seed * 5);
            every_limit(m->funcs[fi], &a, &t);
            mc_args_free(&a);
        }
    assert_true(t.returned > 20 && t.limit > 20 && t.depth > 20 && t.bounds > 2);
    mc_module_free(m);
}

/* The callee's stores before its trap stay; what the interpreter shows. */
static void test_trap_keeps_effects(void **state) {
    (void)state;
    McModule *m = parse(programs);
    McArgs a = args_of(m->funcs[0], "12 [5,3,9,1,7]");
    McCode *c = mc_code_new(m->funcs[0]);
    McOutcome o = mc_code_run(c, &a, 0);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "buffer index 8 outside [0,5)");
    /* sorted by qsort, then trap() stored 77 at 0 before its load trapped */
    static const int32_t want[] = {77, 3, 5, 7, 9};
    assert_memory_equal(a.v[1].data, want, sizeof want);
    mc_args_free(&a);
    mc_code_free(c);
    mc_module_free(m);
}

static const char *deep =
    "func main(i32 n) {\n"
    "entry:\n"
    "    r = call depth(n)\n"
    "    return r\n"
    "}\n"
    "func depth(i32 n) {\n"
    "entry:\n"
    "    z = eq n, 0\n"
    "    branch z, done, more\n"
    "done:\n"
    "    return 0\n"
    "more:\n"
    "    m = sub n, 1\n"
    "    r = call depth(m)\n"
    "    s = add r, 1\n"
    "    return s\n"
    "}\n";

/* main and depth(n) .. depth(0) are n + 2 frames: 9998 fits the default
 * 10,000, 9999 traps; 150,000 deep with the limit raised (heap frames). */
static void test_depth(void **state) {
    (void)state;
    McModule *m = parse(deep);
    Tally t;
    memset(&t, 0, sizeof t);
    McCode *code[3];
    for (int k = 0; k < 3; k++) code[k] = mc_code_new(m->funcs[0]);
    mc_code_jit_after(code[0], -1);
    mc_code_jit_after(code[1], 0);
    struct {
        int32_t n;
        int64_t depth;
        bool ok;
    } cases[] = {{9998, 0, true}, {9999, 0, false}, {3, 5, true}, {4, 5, false}, {150000, 200000, true}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        McArgs a;
        memset(&a, 0, sizeof a);
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = cases[k].n;
        McOutcome o = run_all(m->funcs[0], code, &a, 1000000, cases[k].depth, &t);
        assert_int_equal(o.kind, cases[k].ok ? MC_RETURNED : MC_TRAPPED);
        if (cases[k].ok) assert_int_equal(o.value, cases[k].n);
        else assert_string_equal(o.trap, MC_DEPTH_TRAP_MSG);
        mc_args_free(&a);
    }
    for (int k = 0; k < 3; k++) mc_code_free(code[k]);
    mc_module_free(m);
}

/* Frames the machine code pushes (down: no local buffer) between frames C
 * pushes (withlocal: a local buffer), deeper than the first blocks of frame
 * memory (63, 127, 255 frames: the machine code leaves at each new block
 * for C to allocate it): at the bottom a load that traps when b is short,
 * with every caller's stores and local buffers (freed at the trap; make
 * asan and the valgrind suite look). */
static const char *mixed =
    "func main(buf b, i32 n) {\n"
    "entry:\n"
    "    r = call down(b, n)\n"
    "    return r\n"
    "}\n"
    "func down(buf b, i32 n) {\n"
    "entry:\n"
    "    z = eq n, 0\n"
    "    branch z, bottom, more\n"
    "bottom:\n"
    "    x = load b, 5\n"
    "    return x\n"
    "more:\n"
    "    m = sub n, 1\n"
    "    t = rem n, 7\n"
    "    z7 = eq t, 0\n"
    "    branch z7, vialocal, direct\n"
    "vialocal:\n"
    "    r = call withlocal(b, m)\n"
    "    return r\n"
    "direct:\n"
    "    store b, 0, n\n"
    "    r2 = call down(b, m)\n"
    "    s = add r2, 1\n"
    "    return s\n"
    "}\n"
    "func withlocal(buf b, i32 n) {\n"
    "entry:\n"
    "    l = buffer 3\n"
    "    store l, 1, n\n"
    "    store b, 1, n\n"
    "    r = call down(b, n)\n"
    "    v = load l, 1\n"
    "    s = add r, v\n"
    "    return s\n"
    "}\n";

static void test_frame_blocks(void **state) {
    (void)state;
    McModule *m = parse(mixed);
    Tally t;
    memset(&t, 0, sizeof t);
    McCode *code[3];
    for (int k = 0; k < 3; k++) code[k] = mc_code_new(m->funcs[0]);
    mc_code_jit_after(code[0], -1);
    mc_code_jit_after(code[1], 0);
    static const int32_t ns[] = {0, 5, 61, 62, 63, 64, 125, 126, 127, 128, 300, 700};
    static const int64_t depths[] = {0, 63, 64, 65, 127, 128, 129, 256};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        for (int shortbuf = 0; shortbuf < 2; shortbuf++)
            for (size_t j = 0; j < sizeof depths / sizeof depths[0]; j++) {
                char text[64];
                snprintf(text, sizeof text, "%s %d", shortbuf ? "[1,2,3,4]" : "[1,2,3,4,5,6]", ns[i]);
                McArgs a = args_of(m->funcs[0], text);
                McOutcome o = run_all(m->funcs[0], code, &a, 0, depths[j], &t);
                if (depths[j] == 0 && shortbuf) assert_string_equal(o.trap, "buffer index 5 outside [0,4)");
                /* A step budget running out deep inside, past the first block of frames. */
                if (o.steps > 300) run_all(m->funcs[0], code, &a, o.steps - 1 - (int64_t)rnd(150), depths[j], &t);
                mc_args_free(&a);
            }
    assert_true(t.returned > 20 && t.bounds > 20 && t.depth > 20 && t.limit > 10);
    for (int k = 0; k < 3; k++) mc_code_free(code[k]);
    mc_module_free(m);
}

/* An interrupt flag already set: the run stops at its first poll, deep in
 * the recursion, where the interpreter loop stops (steps, instructions). */
static void test_calls_interrupt(void **state) {
    (void)state;
    McModule *m = parse(mixed);
    McCode *code[2];
    for (int k = 0; k < 2; k++) code[k] = mc_code_new(m->funcs[0]);
    mc_code_jit_after(code[0], -1);
    mc_code_jit_after(code[1], 0);
    McInterrupt stop = 1;
    McOutcome o[2];
    for (int k = 0; k < 2; k++) {
        McArgs a = args_of(m->funcs[0], "[1,2,3,4,5,6] 60000");
        o[k] = mc_code_run_limits(code[k], &a, 1000000, 100000, &stop);
        mc_args_free(&a);
    }
    assert_int_equal(o[0].kind, MC_INTERRUPTED);
    assert_int_equal(o[1].kind, MC_INTERRUPTED);
    assert_true(o[0].steps > 0 && o[0].steps < 120000);
    assert_int_equal(o[1].steps, o[0].steps);
    assert_int_equal(o[1].insts, o[0].insts);
    for (int k = 0; k < 2; k++) mc_code_free(code[k]);
    mc_module_free(m);
}

/* 1,000,001 frames (main and depth(999,999) .. depth(0)) with the limit
 * raised to exactly that; one more traps. The interpreter loop and the
 * machine code (the stepping interpreter: test_depth, 150,000 deep). */
static void test_million_deep(void **state) {
    (void)state;
    McModule *m = parse(deep);
    for (int jit = 0; jit < 2; jit++) {
        McCode *c = mc_code_new(m->funcs[0]);
        mc_code_jit_after(c, jit ? 0 : -1);
        McOutcome o[2];
        for (int k = 0; k < 2; k++) {
            McArgs a;
            memset(&a, 0, sizeof a);
            a.n = 1;
            a.v = mc_xcalloc(1, sizeof *a.v);
            a.v[0].scalar = 999999 + k;
            o[k] = mc_code_run_limits(c, &a, 3000000, 1000001, NULL);
            mc_args_free(&a);
        }
        assert_int_equal(o[0].kind, MC_RETURNED);
        assert_int_equal(o[0].value, 999999);
        assert_int_equal(o[0].steps, 2 * 1000000 + 1);
        assert_int_equal(o[1].kind, MC_TRAPPED);
        assert_string_equal(o[1].trap, MC_DEPTH_TRAP_MSG);
        mc_code_free(c);
    }
    mc_module_free(m);
}

/* Generated modules: 1-4 helpers, both forms, two argument sets each. */
static void test_generated(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t;
    memset(&t, 0, sizeof t);
    int with_calls = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 50);
        o.calls = 1 + (int)(seed % 4);
        McModule *m = mc_gen_module(seed, &o);
        for (int32_t i = 0; i < m->nfuncs; i++) assert_true(mc_verify(m->funcs[i], MC_VERIFY_INFER, NULL));
        with_calls += m->funcs[0]->ncalls > 0;
        for (uint64_t k = 0; k < 2; k++) {
            McArgs a;
            mc_gen_args(m->funcs[0], seed * 31 + k, &a);
            every_limit(m->funcs[0], &a, &t);
            mc_args_free(&a);
        }
        mc_module_free(m);
    }
    print_message("%d with calls; returned %d, limit %d, depth %d, bounds %d, div %d of %d runs\n", with_calls, t.returned, t.limit, t.depth, t.bounds, t.div, t.runs);
    assert_true(with_calls > 400);
    assert_true(t.returned > 1000 && t.limit > 1000 && t.depth > 500 && t.bounds > 20);
}

/* Without calls the generator is what it was: mc_gen_module with calls 0 is mc_gen. */
static void test_no_calls_same(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    for (uint64_t seed = 1; seed <= 50; seed++) {
        McFunc *f = mc_gen(seed, &o);
        McModule *m = mc_gen_module(seed, &o);
        assert_int_equal(m->nfuncs, 1);
        char *x = NULL, *y = NULL;
        size_t nx = 0, ny = 0;
        FILE *fx = open_memstream(&x, &nx), *fy = open_memstream(&y, &ny);
        mc_func_print(f, fx);
        mc_module_print(m, fy);
        fclose(fx);
        fclose(fy);
        assert_string_equal(x, y);
        free(x);
        free(y);
        mc_func_free(f);
        mc_module_free(m);
    }
}

int main(void) {
    unsetenv("MINICC_JIT");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_programs),
        cmocka_unit_test(test_trap_keeps_effects),
        cmocka_unit_test(test_depth),
        cmocka_unit_test(test_frame_blocks),
        cmocka_unit_test(test_calls_interrupt),
        cmocka_unit_test(test_million_deep),
        cmocka_unit_test(test_no_calls_same),
        cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
