/* wb_record.c - take the session home (issue 29 §6): the workbench keeps
 * what was done as the prompt commands that do it (`n` is `step`, `c` is
 * `run` or `continue`, `+` is `set regs K`, a typed command line is
 * itself), each followed by `where` and the position it printed as an
 * `expect` when the position changed, and the notes typed with `:note
 * TEXT` as narration.
 * `:save-session FILE` (or the key W) writes them as a lesson:
 *
 *     title: Session: swap.ir
 *     == Session: swap.ir
 *     $ load /path/to/swap.ir
 *     $ args 3
 *     $ step
 *     $ where
 *     expect after 1 block: about to enter head from entry
 *     The phis read before any is written.
 *
 * `minicc lesson FILE` replays it, `minicc lesson --check FILE` checks
 * that the replay reaches every position again, and `minicc lesson
 * --export md FILE` makes the Markdown handout. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "wb.h"

/* The load and the arguments, once, before the first thing recorded. */
static void rec_start(Wb *wb) {
    McSession *s = wb->s;
    if (wb->rec.len || !s->path) return;
    char *abs = realpath(s->path, NULL);
    mc_str_printf(&wb->rec, "$ load %s\n", abs ? abs : s->path);
    free(abs);
    if (s->have_args) {
        mc_str_puts(&wb->rec, "$ args");
        for (int32_t i = 0; i < s->args.n; i++) {
            const McArg *a = &s->args.v[i];
            if (!a->is_buf) {
                mc_str_printf(&wb->rec, " %d", a->scalar);
                continue;
            }
            mc_str_puts(&wb->rec, " [");
            for (int32_t k = 0; k < a->len; k++) mc_str_printf(&wb->rec, "%s%d", k ? "," : "", a->data[k]);
            mc_str_puts(&wb->rec, "]");
        }
        mc_str_puts(&wb->rec, "\n");
    }
}

void wb_record(Wb *wb, const char *line) {
    if (mc_session_interrupted(wb->s) || !line[0] || strchr(line, '\n')) return;
    rec_start(wb);
    mc_str_printf(&wb->rec, "$ %s\n", line);
    wb->rec_steps++;
    if (!wb->s->interp) return;
    /* The position it reached, which the replay must reach too. */
    char *where = NULL;
    if (wb_command(wb, "where", false, &where) == 0 && where) {
        where[strcspn(where, "\n")] = 0;
        if (where[0] && strcmp(where, wb->rec_where) != 0) mc_str_printf(&wb->rec, "$ where\nexpect %s\n", where);
        snprintf(wb->rec_where, sizeof wb->rec_where, "%s", where);
    }
    free(where);
}

void wb_record_note(Wb *wb, const char *text) {
    rec_start(wb);
    /* Narration: a line that is not a command or a directive. */
    mc_str_printf(&wb->rec, "%s%s\n", strchr("$#=", text[0]) || strncmp(text, "expect", 6) == 0 ? "Note: " : "", text);
}

bool wb_save_session(Wb *wb, const char *path) {
    McSession *s = wb->s;
    FILE *f = fopen(path, "w");
    if (!f) {
        wb_note(wb, "save-session: cannot write '%s'", path);
        wb_log(wb, wb->status, MC_R_ERROR);
        return false;
    }
    const char *name = s->path ? strrchr(s->path, '/') : NULL;
    name = name ? name + 1 : s->path ? s->path : "no program";
    fprintf(f, "title: Session: %s\n", name);
    fprintf(f, "# Saved by the minicc workbench (save-session). Replay it: minicc lesson %s;\n", path);
    fprintf(f, "# check the replay: minicc lesson --check; a handout: minicc lesson --export md.\n");
    fprintf(f, "== Session: %s\n\n", name);
    rec_start(wb);
    fputs(wb->rec.s ? wb->rec.s : "", f);
    bool ok = fclose(f) == 0;
    if (ok) wb_note(wb, "saved the session (%d action%s) to %s", wb->rec_steps, wb->rec_steps == 1 ? "" : "s", path);
    else wb_note(wb, "save-session: cannot write '%s'", path);
    wb_log(wb, wb->status, ok ? MC_R_DIM : MC_R_ERROR);
    return ok;
}
