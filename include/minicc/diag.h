/* minicc/diag.h - diagnostics: `FILE:LINE:COL: error: MESSAGE`, with the
 * source line and a caret when the source text is known.
 *
 * The engine never prints or exits on a user mistake: it appends a McDiag to
 * a McDiags list and returns a failure status; front ends decide how to show
 * the list (mc_diags_print gives the GCC/Clang convention).
 *
 * Implemented in diag.c (src/engine). */
#ifndef MINICC_DIAG_H
#define MINICC_DIAG_H

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include "ir.h"
#include "util.h"

typedef struct McDiag {
    McLoc loc;   /* 0:0 when the error has no position (for example a bad argument) */
    char *msg;   /* malloc'd */
} McDiag;

typedef struct McDiags {
    char *file;       /* malloc'd copy of the file name, or NULL */
    const char *src;  /* borrowed source text for caret lines, or NULL */
    size_t srclen;
    McDiag *v;
    int n, cap;
    /* The error cap (mc_diags_limit, mc_vdiag_capped): how many errors a
     * front end may report before it gives up, how many it has reported,
     * and whether "too many errors, giving up" has been said. */
    int limit, counted;
    bool full;
} McDiags;

void mc_diags_init(McDiags *d, const char *file, const char *src, size_t srclen);
void mc_diags_free(McDiags *d);
void mc_diags_clear(McDiags *d);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
void mc_diag(McDiags *d, McLoc loc, const char *fmt, ...);
/* mc_diag for callers that take a format and arguments themselves. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 0)))
#endif
void mc_vdiag(McDiags *d, McLoc loc, const char *fmt, va_list ap);
/* The error cap the parsers share: mc_diags_limit starts counting (none
 * reported yet, not given up). mc_vdiag_capped adds a diagnostic that
 * counts; the one after the limit-th becomes "too many errors, giving up"
 * instead and the list is full: later capped diagnostics add nothing.
 * Returns false when the list is full (then the caller stops). Diagnostics
 * added by mc_diag do not count (the IR parser's verifier errors). */
void mc_diags_limit(McDiags *d, int max);
#if defined(__GNUC__)
__attribute__((format(printf, 3, 0)))
#endif
bool mc_vdiag_capped(McDiags *d, McLoc loc, const char *fmt, va_list ap);
/* After this many errors a front end gives up (both parsers). */
#define MC_MAX_ERRORS 20
/* Print every diagnostic; with `caret`, follow each by its source line and a
 * caret under the column. Positionless diagnostics print as `FILE: error: M`
 * (or `error: M` without a file). */
void mc_diags_print(const McDiags *d, FILE *out, bool caret);
/* Diagnostic i formatted as one line (no caret), whole: malloc'd. */
char *mc_diag_text(const McDiags *d, int i);
/* The same into buf; a line too long for it keeps its start and its end
 * around " ... " (the position and the reason both stay). */
const char *mc_diag_line(const McDiags *d, int i, char *buf, size_t size);

/* Text from a file as it may be shown on a terminal, so escape sequences in
 * a file never reach it: control characters as ^X (^[ for ESC, ^? for DEL,
 * ^@ for NUL), C1 controls and bytes that are not UTF-8 as \xNN; tabs and
 * printable UTF-8 as they are. mc_visible_char shows the character at s
 * (n > 0 bytes left) into b (when not NULL), returns how many bytes it
 * took and sets *cols to the columns it is shown in (a tab counts 1; a
 * caret line repeats the tab). mc_str_put_visible appends [s, s+n) shown;
 * mc_visible_dup returns it malloc'd. */
size_t mc_visible_char(McStr *b, const char *s, size_t n, int *cols);
void mc_str_put_visible(McStr *b, const char *s, size_t n);
char *mc_visible_dup(const char *s, size_t n);

#endif
