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

/* ---- calls (McGencOptions.calls) ---- */

static McGencProg *with_calls(uint64_t seed, int calls) {
    McGencOptions o;
    mc_genc_options_default(&o);
    o.calls = calls;
    return mc_genc(seed, &o);
}

/* Does f call g? Does a call of f pass a buffer? */
static bool calls_fn(const McFunc *f, const McFunc *g, bool *buffer_arg) {
    bool yes = false;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McCall *c = mc_inst_call(f, &f->blocks[b].insts[i]);
            if (!c) continue;
            yes |= c->callee == g;
            for (int32_t k = 0; k < c->nargs; k++)
                if (c->args[k].kind == MC_OPND_VALUE && f->values[c->args[k].v].kind == MC_VAL_BUF) *buffer_arg = true;
        }
    return yes;
}

static bool has_op(const McFunc *f, McOp op) {
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
            if (f->blocks[b].insts[i].op == op) return true;
    return false;
}

/* 200 programs with 1 to 4 helpers: each lowers to the main function and
 * its helpers, runs at stage input within the step budget and the depth
 * limit (recursion is bounded), and returns unless it is a trap program;
 * across them, helpers call themselves, buffers are passed down, local
 * arrays are declared, void helpers exist. */
static void test_calls_programs(void **state) {
    (void)state;
    int recursive = 0, buffer_args = 0, arrays = 0, voids = 0, with_calls_run = 0;
    int64_t most = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        int n = 1 + (int)(seed % 4);
        McGencProg *p = with_calls(seed, n);
        char *src = text_of(p, MC_GENC_MINIC);
        McDiags d;
        McModule *m = lower(src, &d);
        if (!m) {
            char line[512];
            fprintf(stderr, "seed %llu: %s\n%s", (unsigned long long)seed, mc_diag_line(&d, 0, line, sizeof line), src);
        }
        assert_non_null(m);
        assert_int_equal(m->nfuncs, 1 + n);
        assert_string_equal(m->funcs[0]->name, "f");
        bool buf = false;
        for (int32_t k = 0; k < m->nfuncs; k++) {
            recursive += calls_fn(m->funcs[k], m->funcs[k], &buf);
            arrays += has_op(m->funcs[k], MC_OP_BUFFER);
            with_calls_run += k == 0 && has_op(m->funcs[0], MC_OP_CALL);
        }
        buffer_args += buf;
        voids += strstr(src, "\nvoid h") != NULL || strncmp(src, "void h", 6) == 0;
        McArgs args;
        mc_genc_args(p, &args);
        McStageOptions so;
        mc_stage_options_default(&so);
        McOutcome out;
        assert_true(mc_stage_execute(m->funcs[0], &so, &args, &out, NULL, &d));
        if (out.kind == MC_TRAPPED) {
            assert_string_not_equal(out.trap, "execution step limit exceeded");
            assert_string_not_equal(out.trap, "call depth limit exceeded");
        }
        if (!mc_genc_is_trap_program(p)) assert_int_equal(out.kind, MC_RETURNED);
        if (out.steps > most) most = out.steps;
        mc_args_free(&args);
        mc_module_free(m);
        mc_diags_free(&d);
        free(src);
        mc_genc_free(p);
    }
    assert_true(recursive > 20);
    assert_true(buffer_args > 20);
    assert_true(arrays > 20);
    assert_true(voids > 20);
    assert_true(with_calls_run > 100);
    assert_true(most < 50000); /* half the default step budget at most */
}

/* A program with helpers prints the same from a clone; calls = 0 is the
 * program of old (no helper, no prototype). */
static void test_calls_seed_names_a_program(void **state) {
    (void)state;
    McGencProg *a = with_calls(11, 3), *b = mc_genc_clone(a), *c = with_calls(11, 0), *d = mc_genc(11, NULL);
    char *ta = text_of(a, MC_GENC_MINIC), *tb = text_of(b, MC_GENC_MINIC), *tc = text_of(c, MC_GENC_MINIC),
         *td = text_of(d, MC_GENC_MINIC);
    assert_string_equal(ta, tb);
    assert_string_equal(tc, td);
    assert_non_null(strstr(ta, "h2("));
    assert_memory_equal(tc, "int f(", 6);
    free(ta), free(tb), free(tc), free(td);
    mc_genc_free(a), mc_genc_free(b), mc_genc_free(c), mc_genc_free(d);
}

/* In the twin of a program with helpers every index is checked: mc_ix( for
 * the main function's buffers, mc_ixn( (with a local array's length or a
 * helper parameter's hidden NAME_n) for the others. */
static void test_calls_checked_twin(void **state) {
    (void)state;
    int hidden = 0;
    for (uint64_t seed = 1; seed <= 50; seed++) {
        McGencProg *p = with_calls(seed, 3);
        char *t = text_of(p, MC_GENC_CHECKED);
        assert_null(strstr(t, " / "));
        assert_null(strstr(t, " % "));
        for (const char *q = strchr(t, '['); q; q = strchr(q + 1, '[')) {
            size_t digits = strspn(q + 1, "0123456789");
            if (q[1] == ']' || (digits && strncmp(q + 1 + digits, "] = {", 5) == 0)) continue; /* int a[], int la0[3] = {...} */
            if (q - t >= 6 && strncmp(q - 6, "mc_len", 6) == 0) continue; /* a buffer argument's length */
            assert_true(strncmp(q + 1, "mc_ix(", 6) == 0 || strncmp(q + 1, "mc_ixn(", 7) == 0);
        }
        hidden += strstr(t, "[], int hb_n") != NULL;
        free(t);
        mc_genc_free(p);
    }
    assert_true(hidden > 5);
}

static bool self_call_runs(void *ctx, const McGencProg *cand) {
    (void)ctx;
    char *src = text_of(cand, MC_GENC_MINIC);
    McDiags d;
    McModule *m = lower(src, &d);
    bool buf = false, yes = false;
    for (int32_t k = 0; m && k < m->nfuncs; k++) yes |= calls_fn(m->funcs[k], m->funcs[k], &buf);
    if (m) mc_module_free(m);
    mc_diags_free(&d);
    free(src);
    return yes;
}

/* Shrinking a program while some helper still calls itself: the depth
 * argument `d - 1` and the guard `d > 0` are never reduced, so the minimal
 * program still ends (without them it would recurse to the depth limit). */
static void test_shrink_keeps_recursion_bounded(void **state) {
    (void)state;
    int shrunk = 0;
    for (uint64_t seed = 1; seed <= 40 && shrunk < 3; seed++) {
        McGencProg *p = with_calls(seed, 2);
        if (!self_call_runs(NULL, p)) {
            mc_genc_free(p);
            continue;
        }
        McGencProg *small = mc_genc_shrink(p, self_call_runs, NULL, 0, NULL);
        assert_true(mc_genc_nodes(small) < mc_genc_nodes(p));
        char *src = text_of(small, MC_GENC_MINIC);
        assert_non_null(strstr(src, "d > 0"));
        McDiags d;
        McModule *m = lower(src, &d);
        assert_non_null(m);
        McArgs args;
        mc_genc_args(small, &args);
        McStageOptions so;
        mc_stage_options_default(&so);
        McOutcome out;
        assert_true(mc_stage_execute(m->funcs[0], &so, &args, &out, NULL, &d));
        assert_int_equal(out.kind, MC_RETURNED);
        mc_args_free(&args);
        mc_module_free(m);
        mc_diags_free(&d);
        free(src);
        mc_genc_free(small);
        mc_genc_free(p);
        shrunk++;
    }
    assert_int_equal(shrunk, 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_seed_names_a_program),
        cmocka_unit_test(test_programs_are_minic),
        cmocka_unit_test(test_checked_twin),
        cmocka_unit_test(test_shrink_keeps_the_property),
        cmocka_unit_test(test_calls_programs),
        cmocka_unit_test(test_calls_seed_names_a_program),
        cmocka_unit_test(test_calls_checked_twin),
        cmocka_unit_test(test_shrink_keeps_recursion_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
