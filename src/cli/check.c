/* check.c - `minicc check FILE [--func NAME] [-O0|-O1] [--max-steps N] [--cc system|tcc] [--] ARG...`
 *
 * Runs the function through every stage of the pipeline (mc_check_run, the
 * same comparison the prompt and lessons use), each on a fresh copy of the
 * arguments, prints one line per stage with its outcome and the final
 * buffers, then `agree` (exit 0) or `diverge at STAGE` naming the first stage
 * whose outcome differs from the input's (exit 1). A stage that cannot run at
 * all (no C compiler, an internal error) counts as a divergence; an asm row
 * whose target's tools are missing is `not run: WHY` and does not. The asm
 * rows: x86-64 and rv64 (run under qemu-riscv64 when its tools are present,
 * else `not run` saying which is missing); --targets x86-64 or rv64 keeps one.
 *
 *   input       return 12
 *   ssa         return 12
 *   opt         return 12; a = [1, 2, 3]
 *   agree */
#include <stdio.h>

#include "cli.h"
#include "common.h"
#include "minicc/check.h"

int mc_cli_check(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts o;
    unsigned accepted = MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_MAX_STEPS | MC_CLI_ALLOCATOR | MC_CLI_TIMEOUT |
                        MC_CLI_KEEP_C | MC_CLI_CC | MC_CLI_ARGS | MC_CLI_ALLOC_OPT | MC_CLI_CONVENTION |
                        MC_CLI_TARGETS | MC_CLI_MAX_DEPTH | MC_CLI_ASM_BUG;
    int st = mc_cli_opts_parse(argc, argv, accepted, &o);
    if (st) return st;
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    McArgs base;
    if ((st = mc_cli_args(&o, p.func, &base))) {
        mc_cli_program_free(&p);
        mc_cli_opts_free(&o);
        return st;
    }
    /* the asm rows (check.h): both unless --targets names one */
    o.stage.target = o.targets == 1 ? MC_TARGET_X64 : o.targets == 2 ? MC_TARGET_RV64 : MC_TARGET_CHAPTER;
    McCheck c;
    mc_cli_cache_warning(&o); /* a row is stage native */
    mc_check_run(p.func, &base, &o.stage, &c);
    mc_check_print(p.func, &c, stdout);
    fflush(stdout);
    for (int i = 0; i < c.nrows; i++) /* one note, for the first stage that ran out of steps */
        if (c.rows[i].ran && mc_cli_step_note(&c.rows[i].outcome, &o)) break;
    int rc = c.diverged >= 0 ? 1 : 0;
    mc_check_free(&c);
    mc_args_free(&base);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return rc;
}
