/* lesson_find.c - finding lessons by name wherever minicc is installed.
 *
 * `minicc lesson NAME`, `lesson NAME` at the prompt and `--lesson NAME` in the
 * workbench take either a path (anything with a '/', or a file that exists)
 * or a name looked up in these directories, in order:
 *
 *     ./lessons
 *     $XDG_DATA_HOME/minicc/lessons   (else ~/.local/share/minicc/lessons)
 *     PREFIX/share/minicc/lessons     (MINICC_SHARE, fixed when minicc is built)
 *
 * In a directory, NAME names `NAME.lesson`, a lesson whose name without its
 * number is NAME (`phis-are-simultaneous` for 02-phis-are-simultaneous.lesson),
 * its number (`2` or `02`), or, failing those, a unique beginning of that
 * name (`phis`). The first directory with a match wins; two matches in one
 * directory are an error naming both. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lesson.h"

#include "minicc_share.h" /* MINICC_SHARE, generated from PREFIX */

int mc_lesson_dirs(char *dirs[3]) {
    int n = 0;
    dirs[n++] = mc_xstrdup("lessons");
    const char *xdg = getenv("XDG_DATA_HOME"), *home = getenv("HOME");
    McStr p;
    mc_str_init(&p);
    if (xdg && xdg[0] == '/')
        mc_str_printf(&p, "%s/minicc/lessons", xdg);
    else if (home && home[0] == '/')
        mc_str_printf(&p, "%s/.local/share/minicc/lessons", home);
    if (p.len) dirs[n++] = p.s;
    else mc_str_free(&p);
    dirs[n++] = mc_xstrdup(MINICC_SHARE "/lessons");
    return n;
}

static bool exists(const char *path) {
    struct stat st;
    return stat(path, &st) == 0;
}

static int cmp_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int mc_lesson_dir_list(const char *dir, char ***out) {
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0, cap = 0;
    char **names = NULL;
    for (struct dirent *e; (e = readdir(d));) {
        size_t len = strlen(e->d_name);
        if (len <= 7 || strcmp(e->d_name + len - 7, ".lesson") != 0 || e->d_name[0] == '.') continue;
        if (n == cap) names = mc_xrealloc(names, (size_t)(cap = cap ? cap * 2 : 16) * sizeof *names);
        names[n++] = mc_xstrndup(e->d_name, len - 7);
    }
    closedir(d);
    /* Directory order is the file system's: sort in byte order. */
    if (n) qsort(names, (size_t)n, sizeof *names, cmp_name);
    *out = names;
    return n;
}

/* The stem without its leading number and '-' ("phis-are-simultaneous"). */
static const char *short_name(const char *stem) {
    const char *p = stem;
    while (*p >= '0' && *p <= '9') p++;
    return p > stem && *p == '-' && p[1] ? p + 1 : stem;
}

static bool all_digits(const char *s) {
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

/* How well stem answers to name: 2 exactly, 1 by a beginning, 0 not. */
static int match(const char *stem, const char *name) {
    size_t n = strlen(name);
    if (strcmp(stem, name) == 0 || strcmp(short_name(stem), name) == 0) return 2;
    if (n > 7 && strcmp(name + n - 7, ".lesson") == 0 && strncmp(stem, name, n - 7) == 0 && !stem[n - 7]) return 2;
    if (all_digits(name) && stem[0] >= '0' && stem[0] <= '9' && short_name(stem) != stem &&
        strtol(stem, NULL, 10) == strtol(name, NULL, 10) && n < 10)
        return 2;
    if (!all_digits(name) && strncmp(short_name(stem), name, n) == 0) return 1;
    return 0;
}

char *mc_lesson_resolve(const char *name, char **why) {
    *why = NULL;
    if (!*name) {
        *why = mc_xstrdup("no lesson named ''");
        return NULL;
    }
    /* Anything that exists is read as a file (the loader names a directory). */
    if (strchr(name, '/') || exists(name)) return mc_xstrdup(name);
    char *dirs[3];
    int nd = mc_lesson_dirs(dirs);
    char *found = NULL;
    McStr msg;
    mc_str_init(&msg);
    for (int i = 0; i < nd && !found && !msg.len; i++) {
        char **names;
        int n = mc_lesson_dir_list(dirs[i], &names);
        for (int level = 2; level >= 1 && !found && !msg.len; level--) {
            int hits = 0, first = -1;
            for (int k = 0; k < n; k++)
                if (match(names[k], name) == level) {
                    if (!hits++) first = k;
                }
            if (hits == 1) {
                McStr p;
                mc_str_init(&p);
                mc_str_printf(&p, "%s/%s.lesson", dirs[i], names[first]);
                found = p.s;
            } else if (hits > 1) {
                /* File names are shown like titles: an escape sequence in
                 * one must not reach the terminal (diag.h). */
                mc_str_putc(&msg, '\'');
                mc_str_put_visible(&msg, name, strlen(name));
                mc_str_printf(&msg, "' names %d lessons in ", hits);
                mc_str_put_visible(&msg, dirs[i], strlen(dirs[i]));
                mc_str_putc(&msg, ':');
                for (int k = 0; k < n; k++)
                    if (match(names[k], name) == level) {
                        mc_str_putc(&msg, ' ');
                        mc_str_put_visible(&msg, names[k], strlen(names[k]));
                    }
            }
        }
        for (int k = 0; k < n; k++) free(names[k]);
        free(names);
    }
    if (!found && !msg.len) {
        mc_str_puts(&msg, "no lesson '");
        mc_str_put_visible(&msg, name, strlen(name));
        mc_str_puts(&msg, "' (no such file, and none by that name in");
        for (int i = 0; i < nd; i++) {
            mc_str_printf(&msg, "%s ", i ? (i == nd - 1 ? " or" : ",") : "");
            mc_str_put_visible(&msg, dirs[i], strlen(dirs[i]));
        }
        mc_str_puts(&msg, "; `minicc lesson --list` shows them)");
    }
    for (int i = 0; i < nd; i++) free(dirs[i]);
    size_t n = strlen(name);
    if (!found && n > 7 && strcmp(name + n - 7, ".lesson") == 0 && strstr(msg.s, "no lesson '") == msg.s) {
        /* A file name after all: the loader says why it cannot be read. */
        mc_str_free(&msg);
        return mc_xstrdup(name);
    }
    if (!found) *why = msg.s;
    else mc_str_free(&msg);
    return found;
}

void mc_lesson_list(FILE *out) {
    char *dirs[3];
    int nd = mc_lesson_dirs(dirs);
    int shown = 0;
    for (int i = 0; i < nd; i++) {
        char **names;
        int n = mc_lesson_dir_list(dirs[i], &names);
        char *dir_shown = mc_visible_dup(dirs[i], strlen(dirs[i])); /* like titles (diag.h) */
        if (n) fprintf(out, "%s%s:\n", shown++ ? "\n" : "", dir_shown);
        free(dir_shown);
        for (int k = 0; k < n; k++) {
            McStr p;
            mc_str_init(&p);
            mc_str_printf(&p, "%s/%s.lesson", dirs[i], names[k]);
            McDiags d;
            mc_diags_init(&d, p.s, NULL, 0);
            McLesson *l = mc_lesson_load(p.s, &d);
            /* A name an earlier directory already answers to is hidden. */
            char *why = NULL, *first = mc_lesson_resolve(names[k], &why);
            bool hidden = first && strcmp(first, p.s) != 0;
            char *name_shown = mc_visible_dup(names[k], strlen(names[k]));
            fprintf(out, "  %-40s %s%s\n", name_shown,
                    l ? l->title : "(cannot be read: minicc lesson --check shows why)",
                    hidden ? "  (hidden by an earlier directory)" : "");
            free(name_shown);
            free(first);
            free(why);
            mc_lesson_free(l);
            mc_diags_free(&d);
            mc_str_free(&p);
            free(names[k]);
        }
        free(names);
    }
    if (!shown) {
        fprintf(out, "no lessons found in");
        for (int i = 0; i < nd; i++) {
            char *dir_shown = mc_visible_dup(dirs[i], strlen(dirs[i]));
            fprintf(out, "%s %s", i ? "," : "", dir_shown);
            free(dir_shown);
        }
        fputc('\n', out);
    }
    for (int i = 0; i < nd; i++) free(dirs[i]);
}
