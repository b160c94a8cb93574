/* pipeline.c - the stages of spec §5 behind one call (see pipeline.h).
 *
 * `minicc run --stage`, `minicc check`, the prompt, lessons and the fuzzer all
 * execute a stage through mc_stage_execute, so a stage behaves the same
 * everywhere. Each stage module adds its case to the switch below when it
 * lands; until then a stage reports a "not available" diagnostic instead of
 * running something else under its name. */
#include <string.h>

#include "minicc/pipeline.h"
#include "minicc/util.h"

static const char *const stage_names[MC_STAGE_COUNT] = {"input", "ssa", "opt", "alloc", "native"};

void mc_stage_options_default(McStageOptions *o) {
    memset(o, 0, sizeof *o);
    o->stage = MC_STAGE_INPUT;
    o->opt_level = 1;
    o->regs = 4;
    o->allocator = MC_ALLOC_IMPROVED;
    o->max_steps = 0;
    o->timeout = 0;
    o->keep_c = NULL;
}

const char *mc_stage_name(McStage s) {
    MC_ASSERT(s >= 0 && s < MC_STAGE_COUNT);
    return stage_names[s];
}

int mc_stage_lookup(const char *name) {
    for (int i = 0; i < MC_STAGE_COUNT; i++)
        if (strcmp(stage_names[i], name) == 0) return i;
    return -1;
}

bool mc_stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d) {
    if (stats) memset(stats, 0, sizeof *stats);
    memset(out, 0, sizeof *out);
    switch (o->stage) {
    case MC_STAGE_INPUT:
        /* Interpret the function as loaded (mutable or SSA form). */
        *out = mc_run(input, args, o->max_steps);
        return true;
    case MC_STAGE_SSA:    /* added by the SSA construction module */
    case MC_STAGE_OPT:    /* added by the optimizer module */
    case MC_STAGE_ALLOC:  /* added by the register allocator module */
    case MC_STAGE_NATIVE: /* added by the C backend module */
    default:
        mc_diag(d, (McLoc){0, 0}, "stage '%s' is not available in this build",
                o->stage >= 0 && o->stage < MC_STAGE_COUNT ? stage_names[o->stage] : "?");
        return false;
    }
}
