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

/* The "keeps" column. The pass manager (mc_opt_run) does not run a pass
 * again on the function it last left unmodified: the run would be
 * identical. Some modifications keep another pass's fixed point too, so a
 * pass that found nothing to do before them would find nothing after them;
 * each row's keeps[j] says whose, and under what effects not. Why:
 *
 * DCE only drops definitions nothing remaining reads, edits no operand, no
 * terminator, no edge, and never drops a load, a store or a definition
 * that may trap:
 * - DCE itself finds nothing to drop in its own output (what stays was
 *   reached from the same roots through what stays);
 * - copy propagation found no copy and no trivial phi: dropping
 *   definitions makes none (the remaining phis read what they read);
 * - GVN found nothing: the dominator tree and the load epochs (block
 *   entries and stores) are the same, every remaining computation sees a
 *   subset of what it saw, and every pair of phis it compared is still
 *   unequal, unless a block fell to MC_GVN_PAIRWISE_PHIS phis or fewer
 *   (pairs not compared before would be: MC_FX_FEWER_PHIS);
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
 * reached); the run's effects say which happened, and MC_FX_FOLD_CONST or
 * MC_FX_UNREACHABLE keeps no other pass's fixed point. Merging and
 * bypassing keep which blocks dominate which among the blocks that hold
 * anything, which edges and blocks are executable, and what each phi
 * entry reads (a bypassed block's entry is copied to each of its
 * predecessors):
 * - SCCP keeps its fixed point: the cells are the same, and a merged phi
 *   or a copied entry cannot read a constant (SCCP would have rewritten
 *   that use, or removed the phi);
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
 *   start from that sweep again.
 *
 * SCCP, copy propagation and GVN rewrite operands: they keep no fixed
 * point (copy propagation and GVN may also leave work for themselves). */
#define CFG_FOLDS (MC_FX_FOLD_CONST | MC_FX_UNREACHABLE)
static const McPass passes[MC_NPASSES] = {
    [MC_PASS_SCCP] = {"sccp", mc_pass_sccp, {0}, "ssa", "cfg (folds branches, drops unreachable blocks)",
                      "sparse conditional constant propagation: constants and branches never taken"},
    [MC_PASS_COPYPROP] = {"copyprop", mc_pass_copyprop, {0}, "ssa", "nothing (cfg unchanged)",
                          "copy propagation: uses of `x = copy y` and of trivial phis read y directly"},
    [MC_PASS_GVN] = {"gvn", mc_pass_gvn, {0}, "ssa", "nothing (cfg unchanged)",
                     "dominator-tree value numbering: reuse an identical pure computation, simplify algebra"},
    [MC_PASS_DCE] = {"dce", mc_pass_dce,
                     {[MC_PASS_SCCP] = MC_KEEPS_ALWAYS,
                      [MC_PASS_COPYPROP] = MC_KEEPS_ALWAYS,
                      [MC_PASS_GVN] = MC_KEEPS_UNLESS(MC_FX_FEWER_PHIS),
                      [MC_PASS_DCE] = MC_KEEPS_ALWAYS},
                     "ssa", "nothing (cfg unchanged)",
                     "dead-code elimination: drop pure instructions and phis whose result is never used"},
    [MC_PASS_SIMPLIFYCFG] = {"simplifycfg", mc_pass_simplifycfg,
                             {[MC_PASS_SCCP] = MC_KEEPS_UNLESS(CFG_FOLDS),
                              [MC_PASS_COPYPROP] = MC_KEEPS_UNLESS(CFG_FOLDS | MC_FX_MERGED_PHIS),
                              [MC_PASS_GVN] = MC_KEEPS_UNLESS(CFG_FOLDS | MC_FX_MERGED_PHIS | MC_FX_MERGED_LOADS),
                              [MC_PASS_DCE] = MC_KEEPS_UNLESS(CFG_FOLDS | MC_FX_FOLD_SAME),
                              [MC_PASS_SIMPLIFYCFG] = MC_KEEPS_UNLESS(MC_FX_UNSETTLED)},
                             "ssa", "cfg (blocks removed, merged, retargeted)",
                             "CFG simplification: constant branches, empty blocks, straight-line block merging"},
};

const McPass *mc_pass_table(int *n) {
    *n = MC_NPASSES;
    return passes;
}

const McPass *mc_pass_find(const char *name) {
    for (int i = 0; i < MC_NPASSES; i++)
        if (strcmp(passes[i].name, name) == 0) return &passes[i];
    return NULL;
}

bool mc_pass_keeps(const McPass *p, McPassId j, unsigned effects) {
    unsigned k = p->keeps[j];
    return k != 0 && (k & effects) == 0;
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
        int nops;
        McOperand *ops = mc_opt_opnds(f, &bl->insts[i], &nops);
        for (int k = 0; k < nops; k++) any |= replace_opnd(repl, nv, &ops[k]);
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
    /* every entry of the call table, as mc_func_compact_values does */
    for (int32_t c = 0; c < f->ncalls; c++)
        for (int32_t a = 0; a < f->calls[c].nargs; a++) mark_used(&f->calls[c].args[a], used, nv);
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
    for (int32_t c = 0; c < f->ncalls; c++)
        for (int32_t a = 0; a < f->calls[c].nargs; a++) f->calls[c].args[a] = renumbered(f->calls[c].args[a], map);
    /* The name table again, sized for the values kept (the optimizer drops
     * most of them; remapping in place would leave a table sized for all,
     * which phi destruction's copy then walks and rebuilds: 3 ms more at
     * 100k instructions). Same keys, so the same lookups. */
    McNameMap names = {0};
    mc_namemap_clone_map(&f->arena, &names, &f->value_names, map, value_name, f);
    f->value_names = names;
    free(map);
}

/* The pass manager's state over one mc_opt_run. */
typedef struct Manager {
    McFunc *f;
    const McOptOptions *o;
    McOptStats *st; /* may be NULL */
    McDiags *d;
    /* Which function each pass last ran on: `version` counts the
     * modifications (a pass that modified f, a compaction). A pass that left
     * version v unmodified would, run on v again, do exactly the same (a
     * pass is a function of the IR alone), so it is not run: its outcome is
     * the one recorded. Once a round modifies nothing (SCCP may still say
     * "changed", see McPassResult), the rounds after it cost no pass run;
     * the keeps column (above the table) carries a fixed point across some
     * modifications. */
    int64_t version, ran_on[MC_NPASSES];
    bool outcome[MC_NPASSES];
    /* The entry reaches every block of f; SCCP makes it so (it removes every
     * block it never reached, and folds every branch it took one way),
     * simplifycfg keeps it so, and the other passes and compaction leave
     * the edges alone. */
    bool reachable;
    int64_t compacted_size; /* phis, instructions and parameters at the last compaction */
} Manager;

static void record_stat(McOptStats *st, const McPassStat *s) {
    MC_GROW(st->v, st->cap, st->n + 1, 16);
    st->v[st->n++] = *s;
}

/* mc_verify(MC_VERIFY_SSA) after pass p, with a diagnostic naming p. */
static bool verify_after(McFunc *f, const McPass *p, McDiags *d) {
    McDiags vd;
    mc_diags_init(&vd, f->file, NULL, 0);
    bool ok = mc_verify(f, MC_VERIFY_SSA, &vd);
    if (!ok) {
        char buf[512];
        mc_diag(d, mc_loc(f, f->loc), "internal: pass '%s' produced invalid SSA for '%s': %s", p->name, f->name,
                vd.n ? mc_diag_line(&vd, 0, buf, sizeof buf) : "(no detail)");
    }
    mc_diags_free(&vd);
    return ok;
}

/* Run pass p with statistics and optional verification; *r says what it
 * did. A pass whose outcome is already known (skip != NULL) is not run:
 * its statistics are recorded with the outcome *skip, *r is "changed" as
 * that and modified nothing, and the function, verified after the pass
 * that last modified it, is not verified again. */
static bool run_pass(Manager *m, const McPass *p, int32_t round, const bool *skip, McPassResult *r) {
    memset(r, 0, sizeof *r);
    if (mc_interrupted(m->o->interrupt)) { /* between passes: f is as the last one left it */
        mc_diag(m->d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    McPassStat s;
    memset(&s, 0, sizeof s);
    s.pass = p->name;
    s.round = round;
    if (m->st) mc_func_counts(m->f, &s.insts[0], &s.phis[0], &s.blocks[0]); /* a sweep: only when asked for */
    if (skip) {
        r->changed = *skip;
    } else {
        *r = p->run(m->f, m->reachable);
        m->reachable |= r->all_reachable;
    }
    s.changed = r->changed;
    if (m->st) {
        mc_func_counts(m->f, &s.insts[1], &s.phis[1], &s.blocks[1]);
        record_stat(m->st, &s);
    }
    return !m->o->verify || skip || verify_after(m->f, p, m->d);
}

/* Pass i ran on the current version with result r: record its outcome,
 * and when it modified f, carry the fixed points it keeps (the keeps
 * column) over to the new version. */
static void note_run(Manager *m, int i, const McPassResult *r) {
    if (!r->modified) {
        m->ran_on[i] = m->version;
        m->outcome[i] = r->changed;
        return;
    }
    for (int j = 0; j < MC_NPASSES; j++) {
        if (!mc_pass_keeps(&passes[i], (McPassId)j, r->effects)) continue;
        if (j == i) { /* as if run again on its own output */
            m->ran_on[i] = m->version + 1;
            m->outcome[i] = false;
        } else if (m->ran_on[j] == m->version) {
            m->ran_on[j] = m->version + 1; /* still at its fixed point */
        }
    }
    m->version++;
}

static int64_t func_size(const McFunc *f) {
    int64_t size = f->nparams;
    for (int32_t b = 0; b < f->nblocks; b++) size += f->blocks[b].ninsts + f->blocks[b].nphis;
    return size;
}

/* Deleted instructions leave their values in the table and holes in the
 * arrays. Once a round has deleted a third of what the function held after
 * the last compaction, move it into dense memory (compact): the next rounds
 * sweep a function that is that much smaller (a 200k-instruction function
 * keeps about a third after the first round, which then fits in the cache). */
static void compact_if_shrunk(Manager *m) {
    int64_t size = func_size(m->f);
    if (size * 3 < m->compacted_size * 2) {
        compact(m->f);
        m->compacted_size = size;
        m->version++; /* renumbered: run every pass again */
    }
}

/* -O1: the table in order, round after round, until a round changes
 * nothing or max_iterations rounds have run. */
static bool run_rounds(Manager *m) {
    int max = m->o->max_iterations > 0 ? m->o->max_iterations : 1;
    m->compacted_size = func_size(m->f);
    for (int i = 0; i < MC_NPASSES; i++) m->ran_on[i] = -1;
    for (int round = 1; round <= max; round++) {
        bool any = false;
        for (int i = 0; i < MC_NPASSES; i++) {
            McPassResult r;
            const bool *skip = m->ran_on[i] == m->version ? &m->outcome[i] : NULL;
            if (!run_pass(m, &passes[i], round, skip, &r)) return false;
            if (!skip) note_run(m, i, &r);
            any |= r.changed;
        }
        if (any) compact_if_shrunk(m);
        if (m->st) m->st->rounds = round;
        if (!any) break;
    }
    return true;
}

/* `--passes sccp,dce`: every name checked first, into list (at most cap). */
static bool parse_pass_list(const char *s, const McPass **list, int cap, int *n, McDiags *d) {
    *n = 0;
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
            if (*n == cap) {
                mc_diag(d, (McLoc){0, 0}, "too many passes (at most %d)", cap);
                return false;
            }
            list[(*n)++] = p;
        }
        s += len;
        if (*s == ',') s++;
    }
    return true;
}

/* An explicit list: each pass once, in order, as one round. */
static bool run_list(Manager *m) {
    const McPass *list[64];
    int n;
    if (!parse_pass_list(m->o->passes, list, (int)(sizeof list / sizeof list[0]), &n, m->d)) return false;
    for (int i = 0; i < n; i++) {
        McPassResult r;
        if (!run_pass(m, list[i], 1, NULL, &r)) return false;
    }
    if (m->st) m->st->rounds = 1;
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
    Manager m = {.f = f, .o = o, .st = st, .d = d};
    return o->passes ? run_list(&m) : run_rounds(&m);
}
