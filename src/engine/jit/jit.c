/* jit.c - the executors' shared pieces (jit.h): the block search and the
 * template compilers' translation driver (stub table, labels, the
 * record-by-record loop, the mapping), the tier-up thresholds. */
#include "engine/jit/jit.h"

#include <stdlib.h>
#include <string.h>

#include "minicc/util.h"

int32_t mc_jit_block_of(const int32_t *first, int32_t nblocks, int32_t k) {
    int32_t lo = 0, hi = nblocks - 1;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo + 1) / 2;
        if (first[mid] <= k) lo = mid;
        else hi = mid - 1;
    }
    return lo;
}

/* $MINICC_JIT=0: interpret. */
static bool jit_disabled(void) {
    const char *v = getenv("MINICC_JIT");
    return v && strcmp(v, "0") == 0;
}

/* $MINICC_JIT=eager: compile before the first run (the differential suites
 * hold short runs' machine code to the interpreters). */
static bool jit_eager(void) {
    const char *v = getenv("MINICC_JIT");
    return v && strcmp(v, "eager") == 0;
}

int64_t mc_jit_after_default(int32_t nrec) {
    if (jit_disabled()) return -1;
    return jit_eager() ? 0 : MC_JIT_AFTER_ENTRIES + MC_JIT_AFTER_PER_RECORD * (int64_t)nrec;
}

int64_t mc_jit_after_chosen(int64_t entries) { return entries < 0 || jit_disabled() ? -1 : entries; }

#if MC_X64

void jit_asm_init(JitAsm *a, int32_t nrec, int nkinds, const int32_t *nkey) {
    MC_ASSERT(nkinds <= JIT_STUB_KINDS);
    memset(a, 0, sizeof *a);
    a->nrec = nrec;
    a->at = mc_xmalloc((size_t)(nrec ? nrec : 1) * sizeof *a->at);
    for (int k = 0; k < nkinds; k++) {
        a->stub_of[k] = mc_xmalloc((size_t)(nkey[k] ? nkey[k] : 1) * sizeof *a->stub_of[k]);
        for (int32_t i = 0; i < nkey[k]; i++) a->stub_of[k][i] = -1;
    }
}

void jit_asm_free(JitAsm *a) {
    for (int k = 0; k < JIT_STUB_KINDS; k++) free(a->stub_of[k]);
    free(a->stub);
    x64_free(&a->x);
    free(a->at);
}

int32_t jit_stub_label(JitAsm *a, int kind, int32_t index) {
    int32_t *of = a->stub_of[kind];
    if (of[index] < 0) {
        if (a->nstub == a->capstub) {
            a->capstub = a->capstub ? 2 * a->capstub : 64;
            a->stub = mc_xrealloc(a->stub, (size_t)a->capstub * sizeof *a->stub);
        }
        a->stub[a->nstub].kind = kind;
        a->stub[a->nstub].index = index;
        a->stub[a->nstub].pos = 0;
        of[index] = a->nstub++;
    }
    return -1 - of[index];
}

void jit_exit_stub(JitAsm *a, int32_t st, int why) {
    x64_mov_ri(&a->x, RAX, why);
    x64_mov_ri(&a->x, RDX, a->stub[st].index);
    x64_jmp_back(&a->x, a->exit_at);
}

/* A label's offset: a record's, or a stub's. */
static uint32_t label_at(const void *ctx, int32_t label) {
    const JitAsm *a = ctx;
    return label >= 0 ? a->at[label] : a->stub[-1 - label].pos;
}

bool jit_translate(JitAsm *a, bool (*emit_record)(JitAsm *, int32_t), void (*emit_stub)(JitAsm *, int32_t),
                   X64Prog *out) {
    for (int32_t k = 0; k < a->nrec; k++) {
        a->at[k] = (uint32_t)a->x.n;
        if (!emit_record(a, k)) return false;
    }
    for (int32_t st = 0; st < a->nstub; st++) { /* a stub may add more */
        a->stub[st].pos = (uint32_t)a->x.n;
        emit_stub(a, st);
    }
    x64_resolve(&a->x, label_at, a);
    return x64_prog_map(&a->x, a->entry_at, &a->at, out);
}

#else
typedef int mc_jit_unused; /* ISO C: a translation unit is not empty */
#endif
