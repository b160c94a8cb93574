/* test_tcc.c - native code compiled in process by libtcc (MC_NATIVE_TCC,
 * native.c): the same generated C as the system compiler's, compiled in the
 * forked child that calls it, under the same time limit and crash
 * containment.
 *
 *   - agreement: on hand-written and generated programs the tcc outcome
 *     (return value or trap message, final buffers) equals the run path's
 *     and the system compiler's;
 *   - isolation: a time-out, a crash and a compile error in the child are
 *     outcomes or diagnostics, never the end of the host; effects before a
 *     trap, a time-out or a crash stay visible;
 *   - libtcc keeps global state and is not thread-safe: two threads compile
 *     and call at once (each compile happens in its own child);
 *   - without libtcc the compiler is refused with MC_NATIVE_NO_TCC_MSG.
 * Every test that needs libtcc skips (cmocka's skip) in a build without it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "chk_ir.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/util.h"

static char cache[256]; /* private cache directory for the system compiler */

static McNativeOptions tcc_opts(void) {
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.compiler = MC_NATIVE_TCC;
    o.timeout = 5;
    return o;
}

/* f natively with compiler c on a copy of args: the outcome, the final
 * buffers in *after (caller frees). Fails the test when it cannot run. */
static McOutcome native(const McFunc *f, const McArgs *args, McNativeCompiler c, McArgs *after) {
    mc_args_copy(after, args);
    McNativeOptions o = tcc_opts();
    o.compiler = c;
    o.cache_dir = cache;
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_native_execute(f, &o, after, &out, &d)) {
        char buf[2048];
        fail_msg("native (%s): %s", mc_native_compiler_name(c), d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "?");
    }
    mc_diags_free(&d);
    return out;
}

/* tcc agrees with the run path, and with the system compiler when with_system. */
static McOutcome agree(const McFunc *f, const McArgs *args, bool with_system) {
    McArgs r, t;
    mc_args_copy(&r, args);
    McOutcome x = mc_run(f, &r, 0);
    McOutcome y = native(f, args, MC_NATIVE_TCC, &t);
    char s1[200], s2[200];
    if (!mc_outcome_same(&x, &r, &y, &t))
        fail_msg("run path %s, tcc %s", mc_outcome_str(&x, s1, sizeof s1), mc_outcome_str(&y, s2, sizeof s2));
    if (with_system) {
        McArgs s;
        McOutcome z = native(f, args, MC_NATIVE_SYSTEM, &s);
        if (!mc_outcome_same(&z, &s, &y, &t))
            fail_msg("system cc %s, tcc %s", mc_outcome_str(&z, s1, sizeof s1), mc_outcome_str(&y, s2, sizeof s2));
        mc_args_free(&s);
    }
    mc_args_free(&r);
    mc_args_free(&t);
    return y;
}

static McOutcome agree_text(const char *text, int argc, const char **argv) {
    McModule *m = parse_text(text);
    McArgs a = make_args(m->funcs[0], argc, argv);
    McOutcome o = agree(m->funcs[0], &a, true);
    mc_args_free(&a);
    mc_module_free(m);
    return o;
}

#define NEED_TCC()                                   \
    do {                                             \
        if (!mc_native_tcc_available()) skip();      \
    } while (0)

static void test_swap_and_traps(void **state) {
    (void)state;
    NEED_TCC();
    const char *swap = "func swap(i32 n) {\n"
                       "entry:\n    jump head\n"
                       "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
                       "    i = phi [entry: 0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
                       "body:\n    i1 = add i, 1\n    jump head\n"
                       "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";
    for (int n = 0; n < 4; n++) {
        char arg[16];
        snprintf(arg, sizeof arg, "%d", n);
        McOutcome o = agree_text(swap, 1, (const char *[]){arg});
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, n % 2 ? 21 : 12);
    }
    const char *fill = "func fill(buf out, i32 n) {\n"
                       "entry:\n  jump head\n"
                       "head:\n  i = phi [entry: 0], [body: i1]\n  c = lt i, n\n  branch c, body, done\n"
                       "body:\n  v = mul i, i\n  store out, i, v\n  i1 = add i, 1\n  jump head\n"
                       "done:\n  return 0\n}\n";
    McOutcome o = agree_text(fill, 2, (const char *[]){"[9,9,9]", "5"});
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "buffer index 3 outside [0,3)");
    const char *lim = "func lim(i32 x, i32 y) {\n"
                      "e:\n  min = copy -2147483648\n  a = add x, y\n  m = mul x, y\n  s = sub min, a\n"
                      "  r = add s, m\n  return r\n}\n";
    o = agree_text(lim, 2, (const char *[]){"2147483647", "-2147483648"});
    assert_int_equal(o.kind, MC_RETURNED);
}

/* Generated programs, both forms, traps included: tcc against the run path
 * everywhere and against the system compiler on every fourth. */
static void test_generated(void **state) {
    (void)state;
    NEED_TCC();
    int rets = 0, traps = 0;
    for (uint64_t seed = 1; seed <= 120; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        McFunc *f = mc_gen(seed, &go);
        for (uint64_t k = 0; k < 2; k++) {
            McArgs a;
            mc_gen_args(f, seed * 5 + k, &a);
            McOutcome o = agree(f, &a, k == 0 && seed % 4 == 0);
            if (o.kind == MC_RETURNED) rets++;
            else traps++;
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    assert_true(rets > 40);
    assert_true(traps > 5);
}

static void test_time_limit(void **state) {
    (void)state;
    NEED_TCC();
    McModule *m = parse_text("func forever(buf b) {\ne:\n  jump l\nl:\n  x = load b, 0\n  y = add x, 1\n"
                             "  store b, 0, y\n  jump l\n}\n");
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"[0]"});
    McNativeOptions o = tcc_opts();
    o.timeout = 0.3;
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    double t0 = mc_now();
    assert_true(mc_native_execute(m->funcs[0], &o, &a, &out, &d));
    assert_int_equal(out.kind, MC_TRAPPED);
    assert_string_equal(out.trap, "time limit exceeded");
    assert_true(mc_now() - t0 < 0.3 + 3.0); /* generously */
    assert_true(a.v[0].data[0] > 0);      /* the loop's stores stay visible */
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

/* Hand-written C compiled by libtcc in the child: a write, then a crash. */
static void test_crash(void **state) {
    (void)state;
    NEED_TCC();
    McModule *m = parse_text("func f(buf b) {\ne:\n  return 0\n}\n");
    const char *src = "#include <signal.h>\n#include <stdint.h>\n"
                      "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e);\n"
                      "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e) {\n"
                      "  (void)s; (void)l; e[0] = 0; b[0][0] = 42; raise(SIGSEGV); return 1;\n}\n";
    McNativeOptions o = tcc_opts();
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_build(m->funcs[0], src, &o, NULL, &d);
    assert_non_null(n);
    assert_null(mc_native_so_path(n)); /* no object file */
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"[1,2]"});
    McOutcome out;
    assert_true(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(out.kind, MC_TRAPPED);
    assert_string_equal(out.trap, "native code crashed: signal 11");
    assert_int_equal(a.v[0].data[0], 42);
    /* The same McNative again: compiled afresh in the next child. */
    a.v[0].data[0] = 1;
    assert_true(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(a.v[0].data[0], 42);
    mc_native_free(n);
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

/* A compile error is a diagnostic of the call with libtcc's own message. */
static void test_compile_error(void **state) {
    (void)state;
    NEED_TCC();
    McModule *m = parse_text("func f(i32 x) {\ne:\n  return x\n}\n");
    McNativeOptions o = tcc_opts();
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_build(m->funcs[0], "int minicc_entry(void) { return oops; }\n", &o, NULL, &d);
    assert_non_null(n);
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"3"});
    McOutcome out;
    assert_false(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(d.n, 1);
    char buf[1024];
    const char *line = mc_diag_line(&d, 0, buf, sizeof buf);
    assert_non_null(strstr(line, "native: tcc could not compile the generated C:"));
    assert_non_null(strstr(line, "oops"));
    mc_native_free(n);
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

/* --keep-c keeps the C that libtcc compiled. */
static void test_keep_c(void **state) {
    (void)state;
    NEED_TCC();
    char dir[] = "/tmp/minicc-tcc-keep-XXXXXX";
    assert_non_null(mkdtemp(dir));
    McModule *m = parse_text("func kept(i32 x) {\ne:\n  y = add x, 1\n  return y\n}\n");
    McNativeOptions o = tcc_opts();
    o.keep_c = dir;
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"41"});
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_native_execute(m->funcs[0], &o, &a, &out, &d));
    assert_int_equal(out.value, 42);
    char path[512];
    snprintf(path, sizeof path, "%s/kept.c", dir);
    size_t len = 0;
    char *text = mc_read_file(path, &len);
    assert_non_null(text);
    char *want = mc_cgen_render(m->funcs[0]);
    assert_string_equal(text, want);
    free(want);
    free(text);
    unlink(path);
    rmdir(dir);
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

/* Two threads compile and call at once, 20 times each: libtcc's global
 * state lives only in the children. */
typedef struct Job {
    const McFunc *f;
    int bad;
} Job;

static void *thread_main(void *p) {
    Job *j = p;
    for (int k = 0; k < 20; k++) {
        char arg[16];
        snprintf(arg, sizeof arg, "%d", k);
        McArgs a;
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        const char *argv[] = {arg};
        if (!mc_args_parse(j->f, 1, (char *const *)argv, &a, &d)) {
            j->bad++;
            mc_diags_free(&d);
            continue;
        }
        McNativeOptions o = tcc_opts();
        McOutcome out;
        if (!mc_native_execute(j->f, &o, &a, &out, &d) || out.kind != MC_RETURNED || out.value != k * 3) j->bad++;
        mc_diags_free(&d);
        mc_args_free(&a);
    }
    return NULL;
}

static void test_threads(void **state) {
    (void)state;
    NEED_TCC();
    McModule *m = parse_text("func triple(i32 x) {\ne:\n  y = mul x, 3\n  return y\n}\n");
    Job j[2] = {{m->funcs[0], 0}, {m->funcs[0], 0}};
    pthread_t t[2];
    for (int i = 0; i < 2; i++) assert_int_equal(pthread_create(&t[i], NULL, thread_main, &j[i]), 0);
    for (int i = 0; i < 2; i++) pthread_join(t[i], NULL);
    assert_int_equal(j[0].bad + j[1].bad, 0);
    mc_module_free(m);
}

/* The names, and a build without libtcc refuses the compiler in words. */
static void test_names_and_absence(void **state) {
    (void)state;
    assert_int_equal(mc_native_compiler_lookup("tcc"), MC_NATIVE_TCC);
    assert_int_equal(mc_native_compiler_lookup("system"), MC_NATIVE_SYSTEM);
    assert_int_equal(mc_native_compiler_lookup("gcc"), -1);
    assert_string_equal(mc_native_compiler_name(MC_NATIVE_TCC), "tcc");
    McModule *m = parse_text("func f(i32 x) {\ne:\n  return x\n}\n");
    McNativeOptions o = tcc_opts();
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_compile(m->funcs[0], &o, NULL, &d);
    if (mc_native_tcc_available()) {
        assert_non_null(n);
        assert_int_equal(d.n, 0);
    } else {
        assert_null(n);
        char buf[512];
        assert_string_equal(mc_diag_line(&d, 0, buf, sizeof buf), "error: native: " MC_NATIVE_NO_TCC_MSG);
    }
    mc_native_free(n);
    mc_diags_free(&d);
    mc_module_free(m);
}

int main(void) {
    snprintf(cache, sizeof cache, "/tmp/minicc-tcc-cache-XXXXXX");
    if (!mkdtemp(cache)) return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names_and_absence), cmocka_unit_test(test_swap_and_traps),
        cmocka_unit_test(test_generated),         cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_crash),             cmocka_unit_test(test_compile_error),
        cmocka_unit_test(test_keep_c),            cmocka_unit_test(test_threads),
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    if (system(cmd) != 0) rc = rc ? rc : 1;
    return rc;
}
