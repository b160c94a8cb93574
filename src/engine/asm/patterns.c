/* patterns.c - the instruction patterns of both targets as data (asm.h
 * McAsmPattern), in the order maximal munch tries them, and their listing.
 *
 * A row: the tile's name, the IR shape it covers, the condition (a
 * predicate over McAsmMatch returning the case, -1 when the row does not
 * apply, like the C++ predicates of LLVM's patterns), its forms (per opcode
 * and case, the instruction template with {placeholders}, as QBE's emit
 * tables `omap` give a template per operation), the operands fetched
 * before the text, and what the emitter may add around it (an operand
 * loaded from its slot or a constant into a scratch register, a spilled
 * result stored, the parallel move of a call's arguments).
 *
 * rv64.c walks rv64's table: the first row whose opcodes hold the
 * instruction's and whose predicate accepts the match is the tile, and its
 * text is the form's template expanded (mc_asm_expand). x64.c does the same
 * with x86-64's table.
 * test_asm_patterns.c checks every tile either emitter writes on a corpus
 * against its row (name, cost, mnemonics). */
#include <stdio.h>
#include <string.h>

#include "asm_int.h"

static bool fits12(int64_t c) { return c >= -2048 && c <= 2047; }

/* ---- opcode lists ---------------------------------------------------------------- */

static const int OPS_ADDSUB[] = {MC_OP_ADD, MC_OP_SUB, -1};
static const int OPS_ADD[] = {MC_OP_ADD, -1};
static const int OPS_SUB[] = {MC_OP_SUB, -1};
static const int OPS_MUL[] = {MC_OP_MUL, -1};
static const int OPS_ALU[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_AND, MC_OP_OR, MC_OP_XOR, MC_OP_SHL, MC_OP_SHR, -1};
static const int OPS_ALU6[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_AND, MC_OP_OR, MC_OP_XOR, -1};
static const int OPS_SHIFT[] = {MC_OP_SHL, MC_OP_SHR, -1};
static const int OPS_IMM[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_AND, MC_OP_OR, MC_OP_XOR, MC_OP_SHL, MC_OP_SHR, -1};
static const int OPS_CMP[] = {MC_OP_LT, MC_OP_LE, MC_OP_EQ, MC_OP_NE, -1};
static const int OPS_CMPIMM[] = {MC_OP_LT, MC_OP_EQ, MC_OP_NE, -1};
static const int OPS_DIVREM[] = {MC_OP_DIV, MC_OP_REM, -1};
static const int OPS_DIV[] = {MC_OP_DIV, -1};
static const int OPS_REM[] = {MC_OP_REM, -1};
static const int OPS_LOAD[] = {MC_OP_LOAD, -1};
static const int OPS_STORE[] = {MC_OP_STORE, -1};
static const int OPS_COPY[] = {MC_OP_COPY, -1};
static const int OPS_BUFFER[] = {MC_OP_BUFFER, -1};
static const int OPS_CALL[] = {MC_OP_CALL, -1};
static const int OPS_BRANCH[] = {MC_OP_BRANCH, -1};
static const int OPS_JUMP[] = {MC_OP_JUMP, -1};
static const int OPS_RET[] = {MC_OP_RET, -1};
static const int OPS_NONE[] = {-1}; /* the prologue and the epilogue: no IR instruction */

#define FORMS(a) a, (int32_t)(sizeof a / sizeof a[0])

/* ---- predicates (shared) --------------------------------------------------------- */

static int always(const McAsmMatch *m) {
    (void)m;
    return 0;
}
static int b_nonzero_const(const McAsmMatch *m) { return m->k[1] == MC_AM_CONST && m->c[1] != 0 ? 0 : -1; }
static int dead(const McAsmMatch *m) { return m->x == MC_AM_NONE ? 0 : -1; }
static int same_loc(const McAsmMatch *m) { return m->same ? 0 : -1; }
static int local_const(const McAsmMatch *m) { return m->local ? 0 : -1; }
static int next_t(const McAsmMatch *m) { return m->next_t ? 0 : -1; }
/* a two-way branch: T is next (branch on the inverse to F), F is next, neither (a jump to F after) */
static int two_way(const McAsmMatch *m) { return m->next_t ? 0 : m->next_f ? 1 : 2; }
static int fused(const McAsmMatch *m) { return m->fused ? two_way(m) : -1; }
static int const_cond(const McAsmMatch *m) {
    if (m->k[0] != MC_AM_CONST) return -1;
    return (m->c[0] != 0 ? m->next_t : m->next_f) ? 0 : 1;
}
/* the frame's four shapes: calls (ra kept) or not, the frame fits the immediate or not */
static int frame_case(const McAsmMatch *m) { return (m->calls ? 0 : 1) + (m->far ? 2 : 0); }

/* ---- rv64 ---------------------------------------------------------------------------- */

/* the constant operand as its instruction's immediate: sub adds -c, a shift takes c's low 5 bits */
static int rv_alu_imm(const McAsmMatch *m) {
    if (m->k[1] != MC_AM_CONST) return -1;
    if (m->op == MC_OP_SHL || m->op == MC_OP_SHR) return 0;
    return fits12(m->op == MC_OP_SUB ? -m->c[1] : m->c[1]) ? 0 : -1;
}
static int rv_cmp_imm(const McAsmMatch *m) { return m->k[1] == MC_AM_CONST && fits12(m->c[1]) ? 0 : -1; }
static int rv_copy(const McAsmMatch *m) { return m->k[0] == MC_AM_CONST ? 0 : m->k[0] == MC_AM_REG ? 1 : 2; }
static int rv_buffer(const McAsmMatch *m) { return m->far ? 1 : 0; }
static int rv_ret_a0_in_place(const McAsmMatch *m) {
    return m->in_place && m->x == MC_AM_RESULT ? frame_case(m) : -1;
}
static int rv_ret_in_place(const McAsmMatch *m) { return m->in_place ? frame_case(m) : -1; }
static int rv_ret_a0(const McAsmMatch *m) { return m->x == MC_AM_RESULT ? (m->last ? 0 : 1) : -1; }
static int rv_ret(const McAsmMatch *m) { return m->last ? 0 : 1; }

static const McAsmForm rv_div_const[] = {
    {MC_OP_DIV, 0, "", "# divw (RISC-V has no division trap): INT_MIN / -1 gives INT_MIN, as the IR defines\n"
                       "divw {x}, {a}, {b}"},
    {MC_OP_REM, 0, "", "# remw (RISC-V has no division trap): INT_MIN % -1 gives 0, as the IR defines\n"
                       "remw {x}, {a}, {b}"},
};
static const McAsmForm rv_div_check[] = {
    {MC_OP_DIV, 0, "", "beqz {b}, {divtrap}\n"
                       "# divw (RISC-V has no division trap): INT_MIN / -1 gives INT_MIN, as the IR defines\n"
                       "divw {x}, {a}, {b}"},
    {MC_OP_REM, 0, "", "beqz {b}, {divtrap}\n"
                       "# remw (RISC-V has no division trap): INT_MIN % -1 gives 0, as the IR defines\n"
                       "remw {x}, {a}, {b}"},
};
static const McAsmForm rv_cmp_imm_f[] = {
    {MC_OP_EQ, 0, "", "xori {x}, {a}, {imm}\nseqz {x}, {x}"},
    {MC_OP_NE, 0, "", "xori {x}, {a}, {imm}\nsnez {x}, {x}"},
    {MC_OP_LT, 0, "", "slti {x}, {a}, {imm}"},
};
static const McAsmForm rv_alu_imm_f[] = {
    {MC_OP_ADD, 0, "", "addiw {x}, {a}, {imm}"},  {MC_OP_SUB, 0, "", "addiw {x}, {a}, {-imm}"},
    {MC_OP_AND, 0, "", "andi {x}, {a}, {imm}"},   {MC_OP_OR, 0, "", "ori {x}, {a}, {imm}"},
    {MC_OP_XOR, 0, "", "xori {x}, {a}, {imm}"},   {MC_OP_SHL, 0, "", "slliw {x}, {a}, {imm5}"},
    {MC_OP_SHR, 0, "", "sraiw {x}, {a}, {imm5}"},
};
static const McAsmForm rv_cmp_reg_f[] = {
    {MC_OP_LE, 0, "a <= b is !(b < a)", "slt {x}, {b}, {a}\nxori {x}, {x}, 1"},
    {MC_OP_EQ, 0, "", "subw {x}, {a}, {b}\nseqz {x}, {x}"},
    {MC_OP_NE, 0, "", "subw {x}, {a}, {b}\nsnez {x}, {x}"},
    {MC_OP_LT, 0, "", "slt {x}, {a}, {b}"},
};
static const McAsmForm rv_alu_reg_f[] = {
    {MC_OP_ADD, 0, "", "addw {x}, {a}, {b}"}, {MC_OP_SUB, 0, "", "subw {x}, {a}, {b}"},
    {MC_OP_MUL, 0, "", "mulw {x}, {a}, {b}"}, {MC_OP_AND, 0, "", "and {x}, {a}, {b}"},
    {MC_OP_OR, 0, "", "or {x}, {a}, {b}"},    {MC_OP_XOR, 0, "", "xor {x}, {a}, {b}"},
    {MC_OP_SHL, 0, "", "sllw {x}, {a}, {b}"}, {MC_OP_SHR, 0, "", "sraw {x}, {a}, {b}"},
};
static const McAsmForm rv_load_local_f[] = {{-1, 0, "", "lw {x}, {elem}"}};
static const McAsmForm rv_load_f[] = {
    {-1, 0, "", "ld t6, {len}\nbgeu {i}, t6, {stub}\nslli t5, {i}, 2\nld t6, {base}\nadd t5, t5, t6\nlw {x}, 0(t5)"}};
static const McAsmForm rv_store_local_f[] = {{-1, 0, "", "sw {v}, {elem}"}};
static const McAsmForm rv_store_f[] = {
    {-1, 0, "", "ld t6, {len}\nbgeu {i}, t6, {stub}\nslli t5, {i}, 2\nld t6, {base}\nadd t5, t5, t6\nsw {v}, 0(t5)"}};
static const McAsmForm rv_nothing[] = {{-1, 0, "", ""}};
static const McAsmForm rv_copy_same_f[] = {{-1, 0, "", "# {ir}: same location ({xloc}), nothing to do"}};
static const McAsmForm rv_copy_f[] = {
    {-1, 0, "a constant", "li {x}, {imm}"},
    {-1, 1, "from a register", "mv {x}, {a}"},
    {-1, 2, "from a slot", "lw {x}, {aslot}"},
};
#define RV_ZERO_LOOP "sd t5, {desc}\nli t6, {n}\nsd t6, {desclen}\nslli t6, t6, 2\nadd t6, t6, t5\n1:\n" \
                     "sw zero, 0(t5)\naddi t5, t5, 4\nbltu t5, t6, 1b"
static const McAsmForm rv_buffer_f[] = {
    {-1, 0, "the storage's offset fits 12 bits", "addi t5, s0, {store}\n" RV_ZERO_LOOP},
    {-1, 1, "it does not", "li t5, {store}\nadd t5, t5, s0\n" RV_ZERO_LOOP},
};
static const McAsmForm rv_call_f[] = {{-1, 0, "", "ld t6, -24(s0)\ncall {callee}"}};
static const McAsmForm rv_fused_f[] = {
    {MC_OP_LT, 0, "T is next", "bge {a}, {b}, {F}"},
    {MC_OP_LT, 1, "F is next", "blt {a}, {b}, {T}"},
    {MC_OP_LT, 2, "neither", "blt {a}, {b}, {T}\nj {F}"},
    {MC_OP_LE, 0, "T is next", "blt {b}, {a}, {F}"},
    {MC_OP_LE, 1, "F is next", "bge {b}, {a}, {T}"},
    {MC_OP_LE, 2, "neither", "bge {b}, {a}, {T}\nj {F}"},
    {MC_OP_EQ, 0, "T is next", "bne {a}, {b}, {F}"},
    {MC_OP_EQ, 1, "F is next", "beq {a}, {b}, {T}"},
    {MC_OP_EQ, 2, "neither", "beq {a}, {b}, {T}\nj {F}"},
    {MC_OP_NE, 0, "T is next", "beq {a}, {b}, {F}"},
    {MC_OP_NE, 1, "F is next", "bne {a}, {b}, {T}"},
    {MC_OP_NE, 2, "neither", "bne {a}, {b}, {T}\nj {F}"},
};
static const McAsmForm rv_const_f[] = {
    {-1, 0, "the target taken is next", ""},
    {-1, 1, "it is not", "j {to}"},
};
static const McAsmForm rv_bnez_f[] = {
    {-1, 0, "T is next", "beqz {a}, {F}"},
    {-1, 1, "F is next", "bnez {a}, {T}"},
    {-1, 2, "neither", "bnez {a}, {T}\nj {F}"},
};
static const McAsmForm rv_fall_f[] = {{-1, 0, "", "# {ir}: falls through"}};
static const McAsmForm rv_jump_f[] = {{-1, 0, "", "j {T}"}};
#define RV_EPILOGUE_FORMS                                                                                      \
    {-1, 0, "calls, frame fits 12 bits", "ld ra, {fra}(sp)\nld s0, {fs0}(sp)\naddi sp, sp, {frame}\nret"},     \
        {-1, 1, "no calls, frame fits 12 bits", "ld s0, {fs0}(sp)\naddi sp, sp, {frame}\nret"},                \
        {-1, 2, "calls, a larger frame", "ld ra, -8(s0)\nmv t5, s0\nld s0, -16(s0)\nmv sp, t5\nret"},          \
        {-1, 3, "no calls, a larger frame", "mv t5, s0\nld s0, -16(s0)\nmv sp, t5\nret"}
static const McAsmForm rv_epilogue_f[] = {RV_EPILOGUE_FORMS};
static const McAsmForm rv_ret_f[] = {
    {-1, 0, "the last block: the epilogue follows", ""},
    {-1, 1, "another block", "j {ret}"},
};
#define RV_DEPTH ";prologue: depth check (at most {maxdepth} frames; the budget in t6)\naddi t6, t6, -1\n"
static const McAsmForm rv_prologue_f[] = {
    {-1, 0, "calls, frame fits 12 bits",
     ";prologue: frame of {frame} bytes\naddi sp, sp, {-frame}\nsd ra, {fra}(sp)\nsd s0, {fs0}(sp)\n"
     "addi s0, sp, {frame}\n" RV_DEPTH "sd t6, -24(s0)\nbltz t6, {depth}"},
    {-1, 1, "no calls, frame fits 12 bits",
     ";prologue: frame of {frame} bytes\naddi sp, sp, {-frame}\nsd s0, {fs0}(sp)\naddi s0, sp, {frame}\n" RV_DEPTH
     "bltz t6, {depth}"},
    {-1, 2, "calls, a larger frame",
     ";prologue: frame of {frame} bytes\nli t5, {frame}\nsub sp, sp, t5\nadd t5, sp, t5\nsd ra, -8(t5)\n"
     "sd s0, -16(t5)\nmv s0, t5\n" RV_DEPTH "sd t6, -24(s0)\nbltz t6, {depth}"},
    {-1, 3, "no calls, a larger frame",
     ";prologue: frame of {frame} bytes\nli t5, {frame}\nsub sp, sp, t5\nadd t5, sp, t5\nsd s0, -16(t5)\n"
     "mv s0, t5\n" RV_DEPTH "bltz t6, {depth}"},
};

#define RV_OPERANDS "li lw", "an operand in a slot (lw) or a constant that is not an immediate (li) into t5/t6"
#define RV_OPERANDS_RES \
    "li lw sw", "an operand in a slot (lw) or a constant that is not an immediate (li) into t5/t6; a spilled result stored (sw)"

const McAsmPattern mc_asm_rv64_table[MC_ASM_RV64_NPATTERNS] = {
    {"div/rem by a constant", MC_TILE_INST, OPS_DIVREM, "x = div|rem a, C", "C is a non-zero constant: it cannot trap, no check",
     b_nonzero_const, FORMS(rv_div_const), "a b", 0, 3, RV_OPERANDS_RES},
    {"div/rem + zero check", MC_TILE_INST, OPS_DIVREM, "x = div|rem a, b", "any other divisor (RISC-V does not trap on division)",
     always, FORMS(rv_div_check), "a b", 0, 3, RV_OPERANDS_RES},
    {"cmp reg, imm", MC_TILE_INST, OPS_CMPIMM, "x = lt|eq|ne a, IMM", "IMM fits 12 bits (a constant first operand of eq/ne goes second)",
     rv_cmp_imm, FORMS(rv_cmp_imm_f), "a", 0, 2, RV_OPERANDS_RES},
    {"alu reg, imm", MC_TILE_INST, OPS_IMM, "x = add|sub|and|or|xor|shl|shr a, IMM",
     "IMM fits 12 bits (sub: -IMM; shifts: any count, its low 5 bits); a constant first operand of a commutative op goes second",
     rv_alu_imm, FORMS(rv_alu_imm_f), "a", 0, 2, RV_OPERANDS_RES},
    {"cmp reg, reg", MC_TILE_INST, OPS_CMP, "x = lt|le|eq|ne a, b", "any operands", always, FORMS(rv_cmp_reg_f), "a b", 0, 3,
     RV_OPERANDS_RES},
    {"alu reg, reg", MC_TILE_INST, OPS_ALU, "x = add|sub|mul|and|or|xor|shl|shr a, b", "any operands", always,
     FORMS(rv_alu_reg_f), "a b", 0, 3, RV_OPERANDS_RES},
    {"load local[const] (no check)", MC_TILE_INST, OPS_LOAD, "x = load B, C",
     "B is a local buffer (its length known) and 0 <= C < its length", local_const, FORMS(rv_load_local_f), "", 0, 3,
     "li add sw", "an offset beyond 12 bits: li + add of the address first; a spilled result stored (sw)"},
    {"load (bounds-checked)", MC_TILE_INST, OPS_LOAD, "x = load b, i", "any other load", always, FORMS(rv_load_f), "i", 0,
     2, RV_OPERANDS_RES},
    {"store local[const] (no check)", MC_TILE_INST, OPS_STORE, "store B, C, v",
     "B is a local buffer (its length known) and 0 <= C < its length", local_const, FORMS(rv_store_local_f), "", 0, 5,
     "li lw add sd ld",
     "the value in a slot (lw) or a constant (li) into t6; an offset beyond 12 bits: li + add of the address first "
     "(through t5, parked with sd/ld, when the value is in t6)"},
    {"store (bounds-checked)", MC_TILE_INST, OPS_STORE, "store b, i, v", "any other store", always, FORMS(rv_store_f), "i",
     0, 2, RV_OPERANDS},
    {"copy (dead: nothing)", MC_TILE_INST, OPS_COPY, "x = copy a", "x has no location", dead, FORMS(rv_nothing), "", 0, 0,
     "", ""},
    {"copy (same location: nothing)", MC_TILE_INST, OPS_COPY, "x = copy a", "a and x share a location", same_loc,
     FORMS(rv_copy_same_f), "", 0, 0, "", ""},
    {"copy", MC_TILE_INST, OPS_COPY, "x = copy a", "any other copy", rv_copy, FORMS(rv_copy_f), "", 0, 1, "sw",
     "a spilled destination: the value into t5, then stored (sw)"},
    {"local buffer (zeroed)", MC_TILE_INST, OPS_BUFFER, "b = buffer N", "always", rv_buffer, FORMS(rv_buffer_f), "", 0, 0,
     "", ""},
    {"call", MC_TILE_INST, OPS_CALL, "x = call f(args)", "always", always, FORMS(rv_call_f), "", 0, -1, "sw lw ld sd mv li",
     "the caller saves (sw before, lw after), the arguments as one parallel move into a0-a7 and the stack, the result "
     "from a0"},
    {"cmp + branch (fused)", MC_TILE_TERM, OPS_CMP, "c = lt|le|eq|ne a, b; branch c, T, F",
     "the compare is the block's last instruction, its only use is the branch and its location is dead after it",
     fused, FORMS(rv_fused_f), "a b", 0, 2, RV_OPERANDS},
    {"branch on a constant", MC_TILE_TERM, OPS_BRANCH, "branch C, T, F", "the condition is a constant", const_cond,
     FORMS(rv_const_f), "", 0, 0, "", ""},
    {"branch (bnez)", MC_TILE_TERM, OPS_BRANCH, "branch c, T, F", "any other branch", two_way, FORMS(rv_bnez_f), "", 0, 1,
     RV_OPERANDS},
    {"jump (fall-through)", MC_TILE_TERM, OPS_JUMP, "jump T", "T is the next block", next_t, FORMS(rv_fall_f), "", 0, 0,
     "", ""},
    {"jump", MC_TILE_TERM, OPS_JUMP, "jump T", "any other jump", always, FORMS(rv_jump_f), "", 0, 0, "", ""},
    {"return (computed in a0, epilogue in place)", MC_TILE_TERM, OPS_RET, "return x",
     "x was computed in a0 (the peephole), the block is not the last and at most 2 callee-saved registers are restored",
     rv_ret_a0_in_place, FORMS(rv_epilogue_f), "", 0, 6, "ld li add",
     "the callee-saved registers restored (ld; li + add first for an offset beyond 12 bits)"},
    {"return (epilogue in place)", MC_TILE_TERM, OPS_RET, "return a",
     "the block is not the last and at most 2 callee-saved registers are restored", rv_ret_in_place,
     FORMS(rv_epilogue_f), "", 0, 7, "li mv lw ld add",
     "the value into a0 (li, mv or lw); the callee-saved registers restored (ld)"},
    {"return (computed in a0)", MC_TILE_TERM, OPS_RET, "return x", "x was computed in a0 (the peephole)", rv_ret_a0,
     FORMS(rv_ret_f), "", 0, 0, "", ""},
    {"return", MC_TILE_TERM, OPS_RET, "return a", "any other return", rv_ret, FORMS(rv_ret_f), "", 0, 3, "li mv lw add",
     "the value into a0 (li, mv or lw)"},
    {"prologue", MC_TILE_PROLOGUE, OPS_NONE, "(the function's entry)", "every function", frame_case,
     FORMS(rv_prologue_f), "", 0, -1, "sd ld sw lw mv li add",
     "the callee-saved registers the allocation writes stored (sd), the parameters moved from a0-a7 and the stack to "
     "their locations as one parallel move"},
    {"epilogue", MC_TILE_EPILOGUE, OPS_NONE, "(the shared return path)", "every function", frame_case,
     FORMS(rv_epilogue_f), "", 0, -1, "ld li add",
     "the callee-saved registers restored (ld; li + add first for an offset beyond 12 bits)"},
};

static const McAsmPlaceholder rv_placeholders[] = {
    {"x", "the destination's register (t5 when it is spilled, then stored; a0 for the peephole)"},
    {"a", "the first operand's register (a constant or a slot fetched into t5; zero for 0)"},
    {"b", "the second operand's register (fetched into t6)"},
    {"imm", "the constant operand"},
    {"-imm", "the constant operand negated"},
    {"imm5", "the constant operand's low 5 bits"},
    {"aslot", "the source's spill slot, off(s0)"},
    {"xloc", "the destination's location"},
    {"i", "the index's register (fetched into t5)"},
    {"v", "the stored value's register (fetched into t6)"},
    {"len", "the buffer's length in its descriptor, off(s0)"},
    {"base", "the buffer's address in its descriptor, off(s0)"},
    {"stub", "the out-of-line bounds stub (it hands the index and length to the trap)"},
    {"elem", "the local buffer's element at the constant index, off(s0)"},
    {"desc", "the buffer's descriptor, off(s0)"},
    {"desclen", "its length doubleword, off(s0)"},
    {"store", "the local buffer's storage, offset from s0"},
    {"n", "the local buffer's length"},
    {"divtrap", "the function's division trap label"},
    {"callee", "the called function's label"},
    {"T", "the branch's first target (its block's label)"},
    {"F", "the second target"},
    {"to", "the target a constant condition takes"},
    {"ret", "the function's shared epilogue"},
    {"ir", "the IR instruction (a comment)"},
    {"frame", "the frame's size in bytes"},
    {"-frame", "the frame's size negated"},
    {"fra", "ra's offset from sp (frame - 8)"},
    {"fs0", "s0's offset from sp (frame - 16)"},
    {"depth", "the function's depth trap label"},
    {"maxdepth", "the depth limit (frames)"},
};

/* ---- x86-64 ------------------------------------------------------------------------- */

/* The predicates of x86-64's rows.
 * x is where the result is computed (a register: a spilled result's is
 * r11), same / same_b: that register holds a / b (a commutative operation
 * takes b first when x is b's register and not a's). */
static int x_lea_imm_p(const McAsmMatch *m) {
    return m->x == MC_AM_REG && m->k[0] == MC_AM_REG && m->k[1] == MC_AM_CONST && !m->same && m->c[1] != 0 &&
                   m->c[1] != INT32_MIN
               ? 0
               : -1;
}
static int x_lea_reg_p(const McAsmMatch *m) {
    return m->x == MC_AM_REG && m->k[0] == MC_AM_REG && m->k[1] == MC_AM_REG && !m->same && !m->same_b ? 0 : -1;
}
static int x_imul_imm_p(const McAsmMatch *m) { return (m->k[0] == MC_AM_CONST) != (m->k[1] == MC_AM_CONST) ? 0 : -1; }
static int x_through_r11_p(const McAsmMatch *m) { return m->same_b && !m->same ? 0 : -1; }
static int x_b_const(const McAsmMatch *m) { return m->k[1] == MC_AM_CONST ? 0 : -1; }
static int x_b_slot(const McAsmMatch *m) { return m->k[1] == MC_AM_SLOT ? 0 : -1; }
static int x_shift_imm_p(const McAsmMatch *m) {
    return m->k[1] == MC_AM_CONST && ((uint32_t)m->c[1] & 31u) != 0 ? 0 : -1;
}
static int x_mov_reg_imm(const McAsmMatch *m) {
    return m->x == MC_AM_REG && m->k[0] == MC_AM_CONST ? (m->c[0] == 0 ? 1 : 0) : -1;
}
static int x_mov_slot_imm(const McAsmMatch *m) { return m->x == MC_AM_SLOT && m->k[0] == MC_AM_CONST ? 0 : -1; }
static int x_mov_slot_slot(const McAsmMatch *m) { return m->x == MC_AM_SLOT && m->k[0] == MC_AM_SLOT ? 0 : -1; }
static int x_mov_slot_reg(const McAsmMatch *m) { return m->x == MC_AM_SLOT ? 0 : -1; }
static int x_mov_reg_slot(const McAsmMatch *m) { return m->k[0] == MC_AM_SLOT ? 0 : -1; }
/* a compare with 0 is a test of a register (a constant a goes through r11 first) */
static int x_setcc_p(const McAsmMatch *m) {
    return m->k[1] == MC_AM_CONST && m->c[1] == 0 && m->k[0] != MC_AM_SLOT ? 1 : 0;
}

/* a load or store: the five cases of x_load and x_store */
static int x_mem_p(const McAsmMatch *m) {
    bool via = m->k[1] == MC_AM_SLOT || (m->k[1] == MC_AM_CONST && m->far);
    if (via) return m->checked ? 4 : 2;
    if (m->checked) return 3;
    return m->k[1] == MC_AM_CONST ? 1 : 0;
}
static int x_buffer_p(const McAsmMatch *m) { return m->c[0] > 0 ? 0 : 1; }
/* a conditional jump's five cases (after threading): T is next, F is next,
 * neither, both one block elsewhere, both the next block */
static int x_jcc(const McAsmMatch *m) {
    if (m->one_target) return m->next_t ? 4 : 3;
    return m->next_t ? 0 : m->next_f ? 1 : 2;
}

/* a compare before the jump: cmp (cases 0-4), or test of a register with itself for 0 (5-9) */
static int x_cmp_jcc(const McAsmMatch *m) { return (x_setcc_p(m) ? 5 : 0) + x_jcc(m); }
static int x_fused_threaded_p(const McAsmMatch *m) { return m->fused && m->threaded ? x_cmp_jcc(m) : -1; }
static int x_fused_p(const McAsmMatch *m) { return m->fused ? x_cmp_jcc(m) : -1; }
static int x_to_test_p(const McAsmMatch *m) { return m->to_test ? x_cmp_jcc(m) : -1; }
static int x_threaded_p(const McAsmMatch *m) { return m->threaded ? 0 : -1; }
static int x_branch_slot_p(const McAsmMatch *m) { return m->k[0] == MC_AM_SLOT ? x_jcc(m) : -1; }
static int x_ret_eax_in_place_p(const McAsmMatch *m) { return m->in_place && m->x == MC_AM_RESULT ? 0 : -1; }
static int x_ret_in_place_p(const McAsmMatch *m) { return m->in_place ? 0 : -1; }
static int x_ret_eax_p(const McAsmMatch *m) { return m->x == MC_AM_RESULT ? (m->last ? 0 : 1) : -1; }
static int x_ret_p(const McAsmMatch *m) { return m->last ? 0 : 1; }
/* the prologue's three shapes: calls (the budget kept), no calls, no frame at all (c[0]: the frame's size) */
static int x_prologue_p(const McAsmMatch *m) { return m->calls ? 0 : m->c[0] != 0 ? 1 : 2; }

/* division by a constant C (-1 and 1 before 2^k: |C| = 1 is no power of two here) */
static uint32_t x_abs(int64_t c) { return c < 0 ? (uint32_t)(-c) : (uint32_t)c; }
static int x_div_by_p(const McAsmMatch *m, int64_t c) { return m->k[1] == MC_AM_CONST && m->c[1] == c ? 0 : -1; }
static int x_div0_p(const McAsmMatch *m) { return x_div_by_p(m, 0); }
static int x_div_m1_p(const McAsmMatch *m) { return x_div_by_p(m, -1); }
static int x_div_1_p(const McAsmMatch *m) { return x_div_by_p(m, 1); }
static int x_pow2(const McAsmMatch *m) {
    uint32_t ad = x_abs(m->c[1]);
    return m->k[1] == MC_AM_CONST && ad >= 2 && (ad & (ad - 1)) == 0;
}
/* the remainder's finish: straight into x's register when it is not a's */
static int x_rem_finish(const McAsmMatch *m) { return m->x == MC_AM_REG && !m->same ? 0 : 1; }
static int x_rem2k_p(const McAsmMatch *m) { return x_pow2(m) ? x_rem_finish(m) : -1; }
static int x_div2k_p(const McAsmMatch *m) { return x_pow2(m) ? (m->c[1] < 0 ? 1 : 0) : -1; }
/* the magic sequences' case: the dividend (variable, constant >= 0, constant < 0), magic >= 2^31 */
static int x_magic_case(const McAsmMatch *m) {
    uint64_t mg;
    int p;
    mc_asm_magic_s32(x_abs(m->c[1]), &mg, &p);
    return (m->k[0] != MC_AM_CONST ? 0 : m->c[0] >= 0 ? 4 : 8) + (mg >= 0x80000000u ? 2 : 0);
}
static int x_remmagic_p(const McAsmMatch *m) { return m->k[1] == MC_AM_CONST ? x_magic_case(m) + x_rem_finish(m) : -1; }
static int x_divmagic_p(const McAsmMatch *m) {
    return m->k[1] == MC_AM_CONST ? x_magic_case(m) + (m->c[1] < 0 ? 1 : 0) : -1;
}
static int x_idiv_p(const McAsmMatch *m) {
    return (m->k[1] == MC_AM_SLOT ? 1 : 0) + (m->k[0] == MC_AM_CONST && m->c[0] == 0 ? 2 : 0);
}

static const McAsmForm x_lea_imm[] = {{-1, 0, "", "lea {x}, [{a64} {disp}]"}};
static const McAsmForm x_lea_reg[] = {{-1, 0, "", "lea {x}, [{a64} + {b64}]"}};
static const McAsmForm x_imul_imm[] = {{-1, 0, "", "imul {x}, {a}, {imm}"}};
static const McAsmForm x_r11[] = {{MC_OP_SUB, 0, "", "mov r11d, {b}\nsub {xa}, r11d"}};
static const McAsmForm x_alu[] = {
    {MC_OP_ADD, 0, "", "add {xa}, {b}"}, {MC_OP_SUB, 0, "", "sub {xa}, {b}"}, {MC_OP_MUL, 0, "", "imul {xa}, {b}"},
    {MC_OP_AND, 0, "", "and {xa}, {b}"}, {MC_OP_OR, 0, "", "or {xa}, {b}"},   {MC_OP_XOR, 0, "", "xor {xa}, {b}"},
};
static const McAsmForm x_shift_imm[] = {{MC_OP_SHL, 0, "", "shl {xa}, {imm5}"}, {MC_OP_SHR, 0, "", "sar {xa}, {imm5}"}};
static const McAsmForm x_shift_cl[] = {{MC_OP_SHL, 0, "", "mov ecx, {b}\nshl {xa}, cl"},
                                       {MC_OP_SHR, 0, "", "mov ecx, {b}\nsar {xa}, cl"}};
static const McAsmForm x_mov_imm[] = {{-1, 0, "", "mov {x}, {a}"}, {-1, 1, "the constant 0", "xor {x}, {x}"}};
/* division by a constant: all in r11 (rax, rcx and rdx may hold values) */
static const McAsmForm x_nothing[] = {{-1, 0, "", ""}};
static const McAsmForm x_div0[] = {{-1, 0, "", "jmp minicc_trap_div"}};
static const McAsmForm x_neg[] = {{-1, 0, "", "neg {xa}"}};
/* the bias 2^k - 1 for a negative n: the sign (sar 31) shifted right by 32 - k */
#define X_BIAS "mov r11d, {a}\nsar r11d, 31\nshr r11d, {32-k}\nadd r11d, {a}\n"
static const McAsmForm x_div2k[] = {
    {-1, 0, "C > 0", X_BIAS "sar r11d, {k}\nmov {x}, r11d"},
    {-1, 1, "C < 0", X_BIAS "sar r11d, {k}\nneg r11d\nmov {x}, r11d"},
};
/* x = a - r11d: into x's register when it is not a's (mov, sub), else in r11 (neg, add) and moved */
#define X_REM_FINISH(v, what, body)                                                                 \
    {-1, v, what "x in a register other than a's", body "sub {xa}, r11d"},                          \
        {-1, v + 1, what "x in a's register, a slot or nowhere", body "neg r11d\nadd r11d, {a}\nmov {x}, r11d"}
static const McAsmForm x_rem2k[] = {X_REM_FINISH(0, "", X_BIAS "and r11d, {-2^k}\n")};
/* n*m in 64 bits (m >= 2^31 is no imm32: n*(m - 2^32), whose high half
 * plus n is the high half of n*m, then the rest of the shift), then plus 1
 * for a negative n; a constant n is loaded with mov and its sign known */
#define X_MUL(ld) ld " r11, {a}\nimul r11, r11, {magic}\nsar r11, {p}\n"
#define X_MUL_BIG(ld) ld " r11, {a}\nimul r11, r11, {magic-2^32}\nsar r11, 32\nadd r11d, {a}\nsar r11d, {p-32}\n"
#define X_FIX "bt {a}, 31\nadc r11d, 0\n"
#define X_DIVQ(v, what, q)                                                       \
    {-1, v, what ", C > 0", q "mov {x}, r11d"}, {-1, v + 1, what ", C < 0", q "neg r11d\nmov {x}, r11d"}
#define X_REMQ(v, what, q) X_REM_FINISH(v, what ", ", q "imul r11d, r11d, {|C|}\n")
#define X_MAGIC_FORMS(F)                                                                                  \
    F(0, "a variable", X_MUL("movsxd") X_FIX), F(2, "a variable, magic >= 2^31", X_MUL_BIG("movsxd") X_FIX), \
        F(4, "a constant >= 0", X_MUL("mov")), F(6, "a constant >= 0, magic >= 2^31", X_MUL_BIG("mov")),      \
        F(8, "a constant < 0", X_MUL("mov") "add r11d, 1\n"),                                                \
        F(10, "a constant < 0, magic >= 2^31", X_MUL_BIG("mov") "add r11d, 1\n")
static const McAsmForm x_divmagic[] = {X_MAGIC_FORMS(X_DIVQ)};
static const McAsmForm x_remmagic[] = {X_MAGIC_FORMS(X_REMQ)};
/* the divisor read where it is (a register other than rax and rdx, or its slot); the dividend into eax */
#define X_IDIV(chk, ld, q)                                                                                       \
    chk "jz minicc_trap_div\n" ld "cmp {b}, -1\nje {L1}\ncdq\nidiv {b}\njmp {L2}\n{L1}:\n" q "{L2}:\nmov {x}, {q}"
#define X_IDIV_FORMS(op, q)                                                                                      \
    {op, 0, "b in a register", X_IDIV("test {b}, {b}\n", "mov eax, {a}\n", q)},                                  \
        {op, 1, "b in a slot", X_IDIV("cmp {b}, 0\n", "mov eax, {a}\n", q)},                                     \
        {op, 2, "b in a register, a is 0", X_IDIV("test {b}, {b}\n", "xor eax, eax\n", q)},                      \
        {op, 3, "b in a slot, a is 0", X_IDIV("cmp {b}, 0\n", "xor eax, eax\n", q)}
static const McAsmForm x_idiv[] = {X_IDIV_FORMS(MC_OP_DIV, "neg eax\n"), X_IDIV_FORMS(MC_OP_REM, "xor edx, edx\n")};
static const McAsmForm x_setcc[] = {
    {-1, 0, "", "cmp {a}, {b}\nset{cc} {x8}\nmovzx {x}, {x8}"},
    {-1, 1, "b is 0, a not in a slot: the same flags", "test {a}, {a}\nset{cc} {x8}\nmovzx {x}, {x8}"},
};
/* a load or store: the check (none when the index was checked before), the
 * base (its mov a move of r11 to itself, left out, when r11 holds it), the
 * element; an index in a slot, or a constant outside [0, 2^28], goes
 * through r11, which then holds the element's address */
#define X_CHECK_REG "cmp {i}, {len}\njae {stub}\n"
#define X_CHECK_IMM "cmp {len}, {i}\njbe {stub}\n"
#define X_VIA_R11(check) "mov r11d, {i}\n" check "shl r11, 2\nadd r11, {base}\n"
#define X_MEM_FORMS(access, at_r11)                                                                      \
    {-1, 0, "the index in a register", X_CHECK_REG "mov r11, {base}\n" access},                          \
        {-1, 1, "a constant index", X_CHECK_IMM "mov r11, {base}\n" access},                             \
        {-1, 2, "the index in a slot (or a constant outside [0, 2^28])",                                 \
         X_VIA_R11("cmp r11d, {len}\njae {stub}\n") at_r11},                                            \
        {-1, 3, "the index checked before", "mov r11, {base}\n" access},                                \
        {-1, 4, "the index checked before, in a slot", X_VIA_R11("") at_r11}
static const McAsmForm x_load[] = {X_MEM_FORMS("mov {x}, {elem}", "mov {x}, dword ptr [r11]")};
static const McAsmForm x_store[] = {X_MEM_FORMS("{movv} {elem}, {v}", "{movv} dword ptr [r11], {v}")};
static const McAsmForm x_mov[] = {{-1, 0, "", "mov {x}, {a}"}};
static const McAsmForm x_mov_mm[] = {{-1, 0, "", "mov r11d, {a}\nmov {x}, r11d"}};
#define X_DESC "lea r11, [rbp - {store}]\nmov {desc}, r11\nmov {desclen}, {n}"
static const McAsmForm x_buffer[] = {
    {-1, 0, "N > 0: zeroed from the end down, r11 counting the bytes",
     "mov r11d, {4n}\n{L}:\nmov dword ptr [rbp + r11 - {store+4}], 0\nsub r11d, 4\njnz {L}\n" X_DESC},
    {-1, 1, "N is 0", X_DESC},
};
static const McAsmForm x_call[] = {{-1, 0, "", "mov rax, qword ptr [rbp - 8]\ncall {callee}"}};
/* the jumps of a conditional branch ({cc} its condition, {ncc} the inverse) */
#define X_JCC(v, what, cmp)                                                                               \
    {-1, v + 0, what "T is next", cmp "j{ncc} {F}"}, {-1, v + 1, what "F is next", cmp "j{cc} {T}"},      \
        {-1, v + 2, what "neither", cmp "j{cc} {T}\njmp {F}"},                                             \
        {-1, v + 3, what "both targets one block", cmp "jmp {T}"},                                         \
        {-1, v + 4, what "both targets the next block", cmp}
static const McAsmForm x_cmpjcc[] = {X_JCC(0, "", "cmp {a}, {b}\n"),
                                     X_JCC(5, "b is 0, a not in a slot (test), ", "test {a}, {a}\n")};
static const McAsmForm x_jmp[] = {{-1, 0, "", "jmp {T}"}};
static const McAsmForm x_const_jmp[] = {{-1, 0, "the target taken is next", ""}, {-1, 1, "it is not", "jmp {to}"}};
static const McAsmForm x_slotjnz[] = {X_JCC(0, "", "cmp {a}, 0\n")};
static const McAsmForm x_testjnz[] = {X_JCC(0, "", "test {a}, {a}\n")};
static const McAsmForm x_leave[] = {{-1, 0, "", "leave\nret"}};
static const McAsmForm x_retjmp[] = {{-1, 0, "the last block: the epilogue follows", ""}, {-1, 1, "another block", "jmp {ret}"}};
/* the frame, the callee saves ({saves}: a mov per register, nothing when none), the depth check
 * (the caller's budget in rax, one frame less, kept at rbp - 8 by a function that calls) */
static const McAsmForm x_prologue[] = {
    {-1, 0, "calls", "push rbp\nmov rbp, rsp\nsub rsp, {frame}\n{saves}\ndec rax\nmov qword ptr [rbp - 8], rax\njs minicc_trap_depth"},
    {-1, 1, "no calls, a frame", "push rbp\nmov rbp, rsp\nsub rsp, {frame}\n{saves}\ndec rax\njs minicc_trap_depth"},
    {-1, 2, "no calls, no frame", "push rbp\nmov rbp, rsp\n{saves}\ndec rax\njs minicc_trap_depth"},
};

#define X_COPY_RES "mov xor", "the first operand copied into the result's register first (mov; xor for 0); a spilled result computed in r11d and stored (mov)"

const McAsmPattern mc_asm_x64_table[MC_ASM_X64_NPATTERNS] = {
    {"lea reg, [reg + imm]", MC_TILE_INST, OPS_ADDSUB, "x = add|sub a, IMM",
     "x and a in different registers, IMM not 0 nor INT_MIN", x_lea_imm_p, FORMS(x_lea_imm), "", 0, 0, "", ""},
    {"lea reg, [reg + reg]", MC_TILE_INST, OPS_ADD, "x = add a, b", "x, a and b in registers, x neither a's nor b's",
     x_lea_reg_p, FORMS(x_lea_reg), "", 0, 0, "", ""},
    {"imul reg, r/m, imm", MC_TILE_INST, OPS_MUL, "x = mul a, IMM", "one operand a constant", x_imul_imm_p, FORMS(x_imul_imm), "",
     0, 1, "mov", "a spilled result computed in r11d and stored (mov)"},
    {"alu reg, reg (through r11)", MC_TILE_INST, OPS_SUB, "x = sub a, b",
     "not commutative and x is b's register: b goes through r11", x_through_r11_p, FORMS(x_r11), "", 0, 2, X_COPY_RES},
    {"alu reg, imm", MC_TILE_INST, OPS_ALU6, "x = add|sub|mul|and|or|xor a, IMM", "the second operand a constant", x_b_const,
     FORMS(x_alu), "", 0, 2, X_COPY_RES},
    {"alu reg, [slot]", MC_TILE_INST, OPS_ALU6, "x = add|sub|mul|and|or|xor a, b", "b in a spill slot: a memory operand",
     x_b_slot, FORMS(x_alu), "", 0, 2, X_COPY_RES},
    {"alu reg, reg", MC_TILE_INST, OPS_ALU6, "x = add|sub|mul|and|or|xor a, b", "any other (two-address: a into x first)",
     always, FORMS(x_alu), "", 0, 2, X_COPY_RES},
    {"shift reg, imm", MC_TILE_INST, OPS_SHIFT, "x = shl|shr a, C", "C's low 5 bits are not 0", x_shift_imm_p, FORMS(x_shift_imm),
     "", 0, 2, X_COPY_RES},
    {"shift by 0 (copy)", MC_TILE_INST, OPS_SHIFT, "x = shl|shr a, C", "C's low 5 bits are 0: a copy", x_b_const,
     FORMS(x_nothing), "xa", 0, 2, X_COPY_RES},
    {"shift reg, cl", MC_TILE_INST, OPS_SHIFT, "x = shl|shr a, b",
     "a variable count: in cl (no mov when the allocator put it in ecx)", always, FORMS(x_shift_cl), "", 1, 2, X_COPY_RES},
    {"div by 0 (trap)", MC_TILE_INST, OPS_DIVREM, "x = div|rem a, 0", "the divisor is the constant 0", x_div0_p,
     FORMS(x_div0), "", 0, 0, "", ""},
    {"rem by -1 (0)", MC_TILE_INST, OPS_REM, "x = rem a, -1", "the divisor is -1: the remainder is 0", x_div_m1_p,
     FORMS(x_nothing), "xa", 0, 1, "xor mov", "x zeroed ({xa} with a 0: xor; mov for a slot)"},
    {"div by -1 (neg)", MC_TILE_INST, OPS_DIV, "x = div a, -1", "the divisor is -1: the wrapped negation", x_div_m1_p,
     FORMS(x_neg), "", 0, 2, X_COPY_RES},
    {"rem by 1 (0)", MC_TILE_INST, OPS_REM, "x = rem a, 1", "the divisor is 1: the remainder is 0", x_div_1_p,
     FORMS(x_nothing), "xa", 0, 1, "xor mov", "x zeroed ({xa} with a 0: xor; mov for a slot)"},
    {"div by 1 (copy)", MC_TILE_INST, OPS_DIV, "x = div a, 1", "the divisor is 1: a copy", x_div_1_p, FORMS(x_nothing),
     "xa", 0, 2, "mov xor", "the copy ({xa}: mov; through r11d between slots; xor for 0)"},
    {"rem by 2^k (bias, mask)", MC_TILE_INST, OPS_REM, "x = rem a, ±2^k", "|C| is a power of two", x_rem2k_p,
     FORMS(x_rem2k), "", 1, 1, "mov xor", "the copy of a into x ({xa}: mov, xor for 0, nothing when it is there); the "
     "move out of r11d left out when x has no location"},
    {"div by 2^k (bias, sar)", MC_TILE_INST, OPS_DIV, "x = div a, ±2^k", "|C| is a power of two", x_div2k_p,
     FORMS(x_div2k), "", 1, 0, "", "the move out of r11d left out when the result has no location"},
    {"rem by a constant (magic multiply)", MC_TILE_INST, OPS_REM, "x = rem a, C", "any other constant", x_remmagic_p,
     FORMS(x_remmagic), "", 1, 1, "mov xor", "the copy of a into x ({xa}: mov, xor for 0, nothing when it is there); "
     "the move out of r11d left out when x has no location"},
    {"div by a constant (magic multiply)", MC_TILE_INST, OPS_DIV, "x = div a, C", "any other constant", x_divmagic_p,
     FORMS(x_divmagic), "", 1, 0, "", "the move out of r11d left out when the result has no location"},
    {"idiv (checked)", MC_TILE_INST, OPS_DIVREM, "x = div|rem a, b", "a variable divisor: checked for 0 and -1", x_idiv_p,
     FORMS(x_idiv), "", 2, 0, "xor",
     "the dividend's mov left out when it is in eax; the result's when it is allocated to eax (edx) or has no location; "
     "the planted bug no-cdq: xor edx, edx for cdq"},
    {"cmp; setcc; movzx", MC_TILE_INST, OPS_CMP, "x = lt|le|eq|ne a, b", "the compare's value is used as a number", x_setcc_p,
     FORMS(x_setcc), "", 0, 2, "mov",
     "the first operand into r11d first when it is a constant (so is b: a constant a goes second) or both are in "
     "slots (mov); a spilled result made in r11d and stored (mov)"},
    {"load [base + index*4]", MC_TILE_INST, OPS_LOAD, "x = load b, i", "every load (the case: where the index is, "
     "whether it was checked before)", x_mem_p, FORMS(x_load), "", 1, 1, "mov",
     "the base's mov left out when r11 holds it (loaded in the block, or the one before, the only way in; r11 not "
     "written since); a spilled result through r11d, stored (mov)"},
    {"store [base + index*4]", MC_TILE_INST, OPS_STORE, "store b, i, v", "every store (the cases of a load)", x_mem_p,
     FORMS(x_store), "", 1, 1, "movd",
     "the base's mov left out as for a load; a value in a slot through xmm15 (movd xmm15, [slot] first, then {movv} is movd)"},
    {"copy (dead)", MC_TILE_INST, OPS_COPY, "x = copy a", "x has no location", dead, FORMS(x_nothing), "", 0, 0, "", ""},
    {"copy (same location)", MC_TILE_INST, OPS_COPY, "x = copy a", "a and x share a location", same_loc, FORMS(x_nothing), "",
     0, 0, "", ""},
    {"mov reg, imm", MC_TILE_INST, OPS_COPY, "x = copy C", "x in a register (xor x, x for 0)", x_mov_reg_imm, FORMS(x_mov_imm), "", 0, 0,
     "", ""},
    {"mov [slot], imm", MC_TILE_INST, OPS_COPY, "x = copy C", "x in a slot", x_mov_slot_imm, FORMS(x_mov), "", 0, 0, "", ""},
    {"mov [slot], [slot] (through r11)", MC_TILE_INST, OPS_COPY, "x = copy a", "both in slots", x_mov_slot_slot, FORMS(x_mov_mm), "",
     0, 0, "", ""},
    {"mov [slot], reg", MC_TILE_INST, OPS_COPY, "x = copy a", "x in a slot, a in a register", x_mov_slot_reg, FORMS(x_mov), "", 0, 0,
     "", ""},
    {"mov reg, [slot]", MC_TILE_INST, OPS_COPY, "x = copy a", "x in a register, a in a slot", x_mov_reg_slot, FORMS(x_mov), "", 0, 0,
     "", ""},
    {"mov reg, reg", MC_TILE_INST, OPS_COPY, "x = copy a", "both in registers", always, FORMS(x_mov), "", 0, 0, "", ""},
    {"buffer (zeroed in the frame)", MC_TILE_INST, OPS_BUFFER, "b = buffer N", "always (the loop only when N > 0)",
     x_buffer_p, FORMS(x_buffer), "", 0, 0, "", ""},
    {"call", MC_TILE_INST, OPS_CALL, "x = call f(args)", "always", always, FORMS(x_call), "", 0, -1, "mov xor",
     "the caller saves (mov before and after), the arguments as one parallel move (mov, xor), the result from eax"},
    {"cmp + jcc (fused, threaded)", MC_TILE_TERM, OPS_CMP, "c = lt|le|eq|ne a, b; branch c, T, F",
     "the compare fuses with the branch, and a target only jumps on: threaded", x_fused_threaded_p, FORMS(x_cmpjcc), "",
     0, 1, "mov", "a constant first operand, or one when both are in slots, into r11d first (mov)"},
    {"cmp + jcc (fused)", MC_TILE_TERM, OPS_CMP, "c = lt|le|eq|ne a, b; branch c, T, F",
     "the compare is the block's last instruction, its only use is the branch and its location is dead after it",
     x_fused_p, FORMS(x_cmpjcc), "", 0, 1, "mov", "as cmp + jcc (fused, threaded)"},
    {"jmp to a test (duplicated)", MC_TILE_TERM, OPS_JUMP, "jump T (T: c = cmp a, b; branch c, ...)",
     "T is not next and holds only a fused compare and its branch: repeated here", x_to_test_p, FORMS(x_cmpjcc), "", 0,
     1, "mov", "as cmp + jcc (fused)"},
    {"jump (fall through)", MC_TILE_TERM, OPS_JUMP, "jump T", "T is the next block", next_t, FORMS(x_nothing), "", 0, 0,
     "", ""},
    {"jmp (threaded)", MC_TILE_TERM, OPS_JUMP, "jump T", "T only jumps on: to where it leads", x_threaded_p, FORMS(x_jmp),
     "", 0, 0, "", ""},
    {"jmp", MC_TILE_TERM, OPS_JUMP, "jump T", "any other jump", always, FORMS(x_jmp), "", 0, 0, "", ""},
    {"branch on a constant", MC_TILE_TERM, OPS_BRANCH, "branch C, T, F", "the condition is a constant", const_cond,
     FORMS(x_const_jmp), "", 0, 0, "", ""},
    {"cmp [slot], 0 + jnz", MC_TILE_TERM, OPS_BRANCH, "branch c, T, F", "c in a slot", x_branch_slot_p, FORMS(x_slotjnz),
     "", 0, 0, "", ""},
    {"test + jnz", MC_TILE_TERM, OPS_BRANCH, "branch c, T, F", "c in a register", x_jcc, FORMS(x_testjnz), "", 0, 0, "",
     ""},
    {"return (computed in eax, epilogue in place)", MC_TILE_TERM, OPS_RET, "return x",
     "x computed in eax (the peephole), not the last block, at most 2 callee-saved registers", x_ret_eax_in_place_p,
     FORMS(x_leave), "", 0, 2, "mov", "the callee-saved registers restored (mov)"},
    {"return (epilogue in place)", MC_TILE_TERM, OPS_RET, "return a",
     "not the last block, at most 2 callee-saved registers", x_ret_in_place_p, FORMS(x_leave), "", 0, 3, "mov xor",
     "the value into eax (mov; xor for 0); the callee-saved registers restored (mov)"},
    {"return (computed in eax)", MC_TILE_TERM, OPS_RET, "return x", "x computed in eax (the peephole)", x_ret_eax_p,
     FORMS(x_retjmp), "", 0, 0, "", ""},
    {"return", MC_TILE_TERM, OPS_RET, "return a", "any other return", x_ret_p, FORMS(x_retjmp), "", 0, 1, "mov xor",
     "the value into eax (mov; xor for 0)"},
    {"prologue", MC_TILE_PROLOGUE, OPS_NONE, "(the function's entry)", "every function (its shape: calls, a frame)",
     x_prologue_p, FORMS(x_prologue), "", 0, -1, "mov xor",
     "the callee-saved registers saved ({saves}: mov), buffer descriptors stored, the parameters moved (mov, xor)"},
    {"epilogue", MC_TILE_EPILOGUE, OPS_NONE, "(the shared return path)", "every function", always, FORMS(x_leave), "", 0, 5,
     "mov", "the callee-saved registers restored (mov)"},
};

static const McAsmPlaceholder x64_placeholders[] = {
    {"x", "the destination (its register: r11d when it is spilled, eax for the peephole's result; a slot for a copy)"},
    {"xa", "the destination's register, the first operand copied into it first (two-address: mov, xor for 0, nothing when it is there)"},
    {"a64", "the first operand's register, 64 bits (an address)"},
    {"b64", "the second operand's register, 64 bits"},
    {"disp", "the constant as a displacement: + C for add, - C for sub (the sign folded in)"},
    {"a", "the first operand (a register, a slot [rbp - N] or an immediate; a compare's constant, or slot when b is in one too: fetched into r11d)"},
    {"b", "the second operand"},
    {"imm", "the constant operand"},
    {"imm5", "the constant count's low 5 bits"},
    {"cc", "the condition code of the compare (l, le, g, ge, e, ne; reversed when a constant a went second; ne for a plain branch)"},
    {"ncc", "the inverse condition (a jump to F when T is next)"},
    {"i", "the index (a register, a constant, or its slot when it goes through r11)"},
    {"v", "the stored value (a register or an immediate; a value in a slot: movd xmm15, [slot] at its first use, then xmm15)"},
    {"movv", "the store's mnemonic: mov, or movd for a value through xmm15"},
    {"elem", "the element: [r11 + index*4] or [r11 + 4C] ([r11] for 0)"},
    {"len", "the buffer's length in its descriptor"},
    {"base", "the buffer's address in its descriptor (r11 itself when r11 already holds it: that mov is left out)"},
    {"stub", "the out-of-line bounds stub (its label; the stub, mov edi, the index, mov esi, the length, jmp minicc_trap_bounds, is written at the function's end)"},
    {"q", "the register idiv leaves the result in: eax (div) or edx (rem)"},
    {"-2^k", "the mask's complement"},
    {"k", "the power of two's exponent"},
    {"32-k", "32 minus it: the bias's shift"},
    {"x8", "the low byte of the destination's register (r11b when it is spilled)"},
    {"magic-2^32", "a magic number of 32 bits minus 2^32 (imul takes a signed 32-bit immediate)"},
    {"p-32", "the shift past the high half"},
    {"4n", "the local buffer's size in bytes"},
    {"store+4", "its storage's offset below rbp plus 4"},
    {"magic", "the magic number of the division"},
    {"p", "its shift"},
    {"|C|", "the divisor's absolute value"},
    {"L", "a local label"},
    {"L1", "a local label"},
    {"L2", "a local label"},
    {"store", "the local buffer's storage below rbp"},
    {"n", "the local buffer's length"},
    {"desc", "the buffer's descriptor"},
    {"desclen", "its length"},
    {"callee", "the called function's label"},
    {"T", "the first target's label (threaded through blocks that only jump)"},
    {"F", "the second target's label (threaded)"},
    {"to", "the target a constant condition takes (threaded)"},
    {"ret", "the shared epilogue's label"},
    {"frame", "the frame's size"},
    {"saves", "the callee-saved registers the allocation writes, stored below rbp (a mov each; nothing when none)"},
};

/* ---- access -------------------------------------------------------------------------- */

#define COUNT(a) ((int32_t)(sizeof a / sizeof a[0]))

const McAsmPattern *mc_target_patterns(McTarget t, int32_t *n) {
    switch (t) {
    case MC_TARGET_X64: *n = MC_ASM_X64_NPATTERNS; return mc_asm_x64_table;
    case MC_TARGET_RV64: *n = MC_ASM_RV64_NPATTERNS; return mc_asm_rv64_table;
    default: *n = 0; return NULL;
    }
}


const McAsmPlaceholder *mc_asm_placeholders(McTarget t, int32_t *n) {
    switch (t) {
    case MC_TARGET_X64: *n = COUNT(x64_placeholders); return x64_placeholders;
    case MC_TARGET_RV64: *n = COUNT(rv_placeholders); return rv_placeholders;
    default: *n = 0; return NULL;
    }
}

int32_t mc_asm_pattern_find(McTarget t, const char *name) {
    int32_t n;
    const McAsmPattern *p = mc_target_patterns(t, &n);
    for (int32_t i = 0; name && i < n; i++)
        if (strcmp(p[i].name, name) == 0) return i;
    return -1;
}

/* ---- the listing ---------------------------------------------------------------------- */

static const char *what_word(int what) {
    switch (what) {
    case MC_TILE_INST: return "instruction";
    case MC_TILE_TERM: return "terminator";
    case MC_TILE_PROLOGUE: return "prologue";
    default: return "epilogue";
    }
}

void mc_asm_patterns_print(McTarget t, FILE *out) {
    int32_t n, np;
    const McAsmPattern *p = mc_target_patterns(t, &n);
    const McAsmPlaceholder *ph = mc_asm_placeholders(t, &np);
    fprintf(out, "# %s: %d instruction patterns in the order maximal munch tries them (the first that applies is "
                 "the tile)\n",
            mc_target_name(t), (int)n);
    for (int32_t i = 0; i < n; i++) {
        const McAsmPattern *r = &p[i];
        int32_t lo = -1, hi = -1;
        for (int32_t k = 0; k < r->nform; k++) {
            int32_t c = mc_asm_template_cost(r->form[k].tmpl);
            if (lo < 0 || c < lo) lo = c;
            if (c > hi) hi = c;
        }
        lo -= r->omit;
        if (lo < 0) lo = 0;
        char cost[64];
        if (r->extra < 0) snprintf(cost, sizeof cost, "%d+", (int)lo);
        else if (lo == hi + r->extra) snprintf(cost, sizeof cost, "%d", (int)lo);
        else snprintf(cost, sizeof cost, "%d-%d", (int)lo, (int)(hi + r->extra));
        fprintf(out, "%2d  %s  [cost %s]\n", (int)(i + 1), r->name, cost);
        fprintf(out, "      covers: %s  (%s)\n", r->shape, what_word(r->what));
        fprintf(out, "      when:   %s\n", r->when);
        for (int32_t k = 0; k < r->nform; k++) {
            const McAsmForm *f = &r->form[k];
            char head[96];
            if (f->op >= 0 && f->label[0]) snprintf(head, sizeof head, "%s, %s", mc_op_info[f->op].name, f->label);
            else if (f->op >= 0) snprintf(head, sizeof head, "%s", mc_op_info[f->op].name);
            else snprintf(head, sizeof head, "%s", f->label);
            fprintf(out, "      %s: ", head[0] ? head : "text");
            if (!f->tmpl[0]) fputs("(nothing)", out);
            for (const char *s = f->tmpl; *s; s++) {
                if (*s == '\n') fputs("; ", out);
                else fputc(*s, out);
            }
            fputc('\n', out);
        }
        if (r->extra != 0 || r->omit)
            fprintf(out, "      also:   %s%s\n", r->extra < 0 ? "any number of instructions: " : "", r->extra_why);
    }
    fputs("placeholders:\n", out);
    for (int32_t k = 0; k < np; k++) fprintf(out, "  {%s}  %s\n", ph[k].name, ph[k].meaning);
}
