/* repl.c - the minicc> prompt: GNU readline, persistent history, completion.
 *
 * History, completion and the Ctrl-C flag are the glue the workbench's
 * command line shares (shell/terminal.h): completion candidates come from
 * the command table (mc_command_complete), file names from readline's own
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

#include "shell/commands.h"
#include "shell/terminal.h"
#include "minicc/util.h"

#define HISTORY_MAX 1000

static volatile sig_atomic_t in_readline;

/* ---- Ctrl-C ----------------------------------------------------------------------- */

/* The front end's interrupt flag (terminal.h): set on SIGINT while a
 * command runs, cleared before each command. */
#define interrupt_flag (*mc_term_interrupt_flag())

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

/* SIGINT goes to handler; system calls it interrupts are restarted. */
static void catch_sigint(void (*handler)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
}

void mc_repl_batch_interrupts(McSession *s) {
    interrupt_flag = 0;
    catch_sigint(on_sigint_batch);
    s->interrupt = &interrupt_flag;
}

/* ---- the loop --------------------------------------------------------------------------- */

int mc_repl_run(McSession *s) {
    rl_readline_name = "minicc";
    mc_term_completion(s);
    rl_basic_word_break_characters = " \t;";
    rl_catch_signals = 0;
    /* readline would export LINES and COLUMNS (the size at the prompt) to
     * everything started from it, and a size so fixed outlives resizes. */
    rl_change_environment = 0;
    catch_sigint(on_sigint);
    const McInterrupt *outer_interrupt = s->interrupt;
    s->interrupt = &interrupt_flag;

    using_history();
    McStr why;
    mc_str_init(&why);
    char *hist = mc_term_history_file(&why);
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
        mc_term_history_add(line, hist);
        interrupt_flag = 0; /* a Ctrl-C at the idle prompt stopped nothing */
        McCmdStatus st = mc_command_line(s, line, false, stdout, stderr);
        interrupt_flag = 0;
        free(line);
        fflush(stdout);
        if (st == MC_CMD_QUIT) break;
    }
    if (hist) history_truncate_file(hist, HISTORY_MAX);
    free(hist);
    mc_term_completion(NULL);
    s->interrupt = outer_interrupt;
    return 0;
}
