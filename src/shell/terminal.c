/* terminal.c - the readline glue the prompt and the workbench share
 * (terminal.h): history file, completion from the command table, the
 * process's Ctrl-C flag. */
#include "shell/terminal.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "minicc/util.h"
#include "shell/commands.h"

/* ---- history ---------------------------------------------------------------- */

char *mc_term_history_path(void) {
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

char *mc_term_history_file(McStr *why) {
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
    return ok ? mc_term_history_path() : NULL;
}

static bool blank(const char *s) {
    for (; *s; s++)
        if (*s != ' ' && *s != '\t') return false;
    return true;
}

void mc_term_history_add(const char *line, const char *hist) {
    if (blank(line)) return;
    HIST_ENTRY *last = history_length > 0 ? history_get(history_base + history_length - 1) : NULL;
    if (last && strcmp(last->line, line) == 0) return;
    add_history(line);
    if (hist) {
        FILE *f = fopen(hist, "a"); /* append_history needs the file to exist */
        if (f) fclose(f);
        append_history(1, hist);
    }
}

/* ---- completion ------------------------------------------------------------- */

/* readline's callbacks carry no context: the one session being completed for. */
static McSession *complete_session;
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
    McCompleteKind k = mc_command_complete(complete_session, rl_line_buffer, start, end, &candidates);
    if (k == MC_COMPLETE_FILE) {
        rl_attempted_completion_over = 0;
        return rl_completion_matches(text, rl_filename_completion_function);
    }
    if (k == MC_COMPLETE_NONE) return NULL;
    return rl_completion_matches(text, cand_generator);
}

McSession *mc_term_completion(McSession *s) {
    McSession *prev = complete_session;
    complete_session = s;
    if (s) {
        rl_attempted_completion_function = complete;
    } else {
        mc_complete_free(candidates);
        candidates = NULL;
    }
    return prev;
}

/* ---- Ctrl-C ------------------------------------------------------------------ */

static McInterrupt interrupt_flag;

McInterrupt *mc_term_interrupt_flag(void) { return &interrupt_flag; }
