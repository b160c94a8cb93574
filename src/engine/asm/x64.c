/* x64.c - instruction selection by tiling and GNU assembler text (Intel
 * syntax) for x86-64, System V ABI, Linux (asm.h, docs/targets.md).
 *
 * Each function of the allocated program becomes `minicc_fN` with an rbp
 * frame laid out below rbp (offsets grow downward):
 *   the frame's depth budget at rbp - 8 (8 bytes): a call passes the
 *     caller's budget (the frames it may still add) in rax (a hidden
 *     argument: `mov rax, [rbp - 8]` just before the `call`; the harness
 *     passes max_depth), the prologue subtracts 1 (`dec rax`, whose sign
 *     flag `js` tests: no compare) and, in a function that calls, stores it.
 *     No shared counter, no epilogue work.
 *     (Reading the caller's depth in the callee, through rbp before it
 *     changes, was measured slower on fib: the load right after the call
 *     and push stalled; the caller's load, from its own frame, does not),
 *   callee-saved registers the allocation writes (8 bytes each),
 *   save slots (caller saves around calls, a->save_slots),
 *   spill slots (a->slots), 8 bytes each, a 32-bit value in the low half,
 *   buffer descriptors (address, then length 8 bytes further), one per
 *     buffer value (parameters and local buffers),
 *   local buffers' storage (N*4 bytes, zeroed each time `buffer` runs),
 *   and at rsp the outgoing-argument area (ABI positions past the sixth).
 * The frame is a multiple of 16, so rsp is 16-byte aligned at every call.
 *
 * Invariant: a register holding a scalar has its upper 32 bits zero (every
 * write of a scalar is a 32-bit operation), so an index register can be used
 * as a 64-bit index in `[base + index*4]` after its unsigned bounds check.
 *
 * Peephole: a block ending `x = OP ...; return x` computes x in eax (the
 * tile's destination is eax, dest_opnd), and the return moves nothing.
 *
 * Tiles are chosen by maximal munch per block: the largest pattern that
 * matches at the instruction is taken (a compare whose only use is the
 * branch right after it fuses with the branch). Every tile walks x86-64's
 * table (patterns.c): the instruction described as an McAsmMatch, the first
 * row whose predicate accepts it (mc_asm_select), its form expanded
 * (mc_asm_expand; x64_operand resolves the placeholders, x64_line prints
 * the lines). What stays code, as on rv64: the store of a spilled result,
 * the caller saves and the restores, the parallel moves of parameters and
 * arguments, the out-of-line bounds stubs. Every tile is recorded in the
 * listing with its cost (instructions emitted on its main path; the
 * out-of-line trap stubs are not counted) and a reason. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_int.h"
#include "minicc/cfg.h"
#include "minicc/util.h"

/* ---- physical registers ----------------------------------------------------------- */

enum {
    P_RAX, P_RCX, P_RDX, P_RBX, P_RSI, P_RDI, P_RBP, P_RSP,
    P_R8, P_R9, P_R10, P_R11, P_R12, P_R13, P_R14, P_R15, P_COUNT
};
static const char *const p64[P_COUNT] = {"rax", "rcx", "rdx", "rbx", "rsi", "rdi", "rbp", "rsp",
                                         "r8",  "r9",  "r10", "r11", "r12", "r13", "r14", "r15"};
static const char *const p32[P_COUNT] = {"eax", "ecx", "edx", "ebx", "esi", "edi", "ebp", "esp",
                                         "r8d", "r9d", "r10d", "r11d", "r12d", "r13d", "r14d", "r15d"};
static const char *const p8[P_COUNT] = {"al", "cl", "dl", "bl", "sil", "dil", "bpl", "spl",
                                        "r8b", "r9b", "r10b", "r11b", "r12b", "r13b", "r14b", "r15b"};
/* abstract register r of the allocation (asm.c's table; rax rcx rdx at
 * MC_X64_RAX, MC_X64_RCX, MC_X64_RDX of alloc_common.h) */
#define X64_NREGS 13
static const int alloc_phys[X64_NREGS] = {P_RSI, P_RDI, P_R8, P_R9, P_R10, P_RAX, P_RCX, P_RDX,
                                          P_RBX, P_R12, P_R13, P_R14, P_R15};
static const int arg_phys[6] = {P_RDI, P_RSI, P_RDX, P_RCX, P_R8, P_R9};

/* An operand of an x86 instruction: a register, memory at base+off, an immediate. */
enum { O_NONE, O_REG, O_MEM, O_IMM };
typedef struct Opnd {
    int kind;
    int reg;     /* O_REG: P_*; O_MEM: base register (P_RBP, P_RSP) */
    int64_t off; /* O_MEM: displacement; O_IMM: the value */
} Opnd;

static Opnd oreg(int r) { return (Opnd){O_REG, r, 0}; }
static Opnd omem(int base, int64_t off) { return (Opnd){O_MEM, base, off}; }
static Opnd oimm(int64_t v) { return (Opnd){O_IMM, 0, v}; }
static bool same_opnd(Opnd a, Opnd b) { return a.kind == b.kind && a.reg == b.reg && a.off == b.off; }

/* Scratch text for operands and labels: a ring of buffers, so one instruction's
 * operands can be formatted together (no writable globals in the engine). */
typedef struct Ring {
    char buf[8][64];
    unsigned k;
} Ring;
static char *ring_next(Ring *r) { return r->buf[r->k++ & 7]; }

/* The operand as text; wide: 64-bit. */
static const char *os_r(Ring *r, Opnd o, bool wide) {
    char *s = ring_next(r);
    switch (o.kind) {
    case O_REG: snprintf(s, 64, "%s", wide ? p64[o.reg] : p32[o.reg]); break;
    case O_MEM:
        if (o.off == 0) snprintf(s, 64, "%s ptr [%s]", wide ? "qword" : "dword", p64[o.reg]);
        else
            snprintf(s, 64, "%s ptr [%s %c %lld]", wide ? "qword" : "dword", p64[o.reg], o.off < 0 ? '-' : '+',
                     (long long)(o.off < 0 ? -o.off : o.off));
        break;
    case O_IMM: snprintf(s, 64, "%lld", (long long)o.off); break;
    default: snprintf(s, 64, "?"); break;
    }
    return s;
}

/* ---- the frame --------------------------------------------------------------------- */

typedef struct Frame {
    int64_t size;     /* bytes below rbp, a multiple of 16 */
    int64_t cs_base;  /* callee saves at -(cs_base + 8(k+1)) */
    int64_t sv_base;  /* save slots */
    int64_t sl_base;  /* spill slots */
    int64_t *desc;    /* per value: offset of its buffer descriptor (0: none) */
    int64_t *store;   /* per value: offset of a local buffer's storage (0: none) */
    int32_t outgoing; /* stack positions of the largest call */
} Frame;

static void frame_layout(const McAllocation *a, Frame *fr) {
    const McFunc *f = a->f;
    memset(fr, 0, sizeof *fr);
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1);
    fr->desc = mc_xcalloc(nv, sizeof *fr->desc);
    fr->store = mc_xcalloc(nv, sizeof *fr->store);
    int64_t at = 8; /* the frame's depth at rbp - 8 */
    fr->cs_base = at;
    at += 8 * (int64_t)a->ncallee_saves;
    fr->sv_base = at;
    at += 8 * (int64_t)a->save_slots;
    fr->sl_base = at;
    at += 8 * (int64_t)a->slots;
    for (int32_t v = 0; v < f->nvalues; v++)
        if (f->values[v].kind == MC_VAL_BUF) {
            at += 16;
            fr->desc[v] = at;
        }
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op == MC_OP_BUFFER && in->dest >= 0 && fr->store[in->dest] == 0) {
                at += ((int64_t)in->a[0].v * 4 + 7) / 8 * 8;
                fr->store[in->dest] = at;
            }
            if (in->op == MC_OP_CALL) {
                const McCall *c = mc_inst_call(f, in);
                if (!c || !c->callee) continue;
                int32_t pos = mc_asm_positions(c->callee);
                if (pos - 6 > fr->outgoing) fr->outgoing = pos - 6;
            }
        }
    at += 8 * (int64_t)fr->outgoing;
    fr->size = (at + 15) / 16 * 16;
}

static void frame_free(Frame *fr) {
    free(fr->desc);
    free(fr->store);
}

/* ---- the emitter ------------------------------------------------------------------------ */

typedef struct Em {
    const McProgram *p;
    const McAsmOptions *o;
    McAsmListing *listing;
    McDiags *d;
    McStr out;     /* the whole text */
    McStr tile;    /* the current tile's lines */
    McStr cold;    /* the current function's out-of-line trap stubs */
    McStr comment; /* the current IR instruction as a comment */
    int32_t cost;
    int32_t fn;    /* the current function */
    const McAllocation *a;
    Frame fr;
    int32_t label; /* the next local label number */
    Ring ring;     /* scratch text for operands and labels */
    int32_t *uses;    /* the reads of each value of the current function (a->f) */
    bool *fuse;       /* per block: its compare fuses with its branch (mc_asm_fusable_blocks) */
    int32_t call;     /* the next of its calls (index in a->callsaves) */
    bool calls;       /* the function calls: it keeps its depth budget at rbp - 8 */
    bool *ret_eax;    /* per block: its last instruction computes the returned value in eax */
    int32_t eax_value; /* the value the current tile computes in eax instead of its location (-1: none) */
    struct {
        int32_t buf;      /* a buffer value */
        McOperand index;  /* an index checked against its length in this block */
    } checked[32];
    int nchecked;     /* bounds checks made earlier in the block (forgotten at labels, and an
                         entry when its buffer or index value is written again) */
    bool inherited;   /* the current block is entered only from the one before it (falling
                         through): r11 and the known checks are kept across its label */
    int hops;         /* blocks the current tile's jumps skipped (jump threading) */
    int32_t r11_buf;  /* the buffer value whose base address r11 holds (-1: none known); set by
                         a load or store in the block, forgotten at labels, calls and every
                         other write of r11 */
    struct {
        Opnd x, a, b;   /* {x} (where the text writes), {a}, {b} */
        int64_t imm;    /* {imm} */
        bool x_ready;   /* {xa}: the first operand was copied into x */
        bool a_r11;     /* {a} is fetched into r11d at its first use (a compare's) */
        const char *cc; /* {cc} */
        bool no_count;  /* the planted bug shift-count: the count's mov dropped */
        int32_t buf;    /* the buffer value of a load, store or buffer instruction */
        Opnd index;     /* a load's or store's index */
        bool kept;      /* r11 already holds the buffer's base: {base} is r11 (its mov left out) */
        bool v_xmm;     /* a store's value from its slot is in xmm15 */
        int label;      /* {L}: a local label */
        const char *ncc; /* {ncc}: the inverse of {cc} */
        int32_t T, F, to; /* {T} {F} {to}: blocks */
        uint64_t magic;   /* {magic} {magic-2^32}: a division's magic number, */
        int p, k;         /* {p} {p-32}: its shift; {k} {32-k} {-2^k}: a power of two's exponent */
        uint32_t ad;      /* {|C|} */
        Opnd q;           /* {q}: eax or edx after idiv */
        int l1, l2;       /* {L1} {L2} */
        bool no_cdq;      /* the planted bug no-cdq: xor edx, edx for cdq */
        int32_t callee;   /* {callee}: the called function */
    } cur;              /* the operands of the tile being expanded from its row */
    bool failed;
} Em;

static const char *os(Em *e, Opnd o, bool wide) { return os_r(&e->ring, o, wide); }

static bool bug(const Em *e, McAsmBug b) { return e->o->bug == b; }

/* The callee-saved registers the prologue saves and the epilogue restores:
 * those the allocation writes. */
static int32_t callee_saves(const Em *e) {
    /* PLANTED BUG no-callee-saves (asm.h): none saved nor restored, so a
     * caller's value kept in rbx or r12-r15 across the call is overwritten */
    if (bug(e, MC_ASM_BUG_NO_CALLEE_SAVES)) return 0;
    return e->a->ncallee_saves;
}

static void put_line(Em *e, McStr *to, const char *ins) {
    if (e->o->comments && e->comment.len > 0) {
        size_t n = strlen(ins);
        mc_str_printf(to, "    %s", ins);
        for (size_t k = n; k < 36; k++) mc_str_putc(to, ' ');
        mc_str_printf(to, " # %s\n", e->comment.s);
    } else {
        mc_str_printf(to, "    %s\n", ins);
    }
}

/* One instruction of the current tile. */
static void ins(Em *e, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    put_line(e, &e->tile, buf);
    e->cost++;
}

/* One instruction of the function's out-of-line trap stubs. */
static void cold(Em *e, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    put_line(e, &e->cold, buf);
}


static void set_comment(Em *e, const char *fmt, ...) {
    e->comment.len = 0;
    if (e->comment.s) e->comment.s[0] = '\0';
    if (!fmt) return;
    va_list ap;
    va_start(ap, fmt);
    mc_str_vprintf(&e->comment, fmt, ap);
    va_end(ap);
}

/* The comment for instruction i of block b (b, i < 0: none; i == ninsts: the terminator). */
static void comment_ir(Em *e, int32_t b, int32_t i, int32_t upto) {
    const McFunc *f = e->a->f;
    set_comment(e, NULL);
    const McBlock *bl = &f->blocks[b];
    int32_t line = 0;
    for (int32_t k = i; k <= upto; k++) {
        if (k > i) mc_str_puts(&e->comment, "; ");
        if (k < bl->ninsts) {
            mc_inst_str(f, &bl->insts[k], &e->comment);
            if (!line) line = bl->insts[k].line;
        } else {
            mc_term_str(f, &bl->term, &e->comment);
            if (!line) line = bl->term.line;
        }
    }
    if (line > 0) mc_str_printf(&e->comment, "  (C line %d)", (int)line);
}

static void tile_begin(Em *e) {
    e->hops = 0;
    e->tile.len = 0;
    if (e->tile.s) e->tile.s[0] = '\0';
    e->cost = 0;
}

static void tile_end(Em *e, int what, int32_t block, int32_t inst, int32_t ncovered, const char *pattern,
                     const char *fmt, ...) {
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    if (e->tile.len) mc_str_puts(&e->out, e->tile.s);
    if (e->listing) {
        McAsmTile *t = mc_asm_listing_add(e->listing, e->fn, what, block, inst, ncovered, pattern, e->cost);
        t->why = mc_xstrdup(why);
        t->text = mc_xstrdup(e->tile.s ? e->tile.s : "");
    }
}

/* The operand of an IR operand: an immediate, the register or the slot of its value. */
static Opnd ir_opnd(Em *e, McOperand o) {
    if (o.kind == MC_OPND_CONST) return oimm(o.v);
    if (o.kind != MC_OPND_VALUE) return (Opnd){O_NONE, 0, 0};
    McLocation l = e->a->loc[o.v];
    if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < X64_NREGS) return oreg(alloc_phys[l.index]);
    if (l.kind == MC_LOC_SLOT) return omem(P_RBP, -(e->fr.sl_base + 8 * (int64_t)(l.index + 1)));
    return (Opnd){O_NONE, 0, 0};
}

static Opnd val_loc(Em *e, int32_t v) { return v < 0 ? (Opnd){O_NONE, 0, 0} : ir_opnd(e, mc_val(v)); }

/* Where a tile writes its result v: eax for the returned value of the
 * block's last instruction (the peephole: the return needs no move), else
 * v's location. Only a destination: an operand reads val_loc. */
static Opnd dest_opnd(Em *e, int32_t v) {
    if (v >= 0 && v == e->eax_value) return oreg(P_RAX);
    return val_loc(e, v);
}

static const char *loc_word(Em *e, Opnd o) {
    char *s = ring_next(&e->ring);
    if (o.kind == O_REG) snprintf(s, 64, "%s", p32[o.reg]);
    else if (o.kind == O_MEM) snprintf(s, 64, "a spill slot");
    else if (o.kind == O_IMM) snprintf(s, 64, "the constant %lld", (long long)o.off);
    else snprintf(s, 64, "nowhere");
    return s;
}

/* mov dst, src for 32-bit scalars (via r11d when both are in memory: rax
 * may hold a value). */
static void mov32(Em *e, Opnd dst, Opnd src) {
    if (dst.kind == O_NONE || same_opnd(dst, src)) return;
    if (dst.kind == O_MEM && src.kind == O_MEM) {
        e->r11_buf = -1;
        ins(e, "mov r11d, %s", os(e, src, false));
        ins(e, "mov %s, r11d", os(e, dst, false));
    } else if (dst.kind == O_REG && src.kind == O_IMM && src.off == 0) {
        ins(e, "xor %s, %s", os(e, dst, false), os(e, dst, false));
    } else {
        ins(e, "mov %s, %s", os(e, dst, false), os(e, src, false));
    }
}

/* ---- parallel moves -------------------------------------------------------------------- */

typedef McPmMove Move;

static Opnd pm_opnd(McPmLoc l) {
    switch (l.kind) {
    case MC_PM_REG: return oreg(l.reg);
    case MC_PM_MEM: return omem(l.reg, l.off);
    case MC_PM_IMM: return oimm(l.off);
    default: return (Opnd){O_NONE, 0, 0};
    }
}

static McPmLoc pm_loc(Opnd o, bool wide) {
    McPmLoc l = {MC_PM_NONE, wide, o.reg, o.off};
    l.kind = o.kind == O_REG ? MC_PM_REG : o.kind == O_MEM ? MC_PM_MEM : o.kind == O_IMM ? MC_PM_IMM : MC_PM_NONE;
    if (o.kind == O_IMM) l.reg = 0;
    return l;
}

static Move move_of(Opnd dst, Opnd src, bool wide) { return (Move){pm_loc(dst, wide), pm_loc(src, wide)}; }

/* One move of a parallel move: memory to memory through r11, 0 into a
 * register as xor. */
static void pm_emit(void *ctx, const McPmMove *m) {
    Em *e = ctx;
    Opnd dst = pm_opnd(m->dst), src = pm_opnd(m->src);
    bool wide = m->dst.wide;
    if (dst.kind == O_MEM && src.kind == O_MEM) {
        ins(e, "mov %s, %s", wide ? "r11" : "r11d", os(e, src, wide));
        ins(e, "mov %s, %s", os(e, dst, wide), wide ? "r11" : "r11d");
    } else if (dst.kind == O_REG && src.kind == O_IMM && src.off == 0 && !wide) {
        ins(e, "xor %s, %s", os(e, dst, false), os(e, dst, false));
    } else {
        ins(e, "mov %s, %s", os(e, dst, wide), os(e, src, wide));
    }
}

/* Emit the moves as one parallel assignment (mc_asm_parallel_move): memory
 * destinations first (they never overlap a source), then the register
 * destinations in passes that read every source before it is overwritten, a
 * cycle broken through r11. */
static void parallel_move(Em *e, Move *mv, int n) {
    e->r11_buf = -1; /* a move through r11 may come */
    McPmTarget t = {MC_PM_PASSES, P_R11, pm_emit, e};
    mc_asm_parallel_move(&t, mv, n);
}

/* ---- pattern rows ------------------------------------------------------------------------ */

static uint8_t am_of(Opnd o) {
    return o.kind == O_REG ? MC_AM_REG : o.kind == O_MEM ? MC_AM_SLOT : o.kind == O_IMM ? MC_AM_CONST : MC_AM_NONE;
}

static const char *elem(Em *e, Opnd I);
static const char *block_label(Em *e, int32_t b);

/* A placeholder of an x86-64 template (patterns.c's list) for the tile in
 * e->cur; {xa} copies the first operand into x the first time (mov32). */
static bool x64_operand(void *ctx, const char *n, char *buf, size_t size) {
    Em *e = ctx;
#define IS(w) (strcmp(n, w) == 0)
    if (IS("xa")) {
        if (!e->cur.x_ready) mov32(e, e->cur.x, e->cur.a);
        e->cur.x_ready = true;
        snprintf(buf, size, "%s", os(e, e->cur.x, false));
    } else if (IS("x"))
        snprintf(buf, size, "%s", os(e, e->cur.x, false));
    else if (IS("a")) {
        if (e->cur.a_r11) {
            e->r11_buf = -1;
            ins(e, "mov r11d, %s", os(e, e->cur.a, false));
            e->cur.a = oreg(P_R11);
            e->cur.a_r11 = false;
        }
        snprintf(buf, size, "%s", os(e, e->cur.a, false));
    } else if (IS("x8") && e->cur.x.kind == O_REG)
        snprintf(buf, size, "%s", p8[e->cur.x.reg]);
    else if (IS("cc") && e->cur.cc)
        snprintf(buf, size, "%s", e->cur.cc);
    else if (IS("b"))
        snprintf(buf, size, "%s", os(e, e->cur.b, false));
    else if (IS("a64") && e->cur.a.kind == O_REG)
        snprintf(buf, size, "%s", p64[e->cur.a.reg]);
    else if (IS("b64") && e->cur.b.kind == O_REG)
        snprintf(buf, size, "%s", p64[e->cur.b.reg]);
    else if (IS("imm"))
        snprintf(buf, size, "%lld", (long long)e->cur.imm);
    else if (IS("imm5"))
        snprintf(buf, size, "%d", (int)((uint32_t)e->cur.imm & 31u));
    else if (IS("i"))
        snprintf(buf, size, "%s", os(e, e->cur.index, false));
    else if (IS("len"))
        snprintf(buf, size, "%s", os(e, omem(P_RBP, -e->fr.desc[e->cur.buf] + 8), false));
    else if (IS("base"))
        snprintf(buf, size, "%s", e->cur.kept ? "r11" : os(e, omem(P_RBP, -e->fr.desc[e->cur.buf]), true));
    else if (IS("elem"))
        snprintf(buf, size, "%s", elem(e, e->cur.index));
    else if (IS("stub")) {
        /* the stub, out of line: the index (in r11d when it went through r11) and the length */
        int stub = e->label++;
        Opnd I = e->cur.index;
        if (I.kind == O_MEM || (I.kind == O_IMM && (I.off < 0 || I.off > (1 << 28)))) cold(e, ".L%d: mov edi, r11d", stub);
        else cold(e, ".L%d: mov edi, %s", stub, os(e, I, false));
        cold(e, "mov esi, %s", os(e, omem(P_RBP, -e->fr.desc[e->cur.buf] + 8), false));
        cold(e, "jmp minicc_trap_bounds");
        snprintf(buf, size, ".L%d", stub);
    } else if (IS("movv"))
        snprintf(buf, size, "%s", e->cur.b.kind == O_MEM ? "movd" : "mov");
    else if (IS("v")) {
        if (e->cur.b.kind == O_MEM && !e->cur.v_xmm) {
            ins(e, "movd xmm15, %s", os(e, e->cur.b, false));
            e->cur.v_xmm = true;
        }
        snprintf(buf, size, "%s", e->cur.v_xmm ? "xmm15" : os(e, e->cur.b, false));
    } else if (IS("n"))
        snprintf(buf, size, "%d", (int)e->cur.imm);
    else if (IS("4n"))
        snprintf(buf, size, "%lld", (long long)e->cur.imm * 4);
    else if (IS("store"))
        snprintf(buf, size, "%lld", (long long)e->fr.store[e->cur.buf]);
    else if (IS("store+4"))
        snprintf(buf, size, "%lld", (long long)e->fr.store[e->cur.buf] + 4);
    else if (IS("desc"))
        snprintf(buf, size, "%s", os(e, omem(P_RBP, -e->fr.desc[e->cur.buf]), true));
    else if (IS("desclen"))
        snprintf(buf, size, "%s", os(e, omem(P_RBP, -e->fr.desc[e->cur.buf] + 8), false));
    else if (IS("L"))
        snprintf(buf, size, ".L%d", e->cur.label);
    else if (IS("callee"))
        snprintf(buf, size, "minicc_f%d", (int)e->cur.callee);
    else if (IS("frame"))
        snprintf(buf, size, "%lld", (long long)e->fr.size);
    else if (IS("saves")) {
        /* the callee-saved registers the allocation writes (none under the planted bug no-callee-saves) */
        for (int32_t k = 0; k < callee_saves(e); k++)
            ins(e, "mov %s, %s", os(e, omem(P_RBP, -(e->fr.cs_base + 8 * (int64_t)(k + 1))), true),
                p64[alloc_phys[e->a->callee_saves[k]]]);
        buf[0] = '\0';
    } else if (IS("magic"))
        snprintf(buf, size, "%llu", (unsigned long long)e->cur.magic);
    else if (IS("magic-2^32"))
        snprintf(buf, size, "%lld", (long long)e->cur.magic - ((long long)1 << 32));
    else if (IS("p"))
        snprintf(buf, size, "%d", e->cur.p);
    else if (IS("p-32"))
        snprintf(buf, size, "%d", e->cur.p - 32);
    else if (IS("k"))
        snprintf(buf, size, "%d", e->cur.k);
    else if (IS("32-k"))
        snprintf(buf, size, "%d", 32 - e->cur.k);
    else if (IS("-2^k"))
        snprintf(buf, size, "%lld", -(long long)e->cur.ad);
    else if (IS("|C|"))
        snprintf(buf, size, "%lld", (long long)e->cur.ad);
    else if (IS("q"))
        snprintf(buf, size, "%s", os(e, e->cur.q, false));
    else if (IS("L1"))
        snprintf(buf, size, ".L%d", e->cur.l1);
    else if (IS("L2"))
        snprintf(buf, size, ".L%d", e->cur.l2);
    else if (IS("ncc") && e->cur.ncc)
        snprintf(buf, size, "%s", e->cur.ncc);
    else if (IS("T"))
        snprintf(buf, size, "%s", block_label(e, e->cur.T));
    else if (IS("F"))
        snprintf(buf, size, "%s", block_label(e, e->cur.F));
    else if (IS("to"))
        snprintf(buf, size, "%s", block_label(e, e->cur.to));
    else if (IS("ret"))
        snprintf(buf, size, ".Lf%d_ret", (int)e->fn);
    else if (IS("disp"))
        snprintf(buf, size, "%c %lld", e->cur.imm < 0 ? '-' : '+', (long long)(e->cur.imm < 0 ? -e->cur.imm : e->cur.imm));
    else
        return false;
    return true;
#undef IS
}

/* One line of an x86-64 template: an instruction of the tile (a move of a
 * register to itself is nothing; one writing r11 forgets the base it held),
 * a label. */
static void x64_line(void *ctx, int kind, const char *text) {
    Em *e = ctx;
    if (kind == MC_ASM_LINE_LABEL) {
        mc_str_printf(&e->tile, "%s:\n", text);
        return;
    }
    if (kind != MC_ASM_LINE_INST) return; /* no x86-64 template has comments */
    if (strncmp(text, "mov ", 4) == 0) {
        const char *comma = strchr(text, ',');
        size_t n = comma ? (size_t)(comma - (text + 4)) : 0; /* the destination's length */
        if (n > 0 && comma[1] == ' ' && strlen(comma + 2) == n && strncmp(text + 4, comma + 2, n) == 0) return;
        /* PLANTED BUG shift-count (asm.h): the count is not moved into ecx,
         * the shift uses whatever cl holds */
        if (e->cur.no_count && strncmp(text, "mov ecx, ", 9) == 0) return;
    }
    /* PLANTED BUG no-cdq (asm.h): edx zeroed instead of eax's sign extended
     * into it: edx:eax is wrong for a negative dividend */
    if (e->cur.no_cdq && strcmp(text, "cdq") == 0) text = "xor edx, edx";
    const char *dst = strchr(text, ' ');
    if (dst && strncmp(dst + 1, "r11", 3) == 0) e->r11_buf = -1; /* r11 written: no buffer's base */
    ins(e, "%s", text);
}

/* The first row of x86-64's table that applies to m, its form written into
 * the tile with e->cur's operands: its name. */
static const char *munch(Em *e, const McAsmMatch *m) {
    const McAsmForm *form;
    int32_t row = mc_asm_select(MC_TARGET_X64, m, &form);
    if (row < 0)
        mc_panic(__FILE__, __LINE__, "x86-64: no pattern for %s", m->op >= 0 && m->op < MC_OP_COUNT ? mc_op_info[m->op].name : "-");
    McAsmExpander x = {x64_operand, x64_line, e};
    mc_asm_expand(&x, mc_asm_x64_table[row].fetch, form->tmpl);
    return mc_asm_x64_table[row].name;
}

static McAsmMatch match_of(int op, Opnd x, Opnd a, Opnd b) {
    McAsmMatch m;
    memset(&m, 0, sizeof m);
    m.what = MC_TILE_INST;
    m.op = op;
    m.x = am_of(x);
    m.k[0] = am_of(a), m.k[1] = am_of(b);
    m.c[0] = a.off, m.c[1] = b.off;
    return m;
}

static void cur_set(Em *e, Opnd x, Opnd a, Opnd b, int64_t imm) {
    memset(&e->cur, 0, sizeof e->cur);
    e->cur.x = x, e->cur.a = a, e->cur.b = b, e->cur.imm = imm;
}

/* ---- tiles -------------------------------------------------------------------------------- */

static const char *cc_of(McOp op, bool swapped) {
    switch (op) {
    case MC_OP_LT: return swapped ? "g" : "l";
    case MC_OP_LE: return swapped ? "ge" : "le";
    case MC_OP_EQ: return "e";
    case MC_OP_NE: return "ne";
    default: return "?";
    }
}

static const char *cc_not(const char *cc) {
    if (!strcmp(cc, "l")) return "ge";
    if (!strcmp(cc, "ge")) return "l";
    if (!strcmp(cc, "le")) return "g";
    if (!strcmp(cc, "g")) return "le";
    if (!strcmp(cc, "e")) return "ne";
    return "e";
}

static const char *block_label(Em *e, int32_t b) {
    char *s = ring_next(&e->ring);
    snprintf(s, 64, ".Lf%d_b%d", (int)e->fn, (int)b);
    return s;
}

/* x = op a, b for add sub mul and or xor: the first row of x86-64's table
 * that applies (lea, imul with an immediate, through r11, two-address). */
static void tile_alu(Em *e, int32_t b, int32_t i, const McInst *in) {
    McOp op = (McOp)in->op;
    Opnd x = dest_opnd(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    bool commut = (mc_op_info[op].flags & MC_OPF_COMMUT) != 0;
    Opnd w = x.kind == O_REG ? x : oreg(P_R11); /* a spilled result is computed in r11 */
    char why[256];
    tile_begin(e);
    if (w.reg == P_R11) e->r11_buf = -1;
    if (commut && same_opnd(w, B) && !same_opnd(w, A)) { /* two-address: the operand in w first */
        Opnd t = A;
        A = B;
        B = t;
    }
    McAsmMatch m = match_of(op, w, A, B);
    m.x = am_of(x) == MC_AM_REG ? MC_AM_REG : am_of(x) == MC_AM_NONE ? MC_AM_NONE : MC_AM_SLOT;
    m.same = same_opnd(w, A);
    m.same_b = same_opnd(w, B);
    /* PLANTED BUG two-address (asm.h): `mov x, a; sub x, b` with x in b's
     * register: the copy of a clobbers b before sub reads it */
    if (bug(e, MC_ASM_BUG_TWO_ADDRESS)) m.same_b = false;
    bool mul_imm = op == MC_OP_MUL && (A.kind == O_IMM) != (B.kind == O_IMM);
    Opnd src = mul_imm && A.kind == O_IMM ? B : A, k = mul_imm && A.kind == O_IMM ? A : B;
    if (mul_imm) cur_set(e, w, src, k, k.off);
    else cur_set(e, w, A, B, op == MC_OP_SUB ? -B.off : B.off);
    bool two_addr = !same_opnd(w, A);
    const char *pattern = munch(e, &m);
    if (!strcmp(pattern, "lea reg, [reg + imm]"))
        snprintf(why, sizeof why, "three-address %s of the constant %lld: lea writes %s from %s in one instruction (no copy first; the low 32 bits of the address are the wrapped sum)",
                 mc_op_info[op].name, (long long)B.off, p32[x.reg], p32[A.reg]);
    else if (!strcmp(pattern, "lea reg, [reg + reg]"))
        snprintf(why, sizeof why, "three-address add: the result's register %s holds neither operand, lea adds %s and %s into it in one instruction",
                 p32[x.reg], p32[A.reg], p32[B.reg]);
    else if (!strcmp(pattern, "imul reg, r/m, imm"))
        snprintf(why, sizeof why, "multiplication by the constant %lld: imul's three-operand form reads %s and writes %s in one instruction",
                 (long long)k.off, loc_word(e, src), loc_word(e, w));
    else if (!strcmp(pattern, "alu reg, reg (through r11)"))
        snprintf(why, sizeof why, "%s is not commutative and the result's register %s holds the second operand: it goes through r11 first",
                 mc_op_info[op].name, p32[w.reg]);
    else if (!strcmp(pattern, "alu reg, imm"))
        snprintf(why, sizeof why, "the constant %lld is the instruction's immediate operand%s", (long long)B.off,
                 two_addr ? "; two-address form: the first operand is copied into the result's register first" : "");
    else if (!strcmp(pattern, "alu reg, [slot]"))
        snprintf(why, sizeof why, "the second operand is spilled: x86-64 reads it as a memory operand%s",
                 two_addr ? "; two-address form: the first operand is copied into the result's register first" : "");
    else
        snprintf(why, sizeof why, "both operands in registers%s",
                 two_addr ? "; two-address form: the first operand is copied into the result's register first"
                          : ": the result's register already holds the first operand");
    if (x.kind == O_MEM) {
        ins(e, "mov %s, r11d", os(e, x, false));
        strncat(why, "; the result is spilled: computed in r11d, then stored", sizeof why - strlen(why) - 1);
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_shift(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = dest_opnd(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    Opnd w = x.kind == O_REG ? x : oreg(P_R11); /* a spilled result is computed in r11 */
    tile_begin(e);
    if (w.reg == P_R11) e->r11_buf = -1;
    char why[320];
    bool in_cl = B.kind == O_REG && B.reg == P_RCX;
    if (B.kind != O_IMM) {
        /* The allocator kept rcx free here (callconv.c: no value live across
         * the shift, nor the shifted operand, nor the result is in rcx), so
         * the count goes into ecx first, then the operand into the result's
         * register (which may be the count's: it was read already). */
        if ((A.kind == O_REG && A.reg == P_RCX && !same_opnd(A, B)) || w.reg == P_RCX) {
            mc_diag(e->d, (McLoc){0, 0}, "asm: internal error: the %s of %s is in rcx (the allocation ignored the shift's fixed register)",
                    w.reg == P_RCX ? "result" : "shifted operand", mc_op_info[in->op].name);
            e->failed = true;
            return;
        }
    }
    McAsmMatch m = match_of(in->op, w, A, B);
    cur_set(e, w, A, B, B.off);
    e->cur.no_count = bug(e, MC_ASM_BUG_SHIFT_COUNT);
    const char *pattern = munch(e, &m);
    if (B.kind == O_IMM)
        snprintf(why, sizeof why, "a constant count: %lld masked to 5 bits is %d%s", (long long)B.off,
                 (int)((uint32_t)B.off & 31u), in->op == MC_OP_SHR ? "; shr is arithmetic: sar" : "");
    else
        snprintf(why, sizeof why, "a variable count goes in cl%s; the hardware masks a 32-bit shift's count to 5 bits as the IR does%s",
                 in_cl ? " (the allocator put it in ecx: no move)" : "",
                 in->op == MC_OP_SHR ? "; shr is arithmetic: sar" : "");
    if (x.kind == O_MEM) ins(e, "mov %s, r11d", os(e, x, false));
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

/* x = div/rem A, B from its row: a constant divisor without idiv and
 * through r11 alone (rax, rcx and rdx may hold values): 0 (a trap), -1 (neg,
 * or 0), 1 (a copy, or 0), a power of two or its negation (shift with a bias
 * making the quotient round toward zero), any other (multiply by the magic
 * number; A is read again after r11 is written, so it stays where it is; x
 * is written last); a variable divisor: idiv, checked for 0 and -1. */
static void tile_div(Em *e, int32_t b, int32_t i, const McInst *in) {
    bool rem = in->op == MC_OP_REM;
    Opnd x = dest_opnd(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    tile_begin(e);
    char why[384];
    if (B.kind != O_IMM && B.kind == O_REG && (B.reg == P_RAX || B.reg == P_RDX)) {
        /* The allocator keeps rax and rdx free here (callconv.c: no value
         * live across the idiv is in them, nor the divisor) */
        mc_diag(e->d, (McLoc){0, 0}, "asm: internal error: the divisor of %s is in %s (the allocation ignored idiv's fixed registers)",
                mc_op_info[in->op].name, p64[B.reg]);
        e->failed = true;
        return;
    }
    McAsmMatch m = match_of(in->op, x, A, B);
    m.same = same_opnd(x, A);
    int64_t c = B.off;
    bool minus1 = B.kind == O_IMM && c == -1, one = B.kind == O_IMM && c == 1;
    /* where the text writes: the result's place (a register, a slot; r11 when it has none, so
     * the move out of r11d is a move to itself, left out; by 1 or -1 a copy to nowhere is
     * nothing); div by -1 computes in x's register or r11 (then stored) */
    Opnd w = x.kind == O_NONE && !minus1 && !one ? oreg(P_R11) : x; /* a copy to nowhere is nothing */
    if (minus1 && !rem) w = x.kind == O_REG ? x : oreg(P_R11);
    cur_set(e, w, (rem && (minus1 || one)) ? oimm(0) : A, B, c);
    if (B.kind == O_IMM) {
        e->cur.ad = c < 0 ? (uint32_t)(-(int64_t)c) : (uint32_t)c; /* |c|; INT_MIN: 2^31 */
        while (e->cur.k < 31 && ((uint32_t)1 << e->cur.k) < e->cur.ad) e->cur.k++;
        mc_asm_magic_s32(e->cur.ad, &e->cur.magic, &e->cur.p);
        if (c != 0 && !minus1 && !one) e->r11_buf = -1;
        if (minus1 && !rem && w.reg == P_R11) e->r11_buf = -1;
    } else {
        e->cur.q = oreg(rem ? P_RDX : P_RAX);
        if (x.kind == O_NONE) e->cur.x = e->cur.q;
        e->cur.l1 = e->label++;
        e->cur.l2 = e->label++;
        e->cur.no_cdq = bug(e, MC_ASM_BUG_NO_CDQ);
    }
    const char *pattern = munch(e, &m);
    if (minus1 && !rem && x.kind == O_MEM) ins(e, "mov %s, r11d", os(e, x, false));
    uint32_t ad = e->cur.ad;
    int k = e->cur.k, p = e->cur.p;
    unsigned long long mg = (unsigned long long)e->cur.magic;
    if (B.kind == O_IMM && c == 0)
        snprintf(why, sizeof why, "the divisor is the constant 0: the instruction always traps");
    else if (minus1)
        snprintf(why, sizeof why, "the divisor is -1: %s, and INT_MIN / -1 never reaches idiv's fault",
                 rem ? "the remainder is 0" : "the quotient is the wrapped negation");
    else if (one)
        snprintf(why, sizeof why, "the divisor is 1: the %s", rem ? "remainder is 0" : "quotient is the dividend");
    else if (B.kind == O_IMM && (ad & (ad - 1)) == 0 && rem)
        snprintf(why, sizeof why, "the divisor %lld is %s2^%d: n - ((n + bias) & -2^%d), the bias 2^%d - 1 for a negative n (sar, shr) so the quotient rounds toward zero; in r11, no idiv",
                 (long long)c, c < 0 ? "-" : "", k, k, k);
    else if (B.kind == O_IMM && (ad & (ad - 1)) == 0)
        snprintf(why, sizeof why, "the divisor %lld is %s2^%d: an arithmetic shift by %d of n plus the bias 2^%d - 1 when n is negative (sar, shr), so it rounds toward zero%s; in r11, no idiv",
                 (long long)c, c < 0 ? "-" : "", k, k, k, c < 0 ? ", then negated" : "");
    else if (B.kind == O_IMM && rem)
        snprintf(why, sizeof why, "n %% %lld = n - q*%u with q = n / %u by the magic number %llu: (n*%llu) >> %d in 64 bits, plus 1 for a negative n (bt, adc); in r11, no idiv",
                 (long long)c, ad, ad, mg, mg, p);
    else if (B.kind == O_IMM)
        snprintf(why, sizeof why, "n / %lld by the magic number %llu (Granlund-Montgomery): (n*%llu) >> %d in 64 bits, plus 1 for a negative n (bt, adc: the quotient rounds toward zero)%s; in r11, no idiv",
                 (long long)c, mg, mg, p, c < 0 ? ", then negated" : "");
    else {
        bool a_in = A.kind == O_REG && A.reg == P_RAX, x_in = x.kind == O_REG && x.reg == (rem ? P_RDX : P_RAX);
        snprintf(why, sizeof why, "the divisor may be 0 (trap) or -1 (INT_MIN / -1 would fault: %s instead); idiv divides edx:eax by the divisor %s%s%s",
                 rem ? "the remainder is 0" : "negation", B.kind == O_MEM ? "in its slot" : "in its register",
                 a_in ? "; the dividend was allocated to eax (no move)" : "",
                 x_in ? (rem ? "; the remainder was allocated to edx (no move)" : "; the quotient was allocated to eax (no move)") : "");
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_cmp_value(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = dest_opnd(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    tile_begin(e);
    bool sw = A.kind == O_IMM && B.kind != O_IMM; /* the constant second, the condition reversed */
    if (sw) {
        Opnd t = A;
        A = B;
        B = t;
    }
    /* setcc writes the low byte of the result's register (r11b when it is
     * spilled), movzx widens it: no other register is touched */
    Opnd w = x.kind == O_REG ? x : oreg(P_R11);
    McAsmMatch m = match_of(in->op, w, A, B);
    cur_set(e, w, A, B, B.off);
    e->cur.a_r11 = A.kind == O_IMM || (A.kind == O_MEM && B.kind == O_MEM);
    e->cur.cc = cc_of((McOp)in->op, sw);
    const char *pattern = munch(e, &m);
    if (w.reg == P_R11) e->r11_buf = -1;
    if (x.kind == O_MEM) ins(e, "mov %s, r11d", os(e, x, false));
    tile_end(e, MC_TILE_INST, b, i, 1, pattern,
              "the comparison's value is used as a number (not only by a branch): setcc makes a byte 0 or 1, movzx widens it%s",
              sw ? "; the constant operand went second (the condition reversed)" : "");
}
/* The bounds check of `load/store buf, idx` planned: *known when this index
 * was checked against this buffer's length earlier (then it is not checked
 * again), *via when the index goes through r11 (in a slot, or a constant
 * too large for a displacement: r11 then holds the element's address). An
 * index checked now is remembered for the rest of the block. */
static void bounds_plan(Em *e, const McInst *in, bool *known, bool *via) {
    int32_t bv = in->a[0].v;
    Opnd I = ir_opnd(e, in->a[1]);
    McOperand ix = in->a[1];
    *known = false;
    for (int k = 0; k < e->nchecked && !*known; k++) {
        McOperand c = e->checked[k].index;
        if (e->checked[k].buf != bv || c.kind != ix.kind) continue;
        if (ix.kind == MC_OPND_VALUE) *known = c.v == ix.v;
        else if (ix.kind == MC_OPND_CONST) *known = ix.v >= 0 && ix.v <= c.v; /* 0 <= i <= a checked constant */
    }
    *via = I.kind == O_MEM || (I.kind == O_IMM && (I.off < 0 || I.off > (1 << 28)));
    if (*known && !*via) return;
    if (!*known && e->nchecked < 32 && (ix.kind == MC_OPND_VALUE || ix.kind == MC_OPND_CONST)) {
        e->checked[e->nchecked].buf = bv;
        e->checked[e->nchecked].index = ix;
        e->nchecked++;
    }
    if (*via) e->r11_buf = -1;
}

/* The element: [r11] when r11 holds its address (I is O_NONE), else the base in r11 plus I*4. */
static const char *elem(Em *e, Opnd I) {
    char *s = ring_next(&e->ring);
    if (I.kind == O_NONE) snprintf(s, 64, "dword ptr [r11]");
    else if (I.kind == O_IMM) {
        if (I.off) snprintf(s, 64, "dword ptr [r11 + %lld]", (long long)I.off * 4);
        else snprintf(s, 64, "dword ptr [r11]");
    } else {
        snprintf(s, 64, "dword ptr [r11 + %s*4]", p64[I.reg]);
    }
    return s;
}

/* A load or store from its row (x_mem_p's five cases): the index checked
 * or not, through r11 or not, the base kept in r11 or not. *known, *addr
 * (r11 holds the element's address), *kept (r11 held the base). */
static const char *tile_mem(Em *e, const McInst *in, Opnd x, Opnd V, bool *known, bool *addr, bool *kept) {
    int32_t bv = in->a[0].v;
    bool via;
    bounds_plan(e, in, known, &via);
    *addr = via;
    *kept = !via && e->r11_buf == bv;
    Opnd I = ir_opnd(e, in->a[1]);
    McAsmMatch m = match_of(in->op, x, oreg(P_R11), I);
    m.far = via && I.kind == O_IMM;
    m.checked = *known;
    cur_set(e, x, (Opnd){O_NONE, 0, 0}, V, I.off);
    e->cur.buf = bv;
    e->cur.index = I;
    e->cur.kept = *kept;
    const char *pattern = munch(e, &m);
    return pattern;
}

static void tile_load(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = dest_opnd(e, in->dest);
    tile_begin(e);
    bool known, addr, kept;
    /* a spilled result: through r11 (its base is lost) */
    const char *pattern = tile_mem(e, in, x.kind == O_REG ? x : oreg(P_R11), (Opnd){O_NONE, 0, 0}, &known, &addr, &kept);
    e->r11_buf = !addr && x.kind == O_REG ? in->a[0].v : -1;
    if (x.kind == O_MEM) ins(e, "mov %s, r11d", os(e, x, false));
    tile_end(e, MC_TILE_INST, b, i, 1, pattern,
              "%s, then %s and %s",
              known ? (e->inherited ? "no bounds check: this index was checked against this buffer's length earlier in the block or in the one before it, the only way in (neither written since)"
                                   : "no bounds check: this index was checked against this buffer's length earlier in the block (neither written since)")
                    : "the bounds check is one unsigned compare against the length (a negative index is a huge unsigned one)",
              addr ? "the spilled index times 4 plus the base from the descriptor into r11 (one scratch register)"
              : kept ? (e->inherited ? "the buffer's base already in r11 (loaded in this block or the one before it, the only way in; r11 not written since): no reload"
                            : "the buffer's base already in r11 (loaded earlier in this block, r11 not written since): no reload")
                   : "the buffer's base from its descriptor into r11",
              addr ? "the address in r11" : ir_opnd(e, in->a[1]).kind == O_IMM ? "a constant displacement" : "a scaled index");
}

static void tile_store(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd V = ir_opnd(e, in->a[2]);
    tile_begin(e);
    bool known, addr, kept;
    const char *pattern = tile_mem(e, in, (Opnd){O_NONE, 0, 0}, V, &known, &addr, &kept);
    e->r11_buf = !addr ? in->a[0].v : -1;
    tile_end(e, MC_TILE_INST, b, i, 1, pattern,
              "%s, then the store through the base%s%s",
              known ? (e->inherited ? "no bounds check: this index was checked against this buffer's length earlier in the block or in the one before it, the only way in (neither written since)"
                                   : "no bounds check: this index was checked against this buffer's length earlier in the block (neither written since)")
                    : "the bounds check is one unsigned compare against the length",
              addr ? " (the spilled index times 4 plus the base from the descriptor into r11)"
              : kept ? (e->inherited ? " (already in r11: loaded in this block or the one before it, the only way in; r11 not written since; no reload)"
                            : " (already in r11: loaded earlier in this block, r11 not written since; no reload)")
                   : " (from its descriptor into r11)",
              V.kind == O_IMM ? "; the value is an immediate" : V.kind == O_MEM ? "; the spilled value through xmm15" : "");
}

static void tile_copy(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]);
    tile_begin(e);
    McAsmMatch m = match_of(MC_OP_COPY, x, A, (Opnd){O_NONE, 0, 0});
    m.same = same_opnd(x, A);
    cur_set(e, x, A, (Opnd){O_NONE, 0, 0}, A.off);
    const char *pattern = munch(e, &m);
    const char *why;
    if (!strcmp(pattern, "copy (dead)"))
        why = "the destination has no location (never read): nothing to do";
    else if (!strcmp(pattern, "copy (same location)"))
        why = "source and destination share a location: nothing to emit";
    else if (!strcmp(pattern, "mov reg, imm") || !strcmp(pattern, "mov [slot], imm"))
        why = A.off == 0 && x.kind == O_REG ? "a constant 0: xor of the register with itself" : "a constant: an immediate move";
    else if (!strcmp(pattern, "mov [slot], [slot] (through r11)")) {
        e->r11_buf = -1;
        why = "both in slots: x86-64 has no memory-to-memory move";
    } else if (!strcmp(pattern, "mov [slot], reg"))
        why = "a spill store";
    else if (!strcmp(pattern, "mov reg, [slot]"))
        why = "a spill reload";
    else
        why = "a register copy";
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_buffer(Em *e, int32_t b, int32_t i, const McInst *in) {
    tile_begin(e);
    int32_t n = in->a[0].v;
    McAsmMatch m = match_of(MC_OP_BUFFER, val_loc(e, in->dest), oimm(n), (Opnd){O_NONE, 0, 0});
    cur_set(e, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, n);
    e->cur.buf = in->dest;
    e->cur.label = e->label++; /* the zeroing loop's */
    const char *pattern = munch(e, &m);
    e->r11_buf = in->dest; /* r11 holds its storage's address, now its base */
    tile_end(e, MC_TILE_INST, b, i, 1, pattern,
              "a local buffer lives in the frame (%d bytes): zeroed each time the instruction runs (r11 counts the bytes down), its descriptor set", (int)n * 4);
}

static void tile_call(Em *e, int32_t b, int32_t i, const McInst *in) {
    const McAllocation *a = e->a;
    const McCall *c = mc_inst_call(a->f, in);
    int32_t fn = c ? mc_program_find(e->p, c->callee) : -1;
    if (fn < 0) {
        mc_diag(e->d, (McLoc){0, 0}, "asm: the call to %s has no function in the program", c ? c->name : "?");
        e->failed = true;
        return;
    }
    const McCallSave *cs = mc_asm_callsave_at(a, &e->call, b, i); /* in the order of a->callsaves */
    tile_begin(e);
    e->r11_buf = -1; /* the callee may write r11 */
    int32_t nsaved = cs ? cs->n : 0;
    /* PLANTED BUG no-caller-saves (asm.h): the values live across the call in
     * caller-saved registers are neither saved nor restored */
    if (bug(e, MC_ASM_BUG_NO_CALLER_SAVES)) nsaved = 0;
    for (int32_t k = 0; k < nsaved; k++)
        ins(e, "mov %s, %s", os(e, omem(P_RBP, -(e->fr.sv_base + 8 * (int64_t)(cs->slot[k] + 1))), false),
            os(e, val_loc(e, cs->value[k]), false));
    Move *mv = mc_xcalloc((size_t)(2 * c->nargs + 1), sizeof *mv);
    int n = 0, pos = 0;
    for (int32_t k = 0; k < c->nargs; k++) {
        McOperand o = c->args[k];
        bool isbuf = o.kind == MC_OPND_VALUE && a->f->values[o.v].kind == MC_VAL_BUF;
        for (int part = 0; part < (isbuf ? 2 : 1); part++, pos++) {
            Opnd dst = pos < 6 ? oreg(arg_phys[pos]) : omem(P_RSP, 8 * (int64_t)(pos - 6));
            if (isbuf) mv[n++] = move_of(dst, omem(P_RBP, -e->fr.desc[o.v] + 8 * part), part == 0);
            else mv[n++] = move_of(dst, ir_opnd(e, o), false);
        }
    }
    parallel_move(e, mv, n);
    free(mv);
    McAsmMatch m = match_of(MC_OP_CALL, dest_opnd(e, in->dest), (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0});
    cur_set(e, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, 0);
    e->cur.callee = fn;
    const char *pattern = munch(e, &m);
    /* the result first: a value restored into rax would overwrite it. A
     * value really live across the call interferes with the result, so one
     * restored into the result's location is not live there (the saves of
     * calls=save read liveness after the allocator deleted copies, which
     * can make a copy's destination look live back to the entry): its
     * restore is skipped */
    Opnd x = dest_opnd(e, in->dest);
    if (x.kind != O_NONE) mov32(e, x, oreg(P_RAX));
    for (int32_t k = 0; k < nsaved; k++) {
        Opnd r = val_loc(e, cs->value[k]);
        if (x.kind != O_NONE && same_opnd(r, x)) continue;
        ins(e, "mov %s, %s", os(e, r, false), os(e, omem(P_RBP, -(e->fr.sv_base + 8 * (int64_t)(cs->slot[k] + 1))), false));
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern,
              "%d caller save%s around the call, the %d argument position%s moved as one parallel move into the ABI's registers%s, this frame's depth in rax for the callee's depth check, the result from eax",
              (int)nsaved, nsaved == 1 ? "" : "s", pos, pos == 1 ? "" : "s", pos > 6 ? " and the stack" : "");
}

/* Whether block t emits nothing but its jump: no instructions, or only copies
 * that emit nothing (dead, or source and destination in one location). */
static bool only_jumps(Em *e, int32_t t) {
    const McBlock *bl = &e->a->f->blocks[t];
    if (!bl->has_term || bl->term.op != MC_OP_JUMP) return false;
    for (int32_t i = 0; i < bl->ninsts; i++) {
        const McInst *in = &bl->insts[i];
        if (in->op != MC_OP_COPY) return false;
        Opnd x = val_loc(e, in->dest);
        if (x.kind != O_NONE && !same_opnd(x, ir_opnd(e, in->a[0]))) return false;
    }
    return true;
}

/* Jump threading: the block a jump to t really reaches, following blocks
 * that only jump (at most nblocks steps: a cycle of empty blocks stops).
 * *hops counts the blocks skipped. */
static int32_t thread_target(Em *e, int32_t t, int *hops) {
    for (int32_t k = 0; k < e->a->f->nblocks && only_jumps(e, t); k++) {
        int32_t next = e->a->f->blocks[t].term.target[0];
        if (next == t) break;
        t = next;
        (*hops)++;
    }
    return t;
}

/* The targets of a conditional jump from block b to `then` when its
 * condition holds, else to `other`: each threaded through blocks that only
 * jump unless it is the next block (reached by falling through, free), into
 * {T} {F} and the match's next_t, next_f and one_target (x_jcc's case). */
static void jcc_targets(Em *e, int32_t b, int32_t then, int32_t other, McAsmMatch *m) {
    if (then != b + 1) then = thread_target(e, then, &e->hops);
    if (other != b + 1) other = thread_target(e, other, &e->hops);
    e->cur.T = then, e->cur.F = other;
    m->one_target = then == other;
    m->next_t = then == b + 1;
    m->next_f = other == b + 1;
}

/* The compare `c = op a, b` before a conditional jump, as its row's match
 * and e->cur: a constant a goes second (the condition reversed); a constant
 * a, or one when both are in slots, is fetched into r11d at its first use. */
static McAsmMatch cmp_match(Em *e, const McInst *c) {
    Opnd A = ir_opnd(e, c->a[0]), B = ir_opnd(e, c->a[1]);
    bool sw = A.kind == O_IMM && B.kind != O_IMM;
    if (sw) {
        Opnd t = A;
        A = B;
        B = t;
    }
    McAsmMatch m = match_of(c->op, (Opnd){O_NONE, 0, 0}, A, B);
    m.what = MC_TILE_TERM;
    cur_set(e, (Opnd){O_NONE, 0, 0}, A, B, B.off);
    e->cur.a_r11 = A.kind == O_IMM || (A.kind == O_MEM && B.kind == O_MEM);
    e->cur.cc = cc_of((McOp)c->op, sw);
    e->cur.ncc = cc_not(e->cur.cc);
    return m;
}

/* The why's note on jump threading in the current tile ("" when nothing was skipped). */
static const char *threaded(Em *e) {
    char *s = ring_next(&e->ring);
    if (!e->hops) s[0] = '\0';
    else snprintf(s, 64, "; jump threading: %d block%s that only jump%s skipped", e->hops, e->hops == 1 ? "" : "s",
                  e->hops == 1 ? "s" : "");
    return s;
}

static void tile_term(Em *e, int32_t b) {
    const McFunc *f = e->a->f;
    const McBlock *bl = &f->blocks[b];
    const McTerm *t = &bl->term;
    comment_ir(e, b, bl->ninsts, bl->ninsts);
    tile_begin(e);
    McAsmMatch m = match_of(t->op, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0});
    m.what = MC_TILE_TERM;
    cur_set(e, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, 0);
    if (t->op == MC_OP_RET) {
        bool in_eax = e->ret_eax[b];
        if (!in_eax) mov32(e, oreg(P_RAX), ir_opnd(e, t->arg));
        m.x = in_eax ? MC_AM_RESULT : MC_AM_REG;
        m.k[0] = am_of(ir_opnd(e, t->arg));
        m.last = b == f->nblocks - 1;
        m.in_place = !m.last && callee_saves(e) <= 2;
        if (m.in_place) {
            /* a short epilogue is repeated here rather than jumped to: the restores, then the row */
            for (int32_t k = 0; k < callee_saves(e); k++)
                ins(e, "mov %s, %s", p64[alloc_phys[e->a->callee_saves[k]]],
                    os(e, omem(P_RBP, -(e->fr.cs_base + 8 * (int64_t)(k + 1))), true));
            const char *pattern = munch(e, &m);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern,
                      "%s, then the epilogue's %d instructions are repeated here instead of a jump to it (at most 2 callee-saved registers to restore)",
                      in_eax ? "the instruction before computed the result in eax (peephole: no move)" : "the result goes to eax",
                      (int)callee_saves(e) + 2);
            return;
        }
        const char *pattern = munch(e, &m);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern, "%s, then %s",
                  in_eax ? "the instruction before computed the result in eax (peephole: no move)" : "the result goes to eax",
                  m.last ? "the epilogue follows" : "a jump to the shared epilogue");
    } else if (t->op == MC_OP_JUMP) {
        int32_t to = thread_target(e, t->target[0], &e->hops);
        bool next = to == b + 1;
        if (!next && f->blocks[to].ninsts == 1 && e->fuse[to]) {
            /* the target is only a compare and its branch (a loop's test): run them here */
            const McBlock *h = &f->blocks[to];
            m = cmp_match(e, &h->insts[0]);
            m.op = MC_OP_JUMP;
            m.to_test = true;
            int hops = e->hops;
            jcc_targets(e, b, h->term.target[0], h->term.target[1], &m);
            e->hops = hops;
            const char *pattern = munch(e, &m);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern,
                      "the target %s holds only a compare and its branch: they are repeated here (tail duplication: no jump to the test, the loop's back edge becomes a conditional jump)%s",
                      f->blocks[to].name, threaded(e));
            return;
        }
        e->cur.T = to;
        m.next_t = next;
        m.threaded = e->hops > 0;
        const char *pattern = munch(e, &m);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern,
                  "%s%s", next ? "the target is the next block in layout: nothing to emit" : "an unconditional jump",
                  threaded(e));
    } else {
        Opnd c = ir_opnd(e, t->arg);
        m.k[0] = am_of(c);
        m.c[0] = c.off;
        if (c.kind == O_IMM) {
            e->cur.to = thread_target(e, c.off ? t->target[0] : t->target[1], &e->hops);
            if (c.off) m.next_t = e->cur.to == b + 1;
            else m.next_f = e->cur.to == b + 1;
            const char *pattern = munch(e, &m);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern, "the condition is a constant: one way only%s",
                     threaded(e));
        } else {
            e->cur.a = c;
            e->cur.cc = "ne";
            e->cur.ncc = "e";
            jcc_targets(e, b, t->target[0], t->target[1], &m);
            const char *pattern = munch(e, &m);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, pattern,
                      "a plain condition: tested against 0, a conditional jump (a jump to the next block elided)%s",
                      threaded(e));
        }
    }
}

/* The compare at the end of block b fused with its branch. */
static void tile_fused(Em *e, int32_t b) {
    const McBlock *bl = &e->a->f->blocks[b];
    const McInst *in = &bl->insts[bl->ninsts - 1];
    comment_ir(e, b, bl->ninsts - 1, bl->ninsts);
    tile_begin(e);
    McAsmMatch m = cmp_match(e, in);
    m.fused = true;
    jcc_targets(e, b, bl->term.target[0], bl->term.target[1], &m);
    m.threaded = e->hops > 0;
    const char *pattern = munch(e, &m);
    tile_end(e, MC_TILE_TERM, b, bl->ninsts - 1, 2, pattern,
              "the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump%s",
              threaded(e));
}

static void emit_inst(Em *e, int32_t b, int32_t i) {
    const McInst *in = &e->a->f->blocks[b].insts[i];
    comment_ir(e, b, i, i);
    switch (in->op) {
    case MC_OP_ADD: case MC_OP_SUB: case MC_OP_MUL: case MC_OP_AND: case MC_OP_OR: case MC_OP_XOR:
        tile_alu(e, b, i, in);
        break;
    case MC_OP_SHL: case MC_OP_SHR: tile_shift(e, b, i, in); break;
    case MC_OP_DIV: case MC_OP_REM: tile_div(e, b, i, in); break;
    case MC_OP_LT: case MC_OP_LE: case MC_OP_EQ: case MC_OP_NE: tile_cmp_value(e, b, i, in); break;
    case MC_OP_LOAD: tile_load(e, b, i, in); break;
    case MC_OP_STORE: tile_store(e, b, i, in); break;
    case MC_OP_COPY: tile_copy(e, b, i, in); break;
    case MC_OP_BUFFER: tile_buffer(e, b, i, in); break;
    case MC_OP_CALL: tile_call(e, b, i, in); break;
    default:
        mc_diag(e->d, (McLoc){0, 0}, "asm: x86-64 has no tile for %s", mc_op_info[in->op].name);
        e->failed = true;
    }
    if (in->dest >= 0) /* a value written (again: -O0 code is not SSA): checks of it are forgotten */
        for (int k = 0; k < e->nchecked; k++)
            if (e->checked[k].buf == in->dest ||
                (e->checked[k].index.kind == MC_OPND_VALUE && e->checked[k].index.v == in->dest))
                e->checked[k--] = e->checked[--e->nchecked];
}

static void emit_function(Em *e, int32_t fn) {
    const McAllocation *a = e->p->alloc[fn];
    const McFunc *f = a->f;
    e->fn = fn;
    e->a = a;
    frame_layout(a, &e->fr);
    e->uses = mc_asm_count_uses(f);
    e->fuse = mc_asm_fusable_blocks(a, e->uses);
    /* peephole: a block that ends `x = OP ...; return x` computes x in eax */
    e->ret_eax = mc_asm_returns_computed(f);
    e->call = 0;
    e->calls = false;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
            if (f->blocks[b].insts[i].op == MC_OP_CALL) e->calls = true;
    e->cold.len = 0;
    if (e->cold.s) e->cold.s[0] = '\0';
    mc_asm_function_header(&e->out, fn, f, e->o->comments);

    /* the prologue */
    set_comment(e, "prologue");
    tile_begin(e);
    /* the frame, the callee saves and the depth check from the row: the
     * caller's budget in rax, one frame less, below 0 traps (dec sets the
     * sign flag: no compare); kept at rbp - 8 only by a function that calls,
     * for its callees */
    McAsmMatch pm = match_of(-1, (Opnd){O_NONE, 0, 0}, oimm(e->fr.size), (Opnd){O_NONE, 0, 0});
    pm.what = MC_TILE_PROLOGUE;
    pm.calls = e->calls;
    cur_set(e, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, 0);
    const char *prologue = munch(e, &pm);
    Move *mv = mc_xcalloc((size_t)(f->nparams ? f->nparams : 1), sizeof *mv);
    int n = 0, pos = 0, nbufs = 0;
    for (int32_t k = 0; k < f->nparams; k++) {
        int32_t pv = f->params[k];
        if (f->values[pv].kind == MC_VAL_BUF) {
            nbufs++;
            for (int part = 0; part < 2; part++, pos++) {
                Opnd src = pos < 6 ? oreg(arg_phys[pos]) : omem(P_RBP, 16 + 8 * (int64_t)(pos - 6));
                Opnd dst = omem(P_RBP, -e->fr.desc[pv] + 8 * part);
                if (src.kind == O_MEM) {
                    ins(e, "mov %s, %s", part == 0 ? "r11" : "r11d", os(e, src, part == 0));
                    src = oreg(P_R11);
                }
                ins(e, "mov %s, %s", os(e, dst, part == 0), os(e, src, part == 0));
            }
            continue;
        }
        Opnd src = pos < 6 ? oreg(arg_phys[pos]) : omem(P_RBP, 16 + 8 * (int64_t)(pos - 6));
        pos++;
        if (a->param_bound && a->param_bound[k]) {
            Opnd dst = val_loc(e, pv);
            if (dst.kind != O_NONE) mv[n++] = move_of(dst, src, false);
        }
    }
    /* a scalar from the stack into a slot goes through r11 (parallel_move does it) */
    parallel_move(e, mv, n);
    free(mv);
    tile_end(e, MC_TILE_PROLOGUE, -1, -1, 0, prologue,
              "rbp frame of %lld bytes, %d callee-saved register%s saved, the depth check (the caller's depth budget, passed in rax, minus 1, negative traps; kept at rbp - 8 when the function calls: no shared counter), %d buffer descriptor%s stored, %d scalar parameter%s moved from the ABI's registers%s as one parallel move",
              (long long)e->fr.size, (int)callee_saves(e), callee_saves(e) == 1 ? "" : "s", nbufs, nbufs == 1 ? "" : "s",
              (int)n, n == 1 ? "" : "s", pos > 6 ? " and the stack" : "");

    /* the predecessors of each block (a branch with both targets the same counts twice) */
    int32_t *npred = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *npred);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McTerm *t = &f->blocks[b].term;
        if (!f->blocks[b].has_term || t->op == MC_OP_RET) continue;
        npred[t->target[0]]++;
        if (t->op == MC_OP_BRANCH) npred[t->target[1]]++;
    }
    for (int32_t b = 0; b < f->nblocks && !e->failed; b++) {
        const McBlock *bl = &f->blocks[b];
        /* a block entered only by falling through from the one before it keeps what that one
         * knew (r11's buffer, the bounds checks); any other label forgets it */
        const McTerm *pt = b > 0 ? &f->blocks[b - 1].term : NULL;
        bool inherit = pt && npred[b] == 1 && f->blocks[b - 1].has_term &&
                       ((pt->op == MC_OP_JUMP && pt->target[0] == b) ||
                        (pt->op == MC_OP_BRANCH && (pt->target[0] == b || pt->target[1] == b)));
        e->inherited = inherit;
        mc_str_printf(&e->out, "%s:", block_label(e, b));
        if (e->o->comments) mc_str_printf(&e->out, "                              # %s", bl->name);
        mc_str_putc(&e->out, '\n');
        if (!inherit) {
            e->r11_buf = -1; /* a label: r11 unknown on entry, no bounds check known */
            e->nchecked = 0;
        }
        bool fuse = e->fuse[b];
        int32_t upto = fuse ? bl->ninsts - 1 : bl->ninsts;
        for (int32_t i = 0; i < upto && !e->failed; i++) {
            e->eax_value = e->ret_eax[b] && i == bl->ninsts - 1 ? bl->insts[i].dest : -1;
            /* not a sub whose subtrahend the allocator put in rax: computed
             * there it would go through r11 (two-address), as costly as the
             * return's move */
            const McInst *last = &bl->insts[i];
            if (e->eax_value >= 0 && last->op == MC_OP_SUB && mc_opnd_is_val(last->a[1]) &&
                same_opnd(val_loc(e, last->a[1].v), oreg(P_RAX)) && !same_opnd(val_loc(e, last->dest), oreg(P_RAX))) {
                e->eax_value = -1;
                e->ret_eax[b] = false; /* the return moves it */
            }
            emit_inst(e, b, i);
            e->eax_value = -1;
        }
        if (e->failed) break;
        if (fuse) tile_fused(e, b);
        else tile_term(e, b);
    }

    free(npred);
    /* the epilogue */
    mc_str_printf(&e->out, ".Lf%d_ret:\n", (int)fn);
    set_comment(e, "epilogue");
    tile_begin(e);
    for (int32_t k = 0; k < callee_saves(e); k++)
        ins(e, "mov %s, %s", p64[alloc_phys[a->callee_saves[k]]],
            os(e, omem(P_RBP, -(e->fr.cs_base + 8 * (int64_t)(k + 1))), true));
    McAsmMatch em = match_of(-1, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0});
    em.what = MC_TILE_EPILOGUE;
    cur_set(e, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, (Opnd){O_NONE, 0, 0}, 0);
    const char *epilogue = munch(e, &em);
    tile_end(e, MC_TILE_EPILOGUE, -1, -1, 0, epilogue,
              "the callee-saved registers restored, the frame left (its depth goes with it), the result in eax");
    if (e->cold.len) {
        if (e->o->comments) mc_str_puts(&e->out, "# out of line: bounds traps (the index in edi, the length in esi)\n");
        mc_str_puts(&e->out, e->cold.s);
    }
    mc_str_printf(&e->out, "    .size minicc_f%d, .-minicc_f%d\n", (int)fn, (int)fn);
    frame_free(&e->fr);
    free(e->uses);
    e->uses = NULL;
    free(e->fuse);
    e->fuse = NULL;
    free(e->ret_eax);
    e->ret_eax = NULL;
}

/* ---- the harness ---------------------------------------------------------------------- */

static int64_t frame_bytes(const McAllocation *a) {
    Frame fr;
    frame_layout(a, &fr);
    int64_t n = fr.size;
    frame_free(&fr);
    return n;
}

static void emit_harness(Em *e, const McArgs *args) {
    McStr *o = &e->out;
    const McFunc *f = e->p->alloc[0]->f;
    int64_t biggest = 0;
    for (int32_t k = 0; k < e->p->n; k++) {
        int64_t n = frame_bytes(e->p->alloc[k]);
        if (n > biggest) biggest = n;
    }
    int64_t size = (mc_asm_max_depth(e->o) + 2) * (biggest + 16) + (1 << 20);
    size = (size + 4095) / 4096 * 4096;
    if (size > ((int64_t)1 << 44)) size = (int64_t)1 << 44;
    mc_str_puts(o, "\n# the harness: a stack of its own, the arguments, the call, the record on standard output\n");
    mc_str_puts(o, "    .globl _start\n_start:\n");
    mc_str_printf(o, "    mov eax, 9                           # mmap(0, %lld, RW, PRIVATE|ANONYMOUS|NORESERVE)\n",
                  (long long)size);
    mc_str_puts(o, "    xor edi, edi\n");
    mc_str_printf(o, "    movabs rsi, %lld\n", (long long)size);
    mc_str_puts(o, "    mov edx, 3\n    mov r10d, 0x4022\n    mov r8, -1\n    xor r9d, r9d\n    syscall\n");
    mc_str_puts(o, "    cmp rax, -4096\n    ja minicc_no_stack\n");
    mc_str_printf(o, "    movabs r11, %lld\n    add rax, r11\n    and rax, -16\n    mov rsp, rax\n", (long long)size);
    /* the arguments: positions 6.. pushed last first, keeping rsp 16-aligned at the call */
    int32_t npos = mc_asm_positions(f);
    int32_t nstack = npos > 6 ? npos - 6 : 0;
    if (nstack % 2) mc_str_puts(o, "    sub rsp, 8\n");
    for (int32_t pos = npos - 1; pos >= 0; pos--) {
        /* the parameter and part at position pos */
        int32_t q = 0, k = 0, part = 0;
        for (k = 0; k < f->nparams; k++) {
            int w = f->values[f->params[k]].kind == MC_VAL_BUF ? 2 : 1;
            if (pos < q + w) {
                part = pos - q;
                break;
            }
            q += w;
        }
        const McArg *ar = &args->v[k];
        char src[64];
        bool addr = ar->is_buf && part == 0;
        if (addr) snprintf(src, sizeof src, "minicc_buf%d", (int)k);
        else snprintf(src, sizeof src, "%d", (int)(ar->is_buf ? ar->len : ar->scalar));
        if (pos >= 6) {
            if (addr) mc_str_printf(o, "    lea rax, [rip + %s]\n    push rax\n", src);
            else mc_str_printf(o, "    push %s\n", src);
        } else if (addr) {
            mc_str_printf(o, "    lea %s, [rip + %s]\n", p64[arg_phys[pos]], src);
        } else {
            mc_str_printf(o, "    mov %s, %s\n", p32[arg_phys[pos]], src);
        }
    }
    mc_str_printf(o, "    mov rax, %lld                        # the depth budget: at most %lld frames\n",
                  (long long)mc_asm_max_depth(e->o), (long long)mc_asm_max_depth(e->o));
    mc_str_puts(o, "    call minicc_f0\n    mov dword ptr [rip + minicc_record + 8], eax\n    jmp minicc_finish\n");
    mc_str_puts(o, "minicc_trap_bounds:                      # edi = the index, esi = the length\n"
                   "    mov dword ptr [rip + minicc_record + 4], 1\n"
                   "    mov dword ptr [rip + minicc_record + 12], edi\n"
                   "    mov dword ptr [rip + minicc_record + 16], esi\n"
                   "    jmp minicc_finish\n"
                   "minicc_trap_div:\n"
                   "    mov dword ptr [rip + minicc_record + 4], 2\n"
                   "    jmp minicc_finish\n"
                   "minicc_trap_depth:\n"
                   "    mov dword ptr [rip + minicc_record + 4], 3\n"
                   "    jmp minicc_finish\n"
                   "minicc_no_stack:\n"
                   "    mov eax, 231\n    mov edi, 4\n    syscall\n"
                   "minicc_finish:                           # the record, then every buffer parameter\n"
                   "    and rsp, -16\n"
                   "    lea rsi, [rip + minicc_record]\n    mov edx, 20\n    call minicc_write_all\n");
    for (int32_t k = 0; k < f->nparams && k < args->n; k++)
        if (args->v[k].is_buf && args->v[k].len > 0)
            mc_str_printf(o, "    lea rsi, [rip + minicc_buf%d]\n    mov edx, %lld\n    call minicc_write_all\n", (int)k,
                          (long long)args->v[k].len * 4);
    mc_str_puts(o, "    mov eax, 231                         # exit_group(0)\n    xor edi, edi\n    syscall\n"
                   "minicc_write_all:                        # write(1, rsi, rdx) until done\n"
                   "    mov eax, 1\n    mov edi, 1\n    syscall\n"
                   "    cmp rax, -4\n    je minicc_write_all\n"
                   "    test rax, rax\n    jle minicc_write_failed\n"
                   "    add rsi, rax\n    sub rdx, rax\n    jnz minicc_write_all\n    ret\n"
                   "minicc_write_failed:\n    mov eax, 231\n    mov edi, 5\n    syscall\n");
    mc_str_printf(o, "\n    .data\n    .balign 8\nminicc_record:\n    .long 0x%x, 0, 0, 0, 0\n",
                  (unsigned)MC_ASM_MAGIC);
    for (int32_t k = 0; k < f->nparams && k < args->n; k++) {
        if (!args->v[k].is_buf) continue;
        mc_str_printf(o, "    .balign 4\nminicc_buf%d:\n", (int)k);
        for (int32_t j = 0; j < args->v[k].len; j++)
            mc_str_printf(o, "%s%d%s", j % 16 == 0 ? "    .long " : ", ", (int)args->v[k].data[j],
                          j % 16 == 15 || j == args->v[k].len - 1 ? "\n" : "");
    }
    mc_str_puts(o, "    .section .note.GNU-stack,\"\",@progbits\n");
}

char *mc_asm_emit_x64(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                      McDiags *d) {
    if (!p || p->n == 0) {
        mc_diag(d, (McLoc){0, 0}, "asm: an empty program");
        return NULL;
    }
    for (int32_t k = 0; k < p->n; k++)
        if (p->alloc[k]->registers > X64_NREGS || p->alloc[k]->convention != MC_CONV_X64) {
            mc_diag(d, (McLoc){0, 0}, "asm: function %s was not allocated for x86-64 (K=%d, convention %s)",
                    p->alloc[k]->f->name, (int)p->alloc[k]->registers,
                    mc_convention_name(p->alloc[k]->convention));
            return NULL;
        }
    if (args && !mc_asm_check_args(p, args, "x86-64", d)) return NULL;
    Em e;
    memset(&e, 0, sizeof e);
    e.p = p;
    e.o = o;
    e.listing = listing;
    e.d = d;
    e.eax_value = -1;
    mc_str_init(&e.out);
    mc_str_init(&e.tile);
    mc_str_init(&e.cold);
    mc_str_init(&e.comment);
    if (o->comments)
        mc_str_printf(&e.out, "# minicc: x86-64 (System V), allocator %s, %d function%s\n",
                      mc_allocator_name(p->alloc[0]->allocator), (int)p->n, p->n == 1 ? "" : "s");
    mc_str_puts(&e.out, "    .intel_syntax noprefix\n    .text\n");
    for (int32_t k = 0; k < p->n && !e.failed; k++) emit_function(&e, k);
    if (!e.failed && args) emit_harness(&e, args);
    mc_str_free(&e.tile);
    mc_str_free(&e.cold);
    mc_str_free(&e.comment);
    if (e.failed) {
        mc_str_free(&e.out);
        return NULL;
    }
    return mc_str_take(&e.out);
}
