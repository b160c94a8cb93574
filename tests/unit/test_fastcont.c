/* test_fastcont.c - the stepping interpreter's fast continue
 * (mc_interp_continue_fast, mc_interp_run_to and the replay built on it,
 * interp.c over run.c's exact code) held to mc_interp_continue, the
 * reference: on generated programs of both forms, both phi modes, with
 * random breakpoints, budgets and single steps in between, every stop
 * leaves the same state: stop reason, finished and outcome, block, pc,
 * previous block, steps, ticks, every value (defined or not, and its
 * value) and every buffer. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/parse.h"
#include "minicc/run.h"
#include "minicc/util.h"
#include "shell/session.h"

static uint64_t rng_state = 88172645463325252ull;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* Both interpreters are in the same state; returns how many values are defined. */
static int32_t same_state(const McFunc *f, const McInterp *x, const McInterp *y) {
    McOutcome ox, oy;
    bool fx = mc_interp_finished(x, &ox), fy = mc_interp_finished(y, &oy);
    assert_int_equal(fx, fy);
    if (fx) {
        assert_int_equal(ox.kind, oy.kind);
        assert_int_equal(ox.value, oy.value);
        assert_string_equal(ox.trap, oy.trap);
        assert_int_equal(ox.steps, oy.steps);
        assert_int_equal(ox.insts, oy.insts);
    }
    if (mc_interp_prev_block(x) != mc_interp_prev_block(y) || mc_interp_block(x) != mc_interp_block(y))
        print_message("x: block %d pc %d prev %d steps %ld; y: block %d pc %d prev %d steps %ld\n",
                      mc_interp_block(x), mc_interp_pc(x), mc_interp_prev_block(x), (long)mc_interp_steps(x),
                      mc_interp_block(y), mc_interp_pc(y), mc_interp_prev_block(y), (long)mc_interp_steps(y));
    assert_int_equal(mc_interp_block(x), mc_interp_block(y));
    assert_int_equal(mc_interp_pc(x), mc_interp_pc(y));
    assert_int_equal(mc_interp_prev_block(x), mc_interp_prev_block(y));
    assert_int_equal(mc_interp_steps(x), mc_interp_steps(y));
    assert_int_equal(mc_interp_ticks(x), mc_interp_ticks(y));
    int32_t ndef = 0;
    for (int32_t v = 0; v < f->nvalues; v++) {
        int32_t a = 0, b = 0;
        bool da = mc_interp_value(x, v, &a), db = mc_interp_value(y, v, &b);
        if (da != db)
            print_message("value %d (%s): defined %d vs %d, block %d pc %d\n", v, f->values[v].name, da, db,
                          mc_interp_block(x), mc_interp_pc(x));
        assert_int_equal(da, db);
        if (da) {
            assert_int_equal(a, b);
            ndef++;
        }
    }
    const McArgs *ax = mc_interp_args(x), *ay = mc_interp_args(y);
    assert_int_equal(ax->n, ay->n);
    for (int32_t p = 0; p < ax->n; p++) {
        assert_int_equal(ax->v[p].len, ay->v[p].len);
        if (ax->v[p].len)
            assert_memory_equal(ax->v[p].data, ay->v[p].data, (size_t)ax->v[p].len * sizeof(int32_t));
    }
    return ndef;
}

/* The slow replay (what mc_interp_replay did before the fast path). */
static McInterp *slow_replay(const McFunc *f, const McArgs *a, const McInterpOptions *o, int64_t steps) {
    McInterp *r = mc_interp_new(f, a, o);
    while (!mc_interp_finished(r, NULL) && !(mc_interp_steps(r) >= steps && mc_interp_pc(r) == -1))
        mc_interp_step_inst(r);
    return r;
}

typedef struct Tally {
    int stops[3], ends[3], mid_starts, replays, div_traps;
} Tally;

static void one_program(const McFunc *f, const McArgs *a, int64_t budget, McPhiMode mode, Tally *t) {
    McInterpOptions o = {budget, mode, NULL, NULL, NULL, 0};
    McInterp *x = mc_interp_new(f, a, &o), *y = mc_interp_new(f, a, &o);
    bool *bp = mc_xcalloc((size_t)f->nblocks, sizeof *bp);
    uint32_t density = 1 + rnd(4); /* none, a few, many breakpoints */
    for (int32_t b = 0; b < f->nblocks; b++) bp[b] = rnd(8) < density - 1;
    for (int round = 0; round < 12 && !mc_interp_finished(x, NULL); round++) {
        /* Sometimes start inside a block, sometimes a few blocks on. */
        uint32_t pre = rnd(4);
        if (pre == 1)
            for (uint32_t k = rnd(5); k > 0; k--) {
                mc_interp_step_inst(x);
                mc_interp_step_inst(y);
            }
        if (mc_interp_pc(x) != -1) t->mid_starts++;
        if (rnd(5) == 0) bp[rnd((uint32_t)f->nblocks)] ^= true;
        McStop sx = mc_interp_continue(x, bp), sy = mc_interp_continue_fast(y, bp);
        assert_int_equal(sx, sy);
        t->stops[sx]++;
        same_state(f, x, y);
    }
    McOutcome out;
    if (mc_interp_finished(x, &out)) {
        t->ends[out.kind]++;
        if (out.kind == MC_TRAPPED && strcmp(out.trap, MC_DIV_ZERO_MSG) == 0) t->div_traps++;
    }
    /* Going back: the fast replay equals the stepping one. */
    int64_t steps = mc_interp_steps(x);
    if (steps > 0) {
        int64_t to = (int64_t)rnd((uint32_t)steps + 1);
        McInterp *r = mc_interp_replay(y, to), *s = slow_replay(f, a, &o, to);
        same_state(f, s, r);
        /* ... and continuing from there agrees too. */
        assert_int_equal(mc_interp_continue(s, bp), mc_interp_continue_fast(r, bp));
        same_state(f, s, r);
        mc_interp_free(r);
        mc_interp_free(s);
        t->replays++;
    }
    free(bp);
    mc_interp_free(x);
    mc_interp_free(y);
}

static void test_fast_continue_gen(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t;
    memset(&t, 0, sizeof t);
    for (uint64_t seed = 1; seed <= 1200; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 70);
        McFunc *f = mc_gen(seed, &o);
        for (uint64_t k = 0; k < 3; k++) {
            McArgs a;
            mc_gen_args(f, seed * 31 + k, &a);
            int64_t budget = k == 2 ? (int64_t)(seed % 60) + 1 : 0;
            McPhiMode mode = (seed + k) % 5 == 0 ? MC_PHI_SEQUENTIAL : MC_PHI_PARALLEL;
            one_program(f, &a, budget, mode, &t);
            mc_args_free(&a);
        }
        mc_func_free(f);
    }
    /* Every kind of stop and end happened often. */
    assert_true(t.stops[MC_STOP_BREAK] > 500 && t.stops[MC_STOP_END] > 1000);
    assert_true(t.ends[MC_RETURNED] > 300 && t.ends[MC_TRAPPED] > 300);
    assert_true(t.mid_starts > 200 && t.replays > 1000);
    assert_true(t.div_traps > 20); /* the generator's div and rem (a zero divisor traps) */
}

/* Loops long enough to cross the interrupt polling (one look every few
 * thousand entries) and budget traps far in: counts, ticks and values
 * still agree, with and without breakpoints. */
static const char *long_ir =
    "func sum(buf b, i32 n, i32 R) {\n"
    "entry:\n  jump outer\n"
    "outer:\n  r = phi [entry: 0], [latch: r1]\n  s = phi [entry: 0], [latch: t]\n"
    "  c = lt r, R\n  branch c, inner, done\n"
    "inner:\n  i = phi [outer: 0], [inner: i1]\n  t0 = phi [outer: s], [inner: t]\n"
    "  x = load b, i\n  t = add t0, x\n  store b, i, t\n  i1 = add i, 1\n  k = lt i1, n\n"
    "  branch k, inner, latch\n"
    "latch:\n  r1 = add r, 1\n  jump outer\n"
    "done:\n  return s\n}\n"
    "func fill(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy 0\n  jump oh\n"
    "oh:\n  c = lt r, R\n  branch c, ib, done\n"
    "ib:\n  i = copy 0\n  jump ih\n"
    "ih:\n  v = mul i, i\n  v = add v, r\n  store b, i, v\n  i = add i, 1\n"
    "  k = lt i, n\n  branch k, ih, ol\n"
    "ol:\n  r = add r, 1\n  jump oh\n"
    "done:\n  x = load b, 7\n  return x\n}\n"
    "func divs(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy R\n  s = copy 0\n  jump oh\n"
    "oh:\n  i = copy 0\n  jump ih\n"
    "ih:\n  x = load b, i\n  q = div x, r\n  m = rem x, r\n  s = add s, q\n  s = xor s, m\n"
    "  i = add i, 1\n  k = lt i, n\n  branch k, ih, ol\n"
    "ol:\n  r = sub r, 1\n  jump oh\n}\n";

static void test_fast_continue_long(void **state) {
    (void)state;
    McDiags d;
    mc_diags_init(&d, "long.ir", long_ir, strlen(long_ir));
    McModule *m = mc_parse("long.ir", long_ir, strlen(long_ir), &d);
    assert_non_null(m);
    int long_runs = 0, div_traps = 0;
    for (int32_t fi = 0; fi < m->nfuncs; fi++) {
        const McFunc *f = m->funcs[fi];
        const int64_t budgets[] = {0, 1000000, 70001, 250000};
        for (size_t bi = 0; bi < sizeof budgets / sizeof budgets[0]; bi++) {
            McArgs a;
            a.n = 3;
            a.v = mc_xcalloc(3, sizeof *a.v);
            a.v[0].is_buf = true;
            a.v[0].len = 500;
            a.v[0].data = mc_xcalloc(500, sizeof(int32_t));
            for (int32_t i = 0; i < 500; i++) a.v[0].data[i] = (int32_t)rnd(100) - 50;
            a.v[1].scalar = 500;
            a.v[2].scalar = 300;
            McInterpOptions io = {budgets[bi], MC_PHI_PARALLEL, NULL, NULL, NULL, 0};
            McInterp *x = mc_interp_new(f, &a, &io), *y = mc_interp_new(f, &a, &io);
            bool *bp = mc_xcalloc((size_t)f->nblocks, sizeof *bp);
            bp[f->nblocks - 2] = bi == 3; /* the latch: a stop every pass */
            for (int k = 0; k < 400 && !mc_interp_finished(x, NULL); k++) {
                assert_int_equal(mc_interp_continue(x, bp), mc_interp_continue_fast(y, bp));
                same_state(f, x, y);
            }
            if (mc_interp_steps(x) > 20000) long_runs++;
            McOutcome out;
            if (mc_interp_finished(x, &out) && strcmp(out.trap, MC_DIV_ZERO_MSG) == 0) div_traps++;
            free(bp);
            mc_interp_free(x);
            mc_interp_free(y);
            mc_args_free(&a);
        }
    }
    mc_module_free(m);
    mc_diags_free(&d);
    assert_int_equal(long_runs, 11); /* divs with a breakpoint in its loop: 400 short continues */
    assert_int_equal(div_traps, 1);   /* divs, budget 1000000: r reaches 0 after 300 passes */
}

/* mc_interp_run_to stops exactly at the boundary after N entries. */
static void test_run_to(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    for (uint64_t seed = 1; seed <= 200; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        McFunc *f = mc_gen(seed, &o);
        McArgs a;
        mc_gen_args(f, seed, &a);
        McInterpOptions io = {0, MC_PHI_PARALLEL, NULL, NULL, NULL, 0};
        for (int64_t n = 0; n < 40; n += 7) {
            McInterp *x = slow_replay(f, &a, &io, n), *y = mc_interp_new(f, &a, &io);
            assert_true(mc_interp_run_to(y, n));
            same_state(f, x, y);
            mc_interp_free(x);
            mc_interp_free(y);
        }
        McInterp *y = mc_interp_new(f, &a, &io);
        mc_interp_step_inst(y);
        if (!mc_interp_finished(y, NULL) && mc_interp_pc(y) != -1) assert_false(mc_interp_run_to(y, 5));
        mc_interp_free(y);
        mc_args_free(&a);
        mc_func_free(f);
    }
}

/* ---- the session: continue and run on both paths ----------------------- */

static void same_events(const McSessionEvents *x, const McSessionEvents *y) {
    assert_int_equal(x->n, y->n);
    for (int i = 0; i < x->n; i++) {
        const McEvent *a = &x->v[i], *b = &y->v[i];
        assert_int_equal(a->kind, b->kind);
        assert_int_equal(a->block, b->block);
        assert_int_equal(a->pred, b->pred);
        assert_int_equal(a->inst, b->inst);
        assert_int_equal(a->nphis, b->nphis);
        for (int k = 0; k < 3; k++) assert_int_equal(a->opnd[k], b->opnd[k]);
        assert_int_equal(a->result, b->result);
        assert_int_equal(a->had_old, b->had_old);
        if (a->had_old) assert_int_equal(a->old, b->old);
        assert_int_equal(a->is_store, b->is_store);
        assert_int_equal(a->buf, b->buf);
        assert_int_equal(a->index, b->index);
        assert_int_equal(a->value, b->value);
        assert_int_equal(a->next, b->next);
        for (int32_t k = 0; k < a->nphis; k++) {
            assert_int_equal(a->phis[k].dest, b->phis[k].dest);
            assert_int_equal(a->phis[k].value, b->phis[k].value);
            assert_int_equal(a->phis[k].had_old, b->phis[k].had_old);
            if (a->phis[k].had_old) assert_int_equal(a->phis[k].old, b->phis[k].old);
        }
    }
}

static void same_session(const McSession *x, const McSession *y) {
    assert_int_equal(x->interp != NULL, y->interp != NULL);
    if (x->interp) same_state(x->interp_func, x->interp, y->interp);
    same_events(&x->last, &y->last);
    assert_int_equal(x->break_stops, y->break_stops);
}

/* Arguments as the prompt takes them: one word per parameter. */
static char **arg_words(const McArgs *a) {
    char **w = mc_xcalloc((size_t)a->n + 1, sizeof *w);
    for (int32_t p = 0; p < a->n; p++) {
        McStr t;
        mc_str_init(&t);
        if (!a->v[p].is_buf) {
            mc_str_printf(&t, "%ld", (long)a->v[p].scalar);
        } else {
            mc_str_printf(&t, "[");
            for (int32_t i = 0; i < a->v[p].len; i++) mc_str_printf(&t, "%s%ld", i ? "," : "", (long)a->v[p].data[i]);
            mc_str_printf(&t, "]");
        }
        w[p] = t.s;
    }
    return w;
}

/* Two sessions, one stepping through continue (slow_continue), one on the
 * fast path, given the same commands: breakpoints, run, continue, step,
 * stepi, back; after each the interpreter state, the recorded events (what
 * the workbench shows) and the breakpoint stops are the same. */
static void test_session_fast_gen(void **state) {
    (void)state;
    char path[] = "/tmp/minicc-test-fastcont-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    McGenOptions o;
    mc_gen_options_default(&o);
    int at_breaks = 0, ends = 0;
    FILE *null = fopen("/dev/null", "w");
    assert_non_null(null);
    for (uint64_t seed = 1; seed <= 400; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 50);
        McFunc *f = mc_gen(seed, &o);
        FILE *fp = fopen(path, "w");
        assert_non_null(fp);
        mc_func_print(f, fp);
        fclose(fp);
        McArgs a;
        mc_gen_args(f, seed, &a);
        char **w = arg_words(&a);
        McSession ss[2];
        int64_t budget = seed % 3 == 0 ? (int64_t)rnd(80) + 1 : 0;
        McPhiMode mode = seed % 7 == 0 ? MC_PHI_SEQUENTIAL : MC_PHI_PARALLEL;
        for (int k = 0; k < 2; k++) {
            mc_session_init(&ss[k]);
            assert_true(mc_session_load(&ss[k], path, null));
            assert_true(mc_session_set_args(&ss[k], a.n, w, null));
            ss[k].slow_continue = k == 0;
            ss[k].max_steps = budget;
            ss[k].phi_mode = mode;
        }
        for (int32_t b = 0; b < f->nblocks; b++)
            if (rnd(4) == 0)
                for (int k = 0; k < 2; k++) assert_true(mc_session_break_add(&ss[k], f->blocks[b].name, null));
        for (int op = 0; op < 10; op++) {
            uint32_t what = rnd(10);
            int64_t n = 1 + (int64_t)rnd(3);
            bool brk[2] = {false, false}, ok[2];
            for (int k = 0; k < 2; k++) {
                McSession *s = &ss[k];
                if (what < 2) { /* run */
                    ok[k] = mc_session_start(s, null);
                    s->stop_at_entry = true;
                    ok[k] = ok[k] && mc_session_continue(s, &brk[k], null);
                } else if (what < 6) {
                    ok[k] = mc_session_continue(s, &brk[k], null);
                } else if (what < 8) {
                    ok[k] = mc_session_step(s, n, what == 7, null);
                } else {
                    ok[k] = s->interp ? mc_session_back(s, n, null) : true;
                }
            }
            assert_int_equal(ok[0], ok[1]);
            assert_int_equal(brk[0], brk[1]);
            at_breaks += brk[0];
            same_session(&ss[0], &ss[1]);
            if (ss[0].interp && mc_interp_finished(ss[0].interp, NULL)) ends++;
        }
        for (int k = 0; k < 2; k++) mc_session_free(&ss[k]);
        for (int32_t p = 0; p < a.n; p++) free(w[p]);
        free(w);
        mc_args_free(&a);
        mc_func_free(f);
    }
    fclose(null);
    remove(path);
    assert_true(at_breaks > 300 && ends > 300);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_continue_gen),
        cmocka_unit_test(test_fast_continue_long),
        cmocka_unit_test(test_run_to),
        cmocka_unit_test(test_session_fast_gen),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
