/* main.c - argument parsing and dispatch to the one-shot commands (src/cli),
 * the minicc> prompt (src/repl) and the full-screen workbench (src/tui).
 *
 *   minicc COMMAND ...            a one-shot command (cli.h)
 *   minicc [OPTIONS] [FILE]       the prompt on a terminal; batch mode (commands
 *                                 read from stdin) when stdin is not a terminal
 *   minicc -x SCRIPT / -c 'CMDS'  run commands and exit; --bail stops at the
 *                                 first error; exit status 1 when any failed */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "lesson/lesson_cmd.h"
#include "minicc/util.h"
#include "shell/commands.h"
#include "repl/repl.h"
#include "shell/session.h"
#include "tui/tui.h"

static const struct {
    const char *name;
    McCliFn fn;
    const char *usage, *summary;
} commands[] = {
#define MC_X_ROW(name, fn, usage, summary) {name, fn, usage, summary},
    MC_CLI_COMMANDS(MC_X_ROW)
#undef MC_X_ROW
};

static void usage(FILE *out) {
    fprintf(out,
            "usage: minicc [--bail] [-x SCRIPT]... [-c 'CMD; CMD']... [FILE]\n"
            "       minicc --tui [--lesson LESSON] [--write-here] [--theme NAME] [FILE [ARG...]]\n"
            "       minicc COMMAND ...\n"
            "\n"
            "Without COMMAND, minicc opens the minicc> prompt on FILE (when given);\n"
            "when stdin is not a terminal it reads prompt commands from stdin instead\n"
            "(batch mode: no prompt, errors as `<stdin>:LINE: error: ...`). Type `help`\n"
            "at the prompt, or see minicc(1).\n"
            "\n"
            "options (the prompt and batch mode):\n"
            "  -x SCRIPT    run the prompt commands in SCRIPT (- for stdin), then exit;\n"
            "               errors as `SCRIPT:LINE: error: ...`\n"
            "  -c 'CMDS'    run prompt commands separated by `;`, then exit; errors as\n"
            "               `-c:N: error: ...`, N counting the commands\n"
            "  --bail       stop at the first command that fails\n"
            "  --tui        the full-screen workbench (--lesson LESSON plays a lesson in it;\n"
            "               --theme projector|light|projector-light, or MINICC_THEME=NAME)\n"
            "  -h, --help   this text\n"
            "  --version    print the version\n"
            "Batch runs exit with status 1 when any command failed.\n"
            "\n"
            "A one-shot COMMAND comes first. `minicc COMMAND --help` prints its usage;\n"
            "FILE is IR, or MiniC (C) when its name ends in .c (--lang c|ir says which);\n"
            "FILE may be - for stdin; mistakes read `FILE:LINE:COL: error: ...` or\n"
            "`minicc COMMAND: error: ...`. Exit status: 0 ok, 1 check or sweep diverged,\n"
            "2 bad program, arguments or options, 3 the program trapped.\n"
            "\n"
            "one-shot commands:\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  %-8s %s\n      minicc %s\n", commands[i].name, commands[i].summary, commands[i].usage);
}

enum { ACT_SCRIPT, ACT_COMMANDS };

static bool is_command(const char *name) {
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(name, commands[i].name) == 0) return true;
    return false;
}

static bool ends_with(const char *s, const char *suffix) {
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* One -x SCRIPT or -c 'CMDS' of the command line. */
typedef struct PromptAct {
    int kind; /* ACT_SCRIPT, ACT_COMMANDS */
    const char *text;
} PromptAct;

enum { MAX_ACTS = 64 };

/* Reads --bail, -x, -c and FILE from the command line; 0 ok, 2 after reporting. */
static int prompt_parse_args(int argc, char **argv, bool *bail, const char **file, PromptAct *acts, int *nact) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--bail") == 0) {
            *bail = true;
        } else if (strcmp(a, "-x") == 0 || strcmp(a, "-c") == 0) {
            if (i + 1 >= argc) {
                fprintf(stderr, "minicc: error: %s needs an argument (try minicc --help)\n", a);
                return 2;
            }
            if (*nact == MAX_ACTS) {
                fprintf(stderr, "minicc: error: too many -x/-c options\n");
                return 2;
            }
            acts[*nact].kind = a[1] == 'x' ? ACT_SCRIPT : ACT_COMMANDS;
            acts[(*nact)++].text = argv[++i];
        } else if (a[0] == '-' && a[1] != 0) {
            fprintf(stderr, "minicc: error: unknown option '%s' (try minicc --help)\n", a);
            return 2;
        } else if (!*file) {
            *file = a;
        } else if (is_command(*file)) {
            /* `minicc --bail run swap.ir 3`: one-shot commands take no prompt options. */
            fprintf(stderr,
                    "minicc: error: a one-shot command comes first (minicc %s ...); --bail, -x and -c are for the "
                    "prompt and batch mode\n",
                    *file);
            return 2;
        } else {
            fprintf(stderr, "minicc: error: unexpected argument '%s' (try minicc --help)\n", a);
            return 2;
        }
    }
    return 0;
}

/* Checks FILE and the -x scripts before anything runs; 0 ok, 2 after reporting. */
static int prompt_check_inputs(const char *file, const PromptAct *acts, int nact) {
    if (file) {
        struct stat st;
        if (is_command(file)) {
            fprintf(stderr,
                    "minicc: error: a one-shot command comes first (minicc %s ...); --bail, -x and -c are for the "
                    "prompt and batch mode\n",
                    file);
            return 2;
        }
        if (stat(file, &st) != 0) {
            if (strchr(file, '/') || ends_with(file, ".ir"))
                fprintf(stderr, "minicc: error: cannot read %s: %s\n", file, strerror(errno));
            else /* Neither a one-shot command nor a file: say which was meant. */
                fprintf(stderr, "minicc: error: '%s' is neither a command nor a file (try minicc --help)\n", file);
            return 2;
        }
    }
    /* Scripts are checked before anything runs, like FILE. */
    for (int i = 0; i < nact; i++) {
        struct stat st;
        if (acts[i].kind != ACT_SCRIPT || strcmp(acts[i].text, "-") == 0) continue;
        if (stat(acts[i].text, &st) == 0 && !S_ISREG(st.st_mode)) { /* a directory, /dev/zero, a FIFO */
            fprintf(stderr, "minicc: error: cannot read script '%s': %s\n", acts[i].text,
                    S_ISDIR(st.st_mode) ? strerror(EISDIR) : "not a regular file");
            return 2;
        }
    }
    return 0;
}

/* Runs the -x scripts and -c commands in order (to quit, Ctrl-C or a failure with --bail); how many failed. */
static int prompt_run_acts(McSession *s, const PromptAct *acts, int nact, bool bail) {
    int failed = 0;
    bool quit = false;
    for (int i = 0; i < nact && !quit && !(bail && failed) && !mc_session_interrupted(s); i++) {
        if (acts[i].kind == ACT_SCRIPT) {
            char why[256];
            FILE *in = strcmp(acts[i].text, "-") == 0 ? stdin : mc_open_input(acts[i].text, why, sizeof why);
            if (!in) {
                fprintf(stderr, "minicc: error: cannot read script '%s': %s\n", acts[i].text, why);
                failed++;
                continue;
            }
            failed += mc_command_script(s, in, in == stdin ? "<stdin>" : acts[i].text, bail, stdout, stderr, &quit);
            if (in != stdin) fclose(in);
        } else {
            /* -c: errors say `-c:N: error: ...`, N counting the `;`-separated commands. */
            s->where_file = "-c";
            s->where_line = 0;
            s->where_by_command = true;
            McCmdStatus st = mc_command_line(s, acts[i].text, bail, stdout, stderr);
            s->where_file = NULL;
            s->where_line = 0;
            s->where_by_command = false;
            if (st == MC_CMD_ERROR) failed++;
            if (st == MC_CMD_QUIT) quit = true;
        }
    }
    return failed;
}

static int run_prompt(int argc, char **argv) {
    bool bail = false;
    const char *file = NULL;
    int nact = 0;
    PromptAct acts[MAX_ACTS];
    if (prompt_parse_args(argc, argv, &bail, &file, acts, &nact) || prompt_check_inputs(file, acts, nact)) return 2;

    McSession s;
    mc_session_init(&s);
    int status = 0;
    bool interactive = nact == 0 && isatty(STDIN_FILENO);
    if (!interactive) {
        setvbuf(stdout, NULL, _IOLBF, 0);
        mc_repl_batch_interrupts(&s); /* Ctrl-C: the command says `interrupted`, the batch ends */
    }
    if (file) {
        /* The same as typing `load FILE` first. */
        char *words[] = {(char *)"load", (char *)file, NULL};
        if (mc_command_run(&s, 2, words, stdout, stderr) != MC_CMD_OK) {
            mc_session_free(&s);
            return 2;
        }
    }
    if (nact > 0) {
        int failed = prompt_run_acts(&s, acts, nact, bail);
        status = failed || mc_session_interrupted(&s) ? 1 : 0;
    } else if (interactive) {
        status = mc_repl_run(&s);
    } else {
        bool quit;
        int failed = mc_command_script(&s, stdin, "<stdin>", bail, stdout, stderr, &quit);
        status = failed || mc_session_interrupted(&s) ? 1 : 0;
    }
    fflush(stdout);
    mc_session_free(&s);
    return status;
}

/* The one exit path of every command: flush standard output and report a
 * write that failed (a full disk, /dev/full, a closed pipe with SIGPIPE
 * ignored), as coreutils' close_stdout does, so `minicc emit-c f.ir > out.c`
 * never reports success with a truncated file. Exit status 2 then. A
 * standard output that was closed before minicc started (EBADF at close)
 * is no error when nothing failed to be written to it. */
static int close_stdout(int status) {
    bool failed = fflush(stdout) != 0 || ferror(stdout);
    int err = failed ? errno : 0;
    errno = 0;
    if (fclose(stdout) != 0 && errno != EBADF && !failed) {
        failed = true;
        err = errno;
    }
    if (!failed) return status;
    if (err)
        fprintf(stderr, "minicc: error: writing standard output: %s\n", strerror(err));
    else
        fputs("minicc: error: writing standard output\n", stderr);
    return 2;
}

static int dispatch(int argc, char **argv) {
    if (argc >= 2) {
        if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
            usage(stdout);
            return 0;
        }
        if (strcmp(argv[1], "--version") == 0) {
            printf("minicc %s\n", MINICC_VERSION);
            return 0;
        }
        /* The full-screen workbench (src/tui); --tui-script is its batch mode for tests. */
        if (strcmp(argv[1], "--tui") == 0) return mc_tui_main(argc - 1, argv + 1);
        if (strcmp(argv[1], "--tui-script") == 0) return mc_tui_script_main(argc - 1, argv + 1);
        for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
            if (strcmp(argv[1], commands[i].name) == 0) return commands[i].fn(argc - 1, argv + 1);
    }
    return run_prompt(argc, argv);
}

int main(int argc, char **argv) {
    mc_memory_keep();
    /* The shell's command table knows no front end: the lesson player and
     * the workbench put their commands in, before help. */
    mc_command_register(&mc_lesson_command, "help");
    mc_command_register(&mc_tui_command, "help");
    return close_stdout(dispatch(argc, argv));
}
