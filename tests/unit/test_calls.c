/* test_calls.c - calls and local buffers (docs/ir.md §3.2): the call table
 * through clone and compaction, the verifier's call checks on built IR, and
 * the stepping interpreter's frames (stepping over a call, the fast
 * continue, checkpoints with local buffers, the depth limit on a small C
 * stack, an interrupt inside a callee). */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/run.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* main(n): a local buffer filled by a callee, then fib(n) + 100 * cell[1]. */
static const char *const SRC =
    "func main(i32 n) {\n"
    "entry:\n"
    "    cell = buffer 2\n"
    "    call put(cell, 1, n)\n"
    "    x = load cell, 1\n"
    "    f = call fib(n)\n"
    "    k = mul x, 100\n"
    "    r = add f, k\n"
    "    return r\n"
    "}\n"
    "func put(buf b, i32 i, i32 v) {\n"
    "entry:\n"
    "    store b, i, v\n"
    "    return 0\n"
    "}\n"
    "func fib(i32 n) {\n"
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

static McModule *load(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    for (int i = 0; i < d.n; i++) fprintf(stderr, "%s\n", d.v[i].msg);
    mc_diags_free(&d);
    return m;
}

static McArgs one_int(int32_t n) {
    McArgs a;
    a.n = 1;
    a.v = mc_xcalloc(1, sizeof *a.v);
    a.v[0].scalar = n;
    return a;
}

static char *print_module(const McModule *m) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    mc_module_print(m, f);
    fclose(f);
    return buf;
}

/* Print, parse, print: the same text; the instruction stays its size. */
static void test_round_trip(void **state) {
    (void)state;
    McModule *m = load(SRC);
    assert_non_null(m);
    char *a = print_module(m);
    McModule *m2 = load(a);
    assert_non_null(m2);
    char *b = print_module(m2);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "    call put(cell, 1, n)\n"));
    assert_non_null(strstr(a, "    cell = buffer 2\n"));
    McFunc *fib = mc_module_find(m2, "fib");
    assert_int_equal(fib->ncalls, 2);
    assert_ptr_equal(fib->calls[0].callee, fib); /* resolved within the file */
    /* The call table lives beside the instructions: McInst is the size of
     * an opcode, a destination, three operands, a position and a line. */
    assert_true(sizeof(McInst) <= 4 + 4 + 3 * sizeof(McOperand) + 4 + 4);
    free(a);
    free(b);
    mc_module_free(m);
    mc_module_free(m2);
}

/* Clone and compaction keep the call table, its arguments renumbered. */
static void test_clone_compact(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McFunc *fib = mc_module_find(m, "fib");
    /* fib(n1) becomes fib(0) and n1's definition goes: n1 is named by
     * nothing (what a pass's deletions leave), so compaction drops it and
     * renumbers n2, a later value read only by the second call. */
    int32_t n2 = mc_func_find_value(fib, "n2");
    assert_true(mc_func_find_value(fib, "n1") < n2);
    fib->calls[0].args[0] = mc_const(0);
    int32_t rec = mc_func_find_block(fib, "rec");
    mc_block_inst_remove(fib, rec, 0);
    McFunc *c = mc_func_clone_compact(fib, NULL, 0, 0);
    McFunc *d = mc_func_clone(fib);
    int32_t dropped = mc_func_compact_values(d);
    assert_int_equal(dropped, 1);
    const McFunc *both[2] = {c, d};
    for (int k = 0; k < 2; k++) {
        const McFunc *g = both[k];
        assert_int_equal(g->ncalls, 2);
        assert_ptr_equal(g->calls[1].callee, fib);
        assert_string_equal(g->calls[1].name, "fib");
        assert_int_equal(g->calls[1].nargs, 1);
        assert_int_equal(g->calls[1].args[0].v, n2 - 1);
        assert_string_equal(g->values[g->calls[1].args[0].v].name, "n2");
        assert_true(mc_verify((McFunc *)g, MC_VERIFY_INFER, NULL));
    }
    mc_func_free(c);
    mc_func_free(d);
    mc_module_free(m);
}

/* The verifier on built IR: a callee whose parameters no longer match, a
 * call-table number out of range, a buffer defined twice. */
static void test_verify_calls(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McFunc *mainf = mc_module_find(m, "main"), *put = mc_module_find(m, "put");
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_verify_calls(mainf, &d));
    McCall *c = &mainf->calls[0];
    c->callee = mc_module_find(m, "fib"); /* put(cell, 1, n) now calls fib(n) */
    assert_false(mc_verify_calls(mainf, &d));
    assert_false(mc_verify(mainf, MC_VERIFY_INFER, &d));
    assert_non_null(strstr(d.v[0].msg, "passes 3 arguments, but 'put' takes 1"));
    c->callee = put;
    c->args[0] = c->args[2]; /* n for the buf b */
    mc_diags_clear(&d);
    assert_false(mc_verify_calls(mainf, &d));
    assert_non_null(strstr(d.v[0].msg, "is the scalar 'n', but parameter 'b' of 'put' is a buf"));
    c->args[0] = mc_const(4);
    mc_diags_clear(&d);
    assert_false(mc_verify_calls(mainf, &d));
    assert_non_null(strstr(d.v[0].msg, "is the constant '4'"));
    /* A call whose table number is out of range is an integrity error. */
    McInst *in = &mainf->blocks[0].insts[1];
    assert_int_equal(in->op, MC_OP_CALL);
    in->a[0].v = 99;
    mc_diags_clear(&d);
    assert_false(mc_verify(mainf, MC_VERIFY_INFER, &d));
    assert_non_null(strstr(d.v[0].msg, "invalid call-table number"));
    in->a[0].v = 0;
    c->args[0] = mc_val(mc_func_find_value(mainf, "cell"));
    /* A second definition of the local buffer. */
    McInst *b2 = mc_block_inst_insert(mainf, 0, 1);
    *b2 = mainf->blocks[0].insts[0];
    mc_diags_clear(&d);
    assert_false(mc_verify(mainf, MC_VERIFY_INFER, &d));
    assert_non_null(strstr(d.v[0].msg, "buffer 'cell' is defined more than once"));
    mc_diags_free(&d);
    mc_module_free(m);
}

static void run_main(const McModule *m, int32_t n, int64_t max_steps, int64_t max_depth, McOutcome *o) {
    McArgs a = one_int(n);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = max_steps;
    io.max_depth = max_depth;
    *o = mc_interp_run(m->funcs[0], &a, &io);
    mc_args_free(&a);
}

/* Outcomes, steps and instruction counts across frames. */
static void test_run(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McOutcome o;
    run_main(m, 10, 0, 0, &o);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 55 + 100 * 10);
    /* main 1 entry, put 1, fib(10) 177 calls of 2 entries each. */
    assert_int_equal(o.steps, 1 + 1 + 354);
    run_main(m, 10, 355, 0, &o);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "execution step limit exceeded");
    /* The run path hands a function with calls to the interpreter. */
    McArgs a = one_int(10);
    McOutcome r = mc_run(m->funcs[0], &a, 0);
    assert_int_equal(r.kind, MC_RETURNED);
    assert_int_equal(r.value, 1055);
    assert_int_equal(r.steps, 356);
    mc_args_free(&a);
    mc_module_free(m);
}

static McOutcome step_all(McInterp *in) {
    while (mc_interp_step_inst(in)) {
    }
    McOutcome o;
    assert_true(mc_interp_finished(in, &o));
    return o;
}

/* Stepping: a call is one instruction of main; the fast continue, a
 * checkpoint taken after the local buffer is written, and replay all reach
 * the same end. */
static void test_step_over(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McArgs a = one_int(6);
    McInterp *in = mc_interp_new(m->funcs[0], &a, NULL);
    assert_true(mc_interp_step_inst(in)); /* enter entry */
    assert_true(mc_interp_step_inst(in)); /* cell = buffer 2 */
    assert_true(mc_interp_step_inst(in)); /* call put(cell, 1, n): one step */
    assert_int_equal(mc_interp_pc(in), 2);
    assert_int_equal(mc_interp_steps(in), 2); /* main's entry and put's */
    McInterp *ck = mc_interp_clone(in);        /* cell holds [0, 6] */
    assert_true(mc_interp_step_inst(in));      /* x = load cell, 1 */
    int32_t x = 0;
    assert_true(mc_interp_value(in, mc_func_find_value(m->funcs[0], "x"), &x));
    assert_int_equal(x, 6);
    McOutcome o1 = step_all(in);
    assert_int_equal(o1.value, 8 + 600);
    mc_interp_restore(in, ck);
    McOutcome o2 = step_all(in);
    assert_int_equal(o2.value, o1.value);
    assert_int_equal(o2.steps, o1.steps);
    McInterp *fast = mc_interp_new(m->funcs[0], &a, NULL);
    assert_int_equal(mc_interp_continue_fast(fast, NULL), MC_STOP_END);
    McOutcome o3;
    mc_interp_finished(fast, &o3);
    assert_int_equal(o3.value, o1.value);
    assert_int_equal(o3.steps, o1.steps);
    assert_int_equal(o3.insts, o1.insts);
    assert_int_equal(mc_interp_ticks(fast), mc_interp_ticks(in));
    McInterp *rp = mc_interp_replay_ticks(in, 4);
    assert_int_equal(mc_interp_pc(rp), 3);
    assert_true(mc_interp_value(rp, mc_func_find_value(m->funcs[0], "x"), &x));
    assert_int_equal(x, 6);
    mc_interp_free(rp);
    mc_interp_free(fast);
    mc_interp_free(ck);
    mc_interp_free(in);
    mc_args_free(&a);
    mc_module_free(m);
}

/* 10,000 frames on a thread with a 64 KiB C stack: frames are on the heap. */
typedef struct Deep {
    const McFunc *f;
    int32_t n;
    McOutcome o;
} Deep;

static void *deep_run(void *p) {
    Deep *d = p;
    McArgs a = one_int(d->n);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = 1000000;
    d->o = mc_interp_run(d->f, &a, &io);
    mc_args_free(&a);
    return NULL;
}

static void test_depth(void **state) {
    (void)state;
    McModule *m = load(SRC);
    const McFunc *depth = mc_module_find(m, "depth");
    int32_t ns[2] = {9999, 10000}; /* depth(9999) .. depth(0): 10,000 frames */
    for (int k = 0; k < 2; k++) {
        Deep d = {depth, ns[k], {0}};
        pthread_attr_t at;
        pthread_attr_init(&at);
        assert_int_equal(pthread_attr_setstacksize(&at, 65536), 0);
        pthread_t t;
        assert_int_equal(pthread_create(&t, &at, deep_run, &d), 0);
        pthread_join(t, NULL);
        pthread_attr_destroy(&at);
        if (k == 0) {
            assert_int_equal(d.o.kind, MC_RETURNED);
            assert_int_equal(d.o.value, 9999);
        } else {
            assert_int_equal(d.o.kind, MC_TRAPPED);
            assert_string_equal(d.o.trap, "call depth limit exceeded");
        }
    }
    McOutcome o;
    run_main(m, 3, 0, 2, &o); /* main and put fit in 2 frames; fib's calls do not */
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "call depth limit exceeded");
    mc_module_free(m);
}

/* An interrupt seen inside a callee ends the run as interrupted. */
static void test_interrupt(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McInterrupt flag = 1;
    McArgs a = one_int(25);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = (int64_t)1 << 40;
    io.interrupt = &flag;
    McOutcome o = mc_interp_run(m->funcs[0], &a, &io);
    assert_int_equal(o.kind, MC_INTERRUPTED);
    assert_true(o.steps < 10000); /* polled every 4096 entries, not at the end */
    mc_args_free(&a);
    mc_module_free(m);
}

/* SSA and the optimizer take calls (the callee prepared too); stage alloc
 * refuses them, with one diagnostic at the first call. */
static void test_refuse(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McFunc *fib = mc_module_find(m, "fib");
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *p = mc_pipeline_prepare(fib, 1, &d);
    assert_non_null(p);
    assert_int_equal(d.n, 0);
    mc_func_free(p);
    assert_true(mc_pipeline_refuse_calls(fib, "alloc", &d));
    assert_int_equal(d.n, 1);
    assert_string_equal(d.v[0].msg, "stage alloc does not support calls yet ('fib' has a call)");
    assert_int_equal(d.v[0].loc.line, 24);
    mc_diags_free(&d);
    mc_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip), cmocka_unit_test(test_clone_compact), cmocka_unit_test(test_verify_calls),
        cmocka_unit_test(test_run),        cmocka_unit_test(test_step_over),     cmocka_unit_test(test_depth),
        cmocka_unit_test(test_interrupt),  cmocka_unit_test(test_refuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
