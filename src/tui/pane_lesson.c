/* pane_lesson.c - the narration of a lesson (lesson.h): headings,
 * narration, the commands it ran with their output, questions and the
 * verdict on the student's answer. Enter advances to the next pause;
 * answers to questions are typed at the command line. */
#include <stdlib.h>
#include <string.h>

#include "wb.h"

int wb_draw_lesson(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McLines L;
    mc_lines_init(&L);
    if (!wb->lesson) {
        snprintf(title, tsize, "lesson");
        mc_lines_text(&L, "no lesson: type :lesson FILE", MC_R_DIM);
    } else {
        const char *p = wb->cursor.transcript.s ? wb->cursor.transcript.s : "";
        /* The title names the section being played: the last heading so far
         * (the lesson's title before the first one). */
        const char *heading = NULL;
        for (const char *q = p; q && *q; q = strchr(q, '\n') ? strchr(q, '\n') + 1 : NULL)
            if (strncmp(q, "== ", 3) == 0) heading = q + 3;
        if (heading) {
            int n = (int)strcspn(heading, "\n");
            while (n > 0 && (heading[n - 1] == '=' || heading[n - 1] == ' ')) n--; /* `== Title ==` */
            snprintf(title, tsize, "lesson: %.*s", n, heading);
        }
        else snprintf(title, tsize, "lesson: %s", wb->lesson->title);
        while (*p) {
            const char *nl = strchr(p, '\n');
            size_t n = nl ? (size_t)(nl - p) : strlen(p);
            char *line = mc_xstrndup(p, n);
            uint16_t a = 0;
            if (strncmp(line, "== ", 3) == 0) a = MC_R_HEADING | MC_A_BOLD;
            else if (strncmp(line, "minicc> ", 8) == 0) a = MC_R_PROMPT | MC_A_BOLD;
            else if (strncmp(line, "? ", 2) == 0) a = MC_R_HEADING | MC_A_BOLD;
            else if (strncmp(line, "  Right:", 8) == 0) a = MC_R_GOOD | MC_A_BOLD;
            else if (strncmp(line, "  Not quite", 11) == 0 || strncmp(line, "(check", 6) == 0) a = MC_R_ERROR | MC_A_BOLD;
            /* Wrap long narration at the pane width. */
            size_t len = strlen(line), at = 0;
            int w = r.w > 4 ? r.w : 4;
            do {
                size_t take = len - at;
                if ((int)take > w) {
                    take = (size_t)w;
                    size_t sp = take;
                    while (sp > 0 && line[at + sp] != ' ') sp--;
                    if (sp > 0) take = sp;
                }
                char *piece = mc_xstrndup(line + at, take);
                mc_lines_new(&L);
                mc_lines_put(&L, piece, a);
                free(piece);
                at += take;
                while (at < len && line[at] == ' ') at++;
            } while (at < len);
            free(line);
            p += n;
            if (nl) p++;
        }
        if (wb->cursor.finished) mc_lines_text(&L, "(end of the lesson)", MC_R_DIM);
        else if (wb_lesson_asking(wb)) mc_lines_text(&L, "(your answer: Enter, then type it)", MC_R_DIM);
        else mc_lines_text(&L, "(Enter: continue)", MC_R_DIM);
    }
    int n = wb_draw_lines(wb, WB_LESSON, &L, fr, r);
    mc_lines_free(&L);
    return n;
}
