/* cmd_frames.c - the prompt's commands for calls, as gdb has them: next and
 * nexti (over a call), finish (to the return of a frame), backtrace and
 * frame (the stack of frames, shell/frames.h), and the frame-aware step,
 * continue and back that cmd_exec.c hands over to when the program calls. */
#include "shell/cmd_group.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"
#include "shell/frames.h"
#include "shell/show.h"

#define MAX_STEP_COUNT 1000000000LL

/* After a step, next or finish: the outcome, the C line, watches, displays. */
static void after_step(McSession *s, FILE *out, FILE *err) {
    mc_cmd_print_outcome(s, out, err);
    mc_cmd_print_c_line(s, out);
    mc_session_watch_report(s, out);
    mc_session_show_displays(s, out);
}

Status mc_cmd_frames_step(McSession *s, int argc, char **argv, FILE *out, FILE *err, bool by_inst, bool into) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    int64_t n = 1;
    if (argc >= 2 && !mc_cmd_parse_count(s, err, argv[0], argv[1], 1, MAX_STEP_COUNT, &n)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (s->interp && mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        fputs("(use start to run it again, or back to step backwards)\n", out);
        return OK;
    }
    if (!mc_frames_step(s, n, by_inst, into, out, err)) {
        if (s->interp && mc_session_interrupted(s)) mc_show_position(s->interp_func, s->interp, out);
        return ERR;
    }
    after_step(s, out, err);
    return OK;
}

static Status cmd_next(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (argc >= 2 && strcmp(argv[1], "line") == 0) argv[0] = "step"; /* `next line` is `step line` */
    if (!mc_frames_active(s) || (argc >= 2 && strcmp(argv[1], "line") == 0)) return mc_cmd_step_plain(s, argc, argv, out, err, false);
    return mc_cmd_frames_step(s, argc, argv, out, err, false, false);
}

static Status cmd_nexti(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (!mc_frames_active(s)) return mc_cmd_step_plain(s, argc, argv, out, err, true);
    return mc_cmd_frames_step(s, argc, argv, out, err, true, false);
}

/* `breakpoint: BLOCK` (with its function in a callee) and the frame. */
static Status report(McSession *s, bool at_break, FILE *out, FILE *err) {
    if (at_break) {
        int32_t b = mc_interp_block(s->interp);
        const McFunc *f = s->interp_func;
        if (s->stops.last_stop != 2) {
            fputs("breakpoint: ", out);
            if (s->nframes > 0) fprintf(out, "%s:", mc_shown_name(f, f->name));
            fprintf(out, "%s\n", f->blocks[b == MC_NONE ? 0 : b].name);
        }
        if (s->stops.hit[0]) fprintf(out, "%s\n", s->stops.hit);
        if (s->nframes > 0) mc_frames_print(s, 0, out);
        else mc_show_position(s->interp_func, s->interp, out);
    } else if (s->nframes > 0) {
        mc_frames_print(s, 0, out);
    } else {
        mc_cmd_print_outcome(s, out, err);
    }
    mc_session_show_displays(s, out);
    return OK;
}

Status mc_cmd_frames_continue(McSession *s, FILE *out, FILE *err) {
    bool at_break;
    if (!mc_frames_run(s, 0, &at_break, out, err)) {
        if (s->interp && mc_session_interrupted(s)) mc_show_position(s->interp_func, s->interp, out);
        return ERR;
    }
    return report(s, at_break, out, err);
}

static Status cmd_finish(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "finish: the program is not running (try: start)"), ERR;
    if (mc_interp_finished(s->interp, NULL)) {
        mc_show_position(s->interp_func, s->interp, out);
        return OK;
    }
    int depth = mc_frames_depth(s), sel = s->frame_sel;
    if (sel >= depth - 1)
        return mc_session_error(s, err,
                                "finish: not meaningful in the outermost frame (#%d %s has no caller; try: continue)",
                                depth - 1, s->input->name),
               ERR;
    const McFunc *f;
    mc_frames_interp(s, sel, &f);
    fputs("run till exit from ", out);
    mc_frames_print(s, sel, out);
    bool at_break;
    if (!mc_frames_run(s, depth - sel - 1, &at_break, out, err)) {
        if (s->interp && mc_session_interrupted(s)) mc_show_position(s->interp_func, s->interp, out);
        return ERR;
    }
    if (at_break) return report(s, true, out, err);
    /* Back in the caller, just after the call: its result. */
    const McFunc *g = s->interp_func;
    int32_t b = mc_interp_block(s->interp), pc = mc_interp_pc(s->interp);
    if (!mc_interp_finished(s->interp, NULL) && b != MC_NONE && pc > 0 && pc <= g->blocks[b].ninsts &&
        g->blocks[b].insts[pc - 1].op == MC_OP_CALL) {
        const McInst *c = &g->blocks[b].insts[pc - 1];
        int32_t x = 0;
        if (c->dest != MC_NONE && mc_interp_value(s->interp, c->dest, &x))
            fprintf(out, "%s returned %ld: %s = %ld\n", mc_shown_name(f, f->name), (long)x,
                    mc_shown_name(g, g->values[c->dest].name), (long)x);
        else
            fprintf(out, "%s returned %ld (dropped)\n", mc_shown_name(f, f->name), (long)s->frame_ret.value);
        mc_frames_print(s, 0, out);
        mc_session_show_displays(s, out);
        return OK;
    }
    after_step(s, out, err); /* the run ended: a trap in the callee */
    return OK;
}

static Status cmd_backtrace(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) {
        fputs("not running (start begins, run runs to the end)\n", out);
        return OK;
    }
    for (int k = 0; k < mc_frames_depth(s); k++) {
        fputs(k == s->frame_sel ? "* " : "  ", out);
        mc_frames_print(s, k, out);
    }
    return OK;
}

static Status select_frame(McSession *s, const char *cmd, int64_t k, FILE *out, FILE *err) {
    int depth = mc_frames_depth(s);
    if (k < 0 || k >= depth)
        return mc_session_error(s, err, "%s: no frame #%lld (frames #0..#%d; see: backtrace)", cmd, (long long)k,
                                depth - 1),
               ERR;
    s->frame_sel = (int)k;
    mc_frames_print(s, s->frame_sel, out);
    return OK;
}

static Status cmd_frame(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 1)) return ERR;
    if (!mc_session_need_func(s, err)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "frame: the program is not running (try: start)"), ERR;
    if (argc < 2) return select_frame(s, "frame", s->frame_sel, out, err);
    char *end;
    long long k = strtoll(argv[1], &end, 10);
    if (*end || end == argv[1])
        return mc_session_error(s, err, "frame: expected a frame number, got '%s' (see: backtrace)", argv[1]), ERR;
    return select_frame(s, "frame", k, out, err);
}

static Status cmd_up(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "up: the program is not running (try: start)"), ERR;
    if (s->frame_sel + 1 >= mc_frames_depth(s))
        return mc_session_error(s, err, "up: already in the outermost frame #%d", s->frame_sel), ERR;
    return select_frame(s, "up", s->frame_sel + 1, out, err);
}

static Status cmd_down(McSession *s, int argc, char **argv, FILE *out, FILE *err) {
    if (mc_cmd_too_many(s, err, argc, argv, 0)) return ERR;
    if (!s->interp) return mc_session_error(s, err, "down: the program is not running (try: start)"), ERR;
    if (s->frame_sel == 0) return mc_session_error(s, err, "down: already in the innermost frame #0"), ERR;
    return select_frame(s, "down", s->frame_sel - 1, out, err);
}

const McCommand mc_cmds_calls[] = {
    {"next", "n", "calls", "next [N]", "like step, but a call runs as one instruction",
     "step enters a call: the callee gets a frame of its own and the step stops\n"
     "before its entry block (`entering F, depth D`); next runs the call to its\n"
     "return as one instruction. When a callee returns, its caller executes\n"
     "the call and the step stops just after it (`F returned V to G`). In a\n"
     "program without calls, next is step.\n",
     "", cmd_next},
    {"nexti", "ni", "calls", "nexti [N]", "like stepi, but a call runs as one instruction", "", "", cmd_nexti},
    {"finish", "fin", "calls", "finish", "run until the selected frame returns; print its result",
     "Stops in the caller just after the call, with `F returned V: x = V`;\n"
     "a breakpoint met on the way stops it first. In the outermost frame\n"
     "there is nothing to return to: an error, and nothing runs.\n",
     "", cmd_finish},
    {"backtrace", "bt", "calls", "backtrace", "the frames: function, arguments, block, instruction",
     "#0 is the innermost frame (the one stepping), the last the function\n"
     "started; `*` marks the frame `frame N` selected. A caller stands at its\n"
     "call (`at: x = call f(...)`). A buffer argument shows its first eight\n"
     "elements as the frame sees them now.\n",
     "", cmd_backtrace},
    {"frame", "f", "calls", "frame [N]", "select frame N (from backtrace) for print and values",
     "print and values read the selected frame's values until the next\n"
     "step, next, continue or finish, which go back to #0.\n",
     "", cmd_frame},
    {"up", "", "calls", "up", "select the caller of the selected frame", "", "", cmd_up},
    {"down", "", "calls", "down", "select the callee of the selected frame", "", "", cmd_down},
};
const int mc_ncmds_calls = (int)(sizeof mc_cmds_calls / sizeof mc_cmds_calls[0]);
