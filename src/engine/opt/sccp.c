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
 * constant. A div or rem by a non-zero constant cannot trap and goes.
 * A call's result is BOTTOM (nothing is known across functions) and the
 * call stays (docs/ir.md §3.2); a constant argument is written into it. */
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
    int32_t next; /* the value's next use site, -1 at the end */
} Site;

/* Per value flags. */
enum { ON_VWORK = 1, READ = 2 };

typedef struct Sccp {
    McFunc *f;
    uint8_t *state; /* lattice level of each value */
    int32_t *cval;  /* the constant when state == CONST */
    bool *bexec;    /* block reached */
    bool (*eexec)[2]; /* terminator slot k of block b taken */
    int32_t *uhead;  /* per value: its first use site, -1 none (see index_block) */
    Site *uses;
    int32_t nuses, capuses;
    int32_t *vwork, nvwork; /* values whose cell went down after a use read it */
    uint8_t *flags;         /* per value: ON_VWORK, READ */
    int32_t *ework, nework; /* edges (b * 2 + k) newly executable */
    int32_t *hint;          /* each edge's entry in its target's phis + 1, 0 = unknown (index_block) */
    bool *rewrite;          /* block: a definition in it was once CONST, or its branch had a constant
                               condition (the rewrite visits only these) */
} Sccp;

/* Lattice cell of an operand; a value's cell is marked READ. */
static int cell(Sccp *s, McOperand o, int32_t *c) {
    *c = 0;
    if (o.kind == MC_OPND_CONST) {
        *c = o.v;
        return CONST;
    }
    if (o.kind != MC_OPND_VALUE) return BOTTOM;
    *c = s->cval[o.v];
    s->flags[o.v] |= READ;
    return s->state[o.v];
}

/* Meet (st, c) into v's cell. Its uses are evaluated again only when one
 * of them has read the cell: a use evaluated later reads the new cell
 * anyway. In SSA a definition is evaluated before its uses (it dominates
 * them, or the edge that carries it to a phi), so most cells fall before
 * anything reads them, and only the others (a loop's phis, a join whose
 * other arm is reached later, and what depends on them) go on the list. */
static void lower(Sccp *s, int32_t v, int st, int32_t c) {
    if (st == TOP || s->state[v] == BOTTOM) return;
    if (s->state[v] == CONST && (st == BOTTOM || c != s->cval[v]))
        st = BOTTOM;
    else if (s->state[v] == CONST)
        return;
    s->state[v] = (uint8_t)st;
    s->cval[v] = c;
    if (s->flags[v] == READ) {
        s->flags[v] |= ON_VWORK;
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

static void uses_grow(Sccp *s) { MC_GROW(s->uses, s->capuses, s->nuses + 1, 1024); }

/* A use of a BOTTOM cell needs no site: the cell cannot fall again, so the
 * use is never evaluated again, and it is not a constant to rewrite. */
static inline void use_at(Sccp *s, McOperand o, int32_t b, int32_t what, int32_t arg, int32_t dest) {
    if (o.kind != MC_OPND_VALUE || s->state[o.v] == BOTTOM) return;
    if (s->nuses == s->capuses) uses_grow(s);
    s->uses[s->nuses] = (Site){b, what, arg, dest, s->uhead[o.v]};
    s->uhead[o.v] = s->nuses++;
}

/* The use sites of block b (a list per value) and the entries of b's phis
 * for its incoming edges, recorded when b is first reached, before any of
 * it is evaluated. Only a use that has been evaluated is ever evaluated
 * again (eval_site) or rewritten, and that happens only in a block that
 * has been reached, so no sweep over the function is needed for them; and
 * only uses of a cell that can still fall need one (use_at). */
static void index_block(Sccp *s, int32_t b) {
    McBlock *bl = &s->f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++)
        for (int32_t a = 0; a < bl->phis[p].nargs; a++)
            use_at(s, bl->phis[p].args[a].val, b, -(p + 2), a, bl->phis[p].dest);
    for (int32_t i = 0; i < bl->ninsts; i++) {
        int nops;
        const McOperand *ops = mc_opt_opnds(s->f, &bl->insts[i], &nops); /* a call's arguments too */
        for (int k = 0; k < nops; k++) use_at(s, ops[k], b, i, 0, bl->insts[i].dest);
    }
    if (bl->term.op != MC_OP_JUMP) use_at(s, bl->term.arg, b, -1, 0, MC_NONE);
    if (bl->nphis == 0) return;
    /* As mc_phi_arg_hints: the first entry of phis[0] for each edge into b. */
    const McPhi *phi = &bl->phis[0];
    int32_t nb = s->f->nblocks;
    for (int32_t q = 0; q < phi->nargs; q++) {
        int32_t pb = phi->args[q].block, succ[2];
        if (pb < 0 || pb >= nb) continue;
        int ns = mc_block_succs(&s->f->blocks[pb], succ);
        for (int k = 0; k < ns; k++)
            if (succ[k] == b && s->hint[2 * pb + k] == 0) s->hint[2 * pb + k] = q + 1;
    }
}


/* The analysis state for f: every cell TOP but the parameters (BOTTOM), no
 * block reached, no use site yet. */
static void sccp_init(Sccp *s, McFunc *f) {
    memset(s, 0, sizeof *s);
    s->f = f;
    int32_t nv = f->nvalues, nb = f->nblocks;
    s->state = mc_xcalloc((size_t)nv + 1, sizeof *s->state);
    s->cval = mc_xcalloc((size_t)nv + 1, sizeof *s->cval);
    s->flags = mc_xcalloc((size_t)nv + 1, sizeof *s->flags);
    s->uhead = mc_xmalloc(((size_t)nv + 1) * sizeof *s->uhead);
    memset(s->uhead, 0xff, ((size_t)nv + 1) * sizeof *s->uhead); /* -1: no use yet */
    s->vwork = mc_xmalloc(((size_t)nv + 1) * sizeof *s->vwork);
    s->bexec = mc_xcalloc((size_t)nb + 1, sizeof *s->bexec);
    s->eexec = mc_xcalloc((size_t)nb + 1, sizeof *s->eexec);
    s->ework = mc_xmalloc(((size_t)nb * 2 + 1) * sizeof *s->ework);
    s->rewrite = mc_xcalloc((size_t)nb + 1, sizeof *s->rewrite);
    for (int32_t p = 0; p < f->nparams; p++) s->state[f->params[p]] = BOTTOM;
    s->hint = mc_xcalloc((size_t)nb * 2 + 1, sizeof *s->hint);
    s->capuses = nv + 1024; /* the sites are usually fewer than the values: no copy as they grow */
    s->uses = mc_xmalloc((size_t)s->capuses * sizeof *s->uses);
}

/* Free what sccp_init allocated. */
static void sccp_free(Sccp *s) {
    free(s->rewrite);
    free(s->state);
    free(s->cval);
    free(s->flags);
    free(s->vwork);
    free(s->bexec);
    free(s->eexec);
    free(s->ework);
    free(s->uhead);
    free(s->uses);
    free(s->hint);
}

/* Edge e (b * 2 + k) became executable: its target's phis meet the entry
 * for it if the target was reached before, else the target is marked
 * reached (in reached/words, low kept the lowest word with a bit). */
static void take_edge_work(Sccp *s, int32_t e, uint64_t *reached, uint64_t *words, int32_t *low) {
    McFunc *f = s->f;
    int32_t b = e / 2;
    int32_t t = f->blocks[b].term.target[e % 2];
    if (s->bexec[t]) {
        for (int32_t p = 0; p < f->blocks[t].nphis; p++) {
            const McPhi *phi = &f->blocks[t].phis[p];
            if (s->state[phi->dest] == BOTTOM) continue; /* eval_phi_arg would do nothing */
            eval_phi_arg(s, t, p, mc_phi_arg_find(phi, b, s->hint[e] - 1));
        }
    } else {
        reached[t / 64] |= (uint64_t)1 << (t % 64);
        words[t / 4096] |= (uint64_t)1 << (t / 64 % 64);
        if (t / 64 < *low) *low = t / 64;
    }
}

/* Block b reached for the first time: index its uses, evaluate its phis,
 * instructions and terminator. */
static void visit_block(Sccp *s, int32_t b) {
    s->bexec[b] = true;
    index_block(s, b);
    McBlock *bl = &s->f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++) eval_phi(s, b, p);
    for (int32_t i = 0; i < bl->ninsts; i++) eval_inst(s, b, i);
    eval_term(s, b);
}

/* Visit the entry, then drain the worklists. The blocks reached and not
 * yet visited are visited lowest first: the cells are the same in any
 * order (opt.c), and in layout order the function is read front to back
 * and a join is mostly visited after the arms that reach it (its phis
 * then fall before anything reads them, see lower). */
static void solve(Sccp *s) {
    int32_t nb = s->f->nblocks;
    int32_t nw = nb / 64 + 1;
    uint64_t *reached = mc_xcalloc((size_t)nw + (size_t)nw / 64 + 1, sizeof *reached);
    uint64_t *words = reached + nw; /* bit w: reached[w] != 0 */
    reached[0] = words[0] = 1;      /* the entry */
    int32_t low = 0;                /* no word below this one has a bit set */
    for (;;) {
        if (s->nework > 0) {
            take_edge_work(s, s->ework[--s->nework], reached, words, &low);
            continue;
        }
        while (low < nw && !reached[low]) {
            uint64_t x = words[low / 64] >> (low % 64);
            low = x ? low + __builtin_ctzll(x) : (low / 64 + 1) * 64;
        }
        if (low < nw) {
            int32_t b = low * 64 + __builtin_ctzll(reached[low]);
            reached[low] &= reached[low] - 1;
            if (!reached[low]) words[low / 64] &= ~((uint64_t)1 << (low % 64));
            visit_block(s, b);
            continue;
        }
        if (s->nvwork > 0) {
            int32_t v = s->vwork[--s->nvwork];
            s->flags[v] &= (uint8_t)~ON_VWORK;
            for (int32_t u = s->uhead[v]; u >= 0; u = s->uses[u].next) eval_site(s, s->uses[u]);
            continue;
        }
        break;
    }
    free(reached);
}

/* Constants into uses. Each use of a constant is found through the use
 * sites (every operand of a reached block that reads a value has one; the
 * blocks never reached go), not by a sweep over the function. Returns
 * whether an operand changed. */
static bool rewrite_uses(Sccp *s) {
    McFunc *f = s->f;
    bool mod = false;
    for (int32_t v = 0; v < f->nvalues; v++) {
        if (s->state[v] != CONST) continue;
        for (int32_t u = s->uhead[v]; u >= 0; u = s->uses[u].next) {
            Site st = s->uses[u];
            McBlock *bl = &f->blocks[st.block];
            McOperand *o; /* the operands of the site: an instruction's (a call's arguments), or one */
            int n = 1;
            if (st.what >= 0)
                o = mc_opt_opnds(f, &bl->insts[st.what], &n);
            else if (st.what == -1)
                o = &bl->term.arg;
            else
                o = &bl->phis[~(st.what + 1)].args[st.arg].val;
            for (int k = 0; k < n; k++)
                if (o[k].kind == MC_OPND_VALUE && o[k].v == v) {
                    McPos l = o[k].loc;
                    o[k] = mc_const(s->cval[v]);
                    o[k].loc = l;
                    mod = true;
                }
        }
    }
    return mod;
}

/* Drop the constant definitions of reached block b and fold its branch
 * when only one edge was taken. Returns whether b changed. */
static bool rewrite_block(Sccp *s, int32_t b) {
    McFunc *f = s->f;
    McBlock *bl = &f->blocks[b];
    bool mod = false;
    int32_t k = 0;
    for (int32_t p = 0; p < bl->nphis; p++)
        if (s->state[bl->phis[p].dest] != CONST) bl->phis[k++] = bl->phis[p];
    mod |= k != bl->nphis;
    bl->nphis = k;
    k = 0;
    for (int32_t i = 0; i < bl->ninsts; i++) {
        McInst *in = &bl->insts[i];
        /* A div or rem whose divisor may be zero keeps its trap (its
         * uses read the constant all the same). */
        bool dead = in->dest != MC_NONE && s->state[in->dest] == CONST && !mc_inst_may_trap(in);
        if (!dead) bl->insts[k++] = *in;
    }
    mod |= k != bl->ninsts;
    bl->ninsts = k;
    if (bl->term.op == MC_OP_BRANCH && s->eexec[b][0] != s->eexec[b][1]) {
        int keep = s->eexec[b][0] ? 0 : 1;
        int32_t t = bl->term.target[keep], gone = bl->term.target[1 - keep];
        bl->term.op = MC_OP_JUMP;
        bl->term.arg = (McOperand){MC_OPND_NONE, 0, {0}};
        bl->term.target[0] = t;
        bl->term.target[1] = MC_NONE;
        bl->term.tloc[0] = bl->term.tloc[keep];
        if (gone != t && s->bexec[gone]) mc_block_phi_drop_pred(f, gone, b);
        mod = true;
    }
    return mod;
}

/* changed: a value proven constant or f modified; all_reachable: the
 * blocks never reached are gone, and every branch taken one way folded. */
McPassResult mc_pass_sccp(McFunc *f, bool reachable) {
    (void)reachable; /* SCCP finds out itself */
    Sccp s;
    sccp_init(&s, f);
    int32_t nv = f->nvalues, nb = f->nblocks;
    solve(&s);

    /* Rewrite: constants into uses, fold branches, drop dead definitions and
     * blocks. */
    bool changed = false, mod = rewrite_uses(&s);
    /* Only a block marked by the walk can hold a constant definition or a
     * branch with one edge taken. */
    for (int32_t b = 0; b < nb; b++) {
        if (!s.bexec[b] || !s.rewrite[b]) continue;
        mod |= rewrite_block(&s, b);
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
    sccp_free(&s);
    return (McPassResult){.changed = changed, .modified = mod, .all_reachable = true};
}
