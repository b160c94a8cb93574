/* test_verify.c - the verifier (verify.c): docs/ir.md §2 form inference and every
 * diagnostic, on IR text (through mc_parse, which runs mc_verify in INFER
 * mode) and on functions built with the ir.h builder API (synthesized IR with
 * no positions, forced modes, malformed handles the parser cannot produce). */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "testir.h"

#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* ---- helpers ---------------------------------------------------------------------- */

/* All diagnostics of d, one per line, "FILE:L:C: error: M". */
static char *diag_text(const McDiags *d) {
    McStr s;
    mc_str_init(&s);
    char buf[1024];
    for (int i = 0; i < d->n; i++) {
        mc_str_puts(&s, mc_diag_line(d, i, buf, sizeof buf));
        mc_str_putc(&s, '\n');
    }
    if (!s.s) mc_str_puts(&s, "");
    return mc_str_take(&s);
}

/* Parse src as "t.ir"; returns the diagnostics text ("" when valid) and the
 * form of the first function in *form. */
static char *parse_diags(const char *src, McForm *form) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    if (form) *form = m && m->nfuncs ? m->funcs[0]->form : MC_FORM_UNKNOWN;
    char *t = diag_text(&d);
    if (!m) assert_true(d.n > 0);
    mc_module_free(m);
    mc_diags_free(&d);
    return t;
}

#define EXPECT_VALID(src, want_form)                                                                               \
    do {                                                                                                           \
        McForm form_;                                                                                              \
        char *t_ = parse_diags(src, &form_);                                                                       \
        assert_string_equal(t_, "");                                                                               \
        assert_int_equal(form_, want_form);                                                                        \
        free(t_);                                                                                                  \
    } while (0)

#define EXPECT_DIAGS(src, want)                                                                                    \
    do {                                                                                                           \
        char *t_ = parse_diags(src, NULL);                                                                         \
        assert_string_equal(t_, want);                                                                             \
        free(t_);                                                                                                  \
    } while (0)

/* Builder shorthands. */

/* Verify a built function; returns the diagnostics text. */
static char *verify_text(McFunc *f, McVerifyMode mode, bool *ok) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    *ok = mc_verify(f, mode, &d);
    char *t = diag_text(&d);
    assert_int_equal(*ok, d.n == 0);
    mc_diags_free(&d);
    return t;
}

static const char *SWAP = "func swap(i32 n) {\n"
                          "entry:\n"
                          "    i0 = copy 0\n"
                          "    jump head\n"
                          "head:\n"
                          "    a = phi [entry: 1], [body: b]\n"
                          "    b = phi [entry: 2], [body: a]\n"
                          "    i = phi [entry: i0], [body: i1]\n"
                          "    c = lt i, n\n"
                          "    branch c, body, exit\n"
                          "body:\n"
                          "    i1 = add i, 1\n"
                          "    jump head\n"
                          "exit:\n"
                          "    t = mul a, 10\n"
                          "    r = add t, b\n"
                          "    return r\n"
                          "}\n";

/* ---- valid programs and form inference ----------------------------------------------- */

static void test_swap_is_ssa(void **state) {
    (void)state;
    EXPECT_VALID(SWAP, MC_FORM_SSA);
}

static void test_mutable_sum(void **state) {
    (void)state;
    EXPECT_VALID("func sum(i32 n) {\n"
                 "entry:\n"
                 "  s = copy 0\n"
                 "  i = copy 0\n"
                 "  jump head\n"
                 "head:\n"
                 "  c = lt i, n\n"
                 "  branch c, body, done\n"
                 "body:\n"
                 "  s = add s, i\n"
                 "  i = add i, 1\n"
                 "  jump head\n"
                 "done:\n"
                 "  return s\n"
                 "}\n",
                 MC_FORM_MUTABLE);
}

static void test_straight_line_no_phis_is_ssa(void **state) {
    (void)state;
    EXPECT_VALID("func f(i32 a, buf m) {\n"
                 "entry:\n"
                 "  x = add a, 1\n"
                 "  y = load m, x\n"
                 "  store m, 0, y\n"
                 "  branch y, l, r\n"
                 "l:\n"
                 "  jump j\n"
                 "r:\n"
                 "  jump j\n"
                 "j:\n"
                 "  return x\n"
                 "}\n",
                 MC_FORM_SSA);
}

static void test_param_reassigned_is_mutable(void **state) {
    (void)state;
    EXPECT_VALID("func f(i32 n) {\nentry:\n  n = add n, 1\n  return n\n}\n", MC_FORM_MUTABLE);
}

static void test_mutable_assigned_on_both_arms(void **state) {
    (void)state;
    EXPECT_VALID("func f(i32 p) {\n"
                 "entry:\n  branch p, l, r\n"
                 "l:\n  x = copy 1\n  jump j\n"
                 "r:\n  x = copy 2\n  jump j\n"
                 "j:\n  return x\n}\n",
                 MC_FORM_MUTABLE);
}

static void test_branch_same_target_one_phi_entry(void **state) {
    (void)state;
    /* branch c, L, L: L has one distinct predecessor, so one phi entry. */
    EXPECT_VALID("func f(i32 c) {\nentry:\n  branch c, L, L\nL:\n  x = phi [entry: c]\n  return x\n}\n",
                 MC_FORM_SSA);
}

static void test_unreachable_uses_not_checked(void **state) {
    (void)state;
    /* Use before the definition, but only in a block no path reaches. */
    EXPECT_VALID("func f(i32 p) {\n"
                 "entry:\n  return p\n"
                 "dead:\n  y = add x, 1\n  jump more\n"
                 "more:\n  x = copy 2\n  return y\n}\n",
                 MC_FORM_SSA);
}

/* ---- structural errors ---------------------------------------------------------------------- */

static void test_entry_targeted(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 p) {\nstart:\n  branch p, start, out\nout:\n  return p\n}\n",
                 "t.ir:3:13: error: block 'start' is the entry block and cannot be a branch target\n");
}

static void test_phi_missing_pred(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump head\n"
                 "head:\n  a = phi [entry: 1]\n  c = lt a, n\n  branch c, body, exit\n"
                 "body:\n  jump head\n"
                 "exit:\n  return a\n}\n",
                 "t.ir:5:3: error: phi for 'a' has no entry for predecessor 'body'\n");
}

static void test_phi_not_a_pred(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump head\n"
                 "head:\n  a = phi [entry: 1], [exit: 2]\n  return a\n"
                 "exit:\n  return n\n}\n",
                 "t.ir:5:24: error: phi for 'a' names 'exit', which is not a predecessor of 'head'\n");
}

static void test_phi_duplicate_entry(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump head\n"
                 "head:\n  a = phi [entry: 1], [entry: 2]\n  return a\n}\n",
                 "t.ir:5:24: error: phi for 'a' has more than one entry for 'entry'\n");
}

static void test_phi_in_entry(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\nentry:\n  a = phi [entry: 1]\n  return a\n}\n",
                 "t.ir:3:3: error: phi for 'a' is in the entry block 'entry', which has no incoming edges\n");
}

static void test_undefined_value(void **state) {
    (void)state;
    /* Reported once, at its first use. */
    EXPECT_DIAGS("func f(i32 n) {\nentry:\n  x = add q, n\n  y = add q, x\n  return y\n}\n",
                 "t.ir:3:11: error: use of undefined value 'q'\n");
}

/* ---- SSA errors ---------------------------------------------------------------------------- */

static void test_defined_twice_with_phis(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  x = copy 1\n  jump head\n"
                 "head:\n  a = phi [entry: x]\n  x = add a, 1\n  return x\n}\n",
                 "t.ir:7:3: error: 'x' is defined more than once (first at 3:3); a function with phis is in SSA form, where each name is defined once\n");
}

static void test_param_defined_again_with_phis(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump head\n"
                 "head:\n  n = phi [entry: 1]\n  return n\n}\n",
                 "t.ir:5:3: error: 'n' is defined more than once (first at 1:12); a function with phis is in SSA form, where each name is defined once\n");
}

static void test_not_dominated(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 p) {\n"
                 "entry:\n  a = phi [entry: 1]\n"
                 "  return a\n}\n",
                 "t.ir:3:3: error: phi for 'a' is in the entry block 'entry', which has no incoming edges\n");
    EXPECT_DIAGS("func f(i32 p) {\n"
                 "entry:\n  branch p, l, r\n"
                 "l:\n  x = copy 1\n  jump j\n"
                 "r:\n  jump j\n"
                 "j:\n  m = phi [l: x], [r: 0]\n  y = add x, m\n  return y\n}\n",
                 "t.ir:11:11: error: use of 'x' is not dominated by its definition\n");
}

static void test_phi_operand_not_dominated(void **state) {
    (void)state;
    /* The operand for edge entry->head is read at the end of entry, where x
     * (defined in head) does not exist yet; the body edge is fine. */
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump head\n"
                 "head:\n  a = phi [entry: x], [body: x]\n  x = add a, 1\n  c = lt x, n\n  branch c, body, exit\n"
                 "body:\n  jump head\n"
                 "exit:\n  return a\n}\n",
                 "t.ir:5:19: error: use of 'x' is not dominated by its definition\n");
}

static void test_use_before_def_same_block_with_phis(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump h\n"
                 "h:\n  a = phi [entry: n]\n  y = add z, a\n  z = copy 1\n  return y\n}\n",
                 "t.ir:6:11: error: use of 'z' is not dominated by its definition\n");
}

/* ---- mutable errors ------------------------------------------------------------------------- */

static void test_maybe_unassigned_one_arm(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 p) {\n"
                 "entry:\n  x = copy 0\n  branch p, l, r\n"
                 "l:\n  y = copy 1\n  x = copy 1\n  jump j\n"
                 "r:\n  jump j\n"
                 "j:\n  return y\n}\n",
                 "t.ir:12:10: error: 'y' may be used before it is assigned\n");
}

static void test_maybe_unassigned_loop(void **state) {
    (void)state;
    /* t is assigned in the loop body but read in the header first. */
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  i = copy 0\n  jump head\n"
                 "head:\n  u = add t, 1\n  c = lt i, n\n  branch c, body, exit\n"
                 "body:\n  t = copy i\n  t = add t, 1\n  i = add i, 1\n  jump head\n"
                 "exit:\n  return u\n}\n",
                 "t.ir:6:11: error: 't' may be used before it is assigned\n");
}

static void test_self_use_in_mutable(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\nentry:\n  n = copy 1\n  x = add x, n\n  return x\n}\n",
                 "t.ir:4:11: error: 'x' may be used before it is assigned\n");
}

static void test_several_errors_sorted(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  n = add n, 1\n  jump b\n"
                 "b:\n  r = add q, w\n  r = add r, w\n  w = copy 1\n  jump entry\n}\n",
                 "t.ir:6:11: error: use of undefined value 'q'\n"
                 "t.ir:6:14: error: 'w' may be used before it is assigned\n"
                 "t.ir:7:14: error: 'w' may be used before it is assigned\n"
                 "t.ir:9:8: error: block 'entry' is the entry block and cannot be a branch target\n");
}

static void test_two_phis_same_dest(void **state) {
    (void)state;
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump h\n"
                 "h:\n  a = phi [entry: 1]\n  a = phi [entry: 2]\n  a = add a, n\n  return a\n}\n",
                 "t.ir:6:3: error: 'a' is defined more than once (first at 5:3); a function with phis is in SSA form, where each name is defined once\n"
                 "t.ir:7:3: error: 'a' is defined more than once (first at 5:3); a function with phis is in SSA form, where each name is defined once\n");
}

static void test_unreachable_pred_needs_entry(void **state) {
    (void)state;
    /* An unreachable block is still a predecessor: the phi needs its entry,
     * and the operand (defined nowhere reachable) is not checked for dominance. */
    EXPECT_VALID("func f(i32 n) {\n"
                 "entry:\n  jump j\n"
                 "dead:\n  z = copy 5\n  jump j\n"
                 "j:\n  a = phi [entry: n], [dead: z]\n  return a\n}\n",
                 MC_FORM_SSA);
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump j\n"
                 "dead:\n  jump j\n"
                 "j:\n  a = phi [entry: n]\n  return a\n}\n",
                 "t.ir:7:3: error: phi for 'a' has no entry for predecessor 'dead'\n");
}

static void test_mutable_loop_valid(void **state) {
    (void)state;
    /* Assigned before the loop and inside it: definitely assigned everywhere. */
    EXPECT_VALID("func f(i32 n) {\n"
                 "entry:\n  x = copy 0\n  i = copy 0\n  jump h\n"
                 "h:\n  c = lt i, n\n  branch c, b, e\n"
                 "b:\n  x = add x, i\n  i = add i, 1\n  branch c, h, h\n"
                 "e:\n  return x\n}\n",
                 MC_FORM_MUTABLE);
}

/* The search's shortcuts: an assigning block that strictly dominates the use
 * settles it, and a path to the entry found once settles every use behind it. */
static void test_mutable_dominance_and_memo(void **state) {
    (void)state;
    /* Two nested loops, each header's counter reassigned in its body: the
     * back edge comes out of the inner loop, below the outer assignment. */
    EXPECT_VALID("func f(i32 n) {\n"
                 "entry:\n  s = copy n\n  jump p1\n"
                 "p1:\n  c1 = copy 1\n  jump h1\n"
                 "h1:\n  branch c1, b1, x1\n"
                 "b1:\n  c1 = copy 0\n  s = add s, 1\n  jump p2\n"
                 "p2:\n  c2 = copy 1\n  jump h2\n"
                 "h2:\n  branch c2, b2, x2\n"
                 "b2:\n  c2 = copy 0\n  s = add s, 1\n  jump h2\n"
                 "x2:\n  jump h1\n"
                 "x1:\n  return s\n}\n",
                 MC_FORM_MUTABLE);
    /* Use before the block's own assignment: only an assignment that
     * strictly dominates counts. */
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  jump h\n"
                 "h:\n  x = add x, 1\n  branch n, h, e\n"
                 "e:\n  x = copy 2\n  return x\n}\n",
                 "t.ir:5:11: error: 'x' may be used before it is assigned\n");
    EXPECT_VALID("func f(i32 n) {\n"
                 "entry:\n  x = copy 0\n  jump h\n"
                 "h:\n  x = add x, 1\n  branch n, h, e\n"
                 "e:\n  x = copy 2\n  return x\n}\n",
                 MC_FORM_MUTABLE);
    /* Assigned on one arm only, then used along a chain: every use is
     * reported, whether found by a search or by the remembered path. */
    EXPECT_DIAGS("func f(i32 n) {\n"
                 "entry:\n  branch n, l, j\n"
                 "l:\n  x = copy 1\n  jump j\n"
                 "j:\n  y = add x, 1\n  jump k\n"
                 "k:\n  y = add x, y\n  jump m\n"
                 "m:\n  x = copy 3\n  y = add x, y\n  return y\n}\n",
                 "t.ir:8:11: error: 'x' may be used before it is assigned\n"
                 "t.ir:11:11: error: 'x' may be used before it is assigned\n");
}

static void test_clone_verifies(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, "t.ir", SWAP, strlen(SWAP));
    McModule *m = mc_parse("t.ir", SWAP, strlen(SWAP), &d);
    assert_non_null(m);
    McFunc *g = mc_func_clone(m->funcs[0]);
    g->form = MC_FORM_UNKNOWN;
    assert_true(mc_verify(g, MC_VERIFY_SSA, &d));
    assert_true(mc_verify(g, MC_VERIFY_INFER, &d));
    assert_int_equal(g->form, MC_FORM_SSA);
    assert_false(mc_verify(g, MC_VERIFY_MUTABLE, &d));
    assert_int_equal(d.n, 3); /* three phis, each rejected in mutable form */
    mc_func_free(g);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* ---- builder: modes, synthesized IR, malformed handles --------------------------------------------- */

static McFunc *diamond_x(void) {
    /* entry: branch p, l, r; l: x = 1; r: x = 2; j: return x  (mutable) */
    McFunc *f = mc_func_new("g", NULL);
    mc_func_param_add(f, "p", MC_VAL_I32);
    int32_t e = mc_func_block_add(f, "entry"), l = mc_func_block_add(f, "l"), r = mc_func_block_add(f, "r"),
            j = mc_func_block_add(f, "j");
    BRANCH(f, e, V(f, "p"), l, r);
    I(f, l, MC_OP_COPY, "x", C(1), C(0));
    JUMP(f, l, j);
    I(f, r, MC_OP_COPY, "x", C(2), C(0));
    JUMP(f, r, j);
    RET(f, j, V(f, "x"));
    return f;
}

static void test_modes(void **state) {
    (void)state;
    bool ok;
    McFunc *f = diamond_x();
    char *t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_true(ok);
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    free(t);
    f->form = MC_FORM_UNKNOWN;
    t = verify_text(f, MC_VERIFY_MUTABLE, &ok);
    assert_true(ok);
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    free(t);
    f->form = MC_FORM_UNKNOWN;
    t = verify_text(f, MC_VERIFY_SSA, &ok);
    assert_false(ok);
    assert_int_equal(f->form, MC_FORM_UNKNOWN); /* untouched on failure */
    assert_string_equal(t, "error: 'x' is defined more than once; a function with phis is in SSA form, where each name is defined once (in block 'r' of function 'g')\n");
    free(t);
    mc_func_free(f);
}

static void test_mutable_rejects_phis(void **state) {
    (void)state;
    McFunc *f = mc_func_new("g", NULL);
    int32_t e = mc_func_block_add(f, "entry"), h = mc_func_block_add(f, "h");
    JUMP(f, e, h);
    int32_t k = mc_block_phi_add(f, h, mc_func_value(f, "a"));
    mc_phi_arg_add(f, h, k, e, C(1));
    RET(f, h, V(f, "a"));
    bool ok;
    char *t = verify_text(f, MC_VERIFY_MUTABLE, &ok);
    assert_string_equal(t, "error: phi for 'a' is not allowed in mutable form (in block 'h' of function 'g')\n");
    free(t);
    t = verify_text(f, MC_VERIFY_SSA, &ok);
    assert_true(ok);
    assert_int_equal(f->form, MC_FORM_SSA);
    free(t);
    mc_func_free(f);
}

static void test_synthesized_messages(void **state) {
    (void)state;
    McFunc *f = mc_func_new("g", NULL);
    mc_func_param_add(f, "m", MC_VAL_BUF);
    mc_func_param_add(f, "n", MC_VAL_I32);
    int32_t e = mc_func_block_add(f, "entry"), b = mc_func_block_add(f, "b");
    I(f, e, MC_OP_ADD, "x", V(f, "m"), C(1));           /* buffer as scalar */
    I(f, e, MC_OP_LOAD, "y", V(f, "n"), C(0));          /* not a buffer */
    I(f, e, MC_OP_LOAD, "z", C(7), C(0));               /* constant is not a buffer */
    I(f, e, MC_OP_COPY, "m", C(1), C(0));               /* assign to buffer */
    I(f, e, MC_OP_ADD, "w", V(f, "ghost"), C(1));       /* undefined */
    BRANCH(f, e, V(f, "m"), b, e);                      /* buffer condition, entry target */
    RET(f, b, V(f, "w"));
    bool ok;
    char *t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_false(ok);
    assert_string_equal(t, "error: buffer 'm' used as a scalar operand (in block 'entry' of function 'g')\n"
                           "error: 'n' is not a buffer (in block 'entry' of function 'g')\n"
                           "error: '7' is not a buffer (in block 'entry' of function 'g')\n"
                           "error: cannot assign to buffer 'm' (in block 'entry' of function 'g')\n"
                           "error: buffer 'm' used as a scalar operand (in block 'entry' of function 'g')\n"
                           "error: block 'entry' is the entry block and cannot be a branch target "
                           "(in block 'entry' of function 'g')\n"
                           "error: use of undefined value 'ghost' (in block 'entry' of function 'g')\n");
    free(t);
    mc_func_free(f);
}

static void test_operand_locations(void **state) {
    (void)state;
    /* A builder that sets positions gets them back; a missing operand
     * position falls back to the instruction's. */
    McFunc *f = mc_func_new("g", NULL);
    int32_t e = mc_func_block_add(f, "entry");
    McInst *i = I(f, e, MC_OP_ADD, "x", V(f, "u"), V(f, "v"));
    i->loc = mc_pos(f, (McLoc){4, 5});
    i->a[0].loc = mc_pos(f, (McLoc){4, 13});
    RET(f, e, V(f, "x"));
    McDiags d;
    mc_diags_init(&d, "s.ir", NULL, 0);
    assert_false(mc_verify(f, MC_VERIFY_INFER, &d));
    char *t = diag_text(&d);
    assert_string_equal(t, "s.ir:4:5: error: use of undefined value 'v'\n"
                           "s.ir:4:13: error: use of undefined value 'u'\n");
    free(t);
    mc_diags_free(&d);
    mc_func_free(f);
}

static void test_integrity(void **state) {
    (void)state;
    bool ok;
    McFunc *f = mc_func_new("g", NULL);
    char *t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_string_equal(t, "error: function 'g' has no blocks (in function 'g')\n");
    free(t);
    int32_t e = mc_func_block_add(f, "entry"), b = mc_func_block_add(f, "b");
    JUMP(f, e, 7);
    t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_string_equal(t, "error: block 'entry' branches to an unknown block (in block 'entry' of function 'g')\n"
                           "error: block 'b' has no terminator (in block 'b' of function 'g')\n");
    free(t);
    JUMP(f, e, b);
    RET(f, b, C(0));
    McInst *i = I(f, b, MC_OP_ADD, "x", C(1), C(2));
    i->a[1].kind = MC_OPND_NONE;
    i = I(f, b, MC_OP_ADD, "y", C(1), C(2));
    i->a[0] = mc_val(999);
    i = I(f, b, MC_OP_STORE, NULL, C(1), C(2));
    i->a[2] = C(3);
    i->dest = 0;
    i = I(f, b, MC_OP_RET, NULL, C(1), C(2));
    t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_string_equal(t, "error: 'add' has a missing operand (in block 'b' of function 'g')\n"
                           "error: 'add' has an invalid value handle as operand (in block 'b' of function 'g')\n"
                           "error: 'store' cannot have a destination (in block 'b' of function 'g')\n"
                           "error: instruction 3 of block 'b' has an invalid opcode (in block 'b' of function 'g')\n");
    free(t);
    mc_func_free(f);
}

static void test_phi_bad_block_handle(void **state) {
    (void)state;
    McFunc *f = mc_func_new("g", NULL);
    int32_t e = mc_func_block_add(f, "entry"), h = mc_func_block_add(f, "h");
    JUMP(f, e, h);
    int32_t k = mc_block_phi_add(f, h, mc_func_value(f, "a"));
    mc_phi_arg_add(f, h, k, 42, C(1));
    RET(f, h, V(f, "a"));
    bool ok;
    char *t = verify_text(f, MC_VERIFY_INFER, &ok);
    assert_string_equal(t, "error: phi for 'a' names an unknown block (in block 'h' of function 'g')\n");
    free(t);
    mc_func_free(f);
}

static void test_null_diags(void **state) {
    (void)state;
    McFunc *f = diamond_x();
    assert_false(mc_verify(f, MC_VERIFY_SSA, NULL));
    assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
    mc_func_free(f);
}

/* ---- scale ----------------------------------------------------------------------------------------- */

/* n blocks in a chain; block k: t_k = add t_(k-1), 1, and (mutable variant)
 * acc = add acc, t_k. SSA without phis for mutable == false. */
static McFunc *chain(int32_t n, bool mutable_acc) {
    McFunc *f = mc_func_new("chain", NULL);
    mc_func_param_add(f, "t0", MC_VAL_I32);
    char name[32], prev[32];
    for (int32_t b = 0; b < n; b++) {
        snprintf(name, sizeof name, "b%d", (int)b);
        mc_func_block_add(f, name);
    }
    if (mutable_acc) I(f, 0, MC_OP_COPY, "acc", C(0), C(0));
    for (int32_t b = 0; b < n; b++) {
        snprintf(prev, sizeof prev, "t%d", (int)b);
        snprintf(name, sizeof name, "t%d", (int)b + 1);
        I(f, b, MC_OP_ADD, name, V(f, prev), C(1));
        if (mutable_acc) I(f, b, MC_OP_ADD, "acc", V(f, "acc"), V(f, name));
        if (b + 1 < n) JUMP(f, b, b + 1);
        else RET(f, b, V(f, mutable_acc ? "acc" : name));
    }
    return f;
}

static void test_chain_100k(void **state) {
    (void)state;
    double t0 = mc_cpu_now();
    McFunc *f = chain(100000, false);
    double t1 = mc_cpu_now();
    assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
    double t2 = mc_cpu_now();
    assert_int_equal(f->form, MC_FORM_SSA);
    mc_func_free(f);
    f = chain(100000, true);
    double t3 = mc_cpu_now();
    assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
    double t4 = mc_cpu_now();
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    mc_func_free(f);
    print_message("verify 100k-block chain: build %.3fs, SSA %.3fs, mutable (100k single-def + 1 reassigned) %.3fs\n",
                  t1 - t0, t2 - t1, t4 - t3);
    assert_true(t4 - t3 < 5.0); /* quadratic bit sets would need ~1.25 GB and minutes */
}

static void test_parse_100k_blocks(void **state) {
    (void)state;
    /* A 100k-block mutable loop nest in text: parse + verify end to end. */
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, "func big(i32 n) {\nentry:\n  i = copy 0\n  jump b0\n");
    for (int k = 0; k < 100000; k++) {
        mc_str_printf(&s, "b%d:\n  i = add i, 1\n", k);
        if (k + 1 < 100000) mc_str_printf(&s, "  jump b%d\n", k + 1);
        else mc_str_puts(&s, "  c = lt i, n\n  branch c, b0, out\nout:\n  return i\n}\n");
    }
    McForm form;
    char *t = parse_diags(s.s, &form);
    assert_string_equal(t, "");
    assert_int_equal(form, MC_FORM_MUTABLE);
    free(t);
    mc_str_free(&s);
}

/* ---- random damage ------------------------------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static int32_t rnd(int32_t lo, int32_t hi) { /* inclusive */
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return lo + (int32_t)(rng_state % (uint64_t)(hi - lo + 1));
}

static McOperand *random_operand(McFunc *f) {
    for (int tries = 0; tries < 20; tries++) {
        McBlock *b = &f->blocks[rnd(0, f->nblocks - 1)];
        int w = rnd(0, 2);
        if (w == 0 && b->ninsts) return &b->insts[rnd(0, b->ninsts - 1)].a[rnd(0, 2)];
        if (w == 1 && b->nphis) {
            McPhi *ph = &b->phis[rnd(0, b->nphis - 1)];
            if (ph->nargs) return &ph->args[rnd(0, ph->nargs - 1)].val;
        }
        if (w == 2) return &b->term.arg;
    }
    return NULL;
}

/* One random corruption, in or out of the valid handle ranges. */
static void damage(McFunc *f) {
    McBlock *b = &f->blocks[rnd(0, f->nblocks - 1)];
    McOperand *o;
    switch (rnd(0, 9)) {
    case 0: b->term.target[rnd(0, 1)] = rnd(-1, f->nblocks); break;
    case 1: b->term.op = (uint8_t)rnd(0, MC_OP_COUNT); break;
    case 2:
        if ((o = random_operand(f))) {
            o->kind = MC_OPND_VALUE;
            o->v = rnd(-1, f->nvalues);
        }
        break;
    case 3:
        if ((o = random_operand(f))) o->kind = (uint8_t)rnd(0, 3);
        break;
    case 4:
        if (b->ninsts) b->insts[rnd(0, b->ninsts - 1)].op = (uint8_t)rnd(0, MC_OP_COUNT);
        break;
    case 5:
        if (b->ninsts) b->insts[rnd(0, b->ninsts - 1)].dest = rnd(-1, f->nvalues);
        break;
    case 6:
        if (b->nphis && b->phis[0].nargs) b->phis[0].args[rnd(0, b->phis[0].nargs - 1)].block = rnd(-1, f->nblocks);
        break;
    case 7:
        if (b->nphis) b->phis[rnd(0, b->nphis - 1)].nargs--;
        break;
    case 8: b->has_term = !b->has_term; break;
    default:
        if ((o = random_operand(f)) && o->kind == MC_OPND_VALUE && o->v >= 0 && o->v < f->nvalues) {
            o->v = rnd(0, f->nvalues - 1); /* a plausible but wrong name */
        }
        break;
    }
}

static void test_random_damage(void **state) {
    (void)state;
    static const char *bases[] = {
        NULL, /* SWAP */
        "func s(i32 n, buf m) {\nentry:\n  s = copy 0\n  i = copy 0\n  jump h\n"
        "h:\n  c = lt i, n\n  branch c, b, e\n"
        "b:\n  v = load m, i\n  s = add s, v\n  store m, i, s\n  i = add i, 1\n  jump h\n"
        "e:\n  return s\n}\n",
    };
    int valid = 0, runs = 0;
    for (size_t k = 0; k < sizeof bases / sizeof bases[0]; k++) {
        const char *src = bases[k] ? bases[k] : SWAP;
        McDiags d;
        mc_diags_init(&d, "t.ir", src, strlen(src));
        McModule *m = mc_parse("t.ir", src, strlen(src), &d);
        assert_non_null(m);
        for (int round = 0; round < 3000; round++) {
            McFunc *g = mc_func_clone(m->funcs[0]);
            for (int n = rnd(1, 3); n > 0; n--) damage(g);
            McDiags e;
            mc_diags_init(&e, NULL, NULL, 0);
            bool ok = mc_verify(g, MC_VERIFY_INFER, &e);
            assert_int_equal(ok, e.n == 0);
            runs++;
            if (ok) {
                valid++;
                /* A valid verdict must agree with the forced modes and let the
                 * analyses run. */
                McForm form = g->form;
                assert_true(mc_verify(g, form == MC_FORM_SSA ? MC_VERIFY_SSA : MC_VERIFY_MUTABLE, NULL));
                if (form == MC_FORM_MUTABLE) assert_false(mc_verify(g, MC_VERIFY_SSA, NULL));
                McCfg *c = mc_cfg_build(g);
                mc_liveness_free(mc_liveness(g, c));
                mc_cfg_free(c);
            } else {
                mc_verify(g, MC_VERIFY_SSA, &e);
                mc_verify(g, MC_VERIFY_MUTABLE, &e);
            }
            mc_diags_free(&e);
            mc_func_free(g);
        }
        mc_module_free(m);
        mc_diags_free(&d);
    }
    print_message("random damage: %d runs, %d still valid\n", runs, valid);
}

/* Generated verifier cases: in a generated program (both forms), move an
 * instruction above the definition of one of its operands in the same block,
 * print it and parse the text back. Every operand whose single definition
 * is now below its use must be reported, at the moved instruction's line:
 * `use of 'x' is not dominated by its definition` (a function with phis is
 * SSA), `'x' may be used before it is assigned` (no phis: mutable rules);
 * nothing else. */
/* Assignments of x among instructions [from, to) of bl. */
static int32_t defs_in(const McBlock *bl, int32_t from, int32_t to, int32_t x) {
    int32_t n = 0;
    for (int32_t k = from; k < to; k++) n += mc_op_info[bl->insts[k].op].has_dest && bl->insts[k].dest == x;
    return n;
}

/* Moving instruction i of bl to index j changes only what its operands
 * assigned in [j, i) are. When all of such an operand's assignments are
 * there, it is unassigned at the new place on the path that first reaches
 * the block: reported, exactly. An operand assigned both there and
 * elsewhere may still be reached by the other assignment: not a case. */
static bool movable(const McBlock *bl, int32_t i, int32_t j, const int32_t *ndefs) {
    const McInst *in = &bl->insts[i];
    for (int a = 0; a < mc_op_info[in->op].nargs; a++) {
        if (in->a[a].kind != MC_OPND_VALUE) continue;
        int32_t n = defs_in(bl, j, i, in->a[a].v);
        if (n != 0 && n != ndefs[in->a[a].v]) return false;
    }
    return true;
}

static void test_generated_use_above_def(void **state) {
    (void)state;
    int cases[2] = {0, 0}; /* with phis, without */
    /* Seeds 1..300 in SSA form, 301..1800 mutable (whose variables are
     * mostly assigned in several blocks: fewer cases per program). */
    for (uint64_t seed = 1; seed <= 1800; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.form = seed <= 300 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        McFunc *f = mc_gen(seed, &go);
        assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
        /* Definitions per value (parameters count), and where the single ones are. */
        int32_t *ndefs = mc_xcalloc((size_t)f->nvalues + 1, sizeof *ndefs);
        bool phis = false;
        for (int32_t p = 0; p < f->nparams; p++) ndefs[f->params[p]]++;
        for (int32_t b = 0; b < f->nblocks; b++) {
            const McBlock *bl = &f->blocks[b];
            phis |= bl->nphis > 0;
            for (int32_t p = 0; p < bl->nphis; p++) ndefs[bl->phis[p].dest]++;
            for (int32_t i = 0; i < bl->ninsts; i++)
                if (mc_op_info[bl->insts[i].op].has_dest) ndefs[bl->insts[i].dest]++;
        }
        /* Candidates (block, instruction, the index to move it to): an operand
         * assigned only earlier in the same block (movable); one is chosen by
         * the seed. */
        int32_t ncand = 0, pick = -1, cb = -1, ci = -1, cj = -1;
        McRng rng;
        mc_rng_seed(&rng, seed);
        for (int pass = 0; pass < 2; pass++) {
            int32_t k = 0;
            for (int32_t b = 0; b < f->nblocks; b++) {
                const McBlock *bl = &f->blocks[b];
                for (int32_t i = 0; i < bl->ninsts; i++) {
                    const McInst *in = &bl->insts[i];
                    for (int a = 0; a < mc_op_info[in->op].nargs; a++) {
                        int32_t x = in->a[a].v, j = 0;
                        if (in->a[a].kind != MC_OPND_VALUE || f->values[x].param != MC_NONE) continue;
                        while (j < i && defs_in(bl, j, j + 1, x) == 0) j++; /* x's first assignment here */
                        if (j == i || defs_in(bl, j, i, x) != ndefs[x] || !movable(bl, i, j, ndefs)) continue;
                        if (pass == 1 && k == pick) {
                            cb = b;
                            ci = i;
                            cj = j;
                        }
                        k++;
                    }
                }
            }
            if (pass == 0) {
                ncand = k;
                if (ncand == 0) break;
                pick = (int32_t)mc_rng_below(&rng, (uint32_t)ncand);
            }
        }
        if (ncand == 0) {
            free(ndefs);
            mc_func_free(f);
            continue;
        }
        /* Expected: each operand of the moved instruction assigned in [cj, ci)
         * of this block (all its assignments are there), in operand order. */
        McInst moved = f->blocks[cb].insts[ci];
        McStr want;
        mc_str_init(&want);
        int nwant = 0;
        for (int a = 0; a < mc_op_info[moved.op].nargs; a++) {
            int32_t x = moved.a[a].v;
            if (moved.a[a].kind != MC_OPND_VALUE || defs_in(&f->blocks[cb], cj, ci, x) == 0) continue;
            if (phis) mc_str_printf(&want, "use of '%s' is not dominated by its definition\n", f->values[x].name);
            else mc_str_printf(&want, "'%s' may be used before it is assigned\n", f->values[x].name);
            nwant++;
        }
        assert_true(nwant >= 1);
        mc_block_inst_remove(f, cb, ci);
        *mc_block_inst_insert(f, cb, cj) = moved;
        /* Its line in the printed text: the func line, then per block the
         * label, phis, instructions and terminator. */
        int32_t line = 1;
        for (int32_t b = 0; b < cb; b++) line += 2 + f->blocks[b].nphis + f->blocks[b].ninsts;
        line += 1 + f->blocks[cb].nphis + cj + 1;
        char *text = NULL;
        size_t len = 0;
        FILE *m = open_memstream(&text, &len);
        assert_non_null(m);
        mc_func_print(f, m);
        assert_int_equal(fclose(m), 0);
        McDiags d;
        mc_diags_init(&d, "g.ir", text, len);
        McModule *mod = mc_parse("g.ir", text, len, &d);
        McStr got;
        mc_str_init(&got);
        for (int k = 0; k < d.n; k++) {
            mc_str_printf(&got, "%s\n", d.v[k].msg);
            if (d.v[k].loc.line != line) {
                print_message("seed %" PRIu64 ": diagnostic at line %d, moved instruction at %d\n%s", seed,
                              (int)d.v[k].loc.line, (int)line, text);
                fail();
            }
        }
        if (!got.s || strcmp(got.s, want.s) != 0) {
            print_message("seed %" PRIu64 ": block %d, instruction %d moved to %d\n%s", seed, (int)cb, (int)ci,
                          (int)cj, text);
            assert_string_equal(got.s ? got.s : "", want.s);
        }
        assert_null(mod);
        cases[phis ? 0 : 1]++;
        mc_str_free(&got);
        mc_str_free(&want);
        mc_diags_free(&d);
        free(text);
        free(ndefs);
        mc_func_free(f);
    }
    print_message("use moved above its definition: %d cases with phis, %d without\n", cases[0], cases[1]);
    assert_true(cases[0] >= 200);
    assert_true(cases[1] >= 50);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_is_ssa),
        cmocka_unit_test(test_mutable_sum),
        cmocka_unit_test(test_straight_line_no_phis_is_ssa),
        cmocka_unit_test(test_param_reassigned_is_mutable),
        cmocka_unit_test(test_mutable_assigned_on_both_arms),
        cmocka_unit_test(test_branch_same_target_one_phi_entry),
        cmocka_unit_test(test_unreachable_uses_not_checked),
        cmocka_unit_test(test_entry_targeted),
        cmocka_unit_test(test_phi_missing_pred),
        cmocka_unit_test(test_phi_not_a_pred),
        cmocka_unit_test(test_phi_duplicate_entry),
        cmocka_unit_test(test_phi_in_entry),
        cmocka_unit_test(test_undefined_value),
        cmocka_unit_test(test_defined_twice_with_phis),
        cmocka_unit_test(test_param_defined_again_with_phis),
        cmocka_unit_test(test_not_dominated),
        cmocka_unit_test(test_phi_operand_not_dominated),
        cmocka_unit_test(test_use_before_def_same_block_with_phis),
        cmocka_unit_test(test_maybe_unassigned_one_arm),
        cmocka_unit_test(test_maybe_unassigned_loop),
        cmocka_unit_test(test_self_use_in_mutable),
        cmocka_unit_test(test_several_errors_sorted),
        cmocka_unit_test(test_two_phis_same_dest),
        cmocka_unit_test(test_unreachable_pred_needs_entry),
        cmocka_unit_test(test_mutable_loop_valid),
        cmocka_unit_test(test_clone_verifies),
        cmocka_unit_test(test_modes),
        cmocka_unit_test(test_mutable_rejects_phis),
        cmocka_unit_test(test_synthesized_messages),
        cmocka_unit_test(test_operand_locations),
        cmocka_unit_test(test_integrity),
        cmocka_unit_test(test_phi_bad_block_handle),
        cmocka_unit_test(test_null_diags),
        cmocka_unit_test(test_random_damage),
        cmocka_unit_test(test_mutable_dominance_and_memo),
        cmocka_unit_test(test_chain_100k),
        cmocka_unit_test(test_parse_100k_blocks),
        cmocka_unit_test(test_generated_use_above_def),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
