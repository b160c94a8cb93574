/* alloc_common.h - private to the alloc folder: the allocator toolkit
 * (alloc_common.c) that every allocator builds its result with, and the
 * linear-scan (linear.c) and SSA-based (ssaalloc.c) allocators, which
 * mc_allocate (regalloc.c) calls. Not for callers: they use mc_allocate. */
#ifndef MINICC_ALLOC_COMMON_H
#define MINICC_ALLOC_COMMON_H

#include <stdint.h>

#include "minicc/regalloc.h"

/* mc_allocate for MC_ALLOC_LINEAR and MC_ALLOC_SSA: limit is the
 * interference limit (the graph is built for the check and the views),
 * form the graph storage (igraph.h), stop the interrupt flag (NULL: never)
 * polled while the graph is built. */
McAllocation *mc_allocate_linear(const McFunc *ssa, int regs, int64_t limit, int form, const McInterrupt *stop,
                                 McDiags *d);
McAllocation *mc_allocate_ssa(const McFunc *ssa, int regs, int64_t limit, int form, const McInterrupt *stop,
                              McDiags *d);
/* The interference graph of a phi-free function for linear and ssa (as for
 * improved, default switches), polling stop. */
McIGraph *mc_alloc_graph(const McFunc *f, int64_t limit, int form, const McInterrupt *stop, McDiags *d);

/* An allocation around x (taken over): f a clone of x->f, phi_copy copied,
 * loc, alias (identity) and param_bound allocated and empty. */
McAllocation *mc_alloc_new(McDestroyed *x, McAllocator which, int regs);
/* Delete from a->f the copies whose source and destination share a
 * location (a->removed_copies counts them). */
void mc_alloc_drop_copies(McAllocation *a);

#endif
