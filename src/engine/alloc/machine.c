/* machine.c - the allocated teaching machine (chapter §32.4): execute an
 * allocation, not just inspect it.
 *
 * Every scalar lives only in its physical location: a register file of K
 * int32 and an array of spill slots. Operands are decoded once into
 * (register | slot | constant | buffer) and the machine never consults value
 * names again, so if the allocator gave two interfering values the same
 * location the computation really is corrupted and the differential tests
 * against the source semantics fail.
 *
 * The machine follows the chapter's execute_allocated: the bound scalar
 * parameters are written into their locations first (a write to a slot
 * counts as a spill write), then blocks run from the entry, at most
 * max_steps block entries. It counts instructions (not terminators), the
 * copies inserted by phi destruction, spill reads (every read of a slot
 * operand, the branch condition and the return value included) and spill
 * writes. The function must be phi-free: phi destruction has already put
 * the copies on the edges. The counts are algorithmic traffic, not a cost
 * model of any real CPU. */
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

enum { K_CONST, K_REG, K_SLOT, K_BUF, K_NONE };

typedef struct Opnd {
    uint8_t kind; /* K_* */
    int32_t v;    /* constant, register, slot, or parameter index of a buffer */
} Opnd;

typedef struct DInst {
    uint8_t op;      /* McOp */
    uint8_t phicopy; /* inserted by phi destruction */
    Opnd d;          /* destination (K_NONE for store) */
    Opnd a[3];
} DInst;

typedef struct DBlock {
    int32_t first, n; /* instructions [first, first + n) */
    uint8_t top;      /* terminator op */
    Opnd arg;         /* return value / branch condition */
    int32_t t[2];     /* targets */
} DBlock;

static Opnd decode(const McAllocation *a, McOperand o) {
    if (o.kind == MC_OPND_CONST) return (Opnd){K_CONST, o.v};
    if (o.kind != MC_OPND_VALUE) return (Opnd){K_NONE, 0};
    const McValue *val = &a->f->values[o.v];
    if (val->kind == MC_VAL_BUF) return (Opnd){K_BUF, val->param};
    McLocation l = a->loc[o.v];
    if (l.kind == MC_LOC_REG) return (Opnd){K_REG, l.index};
    if (l.kind == MC_LOC_SLOT) return (Opnd){K_SLOT, l.index};
    mc_panic(__FILE__, __LINE__, "value %s has no location", val->name);
}

typedef struct Machine {
    int32_t *reg, *slot;
    McMachineStats st;
} Machine;

static inline int32_t rd(Machine *m, Opnd o) {
    switch (o.kind) {
    case K_CONST: return o.v;
    case K_REG: return m->reg[o.v];
    case K_SLOT: m->st.spill_reads++; return m->slot[o.v];
    default: return 0; /* a buffer operand: its base is looked up by the caller */
    }
}

static inline void wr(Machine *m, Opnd o, int32_t v) {
    if (o.kind == K_REG)
        m->reg[o.v] = v;
    else {
        MC_ASSERT(o.kind == K_SLOT);
        m->st.spill_writes++;
        m->slot[o.v] = v;
    }
}

McOutcome mc_machine_run(const McAllocation *a, McArgs *args, int64_t max_steps, McMachineStats *stats) {
    return mc_machine_run_intr(a, args, max_steps, NULL, stats);
}

/* Block entries between two looks at the interrupt flag: a few million
 * instructions' worth, at most every 65536 entries. */
#define POLL_WORK (1 << 22)
#define POLL_MAX_ENTRIES (1 << 16)

McOutcome mc_machine_run_intr(const McAllocation *a, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats) {
    const McFunc *f = a->f;
    McOutcome out;
    memset(&out, 0, sizeof out);
    if (max_steps <= 0) max_steps = MC_DEFAULT_MAX_STEPS;
    MC_ASSERT(args->n == f->nparams);

    /* Decode. */
    int32_t ninsts = 0;
    for (int32_t b = 0; b < f->nblocks; b++) ninsts += f->blocks[b].ninsts;
    DInst *code = mc_xmalloc((size_t)(ninsts ? ninsts : 1) * sizeof *code);
    DBlock *blocks = mc_xmalloc((size_t)(f->nblocks ? f->nblocks : 1) * sizeof *blocks);
    int32_t pc = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        MC_ASSERT(bl->nphis == 0 && bl->has_term);
        blocks[b].first = pc;
        blocks[b].n = bl->ninsts;
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            DInst *di = &code[pc++];
            di->op = in->op;
            di->phicopy = a->phi_copy[b][i];
            di->d = in->dest != MC_NONE ? decode(a, mc_val(in->dest)) : (Opnd){K_NONE, 0};
            for (int k = 0; k < 3; k++)
                di->a[k] = k < mc_op_info[in->op].nargs ? decode(a, in->a[k]) : (Opnd){K_NONE, 0};
        }
        blocks[b].top = bl->term.op;
        blocks[b].arg = bl->term.op != MC_OP_JUMP ? decode(a, bl->term.arg) : (Opnd){K_NONE, 0};
        blocks[b].t[0] = bl->term.target[0];
        blocks[b].t[1] = bl->term.target[1];
    }

    Machine m;
    memset(&m, 0, sizeof m);
    m.reg = mc_xcalloc((size_t)a->registers, sizeof *m.reg);
    m.slot = mc_xcalloc((size_t)(a->slots ? a->slots : 1), sizeof *m.slot);

    /* Parameters are installed together before entry. */
    for (int32_t p = 0; p < f->nparams; p++) {
        if (args->v[p].is_buf || !a->param_bound[p]) continue;
        wr(&m, decode(a, mc_val(f->params[p])), args->v[p].scalar);
    }

    int64_t poll_every = POLL_WORK / ((int64_t)ninsts + 1);
    if (poll_every > POLL_MAX_ENTRIES) poll_every = POLL_MAX_ENTRIES;
    if (poll_every < 1) poll_every = 1;
    int64_t next_poll = stop ? poll_every : INT64_MAX;
    int32_t cur = 0;
    int64_t steps = 0;
    bool finished = false;
    while (!finished) {
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
            next_poll += poll_every;
        }
        steps++;
        const DBlock *db = &blocks[cur];
        const DInst *ip = &code[db->first], *end = ip + db->n;
        for (; ip < end; ip++) {
            m.st.instructions++;
            if (ip->phicopy) m.st.copies++;
            int32_t x = rd(&m, ip->a[0]), y = rd(&m, ip->a[1]);
            if (ip->op == MC_OP_LOAD || ip->op == MC_OP_STORE) {
                McArg *buf = &args->v[ip->a[0].v];
                int32_t val = ip->op == MC_OP_STORE ? rd(&m, ip->a[2]) : 0;
                if (y < 0 || y >= buf->len) {
                    out.kind = MC_TRAPPED;
                    snprintf(out.trap, sizeof out.trap, "buffer index %ld outside [0,%ld)", (long)y, (long)buf->len);
                    finished = true;
                    break;
                }
                if (ip->op == MC_OP_STORE)
                    buf->data[y] = val;
                else
                    wr(&m, ip->d, buf->data[y]);
            } else if (mc_alu_traps((McOp)ip->op, y)) {
                out.kind = MC_TRAPPED;
                snprintf(out.trap, sizeof out.trap, "%s", MC_DIV_ZERO_MSG);
                finished = true;
                break;
            } else {
                wr(&m, ip->d, mc_alu((McOp)ip->op, x, y));
            }
        }
        if (finished) break;
        switch (db->top) {
        case MC_OP_RET:
            out.kind = MC_RETURNED;
            out.value = rd(&m, db->arg);
            finished = true;
            break;
        case MC_OP_JUMP: cur = db->t[0]; break;
        default: cur = rd(&m, db->arg) ? db->t[0] : db->t[1]; break;
        }
    }
    out.steps = steps;
    out.insts = m.st.instructions;
    if (stats) {
        m.st.valid = true;
        m.st.registers = a->registers;
        m.st.slots = a->slots;
        *stats = m.st;
    }
    free(m.reg);
    free(m.slot);
    free(code);
    free(blocks);
    return out;
}
