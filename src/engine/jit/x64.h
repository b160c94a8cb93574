/* x64.h - private to jit/ and the executors (through jit.h): the x86-64
 * encoder shared by the two template compilers, the run path's (exec/jit_x64.c, decoded McCode
 * records) and the allocated machine's (alloc/machine_x64.c, decoded
 * machine records): a growing code buffer with rel32 fix-ups to labels the
 * translator resolves, the instruction emitters both need, the entry and
 * exit frame around a translator's own loads, and the executable mapping
 * (read+write, then read+execute, never both; NULL on a host that refuses).
 * MC_X64 says whether this host has it (x86-64, not Windows, whose calling
 * convention differs); elsewhere x64.c compiles to nothing and the
 * translators to their "no code" functions. Not for callers outside the
 * engine. */
#ifndef MINICC_X64_H
#define MINICC_X64_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#if defined(__x86_64__) && !defined(_WIN32)
#define MC_X64 1
#else
#define MC_X64 0
#endif

#if MC_X64

enum { RAX, RCX, RDX, RBX, RSP, RBP, RSI, RDI, R8, R9, R10, R11, R12, R13, R14, R15 };
/* Condition codes (the low nibble of jcc and setcc); cc ^ 1 is the negation. */
enum { CC_B = 2, CC_AE = 3, CC_E = 4, CC_NE = 5, CC_L = 0xC, CC_GE = 0xD, CC_LE = 0xE, CC_G = 0xF };

typedef struct X64Fix {
    uint32_t pos; /* a rel32 field */
    int32_t to;   /* the translator's label */
} X64Fix;

typedef struct X64 {
    uint8_t *b;
    size_t n, cap;
    X64Fix *fix;
    size_t nfix, capfix;
} X64;

void x64_free(X64 *x);
void x64_put1(X64 *x, unsigned v);
void x64_put4(X64 *x, uint32_t v);
void x64_patch4(X64 *x, size_t pos, uint32_t v);
bool x64_fits8(int32_t v);
/* REX prefix when any bit is needed: w = 64-bit operand, and the high bits
 * of the ModRM reg, the SIB index and the base (or ModRM rm). */
void x64_rex(X64 *x, int w, int reg, int index, int base);
void x64_opcode(X64 *x, unsigned op);
/* ModRM (+ SIB) and displacement of [base + disp]. */
void x64_mem(X64 *x, int reg, int base, int32_t disp);
/* `op reg, [base + disp]` (or the store direction, by opcode). */
void x64_op_m(X64 *x, int w, unsigned op, int reg, int base, int32_t disp);
/* `op reg, rm` between registers. */
void x64_op_r(X64 *x, int w, unsigned op, int reg, int rm);
/* `op reg, [rax + rcx*4]`: a buffer element (p in rax, the checked index in rcx). */
void x64_op_elem(X64 *x, unsigned op, int reg);
/* `mov dword [rax + rcx*4], imm`. */
void x64_mov_elem_imm(X64 *x, int32_t imm);
/* Group-1 operation with an immediate (digit: 0 add, 1 or, 4 and, 5 sub,
 * 6 xor, 7 cmp) on a register, and on a dword in memory. */
void x64_alu_ri(X64 *x, int w, int digit, int rm, int32_t imm);
void x64_alu_mi(X64 *x, int digit, int base, int32_t disp, int32_t imm);
/* `mov dword [base + disp], imm`. */
void x64_mov_mi(X64 *x, int base, int32_t disp, int32_t imm);
void x64_mov_ri(X64 *x, int reg, int32_t imm);
/* `imul reg, reg, imm`. */
void x64_imul_ri(X64 *x, int reg, int32_t imm);
/* Shifts of a dword register (digit 4 shl, 7 sar): by imm & 31, by cl. */
void x64_shift_ri(X64 *x, int digit, int reg, int32_t imm);
void x64_shift_rcl(X64 *x, int digit, int reg);
/* `setcc reg8; movzx reg, reg8`: 0 or 1 from the flags (keeps them). */
void x64_setcc(X64 *x, int cc, int reg);
/* Byte operations on [base + disp]: cmp byte, 0 and mov byte, 1. */
void x64_cmp_byte0(X64 *x, int base, int32_t disp);
void x64_mov_byte1(X64 *x, int base, int32_t disp);
void x64_push(X64 *x, int r);
void x64_pop(X64 *x, int r);
/* Jumps to a label of the translator (patched by x64_resolve), forward
 * within a template (x64_jcc_here / x64_jmp_here return the field,
 * x64_land patches it to here), and to an offset already emitted. */
void x64_jmp_to(X64 *x, int32_t label);
void x64_jcc_to(X64 *x, int cc, int32_t label);
size_t x64_jcc_here(X64 *x, int cc);
size_t x64_jmp_here(X64 *x);
void x64_land(X64 *x, size_t pos);
void x64_jmp_back(X64 *x, size_t to);
/* Every label jump to where(ctx, label), an offset in the buffer. */
void x64_resolve(X64 *x, uint32_t (*where)(const void *ctx, int32_t label), const void *ctx);
/* The entry of a function `int fn(void *ctx, const void *start)`: readable
 * padding before it (clang's -fsanitize=function reads there), endbr64, the
 * callee-saved registers and ctx pushed, rax = start; returns its offset.
 * The translator then loads its state from [rdi + ...] and emits `jmp rax`
 * (x64_jmp_rax). The exit: x64_exit_begin pops ctx into rdi (the
 * translator stores its state back), x64_exit_end restores and returns eax. */
uint32_t x64_entry(X64 *x);
void x64_jmp_rax(X64 *x);
void x64_exit_begin(X64 *x);
void x64_exit_end(X64 *x);

/* Operands of the ALU templates: a dword of the array in rbx ([rbx + 4v]),
 * an immediate, a register. */
enum { X64_SLOT, X64_IMM, X64_REG };
typedef struct X64Opnd {
    int kind;
    int32_t v;
} X64Opnd;
X64Opnd x64_slot(int32_t k);
X64Opnd x64_imm(int32_t v);
X64Opnd x64_reg(int r);
/* reg = o; dst (a slot or a register) = reg. */
void x64_load(X64 *x, int reg, X64Opnd o);
void x64_store(X64 *x, X64Opnd dst, int reg);
/* Flags of eax compared with o (signed). */
void x64_cmp_eax(X64 *x, X64Opnd o);
/* The ALU operations in ir.h's order of the two record sets (ADD SUB MUL
 * LT LE EQ NE AND OR XOR SHL SHR); eax = fn(eax, o) as the mc_i32_* of
 * ir.h: wrapping add, sub, mul; compares 0 or 1; shifts by the count & 31
 * (x86 masks a 32-bit shift's count the same way; shr is arithmetic).
 * Uses ecx for a shift count that is not an immediate. */
enum { X_ADD, X_SUB, X_MUL, X_LT, X_LE, X_EQ, X_NE, X_AND, X_OR, X_XOR, X_SHL, X_SHR };
void x64_arith(X64 *x, int op, X64Opnd o);

/* Executable memory holding a copy of the buffer. */
typedef struct X64Code {
    uint8_t *code;
    size_t size, mapped;
} X64Code;
/* false when the host refuses (or the code is too large for rel32). */
bool x64_map(const X64 *x, X64Code *out);
void x64_unmap(X64Code *m);
/* Calls the function at offset entry: fn(ctx, code + at). */
int x64_call(const X64Code *m, uint32_t entry, void *ctx, uint32_t at);

/* A translated function, as both translators (the run path's and the
 * machine's) keep it: the mapping, the offset of the entry function, and
 * each record's first instruction. */
typedef struct X64Prog {
    X64Code m;
    uint32_t entry;
    uint32_t *at; /* record -> offset; owned */
} X64Prog;
/* Map x; on success the program takes *at (set to NULL). false when the
 * host refuses executable memory (*at is left to the caller). */
bool x64_prog_map(const X64 *x, uint32_t entry, uint32_t **at, X64Prog *out);
void x64_prog_unmap(X64Prog *p);
/* Run from record `at` with the translator's context. */
static inline int x64_prog_enter(const X64Prog *p, void *ctx, int32_t at) {
    return x64_call(&p->m, p->entry, ctx, p->at[at]);
}

#endif
#endif
