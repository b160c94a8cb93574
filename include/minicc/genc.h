/* minicc/genc.h - random MiniC programs for the C-compiler oracle
 * (`minicc gen --lang c`, `minicc fuzz --lang c`) and their reducer.
 *
 * mc_genc builds a random MiniC function as a small syntax tree, a pure
 * function of the seed (own PRNG, no global state): nested loops with bounded
 * counters (for, while and do-while, with break and continue), if/else
 * chains, && || ?: and every other MiniC operator, buffer traffic, shadowing
 * declarations and compound assignments. Divisors, shift counts and buffer
 * indices are guarded so that C defines the result (no zero divisor, no
 * INT_MIN / -1, shift counts in 0..31, no negative or overflowing left
 * shift, indices inside the buffer lengths the arguments will have, or
 * checked by the twin); it puts negations next to divisions with arguments
 * that are often INT_MIN, and writes some shift counts as unparenthesised
 * sums and products (`x << (c & 7) + 2`); a few
 * programs (the "trap" ones) leave some divisors and indices unguarded, so
 * minicc traps on them.
 *
 * With calls = N (docs/minic.md §5) the program also has N helpers h0 ..
 * h(N-1), some void, which the main function and each other call (h(k)
 * calls h0 .. h(k), itself included): scalar and buffer arguments (a
 * parameter's buffer or a local array `int la0[3] = {...}`, which callees
 * write), results assigned or discarded. Recursion is bounded: a helper's
 * first parameter d is the depth left, every call in a helper passes d - 1
 * under `d > 0`, the main function passes 0..2. A statement with a call
 * reads no buffer besides it and holds no other call, so C's unspecified
 * order of evaluation cannot matter; helpers leave nothing unguarded. The
 * twin gives every buffer parameter of a helper its length as a hidden
 * parameter, so every index is still checked.
 *
 * The tree prints two ways:
 *   MC_GENC_MINIC    the MiniC program itself (what minicc compiles, and
 *                    what the C compiler compiles as the oracle);
 *   MC_GENC_CHECKED  the same function for the C compiler with every `/`,
 *                    `%`, `<<`, `>>` and buffer index routed through helper
 *                    functions of mc_genc_oracle_prelude: they compute
 *                    MiniC's meaning, report minicc's trap message (division
 *                    by zero, buffer index outside [0,LENGTH)) and note every
 *                    operation C leaves undefined even with -fwrapv
 *                    (INT_MIN / -1, INT_MIN % -1, shift counts outside
 *                    0..31, a negative or overflowing left shift) and every
 *                    INT_MIN dividend: issue 26 reported gcc 12 at -O2
 *                    computing -a / b wrong there (715827882 for
 *                    a = INT_MIN, b = 3); it could not be reproduced on
 *                    the host this was written on (gcc 12.2), so such runs
 *                    are kept out of the comparison defensively.
 * The oracle runs the checked twin first; only when it neither trapped nor
 * met an undefined operation is the plain program asked too (see
 * tests/fuzz/README.md).
 *
 * Implemented in gen_c.c and gen_c_print.c (src/engine/fuzz). */
#ifndef MINICC_GENC_H
#define MINICC_GENC_H

#include <stdint.h>
#include <stdio.h>

#include "gen.h"
#include "outcome.h"
#include "util.h"

typedef struct McGencProg McGencProg; /* opaque: the syntax tree and its arguments */

typedef struct McGencOptions {
    int32_t size;      /* approximate number of statements (default 24) */
    int max_loop_depth; /* loop nesting at most (default 3) */
    int max_nesting;   /* if/loop/block nesting at most (default 4) */
    bool traps;        /* some programs leave divisors and indices unguarded (default true) */
    int calls;         /* helper functions (0..4, default 0: one function, drawn exactly
                          as before calls existed) */
} McGencOptions;

void mc_genc_options_default(McGencOptions *o);

/* A new random program (function name "f") with its arguments. */
McGencProg *mc_genc(uint64_t seed, const McGencOptions *o);
void mc_genc_free(McGencProg *p);
McGencProg *mc_genc_clone(const McGencProg *p);

typedef enum McGencMode { MC_GENC_MINIC = 0, MC_GENC_CHECKED = 1 } McGencMode;

/* The function as C text named `name` (NULL = "f"). */
void mc_genc_print(const McGencProg *p, const char *name, McGencMode mode, McStr *out);
/* The arguments as typed on a command line: `3 [1, 2] -7`. */
void mc_genc_args_format(const McGencProg *p, McStr *out);
/* The arguments for minicc, in parameter order (free with mc_args_free). */
void mc_genc_args(const McGencProg *p, McArgs *out);
/* Did the generator leave some divisor or index unguarded? */
bool mc_genc_is_trap_program(const McGencProg *p);
/* Statements + expression nodes: the size the reducer reports. */
int32_t mc_genc_nodes(const McGencProg *p);

/* ---- the oracle's C file ----------------------------------------------------- */

/* Helpers and includes every oracle file starts with. */
void mc_genc_oracle_prelude(McStr *out);
/* Both versions of program p as functions mc_pK and mc_pK_chk, and a
 * function mc_caseK() that runs them on p's arguments and prints
 *   case K
 *   checked: return V            (or `checked: trap: MESSAGE`)
 *   NAME = [a, b]                (each buffer as the checked run left it)
 *   plain: return V              (only when the checked run neither trapped
 *   NAME = [a, b]                 nor met an operation C leaves undefined)
 * or `plain: not asked (REASON)`. */
void mc_genc_oracle_case(const McGencProg *p, int k, McStr *out);
/* `int main(void)` calling mc_case0 .. mc_case(n-1). */
void mc_genc_oracle_main(int n, McStr *out);

/* ---- the reducer --------------------------------------------------------------- */

/* True when the candidate still shows the failure (it may not even compile:
 * the predicate decides). */
typedef bool (*McGencPred)(void *ctx, const McGencProg *candidate);

/* Statement deletion (also an if/loop/block replaced by its body) and
 * expression deletion (a node replaced by an operand or by 0 or 1), greedily,
 * to a fixed point or max_tries candidates (0 = no bound). Returns a new
 * program; *tried counts candidates (may be NULL). */
McGencProg *mc_genc_shrink(const McGencProg *p, McGencPred pred, void *ctx, int64_t max_tries, int64_t *tried);

#endif
