/* bench/asm_kernels.h - what bench/asm.c (x86-64 CPU time) and
 * bench/asm_rv64.c (rv64 dynamic instruction counts) share: the six MiniC
 * kernels of bench/asm/ with their arguments at three sizes, the fill of
 * their buffers (the same in the run path's arguments, in the assembly and
 * in the C drivers), the C driver compiled by a C compiler, and the
 * run-time fill of minicc's harness.
 *
 * Run-time fill: mc_asm_emit writes every buffer argument into the
 * harness's data as `.long`/`.word` lines (a million elements are a million
 * numbers for the assembler to read). asm_fill_at_run_time rewrites the
 * emitted text: each buffer's data lines become `.zero BYTES`, and a
 * routine minicc_bench_fill, called first thing in `_start`, fills the
 * buffers with the same values (n - i, or the LCG below) before the harness
 * loads the arguments. The kernels compute the same thing; the results and
 * every buffer's contents are compared with the run path's after each run.
 * The rewrite relies on the harness's labels (`_start:`, `minicc_bufK:`)
 * and says so when it cannot find them. Static functions: each bench
 * includes this once. */
#ifndef BENCH_ASM_KERNELS_H
#define BENCH_ASM_KERNELS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "minicc/asm.h"
#include "minicc/minic.h"
#include "minicc/util.h"

/* How a buffer argument is filled: zeros, n - i, or a small pseudo-random
 * value 0..99 (a 31-bit LCG, the same in the driver's C and the fill
 * routines). */
enum { FILL_ZERO, FILL_DOWN, FILL_RAND };

/* Which size: bench/asm's timed runs, --smoke, bench/asm_rv64's counted runs. */
enum { SIZE_TIMED, SIZE_SMOKE, SIZE_COUNTED };

typedef struct Arg {
    bool buf;
    int32_t size[3]; /* a scalar's value, or a buffer's length, by SIZE_* */
    int fill;
} Arg;

typedef struct Kernel {
    const char *name;
    int nargs;
    Arg a[4];
} Kernel;

/* The counted sizes keep each run under qemu's per-instruction log to a few
 * million instructions (about 1.5 M logged instructions a second). */
static const Kernel kernels[] = {
    {"bubble", 2, {{true, {6000, 20, 400}, FILL_DOWN}, {false, {6000, 20, 400}, 0}}},
    {"sieve", 3, {{true, {1000000, 50, 100000}, FILL_ZERO}, {false, {1000000, 50, 100000}, 0}, {false, {8, 1, 1}, 0}}},
    {"matmul", 4, {{true, {90000, 9, 1600}, FILL_RAND}, {true, {90000, 9, 1600}, FILL_RAND},
                   {true, {90000, 9, 1600}, FILL_ZERO}, {false, {300, 3, 40}, 0}}},
    {"hash", 1, {{false, {30000000, 1000, 100000}, 0}}},
    {"dot", 4, {{true, {100000, 10, 10000}, FILL_RAND}, {true, {100000, 10, 10000}, FILL_RAND},
                {false, {100000, 10, 10000}, 0}, {false, {300, 2, 10}, 0}}},
    {"fib", 1, {{false, {32, 10, 20}, 0}}},
};
#define NK ((int)(sizeof kernels / sizeof kernels[0]))

static uint32_t fill_seed(int arg) { return 7u + (uint32_t)arg; }

static void fill(int32_t *b, int32_t n, int how, uint32_t seed) {
    uint32_t x = seed;
    for (int32_t i = 0; i < n; i++) {
        x = (x * 1103515245u + 12345u) & 0x7fffffffu;
        b[i] = how == FILL_ZERO ? 0 : how == FILL_DOWN ? n - i : (int32_t)(x % 100u);
    }
}

/* The kernel's MiniC source bench/asm/NAME.c loaded (run from the
 * repository root), its text in *src (malloc'd); NULL after saying why on
 * stderr, as `BENCH: cannot load PATH`. */
static McModule *kernel_load(const char *bench, const Kernel *k, char **src) {
    char path[256];
    snprintf(path, sizeof path, "bench/asm/%s.c", k->name);
    McDiags d;
    mc_diags_init(&d, path, NULL, 0);
    *src = NULL;
    McModule *m = mc_load_file(path, MC_LANG_C, &d, src);
    if (!m) {
        fprintf(stderr, "%s: cannot load %s (run from the repository root)\n", bench, path);
        for (int i = 0; i < d.n; i++) fprintf(stderr, "  %s\n", d.v[i].msg);
    }
    mc_diags_free(&d);
    return m;
}

static McArgs kernel_args(const Kernel *k, int size) {
    McArgs r;
    memset(&r, 0, sizeof r);
    r.n = k->nargs;
    r.v = mc_xcalloc((size_t)r.n, sizeof *r.v);
    for (int i = 0; i < k->nargs; i++) {
        int32_t v = k->a[i].size[size];
        if (!k->a[i].buf) {
            r.v[i].scalar = v;
            continue;
        }
        r.v[i].is_buf = true;
        r.v[i].len = v;
        r.v[i].data = mc_xmalloc((size_t)(v > 0 ? v : 1) * sizeof(int32_t));
        fill(r.v[i].data, v, k->a[i].fill, fill_seed(i));
    }
    return r;
}

/* The kernel's source with a main that builds the same arguments, calls it
 * and prints the result, written to cpath. With noinline the kernel is
 * declared noinline first, so its code stays one function (counted by its
 * symbol's range). */
static bool write_driver(const Kernel *k, const char *src, const char *cpath, int size, bool noinline) {
    FILE *f = fopen(cpath, "w");
    if (!f) {
        perror(cpath);
        return false;
    }
    fprintf(f, "#include <stdio.h>\n#include <stdint.h>\n");
    if (noinline) {
        fprintf(f, "int %s(", k->name);
        for (int i = 0; i < k->nargs; i++) fprintf(f, "%sint%s", i ? ", " : "", k->a[i].buf ? " *" : "");
        fprintf(f, ") __attribute__((noinline));\n");
    }
    fprintf(f, "%s\n", src);
    for (int i = 0; i < k->nargs; i++)
        if (k->a[i].buf) fprintf(f, "static int b%d[%d];\n", i, k->a[i].size[size] > 0 ? k->a[i].size[size] : 1);
    fprintf(f, "static void fill(int *b, int n, int how, uint32_t x) {\n"
               "    for (int i = 0; i < n; i++) {\n"
               "        x = (x * 1103515245u + 12345u) & 0x7fffffffu;\n"
               "        b[i] = how == %d ? 0 : how == %d ? n - i : (int)(x %% 100u);\n"
               "    }\n}\nint main(void) {\n",
            FILL_ZERO, FILL_DOWN);
    for (int i = 0; i < k->nargs; i++)
        if (k->a[i].buf)
            fprintf(f, "    fill(b%d, %d, %d, %uu);\n", i, k->a[i].size[size], k->a[i].fill, (unsigned)fill_seed(i));
    fprintf(f, "    int r = %s(", k->name);
    for (int i = 0; i < k->nargs; i++) {
        if (i) fprintf(f, ", ");
        if (k->a[i].buf)
            fprintf(f, "b%d", i);
        else
            fprintf(f, "%d", k->a[i].size[size]);
    }
    fprintf(f, ");\n    printf(\"%%d\\n\", r);\n    return 0;\n}\n");
    return fclose(f) == 0;
}

/* The fill routine for target t (its harness's syntax: Intel for x86-64). */
static void fill_routine(McTarget t, const McArgs *a, const Kernel *k, McStr *o) {
    mc_str_puts(o, "\n    .text\n# bench/asm_kernels.h: the buffers filled at run time (the harness's data is .zero)\n"
                   "minicc_bench_fill:\n");
    for (int i = 0; i < a->n; i++) {
        if (!a->v[i].is_buf || a->v[i].len <= 0 || k->a[i].fill == FILL_ZERO) continue;
        int32_t n = a->v[i].len;
        bool down = k->a[i].fill == FILL_DOWN;
        if (t == MC_TARGET_X64) {
            mc_str_printf(o, "    lea rdi, [rip + minicc_buf%d]\n    mov ecx, %d\n", i, (int)n);
            if (!down) mc_str_printf(o, "    mov r8d, %u\n    mov r9d, 100\n", (unsigned)fill_seed(i));
            mc_str_printf(o, "minicc_bench_fill%d:\n", i);
            if (down)
                mc_str_puts(o, "    mov dword ptr [rdi], ecx\n");
            else
                mc_str_puts(o, "    imul r8d, r8d, 1103515245\n    add r8d, 12345\n    and r8d, 0x7fffffff\n"
                               "    mov eax, r8d\n    xor edx, edx\n    div r9d\n    mov dword ptr [rdi], edx\n");
            mc_str_printf(o, "    add rdi, 4\n    dec ecx\n    jnz minicc_bench_fill%d\n", i);
        } else {
            mc_str_printf(o, "    lla t0, minicc_buf%d\n    li t1, %d\n", i, (int)n);
            if (!down)
                mc_str_printf(o, "    li t2, %u\n    li t3, 1103515245\n    li t4, 0x7fffffff\n    li a0, 100\n"
                                 "    li a1, 12345\n",
                              (unsigned)fill_seed(i));
            mc_str_printf(o, "minicc_bench_fill%d:\n", i);
            if (down)
                mc_str_puts(o, "    sw t1, 0(t0)\n");
            else /* x < 2^31 and the multiplier < 2^31: the 64-bit product does not wrap */
                mc_str_puts(o, "    mul t2, t2, t3\n    add t2, t2, a1\n    and t2, t2, t4\n    remu a2, t2, a0\n"
                               "    sw a2, 0(t0)\n");
            mc_str_printf(o, "    addi t0, t0, 4\n    addi t1, t1, -1\n    bnez t1, minicc_bench_fill%d\n", i);
        }
    }
    mc_str_puts(o, "    ret\n");
}

/* The emitted program (mc_asm_emit with the arguments a) rewritten so the
 * buffers are filled at run time; malloc'd, or NULL with the reason in why. */
static char *asm_fill_at_run_time(McTarget t, const char *text, const McArgs *a, const Kernel *k, char *why,
                                  size_t whysize) {
    const char *start = strstr(text, "\n_start:\n");
    if (!start) {
        snprintf(why, whysize, "the harness has no _start: label");
        return NULL;
    }
    start += strlen("\n_start:\n");
    McStr o;
    mc_str_init(&o);
    mc_str_putn(&o, text, (size_t)(start - text));
    mc_str_puts(&o, "    call minicc_bench_fill                # bench: fill the buffers\n");
    const char *p = start;
    const char *data = t == MC_TARGET_X64 ? "    .long " : "    .word ";
    for (int i = 0; i < a->n; i++) {
        if (!a->v[i].is_buf) continue;
        char label[64];
        snprintf(label, sizeof label, "\nminicc_buf%d:\n", i);
        const char *l = strstr(p, label);
        if (!l) {
            snprintf(why, whysize, "the harness has no minicc_buf%d: label", i);
            mc_str_free(&o);
            return NULL;
        }
        l += strlen(label);
        mc_str_putn(&o, p, (size_t)(l - p));
        mc_str_printf(&o, "    .zero %lld\n", (long long)a->v[i].len * 4);
        int64_t lines = 0;
        while (strncmp(l, data, strlen(data)) == 0) {
            const char *e = strchr(l, '\n');
            l = e ? e + 1 : l + strlen(l);
            lines++;
        }
        if (lines != (a->v[i].len + 15) / 16) {
            snprintf(why, whysize, "minicc_buf%d: %lld data lines, expected %lld", i, (long long)lines,
                     (long long)(a->v[i].len + 15) / 16);
            mc_str_free(&o);
            return NULL;
        }
        p = l;
    }
    mc_str_puts(&o, p);
    fill_routine(t, a, k, &o);
    return mc_str_take(&o);
}

#endif
