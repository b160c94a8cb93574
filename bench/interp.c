/* bench/interp.c - the plain run path (mc_code_run, run.c) against the
 * stepping interpreter with an observer attached (interp.c), measured in the
 * same run on loop kernels built here with the ir.h builder:
 *
 *   sum    10 passes over a 1000-element buffer (SSA: nested loops, phis,
 *          one load per element)
 *   nested a 300 x 300 nested loop of arithmetic and compares (SSA)
 *   fill   mutable form: stores i*i into a 1000-element buffer, 20 passes
 *
 * Prints instructions per second of each and the ratio (goal: >= 5x). Both
 * paths must return the same result; the bench aborts otherwise. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/interp.h"
#include "minicc/run.h"
#include "minicc/util.h"

static McOperand V(McFunc *f, const char *name) { return mc_val(mc_func_value(f, name)); }
static McOperand C(int32_t c) { return mc_const(c); }

static void I(McFunc *f, int32_t b, McOp op, const char *dest, McOperand x, McOperand y, McOperand z) {
    int32_t d = dest ? mc_func_value(f, dest) : MC_NONE;
    McInst *i = mc_block_inst_add(f, b);
    i->op = (uint8_t)op;
    i->dest = d;
    i->a[0] = x;
    i->a[1] = y;
    i->a[2] = z;
}
static void JUMP(McFunc *f, int32_t b, int32_t t) {
    f->blocks[b].term = (McTerm){.op = MC_OP_JUMP, .target = {t, MC_NONE}};
    f->blocks[b].has_term = true;
}
static void BRANCH(McFunc *f, int32_t b, McOperand c, int32_t t, int32_t e) {
    f->blocks[b].term = (McTerm){.op = MC_OP_BRANCH, .arg = c, .target = {t, e}};
    f->blocks[b].has_term = true;
}
static void RET(McFunc *f, int32_t b, McOperand v) {
    f->blocks[b].term = (McTerm){.op = MC_OP_RET, .arg = v, .target = {MC_NONE, MC_NONE}};
    f->blocks[b].has_term = true;
}
static void PHI(McFunc *f, int32_t b, const char *dest, int32_t p1, McOperand v1, int32_t p2, McOperand v2) {
    int32_t d = mc_func_value(f, dest);
    int32_t k = mc_block_phi_add(f, b, d);
    mc_phi_arg_add(f, b, k, p1, v1);
    mc_phi_arg_add(f, b, k, p2, v2);
}
static const McOperand N0 = {MC_OPND_NONE, 0, {0}};

/* sum(b, n, R): R passes summing b[0..n). */
static McFunc *kernel_sum(void) {
    McFunc *f = mc_func_new("sum", NULL);
    mc_func_param_add(f, "b", MC_VAL_BUF);
    mc_func_param_add(f, "n", MC_VAL_I32);
    mc_func_param_add(f, "R", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), outer = mc_func_block_add(f, "outer");
    int32_t inner = mc_func_block_add(f, "inner"), latch = mc_func_block_add(f, "latch");
    int32_t done = mc_func_block_add(f, "done");
    JUMP(f, entry, outer);
    PHI(f, outer, "r", entry, C(0), latch, V(f, "r1"));
    PHI(f, outer, "s", entry, C(0), latch, V(f, "s3"));
    I(f, outer, MC_OP_LT, "c", V(f, "r"), V(f, "R"), N0);
    BRANCH(f, outer, V(f, "c"), inner, done);
    PHI(f, inner, "i", outer, C(0), inner, V(f, "i1"));
    PHI(f, inner, "s1", outer, V(f, "s"), inner, V(f, "s3"));
    I(f, inner, MC_OP_LOAD, "x", V(f, "b"), V(f, "i"), N0);
    I(f, inner, MC_OP_ADD, "s3", V(f, "s1"), V(f, "x"), N0);
    I(f, inner, MC_OP_ADD, "i1", V(f, "i"), C(1), N0);
    I(f, inner, MC_OP_LT, "c2", V(f, "i1"), V(f, "n"), N0);
    BRANCH(f, inner, V(f, "c2"), inner, latch);
    I(f, latch, MC_OP_ADD, "r1", V(f, "r"), C(1), N0);
    JUMP(f, latch, outer);
    RET(f, done, V(f, "s"));
    f->form = MC_FORM_SSA;
    return f;
}

/* nested(N): for i < N, for j < N: acc = acc * 3 + (i - j) + (i < j). */
static McFunc *kernel_nested(void) {
    McFunc *f = mc_func_new("nested", NULL);
    mc_func_param_add(f, "N", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), oh = mc_func_block_add(f, "oh");
    int32_t ih = mc_func_block_add(f, "ih"), ib = mc_func_block_add(f, "ib");
    int32_t ol = mc_func_block_add(f, "ol"), done = mc_func_block_add(f, "done");
    JUMP(f, entry, oh);
    PHI(f, oh, "i", entry, C(0), ol, V(f, "i1"));
    PHI(f, oh, "a", entry, C(1), ol, V(f, "a2"));
    I(f, oh, MC_OP_LT, "c", V(f, "i"), V(f, "N"), N0);
    BRANCH(f, oh, V(f, "c"), ih, done);
    PHI(f, ih, "j", oh, C(0), ib, V(f, "j1"));
    PHI(f, ih, "a2", oh, V(f, "a"), ib, V(f, "a3"));
    I(f, ih, MC_OP_LT, "d", V(f, "j"), V(f, "N"), N0);
    BRANCH(f, ih, V(f, "d"), ib, ol);
    I(f, ib, MC_OP_MUL, "m", V(f, "a2"), C(3), N0);
    I(f, ib, MC_OP_SUB, "t", V(f, "i"), V(f, "j"), N0);
    I(f, ib, MC_OP_ADD, "u", V(f, "m"), V(f, "t"), N0);
    I(f, ib, MC_OP_LT, "l", V(f, "i"), V(f, "j"), N0);
    I(f, ib, MC_OP_ADD, "a3", V(f, "u"), V(f, "l"), N0);
    I(f, ib, MC_OP_ADD, "j1", V(f, "j"), C(1), N0);
    JUMP(f, ib, ih);
    I(f, ol, MC_OP_ADD, "i1", V(f, "i"), C(1), N0);
    JUMP(f, ol, oh);
    RET(f, done, V(f, "a"));
    f->form = MC_FORM_SSA;
    return f;
}

/* fill(b, n, R), mutable form: R passes of b[i] = i * i + p. */
static McFunc *kernel_fill(void) {
    McFunc *f = mc_func_new("fill", NULL);
    mc_func_param_add(f, "b", MC_VAL_BUF);
    mc_func_param_add(f, "n", MC_VAL_I32);
    mc_func_param_add(f, "R", MC_VAL_I32);
    int32_t entry = mc_func_block_add(f, "entry"), oh = mc_func_block_add(f, "oh");
    int32_t ih = mc_func_block_add(f, "ih"), ib = mc_func_block_add(f, "ib");
    int32_t ol = mc_func_block_add(f, "ol"), done = mc_func_block_add(f, "done");
    I(f, entry, MC_OP_COPY, "p", C(0), N0, N0);
    JUMP(f, entry, oh);
    I(f, oh, MC_OP_LT, "c", V(f, "p"), V(f, "R"), N0);
    BRANCH(f, oh, V(f, "c"), ih, done);
    /* ih is entered from oh with i unset: set it in a preheader-like spot */
    I(f, ih, MC_OP_COPY, "i", C(0), N0, N0);
    JUMP(f, ih, ib);
    I(f, ib, MC_OP_MUL, "x", V(f, "i"), V(f, "i"), N0);
    I(f, ib, MC_OP_ADD, "x", V(f, "x"), V(f, "p"), N0);
    I(f, ib, MC_OP_STORE, NULL, V(f, "b"), V(f, "i"), V(f, "x"));
    I(f, ib, MC_OP_ADD, "i", V(f, "i"), C(1), N0);
    I(f, ib, MC_OP_LT, "k", V(f, "i"), V(f, "n"), N0);
    BRANCH(f, ib, V(f, "k"), ib, ol);
    I(f, ol, MC_OP_ADD, "p", V(f, "p"), C(1), N0);
    JUMP(f, ol, oh);
    I(f, done, MC_OP_LOAD, "r", V(f, "b"), C(999), N0);
    RET(f, done, V(f, "r"));
    f->form = MC_FORM_MUTABLE;
    return f;
}

static void count_events(void *ctx, const McEvent *ev) {
    int64_t *n = ctx;
    n[ev->kind]++;
}

static McArgs make_args(int nbuf, int32_t len, const int32_t *scalars, int nscalars) {
    McArgs a;
    a.n = nbuf + nscalars;
    a.v = mc_xcalloc((size_t)a.n, sizeof *a.v);
    int k = 0;
    if (nbuf) {
        a.v[0].is_buf = true;
        a.v[0].len = len;
        a.v[0].data = mc_xmalloc((size_t)len * sizeof(int32_t));
        for (int32_t i = 0; i < len; i++) a.v[0].data[i] = (i * 7) % 13 - 6;
        k = 1;
    }
    for (int i = 0; i < nscalars; i++) a.v[k + i].scalar = scalars[i];
    return a;
}

static double measure_run(const McFunc *f, const McArgs *args, McOutcome *out, int64_t *insts) {
    McCode *c = mc_code_new(f);
    double t0 = mc_now(), t;
    *insts = 0;
    int reps = 0;
    do {
        McArgs a;
        mc_args_copy(&a, args);
        *out = mc_code_run(c, &a, (int64_t)1 << 40);
        *insts += out->insts;
        mc_args_free(&a);
        reps++;
        t = mc_now() - t0;
    } while (t < 0.3 || reps < 3);
    mc_code_free(c);
    return t;
}

static double measure_step(const McFunc *f, const McArgs *args, bool observe, McOutcome *out, int64_t *insts) {
    int64_t counts[MC_EV_RETURN + 1] = {0};
    McInterpOptions o = {(int64_t)1 << 40, MC_PHI_PARALLEL, observe ? count_events : NULL, counts, NULL, 0};
    double t0 = mc_now(), t;
    *insts = 0;
    int reps = 0;
    do {
        McInterp *in = mc_interp_new(f, args, &o);
        mc_interp_continue(in, NULL);
        mc_interp_finished(in, out);
        *insts += out->insts;
        mc_interp_free(in);
        reps++;
        t = mc_now() - t0;
    } while (t < 0.3 || reps < 3);
    if (observe && counts[MC_EV_INST] == 0) mc_panic(__FILE__, __LINE__, "observer saw nothing");
    return t;
}

int main(void) {
    mc_memory_keep(); /* as minicc runs (util.c) */
    static const int32_t sum_s[] = {1000, 10}, nested_s[] = {300}, fill_s[] = {1000, 20};
    struct {
        const char *name;
        McFunc *f;
        McArgs args;
    } k[] = {
        {"sum", kernel_sum(), make_args(1, 1000, sum_s, 2)},
        {"nested", kernel_nested(), make_args(0, 0, nested_s, 1)},
        {"fill", kernel_fill(), make_args(1, 1000, fill_s, 2)},
    };
    printf("interp: instructions per second, run path (mc_code_run) vs stepping interpreter\n");
    printf("%-8s %14s %14s %14s %9s %9s\n", "kernel", "run Minst/s", "step Minst/s", "step+obs", "ratio", "ratio+obs");
    double min_ratio = 1e9;
    for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
        McOutcome a, b, c;
        int64_t na, nb, nc;
        double ta = measure_run(k[i].f, &k[i].args, &a, &na);
        double tb = measure_step(k[i].f, &k[i].args, false, &b, &nb);
        double tc = measure_step(k[i].f, &k[i].args, true, &c, &nc);
        if (a.kind != b.kind || a.value != b.value || a.insts != c.insts || a.kind != MC_RETURNED) {
            char x[160], y[160];
            fprintf(stderr, "interp bench: %s: run path %s, interpreter %s\n", k[i].name,
                    mc_outcome_str(&a, x, sizeof x), mc_outcome_str(&b, y, sizeof y));
            return 1;
        }
        double ra = (double)na / ta / 1e6, rb = (double)nb / tb / 1e6, rc = (double)nc / tc / 1e6;
        printf("%-8s %14.1f %14.1f %14.1f %8.1fx %8.1fx\n", k[i].name, ra, rb, rc, ra / rb, ra / rc);
        if (ra / rc < min_ratio) min_ratio = ra / rc;
        mc_args_free(&k[i].args);
        mc_func_free(k[i].f);
    }
    printf("interp: run path vs stepping+observer, worst kernel: %.1fx (goal >= 5x)\n", min_ratio);
    return 0;
}
