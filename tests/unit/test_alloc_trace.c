/* test_alloc_trace.c - the allocator's switches (McAllocOptions) and the
 * allocation trace (regalloc.h; regalloc.c, destroy.c, interfere.c,
 * trace.c).
 *
 * - The default switches are the allocator without switches, allocation for
 *   allocation, and so is an allocation that records a trace (the trace is
 *   recorded on the adjacency rows; the decisions must not change).
 * - Every non-bug switch value still gives a correct allocation: the machine
 *   agrees with the interpreter on generated programs at several budgets.
 * - The trace replays to the machine's assignment on every one of them.
 * - The switch words parse, print and round-trip; mistakes are refused with
 *   the options unchanged.
 * - The bug modes are bugs: each makes a program of its kind diverge. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/util.h"
#include "minicc/verify.h"

#include "engine/alloc/regalloc_test.h"
#include "shell/commands.h"
#include "shell/session.h"

static bool same_alloc(const McAllocation *a, const McAllocation *b) {
    if (a->f->nvalues != b->f->nvalues || a->slots != b->slots || a->ncoalesced != b->ncoalesced ||
        a->nspilled != b->nspilled || a->removed_copies != b->removed_copies)
        return false;
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (a->loc[v].kind != b->loc[v].kind || a->loc[v].index != b->loc[v].index) return false;
    return true;
}

static McFunc *gen_func(uint64_t seed, McArgs *args) {
    McGenOptions go;
    mc_gen_options_default(&go);
    go.size = 20 + (int32_t)(seed % 4) * 15;
    McFunc *f = mc_gen(seed, &go);
    assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
    mc_gen_args(f, seed, args);
    return f;
}

static void test_defaults_and_trace_change_nothing(void **state) {
    (void)state;
    static const int budgets[] = {1, 2, 3, 5};
    int compared = 0;
    for (uint64_t seed = 1; seed <= 80; seed++) {
        McArgs args;
        McFunc *f = gen_func(seed, &args);
        McFunc *ssa = mc_pipeline_prepare(f, (int)(seed & 1), NULL);
        assert_non_null(ssa);
        for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++)
            for (int al = 0; al < 2; al++) {
                McAllocation *plain = mc_allocate(ssa, (McAllocator)al, budgets[k], NULL, NULL);
                McAllocOptions o;
                mc_alloc_options_default(&o);
                McAllocation *dflt = mc_allocate(ssa, (McAllocator)al, budgets[k], &o, NULL);
                McAllocTrace tr;
                mc_alloc_trace_init(&tr);
                o.trace = &tr;
                McAllocation *traced = mc_allocate(ssa, (McAllocator)al, budgets[k], &o, NULL);
                assert_non_null(plain);
                assert_non_null(dflt);
                assert_non_null(traced);
                assert_true(same_alloc(plain, dflt));
                if (!same_alloc(plain, traced)) {
                    fprintf(stderr, "seed %llu K=%d %s: tracing changed the allocation\n", (unsigned long long)seed,
                            budgets[k], mc_allocator_name((McAllocator)al));
                    fail();
                }
                char msg[256];
                if (!mc_alloc_trace_matches(&tr, traced, msg, sizeof msg)) {
                    fprintf(stderr, "seed %llu K=%d %s: %s\n", (unsigned long long)seed, budgets[k],
                            mc_allocator_name((McAllocator)al), msg);
                    fail();
                }
                assert_true(tr.n > 0 || traced->graph->nnodes == 0); /* a decision per node at least */
                compared++;
                mc_alloc_trace_free(&tr);
                mc_allocation_free(plain);
                mc_allocation_free(dflt);
                mc_allocation_free(traced);
            }
        mc_func_free(ssa);
        mc_func_free(f);
        mc_args_free(&args);
    }
    assert_int_equal(compared, 80 * 4 * 2);
}

/* Functions with calls, all four allocators, every convention: tracing
 * changes nothing, the trace replays to the machine's assignment (linear
 * and ssa record theirs, then the convention's renaming), and every
 * allocator's trace has the same call events: one per value live across
 * each call (saved or kept), one per prologue save. */
static void test_trace_with_calls_every_allocator(void **state) {
    (void)state;
    static const int budgets[] = {1, 2, 4};
    int compared = 0, saves = 0, kept = 0, callee = 0;
    for (uint64_t seed = 1; seed <= 24; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 20 + (int32_t)(seed % 3) * 10;
        go.calls = 1 + (int)(seed % 3);
        McModule *m = mc_gen_module(seed, &go);
        assert_non_null(m);
        for (int32_t fi = 0; fi < m->nfuncs; fi++) {
            McFunc *ssa = mc_pipeline_prepare(m->funcs[fi], (int)(seed & 1), NULL);
            assert_non_null(ssa);
            for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++)
                for (int al = 0; al < 4; al++)
                    for (int c = 0; c < MC_CONV_COUNT; c++) {
                        McAllocOptions o;
                        mc_alloc_options_default(&o);
                        o.convention = (McConvention)c;
                        o.program = true;
                        McAllocation *plain = mc_allocate(ssa, (McAllocator)al, budgets[k], &o, NULL);
                        McAllocTrace tr;
                        mc_alloc_trace_init(&tr);
                        o.trace = &tr;
                        McAllocation *traced = mc_allocate(ssa, (McAllocator)al, budgets[k], &o, NULL);
                        assert_non_null(plain);
                        assert_non_null(traced);
                        assert_true(same_alloc(plain, traced));
                        char msg[256];
                        if (!mc_alloc_trace_matches(&tr, traced, msg, sizeof msg)) {
                            fprintf(stderr, "seed %llu %s K=%d %s %s: %s\n", (unsigned long long)seed, ssa->name,
                                    budgets[k], mc_allocator_name((McAllocator)al),
                                    mc_convention_name((McConvention)c), msg);
                            fail();
                        }
                        int32_t across = 0, nsave = 0, nsafe = 0, ncallee = 0;
                        for (int32_t i = 0; i < traced->ncallsaves; i++) across += traced->callsaves[i].nacross;
                        for (int32_t i = 0; i < tr.n; i++) {
                            nsave += tr.ev[i].kind == MC_TR_CALL_SAVE;
                            nsafe += tr.ev[i].kind == MC_TR_CALL_SAFE;
                            ncallee += tr.ev[i].kind == MC_TR_CALLEE_SAVE;
                        }
                        assert_int_equal(nsave + nsafe, across);
                        assert_int_equal(ncallee, traced->ncallsaves > 0 ? traced->ncallee_saves : 0);
                        saves += nsave;
                        kept += nsafe;
                        callee += ncallee;
                        compared++;
                        mc_alloc_trace_free(&tr);
                        mc_allocation_free(plain);
                        mc_allocation_free(traced);
                    }
            mc_func_free(ssa);
        }
        mc_module_free(m);
    }
    assert_true(compared > 24 * 3 * 4 * MC_CONV_COUNT);
    assert_true(saves > 0 && kept > 0 && callee > 0); /* the programs exercise every kind */
}

/* The interference graph's two forms (adjacency rows, bit matrix) take the
 * same decisions: their traces are the same event for event. */
static void test_trace_same_in_both_forms(void **state) {
    (void)state;
    int compared = 0;
    for (uint64_t seed = 300; seed < 340; seed++) {
        McArgs args;
        McFunc *f = gen_func(seed, &args);
        McFunc *ssa = mc_pipeline_prepare(f, 1, NULL);
        assert_non_null(ssa);
        for (int k = 1; k <= 4; k += 3)
            for (int al = 0; al < 2; al++) {
                McAllocTrace t1, t2;
                mc_alloc_trace_init(&t1);
                mc_alloc_trace_init(&t2);
                McAllocOptions o;
                mc_alloc_options_default(&o);
                McAllocKnobs rows = {.igraph_form = 1}, bits = {.igraph_form = 2};
                o.trace = &t1;
                o.knobs = &rows;
                McAllocation *a = mc_allocate(ssa, (McAllocator)al, k, &o, NULL);
                o.trace = &t2;
                o.knobs = &bits;
                McAllocation *b = mc_allocate(ssa, (McAllocator)al, k, &o, NULL);
                assert_non_null(a);
                assert_non_null(b);
                assert_non_null(b->graph->bits);
                assert_int_equal(t1.n, t2.n);
                for (int32_t i = 0; i < t1.n; i++) {
                    const McTraceEvent *x = &t1.ev[i], *y = &t2.ev[i];
                    bool same = x->kind == y->kind && x->test == y->test && x->flag == y->flag &&
                                x->variant == y->variant && x->metric == y->metric && x->v == y->v && x->w == y->w &&
                                x->reg == y->reg && x->n1 == y->n1 && x->n2 == y->n2 && x->x == y->x && x->y == y->y;
                    if (!same) {
                        char s1[256], s2[256];
                        fprintf(stderr, "seed %llu K=%d %s event %d: rows '%s', matrix '%s'\n",
                                (unsigned long long)seed, k, mc_allocator_name((McAllocator)al), (int)i,
                                mc_alloc_trace_event_str(&t1, i, a, s1, sizeof s1),
                                mc_alloc_trace_event_str(&t2, i, b, s2, sizeof s2));
                        fail();
                    }
                }
                char msg[256];
                assert_true(mc_alloc_trace_matches(&t2, b, msg, sizeof msg));
                compared++;
                mc_alloc_trace_free(&t1);
                mc_alloc_trace_free(&t2);
                mc_allocation_free(a);
                mc_allocation_free(b);
            }
        mc_func_free(ssa);
        mc_func_free(f);
        mc_args_free(&args);
    }
    assert_int_equal(compared, 40 * 2 * 2);
}

/* Every value of every switch except the planted bugs (destroy,
 * param-edges, and saves, which also changes nothing without calls). */
static void test_every_switch_is_correct(void **state) {
    (void)state;
    static const int budgets[] = {1, 2, 4};
    int runs = 0;
    for (int sw = 0; sw < mc_alloc_option_count(); sw++) {
        const char *name = mc_alloc_option_name(sw);
        if (strcmp(name, "destroy") == 0 || strcmp(name, "param-edges") == 0 || strcmp(name, "saves") == 0) continue;
        const char *const *values = mc_alloc_option_values(sw);
        for (int v = 1; values[v]; v++) {
            char word[96], err[256];
            snprintf(word, sizeof word, "%s=%s", name, values[v]);
            McAllocOptions o;
            mc_alloc_options_default(&o);
            assert_true(mc_alloc_option_parse(&o, word, err, sizeof err));
            for (uint64_t seed = 200; seed < 230; seed++) {
                McArgs args;
                McFunc *f = gen_func(seed, &args);
                McArgs ref;
                mc_args_copy(&ref, &args);
                McOutcome want = mc_run(f, &ref, 0);
                McFunc *ssa = mc_pipeline_prepare(f, 1, NULL);
                assert_non_null(ssa);
                for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
                    McAllocTrace tr;
                    mc_alloc_trace_init(&tr);
                    o.trace = &tr;
                    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, budgets[k], &o, NULL);
                    o.trace = NULL;
                    assert_non_null(a);
                    char msg[256];
                    assert_true(mc_allocation_check(a, msg, sizeof msg));
                    if (!mc_alloc_trace_matches(&tr, a, msg, sizeof msg)) {
                        fprintf(stderr, "%s seed %llu K=%d: %s\n", word, (unsigned long long)seed, budgets[k], msg);
                        fail();
                    }
                    if (strcmp(name, "calls") == 0) {
                        /* a program without calls allocates exactly as under calls=save */
                        McAllocation *b = mc_allocate(ssa, MC_ALLOC_IMPROVED, budgets[k], NULL, NULL);
                        assert_null(a->cons);
                        assert_int_equal(a->slots, b->slots);
                        assert_int_equal(a->f->nvalues, b->f->nvalues);
                        for (int32_t x = 0; x < a->f->nvalues; x++) {
                            assert_int_equal(a->loc[x].kind, b->loc[x].kind);
                            assert_int_equal(a->loc[x].index, b->loc[x].index);
                        }
                        mc_allocation_free(b);
                    }
                    McArgs run;
                    mc_args_copy(&run, &args);
                    McOutcome got = mc_machine_run(a, &run, 0, NULL);
                    if (!mc_outcome_same(&want, &ref, &got, &run)) {
                        char x[160], y[160];
                        fprintf(stderr, "%s seed %llu K=%d: want %s got %s\n", word, (unsigned long long)seed,
                                budgets[k], mc_outcome_str(&want, x, sizeof x), mc_outcome_str(&got, y, sizeof y));
                        fail();
                    }
                    runs++;
                    mc_args_free(&run);
                    mc_allocation_free(a);
                    mc_alloc_trace_free(&tr);
                }
                mc_func_free(ssa);
                mc_args_free(&ref);
                mc_args_free(&args);
                mc_func_free(f);
            }
        }
    }
    /* split, copies, copy-exception, bias, recolour, slot-sharing, calls: 1
     * value each; coalesce 2; metric 4; variant 3; two-address 2 (copies, emitter) */
    assert_int_equal(runs, (7 + 2 + 4 + 3 + 2) * 30 * 3);
}

static void test_option_words(void **state) {
    (void)state;
    McAllocOptions o, before;
    char err[512], buf[512];
    mc_alloc_options_default(&o);
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), "default");
    assert_true(mc_alloc_option_parse(&o, "no-coalesce,metric=cost,split=all", err, sizeof err));
    assert_int_equal(o.coalesce, MC_COALESCE_OFF);
    assert_int_equal(o.metric, MC_METRIC_COST);
    assert_true(o.split_all);
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), "split=all,coalesce=off,metric=cost");
    /* the printed form parses back to the same switches */
    McAllocOptions back;
    mc_alloc_options_default(&back);
    assert_true(mc_alloc_option_parse(&back, buf, err, sizeof err));
    char buf2[512];
    assert_string_equal(mc_alloc_options_str(&back, buf2, sizeof buf2), buf);
    /* mistakes leave the options as they were */
    before = o;
    char was[512];
    mc_alloc_options_str(&before, was, sizeof was);
    assert_false(mc_alloc_option_parse(&o, "bias=off,coalesce=eager", err, sizeof err));
    assert_string_equal(err, "coalesce: unknown value 'eager' (conservative, off, aggressive)");
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), was);
    assert_false(mc_alloc_option_parse(&o, "no-metric", err, sizeof err)); /* metric has no `off` */
    assert_false(mc_alloc_option_parse(&o, "", err, sizeof err));
    assert_false(mc_alloc_option_parse(&o, "bias", err, sizeof err));
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), was);
    assert_true(mc_alloc_option_parse(&o, "default", err, sizeof err));
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), "default");
    assert_int_equal(mc_alloc_option_lookup("slot-sharing"), 6);
    assert_int_equal(mc_alloc_option_lookup("slots"), -1);
}

static McFunc *parse_first(const char *src, McModule **m) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    *m = mc_parse("t.ir", src, strlen(src), &d);
    mc_diags_free(&d);
    assert_non_null(*m);
    return (*m)->funcs[0];
}

static int32_t alloc_return(const McFunc *f, const char *opts, int32_t arg) {
    McAllocOptions o;
    mc_alloc_options_default(&o);
    char err[256];
    assert_true(mc_alloc_option_parse(&o, opts, err, sizeof err));
    McFunc *ssa = mc_pipeline_prepare(f, 1, NULL);
    assert_non_null(ssa);
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, &o, NULL);
    assert_non_null(a);
    McArgs args;
    args.n = f->nparams;
    args.v = calloc((size_t)args.n, sizeof *args.v);
    args.v[0].scalar = arg;
    McOutcome out = mc_machine_run(a, &args, 0, NULL);
    assert_int_equal(out.kind, MC_RETURNED);
    mc_args_free(&args);
    mc_allocation_free(a);
    mc_func_free(ssa);
    return out.value;
}

/* The bug modes are bugs: naive loses the copy, sequential breaks the swap. */
static void test_bug_modes(void **state) {
    (void)state;
    McModule *m1, *m2;
    McFunc *lost = parse_first("func lost(i32 n) {\nentry:\n    jump loop\nloop:\n    x = phi [entry: 1], [loop: y]\n"
                               "    y = add x, 1\n    c = lt y, n\n    branch c, loop, exit\nexit:\n    return x\n}\n",
                               &m1);
    McFunc *swap = parse_first("func swap(i32 n) {\nentry:\n    i0 = copy 0\n    jump head\n"
                               "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
                               "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
                               "body:\n    i1 = add i, 1\n    jump head\n"
                               "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n",
                               &m2);
    assert_int_equal(alloc_return(lost, "default", 3), 2);
    assert_int_equal(alloc_return(lost, "destroy=naive", 3), 3);
    assert_int_equal(alloc_return(lost, "destroy=sequential", 3), 2);
    assert_int_equal(alloc_return(swap, "default", 3), 21);
    assert_int_equal(alloc_return(swap, "destroy=sequential", 3), 22);
    assert_int_equal(alloc_return(swap, "destroy=naive", 3), 21);
    mc_module_free(m1);
    mc_module_free(m2);
}

/* The prompt completes `set alloc` with the switches' words, and `alloc target ALLOCATOR`. */
static void test_prompt_completion(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    char **out = NULL;
    const char *line = "set alloc coal";
    mc_command_complete(&s, line, 10, (int)strlen(line), &out);
    assert_non_null(out);
    int n = 0;
    for (char **p = out; *p; p++) n++;
    assert_int_equal(n, 3);
    assert_string_equal(out[0], "coalesce=conservative");
    assert_string_equal(out[1], "coalesce=off");
    assert_string_equal(out[2], "coalesce=aggressive");
    mc_complete_free(out);
    /* alloc's first word: target (a K is not completed), then an allocator */
    line = "alloc ta";
    out = NULL;
    mc_command_complete(&s, line, 6, (int)strlen(line), &out);
    assert_non_null(out);
    assert_string_equal(out[0], "target");
    assert_null(out[1]);
    mc_complete_free(out);
    line = "alloc target li";
    out = NULL;
    mc_command_complete(&s, line, 13, (int)strlen(line), &out);
    assert_non_null(out);
    assert_string_equal(out[0], "linear");
    assert_null(out[1]);
    mc_complete_free(out);
    mc_session_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defaults_and_trace_change_nothing),
        cmocka_unit_test(test_trace_same_in_both_forms),
        cmocka_unit_test(test_trace_with_calls_every_allocator),
        cmocka_unit_test(test_every_switch_is_correct),
        cmocka_unit_test(test_option_words),
        cmocka_unit_test(test_bug_modes),
        cmocka_unit_test(test_prompt_completion),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
