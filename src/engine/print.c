/* print.c - functions and modules back to the text format (spec §1).
 *
 * The output is canonical: `func name(i32 n, buf b) {`, labels at column 0,
 * phis and instructions indented four spaces, one space after each comma,
 * constants in decimal, `}` and a blank line between functions. Parsing the
 * output gives back the same function, so print(parse(print(f))) equals
 * print(f) byte for byte (the parser tests check this on every test file).
 *
 * The printer is also a debugging aid for passes in the middle of their work,
 * so it never trusts the IR: a missing terminator, a dangling handle or an
 * unknown opcode prints as a visible marker instead of crashing. */
#include <stdio.h>

#include "minicc/ir.h"

static void print_opnd(const McFunc *f, McOperand o, FILE *out) {
    char buf[32];
    fputs(mc_opnd_str(f, o, buf, sizeof buf), out);
}

static const char *block_name(const McFunc *f, int32_t b) {
    return b >= 0 && b < f->nblocks ? f->blocks[b].name : "?";
}

static const char *value_name(const McFunc *f, int32_t v) {
    return v >= 0 && v < f->nvalues ? f->values[v].name : "?";
}

static void print_inst(const McFunc *f, const McInst *in, FILE *out) {
    if (in->op >= MC_OP_COUNT || (mc_op_info[in->op].flags & MC_OPF_TERM)) {
        fprintf(out, "    # bad opcode %d\n", in->op);
        return;
    }
    const McOpInfo *info = &mc_op_info[in->op];
    fputs("    ", out);
    if (info->has_dest) fprintf(out, "%s = ", value_name(f, in->dest));
    fputs(info->name, out);
    for (int i = 0; i < info->nargs; i++) {
        fputs(i ? ", " : " ", out);
        print_opnd(f, in->a[i], out);
    }
    fputc('\n', out);
}

static void print_term(const McFunc *f, const McBlock *b, FILE *out) {
    const McTerm *t = &b->term;
    if (!b->has_term) {
        fputs("    # no terminator\n", out);
        return;
    }
    switch (t->op) {
    case MC_OP_RET:
        fputs("    return ", out);
        print_opnd(f, t->arg, out);
        break;
    case MC_OP_JUMP: fprintf(out, "    jump %s", block_name(f, t->target[0])); break;
    case MC_OP_BRANCH:
        fputs("    branch ", out);
        print_opnd(f, t->arg, out);
        fprintf(out, ", %s, %s", block_name(f, t->target[0]), block_name(f, t->target[1]));
        break;
    default: fprintf(out, "    # bad terminator %d", t->op); break;
    }
    fputc('\n', out);
}

void mc_func_print(const McFunc *f, FILE *out) {
    fprintf(out, "func %s(", f->name);
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t v = f->params[i];
        bool buf = v >= 0 && v < f->nvalues && f->values[v].kind == MC_VAL_BUF;
        fprintf(out, "%s%s %s", i ? ", " : "", buf ? "buf" : "i32", value_name(f, v));
    }
    fputs(") {\n", out);
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        fprintf(out, "%s:\n", bl->name);
        for (int32_t i = 0; i < bl->nphis; i++) {
            const McPhi *phi = &bl->phis[i];
            fprintf(out, "    %s = phi", value_name(f, phi->dest));
            for (int32_t a = 0; a < phi->nargs; a++) {
                fprintf(out, "%s[%s: ", a ? ", " : " ", block_name(f, phi->args[a].block));
                print_opnd(f, phi->args[a].val, out);
                fputc(']', out);
            }
            fputc('\n', out);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) print_inst(f, &bl->insts[i], out);
        print_term(f, bl, out);
    }
    fputs("}\n", out);
}

void mc_module_print(const McModule *m, FILE *out) {
    for (int32_t i = 0; i < m->nfuncs; i++) {
        if (i) fputc('\n', out);
        mc_func_print(m->funcs[i], out);
    }
}
