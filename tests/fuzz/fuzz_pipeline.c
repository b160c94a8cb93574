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
                     mc_allocator_name(co.allocator), co.opt_level,
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

/* ---- a structure-aware mutator (libFuzzer only) ------------------------------
 *
 * Byte-level mutation of IR text mostly makes parse errors, which is good for
 * the parser and useless for the passes. This mutator works on the program:
 * a fresh generated program (gen.h) now and then, else a random edit of the
 * parsed input (an operand becomes an edge value or another name, an opcode
 * changes, branch targets swap, a branch or jump is retargeted, an
 * instruction is duplicated or deleted, the arguments are regenerated),
 * re-verified and printed with its `# args:` line. When the input does not
 * parse or the edit makes it invalid, libFuzzer's own byte mutation runs
 * instead, so the parser keeps being fuzzed too. */
#ifndef MC_FUZZ_MAIN
#include "minicc/gen.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static size_t emit_program(const McFunc *f, const McArgs *a, uint8_t *data, size_t max_size) {
    char *buf = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&buf, &n);
    if (!m) return 0;
    mc_func_print(f, m);
    fprintf(m, "# args: ");
    mc_args_format(a, m);
    fprintf(m, "\n");
    fclose(m);
    size_t out = 0;
    if (n <= max_size) {
        memcpy(data, buf, n);
        out = n;
    }
    free(buf);
    return out;
}

static bool edit_program(McFunc *f, McRng *r) {
    static const int32_t edge[] = {INT32_MIN, INT32_MAX, -1, 0, 1, 2, 4, 65536};
    int32_t nb = f->nblocks;
    if (nb == 0) return false;
    int32_t b = (int32_t)mc_rng_below(r, (uint32_t)nb);
    McBlock *bl = &f->blocks[b];
    switch (mc_rng_below(r, 8)) {
    case 0: /* an operand becomes an edge value */
    case 1: /* ... or another scalar name */
        if (bl->ninsts) {
            McInst *in = &bl->insts[mc_rng_below(r, (uint32_t)bl->ninsts)];
            int n = mc_op_info[in->op].nargs;
            int k = (int)mc_rng_below(r, (uint32_t)n);
            if ((in->op == MC_OP_LOAD || in->op == MC_OP_STORE) && k == 0) return false;
            if (mc_rng_below(r, 2) == 0 || f->nvalues == 0) {
                in->a[k] = mc_const(edge[mc_rng_below(r, sizeof edge / sizeof edge[0])]);
            } else {
                int32_t v = (int32_t)mc_rng_below(r, (uint32_t)f->nvalues);
                if (f->values[v].kind != MC_VAL_I32) return false;
                in->a[k] = mc_val(v);
            }
            return true;
        }
        return false;
    case 2: /* opcode change among the binary ALU operations */
        if (bl->ninsts) {
            static const McOp alu[] = {MC_OP_ADD, MC_OP_SUB, MC_OP_MUL, MC_OP_LT,  MC_OP_LE,  MC_OP_EQ, MC_OP_NE,
                                       MC_OP_AND, MC_OP_OR,  MC_OP_XOR, MC_OP_SHL, MC_OP_SHR, MC_OP_DIV, MC_OP_REM};
            McInst *in = &bl->insts[mc_rng_below(r, (uint32_t)bl->ninsts)];
            if (mc_op_info[in->op].nargs != 2 || in->op == MC_OP_LOAD) return false;
            in->op = (uint8_t)alu[mc_rng_below(r, sizeof alu / sizeof alu[0])];
            return true;
        }
        return false;
    case 3: /* swap branch targets */
        if (bl->term.op != MC_OP_BRANCH) return false;
        {
            int32_t t = bl->term.target[0];
            bl->term.target[0] = bl->term.target[1];
            bl->term.target[1] = t;
        }
        return true;
    case 4: /* retarget a jump or branch (valid mostly in mutable form) */
        if ((bl->term.op != MC_OP_JUMP && bl->term.op != MC_OP_BRANCH) || nb < 2) return false;
        bl->term.target[bl->term.op == MC_OP_BRANCH ? mc_rng_below(r, 2) : 0] =
            1 + (int32_t)mc_rng_below(r, (uint32_t)nb - 1);
        return true;
    case 5: /* duplicate an instruction (mutable form: a reassignment) */
        if (bl->ninsts) {
            int32_t i = (int32_t)mc_rng_below(r, (uint32_t)bl->ninsts);
            McInst copy = bl->insts[i];
            McInst *in = mc_block_inst_insert(f, b, (int32_t)mc_rng_below(r, (uint32_t)bl->ninsts + 1));
            *in = copy;
            return true;
        }
        return false;
    case 6: /* delete an instruction */
        if (bl->ninsts) {
            mc_block_inst_remove(f, b, (int32_t)mc_rng_below(r, (uint32_t)bl->ninsts));
            return true;
        }
        return false;
    default: /* a branch condition or return value becomes an edge value */
        if (bl->term.op == MC_OP_JUMP) return false;
        bl->term.arg = mc_const(edge[mc_rng_below(r, sizeof edge / sizeof edge[0])]);
        return true;
    }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
    McRng r;
    mc_rng_seed(&r, seed);
    uint32_t mode = mc_rng_below(&r, 10);
    if (mode < 2) {
        McGenOptions o;
        mc_gen_options_default(&o);
        o.size = 4 + (int32_t)mc_rng_below(&r, 40);
        o.max_loop_depth = (int)mc_rng_below(&r, 4);
        o.max_vars = 2 + (int)mc_rng_below(&r, 14);
        uint64_t s = mc_rng_next(&r);
        McFunc *f = mc_gen(s, &o);
        McArgs a;
        mc_gen_args(f, s, &a);
        size_t n = emit_program(f, &a, data, max_size);
        mc_args_free(&a);
        mc_func_free(f);
        if (n) return n;
    } else if (mode < 7) {
        McDiags d;
        mc_diags_init(&d, NULL, NULL, 0);
        McModule *m = mc_parse("m.ir", (const char *)data, size, &d);
        mc_diags_free(&d);
        if (m && m->nfuncs > 0) {
            McFunc *f = mc_func_clone(m->funcs[0]);
            McArgs a;
            args_for(m->funcs[0], (const char *)data, size, true, &a);
            int edits = 1 + (int)mc_rng_below(&r, 3);
            bool ok = true;
            for (int e = 0; e < edits && ok; e++) ok = edit_program(f, &r);
            if (mc_rng_below(&r, 4) == 0) {
                mc_args_free(&a);
                mc_gen_args(f, mc_rng_next(&r), &a);
                ok = true;
            }
            size_t n = 0;
            if (ok && mc_verify(f, MC_VERIFY_INFER, NULL)) n = emit_program(f, &a, data, max_size);
            mc_args_free(&a);
            mc_func_free(f);
            mc_module_free(m);
            if (n) return n;
        } else {
            mc_module_free(m);
        }
    }
    return LLVMFuzzerMutate(data, size, max_size);
}
#endif

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
