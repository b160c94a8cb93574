/* common.c - option parsing, file loading, function selection and error
 * printing shared by the one-shot commands (see common.h). */
#include "common.h"
#include "shell/sweep.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "minicc/asm.h"
#include "minicc/cgen.h"
#include "minicc/parse.h"
#include "minicc/regalloc.h"
#include "minicc/run.h"
#include "minicc/limits.h"
#include "minicc/minic.h"
#include "minicc/util.h"

int mc_cli_error(const McCliOpts *o, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (o && o->cmd && *o->cmd) fprintf(stderr, "minicc %s: error: ", o->cmd);
    else fputs("minicc: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

bool mc_cli_help(int argc, char **argv) {
    static const struct {
        const char *name, *usage, *summary;
    } cmds[] = {
#define MC_X_ROW(name, fn, usage, summary) {name, usage, summary},
        MC_CLI_COMMANDS(MC_X_ROW)
#undef MC_X_ROW
    };
    bool asked = false;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) asked = true;
    if (!asked || argc < 1) return false;
    for (size_t k = 0; k < sizeof cmds / sizeof cmds[0]; k++)
        if (strcmp(cmds[k].name, argv[0]) == 0) {
            printf("usage: minicc %s\n%s\n", cmds[k].usage, cmds[k].summary);
            if (strncmp(cmds[k].usage + strlen(cmds[k].name), " FILE", 5) == 0)
                printf("FILE is IR, or MiniC (C, lowered to IR) when its name ends in .c; --lang c|ir says which.\n");
            return true;
        }
    return false;
}

void mc_cli_print_diags(const McCliOpts *o, const McDiags *d) {
    for (int i = 0; i < d->n; i++) {
        if (d->v[i].loc.line > 0) {
            /* One diagnostic at a time, with its caret line. */
            McDiags one = *d;
            one.v = &d->v[i];
            one.n = 1;
            mc_diags_print(&one, stderr, true);
        } else {
            mc_cli_error(o, "%s", d->v[i].msg);
        }
    }
}

int mc_cli_outcome_status(const McOutcome *out) { return out->kind == MC_RETURNED ? 0 : 3; }

bool mc_cli_step_note(const McOutcome *out, const McCliOpts *o) {
    if (out->kind != MC_TRAPPED || strcmp(out->trap, "execution step limit exceeded") != 0) return false;
    fflush(stdout); /* after the trap line */
    long long n = o->stage.max_steps > 0 ? o->stage.max_steps : MC_DEFAULT_MAX_STEPS;
    fprintf(stderr, "note: the step budget is %lld block entr%s; raise it with --max-steps N\n", n, n == 1 ? "y" : "ies");
    return true;
}

void mc_cli_cache_warning(const McCliOpts *o) {
    if (o->stage.native_cc == MC_NATIVE_TCC) return; /* libtcc needs no cache */
    const char *why = mc_shell_cache_unusable();
    if (why)
        fprintf(stderr, "minicc %s: warning: no compile cache: %s; compiling in a private temporary directory\n",
                o->cmd, why);
}

/* An integer argument word: optional '-', then digits only. */
static bool looks_like_int(const char *s) {
    if (*s == '-') s++;
    if (!*s) return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9') return false;
    return true;
}

/* Parse a whole-word integer for a numeric option into *out; 0 ok, 2 error. */
static int option_int(const McCliOpts *o, const char *opt, const char *val, int64_t min, int64_t max,
                      int64_t *out) {
    char *end;
    errno = 0;
    long long v = strtoll(val, &end, 10);
    if (!*val || *end || !looks_like_int(val)) return mc_cli_error(o, "%s expects a number, got '%s'", opt, val);
    if (errno == ERANGE || v < min) {
        if (min == 1 && strcmp(opt, "--regs") == 0) return mc_cli_error(o, "--regs must be at least 1, got '%s'", val);
        if (errno != ERANGE || v < 0) return mc_cli_error(o, "%s must be positive, got '%s'", opt, val);
    }
    if (errno == ERANGE || v > max) return mc_cli_error(o, "%s is too large: %s (at most %lld)", opt, val, (long long)max);
    *out = v;
    return 0;
}

static void add_arg(McCliOpts *o, char *s) {
    o->args = mc_xrealloc(o->args, (size_t)(o->nargs + 1) * sizeof *o->args);
    o->args[o->nargs++] = s;
}

/* '[' minus ']' in s: > 0 while a list is still open. */
static int open_brackets(const char *s) {
    int depth = 0;
    for (; *s; s++) depth += *s == '[' ? 1 : *s == ']' ? -1 : 0;
    return depth;
}

/* A list the shell split at its blanks (`[1, 2, 3]` unquoted, as minicc
 * prints buffers): join argv[*i] and the words after it up to the one that
 * closes the bracket into one owned ARG. A list that never closes is left
 * alone (its own word then reports the missing ']'). */
static char *join_list(McCliOpts *o, int argc, char **argv, int *i) {
    int depth = open_brackets(argv[*i]), j = *i;
    while (depth > 0 && j + 1 < argc) depth += open_brackets(argv[++j]);
    if (depth > 0) return argv[*i];
    McStr b;
    mc_str_init(&b);
    mc_str_puts(&b, argv[*i]);
    while (*i < j) {
        mc_str_puts(&b, " ");
        mc_str_puts(&b, argv[++*i]);
    }
    o->owned = mc_xrealloc(o->owned, (size_t)(o->nowned + 1) * sizeof *o->owned);
    return o->owned[o->nowned++] = mc_str_take(&b);
}

/* A positional word w (argv[*i]): FILE first, then an ARG where accepted (a split list joined); 0 ok, 2 reported. */
static int opts_positional(McCliOpts *o, int argc, char **argv, int *i, unsigned accepted) {
    char *w = argv[*i];
    if (!o->file) {
        if (!*w) return mc_cli_error(o, "FILE is an empty string");
        o->file = w;
    } else if (accepted & MC_CLI_ARGS) {
        add_arg(o, open_brackets(w) > 0 ? join_list(o, argc, argv, i) : w);
    } else {
        return mc_cli_error(o, "unexpected argument '%s'", w);
    }
    return 0;
}

/* Checks an option's value and stores it in *o (name as written); 0 ok, 2 reported. */
static int opts_set_value(McCliOpts *o, unsigned bit, const char *name, const char *val) {
    int64_t n;
    switch (bit) {
    case MC_CLI_FUNC: o->func = val; break;
    case MC_CLI_STAGE: {
        int s = mc_stage_lookup(val);
        if (s < 0) {
            char list[128];
            return mc_cli_error(o, "unknown stage '%s' (stages: %s)", val,
                                mc_stage_name_list(MC_NAME_RUN, ", ", list, sizeof list));
        }
        o->stage.stage = (McStage)s;
        break;
    }
    case MC_CLI_REGS:
        if (option_int(o, "--regs", val, 1, MC_MAX_REGS, &n)) return 2;
        o->stage.regs = (int)n;
        break;
    case MC_CLI_ALLOCATOR:
        if (mc_allocator_lookup(val) < 0) return mc_cli_error(o, "unknown allocator '%s' (baseline, improved, linear or ssa)", val);
        o->stage.allocator = (McAllocator)mc_allocator_lookup(val);
        break;
    case MC_CLI_CONVENTION: {
        int c = mc_convention_lookup(val);
        if (c < 0) return mc_cli_error(o, "unknown convention '%s' (%s)", val, mc_convention_names());
        o->stage.convention = o->alloc.convention = (McConvention)c;
        break;
    }
    case MC_CLI_OPT: o->stage.opt_level = name[2] - '0'; break;
    case MC_CLI_MAX_STEPS:
        if (option_int(o, "--max-steps", val, 1, MC_MAX_STEPS, &n)) return 2;
        o->stage.max_steps = n;
        break;
    case MC_CLI_MAX_DEPTH:
        if (option_int(o, "--max-depth", val, 1, MC_MAX_DEPTH, &n)) return 2;
        o->stage.max_depth = n;
        break;
    case MC_CLI_STATS: o->stats = true; break;
    case MC_CLI_TIMEOUT: {
        int bad = mc_timeout_parse(val, &o->stage.timeout);
        if (bad == 3) return mc_cli_error(o, "--timeout expects a number, got '%s'", val);
        if (bad == 1) return mc_cli_error(o, "--timeout must be a positive number of seconds, got '%s'", val);
        if (bad == 2) return mc_cli_error(o, "--timeout is too large: %s (at most %d seconds)", val, MC_MAX_TIMEOUT);
        break;
    }
    case MC_CLI_KEEP_C: o->stage.keep_c = val; break;
    case MC_CLI_ALLOC_OPT: {
        char msg[512];
        if (!mc_alloc_option_parse(&o->alloc, val, msg, sizeof msg)) return mc_cli_error(o, "--alloc-opt: %s", msg);
        break;
    }
    case MC_CLI_TRACE_ALLOC: o->trace_alloc = true; break;
    case MC_CLI_CC: {
        int c = mc_native_compiler_lookup(val);
        if (c < 0) return mc_cli_error(o, "unknown compiler '%s' (--cc system or tcc)", val);
        if (c == MC_NATIVE_TCC && !mc_native_tcc_available()) return mc_cli_error(o, "--cc tcc: %s", MC_NATIVE_NO_TCC_MSG);
        o->stage.native_cc = (McNativeCompiler)c;
        break;
    }
    case MC_CLI_TARGET: {
        int t = mc_target_lookup(val);
        if (t < 0 || t == MC_TARGET_CHAPTER)
            return mc_cli_error(o, "unknown target '%s' (assembly targets: x86-64, rv64; all targets: %s)", val,
                                mc_target_names());
        o->stage.target = (McTarget)t;
        break;
    }
    case MC_CLI_KEEP_ASM: o->stage.keep_asm = val; break;
    case MC_CLI_ASM_BUG: {
        int b = mc_asm_bug_lookup(val);
        if (b < 0) return mc_cli_error(o, "--asm-bug: unknown bug '%s' (%s)", val, mc_asm_bug_names());
        o->stage.asm_bug = (McAsmBug)b;
        break;
    }
    case MC_CLI_TARGETS: {
        /* a comma-separated list of x86-64, rv64 or all */
        const char *q = val;
        while (*q) {
            size_t len = strcspn(q, ",");
            char w[32];
            snprintf(w, sizeof w, "%.*s", (int)(len < sizeof w ? len : sizeof w - 1), q);
            int t = mc_target_lookup(w);
            if (strcmp(w, "all") == 0)
                o->targets |= 3;
            else if (t == MC_TARGET_X64 || t == MC_TARGET_RV64)
                o->targets |= t == MC_TARGET_X64 ? 1 : 2;
            else
                return mc_cli_error(o, "--targets: unknown target '%s' (x86-64, rv64 or all)", w);
            q += len;
            if (*q == ',') q++;
        }
        break;
    }
    case MC_CLI_NO_COMMENTS: o->no_comments = true; break;
    case MC_CLI_TRACE_SELECT: o->trace_select = true; break;
    case MC_CLI_LANG:
        if (mc_lang_lookup(val) < 0) return mc_cli_error(o, "unknown language '%s' (c or ir)", val);
        o->lang = mc_lang_lookup(val);
        break;
    default: break;
    }
    return 0;
}

/* An option word argv[*i]: --name, --name=value or --name value (advancing *i), if accepted; 0 ok, 2 reported. */
static int opts_option(McCliOpts *o, int argc, char **argv, int *i, unsigned accepted) {
    const char *w = argv[*i];
    char name[64];
    const char *val = NULL;
    const char *eq = strchr(w, '=');
    size_t nlen = eq ? (size_t)(eq - w) : strlen(w);
    if (nlen >= sizeof name) nlen = sizeof name - 1;
    memcpy(name, w, nlen);
    name[nlen] = 0;
    if (eq) val = eq + 1;
    static const struct {
        const char *name;
        unsigned bit;
        bool takes_value;
    } table[] = {
        {"--func", MC_CLI_FUNC, true},         {"--stage", MC_CLI_STAGE, true},
        {"--regs", MC_CLI_REGS, true},         {"--allocator", MC_CLI_ALLOCATOR, true},
        {"-O0", MC_CLI_OPT, false},            {"-O1", MC_CLI_OPT, false},
        {"--max-steps", MC_CLI_MAX_STEPS, true}, {"--stats", MC_CLI_STATS, false},
        {"--timeout", MC_CLI_TIMEOUT, true},   {"--keep-c", MC_CLI_KEEP_C, true},
        {"--alloc-opt", MC_CLI_ALLOC_OPT, true}, {"--trace-alloc", MC_CLI_TRACE_ALLOC, false},
        {"--cc", MC_CLI_CC, true}, {"--lang", MC_CLI_LANG, true},
        {"--max-depth", MC_CLI_MAX_DEPTH, true}, {"--convention", MC_CLI_CONVENTION, true},
        {"--target", MC_CLI_TARGET, true},     {"--keep-asm", MC_CLI_KEEP_ASM, true},
        {"--targets", MC_CLI_TARGETS, true},   {"--no-comments", MC_CLI_NO_COMMENTS, false},
        {"--trace-select", MC_CLI_TRACE_SELECT, false}, {"--asm-bug", MC_CLI_ASM_BUG, true},
    };
    int k = -1;
    for (size_t t = 0; t < sizeof table / sizeof table[0]; t++)
        if (strcmp(table[t].name, name) == 0 && (accepted & table[t].bit)) k = (int)t;
    if (k < 0) return mc_cli_error(o, "unknown option '%s'", w);
    if (table[k].takes_value && !val) {
        /* `--func --`: the `--` ends the options, it is no value. */
        if (*i + 1 >= argc || strcmp(argv[*i + 1], "--") == 0) return mc_cli_error(o, "%s needs a value", name);
        val = argv[++*i];
    } else if (!table[k].takes_value && val) {
        return mc_cli_error(o, "%s takes no value", name);
    }
    o->given |= table[k].bit;
    return opts_set_value(o, table[k].bit, name, val);
}

int mc_cli_opts_parse(int argc, char **argv, unsigned accepted, McCliOpts *o) {
    memset(o, 0, sizeof *o);
    o->cmd = argc > 0 ? argv[0] : "";
    if (!(accepted & MC_CLI_NO_FILE)) accepted |= MC_CLI_LANG; /* every command that reads a program */
    mc_stage_options_default(&o->stage);
    bool dashdash = false;
    for (int i = 1; i < argc; i++) {
        char *w = argv[i];
        bool positional = dashdash || w[0] != '-' || (!o->file && strcmp(w, "-") == 0) ||
                          (o->file && (accepted & MC_CLI_ARGS) && looks_like_int(w));
        if (!dashdash && strcmp(w, "--") == 0) {
            dashdash = true;
            continue;
        }
        /* FILE, an ARG, or an option: --name, --name=value or --name value. */
        if (positional ? opts_positional(o, argc, argv, &i, accepted) : opts_option(o, argc, argv, &i, accepted))
            goto fail;
    }
    if (!o->file && !(accepted & MC_CLI_NO_FILE)) {
        mc_cli_error(o, "missing FILE");
        goto fail;
    }
    o->stage.alloc_opts = &o->alloc;
    return 0;
fail:
    mc_cli_opts_free(o);
    return 2;
}

void mc_cli_opts_free(McCliOpts *o) {
    free(o->args);
    o->args = NULL;
    o->nargs = 0;
    for (int i = 0; i < o->nowned; i++) free(o->owned[i]);
    free(o->owned);
    o->owned = NULL;
    o->nowned = 0;
}

char *mc_cli_read_stdin(size_t *len, char *why, size_t size) {
    return mc_read_input_stream(stdin, len, why, size);
}

int mc_cli_load(const McCliOpts *o, McCliProgram *p) {
    memset(p, 0, sizeof *p);
    McDiags d;
    bool from_stdin = strcmp(o->file, "-") == 0;
    mc_diags_init(&d, from_stdin ? "<stdin>" : o->file, NULL, 0);
    if (from_stdin) {
        size_t len = 0;
        char why[256];
        p->src = mc_cli_read_stdin(&len, why, sizeof why);
        if (!p->src) {
            mc_diags_free(&d);
            return mc_cli_error(o, "cannot read standard input: %s", why);
        }
        d.src = p->src;
        d.srclen = len;
        p->mod = mc_load("<stdin>", p->src, len, (McLang)o->lang, &d);
    } else {
        p->mod = mc_load_file(o->file, (McLang)o->lang, &d, &p->src);
    }
    if (!p->mod) {
        mc_cli_print_diags(o, &d);
        mc_diags_free(&d);
        free(p->src);
        p->src = NULL;
        return 2;
    }
    MC_ASSERT(p->mod->nfuncs > 0);
    if (o->func) {
        p->func = mc_module_find(p->mod, o->func);
        if (!p->func) {
            McStr names;
            mc_str_init(&names);
            for (int32_t i = 0; i < p->mod->nfuncs; i++) {
                if (i) mc_str_puts(&names, ", ");
                mc_str_puts(&names, mc_shown_name(p->mod->funcs[i], p->mod->funcs[i]->name));
            }
            mc_diag(&d, (McLoc){0, 0}, "no function named '%s' (available: %s)", o->func, names.s);
            mc_str_free(&names);
            mc_cli_print_diags(o, &d);
            mc_diags_free(&d);
            mc_cli_program_free(p);
            return 2;
        }
    } else {
        p->func = p->mod->funcs[0];
    }
    mc_diags_free(&d);
    return 0;
}

void mc_cli_program_free(McCliProgram *p) {
    mc_module_free(p->mod);
    free(p->src);
    memset(p, 0, sizeof *p);
}

int mc_cli_args(const McCliOpts *o, const McFunc *f, McArgs *out) {
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    bool ok = mc_args_parse(f, o->nargs, o->args, out, &d);
    if (!ok) {
        /* ARG words have no file position: `minicc CMD: error: MESSAGE`. */
        for (int i = 0; i < d.n; i++) {
            char *t = mc_diag_text(&d, i); /* whole, however long */
            mc_cli_error(o, "%s", strncmp(t, "error: ", 7) == 0 ? t + 7 : t);
            free(t);
        }
        if (d.n == 0) mc_cli_error(o, "bad arguments");
    }
    mc_diags_free(&d);
    return ok ? 0 : 2;
}
