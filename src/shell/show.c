/* show.c - text pictures of IR, steps, analyses and allocations (show.h).
 *
 * Output is meant for a projector: columns are aligned, the simultaneous phi
 * assignment of an edge is one table, and every line of IR is spelled
 * exactly as the text format spells it so students can copy it back. */
#include "shell/show.h"

#include "shell/picture.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---- listings ---------------------------------------------------------------- */

static void gutter_line(FILE *out, bool here, char mark, int indent, const char *text) {
    fprintf(out, "%s%c %*s%s\n", here ? "=>" : "  ", mark, indent, "", text);
}

void mc_show_listing(const McFunc *f, int32_t only, int32_t pos_block, int32_t pos_pc, const bool *bp,
                     uint8_t *const *phi_copy, FILE *out) {
    McStr s;
    mc_str_init(&s);
    if (only == MC_NONE) {
        mc_signature_str(f, &s);
        mc_str_puts(&s, " {");
        gutter_line(out, false, ' ', 0, s.s);
    }
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (only != MC_NONE && b != only) continue;
        const McBlock *bl = &f->blocks[b];
        bool at = b == pos_block;
        s.len = 0;
        mc_str_printf(&s, "%s:", bl->name);
        gutter_line(out, at && pos_pc < 0, bp && bp[b] ? '*' : ' ', 0, s.s);
        for (int32_t p = 0; p < bl->nphis; p++) {
            s.len = 0;
            mc_phi_str(f, &bl->phis[p], &s);
            gutter_line(out, false, ' ', 4, s.s);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            s.len = 0;
            mc_inst_str(f, &bl->insts[i], &s);
            bool copy = phi_copy && phi_copy[b] && phi_copy[b][i];
            gutter_line(out, at && pos_pc == i, copy ? '+' : ' ', 4, s.s);
        }
        s.len = 0;
        mc_term_str(f, &bl->term, &s);
        gutter_line(out, at && pos_pc >= bl->ninsts, ' ', 4, s.s);
    }
    if (only == MC_NONE) gutter_line(out, false, ' ', 0, "}");
    mc_str_free(&s);
}

void mc_show_position(const McFunc *f, const McInterp *in, FILE *out) {
    McOutcome o;
    int32_t b = mc_interp_block(in), pc = mc_interp_pc(in), prev = mc_interp_prev_block(in);
    int64_t steps = mc_interp_steps(in);
    if (mc_interp_finished(in, &o)) {
        char buf[192];
        fprintf(out, "finished after %lld block%s: %s\n", (long long)o.steps, o.steps == 1 ? "" : "s",
                mc_outcome_str(&o, buf, sizeof buf));
        return;
    }
    if (b == MC_NONE) {
        fprintf(out, "at the start: about to enter %s\n", f->nblocks ? f->blocks[0].name : "?");
        return;
    }
    if (pc < 0) {
        if (prev == MC_NONE)
            fprintf(out, "after %lld blocks: about to enter %s\n", (long long)steps, mc_block_name(f, b));
        else
            fprintf(out, "after %lld block%s: about to enter %s from %s\n", (long long)steps, steps == 1 ? "" : "s",
                    mc_block_name(f, b), mc_block_name(f, prev));
        return;
    }
    McStr s;
    mc_str_init(&s);
    const McBlock *bl = &f->blocks[b];
    if (pc < bl->ninsts) mc_inst_str(f, &bl->insts[pc], &s);
    else mc_term_str(f, &bl->term, &s);
    fprintf(out, "in %s (step %lld), next: %s\n", bl->name, (long long)steps, s.s);
    mc_str_free(&s);
}

/* ---- the step record ------------------------------------------------------------ */

static int num_width(int32_t v) {
    char buf[16];
    return snprintf(buf, sizeof buf, "%ld", (long)v);
}

static void show_edge(const McFunc *f, const McEvent *e, bool sequential, FILE *out) {
    McStr s;
    mc_str_init(&s);
    char buf[32];
    mc_str_printf(&s, "edge %s <- %s: ", mc_block_name(f, e->block), mc_block_name(f, e->pred));
    if (sequential) {
        for (int32_t k = 0; k < e->nphis; k++) {
            mc_str_printf(&s, "%s%s := ", k ? "; " : "", mc_value_name(f, e->phis[k].dest));
            mc_opnd_put(f, e->phis[k].src, &s);
        }
        mc_str_puts(&s, "   [sequential: one at a time]");
    } else {
        mc_str_putc(&s, '(');
        for (int32_t k = 0; k < e->nphis; k++) mc_str_printf(&s, "%s%s", k ? ", " : "", mc_value_name(f, e->phis[k].dest));
        mc_str_puts(&s, ") := (");
        for (int32_t k = 0; k < e->nphis; k++) {
            if (k) mc_str_puts(&s, ", ");
            mc_opnd_put(f, e->phis[k].src, &s);
        }
        mc_str_puts(&s, ")   [simultaneous]");
    }
    fprintf(out, "  %s\n", s.s);
    int wd = 1, ws = 1, wv = 1, wo = 1;
    for (int32_t k = 0; k < e->nphis; k++) {
        const McPhiUpdate *u = &e->phis[k];
        int n = (int)strlen(mc_value_name(f, u->dest));
        if (n > wd) wd = n;
        n = (int)strlen(mc_opnd_str(f, u->src, buf, sizeof buf));
        if (n > ws) ws = n;
        if (num_width(u->value) > wv) wv = num_width(u->value);
        n = u->had_old ? num_width(u->old) : 1;
        if (n > wo) wo = n;
    }
    for (int32_t k = 0; k < e->nphis; k++) {
        const McPhiUpdate *u = &e->phis[k];
        char old[16];
        if (u->had_old) snprintf(old, sizeof old, "%ld", (long)u->old);
        else snprintf(old, sizeof old, "-");
        fprintf(out, "    %-*s  reads %-*s = %*ld    %*s -> %ld", wd, mc_value_name(f, u->dest), ws,
                mc_opnd_str(f, u->src, buf, sizeof buf), wv, (long)u->value, wo, old, (long)u->value);
        if (sequential && mc_opnd_is_val(u->src)) {
            for (int32_t j = 0; j < k; j++) {
                const McPhiUpdate *w = &e->phis[j];
                if (w->dest != u->src.v) continue;
                if (w->had_old && w->old != w->value)
                    fprintf(out, "   <- %s was already overwritten: its old value %ld is lost", mc_value_name(f, w->dest),
                            (long)w->old);
                else
                    fprintf(out, "   <- reads the new %s", mc_value_name(f, w->dest));
                break;
            }
        }
        fputc('\n', out);
    }
    mc_str_free(&s);
}

/* The text of the instruction or terminator an event is about. */
static void event_text(const McFunc *f, const McEvent *e, McStr *s) {
    const McBlock *bl = &f->blocks[e->block];
    if ((e->kind == MC_EV_INST || e->kind == MC_EV_TRAP) && e->inst >= 0 && e->inst < bl->ninsts)
        mc_inst_str(f, &bl->insts[e->inst], s);
    else if (e->kind == MC_EV_TERM)
        mc_term_str(f, &bl->term, s);
}

void mc_show_events(const McFunc *f, const McEvent *ev, int n, int64_t first_step, bool sequential, FILE *out) {
    McStr s;
    mc_str_init(&s);
    /* One column for results across the whole function, so successive
     * steps line up on the screen. */
    int width = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            s.len = 0;
            if (i < bl->ninsts) mc_inst_str(f, &bl->insts[i], &s);
            else mc_term_str(f, &bl->term, &s);
            if ((int)s.len > width) width = (int)s.len;
        }
    }
    if (width > 40) width = 40;
    int64_t step = first_step;
    for (int i = 0; i < n; i++) {
        const McEvent *e = &ev[i];
        if (i == 0 && e->kind != MC_EV_ENTER && e->block >= 0 && e->kind != MC_EV_RETURN)
            fprintf(out, "[%lld] %s (continued)\n", (long long)step - 1, mc_block_name(f, e->block));
        s.len = 0;
        event_text(f, e, &s);
        switch (e->kind) {
        case MC_EV_ENTER:
            if (e->pred == MC_NONE) fprintf(out, "[%lld] %s\n", (long long)step, mc_block_name(f, e->block));
            else fprintf(out, "[%lld] %s <- %s\n", (long long)step, mc_block_name(f, e->block), mc_block_name(f, e->pred));
            step++;
            break;
        case MC_EV_PHIS: show_edge(f, e, sequential, out); break;
        case MC_EV_INST: {
            const McInst *in = &f->blocks[e->block].insts[e->inst];
            fprintf(out, "  %-*s  ", width, s.s);
            if (in->op == MC_OP_STORE) {
                fprintf(out, "%s[%ld] = %ld", mc_value_name(f, in->a[0].v), (long)e->opnd[1], (long)e->opnd[2]);
            } else if (in->op == MC_OP_BUFFER) {
                fprintf(out, "%s = %ld zeros", mc_value_name(f, in->dest), (long)in->a[0].v);
            } else if (in->op == MC_OP_CALL && in->dest == MC_NONE) {
                fprintf(out, "returned %ld (dropped)", (long)e->result);
            } else {
                fprintf(out, "%s = %ld", mc_value_name(f, in->dest), (long)e->result);
                if (in->op == MC_OP_LOAD)
                    fprintf(out, "   (%s[%ld])", mc_value_name(f, in->a[0].v), (long)e->opnd[1]);
                /* In mutable form a name is assigned again: show what it held. */
                if (e->had_old && f->form != MC_FORM_SSA) fprintf(out, "   (was %ld)", (long)e->old);
            }
            fputc('\n', out);
            break;
        }
        case MC_EV_MEM: break; /* shown with its instruction */
        case MC_EV_TERM: {
            const McTerm *t = &f->blocks[e->block].term;
            fprintf(out, "  %-*s  ", width, s.s);
            if (t->op == MC_OP_RET) fprintf(out, "returns %ld\n", (long)e->opnd[0]);
            else if (t->op == MC_OP_BRANCH && mc_opnd_is_val(t->arg))
                fprintf(out, "%s = %ld -> %s\n", mc_value_name(f, t->arg.v), (long)e->opnd[0], mc_block_name(f, e->next));
            else if (t->op == MC_OP_BRANCH)
                fprintf(out, "-> %s\n", mc_block_name(f, e->next));
            else fprintf(out, "-> %s\n", mc_block_name(f, e->next));
            break;
        }
        case MC_EV_TRAP:
            if (s.len) fprintf(out, "  %-*s  trap: %s\n", width, s.s, e->outcome ? e->outcome->trap : "?");
            else fprintf(out, "  trap: %s\n", e->outcome ? e->outcome->trap : "?");
            break;
        case MC_EV_RETURN: break; /* the outcome is printed by the caller */
        }
    }
    mc_str_free(&s);
}

/* ---- analyses ---------------------------------------------------------------------- */

static int name_width(const McFunc *f) {
    int w = 5;
    for (int32_t b = 0; b < f->nblocks; b++)
        if ((int)strlen(f->blocks[b].name) > w) w = (int)strlen(f->blocks[b].name);
    return w;
}

static void block_list(const McFunc *f, const int32_t *v, int32_t n, FILE *out) {
    if (n == 0) fputs("-", out);
    for (int32_t i = 0; i < n; i++) fprintf(out, "%s%s", i ? " " : "", mc_block_name(f, v[i]));
}

/* Block names separated by blanks in a column of 24 (`-` when none). */
static void block_column(const McFunc *f, const int32_t *v, int32_t n, FILE *out) {
    McStr s;
    mc_str_init(&s);
    for (int32_t i = 0; i < n; i++) mc_str_printf(&s, "%s%s", i ? " " : "", mc_block_name(f, v[i]));
    fprintf(out, "%-24s  ", s.s ? s.s : "-");
    mc_str_free(&s);
}

void mc_show_cfg(const McFunc *f, const McCfg *c, FILE *out) {
    int w = name_width(f);
    fprintf(out, "%-*s  %-5s  %-24s  %s\n", w, "block", "depth", "preds", "succs");
    for (int32_t b = 0; b < f->nblocks; b++) {
        fprintf(out, "%-*s  ", w, f->blocks[b].name);
        if (c->rpo_index[b] < 0) fprintf(out, "%-5s  ", "-");
        else fprintf(out, "%-5d  ", c->loop_depth[b]);
        block_column(f, c->preds[b], c->npreds[b], out);
        block_list(f, c->succs[b], c->nsuccs[b], out);
        if (c->rpo_index[b] < 0) fputs("   (unreachable)", out);
        fputc('\n', out);
    }
    fputs("reverse postorder: ", out);
    block_list(f, c->rpo, c->nrpo, out);
    fputc('\n', out);
}

void mc_show_dom(const McFunc *f, const McCfg *c, FILE *out) {
    int w = name_width(f);
    fprintf(out, "%-*s  %-*s  %-24s  %s\n", w, "block", w, "idom", "dominance frontier", "children");
    for (int32_t b = 0; b < f->nblocks; b++) {
        fprintf(out, "%-*s  ", w, f->blocks[b].name);
        if (c->rpo_index[b] < 0) {
            fprintf(out, "(unreachable)\n");
            continue;
        }
        fprintf(out, "%-*s  ", w, b == 0 ? "-" : mc_block_name(f, c->idom[b]));
        block_column(f, c->df[b], c->ndf[b], out);
        block_list(f, c->dom_children[b], c->ndom_children[b], out);
        fputc('\n', out);
    }
    /* The dominator tree, indented, without recursion. */
    fputs("dominator tree:\n", out);
    int32_t *stack = mc_xmalloc((size_t)(f->nblocks + 1) * sizeof *stack);
    int32_t *depth = mc_xmalloc((size_t)(f->nblocks + 1) * sizeof *depth);
    int32_t sp = 0;
    if (f->nblocks) {
        stack[sp] = 0;
        depth[sp++] = 0;
    }
    while (sp > 0) {
        sp--;
        int32_t b = stack[sp], d = depth[sp];
        fprintf(out, "  %*s%s\n", 2 * (d > 30 ? 30 : d), "", f->blocks[b].name);
        for (int32_t i = c->ndom_children[b] - 1; i >= 0; i--) {
            stack[sp] = c->dom_children[b][i];
            depth[sp++] = d + 1;
        }
    }
    free(stack);
    free(depth);
}

static void value_set(const McFunc *f, McValList s, FILE *out) {
    for (int32_t i = 0; i < s.n; i++) fprintf(out, "%s%s", i ? " " : "", mc_value_name(f, s.v[i]));
    if (!s.n) fputc('-', out);
}

void mc_show_live(const McFunc *f, const McLiveness *l, FILE *out) {
    int w = name_width(f);
    for (int32_t b = 0; b < f->nblocks && b < l->nblocks; b++) {
        fprintf(out, "%-*s  in:  ", w, f->blocks[b].name);
        value_set(f, mc_live_in(l, b), out);
        fprintf(out, "\n%-*s  out: ", w, "");
        value_set(f, mc_live_out(l, b), out);
        fputc('\n', out);
    }
}

/* ---- allocations ------------------------------------------------------------------- */

void mc_show_regs(const McAllocation *a, FILE *out) {
    McRegsPicture p;
    mc_regs_picture(a, &p);
    int w = p.width > 5 ? p.width : 5;
    for (int32_t i = 0; i < p.nrows; i++) {
        const McRegsRow *r = &p.rows[i];
        const McPicValue *x = mc_pic_value(&p.vals, r->value);
        fprintf(out, "  %-*s -> %s", w, x->name, x->where);
        if (r->alias != MC_NONE) fprintf(out, "   (coalesced with %s)", mc_pic_value(&p.vals, r->alias)->name);
        fputc('\n', out);
    }
    fprintf(out, "%d register%s, %d slot%s, %d value%s spilled\n", p.registers, p.registers == 1 ? "" : "s",
            p.slots, p.slots == 1 ? "" : "s", p.nspilled, p.nspilled == 1 ? "" : "s");
    mc_regs_picture_free(&p);
}

static void show_moves(const McAllocation *a, const int32_t *reg, const int32_t *slot, int32_t n, bool to_slots,
                       FILE *out) {
    char rb[32];
    for (int side = 0; side < 2; side++) {
        fputs(side ? " := (" : "(", out);
        for (int32_t k = 0; k < n; k++) {
            if ((side == 0) == to_slots) fprintf(out, "%ssave%d", k ? ", " : "", (int)slot[k]);
            else fprintf(out, "%s%s", k ? ", " : "", mc_alloc_reg_str(a, reg[k], rb, sizeof rb));
        }
        fputc(')', out);
    }
}

static void show_class(const McAllocation *a, bool caller, FILE *out) {
    bool any = false;
    for (int32_t r = 0; r < a->registers; r++)
        if (mc_conv_caller_saved(a->convention, a->registers, r) == caller) {
            char rb[32];
            fprintf(out, " %s", mc_alloc_reg_str(a, r, rb, sizeof rb));
            any = true;
        }
    if (!any) fputs(" none", out);
}

void mc_show_calls(const McAllocation *a, FILE *out) {
    if (a->ncallsaves == 0) return;
    const McFunc *f = a->f;
    fprintf(out, "calls: %s K=%d: a call clobbers", mc_convention_name(a->convention), (int)a->registers);
    show_class(a, true, out);
    fputc(';', out);
    show_class(a, false, out);
    fputs(" callee-saved\n", out);
    if (a->ncallee_saves == 0) {
        fputs("  prologue: no callee-saved register written\n", out);
    } else {
        int32_t *slot = mc_xmalloc((size_t)a->ncallee_saves * sizeof *slot);
        for (int32_t k = 0; k < a->ncallee_saves; k++) slot[k] = a->save_slots - a->ncallee_saves + k;
        fputs("  prologue ", out);
        show_moves(a, a->callee_saves, slot, a->ncallee_saves, true, out);
        fputs(", restored at return\n", out);
        free(slot);
    }
    for (int32_t c = 0; c < a->ncallsaves; c++) {
        const McCallSave *cs = &a->callsaves[c];
        const McInst *in = &f->blocks[cs->block].insts[cs->inst];
        const McCall *call = mc_inst_call(f, in);
        McLoc at = mc_loc(f, in->loc);
        fprintf(out, "  %d:%d %s:%s", (int)at.line, (int)at.col, call ? mc_shown_name(f, call->name) : "?",
                cs->nacross ? " across it" : " nothing live across it");
        for (int32_t k = 0; k < cs->nacross; k++) {
            int32_t v = cs->across[k];
            McLocation l = a->loc[v];
            bool saved = false;
            for (int32_t j = 0; j < cs->n; j++) saved |= cs->value[j] == v;
            bool clobbered = l.kind == MC_LOC_REG && mc_conv_caller_saved(a->convention, a->registers, l.index);
            char lb[32];
            fprintf(out, "%s %s %s %s", k ? "," : "", mc_shown_name(f, f->values[v].name),
                    mc_alloc_location_str(a, l, lb, sizeof lb), saved ? "saved" : clobbered ? "NOT saved" : "kept");
        }
        fputc('\n', out);
        if (cs->n == 0) continue;
        int32_t *reg = mc_xmalloc((size_t)cs->n * sizeof *reg);
        for (int32_t k = 0; k < cs->n; k++) reg[k] = a->loc[cs->value[k]].index;
        fputs("    ", out);
        show_moves(a, reg, cs->slot, cs->n, true, out);
        fputs("   call   ", out);
        show_moves(a, reg, cs->slot, cs->n, false, out);
        fputc('\n', out);
        free(reg);
    }
}

/* The matrix as plain text (picture.c renders it; the workbench colours it). */
static void show_matrix_put(void *ctx, McMatrixPart part, int32_t node, const char *text) {
    (void)node;
    FILE *out = ctx;
    if (part == MC_MX_NEWLINE) fputc('\n', out);
    else fputs(text, out);
}

void mc_show_interference(const McAllocation *a, FILE *out) {
    McIgLimits lim = MC_PIC_PROMPT_LIMITS;
    McIgPicture p;
    mc_ig_picture(a, lim, &p);
    const McPicValues *t = &p.vals;
    int w = p.width > 5 ? p.width : 5;
    fprintf(out, "interference graph: %d node%s, %lld edge%s (%s allocator, K = %d)\n", p.graph_nodes,
            p.graph_nodes == 1 ? "" : "s", (long long)p.nedges, p.nedges == 1 ? "" : "s",
            mc_allocator_name(p.allocator), p.registers);
    if (p.summary) {
        fprintf(out, "  (too many edges to list: more than %d; degrees and locations of the first %d nodes)\n",
                MC_PIC_LIST_MAX_EDGES, lim.summary_rows);
        fprintf(out, "  %-*s  %-6s  %s\n", w, "value", "degree", "where");
    } else {
        fprintf(out, "  %-*s  %-6s  %-6s  %s\n", w, "value", "degree", "where", "neighbours");
    }
    for (int32_t i = 0; i < p.nrows; i++) {
        const McIgRow *r = &p.rows[i];
        const McPicValue *x = mc_pic_value(t, r->value);
        if (p.summary) {
            fprintf(out, "  %-*s  %-6d  %s\n", w, x->name, r->degree, x->where);
            continue;
        }
        fprintf(out, "  %-*s  %-6d  %-6s  ", w, x->name, r->degree, x->where);
        for (int32_t k = 0; k < r->nkept; k++) fprintf(out, "%s%s", k ? " " : "", mc_pic_value(t, r->neighbours[k])->name);
        if (!r->nkept) fputc('-', out);
        fputc('\n', out);
    }
    if (p.nrows < p.nnodes) fprintf(out, "  ... and %d more nodes\n", (int)(p.nnodes - p.nrows));
    if (p.graph_nodes > 0 && p.graph_nodes <= lim.matrix_max && p.adj) {
        fputs("adjacency matrix (columns numbered as the rows):\n", out);
        mc_ig_matrix(&p, INT_MAX, show_matrix_put, out); /* the workbench's renderer */
    } else if (p.graph_nodes > lim.matrix_max) {
        fprintf(out, "(adjacency matrix omitted: more than %d nodes)\n", lim.matrix_max);
    }
    fputs("colouring order: ", out);
    for (int32_t i = 0; i < p.norder; i++) fprintf(out, "%s%s", i ? " " : "", mc_pic_value(t, p.order[i])->name);
    if (p.order_more) fprintf(out, " ... and %d more", (int)p.order_more);
    if (!p.norder && !p.order_more) fputc('-', out);
    fputc('\n', out);
    mc_ig_picture_free(&p);
}

/* ---- Graphviz ------------------------------------------------------------------------ */

static void dot_block_label(const McFunc *f, int32_t b, FILE *out) {
    const McBlock *bl = &f->blocks[b];
    McStr s;
    mc_str_init(&s);
    fprintf(out, "%s:\\l", bl->name);
    for (int32_t p = 0; p < bl->nphis; p++) {
        s.len = 0;
        mc_phi_str(f, &bl->phis[p], &s);
        fprintf(out, "    %s\\l", s.s);
    }
    for (int32_t i = 0; i < bl->ninsts; i++) {
        s.len = 0;
        mc_inst_str(f, &bl->insts[i], &s);
        fprintf(out, "    %s\\l", s.s);
    }
    s.len = 0;
    mc_term_str(f, &bl->term, &s);
    fprintf(out, "    %s\\l", s.s);
    mc_str_free(&s);
}

void mc_dot_cfg(const McFunc *f, FILE *out) {
    fprintf(out, "digraph \"%s\" {\n  node [shape=box, fontname=\"monospace\"];\n", f->name);
    for (int32_t b = 0; b < f->nblocks; b++) {
        fprintf(out, "  b%d [label=\"", b);
        dot_block_label(f, b, out);
        fprintf(out, "\"%s];\n", b == 0 ? ", penwidth=2" : "");
    }
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McTerm *t = &f->blocks[b].term;
        if (t->op == MC_OP_JUMP) fprintf(out, "  b%d -> b%d;\n", b, t->target[0]);
        else if (t->op == MC_OP_BRANCH) {
            fprintf(out, "  b%d -> b%d [label=\"true\"];\n", b, t->target[0]);
            fprintf(out, "  b%d -> b%d [label=\"false\", style=dashed];\n", b, t->target[1]);
        }
    }
    fputs("}\n", out);
}

void mc_dot_dom(const McFunc *f, const McCfg *c, FILE *out) {
    fprintf(out, "digraph \"%s_dom\" {\n  node [shape=ellipse, fontname=\"monospace\"];\n", f->name);
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (c->rpo_index[b] < 0) continue;
        fprintf(out, "  b%d [label=\"%s\"];\n", b, f->blocks[b].name);
    }
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < c->ndom_children[b]; i++) fprintf(out, "  b%d -> b%d;\n", b, c->dom_children[b][i]);
    fputs("}\n", out);
}

static const char *const palette[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                                      "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"};

void mc_dot_interference(const McAllocation *a, FILE *out) {
    McIgPicture p;
    mc_ig_picture(a, MC_PIC_PROMPT_LIMITS, &p);
    const McIGraph *g = a->graph;
    fprintf(out, "graph \"%s_interference\" {\n  node [style=filled, fontname=\"monospace\"];\n", a->f->name);
    for (int32_t i = 0; i < p.nnodes; i++) {
        int32_t v = p.node[i];
        const McPicValue *x = mc_pic_value(&p.vals, v);
        fprintf(out, "  v%d [label=\"%s\\n%s\"", v, x->name, x->where);
        if (x->loc.kind == MC_LOC_REG)
            fprintf(out, ", fillcolor=\"%s\"", palette[x->loc.index % (int32_t)(sizeof palette / sizeof palette[0])]);
        else
            fputs(", shape=box, style=\"dashed,filled\", fillcolor=\"white\"", out);
        fputs("];\n", out);
    }
    /* Every edge, also of a graph too big for the other pictures: read
     * from the graph a node at a time rather than kept. */
    int32_t *row = mc_xmalloc((size_t)(g->nvalues ? g->nvalues : 1) * sizeof *row);
    for (int32_t i = 0; i < p.nnodes; i++) {
        int32_t v = p.node[i], n = mc_igraph_neighbours(g, v, row);
        for (int32_t k = 0; k < n; k++)
            if (row[k] > v) fprintf(out, "  v%d -- v%d;\n", v, row[k]);
    }
    free(row);
    for (int32_t m = 0; m < g->nmoves; m++)
        fprintf(out, "  v%d -- v%d [style=dotted, constraint=false];\n", g->moves[m][0], g->moves[m][1]);
    fputs("}\n", out);
    mc_ig_picture_free(&p);
}
