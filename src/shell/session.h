/* session.h - the state behind the minicc> prompt, shared by every front end
 * that drives the engine interactively (the prompt, the full-screen
 * workbench, the lesson player).
 *
 * A McSession holds what a student has set up: the loaded module, the
 * current function, its arguments, breakpoints, a paused interpreter and the
 * pipeline products derived from the function (SSA, optimized SSA, the
 * phi-destroyed function, ...). Every operation that can fail reports on a
 * FILE *err through mc_session_error (prefixed `FILE:LINE: ` while a script
 * runs) and leaves the state it had before: a failed `load` keeps the old
 * module, bad `args` keep the old arguments, and nothing a command does
 * loses the interpreter position unless the command says so.
 *
 * This module knows nothing of readline or curses; it prints to the FILE *
 * it is given, so a front end can capture output with open_memstream. */
#ifndef MINICC_REPL_SESSION_H
#define MINICC_REPL_SESSION_H

#include <stdio.h>

#include "minicc/asm.h"
#include "minicc/interp.h"
#include "minicc/ir.h"
#include "minicc/minic.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "shell/stops.h"

/* The forms of the current function the session can show and execute are
 * the engine's views (McView, mc_view_name, mc_view_lookup: pipeline.h):
 * input, ssa (built by `ssa`), opt (`opt`), destroyed (`destroy`). */

/* The events of the last execution command, deep-copied out of the
 * observer callback: v[i].phis points into `phis` and v[i].outcome at
 * McSession.outcome, valid until the next execution command. A long step
 * keeps only its recent events (from a block boundary after 2000 events);
 * continue and run keep only the last block's. */
typedef struct McSessionEvents {
    McEvent *v;
    int n, cap;
    McPhiUpdate *phis; /* storage for every PHIS record of the step */
    int nphis, capphis;
} McSessionEvents;

typedef struct McSession {
    /* ---- the program ---- */
    McModule *module;  /* owned; NULL before the first successful load */
    char *path;        /* the file it was loaded from */
    char *src;         /* its text, kept for diagnostics with carets */
    McFunc *input;     /* the current function, borrowed from module */

    /* ---- arguments and breakpoints ---- */
    McArgs args;       /* for `input`; valid when have_args */
    bool have_args;
    char **breaks;     /* breakpoints as block names (they survive pipeline stages) */
    int nbreaks;
    McStops stops;     /* their conditions and hit counts, watches, displays (stops.h) */

    /* ---- pipeline products of `input`, built on demand, dropped when an
     * earlier product is rebuilt ---- */
    McFunc *ssa;       /* `ssa`: SSA form of input (a clone when input is SSA) */
    int ssa_kind;      /* McSsaKind of ssa */
    McSsaStats ssa_stats; /* what building it did */
    McFunc *opt;       /* `opt`: optimized ssa */
    char *opt_note;    /* which passes made opt ("-O1" or the list), malloc'd */
    McOptStats opt_stats; /* what each pass run of `opt` did */
    McDestroyed *destroyed; /* `destroy`: phi destruction of opt (else ssa) */
    McAllocator destroy_mode;
    McAllocation *alloc; /* `alloc`: allocation of opt (else ssa) */
    int regs;          /* K of alloc (default 4) */
    McAllocator allocator; /* allocator of alloc (default improved) */
    McAllocOptions alloc_opts; /* `set alloc`, `destroy naive|sequential`: the allocator's switches
                                  (destroy and alloc; zero = the defaults) */

    /* ---- execution ---- */
    McView exec;       /* which view start/step/run execute (`set stage`) */
    McInterp *interp;  /* the paused interpreter, NULL when not started */
    const McFunc *interp_func; /* the function the interpreter runs */
    McPhiMode phi_mode;  /* `set phi-mode` */
    int64_t max_steps;   /* `set max-steps`, 0 = default */
    int64_t max_depth;   /* `set max-depth`: frames of a run with calls, 0 = default */
    McNativeCompiler native_cc; /* `set cc`: the compiler of native and check's native row */
    McTarget target;     /* `target`, `set target`: the machine asm, select and the workbench's
                            asm layout emit for (chapter, the default: the abstract machine) */
    McAsmBug asm_bug;    /* `set asm-bug`: a planted bug of x86-64's emitter (asm.h) that asm,
                            select, check and the workbench's asm layout use (default none) */
    McSessionEvents last; /* events of the last execution command */
    bool slow_continue;  /* continue/run step block by block (every event seen)
                            instead of the fast path: the hook for stops the
                            fast path cannot test (watches, conditions); plain
                            breakpoints are the per-block array of
                            mc_session_break_array, which both paths test */
    McOutcome outcome;   /* the outcome when the interpreter finished */
    /* Checkpoints of the run (session.c): clones of the interpreter taken at
     * block boundaries as it runs, ckpt_spacing block entries apart; when
     * MC_CKPT_BYTES would be passed, every other one goes and the spacing
     * doubles. `back` replays from the nearest one before its target. */
    McInterp **ckpt;
    int64_t *ckpt_steps;
    int nckpt, ckpt_max;
    int64_t ckpt_spacing;
    size_t ckpt_size;    /* estimated bytes of one checkpoint */
    const McFunc *ckpt_func;
    /* Calls being stepped (shell/frames.h): interp and interp_func above are
     * the innermost frame; these are its callers, outermost first, each with
     * its paused interpreter (at the call) and its checkpoints. */
    struct McShellFrame *frames;
    int nframes, capframes;
    int frame_sel;       /* `frame N`: the frame print and values read (0 = innermost) */
    McOutcome frame_ret; /* how the last callee stepped in ended (finish prints it) */

    /* ---- reporting ---- */
    const char *where_file; /* script being run, for `FILE:LINE: error:` */
    int where_line;
    bool where_by_command;  /* -c: where_line is the 1-based index of the command
                               in the `;`-separated list (`-c:N: error:`) */
    bool stop_at_entry;     /* next mc_session_continue honours an entry breakpoint */
    int64_t break_stops;    /* stops at a breakpoint so far (a front end compares counts) */
    const char *cmd;        /* the command running (mc_command_run), so shared
                               checks such as "no function loaded" can name it */
    int source_depth;  /* nesting of `source` and `lesson`, at most MC_MAX_NESTING */
    bool nest_abort;   /* the nesting limit was hit: every enclosing script and
                          lesson stops (cleared back at the top level) */
    struct McOutDir *outdir; /* while a lesson's commands run: the only directory
                                they may write files in (shell/outfile.h); NULL
                                at the prompt, where files go anywhere */
    int errors;        /* errors reported since the session began */
    bool quiet_load;   /* do not print the summary after `load` */
    bool lesson_write_here; /* `minicc --tui --write-here`: the workbench's lessons
                               write their files next to themselves */
    /* NULL, or called now and then while continue runs (after each fast
     * chunk, every 65536 blocks stepped) with the block entries so far: the
     * workbench draws its running indicator from it */
    void (*progress)(void *ctx, int64_t steps);
    void *progress_ctx;
    /* the commands typed at the top level, for save-session (record.c) */
    McStr rec;         /* lesson lines: `$ CMD`, `$ where` / `expect POS`, notes */
    int rec_steps;     /* commands recorded */
    char *rec_where;   /* the last position recorded (not repeated), malloc'd */
    const McInterrupt *interrupt; /* the front end's Ctrl-C flag (interrupt.h), or
                                     NULL: long commands poll it; the front end
                                     sets it from SIGINT and clears it before
                                     each command */
} McSession;

/* The memory all checkpoints of a run may take (estimated), and the block
 * entries between two when a run begins. */
#define MC_CKPT_BYTES ((size_t)64 << 20)
#define MC_CKPT_SPACING 1024

/* How deeply `source` and `lesson` may nest (a lesson playing itself, two
 * scripts sourcing each other): `source: nested too deeply (more than 16)`. */
#define MC_MAX_NESTING 16

/* Whether the front end's interrupt flag is set (the command running was
 * or is to be interrupted). */
bool mc_session_interrupted(const McSession *s);

void mc_session_init(McSession *s);
void mc_session_free(McSession *s);

/* `PREFIX error: MESSAGE` on err, where PREFIX is `FILE:LINE: ` while a
 * script runs (`FILE: ` when where_line is 0). Counts the error in
 * s->errors. Always returns false, so `return mc_session_error(...)` works
 * in a function that returns bool. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
bool mc_session_error(McSession *s, FILE *err, const char *fmt, ...);
/* Each of an engine step's diagnostics as an error `WHAT: MESSAGE` (the
 * `error: ` of the diagnostic dropped), or `WHAT failed` when there is none. */
void mc_session_diags_error(McSession *s, const McDiags *d, FILE *err, const char *what);

/* Load a file. On success the module replaces the old one; the function of
 * the same name stays selected if it exists (else the first function), and
 * its arguments and breakpoints are kept when they still fit. On failure
 * nothing changes and the diagnostics (with carets) go to err. */
bool mc_session_load(McSession *s, const char *path, FILE *err);
/* The same in a given language (minic.h: MC_LANG_AUTO chooses by the name,
 * `.c` is MiniC). */
bool mc_session_load_lang(McSession *s, const char *path, McLang lang, FILE *err);
/* Select a function of the loaded module by name. */
bool mc_session_select(McSession *s, const char *name, FILE *err);
/* Parse arguments for the current function (`4 [1,2,3]`); on failure the old
 * arguments stay. */
bool mc_session_set_args(McSession *s, int argc, char **argv, FILE *err);
/* True if a function is loaded; otherwise reports `no function loaded`. */
bool mc_session_need_func(McSession *s, FILE *err);
/* True if the function has arguments (a function without parameters always
 * has them); otherwise reports how to set them. */
bool mc_session_need_args(McSession *s, FILE *err);

/* A view of the current function, built on demand with default options
 * (SSA for `ssa`, the -O1 pipeline for `opt`, improved destruction for
 * `destroyed`). NULL with an error on err when it cannot be built. */
const McFunc *mc_session_view(McSession *s, McView v, FILE *err);
/* Replace the ssa or opt view (v is MC_VIEW_SSA or MC_VIEW_OPT) with a
 * freshly built function, owned by the session from now on, and drop the
 * products derived from it. `note` describes opt (e.g. "-O1"). */
void mc_session_set_view(McSession *s, McView v, McFunc *f, const char *note);
/* Drop every view from `from` on (and the allocation), and the interpreter
 * when it runs one of them. */
void mc_session_drop_views(McSession *s, McView from);

/* Build a product explicitly (the commands ssa, opt, destroy, alloc). Each
 * replaces the product and drops the ones derived from it; on failure the
 * old product stays. `opt` with no passes runs the -O1 pipeline. destroy and
 * alloc start from opt when it was built, else from ssa. */
bool mc_session_build_ssa(McSession *s, int kind, FILE *err);
bool mc_session_build_opt(McSession *s, int npasses, char **passes, FILE *err);
bool mc_session_build_destroyed(McSession *s, McAllocator mode, FILE *err);
bool mc_session_build_alloc(McSession *s, int regs, McAllocator which, FILE *err);
/* The SSA function destroy/alloc start from (opt, else ssa built on demand). */
const McFunc *mc_session_pipeline_ssa(McSession *s, FILE *err);
/* The allocation, built on demand with s->regs and s->allocator. */
const McAllocation *mc_session_allocation(McSession *s, FILE *err);
/* The phi-destruction mode's name: a bug mode of alloc_opts (naive,
 * sequential), else destroy_mode's allocator. */
const char *mc_session_destroy_name(const McSession *s);

/* ---- execution ---------------------------------------------------------- */

/* Start a fresh interpreter on the exec view with the arguments. */
bool mc_session_start(McSession *s, FILE *err);
/* The interpreter options of a run of this session (budget, depth, phi
 * mode, interrupt, the observer that records s->last). */
void mc_session_interp_options(McSession *s, McInterpOptions *o);
/* For stepping loops outside session.c (frames.c): clear s->last, then
 * step the interpreter (its observer appends to s->last), then end (which
 * makes the recorded phi tables readable); checkpoint takes a checkpoint at
 * a block boundary when one is due. */
void mc_session_events_begin(McSession *s);
void mc_session_events_end(McSession *s);
void mc_session_checkpoint(McSession *s);
/* Whether the interpreter has started and not finished. */
bool mc_session_running(const McSession *s);
/* Forget the interpreter position. */
void mc_session_stop(McSession *s);
/* Run n blocks (by_inst false) or n instructions; stops early at the end.
 * Events are recorded in s->last. Starts the interpreter if needed. When the
 * interrupt flag is seen at a block boundary, stops there (the position
 * after the last completed block stays) and reports `CMD: interrupted`. */
bool mc_session_step(McSession *s, int64_t n, bool by_inst, FILE *err);
/* Run to the end or to the next breakpoint (the block it starts at does
 * not count); *at_break tells which. Starts the interpreter if needed.
 * Interrupted as mc_session_step is (returns false, position kept).
 * With s->stop_at_entry set (the prompt's `run` sets it after
 * mc_session_start), a breakpoint on the entry block stops the run before
 * anything executes, as gdb stops at a breakpoint on the first line; the
 * flag is cleared by the call. */
/* Unless s->slow_continue is set, the blocks between the first boundary and
 * the last block run on the fast path (mc_interp_continue_until): they stop
 * where stepping would, in the same state, and the last block is stepped
 * again from a checkpoint so that s->last holds its events as before. */
bool mc_session_continue(McSession *s, bool *at_break, FILE *err);
/* Go back n whole blocks (a deterministic replay from the start); lands on
 * a block boundary, at the start at the latest. Fails when not started. */
bool mc_session_back(McSession *s, int64_t n, FILE *err);
/* record.c: the session as a lesson. begin notes the program and its
 * arguments once, before the first thing recorded (mc_command_line calls
 * it before each top-level command); record keeps a command `name` that
 * succeeded, as typed (`line`), and the position after it; a note is
 * narration; save writes the lesson to path (outfile.h's rules in a
 * lesson). Nothing is recorded while a script or lesson runs. */
void mc_session_record_begin(McSession *s);
void mc_session_record(McSession *s, const char *name, const char *line);
void mc_session_record_note(McSession *s, const char *text);
bool mc_session_save(McSession *s, const char *path, FILE *out, FILE *err);
/* gdb's reverse-stepi (by_line false): back one instruction (mc_interp_ticks
 * one fewer), and reverse-step (by_line true, MiniC only): back to the first
 * instruction of the last stretch of another C line run before the position.
 * Both replay from the nearest checkpoint (a reverse-step first replays
 * windows of 1, 2, 4, ... blocks before the position to find where that line
 * began); *work (may be NULL) counts the instructions the windows replayed
 * (the final replay to the target is within the last window).
 * Ctrl-C: the position stays where it was. Events are cleared, as by back. */
bool mc_session_reverse_step(McSession *s, bool by_line, int64_t *work, FILE *err);
/* Where a run stands, to carry it to another stage (`set stage`, the
 * workbench's `v`): the stepped function's own block entries at the block
 * boundary it stands at (inside a block: the boundary before it, as the
 * stages' instructions differ) and the block about to be entered there. */
typedef struct McSessionPlace {
    McView view;      /* the stage it ran */
    bool running;     /* an interpreter existed */
    bool finished;
    bool inside;      /* it stood inside a block (steps is the boundary before it) */
    int64_t steps;
    char block[128];
} McSessionPlace;
void mc_session_place(const McSession *s, McSessionPlace *p);
/* Start the exec stage's function and run it to was->steps block entries
 * (checkpoints taken on the way). When the stages correspond there (the
 * same count ends the run in both, or both are about to enter a block of
 * the same name) the run stays there; otherwise it is stopped and `why`
 * says how they differ. False only for an error (on err) or Ctrl-C (stopped). */
bool mc_session_follow_stage(McSession *s, const McSessionPlace *was, char *why, size_t size, FILE *err);
/* The estimated memory the run's checkpoints take now (at most MC_CKPT_BYTES). */
size_t mc_session_ckpt_bytes(const McSession *s);
/* The breakpoint array for the interp function (nblocks bools, malloc'd). */
bool *mc_session_break_array(const McSession *s, const McFunc *f);
bool mc_session_has_break(const McSession *s, const char *block);
/* Whether breakpoint name brk (BLOCK, or FUNC:BLOCK for a block of another
 * function: `break fib:rec`) stops at `block` of f: a plain BLOCK belongs to
 * the session's function (in every frame that runs it). */
bool mc_session_break_applies(const McSession *s, const char *brk, const McFunc *f, const char *block);
/* The function a FUNC:BLOCK breakpoint names when it has that block, else NULL. */
const McFunc *mc_session_break_func(const McSession *s, const char *brk);

/* Breakpoints by block name; add fails when no form of the function built
 * so far (input, ssa, opt, destroyed, the running one) has that block. */
bool mc_session_break_add(McSession *s, const char *block, FILE *err);
bool mc_session_break_del(McSession *s, const char *block, FILE *err);
void mc_session_break_clear(McSession *s);

/* The C source of the loaded module when it is MiniC (minic.h), with its
 * length in *len; NULL for an IR module. Lines of instructions, terminators
 * and phis (McInst.line ...) and mc_block_line point into it;
 * mc_source_line (minic.h) cuts one line out. */
const char *mc_session_c_source(const McSession *s, size_t *len);
/* The C line the paused interpreter is at (mc_minic_line_at of its block
 * and pc), 0 when not running or not MiniC. */
int32_t mc_session_c_line(const McSession *s);
/* Step instruction by instruction until the interpreter reaches another C
 * line (gdb's `next`; a loop on one line runs to its end), the function
 * finishes, or Ctrl-C; the events are kept as mc_session_step keeps them.
 * An error for IR (no C lines). */
bool mc_session_step_line(McSession *s, FILE *err);
/* `break LINE`: when word is a line number, the name of the first block
 * with code of that line in the function being executed, or "" after an
 * error on err (not MiniC, no code there); NULL when word is no number. */
const char *mc_session_break_line(McSession *s, const char *word, FILE *err);

#endif
