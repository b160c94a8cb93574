/* machine_call_x64.c - the template compiler of the machine with frames
 * (machine_call.c) for x86-64, on the encoder and translation driver the
 * other two compilers share (jit/x64.c, jit/jit.c).
 *
 * It compiles only what it has proven: per allocation of the run,
 *   - no register a call clobbers (every caller-saved one) can be read
 *     before it is written: a forward dataflow over the allocated CFG of
 *     the registers that may hold a clobbered value (a call adds the
 *     caller-saved ones, its restores and its result take theirs out, every
 *     write takes its destination out; a read of one not out fails);
 *   - a function that is called writes a callee-saved register (the
 *     result's aside) only when its prologue saves it (its callee_saves),
 *     so its return restores it; callees keep theirs by the same proof;
 * and every call of the run has its callee's allocation, K <= 9. Then
 * the convention's two traps cannot fire, and the machine code does
 * neither check; otherwise mc_mcall_jit_run says no and the interpreter,
 * which checks, goes on (so the allocator's bug switches trap exactly as
 * before). The run's entry returns to C without the result move
 * (machine_call.c's do_return), which C takes back.
 *
 * The run's state, in host registers:
 *   rbx  the running frame          r13  left, the block-entry countdown
 *   r14  the JCtx (its counters)    rbp, rsi, rdi, r8-r12, r15: r0..r8
 *   eax, ecx, edx: scratch
 * Frames are one array of FSIZE bytes each (the largest function's):
 * [0] the return address (the code after the call, or the root's return
 * record), [8] the function (stored only when some function has a local
 * buffer), [16 + 16j] buffer j {p, len, local}, then the spill slots, the
 * save slots and the incoming arguments (int32 words), as machine_call.c's
 * frames. A local buffer (`buffer`) leaves for C, which makes or zeroes
 * it as machine_call.c does; a function with local buffers leaves for C
 * at its return to free them, and C frees those of the frames left at a
 * trap. A call compares rbx with the last frame that may call (the
 * memory or the depth limit, whichever first; past it C grows the array
 * or traps), evaluates the arguments into the callee's incoming words,
 * makes the caller's saves, loads the argument registers, copies the buffer
 * arguments, steps rbx, stores the return address, zeroes the callee's
 * spill slots (as push does), makes the prologue's saves, binds the
 * parameters and jumps to the callee's entry block. A return puts the
 * value in the result register (or the context's result slot), restores
 * the prologue's saves and jumps through [rbx]; the code after the call
 * steps rbx back, reads the result, restores the caller's saves and writes
 * the call's destination.
 *
 * Statistics: the code is cut into segments (a block's instructions up to
 * and including a call, or to its terminator; the code after a call); each
 * segment's entry increments one counter, and the totals are the counters
 * times each segment's static counts (instructions, copies, spill reads and
 * writes, and the convention's traffic of its call or return), corrected
 * for a trap inside a segment as the interpreter counts it. Steps go by a
 * countdown refilled by C at the budget and at every 4096th entry (the
 * interrupt poll), where C does what machine_call.c's enter does. */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/jit/jit.h"
#include "minicc/interrupt.h"
#include "minicc/util.h"
#include "machine_call_int.h"

#if MC_X64

enum { FRAME = RBX, LEFT = R13, CTX = R14 };
static const int host_reg[] = {RBP, RSI, RDI, R8, R9, R10, R11, R12, R15};
#define NHOST ((int32_t)(sizeof host_reg / sizeof host_reg[0]))

enum { J_BLOCK = 1, J_TRAP, J_CALL, J_RET, J_BUF, J_FREE }; /* why the code left */

/* The context: what C and the code share ([r14 + ...]). */
typedef struct JCtx {
    uint8_t *frame; /* rbx */
    uint8_t *limit; /* a call from a frame at or past it leaves for C */
    int64_t left;
    int32_t regs[NHOST];
    int32_t value, result_slot, index;
    int32_t ret_block; /* the global block of the last return of function 0 (the run's entry) */
    int64_t count[]; /* per segment: its entries */
} JCtx;

/* Counts of the statistics, static (per segment) or totals. */
typedef struct Cnt {
    int64_t insts, copies, reads, writes, calls, saves, restores, argm;
} Cnt;

static void cnt_add(Cnt *t, const Cnt *c, int64_t k) {
    t->insts += k * c->insts;
    t->copies += k * c->copies;
    t->reads += k * c->reads;
    t->writes += k * c->writes;
    t->calls += k * c->calls;
    t->saves += k * c->saves;
    t->restores += k * c->restores;
    t->argm += k * c->argm;
}

/* Records of the translation (jit.h's), in emission order per block:
 * CHECK (the countdown), SEG (a segment: after a call, the return's
 * landing; its counter; its instructions; the terminator unless a call
 * ends it), CALL (the call: C re-enters here after growing the frames),
 * then the SEG after it, and so on. One ROOTRET record last. */
enum { R_CHECK, R_SEG, R_CALL, R_RET, R_ROOTRET };
enum { E_TERM, E_CALL, E_BUF }; /* what ends a SEG record */
typedef struct JRec {
    int kind;
    int32_t fn, block;
    int32_t lo, hi; /* SEG: instructions lo..hi-1, then the terminator, the call at hi or the buffer at hi */
    int32_t seg;    /* SEG: its counter */
    int end;        /* SEG: E_* */
    bool count;     /* SEG: it starts its segment (after a buffer it goes on with one) */
} JRec;

typedef struct JFn {
    int32_t slot0, save0, inc0; /* word offsets in the frame: spill slots, save slots, incoming */
    int32_t bbase;              /* its first global block */
    int32_t *locals, nlocals;   /* its local buffers' numbers (made by `buffer`) */
} JFn;

typedef struct Comp {
    JitAsm j; /* first: the emitters get it back */
    Machine *m;
    JFn *jf;
    JRec *rec;
    int32_t nrec, nseg, nblocks, ninsts;
    int32_t *rec_check, *rec_seg0; /* per global block */
    int32_t *rec_ret;              /* per global block: its R_RET record, -1 */
    int32_t *rec_next;             /* per global instruction: a buffer's continuation record, -1 */
    int32_t *ibase;                /* per global block: its first global instruction */
    int32_t *rec_call;             /* per global instruction: its CALL record (calls only), -1 */
    int32_t *seg_of;               /* per global instruction: its segment */
    Cnt *segc;                     /* per segment: static counts */
    int32_t fsize;                 /* bytes of a frame */
    size_t lea_pos;                /* the pending `lea rax, [rip + resume]` of the last CALL */
    bool locals;                   /* some function has a local buffer: frames note their function */
} Comp;

enum { STUB_BLOCK, STUB_TRAP, STUB_CALL, STUB_BUF, STUB_FREE };

/* ---- the proofs ---------------------------------------------------------------- */

static uint32_t bit(int32_t r) { return 1u << r; }

/* Reads of operand o while mask holds the registers that may be clobbered:
 * false when one may be. An operand without a location is not proven. */
static bool read_ok(DOp o, uint32_t mask) {
    if (o.kind == O_NONE) return false;
    return o.kind != O_REG || !(mask & bit(o.x));
}

static uint32_t written(DOp d, uint32_t mask) { return d.kind == O_REG ? mask & ~bit(d.x) : mask; }

/* One block's transfer from `in`: the mask at its end, or false when a
 * read may see a clobbered register (or something has no template). */
static bool block_flow(const DFunc *df, int32_t b, uint32_t in, uint32_t caller, uint32_t *out) {
    const DBlock *bl = &df->blocks[b];
    const McAllocation *a = df->a;
    uint32_t s = in;
    for (int32_t i = 0; i < bl->ninsts; i++) {
        const DInst *d = &bl->insts[i];
        switch (d->kind) {
        case D_BUFFER: break; /* reads and writes no register */
        case D_CALL: {
            const DCall *dc = &df->calls[d->call];
            for (int32_t k = 0; k < dc->nargs; k++)
                if (dc->args[k].buf < 0 && !read_ok(dc->args[k].o, s)) return false;
            const McCallSave *cs = &a->callsaves[d->call];
            for (int32_t k = 0; k < cs->n; k++) {
                McLocation l = a->loc[cs->value[k]];
                if (l.kind != MC_LOC_REG || (s & bit(l.index))) return false;
            }
            s |= caller;
            for (int32_t k = 0; k < cs->n; k++) s &= ~bit(a->loc[cs->value[k]].index);
            s = written(d->d, s);
            break;
        }
        case D_STORE:
        case D_STORE_RR:
            if (!read_ok(d->a, s) || !read_ok(d->b, s)) return false;
            break;
        case D_LOAD:
        case D_LOAD_RR:
        case D_COPY:
        case D_COPY_RR:
            if (!read_ok(d->a, s)) return false;
            s = written(d->d, s);
            break;
        default:
            if (d->op < MC_OP_ADD || d->op > MC_OP_REM) return false;
            if (!read_ok(d->a, s) || !read_ok(d->b, s)) return false;
            s = written(d->d, s);
            break;
        }
    }
    if (bl->term != MC_OP_JUMP && !read_ok(bl->arg, s)) return false;
    *out = s;
    return true;
}

/* No clobbered register read before written in function fi. */
static bool prove_clobbers(const Machine *m, int32_t fi, uint32_t caller) {
    const DFunc *df = &m->fns[fi];
    const McFunc *f = df->a->f;
    if (f->nblocks == 0) return false;
    uint32_t *in = mc_xcalloc((size_t)f->nblocks, sizeof *in);
    bool *seen = mc_xcalloc((size_t)f->nblocks, sizeof *seen);
    int32_t *work = mc_xmalloc((size_t)f->nblocks * 2 * sizeof *work + sizeof *work);
    bool ok = true;
    int32_t nw = 0;
    seen[0] = true;
    work[nw++] = 0;
    bool *queued = mc_xcalloc((size_t)f->nblocks, sizeof *queued);
    queued[0] = true;
    while (ok && nw > 0) {
        int32_t b = work[--nw];
        queued[b] = false;
        uint32_t out = 0;
        if (!block_flow(df, b, in[b], caller, &out)) {
            ok = false;
            break;
        }
        const DBlock *bl = &df->blocks[b];
        int32_t nt = bl->term == MC_OP_RET ? 0 : bl->term == MC_OP_JUMP ? 1 : 2;
        for (int32_t t = 0; t < nt; t++) {
            int32_t s = bl->t[t];
            if (s < 0 || s >= f->nblocks) {
                ok = false;
                break;
            }
            if (seen[s] && (in[s] | out) == in[s]) continue;
            seen[s] = true;
            in[s] |= out;
            if (!queued[s]) {
                queued[s] = true;
                work[nw++] = s;
            }
        }
    }
    free(in);
    free(seen);
    free(work);
    free(queued);
    return ok;
}

/* Function fi, when called, returns with every callee-saved register (the
 * result's aside) as it found it: it writes only those its prologue saves. */
static bool prove_callee_saved(const Machine *m, int32_t fi) {
    const DFunc *df = &m->fns[fi];
    const McAllocation *a = df->a;
    const McFunc *f = a->f;
    uint32_t keep = 0, saved = 0, w = 0;
    for (int32_t j = 0; j < m->ncallee; j++) keep |= bit(m->callee_list[j]);
    for (int32_t k = 0; k < a->ncallee_saves; k++) saved |= bit(a->callee_saves[k]);
    for (int32_t k = 0; k < f->nparams; k++)
        if (df->param_dst[k].kind == O_REG) w |= bit(df->param_dst[k].x);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const DBlock *bl = &df->blocks[b];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const DInst *d = &bl->insts[i];
            if (d->d.kind == O_REG) w |= bit(d->d.x);
            if (d->kind != D_CALL) continue;
            const McCallSave *cs = &a->callsaves[d->call];
            for (int32_t k = 0; k < cs->n; k++) w |= bit(a->loc[cs->value[k]].index);
            const DCall *dc = &df->calls[d->call];
            const DFunc *cf = &m->fns[dc->fn];
            for (int32_t k = 0; k < dc->nargs; k++)
                if (cf->param_reg[k] >= 0) w |= bit(cf->param_reg[k]);
        }
    }
    return (w & keep & ~saved) == 0;
}

/* Everything the templates assume, then the two proofs. */
static bool provable(const Machine *m) {
    if (m->K > NHOST || m->K <= 0) return false;
    uint32_t caller = 0;
    for (int32_t j = 0; j < m->ncaller; j++) caller |= bit(m->caller_list[j]);
    bool *called = mc_xcalloc((size_t)m->p->n, sizeof *called);
    bool ok = true;
    for (int32_t fi = 0; fi < m->p->n && ok; fi++) {
        const DFunc *df = &m->fns[fi];
        const McAllocation *a = df->a;
        if (a->registers != m->K || a->f->nblocks == 0) ok = false;
        for (int32_t c = 0; c < a->ncallsaves && ok; c++) {
            const DCall *dc = &df->calls[c];
            if (dc->fn < 0) {
                ok = false;
                break;
            }
            const DFunc *cf = &m->fns[dc->fn];
            if (dc->nargs != cf->nparams) ok = false;
            for (int32_t k = 0; k < dc->nargs && ok; k++)
                if ((dc->args[k].buf >= 0) != (cf->param_buf[k] >= 0)) ok = false;
            const McCallSave *cs = &a->callsaves[c];
            for (int32_t k = 0; k < cs->n && ok; k++) /* a caller's save slot is apart from the prologue's */
                if (cs->slot[k] < 0 || cs->slot[k] >= a->save_slots - a->ncallee_saves) ok = false;
            called[dc->fn] = true;
        }
        for (int32_t k = 0; k < a->ncallee_saves && ok; k++)
            if (a->callee_saves[k] < 0 || a->callee_saves[k] >= m->K) ok = false;
        if (ok) ok = prove_clobbers(m, fi, caller);
    }
    for (int32_t fi = 0; fi < m->p->n && ok; fi++)
        if (called[fi]) ok = prove_callee_saved(m, fi);
    free(called);
    return ok;
}

/* ---- static counts ------------------------------------------------------------- */

static int64_t is_slot(DOp o) { return o.kind == O_SLOT; }

/* Instruction i of block b: its counts when it runs whole (a call: up to
 * the depth check: its argument reads and the caller's saves). */
static Cnt inst_cnt(const DFunc *df, int32_t b, int32_t i) {
    const DInst *d = &df->blocks[b].insts[i];
    Cnt c;
    memset(&c, 0, sizeof c);
    c.insts = 1;
    c.copies = d->copies;
    switch (d->kind) {
    case D_CALL: {
        const DCall *dc = &df->calls[d->call];
        for (int32_t k = 0; k < dc->nargs; k++)
            if (dc->args[k].buf < 0) c.reads += is_slot(dc->args[k].o);
        c.saves = df->a->callsaves[d->call].n;
        break;
    }
    case D_BUFFER: break;
    case D_STORE:
    case D_STORE_RR: c.reads = is_slot(d->a) + is_slot(d->b); break;
    case D_LOAD:
    case D_LOAD_RR:
    case D_COPY:
    case D_COPY_RR:
        c.reads = is_slot(d->a);
        c.writes = is_slot(d->d);
        break;
    default:
        c.reads = is_slot(d->a) + is_slot(d->b);
        c.writes = is_slot(d->d);
        break;
    }
    return c;
}

/* The rest of the call at instruction i once past the depth check. */
static Cnt call_post(const Machine *m, const DFunc *df, int32_t b, int32_t i) {
    const DInst *d = &df->blocks[b].insts[i];
    const DCall *dc = &df->calls[d->call];
    const DFunc *cf = &m->fns[dc->fn];
    Cnt c;
    memset(&c, 0, sizeof c);
    c.calls = 1;
    for (int32_t k = 0; k < dc->nargs; k++)
        if (cf->param_buf[k] < 0) {
            c.argm += arg_moves(dc->args[k].o, cf->param_reg[k]) + arg_moves(cf->param_dst[k], cf->param_reg[k]);
            c.writes += is_slot(cf->param_dst[k]);
        }
    c.saves = cf->a->ncallee_saves;
    return c;
}

/* The return to the call at instruction i: the result, the restores, the destination. */
static Cnt call_landing(const Machine *m, const DFunc *df, int32_t b, int32_t i) {
    const DInst *d = &df->blocks[b].insts[i];
    const DCall *dc = &df->calls[d->call];
    Cnt c;
    memset(&c, 0, sizeof c);
    c.argm = arg_moves(d->d, m->result_reg);
    c.restores = m->fns[dc->fn].a->ncallee_saves + df->a->callsaves[d->call].n;
    c.writes = is_slot(d->d);
    return c;
}

/* A terminator; a return's result move counts (a return to a caller: C
 * takes it back when the run's entry returns). */
static Cnt term_cnt(const Machine *m, const DBlock *bl) {
    Cnt c;
    memset(&c, 0, sizeof c);
    if (bl->term != MC_OP_JUMP) c.reads = is_slot(bl->arg);
    if (bl->term == MC_OP_RET) c.argm = arg_moves(bl->arg, m->result_reg);
    return c;
}

/* ---- the templates --------------------------------------------------------------- */

/* Operand o of a function laid out as jf: an immediate, a host register,
 * or a spill slot of the running frame ([rbx + 4 * (slot0 + slot)]). */
static X64Opnd opnd(const JFn *jf, DOp o) {
    if (o.kind == O_CONST) return x64_imm(o.x);
    if (o.kind == O_REG) return x64_reg(host_reg[o.x]);
    return x64_slot(jf->slot0 + o.x);
}

static void store_dest(Comp *c, const JFn *jf, DOp d, int reg) {
    if (d.kind == O_REG || d.kind == O_SLOT) x64_store(&c->j.x, opnd(jf, d), reg);
}

static int32_t buf_off(int32_t j) { return 16 + 16 * j; }

/* ecx = the index of a load or store, checked against the buffer's length
 * (a trap unless unsigned below it), rax = its p. */
static void checked_index(Comp *c, const JFn *jf, const DInst *d, int32_t gi) {
    X64 *x = &c->j.x;
    x64_load(x, RCX, opnd(jf, d->a));
    x64_op_m(x, 0, 0x3B, RCX, FRAME, buf_off(d->buf) + 8); /* cmp ecx, len */
    x64_jcc_to(x, CC_AE, jit_stub_label(&c->j, STUB_TRAP, gi));
    x64_op_m(x, 1, 0x8B, RAX, FRAME, buf_off(d->buf));
}

static void emit_inst(Comp *c, int32_t fn, const DInst *d, int32_t gi) {
    X64 *x = &c->j.x;
    const JFn *jf = &c->jf[fn];
    switch (d->kind) {
    case D_COPY:
    case D_COPY_RR:
        if (d->d.kind == O_REG && d->a.kind != O_SLOT) x64_load(x, host_reg[d->d.x], opnd(jf, d->a));
        else {
            x64_load(x, RAX, opnd(jf, d->a));
            store_dest(c, jf, d->d, RAX);
        }
        break;
    case D_LOAD:
    case D_LOAD_RR: {
        checked_index(c, jf, d, gi);
        int r = d->d.kind == O_REG ? host_reg[d->d.x] : RAX;
        x64_op_elem(x, 0x8B, r);
        if (d->d.kind != O_REG) store_dest(c, jf, d->d, RAX);
        break;
    }
    case D_STORE:
    case D_STORE_RR: {
        checked_index(c, jf, d, gi);
        int r = d->b.kind == O_REG ? host_reg[d->b.x] : RDX;
        if (d->b.kind != O_REG) x64_load(x, RDX, opnd(jf, d->b));
        x64_op_elem(x, 0x89, r);
        break;
    }
    default:
        if (d->op == MC_OP_DIV || d->op == MC_OP_REM) {
            x64_load(x, RAX, opnd(jf, d->a));
            x64_load(x, RCX, opnd(jf, d->b));
            x64_op_r(x, 0, 0x85, RCX, RCX); /* test ecx, ecx */
            x64_jcc_to(x, CC_E, jit_stub_label(&c->j, STUB_TRAP, gi));
            x64_alu_ri(x, 0, 7, RCX, -1);
            size_t special = x64_jcc_here(x, CC_E);
            x64_put1(x, 0x99);            /* cdq */
            x64_op_r(x, 0, 0xF7, 7, RCX); /* idiv ecx */
            if (d->op == MC_OP_REM) x64_op_r(x, 0, 0x8B, RAX, RDX);
            size_t joined = x64_jmp_here(x);
            x64_land(x, special);
            if (d->op == MC_OP_REM) x64_mov_ri(x, RAX, 0);
            else x64_op_r(x, 0, 0xF7, 3, RAX); /* neg eax */
            x64_land(x, joined);
        } else {
            x64_load(x, RAX, opnd(jf, d->a));
            x64_arith(x, d->op, opnd(jf, d->b)); /* McOp ADD..SHR is x64.h's X_ADD..X_SHR */
        }
        store_dest(c, jf, d->d, RAX);
        break;
    }
}

static void count_seg(Comp *c, int32_t seg) {
    x64_op_m(&c->j.x, 1, 0xFF, 0, CTX, (int32_t)offsetof(JCtx, count) + 8 * seg); /* inc qword */
}

/* The jump to block t of function fn (its countdown), unless it is next. */
static void jump_block(Comp *c, int32_t fn, int32_t t, int32_t k) {
    int32_t to = c->rec_check[c->jf[fn].bbase + t];
    if (to != k + 1) x64_jmp_to(&c->j.x, to);
}

static void emit_return(Comp *c, const JRec *r);

static void emit_term(Comp *c, int32_t k, const JRec *r) {
    X64 *x = &c->j.x;
    const Machine *m = c->m;
    const DFunc *df = &m->fns[r->fn];
    const JFn *jf = &c->jf[r->fn];
    const DBlock *bl = &df->blocks[r->block];
    if (bl->term == MC_OP_JUMP) {
        jump_block(c, r->fn, bl->t[0], k);
        return;
    }
    X64Opnd o = opnd(jf, bl->arg);
    if (bl->term == MC_OP_BRANCH) {
        if (o.kind == X64_IMM) {
            jump_block(c, r->fn, bl->t[o.v != 0 ? 0 : 1], k);
            return;
        }
        if (o.kind == X64_REG) x64_op_r(x, 0, 0x85, o.v, o.v);
        else x64_alu_mi(x, 7, FRAME, 4 * o.v, 0);
        x64_jcc_to(x, CC_NE, c->rec_check[jf->bbase + bl->t[0]]);
        jump_block(c, r->fn, bl->t[1], k);
        return;
    }
    if (jf->nlocals > 0) { /* C frees the local buffers first, then R_RET */
        x64_jmp_to(x, jit_stub_label(&c->j, STUB_FREE, jf->bbase + r->block));
        return;
    }
    emit_return(c, r);
}

/* A return: the value, the result register, the prologue's restores, [rbx]. */
static void emit_return(Comp *c, const JRec *r) {
    X64 *x = &c->j.x;
    const Machine *m = c->m;
    const DFunc *df = &m->fns[r->fn];
    const JFn *jf = &c->jf[r->fn];
    const DBlock *bl = &df->blocks[r->block];
    X64Opnd o = opnd(jf, bl->arg);
    const McAllocation *a = df->a;
    x64_load(x, RAX, o);
    if (m->result_reg >= 0) x64_load(x, host_reg[m->result_reg], x64_reg(RAX));
    else x64_op_m(x, 0, 0x89, RAX, CTX, (int32_t)offsetof(JCtx, result_slot));
    for (int32_t q = 0; q < a->ncallee_saves; q++)
        x64_op_m(x, 0, 0x8B, host_reg[a->callee_saves[q]], FRAME,
                 4 * (jf->save0 + a->save_slots - a->ncallee_saves + q));
    if (r->fn == 0) x64_mov_mi(x, CTX, (int32_t)offsetof(JCtx, ret_block), jf->bbase + r->block);
    x64_op_m(x, 0, 0xFF, 4, FRAME, 0); /* jmp [rbx] */
}

static void emit_call(Comp *c, const JRec *r) {
    X64 *x = &c->j.x;
    const Machine *m = c->m;
    const DFunc *df = &m->fns[r->fn];
    const JFn *jf = &c->jf[r->fn];
    const DInst *d = &df->blocks[r->block].insts[r->hi];
    const DCall *dc = &df->calls[d->call];
    const McAllocation *a = df->a;
    const McCallSave *cs = &a->callsaves[d->call];
    const DFunc *cf = &m->fns[dc->fn];
    const JFn *gf = &c->jf[dc->fn];
    const McAllocation *ca = cf->a;
    int32_t fs = c->fsize;
    int32_t gi = c->ibase[jf->bbase + r->block] + r->hi;
    x64_op_m(x, 1, 0x3B, FRAME, CTX, (int32_t)offsetof(JCtx, limit)); /* cmp rbx, limit */
    x64_jcc_to(x, CC_AE, jit_stub_label(&c->j, STUB_CALL, gi));
    for (int32_t q = 0; q < dc->nargs; q++) { /* the arguments' values: the callee's incoming words */
        if (dc->args[q].buf >= 0) continue;
        int32_t at = fs + 4 * (gf->inc0 + q);
        X64Opnd o = opnd(jf, dc->args[q].o);
        if (o.kind == X64_IMM) x64_mov_mi(x, FRAME, at, o.v);
        else if (o.kind == X64_REG) x64_op_m(x, 0, 0x89, o.v, FRAME, at);
        else {
            x64_load(x, RAX, o);
            x64_op_m(x, 0, 0x89, RAX, FRAME, at);
        }
    }
    for (int32_t q = 0; q < cs->n; q++) /* the caller's saves */
        x64_op_m(x, 0, 0x89, host_reg[a->loc[cs->value[q]].index], FRAME, 4 * (jf->save0 + cs->slot[q]));
    for (int32_t q = 0; q < dc->nargs; q++) { /* the argument registers; buffers by reference */
        if (cf->param_buf[q] >= 0) { /* p and len; not the caller's `local` */
            x64_op_m(x, 1, 0x8B, RAX, FRAME, buf_off(dc->args[q].buf));
            x64_op_m(x, 1, 0x89, RAX, FRAME, fs + buf_off(cf->param_buf[q]));
            x64_op_m(x, 0, 0x8B, RAX, FRAME, buf_off(dc->args[q].buf) + 8);
            x64_op_m(x, 0, 0x89, RAX, FRAME, fs + buf_off(cf->param_buf[q]) + 8);
        } else if (cf->param_reg[q] >= 0) {
            x64_op_m(x, 0, 0x8B, host_reg[cf->param_reg[q]], FRAME, fs + 4 * (gf->inc0 + q));
        }
    }
    if (c->locals) x64_mov_mi(x, FRAME, fs + 8, dc->fn); /* the frame's function, for freeing at the end */
    for (int32_t q = 0; q < gf->nlocals; q++) /* the callee's local buffers: none yet (push) */
        x64_mov_mi(x, FRAME, fs + buf_off(gf->locals[q]) + 12, 0);
    x64_alu_ri(x, 1, 0, FRAME, fs); /* add rbx, FSIZE */
    x64_rex(x, 1, RAX, 0, 0);       /* lea rax, [rip + the code after the call] */
    x64_put1(x, 0x8D);
    x64_put1(x, 0x05);
    x64_put4(x, 0);
    c->lea_pos = x->n - 4;
    x64_op_m(x, 1, 0x89, RAX, FRAME, 0);
    for (int32_t q = 0; q < cf->nslots; q++) x64_mov_mi(x, FRAME, 4 * (gf->slot0 + q), 0);
    for (int32_t q = 0; q < ca->ncallee_saves; q++) /* the prologue's saves */
        x64_op_m(x, 0, 0x89, host_reg[ca->callee_saves[q]], FRAME,
                 4 * (gf->save0 + ca->save_slots - ca->ncallee_saves + q));
    for (int32_t q = 0; q < cf->nparams; q++) { /* the parameters, from the incoming words */
        DOp pd = cf->param_dst[q];
        if (cf->param_buf[q] >= 0 || pd.kind == O_NONE) continue;
        if (pd.kind == O_REG) x64_op_m(x, 0, 0x8B, host_reg[pd.x], FRAME, 4 * (gf->inc0 + q));
        else {
            x64_op_m(x, 0, 0x8B, RAX, FRAME, 4 * (gf->inc0 + q));
            x64_store(x, opnd(gf, pd), RAX);
        }
    }
    x64_jmp_to(x, c->rec_check[gf->bbase]);
}

static bool emit_record(JitAsm *j, int32_t k) {
    Comp *c = (Comp *)j;
    X64 *x = &c->j.x;
    const JRec *r = &c->rec[k];
    const Machine *m = c->m;
    if (r->kind == R_ROOTRET) {
        x64_op_m(x, 0, 0x89, RAX, CTX, (int32_t)offsetof(JCtx, value));
        x64_mov_ri(x, RAX, J_RET);
        x64_mov_ri(x, RDX, 0);
        x64_jmp_back(x, c->j.exit_at);
        return true;
    }
    int32_t gb = c->jf[r->fn].bbase + r->block;
    if (r->kind == R_CHECK) {
        x64_alu_ri(x, 1, 5, LEFT, 1); /* sub r13, 1: borrows when it was 0 */
        x64_jcc_to(x, CC_B, jit_stub_label(&c->j, STUB_BLOCK, gb));
        return true;
    }
    if (r->kind == R_CALL) {
        emit_call(c, r);
        return true;
    }
    if (r->kind == R_RET) {
        emit_return(c, r);
        return true;
    }
    const DFunc *df = &m->fns[r->fn];
    const JFn *jf = &c->jf[r->fn];
    const DBlock *bl = &df->blocks[r->block];
    if (r->lo > 0 && bl->insts[r->lo - 1].kind == D_CALL) { /* the landing of the call before */
        x64_land(x, c->lea_pos);
        const DInst *d = &bl->insts[r->lo - 1];
        const McCallSave *cs = &df->a->callsaves[d->call];
        x64_alu_ri(x, 1, 5, FRAME, c->fsize);
        if (m->result_reg >= 0) x64_load(x, RAX, x64_reg(host_reg[m->result_reg]));
        else x64_op_m(x, 0, 0x8B, RAX, CTX, (int32_t)offsetof(JCtx, result_slot));
        for (int32_t q = 0; q < cs->n; q++)
            x64_op_m(x, 0, 0x8B, host_reg[df->a->loc[cs->value[q]].index], FRAME, 4 * (jf->save0 + cs->slot[q]));
        store_dest(c, jf, d->d, RAX);
    }
    if (r->count) count_seg(c, r->seg);
    for (int32_t i = r->lo; i < r->hi; i++) emit_inst(c, r->fn, &bl->insts[i], c->ibase[gb] + i);
    if (r->end == E_TERM) emit_term(c, k, r);
    else if (r->end == E_BUF) x64_jmp_to(x, jit_stub_label(&c->j, STUB_BUF, c->ibase[gb] + r->hi));
    return true;
}

static void emit_stub(JitAsm *j, int32_t st) {
    static const int why[] = {J_BLOCK, J_TRAP, J_CALL, J_BUF, J_FREE};
    jit_exit_stub(j, st, why[j->stub[st].kind]);
}

static void emit_entry_exit(Comp *c) {
    X64 *x = &c->j.x;
    c->j.entry_at = x64_entry(x);
    x64_op_r(x, 1, 0x8B, CTX, RDI); /* mov r14, rdi */
    x64_op_m(x, 1, 0x8B, FRAME, CTX, (int32_t)offsetof(JCtx, frame));
    x64_op_m(x, 1, 0x8B, LEFT, CTX, (int32_t)offsetof(JCtx, left));
    for (int32_t r = 0; r < c->m->K; r++)
        x64_op_m(x, 0, 0x8B, host_reg[r], CTX, (int32_t)offsetof(JCtx, regs) + 4 * r);
    x64_jmp_rax(x);
    c->j.exit_at = (uint32_t)x->n;
    for (int32_t r = 0; r < c->m->K; r++)
        x64_op_m(x, 0, 0x89, host_reg[r], CTX, (int32_t)offsetof(JCtx, regs) + 4 * r);
    x64_op_m(x, 1, 0x89, FRAME, CTX, (int32_t)offsetof(JCtx, frame));
    x64_op_m(x, 1, 0x89, LEFT, CTX, (int32_t)offsetof(JCtx, left));
    x64_op_m(x, 0, 0x89, RDX, CTX, (int32_t)offsetof(JCtx, index));
    x64_exit_begin(x);
    x64_exit_end(x);
}

/* ---- the records, the compile ------------------------------------------------------ */

static void add_rec(Comp *c, int32_t *cap, JRec r) {
    if (c->nrec == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        c->rec = mc_xrealloc(c->rec, (size_t)*cap * sizeof *c->rec);
    }
    c->rec[c->nrec++] = r;
}

static void comp_free(Comp *c) {
    for (int32_t fi = 0; c->jf && fi < c->m->p->n; fi++) free(c->jf[fi].locals);
    free(c->jf);
    free(c->rec_ret);
    free(c->rec_next);
    free(c->rec);
    free(c->rec_check);
    free(c->rec_seg0);
    free(c->ibase);
    free(c->rec_call);
    free(c->seg_of);
    free(c->segc);
}

/* The layout, the records and their static counts. */
static bool layout(Comp *c) {
    Machine *m = c->m;
    const McProgram *p = m->p;
    c->jf = mc_xcalloc((size_t)p->n, sizeof *c->jf);
    int64_t words = 4;
    for (int32_t fi = 0; fi < p->n; fi++) {
        const DFunc *df = &m->fns[fi];
        JFn *jf = &c->jf[fi];
        jf->slot0 = 4 + 4 * df->nbufs;
        jf->save0 = jf->slot0 + df->nslots;
        jf->inc0 = jf->save0 + df->nsaves;
        int64_t w = (int64_t)jf->inc0 + df->nparams;
        if (w > words) words = w;
        jf->bbase = c->nblocks;
        c->nblocks += df->a->f->nblocks;
        jf->locals = mc_xmalloc((size_t)(df->nbufs ? df->nbufs : 1) * sizeof *jf->locals);
        for (int32_t b = 0; b < df->a->f->nblocks; b++)
            for (int32_t i = 0; i < df->blocks[b].ninsts; i++) {
                const DInst *d = &df->blocks[b].insts[i];
                if (d->kind != D_BUFFER) continue;
                bool seen = false;
                for (int32_t q = 0; q < jf->nlocals; q++) seen |= jf->locals[q] == d->buf;
                if (!seen) jf->locals[jf->nlocals++] = d->buf;
            }
        c->locals |= jf->nlocals > 0;
    }
    if (words > (1 << 20)) return false;
    c->fsize = (int32_t)((words * 4 + 15) & ~(int64_t)15);
    c->rec_check = mc_xmalloc((size_t)c->nblocks * sizeof *c->rec_check);
    c->rec_seg0 = mc_xmalloc((size_t)c->nblocks * sizeof *c->rec_seg0);
    c->rec_ret = mc_xmalloc((size_t)c->nblocks * sizeof *c->rec_ret);
    c->ibase = mc_xmalloc((size_t)c->nblocks * sizeof *c->ibase);
    for (int32_t fi = 0; fi < p->n; fi++)
        for (int32_t b = 0; b < m->fns[fi].a->f->nblocks; b++) {
            c->ibase[c->jf[fi].bbase + b] = c->ninsts;
            c->ninsts += m->fns[fi].blocks[b].ninsts;
        }
    c->rec_call = mc_xmalloc((size_t)(c->ninsts ? c->ninsts : 1) * sizeof *c->rec_call);
    c->seg_of = mc_xmalloc((size_t)(c->ninsts ? c->ninsts : 1) * sizeof *c->seg_of);
    c->rec_next = mc_xmalloc((size_t)(c->ninsts ? c->ninsts : 1) * sizeof *c->rec_next);
    int32_t cap = 0, segcap = 0;
    for (int32_t fi = 0; fi < p->n; fi++) {
        const DFunc *df = &m->fns[fi];
        for (int32_t b = 0; b < df->a->f->nblocks; b++) {
            const DBlock *bl = &df->blocks[b];
            int32_t gb = c->jf[fi].bbase + b;
            c->rec_check[gb] = c->nrec;
            add_rec(c, &cap, (JRec){R_CHECK, fi, b, 0, 0, -1, E_TERM, false});
            c->rec_seg0[gb] = c->nrec;
            int32_t lo = 0;
            for (;;) {
                int32_t hi = lo;
                while (hi < bl->ninsts && bl->insts[hi].kind != D_CALL) hi++;
                if (c->nseg == segcap) {
                    segcap = segcap ? 2 * segcap : 64;
                    c->segc = mc_xrealloc(c->segc, (size_t)segcap * sizeof *c->segc);
                }
                Cnt s;
                memset(&s, 0, sizeof s);
                if (lo > 0) {
                    Cnt l = call_landing(m, df, b, lo - 1);
                    cnt_add(&s, &l, 1);
                }
                for (int32_t i = lo; i <= hi && i < bl->ninsts; i++) {
                    Cnt ic = inst_cnt(df, b, i);
                    cnt_add(&s, &ic, 1);
                    c->seg_of[c->ibase[gb] + i] = c->nseg;
                    c->rec_call[c->ibase[gb] + i] = -1;
                    c->rec_next[c->ibase[gb] + i] = -1;
                }
                if (hi < bl->ninsts) {
                    Cnt pc = call_post(m, df, b, hi);
                    cnt_add(&s, &pc, 1);
                } else {
                    Cnt tc = term_cnt(m, bl);
                    cnt_add(&s, &tc, 1);
                }
                c->segc[c->nseg] = s;
                /* the segment's records: cut after each local buffer (C makes it) */
                for (int32_t from = lo, first = 1;; first = 0) {
                    int32_t to = from;
                    while (to < hi && bl->insts[to].kind != D_BUFFER) to++;
                    int end = to < hi ? E_BUF : hi < bl->ninsts ? E_CALL : E_TERM;
                    add_rec(c, &cap, (JRec){R_SEG, fi, b, from, to, c->nseg, end, first != 0});
                    if (end != E_BUF) break;
                    c->rec_next[c->ibase[gb] + to] = c->nrec;
                    from = to + 1;
                }
                c->nseg++;
                c->rec_ret[gb] = -1;
                if (hi == bl->ninsts) {
                    if (bl->term == MC_OP_RET && c->jf[fi].nlocals > 0) {
                        c->rec_ret[gb] = c->nrec;
                        add_rec(c, &cap, (JRec){R_RET, fi, b, hi, hi, -1, E_TERM, false});
                    }
                    break;
                }
                c->rec_call[c->ibase[gb] + hi] = c->nrec;
                add_rec(c, &cap, (JRec){R_CALL, fi, b, hi, hi, -1, E_CALL, false});
                lo = hi + 1;
            }
        }
    }
    add_rec(c, &cap, (JRec){R_ROOTRET, 0, 0, 0, 0, -1, E_TERM, false});
    return c->nseg < (1 << 26);
}

/* ---- running ------------------------------------------------------------------------ */

typedef struct FBuf {
    int32_t *p;
    int32_t len;
    int32_t local; /* a local buffer the frame frees (its function's `buffer` made it) */
} FBuf;

static FBuf *fbuf(uint8_t *frame, int32_t j) { return (FBuf *)(void *)(frame + buf_off(j)); }

/* The local buffers of frame fr (function fn) freed, as machine_call.c's pop. */
static void free_locals(const Comp *c, uint8_t *fr, int32_t fn) {
    const JFn *jf = &c->jf[fn];
    for (int32_t q = 0; q < jf->nlocals; q++) {
        FBuf *b = fbuf(fr, jf->locals[q]);
        if (b->local) free(b->p);
        b->local = 0;
    }
}

/* The global instruction gi as (function, block, instruction). */
static void where(const Comp *c, int32_t gi, int32_t *fn, int32_t *b, int32_t *i) {
    int32_t gb = mc_jit_block_of(c->ibase, c->nblocks, gi);
    while (gb + 1 < c->nblocks && c->ibase[gb + 1] <= gi) gb++; /* empty blocks share a base */
    int32_t f = 0;
    while (f + 1 < c->m->p->n && c->jf[f + 1].bbase <= gb) f++;
    *fn = f;
    *b = gb - c->jf[f].bbase;
    *i = gi - c->ibase[gb];
}

/* Counts to take back from a trap at instruction i of block b (it ran,
 * as far as its trap; what follows in its segment did not). */
static Cnt after_trap(const Comp *c, int32_t fn, int32_t b, int32_t i, bool depth) {
    const Machine *m = c->m;
    const DFunc *df = &m->fns[fn];
    const DBlock *bl = &df->blocks[b];
    const DInst *d = &bl->insts[i];
    Cnt t;
    memset(&t, 0, sizeof t);
    if (depth) return call_post(m, df, b, i);
    if (d->kind == D_STORE || d->kind == D_STORE_RR) t.reads += is_slot(d->b); /* the value is not read */
    else t.writes += is_slot(d->d);                                            /* nothing is written */
    int32_t j = i + 1;
    for (; j < bl->ninsts; j++) {
        Cnt ic = inst_cnt(df, b, j);
        cnt_add(&t, &ic, 1);
        if (bl->insts[j].kind == D_CALL) break;
    }
    if (j < bl->ninsts) {
        Cnt pc = call_post(m, df, b, j);
        cnt_add(&t, &pc, 1);
    } else {
        Cnt tc = term_cnt(m, bl);
        cnt_add(&t, &tc, 1);
    }
    return t;
}

static void trap_msg(Machine *m, const char *msg) {
    m->out.kind = MC_TRAPPED;
    snprintf(m->out.trap, sizeof m->out.trap, "%s", msg);
}

bool mc_mcall_jit_run(Machine *m) {
    if (!provable(m)) return false;
    Comp c;
    memset(&c, 0, sizeof c);
    c.m = m;
    if (!layout(&c)) {
        comp_free(&c);
        return false;
    }
    int32_t ni = c.ninsts ? c.ninsts : 1;
    int32_t nkey[5] = {c.nblocks, ni, ni, ni, c.nblocks}; /* STUB_BLOCK, _TRAP, _CALL, _BUF, _FREE */
    jit_asm_init(&c.j, c.nrec, 5, nkey);
    emit_entry_exit(&c);
    X64Prog prog;
    bool ok = jit_translate(&c.j, emit_record, emit_stub, &prog);
    jit_asm_free(&c.j);
    if (!ok) {
        comp_free(&c);
        return false;
    }
    /* The frames: the interpreter's, moved over. */
    int32_t fs = c.fsize;
    int64_t cap = m->n + 64;
    uint8_t *base = mc_xcalloc((size_t)cap, (size_t)fs);
    for (int32_t dpt = 0; dpt < m->n; dpt++) {
        const Frame *fr = &m->stack[dpt];
        uint8_t *f = base + (size_t)dpt * (size_t)fs;
        const JFn *jf = &c.jf[fr->fn];
        const uint8_t *ret;
        if (dpt == 0) ret = prog.m.code + prog.at[c.nrec - 1];
        else {
            const Frame *caller = &m->stack[dpt - 1];
            const McCallSave *cs = &caller->df->a->callsaves[caller->call];
            int32_t gi = c.ibase[c.jf[caller->fn].bbase + cs->block] + cs->inst;
            ret = prog.m.code + prog.at[c.rec_call[gi] + 1];
        }
        memcpy(f, &ret, sizeof ret);
        memcpy(f + 8, &fr->fn, sizeof fr->fn);
        for (int32_t j = 0; j < fr->df->nbufs; j++) { /* a local buffer is the machine code's to free now */
            FBuf b = {fr->bufs[j].p, fr->bufs[j].len, fr->bufs[j].local};
            memcpy(f + buf_off(j), &b, sizeof b);
            fr->bufs[j].local = false;
        }
        memcpy(f + 4 * jf->slot0, fr->slots, (size_t)fr->df->nslots * sizeof(int32_t));
        memcpy(f + 4 * jf->save0, fr->saves, (size_t)fr->df->nsaves * sizeof(int32_t));
    }
    JCtx *x = mc_xcalloc(1, sizeof *x + (size_t)c.nseg * sizeof(int64_t));
    memcpy(x->regs, m->reg, (size_t)m->K * sizeof *m->reg);
    x->result_slot = m->result_slot;
    const Frame *top = &m->stack[m->n - 1];
    int32_t at = c.rec_seg0[c.jf[top->fn].bbase + top->block];
    x->frame = base + (size_t)(m->n - 1) * (size_t)fs;
    int64_t steps = m->steps;
    Cnt corr;
    memset(&corr, 0, sizeof corr);
    int why = 0;
    for (;;) {
        int64_t lim = (cap < m->max_depth ? cap : m->max_depth) - 1;
        x->limit = base + (size_t)lim * (size_t)fs;
        int64_t poll = (steps | 4095) + 1;
        int64_t check_at = m->max_steps < poll - 1 ? m->max_steps : poll - 1;
        x->left = check_at - steps;
        why = x64_prog_enter(&prog, x, at);
        if (why == J_BLOCK) { /* machine_call.c's enter */
            steps = check_at;
            if (steps >= m->max_steps) {
                trap_msg(m, "execution step limit exceeded");
                break;
            }
            steps++;
            if ((steps & 4095) == 0 && mc_interrupted(m->stop)) {
                m->out.kind = MC_INTERRUPTED;
                snprintf(m->out.trap, sizeof m->out.trap, "%s", MC_INTERRUPTED_MSG);
                break;
            }
            at = c.rec_seg0[x->index];
            continue;
        }
        steps = check_at - x->left;
        if (why == J_RET) { /* the entry returned: no result move (machine_call.c's do_return) */
            m->out.kind = MC_RETURNED;
            m->out.value = x->value;
            corr.argm = arg_moves(m->fns[0].blocks[x->ret_block].arg, m->result_reg);
            break;
        }
        if (why == J_FREE) { /* a return from a function with local buffers */
            int32_t f = 0;
            while (f + 1 < m->p->n && c.jf[f + 1].bbase <= x->index) f++;
            free_locals(&c, x->frame, f);
            at = c.rec_ret[x->index];
            continue;
        }
        int32_t fn, b, i;
        where(&c, x->index, &fn, &b, &i);
        const DInst *d = &m->fns[fn].blocks[b].insts[i];
        if (why == J_BUF) { /* machine_call.c's D_BUFFER: zeroed again, or made */
            const DInst *bd = &m->fns[fn].blocks[b].insts[i];
            FBuf *fb = fbuf(x->frame, bd->buf);
            if (fb->local && fb->len == bd->len) {
                memset(fb->p, 0, (size_t)bd->len * sizeof(int32_t));
            } else {
                if (fb->local) free(fb->p);
                fb->len = bd->len;
                fb->p = mc_xcalloc((size_t)bd->len, sizeof(int32_t));
                fb->local = 1;
            }
            at = c.rec_next[x->index];
            continue;
        }
        if (why == J_CALL) {
            int64_t n = (x->frame - base) / fs + 1;
            if (n + 1 > m->max_depth) {
                trap_msg(m, MC_DEPTH_TRAP_MSG);
                corr = after_trap(&c, fn, b, i, true);
                break;
            }
            int64_t ncap = 2 * cap;
            uint8_t *nb = mc_xrealloc(base, (size_t)ncap * (size_t)fs);
            x->frame = nb + (x->frame - base);
            base = nb;
            cap = ncap;
            at = c.rec_call[x->index];
            continue;
        }
        /* a trap at instruction d */
        corr = after_trap(&c, fn, b, i, false);
        if (d->op == MC_OP_DIV || d->op == MC_OP_REM) trap_msg(m, MC_DIV_ZERO_MSG);
        else {
            int32_t idx = d->a.kind == O_CONST  ? d->a.x
                          : d->a.kind == O_REG ? x->regs[d->a.x]
                                               : ((const int32_t *)x->frame)[c.jf[fn].slot0 + d->a.x];
            char msg[128];
            snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)idx, (long)fbuf(x->frame, d->buf)->len);
            trap_msg(m, msg);
        }
        break;
    }
    Cnt t;
    memset(&t, 0, sizeof t);
    for (int32_t s = 0; s < c.nseg; s++) cnt_add(&t, &c.segc[s], x->count[s]);
    cnt_add(&t, &corr, -1);
    m->st.instructions += t.insts;
    m->st.copies += t.copies;
    m->st.spill_reads += t.reads;
    m->st.spill_writes += t.writes;
    m->st.calls += t.calls;
    m->st.saves += t.saves;
    m->st.restores += t.restores;
    m->st.arg_moves += t.argm;
    m->steps = steps;
    m->done = true;
    /* the frames left (a trap, an interrupt: the root's were freed at its return) */
    if (why != J_RET && c.locals) {
        int64_t top_at = (x->frame - base) / fs;
        for (int64_t dpt = 0; dpt <= top_at; dpt++) {
            uint8_t *fr = base + (size_t)dpt * (size_t)fs;
            int32_t fn;
            memcpy(&fn, fr + 8, sizeof fn);
            free_locals(&c, fr, fn);
        }
    }
    free(x);
    free(base);
    x64_prog_unmap(&prog);
    comp_free(&c);
    return true;
}

#else /* no template compiler for this host: the interpreter goes on */

bool mc_mcall_jit_run(Machine *m) {
    (void)m;
    return false;
}

#endif
