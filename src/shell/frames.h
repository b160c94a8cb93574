/* frames.h - stepping into calls, as gdb does (docs/shell.md, "Calls").
 *
 * The engine runs a call as one instruction of the function it steps
 * (interp.h). To step inside a callee the session keeps a stack of paused
 * interpreters: when `step` reaches a call, a new interpreter starts on the
 * callee with the caller's arguments (scalars as values, buffers as their
 * contents now), the step budget left and the depth left, and becomes the
 * innermost frame (s->interp, s->interp_func); the caller stays paused at
 * the call. When the callee returns, its interpreter goes and the caller
 * executes the call instruction itself (the engine runs the callee again,
 * deterministically, so the result, the buffers, the step and instruction
 * counts and a trap are exactly those of a run that never stepped in).
 * A trap in a callee ends the whole run: every frame returns to its caller
 * with the trap, down to the outermost one.
 *
 * Every frame shows the same thing: print, values and the workbench read
 * the innermost frame, or the one `frame N` selected; a buffer passed down
 * by reference reads as the innermost frame that has it sees it. A call
 * that passes one buffer twice is stepped over (the callee's two views of
 * it could not be kept as one). */
#ifndef MINICC_SHELL_FRAMES_H
#define MINICC_SHELL_FRAMES_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "minicc/interp.h"

struct McSession;

/* A caller of the innermost frame: its interpreter paused at a call, and
 * its checkpoints (session.c's), kept while the callee runs. */
typedef struct McShellFrame {
    McInterp *interp;
    const McFunc *func;
    McInterp **ckpt;
    int64_t *ckpt_steps;
    int nckpt, ckpt_max;
    int64_t ckpt_spacing;
    size_t ckpt_size;
    const McFunc *ckpt_func;
} McShellFrame;

/* Forget every caller frame (mc_session_stop calls it). */
void mc_frames_drop(struct McSession *s);
/* Frames of the run now: 1 + callers (0 when not running). */
int mc_frames_depth(const struct McSession *s);
/* Frame k (0 = innermost): its interpreter and function. */
McInterp *mc_frames_interp(const struct McSession *s, int k, const McFunc **f);
/* The call instruction the innermost frame is about to execute, or NULL. */
const McCall *mc_frames_at_call(const struct McSession *s);
/* Whether `step` would enter the call the innermost frame stands at (a
 * call, budget and depth left, no buffer passed twice). */
bool mc_frames_can_enter(const struct McSession *s);
/* Enter it: a new innermost frame, about to enter the callee's entry. */
bool mc_frames_enter(struct McSession *s);
/* The innermost frame finished and has a caller: drop it and let the
 * caller execute its call (the caller's event recorded in s->last). */
bool mc_frames_return(struct McSession *s);
/* The buffer value v of frame k names as the innermost frame that has it
 * sees it now (a buffer passed down by reference), or NULL. */
const McArg *mc_frames_buffer(const struct McSession *s, int k, int32_t v);
/* Print frame k as backtrace does: `#K FUNC(ARGS) at BLOCK, POSITION`. */
void mc_frames_print(const struct McSession *s, int k, FILE *out);
/* While print/values run: s->interp and s->interp_func are frame
 * s->frame_sel's (begin returns whether it swapped; end swaps back). */
bool mc_frames_view_begin(struct McSession *s);
void mc_frames_view_end(struct McSession *s, bool swapped);

/* ---- stepping across frames (the prompt's and the workbench's) ---- */

/* Whether the frame-aware loops apply: the running function (or the
 * session's) has a call, or a callee is being stepped. Programs without
 * calls keep session.c's loops. */
bool mc_frames_active(const struct McSession *s);
/* n whole blocks (by_inst: instructions) of the innermost frame; into: a
 * call is entered (a new frame, one step), else it runs as one
 * instruction. A callee that returns hands back to its caller (which
 * executes the call) within the step. The events go to out as step shows
 * them, with `entering F, depth D` and `F returned V to G, depth D` lines. */
bool mc_frames_step(struct McSession *s, int64_t n, bool by_inst, bool into, FILE *out, FILE *err);
/* Run to a stop (a breakpoint in any frame, a watch), the end, or, with
 * until_depth > 0, until the run is back at that depth after a return
 * (finish). Calls are entered only when a stop could be inside one. */
bool mc_frames_run(struct McSession *s, int until_depth, bool *at_break, FILE *out, FILE *err);
/* Whether continue and run go through mc_frames_run: a callee is being
 * stepped, or the program calls and a stop could be inside a call. */
bool mc_frames_continue_applies(const struct McSession *s);
/* back N across frames: past a callee's start its frame goes, and the rest
 * is taken in the caller (from the call's block boundary). */
bool mc_frames_back(struct McSession *s, int64_t n, FILE *err);

#endif
