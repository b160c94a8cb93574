/* test_regalloc.c - phi destruction, interference, both allocators and the
 * allocated machine (destroy.c, interfere.c, regalloc.c, machine.c).
 *
 * The baseline numbers for swap.ir were derived by hand from the chapter's
 * algorithms (see tests/alloc/baseline.t for the derivation) and
 * cross-checked with tests/alloc/chapter_ref.py, a transcription of the
 * chapter's Python (a development aid, not run here). The differential test
 * runs 200 generated programs (gen.h) through stages ssa and opt and through
 * stage alloc with both allocators and budgets 1, 2, 3, 4, 8, 16, at -O0 and
 * -O1, and requires every outcome (return value or trap, final buffers) to
 * equal the input interpreter's (native has its own differential suite). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/minic.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

#include "engine/alloc/regalloc_test.h"

static const char *swap_src =
    "func swap(i32 n) {\n"
    "entry:\n    i0 = copy 0\n    jump head\n"
    "head:\n    a = phi [entry: 1], [body: b]\n    b = phi [entry: 2], [body: a]\n"
    "    i = phi [entry: i0], [body: i1]\n    c = lt i, n\n    branch c, body, exit\n"
    "body:\n    i1 = add i, 1\n    jump head\n"
    "exit:\n    t = mul a, 10\n    r = add t, b\n    return r\n}\n";

static McModule *parse_str(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    if (!m) mc_diags_print(&d, stderr, false);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

static McArgs scalar_args(const McFunc *f, int32_t n) {
    McArgs a;
    a.n = f->nparams;
    a.v = calloc((size_t)a.n, sizeof *a.v);
    if (a.n) a.v[0].scalar = n;
    return a;
}

/* Baseline machine numbers for swap(3), derived in tests/alloc/baseline.t. */
static void test_swap_baseline_numbers(void **state) {
    (void)state;
    McModule *m = parse_str(swap_src);
    const struct {
        int k;
        int64_t insts, reads, writes;
        int32_t slots;
    } want[] = {{1, 34, 35, 32, 12}, {2, 34, 30, 27, 10}, {4, 34, 13, 10, 3}};
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        McAllocation *a = mc_allocate(m->funcs[0], MC_ALLOC_BASELINE, want[i].k, NULL, NULL);
        assert_non_null(a);
        McArgs args = scalar_args(m->funcs[0], 3);
        McStageStats st;
        McOutcome o = mc_machine_run(a, &args, 0, &st);
        assert_int_equal(o.kind, MC_RETURNED);
        assert_int_equal(o.value, 21);
        assert_int_equal(st.instructions, want[i].insts);
        assert_int_equal(st.spill_reads, want[i].reads);
        assert_int_equal(st.spill_writes, want[i].writes);
        assert_int_equal(st.slots, want[i].slots);
        assert_int_equal(st.copies, 6 + 3 * 6);
        mc_args_free(&args);
        mc_allocation_free(a);
    }
    mc_module_free(m);
}

/* Baseline destruction: names, order, `branch c, L, L` makes two edge blocks. */
static void test_destroy_baseline_shape(void **state) {
    (void)state;
    McModule *m = parse_str("func f(i32 x) {\n"
                            "e:\n    branch x, m, m\n"
                            "m:\n    y = phi [e: 7]\n    z = phi [e: x]\n    return y\n}\n");
    McDestroyed *x = mc_destroy_phis(m->funcs[0], MC_ALLOC_BASELINE, NULL);
    assert_non_null(x);
    McFunc *f = x->f;
    assert_int_equal(f->nblocks, 4);
    assert_string_equal(f->blocks[2].name, "$edge1");
    assert_string_equal(f->blocks[3].name, "$edge2");
    assert_int_equal(f->blocks[0].term.op, MC_OP_BRANCH);
    assert_int_equal(f->blocks[0].term.target[0], 2);
    assert_int_equal(f->blocks[0].term.target[1], 3);
    assert_int_equal(f->blocks[2].ninsts, 4);
    assert_string_equal(f->values[f->blocks[2].insts[0].dest].name, "$edge1_copy0");
    assert_string_equal(f->values[f->blocks[2].insts[1].dest].name, "$edge1_copy1");
    assert_string_equal(f->values[f->blocks[2].insts[2].dest].name, "y");
    assert_string_equal(f->values[f->blocks[3].insts[3].dest].name, "z");
    assert_int_equal(f->form, MC_FORM_MUTABLE);
    mc_destroyed_free(x);
    /* improved: one distinct successor, so no edge block and a jump */
    x = mc_destroy_phis(m->funcs[0], MC_ALLOC_IMPROVED, NULL);
    assert_non_null(x);
    assert_int_equal(x->f->nblocks, 2);
    assert_int_equal(x->f->blocks[0].term.op, MC_OP_JUMP);
    assert_int_equal(x->f->blocks[0].ninsts, 2);
    mc_destroyed_free(x);
    mc_module_free(m);
}

/* A three-way rotation plus a self copy and a constant: one scratch value. */
static void test_parallel_copy_cycle(void **state) {
    (void)state;
    const char *src = "func f(i32 n) {\n"
                      "e:\n    x0 = copy 1\n    y0 = copy 2\n    z0 = copy 3\n    jump h\n"
                      "h:\n    x = phi [e: x0], [b: y]\n    y = phi [e: y0], [b: z]\n    z = phi [e: z0], [b: x]\n"
                      "    w = phi [e: 0], [b: w]\n    i = phi [e: 0], [b: i1]\n"
                      "    c = lt i, n\n    branch c, b, x\n"
                      "b:\n    i1 = add i, 1\n    jump h\n"
                      "x:\n    t = mul x, 100\n    u = mul y, 10\n    s = add t, u\n    r = add s, z\n    q = add r, w\n"
                      "    return q\n}\n";
    McModule *m = parse_str(src);
    McDestroyed *x = mc_destroy_phis(m->funcs[0], MC_ALLOC_IMPROVED, NULL);
    assert_non_null(x);
    assert_int_equal(x->nscratch, 1);
    assert_int_equal(x->nedge_blocks, 0);
    mc_destroyed_free(x);
    int32_t want[] = {123, 231, 312, 123};
    for (int n = 0; n < 4; n++)
        for (int k = 1; k <= 6; k++)
            for (int al = 0; al < 2; al++) {
                McAllocation *a = mc_allocate(m->funcs[0], (McAllocator)al, k, NULL, NULL);
                assert_non_null(a);
                McArgs args = scalar_args(m->funcs[0], n);
                McOutcome o = mc_machine_run(a, &args, 0, NULL);
                assert_int_equal(o.kind, MC_RETURNED);
                assert_int_equal(o.value, want[n % 3 == 0 ? 0 : n % 3]);
                mc_args_free(&args);
                mc_allocation_free(a);
            }
    mc_module_free(m);
}

/* Bad input is a diagnostic, never a crash. */
static void test_bad_input(void **state) {
    (void)state;
    McModule *m = parse_str(swap_src);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_null(mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, 0, NULL, &d));
    assert_int_equal(d.n, 1);
    mc_diags_free(&d);
    mc_module_free(m);
    m = parse_str("func f(i32 a) {\ne:\n    a = add a, 1\n    return a\n}\n");
    mc_diags_init(&d, NULL, NULL, 0);
    assert_null(mc_allocate(m->funcs[0], MC_ALLOC_BASELINE, 2, NULL, &d));
    assert_int_equal(d.n, 1);
    mc_diags_free(&d);
    mc_module_free(m);
}

/* Dead parameters: the improved allocator does not bind them, the baseline
 * binds all (writes counted); both must agree with the interpreter. */
static void test_dead_parameters(void **state) {
    (void)state;
    McModule *m = parse_str("func f(i32 a, i32 b, i32 c, buf m) {\ne:\n    x = add c, 1\n    store m, 0, x\n"
                            "    return x\n}\n");
    for (int k = 1; k <= 3; k++) {
        McAllocation *b = mc_allocate(m->funcs[0], MC_ALLOC_BASELINE, k, NULL, NULL);
        McAllocation *i = mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, k, NULL, NULL);
        assert_true(b->param_bound[0] && b->param_bound[1] && b->param_bound[2]);
        assert_true(!i->param_bound[0] && !i->param_bound[1] && i->param_bound[2]);
        McArgs args;
        args.n = 4;
        args.v = calloc(4, sizeof *args.v);
        args.v[2].scalar = 41;
        args.v[3].is_buf = true;
        args.v[3].len = 1;
        args.v[3].data = calloc(1, sizeof(int32_t));
        McStageStats sb, si;
        McOutcome o = mc_machine_run(b, &args, 0, &sb);
        assert_int_equal(o.value, 42);
        assert_int_equal(args.v[3].data[0], 42);
        o = mc_machine_run(i, &args, 0, &si);
        assert_int_equal(o.value, 42);
        assert_true(si.spill_writes <= sb.spill_writes);
        if (k == 1) assert_int_equal(sb.spill_writes, 2); /* two of a, b, c in slots */
        mc_args_free(&args);
        mc_allocation_free(b);
        mc_allocation_free(i);
    }
    mc_module_free(m);
}

/* The step budget of the machine counts block entries like the interpreter. */
static void test_step_budget(void **state) {
    (void)state;
    McModule *m = parse_str(swap_src);
    McAllocation *a = mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, 2, NULL, NULL);
    McArgs args = scalar_args(m->funcs[0], 1000);
    McOutcome o = mc_machine_run(a, &args, 50, NULL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "execution step limit exceeded");
    assert_int_equal(o.steps, 50);
    mc_args_free(&args);
    mc_allocation_free(a);
    mc_module_free(m);
}

/* Every generated program agrees across all stages and budgets, both
 * allocators, -O0 and -O1. */
static void test_differential_generated(void **state) {
    (void)state;
    static const int budgets[] = {1, 2, 3, 4, 8, 16};
    int checked = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 20 + (int32_t)(seed % 5) * 15;
        McFunc *f = mc_gen(seed, &go);
        assert_true(mc_verify(f, MC_VERIFY_INFER, NULL));
        McArgs args;
        mc_gen_args(f, seed, &args);
        McArgs ref;
        mc_args_copy(&ref, &args);
        McOutcome want = mc_run(f, &ref, 0);
        /* stages ssa and opt through the pipeline (native is covered by the
         * C backend's own differential suite: it compiles with cc) */
        for (int st = MC_STAGE_SSA; st <= MC_STAGE_OPT; st++) {
            McStageOptions so;
            mc_stage_options_default(&so);
            so.stage = (McStage)st;
            McArgs run;
            mc_args_copy(&run, &args);
            McOutcome got;
            assert_true(mc_stage_execute(f, &so, &run, &got, NULL, NULL));
            if (!mc_outcome_same(&want, &ref, &got, &run)) {
                fprintf(stderr, "seed %llu stage %s diverges\n", (unsigned long long)seed, mc_stage_name((McStage)st));
                fail();
            }
            mc_args_free(&run);
        }
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++)
                for (int al = 0; al < 2; al++) {
                    McAllocation *a = mc_allocate(ssa, (McAllocator)al, budgets[k], NULL, NULL);
                    assert_non_null(a);
                    char msg[256];
                    assert_true(mc_allocation_check(a, msg, sizeof msg));
                    McArgs run;
                    mc_args_copy(&run, &args);
                    McOutcome got = mc_machine_run(a, &run, 0, NULL);
                    if (!mc_outcome_same(&want, &ref, &got, &run)) {
                        char x[160], y[160];
                        fprintf(stderr, "seed %llu -O%d K=%d %s: want %s got %s\n", (unsigned long long)seed, opt,
                                budgets[k], al ? "baseline" : "improved", mc_outcome_str(&want, x, sizeof x),
                                mc_outcome_str(&got, y, sizeof y));
                        fail();
                    }
                    checked++;
                    mc_args_free(&run);
                    mc_allocation_free(a);
                }
            mc_func_free(ssa);
        }
        mc_args_free(&ref);
        mc_args_free(&args);
        mc_func_free(f);
    }
    assert_int_equal(checked, 200 * 2 * 6 * 2);
}

static char *alloc_str(const McAllocation *a) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    assert_non_null(m);
    mc_allocation_print(a, m);
    fprintf(m, "coalesced %d spilled %d slots %d\n", a->ncoalesced, a->nspilled, a->slots);
    fclose(m);
    return buf;
}

/* The improved allocator's coalescing retests a turned-down move only when a
 * merge touched one of its ends, from counts it keeps up to date across
 * merges (checked against fresh ones at every use here); the answer must be
 * the plain loop's (sweep every move until a sweep merges nothing), merge
 * for merge. Its recolouring
 * looks again only at spilled nodes a move may have helped (dirty marks) and
 * stops reading a row once the node is turned down; the answer must be that
 * of looking at every spilled node in every pass, reading whole rows.
 * Generated functions big enough that moves are turned down and later
 * accepted, and that recolouring has spilled nodes to work on. */
static void test_coalescing_incremental_equals_plain(void **state) {
    (void)state;
    static const int budgets[] = {2, 3, 5, 8};
    int compared = 0, coalesced = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 200 + (int32_t)(seed % 4) * 600;
        go.form = MC_GEN_MUTABLE;
        McFunc *f = mc_gen(seed, &go);
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++) {
                /* every held count coalescing uses is recounted (check_held), in either form */
                McAllocKnobs held = {.igraph_form = 1 + (int)(k % 2), .check_held = true};
                McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, budgets[k], &(McAllocOptions){.knobs = &held}, NULL);
                McAllocation *b = mc_allocate(ssa, MC_ALLOC_IMPROVED, budgets[k], &(McAllocOptions){.knobs = &(McAllocKnobs){.plain_sweeps = true}}, NULL);
                assert_non_null(a);
                assert_non_null(b);
                char *x = alloc_str(a), *y = alloc_str(b);
                if (strcmp(x, y) != 0) {
                    fprintf(stderr, "seed %llu -O%d K=%d: incremental and plain coalescing/recolouring differ\n",
                            (unsigned long long)seed, opt, budgets[k]);
                    fail();
                }
                coalesced += a->ncoalesced;
                compared++;
                free(x);
                free(y);
                mc_allocation_free(a);
                mc_allocation_free(b);
            }
            mc_func_free(ssa);
        }
        mc_func_free(f);
    }
    assert_int_equal(compared, 40 * 2 * 4);
    assert_true(coalesced > 1000); /* the comparison saw real merging */
}

/* MiniC's rotation of n variables at -O0 (issue 26): every value interferes
 * with nearly every other, every merge touches every move, and each merge
 * enables one earlier in the move order, so coalescing sweeps n times. */
static McFunc *rotation_ssa(int n) {
    size_t cap = (size_t)n * 40 + 200, len = 0;
    char *src = malloc(cap);
    len += (size_t)snprintf(src + len, cap - len, "int f(int n) {");
    for (int i = 0; i < n; i++) len += (size_t)snprintf(src + len, cap - len, " int v%d = %d;", i, i);
    len += (size_t)snprintf(src + len, cap - len, " while (n > 0) { int t = v0;");
    for (int i = 0; i + 1 < n; i++) len += (size_t)snprintf(src + len, cap - len, " v%d = v%d;", i, i + 1);
    len += (size_t)snprintf(src + len, cap - len, " v%d = t; n--; } return v0", n - 1);
    for (int i = 1; i < n; i++) len += (size_t)snprintf(src + len, cap - len, " + v%d", i);
    len += (size_t)snprintf(src + len, cap - len, "; }\n");
    McDiags d;
    mc_diags_init(&d, "rot.c", src, len);
    McModule *m = mc_minic_parse("rot.c", src, len, &d);
    if (!m) mc_diags_print(&d, stderr, false);
    assert_non_null(m);
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 0, &d);
    assert_non_null(ssa);
    mc_diags_free(&d);
    mc_module_free(m);
    free(src);
    return ssa;
}

/* Coalescing's work on growing rotations, counted (McAllocCounts), not
 * timed: before the held counts every retest read two whole rows, so the
 * tests grew 4x per doubling and the row entries read 8x (cubic: 34.8 s at
 * n = 2,000). Now a move is counted afresh about once, and the entries read
 * grow as the graph's edges do (4x). The allocation is the plain loop's. */
static void test_coalescing_rotation_counted(void **state) {
    (void)state;
    McAllocCounts c[3];
    for (int i = 0; i < 3; i++) {
        int n = 100 << i;
        McFunc *ssa = rotation_ssa(n);
        memset(&c[i], 0, sizeof c[i]);
        McAllocKnobs k = {.counts = &c[i], .check_held = i == 0};
        McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 3, &(McAllocOptions){.knobs = &k}, NULL);
        assert_non_null(a);
        assert_true(c[i].merges >= n); /* it does merge: one sweep per merge */
        assert_true(c[i].sweeps >= n);
        /* at most a few fresh counts per move (the moves are about 3n) */
        if (c[i].tests > 12 * (int64_t)n) {
            fprintf(stderr, "n=%d: %lld conservative tests counted afresh\n", n, (long long)c[i].tests);
            fail();
        }
        if (i == 0) {
            McAllocation *b = mc_allocate(ssa, MC_ALLOC_IMPROVED, 3, &(McAllocOptions){.knobs = &(McAllocKnobs){.plain_sweeps = true}}, NULL);
            char *x = alloc_str(a), *y = alloc_str(b);
            assert_string_equal(x, y);
            free(x);
            free(y);
            mc_allocation_free(b);
        }
        if (i > 0) {
            double tests = (double)c[i].tests / (double)c[i - 1].tests;
            double reads = (double)c[i].row_reads / (double)c[i - 1].row_reads;
            if (tests > 2.5 || reads > 5.0) {
                fprintf(stderr, "n=%d: per doubling, tests x%.2f (want <= 2.5), row entries x%.2f (want <= 5)\n", n,
                        tests, reads);
                fail();
            }
        }
        mc_allocation_free(a);
        mc_func_free(ssa);
    }
}


/* The graph's two forms (adjacency rows and the bit matrix, interfere.c)
 * must give the same graph and, through every allocator path that reads
 * them (coalescing with merged rows, simplify/select, recolouring,
 * spill slots, the chapter's order), the same allocation, merge for merge.
 * Budgets above 64 take the dense paths without per-register bit sets. */
static void test_dense_equals_sparse(void **state) {
    (void)state;
    static const int budgets[] = {1, 2, 3, 5, 8, 16, 70};
    int compared = 0, coalesced = 0, spilled = 0;
    for (uint64_t seed = 1; seed <= 36; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 30 + (int32_t)(seed % 6) * 120;
        go.form = seed % 2 ? MC_GEN_MUTABLE : MC_GEN_EITHER;
        McFunc *f = mc_gen(seed, &go);
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (size_t k = 0; k < sizeof budgets / sizeof budgets[0]; k++)
                for (int al = 0; al < 2; al++) {
                    McAllocKnobs rows = {.igraph_form = 1}, matrix = {.igraph_form = 2};
                    McAllocation *a = mc_allocate(ssa, (McAllocator)al, budgets[k], &(McAllocOptions){.knobs = &rows}, NULL);
                    McAllocation *b = mc_allocate(ssa, (McAllocator)al, budgets[k], &(McAllocOptions){.knobs = &matrix}, NULL);
                    assert_non_null(a);
                    assert_non_null(b);
                    assert_null(a->graph->bits);
                    assert_non_null(b->graph->bits);
                    const McIGraph *ga = a->graph, *gb = b->graph;
                    assert_int_equal(ga->nnodes, gb->nnodes);
                    assert_int_equal(ga->nedges, gb->nedges);
                    assert_int_equal(ga->pairs, gb->pairs);
                    int32_t *ra = malloc((size_t)ga->nvalues * sizeof *ra + 1);
                    int32_t *rb = malloc((size_t)gb->nvalues * sizeof *rb + 1);
                    for (int32_t v = 0; v < ga->nvalues; v++) {
                        assert_int_equal(ga->node[v], gb->node[v]);
                        int32_t na = mc_igraph_neighbours(ga, v, ra), nb = mc_igraph_neighbours(gb, v, rb);
                        assert_int_equal(na, ga->degree[v]);
                        assert_int_equal(na, nb);
                        assert_int_equal(gb->degree[v], nb);
                        if (na) assert_memory_equal(ra, rb, (size_t)na * sizeof *ra);
                        for (int32_t j = 0; j < na; j++) assert_true(mc_igraph_has(gb, v, ra[j]));
                    }
                    free(ra);
                    free(rb);
                    char *x = alloc_str(a), *y = alloc_str(b);
                    if (strcmp(x, y) != 0) {
                        fprintf(stderr, "seed %llu -O%d K=%d %s: the dense form allocates differently\n",
                                (unsigned long long)seed, opt, budgets[k], al ? "baseline" : "improved");
                        fail();
                    }
                    char msg[256];
                    assert_true(mc_allocation_check(b, msg, sizeof msg));
                    coalesced += b->ncoalesced;
                    spilled += b->nspilled;
                    compared++;
                    free(x);
                    free(y);
                    mc_allocation_free(a);
                    mc_allocation_free(b);
                }
            mc_func_free(ssa);
        }
        mc_func_free(f);
    }
    assert_int_equal(compared, 36 * 2 * 7 * 2);
    assert_true(coalesced > 500); /* merged rows (bits + added entries) were exercised */
    assert_true(spilled > 500);   /* and recolouring and slot sharing */
}

/* Two graphs the same in every field (both in adjacency rows). */
static void assert_same_graph(const McIGraph *a, const McIGraph *b) {
    assert_null(a->bits);
    assert_null(b->bits);
    assert_int_equal(a->nvalues, b->nvalues);
    assert_int_equal(a->nnodes, b->nnodes);
    assert_int_equal(a->nedges, b->nedges);
    assert_int_equal(a->pairs, b->pairs);
    assert_int_equal(a->nmoves, b->nmoves);
    if (a->nmoves) {
        assert_memory_equal(a->moves, b->moves, (size_t)a->nmoves * sizeof *a->moves);
        assert_memory_equal(a->move_weight, b->move_weight, (size_t)a->nmoves * sizeof *a->move_weight);
    }
    for (int32_t v = 0; v < a->nvalues; v++) {
        assert_int_equal(a->node[v], b->node[v]);
        assert_int_equal(a->entry_live[v], b->entry_live[v]);
        assert_int_equal(a->degree[v], b->degree[v]);
        if (a->degree[v]) assert_memory_equal(a->adj[v], b->adj[v], (size_t)a->degree[v] * sizeof *a->adj[v]);
        for (int32_t j = 1; j < a->degree[v]; j++) assert_true(a->adj[v][j - 1] < a->adj[v][j]);
    }
}

/* The counting scan stores the pairs while they stay below a cap and the
 * rows are built from them (interfere.c); past the cap a second scan adds
 * them, with 64-bit offsets (igraph_form 3 forces that path). Both give the
 * same graph and allocation, and the size limit counts the same. */
static void test_stored_pairs_equal_rescan(void **state) {
    (void)state;
    int compared = 0;
    int64_t most = 0;
    for (uint64_t seed = 1; seed <= 30; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 40 + (int32_t)(seed % 5) * 400;
        go.form = seed % 2 ? MC_GEN_MUTABLE : MC_GEN_EITHER;
        McFunc *f = mc_gen(seed, &go);
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (int al = 0; al < 2; al++)
                for (int k = 2; k <= 8; k *= 2) {
                    McAllocKnobs stored = {.igraph_form = 1}, rescan = {.igraph_form = 3};
                    McAllocation *a = mc_allocate(ssa, (McAllocator)al, k, &(McAllocOptions){.knobs = &stored}, NULL);
                    McAllocation *b = mc_allocate(ssa, (McAllocator)al, k, &(McAllocOptions){.knobs = &rescan}, NULL);
                    assert_non_null(a);
                    assert_non_null(b);
                    assert_same_graph(a->graph, b->graph);
                    char *x = alloc_str(a), *y = alloc_str(b);
                    assert_string_equal(x, y);
                    free(x);
                    free(y);
                    if (a->graph->pairs > most) most = a->graph->pairs;
                    compared++;
                    mc_allocation_free(a);
                    mc_allocation_free(b);
                }
            /* the limit: one pair short is refused with the exact count */
            McDestroyed *x = mc_destroy_phis(ssa, MC_ALLOC_IMPROVED, NULL);
            assert_non_null(x);
            McIGraph *g = mc_interference(x->f, MC_ALLOC_IMPROVED, NULL);
            if (g->pairs > 0) {
                McDiags d;
                mc_diags_init(&d, NULL, NULL, 0);
                assert_null(mc_interference_limited(x->f, MC_ALLOC_IMPROVED, NULL, g->pairs - 1, &d));
                assert_int_equal(d.n, 1);
                char expect[256];
                snprintf(expect, sizeof expect,
                         "interference graph too large to colour: %d nodes, %lld interferences (at most %lld; "
                         "$MINICC_MAX_INTERFERENCES raises the limit)",
                         (int)g->nnodes, (long long)g->pairs, (long long)(g->pairs - 1));
                assert_string_equal(d.v[0].msg, expect);
                mc_diags_free(&d);
                McIGraph *h = mc_interference_limited(x->f, MC_ALLOC_IMPROVED, NULL, g->pairs, NULL);
                assert_non_null(h);
                assert_same_graph(g, h);
                mc_igraph_free(h);
            }
            mc_igraph_free(g);
            mc_destroyed_free(x);
            mc_func_free(ssa);
        }
        mc_func_free(f);
    }
    assert_int_equal(compared, 30 * 2 * 2 * 3);
    assert_true(most > 2000); /* graphs of some size */
}

/* n i32 parameters summed in a chain: every parameter is live at the
 * start, so the graph has about n^2 edges (issue 14). */
static char *chain_src(int n) {
    size_t cap = (size_t)n * 64 + 100, len = 0;
    char *s = malloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "func f(");
    for (int i = 0; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "%si32 p%d", i ? ", " : "", i);
    len += (size_t)snprintf(s + len, cap - len, ") {\nentry:\n    s1 = add p0, p1\n");
    for (int i = 2; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "    s%d = add s%d, p%d\n", i, i - 1, i);
    snprintf(s + len, cap - len, "    return s%d\n}\n", n - 1);
    return s;
}


/* The chapter's order (baseline, and the improved allocator's degree
 * variant): descending degree, ties by name in strcmp order. The names
 * here agree in their first 15, 16 or more bytes (the sort compares the
 * first 16 bytes as numbers and the rest with strcmp) and sort otherwise
 * than they are defined, and a chain gives many nodes the same degree. */
static void test_degree_order_long_names(void **state) {
    (void)state;
    static const char *const stem[] = {"abcdefghijklmno", "abcdefghijklmnop", "abcdefghijklmnopqrstuvwxyz_",
                                       "abcdefghijklmnoq", "b"};
    enum { N = 40 };
    char names[N][48];
    for (int i = 0; i < N; i++) snprintf(names[i], sizeof names[i], "%s%d", stem[i % 5], N - i);
    size_t cap = 8192, len = 0;
    char *src = malloc(cap);
    len += (size_t)snprintf(src + len, cap - len, "func f(i32 p, i32 q) {\nentry:\n    %s = add p, q\n", names[0]);
    for (int i = 1; i < N; i++)
        len += (size_t)snprintf(src + len, cap - len, "    %s = add %s, %s\n", names[i], names[i - 1],
                                i % 2 ? "p" : "q");
    snprintf(src + len, cap - len, "    return %s\n}\n", names[N - 1]);
    McModule *m = parse_str(src);
    for (int which = 0; which < 2; which++) {
        McAllocOptions o;
        mc_alloc_options_default(&o);
        o.variant = MC_VARIANT_DEGREE;
        McAllocation *a = which ? mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, 2, &o, NULL)
                                : mc_allocate(m->funcs[0], MC_ALLOC_BASELINE, 2, NULL, NULL);
        assert_non_null(a);
        assert_true(a->norder >= N);
        int ties = 0;
        for (int32_t i = 0; i + 1 < a->norder; i++) {
            int32_t x = a->order[i], y = a->order[i + 1];
            const int32_t *deg = a->graph->degree;
            assert_true(deg[x] >= deg[y]);
            if (deg[x] == deg[y]) {
                assert_true(strcmp(a->f->values[x].name, a->f->values[y].name) < 0);
                ties++;
            }
        }
        assert_true(ties >= N / 2);
        mc_allocation_free(a);
    }
    mc_module_free(m);
    free(src);
}


/* More than 64 registers and spills, in both forms of the graph: N
 * parameters summed in a chain are all live on entry (a clique), so at
 * K = 65 recolouring has spilled nodes to work on. The dense form keeps
 * no bit set per register past 64 and counts the neighbours' registers
 * over its whole rows (recolouring once read only the entries merges had
 * added: two neighbours shared a register, an internal error). */
static void test_dense_many_registers(void **state) {
    (void)state;
    enum { N = 200 };
    size_t cap = 16384, len = 0;
    char *src = malloc(cap);
    len += (size_t)snprintf(src + len, cap - len, "func chain(");
    for (int i = 0; i < N; i++) len += (size_t)snprintf(src + len, cap - len, "%si32 p%d", i ? ", " : "", i);
    len += (size_t)snprintf(src + len, cap - len, ") {\nentry:\n    s0 = copy p0\n");
    for (int i = 1; i < N; i++) len += (size_t)snprintf(src + len, cap - len, "    s%d = add s%d, p%d\n", i, i - 1, i);
    snprintf(src + len, cap - len, "    return s%d\n}\n", N - 1);
    McModule *m = parse_str(src);
    McAllocKnobs rows = {.igraph_form = 1}, matrix = {.igraph_form = 2};
    for (int k = 65; k <= 67; k++) {
        McAllocation *a = mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, k, &(McAllocOptions){.knobs = &rows}, NULL);
        McAllocation *b = mc_allocate(m->funcs[0], MC_ALLOC_IMPROVED, k, &(McAllocOptions){.knobs = &matrix}, NULL);
        assert_non_null(a);
        assert_non_null(b);
        assert_null(a->graph->bits);
        assert_non_null(b->graph->bits);
        assert_true(b->nspilled > 0);
        char *x = alloc_str(a), *y = alloc_str(b);
        assert_string_equal(x, y);
        free(x);
        free(y);
        mc_allocation_free(a);
        mc_allocation_free(b);
    }
    mc_module_free(m);
    free(src);
}

/* The dense chain: the bit matrix is chosen, the allocation is right, and
 * the size limit refuses it with the documented message, counting the
 * interferences exactly; $MINICC_MAX_INTERFERENCES sets the limit of
 * mc_allocate and a malformed value is an error. */
static void test_dense_chain_and_limit(void **state) {
    (void)state;
    const int n = 400;
    char *src = chain_src(n);
    McModule *m = parse_str(src);
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 1, NULL);
    assert_non_null(ssa);
    McDestroyed *x = mc_destroy_phis(ssa, MC_ALLOC_BASELINE, NULL);
    assert_non_null(x);
    McIGraph *g = mc_interference(x->f, MC_ALLOC_BASELINE, NULL);
    /* parameters pairwise, and s_i with p_(i+1) .. p_(n-1) */
    int64_t want = (int64_t)n * (n - 1) / 2 + (int64_t)(n - 2) * (n - 1) / 2;
    assert_int_equal(g->nedges, want);
    assert_int_equal(g->pairs, want);
    assert_non_null(g->bits);
    mc_igraph_free(g);
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_null(mc_interference_limited(x->f, MC_ALLOC_BASELINE, NULL, want - 1, &d));
    assert_int_equal(d.n, 1);
    char expect[256];
    snprintf(expect, sizeof expect,
             "interference graph too large to colour: %d nodes, %lld interferences (at most %lld; "
             "$MINICC_MAX_INTERFERENCES raises the limit)",
             2 * n - 1, (long long)want, (long long)(want - 1));
    assert_string_equal(d.v[0].msg, expect);
    assert_true(mc_alloc_too_large(d.v[0].msg));
    mc_diags_clear(&d);
    g = mc_interference_limited(x->f, MC_ALLOC_BASELINE, NULL, want, &d);
    assert_non_null(g);
    assert_int_equal(d.n, 0);
    mc_igraph_free(g);
    mc_destroyed_free(x);

    McArgs args;
    args.n = n;
    args.v = calloc((size_t)n, sizeof *args.v);
    for (int i = 0; i < n; i++) args.v[i].scalar = i + 1;
    for (int al = 0; al < 2; al++)
        for (int k = 1; k <= 16; k *= 4) {
            McAllocation *a = mc_allocate(ssa, (McAllocator)al, k, NULL, NULL);
            assert_non_null(a);
            McOutcome o = mc_machine_run(a, &args, 0, NULL);
            assert_int_equal(o.kind, MC_RETURNED);
            assert_int_equal(o.value, n * (n + 1) / 2);
            mc_allocation_free(a);
        }
    setenv("MINICC_MAX_INTERFERENCES", "1000", 1);
    assert_null(mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, NULL, &d));
    assert_int_equal(d.n, 1);
    assert_true(mc_alloc_too_large(d.v[0].msg));
    mc_diags_clear(&d);
    setenv("MINICC_MAX_INTERFERENCES", "12x", 1);
    assert_null(mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, NULL, &d));
    assert_string_equal(d.v[0].msg, "$MINICC_MAX_INTERFERENCES must be a positive number, not '12x'");
    assert_false(mc_alloc_too_large(d.v[0].msg));
    mc_diags_clear(&d);
    unsetenv("MINICC_MAX_INTERFERENCES");
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 4, NULL, &d);
    assert_non_null(a);
    /* the dense check names a violation like the sparse one */
    char msg[256];
    assert_true(mc_allocation_check(a, msg, sizeof msg));
    int32_t p0 = a->f->params[0], p1 = a->f->params[1];
    a->loc[p1] = a->loc[p0];
    assert_false(mc_allocation_check(a, msg, sizeof msg));
    assert_non_null(strstr(msg, "interfering values p0 and p1 share"));
    mc_allocation_free(a);
    mc_diags_free(&d);
    free(args.v);
    mc_func_free(ssa);
    mc_module_free(m);
    free(src);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_swap_baseline_numbers), cmocka_unit_test(test_destroy_baseline_shape),
        cmocka_unit_test(test_parallel_copy_cycle),   cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_dead_parameters),       cmocka_unit_test(test_step_budget),
        cmocka_unit_test(test_differential_generated), cmocka_unit_test(test_coalescing_incremental_equals_plain),
        cmocka_unit_test(test_coalescing_rotation_counted),
        cmocka_unit_test(test_dense_equals_sparse),   cmocka_unit_test(test_dense_chain_and_limit),
        cmocka_unit_test(test_stored_pairs_equal_rescan),
        cmocka_unit_test(test_degree_order_long_names),
        cmocka_unit_test(test_dense_many_registers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
