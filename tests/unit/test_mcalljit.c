/* test_mcalljit.c - the machine with frames in machine code
 * (machine_call_x64.c) against its interpreter (machine_call.c): the same
 * outcome (kind, value, trap message), steps, instruction count, every
 * statistic (instructions, copies, spill reads and writes, calls, saves,
 * restores, argument moves) and the same buffers, compiled at once, tiering
 * up at several points, and interpreted only; on every file with calls,
 * the call kernels and generated modules with calls, under every
 * allocator, convention and several K, at budgets that run out
 * mid-recursion and depth limits that are hit; recursion 1,000,001 frames
 * deep; traps deep in a recursion after the frames grew; an interrupt; and
 * the planted convention bugs, which are never compiled (the proofs
 * refuse them) and trap as the interpreter does. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/jit/x64.h"
#include "engine/alloc/regalloc_test.h"
#include "minicc/gen.h"
#include "minicc/interrupt.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"
#include "minicc/verify.h"

#define HAVE_JIT MC_X64

typedef struct Tally {
    int runs, jitted, compiled, returned, limit, depth, bounds, div, interrupted, refused;
} Tally;

/* Every function of the prepared module allocated alike (stage alloc's
 * program), the entry first; NULL when an allocation fails. */
static McFunc *program(const McFunc *f, int opt, McAllocator w, int K, McConvention conv, const McAllocKnobs *knobs,
                       McProgram *p) {
    McDiags d;
    mc_diags_init(&d, f->name, NULL, 0);
    McFunc *top = mc_pipeline_prepare(f, opt, &d);
    memset(p, 0, sizeof *p);
    if (!top) {
        mc_diags_free(&d);
        return NULL;
    }
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.program = true;
    o.convention = conv;
    o.knobs = knobs;
    for (int32_t k = -1; k < top->nowned; k++) {
        const McFunc *g = k < 0 ? top : top->owned[k];
        McAllocation *a = mc_allocate(g, w, K, &o, &d);
        if (!a) {
            mc_program_free(p);
            mc_func_free(top);
            mc_diags_free(&d);
            return NULL;
        }
        mc_program_add(p, g, a);
    }
    mc_diags_free(&d);
    return top;
}

static void same_stats(const McMachineStats *a, const McMachineStats *b, const char *what) {
    if (a->instructions != b->instructions || a->copies != b->copies || a->spill_reads != b->spill_reads ||
        a->spill_writes != b->spill_writes || a->calls != b->calls || a->saves != b->saves ||
        a->restores != b->restores || a->arg_moves != b->arg_moves || a->registers != b->registers ||
        a->slots != b->slots || a->frames != b->frames)
        fail_msg("%s: stats differ: insts %lld/%lld copies %lld/%lld reads %lld/%lld writes %lld/%lld calls "
                 "%lld/%lld saves %lld/%lld restores %lld/%lld arg_moves %lld/%lld",
                 what, (long long)a->instructions, (long long)b->instructions, (long long)a->copies,
                 (long long)b->copies, (long long)a->spill_reads, (long long)b->spill_reads,
                 (long long)a->spill_writes, (long long)b->spill_writes, (long long)a->calls, (long long)b->calls,
                 (long long)a->saves, (long long)b->saves, (long long)a->restores, (long long)b->restores,
                 (long long)a->arg_moves, (long long)b->arg_moves);
}

static void same_outcome(const McOutcome *a, const McOutcome *b, const char *what) {
    if (a->kind != b->kind || a->value != b->value || strcmp(a->trap, b->trap) != 0 || a->steps != b->steps ||
        a->insts != b->insts)
        fail_msg("%s: interpreter %d %d '%s' steps %lld insts %lld, machine code %d %d '%s' steps %lld insts %lld",
                 what, a->kind, (int)a->value, a->trap, (long long)a->steps, (long long)a->insts, b->kind,
                 (int)b->value, b->trap, (long long)b->steps, (long long)b->insts);
}

static bool same_args(const McArgs *a, const McArgs *b) {
    for (int i = 0; i < a->n; i++)
        if (a->v[i].is_buf && a->v[i].len > 0 &&
            memcmp(a->v[i].data, b->v[i].data, (size_t)a->v[i].len * sizeof(int32_t)) != 0)
            return false;
    return true;
}

/* One program on args: interpreted, then compiled at once and tiering up
 * after a few entries, each equal to the interpreter. Returns which of the
 * runs went on in machine code (bit k: after[k]; bit 0: compiled at once). */
static int compare(const McProgram *p, const McArgs *args, int64_t max_steps, int64_t max_depth,
                   const McInterrupt *stop, const char *what, Tally *t) {
    McArgs ref;
    mc_args_copy(&ref, args);
    McMachineStats rs;
    bool j = true;
    McOutcome want = mc_machine_run_program_jit(p, &ref, max_steps, max_depth, stop, &rs, -1, &j);
    assert_false(j);
    static const int64_t after[] = {0, 1, 7, 300, 5000};
    int jitted = 0;
    for (size_t k = 0; k < sizeof after / sizeof after[0]; k++) {
        McArgs x;
        mc_args_copy(&x, args);
        McMachineStats st;
        McOutcome got = mc_machine_run_program_jit(p, &x, max_steps, max_depth, stop, &st, after[k], &j);
        char msg[256];
        snprintf(msg, sizeof msg, "%s (jit after %lld, steps %lld, depth %lld)", what, (long long)after[k],
                 (long long)max_steps, (long long)max_depth);
        same_outcome(&want, &got, msg);
        same_stats(&rs, &st, msg);
        if (!same_args(&ref, &x)) fail_msg("%s: buffers differ", msg);
        jitted |= (int)j << k;
        mc_args_free(&x);
    }
    t->runs++;
    t->jitted += jitted > 0;
    t->returned += want.kind == MC_RETURNED;
    t->interrupted += want.kind == MC_INTERRUPTED;
    if (want.kind == MC_TRAPPED) {
        t->limit += strcmp(want.trap, "execution step limit exceeded") == 0;
        t->depth += strcmp(want.trap, MC_DEPTH_TRAP_MSG) == 0;
        t->bounds += strncmp(want.trap, "buffer index", 12) == 0;
        t->div += strcmp(want.trap, MC_DIV_ZERO_MSG) == 0;
    }
    mc_args_free(&ref);
    return jitted;
}

static const int64_t budgets[] = {1000000, 40, 333, 4097};
static const int64_t depths[] = {0, 2, 9};

/* f's program under allocator w, K and conv at nb budgets and nd depth
 * limits (the first of each list, then from seed). */
static void every_limit(const McFunc *f, int opt, McAllocator w, int K, McConvention conv, const McArgs *args,
                        const char *name, int nb, int nd, uint64_t seed, Tally *t) {
    McProgram p;
    McFunc *top = program(f, opt, w, K, conv, NULL, &p);
    if (!top) return;
    char what[256];
    for (int b = 0; b < nb; b++)
        for (int d = 0; d < nd; d++) {
            snprintf(what, sizeof what, "%s %s %s K=%d", name, mc_allocator_name(w), mc_convention_name(conv), K);
            int64_t budget = budgets[b == 0 ? 0 : (seed + (uint64_t)b) % 4];
            int64_t depth = depths[d == 0 ? 0 : (seed / 4 + (uint64_t)d) % 3];
            t->compiled += compare(&p, args, budget, depth, NULL, what, t) & 1;
        }
    mc_program_free(&p);
    mc_func_free(top);
}

static McModule *load(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_int_equal(d.n, 0);
    mc_diags_free(&d);
    assert_non_null(m);
    for (int32_t i = 0; i < m->nfuncs; i++) assert_true(mc_verify(m->funcs[i], MC_VERIFY_INFER, NULL));
    return m;
}

static void print_tally(const char *what, const Tally *t) {
    print_message("%s: %d runs, %d compiled at once, %d tiered up; returned %d, limit %d, depth %d, bounds %d, "
                  "div %d, interrupted %d\n",
                  what, t->runs, t->compiled, t->jitted, t->returned, t->limit, t->depth, t->bounds, t->div,
                  t->interrupted);
}

/* Every file with calls (and the call kernels), as written and optimized,
 * every allocator, convention and K in {1, 2, 3, 4, 8}. */
static void test_files(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("tests/ir/*.ir", 0, NULL, &g);
    glob("tests/alloc/*.ir", GLOB_APPEND, NULL, &g);
    glob("tests/native/*.ir", GLOB_APPEND, NULL, &g);
    glob("bench/calls/*.ir", GLOB_APPEND, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    glob("tests/run/calls/*.ir", GLOB_APPEND, NULL, &g);
    glob("tests/asm/*.ir", GLOB_APPEND, NULL, &g);
    glob("tests/opt/*.ir", GLOB_APPEND, NULL, &g);
    glob("tests/repl/*.ir", GLOB_APPEND, NULL, &g);
    glob("lessons/programs/*.ir", GLOB_APPEND, NULL, &g);
    static const int ks[] = {1, 2, 3, 4, 8};
    Tally t;
    memset(&t, 0, sizeof t);
    int files = 0;
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        bool ok = m != NULL;
        for (int32_t i = 0; ok && i < m->nfuncs; i++) ok = mc_verify(m->funcs[i], MC_VERIFY_INFER, NULL);
        if (ok && mc_func_find_call(m->funcs[0], NULL, NULL)) {
            files++;
            for (int opt = 0; opt <= 1; opt++)
                for (int w = 0; w < MC_ALLOC_COUNT; w++)
                    for (int c = 0; c < MC_CONV_COUNT; c++) {
                        McArgs a;
                        mc_gen_args(m->funcs[0], k * 13 + (uint64_t)w, &a);
                        for (int i = 0; i < a.n; i++) /* small scalars: the kernels recurse on them */
                            if (!a.v[i].is_buf) a.v[i].scalar = (int32_t)((unsigned)a.v[i].scalar % 7u);
                        int K = ks[(k + (size_t)w + (size_t)c + (size_t)opt) % 5];
                        every_limit(m->funcs[0], opt, (McAllocator)w, K, (McConvention)c, &a, g.gl_pathv[k], 2, 2,
                                    k + (size_t)w + (size_t)c, &t);
                        mc_args_free(&a);
                    }
        }
        if (m) mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    print_message("%d files with calls\n", files);
    print_tally("files", &t);
    assert_true(files >= 15);
    assert_true(t.returned > 1000 && t.limit > 10 && t.depth > 100 && t.bounds > 20);
    assert_true(!HAVE_JIT || t.jitted > t.runs / 2);
}

/* Generated modules with 1-4 helpers, both forms, every allocator,
 * convention, K from {1, 2, 3, 4, 6, 8}. */
static void test_generated(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t;
    memset(&t, 0, sizeof t);
    static const int ks[] = {1, 2, 3, 4, 6, 8};
    int modules = 0;
    for (uint64_t seed = 1; seed <= 1200; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 40);
        o.calls = 1 + (int)(seed % 4);
        o.traps = seed % 3 == 0;
        McModule *m = mc_gen_module(seed, &o);
        McArgs a;
        mc_gen_args(m->funcs[0], seed * 31, &a);
        McAllocator w = (McAllocator)(seed % MC_ALLOC_COUNT);
        McConvention c = (McConvention)(seed / 4 % MC_CONV_COUNT);
        int before = t.compiled;
        every_limit(m->funcs[0], (int)(seed / 12 % 2), w, ks[seed / 3 % 6], c, &a, "generated", 2, 2, seed, &t);
        modules += t.compiled > before;
        mc_args_free(&a);
        mc_module_free(m);
    }
    print_tally("generated", &t);
    print_message("%d modules compiled\n", modules);
    assert_true(t.returned > 1500 && t.limit > 100 && t.depth > 300 && t.bounds > 100);
    assert_true(!HAVE_JIT || modules == 1200);
}

/* down(n): n frames deep, then a trap at the bottom chosen by mode: 0 none
 * (returns n), 1 division by zero, 2 a buffer index past the end. */
static const char *const DOWN = "func top(buf b, i32 n, i32 mode) {\n"
                                "entry:\n"
                                "    r = call down(b, n, mode)\n"
                                "    return r\n"
                                "}\n"
                                "func down(buf b, i32 n, i32 mode) {\n"
                                "entry:\n"
                                "    z = eq n, 0\n"
                                "    branch z, bottom, rec\n"
                                "bottom:\n"
                                "    one = eq mode, 1\n"
                                "    branch one, divz, other\n"
                                "divz:\n"
                                "    q = div n, n\n"
                                "    return q\n"
                                "other:\n"
                                "    two = eq mode, 2\n"
                                "    i = mul two, 5\n"
                                "    store b, i, 7\n"
                                "    return 0\n"
                                "rec:\n"
                                "    m = sub n, 1\n"
                                "    s = call down(b, m, mode)\n"
                                "    t = add s, 1\n"
                                "    store b, 0, t\n"
                                "    return t\n"
                                "}\n";

static McArgs down_args(int32_t n, int32_t mode) {
    McArgs a;
    memset(&a, 0, sizeof a);
    a.n = 3;
    a.v = mc_xcalloc(3, sizeof *a.v);
    a.v[0].is_buf = true;
    a.v[0].len = 4;
    a.v[0].data = mc_xcalloc(4, sizeof(int32_t));
    a.v[1].scalar = n;
    a.v[2].scalar = mode;
    return a;
}

/* Deep recursions: the frames grow (64 at first, doubled), traps at the
 * bottom, the depth limit hit exactly, budgets that run out on the way. */
static void test_deep(void **state) {
    (void)state;
    McModule *m = load(DOWN);
    Tally t;
    memset(&t, 0, sizeof t);
    for (int c = 0; c < MC_CONV_COUNT; c++)
        for (int w = 0; w < MC_ALLOC_COUNT; w++) {
            McProgram p;
            McFunc *top = program(m->funcs[0], 1, (McAllocator)w, 4, (McConvention)c, NULL, &p);
            assert_non_null(top);
            static const int32_t ns[] = {0, 1, 63, 64, 65, 200, 1000};
            for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++)
                for (int32_t mode = 0; mode <= 2; mode++) {
                    McArgs a = down_args(ns[k], mode);
                    static const int64_t ds[] = {0, 64, 65, 66, 67, 1001, 1002};
                    for (size_t d = 0; d < sizeof ds / sizeof ds[0]; d++) {
                        compare(&p, &a, 100000000, ds[d], NULL, "down", &t);
                        compare(&p, &a, 3 * ns[k] + 1, ds[d], NULL, "down (budget)", &t);
                    }
                    mc_args_free(&a);
                }
            mc_program_free(&p);
            mc_func_free(top);
        }
    print_tally("deep", &t);
    assert_true(!HAVE_JIT || t.jitted == t.runs);
    assert_true(t.div > 10 && t.bounds > 10 && t.depth > 10 && t.limit > 10);
    mc_module_free(m);
}

/* 1,000,001 frames (the entry and a million calls), the depth limit just
 * enough, and one frame short. */
static void test_million(void **state) {
    (void)state;
    McModule *m = load(DOWN);
    McProgram p;
    McFunc *top = program(m->funcs[0], 1, MC_ALLOC_IMPROVED, 8, MC_CONV_SPLIT, NULL, &p);
    assert_non_null(top);
    McArgs a = down_args(999999, 0);
    McMachineStats st;
    bool j = false;
    McOutcome o = mc_machine_run_program_jit(&p, &a, INT64_MAX / 4, 1000001, NULL, &st, 0, &j);
    assert_true(!HAVE_JIT || j);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 999999);
    assert_int_equal(st.calls, 1000000);
    assert_int_equal(a.v[0].data[0], 999999);
    Tally t;
    memset(&t, 0, sizeof t);
    compare(&p, &a, INT64_MAX / 4, 1000001, NULL, "million", &t);
    compare(&p, &a, INT64_MAX / 4, 1000000, NULL, "million, one frame short", &t);
    assert_int_equal(t.returned, 1);
    assert_int_equal(t.depth, 1);
    mc_args_free(&a);
    mc_program_free(&p);
    mc_func_free(top);
    mc_module_free(m);
}

/* An interrupt flag set before the run: both stop at the first poll. */
static void test_interrupt(void **state) {
    (void)state;
    McModule *m = load(DOWN);
    McProgram p;
    McFunc *top = program(m->funcs[0], 1, MC_ALLOC_IMPROVED, 8, MC_CONV_SPLIT, NULL, &p);
    McInterrupt flag = 1;
    McArgs a = down_args(5000, 0);
    Tally t;
    memset(&t, 0, sizeof t);
    compare(&p, &a, INT64_MAX / 4, 100000, &flag, "interrupt", &t);
    assert_int_equal(t.interrupted, 1);
    mc_args_free(&a);
    mc_program_free(&p);
    mc_func_free(top);
    mc_module_free(m);
}

/* The planted convention bugs: never compiled, the interpreter's traps. */
static void test_bugs(void **state) {
    (void)state;
    McModule *m = load("func fib(i32 n) {\n"
                       "entry:\n"
                       "    c = lt n, 2\n"
                       "    branch c, base, rec\n"
                       "base:\n"
                       "    return n\n"
                       "rec:\n"
                       "    n1 = sub n, 1\n"
                       "    a = call fib(n1)\n"
                       "    n2 = sub n, 2\n"
                       "    b = call fib(n2)\n"
                       "    s = add a, b\n"
                       "    return s\n"
                       "}\n");
    for (int bug = 0; bug < 2; bug++)
        for (int w = 0; w < MC_ALLOC_COUNT; w++) {
            McAllocKnobs k;
            memset(&k, 0, sizeof k);
            if (bug == 0) k.no_caller_saves = true;
            else k.no_callee_saves = true;
            McProgram p;
            McConvention conv = bug == 0 ? MC_CONV_CALLER : MC_CONV_CALLEE;
            McFunc *top = program(m->funcs[0], 1, (McAllocator)w, 4, conv, &k, &p);
            assert_non_null(top);
            McArgs a;
            memset(&a, 0, sizeof a);
            a.n = 1;
            a.v = mc_xcalloc(1, sizeof *a.v);
            a.v[0].scalar = 12;
            McMachineStats st;
            bool j = true;
            McOutcome o = mc_machine_run_program_jit(&p, &a, 1000000, 0, NULL, &st, 0, &j);
            assert_false(j);
            assert_int_equal(o.kind, MC_TRAPPED);
            if (bug == 0) assert_non_null(strstr(o.trap, "clobbered it (caller-saved under caller-saved)"));
            else assert_int_equal(strncmp(o.trap, "fib returned with callee-saved r", 32), 0);
            Tally t;
            memset(&t, 0, sizeof t);
            assert_int_equal(compare(&p, &a, 1000000, 0, NULL, "bug", &t), 0);
            /* the same without the bug is compiled */
            McProgram q;
            McFunc *top2 = program(m->funcs[0], 1, (McAllocator)w, 4, conv, NULL, &q);
            assert_true(!HAVE_JIT || (compare(&q, &a, 1000000, 0, NULL, "no bug", &t) & 1));
            mc_program_free(&q);
            mc_func_free(top2);
            mc_args_free(&a);
            mc_program_free(&p);
            mc_func_free(top);
        }
    mc_module_free(m);
}

/* A callee with a local buffer is compiled (C makes the buffer and frees it
 * at the return); more than 9 registers stay on the interpreter; K = 9 is
 * compiled. */
static void test_refused(void **state) {
    (void)state;
    McModule *m = load("func f(i32 n) {\n"
                       "entry:\n"
                       "    r = call g(n)\n"
                       "    return r\n"
                       "}\n"
                       "func g(i32 n) {\n"
                       "entry:\n"
                       "    b = buffer 3\n"
                       "    store b, 1, n\n"
                       "    x = load b, 1\n"
                       "    return x\n"
                       "}\n"
                       "func h(i32 n) {\n"
                       "entry:\n"
                       "    r = call g2(n)\n"
                       "    return r\n"
                       "}\n"
                       "func g2(i32 n) {\n"
                       "entry:\n"
                       "    x = add n, 1\n"
                       "    return x\n"
                       "}\n");
    static const struct {
        int fn, K, compiled;
    } cases[] = {{0, 8, 1}, {0, 10, 0}, {2, 8, 1}, {2, 9, 1}, {2, 10, 0}, {2, 16, 0}};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        McProgram p;
        McFunc *top = program(m->funcs[cases[k].fn], 1, MC_ALLOC_IMPROVED, cases[k].K, MC_CONV_SPLIT, NULL, &p);
        assert_non_null(top);
        McArgs a;
        memset(&a, 0, sizeof a);
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = 41;
        Tally t;
        memset(&t, 0, sizeof t);
        int j = compare(&p, &a, 1000, 0, NULL, "refused", &t);
        assert_int_equal(t.returned, 1);
        if (HAVE_JIT) assert_int_equal(j & 1, cases[k].compiled);
        mc_args_free(&a);
        mc_program_free(&p);
        mc_func_free(top);
    }
    mc_module_free(m);
}

/* A local buffer made again in a loop is zeroed again; a callee stores
 * into it; one made in a recursion is the frame's own. */
static void test_local_buffers(void **state) {
    (void)state;
    McModule *m = load("func f(i32 n) {\n"
                       "entry:\n"
                       "    s = copy 0\n"
                       "    i = copy 0\n"
                       "    jump head\n"
                       "head:\n"
                       "    c = lt i, n\n"
                       "    branch c, body, done\n"
                       "body:\n"
                       "    b = buffer 2\n"
                       "    x = load b, 0\n"
                       "    s = add s, x\n"
                       "    t = call g(b, i)\n"
                       "    y = load b, 1\n"
                       "    s = add s, t\n"
                       "    s = add s, y\n"
                       "    i = add i, 1\n"
                       "    jump head\n"
                       "done:\n"
                       "    return s\n"
                       "}\n"
                       "func g(buf b, i32 d) {\n"
                       "entry:\n"
                       "    store b, 0, 5\n"
                       "    l = buffer 3\n"
                       "    store l, 2, d\n"
                       "    z = eq d, 0\n"
                       "    branch z, leaf, rec\n"
                       "leaf:\n"
                       "    store b, 1, 1\n"
                       "    return 1\n"
                       "rec:\n"
                       "    e = sub d, 1\n"
                       "    r = call g(b, e)\n"
                       "    v = load l, 2\n"
                       "    w = add r, v\n"
                       "    return w\n"
                       "}\n");
    for (int opt = 0; opt <= 1; opt++)
        for (int w = 0; w < MC_ALLOC_COUNT; w++)
            for (int c = 0; c < MC_CONV_COUNT; c++) {
                McProgram p;
                McFunc *top = program(m->funcs[0], opt, (McAllocator)w, 2 + 3 * c, (McConvention)c, NULL, &p);
                assert_non_null(top);
                McArgs a;
                memset(&a, 0, sizeof a);
                a.n = 1;
                a.v = mc_xcalloc(1, sizeof *a.v);
                a.v[0].scalar = 40;
                McMachineStats st;
                McOutcome o = mc_machine_run_program_jit(&p, &a, 1000000, 0, NULL, &st, -1, NULL);
                assert_int_equal(o.kind, MC_RETURNED);
                assert_int_equal(o.value, 10740); /* sum over i < 40 of 0 + (1 + i(i+1)/2) + 1 */
                Tally t;
                memset(&t, 0, sizeof t);
                int j = compare(&p, &a, 1000000, 0, NULL, "local buffers", &t);
                assert_true(!HAVE_JIT || (j & 1));
                for (int64_t steps = 10; steps < 3000; steps += 97)
                    compare(&p, &a, steps, 0, NULL, "local (budget)", &t);
                compare(&p, &a, 1000000, 20, NULL, "local (depth)", &t);
                assert_true(t.limit > 10 && t.depth == 1);
                mc_args_free(&a);
                mc_program_free(&p);
                mc_func_free(top);
            }
    mc_module_free(m);
}

/* $MINICC_JIT=0 keeps the interpreter, even when asked to compile at once. */
static void test_env_off(void **state) {
    (void)state;
    McModule *m = load(DOWN);
    McProgram p;
    McFunc *top = program(m->funcs[0], 1, MC_ALLOC_IMPROVED, 8, MC_CONV_SPLIT, NULL, &p);
    McArgs a = down_args(3000, 0);
    const char *old = getenv("MINICC_JIT");
    char *keep = old ? mc_xstrdup(old) : NULL;
    for (int off = 0; off <= 1; off++) {
        if (off) setenv("MINICC_JIT", "0", 1);
        else unsetenv("MINICC_JIT");
        bool j = !off;
        McOutcome o = mc_machine_run_program_jit(&p, &a, 1000000, 0, NULL, NULL, 0, &j);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 3000);
        assert_int_equal(j, HAVE_JIT && !off);
    }
    if (keep) setenv("MINICC_JIT", keep, 1);
    else unsetenv("MINICC_JIT");
    free(keep);
    mc_args_free(&a);
    mc_program_free(&p);
    mc_func_free(top);
    mc_module_free(m);
}

/* The kernels of bench/calls at the bench's settings are compiled. */
static void test_kernels_compiled(void **state) {
    (void)state;
    static const char *const ks[] = {"bench/calls/fib.ir", "bench/calls/ack.ir", "bench/calls/tak.ir"};
    for (size_t k = 0; k < 3; k++) {
        McDiags d;
        mc_diags_init(&d, ks[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(ks[k], &d, &src);
        assert_non_null(m);
        for (int32_t i = 0; i < m->nfuncs; i++) assert_true(mc_verify(m->funcs[i], MC_VERIFY_INFER, NULL));
        McProgram p;
        McFunc *top = program(m->funcs[0], 1, MC_ALLOC_IMPROVED, 8, MC_CONV_SPLIT, NULL, &p);
        assert_non_null(top);
        McArgs a;
        memset(&a, 0, sizeof a);
        a.n = m->funcs[0]->nparams;
        a.v = mc_xcalloc((size_t)a.n, sizeof *a.v);
        static const int32_t args[3][3] = {{18}, {3, 4}, {14, 8, 4}}; /* long enough to tier up after 5000 entries */
        for (int i = 0; i < a.n; i++) a.v[i].scalar = args[k][i];
        Tally t;
        memset(&t, 0, sizeof t);
        int j = compare(&p, &a, 100000000, 0, NULL, ks[k], &t);
        if (HAVE_JIT && j != 31) fail_msg("%s: compiled %#x", ks[k], (unsigned)j);
        mc_args_free(&a);
        mc_program_free(&p);
        mc_func_free(top);
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
}

int main(int argc, char **argv) {
    if (argc > 1) cmocka_set_test_filter(argv[1]); /* one test by name */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_kernels_compiled), cmocka_unit_test(test_bugs),   cmocka_unit_test(test_interrupt),
        cmocka_unit_test(test_deep),             cmocka_unit_test(test_million), cmocka_unit_test(test_files),
        cmocka_unit_test(test_generated),        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_local_buffers),    cmocka_unit_test(test_env_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
