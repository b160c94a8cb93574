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
 *        with calls: the frame      rbp  with calls: the first frame it
 *        running (&fr[depth])            may not push (the depth limit)
 *   esi  exact code: the index of the last edge taken (run_exec.h's `e`)
 *   eax, ecx, edx, r8: scratch; the stack holds the JitCtx pointer
 *
 * What is rare leaves the code through a stub (`mov eax, why; mov edx,
 * index; jmp exit`, placed after all records) and returns to run.c's
 * exec_jit, which does what run_exec.h's labels do and, after a refill,
 * enters the code again at the target's record: a record that returns or
 * traps (JIT_AT_RECORD: return, division by zero, buffer index; the C side
 * reads the value or the index from the record and the slots, which the
 * code has not written yet), an edge whose countdown is 0 or, in exact
 * code, whose target's breakpoint byte is set (JIT_AT_EDGE); in a run with
 * calls, a return to a frame C pushed (JIT_AT_RETURN, the return stub).
 * The exit names the function whose code it is (JitCtx.code).
 *
 * A one-record register cache: a record that leaves its result in eax
 * (an ALU operation, a division, a load, a copy: each still stores it to
 * its slot) tells the next record of its block, which takes that slot from
 * eax instead of reading memory back. So a dependent chain (`s = add s, 1`
 * 500 times) runs at the speed of its additions rather than of a store
 * forwarded to the next load each time, which made the machine code slower
 * than the interpreter loop on such chains. Every slot is still written at
 * once, so an exit anywhere sees the slots as the interpreter leaves them;
 * the cache is empty at every block's first record (the only records that
 * are jumped to or entered).
 *
 * The encoder, the code buffer, the stub table, the record-by-record loop
 * and the mapping are jit/'s (jit.h, x64.h), shared with the allocated
 * machine's translator (alloc/machine_x64.c): this file has the templates.
 * Memory: the code is
 * assembled into a malloc'd buffer, copied into an anonymous mapping made
 * read+write, then read+execute (never both); a host that refuses (SELinux
 * deny_execmem, a PaX kernel) gets NULL and the caller interprets. Off x86-64 (and on Windows, whose calling convention
 * differs) this file compiles to the three functions returning "no code". */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jit/jit.h"
#include "minicc/util.h"
#include "run_int.h"

#if MC_X64

struct McJit {
    X64Prog p;            /* the mapping, read+execute; record -> offset of its first instruction */
    const uint8_t *label; /* per record: the first of its block (where mc_jit_enter may start) */
    const void *ret_stub; /* the return stub (calls), else NULL */
};

/* ---- the translator's state ------------------------------------------------ */

enum { S = RBX, BUFS = R12, LEFT = R13, INSTS = R14, BRK = R15, DONE = RBP, EDGE = RSI };
/* Plain code of a run with calls (no breakpoints there): the frame of the
 * function running and the first frame it may not push (JitCtx.frame,
 * frame_lim). */
enum { FRAME = R15, FRAME_LIM = RBP };

/* Out-of-line code after the records (jit.h's stubs): an exit, ROT's slow
 * path, a call's exit that gives back the entry it took from the
 * countdown, the return stub (JIT_AT_RETURN). */
enum { STUB_EXIT_RECORD, STUB_EXIT_EDGE, STUB_ROT, STUB_CALL_UNDO, STUB_RET, NSTUB_KINDS };

/* The translation (jit.h) and this translator's own state. */
typedef struct Asm {
    JitAsm j;
    const McCode *c;
    const uint8_t *label; /* per record: the first of its block */
    /* The register cache: the slot whose value eax holds when the record
     * being emitted starts (-1: none), and the one it leaves there for the
     * next record (set by the templates that end with eax stored to a slot;
     * -1 unless one does). */
    int32_t held, held_next;
    bool calls; /* plain code of a run with calls: frames in FRAME, FRAME_LIM */
} Asm;

static void jmp_rec(Asm *a, int32_t k) { x64_jmp_to(&a->j.x, k); }

static void jcc_stub(Asm *a, int cc, int kind, int32_t index) { x64_jcc_to(&a->j.x, cc, jit_stub_label(&a->j, kind, index)); }

static void jmp_stub(Asm *a, int kind, int32_t index) { x64_jmp_to(&a->j.x, jit_stub_label(&a->j, kind, index)); }

/* ---- templates ---------------------------------------------------------------- */

/* Operands (x64.h): a slot s[k] ([rbx + 4k]), an immediate, a register
 * (LOADOP's loaded value). */
typedef X64Opnd Opnd;
static Opnd o_slot(int32_t k) { return x64_slot(k); }
static Opnd o_imm(int32_t v) { return x64_imm(v); }
static Opnd o_reg(int r) { return x64_reg(r); }
/* The first operand of a form: IS has an immediate (run.c's form2 order SS, SI, IS). */
static Opnd lhs_of(const CInst *ip, int form) { return form == 2 ? o_imm(ip->a) : o_slot(ip->a); }
static Opnd rhs_of(const CInst *ip, int form) { return form == 1 ? o_imm(ip->b) : o_slot(ip->b); }

static int32_t sd(int32_t k) { return 4 * k; } /* s[k]'s displacement from rbx */

/* reg = o */
static void load(Asm *a, int reg, Opnd o) { x64_load(&a->j.x, reg, o); }

/* Whether o is the slot whose value eax holds (the register cache). */
static bool held(const Asm *a, Opnd o) { return o.kind == X64_SLOT && o.v == a->held; }

/* reg = o for a reg other than eax, from eax when it holds o. */
static void load_other(Asm *a, int reg, Opnd o) { load(a, reg, held(a, o) ? o_reg(RAX) : o); }

/* eax = l, from memory unless eax holds it already; returns the operand to
 * combine with eax in place of r: eax itself when r is l's slot, edx
 * (copied from eax before the load) when eax held r. */
static Opnd load_lhs(Asm *a, Opnd l, Opnd r) {
    bool lh = held(a, l), rh = held(a, r);
    if (rh && !lh) {
        x64_op_r(&a->j.x, 0, 0x8B, RDX, RAX); /* mov edx, eax */
        load(a, RAX, l);
        return o_reg(RDX);
    }
    if (!lh) load(a, RAX, l);
    return rh ? o_reg(RAX) : r;
}

static void store(Asm *a, int32_t slot, int reg) { x64_store(&a->j.x, o_slot(slot), reg); }

static const int cmp_cc[] = {CC_L, CC_LE, CC_E, CC_NE}; /* MC_CMP_OPS: mc_i32_lt, le, eq, ne */

/* Flags of eax compared with o (signed). */
static void cmp_eax(Asm *a, Opnd o) { x64_cmp_eax(&a->j.x, o); }

/* eax = fn(eax, o) for ALU operation x (x64_arith). */
static void arith(Asm *a, int x, Opnd o) { x64_arith(&a->j.x, x, o); }

/* s[d] = fn(l, r): ALU3's handlers; eax keeps s[d]. */
static void alu3(Asm *a, int x, int32_t d, Opnd l, Opnd r) {
    arith(a, x, load_lhs(a, l, r));
    store(a, d, RAX);
    a->held_next = d;
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
        x64_cmp_byte0(&a->j.x, BRK, e->dst);
        jcc_stub(a, CC_NE, STUB_EXIT_EDGE, ei);
    }
    x64_alu_ri(&a->j.x, 1, 5, LEFT, 1);
    jcc_stub(a, CC_B, STUB_EXIT_EDGE, ei);
    if (c->exact) {
        x64_mov_byte1(&a->j.x, DONE, e->src);
        x64_mov_ri(&a->j.x, EDGE, ei);
    }
    if (ninsts) x64_alu_ri(&a->j.x, 1, 0, INSTS, ninsts);
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
    size_t other = x64_jcc_here(&a->j.x, first == 0 ? cc ^ 1 : cc);
    take(a, k, first, -1);
    x64_land(&a->j.x, other);
    take(a, k, 1 - first, k + 1);
}

/* CHECK(idx) of a load or store of record k: ecx = the index, a trap unless
 * (unsigned) index < len, then rax = the buffer's p. */
static void check(Asm *a, int32_t k, Opnd idx) {
    const CInst *ip = &a->c->code[k];
    int32_t buf = ip->a * (int32_t)sizeof(CBuf);
    load_other(a, RCX, idx);
    x64_op_m(&a->j.x, 0, 0x3B, RCX, BUFS, buf + (int32_t)offsetof(CBuf, len)); /* cmp ecx, len */
    jcc_stub(a, CC_AE, STUB_EXIT_RECORD, k);
    x64_op_m(&a->j.x, 1, 0x8B, RAX, BUFS, buf + (int32_t)offsetof(CBuf, p));
}

/* DIV3: a zero divisor in a slot traps first; b = -1 negates (div) or
 * gives 0 (rem), as mc_i32_div and mc_i32_rem, so idiv never overflows. */
static void div3(Asm *a, int32_t k, bool rem, int form) {
    const CInst *ip = &a->c->code[k];
    if (form == 1 && ip->b == -1) {
        load_lhs(a, lhs_of(ip, form), o_imm(0));
        if (rem) x64_mov_ri(&a->j.x, RAX, 0);
        else x64_op_r(&a->j.x, 0, 0xF7, 3, RAX); /* neg eax */
        store(a, ip->d, RAX);
        a->held_next = ip->d;
        return;
    }
    load_other(a, RCX, rhs_of(ip, form));
    size_t special = 0, joined = 0;
    if (form != 1) {
        x64_op_r(&a->j.x, 0, 0x85, RCX, RCX); /* test ecx, ecx */
        jcc_stub(a, CC_E, STUB_EXIT_RECORD, k);
    }
    load_lhs(a, lhs_of(ip, form), o_imm(0)); /* ecx has the divisor */
    if (form != 1) {
        x64_alu_ri(&a->j.x, 0, 7, RCX, -1);
        special = x64_jcc_here(&a->j.x, CC_E);
    }
    x64_put1(&a->j.x, 0x99);                 /* cdq */
    x64_op_r(&a->j.x, 0, 0xF7, 7, RCX);      /* idiv ecx */
    if (rem) x64_op_r(&a->j.x, 0, 0x8B, RAX, RDX);
    if (form != 1) {
        joined = x64_jmp_here(&a->j.x);
        x64_land(&a->j.x, special);
        if (rem) x64_mov_ri(&a->j.x, RAX, 0);
        else x64_op_r(&a->j.x, 0, 0xF7, 3, RAX);
        x64_land(&a->j.x, joined);
    }
    store(a, ip->d, RAX);
    a->held_next = ip->d;
}

/* ROT: the latch's add, then with two entries left the head's compare and
 * branch without a jump in between; fewer than two go to the slow path (the
 * jump alone, as the interpreter does). Plain code only: no moves. */
static void rot(Asm *a, int32_t k, int ci, bool add_imm, bool cmp_imm) {
    const CInst *ip = &a->c->code[k];
    alu3(a, X_ADD, ip->d, o_slot(ip->c), add_imm ? o_imm(ip->y) : o_slot(ip->y));
    x64_alu_ri(&a->j.x, 1, 7, LEFT, 2);
    jcc_stub(a, CC_L, STUB_ROT, k);
    x64_alu_ri(&a->j.x, 1, 5, LEFT, 2);
    if (ip->a != ip->d) load(a, RAX, o_slot(ip->a)); /* eax still holds s[d] */
    cmp_eax(a, cmp_imm ? o_imm(ip->b) : o_slot(ip->b));
    int first = ip->t[0] == ip + 1 ? 1 : 0;
    size_t other = x64_jcc_here(&a->j.x, first == 0 ? cmp_cc[ci] ^ 1 : cmp_cc[ci]);
    for (int j = 0; j < 2; j++) {
        int K = j == 0 ? first : 1 - first;
        if (ip->n[K]) x64_alu_ri(&a->j.x, 1, 0, INSTS, ip->n[K]);
        int32_t to = (int32_t)(ip->t[K] - a->c->code);
        if (j == 0 || to != k + 1) jmp_rec(a, to);
        if (j == 0) x64_land(&a->j.x, other);
    }
}

/* BR3: a fused compare and branch; the B forms also write the result
 * (setcc, movzx and mov keep the flags for the branch). */
static void br3(Asm *a, int32_t k, int ci, bool write, int form) {
    const CInst *ip = &a->c->code[k];
    cmp_eax(a, load_lhs(a, lhs_of(ip, form), rhs_of(ip, form)));
    if (write) {
        x64_setcc(&a->j.x, cmp_cc[ci], RCX);
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
    x64_setcc(&a->j.x, cmp_cc[ci], RCX);
    store(a, ip->c, RCX);
    branch(a, k, cmp_cc[ci]);
}

/* LOADOP: d = load a, b, then c = op d, y (L) or op y, d (R); d is stored
 * first because y may be the load's own slot. */
static void loadop(Asm *a, int32_t k, int x, bool right) {
    const CInst *ip = &a->c->code[k];
    check(a, k, o_slot(ip->b));
    x64_op_elem(&a->j.x, 0x8B, RAX);
    store(a, ip->d, RAX);
    if (!right) {
        arith(a, x, o_slot(ip->y));
    } else {
        x64_op_r(&a->j.x, 0, 0x8B, RDX, RAX);
        load(a, RAX, o_slot(ip->y));
        arith(a, x, o_reg(RDX));
    }
    store(a, ip->c, RAX);
    a->held_next = ip->c;
}

/* LOAD_S, LOAD_I and the four STORE forms: CHECK, then the access. */
static void mem_access(Asm *a, int32_t k) {
    const CInst *ip = &a->c->code[k];
    int op = ip->op;
    if (op == K_LOAD_S || op == K_LOAD_I) {
        check(a, k, op == K_LOAD_S ? o_slot(ip->b) : o_imm(ip->b));
        x64_op_elem(&a->j.x, 0x8B, RAX);
        store(a, ip->d, RAX);
        a->held_next = ip->d;
        return;
    }
    bool idx_imm = op == K_STORE_IS || op == K_STORE_II, val_imm = op == K_STORE_SI || op == K_STORE_II;
    bool val_held = !val_imm && held(a, o_slot(ip->d));
    if (val_held) x64_op_r(&a->j.x, 0, 0x8B, RDX, RAX); /* mov edx, eax: check overwrites eax */
    check(a, k, idx_imm ? o_imm(ip->b) : o_slot(ip->b));
    if (val_imm) {
        x64_mov_elem_imm(&a->j.x, ip->d);
    } else {
        if (!val_held) load(a, RDX, o_slot(ip->d));
        x64_op_elem(&a->j.x, 0x89, RDX);
    }
}

/* MOVI, COPY and their jumping forms JMOVI, JCOPY. */
static void move(Asm *a, int32_t k) {
    const CInst *ip = &a->c->code[k];
    if (ip->op == K_MOVI || ip->op == K_JMOVI) {
        x64_mov_mi(&a->j.x, S, sd(ip->d), ip->a);
    } else {
        load_lhs(a, o_slot(ip->a), o_imm(0));
        store(a, ip->d, RAX);
        a->held_next = ip->d;
    }
    if (ip->op == K_JMOVI || ip->op == K_JCOPY) take(a, k, 0, k + 1);
}

/* ---- calls ---------------------------------------------------------------------
 * A call whose callee has no local buffer, with a block entry left in the
 * countdown and a frame with memory allowed by the depth limit (FRAME <
 * FRAME_LIM), is done here: the next frame (FRAME + 64) gets only its
 * `resume`, the code after the call; the callee's constants and arguments
 * go into its memory, then a jump to the callee's first record (direct
 * when it is the function itself, else through its jit_entry). Its return
 * is `jmp [FRAME + resume]` with the value in ecx: the code after the call
 * pops the frame, takes its slots back from the caller's frame memory
 * (fr[0].mem is the function run's slots) and stores the value. The frames
 * C pushed (and fr[0]) resume at the return stub, which leaves for C
 * (JIT_AT_RETURN). Everything else (a local buffer, a refill at the
 * callee's entry, a frame without memory, the depth trap) leaves for run.c's
 * exec at the call record, which does it on the same frames. */

_Static_assert(sizeof(CBuf) == 16, "the call template copies buffers as two quadwords");
_Static_assert(sizeof(CFrame) == 64, "the machine code steps frames by 64 bytes");

static void put8(X64 *x, uint64_t v) {
    for (int i = 0; i < 8; i++) x64_put1(x, (unsigned)(v >> (8 * i)) & 0xff);
}

/* mov reg, imm64 */
static void mov_imm64(X64 *x, int reg, const void *p) {
    x64_rex(x, 1, 0, 0, reg);
    x64_put1(x, 0xB8u + (unsigned)(reg & 7));
    put8(x, (uint64_t)(uintptr_t)p);
}

/* lea reg, [rip + 0]; returns the position of the displacement (x64_land it). */
static size_t lea_rip(X64 *x, int reg) {
    x64_rex(x, 1, reg, 0, 0);
    x64_put1(x, 0x8D);
    x64_put1(x, (unsigned)(0x05 | (reg & 7) << 3));
    x64_put4(x, 0);
    return x->n - 4;
}

/* Bytes of g's slots (rounded to 8): its buffers follow. */
static int32_t slot_bytes(const McCode *g) { return (int32_t)(((size_t)g->nslots * sizeof(int32_t) + 7) & ~(size_t)7); }

static void call_template(Asm *a, int32_t k) {
    X64 *x = &a->j.x;
    const McCode *c = a->c;
    const CInst *ip = &c->code[k];
    const McCode *g = c->table[ip->a];
    if (g->nbufs != g->nparams || !a->calls) { /* local buffers: made and freed by C */
        jmp_stub(a, STUB_EXIT_RECORD, k);
        return;
    }
    int32_t so = slot_bytes(g);
    x64_op_r(x, 1, 0x3B, FRAME, FRAME_LIM); /* cmp r15, rbp: a frame allowed */
    jcc_stub(a, CC_AE, STUB_EXIT_RECORD, k);
    x64_alu_ri(x, 1, 5, LEFT, 1); /* the callee's entry block (a borrow: none left) */
    jcc_stub(a, CC_B, STUB_CALL_UNDO, k);
    x64_alu_ri(x, 1, 0, FRAME, (int32_t)sizeof(CFrame));
    x64_op_m(x, 1, 0x8B, R8, FRAME, (int32_t)offsetof(CFrame, mem));
    size_t after = lea_rip(x, RCX);
    x64_op_m(x, 1, 0x89, RCX, FRAME, (int32_t)offsetof(CFrame, resume));
    /* The callee's slots: constants (values are written before they are read). */
    for (int32_t i = g->first_const; i < g->nslots; i++) x64_mov_mi(x, R8, 4 * i, g->init[i]);
    const int32_t *arg = c->cargs + ip->b;
    for (int32_t q = 0; q < ip->c; q++) {
        if (g->param_slot[q] >= 0) {
            load_other(a, RDX, o_slot(arg[q])); /* eax may hold it (the register cache) */
            x64_op_m(x, 0, 0x89, RDX, R8, 4 * g->param_slot[q]);
        } else {
            for (int32_t h = 0; h < 16; h += 8) {
                x64_op_m(x, 1, 0x8B, RDX, BUFS, 16 * arg[q] + h);
                x64_op_m(x, 1, 0x89, RDX, R8, so + 16 * q + h);
            }
        }
    }
    /* The rest of the caller's block out, the callee's entry block in. */
    if (g->entry_ninsts != ip->u.rest) x64_alu_ri(x, 1, 0, INSTS, g->entry_ninsts - ip->u.rest);
    x64_op_r(x, 1, 0x8B, S, R8);
    if (g->nbufs) x64_op_m(x, 1, 0x8D, BUFS, R8, so);
    if (g == c) {
        jmp_rec(a, 0);
    } else {
        mov_imm64(x, RAX, &g->jit_entry);
        x64_put1(x, 0xFF); /* jmp [rax] */
        x64_put1(x, 0x20);
    }
    x64_land(x, after); /* back from the callee, the value in ecx */
    x64_alu_ri(x, 1, 5, FRAME, (int32_t)sizeof(CFrame));
    x64_op_m(x, 1, 0x8B, S, FRAME, (int32_t)offsetof(CFrame, mem));
    if (c->nbufs) x64_op_m(x, 1, 0x8D, BUFS, S, slot_bytes(c));
    if (ip->d >= 0) store(a, ip->d, RCX);
    if (ip->u.rest) x64_alu_ri(x, 1, 0, INSTS, ip->u.rest);
}

/* RET_S, RET_I: with calls, the value in ecx and a jump to the frame's
 * resume (the caller's code, or the return stub); else C reads the value
 * (exec_jit). */
static void ret_template(Asm *a, int32_t k) {
    X64 *x = &a->j.x;
    const CInst *ip = &a->c->code[k];
    if (!a->calls) {
        jmp_stub(a, STUB_EXIT_RECORD, k);
        return;
    }
    if (ip->op == K_RET_S) load_other(a, RCX, o_slot(ip->a));
    else x64_mov_ri(x, RCX, ip->a);
    x64_op_m(x, 0, 0xFF, 4, FRAME, (int32_t)offsetof(CFrame, resume)); /* jmp [r15 + resume] */
}

/* Whether records of opcode op end their block (a terminator, alone or
 * fused with the instructions before it): the next record starts a block. */
static bool ends_block(int op) {
    bool inner = op <= K_SHR_IS || (op >= K_DIV_SS && op <= K_REM_IS) || (op >= K_LADD_L && op <= K_LSHR_R) ||
                 (op >= K_LOAD_S && op <= K_STORE_II) || op == K_MOVI || op == K_COPY || op == K_CALL ||
                 op == K_BUFFER;
    return !inner;
}

/* The template of record k, by its run_exec.h macro family. */
static void emit_template(Asm *a, int32_t k) {
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
        ret_template(a, k);
    } else if (op == K_CALL) {
        call_template(a, k);
    } else if (op == K_BUFFER) {
        jmp_stub(a, STUB_EXIT_RECORD, k); /* C makes it (exec) */
    } else if (op == K_JUMP) {
        take(a, k, 0, k + 1);
    } else if (op == K_BR_S) {
        if (held(a, o_slot(ip->a))) x64_op_r(&a->j.x, 0, 0x85, RAX, RAX); /* test eax, eax */
        else x64_alu_mi(&a->j.x, 7, S, sd(ip->a), 0);                     /* cmp dword [s + 4a], 0 */
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
    X64 *x = &a->j.x;
    a->j.entry_at = x64_entry(x);
    x64_op_m(x, 1, 0x8B, S, RDI, (int32_t)offsetof(JitCtx, s));
    x64_op_m(x, 1, 0x8B, BUFS, RDI, (int32_t)offsetof(JitCtx, bufs));
    x64_op_m(x, 1, 0x8B, LEFT, RDI, (int32_t)offsetof(JitCtx, left));
    x64_op_m(x, 1, 0x8B, INSTS, RDI, (int32_t)offsetof(JitCtx, insts));
    if (a->calls) {
        x64_op_m(x, 1, 0x8B, FRAME, RDI, (int32_t)offsetof(JitCtx, frame));
        x64_op_m(x, 1, 0x8B, FRAME_LIM, RDI, (int32_t)offsetof(JitCtx, frame_lim));
    } else {
        x64_op_m(x, 1, 0x8B, BRK, RDI, (int32_t)offsetof(JitCtx, brk));
        x64_op_m(x, 1, 0x8B, DONE, RDI, (int32_t)offsetof(JitCtx, done));
    }
    x64_op_m(x, 0, 0x8B, EDGE, RDI, (int32_t)offsetof(JitCtx, edge));
    x64_jmp_rax(x);
    a->j.exit_at = (uint32_t)x->n;
    x64_exit_begin(x);
    x64_op_m(x, 1, 0x89, LEFT, RDI, (int32_t)offsetof(JitCtx, left));
    x64_op_m(x, 1, 0x89, INSTS, RDI, (int32_t)offsetof(JitCtx, insts));
    x64_op_m(x, 0, 0x89, EDGE, RDI, (int32_t)offsetof(JitCtx, edge));
    x64_op_m(x, 0, 0x89, RDX, RDI, (int32_t)offsetof(JitCtx, index));
    x64_op_m(x, 1, 0x89, S, RDI, (int32_t)offsetof(JitCtx, s)); /* calls may have changed them */
    x64_op_m(x, 1, 0x89, BUFS, RDI, (int32_t)offsetof(JitCtx, bufs));
    if (a->calls) x64_op_m(x, 1, 0x89, FRAME, RDI, (int32_t)offsetof(JitCtx, frame));
    mov_imm64(x, RCX, a->c); /* the function whose code this is */
    x64_op_m(x, 1, 0x89, RCX, RDI, (int32_t)offsetof(JitCtx, code));
    x64_exit_end(x);
}

/* Record k (jit_translate's emit_record): the register cache as the
 * record before left it (empty at a block's first record), the template. */
static bool emit_record(JitAsm *j, int32_t k) {
    Asm *a = (Asm *)j;
    a->held = a->label[k] ? -1 : a->held_next; /* what the record before left in eax */
    a->held_next = -1;
    emit_template(a, k);
    return true;
}

/* Stub st: an exit, or ROT's slow path (the jump alone: the edge ej into the
 * head's own record, which counts and polls as unfused code does). */
static void emit_stub(JitAsm *j, int32_t st) {
    Asm *a = (Asm *)j;
    JitStub s = j->stub[st];
    if (s.kind == STUB_ROT) {
        const CEdge *ej = a->c->code[s.index].m.ej;
        take_edge(a, ej, ej->ninsts, -1);
        return;
    }
    if (s.kind == STUB_RET) { /* the value (ecx) in index */
        x64_mov_ri(&j->x, RAX, JIT_AT_RETURN);
        x64_op_r(&j->x, 0, 0x8B, RDX, RCX);
        x64_jmp_back(&j->x, j->exit_at);
        return;
    }
    if (s.kind == STUB_CALL_UNDO) x64_alu_ri(&j->x, 1, 0, LEFT, 1); /* the entry back: C counts it */
    jit_exit_stub(j, st, s.kind == STUB_EXIT_EDGE ? JIT_AT_EDGE : JIT_AT_RECORD);
}

McJit *mc_jit_compile(const McCode *c) {
    if (c->nslots > (1 << 28) || c->nbufs > (1 << 20)) return NULL; /* disp32 of slots and buffers */
    Asm a;
    memset(&a, 0, sizeof a);
    int32_t nkey[NSTUB_KINDS] = {c->ncode, c->nedges, c->ncode, c->ncode, 1};
    jit_asm_init(&a.j, c->ncode, NSTUB_KINDS, nkey);
    a.c = c;
    /* A run with calls: the root (table[0]) has a call or a local buffer. */
    a.calls = !c->exact && c->table && c->table[0]->calls;
    int32_t ret_label = a.calls ? jit_stub_label(&a.j, STUB_RET, 0) : 0;
    /* The blocks' first records: the entry's, and each one after a record
     * that ends a block (every edge leads to one of them). */
    uint8_t *label = mc_xcalloc((size_t)(c->ncode ? c->ncode : 1), 1);
    /* After a call or a local buffer too: the run goes on there from C. */
    for (int32_t k = 0; k < c->ncode; k++)
        label[k] = k == 0 || ends_block(c->code[k - 1].op) || c->code[k - 1].op == K_CALL || c->code[k - 1].op == K_BUFFER;
    for (int32_t e = 0; e < c->nedges; e++) /* two per block; a block with fewer leaves ip NULL */
        if (c->edges[e].ip) MC_ASSERT(label[c->edges[e].ip - c->code]);
    a.label = label;
    emit_entry_exit(&a);
    a.held_next = -1;
    McJit *j = NULL;
    X64Prog p;
    if (jit_translate(&a.j, emit_record, emit_stub, &p)) {
        j = mc_xmalloc(sizeof *j);
        j->p = p;
        j->label = label;
        j->ret_stub = a.calls ? p.m.code + a.j.stub[-1 - ret_label].pos : NULL;
        label = NULL;
    }
    free(label);
    jit_asm_free(&a.j);
    return j;
}

void mc_jit_free(McJit *j) {
    if (!j) return;
    x64_prog_unmap(&j->p);
    free((void *)j->label);
    free(j);
}

int mc_jit_enter(const McJit *j, JitCtx *x, int32_t at) {
    MC_ASSERT(j->label[at]); /* the register cache is empty only at a block's start */
    return x64_prog_enter(&j->p, x, at);
}

size_t mc_jit_size(const McJit *j) { return j ? j->p.m.size : 0; }

const void *mc_jit_addr(const McJit *j, int32_t k) { return j->p.m.code + j->p.at[k]; }

const void *mc_jit_ret_stub(const McJit *j) { return j->ret_stub; }

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

const void *mc_jit_addr(const McJit *j, int32_t k) {
    (void)j;
    (void)k;
    return NULL;
}

const void *mc_jit_ret_stub(const McJit *j) {
    (void)j;
    return NULL;
}

#endif
