/* wb.h - the workbench's state and the interface between its modules.
 *
 * The workbench is a model plus pure drawing: `Wb` holds the session, the
 * layout, focus and scroll positions, the last edge record (what changed
 * is read from the session's last-step events), the log, the lesson cursor
 * and caches; keys (keys.c) change it through actions (workbench.c, the
 * command line in wb_cmdline.c, lessons in wb_lesson.c); wb_render draws
 * it into an McFrame (layout.c and one pane_*.c per window). Nothing here knows
 * curses or readline: the terminal front end (tui.c) feeds keys and copies
 * frames to the screen, and the batch mode (batch.c) feeds a key script and
 * prints the final frame, so tests see exactly what the terminal shows. */
#ifndef MINICC_TUI_WB_H
#define MINICC_TUI_WB_H

#include <stdbool.h>
#include <stdio.h>

#include "frame.h"
#include "lesson/lesson.h"
#include "minicc/cfg.h"
#include "minicc/interp.h"
#include "shell/outfile.h"
#include "shell/session.h"

typedef enum WbPane {
    WB_IR = 0,
    WB_VALUES,
    WB_EDGE,
    WB_INTERF,
    WB_REGS,
    WB_C,
    WB_LOG,
    WB_LESSON,
    WB_INTERVALS, /* live intervals (pane_intervals.c), in the layout `intervals` */
    WB_SRC, /* the C source of a MiniC program (pane_source.c) */
    WB_STACK, /* the frames of a program with calls (pane_stack.c) */
    WB_CALLS, /* the convention at the allocation's calls (pane_calls.c), in the layout `alloc` */
    WB_ASM, /* the assembly on the session's target (pane_asm.c), in the layout `asm` */
    WB_LIVE, /* the values live into the stepped block in their target locations (pane_asm.c), under WB_ASM */
    WB_NPANES
} WbPane;

extern const char *const wb_pane_names[WB_NPANES];

/* Keys: printable ASCII and control characters are themselves; the rest. */
enum {
    WB_KEY_ENTER = '\r',
    WB_KEY_TAB = '\t',
    WB_KEY_ESC = 27,
    WB_KEY_BACKSPACE = 127,
    WB_KEY_UP = 0x1000,
    WB_KEY_DOWN,
    WB_KEY_LEFT,
    WB_KEY_RIGHT,
    WB_KEY_PGUP,
    WB_KEY_PGDN,
    WB_KEY_HOME,
    WB_KEY_END,
    WB_KEY_BTAB,
    WB_KEY_DELETE,
    WB_KEY_RESIZE,
    WB_KEY_F1,
};

/* Runs one command line of the prompt's command table (commands.h); the
 * front end sets it (mc_command_line), so the drawing code and its benchmark
 * do not depend on the command layer. */
typedef int (*WbRunLine)(McSession *s, const char *line, bool bail, FILE *out, FILE *err);

/* Themes: how the frame marks things (layout.c applies them to the frame,
 * so snapshots show them; tui.c picks colours to match). */
typedef enum WbTheme {
    WB_THEME_DEFAULT = 0,
    WB_THEME_PROJECTOR, /* high contrast: no dim, emphasis by bold and reverse video */
    WB_THEME_LIGHT,     /* dark text on a white background (theme.c's table) */
    WB_THEME_PROJECTOR_LIGHT, /* the projector theme on a white background */
    WB_NTHEMES
} WbTheme;
extern const char *const wb_theme_names[WB_NTHEMES];

/* theme.c: a light theme's colours, one per colour role: xterm-256 indices. */
typedef struct WbColour {
    short fg, bg;
} WbColour;
/* The table of theme t (MC_R_COUNT entries), or NULL (the terminal's colours). */
const WbColour *wb_theme_colours(WbTheme t);
bool wb_theme_is_light(WbTheme t);
/* Theme t's MC_NBANDS colours of the C-to-IR bands (256-colour terminals). */
const WbColour *wb_theme_bands(WbTheme t);
void wb_xterm_rgb(int idx, int rgb[3]);    /* the xterm 256-colour palette */
double wb_contrast(int fg, int bg);       /* WCAG 2 contrast ratio, 1 .. 21 */

typedef struct WbPlace {
    WbPane pane;
    McRect r; /* including the border */
} WbPlace;

typedef struct WbIrLine {
    int32_t block;
    int32_t what; /* -2 label, -1 phi, 0..ninsts-1 instruction, ninsts terminator */
    int32_t phi;  /* phi index when what == -1 */
    char *text;
} WbIrLine;

typedef struct WbEdge {
    bool valid;
    const McFunc *f;    /* function it was recorded in (names) */
    unsigned gen;       /* program generation it belongs to */
    int32_t block, pred;
    int64_t step;       /* the block entry it belongs to */
    bool sequential;    /* phi-mode sequential */
    McPhiUpdate *phis;
    int32_t nphis;
} WbEdge;

typedef struct Wb {
    McSession *s;
    WbRunLine run_line;
    int w, h;
    int layout;        /* index into the layout table */
    WbPane focus;
    WbPlace places[WB_NPANES];
    int nplaces;
    int scroll[WB_NPANES];   /* first line shown (the log: first wrapped row) */
    int ir_sel;              /* a selected IR line ([ and ]), index + 1 (0 none); its C line is
                                highlighted in the source pane; gone when the IR follows execution */
    int hscroll[WB_NPANES];  /* first column shown of lines that do not fit */
    bool zoom;         /* the focused pane fills the screen (z) */
    int logh;          /* rows of the log pane under the main area (layout.c) */
    int log_unseen;    /* log lines added while it was scrolled back */
    size_t lesson_mark; /* transcript offset where the last lesson advance began */
    bool lesson_show_mark; /* scroll the lesson pane to it at the next draw */
    bool follow[WB_NPANES]; /* IR: follow execution; log/lesson: stick to the end */
    bool help;         /* the key list is shown */
    int help_page;     /* its page (0 first) when it does not fit the screen */
    bool running;      /* `c` runs: the status bar shows run_steps and the Ctrl-C hint (tui.c) */
    int64_t run_steps;
    bool quit;
    bool own_session;  /* --tui, --tui-script: quitting ends the session (not `tui` at the prompt) */
    bool quit_ask;     /* `q` asked whether to quit: y or q quits, another key stays */
    int last_key;      /* the action Enter repeats */
    bool quiet_exec;   /* replaying: no log lines per block */
    bool color;        /* the front end draws colours (frames are the same) */
    WbTheme theme;     /* --theme, MINICC_THEME or :theme */
    unsigned gen;      /* bumped whenever the program or its products may have changed */
    /* the last allocation that failed (for example a graph over its size
     * limit): logged once, not retried on every frame until one of these
     * changes */
    bool alloc_failed;
    unsigned alloc_fail_gen;
    const McFunc *alloc_fail_func;
    int alloc_fail_regs, alloc_fail_allocator;

    /* the command line */
    bool cmd_active;
    char cmd[1024];    /* the text being typed (batch editor, or readline's mirror) */
    int cmd_len, cmd_point;
    char cmd_prompt[32];
    int hist_pos;      /* batch editor: history browsing */

    /* the log pane */
    McLines log;

    /* what the last execution action did */
    WbEdge edge;
    int32_t last_from, last_to; /* last edge taken (MC_NONE if none) */
    McInterp *interp_before;    /* the interpreter and its steps before the action */
    int64_t steps_before;
    char status[256];  /* one-line message in the status bar */
    bool status_wide;  /* it hid the position (layout.c): the next key clears it */

    /* caches (keyed by function pointer and generation) */
    const McFunc *ir_func;
    unsigned ir_gen;
    WbIrLine *ir;
    int nir;
    int32_t *ir_block_line; /* first line of each block */
    uint8_t *const *ir_phi_copy;
    McPoints *ir_points;   /* register pressure of ir_func's points (`p` shows it) */
    bool pressure;         /* `p`: the IR pane's pressure column */
    bool show_temps;       /* `:temps`: the values pane shows MiniC's lowered temporaries too */
    const McFunc *live_func;
    unsigned live_gen;
    McCfg *cfg;
    McLiveness *live;
    char *c_text;
    const McFunc *c_func;
    unsigned c_gen;
    char c_result[512];  /* the last native run */
    bool c_at_body;      /* new C: the C pane scrolls to the function (pane_c.c) */
    int32_t c_block_shown; /* the block the C pane last scrolled to, + 1 (0 none) */
    bool have_machine;   /* the last machine run */
    char machine_result[512];
    unsigned machine_gen;   /* bumped by every machine run */
    const McAllocation *machine_alloc; /* the allocation it ran */
    /* interference and registers lines, rebuilt only when their key changes */
    McLines ig_lines, regs_lines;
    const void *ig_key, *regs_key;
    unsigned ig_gen, regs_gen, regs_mgen;
    int ig_w, regs_w;
    /* the colouring-order stepper (pane_interf.c): `.` shows one more
     * decision of the allocation trace, `,` one fewer; 0 = off (the graph) */
    int ig_step, ig_drawn_step;
    McAllocTrace ig_trace;       /* the trace of ig_trace_key's allocation */
    int32_t *ig_trace_ev;        /* the decisions the stepper shows (indices into ig_trace) */
    int32_t ig_trace_n;
    const void *ig_trace_key;
    unsigned ig_trace_gen;

    /* the asm pane (pane_asm.c): the session's function on its target
     * (shell/asmview.h), rebuilt when the generation, the function, the
     * target, the allocator or whether opt was built changes */
    struct McShellAsm *asm_view;
    char *asm_error;       /* why there is none (malloc'd), or NULL */
    unsigned asm_gen;
    const McFunc *asm_input;
    int asm_target, asm_allocator, asm_bug;
    bool asm_opt;
    int32_t asm_block_shown; /* the block the pane last scrolled to, + 1 (0 none) */
    /* the live pane's table (shell/asmview.h's McShellLive), rebuilt when
     * the build or the run's position changes */
    struct McShellLive *asm_live;
    const void *live_key_view, *live_key_interp;
    const McFunc *live_key_func;
    int64_t live_key_ticks, live_key_steps;
    unsigned live_key_gen;
    int live_key_exec, live_key_phi;

    /* the session as prompt commands, for save-session (wb_record.c) */
    McStr rec;
    int rec_steps;
    char rec_where[256];  /* the last position recorded (not repeated) */

    /* lessons */
    McLesson *lesson;
    McLessonCursor cursor;
    McOutDir lesson_out; /* where the lesson's commands may write (outfile.h) */
} Wb;

/* workbench.c: state and actions */
void wb_init(Wb *wb, McSession *s, WbRunLine run, int w, int h);
void wb_free(Wb *wb);
/* First log lines and hints; the theme (--theme NAME, else $MINICC_THEME
 * when set, else default); opens the lesson when one is given. */
void wb_start(Wb *wb, const char *lesson, const char *theme);
/* Switch themes by name; false (nothing changed) for an unknown one. */
bool wb_set_theme(Wb *wb, const char *name);
void wb_resize(Wb *wb, int w, int h);
void wb_log(Wb *wb, const char *text, uint16_t attr);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void wb_note(Wb *wb, const char *fmt, ...);
void wb_step(Wb *wb, bool by_inst);
void wb_step_line(Wb *wb); /* `s`: one C line (a block for an IR program) */
void wb_continue(Wb *wb);
void wb_back(Wb *wb);
/* `S` (by_line, MiniC) and `I`: gdb's reverse-step and reverse-stepi. */
void wb_reverse(Wb *wb, bool by_line);
void wb_restart(Wb *wb);
void wb_budget(Wb *wb, int delta);
/* `a`: the next allocator (baseline, improved, linear, ssa, around). */
void wb_next_allocator(Wb *wb);
/* `p`: the IR pane's register-pressure column on or off. */
void wb_toggle_pressure(Wb *wb);
void wb_next_stage(Wb *wb);
void wb_native(Wb *wb);
void wb_machine(Wb *wb);
void wb_next_layout(Wb *wb, int dir);
bool wb_set_layout(Wb *wb, const char *name);
void wb_focus_next(Wb *wb, int dir);
bool wb_focus_name(Wb *wb, const char *name);
void wb_scroll(Wb *wb, int delta); /* the focused pane; INT_MIN/INT_MAX: top/end */
/* [ and ]: select the previous / next IR line (from the position when none is). */
void wb_ir_select(Wb *wb, int dir);
/* The C line of the selected IR line, or 0 (none, or IR without C lines). */
int32_t wb_ir_selected_c_line(const Wb *wb);
/* `q`: quit, or first ask (quit_ask) when it would lose a run (in a
 * session of its own) or a lesson not finished. */
void wb_quit(Wb *wb);
void wb_zoom(Wb *wb);   /* the focused pane fills the screen, or back (z) */
void wb_hscroll(Wb *wb, int delta); /* the focused pane sideways (clamped when drawn) */
/* wb_cmdline.c: a line typed at the command line: workbench commands
 * (layout, focus, lesson, refresh), an answer to a lesson question, or a
 * prompt command. */
void wb_submit(Wb *wb, const char *line);
/* wb_record.c: what was done, as a lesson that replays it. `line` is the
 * prompt command an action amounts to (after it ran; nothing for an
 * interrupted one); a note is narration; save writes the lesson to path. */
void wb_record(Wb *wb, const char *line);
void wb_record_note(Wb *wb, const char *text);
bool wb_save_session(Wb *wb, const char *path);
/* wb_lesson.c: a lesson in the workbench. */
bool wb_lesson_open(Wb *wb, const char *path);
void wb_lesson_advance(Wb *wb, const char *answer);
bool wb_lesson_asking(const Wb *wb);
void wb_prompt_text(const Wb *wb, char *buf, size_t size); /* "minicc> " or "answer> " */
/* Around an action that executes (workbench.c; wb_lesson.c runs lesson
 * commands through them): the values before it, and what it did after. */
void wb_snapshot(Wb *wb);
void wb_after_exec(Wb *wb);
/* Run a prompt command as if typed, capturing its output; returns its
 * status (0 ok) and the output in *text when text is not NULL; to_log:
 * echo the line and its output into the log. */
int wb_command(Wb *wb, const char *line, bool to_log, char **text);
/* `set stage NAME` as if typed; false when the command failed. */
bool wb_set_stage(Wb *wb, const char *name);
/* Caches. */
const McFunc *wb_exec_func(Wb *wb); /* the function being executed / listed, or NULL */
void wb_ensure_ir(Wb *wb, const McFunc *f);
bool wb_ensure_live(Wb *wb, const McFunc *f);
const char *wb_ensure_c(Wb *wb);
const McAllocation *wb_allocation(Wb *wb);

/* keys.c */
void wb_key(Wb *wb, int key);
/* Key script: `n`, `<Enter>`, `<Tab>`, `<PgDn>`... Returns the keys
 * (malloc'd, *n of them), or NULL with a message in why. */
int *wb_keys_parse(const char *script, int *n, char *why, size_t size);
extern const char *const wb_help_lines[];
/* The key list's pages on this screen: lines per page in *per (the help
 * pages rather than cutting at 80x24). */
int wb_help_pages(const Wb *wb, int *per);

/* layout.c: placement and the whole screen */
void wb_layout(Wb *wb);
/* Layouts are rows of a table in layout.c; wb->layout is a row. The l/L
 * cycle is the rows offered now (a lesson open, a MiniC program loaded)
 * that are not chosen by name only: wb_layout_cycle lists their rows. */
enum { WB_MAX_LAYOUTS = 16 };
int wb_layout_cycle(const Wb *wb, int ids[WB_MAX_LAYOUTS]);
int wb_nlayouts(const Wb *wb);
/* The layout called name (in the l/L cycle or chosen by name only), or -1. */
int wb_layout_lookup(const Wb *wb, const char *name);
/* The name of row i. */
const char *wb_layout_name(const Wb *wb, int i);
void wb_render(Wb *wb, McFrame *fr);
/* Rows a pane can show (inside its border), for paging. */
int wb_pane_rows(const Wb *wb, WbPane p);

/* pane_*.c: each draws its pane's content into r (inside the border) and
 * returns the number of content lines (for scrolling); *title gets a title. */
typedef int (*WbDrawFn)(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_ir(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_values(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_edge(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
/* `.` (delta 1) and `,` (-1): step the colouring decisions (pane_interf.c). */
void wb_ig_step(Wb *wb, int delta);
/* While `.` steps the decisions of allocation a: each value's location
 * after the decisions shown (MC_LOC_NONE: not decided yet), malloc'd; NULL
 * when not stepping (pane_interf.c; the registers pane draws from it). */
McLocation *wb_ig_locations(Wb *wb, const McAllocation *a);
/* Free the stepper's trace (pane_interf.c). */
void wb_ig_free(Wb *wb);
int wb_draw_interf(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_regs(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_c(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_log(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_lesson(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_intervals(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_calls(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
bool wb_calls_wanted(Wb *wb); /* the allocation has calls: the alloc layout shows them */
int wb_draw_source(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
/* pane_values.c: a temporary of MiniC's lowering (`lt.L21`), hidden unless show_temps. */
bool wb_value_is_temp(const McFunc *f, const char *name);
int wb_draw_stack(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_asm(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
void wb_asm_free(Wb *wb); /* the asm pane's cache (pane_asm.c) */
/* The live pane (pane_asm.c): the lines it wants at inner width w (its
 * table in as many columns as fit), for the layout to size it. */
int wb_live_lines(Wb *wb, int w);
int wb_draw_live(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
/* `t`: the next target (chapter, x86-64, rv64, around) as `target NAME`
 * typed; a real one opens the asm layout (workbench.c). */
void wb_next_target(Wb *wb);
/* Whether the program has calls: the step layouts place the stack pane. */
bool wb_stack_wanted(const Wb *wb);
/* e, F (wb_frames.c): step into a call, finish the selected frame. */
void wb_step_into(Wb *wb);
void wb_finish(Wb *wb);
void wb_back_frames(Wb *wb); /* b while a callee is stepped */
/* pane_source.c: is a MiniC program loaded (its source pane and layout)? */
bool wb_source_available(const Wb *wb);

/* Shared by panes: draw lines with the pane's scroll position clamped;
 * with follow, the end stays visible. Returns lines->n. */
int wb_draw_lines(Wb *wb, WbPane p, const McLines *l, McFrame *fr, McRect r);
uint16_t wb_reg_attr(int reg);

#endif
