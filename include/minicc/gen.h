/* minicc/gen.h - random valid programs for differential testing (the fuzzer,
 * `minicc gen`, benchmarks) and the program reducer.
 *
 * mc_gen builds a structured random function directly with the ir.h builder
 * (it does not depend on the parser): straight-line arithmetic over i32 edge
 * values with every ALU operation (div and rem mostly by divisors that
 * cannot be zero, rarely by ones that may be, so some runs trap), copies,
 * buffer loads and stores (some with out-of-range indices, so some runs trap), diamonds, triangles (critical edges), `branch c, L, L`,
 * early returns, bounded loops (a counter with a fixed trip count; while and
 * do-while shapes, nested, with break and continue) and, in SSA form, phis
 * including permutation cycles (the swap). Every generated function passes
 * mc_verify and terminates within the default step budget. Many variables
 * stay live to the final return, so register pressure exceeds small K.
 *
 * Everything is a pure function of the seed and the options (own PRNG, no
 * global state), so a seed names a program.
 *
 * Implemented in gen.c, shrink.c (src/engine/fuzz). */
#ifndef MINICC_GEN_H
#define MINICC_GEN_H

#include <stdint.h>

#include "ir.h"
#include "outcome.h"

/* ---- deterministic random numbers (splitmix64) ---------------------------- */

typedef struct McRng {
    uint64_t s; /* state; any value is fine */
} McRng;

void mc_rng_seed(McRng *r, uint64_t seed);
uint64_t mc_rng_next(McRng *r);
uint32_t mc_rng_below(McRng *r, uint32_t n); /* uniform in [0, n); n > 0 */
bool mc_rng_chance(McRng *r, uint32_t percent); /* true with probability percent/100 */

/* ---- the generator -------------------------------------------------------- */

typedef enum McGenForm {
    MC_GEN_EITHER = 0,  /* chosen by the seed */
    MC_GEN_MUTABLE = 1, /* no phis; names assigned many times */
    MC_GEN_SSA = 2,     /* single assignment with phis */
} McGenForm;

typedef struct McGenOptions {
    int32_t size;        /* approximate number of instructions (default 40) */
    McGenForm form;      /* default MC_GEN_EITHER */
    int max_loop_depth;  /* loop nesting limit (default 2; 0 = no loops) */
    int max_nesting;     /* if/loop nesting limit (default 4) */
    int max_vars;        /* upper bound on variables tracked at once (default 12, at most 64) */
    int max_params;      /* scalar parameters, at most (default 3) */
    int max_bufs;        /* buffer parameters, at most (default 2) */
    bool traps;          /* allow indices that may be out of range and divisors that may be
                            zero (default true); the arguments of mc_gen_args may still be
                            short buffers */
    int64_t step_budget; /* estimated block entries of one run, at most (default 20000) */
    bool opaque;         /* values derive from parameters, never from constants alone, and
                            no early returns: the optimizer cannot fold the program away
                            (benchmarks; default false) */
    int32_t max_construct; /* instructions inside one if/loop at most (0 = up to half of what
                              is left); a cap makes big programs a uniform sequence of
                              similar pieces, so their cost scales smoothly (benchmarks) */
    int calls;           /* mc_gen_module: helper functions (0 = none, the default; at most 4) */
} McGenOptions;

void mc_gen_options_default(McGenOptions *o);

/* A new valid function named "f" (the caller frees it with mc_func_free).
 * o may be NULL for the defaults. f->form is set to the form built; callers
 * may still run mc_verify (it must succeed). */
McFunc *mc_gen(uint64_t seed, const McGenOptions *o);

/* A module of o->calls + 1 functions (docs/ir.md §3.2): the entry "f" as
 * mc_gen makes it with calls among its statements, then helpers g1..gN,
 * each taking a depth first and returning at once when it is 0 or less;
 * gK calls itself with its depth less one (outside loops, twice at most)
 * and gJ for J > K with a depth of 0..3, so recursion is bounded; buffers
 * are passed down (callees store into them) and some functions have a
 * local buffer. With o->calls = 0, the one function of mc_gen(seed, o).
 * Every function verifies; a run may trap (as mc_gen's), or rarely exceed
 * the default step budget. mc_module_free frees it. */
McModule *mc_gen_module(uint64_t seed, const McGenOptions *o);

/* Arguments for f: i32 parameters get edge values and small numbers, buffers
 * small lengths (mostly 4..6 elements, sometimes 0..3 so indices trap).
 * out is overwritten; free it with mc_args_free. */
void mc_gen_args(const McFunc *f, uint64_t seed, McArgs *out);

/* ---- the reducer (shrink.c) ----------------------------------------------- */

/* An interestingness test: true when the candidate still shows the failure.
 * The candidate is valid (it passed mc_verify). */
typedef bool (*McShrinkPred)(void *ctx, const McFunc *candidate, const McArgs *args);

typedef struct McShrinkStats {
    int64_t tried;    /* candidates built */
    int64_t invalid;  /* rejected by mc_verify */
    int64_t accepted; /* kept (still interesting) */
} McShrinkStats;

/* Delta-debugging over the IR: removes blocks (turning branches into
 * jumps), instructions, phis and buffer traffic, replaces operands by
 * constants, shortens argument buffers, while pred stays true. Every
 * candidate is re-verified; invalid ones are discarded. Returns the smallest
 * interesting function found (a new function; f is not changed) and updates
 * *args to the matching arguments. max_tries bounds the number of candidates
 * (0 = no bound). stats may be NULL. */
McFunc *mc_shrink(const McFunc *f, McArgs *args, McShrinkPred pred, void *ctx, int64_t max_tries,
                  McShrinkStats *stats);

#endif
