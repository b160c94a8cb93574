/* igraph.h - private to interfere.c and regalloc.c: the dense form of the
 * interference graph (a bit matrix, row v at g->bits + v * g->words) and
 * bit helpers. Not for callers: they use mc_igraph_neighbours and
 * mc_igraph_has (regalloc.h). */
#ifndef MINICC_IGRAPH_H
#define MINICC_IGRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "minicc/regalloc.h"

static inline int mc_ctz64(uint64_t x) {
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int b = 0;
    while (!((x >> b) & 1)) b++;
    return b;
#endif
}

/* SWAR: no libgcc call where the target has no popcount instruction. */
static inline int32_t mc_popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int32_t)((x * 0x0101010101010101ULL) >> 56);
}

static inline const uint64_t *mc_igraph_bitrow(const McIGraph *g, int32_t v) {
    return g->bits + (size_t)v * (size_t)g->words;
}

static inline bool mc_bit_test(const uint64_t *row, int32_t t) { return (row[t >> 6] >> (t & 63)) & 1; }

/* mc_interference_limited with the storage chosen by the caller: form 0 by
 * size, 1 adjacency rows, 2 the bit matrix (regalloc_test.h). */
McIGraph *mc_interference_form(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                               int form, McDiags *d);
/* The same under the switches copy-exception and param-edges (o may be NULL). */
McIGraph *mc_interference_opts(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                               int form, const McAllocOptions *o, McDiags *d);

#endif
