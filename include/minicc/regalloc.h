/* minicc/regalloc.h - phi destruction, interference, register allocation and
 * the allocated teaching machine (chapter §32.2-§32.4).
 *
 * Two allocators sit behind one interface (McAllocator, below):
 *   baseline  the chapter's algorithms exactly: an edge block `$edgeN` for
 *             every edge into a phi-bearing block with every source saved in
 *             `$edgeN_copyI` first; the chapter's interference (all scalar
 *             parameters pairwise); greedy colouring by descending degree,
 *             ties by name (strcmp); a fresh spill slot per uncoloured value.
 *   improved  splits only critical edges and sequentializes each parallel
 *             copy (one scratch value per cycle); Chaitin's copy exception;
 *             conservative (Briggs/George) coalescing; Chaitin-Briggs
 *             simplify/select with optimistic colouring and spill costs
 *             (uses + defs weighted by 10^loop depth x branch probability,
 *             over degree); biased colour choice and recolouring;
 *             spill-slot colouring; copies whose source and destination
 *             share a location are deleted; dead parameters are not bound.
 *             The cheapest of three variants (with coalescing, without,
 *             degree order) by estimated spill traffic is kept.
 * The machine executes an allocation through physical locations (a register
 * file of K and an array of slots), so a wrong allocation corrupts results.
 *
 * Everything here is a pure function of its inputs (and, for mc_allocate,
 * of $MINICC_MAX_INTERFERENCES, the graph size limit): no globals, no
 * printing (except the explicit *_print helpers to a caller's FILE).
 *
 * Implemented in destroy.c, interfere.c, regalloc.c, machine.c (src/engine). */
#ifndef MINICC_REGALLOC_H
#define MINICC_REGALLOC_H

#include "diag.h"
#include "interp.h"
#include "ir.h"

/* The allocators (also the phi-destruction modes): one name each, spelled
 * and parsed only through these two functions. */
typedef enum McAllocator { MC_ALLOC_IMPROVED = 0, MC_ALLOC_BASELINE = 1, MC_ALLOC_COUNT } McAllocator;
const char *mc_allocator_name(McAllocator a);    /* "improved", "baseline" */
int mc_allocator_lookup(const char *name);       /* McAllocator, or -1 if unknown */

/* ---- phi destruction (destroy.c) ------------------------------------------ */

typedef struct McDestroyed {
    McFunc *f;           /* mutable form, no phis; owned */
    uint8_t **phi_copy;  /* phi_copy[b][i]: instruction i of block b was inserted by phi destruction */
    int32_t norig_blocks; /* blocks [0, norig_blocks) come from the input, the rest are edge blocks */
    int32_t nedge_blocks; /* blocks added */
    int32_t ncopies;     /* static copy instructions inserted (scratch copies included) */
    int32_t nscratch;    /* improved: scratch values introduced to break copy cycles */
} McDestroyed;

/* Requires: ssa verified in SSA form (it is not changed).
 * Produces: a fresh function in mutable form (re-verified MC_VERIFY_MUTABLE),
 * its phis replaced by copies on edges. Values nothing names are dropped
 * (mc_func_compact_values), so value handles differ from ssa's; names,
 * parameters and block handles of ssa's blocks are kept. Returns NULL with a diagnostic when
 * the input is not in SSA form. */
McDestroyed *mc_destroy_phis(const McFunc *ssa, McAllocator which, McDiags *d);
void mc_destroyed_free(McDestroyed *x);

/* ---- interference (interfere.c) -------------------------------------------- */

typedef struct McIGraph {
    int32_t nvalues;   /* size of the per-value arrays (the function's nvalues) */
    bool *node;        /* node[v]: v is a node of the graph */
    int32_t nnodes;
    /* The edges in one of two forms, chosen by size (the answers are the
     * same): sparse, adjacency rows; or dense, a bit matrix (when it is
     * smaller than the rows would be: many values live at once). Read them
     * with mc_igraph_neighbours and mc_igraph_has. */
    int32_t **adj;     /* sparse: adj[v] neighbours sorted by handle (NULL when none); NULL when dense */
    uint64_t *bits;    /* dense: row v is words 64-bit words from bits + v * words; NULL when sparse */
    int32_t words;
    int32_t *degree;   /* number of neighbours */
    int64_t nedges;
    int64_t pairs;     /* interferences the scan found (edges counted at every definition that
                          makes them, so >= nedges): what the size limit counts */
    /* copy-related pairs `d = copy s` (improved graphs only), one per copy
     * instruction, with the instruction's weight 10^loop depth */
    int32_t (*moves)[2];
    double *move_weight;
    int32_t nmoves;
    bool *entry_live;  /* entry_live[v]: v is live on entry (bound there by the improved allocator) */
    int32_t *adj_store; /* private: every adj row, back to back */
} McIGraph;

/* Requires: f in mutable form without phis (verified).
 * Produces: the interference graph. baseline: the chapter's scan (scalar
 * parameters pairwise including unused ones, buffers excluded). improved:
 * the same scan with Chaitin's copy exception (`d = copy s` does not make d
 * interfere with s) and only the parameters live on entry bound, pairwise.
 * loop_depth (per block, may be NULL = all 0) weights the moves. No limit. */
McIGraph *mc_interference(const McFunc *f, McAllocator which, const int32_t *loop_depth);
/* The same with a size limit: when the scan finds more than `limit`
 * interferences (limit > 0), nothing big is allocated and NULL is returned
 * with the diagnostic `interference graph too large to colour: N nodes, M
 * interferences (at most L; $MINICC_MAX_INTERFERENCES raises the limit)`. */
McIGraph *mc_interference_limited(const McFunc *f, McAllocator which, const int32_t *loop_depth, int64_t limit,
                                  McDiags *d);
void mc_igraph_free(McIGraph *g);
/* O(1) dense, O(log degree) sparse. */
bool mc_igraph_has(const McIGraph *g, int32_t a, int32_t b);
/* The neighbours of v, ascending, into out (room for degree[v]); returns
 * their number. */
int32_t mc_igraph_neighbours(const McIGraph *g, int32_t v, int32_t *out);

/* The diagnostic of a refused graph starts with this; mc_alloc_too_large
 * tells such a message from other failures (check reports the stage as not
 * run instead of a divergence). */
#define MC_ALLOC_TOO_LARGE "interference graph too large to colour"
bool mc_alloc_too_large(const char *msg);

/* Interferences allowed by default (about 10,000 scalar parameters summed
 * in a chain); $MINICC_MAX_INTERFERENCES overrides it for mc_allocate. */
#define MC_DEFAULT_MAX_INTERFERENCES 150000000LL

/* ---- allocation (regalloc.c) ----------------------------------------------- */

typedef enum McLocKind { MC_LOC_NONE = 0, MC_LOC_REG = 1, MC_LOC_SLOT = 2 } McLocKind;

typedef struct McLocation {
    uint8_t kind;  /* McLocKind; NONE for buffers, dead parameters and non-values */
    int32_t index; /* register number in [0, K) or slot number */
} McLocation;

typedef struct McAllocation {
    McAllocator allocator;
    int32_t registers;   /* K */
    int32_t slots;       /* spill slots used */
    McDestroyed *destroyed; /* the function after phi destruction (owned) */
    McFunc *f;           /* what the machine executes (owned): the destroyed
                            function, minus copies made redundant (improved) */
    uint8_t **phi_copy;  /* for f: instruction inserted by phi destruction */
    McIGraph *graph;     /* interference graph of the destroyed function */
    McLocation *loc;     /* per value handle of f */
    int32_t *order;      /* colouring order (values in the order they got a location) */
    int32_t norder;
    int32_t *alias;      /* coalescing: representative value of each value (itself if none) */
    int32_t ncoalesced;  /* values merged into another */
    int32_t nspilled;    /* values that live in slots */
    int32_t removed_copies; /* static copies deleted because source and destination share a location */
    double *cost;        /* improved: spill cost of each value (NULL for baseline) */
    uint8_t *param_bound; /* per parameter index: written into its location on entry */
} McAllocation;

/* Requires: ssa verified in SSA form; regs >= 1.
 * Produces: phi destruction + interference + colouring with the chosen
 * allocator, checked (no interfering values share a location; a violation
 * is an internal error). Returns NULL with a diagnostic on bad input. */
McAllocation *mc_allocate(const McFunc *ssa, McAllocator which, int regs, McDiags *d);
void mc_allocation_free(McAllocation *a);
/* Independent check: no two interfering values share a location and every
 * node has one. Returns false and describes the first violation in msg. */
bool mc_allocation_check(const McAllocation *a, char *msg, size_t size);

/* `r0`, `slot3`, `-` into buf. */
const char *mc_location_str(McLocation l, char *buf, size_t size);
/* `# NAME -> r0` comment lines (one per located value, in handle order),
 * `# deleted in BLOCK: d = copy s (both in r1)` for each copy the machine
 * skips, then the destroyed function with its copies intact, so the text
 * parses back and means the same thing by name. */
void mc_allocation_print(const McAllocation *a, FILE *out);

/* ---- the allocated machine (machine.c) ------------------------------------- */

/* What the machine counts in one run (valid is set by mc_machine_run). */
typedef struct McMachineStats {
    bool valid;
    int64_t instructions, copies, spill_reads, spill_writes;
    int32_t registers, slots;
} McMachineStats;

/* Execute the allocation: scalar parameters written into their locations
 * first (slot writes counted), then blocks, reading and writing only the
 * register file and the slot array. Counts instructions (terminators not
 * counted), phi-destruction copies executed, spill reads (every read of a
 * slot operand, terminator operands included) and spill writes; at most
 * max_steps block entries (0 = MC_DEFAULT_MAX_STEPS), then the trap
 * `execution step limit exceeded`. args' buffers are updated in place.
 * stats may be NULL. */
McOutcome mc_machine_run(const McAllocation *a, McArgs *args, int64_t max_steps, McMachineStats *stats);
/* The same, looking at *stop (may be NULL) every few thousand block entries:
 * when it is set, the outcome is MC_INTERRUPTED (interrupt.h). */
McOutcome mc_machine_run_intr(const McAllocation *a, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats);

/* The machine pre-decoded once (mc_machine_run decodes, runs and frees):
 * for running one allocation many times. It does not reference the
 * allocation afterwards. */
typedef struct McMachineCode McMachineCode;
McMachineCode *mc_machine_code_new(const McAllocation *a);
void mc_machine_code_free(McMachineCode *c);
/* mc_machine_run_intr on pre-decoded code (stop and stats may be NULL). */
McOutcome mc_machine_code_run(const McMachineCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats);

#endif
