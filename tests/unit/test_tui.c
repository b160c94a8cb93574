/* test_tui.c - the workbench without a terminal: the character grid
 * (clipping, boxes, text dumps), the key-script notation, and the workbench
 * model driven by keys (the swap edge record, values, K, layouts, resizing,
 * the batch line editor). The screen transcripts in tests/tui/ check whole
 * frames; these check the pieces and the state behind them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson/lesson.h"
#include "shell/outfile.h"
#include "shell/session.h"
#include "shell/show.h"
#include "tui/frame.h"
#include "tui/wb.h"

static const char *swap_ir = "func swap(i32 n) {\n"
                             "entry:\n    i0 = copy 0\n    jump head\n"
                             "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
                             "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
                             "body:\n    i1 = add i, 1\n    jump head\n"
                             "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";

/* The frame as one string. */
static char *dump(const McFrame *fr) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    mc_frame_dump(fr, f);
    fclose(f);
    return buf;
}

static void frame_text_clips(void **state) {
    (void)state;
    McFrame fr;
    mc_frame_init(&fr, 10, 3);
    assert_int_equal(mc_frame_text(&fr, 7, 0, 100, "abcdef", 0), 3);
    assert_int_equal(mc_frame_text(&fr, -1, 1, 100, "xyz", 0), 3); /* the first column is off screen */
    mc_frame_text(&fr, 0, 5, 10, "nowhere", 0);                     /* a row off screen: nothing */
    mc_frame_text(&fr, 0, 2, 4, "a\tb\001c", MC_R_ERROR);
    char *s = dump(&fr);
    assert_string_equal(s, "       abc\nyz\na b?\n");
    free(s);
    assert_int_equal(mc_frame_at(&fr, 0, 2)->attr, MC_R_ERROR);
    assert_null(mc_frame_at(&fr, 10, 0));
    mc_frame_free(&fr);
}

static void frame_box_and_title(void **state) {
    (void)state;
    McFrame fr;
    mc_frame_init(&fr, 12, 3);
    mc_frame_box(&fr, (McRect){0, 0, 12, 3}, "a long title", MC_R_BORDER, MC_R_TITLE);
    char *s = dump(&fr);
    assert_string_equal(s, "+ a long t +\n|          |\n+----------+\n");
    free(s);
    mc_frame_free(&fr);
}

static void lines_attrs(void **state) {
    (void)state;
    McLines l;
    mc_lines_init(&l);
    mc_lines_put(&l, "ab", 1);
    mc_lines_printf(&l, 2, "%d", 42);
    mc_lines_pad(&l, 6, 0);
    mc_lines_text(&l, "x\ny", 3);
    assert_int_equal(l.n, 3);
    assert_string_equal(l.v[0].text, "ab42  ");
    assert_int_equal(l.v[0].attr[1], 1);
    assert_int_equal(l.v[0].attr[2], 2);
    assert_string_equal(l.v[2].text, "y");
    McFrame fr;
    mc_frame_init(&fr, 4, 2);
    mc_lines_draw(&l, 1, &fr, (McRect){0, 0, 4, 2});
    char *s = dump(&fr);
    assert_string_equal(s, "x\ny\n");
    free(s);
    mc_frame_free(&fr);
    mc_lines_free(&l);
}

static void key_scripts(void **state) {
    (void)state;
    char why[256];
    int n = 0;
    int *k = wb_keys_parse("n<Enter>:<lt><Tab><PgDn><size:100x30>", &n, why, sizeof why);
    assert_non_null(k);
    assert_int_equal(n, 7);
    assert_int_equal(k[0], 'n');
    assert_int_equal(k[1], WB_KEY_ENTER);
    assert_int_equal(k[2], ':');
    assert_int_equal(k[3], '<');
    assert_int_equal(k[4], WB_KEY_TAB);
    assert_int_equal(k[5], WB_KEY_PGDN);
    assert_int_equal(k[6], 0x100000 | (100 << 10) | 30);
    free(k);
    assert_null(wb_keys_parse("<Nope>", &n, why, sizeof why));
    assert_non_null(strstr(why, "unknown key"));
    assert_null(wb_keys_parse("n<Enter", &n, why, sizeof why));
    assert_null(wb_keys_parse("<Size:2x2>", &n, why, sizeof why));
}

/* A workbench on swap.ir with n = 3 (no command layer: keys only). */
typedef struct Bench {
    McSession s;
    Wb wb;
    McFrame fr;
    char path[64];
} Bench;

static void bench_open(Bench *b, int w, int h) {
    snprintf(b->path, sizeof b->path, "/tmp/minicc-test-tui-XXXXXX");
    int fd = mkstemp(b->path);
    assert_true(fd >= 0);
    assert_true(write(fd, swap_ir, strlen(swap_ir)) == (ssize_t)strlen(swap_ir));
    close(fd);
    mc_session_init(&b->s);
    FILE *err = fopen("/dev/null", "w");
    assert_true(mc_session_load(&b->s, b->path, err));
    char *argv[] = {(char *)"3", NULL};
    assert_true(mc_session_set_args(&b->s, 1, argv, err));
    fclose(err);
    wb_init(&b->wb, &b->s, NULL, w, h);
    mc_frame_init(&b->fr, w, h);
    wb_start(&b->wb, NULL, "default");
}

static void bench_keys(Bench *b, const char *keys) {
    for (const char *p = keys; *p; p++) {
        wb_key(&b->wb, (unsigned char)*p);
        wb_render(&b->wb, &b->fr);
    }
}

static void bench_close(Bench *b) {
    unlink(b->path);
    mc_frame_free(&b->fr);
    wb_free(&b->wb);
    mc_session_free(&b->s);
}

static bool screen_has(Bench *b, const char *text) {
    char *s = dump(&b->fr);
    bool yes = strstr(s, text) != NULL;
    free(s);
    return yes;
}

static const McPhiUpdate *edge_phi(Bench *b, const char *name) {
    for (int32_t k = 0; k < b->wb.edge.nphis; k++)
        if (strcmp(b->wb.edge.f->values[b->wb.edge.phis[k].dest].name, name) == 0) return &b->wb.edge.phis[k];
    return NULL;
}

static void swap_edge_record(void **state) {
    (void)state;
    Bench b;
    bench_open(&b, 80, 24);
    bench_keys(&b, "nn");
    /* entry -> head: every phi is new. */
    assert_true(b.wb.edge.valid);
    assert_int_equal(b.wb.edge.step, 2);
    assert_false(edge_phi(&b, "a")->had_old);
    bench_keys(&b, "nn");
    /* body -> head: a and b trade places in one parallel assignment. */
    assert_int_equal(b.wb.edge.step, 4);
    const McPhiUpdate *a = edge_phi(&b, "a"), *bb = edge_phi(&b, "b"), *i = edge_phi(&b, "i");
    assert_true(a->had_old && a->old == 1 && a->value == 2);
    assert_true(bb->had_old && bb->old == 2 && bb->value == 1);
    assert_true(i->had_old && i->old == 0 && i->value == 1);
    assert_true(screen_has(&b, "a: 1 -> 2"));
    assert_true(screen_has(&b, "b: 2 -> 1"));
    assert_true(screen_has(&b, "* a  = 2   (was 1)"));
    assert_true(screen_has(&b, "=> body:"));
    /* Back one block: the values go back; the marks are those of the step
     * now shown (body, which defined i1), not a diff with the step left. */
    bench_keys(&b, "b");
    assert_int_equal(mc_interp_steps(b.s.interp), 3);
    assert_true(screen_has(&b, "* i1 = 1   (new)"));
    assert_false(screen_has(&b, "* a  ="));
    assert_true(screen_has(&b, "=> head:"));
    /* Continue to the end: 21 for odd n. */
    bench_keys(&b, "c");
    McOutcome o;
    assert_true(mc_interp_finished(b.s.interp, &o));
    assert_int_equal(o.value, 21);
    assert_true(screen_has(&b, "return 21"));
    /* Restart. */
    bench_keys(&b, "r");
    assert_int_equal(mc_interp_steps(b.s.interp), 0);
    assert_false(b.wb.edge.valid);
    bench_close(&b);
}

/* `c` on a long run (swap(5,000,000): 10 million blocks) stays on the fast
 * path: the edge record of the last phi edge (body -> head, the step before
 * the exit) is found by stepping a short tail again (64 blocks), not the
 * whole run as the workbench did before (a second of CPU here, 16 times
 * the fast `c`; the recorded events then held the last 2,000 and more). */
static void long_continue_edge_record(void **state) {
    (void)state;
    Bench b;
    bench_open(&b, 80, 24);
    char *argv[] = {(char *)"5000000", NULL};
    FILE *err = fopen("/dev/null", "w");
    assert_true(mc_session_set_args(&b.s, 1, argv, err));
    fclose(err);
    b.s.max_steps = 20000000;
    bench_keys(&b, "c");
    McOutcome o;
    assert_true(mc_interp_finished(b.s.interp, &o));
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 12); /* an even n: a and b end where they started */
    int64_t steps = mc_interp_steps(b.s.interp);
    assert_int_equal(steps, 10000003); /* entry, 5,000,001 x head, 5,000,000 x body, exit */
    assert_true(b.wb.edge.valid);
    assert_int_equal(b.wb.edge.step, steps - 1);
    const McPhiUpdate *i = edge_phi(&b, "i");
    assert_true(i->had_old && i->value == 5000000);
    int enters = 0;
    for (int k = 0; k < b.s.last.n; k++) enters += b.s.last.v[k].kind == MC_EV_ENTER;
    assert_in_range(enters, 1, 64); /* the tail stepped again, not the run */
    bench_close(&b);
}

static void budget_and_layouts(void **state) {
    (void)state;
    Bench b;
    bench_open(&b, 80, 24);
    bench_keys(&b, "l");
    assert_true(screen_has(&b, "interference K=4"));
    bench_keys(&b, "--");
    assert_int_equal(b.s.regs, 2);
    assert_true(screen_has(&b, "interference K=2"));
    assert_true(screen_has(&b, "registers K=2"));
    assert_true(screen_has(&b, "last machine run (K=2)"));
    assert_true(b.wb.have_machine);
    bench_keys(&b, "---");
    assert_int_equal(b.s.regs, 1); /* K never goes below 1 */
    bench_keys(&b, "+");
    assert_int_equal(b.s.regs, 2);
    bench_keys(&b, "l");
    assert_true(screen_has(&b, "C (from ssa)"));
    assert_true(screen_has(&b, "static int32_t minicc_fn(")); /* the C pane opens at the function */
    /* Focus cycles over the panes of the layout (IR, C, log). */
    WbPane first = b.wb.focus;
    bench_keys(&b, "\t");
    assert_int_not_equal(b.wb.focus, first);
    bench_keys(&b, "\t\t");
    assert_int_equal(b.wb.focus, first);
    bench_keys(&b, "l");
    assert_true(screen_has(&b, "IR swap [input]"));
    /* Resize: the next render uses the new size. */
    wb_resize(&b.wb, 120, 40);
    wb_render(&b.wb, &b.fr);
    assert_int_equal(b.fr.w, 120);
    assert_int_equal(b.fr.h, 40);
    assert_true(screen_has(&b, "swap | stage input"));
    /* Help and quit. */
    bench_keys(&b, "?");
    assert_true(screen_has(&b, "any key closes)"));
    bench_keys(&b, "x");
    assert_false(b.wb.help);
    bench_keys(&b, "q");
    assert_true(b.wb.quit);
    bench_close(&b);
}

/* The first cell of text on the frame, or NULL. */
static const McCell *find_text(const McFrame *fr, const char *text, int *x, int *y) {
    size_t n = strlen(text);
    for (int r = 0; r < fr->h; r++)
        for (int c = 0; c + (int)n <= fr->w; c++) {
            size_t k = 0;
            while (k < n && fr->cells[r * fr->w + c + (int)k].ch == text[k]) k++;
            if (k == n) {
                *x = c;
                *y = r;
                return &fr->cells[r * fr->w + c];
            }
        }
    return NULL;
}

/* C-to-IR colour bands (issue 29 §5): in every stage's view, the IR line
 * of `t = a % b` (line 4 of this file) carries line 4's band before its
 * text, and the source pane draws the number 4 on the same band; a line
 * without code (the `}` of line 7) has none. */
static void c_ir_bands(void **state) {
    (void)state;
    static const char *src = "int gcd(int a, int b) {\n"
                             "    int t = 0;\n"
                             "    while (b != 0) {\n"
                             "        t = a % b;\n"
                             "        a = b;\n"
                             "        b = t;\n"
                             "    }\n"
                             "    return a;\n"
                             "}\n";
    Bench b;
    snprintf(b.path, sizeof b.path, "/tmp/minicc-test-band-XXXXXX.c");
    int fd = mkstemps(b.path, 2);
    assert_true(fd >= 0);
    assert_true(write(fd, src, strlen(src)) == (ssize_t)strlen(src));
    close(fd);
    mc_session_init(&b.s);
    FILE *err = fopen("/dev/null", "w");
    assert_true(mc_session_load(&b.s, b.path, err));
    char *argv[] = {(char *)"84", (char *)"36", NULL};
    assert_true(mc_session_set_args(&b.s, 2, argv, err));
    fclose(err);
    wb_init(&b.wb, &b.s, NULL, 120, 40);
    mc_frame_init(&b.fr, 120, 40);
    wb_start(&b.wb, NULL, "default");
    const uint16_t band4 = MC_R_BAND0 + 4 % MC_NBANDS;
    for (int v = 0; v < MC_VIEW_COUNT; v++) {
        FILE *e = fopen("/dev/null", "w");
        assert_non_null(mc_session_view(&b.s, (McView)v, e));
        fclose(e);
        b.s.exec = (McView)v;
        b.wb.gen++;
        wb_render(&b.wb, &b.fr);
        int x, y;
        const McCell *c = find_text(&b.fr, " = rem a", &x, &y);
        assert_non_null(c);
        /* back over the name (`t` or `t.2`) */
        while (x > 0 && b.fr.cells[y * b.fr.w + x - 1].ch != ' ') x--;
        assert_int_equal(b.fr.cells[y * b.fr.w + x - 1].attr & MC_R_MASK, band4);
        assert_int_equal(b.fr.cells[y * b.fr.w + x - 2].attr & MC_R_MASK, band4);
        assert_int_equal(b.fr.cells[y * b.fr.w + x - 3].attr & MC_R_MASK, MC_R_NORMAL);
        c = find_text(&b.fr, "   4         t = a % b;", &x, &y);
        assert_non_null(c);
        assert_int_equal(b.fr.cells[y * b.fr.w + x + 3].attr & MC_R_MASK, band4);
        c = find_text(&b.fr, "   7     }", &x, &y);
        assert_non_null(c);
        assert_true((b.fr.cells[y * b.fr.w + x + 3].attr & MC_R_MASK) < MC_R_BAND0);
    }
    bench_close(&b);
}

static void batch_line_editor(void **state) {
    (void)state;
    Bench b;
    bench_open(&b, 80, 24);
    bench_keys(&b, ":abc");
    assert_true(b.wb.cmd_active);
    assert_string_equal(b.wb.cmd, "abc");
    wb_key(&b.wb, WB_KEY_LEFT);
    wb_key(&b.wb, WB_KEY_BACKSPACE);
    assert_string_equal(b.wb.cmd, "ac");
    wb_key(&b.wb, WB_KEY_ESC);
    assert_false(b.wb.cmd_active);
    /* Workbench commands are handled without the command layer. */
    bench_keys(&b, ":layout alloc\r");
    assert_int_equal(b.wb.layout, 1);
    bench_keys(&b, ":focus regs\r");
    assert_int_equal(b.wb.focus, WB_REGS);
    bench_keys(&b, ":layout nope\r");
    assert_int_equal(b.wb.layout, 1);
    assert_non_null(strstr(b.wb.status, "unknown layout"));
    bench_close(&b);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(frame_text_clips),  cmocka_unit_test(frame_box_and_title),
        cmocka_unit_test(lines_attrs),       cmocka_unit_test(key_scripts),
        cmocka_unit_test(swap_edge_record),  cmocka_unit_test(long_continue_edge_record),
        cmocka_unit_test(budget_and_layouts),
        cmocka_unit_test(batch_line_editor),
        cmocka_unit_test(c_ir_bands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
