/* pipeline.c - the stages of spec §5 behind one call (see pipeline.h).
 *
 * `minicc run --stage`, `minicc check`, the prompt, lessons and the fuzzer all
 * execute a stage through mc_stage_execute, so a stage behaves the same
 * everywhere. Each stage module adds its case to the switch below when it
 * lands; until then a stage reports a "not available" diagnostic instead of
 * running something else under its name. */
#include <stdio.h>
#include <string.h>

#include "minicc/pipeline.h"
#include "minicc/cgen.h"
#include "minicc/opt.h"
#include "minicc/regalloc.h"
#include "minicc/ssa.h"
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
    o->interrupt = NULL;
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

/* Interpret f: the pre-decoded run path, or the stepping interpreter when
 * phis are to be assigned sequentially (a teaching mode the run path does
 * not carry). */
static McOutcome interpret(const McFunc *f, const McStageOptions *o, McArgs *args) {
    if (o->phi_mode == MC_PHI_PARALLEL) return mc_run_intr(f, args, o->max_steps, o->interrupt);
    McInterpOptions io;
    memset(&io, 0, sizeof io);
    io.max_steps = o->max_steps;
    io.phi_mode = o->phi_mode;
    io.interrupt = o->interrupt;
    McInterp *in = mc_interp_new(f, args, &io);
    McOutcome out;
    memset(&out, 0, sizeof out);
    if (mc_interp_continue(in, NULL) == MC_STOP_INTERRUPT) {
        out.kind = MC_INTERRUPTED;
        snprintf(out.trap, sizeof out.trap, "%s", MC_INTERRUPTED_MSG);
        out.steps = mc_interp_steps(in);
    } else {
        mc_interp_finished(in, &out);
    }
    const McArgs *final = mc_interp_args(in); /* buffers as the run left them */
    for (int32_t i = 0; i < args->n; i++)
        if (args->v[i].is_buf && args->v[i].len > 0)
            memcpy(args->v[i].data, final->v[i].data, (size_t)args->v[i].len * sizeof(int32_t));
    mc_interp_free(in);
    return out;
}

static bool stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                          McStageStats *stats, McDiags *d);

bool mc_stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d) {
    if (stats) memset(stats, 0, sizeof *stats);
    memset(out, 0, sizeof *out);
    bool ok = stage_execute(input, o, args, out, stats, d);
    /* However far it got (a build step, the run, the native wait), a stage
     * that saw the flag is interrupted: one verdict for every caller. */
    if (mc_interrupted(o->interrupt)) {
        bool said = false;
        for (int i = 0; d && i < d->n; i++) said |= strcmp(d->v[i].msg, MC_INTERRUPTED_MSG) == 0;
        if (!said) mc_diag(d, (McLoc){0, 0}, "%s", MC_INTERRUPTED_MSG);
        memset(out, 0, sizeof *out);
        out->kind = MC_INTERRUPTED;
        snprintf(out->trap, sizeof out->trap, "%s", MC_INTERRUPTED_MSG);
        return false;
    }
    return ok;
}

static bool stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                          McStageStats *stats, McDiags *d) {
    switch (o->stage) {
    case MC_STAGE_INPUT:
        /* Interpret the function as loaded (mutable or SSA form). */
        *out = interpret(input, o, args);
        return true;
    case MC_STAGE_ALLOC:
        /* Phi destruction + register allocation, run on the allocated machine. */
        return mc_alloc_execute(input, o, args, out, stats, d);
    case MC_STAGE_SSA:
    case MC_STAGE_OPT: {
        /* Pruned SSA construction (a clone for SSA input), then for opt the
         * -O1 pipeline with verification after every pass. */
        McFunc *ssa = mc_ssa_build(input, MC_SSA_PRUNED, NULL, d);
        if (!ssa) return false;
        McOptOptions oo;
        mc_opt_options_default(&oo);
        oo.interrupt = o->interrupt;
        if (o->stage == MC_STAGE_OPT && !mc_opt_run(ssa, &oo, NULL, d)) {
            mc_func_free(ssa);
            return false;
        }
        *out = interpret(ssa, o, args);
        mc_func_free(ssa);
        return true;
    }
    case MC_STAGE_NATIVE: {
        /* The C backend (cgen.c, native.c) on the optimized SSA, or the
         * unoptimized SSA with -O0: rendered, compiled (cached) and called
         * in a child process under the time limit. */
        McFunc *ssa = mc_ssa_build(input, MC_SSA_PRUNED, NULL, d);
        if (!ssa) return false;
        McOptOptions oo;
        mc_opt_options_default(&oo);
        oo.interrupt = o->interrupt;
        if (o->opt_level >= 1 && !mc_opt_run(ssa, &oo, NULL, d)) {
            mc_func_free(ssa);
            return false;
        }
        McNativeOptions no;
        memset(&no, 0, sizeof no);
        no.timeout = o->timeout;
        no.keep_c = o->keep_c;
        no.interrupt = o->interrupt;
        bool ok = mc_native_execute(ssa, &no, args, out, d);
        mc_func_free(ssa);
        return ok;
    }
    default:
        mc_diag(d, (McLoc){0, 0}, "stage '%s' is not available in this build",
                o->stage >= 0 && o->stage < MC_STAGE_COUNT ? stage_names[o->stage] : "?");
        return false;
    }
}
