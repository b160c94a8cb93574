/* jit.h - private to src/engine (exec/ and alloc/): what the two executors
 * share, the run path's (exec/run.c, jit_x64.c) and the allocated
 * machine's (alloc/machine.c, machine_x64.c): the threading macros of
 * their interpreter loops, the operation lists their record kinds are
 * made of, the search of a record's block, and the template compilers'
 * translation driver on the x86-64 encoder (x64.h): the stub table (code
 * after the records that leaves to C or takes a slow path), the labels of
 * jumps, the loop that translates record by record then the stubs, and
 * the mapping. Each executor keeps only its records and its emitters. */
#ifndef MINICC_JIT_H
#define MINICC_JIT_H

#include <stdbool.h>
#include <stdint.h>

#include "engine/jit/x64.h"

/* The interpreter loops: a branch hint, and whether records hold their
 * handler's address (computed goto, a GNU extension) or a switch runs. */
#if defined(__GNUC__)
#define MC_UNLIKELY(x) __builtin_expect(!!(x), 0)
#define MC_DIRECT_THREADED 1
#else
#define MC_UNLIKELY(x) (x)
#define MC_DIRECT_THREADED 0
#endif

/* The ALU operations with a record kind of their own, in McOp order, and
 * the compares among them (mc_i32_lt, le, eq, ne). */
#define MC_ALU_OPS(X) X(ADD) X(SUB) X(MUL) X(LT) X(LE) X(EQ) X(NE) X(AND) X(OR) X(XOR) X(SHL) X(SHR)
#define MC_CMP_OPS(X) X(LT) X(LE) X(EQ) X(NE)

/* Tiering up: a run interprets jit_after block entries (edges), then
 * compiles the records and goes on in machine code (0: at once; -1: never).
 * The default grows with the records (the compile's cost); $MINICC_JIT=0
 * makes it -1 (tests and the benches compare the two). */
enum { MC_JIT_AFTER_ENTRIES = 2048, MC_JIT_AFTER_PER_RECORD = 16 };
int64_t mc_jit_after_default(int32_t nrec);
/* A caller's choice of entries (< 0: never), unless $MINICC_JIT=0. */
int64_t mc_jit_after_chosen(int64_t entries);

/* The block holding record k, given each block's first record (ascending). */
int32_t mc_jit_block_of(const int32_t *first, int32_t nblocks, int32_t k);

#if MC_X64

/* Out-of-line code after the records, of a kind the translator names. */
#define JIT_STUB_KINDS 5
typedef struct JitStub {
    int kind;
    int32_t index; /* the record, edge or block it is for */
    uint32_t pos;  /* its offset, once emitted */
} JitStub;

/* A translation: the encoder's buffer, each record's offset, the stubs.
 * A translator's own state embeds it as its first member (its emitters
 * get the JitAsm back as their translator's). Labels of jumps (x64.h):
 * >= 0 a record, < 0 stub -1 - label. */
typedef struct JitAsm {
    X64 x;
    uint32_t *at;
    int32_t nrec;
    JitStub *stub;
    int32_t nstub, capstub;
    int32_t *stub_of[JIT_STUB_KINDS]; /* per kind: index -> stub, -1 */
    uint32_t entry_at;                /* the entry function (x64_entry) */
    uint32_t exit_at;                 /* the common exit */
} JitAsm;

/* nrec records; nkey[kind] indices for each of the nkinds stub kinds. */
void jit_asm_init(JitAsm *a, int32_t nrec, int nkinds, const int32_t *nkey);
void jit_asm_free(JitAsm *a);
/* The label of the stub (kind, index), made on first use. */
int32_t jit_stub_label(JitAsm *a, int kind, int32_t index);
/* The exit stub st: `mov eax, why; mov edx, index; jmp exit`. */
void jit_exit_stub(JitAsm *a, int32_t st, int why);
/* Translates records 0..nrec-1 (emit_record false: one has no template,
 * no code), then every stub (emit_stub may make more), resolves the labels
 * and maps the code into *out. false without code (a record without a
 * template, or the host refuses executable memory). */
bool jit_translate(JitAsm *a, bool (*emit_record)(JitAsm *, int32_t), void (*emit_stub)(JitAsm *, int32_t),
                   X64Prog *out);

#endif
#endif
