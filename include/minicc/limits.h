/* minicc/limits.h - one limit per knob, shared by every front end: the
 * one-shot options (--regs, --max-steps, --timeout), the prompt's `set`,
 * `alloc` and `sweep`, and the workbench (+, --size, <Size:WxH>). Each is
 * listed in README.md, "## Limits", with the message printed past it. */
#ifndef MINICC_LIMITS_H
#define MINICC_LIMITS_H

#include <stdint.h>

/* Register budget K: 1..MC_MAX_REGS (--regs, set regs, alloc K, sweep
 * budgets, the workbench's + key). */
#define MC_MAX_REGS 4096

/* Step budget (block entries): 1..MC_MAX_STEPS (--max-steps, set max-steps). */
#define MC_MAX_STEPS (INT64_C(1) << 40)
/* Call depth limit (frames at once): 1..MC_MAX_DEPTH (--max-depth, set max-depth). */
#define MC_MAX_DEPTH 10000000

/* Seconds a native run may take: more than 0, at most MC_MAX_TIMEOUT
 * (--timeout of run, check and fuzz). */
#define MC_MAX_TIMEOUT 3600

/* The workbench's screen in batch mode (--tui-script --size, <Size:WxH>):
 * MC_MIN_COLS x MC_MIN_ROWS up to MC_MAX_COLS x MC_MAX_ROWS. */
#define MC_MIN_COLS 10
#define MC_MIN_ROWS 5
#define MC_MAX_COLS 1000
#define MC_MAX_ROWS 1000

#endif
