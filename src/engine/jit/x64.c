/* x64.c - the x86-64 encoder shared by the template compilers (x64.h):
 * the code buffer and its fix-ups, the emitters, the entry and exit frame
 * and the executable mapping. */
#if defined(__x86_64__) && !defined(_WIN32) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* MAP_ANONYMOUS */
#endif

#include "engine/jit/x64.h"

#if MC_X64
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "minicc/util.h"

#ifndef MAP_ANONYMOUS
#define MAP_ANONYMOUS MAP_ANON
#endif

void x64_free(X64 *x) {
    free(x->b);
    free(x->fix);
    memset(x, 0, sizeof *x);
}

void x64_put1(X64 *x, unsigned v) {
    if (x->n == x->cap) {
        x->cap = x->cap ? 2 * x->cap : 4096;
        x->b = mc_xrealloc(x->b, x->cap);
    }
    x->b[x->n++] = (uint8_t)v;
}

void x64_put4(X64 *x, uint32_t v) {
    for (int i = 0; i < 4; i++) x64_put1(x, (v >> (8 * i)) & 0xff);
}

void x64_patch4(X64 *x, size_t pos, uint32_t v) {
    for (int i = 0; i < 4; i++) x->b[pos + (size_t)i] = (uint8_t)(v >> (8 * i));
}

bool x64_fits8(int32_t v) { return v >= -128 && v <= 127; }

void x64_rex(X64 *x, int w, int reg, int index, int base) {
    unsigned r = 0x40u | (unsigned)w << 3 | (unsigned)(reg >> 3 & 1) << 2 | (unsigned)(index >> 3 & 1) << 1 |
                 (unsigned)(base >> 3 & 1);
    if (r != 0x40) x64_put1(x, r);
}

void x64_opcode(X64 *x, unsigned op) {
    if (op > 0xff) x64_put1(x, op >> 8);
    x64_put1(x, op & 0xff);
}

void x64_mem(X64 *x, int reg, int base, int32_t disp) {
    int mod = disp == 0 && (base & 7) != RBP ? 0 : x64_fits8(disp) ? 1 : 2;
    x64_put1(x, (unsigned)(mod << 6 | (reg & 7) << 3 | (base & 7)));
    if ((base & 7) == RSP) x64_put1(x, 0x24); /* rsp, r12: a SIB without index */
    if (mod == 1) x64_put1(x, (unsigned)disp & 0xff);
    if (mod == 2) x64_put4(x, (uint32_t)disp);
}

void x64_op_m(X64 *x, int w, unsigned op, int reg, int base, int32_t disp) {
    x64_rex(x, w, reg, 0, base);
    x64_opcode(x, op);
    x64_mem(x, reg, base, disp);
}

void x64_op_r(X64 *x, int w, unsigned op, int reg, int rm) {
    x64_rex(x, w, reg, 0, rm);
    x64_opcode(x, op);
    x64_put1(x, 0xC0u | (unsigned)(reg & 7) << 3 | (unsigned)(rm & 7));
}

void x64_op_elem(X64 *x, unsigned op, int reg) {
    x64_rex(x, 0, reg, 0, 0);
    x64_opcode(x, op);
    x64_put1(x, (unsigned)((reg & 7) << 3 | 4));
    x64_put1(x, 2u << 6 | RCX << 3 | RAX);
}

void x64_mov_elem_imm(X64 *x, int32_t imm) {
    x64_put1(x, 0xC7);
    x64_put1(x, 0x04);
    x64_put1(x, 2u << 6 | RCX << 3 | RAX);
    x64_put4(x, (uint32_t)imm);
}

void x64_alu_ri(X64 *x, int w, int digit, int rm, int32_t imm) {
    x64_rex(x, w, 0, 0, rm);
    x64_put1(x, x64_fits8(imm) ? 0x83 : 0x81);
    x64_put1(x, 0xC0u | (unsigned)digit << 3 | (unsigned)(rm & 7));
    if (x64_fits8(imm)) x64_put1(x, (unsigned)imm & 0xff);
    else x64_put4(x, (uint32_t)imm);
}

void x64_alu_mi(X64 *x, int digit, int base, int32_t disp, int32_t imm) {
    x64_rex(x, 0, 0, 0, base);
    x64_put1(x, x64_fits8(imm) ? 0x83 : 0x81);
    x64_mem(x, digit, base, disp);
    if (x64_fits8(imm)) x64_put1(x, (unsigned)imm & 0xff);
    else x64_put4(x, (uint32_t)imm);
}

void x64_mov_mi(X64 *x, int base, int32_t disp, int32_t imm) {
    x64_rex(x, 0, 0, 0, base);
    x64_put1(x, 0xC7);
    x64_mem(x, 0, base, disp);
    x64_put4(x, (uint32_t)imm);
}

void x64_mov_ri(X64 *x, int reg, int32_t imm) {
    x64_rex(x, 0, 0, 0, reg);
    x64_put1(x, 0xB8u + (unsigned)(reg & 7));
    x64_put4(x, (uint32_t)imm);
}

void x64_imul_ri(X64 *x, int reg, int32_t imm) {
    x64_rex(x, 0, reg, 0, reg);
    x64_put1(x, x64_fits8(imm) ? 0x6B : 0x69);
    x64_put1(x, 0xC0u | (unsigned)(reg & 7) << 3 | (unsigned)(reg & 7));
    if (x64_fits8(imm)) x64_put1(x, (unsigned)imm & 0xff);
    else x64_put4(x, (uint32_t)imm);
}

void x64_shift_ri(X64 *x, int digit, int reg, int32_t imm) {
    if ((imm & 31) == 0) return;
    x64_rex(x, 0, 0, 0, reg);
    x64_put1(x, 0xC1);
    x64_put1(x, 0xC0u | (unsigned)digit << 3 | (unsigned)(reg & 7));
    x64_put1(x, (unsigned)imm & 31);
}

void x64_shift_rcl(X64 *x, int digit, int reg) {
    x64_rex(x, 0, 0, 0, reg);
    x64_put1(x, 0xD3);
    x64_put1(x, 0xC0u | (unsigned)digit << 3 | (unsigned)(reg & 7));
}

void x64_setcc(X64 *x, int cc, int reg) {
    /* A REX prefix (0x40) makes the byte registers of rsi, rdi, ... reachable. */
    if (reg >= RSP) x64_put1(x, 0x40u | (unsigned)(reg >> 3 & 1));
    x64_put1(x, 0x0F);
    x64_put1(x, 0x90u + (unsigned)cc);
    x64_put1(x, 0xC0u | (unsigned)(reg & 7));
    x64_op_r(x, 0, 0x0FB6, reg, reg); /* movzx reg, reg8 */
}

void x64_cmp_byte0(X64 *x, int base, int32_t disp) {
    x64_rex(x, 0, 0, 0, base);
    x64_put1(x, 0x80);
    x64_mem(x, 7, base, disp);
    x64_put1(x, 0);
}

void x64_mov_byte1(X64 *x, int base, int32_t disp) {
    x64_rex(x, 0, 0, 0, base);
    x64_put1(x, 0xC6);
    x64_mem(x, 0, base, disp);
    x64_put1(x, 1);
}

void x64_push(X64 *x, int r) {
    x64_rex(x, 0, 0, 0, r);
    x64_put1(x, 0x50u + (unsigned)(r & 7));
}

void x64_pop(X64 *x, int r) {
    x64_rex(x, 0, 0, 0, r);
    x64_put1(x, 0x58u + (unsigned)(r & 7));
}

X64Opnd x64_slot(int32_t k) {
    X64Opnd o = {X64_SLOT, k};
    return o;
}

X64Opnd x64_imm(int32_t v) {
    X64Opnd o = {X64_IMM, v};
    return o;
}

X64Opnd x64_reg(int r) {
    X64Opnd o = {X64_REG, r};
    return o;
}

void x64_load(X64 *x, int reg, X64Opnd o) {
    if (o.kind == X64_SLOT) x64_op_m(x, 0, 0x8B, reg, RBX, 4 * o.v);
    else if (o.kind == X64_IMM) x64_mov_ri(x, reg, o.v);
    else if (o.v != reg) x64_op_r(x, 0, 0x8B, reg, o.v);
}

void x64_store(X64 *x, X64Opnd dst, int reg) {
    if (dst.kind == X64_SLOT) x64_op_m(x, 0, 0x89, reg, RBX, 4 * dst.v);
    else if (dst.v != reg) x64_op_r(x, 0, 0x8B, dst.v, reg);
}

void x64_cmp_eax(X64 *x, X64Opnd o) {
    if (o.kind == X64_SLOT) x64_op_m(x, 0, 0x3B, RAX, RBX, 4 * o.v);
    else if (o.kind == X64_IMM) x64_alu_ri(x, 0, 7, RAX, o.v);
    else x64_op_r(x, 0, 0x3B, RAX, o.v);
}

static const unsigned alu_rm_op[] = {0x03, 0x2B, 0x0FAF, 0, 0, 0, 0, 0x23, 0x0B, 0x33, 0, 0};
static const int alu_digit[] = {0, 5, -1, -1, -1, -1, -1, 4, 1, 6, -1, -1};
static const int cmp_cc[] = {CC_L, CC_LE, CC_E, CC_NE};

void x64_arith(X64 *x, int op, X64Opnd o) {
    if (op >= X_LT && op <= X_NE) {
        x64_cmp_eax(x, o);
        x64_setcc(x, cmp_cc[op - X_LT], RAX);
        return;
    }
    if (op == X_SHL || op == X_SHR) {
        int digit = op == X_SHL ? 4 : 7; /* shl, sar */
        if (o.kind == X64_IMM) {
            x64_shift_ri(x, digit, RAX, o.v);
            return;
        }
        x64_load(x, RCX, o);
        x64_shift_rcl(x, digit, RAX);
        return;
    }
    if (o.kind == X64_SLOT) x64_op_m(x, 0, alu_rm_op[op], RAX, RBX, 4 * o.v);
    else if (o.kind == X64_REG) x64_op_r(x, 0, alu_rm_op[op], RAX, o.v);
    else if (op == X_MUL) x64_imul_ri(x, RAX, o.v);
    else x64_alu_ri(x, 0, alu_digit[op], RAX, o.v);
}

static void fix_at(X64 *x, int32_t label) {
    if (x->nfix == x->capfix) {
        x->capfix = x->capfix ? 2 * x->capfix : 256;
        x->fix = mc_xrealloc(x->fix, x->capfix * sizeof *x->fix);
    }
    x->fix[x->nfix].pos = (uint32_t)x->n;
    x->fix[x->nfix].to = label;
    x->nfix++;
    x64_put4(x, 0);
}

void x64_jmp_to(X64 *x, int32_t label) {
    x64_put1(x, 0xE9);
    fix_at(x, label);
}

void x64_jcc_to(X64 *x, int cc, int32_t label) {
    x64_put1(x, 0x0F);
    x64_put1(x, 0x80u + (unsigned)cc);
    fix_at(x, label);
}

size_t x64_jcc_here(X64 *x, int cc) {
    x64_put1(x, 0x0F);
    x64_put1(x, 0x80u + (unsigned)cc);
    size_t pos = x->n;
    x64_put4(x, 0);
    return pos;
}

size_t x64_jmp_here(X64 *x) {
    x64_put1(x, 0xE9);
    size_t pos = x->n;
    x64_put4(x, 0);
    return pos;
}

void x64_land(X64 *x, size_t pos) { x64_patch4(x, pos, (uint32_t)(x->n - (pos + 4))); }

void x64_jmp_back(X64 *x, size_t to) {
    x64_put1(x, 0xE9);
    x64_put4(x, (uint32_t)((int64_t)to - (int64_t)(x->n + 4)));
}

void x64_resolve(X64 *x, uint32_t (*where)(const void *ctx, int32_t label), const void *ctx) {
    for (size_t f = 0; f < x->nfix; f++) {
        uint32_t to = where(ctx, x->fix[f].to);
        x64_patch4(x, x->fix[f].pos, (uint32_t)((int64_t)to - (int64_t)(x->fix[f].pos + 4)));
    }
}

static const int saved[] = {RBX, RBP, R12, R13, R14, R15};

uint32_t x64_entry(X64 *x) {
    for (int i = 0; i < 16; i++) x64_put1(x, 0xCC);
    uint32_t at = (uint32_t)x->n;
    x64_put1(x, 0xF3); /* endbr64 */
    x64_put1(x, 0x0F);
    x64_put1(x, 0x1E);
    x64_put1(x, 0xFA);
    for (int i = 0; i < 6; i++) x64_push(x, saved[i]);
    x64_push(x, RDI);
    x64_op_r(x, 1, 0x8B, RAX, RSI);
    return at;
}

void x64_jmp_rax(X64 *x) {
    x64_put1(x, 0xFF);
    x64_put1(x, 0xE0);
}

void x64_exit_begin(X64 *x) { x64_pop(x, RDI); }

void x64_exit_end(X64 *x) {
    for (int i = 5; i >= 0; i--) x64_pop(x, saved[i]);
    x64_put1(x, 0xC3);
}

enum { X64_MAX_CODE = 1 << 30 }; /* rel32 jumps; no function comes near */

bool x64_map(const X64 *x, X64Code *out) {
    long page = sysconf(_SC_PAGESIZE);
    if (x->n > X64_MAX_CODE || page <= 0) return false;
    size_t mapped = (x->n + (size_t)page - 1) / (size_t)page * (size_t)page;
    void *m = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) return false;
    memcpy(m, x->b, x->n);
    if (mprotect(m, mapped, PROT_READ | PROT_EXEC) != 0) {
        munmap(m, mapped);
        return false;
    }
    out->code = m;
    out->size = x->n;
    out->mapped = mapped;
    return true;
}

void x64_unmap(X64Code *m) {
    if (m->code) munmap(m->code, m->mapped);
    memset(m, 0, sizeof *m);
}

bool x64_prog_map(const X64 *x, uint32_t entry, uint32_t **at, X64Prog *out) {
    if (!x64_map(x, &out->m)) return false;
    out->entry = entry;
    out->at = *at;
    *at = NULL;
    return true;
}

void x64_prog_unmap(X64Prog *p) {
    x64_unmap(&p->m);
    free(p->at);
    p->at = NULL;
}

int x64_call(const X64Code *m, uint32_t entry, void *ctx, uint32_t at) {
    int (*fn)(void *, const void *);
    void *e = m->code + entry;
    memcpy(&fn, &e, sizeof fn); /* ISO C has no object-to-function pointer cast */
    return fn(ctx, m->code + at);
}

#else
typedef int mc_x64_unused; /* ISO C: a translation unit is not empty */
#endif
