/* test_interrupt.c - cooperative interruption (interrupt.h): every long engine
 * entry point stops with an interrupted status when the caller's flag is set,
 * before it or while it runs (a timer's signal handler sets it, as the front
 * ends' SIGINT handlers do), and a flag that stays clear changes nothing:
 * the run path's chunked budget gives the same steps, instructions and
 * outcome as the plain one at every budget around a chunk boundary.
 * The session (src/shell/session.c) keeps the position after the last
 * completed block. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include "shell/alloc_trace.h"
#include "shell/session.h"
#include "shell/show.h"
#include "shell/sweep.h"
#include "minicc/cgen.h"
#include "minicc/check.h"
#include "minicc/interrupt.h"
#include "minicc/minic.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "testir.h"

#include "engine/alloc/regalloc_test.h"

/* Loops forever: b[0] counts the trips (tests/native/forever.ir). */
static const char *const forever_src = "func forever(buf b) {\n"
                                       "entry:\n"
                                       "    jump loop\n"
                                       "loop:\n"
                                       "    x = load b, 0\n"
                                       "    y = add x, 1\n"
                                       "    store b, 0, y\n"
                                       "    jump loop\n"
                                       "}\n";

/* An SSA loop with phis, for the optimizer and the allocator. */
static const char *const count_src = "func count(i32 n) {\n"
                                     "entry:\n"
                                     "    jump head\n"
                                     "head:\n"
                                     "    i = phi [entry: 0], [body: i1]\n"
                                     "    s = phi [entry: 0], [body: s1]\n"
                                     "    c = lt i, n\n"
                                     "    branch c, body, done\n"
                                     "body:\n"
                                     "    s1 = add s, i\n"
                                     "    i1 = add i, 1\n"
                                     "    jump head\n"
                                     "done:\n"
                                     "    return s\n"
                                     "}\n";

#define HUGE_BUDGET 1000000000000LL /* hours of work: only the flag can end it */

static McInterrupt flag;

static void on_alarm(int sig) {
    (void)sig;
    flag = 1;
}

/* Set the flag from a signal handler after ms milliseconds. */
static void flag_after(int ms) {
    flag = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it;
    memset(&it, 0, sizeof it);
    it.it_value.tv_sec = ms / 1000;
    it.it_value.tv_usec = (ms % 1000) * 1000;
    setitimer(ITIMER_REAL, &it, NULL);
}

static McArgs buf_args(int32_t v) {
    McArgs a;
    a.n = 1;
    a.v = mc_xcalloc(1, sizeof *a.v);
    a.v[0].is_buf = true;
    a.v[0].len = 1;
    a.v[0].data = mc_xmalloc(sizeof(int32_t));
    a.v[0].data[0] = v;
    return a;
}

static McArgs int_args(int32_t v) {
    McArgs a;
    a.n = 1;
    a.v = mc_xcalloc(1, sizeof *a.v);
    a.v[0].scalar = v;
    return a;
}

static bool has_diag(const McDiags *d, const char *msg) {
    for (int i = 0; i < d->n; i++)
        if (strcmp(d->v[i].msg, msg) == 0) return true;
    return false;
}

/* ---- the run path ---------------------------------------------------------------- */

static void test_run_path(void **state) {
    (void)state;
    McFunc *f = parse_one(forever_src);
    McArgs a = buf_args(0);
    /* Set before the run: stopped at the first look, long before the budget. */
    flag = 1;
    McOutcome o = mc_run_intr(f, &a, HUGE_BUDGET, &flag);
    assert_int_equal(o.kind, MC_INTERRUPTED);
    assert_string_equal(o.trap, MC_INTERRUPTED_MSG);
    assert_true(o.steps >= 1 && o.steps <= 65537); /* the entry and one chunk */
    assert_int_equal(a.v[0].data[0], (int32_t)(o.steps - 1)); /* effects so far stay */
    /* Set while it runs (from a signal handler). */
    a.v[0].data[0] = 0;
    flag_after(100);
    o = mc_run_intr(f, &a, HUGE_BUDGET, &flag);
    assert_int_equal(o.kind, MC_INTERRUPTED);
    assert_true(o.steps > 1);
    /* No flag, or a clear one: the budget as ever. */
    o = mc_run_intr(f, &a, 1000, NULL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_string_equal(o.trap, "execution step limit exceeded");
    mc_args_free(&a);
    mc_func_free(f);
}

/* The chunked countdown must not move the budget by one entry anywhere. */
static void test_run_path_budget_exact(void **state) {
    (void)state;
    McFunc *f = parse_one(count_src);
    McCode *c = mc_code_new(f);
    static const int64_t budgets[] = {1, 2, 3, 65535, 65536, 65537, 65538, 131072, 131073, 131074, 200001};
    for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        static const int32_t ns[] = {0, 1, 32765, 32766, 32767, 65532, 65533, 65534, 65535, 65536};
        for (size_t j = 0; j < sizeof ns / sizeof ns[0]; j++) { /* 2n + 3 entries: around the chunk sizes */
            int32_t n = ns[j];
            McArgs a = int_args(n), b = int_args(n);
            flag = 0;
            McOutcome x = mc_code_run(c, &a, budgets[i]);
            McOutcome y = mc_code_run_intr(c, &b, budgets[i], &flag);
            assert_int_equal(x.kind, y.kind);
            assert_int_equal(x.value, y.value);
            assert_int_equal(x.steps, y.steps);
            assert_int_equal(x.insts, y.insts);
            assert_string_equal(x.trap, y.trap);
            mc_args_free(&a);
            mc_args_free(&b);
        }
    }
    mc_code_free(c);
    mc_func_free(f);
}

/* ---- the stepping interpreter ------------------------------------------------------ */

static void test_interp_continue(void **state) {
    (void)state;
    McFunc *f = parse_one(forever_src);
    McArgs a = buf_args(0);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = HUGE_BUDGET;
    io.interrupt = &flag;
    McInterp *in = mc_interp_new(f, &a, &io);
    flag_after(100);
    assert_int_equal(mc_interp_continue(in, NULL), MC_STOP_INTERRUPT);
    assert_false(mc_interp_finished(in, NULL));
    assert_int_equal(mc_interp_pc(in), -1); /* at a block boundary */
    int64_t steps = mc_interp_steps(in);
    assert_true(steps > 1);
    /* The state is the one after the last completed block: loop ran steps - 1 times. */
    assert_int_equal(mc_interp_args(in)->v[0].data[0], (int32_t)(steps - 1));
    /* Continuing with the flag still set runs one block and stops again. */
    assert_int_equal(mc_interp_continue(in, NULL), MC_STOP_INTERRUPT);
    assert_int_equal(mc_interp_steps(in), steps + 1);
    mc_interp_free(in);
    /* A clear flag: the budget ends it as before. */
    flag = 0;
    io.max_steps = 100;
    in = mc_interp_new(f, &a, &io);
    assert_int_equal(mc_interp_continue(in, NULL), MC_STOP_END);
    McOutcome o;
    assert_true(mc_interp_finished(in, &o));
    assert_string_equal(o.trap, "execution step limit exceeded");
    mc_interp_free(in);
    mc_args_free(&a);
    mc_func_free(f);
}

/* ---- the allocated machine, the optimizer, the stages, check -------------------- */

static McAllocation *allocate(const McFunc *f) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    McFunc *ssa = mc_pipeline_prepare(f, 0, &d);
    assert_non_null(ssa);
    McAllocation *al = mc_allocate(ssa, MC_ALLOC_IMPROVED, 2, NULL, &d);
    assert_non_null(al);
    mc_func_free(ssa);
    mc_diags_free(&d);
    return al;
}

static void test_machine(void **state) {
    (void)state;
    McFunc *f = parse_one(forever_src);
    McAllocation *al = allocate(f);
    McArgs a = buf_args(0);
    flag_after(100);
    McOutcome o = mc_machine_run_intr(al, &a, HUGE_BUDGET, &flag, NULL);
    assert_int_equal(o.kind, MC_INTERRUPTED);
    assert_true(o.steps > 1);
    flag = 0;
    o = mc_machine_run_intr(al, &a, 1000, &flag, NULL);
    assert_int_equal(o.kind, MC_TRAPPED);
    assert_int_equal(o.steps, 1000);
    mc_args_free(&a);
    mc_allocation_free(al);
    mc_func_free(f);
}

static void test_opt(void **state) {
    (void)state;
    McFunc *f = parse_one(count_src);
    char *before = print_str(f);
    McOptOptions oo;
    mc_opt_options_default(&oo);
    oo.interrupt = &flag;
    flag = 1;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_false(mc_opt_run(f, &oo, NULL, &d));
    assert_true(has_diag(&d, MC_INTERRUPTED_MSG));
    char *after = print_str(f);
    assert_string_equal(before, after); /* stopped before the first pass */
    mc_diags_free(&d);
    flag = 0;
    mc_diags_init(&d, NULL, NULL, 0);
    assert_true(mc_opt_run(f, &oo, NULL, &d));
    mc_diags_free(&d);
    free(before);
    free(after);
    mc_func_free(f);
}

static void test_stages(void **state) {
    (void)state;
    McFunc *f = parse_one(forever_src);
    for (int st = MC_STAGE_INPUT; st <= MC_STAGE_ALLOC; st++) {
        for (int phis = 0; phis < 2; phis++) {
            McStageOptions o;
            mc_stage_options_default(&o);
            o.stage = (McStage)st;
            o.max_steps = HUGE_BUDGET;
            o.phi_mode = phis ? MC_PHI_SEQUENTIAL : MC_PHI_PARALLEL;
            o.interrupt = &flag;
            McArgs a = buf_args(0);
            McOutcome out;
            McDiags d;
            mc_diags_init(&d, NULL, NULL, 0);
            flag_after(50);
            assert_false(mc_stage_execute(f, &o, &a, &out, NULL, &d));
            assert_int_equal(out.kind, MC_INTERRUPTED);
            assert_true(has_diag(&d, MC_INTERRUPTED_MSG));
            mc_diags_free(&d);
            mc_args_free(&a);
        }
    }
    mc_func_free(f);
}

static void test_check(void **state) {
    (void)state;
    McFunc *f = parse_one(forever_src);
    McStageOptions o;
    mc_stage_options_default(&o);
    o.max_steps = HUGE_BUDGET;
    o.interrupt = &flag;
    McArgs a = buf_args(0);
    McCheck c;
    flag_after(50);
    mc_check_run(f, &a, &o, &c);
    assert_true(c.interrupted);
    assert_int_equal(c.nrows, 1); /* stopped in the first stage */
    assert_int_equal(c.diverged, -1);
    mc_check_free(&c);
    mc_args_free(&a);
    mc_func_free(f);
}

/* The native call: the wait loop looks at the flag, kills the child. */
static void test_native(void **state) {
    (void)state;
    const char *cc = getenv("CC");
    if (system(cc && *cc ? "command -v \"$CC\" >/dev/null 2>&1" : "command -v cc >/dev/null 2>&1") != 0) skip();
    McFunc *f = parse_one(forever_src);
    McNativeOptions no;
    memset(&no, 0, sizeof no);
    no.no_cache = true;
    no.timeout = 60; /* far longer than the test may take */
    no.interrupt = &flag;
    McArgs a = buf_args(0);
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    flag = 0; /* a flag left set stops the compile too (the test below) */
    McNative *n = mc_native_compile(f, &no, NULL, &d);
    assert_non_null(n);
    mc_native_free(n);
    flag = 1; /* set: the compiler is killed at once, the build fails */
    assert_null(mc_native_compile(f, &no, NULL, &d));
    assert_true(d.n > 0);
    char line[256];
    assert_string_equal(mc_diag_line(&d, d.n - 1, line, sizeof line), "error: native: interrupted");
    mc_diags_free(&d);
    mc_diags_init(&d, NULL, NULL, 0);
    double t0 = mc_now();
    flag_after(300);
    assert_true(mc_native_execute(f, &no, &a, &out, &d));
    assert_int_equal(out.kind, MC_INTERRUPTED);
    assert_true(mc_now() - t0 < 30); /* not the time limit */
    mc_diags_free(&d);
    mc_args_free(&a);
    mc_func_free(f);
}

/* ---- the session (the prompt's run/continue/step) --------------------------------- */

static FILE *null_out(void) {
    static FILE *f;
    if (!f) f = fopen("/dev/null", "w");
    return f;
}

static void test_session(void **state) {
    (void)state;
    char path[] = "/tmp/minicc-intr-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *w = fdopen(fd, "w");
    fputs(forever_src, w);
    fclose(w);
    McSession s;
    mc_session_init(&s);
    s.interrupt = &flag;
    s.max_steps = HUGE_BUDGET;
    assert_true(mc_session_load(&s, path, null_out()));
    char *argv[] = {(char *)"[0]"};
    assert_true(mc_session_set_args(&s, 1, argv, null_out()));
    int errors = s.errors;
    bool at_break = false;
    flag_after(100);
    assert_false(mc_session_continue(&s, &at_break, null_out()));
    assert_false(at_break);
    assert_int_equal(s.errors, errors + 1);
    assert_true(mc_session_running(&s)); /* the position stays */
    int64_t steps = mc_interp_steps(s.interp);
    assert_true(steps > 1);
    assert_int_equal(mc_interp_pc(s.interp), -1);
    /* step N: stops between blocks too, after at least one. */
    flag = 1;
    assert_false(mc_session_step(&s, 1000000000, false, null_out()));
    assert_int_equal(mc_interp_steps(s.interp), steps + 1);
    flag = 0;
    assert_true(mc_session_step(&s, 3, false, null_out()));
    assert_int_equal(mc_interp_steps(s.interp), steps + 4);
    mc_session_free(&s);
    remove(path);
}

/* ---- register allocation ----------------------------------------------------------- */

/* MiniC rotating n variables (issue 26): at -O0 nearly every value
 * interferes with every other and coalescing sweeps the moves n times. */
static char *rotation_src(int n) {
    size_t cap = (size_t)n * 40 + 200, len = 0;
    char *src = mc_xmalloc(cap);
    len += (size_t)snprintf(src + len, cap - len, "int f(int n) {");
    for (int i = 0; i < n; i++) len += (size_t)snprintf(src + len, cap - len, " int v%d = %d;", i, i);
    len += (size_t)snprintf(src + len, cap - len, " while (n > 0) { int t = v0;");
    for (int i = 0; i + 1 < n; i++) len += (size_t)snprintf(src + len, cap - len, " v%d = v%d;", i, i + 1);
    len += (size_t)snprintf(src + len, cap - len, " v%d = t; n--; } return v0", n - 1);
    for (int i = 1; i < n; i++) len += (size_t)snprintf(src + len, cap - len, " + v%d", i);
    snprintf(src + len, cap - len, "; }\n");
    return src;
}

static McFunc *rotation_ssa(int n) {
    char *src = rotation_src(n);
    McDiags d;
    mc_diags_init(&d, "rot.c", src, strlen(src));
    McModule *m = mc_minic_parse("rot.c", src, strlen(src), &d);
    assert_non_null(m);
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 0, &d);
    assert_non_null(ssa);
    mc_diags_free(&d);
    mc_module_free(m);
    free(src);
    return ssa;
}

/* Every allocator, the flag set before: no allocation, the diagnostic
 * `interrupted`, nothing left behind (the ASan build checks leaks). The
 * improved allocator with the flag set while it coalesces: the plain sweeps
 * (regalloc_test.h) retest every move with whole rows, seconds of work on
 * the rotation of 600, so only the poll in the sweeps ends it at once. */
static void test_alloc(void **state) {
    (void)state;
    McFunc *ssa = rotation_ssa(600);
    for (int al = MC_ALLOC_IMPROVED; al < MC_ALLOC_COUNT; al++) {
        McAllocOptions o;
        mc_alloc_options_default(&o);
        o.interrupt = &flag;
        flag = 1;
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        assert_null(mc_allocate(ssa, (McAllocator)al, 3, &o, &d));
        assert_true(has_diag(&d, MC_INTERRUPTED_MSG));
        mc_diags_free(&d);
    }
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.interrupt = &flag;
    McAllocKnobs plain = {.plain_sweeps = true};
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    flag_after(100);
    o.knobs = &plain;
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 3, &o, &d);
    assert_null(a);
    assert_true(has_diag(&d, MC_INTERRUPTED_MSG));
    mc_diags_free(&d);
    /* the flag clear: the same call allocates */
    flag = 0;
    a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 3, &o, NULL);
    assert_non_null(a);
    mc_allocation_free(a);
    mc_func_free(ssa);
}

/* Rows of a sweep's output (table or column groups) that were completed:
 * lines starting with a K that say agree or DIVERGE or end in a group's
 * = or ! (a row of groups starts with its K before the first allocation). */
static int table_rows(const char *text) {
    int rows = 0;
    for (const char *l = text; l && *l;) {
        const char *nl = strchr(l, '\n');
        size_t n = nl ? (size_t)(nl - l) : strlen(l);
        size_t i = strspn(l, " ");
        char line[512];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), l);
        char last = n ? l[n - 1] : 0;
        bool done = strstr(line, "agree") || strstr(line, "DIVERGE") || last == '=' || last == '!';
        if (i < n && l[i] >= '0' && l[i] <= '9' && done) rows++;
        l = nl ? nl + 1 : NULL;
    }
    return rows;
}

static int count_diag(const McDiags *d, const char *msg) {
    int n = 0;
    for (int i = 0; i < d->n; i++) n += strcmp(d->v[i].msg, msg) == 0;
    return n;
}

/* sweep --vary: the allocator is handed the flag. With the plain sweeps
 * (regalloc_test.h, through the base options) one allocation of the
 * rotation of 600 is seconds of work; the flag set 100 ms in stops it:
 * no row (before, the allocation ran to its end and the machine run it
 * started found the flag: a row `DIVERGE: interrupted`), one diagnostic
 * `interrupted`. */
static void test_sweep_vary(void **state) {
    (void)state;
    McFunc *ssa = rotation_ssa(600);
    McArgs args;
    char *text = NULL;
    size_t len = 0;
    McAllocOptions base;
    mc_alloc_options_default(&base);
    McAllocKnobs plain = {.plain_sweeps = true};
    base.knobs = &plain;
    static const int ks[] = {3};
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    char *argv[] = {(char *)"3"};
    assert_true(mc_args_parse(ssa, 1, argv, &args, &d));
    FILE *out = open_memstream(&text, &len);
    flag_after(100);
    int r = mc_sweep_vary_table(out, ssa, ssa, "-O0", &args, HUGE_BUDGET, ks, 1, MC_ALLOC_IMPROVED, &base,
                                mc_alloc_option_lookup("recolour"), &flag, &d);
    fclose(out);
    flag = 0;
    assert_int_equal(r, -1);
    assert_int_equal(count_diag(&d, MC_INTERRUPTED_MSG), 1);
    assert_int_equal(d.n, 1);
    assert_int_equal(table_rows(text), 0);
    free(text);
    mc_diags_free(&d);
    mc_args_free(&args);
    mc_func_free(ssa);
}

static double cpu_seconds(void) { return (double)clock() / CLOCKS_PER_SEC; }

/* sweep's table and its column groups: the allocator is handed the flag.
 * One allocation of the rotation of 1,500 at -O0 takes the improved
 * allocator a second or more of CPU time here (measured first, in this
 * run); the flag set 20 ms into the sweep stops it within a fraction of
 * that (judged on CPU time, against half the measured allocation: before,
 * the allocation ran to its end and only the machine run after it looked
 * at the flag). No row, one diagnostic `interrupted`. */
static void test_sweep_table(void **state) {
    (void)state;
    McFunc *ssa = rotation_ssa(1500);
    McArgs args;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    char *argv[] = {(char *)"3"};
    assert_true(mc_args_parse(ssa, 1, argv, &args, &d));
    double t0 = cpu_seconds();
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 3, NULL, &d);
    double whole = cpu_seconds() - t0;
    assert_non_null(a);
    mc_allocation_free(a);
    static const int ks[] = {3};
    static const McAllocator improved[] = {MC_ALLOC_IMPROVED};
    for (int groups = 0; groups < 2; groups++) {
        char *text = NULL;
        size_t len = 0;
        FILE *out = open_memstream(&text, &len);
        flag_after(20);
        t0 = cpu_seconds();
        int r = groups ? mc_sweep_groups(out, ssa, ssa, "-O0", &args, HUGE_BUDGET, ks, 1, improved, 1, &flag, &d)
                       : mc_sweep_table_intr(out, ssa, ssa, "-O0", &args, HUGE_BUDGET, ks, 1, improved, 1, &flag, &d);
        double spent = cpu_seconds() - t0;
        fclose(out);
        flag = 0;
        if (spent >= whole / 2) fprintf(stderr, "sweep (groups %d): %.3f s CPU, one allocation %.3f s\n", groups, spent, whole);
        assert_int_equal(r, -1);
        assert_int_equal(count_diag(&d, MC_INTERRUPTED_MSG), 1);
        assert_int_equal(d.n, 1);
        assert_int_equal(table_rows(text), 0);
        assert_true(spent < whole / 2);
        free(text);
        mc_diags_free(&d);
        mc_diags_init(&d, NULL, NULL, 0);
    }
    mc_diags_free(&d);
    mc_args_free(&args);
    mc_func_free(ssa);
}

/* The prompt's `alloc` (and the workbench's): interrupted, it fails with
 * `alloc: interrupted` and the allocation it had stays. */
static void test_session_alloc(void **state) {
    (void)state;
    char path[] = "/tmp/minicc-intr-XXXXXX.c";
    int fd = mkstemps(path, 2);
    assert_true(fd >= 0);
    FILE *w = fdopen(fd, "w");
    char *src = rotation_src(300);
    fputs(src, w);
    free(src);
    fclose(w);
    McSession s;
    mc_session_init(&s);
    s.interrupt = &flag;
    flag = 0;
    assert_true(mc_session_load(&s, path, null_out()));
    assert_true(mc_session_build_alloc(&s, 4, MC_ALLOC_IMPROVED, null_out()));
    const McAllocation *before = s.alloc;
    int errors = s.errors;
    flag = 1;
    assert_false(mc_session_build_alloc(&s, 3, MC_ALLOC_LINEAR, null_out()));
    assert_false(mc_session_build_alloc(&s, 3, MC_ALLOC_IMPROVED, null_out()));
    assert_int_equal(s.errors, errors + 2);
    assert_ptr_equal(s.alloc, before);
    assert_int_equal(s.regs, 4);
    assert_int_equal(s.allocator, MC_ALLOC_IMPROVED);
    flag = 0;
    assert_true(mc_session_build_alloc(&s, 3, MC_ALLOC_IMPROVED, null_out()));
    assert_int_equal(s.regs, 3);
    mc_session_free(&s);
    remove(path);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_path),
        cmocka_unit_test(test_run_path_budget_exact),
        cmocka_unit_test(test_interp_continue),
        cmocka_unit_test(test_machine),
        cmocka_unit_test(test_opt),
        cmocka_unit_test(test_stages),
        cmocka_unit_test(test_check),
        cmocka_unit_test(test_native),
        cmocka_unit_test(test_session),
        cmocka_unit_test(test_alloc),
        cmocka_unit_test(test_session_alloc),
        cmocka_unit_test(test_sweep_vary),
        cmocka_unit_test(test_sweep_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
