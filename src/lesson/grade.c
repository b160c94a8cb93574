/* grade.c - `minicc lesson --grade DIR [--csv FILE] [LESSON...]`: grades a
 * folder of student submissions against the lessons' exercises (exercise.c).
 *
 *     DIR/alice/four-colours.ir     one folder per student, one file per
 *     DIR/alice/seq-bug.ir          exercise, named after it (NAME.ir or
 *     DIR/bob/four-colours.ir       NAME.c, as the exercise's model)
 *
 * Prints a table, one row per student (pass, FAIL or missing per exercise,
 * and the score), then each failure in words; with --csv the same table as
 * CSV. Every submission is graded in a session of its own, its files
 * written only to a temporary directory. Bad input (no such folder, no
 * student folders, an unknown lesson, lessons without exercises) is a
 * diagnostic and status 2; a submission that does not load is a failure of
 * that student's exercise, said in words. */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "lesson_cmd.h"

#include "shell/outfile.h"

/* One exercise to grade and the lesson it comes from. */
typedef struct GradeEx {
    const McExercise *x;
    const McLesson *l;
} GradeEx;

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The lessons to grade against: the ones named, else every lesson minicc finds. Returns how many (-1: reported). */
static int grade_lessons(char **names, int n, McLesson ***out) {
    McLesson **ls = NULL;
    int nl = 0, cap = 0;
    char **paths = NULL;
    int np = 0, pcap = 0;
    if (n > 0) {
        for (int i = 0; i < n; i++) {
            char *why = NULL, *p = mc_lesson_resolve(names[i], &why);
            if (!p) {
                fprintf(stderr, "minicc lesson: error: --grade: %s\n", why);
                free(why);
                for (int k = 0; k < np; k++) free(paths[k]);
                free(paths);
                return -1;
            }
            MC_GROW(paths, pcap, np + 1, 8);
            paths[np++] = p;
        }
    } else {
        char *dirs[3], **seen = NULL;
        int nd = mc_lesson_dirs(dirs), ns = 0, scap = 0;
        for (int i = 0; i < nd; i++) {
            char **stems;
            int k = mc_lesson_dir_list(dirs[i], &stems);
            for (int j = 0; j < k; j++) {
                bool dup = false;
                for (int s = 0; s < ns && !dup; s++) dup = strcmp(seen[s], stems[j]) == 0;
                if (dup) { /* an earlier directory's lesson of that name wins */
                    free(stems[j]);
                    continue;
                }
                McStr p;
                mc_str_init(&p);
                mc_str_printf(&p, "%s/%s.lesson", dirs[i], stems[j]);
                MC_GROW(paths, pcap, np + 1, 8);
                paths[np++] = p.s;
                MC_GROW(seen, scap, ns + 1, 8);
                seen[ns++] = stems[j];
            }
            free(stems);
            free(dirs[i]);
        }
        for (int s = 0; s < ns; s++) free(seen[s]);
        free(seen);
    }
    bool bad = false;
    for (int i = 0; i < np; i++) {
        McDiags d;
        mc_diags_init(&d, paths[i], NULL, 0);
        McLesson *l = mc_lesson_load(paths[i], &d);
        if (!l) {
            mc_diags_print(&d, stderr, false);
            bad = true;
        } else {
            MC_GROW(ls, cap, nl + 1, 8);
            ls[nl++] = l;
        }
        mc_diags_free(&d);
        free(paths[i]);
    }
    free(paths);
    *out = ls;
    if (bad) {
        fprintf(stderr, "minicc lesson: error: --grade: a lesson above cannot be read\n");
        for (int i = 0; i < nl; i++) mc_lesson_free(ls[i]);
        free(ls);
        *out = NULL;
        return -1;
    }
    return nl;
}

/* The student folders of dir (byte order); -1 when dir cannot be read. */
static int student_dirs(const char *dir, char ***out) {
    *out = NULL;
    DIR *d = opendir(dir);
    if (!d) return -1;
    char **names = NULL;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        McStr p;
        mc_str_init(&p);
        mc_str_printf(&p, "%s/%s", dir, e->d_name);
        struct stat st;
        bool isdir = stat(p.s, &st) == 0 && S_ISDIR(st.st_mode);
        mc_str_free(&p);
        if (!isdir) {
            char *shown = mc_visible_dup(e->d_name, strlen(e->d_name));
            fprintf(stderr, "minicc lesson: note: --grade: '%s' is not a student's folder: left out\n", shown);
            free(shown);
            continue;
        }
        MC_GROW(names, cap, n + 1, 16);
        names[n++] = mc_xstrdup(e->d_name);
    }
    closedir(d);
    if (n) qsort(names, (size_t)n, sizeof *names, cmp_str);
    *out = names;
    return n;
}

/* Grades file against g in a fresh session; *why as mc_exercise_grade. */
static bool grade_one(const GradeEx *g, const char *file, char **why) {
    struct stat st;
    if (stat(file, &st) != 0 || !S_ISREG(st.st_mode)) {
        McStr m;
        mc_str_init(&m);
        mc_str_printf(&m, "%s is not a regular file", file);
        *why = mc_xstrdup(m.s);
        mc_str_free(&m);
        return false;
    }
    McOutDir od;
    mc_outdir_init_temp(&od, false);
    McSession s;
    mc_session_init(&s);
    s.source_depth = 1;
    s.outdir = &od;
    bool ok = mc_exercise_grade(g->x, file, mc_lesson_exec_session, &s, why);
    mc_session_free(&s);
    mc_outdir_finish(&od, true);
    return ok;
}

bool mc_lesson_check_models(const McLesson *l, FILE *err) {
    bool ok = true;
    for (int i = 0; i < l->nexercises; i++) {
        const McExercise *x = &l->exercises[i];
        McStr p;
        mc_str_init(&p);
        mc_str_printf(&p, "%s/%s", l->dir, x->model);
        GradeEx g = {x, l};
        char *why = NULL;
        if (!grade_one(&g, p.s, &why)) {
            fprintf(err, "%s:%d: error: the model solution %s fails the exercise '%s': %s\n", l->shown, x->line, x->model,
                    x->name, why ? why : "");
            ok = false;
        }
        free(why);
        mc_str_free(&p);
    }
    return ok;
}

/* A CSV field, quoted when it must be (RFC 4180). */
static void csv_field(FILE *f, const char *s) {
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, f);
        return;
    }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s, f);
    }
    fputc('"', f);
}

/* A submitted file of a student that no exercise names: said, not graded. */
static void note_strays(const char *sdir, const char *student, const GradeEx *gx, int nx, McStr *notes) {
    DIR *d = opendir(sdir);
    if (!d) return;
    char **names = NULL;
    int n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        if (e->d_name[0] == '.') continue;
        bool known = false;
        for (int k = 0; k < nx && !known; k++) {
            McStr want;
            mc_str_init(&want);
            mc_str_printf(&want, "%s.%s", gx[k].x->name, gx[k].x->ext);
            known = strcmp(want.s, e->d_name) == 0;
            mc_str_free(&want);
        }
        if (known) continue;
        MC_GROW(names, cap, n + 1, 8);
        names[n++] = mc_visible_dup(e->d_name, strlen(e->d_name));
    }
    closedir(d);
    if (n) qsort(names, (size_t)n, sizeof *names, cmp_str);
    for (int i = 0; i < n; i++) {
        mc_str_printf(notes, "  %s: '%s' is no exercise's file (not graded)\n", student, names[i]);
        free(names[i]);
    }
    free(names);
}

int mc_lesson_grade_dir(const char *dir, const char *csv, char **lessons, int nlessons) {
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "minicc lesson: error: --grade: %s: %s\n", dir,
                stat(dir, &st) != 0 ? strerror(errno) : "not a directory (one folder per student inside)");
        return 2;
    }
    McLesson **ls = NULL;
    int nl = grade_lessons(lessons, nlessons, &ls);
    if (nl < 0) return 2;
    GradeEx *gx = NULL;
    int nx = 0, cap = 0, rc = 0;
    for (int i = 0; i < nl; i++)
        for (int k = 0; k < ls[i]->nexercises; k++) {
            for (int j = 0; j < nx; j++)
                if (strcmp(gx[j].x->name, ls[i]->exercises[k].name) == 0) {
                    fprintf(stderr, "minicc lesson: error: --grade: two lessons have the exercise '%s': %s and %s\n",
                            gx[j].x->name, gx[j].l->shown, ls[i]->shown);
                    rc = 2;
                }
            MC_GROW(gx, cap, nx + 1, 8);
            gx[nx++] = (GradeEx){&ls[i]->exercises[k], ls[i]};
        }
    if (!rc && nx == 0) {
        fprintf(stderr, "minicc lesson: error: --grade: the lessons have no exercises\n");
        rc = 2;
    }
    FILE *cf = NULL;
    if (!rc && csv && !(cf = strcmp(csv, "-") == 0 ? stdout : fopen(csv, "w"))) {
        fprintf(stderr, "minicc lesson: error: --grade: cannot write %s: %s\n", csv, strerror(errno));
        rc = 2;
    }
    char **students = NULL;
    int ns = rc ? 0 : student_dirs(dir, &students);
    if (!rc && ns <= 0) {
        fprintf(stderr, "minicc lesson: error: --grade: %s has no student folders (DIR/STUDENT/EXERCISE.ir)\n", dir);
        rc = 2;
        if (cf && cf != stdout) fclose(cf);
        cf = NULL;
    }
    if (!rc) {
        int w = 7;
        for (int i = 0; i < ns; i++)
            if ((int)strlen(students[i]) > w) w = (int)strlen(students[i]);
        printf("%-*s", w, "student");
        for (int k = 0; k < nx; k++) printf("  %-*s", (int)strlen(gx[k].x->name) > 7 ? (int)strlen(gx[k].x->name) : 7, gx[k].x->name);
        printf("  score\n");
        if (cf) {
            fputs("student", cf);
            for (int k = 0; k < nx; k++) fprintf(cf, ",%s", gx[k].x->name);
            fputs(",score,of\n", cf);
        }
        McStr notes;
        mc_str_init(&notes);
        for (int i = 0; i < ns; i++) {
            char *shown = mc_visible_dup(students[i], strlen(students[i]));
            printf("%-*s", w, shown);
            if (cf) csv_field(cf, students[i]);
            int score = 0;
            McStr sdir;
            mc_str_init(&sdir);
            mc_str_printf(&sdir, "%s/%s", dir, students[i]);
            for (int k = 0; k < nx; k++) {
                McStr f;
                mc_str_init(&f);
                mc_str_printf(&f, "%s/%s.%s", sdir.s, gx[k].x->name, gx[k].x->ext);
                const char *verdict;
                struct stat fs;
                if (lstat(f.s, &fs) != 0) {
                    verdict = "missing";
                } else {
                    char *why = NULL;
                    bool ok = grade_one(&gx[k], f.s, &why);
                    verdict = ok ? "pass" : "FAIL";
                    score += ok;
                    if (!ok) mc_str_printf(&notes, "  %s, %s: %s\n", shown, gx[k].x->name, why ? why : "");
                    free(why);
                }
                mc_str_free(&f);
                printf("  %-*s", (int)strlen(gx[k].x->name) > 7 ? (int)strlen(gx[k].x->name) : 7, verdict);
                if (cf) fprintf(cf, ",%s", verdict[0] == 'F' ? "fail" : verdict);
            }
            printf("  %d/%d\n", score, nx);
            if (cf) fprintf(cf, ",%d,%d\n", score, nx);
            note_strays(sdir.s, shown, gx, nx, &notes);
            mc_str_free(&sdir);
            free(shown);
        }
        if (notes.len) printf("\n%s", notes.s);
        printf("graded: %d student%s, %d exercise%s\n", ns, ns == 1 ? "" : "s", nx, nx == 1 ? "" : "s");
        mc_str_free(&notes);
        if (cf && cf != stdout && fclose(cf) != 0) {
            fprintf(stderr, "minicc lesson: error: --grade: cannot write %s: %s\n", csv, strerror(errno));
            rc = 2;
        }
    }
    for (int i = 0; i < (ns > 0 ? ns : 0); i++) free(students[i]);
    free(students);
    free(gx);
    for (int i = 0; i < nl; i++) mc_lesson_free(ls[i]);
    free(ls);
    return rc;
}
