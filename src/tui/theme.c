/* theme.c - the colours of the light themes, as data: for each colour role
 * (frame.h) a foreground and a background from the xterm 256-colour
 * palette, and that palette's RGB values to check them with (WCAG 2's
 * relative luminance and contrast ratio; AA asks 4.5:1 for text). tui.c
 * draws a light theme from this table on a 256-colour terminal;
 * tests/unit/test_theme.c checks every pair the table holds. The default
 * and projector themes use the terminal's own background (unknown here),
 * so they have no table. No curses here. */
#include <math.h>

#include "wb.h"

/* Black on white everywhere; marks in dark colours, chips in pale ones. */
static const WbColour light[MC_R_COUNT] = {
    [MC_R_NORMAL] = {16, 231},  [MC_R_BORDER] = {25, 231},   [MC_R_FOCUS] = {88, 231},
    [MC_R_TITLE] = {18, 231},   [MC_R_CURBLOCK] = {16, 153}, [MC_R_CURLINE] = {16, 222},
    [MC_R_CHANGED] = {90, 231}, [MC_R_BREAK] = {124, 231},   [MC_R_ERROR] = {124, 231},
    [MC_R_STATUS] = {231, 24},  [MC_R_DIM] = {240, 231},     [MC_R_SPILL] = {124, 231},
    [MC_R_PROMPT] = {22, 231},  [MC_R_HEADING] = {18, 231},  [MC_R_GOOD] = {22, 231},
    [MC_R_MORE] = {94, 231},
    [MC_R_REG0 + 0] = {16, 157}, [MC_R_REG0 + 1] = {16, 229}, [MC_R_REG0 + 2] = {16, 159},
    [MC_R_REG0 + 3] = {16, 225}, [MC_R_REG0 + 4] = {16, 189}, [MC_R_REG0 + 5] = {16, 252},
    [MC_R_BAND0 + 0] = {16, 194}, [MC_R_BAND0 + 1] = {16, 223}, [MC_R_BAND0 + 2] = {16, 195},
    [MC_R_BAND0 + 3] = {16, 218}, [MC_R_BAND0 + 4] = {16, 147}, [MC_R_BAND0 + 5] = {16, 187},
};

/* For a projector on a light background: black borders and text, strong
 * backgrounds for the current block and line, a black status bar. */
static const WbColour projector_light[MC_R_COUNT] = {
    [MC_R_NORMAL] = {16, 231},  [MC_R_BORDER] = {16, 231},   [MC_R_FOCUS] = {124, 231},
    [MC_R_TITLE] = {18, 231},   [MC_R_CURBLOCK] = {16, 117}, [MC_R_CURLINE] = {16, 220},
    [MC_R_CHANGED] = {90, 231}, [MC_R_BREAK] = {124, 231},   [MC_R_ERROR] = {124, 231},
    [MC_R_STATUS] = {231, 16},  [MC_R_DIM] = {16, 231},      [MC_R_SPILL] = {124, 231},
    [MC_R_PROMPT] = {22, 231},  [MC_R_HEADING] = {18, 231},  [MC_R_GOOD] = {22, 231},
    [MC_R_MORE] = {88, 231},
    [MC_R_REG0 + 0] = {16, 120}, [MC_R_REG0 + 1] = {16, 227}, [MC_R_REG0 + 2] = {16, 123},
    [MC_R_REG0 + 3] = {16, 219}, [MC_R_REG0 + 4] = {16, 153}, [MC_R_REG0 + 5] = {16, 250},
    [MC_R_BAND0 + 0] = {16, 156}, [MC_R_BAND0 + 1] = {16, 222}, [MC_R_BAND0 + 2] = {16, 159},
    [MC_R_BAND0 + 3] = {16, 213}, [MC_R_BAND0 + 4] = {16, 147}, [MC_R_BAND0 + 5] = {16, 186},
};

/* The C-to-IR bands of the dark themes on a 256-colour terminal: black on
 * mid-tone backgrounds that stand out from a dark one (an 8-colour
 * terminal uses its basic colours instead, tui.c). */
static const WbColour dark_bands[MC_NBANDS] = {
    {16, 114}, {16, 179}, {16, 80}, {16, 175}, {16, 141}, {16, 144},
};

const WbColour *wb_theme_colours(WbTheme t) {
    switch (t) {
    case WB_THEME_LIGHT: return light;
    case WB_THEME_PROJECTOR_LIGHT: return projector_light;
    default: return NULL;
    }
}

const WbColour *wb_theme_bands(WbTheme t) {
    const WbColour *c = wb_theme_colours(t);
    return c ? c + MC_R_BAND0 : dark_bands;
}

bool wb_theme_is_light(WbTheme t) { return wb_theme_colours(t) != NULL; }

void wb_xterm_rgb(int idx, int rgb[3]) {
    static const int base[16][3] = {
        {0, 0, 0},       {205, 0, 0},   {0, 205, 0},   {205, 205, 0},   {0, 0, 238},   {205, 0, 205},
        {0, 205, 205},   {229, 229, 229}, {127, 127, 127}, {255, 0, 0}, {0, 255, 0},   {255, 255, 0},
        {92, 92, 255},   {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
    };
    if (idx < 0 || idx > 255) idx = 0;
    if (idx < 16) {
        for (int i = 0; i < 3; i++) rgb[i] = base[idx][i];
    } else if (idx < 232) {
        static const int level[6] = {0, 95, 135, 175, 215, 255};
        int c = idx - 16;
        rgb[0] = level[c / 36];
        rgb[1] = level[(c / 6) % 6];
        rgb[2] = level[c % 6];
    } else {
        rgb[0] = rgb[1] = rgb[2] = 8 + 10 * (idx - 232);
    }
}

static double luminance(int idx) {
    int rgb[3];
    wb_xterm_rgb(idx, rgb);
    double l[3];
    for (int i = 0; i < 3; i++) {
        double c = rgb[i] / 255.0;
        l[i] = c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
    }
    return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2];
}

double wb_contrast(int fg, int bg) {
    double a = luminance(fg), b = luminance(bg);
    if (a < b) {
        double t = a;
        a = b;
        b = t;
    }
    return (a + 0.05) / (b + 0.05);
}
