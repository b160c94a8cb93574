/* test_machine.c - the pre-decoded allocated machine (machine.c) against the
 * machine it replaced (machine_ref.h: operands decoded per run, every access
 * counted as it happens): the same outcome (kind, value, trap message), the
 * same final buffers, the same step and instruction counts and the same
 * statistics (instructions, copies, spill reads, spill writes, registers,
 * slots) on every allocation of
 *   - every function of tests/ir, tests/native, share/minicc/examples and
 *     bench/kernels with generated arguments,
 *   - generated programs of both forms (traps included),
 * at K = 1, 2, 3, 4, 8, 16 with both allocators, with the default budget and
 * with budgets that stop runs midway; div and rem by zero; and an interrupt flag that is already
 * set stops both at the same block entry. Pre-decoded code run twice gives
 * the same answer twice. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "machine_ref.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

static const int budgets[] = {1, 2, 3, 4, 8, 16};
#define NBUDGETS ((int)(sizeof budgets / sizeof budgets[0]))

typedef struct Tally {
    int runs, returned, trapped, limited, spilled;
} Tally;

static void same_stats(const McMachineStats *x, const McMachineStats *y, const char *what) {
    if (x->instructions != y->instructions || x->copies != y->copies || x->spill_reads != y->spill_reads ||
        x->spill_writes != y->spill_writes || x->registers != y->registers || x->slots != y->slots ||
        x->valid != y->valid)
        fail_msg("%s: stats differ: reference insts=%lld copies=%lld reads=%lld writes=%lld K=%d slots=%d, "
                 "machine insts=%lld copies=%lld reads=%lld writes=%lld K=%d slots=%d",
                 what, (long long)x->instructions, (long long)x->copies, (long long)x->spill_reads,
                 (long long)x->spill_writes, x->registers, x->slots, (long long)y->instructions,
                 (long long)y->copies, (long long)y->spill_reads, (long long)y->spill_writes, y->registers,
                 y->slots);
}

/* One allocation, one argument list, one budget: both machines agree. */
static void compare(const McAllocation *a, const McArgs *args, int64_t max_steps, const McInterrupt *stop,
                    const char *what, Tally *t) {
    McArgs r, m;
    mc_args_copy(&r, args);
    mc_args_copy(&m, args);
    McMachineStats sr, sm;
    memset(&sr, 0, sizeof sr);
    memset(&sm, 0, sizeof sm);
    McOutcome x = ref_machine_run(a, &r, max_steps, stop, &sr);
    McOutcome y = mc_machine_run_intr(a, &m, max_steps, stop, &sm);
    char s1[300], s2[300];
    if (!mc_outcome_same(&x, &r, &y, &m) || x.steps != y.steps || x.insts != y.insts)
        fail_msg("%s: reference %s (steps %lld, insts %lld), machine %s (steps %lld, insts %lld)", what,
                 mc_outcome_str(&x, s1, sizeof s1), (long long)x.steps, (long long)x.insts,
                 mc_outcome_str(&y, s2, sizeof s2), (long long)y.steps, (long long)y.insts);
    same_stats(&sr, &sm, what);
    t->runs++;
    if (x.kind == MC_RETURNED) t->returned++;
    else if (x.kind == MC_TRAPPED && strcmp(x.trap, "execution step limit exceeded") == 0) t->limited++;
    else if (x.kind == MC_TRAPPED) t->trapped++;
    if (sr.spill_reads + sr.spill_writes > 0) t->spilled++;
    mc_args_free(&r);
    mc_args_free(&m);
}

/* Every budget and allocator for f (SSA or mutable form) on args. */
static void compare_all(const McFunc *f, const McArgs *args, uint64_t seed, const char *name, Tally *t) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(ssa);
    if (seed % 2) assert_true(mc_opt_run(ssa, NULL, NULL, &d));
    for (int al = 0; al < MC_ALLOC_COUNT; al++)
        for (int k = 0; k < NBUDGETS; k++) {
            McAllocation *a = mc_allocate(ssa, (McAllocator)al, budgets[k], NULL, &d);
            assert_non_null(a);
            char what[200];
            snprintf(what, sizeof what, "%s (seed %llu) %s K=%d", name, (unsigned long long)seed,
                     mc_allocator_name((McAllocator)al), budgets[k]);
            compare(a, args, 0, NULL, what, t);
            /* Budgets that stop a run midway: the entry, early, and late. */
            compare(a, args, 1, NULL, what, t);
            compare(a, args, (int64_t)(seed % 23) + 2, NULL, what, t);
            mc_allocation_free(a);
        }
    mc_func_free(ssa);
    mc_diags_free(&d);
}

static void test_files(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    /* The suite runs from the repository root (tests/run.sh). */
    glob("tests/ir/*.ir", 0, NULL, &g);
    glob("tests/native/*.ir", GLOB_APPEND, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    glob("bench/kernels/*.ir", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 10);
    Tally t = {0, 0, 0, 0, 0};
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        if (!m) {
            char buf[512];
            fail_msg("%s", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : g.gl_pathv[k]);
        }
        for (int32_t fi = 0; fi < m->nfuncs; fi++)
            for (uint64_t seed = 1; seed <= 6; seed++) {
                McArgs a;
                mc_gen_args(m->funcs[fi], seed, &a);
                compare_all(m->funcs[fi], &a, seed, g.gl_pathv[k], &t);
                mc_args_free(&a);
            }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    assert_true(t.runs > 1000);
    assert_true(t.returned > 100 && t.limited > 100 && t.spilled > 100);
}

static void test_generated(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t = {0, 0, 0, 0, 0};
    for (uint64_t seed = 1; seed <= 150; seed++) {
        o.form = seed % 3 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 50);
        McFunc *f = mc_gen(seed, &o);
        for (uint64_t k = 0; k < 2; k++) {
            McArgs a;
            mc_gen_args(f, seed * 17 + k, &a);
            compare_all(f, &a, seed + k, "generated", &t);
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    assert_true(t.returned > 500 && t.trapped > 100 && t.limited > 500 && t.spilled > 500);
}

/* div and rem by zero trap after reading their operands, with the rest of
 * the block not counted; at every budget, both allocators. */
static void test_division(void **state) {
    (void)state;
    const char *text = "func dz(i32 a, i32 b, buf m) {\ne:\n  x = add a, 1\n  store m, 0, x\n  q = div x, b\n"
                       "  r = rem a, b\n  s = add q, r\n  store m, 1, s\n  return s\n}\n";
    McDiags d;
    mc_diags_init(&d, "dz.ir", text, strlen(text));
    McModule *m = mc_parse("dz.ir", text, strlen(text), &d);
    assert_non_null(m);
    Tally t = {0, 0, 0, 0, 0};
    const char *cases[][3] = {{"7", "0", "[0,0]"}, {"7", "2", "[0,0]"}, {"-2147483648", "-1", "[5,5]"}};
    for (size_t c = 0; c < 3; c++) {
        McArgs args;
        assert_true(mc_args_parse(m->funcs[0], 3, (char *const *)cases[c], &args, &d));
        compare_all(m->funcs[0], &args, c, "dz", &t);
        mc_args_free(&args);
    }
    assert_true(t.trapped >= 12 && t.returned >= 24);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* A flag set before the run: both stop at the first poll, at the same
 * entry, with the same counts (a loop long enough to reach it). */
static void test_interrupt(void **state) {
    (void)state;
    const char *text = "func spin(i32 n) {\ne:\n  jump h\nh:\n  i = phi [e: 0], [b: i1]\n  s = phi [e: 0], [b: s1]\n"
                       "  c = lt i, n\n  branch c, b, x\nb:\n  s1 = add s, i\n  i1 = add i, 1\n  jump h\n"
                       "x:\n  return s\n}\n";
    McDiags d;
    mc_diags_init(&d, "spin.ir", text, strlen(text));
    McModule *m = mc_parse("spin.ir", text, strlen(text), &d);
    assert_non_null(m);
    McAllocation *a = mc_allocate(m->funcs[0], MC_ALLOC_BASELINE, 1, NULL, &d);
    assert_non_null(a);
    McArgs args;
    mc_args_parse(m->funcs[0], 1, (char *const[]){"10000000"}, &args, &d);
    McInterrupt stop = 1;
    Tally t = {0, 0, 0, 0, 0};
    McArgs r;
    mc_args_copy(&r, &args);
    McOutcome o = ref_machine_run(a, &r, 0, &stop, NULL);
    assert_int_equal(o.kind, MC_INTERRUPTED);
    assert_true(o.steps > 0);
    compare(a, &args, 0, &stop, "interrupted spin", &t);
    mc_args_free(&r);
    mc_args_free(&args);
    mc_allocation_free(a);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* Pre-decoded code is not changed by running it. */
static void test_reuse(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    o.form = MC_GEN_SSA;
    McFunc *f = mc_gen(7, &o);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McAllocation *a = mc_allocate(f, MC_ALLOC_IMPROVED, 2, NULL, &d);
    assert_non_null(a);
    McMachineCode *c = mc_machine_code_new(a);
    McArgs args;
    mc_gen_args(f, 3, &args);
    McOutcome first = {0};
    McArgs firstargs = {NULL, 0};
    McMachineStats s1, s2;
    for (int round = 0; round < 3; round++) {
        McArgs x;
        mc_args_copy(&x, &args);
        McOutcome out = mc_machine_code_run(c, &x, 0, NULL, round ? &s2 : &s1);
        if (round == 0) {
            first = out;
            firstargs = x;
            continue;
        }
        assert_true(mc_outcome_same(&first, &firstargs, &out, &x));
        assert_int_equal(s1.spill_reads, s2.spill_reads);
        assert_int_equal(s1.spill_writes, s2.spill_writes);
        mc_args_free(&x);
    }
    mc_args_free(&firstargs);
    mc_args_free(&args);
    mc_machine_code_free(c);
    mc_allocation_free(a);
    mc_func_free(f);
    mc_diags_free(&d);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_division),
        cmocka_unit_test(test_interrupt),
        cmocka_unit_test(test_reuse),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
