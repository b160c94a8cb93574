/* lesson_cmd.c - lessons wired to the prompt's command layer:
 * `minicc lesson [--check | --export md [-o FILE]] [--write-here] FILE...`
 * and the `lesson` command at the minicc> prompt. Every lesson command runs
 * through mc_command_line on a session, exactly as if a student had typed
 * it, except for two rules: the files its commands write go only into the
 * lesson's directory for files (shell/outfile.h), and a lesson inside a
 * lesson (or a script) counts towards the nesting limit of `source`. */
#include "lesson_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson.h"

#include "shell/commands.h"
#include "shell/outfile.h"

McLessonRun mc_lesson_exec_session(void *ctx, const char *line, McStr *out) {
    McSession *s = ctx;
    if (s->nest_abort) return MC_LESSON_FAILED; /* unwinding from the nesting limit: run nothing more */
    if (mc_session_interrupted(s)) return MC_LESSON_INTERRUPTED; /* Ctrl-C came between two commands */
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) return MC_LESSON_FAILED;
    McCmdStatus st = mc_command_line(s, line, false, m, m);
    fclose(m);
    mc_str_putn(out, buf, n);
    free(buf);
    /* mc_command_line fails a line during which Ctrl-C came */
    if (mc_session_interrupted(s)) return MC_LESSON_INTERRUPTED;
    return st == MC_CMD_OK ? MC_LESSON_OK : MC_LESSON_FAILED;
}

void mc_lesson_reset_session(void *ctx) {
    McSession *s = ctx;
    int depth = s->source_depth;
    McOutDir *od = s->outdir;
    const McInterrupt *stop = s->interrupt;
    mc_session_free(s);
    mc_session_init(s);
    s->source_depth = depth; /* the rules of the lesson stay */
    s->outdir = od;
    s->interrupt = stop; /* and Ctrl-C still reaches its commands */
}

/* Find the lesson NAME (a path, or a name in the lesson directories) and
 * load it, printing its diagnostics (with the lesson path) or why it was not
 * found (after `prefix`) to err. */
static McLesson *load_or_report(const char *name, const char *prefix, FILE *err) {
    char *why = NULL, *path = mc_lesson_resolve(name, &why);
    if (!path) {
        fprintf(err, "%s%s\n", prefix, why);
        free(why);
        return NULL;
    }
    McDiags d;
    mc_diags_init(&d, path, NULL, 0);
    McLesson *l = mc_lesson_load(path, &d);
    if (!l) mc_diags_print(&d, err, false);
    mc_diags_free(&d);
    free(path);
    return l;
}

static void lesson_usage(FILE *out) {
    fprintf(out,
            "usage: minicc lesson [--write-here] LESSON   play a lesson (Enter: next, b: back, q: quit)\n"
            "       minicc lesson --check LESSON...       run every command and expectation\n"
            "       minicc lesson --export md [--teacher] [-o OUT] [--write-here] LESSON\n"
            "                                             a Markdown handout (--teacher: with answers;\n"
            "                                             to OUT, or standard output without -o or with -o -)\n"
            "       minicc lesson --list                  the lessons minicc can find, with titles\n"
            "       minicc lesson --grade DIR [--csv FILE] [LESSON...]\n"
            "                                             grade DIR/STUDENT/EXERCISE.ir (or .c) against the\n"
            "                                             lessons' exercises (default: every lesson found)\n"
            "LESSON is a file, or a name looked up in ./lessons, $XDG_DATA_HOME/minicc/lessons\n"
            "(~/.local/share/minicc/lessons) and the installed share/minicc/lessons (for the\n"
            "build in a source tree, that tree's lessons/), in that order:\n"
            "the file name with or without .lesson and its number, the number alone (2),\n"
            "or a unique beginning of the name (phis).\n"
            "Files the lesson's commands write (emit, dot) go into a fresh temporary\n"
            "directory, named when the first one is written; with --write-here into the\n"
            "lesson's own directory. --check always uses a temporary directory and\n"
            "removes it afterwards.\n");
}

/* What `minicc lesson` was asked to do; the lesson files are argv[first] onwards. */
typedef struct LessonArgs {
    bool check, here, teacher, list;
    const char *export_fmt, *output;
    const char *grade, *csv; /* --grade DIR, --csv FILE */
    int first;
} LessonArgs;

/* Reads the options into *a; -1 to go on, else the exit status (0 after --help, 2 after reporting). */
static int lesson_parse_options(int argc, char **argv, LessonArgs *a) {
    int first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        const char *w = argv[first];
        if (strcmp(w, "--") == 0) {
            first++;
            break;
        } else if (strcmp(w, "--check") == 0) {
            a->check = true;
        } else if (strcmp(w, "--write-here") == 0) {
            a->here = true;
        } else if (strcmp(w, "--teacher") == 0) {
            a->teacher = true;
        } else if (strcmp(w, "--list") == 0) {
            a->list = true;
        } else if (strcmp(w, "--export") == 0 || strncmp(w, "--export=", 9) == 0) {
            a->export_fmt = w[8] == '=' ? w + 9 : (first + 1 < argc ? argv[++first] : NULL);
            if (!a->export_fmt || strcmp(a->export_fmt, "md") != 0) {
                fprintf(stderr, "minicc lesson: error: --export takes 'md' (Markdown)%s%s\n",
                        a->export_fmt ? ", not " : "", a->export_fmt ? a->export_fmt : "");
                return 2;
            }
        } else if (strcmp(w, "--grade") == 0 || strcmp(w, "--csv") == 0) {
            if (first + 1 >= argc) {
                fprintf(stderr, "minicc lesson: error: %s needs %s\n", w, w[2] == 'g' ? "a folder of submissions" : "a file name");
                return 2;
            }
            *(w[2] == 'g' ? &a->grade : &a->csv) = argv[++first];
        } else if (strcmp(w, "-o") == 0) {
            if (first + 1 >= argc) {
                fprintf(stderr, "minicc lesson: error: -o needs a file name\n");
                return 2;
            }
            a->output = argv[++first];
        } else if (strcmp(w, "--help") == 0 || strcmp(w, "-h") == 0) {
            lesson_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "minicc lesson: error: unknown option '%s' (minicc lesson --help shows the usage)\n", w);
            return 2;
        }
    }
    a->first = first;
    return -1;
}

/* Checks the number of files and the combination of options; 0 ok, 2 after reporting. */
static int lesson_check_options(const LessonArgs *a, int nfiles) {
    if (nfiles < 1) {
        fprintf(stderr, "minicc lesson: error: no lesson file given (minicc lesson --help shows the usage)\n");
        return 2;
    }
    if (a->check && a->export_fmt) {
        fprintf(stderr, "minicc lesson: error: choose one of --check and --export\n");
        return 2;
    }
    if (!a->check && nfiles > 1) {
        fprintf(stderr, "minicc lesson: error: give one lesson to %s (or use --check)\n",
                a->export_fmt ? "export" : "play");
        return 2;
    }
    if (a->teacher && !a->export_fmt) {
        fprintf(stderr, "minicc lesson: error: --teacher is only for --export (the teacher's copy of a handout)\n");
        return 2;
    }
    if (a->output && !a->export_fmt) {
        fprintf(stderr, "minicc lesson: error: -o is only for --export\n");
        return 2;
    }
    if (a->check && a->here) {
        fprintf(stderr, "minicc lesson: error: --check writes only into a temporary directory; --write-here is "
                        "for playing or exporting a lesson\n");
        return 2;
    }
    return 0;
}

/* --check with several lessons: taken as a course in the order given, does
 * any require a concept that only a later one teaches (syllabus.c)? Lessons
 * that cannot be read are left to the check itself. Returns the problems. */
static int lesson_check_syllabus(char **files, int n) {
    McLesson **ls = mc_xcalloc((size_t)n + 1, sizeof *ls);
    for (int i = 0; i < n; i++) {
        char *why = NULL, *path = mc_lesson_resolve(files[i], &why);
        McDiags d;
        mc_diags_init(&d, path ? path : files[i], NULL, 0);
        ls[i] = path ? mc_lesson_load(path, &d) : NULL;
        mc_diags_free(&d);
        free(path);
        free(why);
    }
    int problems = mc_lesson_syllabus_check(ls, n, stderr);
    for (int i = 0; i < n; i++) mc_lesson_free(ls[i]);
    free(ls);
    if (problems) printf("syllabus: %d problem%s in the order given\n", problems, problems == 1 ? "" : "s");
    return problems;
}

/* --check: every lesson files[0..n-1] in a session and a temporary directory of its own; the exit status. */
static int lesson_check_files(char **files, int n) {
    int passed = 0, failed = 0, unreadable = 0;
    for (int i = 0; i < n; i++) {
        McLesson *l = load_or_report(files[i], "minicc lesson: error: ", stderr);
        bool ok = false;
        if (!l) unreadable++;
        if (l) {
            /* --check never writes outside a temporary directory, and
             * removes it afterwards. */
            McOutDir od;
            mc_outdir_init_temp(&od, false);
            McSession s;
            mc_session_init(&s);
            s.source_depth = 1;
            s.outdir = &od;
            ok = mc_lesson_check(l, mc_lesson_exec_session, &s, stderr);
            mc_session_free(&s);
            mc_outdir_finish(&od, true);
            if (ok) ok = mc_lesson_check_models(l, stderr); /* each exercise's model passes it */
            mc_lesson_free(l);
        }
        char *shown = mc_visible_dup(files[i], strlen(files[i])); /* a file name, shown like a title */
        printf("%s: %s\n", shown, ok ? "ok" : "FAILED");
        free(shown);
        fflush(stdout);
        ok ? passed++ : failed++;
    }
    printf("lessons: %d passed, %d failed\n", passed, failed);
    if (n > 1 && lesson_check_syllabus(files, n) && !failed) failed = 1;
    /* 2: a lesson could not be read or parsed (bad input); 1: one failed */
    return unreadable ? 2 : failed ? 1 : 0;
}

/* --export md: the handout of l to -o OUT or stdout (no -o, or -o -), running
 * its commands in s; the exit status. */
static int lesson_export(const LessonArgs *a, McLesson *l, McSession *s) {
    int rc;
    bool to_stdout = !a->output || strcmp(a->output, "-") == 0;
    const char *name = to_stdout ? "standard output" : a->output;
    FILE *out = stdout;
    if (!to_stdout && !(out = fopen(a->output, "w"))) {
        fprintf(stderr, "minicc lesson: error: cannot write %s: %s\n", name, strerror(errno));
        rc = 2;
    } else {
        rc = mc_lesson_export_md(l, mc_lesson_exec_session, s, out, stderr, a->teacher) ? 0 : 1;
        if (!to_stdout && fclose(out) != 0) { /* standard output: main says (minicc: error: writing ...) */
            fprintf(stderr, "minicc lesson: error: cannot write %s: %s\n", name, strerror(errno));
            rc = 2;
        }
    }
    return rc;
}

/* Plays or exports the lesson at path (files in a temporary directory or its own); the exit status. */
static int lesson_play_or_export(const LessonArgs *a, const char *path) {
    McLesson *l = load_or_report(path, "minicc lesson: error: ", stderr);
    if (!l) return 2;
    McOutDir od;
    if (!a->here) {
        /* A handout shows output, not files: its temporary directory goes. */
        mc_outdir_init_temp(&od, !a->export_fmt);
    } else if (!mc_outdir_init_dir(&od, l->dir)) {
        fprintf(stderr, "minicc lesson: error: --write-here: cannot use %s: %s\n", l->dir, strerror(errno));
        mc_lesson_free(l);
        return 2;
    }
    McSession s;
    mc_session_init(&s);
    s.source_depth = 1;
    s.outdir = &od;
    int rc;
    if (a->export_fmt) {
        rc = lesson_export(a, l, &s);
    } else {
        rc = mc_lesson_play(l, mc_lesson_exec_session, mc_lesson_reset_session, &s, stdin, stdout);
        if (od.temp && od.wrote) printf("(the files this lesson wrote are in %s)\n", od.path);
    }
    mc_session_free(&s);
    mc_outdir_finish(&od, a->export_fmt && !a->here);
    mc_lesson_free(l);
    return rc;
}

int mc_cli_lesson(int argc, char **argv) {
    LessonArgs a = {0};
    a.first = 1;
    int st = lesson_parse_options(argc, argv, &a);
    if (st >= 0) return st;
    if (a.list) {
        if (argc - a.first > 0 || a.check || a.export_fmt || a.here) {
            fprintf(stderr, "minicc lesson: error: --list takes no lesson and no other option\n");
            return 2;
        }
        mc_lesson_list(stdout);
        return 0;
    }
    if (a.grade || a.csv) {
        if (!a.grade || a.check || a.export_fmt || a.here || a.teacher || a.output) {
            fprintf(stderr, "minicc lesson: error: %s\n", a.grade ? "--grade takes only --csv and lessons"
                                                                  : "--csv is only for --grade");
            return 2;
        }
        return mc_lesson_grade_dir(a.grade, a.csv, argv + a.first, argc - a.first);
    }
    if (lesson_check_options(&a, argc - a.first)) return 2;
    if (a.check) return lesson_check_files(argv + a.first, argc - a.first);
    return lesson_play_or_export(&a, argv[a.first]);
}

/* `lesson FILE` at the prompt: play the lesson in a session of its own (so
 * the student's session is untouched), reading pauses and answers from the
 * terminal; in batch mode (stdin not a terminal: it holds the rest of the
 * script), inside another lesson or in the workbench's command line it plays
 * straight through, showing each answer. `lesson --check FILE` checks it.
 * A lesson inside a lesson shares its directory for files and counts
 * towards the nesting limit. */
McCmdStatus mc_cmd_lesson(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    bool check = false, here = false, list = false;
    int file = 1;
    for (; file < argc && argv[file][0] == '-' && argv[file][1]; file++) {
        if (strcmp(argv[file], "--check") == 0) check = true;
        else if (strcmp(argv[file], "--write-here") == 0) here = true;
        else if (strcmp(argv[file], "--list") == 0) list = true;
        else
            return mc_session_error(s, err, "lesson: unknown option '%s' (usage: lesson [--check|--write-here] LESSON)",
                                    argv[file]), MC_CMD_ERROR;
    }
    if (list && argc == 2) {
        mc_lesson_list(out);
        return MC_CMD_OK;
    }
    if (argc != file + 1 || list)
        return mc_session_error(s, err, "usage: lesson [--check|--write-here] LESSON, or lesson --list"), MC_CMD_ERROR;
    char *why = NULL, *path = mc_lesson_resolve(argv[file], &why);
    if (!path) {
        mc_session_error(s, err, "lesson: %s", why);
        free(why);
        return MC_CMD_ERROR;
    }
    if (check && here)
        return free(path), mc_session_error(s, err, "lesson: --check writes only into a temporary directory; "
                                                    "--write-here is for playing a lesson"), MC_CMD_ERROR;
    if (here && s->outdir)
        return free(path),
               mc_session_error(s, err, "lesson: a lesson may write only inside %s: --write-here inside a lesson",
                                s->outdir->path ? s->outdir->path : "its temporary directory"), MC_CMD_ERROR;
    if (!mc_session_nest_check(s, err)) {
        free(path);
        return MC_CMD_ERROR;
    }
    McLesson *l = load_or_report(path, "error: lesson: ", err);
    free(path);
    if (!l) {
        s->errors++;
        return MC_CMD_ERROR;
    }
    McOutDir od;
    bool own = !s->outdir;
    if (own && !here) {
        mc_outdir_init_temp(&od, !check);
    } else if (own && !mc_outdir_init_dir(&od, l->dir)) {
        mc_session_error(s, err, "lesson: --write-here: cannot use %s: %s", l->dir, strerror(errno));
        mc_lesson_free(l);
        return MC_CMD_ERROR;
    }
    McSession ls;
    mc_session_init(&ls);
    ls.source_depth = s->source_depth + 1;
    ls.outdir = own ? &od : s->outdir;
    ls.interrupt = s->interrupt; /* Ctrl-C at the prompt or in a batch stops the lesson's command */
    bool ok;
    if (check) {
        ok = mc_lesson_check(l, mc_lesson_exec_session, &ls, err);
        char *shown = mc_visible_dup(argv[file], strlen(argv[file])); /* a file name, shown like a title */
        fprintf(out, "%s: %s\n", shown, ok ? "ok" : "FAILED");
        free(shown);
    } else {
        fflush(out);
        FILE *in = isatty(STDIN_FILENO) && out == stdout && own ? stdin : NULL;
        int played = mc_lesson_play(l, mc_lesson_exec_session, mc_lesson_reset_session, &ls, in, out);
        if (own && od.temp && od.wrote) fprintf(out, "(the files this lesson wrote are in %s)\n", od.path);
        /* A failed check during playback was shown; the command itself
         * worked. An interrupted one was shown too, and fails it (a batch
         * ends there). */
        ok = played != 2;
    }
    if (ls.nest_abort) {
        s->nest_abort = true; /* a lesson inside hit the nesting limit: stop here too */
        ok = false;
    }
    mc_session_free(&ls);
    if (own) mc_outdir_finish(&od, check);
    mc_lesson_free(l);
    if (!ok) s->errors++;
    return ok ? MC_CMD_OK : MC_CMD_ERROR;
}

/* The row of the command table for `lesson` (main.c registers it). */
const McCommand mc_lesson_command = {
    "lesson", "", "session", "lesson [OPTION] LESSON", "play a scripted lesson (or check, list them)",
    "Plays LESSON, a .lesson script, in a session of its own: narration, commands\n"
    "and their output, pausing at each `-- more (Enter, b, q) --` (Enter: continue,\n"
    "b: back to the previous part, q: quit; on a terminal one key, no Enter)\n"
    "and asking questions before\n"
    "revealing the answer. In batch mode it plays straight through.\n"
    "Ctrl-C interrupts the command running and stops the lesson there.\n"
    "Options: --check, --write-here, --list (no LESSON).\n"
    "With --check, runs every command and expectation without stopping and\n"
    "reports FILE:LINE for the first failure.\n"
    "LESSON is a file or a name: `lesson 2`, `lesson phis` or\n"
    "`lesson 02-phis-are-simultaneous` looks in ./lessons,\n"
    "$XDG_DATA_HOME/minicc/lessons (~/.local/share/minicc/lessons) and the\n"
    "installed share/minicc/lessons, in that order; `lesson --list` lists them.\n"
    "The lesson's commands write files (emit, dot) only inside one directory:\n"
    "a fresh temporary one, named when the first file is written (--check\n"
    "removes it afterwards), or with --write-here the lesson's own. Names are\n"
    "relative to it; absolute paths, `..` and symbolic links are refused.\n",
    "file", mc_cmd_lesson};
