/* test_interp.c - the interpreter (interp.c), the plain run path (run.c) and
 * argument parsing (args.c), on functions built with the ir.h builder API.
 * Every execution runs both paths and checks they agree. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "chk_ir.h"

#include "testir.h"
#include <glob.h>

#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

/* ---- building functions ---------------------------------------------------- */


/* The chapter's swap loop (share/minicc/examples/swap.ir). */
static McFunc *build_swap(void) {
    McFunc *f = mc_func_new("swap", NULL);
    mc_func_param_add(f, "n", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), head = mc_func_block_add(f, "head");
    int32_t body = mc_func_block_add(f, "body"), exit_ = mc_func_block_add(f, "exit");
    I(f, entry, MC_OP_COPY, "i0", C(0), C(0));
    JUMP(f, entry, head);
    /* Forward references: create the values first so handles exist. */
    PHI(f, head, "a", entry, C(1), body, V(f, "b"));
    PHI(f, head, "b", entry, C(2), body, V(f, "a"));
    PHI(f, head, "i", entry, V(f, "i0"), body, V(f, "i1"));
    I(f, head, MC_OP_LT, "c", V(f, "i"), V(f, "n"));
    BRANCH(f, head, V(f, "c"), body, exit_);
    I(f, body, MC_OP_ADD, "i1", V(f, "i"), C(1));
    JUMP(f, body, head);
    I(f, exit_, MC_OP_MUL, "t", V(f, "a"), C(10));
    I(f, exit_, MC_OP_ADD, "r", V(f, "t"), V(f, "b"));
    RET(f, exit_, V(f, "r"));
    f->form = MC_FORM_SSA;
    return f;
}

/* Mutable form: for i in 0..n-1: b[i] = i * k; then b[n] = 99 (traps when n == len). */
static McFunc *build_fill(void) {
    McFunc *f = mc_func_new("fill", NULL);
    mc_func_param_add(f, "b", MC_VAL_BUF);
    mc_func_param_add(f, "n", MC_VAL_I32);
    mc_func_param_add(f, "k", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), head = mc_func_block_add(f, "head");
    int32_t body = mc_func_block_add(f, "body"), done = mc_func_block_add(f, "done");
    I(f, entry, MC_OP_COPY, "i", C(0), C(0));
    JUMP(f, entry, head);
    I(f, head, MC_OP_LT, "c", V(f, "i"), V(f, "n"));
    BRANCH(f, head, V(f, "c"), body, done);
    I(f, body, MC_OP_MUL, "x", V(f, "i"), V(f, "k"));
    STORE(f, body, "b", V(f, "i"), V(f, "x"));
    I(f, body, MC_OP_ADD, "i", V(f, "i"), C(1));
    JUMP(f, body, head);
    STORE(f, done, "b", V(f, "n"), C(99));
    I(f, done, MC_OP_LOAD, "r", V(f, "b"), C(0));
    RET(f, done, V(f, "r"));
    f->form = MC_FORM_MUTABLE;
    return f;
}

/* Run both paths with the same arguments; check they agree; return the interp's result. */
static McOutcome run_both(const McFunc *f, McArgs *args, int64_t max_steps, McPhiMode mode) {
    McArgs a2;
    mc_args_copy(&a2, args);
    McInterpOptions o = {max_steps, mode, NULL, NULL, NULL, 0};
    McInterp *in = mc_interp_new(f, args, &o);
    while (mc_interp_step_block(in)) {
    }
    McOutcome x;
    assert_true(mc_interp_finished(in, &x));
    if (mode == MC_PHI_PARALLEL) {
        McOutcome y = mc_run(f, &a2, max_steps);
        assert_true(mc_outcome_same(&x, mc_interp_args(in), &y, &a2));
        assert_int_equal(x.steps, y.steps);
        assert_int_equal(x.insts, y.insts);
    }
    mc_args_free(args);
    mc_args_copy(args, mc_interp_args(in));
    mc_interp_free(in);
    mc_args_free(&a2);
    return x;
}

static int32_t swap_result(McFunc *f, const char *n, McPhiMode mode) {
    const char *argv[] = {n};
    McArgs a = make_args(f, 1, argv);
    McOutcome o = run_both(f, &a, 0, mode);
    mc_args_free(&a);
    assert_int_equal(o.kind, MC_RETURNED);
    return o.value;
}

static void test_swap(void **state) {
    (void)state;
    McFunc *f = build_swap();
    const char *even[] = {"0", "2", "10", "-5"}, *odd[] = {"1", "3", "11"};
    for (size_t i = 0; i < 4; i++) assert_int_equal(swap_result(f, even[i], MC_PHI_PARALLEL), 12);
    for (size_t i = 0; i < 3; i++) assert_int_equal(swap_result(f, odd[i], MC_PHI_PARALLEL), 21);
    mc_func_free(f);
}

/* Sequential phis: a = b then b = a (the new a, i.e. the old b): both end up
 * as the old b = 2 after the first iteration and stay there: 22. */
static void test_swap_sequential(void **state) {
    (void)state;
    McFunc *f = build_swap();
    assert_int_equal(swap_result(f, "0", MC_PHI_SEQUENTIAL), 12);
    assert_int_equal(swap_result(f, "1", MC_PHI_SEQUENTIAL), 22);
    assert_int_equal(swap_result(f, "2", MC_PHI_SEQUENTIAL), 22);
    assert_int_equal(swap_result(f, "11", MC_PHI_SEQUENTIAL), 22);
    mc_func_free(f);
}

static void test_trap_keeps_writes(void **state) {
    (void)state;
    McFunc *f = build_fill();
    const char *argv[] = {"[0, 0, 0]", "3", "7"};
    McArgs a = make_args(f, 3, argv);
    McOutcome o = run_both(f, &a, 0, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "buffer index 3 outside [0,3)");
    assert_int_equal(a.v[0].data[0], 0);
    assert_int_equal(a.v[0].data[1], 7);
    assert_int_equal(a.v[0].data[2], 14);
    mc_args_free(&a);

    const char *argv2[] = {"[5,5,5,5]", "2", "-1"};
    a = make_args(f, 3, argv2);
    o = run_both(f, &a, 0, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 0);
    assert_int_equal(a.v[0].data[1], -1);
    assert_int_equal(a.v[0].data[2], 99);
    assert_int_equal(a.v[0].data[3], 5);
    mc_args_free(&a);

    const char *argv3[] = {"[]", "0", "1"};
    a = make_args(f, 3, argv3);
    o = run_both(f, &a, 0, MC_PHI_PARALLEL);
    assert_string_equal(o.trap, "buffer index 0 outside [0,0)");
    mc_args_free(&a);
    mc_func_free(f);
}

static void test_negative_index(void **state) {
    (void)state;
    McFunc *f = mc_func_new("neg", NULL);
    mc_func_param_add(f, "b", MC_VAL_BUF);
    mc_func_param_add(f, "i", MC_VAL_I32);
    int32_t e = mc_func_block_add(f, "entry");
    I(f, e, MC_OP_LOAD, "x", V(f, "b"), V(f, "i"));
    RET(f, e, V(f, "x"));
    const char *argv[] = {"[1,2,3]", "-1"};
    McArgs a = make_args(f, 2, argv);
    McOutcome o = run_both(f, &a, 0, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "buffer index -1 outside [0,3)");
    mc_args_free(&a);
    const char *argv2[] = {"[1,2,3]", "-2147483648"};
    a = make_args(f, 2, argv2);
    o = run_both(f, &a, 0, MC_PHI_PARALLEL);
    assert_string_equal(o.trap, "buffer index -2147483648 outside [0,3)");
    mc_args_free(&a);
    mc_func_free(f);
}

/* swap with n iterations enters entry once, head n+1 times, body n times and
 * exit once: 2n + 3 block entries, 9 for n = 3. */
static void test_step_limit(void **state) {
    (void)state;
    McFunc *f = build_swap();
    const char *argv[] = {"3"};
    McArgs a = make_args(f, 1, argv);
    McOutcome o = run_both(f, &a, 9, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 21);
    assert_int_equal(o.steps, 9);
    o = run_both(f, &a, 8, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "execution step limit exceeded");
    assert_int_equal(o.steps, 8);
    o = run_both(f, &a, 1, MC_PHI_PARALLEL);
    assert_int_equal(o.kind, MC_TRAPPED);
    mc_args_free(&a);
    mc_func_free(f);
}

/* Every ALU operation at its edge values (docs/ir.md §3, §3.1), with each
 * operand a value or a constant (the run path decodes the four forms
 * differently, and folds two constants). A division by zero traps in every
 * form; the instruction after it does not count. */
static void test_wraparound(void **state) {
    (void)state;
    enum { TRAP = 7 }; /* r: expect the trap `division by zero` */
    static const struct {
        McOp op;
        int32_t x, y, r;
        int trap;
    } cases[] = {
        {MC_OP_ADD, INT32_MAX, 1, INT32_MIN, 0},     {MC_OP_SUB, INT32_MIN, 1, INT32_MAX, 0},
        {MC_OP_MUL, INT32_MIN, -1, INT32_MIN, 0},    {MC_OP_MUL, 65536, 65536, 0, 0},
        {MC_OP_MUL, -3, 7, -21, 0},                  {MC_OP_LT, -1, 0, 1, 0},
        {MC_OP_LT, INT32_MAX, INT32_MIN, 0, 0},      {MC_OP_LE, 5, 5, 1, 0},
        {MC_OP_EQ, -7, -7, 1, 0},                    {MC_OP_NE, 0, INT32_MIN, 1, 0},
        {MC_OP_SUB, 0, INT32_MIN, INT32_MIN, 0},
        {MC_OP_DIV, INT32_MIN, -1, INT32_MIN, 0},    {MC_OP_REM, INT32_MIN, -1, 0, 0},
        {MC_OP_DIV, 7, -2, -3, 0},                   {MC_OP_REM, 7, -2, 1, 0},
        {MC_OP_DIV, -7, 2, -3, 0},                   {MC_OP_REM, -7, 2, -1, 0},
        {MC_OP_DIV, -7, -2, 3, 0},                   {MC_OP_REM, -7, -2, -1, 0},
        {MC_OP_DIV, INT32_MIN, 1, INT32_MIN, 0},     {MC_OP_REM, INT32_MIN, 2, 0, 0},
        {MC_OP_DIV, INT32_MAX, -1, -INT32_MAX, 0},   {MC_OP_REM, 5, INT32_MIN, 5, 0},
        {MC_OP_DIV, 0, 0, 0, TRAP},                  {MC_OP_REM, INT32_MIN, 0, 0, TRAP},
        {MC_OP_DIV, 1, 0, 0, TRAP},                  {MC_OP_REM, -1, 0, 0, TRAP},
        {MC_OP_AND, -8, 12, 8, 0},                   {MC_OP_OR, INT32_MIN, 1, INT32_MIN + 1, 0},
        {MC_OP_XOR, -1, INT32_MAX, INT32_MIN, 0},    {MC_OP_XOR, 5, 5, 0, 0},
        {MC_OP_SHL, 1, 31, INT32_MIN, 0},            {MC_OP_SHL, 1, 32, 1, 0},
        {MC_OP_SHL, 3, -1, INT32_MIN, 0},            {MC_OP_SHL, -1, 33, -2, 0},
        {MC_OP_SHL, 0x40000000, 1, INT32_MIN, 0},    {MC_OP_SHR, INT32_MIN, 31, -1, 0},
        {MC_OP_SHR, INT32_MIN, 32, INT32_MIN, 0},    {MC_OP_SHR, -7, 1, -4, 0},
        {MC_OP_SHR, INT32_MAX, -1, 0, 0},            {MC_OP_SHR, -1, 5, -1, 0},
        {MC_OP_SHR, 64, 3, 8, 0},                    {MC_OP_SHR, -2147483647, 30, -2, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        for (int form = 0; form < 4; form++) { /* bit 1: x constant, bit 0: y constant */
            McFunc *f = mc_func_new("f", NULL);
            mc_func_param_add(f, "x", MC_VAL_I32);
            mc_func_param_add(f, "y", MC_VAL_I32);
            int32_t e = mc_func_block_add(f, "entry");
            McOperand x = form & 2 ? C(cases[k].x) : V(f, "x"), y = form & 1 ? C(cases[k].y) : V(f, "y");
            I(f, e, cases[k].op, "r", x, y);
            I(f, e, MC_OP_COPY, "s", V(f, "r"), C(0));
            RET(f, e, V(f, "s"));
            McArgs a;
            a.n = 2;
            a.v = calloc(2, sizeof *a.v);
            a.v[0].scalar = cases[k].x;
            a.v[1].scalar = cases[k].y;
            McOutcome o = run_both(f, &a, 0, MC_PHI_PARALLEL);
            if (cases[k].trap) {
                assert_int_equal(o.kind, MC_TRAPPED);
                assert_string_equal(o.trap, "division by zero");
                assert_int_equal(o.insts, 1); /* the division, not the copy after it */
            } else {
                assert_int_equal(o.kind, MC_RETURNED);
                assert_int_equal(o.value, cases[k].r);
                assert_int_equal(o.insts, 2);
            }
            mc_args_free(&a);
            mc_func_free(f);
        }
    }
}

/* A three-way rotation through phis, plus a phi fed by a constant and a self phi. */
static void test_phi_rotation(void **state) {
    (void)state;
    McFunc *f = mc_func_new("rot", NULL);
    mc_func_param_add(f, "n", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), head = mc_func_block_add(f, "head");
    int32_t body = mc_func_block_add(f, "body"), exit_ = mc_func_block_add(f, "exit");
    JUMP(f, entry, head);
    PHI(f, head, "x", entry, C(1), body, V(f, "y"));
    PHI(f, head, "y", entry, C(2), body, V(f, "z"));
    PHI(f, head, "z", entry, C(3), body, V(f, "x"));
    PHI(f, head, "k", entry, V(f, "n"), body, V(f, "k1"));
    PHI(f, head, "s", entry, C(5), body, V(f, "s"));
    I(f, head, MC_OP_LT, "c", C(0), V(f, "k"));
    BRANCH(f, head, V(f, "c"), body, exit_);
    I(f, body, MC_OP_SUB, "k1", V(f, "k"), C(1));
    JUMP(f, body, head);
    I(f, exit_, MC_OP_MUL, "t", V(f, "x"), C(100));
    I(f, exit_, MC_OP_MUL, "u", V(f, "y"), C(10));
    I(f, exit_, MC_OP_ADD, "t", V(f, "t"), V(f, "u"));
    I(f, exit_, MC_OP_ADD, "t", V(f, "t"), V(f, "z"));
    I(f, exit_, MC_OP_MUL, "v", V(f, "s"), C(1000));
    I(f, exit_, MC_OP_ADD, "t", V(f, "t"), V(f, "v"));
    RET(f, exit_, V(f, "t"));
    const int32_t expect[] = {5123, 5231, 5312, 5123, 5231};
    for (int n = 0; n < 5; n++) {
        char buf[16];
        snprintf(buf, sizeof buf, "%d", n);
        const char *argv[] = {buf};
        McArgs a = make_args(f, 1, argv);
        McOutcome o = run_both(f, &a, 0, MC_PHI_PARALLEL);
        assert_int_equal(o.value, expect[n]);
        mc_args_free(&a);
    }
    mc_func_free(f);
}

/* ---- observer --------------------------------------------------------------- */

typedef struct Log {
    int count[MC_EV_RETURN + 1];
    McStr text;
} Log;

static void observe(void *ctx, const McEvent *ev) {
    Log *l = ctx;
    l->count[ev->kind]++;
    switch (ev->kind) {
    case MC_EV_ENTER: mc_str_printf(&l->text, "E%d<%d ", ev->block, ev->pred); break;
    case MC_EV_PHIS:
        mc_str_printf(&l->text, "P");
        for (int i = 0; i < ev->nphis; i++)
            mc_str_printf(&l->text, "%s%d:%d->%d", i ? "," : "", ev->phis[i].dest,
                          ev->phis[i].had_old ? ev->phis[i].old : -99, ev->phis[i].value);
        mc_str_printf(&l->text, " ");
        break;
    case MC_EV_INST: mc_str_printf(&l->text, "I%d=%d ", ev->inst, ev->result); break;
    case MC_EV_MEM: mc_str_printf(&l->text, "M%c%d=%d ", ev->is_store ? 'S' : 'L', ev->index, ev->value); break;
    case MC_EV_TERM: mc_str_printf(&l->text, "T%d ", ev->next); break;
    case MC_EV_TRAP: mc_str_printf(&l->text, "TRAP(%s)", ev->outcome->trap); break;
    case MC_EV_RETURN: mc_str_printf(&l->text, "RET(%d)", ev->outcome->value); break;
    }
}

static void test_observer_swap(void **state) {
    (void)state;
    McFunc *f = build_swap();
    const char *argv[] = {"1"};
    McArgs a = make_args(f, 1, argv);
    Log l;
    memset(&l, 0, sizeof l);
    mc_str_init(&l.text);
    McInterpOptions o = {0, MC_PHI_PARALLEL, observe, &l, NULL, 0};
    McInterp *in = mc_interp_new(f, &a, &o);
    assert_int_equal(mc_interp_block(in), MC_NONE);
    assert_false(mc_interp_continue(in, NULL));
    /* value handles (creation order in build_swap): n=0 i0=1 b=2 a=3 i1=4 i=5 */
    assert_string_equal(l.text.s, "E0<-1 I0=0 T1 "
                                  "E1<0 P3:-99->1,2:-99->2,5:-99->0 I0=1 T2 "
                                  "E2<1 I0=1 T1 "
                                  "E1<2 P3:1->2,2:2->1,5:0->1 I0=0 T3 "
                                  "E3<1 I0=20 I1=21 T-1 RET(21)");
    assert_int_equal(l.count[MC_EV_ENTER], 5);
    assert_int_equal(mc_interp_steps(in), 5);
    mc_str_free(&l.text);
    mc_interp_free(in);
    mc_args_free(&a);
    mc_func_free(f);
}

static void test_observer_mem_and_trap(void **state) {
    (void)state;
    McFunc *f = build_fill();
    const char *argv[] = {"[0]", "1", "3"};
    McArgs a = make_args(f, 3, argv);
    Log l;
    memset(&l, 0, sizeof l);
    mc_str_init(&l.text);
    McInterpOptions o = {0, MC_PHI_PARALLEL, observe, &l, NULL, 0};
    McInterp *in = mc_interp_new(f, &a, &o);
    mc_interp_continue(in, NULL);
    assert_string_equal(l.text.s, "E0<-1 I0=0 T1 E1<0 I0=1 T2 E2<1 I0=0 I1=0 MS0=0 I2=1 T1 E1<2 I0=0 T3 "
                                  "E3<1 TRAP(buffer index 1 outside [0,1))");
    assert_int_equal(l.count[MC_EV_MEM], 1);
    assert_int_equal(l.count[MC_EV_TRAP], 1);
    mc_str_free(&l.text);
    mc_interp_free(in);
    mc_args_free(&a);
    mc_func_free(f);
}

/* ---- stepping, breakpoints, replay ----------------------------------------- */

static void test_step_inst_and_breakpoints(void **state) {
    (void)state;
    McFunc *f = build_swap();
    const char *argv[] = {"2"};
    McArgs a = make_args(f, 1, argv);
    McInterp *in = mc_interp_new(f, &a, NULL);
    assert_int_equal(mc_interp_pc(in), -1);
    assert_true(mc_interp_step_inst(in)); /* enter entry */
    assert_int_equal(mc_interp_block(in), 0);
    assert_int_equal(mc_interp_pc(in), 0);
    int32_t v;
    assert_false(mc_interp_value(in, mc_func_find_value(f, "i0"), &v));
    assert_true(mc_interp_step_inst(in)); /* i0 = copy 0 */
    assert_true(mc_interp_value(in, mc_func_find_value(f, "i0"), &v));
    assert_int_equal(v, 0);
    assert_int_equal(mc_interp_pc(in), 1);
    assert_true(mc_interp_step_inst(in)); /* jump head */
    assert_int_equal(mc_interp_block(in), 1);
    assert_int_equal(mc_interp_pc(in), -1);
    assert_int_equal(mc_interp_prev_block(in), 0);
    bool bp[4] = {false, false, true, false};
    assert_true(mc_interp_continue(in, bp)); /* stop before entering body */
    assert_int_equal(mc_interp_block(in), 2);
    assert_int_equal(mc_interp_pc(in), -1);
    assert_int_equal(mc_interp_steps(in), 2);
    assert_true(mc_interp_continue(in, bp)); /* second iteration */
    assert_int_equal(mc_interp_steps(in), 4);
    assert_true(mc_interp_value(in, mc_func_find_value(f, "a"), &v));
    assert_int_equal(v, 2);

    /* Replay to the same point from the start, and one tick back. */
    McInterp *r = mc_interp_replay(in, 4);
    assert_int_equal(mc_interp_steps(r), 4);
    assert_int_equal(mc_interp_block(r), 2);
    assert_int_equal(mc_interp_pc(r), -1);
    McInterp *t = mc_interp_replay_ticks(in, mc_interp_ticks(in) - 1);
    assert_int_equal(mc_interp_block(t), 1);
    assert_int_equal(mc_interp_pc(t), 1); /* at head's terminator */
    assert_false(mc_interp_continue(in, NULL));
    McOutcome o;
    assert_true(mc_interp_finished(in, &o));
    assert_int_equal(o.value, 12);
    assert_false(mc_interp_step_inst(in));
    assert_false(mc_interp_step_block(in));
    assert_false(mc_interp_continue(r, NULL));
    assert_true(mc_interp_finished(r, &o));
    assert_int_equal(o.value, 12);
    mc_interp_free(t);
    mc_interp_free(r);
    mc_interp_free(in);
    mc_args_free(&a);
    mc_func_free(f);
}

/* ---- argument parsing ------------------------------------------------------- */

static McFunc *build_nb(void) {
    McFunc *f = mc_func_new("g", NULL);
    mc_func_param_add(f, "n", MC_VAL_I32);
    mc_func_param_add(f, "b", MC_VAL_BUF);
    int32_t e = mc_func_block_add(f, "entry");
    RET(f, e, V(f, "n"));
    return f;
}

static void expect_diag(const McFunc *f, int argc, const char **argv, const char *msg) {
    McArgs a;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_false(mc_args_parse(f, argc, (char *const *)argv, &a, &d));
    assert_int_equal(a.n, 0);
    assert_true(d.n >= 1);
    assert_string_equal(d.v[0].msg, msg);
    assert_int_equal(d.v[0].loc.line, 0);
    mc_diags_free(&d);
}

static void test_args(void **state) {
    (void)state;
    McFunc *f = build_nb();
    const char *ok1[] = {"-7", "[3,-1,4]"};
    McArgs a = make_args(f, 2, ok1);
    assert_int_equal(a.v[0].scalar, -7);
    assert_int_equal(a.v[1].len, 3);
    assert_int_equal(a.v[1].data[1], -1);
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    mc_args_format(&a, m);
    fputc('|', m);
    mc_args_print_buffers(f, &a, m);
    fclose(m);
    assert_string_equal(buf, "-7 [3, -1, 4]|b = [3, -1, 4]\n");
    free(buf);
    mc_args_free(&a);
    const char *ok2[] = {"4", "[ 1, 2 ]"};
    a = make_args(f, 2, ok2);
    assert_int_equal(a.v[1].len, 2);
    mc_args_free(&a);
    const char *ok3[] = {"2147483647", "[]"};
    a = make_args(f, 2, ok3);
    assert_int_equal(a.v[0].scalar, INT32_MAX);
    assert_int_equal(a.v[1].len, 0);
    assert_null(a.v[1].data);
    mc_args_free(&a);

    const char *one[] = {"1"};
    expect_diag(f, 1, one, "expected 2 arguments (n, b), got 1");
    expect_diag(f, 0, one, "expected 2 arguments (n, b), got 0");
    const char *l4i[] = {"[1]", "[]"};
    expect_diag(f, 2, l4i, "argument 1 (n): expected an integer for i32, got the list '[1]'");
    const char *n4b[] = {"1", "5"};
    expect_diag(f, 2, n4b, "argument 2 (b): expected a list such as [1, 2, 3] for buf, got '5'");
    const char *big[] = {"2147483648", "[]"};
    expect_diag(f, 2, big, "argument 1 (n): 2147483648 is out of range for i32");
    const char *small[] = {"-2147483649", "[]"};
    expect_diag(f, 2, small, "argument 1 (n): -2147483649 is out of range for i32");
    const char *x1[] = {"1x", "[]"};
    expect_diag(f, 2, x1, "argument 1 (n): '1x' is not an integer");
    const char *empty[] = {"", "[]"};
    expect_diag(f, 2, empty, "argument 1 (n): '' is not an integer");
    const char *dbl[] = {"1", "[1,,2]"};
    expect_diag(f, 2, dbl, "argument 2 (b): malformed list '[1,,2]': expected a number before ','");
    const char *open_[] = {"1", "[1,2"};
    expect_diag(f, 2, open_, "argument 2 (b): malformed list '[1,2': missing ']'");
    const char *bad[] = {"1", "[1x]"};
    expect_diag(f, 2, bad, "argument 2 (b): malformed list '[1x]': '1x' is not an integer");
    const char *trail[] = {"1", "[1,2]x"};
    expect_diag(f, 2, trail, "argument 2 (b): malformed list '[1,2]x': unexpected 'x' after ']'");
    const char *trailc[] = {"1", "[1,]"};
    expect_diag(f, 2, trailc, "argument 2 (b): malformed list '[1,]': expected a number before ']'");
    const char *nocomma[] = {"1", "[1 2]"};
    expect_diag(f, 2, nocomma, "argument 2 (b): malformed list '[1 2]': expected ',' or ']' before '2'");
    const char *elbig[] = {"1", "[0, 99999999999]"};
    expect_diag(f, 2, elbig, "argument 2 (b): element 2: 99999999999 is out of range for i32");
    const char *nested[] = {"1", "[[1]]"};
    expect_diag(f, 2, nested, "argument 2 (b): malformed list '[[1]]': expected a number before '['");
    mc_func_free(f);

    McFunc *z = mc_func_new("z", NULL);
    RET(z, mc_func_block_add(z, "entry"), C(0));
    expect_diag(z, 1, one, "expected no arguments, got 1");
    mc_func_free(z);
    McFunc *w = mc_func_new("w", NULL);
    mc_func_param_add(w, "n", MC_VAL_I32);
    RET(w, mc_func_block_add(w, "entry"), C(0));
    expect_diag(w, 0, one, "expected 1 argument (n), got 0");
    mc_func_free(w);
}

static void test_outcome_print(void **state) {
    (void)state;
    McFunc *f = build_nb();
    const char *ok[] = {"4", "[]"};
    McArgs a = make_args(f, 2, ok);
    McOutcome o;
    memset(&o, 0, sizeof o);
    o.kind = MC_TRAPPED;
    snprintf(o.trap, sizeof o.trap, "buffer index 0 outside [0,0)");
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    mc_outcome_print(f, &o, &a, m);
    o.kind = MC_RETURNED;
    o.value = -3;
    mc_outcome_print(f, &o, &a, m);
    fclose(m);
    assert_string_equal(buf, "trap: buffer index 0 outside [0,0)\nb = []\nreturn -3\nb = []\n");
    free(buf);
    mc_args_free(&a);
    mc_func_free(f);
}

/* ---- random mutable-form programs: both paths agree -------------------------- */

static uint32_t rng_state = 12345;
static uint32_t rnd(uint32_t n) {
    rng_state = rng_state * 1664525u + 1013904223u;
    return (rng_state >> 8) % n;
}

static McFunc *random_func(void) {
    static const char *vars[] = {"v0", "v1", "v2", "v3", "v4"};
    McFunc *f = mc_func_new("r", NULL);
    mc_func_param_add(f, "p", MC_VAL_I32);
    mc_func_param_add(f, "m", MC_VAL_BUF);
    int32_t nb = 2 + (int32_t)rnd(8);
    char name[16];
    for (int32_t b = 0; b < nb; b++) {
        snprintf(name, sizeof name, "b%d", b);
        mc_func_block_add(f, name);
    }
    /* Every operation with a result but load (the divisions trap on y = 0). */
    static const McOp ops[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_LT,  MC_OP_LE,  MC_OP_EQ,  MC_OP_NE, MC_OP_COPY,
                               MC_OP_AND, MC_OP_OR,  MC_OP_XOR, MC_OP_SHL, MC_OP_SHR, MC_OP_DIV, MC_OP_REM};
    for (int k = 0; k < 5; k++) I(f, 0, MC_OP_COPY, vars[k], k == 0 ? V(f, "p") : C((int32_t)rnd(7) - 3), C(0));
    for (int32_t b = 0; b < nb; b++) {
        int32_t n = (int32_t)rnd(6);
        for (int32_t k = 0; k < n; k++) {
            McOperand x = rnd(4) ? V(f, vars[rnd(5)]) : C((int32_t)rnd(2000) - 1000);
            McOperand y = rnd(4) ? V(f, vars[rnd(5)]) : C(rnd(10) ? (int32_t)rnd(20) - 10 : INT32_MIN);
            uint32_t r = rnd(10);
            if (r == 8)
                I(f, b, MC_OP_LOAD, vars[rnd(5)], V(f, "m"), x);
            else if (r == 9)
                STORE(f, b, "m", x, y);
            else
                I(f, b, ops[rnd(sizeof ops / sizeof ops[0])], vars[rnd(5)], x, y);
        }
        uint32_t t = rnd(5);
        if (b == nb - 1 || t == 0)
            RET(f, b, V(f, vars[rnd(5)]));
        else if (t == 1)
            JUMP(f, b, 1 + (int32_t)rnd((uint32_t)nb - 1));
        else
            BRANCH(f, b, V(f, vars[rnd(5)]), 1 + (int32_t)rnd((uint32_t)nb - 1), 1 + (int32_t)rnd((uint32_t)nb - 1));
    }
    f->form = MC_FORM_MUTABLE;
    return f;
}

static void test_random_agree(void **state) {
    (void)state;
    int traps = 0, rets = 0, limits = 0;
    for (int k = 0; k < 3000; k++) {
        McFunc *f = random_func();
        McArgs a;
        a.n = 2;
        a.v = calloc(2, sizeof *a.v);
        a.v[0].scalar = (int32_t)rnd(10) - 2;
        a.v[1].is_buf = true;
        a.v[1].len = (int32_t)rnd(6);
        a.v[1].data = a.v[1].len ? malloc((size_t)a.v[1].len * sizeof(int32_t)) : NULL;
        for (int32_t i = 0; i < a.v[1].len; i++) a.v[1].data[i] = (int32_t)rnd(5);
        McOutcome o = run_both(f, &a, 1 + (int64_t)rnd(300), MC_PHI_PARALLEL);
        if (o.kind == MC_RETURNED) rets++;
        else if (strcmp(o.trap, "execution step limit exceeded") == 0) limits++;
        else traps++;
        mc_args_free(&a);
        mc_func_free(f);
    }
    assert_true(rets > 100 && traps > 100 && limits > 100);
}

/* ---- every example file and generated programs: both paths agree ----------- */

static void test_ir_files_agree(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    /* The suite runs from the repository root (tests/run.sh). */
    glob("tests/ir/*.ir", 0, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 2);
    int runs = 0;
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        if (!m) {
            char buf[512];
            fail_msg("%s", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : g.gl_pathv[k]);
        }
        for (int32_t fi = 0; fi < m->nfuncs; fi++) {
            for (uint64_t seed = 1; seed <= 40; seed++) {
                McArgs a;
                mc_gen_args(m->funcs[fi], seed, &a);
                run_both(m->funcs[fi], &a, (int64_t)(seed % 7 ? 0 : seed), MC_PHI_PARALLEL);
                mc_args_free(&a);
                runs++;
            }
        }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    assert_true(runs > 100);
}

static void test_gen_agree(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    int by_kind[2] = {0, 0};
    for (uint64_t seed = 1; seed <= 1500; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 60);
        McFunc *f = mc_gen(seed, &o);
        for (uint64_t k = 0; k < 3; k++) {
            McArgs a;
            mc_gen_args(f, seed * 31 + k, &a);
            McOutcome out = run_both(f, &a, k == 2 ? (int64_t)(seed % 50) + 1 : 0, MC_PHI_PARALLEL);
            by_kind[out.kind]++;
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    assert_true(by_kind[MC_RETURNED] > 100 && by_kind[MC_TRAPPED] > 100);
}

/* The loop kernels of bench/kernels as the speed bench runs them (SSA,
 * optimized) and as written, on the arguments of their `# args:` lines, at
 * every budget up to just past the run's own steps: the run path's fused
 * loop records (a latch's add and jump with the head's compare and branch)
 * must stop and count where the stepping interpreter does. */
static void test_kernels_every_budget(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("bench/kernels/*.ir", 0, NULL, &g);
    assert_true(g.gl_pathc >= 5);
    int runs = 0, loops = 0;
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        assert_non_null(m);
        assert_int_equal(m->nfuncs, 1);
        const char *line = strstr(src, "# args: ");
        assert_non_null(line);
        char text[1024];
        size_t n = strcspn(line + 8, "\n");
        assert_true(n < sizeof text);
        memcpy(text, line + 8, n);
        text[n] = 0;
        const char *argv[8];
        int argc = 0;
        for (char *t = strtok(text, " "); t && argc < 8; t = strtok(NULL, " ")) argv[argc++] = t;
        McFunc *ssa = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
        assert_non_null(ssa);
        assert_true(mc_opt_run(ssa, NULL, NULL, &d));
        const McFunc *fs[2] = {ssa, m->funcs[0]};
        for (int v = 0; v < 2; v++) {
            McArgs a = make_args(fs[v], argc, argv);
            McArgs a0;
            mc_args_copy(&a0, &a);
            McOutcome full = run_both(fs[v], &a0, 0, MC_PHI_PARALLEL);
            mc_args_free(&a0);
            assert_int_equal(full.kind, MC_RETURNED);
            if (full.steps > 20) loops++;
            for (int64_t b = 1; b <= full.steps + 1 && b <= 400; b++) {
                mc_args_copy(&a0, &a);
                McOutcome o = run_both(fs[v], &a0, b, MC_PHI_PARALLEL);
                assert_int_equal(o.kind, b < full.steps ? MC_TRAPPED : MC_RETURNED);
                mc_args_free(&a0);
                runs++;
            }
            mc_args_free(&a);
        }
        mc_func_free(ssa);
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    assert_true(loops >= 10 && runs > 500);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_swap_sequential),
        cmocka_unit_test(test_trap_keeps_writes),
        cmocka_unit_test(test_negative_index),
        cmocka_unit_test(test_step_limit),
        cmocka_unit_test(test_wraparound),
        cmocka_unit_test(test_phi_rotation),
        cmocka_unit_test(test_observer_swap),
        cmocka_unit_test(test_observer_mem_and_trap),
        cmocka_unit_test(test_step_inst_and_breakpoints),
        cmocka_unit_test(test_args),
        cmocka_unit_test(test_outcome_print),
        cmocka_unit_test(test_random_agree),
        cmocka_unit_test(test_ir_files_agree),
        cmocka_unit_test(test_gen_agree),
        cmocka_unit_test(test_kernels_every_budget),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
