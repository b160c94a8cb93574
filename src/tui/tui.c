/* tui.c - the terminal front end of the workbench: the only file that
 * includes curses. It copies the workbench's frame (frame.h) to the screen
 * with one doupdate per key, maps colour roles to colour pairs (or, with
 * NO_COLOR or a monochrome terminal, to bold/reverse/underline), turns
 * curses keys into workbench keys, re-lays out on KEY_RESIZE (and on
 * Ctrl-L, which asks the terminal for its size), and runs the
 * command line through GNU readline's alternate interface
 * (rl_callback_handler_install / rl_callback_read_char) with readline's
 * getc, input-available and redisplay hooks fed from curses, as gdb's TUI
 * does: history (the prompt's history file), completion from the command
 * table, and the usual editing keys all work as at the minicc> prompt.
 *
 * Curses runs the terminal raw, so Ctrl-C is a key, not a signal. While
 * work runs (the allocation as the workbench opens, a lesson's commands, a
 * key's work: a step, `c`, `m`, `x`, a command line; drawing, where a pane
 * may allocate), ISIG is turned back on and SIGINT sets the interrupt flag
 * the session's long commands poll (interrupt.h); they stop with
 * `interrupted` in the status bar and the workbench carries on. `q` typed
 * meanwhile is the terminal's quit character (SIGQUIT): it stops the work
 * the same way and is then read as the key `q`, so neither key is left
 * waiting behind an endless command.
 *
 * While the screen is up, stderr goes to a temporary file (so a compiler
 * or Graphviz writing to it cannot scribble over the screen) and is copied
 * back to the real stderr afterwards. */
#include "tui.h"

#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include <readline/history.h>
#include <readline/readline.h>

#include "shell/commands.h"
#include "shell/terminal.h"
#include "minicc/util.h"
#include "wb.h"

/* readline's callbacks carry no context: the one workbench on the screen. */
static Wb *tw;
static bool tui_on;
static unsigned char rlq[256]; /* bytes waiting for readline */
static int rlq_head, rlq_tail;
static char *rl_done_line;     /* the line readline accepted */
static bool tui_line_done;
static bool rl_installed;      /* the command line belongs to readline */
static McSession *tui_prev_complete; /* whom completion served before (the prompt) */

bool mc_tui_active(void) { return tui_on; }

/* ---- colours ------------------------------------------------------------------ */

static bool tui_colour;
static chtype role_attr[MC_R_COUNT];

static WbTheme tui_theme; /* the theme the colours were made for */

/* Roles to curses attributes for the workbench's theme. The projector
 * theme's frame has no dim cells (layout.c); its colours avoid the dark
 * blue that washes out on a projector. */
static void tui_colours(WbTheme theme) {
    tui_theme = theme;
    bool proj = theme == WB_THEME_PROJECTOR || theme == WB_THEME_PROJECTOR_LIGHT;
    for (int i = 0; i < MC_R_COUNT; i++) role_attr[i] = A_NORMAL;
    const char *nc = getenv("NO_COLOR");
    tui_colour = has_colors() && !(nc && *nc);
    if (!tui_colour) {
        /* Monochrome: the text itself carries the marks (=>, *, !). */
        role_attr[MC_R_FOCUS] = A_BOLD;
        role_attr[MC_R_TITLE] = A_BOLD;
        role_attr[MC_R_CHANGED] = A_BOLD | A_UNDERLINE;
        role_attr[MC_R_BREAK] = A_BOLD;
        role_attr[MC_R_ERROR] = A_BOLD;
        role_attr[MC_R_DIM] = proj || wb_theme_is_light(theme) ? A_NORMAL : A_DIM;
        role_attr[MC_R_SPILL] = A_UNDERLINE;
        role_attr[MC_R_MORE] = A_BOLD;
        role_attr[MC_R_HEADING] = A_BOLD;
        for (int r = 0; r < MC_NREGCOLOURS; r++) role_attr[MC_R_REG0 + r] = A_BOLD;
        return;
    }
    start_color();
    use_default_colors();
    const WbColour *light = wb_theme_colours(theme);
    if (light && COLORS >= 256 && COLOR_PAIRS > MC_R_COUNT) {
        /* A light theme: every role its own pair from theme.c's table
         * (the background included: the whole screen turns white). */
        for (int r = 0; r < MC_R_COUNT; r++) {
            if (light[r].fg == 0 && light[r].bg == 0) continue; /* an unused role */
            init_pair((short)(r + 1), light[r].fg, light[r].bg);
            role_attr[r] = COLOR_PAIR(r + 1);
        }
        for (int r = 0; r < MC_R_COUNT; r++)
            if (role_attr[r] == A_NORMAL) role_attr[r] = COLOR_PAIR(MC_R_NORMAL + 1);
        bkgd(COLOR_PAIR(MC_R_NORMAL + 1));
        role_attr[MC_R_SPILL] |= A_UNDERLINE;
        return;
    }
    bkgd(A_NORMAL);
    static const struct {
        int role;
        short fg, bg;
    } pairs[] = {
        {MC_R_BORDER, COLOR_BLUE, -1},       {MC_R_FOCUS, COLOR_YELLOW, -1},
        {MC_R_TITLE, COLOR_CYAN, -1},        {MC_R_CURBLOCK, COLOR_WHITE, COLOR_BLUE},
        {MC_R_CURLINE, COLOR_BLACK, COLOR_YELLOW}, {MC_R_CHANGED, COLOR_YELLOW, -1},
        {MC_R_BREAK, COLOR_RED, -1},         {MC_R_ERROR, COLOR_RED, -1},
        {MC_R_STATUS, COLOR_BLACK, COLOR_CYAN}, {MC_R_DIM, -1, -1},
        {MC_R_SPILL, COLOR_RED, -1},         {MC_R_PROMPT, COLOR_GREEN, -1},
        {MC_R_HEADING, COLOR_CYAN, -1},      {MC_R_GOOD, COLOR_GREEN, -1},
        {MC_R_MORE, COLOR_YELLOW, -1},
        {MC_R_REG0 + 0, COLOR_BLACK, COLOR_GREEN}, {MC_R_REG0 + 1, COLOR_BLACK, COLOR_YELLOW},
        {MC_R_REG0 + 2, COLOR_BLACK, COLOR_CYAN},  {MC_R_REG0 + 3, COLOR_BLACK, COLOR_MAGENTA},
        {MC_R_REG0 + 4, COLOR_WHITE, COLOR_BLUE},  {MC_R_REG0 + 5, COLOR_BLACK, COLOR_WHITE},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        short n = (short)(i + 1);
        if (n >= COLOR_PAIRS) break;
        short fg = pairs[i].fg, bg = pairs[i].bg;
        if (proj && pairs[i].role == MC_R_BORDER) fg = COLOR_WHITE;
        if (proj && pairs[i].role == MC_R_CURBLOCK) fg = COLOR_BLACK, bg = COLOR_WHITE;
        init_pair(n, fg, bg);
        role_attr[pairs[i].role] = COLOR_PAIR(n);
    }
    /* The C-to-IR bands: the theme's 256-colour table, else the basic colours. */
    static const short basic_bands[MC_NBANDS][2] = {
        {COLOR_BLACK, COLOR_GREEN}, {COLOR_BLACK, COLOR_CYAN},  {COLOR_BLACK, COLOR_MAGENTA},
        {COLOR_BLACK, COLOR_WHITE}, {COLOR_BLACK, COLOR_GREEN}, {COLOR_BLACK, COLOR_CYAN},
    };
    const WbColour *bands = wb_theme_bands(theme);
    for (int i = 0; i < MC_NBANDS; i++) {
        short n = (short)(sizeof pairs / sizeof pairs[0] + 1 + (size_t)i);
        if (n >= COLOR_PAIRS) break;
        if (COLORS >= 256) init_pair(n, bands[i].fg, bands[i].bg);
        else init_pair(n, basic_bands[i][0], basic_bands[i][1]);
        role_attr[MC_R_BAND0 + i] = COLOR_PAIR(n);
    }
    if (!proj && !light) role_attr[MC_R_DIM] |= A_DIM;
    role_attr[MC_R_SPILL] |= A_UNDERLINE;
}

static chtype tui_attr(uint16_t a) {
    int role = a & MC_R_MASK;
    chtype c = role_attr[role];
    if (a & MC_A_BOLD) c |= A_BOLD;
    if (a & MC_A_UNDERLINE) c |= A_UNDERLINE;
    if (a & MC_A_DIM) c |= A_DIM;
    /* Roles with a background colour do not need reverse video. */
    bool has_bg = tui_colour && (role == MC_R_CURBLOCK || role == MC_R_CURLINE || role == MC_R_STATUS ||
                                 role >= MC_R_REG0);
    if ((a & MC_A_REVERSE) && !has_bg) c |= A_REVERSE;
    return c;
}

static void tui_blit(const McFrame *fr) {
    for (int y = 0; y < fr->h; y++) {
        for (int x = 0; x < fr->w; x++) {
            const McCell *c = &fr->cells[y * fr->w + x];
            chtype ch;
            switch (c->ch) {
            case MC_CH_HLINE: ch = ACS_HLINE; break;
            case MC_CH_VLINE: ch = ACS_VLINE; break;
            case MC_CH_ULCORNER: ch = ACS_ULCORNER; break;
            case MC_CH_URCORNER: ch = ACS_URCORNER; break;
            case MC_CH_LLCORNER: ch = ACS_LLCORNER; break;
            case MC_CH_LRCORNER: ch = ACS_LRCORNER; break;
            default: ch = (chtype)(unsigned char)c->ch; break;
            }
            /* The bottom-right cell cannot be written without scrolling on
             * some terminals: insert it instead. */
            if (y == fr->h - 1 && x == fr->w - 1) {
                mvinsch(y, x, ch | tui_attr(c->attr));
            } else {
                mvaddch(y, x, ch | tui_attr(c->attr));
            }
        }
    }
    if (fr->cur_x >= 0) {
        curs_set(1);
        move(fr->cur_y, fr->cur_x);
    } else {
        curs_set(0);
    }
    wnoutrefresh(stdscr);
    doupdate();
}

/* ---- readline on curses ------------------------------------------------------------ */

static void rlq_push(const char *bytes, int n) {
    for (int i = 0; i < n; i++) {
        int next = (rlq_tail + 1) % (int)sizeof rlq;
        if (next == rlq_head) return;
        rlq[rlq_tail] = (unsigned char)bytes[i];
        rlq_tail = next;
    }
}

static int tui_rl_getc(FILE *f) {
    (void)f;
    if (rlq_head == rlq_tail) return '\n'; /* never reached: read only when queued */
    int c = rlq[rlq_head];
    rlq_head = (rlq_head + 1) % (int)sizeof rlq;
    return c;
}

static int tui_rl_avail(void) { return rlq_head != rlq_tail; }

/* Readline draws nothing itself: the command line mirrors its buffer. */
static void tui_rl_redisplay(void) {
    if (!tw) return;
    size_t n = strlen(rl_line_buffer);
    if (n >= sizeof tw->cmd) n = sizeof tw->cmd - 1;
    memcpy(tw->cmd, rl_line_buffer, n);
    tw->cmd[n] = 0;
    tw->cmd_len = (int)n;
    tw->cmd_point = rl_point < (int)n ? rl_point : (int)n;
}

static void tui_rl_prep(int meta) { (void)meta; }
static void tui_rl_deprep(void) {}

static void tui_rl_line(char *line) {
    free(rl_done_line);
    rl_done_line = line; /* NULL on end of input (Ctrl-D on an empty line) */
    tui_line_done = true;
}

/* Several completions: list them in the log instead of on the terminal. */
static void tui_rl_matches(char **matches, int num, int max) {
    (void)max;
    McStr s;
    mc_str_init(&s);
    for (int i = 1; i <= num; i++) mc_str_printf(&s, "%s%s", i > 1 ? "  " : "", matches[i]);
    wb_log(tw, s.s, MC_R_DIM);
    mc_str_free(&s);
}

/* The readline settings the workbench changes, saved for the prompt. */
typedef struct RlSaved {
    rl_getc_func_t *getc_fn;
    rl_hook_func_t *avail;
    rl_voidfunc_t *redisplay;
    rl_vintfunc_t *prep;
    rl_voidfunc_t *deprep;
    rl_completion_func_t *complete;
    rl_compdisp_func_t *display;
    FILE *outstream, *instream;
    int catch_signals, catch_sigwinch, change_env;
    const char *name;
    const char *breaks;
} RlSaved;

static FILE *rl_null;

static void tui_rl_setup(RlSaved *sv, McSession *s) {
    sv->getc_fn = rl_getc_function;
    sv->avail = rl_input_available_hook;
    sv->redisplay = rl_redisplay_function;
    sv->prep = rl_prep_term_function;
    sv->deprep = rl_deprep_term_function;
    sv->complete = rl_attempted_completion_function;
    sv->display = rl_completion_display_matches_hook;
    sv->outstream = rl_outstream;
    sv->instream = rl_instream;
    sv->catch_signals = rl_catch_signals;
    sv->catch_sigwinch = rl_catch_sigwinch;
    sv->change_env = rl_change_environment;
    sv->name = rl_readline_name;
    sv->breaks = rl_basic_word_break_characters;
    if (!rl_null) rl_null = fopen("/dev/null", "w");
    rl_getc_function = tui_rl_getc;
    rl_input_available_hook = tui_rl_avail;
    rl_redisplay_function = tui_rl_redisplay;
    rl_prep_term_function = tui_rl_prep;
    rl_deprep_term_function = tui_rl_deprep;
    tui_prev_complete = mc_term_completion(s);
    rl_completion_display_matches_hook = tui_rl_matches;
    rl_outstream = rl_null ? rl_null : stdout;
    rl_catch_signals = 0;
    rl_catch_sigwinch = 0;
    rl_change_environment = 0;
    rl_readline_name = "minicc";
    rl_basic_word_break_characters = " \t;";
}

static void tui_rl_restore(const RlSaved *sv) {
    rl_getc_function = sv->getc_fn;
    rl_input_available_hook = sv->avail;
    rl_redisplay_function = sv->redisplay;
    rl_prep_term_function = sv->prep;
    rl_deprep_term_function = sv->deprep;
    rl_attempted_completion_function = sv->complete;
    rl_completion_display_matches_hook = sv->display;
    rl_outstream = sv->outstream;
    rl_instream = sv->instream;
    rl_catch_signals = sv->catch_signals;
    rl_catch_sigwinch = sv->catch_sigwinch;
    rl_change_environment = sv->change_env;
    rl_readline_name = sv->name;
    rl_basic_word_break_characters = sv->breaks;
    /* The window may have changed size while the workbench was up: the
     * minicc> prompt's readline wraps lines at the size of now. */
    if (rl_instream) rl_reset_screen_size();
}

static void tui_cmd_open(Wb *wb) {
    char prompt[32];
    wb_prompt_text(wb, prompt, sizeof prompt);
    snprintf(wb->cmd_prompt, sizeof wb->cmd_prompt, "%s", prompt);
    rlq_head = rlq_tail = 0;
    tui_line_done = false;
    /* Text offered by the workbench (for example `args `); installing the
     * handler redisplays, which overwrites wb->cmd. */
    char preset[sizeof wb->cmd];
    snprintf(preset, sizeof preset, "%s", wb->cmd_len > 0 ? wb->cmd : "");
    rl_callback_handler_install(prompt, tui_rl_line);
    rl_installed = true;
    if (preset[0]) {
        rl_insert_text(preset);
        rl_point = rl_end;
    }
    wb->cmd_active = true;
    tui_rl_redisplay();
}

static void tui_cmd_close(Wb *wb) {
    rl_callback_handler_remove();
    rl_installed = false;
    wb->cmd_active = false;
    wb->cmd_len = wb->cmd_point = 0;
    wb->cmd[0] = 0;
}

/* A key while the command line is open: to readline, as the bytes a
 * terminal would send. */
static void tui_cmd_key(Wb *wb, int ch, const char *hist) {
    const char *seq = NULL;
    char one[2] = {0, 0};
    switch (ch) {
    case 27: /* Esc alone (curses waited ESCDELAY): leave the command line */
    case 3:  /* Ctrl-C */
    case 7:  /* Ctrl-G */
        rl_replace_line("", 0);
        tui_cmd_close(wb);
        return;
    case KEY_LEFT: seq = "\033[D"; break;
    case KEY_RIGHT: seq = "\033[C"; break;
    case KEY_UP: seq = "\033[A"; break;
    case KEY_DOWN: seq = "\033[B"; break;
    case KEY_HOME: seq = "\033[H"; break;
    case KEY_END: seq = "\033[F"; break;
    case KEY_DC: seq = "\033[3~"; break;
    case KEY_BACKSPACE: one[0] = 127; break;
    case KEY_ENTER:
    case '\n': one[0] = '\r'; break;
    default:
        if (ch >= 0 && ch < 256) one[0] = (char)ch;
        else return;
        break;
    }
    if (seq) rlq_push(seq, (int)strlen(seq));
    else rlq_push(one, 1);
    while (rlq_head != rlq_tail && !tui_line_done) rl_callback_read_char();
    if (tui_line_done) {
        char *line = rl_done_line;
        rl_done_line = NULL;
        tui_cmd_close(wb);
        if (line) {
            mc_term_history_add(line, hist);
            wb_submit(wb, line);
            free(line);
        }
    }
}

/* ---- Ctrl-C while a key's work runs ----------------------------------------------------- */

typedef struct TuiBusy {
    struct sigaction old_int, old_quit;
    struct termios tio;
    bool have_tio;
} TuiBusy;

static volatile sig_atomic_t tui_quit_typed; /* `q` came (as SIGQUIT) while work ran */

static void tui_on_sigint(int sig) {
    (void)sig;
    *mc_term_interrupt_flag() = 1;
}

static void tui_on_sigquit(int sig) {
    (void)sig;
    tui_quit_typed = 1;
    *mc_term_interrupt_flag() = 1;
}

/* Work begins: Ctrl-C is SIGINT, and with quit_key `q` is SIGQUIT (not
 * while the command line is edited, where q is text). */
static void tui_busy_begin(TuiBusy *b, bool quit_key) {
    *mc_term_interrupt_flag() = 0;
    tui_quit_typed = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = tui_on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, &b->old_int);
    sa.sa_handler = tui_on_sigquit;
    sigaction(SIGQUIT, &sa, &b->old_quit);
    b->have_tio = tcgetattr(STDIN_FILENO, &b->tio) == 0;
    if (b->have_tio) {
        struct termios t = b->tio;
        t.c_lflag |= ISIG; /* Ctrl-C becomes SIGINT until the work is done */
        t.c_cc[VQUIT] = quit_key ? (cc_t)'q' : _POSIX_VDISABLE;
        tcsetattr(STDIN_FILENO, TCSANOW, &t);
    }
}

/* Returns whether Ctrl-C or `q` came: the terminal then dropped what was
 * queued (input and output), so the caller redraws everything. A `q` is
 * read next, as the key it was. */
static bool tui_busy_end(TuiBusy *b) {
    if (b->have_tio) tcsetattr(STDIN_FILENO, TCSANOW, &b->tio);
    sigaction(SIGINT, &b->old_int, NULL);
    sigaction(SIGQUIT, &b->old_quit, NULL);
    bool hit = *mc_term_interrupt_flag() != 0;
    *mc_term_interrupt_flag() = 0;
    if (tui_quit_typed) ungetch('q');
    tui_quit_typed = 0;
    return hit;
}

/* ---- the running indicator ---------------------------------------------------------
 * While `c` runs, the session calls tui_progress now and then (session.h):
 * after a quarter of a second, and then four times a second, the status
 * bar says `RUNNING c: step N ... Ctrl-C stops` with the steps so far. A
 * resize meanwhile is seen here (the size is asked of the terminal) and
 * the screen is laid out and drawn again at the new size. */

static McFrame *tui_frame;     /* the frame the loop draws, for the indicator */
static double tui_busy_since;  /* when the key's work began (seconds) */
static double tui_last_draw;

static double tui_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void tui_progress(void *ctx, int64_t steps) {
    Wb *wb = ctx;
    double now = tui_now();
    if (now - tui_busy_since < 0.25 || now - tui_last_draw < 0.25 || !tui_frame) return;
    tui_last_draw = now;
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
        (ws.ws_col != wb->w || ws.ws_row != wb->h)) {
        resize_term(ws.ws_row, ws.ws_col);
        wb_resize(wb, ws.ws_col, ws.ws_row);
        clearok(curscr, TRUE);
    }
    if (wb->w < 20 || wb->h < 6) return;
    wb->running = true;
    wb->run_steps = steps;
    wb_render(wb, tui_frame);
    tui_blit(tui_frame);
}

/* ---- the loop ------------------------------------------------------------------------ */

static int tui_key(int ch) {
    switch (ch) {
    case KEY_UP: return WB_KEY_UP;
    case KEY_DOWN: return WB_KEY_DOWN;
    case KEY_LEFT: return WB_KEY_LEFT;
    case KEY_RIGHT: return WB_KEY_RIGHT;
    case KEY_PPAGE: return WB_KEY_PGUP;
    case KEY_NPAGE: return WB_KEY_PGDN;
    case KEY_HOME: return WB_KEY_HOME;
    case KEY_END: return WB_KEY_END;
    case KEY_BTAB: return WB_KEY_BTAB;
    case KEY_DC: return WB_KEY_DELETE;
    case KEY_BACKSPACE: return WB_KEY_BACKSPACE;
    case KEY_ENTER:
    case '\n':
    case '\r': return WB_KEY_ENTER;
    case KEY_F(1): return WB_KEY_F1;
    default: return ch >= 0 && ch < 256 ? ch : -1;
    }
}

/* Puts stderr back on saved_err and copies out what was written to errlog meanwhile (either may be missing). */
static void tui_restore_stderr(FILE *errlog, int saved_err) {
    if (saved_err >= 0) {
        dup2(saved_err, STDERR_FILENO);
        close(saved_err);
    }
    if (errlog) {
        /* What was written to stderr while the screen was up. */
        rewind(errlog);
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, errlog)) > 0) fwrite(buf, 1, n, stderr);
        fclose(errlog);
    }
}

/* LINES and COLUMNS while the screen is up. Set, they override the size
 * the terminal reports, at the start and after every resize: curses then
 * keeps drawing at that size. The workbench follows the terminal, so it
 * takes them out of the environment meanwhile and puts back what was there. */
typedef struct TuiSizeEnv {
    char *lines, *columns;
} TuiSizeEnv;

static char *tui_env_take(const char *name) {
    const char *v = getenv(name);
    char *saved = v ? mc_xstrdup(v) : NULL;
    unsetenv(name);
    return saved;
}

static void tui_size_env_hide(TuiSizeEnv *e) {
    e->lines = tui_env_take("LINES");
    e->columns = tui_env_take("COLUMNS");
}

static void tui_size_env_restore(TuiSizeEnv *e) {
    if (e->lines) setenv("LINES", e->lines, 1);
    if (e->columns) setenv("COLUMNS", e->columns, 1);
    free(e->lines);
    free(e->columns);
    e->lines = e->columns = NULL;
}

/* Hands the terminal to curses, stderr to *errlog meanwhile; NULL after reporting when it cannot. */
static SCREEN *tui_screen_open(FILE *err, FILE **errlog, int *saved_err) {
    setlocale(LC_ALL, "");
    setlocale(LC_NUMERIC, "C"); /* numbers in command output stay as the prompt prints them */
    fflush(stdout);
    fflush(stderr);
    /* stderr to a temporary file while curses owns the terminal. */
    *errlog = tmpfile();
    *saved_err = dup(STDERR_FILENO);
    if (*errlog && *saved_err >= 0) dup2(fileno(*errlog), STDERR_FILENO);
    SCREEN *scr = newterm(NULL, stdout, stdin);
    if (scr) {
        /* A terminal that cannot move the cursor (TERM=dumb) cannot show it. */
        set_term(scr);
        char *cup = tigetstr((char *)"cup");
        if (!cup || cup == (char *)-1) {
            endwin();
            delscreen(scr);
            scr = NULL;
        }
    }
    if (!scr) {
        if (*saved_err >= 0) {
            dup2(*saved_err, STDERR_FILENO);
            close(*saved_err);
        }
        if (*errlog) fclose(*errlog);
        const char *term = getenv("TERM");
        fprintf(err, "minicc: cannot use the terminal type '%s' for the workbench\n", term ? term : "(unset)");
        return NULL;
    }
    set_term(scr);
    raw();
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    set_escdelay(25);
    tui_colours(WB_THEME_DEFAULT);
    return scr;
}

/* Ctrl-L: asks the terminal for its size (in case a resize went unnoticed)
 * and tells curses and the workbench when it changed; *W x *H the screen. */
static void tui_reread_size(Wb *wb, int *W, int *H) {
    struct winsize ws;
    if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0 &&
        is_term_resized(ws.ws_row, ws.ws_col))
        resize_term(ws.ws_row, ws.ws_col);
    getmaxyx(stdscr, *H, *W);
    if (*W != wb->w || *H != wb->h) wb_resize(wb, *W, *H);
}

/* Opens the lesson given on the command line once the workbench is on the
 * screen: its first commands run as a key's work does, Ctrl-C stops them
 * (the lesson pane says which) and the keys, `q` among them, work after. */
static void tui_open_lesson(Wb *wb, McFrame *fr, const char *lesson) {
    TuiBusy busy;
    tui_busy_begin(&busy, true); /* Ctrl-C is SIGINT from before the screen says so */
    wb_note(wb, "lesson %s: running its commands (Ctrl-C stops them, q quits)", lesson);
    wb_render(wb, fr);
    tui_blit(fr);
    wb_lesson_open(wb, lesson);
    if (tui_busy_end(&busy)) clearok(curscr, TRUE);
}

/* Draws the workbench and feeds it keys (the command line's to readline)
 * until it quits, opening `lesson` (may be NULL) after the first drawing;
 * W x H the screen. */
static void tui_key_loop(Wb *wb, McFrame *fr, int W, int H, const char *hist, const char *lesson) {
    while (!wb->quit) {
        if (lesson && W >= 20 && H >= 6) {
            if (wb->theme != tui_theme) tui_colours(wb->theme);
            tui_open_lesson(wb, fr, lesson);
            lesson = NULL;
            continue;
        }
        if (W < 20 || H < 6) {
            erase();
            mvaddstr(0, 0, "terminal too small");
            refresh();
        } else {
            if (wb->theme != tui_theme) tui_colours(wb->theme);
            /* A pane may allocate (l to a layout with registers): as a key's
             * work. Not while the command line is open, where Ctrl-C is the
             * key that closes it and q is text. */
            TuiBusy busy;
            bool busy_render = !wb->cmd_active;
            if (busy_render) tui_busy_begin(&busy, true);
            wb_render(wb, fr);
            if (busy_render && tui_busy_end(&busy)) clearok(curscr, TRUE);
            tui_blit(fr);
        }
        int ch = getch();
        if (ch == ERR) continue;
        if (ch == KEY_RESIZE) {
            getmaxyx(stdscr, H, W);
            wb_resize(wb, W, H);
            clearok(curscr, TRUE);
            continue;
        }
        if (ch == 12) { /* Ctrl-L: re-read the size, redraw everything */
            tui_reread_size(wb, &W, &H);
            clearok(curscr, TRUE);
            continue;
        }
        TuiBusy busy;
        tui_busy_begin(&busy, !wb->cmd_active || ch == '\n' || ch == '\r' || ch == KEY_ENTER);
        tui_busy_since = tui_last_draw = tui_now();
        if (wb->cmd_active) {
            tui_cmd_key(wb, ch, hist);
        } else {
            int k = tui_key(ch);
            if (k >= 0) wb_key(wb, k);
        }
        wb->running = false;
        if (tui_busy_end(&busy)) clearok(curscr, TRUE);
        getmaxyx(stdscr, H, W); /* the indicator may have followed a resize */
        /* The workbench may have opened the command line (`:`, Enter at a
         * question, missing arguments): hand it to readline. */
        if (wb->cmd_active && !rl_installed) tui_cmd_open(wb);
    }
}

static int tui_loop(McSession *s, const char *lesson, const char *theme, bool own_history, FILE *err) {
    if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
        fprintf(err, "minicc: the workbench needs a terminal (%s is not one); try the minicc> prompt or minicc -c\n",
                !isatty(STDOUT_FILENO) ? "stdout" : "stdin");
        return 2;
    }
    if (tui_on) {
        fprintf(err, "minicc: the workbench is already on the screen\n");
        return 2;
    }
    FILE *errlog;
    int saved_err;
    TuiSizeEnv size_env;
    tui_size_env_hide(&size_env);
    SCREEN *scr = tui_screen_open(err, &errlog, &saved_err);
    if (!scr) {
        tui_size_env_restore(&size_env);
        return 2;
    }

    char *hist = mc_term_history_path();
    RlSaved sv;
    tui_rl_setup(&sv, s);
    if (own_history) {
        using_history();
        if (hist) read_history(hist);
    }

    Wb wb;
    int H, W;
    getmaxyx(stdscr, H, W);
    const McInterrupt *outer_interrupt = s->interrupt;
    s->interrupt = mc_term_interrupt_flag();
    wb_init(&wb, s, mc_tui_run_line, W, H);
    wb.color = tui_colour;
    wb.own_session = own_history; /* --tui: quitting ends the run; `tui` at the prompt keeps it */
    tw = &wb;
    tui_on = true;
    McFrame fr;
    mc_frame_init(&fr, W, H);
    /* The first allocation (as `m` makes it) may be long: Ctrl-C or q stop
     * it, and the workbench opens with the program and says so. */
    TuiBusy busy;
    tui_busy_begin(&busy, true);
    if (s->input) {
        erase();
        mvprintw(0, 0, "minicc: opening %s (Ctrl-C stops its allocation)", mc_shown_name(s->input, s->input->name));
        refresh();
    }
    wb_start(&wb, NULL, theme);
    if (tui_busy_end(&busy)) clearok(curscr, TRUE);
    tui_frame = &fr;
    void (*outer_progress)(void *, int64_t) = s->progress;
    void *outer_progress_ctx = s->progress_ctx;
    s->progress = tui_progress;
    s->progress_ctx = &wb;
    tui_key_loop(&wb, &fr, W, H, hist, lesson);
    s->progress = outer_progress;
    s->progress_ctx = outer_progress_ctx;
    tui_frame = NULL;
    if (wb.cmd_active) tui_cmd_close(&wb);
    tw = NULL;
    tui_on = false;
    mc_frame_free(&fr);
    wb_free(&wb);
    s->interrupt = outer_interrupt;
    endwin();
    delscreen(scr);
    tui_size_env_restore(&size_env);
    if (own_history && hist) history_truncate_file(hist, 1000);
    free(hist);
    tui_rl_restore(&sv);
    mc_term_completion(tui_prev_complete);
    fflush(stderr);
    tui_restore_stderr(errlog, saved_err);
    return 0;
}

int mc_tui_run(McSession *s, const char *lesson, FILE *err) { return tui_loop(s, lesson, NULL, false, err); }

int mc_tui_main(int argc, char **argv) {
    if (!isatty(STDOUT_FILENO)) {
        fprintf(stderr, "minicc: --tui needs a terminal (stdout is not one); for scripts use minicc -c or minicc run\n");
        return 2;
    }
    McSession s;
    mc_session_init(&s);
    const char *lesson = NULL, *theme = NULL;
    if (!mc_tui_setup(&s, argc, argv, 1, &lesson, &theme, stderr)) {
        mc_session_free(&s);
        return 2;
    }
    int st = tui_loop(&s, lesson, theme, true, stderr);
    mc_session_free(&s);
    return st;
}

McCmdStatus mc_cmd_tui(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc > 2) return mc_session_error(s, err, "tui: unexpected argument '%s' (usage: tui [LESSON])", argv[2]), MC_CMD_ERROR;
    if (tui_on) {
        fputs("already in the workbench\n", out);
        return MC_CMD_OK;
    }
    if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO))
        return mc_session_error(s, err, "tui: the workbench needs a terminal"), MC_CMD_ERROR;
    fflush(out);
    int st = mc_tui_run(s, argc > 1 ? argv[1] : NULL, err);
    return st == 0 ? MC_CMD_OK : MC_CMD_ERROR;
}

/* The row of the command table for `tui` (main.c registers it). */
const McCommand mc_tui_command = {
    "tui", "", "session", "tui [LESSON]", "open the full-screen workbench on this session",
    "The workbench (also `minicc --tui FILE`): IR listing, values, the phi\n"
    "record of the last edge, interference graph and registers for K, the\n"
    "generated C, and this command line at the bottom. Single keys step (n, i,\n"
    "c, b, r), change K (+, -), switch layouts (l) and focus (Tab); ? lists\n"
    "them, q comes back here. With LESSON, plays it in a narration pane.\n",
    "file", mc_cmd_tui};
