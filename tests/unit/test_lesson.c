/* test_lesson.c - the lesson format and its players, driven by a fake
 * command executor (the real one is the prompt's command layer). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson/lesson.h"

/* The fake prompt: `echo TEXT` prints TEXT, `fail` fails, `print x` shows
 * `x = 2`, `count` prints how often it ran, `stop` is interrupted (as by
 * Ctrl-C), `flaky` only from its second run on; `reset` zeroes the counter. */
typedef struct Fake {
    int count;
    int commands;
} Fake;

static int flaky_runs; /* `flaky` works once, then is interrupted (never reset) */

static McLessonRun fake_exec(void *ctx, const char *line, McStr *out) {
    Fake *f = ctx;
    f->commands++;
    if (strncmp(line, "echo ", 5) == 0) {
        mc_str_printf(out, "%s\n", line + 5);
        return MC_LESSON_OK;
    }
    if (strcmp(line, "fail") == 0) {
        mc_str_puts(out, "error: it failed\n");
        return MC_LESSON_FAILED;
    }
    if (strcmp(line, "print x") == 0) {
        mc_str_puts(out, "x = 2\n");
        return MC_LESSON_OK;
    }
    if (strcmp(line, "count") == 0) {
        mc_str_printf(out, "count %d\n", ++f->count);
        return MC_LESSON_OK;
    }
    if (strcmp(line, "flaky") == 0 && flaky_runs++ == 0) {
        mc_str_puts(out, "flaky\n");
        return MC_LESSON_OK;
    }
    if (strcmp(line, "stop") == 0 || strcmp(line, "flaky") == 0) { /* as a command Ctrl-C stopped */
        mc_str_puts(out, "error: stop: interrupted\n");
        return MC_LESSON_INTERRUPTED;
    }
    mc_str_printf(out, "error: unknown command '%s'\n", line);
    return MC_LESSON_FAILED;
}

static void fake_reset(void *ctx) { ((Fake *)ctx)->count = 0; }

static char *write_tmp(const char *text) {
    char *path = mc_xstrdup("/tmp/minicc-lesson-XXXXXX");
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    return path;
}

/* Load text; return the first diagnostic line ("" when it loads). */
static char *load_diag(const char *text, McLesson **out) {
    char *path = write_tmp(text);
    McDiags d;
    mc_diags_init(&d, path, NULL, 0);
    McLesson *l = mc_lesson_load(path, &d);
    char buf[512] = "";
    if (d.n) {
        const char *p = strstr(mc_diag_line(&d, 0, buf, sizeof buf), ".lesson");
        (void)p;
        /* Strip the random file name. */
        const char *colon = strstr(buf, ": error: ");
        const char *lc = strchr(buf + strlen(path), ':');
        snprintf(buf, sizeof buf, "%.*s%s", colon && lc ? (int)(colon - lc) : 0, lc ? lc : "",
                 colon ? colon : buf);
    }
    mc_diags_free(&d);
    unlink(path);
    free(path);
    if (out)
        *out = l;
    else
        mc_lesson_free(l);
    return mc_xstrdup(buf);
}

static void test_parse_ok(void **state) {
    (void)state;
    McLesson *l;
    char *e = load_diag("# comment\n== Title ==\nSome narration.\n\n$ echo hi\nexpect hi\nask Q?\nanswer hi\n$ echo hi\n"
                        "pause\nexpect value x = 2\n",
                        &l);
    assert_string_equal(e, "");
    assert_non_null(l);
    assert_string_equal(l->title, "Title");
    assert_int_equal(l->steps[0].kind, MC_LS_HEADING);
    assert_int_equal(l->steps[1].kind, MC_LS_NARRATE);
    assert_int_equal(l->steps[2].kind, MC_LS_NARRATE); /* paragraph break */
    assert_int_equal(l->steps[3].kind, MC_LS_COMMAND);
    assert_int_equal(l->steps[5].kind, MC_LS_ASK);
    assert_string_equal(l->steps[5].answer, "hi");
    mc_lesson_free(l);
    free(e);
}

static void test_parse_errors(void **state) {
    (void)state;
    static const struct {
        const char *text, *diag;
    } cases[] = {
        {"expect hi\n", ":1:1: error: 'expect' before any command"},
        {"$ echo\nexpect\n", ":2:1: error: 'expect' needs the text of an output line"},
        {"$\n", ":1:1: error: empty command after '$'"},
        {"==\n", ":1:1: error: a heading needs text after '=='"},
        {"ask why?\n$ echo\n", ":2:1: error: expected 'answer ...' right after the 'ask' on line 1"},
        {"answer 3\n", ":1:1: error: 'answer' without an 'ask' on the line before"},
        {"$ echo a\nexpcet a\n", ":2:1: error: unknown directive 'expcet' (did you mean 'expect'?)"},
        {"pause now\n", ":1:7: error: 'pause' takes no text"},
        {"$ echo a\nexpect value x\n", ":2:14: error: 'expect value' needs NAME = VALUE"},
        {"# only a comment\n", ":1:1: error: the lesson is empty"},
        {"ask q\n", ":1:1: error: 'ask' without an 'answer' line after it"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *e = load_diag(cases[i].text, NULL);
        assert_string_equal(e, cases[i].diag);
        free(e);
    }
}

static bool check_text(const char *text, char *err, size_t size) {
    McLesson *l;
    char *e = load_diag(text, &l);
    assert_string_equal(e, "");
    free(e);
    Fake f = {0, 0};
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    bool ok = mc_lesson_check(l, fake_exec, &f, m);
    fclose(m);
    snprintf(err, size, "%s", buf);
    free(buf);
    mc_lesson_free(l);
    return ok;
}

static void test_check(void **state) {
    (void)state;
    char err[2048];
    assert_true(check_text("$ echo return 12\nexpect return   12\n$ fail\nexpect error\n", err, sizeof err));
    assert_false(check_text("$ echo return 12\nexpect return 21\n", err, sizeof err));
    assert_non_null(strstr(err, ":2: error: expected a line 'return 21' in the output"));
    assert_non_null(strstr(err, "    return 12"));
    assert_false(check_text("$ fail\n", err, sizeof err));
    assert_non_null(strstr(err, ":1: error: '$ fail' failed"));
    assert_false(check_text("$ echo ok\nexpect error\n", err, sizeof err));
    assert_true(check_text("$ echo a\nexpect value x = 2\n", err, sizeof err));
    assert_false(check_text("$ echo a\nexpect value x = 3\n", err, sizeof err));
    assert_true(check_text("ask what?\nanswer 21\n$ echo return 21\n", err, sizeof err));
    assert_false(check_text("ask what?\nanswer 12\n$ echo return 21\n", err, sizeof err));
    assert_non_null(strstr(err, ":1: error: the answer '12' does not appear"));
}

static void test_play_back_and_answers(void **state) {
    (void)state;
    McLesson *l;
    char *e = load_diag("$ count\npause\n$ count\nask n?\nanswer number 3\n$ count\n", &l);
    free(e);
    Fake f = {0, 0};
    FILE *in = fmemopen((void *)"b\n\n3\n", 5, "r");
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    int rc = mc_lesson_play(l, fake_exec, fake_reset, &f, in, out);
    fclose(out);
    fclose(in);
    assert_int_equal(rc, 0);
    /* After `b` the session is reset and the first part replayed, so the
     * counter goes 1, (back: reset, replay 1), then 2, 3. */
    assert_non_null(strstr(buf, "Right: 3\n"));
    assert_non_null(strstr(buf, "count 3\n"));
    free(buf);

    McLessonCursor c;
    f.count = 0;
    mc_lesson_cursor_init(&c, l);
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    assert_true(c.waiting);
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    assert_true(c.waiting); /* at the ask */
    /* Graded as the prompt's player grades (mc_lesson_grade): a blank
     * answer and a first wrong one ask again; the second wrong one shows
     * the answer and the lesson goes on to its end and the score. */
    mc_lesson_cursor_advance(&c, fake_exec, &f, "  ");
    assert_true(c.waiting && !c.finished);
    assert_non_null(strstr(c.message, "type your answer"));
    mc_lesson_cursor_advance(&c, fake_exec, &f, "2");
    assert_true(c.waiting && !c.finished);
    assert_string_equal(c.message, "Not quite. Try again.");
    mc_lesson_cursor_advance(&c, fake_exec, &f, "4");
    assert_true(c.finished);
    assert_non_null(strstr(c.message, "Not quite. The answer is: 3"));
    assert_non_null(strstr(c.transcript.s, "0 of 1 right the first time.\n"));
    mc_lesson_cursor_free(&c);
    /* Right at the first try counts. */
    f.count = 0;
    mc_lesson_cursor_init(&c, l);
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    mc_lesson_cursor_advance(&c, fake_exec, &f, "it is 3");
    assert_true(c.finished);
    assert_non_null(strstr(c.transcript.s, "1 of 1 right the first time.\n"));
    mc_lesson_cursor_free(&c);
    mc_lesson_free(l);
}

static void test_export_md(void **state) {
    (void)state;
    McLesson *l;
    char *e = load_diag("== Swap ==\nPhis are simultaneous.\n$ echo return 12\nask q?\nanswer 12\n$ echo 12\n", &l);
    free(e);
    Fake f = {0, 0};
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    assert_true(mc_lesson_export_md(l, fake_exec, &f, out, stderr, false));
    fclose(out);
    assert_non_null(strstr(buf, "Phis are simultaneous.\n\n```\nminicc> echo return 12\nreturn 12\n```\n"));
    /* The student's copy asks, and hides the output that reveals the answer. */
    assert_non_null(strstr(buf, "**Question.** q?\n\nYour answer: "));
    assert_non_null(strstr(buf, "```\nminicc> echo 12\n```\n\n*Run it yourself"));
    assert_null(strstr(buf, "Answer"));
    assert_null(strstr(buf, "\n12\n"));
    free(buf);
    buf = NULL;
    out = open_memstream(&buf, &n);
    assert_true(mc_lesson_export_md(l, fake_exec, &f, out, stderr, true));
    fclose(out);
    assert_non_null(strstr(buf, "**Question.** q?\n\n**Answer:** 12\n"));
    assert_non_null(strstr(buf, "minicc> echo 12\n12\n```"));
    free(buf);
    mc_lesson_free(l);
}

/* A command Ctrl-C interrupted stops every player there: nothing after it
 * runs, and each says which command it was. */
static void test_interrupted(void **state) {
    (void)state;
    const char *text = "$ count\n$ stop\nexpect done\n$ count\npause\n$ count\n";
    char err[2048];
    assert_false(check_text(text, err, sizeof err));
    assert_non_null(strstr(err, ":2: error: '$ stop' was interrupted"));

    McLesson *l;
    char *e = load_diag(text, &l);
    free(e);
    Fake f = {0, 0};
    char *buf = NULL;
    size_t n = 0;
    FILE *out = open_memstream(&buf, &n);
    assert_int_equal(mc_lesson_play(l, fake_exec, fake_reset, &f, NULL, out), 2);
    fclose(out);
    assert_non_null(strstr(buf, "error: stop: interrupted\n(interrupted: '$ stop' (line 2) did not finish; "
                                "the lesson stops here)\n"));
    assert_int_equal(f.commands, 2);
    assert_null(strstr(buf, "End of lesson"));
    free(buf);

    f = (Fake){0, 0};
    buf = NULL;
    out = open_memstream(&buf, &n);
    char *ebuf = NULL;
    size_t en = 0;
    FILE *errs = open_memstream(&ebuf, &en);
    assert_false(mc_lesson_export_md(l, fake_exec, &f, out, errs, true));
    fclose(out);
    fclose(errs);
    assert_non_null(strstr(ebuf, ":2: error: '$ stop' was interrupted"));
    assert_int_equal(f.commands, 2);
    free(buf);
    free(ebuf);

    /* The workbench's cursor stops after it as at a pause, passing over its
     * expectation; Enter goes on. */
    f = (Fake){0, 0};
    McLessonCursor c;
    mc_lesson_cursor_init(&c, l);
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    assert_true(c.waiting);
    assert_false(c.failed);
    assert_int_equal(f.commands, 2);
    assert_string_equal(c.message, "interrupted: '$ stop' (line 2) did not finish; Enter goes on with the lesson");
    assert_non_null(strstr(c.transcript.s, "minicc> stop\nerror: stop: interrupted\n(interrupted: "));
    mc_lesson_cursor_advance(&c, fake_exec, &f, NULL);
    assert_true(c.waiting); /* at the pause */
    assert_false(c.failed);
    assert_non_null(strstr(c.transcript.s, "count 2\n"));
    mc_lesson_cursor_free(&c);

    mc_lesson_free(l);

    /* Going back replays silently; an interruption there stops too. */
    e = load_diag("$ flaky\npause\n$ count\npause\n$ count\npause\n", &l);
    free(e);
    f = (Fake){0, 0};
    FILE *in = fmemopen((void *)"\n\nb\n", 5, "r");
    buf = NULL;
    out = open_memstream(&buf, &n);
    assert_int_equal(mc_lesson_play(l, fake_exec, fake_reset, &f, in, out), 2);
    fclose(out);
    fclose(in);
    assert_non_null(strstr(buf, "(interrupted: '$ flaky' (line 1) did not finish while going back; "
                                "the lesson stops here)\n"));
    assert_int_equal(f.commands, 4); /* flaky, count, count; back: flaky */
    free(buf);
    mc_lesson_free(l);
}

static void test_answer_kinds(void **state) {
    (void)state;
    static const struct {
        McAnswerKind kind;
        const char *want, *given;
        bool right;
    } cases[] = {
        {MC_ANS_EXACT, "a b", "a b", true},     {MC_ANS_EXACT, "a b", " A   b ", true},
        {MC_ANS_EXACT, "a b", "b", false},      {MC_ANS_EXACT, "a b", "b a", false},
        {MC_ANS_EXACT, "return 21", "21", false}, {MC_ANS_EXACT, "x", "", false},
        {MC_ANS_NUMBER, "21", "21", true},      {MC_ANS_NUMBER, "21", " +21 ", true},
        {MC_ANS_NUMBER, "-1", "1", false},      {MC_ANS_NUMBER, "21", "021", true},
        {MC_ANS_NUMBER, "21", "21 registers", true}, {MC_ANS_NUMBER, "21", "twenty-one", false},
        {MC_ANS_NUMBER, "21", "return 21", true}, {MC_ANS_NUMBER, "5", "K=5", true},
        {MC_ANS_NUMBER, "35", "350", false},     {MC_ANS_NUMBER, "35", "3 5", false},
        {MC_ANS_NUMBER, "35", "r35", false},     {MC_ANS_NUMBER, "3", "3.5", false},
        {MC_ANS_NUMBER, "3", "3rd", false},      {MC_ANS_NUMBER, "-3", "return -3", true},
        {MC_ANS_NUMBER, "3", "x-3", true},       {MC_ANS_NUMBER, "3", "2 or 3", false},
        {MC_ANS_EXACT, "trap: x [0,3)", "TRAP:x [ 0, 3 )", true}, {MC_ANS_EXACT, "a b", "ab", false},
        {MC_ANS_SET, "a b", "{a, b}", true},     {MC_ANS_SET, "a b", "{b}", false},
        {MC_ANS_DIRECTION, "fewer", "less", true}, {MC_ANS_DIRECTION, "fewer", "fewer spills", true},
        {MC_ANS_DIRECTION, "fewer", "more", false}, {MC_ANS_DIRECTION, "same", "unchanged", true},
        {MC_ANS_DIRECTION, "same", "no change", true}, {MC_ANS_DIRECTION, "more", "more or less", false},
        {MC_ANS_DIRECTION, "more", "moreover", false},
        {MC_ANS_NUMBER, "-2147483648", "-2147483648", true},
        {MC_ANS_SET, "a b", "b a", true},       {MC_ANS_SET, "a b", "b, a", true},
        {MC_ANS_SET, "a b", "b", false},        {MC_ANS_SET, "a b", "a b c", false},
        {MC_ANS_SET, "a b", "a a b", false},    {MC_ANS_SET, "a b", "", false},
        {MC_ANS_ONE_OF, "opt | diverge at opt", "opt", true},
        {MC_ANS_ONE_OF, "opt | diverge at opt", "Diverge at  opt", true},
        {MC_ANS_ONE_OF, "opt | diverge at opt", "at opt", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (mc_lesson_answer_matches(cases[i].kind, cases[i].want, cases[i].given) != cases[i].right)
            fail_msg("case %zu: '%s' for '%s'", i, cases[i].given, cases[i].want);
    /* What --check accepts as the output revealing an answer. */
    assert_true(mc_lesson_answer_shown(MC_ANS_NUMBER, "21", "return 21\n"));
    assert_true(mc_lesson_answer_shown(MC_ANS_NUMBER, "-1", "return -1\n"));
    assert_false(mc_lesson_answer_shown(MC_ANS_NUMBER, "1", "return -1\n"));
    assert_false(mc_lesson_answer_shown(MC_ANS_NUMBER, "1", "v1 = 12\n"));
    assert_true(mc_lesson_answer_shown(MC_ANS_NUMBER, "24", "stats: spill_reads=24 slots=3\n"));
    assert_true(mc_lesson_answer_shown(MC_ANS_SET, "b a", "entry in: n\nexit in: a b\n"));
    assert_false(mc_lesson_answer_shown(MC_ANS_SET, "a", "exit in: a b\n"));
    assert_true(mc_lesson_answer_shown(MC_ANS_ONE_OF, "opt | diverge at opt", "diverge at opt\n"));
    /* The loader checks each kind's answer. */
    static const struct {
        const char *text, *diag;
    } bad[] = {
        {"ask q\nanswer number twelve\n$ echo\n", ":2:15: error: 'answer number' needs an integer, not 'twelve'"},
        {"ask q\nanswer one-of opt\n$ echo\n", ":2:15: error: 'answer one-of' needs alternatives separated by '|', not 'opt'"},
        {"ask q\nanswer one-of a | |\n$ echo\n", ":2:15: error: 'answer one-of' has an empty alternative, not 'a | |'"},
        {"ask q\nanswer set\n$ echo\n", ":2:8: error: 'answer set' needs the expected answer after the kind"},
        {"ask q\nanswer number   \n$ echo\n", ":2:8: error: 'answer number' needs the expected answer after the kind"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *e = load_diag(bad[i].text, NULL);
        assert_string_equal(e, bad[i].diag);
        free(e);
    }
}

/* Narration's inline Markdown without styling: markers removed, text kept. */
static void test_inline_markdown(void **state) {
    (void)state;
    static const char *const cases[][2] = {
        {"Use `alloc` now", "Use alloc now"},
        {"*emphasis* and **strong**", "emphasis and strong"},
        {"65536 * 65536 and a*b", "65536 * 65536 and a*b"},
        {"$edge2_copy0 and hunt_naive.ir", "$edge2_copy0 and hunt_naive.ir"},
        {"an `unclosed backtick", "an `unclosed backtick"},
        {"empty `` code", "empty `` code"},
        {"* not emphasis *", "* not emphasis *"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = mc_lesson_inline_plain(cases[i][0]);
        assert_string_equal(got, cases[i][1]);
        free(got);
    }
}

/* title:, teaches:, requires: and the order check over several lessons. */
static void test_syllabus(void **state) {
    (void)state;
    McLesson *a = NULL, *b = NULL;
    char *e = load_diag("title: First\nteaches: x, y-2\n== Heading\n$ run\n", &a);
    assert_string_equal(e, "");
    free(e);
    assert_non_null(a);
    assert_string_equal(a->title, "First");
    assert_int_equal(a->nteaches, 2);
    assert_string_equal(a->teaches[1], "y-2");
    e = load_diag("== Heading\ntitle: Later\nrequires: x z\n$ run\n", &b);
    assert_string_equal(e, "");
    free(e);
    assert_string_equal(b->title, "Later");
    assert_int_equal(b->nrequires, 2);
    FILE *sink = fopen("/dev/null", "w");
    McLesson *ok[] = {a, b}, *bad[] = {b, a};
    assert_int_equal(mc_lesson_syllabus_check(ok, 2, sink), 0);
    assert_int_equal(mc_lesson_syllabus_check(bad, 2, sink), 1);
    fclose(sink);
    mc_lesson_free(a);
    mc_lesson_free(b);
    e = load_diag("teaches: x,\n== H\n$ run\n", NULL);
    assert_string_equal(e, "");
    free(e);
    e = load_diag("teaches: ,\n== H\n$ run\n", NULL);
    assert_non_null(strstr(e, "needs at least one concept"));
    free(e);
    e = load_diag("requires: a_b\n== H\n$ run\n", NULL);
    assert_non_null(strstr(e, "not 'a_b'"));
    free(e);
    e = load_diag("teach: x\n== H\n$ run\n", NULL);
    assert_non_null(strstr(e, "unknown directive 'teach:' (did you mean 'teaches:'?)"));
    free(e);
    e = load_diag("holes: narration\n== H\n$ run\n", NULL);
    assert_string_equal(e, "");
    free(e);
    e = load_diag("title:\n== H\n$ run\n", NULL);
    assert_non_null(strstr(e, "needs the lesson's title"));
    free(e);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_answer_kinds),
        cmocka_unit_test(test_parse_ok),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_play_back_and_answers),
        cmocka_unit_test(test_export_md),
        cmocka_unit_test(test_interrupted),
        cmocka_unit_test(test_inline_markdown),
        cmocka_unit_test(test_syllabus),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
