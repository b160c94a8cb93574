/* bench/asm_rv64.c - issue 31 §6: the dynamic instruction count of the
 * rv64 code minicc emits. The six MiniC kernels of bench/asm/ (bubble sort,
 * sieve, matrix product, hash, dot product, recursive fib) at smaller sizes
 * than bench/asm.c's (asm_kernels.h, SIZE_COUNTED: qemu's log makes a
 * counted run about 1.5 M instructions a second) are allocated for rv64
 * (optimized SSA, the improved allocator on 24 registers), emitted with the
 * harness (buffers filled at run time) and run under qemu-riscv64 with
 * every executed instruction logged (asm_count.h); the count is that of
 * the instructions inside minicc_f0..minicc_fN (the kernel and its callees,
 * trap stubs included): the harness, the fill and the record are left out.
 * With riscv64-linux-gnu-gcc (Debian package gcc-riscv64-linux-gnu) the
 * same C source with a main that builds the same data (asm_kernels.h's
 * driver, the kernel declared noinline) is compiled -static at -O0 and -O1
 * and counted the same way inside the kernel's symbol; without it those
 * columns say so. Counts are deterministic: one run each. The results (and
 * every buffer of minicc's run) must agree with the run path's.
 * No goal is enforced (issue 31 §6 asks for the figures); a disagreeing
 * result or a failed count makes the bench exit 1. `--smoke`: the kernels
 * at bench/asm's smoke sizes. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minicc/asm.h"
#include "minicc/minic.h"
#include "minicc/run.h"
#include "minicc/util.h"

#include "asm_count.h"
#include "asm_kernels.h"

enum { MAX_RANGES = 64 };

static char dir[] = "/tmp/minicc-bench-asm-rv64-XXXXXX";

static void remove_files(const char *name) {
    const char *ext[] = {".s", ".o", ".c", ""};
    char path[600];
    for (size_t i = 0; i < sizeof ext / sizeof ext[0]; i++) {
        snprintf(path, sizeof path, "%s/%s%s", dir, name, ext[i]);
        unlink(path);
    }
}

/* minicc's count of kernel k: -1 on a failure (printed). */
static int64_t count_minicc(const Kernel *k, const McFunc *f, int size, const McOutcome *want, const McArgs *ref) {
    McDiags d;
    mc_diags_init(&d, k->name, NULL, 0);
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = MC_TARGET_RV64;
    McProgram p;
    McFunc *prepared = NULL;
    int64_t result = -1;
    if (!mc_asm_allocate(f, &o, &p, &prepared, &d)) {
        fprintf(stderr, "bench/asm_rv64: %s: %s\n", k->name, d.n ? d.v[0].msg : "allocation failed");
        mc_diags_free(&d);
        return -1;
    }
    McArgs args = kernel_args(k, size);
    char *emitted = mc_asm_emit(&p, &o, &args, NULL, &d);
    char why[300];
    char *text = emitted ? asm_fill_at_run_time(MC_TARGET_RV64, emitted, &args, k, why, sizeof why) : NULL;
    char name[64], path[600];
    snprintf(name, sizeof name, "%s-minicc", k->name);
    snprintf(path, sizeof path, "%s/%s.s", dir, name);
    FILE *sf = NULL;
    if (!emitted) {
        fprintf(stderr, "bench/asm_rv64: %s: %s\n", k->name, d.n ? d.v[0].msg : "emit failed");
    } else if (!text) {
        fprintf(stderr, "bench/asm_rv64: %s: cannot fill the buffers at run time: %s\n", k->name, why);
    } else if (!(sf = fopen(path, "w")) || fputs(text, sf) < 0 || fclose(sf) != 0) {
        fprintf(stderr, "bench/asm_rv64: cannot write %s\n", path);
    } else if (!count_build_asm(dir, name, why, sizeof why)) {
        fprintf(stderr, "bench/asm_rv64: %s: %s\n", k->name, why);
    } else {
        snprintf(path, sizeof path, "%s/%s", dir, name);
        CountRange r[MAX_RANGES];
        int nr = count_symbol_ranges(path, "minicc_f", true, r, MAX_RANGES, why, sizeof why);
        McStr out;
        mc_str_init(&out);
        CountResult c;
        if (nr < 1) {
            fprintf(stderr, "bench/asm_rv64: %s: %s\n", k->name, nr < 0 ? why : "no minicc_fN symbols");
        } else if (!count_run(path, r, nr, &c, &out, why, sizeof why)) {
            fprintf(stderr, "bench/asm_rv64: %s: %s\n", k->name, why);
        } else {
            /* the record, then every buffer (asm.h) */
            size_t want_len = sizeof(McAsmRecord);
            for (int i = 0; i < args.n; i++)
                if (args.v[i].is_buf) want_len += (size_t)args.v[i].len * 4;
            McAsmRecord rec;
            memset(&rec, 0, sizeof rec);
            if (out.len >= sizeof rec) memcpy(&rec, out.s, sizeof rec);
            if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0 || out.len != want_len ||
                rec.magic != MC_ASM_MAGIC || rec.kind != MC_ASM_TRAP_NONE) {
                fprintf(stderr, "bench/asm_rv64: %s: minicc's program ended without a result (%zu bytes of %zu)\n",
                        k->name, out.len, want_len);
            } else {
                size_t at = sizeof rec;
                for (int i = 0; i < args.n; i++) {
                    if (!args.v[i].is_buf || args.v[i].len <= 0) continue;
                    memcpy(args.v[i].data, out.s + at, (size_t)args.v[i].len * 4);
                    at += (size_t)args.v[i].len * 4;
                }
                McOutcome got;
                memset(&got, 0, sizeof got);
                got.kind = MC_RETURNED;
                got.value = rec.value;
                if (!mc_outcome_same(&got, &args, want, ref)) {
                    char b1[160], b2[160];
                    fprintf(stderr, "bench/asm_rv64: %s: minicc's code gave %s, the run path %s\n", k->name,
                            mc_outcome_str(&got, b1, sizeof b1), mc_outcome_str(want, b2, sizeof b2));
                } else {
                    result = c.in_range;
                }
            }
        }
        mc_str_free(&out);
    }
    remove_files(name);
    free(text);
    free(emitted);
    mc_args_free(&args);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    return result;
}

/* The cross compiler's count of kernel k at level: -1 on a failure (printed). */
static int64_t count_gcc(const Kernel *k, const char *src, int size, const char *level, const McOutcome *want) {
    char name[64], cpath[600], exe[600], cmd[2000], why[300];
    snprintf(name, sizeof name, "%s%s", k->name, level);
    snprintf(cpath, sizeof cpath, "%s/%s.c", dir, name);
    snprintf(exe, sizeof exe, "%s/%s", dir, name);
    int64_t result = -1;
    if (!write_driver(k, src, cpath, size, true)) return -1;
    snprintf(cmd, sizeof cmd, "riscv64-linux-gnu-gcc %s -static -w -o '%s' '%s'", level, exe, cpath);
    if (system(cmd) != 0) {
        fprintf(stderr, "bench/asm_rv64: cannot compile %s at %s\n", cpath, level);
        remove_files(name);
        return -1;
    }
    CountRange r[2];
    int nr = count_symbol_ranges(exe, k->name, false, r, 2, why, sizeof why);
    McStr out;
    mc_str_init(&out);
    CountResult c;
    if (nr != 1) {
        fprintf(stderr, "bench/asm_rv64: %s at %s: %s\n", k->name, level, nr < 0 ? why : "not one sized symbol");
    } else if (!count_run(exe, r, nr, &c, &out, why, sizeof why)) {
        fprintf(stderr, "bench/asm_rv64: %s at %s: %s\n", k->name, level, why);
    } else {
        mc_str_putn(&out, "", 1);
        long v = 0;
        if (!WIFEXITED(c.status) || WEXITSTATUS(c.status) != 0 || sscanf(out.s, "%ld", &v) != 1 ||
            want->kind != MC_RETURNED || v != want->value)
            fprintf(stderr, "bench/asm_rv64: %s at %s printed %s, the run path returned %d\n", k->name, level,
                    out.s, (int)want->value);
        else
            result = c.in_range;
    }
    mc_str_free(&out);
    remove_files(name);
    return result;
}

int main(int argc, char **argv) {
    bool smoke = argc > 1 && strcmp(argv[1], "--smoke") == 0;
    int size = smoke ? SIZE_SMOKE : SIZE_COUNTED;
    char why[256];
    if (!mc_target_tools(MC_TARGET_RV64, why, sizeof why)) {
        printf("bench/asm_rv64: skipped: %s\n", why);
        return 0;
    }
    if (system("command -v riscv64-linux-gnu-nm >/dev/null 2>&1") != 0) {
        printf("bench/asm_rv64: skipped: riscv64-linux-gnu-nm is not installed (Debian package "
               "binutils-riscv64-linux-gnu)\n");
        return 0;
    }
    bool have_gcc = system("command -v riscv64-linux-gnu-gcc >/dev/null 2>&1") == 0;
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    printf("asm_rv64: rv64 instructions executed inside the kernel (qemu-riscv64 %s -d exec), minicc "
           "(optimized, improved allocator) against riscv64-linux-gnu-gcc -O0 / -O1\n",
           count_one_insn_flag());
    if (!have_gcc)
        printf("riscv64-linux-gnu-gcc is not installed (Debian package gcc-riscv64-linux-gnu): its columns are "
               "left out\n");
    printf("%-8s %-22s %12s %12s %12s %8s %8s\n", "kernel", "size", "minicc", "gcc -O0", "gcc -O1", "/ -O0",
           "/ -O1");
    double logsum0 = 0, logsum1 = 0;
    int fails = 0;
    for (int ki = 0; ki < NK; ki++) {
        const Kernel *k = &kernels[ki];
        char *src;
        McModule *m = kernel_load("bench/asm_rv64", k, &src);
        if (!m) return 1;
        McDiags d;
        mc_diags_init(&d, k->name, NULL, 0);
        const McFunc *f = mc_module_find(m, k->name);
        McArgs ref = kernel_args(k, size);
        McOutcome want = mc_run(f, &ref, INT64_MAX / 4);
        char sizes[64] = "";
        for (int i = 0, at = 0; i < k->nargs && at < (int)sizeof sizes; i++)
            at += snprintf(sizes + at, sizeof sizes - (size_t)at, "%s%s%d%s", i ? "," : "", k->a[i].buf ? "[" : "",
                           (int)k->a[i].size[size], k->a[i].buf ? "]" : ""); /* [n]: a buffer of n */
        int64_t mine = count_minicc(k, f, size, &want, &ref);
        int64_t g[2] = {-1, -1};
        if (have_gcc) {
            g[0] = count_gcc(k, src, size, "-O0", &want);
            g[1] = count_gcc(k, src, size, "-O1", &want);
        }
        if (mine < 0 || (have_gcc && (g[0] < 0 || g[1] < 0))) fails++;
        printf("%-8s %-22s %12lld", k->name, sizes, (long long)mine);
        if (have_gcc && mine > 0 && g[0] > 0 && g[1] > 0) {
            double r0 = (double)mine / (double)g[0], r1 = (double)mine / (double)g[1];
            printf(" %12lld %12lld %7.2fx %7.2fx\n", (long long)g[0], (long long)g[1], r0, r1);
            logsum0 += log(r0);
            logsum1 += log(r1);
        } else {
            printf(" %12s %12s %8s %8s\n", "-", "-", "-", "-");
        }
        mc_args_free(&ref);
        mc_module_free(m);
        free(src);
        mc_diags_free(&d);
    }
    rmdir(dir);
    if (have_gcc && !fails)
        printf("geomean minicc / gcc -O0: %.2fx, minicc / gcc -O1: %.2fx (instructions; reported, no goal)\n",
               exp(logsum0 / NK), exp(logsum1 / NK));
    if (fails) {
        printf("bench/asm_rv64: %d kernel%s failed\n", fails, fails == 1 ? "" : "s");
        return 1;
    }
    return 0;
}
