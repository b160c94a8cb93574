/* test_parse.c - the IR text format: parser, printer and their round trip.
 *
 * What is checked here:
 *   - print(parse(x)) is a fixed point on every .ir file of tests/ir, the
 *     shipped examples and a generated 100k-block function;
 *   - source locations of values, operands, instructions, phis, phi
 *     predecessors, terminators, targets and labels;
 *   - a table of malformed inputs, each with its exact first diagnostic
 *     (line, column, message); the CLI transcripts in tests/parse/bad.t show
 *     the same errors with their carets;
 *   - hostile input (NUL bytes, invalid UTF-8, 1 MB lines, random bytes,
 *     random token mutations of valid files) never crashes, and a failed
 *     parse always says why with a position inside the text.
 * Run from the repository root (tests/run.sh does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/diag.h"
#include "minicc/ir.h"
#include "minicc/minic.h"
#include "minicc/parse.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* ---- helpers ------------------------------------------------------------------- */

static McModule *parse_str(const char *src, McDiags *d) {
    mc_diags_init(d, "t.ir", src, strlen(src));
    return mc_parse("t.ir", src, strlen(src), d);
}

/* The module printed into a malloc'd string. */
static char *print_module(const McModule *m) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    mc_module_print(m, f);
    fclose(f);
    return buf;
}

static void print_diags(const McDiags *d) {
    char line[512];
    for (int i = 0; i < d->n; i++) fprintf(stderr, "  %s\n", mc_diag_line(d, i, line, sizeof line));
}

/* Parse src, which must be valid; print; parse the print; print again; the
 * two prints must match. Returns the first print (malloc'd). */
static char *roundtrip(const char *name, const char *src, size_t len) {
    McDiags d;
    mc_diags_init(&d, name, src, len);
    McModule *m = mc_parse(name, src, len, &d);
    if (!m) {
        fprintf(stderr, "%s does not parse:\n", name);
        print_diags(&d);
    }
    assert_non_null(m);
    assert_int_equal(d.n, 0);
    char *p1 = print_module(m);
    mc_diags_free(&d);
    mc_diags_init(&d, "print", p1, strlen(p1));
    McModule *m2 = mc_parse("print", p1, strlen(p1), &d);
    if (!m2) print_diags(&d);
    assert_non_null(m2);
    assert_int_equal(m2->nfuncs, m->nfuncs);
    for (int32_t i = 0; i < m->nfuncs; i++) {
        assert_string_equal(m2->funcs[i]->name, m->funcs[i]->name);
        assert_int_equal(m2->funcs[i]->form, m->funcs[i]->form);
        assert_int_equal(m2->funcs[i]->nblocks, m->funcs[i]->nblocks);
        assert_int_equal(m2->funcs[i]->nvalues, m->funcs[i]->nvalues);
    }
    char *p2 = print_module(m2);
    if (strcmp(p1, p2) != 0) fprintf(stderr, "%s: print is not a fixed point:\n%s\n---\n%s\n", name, p1, p2);
    assert_string_equal(p1, p2);
    free(p2);
    mc_module_free(m);
    mc_module_free(m2);
    mc_diags_free(&d);
    return p1;
}

/* The first diagnostic of a parse that must fail, as `t.ir:L:C: error: M`. */
static char first_buf[4096];
static const char *first_diag(const char *src, size_t len) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, len);
    McModule *m = mc_parse("t.ir", src, len, &d);
    if (m) fprintf(stderr, "unexpectedly parsed:\n%.*s\n", (int)len, src);
    assert_null(m);
    assert_true(d.n > 0);
    mc_diag_line(&d, 0, first_buf, sizeof first_buf);
    mc_diags_free(&d);
    return first_buf;
}

/* ---- round trips ---------------------------------------------------------------- */

static int roundtrip_dir(const char *dir) {
    DIR *dp = opendir(dir);
    if (!dp) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".ir") != 0) continue;
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        size_t len;
        char *src = mc_read_file(path, &len);
        assert_non_null(src);
        free(roundtrip(path, src, len));
        free(src);
        n++;
    }
    closedir(dp);
    return n;
}

static void test_roundtrip_corpus(void **state) {
    (void)state;
    int n = roundtrip_dir("tests/ir") + roundtrip_dir("share/minicc/examples");
    assert_true(n >= 8);
}

/* A file already in canonical form prints back byte for byte. */
static void test_print_canonical(void **state) {
    (void)state;
    const char *src = "func f(i32 n, buf b) {\n"
                      "entry:\n"
                      "    x = load b, 0\n"
                      "    store b, 1, x\n"
                      "    c = lt x, n\n"
                      "    branch c, yes, no\n"
                      "yes:\n"
                      "    jump join\n"
                      "no:\n"
                      "    jump join\n"
                      "join:\n"
                      "    a = phi [yes: 1], [no: -2147483648]\n"
                      "    y = copy a\n"
                      "    return y\n"
                      "}\n"
                      "\n"
                      "func g() {\n"
                      "start:\n"
                      "    return 0\n"
                      "}\n";
    char *p = roundtrip("canon", src, strlen(src));
    assert_string_equal(p, src);
    free(p);
}

/* Whitespace, comments and number spellings do not survive; the program does. */
static void test_print_normalizes(void **state) {
    (void)state;
    const char *src = "# leading comment\r\n"
                      "func   f ( i32 n ,buf b){entry:x=add n,007 # trailing\n"
                      "\tstore b,-0,x return x}func g(){e: return -5}";
    const char *want = "func f(i32 n, buf b) {\n"
                       "entry:\n"
                       "    x = add n, 7\n"
                       "    store b, 0, x\n"
                       "    return x\n"
                       "}\n"
                       "\n"
                       "func g() {\n"
                       "e:\n"
                       "    return -5\n"
                       "}\n";
    char *p = roundtrip("norm", src, strlen(src));
    assert_string_equal(p, want);
    free(p);
}

/* 100k blocks: a chain with a loop back to the second block, phis whose
 * operands come from later blocks, uses before their text position. Parsing,
 * verifying and printing must work in constant stack. */
static void test_hundred_thousand_blocks(void **state) {
    (void)state;
    enum { N = 100000 };
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, "# generated\nfunc big(i32 n) {\nentry:\n    x0 = copy 0\n    jump b1\n");
    mc_str_puts(&s, "b1:\n    x1 = phi [entry: x0], [b" "99999: x99999]\n    j1 = add x1, 1\n    jump b2\n");
    for (int i = 2; i < N; i++) {
        mc_str_printf(&s, "b%d:\n    x%d = add x%d, %d\n", i, i, i - 1, i);
        if (i == N - 1)
            mc_str_printf(&s, "    c = lt x%d, n\n    branch c, b1, done\n", i);
        else
            mc_str_printf(&s, "    jump b%d\n", i + 1);
    }
    mc_str_puts(&s, "done:\n    return x99999\n}\n");
    McDiags d;
    mc_diags_init(&d, "big", s.s, s.len);
    McModule *m = mc_parse("big", s.s, s.len, &d);
    if (!m) print_diags(&d);
    assert_non_null(m);
    McFunc *f = m->funcs[0];
    assert_int_equal(f->nblocks, N + 1);
    assert_int_equal(f->blocks[1].phis[0].args[1].block, N - 1);
    assert_int_equal(f->blocks[N - 1].term.target[0], 1);
    assert_int_equal(mc_loc(f, f->blocks[N].loc).line, 3 + 2 + 4 + 3 * (N - 3) + 4 + 1);
    mc_module_free(m);
    mc_diags_free(&d);
    free(roundtrip("big", s.s, s.len));
    mc_str_free(&s);
}

/* ---- locations ------------------------------------------------------------------- */

static void assert_loc(const McFunc *f, McPos pos, int line, int col) {
    McLoc l = mc_loc(f, pos);
    if (l.line != line || l.col != col) fprintf(stderr, "loc %d:%d, want %d:%d\n", l.line, l.col, line, col);
    assert_int_equal(l.line, line);
    assert_int_equal(l.col, col);
}

/* The IR's 4-byte positions: near ones packed, far ones (long lines, huge
 * files) through the function's table, each stored once; 0 is "synthesized". */
static void test_packed_positions(void **state) {
    (void)state;
    McFunc *f = mc_func_new("p", NULL);
    assert_false(mc_pos_known(mc_pos(f, (McLoc){0, 0})));
    assert_false(mc_pos_known(mc_pos(f, (McLoc){0, 17})));
    assert_int_equal(mc_loc(f, mc_pos(f, (McLoc){0, 0})).line, 0);
    static const McLoc cases[] = {{1, 0},       {1, 1},          {7, 2047},       {7, 2048},    {1048575, 2047},
                                  {1048576, 1}, {1048579, 10},  {3, 1048600},    {2000000, 5000}, {INT32_MAX, INT32_MAX}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        McPos p = mc_pos(f, cases[i]);
        assert_true(mc_pos_known(p));
        assert_loc(f, p, cases[i].line, cases[i].col);
        assert_true(mc_pos_eq(p, mc_pos(f, cases[i]))); /* the same position, the same bits */
    }
    /* Many distinct far positions (the table grows and rehashes) stay exact. */
    for (int32_t k = 0; k < 5000; k++) assert_loc(f, mc_pos(f, (McLoc){2000000 + k, 3000 + k}), 2000000 + k, 3000 + k);
    for (int32_t k = 0; k < 5000; k += 97) assert_loc(f, mc_pos(f, (McLoc){2000000 + k, 3000 + k}), 2000000 + k, 3000 + k);
    assert_false(mc_pos_eq(mc_pos(f, (McLoc){5, 6}), mc_pos(f, (McLoc){5, 7})));
    mc_func_free(f);
}

static void test_locations(void **state) {
    (void)state;
    McDiags d;
    const char *src = "# header\n"                                     /* 1 */
                      "func f(i32 n, buf b) {\n"                       /* 2 */
                      "entry:\n"                                       /* 3 */
                      "    jump head\n"                                /* 4 */
                      "head:\n"                                        /* 5 */
                      "    i = phi [entry: 0], [body: i1]\n"           /* 6 */
                      "    c = lt i, n\n"                              /* 7 */
                      "\tbranch c, body, exit\n"                       /* 8 */
                      "body:\n"                                        /* 9 */
                      "    store b, i, 7\n"                            /* 10 */
                      "    i1 = add i, 1\n"                            /* 11 */
                      "    jump head\n"                                /* 12 */
                      "  exit:\n"                                      /* 13 */
                      "    return i\n"                                 /* 14 */
                      "}\n";
    McModule *m = parse_str(src, &d);
    if (!m) print_diags(&d);
    assert_non_null(m);
    McFunc *f = m->funcs[0];
    assert_loc(f, f->loc, 2, 1);
    assert_loc(f, f->values[mc_func_find_value(f, "n")].loc, 2, 12);
    assert_loc(f, f->values[mc_func_find_value(f, "b")].loc, 2, 19);
    assert_int_equal(f->values[mc_func_find_value(f, "b")].kind, MC_VAL_BUF);
    assert_int_equal(f->values[mc_func_find_value(f, "b")].param, 1);
    /* i1 is used on line 6 but defined on line 11: its loc is the definition. */
    assert_loc(f, f->values[mc_func_find_value(f, "i1")].loc, 11, 5);
    assert_loc(f, f->values[mc_func_find_value(f, "i")].loc, 6, 5);
    McBlock *entry = &f->blocks[0], *head = &f->blocks[1], *body = &f->blocks[2], *exit_ = &f->blocks[3];
    assert_loc(f, entry->loc, 3, 1);
    assert_loc(f, entry->term.loc, 4, 5);
    assert_loc(f, entry->term.tloc[0], 4, 10);
    assert_int_equal(entry->term.target[0], 1);
    McPhi *phi = &head->phis[0];
    assert_loc(f, phi->loc, 6, 5);
    assert_int_equal(phi->nargs, 2);
    assert_loc(f, phi->args[0].bloc, 6, 14);
    assert_loc(f, phi->args[0].val.loc, 6, 21);
    assert_int_equal(phi->args[0].val.kind, MC_OPND_CONST);
    assert_loc(f, phi->args[1].bloc, 6, 26);
    assert_loc(f, phi->args[1].val.loc, 6, 32);
    assert_int_equal(phi->args[1].block, 2);
    assert_loc(f, head->insts[0].loc, 7, 5);
    assert_loc(f, head->insts[0].a[0].loc, 7, 12);
    assert_loc(f, head->insts[0].a[1].loc, 7, 15);
    /* A tab counts as one column. */
    assert_loc(f, head->term.loc, 8, 2);
    assert_loc(f, head->term.arg.loc, 8, 9);
    assert_loc(f, head->term.tloc[0], 8, 12);
    assert_loc(f, head->term.tloc[1], 8, 18);
    assert_int_equal(head->term.target[0], 2);
    assert_int_equal(head->term.target[1], 3);
    assert_int_equal(body->insts[0].op, MC_OP_STORE);
    assert_int_equal(body->insts[0].dest, MC_NONE);
    assert_loc(f, body->insts[0].loc, 10, 5);
    assert_loc(f, body->insts[0].a[0].loc, 10, 11);
    assert_loc(f, body->insts[0].a[1].loc, 10, 14);
    assert_loc(f, body->insts[0].a[2].loc, 10, 17);
    assert_int_equal(body->insts[0].a[2].v, 7);
    assert_loc(f, exit_->loc, 13, 3);
    assert_loc(f, exit_->term.arg.loc, 14, 12);
    assert_string_equal(m->file, "t.ir");
    assert_string_equal(f->file, "t.ir");
    assert_int_equal(f->form, MC_FORM_SSA);
    mc_module_free(m);
    mc_diags_free(&d);
}

static void test_module_shape(void **state) {
    (void)state;
    McDiags d;
    McModule *m = parse_str("func a() { e: return 1 }\nfunc b(i32 x) { e: return x }\n"
                            "func c(buf q) { e: v = load q, 0\n return v }",
                            &d);
    assert_non_null(m);
    assert_int_equal(m->nfuncs, 3);
    assert_string_equal(m->funcs[0]->name, "a");
    assert_string_equal(m->funcs[2]->name, "c");
    assert_true(mc_module_find(m, "b") == m->funcs[1]);
    assert_int_equal(m->funcs[1]->nparams, 1);
    assert_loc(m->funcs[1], m->funcs[1]->loc, 2, 1);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* Mutable form: names (a parameter too) assigned more than once. */
static void test_mutable_form(void **state) {
    (void)state;
    McDiags d;
    McModule *m = parse_str("func f(i32 n) {\nentry:\n    r = copy 1\n    jump h\nh:\n    c = lt 0, n\n"
                            "    branch c, b, x\nb:\n    r = mul r, n\n    n = sub n, 1\n    jump h\nx:\n"
                            "    return r\n}\n",
                            &d);
    if (!m) print_diags(&d);
    assert_non_null(m);
    McFunc *f = m->funcs[0];
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    /* First definitions: r on line 3, n as the parameter. */
    assert_loc(f, f->values[mc_func_find_value(f, "r")].loc, 3, 5);
    assert_loc(f, f->values[mc_func_find_value(f, "n")].loc, 1, 12);
    mc_module_free(m);
    mc_diags_free(&d);
}

static void test_int_range(void **state) {
    (void)state;
    McDiags d;
    McModule *m = parse_str("func f() {\ne:\n  a = add -2147483648, 2147483647\n  b = sub -0, 0\n  return a\n}", &d);
    assert_non_null(m);
    McInst *in = &m->funcs[0]->blocks[0].insts[0];
    assert_int_equal(in->a[0].kind, MC_OPND_CONST);
    assert_int_equal(in->a[0].v, INT32_MIN);
    assert_int_equal(in->a[1].v, INT32_MAX);
    assert_int_equal(m->funcs[0]->blocks[0].insts[1].a[0].v, 0);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* Names of any length, with '$' and '.', and value names equal to block names. */
static void test_long_names(void **state) {
    (void)state;
    size_t n = 1 << 20;
    McStr s;
    mc_str_init(&s);
    char *name = mc_xmalloc(n + 1);
    memset(name, 'x', n);
    name[0] = '$';
    name[n / 2] = '.';
    name[n] = 0;
    mc_str_printf(&s, "func %s() {\n%s:\n    %s = copy 1\n    return %s\n}\n", name, name, name, name);
    char *p = roundtrip("long", s.s, s.len);
    assert_string_equal(p, s.s);
    free(p);
    free(name);
    mc_str_free(&s);
}

/* ---- malformed input --------------------------------------------------------------- */

typedef struct Bad {
    const char *src;
    const char *diag; /* the first diagnostic */
} Bad;

#define F(body) "func f(i32 n, buf b) {\nentry:\n" body "}\n"

static const Bad bad[] = {
    /* lexical */
    {"", "t.ir:1:1: error: unexpected end of file, expected 'func'"},
    {"# only a comment\n\n   # and another\n", "t.ir:1:1: error: unexpected end of file, expected 'func'"},
    {F("    x = copy @\n    return x\n"), "t.ir:3:14: error: invalid character '@'"},
    {F("    x = copy 1;\n    return x\n"), "t.ir:3:15: error: invalid character ';'"},
    {F("    x = copy \xff\n    return x\n"), "t.ir:3:14: error: invalid byte 0xFF (not UTF-8)"},
    {F("    x = copy \xc3\xa9\n    return x\n"), "t.ir:3:14: error: invalid character U+00E9"},
    {F("    x = copy \xc0\x80\n    return x\n"), "t.ir:3:14: error: invalid byte 0xC0 (not UTF-8)"},
    {F("    x = copy \xed\xa0\x80\n    return x\n"), "t.ir:3:14: error: invalid byte 0xED (not UTF-8)"},
    {F("    x = copy - 1\n    return x\n"), "t.ir:3:14: error: expected a digit after '-'"},
    {F("    x = copy 12abc\n    return x\n"), "t.ir:3:14: error: invalid integer '12abc'"},
    {F("    x = copy 1.5\n    return x\n"), "t.ir:3:14: error: invalid integer '1.5'"},
    {F("    x = copy 2147483648\n    return x\n"), "t.ir:3:14: error: integer 2147483648 out of range for i32"},
    {F("    x = copy -2147483649\n    return x\n"), "t.ir:3:14: error: integer -2147483649 out of range for i32"},
    {F("    return 99999999999999999999999999999999999999999999999999\n"),
     "t.ir:3:12: error: integer 9999999999999999999999999999999999999999... out of range for i32"},
    /* structure */
    {"fun f() {\ne:\n  return 0\n}\n", "t.ir:1:1: error: expected 'func', found 'fun'"},
    {"func () {\ne:\n  return 0\n}\n", "t.ir:1:6: error: expected function name after 'func', found '('"},
    {"func f {\ne:\n  return 0\n}\n", "t.ir:1:8: error: expected '(' after function name, found '{'"},
    {"func f(int n) {\ne:\n  return 0\n}\n", "t.ir:1:8: error: expected parameter type 'i32' or 'buf', found 'int'"},
    {"func f(i32) {\ne:\n  return 0\n}\n", "t.ir:1:11: error: expected parameter name, found ')'"},
    {"func f(i32 a i32 b) {\ne:\n  return 0\n}\n", "t.ir:1:14: error: expected ',' or ')' after parameter, found 'i32'"},
    {"func f(i32 a,) {\ne:\n  return 0\n}\n", "t.ir:1:14: error: expected parameter type 'i32' or 'buf', found ')'"},
    {"func f()\ne:\n  return 0\n}\n", "t.ir:1:9: error: expected '{' after parameter list, found the end of the line"},
    {"func f() {\n}\n", "t.ir:2:1: error: function 'f' has no blocks"},
    {"func f() {\n  x = copy 1\n  return x\n}\n", "t.ir:2:3: error: expected block label, found 'x'"},
    {F("    x = copy 1\n"), "t.ir:4:1: error: expected 'return', 'jump' or 'branch' to end block 'entry', found '}'"},
    {F("    x = copy 1\nnext:\n    return x\n"),
     "t.ir:4:1: error: expected 'return', 'jump' or 'branch' to end block 'entry', found label 'next'"},
    {F("    return 1\n    x = copy 2\n"), "t.ir:4:5: error: expected block label or '}' after terminator, found 'x'"},
    {F("    return 1\n    return 2\n"), "t.ir:4:5: error: expected block label or '}' after terminator, found 'return'"},
    {"func f() {\ne:\n    return 1\n", "t.ir:3:13: error: unexpected end of file, expected '}'"},
    {"func f() {\ne:\n    return 1\n\nfunc g() {\ne:\n    return 2\n}\n",
     "t.ir:5:1: error: expected '}' at end of function 'f', found 'func'"},
    {"func f() {\ne:\n    return 1\n}\n}\n", "t.ir:5:1: error: expected 'func', found '}'"},
    {"func f() {\ne:\n    return 1\n}\nfunc f() {\ne:\n    return 2\n}\n", "t.ir:5:6: error: duplicate function 'f'"},
    {"func f() {\nhead:\n    return 1\nhead:\n    return 2\n}\n", "t.ir:4:1: error: duplicate block 'head'"},
    /* instructions */
    {F("    x = addd n, 1\n    return x\n"), "t.ir:3:9: error: unknown opcode 'addd' (did you mean 'add'?)"},
    {F("    x = add n foo\n    return x\n"), "t.ir:3:15: error: expected ',' after operand, found 'foo'"},
    {F("    x = add n,\n    return x\n"), "t.ir:3:15: error: expected operand after ',', found the end of the line"},
    {F("    x = add , n\n    return x\n"), "t.ir:3:13: error: expected operand after 'add', found ','"},
    {F("    x = copy\n    return x\n"), "t.ir:3:13: error: expected operand after 'copy', found the end of the line"},
    {F("    x =\n    return x\n"), "t.ir:4:5: error: 'return' does not produce a value"},
    {F("    x = 5\n    return x\n"), "t.ir:3:9: error: expected opcode after '=', found '5'"},
    {F("    x = i32 5\n    return x\n"), "t.ir:3:9: error: expected opcode after '=', found 'i32'"},
    {F("    x = store b, 0, 1\n    return x\n"), "t.ir:3:9: error: 'store' does not produce a value"},
    {F("    add = copy 1\n    return 0\n"), "t.ir:3:5: error: 'add' is reserved and cannot be a name"},
    {F("    x = copy phi\n    return x\n"), "t.ir:3:14: error: expected operand after 'copy', found 'phi'"},
    {F("    add x, 1\n    return 0\n"), "t.ir:3:5: error: 'add' needs a destination (NAME = add ...)"},
    {F("    x copy 1\n    return 0\n"), "t.ir:3:7: error: expected '=' or ':' after 'x', found 'copy'"},
    {F("    retrun 0\n"), "t.ir:3:5: error: unknown instruction 'retrun' (did you mean 'return'?)"},
    {F("    , x\n    return 0\n"), "t.ir:3:5: error: expected instruction, found ','"},
    {F("    return\n}\n"), "t.ir:3:11: error: expected value after 'return', found the end of the line"},
    {F("    jump 5\n"), "t.ir:3:10: error: expected block name after 'jump', found '5'"},
    {F("    branch n, entry\n"), "t.ir:3:20: error: expected ',' and the block for zero (branch COND, NONZERO, ZERO), found the end of the line"},
    {F("    branch n entry, entry\n"), "t.ir:3:14: error: expected ',' after condition, found 'entry'"},
    {F("    jump nowhere\n"), "t.ir:3:10: error: unknown block 'nowhere'"},
    {F("    branch n, a, elsewhere\na:\n    return 0\n"), "t.ir:3:18: error: unknown block 'elsewhere'"},
    /* phis */
    {F("    jump h\nh:\n    x = phi\n    return x\n"), "t.ir:5:12: error: expected '[' after 'phi', found the end of the line"},
    {F("    jump h\nh:\n    x = phi [entry 1]\n    return x\n"),
     "t.ir:5:20: error: expected ':' after block name, found '1'"},
    {F("    jump h\nh:\n    x = phi [entry: 1\n    return x\n"),
     "t.ir:5:22: error: expected ']' after value, found the end of the line"},
    {F("    jump h\nh:\n    x = phi [entry: 1] [h: 2]\n    jump h\n"),
     "t.ir:5:24: error: expected ',' between incoming values, found '['"},
    {F("    jump h\nh:\n    x = phi [entry: 1],\n    jump h\n"),
     "t.ir:5:24: error: expected '[' after ',', found the end of the line"},
    {F("    jump h\nh:\n    x = phi [1: 1]\n    return x\n"),
     "t.ir:5:14: error: expected predecessor block name after '[', found '1'"},
    {F("    jump h\nh:\n    x = phi [nope: 1]\n    return x\n"), "t.ir:5:14: error: unknown block 'nope'"},
    {F("    jump h\nh:\n    y = copy 1\n    x = phi [entry: 1]\n    return x\n"),
     "t.ir:6:5: error: phi 'x' must come before the instructions of block 'h'"},
    /* buffers and parameters */
    {"func f(i32 n, i32 n) {\ne:\n  return n\n}\n", "t.ir:1:19: error: duplicate parameter 'n'"},
    {"func f(i32 n, buf n) {\ne:\n  return n\n}\n", "t.ir:1:19: error: duplicate parameter 'n'"},
    {"func f(i32 phi) {\ne:\n  return 0\n}\n", "t.ir:1:12: error: 'phi' is reserved and cannot be a name"},
    {"func load() {\ne:\n  return 0\n}\n", "t.ir:1:6: error: 'load' is reserved and cannot be a name"},
    {F("    x = add b, 1\n    return x\n"), "t.ir:3:13: error: buffer 'b' cannot be used as a scalar"},
    {F("    return b\n"), "t.ir:3:12: error: buffer 'b' cannot be used as a scalar"},
    {F("    branch b, entry, entry\n"), "t.ir:3:12: error: buffer 'b' cannot be used as a scalar"},
    {F("    b = copy 1\n    return 0\n"), "t.ir:3:5: error: cannot assign to buffer 'b'"},
    {F("    x = load n, 0\n    return x\n"), "t.ir:3:14: error: 'n' is not a buffer (a buf parameter, or a local buffer defined above)"},
    {F("    x = load q, 0\n    return x\n"), "t.ir:3:14: error: 'q' is not a buffer (a buf parameter, or a local buffer defined above)"},
    {F("    x = load 3, 0\n    return x\n"), "t.ir:3:14: error: expected buffer name after 'load', found '3'"},
    {F("    store n, 0, 1\n    return 0\n"), "t.ir:3:11: error: 'n' is not a buffer (a buf parameter, or a local buffer defined above)"},
    {F("    store b, 0, b\n    return 0\n"), "t.ir:3:17: error: buffer 'b' cannot be used as a scalar"},
    {F("    store b, b, 1\n    return 0\n"), "t.ir:3:14: error: buffer 'b' cannot be used as a scalar"},
    {F("    store b 0, 1\n    return 0\n"), "t.ir:3:13: error: expected ',' after operand, found '0'"},
    {F("    x = load b, 0\n    jump h\nh:\n    b = phi [entry: x]\n    return 0\n"),
     "t.ir:6:5: error: cannot assign to buffer 'b'"},
};

static void test_bad_inputs(void **state) {
    (void)state;
    int failures = 0;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *got = first_diag(bad[i].src, strlen(bad[i].src));
        if (strcmp(got, bad[i].diag) != 0) {
            fprintf(stderr, "case %zu:\n%s\n  want: %s\n  got:  %s\n", i, bad[i].src, bad[i].diag, got);
            failures++;
        }
    }
    assert_int_equal(failures, 0);
}

/* Several independent mistakes are all reported, in source order. */
static void test_recovery(void **state) {
    (void)state;
    const char *src = "func f(i32 n) {\n"
                      "entry:\n"
                      "    x = addd n, 1\n"
                      "    y = add n foo\n"
                      "    z = copy 2147483648\n"
                      "    w = copy @\n"
                      "    jump nowhere\n"
                      "later:\n"
                      "    v = add @\n"
                      "    return 0\n"
                      "}\n"
                      "func g() {\n"
                      "e:\n"
                      "    return q q\n"
                      "}\n";
    McDiags d;
    McModule *m = parse_str(src, &d);
    assert_null(m);
    const char *want[] = {
        "t.ir:3:9: error: unknown opcode 'addd' (did you mean 'add'?)",
        "t.ir:4:15: error: expected ',' after operand, found 'foo'",
        "t.ir:5:14: error: integer 2147483648 out of range for i32",
        "t.ir:6:14: error: invalid character '@'",
        "t.ir:7:10: error: unknown block 'nowhere'", /* found at the '}', reported in order */
        "t.ir:9:13: error: invalid character '@'",
        "t.ir:14:14: error: expected block label or '}' after terminator, found 'q'",
    };
    char line[512];
    if (d.n != (int)(sizeof want / sizeof want[0])) print_diags(&d);
    assert_int_equal(d.n, (int)(sizeof want / sizeof want[0]));
    for (int i = 0; i < d.n; i++) assert_string_equal(mc_diag_line(&d, i, line, sizeof line), want[i]);
    mc_diags_free(&d);
}

/* A one-line file with an error does not swallow the next function silently. */
static void test_error_cap(void **state) {
    (void)state;
    McStr s;
    mc_str_init(&s);
    mc_str_puts(&s, "func f() {\ne:\n");
    for (int i = 0; i < 1000; i++) mc_str_puts(&s, "    x = bogus 1\n");
    mc_str_puts(&s, "    return 0\n}\n");
    McDiags d;
    McModule *m = parse_str(s.s, &d);
    assert_null(m);
    assert_int_equal(d.n, 21);
    assert_string_equal(d.v[20].msg, "too many errors, giving up");
    mc_diags_free(&d);
    mc_str_free(&s);
}

/* The cap lives in the list (mc_diags_limit, mc_vdiag_capped): each parse
 * into one list gets its own 20 errors, the IR parser's and MiniC's alike;
 * errors added by mc_diag do not count; without a list the parsers still
 * stop and fail. */
static void add_capped(McDiags *d, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mc_vdiag_capped(d, (McLoc){1, 1}, fmt, ap);
    va_end(ap);
}

static void test_error_cap_in_list(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    mc_diags_limit(&d, 2);
    add_capped(&d, "one");
    mc_diag(&d, (McLoc){1, 1}, "not counted");
    add_capped(&d, "two");
    assert_false(d.full);
    add_capped(&d, "three");
    assert_true(d.full);
    add_capped(&d, "four");
    assert_int_equal(d.n, 4);
    assert_string_equal(d.v[3].msg, "too many errors, giving up");
    mc_diags_limit(&d, 1); /* a new count: the list takes errors again */
    add_capped(&d, "five");
    assert_int_equal(d.n, 5);
    mc_diags_free(&d);

    McStr ir, c;
    mc_str_init(&ir);
    mc_str_init(&c);
    mc_str_puts(&ir, "func f() {\ne:\n");
    for (int i = 0; i < 100; i++) mc_str_puts(&ir, "    x = bogus 1\n");
    mc_str_puts(&ir, "    return 0\n}\n");
    mc_str_puts(&c, "int f(int n) {\n");
    for (int i = 0; i < 100; i++) mc_str_puts(&c, "  n = m;\n");
    mc_str_puts(&c, "  return n;\n}\n");
    mc_diags_init(&d, NULL, NULL, 0);
    assert_null(mc_parse("a.ir", ir.s, ir.len, &d));
    assert_int_equal(d.n, 21);
    assert_null(mc_minic_parse("b.c", c.s, c.len, &d));
    assert_int_equal(d.n, 42);
    assert_null(mc_parse("a.ir", ir.s, ir.len, &d));
    assert_int_equal(d.n, 63);
    assert_string_equal(d.v[41].msg, "too many errors, giving up");
    assert_string_equal(d.v[62].msg, "too many errors, giving up");
    mc_diags_free(&d);
    assert_null(mc_parse("a.ir", ir.s, ir.len, NULL));
    assert_null(mc_minic_parse("b.c", c.s, c.len, NULL));
    mc_str_free(&ir);
    mc_str_free(&c);
}

/* Every proper prefix of a valid file fails cleanly, with "unexpected end of
 * file" at most once (not again for each construct left open). */
static void test_truncated(void **state) {
    (void)state;
    size_t len;
    char *src = mc_read_file("tests/ir/multi.ir", &len);
    assert_non_null(src);
    int complete = 0;
    for (size_t n = 0; n < len; n++) {
        /* A prefix that ends just after a function's '}' (and blanks) is a valid file. */
        size_t e = n;
        while (e > 0 && (src[e - 1] == ' ' || src[e - 1] == '\n')) e--;
        bool whole = e > 0 && src[e - 1] == '}';
        McDiags d;
        mc_diags_init(&d, "t.ir", src, n);
        McModule *m = mc_parse("t.ir", src, n, &d);
        int eofs = 0;
        for (int i = 0; i < d.n; i++) eofs += strstr(d.v[i].msg, "unexpected end of file") != NULL;
        if (!m != !whole || eofs > 1) {
            fprintf(stderr, "prefix of %zu bytes:\n", n);
            print_diags(&d);
        }
        assert_true(!m == !whole);
        assert_true(m || d.n > 0);
        assert_true(eofs <= 1);
        complete += whole;
        mc_module_free(m);
        mc_diags_free(&d);
    }
    assert_true(complete >= 3); /* after max, gcd and count */
    free(src);
}

static void test_nul_bytes(void **state) {
    (void)state;
    static const char src[] = "func f() {\ne:\n    return 0\x00\n}\n";
    const char *got = first_diag(src, sizeof src - 1);
    assert_string_equal(got, "t.ir:3:13: error: invalid character U+0000");
    /* NUL inside a comment is just part of the comment. */
    static const char ok[] = "# a\x00 b \xff\xfe\nfunc f() {\ne:\n    return 0\n}\n";
    McDiags d;
    mc_diags_init(&d, "t.ir", ok, sizeof ok - 1);
    McModule *m = mc_parse("t.ir", ok, sizeof ok - 1, &d);
    assert_non_null(m);
    mc_module_free(m);
    mc_diags_free(&d);
}

static void test_megabyte_line(void **state) {
    (void)state;
    size_t n = 1 << 20;
    char *src = mc_xmalloc(n + 64);
    int k = snprintf(src, 64, "func f() {\ne:\n    return ");
    memset(src + k, '@', n);
    strcpy(src + k + n, "\n}\n");
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_null(m);
    assert_int_equal(d.n, 1); /* the rest of the line is skipped */
    char line[256];
    assert_string_equal(mc_diag_line(&d, 0, line, sizeof line), "t.ir:3:12: error: invalid character '@'");
    mc_diags_free(&d);
    /* A megabyte of valid-looking tokens on one line after an error. */
    k = snprintf(src, 64, "func f() {\ne: x = y @ ");
    for (size_t i = 0; i < n; i += 2) memcpy(src + k + i, "a,", 2);
    strcpy(src + k + n, "\n}\n");
    mc_diags_init(&d, "t.ir", src, strlen(src));
    m = mc_parse("t.ir", src, strlen(src), &d);
    assert_null(m);
    mc_diags_free(&d);
    free(src);
}

static void test_parse_file(void **state) {
    (void)state;
    McDiags d;
    char *src = NULL;
    mc_diags_init(&d, NULL, NULL, 0);
    McModule *m = mc_parse_file("tests/ir/does-not-exist.ir", &d, &src);
    assert_null(m);
    assert_null(src);
    assert_int_equal(d.n, 1);
    assert_int_equal(d.v[0].loc.line, 0);
    assert_string_equal(d.v[0].msg, "cannot read tests/ir/does-not-exist.ir: No such file or directory");
    mc_diags_free(&d);

    mc_diags_init(&d, NULL, NULL, 0);
    m = mc_parse_file("tests/ir", &d, &src);
    assert_null(m);
    assert_int_equal(d.n, 1);
    assert_string_equal(d.v[0].msg, "cannot read tests/ir: Is a directory");
    free(src);
    mc_diags_free(&d);

    mc_diags_init(&d, NULL, NULL, 0);
    m = mc_parse_file("share/minicc/examples/swap.ir", &d, &src);
    assert_non_null(m);
    assert_non_null(src);
    assert_true(d.src == src);
    assert_string_equal(d.file, "share/minicc/examples/swap.ir");
    assert_string_equal(m->funcs[0]->name, "swap");
    mc_module_free(m);
    free(src);
    mc_diags_free(&d);
}

/* ---- random input ------------------------------------------------------------------ */

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11) % n;
}

/* Parse hostile text. On success the result must round-trip; on failure
 * there must be a diagnostic with a position inside the text. */
static void hostile(const char *src, size_t len) {
    McDiags d;
    mc_diags_init(&d, "fuzz", src, len);
    McModule *m = mc_parse("fuzz", src, len, &d);
    if (m) {
        assert_int_equal(d.n, 0);
        char *p = print_module(m);
        free(roundtrip("fuzz-print", p, strlen(p)));
        free(p);
        mc_module_free(m);
    } else {
        assert_true(d.n > 0);
        int32_t lines = 1;
        for (size_t i = 0; i < len; i++) lines += src[i] == '\n';
        for (int i = 0; i < d.n; i++) {
            assert_true(d.v[i].loc.line >= 0 && d.v[i].loc.line <= lines);
            assert_true(d.v[i].loc.col >= 0 && (size_t)d.v[i].loc.col <= len + 1);
        }
    }
    mc_diags_free(&d);
}

static void test_random_bytes(void **state) {
    (void)state;
    static const char alphabet[] = "func i32 buf phi add copy load store return jump branch entry x y "
                                   "(){}[],:=#\n\n\n\t -0123456789$._@\r";
    char buf[512];
    for (int iter = 0; iter < 3000; iter++) {
        size_t len = rnd(sizeof buf);
        bool raw = iter % 3 == 0;
        for (size_t i = 0; i < len; i++)
            buf[i] = raw ? (char)rnd(256) : alphabet[rnd(sizeof alphabet - 1)];
        hostile(buf, len);
    }
}

/* Token-level mutations of the corpus files. */
typedef struct Span {
    size_t start, len;
} Span;

static void test_random_mutations(void **state) {
    (void)state;
    static const char *const vocab[] = {"phi", "func", "{", "}", "(", ")", "[", "]", ":", ",", "=", "2147483648",
                                        "-2147483648", "-", "@", "\xff", "buf", "i32", "store", "return", "jump",
                                        "branch", "entry", "$x", "x.1", "0", "-0", "#", "\n", "b", "n", "head",
                                        "load", "copy", "add"};
    const char *files[] = {"tests/ir/lost_copy.ir", "tests/ir/sum.ir", "tests/ir/diamond.ir",
                           "tests/ir/fill_oob.ir", "tests/ir/fact_mutable.ir", "tests/ir/multi.ir",
                           "tests/ir/names.ir", "share/minicc/examples/swap.ir"};
    int mutants = 0;
    for (size_t fi = 0; fi < sizeof files / sizeof files[0]; fi++) {
        size_t len;
        char *src = mc_read_file(files[fi], &len);
        assert_non_null(src);
        /* Tokens: runs of name/number characters, or single other non-space bytes. */
        Span *tok = mc_xmalloc((len + 1) * sizeof *tok);
        size_t nt = 0;
        for (size_t i = 0; i < len;) {
            char c = src[i];
            if (c == ' ' || c == '\n' || c == '\t') {
                i++;
                continue;
            }
            size_t j = i + 1;
            if (strchr("(){}[],:=", c) == NULL)
                while (j < len && !strchr(" \n\t(){}[],:=", src[j])) j++;
            tok[nt++] = (Span){i, j - i};
            i = j;
        }
        for (int iter = 0; iter < 500; iter++) {
            McStr s;
            mc_str_init(&s);
            size_t k = rnd((uint32_t)nt), pos = tok[k].start;
            int kind = (int)rnd(4);
            mc_str_putn(&s, src, pos);
            switch (kind) {
            case 0: /* delete */ break;
            case 1: /* duplicate */
                mc_str_putn(&s, src + pos, tok[k].len);
                mc_str_putc(&s, ' ');
                mc_str_putn(&s, src + pos, tok[k].len);
                break;
            case 2: /* replace from the vocabulary */
                mc_str_puts(&s, vocab[rnd(sizeof vocab / sizeof vocab[0])]);
                break;
            default: { /* replace by another token of the file */
                Span o = tok[rnd((uint32_t)nt)];
                mc_str_putn(&s, src + o.start, o.len);
                break;
            }
            }
            size_t after = pos + tok[k].len;
            mc_str_putn(&s, src + after, len - after);
            hostile(s.s ? s.s : "", s.len);
            mc_str_free(&s);
            mutants++;
        }
        free(tok);
        free(src);
    }
    assert_true(mutants >= 4000);
}

/* A clone copies the name maps slot by slot: after renames and removed
 * blocks (tombstones in the maps) every name still finds its handle in the
 * copy, removed names are gone, and new names can be added to it. */
static void test_clone_name_maps(void **state) {
    (void)state;
    McFunc *f = mc_func_new("f", NULL);
    char name[32];
    for (int i = 0; i < 300; i++) {
        snprintf(name, sizeof name, "v%d", i);
        assert_int_equal(mc_func_value_new(f, name), i);
        snprintf(name, sizeof name, "b%d", i);
        int32_t b = mc_func_block_add(f, name);
        assert_int_equal(b, i);
        mc_block_set_ret(f, b, mc_const(i));
    }
    bool dead[300] = {false};
    for (int i = 1; i < 300; i += 3) dead[i] = true;
    mc_func_block_rename(f, 0, "start");
    mc_func_remove_blocks(f, dead);
    McFunc *g = mc_func_clone(f);
    assert_int_equal(g->nblocks, f->nblocks);
    for (int32_t v = 0; v < f->nvalues; v++) assert_int_equal(mc_func_find_value(g, f->values[v].name), v);
    for (int32_t b = 0; b < f->nblocks; b++) {
        assert_int_equal(mc_func_find_block(g, f->blocks[b].name), b);
        assert_ptr_not_equal(g->blocks[b].name, f->blocks[b].name); /* the copy owns its strings */
    }
    assert_int_equal(mc_func_find_block(g, "b0"), MC_NONE);
    assert_int_equal(mc_func_find_block(g, "b1"), MC_NONE);
    assert_int_equal(mc_func_find_block(g, "start"), 0);
    assert_int_equal(mc_func_value_new(g, "v7"), MC_NONE);
    assert_int_equal(mc_func_value_new(g, "w"), 300);
    assert_int_equal(mc_func_block_add(g, "b1"), f->nblocks);
    assert_int_equal(mc_func_find_block(g, "b1"), f->nblocks);
    assert_int_equal(mc_func_find_block(f, "b1"), MC_NONE); /* the original is untouched */
    mc_func_free(f);
    assert_int_equal(mc_func_find_value(g, "v299"), 299); /* nothing points into the freed original */
    mc_func_free(g);
}

/* Compaction drops the values nothing names, keeps the order of the rest
 * (so ties broken by handle break the same way), frees the dropped names,
 * and leaves a function that prints and verifies exactly as before. */
static void test_compact_values(void **state) {
    (void)state;
    const char *src = "func f(i32 n, buf m) {\n"
                      "entry:\n    a = add n, 1\n    b = add a, 2\n    c = mul b, b\n    store m, 0, c\n    return c\n}\n";
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_non_null(m);
    McFunc *f = mc_func_clone(m->funcs[0]);
    /* delete `b = add a, 2` and read a instead: b becomes unnamed */
    McBlock *bl = &f->blocks[0];
    int32_t a = mc_func_find_value(f, "a"), b = mc_func_find_value(f, "b"), c = mc_func_find_value(f, "c");
    assert_true(a < b && b < c);
    bl->insts[2].a[0] = mc_val(a);
    bl->insts[2].a[1] = mc_val(a);
    memmove(&bl->insts[1], &bl->insts[2], (size_t)(bl->ninsts - 2) * sizeof *bl->insts);
    bl->ninsts--;
    char *before = NULL, *after = NULL;
    size_t n1 = 0, n2 = 0;
    FILE *o = open_memstream(&before, &n1);
    mc_func_print(f, o);
    fclose(o);
    int32_t nv = f->nvalues;
    assert_int_equal(mc_func_compact_values(f), 1);
    assert_int_equal(f->nvalues, nv - 1);
    assert_int_equal(mc_func_find_value(f, "b"), MC_NONE);            /* the name is free again */
    assert_int_equal(mc_func_find_value(f, "a"), a);                  /* before b: unchanged */
    assert_int_equal(mc_func_find_value(f, "c"), c - 1);              /* after b: one down, order kept */
    assert_int_equal(f->params[0], mc_func_find_value(f, "n"));
    assert_int_equal(f->params[1], mc_func_find_value(f, "m"));
    mc_func_compact(f);                                                /* nothing more to drop; dense copy */
    o = open_memstream(&after, &n2);
    mc_func_print(f, o);
    fclose(o);
    assert_string_equal(before, after);
    assert_true(mc_verify(f, MC_VERIFY_INFER, &d));
    int32_t nb = mc_func_value_new(f, "b"); /* b can be made again */
    assert_int_equal(nb, f->nvalues - 1);
    free(before);
    free(after);
    mc_func_free(f);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* A value made after compaction is a fresh one: no position, kind or
 * parameter index left behind by the value that used to sit in its slot
 * (compaction moves the kept values down and leaves the old tail in place;
 * mc_func_value_new used to take the position found there). */
static void test_value_new_after_compact(void **state) {
    (void)state;
    const char *src = "func f(i32 n) {\nentry:\n    a = add n, 1\n    b = add a, 2\n    c = mul a, a\n    return c\n}\n";
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_non_null(m);
    McFunc *f = mc_func_clone(m->funcs[0]);
    McBlock *bl = &f->blocks[0];
    memmove(&bl->insts[1], &bl->insts[2], (size_t)(bl->ninsts - 2) * sizeof *bl->insts); /* b goes */
    bl->ninsts--;
    int32_t c = mc_func_find_value(f, "c");
    assert_true(mc_pos_known(f->values[c].loc));
    assert_int_equal(mc_func_compact_values(f), 1);
    int32_t z = mc_func_value_new(f, "z"); /* lands where c's old entry was */
    assert_int_equal(z, c);
    assert_false(mc_pos_known(f->values[z].loc));
    assert_int_equal(f->values[z].kind, MC_VAL_I32);
    assert_int_equal(f->values[z].param, MC_NONE);
    mc_func_free(f);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* mc_func_clone_compact is mc_func_clone + mc_func_compact_values in one
 * pass: the same text, values, names, parameters and positions, with the
 * room asked for. */
static void test_clone_compact(void **state) {
    (void)state;
    const char *src = "func f(i32 n, buf m, i32 k) {\nentry:\n    a = add n, 1\n    b = add a, 2\n"
                      "    c = mul b, b\n    store m, 0, c\n    branch c, l, r\nl:\n    x = copy a\n    jump j\n"
                      "r:\n    y = copy c\n    jump j\nj:\n    p = phi [l: x], [r: y]\n    return p\n}\n";
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    assert_non_null(m);
    McFunc *f = mc_func_clone(m->funcs[0]);
    /* b and y unnamed: c = mul a, a; the r arm reads c directly */
    McBlock *e = &f->blocks[0];
    e->insts[2].a[0] = e->insts[2].a[1] = mc_val(mc_func_find_value(f, "a"));
    memmove(&e->insts[1], &e->insts[2], (size_t)(e->ninsts - 2) * sizeof *e->insts);
    e->ninsts--;
    int32_t r = mc_func_find_block(f, "r"), j = mc_func_find_block(f, "j");
    f->blocks[r].ninsts = 0;
    f->blocks[j].phis[0].args[1].val = mc_val(mc_func_find_value(f, "c"));
    int32_t extra[4] = {0, 3, 0, 1};
    McFunc *g = mc_func_clone_compact(f, extra, 5, 2);
    assert_int_equal(mc_func_compact_values(f), 2);
    char *t1 = NULL, *t2 = NULL;
    size_t n1 = 0, n2 = 0;
    FILE *o = open_memstream(&t1, &n1);
    mc_func_print(f, o);
    fclose(o);
    o = open_memstream(&t2, &n2);
    mc_func_print(g, o);
    fclose(o);
    assert_string_equal(t1, t2);
    assert_int_equal(g->nvalues, f->nvalues);
    for (int32_t v = 0; v < f->nvalues; v++) {
        assert_string_equal(g->values[v].name, f->values[v].name);
        assert_int_equal(g->values[v].kind, f->values[v].kind);
        assert_int_equal(g->values[v].param, f->values[v].param);
        assert_true(mc_pos_eq(g->values[v].loc, f->values[v].loc));
        assert_int_equal(mc_func_find_value(g, f->values[v].name), v);
    }
    assert_int_equal(mc_func_find_value(g, "b"), MC_NONE);
    assert_int_equal(mc_func_find_value(g, "y"), MC_NONE);
    for (int32_t p = 0; p < f->nparams; p++) assert_int_equal(g->params[p], f->params[p]);
    for (int32_t b = 0; b < f->nblocks; b++) {
        assert_int_equal(mc_func_find_block(g, f->blocks[b].name), b);
        assert_int_equal(g->blocks[b].capinsts, f->blocks[b].ninsts + extra[b]);
    }
    assert_int_equal(g->capvalues, g->nvalues + 5);
    assert_int_equal(g->capblocks, g->nblocks + 2);
    assert_true(mc_verify(g, MC_VERIFY_INFER, &d));
    free(t1);
    free(t2);
    mc_func_free(g);
    mc_func_free(f);
    mc_module_free(m);
    mc_diags_free(&d);
}

/* mc_namemap_put_batch (SSA construction's version names) leaves the
 * same slots as mc_namemap_put called for each key in order: after
 * deletions (tombstones to reuse), across a rehash, and with reserved room;
 * and mc_name_hash is the hash the map looks names up by. */
/* ---- memory per function (issue 26) -------------------------------------- */

/* n functions of one shape (0: no parameter, one block; 1: a parameter;
 * 2: two blocks; 3: the three in turn) as IR text. */
static char *shape_text(int shape, int n) {
    McStr t;
    mc_str_init(&t);
    for (int i = 0; i < n; i++) {
        int sh = shape == 3 ? i % 3 : shape;
        if (sh == 0) mc_str_printf(&t, "func f%d() {\nentry:\n  return %d\n}\n", i, i);
        else if (sh == 1) mc_str_printf(&t, "func f%d(i32 a) {\nentry:\n  return %d\n}\n", i, i);
        else mc_str_printf(&t, "func f%d() {\nentry:\n  jump x\nx:\n  return %d\n}\n", i, i);
    }
    return t.s;
}

/* Bytes per function that the module's functions hold from malloc, by
 * count (mc_func_bytes: the McFunc and its arena's chunks), parsed from
 * `path`; with clone set, of a clone of each function instead. */
static double bytes_per_func(const char *text, const char *path, bool clone) {
    McDiags d;
    mc_diags_init(&d, path, text, strlen(text));
    McModule *m = mc_parse(path, text, strlen(text), &d);
    assert_non_null(m);
    size_t total = 0;
    for (int32_t i = 0; i < m->nfuncs; i++) {
        assert_ptr_equal(m->funcs[i]->file, m->funcs[0]->file); /* one shared copy of the name */
        assert_string_equal(m->funcs[i]->file, path);
        if (!clone) {
            total += mc_func_bytes(m->funcs[i]);
            continue;
        }
        McFunc *c = mc_func_clone(m->funcs[i]);
        total += mc_func_bytes(c);
        mc_func_free(c);
    }
    double per = (double)total / m->nfuncs;
    mc_module_free(m);
    mc_diags_free(&d);
    return per;
}

/* A module of many small functions takes about the same memory per
 * function whatever their shape and whatever the file's path: each arena's
 * first chunk is sized from the function's text (not fixed at 256 bytes,
 * which a parameter, a second block or a longer path overflowed into a
 * second chunk of 512: 448 bytes a function became 960), and the path is
 * one copy shared by all. Counted bytes (McFunc + chunks), generous
 * bounds: about 460, 590, 630 and 590 now. */
static void test_memory_per_function(void **state) {
    (void)state;
    static const double bound[4] = {560, 720, 760, 720};
    char path[4100];
    memset(path, 'd', sizeof path);
    for (int k = 200; k < 4000; k += 200) path[k] = '/';
    memcpy(path + 4000, "/f.ir", 6);
    for (int shape = 0; shape < 4; shape++) {
        char *text = shape_text(shape, 3000);
        double shortp = bytes_per_func(text, "f.ir", false), longp = bytes_per_func(text, path, false);
        double cl = bytes_per_func(text, "f.ir", true);
        if (shortp > bound[shape] || cl > bound[shape])
            fail_msg("shape %d: %.0f bytes a function (clones %.0f), bound %.0f", shape, shortp, cl, bound[shape]);
        if (longp != shortp) fail_msg("shape %d: %.0f bytes a function from a 4,000-byte path, %.0f from f.ir",
                                      shape, longp, shortp);
        free(text);
    }
}

static void test_namemap_put_batch(void **state) {
    (void)state;
    for (int round = 0; round < 3; round++) {
        McArena arena;
        mc_arena_init(&arena);
        McNameMap a = {0}, b = {0};
        char buf[32];
        /* the same 300 keys in both, a third of them deleted */
        for (int i = 0; i < 300; i++) {
            snprintf(buf, sizeof buf, "v%d", i * 7);
            char *k = mc_arena_strndup(&arena, buf, strlen(buf));
            mc_namemap_put(&arena, &a, k, i);
            mc_namemap_put(&arena, &b, k, i);
        }
        for (int i = 0; i < 300; i += 3) {
            snprintf(buf, sizeof buf, "v%d", i * 7);
            mc_namemap_del(&a, buf, strlen(buf));
            mc_namemap_del(&b, buf, strlen(buf));
        }
        int n = 500 + round * 700;
        if (round == 2) {
            mc_namemap_reserve(&arena, &a, a.count + (uint32_t)n);
            mc_namemap_reserve(&arena, &b, b.count + (uint32_t)n);
        }
        const char **keys = malloc((size_t)n * sizeof *keys);
        uint32_t *hashes = malloc((size_t)n * sizeof *hashes);
        for (int i = 0; i < n; i++) {
            snprintf(buf, sizeof buf, "x.%d", i);
            keys[i] = mc_arena_strndup(&arena, buf, strlen(buf));
            /* continued from the prefix's hash, as SSA construction does */
            hashes[i] = mc_name_hash(mc_name_hash(MC_NAME_HASH0, "x", 1), buf + 1, strlen(buf) - 1);
            mc_namemap_put(&arena, &a, keys[i], 1000 + i);
        }
        mc_namemap_put_batch(&arena, &b, keys, hashes, 1000, n);
        assert_int_equal(a.cap, b.cap);
        assert_int_equal(a.count, b.count);
        for (uint32_t i = 0; i < a.cap; i++) {
            assert_ptr_equal(a.keys[i], b.keys[i]);
            if (a.keys[i]) {
                assert_int_equal(a.hashes[i], b.hashes[i]);
                assert_int_equal(a.vals[i], b.vals[i]);
            }
        }
        for (int i = 0; i < n; i++) assert_int_equal(mc_namemap_get(&b, keys[i], strlen(keys[i])), 1000 + i);
        free(keys);
        free(hashes);
        mc_arena_free(&arena);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip_corpus),
        cmocka_unit_test(test_print_canonical),
        cmocka_unit_test(test_print_normalizes),
        cmocka_unit_test(test_hundred_thousand_blocks),
        cmocka_unit_test(test_packed_positions),
        cmocka_unit_test(test_locations),
        cmocka_unit_test(test_module_shape),
        cmocka_unit_test(test_mutable_form),
        cmocka_unit_test(test_int_range),
        cmocka_unit_test(test_long_names),
        cmocka_unit_test(test_bad_inputs),
        cmocka_unit_test(test_recovery),
        cmocka_unit_test(test_error_cap),
        cmocka_unit_test(test_error_cap_in_list),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_nul_bytes),
        cmocka_unit_test(test_megabyte_line),
        cmocka_unit_test(test_parse_file),
        cmocka_unit_test(test_random_bytes),
        cmocka_unit_test(test_random_mutations),
        cmocka_unit_test(test_clone_name_maps),
        cmocka_unit_test(test_namemap_put_batch),
        cmocka_unit_test(test_compact_values),
        cmocka_unit_test(test_value_new_after_compact),
        cmocka_unit_test(test_clone_compact),
        cmocka_unit_test(test_memory_per_function),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
