/* intervals.h - live intervals as a picture (issue 16 §1): one row per
 * value over the linear instruction order linear scan works in
 * (mc_intervals: blocks in reverse postorder), shared by the prompt's
 * `intervals` and the workbench's intervals pane.
 *
 * Implemented in intervals.c (src/shell). */
#ifndef MINICC_SHELL_INTERVALS_H
#define MINICC_SHELL_INTERVALS_H

#include <stdio.h>

#include "minicc/regalloc.h"

typedef struct McIvRow {
    int32_t value; /* handle in the allocation's destroyed function */
    char where[24]; /* r0, slot3 */
    char *bar;     /* cols characters: '=' live in a register, '#' live in a slot,
                      '.' a hole (inside the interval, not live), ':' a block start
                      outside it, ' ' outside */
} McIvRow;

typedef struct McIvPicture {
    int32_t cols, per;  /* bar columns; instructions per cell (>= 1) */
    int32_t cw;         /* characters per cell (1..3: short functions get wider cells) */
    int32_t nindex;     /* instructions and terminators in the linear order */
    char *blocks;       /* cols characters: block names starting at their first column */
    char *ruler;        /* cols characters: '|' where a block starts, '-' elsewhere */
    McIvRow *rows;      /* by interval start, then handle */
    int32_t nrows;
    int name_w;         /* widest value name */
} McIvPicture;

/* The picture of a's destroyed function with bars at most max_cols wide
 * (>= 8): one column per instruction when they fit, else several. */
void mc_iv_picture(const McAllocation *a, int max_cols, McIvPicture *p);
void mc_iv_picture_free(McIvPicture *p);
/* As text: a header, the block names and ruler, a row per value
 * (name, location, bar) and the legend. */
void mc_show_intervals(const McAllocation *a, int max_cols, FILE *out);

#endif
