/* sccp.c - sparse conditional constant propagation (Wegman and Zadeck).
 *
 * Pass contract
 *   requires:    SSA form
 *   produces:    SSA form in which every value proven constant is replaced
 *                by the constant (its definition removed), every branch whose
 *                condition is proven constant is a jump, and every block
 *                proven unreachable is gone (with its phi entries)
 *   invalidates: cfg (edges and blocks change)
 *
 * Each value sits in a three-level lattice: TOP (no evidence yet), CONST c,
 * BOTTOM (varies). Two worklists drive the analysis: CFG edges that became
 * executable and values whose lattice cell went down. Only executable edges
 * feed phis, which is what makes the analysis "conditional": a constant on
 * the one path taken is found even when another path would disagree.
 * Parameters and loads are BOTTOM; arithmetic is folded with mc_alu, so the
 * i32 wraparound is exactly the interpreter's. Loads and stores are never
 * removed (they may trap), nor is a div or rem whose divisor may be zero:
 * a division by a constant zero is BOTTOM (never folded: it traps at run
 * time), and one whose value is a known constant when it does not trap
 * (`div 0, y`) keeps its instruction while its uses read the
 * constant. A div or rem by a non-zero constant cannot trap and goes. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/opt.h"
#include "minicc/util.h"
#include "opt_int.h"

enum { TOP = 0, CONST = 1, BOTTOM = 2 };

typedef struct Site {
    int32_t block;
    int32_t what; /* >= 0 instruction index; -1 terminator; <= -2 phi ~(what + 1) */
    int32_t arg;  /* for a phi: which entry */
    int32_t dest; /* the value the instruction or phi defines (MC_NONE: none, a terminator) */
} Site;

typedef struct Sccp {
    McFunc *f;
    uint8_t *state; /* lattice level of each value */
    int32_t *cval;  /* the constant when state == CONST */
    bool *bexec;    /* block reached */
    bool (*eexec)[2]; /* terminator slot k of block b taken */
    int32_t *ustart; /* CSR of use sites per value */
    Site *uses;
    int32_t *vwork, nvwork; /* values whose cell went down */
    bool *onvwork;
    int32_t *ework, nework; /* edges (b * 2 + k) newly executable */
    int32_t *hint;          /* mc_phi_arg_hints: each edge's entry in its target's phis */
    bool *rewrite;          /* block: a definition in it was once CONST, or its branch had a constant
                               condition (the rewrite visits only these) */
} Sccp;

/* Lattice cell of an operand. */
static int cell(const Sccp *s, McOperand o, int32_t *c) {
    *c = 0;
    if (o.kind == MC_OPND_CONST) {
        *c = o.v;
        return CONST;
    }
    if (o.kind != MC_OPND_VALUE) return BOTTOM;
    *c = s->cval[o.v];
    return s->state[o.v];
}

static void lower(Sccp *s, int32_t v, int st, int32_t c) {
    if (st == TOP || s->state[v] == BOTTOM) return;
    if (s->state[v] == CONST && (st == BOTTOM || c != s->cval[v]))
        st = BOTTOM;
    else if (s->state[v] == CONST)
        return;
    s->state[v] = (uint8_t)st;
    s->cval[v] = c;
    if (!s->onvwork[v]) {
        s->onvwork[v] = true;
        s->vwork[s->nvwork++] = v;
    }
}

static void take_edge(Sccp *s, int32_t b, int k) {
    if (s->eexec[b][k]) return;
    s->eexec[b][k] = true;
    s->ework[s->nework++] = b * 2 + k;
}

/* Is the edge pred -> b executable (by either slot of pred's terminator)? */
static bool edge_exec(const Sccp *s, int32_t pred, int32_t b) {
    const McTerm *t = &s->f->blocks[pred].term;
    if (t->op == MC_OP_JUMP) return s->eexec[pred][0] && t->target[0] == b;
    if (t->op == MC_OP_BRANCH)
        return (s->eexec[pred][0] && t->target[0] == b) || (s->eexec[pred][1] && t->target[1] == b);
    return false;
}

/* A phi in full: the meet of its entries on executable edges. Done once,
 * when its block is first reached; after that, each change (an edge that
 * became executable, an operand whose cell went down) is met in alone by
 * eval_phi_arg. Cells only go down, so meeting the current cell with the
 * one entry that changed gives what a full evaluation would, and a join of
 * k arms costs O(k) rather than k full evaluations of k entries. */
static void eval_phi(Sccp *s, int32_t b, int32_t p) {
    const McPhi *phi = &s->f->blocks[b].phis[p];
    int st = TOP;
    int32_t c = 0;
    for (int32_t a = 0; a < phi->nargs && st != BOTTOM; a++) {
        if (!edge_exec(s, phi->args[a].block, b)) continue;
        int32_t ac;
        int ast = cell(s, phi->args[a].val, &ac);
        if (ast == TOP) continue;
        if (ast == BOTTOM || (st == CONST && ac != c))
            st = BOTTOM;
        else {
            st = CONST;
            c = ac;
        }
    }
    lower(s, phi->dest, st, c);
    if (s->state[phi->dest] == CONST) s->rewrite[b] = true;
}

static void eval_phi_arg(Sccp *s, int32_t b, int32_t p, int32_t a) {
    const McPhi *phi = &s->f->blocks[b].phis[p];
    if (a < 0 || s->state[phi->dest] == BOTTOM || !edge_exec(s, phi->args[a].block, b)) return;
    int32_t c;
    int st = cell(s, phi->args[a].val, &c);
    lower(s, phi->dest, st, c);
    if (s->state[phi->dest] == CONST) s->rewrite[b] = true;
}

static void eval_inst_cell(Sccp *s, const McInst *in);

static void eval_inst(Sccp *s, int32_t b, int32_t i) {
    const McInst *in = &s->f->blocks[b].insts[i];
    if (in->dest == MC_NONE) return;
    eval_inst_cell(s, in);
    if (s->state[in->dest] == CONST) s->rewrite[b] = true;
}

/* The cell of in's result, met into it (in defines a value). */
static void eval_inst_cell(Sccp *s, const McInst *in) {
    unsigned fl = mc_op_info[in->op].flags;
    if (in->op == MC_OP_COPY) {
        int32_t c;
        int st = cell(s, in->a[0], &c);
        lower(s, in->dest, st, c);
        return;
    }
    if (!(fl & MC_OPF_ALU)) { /* load */
        lower(s, in->dest, BOTTOM, 0);
        return;
    }
    int32_t x, y;
    int sx = cell(s, in->a[0], &x), sy = cell(s, in->a[1], &y);
    /* A division by a constant zero traps when it runs: it never has a
     * value, and it is never folded away (it stays, and traps at run time). */
    if (sy == CONST && mc_alu_traps((McOp)in->op, y)) {
        lower(s, in->dest, BOTTOM, 0);
        return;
    }
    if (in->op == MC_OP_MUL && ((sx == CONST && x == 0) || (sy == CONST && y == 0))) {
        lower(s, in->dest, CONST, 0); /* 0 * anything is 0: no trap to lose */
        return;
    }
    /* x & 0, 0 & x = 0; x | -1 = -1; x rem 1 and x rem -1 = 0; 0 div y and 0
     * rem y = 0 whenever they do not trap (the instruction stays, see the
     * rewrite). */
    if ((in->op == MC_OP_AND && ((sx == CONST && x == 0) || (sy == CONST && y == 0))) ||
        (in->op == MC_OP_REM && sy == CONST && (y == 1 || y == -1)) ||
        ((mc_op_info[in->op].flags & MC_OPF_DIV) && sx == CONST && x == 0)) {
        lower(s, in->dest, CONST, 0);
        return;
    }
    if (in->op == MC_OP_OR && ((sx == CONST && x == -1) || (sy == CONST && y == -1))) {
        lower(s, in->dest, CONST, -1);
        return;
    }
    if (sx == BOTTOM || sy == BOTTOM)
        lower(s, in->dest, BOTTOM, 0);
    else if (sx == CONST && sy == CONST)
        lower(s, in->dest, CONST, mc_alu((McOp)in->op, x, y));
}

static void eval_term(Sccp *s, int32_t b) {
    const McTerm *t = &s->f->blocks[b].term;
    if (t->op == MC_OP_JUMP) {
        take_edge(s, b, 0);
    } else if (t->op == MC_OP_BRANCH) {
        int32_t c;
        int st = cell(s, t->arg, &c);
        if (st == CONST) {
            take_edge(s, b, c != 0 ? 0 : 1);
            s->rewrite[b] = true;
        } else { /* BOTTOM; TOP cannot reach an executed branch, be safe anyway */
            take_edge(s, b, 0);
            take_edge(s, b, 1);
        }
    }
}

/* Re-evaluate a use of a value whose cell went down. An instruction or phi
 * whose result is BOTTOM already, or a branch both of whose edges are
 * taken, would not change (lower and take_edge do nothing then): those are
 * decided from the site and two small arrays, without reading the IR. */
static void eval_site(Sccp *s, Site u) {
    if (!s->bexec[u.block]) return;
    if (u.what != -1 ? u.dest == MC_NONE || s->state[u.dest] == BOTTOM : s->eexec[u.block][0] && s->eexec[u.block][1])
        return; /* a store defines nothing: nothing to lower */
    if (u.what >= 0)
        eval_inst(s, u.block, u.what);
    else if (u.what == -1)
        eval_term(s, u.block);
    else
        eval_phi_arg(s, u.block, ~(u.what + 1), u.arg);
}

/* Def-use sites of every value, as CSR arrays. */
static void build_uses(Sccp *s) {
    McFunc *f = s->f;
    int32_t nv = f->nvalues;
    s->ustart = mc_xcalloc((size_t)nv + 2, sizeof *s->ustart);
    for (int pass = 0; pass < 2; pass++) {
        int32_t *fill = NULL;
        if (pass == 1) {
            for (int32_t v = 0; v < nv; v++) s->ustart[v + 1] += s->ustart[v];
            s->uses = mc_xmalloc(((size_t)s->ustart[nv] + 1) * sizeof *s->uses);
            fill = mc_xmalloc(((size_t)nv + 1) * sizeof *fill);
            memcpy(fill, s->ustart, (size_t)nv * sizeof *fill);
        }
#define USE_AT(o, b_, w_, a_, d_)                                                                  \
    do {                                                                                           \
        if ((o).kind == MC_OPND_VALUE) {                                                           \
            if (pass == 0)                                                                         \
                s->ustart[(o).v + 1]++;                                                            \
            else                                                                                   \
                s->uses[fill[(o).v]++] = (Site){(b_), (w_), (a_), (d_)};                           \
        }                                                                                          \
    } while (0)
        for (int32_t b = 0; b < f->nblocks; b++) {
            McBlock *bl = &f->blocks[b];
            for (int32_t p = 0; p < bl->nphis; p++)
                for (int32_t a = 0; a < bl->phis[p].nargs; a++)
                    USE_AT(bl->phis[p].args[a].val, b, -(p + 2), a, bl->phis[p].dest);
            for (int32_t i = 0; i < bl->ninsts; i++)
                for (int k = 0; k < mc_op_info[bl->insts[i].op].nargs; k++)
                    USE_AT(bl->insts[i].a[k], b, i, 0, bl->insts[i].dest);
            if (bl->term.op != MC_OP_JUMP) USE_AT(bl->term.arg, b, -1, 0, MC_NONE);
        }
#undef USE_AT
        free(fill);
    }
}


bool mc_pass_sccp(McFunc *f) {
    bool modified;
    return mc_sccp_run(f, &modified);
}

bool mc_sccp_run(McFunc *f, bool *modified) {
    Sccp s;
    memset(&s, 0, sizeof s);
    s.f = f;
    int32_t nv = f->nvalues, nb = f->nblocks;
    s.state = mc_xcalloc((size_t)nv + 1, sizeof *s.state);
    s.cval = mc_xcalloc((size_t)nv + 1, sizeof *s.cval);
    s.onvwork = mc_xcalloc((size_t)nv + 1, sizeof *s.onvwork);
    s.vwork = mc_xmalloc(((size_t)nv + 1) * sizeof *s.vwork);
    s.bexec = mc_xcalloc((size_t)nb + 1, sizeof *s.bexec);
    s.eexec = mc_xcalloc((size_t)nb + 1, sizeof *s.eexec);
    s.ework = mc_xmalloc(((size_t)nb * 2 + 1) * sizeof *s.ework);
    s.rewrite = mc_xcalloc((size_t)nb + 1, sizeof *s.rewrite);
    for (int32_t p = 0; p < f->nparams; p++) s.state[f->params[p]] = BOTTOM;
    build_uses(&s);
    s.hint = mc_phi_arg_hints(f);

    /* Visit the entry, then drain both worklists. */
    int32_t pending = 0; /* a block to visit in full: entry first */
    for (;;) {
        if (pending != MC_NONE) {
            int32_t b = pending;
            pending = MC_NONE;
            if (!s.bexec[b]) {
                s.bexec[b] = true;
                McBlock *bl = &f->blocks[b];
                for (int32_t p = 0; p < bl->nphis; p++) eval_phi(&s, b, p);
                for (int32_t i = 0; i < bl->ninsts; i++) eval_inst(&s, b, i);
                eval_term(&s, b);
            }
            continue;
        }
        if (s.nework > 0) {
            int32_t e = s.ework[--s.nework];
            int32_t b = e / 2;
            int32_t t = f->blocks[b].term.target[e % 2];
            if (s.bexec[t]) {
                for (int32_t p = 0; p < f->blocks[t].nphis; p++) {
                    const McPhi *phi = &f->blocks[t].phis[p];
                    if (s.state[phi->dest] == BOTTOM) continue; /* eval_phi_arg would do nothing */
                    eval_phi_arg(&s, t, p, mc_phi_arg_find(phi, b, s.hint[e]));
                }
            } else {
                pending = t;
            }
            continue;
        }
        if (s.nvwork > 0) {
            int32_t v = s.vwork[--s.nvwork];
            s.onvwork[v] = false;
            for (int32_t u = s.ustart[v]; u < s.ustart[v + 1]; u++) eval_site(&s, s.uses[u]);
            continue;
        }
        break;
    }

    /* Rewrite: constants into uses, fold branches, drop dead definitions and
     * blocks. Each use of a constant is found through the use sites (every
     * operand that reads a value has one), not by a sweep over the function. */
    bool changed = false, mod = false;
    for (int32_t v = 0; v < nv; v++) {
        if (s.state[v] != CONST) continue;
        for (int32_t u = s.ustart[v]; u < s.ustart[v + 1]; u++) {
            Site st = s.uses[u];
            McBlock *bl = &f->blocks[st.block];
            McOperand *o[3];
            int n = 0;
            if (st.what >= 0) {
                McInst *in = &bl->insts[st.what];
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) o[n++] = &in->a[k];
            } else if (st.what == -1) {
                o[n++] = &bl->term.arg;
            } else {
                o[n++] = &bl->phis[~(st.what + 1)].args[st.arg].val;
            }
            for (int k = 0; k < n; k++)
                if (o[k]->kind == MC_OPND_VALUE && o[k]->v == v) {
                    McPos l = o[k]->loc;
                    *o[k] = mc_const(s.cval[v]);
                    o[k]->loc = l;
                    mod = true;
                }
        }
    }
    /* Only a block marked by the walk can hold a constant definition or a
     * branch with one edge taken. */
    for (int32_t b = 0; b < nb; b++) {
        if (!s.bexec[b] || !s.rewrite[b]) continue;
        McBlock *bl = &f->blocks[b];
        int32_t k = 0;
        for (int32_t p = 0; p < bl->nphis; p++)
            if (s.state[bl->phis[p].dest] != CONST) bl->phis[k++] = bl->phis[p];
        mod |= k != bl->nphis;
        bl->nphis = k;
        k = 0;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            McInst *in = &bl->insts[i];
            /* A div or rem whose divisor may be zero keeps its trap (its
             * uses read the constant all the same). */
            bool dead = in->dest != MC_NONE && s.state[in->dest] == CONST && !mc_inst_may_trap(in);
            if (!dead) bl->insts[k++] = *in;
        }
        mod |= k != bl->ninsts;
        bl->ninsts = k;
        if (bl->term.op == MC_OP_BRANCH && s.eexec[b][0] != s.eexec[b][1]) {
            int keep = s.eexec[b][0] ? 0 : 1;
            int32_t t = bl->term.target[keep], gone = bl->term.target[1 - keep];
            bl->term.op = MC_OP_JUMP;
            bl->term.arg = (McOperand){MC_OPND_NONE, 0, {0}};
            bl->term.target[0] = t;
            bl->term.target[1] = MC_NONE;
            bl->term.tloc[0] = bl->term.tloc[keep];
            if (gone != t && s.bexec[gone]) mc_block_phi_drop_pred(f, gone, b);
            mod = true;
        }
    }
    /* A value proven constant is a change even when nothing was left to
     * rewrite (a div that may trap keeps its instruction). */
    changed = mod;
    for (int32_t v = 0; v < nv && !changed; v++) changed = s.state[v] == CONST;
    bool anydead = false;
    for (int32_t b = 0; b < nb; b++) anydead |= !s.bexec[b];
    if (anydead) {
        bool *dead = mc_xmalloc((size_t)nb * sizeof *dead);
        for (int32_t b = 0; b < nb; b++) dead[b] = !s.bexec[b];
        mc_func_remove_blocks(f, dead);
        free(dead);
        changed = mod = true;
    }
    *modified = mod;
    free(s.rewrite);
    free(s.state);
    free(s.cval);
    free(s.onvwork);
    free(s.vwork);
    free(s.bexec);
    free(s.eexec);
    free(s.ework);
    free(s.ustart);
    free(s.uses);
    free(s.hint);
    return changed;
}
