/* rv64.c - tiling and assembly text for target rv64 (asm.h): RV64IM, the
 * LP64 calling convention, GNU assembler syntax, run under qemu-riscv64.
 *
 * Values. Every i32 value lives in a 64-bit register sign-extended from its
 * 32 bits (the RV64 convention for int), so the *w instructions (addw,
 * subw, mulw, divw, remw, sllw, sraw, addiw, slliw, sraiw) give the IR's
 * wrapping 32-bit results already sign-extended, and and/or/xor/slt/sltu on
 * sign-extended operands are exact. A spilled value is a 4-byte slot read
 * with lw (sign-extending) and written with sw.
 *
 * Frame (s0 is the frame pointer: the stack pointer on entry; offsets are
 * from s0, growing down):
 *   -8 ra (saved when the function calls), -16 the caller's s0, -24 the
 *   frame's depth budget (stored when the function calls), -32 a scratch
 *   doubleword (t5 parked while t6 is stored to an offset beyond 12 bits),
 *   then the callee-saved registers the allocation writes (8 bytes each),
 *   the spill slots (4 bytes each), the save slots of the caller saves
 *   (4 bytes each), one descriptor per buffer value (address, then length,
 *   8 bytes each), the storage of the local buffers, and at the bottom (at
 *   sp) the outgoing argument area; the frame is a multiple of 16 bytes.
 *
 * Calls follow LP64: the positions of a callee's parameters in order, a
 * scalar taking one and a buffer two (its address, then its length),
 * positions 0-7 in a0-a7 and the rest in doublewords at the caller's sp
 * (the callee's s0); the result in a0. Arguments (at a call) and parameters
 * (in the prologue) are each one parallel move, sequentialized: stores to
 * memory first (they read registers not yet written), then the
 * register-to-register moves (a cycle broken through t5), then loads and
 * constants into registers.
 *
 * Tiles are chosen per IR instruction by maximal munch (the first, biggest
 * pattern that matches), walking rv64's table of patterns (patterns.c, in
 * munch order): the emitter describes the instruction as an McAsmMatch
 * (asm.h), mc_asm_select takes the first row that applies, and the row's
 * form for the case is expanded (mc_asm_expand; rv_operand resolves the
 * placeholders, fetching an operand into t5/t6 at its first use; rv_line
 * prints each line, a load or store beyond 12 bits through mem). What stays
 * code: the spill store of a result, the callee saves, the parallel moves
 * of parameters and arguments, the bounds stubs out of line. The rows: a
 * compare whose only use is the branch right after
 * it, and whose location no value live out of the block shares (a copy the
 * allocator deleted may read it under another name), fuses with the
 * branch; a constant operand that fits 12 bits becomes an
 * immediate (addiw, andi, ori, xori, slti, slliw, sraiw); otherwise li into
 * t5/t6; a spilled operand is loaded into t5/t6 and a spilled result
 * stored from t5. Traps: RISC-V never traps on division, so div/rem test
 * the divisor (beqz) unless it is a non-zero constant; divw gives INT_MIN
 * for INT_MIN / -1 and remw gives 0 for INT_MIN % -1, exactly the IR's
 * definition. A load or store checks its index with one unsigned compare
 * (bgeu index, length: a negative index is a huge unsigned one), except a
 * local buffer (its length known) at a constant index inside it: one lw/sw
 * at the element's frame offset.
 *
 * The depth limit: every call passes its frame's depth budget in t6 (the
 * harness passes max_depth); the prologue subtracts 1 and traps below 0,
 * and a function that calls keeps its budget at s0 - 24 to load into t6
 * right before each call. t6 because it is a temporary the allocator never
 * sees (nothing is kept in it across a call, and no argument travels in
 * it), and between the caller's load and the callee's check there is only
 * the call and the frame's setup, which uses t5 alone. No shared counter
 * in memory, nothing to undo on return (x86-64 does the same with rax).
 *
 * The prologue moves sp first and stores ra and s0 above it, the epilogue
 * reloads them before sp moves back: no memory below sp is ever touched.
 * Peephole: a block ending `x = OP ...; return x` computes x in a0, and a
 * return not in the last block repeats a short epilogue (at most two
 * callee-saved registers) instead of jumping to it.
 *
 * The harness (with arguments): _start maps a stack of its own (mmap,
 * MAP_NORESERVE) big enough for max_depth frames of the biggest frame,
 * loads the arguments from .data, calls minicc_f0, and writes the record
 * (McAsmRecord) and every buffer parameter's contents with write(2)
 * (looping on short writes), then exit_group(0); the trap routines write
 * the same record with their kind and exit 0. No libc. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "asm_int.h"
#include "minicc/cfg.h"
#include "minicc/util.h"

/* ---- registers ---------------------------------------------------------------- */

static const char *const xname[32] = {"zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",
                                      "a1",   "a2", "a3", "a4", "a5", "a6", "a7", "s2", "s3", "s4", "s5",
                                      "s6",   "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};
enum { X_ZERO = 0, X_SP = 2, X_S0 = 8, X_A0 = 10, X_T5 = 30, X_T6 = 31 };
#define DEPTH_OFF (-24)   /* the frame's depth budget (kept by a function that calls) */
#define SCRATCH_OFF (-32) /* the frame's doubleword for parking t5 */

static int xnum(const char *name) {
    for (int i = 0; i < 32; i++)
        if (strcmp(xname[i], name) == 0) return i;
    mc_panic(__FILE__, __LINE__, "unknown rv64 register %s", name);
}

static bool fits12(int64_t c) { return c >= -2048 && c <= 2047; }

/* ---- the emitter ------------------------------------------------------------- */

typedef struct Em {
    const McProgram *p;
    const McAsmOptions *o;
    const McTargetDesc *td;
    McAsmListing *listing;
    McStr out;   /* the whole text */
    McStr tile;  /* the current tile's text */
    McStr stubs; /* the current function's trap stubs (after its epilogue) */
    int32_t ninst;
    char cmt[256]; /* the comment of the instructions being emitted ("" = none) */
    int32_t fn;
    const McAllocation *a;
    int32_t xreg[64]; /* abstract register -> x number */
    /* frame */
    int64_t *callee_off; /* per callee save */
    int64_t slot_off0, save_off0;
    int64_t *desc_off; /* per value: the descriptor of a buffer value, 0 = none */
    int64_t *store_off; /* per value: a local buffer's storage */
    int32_t *buf_len;   /* per value: a local buffer's length (0: not a local buffer) */
    int64_t frame;
    bool calls;
    int32_t *uses; /* per value: reads in the function */
    bool *fuse;    /* per block: its last instruction (a compare) fuses with its branch */
    int32_t nstub;
    int32_t callcur; /* cursor over the function's callsaves */
    int32_t a0_value; /* the value the current tile computes straight into a0 (the return value
                         of the block's last instruction; MC_NONE: none) */
    bool *ret_a0;    /* per block: its last instruction computes the returned value into a0 */
    McDiags *d;
    bool failed;     /* a diagnostic was given: no text */
    int64_t max_frame;
    /* the current tile: what its template's placeholders stand for (rv_operand) */
    struct {
        McOperand a, b, i, v; /* the operands {a} {b}, a load's or store's index {i} and value {v} */
        int32_t dest;         /* {x}'s value (MC_NONE: none) */
        int ra, rb, ri, rv, rx; /* their registers once fetched (-1: not yet) */
        int64_t imm;          /* {imm} */
        int32_t buf;          /* the buffer value of a load, store or buffer instruction */
        int64_t elem;         /* {elem}: a local element's frame offset */
        int32_t T, F, to;     /* branch targets */
        int32_t callee;
    } cur;
} Em;

/* One instruction of the current tile, its text ready (with the comment
 * naming its IR instruction when comments are on). */
static void ins_text(Em *e, const char *text) {
    mc_str_puts(&e->tile, "    ");
    mc_str_puts(&e->tile, text);
    if (e->o->comments && e->cmt[0]) {
        for (size_t n = strlen(text); n < 28; n++) mc_str_putc(&e->tile, ' ');
        mc_str_puts(&e->tile, " # ");
        mc_str_puts(&e->tile, e->cmt);
    }
    mc_str_putc(&e->tile, '\n');
    e->ninst++;
}

static void ins(Em *e, const char *fmt, ...) {
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    ins_text(e, buf);
}

static void label(Em *e, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    mc_str_vprintf(&e->tile, fmt, ap);
    va_end(ap);
    mc_str_puts(&e->tile, ":\n");
}

static void tile_begin(Em *e) {
    e->tile.len = 0;
    if (e->tile.s) e->tile.s[0] = 0;
    e->ninst = 0;
}

static void tile_end(Em *e, int what, int32_t block, int32_t inst, int32_t ncov, int32_t row, const char *why) {
    if (e->tile.len) mc_str_puts(&e->out, e->tile.s);
    if (!e->listing) return;
    McAsmTile *t = mc_asm_listing_add(e->listing, e->fn, what, block, inst, ncov, mc_asm_rv64_table[row].name,
                                      e->ninst);
    t->row = row;
    t->why = mc_xstrdup(why);
    t->text = mc_xstrdup(e->tile.len ? e->tile.s : "");
}

/* The comment naming IR instruction `in` (or the terminator t). */
static void set_cmt_inst(Em *e, const McInst *in, const McTerm *t) {
    McStr s;
    mc_str_init(&s);
    if (in)
        mc_inst_str(e->a->f, in, &s);
    else
        mc_term_str(e->a->f, t, &s);
    int32_t line = in ? in->line : t->line;
    if (line > 0) mc_str_printf(&s, "  (C line %d)", (int)line);
    snprintf(e->cmt, sizeof e->cmt, "%s", s.s ? s.s : "");
    mc_str_free(&s);
}

/* op reg, off(base) with any offset: beyond 12 bits the address goes
 * through a scratch (a load: the destination itself; a store: t6, or t5
 * parked in the frame's scratch doubleword when the value is t6). */
static void mem(Em *e, const char *op, int reg, int base, int64_t off) {
    if (fits12(off)) {
        ins(e, "%s %s, %lld(%s)", op, xname[reg], (long long)off, xname[base]);
        return;
    }
    bool load = op[0] == 'l';
    if (load && reg != X_ZERO) {
        ins(e, "li %s, %lld", xname[reg], (long long)off);
        ins(e, "add %s, %s, %s", xname[reg], xname[reg], xname[base]);
        ins(e, "%s %s, 0(%s)", op, xname[reg], xname[reg]);
        return;
    }
    int addr = reg == X_T6 ? X_T5 : X_T6;
    if (addr == X_T5) ins(e, "sd t5, %d(s0)", SCRATCH_OFF);
    ins(e, "li %s, %lld", xname[addr], (long long)off);
    ins(e, "add %s, %s, %s", xname[addr], xname[addr], xname[base]);
    ins(e, "%s %s, 0(%s)", op, xname[reg], xname[addr]);
    if (addr == X_T5) ins(e, "ld t5, %d(s0)", SCRATCH_OFF);
}

static int64_t slot_off(const Em *e, int32_t s) { return e->slot_off0 - 4 * (int64_t)s; }
static int64_t save_off(const Em *e, int32_t s) { return e->save_off0 - 4 * (int64_t)s; }

/* The register holding operand o: its own, or scratch loaded (li, lw). */
static int src(Em *e, McOperand o, int scratch) {
    if (o.kind == MC_OPND_CONST) {
        if (o.v == 0) return X_ZERO;
        ins(e, "li %s, %d", xname[scratch], (int)o.v);
        return scratch;
    }
    McLocation l = e->a->loc[o.v];
    if (l.kind == MC_LOC_REG) return e->xreg[l.index];
    if (l.kind == MC_LOC_SLOT) {
        mem(e, "lw", scratch, X_S0, slot_off(e, l.index));
        return scratch;
    }
    mc_panic(__FILE__, __LINE__, "value %s has no location", mc_value_name(e->a->f, o.v));
}

/* Where to compute value v (MC_NONE: nowhere, t5): its register or t5. */
static int dst(Em *e, int32_t v) {
    if (v == MC_NONE) return X_T5;
    if (v == e->a0_value) return X_A0; /* the return value, computed where the return wants it */
    McLocation l = e->a->loc[v];
    return l.kind == MC_LOC_REG ? e->xreg[l.index] : X_T5;
}

/* v computed into x: stored when v is spilled. */
static void dst_done(Em *e, int32_t v, int x) {
    if (v == MC_NONE || v == e->a0_value) return;
    McLocation l = e->a->loc[v];
    if (l.kind == MC_LOC_SLOT) mem(e, "sw", x, X_S0, slot_off(e, l.index));
}

/* Put operand o into register x (mv, li, lw). */
static void move_into(Em *e, int x, McOperand o) {
    if (o.kind == MC_OPND_CONST) {
        ins(e, "li %s, %d", xname[x], (int)o.v);
        return;
    }
    int r = src(e, o, x);
    if (r != x) ins(e, "mv %s, %s", xname[x], xname[r]);
}

/* ---- parallel moves ------------------------------------------------------------- */

enum { MV_REG = MC_PM_REG, MV_CONST = MC_PM_IMM, MV_MEM = MC_PM_MEM };
/* A move of a parallel move, filled as the target sees it, converted to the
 * shared sequencer's McPmMove (asm_int.h) by parallel_move. */
typedef struct Mv {
    uint8_t dkind;       /* MV_REG or MV_MEM */
    int dreg, dbase;     /* register, or base of the memory */
    int64_t doff;
    bool dwide;          /* sd (else sw) */
    uint8_t skind;       /* MV_REG, MV_CONST, MV_MEM */
    int sreg, sbase;
    int64_t sval;        /* constant or offset */
    bool swide;          /* ld (else lw) */
} Mv;

/* One move: a store (its value from a register, zero, li or a load into
 * t6), a register move, a constant or a load into a register. */
static void pm_emit(void *ctx, const McPmMove *m) {
    Em *e = ctx;
    if (m->dst.kind == MC_PM_MEM) {
        int r;
        if (m->src.kind == MC_PM_REG)
            r = m->src.reg;
        else if (m->src.kind == MC_PM_IMM) {
            r = m->src.off == 0 ? X_ZERO : X_T6;
            if (r == X_T6) ins(e, "li t6, %lld", (long long)m->src.off);
        } else {
            r = X_T6;
            mem(e, m->src.wide ? "ld" : "lw", X_T6, m->src.reg, m->src.off);
        }
        mem(e, m->dst.wide ? "sd" : "sw", r, m->dst.reg, m->dst.off);
    } else if (m->src.kind == MC_PM_REG) {
        ins(e, "mv %s, %s", xname[m->dst.reg], xname[m->src.reg]);
    } else if (m->src.kind == MC_PM_IMM) {
        ins(e, "li %s, %lld", xname[m->dst.reg], (long long)m->src.off);
    } else {
        mem(e, m->src.wide ? "ld" : "lw", m->dst.reg, m->src.reg, m->src.off);
    }
}

/* The moves as one parallel assignment (mc_asm_parallel_move; no two write
 * the same place, no memory destination is a memory source): stores first,
 * then the register-to-register moves (a cycle broken through t5), then
 * constants and loads into registers. */
static void parallel_move(Em *e, Mv *mv, int n) {
    McPmMove *pm = mc_xcalloc((size_t)(n ? n : 1), sizeof *pm);
    for (int k = 0; k < n; k++) {
        const Mv *m = &mv[k];
        pm[k].dst = m->dkind == MV_MEM ? (McPmLoc){MC_PM_MEM, m->dwide, m->dbase, m->doff}
                                       : (McPmLoc){MC_PM_REG, true, m->dreg, 0};
        pm[k].src = m->skind == MV_REG   ? (McPmLoc){MC_PM_REG, true, m->sreg, 0}
                    : m->skind == MV_MEM ? (McPmLoc){MC_PM_MEM, m->swide, m->sbase, m->sval}
                                         : (McPmLoc){MC_PM_IMM, false, 0, m->sval};
    }
    McPmTarget t = {MC_PM_REGS_FIRST, X_T5, pm_emit, e};
    mc_asm_parallel_move(&t, pm, n);
    free(pm);
}

/* ---- the frame ------------------------------------------------------------------ */

static int64_t align_up(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

static void layout(Em *e) {
    const McAllocation *a = e->a;
    const McFunc *f = a->f;
    int64_t cur = MC_RV64_FRAME_FIXED;
    e->callee_off = mc_xcalloc((size_t)(a->ncallee_saves + 1), sizeof *e->callee_off);
    for (int32_t k = 0; k < a->ncallee_saves; k++) {
        cur += 8;
        e->callee_off[k] = -cur;
    }
    e->slot_off0 = -(cur + 4);
    cur += 4 * (int64_t)a->slots;
    e->save_off0 = -(cur + 4);
    cur += 4 * (int64_t)a->save_slots;
    cur = align_up(cur, 8);
    e->desc_off = mc_xcalloc((size_t)(f->nvalues + 1), sizeof *e->desc_off);
    e->store_off = mc_xcalloc((size_t)(f->nvalues + 1), sizeof *e->store_off);
    e->buf_len = mc_xcalloc((size_t)(f->nvalues + 1), sizeof *e->buf_len);
    for (int32_t v = 0; v < f->nvalues; v++)
        if (f->values[v].kind == MC_VAL_BUF) {
            cur += 16;
            e->desc_off[v] = -cur;
        }
    int outgoing = 0;
    e->calls = false;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op == MC_OP_BUFFER && in->dest != MC_NONE && e->store_off[in->dest] == 0) {
                cur = align_up(cur + 4 * (int64_t)in->a[0].v, 8);
                e->store_off[in->dest] = -cur;
                e->buf_len[in->dest] = in->a[0].v;
            } else if (in->op == MC_OP_CALL) {
                e->calls = true;
                const McCall *c = mc_inst_call(f, in);
                int32_t fn = c ? mc_program_find(e->p, c->callee) : -1;
                if (fn >= 0) {
                    int np = mc_asm_positions(e->p->alloc[fn]->f);
                    if (np - 8 > outgoing) outgoing = np - 8;
                }
            }
        }
    e->frame = align_up(cur + 8 * (int64_t)outgoing, 16);
    e->uses = mc_asm_count_uses(f);
    /* a compare fuses with the branch right after it when the branch is its
     * only use and its location is dead after the branch */
    e->fuse = mc_asm_fusable_blocks(a, e->uses);
    /* peephole: a block that ends `x = OP ...; return x` computes x in a0 */
    e->ret_a0 = mc_asm_returns_computed(f);
}

static void layout_free(Em *e) {
    free(e->callee_off);
    free(e->desc_off);
    free(e->store_off);
    free(e->buf_len);
    free(e->uses);
    free(e->fuse);
    free(e->ret_a0);
    e->callee_off = NULL, e->desc_off = NULL, e->store_off = NULL, e->buf_len = NULL, e->uses = NULL, e->fuse = NULL;
    e->ret_a0 = NULL;
}

/* ---- patterns: selection from rv64's table, text from its templates ---------------- */

static uint8_t am_of(const Em *e, McOperand o) {
    if (o.kind == MC_OPND_CONST) return MC_AM_CONST;
    if (o.kind != MC_OPND_VALUE) return MC_AM_NONE;
    McLocation l = e->a->loc[o.v];
    return l.kind == MC_LOC_REG ? MC_AM_REG : l.kind == MC_LOC_SLOT ? MC_AM_SLOT : MC_AM_NONE;
}

static uint8_t am_dest(const Em *e, int32_t v) {
    if (v == MC_NONE) return MC_AM_NONE;
    if (v == e->a0_value) return MC_AM_RESULT;
    McLocation l = e->a->loc[v];
    return l.kind == MC_LOC_REG ? MC_AM_REG : l.kind == MC_LOC_SLOT ? MC_AM_SLOT : MC_AM_NONE;
}

/* A match for the current function's tile of kind what, opcode op. */
static McAsmMatch match_of(const Em *e, int what, int op) {
    McAsmMatch m;
    memset(&m, 0, sizeof m);
    m.what = (uint8_t)what;
    m.op = op;
    m.calls = e->calls;
    m.far = !fits12(e->frame);
    return m;
}

/* The current tile's operands: none fetched yet. */
static void cur_reset(Em *e) {
    memset(&e->cur, 0, sizeof e->cur);
    e->cur.dest = MC_NONE;
    e->cur.ra = e->cur.rb = e->cur.ri = e->cur.rv = e->cur.rx = -1;
}

static const char *block_label(const Em *e, int32_t b, char *buf, size_t size) {
    snprintf(buf, size, ".Lf%d_b%d", (int)e->fn, (int)b);
    return buf;
}

/* The stub of a bounds check, out of line: the index into t5 (the length is in t6). */
static void bounds_stub(Em *e, int ri) {
    char c[300];
    snprintf(c, sizeof c, "%s%s", e->o->comments && e->cmt[0] ? "  # " : "", e->o->comments ? e->cmt : "");
    mc_str_printf(&e->stubs, ".Lf%d_bounds%d:\n", (int)e->fn, (int)e->nstub);
    if (ri != X_T5) mc_str_printf(&e->stubs, "    mv t5, %s%s\n", xname[ri], c);
    mc_str_printf(&e->stubs, "    tail minicc_trap_bounds%s\n", c);
}

static void copy_out(char *buf, size_t size, const char *s) {
    size_t n = strlen(s);
    if (n >= size) n = size - 1;
    memcpy(buf, s, n);
    buf[n] = 0;
}

/* A placeholder of a template (patterns.c's rv64 list): its text; an
 * operand is fetched (li or lw into its scratch) the first time. */
static bool rv_operand(void *ctx, const char *n, char *buf, size_t size) {
    Em *e = ctx;
#define IS(s) (strcmp(n, s) == 0)
#define OUT(...) snprintf(buf, size, __VA_ARGS__)
    if (IS("x")) {
        if (e->cur.rx < 0) e->cur.rx = dst(e, e->cur.dest);
        copy_out(buf, size, xname[e->cur.rx]);
    } else if (IS("a")) {
        if (e->cur.ra < 0) e->cur.ra = src(e, e->cur.a, X_T5);
        copy_out(buf, size, xname[e->cur.ra]);
    } else if (IS("b")) {
        if (e->cur.rb < 0) e->cur.rb = src(e, e->cur.b, X_T6);
        copy_out(buf, size, xname[e->cur.rb]);
    } else if (IS("i")) {
        if (e->cur.ri < 0) e->cur.ri = src(e, e->cur.i, X_T5);
        copy_out(buf, size, xname[e->cur.ri]);
    } else if (IS("v")) {
        if (e->cur.rv < 0) e->cur.rv = src(e, e->cur.v, X_T6);
        copy_out(buf, size, xname[e->cur.rv]);
    } else if (IS("imm"))
        OUT("%lld", (long long)e->cur.imm);
    else if (IS("-imm"))
        OUT("%lld", -(long long)e->cur.imm);
    else if (IS("imm5"))
        OUT("%lld", (long long)(e->cur.imm & 31));
    else if (IS("aslot"))
        OUT("%lld(s0)", (long long)slot_off(e, e->a->loc[e->cur.a.v].index));
    else if (IS("xloc")) {
        char lb[32];
        copy_out(buf, size, mc_target_location_str(MC_TARGET_RV64, e->a->loc[e->cur.dest], lb, sizeof lb));
    } else if (IS("len"))
        OUT("%lld(s0)", (long long)(e->desc_off[e->cur.buf] + 8));
    else if (IS("base") || IS("desc"))
        OUT("%lld(s0)", (long long)e->desc_off[e->cur.buf]);
    else if (IS("desclen"))
        OUT("%lld(s0)", (long long)(e->desc_off[e->cur.buf] + 8));
    else if (IS("stub")) {
        if (e->cur.ri < 0) e->cur.ri = src(e, e->cur.i, X_T5);
        bounds_stub(e, e->cur.ri);
        OUT(".Lf%d_bounds%d", (int)e->fn, (int)e->nstub++);
    } else if (IS("elem"))
        OUT("%lld(s0)", (long long)e->cur.elem);
    else if (IS("store"))
        OUT("%lld", (long long)e->store_off[e->cur.buf]);
    else if (IS("n"))
        OUT("%d", (int)e->buf_len[e->cur.buf]);
    else if (IS("divtrap"))
        OUT(".Lf%d_div", (int)e->fn);
    else if (IS("callee"))
        OUT("minicc_f%d", (int)e->cur.callee);
    else if (IS("T"))
        block_label(e, e->cur.T, buf, size);
    else if (IS("F"))
        block_label(e, e->cur.F, buf, size);
    else if (IS("to"))
        block_label(e, e->cur.to, buf, size);
    else if (IS("ret"))
        OUT(".Lf%d_ret", (int)e->fn);
    else if (IS("ir"))
        copy_out(buf, size, e->cmt);
    else if (IS("frame"))
        OUT("%lld", (long long)e->frame);
    else if (IS("-frame"))
        OUT("%lld", -(long long)e->frame);
    else if (IS("fra"))
        OUT("%lld", (long long)e->frame - 8);
    else if (IS("fs0"))
        OUT("%lld", (long long)e->frame - 16);
    else if (IS("depth"))
        OUT(".Lf%d_depth", (int)e->fn);
    else if (IS("maxdepth"))
        OUT("%lld", (long long)mc_asm_max_depth(e->o));
    else
        return false;
    return true;
#undef IS
#undef OUT
}

/* One line of a template: a load or store at off(base) goes through mem
 * (an offset beyond 12 bits through a scratch register). */
static void rv_line(void *ctx, int kind, const char *text) {
    Em *e = ctx;
    switch (kind) {
    case MC_ASM_LINE_COMMENT:
        if (e->o->comments) mc_str_printf(&e->tile, "    # %s\n", text);
        return;
    case MC_ASM_LINE_LABEL: label(e, "%s", text); return;
    case MC_ASM_LINE_NOTE: snprintf(e->cmt, sizeof e->cmt, "%s", text); return;
    default: break;
    }
    /* lw, sw, ld, sd: `OP REG, OFF(BASE)` */
    if ((text[0] == 'l' || text[0] == 's') && (text[1] == 'w' || text[1] == 'd') && text[2] == ' ') {
        const char *comma = strchr(text + 3, ',');
        char *end;
        if (comma && comma[1] == ' ' && comma - (text + 3) < 8) {
            long long off = strtoll(comma + 2, &end, 10);
            size_t blen = end[0] == '(' ? strcspn(end + 1, ")") : 0;
            if (end != comma + 2 && blen > 0 && blen < 8 && end[1 + blen] == ')' && end[2 + blen] == 0) {
                char op[3] = {text[0], text[1], 0}, reg[8], base[8];
                memcpy(reg, text + 3, (size_t)(comma - (text + 3)));
                reg[comma - (text + 3)] = 0;
                memcpy(base, end + 1, blen);
                base[blen] = 0;
                mem(e, op, xnum(reg), xnum(base), off);
                return;
            }
        }
    }
    ins_text(e, text);
}

/* The first row of rv64's table that applies to m: its index, its text
 * written into the tile (the row's form expanded; *formp the form, when
 * not NULL). */
static int32_t munch_form(Em *e, const McAsmMatch *m, const McAsmForm **formp) {
    const McAsmForm *form;
    int32_t row = mc_asm_select(MC_TARGET_RV64, m, &form);
    if (row < 0)
        mc_panic(__FILE__, __LINE__, "rv64: no pattern for %s", m->op >= 0 && m->op < MC_OP_COUNT ? mc_op_info[m->op].name : "-");
    McAsmExpander x = {rv_operand, rv_line, e};
    mc_asm_expand(&x, mc_asm_rv64_table[row].fetch, form->tmpl);
    if (formp) *formp = form;
    return row;
}

static int32_t munch(Em *e, const McAsmMatch *m) { return munch_form(e, m, NULL); }

static bool row_is(int32_t row, const char *name) { return strcmp(mc_asm_rv64_table[row].name, name) == 0; }

/* ---- prologue and epilogue -------------------------------------------------------- */

static void prologue(Em *e) {
    const McAllocation *a = e->a;
    const McFunc *f = a->f;
    mc_asm_function_header(&e->out, e->fn, f, e->o->comments);
    tile_begin(e);
    /* sp moves first, then ra and s0 are stored above it: nothing is ever
     * written below sp (a signal handler or the kernel may use that memory) */
    /* the frame, then the depth check: the caller passes its depth budget in
     * t6 (the harness passes max_depth); one frame less, below 0 is past the
     * limit (the row's form sets the comments) */
    cur_reset(e);
    int32_t row = munch(e, &(McAsmMatch){.what = MC_TILE_PROLOGUE, .op = -1, .calls = e->calls, .far = !fits12(e->frame)});
    snprintf(e->cmt, sizeof e->cmt, "prologue: callee-saved register written here");
    for (int32_t k = 0; k < a->ncallee_saves; k++)
        mem(e, "sd", e->xreg[a->callee_saves[k]], X_S0, e->callee_off[k]);
    snprintf(e->cmt, sizeof e->cmt, "prologue: parameters from a0-a7 and the stack (one parallel move)");
    int np = mc_asm_positions(f);
    Mv *mv = mc_xcalloc((size_t)(2 * np + 1), sizeof *mv);
    int n = 0, pos = 0;
    for (int32_t k = 0; k < f->nparams; k++) {
        int32_t v = f->params[k];
        bool buf = f->values[v].kind == MC_VAL_BUF;
        for (int part = 0; part < (buf ? 2 : 1); part++, pos++) {
            Mv m;
            memset(&m, 0, sizeof m);
            if (pos < 8) {
                m.skind = MV_REG;
                m.sreg = X_A0 + pos;
            } else {
                m.skind = MV_MEM;
                m.sbase = X_S0;
                m.sval = 8 * (int64_t)(pos - 8);
                m.swide = true;
            }
            if (buf) {
                m.dkind = MV_MEM;
                m.dbase = X_S0;
                m.doff = e->desc_off[v] + 8 * part;
                m.dwide = true;
            } else {
                if (!a->param_bound[k]) continue;
                McLocation l = a->loc[v];
                if (l.kind == MC_LOC_REG) {
                    m.dkind = MV_REG;
                    m.dreg = e->xreg[l.index];
                } else if (l.kind == MC_LOC_SLOT) {
                    m.dkind = MV_MEM;
                    m.dbase = X_S0;
                    m.doff = slot_off(e, l.index);
                } else
                    continue;
            }
            mv[n++] = m;
        }
    }
    parallel_move(e, mv, n);
    free(mv);
    e->cmt[0] = 0;
    tile_end(e, MC_TILE_PROLOGUE, -1, -1, 0, row,
             "the frame (sp moved first, then ra and s0 stored above it; s0 = the entry sp), the depth check (the "
             "caller's budget in t6, one less, kept at s0 - 24 by a function that calls), the callee-saved "
             "registers the allocation writes, the parameters moved from a0-a7 and the stack to their locations");
}

/* The instructions of the return path: the callee-saved registers restored,
 * ra and s0 reloaded while they are still above sp, the frame popped, ret.
 * Returns how many. */
static int epilogue_body(Em *e, const McAsmMatch *m, int32_t *row) {
    const McAllocation *a = e->a;
    int32_t before = e->ninst;
    for (int32_t k = 0; k < a->ncallee_saves; k++)
        mem(e, "ld", e->xreg[a->callee_saves[k]], X_S0, e->callee_off[k]);
    *row = munch(e, m);
    return (int)(e->ninst - before);
}

static void epilogue(Em *e) {
    tile_begin(e);
    cur_reset(e);
    label(e, ".Lf%d_ret", (int)e->fn);
    snprintf(e->cmt, sizeof e->cmt, "epilogue");
    int32_t row;
    McAsmMatch m = match_of(e, MC_TILE_EPILOGUE, -1);
    epilogue_body(e, &m, &row);
    e->cmt[0] = 0;
    tile_end(e, MC_TILE_EPILOGUE, -1, -1, 0, row,
             "the shared return path: the callee-saved registers restored, ra and s0 reloaded from above sp, the "
             "frame popped (its depth goes with it)");
}

/* ---- tiles ---------------------------------------------------------------------- */

static void tile_alu(Em *e, int32_t b, int32_t i, const McInst *in) {
    McOperand x = in->a[0], y = in->a[1];
    int op = in->op;
    if ((mc_op_info[op].flags & MC_OPF_COMMUT) && x.kind == MC_OPND_CONST && y.kind == MC_OPND_VALUE) {
        McOperand t = x;
        x = y;
        y = t;
    }
    McAsmMatch m = match_of(e, MC_TILE_INST, op);
    m.x = am_dest(e, in->dest);
    m.k[0] = am_of(e, x), m.k[1] = am_of(e, y);
    m.c[0] = x.v, m.c[1] = y.v;
    cur_reset(e);
    e->cur.a = x, e->cur.b = y, e->cur.dest = in->dest, e->cur.imm = y.v;
    const McAsmForm *f;
    int32_t row = munch_form(e, &m, &f);
    const char *why;
    char whybuf[200];
    if (row_is(row, "alu reg, imm") || row_is(row, "cmp reg, imm")) {
        int64_t immv = op == MC_OP_SUB ? -y.v : y.v;
        snprintf(whybuf, sizeof whybuf, "the constant %lld fits the 12-bit immediate of %.*s", (long long)immv,
                 (int)strcspn(f->tmpl, " "), f->tmpl);
        why = whybuf;
        if (op == MC_OP_SHL || op == MC_OP_SHR) why = "a constant count: the immediate shift takes its low 5 bits";
    } else if (row_is(row, "div/rem + zero check"))
        why = "RISC-V does not trap on division: beqz to the division trap first; divw/remw already give "
              "INT_MIN / -1 = INT_MIN and INT_MIN % -1 = 0";
    else if (row_is(row, "div/rem by a constant"))
        why = "a non-zero constant divisor cannot trap: no check; li into t6";
    else
        why = y.kind == MC_OPND_CONST ? "the constant does not fit an immediate (or the instruction has none): li into t6"
                                      : "three-address *w instruction: the 32-bit result sign-extended";
    dst_done(e, in->dest, e->cur.rx >= 0 ? e->cur.rx : dst(e, in->dest));
    tile_end(e, MC_TILE_INST, b, i, 1, row, why);
}

/* A local buffer (its length known) at a constant index inside it: the
 * element's frame offset (negative), no check; 0 when the tile does not apply. */
static int64_t local_const(const Em *e, const McInst *in) {
    int32_t v = in->a[0].v;
    if (e->buf_len[v] <= 0 || in->a[1].kind != MC_OPND_CONST || in->a[1].v < 0 || in->a[1].v >= e->buf_len[v])
        return 0;
    return e->store_off[v] + 4 * (int64_t)in->a[1].v;
}

#define LOCAL_WHY "a local buffer's length is known and the constant index is inside it: no check, the element at " \
                  "a fixed frame offset"

/* A load or store: a local element at a constant index, else bounds-checked
 * (one unsigned compare: bgeu index, length; a stub out of line). */
static void tile_mem(Em *e, int32_t b, int32_t i, const McInst *in) {
    bool load = in->op == MC_OP_LOAD;
    McAsmMatch m = match_of(e, MC_TILE_INST, in->op);
    cur_reset(e);
    e->cur.elem = local_const(e, in);
    m.local = e->cur.elem < 0;
    e->cur.buf = in->a[0].v;
    e->cur.i = in->a[1];
    if (load) {
        m.x = am_dest(e, in->dest);
        e->cur.dest = in->dest;
    } else {
        e->cur.v = in->a[2];
        m.k[2] = am_of(e, in->a[2]);
    }
    m.k[1] = am_of(e, in->a[1]);
    m.c[1] = in->a[1].v;
    int32_t row = munch(e, &m);
    if (load) dst_done(e, in->dest, e->cur.rx >= 0 ? e->cur.rx : dst(e, in->dest));
    tile_end(e, MC_TILE_INST, b, i, 1, row,
             m.local ? LOCAL_WHY
             : load  ? "one unsigned compare bgeu index, length checks both ends; then slli + add + lw"
                     : "one unsigned compare bgeu index, length checks both ends; then slli + add + sw");
}

static void tile_copy(Em *e, int32_t b, int32_t i, const McInst *in) {
    McOperand s = in->a[0];
    McAsmMatch m = match_of(e, MC_TILE_INST, MC_OP_COPY);
    cur_reset(e);
    e->cur.a = s, e->cur.dest = in->dest, e->cur.imm = s.v;
    m.k[0] = am_of(e, s);
    m.c[0] = s.v;
    bool dead = in->dest == MC_NONE || e->a->loc[in->dest].kind == MC_LOC_NONE;
    m.x = dead ? MC_AM_NONE : am_dest(e, in->dest);
    if (!dead) {
        McLocation ld = e->a->loc[in->dest];
        m.same = s.kind == MC_OPND_VALUE && e->a->loc[s.v].kind == ld.kind && e->a->loc[s.v].index == ld.index;
    }
    int32_t row = munch(e, &m);
    const char *why;
    if (row_is(row, "copy (dead: nothing)"))
        why = "the destination has no location";
    else if (row_is(row, "copy (same location: nothing)"))
        why = "source and destination share a location: the copy emits nothing";
    else {
        dst_done(e, in->dest, e->cur.rx >= 0 ? e->cur.rx : dst(e, in->dest));
        why = s.kind == MC_OPND_CONST ? "a constant: li" : "mv between registers, lw/sw for a slot";
    }
    tile_end(e, MC_TILE_INST, b, i, 1, row, why);
}

static void tile_buffer(Em *e, int32_t b, int32_t i, const McInst *in) {
    McAsmMatch m = match_of(e, MC_TILE_INST, MC_OP_BUFFER);
    cur_reset(e);
    e->cur.buf = in->dest;
    m.far = !fits12(e->store_off[in->dest]);
    int32_t row = munch(e, &m);
    tile_end(e, MC_TILE_INST, b, i, 1, row,
             "the buffer's storage is in the frame: its descriptor (address, length) is set and the storage zeroed "
             "each time the instruction runs");
}

static void tile_call(Em *e, int32_t b, int32_t i, const McInst *in) {
    const McAllocation *a = e->a;
    const McCall *call = mc_inst_call(a->f, in);
    int32_t fn = call ? mc_program_find(e->p, call->callee) : -1;
    if (fn < 0) {
        if (!e->failed)
            mc_diag(e->d, (McLoc){0, 0}, "asm: call to %s: the program has no allocation of it",
                    call ? call->name : "?");
        e->failed = true;
        tile_end(e, MC_TILE_INST, b, i, 1, mc_asm_pattern_find(MC_TARGET_RV64, "call"), "the callee is missing");
        return;
    }
    /* the calls' saves are in block and instruction order, as the tiles: a cursor finds this one */
    const McCallSave *cs = mc_asm_callsave_at(a, &e->callcur, b, i);
    if (cs)
        for (int32_t k = 0; k < cs->n; k++)
            mem(e, "sw", e->xreg[a->loc[cs->value[k]].index], X_S0, save_off(e, cs->slot[k]));
    const McFunc *g = e->p->alloc[fn]->f;
    int np = mc_asm_positions(g);
    Mv *mv = mc_xcalloc((size_t)(np + 1), sizeof *mv);
    int n = 0, pos = 0;
    for (int32_t k = 0; k < call->nargs && k < g->nparams; k++) {
        McOperand o = call->args[k];
        bool buf = g->values[g->params[k]].kind == MC_VAL_BUF;
        for (int part = 0; part < (buf ? 2 : 1); part++, pos++) {
            Mv m;
            memset(&m, 0, sizeof m);
            if (pos < 8) {
                m.dkind = MV_REG;
                m.dreg = X_A0 + pos;
            } else {
                m.dkind = MV_MEM;
                m.dbase = X_SP;
                m.doff = 8 * (int64_t)(pos - 8);
                m.dwide = true;
            }
            if (buf) {
                m.skind = MV_MEM;
                m.sbase = X_S0;
                m.sval = e->desc_off[o.v] + 8 * part;
                m.swide = true;
            } else if (o.kind == MC_OPND_CONST) {
                m.skind = MV_CONST;
                m.sval = o.v;
            } else {
                McLocation l = a->loc[o.v];
                if (l.kind == MC_LOC_REG) {
                    m.skind = MV_REG;
                    m.sreg = e->xreg[l.index];
                } else {
                    m.skind = MV_MEM;
                    m.sbase = X_S0;
                    m.sval = slot_off(e, l.index);
                }
            }
            mv[n++] = m;
        }
    }
    parallel_move(e, mv, n);
    free(mv);
    /* this frame's depth budget into t6 for the callee's check, the call */
    McAsmMatch mt = match_of(e, MC_TILE_INST, MC_OP_CALL);
    mt.x = am_dest(e, in->dest);
    cur_reset(e);
    e->cur.callee = fn;
    int32_t row = munch(e, &mt);
    /* as the machine does it (machine_call.c): the restores first, then the
     * result into the destination (a value the allocation restores may share
     * the destination's register when a copy between them was deleted); the
     * result waits in t5 when a restore writes a0 */
    bool want = in->dest != MC_NONE && a->loc[in->dest].kind != MC_LOC_NONE;
    int res = X_A0;
    if (cs && want)
        for (int32_t k = 0; k < cs->n; k++)
            if (e->xreg[a->loc[cs->value[k]].index] == X_A0) res = X_T5;
    if (res == X_T5) ins(e, "mv t5, a0");
    if (cs)
        for (int32_t k = 0; k < cs->n; k++)
            mem(e, "lw", e->xreg[a->loc[cs->value[k]].index], X_S0, save_off(e, cs->slot[k]));
    if (want) {
        int d = dst(e, in->dest);
        if (a->loc[in->dest].kind == MC_LOC_REG || in->dest == e->a0_value) {
            if (d != res) ins(e, "mv %s, %s", xname[d], xname[res]);
        } else
            dst_done(e, in->dest, res);
    }
    char why[200];
    snprintf(why, sizeof why, "%d caller save(s) around the call, the arguments as one parallel move into a0-a7%s",
             cs ? (int)cs->n : 0, np > 8 ? " and the stack" : "");
    tile_end(e, MC_TILE_INST, b, i, 1, row, why);
}

static void tile_term(Em *e, int32_t b) {
    const McFunc *f = e->a->f;
    const McBlock *bl = &f->blocks[b];
    const McTerm *t = &bl->term;
    int32_t next = b + 1 < f->nblocks ? b + 1 : -1;
    set_cmt_inst(e, NULL, t);
    cur_reset(e);
    McAsmMatch m = match_of(e, MC_TILE_TERM, t->op);
    int32_t row;
    switch (t->op) {
    case MC_OP_JUMP:
        e->cur.T = t->target[0];
        m.next_t = t->target[0] == next;
        row = munch(e, &m);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, row,
                 m.next_t ? "the target is the next block in layout: nothing" : "j to the target");
        return;
    case MC_OP_RET: {
        m.x = e->ret_a0[b] ? MC_AM_RESULT : am_of(e, t->arg);
        m.k[0] = am_of(e, t->arg);
        m.last = next < 0;
        m.in_place = next >= 0 && e->a->ncallee_saves <= 2;
        if (!e->ret_a0[b]) move_into(e, X_A0, t->arg);
        if (m.in_place) {
            /* a short epilogue is repeated here rather than jumped to */
            int n = epilogue_body(e, &m, &row);
            char why[200];
            snprintf(why, sizeof why,
                     "%s, then the epilogue's %d instructions repeated here instead of a jump to it (at most 2 "
                     "callee-saved registers to restore)",
                     e->ret_a0[b] ? "the value already computed in a0 (peephole)" : "the value into a0", n);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, row, why);
            return;
        }
        row = munch(e, &m);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, row,
                 e->ret_a0[b] ? "the instruction before computed the value in a0 (peephole): no move; then the "
                                "shared epilogue (falls into it from the last block)"
                              : "the value into a0, then the shared epilogue (falls into it from the last block)");
        return;
    }
    case MC_OP_BRANCH: {
        e->cur.T = t->target[0], e->cur.F = t->target[1];
        m.next_t = t->target[0] == next;
        m.next_f = t->target[1] == next;
        /* maximal munch: a compare right before the branch whose only use is the branch */
        const McInst *last = bl->ninsts > 0 ? &bl->insts[bl->ninsts - 1] : NULL;
        if (last && e->fuse[b]) {
            McStr c2;
            mc_str_init(&c2);
            mc_inst_str(f, last, &c2);
            mc_str_puts(&c2, "; ");
            mc_term_str(f, t, &c2);
            int32_t line = last->line > 0 ? last->line : t->line;
            if (line > 0) mc_str_printf(&c2, "  (C line %d)", (int)line);
            snprintf(e->cmt, sizeof e->cmt, "%s", c2.s);
            mc_str_free(&c2);
            m.op = last->op;
            m.fused = true;
            m.k[0] = am_of(e, last->a[0]), m.k[1] = am_of(e, last->a[1]);
            m.c[0] = last->a[0].v, m.c[1] = last->a[1].v;
            e->cur.a = last->a[0], e->cur.b = last->a[1];
            row = munch(e, &m);
            tile_end(e, MC_TILE_TERM, b, bl->ninsts - 1, 2, row,
                     "the compare's only use is this branch (dead after it): one conditional branch, no 0/1 value");
            return;
        }
        m.k[0] = am_of(e, t->arg);
        m.c[0] = t->arg.v;
        e->cur.a = t->arg;
        e->cur.to = t->arg.v != 0 ? t->target[0] : t->target[1];
        row = munch(e, &m);
        tile_end(e, MC_TILE_TERM, b, bl->ninsts, 1, row,
                 m.k[0] == MC_AM_CONST ? "the condition is known: a jump"
                                       : "a plain condition: bnez to the non-zero target (beqz when it is next)");
        return;
    }
    default: mc_panic(__FILE__, __LINE__, "bad terminator %d", t->op);
    }
}

static void emit_function(Em *e, int32_t fn) {
    e->fn = fn;
    e->a = e->p->alloc[fn];
    const McFunc *f = e->a->f;
    layout(e);
    if (e->frame > e->max_frame) e->max_frame = e->frame;
    e->stubs.len = 0;
    if (e->stubs.s) e->stubs.s[0] = 0;
    e->nstub = 0;
    e->callcur = 0;
    prologue(e);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        mc_str_printf(&e->out, ".Lf%d_b%d:", (int)fn, (int)b);
        if (e->o->comments) mc_str_printf(&e->out, "                              # %s", bl->name);
        mc_str_putc(&e->out, '\n');
        int32_t n = bl->ninsts;
        /* the fused compare is covered by the terminator's tile */
        if (e->fuse[b]) n--;
        for (int32_t i = 0; i < n; i++) {
            const McInst *in = &bl->insts[i];
            tile_begin(e);
            set_cmt_inst(e, in, NULL);
            e->a0_value = e->ret_a0[b] && i == bl->ninsts - 1 ? in->dest : MC_NONE;
            switch (in->op) {
            case MC_OP_LOAD:
            case MC_OP_STORE: tile_mem(e, b, i, in); break;
            case MC_OP_COPY: tile_copy(e, b, i, in); break;
            case MC_OP_BUFFER: tile_buffer(e, b, i, in); break;
            case MC_OP_CALL: tile_call(e, b, i, in); break;
            default: tile_alu(e, b, i, in); break;
            }
            e->a0_value = MC_NONE;
        }
        tile_begin(e);
        tile_term(e, b);
    }
    epilogue(e);
    mc_str_printf(&e->out, ".Lf%d_div:\n    tail minicc_trap_div\n.Lf%d_depth:\n    tail minicc_trap_depth\n",
                  (int)fn, (int)fn);
    if (e->stubs.len) mc_str_puts(&e->out, e->stubs.s);
    mc_str_printf(&e->out, "    .size minicc_f%d, .-minicc_f%d\n", (int)fn, (int)fn);
    layout_free(e);
}

/* ---- the harness ---------------------------------------------------------------- */

static void harness(Em *e, const McArgs *args) {
    const McFunc *f = e->p->alloc[0]->f;
    int64_t max_depth = mc_asm_max_depth(e->o);
    /* the stack: max_depth frames of the biggest frame, and room for the harness */
    int64_t stack = align_up(max_depth * (e->max_frame + 16) + (1 << 20), 4096);
    if (stack > ((int64_t)1 << 40)) stack = (int64_t)1 << 40;
    McStr *o = &e->out;
    int np = mc_asm_positions(f);
    int64_t out_area = align_up(8 * (int64_t)(np > 8 ? np - 8 : 0), 16);
    mc_str_puts(o, "\n# the harness: its own stack, the arguments, the call, the record\n"
                   "    .text\n    .globl _start\n_start:\n");
    mc_str_printf(o, "    li a0, 0\n    li a1, %lld                  # a stack for %lld frames\n"
                     "    li a2, 3                     # PROT_READ | PROT_WRITE\n"
                     "    li a3, 0x4022                # MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE\n"
                     "    li a4, -1\n    li a5, 0\n    li a7, 222                   # mmap\n    ecall\n"
                     "    li t0, -4096\n    bgeu a0, t0, 1f              # failed: keep the kernel's stack\n"
                     "    li t1, %lld\n    add sp, a0, t1\n1:\n    andi sp, sp, -16\n",
                  (long long)stack, (long long)max_depth, (long long)stack);
    if (out_area) mc_str_printf(o, "    li t0, %lld\n    sub sp, sp, t0\n", (long long)out_area);
    int pos = 0;
    for (int32_t k = 0; k < f->nparams && k < args->n; k++) {
        bool buf = f->values[f->params[k]].kind == MC_VAL_BUF;
        for (int part = 0; part < (buf ? 2 : 1); part++, pos++) {
            if (buf && part == 0)
                mc_str_printf(o, "    lla t0, minicc_buf%d\n", (int)k);
            else if (buf)
                mc_str_printf(o, "    li t0, %d\n", (int)args->v[k].len);
            else
                mc_str_printf(o, "    lla t0, minicc_arg%d\n    lw t0, 0(t0)\n", (int)k);
            if (pos < 8)
                mc_str_printf(o, "    mv a%d, t0\n", pos);
            else
                mc_str_printf(o, "    sd t0, %d(sp)\n", 8 * (pos - 8));
        }
    }
    mc_str_printf(o, "    li t6, %lld                  # the depth budget: at most %lld frames\n", (long long)max_depth,
                  (long long)max_depth);
    mc_str_puts(o, "    call minicc_f0\n    lla t0, minicc_rec\n    sw a0, 8(t0)         # the result\n"
                   "    j minicc_finish\n\n");
    mc_str_puts(o, "# the traps: the record's kind (and a bounds trap's index t5 and length t6)\n"
                   "minicc_trap_bounds:\n    lla t0, minicc_rec\n    li t1, 1\n    sw t1, 4(t0)\n"
                   "    sw t5, 12(t0)\n    sw t6, 16(t0)\n    j minicc_finish\n"
                   "minicc_trap_div:\n    lla t0, minicc_rec\n    li t1, 2\n    sw t1, 4(t0)\n    j minicc_finish\n"
                   "minicc_trap_depth:\n    lla t0, minicc_rec\n    li t1, 3\n    sw t1, 4(t0)\n"
                   "    j minicc_finish\n\n");
    mc_str_printf(o, "# the record (%d bytes), then each buffer parameter's contents; exit_group(0)\n"
                     "minicc_finish:\n    lla a1, minicc_rec\n    li a2, %d\n    call minicc_write_all\n",
                  (int)sizeof(McAsmRecord), (int)sizeof(McAsmRecord));
    for (int32_t k = 0; k < f->nparams && k < args->n; k++)
        if (f->values[f->params[k]].kind == MC_VAL_BUF && args->v[k].len > 0)
            mc_str_printf(o, "    lla a1, minicc_buf%d\n    li a2, %lld\n    call minicc_write_all\n", (int)k,
                          (long long)args->v[k].len * 4);
    mc_str_puts(o, "    li a0, 0\n    li a7, 94                    # exit_group\n    ecall\n"
                   "# write(1, a1, a2) until all is written (short writes loop); exit 1 on an error\n"
                   "minicc_write_all:\n    blez a2, 2f\n    li a0, 1\n    li a7, 64                    # write\n"
                   "    ecall\n    blez a0, 3f\n    add a1, a1, a0\n    sub a2, a2, a0\n    j minicc_write_all\n"
                   "2:\n    ret\n3:\n    li a0, 1\n    li a7, 94\n    ecall\n");
    mc_str_printf(o, "\n    .data\n    .balign 8\nminicc_rec:\n    .word %d, 0, 0, 0, 0\n", (int)MC_ASM_MAGIC);
    for (int32_t k = 0; k < f->nparams && k < args->n; k++) {
        if (f->values[f->params[k]].kind != MC_VAL_BUF) {
            mc_str_printf(o, "minicc_arg%d:\n    .word %d\n", (int)k, (int)args->v[k].scalar);
            continue;
        }
        mc_str_printf(o, "    .balign 8\nminicc_buf%d:\n", (int)k);
        for (int32_t j = 0; j < args->v[k].len; j++)
            mc_str_printf(o, "%s%d%s", j % 16 == 0 ? "    .word " : ", ", (int)args->v[k].data[j],
                          j % 16 == 15 || j + 1 == args->v[k].len ? "\n" : "");
    }
}

char *mc_asm_emit_rv64(const McProgram *p, const McAsmOptions *o, const McArgs *args, McAsmListing *listing,
                       McDiags *d) {
    const McTargetDesc *td = mc_target_desc(MC_TARGET_RV64);
    if (!p || p->n < 1) {
        mc_diag(d, (McLoc){0, 0}, "asm: no program to emit");
        return NULL;
    }
    if (args && !mc_asm_check_args(p, args, "rv64", d)) return NULL;
    for (int32_t k = 0; k < p->n; k++) {
        const McAllocation *a = p->alloc[k];
        if (a->registers != td->nregs) {
            mc_diag(d, (McLoc){0, 0}, "asm: %s was allocated with K=%d, rv64 has %d registers", a->f->name,
                    (int)a->registers, (int)td->nregs);
            return NULL;
        }
    }
    Em e;
    memset(&e, 0, sizeof e);
    e.p = p;
    e.o = o;
    e.td = td;
    e.listing = listing;
    e.d = d;
    e.a0_value = MC_NONE;
    for (int32_t r = 0; r < td->nregs && r < 64; r++) e.xreg[r] = xnum(td->reg[r]);
    mc_str_init(&e.out);
    mc_str_init(&e.tile);
    mc_str_init(&e.stubs);
    if (o->comments)
        mc_str_printf(&e.out, "# minicc: rv64 (RV64IM, LP64), allocator %s, %d function%s\n",
                      mc_allocator_name(p->alloc[0]->allocator), (int)p->n, p->n == 1 ? "" : "s");
    mc_str_puts(&e.out, "    .option norelax\n    .text\n");
    for (int32_t fn = 0; fn < p->n; fn++) emit_function(&e, fn);
    if (args && !e.failed) harness(&e, args);
    mc_str_free(&e.tile);
    mc_str_free(&e.stubs);
    if (e.failed) {
        mc_str_free(&e.out);
        return NULL;
    }
    return mc_str_take(&e.out);
}
