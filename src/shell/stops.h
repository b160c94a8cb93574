/* stops.h - what a class expects from gdb, on top of the session's
 * breakpoints (session.h keeps them as block names):
 *
 *   break BLOCK if COND   stop before entering BLOCK only when COND holds:
 *                         comparisons (< <= > >= == !=) of values and
 *                         constants joined by `and` and `or` (and first)
 *   tbreak BLOCK [if C]   the same, deleted after its first stop
 *                         (a block may hold several breakpoints, each with
 *                         its own kind and condition: `break 15 if t > 3`
 *                         and `tbreak 16` on one block are two)
 *   watch NAME            stop (run, continue) at the block boundary after
 *                         the block that changed NAME, with old and new value
 *   display NAME...       shown after every step, run and continue
 *   info breakpoints      numbers, kinds, hit counts and conditions
 *
 * Every stop decision is one function, mc_session_stop_check, which the
 * session's stepping loop calls; a faster way of running (a fast path that
 * only tests the plain per-block breakpoint array) must fall back to that
 * loop while mc_session_stops_need_stepping says so. A condition reads the
 * values of the running function; one not assigned yet makes its
 * comparison false. */
#ifndef MINICC_SHELL_STOPS_H
#define MINICC_SHELL_STOPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct McSession;

/* One comparison: two operands (a value by name or a constant). */
typedef struct McCondCmp {
    char *name[2]; /* NULL: the constant k */
    int32_t k[2];
    int op;        /* index into the operator table of stops.c */
} McCondCmp;

/* Comparisons joined by and/or: or_next[i] says `or` (else `and`) joins
 * comparison i and i + 1. */
typedef struct McCond {
    McCondCmp *cmp;
    bool *or_next;
    int n;
} McCond;

typedef struct McStopBreak {
    char *block;
    int number;        /* as info breakpoints lists it */
    bool once;         /* tbreak */
    McCond cond;       /* n == 0: unconditional */
    char *cond_text;   /* as typed, for info breakpoints (NULL: none) */
    int64_t hits;      /* stops so far */
    int32_t line;      /* break LINE (MiniC): the C line to stop at inside the block (0: its entry) */
} McStopBreak;

typedef struct McWatch {
    char *name;
    int number;
    bool had;          /* old holds a value (else: not assigned yet) */
    int32_t old;
    int64_t hits;
    const void *func;  /* the function `value` was looked up in */
    int32_t value;     /* its handle there (MC_NONE: no such value) */
} McWatch;

typedef struct McStops {
    McStopBreak *b;
    int nb;
    McWatch *w;
    int nw;
    char **disp;       /* display NAME... */
    int ndisp;
    int next_number;
    int last_stop;     /* what the last stop was: 1 a breakpoint, 2 a watch, 3 both */
    char hit[256];     /* its watch: "watch a: 1 -> 2" ("" none) */
    int32_t stop_line; /* the last breakpoint stop: the C line to run to inside the block (0: none) */
} McStops;

/* Parse COND; false with a reason in why. */
bool mc_cond_parse(const char *text, McCond *c, char *why, size_t size);
void mc_cond_free(McCond *c);
void mc_stops_free(McStops *st);

/* A breakpoint at BLOCK of one kind (once: tbreak) with a condition (NULL:
 * none). A block may hold several: each keeps its own number, kind,
 * condition and hit count, and the block stops when any of them holds. An
 * identical one (same kind, same condition) is not made twice: *existed
 * then, and nothing changes. Returns the breakpoint's number, or -1 after
 * an error (a bad condition, no such block). */
int mc_session_break_put(struct McSession *s, const char *block, const char *cond, bool once, bool *existed,
                         FILE *err);
/* The same for `break LINE` of a MiniC program (line > 0): the breakpoint
 * is at the first block with code of the line, and a stop there runs on
 * to the line's first instruction in that block (mc_session_continue); two
 * lines of one block are two breakpoints. */
int mc_session_break_put_line(struct McSession *s, const char *block, int32_t line, const char *cond, bool once,
                              bool *existed, FILE *err);
/* How many breakpoints BLOCK holds; the others than number `except` as
 * `breakpoint 1 if i > 3, tbreak 2` (for messages). */
int mc_session_break_count(const struct McSession *s, const char *block);
void mc_session_break_describe(const struct McSession *s, const char *block, int except, FILE *out);
/* A new plain breakpoint at BLOCK (mc_session_break_add's, numbered). */
void mc_stops_add_plain(McStops *st, const char *block);
/* Forget the extras of one block's breakpoint (NULL: of all). */
void mc_session_break_forget(struct McSession *s, const char *block);
/* Every value a condition names is an i32 value of the function (of any
 * form built so far); else an error naming it, `CMD: no value 'x' in f`. */
bool mc_session_cond_check(struct McSession *s, const char *cmd, const McCond *c, FILE *err);
/* Inside the block a continue started in, after an instruction: a `break
 * LINE` of this block for the C line now reached, other than `from` (the
 * line it started on), whose condition holds: counted as a stop (hits,
 * tbreak deleted) and true. */
bool mc_session_line_stop_check(struct McSession *s, int32_t from);
bool mc_session_watch_add(struct McSession *s, const char *name, FILE *err);
bool mc_session_display_add(struct McSession *s, const char *name, FILE *err);
/* Delete breakpoint or watch number n; false when there is none. */
bool mc_session_stop_delete(struct McSession *s, int n);

/* THE stop decision, at a block boundary. block: the block about to be
 * entered (MC_NONE before the first); bp: the breakpoint array of the
 * running function (mc_session_break_array). Returns 0 (go on), or 1 (a
 * breakpoint whose condition holds: counted, a tbreak deleted) | 2 (a
 * watched value changed: s->stops.hit says how); also in s->stops.last_stop;
 * s->stops.stop_line the C line a line breakpoint stops at (0: the entry). */
int mc_session_stop_check(struct McSession *s, const bool *bp, int32_t block);
/* How a listing marks BLOCK's breakpoint: `*`, `?` with a condition, `t`
 * one-shot. */
char mc_session_break_mark(const struct McSession *s, const char *block);
/* Whether stops need the stepping loop (a watch or a condition). */
bool mc_session_stops_need_stepping(const struct McSession *s);
/* Take the watched values as they are now, silently (start, back). */
void mc_session_watch_sync(struct McSession *s);
/* After a step: each watched value that changed, as `watch a: 1 -> 2`
 * lines (then taken as the new old values). */
void mc_session_watch_report(struct McSession *s, FILE *out);
/* `display: a = 1, b = 2` (nothing without displays or a run). */
void mc_session_show_displays(struct McSession *s, FILE *out);
/* The breakpoints and watches as a table. */
void mc_session_info_breakpoints(struct McSession *s, FILE *out);

#endif
