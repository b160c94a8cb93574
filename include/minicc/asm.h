/* minicc/asm.h - real targets (x86-64 and RISC-V rv64): register files and
 * calling conventions as data, instruction selection by tiling the
 * allocated IR, GNU assembler text, and runs of that text as a process
 * (natively on x86-64, under qemu-riscv64 for rv64).
 *
 * The path from IR to a running program:
 *   1. the prepared program (mc_pipeline_prepare: SSA, -O1) is allocated
 *      function by function with the target's allocatable registers as the
 *      register file (K = McTargetDesc.nregs) under the target's convention
 *      (McTargetDesc.convention: which of them are caller- and callee-saved),
 *      so every allocator of regalloc.h works on a real register file and
 *      `sweep`/`interference` can name real registers (mc_target_reg_name);
 *   2. each function is tiled: every IR instruction and terminator of the
 *      allocated function (phi-destruction copies included) is covered by a
 *      tile (McAsmTile) chosen by maximal munch, the biggest pattern that
 *      matches first (a compare whose only use is the branch after it fuses
 *      with the branch; an operand in a spill slot becomes a memory operand
 *      on x86-64; a constant becomes an immediate where the instruction has
 *      one); every tile has a cost (instructions it emits) and the text of
 *      its instructions;
 *   3. the text: a prologue (frame, callee-saved registers the allocation
 *      writes, the depth check, parameters moved from the ABI's registers to
 *      their allocated locations as one parallel move), the tiles in block
 *      order, an epilogue; each instruction commented with its IR line and C
 *      line;
 *   4. a run: the text plus a harness (_start, written for the target, no
 *      libc) with the arguments in its data, assembled and linked by the
 *      target's binutils into a static executable, run in a child process
 *      with a time limit. The harness writes one record on its standard
 *      output (McAsmRecord then every buffer's contents) and exits 0.
 *
 * Registers the allocator never sees are reserved by the target with a
 * reason (stack pointer, frame pointer, the scratch registers the tiles use
 * for memory operands and constants: x86-64's r11, rv64's t5 and t6).
 * x86-64's fixed registers (idiv's edx:eax, a variable shift's count in
 * cl, the result in eax) are allocated: the allocator sees them as
 * per-value constraints (regalloc.h's McAllocation.cons: values live across
 * an idiv kept out of rax and rdx, across a variable shift out of rcx, the
 * divisor, the shifted operand and the result out of them; the dividend,
 * quotient, remainder, count, call results and returned values preferring
 * them), always on for x86-64, never for the chapter's machine nor rv64.
 *
 * Semantics are the IR's (docs/ir.md): 32-bit wrapping arithmetic, shift
 * counts masked to 5 bits, shr arithmetic, div/rem by zero trap, INT_MIN / -1
 * is INT_MIN and INT_MIN % -1 is 0 (never the hardware's fault), loads and
 * stores bounds-checked (trap `buffer index I outside [0,LENGTH)`), a call
 * past the depth limit traps `call depth limit exceeded`. There is no step
 * budget (as for stage native): the time limit stands in.
 *
 * Implemented in src/engine/asm: asm.c (targets, program, tiles, runner),
 * x64.c and rv64.c (tiling and text for each target), patterns.c (each
 * target's instruction patterns as data, below), asm_common.c (what
 * both emitters share, internal: asm_int.h: the parallel-move sequencer,
 * read counts, fusable compares, returns computed in the result register,
 * ABI positions, call saves). */
#ifndef MINICC_ASM_H
#define MINICC_ASM_H

#include <stdio.h>

#include "diag.h"
#include "interrupt.h"
#include "ir.h"
#include "outcome.h"
#include "regalloc.h"

/* ---- targets ------------------------------------------------------------------ */

typedef enum McTarget {
    MC_TARGET_CHAPTER = 0, /* the abstract machine r0..r(K-1) (the default everywhere) */
    MC_TARGET_X64 = 1,     /* x86-64, System V ABI */
    MC_TARGET_RV64 = 2,    /* RISC-V rv64 (RV64IM), LP64 ABI */
    MC_TARGET_COUNT
} McTarget;

const char *mc_target_name(McTarget t); /* "chapter", "x86-64", "rv64" */
int mc_target_lookup(const char *name); /* McTarget, or -1 (also accepts "x64", "riscv64") */
const char *mc_target_names(void);      /* "chapter, x86-64, rv64" */

typedef struct McTargetReserved {
    const char *reg; /* its name */
    const char *why; /* one line: what the tiles or the ABI use it for */
} McTargetReserved;

typedef struct McTargetDesc {
    McTarget target;
    const char *name;
    int32_t nregs;                 /* K: allocatable registers */
    const char *const *reg;        /* reg[r], r < nregs: 64-bit name of abstract register r (rbx, s1) */
    const char *const *reg32;      /* the 32-bit name (ebx; rv64: the same names) */
    int32_t ncaller;               /* registers [0, ncaller) are caller-saved, the rest callee-saved */
    McConvention convention;       /* the convention the allocators see (MC_CONV_X64/MC_CONV_RV64) */
    const char *const *arg;        /* the ABI's integer argument registers, in order */
    int32_t nargs;
    const char *result;            /* the result register (eax, a0) */
    const McTargetReserved *reserved;
    int32_t nreserved;
    const char *assembler;         /* program: "as", "riscv64-linux-gnu-as" */
    const char *linker;            /* "ld", "riscv64-linux-gnu-ld" */
    const char *emulator;          /* NULL (native), "qemu-riscv64" */
    const struct McAsmPattern *patterns; /* the instruction patterns in munch order (mc_target_patterns) */
    int32_t npatterns;
} McTargetDesc;

/* NULL for MC_TARGET_CHAPTER (and anything unknown). */
const McTargetDesc *mc_target_desc(McTarget t);
/* The name of abstract register r of an allocation for target t: `r3` for
 * the chapter's machine, else the target's 64-bit name; "?" out of range. */
const char *mc_target_reg_name(McTarget t, int32_t r);
/* A location as text with the target's register names (`rbx`, `slot2`). */
const char *mc_target_location_str(McTarget t, McLocation l, char *buf, size_t size);
/* Spill slot `slot` of allocation a as the emitted assembly names it
 * for target t (x86-64 `[rbp - 24]`, the operand without its `dword ptr`;
 * rv64 `-28(s0)`), from the frame layout x64.c and rv64.c describe: on
 * x86-64 the depth (8 bytes), the callee saves and the save slots (8 bytes
 * each), then 8-byte spill slots; on rv64 32 bytes, the callee saves (8
 * each), then 4-byte spill slots. `slotN` for the chapter's target, "?"
 * for a slot outside a->slots. tests/unit/test_asm.c checks each operand
 * against the emitted text. */
const char *mc_asm_slot_operand(McTarget t, const McAllocation *a, int32_t slot, char *buf, size_t size);
/* Whether the tools a run needs are on PATH (assembler, linker, emulator);
 * false with the reason (one line: which program is missing and the Debian
 * package that has it) in why. */
bool mc_target_tools(McTarget t, char *why, size_t size);
/* One paragraph (lines ending in \n): the register file, the convention,
 * the reserved registers and why: `target x86-64` at the prompt. */
void mc_target_describe(McTarget t, FILE *out);

/* ---- the program allocated for a target ----------------------------------------------- */

/* Planted bugs in x86-64's constraints (x64.c; rv64 has none of these
 * constraints and ignores the option): each breaks one place of the emitter
 * so that `check --asm-bug NAME` names the divergence at asm x86-64. */
typedef enum McAsmBug {
    MC_ASM_BUG_NONE = 0,          /* the correct emitter (the default) */
    MC_ASM_BUG_TWO_ADDRESS,       /* x = sub a, b with x in b's register: `mov x, a; sub x, b`
                                     (b is clobbered before it is read) instead of through r11 */
    MC_ASM_BUG_NO_CDQ,            /* idiv with edx zeroed instead of cdq: wrong for a negative dividend */
    MC_ASM_BUG_SHIFT_COUNT,       /* a variable shift count not moved into ecx: shifts by whatever cl holds */
    MC_ASM_BUG_NO_CALLER_SAVES,   /* values live across a call in caller-saved registers not saved */
    MC_ASM_BUG_NO_CALLEE_SAVES,   /* the prologue does not save (nor the epilogue restore) the
                                     callee-saved registers the function writes */
    MC_ASM_BUG_COUNT
} McAsmBug;
const char *mc_asm_bug_name(McAsmBug b); /* "none", "two-address", ... */
int mc_asm_bug_lookup(const char *name); /* McAsmBug, or -1 */
const char *mc_asm_bug_names(void);      /* "none, two-address, no-cdq, shift-count, no-caller-saves, no-callee-saves" */

typedef struct McAsmOptions {
    McTarget target;            /* MC_TARGET_X64 or MC_TARGET_RV64 */
    McAllocator allocator;      /* default improved */
    const McAllocOptions *alloc; /* the allocator's switches (NULL: defaults); its convention is
                                   replaced by the target's */
    int opt_level;              /* as McStageOptions: 1 (default) optimized SSA */
    int64_t max_depth;          /* frames; 0 = MC_DEFAULT_MAX_DEPTH */
    bool comments;              /* the IR and C line of each instruction as comments (default true) */
    McAsmBug bug;               /* a planted bug (x86-64 only; default MC_ASM_BUG_NONE) */
    const McInterrupt *interrupt;
} McAsmOptions;
void mc_asm_options_default(McAsmOptions *o);

/* The allocator's switches as target t allocates (mc_asm_allocate, and
 * `print --stage allocated --target`): its convention, every function
 * entered by a call, its register names, and two-address=target resolved:
 * copies on x86-64 (two-address `sub`: the allocator sees the constraint as
 * a copy, twoaddr.c), emitter on rv64 (three-address: never rewritten,
 * whatever was asked). Nothing for the chapter's target. */
void mc_target_alloc_options(McTarget t, McAllocOptions *ao);

/* The input prepared (o->opt_level) and every function it reaches
 * allocated for the target. NULL with a diagnostic when a step fails or
 * the target is the chapter's. The caller frees it with mc_program_free
 * and then frees *prepared (the allocations' calls name its functions). */
bool mc_asm_allocate(const McFunc *input, const McAsmOptions *o, McProgram *out, McFunc **prepared, McDiags *d);

/* ---- tiles ---------------------------------------------------------------------- */

/* What a tile covers in its function (the allocation's function a->f). */
enum {
    MC_TILE_INST = 0,    /* instruction `inst` of `block` */
    MC_TILE_TERM = 1,    /* the terminator of `block` */
    MC_TILE_PROLOGUE = 2, /* the function's entry: frame, saves, depth check, parameters */
    MC_TILE_EPILOGUE = 3, /* the shared return path */
};

typedef struct McAsmTile {
    int32_t func;         /* index in the McProgram */
    uint8_t what;         /* MC_TILE_* */
    int32_t block, inst;  /* what it covers (inst: the first instruction covered) */
    int32_t ncovered;     /* IR instructions it covers (a fused compare and branch: 2; the
                             terminator counts as one) */
    const char *pattern;  /* the tile's name, e.g. "alu reg, imm", "cmp + jcc (fused)" */
    int32_t cost;         /* instructions it emits */
    char *why;            /* one line: why this tile (maximal munch's choice), malloc'd */
    char *text;           /* its assembly lines (each ending in \n), malloc'd */
    int32_t row;          /* its row in the target's pattern table (mc_asm_pattern_find of pattern), -1: none */
} McAsmTile;

typedef struct McAsmListing {
    McTarget target;
    McAsmTile *tile;
    int32_t n, cap;
} McAsmListing;
void mc_asm_listing_free(McAsmListing *l);
/* Append a tile (the listing owns why and text afterwards). */
McAsmTile *mc_asm_listing_add(McAsmListing *l, int32_t func, int what, int32_t block, int32_t inst,
                              int32_t ncovered, const char *pattern, int32_t cost);

/* The IR a tile covers as one line (`c = lt n, 2; branch c, base, rec`;
 * `prologue`, `epilogue`) into out (appended, no newline). */
void mc_asm_tile_ir(const McAsmTile *t, const McProgram *p, McStr *out);
/* The listing grouped by function and block: a header per function
 * (`minicc_f0: func fib(i32 n)`), per block (`  entry:`), then per tile the IR
 * it covers (with its C line when known), the tile's name and cost, with why
 * its reason, then its instructions indented. For `print --stage selected`
 * and the prompt's `select`. */
void mc_asm_listing_print(const McAsmListing *l, const McProgram *p, bool why, FILE *out);
/* One line per tile in text order: `f0 entry  c = lt n, 2; branch ... => cmp + jcc (fused) [2]: why`
 * (emit-asm --trace-select). */
void mc_asm_listing_trace(const McAsmListing *l, const McProgram *p, FILE *out);

/* ---- instruction patterns -------------------------------------------------------- */

/* Each target's instruction patterns as data (patterns.c), in the order
 * maximal munch tries them: for the IR instruction or terminator at hand
 * the emitter fills an McAsmMatch (what the instruction is and where its
 * operands are), takes the first row whose opcode list holds the opcode and
 * whose predicate accepts the match, and writes the text of the row's form
 * for the case the predicate named (McAsmForm), its placeholders expanded
 * by mc_asm_expand (asm_int.h). rv64.c and x64.c select and write every
 * tile this way (tests/unit/test_asm_patterns.c checks every tile of a corpus
 * against its row). `target T patterns` at the
 * prompt and `minicc patterns --target T` print a table. */

/* Where an operand or the destination is. */
enum {
    MC_AM_NONE = 0,   /* no operand / no location (a dead destination) */
    MC_AM_REG = 1,    /* a register */
    MC_AM_SLOT = 2,   /* a spill slot */
    MC_AM_CONST = 3,  /* a constant (c[k] holds it) */
    MC_AM_RESULT = 4, /* the destination: computed straight into the result register (the peephole) */
};

/* The IR at the point of selection, target-neutral. */
typedef struct McAsmMatch {
    uint8_t what;     /* MC_TILE_INST, MC_TILE_TERM, MC_TILE_PROLOGUE or MC_TILE_EPILOGUE */
    int op;           /* the opcode (a terminator's: jump, branch, ret); a fused compare and branch: the compare's */
    bool fused;       /* a branch covered with the compare before it */
    uint8_t x;        /* the destination's MC_AM_* */
    uint8_t k[3];     /* the operands' MC_AM_* (after a commutative operation put a constant second) */
    int64_t c[3];     /* their constants */
    bool same;        /* the destination shares the first operand's location (a copy: nothing to do;
                         x86-64 arithmetic: the register it is computed in holds the first operand) */
    bool same_b;      /* x86-64 arithmetic: the register it is computed in holds the second operand */
    bool next_t;      /* a jump's target or a branch's first target is the next block in layout */
    bool next_f;      /* a branch's second target is the next block */
    bool local;       /* a load or store of a local buffer at a constant index inside it */
    bool last;        /* a return in the function's last block (the epilogue follows it) */
    bool in_place;    /* a return that repeats the epilogue (not in the last block, a short epilogue) */
    bool calls;       /* the function calls (its frame keeps ra and the depth budget) */
    bool far;         /* the frame size or frame offset the text needs does not fit the target's
                         immediate (rv64: 12 bits); x86-64: a load's or store's constant index
                         outside [0, 2^28] (no displacement: the address goes through r11) */
    bool checked;     /* x86-64: a load's or store's index already checked against the buffer's
                         length (earlier in the block, neither written since): no bounds check */
    bool threaded;    /* x86-64: a jump's or a fused branch's target was threaded through blocks
                         that only jump */
    bool one_target;  /* x86-64: a branch's two targets (after threading) are one block */
    bool to_test;     /* x86-64: a jump to a block holding only a fused compare and its branch (the
                         match describes that compare and branch, seen from the jump's block) */
} McAsmMatch;

/* One case of a row: the text for one opcode (or any) in one of the cases
 * the predicate tells apart. */
typedef struct McAsmForm {
    int op;            /* McOp, or -1: any opcode of the row */
    int variant;       /* the case the predicate returns (0 when it has one) */
    const char *label; /* the case in words ("T is the next block"; "" for none) */
    const char *tmpl;  /* lines separated by \n: instructions with {placeholders}, `# ...` a comment
                          line (only with comments on), `NAME:` a label; "" emits nothing */
} McAsmForm;

typedef struct McAsmPattern {
    const char *name;  /* unique in the table; McAsmTile.pattern */
    uint8_t what;      /* MC_TILE_* it covers */
    const int *ops;    /* the opcodes it applies to, ending in -1 */
    const char *shape; /* the IR it covers, as IR: `x = add a, IMM` */
    const char *when;  /* its condition in words */
    int (*applies)(const McAsmMatch *m); /* the condition: the variant (>= 0), or -1: it does not apply */
    const McAsmForm *form;
    int32_t nform;
    const char *fetch; /* operands fetched before the text, in order ("a b"); any other at its first use */
    int32_t omit;      /* of the form's instructions, at most this many may be left out */
    int32_t extra;     /* instructions besides the form's: at most this many (-1: no bound) */
    const char *extra_ops; /* their mnemonics (and alternatives to the form's), space-separated */
    const char *extra_why; /* what they are: an operand loaded from its slot, a spilled result stored */
} McAsmPattern;

/* A placeholder of the templates: {name} and what it stands for. */
typedef struct McAsmPlaceholder {
    const char *name;
    const char *meaning;
} McAsmPlaceholder;

/* The target's table (NULL and *n = 0 for the chapter's target). */
const McAsmPattern *mc_target_patterns(McTarget t, int32_t *n);
/* The placeholders target t's templates use. */
const McAsmPlaceholder *mc_asm_placeholders(McTarget t, int32_t *n);
/* The index of the row named name in target t's table, or -1. */
int32_t mc_asm_pattern_find(McTarget t, const char *name);
/* The instructions in a template (its lines that are neither comments nor labels). */
int32_t mc_asm_template_cost(const char *tmpl);
/* The table as text: per row its number, name, cost, IR shape, condition,
 * forms and the instructions besides them; then the placeholders. */
void mc_asm_patterns_print(McTarget t, FILE *out);

/* ---- text ----------------------------------------------------------------------- */

/* The assembly of program p for o->target: every function (the entry is
 * `minicc_f0`, the others minicc_fN in program order) with comments naming
 * the IR line (and C line) of each instruction. With args non-NULL the
 * text is a whole program: the harness `_start` with args as its data,
 * whose run writes the record (below). listing (may be NULL) receives
 * every tile in text order. Returns malloc'd text, or NULL with a
 * diagnostic (an IR the target cannot take). */
char *mc_asm_emit(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing, McDiags *d);
/* One target's emitter (x64.c, rv64.c): the same contract. */
char *mc_asm_emit_x64(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                      McDiags *d);
char *mc_asm_emit_rv64(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                       McDiags *d);

/* ---- running ------------------------------------------------------------------------ */

/* What the harness writes on its standard output: this record (host byte
 * order is the target's: both are little-endian), then the contents of
 * every buffer parameter in parameter order (int32 each, its length as
 * passed). */
#define MC_ASM_MAGIC 0x3143434d /* "MCC1" */
enum { MC_ASM_TRAP_NONE = 0, MC_ASM_TRAP_BOUNDS = 1, MC_ASM_TRAP_DIV = 2, MC_ASM_TRAP_DEPTH = 3 };
typedef struct McAsmRecord {
    int32_t magic;  /* MC_ASM_MAGIC */
    int32_t kind;   /* MC_ASM_TRAP_* */
    int32_t value;  /* the result (kind NONE) */
    int32_t index;  /* MC_ASM_TRAP_BOUNDS: the index and the buffer's length */
    int32_t length;
} McAsmRecord;

typedef struct McAsmRunInfo {
    double build_secs; /* assembling and linking */
    double run_secs;   /* the program's run (under the emulator for rv64), wall clock */
    double run_cpu_secs; /* the same run's CPU time (user + system, from wait4): what benches compare */
} McAsmRunInfo;

/* Assemble and link `text` (a whole program from mc_asm_emit with args)
 * for target t in a private temporary directory (removed afterwards, or
 * kept in keep_dir as NAME.s when keep_dir is set), run it with the time
 * limit (seconds; <= 0: MC_NATIVE_DEFAULT_TIMEOUT's 5 s), read its record
 * into out and the buffers into args. A trap is a successful run with a
 * trapped outcome; a crash is the trap `assembly crashed: signal N`, a
 * time-out `time limit exceeded`. Returns false with a diagnostic when the
 * program cannot be built or started (missing tools: mc_target_tools's
 * reason) or was interrupted. info may be NULL. */
bool mc_asm_run_text(McTarget t, const char *text, McArgs *args, double timeout, const McInterrupt *stop,
                     const char *keep_dir, McOutcome *out, McAsmRunInfo *info, McDiags *d);

/* The asm stage: allocate, emit with args, run. */
bool mc_asm_execute(const McFunc *input, const McAsmOptions *o, McArgs *args, double timeout, McOutcome *out,
                    McDiags *d);

#endif
