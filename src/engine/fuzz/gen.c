/* gen.c - the random program generator behind `minicc gen`, `minicc fuzz`,
 * the libFuzzer seed corpus and the pipeline benchmark.
 *
 * Contract: requires nothing but a seed and options; produces a new function
 * that passes mc_verify in the requested form and terminates within the
 * default step budget on the arguments of mc_gen_args (possibly trapping on an
 * out-of-range buffer index or a division by zero, never on the step
 * budget).
 *
 * The program is built structurally, the way a front end lowers a small
 * imperative language: a fixed pool of variables, statements that assign
 * them, and nested constructs (diamond, triangle, while and do-while loops
 * with break/continue, early return). The current value of every variable is
 * tracked in an environment. In mutable form a variable is one name assigned
 * many times; in SSA form every assignment makes a fresh name and each merge
 * point (join) gets a phi for every variable whose incoming values differ, so
 * SSA construction is exact and needs no dominance computation. A swap in a
 * loop body is only an environment permutation, which in SSA form becomes a
 * phi cycle on the back edge (the chapter's swap experiment).
 *
 * Every variable is combined into a value at the end, so all of them stay
 * live to the end (register pressure for small K); the function returns
 * that value, or one defined earlier, a variable's current value or a
 * parameter. Recursion depth is bounded by the nesting options, never by
 * the program size. */
#include <stdlib.h>
#include <string.h>

#include "minicc/gen.h"
#include "minicc/util.h"

/* ---- PRNG ------------------------------------------------------------------ */

void mc_rng_seed(McRng *r, uint64_t seed) { r->s = seed ^ 0x6a09e667f3bcc909ull; }

uint64_t mc_rng_next(McRng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

uint32_t mc_rng_below(McRng *r, uint32_t n) {
    MC_ASSERT(n > 0);
    return (uint32_t)(((mc_rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

bool mc_rng_chance(McRng *r, uint32_t percent) { return mc_rng_below(r, 100) < percent; }

void mc_gen_options_default(McGenOptions *o) {
    memset(o, 0, sizeof *o);
    o->size = 40;
    o->form = MC_GEN_EITHER;
    o->max_loop_depth = 2;
    o->max_nesting = 4;
    o->max_vars = 12;
    o->max_params = 3;
    o->max_bufs = 2;
    o->traps = true;
    o->step_budget = 20000;
}

/* ---- generator state ---------------------------------------------------------- */

#define NOMINAL_LEN 4 /* indices are mostly chosen in [0, NOMINAL_LEN) */
#define MAX_TRIP 4

/* Incoming edges of a merge block, each with the environment at its source. */
typedef struct Join {
    int32_t block;
    int32_t n, cap;
    int32_t *preds;
    McOperand **envs; /* SSA only */
} Join;

typedef struct Loop {
    Join *latch; /* `continue` target */
    Join *exit;  /* `break` target */
} Loop;

typedef struct Gen {
    McFunc *f;
    McRng r;
    McGenOptions o;
    bool ssa;
    int32_t cur;        /* block being filled */
    int32_t nvars;
    int32_t *var_val;   /* mutable form: the value handle of each variable */
    const char **var_base; /* name (mutable) or base of fresh names (SSA) */
    int32_t *var_next;  /* SSA: next suffix */
    McOperand *env;     /* current operand of each variable */
    int32_t bufs[8];
    int32_t nbufs;
    int32_t scalars[8]; /* scalar parameter handles */
    int32_t nscalars;
    int32_t counters[16]; /* active loop counters (value handles), innermost last */
    int32_t ncounters;
    int32_t ntemps;     /* SSA temporaries made so far; mutable: pool index */
    int32_t nloops;     /* loops made so far (counter names) */
    int32_t nlabels;    /* blocks named so far */
    int64_t work;       /* instructions emitted (zero-instruction statements count 1) */
    int64_t est;        /* estimated block entries of one run */
    int64_t weight;     /* estimated executions of the current block */
    int loop_depth, nesting;
    uint32_t rare;      /* chance of a trapping index or an early return, per 100000;
                           scaled down for big programs so most of the code runs */
    Loop *loop;         /* innermost loop or NULL */
    /* Calls (mc_gen_module): the functions this one may call, the estimated
     * block entries of one call of each, and for a helper its own entry in
     * that list (recursion), the depth parameter less one and its self calls. */
    McFunc *const *callees;
    const int64_t *callee_cost;
    int32_t ncallees;
    int32_t self;       /* index in callees of this function, -1 for the entry */
    int32_t depth_less; /* `dm = sub depth, 1` */
    int self_calls;
} Gen;

static uint32_t rnd(Gen *g, uint32_t n) { return mc_rng_below(&g->r, n); }
static bool chance(Gen *g, uint32_t pct) { return mc_rng_chance(&g->r, pct); }

static int32_t value_named(Gen *g, const char *fmt, const char *s, long n) {
    char buf[64];
    if (s)
        snprintf(buf, sizeof buf, fmt, s, n);
    else
        snprintf(buf, sizeof buf, fmt, n);
    int32_t v = mc_func_value_new(g->f, buf);
    if (v == MC_NONE) v = mc_func_value_fresh(g->f, buf);
    return v;
}

static int32_t block_new(Gen *g, const char *kind) {
    char buf[64];
    snprintf(buf, sizeof buf, "%s%ld", kind, (long)++g->nlabels);
    int32_t b = mc_func_block_add(g->f, buf);
    if (b == MC_NONE) b = mc_func_block_fresh(g->f, buf);
    g->est += g->weight;
    return b;
}

static void term_jump(Gen *g, int32_t from, int32_t to) {
    MC_ASSERT(!g->f->blocks[from].has_term);
    mc_block_set_jump(g->f, from, to);
}

static void term_branch(Gen *g, int32_t from, McOperand c, int32_t t, int32_t e) {
    MC_ASSERT(!g->f->blocks[from].has_term);
    mc_block_set_branch(g->f, from, c, t, e);
}

static void term_ret(Gen *g, int32_t from, McOperand v) {
    MC_ASSERT(!g->f->blocks[from].has_term);
    mc_block_set_ret(g->f, from, v);
}

static void emit(Gen *g, McOp op, int32_t dest, McOperand a, McOperand b, McOperand c) {
    McInst *i = mc_block_inst_add(g->f, g->cur);
    i->op = (uint8_t)op;
    i->dest = dest;
    i->a[0] = a;
    i->a[1] = b;
    i->a[2] = c;
    int n = mc_op_info[op].nargs;
    for (int k = n; k < 3; k++) i->a[k] = (McOperand){MC_OPND_NONE, 0, {0}};
    g->work++;
}

static const McOperand NO_OPND = {MC_OPND_NONE, 0, {0}};

/* ---- operands ---------------------------------------------------------------- */

static int32_t pick_const(Gen *g) {
    static const int32_t edge[] = {INT32_MIN, INT32_MAX, -1, 0, 1, INT32_MIN + 1, INT32_MAX - 1,
                                   65536, -65536, 46341, 2, 3};
    switch (rnd(g, 10)) {
    case 0:
    case 1: return edge[rnd(g, sizeof edge / sizeof edge[0])];
    case 2: return (int32_t)(uint32_t)mc_rng_next(&g->r);
    default: return (int32_t)rnd(g, 25) - 8;
    }
}

static McOperand pick_var(Gen *g) { return g->env[rnd(g, (uint32_t)g->nvars)]; }

/* Any scalar operand: a variable, a constant, a loop counter or a parameter. */
static McOperand pick_opnd(Gen *g) {
    uint32_t k = rnd(g, 100);
    if (k < 62) return pick_var(g);
    if (k < 80) return mc_const(pick_const(g));
    if (k < 92 && g->ncounters) return mc_val(g->counters[rnd(g, (uint32_t)g->ncounters)]);
    if (g->nscalars) return mc_val(g->scalars[rnd(g, (uint32_t)g->nscalars)]);
    return pick_var(g);
}

/* A destination for a short-lived temporary. */
static int32_t temp(Gen *g) {
    if (g->ssa) return value_named(g, "t%ld", NULL, (long)++g->ntemps);
    char name[16];
    snprintf(name, sizeof name, "t%ld", (long)(g->ntemps++ % 3));
    return mc_func_value(g->f, name); /* a small pool, reassigned */
}

/* Assign variable v: returns the destination handle and updates env. */
static int32_t assign_dest(Gen *g, int32_t v) {
    int32_t d;
    if (g->ssa)
        d = value_named(g, "%s.%ld", g->var_base[v], (long)++g->var_next[v]);
    else
        d = g->var_val[v];
    return d;
}

static McOp pick_alu(Gen *g) {
    uint32_t k = rnd(g, 100);
    if (k < 20) return MC_OP_ADD;
    if (k < 34) return MC_OP_SUB;
    if (k < 46) return MC_OP_MUL;
    if (k < 54) return MC_OP_LT;
    if (k < 60) return MC_OP_LE;
    if (k < 67) return MC_OP_EQ;
    if (k < 74) return MC_OP_NE;
    if (k < 78) return MC_OP_AND;
    if (k < 82) return MC_OP_OR;
    if (k < 86) return MC_OP_XOR;
    if (k < 90) return MC_OP_SHL;
    if (k < 94) return MC_OP_SHR;
    if (k < 97) return MC_OP_DIV;
    return MC_OP_REM;
}

/* A buffer index: mostly in [0, NOMINAL_LEN), sometimes anything. */
static McOperand pick_index(Gen *g) {
    uint32_t k = rnd(g, 100);
    uint32_t risk = rnd(g, 100000);
    if (g->o.traps && risk < g->rare / 2) {
        static const int32_t bad[] = {-1, NOMINAL_LEN, NOMINAL_LEN + 3, INT32_MIN, INT32_MAX, 100};
        return mc_const(bad[rnd(g, sizeof bad / sizeof bad[0])]);
    }
    if (g->o.traps && risk < g->rare) return pick_var(g);
    if (k < 35 && g->ncounters) return mc_val(g->counters[rnd(g, (uint32_t)g->ncounters)]);
    if (k < 45 && g->ncounters) {
        /* counter + small offset, computed into a temporary */
        int32_t t = temp(g);
        emit(g, MC_OP_ADD, t, mc_val(g->counters[g->ncounters - 1]), mc_const((int32_t)rnd(g, 2)), NO_OPND);
        return mc_val(t);
    }
    return mc_const((int32_t)rnd(g, NOMINAL_LEN));
}

/* A branch condition: a comparison into a temporary, a variable, or a constant. */
static McOperand pick_cond(Gen *g) {
    uint32_t k = rnd(g, 100);
    if (k < 65) {
        static const McOp cmp[] = {MC_OP_LT, MC_OP_LE, MC_OP_EQ, MC_OP_NE};
        int32_t t = temp(g);
        McOperand a = pick_opnd(g), b = chance(g, 50) ? mc_const((int32_t)rnd(g, 9) - 3) : pick_opnd(g);
        emit(g, cmp[rnd(g, 4)], t, a, b, NO_OPND);
        return mc_val(t);
    }
    if (k < 92 || g->o.opaque) return pick_var(g);
    return mc_const((int32_t)rnd(g, 2));
}

/* ---- joins ------------------------------------------------------------------------ */

static Join *join_new(Gen *g, const char *kind) {
    Join *j = mc_xcalloc(1, sizeof *j);
    j->block = block_new(g, kind);
    return j;
}

/* Record the edge from the current block (its terminator is set by the caller). */
static void join_add(Gen *g, Join *j) {
    for (int32_t i = 0; i < j->n; i++)
        if (j->preds[i] == g->cur) return; /* `branch c, L, L`: one incoming entry */
    if (j->n == j->cap) {
        j->cap = j->cap ? 2 * j->cap : 4;
        j->preds = mc_xrealloc(j->preds, (size_t)j->cap * sizeof *j->preds);
        j->envs = mc_xrealloc(j->envs, (size_t)j->cap * sizeof *j->envs);
    }
    j->preds[j->n] = g->cur;
    j->envs[j->n] = NULL;
    if (g->ssa) {
        j->envs[j->n] = mc_xmalloc((size_t)g->nvars * sizeof(McOperand));
        memcpy(j->envs[j->n], g->env, (size_t)g->nvars * sizeof(McOperand));
    }
    j->n++;
}

/* Make the join block current: phis for every variable whose incoming values
 * differ. Frees j. */
static void join_finish(Gen *g, Join *j) {
    MC_ASSERT(j->n > 0);
    g->cur = j->block;
    if (g->ssa) {
        for (int32_t v = 0; v < g->nvars; v++) {
            McOperand first = j->envs[0][v];
            bool same = true;
            for (int32_t i = 1; i < j->n && same; i++) same = mc_opnd_eq(j->envs[i][v], first);
            if (same) {
                g->env[v] = first;
                continue;
            }
            int32_t d = assign_dest(g, v);
            int32_t p = mc_block_phi_add(g->f, j->block, d);
            for (int32_t i = 0; i < j->n; i++) mc_phi_arg_add(g->f, j->block, p, j->preds[i], j->envs[i][v]);
            g->env[v] = mc_val(d);
        }
    }
    for (int32_t i = 0; i < j->n; i++) free(j->envs[i]);
    free(j->envs);
    free(j->preds);
    free(j);
}

/* ---- statements ------------------------------------------------------------------- */

static void gen_seq(Gen *g, int64_t quota);

static void set_var(Gen *g, int32_t v, McOp op, McOperand a, McOperand b, McOperand c) {
    int32_t d = assign_dest(g, v);
    emit(g, op, d, a, b, c);
    g->env[v] = mc_val(d);
}

/* The divisor of a div or rem whose other candidate operand is b. Mostly
 * one that cannot be zero: -1 (so INT_MIN / -1 comes up), another non-zero
 * constant, or `t = or b, 1` (the guard a front end writes). Rarely, when
 * traps are allowed, b itself (it may be zero) or the constant 0: such a
 * run traps `division by zero`, which every stage must report the same
 * way, and the optimizer must not fold away. */
static McOperand pick_divisor(Gen *g, McOperand b) {
    uint32_t risk = rnd(g, 100000);
    if (g->o.traps && risk < g->rare * 6) return b;
    if (g->o.traps && risk < g->rare * 6 + g->rare / 4) return mc_const(0);
    uint32_t k = rnd(g, 100);
    if (k < 15) return mc_const(-1);
    if (k < 40) {
        int32_t c = pick_const(g);
        return mc_const(c ? c : 7);
    }
    int32_t t = temp(g);
    emit(g, MC_OP_OR, t, b.kind == MC_OPND_CONST ? pick_var(g) : b, mc_const(1), NO_OPND);
    return mc_val(t);
}

static void stmt_arith(Gen *g) {
    int32_t v = (int32_t)rnd(g, (uint32_t)g->nvars);
    McOperand a = pick_opnd(g), b = pick_opnd(g);
    if (a.kind == MC_OPND_CONST && b.kind == MC_OPND_CONST && (g->o.opaque || chance(g, 70))) a = pick_var(g);
    McOp op = pick_alu(g);
    if (mc_op_info[op].flags & MC_OPF_DIV) b = pick_divisor(g, b);
    set_var(g, v, op, a, b, NO_OPND);
}

static void stmt_copy(Gen *g) {
    int32_t v = (int32_t)rnd(g, (uint32_t)g->nvars);
    McOperand a = chance(g, 25) && !g->o.opaque ? mc_const(pick_const(g)) : pick_opnd(g);
    if (g->o.opaque && a.kind == MC_OPND_CONST) a = pick_var(g);
    if (g->ssa && a.kind == MC_OPND_CONST && chance(g, 50)) {
        g->env[v] = a; /* a constant flows straight into uses and phis */
        g->work++;
        return;
    }
    set_var(g, v, MC_OP_COPY, a, NO_OPND, NO_OPND);
}

static void stmt_load(Gen *g) {
    int32_t v = (int32_t)rnd(g, (uint32_t)g->nvars);
    McOperand buf = mc_val(g->bufs[rnd(g, (uint32_t)g->nbufs)]);
    McOperand idx = pick_index(g);
    set_var(g, v, MC_OP_LOAD, buf, idx, NO_OPND);
}

static void stmt_store(Gen *g) {
    McOperand buf = mc_val(g->bufs[rnd(g, (uint32_t)g->nbufs)]);
    McOperand idx = pick_index(g);
    emit(g, MC_OP_STORE, MC_NONE, buf, idx, pick_opnd(g));
}

/* Permute two or three variables (a swap or a rotation). */
static void stmt_permute(Gen *g) {
    if (g->nvars < 2) return;
    int32_t n = g->nvars >= 3 && chance(g, 35) ? 3 : 2;
    int32_t v[3];
    v[0] = (int32_t)rnd(g, (uint32_t)g->nvars);
    v[1] = (v[0] + 1 + (int32_t)rnd(g, (uint32_t)g->nvars - 1)) % g->nvars;
    v[2] = v[0];
    if (n == 3) {
        do v[2] = (int32_t)rnd(g, (uint32_t)g->nvars);
        while (v[2] == v[0] || v[2] == v[1]);
    }
    if (g->ssa) {
        McOperand first = g->env[v[0]];
        for (int32_t i = 0; i + 1 < n; i++) g->env[v[i]] = g->env[v[i + 1]];
        g->env[v[n - 1]] = first;
        g->work++;
        return;
    }
    int32_t t = temp(g);
    emit(g, MC_OP_COPY, t, g->env[v[0]], NO_OPND, NO_OPND);
    for (int32_t i = 0; i + 1 < n; i++) emit(g, MC_OP_COPY, g->var_val[v[i]], g->env[v[i + 1]], NO_OPND, NO_OPND);
    emit(g, MC_OP_COPY, g->var_val[v[n - 1]], mc_val(t), NO_OPND, NO_OPND);
}

static int64_t sub_quota(Gen *g, int64_t quota) {
    if (quota <= 2) return 1;
    int64_t cap = quota / 2 > 1000000 ? 1000000 : quota / 2;
    if (g->o.max_construct > 0 && cap > g->o.max_construct) cap = g->o.max_construct;
    return 1 + (int64_t)rnd(g, (uint32_t)cap);
}

/* if c { A } else { B } */
static void stmt_diamond(Gen *g, int64_t quota) {
    McOperand c = pick_cond(g);
    int32_t head = g->cur;
    int32_t tb = block_new(g, "then"), eb = block_new(g, "else");
    term_branch(g, head, c, tb, eb);
    McOperand *saved = mc_xmalloc((size_t)g->nvars * sizeof *saved);
    memcpy(saved, g->env, (size_t)g->nvars * sizeof *saved);
    Join *j = join_new(g, "join");
    g->nesting++;
    g->cur = tb;
    gen_seq(g, sub_quota(g, quota));
    join_add(g, j);
    term_jump(g, g->cur, j->block);
    memcpy(g->env, saved, (size_t)g->nvars * sizeof *saved);
    g->cur = eb;
    gen_seq(g, sub_quota(g, quota));
    join_add(g, j);
    term_jump(g, g->cur, j->block);
    g->nesting--;
    free(saved);
    join_finish(g, j);
}

/* if c { A }: the edge head -> join is critical when the join has phis. */
static void stmt_triangle(Gen *g, int64_t quota) {
    McOperand c = pick_cond(g);
    int32_t head = g->cur;
    int32_t tb = block_new(g, "then");
    Join *j = join_new(g, "join");
    bool flip = chance(g, 30);
    term_branch(g, head, c, flip ? j->block : tb, flip ? tb : j->block);
    join_add(g, j);
    g->nesting++;
    g->cur = tb;
    gen_seq(g, sub_quota(g, quota));
    join_add(g, j);
    term_jump(g, g->cur, j->block);
    g->nesting--;
    join_finish(g, j);
}

/* branch c, L, L (or a plain jump): a block boundary without control flow. */
static void stmt_split(Gen *g) {
    int32_t head = g->cur;
    Join *j = join_new(g, "next");
    if (chance(g, 50)) {
        McOperand c = pick_cond(g);
        term_branch(g, head, c, j->block, j->block);
    } else {
        term_jump(g, head, j->block);
    }
    join_add(g, j);
    join_finish(g, j);
}

/* if c { return v } */
static void stmt_early_return(Gen *g) {
    McOperand c = pick_cond(g);
    int32_t head = g->cur;
    int32_t rb = block_new(g, "ret"), nb = block_new(g, "next");
    bool flip = chance(g, 50);
    term_branch(g, head, c, flip ? nb : rb, flip ? rb : nb);
    g->cur = rb;
    McOperand v = pick_opnd(g);
    term_ret(g, rb, v);
    g->cur = nb;
}

/* break / continue out of the innermost loop */
static void stmt_loop_exit(Gen *g, bool is_break) {
    McOperand c = pick_cond(g);
    int32_t head = g->cur;
    Join *j = is_break ? g->loop->exit : g->loop->latch;
    int32_t nb = block_new(g, "next");
    bool flip = chance(g, 50);
    term_branch(g, head, c, flip ? nb : j->block, flip ? j->block : nb);
    join_add(g, j);
    g->cur = nb;
}

/* The loop test on counter value c: lt c, N / le c, N-1 / ne c, N / lt 0, c. */
static void loop_test(Gen *g, int32_t t, int shape, int32_t c, int32_t trip) {
    if (shape == 0) emit(g, MC_OP_LT, t, mc_val(c), mc_const(trip), NO_OPND);
    else if (shape == 1) emit(g, MC_OP_LE, t, mc_val(c), mc_const(trip - 1), NO_OPND);
    else if (shape == 2) emit(g, MC_OP_NE, t, mc_val(c), mc_const(trip), NO_OPND);
    else emit(g, MC_OP_LT, t, mc_const(0), mc_val(c), NO_OPND);
}

/* A counted loop: while (test i) { body; i += step } or do { body; i += step }
 * while (test i). The counter is never assigned by the body, so the trip
 * count is fixed; the body may break to the exit or continue to the latch. */
static void stmt_loop(Gen *g, int64_t quota) {
    int32_t trip = (int32_t)rnd(g, MAX_TRIP + 1);
    bool do_while = chance(g, 40);
    if (do_while && trip == 0) trip = 1;
    if (g->est + g->weight * (trip + 1) * 24 > g->o.step_budget) trip = do_while ? 1 : (int32_t)rnd(g, 2);
    int32_t lid = g->nloops++;
    int32_t pre = g->cur;
    int64_t saved_weight = g->weight;
    g->weight *= trip + 1;

    /* Counter shape: 0 up to trip (lt / le / ne), or trip down to 0. */
    int shape = (int)rnd(g, 4);
    int32_t start = shape == 3 ? trip : 0;
    char cbase[32];
    snprintf(cbase, sizeof cbase, "i%ld", (long)lid);
    if (mc_is_reserved(cbase, strlen(cbase))) strcat(cbase, "_"); /* i32 */
    int32_t ctr = mc_func_value_new(g->f, cbase);
    if (ctr == MC_NONE) ctr = mc_func_value_fresh(g->f, cbase);

    McOperand *pre_env = NULL;
    int32_t *phi_of = NULL, ctr_phi = -1;
    if (!g->ssa) emit(g, MC_OP_COPY, ctr, mc_const(start), NO_OPND, NO_OPND);
    int32_t head = block_new(g, "head");
    term_jump(g, pre, head);
    if (g->ssa) {
        pre_env = mc_xmalloc((size_t)g->nvars * sizeof *pre_env);
        memcpy(pre_env, g->env, (size_t)g->nvars * sizeof *pre_env);
        ctr_phi = mc_block_phi_add(g->f, head, ctr);
        mc_phi_arg_add(g->f, head, ctr_phi, pre, mc_const(start));
        phi_of = mc_xmalloc((size_t)g->nvars * sizeof *phi_of);
        for (int32_t v = 0; v < g->nvars; v++) {
            int32_t d = assign_dest(g, v);
            phi_of[v] = mc_block_phi_add(g->f, head, d);
            mc_phi_arg_add(g->f, head, phi_of[v], pre, pre_env[v]);
            g->env[v] = mc_val(d);
        }
    }
    g->cur = head;
    Join *latch = mc_xcalloc(1, sizeof *latch);
    Join *exit = mc_xcalloc(1, sizeof *exit);
    Loop lp = {latch, exit}, *outer = g->loop;
    if (!do_while) {
        int32_t t = temp(g);
        loop_test(g, t, shape, ctr, trip);
        int32_t body = block_new(g, "body");
        exit->block = block_new(g, "exit");
        term_branch(g, head, mc_val(t), body, exit->block);
        join_add(g, exit); /* the header's environment: its phis */
        g->cur = body;
    } else {
        exit->block = block_new(g, "exit");
    }
    latch->block = block_new(g, "latch");

    g->counters[g->ncounters++] = ctr;
    g->loop = &lp;
    g->loop_depth++;
    g->nesting++;
    gen_seq(g, quota);
    g->nesting--;
    g->loop_depth--;
    g->loop = outer;
    g->ncounters--;

    join_add(g, latch);
    term_jump(g, g->cur, latch->block);
    join_finish(g, latch);
    int32_t next = g->ssa ? value_named(g, "%s.%ld", cbase, 1) : ctr;
    int32_t step = shape == 3 ? -1 : 1;
    if (chance(g, 50))
        emit(g, MC_OP_ADD, next, mc_val(ctr), mc_const(step), NO_OPND);
    else
        emit(g, MC_OP_SUB, next, mc_val(ctr), mc_const(-step), NO_OPND);
    int32_t latch_blk = g->cur;
    if (g->ssa) {
        mc_phi_arg_add(g->f, head, ctr_phi, latch_blk, mc_val(next));
        for (int32_t v = 0; v < g->nvars; v++) mc_phi_arg_add(g->f, head, phi_of[v], latch_blk, g->env[v]);
    }
    if (do_while) {
        int32_t t = temp(g);
        loop_test(g, t, shape, next, trip);
        term_branch(g, latch_blk, mc_val(t), head, exit->block);
        join_add(g, exit); /* the latch's environment */
    } else {
        term_jump(g, latch_blk, head);
    }
    free(pre_env);
    free(phi_of);
    g->weight = saved_weight;
    join_finish(g, exit);
    /* The counter's final value, live after the loop. */
    if (chance(g, 30)) {
        int32_t v = (int32_t)rnd(g, (uint32_t)g->nvars);
        if (g->ssa && chance(g, 50)) {
            g->env[v] = mc_val(ctr);
            g->work++;
        } else {
            set_var(g, v, MC_OP_COPY, mc_val(ctr), NO_OPND, NO_OPND);
        }
    }
}

/* `v = call h(...)` or `call h(...)`: a helper later in the module with a
 * small constant depth, or this helper itself with its depth less one
 * (outside loops, twice at most: bounded recursion); scalar arguments any
 * operands, buffer arguments this function's buffers (passed down, so the
 * callee's stores are seen here). False when the call does not fit: no
 * buffer to pass, or over the step budget. */
static bool stmt_call(Gen *g) {
    int32_t j = (int32_t)rnd(g, (uint32_t)g->ncallees);
    bool self = j == g->self;
    if (self && (g->weight > 1 || g->self_calls >= 2)) return false;
    McFunc *h = self ? g->f : g->callees[j]; /* its own entry is not filled in yet */
    int64_t cost = self ? 0 : g->weight * g->callee_cost[j];
    if (g->est + cost > g->o.step_budget) return false;
    for (int32_t q = 1; q < h->nparams; q++)
        if (h->values[h->params[q]].kind == MC_VAL_BUF && g->nbufs == 0) return false;
    int32_t c = mc_func_call_add(g->f, h->name, strlen(h->name), h->nparams);
    McCall *cl = &g->f->calls[c];
    cl->callee = h;
    cl->args[0] = self ? mc_val(g->depth_less) : mc_const((int32_t)rnd(g, 4));
    for (int32_t q = 1; q < h->nparams; q++)
        cl->args[q] = h->values[h->params[q]].kind == MC_VAL_BUF ? mc_val(g->bufs[rnd(g, (uint32_t)g->nbufs)])
                                                                 : pick_opnd(g);
    int32_t v = (int32_t)rnd(g, (uint32_t)g->nvars);
    int32_t d = chance(g, 85) ? assign_dest(g, v) : MC_NONE;
    emit(g, MC_OP_CALL, d, NO_OPND, NO_OPND, NO_OPND);
    McInst *in = &g->f->blocks[g->cur].insts[g->f->blocks[g->cur].ninsts - 1];
    in->a[0].v = c;
    if (d != MC_NONE) g->env[v] = mc_val(d);
    if (self) g->self_calls++;
    g->est += cost;
    return true;
}

static void gen_stmt(Gen *g, int64_t quota) {
    for (;;) {
        if (g->ncallees && chance(g, 10) && stmt_call(g)) return;
        uint32_t k = rnd(g, 100);
        bool nest_ok = g->nesting < g->o.max_nesting && quota > 3;
        if (k < 30) { stmt_arith(g); return; }
        if (k < 38) { stmt_copy(g); return; }
        if (k < 45) {
            if (!g->nbufs) continue;
            { stmt_load(g); return; }
        }
        if (k < 51) {
            if (!g->nbufs) continue;
            { stmt_store(g); return; }
        }
        if (k < 56) { stmt_permute(g); return; }
        if (k < 65) {
            if (!nest_ok) continue;
            { stmt_diamond(g, quota); return; }
        }
        if (k < 71) {
            if (!nest_ok) continue;
            { stmt_triangle(g, quota); return; }
        }
        if (k < 81) {
            if (!nest_ok || g->loop_depth >= g->o.max_loop_depth) continue;
            { stmt_loop(g, sub_quota(g, quota)); return; }
        }
        if (k < 85) { stmt_split(g); return; }
        if (k < 87) {
            if (g->o.opaque || rnd(g, 100000) >= g->rare / 2) continue;
            stmt_early_return(g);
            return;
        }
        if (k < 93) {
            if (!g->loop) continue;
            { stmt_loop_exit(g, k < 90); return; }
        }
        { stmt_arith(g); return; }
    }
}

static void gen_seq(Gen *g, int64_t quota) {
    int64_t end = g->work + quota;
    while (g->work < end) gen_stmt(g, end - g->work);
}

/* ---- the function ----------------------------------------------------------------- */

static const char VAR_LETTERS[] = "abcdefghjklnoqrsuvwxyz"; /* not i, m, p, t */

/* The options (opt, or the defaults) clamped to what the generator
 * supports, the random stream seeded, the form drawn. */
static void gen_setup(Gen *g, uint64_t seed, const McGenOptions *opt) {
    memset(g, 0, sizeof *g);
    if (opt)
        g->o = *opt;
    else
        mc_gen_options_default(&g->o);
    if (g->o.size < 1) g->o.size = 1;
    if (g->o.max_vars < 1) g->o.max_vars = 1;
    if (g->o.max_vars > 64) g->o.max_vars = 64;
    if (g->o.max_params < 0) g->o.max_params = 0;
    if (g->o.max_params > 8) g->o.max_params = 8;
    if (g->o.max_bufs < 0) g->o.max_bufs = 0;
    if (g->o.max_bufs > 8) g->o.max_bufs = 8;
    if (g->o.max_loop_depth > 15) g->o.max_loop_depth = 15;
    if (g->o.step_budget <= 0) g->o.step_budget = 20000;
    mc_rng_seed(&g->r, seed);
    g->ssa = g->o.form == MC_GEN_SSA || (g->o.form == MC_GEN_EITHER && chance(g, 50));
    g->weight = 1;
    g->rare = g->o.size <= 60 ? 3000 : (uint32_t)(3000 * 60 / g->o.size);
    if (g->rare < 2) g->rare = 2;
}

/* Parameters, scalars and buffers interleaved in a random order. */
static void gen_params(Gen *g) {
    int32_t ns = (int32_t)rnd(g, (uint32_t)g->o.max_params + 1);
    if (g->o.opaque && ns < 2) ns = g->o.max_params < 2 ? g->o.max_params : 2;
    int32_t nb = (int32_t)rnd(g, (uint32_t)g->o.max_bufs + 1);
    if (g->o.max_bufs > 0 && nb == 0 && chance(g, 60)) nb = 1;
    for (int32_t si = 0, bi = 0; si < ns || bi < nb;) {
        char name[16];
        if (bi < nb && (si == ns || chance(g, 50))) {
            snprintf(name, sizeof name, "m%ld", (long)bi++);
            g->bufs[g->nbufs++] = mc_func_param_add(g->f, name, MC_VAL_BUF);
        } else {
            snprintf(name, sizeof name, "p%ld", (long)si++);
            g->scalars[g->nscalars++] = mc_func_param_add(g->f, name, MC_VAL_I32);
        }
    }
}

/* The variables: their number drawn, their arrays allocated, their names
 * (a letter, then vN) returned (the caller frees them). */
static char **gen_var_names(Gen *g) {
    g->nvars = 2 + (int32_t)rnd(g, (uint32_t)(g->o.max_vars > 2 ? g->o.max_vars - 1 : 1));
    if (g->nvars > g->o.max_vars) g->nvars = g->o.max_vars;
    g->var_val = mc_xcalloc((size_t)g->nvars, sizeof *g->var_val);
    g->var_base = mc_xcalloc((size_t)g->nvars, sizeof *g->var_base);
    g->var_next = mc_xcalloc((size_t)g->nvars, sizeof *g->var_next);
    g->env = mc_xcalloc((size_t)g->nvars, sizeof *g->env);
    char **names = mc_xcalloc((size_t)g->nvars, sizeof *names);
    int32_t nletters = (int32_t)strlen(VAR_LETTERS);
    for (int32_t v = 0; v < g->nvars; v++) {
        char name[16];
        char letter[2] = {v < nletters ? VAR_LETTERS[v] : 0, 0};
        /* a helper names its depth test `z` first: its 22nd variable is v21 */
        if (v < nletters && mc_func_find_value(g->f, letter) == MC_NONE)
            snprintf(name, sizeof name, "%s", letter);
        else
            snprintf(name, sizeof name, "v%ld", (long)v);
        names[v] = mc_xstrdup(name);
        g->var_base[v] = names[v];
    }
    return names;
}

/* Initial values. Mutable form: some variables are the scalar parameters
 * themselves (reassigned later); the rest get a first assignment. */
static void gen_var_inits(Gen *g, char **names) {
    McFunc *f = g->f;
    int32_t used_params = 0;
    for (int32_t v = 0; v < g->nvars; v++) {
        if (!g->ssa && used_params < g->nscalars && chance(g, 40)) {
            g->var_val[v] = g->scalars[used_params++];
            g->var_base[v] = f->values[g->var_val[v]].name;
            g->env[v] = mc_val(g->var_val[v]);
            continue;
        }
        if (!g->ssa) g->var_val[v] = mc_func_value_new(f, names[v]);
        McOperand init = g->nscalars && (g->o.opaque || chance(g, 40))
                             ? mc_val(g->scalars[rnd(g, (uint32_t)g->nscalars)])
                             : mc_const(pick_const(g));
        if (g->o.opaque && g->nscalars) {
            /* a distinct non-constant start for every variable */
            int32_t d = assign_dest(g, v);
            emit(g, MC_OP_ADD, d, init, mc_const((int32_t)v + 1), NO_OPND);
            g->env[v] = mc_val(d);
        } else if (g->ssa && chance(g, 50)) {
            g->env[v] = init;
        } else {
            int32_t d = assign_dest(g, v);
            emit(g, chance(g, 20) && init.kind == MC_OPND_CONST ? MC_OP_ADD : MC_OP_COPY, d, init,
                 mc_const(0), NO_OPND);
            g->env[v] = mc_val(d);
        }
    }
}

/* Combine every variable into the result so all stay live to the end, and
 * return it. */
static void gen_result(Gen *g) {
    McOperand acc = g->env[0];
    McOperand *chain = mc_xmalloc((size_t)g->nvars * sizeof *chain); /* acc after each step */
    chain[0] = acc;
    for (int32_t v = 1; v < g->nvars; v++) {
        int32_t t = temp(g);
        static const McOp comb[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_ADD};
        McOp op = comb[rnd(g, 4)];
        if (op == MC_OP_MUL) {
            /* mul by an odd constant keeps information */
            int32_t k = t;
            emit(g, MC_OP_MUL, k, g->env[v], mc_const(2 * (int32_t)rnd(g, 50) + 1), NO_OPND);
            int32_t t2 = temp(g);
            emit(g, MC_OP_ADD, t2, acc, mc_val(k), NO_OPND);
            acc = mc_val(t2);
        } else {
            emit(g, op, t, acc, g->env[v], NO_OPND);
            acc = mc_val(t);
        }
        chain[v] = acc;
    }
    /* Usually the value defined last; sometimes one defined earlier (a step
     * of the chain, whose later steps are then dead: live ranges that end at
     * the return, not before the definitions after them), a variable's
     * current value (a phi, a parameter or an assignment) or a parameter,
     * so that an allocator treating the return operand as dead at the block
     * end gives a wrong answer (issue 26). Drawn after everything else, so
     * the body for a seed is what it was. */
    uint32_t k = rnd(g, 100);
    McOperand ret = acc;
    if (k < 20 && g->nvars > 1) ret = chain[rnd(g, (uint32_t)g->nvars - 1)];
    else if (k < 35) ret = g->env[rnd(g, (uint32_t)g->nvars)];
    else if (k < 45 && g->nscalars) ret = mc_val(g->scalars[rnd(g, (uint32_t)g->nscalars)]);
    free(chain);
    term_ret(g, g->cur, ret);
}

/* A local buffer `lb = buffer N` (N zeros, a nominal length) in the
 * current block, among the function's buffers. */
static void gen_local_buffer(Gen *g) {
    if (g->nbufs >= 8) return;
    int32_t v = mc_func_value_new(g->f, "lb");
    g->f->values[v].kind = MC_VAL_BUF;
    emit(g, MC_OP_BUFFER, v, mc_const(NOMINAL_LEN + (int32_t)rnd(g, 3)), NO_OPND, NO_OPND);
    g->bufs[g->nbufs++] = v;
}

/* The function named `name`: mc_gen's, and with calls (callees non-empty)
 * its calls; a helper (self >= 0) takes its depth first and returns at
 * once when it is 0 or less. *cost: its estimated block entries. */
static McFunc *gen_function(uint64_t seed, const McGenOptions *opt, const char *name, McFunc *const *callees,
                            const int64_t *callee_cost, int32_t ncallees, int32_t self, int64_t *cost) {
    Gen g0, *g = &g0;
    gen_setup(g, seed, opt);
    McFunc *f = g->f = mc_func_new(name, NULL);
    g->callees = callees;
    g->callee_cost = callee_cost;
    g->ncallees = ncallees;
    g->self = self;
    int32_t depth = self >= 0 ? mc_func_param_add(f, "depth", MC_VAL_I32) : MC_NONE;
    gen_params(g);
    g->cur = mc_func_block_add(f, "entry");
    g->est = 1;
    if (self >= 0) {
        int32_t z = mc_func_value_new(f, "z");
        emit(g, MC_OP_LE, z, mc_val(depth), mc_const(0), NO_OPND);
        int32_t base = block_new(g, "base"), body = block_new(g, "body");
        term_branch(g, g->cur, mc_val(z), base, body);
        term_ret(g, base, g->nscalars && chance(g, 50) ? mc_val(g->scalars[0]) : mc_const((int32_t)rnd(g, 9) - 4));
        g->cur = body;
        g->depth_less = mc_func_value_new(f, "dm");
        emit(g, MC_OP_SUB, g->depth_less, mc_val(depth), mc_const(1), NO_OPND);
    }
    if (ncallees && chance(g, 50)) gen_local_buffer(g);
    char **names = gen_var_names(g);
    gen_var_inits(g, names);
    g->work = 0;

    gen_seq(g, g->o.size);

    gen_result(g);
    f->form = g->ssa ? MC_FORM_SSA : MC_FORM_MUTABLE;
    /* Two self calls at most, the depth at most 3 from another function. */
    if (cost) *cost = g->est * (g->self_calls == 0 ? 1 : g->self_calls == 1 ? 4 : 15);

    for (int32_t v = 0; v < g->nvars; v++) free(names[v]);
    free(names);
    free(g->var_val);
    free(g->var_base);
    free(g->var_next);
    free(g->env);
    return f;
}

McFunc *mc_gen(uint64_t seed, const McGenOptions *opt) { return gen_function(seed, opt, "f", NULL, NULL, 0, -1, NULL); }

McModule *mc_gen_module(uint64_t seed, const McGenOptions *opt) {
    McGenOptions o;
    if (opt) o = *opt;
    else mc_gen_options_default(&o);
    int32_t n = o.calls < 0 ? 0 : o.calls > 4 ? 4 : o.calls;
    McModule *m = mc_xcalloc(1, sizeof *m);
    m->nfuncs = n + 1;
    m->funcs = mc_xcalloc((size_t)m->nfuncs, sizeof *m->funcs);
    int64_t cost[5];
    /* Helpers last to first: gK calls itself and gJ for J > K only, so every
     * call chain ends (the entry f calls them all). */
    McGenOptions ho = o;
    ho.size = o.size / 2 > 4 ? o.size / 2 : 4;
    ho.step_budget = (o.step_budget > 0 ? o.step_budget : 20000) / 16;
    for (int32_t k = n; k >= 1; k--) {
        char name[16];
        snprintf(name, sizeof name, "g%ld", (long)k);
        m->funcs[k] = gen_function(seed * 1000003u + (uint64_t)k, &ho, name, m->funcs + k, cost + k, n + 1 - k, 0,
                                   &cost[k]);
    }
    m->funcs[0] = gen_function(seed, &o, "f", m->funcs + 1, cost + 1, n, -1, NULL);
    return m;
}

/* ---- arguments ------------------------------------------------------------------- */

void mc_gen_args(const McFunc *f, uint64_t seed, McArgs *out) {
    McRng r;
    mc_rng_seed(&r, seed ^ 0xa5a5a5a5deadbeefull);
    out->n = f->nparams;
    out->v = f->nparams ? mc_xcalloc((size_t)f->nparams, sizeof *out->v) : NULL;
    static const int32_t edge[] = {INT32_MIN, INT32_MAX, -1, 0, 1, 2, 7, -3};
    for (int32_t p = 0; p < f->nparams; p++) {
        McArg *a = &out->v[p];
        if (f->values[f->params[p]].kind == MC_VAL_BUF) {
            a->is_buf = true;
            uint32_t k = mc_rng_below(&r, 100);
            a->len = k < 90 ? NOMINAL_LEN + (int32_t)mc_rng_below(&r, 3) : (int32_t)mc_rng_below(&r, NOMINAL_LEN);
            a->data = a->len ? mc_xmalloc((size_t)a->len * sizeof *a->data) : NULL;
            for (int32_t i = 0; i < a->len; i++)
                a->data[i] = mc_rng_chance(&r, 20) ? edge[mc_rng_below(&r, sizeof edge / sizeof edge[0])]
                                                   : (int32_t)mc_rng_below(&r, 20) - 5;
        } else {
            a->is_buf = false;
            uint32_t k = mc_rng_below(&r, 100);
            if (k < 30) a->scalar = edge[mc_rng_below(&r, sizeof edge / sizeof edge[0])];
            else if (k < 40) a->scalar = (int32_t)(uint32_t)mc_rng_next(&r);
            else a->scalar = (int32_t)mc_rng_below(&r, 21) - 10;
        }
    }
}
