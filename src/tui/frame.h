/* frame.h - a character grid with attributes that the whole workbench draws
 * into. Nothing here knows curses: the terminal front end (tui.c) copies a
 * frame to the screen, and the batch mode and the tests print it as text, so
 * every screen can be snapshot without a terminal.
 *
 * Cells hold one ASCII character and an attribute: a colour role (what the
 * cell means: a border, the current line, a changed value, register 3...)
 * plus bold/reverse/underline/dim flags. The front end maps roles to colours
 * or, without colour, to the flags alone. Line-drawing characters are stored
 * as MC_CH_* codes so that text dumps show `+-|` and curses shows ACS lines. */
#ifndef MINICC_TUI_FRAME_H
#define MINICC_TUI_FRAME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* Colour roles (low 6 bits of an attribute). */
enum {
    MC_R_NORMAL = 0,
    MC_R_BORDER,     /* pane border */
    MC_R_FOCUS,      /* border of the focused pane */
    MC_R_TITLE,      /* pane title */
    MC_R_CURBLOCK,   /* lines of the block being executed */
    MC_R_CURLINE,    /* the next thing to execute */
    MC_R_CHANGED,    /* a value changed by the last step */
    MC_R_BREAK,      /* breakpoint mark */
    MC_R_ERROR,      /* error output, traps */
    MC_R_STATUS,     /* status bar */
    MC_R_DIM,        /* comments, dead values, hints */
    MC_R_SPILL,      /* a spilled value */
    MC_R_PROMPT,     /* the command line prompt */
    MC_R_HEADING,    /* headings inside panes (lesson headings, phases) */
    MC_R_GOOD,       /* a successful outcome / right answer */
    MC_R_MORE,       /* `>` `<` and `v N more`: a pane cut content here */
    MC_R_REG0 = 16,  /* register r0; rN uses MC_R_REG0 + N % MC_NREGCOLOURS */
    MC_R_COUNT = 32
};
#define MC_NREGCOLOURS 6
/* Colour bands tying a C line to its IR lines (pane_source.c, pane_ir.c):
 * C line L uses MC_R_BAND0 + L % MC_NBANDS, so neighbouring lines differ. */
#define MC_R_BAND0 (MC_R_REG0 + MC_NREGCOLOURS)
#define MC_NBANDS 6
#define MC_R_MASK 0x3f
#define MC_A_BOLD 0x100
#define MC_A_REVERSE 0x200
#define MC_A_UNDERLINE 0x400
#define MC_A_DIM 0x800

/* Line drawing characters (stored in McCell.ch). */
enum { MC_CH_HLINE = 1, MC_CH_VLINE, MC_CH_ULCORNER, MC_CH_URCORNER, MC_CH_LLCORNER, MC_CH_LRCORNER };

typedef struct McCell {
    char ch;       /* ASCII, or an MC_CH_* line character */
    uint16_t attr; /* role | flags */
} McCell;

typedef struct McRect {
    int x, y, w, h;
} McRect;

typedef struct McFrame {
    int w, h;      /* columns, rows */
    McCell *cells; /* h rows of w cells */
    int cur_x, cur_y; /* where the terminal cursor goes (-1: hidden) */
} McFrame;

void mc_frame_init(McFrame *fr, int w, int h);
void mc_frame_resize(McFrame *fr, int w, int h); /* contents cleared */
void mc_frame_free(McFrame *fr);
void mc_frame_clear(McFrame *fr);
McCell *mc_frame_at(McFrame *fr, int x, int y); /* NULL outside */
void mc_frame_put(McFrame *fr, int x, int y, char ch, uint16_t attr);
/* Text clipped to [x, x + maxw) and the frame; control characters show as
 * `?`, tabs as a space. Returns the columns written. */
int mc_frame_text(McFrame *fr, int x, int y, int maxw, const char *s, uint16_t attr);
int mc_frame_textn(McFrame *fr, int x, int y, int maxw, const char *s, int n, uint16_t attr);
void mc_frame_fill(McFrame *fr, McRect r, char ch, uint16_t attr);
/* Set the attribute of cells already drawn (keeps the characters). */
void mc_frame_attr(McFrame *fr, McRect r, uint16_t attr);
/* A box on the rectangle's edge with a title in the top border. */
void mc_frame_box(McFrame *fr, McRect r, const char *title, uint16_t border, uint16_t title_attr);
/* Rows as text, trailing blanks removed, line characters as `-|+`. */
void mc_frame_dump(const McFrame *fr, FILE *out);
/* The attribute layer as letters (for tests that check highlighting): one
 * row per frame row, `.` for normal cells, else a letter per role. */
void mc_frame_dump_attrs(const McFrame *fr, FILE *out);
/* The flags layer: `.` none, `d` dim (with anything), `B` bold and reverse,
 * `b` bold, `r` reverse, `u` underline. */
void mc_frame_dump_flags(const McFrame *fr, FILE *out);

/* ---- styled lines: what a pane shows before it is clipped and scrolled ---- */

typedef struct McLine {
    char *text;      /* malloc'd, NUL-terminated */
    uint16_t *attr;  /* one per character */
    int len;
    bool fixed;      /* already fits the pane (reflowed): does not scroll sideways */
} McLine;

typedef struct McLines {
    McLine *v;
    int n, cap;
} McLines;

void mc_lines_init(McLines *l);
void mc_lines_free(McLines *l);
void mc_lines_clear(McLines *l);
/* Start a new empty line and return it. */
McLine *mc_lines_new(McLines *l);
/* Append text with one attribute to the last line (starting one if none). */
void mc_lines_put(McLines *l, const char *s, uint16_t attr);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_lines_printf(McLines *l, uint16_t attr, const char *fmt, ...);
/* Pad the last line with blanks to `col` columns. */
void mc_lines_pad(McLines *l, int col, uint16_t attr);
/* Split multi-line text into lines of one attribute. */
void mc_lines_text(McLines *l, const char *s, uint16_t attr);
/* Draw lines [first, first + r.h) into r, clipped. */
void mc_lines_draw(const McLines *l, int first, McFrame *fr, McRect r);
/* The same from column `left` (lines marked fixed stay put), with a `>` in
 * the last column where a line goes on to the right and a `<` in the first
 * where its start is scrolled away. Returns the longest line's length. */
int mc_lines_draw_h(const McLines *l, int first, int left, McFrame *fr, McRect r);

#endif
