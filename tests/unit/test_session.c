/* test_session.c - the prompt's session API (src/shell/session.h), as the
 * workbench and the lesson player use it: a failed operation never loses
 * state, the step record holds the simultaneous phi table, back replays,
 * breakpoints stop before a block, pipeline products drop as a chain.
 *
 * The session is front-end code (not in libminicc.a), so its two source
 * files are compiled into this test directly. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shell/session.h"
#include "shell/show.h"

#define SWAP "share/minicc/examples/swap.ir"

/* Tests run from the repository root or from build/tests. */
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

typedef struct Sink {
    char *text;
    size_t len;
    FILE *f;
} Sink;

static void sink_open(Sink *k) {
    k->text = NULL;
    k->len = 0;
    k->f = open_memstream(&k->text, &k->len);
    assert_non_null(k->f);
}

static char *sink_close(Sink *k) {
    fclose(k->f);
    return k->text;
}

static void loaded(McSession *s, int32_t n) {
    Sink e;
    sink_open(&e);
    assert_true(mc_session_load(s, path(SWAP), e.f));
    char buf[16];
    snprintf(buf, sizeof buf, "%ld", (long)n);
    char *argv[] = {buf};
    assert_true(mc_session_set_args(s, 1, argv, e.f));
    free(sink_close(&e));
}

static void test_failed_load_keeps_module(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 3);
    assert_true(mc_session_step(&s, 2, false, stderr));
    McFunc *before = s.input;
    Sink e;
    sink_open(&e);
    s.where_file = "script.mc";
    s.where_line = 7;
    assert_false(mc_session_load(&s, "no/such/file.ir", e.f));
    char *msg = sink_close(&e);
    assert_non_null(strstr(msg, "script.mc:7: error: 'no/such/file.ir' not loaded"));
    free(msg);
    assert_ptr_equal(s.input, before);
    assert_non_null(s.interp);
    assert_int_equal(mc_interp_steps(s.interp), 2);
    assert_int_equal(s.errors, 1);
    mc_session_free(&s);
}

static void test_bad_args_keep_old(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 3);
    Sink e;
    sink_open(&e);
    char *bad[] = {(char *)"99999999999"};
    assert_false(mc_session_set_args(&s, 1, bad, e.f));
    char *two[] = {(char *)"1", (char *)"2"};
    assert_false(mc_session_set_args(&s, 2, two, e.f));
    free(sink_close(&e));
    assert_true(s.have_args);
    assert_int_equal(s.args.n, 1);
    assert_int_equal(s.args.v[0].scalar, 3);
    mc_session_free(&s);
}

static const McEvent *find_event(const McSession *s, McEventKind k) {
    for (int i = 0; i < s->last.n; i++)
        if (s->last.v[i].kind == k) return &s->last.v[i];
    return NULL;
}

/* swap.ir, n = 3: the fourth block is head entered from body, where
 * (a, b, i) := (b, a, i1) reads the old a = 1, b = 2 simultaneously. */
static void test_step_records_phi_table(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 3);
    assert_true(mc_session_step(&s, 3, false, stderr));
    assert_true(mc_session_step(&s, 1, false, stderr));
    const McEvent *e = find_event(&s, MC_EV_PHIS);
    assert_non_null(e);
    const McFunc *f = s.interp_func;
    assert_string_equal(f->blocks[e->block].name, "head");
    assert_string_equal(f->blocks[e->pred].name, "body");
    assert_int_equal(e->nphis, 3);
    assert_string_equal(f->values[e->phis[0].dest].name, "a");
    assert_int_equal(e->phis[0].old, 1);
    assert_int_equal(e->phis[0].value, 2);
    assert_string_equal(f->values[e->phis[1].dest].name, "b");
    assert_int_equal(e->phis[1].old, 2);
    assert_int_equal(e->phis[1].value, 1);
    /* The printed table. */
    Sink o;
    sink_open(&o);
    mc_show_events(f, s.last.v, s.last.n, 4, false, o.f);
    char *text = sink_close(&o);
    assert_non_null(strstr(text, "edge head <- body: (a, b, i) := (b, a, i1)   [simultaneous]\n"));
    assert_non_null(strstr(text, "    a  reads b  = 2    1 -> 2\n"));
    assert_non_null(strstr(text, "    b  reads a  = 1    2 -> 1\n"));
    free(text);
    mc_session_free(&s);
}

static void test_back_and_breakpoints(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 3);
    assert_true(mc_session_break_add(&s, "exit", stderr));
    Sink e;
    sink_open(&e);
    assert_false(mc_session_break_add(&s, "nowhere", e.f));
    free(sink_close(&e));
    bool at;
    assert_true(mc_session_continue(&s, &at, stderr));
    assert_true(at);
    assert_string_equal(s.interp_func->blocks[mc_interp_block(s.interp)].name, "exit");
    assert_int_equal(mc_interp_steps(s.interp), 8);
    assert_true(mc_session_back(&s, 2, stderr));
    assert_int_equal(mc_interp_steps(s.interp), 6);
    int32_t a;
    assert_true(mc_interp_value(s.interp, mc_func_find_value(s.interp_func, "a"), &a));
    assert_int_equal(a, 1); /* two swaps so far: 1 -> 2 -> 1 */
    assert_true(mc_session_continue(&s, &at, stderr));
    assert_true(at);
    assert_true(mc_session_continue(&s, &at, stderr));
    assert_false(at);
    McOutcome o;
    assert_true(mc_interp_finished(s.interp, &o));
    assert_int_equal(o.value, 21);
    mc_session_free(&s);
}

static void test_sequential_phi_mode(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 3);
    s.phi_mode = MC_PHI_SEQUENTIAL;
    bool at;
    assert_true(mc_session_continue(&s, &at, stderr));
    McOutcome o;
    assert_true(mc_interp_finished(s.interp, &o));
    assert_int_equal(o.value, 22);
    mc_session_free(&s);
}

static void test_views_drop_as_a_chain(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    loaded(&s, 5);
    assert_non_null(mc_session_view(&s, MC_VIEW_OPT, stderr));
    assert_non_null(s.ssa);
    assert_true(mc_session_build_destroyed(&s, MC_ALLOC_BASELINE, stderr));
    assert_true(mc_session_build_alloc(&s, 2, MC_ALLOC_BASELINE, stderr));
    s.exec = MC_VIEW_DESTROYED;
    assert_true(mc_session_start(&s, stderr));
    assert_true(mc_session_build_ssa(&s, MC_SSA_MINIMAL, stderr));
    assert_null(s.opt);
    assert_null(s.destroyed);
    assert_null(s.alloc);
    assert_null(s.interp); /* it ran the dropped destroyed function */
    mc_session_free(&s);
}

static void test_no_function(void **state) {
    (void)state;
    McSession s;
    mc_session_init(&s);
    Sink e;
    sink_open(&e);
    assert_false(mc_session_step(&s, 1, false, e.f));
    assert_null(mc_session_view(&s, MC_VIEW_SSA, e.f));
    assert_false(mc_session_back(&s, 1, e.f));
    char *msg = sink_close(&e);
    assert_non_null(strstr(msg, "error: no function loaded"));
    free(msg);
    mc_session_free(&s);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_failed_load_keeps_module), cmocka_unit_test(test_bad_args_keep_old),
        cmocka_unit_test(test_step_records_phi_table),   cmocka_unit_test(test_back_and_breakpoints),
        cmocka_unit_test(test_sequential_phi_mode),      cmocka_unit_test(test_views_drop_as_a_chain),
        cmocka_unit_test(test_no_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
