/* alloc_trace.h - the allocation trace drawn as text with the measured
 * traffic of every variant, and the allocator's switches in the sweep
 * table: shared by `alloc K ... --trace` at the prompt, `minicc run|print
 * --trace-alloc` and `sweep --vary`.
 *
 * Implemented in alloc_trace.c (src/shell). */
#ifndef MINICC_SHELL_ALLOC_TRACE_H
#define MINICC_SHELL_ALLOC_TRACE_H

#include <stdbool.h>
#include <stdio.h>

#include "minicc/diag.h"
#include "minicc/interp.h"
#include "minicc/regalloc.h"

/* Allocate ssa with a trace and print it (mc_alloc_trace_print); for the
 * improved allocator with best-of-three, also every variant allocated alone
 * with its estimated traffic and, when args is not NULL, the traffic the
 * machine measures with it (spill reads + writes); then the replay check
 * (`trace replay: the assignment is the machine's`). Returns false with
 * diagnostics in d when an allocation fails. */
bool mc_shell_print_alloc_trace(FILE *out, const McFunc *ssa, McAllocator which, int regs, const McAllocOptions *o,
                                const McArgs *args, int64_t max_steps, McDiags *d);

/* The sweep table with one switch varied: for every K in ks and every value
 * of switch `sw` (mc_alloc_option_name), allocator `which` with the other
 * switches of base, the machine on fresh copies of args, compared with stage
 * input. Columns as mc_sweep_table, the value instead of the allocator.
 * Returns the number of diverging rows, or -1 (diagnostics in d). */
int mc_sweep_vary_table(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                        int64_t max_steps, const int *ks, int nk, McAllocator which, const McAllocOptions *base,
                        int sw, const McInterrupt *stop, McDiags *d);

#endif
