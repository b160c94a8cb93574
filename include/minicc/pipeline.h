/* minicc/pipeline.h - the stages of spec §5 behind one interface, so that
 * `minicc run --stage`, `minicc check`, the prompt, lessons and the fuzzer
 * all run a stage the same way.
 *
 *   input   interpret the function as loaded
 *   ssa     after SSA construction (the identity for SSA input)
 *   opt     after the optimizer (-O1 pipeline)
 *   alloc   phi destruction + register allocation with K registers, executed
 *           on the allocated machine (from optimized SSA, or -O0: unoptimized)
 *   native  C backend, compiled and called in a child process
 *
 * Each stage module adds its case to pipeline.c when it lands. */
#ifndef MINICC_PIPELINE_H
#define MINICC_PIPELINE_H

#include "diag.h"
#include "interp.h"
#include "ir.h"

typedef enum McStage {
    MC_STAGE_INPUT = 0,
    MC_STAGE_SSA,
    MC_STAGE_OPT,
    MC_STAGE_ALLOC,
    MC_STAGE_NATIVE,
    MC_STAGE_COUNT
} McStage;

typedef enum McAllocator { MC_ALLOC_IMPROVED = 0, MC_ALLOC_BASELINE = 1 } McAllocator;

typedef struct McStageOptions {
    McStage stage;
    int opt_level;         /* 0: alloc/native take unoptimized SSA; 1 (default): optimized */
    int regs;              /* alloc: register budget K (default 4) */
    McAllocator allocator; /* alloc */
    int64_t max_steps;     /* interpreting stages; 0 = MC_DEFAULT_MAX_STEPS */
    double timeout;        /* native: seconds; 0 = default */
    const char *keep_c;    /* native: directory to keep the generated C, or NULL */
    McPhiMode phi_mode;    /* input/ssa/opt: MC_PHI_SEQUENTIAL interprets phis one by
                              one - the classic mistake, so `check` can show which
                              stage it breaks (default parallel) */
    const McInterrupt *interrupt; /* NULL, or a flag the caller sets to stop the
                                     stage (interrupt.h): polled by the optimizer,
                                     the interpreters, the machine and the native
                                     wait; an interrupted stage returns false with
                                     the diagnostic `interrupted` */
} McStageOptions;

typedef struct McStageStats {
    bool valid;            /* filled by stage alloc */
    int64_t instructions, copies, spill_reads, spill_writes;
    int32_t registers, slots;
} McStageStats;

void mc_stage_options_default(McStageOptions *o);
const char *mc_stage_name(McStage s);
int mc_stage_lookup(const char *name); /* -1 if unknown */

/* Run `input` (a verified function) at stage o->stage on args (buffers updated
 * in place). Returns false with diagnostics when the stage cannot run at all
 * (for example no C compiler) or was interrupted (o->interrupt set: the
 * diagnostic is MC_INTERRUPTED_MSG and out->kind MC_INTERRUPTED); a trap is a
 * successful run with a trapped outcome. stats may be NULL. */
bool mc_stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d);

#endif
