/* opt.c - the pass manager: the table of optimizer passes, the -O1
 * fixed-point pipeline, per-pass statistics and verification between passes.
 *
 * The table is data so that the command line (`minicc print --passes`), the
 * prompt and the lessons can list, explain and run passes by name. Each pass
 * lives in its own file (copyprop.c, sccp.c, gvn.c, dce.c, simplifycfg.c)
 * and opens with its contract. */
#include "minicc/opt.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"
#include "minicc/verify.h"
#include "opt_int.h"

static const McPass passes[] = {
    {"sccp", mc_pass_sccp, "ssa", "cfg (folds branches, drops unreachable blocks)",
     "sparse conditional constant propagation: constants and branches never taken"},
    {"copyprop", mc_pass_copyprop, "ssa", "nothing (cfg unchanged)",
     "copy propagation: uses of `x = copy y` and of trivial phis read y directly"},
    {"gvn", mc_pass_gvn, "ssa", "nothing (cfg unchanged)",
     "dominator-tree value numbering: reuse an identical pure computation, simplify algebra"},
    {"dce", mc_pass_dce, "ssa", "nothing (cfg unchanged)",
     "dead-code elimination: drop pure instructions and phis whose result is never used"},
    {"simplifycfg", mc_pass_simplifycfg, "ssa", "cfg (blocks removed, merged, retargeted)",
     "CFG simplification: constant branches, empty blocks, straight-line block merging"},
};

const McPass *mc_pass_table(int *n) {
    *n = (int)(sizeof passes / sizeof passes[0]);
    return passes;
}

const McPass *mc_pass_find(const char *name) {
    for (size_t i = 0; i < sizeof passes / sizeof passes[0]; i++)
        if (strcmp(passes[i].name, name) == 0) return &passes[i];
    return NULL;
}

void mc_opt_options_default(McOptOptions *o) {
    o->verify = true;
    o->max_iterations = 10;
    o->passes = NULL;
    o->interrupt = NULL;
}

void mc_opt_stats_free(McOptStats *s) {
    free(s->v);
    memset(s, 0, sizeof *s);
}

void mc_func_counts(const McFunc *f, int32_t *insts, int32_t *phis, int32_t *blocks) {
    int32_t ni = 0, np = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        ni += f->blocks[b].ninsts;
        np += f->blocks[b].nphis;
    }
    if (insts) *insts = ni;
    if (phis) *phis = np;
    if (blocks) *blocks = f->nblocks;
}

/* Follow x -> y -> ... to the final replacement, compressing the path. */
static McOperand resolve(McOperand *repl, int32_t nvalues, int32_t v) {
    McOperand r = repl[v];
    int32_t steps = 0;
    while (r.kind == MC_OPND_VALUE && repl[r.v].kind != MC_OPND_NONE) {
        r = repl[r.v];
        MC_ASSERT(++steps <= nvalues); /* a cycle would be a pass bug */
    }
    /* Compress: every value on the chain now points at the end. */
    int32_t x = v;
    while (repl[x].kind == MC_OPND_VALUE && repl[repl[x].v].kind != MC_OPND_NONE) {
        int32_t next = repl[x].v;
        repl[x] = r;
        x = next;
    }
    return r;
}

static bool replace_opnd(McOperand *repl, int32_t nvalues, McOperand *o) {
    if (o->kind != MC_OPND_VALUE || o->v >= nvalues || repl[o->v].kind == MC_OPND_NONE) return false;
    McPos l = o->loc;
    *o = resolve(repl, nvalues, o->v);
    o->loc = l;
    return true;
}

bool mc_opt_replace_block(McFunc *f, int32_t b, McOperand *repl) {
    int32_t nv = f->nvalues;
    bool any = false;
    McBlock *bl = &f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++)
        for (int32_t a = 0; a < bl->phis[p].nargs; a++) any |= replace_opnd(repl, nv, &bl->phis[p].args[a].val);
    for (int32_t i = 0; i < bl->ninsts; i++) {
        McInst *in = &bl->insts[i];
        for (int k = 0; k < mc_op_info[in->op].nargs; k++) any |= replace_opnd(repl, nv, &in->a[k]);
    }
    if (bl->has_term && bl->term.op != MC_OP_JUMP) any |= replace_opnd(repl, nv, &bl->term.arg);
    return any;
}

bool mc_opt_replace_uses(McFunc *f, McOperand *repl) {
    bool any = false;
    for (int32_t b = 0; b < f->nblocks; b++) any |= mc_opt_replace_block(f, b, repl);
    return any;
}

static void mark_used(const McOperand *o, bool *used, int32_t nv) {
    if (o->kind == MC_OPND_VALUE && o->v >= 0 && o->v < nv) used[o->v] = true;
}

static McOperand renumbered(McOperand o, const int32_t *map) {
    if (o.kind == MC_OPND_VALUE) o.v = map[o.v];
    return o;
}

static const char *value_name(const void *ctx, int32_t v) { return ((const McFunc *)ctx)->values[v].name; }

/* f compacted as mc_func_compact would compact it: the values still
 * defined or read renumbered in their old order, every other one dropped
 * (its name freed), each block's phis, phi entries and instructions copied
 * into fresh memory of exactly their size, one block after the other, so
 * that the next rounds read a dense function. Unlike mc_func_compact it
 * works in f's own arena: the names (most of what a copy of the function
 * would cost, with the name maps) stay where they are, and the old arrays
 * are released with f. */
static void compact(McFunc *f) {
    int32_t nv = f->nvalues;
    bool *used = mc_xcalloc((size_t)nv + 1, sizeof *used);
    for (int32_t p = 0; p < f->nparams; p++) used[f->params[p]] = true;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            if (bl->phis[p].dest >= 0) used[bl->phis[p].dest] = true;
            for (int32_t a = 0; a < bl->phis[p].nargs; a++) mark_used(&bl->phis[p].args[a].val, used, nv);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->dest >= 0) used[in->dest] = true;
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) mark_used(&in->a[k], used, nv);
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP) mark_used(&bl->term.arg, used, nv);
    }
    int32_t *map = mc_xmalloc(((size_t)nv + 1) * sizeof *map);
    int32_t n = 0;
    for (int32_t v = 0; v < nv; v++) {
        map[v] = used[v] ? n : MC_NONE;
        if (used[v]) f->values[n++] = f->values[v]; /* n <= v: moves down only */
    }
    free(used);
    f->nvalues = n;
    for (int32_t p = 0; p < f->nparams; p++) f->params[p] = map[f->params[p]];
    for (int32_t b = 0; b < f->nblocks; b++) {
        McBlock *bl = &f->blocks[b];
        McPhi *phis = NULL;
        if (bl->nphis) {
            phis = mc_arena_alloc(&f->arena, (size_t)bl->nphis * sizeof *phis);
            for (int32_t p = 0; p < bl->nphis; p++) {
                const McPhi *sp = &bl->phis[p];
                McPhi *np = &phis[p];
                *np = *sp;
                if (np->dest >= 0) np->dest = map[np->dest];
                np->args = mc_arena_alloc(&f->arena, (size_t)(sp->nargs ? sp->nargs : 1) * sizeof *np->args);
                for (int32_t a = 0; a < sp->nargs; a++) {
                    np->args[a] = sp->args[a];
                    np->args[a].val = renumbered(sp->args[a].val, map);
                }
                np->cap = sp->nargs ? sp->nargs : 1;
            }
        }
        bl->phis = phis;
        bl->capphis = bl->nphis;
        McInst *insts = NULL;
        if (bl->ninsts) {
            insts = mc_arena_alloc(&f->arena, (size_t)bl->ninsts * sizeof *insts);
            for (int32_t i = 0; i < bl->ninsts; i++) {
                McInst *in = &insts[i];
                *in = bl->insts[i];
                if (in->dest >= 0) in->dest = map[in->dest];
                for (int k = 0; k < mc_op_info[in->op].nargs; k++) in->a[k] = renumbered(in->a[k], map);
            }
        }
        bl->insts = insts;
        bl->capinsts = bl->ninsts;
        if (bl->has_term && bl->term.op != MC_OP_JUMP) bl->term.arg = renumbered(bl->term.arg, map);
    }
    /* The name table again, sized for the values kept (the optimizer drops
     * most of them; remapping in place would leave a table sized for all,
     * which phi destruction's copy then walks and rebuilds: 3 ms more at
     * 100k instructions). Same keys, so the same lookups. */
    McNameMap names = {0};
    mc_namemap_clone_map(&f->arena, &names, &f->value_names, map, value_name, f);
    f->value_names = names;
    free(map);
}

/* What a pass run modified, for the pass manager (see mc_opt_run). */
typedef struct Mods {
    bool any;            /* f was modified */
    bool dce;            /* by DCE (only definitions dropped) */
    bool dce_fewer_phis; /* ... and a block fell to MC_GVN_PAIRWISE_PHIS phis or fewer */
    bool cfg;            /* by simplifycfg: what it did is in cfgc */
    McCfgChanges cfgc;
} Mods;

/* Run one pass with statistics and optional verification. A pass whose
 * outcome is already known (skip != NULL, see mc_opt_run) is not run: its
 * statistics are recorded with the outcome *skip, and the function,
 * verified after the pass that last modified it, is not verified again.
 * *mods says what the run modified. *reachable: the entry reaches every
 * block of f; SCCP makes it so (it removes every block it never reached,
 * and folds every branch it took one way), simplifycfg keeps it so, and the
 * other passes and compaction leave the edges alone. */
static bool run_pass(McFunc *f, const McPass *p, int32_t round, const McOptOptions *o, McOptStats *st,
                     McDiags *d, const bool *skip, bool *changed, Mods *mods, bool *reachable) {
    memset(mods, 0, sizeof *mods);
    if (mc_interrupted(o->interrupt)) { /* between passes: f is as the last one left it */
        *changed = false;
        mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    McPassStat s;
    memset(&s, 0, sizeof s);
    s.pass = p->name;
    s.round = round;
    if (st) mc_func_counts(f, &s.insts[0], &s.phis[0], &s.blocks[0]); /* a sweep: only when asked for */
    if (skip) {
        s.changed = *skip;
    } else if (p->run == mc_pass_sccp) {
        s.changed = mc_sccp_run(f, &mods->any);
        *reachable = true;
    } else if (p->run == mc_pass_simplifycfg) {
        s.changed = mods->any = mods->cfg = mc_simplifycfg_run(f, &mods->cfgc, *reachable);
    } else if (p->run == mc_pass_dce) {
        s.changed = mods->any = mods->dce = mc_dce_run(f, &mods->dce_fewer_phis);
    } else {
        s.changed = mods->any = p->run(f); /* the other passes change only what they modify */
    }
    if (st) mc_func_counts(f, &s.insts[1], &s.phis[1], &s.blocks[1]);
    *changed = s.changed;
    if (st) {
        if (st->n == st->cap) {
            st->cap = st->cap ? st->cap * 2 : 16;
            st->v = mc_xrealloc(st->v, (size_t)st->cap * sizeof *st->v);
        }
        st->v[st->n++] = s;
    }
    if (o->verify && !skip) {
        McDiags vd;
        mc_diags_init(&vd, f->file, NULL, 0);
        bool ok = mc_verify(f, MC_VERIFY_SSA, &vd);
        if (!ok) {
            char buf[512];
            mc_diag(d, mc_loc(f, f->loc), "internal: pass '%s' produced invalid SSA for '%s': %s", p->name, f->name,
                    vd.n ? mc_diag_line(&vd, 0, buf, sizeof buf) : "(no detail)");
        }
        mc_diags_free(&vd);
        if (!ok) return false;
    }
    return true;
}

bool mc_opt_run(McFunc *f, const McOptOptions *o, McOptStats *st, McDiags *d) {
    McOptOptions defaults;
    if (!o) {
        mc_opt_options_default(&defaults);
        o = &defaults;
    }
    if (f->form != MC_FORM_SSA) {
        mc_diag(d, mc_loc(f, f->loc), "function '%s' must be in SSA form to be optimized", f->name);
        return false;
    }
    if (o->passes) {
        /* An explicit list: check every name first, then run each once. */
        const McPass *list[64];
        int n = 0;
        const char *s = o->passes;
        while (*s) {
            const char *e = strchr(s, ',');
            size_t len = e ? (size_t)(e - s) : strlen(s);
            if (len > 0) {
                char name[64];
                const McPass *p = NULL;
                if (len < sizeof name) {
                    memcpy(name, s, len);
                    name[len] = 0;
                    p = mc_pass_find(name);
                }
                if (!p) {
                    mc_diag(d, (McLoc){0, 0}, "unknown pass '%.*s' (passes: sccp, copyprop, gvn, dce, simplifycfg)",
                            (int)len, s);
                    return false;
                }
                if (n == (int)(sizeof list / sizeof list[0])) {
                    mc_diag(d, (McLoc){0, 0}, "too many passes (at most 64)");
                    return false;
                }
                list[n++] = p;
            }
            s += len;
            if (*s == ',') s++;
        }
        bool reachable = false;
        for (int i = 0; i < n; i++) {
            bool changed;
            Mods mods;
            if (!run_pass(f, list[i], 1, o, st, d, NULL, &changed, &mods, &reachable)) return false;
        }
        if (st) st->rounds = 1;
        return true;
    }
    int np;
    const McPass *table = mc_pass_table(&np);
    int max = o->max_iterations > 0 ? o->max_iterations : 1;
    int64_t compacted_size = f->nparams;
    for (int32_t b = 0; b < f->nblocks; b++) compacted_size += f->blocks[b].ninsts + f->blocks[b].nphis;
    /* Which function each pass last ran on: `version` counts the
     * modifications (a pass that modified f, a compaction). A pass that left
     * version v unmodified would, run on v again, do exactly the same (a
     * pass is a function of the IR alone), so it is not run: its outcome is
     * the one recorded. Once a round modifies nothing (SCCP may still say
     * "changed", see opt_int.h), the rounds after it cost no pass run.
     *
     * Some modifications keep another pass's fixed point, so a pass that
     * found nothing to do before them would find nothing after them. DCE
     * only drops definitions nothing remaining reads, edits no operand, no
     * terminator, no edge, and never drops a load, a store or a
     * definition that may trap:
     * - DCE itself finds nothing to drop in its own output (what stays was
     *   reached from the same roots through what stays), and says so;
     * - copy propagation found no copy and no trivial phi: dropping
     *   definitions makes none (the remaining phis read what they read);
     * - GVN found nothing: the dominator tree and the load epochs (block
     *   entries and stores) are the same, every remaining computation sees a
     *   subset of what it saw, and every pair of phis it compared is still
     *   unequal, unless a block fell to MC_GVN_PAIRWISE_PHIS phis or fewer
     *   (pairs not compared before would be);
     * - SCCP modified nothing: its cells are the greatest fixed point of
     *   monotone equations whatever the order of the work lists (an
     *   operand is never TOP when it is read: its definition dominates the
     *   use, or the edge that carries it to a phi, and was evaluated first,
     *   and on non-TOP cells the folding rules are monotone). The dropped
     *   values feed nothing that stays, so the cells of what stays, the
     *   executable blocks and edges are the same, and so is what the rewrite
     *   finds: no block to drop, no branch to fold, no use of a constant,
     *   and the same constant definitions that must stay (they may trap, so
     *   DCE kept them), hence the same "changed".
     * simplifycfg's never needs carrying across DCE: when DCE modifies, some
     * pass has modified since simplifycfg last ran.
     *
     * simplifycfg folds branches, removes unreachable blocks, merges a
     * block B into its only predecessor A (A ends in `jump B`) and bypasses
     * empty blocks. Neither kind of fold nor a removal happens when SCCP is
     * at its fixed point except a branch with two equal targets (SCCP would
     * have folded a constant branch and dropped the blocks it never
     * reached); mc_simplifycfg_run says which happened. Merging and
     * bypassing keep which blocks dominate which among the blocks that hold
     * anything, which edges and blocks are executable, and what each phi
     * entry reads (a bypassed block's entry is copied to each of its
     * predecessors):
     * - SCCP keeps its fixed point unless a constant branch was folded or
     *   blocks removed: the cells are the same, and a merged phi or a
     *   copied entry cannot read a constant (SCCP would have rewritten that
     *   use, or removed the phi);
     * - copy propagation too, unless a merged block had phis (a one-entry
     *   phi is trivial, and its uses change): a copied entry adds no
     *   distinct operand;
     * - GVN too, unless a merged block had phis or a merged block's load
     *   may meet an identical load of its new block with no store between
     *   (loads are reused within a block): every computation sees what it
     *   saw, each phi pair compares as before;
     * - DCE too, unless a branch was folded (its condition loses a use):
     *   the values read are the same;
     * - simplifycfg itself, when its last sweep changed nothing: it would
     *   start from that sweep again. */
    enum { MAXPASS = 16 };
    MC_ASSERT(np <= MAXPASS);
    int64_t version = 0, ran_on[MAXPASS];
    bool outcome[MAXPASS];
    for (int i = 0; i < np; i++) ran_on[i] = -1;
    bool reachable = false;
    for (int round = 1; round <= max; round++) {
        bool any = false;
        for (int i = 0; i < np; i++) {
            bool changed;
            Mods mods;
            if (!run_pass(f, &table[i], round, o, st, d, ran_on[i] == version ? &outcome[i] : NULL, &changed,
                          &mods, &reachable))
                return false;
            if (mods.any) {
                const McCfgChanges *c = &mods.cfgc;
                bool cfg_kept = mods.cfg && !c->fold_const && !c->unreachable;
                for (int j = 0; j < np; j++) {
                    McPassFn r = table[j].run;
                    bool kept = false;
                    if (mods.dce)
                        kept = r == mc_pass_copyprop || r == mc_pass_sccp ||
                               (r == mc_pass_gvn && !mods.dce_fewer_phis);
                    else if (cfg_kept)
                        kept = r == mc_pass_sccp || (r == mc_pass_copyprop && !c->merged_phis) ||
                               (r == mc_pass_gvn && !c->merged_phis && !c->merged_loads) ||
                               (r == mc_pass_dce && !c->fold_same);
                    if (kept && ran_on[j] == version) ran_on[j] = version + 1; /* still at its fixed point */
                }
                version++;
                if (mods.dce || (mods.cfg && c->settled)) { /* as if run again on its own output */
                    ran_on[i] = version;
                    outcome[i] = false;
                }
            } else {
                ran_on[i] = version;
                outcome[i] = changed;
            }
            any |= changed;
        }
        /* Deleted instructions leave their values in the table and holes in
         * the arrays. Once a round has deleted a third of what the function
         * held after the last compaction, move it into dense memory
         * (compact): the next rounds sweep a function that is that much
         * smaller (a 200k-instruction function keeps about a third after
         * the first round, which then fits in the cache). */
        if (any) {
            int64_t size = f->nparams;
            for (int32_t b = 0; b < f->nblocks; b++) size += f->blocks[b].ninsts + f->blocks[b].nphis;
            if (size * 3 < compacted_size * 2) {
                compact(f);
                compacted_size = size;
                version++; /* renumbered: run every pass again */
            }
        }
        if (st) st->rounds = round;
        if (!any) break;
    }
    return true;
}
