/* test_cgen.c - the C backend (cgen.c) and native execution (native.c).
 *
 * The generated C is checked three ways:
 *   - structurally: after removing comments, every identifier is one the
 *     backend generates (vN, vN_len, tN, LN, minicc_*, C keywords...), so no
 *     IR name reaches the code;
 *   - by execution: native results (return, trap message, final buffers)
 *     equal the interpreter's (mc_run) on hand-written and random programs;
 *   - under the sanitizers: the C plus a generated main() is compiled with
 *     -std=c11 -Wall -Wextra -Wpedantic -Werror -fsanitize=address,undefined
 *     -fno-sanitize-recover=all and run, buffers allocated at their exact
 *     length, so any overflow, out-of-bounds access or signed-overflow UB in
 *     the generated code fails the test.
 * Everything uses a private cache directory (mkdtemp) and `cc` unless $CC is
 * set; nothing depends on clang. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "chk_ir.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/util.h"

static char cache[256]; /* private cache directory for the whole run */

static McNativeOptions nopts(void) {
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.cache_dir = cache;
    o.timeout = 5;
    return o;
}

/* ---- the structural check ------------------------------------------------------ */

static bool allowed_ident(const char *s, size_t n) {
    static const char *const words[] = {"include", "stdint", "string", "h", "static", "inline", "int32_t",
                                        "uint32_t", "memcpy", "sizeof", "return", "void", "if", "goto",
                                        "const", "err", "scalars", "bufs", "lens", "x", "y", "INT32_MIN",
                                        "minicc_bits", "minicc_fn", "minicc_entry", "minicc_shr", "minicc_div",
                                        "minicc_rem", "minicc_mag", "minicc_sign",
                                        /* calls: */ "define", "stdlib", "depth", "MINICC_MAX_DEPTH", "calloc", "memset",
                                        "free", "abort", "size_t", "NULL", "else", "minicc_ret"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0) return true;
    if (n > 8 && memcmp(s, "minicc_f", 8) == 0) { /* minicc_fN: a function of a program with calls */
        for (size_t i = 8; i < n; i++)
            if (!isdigit((unsigned char)s[i])) return false;
        return true;
    }
    /* vN, vN_len, vN_NAME, vN_NAME_len (NAME: letters, digits, single `_`
     * inside), tN, LN */
    if (n >= 2 && (s[0] == 'v' || s[0] == 't' || s[0] == 'L')) {
        size_t i = 1;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i > 1 && i == n) return true;
        if (s[0] != 'v' || i == 1 || s[i] != '_' || i + 1 == n) return false;
        for (size_t k = i + 1; k < n; k++)
            if (!isalnum((unsigned char)s[k]) && !(s[k] == '_' && s[k - 1] != '_' && k + 1 < n)) return false;
        return true;
    }
    return false;
}

/* Every identifier outside comments is a generated one. */
static void check_identifiers(const char *c) {
    const char *p = c;
    while (*p) {
        if (p[0] == '/' && p[1] == '*') {
            const char *e = strstr(p + 2, "*/");
            assert_non_null(e);
            /* A comment never contains the start of another one. */
            for (const char *q = p + 2; q < e; q++) assert_false(q[0] == '/' && q[1] == '*');
            p = e + 2;
            continue;
        }
        assert_false(p[0] == '/' && p[1] == '/');
        if (isalpha((unsigned char)*p) || *p == '_') {
            const char *s = p;
            while (isalnum((unsigned char)*p) || *p == '_') p++;
            if (!allowed_ident(s, (size_t)(p - s))) fail_msg("identifier '%.*s' in generated C", (int)(p - s), s);
            continue;
        }
        if (isdigit((unsigned char)*p)) {
            while (isalnum((unsigned char)*p)) p++;
            continue;
        }
        assert_true(*p != '$' && *p != '?' && *p != '"' && *p != '\'' && *p != '\\');
        p++;
    }
}

/* ---- native against the interpreter ---------------------------------------------- */

/* Runs f natively and with mc_run on copies of args; asserts they agree;
 * returns the native outcome. */
static McOutcome agree(const McFunc *f, const McArgs *args) {
    McArgs a, b;
    mc_args_copy(&a, args);
    mc_args_copy(&b, args);
    McOutcome x = mc_run(f, &a, 0);
    McOutcome y;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNativeOptions o = nopts();
    bool ok = mc_native_execute(f, &o, &b, &y, &d);
    if (!ok) {
        char buf[2048];
        fail_msg("native: %s", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "?");
    }
    if (!mc_outcome_same(&x, &a, &y, &b)) {
        char s1[200], s2[200];
        char *c = mc_cgen_render(f);
        fprintf(stderr, "%s\n", c);
        free(c);
        mc_func_print(f, stderr);
        fail_msg("interp %s, native %s", mc_outcome_str(&x, s1, sizeof s1), mc_outcome_str(&y, s2, sizeof s2));
    }
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_args_free(&b);
    return y;
}

static McOutcome agree_text(const char *text, int argc, const char **argv) {
    McModule *m = parse_text(text);
    McFunc *f = m->funcs[0];
    char *c = mc_cgen_render(f);
    check_identifiers(c);
    free(c);
    McArgs a = make_args(f, argc, argv);
    McOutcome o = agree(f, &a);
    mc_args_free(&a);
    mc_module_free(m);
    return o;
}

static const char *swap_ir = "func swap(i32 n) {\n"
                             "entry:\n    i0 = copy 0\n    jump head\n"
                             "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
                             "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
                             "body:\n    i1 = add i, 1\n    jump head\n"
                             "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";

static void test_swap(void **state) {
    (void)state;
    for (int n = 0; n < 4; n++) {
        char arg[16];
        snprintf(arg, sizeof arg, "%d", n);
        const char *argv[] = {arg};
        McOutcome o = agree_text(swap_ir, 1, argv);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, n % 2 ? 21 : 12);
    }
}

/* Calls (docs/ir.md §3.2): one C function per IR function, buffers by
 * pointer + length, local buffers, a trap in a callee, the depth limit;
 * native against the stepping interpreter. */
static const char *calls_ir = "func main(buf b, i32 n) {\n"
                              "e:\n  l = buffer 2\n  call put(l, n)\n  x = load l, 1\n  store b, 0, x\n"
                              "  f = call fib(n)\n  d = call down(n)\n  s = add f, d\n  return s\n}\n"
                              "func put(buf q, i32 v) {\ne:\n  store q, 1, v\n  return 0\n}\n"
                              "func fib(i32 n) {\ne:\n  c = lt n, 2\n  branch c, base, rec\nbase:\n  return n\n"
                              "rec:\n  n1 = sub n, 1\n  a = call fib(n1)\n  n2 = sub n, 2\n  z = call fib(n2)\n"
                              "  s = add a, z\n  return s\n}\n"
                              "func down(i32 n) {\ne:\n  z = eq n, 0\n  branch z, done, more\ndone:\n  return 0\n"
                              "more:\n  m = sub n, 1\n  r = call down(m)\n  t = div 100, m\n  u = add r, 1\n  return u\n}\n";

static void test_calls(void **state) {
    (void)state;
    McModule *m = parse_text(calls_ir);
    McFunc *f = m->funcs[0];
    char *c = mc_cgen_render(f);
    check_identifiers(c);
    for (int k = 0; k < 4; k++) { /* one C function per IR function */
        char def[64];
        snprintf(def, sizeof def, "static int32_t minicc_f%d(", k);
        assert_non_null(strstr(c, def));
    }
    free(c);
    assert_int_equal(mc_cgen_stack_bytes(m->funcs[1], 10000), 0); /* put calls nothing: its own stack */
    assert_true(mc_cgen_stack_bytes(f, 10000) > (size_t)10000 * 256);
    const char *args[][2] = {{"[0]", "6"}, {"[0]", "0"}, {"[0]", "1"}, {"[0]", "20"}, {"[0]", "24"}};
    for (size_t i = 0; i < sizeof args / sizeof args[0]; i++) {
        McArgs a = make_args(f, 2, args[i]), x, y;
        mc_args_copy(&x, &a);
        mc_args_copy(&y, &a);
        McInterpOptions io;
        memset(&io, 0, sizeof io);
        io.max_steps = 100000000;
        io.max_depth = 23; /* fib(24) goes deeper: both trap; down(n >= 1) divides by zero */
        McOutcome want = mc_interp_run(f, &x, &io);
        McNativeOptions o = nopts();
        o.max_depth = 23;
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McOutcome got;
        assert_true(mc_native_execute(f, &o, &y, &got, &d));
        char s1[200], s2[200];
        if (!mc_outcome_same(&want, &x, &got, &y))
            fail_msg("%s %s: interp %s, native %s", args[i][0], args[i][1], mc_outcome_str(&want, s1, sizeof s1),
                     mc_outcome_str(&got, s2, sizeof s2));
        mc_diags_free(&d);
        mc_args_free(&a);
        mc_args_free(&x);
        mc_args_free(&y);
    }
    mc_module_free(m);
}

static void test_limits(void **state) {
    (void)state;
    const char *ir = "func lim(i32 x, i32 y) {\n"
                     "e:\n  min = copy -2147483648\n  a = add x, y\n  s = sub x, y\n  m = mul x, y\n"
                     "  l = lt x, y\n  q = le min, x\n  r1 = add a, s\n  r2 = add r1, m\n  r3 = add r2, l\n"
                     "  r4 = add r3, q\n  r5 = sub r4, min\n  return r5\n}\n";
    const char *cases[][2] = {{"2147483647", "1"},           {"-2147483648", "-1"}, {"-2147483648", "2147483647"},
                              {"65536", "65536"},            {"0", "0"},            {"-7", "3"},
                              {"2147483647", "2147483647"}, {"-2147483648", "-2147483648"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) agree_text(ir, 2, cases[i]);
}

static void test_traps(void **state) {
    (void)state;
    const char *fill = "func fill(buf out, i32 n) {\n"
                       "entry:\n  i0 = copy 0\n  jump head\n"
                       "head:\n  i = phi [entry: i0], [body: i1]\n  c = lt i, n\n  branch c, body, done\n"
                       "body:\n  v = mul i, i\n  store out, i, v\n  i1 = add i, 1\n  jump head\n"
                       "done:\n  return 0\n}\n";
    const char *a1[] = {"[9,9,9]", "5"};
    McOutcome o = agree_text(fill, 2, a1);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "buffer index 3 outside [0,3)");
    const char *a2[] = {"[9,9,9]", "2"};
    o = agree_text(fill, 2, a2);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 0); /* a legitimate zero, not a failure */
    const char *neg = "func neg(buf b, i32 k) {\ne:\n  store b, 0, 7\n  j = sub 0, k\n  x = load b, j\n  return x\n}\n";
    const char *a3[] = {"[1,2]", "1"};
    o = agree_text(neg, 2, a3);
    assert_string_equal(o.trap, "buffer index -1 outside [0,2)");
    const char *a4[] = {"[1,2]", "2147483647"};
    o = agree_text(neg, 2, a4);
    assert_string_equal(o.trap, "buffer index -2147483647 outside [0,2)");
    const char *negc = "func negc(buf b) {\ne:\n  store b, 1, 5\n  x = load b, -2147483648\n  return x\n}\n";
    const char *a5[] = {"[1,2,3]"};
    o = agree_text(negc, 1, a5);
    assert_string_equal(o.trap, "buffer index -2147483648 outside [0,3)");
    const char *empty = "func em(buf b) {\ne:\n  x = load b, 0\n  return x\n}\n";
    const char *a6[] = {"[]"};
    o = agree_text(empty, 1, a6);
    assert_string_equal(o.trap, "buffer index 0 outside [0,0)");
}

static void test_names(void **state) {
    (void)state;
    const char *ir = "func main(i32 int, buf error, i32 v0, i32 err) {\n"
                     "goto:\n  v0_len = copy 3\n  minicc_fn = add int, v0\n  t0 = copy err\n"
                     "  L1 = load error, 0\n  char = add L1, minicc_fn\n  jump L0\n"
                     "L0:\n  $edge1 = phi [goto: t0]\n  a.b = phi [goto: char]\n  while = add $edge1, a.b\n"
                     "  store error, 1, while\n  x = load error, v0_len\n  return while\n}\n"
                     "func $x..(i32 scalars, i32 bufs, i32 lens, i32 minicc_entry) {\n"
                     "if:\n  return minicc_entry\n}\n";
    const char *a1[] = {"5", "[10,20]", "7", "100"};
    McOutcome o = agree_text(ir, 4, a1);
    assert_string_equal(o.trap, "buffer index 3 outside [0,2)");
    const char *a2[] = {"5", "[10,20,30,40]", "7", "100"};
    o = agree_text(ir, 4, a2);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 122);
    McModule *m = parse_text(ir);
    char *c = mc_cgen_render(m->funcs[1]);
    check_identifiers(c);
    free(c);
    McArgs a = make_args(m->funcs[1], 4, (const char *[]){"1", "2", "3", "4"});
    o = agree(m->funcs[1], &a);
    assert_int_equal(o.value, 4);
    mc_args_free(&a);
    mc_module_free(m);
}

static void test_phi_cycles(void **state) {
    (void)state;
    const char *ir = "func rot(i32 n) {\n"
                     "entry:\n  jump head\n"
                     "head:\n  a = phi [entry: 1], [body: b]\n  b = phi [entry: 2], [body: c]\n"
                     "  c = phi [entry: 3], [body: a]\n  i = phi [entry: 0], [body: i1]\n"
                     "  k = lt i, n\n  branch k, body, exit\n"
                     "body:\n  i1 = add i, 1\n  p = eq i, 1\n  branch p, head, head\n"
                     "exit:\n  t = mul a, 100\n  u = mul b, 10\n  v = add t, u\n  w = add v, c\n  return w\n}\n";
    static const int32_t want[] = {123, 231, 312, 123, 231};
    for (int n = 0; n < 5; n++) {
        char arg[16];
        snprintf(arg, sizeof arg, "%d", n);
        const char *argv[] = {arg};
        McOutcome o = agree_text(ir, 1, argv);
        assert_int_equal(o.value, want[n]);
    }
}

static void test_mutable_form(void **state) {
    (void)state;
    const char *ir = "func sum(buf b, i32 n) {\n"
                     "e:\n  s = copy 0\n  i = copy 0\n  jump h\n"
                     "h:\n  c = lt i, n\n  branch c, body, out\n"
                     "body:\n  x = load b, i\n  s = add s, x\n  n = copy n\n  i = add i, 1\n  jump h\n"
                     "out:\n  return s\n}\n";
    const char *a1[] = {"[1,2,3,4]", "4"};
    McOutcome o = agree_text(ir, 2, a1);
    assert_int_equal(o.value, 10);
    const char *a2[] = {"[1,2,3,4]", "5"};
    o = agree_text(ir, 2, a2);
    assert_string_equal(o.trap, "buffer index 4 outside [0,4)");
}

/* ---- time limit, crash, compiler failures, cache ----------------------------------- */

static void test_time_limit(void **state) {
    (void)state;
    const char *ir = "func forever(buf b) {\ne:\n  jump l\nl:\n  x = load b, 0\n  y = add x, 1\n"
                     "  store b, 0, y\n  jump l\n}\n";
    McModule *m = parse_text(ir);
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"[0]"});
    McNativeOptions o = nopts();
    o.timeout = 0.3;
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    double t0 = mc_now();
    assert_true(mc_native_execute(m->funcs[0], &o, &a, &out, &d));
    double t = mc_now() - t0;
    assert_int_equal(out.kind, MC_TRAPPED);
    assert_string_equal(out.trap, "time limit exceeded");
    assert_true(t < 0.3 + 3.0); /* compile + limit, generously */
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

/* A hand-written entry that writes, then crashes: the write stays visible. */
static void test_crash(void **state) {
    (void)state;
    McModule *m = parse_text("func f(buf b) {\ne:\n  return 0\n}\n");
    const char *src = "#include <signal.h>\n#include <stdint.h>\n"
                      "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e);\n"
                      "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e) {\n"
                      "  (void)s; (void)l; e[0] = 0; b[0][0] = 42; raise(SIGSEGV); return 1;\n}\n";
    McNativeOptions o = nopts();
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_build(m->funcs[0], src, &o, NULL, &d);
    assert_non_null(n);
    McArgs a = make_args(m->funcs[0], 1, (const char *[]){"[1,2]"});
    McOutcome out;
    assert_true(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(out.kind, MC_TRAPPED);
    assert_string_equal(out.trap, "native code crashed: signal 11");
    assert_int_equal(a.v[0].data[0], 42);
    /* Wrong arguments are a diagnostic, not a crash. */
    McArgs bad = {NULL, 0};
    assert_false(mc_native_call(n, &bad, 5, &out, &d));
    assert_true(d.n > 0);
    mc_native_free(n);
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_module_free(m);
}

static void test_compiler_errors(void **state) {
    (void)state;
    McModule *m = parse_text(swap_ir);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNativeOptions o = nopts();
    o.cc = "/nonexistent/minicc-cc";
    assert_null(mc_native_compile(m->funcs[0], &o, NULL, &d));
    assert_int_equal(d.n, 1);
    assert_non_null(strstr(d.v[0].msg, "cannot run the C compiler '/nonexistent/minicc-cc'"));
    mc_diags_clear(&d);
    /* The compiler's own messages are shown. */
    o = nopts();
    assert_null(mc_native_build(m->funcs[0], "int32_t minicc_entry(void) { return oops; }\n", &o, NULL, &d));
    assert_int_equal(d.n, 1);
    assert_non_null(strstr(d.v[0].msg, "failed (exit status"));
    assert_non_null(strstr(d.v[0].msg, "oops"));
    mc_diags_free(&d);
    mc_module_free(m);
}

static void test_cache(void **state) {
    (void)state;
    char dir[300];
    snprintf(dir, sizeof dir, "%.200s/sub/minicc", cache);
    McModule *m = parse_text(swap_ir);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNativeOptions o = nopts();
    o.cache_dir = dir;
    McNativeInfo info;
    McNative *n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_non_null(n);
    assert_false(info.cache_hit);
    struct stat st;
    assert_int_equal(stat(dir, &st), 0);
    assert_int_equal(st.st_mode & 0777, 0700);
    char so[512];
    snprintf(so, sizeof so, "%s", mc_native_so_path(n));
    assert_true(strncmp(so, dir, strlen(dir)) == 0);
    mc_native_free(n);
    assert_int_equal(access(so, R_OK), 0); /* cached objects outlive the handle */
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_true(info.cache_hit);
    mc_native_free(n);
    /* A different compiler command is a different key. */
    o.cc = "cc -DMINICC_TEST_KEY=1";
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_non_null(n);
    assert_false(info.cache_hit);
    assert_string_not_equal(mc_native_so_path(n), so);
    mc_native_free(n);
    /* A stored source that does not match (collision, corruption) is no hit. */
    o.cc = NULL;
    char csrc[512];
    snprintf(csrc, sizeof csrc, "%.*s.c", (int)(strlen(so) - 3), so);
    FILE *fp = fopen(csrc, "w");
    assert_non_null(fp);
    fputs("/* not the source */\n", fp);
    fclose(fp);
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_false(info.cache_hit);
    mc_native_free(n);
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_true(info.cache_hit);
    mc_native_free(n);
    /* No cache: a private directory, removed on free. */
    o.no_cache = true;
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_non_null(n);
    snprintf(so, sizeof so, "%s", mc_native_so_path(n));
    assert_int_equal(access(so, R_OK), 0);
    mc_native_free(n);
    assert_int_not_equal(access(so, R_OK), 0);
    /* --keep-c */
    o.no_cache = false;
    o.keep_c = cache;
    n = mc_native_compile(m->funcs[0], &o, &info, &d);
    assert_non_null(n);
    mc_native_free(n);
    char kept[512];
    snprintf(kept, sizeof kept, "%s/swap.c", cache);
    assert_int_equal(access(kept, R_OK), 0);
    o.keep_c = "/nonexistent/dir";
    assert_null(mc_native_compile(m->funcs[0], &o, &info, &d));
    assert_non_null(strstr(d.v[0].msg, "--keep-c"));
    mc_diags_free(&d);
    mc_module_free(m);
}

/* ---- the cache: compiler identity, bound, corruption, unusable directories ------- */

/* Helpers over one cache directory. A "const kernel" returns k: distinct k,
 * distinct sources, distinct entries. */
static const char *const_ir = "func f() {\ne:\n  return 0\n}\n";

static char *const_src(int k) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b,
                  "#include <stdint.h>\n"
                  "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e);\n"
                  "int32_t minicc_entry(const int32_t *s, int32_t *const *b, const int32_t *l, int32_t *e) {\n"
                  "  (void)s; (void)b; (void)l; e[0] = 0; return %d;\n}\n",
                  k);
    return mc_str_take(&b);
}

/* Build (cached in dir, compiler cc or NULL) and call the kernel returning
 * k; *hit gets whether it came from the cache. Returns the object path
 * (malloc'd). */
static char *run_const(const char *dir, const char *cc, int k, bool *hit) {
    McModule *m = parse_text(const_ir);
    char *src = const_src(k);
    McNativeOptions o = nopts();
    o.cache_dir = dir;
    o.cc = cc;
    McNativeInfo info;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_build(m->funcs[0], src, &o, &info, &d);
    if (!n) {
        char buf[512];
        fail_msg("build %d: %s", k, d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "?");
    }
    McArgs a = {NULL, 0};
    McOutcome out;
    assert_true(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(out.kind, MC_RETURNED);
    assert_int_equal(out.value, k);
    if (hit) *hit = info.cache_hit;
    char *so = mc_xstrdup(mc_native_so_path(n));
    mc_native_free(n);
    mc_diags_free(&d);
    free(src);
    mc_module_free(m);
    return so;
}

/* KEY.c of an object path KEY.so (malloc'd). */
static char *manifest_of(const char *so) {
    size_t n = strlen(so);
    assert_true(n > 3 && strcmp(so + n - 3, ".so") == 0);
    char *c = mc_xstrdup(so);
    strcpy(c + n - 3, ".c");
    return c;
}

static void set_age(const char *path, int seconds_ago) {
    struct timespec ts[2];
    clock_gettime(CLOCK_REALTIME, &ts[0]);
    ts[0].tv_sec -= seconds_ago;
    ts[1] = ts[0];
    assert_int_equal(utimensat(AT_FDCWD, path, ts, AT_SYMLINK_NOFOLLOW), 0);
}

static bool exists(const char *path) {
    struct stat st;
    return lstat(path, &st) == 0;
}

static void write_text(const char *path, const char *text) {
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(text, fp);
    assert_int_equal(fclose(fp), 0);
}

static char *sub(const char *name) {
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/%s", cache, name);
    return mc_str_take(&b);
}

/* Count names in dir ending in suffix. */
static int count_suffix(const char *dir, const char *suffix) {
    DIR *dp = opendir(dir);
    if (!dp) return -1;
    int n = 0;
    struct dirent *e;
    size_t ls = strlen(suffix);
    while ((e = readdir(dp)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l >= ls && strcmp(e->d_name + l - ls, suffix) == 0) n++;
    }
    closedir(dp);
    return n;
}

static int count_prefix(const char *dir, const char *prefix) {
    DIR *dp = opendir(dir);
    if (!dp) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) n += strncmp(e->d_name, prefix, strlen(prefix)) == 0;
    closedir(dp);
    return n;
}

static void age_all(const char *dir, const char *prefix, int seconds_ago) {
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0) continue;
        char p[600];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        set_age(p, seconds_ago);
    }
    closedir(dp);
}

/* A different compiler (a wrapper that reports another version) is a
 * different key; `$CC --version` is asked once and memoised, and asked
 * again when its memo is old. */
static void wrapper(const char *cc, const char *log, const char *minor) {
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s,
                  "#!/bin/sh\ncase \"$1\" in --version) echo \"fakecc ${FAKECC_VERSION:-1}.%s\"; "
                  "echo asked >> '%s'; exit 0;; esac\nexec cc \"$@\"\n",
                  minor, log);
    write_text(cc, s.s);
    assert_int_equal(chmod(cc, 0700), 0);
    mc_str_free(&s);
}

static void test_cache_compiler_identity(void **state) {
    (void)state;
    char *dir = sub("ident"), *cc = sub("fakecc"), *log = sub("fakecc.log");
    unsetenv("FAKECC_VERSION");
    wrapper(cc, log, "0");
    bool hit;
    char *so1 = run_const(dir, cc, 7, &hit);
    assert_false(hit);
    for (int i = 0; i < 5; i++) {
        char *again = run_const(dir, cc, 7, &hit);
        assert_true(hit);
        assert_string_equal(again, so1);
        free(again);
    }
    size_t n;
    char *asked = mc_read_file(log, &n);
    assert_non_null(asked);
    assert_string_equal(asked, "asked\n"); /* once for six builds */
    free(asked);
    /* The plain compiler is another key. */
    char *plain = run_const(dir, NULL, 7, &hit);
    assert_false(hit);
    assert_string_not_equal(plain, so1);
    /* An upgraded compiler: the wrapper replaced, reporting 1.1. */
    wrapper(cc, log, "1");
    char *so2 = run_const(dir, cc, 7, &hit);
    assert_false(hit);
    assert_string_not_equal(so2, so1);
    char *so2b = run_const(dir, cc, 7, &hit);
    assert_true(hit);
    assert_string_equal(so2b, so2);
    /* The same wrapper file with another compiler behind it (3.1): the
     * memo holds for up to an hour, then the compiler is asked again. */
    setenv("FAKECC_VERSION", "3", 1);
    char *so3 = run_const(dir, cc, 7, &hit);
    assert_true(hit);
    assert_string_equal(so3, so2);
    free(so3);
    age_all(dir, "cc-", 2 * 3600);
    so3 = run_const(dir, cc, 7, &hit);
    assert_false(hit);
    assert_string_not_equal(so3, so2);
    unsetenv("FAKECC_VERSION");
    /* A compiler-affecting environment variable is part of the key. */
    setenv("CPATH", "/nonexistent/minicc-include", 1);
    char *withpath = run_const(dir, NULL, 7, &hit);
    assert_false(hit);
    assert_string_not_equal(withpath, plain);
    unsetenv("CPATH");
    char *plain2 = run_const(dir, NULL, 7, &hit);
    assert_true(hit);
    assert_string_equal(plain2, plain);
    free(plain2);
    free(withpath);
    free(so3);
    free(so2b);
    free(so2);
    free(plain);
    free(so1);
    free(log);
    free(cc);
    free(dir);
}

/* The bound: least recently used entries go first, a hit counts as a use,
 * only cache entries are ever removed, symlinks are not followed. */
static void test_cache_eviction(void **state) {
    (void)state;
    char *dir = sub("evict"), *outside = sub("outside.txt");
    setenv("MINICC_CACHE_MAX_ENTRIES", "3", 1);
    bool hit;
    char *so[6], *mf[6];
    for (int k = 1; k <= 3; k++) {
        so[k] = run_const(dir, NULL, k, &hit);
        assert_false(hit);
        mf[k] = manifest_of(so[k]);
        set_age(mf[k], 400 - 100 * k); /* 1 is the oldest */
    }
    /* Things that are not entries, planted among them (all old). */
    write_text(outside, "not minicc's\n");
    char *notes, *lnk, *lnk2, *odd, *orphan;
    McStr b;
    mc_str_init(&b);
    mc_str_printf(&b, "%s/notes.txt", dir);
    notes = mc_str_take(&b);
    write_text(notes, "keep me\n");
    mc_str_printf(&b, "%s/0123456789abcdef0123456789abcdef.so", dir);
    lnk = mc_str_take(&b);
    assert_int_equal(symlink(outside, lnk), 0);
    mc_str_printf(&b, "%s/cc-0123456789abcdef0123456789abcdef.id", dir);
    lnk2 = mc_str_take(&b);
    assert_int_equal(symlink(outside, lnk2), 0);
    mc_str_printf(&b, "%s/0123456789ABCDEF0123456789ABCDEF.so", dir); /* not our spelling */
    odd = mc_str_take(&b);
    write_text(odd, "x");
    mc_str_printf(&b, "%s/00000000000000000000000000000001.so", dir); /* an object without manifest */
    orphan = mc_str_take(&b);
    write_text(orphan, "half an entry");
    const char *planted[] = {notes, lnk, lnk2, odd, orphan, outside};
    for (int i = 0; i < 6; i++) set_age(planted[i], 5000);
    /* Build files of a killed minicc: removed when over an hour old. */
    mc_str_printf(&b, "%s/tmp-OLDdir", dir);
    char *olddir = mc_str_take(&b);
    assert_int_equal(mkdir(olddir, 0700), 0);
    mc_str_printf(&b, "%s/kernel.c", olddir);
    char *oldfile = mc_str_take(&b);
    write_text(oldfile, "int x;\n");
    mc_str_printf(&b, "%s/tmp-OLDfil", dir);
    char *oldmemo = mc_str_take(&b);
    write_text(oldmemo, "half a memo");
    mc_str_printf(&b, "%s/tmp-NEWdir", dir);
    char *newdir = mc_str_take(&b);
    assert_int_equal(mkdir(newdir, 0700), 0);
    set_age(olddir, 7200);
    set_age(oldmemo, 7200);
    /* A hit refreshes entry 1 (it was older than a minute). */
    char *again = run_const(dir, NULL, 1, &hit);
    assert_true(hit);
    free(again);
    struct stat st;
    assert_int_equal(stat(mf[1], &st), 0);
    assert_true(time(NULL) - st.st_mtime < 60);
    /* Entry 4: five entries (1..4, the orphan) over a bound of 3: the
     * orphan and entry 2, the least recently used, go. */
    so[4] = run_const(dir, NULL, 4, &hit);
    assert_false(hit);
    mf[4] = manifest_of(so[4]);
    assert_false(exists(orphan));
    assert_false(exists(so[2]));
    assert_false(exists(mf[2]));
    for (int k = 1; k <= 4; k++) {
        if (k == 2) continue;
        assert_true(exists(so[k]));
        assert_true(exists(mf[k]));
    }
    assert_false(exists(olddir));
    assert_false(exists(oldmemo));
    assert_true(exists(newdir));
    free(olddir);
    free(oldfile);
    free(oldmemo);
    free(newdir);
    const char *kept[] = {notes, lnk, lnk2, odd, outside};
    for (int i = 0; i < 5; i++) assert_true(exists(kept[i]));
    size_t n;
    char *text = mc_read_file(outside, &n);
    assert_string_equal(text, "not minicc's\n");
    free(text);
    assert_int_equal(count_suffix(dir, ".so"), 3 + 2); /* three entries, the symlink, the odd name */
    /* Evicted entry 2 is rebuilt on demand. */
    so[5] = run_const(dir, NULL, 2, &hit);
    assert_false(hit);
    assert_string_equal(so[5], so[2]);
    /* A byte bound smaller than one entry keeps just the newest. */
    setenv("MINICC_CACHE_MAX_BYTES", "1", 1);
    char *one = run_const(dir, NULL, 9, &hit);
    assert_false(hit);
    assert_int_equal(count_suffix(dir, ".so"), 1 + 2);
    assert_int_equal(count_suffix(dir, ".c"), 1);
    assert_true(exists(one));
    for (int i = 0; i < 5; i++) assert_true(exists(kept[i]));
    free(one);
    setenv("MINICC_CACHE_MAX_BYTES", "64K", 1);
    one = run_const(dir, NULL, 10, &hit);
    free(one);
    /* A large bound is checked on the misses whose key starts with 0 (one
     * in 16): 300 old planted entries, a bound of 300. */
    char *big = sub("big");
    assert_int_equal(mkdir(big, 0700), 0);
    for (int i = 0; i < 300; i++) {
        char pth[600];
        snprintf(pth, sizeof pth, "%s/%032x.so", big, 0xf0000 + i);
        write_text(pth, "o");
        set_age(pth, 9000 - i);
        snprintf(pth, sizeof pth, "%s/%032x.c", big, 0xf0000 + i);
        write_text(pth, "m");
        set_age(pth, 9000 - i);
    }
    setenv("MINICC_CACHE_MAX_ENTRIES", "300", 1);
    unsetenv("MINICC_CACHE_MAX_BYTES");
    int built = 0, pruned_at = -1;
    for (int k = 1000; k < 1200 && pruned_at < 0; k++) {
        char *p = run_const(big, NULL, k, &hit);
        assert_false(hit);
        built++;
        const char *slash = strrchr(p, '/');
        int nso = count_suffix(big, ".so");
        if (slash[1] == '0') {
            assert_int_equal(nso, 300); /* checked: back at the bound */
            pruned_at = built;
        } else {
            assert_int_equal(nso, 300 + built); /* not checked: over the bound */
        }
        free(p);
    }
    assert_true(pruned_at > 0);
    free(big);
    /* Bad bounds are a diagnostic, not a guess. */
    const char *bad[][2] = {{"MINICC_CACHE_MAX_ENTRIES", "abc"}, {"MINICC_CACHE_MAX_ENTRIES", "0"},
                            {"MINICC_CACHE_MAX_ENTRIES", "-3"},  {"MINICC_CACHE_MAX_ENTRIES", "5K"},
                            {"MINICC_CACHE_MAX_BYTES", "12Q"},   {"MINICC_CACHE_MAX_BYTES", "99999999999G"}};
    McModule *m = parse_text(const_ir);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        unsetenv("MINICC_CACHE_MAX_ENTRIES");
        unsetenv("MINICC_CACHE_MAX_BYTES");
        setenv(bad[i][0], bad[i][1], 1);
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McNativeOptions o = nopts();
        o.cache_dir = dir;
        char *src = const_src(1);
        assert_null(mc_native_build(m->funcs[0], src, &o, NULL, &d));
        assert_int_equal(d.n, 1);
        assert_non_null(strstr(d.v[0].msg, bad[i][0]));
        assert_non_null(strstr(d.v[0].msg, bad[i][1]));
        free(src);
        mc_diags_free(&d);
    }
    mc_module_free(m);
    unsetenv("MINICC_CACHE_MAX_ENTRIES");
    unsetenv("MINICC_CACHE_MAX_BYTES");
    for (int k = 1; k <= 5; k++) free(so[k]);
    for (int k = 1; k <= 4; k++) free(mf[k]);
    free(notes);
    free(lnk);
    free(lnk2);
    free(odd);
    free(orphan);
    free(outside);
    free(dir);
}

/* Truncated, corrupt, partial or replaced entries are rebuilt, and an entry
 * that vanishes after the lookup still runs. */
static void test_cache_corrupt(void **state) {
    (void)state;
    char *dir = sub("corrupt");
    bool hit;
    char *so = run_const(dir, NULL, 42, &hit), *mf = manifest_of(so);
    char *other = run_const(dir, NULL, 43, &hit);
    for (int round = 0; round < 9; round++) {
        switch (round) {
        case 0: assert_int_equal(truncate(so, 100), 0); break;
        case 1: assert_int_equal(truncate(so, 0), 0); break;
        case 2: { /* same size, one byte flipped in the code */
            size_t n;
            char *bytes = mc_read_file(so, &n);
            bytes[n / 2] ^= 0x5a;
            FILE *fp = fopen(so, "wb");
            fwrite(bytes, 1, n, fp);
            fclose(fp);
            free(bytes);
            break;
        }
        case 3: assert_int_equal(truncate(mf, 20), 0); break;
        case 4: write_text(mf, "/* minicc-cache 2 so-bytes=99999999999999999999 so-hash=zz */\n"); break;
        case 5: assert_int_equal(unlink(so), 0); break;
        case 6: assert_int_equal(unlink(mf), 0); break;
        case 7: /* a symlink to another (valid) object is not followed */
            assert_int_equal(unlink(so), 0);
            assert_int_equal(symlink(other, so), 0);
            break;
        case 8: { /* another valid object in its place (a regular file) */
            size_t n;
            char *bytes = mc_read_file(other, &n);
            assert_int_equal(unlink(so), 0);
            FILE *fp = fopen(so, "wb");
            fwrite(bytes, 1, n, fp);
            fclose(fp);
            free(bytes);
            break;
        }
        }
        char *again = run_const(dir, NULL, 42, &hit); /* runs, returns 42 */
        assert_false(hit);
        assert_string_equal(again, so);
        free(again);
        struct stat st;
        assert_int_equal(lstat(so, &st), 0);
        assert_true(S_ISREG(st.st_mode));
        again = run_const(dir, NULL, 42, &hit); /* whole again */
        assert_true(hit);
        free(again);
    }
    /* The other entry was never touched through the symlink. */
    char *o2 = run_const(dir, NULL, 43, &hit);
    assert_true(hit);
    free(o2);
#ifdef __linux__
    /* Evicted (by another minicc) between the lookup and the call. */
    McModule *m = parse_text(const_ir);
    char *src = const_src(42);
    McNativeOptions o = nopts();
    o.cache_dir = dir;
    McNativeInfo info;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McNative *n = mc_native_build(m->funcs[0], src, &o, &info, &d);
    assert_non_null(n);
    assert_true(info.cache_hit);
    assert_int_equal(unlink(so), 0);
    assert_int_equal(unlink(mf), 0);
    McArgs a = {NULL, 0};
    McOutcome out;
    assert_true(mc_native_call(n, &a, 5, &out, &d));
    assert_int_equal(out.kind, MC_RETURNED);
    assert_int_equal(out.value, 42);
    mc_native_free(n);
    mc_diags_free(&d);
    free(src);
    mc_module_free(m);
#endif
    free(other);
    free(mf);
    free(so);
    free(dir);
}

/* A cache directory that cannot be used still runs: uncached, in a
 * private directory, with nothing written where it should not be. */
static void test_cache_unusable(void **state) {
    (void)state;
    bool hit;
    /* A regular file where the directory should be. */
    char *file = sub("plainfile");
    write_text(file, "x");
    char *so = run_const(file, NULL, 5, &hit);
    assert_false(hit);
    assert_true(strncmp(so, file, strlen(file)) != 0);
    assert_false(exists(so)); /* the private build directory is gone */
    free(so);
    /* A symlink to a directory is not followed. */
    char *target = sub("target"), *link = sub("linkdir");
    assert_int_equal(mkdir(target, 0700), 0);
    assert_int_equal(symlink(target, link), 0);
    so = run_const(link, NULL, 5, &hit);
    assert_false(hit);
    assert_int_equal(count_suffix(target, ".so"), 0);
    free(so);
    /* A parent that cannot be created. */
    so = run_const("/proc/minicc-no-such-dir/minicc", NULL, 5, &hit);
    assert_false(hit);
    free(so);
    /* Read-only (meaningless for root, who may write anyway): hits are
     * still used, misses are built privately. */
    char *ro = sub("readonly");
    char *cached = run_const(ro, NULL, 6, &hit);
    assert_int_equal(chmod(ro, 0500), 0);
    char *again = run_const(ro, NULL, 6, &hit);
    assert_true(hit);
    assert_string_equal(again, cached);
    free(again);
    again = run_const(ro, NULL, 8, &hit);
    assert_false(hit);
    if (geteuid() != 0) assert_true(strncmp(again, ro, strlen(ro)) != 0);
    free(again);
    assert_int_equal(chmod(ro, 0700), 0);
    free(cached);
    free(ro);
    free(target);
    free(link);
    free(file);
}

/* Several minicc processes sharing a small cache: every call returns the
 * right value while entries are built, hit and evicted under them. */
static void test_cache_concurrent(void **state) {
    (void)state;
    char *dir = sub("shared");
    setenv("MINICC_CACHE_MAX_ENTRIES", "2", 1);
    enum { PROCS = 3, ROUNDS = 6 };
    pid_t pids[PROCS];
    for (int p = 0; p < PROCS; p++) {
        pids[p] = fork();
        assert_true(pids[p] >= 0);
        if (pids[p] == 0) {
            McModule *m = parse_text(const_ir);
            int bad = 0;
            for (int r = 0; r < ROUNDS; r++) {
                int k = (p + r) % 4;
                char *src = const_src(k);
                McNativeOptions o = nopts();
                o.cache_dir = dir;
                McDiags d;
                mc_diags_init(&d, NULL, NULL, 0);
                McNative *n = mc_native_build(m->funcs[0], src, &o, NULL, &d);
                McArgs a = {NULL, 0};
                McOutcome out;
                if (!n || !mc_native_call(n, &a, 5, &out, &d) || out.kind != MC_RETURNED || out.value != k) bad++;
                mc_native_free(n);
                mc_diags_free(&d);
                free(src);
            }
            mc_module_free(m);
            _exit(bad ? 1 : 0);
        }
    }
    for (int p = 0; p < PROCS; p++) {
        int st;
        assert_int_equal(waitpid(pids[p], &st, 0), pids[p]);
        assert_true(WIFEXITED(st));
        assert_int_equal(WEXITSTATUS(st), 0);
    }
    unsetenv("MINICC_CACHE_MAX_ENTRIES");
    assert_true(count_suffix(dir, ".so") <= 2 + PROCS); /* the bound, give or take concurrent builds */
    assert_int_equal(count_prefix(dir, "tmp-"), 0);
    free(dir);
}

/* ---- random programs ------------------------------------------------------------- */

static void test_random_native(void **state) {
    (void)state;
    int rets = 0, traps = 0;
    for (uint64_t seed = 1; seed <= 80; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        McFunc *f = mc_gen(seed, &go);
        char *c = mc_cgen_render(f);
        check_identifiers(c);
        free(c);
        for (uint64_t k = 0; k < 3; k++) {
            McArgs a;
            mc_gen_args(f, seed * 7 + k, &a);
            McOutcome o = agree(f, &a);
            if (o.kind == MC_RETURNED) rets++;
            else traps++;
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    assert_true(rets > 20);
    assert_true(traps > 5);
}

/* ---- under the sanitizers ---------------------------------------------------------- */

/* Compile the C of f with a main() that calls minicc_entry on args (each
 * buffer malloc'd at its exact length) under ASan+UBSan with every warning
 * an error; run it; compare with the interpreter. */
static void sanitized(const McFunc *f, const McArgs *args) {
    McArgs a;
    mc_args_copy(&a, args);
    McOutcome x = mc_run(f, &a, 0);
    char *c = mc_cgen_render(f);
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, c);
    free(c);
    mc_str_puts(&s, "\n#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n");
    int32_t n = args->n;
    mc_str_printf(&s, "    int32_t scalars[%d] = {0}, lens[%d] = {0}, err[3];\n    int32_t *bufs[%d] = {0};\n",
                  n + 1, n + 1, n + 1);
    for (int32_t p = 0; p < n; p++) {
        const McArg *g = &args->v[p];
        if (!g->is_buf) {
            mc_str_printf(&s, "    scalars[%d] = (int32_t)%lldLL;\n", p, (long long)g->scalar);
            continue;
        }
        mc_str_printf(&s, "    lens[%d] = %d;\n    bufs[%d] = malloc(%zu);\n", p, g->len, p,
                      (size_t)g->len * sizeof(int32_t));
        for (int32_t i = 0; i < g->len; i++)
            mc_str_printf(&s, "    bufs[%d][%d] = (int32_t)%lldLL;\n", p, i, (long long)g->data[i]);
    }
    mc_str_puts(&s, "    int32_t r = minicc_entry(scalars, bufs, lens, err);\n"
                    "    printf(\"%ld %ld %ld %ld\\n\", (long)r, (long)err[0], (long)err[1], (long)err[2]);\n");
    for (int32_t p = 0; p < n; p++) {
        if (!args->v[p].is_buf) continue;
        mc_str_printf(&s, "    for (int i = 0; i < lens[%d]; i++) printf(\"%%ld \", (long)bufs[%d][i]);\n", p, p);
        mc_str_printf(&s, "    printf(\"|\\n\");\n    free(bufs[%d]);\n", p);
    }
    mc_str_puts(&s, "    return 0;\n}\n");
    char path[512], exe[512], cmd[2048], out[600];
    snprintf(path, sizeof path, "%s/san.c", cache);
    snprintf(exe, sizeof exe, "%s/san", cache);
    snprintf(out, sizeof out, "%s/san.out", cache);
    FILE *fp = fopen(path, "w");
    assert_non_null(fp);
    fputs(s.s, fp);
    fclose(fp);
    const char *cc = getenv("CC");
    snprintf(cmd, sizeof cmd,
             "%s -std=c11 -Wall -Wextra -Wpedantic -Werror -O1 -fsanitize=address,undefined "
             "-fno-sanitize-recover=all -o %s %s 2>&1",
             cc && *cc ? cc : "cc", exe, path);
    int st = system(cmd);
    if (st != 0) {
        fprintf(stderr, "%s\n", s.s);
        fail_msg("sanitized build failed: %s", cmd);
    }
    snprintf(cmd, sizeof cmd, "ASAN_OPTIONS=detect_leaks=0 %s > %s 2>&1", exe, out);
    st = system(cmd);
    size_t len;
    char *res = mc_read_file(out, &len);
    assert_non_null(res);
    if (st != 0) fail_msg("sanitized run failed:\n%s", res);
    long r, e0, e1, e2;
    assert_int_equal(sscanf(res, "%ld %ld %ld %ld", &r, &e0, &e1, &e2), 4);
    if (x.kind == MC_RETURNED) {
        assert_int_equal(e0, 0);
        assert_int_equal(r, x.value);
    } else if (e0 == MC_CGEN_TRAP_DIV) {
        assert_string_equal(x.trap, "division by zero");
    } else {
        char msg[128];
        snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", e1, e2);
        assert_int_equal(e0, 1);
        assert_string_equal(msg, x.trap);
    }
    /* Final buffers, in parameter order. */
    McStr want;
    mc_str_init(&want);
    mc_str_printf(&want, "%ld %ld %ld %ld\n", r, e0, e1, e2);
    for (int32_t p = 0; p < n; p++) {
        if (!a.v[p].is_buf) continue;
        for (int32_t i = 0; i < a.v[p].len; i++) mc_str_printf(&want, "%ld ", (long)a.v[p].data[i]);
        mc_str_puts(&want, "|\n");
    }
    assert_string_equal(res, want.s);
    mc_str_free(&want);
    free(res);
    mc_str_free(&s);
    mc_args_free(&a);
}

static void test_sanitized(void **state) {
    (void)state;
    const char *texts[] = {
        swap_ir,
        "func lim(i32 x, i32 y) {\ne:\n  min = copy -2147483648\n  a = add x, y\n  s = sub min, y\n"
        "  m = mul x, y\n  n = mul min, -1\n  l = lt a, s\n  r1 = add a, s\n  r2 = add r1, m\n"
        "  r3 = add r2, l\n  r4 = sub r3, n\n  return r4\n}\n",
        "func neg(buf b, i32 k) {\ne:\n  store b, 0, 7\n  j = sub 0, k\n  x = load b, j\n  store b, -1, x\n"
        "  return x\n}\n",
    };
    const char *argv[][2] = {{"5", NULL}, {"2147483647", "-2147483648"}, {"[1,2]", "1"}};
    const int argc[] = {1, 2, 2};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        McModule *m = parse_text(texts[i]);
        McArgs a = make_args(m->funcs[0], argc[i], argv[i]);
        sanitized(m->funcs[0], &a);
        mc_args_free(&a);
        if (i == 2) { /* the constant negative store after a passing load */
            a = make_args(m->funcs[0], 2, (const char *[]){"[1,2]", "0"});
            sanitized(m->funcs[0], &a);
            mc_args_free(&a);
        }
        mc_module_free(m);
    }
    /* The extended operations at their edges (docs/ir.md §3.1): INT_MIN / -1, a
     * zero divisor (the trap), shift counts 31, 32 and -1, negative values
     * shifted right, with value and constant operands. */
    McModule *m = parse_text("func ops(i32 x, i32 y) {\ne:\n  a = and x, y\n  o = or x, y\n  r = xor x, y\n"
                             "  l = shl x, y\n  s = shr x, y\n  l2 = shl -1, y\n  s2 = shr -2147483648, y\n"
                             "  s3 = shr x, -1\n  l3 = shl x, 33\n  q2 = div x, -1\n  m2 = rem x, -1\n"
                             "  q3 = div -2147483648, y\n  q = div x, y\n  m = rem x, y\n  t = add a, o\n"
                             "  t = add t, r\n  t = add t, l\n  t = add t, s\n  t = add t, l2\n  t = add t, s2\n"
                             "  t = add t, s3\n  t = add t, l3\n  t = add t, q2\n  t = add t, m2\n"
                             "  t = add t, q3\n  t = add t, q\n  t = add t, m\n  return t\n}\n");
    const char *edges[][2] = {{"-2147483648", "-1"}, {"-2147483648", "0"}, {"7", "-2"},  {"-7", "2"},
                              {"-1", "32"},          {"5", "31"},          {"-8", "-1"}, {"2147483647", "1"}};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        McArgs a = make_args(m->funcs[0], 2, edges[i]);
        sanitized(m->funcs[0], &a);
        mc_args_free(&a);
    }
    mc_module_free(m);
    for (uint64_t seed = 100; seed < 116; seed++) {
        McFunc *f = mc_gen(seed, NULL);
        McArgs a;
        mc_gen_args(f, seed, &a);
        sanitized(f, &a);
        mc_args_free(&a);
        mc_func_free(f);
    }
}

static int setup(void **state) {
    (void)state;
    const char *t = getenv("TMPDIR");
    snprintf(cache, sizeof cache, "%s/minicc-test-cgen-XXXXXX", t && t[0] == '/' ? t : "/tmp");
    return mkdtemp(cache) ? 0 : -1;
}

static int teardown(void **state) {
    (void)state;
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", cache);
    return system(cmd) == 0 ? 0 : -1;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap),
        cmocka_unit_test(test_calls),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_traps),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_phi_cycles),
        cmocka_unit_test(test_mutable_form),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_crash),
        cmocka_unit_test(test_compiler_errors),
        cmocka_unit_test(test_cache),
        cmocka_unit_test(test_cache_compiler_identity),
        cmocka_unit_test(test_cache_eviction),
        cmocka_unit_test(test_cache_corrupt),
        cmocka_unit_test(test_cache_unusable),
        cmocka_unit_test(test_cache_concurrent),
        cmocka_unit_test(test_random_native),
        cmocka_unit_test(test_sanitized),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
