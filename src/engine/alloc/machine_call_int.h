/* machine_call_int.h - private to alloc/: the machine with frames'
 * decoded code, frames and state (machine_call.c), shared with its
 * template compiler (machine_call_x64.c), which takes a run over from the
 * interpreter when it tiers up. */
#ifndef MINICC_MACHINE_CALL_INT_H
#define MINICC_MACHINE_CALL_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "minicc/regalloc.h"

enum { O_CONST, O_REG, O_SLOT, O_NONE }; /* O_NONE: no location (x = the value, for the panic) */

typedef struct DOp {
    int32_t kind, x;
} DOp;

/* The ALU operations the hot forms specialize: a register (or a constant)
 * and a register into a register, the operation in the record's kind. */
#define FAST_OPS(X) X(ADD, add) X(SUB, sub) X(MUL, mul) X(LT, lt) X(LE, le) X(EQ, eq) X(NE, ne) \
    X(AND, and) X(OR, or) X(XOR, xor) X(SHL, shl) X(SHR, shr)

enum {
    D_ALU, D_DIVREM, D_COPY, D_LOAD, D_STORE, D_BUFFER, D_CALL,
    D_COPY_RR, /* register to register */
    D_LOAD_RR, /* a register from a buffer at a register index */
    D_STORE_RR, /* a register into a buffer at a register index */
#define RRR(E, e) D_RRR_##E, /* d = a OP b, all registers */
    FAST_OPS(RRR)
#undef RRR
#define RCR(E, e) D_RCR_##E, /* d = a OP constant b, registers */
    FAST_OPS(RCR)
#undef RCR
};

typedef struct DInst {
    int32_t kind, op;  /* D_*; the McOp */
    int32_t copies;    /* phi-destruction copies it stands for (a->phi_copy) */
    DOp d, a, b;       /* destination, operands; a store's value is b, its index a */
    int32_t buf;       /* load, store, buffer: the frame's buffer number */
    int32_t len;       /* buffer: its length */
    int32_t call;      /* call: index in DFunc.calls (= its McCallSave) */
} DInst;

typedef struct DBlock {
    DInst *insts;
    int32_t ninsts;
    int64_t *copies_from; /* [i]: the phi-destruction copies of instructions i.. (ninsts + 1 entries) */
    int32_t term;      /* MC_OP_RET, MC_OP_JUMP or MC_OP_BRANCH */
    DOp arg;
    int32_t t[2];
} DBlock;

typedef struct DArg {
    int32_t buf;       /* a buffer argument: the caller's buffer number; else -1 and o */
    DOp o;
} DArg;

typedef struct DCall {
    int32_t fn;        /* callee's index in the program, -1: none */
    int32_t nargs;
    DArg *args;
    const char *name;
} DCall;

typedef struct DFunc {
    const McAllocation *a;
    DBlock *blocks;
    DCall *calls;
    int32_t nslots, nsaves, nparams, nbufs;
    int32_t words;       /* int32 words of a frame: slots, saves, incoming, entry registers */
    int32_t *param_buf;  /* per parameter: its buffer number, or -1 (a scalar) */
    int32_t *param_reg;  /* per scalar parameter: its argument register, -1: an incoming slot */
    DOp *param_dst;      /* per scalar parameter: its location, O_NONE when not bound */
} DFunc;

typedef struct MBuffer {
    int32_t *p;
    int32_t len;
    bool local;          /* a local buffer this frame frees */
} MBuffer;

typedef struct Frame {
    int32_t fn;            /* index in the program */
    const DFunc *df;
    int32_t block, inst;   /* the next instruction (inst == ninsts: the terminator) */
    int32_t *slots;        /* the allocation's spill slots */
    int32_t *saves;        /* its save slots */
    int32_t *incoming;     /* arguments that did not fit in registers */
    int32_t *entry_regs;   /* the registers on entry (checked for the callee-saved ones) */
    MBuffer *bufs;         /* per buffer number: parameters and local buffers */
    int32_t call;          /* the call this frame is making (index in its allocation's callsaves) */
    int32_t clob_fn, clob_call; /* the last call that returned to this depth (fn, call): it clobbered every
                                   register whose poison_depth is this depth (kept across pushes) */
    int32_t *mem;          /* storage kept from one use of this stack entry to the next */
    int32_t memcap;
    MBuffer *bufmem;
    int32_t bufcap;
} Frame;

typedef struct Machine {
    const McProgram *p;
    DFunc *fns;
    int32_t K;
    McConvention conv;
    int32_t *reg;
    int32_t *poison_depth; /* per register: the depth of the frame a call returned to that clobbered it
                              (that frame's clob_fn and clob_call name the call), -1: not clobbered; only
                              reads at that depth trap (a callee reading a register it never wrote is no
                              convention matter) */
    int32_t *caller_list, ncaller; /* the caller-saved registers */
    int32_t *callee_list, ncallee; /* the callee-saved ones but the result's (checked at a return) */
    int32_t callee_lo;             /* every callee-saved register is at or above it */
    bool caller_prefix;            /* the caller-saved registers are r0..r(ncaller-1) */
    Frame *stack;
    int32_t n, cap;
    int32_t result_reg, result_slot;
    McMachineStats st;
    int64_t steps, max_steps, max_depth;
    const McInterrupt *stop;
    McOutcome out;
    bool done;
    int64_t next_event;    /* the step count of the next interrupt poll or tier-up (enter's slow path) */
    int64_t jit_at;        /* the step count at which the run goes on in machine code, INT64_MAX: never */
    bool handover;         /* done to go on in machine code (the top frame entered its block) */
} Machine;

/* The argument moves (McMachineStats.arg_moves) between operand o (an
 * argument or returned value, a parameter or call destination) and the
 * convention's register r, or its incoming or result slot (r = -1): none
 * when o is nothing or r itself, none for a spill slot with r a register
 * (that load or store is counted as spill traffic), else one. (Here, as
 * the template compiler counts them the same way.) */
static inline int64_t arg_moves(DOp o, int32_t r) {
    if (o.kind == O_NONE) return 0;
    if (r < 0) return 1;
    if (o.kind == O_SLOT) return 0;
    return o.kind == O_REG && o.x == r ? 0 : 1;
}

/* The template compiler (machine_call_x64.c): when every allocation of the
 * run is proven to keep the convention (no clobbered register read before
 * written, callee-saved registers kept) and has templates, compile the
 * program and run the rest of m's run in machine code, from the top frame
 * entering its block (the entry counted): m->out, m->st and m->steps are
 * then the interpreter's, m->done is set, and it returns true. false (m
 * untouched): the interpreter goes on. */
bool mc_mcall_jit_run(Machine *m);

#endif
