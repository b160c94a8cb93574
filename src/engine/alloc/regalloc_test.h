/* regalloc_test.h - private to the engine and its unit tests.
 *
 * The improved allocator's coalescing retests a turned-down move only when
 * a merge touched one of its ends, and its recolouring looks again only at
 * spilled nodes a move may have helped and stops reading a row once the
 * node is turned down (regalloc.c). mc_allocate_sweeps with plain_sweeps
 * makes coalescing sweep every move until a sweep merges nothing and
 * recolouring look at every spilled node in every pass, reading whole
 * rows: the plain loops whose answers the incremental ones must reproduce;
 * tests compare the two. The choice is per call (mc_allocate passes false),
 * so allocations with either setting can run side by side. Not for callers. */
#ifndef MINICC_REGALLOC_TEST_H
#define MINICC_REGALLOC_TEST_H
#include <stdbool.h>

#include "minicc/regalloc.h"

/* The switches tests turn, per call. */
typedef struct McAllocKnobs {
    bool plain_sweeps; /* coalescing sweeps every move until nothing merges; recolouring
                          looks at every spilled node in every pass */
    int igraph_form;   /* interference graph storage: 0 chooses by size
                          (interfere.c), 1 forces adjacency rows, 2 the bit
                          matrix, 3 adjacency rows from a second scan (what
                          0 and 1 fall back to past the stored pairs' cap);
                          allocations must be the same either way */
} McAllocKnobs;

McAllocation *mc_allocate_knobs(const McFunc *ssa, McAllocator which, int regs, const McAllocKnobs *k, McDiags *d);
/* Both: knobs (may be NULL) and the public switches (may be NULL). */
McAllocation *mc_allocate_full(const McFunc *ssa, McAllocator which, int regs, const McAllocKnobs *k,
                               const McAllocOptions *o, McDiags *d);
McAllocation *mc_allocate_sweeps(const McFunc *ssa, McAllocator which, int regs, bool plain_sweeps, McDiags *d);

#endif
