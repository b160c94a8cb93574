/* check.c - `minicc check FILE [--func NAME] [-O0|-O1] [--max-steps N] [--] ARG...`
 *
 * Runs the function through every stage of the pipeline, each on a fresh
 * copy of the arguments, prints one line per stage with its outcome and the
 * final buffers, then `agree` (exit 0) or `diverge at STAGE` naming the
 * first stage whose outcome differs from the input's (exit 1). Outcomes are
 * compared with mc_outcome_same: the same return value or trap message, and
 * the same final buffers. A stage that cannot run at all (no C compiler, an
 * internal error) counts as a divergence, with its diagnostic on the line.
 *
 * The stages are the rows of `stages` below: adding a stage is one line.
 *
 *   input: return 12
 *   ssa: return 12
 *   opt: return 12; a = [1, 2, 3]
 *   agree */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "common.h"
#include "minicc/pipeline.h"

static const struct {
    const char *label; /* as printed */
    McStage stage;
    int regs; /* alloc: register budget K */
} stages[] = {
    {"input", MC_STAGE_INPUT, 0},
    {"ssa", MC_STAGE_SSA, 0},
    {"opt", MC_STAGE_OPT, 0},
    {"alloc(K=1)", MC_STAGE_ALLOC, 1},  {"alloc(K=2)", MC_STAGE_ALLOC, 2},
    {"alloc(K=4)", MC_STAGE_ALLOC, 4},  {"alloc(K=16)", MC_STAGE_ALLOC, 16},
    {"native", MC_STAGE_NATIVE, 0},
};

/* `return 12; a = [1, 2]` - the outcome and the buffers on one line. */
static void outcome_line(const McFunc *f, const McOutcome *o, const McArgs *a, FILE *out) {
    char buf[256];
    fputs(mc_outcome_str(o, buf, sizeof buf), out);
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    if (m) {
        mc_args_print_buffers(f, a, m);
        fclose(m);
        for (char *line = text; line && *line;) {
            char *nl = strchr(line, '\n');
            if (nl) *nl = 0;
            fprintf(out, "; %s", line);
            line = nl ? nl + 1 : NULL;
        }
        free(text);
    }
    fputc('\n', out);
}

int mc_cli_check(int argc, char **argv) {
    McCliOpts o;
    unsigned accepted = MC_CLI_FUNC | MC_CLI_OPT | MC_CLI_MAX_STEPS | MC_CLI_ALLOCATOR | MC_CLI_TIMEOUT |
                        MC_CLI_KEEP_C | MC_CLI_ARGS;
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
    const size_t nstages = sizeof stages / sizeof stages[0];
    McOutcome first;
    McArgs first_args;
    memset(&first_args, 0, sizeof first_args);
    const char *diverged = NULL;
    for (size_t i = 0; i < nstages; i++) {
        McStageOptions so = o.stage;
        so.stage = stages[i].stage;
        if (stages[i].regs > 0) so.regs = stages[i].regs;
        McArgs args;
        mc_args_copy(&args, &base);
        McOutcome out;
        McDiags d;
        mc_diags_init(&d, o.file, NULL, 0);
        printf("%s: ", stages[i].label);
        if (mc_stage_execute(p.func, &so, &args, &out, NULL, &d)) {
            outcome_line(p.func, &out, &args, stdout);
            if (i == 0) {
                first = out;
                mc_args_copy(&first_args, &args);
            } else if (!diverged && !mc_outcome_same(&first, &first_args, &out, &args)) {
                diverged = stages[i].label;
            }
        } else {
            char buf[512];
            printf("cannot run: %s\n", d.n ? mc_diag_line(&d, 0, buf, sizeof buf) : "unknown error");
            if (!diverged) diverged = stages[i].label;
            if (i == 0) { /* nothing to compare with */
                mc_diags_free(&d);
                mc_args_free(&args);
                break;
            }
        }
        mc_diags_free(&d);
        mc_args_free(&args);
    }
    if (diverged)
        printf("diverge at %s\n", diverged);
    else
        printf("agree\n");
    fflush(stdout);
    mc_args_free(&first_args);
    mc_args_free(&base);
    mc_cli_program_free(&p);
    mc_cli_opts_free(&o);
    return diverged ? 1 : 0;
}
