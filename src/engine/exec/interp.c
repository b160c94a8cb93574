/* interp.c - the stepping interpreter of chapter §32.1, with an observer.
 *
 * This is the interpreter the prompt, the workbench and lessons drive: it can
 * run one instruction, one block, or continue to a breakpoint, and it reports
 * every event (block entry, the phi assignment of the edge, each instruction
 * with its operand values, memory touches, the terminator's choice, the trap
 * or return) to an optional observer. It reads the McFunc directly, so it is
 * slow on purpose; the plain run path lives in run.c and must agree with it.
 *
 * Execution state is a position (block, pc) where pc = -1 means "about to
 * enter block" (the step budget check and the phis happen there), 0..ninsts-1
 * the next instruction and ninsts the terminator. The step budget counts
 * block entries exactly like the chapter's `for _ in range(max_steps)` loop:
 * entry number max_steps is allowed, entry number max_steps + 1 traps.
 *
 * Contract: requires a verified function (mutable or SSA form) that stays
 * unchanged while the interpreter exists; arguments are copied. */
#include <stdlib.h>
#include <string.h>

#include "minicc/interp.h"
#include "minicc/run.h"
#include "minicc/util.h"

struct McInterp {
    const McFunc *f;      /* the function being run (borrowed) */
    McArgs start;         /* the arguments as given, for replay */
    McArgs args;          /* current arguments: buffers change as stores run */
    McInterpOptions opt;  /* max_steps already defaulted */
    int32_t *vals;        /* current value of every value handle */
    bool *def;            /* vals[v] has been written */
    int32_t *buf_param;   /* value handle -> parameter index for buffers, else -1 */
    McPhiUpdate *upd;     /* scratch for the PHIS event, sized to the widest block */
    int32_t block;        /* current block (or the block about to be entered) */
    int32_t prev;         /* block we came from, MC_NONE at the start */
    int32_t pc;           /* -1: about to enter; 0..ninsts-1: next inst; ninsts: terminator */
    bool started;         /* the entry block has been entered */
    int64_t steps;        /* block entries */
    int64_t insts;        /* instructions executed (including one that trapped) */
    int64_t ticks;        /* mc_interp_step_inst units performed */
    bool finished;
    McOutcome outcome;    /* valid when finished */
    /* Calls and local buffers (docs/ir.md §3.2). */
    bool calls;           /* f has a call or a local buffer: no fast path */
    McArg *locals;        /* per value handle: f's own local buffers (NULL: none yet) */
    struct Frame *stack;  /* the frames of the call in progress, innermost last */
    int32_t nstack, capstack;
    int32_t *phitmp;      /* a callee block's phi values, read before any is written */
    int64_t call_steps;   /* the block entries of steps made inside calls */
    int32_t captmp;
    /* The fast path (mc_interp_continue_fast), built on first use. */
    McCode *code;         /* exact run-path code of f */
    uint8_t *brk, *done;  /* per block: breakpoint byte, left during a fast run */
};

/* A frame of a callee: everything a function's run needs of its own. */
typedef struct Frame {
    const McFunc *f;
    int32_t *vals;    /* value of every value handle */
    McArg **bufs;     /* per buffer value: the buffer it names (a caller's, or in locals) */
    McArg *locals;    /* per value handle, its local buffer (NULL until the first) */
    int32_t block, prev, pc;
    int32_t dest;     /* the caller's destination for the result, or MC_NONE */
} Frame;

static void emit(McInterp *in, McEvent *ev) {
    if (in->opt.observer) in->opt.observer(in->opt.ctx, ev);
}

static McEvent event(const McInterp *in, McEventKind kind) {
    McEvent ev;
    memset(&ev, 0, sizeof ev);
    ev.kind = kind;
    ev.block = in->block;
    ev.pred = in->prev;
    ev.inst = MC_NONE;
    ev.next = MC_NONE;
    ev.buf = MC_NONE;
    return ev;
}

/* The instruction whose event ev is being built trapped (finish has set
 * the outcome): listeners get a trap event carrying its operands. */
static void emit_trap(McInterp *in, const McEvent *ev) {
    McEvent te = *ev;
    te.kind = MC_EV_TRAP;
    te.outcome = &in->outcome;
    emit(in, &te);
}

static int32_t read_opnd(const McInterp *in, McOperand o) {
    if (o.kind == MC_OPND_CONST) return o.v;
    MC_ASSERT(o.kind == MC_OPND_VALUE);
    /* Definite assignment (mutable form) and dominance (SSA) are verified. */
    MC_ASSERT(in->def[o.v]);
    return in->vals[o.v];
}

static void write_val(McInterp *in, int32_t v, int32_t x) {
    in->vals[v] = x;
    in->def[v] = true;
}

static void finish(McInterp *in, McOutcomeKind kind, int32_t value, const char *trap) {
    in->finished = true;
    memset(&in->outcome, 0, sizeof in->outcome);
    in->outcome.kind = kind;
    in->outcome.value = value;
    if (trap) snprintf(in->outcome.trap, sizeof in->outcome.trap, "%s", trap);
    in->outcome.steps = in->steps;
    in->outcome.insts = in->insts;
}

static void locals_free(McArg *l, int32_t n) {
    if (!l) return;
    for (int32_t v = 0; v < n; v++) free(l[v].data);
    free(l);
}

/* A local buffer (`v = buffer n`) of the frame whose locals are *l (made on
 * first use): n zeros, made afresh each time the instruction runs. */
static McArg *local_buffer(McArg **l, int32_t nvalues, int32_t v, int32_t n) {
    if (!*l) *l = mc_xcalloc((size_t)nvalues, sizeof **l);
    McArg *b = &(*l)[v];
    if (b->len != n) {
        free(b->data);
        b->data = mc_xmalloc((size_t)n * sizeof *b->data);
        b->len = n;
    }
    b->is_buf = true;
    memset(b->data, 0, (size_t)n * sizeof *b->data);
    return b;
}

/* The buffer a buffer value of the stepped function names. */
static McArg *top_buf(McInterp *in, int32_t v) {
    if (in->buf_param[v] >= 0) return &in->args.v[in->buf_param[v]];
    MC_ASSERT(in->locals && in->locals[v].is_buf); /* the verifier: defined before use */
    return &in->locals[v];
}

static void bind(McInterp *in) {
    const McFunc *f = in->f;
    memset(in->def, 0, (size_t)f->nvalues * sizeof *in->def);
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t v = f->params[i];
        if (in->args.v[i].is_buf) continue;
        write_val(in, v, in->args.v[i].scalar);
    }
}

McInterp *mc_interp_new(const McFunc *f, const McArgs *args, const McInterpOptions *opt) {
    MC_ASSERT(args->n == f->nparams);
    MC_ASSERT(f->nblocks > 0);
    McInterp *in = mc_xcalloc(1, sizeof *in);
    in->f = f;
    if (opt) in->opt = *opt;
    if (in->opt.max_steps <= 0) in->opt.max_steps = MC_DEFAULT_MAX_STEPS;
    mc_args_copy(&in->start, args);
    mc_args_copy(&in->args, args);
    size_t nv = (size_t)(f->nvalues ? f->nvalues : 1);
    in->vals = mc_xcalloc(nv, sizeof *in->vals);
    in->def = mc_xcalloc(nv, sizeof *in->def);
    in->buf_param = mc_xmalloc(nv * sizeof *in->buf_param);
    for (int32_t v = 0; v < f->nvalues; v++) in->buf_param[v] = -1;
    for (int32_t i = 0; i < f->nparams; i++) {
        MC_ASSERT(args->v[i].is_buf == (f->values[f->params[i]].kind == MC_VAL_BUF));
        if (args->v[i].is_buf) in->buf_param[f->params[i]] = i;
    }
    int32_t maxphis = 1;
    for (int32_t b = 0; b < f->nblocks; b++)
        if (f->blocks[b].nphis > maxphis) maxphis = f->blocks[b].nphis;
    in->upd = mc_xcalloc((size_t)maxphis, sizeof *in->upd);
    if (in->opt.max_depth <= 0) in->opt.max_depth = MC_DEFAULT_MAX_DEPTH;
    in->calls = mc_func_find_call(f, NULL, NULL);
    in->block = 0;
    in->prev = MC_NONE;
    in->pc = -1;
    bind(in);
    return in;
}

void mc_interp_free(McInterp *in) {
    if (!in) return;
    mc_args_free(&in->start);
    mc_args_free(&in->args);
    free(in->vals);
    free(in->def);
    free(in->buf_param);
    free(in->upd);
    locals_free(in->locals, in->f->nvalues);
    free(in->stack);
    free(in->phitmp);
    mc_code_free(in->code);
    free(in->brk);
    free(in->done);
    free(in);
}

/* Entering in->block along the edge in->prev -> in->block: budget, then phis. */
static void enter_block(McInterp *in) {
    const McBlock *b = &in->f->blocks[in->block];
    if (in->steps >= in->opt.max_steps) {
        finish(in, MC_TRAPPED, 0, "execution step limit exceeded");
        McEvent ev = event(in, MC_EV_TRAP);
        ev.outcome = &in->outcome;
        emit(in, &ev);
        return;
    }
    in->steps++;
    in->started = true;
    McEvent ev = event(in, MC_EV_ENTER);
    emit(in, &ev);
    if (b->nphis > 0) {
        MC_ASSERT(in->prev != MC_NONE);
        for (int32_t p = 0; p < b->nphis; p++) {
            const McPhi *phi = &b->phis[p];
            const McPhiArg *arg = NULL;
            for (int32_t k = 0; k < phi->nargs; k++)
                if (phi->args[k].block == in->prev) {
                    arg = &phi->args[k];
                    break;
                }
            MC_ASSERT(arg != NULL); /* the verifier guarantees one entry per predecessor */
            McPhiUpdate *u = &in->upd[p];
            u->phi = p;
            u->dest = phi->dest;
            u->src = arg->val;
            u->had_old = in->def[phi->dest];
            u->old = in->vals[phi->dest];
            u->value = read_opnd(in, arg->val);
            /* The classic mistake: each phi is assigned before the next one reads. */
            if (in->opt.phi_mode == MC_PHI_SEQUENTIAL) write_val(in, phi->dest, u->value);
        }
        /* Read all, then write all: the IR's parallel assignment. */
        for (int32_t p = 0; p < b->nphis; p++) write_val(in, in->upd[p].dest, in->upd[p].value);
        McEvent pe = event(in, MC_EV_PHIS);
        pe.phis = in->upd;
        pe.nphis = b->nphis;
        emit(in, &pe);
    }
    in->pc = 0;
}

/* ---- calls ----------------------------------------------------------------
 * A call of the stepped function runs here to its end on in->stack: a loop
 * over the innermost frame, pushing a frame at a call and popping it at a
 * return, so recursion costs heap, not C stack. */

static void frame_release(Frame *fr) {
    free(fr->vals);
    free(fr->bufs);
    locals_free(fr->locals, fr->f->nvalues);
}

static void unwind(McInterp *in) {
    while (in->nstack > 0) frame_release(&in->stack[--in->nstack]);
}

static void trap_in_call(McInterp *in, const char *msg) {
    unwind(in);
    finish(in, MC_TRAPPED, 0, msg);
}

/* A new innermost frame for g (its arguments not yet bound), or NULL after
 * the depth trap: the stepped function is frame 1. */
static Frame *push_frame(McInterp *in, const McFunc *g, int32_t dest) {
    if ((int64_t)in->nstack + 2 > in->opt.max_depth) {
        trap_in_call(in, MC_DEPTH_TRAP_MSG);
        return NULL;
    }
    if (in->nstack == in->capstack) {
        in->capstack = in->capstack ? in->capstack * 2 : 16;
        in->stack = mc_xrealloc(in->stack, (size_t)in->capstack * sizeof *in->stack);
    }
    Frame *fr = &in->stack[in->nstack++];
    memset(fr, 0, sizeof *fr);
    size_t nv = (size_t)(g->nvalues ? g->nvalues : 1);
    fr->f = g;
    fr->vals = mc_xcalloc(nv, sizeof *fr->vals);
    fr->bufs = mc_xcalloc(nv, sizeof *fr->bufs);
    fr->block = 0;
    fr->prev = MC_NONE;
    fr->pc = -1;
    fr->dest = dest;
    return fr;
}

static int32_t frame_read(const Frame *fr, McOperand o) { return o.kind == MC_OPND_CONST ? o.v : fr->vals[o.v]; }

/* Bind the arguments of call c, read in the caller (frame `caller`, or the
 * stepped function when caller is NULL), to the parameters of the new
 * innermost frame. */
static void bind_args(McInterp *in, const McCall *c, const Frame *caller, Frame *fr) {
    const McFunc *g = fr->f;
    for (int32_t k = 0; k < c->nargs; k++) {
        int32_t p = g->params[k];
        McOperand o = c->args[k];
        if (g->values[p].kind == MC_VAL_BUF)
            fr->bufs[p] = caller ? caller->bufs[o.v] : top_buf(in, o.v);
        else
            fr->vals[p] = caller ? frame_read(caller, o) : read_opnd(in, o);
    }
}

/* Entering the innermost frame's block: budget, interrupt, then phis. */
static bool frame_enter(McInterp *in, Frame *fr) {
    if (in->steps >= in->opt.max_steps) {
        trap_in_call(in, "execution step limit exceeded");
        return false;
    }
    in->steps++;
    in->call_steps++;
    if ((in->steps & 4095) == 0 && mc_interrupted(in->opt.interrupt)) {
        unwind(in);
        finish(in, MC_INTERRUPTED, 0, MC_INTERRUPTED_MSG);
        return false;
    }
    const McBlock *b = &fr->f->blocks[fr->block];
    if (b->nphis > in->captmp) {
        in->captmp = b->nphis;
        in->phitmp = mc_xrealloc(in->phitmp, (size_t)in->captmp * sizeof *in->phitmp);
    }
    for (int32_t p = 0; p < b->nphis; p++) {
        const McPhi *phi = &b->phis[p];
        int32_t k = 0;
        while (phi->args[k].block != fr->prev) k++; /* one entry per predecessor (verified) */
        in->phitmp[p] = frame_read(fr, phi->args[k].val);
        /* The classic mistake: each phi is assigned before the next one reads. */
        if (in->opt.phi_mode == MC_PHI_SEQUENTIAL) fr->vals[phi->dest] = in->phitmp[p];
    }
    for (int32_t p = 0; p < b->nphis; p++) fr->vals[b->phis[p].dest] = in->phitmp[p];
    fr->pc = 0;
    return true;
}

/* Run call instruction i of the stepped function to its return: true with
 * the result in *ret, or false when the run ended (trap, interrupt). */
static bool run_call(McInterp *in, const McInst *i, int32_t *ret) {
    const McCall *c = mc_inst_call(in->f, i);
    MC_ASSERT(c && c->callee);
    Frame *fr = push_frame(in, c->callee, MC_NONE);
    if (!fr) return false;
    bind_args(in, c, NULL, fr);
    for (;;) {
        fr = &in->stack[in->nstack - 1];
        const McFunc *g = fr->f;
        const McBlock *b = &g->blocks[fr->block];
        if (fr->pc < 0) {
            if (!frame_enter(in, fr)) return false;
            continue;
        }
        if (fr->pc < b->ninsts) {
            const McInst *x = &b->insts[fr->pc];
            in->insts++;
            switch (x->op) {
            case MC_OP_LOAD:
            case MC_OP_STORE: {
                McArg *buf = fr->bufs[x->a[0].v];
                int32_t index = frame_read(fr, x->a[1]);
                if (index < 0 || index >= buf->len) {
                    char msg[96];
                    snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)index, (long)buf->len);
                    trap_in_call(in, msg);
                    return false;
                }
                if (x->op == MC_OP_LOAD)
                    fr->vals[x->dest] = buf->data[index];
                else
                    buf->data[index] = frame_read(fr, x->a[2]);
                fr->pc++;
                break;
            }
            case MC_OP_BUFFER:
                fr->bufs[x->dest] = local_buffer(&fr->locals, g->nvalues, x->dest, x->a[0].v);
                fr->pc++;
                break;
            case MC_OP_CALL: {
                const McCall *cc = mc_inst_call(g, x);
                MC_ASSERT(cc && cc->callee);
                fr->pc++; /* where the caller goes on after the return */
                int32_t caller = in->nstack - 1;
                Frame *nf = push_frame(in, cc->callee, x->dest);
                if (!nf) return false;
                bind_args(in, cc, &in->stack[caller], nf);
                break;
            }
            default: {
                int32_t a = frame_read(fr, x->a[0]);
                int32_t bv = mc_op_info[x->op].nargs > 1 ? frame_read(fr, x->a[1]) : 0;
                if (mc_alu_traps((McOp)x->op, bv)) {
                    trap_in_call(in, MC_DIV_ZERO_MSG);
                    return false;
                }
                fr->vals[x->dest] = x->op == MC_OP_COPY ? a : mc_alu((McOp)x->op, a, bv);
                fr->pc++;
                break;
            }
            }
            continue;
        }
        const McTerm *t = &b->term;
        if (t->op == MC_OP_RET) {
            int32_t v = frame_read(fr, t->arg);
            int32_t dest = fr->dest;
            frame_release(fr);
            in->nstack--;
            if (in->nstack == 0) {
                *ret = v;
                return true;
            }
            if (dest != MC_NONE) in->stack[in->nstack - 1].vals[dest] = v;
            continue;
        }
        int32_t next = t->op == MC_OP_JUMP ? t->target[0] : t->target[frame_read(fr, t->arg) != 0 ? 0 : 1];
        fr->prev = fr->block;
        fr->block = next;
        fr->pc = -1;
    }
}

static void exec_inst(McInterp *in) {
    const McBlock *b = &in->f->blocks[in->block];
    const McInst *i = &b->insts[in->pc];
    const McOpInfo *info = &mc_op_info[i->op];
    McEvent ev = event(in, MC_EV_INST);
    ev.inst = in->pc;
    in->insts++;
    if (i->op == MC_OP_CALL || i->op == MC_OP_BUFFER) {
        int32_t r = 0;
        if (i->op == MC_OP_BUFFER) {
            ev.opnd[0] = i->a[0].v;
            local_buffer(&in->locals, in->f->nvalues, i->dest, i->a[0].v);
        } else if (!run_call(in, i, &r)) {
            emit_trap(in, &ev);
            return;
        } else if (i->dest == MC_NONE) {
            ev.result = r; /* the result dropped */
        } else {
            ev.result = r;
            ev.had_old = in->def[i->dest];
            ev.old = in->vals[i->dest];
            write_val(in, i->dest, r);
        }
        in->pc++;
        emit(in, &ev);
        return;
    }
    if (i->op == MC_OP_LOAD || i->op == MC_OP_STORE) {
        MC_ASSERT(i->a[0].kind == MC_OPND_VALUE);
        McArg *buf = top_buf(in, i->a[0].v);
        int32_t index = read_opnd(in, i->a[1]);
        int32_t value = i->op == MC_OP_STORE ? read_opnd(in, i->a[2]) : 0;
        ev.opnd[1] = index;
        ev.opnd[2] = value;
        if (index < 0 || index >= buf->len) {
            char msg[96];
            snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)index, (long)buf->len);
            finish(in, MC_TRAPPED, 0, msg);
            emit_trap(in, &ev);
            return;
        }
        McEvent me = event(in, MC_EV_MEM);
        me.inst = in->pc;
        me.buf = i->a[0].v;
        me.index = index;
        if (i->op == MC_OP_LOAD) {
            value = buf->data[index];
            ev.result = value;
            ev.had_old = in->def[i->dest];
            ev.old = in->vals[i->dest];
            write_val(in, i->dest, value);
        } else {
            buf->data[index] = value;
            me.is_store = true;
        }
        me.value = value;
        in->pc++;
        emit(in, &ev);
        emit(in, &me);
        return;
    }
    for (int k = 0; k < info->nargs; k++) ev.opnd[k] = read_opnd(in, i->a[k]);
    if (mc_alu_traps((McOp)i->op, ev.opnd[1])) {
        finish(in, MC_TRAPPED, 0, MC_DIV_ZERO_MSG);
        emit_trap(in, &ev);
        return;
    }
    int32_t r = i->op == MC_OP_COPY ? ev.opnd[0] : mc_alu((McOp)i->op, ev.opnd[0], ev.opnd[1]);
    ev.result = r;
    ev.had_old = in->def[i->dest];
    ev.old = in->vals[i->dest];
    write_val(in, i->dest, r);
    in->pc++;
    emit(in, &ev);
}

static void exec_term(McInterp *in) {
    const McBlock *b = &in->f->blocks[in->block];
    const McTerm *t = &b->term;
    McEvent ev = event(in, MC_EV_TERM);
    if (t->op == MC_OP_RET) {
        int32_t v = read_opnd(in, t->arg);
        ev.opnd[0] = v;
        finish(in, MC_RETURNED, v, NULL);
        emit(in, &ev);
        McEvent re = event(in, MC_EV_RETURN);
        re.outcome = &in->outcome;
        emit(in, &re);
        return;
    }
    int32_t next;
    if (t->op == MC_OP_JUMP) {
        next = t->target[0];
    } else {
        MC_ASSERT(t->op == MC_OP_BRANCH);
        ev.opnd[0] = read_opnd(in, t->arg);
        next = t->target[ev.opnd[0] != 0 ? 0 : 1];
    }
    ev.next = next;
    emit(in, &ev);
    in->prev = in->block;
    in->block = next;
    in->pc = -1;
}

bool mc_interp_step_inst(McInterp *in) {
    if (in->finished) return false;
    in->ticks++;
    const McBlock *b = &in->f->blocks[in->block];
    if (in->pc < 0)
        enter_block(in);
    else if (in->pc < b->ninsts)
        exec_inst(in);
    else
        exec_term(in);
    return true;
}

bool mc_interp_step_block(McInterp *in) {
    if (in->finished) return false;
    /* Finish the current block if stopped inside one, otherwise run the next. */
    do {
        mc_interp_step_inst(in);
    } while (!in->finished && in->pc != -1);
    return true;
}

/* ---- the fast path ------------------------------------------------------
 * From a block boundary (pc == -1, not finished), run exact run-path code
 * (run.h) until a breakpoint (bp may be NULL; the first entry is not
 * tested), entry number `until` + 1, the end, or the interrupt flag, then
 * bring the interpreter to exactly the state stepping would have reached:
 * values, buffers (updated in place), position, steps, instructions, ticks
 * and which values are defined. The code runs no observer. Which values
 * were written is known per block: a block that an edge left ran all its
 * instructions and its phis; the block where the run returned or trapped
 * ran its phis and the instructions before pc. */
static void mark_defs(McInterp *in, int32_t b, int32_t upto) {
    const McBlock *bl = &in->f->blocks[b];
    for (int32_t p = 0; p < bl->nphis; p++) in->def[bl->phis[p].dest] = true;
    for (int32_t k = 0; k < upto; k++)
        if (bl->insts[k].dest != MC_NONE) in->def[bl->insts[k].dest] = true;
}

/* The fast path of a function with calls or local buffers, which the run
 * path's code does not carry: stepping with the observer off, with the
 * same stops at block boundaries. */
static McStop slow_run(McInterp *in, const bool *bp, int64_t until) {
    McObserver obs = in->opt.observer;
    in->opt.observer = NULL;
    McStop why = MC_STOP_END;
    bool first = true;
    uint32_t n = 0;
    while (!in->finished) {
        if (in->pc == -1) {
            if (!first && bp && bp[in->block]) {
                why = MC_STOP_BREAK;
                break;
            }
            if (in->steps >= until) {
                why = MC_STOP_LIMIT;
                break;
            }
            if ((++n & 1023) == 0 && mc_interrupted(in->opt.interrupt)) {
                why = MC_STOP_INTERRUPT;
                break;
            }
        }
        first = false;
        mc_interp_step_inst(in);
    }
    in->opt.observer = obs;
    return why;
}

static McStop fast_run(McInterp *in, const bool *bp, int64_t until) {
    const McFunc *f = in->f;
    MC_ASSERT(!in->finished && in->pc == -1);
    if (in->calls) return slow_run(in, bp, until);
    if (!in->code) {
        in->code = mc_code_new_exact(f, in->opt.phi_mode == MC_PHI_SEQUENTIAL);
        in->brk = mc_xcalloc((size_t)f->nblocks, 1);
        in->done = mc_xcalloc((size_t)f->nblocks, 1);
    }
    for (int32_t b = 0; b < f->nblocks; b++) in->brk[b] = bp && bp[b] ? 1 : 0;
    memset(in->done, 0, (size_t)f->nblocks);
    McCodeState st;
    memset(&st, 0, sizeof st);
    st.vals = in->vals;
    st.block = in->block;
    st.prev = in->prev;
    st.steps = in->steps;
    st.insts = in->insts;
    st.max_steps = in->opt.max_steps;
    st.until = until;
    st.brk = in->brk;
    st.done = in->done;
    st.stop = in->opt.interrupt;
    McOutcome o;
    McCodeStop why = mc_code_resume(in->code, &in->args, &st, &o);
    int64_t entries = st.steps - in->steps, insts = st.insts - in->insts;
    for (int32_t b = 0; b < f->nblocks; b++)
        if (in->done[b]) mark_defs(in, b, f->blocks[b].ninsts);
    /* Ticks: an entry, each instruction, each terminator; a bounds trap
     * leaves its block's terminator unrun, a failed entry costs one. */
    int64_t terms = entries;
    if (why == MC_CODE_FINISHED && st.pc >= 0) {
        mark_defs(in, st.block, st.pc);
        if (o.kind == MC_TRAPPED) terms--;
    }
    bool failed_entry = why == MC_CODE_FINISHED && st.pc < 0;
    in->ticks += entries + insts + terms + (failed_entry ? 1 : 0);
    in->steps = st.steps;
    in->insts = st.insts;
    in->block = st.block;
    in->prev = st.prev;
    in->pc = st.pc;
    if (entries > 0) in->started = true;
    switch (why) {
    case MC_CODE_FINISHED: finish(in, o.kind, o.value, o.kind == MC_TRAPPED ? o.trap : NULL); return MC_STOP_END;
    case MC_CODE_AT_BREAK: return MC_STOP_BREAK;
    case MC_CODE_INTERRUPTED: return MC_STOP_INTERRUPT;
    default: return MC_STOP_LIMIT;
    }
}

McStop mc_interp_continue_until(McInterp *in, const bool *bp, int64_t until) {
    if (in->finished) return MC_STOP_END;
    if (in->pc != -1) {
        /* Finish the current block by stepping (with its events), then the
         * boundary it reaches is tested like any other. */
        while (!in->finished && in->pc != -1) mc_interp_step_inst(in);
        if (in->finished) return MC_STOP_END;
        if (bp && bp[in->block]) return MC_STOP_BREAK;
        if (mc_interrupted(in->opt.interrupt)) return MC_STOP_INTERRUPT;
    }
    return fast_run(in, bp, until);
}

McStop mc_interp_continue_fast(McInterp *in, const bool *bp) { return mc_interp_continue_until(in, bp, INT64_MAX); }

bool mc_interp_run_to(McInterp *in, int64_t steps) {
    if (in->finished || in->pc != -1) return false;
    if (in->steps >= steps) return true;
    fast_run(in, NULL, steps);
    return true;
}

McStop mc_interp_continue(McInterp *in, const bool *bp) {
    bool first = true;
    const McInterrupt *stop = in->opt.interrupt;
    while (!in->finished) {
        if (!first && in->pc == -1) {
            if (bp && bp[in->block]) return MC_STOP_BREAK;
            /* A volatile load per block entry: nothing next to the events. */
            if (mc_interrupted(stop)) return MC_STOP_INTERRUPT;
        }
        first = false;
        mc_interp_step_inst(in);
    }
    return MC_STOP_END;
}

bool mc_interp_finished(const McInterp *in, McOutcome *out) {
    if (in->finished && out) *out = in->outcome;
    return in->finished;
}

int32_t mc_interp_block(const McInterp *in) { return in->started || in->finished ? in->block : MC_NONE; }
int32_t mc_interp_pc(const McInterp *in) { return in->pc; }
int32_t mc_interp_prev_block(const McInterp *in) { return in->prev; }
int64_t mc_interp_steps(const McInterp *in) { return in->steps; }
int64_t mc_interp_ticks(const McInterp *in) { return in->ticks; }
int64_t mc_interp_call_steps(const McInterp *in) { return in->call_steps; }

bool mc_interp_value(const McInterp *in, int32_t value, int32_t *out) {
    if (value < 0 || value >= in->f->nvalues || !in->def[value]) return false;
    if (out) *out = in->vals[value];
    return true;
}

const McArgs *mc_interp_args(const McInterp *in) { return &in->args; }

const McArg *mc_interp_buffer(const McInterp *in, int32_t value) {
    if (value < 0 || value >= in->f->nvalues || in->f->values[value].kind != MC_VAL_BUF) return NULL;
    if (in->buf_param[value] >= 0) return &in->args.v[in->buf_param[value]];
    return in->locals && in->locals[value].is_buf ? &in->locals[value] : NULL;
}

void mc_interp_set_observer(McInterp *in, McObserver obs, void *ctx) {
    in->opt.observer = obs;
    in->opt.ctx = ctx;
}

void mc_interp_restore(McInterp *c, const McInterp *in) {
    const McFunc *f = in->f;
    MC_ASSERT(c->f == f);
    mc_args_free(&c->args);
    mc_args_copy(&c->args, &in->args);
    size_t nv = (size_t)f->nvalues;
    if (nv) {
        memcpy(c->vals, in->vals, nv * sizeof *c->vals);
        memcpy(c->def, in->def, nv * sizeof *c->def);
    }
    locals_free(c->locals, f->nvalues);
    c->locals = NULL;
    if (in->locals) {
        c->locals = mc_xcalloc(nv, sizeof *c->locals);
        for (size_t v = 0; v < nv; v++) {
            if (!in->locals[v].is_buf) continue;
            c->locals[v] = in->locals[v];
            c->locals[v].data = mc_xmalloc((size_t)in->locals[v].len * sizeof *c->locals[v].data);
            memcpy(c->locals[v].data, in->locals[v].data, (size_t)in->locals[v].len * sizeof *c->locals[v].data);
        }
    }
    c->block = in->block;
    c->prev = in->prev;
    c->pc = in->pc;
    c->started = in->started;
    c->steps = in->steps;
    c->call_steps = in->call_steps;
    c->insts = in->insts;
    c->ticks = in->ticks;
    c->finished = in->finished;
    c->outcome = in->outcome;
}

McInterp *mc_interp_clone(const McInterp *in) {
    McInterp *c = mc_interp_new(in->f, &in->start, &in->opt);
    mc_interp_restore(c, in);
    return c;
}

static McInterp *fresh_copy(const McInterp *in) {
    McInterpOptions o = in->opt;
    o.observer = NULL;
    o.ctx = NULL;
    return mc_interp_new(in->f, &in->start, &o);
}

McInterp *mc_interp_replay(const McInterp *in, int64_t steps) {
    McInterp *r = fresh_copy(in);
    if (r->calls) {
        /* Boundaries are the stepped function's: count its own entries. */
        while (!r->finished && !(r->steps - r->call_steps >= steps && r->pc == -1)) mc_interp_step_inst(r);
        r->opt.observer = in->opt.observer;
        r->opt.ctx = in->opt.ctx;
        return r;
    }
    mc_interp_run_to(r, steps); /* the fast path, then the same stepping loop (which has nothing left) */
    /* Stop at the block boundary after `steps` entries (before the next entry). */
    while (!r->finished && !(r->steps >= steps && r->pc == -1)) mc_interp_step_inst(r);
    r->opt.observer = in->opt.observer;
    r->opt.ctx = in->opt.ctx;
    return r;
}

McInterp *mc_interp_replay_ticks(const McInterp *in, int64_t ticks) {
    McInterp *r = fresh_copy(in);
    while (!r->finished && r->ticks < ticks) mc_interp_step_inst(r);
    r->opt.observer = in->opt.observer;
    r->opt.ctx = in->opt.ctx;
    return r;
}

McOutcome mc_interp_run(const McFunc *f, McArgs *args, const McInterpOptions *opt) {
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    if (opt) io = *opt;
    io.observer = NULL;
    io.ctx = NULL;
    McInterp *in = mc_interp_new(f, args, &io);
    McOutcome out;
    memset(&out, 0, sizeof out);
    if (slow_run(in, NULL, INT64_MAX) == MC_STOP_INTERRUPT) {
        out.kind = MC_INTERRUPTED;
        snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
        out.steps = in->steps;
        out.insts = in->insts;
    } else {
        out = in->outcome;
    }
    for (int32_t i = 0; i < args->n; i++) /* the buffers as the run left them */
        if (args->v[i].is_buf && args->v[i].len > 0)
            memcpy(args->v[i].data, in->args.v[i].data, (size_t)args->v[i].len * sizeof(int32_t));
    mc_interp_free(in);
    return out;
}
