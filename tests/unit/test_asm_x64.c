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
 * once, every tile's cost the number of instructions in its text.
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
        cmocka_unit_test(test_pressure),
        cmocka_unit_test(test_examples),      cmocka_unit_test(test_generated),
        cmocka_unit_test(test_generated_calls), cmocka_unit_test(test_summary),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
