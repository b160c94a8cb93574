/* test_twoaddr.c - two-address=copies (src/engine/alloc/twoaddr.c): x86-64's
 * two-address `x = sub a, b` rewritten, before the interference graph is
 * built, into `x = copy a; x = sub x, b`.
 *
 * The commutative mul, and, or, xor are rewritten too, the copy from the
 * operand that dies there when the other lives on (b), else from a.
 *
 * Generated programs (gen.h) at -O0 and -O1 through baseline, improved and
 * linear at K = 3 and 10 with the switch: every destroyed function verifies
 * (mutable form), has no sub left that the emitter would have to fix up and
 * one copy per rewritten sub; each commutative op rewritten with the copy
 * from the operand the test's own liveness names; every allocation passes
 * mc_allocation_check;
 * x never shares b's register; the machine's result is the interpreter's;
 * the trace records each rewrite and where each copy ended, and replays.
 * Modules with calls at stage alloc under calls=save and calls=interfere.
 * The switch by name, the target's resolution (mc_target_alloc_options),
 * and, where `as` and `ld` are installed, the same programs as x86-64
 * processes under both settings against the interpreter: with copies, no
 * tile goes through r11 for any allocator. The ssa allocator (no rewrite:
 * SSA form) on the same programs: x of a sub never in b's location, x in
 * the register of the operand it prefers when that one dies there. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/util.h"
#include "minicc/verify.h"

static const McAllocator three[] = {MC_ALLOC_BASELINE, MC_ALLOC_IMPROVED, MC_ALLOC_LINEAR};

static McModule *parse_str(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    if (!m) mc_diags_print(&d, stderr, false);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

/* The subs the emitter would have to fix up if x got b's register: b a
 * value, x neither a nor b, a not b. */
static bool open_sub(const McInst *in) {
    if (in->op != MC_OP_SUB || !mc_opnd_is_val(in->a[1]) || in->a[1].v == in->dest) return false;
    return !(mc_opnd_is_val(in->a[0]) && (in->a[0].v == in->dest || in->a[0].v == in->a[1].v));
}

static int32_t open_subs(const McFunc *f) {
    int32_t n = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) n += open_sub(&f->blocks[b].insts[i]);
    return n;
}

/* x = OP a, b with OP mul, and, or, xor: both operands values, x neither, a not b */
static bool commutative(const McInst *in) {
    if (in->op != MC_OP_MUL && in->op != MC_OP_AND && in->op != MC_OP_OR && in->op != MC_OP_XOR) return false;
    if (in->dest == MC_NONE || !mc_opnd_is_val(in->a[0]) || !mc_opnd_is_val(in->a[1])) return false;
    return in->a[0].v != in->dest && in->a[1].v != in->dest && in->a[0].v != in->a[1].v;
}

static int32_t open_commutative(const McFunc *f) {
    int32_t n = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) n += commutative(&f->blocks[b].insts[i]);
    return n;
}

/* Which operands of each instruction of block b die there (bit 0: a[0],
 * bit 1: a[1]), by the test's own backward scan from live-out. */
static uint8_t *deaths(const McFunc *f, const McLiveness *lv, int32_t b) {
    const McBlock *bl = &f->blocks[b];
    uint8_t *d = calloc((size_t)bl->ninsts + 1, 1);
    uint8_t *live = calloc((size_t)f->nvalues + 1, 1);
    McValList out = mc_live_out(lv, b);
    for (int32_t i = 0; i < out.n; i++) live[out.v[i]] = 1;
    if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) live[bl->term.arg.v] = 1;
    for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
        const McInst *in = &bl->insts[i];
        if (in->dest != MC_NONE) live[in->dest] = 0;
        if (!mc_inst_call(f, in))
            for (int k = 0; k < 2 && k < mc_op_info[in->op].nargs; k++)
                if (mc_opnd_is_val(in->a[k]) && !live[in->a[k].v]) d[i] |= (uint8_t)(1 << k);
        int nops;
        const McOperand *ops = mc_inst_opnds(f, in, &nops);
        for (int k = 0; k < nops; k++)
            if (mc_opnd_is_val(ops[k])) live[ops[k].v] = 1;
    }
    free(live);
    return d;
}

/* The copy source the rewrite must choose for a commutative x = OP a, b:
 * b (1) when b dies there and a lives on, else a (0). */
static int want_source(uint8_t dies) { return (dies & 2) && !(dies & 1) ? 1 : 0; }

/* plain (no rewrite) against rewritten, instruction by instruction: every
 * commutative x = OP a, b became x = copy s; x = OP x, t with s the operand
 * want_source names; returns how many; *swapped counts those from b. */
static int32_t rewritten_commutative(const McFunc *plain, const McFunc *f, int32_t *swapped) {
    McLiveness *lv = mc_liveness_all(plain, NULL);
    int32_t n = 0;
    assert_int_equal(plain->nblocks, f->nblocks);
    for (int32_t b = 0; b < plain->nblocks; b++) {
        uint8_t *d = deaths(plain, lv, b);
        int32_t j = 0;
        for (int32_t i = 0; i < plain->blocks[b].ninsts; i++, j++) {
            const McInst *in = &plain->blocks[b].insts[i];
            assert_true(j < f->blocks[b].ninsts);
            const McInst *got = &f->blocks[b].insts[j];
            if (got->op == MC_OP_COPY && !(in->op == MC_OP_COPY && in->dest == got->dest)) {
                got = &f->blocks[b].insts[++j]; /* a rewrite's copy: the op follows */
            }
            assert_int_equal(got->op, in->op);
            if (!commutative(in)) continue;
            int src = want_source(d[i]);
            const McInst *c = &f->blocks[b].insts[j - 1];
            assert_int_equal(c->op, MC_OP_COPY);
            assert_int_equal(c->dest, in->dest);
            if (c->a[0].v != in->a[src].v)
                fail_msg("%s = %s %s, %s: the copy reads %s, want %s", plain->values[in->dest].name,
                         mc_op_info[in->op].name, plain->values[in->a[0].v].name, plain->values[in->a[1].v].name,
                         f->values[c->a[0].v].name, plain->values[in->a[src].v].name);
            assert_int_equal(got->a[0].v, in->dest);
            assert_int_equal(got->a[1].v, in->a[1 - src].v);
            n++;
            *swapped += src;
        }
        assert_int_equal(j, f->blocks[b].ninsts);
        free(d);
    }
    mc_liveness_free(lv);
    return n;
}

/* The rewritten subs `x = sub x, b` (b a value other than x), each checked:
 * the instruction before it is `x = copy a`, x is not in b's register. */
static int32_t rewritten_subs(const McAllocation *a) {
    const McFunc *f = a->destroyed->f;
    int32_t n = 0;
    for (int32_t b = 0; b < f->nblocks; b++)
        for (int32_t i = 0; i < f->blocks[b].ninsts; i++) {
            const McInst *in = &f->blocks[b].insts[i];
            if (in->op != MC_OP_SUB || !mc_opnd_is_val(in->a[0]) || in->a[0].v != in->dest ||
                !mc_opnd_is_val(in->a[1]) || in->a[1].v == in->dest)
                continue;
            assert_true(i > 0);
            const McInst *c = &f->blocks[b].insts[i - 1];
            assert_int_equal(c->op, MC_OP_COPY);
            assert_int_equal(c->dest, in->dest);
            assert_int_equal(a->destroyed->phi_copy[b][i - 1], 0); /* not a phi copy */
            McLocation lx = a->loc[in->dest], lb = a->loc[in->a[1].v];
            if (lx.kind == MC_LOC_REG && lb.kind == MC_LOC_REG && lx.index == lb.index)
                fail_msg("%s shares %s's register r%d after the rewrite", f->values[in->dest].name,
                         f->values[in->a[1].v].name, (int)lx.index);
            n++;
        }
    return n;
}

static int trace_count(const McAllocTrace *t, int kind) {
    int n = 0;
    for (int32_t i = 0; i < t->n; i++) n += t->ev[i].kind == kind;
    return n;
}

static int rewrites_total, runs_total, coalesced_total, kept_total, comm_total, swapped_total;

static void check_program(const McFunc *f, uint64_t seed) {
    McArgs args;
    mc_gen_args(f, seed, &args);
    McArgs ref;
    mc_args_copy(&ref, &args);
    McOutcome want = mc_run(f, &ref, 0);
    for (int opt = 0; opt <= 1; opt++) {
        McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
        assert_non_null(ssa);
        for (int k = 0; k < 2; k++)
            for (int al = 0; al < 3; al++) {
                int K = k ? 10 : 3;
                McAllocOptions plain, copies;
                mc_alloc_options_default(&plain);
                mc_alloc_options_default(&copies);
                copies.two_address = MC_TWOADDR_COPIES;
                McAllocTrace tr;
                mc_alloc_trace_init(&tr);
                copies.trace = &tr;
                McAllocation *p = mc_allocate(ssa, three[al], K, &plain, NULL);
                McAllocation *a = mc_allocate(ssa, three[al], K, &copies, NULL);
                assert_non_null(p);
                assert_non_null(a);
                char msg[256];
                assert_true(mc_allocation_check(a, msg, sizeof msg));
                /* the rewritten function verifies as mutable IR */
                McFunc *c = mc_func_clone(a->destroyed->f);
                McDiags d;
                mc_diags_init(&d, NULL, NULL, 0);
                if (!mc_verify(c, MC_VERIFY_MUTABLE, &d))
                    fail_msg("seed %llu: rewritten function does not verify: %s", (unsigned long long)seed,
                             d.n ? d.v[0].msg : "?");
                mc_diags_free(&d);
                mc_func_free(c);
                /* every sub the emitter would fix up is rewritten, one copy each */
                int32_t open = open_subs(p->destroyed->f), swapped = 0;
                assert_int_equal(open_subs(a->destroyed->f), 0);
                assert_int_equal(open_commutative(a->destroyed->f), 0);
                assert_int_equal(rewritten_subs(a), open);
                int32_t comm = rewritten_commutative(p->destroyed->f, a->destroyed->f, &swapped);
                assert_int_equal(comm, open_commutative(p->destroyed->f));
                comm_total += comm;
                swapped_total += swapped;
                assert_int_equal(trace_count(&tr, MC_TR_TWOADDR), open + comm);
                assert_int_equal(trace_count(&tr, MC_TR_TWOADDR_COPY), open + comm);
                for (int32_t i = 0; i < tr.n; i++) {
                    const McTraceEvent *e = &tr.ev[i];
                    if (e->kind != MC_TR_TWOADDR_COPY) continue;
                    bool same = e->w >= 0 && a->loc[e->v].kind == a->loc[e->w].kind &&
                                a->loc[e->v].index == a->loc[e->w].index;
                    assert_int_equal(e->flag, same);
                    if (e->flag)
                        coalesced_total++;
                    else
                        kept_total++;
                }
                if (!mc_alloc_trace_matches(&tr, a, msg, sizeof msg))
                    fail_msg("seed %llu %s: %s", (unsigned long long)seed, mc_allocator_name(three[al]), msg);
                /* the machine's function: a sub whose copy was deleted reads a again (x is
                 * never read before it is written there) */
                for (int32_t b = 0; b < a->f->nblocks; b++)
                    for (int32_t i = 0; i < a->f->blocks[b].ninsts; i++) {
                        const McInst *in = &a->f->blocks[b].insts[i];
                        bool two = in->op == MC_OP_SUB || in->op == MC_OP_MUL || in->op == MC_OP_AND ||
                                   in->op == MC_OP_OR || in->op == MC_OP_XOR;
                        if (!two || !mc_opnd_is_val(in->a[0]) || in->a[0].v != in->dest) continue;
                        const McInst *cp = i > 0 ? &a->f->blocks[b].insts[i - 1] : NULL;
                        if (!cp || cp->op != MC_OP_COPY || cp->dest != in->dest)
                            fail_msg("seed %llu %s: %s = sub %s, ... without its copy", (unsigned long long)seed,
                                     mc_allocator_name(three[al]), a->f->values[in->dest].name,
                                     a->f->values[in->dest].name);
                    }
                rewrites_total += open;
                /* the machine runs the rewritten function to the interpreter's result */
                McArgs run;
                mc_args_copy(&run, &args);
                McOutcome got = mc_machine_run(a, &run, 0, NULL);
                if (!mc_outcome_same(&want, &ref, &got, &run)) {
                    char x[160], y[160];
                    fail_msg("seed %llu -O%d K=%d %s: want %s got %s", (unsigned long long)seed, opt, K,
                             mc_allocator_name(three[al]), mc_outcome_str(&want, x, sizeof x),
                             mc_outcome_str(&got, y, sizeof y));
                }
                runs_total++;
                mc_args_free(&run);
                mc_allocation_free(a);
                mc_allocation_free(p);
                mc_alloc_trace_free(&tr);
            }
        mc_func_free(ssa);
    }
    mc_args_free(&ref);
    mc_args_free(&args);
}

static void test_generated(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 15 + (int32_t)(seed % 6) * 10;
        McFunc *f = mc_gen(seed, &go);
        check_program(f, seed);
        mc_func_free(f);
    }
    print_message("two-address: %d subs and %d mul/and/or/xor (%d copied from b) rewritten in %d allocations "
                  "(%d copies coalesced, %d kept), all run\n",
                  rewrites_total, comm_total, swapped_total, runs_total, coalesced_total, kept_total);
    assert_int_equal(runs_total, 150 * 2 * 2 * 3);
    assert_true(rewrites_total > 100); /* the generator writes subs of two values */
    assert_true(coalesced_total > 0 && kept_total > 0);
    assert_true(comm_total > 0 && swapped_total > 0 && swapped_total < comm_total); /* both choices made */
}

/* ssa under two-address=copies, on generated programs at -O0 and -O1, K = 3
 * and 10: nothing is rewritten (SSA form), but no x = sub a, b of the
 * machine's function has x in b's location (b is held until x is defined);
 * each sub and commutative op whose preferred operand (a; b for a
 * commutative op when b dies and a lives on) dies there and sits in a
 * register gives x that register when x is in one; the trace has one
 * MC_TR_TWOADDR_SSA per such instruction, its flag saying whether x shares
 * the operand's register; the allocation checks and runs to the
 * interpreter's result. Without the switch x does share b's register
 * somewhere (so the first check can fail). */
static void test_ssa_generated(void **state) {
    (void)state;
    int ops = 0, preferred = 0, shared_plain = 0, runs = 0;
    for (uint64_t seed = 1; seed <= 150; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 15 + (int32_t)(seed % 6) * 10;
        McFunc *f = mc_gen(seed, &go);
        McArgs args, ref;
        mc_gen_args(f, seed, &args);
        mc_args_copy(&ref, &args);
        McOutcome want = mc_run(f, &ref, 0);
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (int k = 0; k < 2; k++)
                for (int mode = 0; mode < 2; mode++) {
                    McAllocOptions o;
                    mc_alloc_options_default(&o);
                    o.two_address = mode ? MC_TWOADDR_EMITTER : MC_TWOADDR_COPIES;
                    McAllocTrace tr;
                    mc_alloc_trace_init(&tr);
                    o.trace = &tr;
                    McAllocation *a = mc_allocate(ssa, MC_ALLOC_SSA, k ? 10 : 3, &o, NULL);
                    assert_non_null(a);
                    char msg[256];
                    assert_true(mc_allocation_check(a, msg, sizeof msg));
                    /* the destroyed function: its phi copies still there (a->f lost those
                     * whose sides share a location), so its liveness is the SSA form's */
                    const McFunc *g = a->destroyed->f;
                    McLiveness *lv = mc_liveness_all(g, NULL);
                    int32_t n = 0;
                    for (int32_t b = 0; b < g->nblocks; b++) {
                        uint8_t *d = deaths(g, lv, b);
                        for (int32_t i = 0; i < g->blocks[b].ninsts; i++) {
                            const McInst *in = &g->blocks[b].insts[i];
                            bool sub = open_sub(in), comm = commutative(in);
                            if (!sub && !comm) continue;
                            n++;
                            McLocation lx = a->loc[in->dest], lb = a->loc[in->a[1].v];
                            bool same = lx.kind == lb.kind && lx.index == lb.index && lx.kind != MC_LOC_NONE;
                            if (sub && same && mode == 0)
                                fail_msg("seed %llu -O%d: ssa put %s in %s's location", (unsigned long long)seed, opt,
                                         g->values[in->dest].name, g->values[in->a[1].v].name);
                            if (mode) {
                                shared_plain += sub && same && lx.kind == MC_LOC_REG;
                                continue;
                            }
                            int src = comm ? want_source(d[i]) : 0;
                            if (!mc_opnd_is_val(in->a[src]) || !(d[i] & (1 << src))) continue;
                            McLocation ls = a->loc[in->a[src].v];
                            if (lx.kind != MC_LOC_REG || ls.kind != MC_LOC_REG) continue;
                            if (lx.index != ls.index)
                                fail_msg("seed %llu -O%d: %s = %s ...: %s dies there in r%d, %s got r%d",
                                         (unsigned long long)seed, opt, g->values[in->dest].name,
                                         mc_op_info[in->op].name, g->values[in->a[src].v].name, (int)ls.index,
                                         g->values[in->dest].name, (int)lx.index);
                            preferred++;
                        }
                        free(d);
                    }
                    mc_liveness_free(lv);
                    if (mode == 0) {
                        ops += n;
                        assert_int_equal(trace_count(&tr, MC_TR_TWOADDR_SSA), n);
                        for (int32_t i = 0; i < tr.n; i++) {
                            const McTraceEvent *e = &tr.ev[i];
                            if (e->kind != MC_TR_TWOADDR_SSA) continue;
                            bool same = e->w >= 0 && a->loc[e->v].kind == MC_LOC_REG &&
                                        a->loc[e->v].kind == a->loc[e->w].kind && a->loc[e->v].index == a->loc[e->w].index;
                            assert_int_equal(e->flag, same);
                        }
                        if (!mc_alloc_trace_matches(&tr, a, msg, sizeof msg))
                            fail_msg("seed %llu ssa: %s", (unsigned long long)seed, msg);
                    } else {
                        assert_int_equal(trace_count(&tr, MC_TR_TWOADDR_SSA), 0);
                    }
                    McArgs run;
                    mc_args_copy(&run, &args);
                    McOutcome got = mc_machine_run(a, &run, 0, NULL);
                    if (!mc_outcome_same(&want, &ref, &got, &run)) {
                        char x[160], y[160];
                        fail_msg("seed %llu -O%d ssa: want %s got %s", (unsigned long long)seed, opt,
                                 mc_outcome_str(&want, x, sizeof x), mc_outcome_str(&got, y, sizeof y));
                    }
                    runs++;
                    mc_args_free(&run);
                    mc_allocation_free(a);
                    mc_alloc_trace_free(&tr);
                }
            mc_func_free(ssa);
        }
        mc_args_free(&ref);
        mc_args_free(&args);
        mc_func_free(f);
    }
    print_message("ssa: %d two-address ops, %d took their dying operand's register; without the switch %d subs "
                  "had x in b's register; %d runs\n",
                  ops, preferred, shared_plain, runs);
    assert_int_equal(runs, 150 * 2 * 2 * 2);
    assert_true(ops > 100 && preferred > 0);
    assert_true(shared_plain > 0);
}

/* Programs with calls at stage alloc (every function the run reaches
 * allocated alike, the convention enforced by the machine) under both
 * calls= modes with two-address=copies, against the interpreter. */
static void test_calls(void **state) {
    (void)state;
    int runs = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.calls = 1 + (int)(seed % 3);
        go.size = 20 + (int32_t)(seed % 4) * 10;
        McModule *m = mc_gen_module(500 + seed, &go);
        McArgs args, ref;
        mc_gen_args(m->funcs[0], seed, &args);
        mc_args_copy(&ref, &args);
        McOutcome want = mc_run(m->funcs[0], &ref, 0);
        for (int calls = 0; calls < 2; calls++)
            for (int al = 0; al < 3; al++) {
                McAllocOptions ao;
                mc_alloc_options_default(&ao);
                ao.two_address = MC_TWOADDR_COPIES;
                ao.calls = calls ? MC_CALLS_INTERFERE : MC_CALLS_SAVE;
                McStageOptions so;
                mc_stage_options_default(&so);
                so.stage = MC_STAGE_ALLOC;
                so.allocator = three[al];
                so.regs = 3 + (int)(seed % 3) * 3;
                so.alloc_opts = &ao;
                McArgs run;
                mc_args_copy(&run, &args);
                McOutcome got;
                McDiags d;
                mc_diags_init(&d, NULL, NULL, 0);
                if (!mc_stage_execute(m->funcs[0], &so, &run, &got, NULL, &d))
                    fail_msg("seed %llu: stage alloc failed: %s", (unsigned long long)seed, d.n ? d.v[0].msg : "?");
                mc_diags_free(&d);
                if (!mc_outcome_same(&want, &ref, &got, &run)) {
                    char x[160], y[160];
                    fail_msg("seed %llu %s calls=%d: want %s got %s", (unsigned long long)seed,
                             mc_allocator_name(three[al]), calls, mc_outcome_str(&want, x, sizeof x),
                             mc_outcome_str(&got, y, sizeof y));
                }
                runs++;
                mc_args_free(&run);
            }
        mc_args_free(&ref);
        mc_args_free(&args);
        mc_module_free(m);
    }
    assert_int_equal(runs, 40 * 2 * 3);
}

/* The lesson's program by hand: c dies at the sub, so without the switch
 * x may take c's register; with it x interferes with c, and x = copy a is
 * coalesced (improved) and deleted. A constant first operand is rewritten
 * too; a = b and a constant second operand are not. */
static void test_by_hand(void **state) {
    (void)state;
    McModule *m = parse_str("func t(i32 a, i32 b) {\nentry:\n    c = mul b, 3\n    x = sub a, c\n"
                            "    y = sub 0, x\n    z = sub y, y\n    w = sub z, 5\n    return w\n}\n");
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 0, NULL);
    assert_non_null(ssa);
    McAllocOptions o;
    mc_alloc_options_default(&o);
    char err[256];
    assert_true(mc_alloc_option_parse(&o, "two-address=copies", err, sizeof err));
    assert_int_equal(o.two_address, MC_TWOADDR_COPIES);
    McAllocTrace tr;
    mc_alloc_trace_init(&tr);
    o.trace = &tr;
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, &o, NULL);
    assert_non_null(a);
    assert_int_equal(rewritten_subs(a), 2); /* x = sub a, c and y = sub 0, x */
    assert_int_equal(trace_count(&tr, MC_TR_TWOADDR), 2);
    const McFunc *f = a->destroyed->f;
    int32_t x = mc_func_find_value(f, "x"), av = mc_func_find_value(f, "a"), c = mc_func_find_value(f, "c");
    assert_true(mc_igraph_has(a->graph, x, c));
    assert_int_equal(a->loc[x].index, a->loc[av].index); /* coalesced */
    assert_int_equal(a->loc[x].kind, a->loc[av].kind);
    /* the copy deleted, the machine's sub reads a: `x = sub a, c` in one location */
    McStr s;
    mc_str_init(&s);
    mc_inst_str(a->f, &a->f->blocks[0].insts[1], &s);
    assert_string_equal(s.s, "x = sub a, c");
    mc_str_free(&s);
    char buf[256];
    bool seen = false;
    for (int32_t i = 0; i < tr.n; i++)
        if (tr.ev[i].kind == MC_TR_TWOADDR && tr.ev[i].v == x) {
            mc_alloc_trace_event_str(&tr, i, a, buf, sizeof buf);
            assert_string_equal(buf, "two-address: x = sub a, c becomes x = copy a; x = sub x, c (x now interferes with c)");
            seen = true;
        } else if (tr.ev[i].kind == MC_TR_TWOADDR_COPY && tr.ev[i].w < 0) {
            mc_alloc_trace_event_str(&tr, i, a, buf, sizeof buf);
            assert_non_null(strstr(buf, "y = copy 0: the constant into"));
        }
    assert_true(seen);
    mc_allocation_free(a);
    mc_alloc_trace_free(&tr);
    /* ssa: no rewrite, the trace says what the emitter will do */
    mc_alloc_trace_init(&tr);
    a = mc_allocate(ssa, MC_ALLOC_SSA, 4, &o, NULL);
    assert_non_null(a);
    assert_int_equal(rewritten_subs(a), 0);
    assert_int_equal(open_subs(a->destroyed->f), 2);
    assert_int_equal(trace_count(&tr, MC_TR_TWOADDR), 0);
    assert_int_equal(trace_count(&tr, MC_TR_TWOADDR_SSA), 2);
    {
        const McFunc *g = a->f;
        int32_t gx = mc_func_find_value(g, "x"), ga = mc_func_find_value(g, "a"), gc = mc_func_find_value(g, "c");
        assert_false(a->loc[gx].index == a->loc[gc].index); /* c dies at the sub, held until x is defined */
        assert_int_equal(a->loc[gx].index, a->loc[ga].index); /* a dies there: x takes its register */
        for (int32_t i = 0; i < tr.n; i++)
            if (tr.ev[i].kind == MC_TR_TWOADDR_SSA && tr.ev[i].v == gx) {
                mc_alloc_trace_event_str(&tr, i, a, buf, sizeof buf);
                assert_non_null(strstr(buf, "two-address (ssa): x = sub a, c: c held until x is defined (they "
                                            "interfere), x prefers a's register: both in r"));
            }
    }
    mc_allocation_free(a);
    mc_alloc_trace_free(&tr);
    /* emitter (and the default, on the chapter's machine): nothing rewritten, no event */
    for (int v = 0; v < 2; v++) {
        mc_alloc_trace_init(&tr);
        mc_alloc_options_default(&o);
        if (v) assert_true(mc_alloc_option_parse(&o, "two-address=emitter", err, sizeof err));
        o.trace = &tr;
        a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, &o, NULL);
        assert_int_equal(open_subs(a->destroyed->f), 2);
        assert_int_equal(trace_count(&tr, MC_TR_TWOADDR) + trace_count(&tr, MC_TR_TWOADDR_COPY), 0);
        mc_allocation_free(a);
        mc_alloc_trace_free(&tr);
    }
    mc_func_free(ssa);
    mc_module_free(m);
}

static void test_switch(void **state) {
    (void)state;
    McAllocOptions o;
    mc_alloc_options_default(&o);
    char err[256], buf[256];
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), "default");
    assert_false(mc_alloc_option_parse(&o, "two-address=maybe", err, sizeof err));
    assert_string_equal(err, "two-address: unknown value 'maybe' (target, copies, emitter)");
    assert_true(mc_alloc_option_parse(&o, "two-address=emitter", err, sizeof err));
    assert_string_equal(mc_alloc_options_str(&o, buf, sizeof buf), "two-address=emitter");
    int i = mc_alloc_option_lookup("two-address");
    assert_true(i >= 0);
    assert_string_equal(mc_alloc_option_values(i)[0], "target");
    /* the target resolves it */
    McAllocOptions t;
    mc_alloc_options_default(&t);
    mc_target_alloc_options(MC_TARGET_X64, &t);
    assert_int_equal(t.two_address, MC_TWOADDR_COPIES);
    assert_int_equal(t.convention, MC_CONV_X64);
    mc_target_alloc_options(MC_TARGET_X64, &o); /* asked for emitter: kept */
    assert_int_equal(o.two_address, MC_TWOADDR_EMITTER);
    mc_alloc_options_default(&t);
    t.two_address = MC_TWOADDR_COPIES;
    mc_target_alloc_options(MC_TARGET_RV64, &t); /* three-address: never */
    assert_int_equal(t.two_address, MC_TWOADDR_EMITTER);
    mc_alloc_options_default(&t);
    mc_target_alloc_options(MC_TARGET_CHAPTER, &t); /* nothing */
    assert_int_equal(t.two_address, MC_TWOADDR_TARGET);
}

/* ---- x86-64 processes ------------------------------------------------------------ */

/* f allocated for x86-64 by al under two-address=mode, emitted with its
 * listing; *r11 += the tiles through r11, *cost += every tile's cost; the
 * run against the interpreter. */
static void asm_run(const McFunc *f, uint64_t seed, McAllocator al, int mode, int *r11, long *cost) {
    McAllocOptions ao;
    mc_alloc_options_default(&ao);
    ao.two_address = (McTwoAddress)mode;
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_X64;
    o.allocator = al;
    o.alloc = &ao;
    McArgs args, ref;
    mc_gen_args(f, seed, &args);
    mc_args_copy(&ref, &args);
    McOutcome want = mc_run(f, &ref, 0);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McProgram p;
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(f, &o, &p, &prepared, &d)) fail_msg("does not allocate: %s", d.n ? d.v[0].msg : "?");
    McAsmListing l = {0};
    char *text = mc_asm_emit(&p, &o, &args, &l, &d);
    assert_non_null(text);
    for (int32_t i = 0; i < l.n; i++) {
        *r11 += strcmp(l.tile[i].pattern, "alu reg, reg (through r11)") == 0;
        *cost += l.tile[i].cost;
    }
    if (!(want.kind == MC_TRAPPED && strcmp(want.trap, "execution step limit exceeded") == 0)) {
        McOutcome out;
        if (!mc_asm_run_text(MC_TARGET_X64, text, &args, 10, NULL, NULL, &out, NULL, &d))
            fail_msg("does not run: %s", d.n ? d.v[0].msg : "?");
        if (!mc_outcome_same(&want, &ref, &out, &args)) {
            char x[160], y[160];
            fail_msg("seed %llu %s two-address=%d: asm %s, interpreter %s", (unsigned long long)seed,
                     mc_allocator_name(al), mode, mc_outcome_str(&out, x, sizeof x), mc_outcome_str(&want, y, sizeof y));
        }
    }
    free(text);
    mc_asm_listing_free(&l);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    mc_args_free(&args);
    mc_args_free(&ref);
}

static void test_x64(void **state) {
    (void)state;
    char why[256];
    if (!mc_target_tools(MC_TARGET_X64, why, sizeof why)) skip();
    int r11[MC_ALLOC_COUNT][2] = {{0}};
    long cost[MC_ALLOC_COUNT][2] = {{0}};
    for (uint64_t seed = 1; seed <= 60; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 20 + (int32_t)(seed % 5) * 10;
        McFunc *f = mc_gen(seed, &go);
        for (int al = 0; al < MC_ALLOC_COUNT; al++)
            for (int m = 0; m < 2; m++)
                asm_run(f, seed, (McAllocator)al, m ? MC_TWOADDR_EMITTER : MC_TWOADDR_COPIES, &r11[al][m], &cost[al][m]);
        mc_func_free(f);
    }
    for (int al = 0; al < MC_ALLOC_COUNT; al++) {
        print_message("x86-64 %-8s copies: %d tiles through r11, %ld instructions; emitter: %d, %ld\n",
                      mc_allocator_name((McAllocator)al), r11[al][0], cost[al][0], r11[al][1], cost[al][1]);
        assert_int_equal(r11[al][0], 0);          /* the allocator met the constraint (ssa too) */
        assert_true(cost[al][0] <= cost[al][1]); /* and the listings are no longer (the default's evidence) */
    }
    assert_true(r11[MC_ALLOC_SSA][1] > 0); /* ssa needed the fix-up without the switch */
    /* the emitter's fix-up happens on these programs without the switch, so the test can fail */
    assert_true(r11[MC_ALLOC_IMPROVED][1] + r11[MC_ALLOC_BASELINE][1] + r11[MC_ALLOC_LINEAR][1] > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_switch),
        cmocka_unit_test(test_by_hand),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_ssa_generated),
        cmocka_unit_test(test_calls),
        cmocka_unit_test(test_x64),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
