/* machine.c - the allocated teaching machine (chapter §32.4): execute an
 * allocation, not just inspect it.
 *
 * Every scalar lives only in its physical location: a register file of K
 * int32 and an array of spill slots, kept in one array `mem` (register r at
 * index r, slot s at K + s, then a pool of the constants the code uses).
 * Operands are decoded once into an index of mem (or a buffer parameter) and
 * the machine never consults value names again, so if the allocator gave two
 * interfering values the same location the computation really is corrupted
 * and the differential tests against the source semantics fail.
 *
 * The machine follows the chapter's execute_allocated: the bound scalar
 * parameters are written into their locations first (a write to a slot
 * counts as a spill write), then blocks run from the entry, at most
 * max_steps block entries. It counts instructions (not terminators), the
 * copies inserted by phi destruction, spill reads (every read of a slot
 * operand, the branch condition and the return value included) and spill
 * writes. div and rem by zero trap (`division by zero`) after reading
 * their operands, as a bounds trap does after reading the index. The function must be phi-free: phi destruction has already put
 * the copies on the edges. The counts are algorithmic traffic, not a cost
 * model of any real CPU.
 *
 * Pre-decoded as the run path is (run.c): mc_machine_code_new turns the
 * allocated function into one array of fixed-size records, each with the
 * address of its handler (direct threading with computed goto under
 * GCC/Clang, a switch elsewhere); a compare that computes its block's branch
 * condition is fused with the branch (its result is still written to its
 * location), and the copies before a jump (phi destruction puts them there)
 * become a move list of the jump's record, performed in order. The counts are not kept per access: which operands are slots
 * is known when decoding, so each block has static counts (instructions,
 * copies, spill reads with its terminator's, spill writes), the run counts
 * block entries, and the totals are entries x counts, minus the part of the
 * block after a trap. tests/unit/test_machine.c holds them equal to the
 * machine that counted every access (tests/unit/machine_ref.h). */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

#include "machine_int.h"

/* ---- decoding -------------------------------------------------------------------- */

typedef struct Dec {
    const McAllocation *a;
    McMachineCode *c;
    int32_t nconst, capconst;
    int32_t *consts;
    int32_t nmoves, capmoves; /* ints in moves */
    int32_t *moves;
} Dec;

/* The mem index of a scalar operand; *slot_read is set when it is a slot. */
static int32_t opnd(Dec *x, McOperand o, uint8_t *slot_read) {
    if (o.kind == MC_OPND_CONST) {
        MC_GROW(x->consts, x->capconst, x->nconst + 1, 16);
        x->consts[x->nconst] = o.v;
        return x->c->registers + x->c->slots + x->nconst++;
    }
    MC_ASSERT(o.kind == MC_OPND_VALUE);
    const McValue *val = &x->a->f->values[o.v];
    MC_ASSERT(val->kind != MC_VAL_BUF);
    McLocation l = x->a->loc[o.v];
    if (l.kind == MC_LOC_REG) return l.index;
    if (l.kind == MC_LOC_SLOT) {
        if (slot_read) ++*slot_read;
        return x->c->registers + l.index;
    }
    mc_panic(__FILE__, __LINE__, "value %s has no location", val->name);
}

/* The operands a and b of a two-operand instruction into r->a and r->b in
 * the record form it returns: 0 both in mem, 1 b immediate, 2 a immediate. */
static int two_operands(Dec *x, const McInst *in, MRec *r, uint8_t *slot_reads) {
    bool ca = in->a[0].kind == MC_OPND_CONST, cb = in->a[1].kind == MC_OPND_CONST;
    if (cb && !ca) {
        r->a = opnd(x, in->a[0], slot_reads);
        r->b = in->a[1].v;
        return 1;
    }
    if (ca && !cb) {
        r->a = in->a[0].v;
        r->b = opnd(x, in->a[1], slot_reads);
        return 2;
    }
    r->a = opnd(x, in->a[0], slot_reads);
    r->b = opnd(x, in->a[1], slot_reads);
    return 0;
}

/* The buffer parameter an operand names. */
static int32_t buffer(const McAllocation *a, McOperand o) {
    MC_ASSERT(o.kind == MC_OPND_VALUE && a->f->values[o.v].kind == MC_VAL_BUF);
    return a->f->values[o.v].param;
}

static McOutcome exec(const McMachineCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                      McMachineStats *stats, const void *const **table);

/* Block entries between two looks at the interrupt flag: a few million
 * instructions' worth, at most every 65536 entries. */
#define POLL_WORK (1 << 22)
#define POLL_MAX_ENTRIES (1 << 16)

/* The record r of instruction i of block b (g: its index in the function),
 * with its slot reads and writes and whether it is a phi copy. */
static void decode_inst(Dec *x, int32_t b, int32_t i, int32_t g, MRec *r) {
    const McAllocation *a = x->a;
    McMachineCode *c = x->c;
    const McInst *in = &a->f->blocks[b].insts[i];
    r->inst = g;
    r->op = in->op;
    c->icopy[g] = a->phi_copy[b][i];
    uint8_t *rd = &c->ireads[g];
    if (in->op == MC_OP_LOAD || in->op == MC_OP_STORE) {
        r->kind = in->op == MC_OP_LOAD ? M_LOAD : M_STORE;
        r->a = buffer(a, in->a[0]);
        r->b = opnd(x, in->a[1], rd);
        r->d = in->op == MC_OP_LOAD ? opnd(x, mc_val(in->dest), NULL) : opnd(x, in->a[2], rd);
    } else if (in->op == MC_OP_COPY) {
        r->kind = M_COPY;
        r->a = opnd(x, in->a[0], rd);
        r->d = opnd(x, mc_val(in->dest), NULL);
    } else {
        MC_ASSERT(mc_op_info[in->op].flags & MC_OPF_ALU);
        switch (in->op) {
#define C1(o_)                                                                                                 \
    case MC_OP_##o_: r->kind = M_##o_ + two_operands(x, in, r, rd); break;
            MC_ALU_OPS(C1)
#undef C1
        default:
            r->kind = in->op == MC_OP_DIV ? M_DIV : in->op == MC_OP_REM ? M_REM : M_ALU;
            r->a = opnd(x, in->a[0], rd);
            r->b = opnd(x, in->a[1], rd);
            break;
        }
        r->d = opnd(x, mc_val(in->dest), NULL);
    }
    if (in->op != MC_OP_STORE) c->iwrites[g] = a->loc[in->dest].kind == MC_LOC_SLOT;
    c->breads[b] += c->ireads[g];
    c->bwrites[b] += c->iwrites[g];
    c->bcopies[b] += c->icopy[g];
}

/* The jump ending block b, record r at pc - 1: the copies right before it
 * (phi destruction's) go into the jump's record as a move list, performed
 * in their order. Returns the new pc. */
static int32_t decode_jump(Dec *x, int32_t b, MRec *r, int32_t pc) {
    McMachineCode *c = x->c;
    int32_t k = 0;
    while (pc - 1 - k - 1 >= c->first[b] && c->code[pc - 1 - k - 1].kind == M_COPY) k++;
    if (k > 0) {
        MC_GROW(x->moves, x->capmoves, x->nmoves + 2 * k, 16);
        pc -= k + 1; /* the copies' records, and this one */
        int32_t at = x->nmoves;
        for (int32_t j = 0; j < k; j++) {
            x->moves[x->nmoves++] = c->code[pc + j].d;
            x->moves[x->nmoves++] = c->code[pc + j].a;
        }
        r = &c->code[pc++];
        memset(r, 0, sizeof *r);
        r->kind = M_MOVJ;
        r->a = at;
        r->b = k;
    } else {
        r->kind = M_JUMP;
    }
    r->t[0] = r->t[1] = x->a->f->blocks[b].term.target[0];
    return pc;
}

/* The terminator of block b: its own record at pc, or the fused compare's
 * (the record before pc). Returns the new pc. */
static int32_t decode_term(Dec *x, int32_t b, int32_t pc, bool fuse) {
    McMachineCode *c = x->c;
    const McBlock *bl = &x->a->f->blocks[b];
    MRec *r = fuse ? &c->code[pc - 1] : &c->code[pc++];
    uint8_t term_reads = 0;
    switch (bl->term.op) {
    case MC_OP_RET:
        r->kind = M_RET;
        r->a = opnd(x, bl->term.arg, &term_reads);
        break;
    case MC_OP_JUMP: pc = decode_jump(x, b, r, pc); break;
    default:
        if (fuse) {
            opnd(x, bl->term.arg, &term_reads); /* the read is counted; the value is the compare's */
            switch (r->op) { /* the same operand form */
#define CB(x)                                                                                                  \
    case MC_OP_##x: r->kind = M_B##x + (r->kind - M_##x); break;
                MC_CMP_OPS(CB)
#undef CB
            default: mc_panic(__FILE__, __LINE__, "fused a compare without a handler");
            }
        } else {
            r->kind = M_BR;
            r->a = opnd(x, bl->term.arg, &term_reads);
        }
        r->t[0] = bl->term.target[0];
        r->t[1] = bl->term.target[1];
        break;
    }
    c->breads[b] += term_reads;
    return pc;
}

/* The records of every block (c->code, c->first and the per-block and
 * per-instruction counts), their jump targets linked; c->ncode set. */
static void decode_blocks(Dec *x) {
    const McFunc *f = x->a->f;
    McMachineCode *c = x->c;
    int32_t pc = 0, g = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        MC_ASSERT(bl->nphis == 0 && bl->has_term);
        c->first[b] = pc;
        c->first_inst[b] = g;
        c->ninsts[b] = bl->ninsts;
        /* The last instruction computes the branch condition: fused. */
        bool fuse = bl->term.op == MC_OP_BRANCH && bl->ninsts > 0 && bl->term.arg.kind == MC_OPND_VALUE &&
                    (mc_op_info[bl->insts[bl->ninsts - 1].op].flags & MC_OPF_CMP) &&
                    bl->insts[bl->ninsts - 1].dest == bl->term.arg.v;
        for (int32_t i = 0; i < bl->ninsts; i++, g++) decode_inst(x, b, i, g, &c->code[pc++]);
        pc = decode_term(x, b, pc, fuse);
    }
    c->ncode = pc;
    for (int32_t k = 0; k < pc; k++) {
        MRec *r = &c->code[k];
        if (r->kind == M_JUMP || r->kind == M_MOVJ || r->kind == M_BR || (r->kind >= M_BLT && r->kind < M_DIV)) {
            r->p[0] = &c->code[c->first[r->t[0]]];
            r->p[1] = &c->code[c->first[r->t[1]]];
        }
    }
}

McMachineCode *mc_machine_code_new(const McAllocation *a) {
    const McFunc *f = a->f;
    McMachineCode *c = mc_xcalloc(1, sizeof *c);
    c->registers = a->registers;
    c->slots = a->slots;
    c->nblocks = f->nblocks;
    int32_t ninsts = 0;
    for (int32_t b = 0; b < f->nblocks; b++) ninsts += f->blocks[b].ninsts;
    size_t nb = (size_t)(f->nblocks ? f->nblocks : 1), ni = (size_t)(ninsts ? ninsts : 1);
    c->code = mc_xcalloc((size_t)ninsts + nb, sizeof *c->code);
    c->first = mc_xcalloc(nb, sizeof *c->first);
    c->first_inst = mc_xcalloc(nb, sizeof *c->first_inst);
    c->ninsts = mc_xcalloc(nb, sizeof *c->ninsts);
    c->bcopies = mc_xcalloc(nb, sizeof *c->bcopies);
    c->breads = mc_xcalloc(nb, sizeof *c->breads);
    c->bwrites = mc_xcalloc(nb, sizeof *c->bwrites);
    c->ireads = mc_xcalloc(ni, 1);
    c->iwrites = mc_xcalloc(ni, 1);
    c->icopy = mc_xcalloc(ni, 1);
    Dec x = {a, c, 0, 0, NULL, 0, 0, NULL};
    decode_blocks(&x);
    c->nparams = f->nparams;
    c->param_loc = mc_xcalloc((size_t)(f->nparams ? f->nparams : 1), sizeof *c->param_loc);
    for (int32_t p = 0; p < f->nparams; p++) {
        c->param_loc[p] = -1;
        if (f->values[f->params[p]].kind == MC_VAL_BUF || !a->param_bound[p]) continue;
        uint8_t w = 0;
        c->param_loc[p] = opnd(&x, mc_val(f->params[p]), &w);
        c->param_writes += w;
    }
    c->nmem = c->registers + c->slots + x.nconst;
    c->init = mc_xcalloc((size_t)(c->nmem ? c->nmem : 1), sizeof *c->init);
    if (x.nconst) memcpy(c->init + c->registers + c->slots, x.consts, (size_t)x.nconst * sizeof *x.consts);
    free(x.consts);
    c->moves = x.moves;
    int64_t every = POLL_WORK / ((int64_t)ninsts + 1);
    c->poll_every = every > POLL_MAX_ENTRIES ? POLL_MAX_ENTRIES : every < 1 ? 1 : every;
    /* Machine code once a run has made about what compiling costs in block
     * entries (as the run path's records, run.c), unless $MINICC_JIT is 0. */
    c->jit_after = mc_jit_after_default(c->ncode);
#if MC_DIRECT_THREADED
    const void *const *labels = NULL;
    exec(NULL, NULL, 0, NULL, NULL, &labels);
    for (int32_t k = 0; k < c->ncode; k++) c->code[k].h = labels[c->code[k].kind];
#endif
    return c;
}

void mc_machine_code_free(McMachineCode *c) {
    if (!c) return;
    free(c->init);
    free(c->param_loc);
    free(c->code);
    free(c->first);
    free(c->first_inst);
    free(c->ninsts);
    free(c->bcopies);
    free(c->breads);
    free(c->bwrites);
    free(c->ireads);
    free(c->iwrites);
    free(c->icopy);
    free(c->moves);
    mc_mjit_free(c->jit);
    free(c);
}

/* ---- running ----------------------------------------------------------------------- */

/* The totals of the block entries counted: instructions, copies, spill
 * reads, spill writes (the machine code keeps them as it goes). */
enum { T_INSTS, T_COPIES, T_READS, T_WRITES };
static void totals(const McMachineCode *c, const int64_t *entries, int64_t tot[4]) {
    memset(tot, 0, 4 * sizeof *tot);
    for (int32_t b = 0; b < c->nblocks; b++) {
        if (!entries[b]) continue;
        tot[T_INSTS] += entries[b] * c->ninsts[b];
        tot[T_COPIES] += entries[b] * c->bcopies[b];
        tot[T_READS] += entries[b] * c->breads[b];
        tot[T_WRITES] += entries[b] * c->bwrites[b];
    }
}

/* The statistics from the totals of the block entries; `trap` is the
 * instruction that trapped (its block was entered and counted whole), or -1. */
static void account(const McMachineCode *c, const int64_t tot[4], int32_t trap_block, int32_t trap,
                    McMachineStats *st) {
    memset(st, 0, sizeof *st);
    st->spill_writes = c->param_writes + tot[T_WRITES];
    st->instructions = tot[T_INSTS];
    st->copies = tot[T_COPIES];
    st->spill_reads = tot[T_READS];
    if (trap < 0) return;
    /* The trapping entry did its instructions up to the trap, the trapping
     * one's reads and counts included, not its write nor the rest. */
    int32_t b = trap_block, lo = c->first_inst[b], hi = lo + c->ninsts[b];
    st->instructions -= hi - trap - 1;
    st->spill_reads -= c->breads[b];
    st->spill_writes -= c->bwrites[b];
    st->copies -= c->bcopies[b];
    for (int32_t g = lo; g <= trap; g++) {
        st->spill_reads += c->ireads[g];
        st->copies += c->icopy[g];
        if (g < trap) st->spill_writes += c->iwrites[g];
    }
}

/* Compile c's machine code now; a host that refuses gets the interpreter
 * from then on. */
static void jit_compile(McMachineCode *c) {
    c->jit = mc_mjit_compile(c);
    c->jit_after = c->jit ? 0 : -1;
}

/* The rest of a run in c->jit's machine code, from entering block nb (its
 * checks done: exec's slow_enter) with the counts of the entries so far;
 * what exec's labels do for the exits (the slow entry's checks, the
 * return and the traps), the statistics into *st. */
static McOutcome exec_jit(const McMachineCode *c, int32_t *mem, const MBuf *bufs, const int64_t *entries,
                          int32_t nb, int64_t steps, int64_t next_poll, int64_t max_steps, const McInterrupt *stop,
                          McMachineStats *st) {
    McOutcome out;
    memset(&out, 0, sizeof out);
    int64_t tot[4];
    totals(c, entries, tot);
    MJitCtx x;
    memset(&x, 0, sizeof x);
    x.mem = mem;
    x.bufs = bufs;
    x.insts = tot[T_INSTS];
    x.copies = tot[T_COPIES];
    x.reads = tot[T_READS];
    x.writes = tot[T_WRITES];
    int32_t trap = -1, trap_block = -1;
    for (;;) {
        int64_t check_at = max_steps < next_poll ? max_steps : next_poll;
        steps++;
        x.insts += c->ninsts[nb];
        x.copies += c->bcopies[nb];
        x.reads += c->breads[nb];
        x.writes += c->bwrites[nb];
        x.left = check_at - steps;
        if (mc_mjit_enter(c->jit, &x, c->first[nb]) == MJIT_AT_BLOCK) {
            MC_ASSERT(x.left == -1); /* the countdown was 0: `sub left, 1` borrowed */
            steps = check_at;
            nb = x.index;
            /* exec's slow_enter */
            if (steps >= max_steps) {
                out.kind = MC_TRAPPED;
                snprintf(out.trap, sizeof out.trap, "execution step limit exceeded");
                break;
            }
            if (steps == next_poll) {
                if (mc_interrupted(stop)) {
                    out.kind = MC_INTERRUPTED;
                    snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
                    break;
                }
                next_poll += c->poll_every;
            }
            continue;
        }
        steps = check_at - x.left;
        const MRec *r = &c->code[x.index];
        if (r->kind == M_RET) {
            out.value = mem[r->a];
            out.kind = MC_RETURNED;
            break;
        }
        out.kind = MC_TRAPPED;
        trap = r->inst;
        trap_block = mc_jit_block_of(c->first, c->nblocks, x.index);
        if (r->kind == M_DIV || r->kind == M_REM)
            snprintf(out.trap, sizeof out.trap, "%s", MC_DIV_ZERO_MSG);
        else
            snprintf(out.trap, sizeof out.trap, "buffer index %ld outside [0,%ld)", (long)mem[r->b],
                     (long)bufs[r->a].len);
        break;
    }
    tot[T_INSTS] = x.insts;
    tot[T_COPIES] = x.copies;
    tot[T_READS] = x.reads;
    tot[T_WRITES] = x.writes;
    account(c, tot, trap_block, trap, st);
    out.steps = steps;
    out.insts = st->instructions;
    return out;
}

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif
/* One function on purpose: computed-goto labels exist only inside the
 * function that jumps to them. With table != NULL: only report the handler
 * addresses (decoding uses them). As in run.c, GCC must not merge the
 * handlers' identical tails into one shared indirect jump. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-crossjumping", "no-gcse")))
#endif
static McOutcome exec(const McMachineCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                      McMachineStats *stats, const void *const **table) {
    McOutcome out;
    memset(&out, 0, sizeof out);
    McMachineStats st;
#if MC_DIRECT_THREADED
    static const void *const labels[M_COUNT] = {
#define L1(x) &&L_##x, &&L_##x##_SI, &&L_##x##_IS,
        MC_ALU_OPS(L1)
#undef L1
#define LB(x) &&L_B##x, &&L_B##x##_SI, &&L_B##x##_IS,
        MC_CMP_OPS(LB)
#undef LB
        &&L_DIV, &&L_REM, &&L_ALU, &&L_COPY, &&L_LOAD, &&L_STORE, &&L_RET, &&L_JUMP, &&L_MOVJ, &&L_BR,
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
    int32_t *mem = mc_xmalloc((size_t)(c->nmem ? c->nmem : 1) * sizeof *mem);
    if (c->nmem) memcpy(mem, c->init, (size_t)c->nmem * sizeof *mem);
    MBuf *bufs = mc_xcalloc((size_t)(c->nparams ? c->nparams : 1), sizeof *bufs);
    /* Parameters are installed together before entry. */
    for (int32_t p = 0; p < c->nparams; p++) {
        if (args->v[p].is_buf) {
            bufs[p].p = args->v[p].data;
            bufs[p].len = args->v[p].len;
        } else if (c->param_loc[p] >= 0) {
            mem[c->param_loc[p]] = args->v[p].scalar;
        }
    }
    int64_t *entries = mc_xcalloc((size_t)(c->nblocks ? c->nblocks : 1), sizeof *entries);
    int64_t steps = 0, next_poll = stop ? c->poll_every : INT64_MAX;
    /* Tiering up: at tier_at entries (0: at once) the run goes on in the
     * machine code, compiling it first (the code is a cache of the records). */
    if (!c->jit && c->jit_after == 0) jit_compile((McMachineCode *)c);
    int64_t tier_at = c->jit ? 0 : c->jit_after > 0 ? c->jit_after : INT64_MAX;
    int64_t check_at = max_steps < next_poll ? max_steps : next_poll;
    if (tier_at < check_at) check_at = tier_at;
    int32_t nb = 0, index = 0, len = 0, trap = -1, trap_block = -1;
    const MRec *ip = NULL;
    goto slow_enter; /* the entry block, through the budget check */

#if MC_DIRECT_THREADED
#define OP(x) L_##x:
#define NEXT goto *ip->h
#else
#define OP(x) case M_##x:
#define NEXT goto dispatch
dispatch:
    switch (ip->kind) {
#endif
/* Enter block K of the terminator: the budget, the entry count, dispatch. */
#define ENTER(K)                                                                                               \
    do {                                                                                                       \
        nb = ip->t[K];                                                                                         \
        if (MC_UNLIKELY(steps >= check_at)) goto slow_enter;                                                   \
        steps++;                                                                                               \
        entries[nb]++;                                                                                         \
        ip = ip->p[K];                                                                                         \
        NEXT;                                                                                                  \
    } while (0)
#define ALU1(x, fn)                                                                                            \
    OP(x) mem[ip->d] = fn(mem[ip->a], mem[ip->b]); ip++; NEXT;                                                 \
    OP(x##_SI) mem[ip->d] = fn(mem[ip->a], ip->b); ip++; NEXT;                                                 \
    OP(x##_IS) mem[ip->d] = fn(ip->a, mem[ip->b]); ip++; NEXT;
#define BR2(L, A, B, fn)                                                                                       \
    OP(L) {                                                                                                    \
        int32_t r_ = fn(A, B);                                                                                 \
        mem[ip->d] = r_;                                                                                       \
        if (r_) ENTER(0);                                                                                      \
        ENTER(1);                                                                                              \
    }
#define BR1(x, fn)                                                                                             \
    BR2(B##x, mem[ip->a], mem[ip->b], fn)                                                                      \
    BR2(B##x##_SI, mem[ip->a], ip->b, fn)                                                                      \
    BR2(B##x##_IS, ip->a, mem[ip->b], fn)
#define CHECK(idx)                                                                                             \
    index = (idx);                                                                                             \
    len = bufs[ip->a].len;                                                                                     \
    if (MC_UNLIKELY((uint32_t)index >= (uint32_t)len)) goto bounds_trap;
    ALU1(ADD, mc_i32_add)
    ALU1(SUB, mc_i32_sub)
    ALU1(MUL, mc_i32_mul)
    ALU1(LT, mc_i32_lt)
    ALU1(LE, mc_i32_le)
    ALU1(EQ, mc_i32_eq)
    ALU1(NE, mc_i32_ne)
    ALU1(AND, mc_i32_and)
    ALU1(OR, mc_i32_or)
    ALU1(XOR, mc_i32_xor)
    ALU1(SHL, mc_i32_shl)
    ALU1(SHR, mc_i32_shr)
    BR1(LT, mc_i32_lt)
    BR1(LE, mc_i32_le)
    BR1(EQ, mc_i32_eq)
    BR1(NE, mc_i32_ne)
    OP(DIV) if (MC_UNLIKELY(mem[ip->b] == 0)) goto div_trap; mem[ip->d] = mc_i32_div(mem[ip->a], mem[ip->b]); ip++; NEXT;
    OP(REM) if (MC_UNLIKELY(mem[ip->b] == 0)) goto div_trap; mem[ip->d] = mc_i32_rem(mem[ip->a], mem[ip->b]); ip++; NEXT;
    OP(ALU) mem[ip->d] = mc_alu((McOp)ip->op, mem[ip->a], mem[ip->b]); ip++; NEXT;
    OP(COPY) mem[ip->d] = mem[ip->a]; ip++; NEXT;
    OP(LOAD) CHECK(mem[ip->b]) mem[ip->d] = bufs[ip->a].p[index]; ip++; NEXT;
    OP(STORE) CHECK(mem[ip->b]) bufs[ip->a].p[index] = mem[ip->d]; ip++; NEXT;
    OP(RET) out.value = mem[ip->a]; out.kind = MC_RETURNED; goto done;
    OP(JUMP) ENTER(0);
    OP(MOVJ) {
        const int32_t *m_ = c->moves + ip->a;
        for (int32_t n_ = ip->b; n_ > 0; n_--, m_ += 2) mem[m_[0]] = mem[m_[1]];
        ENTER(0);
    }
    OP(BR) if (mem[ip->a]) ENTER(0); ENTER(1);
#if !MC_DIRECT_THREADED
    default: mc_panic(__FILE__, __LINE__, "bad decoded machine record");
    }
#endif
#undef OP
#undef NEXT
#undef ENTER
#undef ALU1
#undef BR1
#undef BR2
#undef CHECK

/* Entering block nb when the budget or the interrupt poll is due (and the
 * entry block): the checks of the machine's loop, in its order. */
slow_enter:
    if (steps >= max_steps) {
        out.kind = MC_TRAPPED;
        snprintf(out.trap, sizeof out.trap, "execution step limit exceeded");
        goto done;
    }
    if (steps == next_poll) {
        if (mc_interrupted(stop)) {
            out.kind = MC_INTERRUPTED;
            snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
            goto done;
        }
        next_poll += c->poll_every;
    }
    if (steps == tier_at) {
        tier_at = INT64_MAX;
        if (!c->jit) jit_compile((McMachineCode *)c);
        if (c->jit) {
            out = exec_jit(c, mem, bufs, entries, nb, steps, next_poll, max_steps, stop, &st);
            goto finish;
        }
    }
    check_at = max_steps < next_poll ? max_steps : next_poll;
    if (tier_at < check_at) check_at = tier_at;
    steps++;
    entries[nb]++;
    ip = &c->code[c->first[nb]];
#if MC_DIRECT_THREADED
    goto *ip->h;
#else
    goto dispatch;
#endif

bounds_trap:
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "buffer index %ld outside [0,%ld)", (long)index, (long)len);
    trap = ip->inst;
    trap_block = nb;
    goto done;

div_trap:
    out.kind = MC_TRAPPED;
    snprintf(out.trap, sizeof out.trap, "%s", MC_DIV_ZERO_MSG);
    trap = ip->inst;
    trap_block = nb;

done:;
    int64_t tot[4];
    totals(c, entries, tot);
    account(c, tot, trap_block, trap, &st);
    out.steps = steps;
    out.insts = st.instructions;
finish:
    if (stats) {
        st.valid = true;
        st.registers = c->registers;
        st.slots = c->slots;
        *stats = st;
    }
    free(entries);
    free(mem);
    free(bufs);
    return out;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

McOutcome mc_machine_code_run(const McMachineCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats) {
    return exec(c, args, max_steps, stop, stats, NULL);
}

McOutcome mc_machine_run(const McAllocation *a, McArgs *args, int64_t max_steps, McMachineStats *stats) {
    return mc_machine_run_intr(a, args, max_steps, NULL, stats);
}

McOutcome mc_machine_run_intr(const McAllocation *a, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats) {
    if (mc_func_find_call(a->f, NULL, NULL)) {
        /* Calls and local buffers: the machine with frames (machine_call.c),
         * which these records do not carry; alone, a call traps (the
         * callee's allocation is not here: mc_machine_run_program). */
        McAllocation *one = (McAllocation *)a; /* the program only reads it */
        const McFunc *f = a->f;
        McProgram p = {&one, &f, 1, 1};
        return mc_machine_run_program(&p, args, max_steps, 0, stop, stats);
    }
    McMachineCode *c = mc_machine_code_new(a);
    McOutcome o = exec(c, args, max_steps, stop, stats, NULL);
    mc_machine_code_free(c);
    return o;
}

bool mc_machine_code_is_jit(const McMachineCode *c) { return c->jit != NULL; }

void mc_machine_code_jit_after(McMachineCode *c, int64_t entries) {
    mc_mjit_free(c->jit);
    c->jit = NULL;
    c->jit_after = mc_jit_after_chosen(entries);
    if (c->jit_after == 0) jit_compile(c);
}
