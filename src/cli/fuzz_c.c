/* fuzz_c.c - `minicc gen --lang c` (one random MiniC program) and `minicc
 * fuzz --lang c` (MiniC programs against the system C compiler and against
 * every minicc stage).
 *
 * fuzz --lang c, for each seed S, S+1, ...: generate a MiniC program and its
 * arguments (gen_c.c), lower it (minic.h) and run it at stage input (the run
 * path: what `minicc run --stage input` prints), then at every stage and
 * register budget `minicc check` and `minicc fuzz` use (ssa, opt, alloc at
 * K = 1 2 3 4 8 16 with both allocators at -O1 and -O0, native; in a forked
 * child, so a crash is a finding). Programs are then compiled in batches
 * (--batch, default 50) into one C file with `cc -std=c11 -fwrapv` at -O0
 * and at -O2 (the oracle; $CC overrides cc), whose main runs every program's
 * checked twin and, when that neither trapped nor met an operation C leaves
 * undefined, the program itself (genc.h). The checked run must print exactly
 * what minicc printed (return or trap message, then the buffers), the plain
 * run the same, and -O0 the same as -O2.
 *
 * The first difference (or a program minicc rejects, or cc rejects) is
 * shrunk by statement and expression deletion while it stays the same kind
 * of difference, and the minimal program is printed with its arguments.
 * Exit 1 on a finding, 0 otherwise, 2 for a bad option. */
#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "common.h"
#include "fuzz_c.h"
#include "minicc/asm.h"
#include "minicc/genc.h"
#include "minicc/minic.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

/* ---- --lang ------------------------------------------------------------------------ */

int mc_cli_take_lang(const char *cmd, int *argc, char **argv) {
    for (int i = 1; i < *argc; i++) {
        if (strcmp(argv[i], "--") == 0) break;
        const char *v = NULL;
        int words = 0;
        if (strcmp(argv[i], "--lang") == 0) {
            if (i + 1 >= *argc) {
                fprintf(stderr, "minicc %s: error: --lang needs a value\n", cmd);
                return -1;
            }
            v = argv[i + 1];
            words = 2;
        } else if (strncmp(argv[i], "--lang=", 7) == 0) {
            v = argv[i] + 7;
            words = 1;
        } else {
            continue;
        }
        int lang;
        if (strcmp(v, "c") == 0) lang = 1;
        else if (strcmp(v, "ir") == 0) lang = 0;
        else {
            fprintf(stderr, "minicc %s: error: unknown language '%s' (ir or c)\n", cmd, v);
            return -1;
        }
        for (int k = i; k + words < *argc; k++) argv[k] = argv[k + words];
        *argc -= words;
        argv[*argc] = NULL;
        return lang;
    }
    return 0;
}

/* ---- options ----------------------------------------------------------------------- */

typedef struct COpts {
    McGencOptions go;
    uint64_t seed, count;
    int batch;
    long max_shrink;
    bool shrink, quiet, mutant;
    bool want[MC_STAGE_COUNT];
} COpts;

static int number(const McCliOpts *me, const char *name, const char *v, uint64_t lo, uint64_t hi, uint64_t *out) {
    char *end;
    errno = 0;
    /* Decimal digits only: strtoull alone takes blanks and a sign before them. */
    if (!*v || strspn(v, "0123456789") != strlen(v)) return mc_cli_error(me, "%s expects a number, got '%s'", name, v);
    unsigned long long n = strtoull(v, &end, 10);
    if (*end) return mc_cli_error(me, "%s expects a number, got '%s'", name, v);
    if (errno == ERANGE || n > hi) return mc_cli_error(me, "%s is too large: %s (at most %llu)", name, v, (unsigned long long)hi);
    if (n < lo) return mc_cli_error(me, "%s must be at least %llu, got '%s'", name, (unsigned long long)lo, v);
    *out = n;
    return 0;
}

/* Options of gen --lang c (fuzz = false) or fuzz --lang c; 0 ok, 2 reported. */
static int parse_opts(const McCliOpts *me, int argc, char **argv, bool fuzz, COpts *o) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--") == 0) {
            if (i + 1 < argc) return mc_cli_error(me, "unexpected argument '%s'", argv[i + 1]);
            break;
        }
        static const char *const valued[] = {"--seed", "--size", "--loops", "--calls", "--count", "--batch", "--max-shrink", "--stages"};
        const char *opt = NULL;
        for (size_t k = 0; k < sizeof valued / sizeof valued[0]; k++) {
            size_t n = strlen(valued[k]);
            if (strncmp(a, valued[k], n) == 0 && (a[n] == 0 || a[n] == '=')) {
                opt = valued[k];
                if (a[n] == '=') v = a + n + 1;
                else if (i + 1 < argc) v = argv[++i];
                else return mc_cli_error(me, "%s needs a value", opt);
            }
        }
        uint64_t n;
        if (opt && !fuzz && strcmp(opt, "--seed") && strcmp(opt, "--size") && strcmp(opt, "--loops") && strcmp(opt, "--calls"))
            return mc_cli_error(me, "unknown option '%s'", opt);
        if (opt && strcmp(opt, "--seed") == 0) {
            if (number(me, opt, v, 0, UINT64_MAX, &o->seed)) return 2;
        } else if (opt && strcmp(opt, "--size") == 0) {
            if (number(me, opt, v, 1, 100000, &n)) return 2;
            o->go.size = (int32_t)n;
        } else if (opt && strcmp(opt, "--loops") == 0) {
            if (number(me, opt, v, 0, 8, &n)) return 2;
            o->go.max_loop_depth = (int)n;
        } else if (opt && strcmp(opt, "--calls") == 0) {
            if (number(me, opt, v, 0, 4, &n)) return 2;
            o->go.calls = (int)n;
        } else if (opt && strcmp(opt, "--count") == 0) {
            if (number(me, opt, v, 1, UINT64_MAX, &o->count)) return 2;
        } else if (opt && strcmp(opt, "--batch") == 0) {
            if (number(me, opt, v, 1, 1000, &n)) return 2;
            o->batch = (int)n;
        } else if (opt && strcmp(opt, "--max-shrink") == 0) {
            if (number(me, opt, v, 0, 100000000, &n)) return 2;
            o->max_shrink = (long)n;
        } else if (opt) { /* --stages */
            memset(o->want, 0, sizeof o->want);
            o->want[MC_STAGE_INPUT] = true;
            for (const char *p = v;;) {
                const char *comma = strchr(p, ',');
                size_t len = comma ? (size_t)(comma - p) : strlen(p);
                char name[32];
                int k = -1;
                if (len > 0 && len < sizeof name) {
                    memcpy(name, p, len);
                    name[len] = 0;
                    k = mc_stage_lookup(name);
                }
                if (k < 0)
                    return mc_cli_error(me, "unknown stage '%.*s' (stages: input, ssa, opt, alloc, native)", (int)len, p);
                o->want[k] = true;
                if (!comma) break;
                p = comma + 1;
            }
        } else if (strcmp(a, "--no-traps") == 0) {
            o->go.traps = false;
        } else if (fuzz && strcmp(a, "--no-shrink") == 0) {
            o->shrink = false;
        } else if (fuzz && (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0)) {
            o->quiet = true;
        } else if (fuzz && strcmp(a, "--mutant=lt") == 0) {
            o->mutant = true;
        } else if (fuzz && strcmp(a, "--mutant") == 0 && i + 1 < argc && strcmp(argv[i + 1], "lt") == 0) {
            o->mutant = true;
            i++;
        } else if (fuzz && strncmp(a, "--mutant", 8) == 0 && (a[8] == 0 || a[8] == '=')) {
            return mc_cli_error(me, "unknown mutant '%s' (with --lang c: lt)", a[8] ? a + 9 : i + 1 < argc ? argv[i + 1] : "");
        } else if (a[0] == '-' && a[1]) {
            return mc_cli_error(me, "unknown option '%s'", a);
        } else {
            return mc_cli_error(me, "unexpected argument '%s'", a);
        }
    }
    return 0;
}

static void copts_default(COpts *o) {
    memset(o, 0, sizeof *o);
    mc_genc_options_default(&o->go);
    o->seed = 1;
    o->count = 100;
    o->batch = 50;
    o->max_shrink = 300;
    o->shrink = true;
    for (int s = 0; s < MC_STAGE_COUNT; s++) o->want[s] = true;
}

/* ---- minicc gen --lang c --------------------------------------------------------------- */

static void print_c_program(const McGencProg *p, FILE *out) {
    McStr s;
    mc_str_init(&s);
    mc_genc_print(p, "f", MC_GENC_MINIC, &s);
    mc_str_puts(&s, "// args: ");
    mc_genc_args_format(p, &s);
    mc_str_putc(&s, '\n');
    fputs(s.s, out);
    mc_str_free(&s);
}

int mc_cli_gen_c(int argc, char **argv) {
    McCliOpts me = {.cmd = "gen"};
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: minicc gen --lang c [--seed S] [--size N] [--loops D] [--calls N] [--no-traps]\n"
                   "print one random MiniC program and its arguments (as a comment line); --calls N adds N helper\n"
                   "functions it calls (recursion bounded, buffers passed down)\n");
            return 0;
        }
    COpts o;
    copts_default(&o);
    if (parse_opts(&me, argc, argv, false, &o)) return 2;
    McGencProg *p = mc_genc(o.seed, &o.go);
    char calls[32] = "";
    if (o.go.calls) snprintf(calls, sizeof calls, " --calls %d", o.go.calls);
    printf("// minicc gen --lang c --seed %" PRIu64 "%s%s\n", o.seed, calls,
           mc_genc_is_trap_program(p) ? " (some divisors and indices unguarded: may trap)" : "");
    print_c_program(p, stdout);
    mc_genc_free(p);
    return 0;
}

/* ---- minicc's side ------------------------------------------------------------------------ */

/* A stage configuration compared with input. */
typedef struct CConfig {
    McStageOptions so;
    char name[48];
} CConfig;

/* What minicc made of one program. */
typedef struct Mini {
    bool rejected;      /* the front end reported an error */
    char msg[256];      /* its first diagnostic, or the failing stage's */
    char *out;          /* input stage: `return V` / `trap: M` and the buffer lines */
    int bad_cfg;        /* first configuration that differs from input, -1 none */
    char got[256];      /* what that configuration printed (first line) */
} Mini;

typedef struct Fz {
    COpts *o;
    CConfig *cfg;
    int ncfg;
    char dir[64];       /* temporary directory for the oracle's files */
    int64_t programs_compiled, cc_runs, plain_asked, traps, undef_skips, stage_runs;
} Fz;

/* The program lowered: its module (the main function first, then the
 * helpers it calls), or NULL with the first diagnostic in msg. */
static McModule *lower(const McGencProg *p, bool mutant, char *msg, size_t msize) {
    McStr src;
    mc_str_init(&src);
    mc_genc_print(p, "f", MC_GENC_MINIC, &src);
    McDiags d;
    mc_diags_init(&d, "gen.c", src.s, src.len);
    McModule *m = mc_minic_parse("gen.c", src.s, src.len, &d);
    if (!m || m->nfuncs < 1) {
        if (d.n) mc_diag_line(&d, 0, msg, msize);
        else snprintf(msg, msize, "no function");
        if (m) mc_module_free(m);
        m = NULL;
    }
    mc_diags_free(&d);
    mc_str_free(&src);
    for (int32_t k = 0; m && mutant && k < m->nfuncs; k++) { /* the planted bug: `<` lowered as `<=` */
        McFunc *f = m->funcs[k];
        for (int32_t b = 0; b < f->nblocks; b++)
            for (int32_t i = 0; i < f->blocks[b].ninsts; i++)
                if (f->blocks[b].insts[i].op == MC_OP_LT) f->blocks[b].insts[i].op = MC_OP_LE;
    }
    return m;
}

static char *outcome_text(const McFunc *f, const McOutcome *out, const McArgs *a) {
    char *buf = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&buf, &len);
    if (!m) return mc_xstrdup("");
    mc_outcome_print(f, out, a, m);
    fclose(m);
    return buf;
}

/* Runs input and, unless only_input, configuration `only` (-1: all) in this process. */
static void mini_inproc(const Fz *z, const McGencProg *p, int only, bool only_input, Mini *r) {
    memset(r, 0, sizeof *r);
    r->bad_cfg = -1;
    McModule *mod = lower(p, z->o->mutant, r->msg, sizeof r->msg);
    if (!mod) {
        r->rejected = true;
        return;
    }
    McFunc *f = mod->funcs[0];
    McArgs args, ra;
    mc_genc_args(p, &args);
    mc_args_copy(&ra, &args);
    McStageOptions so;
    mc_stage_options_default(&so);
    so.stage = MC_STAGE_INPUT;
    McOutcome ref;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_stage_execute(f, &so, &ra, &ref, NULL, &d)) {
        mc_diag_line(&d, 0, r->msg, sizeof r->msg);
        r->out = mc_xstrdup("(input failed)\n");
    } else {
        r->out = outcome_text(f, &ref, &ra);
    }
    mc_diags_free(&d);
    for (int c = 0; c < z->ncfg && !only_input; c++) {
        if (only >= 0 && c != only) continue;
        McArgs ca;
        mc_args_copy(&ca, &args);
        McOutcome got;
        mc_diags_init(&d, NULL, NULL, 0);
        bool ok = mc_stage_execute(f, &z->cfg[c].so, &ca, &got, NULL, &d);
        if (!ok || !mc_outcome_same(&ref, &ra, &got, &ca)) { /* a stage that fails is a finding */
            r->bad_cfg = c;
            if (ok) mc_outcome_str(&got, r->got, sizeof r->got);
            else mc_diag_line(&d, 0, r->got, sizeof r->got);
        }
        mc_diags_free(&d);
        mc_args_free(&ca);
        if (r->bad_cfg >= 0) break;
    }
    mc_args_free(&ra);
    mc_args_free(&args);
    mc_module_free(mod);
}

/* The same in a child process (a crash or a hang becomes a finding). */
static void mini(Fz *z, const McGencProg *p, int only, bool only_input, Mini *r) {
    z->stage_runs += only_input ? 1 : only >= 0 ? 2 : 1 + z->ncfg;
    int fds[2];
    fflush(stdout);
    fflush(stderr);
    pid_t pid = -1;
    if (pipe(fds) == 0) pid = fork();
    if (pid <= 0) {
        if (pid == 0) {
            close(fds[0]);
            alarm(60);
            mini_inproc(z, p, only, only_input, r);
            /* one line each: rejected, bad_cfg, msg, got; then the output text */
            FILE *w = fdopen(fds[1], "w");
            fprintf(w, "%d\n%d\n%s\n%s\n%s", r->rejected, r->bad_cfg, r->msg, r->got, r->out ? r->out : "");
            fclose(w);
            _exit(0);
        }
        mini_inproc(z, p, only, only_input, r);
        return;
    }
    close(fds[1]);
    McStr all;
    mc_str_init(&all);
    char buf[4096];
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof buf)) != 0) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        mc_str_putn(&all, buf, (size_t)n);
    }
    close(fds[0]);
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    memset(r, 0, sizeof *r);
    r->bad_cfg = -1;
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || all.len == 0) {
        r->bad_cfg = z->ncfg; /* a crash somewhere: reported as its own kind */
        snprintf(r->got, sizeof r->got, "%s", WIFSIGNALED(st) ? strsignal(WTERMSIG(st)) : "exited abnormally");
        r->out = mc_xstrdup("");
        mc_str_free(&all);
        return;
    }
    char *s = all.s, *line[4] = {"", "", "", ""};
    for (int k = 0; k < 4; k++) {
        line[k] = s;
        char *nl = strchr(s, '\n');
        if (!nl) break;
        *nl = 0;
        s = nl + 1;
    }
    r->rejected = atoi(line[0]) != 0;
    r->bad_cfg = atoi(line[1]);
    snprintf(r->msg, sizeof r->msg, "%s", line[2]);
    snprintf(r->got, sizeof r->got, "%s", line[3]);
    r->out = mc_xstrdup(s);
    mc_str_free(&all);
}

/* ---- the C compiler's side ------------------------------------------------------------- */

/* Runs `sh -c cmd` with stdout and stderr to the file out; its exit status,
 * or -1 (it could not start, was killed, or ran out of time). The command
 * runs in a process group of its own, every process of which gets a CPU
 * limit of `seconds` (RLIMIT_CPU, hard: the kernel kills a program that
 * loops, even one that outlives us), and the whole group is killed when it
 * has not finished after 2 x `seconds` of wall time, and again once the
 * shell has ended (so no program it started keeps running: a shrunk
 * candidate whose loop lost its counter spins forever). */
static int shell(const char *cmd, const char *out, unsigned seconds) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) return -1;
    if (pid == 0) {
        setpgid(0, 0);
        struct rlimit cpu = {(rlim_t)seconds, (rlim_t)seconds};
        setrlimit(RLIMIT_CPU, &cpu);
        FILE *o = freopen(out, "w", stdout);
        if (!o || dup2(fileno(stdout), 2) < 0) _exit(127);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* in both processes: whichever runs first */
    double deadline = mc_now() + 2.0 * seconds;
    long nap_us = 1000;
    int st = 0;
    bool timed_out = false;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR)) break;
        if (mc_now() > deadline) {
            kill(-pid, SIGKILL);
            while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
            timed_out = true;
            break;
        }
        struct timespec ts = {0, nap_us * 1000};
        nanosleep(&ts, NULL);
        if (nap_us < 20000) nap_us *= 2;
    }
    kill(-pid, SIGKILL); /* whatever the shell left behind */
    if (timed_out) return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const char *cc_name(void) {
    const char *cc = getenv("CC");
    return cc && *cc ? cc : "cc";
}

/* Compiles the oracle file for programs p[0..n) at -O0 and -O2 and runs both;
 * out[0], out[1] get their outputs (malloc'd). false with *why on a compile
 * or run failure. */
static bool oracle_run(Fz *z, McGencProg **p, int n, char *out[2], char *why, size_t wsize) {
    McStr c;
    mc_str_init(&c);
    mc_genc_oracle_prelude(&c);
    for (int k = 0; k < n; k++) mc_genc_oracle_case(p[k], k, &c);
    mc_genc_oracle_main(n, &c);
    char path[128], exe[128], log[128], cmd[512];
    snprintf(path, sizeof path, "%s/oracle.c", z->dir);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(why, wsize, "cannot write %s", path);
        mc_str_free(&c);
        return false;
    }
    fwrite(c.s, 1, c.len, f);
    fclose(f);
    mc_str_free(&c);
    out[0] = out[1] = NULL;
    static const char *const lv[2] = {"-O0", "-O2"};
    for (int v = 0; v < 2; v++) {
        snprintf(exe, sizeof exe, "%s/oracle%d", z->dir, v);
        snprintf(log, sizeof log, "%s/cc.log", z->dir);
        snprintf(cmd, sizeof cmd, "%s -std=c11 -fwrapv %s -w -o %s %s", cc_name(), lv[v], exe, path);
        z->cc_runs++;
        if (shell(cmd, log, 120) != 0) {
            size_t len = 0;
            char *text = mc_read_file(log, &len);
            snprintf(why, wsize, "%s %s rejects the program: %.160s", cc_name(), lv[v], text ? text : "");
            free(text);
            return false;
        }
        snprintf(log, sizeof log, "%s/out%d.txt", z->dir, v);
        if (shell(exe, log, 60) != 0) {
            snprintf(why, wsize, "the program compiled at %s did not finish normally", lv[v]);
            return false;
        }
        size_t len = 0;
        out[v] = mc_read_file(log, &len);
        if (!out[v]) out[v] = mc_xstrdup("");
    }
    return true;
}

/* Case k's section of an oracle output (from `case K` to the next one), copied. */
static char *case_section(const char *out, int k) {
    char head[32];
    snprintf(head, sizeof head, "case %d\n", k);
    const char *s = out;
    while (s && strncmp(s, head, strlen(head)) != 0) {
        s = strchr(s, '\n');
        if (s) s++;
        if (s && !*s) s = NULL;
    }
    if (!s) return mc_xstrdup("");
    s += strlen(head);
    const char *e = strstr(s, "\ncase ");
    return mc_xstrndup(s, e ? (size_t)(e - s + 1) : strlen(s));
}

/* From a section, the block of `checked: ` or `plain: ` without the prefix; NULL if absent. */
static char *block_of(const char *sec, const char *prefix) {
    const char *s = strstr(sec, prefix);
    if (!s || (s != sec && s[-1] != '\n')) return NULL;
    s += strlen(prefix);
    const char *e = s;
    while (*e) {
        const char *nl = strchr(e, '\n');
        if (!nl) {
            e += strlen(e);
            break;
        }
        e = nl + 1;
        if (strncmp(e, "plain: ", 7) == 0 || strncmp(e, "checked: ", 9) == 0) break;
    }
    return mc_xstrndup(s, (size_t)(e - s));
}

/* ---- comparison and reduction ------------------------------------------------------------- */

enum { K_NONE, K_REJECTED, K_STAGE, K_CC, K_LEVELS, K_CHECKED, K_PLAIN, K_ENDLESS };
static const char *const kind_name[] = {"", "minicc rejects the program", "a stage differs from input",
                                        "the C compiler fails", "cc -O0 and -O2 differ",
                                        "minicc differs from the C compiler (checked twin)",
                                        "the program differs from its checked twin under cc",
                                        "minicc's run meets the step limit (every generated loop is bounded)"};

/* Did minicc's input run meet the step limit? Then the C program would run
 * as long (the oracle's twins count no steps), so it is not compiled: a
 * generated program always ends, and a candidate of the reducer whose loop
 * lost its counter is not the failure being shrunk. */
static bool endless(const char *out) {
    return out && strncmp(out, "trap: execution step limit exceeded", 35) == 0;
}

typedef struct Finding {
    int kind;
    int cfg;        /* K_STAGE */
    char detail[1024];
} Finding;

/* Compares the oracle's section with minicc's output; fills f and returns
 * the kind (K_NONE when all agree). */
static int compare_case(Fz *z, const Mini *m, const char *sec0, const char *sec2, Finding *f) {
    if (strcmp(sec0, sec2) != 0) {
        snprintf(f->detail, sizeof f->detail, "  cc -O0:\n%s  cc -O2:\n%s", sec0, sec2);
        return f->kind = K_LEVELS;
    }
    char *chk = block_of(sec0, "checked: "), *plain = block_of(sec0, "plain: ");
    int kind = K_NONE;
    if (!chk || strcmp(chk, m->out) != 0) {
        snprintf(f->detail, sizeof f->detail, "  minicc run --stage input:\n%s  cc (checked twin):\n%s", m->out,
                 chk ? chk : "(nothing)\n");
        kind = K_CHECKED;
    } else if (plain && strncmp(plain, "not asked", 9) != 0 && strcmp(plain, chk) != 0) {
        snprintf(f->detail, sizeof f->detail, "  cc (checked twin):\n%s  cc (the program):\n%s", chk, plain);
        kind = K_PLAIN;
    }
    if (kind == K_NONE && chk) {
        z->traps += strncmp(chk, "trap: ", 6) == 0;
        if (plain && strncmp(plain, "not asked", 9) != 0) z->plain_asked++;
        else if (plain && strncmp(chk, "trap: ", 6) != 0) z->undef_skips++;
    }
    free(chk);
    free(plain);
    return f->kind = kind;
}

/* Everything about one program alone: minicc's side and the oracle. */
static int check_one(Fz *z, const McGencProg *p, int only_cfg, int want, Finding *f) {
    memset(f, 0, sizeof *f);
    Mini m;
    bool minicc_only = want == K_STAGE || want == K_REJECTED;
    mini(z, p, only_cfg, want != K_STAGE && want != K_NONE, &m);
    int kind = K_NONE;
    if (!m.rejected && m.bad_cfg < 0 && endless(m.out)) {
        snprintf(f->detail, sizeof f->detail, "  input:\n%s", m.out);
        free(m.out);
        return f->kind = K_ENDLESS;
    }
    if (m.rejected) {
        snprintf(f->detail, sizeof f->detail, "  %s\n", m.msg);
        kind = K_REJECTED;
    } else if (m.bad_cfg >= 0) {
        f->cfg = m.bad_cfg;
        snprintf(f->detail, sizeof f->detail, "  input:\n%s  %s: %s\n", m.out,
                 m.bad_cfg < z->ncfg ? z->cfg[m.bad_cfg].name : "a stage", m.got);
        kind = K_STAGE;
    }
    if (kind != K_NONE || minicc_only) {
        if (kind == K_REJECTED && want == K_REJECTED) { /* valid C? */
            char *out[2];
            char why[256];
            McGencProg *one[1] = {(McGencProg *)p};
            if (!oracle_run(z, one, 1, out, why, sizeof why)) kind = K_CC;
            else {
                free(out[0]);
                free(out[1]);
            }
        }
        free(m.out);
        return f->kind = kind;
    }
    char *out[2];
    char why[256];
    McGencProg *one[1] = {(McGencProg *)p};
    if (!oracle_run(z, one, 1, out, why, sizeof why)) {
        snprintf(f->detail, sizeof f->detail, "  %s\n", why);
        free(m.out);
        return f->kind = K_CC;
    }
    char *s0 = case_section(out[0], 0), *s2 = case_section(out[1], 0);
    kind = compare_case(z, &m, s0, s2, f);
    free(s0);
    free(s2);
    free(out[0]);
    free(out[1]);
    free(m.out);
    return kind;
}

typedef struct ShrinkCtx {
    Fz *z;
    int kind, cfg;
    char msg[256];
} ShrinkCtx;

static bool still_interesting(void *ctx, const McGencProg *cand) {
    ShrinkCtx *c = ctx;
    Finding f;
    int k = check_one(c->z, cand, c->kind == K_STAGE ? c->cfg : -1, c->kind, &f);
    if (k != c->kind) return false;
    if (k == K_STAGE) return f.cfg == c->cfg;
    if (k == K_REJECTED) { /* the same message, wherever it points */
        const char *a = strstr(f.detail, "error: "), *b = strstr(c->msg, "error: ");
        return a && b && strncmp(a, b, strcspn(b, "\n")) == 0;
    }
    return true;
}

static void report(Fz *z, const McGencProg *p, uint64_t seed, Finding *f) {
    printf("fuzz --lang c: seed %" PRIu64 ": %s", seed, kind_name[f->kind]);
    if (f->kind == K_STAGE) printf(" (%s)", f->cfg < z->ncfg ? z->cfg[f->cfg].name : "crash");
    char calls[32] = "";
    if (z->o->go.calls) snprintf(calls, sizeof calls, " --calls %d", z->o->go.calls);
    printf("\n  reproduce: minicc gen --lang c --seed %" PRIu64 " --size %d%s%s%s > prog.c\n", seed, (int)z->o->go.size,
           calls, z->o->go.traps ? "" : " --no-traps", z->o->mutant ? "  (with --mutant lt)" : "");
    McGencProg *small = NULL;
    int64_t tried = 0;
    if (z->o->shrink) {
        ShrinkCtx c = {z, f->kind, f->cfg, ""};
        snprintf(c.msg, sizeof c.msg, "%.255s", f->detail);
        small = mc_genc_shrink(p, still_interesting, &c, z->o->max_shrink, &tried);
        Finding g;
        if (check_one(z, small, f->kind == K_STAGE ? f->cfg : -1, f->kind, &g) == f->kind) *f = g;
    }
    fputs(f->detail, stdout);
    if (small)
        printf("minimal program (%d -> %d nodes, %" PRId64 " candidates):\n", (int)mc_genc_nodes(p),
               (int)mc_genc_nodes(small), tried);
    else
        printf("program:\n");
    print_c_program(small ? small : p, stdout);
    mc_genc_free(small);
}

static void add_cfg(Fz *z, McStage st, int opt, int regs, McAllocator al) {
    z->cfg = mc_xrealloc(z->cfg, (size_t)(z->ncfg + 1) * sizeof *z->cfg);
    CConfig *c = &z->cfg[z->ncfg++];
    mc_stage_options_default(&c->so);
    c->so.stage = st;
    c->so.opt_level = opt;
    c->so.regs = regs;
    c->so.allocator = al;
    c->so.timeout = 5.0;
    if (st == MC_STAGE_ALLOC) snprintf(c->name, sizeof c->name, "alloc K=%d %s -O%d", regs, mc_allocator_name(al), opt);
    else if (st == MC_STAGE_NATIVE) snprintf(c->name, sizeof c->name, "native -O%d", opt);
    else if (st == MC_STAGE_ASM) snprintf(c->name, sizeof c->name, "asm x86-64 -O%d", opt); /* rv64: make_configs */
    else snprintf(c->name, sizeof c->name, "%s", mc_stage_name(st));
}

static void make_configs(Fz *z, bool stages_given) {
    static const int regs[] = {1, 2, 3, 4, 8, 16};
    for (int s = MC_STAGE_SSA; s < MC_STAGE_COUNT; s++) {
        if (!z->o->want[s]) continue;
        if (s == MC_STAGE_NATIVE && !stages_given && z->o->count > 10) continue; /* a compiler run per program */
        if (s == MC_STAGE_ASM && !stages_given && z->o->count > 100) continue; /* an assembler, a linker, a process */
        if (s == MC_STAGE_ALLOC) {
            for (int opt = 1; opt >= 0; opt--)
                for (int al = 0; al < 2; al++)
                    for (size_t k = 0; k < sizeof regs / sizeof regs[0]; k++) add_cfg(z, MC_STAGE_ALLOC, opt, regs[k], (McAllocator)al);
        } else if (s == MC_STAGE_ASM) {
            add_cfg(z, MC_STAGE_ASM, 1, 4, MC_ALLOC_IMPROVED);
            /* rv64 under qemu-riscv64 when its tools are here, else one note */
            char why[256];
            if (!mc_target_tools(MC_TARGET_RV64, why, sizeof why)) {
                fprintf(stderr, "minicc fuzz: note: asm rv64 not run: %s\n", why);
                continue;
            }
            add_cfg(z, MC_STAGE_ASM, 1, 4, MC_ALLOC_IMPROVED);
            z->cfg[z->ncfg - 1].so.target = MC_TARGET_RV64;
            snprintf(z->cfg[z->ncfg - 1].name, sizeof z->cfg[z->ncfg - 1].name, "asm rv64 -O1");
        } else if (s == MC_STAGE_NATIVE) {
            add_cfg(z, MC_STAGE_NATIVE, 1, 4, MC_ALLOC_IMPROVED);
            add_cfg(z, MC_STAGE_NATIVE, 0, 4, MC_ALLOC_IMPROVED);
        } else {
            add_cfg(z, (McStage)s, 1, 4, MC_ALLOC_IMPROVED);
        }
    }
}

/* ---- minicc fuzz --lang c ---------------------------------------------------------------- */

int mc_cli_fuzz_c(int argc, char **argv) {
    McCliOpts me = {.cmd = "fuzz"};
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: minicc fuzz --lang c [--count N] [--seed S] [--stages input,ssa,opt,alloc,native,asm] "
                   "[--size N] [--loops D] [--calls N] [--no-traps] [--batch N] [--max-shrink N] [--no-shrink] "
                   "[--mutant lt] [-q]\n"
                   "MiniC programs against cc -std=c11 -fwrapv at -O0 and -O2 and every minicc stage (asm on x86-64 and rv64); "
                   "shrinks and prints the first difference; --calls N gives each program N helper functions\n");
            return 0;
        }
    COpts o;
    copts_default(&o);
    bool stages_given = false;
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], "--stages", 8) == 0) stages_given = true;
    if (parse_opts(&me, argc, argv, true, &o)) return 2;
    if (o.count - 1 > UINT64_MAX - o.seed)
        return mc_cli_error(&me, "--count %" PRIu64 " from --seed %" PRIu64 " runs past the largest seed", o.count, o.seed);
    Fz z;
    memset(&z, 0, sizeof z);
    z.o = &o;
    make_configs(&z, stages_given);
    const char *tmp = getenv("TMPDIR");
    snprintf(z.dir, sizeof z.dir, "%s/minicc-oracle-XXXXXX", tmp && tmp[0] == '/' && strlen(tmp) < 30 ? tmp : "/tmp");
    if (!mkdtemp(z.dir)) {
        free(z.cfg);
        return mc_cli_error(&me, "cannot create a temporary directory %s: %s", z.dir, strerror(errno));
    }
    double t0 = mc_now();
    int status = 0;
    McGencProg **batch = mc_xcalloc((size_t)o.batch, sizeof *batch);
    char **outs = mc_xcalloc((size_t)o.batch, sizeof *outs);
    uint64_t done = 0, trap_programs = 0;
    while (done < o.count && status == 0) {
        int n = 0;
        /* minicc's side for a batch of programs */
        for (; n < o.batch && done + (uint64_t)n < o.count; n++) {
            uint64_t seed = o.seed + done + (uint64_t)n;
            batch[n] = mc_genc(seed, &o.go);
            trap_programs += mc_genc_is_trap_program(batch[n]);
            Mini m;
            mini(&z, batch[n], -1, false, &m);
            outs[n] = m.out;
            if (m.rejected || m.bad_cfg >= 0 || endless(m.out)) {
                Finding f;
                memset(&f, 0, sizeof f);
                check_one(&z, batch[n], -1, K_NONE, &f);
                if (f.kind == K_NONE) { /* not reproducible alone: report what was seen */
                    f.kind = m.rejected ? K_REJECTED : m.bad_cfg >= 0 ? K_STAGE : K_ENDLESS;
                    f.cfg = m.bad_cfg;
                    snprintf(f.detail, sizeof f.detail, "  %s\n", m.rejected ? m.msg : m.got);
                }
                report(&z, batch[n], seed, &f);
                status = 1;
                n++;
                break;
            }
        }
        /* the oracle for the whole batch */
        if (status == 0) {
            char *out[2];
            char why[256];
            z.programs_compiled += n;
            if (!oracle_run(&z, batch, n, out, why, sizeof why)) {
                /* find the program the compiler fails on */
                for (int k = 0; k < n && status == 0; k++) {
                    Finding f;
                    if (check_one(&z, batch[k], -1, K_NONE, &f) != K_NONE) {
                        report(&z, batch[k], o.seed + done + (uint64_t)k, &f);
                        status = 1;
                    }
                }
                if (status == 0) {
                    printf("fuzz --lang c: the oracle failed on seeds %" PRIu64 "..%" PRIu64 ": %s\n", o.seed + done,
                           o.seed + done + (uint64_t)n - 1, why);
                    status = 1;
                }
            } else {
                for (int k = 0; k < n && status == 0; k++) {
                    char *s0 = case_section(out[0], k), *s2 = case_section(out[1], k);
                    Mini m;
                    memset(&m, 0, sizeof m);
                    m.out = outs[k];
                    Finding f;
                    memset(&f, 0, sizeof f);
                    if (compare_case(&z, &m, s0, s2, &f) != K_NONE) {
                        report(&z, batch[k], o.seed + done + (uint64_t)k, &f);
                        status = 1;
                    }
                    free(s0);
                    free(s2);
                }
                free(out[0]);
                free(out[1]);
            }
        }
        for (int k = 0; k < n; k++) {
            mc_genc_free(batch[k]);
            free(outs[k]);
            outs[k] = NULL;
        }
        done += (uint64_t)n;
    }
    double secs = mc_now() - t0;
    if (status == 0 && !o.quiet)
        printf("fuzz --lang c: %" PRIu64 " program%s (seeds %" PRIu64 "..%" PRIu64 ", %" PRIu64
               " with unguarded sites), %d configuration%s, %" PRId64 " stage runs, %" PRId64
               " cc runs; trapping %" PRId64 ", C program asked %" PRId64 ", not asked (undefined in C) %" PRId64
               "; all agree (%.1f s)\n",
               o.count, o.count == 1 ? "" : "s", o.seed, o.seed + o.count - 1, trap_programs, z.ncfg + 1,
               z.ncfg ? "s" : "", z.stage_runs, z.cc_runs, z.traps, z.plain_asked, z.undef_skips, secs);
    free(batch);
    free(outs);
    free(z.cfg);
    /* the temporary directory and its few files */
    static const char *const files[] = {"oracle.c", "oracle0", "oracle1", "cc.log", "out0.txt", "out1.txt"};
    char path[128];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", z.dir, files[i]);
        unlink(path);
    }
    rmdir(z.dir);
    return status;
}
