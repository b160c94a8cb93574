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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "fuzz_c.h"
#include "minicc/genc.h"
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
    if (!*v || *v == '-' || *v == '+') return mc_cli_error(me, "%s expects a number, got '%s'", name, v);
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
        static const char *const valued[] = {"--seed", "--size", "--loops", "--count", "--batch", "--max-shrink", "--stages"};
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
        if (opt && !fuzz && strcmp(opt, "--seed") && strcmp(opt, "--size") && strcmp(opt, "--loops"))
            return mc_cli_error(me, "unknown option '%s'", opt);
        if (opt && strcmp(opt, "--seed") == 0) {
            if (number(me, opt, v, 0, UINT64_MAX, &o->seed)) return 2;
        } else if (opt && strcmp(opt, "--size") == 0) {
            if (number(me, opt, v, 1, 100000, &n)) return 2;
            o->go.size = (int32_t)n;
        } else if (opt && strcmp(opt, "--loops") == 0) {
            if (number(me, opt, v, 0, 8, &n)) return 2;
            o->go.max_loop_depth = (int)n;
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
    o->max_shrink = 2000;
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
            printf("usage: minicc gen --lang c [--seed S] [--size N] [--loops D] [--no-traps]\n"
                   "print one random MiniC program and its arguments (as a comment line)\n");
            return 0;
        }
    COpts o;
    copts_default(&o);
    if (parse_opts(&me, argc, argv, false, &o)) return 2;
    McGencProg *p = mc_genc(o.seed, &o.go);
    printf("// minicc gen --lang c --seed %" PRIu64 "%s\n", o.seed,
           mc_genc_is_trap_program(p) ? " (some divisors and indices unguarded: may trap)" : "");
    print_c_program(p, stdout);
    mc_genc_free(p);
    return 0;
}

