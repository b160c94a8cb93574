/* regalloc_test.h - private to the engine and its unit tests.
 *
 * The improved allocator's coalescing retests a turned-down move only when
 * a merge touched one of its ends, and its recolouring looks again only at
 * spilled nodes a move may have helped and stops reading a row once the
 * node is turned down (regalloc.c). mc_allocate with knobs->plain_sweeps
 * makes coalescing sweep every move until a sweep merges nothing and
 * recolouring look at every spilled node in every pass, reading whole
 * rows: the plain loops whose answers the incremental ones must reproduce;
 * tests compare the two. The choice is per call (McAllocOptions.knobs),
 * so allocations with either setting can run side by side. Not for callers. */
#ifndef MINICC_REGALLOC_TEST_H
#define MINICC_REGALLOC_TEST_H
#include <stdbool.h>
#include <stdint.h>

#include "minicc/regalloc.h"

/* Work counted by the improved allocator's coalescing, summed over its
 * variants: tests judge its growth by these, not by time. */
typedef struct McAllocCounts {
    int64_t sweeps;    /* passes over the move list */
    int64_t visits;    /* moves looked at in those passes */
    int64_t answered;  /* conservative tests (Briggs and George) answered: what counting afresh
                          every time (before the held counts) computed */
    int64_t tests;     /* of those, the ones counted afresh (the rest read held counts) */
    int64_t row_reads; /* row entries read by the tests and by merges */
    int64_t merges;
} McAllocCounts;

/* The switches tests turn, per call. */
struct McAllocKnobs {
    bool plain_sweeps; /* coalescing sweeps every move until nothing merges; recolouring
                          looks at every spilled node in every pass */
    int igraph_form;   /* interference graph storage: 0 chooses by size
                          (interfere.c), 1 forces adjacency rows, 2 the bit
                          matrix, 3 adjacency rows from a second scan (what
                          0 and 1 fall back to past the stored pairs' cap);
                          allocations must be the same either way */
    McAllocCounts *counts; /* NULL, or where coalescing adds the work it did */
    bool check_held;       /* coalescing recounts every held count it uses (coalesce.c) and
                              stops with an internal error when one differs */
    bool no_caller_saves; /* planted bug: values live across a call stay in caller-saved
                             registers unsaved (the machine must trap, check must fail) */
    bool no_callee_saves; /* planted bug: callee-saved registers the function writes are not
                             saved in its prologue */
    void (*plant)(McAllocation *a); /* NULL, or called on every allocator's result just before
                                       mc_allocate checks it against the interference graph: a
                                       test plants a wrong location there to see the check stop it */
};

#endif
