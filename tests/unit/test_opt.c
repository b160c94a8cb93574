/* test_opt.c - the optimizer: each pass on a small program written the way a
 * student would (expected output worked out by hand), the pass manager
 * (table, --passes lists, statistics, verification), and the differential
 * test: generated programs (gen.h) must have the same outcome - return value
 * or trap message, and final buffers - as loaded, after SSA construction
 * (all three placement policies) and after the -O1 optimizer. */
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
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* ---- helpers -------------------------------------------------------------- */


/* SSA-build src, run the passes (NULL = -O1), compare the printed body. */
static void expect_opt(const char *src, const char *passes, const char *want) {
    McFunc *f = parse_one(src);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *g = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(g);
    McOptOptions o;
    mc_opt_options_default(&o);
    o.passes = passes;
    if (!mc_opt_run(g, &o, NULL, &d)) {
        mc_diags_print(&d, stderr, false);
        fail_msg("mc_opt_run failed");
    }
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

/* ---- passes --------------------------------------------------------------- */

static void test_copyprop(void **state) {
    (void)state;
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    x = copy a\n"
               "    y = copy x\n"
               "    z = add y, x\n"
               "    return z\n"
               "}\n",
               "copyprop",
               "func f(i32 a) {\n"
               "entry:\n"
               "    z = add a, a\n"
               "    return z\n"
               "}\n");
}

static void test_copyprop_trivial_phi(void **state) {
    (void)state;
    /* x is only ever a: the loop phi for x is trivial. */
    expect_opt("func f(i32 a, i32 n) {\n"
               "entry:\n"
               "    x = copy a\n"
               "    i = copy 0\n"
               "    jump head\n"
               "head:\n"
               "    c = lt i, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    x = copy x\n"
               "    i = add i, 1\n"
               "    jump head\n"
               "exit:\n"
               "    return x\n"
               "}\n",
               "copyprop",
               "func f(i32 a, i32 n) {\n"
               "entry:\n"
               "    jump head\n"
               "head:\n"
               "    i.2 = phi [entry: 0], [body: i.3]\n"
               "    c = lt i.2, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    i.3 = add i.2, 1\n"
               "    jump head\n"
               "exit:\n"
               "    return a\n"
               "}\n");
}

static void test_copyprop_phi_rounds(void **state) {
    (void)state;
    /* x never changes but travels through two loops. In SSA the outer phi
     * x.2 = [x.1, x.3] reads the inner phi x.3 = [x.2, x.4], which comes
     * later and reads the copy x.4 = copy x.3 later still. The copies are
     * decided first (x.1 is a, x.4 is x.3); then the first round over the
     * phis finds x.2 not yet trivial (a against x.3) and x.3 trivial (x.2,
     * or itself), and only the second round finds x.2 trivial (a, or x.3,
     * which is x.2 itself): every x is a. */
    expect_opt("func f(i32 a, i32 n, i32 m) {\n"
               "entry:\n"
               "    x = copy a\n"
               "    i = copy 0\n"
               "    jump outer\n"
               "outer:\n"
               "    c = lt i, n\n"
               "    branch c, inner_pre, exit\n"
               "inner_pre:\n"
               "    j = copy 0\n"
               "    jump inner\n"
               "inner:\n"
               "    d = lt j, m\n"
               "    branch d, inner_body, outer_latch\n"
               "inner_body:\n"
               "    x = copy x\n"
               "    j = add j, 1\n"
               "    jump inner\n"
               "outer_latch:\n"
               "    i = add i, 1\n"
               "    jump outer\n"
               "exit:\n"
               "    return x\n"
               "}\n",
               "copyprop",
               "func f(i32 a, i32 n, i32 m) {\n"
               "entry:\n"
               "    jump outer\n"
               "outer:\n"
               "    i.2 = phi [entry: 0], [outer_latch: i.3]\n"
               "    c = lt i.2, n\n"
               "    branch c, inner_pre, exit\n"
               "inner_pre:\n"
               "    jump inner\n"
               "inner:\n"
               "    j.2 = phi [inner_pre: 0], [inner_body: j.3]\n"
               "    d = lt j.2, m\n"
               "    branch d, inner_body, outer_latch\n"
               "inner_body:\n"
               "    j.3 = add j.2, 1\n"
               "    jump inner\n"
               "outer_latch:\n"
               "    i.3 = add i.2, 1\n"
               "    jump outer\n"
               "exit:\n"
               "    return a\n"
               "}\n");
}

static void test_sccp_branch(void **state) {
    (void)state;
    /* c is 1 on the only path, so the else side is unreachable and y is 7. */
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    k = copy 3\n"
               "    c = lt k, 5\n"
               "    branch c, then, else\n"
               "then:\n"
               "    y = add k, 4\n"
               "    jump join\n"
               "else:\n"
               "    y = copy a\n"
               "    jump join\n"
               "join:\n"
               "    r = mul y, a\n"
               "    return r\n"
               "}\n",
               "sccp",
               "func f(i32 a) {\n"
               "entry:\n"
               "    jump then\n"
               "then:\n"
               "    jump join\n"
               "join:\n"
               "    r = mul 7, a\n"
               "    return r\n"
               "}\n");
}

static void test_sccp_loop_constant(void **state) {
    (void)state;
    /* x stays 1 around the loop: only the conditional analysis sees it. */
    expect_opt("func f(i32 n) {\n"
               "entry:\n"
               "    x = copy 1\n"
               "    i = copy 0\n"
               "    jump head\n"
               "head:\n"
               "    c = lt i, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    t = eq x, 1\n"
               "    branch t, same, other\n"
               "same:\n"
               "    x = copy 1\n"
               "    jump latch\n"
               "other:\n"
               "    x = copy 2\n"
               "    jump latch\n"
               "latch:\n"
               "    i = add i, 1\n"
               "    jump head\n"
               "exit:\n"
               "    return x\n"
               "}\n",
               NULL,
               "func f(i32 n) {\n"
               "entry:\n"
               "    jump head\n"
               "head:\n"
               "    i.2 = phi [entry: 0], [body: i.3]\n"
               "    c = lt i.2, n\n"
               "    branch c, body, exit\n"
               "body:\n"
               "    i.3 = add i.2, 1\n"
               "    jump head\n"
               "exit:\n"
               "    return 1\n"
               "}\n");
}

/* SCCP evaluates a block's uses of a cell again only when one of them read
 * it before it fell (the rest read it later anyway), and visits reached
 * blocks lowest first. Here join comes before right in the layout, so join
 * is visited with only left's edge taken (y = 3, r = 4, c = 1, only yes
 * taken) before right lowers y: r, c and the branch must be evaluated again.
 * In the loop, t reads k = 3 before the back edge lowers k. Nothing but the
 * copies of constants may go. */
static void test_sccp_cell_falls_after_read(void **state) {
    (void)state;
    expect_opt("func f(i32 a, i32 n) {\n"
               "entry:\n"
               "    k = copy 3\n"
               "    i = copy 0\n"
               "    branch a, left, right\n"
               "join:\n"
               "    r = add y, 1\n"
               "    c = eq r, 4\n"
               "    branch c, yes, no\n"
               "yes:\n"
               "    jump head\n"
               "no:\n"
               "    jump head\n"
               "left:\n"
               "    y = copy k\n"
               "    jump join\n"
               "right:\n"
               "    y = copy a\n"
               "    jump join\n"
               "head:\n"
               "    d = lt i, n\n"
               "    branch d, body, exit\n"
               "body:\n"
               "    t = add k, 1\n"
               "    k = copy t\n"
               "    i = add i, 1\n"
               "    jump head\n"
               "exit:\n"
               "    s = add r, k\n"
               "    return s\n"
               "}\n",
               "sccp",
               "func f(i32 a, i32 n) {\n"
               "entry:\n"
               "    branch a, left, right\n"
               "join:\n"
               "    y.3 = phi [left: 3], [right: y.2]\n"
               "    r = add y.3, 1\n"
               "    c = eq r, 4\n"
               "    branch c, yes, no\n"
               "yes:\n"
               "    jump head\n"
               "no:\n"
               "    jump head\n"
               "left:\n"
               "    jump join\n"
               "right:\n"
               "    y.2 = copy a\n"
               "    jump join\n"
               "head:\n"
               "    k.2 = phi [yes: 3], [no: 3], [body: k.3]\n"
               "    i.2 = phi [yes: 0], [no: 0], [body: i.3]\n"
               "    d = lt i.2, n\n"
               "    branch d, body, exit\n"
               "body:\n"
               "    t = add k.2, 1\n"
               "    k.3 = copy t\n"
               "    i.3 = add i.2, 1\n"
               "    jump head\n"
               "exit:\n"
               "    s = add r, k.2\n"
               "    return s\n"
               "}\n");
}

static void test_gvn(void **state) {
    (void)state;
    /* b*a is a*b; t-t is 0; x+0 is x; the second a*b in the dominated block too. */
    expect_opt("func f(i32 a, i32 b) {\n"
               "entry:\n"
               "    x = mul a, b\n"
               "    y = mul b, a\n"
               "    d = sub x, y\n"
               "    e = add x, d\n"
               "    c = lt a, b\n"
               "    branch c, l, r\n"
               "l:\n"
               "    z = mul a, b\n"
               "    return z\n"
               "r:\n"
               "    return e\n"
               "}\n",
               "gvn",
               "func f(i32 a, i32 b) {\n"
               "entry:\n"
               "    x = mul a, b\n"
               "    c = lt a, b\n"
               "    branch c, l, r\n"
               "l:\n"
               "    return x\n"
               "r:\n"
               "    return x\n"
               "}\n");
}

/* GVN writes each operand as its walk of the dominator tree reaches it, and
 * what the walk never reaches (a block no entry reaches) in a final sweep:
 * dead still reads the replacements. */
static void test_gvn_unreached_block(void **state) {
    (void)state;
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    x = add a, 1\n"
               "    y = add a, 1\n"
               "    c = copy y\n"
               "    return c\n"
               "dead:\n"
               "    z = add c, 2\n"
               "    w = add y, z\n"
               "    return w\n"
               "}\n",
               "gvn",
               "func f(i32 a) {\n"
               "entry:\n"
               "    x = add a, 1\n"
               "    return x\n"
               "dead:\n"
               "    z = add x, 2\n"
               "    w = add x, z\n"
               "    return w\n"
               "}\n");
}

static void test_gvn_not_across_siblings(void **state) {
    (void)state;
    /* l does not dominate r: the a+1 in r must stay. */
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    branch a, l, r\n"
               "l:\n"
               "    x = add a, 1\n"
               "    return x\n"
               "r:\n"
               "    y = add a, 1\n"
               "    return y\n"
               "}\n",
               "gvn",
               "func f(i32 a) {\n"
               "entry:\n"
               "    branch a, l, r\n"
               "l:\n"
               "    x = add a, 1\n"
               "    return x\n"
               "r:\n"
               "    y = add a, 1\n"
               "    return y\n"
               "}\n");
}

static void test_gvn_loads(void **state) {
    (void)state;
    /* v repeats u in the same block with no store between: it reads u.
     * w comes after a store (to another index, but a store is a store): it
     * stays. z is in another block (dominated, no store on the way, but
     * loads are only reused inside a block): it stays. */
    expect_opt("func f(buf m, buf n, i32 a) {\n"
               "entry:\n"
               "    u = load m, a\n"
               "    v = load m, a\n"
               "    store n, 0, v\n"
               "    w = load m, a\n"
               "    s = add u, w\n"
               "    jump next\n"
               "next:\n"
               "    z = load m, a\n"
               "    r = add s, z\n"
               "    return r\n"
               "}\n",
               "gvn",
               "func f(buf m, buf n, i32 a) {\n"
               "entry:\n"
               "    u = load m, a\n"
               "    store n, 0, u\n"
               "    w = load m, a\n"
               "    s = add u, w\n"
               "    jump next\n"
               "next:\n"
               "    z = load m, a\n"
               "    r = add s, z\n"
               "    return r\n"
               "}\n");
}

static void test_dce_keeps_loads(void **state) {
    (void)state;
    expect_opt("func f(buf m, i32 a) {\n"
               "entry:\n"
               "    dead = mul a, a\n"
               "    u = load m, a\n"
               "    unused = add u, 1\n"
               "    store m, 0, a\n"
               "    return a\n"
               "}\n",
               "dce",
               "func f(buf m, i32 a) {\n"
               "entry:\n"
               "    u = load m, a\n"
               "    store m, 0, a\n"
               "    return a\n"
               "}\n");
}

static void test_dce_uses_before_definitions(void **state) {
    (void)state;
    /* DCE marks in one backward sweep; exit is laid out before the blocks
     * that define what it returns (y in done, i.2 in head): they go on the
     * work list, which then marks z, live only through y, and the loop's
     * i.3. The loop-carried t is used only by itself and goes, like the
     * unused mul. */
    expect_opt("func g(i32 a, i32 n) {\n"
               "entry:\n"
               "    dead = mul a, a\n"
               "    i = copy 0\n"
               "    t = copy 5\n"
               "    jump head\n"
               "exit:\n"
               "    r = add y, i\n"
               "    return r\n"
               "head:\n"
               "    c = lt i, n\n"
               "    branch c, body, done\n"
               "body:\n"
               "    t = add t, i\n"
               "    i = add i, 1\n"
               "    jump head\n"
               "done:\n"
               "    z = mul a, 3\n"
               "    y = add z, 1\n"
               "    jump exit\n"
               "}\n",
               "dce",
               "func g(i32 a, i32 n) {\n"
               "entry:\n"
               "    i.1 = copy 0\n"
               "    jump head\n"
               "exit:\n"
               "    r = add y, i.2\n"
               "    return r\n"
               "head:\n"
               "    i.2 = phi [entry: i.1], [body: i.3]\n"
               "    c = lt i.2, n\n"
               "    branch c, body, done\n"
               "body:\n"
               "    i.3 = add i.2, 1\n"
               "    jump head\n"
               "done:\n"
               "    z = mul a, 3\n"
               "    y = add z, 1\n"
               "    jump exit\n"
               "}\n");
}

static void test_simplifycfg(void **state) {
    (void)state;
    /* Constant branch folded, chain merged, empty forwarding block removed
     * (the phi in join gets the operand for the new predecessor). */
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    branch 1, one, never\n"
               "never:\n"
               "    return 0\n"
               "one:\n"
               "    x = add a, 1\n"
               "    jump two\n"
               "two:\n"
               "    branch x, empty, other\n"
               "empty:\n"
               "    jump join\n"
               "other:\n"
               "    y = add a, 2\n"
               "    jump join\n"
               "join:\n"
               "    r = phi [empty: x], [other: y]\n"
               "    return r\n"
               "}\n",
               "simplifycfg",
               "func f(i32 a) {\n"
               "entry:\n"
               "    x = add a, 1\n"
               "    branch x, join, other\n"
               "other:\n"
               "    y = add a, 2\n"
               "    jump join\n"
               "join:\n"
               "    r = phi [entry: x], [other: y]\n"
               "    return r\n"
               "}\n");
}

static void test_simplifycfg_keeps_conflicting_phi(void **state) {
    (void)state;
    /* entry reaches join directly and through empty with different values:
     * forwarding empty would need two phi entries for entry, so it stays. */
    expect_opt("func f(i32 a) {\n"
               "entry:\n"
               "    branch a, empty, join\n"
               "empty:\n"
               "    jump join\n"
               "join:\n"
               "    r = phi [entry: 1], [empty: 2]\n"
               "    return r\n"
               "}\n",
               "simplifycfg",
               "func f(i32 a) {\n"
               "entry:\n"
               "    branch a, empty, join\n"
               "empty:\n"
               "    jump join\n"
               "join:\n"
               "    r = phi [entry: 1], [empty: 2]\n"
               "    return r\n"
               "}\n");
}

static void test_pass_table(void **state) {
    (void)state;
    int n;
    const McPass *t = mc_pass_table(&n);
    assert_int_equal(n, 5);
    for (int i = 0; i < n; i++) {
        assert_ptr_equal(mc_pass_find(t[i].name), &t[i]);
        assert_non_null(t[i].help);
        assert_non_null(t[i].requires);
        assert_non_null(t[i].invalidates);
    }
    assert_null(mc_pass_find("nope"));
}

static void test_unknown_pass(void **state) {
    (void)state;
    McFunc *f = parse_one("func f(i32 a) {\nentry:\n    return a\n}\n");
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McOptOptions o;
    mc_opt_options_default(&o);
    o.passes = "dce,bogus";
    assert_false(mc_opt_run(f, &o, NULL, &d));
    assert_int_equal(d.n, 1);
    assert_non_null(strstr(d.v[0].msg, "unknown pass 'bogus'"));
    mc_diags_free(&d);
    mc_func_free(f);
}

static void test_not_ssa(void **state) {
    (void)state;
    McFunc *f = parse_one("func f(i32 a) {\nentry:\n    a = add a, 1\n    return a\n}\n");
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_false(mc_opt_run(f, NULL, NULL, &d));
    assert_int_equal(d.n, 1);
    mc_diags_free(&d);
    mc_func_free(f);
}

static void test_stats(void **state) {
    (void)state;
    McFunc *f = parse_one("func f(i32 a) {\nentry:\n    x = copy a\n    y = add x, 0\n    return y\n}\n");
    McOptStats st;
    memset(&st, 0, sizeof st);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_opt_run(f, NULL, &st, &d));
    assert_true(st.rounds >= 2); /* a change, then a round that proves the fixed point */
    assert_int_equal(st.n, st.rounds * 5);
    assert_string_equal(st.v[0].pass, "sccp");
    assert_int_equal(st.v[0].insts[0], 2);
    assert_int_equal(st.v[st.n - 1].insts[1], 0);
    for (int32_t i = st.n - 5; i < st.n; i++) assert_false(st.v[i].changed);
    mc_opt_stats_free(&st);
    mc_diags_free(&d);
    mc_func_free(f);
}

/* The pass manager does not run a pass again on the very function it last
 * left unmodified (opt.c): the outcome must be that of running every pass
 * of every round, as a plain loop over the table does. SCCP keeps saying
 * "changed" when a div or rem that may trap has a constant value, so some
 * of these programs go all ten rounds, most of them without running a
 * pass; the test counts them so that it cannot pass without exercising that. */
static void test_rounds_match_plain_loop(void **state) {
    (void)state;
    int np, full = 0;
    const McPass *table = mc_pass_table(&np);
    for (int set = 0; set < 3; set++)
        for (uint64_t seed = 1; seed <= 60; seed++) {
            McGenOptions go;
            mc_gen_options_default(&go);
            if (set == 1) go.form = MC_GEN_MUTABLE, go.traps = false, go.size = 150;
            if (set == 2) go.size = 300, go.max_loop_depth = 3, go.max_vars = 24;
            McFunc *f = mc_gen(seed * 7919u + (uint64_t)set, &go);
            McDiags d;
            mc_diags_init(&d, NULL, NULL, 0);
            assert_true(mc_verify(f, MC_VERIFY_INFER, &d));
            McFunc *a = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
            McFunc *b = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
            assert_non_null(a);
            assert_non_null(b);
            McOptStats st;
            memset(&st, 0, sizeof st);
            McOptOptions o;
            mc_opt_options_default(&o);
            o.verify = set != 1;
            assert_true(mc_opt_run(a, &o, &st, &d));
            int32_t k = 0, rounds = 0;
            for (int round = 1; round <= o.max_iterations; round++) {
                bool any = false;
                for (int i = 0; i < np; i++, k++) {
                    bool changed = table[i].run(b, false).changed;
                    assert_true(mc_verify(b, MC_VERIFY_SSA, &d));
                    assert_true(k < st.n);
                    assert_string_equal(st.v[k].pass, table[i].name);
                    assert_int_equal(st.v[k].round, round);
                    if (st.v[k].changed != changed)
                        fail_msg("set %d seed %llu: round %d %s: changed %d, plain loop %d", set,
                                 (unsigned long long)seed, round, table[i].name, st.v[k].changed, changed);
                    int32_t ni, nph, nb;
                    mc_func_counts(b, &ni, &nph, &nb);
                    assert_int_equal(st.v[k].insts[1], ni);
                    assert_int_equal(st.v[k].phis[1], nph);
                    assert_int_equal(st.v[k].blocks[1], nb);
                    any |= changed;
                }
                rounds = round;
                if (!any) break;
            }
            assert_int_equal(st.n, k);
            assert_int_equal(st.rounds, rounds);
            full += rounds == o.max_iterations;
            char *ta = print_str(a), *tb = print_str(b);
            assert_string_equal(ta, tb);
            free(ta);
            free(tb);
            mc_opt_stats_free(&st);
            mc_diags_free(&d);
            mc_func_free(a);
            mc_func_free(b);
            mc_func_free(f);
        }
    assert_true(full >= 3); /* rounds with nothing to run were met */
}

/* What pass j does when run on a copy of f. */
static McPassResult run_on_copy(const McPass *p, const McFunc *f) {
    McFunc *c = mc_func_clone(f);
    McPassResult r = p->run(c, false);
    mc_func_free(c);
    return r;
}

/* The keeps column of the pass table (opt.c): when pass j would leave f
 * unmodified and pass i then modifies f with effects that its row says
 * keep j's fixed point, j run on the result still modifies nothing and
 * says "changed" as before; the entry of i for itself: i run on its own
 * output modifies nothing and says "unchanged". Checked at every pass run
 * of the -O1 rounds of generated programs; every nonzero entry of the
 * column must have been exercised. */
static void test_keeps_column(void **state) {
    (void)state;
    int np;
    const McPass *t = mc_pass_table(&np);
    assert_int_equal(np, MC_NPASSES);
    int used[MC_NPASSES][MC_NPASSES] = {{0}};
    for (int set = 0; set < 2; set++)
        for (uint64_t seed = 1; seed <= 40; seed++) {
            McGenOptions go;
            mc_gen_options_default(&go);
            if (set == 1) go.size = 200, go.max_loop_depth = 3, go.max_vars = 24;
            McFunc *g = mc_gen(seed * 104729u + (uint64_t)set, &go);
            McDiags d;
            mc_diags_init(&d, NULL, NULL, 0);
            McFunc *f = mc_ssa_build(g, MC_SSA_PRUNED, NULL, &d);
            assert_non_null(f);
            for (int round = 1; round <= 10; round++) {
                bool any = false;
                for (int i = 0; i < np; i++) {
                    McPassResult before[MC_NPASSES];
                    for (int j = 0; j < np; j++) before[j] = run_on_copy(&t[j], f);
                    McPassResult r = t[i].run(f, false);
                    any |= r.changed;
                    if (!r.modified) continue;
                    for (int j = 0; j < np; j++) {
                        if (!mc_pass_keeps(&t[i], (McPassId)j, r.effects) || (j != i && before[j].modified)) continue;
                        McPassResult a = run_on_copy(&t[j], f);
                        if (a.modified || a.changed != (j == i ? false : before[j].changed))
                            fail_msg("set %d seed %llu: %s (effects %#x) did not keep %s's fixed point", set,
                                     (unsigned long long)seed, t[i].name, r.effects, t[j].name);
                        used[i][j]++;
                    }
                }
                if (!any) break;
            }
            mc_diags_free(&d);
            mc_func_free(f);
            mc_func_free(g);
        }
    for (int i = 0; i < np; i++)
        for (int j = 0; j < np; j++)
            if (t[i].keeps[j] && !used[i][j]) fail_msg("keeps entry %s -> %s never exercised", t[i].name, t[j].name);
}

/* DCE keeps GVN's fixed point (the pass manager does not run GVN again
 * after a round in which only DCE modified), except when a block falls to
 * 64 phis: GVN compares phis pairwise only in blocks of at most 64, so
 * pairs it never compared would be. Here j has 65 phis, one dead and one
 * (dup) equal to p5: round 1's GVN leaves them, DCE drops dead, and round
 * 2's GVN must run and replace dup by p5. */
static void test_gvn_after_dce_drops_to_64_phis(void **state) {
    (void)state;
    McStr src;
    mc_str_init(&src);
    mc_str_printf(&src, "func f(i32 c, i32 a, buf m) {\nentry:\n    branch c, l, r\nl:\n    store m, 0, a\n    jump j\n"
                        "r:\n    store m, 1, a\n    jump j\nj:\n");
    for (int k = 0; k < 63; k++) mc_str_printf(&src, "    p%d = phi [l: %d], [r: a]\n", k, k);
    mc_str_printf(&src, "    dup = phi [l: 5], [r: a]\n    dead = phi [l: 99], [r: a]\n    s0 = add p0, dup\n");
    for (int k = 1; k < 63; k++) mc_str_printf(&src, "    s%d = add s%d, p%d\n", k, k - 1, k);
    mc_str_printf(&src, "    return s62\n}\n");
    McFunc *f = parse_one(src.s);
    McOptStats st;
    memset(&st, 0, sizeof st);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_opt_run(f, NULL, &st, &d));
    int32_t phis;
    mc_func_counts(f, NULL, &phis, NULL);
    assert_int_equal(phis, 63); /* dead and dup are gone */
    char *got = print_str(f);
    assert_non_null(strstr(got, "s0 = add p0, p5\n"));
    assert_string_equal(st.v[2].pass, "gvn");
    assert_false(st.v[2].changed); /* round 1: 65 phis, not compared */
    assert_string_equal(st.v[7].pass, "gvn");
    assert_true(st.v[7].changed); /* round 2 */
    free(got);
    mc_str_free(&src);
    mc_opt_stats_free(&st);
    mc_diags_free(&d);
    mc_func_free(f);
}

/* simplifycfg keeps GVN's fixed point unless a merged block's load may
 * meet an identical one in its new block with no store between: after
 * round 1 merges next into entry, round 2's GVN must run and reuse x. */
static void test_gvn_after_merge_with_loads(void **state) {
    (void)state;
    expect_opt("func f(buf m) {\nentry:\n    x = load m, 0\n    jump next\nnext:\n    y = load m, 0\n"
               "    z = add x, y\n    return z\n}\n",
               NULL, "func f(buf m) {\nentry:\n    x = load m, 0\n    z = add x, x\n    return z\n}\n");
}

/* simplifycfg keeps DCE's fixed point unless it folded a branch: here it
 * bypasses e1 and e2 (branch c, j, j), folds that branch and merges j, so
 * c is read by nothing and round 2's DCE must run and drop it. */
static void test_dce_after_fold_same_targets(void **state) {
    (void)state;
    expect_opt("func f(i32 a) {\nentry:\n    c = lt a, 5\n    branch c, e1, e2\ne1:\n    jump j\ne2:\n    jump j\n"
               "j:\n    return a\n}\n",
               NULL, "func f(i32 a) {\nentry:\n    return a\n}\n");
}

/* The pass manager compacts a function that lost a third of itself in its
 * own arena (opt.c): the result must be mc_func_compact's. One round (no
 * later change) against the same passes run once each by name (which never
 * compacts) and then mc_func_compact: the same text, values (names, kinds,
 * parameter indexes, positions), parameters and name lookups, and the
 * dropped names free. */
static void test_compact_as_mc_func_compact(void **state) {
    (void)state;
    int compacted = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 200;
        McFunc *f = mc_gen(seed * 104729u, &go);
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McFunc *a = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
        McFunc *b = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
        assert_non_null(a);
        assert_non_null(b);
        McOptOptions o;
        mc_opt_options_default(&o);
        o.max_iterations = 1;
        assert_true(mc_opt_run(a, &o, NULL, &d));
        o.passes = "sccp,copyprop,gvn,dce,simplifycfg";
        assert_true(mc_opt_run(b, &o, NULL, &d));
        int32_t before = b->nvalues, ni, np;
        mc_func_counts(b, &ni, &np, NULL);
        int64_t size = b->nparams + ni + np;
        McFunc *orig = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
        mc_func_counts(orig, &ni, &np, NULL);
        if (size * 3 < (orig->nparams + ni + np) * 2) {
            mc_func_compact(b);
            compacted += b->nvalues < before;
        }
        char *ta = print_str(a), *tb = print_str(b);
        assert_string_equal(ta, tb);
        assert_int_equal(a->nvalues, b->nvalues);
        for (int32_t v = 0; v < a->nvalues; v++) {
            assert_string_equal(a->values[v].name, b->values[v].name);
            assert_int_equal(a->values[v].kind, b->values[v].kind);
            assert_int_equal(a->values[v].param, b->values[v].param);
            assert_memory_equal(&a->values[v].loc, &b->values[v].loc, sizeof a->values[v].loc);
            assert_int_equal(mc_func_find_value(a, a->values[v].name), v);
        }
        assert_int_equal(a->nparams, b->nparams);
        for (int32_t p = 0; p < a->nparams; p++) assert_int_equal(a->params[p], b->params[p]);
        for (int32_t v = 0; v < orig->nvalues; v++)
            assert_int_equal(mc_func_find_value(a, orig->values[v].name),
                             mc_func_find_value(b, orig->values[v].name));
        free(ta);
        free(tb);
        mc_diags_free(&d);
        mc_func_free(orig);
        mc_func_free(a);
        mc_func_free(b);
        mc_func_free(f);
    }
    assert_true(compacted >= 10);
}

/* ---- 100k blocks ------------------------------------------------------------- */

static void term(McFunc *f, int32_t b, McOp op, McOperand arg, int32_t t0, int32_t t1) {
    McBlock *bl = &f->blocks[b];
    bl->has_term = true;
    bl->term.op = (uint8_t)op;
    bl->term.arg = arg;
    bl->term.target[0] = t0;
    bl->term.target[1] = t1;
}

static McFunc *build_ssa(McFunc *f) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_verify(f, MC_VERIFY_INFER, &d));
    McFunc *g = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(g);
    mc_diags_free(&d);
    return g;
}

/* 100k blocks in a straight line, each adding 1 to x (mutable form): the
 * optimizer must merge them into one block and fold the sum to a constant. */
static void test_100k_chain(void **state) {
    (void)state;
    const int32_t n = 100000;
    McFunc *f = mc_func_new("chain", NULL);
    int32_t x = mc_func_value(f, "x");
    char name[32];
    for (int32_t b = 0; b < n; b++) {
        snprintf(name, sizeof name, "b%d", (int)b);
        mc_func_block_add(f, name);
    }
    for (int32_t b = 0; b < n; b++) {
        McInst *in = mc_block_inst_add(f, b);
        in->op = b == 0 ? MC_OP_COPY : MC_OP_ADD;
        in->dest = x;
        in->a[0] = b == 0 ? mc_const(0) : mc_val(x);
        in->a[1] = mc_const(1);
        if (b + 1 < n)
            term(f, b, MC_OP_JUMP, (McOperand){MC_OPND_NONE, 0, {0}}, b + 1, MC_NONE);
        else
            term(f, b, MC_OP_RET, mc_val(x), MC_NONE, MC_NONE);
    }
    McFunc *g = build_ssa(f);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    double t0 = mc_now();
    assert_true(mc_opt_run(g, NULL, NULL, &d));
    double t1 = mc_now();
    assert_int_equal(g->nblocks, 1);
    assert_int_equal(g->blocks[0].ninsts, 0);
    assert_int_equal(g->blocks[0].term.arg.kind, MC_OPND_CONST);
    assert_int_equal(g->blocks[0].term.arg.v, n - 1);
    printf("100k-block chain: -O1 with verification %.3fs\n", t1 - t0);
    mc_diags_free(&d);
    mc_func_free(g);
    mc_func_free(f);
}

/* 33k diamonds whose arms are empty: every arm is forwarded, every branch
 * then has equal targets, and everything collapses into one block. */
static void test_100k_empty_diamonds(void **state) {
    (void)state;
    const int32_t n = 33000;
    McFunc *f = mc_func_new("diamonds", NULL);
    int32_t p = mc_func_param_add(f, "p", MC_VAL_I32);
    char name[32];
    int32_t prev = mc_func_block_add(f, "entry");
    for (int32_t i = 0; i < n; i++) {
        snprintf(name, sizeof name, "t%d", (int)i);
        int32_t t = mc_func_block_add(f, name);
        snprintf(name, sizeof name, "e%d", (int)i);
        int32_t e = mc_func_block_add(f, name);
        snprintf(name, sizeof name, "j%d", (int)i);
        int32_t j = mc_func_block_add(f, name);
        term(f, prev, MC_OP_BRANCH, mc_val(p), t, e);
        term(f, t, MC_OP_JUMP, (McOperand){MC_OPND_NONE, 0, {0}}, j, MC_NONE);
        term(f, e, MC_OP_JUMP, (McOperand){MC_OPND_NONE, 0, {0}}, j, MC_NONE);
        prev = j;
    }
    term(f, prev, MC_OP_RET, mc_val(p), MC_NONE, MC_NONE);
    McFunc *g = build_ssa(f);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    double t0 = mc_now();
    assert_true(mc_opt_run(g, NULL, NULL, &d));
    double t1 = mc_now();
    assert_int_equal(g->nblocks, 1);
    assert_int_equal(g->blocks[0].term.op, MC_OP_RET);
    printf("99k-block empty diamonds: -O1 with verification %.3fs\n", t1 - t0);
    mc_diags_free(&d);
    mc_func_free(g);
    mc_func_free(f);
}

/* ---- differential test ------------------------------------------------------ */

#define DIFF_PROGRAMS 600

static void run_stage(const McFunc *f, const McArgs *args, McOutcome *out, McArgs *after) {
    mc_args_copy(after, args);
    *out = mc_run(f, after, 0);
}

static void test_differential(void **state) {
    (void)state;
    int64_t before = 0, after_insts = 0;
    int traps = 0, mutable_count = 0;
    for (uint64_t seed = 1; seed <= DIFF_PROGRAMS; seed++) {
        McFunc *f = mc_gen(seed, NULL);
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        if (!mc_verify(f, MC_VERIFY_INFER, &d)) fail_msg("seed %llu: generator made an invalid program", (unsigned long long)seed);
        mutable_count += f->form == MC_FORM_MUTABLE;
        McArgs args;
        mc_gen_args(f, seed, &args);
        McOutcome ref, got;
        McArgs ref_args, got_args;
        run_stage(f, &args, &ref, &ref_args);
        traps += ref.kind == MC_TRAPPED;
        McFunc *opt = NULL;
        for (int k = 0; k < MC_SSA_KIND_COUNT; k++) {
            McFunc *s = mc_ssa_build(f, (McSsaKind)k, NULL, &d);
            if (!s) {
                mc_diags_print(&d, stderr, false);
                fail_msg("seed %llu: SSA construction (%s) failed", (unsigned long long)seed,
                         mc_ssa_kind_name((McSsaKind)k));
            }
            run_stage(s, &args, &got, &got_args);
            if (!mc_outcome_same(&ref, &ref_args, &got, &got_args))
                fail_msg("seed %llu: ssa (%s) diverges", (unsigned long long)seed, mc_ssa_kind_name((McSsaKind)k));
            mc_args_free(&got_args);
            if (k == MC_SSA_PRUNED)
                opt = s;
            else
                mc_func_free(s);
        }
        McOutcome ssa_out;
        McArgs ssa_args;
        run_stage(opt, &args, &ssa_out, &ssa_args);
        if (!mc_opt_run(opt, NULL, NULL, &d)) {
            mc_diags_print(&d, stderr, false);
            fail_msg("seed %llu: optimizer failed", (unsigned long long)seed);
        }
        run_stage(opt, &args, &got, &got_args);
        if (!mc_outcome_same(&ref, &ref_args, &got, &got_args)) {
            char b1[200], b2[200];
            fail_msg("seed %llu: opt diverges: %s vs %s", (unsigned long long)seed, mc_outcome_str(&ref, b1, sizeof b1),
                     mc_outcome_str(&got, b2, sizeof b2));
        }
        before += ssa_out.insts;
        after_insts += got.insts;
        mc_args_free(&ssa_args);
        mc_args_free(&got_args);
        mc_args_free(&ref_args);
        mc_args_free(&args);
        mc_func_free(opt);
        mc_func_free(f);
        mc_diags_free(&d);
    }
    printf("differential: %d programs (%d mutable, %d trapping) agree; dynamic instructions ssa %lld -> opt %lld\n",
           DIFF_PROGRAMS, mutable_count, traps, (long long)before, (long long)after_insts);
    assert_true(after_insts <= before);
}

/* ---- calls (docs/ir.md §3.2) ---------------------------------------------- */

/* Two identical calls, a call whose result is unused, a load of b before
 * and after calls that store into b, a copy and a constant passed. */
static const char *calls_src = "func main(buf b, i32 n) {\n"
                               "entry:\n"
                               "    store b, 0, n\n"
                               "    before = load b, 0\n"
                               "    k = copy n\n"
                               "    c = add 2, 3\n"
                               "    u1 = call bump(b, k)\n"
                               "    u2 = call bump(b, k)\n"
                               "    unused = call bump(b, c)\n"
                               "    after = load b, 0\n"
                               "    same = sub u2, u1\n"
                               "    x = add before, after\n"
                               "    branch n, yes, no\n"
                               "yes:\n"
                               "    jump join\n"
                               "no:\n"
                               "    jump join\n"
                               "join:\n"
                               "    r = add x, same\n"
                               "    return r\n"
                               "}\n"
                               "func bump(buf q, i32 k) {\n"
                               "entry:\n"
                               "    v = load q, 0\n"
                               "    w = add v, k\n"
                               "    store q, 0, w\n"
                               "    return w\n"
                               "}\n";

/* The calls, loads and stores of f in order, with a call's callee. */
static void effects(const McFunc *f, char *out, size_t size) {
    size_t n = 0;
    out[0] = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            const McCall *c = mc_inst_call(f, in);
            if (in->op != MC_OP_LOAD && in->op != MC_OP_STORE && !c) continue;
            n += (size_t)snprintf(out + n, size - n, "%s%s ", mc_op_info[in->op].name, c ? c->name : "");
        }
}

static McOutcome run_main(const McFunc *f, int32_t n, int32_t *b0) {
    McArgs a;
    memset(&a, 0, sizeof a);
    char nb[16], buf[] = "[0]";
    snprintf(nb, sizeof nb, "%d", (int)n);
    char *argv[] = {buf, nb};
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_args_parse(f, 2, argv, &a, &d));
    mc_diags_free(&d);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    McOutcome o = mc_interp_run(f, &a, &io);
    *b0 = a.v[0].data[0];
    mc_args_free(&a);
    return o;
}

/* Each pass alone, and -O1: every call, load and store stays, in its
 * order, and the result is the input's. */
static void test_calls_each_pass(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, "t.ir", calls_src, strlen(calls_src));
    McModule *m = mc_parse("t.ir", calls_src, strlen(calls_src), &d);
    assert_non_null(m);
    char want[256], got[256];
    effects(m->funcs[0], want, sizeof want);
    assert_string_equal(want, "store load callbump callbump callbump load ");
    int32_t wb0, gb0;
    McOutcome wo = run_main(m->funcs[0], 4, &wb0);
    assert_int_equal(wo.kind, MC_RETURNED);
    assert_int_equal(wo.value, 4 + 17 + 4); /* before 4, after 4 + 4 + 4 + 5, same 12 - 8 */
    const char *passes[] = {"sccp", "copyprop", "gvn", "dce", "simplifycfg", NULL};
    for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++) {
        McFunc *g = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
        assert_non_null(g);
        McOptOptions o;
        mc_opt_options_default(&o);
        o.passes = passes[i];
        assert_true(mc_opt_run(g, &o, NULL, &d));
        effects(g, got, sizeof got);
        if (strcmp(got, want) != 0) fprintf(stderr, "pass %s\n", passes[i] ? passes[i] : "-O1");
        assert_string_equal(got, want);
        McOutcome go = run_main(g, 4, &gb0);
        assert_int_equal(go.kind, MC_RETURNED);
        assert_int_equal(go.value, wo.value);
        assert_int_equal(gb0, wb0);
        mc_func_free(g);
    }
    mc_diags_free(&d);
    mc_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_copyprop),
        cmocka_unit_test(test_calls_each_pass),
        cmocka_unit_test(test_copyprop_trivial_phi),
        cmocka_unit_test(test_copyprop_phi_rounds),
        cmocka_unit_test(test_sccp_branch),
        cmocka_unit_test(test_sccp_loop_constant),
        cmocka_unit_test(test_sccp_cell_falls_after_read),
        cmocka_unit_test(test_gvn),
        cmocka_unit_test(test_gvn_unreached_block),
        cmocka_unit_test(test_gvn_not_across_siblings),
        cmocka_unit_test(test_gvn_loads),
        cmocka_unit_test(test_dce_keeps_loads),
        cmocka_unit_test(test_dce_uses_before_definitions),
        cmocka_unit_test(test_simplifycfg),
        cmocka_unit_test(test_simplifycfg_keeps_conflicting_phi),
        cmocka_unit_test(test_pass_table),
        cmocka_unit_test(test_rounds_match_plain_loop),
        cmocka_unit_test(test_keeps_column),
        cmocka_unit_test(test_gvn_after_dce_drops_to_64_phis),
        cmocka_unit_test(test_gvn_after_merge_with_loads),
        cmocka_unit_test(test_dce_after_fold_same_targets),
        cmocka_unit_test(test_compact_as_mc_func_compact),
        cmocka_unit_test(test_unknown_pass),
        cmocka_unit_test(test_not_ssa),
        cmocka_unit_test(test_stats),
        cmocka_unit_test(test_100k_chain),
        cmocka_unit_test(test_100k_empty_diamonds),
        cmocka_unit_test(test_differential),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
