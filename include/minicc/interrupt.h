/* minicc/interrupt.h - cooperative interruption of long engine work.
 *
 * The engine keeps no global state and installs no signal handlers. A front
 * end that wants Ctrl-C to stop a long command owns a flag of type
 * McInterrupt, sets it from its SIGINT handler, and passes its address in
 * the options of the engine call (McInterpOptions, McStageOptions,
 * McOptOptions, McNativeOptions, or the *_intr entry points). NULL means
 * "never interrupted". The engine only reads the flag, at coarse points:
 * block entries of the stepping interpreter, every few thousand block
 * entries of the run path (its budget countdown is refilled in chunks, so
 * the hot path pays nothing) and of the allocated machine (one compare per
 * block), every pass of the
 * optimizer, between the stages of a check, and every 50 ms while waiting
 * for the C compiler or native code (their processes are killed). An interrupted run ends with the outcome MC_INTERRUPTED;
 * an interrupted build step fails with the diagnostic MC_INTERRUPTED_MSG.
 * Clearing the flag is the front end's business. */
#ifndef MINICC_INTERRUPT_H
#define MINICC_INTERRUPT_H

#include <signal.h>
#include <stdbool.h>

typedef volatile sig_atomic_t McInterrupt;

#define MC_INTERRUPTED_MSG "interrupted"

static inline bool mc_interrupted(const McInterrupt *flag) { return flag && *flag != 0; }

#endif
