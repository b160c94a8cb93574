/* regalloc_test.h - private to the engine and its unit tests.
 *
 * The improved allocator's coalescing retests a turned-down move only when
 * a merge touched one of its ends (regalloc.c). Setting this makes it sweep
 * every move until a sweep merges nothing, the plain loop whose answer the
 * incremental one must reproduce; tests compare the two. Not for callers. */
#ifndef MINICC_REGALLOC_TEST_H
#define MINICC_REGALLOC_TEST_H
#include <stdbool.h>

extern bool mc_coalesce_plain_sweeps;

/* The form of interference graphs built from now on: 0 chooses by size
 * (interfere.c), 1 forces adjacency rows, 2 the bit matrix. Tests check
 * that allocations are the same either way. Not for callers. */
extern int mc_igraph_force_form;

#endif
