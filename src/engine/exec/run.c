/* run.c - the plain run path: decode a function once, then run it fast.
 *
 * mc_code_new turns a verified function into one contiguous array of
 * fixed-size instruction records. Each record carries the address of its
 * handler (direct threading with computed goto under GCC/Clang, a GNU
 * extension compiled with -Wpedantic silenced around the loop only; a
 * switch on the opcode elsewhere, selected by MC_DIRECT_THREADED), and
 * its operands in the form the handler wants:
 * a slot index into one int32 array (value handles keep their index) or an
 * immediate, with one opcode per operand form (add slot,slot / slot,imm /
 * imm,slot ...), so a constant operand costs no load. An ALU instruction
 * with two constants is folded into a move of the immediate.
 *
 * Superinstructions (each still counts every instruction it covers):
 *   - a compare that is the last instruction of its block and whose result
 *     is the block's branch condition is fused with the branch (the result
 *     is written only when something else reads it);
 *   - a loop step `d = add x, imm` right before such a compare of d is
 *     fused into the same record (add, compare, branch; both written);
 *   - a load by a slot index followed by an ALU operation on two values
 *     that reads the loaded value is one record (load, check, operation);
 *   - a block's last operation that cannot trap (an ALU operation other
 *     than div and rem, or a copy) and its jump are one record
 *     (`i = add i, 1; jump head`): 3-7% fewer host instructions on the
 *     bench/speed.c kernels (callgrind);
 *   - plain code only: such a record `i = add x, y; jump head` whose head
 *     block is only a compare (its result read by nothing else) and its
 *     branch, no edge with moves, also does the head (a rotated loop: one
 *     dispatch per iteration less); it counts both entries, and with fewer
 *     than two entries left it takes the jump alone and the head's own
 *     record runs, so budget traps and polls fall where they do unfused:
 *     8-21% less time on sieve, hash, matmul and dotprefix (bubble's inner
 *     loop is entered by a branch and does not change).
 * A terminator record also holds each edge's target instruction count and
 * move count (records of 80 bytes), so the plain loop reads the edge
 * record only for its moves: 4-12% fewer host instructions, 1-7% less
 * time on the kernels.
 * Branch records hold the targets' first records directly and branch on
 * the condition (a predicted control dependence) instead of selecting the
 * target by the condition's value: otherwise the next instruction pointer
 * waits for the compare, which measured twice as slow on the loop kernels.
 * Terminator targets are edge records holding the
 * target's first instruction, its instruction count and the edge's phi
 * moves as a precomputed copy list (through scratch slots when the copies
 * overlap, so phis stay simultaneous); an edge without moves does no copy.
 *
 * In SSA form, phi destinations and their incoming values are coalesced
 * into one slot when their live ranges do not interfere (chapter-style
 * copy coalescing on the liveness of cfg.h), which removes most loop-carried
 * moves; slots are invisible in the outcome, and SSA values are verified to
 * be defined before use, so this changes no result. Large functions skip it.
 *
 * The semantics are the stepping interpreter's (interp.c), which is the
 * reference: wrapping i32 arithmetic, signed compares, bounds checks before
 * every access, a divisor check before every div and rem whose divisor is
 * not a non-zero constant, phis read-all-then-write-all, and a budget of block entries
 * (entry number max_steps + 1 traps), kept as a countdown in a local and
 * checked on every edge. Instructions are counted per block entry (the
 * target's count is added on the edge) and the rest of the block is
 * subtracted on a bounds or division trap. Tests compare the two on every input,
 * including steps and instruction counts.
 *
 * Contract: requires a verified function (mutable or SSA form); the McCode
 * does not reference the function afterwards. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/interp.h"
#include "minicc/run.h"
#include "minicc/util.h"

#include "run_int.h"


static void exec_plain(const McCode *c, McArgs *args, Run *r, const void *const **table, McOutcome *out);
static void exec_exact(const McCode *c, McArgs *args, Run *r, const void *const **table, McOutcome *out);

/* Exact code (mc_code_new_exact, for the stepping interpreter's fast
 * continue, interp.c): the same records with every value in its own slot
 * (no coalescing; every compare's result written), phi moves in order in
 * the sequential phi mode, and its own copy of the loop (run_exec.h is
 * included twice: exec_plain, exec_exact) that on every edge first tests
 * the target's breakpoint byte and, once the edge is taken, marks its
 * source block as left. mc_code_resume starts it at a block boundary of
 * the interpreter (entering the block along the edge from prev) and stops
 * before a marked block, at entry `until` + 1, at the end or at the
 * interrupt flag, reporting the position; the plain loop pays nothing. */

/* ---- decoding ------------------------------------------------------------- */

/* Decoding in two parts: slot assignment (assign_slots: every value, a
 * slot per constant that needs one, scratch slots for overlapping phi
 * moves) and record emission (emit_block, emit_edges, link_records). */
typedef struct Builder {
    McCode *c;
    int32_t capslots, capmoves;
    int32_t *slot;      /* value handle -> slot (coalescing) */
    int32_t *uses;      /* reads of each value */
    int32_t *buf_param; /* value handle -> parameter index of a buffer, or -1 */
    int32_t *start;     /* first record of each block */
    int32_t *edge_move; /* first move of each edge */
    int32_t maxphis;    /* most phis of one block: scratch slots needed */
    int32_t capcargs;
    const McFunc *f;          /* the function decoded */
    const McFunc *const *fns; /* the functions of the run, callees named by index (calls) */
    int32_t nfns;
    bool sequential;    /* exact code: phis assigned one by one (MC_PHI_SEQUENTIAL) */
} Builder;

static int32_t new_slot(Builder *b, int32_t init) {
    McCode *c = b->c;
    if (c->nslots == b->capslots) {
        b->capslots = b->capslots ? b->capslots * 2 : 64;
        c->init = mc_xrealloc(c->init, (size_t)b->capslots * sizeof *c->init);
    }
    c->init[c->nslots] = init;
    return c->nslots++;
}

/* A slot holding the operand (constants get a pre-initialised slot). */
static int32_t slot_of(Builder *b, McOperand o) {
    if (o.kind == MC_OPND_CONST) return new_slot(b, o.v);
    MC_ASSERT(o.kind == MC_OPND_VALUE);
    return b->slot[o.v];
}

static bool is_imm(McOperand o) { return o.kind == MC_OPND_CONST; }
static int32_t opnd(const Builder *b, McOperand o) {
    if (o.kind == MC_OPND_CONST) return o.v;
    MC_ASSERT(o.kind == MC_OPND_VALUE);
    return b->slot[o.v];
}
/* 0 SS, 1 SI, 2 IS, 3 II */
static int form2(McOperand x, McOperand y) { return (is_imm(x) ? 2 : 0) + (is_imm(y) ? 1 : 0); }

static void add_move(Builder *b, int32_t dst, int32_t src) {
    McCode *c = b->c;
    if (c->nmoves + 1 > b->capmoves) {
        b->capmoves = b->capmoves ? b->capmoves * 2 : 64;
        c->moves = mc_xrealloc(c->moves, (size_t)b->capmoves * 2 * sizeof *c->moves);
    }
    c->moves[2 * c->nmoves] = dst;
    c->moves[2 * c->nmoves + 1] = src;
    c->nmoves++;
}

static int32_t uf_find(int32_t *parent, int32_t x) {
    while (parent[x] != x) {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    return x;
}

/* Coalescing only for functions this small (bit matrix over phi-related values). */
enum { COALESCE_MAX_CAND = 2048 };
#define COALESCE_MAX_LIVE_BITS ((int64_t)1 << 24) /* liveness sets of 2 MB at most */

/* Candidate values for coalescing: phi destinations and the values phis
 * read, numbered in order of appearance (cand[v], -1 for the others).
 * Returns how many, or -1 when no phi reads a value (nothing to merge) or
 * there are more than COALESCE_MAX_CAND. */
static int32_t coalesce_candidates(const McFunc *f, int32_t *cand) {
    for (int32_t v = 0; v < f->nvalues; v++) cand[v] = -1;
    int32_t ncand = 0;
    bool any = false;
    for (int32_t b = 0; b < f->nblocks && ncand <= COALESCE_MAX_CAND; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis && ncand <= COALESCE_MAX_CAND; p++) {
            const McPhi *phi = &bl->phis[p];
            if (cand[phi->dest] < 0) cand[phi->dest] = ncand++;
            for (int32_t q = 0; q < phi->nargs; q++)
                if (phi->args[q].val.kind == MC_OPND_VALUE && cand[phi->args[q].val.v] < 0) {
                    cand[phi->args[q].val.v] = ncand++;
                    any = true;
                }
        }
    }
    return any && ncand <= COALESCE_MAX_CAND ? ncand : -1;
}

/* A bit matrix over the candidates, `words` 64-bit words per row. */
static inline void ig_set(uint64_t *ig, int32_t words, int32_t x, int32_t y) {
    ig[(size_t)x * (size_t)words + (size_t)(y >> 6)] |= (uint64_t)1 << (y & 63);
}

/* Interference among the candidates from the block liveness: walking each
 * block backwards from its live-out, a definition interferes with
 * everything live after it; phi destinations are defined together at the
 * top of the block, parameters together before the entry. */
static void candidate_interference(const McFunc *f, const McCfg *cfg, const McLiveness *lv, const int32_t *cand,
                                   int32_t ncand, uint64_t *ig, int32_t words) {
    McBitset live;
    mc_bs_init(&live, f->nvalues);
    int32_t *lc = mc_xmalloc((size_t)ncand * sizeof *lc); /* live candidates (list) */
    for (int32_t i = 0; i < f->nparams; i++)
        for (int32_t j = 0; j < f->nparams; j++) {
            int32_t x = cand[f->params[i]], y = cand[f->params[j]];
            if (i != j && x >= 0 && y >= 0) ig_set(ig, words, x, y);
        }
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (cfg->rpo_index[b] < 0) continue; /* never runs */
        const McBlock *bl = &f->blocks[b];
        mc_bs_clear(&live);
        McValList out = mc_live_out(lv, b);
        for (int32_t i = 0; i < out.n; i++) mc_bs_add(&live, out.v[i]);
        /* The terminator's operand is a use. */
        if (bl->term.op != MC_OP_JUMP && bl->term.arg.kind == MC_OPND_VALUE) mc_bs_add(&live, bl->term.arg.v);
        for (int32_t k = bl->ninsts - 1; k >= 0; k--) {
            const McInst *in = &bl->insts[k];
            if (in->dest != MC_NONE) {
                mc_bs_del(&live, in->dest);
                int32_t cd = cand[in->dest];
                if (cd >= 0)
                    for (int32_t x = mc_bs_next(&live, 0); x >= 0; x = mc_bs_next(&live, x + 1))
                        if (cand[x] >= 0) {
                            ig_set(ig, words, cd, cand[x]);
                            ig_set(ig, words, cand[x], cd);
                        }
            }
            int na = 0;
            const McOperand *ops = mc_inst_opnds(f, in, &na); /* a call's arguments are uses */
            for (int j = 0; j < na; j++)
                if (ops[j].kind == MC_OPND_VALUE && f->values[ops[j].v].kind == MC_VAL_I32)
                    mc_bs_add(&live, ops[j].v);
        }
        /* Phi destinations: defined together at the top, live with live-in. */
        for (int32_t p = 0; p < bl->nphis; p++) mc_bs_del(&live, bl->phis[p].dest);
        int32_t nl = 0;
        for (int32_t x = mc_bs_next(&live, 0); x >= 0; x = mc_bs_next(&live, x + 1))
            if (cand[x] >= 0) lc[nl++] = cand[x];
        for (int32_t p = 0; p < bl->nphis; p++) {
            int32_t cd = cand[bl->phis[p].dest];
            for (int32_t k = 0; k < nl; k++) {
                ig_set(ig, words, cd, lc[k]);
                ig_set(ig, words, lc[k], cd);
            }
            for (int32_t q = 0; q < bl->nphis; q++)
                if (q != p) ig_set(ig, words, cd, cand[bl->phis[q].dest]);
        }
    }
    free(lc);
    mc_bs_free(&live);
}

/* Union each phi destination with its incoming values when the two classes
 * do not interfere (union-find over candidates; the row of a representative
 * is the union of its members' interference rows), then point every
 * candidate's slot at its class's representative value. */
static void merge_classes(const McFunc *f, const McCfg *cfg, const int32_t *cand, int32_t ncand, uint64_t *ig,
                          int32_t words, int32_t *slot) {
    int32_t *parent = mc_xmalloc((size_t)ncand * sizeof *parent);
    uint64_t *mem = mc_xcalloc((size_t)ncand * (size_t)words, sizeof *mem); /* members of each class */
    for (int32_t i = 0; i < ncand; i++) {
        parent[i] = i;
        ig_set(mem, words, i, i);
    }
    int32_t *rep = mc_xmalloc((size_t)ncand * sizeof *rep); /* candidate -> value */
    for (int32_t v = 0; v < f->nvalues; v++)
        if (cand[v] >= 0) rep[cand[v]] = v;
    for (int32_t b = 0; b < f->nblocks; b++) {
        if (cfg->rpo_index[b] < 0) continue;
        const McBlock *bl = &f->blocks[b];
        for (int32_t p = 0; p < bl->nphis; p++) {
            const McPhi *phi = &bl->phis[p];
            for (int32_t q = 0; q < phi->nargs; q++) {
                if (phi->args[q].val.kind != MC_OPND_VALUE) continue;
                if (cfg->rpo_index[phi->args[q].block] < 0) continue;
                int32_t x = uf_find(parent, cand[phi->dest]), y = uf_find(parent, cand[phi->args[q].val.v]);
                if (x == y) continue;
                bool clash = false;
                for (int32_t w = 0; w < words && !clash; w++)
                    clash = (ig[(size_t)x * (size_t)words + (size_t)w] & mem[(size_t)y * (size_t)words + (size_t)w]) != 0;
                if (clash) continue;
                parent[y] = x;
                for (int32_t w = 0; w < words; w++) {
                    ig[(size_t)x * (size_t)words + (size_t)w] |= ig[(size_t)y * (size_t)words + (size_t)w];
                    mem[(size_t)x * (size_t)words + (size_t)w] |= mem[(size_t)y * (size_t)words + (size_t)w];
                }
            }
        }
    }
    for (int32_t v = 0; v < f->nvalues; v++)
        if (cand[v] >= 0) slot[v] = rep[uf_find(parent, cand[v])];
    free(rep);
    free(mem);
    free(parent);
}

/* Chapter-style copy coalescing for SSA functions: phi destinations share
 * a slot with their incoming values where live ranges allow. Fills slot[v]
 * for every value (identity when nothing merges, and for large functions). */
static void coalesce(const McFunc *f, int32_t *slot) {
    for (int32_t v = 0; v < f->nvalues; v++) slot[v] = v;
    if (f->form != MC_FORM_SSA || f->nvalues == 0) return;
    int32_t *cand = mc_xmalloc((size_t)f->nvalues * sizeof *cand); /* value -> candidate index or -1 */
    int32_t ncand = coalesce_candidates(f, cand);
    if (ncand < 0 || (int64_t)f->nblocks * f->nvalues > COALESCE_MAX_LIVE_BITS) {
        free(cand);
        return;
    }
    McCfg *cfg = mc_cfg_build_dom(f);
    McLiveness *lv = mc_liveness(f, cfg);
    int32_t words = (ncand + 63) / 64;
    uint64_t *ig = mc_xcalloc((size_t)ncand * (size_t)words, sizeof *ig);
    candidate_interference(f, cfg, lv, cand, ncand, ig, words);
    merge_classes(f, cfg, cand, ncand, ig, words, slot);
    free(ig);
    mc_liveness_free(lv);
    mc_cfg_free(cfg);
    free(cand);
}

static bool is_cmp(uint8_t op) {
    return op == MC_OP_LT || op == MC_OP_LE || op == MC_OP_EQ || op == MC_OP_NE;
}

/* The block's last instruction is a compare whose result is the branch condition. */
static bool fusable(const McBlock *bl) {
    if (bl->term.op != MC_OP_BRANCH || bl->ninsts == 0 || bl->term.arg.kind != MC_OPND_VALUE) return false;
    const McInst *last = &bl->insts[bl->ninsts - 1];
    return is_cmp(last->op) && last->dest == bl->term.arg.v;
}

/* A jump's block ends in an operation that cannot trap (a copy or an ALU
 * operation other than div and rem): `i = add i, 1; jump head`. */
static bool jump_fusable(const McBlock *bl) {
    if (bl->term.op != MC_OP_JUMP || bl->ninsts == 0) return false;
    const McInst *last = &bl->insts[bl->ninsts - 1];
    return (mc_op_info[last->op].flags & MC_OPF_ALU) && !(mc_op_info[last->op].flags & MC_OPF_DIV);
}

/* Instructions folded into the terminator's record: 0, 1 (the compare, or
 * the operation before a jump) or 2 (a loop-counter step `d = add x, imm`
 * right before `c = cmp d, y`). */
static int32_t nfused(const McBlock *bl) {
    if (jump_fusable(bl)) return 1;
    if (!fusable(bl)) return 0;
    if (bl->ninsts < 2) return 1;
    const McInst *inc = &bl->insts[bl->ninsts - 2], *cmp = &bl->insts[bl->ninsts - 1];
    if (inc->op == MC_OP_ADD && inc->a[0].kind == MC_OPND_VALUE && inc->a[1].kind == MC_OPND_CONST &&
        cmp->a[0].kind == MC_OPND_VALUE && cmp->a[0].v == inc->dest)
        return 2;
    return 1;
}

/* A load by a slot index whose result the next instruction, an ALU
 * operation on two values, reads: one record (load, then the operation). */
static bool pairable(const McInst *i, const McInst *j) {
    if (i->op != MC_OP_LOAD || i->a[1].kind != MC_OPND_VALUE) return false;
    if (!(mc_op_info[j->op].flags & MC_OPF_ALU) || (mc_op_info[j->op].flags & MC_OPF_DIV) || j->op == MC_OP_COPY)
        return false;
    if (j->a[0].kind != MC_OPND_VALUE || j->a[1].kind != MC_OPND_VALUE) return false;
    return j->a[0].v == i->dest || j->a[1].v == i->dest;
}

/* Records of a block: its instructions (pairs counted once, left to right)
 * and the terminator with what is fused into it. */
static int32_t nrecords(const McBlock *bl) {
    int32_t nplain = bl->ninsts - nfused(bl), n = 1;
    for (int32_t k = 0; k < nplain; k++, n++)
        if (k + 1 < nplain && pairable(&bl->insts[k], &bl->insts[k + 1])) k++;
    return n;
}

#define POLL_WORK (1 << 22)
#define POLL_MAX_ENTRIES (1 << 16)

/* Slots of the values (coalesced ones share), one per value, before any
 * constant's; which values are read and how often; the parameters' slots
 * and the buffers' parameter indices. */
static void assign_slots(Builder *bd, const McFunc *f) {
    McCode *c = bd->c;
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1);
    bd->slot = mc_xmalloc(nv * sizeof *bd->slot);
    if (c->exact)
        for (int32_t v = 0; v < f->nvalues; v++) bd->slot[v] = v; /* every value observable */
    else
        coalesce(f, bd->slot);
    /* Reads of each value: a fused compare whose result only its branch
     * reads need not write it. */
    bd->uses = mc_xcalloc(nv, sizeof *bd->uses);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t k = 0; k < bl->ninsts; k++) {
            int na = 0;
            const McOperand *ops = mc_inst_opnds(f, &bl->insts[k], &na);
            for (int j = 0; j < na; j++)
                if (ops[j].kind == MC_OPND_VALUE) bd->uses[ops[j].v]++;
        }
        if (bl->term.op != MC_OP_JUMP && bl->term.arg.kind == MC_OPND_VALUE) bd->uses[bl->term.arg.v]++;
        for (int32_t p = 0; p < bl->nphis; p++)
            for (int32_t q = 0; q < bl->phis[p].nargs; q++)
                if (bl->phis[p].args[q].val.kind == MC_OPND_VALUE) bd->uses[bl->phis[p].args[q].val.v]++;
    }
    for (int32_t v = 0; v < f->nvalues; v++) new_slot(bd, 0);
    c->nparams = f->nparams;
    c->param_slot = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *c->param_slot);
    bd->buf_param = mc_xmalloc(nv * sizeof *bd->buf_param);
    for (int32_t v = 0; v < f->nvalues; v++) bd->buf_param[v] = -1;
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t v = f->params[i];
        bool is_buf = f->values[v].kind == MC_VAL_BUF;
        c->param_slot[i] = is_buf ? -1 : bd->slot[v];
        if (is_buf) bd->buf_param[v] = i;
    }
    /* The local buffers' places in the frame's bufs, after the parameters'. */
    c->nbufs = f->nparams;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t k = 0; k < f->blocks[b].ninsts; k++) {
            const McInst *in = &f->blocks[b].insts[k];
            if (in->op == MC_OP_BUFFER && bd->buf_param[in->dest] < 0) bd->buf_param[in->dest] = c->nbufs++;
        }
}

/* Layout: block b's instructions then its terminator (fused with a final
 * compare when possible), blocks in order; two edge records per block. */
static void layout(Builder *bd, const McFunc *f) {
    McCode *c = bd->c;
    bd->start = mc_xmalloc((size_t)f->nblocks * sizeof *bd->start);
    int32_t n = 0;
    bd->maxphis = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        bd->start[b] = n;
        n += nrecords(&f->blocks[b]);
        if (f->blocks[b].nphis > bd->maxphis) bd->maxphis = f->blocks[b].nphis;
    }
    c->ncode = n;
    c->code = mc_xcalloc((size_t)n, sizeof *c->code);
    c->nedges = 2 * f->nblocks;
    c->edges = mc_xcalloc((size_t)c->nedges, sizeof *c->edges);
    c->entry_ninsts = f->blocks[0].ninsts;
    /* One block entry runs at most every record of the function and the
     * moves of one edge (two per phi at most): poll often enough that a few
     * million of those lie between two looks at the interrupt flag (at most
     * every 65536 entries). */
    c->poll_every = POLL_WORK / ((int64_t)n + 2 * (int64_t)bd->maxphis + 1);
    if (c->poll_every > POLL_MAX_ENTRIES) c->poll_every = POLL_MAX_ENTRIES;
    if (c->poll_every < 1) c->poll_every = 1;
    bd->edge_move = mc_xcalloc((size_t)c->nedges, sizeof *bd->edge_move);
}

/* emit_inst, the load pairs and the jump records index records by opcode
 * distance from ADD. */
_Static_assert(K_BNLE_SS - K_BNLT_SS == 6 && K_BNNE_SI - K_BNLT_SI == 18 && K_RNE_SI_SI - K_RLT_SS_SS == 15,
               "the fused compare and loop-head records come in the order link_records indexes");
_Static_assert(K_SHR_SS - K_ADD_SS == 3 * (MC_OP_SHR - MC_OP_ADD) &&
                   K_LSHR_L - K_LADD_L == 2 * (MC_OP_SHR - MC_OP_ADD) &&
                   K_JSHR_SS - K_JADD_SS == 3 * (MC_OP_SHR - MC_OP_ADD),
               "MC_ALU_OPS lists the ALU opcodes in the order of MC_OPCODES");

/* Index of a compare opcode among LT, LE, EQ, NE (the fused records' order). */
static int cmp_index(uint8_t op) { return op == MC_OP_LT ? 0 : op == MC_OP_LE ? 1 : op == MC_OP_EQ ? 2 : 3; }

/* The record of instruction k of bl, or of the pair k, k + 1 (a load and
 * the operation reading it). Returns how many instructions it covers. */
static int32_t emit_inst(Builder *bd, const McBlock *bl, int32_t k, int32_t nplain, CInst *o) {
    const int32_t *slot = bd->slot, *buf_param = bd->buf_param;
    const McInst *i = &bl->insts[k];
    if (k + 1 < nplain && pairable(i, &bl->insts[k + 1])) {
        const McInst *j = &bl->insts[k + 1];
        bool left = j->a[0].v == i->dest;
        o->op = K_LADD_L + 2 * (j->op - MC_OP_ADD) + (left ? 0 : 1);
        o->d = slot[i->dest];
        o->a = buf_param[i->a[0].v];
        o->b = slot[i->a[1].v];
        o->c = slot[j->dest];
        o->y = slot[j->a[left ? 1 : 0].v];
        o->u.rest = bl->ninsts - 1 - k;
        return 2;
    }
    switch (i->op) {
    case MC_OP_CALL: {
        const McCall *cl = mc_inst_call(bd->f, i);
        MC_ASSERT(cl && cl->callee);
        McCode *c = bd->c;
        o->op = K_CALL;
        o->a = -1;
        for (int32_t g = 0; g < bd->nfns; g++)
            if (bd->fns[g] == cl->callee) o->a = g;
        MC_ASSERT(o->a >= 0);
        o->b = c->ncargs;
        o->c = cl->nargs;
        o->d = i->dest != MC_NONE ? slot[i->dest] : -1;
        o->u.rest = bl->ninsts - 1 - k;
        for (int32_t q = 0; q < cl->nargs; q++) {
            McOperand x = cl->args[q];
            int32_t at = x.kind == MC_OPND_VALUE && bd->f->values[x.v].kind == MC_VAL_BUF ? buf_param[x.v] : slot_of(bd, x);
            if (c->ncargs == bd->capcargs) {
                bd->capcargs = bd->capcargs ? 2 * bd->capcargs : 16;
                c->cargs = mc_xrealloc(c->cargs, (size_t)bd->capcargs * sizeof *c->cargs);
            }
            c->cargs[c->ncargs++] = at;
        }
        break;
    }
    case MC_OP_BUFFER:
        o->op = K_BUFFER;
        o->d = buf_param[i->dest];
        o->a = i->a[0].v;
        o->u.rest = bl->ninsts - 1 - k;
        break;
    case MC_OP_LOAD:
        MC_ASSERT(i->a[0].kind == MC_OPND_VALUE && buf_param[i->a[0].v] >= 0);
        o->op = is_imm(i->a[1]) ? K_LOAD_I : K_LOAD_S;
        o->d = slot[i->dest];
        o->a = buf_param[i->a[0].v];
        o->b = opnd(bd, i->a[1]);
        o->u.rest = bl->ninsts - 1 - k;
        break;
    case MC_OP_STORE:
        MC_ASSERT(i->a[0].kind == MC_OPND_VALUE && buf_param[i->a[0].v] >= 0);
        o->op = K_STORE_SS + form2(i->a[1], i->a[2]);
        o->a = buf_param[i->a[0].v];
        o->b = opnd(bd, i->a[1]);
        o->d = opnd(bd, i->a[2]);
        o->u.rest = bl->ninsts - 1 - k;
        break;
    case MC_OP_COPY:
        o->op = is_imm(i->a[0]) ? K_MOVI : K_COPY;
        o->d = slot[i->dest];
        o->a = opnd(bd, i->a[0]);
        break;
    case MC_OP_DIV:
    case MC_OP_REM: {
        int fm = form2(i->a[0], i->a[1]);
        o->d = slot[i->dest];
        o->u.rest = bl->ninsts - 1 - k;
        if (fm == 3 && i->a[1].v != 0) {
            o->op = K_MOVI;
            o->a = mc_alu((McOp)i->op, i->a[0].v, i->a[1].v);
            break;
        }
        /* A zero immediate divisor goes through a slot: the trap is at run time. */
        McOperand x = i->a[0], y = i->a[1];
        if (is_imm(y) && y.v == 0) {
            fm = is_imm(x) ? 2 : 0;
            o->b = new_slot(bd, 0);
        } else {
            o->b = opnd(bd, y);
        }
        o->op = (i->op == MC_OP_DIV ? K_DIV_SS : K_REM_SS) + fm;
        o->a = opnd(bd, x);
        break;
    }
    default: {
        MC_ASSERT(mc_op_info[i->op].flags & MC_OPF_ALU);
        int fm = form2(i->a[0], i->a[1]);
        o->d = slot[i->dest];
        if (fm == 3) {
            o->op = K_MOVI;
            o->a = mc_alu((McOp)i->op, i->a[0].v, i->a[1].v);
        } else {
            o->op = K_ADD_SS + 3 * (i->op - MC_OP_ADD) + fm;
            o->a = opnd(bd, i->a[0]);
            o->b = opnd(bd, i->a[1]);
        }
        break;
    }
    }
    return 1;
}

/* The terminator record of block b, with the nf instructions fused into it
 * (0, 1 compare, or 2: a step and a compare). */
static void emit_term(Builder *bd, const McBlock *bl, int32_t b, int32_t nf, CInst *t) {
    McCode *c = bd->c;
    const int32_t *slot = bd->slot;
    switch (bl->term.op) {
    case MC_OP_RET:
        t->op = is_imm(bl->term.arg) ? K_RET_I : K_RET_S;
        t->a = opnd(bd, bl->term.arg);
        break;
    case MC_OP_JUMP:
        t->op = K_JUMP;
        t->u.e[0] = &c->edges[2 * b];
        if (nf == 1) { /* the block's last operation, then the jump */
            const McInst *i = &bl->insts[bl->ninsts - 1];
            t->d = slot[i->dest];
            if (i->op == MC_OP_COPY) {
                t->op = is_imm(i->a[0]) ? K_JMOVI : K_JCOPY;
                t->a = opnd(bd, i->a[0]);
            } else if (form2(i->a[0], i->a[1]) == 3) {
                t->op = K_JMOVI;
                t->a = mc_alu((McOp)i->op, i->a[0].v, i->a[1].v);
            } else {
                t->op = K_JADD_SS + 3 * (i->op - MC_OP_ADD) + form2(i->a[0], i->a[1]);
                t->a = opnd(bd, i->a[0]);
                t->b = opnd(bd, i->a[1]);
            }
        }
        break;
    case MC_OP_BRANCH:
        if (nf == 2) {
            const McInst *inc = &bl->insts[bl->ninsts - 2], *i = &bl->insts[bl->ninsts - 1];
            t->op = K_ILT_S + 2 * cmp_index(i->op) + (is_imm(i->a[1]) ? 1 : 0);
            t->d = slot[inc->dest];
            t->a = slot[inc->a[0].v];
            t->b = inc->a[1].v;
            t->c = slot[i->dest];
            t->y = opnd(bd, i->a[1]);
        } else if (nf == 1) {
            const McInst *i = &bl->insts[bl->ninsts - 1];
            int fm = form2(i->a[0], i->a[1]);
            int ci = cmp_index(i->op);
            if (fm == 3) {
                /* Both constant: still a compare writing its result. */
                t->op = K_BLT_SS + 6 * ci + (bd->uses[i->dest] > 1 || c->exact ? 0 : 3);
                t->a = new_slot(bd, i->a[0].v);
                t->b = new_slot(bd, i->a[1].v);
            } else {
                t->op = K_BLT_SS + 6 * ci + (bd->uses[i->dest] > 1 || c->exact ? 0 : 3) + fm;
                t->a = opnd(bd, i->a[0]);
                t->b = opnd(bd, i->a[1]);
            }
            t->d = slot[i->dest];
        } else if (is_imm(bl->term.arg)) {
            t->op = K_JUMP; /* a constant condition always takes the same edge */
            t->u.e[0] = &c->edges[2 * b + (bl->term.arg.v ? 0 : 1)];
            break;
        } else {
            t->op = K_BR_S;
            t->a = slot[bl->term.arg.v];
        }
        t->u.e[0] = &c->edges[2 * b];
        t->u.e[1] = &c->edges[2 * b + 1];
        break;
    default: mc_panic(__FILE__, __LINE__, "bad terminator");
    }
}

/* The records of block b: its instructions, then the terminator. */
static void emit_block(Builder *bd, const McFunc *f, int32_t b) {
    const McBlock *bl = &f->blocks[b];
    MC_ASSERT(bl->has_term);
    int32_t nf = nfused(bl), nplain = bl->ninsts - nf;
    int32_t r = bd->start[b];
    for (int32_t k = 0; k < nplain; r++) k += emit_inst(bd, bl, k, nplain, &bd->c->code[r]);
    MC_ASSERT(r == bd->start[b] + nrecords(bl) - 1);
    emit_term(bd, bl, b, nf, &bd->c->code[r]);
}

/* Edge records and their phi moves (constants get slots here). A parallel
 * copy whose destinations some source reads goes through scratch slots,
 * recorded as placeholders -1 - p until link_records places them. */
static void emit_edges(Builder *bd, const McFunc *f) {
    McCode *c = bd->c;
    const int32_t *slot = bd->slot;
    int32_t *tmp_dst = mc_xmalloc((size_t)(bd->maxphis ? bd->maxphis : 1) * sizeof *tmp_dst);
    int32_t *tmp_src = mc_xmalloc((size_t)(bd->maxphis ? bd->maxphis : 1) * sizeof *tmp_src);
    int32_t *stamp = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *stamp);
    int32_t stamp_no = 0;
    int32_t *arg_hint = mc_phi_arg_hints(f); /* linear at a join of many predecessors */
    for (int32_t b = 0; b < f->nblocks; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++) {
            int32_t t = succ[k];
            const McBlock *tb = &f->blocks[t];
            CEdge *e = &c->edges[2 * b + k];
            e->ip = &c->code[bd->start[t]];
            e->ninsts = tb->ninsts;
            e->src = b;
            e->dst = t;
            bd->edge_move[2 * b + k] = c->nmoves;
            int32_t np = 0;
            for (int32_t p = 0; p < tb->nphis; p++) {
                const McPhi *phi = &tb->phis[p];
                int32_t q = mc_phi_arg_find(phi, b, arg_hint[2 * b + k]);
                MC_ASSERT(q >= 0);
                const McPhiArg *arg = &phi->args[q];
                int32_t dst = slot[phi->dest], src = slot_of(bd, arg->val);
                if (dst == src) continue; /* coalesced */
                tmp_dst[np] = dst;
                tmp_src[np] = src;
                np++;
            }
            /* Direct moves are safe when no destination is read by another
             * move of the edge (mark the destinations, then look at sources). */
            bool overlap = false;
            stamp_no++;
            for (int32_t p = 0; p < np; p++) stamp[tmp_dst[p]] = stamp_no;
            for (int32_t p = 0; p < np && !overlap; p++)
                if (tmp_src[p] < f->nvalues && stamp[tmp_src[p]] == stamp_no) overlap = true;
            if (!overlap || bd->sequential) { /* sequential: each move sees the ones before */
                for (int32_t p = 0; p < np; p++) add_move(bd, tmp_dst[p], tmp_src[p]);
            } else {
                for (int32_t p = 0; p < np; p++) add_move(bd, -1 - p, tmp_src[p]);
                for (int32_t p = 0; p < np; p++) add_move(bd, tmp_dst[p], -1 - p);
            }
            e->nmoves = c->nmoves - bd->edge_move[2 * b + k];
        }
    }
    free(stamp);
    free(arg_hint);
    free(tmp_dst);
    free(tmp_src);
}

/* The scratch slots (after all constants), the moves' placeholders
 * replaced by them, each edge's move list, the terminators' target
 * pointers and, when direct threaded, each record's handler address. */
static void link_records(Builder *bd) {
    McCode *c = bd->c;
    int32_t scratch = c->nslots;
    for (int32_t p = 0; p < bd->maxphis; p++) new_slot(bd, 0);
    for (int32_t k = 0; k < 2 * c->nmoves; k++)
        if (c->moves[k] < 0) c->moves[k] = scratch + (-1 - c->moves[k]);
    for (int32_t k = 0; k < c->nedges; k++) c->edges[k].moves = c->moves ? c->moves + 2 * bd->edge_move[k] : NULL;
    for (int32_t k = 0; k < c->ncode; k++) {
        CInst *t = &c->code[k];
        bool jump = t->op == K_JUMP || (t->op >= K_JADD_SS && t->op <= K_JCOPY);
        if (jump || t->op == K_BR_S || (t->op >= K_BLT_SS && t->op <= K_BNNE_IS) ||
            (t->op >= K_ILT_S && t->op <= K_INE_I)) {
            t->t[0] = t->u.e[0]->ip;
            t->n[0] = t->u.e[0]->ninsts;
            t->m.nm[0] = t->u.e[0]->nmoves;
            if (!jump) {
                t->t[1] = t->u.e[1]->ip;
                t->n[1] = t->u.e[1]->ninsts;
                t->m.nm[1] = t->u.e[1]->nmoves;
            }
        }
    }
    /* Plain code: `i = add x, y; jump head` into a head that is only a
     * compare and its branch (the loop kernels' `c = lt i, n` whose result
     * nothing else reads), no edge with moves: one record does both blocks
     * (one dispatch less per iteration). */
    for (int32_t k = 0; k < c->ncode && !c->exact; k++) {
        CInst *t = &c->code[k];
        if (t->op != K_JADD_SS && t->op != K_JADD_SI) continue;
        const CInst *h = t->t[0];
        int cf = -1, ci = -1;
        for (int x = 0; x < 4; x++)
            for (int y = 0; y < 2; y++)
                if (h->op == K_BNLT_SS + 6 * x + y) {
                    cf = y;
                    ci = x;
                }
        if (cf < 0 || t->m.nm[0] || h->m.nm[0] || h->m.nm[1]) continue;
        const CEdge *ej = t->u.e[0];
        t->op = K_RLT_SS_SS + 4 * ci + 2 * (t->op == K_JADD_SI) + cf;
        t->c = t->a;
        t->y = t->b;
        t->a = h->a;
        t->b = h->b;
        for (int j = 0; j < 2; j++) {
            t->t[j] = h->t[j];
            t->u.e[j] = h->u.e[j];
            t->n[j] = h->n[j] + ej->ninsts;
        }
        t->m.ej = ej;
    }
#if MC_DIRECT_THREADED
    const void *const *labels = NULL;
    if (c->exact)
        exec_exact(NULL, NULL, NULL, &labels, NULL);
    else
        exec_plain(NULL, NULL, NULL, &labels, NULL);
    for (int32_t k = 0; k < c->ncode; k++) c->code[k].h = labels[c->code[k].op];
#endif
}

static void jit_compile(McCode *c);

static McCode *code_new(const McFunc *f, bool exact, bool sequential, const McFunc *const *fns, int32_t nfns) {
    MC_ASSERT(f->nblocks > 0);
    Builder bd;
    memset(&bd, 0, sizeof bd);
    bd.f = f;
    bd.fns = fns;
    bd.nfns = nfns;
    bd.c = mc_xcalloc(1, sizeof *bd.c);
    bd.c->exact = exact;
    bd.sequential = sequential;
    assign_slots(&bd, f);
    layout(&bd, f);
    for (int32_t b = 0; b < f->nblocks; b++) emit_block(&bd, f, b);
    emit_edges(&bd, f);
    link_records(&bd);
    free(bd.edge_move);
    if (exact) {
        bd.c->nvalues = f->nvalues;
        bd.c->nblocks = f->nblocks;
        bd.c->start = bd.start;
        bd.c->bninsts = mc_xmalloc((size_t)f->nblocks * sizeof *bd.c->bninsts);
        for (int32_t b = 0; b < f->nblocks; b++) bd.c->bninsts[b] = f->blocks[b].ninsts;
        bd.start = NULL;
    }
    free(bd.start);
    bd.c->first_const = f->nvalues;
    bd.c->frame_bytes = (int32_t)((((size_t)bd.c->nslots * sizeof(int32_t) + 7) & ~(size_t)7) +
                                  (size_t)bd.c->nbufs * sizeof(CBuf));
    bd.c->entry.ip = bd.c->code;
    bd.c->entry.ninsts = bd.c->entry_ninsts;
    bd.c->entry.src = -1;
    /* Machine code once a run has interpreted about what compiling costs
     * (measured on the bench machine: 8 us, mostly mapping the memory, and
     * 75 ns a record, against 3-5 ns a block entry interpreted), unless
     * $MINICC_JIT is 0. */
    bd.c->jit_after = mc_jit_after_default(bd.c->ncode);
    free(bd.buf_param);
    free(bd.uses);
    free(bd.slot);
    return bd.c;
}

/* The function run and every function it may call (calls' callees,
 * transitively), f first: the functions a run's frames execute. */
static const McFunc **reachable(const McFunc *f, int32_t *n) {
    int32_t cap = 4;
    const McFunc **list = mc_xmalloc((size_t)cap * sizeof *list);
    list[0] = f;
    *n = 1;
    for (int32_t k = 0; k < *n; k++) {
        const McFunc *g = list[k];
        for (int32_t q = 0; q < g->ncalls; q++) {
            const McFunc *h = g->calls[q].callee;
            bool seen = h == NULL;
            for (int32_t j = 0; j < *n && !seen; j++) seen = list[j] == h;
            if (seen) continue;
            if (*n == cap) list = mc_xrealloc(list, (size_t)(cap *= 2) * sizeof *list);
            list[(*n)++] = h;
        }
    }
    return list;
}

/* Decoded f and, when it calls, every function it may call (one McCode
 * each, owned by the root's fns), polling at one rate so that a run's
 * polls fall at the same entries whichever function runs. */
McCode *mc_code_new(const McFunc *f) {
    int32_t n = 0;
    const McFunc **list = reachable(f, &n);
    McCode **fns = mc_xmalloc((size_t)n * sizeof *fns);
    int64_t poll = INT64_MAX, records = 0;
    int32_t frame_max = 8;
    bool calls = false;
    for (int32_t k = 0; k < n; k++) {
        fns[k] = code_new(list[k], false, false, list, n);
        if (fns[k]->poll_every < poll) poll = fns[k]->poll_every;
        if (fns[k]->frame_bytes > frame_max) frame_max = fns[k]->frame_bytes;
        records += fns[k]->ncode;
        calls = calls || mc_func_find_call(list[k], NULL, NULL);
    }
    free(list);
    McCode *root = fns[0];
    for (int32_t k = 0; k < n; k++) {
        fns[k]->poll_every = poll;
        fns[k]->table = fns;
    }
    root->fns = fns;
    root->nfns = n;
    root->calls = calls;
    root->frame_max = frame_max;
    if (n > 1) root->jit_after = mc_jit_after_default((int32_t)(records < INT32_MAX ? records : INT32_MAX));
    return root;
}

bool mc_code_is_jit(const McCode *c) { return c->jit != NULL; }

static void jit_drop(McCode *c) {
    for (int32_t k = 0; k < c->nfns; k++) {
        mc_jit_free(c->fns[k]->jit);
        c->fns[k]->jit = NULL;
        c->fns[k]->jit_entry = NULL;
    }
    c->ret_stub = NULL;
}

void mc_code_jit_after(McCode *c, int64_t edges) {
    jit_drop(c);
    c->jit_after = mc_jit_after_chosen(edges);
    if (c->jit_after == 0) jit_compile(c);
}

McCode *mc_code_new_exact(const McFunc *f, bool sequential_phis) {
    MC_ASSERT(!mc_func_find_call(f, NULL, NULL)); /* the stepping interpreter steps those (interp.c) */
    McCode *c = code_new(f, true, sequential_phis, &f, 1);
    c->fns = mc_xmalloc(sizeof *c->fns);
    c->fns[0] = c;
    c->nfns = 1;
    c->table = c->fns;
    return c;
}

static void code_free(McCode *c) {
    mc_jit_free(c->jit);
    free(c->cargs);
    free(c->start);
    free(c->bninsts);
    free(c->init);
    free(c->param_slot);
    free(c->code);
    free(c->edges);
    free(c->moves);
    free(c);
}

void mc_code_free(McCode *c) {
    if (!c) return;
    McCode **fns = c->fns;
    for (int32_t k = 1; k < c->nfns; k++) code_free(fns[k]);
    code_free(c);
    free(fns);
}

/* ---- running -------------------------------------------------------------- */

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
/* The interpreter loop (run_exec.h) is one function of about 300 lines on
 * purpose: computed-goto labels exist only inside the function that jumps
 * to them, so every handler (generated by its macros) lives there; it is
 * included twice, for the plain loop and the exact one.
 * With table != NULL: only report the handler addresses (decoding uses them).
 * GCC would otherwise merge the handlers' identical tails into one shared
 * indirect jump, which costs the per-handler branch prediction. The
 * function starts on a cache line: the handlers' timing depends on where
 * their jumps fall in the lines (measured: up to 25% on the bench kernels
 * from link placement alone), so this keeps it the same in every binary. */
#define EXEC_FN exec_plain
#define EXEC_EXACT 0
#include "run_exec.h"
#undef EXEC_FN
#undef EXEC_EXACT
#define EXEC_FN exec_exact
#define EXEC_EXACT 1
#include "run_exec.h"
#undef EXEC_FN
#undef EXEC_EXACT
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/* The machine code of c->jit in place of the interpreter loop, from r->ip
 * until an exit: run_exec.h's labels for a record that returns or traps
 * (the code wrote nothing of it yet), a breakpoint, or a refill, which
 * exec does (R_REFILL, the edge in r->e not taken yet). */
static void exec_jit(const McCode *c, Run *r, McOutcome *out) {
    JitCtx x;
    x.s = r->s;
    x.bufs = r->bufs;
    /* The machine code pushes frames up to the depth limit, into frames
     * that have memory. */
    int64_t lim = r->max_depth - 1 < (int64_t)r->ready ? r->max_depth - 1 : (int64_t)r->ready;
    x.frame = r->fr ? &r->fr[r->depth] : NULL;
    x.frame_lim = r->fr ? &r->fr[lim] : NULL;
    x.code = NULL;
    x.brk = r->brk;
    x.done = r->done;
    x.left = r->left;
    x.insts = r->insts;
    x.edge = r->e ? (int32_t)(r->e - c->edges) : -1;
    x.index = 0;
    const CInst *ip = NULL;
    int32_t index = 0, len = 0;
    int why = mc_jit_enter(c->jit, &x, (int32_t)(r->ip - c->code));
    /* The machine code may have called and returned: it stopped in the
     * function of the innermost frame, which says which it is (the return
     * stub: a frame C pushed, or the function run). */
    r->depth = r->fr ? (int32_t)(x.frame - r->fr) : 0;
    r->s = x.s;
    r->bufs = x.bufs;
    if (why == JIT_AT_RETURN) {
        r->c = r->depth > 0 ? r->fr[r->depth].callee : r->root;
        r->ret = x.index;
        r->at = NULL;
        goto returned;
    }
    r->c = c = x.code;
    int32_t *s = r->s;
    if (why == JIT_AT_EDGE) {
        r->e = &c->edges[x.index];
        if (c->exact && r->brk[r->e->dst]) { /* EXACT_BREAK_TEST: left untouched */
            r->why = R_BREAK;
            memset(out, 0, sizeof *out);
            goto done;
        }
        MC_ASSERT(x.left == -1); /* the countdown was 0: `sub left, 1` borrowed */
        x.left = 0;
        r->why = R_REFILL;
        goto leave;
    }
    ip = &c->code[x.index];
    r->e = x.edge >= 0 ? &c->edges[x.edge] : NULL;
    r->at = ip;
    switch (ip->op) {
    case K_RET_S: r->ret = s[ip->a]; goto returned;
    case K_RET_I: r->ret = ip->a; goto returned;
    case K_CALL: case K_BUFFER: r->why = R_CALL; goto leave;
    case K_DIV_SS: case K_DIV_IS: case K_REM_SS: case K_REM_IS: goto div_trap;
    case K_LOAD_I: case K_STORE_IS: case K_STORE_II: index = ip->b; break;
    default: index = s[ip->b]; break; /* LOAD_S, STORE_SS, STORE_SI, LOADOP */
    }
    len = r->bufs[ip->a].len;
    r->why = R_BOUNDS;
    x.insts -= ip->u.rest;
    memset(out, 0, sizeof *out);
    out->kind = MC_TRAPPED;
    snprintf(out->trap, sizeof out->trap, "buffer index %ld outside [0,%ld)", (long)index, (long)len);
    goto done;

returned:
    r->why = R_RETURN;
    if (r->depth > 0) goto leave; /* a callee's: exec goes back to its caller */
    memset(out, 0, sizeof *out);
    out->kind = MC_RETURNED;
    out->value = r->ret;
    goto done;

div_trap:
    r->why = R_BOUNDS; /* a trap inside a block, as a bounds trap */
    x.insts -= ip->u.rest;
    memset(out, 0, sizeof *out);
    out->kind = MC_TRAPPED;
    snprintf(out->trap, sizeof out->trap, "%s", MC_DIV_ZERO_MSG);

done:
    r->left = x.left;
    r->insts = x.insts;
    out->steps = r->limit - r->left - r->reserve - r->held;
    out->insts = r->insts;
    return;

leave: /* no end of the run: *out untouched */
    r->left = x.left;
    r->insts = x.insts;
}

/* Tiering: while r->tier edges (block entries) are still to be interpreted, a chunk of
 * the countdown longer than that is cut there, the rest held back; the
 * refill at the cut compiles. */
static void tier_split(Run *r) {
    if (r->tier <= 0) return;
    if (r->left >= r->tier) {
        r->held = r->left - r->tier;
        r->left = r->tier;
        r->tier = 0;
        r->compile = true;
    } else {
        r->tier -= r->left;
    }
}

/* Compile c's machine code now; a host that refuses gets the interpreter
 * from then on. */
static void jit_compile(McCode *c) {
    bool ok = true;
    for (int32_t k = 0; k < c->nfns && ok; k++) ok = (c->fns[k]->jit = mc_jit_compile(c->fns[k])) != NULL;
    /* The calls' templates jump through each callee's jit_entry. */
    for (int32_t k = 0; k < c->nfns && ok; k++) c->fns[k]->jit_entry = mc_jit_addr(c->fns[k]->jit, 0);
    /* The frames C pushes resume at the root's return stub. */
    if (ok) c->ret_stub = mc_jit_ret_stub(c->jit);
    if (!ok) jit_drop(c);
    c->jit_after = ok ? 0 : -1;
}

/* ---- calls ------------------------------------------------------------------
 * A call record, a local buffer record and a callee's return leave the
 * loop (and the machine code) for exec, which does them here on the run's
 * heap frames (r->fr: no C recursion, so the depth is bounded by
 * max_depth, not by the C stack) and goes on in the callee or the caller.
 * Instructions are counted per block entry: a call takes the rest of its
 * block out of the count and its return puts it back, so a trap in a
 * callee counts what the stepping interpreter counts. */

static McOutcome trapped(const Run *r, const char *msg) {
    McOutcome out;
    memset(&out, 0, sizeof out);
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "%s", msg);
    out.steps = r->limit - r->left - r->reserve - r->held;
    out.insts = r->insts;
    return out;
}

/* `b = buffer n` of record ip: n zeros, made afresh each time it runs. */
static void local_buffer(Run *r, const CInst *ip) {
    CBuf *b = (CBuf *)&r->bufs[ip->d];
    if (b->len != ip->a) {
        free(b->p);
        b->p = mc_xmalloc((size_t)ip->a * sizeof *b->p);
        b->len = ip->a;
    }
    memset(b->p, 0, (size_t)ip->a * sizeof *b->p);
}

static void locals_free(const McCode *c, const CBuf *bufs) {
    for (int32_t k = c->nparams; k < c->nbufs; k++) free(bufs[k].p);
}

/* Frames up to twice as many as now (fr[0] is the function run's: its
 * slots, whatever the function run's return goes to), each with
 * frame_max bytes of memory, in one block for the new ones. */
static void frames_grow(const McCode *root, Run *r) {
    int32_t cap = r->capfr ? 2 * r->capfr : 64;
    r->fr = mc_xrealloc(r->fr, (size_t)cap * sizeof *r->fr);
    memset(r->fr + r->capfr, 0, (size_t)(cap - r->capfr) * sizeof *r->fr);
    if (r->capfr == 0) {
        r->fr[0].mem = r->s;
        r->fr[0].resume = root->ret_stub;
    }
    r->capfr = cap;
    size_t n = (size_t)(cap - 1 - r->ready), each = (size_t)root->frame_max;
    char *block = mc_xmalloc(n * each);
    for (size_t k = 0; k < n; k++) r->fr[r->ready + 1 + (int32_t)k].mem = block + k * each;
    r->fr[r->ready + 1].cap = n * each;
    r->ready = cap - 1;
}

/* The call record ip of r->c: a new frame for its callee (slots from its
 * init, arguments bound: values copied, buffers by reference), or false
 * with *out the depth trap. */
static bool call_push(const McCode *root, Run *r, const CInst *ip, McOutcome *out) {
    const McCode *c = r->c, *g = root->fns[ip->a];
    r->insts -= ip->u.rest;
    if ((int64_t)r->depth + 2 > r->max_depth) {
        *out = trapped(r, MC_DEPTH_TRAP_MSG);
        return false;
    }
    if (r->depth + 1 > r->ready) frames_grow(root, r);
    CFrame *f = &r->fr[++r->depth];
    size_t so = ((size_t)g->nslots * sizeof(int32_t) + 7) & ~(size_t)7;
    int32_t *s = f->mem;
    CBuf *b = (CBuf *)(void *)((char *)f->mem + so);
    if (g->nslots) memcpy(s, g->init, (size_t)g->nslots * sizeof *s);
    const int32_t *a = c->cargs + ip->b;
    for (int32_t k = 0; k < ip->c; k++) {
        if (g->param_slot[k] >= 0) s[g->param_slot[k]] = r->s[a[k]];
        else b[k] = r->bufs[a[k]];
    }
    for (int32_t k = g->nparams; k < g->nbufs; k++) b[k] = (CBuf){NULL, 0};
    f->c = c;
    f->call = ip;
    f->s = r->s;
    f->bufs = (CBuf *)r->bufs;
    f->callee = g;
    f->resume = root->ret_stub;
    r->c = g;
    r->s = s;
    r->bufs = b;
    return true;
}

/* The return of the callee running in r with value v: back in its caller
 * after the call record, the result in its destination. */
static void call_return(Run *r, int32_t v) {
    CFrame *f = &r->fr[r->depth--];
    locals_free(r->c, r->bufs);
    r->c = f->c;
    r->s = f->s;
    r->bufs = f->bufs;
    if (f->call->d >= 0) r->s[f->call->d] = v;
    r->insts += f->call->u.rest;
    r->ip = f->call + 1;
    r->e = NULL;
}

/* The end of a run: every frame's local buffers (only the frames C pushed
 * and the function run's have any: the machine code pushes frames for
 * callees without) and memory. */
static void frames_free(Run *r, const CBuf *root_bufs) {
    for (int32_t d = r->depth; d >= 1; d--) {
        const CFrame *f = &r->fr[d];
        if (f->resume && f->resume != r->root->ret_stub) continue; /* pushed by the machine code */
        const McCode *g = f->callee;
        locals_free(g, (const CBuf *)(const void *)((const char *)f->mem + (((size_t)g->nslots * sizeof(int32_t) + 7) & ~(size_t)7)));
    }
    locals_free(r->root, root_bufs);
    for (int32_t d = 1; d < r->capfr; d++)
        if (r->fr[d].cap) free(r->fr[d].mem);
    free(r->fr);
    r->fr = NULL;
    r->depth = r->capfr = r->ready = 0;
}

/* One run of c from r (ip, e, steps, limit, insts, stop, and for exact
 * code brk and done): the machine code when c has it; else the
 * interpreter loop, which compiles the machine code when c->jit_after > 0
 * and the run has taken that many edges interpreting ("tiering up": a
 * short run pays nothing, a long one at most about twice the compile time,
 * which jit_after estimates, in interpreting) and goes on in it. The
 * countdown, its refills and the polls of the interrupt flag are set up
 * here (also the refills at which the loop hands over, doing what
 * run_exec.h's refill label does), so the boundaries fall where they do
 * in an interpreted run. */
static McOutcome exec(const McCode *cc, McArgs *args, Run *r) {
    McCode *root = (McCode *)cc; /* the machine code is a cache of the records */
    MC_ASSERT(args->n == root->nparams && r->limit >= r->steps);
    /* With calls, the function run runs in frame memory of its own (fr[0]:
     * its slots, copied in and back out, then its buffers), laid out as
     * every frame is, so that the machine code's returns find both. */
    int32_t *slots = r->s;
    char *mem = NULL;
    CBuf *bufs;
    if (root->calls) {
        size_t so = ((size_t)root->nslots * sizeof(int32_t) + 7) & ~(size_t)7;
        mem = mc_xcalloc((size_t)root->frame_max, 1);
        if (root->nslots) memcpy(mem, slots, (size_t)root->nslots * sizeof *slots);
        r->s = (int32_t *)(void *)mem;
        bufs = (CBuf *)(void *)(mem + so);
    } else {
        bufs = mc_xcalloc((size_t)(root->nbufs ? root->nbufs : 1), sizeof *bufs);
    }
    for (int32_t i = 0; i < root->nparams; i++) {
        MC_ASSERT(args->v[i].is_buf == (root->param_slot[i] < 0));
        bufs[i].p = args->v[i].data;
        bufs[i].len = args->v[i].len;
    }
    r->bufs = bufs;
    r->c = r->root = root;
    if (r->max_depth <= 0) r->max_depth = MC_DEFAULT_MAX_DEPTH;
    r->left = r->limit - r->steps;
    r->reserve = 0;
    if (r->stop && r->left > root->poll_every) {
        r->reserve = r->left - root->poll_every;
        r->left = root->poll_every;
    }
    if (!root->jit && root->jit_after == 0) jit_compile(root);
    r->tier = !root->jit && root->jit_after > 0 ? root->jit_after : 0;
    r->held = 0;
    r->compile = false;
    r->fr = NULL;
    r->depth = r->capfr = r->ready = 0;
    if (root->calls) frames_grow(root, r); /* fr[0]: the machine code's returns need it */
    tier_split(r);
    McOutcome out;
    for (;;) {
        const McCode *c = r->c;
        r->handover = r->tier > 0 || r->compile;
        if (c->jit) exec_jit(c, r, &out);
        else if (c->exact) exec_exact(c, args, r, NULL, &out);
        else exec_plain(c, args, r, NULL, &out);
        const CEdge *e;
        if (r->why == R_RETURN && r->depth > 0) {
            call_return(r, r->ret);
            continue;
        }
        if (r->why == R_CALL) {
            if (r->at->op == K_BUFFER) {
                local_buffer(r, r->at);
                r->ip = r->at + 1;
                continue;
            }
            if (!call_push(root, r, r->at, &out)) break;
            e = &r->c->entry; /* entering the callee's first block: one step */
        } else if (r->why == R_REFILL) {
            e = r->e;
        } else {
            break;
        }
        if (r->left == 0) {
            /* The countdown reached 0 on the edge e (run_exec.h's refill). */
            if (r->compile) {
                r->compile = false;
                r->left = r->held;
                r->held = 0;
                jit_compile(root);
                /* The frames C pushed so far resume at the return stub. */
                for (int32_t d = 0; d < r->capfr && d <= r->depth; d++) r->fr[d].resume = root->ret_stub;
            }
            if (r->left == 0) { /* the budget is spent, or time to poll */
                if (r->reserve == 0 || mc_interrupted(r->stop)) {
                    bool limit = r->reserve == 0;
                    memset(&out, 0, sizeof out);
                    r->why = limit ? R_LIMIT : R_INTR;
                    out.kind = limit ? MC_TRAPPED : MC_INTERRUPTED;
                    snprintf(out.trap, sizeof out.trap, "%s", limit ? "execution step limit exceeded" : MC_INTERRUPTED_MSG);
                    out.steps = r->limit - r->reserve;
                    out.insts = r->insts;
                    break;
                }
                r->left = r->reserve < root->poll_every ? r->reserve : root->poll_every;
                r->reserve -= r->left;
                tier_split(r);
            }
        }
        /* Take e as TAKE does. */
        r->left--;
        if (r->c->exact) r->done[e->src] = 1;
        r->insts += e->ninsts;
        const int32_t *m = e->moves;
        for (int32_t n = e->nmoves; n > 0; n--, m += 2) r->s[m[0]] = r->s[m[1]];
        r->ip = e->ip;
    }
    frames_free(r, bufs);
    if (mem) {
        if (root->nslots) memcpy(slots, mem, (size_t)root->nslots * sizeof *slots);
        free(mem);
        r->s = slots;
    } else {
        free(bufs);
    }
    return out;
}

/* The plain run from the entry: slots from init, parameters bound, the
 * entry block entered (one step, its instructions counted). */
static McOutcome run_plain(const McCode *c, McArgs *args, int64_t max_steps, int64_t max_depth, const McInterrupt *stop) {
    MC_ASSERT(!c->exact && args->n == c->nparams);
    if (max_steps <= 0) max_steps = MC_DEFAULT_MAX_STEPS;
    int32_t *s = mc_xmalloc((size_t)(c->nslots ? c->nslots : 1) * sizeof *s);
    if (c->nslots) memcpy(s, c->init, (size_t)c->nslots * sizeof *s);
    for (int32_t i = 0; i < c->nparams; i++)
        if (c->param_slot[i] >= 0) s[c->param_slot[i]] = args->v[i].scalar;
    Run r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.ip = c->code;
    r.steps = 1;
    r.limit = max_steps;
    r.insts = c->entry_ninsts;
    r.stop = stop;
    r.max_depth = max_depth;
    McOutcome o = exec(c, args, &r);
    free(s);
    return o;
}

McOutcome mc_code_run(const McCode *c, McArgs *args, int64_t max_steps) {
    return run_plain(c, args, max_steps, 0, NULL);
}

McOutcome mc_code_run_intr(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop) {
    return run_plain(c, args, max_steps, 0, stop);
}

McOutcome mc_code_run_limits(const McCode *c, McArgs *args, int64_t max_steps, int64_t max_depth,
                             const McInterrupt *stop) {
    return run_plain(c, args, max_steps, max_depth, stop);
}

McOutcome mc_run(const McFunc *f, McArgs *args, int64_t max_steps) { return mc_run_limits(f, args, max_steps, 0, NULL); }

McOutcome mc_run_intr(const McFunc *f, McArgs *args, int64_t max_steps, const McInterrupt *stop) {
    return mc_run_limits(f, args, max_steps, 0, stop);
}

McOutcome mc_run_limits(const McFunc *f, McArgs *args, int64_t max_steps, int64_t max_depth, const McInterrupt *stop) {
    McCode *c = mc_code_new(f);
    McOutcome o = run_plain(c, args, max_steps, max_depth, stop);
    mc_code_free(c);
    return o;
}

McCodeStop mc_code_resume(const McCode *c, McArgs *args, McCodeState *st, McOutcome *out) {
    MC_ASSERT(c->exact && args->n == c->nparams);
    memset(out, 0, sizeof *out);
    int64_t limit = st->until < st->max_steps ? st->until : st->max_steps;
    /* Entering st->block: from the start, or along the edge prev -> block. */
    const CEdge *e = NULL;
    if (st->prev != MC_NONE) {
        e = &c->edges[2 * st->prev];
        if (e->dst != st->block) e++;
        MC_ASSERT(e->src == st->prev && e->dst == st->block);
    } else {
        MC_ASSERT(st->block == 0);
    }
    st->pc = -1;
    if (st->steps >= limit) { /* no entry allowed */
        out->steps = st->steps;
        out->insts = st->insts;
        if (st->until <= st->max_steps) return MC_CODE_AT_LIMIT; /* the caller's stop comes first */
        out->kind = MC_TRAPPED;
        snprintf(out->trap, sizeof out->trap, "execution step limit exceeded");
        return MC_CODE_FINISHED;
    }
    int32_t *s = mc_xmalloc((size_t)c->nslots * sizeof *s + 1);
    /* A function with no values has no value array (NULL): memcpy must not see it. */
    if (c->nvalues > 0) memcpy(s, st->vals, (size_t)c->nvalues * sizeof *s);
    if (c->nslots > c->nvalues) memcpy(s + c->nvalues, c->init + c->nvalues, (size_t)(c->nslots - c->nvalues) * sizeof *s);
    if (e) {
        st->done[e->src] = 1;
        const int32_t *m = e->moves;
        for (int32_t n = e->nmoves; n > 0; n--, m += 2) s[m[0]] = s[m[1]];
    }
    Run r;
    memset(&r, 0, sizeof r);
    r.s = s;
    r.ip = &c->code[c->start[st->block]];
    r.e = e;
    r.steps = st->steps + 1;
    r.limit = limit;
    r.insts = st->insts + c->bninsts[st->block];
    r.stop = st->stop;
    r.brk = st->brk;
    r.done = st->done;
    *out = exec(c, args, &r);
    memcpy(st->vals, s, (size_t)c->nvalues * sizeof *s);
    free(s);
    st->steps = out->steps;
    st->insts = out->insts;
    McCodeStop why = MC_CODE_FINISHED;
    switch (r.why) {
    case R_RETURN:
    case R_BOUNDS: {
        int32_t b = mc_jit_block_of(c->start, c->nblocks, (int32_t)(r.at - c->code));
        st->prev = r.e ? r.e->src : st->prev;
        st->block = b;
        st->pc = r.why == R_RETURN ? c->bninsts[b] : c->bninsts[b] - 1 - r.at->u.rest;
        return MC_CODE_FINISHED;
    }
    case R_LIMIT:
        if (st->until <= st->max_steps) {
            why = MC_CODE_AT_LIMIT;
            memset(out, 0, sizeof *out);
        }
        break;
    case R_BREAK: why = MC_CODE_AT_BREAK; break;
    default: why = MC_CODE_INTERRUPTED; break;
    }
    /* At the boundary before entering r.e's target (or trapped trying):
     * its source ran to the end. */
    st->done[r.e->src] = 1;
    st->prev = r.e->src;
    st->block = r.e->dst;
    st->pc = -1;
    out->steps = st->steps;
    out->insts = st->insts;
    return why;
}
