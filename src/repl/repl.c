/* repl.c - the minicc> prompt: GNU readline, persistent history, completion.
 *
 * This is the only file that includes readline. Completion candidates come
 * from the command table (mc_command_complete), so the workbench's command
 * line completes the same words; file names are left to readline's own
 * filename completion. Ctrl-C abandons the line being typed, or interrupts
 * the command running (the session's interrupt flag, polled by the engine's
 * long loops); Ctrl-D quits. Batch mode's Ctrl-C is here too. */
#include "repl.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "commands.h"
#include "minicc/util.h"

#define HISTORY_MAX 1000

/* readline's callbacks carry no context: the one session being prompted for. */
static McSession *prompt_session;
static volatile sig_atomic_t in_readline;

char *mc_repl_history_path(void) {
    McStr b;
    mc_str_init(&b);
    const char *state = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    if (state && state[0] == '/') mc_str_printf(&b, "%s/minicc/history", state);
    else if (home && home[0] == '/') mc_str_printf(&b, "%s/.local/state/minicc/history", home);
    else return NULL;
    return mc_str_take(&b);
}

static bool is_dir(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Make the directory dir exist: created (0700) only when its parent
 * already exists, never anything further up. False with the reason in why. */
static bool make_one_dir(const char *what, const char *dir, McStr *why) {
    if (is_dir(dir)) return true;
    char *parent = mc_xstrdup(dir);
    char *slash = strrchr(parent, '/');
    if (slash == parent) slash[1] = 0;
    else if (slash) *slash = 0;
    bool ok = false;
    if (!slash || !is_dir(parent)) mc_str_printf(why, "%s (%s): %s does not exist", what, dir, parent);
    else if (mkdir(dir, 0700) != 0 && errno != EEXIST)
        mc_str_printf(why, "cannot create %s (%s): %s", what, dir, strerror(errno));
    else if (!(ok = is_dir(dir))) mc_str_printf(why, "%s (%s) is not a directory", what, dir);
    free(parent);
    return ok;
}

/* The history file with its directory made by the XDG rule: minicc/ under
 * an existing base, the base ($XDG_STATE_HOME, or ~/.local/state with
 * ~/.local) only when the directory above it exists; a missing $HOME is
 * never created. NULL with the reason in why when there is none. */
static char *history_file(McStr *why) {
    const char *state = getenv("XDG_STATE_HOME");
    const char *home = getenv("HOME");
    McStr dir;
    mc_str_init(&dir);
    bool ok = false;
    if (state && state[0] == '/') {
        mc_str_printf(&dir, "%s/minicc", state);
        ok = make_one_dir("$XDG_STATE_HOME", state, why);
    } else if (home && home[0] == '/') {
        if (!is_dir(home)) {
            mc_str_printf(why, "$HOME (%s) does not exist", home);
        } else {
            mc_str_printf(&dir, "%s/.local", home);
            ok = make_one_dir("~/.local", dir.s, why);
            mc_str_puts(&dir, "/state");
            ok = ok && make_one_dir("~/.local/state", dir.s, why);
            mc_str_puts(&dir, "/minicc");
        }
    } else {
        mc_str_puts(why, "neither $XDG_STATE_HOME nor $HOME is set (to an absolute path)");
    }
    ok = ok && make_one_dir("the history directory", dir.s, why);
    mc_str_free(&dir);
    return ok ? mc_repl_history_path() : NULL;
}

/* ---- completion ------------------------------------------------------------ */

static char **candidates;
static int cand_next;

static char *cand_generator(const char *text, int state) {
    (void)text;
    if (state == 0) cand_next = 0;
    if (!candidates || !candidates[cand_next]) return NULL;
    return strdup(candidates[cand_next++]);
}

static char **complete(const char *text, int start, int end) {
    rl_attempted_completion_over = 1;
    mc_complete_free(candidates);
    candidates = NULL;
    McCompleteKind k = mc_command_complete(prompt_session, rl_line_buffer, start, end, &candidates);
    if (k == MC_COMPLETE_FILE) {
        rl_attempted_completion_over = 0;
        return rl_completion_matches(text, rl_filename_completion_function);
    }
    if (k == MC_COMPLETE_NONE) return NULL;
    return rl_completion_matches(text, cand_generator);
}

/* ---- Ctrl-C ----------------------------------------------------------------------- */

/* The front end's interrupt flag (interrupt.h): set on SIGINT while a
 * command runs, cleared before each command. */
static McInterrupt interrupt_flag;

McInterrupt *mc_repl_interrupt_flag(void) { return &interrupt_flag; }

static void on_sigint(int sig) {
    (void)sig;
    if (!in_readline) {
        /* A command is running: ask it to stop; the terminal echoed ^C. */
        if (!interrupt_flag) (void)!write(STDOUT_FILENO, "\n", 1);
        interrupt_flag = 1;
        return;
    }
    /* Idle: abandon the line being typed and show a fresh prompt. */
    (void)!write(STDOUT_FILENO, "\n", 1);
    rl_on_new_line();
    rl_replace_line("", 0);
    rl_redisplay();
}

/* Batch mode: the first Ctrl-C interrupts the command running and ends the
 * batch; a second one, while the first is still being acted on, kills the
 * process as SIGINT always did (work that does not poll cannot hold it). */
static void on_sigint_batch(int sig) {
    if (interrupt_flag) {
        signal(sig, SIG_DFL);
        raise(sig);
        return;
    }
    interrupt_flag = 1;
}

void mc_repl_batch_interrupts(McSession *s) {
    interrupt_flag = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint_batch;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    s->interrupt = &interrupt_flag;
}

/* ---- the loop --------------------------------------------------------------------------- */

static bool blank(const char *s) {
    for (; *s; s++)
        if (*s != ' ' && *s != '\t') return false;
    return true;
}

int mc_repl_run(McSession *s) {
    prompt_session = s;
    rl_readline_name = "minicc";
    rl_attempted_completion_function = complete;
    rl_basic_word_break_characters = " \t;";
    rl_catch_signals = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    const McInterrupt *outer_interrupt = s->interrupt;
    s->interrupt = &interrupt_flag;

    using_history();
    McStr why;
    mc_str_init(&why);
    char *hist = history_file(&why);
    if (hist) read_history(hist);
    else fprintf(stderr, "minicc: warning: no history file: %s; history is kept for this session only\n", why.s);
    mc_str_free(&why);
    printf("minicc %s - type `help` for the commands, `quit` or Ctrl-D to leave\n", MINICC_VERSION);
    for (;;) {
        in_readline = 1;
        char *line = readline("minicc> ");
        in_readline = 0;
        if (!line) {
            putchar('\n');
            break;
        }
        if (!blank(line)) {
            HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
            if (!last || strcmp(last->line, line) != 0) {
                add_history(line);
                if (hist) {
                    /* Append as we go, so a crash or a kill keeps the history. */
                    FILE *f = fopen(hist, "a");
                    if (f) fclose(f);
                    append_history(1, hist);
                }
            }
        }
        interrupt_flag = 0; /* a Ctrl-C at the idle prompt stopped nothing */
        McCmdStatus st = mc_command_line(s, line, false, stdout, stderr);
        interrupt_flag = 0;
        free(line);
        fflush(stdout);
        if (st == MC_CMD_QUIT) break;
    }
    if (hist) history_truncate_file(hist, HISTORY_MAX);
    free(hist);
    mc_complete_free(candidates);
    candidates = NULL;
    prompt_session = NULL;
    s->interrupt = outer_interrupt;
    return 0;
}
