/* test_back.c - back steps from checkpoints (src/shell/session.c, issue 29
 * §1): a run keeps interpreter clones as it goes, within MC_CKPT_BYTES,
 * thinning them and doubling their spacing when full; `back` lands on
 * exactly the state a replay from the start reaches; Ctrl-C during a back
 * step leaves the position where it was. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "shell/session.h"

#define SWAP "share/minicc/examples/swap.ir"

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

/* swap.ir with n, run with continue to its end (2n + 3 block entries). */
static void run_swap(McSession *s, long n, const McInterrupt *flag) {
    mc_session_init(s);
    s->interrupt = flag;
    FILE *null = fopen("/dev/null", "w");
    assert_true(mc_session_load(s, path(SWAP), null));
    char arg[32];
    snprintf(arg, sizeof arg, "%ld", n);
    char *argv[] = {arg};
    assert_true(mc_session_set_args(s, 1, argv, null));
    s->max_steps = 4 * n + 100;
    bool at_break = false;
    assert_true(mc_session_start(s, null));
    assert_true(mc_session_continue(s, &at_break, null));
    assert_true(mc_interp_finished(s->interp, NULL));
    fclose(null);
}

/* The interpreter's state equals a replay's from the start to `steps`. */
static void same_as_replay(const McSession *s, int64_t steps) {
    McInterp *r = mc_interp_replay(s->interp, steps);
    assert_int_equal(mc_interp_steps(s->interp), steps);
    assert_int_equal(mc_interp_steps(r), steps);
    assert_int_equal(mc_interp_block(s->interp), mc_interp_block(r));
    assert_int_equal(mc_interp_pc(s->interp), mc_interp_pc(r));
    assert_int_equal(mc_interp_prev_block(s->interp), mc_interp_prev_block(r));
    assert_int_equal(mc_interp_ticks(s->interp), mc_interp_ticks(r));
    assert_int_equal(mc_interp_finished(s->interp, NULL), mc_interp_finished(r, NULL));
    for (int32_t v = 0; v < s->interp_func->nvalues; v++) {
        int32_t a = 0, b = 0;
        bool da = mc_interp_value(s->interp, v, &a), db = mc_interp_value(r, v, &b);
        assert_int_equal(da, db);
        if (da) assert_int_equal(a, b);
    }
    mc_interp_free(r);
}

static void test_back_lands_exactly(void **state) {
    (void)state;
    McSession s;
    run_swap(&s, 100000, NULL);
    int64_t end = mc_interp_steps(s.interp);
    /* taken as the run went, at the fast path's chunks (4096 entries here) */
    assert_true(s.nckpt >= 40);
    const int64_t targets[] = {end - 1, 150001, 99999, 1025, 1024, 1023, 1, 0, 77777};
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++) {
        int64_t now = mc_interp_steps(s.interp);
        assert_true(now >= targets[i]);
        assert_true(mc_session_back(&s, now - targets[i], stderr));
        same_as_replay(&s, targets[i]);
        if (targets[i] == 0) { /* forward again (the checkpoints stay) for the next target */
            bool at_break = false;
            assert_true(mc_session_continue(&s, &at_break, stderr));
        }
    }
    mc_session_free(&s);
}

/* A run of 2 * 10^7 entries passes 4096 checkpoints and thins them: the
 * memory stays bounded and the spacing has doubled. */
static void test_bounded(void **state) {
    (void)state;
    /* the figures the README states */
    assert_int_equal(MC_CKPT_SPACING, 1024);
    assert_true(MC_CKPT_BYTES == (size_t)64 * 1024 * 1024);
    McSession s;
    run_swap(&s, 10000000, NULL);
    assert_true(s.nckpt <= s.ckpt_max);
    assert_true(mc_session_ckpt_bytes(&s) <= MC_CKPT_BYTES);
    assert_true(s.ckpt_spacing >= 2 * MC_CKPT_SPACING);
    for (int i = 1; i < s.nckpt; i++) assert_true(s.ckpt_steps[i] > s.ckpt_steps[i - 1]);
    int64_t end = mc_interp_steps(s.interp);
    assert_true(mc_session_back(&s, 1, stderr));
    same_as_replay(&s, end - 1);
    mc_session_free(&s);
}

/* Ctrl-C during a back step that replays from the start (no checkpoint
 * of this function): the position stays where it was. */
static void test_interrupt_keeps_position(void **state) {
    (void)state;
    McSession s;
    McInterrupt flag = 0;
    run_swap(&s, 1000000, &flag);
    bool at_break = false;
    assert_true(mc_session_back(&s, 1000, stderr)); /* not interrupted: lands */
    int64_t at = mc_interp_steps(s.interp);
    s.ckpt_func = NULL; /* as if the checkpoints were of another function */
    flag = 1;
    FILE *null = fopen("/dev/null", "w");
    assert_false(mc_session_back(&s, 10, null));
    fclose(null);
    flag = 0;
    assert_int_equal(mc_interp_steps(s.interp), at);
    same_as_replay(&s, at);
    (void)at_break;
    mc_session_free(&s);
}

/* A MiniC loop of n iterations (one C line per statement), run to its end. */
static void run_loop(McSession *s, long n, const McInterrupt *flag, const char *file) {
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fputs("int f(int n) {\n"
          "    int s = 0;\n"
          "    for (int i = 0; i < n; i++) {\n"
          "        s = s + i;\n"
          "        s = s - 1;\n"
          "    }\n"
          "    return s;\n"
          "}\n",
          f);
    fclose(f);
    mc_session_init(s);
    s->interrupt = flag;
    FILE *null = fopen("/dev/null", "w");
    assert_true(mc_session_load(s, file, null));
    char arg[32];
    snprintf(arg, sizeof arg, "%ld", n);
    char *argv[] = {arg};
    assert_true(mc_session_set_args(s, 1, argv, null));
    s->max_steps = 4 * n + 100;
    bool at_break = false;
    assert_true(mc_session_start(s, null));
    assert_true(mc_session_continue(s, &at_break, null));
    assert_true(mc_interp_finished(s->interp, NULL));
    fclose(null);
}

/* reverse-step and reverse-stepi (issue 29 §1): from the end of a loop of
 * 10^3 and of 10^6 iterations, each lands where a replay of the same ticks
 * from the start does, on the expected C lines, and replays the same
 * number of instructions whatever the run's length (counted, not timed). */
static void test_reverse_step(void **state) {
    (void)state;
    char file[] = "/tmp/minicc-test-back-XXXXXX.c";
    int fd = mkstemps(file, 2);
    assert_true(fd >= 0);
    close(fd);
    int64_t works[2] = {0, 0};
    const long ns[2] = {1000, 1000000};
    for (int k = 0; k < 2; k++) {
        McSession s;
        run_loop(&s, ns[k], NULL, file);
        /* at the end (the return); back over the return line, then the
         * loop's last test (line 3), then its body's last line (5) */
        const int32_t lines[] = {7, 3, 5, 4, 3};
        for (int i = 0; i < 5; i++) {
            int64_t work = 0;
            assert_true(mc_session_reverse_step(&s, true, &work, stderr));
            works[k] += work;
            assert_int_equal(mc_session_c_line(&s), lines[i]);
            McInterp *r = mc_interp_replay_ticks(s.interp, mc_interp_ticks(s.interp));
            assert_int_equal(mc_interp_block(r), mc_interp_block(s.interp));
            assert_int_equal(mc_interp_pc(r), mc_interp_pc(s.interp));
            assert_int_equal(mc_interp_steps(r), mc_interp_steps(s.interp));
            mc_interp_free(r);
        }
        int64_t t = mc_interp_ticks(s.interp);
        assert_true(mc_session_reverse_step(&s, false, NULL, stderr));
        assert_int_equal(mc_interp_ticks(s.interp), t - 1);
        mc_session_free(&s);
    }
    assert_true(works[0] > 0);
    assert_int_equal(works[0], works[1]);
    unlink(file);
}

/* Ctrl-C during a reverse step: the position stays. */
static void test_reverse_interrupted(void **state) {
    (void)state;
    char file[] = "/tmp/minicc-test-back-XXXXXX.c";
    int fd = mkstemps(file, 2);
    assert_true(fd >= 0);
    close(fd);
    McSession s;
    McInterrupt flag = 0;
    run_loop(&s, 100000, &flag, file);
    int64_t t = mc_interp_ticks(s.interp);
    s.ckpt_func = NULL; /* replays from the start */
    flag = 1;
    FILE *null = fopen("/dev/null", "w");
    assert_false(mc_session_reverse_step(&s, true, NULL, null));
    assert_false(mc_session_reverse_step(&s, false, NULL, null));
    fclose(null);
    flag = 0;
    assert_int_equal(mc_interp_ticks(s.interp), t);
    assert_true(mc_interp_finished(s.interp, NULL));
    mc_session_free(&s);
    unlink(file);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_back_lands_exactly),
        cmocka_unit_test(test_bounded),
        cmocka_unit_test(test_interrupt_keeps_position),
        cmocka_unit_test(test_reverse_step),
        cmocka_unit_test(test_reverse_interrupted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
