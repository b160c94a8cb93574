/* minicc/verify.h - the verifier (docs/ir.md §2).
 *
 * Structure: every block terminated; targets exist; the entry block is never
 * targeted; phi incoming entries are exactly the block's distinct
 * predecessors; operand kinds (a buffer only as the first operand of
 * load/store, and the first operand of load/store always a buffer).
 * Then form inference: a function with no phis is tried as SSA (single
 * definition + dominance); if that fails and it has no phis it is mutable form
 * and must pass definite assignment; a function with phis must be SSA.
 * Sets f->form on success.
 *
 * Implemented in verify.c (src/engine). */
#ifndef MINICC_VERIFY_H
#define MINICC_VERIFY_H

#include "diag.h"
#include "ir.h"

typedef enum McVerifyMode {
    MC_VERIFY_INFER = 0, /* docs/ir.md §2 form inference (used on loaded IR) */
    MC_VERIFY_SSA,       /* require SSA form */
    MC_VERIFY_MUTABLE,   /* require mutable form: no phis, definite assignment */
} McVerifyMode;

/* Returns true when valid. Errors are appended to d (may be NULL). */
bool mc_verify(McFunc *f, McVerifyMode mode, McDiags *d);
/* The same with a CFG the caller already has (NULL: built here, as
 * mc_verify does). It must be a snapshot of f's current blocks and
 * terminators with at least what mc_cfg_build_dom computes (cfg.h). */
typedef struct McCfg McCfg;
bool mc_verify_cfg(McFunc *f, McVerifyMode mode, const McCfg *cfg, McDiags *d);
/* The calls of f against their callees (docs/ir.md §3.2): every call
 * resolved (McCall.callee; one that is not is skipped: the parser reports
 * unknown names) passing as many arguments as the callee has
 * parameters, each of the parameter's kind (a constant or scalar for i32,
 * a buffer for buf). Each mismatch is an error at the call naming the
 * argument and the callee's parameter. mc_verify runs these checks for
 * the calls already resolved; the parser runs this once the file is read. */
bool mc_verify_calls(const McFunc *f, McDiags *d);

#endif
