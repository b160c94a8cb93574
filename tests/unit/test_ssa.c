/* test_ssa.c - SSA construction (ssa.c): readable versions on the swap in
 * mutable form, a reassigned parameter, version names (two digits, a taken
 * name skipped), the three placement policies side by
 * side (worked out by hand below), SSA input returned unchanged, refusing
 * unverified input, and 100k-block functions (a chain of diamonds and a long
 * loop nest) that must build without recursion and agree with the input when
 * run, and the fast variant without self-checks (the pipeline bench's) giving
 * the same functions and allocations. The golden transcripts in tests/ssa/
 * show whole outputs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testir.h"

#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"


static void expect_ssa(const char *src, McSsaKind kind, const char *want) {
    McFunc *f = parse_one(src);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *g = mc_ssa_build(f, kind, NULL, &d);
    assert_non_null(g);
    assert_int_equal(g->form, MC_FORM_SSA);
    assert_true(mc_verify(g, MC_VERIFY_SSA, NULL));
    char *got = print_str(g);
    if (strcmp(got, want) != 0) {
        fprintf(stderr, "--- want\n%s--- got\n%s", want, got);
        fail_msg("output differs");
    }
    free(got);
    mc_diags_free(&d);
    mc_func_free(g);
    mc_func_free(f);
}

static void test_swap(void **state) {
    (void)state;
    /* The swap of the chapter written in mutable form with a temporary. */
    expect_ssa("func swap(i32 n) {\n"
               "entry:\n"
               "    a = copy 1\n"
               "    b = copy 2\n"
               "    i = copy 0\n"
               "    jump head\n"
               "head:\n"
               "    c = lt i, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    t = copy a\n"
               "    a = copy b\n"
               "    b = copy t\n"
               "    i = add i, 1\n"
               "    jump head\n"
               "exit:\n"
               "    t = mul a, 10\n"
               "    r = add t, b\n"
               "    return r\n"
               "}\n",
               MC_SSA_PRUNED,
               "func swap(i32 n) {\n"
               "entry:\n"
               "    a.1 = copy 1\n"
               "    b.1 = copy 2\n"
               "    i.1 = copy 0\n"
               "    jump head\n"
               "head:\n"
               "    a.2 = phi [entry: a.1], [body: a.3]\n"
               "    b.2 = phi [entry: b.1], [body: b.3]\n"
               "    i.2 = phi [entry: i.1], [body: i.3]\n"
               "    c = lt i.2, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    t.1 = copy a.2\n"
               "    a.3 = copy b.2\n"
               "    b.3 = copy t.1\n"
               "    i.3 = add i.2, 1\n"
               "    jump head\n"
               "exit:\n"
               "    t.2 = mul a.2, 10\n"
               "    r = add t.2, b.2\n"
               "    return r\n"
               "}\n");
}

static void test_param_reassigned(void **state) {
    (void)state;
    expect_ssa("func f(i32 n, i32 k) {\n"
               "entry:\n"
               "    n = add n, k\n"
               "    n = mul n, 2\n"
               "    return n\n"
               "}\n",
               MC_SSA_PRUNED,
               "func f(i32 n, i32 k) {\n"
               "entry:\n"
               "    n.1 = add n, k\n"
               "    n.2 = mul n.1, 2\n"
               "    return n.2\n"
               "}\n");
}

/* Version names are built by hand (no printf): numbers of two digits, and a
 * name already taken ("n.2", defined once, so kept) skipped. */
static void test_version_names(void **state) {
    (void)state;
    McStr src, want;
    mc_str_init(&src);
    mc_str_init(&want);
    mc_str_puts(&src, "func f(i32 n) {\nentry:\n    n.2 = copy 7\n");
    mc_str_puts(&want, "func f(i32 n) {\nentry:\n    n.2 = copy 7\n    n.1 = add n, 1\n");
    for (int k = 0; k < 10; k++) mc_str_puts(&src, "    n = add n, 1\n");
    for (int k = 3; k <= 11; k++) mc_str_printf(&want, "    n.%d = add n.%d, 1\n", k, k == 3 ? 1 : k - 1);
    mc_str_puts(&src, "    n = add n, n.2\n    return n\n}\n");
    mc_str_puts(&want, "    n.12 = add n.11, n.2\n    return n.12\n}\n");
    expect_ssa(src.s, MC_SSA_PRUNED, want.s);
    mc_str_free(&src);
    mc_str_free(&want);
}

/* x is live at join; z is a non-local name (used in l before its
 * definition there) but dead at join; t, u, v are local to their blocks.
 * minimal: phis for t u v x z (every variable defined in l or r) = 5;
 * semi-pruned: x z = 2; pruned: x = 1. */
static const char *policies_src = "func f(i32 a) {\n"
                                  "entry:\n"
                                  "    z = copy a\n"
                                  "    branch a, l, r\n"
                                  "l:\n"
                                  "    v = add z, 1\n"
                                  "    t = add a, v\n"
                                  "    u = mul t, t\n"
                                  "    x = copy u\n"
                                  "    z = copy 1\n"
                                  "    jump join\n"
                                  "r:\n"
                                  "    t = add a, 2\n"
                                  "    x = copy t\n"
                                  "    z = copy 2\n"
                                  "    jump join\n"
                                  "join:\n"
                                  "    return x\n"
                                  "}\n";

static void test_policies(void **state) {
    (void)state;
    McFunc *f = parse_one(policies_src);
    int32_t counts[MC_SSA_KIND_COUNT];
    mc_ssa_phi_counts(f, counts);
    assert_int_equal(counts[MC_SSA_MINIMAL], 5);
    assert_int_equal(counts[MC_SSA_SEMI], 2);
    assert_int_equal(counts[MC_SSA_PRUNED], 1);
    /* Every policy computes the same thing. */
    for (int a = -2; a <= 2; a++) {
        McArgs args;
        args.n = 1;
        args.v = mc_xcalloc(1, sizeof *args.v);
        args.v[0].scalar = a;
        McOutcome ref = mc_run(f, &args, 0);
        for (int k = 0; k < MC_SSA_KIND_COUNT; k++) {
            McFunc *g = mc_ssa_build(f, (McSsaKind)k, NULL, NULL);
            assert_non_null(g);
            McOutcome o = mc_run(g, &args, 0);
            assert_int_equal(o.kind, ref.kind);
            assert_int_equal(o.value, ref.value);
            mc_func_free(g);
        }
        mc_args_free(&args);
    }
    mc_func_free(f);
}

static void test_minimal_undefined_operand(void **state) {
    (void)state;
    /* In minimal SSA, u has no value on the edge from r: the operand is 0,
     * never observed (u is dead after join). */
    McFunc *f = parse_one(policies_src);
    McFunc *g = mc_ssa_build(f, MC_SSA_MINIMAL, NULL, NULL);
    assert_non_null(g);
    char *text = print_str(g);
    assert_non_null(strstr(text, "u.2 = phi [l: u.1], [r: 0]"));
    free(text);
    mc_func_free(g);
    mc_func_free(f);
}

static void test_ssa_input_unchanged(void **state) {
    (void)state;
    const char *src = "func f(i32 n) {\n"
                      "entry:\n"
                      "    jump loop\n"
                      "loop:\n"
                      "    x = phi [entry: 1], [loop: y]\n"
                      "    y = add x, 1\n"
                      "    c = lt y, n\n"
                      "    branch c, loop, exit\n"
                      "exit:\n"
                      "    return x\n"
                      "}\n";
    McFunc *f = parse_one(src);
    McSsaStats st;
    McFunc *g = mc_ssa_build(f, MC_SSA_PRUNED, &st, NULL);
    assert_true(st.was_ssa);
    assert_int_equal(st.phis, 1);
    char *a = print_str(f), *b = print_str(g);
    assert_string_equal(a, b);
    assert_string_equal(a, src);
    free(a);
    free(b);
    mc_func_free(g);
    mc_func_free(f);
}

static void test_unverified_rejected(void **state) {
    (void)state;
    McFunc *f = mc_func_new("raw", NULL);
    int32_t b = mc_func_block_add(f, "entry");
    f->blocks[b].has_term = true;
    f->blocks[b].term.op = MC_OP_RET;
    f->blocks[b].term.arg = mc_const(0);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_null(mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d));
    assert_int_equal(d.n, 1);
    assert_non_null(strstr(d.v[0].msg, "verified"));
    mc_diags_free(&d);
    mc_func_free(f);
}

static void test_kind_names(void **state) {
    (void)state;
    for (int k = 0; k < MC_SSA_KIND_COUNT; k++) assert_int_equal(mc_ssa_kind_lookup(mc_ssa_kind_name((McSsaKind)k)), k);
    assert_int_equal(mc_ssa_kind_lookup("semi-pruned"), MC_SSA_SEMI);
    assert_int_equal(mc_ssa_kind_lookup("maximal"), -1);
}

/* ---- 100k blocks ------------------------------------------------------------- */

static McInst *inst(McFunc *f, int32_t b, McOp op, int32_t dest, McOperand x, McOperand y) {
    McInst *in = mc_block_inst_add(f, b);
    in->op = (uint8_t)op;
    in->dest = dest;
    in->a[0] = x;
    in->a[1] = y;
    return in;
}

static void term(McFunc *f, int32_t b, McOp op, McOperand arg, int32_t t0, int32_t t1) {
    McBlock *bl = &f->blocks[b];
    bl->has_term = true;
    bl->term.op = (uint8_t)op;
    bl->term.arg = arg;
    bl->term.target[0] = t0;
    bl->term.target[1] = t1;
}

/* n diamonds in a row, in mutable form: x += 1 or x += 2 depending on the
 * parameter's bit; returns x. 3n + 2 blocks. */
static McFunc *diamond_chain(int32_t n) {
    McFunc *f = mc_func_new("chain", NULL);
    int32_t p = mc_func_param_add(f, "p", MC_VAL_I32);
    int32_t x = mc_func_value(f, "x"), c = mc_func_value(f, "c");
    char name[64];
    int32_t prev = mc_func_block_add(f, "entry");
    inst(f, prev, MC_OP_COPY, x, mc_const(0), mc_const(0));
    for (int32_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "t%d", (int)i);
        int32_t t = mc_func_block_add(f, name);
        snprintf(name, sizeof name, "e%d", (int)i);
        int32_t e = mc_func_block_add(f, name);
        snprintf(name, sizeof name, "j%d", (int)i);
        int32_t j = mc_func_block_add(f, name);
        inst(f, prev, MC_OP_LT, c, mc_const(i % 7), mc_val(p));
        term(f, prev, MC_OP_BRANCH, mc_val(c), t, e);
        inst(f, t, MC_OP_ADD, x, mc_val(x), mc_const(1));
        term(f, t, MC_OP_JUMP, mc_const(0), j, MC_NONE);
        f->blocks[t].term.arg.kind = MC_OPND_NONE;
        inst(f, e, MC_OP_ADD, x, mc_val(x), mc_const(2));
        term(f, e, MC_OP_JUMP, mc_const(0), j, MC_NONE);
        f->blocks[e].term.arg.kind = MC_OPND_NONE;
        prev = j;
    }
    term(f, prev, MC_OP_RET, mc_val(x), MC_NONE, MC_NONE);
    return f;
}

static void test_100k_blocks(void **state) {
    (void)state;
    McFunc *f = diamond_chain(34000); /* 102002 blocks */
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_verify(f, MC_VERIFY_INFER, &d));
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    double t0 = mc_now();
    McSsaStats st;
    McFunc *g = mc_ssa_build(f, MC_SSA_PRUNED, &st, &d);
    double t1 = mc_now();
    assert_non_null(g);
    assert_int_equal(st.phis, 34000);
    McArgs args;
    args.n = 1;
    args.v = mc_xcalloc(1, sizeof *args.v);
    args.v[0].scalar = 3; /* i%7 < 3 for 0,1,2: +1; else +2 */
    McOutcome ref = mc_run(f, &args, 1000000), got = mc_run(g, &args, 1000000);
    assert_int_equal(ref.kind, MC_RETURNED);
    int32_t want = 0;
    for (int32_t i = 0; i < 34000; i++) want += i % 7 < 3 ? 1 : 2;
    assert_int_equal(ref.value, want);
    assert_int_equal(got.value, want);
    McOptOptions oo;
    mc_opt_options_default(&oo);
    oo.verify = false;
    assert_true(mc_opt_run(g, &oo, NULL, &d));
    double t2 = mc_now();
    got = mc_run(g, &args, 1000000);
    assert_int_equal(got.value, want);
    printf("100k blocks: ssa %.3fs, opt %.3fs\n", t1 - t0, t2 - t1);
    mc_args_free(&args);
    mc_diags_free(&d);
    mc_func_free(g);
    mc_func_free(f);
}

static char *alloc_str(const McAllocation *a) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    mc_allocation_print(a, m);
    fclose(m);
    return buf;
}

/* Without its self-check SSA construction returns the same function (in SSA
 * form), phi destruction the same function (in mutable form: what the check
 * would have set) and the allocation on top of it is the same. */
static void test_fast_variant_same_result(void **state) {
    (void)state;
    McAllocOptions fast;
    mc_alloc_options_default(&fast);
    fast.no_self_check = true;
    for (uint64_t seed = 1; seed <= 60; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.form = MC_GEN_MUTABLE;
        go.size = 40 + (int32_t)(seed % 7) * 30;
        McFunc *f = mc_gen(seed, &go);
        assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
        for (int k = 0; k < MC_SSA_KIND_COUNT; k++) {
            McFunc *a = mc_ssa_build(f, (McSsaKind)k, NULL, NULL);
            McFunc *b = mc_ssa_build_opts(f, (McSsaKind)k, NULL, false, NULL);
            assert_non_null(a);
            assert_non_null(b);
            assert_int_equal(b->form, MC_FORM_SSA);
            char *pa = print_str(a), *pb = print_str(b);
            assert_string_equal(pa, pb);
            free(pa);
            free(pb);
            McDestroyed *x = mc_destroy_phis(a, MC_ALLOC_IMPROVED, NULL);
            McDestroyed *y = mc_destroy_phis_opts(b, MC_ALLOC_IMPROVED, &fast, NULL);
            assert_non_null(x);
            assert_non_null(y);
            assert_int_equal(y->f->form, MC_FORM_MUTABLE);
            pa = print_str(x->f);
            pb = print_str(y->f);
            assert_string_equal(pa, pb);
            free(pa);
            free(pb);
            mc_destroyed_free(x);
            mc_destroyed_free(y);
            for (int regs = 2; regs <= 8; regs += 6) {
                McAllocation *ra = mc_allocate(a, MC_ALLOC_IMPROVED, regs, NULL, NULL);
                McAllocation *rb = mc_allocate(b, MC_ALLOC_IMPROVED, regs, &fast, NULL);
                assert_non_null(ra);
                assert_non_null(rb);
                pa = alloc_str(ra);
                pb = alloc_str(rb);
                assert_string_equal(pa, pb);
                free(pa);
                free(pb);
                mc_allocation_free(ra);
                mc_allocation_free(rb);
            }
            mc_func_free(a);
            mc_func_free(b);
        }
        mc_func_free(f);
    }
}

/* Pruned SSA decides "is v live into y" by a walk per variable, or, for up
 * to 64 variables assigned in two blocks or more, by one bit-set solution
 * for all of them (ssa.c): 70 such variables, assigned on both arms of a
 * branch, only the even ones read after the join, give phis for exactly
 * the even ones, on both sides of the 64th. */
static void test_pruned_many_variables(void **state) {
    (void)state;
    enum { N = 70 };
    size_t cap = 64 * N * 3 + 512, len = 0;
    char *src = malloc(cap);
    len += (size_t)snprintf(src + len, cap - len, "func f(i32 p) {\nentry:\n    branch p, l, r\nl:\n");
    for (int i = 0; i < N; i++) len += (size_t)snprintf(src + len, cap - len, "    v%d = add p, %d\n", i, i);
    len += (size_t)snprintf(src + len, cap - len, "    jump j\nr:\n");
    for (int i = 0; i < N; i++) len += (size_t)snprintf(src + len, cap - len, "    v%d = sub p, %d\n", i, i);
    len += (size_t)snprintf(src + len, cap - len, "    jump j\nj:\n    s = copy 0\n");
    for (int i = 0; i < N; i += 2) len += (size_t)snprintf(src + len, cap - len, "    s = add s, v%d\n", i);
    snprintf(src + len, cap - len, "    return s\n}\n");
    McFunc *f = parse_one(src);
    McSsaStats st;
    McFunc *g = mc_ssa_build(f, MC_SSA_PRUNED, &st, NULL);
    assert_non_null(g);
    assert_int_equal(st.phis, N / 2);
    int32_t j = mc_func_find_block(g, "j");
    assert_true(j >= 0);
    assert_int_equal(g->blocks[j].nphis, N / 2);
    for (int32_t k = 0; k < g->blocks[j].nphis; k++) {
        const char *name = g->values[g->blocks[j].phis[k].dest].name;
        char want[16];
        snprintf(want, sizeof want, "v%d.", 2 * k); /* in variable order */
        assert_memory_equal(name, want, strlen(want));
    }
    mc_func_free(g);
    McFunc *m = mc_ssa_build(f, MC_SSA_MINIMAL, &st, NULL);
    assert_int_equal(st.phis, N); /* minimal: all of them */
    mc_func_free(m);
    mc_func_free(f);
    free(src);
}

/* Calls (docs/ir.md §3.2): a call's scalar arguments are renamed like any
 * use, its destination versioned like any definition, a local buffer and a
 * buffer argument keep their names. */
static const char *calls_src = "func f(i32 n) {\n"
                               "entry:\n"
                               "    b = buffer 4\n"
                               "    x = copy n\n"
                               "    x = call g(b, x)\n"
                               "    x = call g(b, x)\n"
                               "    call g(b, x)\n"
                               "    y = load b, 0\n"
                               "    return y\n"
                               "}\n"
                               "func g(buf q, i32 k) {\n"
                               "entry:\n"
                               "    store q, 0, k\n"
                               "    k = add k, 1\n"
                               "    return k\n"
                               "}\n";

static McModule *parse_module(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_non_null(m);
    mc_diags_free(&d);
    return m;
}

static void test_calls_renamed(void **state) {
    (void)state;
    McModule *m = parse_module(calls_src);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *g = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    assert_non_null(g);
    assert_true(mc_verify(g, MC_VERIFY_SSA, NULL));
    char *got = print_str(g);
    const char *want = "func f(i32 n) {\n"
                       "entry:\n"
                       "    b = buffer 4\n"
                       "    x.1 = copy n\n"
                       "    x.2 = call g(b, x.1)\n"
                       "    x.3 = call g(b, x.2)\n"
                       "    call g(b, x.3)\n"
                       "    y = load b, 0\n"
                       "    return y\n"
                       "}\n";
    if (strcmp(got, want) != 0) fprintf(stderr, "--- want\n%s--- got\n%s", want, got);
    assert_string_equal(got, want);
    assert_ptr_equal(mc_inst_call(g, &g->blocks[0].insts[2])->callee, m->funcs[1]); /* the same callee */
    free(got);
    mc_func_free(g);
    mc_diags_free(&d);
    mc_module_free(m);
}

/* mc_pipeline_prepare: the callee is prepared too, the calls of both lead
 * to the prepared functions, the first owns the rest; and it runs as the
 * input does. Freed as one (the sanitizer build sees a leak or a double
 * free). */
static void test_calls_prepared_program(void **state) {
    (void)state;
    McModule *m = parse_module(calls_src);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    for (int level = 0; level <= 1; level++) {
        McFunc *p = mc_pipeline_prepare(m->funcs[0], level, &d);
        assert_non_null(p);
        assert_int_equal(p->nowned, 1);
        McFunc *callee = p->owned[0];
        assert_ptr_not_equal(callee, m->funcs[1]);
        assert_int_equal(callee->form, MC_FORM_SSA);
        assert_true(mc_verify(callee, MC_VERIFY_SSA, NULL));
        int ncalls = 0;
        for (int32_t i = 0; i < p->blocks[0].ninsts; i++) {
            const McCall *c = mc_inst_call(p, &p->blocks[0].insts[i]);
            if (!c) continue;
            assert_ptr_equal(c->callee, callee);
            ncalls++;
        }
        assert_int_equal(ncalls, 3); /* none removed, the unused result's included */
        McArgs a;
        memset(&a, 0, sizeof a);
        McInterpOptions io;
        memset(&io, 0, sizeof io);
        /* n = 5: g stores 5, 6, 7 and returns k + 1 */
        char five[] = "5", *argv[] = {five};
        assert_true(mc_args_parse(p, 1, argv, &a, &d));
        McOutcome o = mc_interp_run(p, &a, &io);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 7);
        mc_args_free(&a);
        mc_func_free(p);
    }
    mc_diags_free(&d);
    mc_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_param_reassigned),
        cmocka_unit_test(test_version_names),
        cmocka_unit_test(test_policies),
        cmocka_unit_test(test_minimal_undefined_operand),
        cmocka_unit_test(test_ssa_input_unchanged),
        cmocka_unit_test(test_unverified_rejected),
        cmocka_unit_test(test_kind_names),
        cmocka_unit_test(test_100k_blocks),
        cmocka_unit_test(test_fast_variant_same_result),
        cmocka_unit_test(test_pruned_many_variables),
        cmocka_unit_test(test_calls_renamed),
        cmocka_unit_test(test_calls_prepared_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
