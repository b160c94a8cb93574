/* jit_x64.c - the run path's template compiler for x86-64 (a "baseline
 * JIT"): the decoded records of an McCode (run_int.h) translated one by one
 * into machine code that does what their run_exec.h handlers do, so a run
 * pays neither the dispatch nor the record loads of the interpreter.
 *
 * Every record becomes a fixed template of a few instructions; slots stay
 * in memory (s[k] is [rbx + 4k]) and the run's other state lives in host
 * registers for the whole run:
 *
 *   rbx  s, the slot array          r13  left, the block-entry countdown
 *   r12  the CBuf array (bufs)      r14  insts
 *   r15  exact code: brk            rbp  exact code: done
 *   esi  exact code: the index of the last edge taken (run_exec.h's `e`)
 *   eax, ecx, edx: scratch; the stack holds the JitCtx pointer
 *
 * What is rare leaves the code through a stub (`mov eax, why; mov edx,
 * index; jmp exit`, placed after all records) and returns to run.c's
 * exec_jit, which does what run_exec.h's labels do and, after a refill,
 * enters the code again at the target's record: a record that returns or
 * traps (JIT_AT_RECORD: return, division by zero, buffer index; the C side
 * reads the value or the index from the record and the slots, which the
 * code has not written yet), an edge whose countdown is 0 or, in exact
 * code, whose target's breakpoint byte is set (JIT_AT_EDGE).
 *
 * Memory: the code is assembled into a malloc'd buffer, copied into an
 * anonymous mapping made read+write, then read+execute (never both); a host
 * that refuses (SELinux deny_execmem, a PaX kernel) gets NULL and the
 * caller interprets. Off x86-64 (and on Windows, whose calling convention
 * differs) this file compiles to the three functions returning "no code". */
#if defined(__x86_64__) && !defined(_WIN32) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#endif

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"
#include "run_int.h"

#if defined(__x86_64__) && !defined(_WIN32)
#include <sys/mman.h>
#include <unistd.h>

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

struct McJit {
    uint8_t *code;  /* the mapping, read+execute */
    uint32_t entry; /* offset of mc_jit_enter's function */
    size_t size;    /* bytes of code */
    size_t mapped;  /* bytes mapped (whole pages) */
    uint32_t *at;   /* record -> offset of its first instruction */
};

/* ---- the encoder ------------------------------------------------------------ */

enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15 };
enum { S = RBX, BUFS = R12, LEFT = R13, INSTS = R14, BRK = R15, DONE = RBP, EDGE = RSI };
/* Condition codes (the low nibble of jcc and setcc); cc ^ 1 is the negation. */
enum { CC_B = 2, CC_AE = 3, CC_E = 4, CC_NE = 5, CC_L = 0xC, CC_GE = 0xD, CC_LE = 0xE };

typedef struct Fix {
    uint32_t pos; /* a rel32 field */
    int32_t to;   /* >= 0: that record; < 0: stub -1 - to */
} Fix;

/* Out-of-line code after the records: an exit, or ROT's slow path. */
enum { STUB_EXIT_RECORD, STUB_EXIT_EDGE, STUB_ROT };
typedef struct Stub {
    int kind;
    int32_t index; /* the record (STUB_EXIT_RECORD, STUB_ROT) or the edge */
    uint32_t pos;  /* its offset, once emitted */
} Stub;

typedef struct Asm {
    const McCode *c;
    uint8_t *b;
    size_t n, cap;
    uint32_t *at;
    Fix *fix;
    size_t nfix, capfix;
    Stub *stub;
    int32_t nstub, capstub;
    int32_t *stub_of[3]; /* per kind: record or edge -> stub, -1 */
    uint32_t entry_at;   /* the entry (mc_jit_enter's function) */
    uint32_t exit_at;    /* the common exit */
} Asm;

static void put1(Asm *a, unsigned x) {
    if (a->n == a->cap) {
        a->cap = a->cap ? 2 * a->cap : 4096;
        a->b = mc_xrealloc(a->b, a->cap);
    }
    a->b[a->n++] = (uint8_t)x;
}

static void put4(Asm *a, uint32_t x) {
    for (int i = 0; i < 4; i++) put1(a, (x >> (8 * i)) & 0xff);
}

static void patch4(Asm *a, size_t pos, uint32_t x) {
    for (int i = 0; i < 4; i++) a->b[pos + (size_t)i] = (uint8_t)(x >> (8 * i));
}

/* REX prefix when any bit is needed: w = 64-bit operand, and the high bits
 * of the ModRM reg, the SIB index and the base (or ModRM rm). */
static void rex(Asm *a, int w, int reg, int index, int base) {
    unsigned r = 0x40u | (unsigned)w << 3 | (unsigned)(reg >> 3 & 1) << 2 | (unsigned)(index >> 3 & 1) << 1 |
                 (unsigned)(base >> 3 & 1);
    if (r != 0x40) put1(a, r);
}

static void opcode(Asm *a, unsigned op) {
    if (op > 0xff) put1(a, op >> 8);
    put1(a, op & 0xff);
}

static bool fits8(int32_t v) { return v >= -128 && v <= 127; }

/* ModRM (+ SIB) and displacement of [base + disp]. */
static void mem(Asm *a, int reg, int base, int32_t disp) {
    int mod = disp == 0 && (base & 7) != RBP ? 0 : fits8(disp) ? 1 : 2;
    put1(a, (unsigned)(mod << 6 | (reg & 7) << 3 | (base & 7)));
    if ((base & 7) == RSP) put1(a, 0x24); /* rsp, r12: a SIB without index */
    if (mod == 1) put1(a, (unsigned)disp & 0xff);
    if (mod == 2) put4(a, (uint32_t)disp);
}

/* `op reg, [base + disp]` (or the store direction, by opcode). */
static void op_m(Asm *a, int w, unsigned op, int reg, int base, int32_t disp) {
    rex(a, w, reg, 0, base);
    opcode(a, op);
    mem(a, reg, base, disp);
}

/* `op reg, rm` between registers. */
static void op_r(Asm *a, int w, unsigned op, int reg, int rm) {
    rex(a, w, reg, 0, rm);
    opcode(a, op);
    put1(a, 0xC0u | (unsigned)(reg & 7) << 3 | (unsigned)(rm & 7));
}

/* `op reg, [rax + rcx*4]`: a buffer element (the p loaded into rax, the
 * checked index in rcx). */
static void op_elem(Asm *a, unsigned op, int reg) {
    rex(a, 0, reg, 0, 0);
    opcode(a, op);
    put1(a, (unsigned)((reg & 7) << 3 | 4));
    put1(a, 2u << 6 | RCX << 3 | RAX);
}

/* Group-1 operation with an immediate on a register (digit: 0 add, 1 or,
 * 4 and, 5 sub, 6 xor, 7 cmp). */
static void alu_ri(Asm *a, int w, int digit, int rm, int32_t imm) {
    rex(a, w, 0, 0, rm);
    put1(a, fits8(imm) ? 0x83 : 0x81);
    put1(a, 0xC0u | (unsigned)digit << 3 | (unsigned)(rm & 7));
    if (fits8(imm)) put1(a, (unsigned)imm & 0xff);
    else put4(a, (uint32_t)imm);
}

/* The same on a dword in memory. */
static void alu_mi(Asm *a, int digit, int base, int32_t disp, int32_t imm) {
    rex(a, 0, 0, 0, base);
    put1(a, fits8(imm) ? 0x83 : 0x81);
    mem(a, digit, base, disp);
    if (fits8(imm)) put1(a, (unsigned)imm & 0xff);
    else put4(a, (uint32_t)imm);
}

static void mov_ri(Asm *a, int reg, int32_t imm) {
    rex(a, 0, 0, 0, reg);
    put1(a, 0xB8u + (unsigned)(reg & 7));
    put4(a, (uint32_t)imm);
}

/* Byte operations on [base + disp]: cmp byte, 0 and mov byte, 1. */
static void cmp_byte0(Asm *a, int base, int32_t disp) {
    rex(a, 0, 0, 0, base);
    put1(a, 0x80);
    mem(a, 7, base, disp);
    put1(a, 0);
}

static void mov_byte1(Asm *a, int base, int32_t disp) {
    rex(a, 0, 0, 0, base);
    put1(a, 0xC6);
    mem(a, 0, base, disp);
    put1(a, 1);
}

static void push(Asm *a, int r) {
    rex(a, 0, 0, 0, r);
    put1(a, 0x50u + (unsigned)(r & 7));
}

static void pop(Asm *a, int r) {
    rex(a, 0, 0, 0, r);
    put1(a, 0x58u + (unsigned)(r & 7));
}

/* Jumps: to a record or a stub (fixed up at the end), or forward within a
 * template (jcc_here returns the field, land patches it to here). */
static int32_t stub_get(Asm *a, int kind, int32_t index);

static void fix_at(Asm *a, int32_t to) {
    if (a->nfix == a->capfix) {
        a->capfix = a->capfix ? 2 * a->capfix : 256;
        a->fix = mc_xrealloc(a->fix, a->capfix * sizeof *a->fix);
    }
    a->fix[a->nfix].pos = (uint32_t)a->n;
    a->fix[a->nfix].to = to;
    a->nfix++;
    put4(a, 0);
}

static void jmp_rec(Asm *a, int32_t k) {
    put1(a, 0xE9);
    fix_at(a, k);
}

static void jcc_stub(Asm *a, int cc, int kind, int32_t index) {
    int32_t st = stub_get(a, kind, index);
    put1(a, 0x0F);
    put1(a, 0x80u + (unsigned)cc);
    fix_at(a, -1 - st);
}

static void jmp_stub(Asm *a, int kind, int32_t index) {
    int32_t st = stub_get(a, kind, index);
    put1(a, 0xE9);
    fix_at(a, -1 - st);
}

static size_t jcc_here(Asm *a, int cc) {
    put1(a, 0x0F);
    put1(a, 0x80u + (unsigned)cc);
    size_t pos = a->n;
    put4(a, 0);
    return pos;
}

static size_t jmp_here(Asm *a) {
    put1(a, 0xE9);
    size_t pos = a->n;
    put4(a, 0);
    return pos;
}

static void land(Asm *a, size_t pos) { patch4(a, pos, (uint32_t)(a->n - (pos + 4))); }

static int32_t stub_get(Asm *a, int kind, int32_t index) {
    int32_t *of = a->stub_of[kind];
    if (of[index] >= 0) return of[index];
    if (a->nstub == a->capstub) {
        a->capstub = a->capstub ? 2 * a->capstub : 64;
        a->stub = mc_xrealloc(a->stub, (size_t)a->capstub * sizeof *a->stub);
    }
    a->stub[a->nstub].kind = kind;
    a->stub[a->nstub].index = index;
    a->stub[a->nstub].pos = 0;
    return of[index] = a->nstub++;
}

/* ---- templates ---------------------------------------------------------------- */

/* An operand: a slot, an immediate, or a register (LOADOP's loaded value). */
enum { O_SLOT, O_IMM, O_REG };
typedef struct Opnd {
    int kind;
    int32_t v;
} Opnd;

static Opnd o_slot(int32_t k) { Opnd o = {O_SLOT, k}; return o; }
static Opnd o_imm(int32_t v) { Opnd o = {O_IMM, v}; return o; }
static Opnd o_reg(int r) { Opnd o = {O_REG, r}; return o; }
/* The first operand of a form: IS has an immediate (run.c's form2 order SS, SI, IS). */
static Opnd lhs_of(const CInst *ip, int form) { return form == 2 ? o_imm(ip->a) : o_slot(ip->a); }
static Opnd rhs_of(const CInst *ip, int form) { return form == 1 ? o_imm(ip->b) : o_slot(ip->b); }

static int32_t sd(int32_t k) { return 4 * k; } /* s[k]'s displacement from rbx */

/* reg = o */
static void load(Asm *a, int reg, Opnd o) {
    if (o.kind == O_SLOT) op_m(a, 0, 0x8B, reg, S, sd(o.v));
    else if (o.kind == O_IMM) mov_ri(a, reg, o.v);
    else if (o.v != reg) op_r(a, 0, 0x8B, reg, o.v);
}

static void store(Asm *a, int32_t slot, int reg) { op_m(a, 0, 0x89, reg, S, sd(slot)); }

/* ALU_OPS in order: ADD SUB MUL LT LE EQ NE AND OR XOR SHL SHR. */
enum { X_ADD, X_SUB, X_MUL, X_LT, X_LE, X_EQ, X_NE, X_AND, X_OR, X_XOR, X_SHL, X_SHR };
static const unsigned alu_rm_op[] = {0x03, 0x2B, 0x0FAF, 0, 0, 0, 0, 0x23, 0x0B, 0x33, 0, 0};
static const int alu_digit[] = {0, 5, -1, -1, -1, -1, -1, 4, 1, 6, -1, -1};
static const int cmp_cc[] = {CC_L, CC_LE, CC_E, CC_NE}; /* CMP_OPS: mc_i32_lt, le, eq, ne */

/* Flags of eax compared with o (signed). */
static void cmp_eax(Asm *a, Opnd o) {
    if (o.kind == O_SLOT) op_m(a, 0, 0x3B, RAX, S, sd(o.v));
    else if (o.kind == O_IMM) alu_ri(a, 0, 7, RAX, o.v);
    else op_r(a, 0, 0x3B, RAX, o.v);
}

/* eax = fn(eax, o) for ALU operation x, as the mc_i32_* of ir.h: wrapping
 * add, sub, mul; compares 0 or 1; shifts by the count & 31 (x86 masks a
 * 32-bit shift's count the same way; shr is arithmetic). */
static void arith(Asm *a, int x, Opnd o) {
    if (x >= X_LT && x <= X_NE) {
        cmp_eax(a, o);
        op_r(a, 0, 0x0F90u + (unsigned)cmp_cc[x - X_LT], 0, RAX); /* setcc al */
        op_r(a, 0, 0x0FB6, RAX, RAX);                              /* movzx eax, al */
        return;
    }
    if (x == X_SHL || x == X_SHR) {
        int digit = x == X_SHL ? 4 : 7; /* shl, sar */
        if (o.kind == O_IMM) {
            if ((o.v & 31) == 0) return;
            put1(a, 0xC1);
            put1(a, 0xC0u | (unsigned)digit << 3 | RAX);
            put1(a, (unsigned)o.v & 31);
            return;
        }
        load(a, RCX, o);
        put1(a, 0xD3);
        put1(a, 0xC0u | (unsigned)digit << 3 | RAX);
        return;
    }
    if (o.kind == O_SLOT) {
        op_m(a, 0, alu_rm_op[x], RAX, S, sd(o.v));
    } else if (o.kind == O_REG) {
        op_r(a, 0, alu_rm_op[x], RAX, o.v);
    } else if (x == X_MUL) { /* imul eax, eax, imm */
        put1(a, fits8(o.v) ? 0x6B : 0x69);
        put1(a, 0xC0);
        if (fits8(o.v)) put1(a, (unsigned)o.v & 0xff);
        else put4(a, (uint32_t)o.v);
    } else {
        alu_ri(a, 0, alu_digit[x], RAX, o.v);
    }
}

/* s[d] = fn(l, r): ALU3's handlers. */
static void alu3(Asm *a, int x, int32_t d, Opnd l, Opnd r) {
    load(a, RAX, l);
    arith(a, x, r);
    store(a, d, RAX);
}

/* One edge taken (TAKE, and the jump alone of ROT): in exact code the
 * target's breakpoint byte first (EXACT_BREAK_TEST), then the countdown
 * (`sub left, 1` borrows exactly when left was 0: the refill), the source
 * marked left (EXACT_LEAVE) and the edge remembered, the target's count,
 * the phi moves, the jump (none when the target is the next record). */
static void take_edge(Asm *a, const CEdge *e, int32_t ninsts, int32_t next) {
    const McCode *c = a->c;
    int32_t ei = (int32_t)(e - c->edges), to = (int32_t)(e->ip - c->code);
    if (c->exact) {
        cmp_byte0(a, BRK, e->dst);
        jcc_stub(a, CC_NE, STUB_EXIT_EDGE, ei);
    }
    alu_ri(a, 1, 5, LEFT, 1);
    jcc_stub(a, CC_B, STUB_EXIT_EDGE, ei);
    if (c->exact) {
        mov_byte1(a, DONE, e->src);
        mov_ri(a, EDGE, ei);
    }
    if (ninsts) alu_ri(a, 1, 0, INSTS, ninsts);
    for (int32_t m = 0; m < e->nmoves; m++) {
        load(a, RAX, o_slot(e->moves[2 * m + 1]));
        store(a, e->moves[2 * m], RAX);
    }
    if (to != next) jmp_rec(a, to);
}

/* TAKE(K) of record k; `next` is the record the code falls into (-1: none). */
static void take(Asm *a, int32_t k, int K, int32_t next) {
    const CInst *ip = &a->c->code[k];
    take_edge(a, ip->u.e[K], ip->u.e[K]->ninsts, next);
}

/* BRANCH on the flags' condition cc: TAKE(0) when it holds, else TAKE(1);
 * the edge whose target is the next record goes last (it falls through). */
static void branch(Asm *a, int32_t k, int cc) {
    const CInst *ip = &a->c->code[k];
    int first = ip->t[0] == ip + 1 ? 1 : 0;
    size_t other = jcc_here(a, first == 0 ? cc ^ 1 : cc);
    take(a, k, first, -1);
    land(a, other);
    take(a, k, 1 - first, k + 1);
}

/* CHECK(idx) of a load or store of record k: ecx = the index, a trap unless
 * (unsigned) index < len, then rax = the buffer's p. */
static void check(Asm *a, int32_t k, Opnd idx) {
    const CInst *ip = &a->c->code[k];
    int32_t buf = ip->a * (int32_t)sizeof(CBuf);
    load(a, RCX, idx);
    op_m(a, 0, 0x3B, RCX, BUFS, buf + (int32_t)offsetof(CBuf, len)); /* cmp ecx, len */
    jcc_stub(a, CC_AE, STUB_EXIT_RECORD, k);
    op_m(a, 1, 0x8B, RAX, BUFS, buf + (int32_t)offsetof(CBuf, p));
}

/* DIV3: a zero divisor in a slot traps first; b = -1 negates (div) or
 * gives 0 (rem), as mc_i32_div and mc_i32_rem, so idiv never overflows. */
static void div3(Asm *a, int32_t k, bool rem, int form) {
    const CInst *ip = &a->c->code[k];
    if (form == 1 && ip->b == -1) {
        load(a, RAX, lhs_of(ip, form));
        if (rem) mov_ri(a, RAX, 0);
        else op_r(a, 0, 0xF7, 3, RAX); /* neg eax */
        store(a, ip->d, RAX);
        return;
    }
    load(a, RCX, rhs_of(ip, form));
    size_t special = 0, joined = 0;
    if (form != 1) {
        op_r(a, 0, 0x85, RCX, RCX); /* test ecx, ecx */
        jcc_stub(a, CC_E, STUB_EXIT_RECORD, k);
    }
    load(a, RAX, lhs_of(ip, form));
    if (form != 1) {
        alu_ri(a, 0, 7, RCX, -1);
        special = jcc_here(a, CC_E);
    }
    put1(a, 0x99);                 /* cdq */
    op_r(a, 0, 0xF7, 7, RCX);      /* idiv ecx */
    if (rem) op_r(a, 0, 0x8B, RAX, RDX);
    if (form != 1) {
        joined = jmp_here(a);
        land(a, special);
        if (rem) mov_ri(a, RAX, 0);
        else op_r(a, 0, 0xF7, 3, RAX);
        land(a, joined);
    }
    store(a, ip->d, RAX);
}

/* ROT: the latch's add, then with two entries left the head's compare and
 * branch without a jump in between; fewer than two go to the slow path (the
 * jump alone, as the interpreter does). Plain code only: no moves. */
static void rot(Asm *a, int32_t k, int ci, bool add_imm, bool cmp_imm) {
    const CInst *ip = &a->c->code[k];
    alu3(a, X_ADD, ip->d, o_slot(ip->c), add_imm ? o_imm(ip->y) : o_slot(ip->y));
    alu_ri(a, 1, 7, LEFT, 2);
    jcc_stub(a, CC_L, STUB_ROT, k);
    alu_ri(a, 1, 5, LEFT, 2);
    load(a, RAX, o_slot(ip->a));
    cmp_eax(a, cmp_imm ? o_imm(ip->b) : o_slot(ip->b));
    int first = ip->t[0] == ip + 1 ? 1 : 0;
    size_t other = jcc_here(a, first == 0 ? cmp_cc[ci] ^ 1 : cmp_cc[ci]);
    for (int j = 0; j < 2; j++) {
        int K = j == 0 ? first : 1 - first;
        if (ip->n[K]) alu_ri(a, 1, 0, INSTS, ip->n[K]);
        int32_t to = (int32_t)(ip->t[K] - a->c->code);
        if (j == 0 || to != k + 1) jmp_rec(a, to);
        if (j == 0) land(a, other);
    }
}

/* BR3: a fused compare and branch; the B forms also write the result
 * (setcc, movzx and mov keep the flags for the branch). */
static void br3(Asm *a, int32_t k, int ci, bool write, int form) {
    const CInst *ip = &a->c->code[k];
    load(a, RAX, lhs_of(ip, form));
    cmp_eax(a, rhs_of(ip, form));
    if (write) {
        op_r(a, 0, 0x0F90u + (unsigned)cmp_cc[ci], 0, RCX);
        op_r(a, 0, 0x0FB6, RCX, RCX);
        store(a, ip->d, RCX);
    }
    branch(a, k, cmp_cc[ci]);
}

/* INC3: d = add a, imm b; c = cmp d, y (read after the store: y may be
 * d); branch on c. */
static void inc3(Asm *a, int32_t k, int ci, bool y_imm) {
    const CInst *ip = &a->c->code[k];
    alu3(a, X_ADD, ip->d, o_slot(ip->a), o_imm(ip->b));
    cmp_eax(a, y_imm ? o_imm(ip->y) : o_slot(ip->y));
    op_r(a, 0, 0x0F90u + (unsigned)cmp_cc[ci], 0, RCX);
    op_r(a, 0, 0x0FB6, RCX, RCX);
    store(a, ip->c, RCX);
    branch(a, k, cmp_cc[ci]);
}

/* LOADOP: d = load a, b, then c = op d, y (L) or op y, d (R); d is stored
 * first because y may be the load's own slot. */
static void loadop(Asm *a, int32_t k, int x, bool right) {
    const CInst *ip = &a->c->code[k];
    check(a, k, o_slot(ip->b));
    op_elem(a, 0x8B, RAX);
    store(a, ip->d, RAX);
    if (!right) {
        arith(a, x, o_slot(ip->y));
    } else {
        op_r(a, 0, 0x8B, RDX, RAX);
        load(a, RAX, o_slot(ip->y));
        arith(a, x, o_reg(RDX));
    }
    store(a, ip->c, RAX);
}

/* LOAD_S, LOAD_I and the four STORE forms: CHECK, then the access. */
static void mem_access(Asm *a, int32_t k) {
    const CInst *ip = &a->c->code[k];
    int op = ip->op;
    if (op == K_LOAD_S || op == K_LOAD_I) {
        check(a, k, op == K_LOAD_S ? o_slot(ip->b) : o_imm(ip->b));
        op_elem(a, 0x8B, RAX);
        store(a, ip->d, RAX);
        return;
    }
    bool idx_imm = op == K_STORE_IS || op == K_STORE_II, val_imm = op == K_STORE_SI || op == K_STORE_II;
    check(a, k, idx_imm ? o_imm(ip->b) : o_slot(ip->b));
    if (val_imm) {
        put1(a, 0xC7); /* mov dword [rax + rcx*4], imm */
        put1(a, 0x04);
        put1(a, 2u << 6 | RCX << 3 | RAX);
        put4(a, (uint32_t)ip->d);
    } else {
        load(a, RDX, o_slot(ip->d));
        op_elem(a, 0x89, RDX);
    }
}

/* MOVI, COPY and their jumping forms JMOVI, JCOPY. */
static void move(Asm *a, int32_t k) {
    const CInst *ip = &a->c->code[k];
    if (ip->op == K_MOVI || ip->op == K_JMOVI) {
        rex(a, 0, 0, 0, S);
        put1(a, 0xC7); /* mov dword [s + 4d], imm */
        mem(a, 0, S, sd(ip->d));
        put4(a, (uint32_t)ip->a);
    } else {
        load(a, RAX, o_slot(ip->a));
        store(a, ip->d, RAX);
    }
    if (ip->op == K_JMOVI || ip->op == K_JCOPY) take(a, k, 0, k + 1);
}

/* The template of record k, by its run_exec.h macro family. */
static void emit_record(Asm *a, int32_t k) {
    const CInst *ip = &a->c->code[k];
    int op = ip->op;
    if (op <= K_SHR_IS) {
        alu3(a, op / 3, ip->d, lhs_of(ip, op % 3), rhs_of(ip, op % 3)); /* ALU3 */
    } else if (op >= K_JADD_SS && op <= K_JSHR_IS) {                     /* JALU3 */
        int r = op - K_JADD_SS;
        alu3(a, r / 3, ip->d, lhs_of(ip, r % 3), rhs_of(ip, r % 3));
        take(a, k, 0, k + 1);
    } else if (op >= K_DIV_SS && op <= K_REM_IS) {
        div3(a, k, op >= K_REM_SS, (op - K_DIV_SS) % 3);
    } else if (op >= K_BLT_SS && op <= K_BNNE_IS) {
        int r = op - K_BLT_SS;
        br3(a, k, r / 6, r % 6 < 3, r % 3);
    } else if (op >= K_ILT_S && op <= K_INE_I) {
        inc3(a, k, (op - K_ILT_S) / 2, (op - K_ILT_S) % 2);
    } else if (op >= K_LADD_L && op <= K_LSHR_R) {
        loadop(a, k, (op - K_LADD_L) / 2, (op - K_LADD_L) % 2);
    } else if (op >= K_RLT_SS_SS && op <= K_RNE_SI_SI) { /* ROT4 */
        int r = op - K_RLT_SS_SS;
        rot(a, k, r / 4, r % 4 >= 2, r % 2 == 1);
    } else if (op >= K_LOAD_S && op <= K_STORE_II) {
        mem_access(a, k);
    } else if (op == K_MOVI || op == K_COPY || op == K_JMOVI || op == K_JCOPY) {
        move(a, k);
    } else if (op == K_RET_S || op == K_RET_I) {
        jmp_stub(a, STUB_EXIT_RECORD, k); /* C reads the value (exec_jit) */
    } else if (op == K_JUMP) {
        take(a, k, 0, k + 1);
    } else if (op == K_BR_S) {
        alu_mi(a, 7, S, sd(ip->a), 0); /* cmp dword [s + 4a], 0 */
        branch(a, k, CC_NE);
    } else {
        mc_panic(__FILE__, __LINE__, "bad decoded opcode");
    }
}

/* The entry, mc_jit_enter's function (rdi = the JitCtx, rsi = where to
 * start): save the callee-saved registers and the context, load the run's
 * state into its registers, jump. Then the common exit (eax = why, edx =
 * the record or edge): the state back into the context, restore, return. */
static void emit_entry_exit(Asm *a) {
    static const int saved[] = {RBX, RBP, R12, R13, R14, R15};
    /* Readable bytes (int3) before the entry: clang's -fsanitize=function
     * looks at the bytes before a function called through a pointer. */
    for (int i = 0; i < 16; i++) put1(a, 0xCC);
    a->entry_at = (uint32_t)a->n;
    put1(a, 0xF3); /* endbr64 */
    put1(a, 0x0F);
    put1(a, 0x1E);
    put1(a, 0xFA);
    for (int i = 0; i < 6; i++) push(a, saved[i]);
    push(a, RDI);
    op_r(a, 1, 0x8B, RAX, RSI);
    op_m(a, 1, 0x8B, S, RDI, (int32_t)offsetof(JitCtx, s));
    op_m(a, 1, 0x8B, BUFS, RDI, (int32_t)offsetof(JitCtx, bufs));
    op_m(a, 1, 0x8B, LEFT, RDI, (int32_t)offsetof(JitCtx, left));
    op_m(a, 1, 0x8B, INSTS, RDI, (int32_t)offsetof(JitCtx, insts));
    op_m(a, 1, 0x8B, BRK, RDI, (int32_t)offsetof(JitCtx, brk));
    op_m(a, 1, 0x8B, DONE, RDI, (int32_t)offsetof(JitCtx, done));
    op_m(a, 0, 0x8B, EDGE, RDI, (int32_t)offsetof(JitCtx, edge));
    put1(a, 0xFF); /* jmp rax */
    put1(a, 0xE0);
    a->exit_at = (uint32_t)a->n;
    pop(a, RDI);
    op_m(a, 1, 0x89, LEFT, RDI, (int32_t)offsetof(JitCtx, left));
    op_m(a, 1, 0x89, INSTS, RDI, (int32_t)offsetof(JitCtx, insts));
    op_m(a, 0, 0x89, EDGE, RDI, (int32_t)offsetof(JitCtx, edge));
    op_m(a, 0, 0x89, RDX, RDI, (int32_t)offsetof(JitCtx, index));
    for (int i = 5; i >= 0; i--) pop(a, saved[i]);
    put1(a, 0xC3);
}

/* Stub st: an exit, or ROT's slow path (the jump alone: the edge ej into the
 * head's own record, which counts and polls as unfused code does). */
static void emit_stub(Asm *a, int32_t st) {
    a->stub[st].pos = (uint32_t)a->n;
    Stub s = a->stub[st];
    if (s.kind == STUB_ROT) {
        const CEdge *ej = a->c->code[s.index].m.ej;
        take_edge(a, ej, ej->ninsts, -1);
        return;
    }
    mov_ri(a, RAX, s.kind == STUB_EXIT_RECORD ? JIT_AT_RECORD : JIT_AT_EDGE);
    mov_ri(a, RDX, s.index);
    put1(a, 0xE9);
    put4(a, (uint32_t)((int64_t)a->exit_at - (int64_t)(a->n + 4)));
}

enum { JIT_MAX_CODE = 1 << 30 }; /* rel32 jumps; no function comes near */

McJit *mc_jit_compile(const McCode *c) {
    if (c->nslots > (1 << 28) || c->nparams > (1 << 20)) return NULL; /* disp32 of slots and buffers */
    Asm a;
    memset(&a, 0, sizeof a);
    a.c = c;
    a.at = mc_xmalloc((size_t)(c->ncode ? c->ncode : 1) * sizeof *a.at);
    int32_t nkey[3] = {c->ncode, c->nedges, c->ncode};
    for (int k = 0; k < 3; k++) {
        a.stub_of[k] = mc_xmalloc((size_t)(nkey[k] ? nkey[k] : 1) * sizeof *a.stub_of[k]);
        for (int32_t i = 0; i < nkey[k]; i++) a.stub_of[k][i] = -1;
    }
    emit_entry_exit(&a);
    for (int32_t k = 0; k < c->ncode; k++) {
        a.at[k] = (uint32_t)a.n;
        emit_record(&a, k);
    }
    for (int32_t st = 0; st < a.nstub; st++) emit_stub(&a, st); /* may add exits */
    for (size_t f = 0; f < a.nfix; f++) {
        uint32_t to = a.fix[f].to >= 0 ? a.at[a.fix[f].to] : a.stub[-1 - a.fix[f].to].pos;
        patch4(&a, a.fix[f].pos, (uint32_t)((int64_t)to - (int64_t)(a.fix[f].pos + 4)));
    }
    McJit *j = NULL;
    long page = sysconf(_SC_PAGESIZE);
    if (a.n <= JIT_MAX_CODE && page > 0) {
        size_t mapped = (a.n + (size_t)page - 1) / (size_t)page * (size_t)page;
        void *m = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m != MAP_FAILED) {
            memcpy(m, a.b, a.n);
            if (mprotect(m, mapped, PROT_READ | PROT_EXEC) == 0) {
                j = mc_xmalloc(sizeof *j);
                j->code = m;
                j->entry = a.entry_at;
                j->size = a.n;
                j->mapped = mapped;
                j->at = a.at;
                a.at = NULL;
            } else {
                munmap(m, mapped);
            }
        }
    }
    for (int k = 0; k < 3; k++) free(a.stub_of[k]);
    free(a.stub);
    free(a.fix);
    free(a.b);
    free(a.at);
    return j;
}

void mc_jit_free(McJit *j) {
    if (!j) return;
    munmap(j->code, j->mapped);
    free(j->at);
    free(j);
}

int mc_jit_enter(const McJit *j, JitCtx *x, int32_t at) {
    int (*fn)(JitCtx *, const void *);
    void *entry = j->code + j->entry;
    memcpy(&fn, &entry, sizeof fn); /* ISO C has no object-to-function pointer cast */
    return fn(x, j->code + j->at[at]);
}

size_t mc_jit_size(const McJit *j) { return j ? j->size : 0; }

#else /* no template compiler for this host: run.c interprets */

McJit *mc_jit_compile(const McCode *c) {
    (void)c;
    return NULL;
}

void mc_jit_free(McJit *j) { (void)j; }

int mc_jit_enter(const McJit *j, JitCtx *x, int32_t at) {
    (void)j;
    (void)x;
    (void)at;
    mc_panic(__FILE__, __LINE__, "no machine code on this host");
    return JIT_AT_RECORD;
}

size_t mc_jit_size(const McJit *j) {
    (void)j;
    return 0;
}

#endif
