/* bench/back.c - what a back step costs after a long run (issue 29 §1):
 * share/minicc/examples/swap.ir's loop (run from the top of the tree) run with `continue` (the fast path, taking checkpoints as
 * it goes) to 10^3 .. 10^9 block entries, then `back 1` from there: the
 * back step replays from the nearest checkpoint, so its cost should stay
 * flat while the forward run grows; then `reverse-stepi` (one instruction
 * back, also from the nearest checkpoint). Printed per length: the forward
 * run's CPU time (the baseline, same run), the back step's, their ratio,
 * the reverse-stepi's, and the checkpoints' estimated memory (at most 64
 * MB). CPU time, not wall time. */
#include <stdio.h>
#include <time.h>

#include "shell/session.h"

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(void) {
    printf("%-12s %12s %12s %10s %12s %12s\n", "steps", "forward ms", "back ms", "back/fwd", "rsi ms", "ckpt MB");
    int status = 0;
    for (long long n = 1000; n <= 1000000000LL; n *= 10) {
        McSession s;
        mc_session_init(&s);
        if (!mc_session_load(&s, "share/minicc/examples/swap.ir", stderr)) return 1;
        char arg[32];
        snprintf(arg, sizeof arg, "%lld", n / 2);
        char *argv[] = {arg};
        if (!mc_session_set_args(&s, 1, argv, stderr)) return 1;
        s.max_steps = n * 4;
        bool at_break = false;
        double t0 = cpu_ms();
        mc_session_start(&s, stderr);
        mc_session_continue(&s, &at_break, stderr);
        double t1 = cpu_ms();
        /* from the end: a run that returned; back one block */
        long long at = (long long)mc_interp_steps(s.interp);
        double b0 = cpu_ms();
        mc_session_back(&s, 1, stderr);
        double b1 = cpu_ms();
        if ((long long)mc_interp_steps(s.interp) != at - 1) {
            printf("back landed at %lld, not %lld\n", (long long)mc_interp_steps(s.interp), at - 1);
            status = 1;
        }
        int64_t ticks = mc_interp_ticks(s.interp);
        double r0 = cpu_ms();
        mc_session_reverse_step(&s, false, NULL, stderr);
        double r1 = cpu_ms();
        if (mc_interp_ticks(s.interp) != ticks - 1) {
            printf("reverse-stepi landed at tick %lld, not %lld\n", (long long)mc_interp_ticks(s.interp),
                   (long long)ticks - 1);
            status = 1;
        }
        printf("%-12lld %12.2f %12.3f %10.4f %12.3f %12.1f\n", at, t1 - t0, b1 - b0,
               (b1 - b0) / (t1 - t0 > 0 ? t1 - t0 : 1e-9), r1 - r0, mc_session_ckpt_bytes(&s) / 1048576.0);
        mc_session_free(&s);
    }
    return status;
}
