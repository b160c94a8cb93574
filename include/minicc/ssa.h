/* minicc/ssa.h - SSA construction (Cytron et al.) from mutable form.
 *
 * mc_ssa_build takes a verified function and returns a new function in SSA
 * form: phis are placed at the iterated dominance frontiers of each
 * variable's definitions (using the engine's dominators and frontiers,
 * cfg.h), then names are versioned by a walk of the dominator tree that uses
 * an explicit stack (no recursion, 100k blocks are fine).
 *
 * Three placement policies are offered for teaching:
 *   minimal   every iterated-frontier block of a defined variable gets a phi
 *   semi      only variables live across some block boundary (Briggs et al.
 *             "non-local" names: used in a block before any definition in it)
 *   pruned    only where the variable is live on entry (liveness, the default)
 *
 * Naming, so a student can map SSA names back to the source:
 *   - a parameter keeps its name for its entry value; later definitions of a
 *     reassigned parameter get versions `n.1`, `n.2`...
 *   - a variable with exactly one definition and no phi keeps its name;
 *   - every definition of any other variable (phis included) gets the next
 *     free version `x.1`, `x.2`... (as mc_func_value_fresh would), numbered in
 *     dominator-tree preorder.
 * Unreachable blocks are dropped before construction (they cannot execute,
 * and dominance is undefined there). A minimal or semi-pruned phi operand on
 * an edge where the variable is not yet assigned is the constant 0: definite
 * assignment guarantees such a value is never observed. Pruned SSA never
 * needs it.
 *
 * Input already in SSA form is returned unchanged (as a clone).
 *
 * Implemented in ssa.c (src/engine). */
#ifndef MINICC_SSA_H
#define MINICC_SSA_H

#include "diag.h"
#include "ir.h"

typedef enum McSsaKind {
    MC_SSA_PRUNED = 0, /* the default */
    MC_SSA_SEMI = 1,
    MC_SSA_MINIMAL = 2,
    MC_SSA_KIND_COUNT
} McSsaKind;

typedef struct McSsaStats {
    int32_t phis;          /* phis placed */
    int32_t variables;     /* scalar names with at least one definition */
    int32_t versions;      /* fresh versioned names created */
    int32_t dropped_blocks; /* unreachable blocks removed before construction */
    bool was_ssa;          /* input was already SSA: returned as a clone */
} McSsaStats;

const char *mc_ssa_kind_name(McSsaKind k); /* "pruned", "semi", "minimal" */
int mc_ssa_kind_lookup(const char *name);  /* -1 if unknown */

/* Build SSA from a verified function (f->form set by mc_verify). Returns a
 * new function in SSA form (f->form = MC_FORM_SSA), or NULL with a
 * diagnostic when f is not verified. stats may be NULL. */
McFunc *mc_ssa_build(const McFunc *f, McSsaKind kind, McSsaStats *stats, McDiags *d);
/* Calls and local buffers (docs/ir.md §3.2): a call is an instruction that
 * reads its scalar arguments (renamed like any use) and may define a
 * scalar (versioned like any definition); its buffer arguments and a local
 * buffer's definition (`b = buffer N`, defined once, not a scalar) keep
 * their names. The callees are not touched: the clone calls the same
 * functions (mc_pipeline_prepare builds SSA for them too). */
/* The same; check = false skips the verification of the result (about a
 * third of the work), for a caller that verifies later anyway: the
 * pipeline bench's fast variant, which verifies once after the optimizer.
 * Everything else, the stages, the tests and fuzz, checks. */
McFunc *mc_ssa_build_opts(const McFunc *f, McSsaKind kind, McSsaStats *stats, bool check, McDiags *d);

/* Phis each policy would place, side by side (index by McSsaKind); -1 when
 * the function cannot be built. For SSA input every entry is its phi count. */
void mc_ssa_phi_counts(const McFunc *f, int32_t counts[MC_SSA_KIND_COUNT]);

#endif
