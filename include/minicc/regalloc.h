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
 * Each technique of improved has a switch (McAllocOptions, below), and
 * mc_allocate can record every decision in an allocation trace
 * (McAllocTrace).
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

#include "cfg.h"
#include "diag.h"
#include "interrupt.h"
#include "ir.h"
#include "outcome.h"

/* The allocators (also the phi-destruction modes): one name each, spelled
 * and parsed only through these two functions. */
typedef enum McAllocator {
    MC_ALLOC_IMPROVED = 0,
    MC_ALLOC_BASELINE = 1,
    MC_ALLOC_LINEAR = 2, /* linear scan over live intervals (linear.c); destruction as improved */
    MC_ALLOC_SSA = 3,    /* colouring of the SSA form, then destruction by location (ssaalloc.c) */
    MC_ALLOC_COUNT
} McAllocator;
const char *mc_allocator_name(McAllocator a);    /* "improved", "baseline", "linear", "ssa" */
int mc_allocator_lookup(const char *name);       /* McAllocator, or -1 if unknown */

/* ---- calling conventions (callconv.c, docs/ir.md §3.3) --------------------------
 * How the machine's registers r0..r(K-1) behave at a call. A caller-saved
 * register is clobbered by every call; a callee-saved one must hold the same
 * value when the callee returns as when it was entered. Arguments travel in
 * the convention's argument registers in order, the rest in the callee's
 * incoming slots; the result comes back in the result register (or the
 * caller's result slot when there is none). Programs without calls never
 * see the convention: it changes nothing for them. */
typedef enum McConvention {
    MC_CONV_SPLIT = 0,  /* default: the lower half r0..r(ceil(K/2)-1) caller-saved and carrying the
                           arguments, the rest callee-saved; result in r0 */
    MC_CONV_CALLER = 1, /* "caller-saved": every register caller-saved, arguments in r0..r(K-1), result r0 */
    MC_CONV_CALLEE = 2, /* "callee-saved": every register callee-saved; arguments in incoming
                           slots and the result in the result slot (no register is clobbered) */
    MC_CONV_COUNT,      /* the abstract machine's conventions (what sweep --vary convention varies) */
    /* A real target's register file (asm.h: K = its allocatable registers,
     * abstract register r named by the target): the target's caller-saved
     * registers first, then its callee-saved ones. On the abstract machine
     * arguments and the result travel in slots; the assembly uses the ABI. */
    MC_CONV_X64 = MC_CONV_COUNT, /* "x86-64": r0..r4 caller-saved (rsi rdi r8 r9 r10), r5..r9 callee-saved */
    MC_CONV_RV64,                /* "rv64": r0..r12 caller-saved (t0-t4 a0-a7), r13..r23 callee-saved (s1-s11) */
    MC_CONV_ALL
} McConvention;
const char *mc_convention_name(McConvention c); /* "split", "caller-saved", "callee-saved" */
int mc_convention_lookup(const char *name);     /* McConvention, or -1 if unknown */
/* "split, caller-saved, callee-saved" (for diagnostics and help). */
const char *mc_convention_names(void);
bool mc_conv_caller_saved(McConvention c, int32_t K, int32_t r);
/* The register carrying argument i (0-based), or -1: an incoming slot. */
int32_t mc_conv_arg_reg(McConvention c, int32_t K, int32_t i);
/* The register carrying the result, or -1: the result slot. */
int32_t mc_conv_result_reg(McConvention c, int32_t K);
/* One line: `split with K=4: caller-saved r0 r1 (arguments r0 r1, result r0), callee-saved r2 r3`. */
const char *mc_convention_describe(McConvention c, int32_t K, char *buf, size_t size);
/* The same with the registers named names[r] (a real target's, asm.h; NULL: r0..r(K-1)). */
const char *mc_convention_describe_named(McConvention c, int32_t K, const char *const *names, char *buf,
                                         size_t size);

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
} McIGraph; /* allocated by mc_interference* only, freed by mc_igraph_free */

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
    int32_t scratch_slots; /* ssa: slots (counted in slots) holding only a copy cycle's scratch value */
    /* Calls (callconv.c): what the convention makes the function do. */
    McConvention convention;
    struct McCallSave *callsaves; /* per call instruction of f, in block and instruction order */
    int32_t ncallsaves;
    int32_t *callee_saves; /* callee-saved registers the function writes, ascending: saved in the
                              prologue, restored before returning (when entered by a call) */
    int32_t ncallee_saves;
    int32_t save_slots;    /* slots (counted in slots, after the allocator's) holding saves */
    const char *const *reg_name; /* NULL: registers are r0..r(K-1); else reg_name[r] names register r
                                    (a real target's register file, asm.h: rbx, s1): every view of
                                    the allocation (print, traces, why, workbench) uses it */
    /* calls=interfere and the x86-64 target (callconv.c): the constraints the allocator
       honoured (forbidden registers of the values live across a call, of those live across
       an idiv or a variable shift and of their operands; preferred registers), NULL otherwise */
    struct McCallCons *cons;
} McAllocation;

/* One call's caller saves: the values live across it that sit in a
 * caller-saved register, each saved to a slot before the call and restored
 * after it. */
typedef struct McCallSave {
    int32_t block, inst;  /* the call */
    int32_t *value;       /* saved values */
    int32_t *slot;        /* their save slots */
    int32_t n;
    int32_t *across;      /* every scalar live across the call (result excluded), ascending */
    int32_t nacross;
} McCallSave;

typedef struct McAllocOptions McAllocOptions; /* below */
/* Requires: ssa verified in SSA form; regs >= 1.
 * Produces: phi destruction + interference + colouring with the chosen
 * allocator under the switches o (NULL: the defaults), checked (no
 * interfering values share a location; a violation is an internal error).
 * Returns NULL with a diagnostic on bad input. The one entry point of
 * every allocator. */
McAllocation *mc_allocate(const McFunc *ssa, McAllocator which, int regs, const McAllocOptions *o, McDiags *d);
void mc_allocation_free(McAllocation *a);
/* Independent check: no two interfering values share a location and every
 * node has one. Returns false and describes the first violation in msg. */
bool mc_allocation_check(const McAllocation *a, char *msg, size_t size);

/* `r0`, `slot3`, `-` into buf. */
const char *mc_location_str(McLocation l, char *buf, size_t size);
/* Register r of a, by its name: `r2`, or `rbx` when a->reg_name names them (a NULL: `r2`). */
const char *mc_alloc_reg_str(const McAllocation *a, int32_t r, char *buf, size_t size);
/* mc_location_str with a's register names. */
const char *mc_alloc_location_str(const McAllocation *a, McLocation l, char *buf, size_t size);
/* `# NAME -> r0` comment lines (one per located value, in handle order),
 * `# deleted in BLOCK: d = copy s (both in r1)` for each copy the machine
 * skips, then the destroyed function with its copies intact, so the text
 * parses back and means the same thing by name. */
void mc_allocation_print(const McAllocation *a, FILE *out);

/* ---- why two values interfere (why.c) ----------------------------------------- */

typedef enum McWhyKind {
    MC_WHY_DEF = 1,    /* def is defined at (block, inst) while live is live after it: they interfere */
    MC_WHY_PARAMS,     /* both parameters, bound together on entry (baseline: every scalar
                          parameter; the others: both live on entry): they interfere */
    MC_WHY_COPY,       /* only at a copy between them (copy_block, copy_inst) is one defined
                          while the other is live: the copy exception, no interference */
    MC_WHY_NONE,       /* neither is ever defined where the other is live: no interference */
    MC_WHY_NOT_SCALAR, /* one of them is not a scalar value (or they are the same) */
} McWhyKind;

typedef struct McWhy {
    McWhyKind kind;
    int32_t def, live;              /* MC_WHY_DEF */
    int32_t block, inst;            /* MC_WHY_DEF: the earliest such point */
    int32_t copy_block, copy_inst;  /* a copy between them where the exception applied, or -1 */
} McWhy;

/* Requires: f phi-free (the destroyed function an allocation's graph is
 * built on). The reason the graph of allocator `which` has (or has not) an
 * edge x - y; the answer agrees with mc_interference(f, which). */
McWhyKind mc_interference_why(const McFunc *f, McAllocator which, int32_t x, int32_t y, McWhy *w);


/* ---- linear order and live intervals (linear.c) ------------------------------ */

/* The order linear scan works in: blocks in reverse postorder from the
 * entry, unreachable blocks last in handle order; every instruction and
 * terminator numbered in that order. Index i has two points: 2i (operands
 * read) and 2i+1 (result written); -1 is the entry, where the bound
 * parameters are written. A value's interval is [start, end] over every
 * point where it is live, defined or used (start > end: none). */
typedef struct McIntervals {
    int32_t nblocks, nvalues;
    int32_t *order, norder; /* blocks in linear order */
    int32_t *first;         /* per block: index of its first instruction; its terminator is first + ninsts */
    int32_t nindex;         /* instructions and terminators numbered */
    int32_t *start, *end;   /* per value */
} McIntervals;

/* Requires: f phi-free, lv = mc_liveness_all(f, ...). */
McIntervals *mc_intervals(const McFunc *f, const McLiveness *lv);
void mc_intervals_free(McIntervals *iv);

/* ---- the allocated machine (machine.c) ------------------------------------- */

/* What the machine counts in one run (valid is set by mc_machine_run). */
typedef struct McMachineStats {
    bool valid;
    int64_t instructions, copies, spill_reads, spill_writes;
    int32_t registers, slots;
    /* Runs on the machine with frames only (frames: a function with calls or
     * local buffers, machine_call.c): the convention's traffic, apart from spills. */
    bool frames;
    int64_t calls;           /* calls executed */
    int64_t saves, restores; /* caller saves and callee-saved prologue saves; their restores */
    int64_t arg_moves;       /* argument and result moves actually made (machine_call.c): a value
                                already in its argument or result register costs none, nor
                                does a spill slot's load or store (counted as spill traffic);
                                each transfer through an incoming or the result slot costs one */
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

/* For `interference --why`: one line per call that value v of a->f is
 * live across, saying what the convention makes of it there (saved around
 * the call, kept in a callee-saved register, kept in a slot). Nothing for
 * a value live across no call. */
void mc_alloc_calls_why(const McAllocation *a, int32_t v, FILE *out);

/* ---- the allocated machine with calls (machine_call.c) ------------------------
 * A program: the allocation of every function a run can reach, each under
 * the same convention and K. The machine keeps one register file for all
 * frames and a slot array per frame, and enforces the convention: after a
 * call every caller-saved register (the result register too, once the call
 * has read the result) is
 * clobbered, and reading one before writing it traps `r1 read after the call
 * to f at 12:5 clobbered it (caller-saved under split)`; a function entered
 * by a call that returns with a callee-saved register changed traps
 * `f returned with callee-saved r2 changed (was 3, now 7)`. The function run
 * first is entered from outside: it saves nothing and is not checked on
 * return, so a program without calls runs exactly as mc_machine_run runs it. */
typedef struct McProgram {
    McAllocation **alloc;  /* alloc[0] is the function run; owned */
    const McFunc **func;   /* the input function each allocation came from (what McCall.callee names) */
    int32_t n, cap;
} McProgram;
/* The index of input function f in p, or -1. */
int32_t mc_program_find(const McProgram *p, const McFunc *f);
void mc_program_add(McProgram *p, const McFunc *f, McAllocation *a);
void mc_program_free(McProgram *p); /* frees the allocations too */
/* max_depth: frames at once (0 = MC_DEFAULT_MAX_DEPTH). stats may be NULL;
 * stop may be NULL. */
McOutcome mc_machine_run_program(const McProgram *p, McArgs *args, int64_t max_steps, int64_t max_depth,
                                 const McInterrupt *stop, McMachineStats *stats);
/* mc_machine_run_program with the tier-up chosen: after jit_after block
 * entries (0: at once, < 0: never) the run goes on in machine code when its
 * allocations are proven to keep the convention (machine_call_x64.c;
 * docs/machine.md); *jitted (may be NULL) says whether it did. */
McOutcome mc_machine_run_program_jit(const McProgram *p, McArgs *args, int64_t max_steps, int64_t max_depth,
                                     const McInterrupt *stop, McMachineStats *stats, int64_t jit_after,
                                     bool *jitted);

/* ---- switches and the allocation trace (regalloc.c) -------------------------- */

/* One switch per technique of the improved allocator, and the two
 * phi-destruction bug modes. All zero (mc_alloc_options_default) is
 * today's allocator exactly; the baseline reads only `destroy` and
 * `param_edges` (the chapter's algorithms have no other technique to turn
 * off). Spelled and parsed only by mc_alloc_option_parse / _describe:
 *   split=critical|all          improved: edge blocks only on critical edges, or on every edge into a phi block
 *   copies=parallel|temps       improved: sequentialized parallel copies, or the chapter's save-all temporaries
 *   copy-exception=on|off       improved: `d = copy s` does not make d and s interfere
 *   coalesce=conservative|off|aggressive  Briggs+George, none, or every non-interfering move
 *   bias=on|off                 a copy partner's register (and slot) is preferred
 *   recolour=on|off             the recolouring pass after select
 *   slot-sharing=on|off         spilled values that do not interfere share slots
 *   metric=best|cost/degree|cost/degree2|cost|chapter  simplify's spill choice (best of the
 *                               three, one of them, or select in the chapter's degree order)
 *   variant=best|coalesce|no-coalesce|degree  the cheapest of the three variants, or one
 *   destroy=correct|naive|sequential  phi destruction bug modes (both allocators): naive puts
 *                               each edge's copies at the end of the predecessor without
 *                               splitting (the lost-copy problem); sequential writes each
 *                               edge's copies one by one without temporaries (the swap problem)
 *   param-edges=on|off          off drops the interference edges between parameters bound
 *                               together on entry (a planted bug for `fuzz --mutant`)
 *   saves=correct|no-caller|no-callee  the convention's saves, or a planted bug (below)
 *   calls=save|interfere        values live across calls saved around them, or kept out of
 *                               the caller-saved registers by interference (McCallsMode)
 *   two-address=target|copies|emitter  x86-64's two-address `x = sub a, b` (twoaddr.c):
 *                               copies rewrites it, before the interference graph is built,
 *                               into `x = copy a; x = sub x, b` (x interferes with b, the copy
 *                               is coalesced where it can be) for baseline, improved and
 *                               linear, and mul/and/or/xor with the copy from the operand
 *                               that dies there (b when a lives on); ssa holds b until x is
 *                               defined and prefers the copy source's register instead;
 *                               emitter leaves it to the emitter (r11 when x gets b's
 *                               register); target (the default) is emitter
 *                               on the chapter's machine and rv64 (three-address) and what
 *                               mc_asm_allocate chooses for x86-64 (asm.h) */
typedef enum McCoalesceMode { MC_COALESCE_CONSERVATIVE = 0, MC_COALESCE_OFF, MC_COALESCE_AGGRESSIVE } McCoalesceMode;
typedef enum McSpillMetric {
    MC_METRIC_BEST = 0,
    MC_METRIC_COST_DEGREE,  /* cost / degree (cost = uses + defs x 10^depth x probability) */
    MC_METRIC_COST_DEGREE2, /* cost / degree^2 */
    MC_METRIC_COST,         /* cost */
    MC_METRIC_CHAPTER       /* no simplify: select in descending degree order, ties by name */
} McSpillMetric;
typedef enum McAllocVariant {
    MC_VARIANT_BEST = 0,
    MC_VARIANT_COALESCE,
    MC_VARIANT_NO_COALESCE,
    MC_VARIANT_DEGREE
} McAllocVariant;
typedef enum McDestroyBug { MC_DESTROY_CORRECT = 0, MC_DESTROY_NAIVE, MC_DESTROY_SEQUENTIAL } McDestroyBug;
/* saves=: the convention's saves as they should be, or a planted bug a
 * class can set off: no-caller leaves the values live across a call in
 * caller-saved registers unsaved (the machine traps reading one after the
 * call), no-callee skips the prologue's saves of callee-saved registers
 * (the machine traps at the return). Nothing changes without calls. */
typedef enum McSaveBug { MC_SAVES_CORRECT = 0, MC_SAVES_NO_CALLER, MC_SAVES_NO_CALLEE } McSaveBug;
/* calls=: how a function with calls meets the convention. save (the default): the
 * allocator colours as if calls clobbered nothing, then mc_alloc_calls renames the
 * registers and saves the values live across a call that sit in caller-saved ones.
 * interfere: every value live across a call interferes with the registers a call
 * clobbers (the caller-saved ones), so the allocator keeps it in a callee-saved
 * register or a slot, and every parameter, call argument, call result and returned
 * value prefers the convention's register for it (argument i, the result); no
 * renaming, no caller saves. Only functions with calls, and the functions of a
 * program with calls (McAllocOptions.program), are constrained: a program without
 * calls allocates exactly as under save. */
typedef enum McCallsMode { MC_CALLS_SAVE = 0, MC_CALLS_INTERFERE } McCallsMode;
/* two-address=: MC_TWOADDR_TARGET is resolved by the target (mc_asm_allocate:
 * x86-64's choice; nothing anywhere else); the allocator rewrites only
 * under MC_TWOADDR_COPIES. */
typedef enum McTwoAddress { MC_TWOADDR_TARGET = 0, MC_TWOADDR_COPIES, MC_TWOADDR_EMITTER } McTwoAddress;

typedef struct McAllocTrace McAllocTrace;
typedef struct McAllocKnobs McAllocKnobs; /* regalloc_test.h */

typedef struct McAllocOptions {
    bool split_all;          /* split=all */
    bool save_all;           /* copies=temps */
    bool no_copy_exception;  /* copy-exception=off */
    McCoalesceMode coalesce;
    bool no_bias, no_recolour, no_slot_sharing;
    McSpillMetric metric;
    McAllocVariant variant;
    McDestroyBug destroy;
    bool no_param_edges;     /* param-edges=off */
    McSaveBug saves;         /* saves=correct|no-caller|no-callee */
    McCallsMode calls;       /* calls=save|interfere */
    McTwoAddress two_address; /* two-address=target|copies|emitter */
    McAllocTrace *trace;     /* NULL, or a trace that mc_allocate fills (appends to) */
    bool no_self_check;      /* not a switch: phi destruction does not verify its
                                output (the pipeline bench's fast variant, whose
                                function was verified after the optimizer; the
                                allocation itself is checked as always) */
    const McInterrupt *interrupt; /* not a switch: NULL, or a flag (interrupt.h) polled while
                                building the interference graph, in coalescing's sweeps,
                                between spill metrics and variants, and by linear scan and
                                the SSA allocator; when it is set the allocation fails with
                                the diagnostic `interrupted` and leaves nothing behind */
    const McAllocKnobs *knobs;    /* not a switch: NULL, or the engine's test knobs
                                     (regalloc_test.h: unit tests and benches) */
    McConvention convention;      /* not a switch: the calling convention (callconv.c); changes
                                     nothing for a function without calls */
    bool program;                 /* not a switch: the function belongs to a program with calls
                                     (pipeline.c sets it): its registers are renamed to suit the
                                     convention (callconv.c), as a function with calls always is;
                                     never set for a run without calls */
    const char *const *reg_name;  /* not a switch: NULL, or the names of the registers (a real
                                     target's, asm.h), copied to McAllocation.reg_name */
} McAllocOptions;

void mc_alloc_options_default(McAllocOptions *o);
/* mc_interference_why under the switches o (NULL: the defaults):
 * copy-exception=off and param-edges=off change the answer as they change
 * the graph. */
McWhyKind mc_interference_why_opts(const McFunc *f, McAllocator which, const McAllocOptions *o, int32_t x,
                                   int32_t y, McWhy *w);
/* Apply a comma-separated list of NAME=VALUE words (`no-NAME` is NAME=off,
 * `no-coalesce` is coalesce=off, `default` resets everything). Returns false
 * with a message in err (o unchanged) on an unknown word or value. */
bool mc_alloc_option_parse(McAllocOptions *o, const char *list, char *err, size_t size);
/* Every switch as `NAME=VALUE`, one per line, `# default` marking unchanged ones. */
void mc_alloc_options_print(const McAllocOptions *o, FILE *out);
/* The switches that differ from the default, comma-separated ("default" if none). */
const char *mc_alloc_options_str(const McAllocOptions *o, char *buf, size_t size);
/* The values a switch takes, for sweep: the switch's names and values. */
int mc_alloc_option_count(void);
const char *mc_alloc_option_name(int i);
/* The values of switch i as a NULL-terminated list (the default first). */
const char *const *mc_alloc_option_values(int i);
int mc_alloc_option_lookup(const char *name); /* the switch called name, or -1 */

McDestroyed *mc_destroy_phis_opts(const McFunc *ssa, McAllocator which, const McAllocOptions *o, McDiags *d);

/* The allocation trace: every decision in order, as data. Value handles are
 * those of the allocation's function (McAllocation.f). */
typedef enum McTraceKind {
    MC_TR_COST,      /* v: weighted occurrences n1 in block w with weight y (x = running total); w = -1:
                        the bound parameter's write (+1); then one MC_TR_COST_TOTAL */
    MC_TR_COST_TOTAL, /* v: spill cost x */
    MC_TR_VARIANT,   /* a variant (McAllocVariant in n1) starts; metric in n2 (McSpillMetric) */
    MC_TR_MOVE,      /* coalescing test of move v <- w (representatives): test (McTraceTest),
                        n1 compared with n2, flag merged (into reg, the representative kept) */
    MC_TR_PUSH,      /* simplify pushes v with degree n1 (K = n2); flag: optimistic, x its metric */
    MC_TR_ORDER,     /* chapter's order: v is next with degree n1 */
    MC_TR_COLOUR,    /* select: v takes register reg (-1: none free, it spills); w: the copy partner
                        whose register was taken (flag biased), else -1 */
    MC_TR_RECOLOUR,  /* v takes register reg; n1 neighbours moved (flag 0) or spilled (flag 1), x their cost */
    MC_TR_SELECTED,  /* a metric's simplify/select/recolour is done: x = spilled cost; flag: kept */
    MC_TR_SLOT,      /* v goes to slot reg; flag: shared with w (a value already there), else fresh */
    MC_TR_ESTIMATE,  /* variant n1 done: estimated traffic x; flag: best so far */
    MC_TR_WINNER,    /* variant n1 won (x its estimate) */
    MC_TR_FINAL,     /* v ends in location (n1 = McLocKind, reg = index) */
    MC_TR_CALL_SAVE, /* v in caller-saved register reg is live across the call at (block n1, inst n2):
                        saved to slot w before it and restored after it; flag: not saved (planted bug) */
    MC_TR_CALL_SAFE, /* v live across the call at (n1, n2) needs no save: in callee-saved r`reg`, or a
                        slot (reg = -1, slot w) */
    MC_TR_CALLEE_SAVE, /* callee-saved register reg is written by the function: saved to slot w in the
                         prologue; flag: not saved (planted bug) */
    MC_TR_RENAME,    /* the convention's renaming: register reg becomes register w; n1 = the calls its
                        values are live across (static), flag: w is callee-saved */
    MC_TR_FORBID,    /* n2 = 0, calls=interfere: v is live across call n1 (McCallCons numbering): it
                        interferes with every caller-saved register (before the colouring);
                        n2 > 0, x86-64: a fixed-register instruction (site n1) forbids v the
                        registers of McFixedKind n2 - 1 (live across an idiv: rax rdx...) */
    MC_TR_PREFER,    /* calls=interfere or x86-64: v prefers register reg; n1 = McPrefKind, n2 = its
                        index (parameter or argument), w = the call or the fixed site (McCallCons
                        numbering) or -1 */
    MC_TR_PREFER_GOT, /* after the colouring: v, preferring reg, got location (n1 = McLocKind, w = index) */
    /* two-address=copies (twoaddr.c); v = x, w = the copy's source a (-1: the constant n2),
       reg = the other operand b, n1 = the op (sub; mul, and, or, xor), flag: the commutative
       operands swapped (x = OP b, a in the source: b dies there, a lives on): */
    MC_TR_TWOADDR,       /* x = OP a, b became x = copy a; x = OP x, b before the graph was built */
    MC_TR_TWOADDR_COPY,  /* after the allocation: where the copy x = copy a ended (x's and a's
                            locations; the same: no instruction) */
    MC_TR_TWOADDR_SSA    /* ssa (colours SSA form, no rewrite), after the allocation: x = OP a, b
                            (a: the operand x preferred); n2 > 0 (sub): b was held until x was
                            defined (x interferes with b); flag: x shares a's register (no move) */
} McTraceKind;

typedef enum McTraceTest {
    MC_TEST_SAME = 0,    /* already one node */
    MC_TEST_INTERFERE,   /* they interfere: refused */
    MC_TEST_BRIGGS,      /* n1 significant neighbours < n2 = K */
    MC_TEST_GEORGE,      /* n1 neighbours of w neither adjacent to v nor insignificant (0 = ok) */
    MC_TEST_AGGRESSIVE   /* coalesce=aggressive: merged without a test */
} McTraceTest;

typedef struct McTraceEvent {
    uint8_t kind;   /* McTraceKind */
    uint8_t test;   /* MC_TR_MOVE: McTraceTest */
    bool flag;
    int8_t variant; /* the McAllocVariant the event belongs to (0: baseline or before the variants) */
    int8_t metric;  /* the McSpillMetric being tried (0: none) */
    int32_t v, w, reg, n1, n2;
    double x, y;
} McTraceEvent;

struct McAllocTrace {
    McTraceEvent *ev;
    int32_t n, cap;
    int32_t won_variant; /* improved: the variant kept (McAllocVariant), 0 for baseline */
    int32_t won_metric;  /* its metric kept (McSpillMetric), 0 for baseline or chapter order */
};

void mc_alloc_trace_init(McAllocTrace *t);
void mc_alloc_trace_free(McAllocTrace *t);
/* Whether event i belongs to the path that produced the allocation (the
 * winning variant and metric, or no variant at all). */
bool mc_alloc_trace_on_path(const McAllocTrace *t, int32_t i);
/* One event as a line of text (no newline) into buf. */
const char *mc_alloc_trace_event_str(const McAllocTrace *t, int32_t i, const McAllocation *a, char *buf, size_t size);
/* The whole trace as text: every event, grouped under variant headers. */
void mc_alloc_trace_print(const McAllocTrace *t, const McAllocation *a, FILE *out);
/* The final assignment the trace records equals a->loc (false with the
 * first difference in msg). */
bool mc_alloc_trace_matches(const McAllocTrace *t, const McAllocation *a, char *msg, size_t size);
/* The machine pre-decoded once (mc_machine_run decodes, runs and frees):
 * for running one allocation many times. It does not reference the
 * allocation afterwards. */
typedef struct McMachineCode McMachineCode;
McMachineCode *mc_machine_code_new(const McAllocation *a);
void mc_machine_code_free(McMachineCode *c);
/* mc_machine_run_intr on pre-decoded code (stop and stats may be NULL).
 * On x86-64 a run that makes 2048 + 16 per record block entries
 * interpreting compiles the records into machine code (kept in c, so one
 * McMachineCode is not run by two threads at once) and goes on in it; the
 * outcome and every statistic are the interpreter's. $MINICC_JIT=0 when the
 * code is made keeps it interpreted. */
McOutcome mc_machine_code_run(const McMachineCode *c, McArgs *args, int64_t max_steps, const McInterrupt *stop,
                              McMachineStats *stats);
/* Compile after `entries` block entries of a run (0: now; -1: never, the
 * interpreter); $MINICC_JIT=0 overrides. Whether c has machine code now. */
void mc_machine_code_jit_after(McMachineCode *c, int64_t entries);
bool mc_machine_code_is_jit(const McMachineCode *c);

#endif
