/* minicc/interp.h - the stepping interpreter (interp.c, chapter §32.1);
 * the arguments and outcomes every executor shares are in outcome.h.
 *
 * Two ways to execute a verified function (mutable or SSA form):
 *   - McInterp (here): the stepping interpreter used by the prompt, the
 *     workbench and lessons, and the reference semantics. It runs a block or
 *     an instruction at a time and reports every event to an optional
 *     observer.
 *   - mc_run (run.h): the plain run path. It pre-decodes the function
 *     (operands as slots in a value array, targets resolved) and runs
 *     without events.
 * Both: i32 wraparound, signed comparisons, a bounds check before every
 * access (trap `buffer index I outside [0,LENGTH)`; effects before the trap
 * stay visible), a divisor check before every div and rem (trap `division
 * by zero`), phis updated simultaneously, and a block-entry step budget
 * (trap `execution step limit exceeded`). The engine never prints.
 *
 * Implemented in interp.c (src/engine). */
#ifndef MINICC_INTERP_H
#define MINICC_INTERP_H

#include "diag.h"
#include "interrupt.h"
#include "ir.h"
#include "outcome.h"

/* ---- the stepping interpreter --------------------------------------------- */

typedef enum McEventKind {
    MC_EV_ENTER,  /* entering `block` from `pred` (MC_NONE at the start) */
    MC_EV_PHIS,   /* the edge's phi assignment as one record (only if nphis > 0) */
    MC_EV_INST,   /* instruction `inst` of `block` executed */
    MC_EV_MEM,    /* a load or store touched memory (after INST's operands are known) */
    MC_EV_TERM,   /* the terminator of `block` chose `next` (MC_NONE for return) */
    MC_EV_TRAP,   /* execution trapped; see outcome */
    MC_EV_RETURN, /* execution returned; see outcome */
} McEventKind;

typedef struct McPhiUpdate {
    int32_t phi;     /* index of the phi in its block */
    int32_t dest;    /* value handle written */
    McOperand src;   /* the operand read on this edge */
    int32_t value;   /* the value read (the new value of dest) */
    int32_t old;     /* dest's value before the update */
    bool had_old;    /* dest was defined before */
} McPhiUpdate;

typedef struct McEvent {
    McEventKind kind;
    int32_t block;               /* current block */
    int32_t pred;                /* ENTER/PHIS: the edge's source block */
    const McPhiUpdate *phis;     /* PHIS */
    int32_t nphis;
    int32_t inst;                /* INST/MEM: index in block */
    int32_t opnd[3];             /* INST: operand values (buffer operand: 0) */
    int32_t result;              /* INST: value written to dest (if any) */
    int32_t old;                 /* INST: dest's previous value, if had_old */
    bool had_old;
    bool is_store;               /* MEM */
    int32_t buf, index, value;   /* MEM: buffer value handle, index, value loaded/stored */
    int32_t next;                /* TERM: next block or MC_NONE */
    const McOutcome *outcome;    /* TRAP/RETURN */
} McEvent;

typedef void (*McObserver)(void *ctx, const McEvent *ev);

typedef enum McPhiMode {
    MC_PHI_PARALLEL = 0,   /* the IR's semantics: read all, then write all */
    MC_PHI_SEQUENTIAL = 1, /* the classic mistake, for teaching: phis assigned one by one */
} McPhiMode;

typedef struct McInterpOptions {
    int64_t max_steps;  /* 0 means MC_DEFAULT_MAX_STEPS */
    McPhiMode phi_mode;
    McObserver observer; /* may be NULL */
    void *ctx;
    const McInterrupt *interrupt; /* polled at every block boundary by
                                     mc_interp_continue; may be NULL */
    int64_t max_depth;  /* frames at once, the function run being frame 1;
                           0 means MC_DEFAULT_MAX_DEPTH (last: positional
                           initializers of the fields above stay valid) */
} McInterpOptions;

/* Why mc_interp_continue stopped. */
typedef enum McStop {
    MC_STOP_END = 0,       /* execution finished (returned or trapped) */
    MC_STOP_BREAK = 1,     /* about to enter a block with a breakpoint */
    MC_STOP_INTERRUPT = 2, /* the interrupt flag was set: stopped at the block
                              boundary after the last completed block */
    MC_STOP_LIMIT = 3,     /* mc_interp_continue_until: at the boundary after
                              `until` block entries */
} McStop;

typedef struct McInterp McInterp;

/* Calls (docs/ir.md §3.2). A call is one instruction of the function being
 * stepped (a `next`, not a `step` into it): its callee runs to its return
 * inside that one instruction, on a stack of heap frames (each with its own
 * values and local buffers; buffer arguments by reference; no C recursion,
 * so the depth is bounded by max_depth, not by the C stack), without events
 * and without breakpoints, its block entries counted in the one step budget
 * and its instructions in the instruction count. A trap or an interrupt in
 * a callee ends the run at the call (effects kept); an interrupt is polled
 * every few thousand block entries there. Positions, values and events
 * always describe the function being stepped; its own local buffers are
 * part of the state that clones, restores and replays copy.
 *
 * The function must stay alive and unchanged while the interpreter exists.
 * The arguments are copied. The interpreter starts before the entry block. */
McInterp *mc_interp_new(const McFunc *f, const McArgs *args, const McInterpOptions *opt);
void mc_interp_free(McInterp *in);
/* Run one whole block: enter the next block (phis), its instructions and its
 * terminator. Returns false when execution has already finished. */
bool mc_interp_step_block(McInterp *in);
/* One instruction: the block entry with its phis counts as one, each
 * instruction as one, the terminator as one. Returns false when finished. */
bool mc_interp_step_inst(McInterp *in);
/* Run to the end, or until the next entry into a block with bp[block] set
 * (bp may be NULL), or until the interrupt flag is seen at a block boundary
 * (the block it starts at is not checked for either). */
McStop mc_interp_continue(McInterp *in, const bool *bp);
/* The same stops and the same final state as mc_interp_continue (values,
 * buffers, position, steps, instructions, ticks, defined values), but the
 * blocks after the first boundary run on the run path's exact code
 * (run.h) without events: the rest of a block it starts inside is stepped
 * (with events), then no observer is called. The interrupt flag is polled
 * every few thousand block entries instead of at every one. */
McStop mc_interp_continue_fast(McInterp *in, const bool *bp);
/* The same, stopping (MC_STOP_LIMIT) at the block boundary after `until`
 * block entries unless another stop comes first. */
McStop mc_interp_continue_until(McInterp *in, const bool *bp, int64_t until);
/* An independent copy of the whole state (arguments, values, position,
 * counters, observer and options): a checkpoint. */
McInterp *mc_interp_clone(const McInterp *in);
/* Back to a checkpoint of the same run (a clone of in, or in of a clone):
 * in's state becomes from's; options and observer stay in's. */
void mc_interp_restore(McInterp *in, const McInterp *from);
/* From a block boundary: run without events (the fast path) to the boundary
 * after `steps` block entries, or to the end when it comes first; false
 * (nothing done) when not at a boundary or finished. */
bool mc_interp_run_to(McInterp *in, int64_t steps);
bool mc_interp_finished(const McInterp *in, McOutcome *out); /* out may be NULL */
int32_t mc_interp_block(const McInterp *in); /* current block, MC_NONE before start */
/* Position inside the current block: -1 = about to enter (phis not yet done),
 * 0..ninsts-1 = next instruction, ninsts = at the terminator. */
int32_t mc_interp_pc(const McInterp *in);
int32_t mc_interp_prev_block(const McInterp *in);
int64_t mc_interp_steps(const McInterp *in);  /* blocks entered */
/* The part of mc_interp_steps entered inside calls (callees' blocks): the
 * stepped function's own entries are the difference. */
int64_t mc_interp_call_steps(const McInterp *in);
bool mc_interp_value(const McInterp *in, int32_t value, int32_t *out); /* false if undefined */
const McArgs *mc_interp_args(const McInterp *in); /* current buffers */
/* The buffer a buffer value of the stepped function names now: a buf
 * parameter's (as in mc_interp_args) or a local buffer's; NULL for a local
 * buffer whose `buffer` instruction has not run, or a value that is no
 * buffer. */
const McArg *mc_interp_buffer(const McInterp *in, int32_t value);
void mc_interp_set_observer(McInterp *in, McObserver obs, void *ctx);
/* A new interpreter positioned after `steps` block entries from the start
 * (replay; deterministic), used to step backwards. With calls, `steps`
 * counts the stepped function's own entries (mc_interp_steps minus
 * mc_interp_call_steps): a position inside a call is no boundary of it. */
McInterp *mc_interp_replay(const McInterp *in, int64_t steps);
/* Finer replay for stepping back one instruction: mc_interp_ticks counts the
 * mc_interp_step_inst units performed so far (block entry, each instruction,
 * terminator), and mc_interp_replay_ticks positions a new interpreter after
 * `ticks` of them. */
int64_t mc_interp_ticks(const McInterp *in);
McInterp *mc_interp_replay_ticks(const McInterp *in, int64_t ticks);

/* A whole run without events: the outcome (MC_INTERRUPTED when opt's
 * interrupt stopped it) with args' buffers updated in place. What the run
 * path (mc_run, run.h) and stage input use for a function with calls or
 * local buffers. */
McOutcome mc_interp_run(const McFunc *f, McArgs *args, const McInterpOptions *opt);

#endif
