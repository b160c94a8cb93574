/* minicc/pipeline.h - the stages of docs/ir.md §5 behind one interface, so that
 * `minicc run --stage`, `minicc check`, the prompt, lessons and the fuzzer
 * all run a stage the same way.
 *
 *   input   interpret the function as loaded
 *   ssa     after SSA construction (the identity for SSA input)
 *   opt     after the optimizer (-O1 pipeline)
 *   alloc   phi destruction + register allocation with K registers, executed
 *           on the allocated machine (from optimized SSA, or -O0: unoptimized)
 *   native  C backend, compiled and called in a child process
 *   asm     a real target's assembly (asm.h: x86-64 by default, rv64), the
 *           program allocated for the target, tiled, assembled, linked and
 *           run as a process
 *
 * The pipeline owns how the stages are composed: every front end that wants
 * "SSA, then -O1 if asked" calls mc_pipeline_prepare, and every stage and
 * view name a front end accepts comes from the one table in pipeline.c
 * (mc_stage_names). Implemented in pipeline.c. */
#ifndef MINICC_PIPELINE_H
#define MINICC_PIPELINE_H

#include "asm.h"
#include "cgen.h"
#include "diag.h"
#include "interp.h"
#include "ir.h"
#include "opt.h"
#include "regalloc.h"
#include "ssa.h"

typedef enum McStage {
    MC_STAGE_INPUT = 0,
    MC_STAGE_SSA,
    MC_STAGE_OPT,
    MC_STAGE_ALLOC,
    MC_STAGE_NATIVE,
    MC_STAGE_ASM, /* a real target's assembly (asm.h), assembled, linked and run as a process */
    MC_STAGE_COUNT
} McStage;

/* The forms of a function a front end can show and step (the prompt's
 * `show`, `list`, `dom`, `live` and `set stage`, the workbench's IR pane). */
typedef enum McView {
    MC_VIEW_INPUT = 0, /* the function as loaded */
    MC_VIEW_SSA,       /* after SSA construction */
    MC_VIEW_OPT,       /* after the optimizer */
    MC_VIEW_DESTROYED, /* after phi destruction */
    MC_VIEW_COUNT
} McView;

/* Where a name of the table may be used. */
enum {
    MC_NAME_RUN = 1,   /* an executable stage: run --stage, check, fuzz --stages (McStage) */
    MC_NAME_PRINT = 2, /* minicc print --stage */
    MC_NAME_VIEW = 4,  /* a view at the prompt and in the workbench (McView) */
};

/* One row per point of the back end, in pipeline order. */
typedef struct McStageName {
    const char *name;
    int stage;      /* McStage, or -1 */
    int view;       /* McView, or -1 */
    unsigned uses;  /* MC_NAME_* */
} McStageName;

const McStageName *mc_stage_names(int *n);
/* The row called `name` usable as `use`, or NULL. */
const McStageName *mc_stage_name_find(const char *name, unsigned use);
/* "input, ssa, opt, alloc, native": the names usable as `use`, in pipeline
 * order, joined by sep, into buf (truncated to size). Returns buf. */
const char *mc_stage_name_list(unsigned use, const char *sep, char *buf, size_t size);
const char *mc_view_name(McView v);
int mc_view_lookup(const char *name); /* McView, or -1 if unknown */

typedef struct McStageOptions {
    McStage stage;
    int opt_level;         /* 0: alloc/native take unoptimized SSA; 1 (default): optimized */
    int regs;              /* alloc: register budget K (default 4) */
    McAllocator allocator; /* alloc */
    int64_t max_steps;     /* interpreting stages; 0 = MC_DEFAULT_MAX_STEPS */
    int64_t max_depth;     /* stage input: frames of a run with calls; 0 = MC_DEFAULT_MAX_DEPTH */
    double timeout;        /* native: seconds; 0 = default */
    const char *keep_c;    /* native: directory to keep the generated C, or NULL */
    McNativeCompiler native_cc; /* native: the system compiler (default) or libtcc (--cc, set cc) */
    McPhiMode phi_mode;    /* input/ssa/opt: MC_PHI_SEQUENTIAL interprets phis one by
                              one - the classic mistake, so `check` can show which
                              stage it breaks (default parallel) */
    const McInterrupt *interrupt; /* NULL, or a flag the caller sets to stop the
                                     stage (interrupt.h): polled by the optimizer,
                                     the interpreters, the machine and the native
                                     wait; an interrupted stage returns false with
                                     the diagnostic `interrupted` */
    const McAllocOptions *alloc_opts; /* alloc: the allocator's switches and phi-destruction
                                         bug modes (regalloc.h); NULL: the defaults */
    McConvention convention;  /* alloc: the calling convention (regalloc.h; default split);
                                 nothing changes for a program without calls */
    McTarget target;          /* asm: the target (MC_TARGET_CHAPTER, the default, means x86-64) */
    const char *keep_asm;     /* asm: directory to keep the generated assembly (TARGET.s), or NULL */
    McAsmBug asm_bug;         /* asm: a planted bug of x86-64's emitter (asm.h; rv64 ignores it) */
} McStageOptions;

/* What a stage counts: the allocated machine's statistics (regalloc.h),
 * filled by stage alloc only (valid). */
typedef McMachineStats McStageStats;

void mc_stage_options_default(McStageOptions *o);
const char *mc_stage_name(McStage s);
int mc_stage_lookup(const char *name); /* -1 if unknown */

/* The back end's starting point, the one composition every stage after
 * input uses: SSA construction of `input` (policy ssa_kind; a clone for SSA
 * input), then with opt_level >= 1 the optimizer (opt: its options, NULL for
 * the -O1 pipeline; verified after every pass). ssa_stats and opt_stats may
 * be NULL. NULL with diagnostics when a step fails. The caller frees the
 * result. A function with calls comes back with every function it reaches
 * prepared the same way, its calls (and theirs) redirected to them, and
 * owning them (McFunc.owned): mc_func_free frees them all. */
typedef struct McPrepare {
    McSsaKind ssa_kind;        /* default MC_SSA_PRUNED */
    McSsaStats *ssa_stats;     /* may be NULL */
    int opt_level;             /* 0: SSA only; 1 (default): optimized */
    const McOptOptions *opt;   /* may be NULL: the -O1 pipeline */
    McOptStats *opt_stats;     /* may be NULL */
    const McInterrupt *interrupt; /* may be NULL: polled before every pass */
} McPrepare;
void mc_prepare_default(McPrepare *p);
McFunc *mc_pipeline_prepare_with(const McFunc *input, const McPrepare *p, McDiags *d);
/* The common case: pruned SSA, then -O1 when opt_level >= 1. */
McFunc *mc_pipeline_prepare(const McFunc *input, int opt_level, McDiags *d);


/* Stage alloc: mc_pipeline_prepare, mc_allocate with o->allocator and
 * o->regs, then mc_machine_run. A function with calls (or local buffers)
 * runs as mc_alloc_program_execute does. */
bool mc_alloc_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d);
/* Stage alloc for a program with calls: the prepared program (ssa, from
 * mc_pipeline_prepare: the entry and the callees it owns; or NULL to
 * prepare input at o->opt_level) allocated function by function alike
 * under o->convention, then run on the machine with frames
 * (mc_machine_run_program, max_depth o->max_depth). input may be NULL when
 * ssa is given. */
bool mc_alloc_program_execute(const McFunc *input, const McFunc *ssa, const McStageOptions *o, McArgs *args,
                              McOutcome *out, McStageStats *stats, McDiags *d);

/* Run `input` (a verified function) at stage o->stage on args (buffers updated
 * in place). Returns false with diagnostics when the stage cannot run at all
 * (for example no C compiler) or was interrupted (o->interrupt set: the
 * diagnostic is MC_INTERRUPTED_MSG and out->kind MC_INTERRUPTED); a trap is a
 * successful run with a trapped outcome. stats may be NULL. */
bool mc_stage_execute(const McFunc *input, const McStageOptions *o, McArgs *args, McOutcome *out,
                      McStageStats *stats, McDiags *d);

#endif
