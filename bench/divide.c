/* bench/divide.c - the C backend's division helpers (issue 26). cgen.c now
 * divides on uint32_t magnitudes (minicc_mag) so that no signed `/`, `%` or
 * negation is left for the C compiler to assume free of overflow; before, it
 * called `x / y` and `x % y` on int32_t with -1 set apart. This bench renders
 * one division-heavy loop kernel (a variable divisor, constant divisors 7 and
 * -3, remainders, a negated dividend) with mc_cgen_render, makes a second
 * copy of the text with the earlier helpers put back, compiles both with
 * `cc -std=c11 -O2 -fPIC -shared` ($CC overrides cc), loads both into this
 * process and times the entry on the same random buffer.
 *
 * Rounds interleave the two, and each one's fastest call counts (the machine
 * is shared). Prints the ratio new / old; the results must agree (they are
 * compared on every call). Goal: the ratio <= 1.3 (the "-O2 speed" kept). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "minicc/cgen.h"
#include "minicc/gen.h"
#include "minicc/opt.h"
#include "minicc/parse.h"
#include "minicc/ssa.h"
#include "minicc/util.h"

static const char *kernel_ir = "func divs(buf a, i32 n, i32 d) {\n"
                               "entry:\n  i = copy 0\n  s = copy 0\n  jump head\n"
                               "head:\n  c = lt i, n\n  branch c, body, done\n"
                               "body:\n  x = load a, i\n  q = div x, d\n  r = rem x, 7\n"
                               "  m = sub 0, x\n  t = div m, -3\n  u = rem m, d\n"
                               "  s = add s, q\n  s = add s, r\n  s = add s, t\n  s = xor s, u\n"
                               "  i = add i, 1\n  jump head\n"
                               "done:\n  return s\n}\n";

/* The helpers as cgen.c emitted them before issue 26. */
static const char *old_helpers = "static inline int32_t minicc_div(int32_t x, int32_t y) {\n"
                                 "    if (y == -1) return minicc_bits(0u - (uint32_t)x);\n"
                                 "    return x / y;\n}\n"
                                 "static inline int32_t minicc_rem(int32_t x, int32_t y) {\n"
                                 "    if (y == -1) return 0;\n"
                                 "    return x % y;\n}\n\n";

static McFunc *load_ssa(const char *text) {
    McDiags d;
    mc_diags_init(&d, "divide.ir", text, strlen(text));
    McModule *m = mc_parse("divide.ir", text, strlen(text), &d);
    if (!m) {
        mc_diags_print(&d, stderr, true);
        exit(1);
    }
    McFunc *f = mc_ssa_build(m->funcs[0], MC_SSA_PRUNED, NULL, &d);
    if (!f || !mc_opt_run(f, NULL, NULL, &d)) {
        mc_diags_print(&d, stderr, true);
        exit(1);
    }
    mc_module_free(m);
    mc_diags_free(&d);
    return f;
}

/* c with the text from the line starting `from` up to (not including) the
 * line starting `to` replaced by rep. */
static char *splice(const char *c, const char *from, const char *to, const char *rep) {
    const char *a = strstr(c, from), *b = a ? strstr(a, to) : NULL;
    if (!a || !b) {
        fprintf(stderr, "bench/divide: the rendered C has no '%s' ... '%s'\n", from, to);
        exit(1);
    }
    McStr s;
    mc_str_init(&s);
    mc_str_putn(&s, c, (size_t)(a - c));
    mc_str_puts(&s, rep);
    mc_str_puts(&s, b);
    return mc_str_take(&s);
}

static McCgenEntry build(const char *dir, const char *name, const char *c) {
    char src[512], so[512], cmd[1400];
    snprintf(src, sizeof src, "%s/%s.c", dir, name);
    snprintf(so, sizeof so, "%s/%s.so", dir, name);
    FILE *fp = fopen(src, "w");
    if (!fp || fputs(c, fp) < 0 || fclose(fp) != 0) {
        fprintf(stderr, "bench/divide: cannot write %s\n", src);
        exit(1);
    }
    const char *cc = getenv("CC");
    snprintf(cmd, sizeof cmd, "%s -std=c11 -O2 -fPIC -shared -o %s %s", cc && *cc ? cc : "cc", so, src);
    if (system(cmd) != 0) {
        fprintf(stderr, "bench/divide: failed: %s\n", cmd);
        exit(1);
    }
    void *h = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    void *sym = h ? dlsym(h, MC_CGEN_ENTRY) : NULL;
    if (!sym) {
        fprintf(stderr, "bench/divide: dlopen: %s\n", dlerror());
        exit(1);
    }
    McCgenEntry e;
    memcpy(&e, &sym, sizeof e);
    return e;
}

enum { N = 20000, ROUNDS = 40, CALLS = 5 };

int main(void) {
    McFunc *f = load_ssa(kernel_ir);
    char *now = mc_cgen_render(f);
    char *before = splice(now, "static inline uint32_t minicc_sign", "static int32_t minicc_fn", old_helpers);
    char dir[] = "/tmp/minicc-bench-divide-XXXXXX";
    if (!mkdtemp(dir)) {
        perror("bench/divide: mkdtemp");
        return 1;
    }
    McCgenEntry e[2] = {build(dir, "now", now), build(dir, "before", before)};
    static int32_t buf[N];
    McRng r;
    mc_rng_seed(&r, 26);
    for (int i = 0; i < N; i++) buf[i] = (int32_t)mc_rng_next(&r);
    buf[0] = INT32_MIN;
    int32_t scalars[3] = {0, N, 13}, lens[3] = {N, 0, 0}, err[3];
    int32_t *bufs[3] = {buf, NULL, NULL};
    double best[2] = {1e30, 1e30};
    for (int round = 0; round < ROUNDS; round++) {
        scalars[2] = round % 2 ? 13 : -5;
        int32_t got[2];
        for (int k = 0; k < 2; k++) {
            double t0 = mc_now();
            for (int c = 0; c < CALLS; c++) got[k] = e[k](scalars, bufs, lens, err);
            double t = (mc_now() - t0) / CALLS;
            if (t < best[k]) best[k] = t;
        }
        if (got[0] != got[1]) {
            fprintf(stderr, "bench/divide: the helpers disagree: %ld and %ld\n", (long)got[0], (long)got[1]);
            return 1;
        }
    }
    double ratio = best[0] / best[1];
    printf("division kernel, %d elements (4 div/rem each), fastest of %d rounds:\n", N, ROUNDS);
    printf("  before (int32_t x / y, -1 apart)   %8.1f us\n", best[1] * 1e6);
    printf("  now (uint32_t magnitudes)          %8.1f us\n", best[0] * 1e6);
    printf("  now / before                       %8.2f  (goal <= 1.3)\n", ratio);
    for (int k = 0; k < 2; k++) {
        char p[600];
        snprintf(p, sizeof p, "%s/%s.c", dir, k ? "before" : "now");
        unlink(p);
        snprintf(p, sizeof p, "%s/%s.so", dir, k ? "before" : "now");
        unlink(p);
    }
    rmdir(dir);
    free(now);
    free(before);
    mc_func_free(f);
    return ratio <= 1.3 ? 0 : 1;
}
