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
McAllocation *mc_allocate_linear(const McFunc *ssa, int regs, int64_t limit, int form, const McAllocOptions *o,
                                 McDiags *d);
McAllocation *mc_allocate_ssa(const McFunc *ssa, int regs, int64_t limit, int form, const McAllocOptions *o,
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

/* ---- per-value register constraints (callconv.c) ----
 * For each value of a function (handles of the function it was built on):
 * the registers forbidden to it, each for a reason, and a preferred register
 * with its reason. Two sources:
 *   - calls=interfere (`interfere`): the first call a value is live across
 *     (then every caller-saved register is forbidden to it: it interferes
 *     with them, the call clobbers them); parameters, arguments, call
 *     results and returned values prefer the convention's registers;
 *   - the x86-64 target (MC_CONV_X64, always, whatever calls= says; never
 *     the chapter's machine nor rv64, which have no fixed registers): the
 *     fixed registers of idiv and of a shift by a variable count, as x64.c
 *     emits them (`fixed`: per value, the registers below 64 forbidden by
 *     them; fx_site: the first instruction of each kind that forbids them):
 *       idiv with a variable divisor (div, rem): cdq writes edx, idiv
 *         edx:eax, so a value live across it (live after it, its result
 *         excluded) may be in neither rax nor rdx, nor may the divisor
 *         (the dividend goes into eax and cdq fills edx before idiv reads
 *         it); the dividend prefers rax, a quotient rax, a remainder rdx;
 *       a shift by a variable count: the count goes into ecx first, so a
 *         value live across it (the count itself excepted: ecx gets its
 *         value), the shifted operand and the result may not be in rcx;
 *         the count prefers rcx;
 *     and a call's result and a returned value prefer rax (eax).
 *     Division by a constant and a constant shift use only r11 (no
 *     constraint).
 * Calls are numbered in block and instruction order, as are the fixed
 * instructions (sites); their callee's name or op and source position are
 * kept, so the numbering survives the copies phi destruction inserts. */
typedef enum McPrefKind {
    MC_PREF_NONE = 0, MC_PREF_PARAM, MC_PREF_ARG, MC_PREF_RESULT, MC_PREF_RETURN,
    MC_PREF_DIVIDEND, MC_PREF_QUOTIENT, MC_PREF_REMAINDER, MC_PREF_COUNT /* x86-64's fixed registers */
} McPrefKind;
/* Why a fixed register is forbidden (x86-64): the kinds of fx_site. */
typedef enum McFixedKind {
    MC_FX_DIV_ACROSS = 0, /* live across an idiv: rax rdx */
    MC_FX_DIVISOR,        /* the divisor of an idiv: rax rdx */
    MC_FX_SHIFT_ACROSS,   /* live across a variable shift (the count excepted): rcx */
    MC_FX_SHIFTED,        /* the shifted operand of a variable shift: rcx */
    MC_FX_SHIFT_DEST,     /* the result of a variable shift: rcx */
    MC_FX_KINDS
} McFixedKind;
/* x86-64's fixed registers in the allocated numbering (asm.c's x64_reg
 * table: rsi rdi r8 r9 r10 rax rcx rdx, then the callee-saved rbx r12-r15;
 * tests/unit/test_fixedregs.c checks the names). */
enum { MC_X64_RAX = 5, MC_X64_RCX = 6, MC_X64_RDX = 7 };
/* The ABI's argument registers rdi rsi rdx rcx r8 r9 in the same numbering
 * (tests/unit/test_fixedregs.c checks them against asm.c's tables). */
extern const int32_t mc_x64_arg_reg[6];
typedef struct McCallCons {
    int32_t n;            /* values covered (handles >= n are unconstrained) */
    int32_t K;
    McConvention conv;
    bool interfere;       /* calls=interfere: across and the convention's preferences */
    int32_t *across;      /* per value: the first call it is live across, or -1 */
    int32_t *pref;        /* per value: its preferred register, or -1 */
    uint8_t *pref_kind;   /* McPrefKind */
    int32_t *pref_index;  /* parameter or argument number (0-based) */
    int32_t *pref_call;   /* the call (argument, result) or the fixed site (dividend...), or -1 */
    int32_t ncalls;
    const char **call_name; /* callee names (the function's strings) */
    int32_t *call_line, *call_col;
    uint64_t forbidden_bits; /* the caller-saved registers below 64 as bits (fast path) */
    /* x86-64's fixed registers (NULL/0 elsewhere) */
    uint64_t *fixed;                 /* per value: the registers forbidden by fixed-register instructions */
    int32_t *fx_site[MC_FX_KINDS];   /* per value and kind: the first site forbidding it, or -1 */
    int32_t nsites;
    uint8_t *site_op;                /* McOp of each site (div, rem, shl, shr) */
    int32_t *site_line, *site_col;
} McCallCons;
/* NULL when o asks neither for calls=interfere (for a function with calls
 * or of a program with calls) nor for the x86-64 convention. f phi-free or
 * in SSA form. */
McCallCons *mc_call_cons(const McFunc *f, const McAllocOptions *o, int32_t K);
void mc_call_cons_free(McCallCons *c);
/* The registers of one McFixedKind, as bits. */
uint64_t mc_fixed_kind_regs(int kind);
/* Register r is forbidden to v (v is live across a call that clobbers r, or
 * a fixed-register instruction forbids r). */
static inline bool mc_call_cons_forbids(const McCallCons *c, int32_t v, int32_t r) {
    if (!c || v < 0 || v >= c->n) return false;
    if (c->across[v] >= 0 && mc_conv_caller_saved(c->conv, c->K, r)) return true;
    return c->fixed && r >= 0 && r < 64 && ((c->fixed[v] >> r) & 1);
}
/* v's fixed-register mask (0 without fixed constraints). */
static inline uint64_t mc_call_cons_fixed(const McCallCons *c, int32_t v) {
    return c && c->fixed && v >= 0 && v < c->n ? c->fixed[v] : 0;
}
static inline int32_t mc_call_cons_pref(const McCallCons *c, int32_t v) {
    return c && v >= 0 && v < c->n ? c->pref[v] : -1;
}
/* The MC_TR_FORBID and MC_TR_PREFER events of c into tr (values that are nodes of g only). */
void mc_call_cons_trace(const McCallCons *c, const McIGraph *g, McAllocTrace *tr);
/* `argument 1 of the call to g at 4:5`, `parameter 0`, `the result of the call
 * to g at 4:5`, `the returned value`, `idiv's dividend at 5:9`: why v prefers its register. */
const char *mc_call_cons_pref_str(const McCallCons *c, int32_t v, char *buf, size_t size);
/* `live across the call to g at 4:5`: why v is kept out of the caller-saved registers. */
const char *mc_call_cons_forbid_str(const McCallCons *c, int32_t v, char *buf, size_t size);
/* `live across the idiv at 5:9 (idiv writes edx:eax)`: why v is kept out of
 * the registers of fixed kind `kind` (McFixedKind), from its first site. */
const char *mc_call_cons_fixed_str(const McCallCons *c, int32_t v, int kind, char *buf, size_t size);
/* `r0 r1`: the registers a call clobbers (a->cons's), by a's register names. */
const char *mc_call_cons_regs_str(const McAllocation *a, char *buf, size_t size);
/* `rax rdx`: the registers in mask, by a's register names. */
const char *mc_call_cons_mask_str(const McAllocation *a, uint64_t mask, char *buf, size_t size);
/* twoaddr.c: two-address=copies. Whether `in` is rewritten (x = sub a, b with
 * b a value, x neither a nor b, a not b); the rewrite of every such
 * instruction of x->f into `x = copy a; x = sub x, b` (phi_copy kept in
 * step; MC_TR_TWOADDR events into tr, which may be NULL), returning how many;
 * after the allocation, where each copy the events from index `from` of tr
 * record ended (MC_TR_TWOADDR_COPY); for ssa (which sees the constraint in
 * its colouring, ssaalloc.c), each such instruction of a->f and where x
 * went (MC_TR_TWOADDR_SSA); an event of these kinds as text. */
bool mc_alloc_two_address_candidate(const McInst *in);
/* x = OP a, b with OP mul, and, or, xor, a and b values, x neither, a not b:
 * rewritten too, its copy's source chosen by mc_alloc_two_address_source
 * from which operands die there (bit 0: a, bit 1: b): 1 (b) when b dies and
 * a lives on, else 0 (a). */
bool mc_alloc_two_address_commutative(const McInst *in);
int mc_alloc_two_address_source(uint8_t dies);
int32_t mc_alloc_two_address_rewrite(McDestroyed *x, McAllocTrace *tr);
/* After the allocation: each rewritten sub whose copy was deleted (x and a
 * share a location) reads a again in a->f, the machine's function (the same
 * location, so the same value): x is not read before it is written there,
 * and liveness on a->f (the convention's saves, the emitter) does not
 * stretch x back over paths where only a lives. */
void mc_alloc_two_address_fold(McAllocation *a);
void mc_alloc_two_address_report(const McAllocation *a, McAllocTrace *tr, int32_t from);
void mc_alloc_two_address_ssa(const McAllocation *a, McAllocTrace *tr);
void mc_alloc_two_address_event_str(const McTraceEvent *e, const McAllocation *a, char *buf, size_t size);

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
