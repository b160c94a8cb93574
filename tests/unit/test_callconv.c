/* test_callconv.c - calling conventions on the allocated machine (docs/ir.md
 * §3.3, callconv.c, machine_call.c): every allocator (baseline, improved,
 * linear, ssa) under every convention (split, caller-saved, callee-saved)
 * at K = 1, 2, 3, 4, 8 allocates a program with calls, the machine with
 * frames runs it, and the outcome equals the stepping interpreter's; the
 * convention's traffic (saves, restores) is counted apart from spills and
 * ordered as the conventions predict; the machine enforces the convention:
 * an allocation that keeps a value in a caller-saved register across a call
 * (a planted bug, regalloc_test.h) traps naming the register and the call,
 * and a callee that does not save the callee-saved registers it writes
 * traps naming the register and the function. The functions are phi-free
 * and in SSA form, so they go to mc_allocate as loaded. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/alloc/regalloc_test.h"
#include "minicc/check.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/pipeline.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* main(n) = fib(n) + 100 * n (stored by a callee into a local buffer) +
 * 1000 * many(n); many keeps four values live across two calls and passes
 * five arguments (more than the argument registers at small K). */
static const char *const SRC =
    "func main(i32 n) {\n"
    "entry:\n"
    "    cell = buffer 2\n"
    "    call put(cell, 1, n)\n"
    "    x = load cell, 1\n"
    "    f = call fib(n)\n"
    "    k = mul x, 100\n"
    "    r = add f, k\n"
    "    m = call many(n)\n"
    "    t = mul m, 1000\n"
    "    u = add r, t\n"
    "    return u\n"
    "}\n"
    "func put(buf b, i32 i, i32 v) {\n"
    "entry:\n"
    "    store b, i, v\n"
    "    return 0\n"
    "}\n"
    "func fib(i32 n) {\n"
    "entry:\n"
    "    c = lt n, 2\n"
    "    branch c, base, rec\n"
    "base:\n"
    "    return n\n"
    "rec:\n"
    "    n1 = sub n, 1\n"
    "    a = call fib(n1)\n"
    "    n2 = sub n, 2\n"
    "    b = call fib(n2)\n"
    "    s = add a, b\n"
    "    return s\n"
    "}\n"
    "func many(i32 n) {\n"
    "entry:\n"
    "    a = add n, 1\n"
    "    b = mul n, 3\n"
    "    c = sub 7, n\n"
    "    d = xor n, 5\n"
    "    e = call fib(c)\n"
    "    s = call sum5(a, b, c, d, e)\n"
    "    t = add a, b\n"
    "    u = add t, c\n"
    "    v = add u, d\n"
    "    w = add v, s\n"
    "    return w\n"
    "}\n"
    "func sum5(i32 a, i32 b, i32 c, i32 d, i32 e) {\n"
    "entry:\n"
    "    x = add a, b\n"
    "    y = add x, c\n"
    "    z = sub y, d\n"
    "    w = mul z, e\n"
    "    return w\n"
    "}\n";

static McModule *load(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    for (int i = 0; i < d.n; i++) fprintf(stderr, "%s\n", d.v[i].msg);
    assert_int_equal(d.n, 0);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

static McArgs one_int(int32_t n) {
    McArgs a;
    a.n = 1;
    a.v = mc_xcalloc(1, sizeof *a.v);
    a.v[0].scalar = n;
    return a;
}

/* Every function of m allocated alike, function `entry` first. */
static void program(const McModule *m, int entry, McAllocator which, int K, McConvention conv,
                    const McAllocKnobs *knobs, McProgram *p) {
    memset(p, 0, sizeof *p);
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.convention = conv;
    o.knobs = knobs;
    o.program = true; /* as stage alloc allocates a program: registers renamed to suit the convention */
    for (int k = -1; k < m->nfuncs; k++) {
        int i = k < 0 ? entry : k;
        if (k == entry) continue;
        McDiags d;
        mc_diags_init(&d, "t.ir", NULL, 0);
        McAllocation *a = mc_allocate(m->funcs[i], which, K, &o, &d);
        if (!a) fail_msg("%s: %s", m->funcs[i]->name, d.n ? d.v[0].msg : "?");
        mc_diags_free(&d);
        mc_program_add(p, m->funcs[i], a);
    }
}

static McOutcome run_program(const McModule *m, int entry, McAllocator which, int K, McConvention conv,
                             const McAllocKnobs *knobs, int32_t n, McMachineStats *st) {
    McProgram p;
    program(m, entry, which, K, conv, knobs, &p);
    McArgs args = one_int(n);
    McOutcome out = mc_machine_run_program(&p, &args, 1000000, 0, NULL, st);
    mc_args_free(&args);
    mc_program_free(&p);
    return out;
}

static McOutcome interpret(const McModule *m, int entry, int32_t n) {
    McArgs args = one_int(n);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = 1000000;
    McOutcome out = mc_interp_run(m->funcs[entry], &args, &io);
    mc_args_free(&args);
    return out;
}

static const int Ks[] = {1, 2, 3, 4, 8};

/* Every allocator x convention x K x n: the interpreter's outcome and step
 * count; the traffic of the conventions compared at K = 8 where nothing
 * spills. */
static void every_allocator_and_convention(void **state) {
    (void)state;
    McModule *m = load(SRC);
    int runs = 0;
    for (int w = 0; w < MC_ALLOC_COUNT; w++)
        for (int c = 0; c < MC_CONV_COUNT; c++)
            for (size_t k = 0; k < sizeof Ks / sizeof Ks[0]; k++)
                for (int32_t n = 0; n <= 7; n += 1) {
                    McOutcome want = interpret(m, 0, n);
                    McMachineStats st;
                    McOutcome got = run_program(m, 0, (McAllocator)w, Ks[k], (McConvention)c, NULL, n, &st);
                    if (got.kind != want.kind || got.value != want.value || got.steps != want.steps)
                        fail_msg("%s %s K=%d n=%d: machine %s %d (%s) steps %lld, interpreter %d steps %lld",
                                 mc_allocator_name((McAllocator)w), mc_convention_name((McConvention)c), Ks[k],
                                 (int)n, got.kind == MC_RETURNED ? "return" : "trap", (int)got.value, got.trap,
                                 (long long)got.steps, (int)want.value, (long long)want.steps);
                    assert_true(st.valid);
                    assert_true(st.calls > 0);
                    assert_int_equal(st.saves, st.restores);
                    runs++;
                }
    assert_int_equal(runs, 4 * 3 * 5 * 8);
    /* fib(6) at K = 8 under each convention: all caller-saved saves at the
     * calls, all callee-saved in the prologues; split no more than either */
    int fib = 2;
    assert_string_equal(m->funcs[fib]->name, "fib");
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        McMachineStats s[MC_CONV_COUNT];
        for (int c = 0; c < MC_CONV_COUNT; c++) {
            McOutcome o = run_program(m, fib, (McAllocator)w, 8, (McConvention)c, NULL, 6, &s[c]);
            assert_int_equal(o.value, 8);
            assert_int_equal(s[c].calls, 24); /* fib(6) makes 25 frames */
            assert_int_equal(s[c].spill_reads + s[c].spill_writes, 0);
        }
        assert_true(s[MC_CONV_CALLER].saves > 0);
        assert_true(s[MC_CONV_CALLEE].saves > 0);
        assert_true(s[MC_CONV_SPLIT].saves <= s[MC_CONV_CALLER].saves);
        assert_true(s[MC_CONV_SPLIT].saves <= s[MC_CONV_CALLEE].saves);
    }
    mc_module_free(m);
}

/* The planted bugs: the machine traps naming the register and the call, or
 * the register and the function; the correct allocation does not trap. */
static void enforcement(void **state) {
    (void)state;
    McModule *m = load(SRC);
    McAllocKnobs bug;
    memset(&bug, 0, sizeof bug);
    bug.no_caller_saves = true;
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        McMachineStats st;
        McOutcome o = run_program(m, 2, (McAllocator)w, 4, MC_CONV_CALLER, &bug, 6, &st);
        if (o.kind != MC_TRAPPED || !strstr(o.trap, "read after the call to fib at ") ||
            !strstr(o.trap, "clobbered it (caller-saved under caller-saved)"))
            fail_msg("%s: no caller saves: %s", mc_allocator_name((McAllocator)w), o.trap);
        o = run_program(m, 2, (McAllocator)w, 4, MC_CONV_CALLER, NULL, 6, &st);
        assert_int_equal(o.kind, MC_RETURNED);
    }
    memset(&bug, 0, sizeof bug);
    bug.no_callee_saves = true;
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        McMachineStats st;
        McOutcome o = run_program(m, 2, (McAllocator)w, 4, MC_CONV_CALLEE, &bug, 6, &st);
        if (o.kind != MC_TRAPPED || strncmp(o.trap, "fib returned with callee-saved r", 32) != 0)
            fail_msg("%s: no callee saves: %s", mc_allocator_name((McAllocator)w), o.trap);
    }
    mc_module_free(m);
}

/* Hand-made: a value kept in caller-saved r0 across a call under split is
 * read after it: the trap names r0 and the call's position. */
static void trap_message(void **state) {
    (void)state;
    McModule *m = load("func f(i32 n) {\n"
                       "entry:\n"
                       "    a = add n, 1\n"
                       "    b = call g(n)\n"
                       "    c = add a, b\n"
                       "    return c\n"
                       "}\n"
                       "func g(i32 x) {\n"
                       "entry:\n"
                       "    return x\n"
                       "}\n");
    McAllocKnobs bug;
    memset(&bug, 0, sizeof bug);
    bug.no_caller_saves = true;
    McMachineStats st;
    McOutcome o = run_program(m, 0, MC_ALLOC_BASELINE, 2, MC_CONV_CALLER, &bug, 3, &st);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "r0 read after the call to g at 4:5 clobbered it (caller-saved under caller-saved)");
    o = run_program(m, 0, MC_ALLOC_BASELINE, 2, MC_CONV_CALLER, NULL, 3, &st);
    assert_int_equal(o.kind, MC_RETURNED);
    assert_int_equal(o.value, 7);
    assert_int_equal(st.saves, 1); /* a around the call */
    assert_int_equal(st.restores, 1);
    assert_int_equal(st.calls, 1);
    /* the real moves only: n from r1 into the argument register r0 (g's x
     * is r0, where it arrives; it returns x from r0, the result register),
     * then the result from r0 into b's r1 */
    assert_int_equal(st.arg_moves, 2);
    mc_module_free(m);
}

/* Every allocator explains the convention's choices in its trace (baseline
 * and improved record one) and in the `why` lines: a kept in a
 * caller-saved register is saved around the call; in a callee-saved one
 * it is kept; the planted bug says it is not saved. */
static const char *const TWO = "func f(i32 n) {\n"
                               "entry:\n"
                               "    a = add n, 1\n"
                               "    b = call g(n)\n"
                               "    c = add a, b\n"
                               "    return c\n"
                               "}\n"
                               "func g(i32 x) {\n"
                               "entry:\n"
                               "    return x\n"
                               "}\n";

static char *trace_of(const McFunc *f, McAllocator which, int K, McConvention conv, const McAllocKnobs *knobs,
                      char **why) {
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.convention = conv;
    o.knobs = knobs;
    McAllocTrace tr;
    mc_alloc_trace_init(&tr);
    o.trace = &tr;
    McDiags d;
    mc_diags_init(&d, "t.ir", NULL, 0);
    McAllocation *a = mc_allocate(f, which, K, &o, &d);
    assert_non_null(a);
    mc_diags_free(&d);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    char buf[512];
    for (int32_t i = 0; i < tr.n; i++)
        if (tr.ev[i].kind >= MC_TR_CALL_SAVE) fprintf(m, "%s\n", mc_alloc_trace_event_str(&tr, i, a, buf, sizeof buf));
    fclose(m);
    int32_t av = -1;
    for (int32_t v = 0; v < a->f->nvalues; v++)
        if (strcmp(a->f->values[v].name, "a") == 0) av = v;
    m = open_memstream(why, &len);
    mc_alloc_calls_why(a, av, m);
    fclose(m);
    mc_alloc_trace_free(&tr);
    mc_allocation_free(a);
    return text;
}

static void trace_and_why(void **state) {
    (void)state;
    McModule *m = load(TWO);
    char *why;
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        char *t = trace_of(m->funcs[0], (McAllocator)w, 2, MC_CONV_CALLER, NULL, &why);
        if (!strstr(t, "call at 4:5: a in caller-saved r") || !strstr(t, "is live across it: saved to save0, restored after"))
            fail_msg("%s: %s", mc_allocator_name((McAllocator)w), t);
        if (!strstr(why, "a is live across the call to g at 4:5: in caller-saved r") ||
            !strstr(why, "which the call clobbers under caller-saved: saved before it, restored after"))
            fail_msg("%s: %s", mc_allocator_name((McAllocator)w), why);
        free(t);
        free(why);
        t = trace_of(m->funcs[0], (McAllocator)w, 2, MC_CONV_CALLEE, NULL, &why);
        if (!strstr(t, "call at 4:5: a in callee-saved r") || !strstr(t, "prologue: callee-saved r"))
            fail_msg("%s: %s", mc_allocator_name((McAllocator)w), t);
        if (!strstr(why, "a is live across the call to g at 4:5: in callee-saved r"))
            fail_msg("%s: %s", mc_allocator_name((McAllocator)w), why);
        free(t);
        free(why);
    }
    McAllocKnobs bug;
    memset(&bug, 0, sizeof bug);
    bug.no_caller_saves = true;
    char *t = trace_of(m->funcs[0], MC_ALLOC_IMPROVED, 2, MC_CONV_CALLER, &bug, &why);
    assert_non_null(strstr(t, "is live across it: NOT saved (planted bug)"));
    assert_non_null(strstr(why, "NOT saved"));
    free(t);
    free(why);
    mc_module_free(m);
}

/* The planted bug through the whole pipeline: check (every stage, the
 * callees prepared and allocated alike) diverges at stage alloc, and the
 * alloc row's trap names the register and the call; without the bug every
 * stage agrees. */
static void check_fails_at_alloc(void **state) {
    (void)state;
    McModule *m = load(SRC);
    for (int bugged = 0; bugged < 2; bugged++)
        for (int c = 0; c < MC_CONV_COUNT; c++) {
            McAllocKnobs bug;
            memset(&bug, 0, sizeof bug);
            bug.no_caller_saves = bugged && c != MC_CONV_CALLEE;
            bug.no_callee_saves = bugged && c == MC_CONV_CALLEE;
            McAllocOptions ao;
            mc_alloc_options_default(&ao);
            ao.knobs = &bug;
            McStageOptions so;
            mc_stage_options_default(&so);
            so.alloc_opts = &ao;
            so.convention = (McConvention)c;
            so.allocator = MC_ALLOC_IMPROVED;
            McArgs args = one_int(6);
            McCheck ck;
            mc_check_run(m->funcs[0], &args, &so, &ck);
            if (!bugged) {
                for (int i = 0; i < ck.nrows; i++)
                    if (ck.rows[i].stage == MC_STAGE_ALLOC && !ck.rows[i].ran)
                        fail_msg("%s: %s did not run: %s", mc_convention_name((McConvention)c), ck.rows[i].label,
                                 ck.rows[i].error);
                assert_true(ck.diverged < 0 || ck.rows[ck.diverged].stage == MC_STAGE_NATIVE);
            } else {
                assert_true(ck.diverged >= 0);
                const McCheckRow *r = &ck.rows[ck.diverged];
                assert_int_equal(r->stage, MC_STAGE_ALLOC);
                assert_int_equal(r->outcome.kind, MC_TRAPPED);
                const char *want = c == MC_CONV_CALLEE ? "returned with callee-saved r" : "read after the call to";
                if (!strstr(r->outcome.trap, want))
                    fail_msg("%s: %s: %s", mc_convention_name((McConvention)c), r->label, r->outcome.trap);
            }
            mc_check_free(&ck);
            mc_args_free(&args);
        }
    mc_module_free(m);
}

/* The convention's renaming: a, live across two calls, ends in a
 * callee-saved register under split with every allocator (no save at the
 * calls), and the trace says so; under caller-saved it is saved twice. */
static void renaming(void **state) {
    (void)state;
    McModule *m = load("func h(i32 n) {\n"
                       "entry:\n"
                       "    a = add n, 1\n"
                       "    b = call g(n)\n"
                       "    c = call g(b)\n"
                       "    d = add a, c\n"
                       "    return d\n"
                       "}\n"
                       "func g(i32 x) {\n"
                       "entry:\n"
                       "    return x\n"
                       "}\n");
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        McMachineStats st;
        McOutcome o = run_program(m, 0, (McAllocator)w, 4, MC_CONV_SPLIT, NULL, 5, &st);
        assert_int_equal(o.value, 11);
        assert_int_equal(st.calls, 2);
        if (st.saves != 0) fail_msg("%s: %lld saves under split", mc_allocator_name((McAllocator)w), (long long)st.saves);
        o = run_program(m, 0, (McAllocator)w, 4, MC_CONV_CALLER, NULL, 5, &st);
        assert_int_equal(st.saves, 2);
        char *why;
        char *t = trace_of(m->funcs[0], (McAllocator)w, 4, MC_CONV_SPLIT, NULL, &why);
        if (!strstr(why, "a is live across the call to g at 4:5: in callee-saved r") ||
            !strstr(why, "a is live across the call to g at 5:5: in callee-saved r"))
            fail_msg("%s: %s", mc_allocator_name((McAllocator)w), why);
        free(t);
        free(why);
    }
    mc_module_free(m);
}

/* ---- calls=interfere ---------------------------------------------------------- */

/* One function's allocation under o: checked as every allocation is, and
 * under calls=interfere: constrained, no caller save at any call. */
static McAllocation *allocate_checked(const McFunc *f, McAllocator which, int K, const McAllocOptions *o) {
    McDiags d;
    mc_diags_init(&d, "t.ir", NULL, 0);
    McAllocation *a = mc_allocate(f, which, K, o, &d);
    if (!a) fail_msg("%s: %s", f->name, d.n ? d.v[0].msg : "?");
    mc_diags_free(&d);
    if (o->calls == MC_CALLS_INTERFERE) {
        assert_non_null(a->cons); /* every function of a program is constrained */
        for (int32_t c = 0; c < a->ncallsaves; c++)
            if (a->callsaves[c].n != 0)
                fail_msg("%s %s K=%d %s: %d caller saves at a call under calls=interfere", mc_allocator_name(which),
                         mc_convention_name(o->convention), K, a->f->name, (int)a->callsaves[c].n);
        char msg[256];
        if (!mc_allocation_check(a, msg, sizeof msg)) fail_msg("%s", msg);
    }
    return a;
}

/* m's program under o, run on args: every function of m allocated alike,
 * function `entry` first; or, when prepare (generated modules are not in
 * SSA form), the entry prepared at -O1 and the callees it owns, as stage
 * alloc does. */
static McOutcome run_opts(const McModule *m, int entry, McAllocator which, int K, const McAllocOptions *o, bool prepare,
                          McArgs *args, McMachineStats *st) {
    McProgram p;
    memset(&p, 0, sizeof p);
    McFunc *top = NULL;
    if (prepare) {
        top = mc_pipeline_prepare(m->funcs[entry], 1, NULL);
        assert_non_null(top);
        for (int32_t k = -1; k < top->nowned; k++) {
            const McFunc *g = k < 0 ? top : top->owned[k];
            mc_program_add(&p, g, allocate_checked(g, which, K, o));
        }
    } else {
        for (int k = -1; k < m->nfuncs; k++) {
            int i = k < 0 ? entry : k;
            if (k == entry) continue;
            mc_program_add(&p, m->funcs[i], allocate_checked(m->funcs[i], which, K, o));
        }
    }
    McOutcome out = mc_machine_run_program(&p, args, 1000000, 0, NULL, st);
    mc_program_free(&p);
    mc_func_free(top);
    return out;
}

static void options(McAllocOptions *o, McConvention conv, McCallsMode calls) {
    mc_alloc_options_default(o);
    o->convention = conv;
    o->calls = calls;
    o->program = true;
}

/* Every allocator x convention x K on SRC (n = 0..7) and on 25 generated
 * modules with three helpers: the machine's outcome and step count are the
 * interpreter's, no allocation has a caller save, none keeps a value live
 * across a call in a caller-saved register. */
static void interfere_every_allocator_and_convention(void **state) {
    (void)state;
    McModule *m = load(SRC);
    int runs = 0;
    for (int w = 0; w < MC_ALLOC_COUNT; w++)
        for (int c = 0; c < MC_CONV_COUNT; c++)
            for (size_t k = 0; k < sizeof Ks / sizeof Ks[0]; k++)
                for (int32_t n = 0; n <= 7; n++) {
                    McAllocOptions o;
                    options(&o, (McConvention)c, MC_CALLS_INTERFERE);
                    McOutcome want = interpret(m, 0, n);
                    McArgs args = one_int(n);
                    McMachineStats st;
                    McOutcome got = run_opts(m, 0, (McAllocator)w, Ks[k], &o, false, &args, &st);
                    mc_args_free(&args);
                    if (got.kind != want.kind || got.value != want.value || got.steps != want.steps)
                        fail_msg("%s %s K=%d n=%d: machine %d (%s), interpreter %d", mc_allocator_name((McAllocator)w),
                                 mc_convention_name((McConvention)c), Ks[k], (int)n, (int)got.value, got.trap,
                                 (int)want.value);
                    runs++;
                }
    assert_int_equal(runs, 4 * 3 * 5 * 8);
    mc_module_free(m);
    McGenOptions go;
    mc_gen_options_default(&go);
    go.calls = 3;
    int gen_runs = 0;
    for (uint64_t seed = 1; seed <= 25; seed++) {
        McModule *g = mc_gen_module(seed, &go);
        assert_non_null(g);
        McArgs args0;
        mc_gen_args(g->funcs[0], seed, &args0);
        McArgs ref;
        mc_args_copy(&ref, &args0);
        McInterpOptions io;
        memset(&io, 0, sizeof io);
        io.max_steps = 1000000;
        McOutcome want = mc_interp_run(g->funcs[0], &ref, &io);
        for (int w = 0; w < MC_ALLOC_COUNT; w++)
            for (int c = 0; c < MC_CONV_COUNT; c++)
                for (size_t k = 0; k < sizeof Ks / sizeof Ks[0]; k++) {
                    McAllocOptions o;
                    options(&o, (McConvention)c, MC_CALLS_INTERFERE);
                    McArgs run;
                    mc_args_copy(&run, &args0);
                    McOutcome got = run_opts(g, 0, (McAllocator)w, Ks[k], &o, true, &run, NULL);
                    if (!mc_outcome_same(&want, &ref, &got, &run)) {
                        char x[160], y[160];
                        fail_msg("seed %llu %s %s K=%d: interpreter %s, machine %s", (unsigned long long)seed,
                                 mc_allocator_name((McAllocator)w), mc_convention_name((McConvention)c), Ks[k],
                                 mc_outcome_str(&want, x, sizeof x), mc_outcome_str(&got, y, sizeof y));
                    }
                    mc_args_free(&run);
                    gen_runs++;
                }
        mc_args_free(&ref);
        mc_args_free(&args0);
        mc_module_free(g);
    }
    assert_int_equal(gen_runs, 25 * 4 * 3 * 5);
}

/* save vs interfere where precolouring pays (tests/alloc/args_calls.ir): f
 * passes b and a as g2's arguments 0 and 1, and n, live across the first
 * call, to the second. Under split at K = 4 with every allocator, interfere
 * makes the two moves that are left (n from r0, where it arrives, to a
 * callee-saved register, and from there to r1 for the second call) and one
 * prologue save; save makes more of both. */
static const char *const ARGS = "func main(i32 n) {\n"
                                "entry:\n"
                                "    r = call f(n)\n"
                                "    return r\n"
                                "}\n"
                                "func f(i32 n) {\n"
                                "entry:\n"
                                "    a = add n, 1\n"
                                "    b = mul n, 3\n"
                                "    c = call g2(b, a)\n"
                                "    d = call g2(c, n)\n"
                                "    return d\n"
                                "}\n"
                                "func g2(i32 x, i32 y) {\n"
                                "entry:\n"
                                "    z = sub x, y\n"
                                "    return z\n"
                                "}\n";

static void interfere_saves_moves(void **state) {
    (void)state;
    McModule *m = load(ARGS);
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        McMachineStats s[2];
        for (int mode = 0; mode < 2; mode++) {
            McAllocOptions o;
            options(&o, MC_CONV_SPLIT, (McCallsMode)mode);
            McArgs args = one_int(5);
            McOutcome out = run_opts(m, 0, (McAllocator)w, 4, &o, false, &args, &s[mode]);
            mc_args_free(&args);
            assert_int_equal(out.kind, MC_RETURNED);
            assert_int_equal(out.value, 4); /* g2(g2(15, 6), 5) = 9 - 5 */
            assert_int_equal(s[mode].calls, 3);
        }
        const char *name = mc_allocator_name((McAllocator)w);
        if (s[1].arg_moves != 2 || s[1].saves != 1 || s[0].arg_moves <= s[1].arg_moves || s[0].saves < s[1].saves)
            fail_msg("%s: save: saves=%lld arg_moves=%lld; interfere: saves=%lld arg_moves=%lld", name,
                     (long long)s[0].saves, (long long)s[0].arg_moves, (long long)s[1].saves, (long long)s[1].arg_moves);
    }
    mc_module_free(m);
}

/* The trace and `why` under calls=interfere: a, live across the call to g,
 * interferes with the caller-saved registers and ends in a callee-saved
 * one; n prefers r0 (parameter 0, argument 0 of g); b prefers the result
 * register. Under caller-saved a has no register left: a slot. */
static void interfere_trace_and_why(void **state) {
    (void)state;
    McModule *m = load(TWO);
    for (int w = 0; w < MC_ALLOC_COUNT; w++) {
        for (int c = 0; c < 2; c++) {
            McAllocOptions o;
            options(&o, c ? MC_CONV_CALLER : MC_CONV_SPLIT, MC_CALLS_INTERFERE);
            McAllocTrace tr;
            mc_alloc_trace_init(&tr);
            o.trace = &tr;
            McAllocation *a = mc_allocate(m->funcs[0], (McAllocator)w, 4, &o, NULL);
            assert_non_null(a);
            char *text = NULL, *why = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&text, &len);
            mc_alloc_trace_print(&tr, a, f);
            fclose(f);
            int32_t av = -1;
            for (int32_t v = 0; v < a->f->nvalues; v++)
                if (strcmp(a->f->values[v].name, "a") == 0) av = v;
            f = open_memstream(&why, &len);
            mc_alloc_calls_why(a, av, f);
            fclose(f);
            const char *name = mc_allocator_name((McAllocator)w);
            if (!c) {
                if (!strstr(text, "a interferes with r0 r1: live across the call to g at 4:5 (caller-saved under split)") ||
                    !strstr(text, "n prefers r0: parameter 0 arrives there") ||
                    !strstr(text, "b prefers r0: the result of the call to g at 4:5 arrives there") ||
                    !strstr(text, "call at 4:5: a in callee-saved r") || !strstr(text, "by interference") ||
                    strstr(text, "convention: r"))
                    fail_msg("%s split: %s", name, text);
                if (!strstr(why, "a interferes with r0: live across the call to g at 4:5 (r0 is caller-saved under split)") ||
                    !strstr(why, "a interferes with r1: live across the call to g at 4:5 (r1 is caller-saved under split)"))
                    fail_msg("%s split: %s", name, why);
                assert_int_equal(a->loc[av].kind, MC_LOC_REG);
                assert_true(a->loc[av].index >= 2);
            } else {
                if (!strstr(text, "a interferes with r0 r1 r2 r3:") || !strstr(text, "call at 4:5: a in slot"))
                    fail_msg("%s caller-saved: %s", name, text);
                assert_int_equal(a->loc[av].kind, MC_LOC_SLOT);
            }
            free(text);
            free(why);
            mc_alloc_trace_free(&tr);
            mc_allocation_free(a);
        }
    }
    mc_module_free(m);
}

/* The conventions' names and registers. */
static void conventions(void **state) {
    (void)state;
    for (int c = 0; c < MC_CONV_COUNT; c++)
        assert_int_equal(mc_convention_lookup(mc_convention_name((McConvention)c)), c);
    assert_int_equal(mc_convention_lookup("nosuch"), -1);
    char buf[256];
    assert_string_equal(mc_convention_describe(MC_CONV_SPLIT, 4, buf, sizeof buf),
                        "split with K=4: caller-saved r0 r1 (arguments r0..r1, result r0), callee-saved r2 r3; "
                        "further arguments in incoming slots");
    assert_string_equal(mc_convention_describe(MC_CONV_CALLEE, 2, buf, sizeof buf),
                        "callee-saved with K=2: caller-saved none, callee-saved r0 r1; arguments in incoming "
                        "slots, result in the result slot");
    assert_true(mc_conv_caller_saved(MC_CONV_SPLIT, 3, 1));
    assert_false(mc_conv_caller_saved(MC_CONV_SPLIT, 3, 2));
    assert_int_equal(mc_conv_arg_reg(MC_CONV_CALLER, 2, 2), -1);
    assert_int_equal(mc_conv_result_reg(MC_CONV_CALLEE, 4), -1);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(conventions),
        cmocka_unit_test(trap_message),
        cmocka_unit_test(trace_and_why),
        cmocka_unit_test(check_fails_at_alloc),
        cmocka_unit_test(renaming),
        cmocka_unit_test(enforcement),
        cmocka_unit_test(every_allocator_and_convention),
        cmocka_unit_test(interfere_trace_and_why),
        cmocka_unit_test(interfere_saves_moves),
        cmocka_unit_test(interfere_every_allocator_and_convention),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
