/* machine_int.h - private to the alloc folder: the allocated machine's
 * decoded records (MRec), the McMachineCode holding them, shared by the
 * decoder and interpreter (machine.c) and the x86-64 template compiler
 * (machine_x64.c), which translates the same records into machine code.
 * Not for callers: they use regalloc.h. */
#ifndef MINICC_MACHINE_INT_H
#define MINICC_MACHINE_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/jit/jit.h"
#include "minicc/regalloc.h"

/* Record kinds. d, a, b are indices of mem unless said otherwise. The
 * ALU operations and the fused compares come in three operand forms, in
 * this order: a and b in mem; _SI, b an immediate; _IS, a an immediate (a
 * constant operand costs no load; two constants use the pool). */
enum {
#define E1(x) M_##x, M_##x##_SI, M_##x##_IS,
    MC_ALU_OPS(E1)  /* mem[d] = a OP b */
#undef E1
#define EB(x) M_B##x, M_B##x##_SI, M_B##x##_IS,
    MC_CMP_OPS(EB)  /* mem[d] = a CMP b, then branch on it */
#undef EB
    M_DIV,         /* mem[d] = mem[a] / mem[b], after the division-by-zero check */
    M_REM,         /* mem[d] = mem[a] % mem[b], after the check */
    M_ALU,         /* any other ALU op: mem[d] = mc_alu(op, mem[a], mem[b]) */
    M_COPY,        /* mem[d] = mem[a] */
    M_LOAD,        /* mem[d] = buffer parameter a [mem[b]] */
    M_STORE,       /* buffer parameter a [mem[b]] = mem[d] */
    M_RET,         /* return mem[a] */
    M_JUMP,        /* enter block t[0] */
    M_MOVJ,        /* the block's trailing copies, then enter t[0]: b (dst, src) pairs from moves + a */
    M_BR,          /* enter t[0] if mem[a] != 0, else t[1] */
    M_COUNT
};

typedef struct MJit MJit;

typedef struct MRec {
#if MC_DIRECT_THREADED
    const void *h; /* handler address */
#endif
    int32_t kind, op; /* M_*; the McOp of M_ALU */
    int32_t d, a, b;
    int32_t t[2];             /* terminators: target blocks */
    const struct MRec *p[2];  /* their first records */
    int32_t inst;             /* load, store, ALU: the instruction's number (trap accounting) */
} MRec;

struct McMachineCode {
    int32_t registers, slots; /* K, spill slots */
    int32_t nmem;             /* K + slots + constants */
    int32_t *init;            /* mem's initial contents: zeros, then the constants */
    int32_t nparams;
    int32_t *param_loc;       /* mem index of each bound scalar parameter, else -1 */
    int64_t param_writes;     /* spill writes of installing them */
    MRec *code;
    int32_t ncode;
    int32_t nblocks;
    int32_t *first;           /* per block: its first record */
    int32_t *first_inst;      /* per block: its first instruction's number */
    int32_t *ninsts;          /* per block: instructions (terminator excluded) */
    int64_t *bcopies, *breads, *bwrites; /* per block: static counts (reads with the terminator's) */
    uint8_t *ireads, *iwrites, *icopy;  /* per instruction: slot reads, slot writes, phi copy */
    int64_t poll_every;       /* block entries between two looks at the interrupt flag */
    int32_t *moves;           /* (dst, src) pairs of the M_MOVJ records */
    /* The records as machine code (machine_x64.c), compiled by the first
     * run that reaches jit_after block entries interpreting (0: at once;
     * -1: never, the records are interpreted); a cache of the records,
     * which is why a run of a const McMachineCode may fill it. */
    MJit *jit;
    int64_t jit_after;
};

typedef struct MBuf {
    int32_t *p;
    int32_t len;
} MBuf;

/* ---- the template compiler (machine_x64.c) -------------------------------
 * Each record becomes a few x86-64 instructions doing what its handler in
 * machine.c's exec does; the first machine registers live in host
 * registers, the rest of mem in memory, the countdown of block entries and
 * the four statistics (instructions, spill reads, spill writes, copies) in
 * host registers, each block entry adding its block's static counts. What
 * is rare leaves the code: a record that returns or traps (MJIT_AT_RECORD,
 * index = the record; nothing of it written yet), an entry whose countdown
 * is 0 (MJIT_AT_BLOCK, index = the block to enter, left = -1). mem holds
 * every location whenever the code has left. */
enum { MJIT_AT_RECORD, MJIT_AT_BLOCK };
typedef struct MJitCtx {
    int32_t *mem;
    const MBuf *bufs;
    int64_t left;                          /* in and out: entries before the next check */
    int64_t insts, reads, writes, copies;  /* in and out: the totals so far */
    int32_t index;                         /* out */
} MJitCtx;

/* The records of c as machine code; NULL when this host has no compiler
 * (not x86-64) or refuses executable memory (the caller then interprets). */
MJit *mc_mjit_compile(const McMachineCode *c);
void mc_mjit_free(MJit *j);
/* Runs from the first instruction of record `at` until an exit; returns
 * MJIT_AT_RECORD or MJIT_AT_BLOCK with x->index set. */
int mc_mjit_enter(const MJit *j, MJitCtx *x, int32_t at);

#endif
