/* record.c - take the session home from the prompt (issue 29 §6): the
 * commands typed at the top level (not those a script or lesson runs) that
 * succeeded are kept as they were typed, each followed by `where` and the
 * position it printed as an `expect` when the position changed, and the
 * notes of `note TEXT` as narration. `save-session FILE` writes them as a
 * lesson, the format the workbench's `:save-session` writes too
 * (src/tui/wb_record.c): `minicc lesson FILE` replays it, `--check` checks
 * the replay reaches every position again, `--export md` makes a handout. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "shell/commands.h"
#include "shell/outfile.h"
#include "shell/show.h"

/* Commands that do not belong in the replay: they ask, or record. */
static bool not_recorded(const char *name) {
    static const char *const skip[] = {"help", "save-session", "note", "quit", "tui", "history"};
    for (size_t i = 0; i < sizeof skip / sizeof skip[0]; i++)
        if (strcmp(name, skip[i]) == 0) return true;
    return false;
}

void mc_session_record_begin(McSession *s) {
    if (s->rec.len || s->source_depth > 0 || !s->path) return;
    char *abs = realpath(s->path, NULL);
    mc_str_printf(&s->rec, "$ load %s\n", abs ? abs : s->path);
    free(abs);
    if (s->have_args) {
        mc_str_puts(&s->rec, "$ args");
        for (int32_t i = 0; i < s->args.n; i++) {
            const McArg *a = &s->args.v[i];
            if (!a->is_buf) {
                mc_str_printf(&s->rec, " %d", a->scalar);
                continue;
            }
            mc_str_puts(&s->rec, " [");
            for (int32_t k = 0; k < a->len; k++) mc_str_printf(&s->rec, "%s%d", k ? "," : "", a->data[k]);
            mc_str_puts(&s->rec, "]");
        }
        mc_str_puts(&s->rec, "\n");
    }
}

void mc_session_record(McSession *s, const char *name, const char *line) {
    if (s->source_depth > 0 || mc_session_interrupted(s) || !name || not_recorded(name)) return;
    while (*line == ' ' || *line == '\t') line++;
    if (!*line || strchr(line, '\n')) return;
    if (strcmp(name, "load") == 0 && s->path && !strpbrk(line, "\"'") && !strstr(line, "--lang")) {
        /* `load FILE` again from anywhere: the file's absolute name */
        char *abs = realpath(s->path, NULL);
        mc_str_printf(&s->rec, "$ load %s\n", abs ? abs : s->path);
        free(abs);
    } else {
        mc_str_printf(&s->rec, "$ %s\n", line);
    }
    s->rec_steps++;
    if (!s->interp) return;
    /* The position it reached, which the replay must reach too. */
    char *where = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&where, &len);
    mc_show_position(s->interp_func, s->interp, m);
    fclose(m);
    where[strcspn(where, "\n")] = 0;
    if (where[0] && strcmp(where, s->rec_where ? s->rec_where : "") != 0) {
        mc_str_printf(&s->rec, "$ where\nexpect %s\n", where);
        free(s->rec_where);
        s->rec_where = mc_xstrdup(where);
    }
    free(where);
}

void mc_session_record_note(McSession *s, const char *text) {
    mc_session_record_begin(s);
    /* Narration: a line that is not a command or a directive. */
    mc_str_printf(&s->rec, "%s%s\n", strchr("$#=", text[0]) || strncmp(text, "expect", 6) == 0 ? "Note: " : "", text);
}

bool mc_session_save(McSession *s, const char *path, FILE *out, FILE *err) {
    McOutFile o;
    if (!mc_outfile_open(s, path, &o, out, err)) return false;
    const char *name = s->path ? strrchr(s->path, '/') : NULL;
    name = name ? name + 1 : s->path ? s->path : "no program";
    fprintf(o.fp, "title: Session: %s\n", name);
    fprintf(o.fp, "# Saved by the minicc prompt (save-session). Replay it: minicc lesson %s;\n", path);
    fprintf(o.fp, "# check the replay: minicc lesson --check; a handout: minicc lesson --export md.\n");
    fprintf(o.fp, "== Session: %s\n\n", name);
    mc_session_record_begin(s);
    fputs(s->rec.s ? s->rec.s : "", o.fp);
    if (!mc_outfile_commit(s, &o, err)) return false;
    fprintf(out, "saved the session (%d command%s) to %s\n", s->rec_steps, s->rec_steps == 1 ? "" : "s", path);
    return true;
}
