/* minicc/run.h - the plain run path (run.c): execute a verified function
 * (mutable or SSA form) fast, without events, with the semantics of the
 * stepping interpreter (interp.h), which is the reference: the same outcome,
 * the same final buffers, the same step count (see src/engine/README.md for
 * how the tests hold every executor to it). */
#ifndef MINICC_RUN_H
#define MINICC_RUN_H

#include "interp.h"
#include "ir.h"

typedef struct McCode McCode; /* a pre-decoded function */
McCode *mc_code_new(const McFunc *f);
void mc_code_free(McCode *c);
/* Executes; args' buffers are updated in place. */
McOutcome mc_code_run(const McCode *c, McArgs *args, int64_t max_steps);
/* The same, polling *stop (may be NULL) every few thousand block entries (at
 * most a few million instructions apart): when set, the outcome is
 * MC_INTERRUPTED. */
McOutcome mc_code_run_intr(const McCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop);
/* Decode + run + free. */
McOutcome mc_run(const McFunc *f, McArgs *args, int64_t max_steps);
McOutcome mc_run_intr(const McFunc *f, McArgs *args, int64_t max_steps, const McInterrupt *stop);

#endif
