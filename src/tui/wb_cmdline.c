/* wb_cmdline.c - the workbench's command line (wb.h): the prompt it shows,
 * and a submitted line, which is a workbench command (layout, focus, zoom,
 * lesson, theme, refresh, their help), an answer to a lesson question, or
 * a prompt command run on the session with its output in the log. */
#include "wb.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/interrupt.h"
#include "minicc/util.h"
#include "shell/commands.h"

void wb_prompt_text(const Wb *wb, char *buf, size_t size) {
    snprintf(buf, size, "%s", wb_lesson_asking(wb) ? "answer> " : "minicc> ");
}

static const char *wb_skip(const char *p) {
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* `word` is a prefix (at least min characters) of `name`. */
static bool wb_is_word(const char *word, size_t n, const char *name, size_t min) {
    return n >= min && n <= strlen(name) && strncmp(word, name, n) == 0;
}

/* The workbench's own commands, which the prompt's table does not know:
 * what `:help NAME` says of them. */
static const struct {
    const char *name, *usage, *text;
} wb_own_help[] = {
    {"layout", "layout [NAME|next|prev]", "switch layouts (keys l, L); alone: list them"},
    {"focus", "focus [NAME|next|prev]", "focus a pane (keys Tab, Shift-Tab)"},
    {"refresh", "refresh", "redraw the screen (key Ctrl-L)"},
    {"theme", "theme [default|projector|light|projector-light]", "projector: high contrast, no dim text, emphasis by bold and reverse video; light: dark text on white; projector-light: both (also --theme, MINICC_THEME); alone: name it"},
    {"zoom", "zoom", "the focused pane fills the screen, and back (key z)"},
    {"keys", "keys", "show the single keys (key ?)"},
    {"note", "note TEXT", "a line of narration in the session save-session writes"},
    {"temps", "temps", "MiniC: the values pane shows the lowered temporaries (lt.L21, load.L22.2) too, or hides them again (the default)"},
    {"save-session", "save-session FILE", "write the steps, commands and notes of this session as a lesson that replays them (key W): minicc lesson FILE plays it, --check checks the replay reaches the same positions, --export md makes a handout"},
};

/* `help NAME` for a workbench command: its usage and text into the log.
 * False for anything else (the prompt's help answers that). */
static bool wb_help_own(Wb *wb, const char *p, size_t n, const char *rest) {
    if (!(wb_is_word(p, n, "help", 1) || (n == 1 && p[0] == '?')) || !*rest) return false;
    size_t rn = strcspn(rest, " \t");
    if (rest[rn] && *wb_skip(rest + rn)) return false; /* more than one word: the prompt's error */
    for (size_t i = 0; i < sizeof wb_own_help / sizeof wb_own_help[0]; i++) {
        if (rn != strlen(wb_own_help[i].name) || strncmp(rest, wb_own_help[i].name, rn) != 0) continue;
        McStr m;
        mc_str_init(&m);
        mc_str_printf(&m, "workbench: %s - %s", wb_own_help[i].usage, wb_own_help[i].text);
        wb_log(wb, m.s, MC_R_NORMAL);
        mc_str_free(&m);
        return true;
    }
    return false;
}

/* `:diff [PASS...]`: the prompt's before/after view of the optimizer's
 * passes in the big log (layout `log`), removed lines red, added ones
 * green, pass headings bold, shown from its first line. The tag column
 * keeps the normal colour, so the lines scroll sideways as listings do
 * instead of wrapping. */
static void wb_show_diff(Wb *wb, const char *line) {
    char *out = NULL;
    int st = wb_command(wb, line, false, &out);
    if (st != 0 || !out) {
        free(out);
        return; /* the error is in the log and the status bar (cap_close) */
    }
    wb_set_layout(wb, "log");
    int first = wb->log.n;
    for (const char *q = out; *q;) {
        size_t len = strcspn(q, "\n");
        char *piece = mc_xstrndup(q, len);
        uint16_t a = piece[0] == '-' ? MC_R_ERROR : piece[0] == '+' ? MC_R_GOOD : piece[0] == '=' ? MC_R_HEADING | MC_A_BOLD : MC_R_NORMAL;
        wb_log(wb, piece, a);
        McLine *ln = &wb->log.v[wb->log.n - 1];
        if (ln->attr && ln->len > 0 && piece[0] != '=') ln->attr[0] = MC_R_NORMAL;
        free(piece);
        q += len;
        if (*q == '\n') q++;
    }
    free(out);
    /* Scroll the log to the diff's first line (rows above it at the log's width). */
    int w = wb->w - 2;
    for (int i = 0; i < wb->nplaces; i++)
        if (wb->places[i].pane == WB_LOG) w = wb->places[i].r.w - 2;
    if (w < 1) w = 1;
    int rows = 0;
    for (int i = 0; i < first && i < wb->log.n; i++) {
        const McLine *ln = &wb->log.v[i];
        bool wraps = ln->len > 0 && ln->attr && (ln->attr[0] & MC_R_MASK) != MC_R_NORMAL;
        rows += ln->len <= w || !wraps ? 1 : (ln->len + w - 1) / w;
    }
    wb->follow[WB_LOG] = false;
    wb->scroll[WB_LOG] = rows;
    wb->log_unseen = 0;
    wb_note(wb, "%s: the log shows it (PgDn for more, l for the other layouts)", line);
}

void wb_submit(Wb *wb, const char *line) {
    McSession *s = wb->s;
    wb->status[0] = 0;
    if (wb_lesson_asking(wb)) {
        McStr t;
        mc_str_init(&t);
        mc_str_printf(&t, "answer> %s", line);
        wb_log(wb, t.s, MC_R_PROMPT);
        mc_str_free(&t);
        wb_lesson_advance(wb, line);
        return;
    }
    McStr t;
    mc_str_init(&t);
    mc_str_printf(&t, "minicc> %s", line);
    wb_log(wb, t.s, MC_R_PROMPT);
    mc_str_free(&t);
    const char *p = wb_skip(line);
    size_t n = strcspn(p, " \t;");
    const char *rest = wb_skip(p + n);
    bool single = !strchr(p, ';');
    /* Workbench commands (gdb TUI style); everything else is a prompt command. */
    if (single && wb_help_own(wb, p, n, rest)) return;
    if (single && wb_is_word(p, n, "layout", 3)) {
        if (!*rest) {
            /* No name: say where we are and what there is, change nothing. */
            McStr m;
            mc_str_init(&m);
            mc_str_printf(&m, "layout %s (layouts: ", wb_layout_name(wb, wb->layout));
            int ids[WB_MAX_LAYOUTS], nl = wb_layout_cycle(wb, ids);
            for (int i = 0; i < nl; i++) mc_str_printf(&m, "%s%s", i ? ", " : "", wb_layout_name(wb, ids[i]));
            mc_str_puts(&m, "; layout NAME|next|prev)");
            wb_log(wb, m.s, MC_R_NORMAL);
            wb_note(wb, "layout %s (the log lists them)", wb_layout_name(wb, wb->layout));
            mc_str_free(&m);
        } else if (strcmp(rest, "next") == 0) {
            wb_next_layout(wb, 1);
        } else if (strcmp(rest, "prev") == 0) {
            wb_next_layout(wb, -1);
        } else if (!wb_set_layout(wb, rest)) {
            McStr m;
            mc_str_init(&m);
            mc_str_printf(&m, "layout: unknown layout '%s' (", rest);
            int ids[WB_MAX_LAYOUTS], nl = wb_layout_cycle(wb, ids);
            for (int i = 0; i < nl; i++) mc_str_printf(&m, "%s%s", i ? ", " : "", wb_layout_name(wb, ids[i]));
            mc_str_puts(&m, ", next, prev)");
            wb_log(wb, m.s, MC_R_ERROR);
            wb_note(wb, "%s", m.s);
            mc_str_free(&m);
        }
        return;
    }
    if (single && wb_is_word(p, n, "focus", 2)) {
        if (!*rest || strcmp(rest, "next") == 0) wb_focus_next(wb, 1);
        else if (strcmp(rest, "prev") == 0) wb_focus_next(wb, -1);
        else if (!wb_focus_name(wb, rest)) {
            wb_log(wb, "focus: no such pane in this layout", MC_R_ERROR);
            wb_note(wb, "focus: no such pane in this layout");
        }
        return;
    }
    if (single && wb_is_word(p, n, "lesson", 6)) {
        if (!*rest) wb_lesson_advance(wb, NULL);
        else wb_lesson_open(wb, rest);
        return;
    }
    if (single && wb_is_word(p, n, "theme", 5)) {
        if (!*rest) {
            char named[128];
            snprintf(named, sizeof named, "theme %s (themes: default, projector, light, projector-light)", wb_theme_names[wb->theme]);
            wb_log(wb, named, MC_R_NORMAL);
        } else if (!wb_set_theme(wb, rest)) {
            McStr m;
            mc_str_init(&m);
            mc_str_printf(&m, "theme: unknown theme '%s' (default, projector, light, projector-light)", rest);
            wb_log(wb, m.s, MC_R_ERROR);
            wb_note(wb, "%s", m.s);
            mc_str_free(&m);
        } else {
            wb_note(wb, "theme %s", wb_theme_names[wb->theme]);
        }
        return;
    }
    if (single && wb_is_word(p, n, "refresh", 3)) return;
    if (single && wb_is_word(p, n, "tui", 3)) {
        wb_note(wb, "already in the workbench");
        return;
    }
    if (single && wb_is_word(p, n, "zoom", 4)) {
        wb_zoom(wb);
        return;
    }
    if (single && wb_is_word(p, n, "keys", 4)) {
        wb->help = true;
        wb->help_page = 0;
        return;
    }
    if (wb_is_word(p, n, "note", 4) && n == 4) { /* the whole line: `;` may be in a note */
        if (!*rest) wb_note(wb, "note: usage: note TEXT (a line of the saved session)");
        else wb_record_note(wb, rest);
        return;
    }
    if (single && wb_is_word(p, n, "save-session", 12)) {
        if (!*rest) wb_note(wb, "save-session: usage: save-session FILE");
        else wb_save_session(wb, rest);
        return;
    }
    if (single && wb_is_word(p, n, "temps", 5)) {
        wb->show_temps = !wb->show_temps;
        wb_note(wb, "the values pane %s MiniC's temporaries", wb->show_temps ? "shows" : "hides");
        return;
    }
    if (single && wb_is_word(p, n, "diff", 4)) {
        wb_show_diff(wb, line);
        return;
    }
    McInterp *before = s->interp;
    int64_t ticks = before ? mc_interp_ticks(before) : -1;
    int regs = s->regs;
    int64_t stops = s->break_stops;
    wb_snapshot(wb);
    char *out = NULL;
    int st = wb_command(wb, line, true, &out);
    if (st == 2) wb->quit = true;
    if (st == 0 && !wb_lesson_asking(wb)) wb_record(wb, line);
    /* Ctrl-C: the status bar says what was interrupted. A script stops at
     * the command it was running (whose own error, with the script's line,
     * is in the log); the machine is not run after it (it would only find
     * the interrupt and say `machine: interrupted`). */
    bool interrupted = mc_session_interrupted(s);
    if (interrupted) {
        char word[32], why[128];
        snprintf(word, sizeof word, "%.*s", (int)(n < sizeof word ? n : sizeof word - 1), p);
        const McCommand *c = mc_command_find(word, why, sizeof why);
        if (c && strcmp(c->name, "source") == 0) wb_note(wb, "source %s: %s (the log says where)", rest, MC_INTERRUPTED_MSG);
        else if (!single) wb_note(wb, "%s: %s (the log says where)", line, MC_INTERRUPTED_MSG);
    }
    /* A run or continue typed here that stopped at a breakpoint says so in
     * the status bar too, as `c` does (an error already there stays). */
    if (s->break_stops != stops && s->interp && !wb->status[0]) {
        int32_t b = mc_interp_block(s->interp);
        const McFunc *f = s->interp_func;
        if (s->stops.last_stop == 2) wb_note(wb, "%s", s->stops.hit);
        else wb_note(wb, "breakpoint: %s", f->nblocks ? f->blocks[b == MC_NONE ? 0 : b].name : "?");
    }
    if (single && wb_is_word(p, n, "native", 3) && st == 0) snprintf(wb->c_result, sizeof wb->c_result, "%s", out);
    /* `:target NAME` as `t`: a real target opens the asm layout (not
     * `:target [NAME] patterns`, which only lists a table) */
    size_t rl = strlen(rest);
    bool listing = rl >= 8 && strcmp(rest + rl - 8, "patterns") == 0;
    if (single && st == 0 && *rest && !listing && wb_is_word(p, n, "target", 6) && mc_target_desc(s->target) &&
        wb_layout_lookup(wb, "asm") >= 0 && strcmp(wb_layout_name(wb, wb->layout), "asm") != 0)
        wb_set_layout(wb, "asm");
    free(out);
    if (s->interp && (s->interp != before || mc_interp_ticks(s->interp) != ticks)) {
        if (s->interp != before) wb->edge.valid = false;
        wb_after_exec(wb);
    }
    if (!s->interp) wb->edge.valid = false;
    /* A new allocation (K, allocator, program) or new arguments: run the
     * machine again so the registers pane never shows stale traffic. */
    if (regs != s->regs || (wb->have_machine && s->alloc != wb->machine_alloc) ||
        (single && (wb_is_word(p, n, "args", 4) || wb_is_word(p, n, "alloc", 5)))) {
        if (!interrupted) {
            wb_machine(wb);
        } else { /* not run: m runs it; no stale traffic meanwhile */
            wb->have_machine = false;
            wb->machine_gen++;
        }
    }
    if (!s->have_args) wb->have_machine = false;
}

