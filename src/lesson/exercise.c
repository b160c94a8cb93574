/* exercise.c - exercises the tool grades (issue 28 §7): a lesson hands the
 * student a construction task ("write a function whose interference graph
 * needs 4 colours") and grades the file they write by running commands on
 * it and checking properties of the output (results, MaxLive, colours,
 * spills, agreement), explaining a failure in words.
 *
 *     exercise four-colours               the student hands in four-colours.ir
 *     task Write a function whose ...      the task, shown where the block stands
 *     model programs/ex/four-colours.ir    a model solution: --check grades it
 *     $ load {}                           a command; {} is the submitted file
 *     need alloc ** {} spilled ** >= 1    the first line matching, its field compared
 *     why It spilled {} values at K = 3.   the failure in words, {} the field found
 *     need agree                          some line matches (`*` a word, `**` any text)
 *     need no ** = phi **                 no line matches
 *
 * A block ends at a heading, another `exercise` or the end of the lesson;
 * inside it only these lines, comments and blanks may stand. The commands
 * run in the submitted file's directory, so {} is the file's own name (an
 * exercise name has no blanks). The grader (`minicc lesson --grade`) is in
 * lesson_cmd.c. */
#include "lesson.h"

#include <ctype.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static bool kw(const char *s, size_t n, const char *k) {
    size_t m = strlen(k);
    return n >= m && memcmp(s, k, m) == 0 && (n == m || s[m] == ' ' || s[m] == '\t');
}

static const char *rest_of(const char *s, size_t n, const char *k) {
    const char *t = s + strlen(k);
    while (t < s + n && (*t == ' ' || *t == '\t')) t++;
    return t;
}

static McExercise *open_exercise(McLesson *l) { return &l->exercises[l->nexercises - 1]; }

/* `exercise NAME`: a new block. */
static void start_exercise(McLesson *l, McDiags *d, const char *s, size_t n, int line, int col) {
    const char *t = rest_of(s, n, "exercise"), *e = s + n;
    for (const char *c = t; c < e; c++)
        if (!(islower((unsigned char)*c) || isdigit((unsigned char)*c) || *c == '-')) {
            mc_diag(d, (McLoc){line, col + (int)(c - s)},
                    "an exercise's name is a word of lower-case letters, digits and '-' (the file handed in is NAME.ir or NAME.c)");
            return;
        }
    if (t == e) {
        mc_diag(d, (McLoc){line, col}, "'exercise' needs a name (the file handed in is NAME.ir or NAME.c)");
        return;
    }
    for (int i = 0; i < l->nexercises; i++)
        if (strlen(l->exercises[i].name) == (size_t)(e - t) && memcmp(l->exercises[i].name, t, (size_t)(e - t)) == 0) {
            mc_diag(d, (McLoc){line, col}, "a second exercise '%.*s' (the first is on line %d)", (int)(e - t), t,
                    l->exercises[i].line);
            return;
        }
    MC_GROW(l->exercises, l->excap, l->nexercises + 1, 4);
    McExercise *x = &l->exercises[l->nexercises++];
    memset(x, 0, sizeof *x);
    x->name = mc_xstrndup(t, (size_t)(e - t));
    x->line = line;
    x->step = -1;
    x->ext = "ir";
}

static void add_xstep(McExercise *x, bool need, const char *t, size_t n, int line) {
    MC_GROW(x->steps, x->cap, x->nsteps + 1, 8);
    McExerciseStep *st = &x->steps[x->nsteps++];
    memset(st, 0, sizeof *st);
    st->is_need = need;
    st->text = mc_xstrndup(t, n);
    st->line = line;
}

/* `need [no] PATTERN [OP N]`: OP N when the pattern marks a field {}. */
static void load_need(McExercise *x, McDiags *d, const char *t, const char *e, int line, int col) {
    static const char *const ops[] = {"<=", ">=", "!=", "=", "<", ">"};
    McNeedKind kind = MC_NEED_LINE;
    if (kw(t, (size_t)(e - t), "no")) {
        kind = MC_NEED_NO_LINE;
        t = rest_of(t, (size_t)(e - t), "no");
    }
    if (t == e) {
        mc_diag(d, (McLoc){line, col}, "'need' needs the pattern of an output line");
        return;
    }
    const char *f = NULL;
    int fields = 0;
    for (const char *c = t; c + 1 < e; c++)
        if (c[0] == '{' && c[1] == '}') f = f ? f : c, fields++;
    if (fields > 2) {
        mc_diag(d, (McLoc){line, col}, "'need' marks one field {} (compared with a number) or two (compared with each other), not %d", fields);
        return;
    }
    if (!f) {
        add_xstep(x, true, t, (size_t)(e - t), line);
        x->steps[x->nsteps - 1].need = kind;
        return;
    }
    if (fields == 2) { /* PATTERN OP: the first field compared with the second */
        const char *o = e;
        while (o > t && o[-1] != ' ' && o[-1] != '\t') o--;
        int k = -1;
        for (int i = 0; i < 6; i++)
            if (strlen(ops[i]) == (size_t)(e - o) && memcmp(ops[i], o, (size_t)(e - o)) == 0) k = i;
        if (kind == MC_NEED_NO_LINE || k < 0) {
            mc_diag(d, (McLoc){line, col}, kind == MC_NEED_NO_LINE ? "'need no' takes a pattern without a field {}"
                                           : "two fields {} are compared: 'need PATTERN OP' (OP one of = != < <= > >=)");
            return;
        }
        const char *pe = o;
        while (pe > t && (pe[-1] == ' ' || pe[-1] == '\t')) pe--;
        add_xstep(x, true, t, (size_t)(pe - t), line);
        McExerciseStep *st = &x->steps[x->nsteps - 1];
        st->need = MC_NEED_FIELDS;
        memcpy(st->op, ops[k], strlen(ops[k]) + 1);
        return;
    }
    /* PATTERN OP N: the last two words */
    const char *v = e;
    while (v > t && v[-1] != ' ' && v[-1] != '\t') v--;
    const char *oe = v;
    while (oe > t && (oe[-1] == ' ' || oe[-1] == '\t')) oe--;
    const char *o = oe;
    while (o > t && o[-1] != ' ' && o[-1] != '\t') o--;
    int k = -1;
    for (int i = 0; i < 6 && o > f; i++)
        if (strlen(ops[i]) == (size_t)(oe - o) && memcmp(ops[i], o, (size_t)(oe - o)) == 0) k = i;
    char *num = mc_xstrndup(v, (size_t)(e - v)), *end = NULL;
    long long val = strtoll(num, &end, 10);
    bool isnum = *num && end && !*end;
    free(num);
    if (kind == MC_NEED_NO_LINE || k < 0 || !isnum) {
        mc_diag(d, (McLoc){line, col},
                kind == MC_NEED_NO_LINE ? "'need no' takes a pattern without a field {}"
                                        : "a field {} is compared: 'need PATTERN OP N' (OP one of = != < <= > >=)");
        return;
    }
    const char *pe = o;
    while (pe > t && (pe[-1] == ' ' || pe[-1] == '\t')) pe--;
    add_xstep(x, true, t, (size_t)(pe - t), line);
    McExerciseStep *st = &x->steps[x->nsteps - 1];
    st->need = MC_NEED_FIELD;
    st->value = val;
    memcpy(st->op, ops[k], strlen(ops[k]) + 1);
}

/* A line inside an open block. */
static void exercise_line(McLesson *l, McDiags *d, const char *s, size_t n, int line, int col) {
    McExercise *x = open_exercise(l);
    const char *e = s + n;
    if (kw(s, n, "task")) {
        const char *t = rest_of(s, n, "task");
        if (t == e) mc_diag(d, (McLoc){line, col}, "'task' needs the task");
        else if (x->task) mc_diag(d, (McLoc){line, col}, "a second 'task' for the exercise on line %d", x->line);
        else {
            x->task = mc_visible_dup(t, (size_t)(e - t));
            MC_GROW(l->steps, l->cap, l->nsteps + 1, 32);
            McLessonStep *st = &l->steps[l->nsteps++];
            memset(st, 0, sizeof *st);
            st->kind = MC_LS_EXERCISE;
            st->text = mc_xstrdup(x->task);
            st->line = line;
            x->step = l->nsteps - 1;
        }
    } else if (kw(s, n, "model")) {
        const char *t = rest_of(s, n, "model");
        size_t m = (size_t)(e - t);
        if (t == e) mc_diag(d, (McLoc){line, col}, "'model' needs the file of a model solution");
        else if (x->model) mc_diag(d, (McLoc){line, col}, "a second 'model' for the exercise on line %d", x->line);
        else if (!(m > 3 && memcmp(e - 3, ".ir", 3) == 0) && !(m > 2 && memcmp(e - 2, ".c", 2) == 0))
            mc_diag(d, (McLoc){line, col}, "a model solution is a .ir or a .c (MiniC) file, not '%.*s'", (int)m, t);
        else {
            x->model = mc_xstrndup(t, m);
            x->ext = memcmp(e - 2, ".c", 2) == 0 ? "c" : "ir";
        }
    } else if (*s == '$' && (n == 1 || s[1] == ' ' || s[1] == '\t')) {
        const char *t = rest_of(s, n, "$");
        if (t == e) mc_diag(d, (McLoc){line, col}, "empty command after '$'");
        else add_xstep(x, false, t, (size_t)(e - t), line);
    } else if (kw(s, n, "need")) {
        if (!x->nsteps) mc_diag(d, (McLoc){line, col}, "'need' before any command of the exercise");
        else load_need(x, d, rest_of(s, n, "need"), e, line, col);
    } else if (kw(s, n, "why")) {
        const char *t = rest_of(s, n, "why");
        McExerciseStep *last = x->nsteps ? &x->steps[x->nsteps - 1] : NULL;
        if (!last || !last->is_need || last->line != line - 1)
            mc_diag(d, (McLoc){line, col}, "'why' belongs right after a 'need' line");
        else if (t == e) mc_diag(d, (McLoc){line, col}, "'why' needs the explanation");
        else last->why = mc_visible_dup(t, (size_t)(e - t));
    } else {
        mc_diag(d, (McLoc){line, col},
                "in an exercise only task, model, $ CMD, need and why may stand (a heading ends it)");
    }
}

bool mc_lesson_load_exercise(McLesson *l, McDiags *d, bool *open, const char *s, size_t n, int line, int col) {
    if (kw(s, n, "exercise")) {
        mc_lesson_exercise_close(l, d, open);
        int before = l->nexercises;
        start_exercise(l, d, s, n, line, col);
        *open = l->nexercises > before;
        return true;
    }
    if (!*open) return false;
    if (n >= 2 && s[0] == '=' && s[1] == '=') { /* a heading ends the block */
        mc_lesson_exercise_close(l, d, open);
        return false;
    }
    if (n && *s != '#') exercise_line(l, d, s, n, line, col);
    return true;
}

void mc_lesson_exercise_close(McLesson *l, McDiags *d, bool *open) {
    if (!*open) return;
    *open = false;
    McExercise *x = open_exercise(l);
    bool file = false, need = false;
    for (int i = 0; i < x->nsteps; i++) {
        if (!x->steps[i].is_need && strstr(x->steps[i].text, "{}")) file = true;
        if (x->steps[i].is_need) need = true;
    }
    const char *miss = !x->task ? "'task'" : !x->model ? "'model' solution" : !file ? "command on the file ({})"
                       : !need ? "'need'" : NULL;
    if (miss) mc_diag(d, (McLoc){x->line, 1}, "the exercise '%s' has no %s", x->name, miss);
    if (x->step >= 0) { /* the file to hand in, for the players */
        McStr f;
        mc_str_init(&f);
        mc_str_printf(&f, "%s.%s", x->name, x->ext);
        l->steps[x->step].answer = mc_xstrdup(f.s);
        mc_str_free(&f);
    }
}

void mc_lesson_free_exercises(McLesson *l) {
    for (int i = 0; i < l->nexercises; i++) {
        McExercise *x = &l->exercises[i];
        for (int k = 0; k < x->nsteps; k++) {
            free(x->steps[k].text);
            free(x->steps[k].why);
        }
        free(x->steps);
        free(x->name);
        free(x->task);
        free(x->model);
    }
    free(l->exercises);
}

/* ---- grading ----------------------------------------------------------------- */

/* s with every {} replaced by r (malloc'd). */
static char *subst(const char *s, const char *r) {
    McStr o;
    mc_str_init(&o);
    for (const char *p = s; *p;) {
        const char *f = strstr(p, "{}");
        if (!f) {
            mc_str_printf(&o, "%s", p);
            break;
        }
        mc_str_printf(&o, "%.*s%s", (int)(f - p), p, r);
        p = f + 2;
    }
    char *r2 = mc_xstrdup(o.s ? o.s : "");
    mc_str_free(&o);
    return r2;
}

/* pattern with its n-th {} (1-based) made a word `*` (malloc'd). */
static char *subst_nth(const char *pattern, int n) {
    char *r = mc_xstrdup(pattern);
    char *f = r;
    for (int i = 1; (f = strstr(f, "{}")); i++, f += 2)
        if (i == n) {
            memmove(f + 1, f + 2, strlen(f + 2) + 1);
            *f = '*';
            break;
        }
    return r;
}

static bool compare(long long a, const char *op, long long b) {
    if (strcmp(op, "=") == 0) return a == b;
    if (strcmp(op, "!=") == 0) return a != b;
    if (strcmp(op, "<") == 0) return a < b;
    if (strcmp(op, "<=") == 0) return a <= b;
    if (strcmp(op, ">") == 0) return a > b;
    return a >= b;
}

/* The first line of text (malloc'd), for a failure's explanation. */
static char *first_line(const char *text) {
    const char *e = strchr(text, '\n');
    return mc_visible_dup(text, e ? (size_t)(e - text) : strlen(text));
}

/* Does need st hold on output? If not, *why says so (malloc'd). */
static bool need_holds(const McExerciseStep *st, const char *cmd, const char *output, char **why) {
    long long v = 0;
    bool ok, found = true;
    long long w = 0;
    if (st->need == MC_NEED_FIELD) {
        found = mc_lesson_field_number(st->text, output, &v);
        ok = found && compare(v, st->op, st->value);
    } else if (st->need == MC_NEED_FIELDS) {
        /* each field of the first line where both are numbers: the other one read as a word */
        char *a = subst_nth(st->text, 2), *b = subst_nth(st->text, 1);
        found = mc_lesson_field_number(a, output, &v) && mc_lesson_field_number(b, output, &w);
        ok = found && compare(v, st->op, w);
        free(a);
        free(b);
    } else {
        ok = mc_lesson_line_matches(st->text, output) == (st->need == MC_NEED_LINE);
    }
    if (ok) return true;
    McStr m;
    mc_str_init(&m);
    if (st->why) { /* {} is the field found ("no" when there is none) */
        char num[32];
        snprintf(num, sizeof num, "%lld", v);
        char *wt = subst(st->why, found ? num : "no");
        mc_str_printf(&m, "%s", wt);
        free(wt);
    } else if (!found)
        mc_str_printf(&m, "no line of the output of '%s' is '%s' with a number for {}", cmd, st->text);
    else if (st->need == MC_NEED_FIELD)
        mc_str_printf(&m, "'%s' shows %lld, and the exercise needs %s %lld", cmd, v, st->op, st->value);
    else if (st->need == MC_NEED_FIELDS)
        mc_str_printf(&m, "'%s' shows %lld and %lld, and the exercise needs the first %s the second", cmd, v, w, st->op);
    else
        mc_str_printf(&m, "the output of '%s' %s '%s'", cmd, st->need == MC_NEED_LINE ? "has no line" : "has a line",
                      st->text);
    *why = mc_xstrdup(m.s);
    mc_str_free(&m);
    return false;
}

bool mc_exercise_grade(const McExercise *x, const char *file, McLessonExec exec, void *ctx, char **why) {
    *why = NULL;
    const char *slash = strrchr(file, '/');
    char *dir = slash ? mc_xstrndup(file, (size_t)(slash - file) + (slash == file)) : mc_xstrdup(".");
    const char *base = slash ? slash + 1 : file;
    int here = open(".", O_RDONLY | O_DIRECTORY);
    bool ok = true;
    if (chdir(dir) != 0) {
        McStr m;
        mc_str_init(&m);
        mc_str_printf(&m, "cannot enter the directory of %s", file);
        *why = mc_xstrdup(m.s);
        mc_str_free(&m);
        ok = false;
    }
    McStr out;
    mc_str_init(&out);
    char *cmd = NULL;
    for (int i = 0; ok && i < x->nsteps; i++) {
        const McExerciseStep *st = &x->steps[i];
        if (!st->is_need) {
            free(cmd);
            cmd = subst(st->text, base);
            out.len = 0;
            if (out.s) out.s[0] = 0;
            McLessonRun run = exec(ctx, cmd, &out);
            if (run != MC_LESSON_OK) {
                char *l1 = first_line(out.s ? out.s : "");
                McStr m;
                mc_str_init(&m);
                mc_str_printf(&m, "'%s' %s%s%s", cmd, run == MC_LESSON_INTERRUPTED ? "was interrupted" : "failed",
                              *l1 ? ": " : "", l1);
                *why = mc_xstrdup(m.s);
                mc_str_free(&m);
                free(l1);
                ok = false;
            }
        } else {
            ok = need_holds(st, cmd, out.s ? out.s : "", why);
        }
    }
    free(cmd);
    mc_str_free(&out);
    if (here >= 0) {
        if (fchdir(here) != 0) { /* the old directory vanished; stay */
        }
        close(here);
    }
    free(dir);
    return ok;
}
