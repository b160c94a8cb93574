/* print.c - functions and modules back to the text format (docs/ir.md §1).
 *
 * The output is canonical: `func name(i32 n, buf b) {`, labels at column 0,
 * phis and instructions indented four spaces, one space after each comma,
 * constants in decimal, `}` and a blank line between functions. Parsing the
 * output gives back the same function, so print(parse(print(f))) equals
 * print(f) byte for byte (the parser tests check this on every test file).
 *
 * The printer is also a debugging aid for passes in the middle of their work,
 * so it never trusts the IR: a missing terminator, a dangling handle or an
 * unknown opcode prints as a visible marker instead of crashing. The line
 * renderers (mc_inst_str and friends) are the only spelling of an IR line:
 * the prompt's listings and the workbench's IR pane use them too. */
#include <stdio.h>

#include "minicc/ir.h"
#include "minicc/util.h"

const char *mc_block_name(const McFunc *f, int32_t b) {
    return b >= 0 && b < f->nblocks ? f->blocks[b].name : "?";
}

const char *mc_value_name(const McFunc *f, int32_t v) {
    return v >= 0 && v < f->nvalues ? f->values[v].name : "?";
}

void mc_opnd_put(const McFunc *f, McOperand o, McStr *out) {
    char buf[32];
    mc_str_puts(out, mc_opnd_str(f, o, buf, sizeof buf));
}

void mc_signature_str(const McFunc *f, McStr *out) {
    mc_str_printf(out, "func %s(", f->name);
    for (int32_t i = 0; i < f->nparams; i++) {
        int32_t v = f->params[i];
        bool buf = v >= 0 && v < f->nvalues && f->values[v].kind == MC_VAL_BUF;
        mc_str_printf(out, "%s%s %s", i ? ", " : "", buf ? "buf" : "i32", mc_value_name(f, v));
    }
    mc_str_putc(out, ')');
}

void mc_phi_str(const McFunc *f, const McPhi *p, McStr *out) {
    mc_str_printf(out, "%s = phi", mc_value_name(f, p->dest));
    for (int32_t a = 0; a < p->nargs; a++) {
        mc_str_printf(out, "%s[%s: ", a ? ", " : " ", mc_block_name(f, p->args[a].block));
        mc_opnd_put(f, p->args[a].val, out);
        mc_str_putc(out, ']');
    }
}

void mc_inst_str(const McFunc *f, const McInst *in, McStr *out) {
    if (in->op >= MC_OP_COUNT || (mc_op_info[in->op].flags & MC_OPF_TERM)) {
        mc_str_printf(out, "# bad opcode %d", in->op);
        return;
    }
    const McOpInfo *info = &mc_op_info[in->op];
    if (in->op == MC_OP_CALL) {
        const McCall *c = mc_inst_call(f, in);
        if (in->dest != MC_NONE) mc_str_printf(out, "%s = ", mc_value_name(f, in->dest));
        mc_str_printf(out, "call %s(", c ? c->name : "?");
        for (int32_t i = 0; c && i < c->nargs; i++) {
            if (i) mc_str_puts(out, ", ");
            mc_opnd_put(f, c->args[i], out);
        }
        mc_str_putc(out, ')');
        return;
    }
    if (info->has_dest) mc_str_printf(out, "%s = ", mc_value_name(f, in->dest));
    mc_str_puts(out, info->name);
    for (int i = 0; i < info->nargs; i++) {
        mc_str_puts(out, i ? ", " : " ");
        mc_opnd_put(f, in->a[i], out);
    }
}

void mc_term_str(const McFunc *f, const McTerm *t, McStr *out) {
    switch (t->op) {
    case MC_OP_RET:
        mc_str_puts(out, "return ");
        mc_opnd_put(f, t->arg, out);
        break;
    case MC_OP_JUMP: mc_str_printf(out, "jump %s", mc_block_name(f, t->target[0])); break;
    case MC_OP_BRANCH:
        mc_str_puts(out, "branch ");
        mc_opnd_put(f, t->arg, out);
        mc_str_printf(out, ", %s, %s", mc_block_name(f, t->target[0]), mc_block_name(f, t->target[1]));
        break;
    default: mc_str_printf(out, "# bad terminator %d", t->op); break;
    }
}

/* One indented line of s into out, then s emptied for the next. A C source
 * line (MiniC, minic.h) follows as a `# line N` comment, which the parser
 * skips like any comment. */
static void put_line(McStr *s, int32_t line, FILE *out) {
    fputs("    ", out);
    fwrite(s->s, 1, s->len, out);
    if (line > 0) fprintf(out, "%*s# line %d", s->len < 28 ? (int)(30 - s->len) : 2, "", line);
    fputc('\n', out);
    s->len = 0;
}

void mc_func_print(const McFunc *f, FILE *out) {
    McStr s;
    mc_str_init(&s);
    mc_signature_str(f, &s);
    fwrite(s.s, 1, s.len, out);
    fputs(" {\n", out);
    s.len = 0;
    for (int32_t b = 0; b < f->nblocks; b++) {
        const McBlock *bl = &f->blocks[b];
        fprintf(out, "%s:\n", bl->name);
        for (int32_t i = 0; i < bl->nphis; i++) {
            mc_phi_str(f, &bl->phis[i], &s);
            put_line(&s, bl->phis[i].line, out);
        }
        for (int32_t i = 0; i < bl->ninsts; i++) {
            mc_inst_str(f, &bl->insts[i], &s);
            put_line(&s, bl->insts[i].line, out);
        }
        if (bl->has_term) mc_term_str(f, &bl->term, &s);
        else mc_str_puts(&s, "# no terminator");
        put_line(&s, bl->has_term ? bl->term.line : 0, out);
    }
    fputs("}\n", out);
    mc_str_free(&s);
}

void mc_module_print(const McModule *m, FILE *out) {
    for (int32_t i = 0; i < m->nfuncs; i++) {
        if (i) fputc('\n', out);
        mc_func_print(m->funcs[i], out);
    }
}
