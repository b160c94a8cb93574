/* sweep.h - the chapter's register-budget experiment as a table, shared by
 * `minicc sweep` (src/cli/sweep.c) and the prompt's `sweep`, and the one
 * note about a missing compile cache that every front end prints once.
 *
 * Implemented in sweep.c (src/shell). */
#ifndef MINICC_SHELL_SWEEP_H
#define MINICC_SHELL_SWEEP_H

#include <stdbool.h>
#include <stdio.h>

#include "minicc/diag.h"
#include "minicc/interp.h"
#include "minicc/regalloc.h"

/* A register-budget list (`minicc sweep --regs`, the prompt's `sweep`):
 * `N` (1..N), `A..B`, or `a,b,c`, budgets 1..MC_MAX_REGS (limits.h), at most 1024 of them.
 * Fills ks (room for 1024) and *nk; returns false when s is malformed. */
#define MC_SWEEP_MAX_BUDGETS 1024
bool mc_sweep_parse_budgets(const char *s, int *ks, int *nk);

/* The register-budget table shared by `minicc sweep` and the prompt's
 * `sweep`: runs `input` at stage input once on a copy of args, then for
 * every K in ks and every allocator in allocs allocates `ssa` (the SSA
 * function that stage alloc starts from), runs the allocated machine on a
 * fresh copy of args and compares. Prints to out a header
 * `sweep NAME (FROM): stage input gives OUTCOME`, one row per (K,
 * allocator) - slots, spill reads, spill writes, their sum (traffic),
 * instructions, phi copies executed, agree or DIVERGE - and a summary line.
 * Returns the number of diverging rows, or -1 when an allocation failed
 * (diagnostics in d). */
int mc_sweep_table(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                       int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                       McDiags *d);
/* The same with a calling convention for a function with calls (the
 * allocators otherwise as they are; split is mc_sweep_table), stopping
 * when *stop (interrupt.h; may be NULL) is set: the rows printed so far
 * stay, and it returns -1 with the diagnostic `interrupted`. */
int mc_sweep_table_conv(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                        int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                        McConvention conv, const McInterrupt *stop, McDiags *d);
/* The same, stopping when *stop (interrupt.h; may be NULL) is set: the rows
 * printed so far stay, and it returns -1 with the diagnostic `interrupted`. */
int mc_sweep_table_intr(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                            int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                            const McInterrupt *stop, McDiags *d);

/* The conventions compared (sweep_conv.c; `minicc sweep --vary convention`,
 * the prompt's `sweep LIST vary convention`): for every K and every
 * convention (split, caller-saved, callee-saved), allocator `which` with
 * the switches o (NULL: defaults), a row with slots, spill traffic, calls,
 * saves, restores (the convention's traffic, apart from spills),
 * instructions and the verdict against stage input. Summary lines and
 * return value as mc_sweep_table_intr. */
int mc_sweep_conventions(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                         int64_t max_steps, const int *ks, int nk, McAllocator which, const McAllocOptions *o,
                         const McInterrupt *stop, McDiags *d);

/* `all` (the four allocators in McAllocator order) or names separated by
 * commas (`linear,ssa`, each once): fills allocs (room for MC_ALLOC_COUNT)
 * and *n; false when s is malformed. */
bool mc_sweep_parse_allocators(const char *s, McAllocator *allocs, int *n);

/* The same experiment with one column group per allocator (sweep_groups.c):
 * a row per K and, for each allocator of allocs, its slots, spill traffic
 * (reads + writes) and phi copies executed, then `=` when it agrees with
 * stage input, `!` when it diverges, `-` when the graph was over its size
 * limit. Summary lines and return value as mc_sweep_table_intr. */
int mc_sweep_groups(FILE *out, const McFunc *input, const McFunc *ssa, const char *from, const McArgs *args,
                    int64_t max_steps, const int *ks, int nk, const McAllocator *allocs, int nallocs,
                    const McInterrupt *stop, McDiags *d);

/* One cell of every register-budget table (sweep.c, sweep_groups.c,
 * alloc_trace.c): allocate ssa with `which` at k registers (options o, NULL
 * for the defaults), run the allocated machine on a fresh copy of args
 * (stopping when *stop is set) and compare with stage input's outcome want
 * and final buffers ref. The allocator polls stop too (o's own interrupt
 * flag is replaced by it): an interrupted allocation is MC_CELL_INTERRUPTED
 * with its diagnostics taken out of d. */
typedef enum McSweepCellKind {
    MC_CELL_RAN,         /* got, stats and same are set */
    MC_CELL_INTERRUPTED, /* the run was interrupted: got (MC_INTERRUPTED), stats and same are set too */
    MC_CELL_TOO_LARGE,   /* with refuse_too_large, the graph was over its size limit: why is its
                          * diagnostic (malloc'd, the caller frees it), taken out of d */
    MC_CELL_FAILED,      /* the allocation failed: diagnostics in d */
} McSweepCellKind;
typedef struct McSweepCell {
    McOutcome got;
    McMachineStats stats;
    bool same;
    char *why;
} McSweepCell;
McSweepCellKind mc_sweep_cell(McSweepCell *c, const McFunc *ssa, McAllocator which, int k, const McAllocOptions *o,
                              const McArgs *args, const McOutcome *want, const McArgs *ref, int64_t max_steps,
                              const McInterrupt *stop, bool refuse_too_large, McDiags *d);

/* What the tables share besides the cell. mc_sweep_reference runs input at
 * stage input on ref (a copy of args, which the caller frees) into *want
 * and prints the line `sweep NAME (FROM): stage input gives OUTCOME`;
 * false (ref freed, `interrupted` in d) when *stop was set. mc_sweep_interrupted
 * flushes out, frees ref, adds the diagnostic `interrupted` to d and returns
 * -1; mc_sweep_stop does that for an interrupted cell and, for a failed
 * one, all but the diagnostic (the allocator's are in d). mc_sweep_summary
 * prints the lines that end a table of total cells, refused of them over
 * the size limit and diverged of the rest diverging. */
bool mc_sweep_reference(FILE *out, const McFunc *input, const char *from, const McArgs *args, int64_t max_steps,
                        const McInterrupt *stop, McArgs *ref, McOutcome *want, McDiags *d);
int mc_sweep_interrupted(FILE *out, McArgs *ref, McDiags *d);
int mc_sweep_stop(FILE *out, McArgs *ref, McSweepCellKind kind, McDiags *d);
void mc_sweep_summary(FILE *out, int total, int refused, int diverged);

/* Stage native is about to build: the first time in this process, if there
 * is no usable compile cache (mc_native_cache_dir), the reason (static
 * text) for the one warning the caller prints; NULL otherwise. */
const char *mc_shell_cache_unusable(void);

#endif
