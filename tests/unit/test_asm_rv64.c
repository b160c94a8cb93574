/* test_asm_rv64.c - the rv64 target (src/engine/asm/rv64.c): the assembly
 * text run under qemu-riscv64 (mc_asm_execute) must agree with the run
 * path (mc_run_limits, the reference) on the outcome (value or trap text)
 * and on every buffer. Inputs: every example of share/minicc/examples
 * (IR and MiniC, with the arguments of their `run:` lines) under every
 * allocator; generated modules with and without calls (mc_gen_module) at
 * -O0 and -O1, the allocator rotating; the division and shift corners
 * (INT_MIN / -1, INT_MIN % -1, counts 31, 32, -1, 33, zero divisors) with
 * register and immediate operands; bounds traps at index -1 and at the
 * length, loads and stores; the depth trap at and past the limit;
 * recursion 10,000 and 1,000,000 deep; buffers written by callees; calls
 * with arguments on the stack and argument cycles. A structural test of
 * the tile listing (every IR instruction covered once, each tile's cost
 * its instruction count) runs without the tools. Without
 * riscv64-linux-gnu-as/ld or qemu-riscv64 the running tests are skipped
 * with the reason. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/gen.h"
#include "minicc/genc.h"
#include "minicc/minic.h"
#include "minicc/run.h"
#include "minicc/util.h"

static bool have_tools;
static char tools_why[256];
static int runs;
static double run_secs;
static bool no_comments; /* agree() emits without comments */

#define NEED_TOOLS()                                                          \
    do {                                                                      \
        if (!have_tools) {                                                    \
            print_message("skipped: %s\n", tools_why);                        \
            skip();                                                           \
        }                                                                     \
    } while (0)

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static McModule *load(const char *file, const char *src) {
    McDiags d;
    mc_diags_init(&d, file, src, strlen(src));
    McModule *m = mc_load(file, src, strlen(src), MC_LANG_AUTO, &d);
    if (!m) mc_diags_print(&d, stderr, false);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

/* f on a: the reference, then the rv64 program; they must agree. Returns
 * the reference's outcome (a run past the reference's huge step budget is
 * not compared). */
static McOutcome agree(const McFunc *f, const McArgs *a, McAllocator alloc, int opt, int64_t max_depth,
                       const char *what) {
    McArgs ref, got;
    mc_args_copy(&ref, a);
    mc_args_copy(&got, a);
    McOutcome want = mc_run_limits(f, &ref, (int64_t)1 << 32, max_depth, NULL);
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_RV64;
    o.allocator = alloc;
    o.opt_level = opt;
    o.max_depth = max_depth;
    o.comments = !no_comments;
    McDiags d;
    mc_diags_init(&d, what, NULL, 0);
    McOutcome out;
    double t0 = now();
    bool ok = mc_asm_execute(f, &o, &got, 20.0, &out, &d);
    run_secs += now() - t0;
    runs++;
    if (!ok) {
        mc_diags_print(&d, stderr, false);
        fail_msg("%s (%s, -O%d): the rv64 run failed", what, mc_allocator_name(alloc), opt);
    }
    mc_diags_free(&d);
    if (!mc_outcome_same(&out, &got, &want, &ref)) {
        fprintf(stderr, "arguments: ");
        mc_args_format(a, stderr);
        fprintf(stderr, "\nrv64:\n");
        mc_outcome_print(f, &out, &got, stderr);
        fprintf(stderr, "reference:\n");
        mc_outcome_print(f, &want, &ref, stderr);
        fail_msg("%s (%s, -O%d): rv64 and the reference disagree", what, mc_allocator_name(alloc), opt);
    }
    mc_args_free(&ref);
    mc_args_free(&got);
    return want;
}

/* Run f on the arguments in text (split on spaces). */
static McOutcome agree_text(const McFunc *f, const char *argtext, McAllocator alloc, int opt, int64_t depth,
                            const char *what) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s", argtext);
    char *argv[32];
    int argc = 0;
    for (char *t = strtok(buf, " \t"); t && argc < 32; t = strtok(NULL, " \t")) argv[argc++] = t;
    McArgs a;
    McDiags d;
    mc_diags_init(&d, what, NULL, 0);
    if (!mc_args_parse(f, argc, argv, &a, &d)) {
        mc_diags_print(&d, stderr, false);
        fail_msg("%s: bad arguments %s", what, argtext);
    }
    mc_diags_free(&d);
    McOutcome w = agree(f, &a, alloc, opt, depth, what);
    mc_args_free(&a);
    return w;
}

static char *slurp(const char *path) {
    FILE *fp = fopen(path, "rb");
    assert_non_null(fp);
    McStr s;
    mc_str_init(&s);
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0) mc_str_putn(&s, buf, n);
    fclose(fp);
    if (!s.s) mc_str_puts(&s, "");
    return mc_str_take(&s);
}

/* ---- every example, every allocator --------------------------------------------- */

static void test_examples(void **state) {
    (void)state;
    NEED_TOOLS();
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("share/minicc/examples/*.ir", 0, NULL, &g);
    glob("share/minicc/examples/*.c", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 15);
    int nruns = 0, nfiles = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        char *src = slurp(g.gl_pathv[i]);
        McModule *m = load(g.gl_pathv[i], src);
        nfiles++;
        for (char *line = strstr(src, "run:"); line; line = strstr(line + 1, "run:")) {
            char args[256];
            const char *s = line + 4;
            size_t n = strcspn(s, "\n");
            if (n >= sizeof args) n = sizeof args - 1;
            memcpy(args, s, n);
            args[n] = 0;
            for (int al = 0; al < MC_ALLOC_COUNT; al++) {
                char what[400];
                snprintf(what, sizeof what, "%s:%s", g.gl_pathv[i], args);
                agree_text(m->funcs[0], args, (McAllocator)al, al == 1 ? 0 : 1, 0, what);
                nruns++;
            }
        }
        mc_module_free(m);
        free(src);
    }
    globfree(&g);
    print_message("examples: %d files, %d runs agree\n", nfiles, nruns);
    assert_true(nruns >= 100);
}

/* ---- generated modules -------------------------------------------------------------- */

static void gen_runs(int calls, int count, uint64_t seed0) {
    int trapped = 0, returned = 0;
    for (int k = 0; k < count; k++) {
        uint64_t seed = seed0 + (uint64_t)k * 7919u;
        McGenOptions go;
        mc_gen_options_default(&go);
        go.calls = calls ? 1 + k % calls : 0;
        McModule *m = mc_gen_module(seed, &go);
        assert_non_null(m);
        McArgs a;
        mc_gen_args(m->funcs[0], seed ^ 0x5555, &a);
        char what[80];
        snprintf(what, sizeof what, "gen seed %llu calls %d", (unsigned long long)seed, go.calls);
        McOutcome w = agree(m->funcs[0], &a, (McAllocator)(k % MC_ALLOC_COUNT), (k / MC_ALLOC_COUNT) % 2 ? 0 : 1, 0,
                            what);
        if (w.kind == MC_TRAPPED) trapped++;
        else returned++;
        mc_args_free(&a);
        mc_module_free(m);
    }
    print_message("generated (calls up to %d): %d modules agree (%d returned, %d trapped)\n", calls, count, returned,
                  trapped);
    assert_true(returned > count / 4);
}

static void test_generated(void **state) {
    (void)state;
    NEED_TOOLS();
    gen_runs(0, 160, 1000);
}

static void test_generated_calls(void **state) {
    (void)state;
    NEED_TOOLS();
    gen_runs(4, 160, 777000);
}

/* Random MiniC (mc_genc, with and without helpers) through the front end. */
static void test_minic_random(void **state) {
    (void)state;
    NEED_TOOLS();
    int count = 60, trapped = 0;
    for (int k = 0; k < count; k++) {
        McGencOptions go;
        mc_genc_options_default(&go);
        go.calls = k % 4;
        uint64_t seed = 4242 + (uint64_t)k * 31;
        McGencProg *g = mc_genc(seed, &go);
        McStr src;
        mc_str_init(&src);
        mc_genc_print(g, NULL, MC_GENC_MINIC, &src);
        McModule *m = load("random.c", src.s);
        const McFunc *f = mc_module_find(m, "f");
        assert_non_null(f);
        McArgs a;
        mc_genc_args(g, &a);
        char what[80];
        snprintf(what, sizeof what, "genc seed %llu calls %d", (unsigned long long)seed, go.calls);
        McOutcome w = agree(f, &a, (McAllocator)(k % MC_ALLOC_COUNT), 1, 0, what);
        trapped += w.kind == MC_TRAPPED;
        mc_args_free(&a);
        mc_module_free(m);
        mc_str_free(&src);
        mc_genc_free(g);
    }
    print_message("random MiniC: %d programs agree (%d trapped)\n", count, trapped);
}

/* ---- corners: division, shifts, immediates ------------------------------------------- */

static const char *corner_ir =
    "func f(buf o, i32 a, i32 b) {\n"
    "entry:\n"
    "    x0 = add a, b\n    store o, 0, x0\n"
    "    x1 = sub a, b\n    store o, 1, x1\n"
    "    x2 = mul a, b\n    store o, 2, x2\n"
    "    x3 = and a, b\n    store o, 3, x3\n"
    "    x4 = or a, b\n    store o, 4, x4\n"
    "    x5 = xor a, b\n    store o, 5, x5\n"
    "    x6 = shl a, b\n    store o, 6, x6\n"
    "    x7 = shr a, b\n    store o, 7, x7\n"
    "    x8 = lt a, b\n    store o, 8, x8\n"
    "    x9 = le a, b\n    store o, 9, x9\n"
    "    x10 = eq a, b\n    store o, 10, x10\n"
    "    x11 = ne a, b\n    store o, 11, x11\n"
    "    x12 = shl a, 31\n    store o, 12, x12\n"
    "    x13 = shl a, 32\n    store o, 13, x13\n"
    "    x14 = shr a, -1\n    store o, 14, x14\n"
    "    x15 = shr a, 33\n    store o, 15, x15\n"
    "    x16 = add a, 2047\n    store o, 16, x16\n"
    "    x17 = add a, 2048\n    store o, 17, x17\n"
    "    x18 = sub a, -2048\n    store o, 18, x18\n"
    "    x19 = sub a, -2147483648\n    store o, 19, x19\n"
    "    x20 = and a, 4095\n    store o, 20, x20\n"
    "    x21 = xor a, -1\n    store o, 21, x21\n"
    "    x22 = lt a, -5\n    store o, 22, x22\n"
    "    x23 = le a, 3\n    store o, 23, x23\n"
    "    x24 = eq a, -2147483648\n    store o, 24, x24\n"
    "    x25 = ne a, 7\n    store o, 25, x25\n"
    "    x26 = div a, -1\n    store o, 26, x26\n"
    "    x27 = rem a, -1\n    store o, 27, x27\n"
    "    x28 = mul a, 65537\n    store o, 28, x28\n"
    "    x29 = shl 1, b\n    store o, 29, x29\n"
    "    x30 = sub 0, a\n    store o, 30, x30\n"
    "    x31 = div a, b\n    store o, 31, x31\n"
    "    x32 = rem a, b\n    store o, 32, x32\n"
    "    x33 = div 7, b\n    store o, 33, x33\n"
    "    x34 = lt 3, a\n    store o, 34, x34\n"
    "    x35 = le a, 2147483647\n    store o, 35, x35\n"
    /* results that must be sign-extended: a compare sees all 64 bits */
    "    y0 = lt x0, 0\n    store o, 36, y0\n"
    "    y1 = lt x1, 0\n    store o, 37, y1\n"
    "    y2 = lt x2, 0\n    store o, 38, y2\n"
    "    y3 = lt x6, 0\n    store o, 39, y3\n"
    "    y4 = lt x16, 0\n    store o, 40, y4\n"
    "    y5 = lt x12, 0\n    store o, 41, y5\n"
    "    return x31\n"
    "}\n";

static void test_corners(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("corner.ir", corner_ir);
    static const char *const cases[] = {
        "-2147483648 -1", "2147483647 1", "-7 2",   "7 -2",     "1 31",        "1 32", "-8 -1", "-8 33",
        "5 0",            "-2147483648 0", "0 0",   "123456 -33", "-1 2147483647", "3 3", "2 3",   "4 3",
    };
    int traps = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char args[200] = "[0";
        for (int z = 1; z < 42; z++) strcat(args, ",0");
        strcat(args, "] ");
        strcat(args, cases[k]);
        for (int opt = 0; opt <= 1; opt++) {
            McOutcome w = agree_text(m->funcs[0], args, MC_ALLOC_IMPROVED, opt, 0, cases[k]);
            traps += w.kind == MC_TRAPPED;
        }
    }
    assert_int_equal(traps, 6); /* b = 0 three times, at both levels: stores before it kept */
    mc_module_free(m);
}

/* Compares and branches: fused (the compare's only use is the branch) and
 * not (the compare's value is also returned), each relation, constant and
 * register operands. */
static const char *branch_ir =
    "func f(i32 a, i32 b) {\n"
    "entry:\n"
    "    c1 = lt a, b\n    branch c1, l1, n1\n"
    "l1: r1 = add 0, 1\n    jump j1\n"
    "n1: r1 = add 0, 2\n    jump j1\n"
    "j1: c2 = le a, b\n    branch c2, l2, n2\n"
    "n2: r2 = mul r1, 3\n    jump j2\n"
    "l2: r2 = mul r1, 5\n    jump j2\n"
    "j2: c3 = eq a, b\n    branch c3, l3, n3\n"
    "l3: r3 = add r2, 100\n    jump j3\n"
    "n3: r3 = add r2, 200\n    jump j3\n"
    "j3: c4 = ne a, 7\n    branch c4, l4, n4\n"
    "l4: r4 = add r3, 1000\n    jump j4\n"
    "n4: r4 = add r3, 2000\n    jump j4\n"
    "j4: c5 = lt a, 0\n    branch c5, l5, n5\n"
    "l5: r5 = add r4, 10000\n    jump j5\n"
    "n5: r5 = add r4, 20000\n    jump j5\n"
    "j5: c6 = le b, a\n    branch c6, l6, n6\n"
    "l6: r6 = mul c6, r5\n    return r6\n"
    "n6: r7 = add c6, r5\n    return r7\n"
    "}\n";

static void test_branches(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("branch.ir", branch_ir);
    static const char *const cases[] = {"1 2", "2 1", "3 3", "7 9", "-1 -1", "-2147483648 2147483647",
                                        "2147483647 -2147483648", "7 7"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (int al = 0; al < MC_ALLOC_COUNT; al++) agree_text(m->funcs[0], cases[k], (McAllocator)al, 1, 0, cases[k]);
    mc_module_free(m);
}

/* ---- bounds ---------------------------------------------------------------------- */

static const char *bounds_ir = "func f(buf b, i32 i, i32 j) {\n"
                               "entry:\n"
                               "    store b, j, 77\n"
                               "    x = load b, i\n"
                               "    store b, 0, x\n"
                               "    return x\n"
                               "}\n";

static void test_bounds(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("bounds.ir", bounds_ir);
    static const char *const cases[] = {"[1,2,3] -1 1", "[1,2,3] 3 1", "[1,2,3] 2 -1",          "[1,2,3] 0 3",
                                        "[1,2,3] 2 2",  "[] 0 0",      "[5] 0 -2147483648", "[1,2,3] 2147483647 0"};
    int traps = 0;
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        McOutcome w = agree_text(m->funcs[0], cases[k], MC_ALLOC_IMPROVED, 1, 0, cases[k]);
        traps += w.kind == MC_TRAPPED;
    }
    assert_int_equal(traps, 7);
    mc_module_free(m);
}

/* ---- calls, depth, recursion ---------------------------------------------------------- */

static const char *rec_ir = "func main(i32 n) {\n"
                            "entry:\n"
                            "    r = call down(n)\n"
                            "    return r\n"
                            "}\n"
                            "func down(i32 n) {\n"
                            "entry:\n"
                            "    c = le n, 0\n"
                            "    branch c, base, rec\n"
                            "base:\n"
                            "    return 0\n"
                            "rec:\n"
                            "    m = sub n, 1\n"
                            "    x = call down(m)\n"
                            "    y = add x, 1\n"
                            "    return y\n"
                            "}\n";

static void test_depth(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("rec.ir", rec_ir);
    /* main is frame 1, down(n) .. down(0) are n + 1 more */
    McOutcome w = agree_text(m->funcs[0], "9998", MC_ALLOC_IMPROVED, 1, 0, "9998 deep");
    assert_int_equal(w.kind, MC_RETURNED);
    assert_int_equal(w.value, 9998);
    w = agree_text(m->funcs[0], "9999", MC_ALLOC_IMPROVED, 1, 0, "9999 deep (one too many)");
    assert_int_equal(w.kind, MC_TRAPPED);
    assert_string_equal(w.trap, MC_DEPTH_TRAP_MSG);
    w = agree_text(m->funcs[0], "10000", MC_ALLOC_LINEAR, 1, 20000, "10,000 deep");
    assert_int_equal(w.value, 10000);
    w = agree_text(m->funcs[0], "48", MC_ALLOC_BASELINE, 1, 50, "at a depth of 50");
    assert_int_equal(w.kind, MC_RETURNED);
    w = agree_text(m->funcs[0], "49", MC_ALLOC_SSA, 1, 50, "past a depth of 50");
    assert_int_equal(w.kind, MC_TRAPPED);
    w = agree_text(m->funcs[0], "999998", MC_ALLOC_IMPROVED, 1, 1000000, "1,000,000 deep");
    assert_int_equal(w.value, 999998);
    mc_module_free(m);
}

/* A local buffer filled by a callee; a buffer parameter written two calls
 * down; twelve argument positions (four on the stack); arguments that swap
 * (a cycle of the parallel move); values live across calls. */
static const char *calls_ir = "func main(buf out, i32 a, i32 b) {\n"
                              "entry:\n"
                              "    cell = buffer 3\n"
                              "    s = call put(cell, a)\n"
                              "    v = load cell, 0\n"
                              "    d1 = call diff(b, a)\n"
                              "    d2 = call diff(a, b)\n"
                              "    w = call many(out, a, b, 3, d1, d2, v, cell, s, -9, a)\n"
                              "    t = add d1, d2\n"
                              "    u = add t, w\n"
                              "    z = load cell, 2\n"
                              "    q = add u, z\n"
                              "    return q\n"
                              "}\n"
                              "func put(buf c, i32 n) {\n"
                              "entry:\n"
                              "    f = call fib(n)\n"
                              "    store c, 0, f\n"
                              "    return f\n"
                              "}\n"
                              "func fib(i32 n) {\n"
                              "entry:\n"
                              "    c = lt n, 2\n"
                              "    branch c, base, rec\n"
                              "base:\n"
                              "    return n\n"
                              "rec:\n"
                              "    n1 = sub n, 1\n"
                              "    x = call fib(n1)\n"
                              "    n2 = sub n, 2\n"
                              "    y = call fib(n2)\n"
                              "    s = add x, y\n"
                              "    return s\n"
                              "}\n"
                              "func diff(i32 x, i32 y) {\n"
                              "entry:\n"
                              "    d = sub x, y\n"
                              "    return d\n"
                              "}\n"
                              "func many(buf o, i32 p1, i32 p2, i32 p3, i32 p4, i32 p5, i32 p6, buf c, i32 p7, "
                              "i32 p8, i32 p9) {\n"
                              "entry:\n"
                              "    store o, 0, p1\n    store o, 1, p2\n    store o, 2, p3\n    store o, 3, p4\n"
                              "    store o, 4, p5\n    store o, 5, p6\n    store o, 6, p7\n    store o, 7, p8\n"
                              "    store o, 8, p9\n"
                              "    k = load c, 0\n"
                              "    store c, 2, p9\n"
                              "    m = mul k, 3\n"
                              "    return m\n"
                              "}\n";

static void test_calls(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("calls.ir", calls_ir);
    static const char *const cases[] = {"[0,0,0,0,0,0,0,0,0] 10 3", "[0,0,0,0,0,0,0,0,0] 1 -4",
                                        "[0,0,0,0,0,0,0,0] 5 6", "[0,0,0,0,0,0,0,0,0] 20 -2147483648"};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        for (int al = 0; al < MC_ALLOC_COUNT; al++)
            for (int opt = 0; opt <= 1; opt++) agree_text(m->funcs[0], cases[k], (McAllocator)al, opt, 0, cases[k]);
    mc_module_free(m);
}

/* Far frame offsets: 700 values live at once (most of them spilled, slot
 * offsets beyond the 12-bit immediates), a local buffer of 3000, a call
 * with 12 arguments read from slots (4 of them on the stack). */
static void test_far_frame(void **state) {
    (void)state;
    NEED_TOOLS();
    McStr t;
    mc_str_init(&t);
    const int N = 700;
    mc_str_puts(&t, "func f(buf b, i32 k) {\nentry:\n    big = buffer 3000\n");
    for (int i = 0; i < N; i++)
        mc_str_printf(&t, "    v%d = load b, %d\n    w%d = mul v%d, %d\n", i, i % 5, i, i, i + 1);
    mc_str_puts(&t, "    store big, 2999, w7\n    store big, k, w9\n");
    mc_str_puts(&t, "    c = call g(w0, w1, w2, w3, w4, w5, w6, w7, w8, w9, w10, w11)\n    s0 = add c, w0\n");
    for (int i = 1; i < N; i++) mc_str_printf(&t, "    s%d = add s%d, w%d\n", i, i - 1, i);
    mc_str_printf(&t, "    x = load big, 2999\n    y = load big, 1\n    r = add s%d, x\n    q = add r, y\n"
                      "    return q\n}\n",
                  N - 1);
    mc_str_puts(&t, "func g(i32 a0, i32 a1, i32 a2, i32 a3, i32 a4, i32 a5, i32 a6, i32 a7, i32 a8, i32 a9, i32 a10, "
                    "i32 a11) {\nentry:\n    x = mul a0, a11\n    y = sub a10, a8\n    z = mul y, 1000\n"
                    "    u = add x, z\n    return u\n}\n");
    McModule *m = load("far.ir", t.s);
    for (int al = 0; al < MC_ALLOC_COUNT; al++) {
        McOutcome w = agree_text(m->funcs[0], "[3,-1,4,1,5] 1", (McAllocator)al, 1, 0, "far frame");
        assert_int_equal(w.kind, MC_RETURNED);
        w = agree_text(m->funcs[0], "[3,-1,4,1,5] 3000", (McAllocator)al, 1, 0, "far frame, bounds trap");
        assert_int_equal(w.kind, MC_TRAPPED);
    }
    mc_module_free(m);
    mc_str_free(&t);
}

/* The text without comments assembles and runs the same. */
static void test_no_comments(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = load("calls.ir", calls_ir);
    McModule *c = load("branch.ir", branch_ir);
    no_comments = true;
    for (int al = 0; al < MC_ALLOC_COUNT; al++) {
        agree_text(m->funcs[0], "[0,0,0,0,0,0,0,0,0] 10 3", (McAllocator)al, 1, 0, "calls without comments");
        agree_text(c->funcs[0], "3 3", (McAllocator)al, 1, 0, "branches without comments");
    }
    no_comments = false;
    mc_module_free(m);
    mc_module_free(c);
}

/* ---- the listing (no tools needed) ------------------------------------------------ */

static int count_insts(const char *text) {
    int n = 0;
    for (const char *l = text; *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        size_t i = 0;
        while (i < len && (l[i] == ' ' || l[i] == '\t')) i++;
        if (i < len && l[i] != '#' && l[len - 1] != ':' && !(l[i] == '.' && i == 0)) {
            /* a label line ends with ':' (possibly followed by a comment) */
            const char *colon = memchr(l + i, ':', len - i);
            const char *hash = memchr(l + i, '#', len - i);
            bool is_label = i == 0 && colon && (!hash || colon < hash);
            if (!is_label) n++;
        }
        l = e ? e + 1 : l + len;
    }
    return n;
}

static void test_listing(void **state) {
    (void)state;
    McModule *m = load("calls.ir", calls_ir);
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_RV64;
    McProgram p;
    McFunc *prep = NULL;
    McDiags d;
    mc_diags_init(&d, "calls.ir", NULL, 0);
    assert_true(mc_asm_allocate(m->funcs[0], &o, &p, &prep, &d));
    McAsmListing l;
    memset(&l, 0, sizeof l);
    char *text = mc_asm_emit(&p, &o, NULL, &l, &d);
    assert_non_null(text);
    assert_null(strstr(text, "_start")); /* no arguments: no harness */
    int fused = 0, prologues = 0;
    for (int32_t fn = 0; fn < p.n; fn++) {
        const McFunc *f = p.alloc[fn]->f;
        for (int32_t b = 0; b < f->nblocks; b++) {
            int32_t covered = 0;
            for (int32_t k = 0; k < l.n; k++)
                if (l.tile[k].func == fn && l.tile[k].block == b) covered += l.tile[k].ncovered;
            assert_int_equal(covered, f->blocks[b].ninsts + 1);
        }
    }
    for (int32_t k = 0; k < l.n; k++) {
        assert_non_null(l.tile[k].why);
        assert_non_null(l.tile[k].text);
        assert_non_null(l.tile[k].pattern);
        assert_int_equal(l.tile[k].cost, count_insts(l.tile[k].text));
        if (strcmp(l.tile[k].pattern, "cmp + branch (fused)") == 0) fused++;
        if (l.tile[k].what == MC_TILE_PROLOGUE) prologues++;
        /* every instruction of a tile names its IR instruction */
        if (l.tile[k].what == MC_TILE_INST && l.tile[k].cost > 0) assert_non_null(strstr(l.tile[k].text, "# "));
    }
    assert_int_equal(prologues, p.n);
    assert_true(fused >= 1); /* fib's `c = lt n, 2; branch c, base, rec` */
    /* without comments no instruction line carries one */
    o.comments = false;
    char *bare = mc_asm_emit(&p, &o, NULL, NULL, &d);
    assert_non_null(bare);
    assert_null(strstr(bare, "# c = lt"));
    free(bare);
    /* arguments that do not fit the entry: a diagnostic, no text */
    McArgs bad;
    memset(&bad, 0, sizeof bad);
    bad.n = 1;
    bad.v = calloc(1, sizeof *bad.v);
    McDiags d2;
    mc_diags_init(&d2, "calls.ir", NULL, 0);
    assert_null(mc_asm_emit(&p, &o, &bad, NULL, &d2));
    assert_true(d2.n > 0);
    mc_diags_free(&d2);
    free(bad.v);
    /* a program without its callees: a diagnostic, no text */
    McProgram part = p;
    part.n = 1;
    mc_diags_init(&d2, "calls.ir", NULL, 0);
    assert_null(mc_asm_emit(&part, &o, NULL, NULL, &d2));
    assert_true(d2.n > 0);
    assert_non_null(strstr(d2.v[0].msg, "no allocation"));
    mc_diags_free(&d2);
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prep);
    mc_diags_free(&d);
    mc_module_free(m);
}

/* The text of m's first function and its callees for rv64 (every allocator
 * at -O1 and improved at -O0 are checked by the callers), with its listing. */
static char *emit_text(const McModule *m, McAllocator al, int opt, McAsmListing *l) {
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_RV64;
    o.allocator = al;
    o.opt_level = opt;
    McProgram p;
    McFunc *prep = NULL;
    McDiags d;
    mc_diags_init(&d, "emit", NULL, 0);
    assert_true(mc_asm_allocate(m->funcs[0], &o, &p, &prep, &d));
    char *text = mc_asm_emit(&p, &o, NULL, l, &d);
    assert_non_null(text);
    mc_program_free(&p);
    mc_func_free(prep);
    mc_diags_free(&d);
    return text;
}

/* The frame discipline: every prologue moves sp first (nothing is ever
 * stored or loaded below sp: `N(sp)` with a negative N never appears),
 * every epilogue reads ra and s0 before sp moves back; the depth budget
 * travels in t6 (each call loads this frame's budget into t6 right before
 * it, no global counter); a returned value computed by the block's last
 * instruction goes straight into a0 (the peephole), and the listing says so. */
static void test_frame_discipline(void **state) {
    (void)state;
    McStr big;
    mc_str_init(&big);
    mc_str_puts(&big, "func f(i32 k) {\nentry:\n    b = buffer 3000\n    store b, k, 5\n    x = call g(k)\n"
                      "    y = load b, k\n    z = add x, y\n    return z\n}\n"
                      "func g(i32 n) {\nentry:\n    m = mul n, 3\n    return m\n}\n");
    const char *const srcs[] = {calls_ir, rec_ir, bounds_ir, big.s};
    int in_a0 = 0, frames = 0;
    for (size_t s = 0; s < sizeof srcs / sizeof srcs[0]; s++) {
        McModule *m = load("frame.ir", srcs[s]);
        for (int al = 0; al <= MC_ALLOC_COUNT; al++) {
            McAsmListing l;
            memset(&l, 0, sizeof l);
            char *text = emit_text(m, al == MC_ALLOC_COUNT ? MC_ALLOC_IMPROVED : (McAllocator)al,
                                   al == MC_ALLOC_COUNT ? 0 : 1, &l);
            assert_null(strstr(text, "minicc_depth"));
            for (const char *q = strstr(text, "(sp)"); q; q = strstr(q + 1, "(sp)")) {
                const char *b = q;
                while (b > text && ((b[-1] >= '0' && b[-1] <= '9') || b[-1] == '-')) b--;
                if (*b == '-') fail_msg("memory below sp: %.40s", b);
            }
            for (const char *q = strstr(text, "\nminicc_f"); q; q = strstr(q + 1, "\nminicc_f")) {
                const char *first = strchr(q + 1, '\n') + 1;
                while (*first == ' ') first++;
                if (strncmp(first, "addi sp, sp, -", 14) != 0 && strncmp(first, "li t5, ", 7) != 0)
                    fail_msg("a prologue that does not move sp first: %.40s", first);
                frames++;
            }
            for (const char *q = strstr(text, "call minicc_f"); q; q = strstr(q + 1, "call minicc_f")) {
                const char *prev = q - 1; /* the line before */
                while (prev > text && prev[-1] != '\n') prev--;
                const char *line = prev - 1;
                while (line > text && line[-1] != '\n') line--;
                while (*line == ' ') line++;
                if (strncmp(line, "ld t6, -24(s0)", 14) != 0) fail_msg("a call without the budget in t6: %.40s", line);
            }
            for (int32_t k = 0; k < l.n; k++)
                if (l.tile[k].pattern && strstr(l.tile[k].pattern, "computed in a0")) {
                    in_a0++;
                    /* the tile before it (the block's last instruction) wrote a0 */
                    assert_true(k > 0);
                    const char *t = l.tile[k - 1].text;
                    assert_true(strstr(t, " a0, ") != NULL);
                    assert_true(strncmp(l.tile[k].text, "    mv a0", 9) != 0);
                }
            free(text);
            mc_asm_listing_free(&l);
        }
        mc_module_free(m);
    }
    assert_true(frames >= 20);
    assert_true(in_a0 >= 5); /* fib's `s = add x, y; return s`, diff's, g's, ... */
    mc_str_free(&big);
}

static int setup(void **state) {
    (void)state;
    have_tools = mc_target_tools(MC_TARGET_RV64, tools_why, sizeof tools_why);
    return 0;
}

static int teardown(void **state) {
    (void)state;
    if (runs) print_message("%d rv64 runs, %.1f ms each (allocate, emit, assemble, link, qemu)\n", runs,
                            1000.0 * run_secs / runs);
    return 0;
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing),  cmocka_unit_test(test_frame_discipline), cmocka_unit_test(test_corners),        cmocka_unit_test(test_branches),
        cmocka_unit_test(test_bounds),   cmocka_unit_test(test_depth),          cmocka_unit_test(test_calls),
        cmocka_unit_test(test_far_frame), cmocka_unit_test(test_minic_random), cmocka_unit_test(test_no_comments),
        cmocka_unit_test(test_examples), cmocka_unit_test(test_generated),      cmocka_unit_test(test_generated_calls),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
