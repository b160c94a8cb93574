/* test_asm_slots.c - mc_asm_slot_operand (asm.h): the name of a spill slot
 * the workbench's live pane and `asm --regs` show must be the operand the
 * emitted assembly uses for it. For functions with more values live around
 * a loop than either target has registers (with and without a call in the
 * loop, so callee saves and save slots move the slots down the frame),
 * under every allocator at -O0 and -O1: every slot a value live into a block
 * (what the table shows) lives in is named, and that name occurs in the emitted text (x86-64
 * `dword ptr [rbp - N]`, rv64 `N(s0)`); a slot number outside the
 * allocation is "?", and the chapter's target says `slotN`. Needs no
 * assembler (the text is only emitted). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "minicc/asm.h"
#include "minicc/cfg.h"
#include "minicc/parse.h"
#include "minicc/util.h"

/* A loop carrying n values v0..v(n-1), each added to its neighbour; with
 * call, the body also calls g (whose result feeds the counter). */
static char *pressure_src(int n, bool call) {
    McStr s;
    mc_str_init(&s);
    mc_str_printf(&s, "func f(i32 n) {\nentry:\n    jump head\nhead:\n    i = phi [entry: 0], [body: i1]\n");
    for (int k = 0; k < n; k++) mc_str_printf(&s, "    v%d = phi [entry: %d], [body: w%d]\n", k, k + 1, k);
    mc_str_printf(&s, "    t = lt i, n\n    branch t, body, exit\nbody:\n");
    for (int k = 0; k < n; k++) mc_str_printf(&s, "    w%d = add v%d, v%d\n", k, k, (k + 1) % n);
    if (call) mc_str_printf(&s, "    r = call g(i)\n    i1 = add r, 1\n");
    else mc_str_printf(&s, "    i1 = add i, 1\n");
    mc_str_printf(&s, "    jump head\nexit:\n    s0 = copy 0\n");
    for (int k = 0; k < n; k++) mc_str_printf(&s, "    s%d = add s%d, v%d\n", k + 1, k, k);
    mc_str_printf(&s, "    return s%d\n}\n", n);
    if (call) mc_str_printf(&s, "func g(i32 x) {\nentry:\n    y = add x, 0\n    return y\n}\n");
    return s.s;
}

static int checked[MC_TARGET_COUNT];

static void check_slots(McTarget t, int n, bool call) {
    char *src = pressure_src(n, call);
    McDiags d;
    mc_diags_init(&d, "<test>", src, strlen(src));
    McModule *m = mc_parse("<test>", src, strlen(src), &d);
    if (!m || d.n) fail_msg("does not parse: %s", d.n ? d.v[0].msg : "?");
    for (int opt = 0; opt <= 1; opt++)
        for (int al = 0; al < MC_ALLOC_COUNT; al++) {
            McAsmOptions o;
            mc_asm_options_default(&o);
            o.target = t;
            o.allocator = (McAllocator)al;
            o.opt_level = opt;
            McProgram p;
            McFunc *prepared = NULL;
            if (!mc_asm_allocate(m->funcs[0], &o, &p, &prepared, &d))
                fail_msg("%s: allocation failed: %s", mc_target_name(t), d.n ? d.v[0].msg : "?");
            char *text = mc_asm_emit(&p, &o, NULL, NULL, &d);
            assert_non_null(text);
            for (int32_t fi = 0; fi < p.n; fi++) {
                const McAllocation *a = p.alloc[fi];
                /* the values the live table shows: live into a block (a compare fused
                   with its branch never is, and never reaches its slot) */
                McCfg *c = mc_cfg_build(a->destroyed->f);
                McLiveness *lv = mc_liveness(a->destroyed->f, c);
                for (int32_t v = 0; v < a->f->nvalues; v++) {
                    if (a->loc[v].kind != MC_LOC_SLOT) continue;
                    bool live = false;
                    for (int32_t b = 0; b < a->destroyed->f->nblocks && !live; b++) live = mc_live_in_has(lv, b, v);
                    if (!live) continue;
                    char name[64], want[96];
                    mc_asm_slot_operand(t, a, a->loc[v].index, name, sizeof name);
                    if (t == MC_TARGET_X64) snprintf(want, sizeof want, "dword ptr %s", name);
                    else snprintf(want, sizeof want, "%s", name);
                    if (!strstr(text, want))
                        fail_msg("%s %s -O%d n=%d%s: slot %d of %s is `%s`, not in the text", mc_target_name(t),
                                 mc_allocator_name((McAllocator)al), opt, n, call ? " call" : "",
                                 (int)a->loc[v].index, a->f->values[v].name, want);
                    checked[t]++;
                }
                mc_liveness_free(lv);
                mc_cfg_free(c);
                char buf[64];
                assert_string_equal(mc_asm_slot_operand(t, a, a->slots, buf, sizeof buf), "?");
                assert_string_equal(mc_asm_slot_operand(t, a, -1, buf, sizeof buf), "?");
            }
            free(text);
            mc_program_free(&p);
            mc_func_free(prepared);
        }
    mc_diags_free(&d);
    mc_module_free(m);
    free(src);
}

static void test_x64(void **state) {
    (void)state;
    check_slots(MC_TARGET_X64, 12, false);
    check_slots(MC_TARGET_X64, 12, true);
    check_slots(MC_TARGET_X64, 20, true);
    assert_true(checked[MC_TARGET_X64] > 100);
}

static void test_rv64(void **state) {
    (void)state;
    check_slots(MC_TARGET_RV64, 30, false);
    check_slots(MC_TARGET_RV64, 30, true);
    assert_true(checked[MC_TARGET_RV64] > 50);
}

static void test_chapter(void **state) {
    (void)state;
    McAllocation a;
    memset(&a, 0, sizeof a);
    a.slots = 3;
    char buf[32];
    assert_string_equal(mc_asm_slot_operand(MC_TARGET_CHAPTER, &a, 2, buf, sizeof buf), "slot2");
    assert_string_equal(mc_asm_slot_operand(MC_TARGET_X64, &a, 3, buf, sizeof buf), "?");
    assert_string_equal(mc_asm_slot_operand(MC_TARGET_X64, &a, 0, buf, sizeof buf), "[rbp - 16]");
    assert_string_equal(mc_asm_slot_operand(MC_TARGET_RV64, &a, 1, buf, sizeof buf), "-40(s0)");
}

int main(void) {
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_x64),
        cmocka_unit_test(test_rv64),
        cmocka_unit_test(test_chapter),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
