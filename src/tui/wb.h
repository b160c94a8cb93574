/* wb.h - the workbench's state and the interface between its modules.
 *
 * The workbench is a model plus pure drawing: `Wb` holds the session, the
 * layout, focus and scroll positions, the last edge record (what changed
 * is read from the session's last-step events), the log, the lesson cursor
 * and caches;
 * keys (keys.c) change it through actions (workbench.c); wb_render draws it
 * into an McFrame (layout.c and one pane_*.c per window). Nothing here knows
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
    WB_SRC, /* the C source of a MiniC program (pane_source.c) */
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
    int scroll[WB_NPANES];
    bool follow[WB_NPANES]; /* IR: follow execution; log/lesson: stick to the end */
    bool help;         /* the key list is shown */
    bool quit;
    int last_key;      /* the action Enter repeats */
    bool quiet_exec;   /* replaying: no log lines per block */
    bool color;        /* the front end draws colours (frames are the same) */
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

    /* caches (keyed by function pointer and generation) */
    const McFunc *ir_func;
    unsigned ir_gen;
    WbIrLine *ir;
    int nir;
    int32_t *ir_block_line; /* first line of each block */
    uint8_t *const *ir_phi_copy;
    const McFunc *live_func;
    unsigned live_gen;
    McCfg *cfg;
    McLiveness *live;
    char *c_text;
    const McFunc *c_func;
    unsigned c_gen;
    char c_result[512];  /* the last native run */
    bool have_machine;   /* the last machine run */
    char machine_result[512];
    unsigned machine_gen;   /* bumped by every machine run */
    const McAllocation *machine_alloc; /* the allocation it ran */
    /* interference and registers lines, rebuilt only when their key changes */
    McLines ig_lines, regs_lines;
    const void *ig_key, *regs_key;
    unsigned ig_gen, regs_gen, regs_mgen;
    int ig_w, regs_w;

    /* lessons */
    McLesson *lesson;
    McLessonCursor cursor;
    McOutDir lesson_out; /* where the lesson's commands may write (outfile.h) */
} Wb;

/* workbench.c: state and actions */
void wb_init(Wb *wb, McSession *s, WbRunLine run, int w, int h);
void wb_free(Wb *wb);
/* First log lines and hints; opens the lesson when one is given. */
void wb_start(Wb *wb, const char *lesson);
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
void wb_restart(Wb *wb);
void wb_budget(Wb *wb, int delta);
void wb_next_stage(Wb *wb);
void wb_native(Wb *wb);
void wb_machine(Wb *wb);
void wb_next_layout(Wb *wb, int dir);
bool wb_set_layout(Wb *wb, const char *name);
void wb_focus_next(Wb *wb, int dir);
bool wb_focus_name(Wb *wb, const char *name);
void wb_scroll(Wb *wb, int delta); /* the focused pane; INT_MIN/INT_MAX: top/end */
/* A line typed at the command line: workbench commands (layout, focus,
 * lesson, refresh), an answer to a lesson question, or a prompt command. */
void wb_submit(Wb *wb, const char *line);
bool wb_lesson_open(Wb *wb, const char *path);
void wb_lesson_advance(Wb *wb, const char *answer);
bool wb_lesson_asking(const Wb *wb);
void wb_prompt_text(const Wb *wb, char *buf, size_t size); /* "minicc> " or "answer> " */
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

/* layout.c: placement and the whole screen */
void wb_layout(Wb *wb);
int wb_nlayouts(const Wb *wb);
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
int wb_draw_interf(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_regs(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_c(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_log(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_lesson(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
int wb_draw_source(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize);
/* pane_source.c: is a MiniC program loaded (its source pane and layout)? */
bool wb_source_available(const Wb *wb);

/* Shared by panes: draw lines with the pane's scroll position clamped;
 * with follow, the end stays visible. Returns lines->n. */
int wb_draw_lines(Wb *wb, WbPane p, const McLines *l, McFrame *fr, McRect r);
uint16_t wb_reg_attr(int reg);

#endif
