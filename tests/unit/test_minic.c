/* test_minic.c - the MiniC front end (minic.c) seen from the engine: every
 * instruction and terminator of every example carries its C line, and keeps
 * it through SSA construction, the optimizer (-O1) and phi destruction with
 * both allocators (what `print --stage destroyed` and the workbench show);
 * the line helpers (mc_minic_line_at, mc_minic_block_at_line,
 * mc_source_line); the choice of language by name and --lang; and
 * diagnostics in source order. The transcripts in tests/minic/ show the
 * lowering and the errors themselves. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/minic.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* Every instruction, terminator and phi of f has a C line in [lo, hi]. */
static void all_lines(const McFunc *f, int32_t lo, int32_t hi, const char *what) {
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->nphis; i++)
            if (bl->phis[i].line < lo || bl->phis[i].line > hi)
                fail_msg("%s: %s: phi %d of %s has line %d", what, f->name, (int)i, bl->name, (int)bl->phis[i].line);
        for (int32_t i = 0; i < bl->ninsts; i++)
            if (bl->insts[i].line < lo || bl->insts[i].line > hi)
                fail_msg("%s: %s: instruction %d of %s has line %d", what, f->name, (int)i, bl->name,
                         (int)bl->insts[i].line);
        if (bl->term.line < lo || bl->term.line > hi)
            fail_msg("%s: %s: terminator of %s has line %d", what, f->name, bl->name, (int)bl->term.line);
    }
}

static void test_lines_survive_the_pipeline(void **state) {
    (void)state;
    glob_t g;
    assert_int_equal(glob("share/minicc/examples/*.c", 0, NULL, &g), 0);
    assert_true(g.gl_pathc >= 8);
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        char *src;
        McModule *m = mc_load_file(g.gl_pathv[k], MC_LANG_AUTO, &d, &src);
        if (!m) {
            mc_diags_print(&d, stderr, true);
            fail_msg("%s does not load", g.gl_pathv[k]);
        }
        assert_true(m->minic);
        int32_t nlines = 1;
        for (const char *c = src; *c; c++) nlines += *c == '\n';
        for (int32_t i = 0; i < m->nfuncs; i++) {
            McFunc *f = m->funcs[i];
            int32_t first = mc_loc(f, f->loc).line;
            all_lines(f, first, nlines, g.gl_pathv[k]);
            for (int lvl = 0; lvl <= 1; lvl++) {
                McFunc *ssa = mc_pipeline_prepare(f, lvl, &d);
                assert_non_null(ssa);
                all_lines(ssa, first, nlines, lvl ? "-O1" : "-O0");
                for (int a = 0; a < 2; a++) {
                    McDestroyed *x = mc_destroy_phis(ssa, a ? MC_ALLOC_BASELINE : MC_ALLOC_IMPROVED, &d);
                    assert_non_null(x);
                    all_lines(x->f, first, nlines, a ? "destroyed (baseline)" : "destroyed (improved)");
                    mc_destroyed_free(x);
                }
                mc_func_free(ssa);
            }
        }
        mc_module_free(m);
        mc_diags_free(&d);
        free(src);
    }
    globfree(&g);
}

static const char GCD[] = "int gcd(int a, int b) {\n"  /* 1 */
                          "    while (b != 0) {\n"     /* 2 */
                          "        int t = a % b;\n"   /* 3 */
                          "        a = b;\n"           /* 4 */
                          "        b = t;\n"           /* 5 */
                          "    }\n"                    /* 6 */
                          "    return a;\n"            /* 7 */
                          "}\n";

static void test_line_helpers(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, "gcd.c", GCD, sizeof GCD - 1);
    McModule *m = mc_load("gcd.c", GCD, sizeof GCD - 1, MC_LANG_AUTO, &d);
    assert_non_null(m);
    const McFunc *f = m->funcs[0];
    int32_t body = mc_func_find_block(f, "body.L2"), head = mc_func_find_block(f, "while.L2");
    assert_int_not_equal(body, MC_NONE);
    assert_int_equal(mc_minic_block_at_line(f, 3), body);
    assert_int_equal(mc_minic_block_at_line(f, 5), body);
    assert_int_equal(mc_minic_block_at_line(f, 2), 0); /* entry's jump is the while's */
    assert_int_equal(mc_minic_block_at_line(f, 6), MC_NONE);
    assert_int_equal(mc_block_line(f, body), 3);
    assert_int_equal(mc_block_line(f, head), 2);
    assert_int_equal(mc_minic_line_at(f, body, -1), 3);
    assert_int_equal(mc_minic_line_at(f, body, 1), 4);
    assert_int_equal(mc_minic_line_at(f, body, 2), 5);
    assert_int_equal(mc_minic_line_at(f, body, 3), 2); /* the jump back is the loop's */
    size_t n;
    const char *t = mc_source_line(GCD, sizeof GCD - 1, 4, &n);
    assert_non_null(t);
    assert_int_equal(n, strlen("        a = b;"));
    assert_memory_equal(t, "        a = b;", n);
    assert_null(mc_source_line(GCD, sizeof GCD - 1, 10, &n));
    mc_module_free(m);
    mc_diags_free(&d);
}

static void test_language_choice(void **state) {
    (void)state;
    assert_int_equal(mc_lang_of("a.c", MC_LANG_AUTO), MC_LANG_C);
    assert_int_equal(mc_lang_of("a.ir", MC_LANG_AUTO), MC_LANG_IR);
    assert_int_equal(mc_lang_of(".c", MC_LANG_AUTO), MC_LANG_IR); /* a name, not a suffix */
    assert_int_equal(mc_lang_of("a.ir", MC_LANG_C), MC_LANG_C);
    assert_int_equal(mc_lang_lookup("c"), MC_LANG_C);
    assert_int_equal(mc_lang_lookup("ir"), MC_LANG_IR);
    assert_int_equal(mc_lang_lookup("C"), -1);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McModule *m = mc_load("x.ir", GCD, sizeof GCD - 1, MC_LANG_AUTO, &d);
    assert_null(m); /* C read as IR */
    assert_true(d.n > 0);
    mc_diags_clear(&d);
    m = mc_load("x.ir", GCD, sizeof GCD - 1, MC_LANG_C, &d);
    assert_non_null(m);
    assert_false(m->nfuncs != 1);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* Errors found at different times (lexer, parser, the end of a function,
 * the verifier) come out in source order. */
static void test_diagnostics_in_order(void **state) {
    (void)state;
    static const char src[] = "int f(int n) {\n"
                              "    int x;\n"
                              "    if (n) x = 1;\n"
                              "    n = x;\n"         /* 4: read before assignment (verifier) */
                              "    return n;\n"
                              "}\n"
                              "int g(int n) {\n"
                              "    while (n) n--;\n"
                              "}\n"                   /* 9: missing return */
                              "#define X 1\n";        /* 10: lexer */
    McDiags d;
    mc_diags_init(&d, "t.c", src, sizeof src - 1);
    assert_null(mc_minic_parse("t.c", src, sizeof src - 1, &d));
    assert_int_equal(d.n, 3);
    assert_int_equal(d.v[0].loc.line, 4);
    assert_int_equal(d.v[0].loc.col, 9);
    assert_int_equal(d.v[1].loc.line, 9);
    assert_int_equal(d.v[2].loc.line, 10);
    assert_non_null(strstr(d.v[0].msg, "'x' may be used before it is assigned"));
    mc_diags_free(&d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lines_survive_the_pipeline),
        cmocka_unit_test(test_line_helpers),
        cmocka_unit_test(test_language_choice),
        cmocka_unit_test(test_diagnostics_in_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
