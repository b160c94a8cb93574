/* pane_stack.c - the stack of a program with calls (shell/frames.h): one
 * entry per frame, innermost (#0) first, each with its function, where it
 * stands and its values; a caller shows the call it waits in as the move
 * it made, like the edge pane shows phis, one simultaneous assignment:
 *
 *     #1 fact(n = 3)   rec, at t = call fact(m)
 *        call: (n) := (m)   [simultaneous]
 *              n reads m = 2
 *        n = 3  z = 0  m = 2
 *
 * and after a return, the result's move into the caller (`t := 2`,
 * fact returned). `e` enters a call, `n` over it, `F` out of the
 * frame (finish); `:frame N`, `:up`, `:down` choose whose values the
 * values pane shows. */
#include <stdlib.h>
#include <string.h>

#include "shell/frames.h"
#include "wb.h"

/* The values of frame k, a line of `name = v` pairs. */
static void stack_values(const McSession *s, int k, McLines *L) {
    const McFunc *f;
    McInterp *in = mc_frames_interp(s, k, &f);
    mc_lines_new(L);
    mc_lines_put(L, "   ", 0);
    int n = 0;
    for (int32_t v = 0; v < f->nvalues; v++) {
        int32_t x;
        if (f->values[v].kind == MC_VAL_BUF) {
            const McArg *b = mc_frames_buffer(s, k, v);
            if (!b) continue;
            mc_lines_printf(L, 0, " %s = [", mc_shown_name(f, f->values[v].name));
            for (int32_t i = 0; i < b->len && i < 6; i++) mc_lines_printf(L, 0, "%s%ld", i ? ", " : "", (long)b->data[i]);
            mc_lines_put(L, b->len > 6 ? ", ...]" : "]", 0);
            n++;
        } else if (mc_interp_value(in, v, &x)) {
            mc_lines_printf(L, 0, " %s = %ld", mc_shown_name(f, f->values[v].name), (long)x);
            n++;
        }
    }
    if (!n) mc_lines_put(L, " (no values yet)", MC_R_DIM);
}

/* The argument move of the call frame k (k >= 1) waits in: the callee's
 * parameters := the arguments, read all, then write all. */
static void stack_call_move(const McSession *s, int k, McLines *L) {
    const McFunc *f, *g;
    McInterp *in = mc_frames_interp(s, k, &f);
    mc_frames_interp(s, k - 1, &g);
    int32_t b = mc_interp_block(in), pc = mc_interp_pc(in);
    if (b < 0 || pc < 0 || pc >= f->blocks[b].ninsts || f->blocks[b].insts[pc].op != MC_OP_CALL) return;
    const McCall *c = mc_inst_call(f, &f->blocks[b].insts[pc]);
    char buf[64];
    mc_lines_new(L);
    mc_lines_put(L, "    call: (", MC_R_HEADING);
    for (int32_t i = 0; i < c->nargs; i++)
        mc_lines_printf(L, 0, "%s%s", i ? ", " : "", mc_shown_name(g, g->values[g->params[i]].name));
    mc_lines_put(L, ") := (", 0);
    for (int32_t i = 0; i < c->nargs; i++) mc_lines_printf(L, 0, "%s%s", i ? ", " : "", mc_opnd_str(f, c->args[i], buf, sizeof buf));
    mc_lines_put(L, ")   [simultaneous]", MC_R_DIM);
    for (int32_t i = 0; i < c->nargs; i++) {
        McOperand o = c->args[i];
        mc_lines_new(L);
        mc_lines_printf(L, 0, "          %s reads %s", mc_shown_name(g, g->values[g->params[i]].name),
                        mc_opnd_str(f, o, buf, sizeof buf));
        int32_t x;
        if (o.kind == MC_OPND_VALUE && f->values[o.v].kind == MC_VAL_BUF) mc_lines_put(L, " (the buffer itself)", MC_R_DIM);
        else if (o.kind == MC_OPND_VALUE && mc_interp_value(in, o.v, &x)) mc_lines_printf(L, 0, " = %ld", (long)x);
    }
}

/* After a step that ended with a return: the result's move in the caller. */
static void stack_return_move(const McSession *s, McLines *L) {
    const McFunc *f = s->interp_func;
    for (int i = s->last.n - 1; i >= 0; i--) {
        const McEvent *e = &s->last.v[i];
        if (e->kind != MC_EV_INST || e->block < 0 || e->inst < 0) continue;
        const McInst *in = &f->blocks[e->block].insts[e->inst];
        if (in->op != MC_OP_CALL) return;
        const McCall *c = mc_inst_call(f, in);
        mc_lines_new(L);
        mc_lines_put(L, "return: ", MC_R_HEADING);
        if (in->dest != MC_NONE)
            mc_lines_printf(L, MC_R_CHANGED, "%s := %ld", mc_shown_name(f, f->values[in->dest].name), (long)e->result);
        else
            mc_lines_printf(L, MC_R_CHANGED, "%ld dropped", (long)e->result);
        mc_lines_printf(L, MC_R_DIM, "   (%s returned)", c && c->callee ? mc_shown_name(c->callee, c->callee->name) : "?");
        return;
    }
}

int wb_draw_stack(Wb *wb, McFrame *fr, McRect r, char *title, size_t tsize) {
    McSession *s = wb->s;
    McLines L;
    mc_lines_init(&L);
    int depth = mc_frames_depth(s);
    if (depth) snprintf(title, tsize, "stack (%d frame%s)", depth, depth == 1 ? "" : "s");
    else snprintf(title, tsize, "stack");
    if (!s->interp) {
        mc_lines_text(&L, "not running: r starts, e enters a call,", MC_R_DIM);
        mc_lines_text(&L, "n steps over it, F finishes the frame", MC_R_DIM);
    } else {
        stack_return_move(s, &L);
        for (int k = 0; k < depth; k++) {
            char *line = NULL;
            size_t len = 0;
            FILE *m = open_memstream(&line, &len);
            if (!m) break;
            mc_frames_print(s, k, m);
            fclose(m);
            if (len && line[len - 1] == '\n') line[len - 1] = 0;
            mc_lines_new(&L);
            mc_lines_put(&L, k == s->frame_sel ? "* " : "  ", MC_R_CURLINE);
            mc_lines_put(&L, line, k == 0 ? MC_R_CURBLOCK | MC_A_BOLD : 0);
            free(line);
            if (k > 0) stack_call_move(s, k, &L);
            stack_values(s, k, &L);
        }
    }
    int n = wb_draw_lines(wb, WB_STACK, &L, fr, r);
    mc_lines_free(&L);
    return n;
}

bool wb_stack_wanted(const Wb *wb) { return mc_frames_active(wb->s); }
