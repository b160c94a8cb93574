/* run.c - the plain run path: decode a function once, then run it fast.
 *
 * mc_code_new turns a verified function into a compact array of fixed-size
 * instructions whose operands are all slot indices into one int32 array:
 * value handles keep their index, every constant operand gets its own
 * pre-initialised slot after them, and a scratch area after that serves the
 * parallel copies of phi edges. Terminator targets become edge records (the
 * target's first instruction, its instruction count, and the edge's phi moves
 * as a precomputed copy list), so the loop does no name or phi lookups and
 * emits no events. The loop is a computed-goto dispatch under GCC/Clang and a
 * switch elsewhere.
 *
 * The semantics are the stepping interpreter's (interp.c), which is the
 * reference: wrapping i32 arithmetic, signed compares, bounds checks before
 * every access, phis read-all-then-write-all, and a budget of block entries
 * (entry number max_steps + 1 traps). Tests compare the two on every input.
 *
 * Contract: requires a verified function (mutable or SSA form); the McCode
 * does not reference the function afterwards. */
#include <stdlib.h>
#include <string.h>

#include "minicc/interp.h"
#include "minicc/util.h"

/* Decoded opcodes. ALU ops come first in McOp order so mc_alu maps 1:1. */
enum {
    K_ADD, K_SUB, K_MUL, K_LT, K_LE, K_EQ, K_NE, K_COPY,
    K_LOAD,   /* d = dest slot, a = buffer parameter, b = index slot */
    K_STORE,  /* a = buffer parameter, b = index slot, d = value slot */
    K_RET,    /* a = value slot */
    K_JUMP,   /* d = edge */
    K_BRANCH, /* a = condition slot, d = edge if non-zero, b = edge if zero */
    K_COUNT
};

typedef struct CInst {
    int32_t op, d, a, b;
} CInst;

typedef struct CEdge {
    int32_t pc;     /* first instruction of the target */
    int32_t ninsts; /* its instruction count (terminator excluded) */
    int32_t copy;   /* first (dst, src) pair in copies */
    int32_t ncopy;  /* pairs to perform in order */
} CEdge;

struct McCode {
    int32_t nslots;      /* values + constants + scratch */
    int32_t *init;       /* initial contents of the slot array (constants) */
    int32_t nparams;
    int32_t *param_slot; /* slot of each scalar parameter; -1 for buffers */
    CInst *code;
    int32_t ncode;
    CEdge *edges;
    int32_t nedges;
    int32_t *copies;     /* (dst, src) slot pairs */
    int32_t ncopies;
    int32_t entry_ninsts;
};

typedef struct Builder {
    McCode *c;
    int32_t capslots, capcode, capcopies;
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

static int32_t slot_of(Builder *b, McOperand o) {
    if (o.kind == MC_OPND_CONST) return new_slot(b, o.v);
    MC_ASSERT(o.kind == MC_OPND_VALUE);
    return o.v;
}

static void add_copy(Builder *b, int32_t dst, int32_t src) {
    McCode *c = b->c;
    if (c->ncopies + 1 > b->capcopies) {
        b->capcopies = b->capcopies ? b->capcopies * 2 : 64;
        c->copies = mc_xrealloc(c->copies, (size_t)b->capcopies * 2 * sizeof *c->copies);
    }
    c->copies[2 * c->ncopies] = dst;
    c->copies[2 * c->ncopies + 1] = src;
    c->ncopies++;
}

McCode *mc_code_new(const McFunc *f) {
    MC_ASSERT(f->nblocks > 0);
    McCode *c = mc_xcalloc(1, sizeof *c);
    Builder bd = {c, 0, 0, 0};
    for (int32_t v = 0; v < f->nvalues; v++) new_slot(&bd, 0);
    c->nparams = f->nparams;
    c->param_slot = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *c->param_slot);
    int32_t *buf_param = mc_xmalloc((size_t)(f->nvalues ? f->nvalues : 1) * sizeof *buf_param);
    for (int32_t v = 0; v < f->nvalues; v++) buf_param[v] = -1;
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t v = f->params[i];
        bool is_buf = f->values[v].kind == MC_VAL_BUF;
        c->param_slot[i] = is_buf ? -1 : v;
        if (is_buf) buf_param[v] = i;
    }
    /* Layout: block b's instructions then its terminator, blocks in order. */
    int32_t *start = mc_xmalloc((size_t)f->nblocks * sizeof *start);
    int32_t n = 0, maxphis = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        start[b] = n;
        n += f->blocks[b].ninsts + 1;
        if (f->blocks[b].nphis > maxphis) maxphis = f->blocks[b].nphis;
    }
    c->ncode = n;
    c->code = mc_xcalloc((size_t)n, sizeof *c->code);
    c->edges = mc_xcalloc((size_t)f->nblocks * 2, sizeof *c->edges);
    c->entry_ninsts = f->blocks[0].ninsts;
    int32_t scratch = c->nslots; /* reserve after constants below */
    int32_t *tmp_dst = mc_xmalloc((size_t)(maxphis ? maxphis : 1) * sizeof *tmp_dst);
    int32_t *tmp_src = mc_xmalloc((size_t)(maxphis ? maxphis : 1) * sizeof *tmp_src);
    /* First pass: instruction operands (this creates the constant slots). */
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        MC_ASSERT(bl->has_term);
        for (int32_t k = 0; k < bl->ninsts; k++) {
            const McInst *i = &bl->insts[k];
            CInst *o = &c->code[start[b] + k];
            switch (i->op) {
            case MC_OP_LOAD:
                MC_ASSERT(i->a[0].kind == MC_OPND_VALUE && buf_param[i->a[0].v] >= 0);
                o->op = K_LOAD;
                o->d = i->dest;
                o->a = buf_param[i->a[0].v];
                o->b = slot_of(&bd, i->a[1]);
                break;
            case MC_OP_STORE:
                MC_ASSERT(i->a[0].kind == MC_OPND_VALUE && buf_param[i->a[0].v] >= 0);
                o->op = K_STORE;
                o->a = buf_param[i->a[0].v];
                o->b = slot_of(&bd, i->a[1]);
                o->d = slot_of(&bd, i->a[2]);
                break;
            case MC_OP_COPY:
                o->op = K_COPY;
                o->d = i->dest;
                o->a = slot_of(&bd, i->a[0]);
                break;
            default:
                MC_ASSERT(mc_op_info[i->op].flags & MC_OPF_ALU);
                o->op = K_ADD + (i->op - MC_OP_ADD);
                o->d = i->dest;
                o->a = slot_of(&bd, i->a[0]);
                o->b = slot_of(&bd, i->a[1]);
                break;
            }
        }
        CInst *t = &c->code[start[b] + bl->ninsts];
        switch (bl->term.op) {
        case MC_OP_RET:
            t->op = K_RET;
            t->a = slot_of(&bd, bl->term.arg);
            break;
        case MC_OP_JUMP:
            t->op = K_JUMP;
            t->d = 2 * b;
            break;
        case MC_OP_BRANCH:
            t->op = K_BRANCH;
            t->a = slot_of(&bd, bl->term.arg);
            t->d = 2 * b;
            t->b = 2 * b + 1;
            break;
        default: mc_panic(__FILE__, __LINE__, "bad terminator");
        }
    }
    /* Second pass: edges and their phi moves (constants get slots here too). */
    int32_t *stamp = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *stamp);
    int32_t stamp_no = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        int32_t succ[2];
        int ns = mc_block_succs(&f->blocks[b], succ);
        for (int k = 0; k < ns; k++) {
            int32_t t = succ[k];
            const McBlock *tb = &f->blocks[t];
            CEdge *e = &c->edges[2 * b + k];
            e->pc = start[t];
            e->ninsts = tb->ninsts;
            e->copy = c->ncopies;
            bool overlap = false;
            for (int32_t p = 0; p < tb->nphis; p++) {
                const McPhi *phi = &tb->phis[p];
                const McPhiArg *arg = NULL;
                for (int32_t q = 0; q < phi->nargs; q++)
                    if (phi->args[q].block == b) {
                        arg = &phi->args[q];
                        break;
                    }
                MC_ASSERT(arg != NULL);
                tmp_dst[p] = phi->dest;
                tmp_src[p] = slot_of(&bd, arg->val);
            }
            /* Direct moves are safe when no destination is read by another
             * copy of the edge (mark the destinations, then look at sources). */
            stamp_no++;
            for (int32_t p = 0; p < tb->nphis; p++) stamp[tmp_dst[p]] = stamp_no;
            for (int32_t p = 0; p < tb->nphis && !overlap; p++)
                if (tmp_src[p] < f->nvalues && stamp[tmp_src[p]] == stamp_no && tmp_src[p] != tmp_dst[p])
                    overlap = true;
            if (!overlap) {
                for (int32_t p = 0; p < tb->nphis; p++)
                    if (tmp_dst[p] != tmp_src[p]) add_copy(&bd, tmp_dst[p], tmp_src[p]);
            } else {
                /* Scratch slots are allocated after all constants (below);
                 * record them as negative placeholders -1 - p for now. */
                for (int32_t p = 0; p < tb->nphis; p++) add_copy(&bd, -1 - p, tmp_src[p]);
                for (int32_t p = 0; p < tb->nphis; p++) add_copy(&bd, tmp_dst[p], -1 - p);
            }
            e->ncopy = c->ncopies - e->copy;
        }
    }
    scratch = c->nslots;
    for (int32_t p = 0; p < maxphis; p++) new_slot(&bd, 0);
    for (int32_t k = 0; k < 2 * c->ncopies; k++)
        if (c->copies[k] < 0) c->copies[k] = scratch + (-1 - c->copies[k]);
    c->nedges = 2 * f->nblocks;
    free(stamp);
    free(tmp_dst);
    free(tmp_src);
    free(start);
    free(buf_param);
    return c;
}

void mc_code_free(McCode *c) {
    if (!c) return;
    free(c->init);
    free(c->param_slot);
    free(c->code);
    free(c->edges);
    free(c->copies);
    free(c);
}

static int32_t wrap(uint32_t r) {
    return r <= (uint32_t)INT32_MAX ? (int32_t)r : (int32_t)(r - 2147483648u) + INT32_MIN;
}

/* Instructions after position ip up to the block's terminator. */
static int32_t rest_of_block(const CInst *ip) {
    int32_t n = 0;
    for (ip++; ip->op < K_RET; ip++) n++;
    return n;
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
McOutcome mc_code_run(const McCode *c, McArgs *args, int64_t max_steps) {
    MC_ASSERT(args->n == c->nparams);
    McOutcome out;
    memset(&out, 0, sizeof out);
    if (max_steps <= 0) max_steps = MC_DEFAULT_MAX_STEPS;
    int32_t *s = mc_xmalloc((size_t)(c->nslots ? c->nslots : 1) * sizeof *s);
    memcpy(s, c->init, (size_t)c->nslots * sizeof *s);
    int32_t **bufs = mc_xmalloc((size_t)(c->nparams ? c->nparams : 1) * sizeof *bufs);
    int32_t *lens = mc_xmalloc((size_t)(c->nparams ? c->nparams : 1) * sizeof *lens);
    for (int32_t i = 0; i < c->nparams; i++) {
        MC_ASSERT(args->v[i].is_buf == (c->param_slot[i] < 0));
        bufs[i] = args->v[i].data;
        lens[i] = args->v[i].len;
        if (c->param_slot[i] >= 0) s[c->param_slot[i]] = args->v[i].scalar;
    }
    const CInst *code = c->code, *ip = code;
    const CEdge *edges = c->edges, *e;
    const int32_t *cp = c->copies;
    int64_t steps = 1, insts = c->entry_ninsts;
    int32_t index = 0, len = 0;
    const CInst *trap_ip = NULL;

#if defined(__GNUC__)
    static const void *const labels[K_COUNT] = {
        &&L_ADD, &&L_SUB, &&L_MUL, &&L_LT, &&L_LE, &&L_EQ, &&L_NE, &&L_COPY,
        &&L_LOAD, &&L_STORE, &&L_RET, &&L_JUMP, &&L_BRANCH,
    };
#define OP(x) L_##x:
#define NEXT goto *labels[ip->op]
    NEXT;
#else
#define OP(x) case K_##x:
#define NEXT goto dispatch
dispatch:
    switch (ip->op) {
#endif
    OP(ADD) s[ip->d] = wrap((uint32_t)s[ip->a] + (uint32_t)s[ip->b]); ip++; NEXT;
    OP(SUB) s[ip->d] = wrap((uint32_t)s[ip->a] - (uint32_t)s[ip->b]); ip++; NEXT;
    OP(MUL) s[ip->d] = wrap((uint32_t)s[ip->a] * (uint32_t)s[ip->b]); ip++; NEXT;
    OP(LT) s[ip->d] = s[ip->a] < s[ip->b]; ip++; NEXT;
    OP(LE) s[ip->d] = s[ip->a] <= s[ip->b]; ip++; NEXT;
    OP(EQ) s[ip->d] = s[ip->a] == s[ip->b]; ip++; NEXT;
    OP(NE) s[ip->d] = s[ip->a] != s[ip->b]; ip++; NEXT;
    OP(COPY) s[ip->d] = s[ip->a]; ip++; NEXT;
    OP(LOAD)
        index = s[ip->b];
        len = lens[ip->a];
        if (index < 0 || index >= len) goto bounds_trap;
        s[ip->d] = bufs[ip->a][index];
        ip++;
        NEXT;
    OP(STORE)
        index = s[ip->b];
        len = lens[ip->a];
        if (index < 0 || index >= len) goto bounds_trap;
        bufs[ip->a][index] = s[ip->d];
        ip++;
        NEXT;
    OP(RET)
        out.kind = MC_RETURNED;
        out.value = s[ip->a];
        goto done;
    OP(JUMP)
        e = &edges[ip->d];
        goto take_edge;
    OP(BRANCH)
        e = &edges[s[ip->a] ? ip->d : ip->b];
        goto take_edge;
#if !defined(__GNUC__)
    default: mc_panic(__FILE__, __LINE__, "bad decoded opcode");
    }
#endif
#undef OP
#undef NEXT

take_edge:
    if (steps >= max_steps) {
        out.kind = MC_TRAPPED;
        snprintf(out.trap, sizeof out.trap, "execution step limit exceeded");
        goto done;
    }
    steps++;
    insts += e->ninsts;
    for (int32_t k = e->copy, end = e->copy + e->ncopy; k < end; k++) s[cp[2 * k]] = s[cp[2 * k + 1]];
    ip = code + e->pc;
#if defined(__GNUC__)
    goto *labels[ip->op];
#else
    goto dispatch;
#endif

bounds_trap:
    trap_ip = ip;
    insts -= rest_of_block(trap_ip);
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "buffer index %ld outside [0,%ld)", (long)index, (long)len);

done:
    out.steps = steps;
    out.insts = insts;
    free(s);
    free(bufs);
    free(lens);
    return out;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

McOutcome mc_run(const McFunc *f, McArgs *args, int64_t max_steps) {
    McCode *c = mc_code_new(f);
    McOutcome o = mc_code_run(c, args, max_steps);
    mc_code_free(c);
    return o;
}
