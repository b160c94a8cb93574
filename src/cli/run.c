/* run.c - `minicc run FILE [options] [--] ARG...` (docs/ir.md §5).
 *
 * Loads FILE, selects the function, parses the arguments, executes the
 * chosen stage through the pipeline and prints the outcome: `return V` or
 * `trap: MESSAGE`, then the final buffers, then (--stats, stage alloc) the
 * stats line. Exit 0 on return, 3 on trap, 2 on a bad program, bad arguments
 * or a stage that cannot run. */
#include <stdio.h>

#include "cli.h"
#include "common.h"
#include "minicc/pipeline.h"
#include "shell/alloc_trace.h"

int mc_cli_run(int argc, char **argv) {
    if (mc_cli_help(argc, argv)) return 0;
    McCliOpts o;
    unsigned accepted = MC_CLI_FUNC | MC_CLI_STAGE | MC_CLI_REGS | MC_CLI_ALLOCATOR | MC_CLI_OPT |
                        MC_CLI_MAX_STEPS | MC_CLI_STATS | MC_CLI_TIMEOUT | MC_CLI_KEEP_C | MC_CLI_CC | MC_CLI_ARGS |
                        MC_CLI_ALLOC_OPT | MC_CLI_TRACE_ALLOC | MC_CLI_MAX_DEPTH | MC_CLI_CONVENTION | MC_CLI_TARGET | MC_CLI_KEEP_ASM |
                        MC_CLI_ASM_BUG;
    int st = mc_cli_opts_parse(argc, argv, accepted, &o);
    if (st) return st;
    /* An option for another stage is harmless but probably a mistake
     * (`--stats` without `--stage alloc` prints no stats): say so. */
    static const struct {
        unsigned bit;
        const char *name;
        McStage stage, also; /* also: a second stage it applies to (or the same) */
    } only[] = {
        {MC_CLI_STATS, "--stats", MC_STAGE_ALLOC, MC_STAGE_ALLOC},
        {MC_CLI_REGS, "--regs", MC_STAGE_ALLOC, MC_STAGE_ALLOC},
        {MC_CLI_ALLOCATOR, "--allocator", MC_STAGE_ALLOC, MC_STAGE_ASM},
        {MC_CLI_TIMEOUT, "--timeout", MC_STAGE_NATIVE, MC_STAGE_ASM},
        {MC_CLI_KEEP_C, "--keep-c", MC_STAGE_NATIVE, MC_STAGE_NATIVE},
        {MC_CLI_ALLOC_OPT, "--alloc-opt", MC_STAGE_ALLOC, MC_STAGE_ASM},
        {MC_CLI_TRACE_ALLOC, "--trace-alloc", MC_STAGE_ALLOC, MC_STAGE_ALLOC},
        {MC_CLI_CC, "--cc", MC_STAGE_NATIVE, MC_STAGE_NATIVE},
        {MC_CLI_CONVENTION, "--convention", MC_STAGE_ALLOC, MC_STAGE_ALLOC},
        {MC_CLI_TARGET, "--target", MC_STAGE_ASM, MC_STAGE_ASM},
        {MC_CLI_KEEP_ASM, "--keep-asm", MC_STAGE_ASM, MC_STAGE_ASM},
        {MC_CLI_ASM_BUG, "--asm-bug", MC_STAGE_ASM, MC_STAGE_ASM},
    }; /* --max-depth: every stage that runs calls (all of them) */
    for (size_t i = 0; i < sizeof only / sizeof only[0]; i++)
        if ((o.given & only[i].bit) && o.stage.stage != only[i].stage && o.stage.stage != only[i].also)
            fprintf(stderr, "minicc run: note: %s applies to --stage %s only (ignored at stage %s)\n", only[i].name,
                    mc_stage_name(only[i].stage), mc_stage_name(o.stage.stage));
    if (o.stage.asm_bug != MC_ASM_BUG_NONE && o.stage.stage == MC_STAGE_ASM && o.stage.target == MC_TARGET_RV64)
        fprintf(stderr, "minicc run: note: --asm-bug plants a bug of x86-64's emitter: rv64 runs unchanged\n");
    McCliProgram p;
    if ((st = mc_cli_load(&o, &p))) {
        mc_cli_opts_free(&o);
        return st;
    }
    McArgs args;
    if ((st = mc_cli_args(&o, p.func, &args))) {
        mc_cli_program_free(&p);
        mc_cli_opts_free(&o);
        return st;
    }
    McOutcome out;
    McStageStats stats;
    McDiags d;
    mc_diags_init(&d, o.file, NULL, 0);
    if (o.stage.stage == MC_STAGE_NATIVE) mc_cli_cache_warning(&o);
    bool traced = true;
    if (o.trace_alloc && o.stage.stage == MC_STAGE_ALLOC) {
        /* the trace of the allocation the stage is about to make (the same
         * inputs give the same allocation) */
        McFunc *ssa = mc_pipeline_prepare(p.func, o.stage.opt_level, &d);
        traced = ssa && mc_shell_print_alloc_trace(stdout, ssa, o.stage.allocator, o.stage.regs, &o.alloc, &args,
                                                   o.stage.max_steps, &d);
        mc_func_free(ssa);
    }
    if (!traced) {
        mc_cli_print_diags(&o, &d);
        st = 2;
    } else if (mc_stage_execute(p.func, &o.stage, &args, &out, &stats, &d)) {
        mc_outcome_print(p.func, &out, &args, stdout);
        mc_cli_step_note(&out, &o);
        if (o.stats && stats.valid) {
            printf("stats: instructions=%lld spill_reads=%lld spill_writes=%lld registers=%d slots=%d",
                   (long long)stats.instructions, (long long)stats.spill_reads, (long long)stats.spill_writes,
                   (int)stats.registers, (int)stats.slots);
            if (stats.frames) /* the convention's traffic, only for a run with calls */
                printf(" calls=%lld saves=%lld restores=%lld arg_moves=%lld", (long long)stats.calls,
                       (long long)stats.saves, (long long)stats.restores, (long long)stats.arg_moves);
            putchar('\n');
        }
        st = mc_cli_outcome_status(&out);
    } else {
        mc_cli_print_diags(&o, &d);
        st = 2;
    }
    fflush(stdout);
    mc_diags_free(&d);
    mc_args_free(&args);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return st;
}
