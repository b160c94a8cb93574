/* x64.c - instruction selection by tiling and GNU assembler text (Intel
 * syntax) for x86-64, System V ABI, Linux (asm.h, docs/targets.md).
 *
 * Each function of the allocated program becomes `minicc_fN` with an rbp
 * frame laid out below rbp (offsets grow downward):
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
 * Tiles are chosen by maximal munch per block: the largest pattern that
 * matches at the instruction is taken (a compare whose only use is the
 * branch right after it fuses with the branch). Every tile is recorded in
 * the listing with its cost (instructions emitted on its main path; the
 * out-of-line trap stubs are not counted) and a reason. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/asm.h"
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
/* abstract register r of the allocation (asm.c's table) */
static const int alloc_phys[10] = {P_RSI, P_RDI, P_R8, P_R9, P_R10, P_RBX, P_R12, P_R13, P_R14, P_R15};
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

/* ABI positions a function's parameters take (a buffer takes two). */
static int32_t positions_of_params(const McFunc *g) {
    int32_t n = 0;
    for (int32_t k = 0; k < g->nparams; k++) n += g->values[g->params[k]].kind == MC_VAL_BUF ? 2 : 1;
    return n;
}

static void frame_layout(const McAllocation *a, Frame *fr) {
    const McFunc *f = a->f;
    memset(fr, 0, sizeof *fr);
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1);
    fr->desc = mc_xcalloc(nv, sizeof *fr->desc);
    fr->store = mc_xcalloc(nv, sizeof *fr->store);
    int64_t at = 0;
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
                int32_t pos = positions_of_params(c->callee);
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
    McLiveness *live; /* the current function's (a->f) live-out sets */
    int32_t *uses;    /* and the reads of each of its values */
    int32_t call;     /* the next of its calls (index in a->callsaves) */
    bool failed;
} Em;

static const char *os(Em *e, Opnd o, bool wide) { return os_r(&e->ring, o, wide); }

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

static void tile_label(Em *e, int n) { mc_str_printf(&e->tile, ".L%d:\n", n); }

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
    if (l.kind == MC_LOC_REG && l.index >= 0 && l.index < 10) return oreg(alloc_phys[l.index]);
    if (l.kind == MC_LOC_SLOT) return omem(P_RBP, -(e->fr.sl_base + 8 * (int64_t)(l.index + 1)));
    return (Opnd){O_NONE, 0, 0};
}

static Opnd val_loc(Em *e, int32_t v) { return v < 0 ? (Opnd){O_NONE, 0, 0} : ir_opnd(e, mc_val(v)); }

static const char *loc_word(Em *e, Opnd o) {
    char *s = ring_next(&e->ring);
    if (o.kind == O_REG) snprintf(s, 64, "%s", p32[o.reg]);
    else if (o.kind == O_MEM) snprintf(s, 64, "a spill slot");
    else if (o.kind == O_IMM) snprintf(s, 64, "the constant %lld", (long long)o.off);
    else snprintf(s, 64, "nowhere");
    return s;
}

/* mov dst, src for 32-bit scalars (via eax when both are in memory). */
static void mov32(Em *e, Opnd dst, Opnd src) {
    if (dst.kind == O_NONE || same_opnd(dst, src)) return;
    if (dst.kind == O_MEM && src.kind == O_MEM) {
        ins(e, "mov eax, %s", os(e, src, false));
        ins(e, "mov %s, eax", os(e, dst, false));
    } else if (dst.kind == O_REG && src.kind == O_IMM && src.off == 0) {
        ins(e, "xor %s, %s", os(e, dst, false), os(e, dst, false));
    } else {
        ins(e, "mov %s, %s", os(e, dst, false), os(e, src, false));
    }
}

/* ---- parallel moves -------------------------------------------------------------------- */

typedef struct Move {
    Opnd dst, src;
    bool wide;
} Move;

/* Emit the moves as one parallel assignment: memory destinations first
 * (they never overlap a source), then the register destinations in an order
 * that reads every source before it is overwritten, a cycle broken through
 * r11. */
static void parallel_move(Em *e, Move *mv, int n) {
    for (int k = 0; k < n; k++) {
        if (mv[k].dst.kind != O_MEM) continue;
        if (mv[k].src.kind == O_MEM) {
            ins(e, "mov %s, %s", mv[k].wide ? "r11" : "r11d", os(e, mv[k].src, mv[k].wide));
            ins(e, "mov %s, %s", os(e, mv[k].dst, mv[k].wide), mv[k].wide ? "r11" : "r11d");
        } else {
            ins(e, "mov %s, %s", os(e, mv[k].dst, mv[k].wide), os(e, mv[k].src, mv[k].wide));
        }
        mv[k].dst.kind = O_NONE;
    }
    for (;;) {
        int pending = 0;
        for (int k = 0; k < n; k++) {
            if (mv[k].dst.kind == O_NONE) continue;
            if (same_opnd(mv[k].dst, mv[k].src)) {
                mv[k].dst.kind = O_NONE;
                continue;
            }
            pending++;
        }
        if (!pending) return;
        bool progress = false;
        for (int k = 0; k < n; k++) {
            if (mv[k].dst.kind == O_NONE) continue;
            bool blocked = false;
            for (int j = 0; j < n && !blocked; j++)
                if (j != k && mv[j].dst.kind != O_NONE && same_opnd(mv[j].src, mv[k].dst)) blocked = true;
            if (blocked) continue;
            if (mv[k].src.kind == O_IMM && mv[k].src.off == 0 && !mv[k].wide)
                ins(e, "xor %s, %s", os(e, mv[k].dst, false), os(e, mv[k].dst, false));
            else
                ins(e, "mov %s, %s", os(e, mv[k].dst, mv[k].wide), os(e, mv[k].src, mv[k].wide));
            mv[k].dst.kind = O_NONE;
            progress = true;
        }
        if (progress) continue;
        /* every pending destination is a pending source: a cycle; free one destination */
        for (int k = 0; k < n; k++) {
            if (mv[k].dst.kind == O_NONE) continue;
            Opnd dreg = mv[k].dst;
            ins(e, "mov r11, %s", os(e, dreg, true));
            for (int j = 0; j < n; j++)
                if (mv[j].dst.kind != O_NONE && same_opnd(mv[j].src, dreg)) mv[j].src = oreg(P_R11);
            break;
        }
    }
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

/* cmp of a and b (either may be anything); *swapped when the operands were exchanged. */
static void emit_cmp(Em *e, Opnd a, Opnd b, bool *swapped) {
    *swapped = false;
    if (a.kind == O_IMM && b.kind != O_IMM) {
        Opnd t = a;
        a = b;
        b = t;
        *swapped = true;
    }
    if (a.kind == O_IMM || (a.kind == O_MEM && b.kind == O_MEM)) {
        ins(e, "mov eax, %s", os(e, a, false));
        a = oreg(P_RAX);
    }
    if (a.kind == O_REG && b.kind == O_IMM && b.off == 0) /* the same flags for a signed compare with 0 */
        ins(e, "test %s, %s", os(e, a, false), os(e, a, false));
    else
        ins(e, "cmp %s, %s", os(e, a, false), os(e, b, false));
}

static const char *alu_name(McOp op) {
    switch (op) {
    case MC_OP_ADD: return "add";
    case MC_OP_SUB: return "sub";
    case MC_OP_MUL: return "imul";
    case MC_OP_AND: return "and";
    case MC_OP_OR: return "or";
    case MC_OP_XOR: return "xor";
    case MC_OP_SHL: return "shl";
    case MC_OP_SHR: return "sar";
    default: return "?";
    }
}

static const char *block_label(Em *e, int32_t b) {
    char *s = ring_next(&e->ring);
    snprintf(s, 64, ".Lf%d_b%d", (int)e->fn, (int)b);
    return s;
}

/* x = op a, b for add sub mul and or xor. */
static void tile_alu(Em *e, int32_t b, int32_t i, const McInst *in) {
    McOp op = (McOp)in->op;
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    bool commut = (mc_op_info[op].flags & MC_OPF_COMMUT) != 0;
    Opnd w = x.kind == O_REG ? x : oreg(P_RAX);
    const char *pattern;
    char why[256];
    tile_begin(e);
    if (op == MC_OP_MUL && (A.kind == O_IMM || B.kind == O_IMM) && !(A.kind == O_IMM && B.kind == O_IMM)) {
        Opnd src = A.kind == O_IMM ? B : A, k = A.kind == O_IMM ? A : B;
        ins(e, "imul %s, %s, %s", os(e, w, false), os(e, src, false), os(e, k, false));
        pattern = "imul reg, r/m, imm";
        snprintf(why, sizeof why, "multiplication by the constant %lld: imul's three-operand form reads %s and writes %s in one instruction",
                 (long long)k.off, loc_word(e, src), loc_word(e, w));
    } else {
        if (commut && same_opnd(w, B) && !same_opnd(w, A)) {
            Opnd t = A;
            A = B;
            B = t;
        }
        bool via_r11 = !commut && same_opnd(w, B) && !same_opnd(w, A);
        if (via_r11) {
            ins(e, "mov r11d, %s", os(e, B, false));
            B = oreg(P_R11);
        }
        bool two_addr = !same_opnd(w, A);
        mov32(e, w, A);
        ins(e, "%s %s, %s", alu_name(op), os(e, w, false), os(e, B, false));
        if (via_r11) {
            pattern = "alu reg, reg (through r11)";
            snprintf(why, sizeof why, "%s is not commutative and the result's register %s holds the second operand: it goes through r11 first",
                     mc_op_info[op].name, p32[w.reg]);
        } else if (B.kind == O_IMM) {
            pattern = "alu reg, imm";
            snprintf(why, sizeof why, "the constant %lld is the instruction's immediate operand%s", (long long)B.off,
                     two_addr ? "; two-address form: the first operand is copied into the result's register first" : "");
        } else if (B.kind == O_MEM) {
            pattern = "alu reg, [slot]";
            snprintf(why, sizeof why, "the second operand is spilled: x86-64 reads it as a memory operand%s",
                     two_addr ? "; two-address form: the first operand is copied into the result's register first" : "");
        } else {
            pattern = "alu reg, reg";
            snprintf(why, sizeof why, "both operands in registers%s",
                     two_addr ? "; two-address form: the first operand is copied into the result's register first"
                              : ": the result's register already holds the first operand");
        }
    }
    if (x.kind == O_MEM) {
        ins(e, "mov %s, eax", os(e, x, false));
        strncat(why, "; the result is spilled: computed in eax, then stored", sizeof why - strlen(why) - 1);
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_shift(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    Opnd w = x.kind == O_REG ? x : oreg(P_RAX);
    const char *name = alu_name((McOp)in->op);
    tile_begin(e);
    const char *pattern;
    char why[256];
    if (B.kind == O_IMM) {
        int c = (int)((uint32_t)B.off & 31u);
        mov32(e, w, A);
        if (c) ins(e, "%s %s, %d", name, os(e, w, false), c);
        pattern = c ? "shift reg, imm" : "shift by 0 (copy)";
        snprintf(why, sizeof why, "a constant count: %lld masked to 5 bits is %d%s", (long long)B.off, c,
                 in->op == MC_OP_SHR ? "; shr is arithmetic: sar" : "");
    } else {
        ins(e, "mov ecx, %s", os(e, B, false));
        mov32(e, w, A);
        ins(e, "%s %s, cl", name, os(e, w, false));
        pattern = "shift reg, cl";
        snprintf(why, sizeof why, "a variable count goes in cl; the hardware masks a 32-bit shift's count to 5 bits as the IR does%s",
                 in->op == MC_OP_SHR ? "; shr is arithmetic: sar" : "");
    }
    if (x.kind == O_MEM) ins(e, "mov %s, eax", os(e, x, false));
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_div(Em *e, int32_t b, int32_t i, const McInst *in) {
    bool rem = in->op == MC_OP_REM;
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    tile_begin(e);
    const char *pattern;
    char why[256];
    if (B.kind == O_IMM && B.off == 0) {
        ins(e, "jmp minicc_trap_div");
        pattern = "div by 0 (trap)";
        snprintf(why, sizeof why, "the divisor is the constant 0: the instruction always traps");
    } else if (B.kind == O_IMM && B.off == -1) {
        if (rem) {
            mov32(e, x, oimm(0));
        } else {
            Opnd w = x.kind == O_REG ? x : oreg(P_RAX);
            mov32(e, w, A);
            ins(e, "neg %s", os(e, w, false));
            if (x.kind == O_MEM) ins(e, "mov %s, eax", os(e, x, false));
        }
        pattern = rem ? "rem by -1 (0)" : "div by -1 (neg)";
        snprintf(why, sizeof why, "the divisor is -1: %s, and INT_MIN / -1 never reaches idiv's fault",
                 rem ? "the remainder is 0" : "the quotient is the wrapped negation");
    } else if (B.kind == O_IMM) {
        ins(e, "mov ecx, %s", os(e, B, false));
        mov32(e, oreg(P_RAX), A);
        ins(e, "cdq");
        ins(e, "idiv ecx");
        mov32(e, x, oreg(rem ? P_RDX : P_RAX));
        pattern = "idiv (constant divisor)";
        snprintf(why, sizeof why, "a non-zero constant divisor other than -1: no check needed; idiv divides edx:eax, the %s in %s",
                 rem ? "remainder" : "quotient", rem ? "edx" : "eax");
    } else {
        int lm1 = e->label++, ldone = e->label++;
        ins(e, "mov ecx, %s", os(e, B, false));
        ins(e, "test ecx, ecx");
        ins(e, "jz minicc_trap_div");
        mov32(e, oreg(P_RAX), A);
        ins(e, "cmp ecx, -1");
        ins(e, "je .L%d", lm1);
        ins(e, "cdq");
        ins(e, "idiv ecx");
        ins(e, "jmp .L%d", ldone);
        tile_label(e, lm1);
        if (rem) ins(e, "xor edx, edx");
        else ins(e, "neg eax");
        tile_label(e, ldone);
        mov32(e, x, oreg(rem ? P_RDX : P_RAX));
        pattern = "idiv (checked)";
        snprintf(why, sizeof why, "the divisor may be 0 (trap) or -1 (INT_MIN / -1 would fault: %s instead); idiv divides edx:eax",
                 rem ? "the remainder is 0" : "negation");
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_cmp_value(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]), B = ir_opnd(e, in->a[1]);
    tile_begin(e);
    bool sw;
    emit_cmp(e, A, B, &sw);
    ins(e, "set%s al", cc_of((McOp)in->op, sw));
    if (x.kind == O_REG) ins(e, "movzx %s, al", p32[x.reg]);
    else {
        ins(e, "movzx eax, al");
        if (x.kind == O_MEM) ins(e, "mov %s, eax", os(e, x, false));
    }
    tile_end(e, MC_TILE_INST, b, i, 1, "cmp; setcc; movzx",
              "the comparison's value is used as a number (not only by a branch): setcc makes a byte 0 or 1, movzx widens it%s",
              sw ? "; the constant operand went second (the condition reversed)" : "");
}

/* The bounds check of `load/store buf, idx`: returns the index operand to address with
 * (a register or an immediate). */
static Opnd bounds_check(Em *e, const McInst *in) {
    int32_t bv = in->a[0].v;
    Opnd len = omem(P_RBP, -e->fr.desc[bv] + 8);
    Opnd I = ir_opnd(e, in->a[1]);
    int stub = e->label++;
    if (I.kind == O_IMM && (I.off < 0 || I.off > (1 << 28))) {
        ins(e, "mov eax, %s", os(e, I, false));
        I = oreg(P_RAX);
    }
    if (I.kind == O_IMM) {
        ins(e, "cmp %s, %lld", os(e, len, false), (long long)I.off);
        ins(e, "jbe .L%d", stub);
        cold(e, ".L%d: mov edi, %lld", stub, (long long)I.off);
    } else {
        if (I.kind == O_MEM) {
            ins(e, "mov eax, %s", os(e, I, false));
            I = oreg(P_RAX);
        }
        ins(e, "cmp %s, %s", p32[I.reg], os(e, len, false));
        ins(e, "jae .L%d", stub);
        cold(e, ".L%d: mov edi, %s", stub, p32[I.reg]);
    }
    cold(e, "mov esi, %s", os(e, len, false));
    cold(e, "jmp minicc_trap_bounds");
    return I;
}

static const char *elem(Em *e, Opnd I) {
    char *s = ring_next(&e->ring);
    if (I.kind == O_IMM) {
        if (I.off) snprintf(s, 64, "dword ptr [r11 + %lld]", (long long)I.off * 4);
        else snprintf(s, 64, "dword ptr [r11]");
    } else {
        snprintf(s, 64, "dword ptr [r11 + %s*4]", p64[I.reg]);
    }
    return s;
}

static void tile_load(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = val_loc(e, in->dest);
    tile_begin(e);
    Opnd I = bounds_check(e, in);
    ins(e, "mov r11, %s", os(e, omem(P_RBP, -e->fr.desc[in->a[0].v]), true));
    if (x.kind == O_REG) ins(e, "mov %s, %s", p32[x.reg], elem(e, I));
    else {
        ins(e, "mov eax, %s", elem(e, I));
        if (x.kind == O_MEM) ins(e, "mov %s, eax", os(e, x, false));
    }
    tile_end(e, MC_TILE_INST, b, i, 1, "load [base + index*4]",
              "the bounds check is one unsigned compare against the length (a negative index is a huge unsigned one), then the buffer's base from its descriptor and %s",
              I.kind == O_IMM ? "a constant displacement" : "a scaled index");
}

static void tile_store(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd V = ir_opnd(e, in->a[2]);
    tile_begin(e);
    Opnd I = bounds_check(e, in);
    if (V.kind == O_MEM) {
        ins(e, "mov ecx, %s", os(e, V, false));
        V = oreg(P_RCX);
    }
    ins(e, "mov r11, %s", os(e, omem(P_RBP, -e->fr.desc[in->a[0].v]), true));
    ins(e, "mov %s, %s", elem(e, I), os(e, V, false));
    tile_end(e, MC_TILE_INST, b, i, 1, "store [base + index*4]",
              "the bounds check is one unsigned compare against the length, then the store through the base%s",
              V.kind == O_IMM ? "; the value is an immediate" : "");
}

static void tile_copy(Em *e, int32_t b, int32_t i, const McInst *in) {
    Opnd x = val_loc(e, in->dest), A = ir_opnd(e, in->a[0]);
    tile_begin(e);
    const char *pattern;
    const char *why;
    if (x.kind == O_NONE) {
        pattern = "copy (dead)";
        why = "the destination has no location (never read): nothing to do";
    } else if (same_opnd(x, A)) {
        pattern = "copy (same location)";
        why = "source and destination share a location: nothing to emit";
    } else {
        mov32(e, x, A);
        if (A.kind == O_IMM) {
            pattern = x.kind == O_REG ? "mov reg, imm" : "mov [slot], imm";
            why = A.off == 0 && x.kind == O_REG ? "a constant 0: xor of the register with itself" : "a constant: an immediate move";
        } else if (x.kind == O_MEM && A.kind == O_MEM) {
            pattern = "mov [slot], [slot] (through eax)";
            why = "both in slots: x86-64 has no memory-to-memory move";
        } else if (x.kind == O_MEM) {
            pattern = "mov [slot], reg";
            why = "a spill store";
        } else if (A.kind == O_MEM) {
            pattern = "mov reg, [slot]";
            why = "a spill reload";
        } else {
            pattern = "mov reg, reg";
            why = "a register copy";
        }
    }
    tile_end(e, MC_TILE_INST, b, i, 1, pattern, "%s", why);
}

static void tile_buffer(Em *e, int32_t b, int32_t i, const McInst *in) {
    tile_begin(e);
    int32_t n = in->a[0].v;
    int64_t st = e->fr.store[in->dest], de = e->fr.desc[in->dest];
    int loop = e->label++;
    ins(e, "lea r11, [rbp - %lld]", (long long)st);
    ins(e, "mov ecx, %d", (int)n);
    tile_label(e, loop);
    ins(e, "mov dword ptr [r11 + rcx*4 - 4], 0");
    ins(e, "dec ecx");
    ins(e, "jnz .L%d", loop);
    ins(e, "mov %s, r11", os(e, omem(P_RBP, -de), true));
    ins(e, "mov %s, %d", os(e, omem(P_RBP, -de + 8), false), (int)n);
    tile_end(e, MC_TILE_INST, b, i, 1, "buffer (zeroed in the frame)",
              "a local buffer lives in the frame (%d bytes): zeroed each time the instruction runs, its descriptor set", (int)n * 4);
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
    const McCallSave *cs = NULL; /* the calls come in the order of a->callsaves: a cursor finds them */
    if (e->call < a->ncallsaves && a->callsaves[e->call].block == b && a->callsaves[e->call].inst == i)
        cs = &a->callsaves[e->call++];
    for (int32_t k = 0; !cs && k < a->ncallsaves; k++)
        if (a->callsaves[k].block == b && a->callsaves[k].inst == i) cs = &a->callsaves[k];
    tile_begin(e);
    int32_t nsaved = cs ? cs->n : 0;
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
            if (isbuf) mv[n++] = (Move){dst, omem(P_RBP, -e->fr.desc[o.v] + 8 * part), part == 0};
            else mv[n++] = (Move){dst, ir_opnd(e, o), false};
        }
    }
    parallel_move(e, mv, n);
    free(mv);
    ins(e, "call minicc_f%d", (int)fn);
    for (int32_t k = 0; k < nsaved; k++)
        ins(e, "mov %s, %s", os(e, val_loc(e, cs->value[k]), false),
            os(e, omem(P_RBP, -(e->fr.sv_base + 8 * (int64_t)(cs->slot[k] + 1))), false));
    Opnd x = val_loc(e, in->dest);
    if (x.kind != O_NONE) mov32(e, x, oreg(P_RAX));
    tile_end(e, MC_TILE_INST, b, i, 1, "call",
              "%d caller save%s around the call, the %d argument position%s moved as one parallel move into the ABI's registers%s, the result from eax",
              (int)nsaved, nsaved == 1 ? "" : "s", pos, pos == 1 ? "" : "s", pos > 6 ? " and the stack" : "");
}

/* The number of reads of every value of f (operands, call arguments, terminators), malloc'd. */
static int32_t *count_uses(const McFunc *f) {
    int32_t *n = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *n);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            int k;
            const McOperand *o = mc_inst_opnds(f, &bl->insts[i], &k);
            for (int j = 0; j < k; j++)
                if (o[j].kind == MC_OPND_VALUE && o[j].v >= 0 && o[j].v < f->nvalues) n[o[j].v]++;
        }
        if (bl->has_term && bl->term.op != MC_OP_JUMP && bl->term.arg.kind == MC_OPND_VALUE && bl->term.arg.v >= 0 &&
            bl->term.arg.v < f->nvalues)
            n[bl->term.arg.v]++;
    }
    return n;
}

/* Jump to `then` when the condition cc holds, else to `other`, eliding a jump to the next block. */
static void branch_cc(Em *e, int32_t b, const char *cc, int32_t then, int32_t other) {
    if (then == other) {
        if (then != b + 1) ins(e, "jmp %s", block_label(e, then));
        return;
    }
    if (then == b + 1) {
        ins(e, "j%s %s", cc_not(cc), block_label(e, other));
    } else {
        ins(e, "j%s %s", cc, block_label(e, then));
        if (other != b + 1) ins(e, "jmp %s", block_label(e, other));
    }
}

static void tile_term(Em *e, int32_t b) {
    const McFunc *f = e->a->f;
    const McBlock *bl = &f->blocks[b];
    const McTerm *t = &bl->term;
    comment_ir(e, b, bl->ninsts, bl->ninsts);
    tile_begin(e);
    if (t->op == MC_OP_RET) {
        Opnd v = ir_opnd(e, t->arg);
        mov32(e, oreg(P_RAX), v);
        bool last = b == f->nblocks - 1;
        if (!last) ins(e, "jmp .Lf%d_ret", (int)e->fn);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, "return",
                  "the result goes to eax, then %s", last ? "the epilogue follows" : "a jump to the shared epilogue");
    } else if (t->op == MC_OP_JUMP) {
        bool next = t->target[0] == b + 1;
        if (!next) ins(e, "jmp %s", block_label(e, t->target[0]));
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, next ? "jump (fall through)" : "jmp",
                  "%s", next ? "the target is the next block in layout: nothing to emit" : "an unconditional jump");
    } else {
        Opnd c = ir_opnd(e, t->arg);
        if (c.kind == O_IMM) {
            int32_t to = c.off ? t->target[0] : t->target[1];
            if (to != b + 1) ins(e, "jmp %s", block_label(e, to));
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, "branch on a constant", "the condition is a constant: one way only");
        } else {
            if (c.kind == O_MEM) ins(e, "cmp %s, 0", os(e, c, false));
            else ins(e, "test %s, %s", p32[c.reg], p32[c.reg]);
            branch_cc(e, b, "ne", t->target[0], t->target[1]);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, c.kind == O_MEM ? "cmp [slot], 0 + jnz" : "test + jnz",
                      "a plain condition: tested against 0, a conditional jump (a jump to the next block elided)");
        }
    }
}

/* The compare at the end of block b fused with its branch. */
static void tile_fused(Em *e, int32_t b) {
    const McBlock *bl = &e->a->f->blocks[b];
    const McInst *in = &bl->insts[bl->ninsts - 1];
    comment_ir(e, b, bl->ninsts - 1, bl->ninsts);
    tile_begin(e);
    bool sw;
    emit_cmp(e, ir_opnd(e, in->a[0]), ir_opnd(e, in->a[1]), &sw);
    branch_cc(e, b, cc_of((McOp)in->op, sw), bl->term.target[0], bl->term.target[1]);
    tile_end(e, MC_TILE_TERM, b, bl->ninsts - 1, 2, "cmp + jcc (fused)",
              "the compare's only use is this branch (dead after it): no 0/1 value is made, the flags drive the jump");
}

static bool fusable(Em *e, int32_t b) {
    const McFunc *f = e->a->f;
    const McBlock *bl = &f->blocks[b];
    if (bl->term.op != MC_OP_BRANCH || bl->ninsts == 0) return false;
    const McInst *in = &bl->insts[bl->ninsts - 1];
    if (!(mc_op_info[in->op].flags & MC_OPF_CMP) || in->dest < 0) return false;
    if (bl->term.arg.kind != MC_OPND_VALUE || bl->term.arg.v != in->dest) return false;
    if (e->uses[in->dest] != 1) return false;
    /* dead after the branch: nothing live out of the block sits in its
     * location (a copy deleted because source and destination share a
     * register makes another value the compare's register, live on) */
    McLocation lc = e->a->loc[in->dest];
    McValList out = mc_live_out(e->live, b);
    for (int32_t k = 0; k < out.n; k++) {
        McLocation l = e->a->loc[out.v[k]];
        if (out.v[k] == in->dest || (l.kind == lc.kind && l.index == lc.index)) return false;
    }
    return true;
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
}

static int64_t max_depth_of(const McAsmOptions *o) { return o->max_depth > 0 ? o->max_depth : MC_DEFAULT_MAX_DEPTH; }

static void emit_function(Em *e, int32_t fn) {
    const McAllocation *a = e->p->alloc[fn];
    const McFunc *f = a->f;
    e->fn = fn;
    e->a = a;
    frame_layout(a, &e->fr);
    e->live = mc_liveness_out(f, NULL);
    e->uses = count_uses(f);
    e->call = 0;
    e->cold.len = 0;
    if (e->cold.s) e->cold.s[0] = '\0';
    McStr sig;
    mc_str_init(&sig);
    mc_signature_str(f, &sig);
    mc_str_printf(&e->out, "\n    .globl minicc_f%d\n    .type minicc_f%d, @function\nminicc_f%d:", (int)fn, (int)fn,
                  (int)fn);
    if (e->o->comments) mc_str_printf(&e->out, "                          # %s", sig.s);
    mc_str_putc(&e->out, '\n');
    mc_str_free(&sig);

    /* the prologue */
    set_comment(e, "prologue");
    tile_begin(e);
    ins(e, "push rbp");
    ins(e, "mov rbp, rsp");
    if (e->fr.size) ins(e, "sub rsp, %lld", (long long)e->fr.size);
    for (int32_t k = 0; k < a->ncallee_saves; k++)
        ins(e, "mov %s, %s", os(e, omem(P_RBP, -(e->fr.cs_base + 8 * (int64_t)(k + 1))), true),
            p64[alloc_phys[a->callee_saves[k]]]);
    ins(e, "inc qword ptr [rip + minicc_depth]");
    ins(e, "cmp qword ptr [rip + minicc_depth], %lld", (long long)max_depth_of(e->o));
    ins(e, "jg minicc_trap_depth");
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
            if (dst.kind != O_NONE) mv[n++] = (Move){dst, src, false};
        }
    }
    /* a scalar from the stack into a slot goes through r11 (parallel_move does it) */
    parallel_move(e, mv, n);
    free(mv);
    tile_end(e, MC_TILE_PROLOGUE, -1, -1, 0, "prologue",
              "rbp frame of %lld bytes, %d callee-saved register%s saved, the depth check, %d buffer descriptor%s stored, %d scalar parameter%s moved from the ABI's registers%s as one parallel move",
              (long long)e->fr.size, (int)a->ncallee_saves, a->ncallee_saves == 1 ? "" : "s", nbufs, nbufs == 1 ? "" : "s",
              (int)n, n == 1 ? "" : "s", pos > 6 ? " and the stack" : "");

    for (int32_t b = 0; b < f->nblocks && !e->failed; b++) {
        const McBlock *bl = &f->blocks[b];
        mc_str_printf(&e->out, "%s:", block_label(e, b));
        if (e->o->comments) mc_str_printf(&e->out, "                              # %s", bl->name);
        mc_str_putc(&e->out, '\n');
        bool fuse = fusable(e, b);
        int32_t upto = fuse ? bl->ninsts - 1 : bl->ninsts;
        for (int32_t i = 0; i < upto && !e->failed; i++) emit_inst(e, b, i);
        if (e->failed) break;
        if (fuse) tile_fused(e, b);
        else tile_term(e, b);
    }

    /* the epilogue */
    mc_str_printf(&e->out, ".Lf%d_ret:\n", (int)fn);
    set_comment(e, "epilogue");
    tile_begin(e);
    for (int32_t k = 0; k < a->ncallee_saves; k++)
        ins(e, "mov %s, %s", p64[alloc_phys[a->callee_saves[k]]],
            os(e, omem(P_RBP, -(e->fr.cs_base + 8 * (int64_t)(k + 1))), true));
    ins(e, "dec qword ptr [rip + minicc_depth]");
    ins(e, "leave");
    ins(e, "ret");
    tile_end(e, MC_TILE_EPILOGUE, -1, -1, 0, "epilogue",
              "the callee-saved registers restored, the frame count decremented, the frame left, the result in eax");
    if (e->cold.len) {
        if (e->o->comments) mc_str_puts(&e->out, "# out of line: bounds traps (the index in edi, the length in esi)\n");
        mc_str_puts(&e->out, e->cold.s);
    }
    mc_str_printf(&e->out, "    .size minicc_f%d, .-minicc_f%d\n", (int)fn, (int)fn);
    frame_free(&e->fr);
    mc_liveness_free(e->live);
    e->live = NULL;
    free(e->uses);
    e->uses = NULL;
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
    int64_t size = (max_depth_of(e->o) + 2) * (biggest + 16) + (1 << 20);
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
    int32_t npos = positions_of_params(f);
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
    mc_str_printf(o, "\n    .data\n    .balign 8\nminicc_depth:\n    .quad 0\nminicc_record:\n    .long 0x%x, 0, 0, 0, 0\n",
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
        if (p->alloc[k]->registers > 10 || p->alloc[k]->convention != MC_CONV_X64) {
            mc_diag(d, (McLoc){0, 0}, "asm: function %s was not allocated for x86-64 (K=%d, convention %s)",
                    p->alloc[k]->f->name, (int)p->alloc[k]->registers,
                    mc_convention_name(p->alloc[k]->convention));
            return NULL;
        }
    if (args) {
        const McFunc *f = p->alloc[0]->f;
        bool ok = args->n == f->nparams;
        for (int32_t k = 0; ok && k < f->nparams; k++)
            ok = args->v[k].is_buf == (f->values[f->params[k]].kind == MC_VAL_BUF);
        if (!ok) {
            mc_diag(d, (McLoc){0, 0}, "asm: the arguments do not match %s's parameters", f->name);
            return NULL;
        }
    }
    Em e;
    memset(&e, 0, sizeof e);
    e.p = p;
    e.o = o;
    e.listing = listing;
    e.d = d;
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
