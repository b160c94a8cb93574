/* test_asm_x64.c - the x86-64 target (asm.h, x64.c): programs assembled,
 * linked and run as processes agree with the interpreter (mc_run_limits,
 * the reference): every example of share/minicc/examples (IR and MiniC)
 * with generated arguments under every allocator, a few hundred generated
 * functions and modules with calls, and hand-written corner cases: division
 * and shifts at their edges (INT_MIN / -1, INT_MIN % -1, counts 31, 32, -1,
 * 33, zero divisors in a register and as a constant), bounds traps (index
 * -1 and the length, constant and variable, load and store), the depth
 * trap, recursion 10,000 deep, a buffer written by a callee, a call with
 * arguments on the stack, parameters whose registers form a cycle, and more
 * values live at once than registers (spilled operands as memory operands). The
 * tile listing is checked too: every instruction and terminator covered
 * once, every tile's cost the number of instructions in its text. The planted
 * bugs (McAsmBug): none is the default byte for byte, rv64 ignores them, each
 * changes the text of its program in tests/asm.
 *
 * Skipped (not failed) when `as` and `ld` are missing (mc_target_tools). */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/gen.h"
#include "minicc/minic.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/run.h"
#include "minicc/util.h"

static bool have_tools(void) {
    char why[256];
    return mc_target_tools(MC_TARGET_X64, why, sizeof why);
}

#define NEED_TOOLS()                                                                                              \
    do {                                                                                                          \
        if (!have_tools()) skip();                                                                                \
    } while (0)

static int runs, compared; /* stage asm runs, and runs the interpreter finished (compared) */

/* f at stage asm (x86-64) with allocator al, -O opt, depth limit depth; its
 * outcome and buffers must be the interpreter's. Returns the reference's outcome. */
static McOutcome agree(const McFunc *f, const McArgs *args, McAllocator al, int opt, int64_t depth, const char *what) {
    McArgs ref, got;
    mc_args_copy(&ref, args);
    mc_args_copy(&got, args);
    McOutcome want = mc_run_limits(f, &ref, 0, depth, NULL);
    runs++;
    /* the interpreter's step budget has no counterpart in the assembly (it would run to its time
       limit): such a program is not run */
    if (want.kind == MC_TRAPPED && strcmp(want.trap, "execution step limit exceeded") == 0) {
        mc_args_free(&ref);
        mc_args_free(&got);
        return want;
    }
    McStageOptions so;
    mc_stage_options_default(&so);
    so.stage = MC_STAGE_ASM;
    so.target = MC_TARGET_X64;
    so.allocator = al;
    so.opt_level = opt;
    so.max_depth = depth;
    so.timeout = 10;
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    bool ok = mc_stage_execute(f, &so, &got, &out, NULL, &d);
    if (!ok) fail_msg("%s (%s -O%d): stage asm failed: %s", what, mc_allocator_name(al), opt, d.n ? d.v[0].msg : "?");
    mc_diags_free(&d);
    compared++;
    if (!mc_outcome_same(&want, &ref, &out, &got)) {
        char a[256], b[256];
        fail_msg("%s (%s -O%d): asm %s, interpreter %s", what, mc_allocator_name(al), opt,
                 mc_outcome_str(&out, a, sizeof a), mc_outcome_str(&want, b, sizeof b));
    }
    mc_args_free(&ref);
    mc_args_free(&got);
    return want;
}

static McModule *parse_text(const char *src) {
    McDiags d;
    mc_diags_init(&d, "<test>", src, strlen(src));
    McModule *m = mc_parse("<test>", src, strlen(src), &d);
    if (!m || d.n) fail_msg("does not parse: %s", d.n ? d.v[0].msg : "?");
    mc_diags_free(&d);
    return m;
}

/* Arguments from words (`5`, `[1,2,3]`). */
static void args_of(const McFunc *f, int n, char **w, McArgs *a) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_args_parse(f, n, w, a, &d)) fail_msg("bad arguments: %s", d.n ? d.v[0].msg : "?");
    mc_diags_free(&d);
}

/* Run text's first function on the words with every allocator at -O1 and -O0; returns the -O1 improved outcome. */
static McOutcome agree_text(const char *src, int n, char **w, int64_t depth) {
    McModule *m = parse_text(src);
    McArgs a;
    args_of(m->funcs[0], n, w, &a);
    McOutcome first = {0};
    for (int opt = 1; opt >= 0; opt--)
        for (int al = 0; al < MC_ALLOC_COUNT; al++) {
            McOutcome o = agree(m->funcs[0], &a, (McAllocator)al, opt, depth, m->funcs[0]->name);
            if (opt == 1 && al == 0) first = o;
        }
    mc_args_free(&a);
    mc_module_free(m);
    return first;
}

/* ---- the examples ------------------------------------------------------------------------ */

static void test_examples(void **state) {
    (void)state;
    NEED_TOOLS();
    glob_t g;
    assert_int_equal(glob("share/minicc/examples/*.ir", 0, NULL, &g), 0);
    assert_int_equal(glob("share/minicc/examples/*.c", GLOB_APPEND, NULL, &g), 0);
    assert_true(g.gl_pathc >= 10);
    for (size_t i = 0; i < g.gl_pathc; i++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[i], NULL, 0);
        char *src = NULL;
        McModule *m = mc_load_file(g.gl_pathv[i], MC_LANG_AUTO, &d, &src);
        if (!m) fail_msg("%s does not load", g.gl_pathv[i]);
        for (uint64_t seed = 1; seed <= 3; seed++) {
            McArgs a;
            mc_gen_args(m->funcs[0], seed, &a);
            for (int al = 0; al < MC_ALLOC_COUNT; al++) agree(m->funcs[0], &a, (McAllocator)al, 1, 0, g.gl_pathv[i]);
            agree(m->funcs[0], &a, MC_ALLOC_IMPROVED, 0, 0, g.gl_pathv[i]);
            mc_args_free(&a);
        }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
}

/* ---- generated programs ------------------------------------------------------------------- */

static void test_generated(void **state) {
    (void)state;
    NEED_TOOLS();
    McGenOptions go;
    mc_gen_options_default(&go);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        go.size = 10 + (int32_t)(seed % 50);
        McFunc *f = mc_gen(seed, &go);
        McArgs a;
        mc_gen_args(f, seed, &a);
        agree(f, &a, (McAllocator)(seed % MC_ALLOC_COUNT), (int)(seed % 3 != 0), 0, "generated");
        mc_args_free(&a);
        mc_func_free(f);
    }
}

static void test_generated_calls(void **state) {
    (void)state;
    NEED_TOOLS();
    McGenOptions go;
    mc_gen_options_default(&go);
    for (uint64_t seed = 1; seed <= 120; seed++) {
        go.calls = 1 + (int)(seed % 4);
        go.size = 15 + (int32_t)(seed % 40);
        McModule *m = mc_gen_module(1000 + seed, &go);
        McArgs a;
        mc_gen_args(m->funcs[0], seed, &a);
        agree(m->funcs[0], &a, (McAllocator)(seed % MC_ALLOC_COUNT), (int)(seed % 4 != 0), 0, "generated with calls");
        /* a small depth limit: the depth trap where the interpreter has it */
        if (seed % 5 == 0) agree(m->funcs[0], &a, MC_ALLOC_IMPROVED, 1, 2, "generated with calls, depth 2");
        mc_args_free(&a);
        mc_module_free(m);
    }
}

/* ---- corner cases -------------------------------------------------------------------------- */

static const char *ops_src = "func ops(i32 a, i32 b, i32 s, buf out) {\n"
                             "entry:\n"
                             "    x = shl a, s\n"
                             "    store out, 0, x\n"
                             "    y = shr a, s\n"
                             "    store out, 1, y\n"
                             "    z = shl 1, s\n"
                             "    store out, 2, z\n"
                             "    w = shr -8, s\n"
                             "    store out, 3, w\n"
                             "    q = div a, b\n"
                             "    store out, 4, q\n"
                             "    r = rem a, b\n"
                             "    store out, 5, r\n"
                             "    n = div a, -1\n"
                             "    store out, 6, n\n"
                             "    m = rem a, -1\n"
                             "    store out, 7, m\n"
                             "    k = div a, 7\n"
                             "    store out, 8, k\n"
                             "    j = rem a, -7\n"
                             "    store out, 9, j\n"
                             "    c = lt a, b\n"
                             "    e = le b, a\n"
                             "    f = add c, e\n"
                             "    return f\n"
                             "}\n";

static void test_division_and_shifts(void **state) {
    (void)state;
    NEED_TOOLS();
    static const char *cases[][3] = {
        {"-2147483648", "-1", "31"}, {"-2147483648", "-1", "32"}, {"-2147483648", "-1", "-1"},
        {"-2147483648", "-1", "33"}, {"7", "-2", "0"},             {"-7", "2", "1"},
        {"2147483647", "-2147483648", "30"}, {"-2147483648", "2", "-33"}, {"5", "0", "3"},
        {"0", "0", "0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *w[4] = {(char *)cases[i][0], (char *)cases[i][1], (char *)cases[i][2], "[0,0,0,0,0,0,0,0,0,0]"};
        McOutcome o = agree_text(ops_src, 4, w, 0);
        if (strcmp(cases[i][1], "0") == 0) {
            assert_int_equal(o.kind, MC_TRAPPED);
            assert_string_equal(o.trap, MC_DIV_ZERO_MSG);
        } else {
            assert_int_equal(o.kind, MC_RETURNED);
        }
    }
    /* a constant zero divisor traps; INT_MIN / -1 and INT_MIN % -1 with both operands constant */
    char *none[1] = {NULL};
    McOutcome o = agree_text("func z() {\nentry:\n    q = div 5, 0\n    return q\n}\n", 0, none, 0);
    assert_string_equal(o.trap, MC_DIV_ZERO_MSG);
    o = agree_text("func m(i32 a) {\nentry:\n    q = div a, -1\n    r = rem a, -1\n    s = add q, r\n    return s\n}\n", 1,
                   (char *[]){"-2147483648"}, 0);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, INT32_MIN);
}

static const char *bounds_src = "func b(buf p, i32 i, i32 v) {\n"
                                "entry:\n"
                                "    store p, i, v\n"
                                "    x = load p, i\n"
                                "    store p, 0, x\n"
                                "    y = load p, 2\n"
                                "    s = add x, y\n"
                                "    return s\n"
                                "}\n";

static void test_bounds(void **state) {
    (void)state;
    NEED_TOOLS();
    static const char *idx[] = {"-1", "3", "2", "0", "-2147483648", "2147483647"};
    for (size_t i = 0; i < sizeof idx / sizeof idx[0]; i++) {
        char *w[3] = {"[1,2,3]", (char *)idx[i], "9"};
        McOutcome o = agree_text(bounds_src, 3, w, 0);
        bool in = strcmp(idx[i], "2") == 0 || strcmp(idx[i], "0") == 0;
        assert_int_equal(o.kind, in ? MC_RETURNED : MC_TRAPPED);
    }
    /* a constant index past a short buffer; an empty buffer */
    char *w[3] = {"[1,2]", "0", "9"};
    McOutcome o = agree_text(bounds_src, 3, w, 0);
    assert_string_equal(o.trap, "buffer index 2 outside [0,2)");
    char *e[3] = {"[]", "0", "9"};
    o = agree_text(bounds_src, 3, e, 0);
    assert_string_equal(o.trap, "buffer index 0 outside [0,0)");
}

static const char *rec_src = "func main(i32 n) {\n"
                             "entry:\n"
                             "    r = call down(n)\n"
                             "    return r\n"
                             "}\n"
                             "func down(i32 n) {\n"
                             "entry:\n"
                             "    c = lt n, 1\n"
                             "    branch c, base, rec\n"
                             "base:\n"
                             "    return 0\n"
                             "rec:\n"
                             "    m = sub n, 1\n"
                             "    r = call down(m)\n"
                             "    s = add r, n\n"
                             "    return s\n"
                             "}\n";

static void test_depth(void **state) {
    (void)state;
    NEED_TOOLS();
    McModule *m = parse_text(rec_src);
    McArgs a;
    /* 10,000 frames: main and down(9998) .. down(0); one more traps */
    args_of(m->funcs[0], 1, (char *[]){"9998"}, &a);
    McOutcome o = agree(m->funcs[0], &a, MC_ALLOC_IMPROVED, 1, 0, "depth 10000");
    assert_int_equal(o.kind, MC_RETURNED);
    mc_args_free(&a);
    args_of(m->funcs[0], 1, (char *[]){"9999"}, &a);
    o = agree(m->funcs[0], &a, MC_ALLOC_LINEAR, 1, 0, "depth 10001");
    assert_string_equal(o.trap, MC_DEPTH_TRAP_MSG);
    mc_args_free(&a);
    /* a small limit, every allocator */
    args_of(m->funcs[0], 1, (char *[]){"5"}, &a);
    for (int al = 0; al < MC_ALLOC_COUNT; al++) {
        o = agree(m->funcs[0], &a, (McAllocator)al, 1, 6, "depth 6 of 7");
        assert_string_equal(o.trap, MC_DEPTH_TRAP_MSG);
        o = agree(m->funcs[0], &a, (McAllocator)al, 0, 7, "depth 7 of 7");
        assert_int_equal(o.kind, MC_RETURNED);
    }
    mc_args_free(&a);
    /* deeper than the default, with a larger limit: the harness's own stack */
    args_of(m->funcs[0], 1, (char *[]){"30000"}, &a);
    o = agree(m->funcs[0], &a, MC_ALLOC_IMPROVED, 1, 40000, "depth 30002");
    assert_int_equal(o.kind, MC_RETURNED);
    mc_args_free(&a);
    mc_module_free(m);
}

static const char *callee_src = "func main(buf b, i32 n) {\n"
                                "entry:\n"
                                "    cell = buffer 3\n"
                                "    k = call fill(b, cell, n, 1, 2, 3, 4, 5)\n"
                                "    x = load cell, 2\n"
                                "    y = load b, 0\n"
                                "    z = add x, y\n"
                                "    s = add z, k\n"
                                "    return s\n"
                                "}\n"
                                "func fill(buf p, buf q, i32 n, i32 a, i32 b, i32 c, i32 d, i32 e) {\n"
                                "entry:\n"
                                "    store p, 0, n\n"
                                "    t = sub a, e\n"
                                "    store q, 2, t\n"
                                "    u = mul b, c\n"
                                "    v = shl d, u\n"
                                "    r = call swap(e, d, c, b, a, n)\n"
                                "    w = add v, r\n"
                                "    return w\n"
                                "}\n"
                                "func swap(i32 a, i32 b, i32 c, i32 d, i32 e, i32 f) {\n"
                                "entry:\n"
                                "    x = mul a, 1000\n"
                                "    y = mul b, 100\n"
                                "    z = mul c, 10\n"
                                "    s = add x, y\n"
                                "    t = add s, z\n"
                                "    u = add t, d\n"
                                "    v = sub u, e\n"
                                "    w = xor v, f\n"
                                "    return w\n"
                                "}\n";

static void test_calls(void **state) {
    (void)state;
    NEED_TOOLS();
    /* buffers written by a callee, nine ABI positions (three on the stack), a local buffer */
    McOutcome o = agree_text(callee_src, 2, (char *[]){"[7,8]", "42"}, 0);
    assert_int_equal(o.kind, MC_RETURNED);
    o = agree_text(callee_src, 2, (char *[]){"[]", "42"}, 0);
    assert_int_equal(o.kind, MC_TRAPPED);
    /* parameters whose registers form a cycle: the parallel move in the prologue */
    o = agree_text("func f(i32 a, i32 b, i32 c) {\nentry:\n    r = call g(c, a, b)\n    s = call g(b, c, a)\n"
                   "    t = sub r, s\n    return t\n}\n"
                   "func g(i32 x, i32 y, i32 z) {\nentry:\n    p = mul x, 100\n    q = mul y, 10\n"
                   "    s = add p, q\n    t = add s, z\n    return t\n}\n",
                   3, (char *[]){"1", "2", "3"}, 0);
    assert_int_equal(o.value, 312 - 231);
}

/* ---- register pressure: spills as memory operands ------------------------------------------------ */

/* 16 products live at once, then folded with every ALU operation: more values than the 10 registers. */
static char *pressure_src(void) {
    static const char *ops[] = {"add", "sub", "xor", "mul", "and", "or", "shl", "shr", "div", "rem", "lt", "eq"};
    McStr b;
    mc_str_init(&b);
    mc_str_puts(&b, "func p(i32 a, i32 b) {\nentry:\n");
    for (int i = 1; i <= 16; i++) mc_str_printf(&b, "    v%d = mul a, %d\n    w%d = add v%d, b\n", i, i + 2, i, i);
    mc_str_puts(&b, "    s1 = copy w1\n");
    for (int i = 2; i <= 16; i++) mc_str_printf(&b, "    s%d = %s s%d, w%d\n", i, ops[i % 12], i - 1, i);
    mc_str_puts(&b, "    u0 = copy s16\n");
    for (int i = 1; i <= 16; i++) mc_str_printf(&b, "    t%d = sub w%d, u%d\n    u%d = add t%d, v%d\n", i, i, i - 1, i, i, i);
    mc_str_puts(&b, "    return u16\n}\n");
    return mc_str_take(&b);
}

static void test_pressure(void **state) {
    (void)state;
    char *src = pressure_src();
    /* the listing: spilled operands are memory operands */
    McModule *m = parse_text(src);
    McAsmOptions ao;
    mc_asm_options_default(&ao);
    ao.opt_level = 0;
    McProgram p;
    McFunc *prepared;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_asm_allocate(m->funcs[0], &ao, &p, &prepared, &d));
    assert_true(p.alloc[0]->slots > 0);
    McAsmListing l = {0};
    char *text = mc_asm_emit(&p, &ao, NULL, &l, &d);
    assert_non_null(text);
    int mem = 0;
    for (int32_t t = 0; t < l.n; t++) mem += strcmp(l.tile[t].pattern, "alu reg, [slot]") == 0;
    assert_true(mem > 0);
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    mc_module_free(m);
    if (!have_tools()) {
        free(src);
        skip();
    }
    static const char *cases[][2] = {{"7", "3"}, {"0", "0"}, {"-2147483648", "-1"}, {"5", "-7"}, {"100000", "31"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        agree_text(src, 2, (char *[]){(char *)cases[i][0], (char *)cases[i][1]}, 0);
    free(src);
}

/* ---- the listing -------------------------------------------------------------------------- */

static void test_listing(void **state) {
    (void)state;
    McModule *m = parse_text(callee_src);
    McAsmOptions ao;
    mc_asm_options_default(&ao);
    McProgram p;
    McFunc *prepared;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_asm_allocate(m->funcs[0], &ao, &p, &prepared, &d));
    McAsmListing l = {0};
    char *text = mc_asm_emit(&p, &ao, NULL, &l, &d);
    assert_non_null(text);
    /* every instruction and terminator of every function covered exactly once */
    for (int32_t fn = 0; fn < p.n; fn++) {
        const McFunc *f = p.alloc[fn]->f;
        int prologue = 0, epilogue = 0;
        for (int32_t b = 0; b < f->nblocks; b++) {
            int32_t n = f->blocks[b].ninsts + 1;
            int *cover = calloc((size_t)n, sizeof *cover);
            for (int32_t t = 0; t < l.n; t++) {
                const McAsmTile *x = &l.tile[t];
                if (x->func != fn || x->block != b) continue;
                for (int32_t k = 0; k < x->ncovered; k++) cover[x->inst + k]++;
            }
            for (int32_t k = 0; k < n; k++) assert_int_equal(cover[k], 1);
            free(cover);
        }
        for (int32_t t = 0; t < l.n; t++) {
            prologue += l.tile[t].func == fn && l.tile[t].what == MC_TILE_PROLOGUE;
            epilogue += l.tile[t].func == fn && l.tile[t].what == MC_TILE_EPILOGUE;
        }
        assert_int_equal(prologue, 1);
        assert_int_equal(epilogue, 1);
    }
    /* a tile's cost is the instructions of its text (labels and out-of-line stubs not counted) */
    for (int32_t t = 0; t < l.n; t++) {
        int lines = 0;
        for (const char *q = l.tile[t].text; *q;) {
            const char *e = strchr(q, '\n');
            if (strncmp(q, "    ", 4) == 0) lines++;
            q = e ? e + 1 : q + strlen(q);
        }
        assert_int_equal(lines, l.tile[t].cost);
        assert_non_null(l.tile[t].why);
        assert_true(strlen(l.tile[t].why) > 10);
    }
    /* the text has every function and comments naming the IR */
    assert_non_null(strstr(text, "minicc_f2:"));
    assert_non_null(strstr(text, "# w = xor v, f"));
    assert_null(strstr(text, "_start"));
    /* the printer groups by function and block */
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    mc_asm_listing_print(&l, &p, true, out);
    fclose(out);
    assert_non_null(strstr(buf, "minicc_f1: func fill(buf p, buf q, i32 n, i32 a, i32 b, i32 c, i32 d, i32 e)\n"));
    assert_non_null(strstr(buf, "  entry:\n"));
    assert_non_null(strstr(buf, "=> call [cost"));
    free(buf);
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    mc_module_free(m);
}

static void test_minic_lines(void **state) {
    (void)state;
    const char *src = "int f(int a, int b) {\n  int x = a / b;\n  return x + 1;\n}\n";
    McDiags d;
    mc_diags_init(&d, "t.c", src, strlen(src));
    McModule *m = mc_load("t.c", src, strlen(src), MC_LANG_C, &d);
    assert_non_null(m);
    McAsmOptions ao;
    mc_asm_options_default(&ao);
    McProgram p;
    McFunc *prepared;
    assert_true(mc_asm_allocate(m->funcs[0], &ao, &p, &prepared, &d));
    char *text = mc_asm_emit(&p, &ao, NULL, NULL, &d);
    assert_non_null(text);
    assert_non_null(strstr(text, "(C line 2)"));
    assert_non_null(strstr(text, "idiv"));
    free(text);
    ao.comments = false;
    text = mc_asm_emit(&p, &ao, NULL, NULL, &d);
    assert_null(strstr(text, "#"));
    free(text);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* ---- the tiles of issue 31 §6: division by a constant, lea, r11, threading ---------------- */

/* The listing's invariants: every instruction and terminator covered once,
 * one prologue and one epilogue per function, every tile's cost the
 * instructions of its text, a reason. */
static void check_listing(const McAsmListing *l, const McProgram *p) {
    for (int32_t fn = 0; fn < p->n; fn++) {
        const McFunc *f = p->alloc[fn]->f;
        int prologue = 0, epilogue = 0;
        for (int32_t b = 0; b < f->nblocks; b++) {
            int32_t n = f->blocks[b].ninsts + 1;
            int *cover = calloc((size_t)n, sizeof *cover);
            for (int32_t t = 0; t < l->n; t++) {
                const McAsmTile *x = &l->tile[t];
                if (x->func != fn || x->block != b) continue;
                for (int32_t k = 0; k < x->ncovered; k++) cover[x->inst + k]++;
            }
            for (int32_t k = 0; k < n; k++) assert_int_equal(cover[k], 1);
            free(cover);
        }
        for (int32_t t = 0; t < l->n; t++) {
            prologue += l->tile[t].func == fn && l->tile[t].what == MC_TILE_PROLOGUE;
            epilogue += l->tile[t].func == fn && l->tile[t].what == MC_TILE_EPILOGUE;
        }
        assert_int_equal(prologue, 1);
        assert_int_equal(epilogue, 1);
    }
    for (int32_t t = 0; t < l->n; t++) {
        int lines = 0;
        for (const char *q = l->tile[t].text; *q;) {
            const char *e = strchr(q, '\n');
            if (strncmp(q, "    ", 4) == 0) lines++;
            q = e ? e + 1 : q + strlen(q);
        }
        assert_int_equal(lines, l->tile[t].cost);
        assert_non_null(l->tile[t].why);
        assert_true(strlen(l->tile[t].why) > 10);
    }
}

/* The listing of f's first function (-O1, improved): how many tiles have a
 * pattern containing pat (and why containing why, when given); the
 * listing's invariants checked. */
static int tiles_matching(const McFunc *f, int opt, const char *pat, const char *why) {
    McAsmOptions ao;
    mc_asm_options_default(&ao);
    ao.opt_level = opt;
    McProgram p;
    McFunc *prepared;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_asm_allocate(f, &ao, &p, &prepared, &d));
    McAsmListing l = {0};
    char *text = mc_asm_emit(&p, &ao, NULL, &l, &d);
    assert_non_null(text);
    check_listing(&l, &p);
    int n = 0;
    for (int32_t t = 0; t < l.n; t++)
        if (strstr(l.tile[t].pattern, pat) && (!why || strstr(l.tile[t].why, why))) n++;
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    return n;
}

/* One program for a set of constant divisors: o[i*2K + 2j] = a[i] / c[j],
 * o[i*2K + 2j + 1] = a[i] % c[j] for every dividend a[i]. */
static char *divs_src(const int32_t *c, int k) {
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, "func divs(buf a, buf o, i32 n) {\nentry:\n    jump head\nhead:\n"
                    "    i = phi [entry: 0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\nbody:\n"
                    "    x = load a, i\n");
    mc_str_printf(&s, "    base = mul i, %d\n", 2 * k);
    for (int j = 0; j < k; j++) {
        mc_str_printf(&s, "    q%d = div x, %d\n    r%d = rem x, %d\n", j, (int)c[j], j, (int)c[j]);
        mc_str_printf(&s, "    jq%d = add base, %d\n    store o, jq%d, q%d\n", j, 2 * j, j, j);
        mc_str_printf(&s, "    jr%d = add base, %d\n    store o, jr%d, r%d\n", j, 2 * j + 1, j, j);
    }
    mc_str_puts(&s, "    i1 = add i, 1\n    jump head\nexit:\n    return n\n}\n");
    return mc_str_take(&s);
}

static uint32_t lcg(uint32_t *x) {
    *x = *x * 1103515245u + 12345u;
    return *x >> 1;
}

/* Every dividend of nd against every constant of c[0..k): the asm stage's
 * quotients and remainders are mc_alu's (the IR's semantics); every 4th set
 * also against the interpreter with every allocator. Returns the tiles
 * without idiv in the listing. */
static int check_divs(const int32_t *c, int k, const int32_t *nd, int n, bool all_allocators) {
    char *src = divs_src(c, k);
    McModule *m = parse_text(src);
    free(src);
    McArgs a;
    a.n = 3;
    a.v = calloc(3, sizeof *a.v);
    a.v[0] = (McArg){true, 0, malloc((size_t)n * sizeof(int32_t)), n};
    memcpy(a.v[0].data, nd, (size_t)n * sizeof(int32_t));
    a.v[1] = (McArg){true, 0, calloc((size_t)n * 2 * (size_t)k, sizeof(int32_t)), n * 2 * k};
    a.v[2] = (McArg){false, n, NULL, 0};
    McStageOptions so;
    mc_stage_options_default(&so);
    so.stage = MC_STAGE_ASM;
    so.target = MC_TARGET_X64;
    so.timeout = 10;
    McArgs got;
    mc_args_copy(&got, &a);
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_stage_execute(m->funcs[0], &so, &got, &out, NULL, &d)) fail_msg("divs: stage asm failed: %s", d.n ? d.v[0].msg : "?");
    mc_diags_free(&d);
    runs++;
    assert_int_equal(out.kind, MC_RETURNED);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < k; j++) {
            int32_t q = mc_alu(MC_OP_DIV, nd[i], c[j]), r = mc_alu(MC_OP_REM, nd[i], c[j]);
            int32_t gq = got.v[1].data[i * 2 * k + 2 * j], gr = got.v[1].data[i * 2 * k + 2 * j + 1];
            if (gq != q || gr != r)
                fail_msg("%d / %d: asm %d rem %d, the IR %d rem %d", (int)nd[i], (int)c[j], (int)gq, (int)gr, (int)q,
                         (int)r);
        }
    if (all_allocators)
        for (int al = 0; al < MC_ALLOC_COUNT; al++) agree(m->funcs[0], &a, (McAllocator)al, 1, 0, "divs");
    int fast = tiles_matching(m->funcs[0], 1, "magic", NULL) + tiles_matching(m->funcs[0], 1, "2^k", NULL) +
               tiles_matching(m->funcs[0], 1, "by 1", NULL) + tiles_matching(m->funcs[0], 1, "by -1", NULL);
    assert_int_equal(tiles_matching(m->funcs[0], 1, "idiv", NULL), 0);
    mc_args_free(&got);
    mc_args_free(&a);
    mc_module_free(m);
    return fast;
}

static void test_div_const(void **state) {
    (void)state;
    NEED_TOOLS();
    int32_t cs[400];
    int nc = 0;
    for (int c = -100; c <= 100; c++)
        if (c) cs[nc++] = c;
    for (int k = 7; k <= 30; k++) {
        cs[nc++] = (int32_t)(1u << k);
        cs[nc++] = -(int32_t)(1u << k);
    }
    cs[nc++] = INT32_MAX;
    cs[nc++] = INT32_MIN;
    cs[nc++] = INT32_MIN + 1;
    cs[nc++] = 1000000007;
    cs[nc++] = -1000000007;
    cs[nc++] = 641;
    cs[nc++] = 6700417;
    uint32_t seed = 31;
    for (int r = 0; r < 40; r++) {
        int32_t c = (int32_t)(lcg(&seed) ^ (lcg(&seed) << 16));
        if (r % 3 == 0) c %= 100000;
        if (c == 0) c = 3;
        cs[nc++] = c;
    }
    int total = 0, sets = 0;
    enum { PER = 24 };
    for (int first = 0; first < nc; first += PER, sets++) {
        int k = nc - first < PER ? nc - first : PER;
        /* the dividends: the edges, near multiples of this set's constants, random ones */
        int32_t nd[1200];
        int n = 0;
        int32_t edges[] = {0, 1, -1, 2, -2, 3, -3, INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1, 1 << 30, -(1 << 30)};
        for (size_t e = 0; e < sizeof edges / sizeof edges[0]; e++) nd[n++] = edges[e];
        for (int j = 0; j < k; j++) {
            int64_t c = cs[first + j];
            int64_t ks[] = {1, 2, 3, 7, -1, -2, -7, INT32_MAX / (c < 0 ? -c : c), INT32_MIN / (c < 0 ? -c : c)};
            for (size_t q = 0; q < sizeof ks / sizeof ks[0]; q++)
                for (int64_t delta = -1; delta <= 1; delta++) {
                    int64_t v = c * ks[q] + delta;
                    if (v >= INT32_MIN && v <= INT32_MAX) nd[n++] = (int32_t)v;
                }
        }
        for (int r = 0; r < 150; r++) {
            int32_t v = (int32_t)(lcg(&seed) ^ (lcg(&seed) << 16));
            nd[n++] = r % 2 ? v : v % 1000;
        }
        assert_true(n <= 1200);
        total += check_divs(cs + first, k, nd, n, sets % 4 == 0);
    }
    print_message("division by a constant: %d constants in %d programs, no idiv left, %d fast tiles\n", nc, sets, total);
    assert_true(total >= 2 * nc - 4);
}

/* lea, the base kept in r11, jump threading: each tile is there, and runs agree. */
static const char *tiles_src = "func t(buf p, i32 a, i32 b) {\n"
                               "entry:\n"
                               "    x = add a, 5\n"
                               "    y = sub a, 7\n"
                               "    z = add x, y\n"
                               "    w = add z, b\n"
                               "    l0 = load p, 0\n"
                               "    l1 = load p, 1\n"
                               "    s = add l0, l1\n"
                               "    store p, 2, s\n"
                               "    c = lt a, b\n"
                               "    branch c, edge, other\n"
                               "edge:\n"
                               "    jump join\n"
                               "other:\n"
                               "    u = mul w, 3\n"
                               "    store p, 3, u\n"
                               "    jump join\n"
                               "join:\n"
                               "    v = add w, a\n"
                               "    r = add v, x\n"
                               "    r2 = add r, y\n"
                               "    r3 = add r2, z\n"
                               "    return r3\n"
                               "}\n";

static void test_new_tiles(void **state) {
    (void)state;
    McModule *m = parse_text(tiles_src);
    assert_true(tiles_matching(m->funcs[0], 1, "lea reg, [reg + imm]", NULL) >= 1);
    assert_true(tiles_matching(m->funcs[0], 1, "lea reg, [reg + reg]", NULL) >= 1);
    assert_true(tiles_matching(m->funcs[0], 1, "[base + index*4]", "already in r11") >= 2);
    /* bubble sort: the branch out of the inner loop's compare goes to an edge block that only jumps */
    const char *bubble = "int bubble(int a[], int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++)\n"
                         "    for (int j = 0; j + 1 < n - i; j++)\n      if (a[j] > a[j + 1]) {\n"
                         "        int t = a[j];\n        a[j] = a[j + 1];\n        a[j + 1] = t;\n        s++;\n      }\n"
                         "  return s;\n}\n";
    McDiags d;
    mc_diags_init(&d, "b.c", bubble, strlen(bubble));
    McModule *mb = mc_load("b.c", bubble, strlen(bubble), MC_LANG_C, &d);
    assert_non_null(mb);
    mc_diags_free(&d);
    assert_true(tiles_matching(mb->funcs[0], 1, "threaded", "jump threading: 1 block that only jumps skipped") >= 1);
    assert_true(tiles_matching(mb->funcs[0], 1, "[base + index*4]", "already in r11") >= 4);
    assert_true(tiles_matching(mb->funcs[0], 1, "[base + index*4]", "no bounds check") >= 4);
    /* the swap's block is entered only from the compare's: its checks and base are known */
    assert_true(tiles_matching(mb->funcs[0], 1, "[base + index*4]", "the one before it, the only way in") >= 4);
    assert_true(tiles_matching(mb->funcs[0], 1, "jmp to a test (duplicated)", "tail duplication") >= 1);
    if (have_tools()) {
        const char *w[][2] = {{"[5,4,3,2,1]", "5"}, {"[1,2,3]", "3"}, {"[3,1,2,9,0,0,7]", "7"}, {"[1,2]", "3"}};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) {
            McArgs a;
            args_of(mb->funcs[0], 2, (char **)w[k], &a);
            for (int al = 0; al < MC_ALLOC_COUNT; al++) agree(mb->funcs[0], &a, (McAllocator)al, 1, 0, "bubble");
            mc_args_free(&a);
        }
    }
    mc_module_free(mb);
    /* fib: the base case's return repeats the short epilogue; the calls pass the depth in rax */
    const char *fib = "int fib(int n) {\n  if (n < 2) return n;\n  return fib(n - 1) + fib(n - 2);\n}\n";
    mc_diags_init(&d, "f.c", fib, strlen(fib));
    McModule *mf = mc_load("f.c", fib, strlen(fib), MC_LANG_C, &d);
    assert_non_null(mf);
    mc_diags_free(&d);
    assert_true(tiles_matching(mf->funcs[0], 1, "return (epilogue in place)", NULL) >= 1);
    assert_int_equal(tiles_matching(mf->funcs[0], 1, "call", "depth in rax"), 2);
    if (have_tools()) {
        McArgs a;
        args_of(mf->funcs[0], 1, (char *[]){"15"}, &a);
        for (int al = 0; al < MC_ALLOC_COUNT; al++) agree(mf->funcs[0], &a, (McAllocator)al, 1, 0, "fib");
        agree(mf->funcs[0], &a, MC_ALLOC_IMPROVED, 1, 14, "fib, depth 14");
        agree(mf->funcs[0], &a, MC_ALLOC_IMPROVED, 1, 15, "fib, depth 15");
        mc_args_free(&a);
    }
    mc_module_free(mf);
    for (int opt = 0; opt <= 1; opt++) {
        assert_int_equal(tiles_matching(m->funcs[0], opt, "", "already in r11") >= 1, 1);
    }
    /* a bounds check known in the block: the same value, a smaller constant; a larger constant is checked */
    const char *known = "func k(buf p, i32 i) {\n"
                        "entry:\n"
                        "    x = load p, i\n"
                        "    j = add i, 1\n"
                        "    y = load p, j\n"
                        "    store p, i, y\n"
                        "    a = load p, 2\n"
                        "    b = load p, 1\n"
                        "    c = load p, 3\n"
                        "    s = add x, a\n"
                        "    s2 = add s, b\n"
                        "    s3 = add s2, c\n"
                        "    return s3\n"
                        "}\n";
    McModule *mk = parse_text(known);
    assert_int_equal(tiles_matching(mk->funcs[0], 1, "[base + index*4]", "no bounds check"), 2);
    mc_module_free(mk);
    if (have_tools()) {
        const char *w[][2] = {{"[1,2,3,4]", "0"}, {"[1,2,3,4]", "2"}, {"[1,2,3,4]", "3"}, {"[1,2,3]", "0"},
                              {"[1,2]", "0"},     {"[1,2,3,4]", "-1"}};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) agree_text(known, 2, (char **)w[k], 0);
    }
    /* r11 holds p's base before the call; the callee leaves q's there: the load after the call reloads */
    const char *r11_call = "func main(buf p, buf q) {\n"
                           "entry:\n"
                           "    x = load p, 0\n"
                           "    y = call g(q)\n"
                           "    z = load p, 1\n"
                           "    s = add x, y\n"
                           "    s2 = mul s, z\n"
                           "    return s2\n"
                           "}\n"
                           "func g(buf q) {\n"
                           "entry:\n"
                           "    v = load q, 0\n"
                           "    store q, 1, v\n"
                           "    return v\n"
                           "}\n";
    if (have_tools()) {
        McOutcome o = agree_text(r11_call, 2, (char *[]){"[2,3]", "[5,7]"}, 0);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 21);
    }
    if (have_tools()) {
        const char *w[][3] = {{"[1,2,3,4]", "3", "9"}, {"[5,6,7,8]", "9", "3"}, {"[1,2,3]", "1", "2"},
                              {"[1,2,3]", "9", "2"},  {"[2147483647,1,0,0]", "2147483647", "-2147483648"}};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) agree_text(tiles_src, 3, (char **)w[k], 0);
    }
    mc_module_free(m);
}

/* ---- planted bugs ------------------------------------------------------------------------ */

/* The text of m's first function for target t with bug b (NULL: the default options). */
/* two-address: the bug is planted in the emitter's fix-up, which the
 * allocator makes unneeded on x86-64 by default (two-address=copies): it is
 * looked for with two-address=emitter (the text without the bug, then with it). */
static char *emit_with(const McModule *m, McTarget t, const McAsmBug *b) {
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = t;
    McAllocOptions ao;
    mc_alloc_options_default(&ao);
    ao.two_address = MC_TWOADDR_EMITTER;
    if (b) o.bug = *b;
    if (b && *b == MC_ASM_BUG_TWO_ADDRESS) o.alloc = &ao;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McProgram p;
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d)) fail_msg("does not allocate: %s", d.n ? d.v[0].msg : "?");
    char *text = mc_asm_emit(&p, &o, NULL, NULL, &d);
    if (!text) fail_msg("does not emit: %s", d.n ? d.v[0].msg : "?");
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    return text;
}

/* x86-64 text with two-address=emitter (and bug *b). */
static char *emit_with_emitter(const McModule *m, const McAsmBug *b) {
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_X64;
    McAllocOptions ao;
    mc_alloc_options_default(&ao);
    ao.two_address = MC_TWOADDR_EMITTER;
    o.alloc = &ao;
    o.bug = *b;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McProgram p;
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d)) fail_msg("does not allocate: %s", d.n ? d.v[0].msg : "?");
    char *text = mc_asm_emit(&p, &o, NULL, NULL, &d);
    if (!text) fail_msg("does not emit: %s", d.n ? d.v[0].msg : "?");
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    return text;
}

/* Bug none is the default, byte for byte, on every example and every
 * program of tests/asm; rv64 ignores every bug; each bug changes the text of
 * the program of tests/asm written for it (and its spelling round-trips). */
static void test_bug_modes(void **state) {
    (void)state;
    glob_t g;
    assert_int_equal(glob("share/minicc/examples/*.ir", 0, NULL, &g), 0);
    assert_int_equal(glob("tests/asm/*.ir", GLOB_APPEND, NULL, &g), 0);
    assert_true(g.gl_pathc >= 15);
    static const char *const planted_in[MC_ASM_BUG_COUNT] = {
        NULL, "tests/asm/twoaddr.ir", "tests/asm/negdiv.ir", "tests/asm/shiftvar.ir", "tests/asm/callsave.ir",
        "tests/asm/saves.ir",
    };
    int changed = 0;
    for (size_t i = 0; i < g.gl_pathc; i++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[i], NULL, 0);
        char *src = NULL;
        McModule *m = mc_load_file(g.gl_pathv[i], MC_LANG_AUTO, &d, &src);
        if (!m) fail_msg("%s does not load", g.gl_pathv[i]);
        char *def = emit_with(m, MC_TARGET_X64, NULL), *rdef = emit_with(m, MC_TARGET_RV64, NULL);
        for (int b = 0; b < MC_ASM_BUG_COUNT; b++) {
            McAsmBug bug = (McAsmBug)b;
            assert_int_equal(mc_asm_bug_lookup(mc_asm_bug_name(bug)), b);
            char *x = emit_with(m, MC_TARGET_X64, &bug), *r = emit_with(m, MC_TARGET_RV64, &bug);
            if (b == MC_ASM_BUG_NONE && strcmp(x, def) != 0) fail_msg("%s: bug none differs from the default", g.gl_pathv[i]);
            if (strcmp(r, rdef) != 0) fail_msg("%s: rv64 changed by bug %s", g.gl_pathv[i], mc_asm_bug_name(bug));
            if (planted_in[b] && strcmp(g.gl_pathv[i], planted_in[b]) == 0) {
                McAsmBug none = MC_ASM_BUG_NONE;
                char *base = b == MC_ASM_BUG_TWO_ADDRESS ? emit_with_emitter(m, &none) : NULL;
                if (strcmp(x, base ? base : def) == 0)
                    fail_msg("%s: bug %s changes nothing", g.gl_pathv[i], mc_asm_bug_name(bug));
                free(base);
                changed++;
            }
            free(x);
            free(r);
        }
        free(def);
        free(rdef);
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    assert_int_equal(changed, MC_ASM_BUG_COUNT - 1);
    assert_int_equal(mc_asm_bug_lookup("no-such-bug"), -1);
    assert_int_equal(mc_asm_bug_lookup(NULL), -1);
}

/* The call sequence: the depth budget travels in rax and counts down (dec
 * sets the flags: no compare), only a function that calls keeps it at
 * rbp - 8; a value computed by a block's last instruction and returned is
 * computed in eax (the listing says so), a call's result stays in eax. */
static const char *ret_src = "func f(i32 a, i32 b) {\n"
                             "entry:\n"
                             "    x = mul a, b\n"
                             "    y = add x, 7\n"
                             "    c = lt y, 100\n"
                             "    branch c, small, big\n"
                             "small:\n"
                             "    z = sub y, b\n"
                             "    return z\n"
                             "big:\n"
                             "    w = call g(y)\n"
                             "    return w\n"
                             "}\n"
                             "func g(i32 n) {\n"
                             "entry:\n"
                             "    m = mul n, 3\n"
                             "    return m\n"
                             "}\n";

static void test_call_sequence(void **state) {
    (void)state;
    McModule *m = parse_text(ret_src);
    for (int opt = 1; opt >= 0; opt--)
        for (int al = 0; al < MC_ALLOC_COUNT; al++) {
            McAsmOptions o;
            mc_asm_options_default(&o);
            o.target = MC_TARGET_X64;
            o.allocator = (McAllocator)al;
            o.opt_level = opt;
            McDiags d;
            mc_diags_init(&d, NULL, NULL, 0);
            McProgram p;
            McFunc *prepared = NULL;
            assert_true(mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d));
            McAsmListing l;
            memset(&l, 0, sizeof l);
            char *text = mc_asm_emit(&p, &o, NULL, &l, &d);
            assert_non_null(text);
            assert_null(strstr(text, "cmp rax"));
            assert_null(strstr(text, "inc rax"));
            int in_eax = 0;
            for (int32_t k = 0; k < l.n; k++) {
                const McAsmTile *t = &l.tile[k];
                if (t->what == MC_TILE_PROLOGUE) {
                    assert_non_null(strstr(t->text, "dec rax"));
                    assert_non_null(strstr(t->text, "js minicc_trap_depth"));
                    /* f calls (keeps its budget), g does not */
                    assert_true((strstr(t->text, "mov qword ptr [rbp - 8], rax") != NULL) == (t->func == 0));
                }
                if (t->pattern && strstr(t->pattern, "computed in eax")) {
                    in_eax++;
                    assert_true(strncmp(t->text, "    mov eax", 11) != 0); /* no move into eax */
                    const McAsmTile *prev = &l.tile[k - 1];
                    /* the tile before writes eax (a call's result is there already) */
                    assert_true(strstr(prev->text, "call minicc_f") != NULL || strstr(prev->text, " eax, ") != NULL ||
                                strstr(prev->text, " eax,") != NULL);
                }
            }
            if (opt == 1) assert_int_equal(in_eax, 3);
            free(text);
            mc_asm_listing_free(&l);
            mc_program_free(&p);
            mc_func_free(prepared);
            mc_diags_free(&d);
        }
    mc_module_free(m);
    if (have_tools()) {
        const char *w[][2] = {{"3", "4"}, {"30", "40"}, {"-5", "7"}, {"2147483647", "2"}};
        for (size_t k = 0; k < sizeof w / sizeof w[0]; k++) agree_text(ret_src, 2, (char **)w[k], 0);
    }
}

static void test_summary(void **state) {
    (void)state;
    if (!have_tools()) skip();
    print_message("stage asm: %d runs, %d compared with the interpreter\n", runs, compared);
    assert_true(compared > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_listing),       cmocka_unit_test(test_minic_lines),
        cmocka_unit_test(test_division_and_shifts), cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_depth),         cmocka_unit_test(test_calls),
        cmocka_unit_test(test_pressure),      cmocka_unit_test(test_div_const),
        cmocka_unit_test(test_new_tiles),     cmocka_unit_test(test_bug_modes),
        cmocka_unit_test(test_call_sequence),
        cmocka_unit_test(test_examples),      cmocka_unit_test(test_generated),
        cmocka_unit_test(test_generated_calls), cmocka_unit_test(test_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
