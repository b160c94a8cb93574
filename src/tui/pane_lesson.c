/* pane_lesson.c - the narration of a lesson (lesson.h): headings,
 * narration, the commands it ran with their output, questions and the
 * verdict on the student's answer. Enter advances to the next pause;
 * at a question, typing starts the answer on the command line, graded as
 * the prompt's player does (mc_lesson_grade: two tries, the hint, the
 * answer; a score at the end).
 *
 * Narration is reflowed: the lines of a paragraph in the lesson file are
 * joined and wrapped at the pane's width. Commands and their output (sweep
 * tables, listings) are never wrapped: they scroll sideways (Left, Right)
 * and a `>` marks a line that goes on. After an advance the pane shows what
 * it added from its start, so a new section's heading is in view. */
#include <stdlib.h>
#include <string.h>

#include "wb.h"

/* Word-wrap text at width w into lines that do not scroll sideways. */
static void lesson_wrap(McLines *L, const char *text, size_t len, int w, uint16_t a) {
    size_t at = 0;
    if (w < 4) w = 4;
    while (at < len && text[at] == ' ') at++;
    if (at == len) {
        mc_lines_new(L)->fixed = true;
        return;
    }
    while (at < len) {
        size_t take = len - at;
        if ((int)take > w) {
            take = (size_t)w;
            size_t sp = take;
            while (sp > 0 && text[at + sp] != ' ') sp--;
            if (sp > 0) take = sp;
        }
        char *piece = mc_xstrndup(text + at, take);
        mc_lines_new(L)->fixed = true;
        mc_lines_put(L, piece, a);
        free(piece);
        at += take;
        while (at < len && text[at] == ' ') at++;
    }
}

/* Whether the n characters at p contain s. */
static bool has_text(const char *p, size_t n, const char *s) {
    size_t k = strlen(s);
    for (size_t i = 0; i + k <= n; i++)
        if (memcmp(p + i, s, k) == 0) return true;
    return false;
}

/* The attribute of a line that is not narration. */
static uint16_t lesson_attr(char kind, const char *line) {
    switch (kind) {
    case 'H':
    case 'Q': return MC_R_HEADING | MC_A_BOLD;
    case 'C': return MC_R_PROMPT | MC_A_BOLD;
    case 'X': return MC_R_ERROR | MC_A_BOLD;
    case 'A':
        if (strncmp(line, "  Right:", 8) == 0) return MC_R_GOOD | MC_A_BOLD;
        if (strncmp(line, "  Not quite", 11) == 0) return MC_R_ERROR | MC_A_BOLD;
        return 0;
    default: return 0;
    }
}

int wb_draw_lesson(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McLines L;
    mc_lines_init(&L);
    int mark_row = -1;
    if (!wb->lesson) {
        snprintf(title, tsize, "lesson");
        mc_lines_text(&L, "no lesson: type :lesson FILE", MC_R_DIM);
    } else {
        const char *text = wb->cursor.transcript.s ? wb->cursor.transcript.s : "";
        const char *kinds = wb->cursor.kinds.s ? wb->cursor.kinds.s : "";
        size_t nkinds = wb->cursor.kinds.len;
        /* The title names the section being played: the last heading so far
         * (the lesson's title before the first one). */
        const char *heading = NULL;
        McStr para; /* the narration paragraph being joined */
        mc_str_init(&para);
        int para_row = -1;
        size_t li = 0;
        for (const char *p = text; *p; li++) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            char kind = li < nkinds ? kinds[li] : 'O';
            bool at_mark = mark_row < 0 && (size_t)(p - text) >= wb->lesson_mark;
            if (kind == 'N' && n > 0) {
                if (para.len == 0) para_row = L.n;
                else mc_str_putc(&para, ' ');
                mc_str_putn(&para, p, n);
                if (at_mark) mark_row = para_row;
            } else {
                if (para.len) lesson_wrap(&L, para.s, para.len, r.w, 0);
                para.len = 0;
                if (kind == 'H') {
                    heading = p + 3;
                    if (L.n > 0 && L.v[L.n - 1].len > 0) mc_lines_new(&L)->fixed = true; /* a blank line above */
                }
                if (at_mark) mark_row = L.n;
                /* Diagnostics are prose: wrapped like narration. */
                bool diag = kind == 'O' && (has_text(p, n, "error: ") || has_text(p, n, "warning: "));
                if (kind == 'N' || kind == 'H' || kind == 'Q' || kind == 'A' || kind == 'X' || diag) {
                    lesson_wrap(&L, p, n, r.w, diag ? MC_R_ERROR : lesson_attr(kind, p));
                } else {
                    /* A command or its output: as it is, scrolled sideways. */
                    char *line = mc_xstrndup(p, n);
                    mc_lines_new(&L);
                    mc_lines_put(&L, line, lesson_attr(kind, line));
                    free(line);
                }
            }
            p += n;
            if (nl) p++;
        }
        if (para.len) lesson_wrap(&L, para.s, para.len, r.w, 0);
        mc_str_free(&para);
        if (heading) {
            int n = (int)strcspn(heading, "\n");
            while (n > 0 && (heading[n - 1] == '=' || heading[n - 1] == ' ')) n--; /* `== Title ==` */
            snprintf(title, tsize, "lesson: %.*s", n, heading);
        } else {
            snprintf(title, tsize, "lesson: %s", wb->lesson->title);
        }
        if (mark_row < 0) mark_row = L.n;
        if (wb->cursor.finished) mc_lines_text(&L, "(end of the lesson)", MC_R_DIM);
        else if (wb_lesson_asking(wb)) mc_lines_text(&L, "(type your answer, then Enter; ? shows it)", MC_R_DIM);
        else mc_lines_text(&L, "(Enter: continue)", MC_R_DIM);
        L.v[L.n - 1].fixed = true;
    }
    if (wb->lesson_show_mark && mark_row >= 0) {
        /* The start of what the last advance added, or the end if all fits. */
        int max = L.n - r.h;
        wb->scroll[WB_LESSON] = mark_row < max ? mark_row : max;
        wb->lesson_show_mark = false;
        if (mark_row >= max) wb->follow[WB_LESSON] = true;
    }
    int n = wb_draw_lines(wb, WB_LESSON, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
