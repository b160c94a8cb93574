/* lesson_cmd.c - lessons wired to the prompt's command layer:
 * `minicc lesson [--check | --export md [-o FILE]] FILE...` and the `lesson`
 * command at the minicc> prompt. Every lesson command runs through
 * mc_command_line on a session, exactly as if a student had typed it. */
#include "lesson_cmd.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lesson.h"
#include "repl/commands.h"

bool mc_lesson_exec_session(void *ctx, const char *line, McStr *out) {
    McSession *s = ctx;
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) return false;
    McCmdStatus st = mc_command_line(s, line, false, m, m);
    fclose(m);
    mc_str_putn(out, buf, n);
    free(buf);
    return st == MC_CMD_OK;
}

void mc_lesson_reset_session(void *ctx) {
    McSession *s = ctx;
    mc_session_free(s);
    mc_session_init(s);
}

/* Load a lesson, printing its diagnostics (with the lesson path) to err. */
static McLesson *load_or_report(const char *path, FILE *err) {
    McDiags d;
    mc_diags_init(&d, path, NULL, 0);
    McLesson *l = mc_lesson_load(path, &d);
    if (!l) mc_diags_print(&d, err, false);
    mc_diags_free(&d);
    return l;
}

static void lesson_usage(FILE *out) {
    fprintf(out,
            "usage: minicc lesson FILE                  play a lesson (Enter: next, b: back, q: quit)\n"
            "       minicc lesson --check FILE...       run every command and expectation\n"
            "       minicc lesson --export md [-o OUT] FILE   write a Markdown handout\n");
}

int mc_cli_lesson(int argc, char **argv) {
    bool check = false;
    const char *export_fmt = NULL, *output = NULL;
    int first = 1;
    for (; first < argc && argv[first][0] == '-' && argv[first][1]; first++) {
        const char *a = argv[first];
        if (strcmp(a, "--") == 0) {
            first++;
            break;
        } else if (strcmp(a, "--check") == 0) {
            check = true;
        } else if (strcmp(a, "--export") == 0 || strncmp(a, "--export=", 9) == 0) {
            export_fmt = a[8] == '=' ? a + 9 : (first + 1 < argc ? argv[++first] : NULL);
            if (!export_fmt || strcmp(export_fmt, "md") != 0) {
                fprintf(stderr, "minicc lesson: error: --export takes 'md' (Markdown)%s%s\n",
                        export_fmt ? ", not " : "", export_fmt ? export_fmt : "");
                return 2;
            }
        } else if (strcmp(a, "-o") == 0) {
            if (first + 1 >= argc) {
                fprintf(stderr, "minicc lesson: error: -o needs a file name\n");
                return 2;
            }
            output = argv[++first];
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            lesson_usage(stdout);
            return 0;
        } else {
            fprintf(stderr, "minicc lesson: error: unknown option '%s' (minicc lesson --help shows the usage)\n", a);
            return 2;
        }
    }
    int nfiles = argc - first;
    if (nfiles < 1) {
        fprintf(stderr, "minicc lesson: error: no lesson file given (minicc lesson --help shows the usage)\n");
        return 2;
    }
    if (check && export_fmt) {
        fprintf(stderr, "minicc lesson: error: choose one of --check and --export\n");
        return 2;
    }
    if (!check && nfiles > 1) {
        fprintf(stderr, "minicc lesson: error: give one lesson to %s (or use --check)\n", export_fmt ? "export" : "play");
        return 2;
    }
    if (output && !export_fmt) {
        fprintf(stderr, "minicc lesson: error: -o is only for --export\n");
        return 2;
    }

    if (check) {
        int passed = 0, failed = 0, unreadable = 0;
        for (int i = first; i < argc; i++) {
            McLesson *l = load_or_report(argv[i], stderr);
            bool ok = false;
            if (!l) unreadable++;
            if (l) {
                McSession s;
                mc_session_init(&s);
                ok = mc_lesson_check(l, mc_lesson_exec_session, &s, stderr);
                mc_session_free(&s);
                mc_lesson_free(l);
            }
            printf("%s: %s\n", argv[i], ok ? "ok" : "FAILED");
            fflush(stdout);
            ok ? passed++ : failed++;
        }
        printf("lessons: %d passed, %d failed\n", passed, failed);
        /* 2: a lesson could not be read or parsed (bad input); 1: one failed */
        return unreadable ? 2 : failed ? 1 : 0;
    }

    McLesson *l = load_or_report(argv[first], stderr);
    if (!l) return 2;
    McSession s;
    mc_session_init(&s);
    int rc;
    if (export_fmt) {
        FILE *out = stdout;
        if (output && !(out = fopen(output, "w"))) {
            fprintf(stderr, "minicc lesson: error: cannot write %s: %s\n", output, strerror(errno));
            rc = 2;
        } else {
            rc = mc_lesson_export_md(l, mc_lesson_exec_session, &s, out, stderr) ? 0 : 1;
            if (out != stdout && fclose(out) != 0) {
                fprintf(stderr, "minicc lesson: error: cannot write %s: %s\n", output, strerror(errno));
                rc = 2;
            }
        }
    } else {
        rc = mc_lesson_play(l, mc_lesson_exec_session, mc_lesson_reset_session, &s, stdin, stdout);
    }
    mc_session_free(&s);
    mc_lesson_free(l);
    return rc;
}

/* `lesson FILE` at the prompt: play the lesson in a session of its own (so
 * the student's session is untouched), reading pauses and answers from the
 * terminal; in batch mode (stdin not a terminal: it holds the rest of the
 * script) it plays straight through, showing each answer. `lesson --check
 * FILE` checks it. */
McCmdStatus mc_cmd_lesson(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    bool check = argc >= 2 && strcmp(argv[1], "--check") == 0;
    int file = check ? 2 : 1;
    if (argc != file + 1) return mc_session_error(s, err, "usage: lesson [--check] FILE"), MC_CMD_ERROR;
    McLesson *l = load_or_report(argv[file], err);
    if (!l) {
        s->errors++;
        return MC_CMD_ERROR;
    }
    McSession ls;
    mc_session_init(&ls);
    bool ok;
    if (check) {
        ok = mc_lesson_check(l, mc_lesson_exec_session, &ls, err);
        fprintf(out, "%s: %s\n", argv[file], ok ? "ok" : "FAILED");
    } else {
        fflush(out);
        FILE *in = isatty(STDIN_FILENO) ? stdin : NULL;
        ok = mc_lesson_play(l, mc_lesson_exec_session, mc_lesson_reset_session, &ls, in, out) == 0;
        ok = true; /* a failed check during playback was shown; the command itself worked */
    }
    mc_session_free(&ls);
    mc_lesson_free(l);
    if (!ok) s->errors++;
    return ok ? MC_CMD_OK : MC_CMD_ERROR;
}
