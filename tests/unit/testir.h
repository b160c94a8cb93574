/* testir.h - shorthands the cmocka tests use to build and inspect IR.
 *
 * Functions are built through the IR module's own API (mc_func_value,
 * mc_block_inst_add, the mc_block_set_* terminator setters, mc_block_phi_add)
 * so that a test builds exactly what a pass would; parse_one and print_str
 * go through the parser and the printer. Everything is static inline: each
 * test file uses a different subset. Include after <cmocka.h>. */
#ifndef MINICC_TESTIR_H
#define MINICC_TESTIR_H

#include <stdio.h>
#include <string.h>

#include "minicc/ir.h"
#include "minicc/parse.h"

/* The value called name (created on first use). */
static inline McOperand V(McFunc *f, const char *name) { return mc_val(mc_func_value(f, name)); }
static inline McOperand C(int32_t c) { return mc_const(c); }

/* dest = op x, y at the end of block b (dest NULL: no destination). */
static inline McInst *I(McFunc *f, int32_t b, McOp op, const char *dest, McOperand x, McOperand y) {
    int32_t d = dest ? mc_func_value(f, dest) : MC_NONE;
    McInst *i = mc_block_inst_add(f, b);
    i->op = (uint8_t)op;
    i->dest = d;
    i->a[0] = x;
    i->a[1] = y;
    return i;
}

/* store buf, idx, val at the end of block b. */
static inline void STORE(McFunc *f, int32_t b, const char *buf, McOperand idx, McOperand val) {
    McOperand bo = V(f, buf);
    McInst *i = mc_block_inst_add(f, b);
    i->op = MC_OP_STORE;
    i->dest = MC_NONE;
    i->a[0] = bo;
    i->a[1] = idx;
    i->a[2] = val;
}

static inline void RET(McFunc *f, int32_t b, McOperand v) { mc_block_set_ret(f, b, v); }
static inline void JUMP(McFunc *f, int32_t b, int32_t t) { mc_block_set_jump(f, b, t); }
static inline void BRANCH(McFunc *f, int32_t b, McOperand c, int32_t t, int32_t e) { mc_block_set_branch(f, b, c, t, e); }

/* dest = phi [p1: v1], [p2: v2] in block b. */
static inline void PHI(McFunc *f, int32_t b, const char *dest, int32_t p1, McOperand v1, int32_t p2, McOperand v2) {
    int32_t k = mc_block_phi_add(f, b, mc_func_value(f, dest));
    mc_phi_arg_add(f, b, k, p1, v1);
    mc_phi_arg_add(f, b, k, p2, v2);
}

/* The first function of src, parsed and verified (a copy the test owns);
 * fails the test with the diagnostics when src does not parse. */
static inline McFunc *parse_one(const char *src) {
    McDiags d;
    mc_diags_init(&d, "t.ir", src, strlen(src));
    McModule *m = mc_parse("t.ir", src, strlen(src), &d);
    if (!m) {
        mc_diags_print(&d, stderr, true);
        fail_msg("parse failed");
    }
    mc_diags_free(&d);
    McFunc *f = mc_func_clone(m->funcs[0]);
    mc_module_free(m);
    return f;
}

/* f in the text format (malloc'd). */
static inline char *print_str(const McFunc *f) {
    char *text = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&text, &len);
    mc_func_print(f, m);
    fclose(m);
    return text;
}

#endif
