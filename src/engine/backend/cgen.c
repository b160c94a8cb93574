/* cgen.c - render a verified function as bounds-checked C11 (chapter §32.5).
 *
 * Contract of mc_cgen_render:
 *   requires  a verified function (f->form is SSA or mutable);
 *   produces  a malloc'd C11 translation unit defining the typed function
 *             `minicc_fn` and the uniform wrapper MC_CGEN_ENTRY (cgen.h);
 *   invalidates nothing (the function is only read).
 *
 * Shape of the output, chosen so a student can read it next to the IR:
 *   - one C variable per IR value (`int32_t v3 = 0; /+ i +/`), declared at the
 *     top and initialised so the C compiler never sees a maybe-uninitialised
 *     path (definite assignment already holds in the IR);
 *   - one label per block that some goto targets (`L2: ; /+ head +/`); a
 *     jump to the next block falls through (after its edge copies);
 *   - phis become copies on each edge; when a source is also a destination
 *     of the same parallel copy (a swap, a rotation) every source is first
 *     saved in a temporary, then every destination written;
 *   - only what is used is emitted or marked `(void)`, so -Wall -Wextra
 *     -Werror stays quiet (unused parameters, variables, labels).
 * Values are named after the IR, `v3_i1` for value 3 named `i1` (a buffer's
 * length `v0_buf_len`), so an edge's parallel copy reads like the IR: the
 * handle keeps names apart whatever the IR names are, and of the name only
 * letters, digits and `_` survive (`$edge1.x` gives `v7_edge1_x`), so no IR
 * name can form a keyword, a macro or another identifier (name_values). IR
 * names otherwise reach the C text only in comments, filtered to the name
 * alphabet so a comment cannot be closed early. No recursion: the work is
 * linear in the size of the function. */
#include <stdlib.h>
#include <string.h>

#include "minicc/cfg.h"
#include "minicc/cgen.h"
#include "minicc/util.h"

/* A name for a comment: only [A-Za-z0-9_$.] survives, everything else
 * becomes '_', so neither `*` `/` nor `?` (trigraphs) can appear. */
static void put_comment_name(McStr *b, const char *name) {
    size_t n = 0;
    for (const char *p = name; *p && n < 200; p++, n++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
                  c == '$' || c == '.';
        mc_str_putc(b, ok ? c : '_');
    }
    if (*name && n == 200) mc_str_puts(b, "...");
}

/* Operand as a C expression of type int32_t. */
static void put_opnd(McStr *b, McOperand o) {
    if (o.kind == MC_OPND_CONST) {
        if (o.v == INT32_MIN) mc_str_puts(b, "INT32_MIN");
        else if (o.v < 0) mc_str_printf(b, "(%ld)", (long)o.v);
        else mc_str_printf(b, "%ld", (long)o.v);
    } else {
        MC_ASSERT(o.kind == MC_OPND_VALUE);
        mc_str_printf(b, "v%ld", (long)o.v);
    }
}

/* Does the edge `which` (0 or 1) of block b end by falling into block b+1?
 * Only the last edge emitted for a terminator can: a jump to the next
 * block, or one edge of a branch (the other one is inside the `if`). */
static bool falls_through(const McFunc *f, int32_t b, int which) {
    const McTerm *t = &f->blocks[b].term;
    if (t->op == MC_OP_RET) return false;
    if (t->op == MC_OP_JUMP) return which == 0 && t->target[0] == b + 1;
    /* A branch falls into the next block on its zero edge if it can, else on
     * its non-zero edge (the test is then inverted). The edge's copies come
     * first either way. */
    bool can[2];
    for (int k = 0; k < 2; k++) can[k] = t->target[k] == b + 1;
    return which == 1 ? can[1] : (can[0] && !can[1]);
}

/* The copies of the edge pred -> target, then its goto (unless it falls
 * through). hint: mc_phi_arg_hints for this edge, so that each phi's entry
 * is found at once (a join of k arms would otherwise cost k^2). */
static void put_edge(McStr *b, const McFunc *f, int32_t pred, int which, const char *indent, int32_t hint) {
    int32_t target = f->blocks[pred].term.target[which];
    const McBlock *tb = &f->blocks[target];
    /* Sources on this edge, skipping phis that copy their own destination. */
    int32_t ncopies = 0;
    for (int32_t p = 0; p < tb->nphis; p++) {
        const McPhi *phi = &tb->phis[p];
        int32_t a = mc_phi_arg_find(phi, pred, hint);
        if (a >= 0 && !(mc_opnd_is_val(phi->args[a].val) && phi->args[a].val.v == phi->dest)) ncopies++;
    }
    /* Temporaries are needed only when a source is itself written by this
     * parallel copy (a swap or rotation); large phi sets always use them. */
    bool braces = false;
    if (ncopies > 1 && tb->nphis > 64) braces = true;
    for (int32_t p = 0; ncopies > 1 && !braces && p < tb->nphis; p++) {
        int32_t a = mc_phi_arg_find(&tb->phis[p], pred, hint);
        if (a < 0) continue;
        const McPhiArg *pa = &tb->phis[p].args[a];
        if (!mc_opnd_is_val(pa->val)) continue;
        for (int32_t q = 0; q < tb->nphis; q++)
            if (q != p && tb->phis[q].dest == pa->val.v) braces = true;
    }
    if (braces) mc_str_printf(b, "%s{ /* parallel copy: read every source, then write */\n", indent);
    const char *in = braces ? "    " : "";
    for (int pass = 0; pass < (braces ? 2 : 1); pass++) {
        int32_t k = 0;
        for (int32_t p = 0; p < tb->nphis; p++) {
            const McPhi *phi = &tb->phis[p];
            int32_t a = mc_phi_arg_find(phi, pred, hint);
            if (a < 0) continue;
            const McPhiArg *pa = &phi->args[a];
            if (mc_opnd_is_val(pa->val) && pa->val.v == phi->dest) continue;
            if (!braces) {
                mc_str_printf(b, "%sv%ld = ", indent, (long)phi->dest);
                put_opnd(b, pa->val);
                mc_str_puts(b, ";\n");
            } else if (pass == 0) {
                mc_str_printf(b, "%s%sint32_t t%ld = ", indent, in, (long)k);
                put_opnd(b, pa->val);
                mc_str_puts(b, ";\n");
            } else {
                mc_str_printf(b, "%s%sv%ld = t%ld;\n", indent, in, (long)phi->dest, (long)k);
            }
            k++;
        }
    }
    if (braces) mc_str_printf(b, "%s}\n", indent);
    if (!falls_through(f, pred, which)) mc_str_printf(b, "%sgoto L%ld;\n", indent, (long)target);
}

/* The bounds check of a load/store; `acc` is the buffer's value handle. */
static void put_check(McStr *b, int32_t buf, McOperand idx) {
    if (idx.kind == MC_OPND_CONST && idx.v < 0) {
        /* Always out of bounds: trap without emitting the access at all. */
        mc_str_printf(b, "    { err[0] = 1; err[1] = ");
        put_opnd(b, idx);
        mc_str_printf(b, "; err[2] = v%ld_len; return 0; }\n", (long)buf);
        return;
    }
    mc_str_puts(b, "    if (");
    if (idx.kind != MC_OPND_CONST) {
        put_opnd(b, idx);
        mc_str_puts(b, " < 0 || ");
    }
    put_opnd(b, idx);
    mc_str_printf(b, " >= v%ld_len) { err[0] = 1; err[1] = ", (long)buf);
    put_opnd(b, idx);
    mc_str_printf(b, "; err[2] = v%ld_len; return 0; }\n", (long)buf);
}

/* div or rem: the divisor check (none for a non-zero constant; a constant
 * zero traps without computing anything), then the helper call. */
static void put_div(McStr *b, const McInst *in) {
    McOperand y = in->a[1];
    if (y.kind == MC_OPND_CONST && y.v == 0) {
        mc_str_printf(b, "    { err[0] = %d; return 0; } /* division by zero */\n", MC_CGEN_TRAP_DIV);
        return;
    }
    if (y.kind != MC_OPND_CONST) {
        mc_str_puts(b, "    if (");
        put_opnd(b, y);
        mc_str_printf(b, " == 0) { err[0] = %d; return 0; }\n", MC_CGEN_TRAP_DIV);
    }
    mc_str_printf(b, "    v%ld = minicc_%s(", (long)in->dest, in->op == MC_OP_DIV ? "div" : "rem");
    put_opnd(b, in->a[0]);
    mc_str_puts(b, ", ");
    put_opnd(b, y);
    mc_str_puts(b, ");\n");
}

static void put_inst(McStr *b, const McInst *in) {
    static const char *const arith[] = {[MC_OP_ADD] = "+", [MC_OP_SUB] = "-", [MC_OP_MUL] = "*",
                                        [MC_OP_AND] = "&", [MC_OP_OR] = "|", [MC_OP_XOR] = "^"};
    static const char *const cmp[] = {[MC_OP_LT] = "<", [MC_OP_LE] = "<=", [MC_OP_EQ] = "==", [MC_OP_NE] = "!="};
    switch ((McOp)in->op) {
    case MC_OP_ADD:
    case MC_OP_SUB:
    case MC_OP_MUL:
    case MC_OP_AND:
    case MC_OP_OR:
    case MC_OP_XOR:
        mc_str_printf(b, "    v%ld = minicc_bits((uint32_t)", (long)in->dest);
        put_opnd(b, in->a[0]);
        mc_str_printf(b, " %s (uint32_t)", arith[in->op]);
        put_opnd(b, in->a[1]);
        mc_str_puts(b, ");\n");
        break;
    case MC_OP_LT:
    case MC_OP_LE:
    case MC_OP_EQ:
    case MC_OP_NE:
        if (mc_opnd_eq(in->a[0], in->a[1])) {
            /* x OP x is a constant; C compilers warn about the self-comparison. */
            mc_str_printf(b, "    v%ld = %d; /* compares an operand with itself */\n", (long)in->dest,
                          in->op == MC_OP_LE || in->op == MC_OP_EQ);
            break;
        }
        mc_str_printf(b, "    v%ld = ", (long)in->dest);
        put_opnd(b, in->a[0]);
        mc_str_printf(b, " %s ", cmp[in->op]);
        put_opnd(b, in->a[1]);
        mc_str_puts(b, ";\n");
        break;
    case MC_OP_SHL:
        mc_str_printf(b, "    v%ld = minicc_bits((uint32_t)", (long)in->dest);
        put_opnd(b, in->a[0]);
        mc_str_puts(b, " << ((uint32_t)");
        put_opnd(b, in->a[1]);
        mc_str_puts(b, " & 31u));\n");
        break;
    case MC_OP_SHR:
        mc_str_printf(b, "    v%ld = minicc_shr(", (long)in->dest);
        put_opnd(b, in->a[0]);
        mc_str_puts(b, ", ");
        put_opnd(b, in->a[1]);
        mc_str_puts(b, ");\n");
        break;
    case MC_OP_DIV:
    case MC_OP_REM: put_div(b, in); break;
    case MC_OP_COPY:
        if (mc_opnd_is_val(in->a[0]) && in->a[0].v == in->dest) {
            mc_str_puts(b, "    /* copy to itself */\n");
            break;
        }
        mc_str_printf(b, "    v%ld = ", (long)in->dest);
        put_opnd(b, in->a[0]);
        mc_str_puts(b, ";\n");
        break;
    case MC_OP_LOAD:
        put_check(b, in->a[0].v, in->a[1]);
        if (in->a[1].kind == MC_OPND_CONST && in->a[1].v < 0) break;
        mc_str_printf(b, "    v%ld = v%ld[", (long)in->dest, (long)in->a[0].v);
        put_opnd(b, in->a[1]);
        mc_str_puts(b, "];\n");
        break;
    case MC_OP_STORE:
        put_check(b, in->a[0].v, in->a[1]);
        if (in->a[1].kind == MC_OPND_CONST && in->a[1].v < 0) break;
        mc_str_printf(b, "    v%ld[", (long)in->a[0].v);
        put_opnd(b, in->a[1]);
        mc_str_puts(b, "] = ");
        put_opnd(b, in->a[2]);
        mc_str_puts(b, ";\n");
        break;
    default: mc_panic(__FILE__, __LINE__, "cgen: unexpected opcode %d", in->op);
    }
}

/* What the body needs: which values appear and which are read, which blocks
 * a goto targets, whether memory or wrapping arithmetic occurs. */
typedef struct {
    char *appears; /* appears[v]: 1 defined or used */
    char *read;    /* read[v]: used as an operand */
    bool *labeled; /* labeled[b]: some goto targets block b */
    bool memory, arith;
    bool shr, div; /* helpers minicc_shr, minicc_div/minicc_rem are needed */
} CgenUse;

/* Scan f once and fill u (the caller frees its arrays). */
static void scan_uses(const McFunc *f, CgenUse *u) {
    int32_t nv = f->nvalues, nb = f->nblocks;
    char *appears = mc_xcalloc((size_t)nv + 1, 1), *read = mc_xcalloc((size_t)nv + 1, 1);
    bool *labeled = mc_xcalloc((size_t)nb, sizeof *labeled);
    bool memory = false, arith = false, shr = false, div = false;
#define USE(o)                                                                                                \
    do {                                                                                                      \
        if (mc_opnd_is_val(o)) appears[(o).v] = read[(o).v] = 1;                                             \
    } while (0)
    for (int32_t bi = 0; bi < nb; bi++) {
        const McBlock *bl = &f->blocks[bi];
        MC_ASSERT(bl->has_term);
        for (int32_t p = 0; p < bl->nphis; p++) {
            appears[bl->phis[p].dest] = 1;
            for (int32_t a = 0; a < bl->phis[p].nargs; a++) {
                McOperand v = bl->phis[p].args[a].val;
                if (!(mc_opnd_is_val(v) && v.v == bl->phis[p].dest)) USE(v); /* self-copies are not emitted */
            }
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            const McInst *in = &bl->insts[i];
            if (in->dest != MC_NONE) appears[in->dest] = 1;
            if (mc_op_info[in->op].flags & (MC_OPF_READS | MC_OPF_WRITES)) memory = true;
            if (in->op == MC_OP_ADD || in->op == MC_OP_SUB || in->op == MC_OP_MUL || in->op == MC_OP_AND ||
                in->op == MC_OP_OR || in->op == MC_OP_XOR || in->op == MC_OP_SHL)
                arith = true;
            if (in->op == MC_OP_SHR) shr = true;
            if (mc_op_info[in->op].flags & MC_OPF_DIV) div = arith = true;
            bool same = mc_opnd_eq(in->a[0], in->a[1]);
            if ((mc_op_info[in->op].flags & MC_OPF_CMP) && same) continue; /* folded, see put_inst */
            if (in->op == MC_OP_COPY && mc_opnd_is_val(in->a[0]) && in->a[0].v == in->dest) continue;
            for (int k = 0; k < mc_op_info[in->op].nargs; k++) USE(in->a[k]);
        }
        if (bl->term.op != MC_OP_JUMP) USE(bl->term.arg);
        int32_t s[2];
        int ns = mc_block_succs(bl, s);
        for (int k = 0; k < ns; k++)
            if (!falls_through(f, bi, k)) labeled[s[k]] = true;
    }
#undef USE
    u->appears = appears;
    u->read = read;
    u->labeled = labeled;
    u->memory = memory;
    u->arith = arith;
    u->shr = shr;
    u->div = div;
}

/* The file comment, the includes and the helpers the body calls:
 * minicc_bits (when arithmetic wraps), minicc_shr, minicc_div and
 * minicc_rem. */
static void put_preamble(McStr *b, const McFunc *f, const CgenUse *u) {
    mc_str_puts(b, "/* Generated by minicc from function ");
    put_comment_name(b, f->name);
    mc_str_puts(b, " (");
    mc_str_puts(b, f->form == MC_FORM_SSA ? "SSA" : "mutable");
    mc_str_puts(b, " form).\n"
                   " * i32 arithmetic wraps through uint32_t; every buffer access is bounds-checked\n"
                   " * and reports a trap through err[] = {1, index, length}");
    if (u->div) mc_str_puts(b, ";\n * every div and rem checks its divisor and reports zero through err[] = {2}");
    mc_str_puts(b, ". */\n"
                   "#include <stdint.h>\n#include <string.h>\n\n");
    if (u->arith)
        mc_str_puts(b, "/* The uint32_t bit pattern as int32_t: no signed overflow, no\n"
                       " * implementation-defined conversion. */\n"
                       "static inline int32_t minicc_bits(uint32_t x) {\n"
                       "    int32_t y;\n    memcpy(&y, &x, sizeof y);\n    return y;\n}\n\n");
    if (u->shr)
        mc_str_puts(b, "/* Arithmetic shift right by y & 31, never shifting a negative value\n"
                       " * (implementation-defined in C): ~x is non-negative when x is negative. */\n"
                       "static inline int32_t minicc_shr(int32_t x, int32_t y) {\n"
                       "    if (x < 0) return ~(~x >> ((uint32_t)y & 31u));\n"
                       "    return x >> ((uint32_t)y & 31u);\n}\n\n");
    if (u->div)
        /* No signed `/`, `%` or negation reaches the C compiler: a quotient
         * is computed on magnitudes in uint32_t and its sign applied by
         * unsigned negation. Issue 26 reported that with the earlier helper
         * (`x / y` on int32_t, -1 apart), MiniC `-a / 3` at a = INT32_MIN
         * returned 715827882 at the native stage (gcc 12 -O2) and
         * -715827882 at every other stage. That could not be reproduced on
         * this host (gcc 12.2, the emitted text and about 40 other shapes at
         * -O0..-O3, with and without -fwrapv). 715827882 is a / -3, which a
         * C compiler may make of C's signed `-a / 3` when it assumes the
         * negation does not overflow (gcc 12.2 does without -fwrapv, where
         * that overflow is undefined). So the helpers divide defensively:
         * they leave no signed overflow for any optimizer to assume away;
         * INT32_MIN / -1 and INT32_MIN % -1 then need no special case. Sign masks instead of branches keep the speed of
         * the signed helpers (bench/divide.c compares the two); a branch on
         * the signs costs twice the time on random data.
         * tests/native/negdiv.t checks every sign combination at INT32_MIN
         * at every stage. */
        mc_str_puts(b, "/* Division truncating toward zero, y non-zero (checked before the\n"
                       " * call), on magnitudes in uint32_t: no signed division or negation\n"
                       " * whose overflow a C compiler could assume away (signed -a / 3 may\n"
                       " * become a / -3, wrong for a = INT32_MIN); INT32_MIN / -1 wraps to\n"
                       " * INT32_MIN and INT32_MIN % -1 is 0. Branch-free: minicc_sign is\n"
                       " * all ones for a negative value, and (q ^ s) - s negates q then. */\n"
                       "static inline uint32_t minicc_sign(uint32_t x) {\n"
                       "    return 0u - (x >> 31);\n}\n"
                       "static inline uint32_t minicc_mag(int32_t x) {\n"
                       "    return ((uint32_t)x ^ minicc_sign((uint32_t)x)) - minicc_sign((uint32_t)x);\n}\n"
                       "static inline int32_t minicc_div(int32_t x, int32_t y) {\n"
                       "    return minicc_bits(((minicc_mag(x) / minicc_mag(y)) ^ minicc_sign((uint32_t)x ^ (uint32_t)y)) -\n"
                       "                       minicc_sign((uint32_t)x ^ (uint32_t)y));\n}\n"
                       "static inline int32_t minicc_rem(int32_t x, int32_t y) {\n"
                       "    return minicc_bits(((minicc_mag(x) % minicc_mag(y)) ^ minicc_sign((uint32_t)x)) - minicc_sign((uint32_t)x));\n}\n\n");
}

/* The typed function's signature, one variable per value, `(void)` marks. */
static void put_fn_head(McStr *b, const McFunc *f, const CgenUse *u) {
    int32_t nv = f->nvalues;
    /* The typed function: parameters in order, a buffer as pointer + length. */
    mc_str_puts(b, "static int32_t minicc_fn(");
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t v = f->params[p];
        if (f->values[v].kind == MC_VAL_BUF)
            mc_str_printf(b, "int32_t *v%ld, int32_t v%ld_len, ", (long)v, (long)v);
        else
            mc_str_printf(b, "int32_t v%ld, ", (long)v);
    }
    mc_str_puts(b, "int32_t *err) {\n");
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t v = f->params[p];
        mc_str_printf(b, "    /* v%ld: parameter %s ", (long)v, f->values[v].kind == MC_VAL_BUF ? "buf" : "i32");
        put_comment_name(b, f->values[v].name);
        mc_str_puts(b, " */\n");
    }
    for (int32_t v = 0; v < nv; v++) {
        if (!u->appears[v] || f->values[v].param != MC_NONE) continue;
        mc_str_printf(b, "    int32_t v%ld = 0; /* ", (long)v);
        put_comment_name(b, f->values[v].name);
        mc_str_puts(b, " */\n");
    }
    /* Mark what is never read, so -Wunused-* stays quiet. */
    for (int32_t p = 0; p < f->nparams; p++) {
        int32_t v = f->params[p];
        if (f->values[v].kind == MC_VAL_BUF) {
            if (!u->memory || !u->read[v])
                mc_str_printf(b, "    (void)v%ld;\n    (void)v%ld_len;\n", (long)v, (long)v);
        } else if (!u->read[v]) {
            mc_str_printf(b, "    (void)v%ld;\n", (long)v);
        }
    }
    for (int32_t v = 0; v < nv; v++)
        if (u->appears[v] && !u->read[v] && f->values[v].param == MC_NONE)
            mc_str_printf(b, "    (void)v%ld;\n", (long)v);
    if (!u->memory && !u->div) mc_str_puts(b, "    (void)err;\n");
}

/* One block: its label (or comment), its instructions, its terminator with
 * the edge copies; hint is mc_phi_arg_hints(f). */
static void put_block(McStr *b, const McFunc *f, int32_t bi, bool labeled, const int32_t *hint) {
    const McBlock *bl = &f->blocks[bi];
    if (labeled) mc_str_printf(b, "L%ld:; /* ", (long)bi);
    else mc_str_puts(b, "    /* block ");
    put_comment_name(b, bl->name);
    mc_str_puts(b, " */\n");
    for (int32_t i = 0; i < bl->ninsts; i++) put_inst(b, &bl->insts[i]);
    const McTerm *t = &bl->term;
    switch ((McOp)t->op) {
    case MC_OP_RET:
        mc_str_puts(b, "    return ");
        put_opnd(b, t->arg);
        mc_str_puts(b, ";\n");
        break;
    case MC_OP_JUMP: put_edge(b, f, bi, 0, "    ", hint[2 * bi + 0]); break;
    case MC_OP_BRANCH:
        /* The edge that falls through (if any) comes last, outside the if. */
        if (falls_through(f, bi, 0)) {
            mc_str_puts(b, "    if (");
            put_opnd(b, t->arg);
            mc_str_puts(b, " == 0) {\n");
            put_edge(b, f, bi, 1, "        ", hint[2 * bi + 1]);
            mc_str_puts(b, "    }\n");
            put_edge(b, f, bi, 0, "    ", hint[2 * bi + 0]);
        } else {
            mc_str_puts(b, "    if (");
            put_opnd(b, t->arg);
            mc_str_puts(b, " != 0) {\n");
            put_edge(b, f, bi, 0, "        ", hint[2 * bi + 0]);
            mc_str_puts(b, "    }\n");
            put_edge(b, f, bi, 1, "    ", hint[2 * bi + 1]);
        }
        break;
    default: mc_panic(__FILE__, __LINE__, "cgen: bad terminator %d", t->op);
    }
}

/* The uniform entry wrapper: one slot per parameter in each array. */
static void put_entry(McStr *b, const McFunc *f) {
    mc_str_puts(b, "int32_t " MC_CGEN_ENTRY "(const int32_t *scalars, int32_t *const *bufs, const int32_t *lens,\n"
                   "                     int32_t *err);\n"
                   "int32_t " MC_CGEN_ENTRY "(const int32_t *scalars, int32_t *const *bufs, const int32_t *lens,\n"
                   "                     int32_t *err) {\n");
    bool any_scalar = false, any_buf = false;
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind == MC_VAL_BUF) any_buf = true;
        else any_scalar = true;
    }
    if (!any_scalar) mc_str_puts(b, "    (void)scalars;\n");
    if (!any_buf) mc_str_puts(b, "    (void)bufs;\n    (void)lens;\n");
    mc_str_puts(b, "    err[0] = 0;\n    err[1] = 0;\n    err[2] = 0;\n    return minicc_fn(");
    for (int32_t p = 0; p < f->nparams; p++) {
        if (f->values[f->params[p]].kind == MC_VAL_BUF) mc_str_printf(b, "bufs[%ld], lens[%ld], ", (long)p, (long)p);
        else mc_str_printf(b, "scalars[%ld], ", (long)p);
    }
    mc_str_puts(b, "err);\n}\n");
}

/* The IR name of value v as an identifier suffix: letters, digits and `_`,
 * runs of anything else one `_`, no `_` at either end, at most 24 characters
 * (the handle in front keeps names unique). May be empty. */
static void put_name_suffix(McStr *b, const McFunc *f, int32_t v) {
    const char *name = v >= 0 && v < f->nvalues && f->values[v].name ? f->values[v].name : "";
    size_t n = 0;
    bool gap = false;
    for (const char *p = name; *p && n < 24; p++) {
        char c = *p;
        bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!ok) {
            gap = n > 0;
            continue;
        }
        if (gap) {
            mc_str_putc(b, '_');
            n++;
            gap = false;
        }
        mc_str_putc(b, c);
        n++;
    }
}

static bool is_ident_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The renderers above write a value as its handle (`v3`, `v3_len`); this
 * last pass names each one after the IR (`v3_i1`, `v3_buf_len`), outside
 * comments. One place decides the names, and every renderer (new
 * operators included) gets them. */
static char *name_values(const McFunc *f, const char *c) {
    McStr b;
    mc_str_init(&b);
    for (const char *p = c; *p;) {
        if (p[0] == '/' && p[1] == '*') {
            /* A scan, not strstr or a printf precision: sanitizers check
             * the whole rest of the text on each call (quadratic). */
            const char *e = p + 2;
            while (*e && !(e[0] == '*' && e[1] == '/')) e++;
            size_t n = *e ? (size_t)(e + 2 - p) : (size_t)(e - p);
            mc_str_putn(&b, p, n);
            p += n;
            continue;
        }
        if (is_ident_char(*p)) {
            const char *s = p;
            while (is_ident_char(*p)) p++;
            size_t n = (size_t)(p - s);
            size_t d = 1;
            while (d < n && s[d] >= '0' && s[d] <= '9') d++;
            /* vN or vN_len, N a handle */
            bool handle = s[0] == 'v' && d > 1 && (d == n || (n - d == 4 && memcmp(s + d, "_len", 4) == 0));
            long v = handle ? strtol(s + 1, NULL, 10) : -1;
            if (handle && v >= 0 && v < f->nvalues && (d == 2 || s[1] != '0')) {
                size_t at = b.len;
                mc_str_printf(&b, "v%ld", v);
                mc_str_putc(&b, '_');
                size_t before = b.len;
                put_name_suffix(&b, f, (int32_t)v);
                if (b.len == before) b.len = at + (size_t)d, b.s[b.len] = 0; /* no name: vN as it was */
                mc_str_putn(&b, s + d, n - d);
            } else {
                mc_str_putn(&b, s, n);
            }
            continue;
        }
        mc_str_putc(&b, *p++);
    }
    return mc_str_take(&b);
}

char *mc_cgen_render(const McFunc *f) {
    MC_ASSERT(f->form == MC_FORM_SSA || f->form == MC_FORM_MUTABLE);
    MC_ASSERT(f->nblocks > 0);
    if (mc_func_find_call(f, NULL, NULL)) { /* for now (stage native refuses such a function first) */
        McStr e;
        mc_str_init(&e);
        mc_str_puts(&e, "#error \"the C backend does not support calls yet\"\n");
        return e.s;
    }
    CgenUse u;
    scan_uses(f, &u);
    McStr b;
    mc_str_init(&b);
    put_preamble(&b, f, &u);
    put_fn_head(&b, f, &u);
    int32_t *hint = mc_phi_arg_hints(f);
    for (int32_t bi = 0; bi < f->nblocks; bi++) put_block(&b, f, bi, u.labeled[bi], hint);
    mc_str_puts(&b, "}\n\n");
    put_entry(&b, f);
    free(hint);
    free(u.appears);
    free(u.read);
    free(u.labeled);
    char *handles = mc_str_take(&b);
    char *named = name_values(f, handles);
    free(handles);
    return named;
}
