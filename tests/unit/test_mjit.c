/* test_mjit.c - the allocated machine's machine code (alloc/machine_x64.c)
 * held to the machine's interpreter (machine.c) and to the machine it
 * replaced (machine_ref.h: operands decoded per run, every access counted
 * as it happens). The same allocation is decoded three times: one copy
 * interpreted (mc_machine_code_jit_after -1), one compiled before its first
 * run, one tiering up after 1-60 interpreted block entries of a run (set
 * again before every run, so that runs switch at many points); the three
 * and the reference run on the same inputs and are compared field by
 * field: outcome kind, value, trap text, steps, instructions, every buffer
 * and every statistic (instructions, copies, spill reads, spill writes,
 * registers, slots).
 * Inputs: every function of tests/ir, tests/native, bench/kernels and the
 * examples (as written and in optimized SSA form) and 1,200 generated
 * programs, each allocated by all four allocators (improved, baseline,
 * linear, ssa) at several K (1-16: machine registers in host registers
 * and, past the fifth, in memory); every ALU operation and form on edge
 * values (div and rem by 0 and -1, INT_MIN, shift counts, bounds traps);
 * loops past the interrupt polls. Budgets: the default (0), 1, 2, around
 * the run's own steps and random ones ending inside loops; with no
 * interrupt flag, a clear one and a set one. On hosts without the compiler
 * (not x86-64) all copies interpret and the test only checks that
 * mc_machine_code_is_jit says so. A child process whose mprotect refuses
 * PROT_EXEC (a seccomp filter) must get the interpreter and the same
 * results. */
#include <glob.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "machine_ref.h"
#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

#include "chk_ir.h"

#if defined(__linux__) && defined(__x86_64__)
#include <errno.h>
#include <signal.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#define HAVE_SECCOMP 1
#else
#define HAVE_SECCOMP 0
#endif

#if defined(__x86_64__) && !defined(_WIN32)
#define HAVE_JIT 1
#else
#define HAVE_JIT 0
#endif

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static uint32_t rnd(uint32_t n) {
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

/* What the runs covered (the tests fail when a kind never happened). */
typedef struct Tally {
    int runs, returned, div_traps, bounds_traps, limit_traps, interrupted;
    int spilled, copied, tiered, long_runs, mem_registers;
} Tally;

/* Three codes of one allocation: interpreted, compiled at once, tiering. */
typedef struct Trio {
    const McAllocation *a;
    McMachineCode *interp, *jit, *tier;
} Trio;

static Trio trio_new(const McAllocation *a) {
    Trio p;
    p.a = a;
    p.interp = mc_machine_code_new(a);
    p.jit = mc_machine_code_new(a);
    p.tier = mc_machine_code_new(a);
    mc_machine_code_jit_after(p.interp, -1);
    mc_machine_code_jit_after(p.jit, 0);
    assert_false(mc_machine_code_is_jit(p.interp));
    assert_int_equal(mc_machine_code_is_jit(p.jit), HAVE_JIT);
    return p;
}

static void trio_free(Trio *p) {
    mc_machine_code_free(p->interp);
    mc_machine_code_free(p->jit);
    mc_machine_code_free(p->tier);
}

static void same_buffers(const McArgs *x, const McArgs *y, const char *what) {
    assert_int_equal(x->n, y->n);
    for (int32_t p = 0; p < x->n; p++) {
        if (x->v[p].len != y->v[p].len || x->v[p].scalar != y->v[p].scalar ||
            (x->v[p].len && memcmp(x->v[p].data, y->v[p].data, (size_t)x->v[p].len * sizeof(int32_t)) != 0))
            fail_msg("%s: parameter %d differs", what, (int)p);
    }
}

static void same(const McOutcome *x, const McMachineStats *sx, const McOutcome *y, const McMachineStats *sy,
                 const char *what) {
    if (x->kind != y->kind || x->value != y->value || strcmp(x->trap, y->trap) != 0 || x->steps != y->steps ||
        x->insts != y->insts) {
        char s1[200], s2[200];
        fail_msg("%s: %s (steps %lld, insts %lld) against the interpreter's %s (steps %lld, insts %lld)", what,
                 mc_outcome_str(x, s1, sizeof s1), (long long)x->steps, (long long)x->insts,
                 mc_outcome_str(y, s2, sizeof s2), (long long)y->steps, (long long)y->insts);
    }
    if (sx->instructions != sy->instructions || sx->copies != sy->copies || sx->spill_reads != sy->spill_reads ||
        sx->spill_writes != sy->spill_writes || sx->registers != sy->registers || sx->slots != sy->slots ||
        sx->valid != sy->valid)
        fail_msg("%s: statistics insts=%lld copies=%lld reads=%lld writes=%lld K=%d slots=%d against the "
                 "interpreter's insts=%lld copies=%lld reads=%lld writes=%lld K=%d slots=%d",
                 what, (long long)sx->instructions, (long long)sx->copies, (long long)sx->spill_reads,
                 (long long)sx->spill_writes, sx->registers, sx->slots, (long long)sy->instructions,
                 (long long)sy->copies, (long long)sy->spill_reads, (long long)sy->spill_writes, sy->registers,
                 sy->slots);
}

/* One run of the three codes and the reference; the interpreter's outcome. */
static McOutcome run4(Trio *p, const McArgs *a, int64_t budget, const McInterrupt *stop, const char *name,
                      Tally *t) {
    McArgs args[4];
    McOutcome o[4];
    McMachineStats st[4];
    mc_machine_code_jit_after(p->tier, 1 + (int64_t)rnd(60));
    assert_false(mc_machine_code_is_jit(p->tier));
    for (int k = 0; k < 4; k++) {
        mc_args_copy(&args[k], a);
        memset(&st[k], 0, sizeof st[k]);
    }
    o[0] = mc_machine_code_run(p->interp, &args[0], budget, stop, &st[0]);
    o[1] = mc_machine_code_run(p->jit, &args[1], budget, stop, &st[1]);
    o[2] = mc_machine_code_run(p->tier, &args[2], budget, stop, &st[2]);
    o[3] = ref_machine_run(p->a, &args[3], budget, stop, &st[3]);
    static const char *const who[4] = {"interpreter", "machine code", "tiered machine code", "reference machine"};
    for (int k = 1; k < 4; k++) {
        char what[300];
        snprintf(what, sizeof what, "%s, %s K=%d, budget %lld, flag %s: %s", name,
                 mc_allocator_name(p->a->allocator), p->a->registers, (long long)budget,
                 stop ? (*stop ? "set" : "clear") : "none", who[k]);
        same(&o[k], &st[k], &o[0], &st[0], what);
        same_buffers(&args[k], &args[0], what);
    }
    if (mc_machine_code_is_jit(p->tier)) t->tiered++;
    for (int k = 0; k < 4; k++) mc_args_free(&args[k]);
    t->runs++;
    const McOutcome *x = &o[0];
    if (x->kind == MC_RETURNED) t->returned++;
    else if (x->kind == MC_INTERRUPTED) t->interrupted++;
    else if (strcmp(x->trap, MC_DIV_ZERO_MSG) == 0) t->div_traps++;
    else if (strncmp(x->trap, "buffer index", 12) == 0) t->bounds_traps++;
    else t->limit_traps++;
    if (st[0].spill_reads + st[0].spill_writes > 0) t->spilled++;
    if (st[0].copies > 0) t->copied++;
    if (x->steps > 65536) t->long_runs++;
    if (p->a->registers > 5) t->mem_registers++;
    return *x;
}

/* The runs of one allocation on a: the default budget, then 1, 2, around
 * the run's own steps and random budgets below them, with no flag, a clear
 * flag and (last) a set one. */
static void runs(const McAllocation *al, const McArgs *a, const char *name, Tally *t) {
    Trio p = trio_new(al);
    McInterrupt clear = 0, set = 1;
    McOutcome full = run4(&p, a, 0, NULL, name, t);
    int64_t budgets[9] = {1, 2, full.steps - 1, full.steps, full.steps + 1};
    int nb = 5;
    for (int k = 0; k < 3 && full.steps > 3; k++) budgets[nb++] = 3 + (int64_t)rnd((uint32_t)(full.steps - 2));
    for (int k = 0; k < nb; k++)
        if (budgets[k] >= 1) run4(&p, a, budgets[k], k % 2 ? &clear : NULL, name, t);
    run4(&p, a, 0, &set, name, t);
    trio_free(&p);
}

/* f made SSA (not optimized: the operations stay as written) and allocated. */
static McAllocation *allocate(const McFunc *f, McAllocator which, int K) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(ssa);
    McAllocation *a = mc_allocate(ssa, which, K, NULL, &d);
    assert_non_null(a);
    mc_func_free(ssa);
    mc_diags_free(&d);
    return a;
}

static void print_tally(const char *what, const Tally *t) {
    print_message("%s: %d runs: %d returned, %d div traps, %d bounds traps, %d limit traps, %d interrupted; "
                  "%d spilled, %d with copies, %d tiered, %d long, %d with K > 5\n",
                  what, t->runs, t->returned, t->div_traps, t->bounds_traps, t->limit_traps, t->interrupted,
                  t->spilled, t->copied, t->tiered, t->long_runs, t->mem_registers);
}

/* f (made SSA, optimized for odd seeds) allocated by every allocator at
 * the given register counts. */
static void every_allocation(const McFunc *f, const McArgs *a, uint64_t seed, const int *ks, int nks,
                             const char *name, Tally *t) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, &d);
    assert_non_null(ssa);
    if (seed % 2) assert_true(mc_opt_run(ssa, NULL, NULL, &d));
    for (int al = 0; al < MC_ALLOC_COUNT; al++)
        for (int k = 0; k < nks; k++) {
            McAllocation *x = mc_allocate(ssa, (McAllocator)al, ks[k], NULL, &d);
            assert_non_null(x);
            runs(x, a, name, t);
            mc_allocation_free(x);
        }
    mc_func_free(ssa);
    mc_diags_free(&d);
}

static void test_files(void **state) {
    (void)state;
    glob_t g;
    memset(&g, 0, sizeof g);
    glob("tests/ir/*.ir", 0, NULL, &g);
    glob("tests/native/*.ir", GLOB_APPEND, NULL, &g);
    glob("bench/kernels/*.ir", GLOB_APPEND, NULL, &g);
    glob("share/minicc/examples/*.ir", GLOB_APPEND, NULL, &g);
    assert_true(g.gl_pathc >= 20);
    static const int ks[] = {1, 2, 3, 4, 5, 6, 8, 16};
    Tally t;
    memset(&t, 0, sizeof t);
    for (size_t k = 0; k < g.gl_pathc; k++) {
        McDiags d;
        mc_diags_init(&d, g.gl_pathv[k], NULL, 0);
        char *src = NULL;
        McModule *m = mc_parse_file(g.gl_pathv[k], &d, &src);
        assert_non_null(m);
        for (int32_t fi = 0; fi < m->nfuncs; fi++)
            for (uint64_t seed = 1; seed <= 2; seed++) {
                McArgs a;
                mc_gen_args(m->funcs[fi], seed * 7 + k, &a);
                every_allocation(m->funcs[fi], &a, seed, ks, 8, g.gl_pathv[k], &t);
                mc_args_free(&a);
            }
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    globfree(&g);
    print_tally("files", &t);
    assert_true(t.returned > 1000 && t.limit_traps > 1000 && t.bounds_traps > 10 && t.interrupted > 100);
    assert_true(t.spilled > 500 && t.copied > 500 && t.mem_registers > 500);
    assert_true(!HAVE_JIT || t.tiered > 1000);
}

static void test_generated(void **state) {
    (void)state;
    McGenOptions o;
    mc_gen_options_default(&o);
    Tally t;
    memset(&t, 0, sizeof t);
    static const int kall[] = {1, 2, 3, 4, 5, 6, 8, 16};
    for (uint64_t seed = 1; seed <= 1200; seed++) {
        o.form = seed % 2 ? MC_GEN_SSA : MC_GEN_MUTABLE;
        o.size = 10 + (int32_t)(seed % 90);
        McFunc *f = mc_gen(seed, &o);
        McArgs a;
        mc_gen_args(f, seed * 31, &a);
        int ks[2] = {kall[seed % 8], kall[(seed / 8 + 3) % 8]};
        every_allocation(f, &a, seed, ks, 2, "generated", &t);
        mc_args_free(&a);
        mc_func_free(f);
    }
    print_tally("generated", &t);
    assert_true(t.returned > 2000 && t.limit_traps > 5000);
    assert_true(t.div_traps > 50 && t.bounds_traps > 200);
    assert_true(t.spilled > 2000 && t.copied > 1000 && t.mem_registers > 1000);
    assert_true(!HAVE_JIT || t.tiered > 5000);
}

/* Every ALU operation in every operand form (location,location;
 * location,imm; imm,location; for div and rem divisors 0 and -1) on edge
 * values, as written (no folding); fused compares; stores and loads by
 * locations and immediates, in and out of bounds; K = 1 (spills) and 8. */
static void test_operations(void **state) {
    (void)state;
    static const char *ops[] = {"add", "sub", "mul", "lt", "le", "eq", "ne", "and", "or", "xor", "shl", "shr",
                                "div", "rem"};
    static const int32_t edge[] = {0, 1, -1, 2, 7, 31, 32, 33, -32, 255, INT32_MAX, INT32_MIN, -7, 1 << 30};
    const int nops = (int)(sizeof ops / sizeof ops[0]), ne = (int)(sizeof edge / sizeof edge[0]);
    Tally t;
    memset(&t, 0, sizeof t);
    for (int op = 0; op < nops; op++)
        for (int c = 0; c < ne; c++) {
            McStr s;
            mc_str_init(&s);
            bool div = op >= 12;
            int32_t imm = div && edge[c] == 0 ? 3 : edge[c];
            mc_str_printf(&s, "func f(i32 x, i32 y, buf b) {\nentry:\n");
            mc_str_printf(&s, "  r1 = %s x, y\n  r2 = %s x, %ld\n  r3 = %s %ld, y\n", ops[op], ops[op], (long)imm,
                          ops[op], (long)imm);
            mc_str_printf(&s, "  r4 = %s x, x\n  s = xor r1, r2\n  s = xor s, r3\n  s = xor s, r4\n", ops[op]);
            mc_str_printf(&s, "  store b, 1, s\n  store b, 2, %ld\n  store b, y, x\n  z = load b, 0\n", (long)imm);
            mc_str_printf(&s, "  w = load b, x\n  s = add s, z\n  s = add s, w\n  c = %s s, %ld\n  branch c, yes, no\n",
                          op >= 3 && op <= 6 ? ops[op] : "lt", (long)imm);
            mc_str_printf(&s, "yes:\n  return s\nno:\n  t = sub 0, s\n  return t\n}\n");
            McModule *m = parse_text(s.s);
            for (int xi = 0; xi < ne; xi++)
                for (int yi = 0; yi < ne; yi += 1 + (xi % 3)) {
                    McArgs a;
                    a.n = 3;
                    a.v = mc_xcalloc(3, sizeof *a.v);
                    a.v[0].scalar = edge[xi];
                    a.v[1].scalar = edge[yi];
                    a.v[2].is_buf = true;
                    a.v[2].len = 4;
                    a.v[2].data = mc_xcalloc(4, sizeof(int32_t));
                    a.v[2].data[0] = edge[(xi + yi) % ne];
                    for (int K = 1; K <= 8; K += 7) {
                        McAllocation *al = allocate(m->funcs[0], K == 1 ? MC_ALLOC_BASELINE : MC_ALLOC_IMPROVED, K);
                        Trio p = trio_new(al);
                        run4(&p, &a, 0, NULL, "operations", &t);
                        trio_free(&p);
                        mc_allocation_free(al);
                    }
                    mc_args_free(&a);
                }
            mc_module_free(m);
            free(s.s);
        }
    print_tally("operations", &t);
    assert_true(t.returned > 500 && t.div_traps > 20 && t.bounds_traps > 500);
}

/* Loops of 150,000 block entries and more, past the interrupt polls:
 * budgets around the poll points, a clear flag (the code is left and
 * entered again at every poll) and a set one (the run stops at the first). */
static const char *long_ir =
    "func sum(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy 0\n  s = copy 0\n  jump outer\n"
    "outer:\n  c = lt r, R\n  branch c, ib, done\n"
    "ib:\n  i = copy 0\n  jump inner\n"
    "inner:\n  x = load b, i\n  s = add s, x\n  store b, i, s\n  i = add i, 1\n  k = lt i, n\n"
    "  branch k, inner, latch\n"
    "latch:\n  r = add r, 1\n  jump outer\n"
    "done:\n  return s\n}\n"
    "func divs(buf b, i32 n, i32 R) {\n"
    "entry:\n  r = copy R\n  s = copy 0\n  jump oh\n"
    "oh:\n  i = copy 0\n  jump ih\n"
    "ih:\n  x = load b, i\n  q = div x, r\n  m = rem x, r\n  s = add s, q\n  s = xor s, m\n"
    "  i = add i, 1\n  k = lt i, n\n  branch k, ih, ol\n"
    "ol:\n  r = sub r, 1\n  jump oh\n}\n";

static void test_long_loops(void **state) {
    (void)state;
    McModule *m = parse_text(long_ir);
    Tally t;
    memset(&t, 0, sizeof t);
    McInterrupt clear = 0, set = 1;
    for (int32_t fi = 0; fi < m->nfuncs; fi++) {
        McArgs a;
        a.n = 3;
        a.v = mc_xcalloc(3, sizeof *a.v);
        a.v[0].is_buf = true;
        a.v[0].len = 500;
        a.v[0].data = mc_xcalloc(500, sizeof(int32_t));
        for (int32_t i = 0; i < 500; i++) a.v[0].data[i] = (int32_t)rnd(100) - 50;
        a.v[1].scalar = 500;
        a.v[2].scalar = 300;
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McFunc *ssa = mc_ssa_build(m->funcs[fi], MC_SSA_PRUNED, NULL, &d);
        assert_non_null(ssa);
        for (int al = 0; al < MC_ALLOC_COUNT; al++)
            for (int K = 1; K <= 7; K += 3) {
                McAllocation *x = mc_allocate(ssa, (McAllocator)al, K, NULL, &d);
                assert_non_null(x);
                Trio p = trio_new(x);
                const int64_t budgets[] = {0, 65535, 65536, 65537, 131072, 131073, 100001, 1000000};
                for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
                    run4(&p, &a, budgets[b], NULL, "long", &t);
                    run4(&p, &a, budgets[b], &clear, "long", &t);
                    run4(&p, &a, budgets[b], &set, "long", &t);
                }
                trio_free(&p);
                mc_allocation_free(x);
            }
        mc_func_free(ssa);
        mc_diags_free(&d);
        mc_args_free(&a);
    }
    mc_module_free(m);
    print_tally("long loops", &t);
    assert_true(t.long_runs > 40 && t.interrupted > 20 && t.div_traps > 0 && t.limit_traps > 40);
}

/* Tiering by default: a short run stays interpreted, a long one compiles
 * on the way (docs/machine.md: after 2048 block entries plus 16 per record);
 * MINICC_JIT=0 when the code is made keeps it interpreted, and
 * mc_machine_code_jit_after cannot override that. */
static void test_tiering_and_env(void **state) {
    (void)state;
    McModule *m = parse_text("func f(i32 n) {\nentry:\n  i = copy 0\n  jump h\n"
                             "h:\n  c = lt i, n\n  branch c, b, x\n"
                             "b:\n  i = add i, 1\n  jump h\nx:\n  return i\n}\n");
    McAllocation *al = allocate(m->funcs[0], MC_ALLOC_IMPROVED, 4);
    setenv("MINICC_JIT", "0", 1);
    McMachineCode *c0 = mc_machine_code_new(al);
    mc_machine_code_jit_after(c0, 0);
    setenv("MINICC_JIT", "1", 1);
    McMachineCode *c1 = mc_machine_code_new(al);
    unsetenv("MINICC_JIT");
    McMachineCode *c2 = mc_machine_code_new(al);
    McMachineCode *cs[3] = {c0, c1, c2};
    const bool jit_after_long[3] = {false, HAVE_JIT, HAVE_JIT};
    for (int k = 0; k < 3; k++) {
        McArgs a;
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = 100; /* about 200 entries: interpreted */
        McOutcome o = mc_machine_code_run(cs[k], &a, 0, NULL, NULL);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 100);
        assert_false(mc_machine_code_is_jit(cs[k]));
        a.v[0].scalar = 20000; /* 40,000 entries: compiled on the way (where possible) */
        o = mc_machine_code_run(cs[k], &a, 0, NULL, NULL);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 20000);
        assert_int_equal(o.steps, 40003);
        assert_int_equal(mc_machine_code_is_jit(cs[k]), jit_after_long[k]);
        mc_args_free(&a);
        mc_machine_code_free(cs[k]);
    }
    /* The threshold: budget-limited runs compile from one budget on, at
     * 2048 + 16 * records entries (a handful of records here). */
    int64_t first = 0;
    for (int64_t budget = 2040; budget <= 2048 + 16 * 10 + 2 && !first; budget++) {
        McMachineCode *c = mc_machine_code_new(al);
        McArgs a;
        a.n = 1;
        a.v = mc_xcalloc(1, sizeof *a.v);
        a.v[0].scalar = 1 << 20;
        McOutcome o = mc_machine_code_run(c, &a, budget, NULL, NULL);
        assert_int_equal(o.kind, MC_TRAPPED);
        assert_int_equal(o.steps, budget);
        if (mc_machine_code_is_jit(c)) first = budget;
        mc_args_free(&a);
        mc_machine_code_free(c);
    }
    if (HAVE_JIT) { /* a budget of B entries allows B - 1 after the first */
        int64_t entries = first - 1;
        assert_true(entries > 2048 && (entries - 2048) % 16 == 0 && (entries - 2048) / 16 <= 8);
    }
    else assert_int_equal(first, 0);
    mc_allocation_free(al);
    mc_module_free(m);
}

#if HAVE_SECCOMP
/* In this process from now on, mprotect with PROT_EXEC fails with EACCES
 * (as under SELinux's deny_execmem). */
static bool refuse_exec_memory(void) {
    struct sock_filter prog[] = {
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, arch)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_X86_64, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, nr)),
        BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_mprotect, 1, 0),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        BPF_STMT(BPF_LD | BPF_W | BPF_ABS, (uint32_t)offsetof(struct seccomp_data, args[2])),
        BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, PROT_EXEC, 0, 1),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EACCES & SECCOMP_RET_DATA)),
        BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
    };
    struct sock_fprog fp = {(unsigned short)(sizeof prog / sizeof prog[0]), prog};
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 && prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &fp) == 0;
}
#endif

/* A host that refuses executable memory gets the machine's interpreter:
 * the same results and statistics, no machine code (in a child process
 * whose mprotect refuses PROT_EXEC). */
static void test_refused_exec_memory(void **state) {
    (void)state;
#if HAVE_SECCOMP
    McModule *m = parse_text("func f(i32 n) {\nentry:\n  i = copy 0\n  jump h\n"
                             "h:\n  c = lt i, n\n  branch c, b, x\n"
                             "b:\n  i = add i, 1\n  jump h\nx:\n  return i\n}\n");
    McAllocation *al = allocate(m->funcs[0], MC_ALLOC_IMPROVED, 1);
    fflush(NULL);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        signal(SIGSEGV, SIG_DFL); /* a crash ends the child (not cmocka's handler) */
        signal(SIGILL, SIG_DFL);
        signal(SIGBUS, SIG_DFL);
        if (!refuse_exec_memory()) _exit(3); /* no seccomp here: nothing to show */
        int bad = 0;
        for (int k = 0; k < 2; k++) {
            McMachineCode *c = mc_machine_code_new(al);
            if (k == 1) mc_machine_code_jit_after(c, 0); /* compile now: refused */
            if (mc_machine_code_is_jit(c)) bad |= 1;
            McArgs a;
            a.n = 1;
            a.v = mc_xcalloc(1, sizeof *a.v);
            a.v[0].scalar = 20000; /* long enough to tier up */
            McMachineStats st;
            McOutcome o = mc_machine_code_run(c, &a, 0, NULL, &st);
            if (o.kind != MC_RETURNED || o.value != 20000 || o.steps != 40003 || st.spill_reads == 0) bad |= 2;
            if (mc_machine_code_is_jit(c)) bad |= 4;
            mc_args_free(&a);
            mc_machine_code_free(c);
        }
        void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (p == MAP_FAILED || mprotect(p, 4096, PROT_READ | PROT_EXEC) == 0) bad |= 8;
        _exit(bad);
    }
    int status = 0;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    assert_true(WIFEXITED(status));
    if (WEXITSTATUS(status) == 3) print_message("note: seccomp unavailable; refusal not simulated\n");
    else assert_int_equal(WEXITSTATUS(status), 0);
    mc_allocation_free(al);
    mc_module_free(m);
#endif
}

int main(void) {
    unsetenv("MINICC_JIT");
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tiering_and_env),
        cmocka_unit_test(test_refused_exec_memory),
        cmocka_unit_test(test_operations),
        cmocka_unit_test(test_long_loops),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_generated),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
