/* run.c - the plain run path: decode a function once, then run it fast.
 *
 * mc_code_new turns a verified function into one contiguous array of
 * fixed-size instruction records. Each record carries the address of its
 * handler (direct threading with computed goto under GCC/Clang; a switch on
 * the opcode elsewhere), and its operands in the form the handler wants:
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
 *     that reads the loaded value is one record (load, check, operation).
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

#if defined(__GNUC__)
#define MC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define MC_DIRECT_THREADED 1
#else
#define MC_UNLIKELY(x) (x)
#define MC_DIRECT_THREADED 0
#endif

/* Operand forms: SS slot,slot; SI slot,imm; IS imm,slot; II imm,imm. */
#define ALU_OPS(X) X(ADD) X(SUB) X(MUL) X(LT) X(LE) X(EQ) X(NE) X(AND) X(OR) X(XOR) X(SHL) X(SHR)
#define CMP_OPS(X) X(LT) X(LE) X(EQ) X(NE)
/* The operations that trap on a zero divisor: their SI form has a non-zero
 * immediate divisor and no check (a zero one is decoded as SS). */
#define DIV_OPS(X) X(DIV) X(REM)

enum {
#define E3(x) K_##x##_SS, K_##x##_SI, K_##x##_IS,
    ALU_OPS(E3)
#undef E3
#define EB(x) K_B##x##_SS, K_B##x##_SI, K_B##x##_IS, K_BN##x##_SS, K_BN##x##_SI, K_BN##x##_IS,
    CMP_OPS(EB)
#undef EB
    K_MOVI,     /* d = dest slot, a = immediate */
    K_COPY,     /* d = dest slot, a = source slot */
    K_LOAD_S,   /* d = dest slot, a = buffer parameter, b = index slot */
    K_LOAD_I,   /* ... b = index immediate */
    K_STORE_SS, /* a = buffer parameter, b = index, d = value (slot/imm per form) */
    K_STORE_SI,
    K_STORE_IS,
    K_STORE_II,
    K_RET_S,    /* a = value slot */
    K_RET_I,    /* a = immediate */
    K_JUMP,     /* e[0] */
    K_BR_S,     /* a = condition slot, e[0] if non-zero, e[1] if zero */
#define EI(x) K_I##x##_S, K_I##x##_I,
    CMP_OPS(EI) /* d = add a, imm b; c = cmp d, y (slot / imm); branch on c */
#undef EI
#define EL(x) K_L##x##_L, K_L##x##_R,
    ALU_OPS(EL) /* d = load a, slot b; c = op d, y (L) or op y, d (R) */
#undef EL
#define ED(x) K_##x##_SS, K_##x##_SI, K_##x##_IS,
    DIV_OPS(ED) /* like ALU_OPS; u.rest as for load/store */
#undef ED
    K_COUNT
};

typedef struct CEdge CEdge;

typedef struct CInst {
#if MC_DIRECT_THREADED
    const void *h; /* handler address */
#endif
    int32_t d, a, b, op;
    int32_t c, y; /* the increment+compare+branch records' compare */
    /* Terminators: the targets' first instructions, loaded straight into
     * the instruction pointer on a predicted branch (so the next pointer
     * never waits for the condition's value), and the edges' other data. */
    const struct CInst *t[2];
    union {
        const CEdge *e[2];
        int32_t rest; /* load/store: instructions after it in its block */
    } u;
} CInst;

struct CEdge {
    const CInst *ip;      /* first instruction of the target */
    int32_t ninsts;       /* its instruction count (terminator excluded) */
    int32_t nmoves;       /* (dst, src) slot pairs to perform in order */
    const int32_t *moves;
};

typedef struct CBuf {
    int32_t *p;
    int32_t len;
} CBuf;

struct McCode {
    int32_t nslots;      /* values + constants + scratch */
    int32_t *init;       /* initial contents of the slot array (constants) */
    int32_t nparams;
    int32_t *param_slot; /* slot of each scalar parameter; -1 for buffers */
    CInst *code;
    int32_t ncode;
    CEdge *edges;
    int32_t nedges;
    int32_t *moves;      /* (dst, src) slot pairs of all edges */
    int32_t nmoves;
    int32_t entry_ninsts;
    int64_t poll_every;  /* block entries between two looks at the interrupt flag */
};

static McOutcome exec(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                      const void *const **table);

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
            int na = mc_op_info[in->op].nargs;
            for (int j = 0; j < na; j++)
                if (in->a[j].kind == MC_OPND_VALUE && f->values[in->a[j].v].kind == MC_VAL_I32)
                    mc_bs_add(&live, in->a[j].v);
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

/* Instructions folded into the terminator's record: 0, 1 (the compare) or 2
 * (a loop-counter step `d = add x, imm` right before `c = cmp d, y`). */
static int32_t nfused(const McBlock *bl) {
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
    coalesce(f, bd->slot);
    /* Reads of each value: a fused compare whose result only its branch
     * reads need not write it. */
    bd->uses = mc_xcalloc(nv, sizeof *bd->uses);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t k = 0; k < bl->ninsts; k++)
            for (int j = 0; j < mc_op_info[bl->insts[k].op].nargs; j++)
                if (bl->insts[k].a[j].kind == MC_OPND_VALUE) bd->uses[bl->insts[k].a[j].v]++;
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

/* emit_inst and the load pairs index records by opcode distance from ADD. */
_Static_assert(K_SHR_SS - K_ADD_SS == 3 * (MC_OP_SHR - MC_OP_ADD) &&
                   K_LSHR_L - K_LADD_L == 2 * (MC_OP_SHR - MC_OP_ADD),
               "ALU_OPS lists the ALU opcodes in the order of MC_OPCODES");

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
                t->op = K_BLT_SS + 6 * ci + (bd->uses[i->dest] > 1 ? 0 : 3);
                t->a = new_slot(bd, i->a[0].v);
                t->b = new_slot(bd, i->a[1].v);
            } else {
                t->op = K_BLT_SS + 6 * ci + (bd->uses[i->dest] > 1 ? 0 : 3) + fm;
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
            if (!overlap) {
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
        if (t->op == K_JUMP || t->op == K_BR_S || (t->op >= K_BLT_SS && t->op <= K_BNNE_IS) ||
            (t->op >= K_ILT_S && t->op <= K_INE_I)) {
            t->t[0] = t->u.e[0]->ip;
            if (t->op != K_JUMP) t->t[1] = t->u.e[1]->ip;
        }
    }
#if MC_DIRECT_THREADED
    const void *const *labels = NULL;
    exec(NULL, NULL, 0, NULL, &labels);
    for (int32_t k = 0; k < c->ncode; k++) c->code[k].h = labels[c->code[k].op];
#endif
}

McCode *mc_code_new(const McFunc *f) {
    MC_ASSERT(f->nblocks > 0);
    Builder bd;
    memset(&bd, 0, sizeof bd);
    bd.c = mc_xcalloc(1, sizeof *bd.c);
    assign_slots(&bd, f);
    layout(&bd, f);
    for (int32_t b = 0; b < f->nblocks; b++) emit_block(&bd, f, b);
    emit_edges(&bd, f);
    link_records(&bd);
    free(bd.edge_move);
    free(bd.start);
    free(bd.buf_param);
    free(bd.uses);
    free(bd.slot);
    return bd.c;
}

void mc_code_free(McCode *c) {
    if (!c) return;
    free(c->init);
    free(c->param_slot);
    free(c->code);
    free(c->edges);
    free(c->moves);
    free(c);
}

/* ---- running -------------------------------------------------------------- */

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
/* The interpreter loop is one function of about 200 lines on purpose:
 * computed-goto labels exist only inside the function that jumps to them,
 * so every handler (generated by the macros below) lives here.
 * With table != NULL: only report the handler addresses (decoding uses them).
 * GCC would otherwise merge the handlers' identical tails into one shared
 * indirect jump, which costs the per-handler branch prediction. The
 * function starts on a cache line: the handlers' timing depends on where
 * their jumps fall in the lines (measured: up to 25% on the bench kernels
 * from link placement alone), so this keeps it the same in every binary. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-crossjumping", "no-gcse"), aligned(64)))
#elif defined(__GNUC__)
__attribute__((aligned(64)))
#endif
static McOutcome exec(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                      const void *const **table) {
    McOutcome out;
    memset(&out, 0, sizeof out);
#if MC_DIRECT_THREADED
    static const void *const labels[K_COUNT] = {
#define L3(x) &&L_##x##_SS, &&L_##x##_SI, &&L_##x##_IS,
        ALU_OPS(L3)
#undef L3
#define LB(x) &&L_B##x##_SS, &&L_B##x##_SI, &&L_B##x##_IS, &&L_BN##x##_SS, &&L_BN##x##_SI, &&L_BN##x##_IS,
        CMP_OPS(LB)
#undef LB
        &&L_MOVI, &&L_COPY, &&L_LOAD_S, &&L_LOAD_I,
        &&L_STORE_SS, &&L_STORE_SI, &&L_STORE_IS, &&L_STORE_II,
        &&L_RET_S, &&L_RET_I, &&L_JUMP, &&L_BR_S,
#define LI(x) &&L_I##x##_S, &&L_I##x##_I,
        CMP_OPS(LI)
#undef LI
#define LL(x) &&L_L##x##_L, &&L_L##x##_R,
        ALU_OPS(LL)
#undef LL
#define LD(x) &&L_##x##_SS, &&L_##x##_SI, &&L_##x##_IS,
        DIV_OPS(LD)
#undef LD
    };
    if (table) {
        *table = labels;
        return out;
    }
#else
    (void)table;
#endif
    MC_ASSERT(args->n == c->nparams);
    if (max_steps <= 0) max_steps = MC_DEFAULT_MAX_STEPS;
    int32_t *s = mc_xmalloc((size_t)(c->nslots ? c->nslots : 1) * sizeof *s);
    if (c->nslots) memcpy(s, c->init, (size_t)c->nslots * sizeof *s);
    CBuf *bufs = mc_xmalloc((size_t)(c->nparams ? c->nparams : 1) * sizeof *bufs);
    for (int32_t i = 0; i < c->nparams; i++) {
        MC_ASSERT(args->v[i].is_buf == (c->param_slot[i] < 0));
        bufs[i].p = args->v[i].data;
        bufs[i].len = args->v[i].len;
        if (c->param_slot[i] >= 0) s[c->param_slot[i]] = args->v[i].scalar;
    }
    const CInst *ip = c->code;
    const CEdge *e;
    /* Block entries still allowed: `left` before the next look at the
     * interrupt flag, `reserve` after it. Without a flag there is one
     * chunk; with one, the countdown is refilled every poll_every entries,
     * so the edges pay nothing for the poll. */
    int64_t left = max_steps - 1, reserve = 0;
    if (stop && left > c->poll_every) {
        reserve = left - c->poll_every;
        left = c->poll_every;
    }
    int64_t insts = c->entry_ninsts;
    int32_t index = 0, len = 0;

#if MC_DIRECT_THREADED
#define OP(x) L_##x:
#define NEXT goto *ip->h
    NEXT;
#else
#define OP(x) case K_##x:
#define NEXT goto dispatch
dispatch:
    switch (ip->op) {
#endif
/* Take edge K of the terminator: the budget, the target's count, the phi
 * moves, dispatch. */
#define TAKE(K)                                                              \
    do {                                                                     \
        e = ip->u.e[K];                                                      \
        if (MC_UNLIKELY(left == 0)) goto refill;                             \
        left--;                                                              \
        insts += e->ninsts;                                                  \
        const int32_t *m_ = e->moves;                                        \
        for (int32_t n_ = e->nmoves; n_ > 0; n_--, m_ += 2) s[m_[0]] = s[m_[1]]; \
        ip = ip->t[K];                                                       \
        NEXT;                                                                \
    } while (0)
#define BRANCH(r) do { if (r) TAKE(0); else TAKE(1); } while (0)
#define ALU3(x, fn)                                                          \
    OP(x##_SS) s[ip->d] = fn(s[ip->a], s[ip->b]); ip++; NEXT;                \
    OP(x##_SI) s[ip->d] = fn(s[ip->a], ip->b); ip++; NEXT;                   \
    OP(x##_IS) s[ip->d] = fn(ip->a, s[ip->b]); ip++; NEXT;
/* Fused compare + branch; the BN forms skip writing the compare's result
 * when nothing but this branch reads it. */
#define BR3(x, fn)                                                           \
    OP(B##x##_SS) { int32_t r_ = fn(s[ip->a], s[ip->b]); s[ip->d] = r_; BRANCH(r_); } \
    OP(B##x##_SI) { int32_t r_ = fn(s[ip->a], ip->b); s[ip->d] = r_; BRANCH(r_); }    \
    OP(B##x##_IS) { int32_t r_ = fn(ip->a, s[ip->b]); s[ip->d] = r_; BRANCH(r_); }    \
    OP(BN##x##_SS) BRANCH(fn(s[ip->a], s[ip->b]));                           \
    OP(BN##x##_SI) BRANCH(fn(s[ip->a], ip->b));                              \
    OP(BN##x##_IS) BRANCH(fn(ip->a, s[ip->b]));
/* The add's result stays in a register for the compare; the stores keep
 * the sequential order (the compare's operand may be the add's slot). These
 * always write the compare's result: a variant without the store measured
 * slower on the bench kernels (an effect of code layout, not of the work),
 * so it was dropped. */
#define INC3(x, fn)                                                          \
    OP(I##x##_S) { int32_t v_ = mc_i32_add(s[ip->a], ip->b); s[ip->d] = v_;  \
                   int32_t r_ = fn(v_, s[ip->y]); s[ip->c] = r_; BRANCH(r_); } \
    OP(I##x##_I) { int32_t v_ = mc_i32_add(s[ip->a], ip->b); s[ip->d] = v_;  \
                   int32_t r_ = fn(v_, ip->y); s[ip->c] = r_; BRANCH(r_); }
/* Load, then an operation reading the loaded value (written first: the
 * other operand may be the load's own slot). */
#define LOADOP(x, fn)                                                        \
    OP(L##x##_L) CHECK(s[ip->b]) { int32_t v_ = bufs[ip->a].p[index]; s[ip->d] = v_; \
                   s[ip->c] = fn(v_, s[ip->y]); ip++; NEXT; }                \
    OP(L##x##_R) CHECK(s[ip->b]) { int32_t v_ = bufs[ip->a].p[index]; s[ip->d] = v_; \
                   s[ip->c] = fn(s[ip->y], v_); ip++; NEXT; }
/* Division: a zero divisor in a slot traps; an SI divisor is a non-zero immediate. */
#define DIV3(x, fn)                                                          \
    OP(x##_SS) if (MC_UNLIKELY(s[ip->b] == 0)) goto div_trap;                \
               s[ip->d] = fn(s[ip->a], s[ip->b]); ip++; NEXT;                \
    OP(x##_SI) s[ip->d] = fn(s[ip->a], ip->b); ip++; NEXT;                   \
    OP(x##_IS) if (MC_UNLIKELY(s[ip->b] == 0)) goto div_trap;                \
               s[ip->d] = fn(ip->a, s[ip->b]); ip++; NEXT;
#define CHECK(idx)                                                           \
    index = (idx);                                                           \
    len = bufs[ip->a].len;                                                   \
    if (MC_UNLIKELY((uint32_t)index >= (uint32_t)len)) goto bounds_trap;
    ALU3(ADD, mc_i32_add)
    ALU3(SUB, mc_i32_sub)
    ALU3(MUL, mc_i32_mul)
    ALU3(LT, mc_i32_lt)
    ALU3(LE, mc_i32_le)
    ALU3(EQ, mc_i32_eq)
    ALU3(NE, mc_i32_ne)
    ALU3(AND, mc_i32_and)
    ALU3(OR, mc_i32_or)
    ALU3(XOR, mc_i32_xor)
    ALU3(SHL, mc_i32_shl)
    ALU3(SHR, mc_i32_shr)
    DIV3(DIV, mc_i32_div)
    DIV3(REM, mc_i32_rem)
    BR3(LT, mc_i32_lt)
    BR3(LE, mc_i32_le)
    BR3(EQ, mc_i32_eq)
    BR3(NE, mc_i32_ne)
    INC3(LT, mc_i32_lt)
    INC3(LE, mc_i32_le)
    INC3(EQ, mc_i32_eq)
    INC3(NE, mc_i32_ne)
    LOADOP(ADD, mc_i32_add)
    LOADOP(SUB, mc_i32_sub)
    LOADOP(MUL, mc_i32_mul)
    LOADOP(LT, mc_i32_lt)
    LOADOP(LE, mc_i32_le)
    LOADOP(EQ, mc_i32_eq)
    LOADOP(NE, mc_i32_ne)
    LOADOP(AND, mc_i32_and)
    LOADOP(OR, mc_i32_or)
    LOADOP(XOR, mc_i32_xor)
    LOADOP(SHL, mc_i32_shl)
    LOADOP(SHR, mc_i32_shr)
    OP(MOVI) s[ip->d] = ip->a; ip++; NEXT;
    OP(COPY) s[ip->d] = s[ip->a]; ip++; NEXT;
    OP(LOAD_S) CHECK(s[ip->b]) s[ip->d] = bufs[ip->a].p[index]; ip++; NEXT;
    OP(LOAD_I) CHECK(ip->b) s[ip->d] = bufs[ip->a].p[index]; ip++; NEXT;
    OP(STORE_SS) CHECK(s[ip->b]) bufs[ip->a].p[index] = s[ip->d]; ip++; NEXT;
    OP(STORE_SI) CHECK(s[ip->b]) bufs[ip->a].p[index] = ip->d; ip++; NEXT;
    OP(STORE_IS) CHECK(ip->b) bufs[ip->a].p[index] = s[ip->d]; ip++; NEXT;
    OP(STORE_II) CHECK(ip->b) bufs[ip->a].p[index] = ip->d; ip++; NEXT;
    OP(RET_S) out.value = s[ip->a]; goto returned;
    OP(RET_I) out.value = ip->a; goto returned;
    OP(JUMP) TAKE(0);
    OP(BR_S) BRANCH(s[ip->a]);
#if !MC_DIRECT_THREADED
    default: mc_panic(__FILE__, __LINE__, "bad decoded opcode");
    }
#endif
#undef OP
#undef NEXT
#undef TAKE
#undef BRANCH
#undef ALU3
#undef BR3
#undef INC3
#undef LOADOP
#undef DIV3
#undef CHECK

/* The countdown reached 0 on the edge e: either the budget is spent or it
 * is time to look at the interrupt flag; then take the edge as TAKE does. */
refill:
    if (reserve == 0) goto step_trap;
    if (mc_interrupted(stop)) goto interrupted;
    left = reserve < c->poll_every ? reserve : c->poll_every;
    reserve -= left;
    left--;
    insts += e->ninsts;
    {
        const int32_t *m_ = e->moves;
        for (int32_t n_ = e->nmoves; n_ > 0; n_--, m_ += 2) s[m_[0]] = s[m_[1]];
    }
    ip = e->ip;
#if MC_DIRECT_THREADED
    goto *ip->h;
#else
    goto dispatch;
#endif

returned:
    out.kind = MC_RETURNED;
    goto done;

interrupted:
    out.kind = MC_INTERRUPTED;
    snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
    goto done;

step_trap:
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "execution step limit exceeded");
    goto done;

div_trap:
    insts -= ip->u.rest;
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "%s", MC_DIV_ZERO_MSG);
    goto done;

bounds_trap:
    insts -= ip->u.rest;
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "buffer index %ld outside [0,%ld)", (long)index, (long)len);

done:
    out.steps = max_steps - left - reserve;
    out.insts = insts;
    free(s);
    free(bufs);
    return out;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

McOutcome mc_code_run(const McCode *c, McArgs *args, int64_t max_steps) {
    return exec(c, args, max_steps, NULL, NULL);
}

McOutcome mc_code_run_intr(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop) {
    return exec(c, args, max_steps, stop, NULL);
}

McOutcome mc_run(const McFunc *f, McArgs *args, int64_t max_steps) { return mc_run_intr(f, args, max_steps, NULL); }

McOutcome mc_run_intr(const McFunc *f, McArgs *args, int64_t max_steps, const McInterrupt *stop) {
    McCode *c = mc_code_new(f);
    McOutcome o = exec(c, args, max_steps, stop, NULL);
    mc_code_free(c);
    return o;
}
