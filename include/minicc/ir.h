/* minicc/ir.h - the IR data model shared by every engine module.
 *
 * A function owns one arena; every name, block, instruction and side table of
 * the function lives in it, so dropping the function frees everything at once.
 * Values and blocks are referred to by compact int32 handles that index the
 * function's `values` and `blocks` arrays (QBE style) instead of pointer webs.
 *
 * Growing arrays (blocks, a block's instructions, a phi's incoming list) may
 * move in memory: never keep a McBlock* or McInst* across a call that adds
 * blocks, instructions or phis; keep the handle instead.
 *
 * Every opcode is defined once in MC_OPCODES below; the enum, the names, the
 * arities and the effect flags are generated from it.
 *
 * Implemented in ir.c, arena.c, print.c (src/engine). */
#ifndef MINICC_IR_H
#define MINICC_IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "util.h"

#define MC_NONE (-1) /* "no value / no block" handle */

/* Effect flags of an opcode. */
enum {
    MC_OPF_ALU = 1 << 0,    /* pure integer arithmetic or comparison */
    MC_OPF_CMP = 1 << 1,    /* signed comparison producing 0 or 1 */
    MC_OPF_COMMUT = 1 << 2, /* operands may be swapped */
    MC_OPF_READS = 1 << 3,  /* reads buffer memory */
    MC_OPF_WRITES = 1 << 4, /* writes buffer memory */
    MC_OPF_TRAPS = 1 << 5,  /* may trap (bounds check, division by zero) */
    MC_OPF_TERM = 1 << 6,   /* block terminator */
    MC_OPF_DIV = 1 << 7,    /* div/rem: traps when the divisor is zero, and only then */
    MC_OPF_CALL = 1 << 8,   /* a call (docs/ir.md §3.2): its operands are in f->calls */
};

/* X(ENUM, text name, operand count, has destination, flags) */
#define MC_OPCODES(X)                                                          \
    X(ADD, "add", 2, 1, MC_OPF_ALU | MC_OPF_COMMUT)                            \
    X(SUB, "sub", 2, 1, MC_OPF_ALU)                                            \
    X(MUL, "mul", 2, 1, MC_OPF_ALU | MC_OPF_COMMUT)                            \
    X(LT, "lt", 2, 1, MC_OPF_ALU | MC_OPF_CMP)                                 \
    X(LE, "le", 2, 1, MC_OPF_ALU | MC_OPF_CMP)                                 \
    X(EQ, "eq", 2, 1, MC_OPF_ALU | MC_OPF_CMP | MC_OPF_COMMUT)                 \
    X(NE, "ne", 2, 1, MC_OPF_ALU | MC_OPF_CMP | MC_OPF_COMMUT)                 \
    X(AND, "and", 2, 1, MC_OPF_ALU | MC_OPF_COMMUT)                            \
    X(OR, "or", 2, 1, MC_OPF_ALU | MC_OPF_COMMUT)                              \
    X(XOR, "xor", 2, 1, MC_OPF_ALU | MC_OPF_COMMUT)                            \
    X(SHL, "shl", 2, 1, MC_OPF_ALU)                                            \
    X(SHR, "shr", 2, 1, MC_OPF_ALU)                                            \
    X(DIV, "div", 2, 1, MC_OPF_ALU | MC_OPF_TRAPS | MC_OPF_DIV)                \
    X(REM, "rem", 2, 1, MC_OPF_ALU | MC_OPF_TRAPS | MC_OPF_DIV)                \
    X(COPY, "copy", 1, 1, 0)                                                   \
    X(LOAD, "load", 2, 1, MC_OPF_READS | MC_OPF_TRAPS)                         \
    X(STORE, "store", 3, 0, MC_OPF_WRITES | MC_OPF_TRAPS)                      \
    X(CALL, "call", 0, 1, MC_OPF_READS | MC_OPF_WRITES | MC_OPF_TRAPS | MC_OPF_CALL) \
    X(BUFFER, "buffer", 1, 1, 0)                                               \
    X(RET, "return", 1, 0, MC_OPF_TERM)                                        \
    X(JUMP, "jump", 0, 0, MC_OPF_TERM)                                         \
    X(BRANCH, "branch", 1, 0, MC_OPF_TERM)

typedef enum McOp {
#define MC_X_ENUM(e, name, nargs, dest, flags) MC_OP_##e,
    MC_OPCODES(MC_X_ENUM)
#undef MC_X_ENUM
    MC_OP_COUNT
} McOp;

typedef struct McOpInfo {
    const char *name; /* spelling in the text format */
    int nargs;        /* value operands (terminator targets not counted) */
    bool has_dest;    /* defines a scalar */
    unsigned flags;   /* MC_OPF_* */
} McOpInfo;

extern const McOpInfo mc_op_info[MC_OP_COUNT];

/* Reserved words: "func", "i32", "buf", "phi" and every opcode name. */
bool mc_is_reserved(const char *s, size_t len);
/* Opcode for a spelling, or -1. */
int mc_op_lookup(const char *s, size_t len);

/* ---- arena --------------------------------------------------------------- */

typedef struct McArenaChunk McArenaChunk;
typedef struct McFileName McFileName; /* ir.c: a counted file name */
typedef struct McArena {
    McArenaChunk *head; /* newest chunk first */
    size_t total;       /* bytes handed out, for statistics */
} McArena;

void mc_arena_init(McArena *a);
/* The same, with a first chunk offering `first` bytes, made now (0: none;
 * for a caller that knows about how much it will need: one chunk, sized
 * to fit, wastes least). */
void mc_arena_init_sized(McArena *a, size_t first);
void mc_arena_free(McArena *a);
/* Bytes of its chunks, headers included: what it holds from malloc. */
size_t mc_arena_reserved(const McArena *a);
void *mc_arena_alloc(McArena *a, size_t size);   /* zeroed, 16-aligned */
char *mc_arena_strndup(McArena *a, const char *s, size_t len);
/* Grow an array allocated from the arena; the old block is abandoned (or
 * extended in place when it is the newest allocation). New bytes are zeroed. */
void *mc_arena_grow(McArena *a, void *old, size_t old_size, size_t new_size);

/* ---- name maps (string -> int32 handle) ---------------------------------- */

typedef struct McNameMap {
    const char **keys; /* arena strings, NULL = empty slot */
    uint32_t *hashes;  /* full hash of each key: probes compare these first */
    int32_t *vals;
    uint32_t cap, count; /* cap is a power of two */
} McNameMap;

int32_t mc_namemap_get(const McNameMap *m, const char *s, size_t len); /* MC_NONE if absent */
void mc_namemap_put(McArena *a, McNameMap *m, const char *key, int32_t val);
void mc_namemap_del(McNameMap *m, const char *key, size_t len);
void mc_namemap_reserve(McArena *a, McNameMap *m, uint32_t n); /* room for n keys without rehashing */
/* Every value v becomes map[v]; keys whose map[v] is MC_NONE are deleted.
 * One pass over the slots, no key is read (renumbering after a compaction). */
void mc_namemap_remap(McNameMap *m, const int32_t *map);
/* dst (empty) becomes a copy of src with the same slots, each key replaced
 * by key_of(ctx, value): the same names stored elsewhere (a cloned
 * function's arena). No hashing, no probing. */
void mc_namemap_clone(McArena *a, McNameMap *dst, const McNameMap *src,
                      const char *(*key_of)(const void *ctx, int32_t val), const void *ctx);
/* dst (empty) maps the keys of src whose value v has map[v] != MC_NONE to
 * map[v], key_of(ctx, map[v]) being the same name stored elsewhere: what
 * mc_namemap_clone and mc_namemap_remap give, sized for the keys kept (no
 * tombstones), placed by their stored hashes (no string is hashed). */
void mc_namemap_clone_map(McArena *a, McNameMap *dst, const McNameMap *src, const int32_t *map,
                          const char *(*key_of)(const void *ctx, int32_t val), const void *ctx);
/* The names' hash (FNV-1a), continued over s[0 .. len) from h; a name's
 * hash starts at MC_NAME_HASH0. mc_namemap_put_batch takes these. */
#define MC_NAME_HASH0 2166136261u
static inline uint32_t mc_name_hash(uint32_t h, const char *s, size_t len) {
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
    return h;
}
/* mc_namemap_put(a, m, keys[i], first + i) for i = 0 .. n-1, in that order
 * (the same slots), with each key's hash given (mc_name_hash): the slots of
 * the keys ahead are prefetched, so the cache misses of a large map overlap
 * (SSA construction's version names). */
void mc_namemap_put_batch(McArena *a, McNameMap *m, const char *const *keys, const uint32_t *hashes, int32_t first,
                          int32_t n);

/* ---- IR ------------------------------------------------------------------- */

typedef struct McLoc {
    int32_t line, col; /* 1-based source position; 0 when synthesized */
} McLoc;

/* A source position as the IR stores it: 4 bytes instead of McLoc's 8, so
 * that instructions, phi entries and terminators stay small (the optimizer
 * sweeps them; at 200k instructions the IR no longer fits the cache). Line
 * < 2^20 and column < 2^11 are packed directly; any other position is a
 * number in its function's own table of far positions (McFarPos, each
 * distinct one stored once, in the function's arena). Zero means
 * synthesized, as McLoc 0:0 does. A position belongs to the function it was
 * made for and to that function's clones: convert with mc_pos(f, loc) and
 * mc_loc(f, pos) (declared after McFunc); compare with mc_pos_eq. */
typedef struct McPos {
    uint32_t bits;
} McPos;

static inline bool mc_pos_known(McPos p) { return p.bits != 0; }
static inline bool mc_pos_eq(McPos a, McPos b) { return a.bits == b.bits; }

enum { MC_OPND_NONE = 0, MC_OPND_VALUE = 1, MC_OPND_CONST = 2 };

typedef struct McOperand {
    uint8_t kind; /* MC_OPND_* */
    int32_t v;    /* value handle or constant */
    McPos loc;    /* where the operand was written */
} McOperand;

typedef enum McValKind { MC_VAL_I32 = 0, MC_VAL_BUF = 1 } McValKind;

typedef struct McValue {
    const char *name; /* arena string, unique within the function */
    uint8_t kind;     /* McValKind */
    int32_t param;    /* parameter index, or MC_NONE */
    McPos loc;        /* first definition in the source */
} McValue;

/* Calls and local buffers (docs/ir.md §3.2) keep McInst at its size:
 *   `x = call f(a, 3, buf)`: op MC_OP_CALL, dest x (MC_NONE for `call f(...)`
 *     without a destination), a[0].v the number of its McCall in the
 *     function's call table f->calls (a[0].kind MC_OPND_NONE: nargs is 0, so
 *     code that walks operands by mc_op_info sees none; use mc_inst_call);
 *   `b = buffer 16`: op MC_OP_BUFFER, dest the buffer value b (kind
 *     MC_VAL_BUF), a[0] the constant length (1 <= length <= MC_BUFFER_MAX). */
typedef struct McInst {
    uint8_t op;        /* McOp, never a terminator */
    int32_t dest;      /* value handle, MC_NONE for store (and a call without one) */
    McOperand a[3];    /* value operands, mc_op_info[op].nargs of them */
    McPos loc;         /* start of the instruction (its destination name) */
    int32_t line;      /* C source line it was lowered from (MiniC, minic.h), 0 = none */
} McInst;

typedef struct McTerm {
    uint8_t op;        /* MC_OP_RET, MC_OP_JUMP or MC_OP_BRANCH */
    McOperand arg;     /* return value or branch condition */
    int32_t target[2]; /* jump: target[0]; branch: [nonzero, zero] */
    McPos loc;         /* the keyword */
    McPos tloc[2];     /* the target names */
    int32_t line;      /* C source line (as McInst.line); kept when the terminator is replaced */
} McTerm;

typedef struct McPhiArg {
    int32_t block; /* predecessor block handle */
    McOperand val; /* value on that edge */
    McPos bloc;    /* where the predecessor name was written */
} McPhiArg;

typedef struct McPhi {
    int32_t dest;  /* value handle */
    McPos loc;
    int32_t line;  /* C source line of its block (as McInst.line), 0 = none */
    McPhiArg *args;
    int32_t nargs, cap;
} McPhi;

typedef struct McBlock {
    const char *name; /* arena string, unique within the function */
    McPhi *phis;
    int32_t nphis, capphis;
    McInst *insts;
    int32_t ninsts, capinsts;
    McTerm term;
    bool has_term; /* false only while a builder is filling the block */
    McPos loc;     /* the label */
} McBlock;

/* A call's callee and arguments, in its function's arena (see McInst). */
#define MC_BUFFER_MAX (1 << 20) /* the longest local buffer */
struct McFunc;
typedef struct McCall {
    const char *name;      /* the callee's name as written (arena string) */
    struct McFunc *callee; /* resolved in the module (parse.c); NULL until then. The
                              callee belongs to the module; a clone of the caller
                              calls the same function */
    McPos nloc;            /* where the callee's name was written */
    int32_t nargs;
    McOperand *args;       /* an i32 argument is a constant or a scalar; a buf
                              argument is the buffer's value (kind MC_VAL_BUF) */
} McCall;

typedef enum McForm { MC_FORM_UNKNOWN = 0, MC_FORM_MUTABLE, MC_FORM_SSA } McForm;

/* A function's far positions (see McPos): number k is loc[k]; an
 * open-addressing index finds a position's number again. Arrays live in the
 * function's arena; empty (all zero) until the first far position. */
typedef struct McFarPos {
    McLoc *loc;
    uint32_t n, cap;
    uint32_t *slot;  /* number + 1, 0 = empty */
    uint32_t nslots; /* 0 or a power of two */
} McFarPos;

typedef struct McFunc {
    McArena arena;       /* owns everything below */
    const char *name;    /* function name */
    const char *file;    /* source file name for diagnostics (file_name's text) or NULL */
    McFileName *file_name; /* the counted copy file points into (shared by the functions of a file) */
    McPos loc;           /* the "func" keyword */
    int32_t *params;     /* value handles of the parameters, in order */
    int32_t nparams, capparams;
    McValue *values;     /* value table; index = handle */
    int32_t nvalues, capvalues;
    McBlock *blocks;     /* blocks[0] is the entry block */
    int32_t nblocks, capblocks;
    McNameMap value_names; /* name -> value handle */
    McNameMap block_names; /* name -> block handle */
    McForm form;         /* set by mc_verify */
    McFarPos far;        /* positions that do not fit McPos's packed form */
    bool c_names;        /* lowered from MiniC: `$W`, W a word of the IR, is the
                            C name W (mc_shown_name) */
    McCall *calls;       /* the call table (see McInst); index = a[0].v of a call */
    int32_t ncalls, capcalls;
    struct McFunc **owned; /* malloc'd: functions freed with this one (a prepared
                              function's prepared callees, mc_pipeline_prepare);
                              not cloned: a clone calls the same functions */
    int32_t nowned;
} McFunc;

typedef struct McModule {
    McFunc **funcs; /* malloc'd array of owned functions, in file order */
    int32_t nfuncs;
    char *file;     /* malloc'd copy of the file name */
    bool minic;     /* lowered from MiniC (minic.h): the `line` fields are C lines */
} McModule;

/* Source positions of f (see McPos). mc_pos: line <= 0 gives the
 * synthesized position; a far one is added to f's table unless there. */
McPos mc_pos(McFunc *f, McLoc l);
McLoc mc_loc(const McFunc *f, McPos p);

/* Construction. All return handles; names are copied into the arena. */
McFunc *mc_func_new(const char *name, const char *file);
/* The same with a shared file name (a new count of it; NULL: none) and the
 * bytes its arena's first chunk offers (0: the default; mc_arena_init_sized). */
McFunc *mc_func_new_in(const char *name, McFileName *file, size_t first);
/* Room in f's value and block tables for that many (nothing is added):
 * for a builder that knows the counts, so the tables are not regrown (each
 * regrowth leaves the old copy in the arena). */
void mc_func_reserve(McFunc *f, int32_t values, int32_t blocks);
/* A file name shared by many functions: one copy, counted. new: count 1
 * (NULL for NULL); drop: one count less, freed at 0. */
McFileName *mc_file_name_new(const char *file);
void mc_file_name_drop(McFileName *n);
/* Bytes f holds from malloc: its McFunc and its arena's chunks (the file
 * name, shared, not counted). For tests and the bench (bench/mem.c). */
size_t mc_func_bytes(const McFunc *f);
void mc_func_free(McFunc *f);
McFunc *mc_func_clone(const McFunc *f); /* deep copy into a fresh arena */
/* Drop the values nothing names any more (not a parameter, never assigned,
 * never read: what the optimizer's deletions leave in the value table) and
 * renumber the rest in their old order, so every comparison by handle keeps
 * its outcome. Returns how many were dropped. Handles held outside f are
 * invalidated when it returns > 0. */
int32_t mc_func_compact_values(McFunc *f);
/* A clone of f compacted as mc_func_compact_values would compact it (the
 * same values dropped, the same renumbering), in one pass, without copying
 * what is dropped; block b's instruction array gets room for extra[b] more
 * instructions (extra may be NULL), the value table for more_values more,
 * the block table for more_blocks more (room only: nothing is added). */
McFunc *mc_func_clone_compact(const McFunc *f, const int32_t *extra, int32_t more_values, int32_t more_blocks);
/* f compacted as mc_func_compact_values would compact it, in fresh, dense
 * memory (mc_func_clone_compact swapped into *f; the McFunc pointer stays
 * valid, pointers into its arrays do not). For passes that delete much of
 * a large function. */
void mc_func_compact(McFunc *f);
int32_t mc_func_value(McFunc *f, const char *name);     /* find or create an i32 value */
int32_t mc_func_value_new(McFunc *f, const char *name); /* create; MC_NONE if it exists */
/* A fresh value named after `base` (for example "x" -> "x.1", "x.2"...):
 * the first of base.1, base.2, ... that is free. */
int32_t mc_func_value_fresh(McFunc *f, const char *base);
int32_t mc_func_param_add(McFunc *f, const char *name, McValKind kind); /* MC_NONE if duplicate */
int32_t mc_func_find_value(const McFunc *f, const char *name);
int32_t mc_func_block_add(McFunc *f, const char *name); /* MC_NONE if it exists */
int32_t mc_func_block_fresh(McFunc *f, const char *base); /* unique name from base */
int32_t mc_func_find_block(const McFunc *f, const char *name);
McInst *mc_block_inst_add(McFunc *f, int32_t block);       /* appended, zeroed */
McInst *mc_block_inst_insert(McFunc *f, int32_t block, int32_t at); /* before index at */
void mc_block_inst_remove(McFunc *f, int32_t block, int32_t at);
int32_t mc_block_phi_add(McFunc *f, int32_t block, int32_t dest); /* returns phi index */
void mc_phi_arg_add(McFunc *f, int32_t block, int32_t phi, int32_t pred, McOperand val);
/* Remove the entries for predecessor `pred` from every phi of `block` (the
 * edge pred -> block is gone). */
void mc_block_phi_drop_pred(McFunc *f, int32_t block, int32_t pred);
/* Remove blocks with dead[b] set; renumbers the rest in order and rewrites
 * terminator targets and phi predecessors. Phi args from removed blocks are
 * dropped. Terminators that still target a removed block are a caller bug. */
void mc_func_remove_blocks(McFunc *f, const bool *dead);
/* Rename a block (name must be free). */
void mc_func_block_rename(McFunc *f, int32_t block, const char *name);

static inline McOperand mc_val(int32_t v) { McOperand o = {MC_OPND_VALUE, v, {0}}; return o; }
static inline McOperand mc_const(int32_t c) { McOperand o = {MC_OPND_CONST, c, {0}}; return o; }
static inline bool mc_opnd_is_val(McOperand o) { return o.kind == MC_OPND_VALUE; }
static inline bool mc_opnd_eq(McOperand a, McOperand b) { return a.kind == b.kind && a.v == b.v; }

/* Set a block's terminator (replacing any it had); the source locations
 * are cleared, the C line (McTerm.line) of the one replaced is kept. */
void mc_block_set_ret(McFunc *f, int32_t block, McOperand value);
void mc_block_set_jump(McFunc *f, int32_t block, int32_t target);
void mc_block_set_branch(McFunc *f, int32_t block, McOperand cond, int32_t nonzero, int32_t zero);

/* The C source line of a block: the first non-zero `line` of its phis,
 * instructions and terminator, 0 when none has one (IR read from text). */
int32_t mc_block_line(const McFunc *f, int32_t block);

/* Successor handles of a block (0, 1 or 2; a branch to the same block twice
 * reports it twice). Returns the count. Inline: every CFG walk calls it
 * once or twice per block, and the call cost more than the work. */
static inline int mc_block_succs(const McBlock *b, int32_t out[2]) {
    if (!b->has_term) return 0;
    switch (b->term.op) {
    case MC_OP_JUMP: out[0] = b->term.target[0]; return 1;
    case MC_OP_BRANCH:
        out[0] = b->term.target[0];
        out[1] = b->term.target[1];
        return 2;
    default: return 0;
    }
}

/* i32 arithmetic exactly as the IR defines it (docs/ir.md §3, §3.1):
 * two's-complement wrapping add, sub and mul, signed compares giving 0 or 1,
 * bitwise and/or/xor, shifts by the count's low five bits (shr arithmetic),
 * division truncating toward zero with INT_MIN / -1 wrapping to INT_MIN and
 * INT_MIN % -1 giving 0. None of them has undefined or implementation-
 * defined behaviour in C. These inline functions are the one definition of
 * the semantics; every executor uses them: the plain run path's handlers
 * (run.c) call them directly, and mc_alu (the stepping interpreter, the
 * allocated machine, constant folding in sccp.c, gvn.c and run.c's decoder)
 * dispatches to them. The C backend (cgen.c) emits the same operations as C
 * text. mc_i32_div and mc_i32_rem require a non-zero divisor: a zero one is
 * the trap MC_DIV_ZERO_MSG, which every executor checks first
 * (mc_alu_traps). */
static inline int32_t mc_i32_wrap(uint32_t r) { /* without implementation-defined casts */
    return r <= (uint32_t)INT32_MAX ? (int32_t)r : (int32_t)(r - 2147483648u) + INT32_MIN;
}
static inline int32_t mc_i32_add(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a + (uint32_t)b); }
static inline int32_t mc_i32_sub(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a - (uint32_t)b); }
static inline int32_t mc_i32_mul(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a * (uint32_t)b); }
static inline int32_t mc_i32_lt(int32_t a, int32_t b) { return a < b; }
static inline int32_t mc_i32_le(int32_t a, int32_t b) { return a <= b; }
static inline int32_t mc_i32_eq(int32_t a, int32_t b) { return a == b; }
static inline int32_t mc_i32_ne(int32_t a, int32_t b) { return a != b; }
static inline int32_t mc_i32_and(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a & (uint32_t)b); }
static inline int32_t mc_i32_or(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a | (uint32_t)b); }
static inline int32_t mc_i32_xor(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a ^ (uint32_t)b); }
static inline int32_t mc_i32_shl(int32_t a, int32_t b) { return mc_i32_wrap((uint32_t)a << ((uint32_t)b & 31u)); }
/* Arithmetic: for negative a, ~a is non-negative and ~(~a >> n) fills with ones. */
static inline int32_t mc_i32_shr(int32_t a, int32_t b) {
    int n = (int)((uint32_t)b & 31u);
    return a < 0 ? ~(~a >> n) : a >> n;
}
/* b != 0. b = -1 is negation (wrapping), which C's `/` would overflow on INT_MIN. */
static inline int32_t mc_i32_div(int32_t a, int32_t b) { return b == -1 ? mc_i32_sub(0, a) : a / b; }
static inline int32_t mc_i32_rem(int32_t a, int32_t b) { return b == -1 ? 0 : a % b; }

#define MC_DIV_ZERO_MSG "division by zero" /* the trap of div and rem by 0 */
/* Whether op applied to a divisor b traps (div or rem by zero). The test
 * of b comes first: one predictable branch per instruction in the loops. */
static inline bool mc_alu_traps(McOp op, int32_t b) { return b == 0 && (op == MC_OP_DIV || op == MC_OP_REM); }
/* One ALU opcode (MC_OPF_ALU, or COPY returning a) applied to a and b; for
 * div and rem the caller has ruled out the trap (mc_alu_traps). */
int32_t mc_alu(McOp op, int32_t a, int32_t b);
/* Whether the instruction may trap when it runs: load and store (bounds),
 * div and rem unless the divisor is a non-zero constant (then they cannot
 * trap: INT_MIN / -1 is defined to wrap, so they are pure). What the
 * optimizer keeps in place and never removes. */
bool mc_inst_may_trap(const McInst *in);

/* Calls (docs/ir.md §3.2). mc_func_call_add: a new entry of f's call table
 * naming `name` with room for nargs arguments (nargs set, arguments zeroed);
 * returns its number. mc_inst_call: the call of instruction in (op CALL),
 * NULL when its number is out of range. */
int32_t mc_func_call_add(McFunc *f, const char *name, size_t len, int32_t nargs);
static inline McCall *mc_inst_call(const McFunc *f, const McInst *in) {
    if (in->op != MC_OP_CALL || in->a[0].v < 0 || in->a[0].v >= f->ncalls) return NULL;
    return &f->calls[in->a[0].v];
}
/* The value operands an instruction reads, *n of them: a call's arguments
 * (buffers included), or a[0 .. nargs) (what an analysis that must see a
 * call's uses walks; a pass walking a[] by mc_op_info sees none). */
static inline const McOperand *mc_inst_opnds(const McFunc *f, const McInst *in, int *n) {
    const McCall *c = mc_inst_call(f, in);
    if (c) {
        *n = (int)c->nargs;
        return c->args;
    }
    *n = in->op < MC_OP_COUNT ? mc_op_info[in->op].nargs : 0;
    if (*n > 3) *n = 3;
    return in->a;
}
/* The first call or local buffer of f (its block and index in *block and
 * *inst), or false when it has none: what the stages that do not support
 * them yet refuse (pipeline.c). */
bool mc_func_find_call(const McFunc *f, int32_t *block, int32_t *inst);

void mc_module_free(McModule *m);
/* The name users see for a name of f (the function's or a value's): in a
 * function lowered from MiniC (c_names), `$load` is the C name `load` (an
 * IR word renamed, minic.h); every other name is itself. */
const char *mc_shown_name(const McFunc *f, const char *name);
/* The function named `name`: by its IR name, or by the name users see
 * (mc_shown_name: `add` finds MiniC's `$add`). */
McFunc *mc_module_find(const McModule *m, const char *name);

/* Text format printing (docs/ir.md §1). Print then parse is the identity. */
void mc_func_print(const McFunc *f, FILE *out);
void mc_module_print(const McModule *m, FILE *out);
/* Operand as text into buf (value name or decimal constant). */
const char *mc_opnd_str(const McFunc *f, McOperand o, char *buf, size_t size);
void mc_opnd_put(const McFunc *f, McOperand o, McStr *out); /* the same, appended */
/* Names that never crash: `?` for a handle out of range. */
const char *mc_block_name(const McFunc *f, int32_t b);
const char *mc_value_name(const McFunc *f, int32_t v);
/* One line of the text format appended to out, without indentation or
 * newline: `func f(i32 n, buf b)`, `a = phi [entry: 1], [body: b]`,
 * `c = lt i, n`, `branch c, body, exit`. A dangling handle prints as `?`, a
 * bad opcode as `# bad opcode N` (never a crash: passes print half-built IR). */
void mc_signature_str(const McFunc *f, McStr *out);
void mc_phi_str(const McFunc *f, const McPhi *p, McStr *out);
void mc_inst_str(const McFunc *f, const McInst *in, McStr *out);
void mc_term_str(const McFunc *f, const McTerm *t, McStr *out);

#endif
