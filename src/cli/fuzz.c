/* fuzz.c - `minicc gen` (print one random program) and `minicc fuzz`
 * (differential testing of every stage against the interpreter).
 *
 * fuzz: for each seed S, S+1, ... generate a program (gen.c) and arguments,
 * run the input stage as the reference, then every selected stage
 * configuration: ssa, opt, alloc at K = 1, 2, 3, 4, 8, 16 with both
 * allocators at -O1 and -O0, native at -O1 and -O0. The first configuration
 * whose outcome (return value or trap message, and final buffers) differs,
 * or that fails or crashes, is a divergence: the program is shrunk (shrink.c)
 * while that configuration keeps failing and the minimal program is printed
 * in text format with its arguments. The reference is the run path
 * (mc_run); the stepping interpreter (McInterp, which the prompt, the
 * workbench and lessons use) runs the input, its SSA form and the -O1
 * result as three more configurations, so a bug in either interpreter is a
 * divergence too. Exit 1 on a divergence, 0 otherwise,
 * 2 for a bad option (`minicc fuzz: error: ...`, the wording of common.c).
 *
 * The native stage compiles with libtcc when this build has it (`--cc tcc`,
 * the default then: about a millisecond per program, so every program is
 * compiled natively); with the system compiler (`--cc system`, or no libtcc:
 * ~40 ms per compile) it runs by default only when --count is at most 10.
 *
 * Every check runs in a forked child with an alarm, so a crash or a hang in
 * a pass is a finding (with the configuration it happened in) instead of
 * the end of the campaign. Stages that are not built into this binary are
 * noted once and skipped. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "common.h"
#include "fuzz_c.h"
#include "minicc/asm.h"
#include "minicc/cgen.h"
#include "minicc/gen.h"
#include "minicc/interp.h"
#include "minicc/limits.h"
#include "minicc/opt.h"
#include "minicc/pipeline.h"
#include "minicc/ssa.h"
#include "minicc/util.h"
#include "minicc/verify.h"

/* ---- option helpers ----------------------------------------------------------------- */

/* Mistakes read `minicc gen: error: MESSAGE` / `minicc fuzz: error: MESSAGE`
 * with the wording of the shared option parser (common.c): `--x needs a
 * value`, `--x expects a number, got 'v'`, `--x is too large: v (at most
 * N)`, `unknown option '--x'`, `unexpected argument 'w'`. Exit status 2. */

/* Is argv[*i] the option `name` (`--name VALUE` or `--name=VALUE`)? Returns 0
 * if not, 1 with *val set (advancing *i past a separate value), 2 after
 * reporting a missing value. */
static int opt_value(const McCliOpts *me, int argc, char **argv, int *i, const char *name, const char **val) {
    size_t n = strlen(name);
    if (strncmp(argv[*i], name, n) != 0) return 0;
    if (argv[*i][n] == '=') {
        *val = argv[*i] + n + 1;
        return 1;
    }
    if (argv[*i][n] != '\0') return 0;
    if (*i + 1 >= argc || strcmp(argv[*i + 1], "--") == 0) return mc_cli_error(me, "%s needs a value", name);
    *val = argv[++*i];
    return 1;
}

/* Is argv[i] the flag `name`? `--name=VALUE` is reported (*bad = true). */
static bool opt_flag(const McCliOpts *me, const char *arg, const char *name, bool *bad) {
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) return false;
    if (arg[n] == '=') {
        mc_cli_error(me, "%s takes no value", name);
        *bad = true;
        return true;
    }
    return arg[n] == '\0';
}

/* A whole-word decimal number in [lo, hi] for option `name`; 0 ok, else 2
 * after reporting. `what` is the expected kind for the message. */
static int opt_number(const McCliOpts *me, const char *name, const char *val, uint64_t lo, uint64_t hi,
                      const char *what, uint64_t *out) {
    const char *d = val[0] == '-' ? val + 1 : val;
    bool digits = *d != '\0';
    for (const char *c = d; *c; c++)
        if (*c < '0' || *c > '9') digits = false;
    if (!digits) return mc_cli_error(me, "%s expects %s, got '%s'", name, what, val);
    errno = 0;
    unsigned long long v = strtoull(d, NULL, 10);
    bool negative = val[0] == '-' && (v != 0 || errno == ERANGE);
    if (negative || v < lo) {
        if (lo == 0) return mc_cli_error(me, "%s must not be negative, got '%s'", name, val);
        if (lo == 1) return mc_cli_error(me, "%s must be positive, got '%s'", name, val);
        return mc_cli_error(me, "%s must be at least %llu, got '%s'", name, (unsigned long long)lo, val);
    }
    if (errno == ERANGE || v > hi)
        return mc_cli_error(me, "%s is too large: %s (at most %llu)", name, val, (unsigned long long)hi);
    *out = v;
    return 0;
}

static bool parse_form(const char *s, McGenForm *f) {
    if (strcmp(s, "mutable") == 0) *f = MC_GEN_MUTABLE;
    else if (strcmp(s, "ssa") == 0) *f = MC_GEN_SSA;
    else if (strcmp(s, "either") == 0) *f = MC_GEN_EITHER;
    else return false;
    return true;
}

/* Generator options shared by gen and fuzz (--seed too); returns 1 if
 * argv[*i] was one, 0 if not, 2 after reporting a mistake. */
static int gen_option(const McCliOpts *me, int argc, char **argv, int *i, McGenOptions *g, uint64_t *seed) {
    const char *v;
    uint64_t n;
    int r;
    bool bad = false;
    if ((r = opt_value(me, argc, argv, i, "--seed", &v))) {
        if (r == 2 || opt_number(me, "--seed", v, 0, UINT64_MAX, "a number", seed)) return 2;
        return 1;
    }
    if ((r = opt_value(me, argc, argv, i, "--form", &v))) {
        if (r == 2) return 2;
        if (!parse_form(v, &g->form)) return mc_cli_error(me, "unknown form '%s' (mutable, ssa or either)", v);
        return 1;
    }
    if ((r = opt_value(me, argc, argv, i, "--size", &v))) {
        if (r == 2 || opt_number(me, "--size", v, 1, 10000000, "a number", &n)) return 2;
        g->size = (int32_t)n;
        return 1;
    }
    if ((r = opt_value(me, argc, argv, i, "--loops", &v))) {
        if (r == 2 || opt_number(me, "--loops", v, 0, 15, "a number", &n)) return 2;
        g->max_loop_depth = (int)n;
        return 1;
    }
    if ((r = opt_value(me, argc, argv, i, "--vars", &v))) {
        if (r == 2 || opt_number(me, "--vars", v, 1, 64, "a number", &n)) return 2;
        g->max_vars = (int)n;
        return 1;
    }
    if ((r = opt_value(me, argc, argv, i, "--calls", &v))) {
        if (r == 2 || opt_number(me, "--calls", v, 0, 4, "a number", &n)) return 2;
        g->calls = (int)n;
        return 1;
    }
    if (opt_flag(me, argv[*i], "--no-traps", &bad)) {
        if (bad) return 2;
        g->traps = false;
        return 1;
    }
    return 0;
}

/* A word that is no option of gen or fuzz: both take no positional words. */
static int not_an_option(const McCliOpts *me, const char *arg) {
    if (arg[0] == '-' && arg[1] != '\0') return mc_cli_error(me, "unknown option '%s'", arg);
    return mc_cli_error(me, "unexpected argument '%s'", arg);
}

static void print_program(const McFunc *f, const McArgs *a, FILE *out) {
    mc_func_print(f, out);
    fprintf(out, "# args: ");
    mc_args_format(a, out);
    fprintf(out, "\n");
}

/* A generated module (--calls): its functions, the entry first. */
static void print_module(const McModule *m, const McArgs *a, FILE *out) {
    if (m->nfuncs == 1) {
        print_program(m->funcs[0], a, out);
        return;
    }
    mc_module_print(m, out);
    fprintf(out, "# args: ");
    mc_args_format(a, out);
    fprintf(out, "\n");
}

/* ---- minicc gen ----------------------------------------------------------------------- */

int mc_cli_gen(int argc, char **argv) {
    int lang = mc_cli_take_lang("gen", &argc, argv); /* --lang c: fuzz_c.c */
    if (lang < 0) return 2;
    if (lang == 1) return mc_cli_gen_c(argc, argv);
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts me = {.cmd = "gen"};
    McGenOptions go;
    mc_gen_options_default(&go);
    uint64_t seed = 1;
    bool dashdash = false;
    for (int i = 1; i < argc; i++) {
        if (!dashdash && strcmp(argv[i], "--") == 0) {
            dashdash = true;
            continue;
        }
        int r = dashdash ? 0 : gen_option(&me, argc, argv, &i, &go, &seed);
        if (r == 2) return 2;
        if (r == 0)
            return dashdash ? mc_cli_error(&me, "unexpected argument '%s'", argv[i]) : not_an_option(&me, argv[i]);
    }
    /* --calls N: a module (mc_gen_module); without it the one function, as before. */
    McModule *m = mc_gen_module(seed, &go);
    McFunc *f = m->funcs[0];
    McDiags d;
    mc_diags_init(&d, "<gen>", NULL, 0);
    for (int32_t i = 0; i < m->nfuncs; i++)
        if (!mc_verify(m->funcs[i], MC_VERIFY_INFER, &d)) {
            /* A generator bug: show the program and why. */
            mc_cli_error(&me, "seed %" PRIu64 ": the generated program does not verify (generator bug)", seed);
            mc_module_print(m, stderr);
            mc_cli_print_diags(&me, &d);
            mc_diags_free(&d);
            mc_module_free(m);
            return 2;
        }
    mc_diags_free(&d);
    McArgs a;
    mc_gen_args(f, seed, &a);
    if (go.calls > 0)
        printf("# minicc gen --seed %" PRIu64 " --calls %d (%s form)\n", seed, go.calls,
               f->form == MC_FORM_SSA ? "ssa" : "mutable");
    else
        printf("# minicc gen --seed %" PRIu64 " (%s form)\n", seed, f->form == MC_FORM_SSA ? "ssa" : "mutable");
    print_module(m, &a, stdout);
    mc_args_free(&a);
    mc_module_free(m);
    return 0;
}

/* ---- configurations and the check ------------------------------------------------- */

typedef struct Config {
    McStageOptions so;
    int mutant;    /* a planted bug (--mutant): 0 none, MUT_SEQPHI, MUT_CRASH */
    bool stepping; /* the stepping interpreter on stage so.stage's function (input, ssa or opt) */
    bool traced;   /* stage alloc with the allocation trace: the trace's replayed assignment
                      must be the machine's (a mismatch is a stage failure) */
    bool maxlive;  /* the ssa allocator with K = MaxLive of the SSA function: it must spill
                      nothing (a spill is a stage failure), then the machine runs */
    char name[48]; /* `alloc K=3 baseline -O0` */
} Config;

enum { R_AGREE = 0, R_SKIP, R_DIVERGE, R_ERROR, R_CRASH };

/* What a check found; lives in shared memory when the check runs in a child. */
typedef struct Result {
    int status;  /* R_* */
    int cfg;     /* configuration being run (crash) or failing */
    int sig;     /* R_CRASH: signal, 0 for a time-out seen by the parent */
    McOutcome ref, got;
    char msg[256];
} Result;

typedef struct Fuzz {
    Config *cfg;
    int ncfg;
    int64_t ref_steps;  /* reference step budget; stages get 4x (edge blocks add entries) */
    unsigned timeout;   /* seconds per check in the child */
    bool fork;
    Result *shared;     /* MAP_SHARED result slot */
    int only;           /* shrinking: run only this configuration (-1 = all) */
    int want_status, want_cfg; /* shrinking: the failure to keep */
    int64_t checks;     /* stage runs */
} Fuzz;

enum {
    MUT_NONE = 0,
    MUT_SEQPHI = 1,
    MUT_CRASH = 2,
    MUT_NAIVE = 3,
    MUT_SEQCOPY = 4,
    MUT_PARAM_EDGE = 5,
    MUT_NO_CALLER_SAVES = 6,
    MUT_NO_CALLEE_SAVES = 7,
    MUT_ASM = 8 /* MUT_ASM + b: stage asm x86-64 with the planted bug b (McAsmBug, asm.h) */
};

/* The planted allocator bugs are allocator switches (regalloc.h): the
 * mutant configuration is stage alloc run with them. */
static const McAllocOptions mut_naive = {.destroy = MC_DESTROY_NAIVE};
static const McAllocOptions mut_seqcopy = {.destroy = MC_DESTROY_SEQUENTIAL};
static const McAllocOptions mut_param_edge = {.no_param_edges = true};
/* asm-two-address: the emitter meets the two-address constraint (two-address=emitter), where the bug is
 * planted; by default x86-64's allocator keeps x out of b's register and the bug never shows */
static const McAllocOptions mut_two_address = {.two_address = MC_TWOADDR_EMITTER};
/* The convention's planted bugs are the allocator switch saves= (regalloc.h). */
static const McAllocOptions mut_no_caller = {.saves = MC_SAVES_NO_CALLER};
/* not a mutant: calls=interfere, run on every program with calls */
static const McAllocOptions calls_interfere = {.calls = MC_CALLS_INTERFERE};
static const McAllocOptions mut_no_callee = {.saves = MC_SAVES_NO_CALLEE};

static const struct {
    const char *name;
    int kind;
    const char *what; /* the configuration's name */
} mutants[] = {
    {"seqphi", MUT_SEQPHI, "input with sequential phis (--mutant)"},
    {"crash", MUT_CRASH, "a stage that aborts (--mutant)"},
    {"destroy-naive", MUT_NAIVE, "alloc K=4 destroy=naive (--mutant)"},
    {"destroy-sequential", MUT_SEQCOPY, "alloc K=4 destroy=sequential (--mutant)"},
    {"param-edge", MUT_PARAM_EDGE, "alloc K=4 param-edges=off (--mutant)"},
    {"no-caller-saves", MUT_NO_CALLER_SAVES, "alloc K=4 no caller saves (--mutant)"},
    {"no-callee-saves", MUT_NO_CALLEE_SAVES, "alloc K=4 no callee saves (--mutant)"},
    {"asm-two-address", MUT_ASM + MC_ASM_BUG_TWO_ADDRESS, "asm x86-64 two-address (--mutant)"},
    {"asm-no-cdq", MUT_ASM + MC_ASM_BUG_NO_CDQ, "asm x86-64 no-cdq (--mutant)"},
    {"asm-shift-count", MUT_ASM + MC_ASM_BUG_SHIFT_COUNT, "asm x86-64 shift-count (--mutant)"},
    {"asm-no-caller-saves", MUT_ASM + MC_ASM_BUG_NO_CALLER_SAVES, "asm x86-64 no-caller-saves (--mutant)"},
    {"asm-no-callee-saves", MUT_ASM + MC_ASM_BUG_NO_CALLEE_SAVES, "asm x86-64 no-callee-saves (--mutant)"},
};

/* Planted bugs, so the fuzzer and the reducer can be shown (and tested) to
 * find and minimize a failure:
 *   seqphi  the classic mistake the chapter warns about, phis assigned one
 *           by one (the reducer finds the swap loop);
 *   crash   a stage that aborts on any function with a store, whatever the
 *           result (exercises the child-process boundary);
 *   destroy-naive, destroy-sequential, param-edge  stage alloc with a phi
 *           destruction bug mode (the lost-copy and the swap problem) or
 *           without the interference edges between parameters bound together
 *           on entry (mutant_options; these run as ordinary stage configurations);
 *   no-caller-saves, no-callee-saves  stage alloc with calls leaving out the
 *           convention's caller saves (values live across a call stay unsaved
 *           in caller-saved registers) or the prologue's callee saves: the
 *           machine enforces the convention, so the run traps (--calls). */
static bool run_mutant(int kind, const McFunc *f, const McStageOptions *so, McArgs *args, McOutcome *out) {
    if (kind == MUT_CRASH)
        for (int32_t b = 0; b < f->nblocks; b++)
            for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
                if (f->blocks[b].insts[i].op == MC_OP_STORE) abort();
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = so->max_steps;
    io.phi_mode = kind == MUT_SEQPHI ? MC_PHI_SEQUENTIAL : MC_PHI_PARALLEL;
    McInterp *in = mc_interp_new(f, args, &io);
    mc_interp_continue(in, NULL);
    mc_interp_finished(in, out);
    McArgs fin;
    mc_args_copy(&fin, mc_interp_args(in));
    mc_args_free(args);
    *args = fin;
    mc_interp_free(in);
    return true;
}

/* Stage alloc through the trace: allocate with a trace, replay it
 * (mc_alloc_trace_matches) and run the machine on that allocation. A trace
 * whose assignment is not the machine's is a stage failure. */
static bool run_traced(const McFunc *f, const McStageOptions *so, McArgs *args, McOutcome *out, McDiags *d) {
    McFunc *ssa = mc_pipeline_prepare(f, so->opt_level, d);
    if (!ssa) return false;
    McAllocTrace tr;
    mc_alloc_trace_init(&tr);
    McAllocOptions o;
    mc_alloc_options_default(&o);
    o.trace = &tr;
    McAllocation *a = mc_allocate(ssa, so->allocator, so->regs, &o, d);
    bool ok = a != NULL;
    char msg[256];
    if (ok && !mc_alloc_trace_matches(&tr, a, msg, sizeof msg)) {
        mc_diag(d, (McLoc){0, 0}, "allocation trace: %s", msg);
        ok = false;
    }
    /* calls: the program (the entry allocated again, alike, with its callees) */
    if (ok && mc_func_find_call(ssa, NULL, NULL)) ok = mc_alloc_program_execute(NULL, ssa, so, args, out, NULL, d);
    else if (ok) *out = mc_machine_run(a, args, so->max_steps, NULL);
    mc_func_free(ssa);
    mc_allocation_free(a);
    mc_alloc_trace_free(&tr);
    return ok;
}

/* The ssa allocator's property: with K >= MaxLive of the (strict) SSA
 * function it spills no value. K is this program's MaxLive (at least 1). */
static bool run_maxlive(const McFunc *f, const McStageOptions *so, McArgs *args, McOutcome *out, McDiags *d) {
    McFunc *ssa = mc_pipeline_prepare(f, so->opt_level, d);
    if (!ssa) return false;
    int32_t k = mc_max_live(ssa);
    if (k < 1) k = 1;
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_SSA, k, NULL, d);
    bool ok = a != NULL;
    if (ok && a->nspilled) {
        mc_diag(d, (McLoc){0, 0}, "the ssa allocator spilled %d value%s at K = MaxLive = %d", a->nspilled,
                a->nspilled == 1 ? "" : "s", k);
        ok = false;
    }
    if (ok && mc_func_find_call(ssa, NULL, NULL)) { /* calls: the program, every function at K */
        McStageOptions po = *so;
        po.allocator = MC_ALLOC_SSA;
        po.regs = k;
        ok = mc_alloc_program_execute(NULL, ssa, &po, args, out, NULL, d);
    } else if (ok) {
        *out = mc_machine_run(a, args, so->max_steps, NULL);
    }
    mc_func_free(ssa);
    mc_allocation_free(a);
    return ok;
}

/* The stepping interpreter on the function stage so->stage interprets: the
 * input as loaded, its pruned SSA form, or that after -O1. */
static bool run_stepping(const McFunc *f, const McStageOptions *so, McArgs *args, McOutcome *out, McDiags *d) {
    McFunc *g = NULL;
    if (so->stage != MC_STAGE_INPUT) {
        if (!(g = mc_pipeline_prepare(f, so->stage == MC_STAGE_OPT, d))) return false;
    }
    run_mutant(MUT_NONE, g ? g : f, so, args, out);
    mc_func_free(g);
    return true;
}

static void check_inproc(const Fuzz *z, const McFunc *f, const McArgs *args, Result *r) {
    memset(r, 0, sizeof *r);
    r->cfg = -1;
    McArgs ra;
    mc_args_copy(&ra, args);
    McStageOptions so;
    mc_stage_options_default(&so);
    so.stage = MC_STAGE_INPUT;
    so.max_steps = z->ref_steps;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_stage_execute(f, &so, &ra, &r->ref, NULL, &d)) {
        r->status = R_ERROR;
        mc_diag_line(&d, 0, r->msg, sizeof r->msg);
        goto done;
    }
    if (r->ref.kind == MC_TRAPPED && strcmp(r->ref.trap, "execution step limit exceeded") == 0) {
        r->status = R_SKIP;
        goto done;
    }
    for (int c = 0; c < z->ncfg; c++) {
        if (z->only >= 0 && c != z->only) continue;
        r->cfg = c;
        McArgs ca;
        mc_args_copy(&ca, args);
        McDiags cd;
        mc_diags_init(&cd, NULL, NULL, 0);
        McStageOptions co = z->cfg[c].so;
        if (co.stage != MC_STAGE_NATIVE) co.max_steps = z->ref_steps * 4;
        bool ok = z->cfg[c].mutant     ? run_mutant(z->cfg[c].mutant, f, &co, &ca, &r->got)
                  : z->cfg[c].stepping ? run_stepping(f, &co, &ca, &r->got, &cd)
                  : z->cfg[c].traced   ? run_traced(f, &co, &ca, &r->got, &cd)
                  : z->cfg[c].maxlive  ? run_maxlive(f, &co, &ca, &r->got, &cd)
                                       : mc_stage_execute(f, &co, &ca, &r->got, NULL, &cd);
        bool same = ok && mc_outcome_same(&r->ref, &ra, &r->got, &ca);
        if (!ok) mc_diag_line(&cd, 0, r->msg, sizeof r->msg);
        mc_diags_free(&cd);
        mc_args_free(&ca);
        if (!ok) {
            r->status = R_ERROR;
            goto done;
        }
        if (!same) {
            r->status = R_DIVERGE;
            goto done;
        }
    }
    r->cfg = -1;
    r->status = R_AGREE;
done:
    mc_diags_free(&d);
    mc_args_free(&ra);
}

static void check(Fuzz *z, const McFunc *f, const McArgs *args, Result *out) {
    z->checks += z->only >= 0 ? 1 : z->ncfg;
    if (!z->fork) {
        check_inproc(z, f, args, out);
        return;
    }
    fflush(stdout);
    fflush(stderr);
    memset(z->shared, 0, sizeof *z->shared);
    z->shared->cfg = -1;
    pid_t pid = fork();
    if (pid < 0) {
        check_inproc(z, f, args, out);
        return;
    }
    if (pid == 0) {
        alarm(z->timeout);
        check_inproc(z, f, args, z->shared);
        _exit(0);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    *out = *z->shared;
    if (WIFSIGNALED(st)) {
        out->status = R_CRASH;
        out->sig = WTERMSIG(st);
        if (out->sig == SIGALRM)
            snprintf(out->msg, sizeof out->msg, "no result within %u s (hang?)", z->timeout);
        else
            snprintf(out->msg, sizeof out->msg, "crashed with signal %d (%s)", out->sig, strsignal(out->sig));
    } else if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        out->status = R_CRASH;
        snprintf(out->msg, sizeof out->msg, "exited with status %d", WIFEXITED(st) ? WEXITSTATUS(st) : -1);
    }
}

static bool still_failing(void *ctx, const McFunc *cand, const McArgs *args) {
    Fuzz *z = ctx;
    Result r;
    check(z, cand, args, &r);
    return r.status == z->want_status && r.cfg == z->want_cfg;
}

/* ---- the stage list ------------------------------------------------------------------ */

static void add_cfg(Config **v, int *n, McStage stage, int opt, int regs, McAllocator al) {
    *v = mc_xrealloc(*v, (size_t)(*n + 1) * sizeof **v);
    Config *c = &(*v)[(*n)++];
    mc_stage_options_default(&c->so);
    c->so.stage = stage;
    c->so.opt_level = opt;
    c->so.regs = regs;
    c->so.allocator = al;
    c->so.timeout = 2.0;
    c->mutant = MUT_NONE;
    c->stepping = false;
    c->traced = false;
    c->maxlive = false;
    if (stage == MC_STAGE_ALLOC)
        snprintf(c->name, sizeof c->name, "alloc K=%d %s -O%d", regs, mc_allocator_name(al),
                 opt);
    else if (stage == MC_STAGE_NATIVE)
        snprintf(c->name, sizeof c->name, "native -O%d", opt);
    else
        snprintf(c->name, sizeof c->name, "%s", mc_stage_name(stage));
}

/* The stepping interpreter on stage's function (input, ssa or opt). */
static void add_stepping(Config **v, int *n, McStage stage) {
    add_cfg(v, n, stage, 1, 4, MC_ALLOC_IMPROVED);
    Config *c = &(*v)[*n - 1];
    c->stepping = true;
    snprintf(c->name, sizeof c->name, "%s (stepping interpreter)", mc_stage_name(stage));
}

/* Is the stage built into this binary? (Runs it on `func f() { e: return 0 }`,
 * native with the compiler cc.) */
static bool stage_available(McStage s, McNativeCompiler cc) {
    McFunc *f = mc_func_new("f", NULL);
    int32_t b = mc_func_block_add(f, "entry");
    f->blocks[b].term.op = MC_OP_RET;
    f->blocks[b].term.arg = mc_const(0);
    f->blocks[b].has_term = true;
    bool ok = mc_verify(f, MC_VERIFY_INFER, NULL);
    McStageOptions so;
    mc_stage_options_default(&so);
    so.stage = s;
    so.native_cc = cc;
    McArgs a = {NULL, 0};
    McOutcome out;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (ok) ok = mc_stage_execute(f, &so, &a, &out, NULL, &d);
    char line[256] = "";
    if (!ok && d.n) mc_diag_line(&d, 0, line, sizeof line);
    mc_diags_free(&d);
    mc_func_free(f);
    /* Only "not available" removes a stage; any other failure is a finding later. */
    return ok || strstr(line, "not available") == NULL;
}

/* --stages a,b,c: every name a pipeline stage, at least one besides input
 * (the reference every configuration is compared with). 0 ok, 2 reported. */
static int parse_stages(const McCliOpts *me, const char *s, bool want[MC_STAGE_COUNT]) {
    memset(want, 0, MC_STAGE_COUNT * sizeof *want);
    bool any = false;
    for (const char *p = s;;) {
        const char *comma = strchr(p, ',');
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if (len == 0) return mc_cli_error(me, "--stages expects stage names separated by commas, got '%s'", s);
        char name[32];
        int k = -1;
        if (len < sizeof name) {
            memcpy(name, p, len);
            name[len] = 0;
            k = mc_stage_lookup(name);
        }
        if (k < 0) {
            char list[128];
            return mc_cli_error(me, "unknown stage '%.*s' (stages: %s)", (int)len, p,
                                mc_stage_name_list(MC_NAME_RUN, ", ", list, sizeof list));
        }
        want[k] = true;
        any |= k != MC_STAGE_INPUT;
        if (!comma) break;
        p = comma + 1;
    }
    if (!any)
        return mc_cli_error(me, "--stages '%s' leaves nothing to compare with input (add ssa, opt, alloc, native or asm)",
                            s);
    return 0;
}

/* ---- minicc fuzz ------------------------------------------------------------------------ */

static void describe(const Fuzz *z, const McFunc *f, const McArgs *args, const Result *r, FILE *out) {
    char a[192], b[192];
    const char *cname = r->cfg >= 0 ? z->cfg[r->cfg].name : "input";
    switch (r->status) {
    case R_DIVERGE:
        fprintf(out, "  input: %s\n  %s: %s\n", mc_outcome_str(&r->ref, a, sizeof a), cname,
                mc_outcome_str(&r->got, b, sizeof b));
        /* buffers as each side left them */
        {
            McArgs ra, ca;
            mc_args_copy(&ra, args);
            mc_args_copy(&ca, args);
            McStageOptions so;
            mc_stage_options_default(&so);
            so.max_steps = z->ref_steps;
            McOutcome o1, o2;
            McDiags d;
            mc_diags_init(&d, NULL, NULL, 0);
            if (mc_stage_execute(f, &so, &ra, &o1, NULL, &d) && r->cfg >= 0) {
                McStageOptions co = z->cfg[r->cfg].so;
                if (co.stage != MC_STAGE_NATIVE) co.max_steps = z->ref_steps * 4;
                bool ran = z->cfg[r->cfg].mutant ? run_mutant(z->cfg[r->cfg].mutant, f, &co, &ca, &o2)
                                                 : mc_stage_execute(f, &co, &ca, &o2, NULL, &d);
                if (ran) {
                    for (int32_t p = 0; p < f->nparams; p++) {
                        if (f->values[f->params[p]].kind != MC_VAL_BUF) continue;
                        bool same = ra.v[p].len == ca.v[p].len &&
                                    (ra.v[p].len == 0 ||
                                     memcmp(ra.v[p].data, ca.v[p].data, (size_t)ra.v[p].len * sizeof(int32_t)) == 0);
                        if (same) continue;
                        fprintf(out, "  buffer %s differs:\n    input:", f->values[f->params[p]].name);
                        for (int32_t e = 0; e < ra.v[p].len; e++) fprintf(out, " %d", ra.v[p].data[e]);
                        fprintf(out, "\n    %s:", cname);
                        for (int32_t e = 0; e < ca.v[p].len; e++) fprintf(out, " %d", ca.v[p].data[e]);
                        fprintf(out, "\n");
                    }
                }
            }
            mc_diags_free(&d);
            mc_args_free(&ra);
            mc_args_free(&ca);
        }
        break;
    case R_ERROR: fprintf(out, "  %s failed: %s\n", cname, r->msg); break;
    case R_CRASH: fprintf(out, "  %s %s\n", cname, r->msg); break;
    default: break;
    }
}

/* What `minicc fuzz` was asked for on its command line. */
typedef struct FuzzOpts {
    McGenOptions go;
    uint64_t seed, count;
    bool want[MC_STAGE_COUNT], stages_given, quiet, shrink;
    int mutant;
    long max_shrink;
    McNativeCompiler cc; /* the native stage's compiler (--cc; tcc when built in) */
    bool cc_given;
} FuzzOpts;

/* Reads the fuzz options into *o and the check settings (--timeout, --no-fork) into *z; 0 ok, 2 reported. */
static int fuzz_parse_options(const McCliOpts *me, int argc, char **argv, FuzzOpts *o, Fuzz *z) {
    for (int i = 1; i < argc; i++) {
        const char *v;
        uint64_t n;
        bool bad = false;
        int r;
        if (strcmp(argv[i], "--") == 0) {
            if (i + 1 < argc) return mc_cli_error(me, "unexpected argument '%s'", argv[i + 1]);
            continue;
        }
        if ((r = gen_option(me, argc, argv, &i, &o->go, &o->seed))) {
            if (r == 2) return 2;
        } else if ((r = opt_value(me, argc, argv, &i, "--count", &v))) {
            if (r == 2 || opt_number(me, "--count", v, 1, UINT64_MAX, "a number", &o->count)) return 2;
        } else if ((r = opt_value(me, argc, argv, &i, "--stages", &v))) {
            if (r == 2 || parse_stages(me, v, o->want)) return 2;
            o->stages_given = true;
        } else if ((r = opt_value(me, argc, argv, &i, "--max-shrink", &v))) {
            if (r == 2 || opt_number(me, "--max-shrink", v, 0, 100000000, "a number", &n)) return 2;
            o->max_shrink = (long)n;
        } else if ((r = opt_value(me, argc, argv, &i, "--timeout", &v))) {
            if (r == 2 || opt_number(me, "--timeout", v, 1, MC_MAX_TIMEOUT, "a number (whole seconds)", &n)) return 2;
            z->timeout = (unsigned)n;
        } else if ((r = opt_value(me, argc, argv, &i, "--cc", &v))) {
            if (r == 2) return 2;
            int c = mc_native_compiler_lookup(v);
            if (c < 0) return mc_cli_error(me, "unknown compiler '%s' (--cc system or tcc)", v);
            if (c == MC_NATIVE_TCC && !mc_native_tcc_available())
                return mc_cli_error(me, "--cc tcc: %s", MC_NATIVE_NO_TCC_MSG);
            o->cc = (McNativeCompiler)c;
            o->cc_given = true;
        } else if ((r = opt_value(me, argc, argv, &i, "--mutant", &v))) {
            if (r == 2) return 2;
            o->mutant = MUT_NONE;
            for (size_t m = 0; m < sizeof mutants / sizeof mutants[0]; m++)
                if (strcmp(v, mutants[m].name) == 0) o->mutant = mutants[m].kind;
            if (o->mutant == MUT_NONE)
                return mc_cli_error(me,
                                    "unknown mutant '%s' (seqphi, crash, destroy-naive, destroy-sequential, "
                                    "param-edge, no-caller-saves, no-callee-saves, asm-two-address, asm-no-cdq, "
                                    "asm-shift-count, asm-no-caller-saves or asm-no-callee-saves)",
                                    v);
        } else if (opt_flag(me, argv[i], "--no-fork", &bad)) {
            if (bad) return 2;
            z->fork = false;
        } else if (opt_flag(me, argv[i], "--no-shrink", &bad)) {
            if (bad) return 2;
            o->shrink = false;
        } else if (opt_flag(me, argv[i], "--quiet", &bad) || opt_flag(me, argv[i], "-q", &bad)) {
            if (bad) return 2;
            o->quiet = true;
        } else {
            return not_an_option(me, argv[i]);
        }
    }
    return 0;
}

/* Checks the option combination and fills in the default stage list; 0 ok, 2 reported. */
static int fuzz_check_options(const McCliOpts *me, FuzzOpts *o, const Fuzz *z) {
    if (o->mutant == MUT_CRASH && !z->fork)
        return mc_cli_error(me, "--mutant crash needs child processes (not --no-fork)");
    if (o->count - 1 > UINT64_MAX - o->seed)
        return mc_cli_error(me, "--count %" PRIu64 " from --seed %" PRIu64 " runs past the largest seed %" PRIu64,
                            o->count, o->seed, UINT64_MAX);
    if (!o->stages_given) { /* every stage, with calls (--calls) or without */
        for (int s = 0; s < MC_STAGE_COUNT; s++) o->want[s] = true;
        /* The system compiler is slow (a compiler run per program); libtcc is not. */
        o->want[MC_STAGE_NATIVE] = o->cc == MC_NATIVE_TCC || o->count <= 10;
        /* asm: an assembler, a linker and a process per run (about 6 ms, 30 ms a program for its five
           configurations): by default only for short runs; --stages ...,asm for any count */
        o->want[MC_STAGE_ASM] = o->count <= 100;
    }
    return 0;
}

/* The configurations to compare with the reference, in the order they are checked (*n of them). */
static Config *fuzz_configs(const McCliOpts *me, const FuzzOpts *o, int *n) {
    static const int regs[] = {1, 2, 3, 4, 8, 16};
    Config *cfg = NULL;
    int ncfg = 0;
    if (o->mutant == MUT_SEQPHI || o->mutant == MUT_CRASH) {
        add_cfg(&cfg, &ncfg, MC_STAGE_INPUT, 1, 4, MC_ALLOC_IMPROVED);
        cfg[0].mutant = o->mutant;
    } else if (o->mutant >= MUT_ASM) { /* x86-64's planted bugs (asm.h): stage asm run with one */
        add_cfg(&cfg, &ncfg, MC_STAGE_ASM, 1, 4, MC_ALLOC_IMPROVED);
        cfg[0].so.target = MC_TARGET_X64;
        cfg[0].so.asm_bug = (McAsmBug)(o->mutant - MUT_ASM);
        if (cfg[0].so.asm_bug == MC_ASM_BUG_TWO_ADDRESS) cfg[0].so.alloc_opts = &mut_two_address;
    } else if (o->mutant) {
        add_cfg(&cfg, &ncfg, MC_STAGE_ALLOC, 1, 4, MC_ALLOC_IMPROVED);
        cfg[0].so.alloc_opts = o->mutant == MUT_NAIVE             ? &mut_naive
                               : o->mutant == MUT_SEQCOPY         ? &mut_seqcopy
                               : o->mutant == MUT_NO_CALLER_SAVES ? &mut_no_caller
                               : o->mutant == MUT_NO_CALLEE_SAVES ? &mut_no_callee
                                                                  : &mut_param_edge;
    }
    for (size_t m = 0; m < sizeof mutants / sizeof mutants[0] && o->mutant; m++)
        if (mutants[m].kind == o->mutant) snprintf(cfg[0].name, sizeof cfg[0].name, "%s", mutants[m].what);
    /* The stepping interpreter on the input first (a bug in an interpreter
     * is found there), on ssa and opt after their run-path configuration. */
    if (o->want[MC_STAGE_INPUT]) add_stepping(&cfg, &ncfg, MC_STAGE_INPUT);
    for (int s = MC_STAGE_SSA; s < MC_STAGE_COUNT; s++) {
        if (!o->want[s]) continue;
        if (!stage_available((McStage)s, o->cc)) {
            if (o->stages_given)
                fprintf(stderr, "minicc fuzz: note: stage %s is not built in; skipped\n", mc_stage_name((McStage)s));
            continue;
        }
        if (s == MC_STAGE_ALLOC) {
            /* with calls (--calls) under each calling convention; without,
             * the convention changes nothing: split, the default, only */
            int nconv = o->go.calls > 0 ? MC_CONV_COUNT : 1;
            for (int cv = 0; cv < nconv; cv++)
                for (int opt = 1; opt >= 0; opt--)
                    for (int al = 0; al < MC_ALLOC_COUNT; al++) /* all four allocators */
                        for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++) {
                            add_cfg(&cfg, &ncfg, MC_STAGE_ALLOC, opt, regs[k], (McAllocator)al);
                            cfg[ncfg - 1].so.convention = (McConvention)cv;
                            if (nconv > 1)
                                snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "alloc K=%d %s -O%d %s",
                                         regs[k], mc_allocator_name((McAllocator)al), opt,
                                         mc_convention_name((McConvention)cv));
                        }
            /* with calls: calls=interfere too (values live across a call kept out of
             * the caller-saved registers, arguments and results precoloured), -O1 */
            for (int cv = 0; o->go.calls > 0 && cv < MC_CONV_COUNT; cv++)
                for (int al = 0; al < MC_ALLOC_COUNT; al++)
                    for (int k = 1; k <= 8; k *= 2) {
                        add_cfg(&cfg, &ncfg, MC_STAGE_ALLOC, 1, k, (McAllocator)al);
                        cfg[ncfg - 1].so.convention = (McConvention)cv;
                        cfg[ncfg - 1].so.alloc_opts = &calls_interfere;
                        snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "alloc K=%d %s %s interfere",
                                 k, mc_allocator_name((McAllocator)al), mc_convention_name((McConvention)cv));
                    }
            /* the trace's final assignment is the machine's, on every program */
            for (int al = 0; al < 2; al++)
                for (int k = 2; k <= 4; k += 2) {
                    add_cfg(&cfg, &ncfg, MC_STAGE_ALLOC, 1, k, (McAllocator)al);
                    cfg[ncfg - 1].traced = true;
                    snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "alloc K=%d %s -O1 (traced)", k,
                             mc_allocator_name((McAllocator)al));
                }
            /* the ssa allocator spills nothing with K = MaxLive, on every program */
            for (int opt = 1; opt >= 0; opt--) {
                add_cfg(&cfg, &ncfg, MC_STAGE_ALLOC, opt, 1, MC_ALLOC_SSA);
                cfg[ncfg - 1].maxlive = true;
                snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "alloc K=MaxLive ssa -O%d (no spill)", opt);
            }
        } else if (s == MC_STAGE_ASM) {
            /* x86-64: every allocator at -O1, improved at -O0 (an assembler, a linker and a process each) */
            for (int al = 0; al < MC_ALLOC_COUNT; al++) {
                add_cfg(&cfg, &ncfg, MC_STAGE_ASM, 1, 4, (McAllocator)al);
                snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "asm x86-64 %s -O1",
                         mc_allocator_name((McAllocator)al));
            }
            add_cfg(&cfg, &ncfg, MC_STAGE_ASM, 0, 4, MC_ALLOC_IMPROVED);
            snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "asm x86-64 improved -O0");
            /* rv64 under qemu-riscv64 (about 25 ms a run, four times x86-64's): improved at -O1 by
               default (short runs), every allocator at -O1 and improved at -O0 when --stages names
               asm; without its tools, one note and the campaign goes on */
            char why[256];
            if (!mc_target_tools(MC_TARGET_RV64, why, sizeof why)) {
                fprintf(stderr, "minicc fuzz: note: asm rv64 not run: %s\n", why);
                continue;
            }
            for (int al = 0; al < MC_ALLOC_COUNT; al++) {
                if (!o->stages_given && al != MC_ALLOC_IMPROVED) continue;
                add_cfg(&cfg, &ncfg, MC_STAGE_ASM, 1, 4, (McAllocator)al);
                cfg[ncfg - 1].so.target = MC_TARGET_RV64;
                snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "asm rv64 %s -O1",
                         mc_allocator_name((McAllocator)al));
            }
            if (o->stages_given) {
                add_cfg(&cfg, &ncfg, MC_STAGE_ASM, 0, 4, MC_ALLOC_IMPROVED);
                cfg[ncfg - 1].so.target = MC_TARGET_RV64;
                snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "asm rv64 improved -O0");
            }
        } else if (s == MC_STAGE_NATIVE) {
            for (int opt = 1; opt >= 0; opt--) {
                add_cfg(&cfg, &ncfg, MC_STAGE_NATIVE, opt, 4, MC_ALLOC_IMPROVED);
                cfg[ncfg - 1].so.native_cc = o->cc;
                if (o->cc == MC_NATIVE_TCC) snprintf(cfg[ncfg - 1].name, sizeof cfg[ncfg - 1].name, "native tcc -O%d", opt);
            }
        } else {
            add_cfg(&cfg, &ncfg, (McStage)s, 1, 4, MC_ALLOC_IMPROVED);
            if (s == MC_STAGE_SSA || s == MC_STAGE_OPT) add_stepping(&cfg, &ncfg, (McStage)s);
        }
    }
    for (int i = 0; i < ncfg; i++)
        if (cfg[i].so.stage == MC_STAGE_NATIVE) {
            mc_cli_cache_warning(me);
            break;
        }
    *n = ncfg;
    return cfg;
}

/* Prints a generated program that does not verify (a generator or verifier bug) with the verifier's findings. */
static void report_unverified(McFunc *f, uint64_t s) {
    McDiags d;
    mc_diags_init(&d, "<gen>", NULL, 0);
    mc_verify(f, MC_VERIFY_INFER, &d);
    printf("fuzz: seed %" PRIu64 ": the generated program does not verify (generator or verifier bug)\n", s);
    mc_diags_print(&d, stdout, false);
    mc_func_print(f, stdout);
    mc_diags_free(&d);
}

/* Reports the failure r of program k (seed s): how to reproduce it, the program shrunk unless --no-shrink. */
static void report_failure(Fuzz *z, const FuzzOpts *o, const McFunc *f, McArgs *args, Result *r, uint64_t s,
                           uint64_t k) {
    const char *cname = r->cfg >= 0 ? z->cfg[r->cfg].name : "input";
    printf("fuzz: seed %" PRIu64 " (program %" PRIu64 " of %" PRIu64 "): %s at %s\n", s, k + 1, o->count,
           r->status == R_DIVERGE ? "diverge" : r->status == R_ERROR ? "stage failed" : "crash", cname);
    printf("  reproduce: minicc gen --seed %" PRIu64 " --size %ld --form %s%s > prog.ir\n", s, (long)o->go.size,
           o->go.form == MC_GEN_SSA ? "ssa" : o->go.form == MC_GEN_MUTABLE ? "mutable" : "either",
           o->go.traps ? "" : " --no-traps");
    McFunc *small = NULL;
    McShrinkStats st = {0, 0, 0};
    int32_t before = 0, after = 0;
    for (int32_t b = 0; b < f->nblocks; b++) before += f->blocks[b].ninsts + f->blocks[b].nphis + 1;
    if (o->shrink) {
        z->only = r->cfg;
        z->want_status = r->status;
        z->want_cfg = r->cfg;
        small = mc_shrink(f, args, still_failing, z, o->max_shrink, &st);
        z->only = -1;
        for (int32_t b = 0; b < small->nblocks; b++) after += small->blocks[b].ninsts + small->blocks[b].nphis + 1;
        check(z, small, args, r); /* the minimal program's own outcome */
    }
    const McFunc *show = small ? small : f;
    describe(z, show, args, r, stdout);
    if (small)
        printf("minimal program (%d -> %d lines, %" PRId64 " candidates, %" PRId64 " invalid):\n", before, after,
               st.tried, st.invalid);
    else
        printf("program:\n");
    print_program(show, args, stdout);
    printf("first divergent stage: %s\n", r->cfg >= 0 ? z->cfg[r->cfg].name : cname);
    mc_func_free(small);
}

/* Program counts for the summary line. */
typedef struct FuzzTally {
    uint64_t skipped, traps, ssa_form;
} FuzzTally;

/* Generates and checks programs seed, seed+1, ... until count are done or one fails (reported); 1 then, else 0. */
static int fuzz_campaign(Fuzz *z, const FuzzOpts *o, FuzzTally *t) {
    for (uint64_t k = 0; k < o->count; k++) {
        uint64_t s = o->seed + k;
        McModule *m = mc_gen_module(s, &o->go); /* --calls: the entry and its helpers */
        McFunc *f = m->funcs[0];
        for (int32_t i = 0; i < m->nfuncs; i++)
            if (!mc_verify(m->funcs[i], MC_VERIFY_INFER, NULL)) {
                report_unverified(m->funcs[i], s);
                mc_module_free(m);
                return 1;
            }
        t->ssa_form += f->form == MC_FORM_SSA;
        McArgs args;
        mc_gen_args(f, s, &args);
        Result r;
        z->only = -1;
        check(z, f, &args, &r);
        if (r.status == R_SKIP) t->skipped++;
        if (r.status == R_AGREE && r.ref.kind == MC_TRAPPED) t->traps++;
        if (r.status == R_AGREE || r.status == R_SKIP) {
            mc_args_free(&args);
            mc_module_free(m);
            continue;
        }
        if (m->nfuncs > 1) { /* the reducer takes one function: the module as generated */
            const char *cname = r.cfg >= 0 ? z->cfg[r.cfg].name : "input";
            printf("fuzz: seed %" PRIu64 " (program %" PRIu64 " of %" PRIu64 "): %s at %s\n", s, k + 1, o->count,
                   r.status == R_DIVERGE ? "diverge" : r.status == R_ERROR ? "stage failed" : "crash", cname);
            printf("  reproduce: minicc gen --seed %" PRIu64 " --size %ld --calls %d > prog.ir\n", s,
                   (long)o->go.size, o->go.calls);
            describe(z, f, &args, &r, stdout);
            printf("program:\n");
            print_module(m, &args, stdout);
        } else {
            report_failure(z, o, f, &args, &r, s, k);
        }
        mc_args_free(&args);
        mc_module_free(m);
        return 1;
    }
    return 0;
}

int mc_cli_fuzz(int argc, char **argv) {
    int lang = mc_cli_take_lang("fuzz", &argc, argv); /* --lang c: fuzz_c.c */
    if (lang < 0) return 2;
    if (lang == 1) return mc_cli_fuzz_c(argc, argv);
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts me = {.cmd = "fuzz"};
    FuzzOpts o;
    memset(&o, 0, sizeof o);
    mc_gen_options_default(&o.go);
    o.go.size = 30;
    o.seed = 1;
    o.count = 100;
    o.shrink = true;
    o.mutant = MUT_NONE;
    o.max_shrink = 4000;
    Fuzz z;
    memset(&z, 0, sizeof z);
    z.fork = true;
    z.timeout = 20;
    z.only = -1;
    o.cc = mc_native_tcc_available() ? MC_NATIVE_TCC : MC_NATIVE_SYSTEM;
    if (fuzz_parse_options(&me, argc, argv, &o, &z) || fuzz_check_options(&me, &o, &z)) return 2;
    me.stage.native_cc = o.cc; /* no cache warning for libtcc */

    int ncfg = 0;
    Config *cfg = fuzz_configs(&me, &o, &ncfg);
    z.cfg = cfg;
    z.ncfg = ncfg;
    z.ref_steps = MC_DEFAULT_MAX_STEPS / 4;
    if (z.fork) {
        z.shared = mmap(NULL, sizeof(Result), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (z.shared == MAP_FAILED) {
            z.shared = NULL;
            z.fork = false;
        }
    }

    FuzzTally t = {0, 0, 0};
    double t0 = mc_now();
    int status = fuzz_campaign(&z, &o, &t);
    double secs = mc_now() - t0;
    if (status == 0 && !o.quiet) {
        printf("fuzz: %" PRIu64 " program%s (seeds %" PRIu64 "..%" PRIu64 ", %" PRIu64 " SSA, %" PRIu64
               " trapping, %" PRIu64 " skipped), %d configuration%s, %" PRId64 " stage run%s, all agree (%.1f s)\n",
               o.count, o.count == 1 ? "" : "s", o.seed, o.seed + o.count - 1, t.ssa_form, t.traps, t.skipped, ncfg,
               ncfg == 1 ? "" : "s", z.checks, z.checks == 1 ? "" : "s", secs);
    }
    if (z.shared) munmap(z.shared, sizeof(Result));
    free(cfg);
    return status;
}
