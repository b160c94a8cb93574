/* machine_x64.c - the allocated machine's template compiler for x86-64:
 * the decoded records of an McMachineCode (machine_int.h) translated one
 * by one into machine code doing what their handlers in machine.c's exec
 * do, on the encoder and translation driver it shares with the run path's
 * compiler (jit/x64.c, jit/jit.c): one core, two sets of templates.
 * It has no template for a call or a local buffer: a function with calls
 * runs on machine_call.c's machine with frames (mc_machine_run_intr routes
 * it there; docs/machine.md, "Calls"), which has a template compiler of
 * its own (machine_call_x64.c).
 *
 * The machine's first registers are host registers for the whole run, as
 * an allocated machine's would be; the other registers, the spill slots
 * and the constant pool stay in mem, in memory (location i is
 * [rbx + 4i]); a spill slot costs a memory access here as it does on a
 * real machine. The run's state:
 *
 *   rbx  mem                     r12  the MBuf array (bufs)
 *   r13  left, the block-entry countdown
 *   r14  instructions            r15  spill reads
 *   rbp  spill writes            rsi  copies
 *   r8, r9, r10, r11, rdi: machine registers 0-4 (as many as K)
 *   eax, ecx, edx: scratch; the stack holds the MJitCtx pointer
 *
 * Statistics stay exact: every block entry adds its block's static counts
 * (the ones the interpreter multiplies by its entry counts) after the
 * countdown, so the totals are the interpreter's; the C side corrects a
 * trapping block as the interpreter does. What is rare leaves the code
 * through a stub after the records (`mov eax, why; mov edx, index; jmp
 * exit`; the exit stores the host registers back into mem): a record that
 * returns or traps (MJIT_AT_RECORD; C reads the value or the index from
 * mem) and an entry whose countdown is 0 (MJIT_AT_BLOCK: the budget, an
 * interrupt poll), which machine.c's exec_jit checks as the interpreter's
 * slow entry does before entering the code again. Off x86-64 this file
 * compiles to the functions returning "no code". */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jit/jit.h"
#include "minicc/util.h"
#include "machine_int.h"

#if MC_X64

struct MJit {
    X64Prog p; /* record -> offset */
};

enum { MEM = RBX, BUFS = R12, LEFT = R13, INSTS = R14, READS = R15, WRITES = RBP, COPIES = RSI };
static const int host_reg[] = {R8, R9, R10, R11, RDI};
#define NHOST ((int32_t)(sizeof host_reg / sizeof host_reg[0]))

enum { STUB_RECORD, STUB_BLOCK }; /* jit.h's stubs: the exits */

/* The translation (jit.h) and this translator's own state. */
typedef struct Asm {
    JitAsm j;
    const McMachineCode *c;
    int32_t nhost; /* machine registers in host registers */
} Asm;

/* Location i of mem as an operand: a host register or [rbx + 4i]. */
static X64Opnd loc(const Asm *a, int32_t i) { return i < a->nhost ? x64_reg(host_reg[i]) : x64_slot(i); }

/* The first and second operand of a form (0 both in mem, 1 b immediate, 2 a immediate). */
static X64Opnd lhs_of(const Asm *a, const MRec *r, int form) { return form == 2 ? x64_imm(r->a) : loc(a, r->a); }
static X64Opnd rhs_of(const Asm *a, const MRec *r, int form) { return form == 1 ? x64_imm(r->b) : loc(a, r->b); }

/* mem[d] = mem[s] (a move of a list, a copy). */
static void move(Asm *a, int32_t d, int32_t s) {
    X64Opnd od = loc(a, d), os = loc(a, s);
    if (d == s) return;
    if (od.kind == X64_REG) x64_load(&a->j.x, od.v, os);
    else if (os.kind == X64_REG) x64_store(&a->j.x, od, os.v);
    else {
        x64_load(&a->j.x, RAX, os);
        x64_store(&a->j.x, od, RAX);
    }
}

/* ENTER(K) of record k: the countdown (`sub left, 1` borrows exactly when
 * it was 0: the C side checks the entry), the block's static counts, the
 * jump (none when its first record is `next`). */
static void enter(Asm *a, int32_t k, int K, int32_t next) {
    const McMachineCode *c = a->c;
    int32_t b = c->code[k].t[K], to = c->first[b];
    x64_alu_ri(&a->j.x, 1, 5, LEFT, 1);
    x64_jcc_to(&a->j.x, CC_B, jit_stub_label(&a->j, STUB_BLOCK, b));
    /* The block's counts are int64 but fit an imm32 (a block of under 2^31 instructions). */
    if (c->ninsts[b]) x64_alu_ri(&a->j.x, 1, 0, INSTS, c->ninsts[b]);
    if (c->breads[b]) x64_alu_ri(&a->j.x, 1, 0, READS, (int32_t)c->breads[b]);
    if (c->bwrites[b]) x64_alu_ri(&a->j.x, 1, 0, WRITES, (int32_t)c->bwrites[b]);
    if (c->bcopies[b]) x64_alu_ri(&a->j.x, 1, 0, COPIES, (int32_t)c->bcopies[b]);
    if (to != next) x64_jmp_to(&a->j.x, to);
}

/* A branch on the flags' condition cc: ENTER(0) when it holds, else
 * ENTER(1); the side whose block comes next goes last (it falls through). */
static void branch(Asm *a, int32_t k, int cc) {
    const MRec *r = &a->c->code[k];
    int first = a->c->first[r->t[0]] == k + 1 ? 1 : 0;
    size_t other = x64_jcc_here(&a->j.x, first == 0 ? cc ^ 1 : cc);
    enter(a, k, first, -1);
    x64_land(&a->j.x, other);
    enter(a, k, 1 - first, k + 1);
}

/* CHECK(mem[b]) of a load or store of record k: ecx = the index, a trap
 * unless (unsigned) index < len, then rax = the buffer's p. */
static void check(Asm *a, int32_t k) {
    const MRec *r = &a->c->code[k];
    int32_t buf = r->a * (int32_t)sizeof(MBuf);
    x64_load(&a->j.x, RCX, loc(a, r->b));
    x64_op_m(&a->j.x, 0, 0x3B, RCX, BUFS, buf + (int32_t)offsetof(MBuf, len)); /* cmp ecx, len */
    x64_jcc_to(&a->j.x, CC_AE, jit_stub_label(&a->j, STUB_RECORD, k));
    x64_op_m(&a->j.x, 1, 0x8B, RAX, BUFS, buf + (int32_t)offsetof(MBuf, p));
}

/* DIV and REM: a zero divisor traps first; -1 negates (div) or gives 0
 * (rem), as mc_i32_div and mc_i32_rem, so idiv never overflows. */
static void div_rem(Asm *a, int32_t k, bool rem) {
    const MRec *r = &a->c->code[k];
    X64 *x = &a->j.x;
    x64_load(x, RCX, loc(a, r->b));
    x64_op_r(x, 0, 0x85, RCX, RCX); /* test ecx, ecx */
    x64_jcc_to(x, CC_E, jit_stub_label(&a->j, STUB_RECORD, k));
    x64_load(x, RAX, loc(a, r->a));
    x64_alu_ri(x, 0, 7, RCX, -1);
    size_t special = x64_jcc_here(x, CC_E);
    x64_put1(x, 0x99);            /* cdq */
    x64_op_r(x, 0, 0xF7, 7, RCX); /* idiv ecx */
    if (rem) x64_op_r(x, 0, 0x8B, RAX, RDX);
    size_t joined = x64_jmp_here(x);
    x64_land(x, special);
    if (rem) x64_mov_ri(x, RAX, 0);
    else x64_op_r(x, 0, 0xF7, 3, RAX); /* neg eax */
    x64_land(x, joined);
    x64_store(x, loc(a, r->d), RAX);
}

static const int cmp_cc[] = {CC_L, CC_LE, CC_E, CC_NE}; /* MC_CMP_OPS: mc_i32_lt, le, eq, ne */

/* The template of record k; false for a record without one (M_ALU, which
 * no operation decodes to today: every ALU operation has its kind). */
static bool emit_record(JitAsm *j, int32_t k) {
    Asm *a = (Asm *)j;
    const MRec *r = &a->c->code[k];
    X64 *x = &a->j.x;
    int kind = r->kind;
    if (kind < M_BLT) { /* mem[d] = a OP b */
        x64_load(x, RAX, lhs_of(a, r, kind % 3));
        x64_arith(x, kind / 3, rhs_of(a, r, kind % 3));
        x64_store(x, loc(a, r->d), RAX);
    } else if (kind < M_DIV) { /* mem[d] = a CMP b, then the branch on it */
        int f = (kind - M_BLT) % 3, ci = (kind - M_BLT) / 3;
        x64_load(x, RAX, lhs_of(a, r, f));
        x64_cmp_eax(x, rhs_of(a, r, f));
        x64_setcc(x, cmp_cc[ci], RCX); /* setcc, movzx and mov keep the flags */
        x64_store(x, loc(a, r->d), RCX);
        branch(a, k, cmp_cc[ci]);
    } else if (kind == M_DIV || kind == M_REM) {
        div_rem(a, k, kind == M_REM);
    } else if (kind == M_COPY) {
        move(a, r->d, r->a);
    } else if (kind == M_LOAD) {
        check(a, k);
        X64Opnd d = loc(a, r->d);
        x64_op_elem(x, 0x8B, d.kind == X64_REG ? d.v : RAX);
        if (d.kind != X64_REG) x64_store(x, d, RAX);
    } else if (kind == M_STORE) {
        check(a, k);
        X64Opnd v = loc(a, r->d);
        if (v.kind != X64_REG) x64_load(x, RDX, v);
        x64_op_elem(x, 0x89, v.kind == X64_REG ? v.v : RDX);
    } else if (kind == M_RET) {
        x64_jmp_to(x, jit_stub_label(&a->j, STUB_RECORD, k)); /* C reads the value */
    } else if (kind == M_JUMP) {
        enter(a, k, 0, k + 1);
    } else if (kind == M_MOVJ) {
        const int32_t *m = a->c->moves + r->a;
        for (int32_t n = r->b; n > 0; n--, m += 2) move(a, m[0], m[1]);
        enter(a, k, 0, k + 1);
    } else if (kind == M_BR) {
        X64Opnd o = loc(a, r->a);
        if (o.kind == X64_REG) x64_op_r(x, 0, 0x85, o.v, o.v); /* test reg, reg */
        else x64_alu_mi(x, 7, MEM, 4 * r->a, 0);               /* cmp dword [mem + 4a], 0 */
        branch(a, k, CC_NE);
    } else {
        return false;
    }
    return true;
}

/* The entry (rdi = the MJitCtx, rsi = where to start) and the common exit
 * (eax = why, edx = the record or block). */
static void emit_entry_exit(Asm *a) {
    X64 *x = &a->j.x;
    a->j.entry_at = x64_entry(x);
    x64_op_m(x, 1, 0x8B, MEM, RDI, (int32_t)offsetof(MJitCtx, mem));
    x64_op_m(x, 1, 0x8B, BUFS, RDI, (int32_t)offsetof(MJitCtx, bufs));
    x64_op_m(x, 1, 0x8B, LEFT, RDI, (int32_t)offsetof(MJitCtx, left));
    x64_op_m(x, 1, 0x8B, INSTS, RDI, (int32_t)offsetof(MJitCtx, insts));
    x64_op_m(x, 1, 0x8B, READS, RDI, (int32_t)offsetof(MJitCtx, reads));
    x64_op_m(x, 1, 0x8B, WRITES, RDI, (int32_t)offsetof(MJitCtx, writes));
    x64_op_m(x, 1, 0x8B, COPIES, RDI, (int32_t)offsetof(MJitCtx, copies));
    for (int32_t i = 0; i < a->nhost; i++) x64_load(x, host_reg[i], x64_slot(i)); /* rdi last */
    x64_jmp_rax(x);
    a->j.exit_at = (uint32_t)x->n;
    for (int32_t i = 0; i < a->nhost; i++) x64_store(x, x64_slot(i), host_reg[i]);
    x64_exit_begin(x);
    x64_op_m(x, 1, 0x89, LEFT, RDI, (int32_t)offsetof(MJitCtx, left));
    x64_op_m(x, 1, 0x89, INSTS, RDI, (int32_t)offsetof(MJitCtx, insts));
    x64_op_m(x, 1, 0x89, READS, RDI, (int32_t)offsetof(MJitCtx, reads));
    x64_op_m(x, 1, 0x89, WRITES, RDI, (int32_t)offsetof(MJitCtx, writes));
    x64_op_m(x, 1, 0x89, COPIES, RDI, (int32_t)offsetof(MJitCtx, copies));
    x64_op_m(x, 0, 0x89, RDX, RDI, (int32_t)offsetof(MJitCtx, index));
    x64_exit_end(x);
}

static void emit_stub(JitAsm *j, int32_t st) {
    jit_exit_stub(j, st, j->stub[st].kind == STUB_RECORD ? MJIT_AT_RECORD : MJIT_AT_BLOCK);
}

MJit *mc_mjit_compile(const McMachineCode *c) {
    if (c->nmem > (1 << 28) || c->nparams > (1 << 20)) return NULL; /* disp32 of mem and buffers */
    for (int32_t b = 0; b < c->nblocks; b++)
        if (c->ninsts[b] > INT32_MAX / 2 || c->breads[b] > INT32_MAX / 2 || c->bwrites[b] > INT32_MAX / 2 ||
            c->bcopies[b] > INT32_MAX / 2)
            return NULL;
    Asm a;
    memset(&a, 0, sizeof a);
    int32_t nkey[2] = {c->ncode, c->nblocks};
    jit_asm_init(&a.j, c->ncode, 2, nkey);
    a.c = c;
    a.nhost = c->registers < NHOST ? c->registers : NHOST;
    emit_entry_exit(&a);
    MJit *j = NULL;
    X64Prog p;
    if (jit_translate(&a.j, emit_record, emit_stub, &p)) {
        j = mc_xmalloc(sizeof *j);
        j->p = p;
    }
    jit_asm_free(&a.j);
    return j;
}

void mc_mjit_free(MJit *j) {
    if (!j) return;
    x64_prog_unmap(&j->p);
    free(j);
}

int mc_mjit_enter(const MJit *j, MJitCtx *x, int32_t at) { return x64_prog_enter(&j->p, x, at); }

#else /* no template compiler for this host: machine.c interprets */

MJit *mc_mjit_compile(const McMachineCode *c) {
    (void)c;
    return NULL;
}

void mc_mjit_free(MJit *j) { (void)j; }

int mc_mjit_enter(const MJit *j, MJitCtx *x, int32_t at) {
    (void)j;
    (void)x;
    (void)at;
    mc_panic(__FILE__, __LINE__, "no machine code on this host");
    return MJIT_AT_RECORD;
}

#endif
