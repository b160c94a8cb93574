/* show.h - text pictures of the engine's data for the prompt, the workbench
 * and lessons: IR listings with a position gutter, the step record (the
 * simultaneous phi table), CFG / dominator / liveness tables, interference
 * graphs and Graphviz DOT. Everything prints to a FILE * and nothing here
 * changes state. */
#ifndef MINICC_REPL_SHOW_H
#define MINICC_REPL_SHOW_H

#include <stdio.h>

#include "minicc/cfg.h"
#include "minicc/interp.h"
#include "minicc/ir.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* One line of IR is spelled by the engine's printer (mc_inst_str and
 * friends, minicc/ir.h), so listings read exactly as the text format. */

/* A listing of f (or only block `only` when it is not MC_NONE) with a
 * three-column gutter: `=>` marks the interpreter position (block, pc as in
 * mc_interp_pc; block MC_NONE for none), `*` a block with a breakpoint
 * (bp may be NULL), `+` an instruction inserted by phi destruction
 * (phi_copy may be NULL). */
void mc_show_listing(const McFunc *f, int32_t only, int32_t pos_block, int32_t pos_pc, const bool *bp,
                     uint8_t *const *phi_copy, FILE *out);

/* The events of a step, one block per paragraph: a `[N] BLOCK <- PRED`
 * header, the edge's phi assignment as one aligned table
 *     edge head <- body: (a, b) := (b, a)   [simultaneous]
 *       a  reads b = 2    1 -> 2
 *       b  reads a = 1    2 -> 1
 * then each instruction with its result, the terminator with its choice.
 * `first_step` numbers the first ENTER event. With `sequential`, the edge is
 * shown as one-at-a-time assignments and reads of an already overwritten
 * phi destination are pointed out. */
void mc_show_events(const McFunc *f, const McEvent *ev, int n, int64_t first_step, bool sequential, FILE *out);

/* Where the interpreter stands, one line: `at head (step 3), about to enter from body`. */
void mc_show_position(const McFunc *f, const McInterp *in, FILE *out);

/* Tables of the CFG analyses. */
void mc_show_cfg(const McFunc *f, const McCfg *c, FILE *out);
void mc_show_dom(const McFunc *f, const McCfg *c, FILE *out);
void mc_show_live(const McFunc *f, const McLiveness *l, FILE *out);
/* The function in the IR text format with a `# live: ... [N]` comment after
 * every point (a block's top, after its phis, and every instruction): the
 * values live after it and its pressure N; the function's MaxLive point is
 * marked `<- MaxLive`, each block's `<- block max`; a header names MaxLive
 * and each block's (points_show.c). */
void mc_show_live_points(const McFunc *f, FILE *out);
/* Why values x and y of a's destroyed function interfere in a's graph, or
 * why not, in a sentence or two (points_show.c). */
void mc_show_why(const McAllocation *a, const McAllocOptions *o, int32_t x, int32_t y, FILE *out);

/* The interference graph of an allocation: adjacency list with degrees and
 * locations, the adjacency matrix (small graphs), the colouring order; a
 * summary for a big graph. Both lay out the pictures of picture.h. */
void mc_show_interference(const McAllocation *a, FILE *out);
/* value -> register or slot, one per line. */
void mc_show_regs(const McAllocation *a, FILE *out);
/* What the convention makes of the calls (nothing without calls): the
 * registers a call clobbers, the prologue's callee saves, and each call's
 * values live across it, kept or saved, the saves as parallel moves (the
 * workbench's calls pane says the same). */
void mc_show_calls(const McAllocation *a, FILE *out);

/* Graphviz DOT. */
void mc_dot_cfg(const McFunc *f, FILE *out);
void mc_dot_dom(const McFunc *f, const McCfg *c, FILE *out);
void mc_dot_interference(const McAllocation *a, FILE *out);

#endif
