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
};

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

static void exec_inst(McInterp *in) {
    const McBlock *b = &in->f->blocks[in->block];
    const McInst *i = &b->insts[in->pc];
    const McOpInfo *info = &mc_op_info[i->op];
    McEvent ev = event(in, MC_EV_INST);
    ev.inst = in->pc;
    in->insts++;
    if (i->op == MC_OP_LOAD || i->op == MC_OP_STORE) {
        MC_ASSERT(i->a[0].kind == MC_OPND_VALUE && in->buf_param[i->a[0].v] >= 0);
        McArg *buf = &in->args.v[in->buf_param[i->a[0].v]];
        int32_t index = read_opnd(in, i->a[1]);
        int32_t value = i->op == MC_OP_STORE ? read_opnd(in, i->a[2]) : 0;
        ev.opnd[1] = index;
        ev.opnd[2] = value;
        if (index < 0 || index >= buf->len) {
            char msg[96];
            snprintf(msg, sizeof msg, "buffer index %ld outside [0,%ld)", (long)index, (long)buf->len);
            finish(in, MC_TRAPPED, 0, msg);
            McEvent te = ev;
            te.kind = MC_EV_TRAP;
            te.outcome = &in->outcome;
            emit(in, &te);
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
        McEvent te = ev;
        te.kind = MC_EV_TRAP;
        te.outcome = &in->outcome;
        emit(in, &te);
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

bool mc_interp_value(const McInterp *in, int32_t value, int32_t *out) {
    if (value < 0 || value >= in->f->nvalues || !in->def[value]) return false;
    if (out) *out = in->vals[value];
    return true;
}

const McArgs *mc_interp_args(const McInterp *in) { return &in->args; }

void mc_interp_set_observer(McInterp *in, McObserver obs, void *ctx) {
    in->opt.observer = obs;
    in->opt.ctx = ctx;
}

static McInterp *fresh_copy(const McInterp *in) {
    McInterpOptions o = in->opt;
    o.observer = NULL;
    o.ctx = NULL;
    return mc_interp_new(in->f, &in->start, &o);
}

McInterp *mc_interp_replay(const McInterp *in, int64_t steps) {
    McInterp *r = fresh_copy(in);
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
