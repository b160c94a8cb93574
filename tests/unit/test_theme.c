/* test_theme.c - the light themes' colours (src/tui/theme.c): every
 * foreground/background pair a theme's table holds meets WCAG AA (a
 * contrast ratio of at least 4.5:1) in the xterm 256-colour palette, and
 * the palette and the ratio are computed right (known values). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>

#include "tui/wb.h"

static void test_palette(void **state) {
    (void)state;
    int rgb[3];
    wb_xterm_rgb(16, rgb);
    assert_true(rgb[0] == 0 && rgb[1] == 0 && rgb[2] == 0);
    wb_xterm_rgb(231, rgb);
    assert_true(rgb[0] == 255 && rgb[1] == 255 && rgb[2] == 255);
    wb_xterm_rgb(24, rgb); /* #005f87 */
    assert_true(rgb[0] == 0 && rgb[1] == 95 && rgb[2] == 135);
    wb_xterm_rgb(240, rgb); /* #585858 */
    assert_true(rgb[0] == 88 && rgb[1] == 88 && rgb[2] == 88);
    /* black on white is 21:1, a colour with itself 1:1, and the order does not matter */
    assert_true(wb_contrast(16, 231) > 20.99 && wb_contrast(16, 231) < 21.01);
    assert_true(wb_contrast(231, 231) > 0.999 && wb_contrast(231, 231) < 1.001);
    assert_true(wb_contrast(24, 231) == wb_contrast(231, 24));
    /* a pair that fails AA: yellow on white */
    assert_true(wb_contrast(226, 231) < 4.5);
}

static void test_aa(void **state) {
    (void)state;
    int themes = 0;
    for (int t = 0; t < WB_NTHEMES; t++) {
        const WbColour *c = wb_theme_colours((WbTheme)t);
        if (!c) continue;
        themes++;
        int pairs = 0;
        for (int r = 0; r < MC_R_COUNT; r++) {
            if (c[r].fg == 0 && c[r].bg == 0) continue; /* no such role */
            pairs++;
            double ratio = wb_contrast(c[r].fg, c[r].bg);
            if (ratio < 4.5) fail_msg("theme %s, role %d: %d on %d has contrast %.2f < 4.5", wb_theme_names[t], r, c[r].fg, c[r].bg, ratio);
        }
        /* every role the frame draws: 16 roles, the register colours and
         * the C-to-IR bands */
        assert_int_equal(pairs, MC_R_MORE + 1 + MC_NREGCOLOURS + MC_NBANDS);
    }
    assert_int_equal(themes, 2); /* light, projector-light */
}

/* The C-to-IR bands of every theme (the dark themes' too, drawn on a
 * 256-colour terminal): AA contrast, and neighbouring bands (C lines L and
 * L + 1) differ. */
static void test_bands(void **state) {
    (void)state;
    assert_int_equal(MC_NBANDS, 6); /* the README's "six colours" */
    for (int t = 0; t < WB_NTHEMES; t++) {
        const WbColour *b = wb_theme_bands((WbTheme)t);
        assert_non_null(b);
        for (int i = 0; i < MC_NBANDS; i++) {
            double ratio = wb_contrast(b[i].fg, b[i].bg);
            if (ratio < 4.5) fail_msg("theme %s, band %d: %d on %d has contrast %.2f < 4.5", wb_theme_names[t], i, b[i].fg, b[i].bg, ratio);
            assert_int_not_equal(b[i].bg, b[(i + 1) % MC_NBANDS].bg);
        }
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_palette),
        cmocka_unit_test(test_aa),
        cmocka_unit_test(test_bands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
