/* keys.c - the single keys of the workbench (for class demos), the key
 * help shown by `?`, the batch line editor used when no terminal is
 * attached, and the key-script notation of `minicc --tui-script`:
 *
 *     nnn+<Tab><PgDn>:show c<Enter>
 *
 * Characters stand for themselves; <Enter> <Tab> <BTab> <Esc> <BS> <Del>
 * <Up> <Down> <Left> <Right> <PgUp> <PgDn> <Home> <End> <Space> <lt> (a
 * literal `<`) name the others, and <Size:100x30> resizes the screen. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/limits.h"
#include "wb.h"

const char *const wb_help_lines[] = {
    "stepping",
    "  n       step one block (phis of the edge, then the block)",
    "  s       step one C line (MiniC; an IR program: one block)",
    "  i       step one instruction",
    "  e F     enter a call (step into) / finish the frame",
    "  c       continue to a breakpoint or the end (Ctrl-C stops it)",
    "  b       back one block (replays from the nearest checkpoint)",
    "  S I     back one C line (its first instruction) / one instruction",
    "  r       restart before the entry block",
    "  Enter   repeat the last key (in a lesson: continue)",
    "          (at a lesson's question, typing starts the answer)",
    "  marks   IR: => runs next, > just ran; values: * changed",
    "allocation and backends",
    "  + -     register budget K up / down (all panes recompute)",
    "  a       next allocator: baseline improved linear ssa",
    "  m       run the allocated machine (spill counts)",
    "  x       compile the C and run it natively",
    "  v       next stage: input, ssa, opt, destroyed (keeps the step)",
    "  p       pressure column in the IR pane (MaxLive: <)",
    "  . ,     allocation decisions one by one (interference)",
    "  t       next target: chapter x86-64 rv64 (a real one: layout asm)",
    "screen",
    "  l L     next / previous layouts (step alloc c log source asm lesson)",
    "  Tab     focus the next pane (Shift-Tab: previous)",
    "  arrows PgUp PgDn Home End   scroll the focused pane",
    "          (Left, Right: C and tables wider than the pane)",
    "  z       zoom: the focused pane fills the screen, and back",
    "  [ ]     select an IR line (MiniC: marks its C line)",
    "  :       command line: every minicc> command, and",
    "          layout [NAME], focus NAME, zoom, theme NAME,",
    "          lesson FILE, note TEXT, save-session FILE,",
    "          diff [PASS] (what each optimizer pass changed),",
    "          temps (MiniC: show the lowered temporaries too)",
    "  ?       this help (Space: next page; any other key, q too, closes)",
    "  W       save-session FILE: steps and :note TEXT as a lesson",
    "  q       quit (asks when a run or lesson is lost)  Ctrl-L redraw",
    NULL,
};

int wb_help_pages(const Wb *wb, int *per) {
    int n = 0;
    while (wb_help_lines[n]) n++;
    int rows = wb->h - 4; /* the status bar, the command line, the box */
    if (rows < 1) rows = 1;
    if (rows > n) rows = n;
    *per = rows;
    return (n + rows - 1) / rows;
}

/* With the help open: Space, PgDn, Down turn to the next page and PgUp, Up
 * back; any other key (q too: a teacher closing the help must not end the
 * session), or Space on the last page, closes it. */
static void key_help(Wb *wb, int key) {
    int per, pages = wb_help_pages(wb, &per);
    bool fwd = key == ' ' || key == WB_KEY_PGDN || key == WB_KEY_DOWN || key == 'j';
    bool bwd = key == WB_KEY_PGUP || key == WB_KEY_UP || key == 'k';
    if (fwd && wb->help_page + 1 < pages) wb->help_page++;
    else if (bwd && wb->help_page > 0) wb->help_page--;
    else if (!bwd) wb->help = false;
}

/* Keys that Enter repeats. */
static bool key_repeatable(int k) { return k && strchr("nsicbSIr+-x.,eF", k) != NULL; }

static void key_cmd_edit(Wb *wb, int key) {
    switch (key) {
    case WB_KEY_ENTER:
    case '\n': {
        char line[sizeof wb->cmd];
        memcpy(line, wb->cmd, (size_t)wb->cmd_len);
        line[wb->cmd_len] = 0;
        wb->cmd_active = false;
        wb->cmd_len = wb->cmd_point = 0;
        wb->cmd[0] = 0;
        wb_submit(wb, line);
        return;
    }
    case WB_KEY_ESC:
    case 3: /* Ctrl-C */
    case 7: /* Ctrl-G */
        wb->cmd_active = false;
        wb->cmd_len = wb->cmd_point = 0;
        wb->cmd[0] = 0;
        return;
    case WB_KEY_BACKSPACE:
    case 8:
        if (wb->cmd_point > 0) {
            memmove(wb->cmd + wb->cmd_point - 1, wb->cmd + wb->cmd_point, (size_t)(wb->cmd_len - wb->cmd_point));
            wb->cmd_point--;
            wb->cmd_len--;
        }
        break;
    case WB_KEY_DELETE:
        if (wb->cmd_point < wb->cmd_len) {
            memmove(wb->cmd + wb->cmd_point, wb->cmd + wb->cmd_point + 1, (size_t)(wb->cmd_len - wb->cmd_point - 1));
            wb->cmd_len--;
        }
        break;
    case WB_KEY_LEFT: if (wb->cmd_point > 0) wb->cmd_point--; break;
    case WB_KEY_RIGHT: if (wb->cmd_point < wb->cmd_len) wb->cmd_point++; break;
    case WB_KEY_HOME:
    case 1: wb->cmd_point = 0; break;
    case WB_KEY_END:
    case 5: wb->cmd_point = wb->cmd_len; break;
    case 21: /* Ctrl-U */
        wb->cmd_len = wb->cmd_point = 0;
        break;
    default:
        if (key >= 32 && key < 127 && wb->cmd_len < (int)sizeof wb->cmd - 1) {
            memmove(wb->cmd + wb->cmd_point + 1, wb->cmd + wb->cmd_point, (size_t)(wb->cmd_len - wb->cmd_point));
            wb->cmd[wb->cmd_point++] = (char)key;
            wb->cmd_len++;
        }
        break;
    }
    wb->cmd[wb->cmd_len] = 0;
}

void wb_key(Wb *wb, int key) {
    if (key == WB_KEY_RESIZE) return; /* the front end has set w and h */
    if (wb->status_wide) {
        /* A message that took the position's place stays for one key. */
        wb->status[0] = 0;
        wb->status_wide = false;
    }
    if (wb->quit_ask) {
        /* The question `q` asked: a second q, or y, quits. */
        wb->quit_ask = false;
        wb->status[0] = 0;
        if (key == 'y' || key == 'Y' || key == 'q') wb->quit = true;
        else wb_note(wb, "not quitting");
        return;
    }
    if (wb->help) {
        key_help(wb, key);
        return;
    }
    if (wb->cmd_active) {
        key_cmd_edit(wb, key);
        return;
    }
    if (wb_lesson_asking(wb) && key > ' ' && key < 127 && key != ':') {
        /* At a lesson's question a typed character starts the answer. */
        wb->cmd_active = true;
        wb->cmd[0] = (char)key;
        wb->cmd_len = wb->cmd_point = 1;
        wb->cmd[1] = 0;
        wb_prompt_text(wb, wb->cmd_prompt, sizeof wb->cmd_prompt);
        return;
    }
    if (key == WB_KEY_ENTER || key == '\n') {
        if (wb->lesson && !wb->cursor.finished) {
            if (wb_lesson_asking(wb)) {
                wb->cmd_active = true;
                wb->cmd_len = wb->cmd_point = 0;
                wb->cmd[0] = 0;
                wb_prompt_text(wb, wb->cmd_prompt, sizeof wb->cmd_prompt);
            } else {
                wb_lesson_advance(wb, NULL);
            }
            return;
        }
        key = wb->last_key;
        if (!key) return;
    }
    if (key_repeatable(key)) wb->last_key = key;
    int page = wb_pane_rows(wb, wb->focus) - 1;
    if (page < 1) page = 1;
    /* What the key changed decides whether it is recorded (wb_record.c):
     * a key that only said why it could not act is not. */
    const McInterp *in0 = wb->s->interp;
    bool started = in0 != NULL;
    int64_t ticks0 = in0 ? mc_interp_ticks(in0) : -1;
    int regs0 = wb->s->regs;
    char rec[64];
    switch (key) {
    case 'n':
        wb_step(wb, false);
        if (wb->s->interp != in0 || (in0 && mc_interp_ticks(in0) != ticks0)) wb_record(wb, "step");
        break;
    case 's':
        wb_step_line(wb);
        if (wb->s->interp != in0 || (in0 && mc_interp_ticks(in0) != ticks0)) wb_record(wb, wb_source_available(wb) ? "step line" : "step");
        break;
    case 'i':
        wb_step(wb, true);
        if (wb->s->interp != in0 || (in0 && mc_interp_ticks(in0) != ticks0)) wb_record(wb, "stepi");
        break;
    case 'e': /* enter a call (the prompt's step; S is reverse-step), and out of the frame (finish) */
        wb_step_into(wb);
        break;
    case 'F':
        wb_finish(wb);
        break;
    case 'c':
        wb_continue(wb);
        if (wb->s->interp != in0 || (in0 && mc_interp_ticks(in0) != ticks0)) wb_record(wb, started ? "continue" : "run");
        break;
    case 'b':
        wb_back(wb);
        if (started && wb->s->interp && mc_interp_ticks(wb->s->interp) != ticks0) wb_record(wb, "back");
        break;
    case 'S':
    case 'I':
        wb_reverse(wb, key == 'S');
        if (started && wb->s->interp && mc_interp_ticks(wb->s->interp) != ticks0)
            wb_record(wb, key == 'S' ? "reverse-step" : "reverse-stepi");
        break;
    case 'r':
        wb_restart(wb);
        if (wb->s->interp != in0 || (in0 && mc_interp_ticks(in0) != ticks0)) wb_record(wb, "start");
        break;
    case '+':
    case '=':
    case '-':
    case '_':
        wb_budget(wb, key == '+' || key == '=' ? 1 : -1);
        snprintf(rec, sizeof rec, "set regs %d", wb->s->regs);
        if (wb->s->regs != regs0) wb_record(wb, rec);
        break;
    case 'W':
        wb->cmd_active = true;
        snprintf(wb->cmd, sizeof wb->cmd, "save-session ");
        wb->cmd_len = wb->cmd_point = (int)strlen(wb->cmd);
        wb_prompt_text(wb, wb->cmd_prompt, sizeof wb->cmd_prompt);
        break;
    case 'm':
        wb->alloc_failed = false; /* m allocates again (after an interrupted or failed allocation) */
        wb_machine(wb);
        if (mc_session_interrupted(wb->s)) break; /* wb_machine said so */
        wb_note(wb, wb->have_machine ? "machine run with K = %d" : "set :args first (K = %d)", wb->s->regs);
        break;
    case 'x': wb_native(wb); break;
    case 'a': wb_next_allocator(wb); break;
    case 'p': wb_toggle_pressure(wb); break;
    case 't': wb_next_target(wb); break;
    case '.': wb_ig_step(wb, 1); break;
    case ',': wb_ig_step(wb, -1); break;
    case 'v': wb_next_stage(wb); break;
    case 'l': wb_next_layout(wb, 1); break;
    case 'L': wb_next_layout(wb, -1); break;
    case WB_KEY_TAB: wb_focus_next(wb, 1); break;
    case WB_KEY_BTAB: wb_focus_next(wb, -1); break;
    case '?':
    case WB_KEY_F1:
        wb->help = true;
        wb->help_page = 0;
        break;
    case 'q': wb_quit(wb); break;
    case ':':
        wb->cmd_active = true;
        wb->cmd_len = wb->cmd_point = 0;
        wb->cmd[0] = 0;
        wb_prompt_text(wb, wb->cmd_prompt, sizeof wb->cmd_prompt);
        break;
    case 'z': wb_zoom(wb); break;
    case '[': wb_ir_select(wb, -1); break;
    case ']': wb_ir_select(wb, 1); break;
    case WB_KEY_LEFT: wb_hscroll(wb, -8); break;
    case WB_KEY_RIGHT: wb_hscroll(wb, 8); break;
    case WB_KEY_UP:
    case 'k': wb_scroll(wb, -1); break;
    case WB_KEY_DOWN:
    case 'j': wb_scroll(wb, 1); break;
    case WB_KEY_PGUP: wb_scroll(wb, -page); break;
    case WB_KEY_PGDN:
    case ' ': wb_scroll(wb, page); break;
    case WB_KEY_HOME:
    case 'g': wb_scroll(wb, INT_MIN); break;
    case WB_KEY_END:
    case 'G': wb_scroll(wb, INT_MAX); break;
    case 12: break; /* Ctrl-L: the front end redraws everything */
    default:
        if (key >= 32 && key < 127) wb_note(wb, "key '%c' does nothing here (? lists the keys)", key);
        break;
    }
}

/* ---- key scripts ------------------------------------------------------------------ */

static const struct {
    const char *name;
    int key;
} key_names[] = {
    {"enter", WB_KEY_ENTER}, {"cr", WB_KEY_ENTER},    {"ret", WB_KEY_ENTER},    {"tab", WB_KEY_TAB},
    {"btab", WB_KEY_BTAB},   {"s-tab", WB_KEY_BTAB},  {"esc", WB_KEY_ESC},      {"bs", WB_KEY_BACKSPACE},
    {"del", WB_KEY_DELETE},  {"up", WB_KEY_UP},       {"down", WB_KEY_DOWN},    {"left", WB_KEY_LEFT},
    {"right", WB_KEY_RIGHT}, {"pgup", WB_KEY_PGUP},   {"pgdn", WB_KEY_PGDN},    {"home", WB_KEY_HOME},
    {"end", WB_KEY_END},     {"space", ' '},          {"lt", '<'},              {"f1", WB_KEY_F1},
    {"c-l", 12},             {"c-c", 3},              {"c-u", 21},
};

int *wb_keys_parse(const char *script, int *n, char *why, size_t size) {
    size_t len = strlen(script);
    int *keys = mc_xmalloc((len + 1) * sizeof *keys);
    int k = 0;
    for (size_t i = 0; i < len; i++) {
        if (script[i] != '<') {
            keys[k++] = (unsigned char)script[i] == '\n' ? WB_KEY_ENTER : (unsigned char)script[i];
            continue;
        }
        const char *end = strchr(script + i, '>');
        if (!end) {
            snprintf(why, size, "unterminated key name at offset %zu (write <lt> for a literal <)", i);
            free(keys);
            return NULL;
        }
        char name[32];
        size_t nl = (size_t)(end - (script + i + 1));
        if (nl >= sizeof name) nl = sizeof name - 1;
        for (size_t j = 0; j < nl; j++) name[j] = (char)tolower((unsigned char)script[i + 1 + j]);
        name[nl] = 0;
        int w, h;
        char extra;
        if (sscanf(name, "size:%dx%d%c", &w, &h, &extra) == 2) {
            if (w < MC_MIN_COLS || h < MC_MIN_ROWS || w > MC_MAX_COLS || h > MC_MAX_ROWS) {
                snprintf(why, size, "bad size <%s> (from %dx%d to %dx%d)", name, MC_MIN_COLS, MC_MIN_ROWS,
                         MC_MAX_COLS, MC_MAX_ROWS);
                free(keys);
                return NULL;
            }
            keys[k++] = 0x100000 | (w << 10) | h;
        } else {
            bool found = false;
            for (size_t j = 0; j < sizeof key_names / sizeof key_names[0]; j++)
                if (strcmp(name, key_names[j].name) == 0) {
                    keys[k++] = key_names[j].key;
                    found = true;
                    break;
                }
            if (!found) {
                snprintf(why, size, "unknown key <%s> (Enter, Tab, BTab, Esc, BS, Del, Up, Down, Left, Right, PgUp, PgDn, Home, End, Space, lt, Size:WxH)", name);
                free(keys);
                return NULL;
            }
        }
        i = (size_t)(end - script);
    }
    *n = k;
    return keys;
}
