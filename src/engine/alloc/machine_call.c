/* machine_call.c - the allocated machine for programs with calls (docs/ir.md
 * §3.3): frames, and a calling convention it enforces instead of trusting
 * the allocator.
 *
 * machine.c's pre-decoded records (and machine_x64.c, their template
 * compiler) run one function without calls; a function with calls or local
 * buffers runs here, an interpreter over records decoded once per run from
 * the allocations of every function the run reaches (McProgram; see "the
 * code, decoded once per run" below). One register file serves all
 * frames, as on a real machine; each frame has its spill slots, its save
 * slots (callconv.c) and its incoming slots. At a call:
 *   1. the arguments are read from the caller's locations;
 *   2. the caller saves: each value its allocation saves around this call
 *      is copied from its register to a save slot (a save);
 *   3. the arguments go to the convention's argument registers, the rest
 *      to the callee's incoming slots (argument moves);
 *   4. the callee's frame: the callee-saved registers' values are noted,
 *      its prologue saves the callee-saved registers it writes (saves),
 *      its parameters are bound from the argument registers and incoming
 *      slots (a parallel assignment), and its entry block is entered;
 *   5. at its return: the value goes to the result register (or the
 *      result slot), the prologue's saves are restored (restores), and every
 *      callee-saved register must hold the value it had on entry, else the
 *      trap `f returned with callee-saved r2 changed (was 3, now 7)`;
 *   6. back in the caller, the call reads the result; then every
 *      caller-saved register (the result's too) is clobbered: reading it
 *      before writing it traps `r1 read after the call to f at 12:5
 *      clobbered it (caller-saved under split)`; the caller's saves are
 *      restored (restores), then the result is written to the call's
 *      destination.
 * The function run first is entered from outside: it is bound as machine.c
 * binds (no saves) and not checked on return. Statistics are machine.c's
 * (instructions, copies, spill reads and writes: slot operands, the call's
 * arguments and result included) plus the convention's traffic apart:
 * calls, saves, restores, argument moves.
 *
 * A long run tiers up (enter's slow path, mc_machine_run_program_jit): at a
 * block entry the state goes over to machine_call_x64.c's machine code when
 * every allocation of the run is proven to keep the convention; otherwise
 * (and with $MINICC_JIT=0) this interpreter goes on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "engine/jit/jit.h"
#include "minicc/util.h"
#include "machine_call_int.h"

int32_t mc_program_find(const McProgram *p, const McFunc *f) {
    for (int32_t i = 0; i < p->n; i++)
        if (p->func[i] == f) return i;
    return -1;
}

void mc_program_add(McProgram *p, const McFunc *f, McAllocation *a) {
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 8;
        p->alloc = mc_xrealloc(p->alloc, (size_t)p->cap * sizeof *p->alloc);
        p->func = mc_xrealloc(p->func, (size_t)p->cap * sizeof *p->func);
    }
    p->alloc[p->n] = a;
    p->func[p->n++] = f;
}

void mc_program_free(McProgram *p) {
    for (int32_t i = 0; i < p->n; i++) mc_allocation_free(p->alloc[i]);
    free(p->alloc);
    free(p->func);
    memset(p, 0, sizeof *p);
}

/* ---- the code, decoded once per run ------------------------------------------
 * Every allocation the run may reach is decoded before it starts: operands
 * to (register | slot | constant), a call to its callee's index and its
 * saves, a function's frame to one size. Frames are kept on a stack whose
 * storage is reused (a call allocates nothing once the stack is as deep as
 * it gets). Every read, write, trap and statistic is the plain
 * interpreter's, in the same order. */

/* The decoded records, frames and machine: machine_call_int.h. */

static DOp dop(const McAllocation *a, McOperand o) {
    if (o.kind == MC_OPND_CONST) return (DOp){O_CONST, o.v};
    if (o.kind != MC_OPND_VALUE || o.v < 0 || o.v >= a->f->nvalues) return (DOp){O_NONE, -1};
    McLocation l = a->loc[o.v];
    if (l.kind == MC_LOC_REG) return (DOp){O_REG, l.index};
    if (l.kind == MC_LOC_SLOT) return (DOp){O_SLOT, l.index};
    return (DOp){O_NONE, o.v};
}

static DOp dloc(const McAllocation *a, int32_t v) {
    if (v == MC_NONE) return (DOp){O_NONE, -1};
    McOperand o;
    memset(&o, 0, sizeof o);
    o.kind = MC_OPND_VALUE;
    o.v = v;
    return dop(a, o);
}

static void decode(Machine *m, int32_t fi) {
    const McAllocation *a = m->p->alloc[fi];
    const McFunc *f = a->f;
    DFunc *df = &m->fns[fi];
    df->a = a;
    int32_t *bufno = mc_xmalloc((size_t)(f->nvalues ? f->nvalues : 1) * sizeof *bufno);
    for (int32_t v = 0; v < f->nvalues; v++) bufno[v] = f->values[v].kind == MC_VAL_BUF ? df->nbufs++ : -1;
    df->nslots = a->slots;
    df->nsaves = a->save_slots;
    df->nparams = f->nparams;
    df->words = a->slots + a->save_slots + f->nparams + m->K;
    df->param_buf = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *df->param_buf);
    df->param_reg = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *df->param_reg);
    df->param_dst = mc_xmalloc((size_t)(f->nparams ? f->nparams : 1) * sizeof *df->param_dst);
    for (int32_t k = 0, ni = 0; k < f->nparams; k++) {
        int32_t pv = f->params[k];
        df->param_buf[k] = bufno[pv];
        df->param_reg[k] = bufno[pv] >= 0 ? -1 : mc_conv_arg_reg(m->conv, m->K, ni++);
        df->param_dst[k] = bufno[pv] < 0 && a->param_bound[k] ? dloc(a, pv) : (DOp){O_NONE, pv};
    }
    df->blocks = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *df->blocks);
    df->calls = mc_xcalloc((size_t)(a->ncallsaves ? a->ncallsaves : 1), sizeof *df->calls);
    int32_t nc = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        DBlock *db = &df->blocks[b];
        db->ninsts = bl->ninsts;
        db->insts = mc_xcalloc((size_t)(bl->ninsts ? bl->ninsts : 1), sizeof *db->insts);
        db->copies_from = mc_xcalloc((size_t)bl->ninsts + 1, sizeof *db->copies_from);
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) db->copies_from[i] = db->copies_from[i + 1] + a->phi_copy[b][i];
        db->term = bl->term.op;
        db->arg = bl->term.op == MC_OP_JUMP ? (DOp){O_CONST, 0} : dop(a, bl->term.arg);
        db->t[0] = bl->term.target[0];
        db->t[1] = bl->term.target[1];
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            DInst *d = &db->insts[i];
            d->op = in->op;
            d->copies = a->phi_copy[b][i];
            d->d = dloc(a, in->dest);
            d->buf = d->call = -1;
            switch (in->op) {
            case MC_OP_CALL: {
                d->kind = D_CALL;
                int32_t c = -1; /* its saves: the calls are numbered in block and instruction order */
                for (int32_t k = 0; k < a->ncallsaves && c < 0; k++)
                    if (a->callsaves[k].block == b && a->callsaves[k].inst == i) c = k;
                if (c < 0) mc_panic(__FILE__, __LINE__, "a call without its saves");
                d->call = c;
                nc++;
                const McCall *call = mc_inst_call(f, in);
                DCall *dc = &df->calls[c];
                dc->name = call ? call->name : "?";
                dc->fn = call ? mc_program_find(m->p, call->callee) : -1;
                dc->nargs = call ? call->nargs : 0;
                dc->args = mc_xcalloc((size_t)(dc->nargs ? dc->nargs : 1), sizeof *dc->args);
                for (int32_t k = 0; k < dc->nargs; k++) {
                    McOperand o = call->args[k];
                    bool buf = o.kind == MC_OPND_VALUE && f->values[o.v].kind == MC_VAL_BUF;
                    dc->args[k].buf = buf ? bufno[o.v] : -1;
                    if (!buf) dc->args[k].o = dop(a, o);
                }
                break;
            }
            case MC_OP_BUFFER:
                d->kind = D_BUFFER;
                d->buf = bufno[in->dest];
                d->len = in->a[0].v;
                break;
            case MC_OP_LOAD:
            case MC_OP_STORE:
                d->kind = in->op == MC_OP_LOAD ? D_LOAD : D_STORE;
                d->buf = bufno[in->a[0].v];
                d->a = dop(a, in->a[1]);
                if (in->op == MC_OP_STORE) d->b = dop(a, in->a[2]);
                if (d->a.kind == O_REG && in->op == MC_OP_LOAD && d->d.kind == O_REG) d->kind = D_LOAD_RR;
                if (d->a.kind == O_REG && in->op == MC_OP_STORE && d->b.kind == O_REG) d->kind = D_STORE_RR;
                break;
            case MC_OP_COPY:
                d->a = dop(a, in->a[0]);
                d->kind = d->a.kind == O_REG && d->d.kind == O_REG ? D_COPY_RR : D_COPY;
                break;
            default:
                d->kind = in->op == MC_OP_DIV || in->op == MC_OP_REM ? D_DIVREM : D_ALU;
                d->a = dop(a, in->a[0]);
                d->b = dop(a, in->a[1]);
                if (d->a.kind == O_REG && d->d.kind == O_REG && (d->b.kind == O_REG || d->b.kind == O_CONST))
                    switch (in->op) {
#define SPEC(E, e)                                                                                                    \
    case MC_OP_##E: d->kind = d->b.kind == O_REG ? D_RRR_##E : D_RCR_##E; break;
                        FAST_OPS(SPEC)
#undef SPEC
                    default: break;
                    }
                break;
            }
        }
    }
    if (nc != a->ncallsaves) mc_panic(__FILE__, __LINE__, "%s: %d calls, %d with saves", f->name, (int)nc,
                                      (int)a->ncallsaves);
    free(bufno);
}

static void decoded_free(Machine *m) {
    for (int32_t fi = 0; fi < m->p->n; fi++) {
        DFunc *df = &m->fns[fi];
        if (!df->a) continue;
        for (int32_t b = 0; b < df->a->f->nblocks; b++) {
            free(df->blocks[b].insts);
            free(df->blocks[b].copies_from);
        }
        for (int32_t c = 0; c < df->a->ncallsaves; c++) free(df->calls[c].args);
        free(df->blocks);
        free(df->calls);
        free(df->param_buf);
        free(df->param_reg);
        free(df->param_dst);
    }
    free(m->fns);
}

static void trapf(Machine *m, const char *msg) {
    m->out.kind = MC_TRAPPED;
    snprintf(m->out.trap, sizeof m->out.trap, "%s", msg);
    m->done = true;
}

/* The call at index c of allocation a as `fib at 12:5`. */
static void call_str(const McAllocation *a, int32_t c, char *buf, size_t size) {
    const McCallSave *cs = &a->callsaves[c];
    const McInst *in = &a->f->blocks[cs->block].insts[cs->inst];
    const McCall *call = mc_inst_call(a->f, in);
    McLoc l = mc_loc(a->f, in->loc);
    snprintf(buf, size, "%s at %d:%d", call ? call->name : "?", (int)l.line, (int)l.col);
}

static bool poisoned(Machine *m, int32_t r) {
    char cs[64], msg[128];
    const Frame *at = &m->stack[m->poison_depth[r] - 1];
    call_str(m->p->alloc[at->clob_fn], at->clob_call, cs, sizeof cs);
    snprintf(msg, sizeof msg, "r%d read after the call to %s clobbered it (caller-saved under %s)", (int)r, cs,
             mc_convention_name(m->conv));
    trapf(m, msg);
    return false;
}

static inline bool read_reg(Machine *m, int32_t r, int32_t *v) {
    if (m->poison_depth[r] == m->n) return poisoned(m, r);
    *v = m->reg[r];
    return true;
}

static inline void write_reg(Machine *m, int32_t r, int32_t v) {
    m->reg[r] = v;
    m->poison_depth[r] = -1;
}

/* Read operand o of frame fr (constants, registers, slots). */
static inline bool rd(Machine *m, const Frame *fr, DOp o, int32_t *v) {
    switch (o.kind) {
    case O_CONST: *v = o.x; return true;
    case O_REG: return read_reg(m, o.x, v);
    case O_SLOT:
        m->st.spill_reads++;
        *v = fr->slots[o.x];
        return true;
    default:
        mc_panic(__FILE__, __LINE__, "value %s has no location", o.x >= 0 ? fr->df->a->f->values[o.x].name : "?");
    }
}

static inline void wr(Machine *m, Frame *fr, DOp d, int32_t x) {
    if (d.kind == O_REG) write_reg(m, d.x, x);
    else if (d.kind == O_SLOT) {
        m->st.spill_writes++;
        fr->slots[d.x] = x;
    }
}

/* A frame for function fn on top of the stack: its storage reused, zeroed. */
static Frame *push(Machine *m, int32_t fn) {
    if (m->n == m->cap) {
        int32_t cap = m->cap ? 2 * m->cap : 16;
        m->stack = mc_xrealloc(m->stack, (size_t)cap * sizeof *m->stack);
        memset(m->stack + m->cap, 0, (size_t)(cap - m->cap) * sizeof *m->stack);
        m->cap = cap;
    }
    const DFunc *df = &m->fns[fn];
    Frame *fr = &m->stack[m->n++];
    if (fr->memcap < df->words) {
        free(fr->mem);
        fr->memcap = df->words > 64 ? df->words : 64;
        fr->mem = mc_xmalloc((size_t)fr->memcap * sizeof *fr->mem);
    }
    if (fr->bufcap < df->nbufs) {
        free(fr->bufmem);
        fr->bufcap = df->nbufs;
        fr->bufmem = mc_xmalloc((size_t)fr->bufcap * sizeof *fr->bufmem);
    }
    int32_t *mem = fr->mem;
    for (int32_t k = 0, n = df->words - m->K; k < n; k++) mem[k] = 0;
    for (int32_t k = 0; k < df->nbufs; k++) fr->bufmem[k] = (MBuffer){NULL, 0, false};
    fr->fn = fn;
    fr->df = df;
    fr->slots = fr->mem;
    fr->saves = fr->slots + df->nslots;
    fr->incoming = fr->saves + df->nsaves;
    fr->entry_regs = fr->incoming + df->nparams;
    fr->bufs = fr->bufmem;
    if (m->callee_lo < m->K)
        memcpy(fr->entry_regs + m->callee_lo, m->reg + m->callee_lo, (size_t)(m->K - m->callee_lo) * sizeof *m->reg);
    fr->block = fr->inst = 0;
    fr->call = 0;
    return fr;
}

static void pop(Machine *m) {
    Frame *fr = &m->stack[--m->n];
    for (int32_t k = 0; k < fr->df->nbufs; k++)
        if (fr->bufs[k].local) free(fr->bufs[k].p);
}

/* The slow path of an entry: the interrupt flag every 4096 steps, then the
 * tier-up (the run stops here, the top frame having entered its block, for
 * mc_machine_run_program to go on in machine code). */
static bool event(Machine *m) {
    if ((m->steps & 4095) == 0 && mc_interrupted(m->stop)) {
        m->out.kind = MC_INTERRUPTED;
        snprintf(m->out.trap, sizeof m->out.trap, "%s", MC_INTERRUPTED_MSG);
        m->done = true;
        return false;
    }
    int64_t poll = (m->steps | 4095) + 1;
    if (m->steps >= m->jit_at) {
        m->jit_at = INT64_MAX;
        m->next_event = poll;
        m->handover = true;
        m->done = true;
        return false;
    }
    m->next_event = poll < m->jit_at ? poll : m->jit_at;
    return true;
}

/* Entering block b of frame fr: the budget, the interrupt flag. */
static inline bool enter(Machine *m, Frame *fr, int32_t b) {
    if (m->steps >= m->max_steps) {
        trapf(m, "execution step limit exceeded");
        return false;
    }
    m->steps++;
    fr->block = b;
    fr->inst = 0;
    if (m->steps >= m->next_event) return event(m);
    return true;
}

enum { MAX_FAST_ARGS = 16 }; /* arguments held on the C stack; more go to the heap */

/* Steps 1-4 of a call (the file comment). */
static void do_call(Machine *m, Frame *fr, const DInst *in) {
    const McAllocation *a = fr->df->a;
    const DCall *dc = &fr->df->calls[in->call];
    int32_t fn = dc->fn;
    if (fn < 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "call to %s: the program has no allocation of it", dc->name);
        trapf(m, msg);
        return;
    }
    const DFunc *cf = &m->fns[fn];
    const McFunc *g = cf->a->f;
    int32_t c = in->call;
    int32_t vals_fast[MAX_FAST_ARGS];
    int32_t nargs = dc->nargs;
    bool heap = nargs > MAX_FAST_ARGS;
    int32_t *vals = heap ? mc_xcalloc((size_t)nargs, sizeof *vals) : vals_fast;
    for (int32_t k = 0; k < nargs; k++) /* buffers: bound from the caller's frame below */
        if (dc->args[k].buf < 0 && !rd(m, fr, dc->args[k].o, &vals[k])) goto out;
    const McCallSave *cs = &a->callsaves[c];
    for (int32_t k = 0; k < cs->n; k++) {
        int32_t v = 0;
        if (!read_reg(m, a->loc[cs->value[k]].index, &v)) goto out;
        fr->saves[cs->slot[k]] = v;
        m->st.saves++;
    }
    if ((int64_t)m->n + 1 > m->max_depth) {
        trapf(m, MC_DEPTH_TRAP_MSG);
        goto out;
    }
    m->st.calls++;
    fr->call = c;
    /* the arguments: registers now, incoming slots once the frame exists */
    for (int32_t k = 0; k < nargs; k++) {
        if (cf->param_buf[k] >= 0) continue;
        int32_t r = cf->param_reg[k];
        if (r >= 0) write_reg(m, r, vals[k]);
        m->st.arg_moves += arg_moves(dc->args[k].o, r) + arg_moves(cf->param_dst[k], r);
    }
    Frame *nf = push(m, fn); /* fr is stale from here */
    for (int32_t k = 0; k < nargs; k++)
        if (cf->param_buf[k] < 0 && cf->param_reg[k] < 0) nf->incoming[k] = vals[k];
    const McAllocation *ca = cf->a;
    for (int32_t k = 0; k < ca->ncallee_saves; k++) {
        nf->saves[k + ca->save_slots - ca->ncallee_saves] = m->reg[ca->callee_saves[k]];
        m->st.saves++;
    }
    /* the parameters, as a parallel assignment: every incoming value first.
     * A register parameter reads the argument register just written (it
     * cannot be clobbered in between), an incoming one its slot: both are
     * the argument's value. */
    const Frame *caller = &m->stack[m->n - 2];
    for (int32_t k = 0; k < g->nparams; k++)
        if (cf->param_buf[k] >= 0) {
            const MBuffer *b = &caller->bufs[dc->args[k].buf];
            nf->bufs[cf->param_buf[k]] = (MBuffer){b->p, b->len, false};
        }
    for (int32_t k = 0; k < g->nparams; k++)
        if (cf->param_dst[k].kind != O_NONE) wr(m, nf, cf->param_dst[k], vals[k]);
    if (g->nblocks > 0) enter(m, nf, 0);
out:
    if (heap) free(vals);
}

/* Steps 5-6: the top frame returns value. */
static void do_return(Machine *m, int32_t value) {
    Frame *fr = &m->stack[m->n - 1];
    const McAllocation *a = fr->df->a;
    if (m->n == 1) {
        m->out.kind = MC_RETURNED;
        m->out.value = value;
        m->done = true;
        return;
    }
    int32_t rr = m->result_reg;
    if (rr >= 0) write_reg(m, rr, value);
    else m->result_slot = value;
    m->st.arg_moves += arg_moves(fr->df->blocks[fr->block].arg, rr);
    for (int32_t k = 0; k < a->ncallee_saves; k++) {
        write_reg(m, a->callee_saves[k], fr->saves[k + a->save_slots - a->ncallee_saves]);
        m->st.restores++;
    }
    for (int32_t j = 0; j < m->ncallee; j++) {
        int32_t r = m->callee_list[j];
        if (m->reg[r] == fr->entry_regs[r]) continue;
        char msg[128];
        snprintf(msg, sizeof msg, "%s returned with callee-saved r%d changed (was %ld, now %ld)", a->f->name, (int)r,
                 (long)fr->entry_regs[r], (long)m->reg[r]);
        trapf(m, msg);
        return;
    }
    pop(m);
    Frame *cf = &m->stack[m->n - 1];
    const McAllocation *ca = cf->df->a;
    /* the result is read by the call itself; after that every caller-saved
     * register, the result's included, holds nothing the caller may read */
    int32_t result = rr >= 0 ? m->reg[rr] : m->result_slot;
    cf->clob_fn = cf->fn;
    cf->clob_call = cf->call;
    if (m->caller_prefix) /* r0..r(ncaller-1), as every convention has them */
        for (int32_t r = 0; r < m->ncaller; r++) m->poison_depth[r] = m->n;
    else
        for (int32_t j = 0; j < m->ncaller; j++) m->poison_depth[m->caller_list[j]] = m->n;
    const McCallSave *cs = &ca->callsaves[cf->call];
    for (int32_t k = 0; k < cs->n; k++) {
        write_reg(m, ca->loc[cs->value[k]].index, cf->saves[cs->slot[k]]);
        m->st.restores++;
    }
    const DInst *in = &cf->df->blocks[cf->block].insts[cf->inst];
    m->st.arg_moves += arg_moves(in->d, rr);
    wr(m, cf, in->d, result);
    cf->inst++;
}

static inline bool buf_index(Machine *m, Frame *fr, const DInst *in, int32_t *i) {
    const MBuffer *buf = &fr->bufs[in->buf];
    if (!rd(m, fr, in->a, i)) return false;
    if (*i < 0 || *i >= buf->len) {
        char msg[128];
        snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)*i, (long)buf->len);
        trapf(m, msg);
        return false;
    }
    return true;
}

static inline int32_t alu(int32_t op, int32_t x, int32_t y) {
    switch (op) {
    case MC_OP_ADD: return mc_i32_add(x, y);
    case MC_OP_SUB: return mc_i32_sub(x, y);
    case MC_OP_MUL: return mc_i32_mul(x, y);
    case MC_OP_LT: return mc_i32_lt(x, y);
    case MC_OP_LE: return mc_i32_le(x, y);
    case MC_OP_EQ: return mc_i32_eq(x, y);
    case MC_OP_NE: return mc_i32_ne(x, y);
    default: return mc_alu((McOp)op, x, y);
    }
}

/* Run the top frame's instructions until the run ends. A block's
 * instructions and copies are counted when it starts (or resumes after a
 * call); those after an instruction that leaves the block early (a call, a
 * trap) are taken back, so every count is the instruction-by-instruction one. */
static void run(Machine *m) {
    int32_t *reg = m->reg, *pd = m->poison_depth;
    while (!m->done) {
        Frame *fr = &m->stack[m->n - 1];
        const DBlock *blocks = fr->df->blocks;
        const DBlock *bl = &blocks[fr->block];
        int32_t i = fr->inst, n = m->n;
        for (;;) { /* the blocks of this frame until a call, a return or the end */
            m->st.instructions += bl->ninsts - i;
            m->st.copies += bl->copies_from[i];
            for (; i < bl->ninsts; i++) {
                const DInst *in = &bl->insts[i];
                int32_t x = 0, y = 0;
                switch (in->kind) {
#define RRR(E, e)                                                                                                     \
    case D_RRR_##E:                                                                                                   \
        if (pd[in->a.x] == n || pd[in->b.x] == n) {                                                                  \
            poisoned(m, pd[in->a.x] == n ? in->a.x : in->b.x);                                                        \
            goto stop;                                                                                                \
        }                                                                                                             \
        reg[in->d.x] = mc_i32_##e(reg[in->a.x], reg[in->b.x]);                                                        \
        pd[in->d.x] = -1;                                                                                             \
        break;
                    FAST_OPS(RRR)
#undef RRR
#define RCR(E, e)                                                                                                     \
    case D_RCR_##E:                                                                                                   \
        if (pd[in->a.x] == n) {                                                                                       \
            poisoned(m, in->a.x);                                                                                     \
            goto stop;                                                                                                \
        }                                                                                                             \
        reg[in->d.x] = mc_i32_##e(reg[in->a.x], in->b.x);                                                             \
        pd[in->d.x] = -1;                                                                                             \
        break;
                    FAST_OPS(RCR)
#undef RCR
                case D_COPY_RR:
                    if (pd[in->a.x] == n) {
                        poisoned(m, in->a.x);
                        goto stop;
                    }
                    reg[in->d.x] = reg[in->a.x];
                    pd[in->d.x] = -1;
                    break;
                case D_LOAD_RR: {
                    const MBuffer *b = &fr->bufs[in->buf];
                    if (pd[in->a.x] == n) {
                        poisoned(m, in->a.x);
                        goto stop;
                    }
                    x = reg[in->a.x];
                    if (x < 0 || x >= b->len) {
                        buf_index(m, fr, in, &x); /* the trap */
                        goto stop;
                    }
                    reg[in->d.x] = b->p[x];
                    pd[in->d.x] = -1;
                    break;
                }
                case D_STORE_RR: {
                    const MBuffer *b = &fr->bufs[in->buf];
                    if (pd[in->a.x] == n) {
                        poisoned(m, in->a.x);
                        goto stop;
                    }
                    x = reg[in->a.x];
                    if (x < 0 || x >= b->len) {
                        buf_index(m, fr, in, &x); /* the trap */
                        goto stop;
                    }
                    if (pd[in->b.x] == n) {
                        poisoned(m, in->b.x);
                        goto stop;
                    }
                    b->p[x] = reg[in->b.x];
                    break;
                }
                case D_CALL:
                    m->st.instructions -= bl->ninsts - i - 1;
                    m->st.copies -= bl->copies_from[i + 1];
                    fr->inst = i;
                    do_call(m, fr, in); /* do_return moves past it */
                    goto next;
                case D_BUFFER: { /* run again (in a loop): the frame's buffer, zeroed again */
                    MBuffer *b = &fr->bufs[in->buf];
                    if (b->local && b->len == in->len) {
                        memset(b->p, 0, (size_t)in->len * sizeof(int32_t));
                        break;
                    }
                    if (b->local) free(b->p);
                    b->len = in->len;
                    b->p = mc_xcalloc((size_t)in->len, sizeof(int32_t));
                    b->local = true;
                    break;
                }
                case D_LOAD:
                    if (!buf_index(m, fr, in, &x)) goto stop;
                    wr(m, fr, in->d, fr->bufs[in->buf].p[x]);
                    break;
                case D_STORE:
                    if (!buf_index(m, fr, in, &x) || !rd(m, fr, in->b, &y)) goto stop;
                    fr->bufs[in->buf].p[x] = y;
                    break;
                case D_COPY:
                    if (!rd(m, fr, in->a, &x)) goto stop;
                    wr(m, fr, in->d, x);
                    break;
                case D_DIVREM:
                    if (!rd(m, fr, in->a, &x) || !rd(m, fr, in->b, &y)) goto stop;
                    if (y == 0) {
                        trapf(m, "division by zero");
                        goto stop;
                    }
                    wr(m, fr, in->d, in->op == MC_OP_DIV ? mc_i32_div(x, y) : mc_i32_rem(x, y));
                    break;
                default:
                    if (!rd(m, fr, in->a, &x) || !rd(m, fr, in->b, &y)) goto stop;
                    wr(m, fr, in->d, alu(in->op, x, y));
                    break;
                }
            }
            fr->inst = i;
            /* the terminator */
            int32_t t = bl->t[0];
            if (bl->term != MC_OP_JUMP) {
                int32_t v = 0;
                if (!rd(m, fr, bl->arg, &v)) return; /* a trap */
                if (bl->term == MC_OP_RET) {
                    do_return(m, v);
                    goto next;
                }
                t = bl->t[v != 0 ? 0 : 1];
            }
            if (!enter(m, fr, t)) return;
            bl = &blocks[t];
            i = 0;
        }
    stop: /* a trap at instruction i: the ones after it did not run */
        m->st.instructions -= bl->ninsts - i - 1;
        m->st.copies -= bl->copies_from[i + 1];
        fr->inst = i;
        return;
    next:;
    }
}

McOutcome mc_machine_run_program(const McProgram *p, McArgs *args, int64_t max_steps, int64_t max_depth,
                                 const McInterrupt *stop, McMachineStats *stats) {
    int32_t nrec = 0; /* the tier-up threshold grows with the code, as machine.c's */
    for (int32_t i = 0; i < p->n; i++)
        for (int32_t b = 0; b < p->alloc[i]->f->nblocks; b++) nrec += p->alloc[i]->f->blocks[b].ninsts + 1;
    return mc_machine_run_program_jit(p, args, max_steps, max_depth, stop, stats, mc_jit_after_default(nrec), NULL);
}

McOutcome mc_machine_run_program_jit(const McProgram *p, McArgs *args, int64_t max_steps, int64_t max_depth,
                                     const McInterrupt *stop, McMachineStats *stats, int64_t jit_after,
                                     bool *jitted) {
    Machine m;
    memset(&m, 0, sizeof m);
    m.p = p;
    const McAllocation *a = p->alloc[0];
    m.K = a->registers;
    m.conv = a->convention;
    m.max_steps = max_steps > 0 ? max_steps : MC_DEFAULT_MAX_STEPS;
    m.max_depth = max_depth > 0 ? max_depth : MC_DEFAULT_MAX_DEPTH;
    m.stop = stop;
    jit_after = mc_jit_after_chosen(jit_after);
    m.jit_at = jit_after < 0 ? INT64_MAX : jit_after > 0 ? jit_after : 1;
    m.next_event = m.jit_at < 4096 ? m.jit_at : 4096;
    m.result_reg = mc_conv_result_reg(m.conv, m.K);
    m.reg = mc_xcalloc((size_t)m.K, sizeof *m.reg);
    m.poison_depth = mc_xmalloc((size_t)m.K * sizeof *m.poison_depth);
    m.caller_list = mc_xmalloc((size_t)m.K * sizeof *m.caller_list);
    m.callee_list = mc_xmalloc((size_t)m.K * sizeof *m.callee_list);
    for (int32_t r = 0; r < m.K; r++) {
        m.poison_depth[r] = -1;
        if (mc_conv_caller_saved(m.conv, m.K, r)) m.caller_list[m.ncaller++] = r;
        else if (r != m.result_reg) m.callee_list[m.ncallee++] = r;
    }
    m.callee_lo = m.ncallee ? m.callee_list[0] : m.K;
    m.caller_prefix = m.ncaller == 0 || m.caller_list[m.ncaller - 1] == m.ncaller - 1;
    m.fns = mc_xcalloc((size_t)p->n, sizeof *m.fns);
    for (int32_t i = 0; i < p->n; i++) decode(&m, i);
    Frame *fr = push(&m, 0);
    const McFunc *f = a->f;
    for (int32_t k = 0; k < f->nparams && k < args->n; k++) {
        if (fr->df->param_buf[k] >= 0)
            fr->bufs[fr->df->param_buf[k]] = (MBuffer){args->v[k].data, args->v[k].len, false};
        else if (a->param_bound[k]) wr(&m, fr, fr->df->param_dst[k], args->v[k].scalar);
    }
    if (f->nblocks > 0) enter(&m, fr, 0);
    else m.done = true;
    run(&m);
    if (jitted) *jitted = false;
    if (m.handover) { /* tiered up: machine code from here, unless it cannot be proven or compiled */
        m.handover = false;
        if (mc_mcall_jit_run(&m)) {
            if (jitted) *jitted = true;
        } else {
            m.done = false;
            run(&m);
        }
    }
    while (m.n > 0) pop(&m);
    for (int32_t i = 0; i < m.cap; i++) {
        free(m.stack[i].mem);
        free(m.stack[i].bufmem);
    }
    free(m.stack);
    decoded_free(&m);
    free(m.reg);
    free(m.poison_depth);
    free(m.caller_list);
    free(m.callee_list);
    m.out.steps = m.steps;
    m.out.insts = m.st.instructions;
    if (stats) {
        *stats = m.st;
        stats->valid = true;
        stats->frames = true;
        stats->registers = a->registers;
        stats->slots = a->slots;
    }
    return m.out;
}
