/* run_int.h - private to the exec folder: the run path's pre-decoded
 * records (CInst, CEdge), the McCode holding them and one run's state (Run),
 * shared by the decoder and the interpreter loop (run.c, run_exec.h) and the
 * x86-64 template compiler (jit_x64.c), which translates the same records
 * into machine code. Not for callers: they use run.h. */
#ifndef MINICC_RUN_INT_H
#define MINICC_RUN_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/jit/jit.h"
#include "minicc/interp.h"
#include "minicc/run.h"

/* Operand forms: SS slot,slot; SI slot,imm; IS imm,slot; II imm,imm. The
 * operation lists (MC_ALU_OPS, MC_CMP_OPS) are jit.h's. */
/* The operations that trap on a zero divisor: their SI form has a non-zero
 * immediate divisor and no check (a zero one is decoded as SS). */
#define DIV_OPS(X) X(DIV) X(REM)

typedef struct McJit McJit;

enum {
#define E3(x) K_##x##_SS, K_##x##_SI, K_##x##_IS,
    MC_ALU_OPS(E3)
#undef E3
#define EB(x) K_B##x##_SS, K_B##x##_SI, K_B##x##_IS, K_BN##x##_SS, K_BN##x##_SI, K_BN##x##_IS,
    MC_CMP_OPS(EB)
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
    MC_CMP_OPS(EI) /* d = add a, imm b; c = cmp d, y (slot / imm); branch on c */
#undef EI
#define EL(x) K_L##x##_L, K_L##x##_R,
    MC_ALU_OPS(EL) /* d = load a, slot b; c = op d, y (L) or op y, d (R) */
#undef EL
#define ED(x) K_##x##_SS, K_##x##_SI, K_##x##_IS,
    DIV_OPS(ED) /* like MC_ALU_OPS; u.rest as for load/store */
#undef ED
#define EJ(x) K_J##x##_SS, K_J##x##_SI, K_J##x##_IS,
    MC_ALU_OPS(EJ) /* d = op a, b, then jump: a block's last instruction and its jump */
#undef EJ
    K_JMOVI,    /* d = immediate a, then jump */
    K_JCOPY,    /* d = slot a, then jump */
#define ER(x) K_R##x##_SS_SS, K_R##x##_SS_SI, K_R##x##_SI_SS, K_R##x##_SI_SI,
    MC_CMP_OPS(ER) /* plain code: d = add c, y (slot / imm); jump (edge ej) to a
                 * block that is only `cmp a, b` (slot / imm) and its branch,
                 * taken in the same record: the target's records' t, u.e, n
                 * (n including ej's target count) */
#undef ER
    K_CALL,     /* a = callee (index in the root's fns), b = first argument in
                 * cargs, c = argument count, d = dest slot or -1; u.rest */
    K_BUFFER,   /* d = the buffer's index in the frame's bufs, a = its length; u.rest */
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
    int32_t n[2]; /* terminators: each edge's target count */
    union {
        int32_t nm[2];     /* terminators: each edge's move count */
        const CEdge *ej;   /* K_R*: the jump's edge (no record has moves) */
    } m;
} CInst;

struct CEdge {
    const CInst *ip;      /* first instruction of the target */
    int32_t ninsts;       /* its instruction count (terminator excluded) */
    int32_t nmoves;       /* (dst, src) slot pairs to perform in order */
    const int32_t *moves;
    int32_t src, dst;     /* the blocks it leaves and enters */
};

typedef struct CBuf {
    int32_t *p;
    int32_t len;
} CBuf;

/* A frame (run.c's calls): the memory of the function running at its depth
 * (slots, then bufs; a piece of a block shared by many depths, allocated
 * once for the largest function of the run and reused by every call at
 * that depth) and what its caller resumes with. fr[0] is the function run
 * (mem: its slots, not owned). The machine code pushes and pops frames too
 * (jit_x64.c's call and return templates: 64 bytes, fields at fixed
 * offsets); it writes only `resume`, so c, call, s, bufs and callee are
 * valid in the frames C pushed (call_push), whose resume is the return
 * stub of the root's machine code (NULL before it is compiled). */
typedef struct CFrame {
    void *mem;
    size_t cap;           /* bytes of the block that starts at mem (owned: freed at the end), else 0 */
    const McCode *c;      /* the caller's code */
    const CInst *call;    /* the caller's call record */
    int32_t *s;           /* the caller's slots */
    CBuf *bufs;           /* the caller's buffers */
    const McCode *callee; /* the code running in this frame */
    const void *resume;   /* where the machine code's return goes: in a frame
                             the machine code pushed, its code after the call
                             (the result in ecx); in the others, the return
                             stub (back to C, exec_jit) */
} CFrame;
_Static_assert(sizeof(CFrame) == 64, "the machine code indexes frames by depth << 6");

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
    /* Exact code (mc_code_new_exact) only: value v lives in slot v. */
    bool exact;
    int32_t nvalues, nblocks;
    int32_t *start;      /* first record of each block */
    int32_t *bninsts;    /* instructions of each block */
    /* The records as machine code (jit_x64.c), compiled by the first run
     * that takes jit_after edges interpreting (0: at once; -1: never, the
     * records are interpreted); a cache of the records, which is why a run
     * of a const McCode may fill it. */
    McJit *jit;
    int64_t jit_after;
    /* Calls (docs/ir.md §3.2): the frame's buffers are the parameters'
     * (index = parameter) and then the local buffers'; a call's arguments
     * are pairs (0, slot) or (1, buffer index) in cargs. The root code (the
     * function run) owns the decoded functions it may call, fns[0] being
     * itself; a call record names its callee by index there. */
    int32_t nbufs;
    int32_t *cargs;
    int32_t ncargs;
    struct McCode **fns;
    int32_t nfns;
    struct McCode *const *table; /* the root's fns, in every function of the run (the call templates) */
    bool calls;          /* some function of fns has a call or a local buffer */
    CEdge entry;         /* the "edge" a call takes into the entry block */
    int32_t first_const; /* slots before it are values' (written before read); after: constants, scratch */
    const void *jit_entry; /* machine code of record 0 (calls jump through it), NULL */
    int32_t frame_bytes; /* slots (rounded to 8 bytes) and buffers of one frame of it */
    int32_t frame_max;   /* root: the largest frame_bytes of fns (every frame's memory) */
    const void *ret_stub; /* root with machine code: its return stub (CFrame.resume) */
};

/* One run of the loop: what it starts from and how it ended. */
enum { R_RETURN, R_BOUNDS, R_LIMIT, R_BREAK, R_INTR, R_REFILL, R_CALL };
typedef struct Run {
    int32_t *s;            /* the slots, initialised by the caller */
    const CInst *ip;       /* the first record of the block just entered */
    const CEdge *e;        /* in: the edge that entered it (NULL at the start); out: the last edge taken or tried */
    int64_t steps;         /* block entries so far (including ip's) */
    int64_t limit;         /* entries allowed: entry limit + 1 stops (R_LIMIT) */
    int64_t insts;         /* instructions so far (counting ip's whole block); out: at the end */
    const McInterrupt *stop;
    const CBuf *bufs;      /* the buffers of the running function */
    /* The countdown of block entries (in and out): `left` before the next
     * refill, `reserve` after it. Without an interrupt flag there is one
     * chunk; with one, the countdown is refilled every poll_every entries,
     * so the edges pay nothing for the poll. */
    int64_t left, reserve;
    /* Tiering up (run.c's exec): entries still to interpret before the
     * machine code is compiled (0: none), entries of the current chunk
     * held back for it, whether the next refill compiles; with handover
     * the interpreter's refills return R_REFILL to exec. */
    int64_t tier, held;
    bool compile, handover;
    const uint8_t *brk;    /* exact: per block, stop before entering it */
    uint8_t *done;         /* exact: per block, set when an edge leaves it */
    /* Calls: the code running (a function of the root's fns), the
     * callees' frames (fr[1..depth]; depth 0 is the function run) and
     * the depth limit (frames at once, the function run being frame 1). */
    const McCode *c, *root;
    CFrame *fr;
    int32_t depth, capfr;
    int32_t ready;         /* fr[1..ready] have memory (frame_max bytes each) */
    int64_t max_depth;
    int32_t ret;           /* out: the value returned (R_RETURN) */
    int why;               /* out: R_* (R_CALL: a call, local buffer or a callee's return at `at`) */
    const CInst *at;       /* out: the record that returned (NULL: the machine code's return stub) or trapped */
} Run;

/* ---- the template compiler (jit_x64.c) -------------------------------------
 * Each record becomes a few x86-64 instructions doing what its run_exec.h
 * handler does, with the slots, the buffers, the countdown `left` and
 * `insts` in host registers. What is rare leaves the machine code and
 * returns to C (run.c's exec_jit), which does what run_exec.h's labels do:
 * a record that returns or traps (JIT_AT_RECORD, index = the record), an edge
 * whose countdown is 0 or, in exact code, whose target has its breakpoint
 * byte set (JIT_AT_EDGE, index = the edge; left is then -1 when the
 * countdown was 0, unchanged at a breakpoint), and in a run with calls a
 * return into a frame C pushed or out of the function run (JIT_AT_RETURN,
 * index = the value: the frame's resume is the return stub). */
enum { JIT_AT_RECORD, JIT_AT_EDGE, JIT_AT_RETURN };
typedef struct JitCtx {
    int32_t *s;           /* in and out: the slots of the function running */
    const CBuf *bufs;     /* in and out: its buffers */
    const uint8_t *brk;   /* exact code: breakpoint byte per block */
    uint8_t *done;        /* exact code: set when an edge leaves the block */
    int64_t left, insts;  /* in and out: run_exec.h's locals */
    int32_t edge;         /* exact code, in and out: the last edge taken (-1: none) */
    int32_t index;        /* out: the record or edge where the code stopped; JIT_AT_RETURN: the value */
    /* Calls (plain code of a run with calls): the frame of the function
     * running (in and out; in a register, r15); the machine code pushes a
     * frame itself while frame < frame_lim (the frame has memory, and the
     * depth limit allows one more), else it leaves at the call. */
    CFrame *frame, *frame_lim;
    const McCode *code;   /* out: the function whose code stopped (JIT_AT_RECORD, JIT_AT_EDGE) */
} JitCtx;

/* The records of c as machine code; NULL when this host has no compiler
 * (not x86-64) or refuses executable memory (the caller then interprets). */
McJit *mc_jit_compile(const McCode *c);
void mc_jit_free(McJit *j);
/* Runs from the first instruction of record `at` until an exit; returns
 * JIT_AT_RECORD, JIT_AT_EDGE or JIT_AT_RETURN with x->index set. */
int mc_jit_enter(const McJit *j, JitCtx *x, int32_t at);
/* Bytes of machine code (tests and the bench report it). */
size_t mc_jit_size(const McJit *j);
/* The address of record k's machine code. */
const void *mc_jit_addr(const McJit *j, int32_t k);
/* The return stub: a return that jumps there leaves the code with
 * JIT_AT_RETURN, the value in index (CFrame.resume of the frames C pushed). */
const void *mc_jit_ret_stub(const McJit *j);

#endif
