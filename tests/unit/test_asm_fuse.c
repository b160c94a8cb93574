/* test_asm_fuse.c - mc_asm_fusable_blocks (engine/asm/asm_int.h), the
 * emitters' "does this compare fuse with its branch" question, against the
 * definition it answers: the compare ends a block whose branch is its only
 * read, and no value in mc_liveness_out's live-out set of the block is the
 * compare or shares its location (reference() below, the whole liveness).
 * The emitters answer it per location without that liveness (its live-out
 * sets grow as blocks x values on large functions); the answers must agree
 * block for block: on hand-written cases (a compare read again after the
 * branch, one whose location a deleted copy's other name still needs, one
 * read by a phi), on generated functions and modules with calls under every
 * allocator at -O0 and -O1 on both targets' register files, and with the
 * candidates' locations moved into places no allocator makes (the fallback
 * to the whole liveness). Needs no assembler. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/asm/asm_int.h"
#include "minicc/asm.h"
#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/util.h"

/* The definition, from the whole liveness. */
static bool *reference(const McAllocation *a, const int32_t *uses) {
    const McFunc *f = a->f;
    bool *fuse = mc_xcalloc((size_t)(f->nblocks ? f->nblocks : 1), sizeof *fuse);
    McLiveness *live = mc_liveness_out(f, NULL);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        if (!bl->has_term || bl->term.op != MC_OP_BRANCH || bl->ninsts == 0) continue;
        const McInst *in = &bl->insts[bl->ninsts - 1];
        if (!(mc_op_info[in->op].flags & MC_OPF_CMP) || in->dest < 0) continue;
        if (bl->term.arg.kind != MC_OPND_VALUE || bl->term.arg.v != in->dest || uses[in->dest] != 1) continue;
        McLocation lc = a->loc[in->dest];
        bool dead = true;
        McValList out = mc_live_out(live, b);
        for (int32_t k = 0; k < out.n; k++) {
            McLocation l = a->loc[out.v[k]];
            if (out.v[k] == in->dest || (lc.kind != MC_LOC_NONE && l.kind == lc.kind && l.index == lc.index))
                dead = false;
        }
        fuse[b] = dead;
    }
    mc_liveness_free(live);
    return fuse;
}

typedef struct Count {
    int fused, unfused; /* candidates' answers seen (the reference's) */
} Count;

/* Both answers for allocation a agree; counts the reference's answers. */
static void agree(const McAllocation *a, Count *c, const char *what) {
    int32_t *uses = mc_asm_count_uses(a->f);
    bool *got = mc_asm_fusable_blocks(a, uses);
    bool *want = reference(a, uses);
    for (int32_t b = 0; b < a->f->nblocks; b++) {
        if (got[b] != want[b])
            fail_msg("%s: block %s of %s: fusable %d, the liveness says %d", what, a->f->blocks[b].name, a->f->name,
                     got[b], want[b]);
        const McBlock *bl = &a->f->blocks[b];
        if (bl->has_term && bl->term.op == MC_OP_BRANCH && bl->ninsts > 0 &&
            (mc_op_info[bl->insts[bl->ninsts - 1].op].flags & MC_OPF_CMP))
            *(want[b] ? &c->fused : &c->unfused) += 1;
    }
    free(got);
    free(want);
    free(uses);
}

/* Every allocation of f's program for target t, allocator al, level opt. */
static void agree_program(const McFunc *f, McTarget t, McAllocator al, int opt, Count *c, const char *what) {
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.target = t;
    o.allocator = al;
    o.opt_level = opt;
    McDiags d;
    mc_diags_init(&d, "fuse.ir", "", 0);
    McProgram p = {0};
    McFunc *prepared = NULL;
    if (!mc_asm_allocate(f, &o, &p, &prepared, &d)) fail_msg("%s: mc_asm_allocate failed", what);
    for (int32_t k = 0; k < p.n; k++) agree(p.alloc[k], c, what);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
}

static McModule *load(const char *name, const char *src) {
    McDiags d;
    mc_diags_init(&d, name, src, strlen(src));
    McModule *m = mc_parse(name, src, strlen(src), &d);
    assert_non_null(m);
    mc_diags_free(&d);
    return m;
}

/* The fused answer of the block named name under the improved allocator at
 * -O0 (x86-64). */
static bool fused_at(const char *src, const char *name) {
    McModule *m = load("case.ir", src);
    McAsmOptions o;
    mc_asm_options_default(&o);
    o.opt_level = 0;
    McDiags d;
    mc_diags_init(&d, "case.ir", src, strlen(src));
    McProgram p = {0};
    McFunc *prepared = NULL;
    assert_true(mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d));
    const McAllocation *a = p.alloc[0];
    Count c = {0, 0};
    agree(a, &c, name);
    int32_t *uses = mc_asm_count_uses(a->f);
    bool *fuse = mc_asm_fusable_blocks(a, uses);
    int32_t at = -1;
    for (int32_t b = 0; b < a->f->nblocks; b++)
        if (strcmp(a->f->blocks[b].name, name) == 0) at = b;
    assert_true(at >= 0);
    bool r = fuse[at];
    free(fuse);
    free(uses);
    mc_program_free(&p);
    mc_func_free(prepared);
    mc_diags_free(&d);
    mc_module_free(m);
    return r;
}

static void test_cases(void **state) {
    (void)state;
    /* the branch is the compare's only read */
    assert_true(fused_at("func f(i32 a, i32 b) {\nentry:\n    c = lt a, b\n    branch c, l, r\n"
                         "l:\n    return a\nr:\n    return b\n}\n",
                         "entry"));
    /* the compare is read again after the branch */
    assert_false(fused_at("func f(i32 a, i32 b) {\nentry:\n    c = lt a, b\n    branch c, l, r\n"
                          "l:\n    x = add c, a\n    return x\nr:\n    return b\n}\n",
                          "entry"));
    /* a loop whose counter's compare is read only by its branch */
    assert_true(fused_at("func f(i32 n) {\nentry:\n    i = copy 0\n    jump head\n"
                         "head:\n    t = lt i, n\n    branch t, body, exit\n"
                         "body:\n    i = add i, 1\n    jump head\nexit:\n    return i\n}\n",
                         "head"));
    /* the compare feeds a phi of a successor (a read count does not see it) */
    assert_false(fused_at("func f(i32 a, i32 b) {\nentry:\n    c = lt a, b\n    branch c, l, j\n"
                          "l:\n    jump j\nj:\n    r = phi [entry: c], [l: a]\n    return r\n}\n",
                          "entry"));
}

static void test_generated(void **state) {
    (void)state;
    static const McTarget targets[] = {MC_TARGET_X64, MC_TARGET_RV64};
    Count c = {0, 0};
    char what[96];
    for (uint64_t seed = 1; seed <= 40; seed++) {
        McGenOptions g;
        mc_gen_options_default(&g);
        g.size = 60 + (int32_t)(seed % 5) * 40;
        g.calls = seed % 3 == 0 ? 2 : 0;
        g.max_vars = 8 + (int)(seed % 4) * 4; /* more values live than registers: slots */
        McModule *m = mc_gen_module(seed, &g);
        for (size_t t = 0; t < 2; t++)
            for (int al = 0; al < MC_ALLOC_COUNT; al++)
                for (int opt = 0; opt <= 1; opt++) {
                    snprintf(what, sizeof what, "seed %d target %d allocator %d -O%d", (int)seed, (int)t, al, opt);
                    agree_program(m->funcs[0], targets[t], (McAllocator)al, opt, &c, what);
                }
        mc_module_free(m);
    }
    /* both answers occur, so the agreement is not vacuous */
    assert_true(c.fused > 100);
    assert_true(c.unfused > 10);
}

/* The candidates' compares moved into places no allocator makes (a
 * negative register, another kind): the answer comes from the whole
 * liveness, still the definition's. */
static void test_odd_locations(void **state) {
    (void)state;
    Count c = {0, 0};
    for (uint64_t seed = 1; seed <= 10; seed++) {
        McGenOptions g;
        mc_gen_options_default(&g);
        g.size = 120;
        McModule *m = mc_gen_module(seed, &g);
        McAsmOptions o;
        mc_asm_options_default(&o);
        McDiags d;
        mc_diags_init(&d, "fuse.ir", "", 0);
        McProgram p = {0};
        McFunc *prepared = NULL;
        assert_true(mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d));
        McAllocation *a = p.alloc[0];
        int32_t *uses = mc_asm_count_uses(a->f);
        for (int variant = 0; variant < 2; variant++) {
            McLocation *saved = mc_xmalloc((size_t)(a->f->nvalues ? a->f->nvalues : 1) * sizeof *saved);
            memcpy(saved, a->loc, (size_t)a->f->nvalues * sizeof *saved);
            for (int32_t b = 0; b < a->f->nblocks; b++) {
                const McBlock *bl = &a->f->blocks[b];
                if (bl->ninsts == 0 || !(mc_op_info[bl->insts[bl->ninsts - 1].op].flags & MC_OPF_CMP)) continue;
                int32_t v = bl->insts[bl->ninsts - 1].dest;
                if (v < 0) continue;
                if (variant == 0) a->loc[v].index = -1 - (v % 2);
                else a->loc[v].kind = 7;
            }
            agree(a, &c, "odd locations");
            memcpy(a->loc, saved, (size_t)a->f->nvalues * sizeof *saved);
            free(saved);
        }
        free(uses);
        mc_program_free(&p);
        mc_func_free(prepared);
        mc_diags_free(&d);
        mc_module_free(m);
    }
    assert_true(c.fused > 0);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cases),
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_odd_locations),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
