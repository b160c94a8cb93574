/* fuzz_pipeline.c - the libFuzzer target over parse, verify and the whole
 * pipeline (every stage except native), and its file-replay driver.
 *
 * One input is an IR text file. The target:
 *   1. parses it (diagnostics formatted, never printed);
 *   2. for every function (at most 4): prints it, parses the print and prints
 *      again: print -> parse must succeed and be the identity;
 *   3. runs the interpreter as the reference (arguments from a `# args: ...`
 *      comment line when it fits the first function, else zeros and buffers
 *      [0, 1, 2, 3]) and then stages ssa, opt and alloc (K = 1, 2, 3, 16, both
 *      allocators, -O1 and -O0 at K = 2); any disagreement, any stage failing
 *      on a verified function, or any sanitizer report aborts.
 *
 * Built two ways:
 *   make fuzz         clang -fsanitize=fuzzer,address,undefined (build-fuzz/)
 *   tests/suite/fuzz.sh   cc -DMC_FUZZ_MAIN with main() below, replaying the
 *                     seed corpus and every regression input in make check
 *                     (so CI does not need clang). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/diag.h"
#include "minicc/interp.h"
#include "minicc/ir.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/util.h"
#include "minicc/verify.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define REF_STEPS 3000

static _Noreturn void fail(const McFunc *f, const char *what, const char *detail) {
    fprintf(stderr, "fuzz_pipeline: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    if (f) mc_func_print(f, stderr);
    abort();
}

/* Text of a function as printed (malloc'd). */
static char *print_to_string(const McFunc *f, size_t *len) {
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) abort();
    mc_func_print(f, m);
    fclose(m);
    *len = n;
    return buf;
}

/* Split the rest of a `# args:` line into words, brackets kept together. */
static int split_args(const char *s, const char *end, char **words, int max) {
    int n = 0;
    while (s < end && n < max) {
        while (s < end && (*s == ' ' || *s == '\t')) s++;
        if (s >= end) break;
        const char *w = s;
        int depth = 0;
        while (s < end && (depth > 0 || (*s != ' ' && *s != '\t'))) {
            if (*s == '[') depth++;
            if (*s == ']') depth--;
            s++;
        }
        words[n++] = mc_xstrndup(w, (size_t)(s - w));
    }
    return n;
}

static void default_args(const McFunc *f, McArgs *a) {
    a->n = f->nparams;
    a->v = mc_xcalloc((size_t)(f->nparams ? f->nparams : 1), sizeof *a->v);
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind != MC_VAL_BUF) continue;
        a->v[p].is_buf = true;
        a->v[p].len = 4;
        a->v[p].data = mc_xmalloc(4 * sizeof(int32_t));
        for (int i = 0; i < 4; i++) a->v[p].data[i] = i;
    }
}

static void args_for(const McFunc *f, const char *src, size_t size, bool first, McArgs *a) {
    if (first) {
        static const char tag[] = "# args:";
        for (size_t i = 0; i + sizeof tag - 1 <= size; i++) {
            if ((i == 0 || src[i - 1] == '\n') && memcmp(src + i, tag, sizeof tag - 1) == 0) {
                const char *s = src + i + sizeof tag - 1, *e = s;
                while (e < src + size && *e != '\n') e++;
                char *words[16];
                int n = split_args(s, e, words, 16);
                McDiags d;
                mc_diags_init(&d, NULL, NULL, 0);
                bool ok = mc_args_parse(f, n, words, a, &d);
                mc_diags_free(&d);
                for (int k = 0; k < n; k++) free(words[k]);
                if (ok) {
                    /* keep buffers small: the fuzzer should not spend its time on memory */
                    for (int32_t p = 0; p < a->n; p++)
                        if (a->v[p].len > 64) a->v[p].len = 64;
                    return;
                }
                break;
            }
        }
    }
    default_args(f, a);
}

static void run_stages(const McFunc *f, const McArgs *args) {
    McArgs ra;
    mc_args_copy(&ra, args);
    McStageOptions so;
    mc_stage_options_default(&so);
    so.max_steps = REF_STEPS;
    McOutcome ref, got;
    McDiags d;
    mc_diags_init(&d, NULL, NULL, 0);
    if (!mc_stage_execute(f, &so, &ra, &ref, NULL, &d)) fail(f, "input stage failed", NULL);
    bool compare = !(ref.kind == MC_TRAPPED && strcmp(ref.trap, "execution step limit exceeded") == 0);
    static const struct {
        McStage stage;
        int opt, regs;
        McAllocator al;
    } cfgs[] = {
        {MC_STAGE_SSA, 1, 4, MC_ALLOC_IMPROVED},      {MC_STAGE_OPT, 1, 4, MC_ALLOC_IMPROVED},
        {MC_STAGE_ALLOC, 1, 1, MC_ALLOC_IMPROVED},    {MC_STAGE_ALLOC, 1, 2, MC_ALLOC_IMPROVED},
        {MC_STAGE_ALLOC, 1, 3, MC_ALLOC_IMPROVED},    {MC_STAGE_ALLOC, 1, 16, MC_ALLOC_IMPROVED},
        {MC_STAGE_ALLOC, 1, 1, MC_ALLOC_BASELINE},    {MC_STAGE_ALLOC, 1, 2, MC_ALLOC_BASELINE},
        {MC_STAGE_ALLOC, 1, 3, MC_ALLOC_BASELINE},    {MC_STAGE_ALLOC, 1, 16, MC_ALLOC_BASELINE},
        {MC_STAGE_ALLOC, 0, 2, MC_ALLOC_IMPROVED},    {MC_STAGE_ALLOC, 0, 2, MC_ALLOC_BASELINE},
    };
    for (size_t c = 0; c < sizeof cfgs / sizeof cfgs[0]; c++) {
        McStageOptions co;
        mc_stage_options_default(&co);
        co.stage = cfgs[c].stage;
        co.opt_level = cfgs[c].opt;
        co.regs = cfgs[c].regs;
        co.allocator = cfgs[c].al;
        co.max_steps = REF_STEPS * 4; /* edge blocks add block entries */
        McArgs ca;
        mc_args_copy(&ca, args);
        mc_diags_clear(&d);
        if (!mc_stage_execute(f, &co, &ca, &got, NULL, &d)) {
            char line[256] = "";
            if (d.n) mc_diag_line(&d, 0, line, sizeof line);
            if (!strstr(line, "not available")) fail(f, "stage failed on a verified function", line);
        } else if (compare && !mc_outcome_same(&ref, &ra, &got, &ca)) {
            char a[160], b[160], what[400];
            snprintf(what, sizeof what, "%s (K=%d %s -O%d): %s, input: %s", mc_stage_name(co.stage), co.regs,
                     co.allocator == MC_ALLOC_BASELINE ? "baseline" : "improved", co.opt_level,
                     mc_outcome_str(&got, a, sizeof a), mc_outcome_str(&ref, b, sizeof b));
            fail(f, "stages disagree", what);
        }
        mc_args_free(&ca);
    }
    mc_diags_free(&d);
    mc_args_free(&ra);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const char *src = (const char *)data;
    McDiags d;
    mc_diags_init(&d, "fuzz.ir", src, size);
    McModule *m = mc_parse("fuzz.ir", src, size, &d);
    char line[512];
    for (int i = 0; i < d.n; i++) mc_diag_line(&d, i, line, sizeof line);
    if (!m) {
        mc_diags_free(&d);
        return 0;
    }
    for (int32_t i = 0; i < m->nfuncs && i < 4; i++) {
        McFunc *f = m->funcs[i];
        /* print -> parse is the identity */
        size_t n1, n2;
        char *t1 = print_to_string(f, &n1);
        McDiags d2;
        mc_diags_init(&d2, "print.ir", t1, n1);
        McModule *m2 = mc_parse("print.ir", t1, n1, &d2);
        if (!m2 || m2->nfuncs != 1) {
            if (d2.n) mc_diag_line(&d2, 0, line, sizeof line);
            fail(f, "printed function does not parse", d2.n ? line : NULL);
        }
        char *t2 = print_to_string(m2->funcs[0], &n2);
        if (n1 != n2 || memcmp(t1, t2, n1) != 0) fail(f, "print -> parse -> print changed the text", t2);
        free(t2);
        mc_module_free(m2);
        mc_diags_free(&d2);
        free(t1);

        McArgs args;
        args_for(f, src, size, i == 0, &args);
        run_stages(f, &args);
        mc_args_free(&args);
    }
    mc_module_free(m);
    mc_diags_free(&d);
    return 0;
}

#ifdef MC_FUZZ_MAIN
/* Replay driver: run every file named on the command line through the
 * target; an abort is a failure. Prints `N passed, 0 failed` at the end. */
int main(int argc, char **argv) {
    int n = 0;
    for (int i = 1; i < argc; i++) {
        size_t len;
        char *text = mc_read_file(argv[i], &len);
        if (!text) {
            fprintf(stderr, "fuzz_replay: cannot read %s\n", argv[i]);
            return 2;
        }
        LLVMFuzzerTestOneInput((const uint8_t *)text, len);
        free(text);
        n++;
    }
    printf("%d passed, 0 failed\n", n);
    return 0;
}
#endif
