/* wb_lesson.c - a lesson in the workbench (wb.h): its commands run on the
 * workbench's session, its `screen` directives set the layout, stage, focus
 * and zoom, and the lesson pane follows its parts and questions. */
#include "wb.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

/* A lesson's command runs on the workbench's session, one level deeper
 * (for the nesting limit of `source` and `lesson`) and writing files only
 * into the lesson's directory for files; the student's own commands at the
 * command line have neither rule. */
static McLessonRun wb_lesson_exec(void *ctx, const char *line, McStr *out) {
    Wb *wb = ctx;
    McSession *s = wb->s;
    if (!wb->run_line || s->nest_abort) return MC_LESSON_FAILED;
    if (mc_session_interrupted(s)) return MC_LESSON_INTERRUPTED; /* Ctrl-C before it started */
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return MC_LESSON_FAILED;
    McInterp *before = s->interp;
    int64_t ticks = before ? mc_interp_ticks(before) : -1;
    wb_snapshot(wb);
    McOutDir *outdir = s->outdir;
    int depth = s->source_depth;
    if (!outdir) s->outdir = &wb->lesson_out; /* a lesson inside a lesson keeps the outer one's */
    s->source_depth++;
    int st = wb->run_line(s, line, false, f, f);
    s->source_depth = depth;
    s->outdir = outdir;
    if (depth == 0) s->nest_abort = false; /* unwound to the workbench */
    fclose(f);
    mc_str_puts(out, buf ? buf : "");
    free(buf);
    wb->gen++;
    if (s->interp && (s->interp != before || mc_interp_ticks(s->interp) != ticks)) wb_after_exec(wb);
    if (st == 2) wb->quit = true;
    if (mc_session_interrupted(s)) return MC_LESSON_INTERRUPTED; /* Ctrl-C (terminal front end) */
    return st == 0 ? MC_LESSON_OK : MC_LESSON_FAILED;
}

/* A lesson's `screen KEY VALUE...` (lesson.h; the loader checked the
 * names): layout, stage (allocated: the destroyed code with the alloc
 * layout), focus and zoom, in the order written. */
static bool wb_lesson_screen(void *ctx, const char *pairs, char *why, size_t size) {
    Wb *wb = ctx;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", pairs);
    char *save = NULL;
    for (char *k = strtok_r(buf, " \t", &save); k; k = strtok_r(NULL, " \t", &save)) {
        char *v = strtok_r(NULL, " \t", &save);
        if (!v) break;
        if (strcmp(k, "layout") == 0) {
            if (!wb_set_layout(wb, v)) {
                snprintf(why, size, "no layout '%s' here", v);
                return false;
            }
        } else if (strcmp(k, "stage") == 0) {
            bool alloc = strcmp(v, "allocated") == 0;
            if (!wb->s->input) {
                snprintf(why, size, "stage %s: no function loaded", v);
                return false;
            }
            if (!wb_set_stage(wb, alloc ? "destroyed" : v)) {
                snprintf(why, size, "stage %s: see the log", v);
                return false;
            }
            if (alloc) wb_set_layout(wb, "alloc");
        } else if (strcmp(k, "focus") == 0 || strcmp(k, "zoom") == 0) {
            bool zoom = k[0] == 'z';
            if (zoom && strcmp(v, "off") == 0) {
                wb->zoom = false;
                wb_layout(wb);
                continue;
            }
            if (!wb_focus_name(wb, v)) {
                snprintf(why, size, "%s %s: the %s layout has no %s pane", k, v, wb_layout_name(wb, wb->layout), v);
                return false;
            }
            if (zoom) {
                wb->zoom = true;
                wb_layout(wb);
            }
        }
    }
    return true;
}

bool wb_lesson_asking(const Wb *wb) {
    const McLessonCursor *c = &wb->cursor;
    return wb->lesson && c->waiting && c->next > 0 && c->lesson->steps[c->next - 1].kind == MC_LS_ASK;
}

void wb_lesson_advance(Wb *wb, const char *answer) {
    if (!wb->lesson) {
        wb_note(wb, "no lesson (type :lesson FILE)");
        return;
    }
    if (wb->cursor.finished) {
        wb_note(wb, "the lesson is over");
        return;
    }
    wb->lesson_mark = wb->cursor.transcript.len;
    mc_lesson_cursor_advance(&wb->cursor, wb_lesson_exec, wb, answer);
    /* Show what this advance added from its start (a new section's heading
     * and first paragraph), or the end when it all fits. */
    wb->follow[WB_LESSON] = false;
    wb->lesson_show_mark = true;
    if (wb->cursor.message[0]) wb_note(wb, "%s", wb->cursor.message);
    else if (wb->cursor.finished) wb_note(wb, "end of the lesson");
    else if (wb_lesson_asking(wb)) wb_note(wb, "type your answer (? and Enter shows it)");
    else wb_note(wb, "Enter: continue the lesson");
}

bool wb_lesson_open(Wb *wb, const char *path) {
    /* `:lesson --write-here FILE`: the lesson's files go next to it. */
    bool here = strncmp(path, "--write-here", 12) == 0 && (path[12] == ' ' || path[12] == '\t');
    if (here) path += 12 + strspn(path + 12, " \t");
    here = here || wb->s->lesson_write_here; /* minicc --tui --write-here */
    char *why = NULL, *found = mc_lesson_resolve(path, &why); /* a file, or a lesson's name */
    if (!found) {
        wb_log(wb, why, MC_R_ERROR);
        wb_note(wb, "lesson: %s", why);
        free(why);
        return false;
    }
    McDiags d;
    mc_diags_init(&d, found, NULL, 0);
    McLesson *l = mc_lesson_load(found, &d);
    free(found);
    if (!l) {
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        if (f) {
            mc_diags_print(&d, f, false);
            fclose(f);
            wb_log(wb, buf, MC_R_ERROR);
            free(buf);
        }
        wb_note(wb, "lesson: cannot load '%s'", path);
        mc_diags_free(&d);
        return false;
    }
    mc_diags_free(&d);
    McOutDir od;
    if (!here) {
        mc_outdir_init_temp(&od, true);
    } else if (!mc_outdir_init_dir(&od, l->dir)) {
        wb_log(wb, "lesson: --write-here: cannot use the lesson's directory", MC_R_ERROR);
        wb_note(wb, "lesson: --write-here: cannot use the lesson's directory");
        mc_lesson_free(l);
        return false;
    }
    if (wb->lesson) {
        mc_lesson_cursor_free(&wb->cursor);
        mc_lesson_free(wb->lesson);
        mc_outdir_finish(&wb->lesson_out, false); /* its files stay */
    }
    wb->lesson_out = od;
    wb->lesson = l;
    mc_lesson_cursor_init(&wb->cursor, l);
    wb->cursor.screen = wb_lesson_screen;
    wb_set_layout(wb, "lesson");
    wb->focus = WB_LESSON;
    wb_lesson_advance(wb, NULL);
    return true;
}

