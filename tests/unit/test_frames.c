/* test_frames.c - stepping into calls (src/shell/frames.h): however a run
 * is stepped (step into every call, stepi, next over them, finish, back
 * out of a callee, in a seeded mix), it ends exactly as a run that never
 * stepped in: the same outcome, block entries, instructions and buffers as
 * the engine's mc_interp_run; and the frames say what they should. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/interp.h"
#include "shell/frames.h"
#include "shell/session.h"

static const char *path(const char *rel) {
    static char buf[512];
    FILE *f = fopen(rel, "r");
    if (f) {
        fclose(f);
        return rel;
    }
    snprintf(buf, sizeof buf, "../../%s", rel);
    return buf;
}

static FILE *sink(void) {
    FILE *f = fopen("/dev/null", "w");
    assert_non_null(f);
    return f;
}

/* A session on FILE's function FUNC with one i32 argument n. */
static void setup(McSession *s, const char *file, const char *func, int32_t n, int64_t max_steps, FILE *err) {
    mc_session_init(s);
    assert_true(mc_session_load(s, path(file), err));
    assert_true(mc_session_select(s, func, err));
    char buf[16];
    snprintf(buf, sizeof buf, "%ld", (long)n);
    char *argv[] = {buf};
    assert_true(mc_session_set_args(s, 1, argv, err));
    s->max_steps = max_steps;
}

/* The reference: the engine's whole run. */
static McOutcome reference(McSession *s, McArgs *a) {
    McInterpOptions o;
    memset(&o, 0, sizeof o);
    o.max_steps = s->max_steps;
    o.max_depth = s->max_depth;
    mc_args_copy(a, &s->args);
    return mc_interp_run(s->input, a, &o);
}

static void same_end(McSession *s) {
    McArgs a;
    McOutcome want = reference(s, &a), got;
    assert_int_equal(s->nframes, 0);
    assert_true(mc_interp_finished(s->interp, &got));
    assert_int_equal(got.kind, want.kind);
    assert_int_equal(got.value, want.value);
    assert_string_equal(got.trap, want.trap);
    assert_int_equal(got.steps, want.steps);
    assert_int_equal(got.insts, want.insts);
    const McArgs *b = mc_interp_args(s->interp);
    for (int32_t i = 0; i < a.n; i++)
        if (a.v[i].is_buf && a.v[i].len) assert_memory_equal(a.v[i].data, b->v[i].data, (size_t)a.v[i].len * 4);
    mc_args_free(&a);
}

/* What holds at every pause: the frames together never pass the budget
 * nor the depth limit (a callee gets what its callers left). */
static void limits_hold(const McSession *s) {
    int64_t total = 0;
    for (int k = 0; k < mc_frames_depth(s); k++) total += mc_interp_steps(mc_frames_interp(s, k, NULL));
    assert_true(total <= (s->max_steps > 0 ? s->max_steps : MC_DEFAULT_MAX_STEPS));
    assert_true(mc_frames_depth(s) <= (s->max_depth > 0 ? s->max_depth : MC_DEFAULT_MAX_DEPTH));
}

/* Step into every call with small budgets and depth limits: the limits
 * hold in every frame, and the trap is the run's. */
static void test_limits(void **state) {
    (void)state;
    FILE *out = sink();
    for (int64_t budget = 1; budget <= 12; budget++)
        for (int64_t depth = 1; depth <= 6; depth++) {
            McSession s;
            setup(&s, "tests/repl/frames.ir", "main", 5, budget, out);
            s.max_depth = depth;
            assert_true(mc_session_start(&s, out));
            int guard = 0;
            while (!mc_interp_finished(s.interp, NULL) || s.nframes > 0) {
                /* into calls mostly, over one now and then (in a callee, the
                 * call then runs with what the frames left) */
                s.frame_ret.kind = MC_INTERRUPTED; /* no return yet */
                assert_true(mc_frames_step(&s, 1, guard % 2, guard % 3 != 2, out, out));
                limits_hold(&s);
                /* A callee that returned hands its caller a result: the
                 * caller, executing the call, cannot trap on it. */
                McOutcome o;
                if (s.frame_ret.kind == MC_RETURNED && mc_interp_finished(s.interp, &o))
                    assert_int_not_equal(o.kind, MC_TRAPPED);
                assert_true(++guard < 10000);
            }
            same_end(&s);
            mc_session_free(&s);
        }
    fclose(out);
}

/* Step into every call, by blocks and by instructions. */
static void test_step_into_all(void **state) {
    (void)state;
    FILE *out = sink();
    const char *funcs[] = {"main", "fact", "oops"};
    for (int by_inst = 0; by_inst < 2; by_inst++)
        for (size_t k = 0; k < 3; k++)
            for (int32_t n = 0; n < 6; n++) {
                McSession s;
                setup(&s, "tests/repl/frames.ir", funcs[k], n, 0, out);
                int depth = 0, guard = 0;
                assert_true(mc_session_start(&s, out));
                while (!mc_interp_finished(s.interp, NULL) || s.nframes > 0) {
                    assert_true(mc_frames_step(&s, 1, by_inst, true, out, out));
                    if (mc_frames_depth(&s) > depth) depth = mc_frames_depth(&s);
                    assert_true(++guard < 10000);
                }
                same_end(&s);
                /* fact(n) has a frame per call: max(n, 1) of them, main one more */
                if (k == 1) assert_int_equal(depth, n > 1 ? n : 1);
                if (k == 0) assert_int_equal(depth, n > 1 ? n + 1 : 3);
                mc_session_free(&s);
            }
    fclose(out);
}

/* calls.ir (fib, Ackermann, a buffer written two frames down), a budget
 * that runs out somewhere in the recursion, and a seeded mix of step,
 * stepi, next, finish-like runs and back. */
static void test_mixed(void **state) {
    (void)state;
    FILE *out = sink();
    uint32_t seed = 12345;
    for (int round = 0; round < 60; round++) {
        McSession s;
        int64_t budget = round % 3 == 0 ? 20 + round : 0;
        setup(&s, "tests/run/calls/calls.ir", "main", 1 + round % 5, budget, out);
        assert_true(mc_session_start(&s, out));
        int guard = 0;
        while (!mc_interp_finished(s.interp, NULL) || s.nframes > 0) {
            seed = seed * 1103515245u + 12345u;
            int op = (int)((seed >> 16) % 10);
            bool at_break;
            if (op < 4) assert_true(mc_frames_step(&s, 1, op & 1, true, out, out));
            else if (op < 6) assert_true(mc_frames_step(&s, 1, op & 1, false, out, out));
            else if (op < 7 && s.nframes > 0) assert_true(mc_frames_run(&s, mc_frames_depth(&s) - 1, &at_break, out, out));
            else if (op < 9 && mc_interp_steps(s.interp) > 0) assert_true(mc_frames_back(&s, 1 + (seed >> 8) % 3, out));
            else assert_true(mc_frames_step(&s, 2, false, true, out, out));
            limits_hold(&s);
            assert_true(++guard < 100000);
        }
        same_end(&s);
        mc_session_free(&s);
    }
    fclose(out);
}

/* A breakpoint in a callee stops there, in the right frame. */
static void test_break_in_callee(void **state) {
    (void)state;
    FILE *out = sink();
    McSession s;
    setup(&s, "tests/repl/frames.ir", "main", 4, 0, out);
    assert_true(mc_session_break_add(&s, "fact:base", out));
    assert_false(mc_session_break_add(&s, "fact:nope", out));
    assert_false(mc_session_break_add(&s, "nope:base", out));
    assert_int_equal(s.nbreaks, 1);
    bool at_break;
    assert_true(mc_frames_run(&s, 0, &at_break, out, out));
    assert_true(at_break);
    assert_int_equal(mc_frames_depth(&s), 5); /* main, fact(4), fact(3), fact(2), fact(1) */
    assert_string_equal(s.interp_func->name, "fact");
    int32_t n;
    assert_true(mc_interp_value(s.interp, mc_func_find_value(s.interp_func, "n"), &n));
    assert_int_equal(n, 1);
    const McFunc *f;
    McInterp *in = mc_frames_interp(&s, 2, &f);
    assert_true(mc_interp_value(in, mc_func_find_value(f, "n"), &n));
    assert_int_equal(n, 3);
    assert_true(mc_frames_run(&s, 0, &at_break, out, out));
    assert_false(at_break);
    same_end(&s);
    mc_session_free(&s);
    fclose(out);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_step_into_all),
        cmocka_unit_test(test_mixed),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_break_in_callee),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
