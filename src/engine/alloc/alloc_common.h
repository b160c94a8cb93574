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
/* callconv.c: the convention's caller and callee saves of a coloured
 * allocation (every allocator's last step), their storage, their lines in
 * mc_allocation_print (none without calls). */
void mc_alloc_calls(McAllocation *a, const McAllocOptions *o);
void mc_alloc_calls_free(McAllocation *a);
void mc_alloc_calls_print(const McAllocation *a, FILE *out);

/* ---- phi destruction's edge walk (destroy.c), shared with ssaalloc.c ---- */

/* Where the copies of an edge b -> t go: MC_PLACE_CRITICAL, at the end of b
 * when b has one successor, else at the top of t when t has one
 * predecessor, else in a new block `$edgeN` on the edge; MC_PLACE_ALL_EDGES,
 * in a new block on every such edge; MC_PLACE_PREDECESSOR, at the end of b
 * always (the naive mode, wrong on purpose when b branches). */
enum { MC_PLACE_CRITICAL, MC_PLACE_ALL_EDGES, MC_PLACE_PREDECESSOR };
/* Writes the parallel copy dst[i] <- src[i] (i < n) of the edge from -> to
 * into `block` before instruction `at` (-1: at its end); returns the
 * instructions written. src may be reordered. */
typedef int32_t (*McEdgeEmit)(void *ctx, int32_t from, int32_t to, int32_t block, int32_t at, int32_t n,
                              const int32_t *dst, McOperand *src);
/* Every edge of f into a block with phis, in block order, placed as `place`
 * says and written by emit (a branch whose two edges reach the same block
 * becomes a jump first, except with MC_PLACE_ALL_EDGES). head[t] and tail[b]
 * (zeroed, one per block) count the copies put at the top of t and the end
 * of b. Returns the copies written. The phis stay: the caller removes them. */
int32_t mc_destroy_edges(McFunc *f, int place, int32_t *head, int32_t *tail, McEdgeEmit emit, void *ctx);

#endif
