/* bench/dense.c - dense interference graphs (issue 14, defect 6).
 *
 * The function: N i32 parameters summed in a chain (p0 + p1 + ... + p(N-1)).
 * Every parameter is live on entry, so the interference graph has about N^2
 * edges: 25 million at N = 5,000. For N = 2,500, 5,000 and 10,000 it does
 * what `minicc check` does with a function after its interpreters: SSA +
 * -O1, then the improved allocator at K = 1, 2, 4 and 16, each allocation
 * run on the allocated machine and its result checked (plus the baseline
 * allocator at K = 16, which `sweep` adds). N = 20,000 (400 million
 * interferences) must be refused by the size limit with its diagnostic.
 *
 * Each size runs in a child process, so that its peak resident memory is
 * its own (the child's getrusage at the end). Times are the child's CPU
 * seconds (user + system), so other processes on the machine disturb them
 * little.
 *
 * Goals, checked in this run:
 *   N = 5,000: under 2 s and under 200 MB (the goal for `check`,
 *     whose other stages take a few hundredths of a second here);
 *   N = 20,000: refused, under 30 s and 2 GB;
 *   time(10,000) / time(5,000) <= 5: work near O(edges), which grow 4x.
 * Exit status 1 when a goal is missed. Before this work the N = 5,000 run
 * took 8 s and 600 MB, and N = 20,000 6.4 GB. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

static char *chain_src(int n, size_t *len_out) {
    size_t cap = (size_t)n * 64 + 100, len = 0;
    char *s = mc_xmalloc(cap);
    len += (size_t)snprintf(s + len, cap - len, "func chain(");
    for (int i = 0; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "%si32 p%d", i ? ", " : "", i);
    len += (size_t)snprintf(s + len, cap - len, ") {\nentry:\n    s1 = add p0, p1\n");
    for (int i = 2; i < n; i++) len += (size_t)snprintf(s + len, cap - len, "    s%d = add s%d, p%d\n", i, i - 1, i);
    len += (size_t)snprintf(s + len, cap - len, "    return s%d\n}\n", n - 1);
    *len_out = len;
    return s;
}

static double cpu_seconds(void) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           (double)ru.ru_stime.tv_usec / 1e6;
}

/* The child's work: 0 when every allocation ran and returned the sum (or,
 * with expect_refusal, when every one was refused by the limit). */
static int work(int n, bool expect_refusal, double *seconds) {
    size_t len;
    char *src = chain_src(n, &len);
    double t0 = cpu_seconds();
    McDiags d;
    mc_diags_init(&d, "chain.ir", src, len);
    McModule *m = mc_parse("chain.ir", src, len, &d);
    if (!m) return 1;
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 1, &d);
    if (!ssa) return 1;
    McArgs args;
    args.n = n;
    args.v = mc_xcalloc((size_t)n, sizeof *args.v);
    for (int i = 0; i < n; i++) args.v[i].scalar = i + 1;
    int32_t want = (int32_t)((int64_t)n * (n + 1) / 2);
    static const int ks[] = {1, 2, 4, 16, 16};
    int bad = 0;
    for (int i = 0; i < 5; i++) {
        McAllocator which = i == 4 ? MC_ALLOC_BASELINE : MC_ALLOC_IMPROVED;
        mc_diags_clear(&d);
        McAllocation *a = mc_allocate(ssa, which, ks[i], NULL, &d);
        if (expect_refusal) {
            if (a || d.n != 1 || !mc_alloc_too_large(d.v[0].msg)) bad = 1;
            if (i == 0 && d.n) printf("    %s\n", d.v[0].msg);
        } else if (!a) {
            bad = 1;
        } else {
            McOutcome o = mc_machine_run(a, &args, 0, NULL);
            if (o.kind != MC_RETURNED || o.value != want) bad = 1;
        }
        mc_allocation_free(a);
    }
    *seconds = cpu_seconds() - t0;
    free(args.v);
    mc_func_free(ssa);
    mc_module_free(m);
    mc_diags_free(&d);
    free(src);
    return bad;
}

/* Run one size in a child; its CPU time and the children's peak RSS (MB). */
static int measure(int n, bool expect_refusal, double *seconds, double *mb) {
    int fd[2];
    if (pipe(fd) != 0) return 1;
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) return 1;
    if (pid == 0) {
        close(fd[0]);
        double r[2] = {0, 0};
        int st = work(n, expect_refusal, &r[0]);
        struct rusage ru;
        getrusage(RUSAGE_SELF, &ru);
        r[1] = (double)ru.ru_maxrss / 1024.0;
        fflush(stdout);
        if (write(fd[1], r, sizeof r) != (ssize_t)sizeof r) st = 1;
        _exit(st);
    }
    close(fd[1]);
    double r[2] = {-1, -1};
    if (read(fd[0], r, sizeof r) != (ssize_t)sizeof r) r[0] = -1;
    close(fd[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    double s = r[0];
    *seconds = s;
    *mb = r[1];
    return WIFEXITED(status) && WEXITSTATUS(status) == 0 && s >= 0 ? 0 : 1;
}

int main(void) {
    static const int sizes[] = {2500, 5000, 10000};
    double t[3], mb[3];
    int fails = 0;
    printf("dense interference: N i32 parameters summed in a chain (~N^2 edges);\n"
           "improved K=1,2,4,16 + baseline K=16, each run on the machine (CPU s, peak RSS)\n");
    printf("  %6s  %12s  %8s  %9s\n", "N", "edges", "seconds", "RSS MB");
    for (int i = 0; i < 3; i++) {
        int n = sizes[i];
        if (measure(n, false, &t[i], &mb[i])) {
            printf("  %6d  FAILED (an allocation failed or returned the wrong sum)\n", n);
            fails++;
            continue;
        }
        long long edges = (long long)n * (n - 1) / 2 + (long long)(n - 2) * (n - 1) / 2;
        printf("  %6d  %12lld  %8.2f  %9.1f\n", n, edges, t[i], mb[i]);
    }
    double tr, mr;
    printf("  N = 20000 (over the limit):\n");
    int refused = measure(20000, true, &tr, &mr) == 0;
    printf("  %6d  %12s  %8.2f  %9.1f  %s\n", 20000, "refused", tr, mr, refused ? "" : "NOT REFUSED");
    double ratio = t[1] > 0 ? t[2] / t[1] : 0;
    printf("time(10000) / time(5000) = %.2f (edges 4.0x)\n", ratio);
    bool g1 = !fails && t[1] < 2.0 && mb[1] < 200.0;
    bool g2 = refused && tr < 30.0 && mr < 2048.0;
    bool g3 = !fails && ratio <= 5.0;
    printf("goal: N = 5000 under 2 s and 200 MB: %s\n", g1 ? "met" : "MISSED");
    printf("goal: N = 20000 refused under 30 s and 2 GB: %s\n", g2 ? "met" : "MISSED");
    printf("goal: doubling N at most 5x the time: %s\n", g3 ? "met" : "MISSED");
    return g1 && g2 && g3 ? 0 : 1;
}
