/* test_genc.c - the random MiniC generator and its reducer (gen_c.c): a seed
 * names a program; every program is MiniC the front end accepts and lowers
 * to a function every stage agrees on; the checked twin routes every
 * operation C may leave undefined through a helper; the reducer keeps a
 * property while deleting statements and expressions. The C compiler side
 * is tests/suite/fuzz_c.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/genc.h"
#include "minicc/minic.h"
#include "minicc/pipeline.h"
#include "minicc/util.h"

static char *text_of(const McGencProg *p, McGencMode mode) {
    McStr s;
    mc_str_init(&s);
    mc_genc_print(p, "f", mode, &s);
    return mc_str_take(&s);
}

static McModule *lower(const char *src, McDiags *d) {
    mc_diags_init(d, "gen.c", src, strlen(src));
    return mc_minic_parse("gen.c", src, strlen(src), d);
}

static void test_seed_names_a_program(void **state) {
    (void)state;
    McGencProg *a = mc_genc(7, NULL), *b = mc_genc(7, NULL), *c = mc_genc(8, NULL);
    char *ta = text_of(a, MC_GENC_MINIC), *tb = text_of(b, MC_GENC_MINIC), *tc = text_of(c, MC_GENC_MINIC);
    assert_string_equal(ta, tb);
    assert_string_not_equal(ta, tc);
    McGencProg *d = mc_genc_clone(a);
    char *td = text_of(d, MC_GENC_MINIC);
    assert_string_equal(ta, td);
    free(ta), free(tb), free(tc), free(td);
    mc_genc_free(a), mc_genc_free(b), mc_genc_free(c), mc_genc_free(d);
}

/* 300 programs: each lowers without a diagnostic, and input, opt and the
 * allocated machine at K = 2 agree on its arguments. */
static void test_programs_are_minic(void **state) {
    (void)state;
    int traps = 0;
    for (uint64_t seed = 1; seed <= 300; seed++) {
        McGencProg *p = mc_genc(seed, NULL);
        char *src = text_of(p, MC_GENC_MINIC);
        McDiags d;
        McModule *m = lower(src, &d);
        if (!m) {
            char line[512];
            fprintf(stderr, "seed %llu: %s\n%s", (unsigned long long)seed, mc_diag_line(&d, 0, line, sizeof line), src);
        }
        assert_non_null(m);
        assert_int_equal(m->nfuncs, 1);
        McArgs args, a1, a2;
        mc_genc_args(p, &args);
        mc_args_copy(&a1, &args);
        mc_args_copy(&a2, &args);
        McStageOptions so;
        mc_stage_options_default(&so);
        McOutcome ref, got;
        assert_true(mc_stage_execute(m->funcs[0], &so, &a1, &ref, NULL, &d));
        assert_true(ref.kind == MC_RETURNED || strcmp(ref.trap, "execution step limit exceeded") != 0);
        traps += ref.kind == MC_TRAPPED;
        so.stage = MC_STAGE_ALLOC;
        so.regs = 2;
        assert_true(mc_stage_execute(m->funcs[0], &so, &a2, &got, NULL, &d));
        assert_true(mc_outcome_same(&ref, &a1, &got, &a2));
        if (!mc_genc_is_trap_program(p)) assert_int_equal(ref.kind, MC_RETURNED); /* guarded: never traps */
        mc_args_free(&args), mc_args_free(&a1), mc_args_free(&a2);
        mc_module_free(m);
        mc_diags_free(&d);
        free(src);
        mc_genc_free(p);
    }
    assert_true(traps > 0); /* the trap programs do trap, some of them */
}

/* The twin has no raw / % << >> and indexes only through mc_ix. */
static void test_checked_twin(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        McGencProg *p = mc_genc(seed, NULL);
        char *t = text_of(p, MC_GENC_CHECKED);
        assert_null(strstr(t, " / "));
        assert_null(strstr(t, " % "));
        assert_null(strstr(t, " << "));
        assert_null(strstr(t, " >> "));
        assert_null(strstr(t, "/="));
        for (const char *q = strchr(t, '['); q; q = strchr(q + 1, '['))
            if (q[1] != ']') assert_memory_equal(q + 1, "mc_ix(", 6);
        free(t);
        mc_genc_free(p);
    }
}

static bool has_rem(void *ctx, const McGencProg *cand) {
    int *calls = ctx;
    ++*calls;
    char *src = text_of(cand, MC_GENC_MINIC);
    McDiags d;
    McModule *m = lower(src, &d);
    bool yes = false;
    if (m)
        for (int32_t b = 0; b < m->funcs[0]->nblocks; b++)
            for (int32_t i = 0; i < m->funcs[0]->blocks[b].ninsts; i++)
                yes |= m->funcs[0]->blocks[b].insts[i].op == MC_OP_REM;
    if (m) mc_module_free(m);
    mc_diags_free(&d);
    free(src);
    return yes;
}

/* Shrinking a program with a `%` while it still lowers to a `rem`. */
static void test_shrink_keeps_the_property(void **state) {
    (void)state;
    uint64_t seed = 1;
    McGencProg *p = NULL;
    int calls = 0;
    for (;; seed++) {
        p = mc_genc(seed, NULL);
        if (has_rem(&calls, p)) break;
        mc_genc_free(p);
    }
    int64_t tried = 0;
    McGencProg *small = mc_genc_shrink(p, has_rem, &calls, 0, &tried);
    assert_true(has_rem(&calls, small));
    assert_true(mc_genc_nodes(small) < mc_genc_nodes(p));
    assert_true(mc_genc_nodes(small) <= 8); /* `return x % 3;` and little else */
    assert_true(tried > 0);
    mc_genc_free(small);
    mc_genc_free(p);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_names_a_program),
        cmocka_unit_test(test_programs_are_minic),
        cmocka_unit_test(test_checked_twin),
        cmocka_unit_test(test_shrink_keeps_the_property),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
