/* ssa.c - SSA construction after Cytron, Ferrante, Rosen, Wegman and Zadeck.
 *
 * Pass contract
 *   requires:    a verified function (mc_verify set f->form)
 *   produces:    a new function in SSA form (phis, one definition per name);
 *                SSA input comes back as an unchanged clone
 *   invalidates: nothing (the input is not touched)
 *
 * After dropping unreachable blocks and building the CFG snapshot
 * (dominators, frontiers), four phases, one function each, each linear in
 * the size of the function:
 *   1. definition sites of every variable (defs_build);
 *   2. phi placement at the iterated dominance frontier of each variable's
 *      definition sites, filtered by the chosen policy (minimal, semi-pruned,
 *      pruned; see ssa.h) (place_phis);
 *   3. renaming: walk the dominator tree with an explicit stack, keeping the
 *      current version of every variable and an undo log so that leaving a
 *      block restores the versions its dominator saw (rename_values);
 *   4. cleanup: the result verified as SSA (finish).
 * Nothing grows while building: the phis of a block are allocated once at
 * their final number, each with one entry per predecessor, and entries are
 * written at their place in block order; the value table and the name map
 * get room for every version before renaming. So the clone the phases work
 * on stays dense (what a compacting copy at the end used to restore), and
 * is returned as it is.
 * Naming rules (readable versions x.1, x.2...) are described in ssa.h.
 * A call (docs/ir.md §3.2) is one more instruction here: its scalar
 * arguments (in the call table, mc_inst_opnds) are uses, its destination
 * if any a definition; buffers, local ones included, are never renamed. */
#include "minicc/ssa.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/util.h"
#include "minicc/verify.h"

static const char *const kind_names[MC_SSA_KIND_COUNT] = {"pruned", "semi", "minimal"};

const char *mc_ssa_kind_name(McSsaKind k) {
    return (unsigned)k < MC_SSA_KIND_COUNT ? kind_names[k] : "?";
}

int mc_ssa_kind_lookup(const char *name) {
    for (int k = 0; k < MC_SSA_KIND_COUNT; k++)
        if (strcmp(name, kind_names[k]) == 0) return k;
    if (strcmp(name, "semi-pruned") == 0) return MC_SSA_SEMI;
    return -1;
}

static int32_t count_phis(const McFunc *f) {
    int32_t n = 0;
    for (int32_t b = 0; b < f->nblocks; b++) n += f->blocks[b].nphis;
    return n;
}

/* Remove every block the entry cannot reach; returns how many went. A plain
 * depth-first search: no need for a whole McCfg (dominators, loops) here. */
static int32_t drop_unreachable(McFunc *f) {
    int32_t nb = f->nblocks;
    bool *dead = mc_xmalloc(((size_t)nb + 1) * sizeof *dead);
    int32_t *stack = mc_xmalloc(((size_t)nb + 1) * sizeof *stack);
    for (int32_t b = 0; b < nb; b++) dead[b] = true;
    int32_t sp = 0, reached = 1;
    dead[0] = false;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t b = stack[--sp], s[2];
        int ns = mc_block_succs(&f->blocks[b], s);
        for (int i = 0; i < ns; i++)
            if (dead[s[i]]) {
                dead[s[i]] = false;
                reached++;
                stack[sp++] = s[i];
            }
    }
    int32_t dropped = nb - reached;
    if (dropped > 0) mc_func_remove_blocks(f, dead);
    free(dead);
    free(stack);
    return dropped;
}

/* ---- 1. definition sites ------------------------------------------------ */

/* Where each variable is defined. The blocks that define v are
 * sites[start[v] .. start[v + 1]), each once, in block order (the entry for
 * a parameter): the CSR form the phi placement walks. */
typedef struct Defs {
    int32_t nv;      /* handles below nv are the original variables */
    bool *isvar;     /* scalar (i32) value */
    bool *isparam;   /* scalar parameter */
    int32_t *ndefs;  /* definitions, parameters included; phi placement adds its phis */
    int32_t *start;  /* nv + 1 offsets into sites */
    int32_t *sites;
    bool *def0;      /* an instruction of the entry block defines v (sites lists a parameter's entry anyway) */
    bool any_line;   /* some instruction has a C line (MiniC): phis look theirs up */
} Defs;

static void defs_build(Defs *d, const McFunc *f) {
    const int32_t nb = f->nblocks, nv = f->nvalues;
    d->nv = nv;
    d->any_line = false;
    d->isvar = mc_xcalloc((size_t)nv + 1, sizeof *d->isvar);
    d->isparam = mc_xcalloc((size_t)nv + 1, sizeof *d->isparam);
    d->ndefs = mc_xcalloc((size_t)nv + 1, sizeof *d->ndefs);
    d->start = mc_xcalloc((size_t)nv + 2, sizeof *d->start);
    d->def0 = mc_xcalloc((size_t)nv + 1, sizeof *d->def0);
    int32_t *stamp = mc_xmalloc(((size_t)nv + 1) * sizeof *stamp); /* last block counted for v */
    for (int32_t v = 0; v < nv; v++) {
        d->isvar[v] = f->values[v].kind == MC_VAL_I32;
        stamp[v] = MC_NONE;
    }
    /* Count the defining blocks of each variable into start[v + 1]... */
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t v = f->params[p];
        if (!d->isvar[v]) continue;
        d->isparam[v] = true;
        d->ndefs[v]++;
        d->start[v + 1]++;
        stamp[v] = 0;
    }
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            int32_t v = bl->insts[i].dest;
            d->any_line |= bl->insts[i].line != 0;
            if (v == MC_NONE) continue;
            d->ndefs[v]++;
            if (b == 0) d->def0[v] = true;
            if (stamp[v] != b) {
                stamp[v] = b;
                d->start[v + 1]++;
            }
        }
    }
    /* ... then the offsets, and fill in the same order. */
    for (int32_t v = 0; v < nv; v++) d->start[v + 1] += d->start[v];
    d->sites = mc_xmalloc(((size_t)d->start[nv] + 1) * sizeof *d->sites);
    int32_t *fill = mc_xmalloc(((size_t)nv + 1) * sizeof *fill);
    memcpy(fill, d->start, (size_t)nv * sizeof *fill);
    for (int32_t v = 0; v < nv; v++) stamp[v] = MC_NONE;
    for (int32_t v = 0; v < nv; v++)
        if (d->isparam[v]) {
            d->sites[fill[v]++] = 0;
            stamp[v] = 0;
        }
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            int32_t v = bl->insts[i].dest;
            if (v != MC_NONE && stamp[v] != b) {
                stamp[v] = b;
                d->sites[fill[v]++] = b;
            }
        }
    }
    free(fill);
    free(stamp);
}

static void defs_free(Defs *d) {
    free(d->def0);
    free(d->sites);
    free(d->start);
    free(d->ndefs);
    free(d->isparam);
    free(d->isvar);
}

/* ---- 2. phi placement ----------------------------------------------------- */

/* Semi-pruned filter: the non-local names, used in some block before any
 * definition there. Returns a calloc'd flag per value. */
static bool *nonlocal_names(const McFunc *f, const bool *isvar) {
    const int32_t nb = f->nblocks, nv = f->nvalues;
    bool *global = mc_xcalloc((size_t)nv + 1, sizeof *global);
    int32_t *stamp = mc_xmalloc(((size_t)nv + 1) * sizeof *stamp); /* last block that defined v */
    for (int32_t v = 0; v < nv; v++) stamp[v] = MC_NONE;
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops); /* a call's arguments too */
            for (int k = 0; k < nops; k++)
                if (ops[k].kind == MC_OPND_VALUE && isvar[ops[k].v] && stamp[ops[k].v] != b)
                    global[ops[k].v] = true;
            if (in->dest != MC_NONE) stamp[in->dest] = b;
        }
        if (bl->term.op != MC_OP_JUMP && bl->term.arg.kind == MC_OPND_VALUE && isvar[bl->term.arg.v] &&
            stamp[bl->term.arg.v] != b)
            global[bl->term.arg.v] = true;
    }
    free(stamp);
    return global;
}

/* Pruned filter: is the variable live on entry to a block? Only phi
 * placement asks, only for the variables it places phis for, and only
 * "live-in at y", so instead of the whole block liveness (mc_liveness: in and
 * out sets of every value, sorted into rows, each query a binary search) the
 * live-in blocks of one variable are found when its first phi candidate
 * comes up, by the same backward walk mc_liveness makes for it (from the
 * blocks where it is upward exposed, through predecessors, stopping at
 * blocks that assign it), and stamped with the variable: a query is one load.
 * The sets are those of mc_liveness (input in mutable form, every block
 * reachable: no phi uses).
 *
 * A variable assigned in many blocks (a source variable of a loop nest) is
 * typically live into most blocks, and walking it visits all of them. Up to
 * 64 such variables (assigned in two blocks or more, read somewhere before
 * an assignment: the first 64 in handle order) are instead solved together
 * by the same equations over one 64-bit word per block (in = ue | (out &
 * ~def), out = the union of the successors' in), with a worklist of blocks
 * whose in grew: the least solution, hence the same sets, at a fraction of
 * the visits. */
typedef struct Pruner {
    int32_t *ustart, *ublock; /* upward-exposed use blocks of v: ublock[ustart[v] .. ustart[v + 1]) */
    int32_t *inmark;          /* inmark[b] == v: v is live on entry to b */
    int32_t *defmark;         /* defmark[b] == v: an instruction of b assigns v */
    int32_t *stack;
    int32_t done;             /* the variable whose live-in blocks are stamped, or MC_NONE */
    int8_t *bit;              /* bit[v]: v's bit in in[], or -1 (walked on its own) */
    uint64_t *in;             /* in[b]: the solved-together variables live on entry to b */
} Pruner;

/* The blocks where each scalar is read before any assignment in the block
 * (instruction operands, then the terminator's operand), grouped by
 * variable, each list in block order. */
static void pruner_init(Pruner *p, const McFunc *f, const bool *isvar) {
    const int32_t nb = f->nblocks, nv = f->nvalues;
    int32_t *ustamp = mc_xmalloc(((size_t)nv + 1) * sizeof *ustamp); /* v listed for block b */
    int32_t *dstamp = mc_xmalloc(((size_t)nv + 1) * sizeof *dstamp); /* v assigned in b so far */
    for (int32_t v = 0; v < nv; v++) ustamp[v] = dstamp[v] = MC_NONE;
    int32_t n = 0, cap = 1024;
    int32_t *pv = mc_xmalloc((size_t)cap * 2 * sizeof *pv); /* (variable, block) */
    for (int32_t b = 0; b < nb; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i <= bl->ninsts; i++) {
            const McOperand *ops;
            int nops;
            int32_t dst = MC_NONE;
            if (i < bl->ninsts) {
                ops = mc_inst_opnds(f, &bl->insts[i], &nops); /* a call's arguments too */
                dst = bl->insts[i].dest;
            } else {
                if (bl->term.op == MC_OP_JUMP) break;
                ops = &bl->term.arg;
                nops = 1;
            }
            for (int k = 0; k < nops; k++) {
                if (ops[k].kind != MC_OPND_VALUE || !isvar[ops[k].v]) continue;
                int32_t v = ops[k].v;
                if (dstamp[v] == b || ustamp[v] == b) continue;
                ustamp[v] = b;
                if (n == cap) {
                    cap *= 2;
                    pv = mc_xrealloc(pv, (size_t)cap * 2 * sizeof *pv);
                }
                pv[2 * n] = v;
                pv[2 * n + 1] = b;
                n++;
            }
            if (dst != MC_NONE) dstamp[dst] = b;
        }
    }
    free(ustamp);
    free(dstamp);
    p->ustart = mc_xcalloc((size_t)nv + 2, sizeof *p->ustart);
    p->ublock = mc_xmalloc(((size_t)n + 1) * sizeof *p->ublock);
    for (int32_t i = 0; i < n; i++) p->ustart[pv[2 * i] + 1]++;
    for (int32_t v = 0; v < nv; v++) p->ustart[v + 1] += p->ustart[v];
    int32_t *fill = mc_xmalloc(((size_t)nv + 1) * sizeof *fill);
    memcpy(fill, p->ustart, (size_t)nv * sizeof *fill);
    for (int32_t i = 0; i < n; i++) p->ublock[fill[pv[2 * i]]++] = pv[2 * i + 1];
    free(fill);
    free(pv);
    p->inmark = mc_xmalloc(((size_t)nb + 1) * sizeof *p->inmark);
    p->defmark = mc_xmalloc(((size_t)nb + 1) * sizeof *p->defmark);
    p->stack = mc_xmalloc(((size_t)nb + 1) * sizeof *p->stack);
    for (int32_t b = 0; b < nb; b++) p->inmark[b] = p->defmark[b] = MC_NONE;
    p->done = MC_NONE;
    p->bit = NULL;
    p->in = NULL;
}

/* Solve up to 64 many-block variables together (see Pruner). */
static void pruner_words(Pruner *p, const McFunc *f, const McCfg *c, const Defs *d) {
    const int32_t nb = f->nblocks, nv = d->nv;
    int8_t *bit = mc_xmalloc(((size_t)nv + 1) * sizeof *bit);
    int n = 0;
    for (int32_t v = 0; v < nv; v++) {
        bit[v] = -1;
        if (n < 64 && d->isvar[v] && d->start[v + 1] - d->start[v] >= 2 && p->ustart[v + 1] > p->ustart[v])
            bit[v] = (int8_t)n++;
    }
    if (n == 0) {
        free(bit);
        return;
    }
    uint64_t *ue = mc_xcalloc((size_t)nb + 1, sizeof *ue);
    uint64_t *def = mc_xcalloc((size_t)nb + 1, sizeof *def);
    uint64_t *out = mc_xcalloc((size_t)nb + 1, sizeof *out);
    for (int32_t v = 0; v < nv; v++) {
        if (bit[v] < 0) continue;
        uint64_t m = (uint64_t)1 << bit[v];
        for (int32_t k = p->ustart[v]; k < p->ustart[v + 1]; k++) ue[p->ublock[k]] |= m;
        for (int32_t k = d->start[v]; k < d->start[v + 1]; k++) {
            int32_t b = d->sites[k];
            if (b == 0 && d->isparam[v] && !d->def0[v]) continue; /* a parameter is not assigned in the entry */
            def[b] |= m;
        }
    }
    uint64_t *in = mc_xmalloc(((size_t)nb + 1) * sizeof *in);
    bool *queued = mc_xcalloc((size_t)nb + 1, sizeof *queued);
    int32_t sp = 0;
    /* blocks with uses, last in reverse postorder popped first: predecessors
     * tend to come after their successors */
    for (int32_t i = 0; i < c->nrpo; i++) {
        int32_t b = c->rpo[i];
        in[b] = ue[b];
        if (ue[b]) {
            queued[b] = true;
            p->stack[sp++] = b;
        }
    }
    while (sp > 0) {
        int32_t b = p->stack[--sp];
        queued[b] = false;
        uint64_t live = in[b];
        const int32_t *pr = c->preds[b];
        for (int32_t k = 0; k < c->npreds[b]; k++) {
            int32_t q = pr[k];
            uint64_t o = out[q] | live;
            if (o == out[q]) continue;
            out[q] = o;
            uint64_t i2 = ue[q] | (o & ~def[q]);
            if (i2 == in[q]) continue;
            in[q] = i2;
            if (!queued[q]) {
                queued[q] = true;
                p->stack[sp++] = q;
            }
        }
    }
    free(queued);
    free(ue);
    free(def);
    free(out);
    p->bit = bit;
    p->in = in;
}

static void pruner_free(Pruner *p) {
    free(p->bit);
    free(p->in);
    free(p->ustart);
    free(p->ublock);
    free(p->inmark);
    free(p->defmark);
    free(p->stack);
}

/* v live on entry to y (walking v's live-in blocks first if not yet done). */
static bool pruner_live_in(Pruner *p, const McCfg *c, const Defs *d, int32_t y, int32_t v) {
    if (p->bit && p->bit[v] >= 0) return (p->in[y] >> p->bit[v]) & 1;
    if (p->done != v) {
        p->done = v;
        for (int32_t k = d->start[v]; k < d->start[v + 1]; k++) {
            int32_t b = d->sites[k];
            if (b == 0 && d->isparam[v] && !d->def0[v]) continue; /* a parameter is not assigned in the entry */
            p->defmark[b] = v;
        }
        int32_t sp = 0;
        for (int32_t k = p->ustart[v]; k < p->ustart[v + 1]; k++) {
            int32_t b = p->ublock[k];
            p->inmark[b] = v;
            p->stack[sp++] = b;
        }
        while (sp > 0) {
            int32_t b = p->stack[--sp];
            const int32_t *pr = c->preds[b];
            for (int32_t k = 0; k < c->npreds[b]; k++) {
                int32_t q = pr[k];
                if (p->defmark[q] == v || p->inmark[q] == v) continue;
                p->inmark[q] = v;
                p->stack[sp++] = q;
            }
        }
    }
    return p->inmark[y] == v;
}

/* Place the phis of every variable at the iterated dominance frontier of
 * its definition sites, filtered by the policy: a worklist per variable,
 * stamped with the variable so no array is cleared between variables. Each
 * phi's destination is the variable itself until renaming. The placements
 * are collected first and each block's phis allocated once, at their final
 * number (in variable order, as appending them one by one would give), each
 * with room for exactly one entry per predecessor: renaming fills them
 * without growing anything. */
static void place_phis(McFunc *f, const McCfg *c, McSsaKind kind, Defs *d, McSsaStats *stats) {
    const int32_t nb = f->nblocks, nv = d->nv;
    Pruner pr, *live = NULL;
    if (kind == MC_SSA_PRUNED) {
        pruner_init(&pr, f, d->isvar);
        pruner_words(&pr, f, c, d);
        live = &pr;
    }
    bool *global = kind == MC_SSA_SEMI ? nonlocal_names(f, d->isvar) : NULL;
    int32_t *hasphi = mc_xmalloc((size_t)nb * sizeof *hasphi);
    int32_t *onwork = mc_xmalloc((size_t)nb * sizeof *onwork);
    int32_t *work = mc_xmalloc((size_t)nb * sizeof *work);
    int32_t nplaced = 0, cap = 1024;
    int32_t *placed = mc_xmalloc((size_t)cap * 2 * sizeof *placed); /* (block, variable) */
    for (int32_t b = 0; b < nb; b++) hasphi[b] = onwork[b] = MC_NONE;
    for (int32_t v = 0; v < nv; v++) {
        if (!d->isvar[v] || d->start[v] == d->start[v + 1]) continue;
        stats->variables++;
        if (global && !global[v]) continue;
        /* pruned: a variable read nowhere before an assignment in the same
         * block (a temporary used where it is made) is live into no block,
         * so it gets no phi: its frontiers need no walk */
        if (live && live->ustart[v] == live->ustart[v + 1]) continue;
        int32_t nw = 0;
        for (int32_t k = d->start[v]; k < d->start[v + 1]; k++) {
            work[nw++] = d->sites[k];
            onwork[d->sites[k]] = v;
        }
        while (nw > 0) {
            int32_t b = work[--nw];
            for (int32_t k = 0; k < c->ndf[b]; k++) {
                int32_t y = c->df[b][k];
                if (hasphi[y] == v) continue;
                if (live && !pruner_live_in(live, c, d, y, v)) continue;
                hasphi[y] = v;
                if (nplaced == cap) {
                    cap *= 2;
                    placed = mc_xrealloc(placed, (size_t)cap * 2 * sizeof *placed);
                }
                placed[2 * nplaced] = y;
                placed[2 * nplaced + 1] = v;
                nplaced++;
                d->ndefs[v]++;
                stats->phis++;
                if (onwork[y] != v) {
                    onwork[y] = v;
                    work[nw++] = y;
                }
            }
        }
    }
    /* Count per block, then fill in placement order (variables ascending). */
    for (int32_t b = 0; b < nb; b++) hasphi[b] = 0;
    for (int32_t i = 0; i < nplaced; i++) hasphi[placed[2 * i]]++;
    for (int32_t b = 0; b < nb; b++) {
        McBlock *bl = &f->blocks[b];
        if (!hasphi[b]) continue;
        MC_ASSERT(bl->nphis == 0); /* mutable input */
        /* MiniC: the C line of its block (looked up once per block; what
         * mc_block_line gives a block without phis when no instruction has
         * a line, without scanning them) */
        int32_t line = d->any_line ? mc_block_line(f, b) : bl->has_term ? bl->term.line : 0;
        /* The entries of the block's phis share one allocation, made before
         * the phi array: an arena array grows in place only when it is the
         * newest allocation, which a slice of a shared block must never be. */
        int32_t np = c->npreds[b];
        McPhiArg *args = mc_arena_alloc(&f->arena, (size_t)(np ? np : 1) * (size_t)hasphi[b] * sizeof *args);
        bl->phis = mc_arena_alloc(&f->arena, (size_t)hasphi[b] * sizeof *bl->phis);
        bl->capphis = hasphi[b];
        for (int32_t p = 0; p < hasphi[b]; p++) {
            bl->phis[p].line = line;
            bl->phis[p].args = args + (size_t)p * (size_t)(np ? np : 1);
            bl->phis[p].cap = np ? np : 1;
        }
    }
    for (int32_t i = 0; i < nplaced; i++) {
        McBlock *bl = &f->blocks[placed[2 * i]];
        bl->phis[bl->nphis++].dest = placed[2 * i + 1];
    }
    free(placed);
    free(work);
    free(onwork);
    free(hasphi);
    free(global);
    if (live) pruner_free(live);
}

/* ---- 3. renaming ---------------------------------------------------------- */

/* The undo log of the renaming walk: restoring `cur[var] = old` on exit. */
typedef struct Undo {
    int32_t var;
    McOperand old;
} Undo;

/* State of the renaming walk. */
typedef struct Renamer {
    McFunc *f;
    McSsaStats *stats;
    const Defs *defs;
    McOperand *cur;       /* current version of each variable (kind NONE: unassigned) */
    uint32_t *next;       /* next version number to try for each variable */
    bool *taken;          /* some original name looks like a version of this variable ("x.N") */
    int32_t *blen;        /* length of each variable's name (-1: not yet measured) */
    uint32_t *bhash;      /* and its hash (mc_name_hash), once blen is set */
    int32_t first;        /* the first version's handle */
    const char **vname;   /* vname[v - first], vhash[v - first]: the versions' names and hashes, */
    uint32_t *vhash;      /* put into the name map after the walk (mc_namemap_put_batch) */
    char *pool;           /* version names are packed into arena blocks: pool[0 .. npool) free */
    size_t npool;
    McStr name;           /* scratch for building "x.N" */
    Undo *undo;
    size_t nundo, capundo;
} Renamer;

/* Version names "x.N" of different variables never coincide (N is digits,
 * so the name before the last dot is the variable's), so a version can only
 * collide with a name of the input. Mark the variables some input name of
 * the form "x.DIGITS" belongs to: only their versions are looked up. */
static bool *versions_taken(const McFunc *f) {
    bool *taken = mc_xcalloc((size_t)f->nvalues + 1, sizeof *taken);
    for (int32_t v = 0; v < f->nvalues; v++) {
        const char *name = f->values[v].name, *dot = strrchr(name, '.');
        if (!dot || !dot[1]) continue;
        const char *q = dot + 1;
        while (*q >= '0' && *q <= '9') q++;
        if (*q) continue;
        int32_t x = mc_namemap_get(&f->value_names, name, (size_t)(dot - name));
        if (x != MC_NONE) taken[x] = true;
    }
    return taken;
}

/* A new definition of `var`: its name (kept or versioned) becomes current.
 * The value table and the name map have room for every version already. */
static int32_t define(Renamer *r, int32_t var, McPos loc) {
    int32_t nv;
    if (r->defs->ndefs[var] == 1 && !r->defs->isparam[var]) {
        nv = var;
    } else {
        /* Like mc_func_value_fresh, but resuming from the last version of
         * this variable: linear, not quadratic, in the number of versions. */
        McFunc *f = r->f;
        const char *base = f->values[var].name;
        if (r->blen[var] < 0) {
            size_t n = strlen(base);
            r->blen[var] = (int32_t)n;
            r->bhash[var] = mc_name_hash(MC_NAME_HASH0, base, n);
        }
        size_t blen = (size_t)r->blen[var];
        char digits[24]; /* ".N" */
        int nd;
        for (;;) {
            /* "name.N" without printf: once per version, it was a third of
             * SSA construction's instructions at 100k */
            nd = 0;
            for (unsigned long k = (unsigned long)r->next[var]++; nd == 0 || k > 0; k /= 10)
                digits[sizeof digits - 1 - nd++] = (char)('0' + k % 10);
            digits[sizeof digits - 1 - nd++] = '.';
            if (!r->taken[var]) break;
            r->name.len = 0;
            mc_str_putn(&r->name, base, blen);
            mc_str_putn(&r->name, digits + sizeof digits - nd, (size_t)nd);
            if (mc_namemap_get(&f->value_names, r->name.s, r->name.len) == MC_NONE) break;
        }
        /* written in place, zero-terminated, packed (no alignment, no zeroing
         * per name) */
        size_t need = blen + (size_t)nd + 1;
        if (need > r->npool) {
            r->npool = need > 65536 ? need : 65536;
            r->pool = mc_arena_alloc(&f->arena, r->npool);
        }
        char *name = r->pool;
        r->pool += need;
        r->npool -= need;
        memcpy(name, base, blen);
        memcpy(name + blen, digits + sizeof digits - nd, (size_t)nd);
        name[need - 1] = 0;
        MC_ASSERT(f->nvalues < f->capvalues);
        nv = f->nvalues++;
        McValue *val = &f->values[nv];
        val->name = name;
        val->kind = MC_VAL_I32;
        val->param = MC_NONE;
        val->loc = loc;
        /* the name map gets it after the walk: nothing looks a version up
         * meanwhile (only input names, see versions_taken) */
        r->vname[nv - r->first] = name;
        r->vhash[nv - r->first] = mc_name_hash(r->bhash[var], digits + sizeof digits - nd, (size_t)nd);
        r->stats->versions++;
    }
    if (r->nundo == r->capundo) {
        r->capundo = r->capundo ? r->capundo * 2 : 64;
        r->undo = mc_xrealloc(r->undo, r->capundo * sizeof *r->undo);
    }
    r->undo[r->nundo].var = var;
    r->undo[r->nundo].old = r->cur[var];
    r->nundo++;
    r->cur[var] = mc_val(nv);
    return nv;
}

/* Rewrite a use of a variable to its current version. */
static void use(Renamer *r, McOperand *o) {
    if (o->kind != MC_OPND_VALUE || o->v >= r->defs->nv || !r->defs->isvar[o->v]) return;
    McPos l = o->loc;
    MC_ASSERT(r->cur[o->v].kind != MC_OPND_NONE); /* definite assignment was verified */
    *o = r->cur[o->v];
    o->loc = l;
}

/* Walk the dominator tree with an explicit stack (an item ~b means "leaving
 * b": undo its definitions), versioning every definition and rewriting
 * every use, and fill in the phi operands of each successor's phis. Each
 * entry goes straight to its place in block order (the predecessor's
 * position among the successor's predecessors, which the CFG lists
 * ascending), so no phi needs sorting afterwards. */
static void rename_values(McFunc *f, const McCfg *c, const Defs *d, McSsaStats *stats) {
    const int32_t nb = f->nblocks, nv = d->nv;
    /* Remember which variable each phi stands for: renaming rewrites dests. */
    int32_t *phibase = mc_xmalloc(((size_t)nb + 1) * sizeof *phibase);
    phibase[0] = 0;
    for (int32_t b = 0; b < nb; b++) phibase[b + 1] = phibase[b] + f->blocks[b].nphis;
    int32_t *phivar = mc_xmalloc(((size_t)phibase[nb] + 1) * sizeof *phivar);
    for (int32_t b = 0; b < nb; b++)
        for (int32_t p = 0; p < f->blocks[b].nphis; p++) phivar[phibase[b] + p] = f->blocks[b].phis[p].dest;
    /* edgepos[2 * b + k]: the position of b among the predecessors of its
     * k-th successor (successors have at most two). */
    int32_t *edgepos = mc_xmalloc(((size_t)nb * 2 + 2) * sizeof *edgepos);
    for (int32_t s = 0; s < nb; s++)
        for (int32_t j = 0; j < c->npreds[s]; j++) {
            int32_t q = c->preds[s][j];
            MC_ASSERT(c->nsuccs[q] <= 2);
            for (int32_t k = 0; k < c->nsuccs[q]; k++)
                if (c->succs[q][k] == s) edgepos[2 * q + k] = j;
        }
    /* Room for every version: the value table and the name map grow once. */
    int32_t nversions = 0;
    for (int32_t v = 0; v < nv; v++)
        if (d->ndefs[v] != 1 || d->isparam[v]) nversions += d->ndefs[v] - (d->isparam[v] ? 1 : 0);
    if (nversions > 0) {
        int32_t need = f->nvalues + nversions;
        if (need > f->capvalues) {
            f->values = mc_arena_grow(&f->arena, f->values, (size_t)f->capvalues * sizeof *f->values,
                                      (size_t)need * sizeof *f->values);
            f->capvalues = need;
        }
        mc_namemap_reserve(&f->arena, &f->value_names, f->value_names.count + (uint32_t)nversions);
    }

    Renamer r = {f, stats, d, NULL, NULL, NULL, NULL, NULL, f->nvalues, NULL, NULL, NULL, 0, {NULL, 0, 0}, NULL, 0, 0};
    mc_str_init(&r.name);
    r.taken = versions_taken(f);
    r.blen = mc_xmalloc(((size_t)nv + 1) * sizeof *r.blen);
    for (int32_t v = 0; v < nv; v++) r.blen[v] = -1;
    r.bhash = mc_xmalloc(((size_t)nv + 1) * sizeof *r.bhash);
    /* room for what define() may add (it asserts f->nvalues < capvalues) */
    r.vname = mc_xmalloc(((size_t)(f->capvalues - r.first) + 1) * sizeof *r.vname);
    r.vhash = mc_xmalloc(((size_t)(f->capvalues - r.first) + 1) * sizeof *r.vhash);
    r.next = mc_xmalloc(((size_t)nv + 1) * sizeof *r.next);
    for (int32_t v = 0; v < nv; v++) r.next[v] = 1;
    r.cur = mc_xmalloc(((size_t)nv + 1) * sizeof *r.cur);
    for (int32_t v = 0; v < nv; v++) {
        r.cur[v].kind = MC_OPND_NONE;
        r.cur[v].v = MC_NONE;
        r.cur[v].loc = (McPos){0};
        if (d->isparam[v]) r.cur[v] = mc_val(v);
    }
    int32_t *mark = mc_xmalloc((size_t)nb * sizeof *mark);
    int32_t *stack = mc_xmalloc(((size_t)nb * 2 + 2) * sizeof *stack);
    int32_t sp = 0;
    stack[sp++] = 0;
    while (sp > 0) {
        int32_t item = stack[--sp];
        if (item < 0) { /* leaving block ~item: restore the versions */
            int32_t b = ~item;
            while (r.nundo > (size_t)mark[b]) {
                r.nundo--;
                r.cur[r.undo[r.nundo].var] = r.undo[r.nundo].old;
            }
            continue;
        }
        int32_t b = item;
        mark[b] = (int32_t)r.nundo;
        for (int32_t p = 0; p < f->blocks[b].nphis; p++) {
            f->blocks[b].phis[p].dest = define(&r, phivar[phibase[b] + p], f->blocks[b].loc);
        }
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            McInst *in = &f->blocks[b].insts[i];
            McCall *call = mc_inst_call(f, in);
            if (call) /* a call reads its scalar arguments (buffers are not renamed: use skips them) */
                for (int32_t k = 0; k < call->nargs; k++) use(&r, &call->args[k]);
            else
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) use(&r, &in->a[k]);
            /* A local buffer (`b = buffer N`) is defined once and is not a
             * scalar (the verifier saw to both): define() keeps its name. */
            if (in->dest != MC_NONE) in->dest = define(&r, in->dest, in->loc); /* blocks do not move */
        }
        if (f->blocks[b].term.op != MC_OP_JUMP) use(&r, &f->blocks[b].term.arg);
        for (int32_t k = 0; k < c->nsuccs[b]; k++) {
            int32_t s = c->succs[b][k], j = edgepos[2 * b + k];
            for (int32_t p = 0; p < f->blocks[s].nphis; p++) {
                McOperand val = r.cur[phivar[phibase[s] + p]];
                if (val.kind == MC_OPND_NONE) val = mc_const(0); /* never observed, see ssa.h */
                McPhi *phi = &f->blocks[s].phis[p];
                MC_ASSERT(j < phi->cap);
                phi->args[j].block = b;
                phi->args[j].val = val;
                phi->args[j].bloc = (McPos){0};
                phi->nargs++;
            }
        }
        stack[sp++] = ~b;
        for (int32_t k = c->ndom_children[b] - 1; k >= 0; k--) stack[sp++] = c->dom_children[b][k];
    }
    mc_namemap_put_batch(&f->arena, &f->value_names, r.vname, r.vhash, r.first, f->nvalues - r.first);
    free(r.vname);
    free(r.vhash);
    free(r.blen);
    free(r.bhash);
    free(r.undo);
    free(r.next);
    free(r.taken);
    mc_str_free(&r.name);
    free(mark);
    free(stack);
    free(r.cur);
    free(edgepos);
    free(phivar);
    free(phibase);
}

/* ---- 4. cleanup ----------------------------------------------------------- */

/* Mark f as SSA, check it (unless told not to) and return it; NULL (f
 * freed) with an internal diagnostic when the result is not valid SSA. */
static McFunc *finish(McFunc *f, const McFunc *src, const McCfg *c, bool check, McDiags *d) {
    f->form = MC_FORM_SSA;
    if (!check) return f;
    /* The contract says the result is SSA: check it. Blocks and terminators
     * are those the CFG was built from, so the verifier reuses it. */
    McDiags vd;
    mc_diags_init(&vd, f->file, NULL, 0);
    bool ok = mc_verify_cfg(f, MC_VERIFY_SSA, c, &vd);
    if (!ok) {
        char buf[512];
        mc_diag(d, mc_loc(src, src->loc), "internal: SSA construction of '%s' produced invalid SSA: %s", src->name,
                vd.n ? mc_diag_line(&vd, 0, buf, sizeof buf) : "(no detail)");
    }
    mc_diags_free(&vd);
    if (!ok) {
        mc_func_free(f);
        return NULL;
    }
    return f;
}

/* The four phases, as QBE's ssa.c runs them, on a clone of src with its
 * unreachable blocks dropped. */
McFunc *mc_ssa_build(const McFunc *src, McSsaKind kind, McSsaStats *stats, McDiags *d) {
    return mc_ssa_build_opts(src, kind, stats, true, d);
}

McFunc *mc_ssa_build_opts(const McFunc *src, McSsaKind kind, McSsaStats *stats, bool check, McDiags *d) {
    McSsaStats dummy;
    if (!stats) stats = &dummy;
    memset(stats, 0, sizeof *stats);
    if (src->form == MC_FORM_SSA) {
        McFunc *f = mc_func_clone(src);
        stats->was_ssa = true;
        stats->phis = count_phis(f);
        return f;
    }
    if (src->form != MC_FORM_MUTABLE) {
        mc_diag(d, mc_loc(src, src->loc), "function '%s' must be verified before SSA construction", src->name);
        return NULL;
    }
    McFunc *f = mc_func_clone(src);
    stats->dropped_blocks = drop_unreachable(f);
    McCfg *c = mc_cfg_build_df(f); /* no loop depths: nothing here reads them */
    Defs defs;
    defs_build(&defs, f);
    place_phis(f, c, kind, &defs, stats);
    rename_values(f, c, &defs, stats);
    defs_free(&defs);
    McFunc *g = finish(f, src, c, check, d);
    mc_cfg_free(c);
    return g;
}

void mc_ssa_phi_counts(const McFunc *f, int32_t counts[MC_SSA_KIND_COUNT]) {
    for (int k = 0; k < MC_SSA_KIND_COUNT; k++) {
        McSsaStats st;
        McFunc *g = mc_ssa_build(f, (McSsaKind)k, &st, NULL);
        counts[k] = g ? st.phis : -1;
        mc_func_free(g);
    }
}
