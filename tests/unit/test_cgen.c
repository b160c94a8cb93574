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

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/util.h"

static char cache[256]; /* private cache directory for the whole run */

static McNativeOptions nopts(void) {
    McNativeOptions o;
    memset(&o, 0, sizeof o);
    o.cache_dir = cache;
    o.timeout = 5;
    return o;
}

static McModule *parse_text(const char *text) {
    McDiags d;
    mc_diags_init(&d, "test.ir", text, strlen(text));
    McModule *m = mc_parse("test.ir", text, strlen(text), &d);
    if (!m) {
        char buf[512];
        fail_msg("parse: %s", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "?");
    }
    mc_diags_free(&d);
    return m;
}

static McArgs make_args(const McFunc *f, int argc, const char **argv) {
    McArgs a;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_args_parse(f, argc, (char *const *)argv, &a, &d)) {
        char buf[256];
        fail_msg("args: %s", mc_diag_line(&d, 0, buf, sizeof buf));
    }
    mc_diags_free(&d);
    return a;
}

/* ---- the structural check ------------------------------------------------------ */

static bool allowed_ident(const char *s, size_t n) {
    static const char *const words[] = {"include", "stdint", "string", "h", "static", "inline", "int32_t",
                                        "uint32_t", "memcpy", "sizeof", "return", "void", "if", "goto",
                                        "const", "err", "scalars", "bufs", "lens", "x", "y", "INT32_MIN",
                                        "minicc_bits", "minicc_fn", "minicc_entry"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i]) == n && memcmp(words[i], s, n) == 0) return true;
    /* vN, vN_len, tN, LN */
    if (n >= 2 && (s[0] == 'v' || s[0] == 't' || s[0] == 'L')) {
        size_t i = 1;
        while (i < n && isdigit((unsigned char)s[i])) i++;
        if (i > 1 && i == n) return true;
        if (s[0] == 'v' && i > 1 && n - i == 4 && memcmp(s + i, "_len", 4) == 0) return true;
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
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_traps),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_phi_cycles),
        cmocka_unit_test(test_mutable_form),
        cmocka_unit_test(test_time_limit),
        cmocka_unit_test(test_crash),
        cmocka_unit_test(test_compiler_errors),
        cmocka_unit_test(test_cache),
        cmocka_unit_test(test_random_native),
        cmocka_unit_test(test_sanitized),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
