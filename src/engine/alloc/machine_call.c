/* machine_call.c - the allocated machine for programs with calls (docs/ir.md
 * §3.3): frames, and a calling convention it enforces instead of trusting
 * the allocator.
 *
 * machine.c's pre-decoded records (and machine_x64.c, their template
 * compiler) run one function without calls; a function with calls or local
 * buffers runs here, a plain interpreter over the allocations of every
 * function the run reaches (McProgram). One register file serves all
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
 * calls, saves, restores, argument moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/regalloc.h"
#include "minicc/util.h"

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

typedef struct MBuffer {
    int32_t *p;
    int32_t len;
} MBuffer;

typedef struct Frame {
    int32_t fn;            /* index in the program */
    int32_t block, inst;   /* the next instruction (inst == ninsts: the terminator) */
    int32_t prev;          /* the block we came from (unused: no phis) */
    int32_t *slots;        /* the allocation's spill slots */
    int32_t *saves;        /* its save slots */
    int32_t *incoming;     /* arguments that did not fit in registers */
    MBuffer *bufs;         /* per value handle: buffers (parameters and local ones) */
    bool *local;           /* per value handle: a local buffer this frame frees */
    int32_t *entry_regs;   /* the registers on entry (checked for the callee-saved ones) */
    int32_t call;          /* the call this frame is making (index in its allocation's callsaves) */
} Frame;

typedef struct Machine {
    const McProgram *p;
    int32_t K;
    McConvention conv;
    int32_t *reg;
    int32_t *poison_fn, *poison_call; /* per register: the call that clobbered it, or -1 */
    int32_t *poison_depth;            /* and the frame (depth) that made it: only that frame's reads trap
                                         (a callee reading a register it never wrote is no convention matter) */
    Frame *stack;
    int32_t n, cap;
    int32_t result_slot;
    McMachineStats st;
    int64_t steps, max_steps, max_depth;
    const McInterrupt *stop;
    McOutcome out;
    bool done;
} Machine;

static void trapf(Machine *m, const char *msg) {
    m->out.kind = MC_TRAPPED;
    snprintf(m->out.trap, sizeof m->out.trap, "%s", msg);
    m->done = true;
}

static const McAllocation *alloc_of(const Machine *m, const Frame *fr) { return m->p->alloc[fr->fn]; }

/* The call at index c of allocation a as `fib at 12:5`. */
static void call_str(const McAllocation *a, int32_t c, char *buf, size_t size) {
    const McCallSave *cs = &a->callsaves[c];
    const McInst *in = &a->f->blocks[cs->block].insts[cs->inst];
    const McCall *call = mc_inst_call(a->f, in);
    McLoc l = mc_loc(a->f, in->loc);
    snprintf(buf, size, "%s at %d:%d", call ? call->name : "?", (int)l.line, (int)l.col);
}

static bool read_reg(Machine *m, int32_t r, int32_t *v) {
    if (m->poison_fn[r] >= 0 && m->poison_depth[r] == m->n) {
        char cs[64], msg[128];
        call_str(m->p->alloc[m->poison_fn[r]], m->poison_call[r], cs, sizeof cs);
        snprintf(msg, sizeof msg, "r%d read after the call to %s clobbered it (caller-saved under %s)", (int)r, cs,
                 mc_convention_name(m->conv));
        trapf(m, msg);
        return false;
    }
    *v = m->reg[r];
    return true;
}

static void write_reg(Machine *m, int32_t r, int32_t v) {
    m->reg[r] = v;
    m->poison_fn[r] = -1;
}

/* Read operand o of the top frame (constants, registers, slots). */
static bool rd(Machine *m, Frame *fr, McOperand o, int32_t *v) {
    if (o.kind == MC_OPND_CONST) {
        *v = o.v;
        return true;
    }
    McLocation l = alloc_of(m, fr)->loc[o.v];
    if (l.kind == MC_LOC_REG) return read_reg(m, l.index, v);
    if (l.kind == MC_LOC_SLOT) {
        m->st.spill_reads++;
        *v = fr->slots[l.index];
        return true;
    }
    mc_panic(__FILE__, __LINE__, "value %s has no location", alloc_of(m, fr)->f->values[o.v].name);
}

static void wr(Machine *m, Frame *fr, int32_t v, int32_t x) {
    McLocation l = alloc_of(m, fr)->loc[v];
    if (l.kind == MC_LOC_REG) write_reg(m, l.index, x);
    else if (l.kind == MC_LOC_SLOT) {
        m->st.spill_writes++;
        fr->slots[l.index] = x;
    }
}

static Frame *push(Machine *m, int32_t fn) {
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->stack = mc_xrealloc(m->stack, (size_t)m->cap * sizeof *m->stack);
    }
    const McAllocation *a = m->p->alloc[fn];
    Frame *fr = &m->stack[m->n++];
    memset(fr, 0, sizeof *fr);
    size_t nv = (size_t)(a->f->nvalues ? a->f->nvalues : 1);
    fr->fn = fn;
    fr->slots = mc_xcalloc((size_t)(a->slots ? a->slots : 1), sizeof *fr->slots);
    fr->saves = mc_xcalloc((size_t)(a->save_slots ? a->save_slots : 1), sizeof *fr->saves);
    fr->incoming = mc_xcalloc((size_t)(a->f->nparams ? a->f->nparams : 1), sizeof *fr->incoming);
    fr->bufs = mc_xcalloc(nv, sizeof *fr->bufs);
    fr->local = mc_xcalloc(nv, sizeof *fr->local);
    fr->entry_regs = mc_xmalloc((size_t)m->K * sizeof *fr->entry_regs);
    memcpy(fr->entry_regs, m->reg, (size_t)m->K * sizeof *m->reg);
    fr->prev = MC_NONE;
    return fr;
}

static void pop(Machine *m) {
    Frame *fr = &m->stack[--m->n];
    const McAllocation *a = alloc_of(m, fr);
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (fr->local[v]) free(fr->bufs[v].p);
    free(fr->slots);
    free(fr->saves);
    free(fr->incoming);
    free(fr->bufs);
    free(fr->local);
    free(fr->entry_regs);
}

/* Entering block b of the top frame: the budget, the interrupt flag. */
static bool enter(Machine *m, Frame *fr, int32_t b) {
    if (m->steps >= m->max_steps) {
        trapf(m, "execution step limit exceeded");
        return false;
    }
    m->steps++;
    if ((m->steps & 4095) == 0 && mc_interrupted(m->stop)) {
        m->out.kind = MC_INTERRUPTED;
        snprintf(m->out.trap, sizeof m->out.trap, "%s", MC_INTERRUPTED_MSG);
        m->done = true;
        return false;
    }
    fr->prev = fr->block;
    fr->block = b;
    fr->inst = 0;
    return true;
}

/* The number of the call (b, i) among a's calls. */
static int32_t call_index(const McAllocation *a, int32_t b, int32_t i) {
    for (int32_t c = 0; c < a->ncallsaves; c++)
        if (a->callsaves[c].block == b && a->callsaves[c].inst == i) return c;
    mc_panic(__FILE__, __LINE__, "a call without its saves");
}

/* Steps 1-4 of a call (the file comment). */
static void do_call(Machine *m, Frame *fr, const McInst *in) {
    const McAllocation *a = alloc_of(m, fr);
    const McCall *call = mc_inst_call(a->f, in);
    int32_t fn = call ? mc_program_find(m->p, call->callee) : -1;
    if (fn < 0) {
        char msg[128];
        snprintf(msg, sizeof msg, "call to %s: the program has no allocation of it", call ? call->name : "?");
        trapf(m, msg);
        return;
    }
    const McAllocation *ca = m->p->alloc[fn];
    int32_t c = call_index(a, fr->block, fr->inst);
    int32_t *vals = mc_xmalloc((size_t)(call->nargs ? call->nargs : 1) * sizeof *vals);
    MBuffer *bv = mc_xcalloc((size_t)(call->nargs ? call->nargs : 1), sizeof *bv);
    for (int32_t k = 0; k < call->nargs; k++) {
        McOperand o = call->args[k];
        if (o.kind == MC_OPND_VALUE && a->f->values[o.v].kind == MC_VAL_BUF) bv[k] = fr->bufs[o.v];
        else if (!rd(m, fr, o, &vals[k])) goto out;
    }
    const McCallSave *cs = &a->callsaves[c];
    for (int32_t k = 0; k < cs->n; k++) {
        int32_t v;
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
    const McFunc *g = ca->f;
    int32_t *incoming = mc_xcalloc((size_t)(g->nparams ? g->nparams : 1), sizeof *incoming);
    int32_t ni = 0;
    for (int32_t k = 0; k < call->nargs; k++) {
        if (g->values[g->params[k]].kind == MC_VAL_BUF) continue;
        int32_t r = mc_conv_arg_reg(m->conv, m->K, ni);
        if (r >= 0) write_reg(m, r, vals[k]);
        else incoming[k] = vals[k];
        ni++;
        m->st.arg_moves++;
    }
    Frame *nf = push(m, fn); /* fr is stale from here */
    memcpy(nf->incoming, incoming, (size_t)g->nparams * sizeof *incoming);
    free(incoming);
    for (int32_t k = 0; k < ca->ncallee_saves; k++) {
        nf->saves[k + ca->save_slots - ca->ncallee_saves] = m->reg[ca->callee_saves[k]];
        m->st.saves++;
    }
    /* the parameters, as a parallel assignment: every incoming value first */
    int32_t *pv = mc_xcalloc((size_t)(g->nparams ? g->nparams : 1), sizeof *pv);
    ni = 0;
    bool ok = true;
    for (int32_t k = 0; k < g->nparams && ok; k++) {
        int32_t p = g->params[k];
        if (g->values[p].kind == MC_VAL_BUF) {
            nf->bufs[p] = (MBuffer){bv[k].p, bv[k].len};
            continue;
        }
        int32_t r = mc_conv_arg_reg(m->conv, m->K, ni++);
        if (r >= 0) ok = read_reg(m, r, &pv[k]);
        else pv[k] = nf->incoming[k];
    }
    for (int32_t k = 0; k < g->nparams && ok; k++)
        if (g->values[g->params[k]].kind != MC_VAL_BUF && ca->param_bound[k]) wr(m, nf, g->params[k], pv[k]);
    free(pv);
    if (ok && g->nblocks > 0) {
        nf->block = -1;
        enter(m, nf, 0);
    }
out:
    free(vals);
    free(bv);
}

/* Steps 5-6: the top frame returns value; false when the run ends. */
static bool do_return(Machine *m, int32_t value) {
    Frame *fr = &m->stack[m->n - 1];
    const McAllocation *a = alloc_of(m, fr);
    if (m->n == 1) {
        m->out.kind = MC_RETURNED;
        m->out.value = value;
        m->done = true;
        return false;
    }
    int32_t rr = mc_conv_result_reg(m->conv, m->K);
    if (rr >= 0) write_reg(m, rr, value);
    else m->result_slot = value;
    m->st.arg_moves++;
    for (int32_t k = 0; k < a->ncallee_saves; k++) {
        write_reg(m, a->callee_saves[k], fr->saves[k + a->save_slots - a->ncallee_saves]);
        m->st.restores++;
    }
    for (int32_t r = 0; r < m->K; r++) {
        if (mc_conv_caller_saved(m->conv, m->K, r) || r == rr || m->reg[r] == fr->entry_regs[r]) continue;
        char msg[128];
        snprintf(msg, sizeof msg, "%s returned with callee-saved r%d changed (was %ld, now %ld)", a->f->name, (int)r,
                 (long)fr->entry_regs[r], (long)m->reg[r]);
        trapf(m, msg);
        return false;
    }
    pop(m);
    Frame *cf = &m->stack[m->n - 1];
    const McAllocation *ca = alloc_of(m, cf);
    /* the result is read by the call itself; after that every caller-saved
     * register, the result's included, holds nothing the caller may read */
    int32_t result = rr >= 0 ? m->reg[rr] : m->result_slot;
    for (int32_t r = 0; r < m->K; r++)
        if (mc_conv_caller_saved(m->conv, m->K, r)) {
            m->poison_fn[r] = cf->fn;
            m->poison_call[r] = cf->call;
            m->poison_depth[r] = m->n;
        }
    const McCallSave *cs = &ca->callsaves[cf->call];
    for (int32_t k = 0; k < cs->n; k++) {
        write_reg(m, ca->loc[cs->value[k]].index, cf->saves[cs->slot[k]]);
        m->st.restores++;
    }
    const McInst *in = &ca->f->blocks[cf->block].insts[cf->inst];
    if (in->dest != MC_NONE) wr(m, cf, in->dest, result);
    cf->inst++;
    return true;
}

static int32_t buf_index(Machine *m, Frame *fr, const McInst *in, MBuffer **buf) {
    *buf = &fr->bufs[in->a[0].v];
    int32_t i = 0;
    if (!rd(m, fr, in->a[1], &i)) return -1;
    if (i < 0 || i >= (*buf)->len) {
        char msg[128];
        snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)i, (long)(*buf)->len);
        trapf(m, msg);
        return -1;
    }
    return i;
}

/* One instruction or terminator of the top frame. */
static void step(Machine *m) {
    Frame *fr = &m->stack[m->n - 1];
    const McAllocation *a = alloc_of(m, fr);
    const McBlock *bl = &a->f->blocks[fr->block];
    if (fr->inst == bl->ninsts) {
        int32_t v = 0;
        if (bl->term.op == MC_OP_JUMP) {
            enter(m, fr, bl->term.target[0]);
        } else if (rd(m, fr, bl->term.arg, &v)) {
            if (bl->term.op == MC_OP_RET) do_return(m, v);
            else enter(m, fr, bl->term.target[v != 0 ? 0 : 1]);
        }
        return;
    }
    const McInst *in = &bl->insts[fr->inst];
    m->st.instructions++;
    m->st.copies += a->phi_copy[fr->block][fr->inst];
    int32_t x = 0, y = 0;
    MBuffer *buf;
    switch (in->op) {
    case MC_OP_CALL: do_call(m, fr, in); return; /* do_return moves past it */
    case MC_OP_BUFFER: /* run again (in a loop): the frame's buffer, zeroed again */
        if (fr->local[in->dest] && fr->bufs[in->dest].len == in->a[0].v) {
            memset(fr->bufs[in->dest].p, 0, (size_t)in->a[0].v * sizeof(int32_t));
            break;
        }
        if (fr->local[in->dest]) free(fr->bufs[in->dest].p);
        fr->bufs[in->dest].len = in->a[0].v;
        fr->bufs[in->dest].p = mc_xcalloc((size_t)in->a[0].v, sizeof(int32_t));
        fr->local[in->dest] = true;
        break;
    case MC_OP_LOAD:
        if ((x = buf_index(m, fr, in, &buf)) < 0) return;
        wr(m, fr, in->dest, buf->p[x]);
        break;
    case MC_OP_STORE:
        if ((x = buf_index(m, fr, in, &buf)) < 0 || !rd(m, fr, in->a[2], &y)) return;
        buf->p[x] = y;
        break;
    case MC_OP_COPY:
        if (!rd(m, fr, in->a[0], &x)) return;
        wr(m, fr, in->dest, x);
        break;
    default:
        if (!rd(m, fr, in->a[0], &x) || !rd(m, fr, in->a[1], &y)) return;
        if (mc_alu_traps((McOp)in->op, y)) {
            trapf(m, "division by zero");
            return;
        }
        wr(m, fr, in->dest, mc_alu((McOp)in->op, x, y));
        break;
    }
    fr->inst++;
}

McOutcome mc_machine_run_program(const McProgram *p, McArgs *args, int64_t max_steps, int64_t max_depth,
                                 const McInterrupt *stop, McMachineStats *stats) {
    Machine m;
    memset(&m, 0, sizeof m);
    m.p = p;
    const McAllocation *a = p->alloc[0];
    m.K = a->registers;
    m.conv = a->convention;
    m.max_steps = max_steps > 0 ? max_steps : MC_DEFAULT_MAX_STEPS;
    m.max_depth = max_depth > 0 ? max_depth : MC_DEFAULT_MAX_DEPTH;
    m.stop = stop;
    m.reg = mc_xcalloc((size_t)m.K, sizeof *m.reg);
    m.poison_fn = mc_xmalloc((size_t)m.K * sizeof *m.poison_fn);
    m.poison_call = mc_xcalloc((size_t)m.K, sizeof *m.poison_call);
    m.poison_depth = mc_xcalloc((size_t)m.K, sizeof *m.poison_depth);
    for (int32_t r = 0; r < m.K; r++) m.poison_fn[r] = -1;
    Frame *fr = push(&m, 0);
    const McFunc *f = a->f;
    for (int32_t k = 0; k < f->nparams && k < args->n; k++) {
        int32_t pv = f->params[k];
        if (f->values[pv].kind == MC_VAL_BUF) fr->bufs[pv] = (MBuffer){args->v[k].data, args->v[k].len};
        else if (a->param_bound[k]) wr(&m, fr, pv, args->v[k].scalar);
    }
    fr->block = -1;
    if (f->nblocks > 0) enter(&m, fr, 0);
    while (!m.done) step(&m);
    while (m.n > 0) pop(&m);
    free(m.stack);
    free(m.reg);
    free(m.poison_fn);
    free(m.poison_call);
    free(m.poison_depth);
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
