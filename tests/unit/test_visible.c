/* test_visible.c - text from a file shown on a terminal (diag.h): control
 * characters visible, and the caret of a diagnostic under its character
 * whatever the shown widths before it (^[ two columns, \xNN four, UTF-8 one,
 * a tab repeated); and util.h's growable arrays (MC_GROW, mc_grow_cap). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/diag.h"
#include "minicc/util.h"

static void check_visible(const char *in, size_t n, const char *want) {
    char *got = mc_visible_dup(in, n);
    assert_string_equal(got, want);
    free(got);
}

static void test_visible_text(void **state) {
    (void)state;
    check_visible("plain text", 10, "plain text");
    check_visible("a\tb", 3, "a\tb");
    check_visible("\033[2J", 4, "^[[2J");
    check_visible("\001\037\177", 3, "^A^_^?");
    check_visible("x\0y", 3, "x^@y");
    check_visible("\n", 1, "^J");
    check_visible("caf\xc3\xa9", 5, "caf\xc3\xa9");             /* printable UTF-8 as it is */
    check_visible("\xe2\x86\x92", 3, "\xe2\x86\x92");           /* U+2192 */
    check_visible("\xc2\x9b", 2, "\\xc2\\x9b");                  /* U+009B, the C1 CSI */
    check_visible("\x9b[2J", 4, "\\x9b[2J");                    /* a lone CSI byte */
    check_visible("\xc3", 1, "\\xc3");                          /* cut short */
    check_visible("\xc0\xaf", 2, "\\xc0\\xaf");                  /* overlong */
    check_visible("\xed\xa0\x80", 3, "\\xed\\xa0\\x80");         /* a surrogate */
    check_visible("\xf4\x90\x80\x80", 4, "\\xf4\\x90\\x80\\x80"); /* past U+10FFFF */
}

/* The caret line of a diagnostic at (line, col) in src. */
static char *caret_of(const char *src, int line, int col) {
    McDiags d;
    mc_diags_init(&d, "f.ir", src, strlen(src));
    mc_diag(&d, (McLoc){line, col}, "here");
    char *buf = NULL;
    size_t size = 0;
    FILE *out = open_memstream(&buf, &size);
    assert_non_null(out);
    mc_diags_print(&d, out, true);
    fclose(out);
    mc_diags_free(&d);
    return buf;
}

static void test_caret_after_shown_characters(void **state) {
    (void)state;
    char *s = caret_of("ab\033[1m @\n", 1, 8);
    assert_string_equal(s, "f.ir:1:8: error: here\n  ab^[[1m @\n          ^\n");
    free(s);
    s = caret_of("\t\xc3\xa9\x9b @", 1, 6);
    assert_string_equal(s, "f.ir:1:6: error: here\n  \t\xc3\xa9\\x9b @\n  \t      ^\n");
    free(s);
    s = caret_of("x\n\001y\n", 2, 2);
    assert_string_equal(s, "f.ir:2:2: error: here\n  ^Ay\n    ^\n");
    free(s);
}

static void test_message_shown(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, "f.ir", NULL, 0);
    mc_diag(&d, (McLoc){1, 1}, "unknown name '%s'\nsecond line", "a\033]0;t\007");
    assert_string_equal(d.v[0].msg, "unknown name 'a^[]0;t^G'\nsecond line");
    mc_diags_free(&d);
}

/* A diagnostic too long for a fixed buffer keeps its start (where) and its
 * end (the reason after a long quoted name), whole UTF-8 characters; the
 * whole text (mc_diag_text) is never cut; the file name is shown too. */
static void test_long_line_kept_whole_or_both_ends(void **state) {
    (void)state;
    char name[5001];
    memset(name, 'v', 5000);
    name[5000] = 0;
    name[2] = '\xc3'; /* a two-byte character where a cut might fall */
    McDiags d;
    mc_diags_init(&d, "f\033.c", NULL, 0);
    mc_diag(&d, (McLoc){2, 15}, "'%s' is not declared", name);
    char *t = mc_diag_text(&d, 0);
    assert_int_equal(strlen(t), strlen("f^[.c:2:15: error: ''") + 5000 + 3 + strlen(" is not declared"));
    assert_true(strncmp(t, "f^[.c:2:15: error: 'vv\\xc3", 26) == 0);
    assert_string_equal(t + strlen(t) - 18, "v' is not declared");
    free(t);
    char buf[64];
    mc_diag_line(&d, 0, buf, sizeof buf);
    assert_int_equal(strlen(buf), 63);
    assert_true(strncmp(buf, "f^[.c:2:15: error: ", 19) == 0);
    assert_non_null(strstr(buf, " ... "));
    assert_string_equal(buf + 63 - 18, "v' is not declared");
    mc_diags_free(&d);
}

/* MC_GROW: room for need elements, the contents kept, the capacity first
 * then doubled, nothing done when there is room; any integer type. */
static void test_grow(void **state) {
    (void)state;
    int *v = NULL;
    int n = 0, cap = 0;
    for (int i = 0; i < 1000; i++) {
        MC_GROW(v, cap, n + 1, 4);
        assert_true(cap >= n + 1);
        v[n++] = i * 7;
    }
    assert_int_equal(cap, 1024); /* 4, 8, ..., 1024 */
    for (int i = 0; i < n; i++) assert_int_equal(v[i], i * 7);
    int *same = v;
    MC_GROW(v, cap, 1024, 4);
    assert_ptr_equal(v, same);
    assert_int_equal(cap, 1024);
    free(v);
    size_t *w = NULL, wcap = 0;
    MC_GROW(w, wcap, 5000, 16); /* one step to a large need */
    assert_int_equal(wcap, 8192);
    w[4999] = 1;
    free(w);
    assert_int_equal(mc_grow_cap(0, 1, 64), 64);
    assert_int_equal(mc_grow_cap(64, 65, 8), 128);
    assert_int_equal(mc_grow_cap(3, 2, 8), 3);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_visible_text),
        cmocka_unit_test(test_caret_after_shown_characters),
        cmocka_unit_test(test_message_shown),
        cmocka_unit_test(test_long_line_kept_whole_or_both_ends),
        cmocka_unit_test(test_grow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
