/* asm_int.h - what the two emitters of src/engine/asm share (internal to
 * asm.c, x64.c, rv64.c; the public contract is include/minicc/asm.h).
 *
 * Target-neutral pieces of instruction selection: the parallel-move
 * sequencer (parameterized by the target's way to print one move, its
 * scratch register and its order), the per-function read counts, the
 * blocks whose compare fuses with their branch (a liveness-out question
 * asked of the values in the compares' locations alone),
 * the ABI positions of a function's parameters, the call-save record of a
 * call, the function header and the check of the arguments; the selection
 * of a pattern row and the expansion of its template (patterns.c holds the
 * tables). */
#ifndef MINICC_ASM_INT_H
#define MINICC_ASM_INT_H

#include "minicc/asm.h"

/* ---- parallel moves ----------------------------------------------------------------- */

/* A place a move reads or writes. reg: the register (MC_PM_REG) or the base
 * register (MC_PM_MEM), in the target's own numbering; off: the displacement
 * (MC_PM_MEM) or the value (MC_PM_IMM); wide: 64 bits (else 32). Two places
 * are the same when kind, reg and off agree (wide is how, not where). */
enum { MC_PM_NONE = 0, MC_PM_REG = 1, MC_PM_MEM = 2, MC_PM_IMM = 3 };
typedef struct McPmLoc {
    uint8_t kind;
    bool wide;
    int reg;
    int64_t off;
} McPmLoc;

typedef struct McPmMove {
    McPmLoc dst; /* MC_PM_REG or MC_PM_MEM */
    McPmLoc src; /* any kind */
} McPmMove;

/* The order in which the register destinations are written (the memory
 * destinations always come first: they read registers nothing has written
 * yet). MC_PM_PASSES (x86-64): every register destination in passes over
 * the moves in their order, each pass writing every destination no pending
 * move still reads. MC_PM_REGS_FIRST (rv64): the register-to-register moves
 * one at a time (the first ready one, its place taken by the last), then the
 * constants and loads into registers, which read no register. In both a
 * cycle is broken by copying the first pending destination into the scratch
 * register and reading it there. */
typedef enum McPmOrder { MC_PM_PASSES = 0, MC_PM_REGS_FIRST = 1 } McPmOrder;

typedef struct McPmTarget {
    McPmOrder order;
    int scratch;                                 /* the cycle breaker (r11, t5) */
    void (*emit)(void *ctx, const McPmMove *m);  /* print one move (memory to memory included) */
    void *ctx;
} McPmTarget;

/* The n moves as one parallel assignment: no two write the same place and no
 * memory destination is read by another move. mv is used as scratch. */
void mc_asm_parallel_move(const McPmTarget *t, McPmMove *mv, int n);

/* ---- instruction patterns (patterns.c) -------------------------------------------- */

/* The tables (asm.h McAsmPattern) in munch order; asm.c's target
 * descriptions point at them. A row left out of an initializer would be a
 * row without a name: test_asm_patterns.c checks every row has one. */
#define MC_ASM_X64_NPATTERNS 48
#define MC_ASM_RV64_NPATTERNS 26
extern const McAsmPattern mc_asm_x64_table[MC_ASM_X64_NPATTERNS];
extern const McAsmPattern mc_asm_rv64_table[MC_ASM_RV64_NPATTERNS];

/* Writing a template (mc_asm_expand): the target resolves each placeholder
 * and prints each line. */
enum {
    MC_ASM_LINE_INST = 0,    /* an instruction */
    MC_ASM_LINE_COMMENT = 1, /* `# TEXT`: a comment line (text without the `# `), printed only with comments */
    MC_ASM_LINE_LABEL = 2,   /* `NAME:` (text without the colon) */
    MC_ASM_LINE_NOTE = 3,    /* `;TEXT`: the comment of the instructions after it */
};
typedef struct McAsmExpander {
    /* The text of {name} into buf; it may emit instructions first (an
     * operand fetched into a scratch register: the first time only, the
     * target remembers it). False: an unknown placeholder (a bug: panics). */
    bool (*operand)(void *ctx, const char *name, char *buf, size_t size);
    void (*line)(void *ctx, int kind, const char *text);
    void *ctx;
} McAsmExpander;

/* Expand a row's form: the operands named in fetch (space-separated) first,
 * in that order, then tmpl line by line (lines separated by \n), each
 * placeholder resolved as the line is written (an operand not fetched
 * first is fetched at its first use, before the line that names it). */
void mc_asm_expand(const McAsmExpander *x, const char *fetch, const char *tmpl);

/* The first row of target t's table that applies to m (its opcodes hold
 * m->op, its predicate returns a case): its index, the case's form in
 * *form; -1 when none does (a bug: every IR shape has a row). */
int32_t mc_asm_select(McTarget t, const McAsmMatch *m, const McAsmForm **form);

/* The signed magic number of division by ad (3 <= ad < 2^31, not a power of
 * two; Granlund-Montgomery, Hacker's Delight 10-1): the smallest p >= 32 with
 * 2^p > nc * (ad - 2^p mod ad), nc = 2^31 - 1 - 2^31 mod ad (the largest
 * dividend with remainder ad - 1), and m = floor(2^p / ad) + 1 < 2^32. Then
 * for every 32-bit n: n / ad = floor(n*m / 2^p) + (n < 0 ? 1 : 0), n*m
 * computed in 64 bits (|n*m| < 2^63). x64.c's text and patterns.c's
 * predicates (which form: m >= 2^31 or not) both ask it. */
void mc_asm_magic_s32(uint32_t ad, uint64_t *m, int *p);

/* ---- per-function facts ---------------------------------------------------------------- */

/* The reads of every value of f (operands, call arguments, branch and return
 * values), malloc'd, nvalues entries (at least one). */
int32_t *mc_asm_count_uses(const McFunc *f);

/* Per block of a->f (malloc'd, nblocks entries, at least one): whether its
 * last instruction, a compare, fuses with its branch: the branch is the
 * compare's only use (uses from mc_asm_count_uses) and no value live out of
 * the block is the compare or shares its location (a copy the allocator
 * deleted because source and destination share a location reads it under
 * another name). The same answer as mc_liveness_out's sets would give, at
 * a cost that follows blocks times locations rather than the live-out sets
 * (blocks times values on large functions): see asm_common.c. */
bool *mc_asm_fusable_blocks(const McAllocation *a, const int32_t *uses);

/* Per block of f (malloc'd, nblocks entries, at least one): the block ends
 * `x = OP ...; return x` with OP an arithmetic or compare instruction, a
 * load or a call, so the tile of x may compute x straight into the result
 * register (eax, a0) and the return move nothing (the peephole of both
 * targets): x's location is not written, which nothing can notice, since
 * only the return follows. */
bool *mc_asm_returns_computed(const McFunc *f);

/* The ABI positions g's parameters take: a scalar one, a buffer two (its
 * address, then its length). Both targets' conventions count this way. */
int32_t mc_asm_positions(const McFunc *g);

/* The caller saves of the call at instruction i of block b (NULL: none).
 * *cursor walks a->callsaves, which are in block and instruction order as
 * the tiles are emitted (start it at 0 for each function). */
const McCallSave *mc_asm_callsave_at(const McAllocation *a, int32_t *cursor, int32_t b, int32_t i);

/* The lines that open function fn: `.globl`, `.type`, the label, with the
 * signature as a comment when comments is set. */
void mc_asm_function_header(McStr *out, int32_t fn, const McFunc *f, bool comments);

/* Whether args fit the entry's parameters (count and kind); false with a
 * diagnostic naming the target. */
bool mc_asm_check_args(const McProgram *p, const McArgs *args, const char *target, McDiags *d);

/* rv64's frame: the bytes below s0 before the callee saves (ra at -8, the
 * caller's s0 at -16, the depth budget at -24, the scratch doubleword at
 * -32): rv64.c lays the frame out from here, mc_asm_slot_operand names the
 * slots from here. */
#define MC_RV64_FRAME_FIXED 32

/* The depth limit of o: max_depth, else MC_DEFAULT_MAX_DEPTH. */
int64_t mc_asm_max_depth(const McAsmOptions *o);

#endif
