/* minicc/run.h - the plain run path (run.c): execute a verified function
 * (mutable or SSA form) fast, without events, with the semantics of the
 * stepping interpreter (interp.h), which is the reference: the same outcome,
 * the same final buffers, the same step count (see src/engine/README.md for
 * how the tests hold every executor to it). */
#ifndef MINICC_RUN_H
#define MINICC_RUN_H

#include "interrupt.h"
#include "ir.h"
#include "outcome.h"

typedef struct McCode McCode; /* a pre-decoded function */
/* f and every function it may call (docs/ir.md §3.2: calls and local
 * buffers run on heap frames, so recursion is bounded by the depth limit,
 * never by the C stack). */
McCode *mc_code_new(const McFunc *f);
void mc_code_free(McCode *c);
/* Executes; args' buffers are updated in place. */
McOutcome mc_code_run(const McCode *c, McArgs *args, int64_t max_steps);
/* The same, polling *stop (may be NULL) every few thousand block entries (at
 * most a few million instructions apart): when set, the outcome is
 * MC_INTERRUPTED. */
McOutcome mc_code_run_intr(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop);
/* The same with a depth limit (frames at once, the function run being frame
 * 1; 0 = MC_DEFAULT_MAX_DEPTH): past it a call traps MC_DEPTH_TRAP_MSG. */
McOutcome mc_code_run_limits(const McCode *c, McArgs *args, int64_t max_steps, int64_t max_depth,
                             const McInterrupt *stop);
/* On x86-64, a run that has interpreted about as long as compiling would
 * take (2048 edges between blocks + 16 per record of the code) translates the
 * records into machine code (a template compiler, exec/jit_x64.c) and goes
 * on in it; later runs of the same code start in it. The results, step and
 * instruction counts, traps, polls and resume states are the same. Off
 * x86-64, with $MINICC_JIT set to 0 when the code is made, or where the host
 * refuses executable memory, the records are interpreted.
 * mc_code_jit_after sets the number of edges (0: compile now; -1: never,
 * dropping any machine code; $MINICC_JIT=0 wins); the tests and the bench
 * compare the two. mc_code_is_jit: whether c has machine code now. A run
 * may thus fill in a const McCode: two threads must not run one at once. */
void mc_code_jit_after(McCode *c, int64_t edges);
bool mc_code_is_jit(const McCode *c);
/* Decode + run + free (mc_run and mc_run_intr with the default depth limit). */
McOutcome mc_run(const McFunc *f, McArgs *args, int64_t max_steps);
McOutcome mc_run_intr(const McFunc *f, McArgs *args, int64_t max_steps, const McInterrupt *stop);
McOutcome mc_run_limits(const McFunc *f, McArgs *args, int64_t max_steps, int64_t max_depth, const McInterrupt *stop);

/* ---- exact code: resuming from a block boundary --------------------------
 * The stepping interpreter's fast continue (mc_interp_continue_fast) runs on
 * exact code: every value in its own slot (no coalescing; every result
 * written), phis assigned in parallel or, with sequential_phis, one by one
 * as MC_PHI_SEQUENTIAL does; and a loop that on every edge tests a per-block
 * breakpoint byte and marks the block it leaves. */
McCode *mc_code_new_exact(const McFunc *f, bool sequential_phis); /* f has no calls (interp.c steps those) */

typedef enum McCodeStop {
    MC_CODE_FINISHED = 0,    /* returned or trapped: out says which */
    MC_CODE_AT_BREAK = 1,    /* before entering a block whose brk byte is set */
    MC_CODE_AT_LIMIT = 2,    /* before entry number until + 1 */
    MC_CODE_INTERRUPTED = 3, /* the flag was seen before an entry */
} McCodeStop;

/* The interpreter's state at a block boundary, read and updated. */
typedef struct McCodeState {
    int32_t *vals;        /* the value of every value handle (in/out) */
    int32_t block, prev;  /* in: about to enter block from prev (MC_NONE: the start); out: where it stopped */
    int32_t pc;           /* out: -1 at a boundary; the trapping instruction; ninsts after a return */
    int64_t steps, insts; /* block entries and instructions so far (in/out) */
    int64_t max_steps;    /* the budget: entry max_steps + 1 traps */
    int64_t until;        /* stop before entry number until + 1 (MC_CODE_AT_LIMIT) */
    const uint8_t *brk;   /* per block: non-zero stops before entering it (never the first entry) */
    uint8_t *done;        /* per block: set to 1 when an edge leaves it */
    const McInterrupt *stop; /* may be NULL */
} McCodeState;

/* Runs exact code from st's boundary (entering st->block first, with its
 * phis, without a breakpoint test) until a stop; args' buffers are updated
 * in place; out holds the outcome when MC_CODE_FINISHED (steps and insts
 * always). */
McCodeStop mc_code_resume(const McCode *c, McArgs *args, McCodeState *st, McOutcome *out);

#endif
