/* test_globals.c - no global mutable state in the engine: two pipelines at
 * once, interleaved step by step in one thread and side by side in two
 * threads, give each exactly what it gives alone.
 *
 * What used to be process-wide: the table of far source positions (lines
 * past 2^20, columns past 2^11; ir.c), now owned by each function and copied
 * with it, and the coalescing test switch of the improved allocator
 * (regalloc.c), now a per-call argument (regalloc_test.h). The pipelines
 * here parse sources whose positions are all far, diagnose them, build SSA,
 * optimize, allocate (one with plain coalescing sweeps, one incremental) and
 * run the allocated machine, printing positions along the way. */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

#include "engine/alloc/regalloc_test.h"

/* ---- sources with far positions ------------------------------------------ */

enum { FAR_COLUMN_PAD = 2100, FAR_LINE_PAD = 1048600 };

/* The text of generated program `seed` with every line moved far: indented
 * past column 2047 (far_lines false) or pushed below line 2^20 by empty
 * lines first (far_lines true). */
static char *far_source(uint64_t seed, bool far_lines, size_t *len) {
    McGenOptions go;
    mc_gen_options_default(&go);
    go.size = 150;
    McFunc *f = mc_gen(seed, &go);
    char *text = NULL;
    size_t tlen = 0;
    FILE *m = open_memstream(&text, &tlen);
    assert_non_null(m);
    mc_func_print(f, m);
    fclose(m);
    mc_func_free(f);
    McStr s;
    mc_str_init(&s);
    if (far_lines)
        for (int i = 0; i < FAR_LINE_PAD; i++) mc_str_putn(&s, "\n", 1);
    for (const char *p = text; *p;) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
        if (!far_lines)
            for (int i = 0; i < FAR_COLUMN_PAD; i++) mc_str_putn(&s, " ", 1);
        mc_str_putn(&s, p, n);
        p += n;
    }
    free(text);
    *len = s.len;
    return mc_str_take(&s);
}

/* Two functions at far positions, g in far columns, h on far lines. With
 * `broken`, each has a mistake there: g returns an undefined value (column
 * 2108 of line 4), h (SSA form) defines j twice (lines 2^20 + 11 and 12). */
static char *far_small_source(bool broken, size_t *len) {
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s, "func g(i32 n) {\nentry:\n%*sx = add n, 1\n%*sreturn %s\n}\n", FAR_COLUMN_PAD, "",
                  FAR_COLUMN_PAD, "", broken ? "y" : "x");
    for (int i = 0; i < FAR_LINE_PAD; i++) mc_str_putn(&s, "\n", 1);
    mc_str_printf(&s, "func h(i32 n) {\nentry:\n    jump l\nl:\n    i = phi [entry: 0], [l: j]\n"
                      "    j = add i, 1\n    %s = add i, 2\n    branch n, l, x\nx:\n    return j\n}\n",
                  broken ? "j" : "k");
    *len = s.len;
    return mc_str_take(&s);
}

/* ---- a pipeline that can be advanced one step at a time ------------------- */

typedef struct Pipe {
    char *src;
    size_t len;
    bool plain_sweeps; /* the allocator's coalescing: plain sweeps or incremental */
    uint64_t seed;     /* arguments for the run */
    int step;
    McDiags d;
    McModule *m;
    McFunc *ssa;
    McAllocation *alloc;
    char *out; /* the transcript */
    size_t outlen;
    FILE *o;
} Pipe;

static void pipe_init(Pipe *p, char *src, size_t len, bool plain_sweeps, uint64_t seed) {
    memset(p, 0, sizeof *p);
    p->src = src;
    p->len = len;
    p->plain_sweeps = plain_sweeps;
    p->seed = seed;
    mc_diags_init(&p->d, "far.ir", src, len);
    p->o = open_memstream(&p->out, &p->outlen);
    assert_non_null(p->o);
}

/* Every position of f, as mc_loc reads it back. */
static void print_positions(FILE *o, const McFunc *f) {
    McLoc l = mc_loc(f, f->loc);
    fprintf(o, "func %s at %d:%d\n", f->name, l.line, l.col);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        l = mc_loc(f, bl->loc);
        fprintf(o, "  %s at %d:%d:", bl->name, l.line, l.col);
        for (int32_t i = 0; i < bl->ninsts; i++) {
            l = mc_loc(f, bl->insts[i].loc);
            McLoc a = mc_loc(f, bl->insts[i].a[0].loc);
            fprintf(o, " %d:%d/%d", l.line, l.col, a.col);
        }
        l = mc_loc(f, bl->term.loc);
        fprintf(o, " term %d:%d\n", l.line, l.col);
    }
    for (int32_t v = 0; v < f->nvalues; v++) {
        McLoc vl = mc_loc(f, f->values[v].loc);
        fprintf(o, "  %s@%d:%d", f->values[v].name, vl.line, vl.col);
    }
    fputc('\n', o);
}

/* One step of the pipeline; false once it has finished (the transcript is
 * then complete in p->out and everything else is freed). */
static bool pipe_step(Pipe *p) {
    FILE *o = p->o;
    switch (p->step++) {
    case 0: /* parse and verify (NULL with diagnostics on a mistake) */
        p->m = mc_parse("far.ir", p->src, p->len, &p->d);
        return true;
    case 1:
        mc_diags_print(&p->d, o, true);
        return true;
    case 2:
        if (p->m) {
            mc_module_print(p->m, o);
            for (int32_t i = 0; i < p->m->nfuncs; i++) print_positions(o, p->m->funcs[i]);
        }
        return true;
    case 3: { /* SSA of the last function, from a clone whose original is gone */
        if (!p->m) return true;
        McFunc *g = mc_func_clone(p->m->funcs[p->m->nfuncs - 1]);
        mc_module_free(p->m);
        p->m = NULL;
        p->ssa = mc_ssa_build(g, MC_SSA_PRUNED, NULL, &p->d);
        mc_func_free(g);
        assert_non_null(p->ssa);
        mc_func_print(p->ssa, o);
        print_positions(o, p->ssa);
        return true;
    }
    case 4:
        if (p->ssa) {
            McOptOptions oo;
            mc_opt_options_default(&oo);
            assert_true(mc_opt_run(p->ssa, &oo, NULL, &p->d));
            mc_func_print(p->ssa, o);
            print_positions(o, p->ssa);
        }
        return true;
    case 5:
        if (p->ssa) {
            p->alloc = mc_allocate(p->ssa, MC_ALLOC_IMPROVED, 3, &(McAllocOptions){.knobs = &(McAllocKnobs){.plain_sweeps = p->plain_sweeps}}, &p->d);
            assert_non_null(p->alloc);
            mc_allocation_print(p->alloc, o);
            fprintf(o, "coalesced %d spilled %d slots %d\n", p->alloc->ncoalesced, p->alloc->nspilled,
                    p->alloc->slots);
        }
        return true;
    case 6:
        if (p->alloc) {
            McArgs args;
            mc_gen_args(p->alloc->f, p->seed, &args);
            McMachineStats st;
            McOutcome out = mc_machine_run(p->alloc, &args, 0, &st);
            mc_outcome_print(p->alloc->f, &out, &args, o);
            mc_args_free(&args);
        }
        return true;
    default:
        mc_allocation_free(p->alloc);
        mc_func_free(p->ssa);
        mc_module_free(p->m);
        mc_diags_free(&p->d);
        fclose(p->o);
        p->o = NULL;
        return false;
    }
}

static char *pipe_alone(char *src, size_t len, bool plain_sweeps, uint64_t seed) {
    Pipe p;
    pipe_init(&p, src, len, plain_sweeps, seed);
    while (pipe_step(&p)) {
    }
    return p.out;
}

static void assert_same(const char *what, const char *got, const char *want) {
    if (strcmp(got, want) != 0) {
        size_t i = 0;
        while (got[i] && got[i] == want[i]) i++;
        fprintf(stderr, "%s: transcripts differ at byte %zu:\n  got  '%.80s'\n  want '%.80s'\n", what, i, got + i,
                want + i);
        fail();
    }
}

/* ---- one thread, interleaved ---------------------------------------------- */

/* A module whose far positions are diagnosed: the messages and carets point
 * where the text says, whatever another function interned in between. */
static void test_far_diagnostics(void **state) {
    (void)state;
    size_t len;
    char *src = far_small_source(true, &len);
    char *alone = pipe_alone(src, len, false, 1);
    char want[256];
    snprintf(want, sizeof want, "far.ir:4:%d: error: use of undefined value 'y'\n", FAR_COLUMN_PAD + 8);
    if (!strstr(alone, want)) fprintf(stderr, "%.300s\n", alone);
    assert_non_null(strstr(alone, want));
    snprintf(want, sizeof want, "far.ir:%d:5: error: 'j' is defined more than once (first at %d:5)%s\n",
             FAR_LINE_PAD + 12, FAR_LINE_PAD + 11, "; a function with phis is in SSA form, where each name is defined once");
    assert_non_null(strstr(alone, want));
    free(alone);
    free(src);
    src = far_small_source(false, &len);
    /* Two modules with far positions, each function with its own table. */
    McDiags d1, d2;
    mc_diags_init(&d1, "a.ir", src, len);
    mc_diags_init(&d2, "b.ir", src, len);
    McModule *a = mc_parse("a.ir", src, len, &d1);
    McModule *b = mc_parse("b.ir", src, len, &d2);
    assert_non_null(a);
    assert_non_null(b);
    /* g: the function keyword is near, the 2 far lines' 4 positions (dest,
     * operand, operand; return, its operand) are 5 distinct far ones; h's
     * are all far lines. */
    assert_int_equal(a->funcs[0]->far.n, 5);
    assert_int_equal(b->funcs[0]->far.n, 5);
    assert_true(a->funcs[1]->far.n > 10);
    /* The same text gives the same numbers in each function, none shared. */
    assert_true(mc_pos_eq(a->funcs[0]->blocks[0].term.loc, b->funcs[0]->blocks[0].term.loc));
    assert_true(a->funcs[0]->far.loc != b->funcs[0]->far.loc);
    mc_module_free(a);
    McLoc l = mc_loc(b->funcs[0], b->funcs[0]->blocks[0].term.loc);
    assert_int_equal(l.line, 4);
    assert_int_equal(l.col, FAR_COLUMN_PAD + 1);
    mc_module_free(b);
    mc_diags_free(&d1);
    mc_diags_free(&d2);
    free(src);
}

/* Two whole pipelines advanced alternately, step by step, give the
 * transcripts each gives alone: far columns in one, far lines in the
 * other; plain coalescing sweeps in one, incremental in the other. */
static void test_two_pipelines_interleaved(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        size_t la, lb;
        char *sa = far_source(seed, false, &la), *sb = far_source(seed + 100, true, &lb);
        char *wa = pipe_alone(sa, la, true, seed), *wb = pipe_alone(sb, lb, false, seed + 100);
        assert_non_null(strstr(wa, "coalesced"));
        assert_non_null(strstr(wb, "coalesced"));
        Pipe a, b;
        pipe_init(&a, sa, la, true, seed);
        pipe_init(&b, sb, lb, false, seed + 100);
        bool ra = true, rb = true;
        while (ra || rb) {
            if (ra) ra = pipe_step(&a);
            if (rb) rb = pipe_step(&b);
        }
        assert_same("far columns, interleaved", a.out, wa);
        assert_same("far lines, interleaved", b.out, wb);
        free(a.out);
        free(b.out);
        free(wa);
        free(wb);
        free(sa);
        free(sb);
    }
}

/* The allocator's coalescing mode is per call: plain and incremental
 * allocations of the same functions, alternately, agree merge for merge. */
static void test_alloc_modes_alternately(void **state) {
    (void)state;
    for (uint64_t seed = 1; seed <= 12; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 300;
        McFunc *f = mc_gen(seed, &go);
        McFunc *ssa = mc_ssa_build(f, MC_SSA_PRUNED, NULL, NULL);
        assert_non_null(ssa);
        McAllocation *x[4];
        for (int k = 0; k < 4; k++) x[k] = mc_allocate(ssa, MC_ALLOC_IMPROVED, 2 + k / 2, &(McAllocOptions){.knobs = &(McAllocKnobs){.plain_sweeps = k % 2 == 1}}, NULL);
        for (int k = 0; k < 4; k += 2) {
            assert_non_null(x[k]);
            assert_non_null(x[k + 1]);
            assert_int_equal(x[k]->ncoalesced, x[k + 1]->ncoalesced);
            assert_int_equal(x[k]->slots, x[k + 1]->slots);
            for (int32_t v = 0; v < x[k]->f->nvalues; v++) {
                assert_int_equal(x[k]->loc[v].kind, x[k + 1]->loc[v].kind);
                assert_int_equal(x[k]->loc[v].index, x[k + 1]->loc[v].index);
            }
        }
        for (int k = 0; k < 4; k++) mc_allocation_free(x[k]);
        mc_func_free(ssa);
        mc_func_free(f);
    }
}

/* ---- two threads ----------------------------------------------------------- */

/* Rounds of each thread: every round interns THREAD_FAR new far positions
 * in a function of its own; every 25th round also runs the whole pipeline.
 * (With the process-wide table this used to be, two threads crashed in a
 * rehash within 100 rounds of 4000.) */
enum { THREAD_ROUNDS = 100, THREAD_FAR = 4000 };

typedef struct Job {
    char *src;
    size_t len;
    bool plain_sweeps;
    uint64_t seed;
    const char *want; /* the transcript alone */
    int base;         /* far lines of this thread's own positions start here */
    pthread_barrier_t *start;
    int failures;
} Job;

static void *job_run(void *arg) {
    Job *j = arg;
    pthread_barrier_wait(j->start); /* both threads at once */
    McPos *pos = mc_xmalloc(THREAD_FAR * sizeof *pos);
    for (int r = 0; r < THREAD_ROUNDS; r++) {
        if (r % 25 == 0) {
            char *got = pipe_alone(j->src, j->len, j->plain_sweeps, j->seed);
            if (strcmp(got, j->want) != 0) j->failures++;
            free(got);
        }
        McFunc *f = mc_func_new("t", NULL);
        int32_t line0 = j->base + r * THREAD_FAR;
        for (int k = 0; k < THREAD_FAR; k++) pos[k] = mc_pos(f, (McLoc){line0 + k, 3000 + r});
        for (int k = 0; k < THREAD_FAR; k++) {
            McLoc l = mc_loc(f, pos[k]);
            if (l.line != line0 + k || l.col != 3000 + r) j->failures++;
        }
        if (f->far.n != THREAD_FAR) j->failures++;
        mc_func_free(f);
    }
    free(pos);
    return NULL;
}

static void test_two_pipelines_in_threads(void **state) {
    (void)state;
    Job jobs[2];
    pthread_barrier_t start;
    assert_int_equal(pthread_barrier_init(&start, NULL, 2), 0);
    for (int t = 0; t < 2; t++) {
        jobs[t].src = far_source(40 + (uint64_t)t, t == 1, &jobs[t].len);
        jobs[t].plain_sweeps = t == 0;
        jobs[t].seed = 40 + (uint64_t)t;
        jobs[t].want = pipe_alone(jobs[t].src, jobs[t].len, jobs[t].plain_sweeps, jobs[t].seed);
        jobs[t].base = 2000000 + t * THREAD_ROUNDS * THREAD_FAR;
        jobs[t].start = &start;
        jobs[t].failures = 0;
    }
    pthread_t th[2];
    for (int t = 0; t < 2; t++) assert_int_equal(pthread_create(&th[t], NULL, job_run, &jobs[t]), 0);
    for (int t = 0; t < 2; t++) assert_int_equal(pthread_join(th[t], NULL), 0);
    pthread_barrier_destroy(&start);
    for (int t = 0; t < 2; t++) {
        if (jobs[t].failures) fprintf(stderr, "thread %d: %d mismatches\n", t, jobs[t].failures);
        assert_int_equal(jobs[t].failures, 0);
        free((char *)jobs[t].want);
        free(jobs[t].src);
    }
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_far_diagnostics),
        cmocka_unit_test(test_two_pipelines_interleaved),
        cmocka_unit_test(test_alloc_modes_alternately),
        cmocka_unit_test(test_two_pipelines_in_threads),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
