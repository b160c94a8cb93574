/* test_fixedregs.c - x86-64's fixed registers as constraints the allocator
 * sees (src/engine/alloc/callconv.c, mc_call_cons; x64.c's tiles).
 *
 * rax, rcx and rdx are allocatable on x86-64; idiv (edx:eax) and a shift by
 * a variable count (cl) meet their fixed registers through per-value
 * forbidden registers and preferences. Here, for generated programs at -O0
 * and -O1 through all four allocators with the target's options: every
 * allocation passes mc_allocation_check, and, recomputed independently from
 * the allocator's function, no value live across an idiv (its result
 * excepted) nor its divisor is in rax or rdx, no value live across a
 * variable shift (its result and count excepted), nor its shifted operand,
 * nor its result is in rcx; and the fixed registers do hold values (the
 * test is not vacuous). The checker rejects a planted violation (a value
 * live across an idiv moved into rax, a divisor into rdx, a shifted operand
 * into rcx), naming the reason. The register names agree with asm.c's
 * table; the chapter's machine and rv64 get no fixed constraints. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "engine/alloc/alloc_common.h"
#include "minicc/asm.h"
#include "minicc/cfg.h"
#include "minicc/gen.h"
#include "minicc/parse.h"
#include "minicc/pipeline.h"
#include "minicc/regalloc.h"
#include "minicc/util.h"

static McModule *parse_str(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    if (!m) mc_diags_print(&d, stderr, false);
    mc_diags_free(&d);
    assert_non_null(m);
    return m;
}

static McAllocation *alloc_x64(const McFunc *ssa, McAllocator al) {
    McAllocOptions o;
    mc_alloc_options_default(&o);
    mc_target_alloc_options(MC_TARGET_X64, &o);
    McAllocation *a = mc_allocate(ssa, al, mc_target_desc(MC_TARGET_X64)->nregs, &o, NULL);
    assert_non_null(a);
    return a;
}

static bool in_reg(const McAllocation *a, int32_t v, int32_t r) {
    return v >= 0 && v < a->f->nvalues && a->loc[v].kind == MC_LOC_REG && a->loc[v].index == r;
}

typedef struct Counts {
    int sites;     /* idivs and variable shifts seen */
    int held;      /* values live across one of them found in rax, rcx or rdx (allowed ones) */
} Counts;

/* The independent check on f (the function the allocator coloured, whose
 * handles a->loc covers): a backward scan per block from its live-out set. */
static void check_fixed(const McAllocation *a, const McFunc *f, Counts *n, const char *what) {
    McLiveness *lv = mc_liveness_all(f, NULL);
    bool *live = mc_xcalloc((size_t)(f->nvalues ? f->nvalues : 1), sizeof *live);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        memset(live, 0, (size_t)f->nvalues * sizeof *live);
        McValList out = mc_live_out(lv, b);
        for (int32_t k = 0; k < out.n; k++) live[out.v[k]] = true;
        if (bl->has_term && bl->term.op != MC_OP_JUMP && mc_opnd_is_val(bl->term.arg)) live[bl->term.arg.v] = true;
        for (int32_t i = bl->ninsts - 1; i >= 0; i--) {
            const McInst *in = &bl->insts[i];
            bool div = in->op == MC_OP_DIV || in->op == MC_OP_REM;
            bool shift = in->op == MC_OP_SHL || in->op == MC_OP_SHR;
            if ((div || shift) && mc_opnd_is_val(in->a[1])) {
                n->sites++;
                int32_t B = in->a[1].v;
                for (int32_t v = 0; v < f->nvalues; v++) {
                    if (!live[v] || v == in->dest || f->values[v].kind == MC_VAL_BUF) continue;
                    if (div && (in_reg(a, v, MC_X64_RAX) || in_reg(a, v, MC_X64_RDX)))
                        fail_msg("%s: %s is live across the %s in block %s but in %s", what, f->values[v].name,
                                 mc_op_info[in->op].name, bl->name, in_reg(a, v, MC_X64_RAX) ? "rax" : "rdx");
                    if (shift && v != B && in_reg(a, v, MC_X64_RCX))
                        fail_msg("%s: %s is live across the %s in block %s but in rcx", what, f->values[v].name,
                                 mc_op_info[in->op].name, bl->name);
                    n->held += in_reg(a, v, MC_X64_RAX) || in_reg(a, v, MC_X64_RCX) || in_reg(a, v, MC_X64_RDX);
                }
                if (div && (in_reg(a, B, MC_X64_RAX) || in_reg(a, B, MC_X64_RDX)))
                    fail_msg("%s: the divisor %s is in rax or rdx", what, f->values[B].name);
                if (shift && mc_opnd_is_val(in->a[0]) && in_reg(a, in->a[0].v, MC_X64_RCX))
                    fail_msg("%s: the shifted operand %s is in rcx", what, f->values[in->a[0].v].name);
                if (shift && in_reg(a, in->dest, MC_X64_RCX))
                    fail_msg("%s: the result %s of a variable shift is in rcx", what, f->values[in->dest].name);
            }
            if (in->dest != MC_NONE) live[in->dest] = false;
            int nops;
            const McOperand *ops = mc_inst_opnds(f, in, &nops);
            for (int k = 0; k < nops; k++)
                if (mc_opnd_is_val(ops[k])) live[ops[k].v] = true;
        }
    }
    free(live);
    mc_liveness_free(lv);
}

static void test_generated(void **state) {
    (void)state;
    Counts n = {0, 0};
    for (uint64_t seed = 1; seed <= 80; seed++) {
        McGenOptions go;
        mc_gen_options_default(&go);
        go.size = 30 + (int32_t)(seed % 4) * 15;
        go.max_vars = 8 + (int)(seed % 3) * 8;
        McFunc *f = mc_gen(seed, &go);
        for (int opt = 0; opt <= 1; opt++) {
            McFunc *ssa = mc_pipeline_prepare(f, opt, NULL);
            assert_non_null(ssa);
            for (int al = 0; al < MC_ALLOC_COUNT; al++) {
                McAllocation *a = alloc_x64(ssa, (McAllocator)al);
                char msg[256], what[96];
                if (!mc_allocation_check(a, msg, sizeof msg)) fail_msg("seed %llu: %s", (unsigned long long)seed, msg);
                assert_non_null(a->cons);
                assert_non_null(a->cons->fixed);
                snprintf(what, sizeof what, "seed %llu -O%d %s", (unsigned long long)seed, opt,
                         mc_allocator_name((McAllocator)al));
                /* the function the allocator coloured: the destroyed one
                 * (before redundant copies were deleted), or the SSA form */
                McFunc *compact = NULL;
                if (al == MC_ALLOC_SSA) { /* ssa colours a compacted clone (ssaalloc.c) */
                    compact = mc_func_clone(ssa);
                    mc_func_compact_values(compact);
                }
                check_fixed(a, compact ? compact : a->destroyed->f, &n, what);
                mc_func_free(compact);
                mc_allocation_free(a);
            }
            mc_func_free(ssa);
        }
        mc_func_free(f);
    }
    /* not vacuous: there were sites, and values live across them sat in
     * the fixed registers they may use (rcx across an idiv, rax rdx across
     * a shift) */
    assert_true(n.sites > 100);
    assert_true(n.held > 50);
}

static const char *const src_div =
    "func f(i32 a, i32 b, i32 c) {\n"
    "entry:\n"
    "    q = div a, b\n"
    "    x = add q, c\n"
    "    t = shl x, a\n"
    "    y = add t, c\n"
    "    return y\n"
    "}\n";

static int32_t value(const McFunc *f, const char *name) {
    for (int32_t v = 0; v < f->nvalues; v++)
        if (strcmp(f->values[v].name, name) == 0) return v;
    fail_msg("no value %s", name);
    return -1;
}

/* A planted violation: the checker names it. */
static void planted(const McFunc *ssa, const char *name, int32_t reg, const char *want) {
    McAllocation *a = alloc_x64(ssa, MC_ALLOC_IMPROVED);
    char msg[256];
    assert_true(mc_allocation_check(a, msg, sizeof msg));
    a->loc[value(a->f, name)] = (McLocation){MC_LOC_REG, reg};
    assert_false(mc_allocation_check(a, msg, sizeof msg));
    if (!strstr(msg, want)) fail_msg("the checker said: %s (wanted: %s)", msg, want);
    mc_allocation_free(a);
}

static void test_planted(void **state) {
    (void)state;
    McModule *m = parse_str(src_div);
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 0, NULL);
    assert_non_null(ssa);
    /* c is live across the idiv and the shift, b is the divisor, x the
     * shifted operand, t the result */
    planted(ssa, "c", MC_X64_RAX, "value c is in rax but interferes with it: live across the idiv at 3:5 (idiv writes edx:eax)");
    planted(ssa, "c", MC_X64_RDX, "value c is in rdx but interferes with it: live across the idiv at 3:5");
    planted(ssa, "b", MC_X64_RDX, "value b is in rdx but interferes with it: the divisor of the idiv at 3:5");
    planted(ssa, "c", MC_X64_RCX, "value c is in rcx but interferes with it: live across the shl by a variable count at 5:5");
    planted(ssa, "x", MC_X64_RCX, "value x is in rcx but interferes with it: the shifted operand of the shl at 5:5");
    planted(ssa, "t", MC_X64_RCX, "value t is in rcx but interferes with it: the result of the shl at 5:5");
    /* the preferences: the dividend and the quotient rax, the count rcx */
    McAllocation *a = alloc_x64(ssa, MC_ALLOC_IMPROVED);
    assert_int_equal(mc_call_cons_pref(a->cons, value(a->f, "a")), MC_X64_RAX);
    assert_int_equal(mc_call_cons_pref(a->cons, value(a->f, "q")), MC_X64_RAX);
    assert_int_equal(mc_call_cons_pref(a->cons, value(a->f, "a")), MC_X64_RAX); /* the dividend's first: not the count's rcx */
    assert_int_equal(mc_call_cons_pref(a->cons, value(a->f, "b")), -1);
    char buf[160];
    mc_call_cons_pref_str(a->cons, value(a->f, "a"), buf, sizeof buf);
    assert_string_equal(buf, "idiv's dividend (eax) at 3:5");
    mc_allocation_free(a);
    mc_func_free(ssa);
    mc_module_free(m);
    /* a preference at the second site of a function without calls: its
     * reason names the site, never a call (under ASan: no read past the
     * calls' table, which has one entry here) */
    m = parse_str("func g(i32 a, i32 b) {\n"
                  "entry:\n"
                  "    q = div a, b\n"
                  "    r = rem a, b\n"
                  "    x = add q, r\n"
                  "    return x\n"
                  "}\n");
    ssa = mc_pipeline_prepare(m->funcs[0], 0, NULL);
    assert_non_null(ssa);
    a = alloc_x64(ssa, MC_ALLOC_IMPROVED);
    assert_int_equal(a->cons->ncalls, 0);
    assert_int_equal(mc_call_cons_pref(a->cons, value(a->f, "r")), MC_X64_RDX);
    mc_call_cons_pref_str(a->cons, value(a->f, "r"), buf, sizeof buf);
    assert_string_equal(buf, "idiv's remainder (edx) at 4:5");
    mc_allocation_free(a);
    mc_func_free(ssa);
    mc_module_free(m);
}

static void test_names(void **state) {
    (void)state;
    const McTargetDesc *td = mc_target_desc(MC_TARGET_X64);
    assert_int_equal(td->nregs, 13);
    assert_string_equal(td->reg[MC_X64_RAX], "rax");
    assert_string_equal(td->reg[MC_X64_RCX], "rcx");
    assert_string_equal(td->reg[MC_X64_RDX], "rdx");
    assert_int_equal(td->nargs, 6);
    for (int32_t i = 0; i < td->nargs; i++) assert_string_equal(td->reg[mc_x64_arg_reg[i]], td->arg[i]);
    for (int32_t r = 0; r < td->nregs; r++)
        assert_int_equal(mc_conv_caller_saved(MC_CONV_X64, td->nregs, r), r < td->ncaller);
    /* no fixed constraints on the chapter's machine nor rv64 */
    McModule *m = parse_str(src_div);
    McFunc *ssa = mc_pipeline_prepare(m->funcs[0], 1, NULL);
    McAllocOptions o;
    mc_alloc_options_default(&o);
    McAllocation *a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 13, &o, NULL);
    assert_null(a->cons);
    mc_allocation_free(a);
    o.calls = MC_CALLS_INTERFERE;
    o.program = true;
    a = mc_allocate(ssa, MC_ALLOC_IMPROVED, 13, &o, NULL);
    assert_non_null(a->cons);
    assert_null(a->cons->fixed);
    mc_allocation_free(a);
    mc_alloc_options_default(&o);
    mc_target_alloc_options(MC_TARGET_RV64, &o);
    a = mc_allocate(ssa, MC_ALLOC_IMPROVED, mc_target_desc(MC_TARGET_RV64)->nregs, &o, NULL);
    assert_null(a->cons);
    mc_allocation_free(a);
    mc_func_free(ssa);
    mc_module_free(m);
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_planted),
        cmocka_unit_test(test_names),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
