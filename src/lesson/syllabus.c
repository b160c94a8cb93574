/* syllabus.c - what a lesson teaches and requires, and its title.
 *
 *     title: Phis are simultaneous        the name `lesson --list` shows
 *     teaches: parallel-copy, phi         the concepts this lesson explains first
 *     requires: ir, interpreter           the concepts it uses from earlier lessons
 *
 * A concept is a word of lower-case letters, digits and '-'; a list is
 * separated by commas or blanks. Each directive appears at most once. Taken
 * together in teaching order (`minicc lesson --check` with several lessons),
 * no lesson may require what only a later lesson teaches, and no concept is
 * taught by two lessons; tests/lesson/syllabus.t also checks the lessons'
 * text against tests/lesson/concepts.txt (a term used before the lesson that
 * teaches its concept). */
#include "lesson.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static bool starts_with_key(const char *s, size_t n, const char *key) {
    size_t k = strlen(key);
    return n >= k && memcmp(s, key, k) == 0;
}

/* Parse the concept list [p, e) into *out; false (reported) on a bad name or an empty list. */
static bool parse_concepts(McDiags *d, const char *start, const char *p, const char *e, int line, int col,
                           char ***out, int *nout) {
    int n = 0, cap = 0;
    char **v = NULL;
    while (p < e) {
        while (p < e && (*p == ' ' || *p == '\t' || *p == ',')) p++;
        if (p == e) break;
        const char *w = p;
        while (p < e && *p != ' ' && *p != '\t' && *p != ',') p++;
        for (const char *c = w; c < p; c++)
            if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-')) {
                mc_diag(d, (McLoc){line, col + (int)(w - start)},
                        "a concept is a word of lower-case letters, digits and '-', not '%.*s'", (int)(p - w), w);
                for (int i = 0; i < n; i++) free(v[i]);
                free(v);
                return false;
            }
        for (int i = 0; i < n; i++)
            if (strlen(v[i]) == (size_t)(p - w) && memcmp(v[i], w, (size_t)(p - w)) == 0) {
                mc_diag(d, (McLoc){line, col + (int)(w - start)}, "concept '%.*s' listed twice", (int)(p - w), w);
                for (int k = 0; k < n; k++) free(v[k]);
                free(v);
                return false;
            }
        MC_GROW(v, cap, n + 1, 8);
        v[n++] = mc_xstrndup(w, (size_t)(p - w));
    }
    if (n == 0) {
        mc_diag(d, (McLoc){line, col}, "'%.*s' needs at least one concept", (int)(strchr(start, ':') - start + 1), start);
        return false;
    }
    *out = v;
    *nout = n;
    return true;
}

bool mc_lesson_load_meta(McLesson *l, McDiags *d, const char *s, size_t n, int line, int col) {
    static const char *const keys[] = {"title:", "teaches:", "requires:"};
    int k = -1;
    for (int i = 0; i < 3; i++)
        if (starts_with_key(s, n, keys[i])) k = i;
    if (k < 0) {
        /* `teach:`, `require:`, `titel:`: a word one slip from a key (two for five
         * letters or more) before a ':' is reported, not narrated. */
        size_t w = 0;
        while (w < n && islower((unsigned char)s[w])) w++;
        if (w < 4 || w >= n || s[w] != ':') return false;
        for (int i = 0; i < 3; i++) {
            size_t kn = strlen(keys[i]) - 1;
            int dist = mc_edit_distance(s, w, keys[i], kn);
            if (dist >= 1 && dist <= (w >= 5 ? 2 : 1)) {
                mc_diag(d, (McLoc){line, col}, "unknown directive '%.*s:' (did you mean '%s'?)", (int)w, s, keys[i]);
                return true;
            }
        }
        return false;
    }
    const char *e = s + n, *t = s + strlen(keys[k]);
    while (t < e && (*t == ' ' || *t == '\t')) t++;
    int *seen = k == 0 ? &l->title_line : k == 1 ? &l->teaches_line : &l->requires_line;
    if (*seen) {
        mc_diag(d, (McLoc){line, col}, "a second '%s' (the first is on line %d)", keys[k], *seen);
        return true;
    }
    if (k == 0) {
        if (t == e) {
            mc_diag(d, (McLoc){line, col}, "'title:' needs the lesson's title");
            return true;
        }
        free(l->title);
        l->title = mc_visible_dup(t, (size_t)(e - t));
    } else if (!parse_concepts(d, s, t, e, line, col, k == 1 ? &l->teaches : &l->requires,
                               k == 1 ? &l->nteaches : &l->nrequires))
        return true;
    *seen = line;
    return true;
}

void mc_lesson_free_meta(McLesson *l) {
    for (int i = 0; i < l->nteaches; i++) free(l->teaches[i]);
    for (int i = 0; i < l->nrequires; i++) free(l->requires[i]);
    free(l->teaches);
    free(l->requires);
}

/* The index of the lesson among ls[0..n-1] that teaches c, other than `not`, or -1. */
static int taught_by(McLesson *const *ls, int n, const char *c, int not) {
    for (int i = 0; i < n; i++)
        if (i != not && ls[i])
            for (int k = 0; k < ls[i]->nteaches; k++)
                if (strcmp(ls[i]->teaches[k], c) == 0) return i;
    return -1;
}

int mc_lesson_syllabus_check(McLesson *const *ls, int n, FILE *err) {
    int problems = 0;
    for (int i = 0; i < n; i++) {
        if (!ls[i]) continue;
        for (int k = 0; k < ls[i]->nrequires; k++) {
            const char *c = ls[i]->requires[k];
            int t = -1;
            for (int j = 0; j < n; j++)
                if (ls[j] && strcmp(ls[j]->path, ls[i]->path) != 0)
                    for (int m = 0; m < ls[j]->nteaches; m++)
                        if (strcmp(ls[j]->teaches[m], c) == 0 && (t < 0 || t > i)) t = j;
            if (t > i) {
                fprintf(err, "%s:%d: error: requires '%s', which is taught only later, by %s\n", ls[i]->path,
                        ls[i]->requires_line, c, ls[t]->path);
                problems++;
            }
        }
        for (int k = 0; k < ls[i]->nteaches; k++) {
            int j = taught_by(ls, i, ls[i]->teaches[k], -1);
            if (j >= 0 && strcmp(ls[j]->path, ls[i]->path) != 0) {
                fprintf(err, "%s:%d: error: teaches '%s', already taught by %s\n", ls[i]->path, ls[i]->teaches_line,
                        ls[i]->teaches[k], ls[j]->path);
                problems++;
            }
        }
    }
    return problems;
}
